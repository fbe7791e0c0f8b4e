//! Reports: what `sim --json` writes (the PAR figures, the exact integer sums and where they
//! come from), how a report file is read back without trusting it, and `merge`.
//!
//! A report names its game, mode, pick and math model (SHA-256 fingerprint), carries the
//! SHA-256 of every field reading and merging trusts (`checksums`, by field name, over each
//! field's compact JSON as `serde_json` writes it; `sums_sha256` is that of the sums), optionally
//! an HMAC-SHA-256 signature of them, says why the run stopped, and, for a shard, which run it is part of:
//! `"shard": {"index": I, "count": N, "seed": S, "rounds": R, "batches": [first, end]}` (the
//! run of R rounds of seed S, cut into N shards; this one played batches `first..end`).
//!
//! `merge` reads every file typed (128-bit sums stay exact), checks the checksum, every
//! relation between the sums ([`Accumulator::validate`]) and the identity of each file against
//! the first, then where each file's rounds come from: the reports of one seed must be the
//! complete set of shards of one run, each once; reports of different seeds are independent
//! runs. Only then are the sums added.

use crate::engine::Checkpoint;
pub use crate::error::ReportError;
use crate::facts::{Catalog, GameFacts};
pub use crate::report_file::{
    CHECKED_FIELDS, MergedFrom, PrecisionGoal, RunId, SAME_SUMS_MIN_HITS, ShardId, StopReason,
};
use crate::report_file::{
    IntervalLevel, Merged, ReportFile, check_report, merge_files, parse_report, same_identity,
    signature_of,
};
use crate::stats::{Accumulator, ConfidenceLevel, ParReport};
use serde::Serialize;
use slot_core::fingerprint::Fingerprint;
use slot_core::seal::{Seal, SealKey};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How a report's rounds were played (flattened into the report's JSON).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunRecord {
    /// Why it stopped.
    pub stop: StopReason,
    /// The rounds it was to play (`--rounds`, the shard's share, or `--max-rounds`).
    pub rounds_planned: u64,
    /// The goal of a `--until-halfwidth` run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precision: Option<PrecisionGoal>,
    /// The shard, for `--shard`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardId>,
    /// What a merged report holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merged: Option<MergedFrom>,
    /// The running sums at fixed batch counts ([`crate::engine::is_checkpoint`]), for the convergence plot.
    pub convergence: Vec<Checkpoint>,
}

