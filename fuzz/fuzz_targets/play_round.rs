//! Plays Starlight Christmas rounds with every random number taken from the fuzzer's input
//! and checks the invariants (`starlight_christmas::fuzzing::check_round`).
//!
//! Run: `cargo +nightly fuzz run play_round fuzz/seeds/play_round` (from the repository root,
//! with `cargo install cargo-fuzz`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    starlight_christmas::fuzzing::check_round(data);
});
