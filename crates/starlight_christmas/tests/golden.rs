//! Golden vectors (README, "The common rules": Determinism): chosen rounds of the simulation
//! (mode, seed, round index) with their win and the SHA-256 of their event log, kept in
//! `tests/golden.json`. Any change of outcome or of the round record (rules, model, draw order,
//! events, a dependency) fails here loudly. After an intended change, `cargo xtask golden
//! starlight-christmas` replays every listed round and rewrites the file, printing what changed.

use slot_core::golden::{changed, read};

#[test]
fn golden_rounds_keep_their_wins_and_records() {
    let list = read(include_str!("golden.json")).unwrap();
    assert!(list.len() > 20);
    let changed = changed(&starlight_christmas::StarlightChristmas::standard(), &list);
    assert!(
        changed.is_empty(),
        "golden rounds changed (after an intended change: `cargo xtask golden`):\n{}",
        changed.join("\n")
    );
}
