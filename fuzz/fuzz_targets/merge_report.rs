//! Reads the input as a report file given to `cargo xtask merge` and checks it with
//! `slot_sim::fuzzing::check_merge_report` against the three games: bad input gets a typed error; an accepted report
//! satisfies every relation between its sums, and merged with itself is refused or fails
//! with a typed error, never a panic or an overflow.
//!
//! Run from the repository root: `cargo +nightly fuzz run merge_report
//! fuzz/corpus/merge_report fuzz/seeds/merge_report` (see `fuzz/README.md`).
#![no_main]

use std::sync::LazyLock;

static CATALOG: LazyLock<slot_sim::Catalog> = LazyLock::new(|| {
    slot_sim::Catalog::new()
        .with::<moon_princess::MoonPrincess>()
        .with::<wish_upon_a_star::WishUponAStar>()
        .with::<starlight_christmas::StarlightChristmas>()
});

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    slot_sim::fuzzing::check_merge_report(data, &CATALOG);
});
