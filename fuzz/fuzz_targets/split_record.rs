//! Reads the input as a split record of Moon Princess and of Starlight Christmas (`split
//! --out`, the committed certification records `monitor` and `lab-kit` read, and a split
//! chunk a resumed `certify --dir` reads back) and checks it with
//! `slot_sim::fuzzing::check_split_record`: bad input gets a typed error; an accepted record
//! gives finite figures, writes back to itself with a checksum that checks, and added to
//! itself keeps every relation or gives a typed error, never a panic or an overflow.
//!
//! Run from the repository root: `cargo +nightly fuzz run split_record
//! fuzz/corpus/split_record fuzz/seeds/split_record` (see `fuzz/README.md`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    slot_sim::fuzzing::check_split_record::<moon_princess::MoonPrincess>(data);
    slot_sim::fuzzing::check_split_record::<starlight_christmas::StarlightChristmas>(data);
});
