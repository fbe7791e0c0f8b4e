//! Golden vectors: chosen rounds of each game's simulation (mode, seed, round index) with their
//! win and the SHA-256 of their event log, kept in `crates/<game>/tests/golden.json` and
//! checked by each game's `tests/golden.rs`. `cargo xtask golden <game>` replays every listed
//! round and rewrites the file, printing what changed; commit it only after an intended change,
//! with a note of what changed and why.

use crate::codegen::workspace_root;
use crate::runner::{CliError, CliResult};
use crate::{Game, GoldenArgs};
use slot_core::events::EventLog;
use slot_core::golden::{GoldenRound as Golden, read, write};
use slot_core::recorder::NoRecorder;
use slot_core::sim::rng_at_round;

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
    let mut list: Vec<Golden> = read(&text)?;
    let (mut wins, mut logs) = (0, 0);
    for g in &mut list {
        let (win, log) = replay(a.game, g)?;
        let digest = log.sha256().to_string();
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
    let out = write(&list);
    std::fs::write(&path, out)
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
    println!(
        "{}: {} rounds, {wins} wins changed, {logs} event logs changed",
        file(a.game),
        list.len()
    );
    Ok(())
}
