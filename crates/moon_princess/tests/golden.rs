//! Golden vectors (README, "The common rules": Determinism): chosen rounds of the simulation
//! (mode, seed, round index) with their win and the SHA-256 of their event log, kept in
//! `tests/golden.json`. Any change of outcome or of the round record (rules, model, draw order,
//! events, a dependency) fails here loudly. After an intended change, `cargo xtask golden
//! moon-princess` replays every listed round and rewrites the file, printing what changed.

use slot_core::golden::{changed, read};

#[test]
fn golden_rounds_keep_their_wins_and_records() {
    let list = read(include_str!("golden.json")).unwrap();
    assert!(list.len() > 20);
    let changed = changed(&moon_princess::MoonPrincess::standard(), &list);
    assert!(
        changed.is_empty(),
        "golden rounds changed (after an intended change: `cargo xtask golden`):\n{}",
        changed.join("\n")
    );
}

#[test]
fn a_golden_round_of_a_mode_the_game_lacks_is_refused_with_its_modes() {
    use slot_core::golden::{GoldenError, GoldenRound, replay};
    let round = GoldenRound {
        mode: "standard".into(),
        seed: 1,
        round: 0,
        win: 0,
        events_sha256: String::new(),
    };
    let game = moon_princess::MoonPrincess::standard();
    match replay(&game, &round) {
        Err(GoldenError::NoMode { mode, modes, .. }) => {
            assert_eq!(mode, "standard");
            assert_eq!(modes, ["love", "star", "storm"]);
        }
        other => panic!("{other:?}"),
    }
}