/// A report as `sim --json` and `merge --json` write it: the PAR report and its provenance.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The figures and the exact sums.
    #[serde(flatten)]
    pub par: ParReport,
    /// Moon Princess: the free-spin pick every round used.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pick: Option<String>,
    /// SHA-256 of the math model simulated.
    pub model_fingerprint: Fingerprint,
    /// SHA-256 of the canonical JSON of `sums`.
    pub sums_sha256: Fingerprint,
    /// The game and mode's target RTP (a fraction): the variant's for a model of the game's
    /// RTP ladder, else the published one (a variant file's own when the runner reads one).
    pub target_rtp: f64,
    /// The RTP variant of the game's ladder whose model was simulated (`"90.00 %"`), `None`
    /// for a model off the ladder (a stress model, a model file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Where the model simulated stands among the game's shipped models (a variant of its
    /// ladder, its published model, neither), from the game's facts; what the provenance's
    /// "model" line says. Not written to JSON (a figure of the model, not of the run).
    #[serde(skip)]
    pub standing: crate::facts::ModelStanding,
    /// How the rounds were played.
    #[serde(flatten)]
    pub run: RunRecord,
    /// The goodness-of-fit section of the run's first rounds (`sim`; a merge has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goodness_of_fit: Option<crate::gof::GofSection>,
    /// The contribution sums of the run's rounds (`sim --out`, [`crate::detail`]): where the
    /// return comes from and the round wins' distribution. A merge keeps them when every
    /// report merged has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<crate::detail::Detail>,
    /// The mode's RTP computed exactly from the model, where the game computes it
    /// ([`slot_core::Game::exact_rtp`]); shown beside the simulated one in the text, not
    /// written to JSON (it is a figure of the model, not of the run).
    #[serde(skip)]
    pub exact_rtp: Option<f64>,
    /// The mode's committed certification figure, where the game has one for the model run
    /// ([`slot_core::Game::certified_rtp`]); shown beside the target in the text, not written
    /// to JSON (a figure of the model, not of the run).
    #[serde(skip)]
    pub certified_rtp: Option<slot_core::game::CertifiedRtp>,
    /// The committed odds of the mode's top awards, where the game has them for the model run
    /// ([`slot_core::Game::certified_award_odds`]); not written to JSON.
    #[serde(skip)]
    pub certified_odds: Vec<slot_core::game::CertifiedOdds>,
    /// Every mode's committed or exact RTP for the model run (the disclosure's lowest RTP
    /// across the game's options); not written to JSON.
    #[serde(skip)]
    pub mode_rtps: Vec<crate::facts::ModeRtp>,
    /// The game's cap, hundredths of the paytable's bet (`None`: uncapped); from the game's
    /// facts, not written.
    #[serde(skip)]
    pub cap: Option<u64>,
    /// The markets section of the PAR sheet's disclosure (Markdown,
    /// [`crate::markets::sheet::markdown`]), computed from the model's certified figures by a
    /// caller that has the repository's market profiles (the runner's `sim --out`, the lab
    /// kit); `None`: no section. Not written to JSON (a figure of the model, not of the run).
    #[serde(skip)]
    pub markets: Option<String>,
    /// Whether the game's spins cascade ([`slot_core::Game::CASCADES`]), from the game's
    /// facts, not written: the PAR files hold the cascade tables only then.
    #[serde(skip)]
    pub cascades: bool,
    /// The SHA-256 of every field reading and merging a report trusts, by field name
    /// ([`crate::report::CHECKED_FIELDS`]): an edit of any of them is refused, naming the
    /// field. [`Report::to_json`] writes them afresh; after changing a field in place, call
    /// [`Report::refresh_checksums`] before serialising the report with serde directly.
    pub checksums: BTreeMap<String, Fingerprint>,
    /// The HMAC-SHA-256 of `checksums` under a key the signer holds ([`Report::sign`],
    /// `sim --sign-key`), if signed; [`Report::verify`] checks it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signature: Option<Seal>,
}

impl Report {
    /// A report with its checksum.
    pub fn new(
        par: ParReport,
        facts: &GameFacts,
        model_fingerprint: Fingerprint,
        run: RunRecord,
    ) -> Self {
        let mut par = par;
        if let Some(exact) = facts.exact_award_odds.and_then(|f| f(&model_fingerprint)) {
            for (name, one_in) in exact {
                if let Some(a) = par.top_awards.iter_mut().find(|a| a.name == name) {
                    a.exact_one_in = Some(one_in);
                }
            }
        }
        let variant = facts.variant_rtp_of(&model_fingerprint);
        let mut report = Report {
            sums_sha256: Fingerprint::of(&par.sums),
            par,
            pick: facts.pick.map(str::to_string),
            model_fingerprint,
            target_rtp: variant.map_or(facts.target_rtp, |v| v.fraction()),
            variant: variant.map(|v| v.to_string()),
            standing: (facts.model_standing)(&model_fingerprint),
            run,
            goodness_of_fit: None,
            detail: None,
            exact_rtp: None,
            certified_rtp: facts
                .certified_rtp
                .and_then(|f| f(&model_fingerprint, facts.mode)),
            certified_odds: facts
                .certified_award_odds
                .map_or_else(Vec::new, |f| f(&model_fingerprint, facts.mode)),
            mode_rtps: facts
                .mode_rtps
                .map_or_else(Vec::new, |f| f(&model_fingerprint)),
            cap: facts.cap,
            markets: None,
            cascades: facts.cascades,
            checksums: BTreeMap::new(),
            signature: None,
        };
        report.refresh_checksums();
        report
    }

