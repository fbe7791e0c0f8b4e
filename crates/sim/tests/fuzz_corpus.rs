//! Replays the committed seed corpora of the fuzz targets whose checks live in
//! `slot_sim::fuzzing` (`fuzz/seeds/<target>/`) as ordinary tests, so the fuzz checks keep
//! compiling and passing between fuzzing sessions. Each target's check is called here as
//! its `fuzz/fuzz_targets/<target>.rs` calls it.

use moon_princess::MoonPrincess;
use slot_core::Game;
use slot_sim::fuzzing::{self, EntryCheck};
use starlight_christmas::StarlightChristmas;
use std::sync::LazyLock;
use wish_upon_a_star::WishUponAStar;

/// The three games, as the runner knows them.
static CATALOG: LazyLock<slot_sim::Catalog> = LazyLock::new(|| {
    slot_sim::Catalog::new()
        .with::<MoonPrincess>()
        .with::<WishUponAStar>()
        .with::<StarlightChristmas>()
});

/// Runs `check` on every file of `fuzz/seeds/<target>/` and panics if there are fewer than
/// `at_least` (a corpus that went missing must not pass as empty).
fn replay(target: &str, at_least: usize, check: impl Fn(&[u8])) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/seeds")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the seed corpus {} cannot be read: {e}", dir.display()))
    {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        eprintln!("{}", path.display());
        check(&bytes);
        n += 1;
    }
    assert!(
        n >= at_least,
        "the seed corpus {target} has {n} inputs; expected at least {at_least}"
    );
}

#[test]
fn merge_report_seeds_pass_the_fuzz_check() {
    replay("merge_report", 8, |data| {
        fuzzing::check_merge_report(data, &CATALOG);
    });
}

#[test]
fn equivalence_record_seeds_pass_the_fuzz_check() {
    let games: [(&str, EntryCheck); 3] = [
        (MoonPrincess::NAME, fuzzing::check_entry::<MoonPrincess>),
        (WishUponAStar::NAME, fuzzing::check_entry::<WishUponAStar>),
        (
            StarlightChristmas::NAME,
            fuzzing::check_entry::<StarlightChristmas>,
        ),
    ];
    replay("equivalence_record", 8, |data| {
        fuzzing::check_equivalence_record(data, &games);
    });
}

#[test]
fn split_record_seeds_pass_the_fuzz_check() {
    replay("split_record", 8, |data| {
        fuzzing::check_split_record::<MoonPrincess>(data);
        fuzzing::check_split_record::<StarlightChristmas>(data);
    });
}

#[test]
fn certify_file_seeds_pass_the_fuzz_check() {
    replay("certify_file", 6, |data| {
        fuzzing::check_certify_file::<MoonPrincess>(data);
        fuzzing::check_certify_file::<WishUponAStar>(data);
        fuzzing::check_certify_file::<StarlightChristmas>(data);
    });
}

#[test]
fn variant_file_seeds_pass_the_fuzz_check() {
    replay("variant_file", 8, |data| {
        fuzzing::check_variant_file::<MoonPrincess>(data);
        fuzzing::check_variant_file::<WishUponAStar>(data);
        fuzzing::check_variant_file::<StarlightChristmas>(data);
    });
}

#[test]
fn seal_key_seeds_pass_the_fuzz_check() {
    let report = fuzzing::signing_report::<MoonPrincess>();
    replay("seal_key", 6, |data| {
        fuzzing::check_seal_key(data, &report, &CATALOG);
    });
}
