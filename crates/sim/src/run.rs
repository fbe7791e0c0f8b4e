//! A simulation run: its configuration ([`SimConfig`]), what it plays ([`Extent`]: a whole
//! run, one shard of it, or a run until a precision is reached) and [`simulate`], which plays
//! it and returns its [`Report`].
//!
//! What a run plays is fixed by its seed and batches alone ([`crate::engine::simulate_plan`]):
//! the figures, the checkpoints of the convergence record and the stop of a precision-driven
//! run are the same for every thread count.

use crate::engine::{Controls, Plan, Progress, Stop, StopRule, shard_batches, simulate_plan};
use crate::error::SimError;
use crate::facts::GameFacts;
use crate::fold::fold_batches;
use crate::report::{PrecisionGoal, Report, RunRecord, ShardId, StopReason};
use crate::stats::{Accumulator, ConfidenceLevel, ParReport};
use slot_core::Game;
use slot_core::recorder::NoRecorder;
use slot_core::replay::{BATCH_ROUNDS, SimRng, batches_of};
use std::ops::Range;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The bound of a precision-driven run when none is given.
pub const DEFAULT_MAX_ROUNDS: u64 = 10_000_000_000;
/// A precision-driven run checks its interval after every this many batches (of
/// [`BATCH_ROUNDS`] rounds: every 100,000 rounds), in batch order.
pub const PRECISION_CHECK_BATCHES: u64 = 10;
/// The most threads a run may ask for.
pub const MAX_THREADS: usize = 256;
/// Rounds replayed for the goodness-of-fit section by default.
pub const DEFAULT_GOF_ROUNDS: u64 = crate::gof::DEFAULT_GOF_ROUNDS;

/// One shard of a run: shard `index` of `count` (`0 <= index < count`), which plays the
/// `index`-th of `count` consecutive, nearly equal shares of the run's batches
/// ([`shard_batches`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: u64,
    /// Shards of the run, at least 1.
    pub count: u64,
}

/// How much a run plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Extent {
    /// All batches of a run of this many rounds.
    Rounds(u64),
    /// One shard of a run of `rounds` rounds.
    Shard {
        /// Which.
        shard: Shard,
        /// The whole run's rounds.
        rounds: u64,
    },
    /// Until the 99 % half-width of the RTP is at most `half_width` (a fraction: 0.0005 =
    /// 0.05 pp), checked every [`PRECISION_CHECK_BATCHES`] batches, at most `max_rounds`.
    Precision {
        /// Target half-width, a fraction.
        half_width: f64,
        /// The bound.
        max_rounds: u64,
    },
}

/// Everything a run needs besides the game and mode.
#[derive(Clone, Debug, PartialEq)]
pub struct SimConfig {
    /// The seed: with the extent it fixes every round played.
    pub seed: u64,
    /// Worker threads, 1 to [`MAX_THREADS`]; 0 takes every core. Changes no figure.
    pub threads: usize,
    /// How much to play.
    pub extent: Extent,
    /// The levels of the RTP intervals in the report (empty: 95 % and 99 %).
    pub confidence: Vec<ConfidenceLevel>,
    /// Rounds replayed for the goodness-of-fit section (0: none).
    pub gof_rounds: u64,
    /// Replay the run's rounds with their event records for the contribution sums
    /// ([`crate::detail`]: by symbol and count, tumble depth, multiplier, Girl Power, award;
    /// the round wins' distribution). Several times the cost of the run itself.
    pub detail: bool,
}

impl SimConfig {
    /// A run of `rounds` rounds of seed `seed` on every core, with the default intervals and
    /// no goodness-of-fit section.
    pub fn rounds(rounds: u64, seed: u64) -> Self {
        SimConfig {
            seed,
            threads: 0,
            extent: Extent::Rounds(rounds),
            confidence: Vec::new(),
            gof_rounds: 0,
            detail: false,
        }
    }

    /// Shard `index` of `count` of a run of `rounds` rounds of seed `seed`.
    pub fn shard(rounds: u64, seed: u64, index: u64, count: u64) -> Self {
        SimConfig {
            extent: Extent::Shard {
                shard: Shard { index, count },
                rounds,
            },
            ..SimConfig::rounds(rounds, seed)
        }
    }

