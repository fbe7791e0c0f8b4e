//! Reports: what `sim --json` writes (the PAR figures, the exact integer sums and where they
//! come from), how a report file is read back without trusting it, and `merge`.
//!
//! A report names its game, mode, pick and math model (SHA-256 fingerprint), carries a SHA-256
//! checksum of its sums (over their canonical compact JSON, the form `serde_json` writes), says
//! why the run stopped, and, for a shard, which run it is part of:
//! `"shard": {"index": I, "count": N, "seed": S, "rounds": R, "batches": [first, end]}` (the
//! run of R rounds of seed S, cut into N shards; this one played batches `first..end`).
//!
//! `merge` reads every file typed (128-bit sums stay exact), checks the checksum, every
//! relation between the sums ([`Accumulator::validate`]) and the identity of each file against
//! the first, then where each file's rounds come from: the reports of one seed must be the
//! complete set of shards of one run, each once; reports of different seeds are independent
//! runs. Only then are the sums added.

use crate::MergeArgs;
use crate::driver::GameFacts;
use crate::runner::{CliError, CliResult};
use serde::Serialize;
use slot_core::fingerprint::Fingerprint;
use slot_core::sim::Checkpoint;
use slot_core::stats::{Accumulator, ParReport};
use std::path::{Path, PathBuf};
use xtask::report_file::{Merged, merge_files, parse_report, same_identity};
pub use xtask::report_file::{MergedFrom, PrecisionGoal, ReportFile, ShardId, StopReason};

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
    /// The running sums at fixed batch counts ([`is_checkpoint`]), for the convergence plot.
    pub convergence: Vec<Checkpoint>,
}

/// A report as `sim --json` and `merge --json` write it: the PAR report and its provenance.
#[derive(Clone, Debug, Serialize)]
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
    /// The game and mode's target RTP (a fraction).
    pub target_rtp: f64,
    /// How the rounds were played.
    #[serde(flatten)]
    pub run: RunRecord,
    /// The goodness-of-fit section of the run's first rounds (`sim`; a merge has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goodness_of_fit: Option<crate::gof::GofSection>,
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
        Report {
            sums_sha256: Fingerprint::of(&par.sums),
            par,
            pick: facts.pick.map(str::to_string),
            model_fingerprint,
            target_rtp: facts.target_rtp,
            run,
            goodness_of_fit: None,
        }
    }

    /// The lines that say where the figures come from (label, text), after the PAR report.
    pub fn provenance(&self) -> Vec<(&'static str, String)> {
        let r = &self.par;
        let h99 = (r.rtp_ci99[1] - r.rtp) * 100.0;
        let mut lines = vec![
            ("model", format!("sha256 {}", self.model_fingerprint)),
            ("sums checksum", format!("sha256 {}", self.sums_sha256)),
            (
                "target RTP",
                format!(
                    "{:.2} %  (RTP - target = {:+.4} pp; 99 % half-width {:.4} pp)",
                    self.target_rtp * 100.0,
                    (r.rtp - self.target_rtp) * 100.0,
                    h99
                ),
            ),
        ];
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

    /// Prints the report: one JSON object, or the readable PAR report and its provenance.
    ///
    /// # Errors
    /// Never in practice (serialisation of plain data).
    pub fn print(&self, json: bool) -> CliResult {
        if json {
            println!("{}", serde_json::to_string(self)?);
        } else {
            print!("{}", self.par);
            if let Some(g) = &self.goodness_of_fit {
                print!("{}", g.text());
            }
            for (label, text) in self.provenance() {
                println!("  {label:<18}{text}");
            }
        }
        Ok(())
    }
}

/// Reads a report file and checks everything it says about itself
/// ([`xtask::report_file::check_report`]): checksum, game, mode, pick, names, the relations
/// between its sums, its shard or merge record, its convergence record.
///
/// # Errors
/// The first thing that is wrong, naming the file.
pub fn read_report(path: &Path) -> Result<(ReportFile, GameFacts), CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    Ok(parse_report(path, &text)?)
}

/// `merge`: reads and checks every report, checks that they are one game, mode and model and
/// that no rounds are counted twice, adds their sums exactly and prints (and writes) the
/// merged report.
///
/// # Errors
/// The first file or relation that is wrong, named (exit status 2).
pub fn merge(a: &MergeArgs) -> CliResult {
    if let Some(dir) = &a.out {
        crate::par::create_dir(dir)?;
    }
    let mut files: Vec<(PathBuf, ReportFile)> = Vec::new();
    for path in &a.files {
        let (r, _) = read_report(path)?;
        if let Some((p0, first)) = files.first() {
            same_identity(p0, first, path, &r)?;
        }
        files.push((path.clone(), r));
    }
    let Merged {
        facts,
        sums,
        runs,
        convergence,
    } = merge_files(&files)?;
    let threads: usize = files.iter().map(|(_, r)| r.threads).sum();
    let secs: f64 = files.iter().map(|(_, r)| r.elapsed_seconds).sum();
    let thread_secs: f64 = files
        .iter()
        .map(|(_, r)| r.elapsed_seconds * r.threads as f64)
        .sum();
    let mut par = ParReport::new(facts.info(), &sums, runs[0].seed, threads, secs)
        .with_confidence(&a.levels.confidence);
    // The reports may have run at the same time on different machines: speed as if one after
    // another (rounds over the sum of their times), per thread over their thread-seconds.
    if thread_secs > 0.0 {
        par.rounds_per_second_per_thread = sums.rounds as f64 / thread_secs;
    }
    par.merged_seeds = runs.iter().map(|r| r.seed).collect();
    let report = Report::new(
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
    report.print(a.json)?;
    if let Some(dir) = &a.out {
        crate::par::write(&report, dir)?;
    }
    Ok(())
}

/// The 99 % half-width of checkpoint sums at stake `cost`, as a fraction (for plots).
pub fn checkpoint_figures(c: &Checkpoint, cost: u64) -> (f64, f64) {
    let mut acc = Accumulator::new(cost);
    acc.rounds = c.rounds;
    acc.total_win = c.total_win;
    acc.sum_sq = c.sum_sq;
    (
        acc.rtp(),
        acc.half_width(slot_core::stats::ConfidenceLevel::P99.z()),
    )
}
