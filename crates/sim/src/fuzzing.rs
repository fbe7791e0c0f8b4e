//! The fuzz checks of the files the runner reads from outside, shared by the cargo-fuzz
//! targets (`fuzz/fuzz_targets/`) and the tests that replay their seed corpora
//! (`crates/sim/tests/fuzz_corpus.rs`), so neither can rot. Needs the `fuzzing` feature.
//!
//! | check | what it reads, as | target |
//! |---|---|---|
//! | [`check_merge_report`] | a report given to `merge` | `merge_report` |
//! | [`check_equivalence_record`] | the record `equivalence check` replays | `equivalence_record` |
//! | [`check_split_record`] | a split record (`split --out`, the committed certification records `monitor` and `lab-kit` read) and a split chunk a resumed `certify --dir` reads back | `split_record` |
//! | [`check_certify_file`] | a whole-rounds chunk a resumed `certify --dir` reads back, and a certificate | `certify_file` |
//! | [`check_variant_file`] | a variant file, and any file given as `--model FILE` | `variant_file` |
//! | [`check_seal_key`] | the key file of `--sign-key` / `--verify-key` | `seal_key` |
//!
//! Each check panics when an invariant breaks; bad input must give a typed error. None adds
//! a bound of its own on the work a file asks for: a file that makes its reader loop or
//! allocate without bound is a finding (a timeout or out-of-memory of the fuzzer).

use crate::certify::Certificate;
use crate::equivalence::{self, Entry, EquivalenceRecord};
use crate::facts::Catalog;
use crate::report::{Report, merge};
use crate::report_file::{ReportFile, check_report, merge_files, parse_report};
use crate::split::SplitRecord;
use crate::stats::{BUCKETS, ConfidenceLevel, ParReport};
use slot_core::Game;
use slot_core::fingerprint::Fingerprint;
use slot_core::game::SplitGame;
use slot_core::seal::SealKey;
use slot_core::variant::{VariantFileError, read_variant_file};
use std::path::{Path, PathBuf};

/// Reads `data` as a report file and panics if an invariant breaks. Bad input must give a
/// typed error. The text is read as it is; then, so that the fuzzer gets past the checksums
/// (it cannot forge a SHA-256), once more with the checksum of its sums and those of its
/// fields made right. A report
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
    r.checksums = Some(r.checksums());
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