    /// The lines that say where the figures come from (label, text), after the PAR report.
    pub fn provenance(&self) -> Vec<(&'static str, String)> {
        let r = &self.par;
        let h99 = (r.rtp_ci99[1] - r.rtp) * 100.0;
        let mut lines = vec![
            (
                "model",
                format!(
                    "sha256 {} ({})",
                    self.model_fingerprint,
                    self.standing.describe()
                ),
            ),
            ("sums checksum", format!("sha256 {}", self.sums_sha256)),
            (
                "target RTP",
                format!(
                    "{:.2} %  (RTP - target = {:+.4} pp; 99 % half-width {:.4} pp: {})",
                    self.target_rtp * 100.0,
                    (r.rtp - self.target_rtp) * 100.0,
                    h99,
                    self.target_verdict()
                ),
            ),
        ];
        if let Some(c) = &self.certified_rtp {
            let figure = match c.half_width_99 {
                Some(h) => format!("{:.4} % +- {:.4} pp (99 %)", c.rtp * 100.0, h * 100.0),
                None => format!("{:.6} % (exact)", c.rtp * 100.0),
            };
            lines.push((
                "certified RTP",
                format!(
                    "{figure}, the model's committed figure ({}); this run is a sample of it",
                    c.how
                ),
            ));
        }
        if let Some(e) = self.exact_rtp {
            // Standard error of the simulated RTP: sd / sqrt(n).
            let z = (r.rtp - e) / (r.sd / (r.rounds.max(1) as f64).sqrt());
            lines.push((
                "exact RTP",
                format!(
                    "{:.4} %  (simulation - exact = {z:+.2} standard errors)",
                    e * 100.0
                ),
            ));
        }
        if let Some(sig) = &self.signature {
            lines.push(("signature", format!("hmac-sha256 {sig}")));
        }
        let run = &self.run;
        let stop = match (run.stop, run.precision) {
            (StopReason::Complete, _) => format!("complete: {} rounds", r.rounds),
            (StopReason::Precision, Some(p)) => format!(
                "precision reached: 99 % half-width {h99:.4} pp <= {} pp after {} rounds (checked every {} rounds; at most {})",
                p.half_width_pp, r.rounds, p.check_every_rounds, p.max_rounds
            ),
            (StopReason::MaxRounds, Some(p)) => format!(
                "bound reached: {} rounds (--max-rounds) with the 99 % half-width at {h99:.4} pp, above the {} pp asked",
                r.rounds, p.half_width_pp
            ),
            (StopReason::Interrupted, _) => format!(
                "INTERRUPTED after {} of {} rounds: a complete prefix of batches, itself the exact run of {} rounds",
                r.rounds, run.rounds_planned, r.rounds
            ),
            (s, None) => format!("{s:?}"),
        };
        lines.push(("run", stop));
        if let Some(s) = run.shard {
            lines.push((
                "shard",
                format!(
                    "{}/{} of the run of seed {} with {} rounds (batches {}..{})",
                    s.index, s.count, s.seed, s.rounds, s.batches[0], s.batches[1]
                ),
            ));
        }
        if let Some(m) = &run.merged {
            let runs: Vec<String> = m
                .runs
                .iter()
                .map(|r| format!("seed {} ({} rounds, {} shards)", r.seed, r.rounds, r.shards))
                .collect();
            lines.push((
                "merged",
                format!("{} reports: {}", m.files, runs.join(", ")),
            ));
        }
        lines
    }