    /// Checks the configuration: everything [`simulate`] would refuse, before anything is
    /// played.
    ///
    /// # Errors
    /// [`SimError::Config`] naming the first setting that is out of range and what is allowed.
    pub fn check(&self) -> Result<(), SimError> {
        let bad =
            |setting: &'static str, message: String| Err(SimError::Config { setting, message });
        if self.threads > MAX_THREADS {
            return bad(
                "threads",
                format!(
                    "must be from 1 to {MAX_THREADS}, or 0 for every core (it was {})",
                    self.threads
                ),
            );
        }
        match self.extent {
            Extent::Rounds(0) => bad("rounds", "must be at least 1".into()),
            Extent::Shard { rounds: 0, .. } => bad("rounds", "must be at least 1".into()),
            Extent::Shard { shard, rounds } => {
                let batches = batches_of(rounds);
                if shard.count == 0 || shard.index >= shard.count {
                    bad(
                        "shard",
                        format!(
                            "{}/{}: the index must be below the count, counted from 0 (0/4 to 3/4)",
                            shard.index, shard.count
                        ),
                    )
                } else if shard.count > batches {
                    bad(
                        "shard",
                        format!(
                            "{}/{}: a run of {rounds} rounds has {batches} batches of {BATCH_ROUNDS} rounds, so at most {batches} shards",
                            shard.index, shard.count
                        ),
                    )
                } else {
                    Ok(())
                }
            }
            Extent::Precision {
                half_width,
                max_rounds,
            } => {
                if !(half_width.is_finite() && half_width > 0.0 && half_width <= 1.0) {
                    bad(
                        "half-width",
                        format!(
                            "the 99 % interval's half-width is in percentage points, above 0 and at most 100 (e.g. 0.05); it was {}",
                            short_number(half_width * 100.0)
                        ),
                    )
                } else if max_rounds == 0 {
                    bad("max-rounds", "must be at least 1".into())
                } else {
                    Ok(())
                }
            }
            Extent::Rounds(_) => Ok(()),
        }
    }

    /// The plan: the seed's batches this run plays.
    pub fn plan(&self, cost: u64) -> Plan {
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

    /// The rounds the run is to play (a shard's share; the bound of a precision-driven run).
    pub fn planned_rounds(&self) -> u64 {
        let plan = self.plan(100);
        slot_core::replay::rounds_in(plan.rounds, plan.batches.start, plan.batches.end)
    }

    /// What the run plays, in words (the header of a readable report).
    pub fn describe(&self) -> String {
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
                short_number(half_width * 100.0),
                PRECISION_CHECK_BATCHES * BATCH_ROUNDS
            ),
        }
    }
}

/// How a running simulation may be watched and stopped from outside.
#[derive(Clone, Copy, Debug, Default)]
pub struct Watch<'a> {
    /// Live counters a progress display reads while the run goes on (rounds, win, the sums
    /// of the complete prefix of batches).
    pub progress: Option<&'a Progress>,
    /// Set to stop: no new batch is started, and the report is that of the complete prefix
    /// of batches finished, marked interrupted (itself the exact report of a run of that many
    /// rounds).
    pub stop: Option<&'a AtomicBool>,
}

/// A plain run: `rounds` rounds of seed `seed` on `threads` worker threads, with no shard,
/// precision goal or report ([`SimConfig`] is the runner's full run). What the library's
/// measuring functions take ([`simulate_sums`], [`replay_detail`], the split estimate's
/// [`crate::split::base_games`] and [`crate::split::features_alone`], the tuners): batch `b`
/// of the run plays PCG-64 stream `b` of `seed` ([`slot_core::replay`]), so the sums depend
/// on `rounds` and `seed` alone, never on `threads`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeededRun {
    /// Rounds to play (base games, or features alone, where the function plays those).
    pub rounds: u64,
    /// The seed of the run.
    pub seed: u64,
    /// Worker threads; 0 means every core (never more than the run's batches are used).
    pub threads: usize,
}

/// The rule of a precision-driven run: a reliable interval ([`Accumulator::interval_warning`])
/// whose 99 % half-width is at most `half_width`.
pub fn precision_reached(acc: &Accumulator, half_width: f64) -> bool {
    acc.interval_warning().is_none() && acc.half_width(ConfidenceLevel::P99.z()) <= half_width
}

