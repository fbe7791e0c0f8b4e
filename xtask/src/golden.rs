//! Golden vectors: chosen rounds of each game's simulation (mode, seed, round index) with their
//! win and the SHA-256 of their event log, kept in `crates/<game>/tests/golden.json` and
//! checked by each game's `tests/golden.rs`. `cargo xtask golden <game>` replays every listed
//! round and rewrites the file, printing what changed; commit it only after an intended change,
//! with a note of what changed and why.

use crate::codegen::workspace_root;
use crate::runner::{CliError, CliResult};
use crate::{Game, GoldenArgs};
use serde::{Deserialize, Serialize};
use slot_core::events::EventLog;
use slot_core::fingerprint::Fingerprint;
use slot_core::recorder::NoRecorder;
use slot_core::sim::rng_at_round;

/// One golden round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Golden {
    /// The mode: `standard`/`ante` (Starlight Christmas), the pick (Moon Princess),
    /// `standard` (Wish Upon a Star).
    pub mode: String,
    /// The simulation's seed.
    pub seed: u64,
    /// The round's index in it.
    pub round: u64,
    /// Its win, hundredths of the bet.
    pub win: u64,
    /// SHA-256 of its event log's JSON (`EventLog::to_json`).
    #[serde(default)]
    pub events_sha256: String,
}

fn file(game: Game) -> &'static str {
    match game {
        Game::MoonPrincess => "crates/moon_princess/tests/golden.json",
        Game::WishUponAStar => "crates/wish_upon_a_star/tests/golden.json",
        Game::StarlightChristmas => "crates/starlight_christmas/tests/golden.json",
    }
}

/// Round `g.round` of seed `g.seed` in `g.mode`, replayed: its win and event log.
fn replay(game: Game, g: &Golden) -> Result<(u64, EventLog), CliError> {
    let mut log = EventLog::default();
    let win = match game {
        Game::MoonPrincess => {
            let pick: moon_princess::Pick = g.mode.parse()?;
            let mp = moon_princess::Game::standard();
            let mut rng = rng_at_round(g.seed, g.round, |r| {
                mp.play_round(r, &mut NoRecorder, pick);
            });
            mp.play_round(&mut rng, &mut log, pick).win
        }
        Game::StarlightChristmas => {
            let mode = match g.mode.as_str() {
                "standard" => starlight_christmas::BetMode::Standard,
                "ante" => starlight_christmas::BetMode::Ante,
                m => return Err(CliError(format!("mode '{m}': standard or ante"))),
            };
            let sc = starlight_christmas::StarlightChristmas::standard();
            let mut rng = rng_at_round(g.seed, g.round, |r| {
                sc.play_round(mode, r, &mut NoRecorder);
            });
            sc.play_round(mode, &mut rng, &mut log).win
        }
        Game::WishUponAStar => {
            let w = wish_upon_a_star::Game::standard();
            let mut rng = rng_at_round(g.seed, g.round, |r| {
                w.play_round(r, &mut NoRecorder);
            });
            w.play_round(&mut rng, &mut log).win
        }
    };
    Ok((win.hundredths(), log))
}

/// `golden <game>`: replays every listed round and rewrites the file.
pub fn golden(a: &GoldenArgs) -> CliResult {
    let path = workspace_root().join(file(a.game));
    let text = std::fs::read_to_string(&path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    let mut list: Vec<Golden> = serde_json::from_str(&text)?;
    let (mut wins, mut logs) = (0, 0);
    for g in &mut list {
        let (win, log) = replay(a.game, g)?;
        let digest = Fingerprint::of_bytes(log.to_json().as_bytes()).to_string();
        if win != g.win {
            println!(
                "{} seed {} round {}: win {} -> {win}",
                g.mode, g.seed, g.round, g.win
            );
            wins += 1;
        }
        if digest != g.events_sha256 {
            logs += 1;
        }
        (g.win, g.events_sha256) = (win, digest);
    }
    let mut out = String::from("[\n");
    for (i, g) in list.iter().enumerate() {
        out.push_str("  ");
        out.push_str(&serde_json::to_string(g)?);
        out.push_str(if i + 1 < list.len() { ",\n" } else { "\n" });
    }
    out.push_str("]\n");
    std::fs::write(&path, out)
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
    println!(
        "{}: {} rounds, {wins} wins changed, {logs} event logs changed",
        file(a.game),
        list.len()
    );
    Ok(())
}