    /// Whether the target lies inside the run's 99 % interval of the RTP, in words: a
    /// difference from the target inside the interval is what chance alone gives.
    fn target_verdict(&self) -> &'static str {
        let r = &self.par;
        if !r.interval_reliable {
            "too few rounds to say whether it is consistent with the target"
        } else if (r.rtp_ci99[0]..=r.rtp_ci99[1]).contains(&self.target_rtp) {
            "consistent with the target at 99 %"
        } else {
            "NOT consistent with the target at 99 %"
        }
    }

    /// The readable report: the PAR report, its goodness-of-fit section and the lines that
    /// say where its figures come from.
    pub fn text(&self) -> String {
        let mut out = self.par.to_string();
        if let Some(g) = &self.goodness_of_fit {
            out += &g.text();
        }
        for (label, text) in self.provenance() {
            out += &format!("  {label:<18}{text}\n");
        }
        out
    }

    /// The report as one line of JSON (what `sim --json` prints and [`Report::from_json`]
    /// reads), its checksums computed from its fields as they are now.
    pub fn to_json(&self) -> String {
        // Plain data: serialising it cannot fail.
        serde_json::to_string(&self.with_fresh_checksums()).unwrap_or_default()
    }

    /// [`Report::to_json`], indented (the PAR files' `report.json`).
    pub fn to_json_pretty(&self) -> String {
        pairs_on_one_line(
            &serde_json::to_string_pretty(&self.with_fresh_checksums()).unwrap_or_default(),
        )
    }

    /// This report with its checksums computed from its fields; a signature that no longer
    /// matches them is dropped.
    fn with_fresh_checksums(&self) -> Report {
        let mut r = self.clone();
        r.refresh_checksums();
        r
    }

    /// Computes the checksums from the fields as they are now; a signature that no longer
    /// matches them is dropped (sign again).
    pub fn refresh_checksums(&mut self) {
        let now = self.to_file().checksums();
        if now != self.checksums {
            self.checksums = now;
            self.signature = None;
        }
    }

    /// Signs the report: the HMAC-SHA-256 of its checksums under `key` (32 to 64 secret
    /// bytes), so that a reader holding the key can tell it was written by a holder of the key
    /// and not changed since.
    pub fn sign(&mut self, key: &SealKey) {
        self.refresh_checksums();
        self.signature = Some(signature_of(&self.checksums, key));
    }

    /// Checks the report's signature under `key`.
    ///
    /// # Errors
    /// A [`ReportError`] naming `label` if the report is unsigned, or signed with another key
    /// or changed since it was signed.
    pub fn verify(&self, label: &Path, key: &SealKey) -> Result<(), ReportError> {
        let fresh = self.to_file().checksums();
        match &self.signature {
            None => Err(ReportError::Unsigned {
                path: label.to_path_buf(),
            }),
            Some(sig)
                if fresh == self.checksums
                    && key.verify(
                        serde_json::to_string(&self.checksums)
                            .unwrap_or_default()
                            .as_bytes(),
                        sig,
                    ) =>
            {
                Ok(())
            }
            Some(_) => Err(ReportError::BadSignature {
                path: label.to_path_buf(),
            }),
        }
    }

    /// Reads a report written by [`Report::to_json`] (or `sim --json`, `merge --json`, a PAR
    /// file `report.json`) without trusting it: every field is read typed (128-bit sums stay
    /// exact), the checksum of the sums, the game, mode and pick against `catalog`, every
    /// relation between the sums and the shard, merge and convergence records are checked;
    /// then every figure is computed again from the sums, so a read report is the report that
    /// was written. `label` names the input in errors (a file name).
    ///
    /// # Errors
    /// The first thing that is wrong, naming `label`.
    pub fn from_json(label: &Path, text: &str, catalog: &Catalog) -> Result<Report, ReportError> {
        let (file, facts) = parse_report(label, text, catalog)?;
        Ok(Report::from_file(file, &facts))
    }

    /// The report a checked report file describes, every figure computed from its sums.
    pub(crate) fn from_file(f: ReportFile, facts: &GameFacts) -> Report {
        let levels: Vec<ConfidenceLevel> = f
            .rtp_intervals
            .iter()
            .filter_map(|i| ConfidenceLevel::new(i.level).ok())
            .collect();
        let mut par = ParReport::new(facts.info(), &f.sums, f.seed, f.threads, f.elapsed_seconds)
            .with_confidence(&levels);
        if let Some(x) = f.rounds_per_second_per_thread {
            par.rounds_per_second_per_thread = x;
        }
        par.merged_seeds = f.merged_seeds;
        let mut report = Report::new(
            par,
            facts,
            f.model_fingerprint,
            RunRecord {
                stop: f.stop,
                rounds_planned: f.rounds_planned,
                precision: f.precision,
                shard: f.shard,
                merged: f.merged,
                convergence: f.convergence,
            },
        );
        report.goodness_of_fit = f.goodness_of_fit;
        report.detail = f.detail;
        report.refresh_checksums();
        report.signature = f.signature;
        report
    }

    /// Reads the report's own JSON ([`Report::to_json`]) back as [`Report::from_json`] reads
    /// a file, so that nothing is written that its reader would refuse: a command checks its
    /// output with this before writing it (`merge`, `sim --json`, `certify`'s chunks).
    ///
    /// # Errors
    /// A [`ReportError`] saying what the reader refuses, and that the report is not written.
    pub fn read_back(&self, catalog: &Catalog) -> Result<(), ReportError> {
        let label = Path::new("the report as written");
        parse_report(label, &self.to_json(), catalog)
            .map(|_| ())
            .map_err(|e| ReportError::WouldBeRefused(Box::new(e)))
    }

    /// The report file form of this report (what merging checks).
    pub(crate) fn to_file(&self) -> ReportFile {
        let p = &self.par;
        ReportFile {
            game: p.game.clone(),
            mode: p.mode.clone(),
            pick: self.pick.clone(),
            model_fingerprint: self.model_fingerprint,
            sums_sha256: self.sums_sha256,
            seed: p.seed,
            rounds: p.rounds,
            threads: p.threads,
            elapsed_seconds: p.elapsed_seconds,
            rounds_per_second_per_thread: Some(p.rounds_per_second_per_thread),
            merged_seeds: p.merged_seeds.clone(),
            rtp_intervals: p
                .rtp_intervals
                .iter()
                .map(|i| IntervalLevel { level: i.level })
                .collect(),
            source_names: p.source_names.clone(),
            feature_names: p.feature_names.clone(),
            sums: p.sums.clone(),
            stop: self.run.stop,
            rounds_planned: self.run.rounds_planned,
            precision: self.run.precision,
            shard: self.run.shard,
            merged: self.run.merged.clone(),
            convergence: self.run.convergence.clone(),
            goodness_of_fit: self.goodness_of_fit.clone(),
            detail: self.detail.clone(),
            checksums: Some(self.checksums.clone()),
            signature: self.signature,
        }
    }
}

