//! Reads the input as a stored Moon Princess paused round (the JSON a server keeps while the
//! player picks), and checks it with `moon_princess::fuzzing::check_stored_round`: bad input
//! gets a typed error; an accepted record writes back to itself, opens only with its model
//! and its seal, and resumed with each pick plays to a round that reconciles, keeps x20,
//! 20 free spins and the cap, and is whole cents.
//!
//! Run from the repository root: `cargo +nightly fuzz run moon_princess_stored_round
//! fuzz/corpus/moon_princess_stored_round fuzz/seeds/moon_princess_stored_round`
//! (see `fuzz/README.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    moon_princess::fuzzing::check_stored_round(data);
});