/// Plays the run `config` describes of `game` in `mode` and returns its report: the PAR
/// figures, the exact sums, the run record (why it stopped, the shard, the convergence record)
/// and, with `config.gof_rounds > 0`, the goodness-of-fit section of its first rounds; with
/// `config.detail`, the contribution sums of its rounds ([`crate::detail`]; dropped if the run
/// is stopped during their replay).
///
/// # Errors
/// [`SimError::Config`] for a setting out of range (checked before anything is played),
/// [`SimError::Threads`] if the threads cannot be started, [`SimError::Detail`] if the
/// contribution sums do not add up to the run's (a defect of the game's event record).
pub fn simulate<G: Game>(
    game: &G,
    mode: G::Mode,
    config: &SimConfig,
    watch: Watch<'_>,
) -> Result<Report, SimError> {
    config.check()?;
    let facts = GameFacts::of::<G>(mode);
    let plan = config.plan(facts.cost);
    let target = match config.extent {
        Extent::Precision { half_width, .. } => Some(half_width),
        _ => None,
    };
    let done = move |acc: &Accumulator| target.is_some_and(|h| precision_reached(acc, h));
    let controls = Controls {
        progress: watch.progress,
        interrupt: watch.stop,
        stop_rule: target.map(|_| StopRule {
            every: PRECISION_CHECK_BATCHES,
            done: &done,
        }),
    };
    let start = Instant::now();
    let play = |rng: &mut SimRng| tally::<G>(&game.play_round(mode, rng, &mut NoRecorder));
    let out = simulate_plan(&plan, play, controls)?;
    let secs = start.elapsed().as_secs_f64();
    let stop = match (out.stop, config.extent) {
        (Stop::Interrupted, _) => StopReason::Interrupted,
        (Stop::Rule, _) => StopReason::Precision,
        (Stop::Complete, Extent::Precision { .. }) => StopReason::MaxRounds,
        (Stop::Complete, _) => StopReason::Complete,
    };
    let par = ParReport::new(
        facts.info(),
        &out.sums,
        config.seed,
        plan_threads(&plan),
        secs,
    )
    .with_confidence(&config.confidence);
    let precision = match config.extent {
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
    let shard = match config.extent {
        Extent::Shard { shard, rounds } => Some(ShardId {
            index: shard.index,
            count: shard.count,
            seed: config.seed,
            rounds,
            batches: [plan.batches.start, out.end],
        }),
        _ => None,
    };
    let mut report = Report::new(
        par,
        &facts,
        game.fingerprint(),
        RunRecord {
            stop,
            rounds_planned: config.planned_rounds(),
            precision,
            shard,
            merged: None,
            convergence: out.checkpoints,
        },
    );
    report.exact_rtp = game.exact_rtp(mode);
    let replayed = config.gof_rounds.min(report.par.rounds);
    if replayed > 0 {
        let first = report.run.shard.map_or(0, |s| s.batches[0]);
        let span = crate::gof::GofSpan {
            seed: config.seed,
            first_batch: first,
            rounds: replayed,
        };
        report.goodness_of_fit = Some(crate::gof::replay(game, mode, span));
    }
    if config.detail {
        let batches = plan.batches.start..out.end;
        let detail = replay_detail(
            game,
            mode,
            SeededRun {
                rounds: plan.rounds,
                seed: config.seed,
                threads: config.threads,
            },
            batches,
            Watch {
                progress: None,
                stop: watch.stop,
            },
        )?;
        if let Some(d) = &detail {
            d.check(&report.par.sums)?;
        }
        report.detail = detail;
    }
    report.refresh_checksums();
    Ok(report)
}

/// The sums of all rounds of the run `run` (its rounds of its seed, on its threads) of `game`
/// in `mode`: what a tuning loop compares, without a report.
///
/// # Errors
/// [`SimError::Threads`] if the threads cannot be started.
pub fn simulate_sums<G: Game>(
    game: &G,
    mode: G::Mode,
    run: SeededRun,
    watch: Watch<'_>,
) -> Result<Accumulator, SimError> {
    sums_of(run, G::cost(mode), watch, |rng| {
        tally::<G>(&game.play_round(mode, rng, &mut NoRecorder))
    })
}

/// A finished round as the sums take it: `None` for a blank round ([`Game::is_blank`]),
/// counted without a summary; its summary otherwise.
#[inline(always)]
fn tally<G: Game>(outcome: &G::Outcome) -> Option<slot_core::summary::RoundSummary> {
    if G::is_blank(outcome) {
        None
    } else {
        Some(G::summary(outcome))
    }
}

/// The sums of a run of `rounds` rounds of `play` (per call, one round's summary, or `None`
/// for a blank round).
fn sums_of<F, S>(
    run: SeededRun,
    cost: u64,
    watch: Watch<'_>,
    play: F,
) -> Result<Accumulator, SimError>
where
    F: Fn(&mut SimRng) -> S + Sync,
    S: Into<Option<slot_core::summary::RoundSummary>>,
{
    let plan = Plan::whole(run.seed, run.rounds, run.threads, cost);
    let controls = Controls {
        progress: watch.progress,
        interrupt: watch.stop,
        stop_rule: None,
    };
    Ok(simulate_plan(&plan, play, controls)?.sums)
}

/// The threads a plan really uses (never more than its batches; 0 means every core).
fn plan_threads(plan: &Plan) -> usize {
    crate::engine::worker_threads(plan.threads, plan.batches.end - plan.batches.start)
}

/// Replays batches `batches` of the run `run` (its rounds of its seed, on its threads) of
/// `game` in `mode` (the batches of the run, or of the shard, that was played) with a
/// [`crate::detail::DetailRecorder`]: the run's contribution sums. `None` if `watch.stop` was
/// set before the end.
///
/// # Errors
/// [`SimError::Threads`] if the threads cannot start; [`SimError::Detail`] if a round's
/// events did not add up to its win (a defect of the game's event record, named).
pub fn replay_detail<G: Game>(
    game: &G,
    mode: G::Mode,
    run: SeededRun,
    batches: Range<u64>,
    watch: Watch<'_>,
) -> Result<Option<crate::detail::Detail>, SimError> {
    let SeededRun {
        rounds,
        seed,
        threads,
    } = run;
    let plan = Plan {
        seed,
        rounds,
        batches,
        threads,
        cost: G::cost(mode),
    };
    let detail = fold_batches(
        &plan,
        watch.progress,
        watch.stop,
        crate::detail::DetailRecorder::new,
        |rng, n, rec| {
            for _ in 0..n {
                game.play_round(mode, rng, &mut *rec);
            }
        },
        crate::detail::DetailRecorder::absorb,
    )?
    .map(crate::detail::DetailRecorder::finish);
    if let Some(d) = &detail
        && d.unreconciled > 0
    {
        return Err(SimError::from(crate::error::DetailError::UnreconciledRun {
            unreconciled: d.unreconciled,
            rounds: d.rounds,
            game: G::NAME,
            mode: G::mode_name(mode),
        }));
    }
    Ok(detail)
}

/// What a progress display says of a run (the runner's bar and log lines, any front end's):
/// the plan, the stake and the stop, so that [`ProgressView::status`] can give the rounds
/// done, the rate, the running RTP, the half-width against its goal and the time left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProgressView {
    /// Rounds (or games) the run is to play: the bound of a precision-driven run.
    pub planned: u64,
    /// Stake per round, hundredths of the bet (the running RTP's denominator).
    pub cost: u64,
    /// The 99 % half-width a precision-driven run stops at (a fraction), if it has one.
    pub target_half_width: Option<f64>,
    /// What is counted: `rounds` (a simulation: the running RTP is shown), or `games` (a split
    /// estimate's base games then features, whose running sum is no RTP: none is shown).
    pub unit: &'static str,
}