/// Merges reports of one game, mode and model: checks each (as [`Report::from_json`] does)
/// and that no rounds are counted twice (the reports of one seed must be the complete set of
/// shards of one run, each once; reports of different seeds are independent runs), adds
/// their sums exactly and returns the merged report. Each report is named by its label in
/// errors (a file name). `levels` are the levels of the merged report's RTP intervals (empty:
/// 95 % and 99 %).
///
/// # Errors
/// The first report or relation that is wrong, named.
pub fn merge(
    reports: &[(PathBuf, Report)],
    catalog: &Catalog,
    levels: &[ConfidenceLevel],
) -> Result<Report, ReportError> {
    // Reports in memory are what they say (a file is checked when it is read,
    // `Report::from_json`): their checksums are taken afresh from their fields.
    let files: Vec<(PathBuf, ReportFile)> = reports
        .iter()
        .map(|(p, r)| {
            let mut f = r.to_file();
            f.checksums = Some(f.checksums());
            (p.clone(), f)
        })
        .collect();
    for (path, r) in &files {
        check_report(path, r, catalog)?;
    }
    for (path, r) in files.iter().skip(1) {
        same_identity(&files[0].0, &files[0].1, path, r)?;
    }
    let Merged {
        facts,
        sums,
        runs,
        convergence,
        detail,
    } = merge_files(&files, catalog)?;
    let threads = files
        .iter()
        .try_fold(0usize, |t, (_, r)| t.checked_add(r.threads))
        .ok_or(ReportError::ThreadsOverflow)?;
    let secs: f64 = files.iter().map(|(_, r)| r.elapsed_seconds).sum();
    let thread_secs: f64 = files
        .iter()
        .map(|(_, r)| r.elapsed_seconds * r.threads as f64)
        .sum();
    let mut par =
        ParReport::new(facts.info(), &sums, runs[0].seed, threads, secs).with_confidence(levels);
    // The reports may have run at the same time on different machines: speed as if one after
    // another (rounds over the sum of their times), per thread over their thread-seconds.
    if thread_secs > 0.0 {
        par.rounds_per_second_per_thread = sums.rounds as f64 / thread_secs;
    }
    par.merged_seeds = runs.iter().map(|r| r.seed).collect();
    let mut report = Report::new(
        par,
        &facts,
        files[0].1.model_fingerprint,
        RunRecord {
            stop: StopReason::Complete,
            rounds_planned: sums.rounds,
            precision: None,
            shard: None,
            merged: Some(MergedFrom {
                files: files.len(),
                runs,
            }),
            convergence,
        },
    );
    report.detail = detail;
    report.refresh_checksums();
    // What a merge writes, a merge reads: a merged report its own reader would refuse (say,
    // times that add up past the longest a report may state) is refused here instead.
    report
        .read_back(catalog)
        .map_err(|e| ReportError::MergeRefused(Box::new(e)))?;
    Ok(report)
}

