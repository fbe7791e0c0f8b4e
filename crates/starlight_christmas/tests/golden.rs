//! Golden vectors (the common rules (README), "Determinism"): chosen rounds of the simulation
//! (mode, seed, round index) with their win and the SHA-256 of their event log, kept in
//! `tests/golden.json`. Any change of outcome or of the round record (rules, model, draw order,
//! events, a dependency) fails here loudly. After an intended change, `cargo xtask golden
//! starlight-christmas` replays every listed round and rewrites the file, printing what changed.

use slot_core::events::EventLog;
use slot_core::golden::{GoldenRound, read};
use slot_core::recorder::NoRecorder;
use slot_core::sim::rng_at_round;

fn golden() -> Vec<GoldenRound> {
    let list = read(include_str!("golden.json")).unwrap();
    assert!(list.len() > 20);
    list
}

#[test]
fn golden_rounds_keep_their_wins_and_records() {
    use starlight_christmas::{BetMode, StarlightChristmas};
    let game = StarlightChristmas::standard();
    for g in golden() {
        let mode = match g.mode.as_str() {
            "ante" => BetMode::Ante,
            _ => BetMode::Standard,
        };
        let mut rng = rng_at_round(g.seed, g.round, |r| {
            game.play_round(mode, r, &mut NoRecorder);
        });
        let mut log = EventLog::default();
        let o = game.play_round(mode, &mut rng, &mut log);
        let at = format!("{} seed {} round {}", g.mode, g.seed, g.round);
        assert_eq!(o.win.hundredths(), g.win, "{at}");
        assert_eq!(
            log.sha256().to_string(),
            g.events_sha256,
            "{at}: the event log changed"
        );
    }
}