impl ProgressView {
    /// The view of a simulation run by `config`, at a stake of `cost` hundredths a round.
    pub fn rounds(config: &SimConfig, cost: u64) -> ProgressView {
        ProgressView {
            planned: config.planned_rounds(),
            cost,
            target_half_width: match config.extent {
                Extent::Precision { half_width, .. } => Some(half_width),
                _ => None,
            },
            unit: "rounds",
        }
    }

    /// The view of a split estimate or a rare-event run: `planned` games, no running RTP.
    pub fn games(planned: u64) -> ProgressView {
        ProgressView {
            planned,
            cost: 100,
            target_half_width: None,
            unit: "games",
        }
    }

    /// One status text after `elapsed` seconds: "1.20 M / 10.0 M rounds (12.0 %), 2.85 M
    /// rounds/s, RTP 95.123 %, about 3 s left" (with the 99 % half-width and its goal for a
    /// precision-driven run, whose time left is then the rounds the half-width still needs).
    /// Display only: floats are fine here.
    pub fn status(&self, p: &Progress, elapsed: f64) -> String {
        use crate::report::{duration, si};
        let n = p.rounds.load(std::sync::atomic::Ordering::Relaxed);
        let w = p.win.load(std::sync::atomic::Ordering::Relaxed);
        let rate = n as f64 / elapsed.max(1e-9);
        let unit = self.unit;
        let mut text = format!(
            "{} / {} {unit} ({:.1} %), {} {unit}/s",
            si(n as f64),
            si(self.planned as f64),
            n as f64 / self.planned.max(1) as f64 * 100.0,
            si(rate)
        );
        if unit == "rounds" {
            let rtp = w as f64 / (n.max(1) as f64 * self.cost as f64) * 100.0;
            text += &format!(", RTP {rtp:.3} %");
        }
        let mut left = self.planned.saturating_sub(n) as f64;
        if let Some(goal) = self.target_half_width {
            let prefix = *p.prefix.lock().unwrap_or_else(|e| e.into_inner());
            let mut acc = Accumulator::new(self.cost);
            acc.rounds = prefix.rounds;
            acc.total_win = prefix.total_win;
            acc.sum_sq = prefix.sum_sq;
            let hw = acc.half_width(ConfidenceLevel::P99.z());
            if hw.is_finite() && prefix.rounds > 0 {
                text += &format!(
                    ", 99 % half-width {:.4} pp (goal {} pp)",
                    hw * 100.0,
                    goal * 100.0
                );
                // The half-width falls as 1 / sqrt(n).
                let needed = (prefix.rounds as f64 * (hw / goal).powi(2)).min(self.planned as f64);
                left = (needed - n as f64).max(0.0);
            }
        }
        if rate > 0.0 {
            text += &format!(", about {} left", duration(left / rate));
        }
        text
    }
}

