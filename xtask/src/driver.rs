//! The `sim` command's driver, shared by the three games: checks every argument before
//! anything is printed, plays the run (whole, one shard, or until a precision is reached),
//! shows progress on stderr, and prints and writes the report.
//!
//! What a run plays is fixed by its seed and batches alone ([`slot_core::sim::simulate_plan`]):
//! the figures, the checkpoints of the convergence record and the stop of a precision-driven
//! run are the same for every thread count.

use crate::report::{PrecisionGoal, Report, RunRecord, ShardId, StopReason};
use crate::runner::{self, CliError};
use crate::{ShardArg, SimArgs};
use slot_core::fingerprint::Fingerprint;
use slot_core::sim::{
    BATCH_ROUNDS, Controls, Plan, Progress, SimRng, Stop, StopRule, batches_of, shard_batches,
    simulate_plan,
};
use slot_core::stats::{Accumulator, ParReport, RoundSummary};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The bound of a `--until-halfwidth` run without `--max-rounds`.
pub const DEFAULT_MAX_ROUNDS: u64 = 10_000_000_000;
/// A `--until-halfwidth` run checks its interval after every this many batches (of
/// [`BATCH_ROUNDS`] rounds: every 100,000 rounds), in batch order.
pub const PRECISION_CHECK_BATCHES: u64 = 10;

pub use xtask::facts::GameFacts;

/// How much a run plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Extent {
    /// All batches of a run of this many rounds.
    Rounds(u64),
    /// One shard of a run of `rounds` rounds.
    Shard {
        /// Which.
        shard: ShardArg,
        /// The whole run's rounds.
        rounds: u64,
    },
    /// Until the 99 % half-width is at most `half_width` (a fraction), at most `max_rounds`.
    Precision {
        /// Target half-width, a fraction (0.0005 = 0.05 pp).
        half_width: f64,
        /// The bound.
        max_rounds: u64,
    },
}

/// Every option of a run, checked.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The seed.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
    /// How much to play.
    pub extent: Extent,
    /// Print JSON.
    pub json: bool,
    /// No progress display.
    pub quiet: bool,
    /// Seconds between progress lines off a terminal.
    pub progress_every: Duration,
    /// Where to write the PAR files.
    pub out: Option<PathBuf>,
    /// The levels of the RTP intervals (`--confidence`; empty: 95 % and 99 %).
    pub confidence: Vec<slot_core::stats::ConfidenceLevel>,
    /// Rounds replayed for the goodness-of-fit section (0: none).
    pub gof_rounds: u64,
}

impl RunOptions {
    /// A plain run of `rounds` rounds with a progress display (for `tune`).
    pub fn rounds(rounds: u64, seed: u64, threads: usize) -> Self {
        RunOptions {
            seed,
            threads,
            extent: Extent::Rounds(rounds),
            json: false,
            quiet: false,
            progress_every: Duration::from_secs(10),
            out: None,
            confidence: Vec::new(),
            gof_rounds: 0,
        }
    }

