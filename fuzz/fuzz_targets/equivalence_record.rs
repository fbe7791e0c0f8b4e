//! Reads the input as an equivalence record (the file `cargo xtask equivalence check`
//! replays) and checks it with `slot_sim::fuzzing::check_equivalence_record` against the
//! three games: bad input gets a typed error; an accepted record writes back to itself, and
//! each entry replayed either differs (a difference naming the entry) or is exactly the
//! entry this build records. The rounds are replayed as the record says (the command's own
//! bound, if any, is what is tested).
//!
//! Run from the repository root: `cargo +nightly fuzz run equivalence_record
//! fuzz/corpus/equivalence_record fuzz/seeds/equivalence_record` (see `fuzz/README.md`).
#![no_main]

use moon_princess::MoonPrincess;
use slot_core::Game;
use slot_sim::fuzzing::{EntryCheck, check_entry, check_equivalence_record};
use starlight_christmas::StarlightChristmas;
use wish_upon_a_star::WishUponAStar;

const GAMES: [(&str, EntryCheck); 3] = [
    (MoonPrincess::NAME, check_entry::<MoonPrincess>),
    (WishUponAStar::NAME, check_entry::<WishUponAStar>),
    (StarlightChristmas::NAME, check_entry::<StarlightChristmas>),
];

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    check_equivalence_record(data, &GAMES);
});