/// A number from the command line as echoed back (a refusal, a run's heading): as Rust writes
/// it when it is 0 or between 0.0001 and 10,000 in size (0.05, 250), otherwise in scientific
/// notation (1e308 and 1e-300, not three hundred digits); `NaN` and `inf` as such.
#[must_use]
pub fn short_number(x: f64) -> String {
    if x == 0.0 || (1e-4..=1e4).contains(&x.abs()) || !x.is_finite() {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers echoed back, worked by hand: in [0.0001, 10,000] as written, else scientific.
    #[test]
    fn numbers_are_echoed_short() {
        for (x, text) in [
            (0.05, "0.05"),
            (100.0, "100"),
            (0.0001, "0.0001"),
            (10_000.0, "10000"),
            (10_001.0, "1.0001e4"),
            (0.000_09, "9e-5"),
            (1e308, "1e308"),
            (-1e308, "-1e308"),
            (1e-300, "1e-300"),
            (0.0, "0"),
            (f64::NAN, "NaN"),
            (f64::NEG_INFINITY, "-inf"),
        ] {
            assert_eq!(short_number(x), text);
        }
    }

    /// A status line worked by hand: 2,000 of 10,000 rounds at 100 hundredths a round won
    /// 190,000 hundredths (RTP 95 %) in 2 s: 1,000 rounds/s, 8,000 rounds left, 8 s.
    #[test]
    fn a_status_line_says_rounds_rate_rtp_and_time_left() {
        let p = Progress::default();
        p.add_batch(2_000, 190_000);
        let view = ProgressView {
            planned: 10_000,
            cost: 100,
            target_half_width: None,
            unit: "rounds",
        };
        assert_eq!(
            view.status(&p, 2.0),
            "2.00 k / 10.0 k rounds (20.0 %), 1.00 k rounds/s, RTP 95.000 %, about 8 s left"
        );
        assert_eq!(
            ProgressView::games(10_000).status(&p, 2.0),
            "2.00 k / 10.0 k games (20.0 %), 1.00 k games/s, about 8 s left"
        );
    }
}
