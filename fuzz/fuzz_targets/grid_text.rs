//! Reads the input as a grid of each of the three games, the way `cargo xtask eval` reads
//! `--grid`, and checks it with each game's `fuzzing::check_grid_text`: bad input gets a
//! typed error; an accepted grid prints back to the same grid and evaluates to wins that add
//! up, stay within the cap and are whole cents.
//!
//! Run from the repository root: `cargo +nightly fuzz run grid_text fuzz/corpus/grid_text
//! fuzz/seeds/grid_text` (see `fuzz/README.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    moon_princess::fuzzing::check_grid_text(data);
    wish_upon_a_star::fuzzing::check_grid_text(data);
    starlight_christmas::fuzzing::check_grid_text(data);
});
