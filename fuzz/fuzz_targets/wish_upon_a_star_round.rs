//! Plays rounds with every random number taken from the fuzzer's input and checks the
//! invariants (`wish_upon_a_star::fuzzing::check_round`).
//!
//! Run from the repository root, with `cargo install cargo-fuzz`:
//! `cargo +nightly fuzz run wish_upon_a_star_round fuzz/corpus/wish_upon_a_star_round fuzz/seeds/wish_upon_a_star_round`. New inputs go to
//! `fuzz/corpus/` (not committed); `fuzz/seeds/wish_upon_a_star_round/` is the committed seed corpus, replayed
//! by `crates/wish_upon_a_star/tests/fuzz_corpus.rs`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    wish_upon_a_star::fuzzing::check_round(data);
});