    /// Checks `sim`'s arguments, all before anything is printed.
    ///
    /// # Errors
    /// The first argument that is out of range or conflicts with another, named with what is
    /// allowed.
    pub fn from_args(a: &SimArgs, default_rounds: u64) -> Result<Self, CliError> {
        let threads = runner::threads(a.threads)?;
        let err = |m: String| Err(CliError(m));
        if !(a.progress_seconds.is_finite() && a.progress_seconds > 0.0) {
            return err(format!(
                "--progress-seconds must be a positive number of seconds (it was {})",
                a.progress_seconds
            ));
        }
        let extent = match (a.until_halfwidth, a.shard) {
            (Some(_), Some(_)) => {
                return err("--until-halfwidth and --shard exclude each other: a precision-driven run decides its stop on all batches in order; shard a run with a fixed --rounds".into());
            }
            (Some(_), None) if a.rounds.is_some() => {
                return err(format!(
                    "--rounds and --until-halfwidth exclude each other: a precision-driven run is bounded by --max-rounds (default {DEFAULT_MAX_ROUNDS})"
                ));
            }
            (Some(pp), None) => {
                if !(pp.is_finite() && pp > 0.0 && pp <= 100.0) {
                    return err(format!(
                        "--until-halfwidth is the 99 % interval's half-width in percentage points, above 0 and at most 100 (e.g. 0.05); it was {pp}"
                    ));
                }
                Extent::Precision {
                    half_width: pp / 100.0,
                    max_rounds: a.max_rounds.unwrap_or(DEFAULT_MAX_ROUNDS),
                }
            }
            (None, _) if a.max_rounds.is_some() => {
                return err(
                    "--max-rounds bounds a --until-halfwidth run; for a fixed run use --rounds"
                        .into(),
                );
            }
            (None, Some(shard)) => {
                let rounds = a.rounds.unwrap_or(default_rounds);
                let batches = batches_of(rounds);
                if shard.count > batches {
                    return err(format!(
                        "--shard {}/{}: a run of {rounds} rounds has {batches} batches of {BATCH_ROUNDS} rounds, so at most {batches} shards",
                        shard.index, shard.count
                    ));
                }
                Extent::Shard { shard, rounds }
            }
            (None, None) => Extent::Rounds(a.rounds.unwrap_or(default_rounds)),
        };
        if let Some(dir) = &a.out {
            crate::par::create_dir(dir)?;
        }
        Ok(RunOptions {
            seed: a.seed,
            threads,
            extent,
            json: a.json,
            quiet: a.quiet,
            progress_every: Duration::from_secs_f64(a.progress_seconds),
            out: a.out.clone(),
            confidence: a.levels.confidence.clone(),
            gof_rounds: a.gof_rounds,
        })
    }

    /// The plan: the seed's batches this run plays.
    fn plan(&self, cost: u64) -> Plan {
        let (rounds, batches) = match self.extent {
            Extent::Rounds(r) => (r, 0..batches_of(r)),
            Extent::Shard { shard, rounds } => (
                rounds,
                shard_batches(batches_of(rounds), shard.index, shard.count),
            ),
            Extent::Precision { max_rounds, .. } => (max_rounds, 0..batches_of(max_rounds)),
        };
        Plan {
            seed: self.seed,
            rounds,
            batches,
            threads: self.threads,
            cost,
        }
    }

    /// What the run plays, in words (the header of a readable report).
    fn describe(&self) -> String {
        match self.extent {
            Extent::Rounds(r) => format!("{r} rounds"),
            Extent::Shard { shard, rounds } => {
                let b = shard_batches(batches_of(rounds), shard.index, shard.count);
                format!(
                    "shard {}/{} of a run of {rounds} rounds (batches {}..{})",
                    shard.index, shard.count, b.start, b.end
                )
            }
            Extent::Precision {
                half_width,
                max_rounds,
            } => format!(
                "until the 99 % half-width is at most {} pp (checked every {} rounds), at most {max_rounds} rounds",
                half_width * 100.0,
                PRECISION_CHECK_BATCHES * BATCH_ROUNDS
            ),
        }
    }
}

/// The rule of a precision-driven run: a reliable interval ([`Accumulator::interval_warning`])
/// whose 99 % half-width is at most `half_width`.
pub fn precision_reached(acc: &Accumulator, half_width: f64) -> bool {
    acc.interval_warning().is_none()
        && acc.half_width(slot_core::stats::ConfidenceLevel::P99.z()) <= half_width
}

