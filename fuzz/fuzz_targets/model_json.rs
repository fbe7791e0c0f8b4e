//! Reads the input as a math model file of each of the three games and checks it with each
//! game's `fuzzing::check_model_json`: bad input gets a typed error; an accepted model
//! builds a game, writes back to an equal model, and plays rounds that keep every invariant.
//!
//! Run from the repository root: `cargo +nightly fuzz run model_json fuzz/corpus/model_json
//! fuzz/seeds/model_json` (see `fuzz/README.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    moon_princess::fuzzing::check_model_json(data);
    wish_upon_a_star::fuzzing::check_model_json(data);
    starlight_christmas::fuzzing::check_model_json(data);
});
