//! Reads the input as a report file given to `cargo xtask merge` and checks it with
//! `slot_sim::fuzzing::check_merge_report` against every game of the registry: bad input gets a typed error; an accepted report
//! satisfies every relation between its sums, and merged with itself is refused or fails
//! with a typed error, never a panic or an overflow.
//!
//! Run from the repository root: `cargo +nightly fuzz run merge_report
//! fuzz/corpus/merge_report fuzz/seeds/merge_report` (see `fuzz/README.md`).
#![no_main]

use std::sync::LazyLock;

/// Every game of the registry ([`slot_games::catalog`]), as `merge` reads reports.
static CATALOG: LazyLock<slot_sim::Catalog> = LazyLock::new(slot_games::catalog);

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    slot_sim::fuzzing::check_merge_report(data, &CATALOG);
});
