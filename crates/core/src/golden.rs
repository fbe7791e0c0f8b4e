//! Golden vectors (README, "The common rules": Determinism): chosen rounds of a game's
//! simulation, kept as data (`crates/<game>/tests/golden.json`) with the win and the SHA-256
//! of the event log each must keep. Each game's `tests/golden.rs` replays them;
//! `cargo xtask golden <game>` rewrites the file after an intended change.
use crate::Game;
use crate::replay::replay_game_round;
use serde::{Deserialize, Serialize};

/// One golden round: round `round` of the simulation with seed `seed`, in `mode`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoldenRound {
    /// The mode: `standard`/`ante` (Starlight Christmas), the pick `love`/`star`/`storm` (Moon
    /// Princess), `standard` (Wish Upon a Star).
    pub mode: String,
    /// The simulation's seed.
    pub seed: u64,
    /// The round's index in it (0 = first).
    pub round: u64,
    /// Its win, hundredths of the bet.
    pub win: u64,
    /// The SHA-256 of its event log's JSON ([`crate::events::EventLog::sha256`]), 64 hex
    /// digits; empty for a round not yet replayed.
    #[serde(default)]
    pub events_sha256: String,
}

/// Reads a golden file.
///
/// # Errors
/// The JSON error, naming the round and field that was wrong: not a list of golden rounds.
pub fn read(text: &str) -> Result<Vec<GoldenRound>, crate::json::JsonError> {
    crate::json::from_str(text)
}

/// Writes a golden file: a JSON list, one round per line.
pub fn write(rounds: &[GoldenRound]) -> String {
    let lines: Vec<String> = rounds
        .iter()
        .map(|g| format!("  {}", serde_json::to_string(g).unwrap_or_default()))
        .collect();
    format!("[\n{}\n]\n", lines.join(",\n"))
}

/// A golden round that cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GoldenError {
    /// The round names a mode the game does not have.
    #[error("{game} has no mode '{mode}'; its modes are {}", modes.join(", "))]
    NoMode {
        /// The game's name.
        game: &'static str,
        /// The mode the round names.
        mode: String,
        /// The game's modes, by name.
        modes: Vec<&'static str>,
    },
}

/// Replays golden round `g` of `game`: its win (hundredths of the bet) and the SHA-256 of its
/// event log (64 hex digits), as they are now.
///
/// # Errors
/// [`GoldenError::NoMode`] for a mode the game does not have, naming the game's modes.
pub fn replay<G: Game>(game: &G, g: &GoldenRound) -> Result<(u64, String), GoldenError> {
    let mode = G::mode_named(&g.mode).ok_or_else(|| GoldenError::NoMode {
        game: G::NAME,
        mode: g.mode.clone(),
        modes: G::MODES.iter().map(|&m| G::mode_name(m)).collect(),
    })?;
    let (outcome, log) = replay_game_round(game, mode, g.seed, g.round);
    Ok((G::win(&outcome).hundredths(), log.sha256().to_string()))
}

/// Checks every golden round of `list` against `game`: the rounds whose win or event log
/// changed, each described (empty if none).
pub fn changed<G: Game>(game: &G, list: &[GoldenRound]) -> Vec<String> {
    list.iter()
        .filter_map(|g| {
            let at = format!("{} seed {} round {}", g.mode, g.seed, g.round);
            match replay(game, g) {
                Err(e) => Some(format!("{at}: {e}")),
                Ok((win, _)) if win != g.win => Some(format!("{at}: win {} -> {win}", g.win)),
                Ok((_, digest)) if digest != g.events_sha256 => {
                    Some(format!("{at}: the event log changed"))
                }
                Ok(_) => None,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_files_round_trip_one_round_per_line() {
        let g = vec![GoldenRound {
            mode: "love".into(),
            seed: 1,
            round: 2,
            win: 60,
            events_sha256: "ab".repeat(32),
        }];
        let text = write(&g);
        assert_eq!(text.lines().count(), 3);
        assert_eq!(read(&text).unwrap(), g);
        assert!(read(r#"[{"mode":"x","seed":1,"round":2,"win":3,"extra":1}]"#).is_err());
    }

    #[test]
    fn the_no_mode_error_names_the_game_s_modes() {
        let e = GoldenError::NoMode {
            game: "Moon Princess",
            mode: "x".into(),
            modes: vec!["love", "star"],
        };
        assert_eq!(
            e.to_string(),
            "Moon Princess has no mode 'x'; its modes are love, star"
        );
    }
}
