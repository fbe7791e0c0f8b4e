//! Plays Starlight Christmas rounds with every random number taken from the fuzzer's input
//! and checks the invariants (`starlight_christmas::fuzzing::check_round`).
//!
//! Run from the repository root, with `cargo install cargo-fuzz`:
//! `cargo +nightly fuzz run play_round fuzz/corpus/play_round fuzz/seeds/play_round`.
//! New inputs go to the first directory, `fuzz/corpus/`
//! (not committed); `fuzz/seeds/play_round/` is the committed seed corpus (hand-made seeds plus
//! the inputs a first 60-second session found to add coverage), replayed by the test
//! `crates/starlight_christmas/tests/fuzz_corpus.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    starlight_christmas::fuzzing::check_round(data);
});
