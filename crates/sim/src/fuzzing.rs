//! The fuzz check of report files given to `merge`, shared by the cargo-fuzz target
//! (`fuzz/fuzz_targets/merge_report.rs`) and the test that replays its seed corpus, so
//! neither can rot. Needs the `fuzzing` feature.

use crate::facts::Catalog;
use crate::report_file::{ReportFile, check_report, merge_files, parse_report};
use slot_core::fingerprint::Fingerprint;
use slot_core::stats::{BUCKETS, ParReport};
use std::path::{Path, PathBuf};

/// Reads `data` as a report file and panics if an invariant breaks. Bad input must give a
/// typed error. The text is read as it is; then, so that the fuzzer gets past the checksum
/// (it cannot forge a SHA-256), once more with the checksum of its sums made right. A report
/// that is accepted must satisfy every relation checked here independently of
/// `Accumulator::validate` (rounds as said, at most as planned; hits, cap hits and feature
/// rounds at most the rounds; the buckets add up to the rounds; max win at most the cap and
/// the total win; the sources add up to the total win); its PAR figures must be computable;
/// merged alone it must give its own sums or a typed error; merged with itself it must be
/// refused (the same rounds would count twice), and its sums added to themselves must give
/// sums that satisfy every relation, or a typed overflow error.
pub fn check_merge_report(data: &[u8], catalog: &Catalog) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz.json");
    if let Ok((r, facts)) = parse_report(path, text, catalog) {
        check_accepted(&r, &facts, catalog);
    }
    let Ok(mut r) = serde_json::from_str::<ReportFile>(text) else {
        return;
    };
    r.sums_sha256 = Fingerprint::of(&r.sums);
    if let Ok(facts) = check_report(path, &r, catalog) {
        check_accepted(&r, &facts, catalog);
    }
}

fn check_accepted(r: &ReportFile, facts: &crate::facts::GameFacts, catalog: &Catalog) {
    let s = &r.sums;
    assert_eq!(s.rounds, r.rounds);
    assert!(s.rounds >= 1 && s.rounds <= r.rounds_planned);
    assert_eq!(s.cost, facts.cost);
    assert!(s.hits <= s.rounds && s.cap_hits <= s.hits);
    assert!(s.feature_rounds.iter().all(|&f| f <= s.rounds));
    let buckets: u128 = s.buckets.iter().map(|&b| u128::from(b)).sum();
    assert_eq!(
        buckets,
        u128::from(s.rounds),
        "the buckets add up to the rounds"
    );
    assert_eq!(s.buckets[0], s.rounds - s.hits);
    assert_eq!(s.buckets[BUCKETS - 1], s.cap_hits);
    if let Some(cap) = facts.cap {
        assert!(s.max_win <= cap, "max win at most the cap");
    }
    assert!(u128::from(s.max_win) <= s.total_win);
    assert!(s.total_win <= u128::from(s.rounds) * u128::from(s.max_win));
    let sources: Option<u128> = s.sources.iter().try_fold(0u128, |a, &b| a.checked_add(b));
    assert_eq!(
        sources,
        Some(s.total_win),
        "the sources add up to the total win"
    );
    let _ = ParReport::new(facts.info(), s, r.seed, r.threads, r.elapsed_seconds);
    let one = [(PathBuf::from("a.json"), r.clone())];
    if let Ok(m) = merge_files(&one, catalog) {
        assert_eq!(&m.sums, s, "a report merged alone is itself");
    }
    let twice = [
        (PathBuf::from("a.json"), r.clone()),
        (PathBuf::from("b.json"), r.clone()),
    ];
    assert!(
        merge_files(&twice, catalog).is_err(),
        "a report merged with itself counts its rounds twice"
    );
    let mut doubled = s.clone();
    if doubled.checked_merge(s).is_ok() {
        doubled
            .validate(&facts.limits())
            .expect("sums added to themselves keep every relation");
    }
}
