//! Reads the input as a file of a certification's folder of each game (a whole-rounds chunk
//! a resumed `certify --dir` reads back, and a certificate) and checks it with
//! `slot_sim::fuzzing::check_certify_file`: bad input gets a typed error; an accepted chunk
//! writes back to itself and cannot be counted twice; an accepted certificate writes back
//! to itself and meets the bar exactly when its figures do.
//!
//! Run from the repository root: `cargo +nightly fuzz run certify_file
//! fuzz/corpus/certify_file fuzz/seeds/certify_file` (see `fuzz/README.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    slot_sim::fuzzing::check_certify_file::<moon_princess::MoonPrincess>(data);
    slot_sim::fuzzing::check_certify_file::<wish_upon_a_star::WishUponAStar>(data);
    slot_sim::fuzzing::check_certify_file::<starlight_christmas::StarlightChristmas>(data);
});