/// Why an equivalence record's entry did not replay in [`check_entry`].
#[derive(Debug, thiserror::Error)]
pub enum EntryError {
    /// The record names a model its game does not ship.
    #[error("{game} has no shipped model '{model}'")]
    UnknownModel {
        /// The game.
        game: &'static str,
        /// The model named.
        model: String,
    },
    /// The shipped model did not build a game (the game's model error).
    #[error("{0}")]
    Model(Box<dyn std::error::Error + Send + Sync>),
    /// The entry replays differently.
    #[error(transparent)]
    Differs(#[from] crate::equivalence::Difference),
}

/// How one game replays an entry of an equivalence record ([`check_entry`] of that game):
/// `Err` with the difference, as `equivalence check` stops at it.
pub type EntryCheck = fn(&Entry) -> Result<(), EntryError>;

/// Reads `data` as an equivalence record and replays it as `cargo xtask equivalence check`
/// does, with `games` the games the runner knows (name, [`check_entry`] of that game): the
/// record is refused with a typed error, or accepted; an accepted record writes back
/// ([`EquivalenceRecord::to_json`]) to text that reads as the same record; its entries are
/// replayed in order until the first that names an unknown game or differs (as the command
/// stops there). See [`check_entry`] for what each entry must satisfy.
pub fn check_equivalence_record(data: &[u8], games: &[(&str, EntryCheck)]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = EquivalenceRecord::from_json(text) else {
        return;
    };
    let again = EquivalenceRecord::from_json(&record.to_json())
        .expect("an accepted equivalence record's own JSON reads back");
    assert_eq!(again, record, "an equivalence record writes back to itself");
    for e in &record.entries {
        let Some((_, check)) = games.iter().find(|(name, _)| *name == e.game) else {
            return;
        };
        if check(e).is_err() {
            return;
        }
    }
}

/// Replays one entry of an equivalence record with `G` as `equivalence check` does
/// ([`equivalence::check`]) and panics if an invariant breaks: the entry either differs
/// (`Err`, the [`equivalence::Difference`] naming the entry's game, model, mode and seed),
/// or it is exactly the entry this build records for its model, mode, seed and rounds
/// ([`equivalence::record`]). Only shipped models are built (the command also takes a model
/// file's path in the record's `model`: the fuzzer must not open files it names); another
/// name is refused as `Err`. The rounds are replayed as the record says, unbounded as the
/// command replays them.
///
/// # Errors
/// [`EntryError::Differs`] with the difference, [`EntryError::UnknownModel`] for a model the
/// game does not ship, [`EntryError::Model`] for one that does not build.
pub fn check_entry<G: Game>(entry: &Entry) -> Result<(), EntryError> {
    let model = G::named_model(&entry.model).ok_or_else(|| EntryError::UnknownModel {
        game: G::NAME,
        model: entry.model.clone(),
    })?;
    let game = G::new(&model).map_err(|e| EntryError::Model(Box::new(e)))?;
    match equivalence::check(&game, entry) {
        Ok(()) => {
            let mode =
                G::mode_named(&entry.mode).expect("an entry that checks names a mode of its game");
            let now = equivalence::record(&game, &entry.model, mode, entry.seed, entry.rounds);
            assert_eq!(
                &now, entry,
                "an entry that checks is the entry this build records"
            );
            Ok(())
        }
        Err(d) => {
            assert_eq!(
                (&d.game, &d.model, &d.mode, d.seed),
                (&entry.game, &entry.model, &entry.mode, entry.seed),
                "a difference names its entry"
            );
            if let Some(k) = d.round {
                assert!(
                    k < entry.rounds,
                    "the round that differs is one of the entry's"
                );
            }
            Err(EntryError::Differs(d))
        }
    }
}

/// Reads `data` as a split record of `G` and panics if an invariant breaks. Read as `monitor`
/// and `lab-kit` read the committed certification records (JSON, then
/// [`SplitRecord::check`]), and as a resumed `certify --dir` reads a split chunk back (its
/// checksum required, [`SplitRecord::check_sha256`]); then once more with its checksum made
/// right (the fuzzer cannot forge a SHA-256, and every check behind it would be out of its
/// reach). An accepted record gives finite figures ([`SplitRecord::estimates`], one per pick
/// in order, a half-width of at least 0; [`SplitRecord::cap_odds`]; the sd `monitor` takes,
/// [`crate::monitor::split_sd`]); written ([`SplitRecord::to_json_pretty`]) it reads back as
/// itself with its checksum, which checks; added to itself ([`SplitRecord::absorb`], as a
/// certification adds its chunks) it doubles every count and keeps every relation, or gives
/// a typed error.
pub fn check_split_record<G: SplitGame>(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(r) = serde_json::from_str::<SplitRecord>(text) else {
        return;
    };
    if r.check::<G>().is_ok() {
        split_accepted::<G>(&r);
    }
    // As a split chunk of `certify --dir`: the checksum first, then the sums.
    if r.check_sha256(true).is_ok() && r.check::<G>().is_ok() {
        split_accepted::<G>(&r);
    }
    let fixed = SplitRecord {
        sha256: Some(r.sums_sha256()),
        ..r
    };
    fixed
        .check_sha256(true)
        .expect("a record with its own checksum passes the checksum check");
    if fixed.check::<G>().is_ok() {
        split_accepted::<G>(&fixed);
    }
}

fn split_accepted<G: SplitGame>(r: &SplitRecord) {
    let estimates = r.estimates();
    let picks: Vec<&str> = r.picks.iter().map(|p| p.pick.as_str()).collect();
    let named: Vec<&str> = estimates.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(named, picks, "one estimate per pick, in the record's order");
    for (pick, e) in &estimates {
        for (what, x) in [
            ("base RTP", e.base_rtp),
            ("trigger rate", e.trigger_rate),
            ("feature mean", e.feature_mean),
            ("feature sd", e.feature_sd),
            ("RTP", e.rtp),
            ("half-width", e.half_width_99),
        ] {
            assert!(x.is_finite() && x >= 0.0, "{pick}: {what} {x}");
        }
        if let Some(o) = e.cap_overcount {
            assert!(o.is_finite() && o >= 0.0, "{pick}: cap over-count {o}");
        }
    }
    for (pick, odds) in r.cap_odds::<G>() {
        assert!(
            odds.probability.is_finite() && odds.probability >= 0.0,
            "{pick}: cap odds {}",
            odds.probability
        );
    }
    for p in &r.picks {
        let sd = crate::monitor::split_sd(&r.base, p, r.stake);
        assert!(sd.is_finite() && sd >= 0.0, "{}: sd {sd}", p.pick);
    }
    let written = r.to_json_pretty();
    let back: SplitRecord =
        serde_json::from_str(&written).expect("an accepted split record's own JSON reads back");
    let sealed = SplitRecord {
        sha256: Some(r.sums_sha256()),
        ..r.clone()
    };
    assert_eq!(back, sealed, "a split record writes back to itself");
    back.check_sha256(true)
        .expect("a written split record's checksum checks");
    let mut twice = r.clone();
    if twice.absorb(r).is_ok() {
        twice
            .check::<G>()
            .expect("a split record added to itself keeps every relation");
        assert_eq!(twice.base.rounds, 2 * r.base.rounds);
        assert_eq!(twice.base.win, 2 * r.base.win);
        for (a, b) in twice.picks.iter().zip(&r.picks) {
            assert_eq!((a.features, a.win), (2 * b.features, 2 * b.win));
        }
    }
}

/// Reads `data` as a file of a certification's folder of `G` and panics if an invariant
/// breaks: as a whole-rounds chunk a resumed `certify --dir` reads back
/// ([`Report::from_json`] against `G` alone, as [`crate::certify::chunk`] reads it), also
/// once more with its checksums made right (the fuzzer cannot forge a SHA-256); and as a
/// certificate ([`Certificate`]). An accepted chunk writes back ([`Report::to_json`]) to
/// text that reads as the same report; merged alone it gives its own sums or a typed error;
/// the same chunk twice is refused (its rounds would count twice). An accepted certificate
/// writes back ([`Certificate::to_json_pretty`]) to text that reads as the same
/// certificate, and judged against its own target it meets the bar exactly when its figures
/// do ([`Certificate::with_target`]).
pub fn check_certify_file<G: Game>(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let catalog = Catalog::new().with::<G>();
    let path = Path::new("chunk-standard-00000.json");
    if let Ok(r) = Report::from_json(path, text, &catalog) {
        chunk_accepted(&r, &catalog);
    }
    if let Ok(mut f) = serde_json::from_str::<ReportFile>(text) {
        f.sums_sha256 = Fingerprint::of(&f.sums);
        f.checksums = Some(f.checksums());
        if let Ok(facts) = check_report(path, &f, &catalog) {
            chunk_accepted(&Report::from_file(f, &facts), &catalog);
        }
    }
    if let Ok(c) = serde_json::from_str::<Certificate>(text) {
        let back: Certificate = serde_json::from_str(&c.to_json_pretty())
            .expect("an accepted certificate's own JSON reads back");
        assert_eq!(back, c, "a certificate writes back to itself");
        let judged = c.clone().with_target(c.target_rtp);
        let bar = c.interval_warning.is_none()
            && c.half_width_99
                .is_none_or(|h| h <= crate::certify::MAX_HALF_WIDTH)
            && (c.rtp - c.target_rtp).abs() <= crate::certify::MAX_DISTANCE;
        assert_eq!(
            judged.meets, bar,
            "a certificate meets the bar as its figures say"
        );
    }
}

fn chunk_accepted(r: &Report, catalog: &Catalog) {
    let path = PathBuf::from("chunk-standard-00000.json");
    let again = Report::from_json(&path, &r.to_json(), catalog)
        .expect("an accepted chunk's own JSON reads back");
    assert_eq!(&again, r, "a chunk writes back to itself");
    let levels = [ConfidenceLevel::P95, ConfidenceLevel::P99];
    if let Ok(m) = merge(&[(path.clone(), r.clone())], catalog, &levels) {
        assert_eq!(m.par.sums, r.par.sums, "a chunk merged alone is itself");
    }
    let twice = [
        (path, r.clone()),
        (PathBuf::from("chunk-standard-00001.json"), r.clone()),
    ];
    assert!(
        merge(&twice, catalog, &levels).is_err(),
        "the same chunk twice counts its rounds twice"
    );
}

/// Reads `data` as a variant file of `G` ([`read_variant_file`]) and as the file of
/// `--model FILE` ([`crate::models::choose`], through a scratch file in the temporary
/// folder) and panics if an invariant breaks: a refused file is a typed error; an accepted
/// variant file writes back to text that reads as the same file, with its own checksum, and
/// is refused as another game's; a model file `choose` accepts is the variant file's model
/// with the file's target, or a bare model with the game's published target (the game built
/// from it has the same fingerprint); a variant file whose model builds is refused by
/// `choose` only when it names a target other than its shipped variant's.
pub fn check_variant_file<G: Game>(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let file = read_variant_file::<G::Model>(G::NAME, text);
    if let Ok(f) = &file {
        let written = serde_json::to_string(f).expect("a variant file serialises");
        let back = read_variant_file::<G::Model>(G::NAME, &written)
            .expect("an accepted variant file's own JSON reads back");
        assert_eq!(back.sha256, f.sha256);
        assert_eq!(back.checksum(), f.sha256, "the checksum is the contents'");
        assert_eq!(
            serde_json::to_value(&back).ok(),
            serde_json::to_value(f).ok(),
            "a variant file writes back to itself"
        );
        let other = read_variant_file::<G::Model>("another-game", text);
        assert!(
            matches!(other, Err(VariantFileError::Other { .. })),
            "a variant file of {} is refused as another game's",
            G::NAME
        );
    }
    let scratch = std::env::temp_dir().join(format!(
        "slot-fuzz-model-{}-{:?}.json",
        std::process::id(),
        std::thread::current().id()
    ));
    if std::fs::write(&scratch, data).is_err() {
        return;
    }
    let chosen = scratch
        .to_str()
        .map(|name| crate::models::choose::<G>(Some(name), None));
    let _ = std::fs::remove_file(&scratch);
    let Some(chosen) = chosen else {
        return;
    };
    let bare = serde_json::from_str::<G::Model>(text);
    match (chosen, &file) {
        (Ok((game, target)), Ok(f)) => {
            assert_eq!(
                target, f.target_rtp,
                "a variant file's target is the file's"
            );
            let direct = G::new(&f.model).expect("the model chosen builds");
            assert_eq!(game.fingerprint(), direct.fingerprint());
        }
        (Ok((game, target)), Err(_)) => {
            let m = bare.expect("a model file that is no variant file is a bare model");
            assert_eq!(target, game.target_rtp(G::MODES[0]));
            let direct = G::new(&m).expect("the model chosen builds");
            assert_eq!(game.fingerprint(), direct.fingerprint());
        }
        (Err(e), Ok(f)) => {
            if let Ok(game) = G::new(&f.model) {
                assert!(
                    game.variant().is_some_and(|v| v.rtp != f.target_rtp),
                    "a variant file that reads and builds is refused only for its target: {e}"
                );
            }
        }
        (Err(_), Err(_)) => {}
    }
}

/// Reads `data` as the key file of `--sign-key` / `--verify-key` ([`SealKey::new`] of its
/// bytes, as the runner reads it) and panics if an invariant breaks: fewer than 32 or more
/// than 64 bytes are refused with an error naming the length; a key is accepted otherwise,
/// never printed (`Debug`), and `report` (any report of a game of `catalog`) signed with it
/// verifies with it, also after it is written and read back as `merge --verify-key` reads
/// it, and not with the key with one bit changed.
pub fn check_seal_key(data: &[u8], report: &Report, catalog: &Catalog) {
    let key = match SealKey::new(data) {
        Err(e) => {
            assert!(
                !(32..=64).contains(&data.len()),
                "a key of {} bytes",
                data.len()
            );
            assert_eq!(e.len, data.len(), "the error names the key's length");
            assert!(e.to_string().contains("32 to 64"), "{e}");
            return;
        }
        Ok(key) => key,
    };
    assert!(
        (32..=64).contains(&data.len()),
        "a key of {} bytes",
        data.len()
    );
    assert_eq!(
        format!("{key:?}"),
        "SealKey { .. }",
        "a key is never printed"
    );
    let path = Path::new("signed.json");
    let mut signed = report.clone();
    signed.sign(&key);
    signed
        .verify(path, &key)
        .expect("a report signed with a key verifies with it");
    let read =
        Report::from_json(path, &signed.to_json(), catalog).expect("a signed report reads back");
    read.verify(path, &key)
        .expect("a signed report read back verifies with its key");
    let mut flipped = data.to_vec();
    flipped[0] ^= 1;
    let other = SealKey::new(&flipped).expect("a key of the same length");
    assert!(
        read.verify(path, &other).is_err(),
        "a report signed with one key does not verify with another"
    );
}

/// A small report of `G` (100 rounds of its first mode on its published model, seed 1, one
/// thread) for [`check_seal_key`] to sign: the fuzz target makes it once.
///
/// # Panics
/// If the published model is refused or the run fails (a bug, not outside input).
pub fn signing_report<G: Game>() -> Report {
    let model = G::named_model("standard").expect("every game ships a standard model");
    let game = G::new(&model).expect("the standard model builds");
    let config = crate::SimConfig {
        threads: 1,
        ..crate::SimConfig::rounds(100, 1)
    };
    crate::simulate(&game, G::MODES[0], &config, crate::Watch::default())
        .expect("100 rounds on one thread")
}
