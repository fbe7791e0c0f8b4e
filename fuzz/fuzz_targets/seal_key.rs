//! Reads the input as the key file of `--sign-key` / `--verify-key` (`SealKey::new` of its
//! bytes, as the runner reads it) and checks it with `slot_sim::fuzzing::check_seal_key`:
//! a key of other than 32 to 64 bytes is refused naming its length; an accepted key is
//! never printed, and a report signed with it verifies with it (also read back) and not
//! with a key one bit away.
//!
//! Run from the repository root: `cargo +nightly fuzz run seal_key fuzz/corpus/seal_key
//! fuzz/seeds/seal_key` (see `fuzz/README.md`).
#![no_main]

use moon_princess::MoonPrincess;
use std::sync::LazyLock;

static CATALOG: LazyLock<slot_sim::Catalog> =
    LazyLock::new(|| slot_sim::Catalog::new().with::<MoonPrincess>());
static REPORT: LazyLock<slot_sim::Report> =
    LazyLock::new(slot_sim::fuzzing::signing_report::<MoonPrincess>);

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    slot_sim::fuzzing::check_seal_key(data, &REPORT, &CATALOG);
});