/// The RTP and 99 % half-width of checkpoint sums at stake `cost`, as fractions (for plots).
pub fn checkpoint_figures(c: &Checkpoint, cost: u64) -> (f64, f64) {
    let mut acc = Accumulator::new(cost);
    acc.rounds = c.rounds;
    acc.total_win = c.total_win;
    acc.sum_sq = c.sum_sq;
    (acc.rtp(), acc.half_width(ConfidenceLevel::P99.z()))
}

/// A duration in words: "45 s", "3 min 20 s", "2 h 05 min"; "unknown" for a non-finite one.
pub fn duration(secs: f64) -> String {
    if !secs.is_finite() {
        return "unknown".into();
    }
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
    }
}

/// A number of rounds or a rate with three significant digits and an SI prefix: "2.85 M",
/// "28.5 k", "512".
pub fn si(x: f64) -> String {
    let (v, unit) = [(1e12, " T"), (1e9, " G"), (1e6, " M"), (1e3, " k")]
        .into_iter()
        .find(|(scale, _)| x >= *scale)
        .map_or((x, ""), |(scale, unit)| (x / scale, unit));
    let digits = if v >= 100.0 {
        0
    } else if v >= 10.0 {
        1
    } else {
        2
    };
    let digits = if unit.is_empty() && v.fract() == 0.0 {
        0
    } else {
        digits
    };
    format!("{v:.digits$}{unit}")
}

/// Pretty-printed JSON with every array of two whole numbers (`[win, count]` pairs) on one
/// line instead of four; the JSON is the same.
pub(crate) fn pairs_on_one_line(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let number = |l: &str| {
        let t = l.trim().trim_end_matches(',');
        !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit())
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        if l.trim_end().ends_with('[')
            && i + 3 < lines.len()
            && number(lines[i + 1])
            && number(lines[i + 2])
            && lines[i + 3].trim().starts_with(']')
        {
            out.push_str(l.trim_end());
            out.push_str(lines[i + 1].trim());
            out.push(' ');
            out.push_str(lines[i + 2].trim());
            out.push_str(lines[i + 3].trim());
            i += 4;
        } else {
            out.push_str(l);
            i += 1;
        }
        if i < lines.len() {
            out.push('\n');
        }
    }
    out
}

/// The readable report, as [`Report::text`] writes it (`println!("{report}")`).
impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

#[cfg(test)]
mod si_tests {
    use super::*;

    #[test]
    fn durations_in_words() {
        assert_eq!(duration(44.6), "45 s");
        assert_eq!(duration(200.0), "3 min 20 s");
        assert_eq!(duration(7_500.0), "2 h 05 min");
        assert_eq!(duration(f64::INFINITY), "unknown");
    }

    #[test]
    fn rates_have_three_significant_digits() {
        assert_eq!(si(2_851_234.5), "2.85 M");
        assert_eq!(si(28_512_345.0), "28.5 M");
        assert_eq!(si(285_123.0), "285 k");
        assert_eq!(si(1_000.0), "1.00 k");
        assert_eq!(si(512.0), "512");
        assert_eq!(si(3.5), "3.50");
        assert_eq!(si(1.2e10), "12.0 G");
    }
}