/// Plays the run `opts` describes and builds its report (nothing is printed but progress).
///
/// # Errors
/// If the threads cannot be started.
pub fn run_report<F>(
    facts: &GameFacts,
    fingerprint: Fingerprint,
    opts: &RunOptions,
    play: F,
) -> Result<Report, CliError>
where
    F: Fn(&mut SimRng) -> RoundSummary + Sync,
{
    let plan = opts.plan(facts.cost);
    let progress = Progress::default();
    let target = match opts.extent {
        Extent::Precision { half_width, .. } => Some(half_width),
        _ => None,
    };
    let done = move |acc: &Accumulator| target.is_some_and(|h| precision_reached(acc, h));
    let controls = Controls {
        progress: Some(&progress),
        interrupt: Some(crate::progress::interrupt_flag()),
        stop_rule: target.map(|_| StopRule {
            every: PRECISION_CHECK_BATCHES,
            done: &done,
        }),
    };
    let start = Instant::now();
    let planned = slot_core::sim::rounds_in(plan.rounds, plan.batches.start, plan.batches.end);
    let display = crate::progress::Display {
        planned,
        cost: facts.cost,
        target_half_width: target,
        quiet: opts.quiet,
        every: opts.progress_every,
    };
    let out = display.watch(&progress, || simulate_plan(&plan, play, controls))?;
    let secs = start.elapsed().as_secs_f64();
    let stop = match (out.stop, opts.extent) {
        (Stop::Interrupted, _) => StopReason::Interrupted,
        (Stop::Rule, _) => StopReason::Precision,
        (Stop::Complete, Extent::Precision { .. }) => StopReason::MaxRounds,
        (Stop::Complete, _) => StopReason::Complete,
    };
    let par = ParReport::new(
        facts.info(),
        &out.sums,
        opts.seed,
        plan_threads(&plan),
        secs,
    )
    .with_confidence(&opts.confidence);
    let precision = match opts.extent {
        Extent::Precision {
            half_width,
            max_rounds,
        } => Some(PrecisionGoal {
            half_width_pp: half_width * 100.0,
            max_rounds,
            check_every_rounds: PRECISION_CHECK_BATCHES * BATCH_ROUNDS,
        }),
        _ => None,
    };
    let shard = match opts.extent {
        Extent::Shard { shard, rounds } => Some(ShardId {
            index: shard.index,
            count: shard.count,
            seed: opts.seed,
            rounds,
            batches: [plan.batches.start, out.end],
        }),
        _ => None,
    };
    Ok(Report::new(
        par,
        facts,
        fingerprint,
        RunRecord {
            stop,
            rounds_planned: planned,
            precision,
            shard,
            merged: None,
            convergence: out.checkpoints,
        },
    ))
}

/// The threads a plan really uses (never more than its batches).
fn plan_threads(plan: &Plan) -> usize {
    let batches = plan.batches.end - plan.batches.start;
    plan.threads
        .min(usize::try_from(batches).unwrap_or(usize::MAX))
        .max(1)
}

/// What a game gives the goodness-of-fit section: `(seed, first batch, rounds)` -> the section
/// of those rounds replayed ([`crate::gof::replay`]).
pub type GofFn<'a> = &'a (dyn Fn(u64, u64, u64) -> crate::gof::GofSection + Sync);

/// `sim`: checks the arguments, prints a header (readable report only), plays, adds the
/// goodness-of-fit section of the run's first `--gof-rounds` rounds (replayed by `gof`), prints
/// the report (readable or `--json`) and writes the PAR files (`--out`).
///
/// # Errors
/// A bad argument (before anything is printed), threads that cannot start, or PAR files that
/// cannot be written.
pub fn sim<F>(
    a: &SimArgs,
    facts: &GameFacts,
    fingerprint: Fingerprint,
    default_rounds: u64,
    play: F,
    gof: GofFn<'_>,
) -> Result<Report, CliError>
where
    F: Fn(&mut SimRng) -> RoundSummary + Sync,
{
    let opts = RunOptions::from_args(a, default_rounds)?;
    if !opts.json {
        println!(
            "{} ({}): {}, seed {}",
            facts.game,
            facts.mode,
            opts.describe(),
            opts.seed
        );
    }
    let mut report = run_report(facts, fingerprint, &opts, play)?;
    let replayed = opts.gof_rounds.min(report.par.rounds);
    if replayed > 0 {
        let first = report.run.shard.map_or(0, |s| s.batches[0]);
        report.goodness_of_fit = Some(gof(opts.seed, first, replayed));
    }
    report.print(opts.json)?;
    if let Some(dir) = &opts.out {
        crate::par::write(&report, dir)?;
    }
    Ok(report)
}
