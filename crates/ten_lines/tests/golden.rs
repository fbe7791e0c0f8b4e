//! Golden vectors (README, "The common rules": Determinism): chosen rounds of the simulation
//! (mode, seed, round index) with their win and the SHA-256 of their event log, kept in
//! `tests/golden.json` (the first 16 rounds of seeds 1 and 20261203, and the first 8 rounds
//! of seed 1 after those that trigger free spins). Any change of outcome or of the round
//! record fails here loudly. The file was written with `slot_core::golden::{replay, write}`;
//! once the runner knows this game, `cargo xtask golden ten-lines` rewrites it after an
//! intended change.

use slot_core::golden::{changed, read};

#[test]
fn golden_rounds_keep_their_wins_and_records() {
    let list = read(include_str!("golden.json")).unwrap();
    assert_eq!(list.len(), 40);
    assert!(
        list.iter().any(|g| g.win > 1_000),
        "a free-spin round is listed"
    );
    let changed = changed(&ten_lines::TenLines::standard(), &list);
    assert!(
        changed.is_empty(),
        "golden rounds changed (after an intended change, rewrite the file):\n{}",
        changed.join("\n")
    );
}
