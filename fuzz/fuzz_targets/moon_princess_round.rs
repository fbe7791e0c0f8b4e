//! Plays rounds with every random number taken from the fuzzer's input and checks the
//! invariants (`moon_princess::fuzzing::check_round`).
//!
//! Run from the repository root, with `cargo install cargo-fuzz`:
//! `cargo +nightly fuzz run moon_princess_round fuzz/corpus/moon_princess_round fuzz/seeds/moon_princess_round`. New inputs go to
//! `fuzz/corpus/` (not committed); `fuzz/seeds/moon_princess_round/` is the committed seed corpus, replayed
//! by `crates/moon_princess/tests/fuzz_corpus.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    moon_princess::fuzzing::check_round(data);
});
