//! Replays one round of any game of the registry (`slot_games::all`) through its face, as
//! `cargo xtask play` and the viewer do, and checks the invariants
//! (`slot_games::fuzzing::check_round`): the input's first bytes pick the game, its mode and
//! shipped model (stress models among them), then the seed and the round. A game added to
//! the registry is fuzzed here with no code of its own.
//!
//! Run from the repository root: `cargo +nightly fuzz run registry_round
//! fuzz/corpus/registry_round fuzz/seeds/registry_round` (see `fuzz/README.md`); the seed
//! corpus is replayed by `crates/games/tests/fuzz_corpus.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    slot_games::fuzzing::check_round(data);
});
