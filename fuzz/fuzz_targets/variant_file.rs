//! Reads the input as a variant file of each game and as the file of `--model FILE`
//! (`slot_core::variant::read_variant_file`, `slot_sim::models::choose`) and checks it with
//! `slot_sim::fuzzing::check_variant_file`: bad input gets a typed error; an accepted
//! variant file writes back to itself with its own checksum; a model file that is accepted
//! gives the game of its model with the file's target (or the published one for a bare
//! model).
//!
//! Run from the repository root: `cargo +nightly fuzz run variant_file
//! fuzz/corpus/variant_file fuzz/seeds/variant_file` (see `fuzz/README.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    slot_sim::fuzzing::check_variant_file::<moon_princess::MoonPrincess>(data);
    slot_sim::fuzzing::check_variant_file::<wish_upon_a_star::WishUponAStar>(data);
    slot_sim::fuzzing::check_variant_file::<starlight_christmas::StarlightChristmas>(data);
});
