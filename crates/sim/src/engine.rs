//! The simulation engine: plays the batches of a run (the replay contract of
//! [`slot_core::replay`]: batch `b` of seed `s` is PCG-64 stream `b`) on a pool of threads and
//! folds their sums. Which thread plays a batch does not matter, and the statistics are
//! integer sums, so the same seed and round count give the same figures for any thread count.
//!
//! [`simulate_plan`] plays a [`Plan`]: the batches of a run, or one shard's consecutive share
//! of them ([`shard_batches`]), folded in batch order so that the convergence checkpoints
//! ([`is_checkpoint`]), an early stop ([`StopRule`], for precision-driven runs) and an
//! interruption (a complete prefix of batches) are the same for every thread count. The shards
//! of a run add up to exactly the run.

use crate::SimError;
use crate::stats::Accumulator;
use serde::{Deserialize, Serialize};
use slot_core::replay::{SimRng, batch_rng, batches_of, rounds_in};
use slot_core::summary::RoundSummary;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Live counters a progress display can read while a simulation runs.
#[derive(Debug, Default)]
pub struct Progress {
    /// Rounds finished.
    pub rounds: AtomicU64,
    /// Sum of their wins, hundredths, for display: it stops at `u64::MAX` rather than wrap
    /// (about 1.8e17 rounds at a 95 % RTP; the report's sums are `u128`).
    pub win: AtomicU64,
    /// The sums of the complete prefix of batches folded so far by `simulate_plan` (batches
    /// from the plan's first one, in order), for a display of the interval's half-width.
    pub prefix: std::sync::Mutex<Checkpoint>,
}

impl Progress {
    /// Counts a finished batch of `rounds` rounds that won `win` hundredths in all.
    pub fn add_batch(&self, rounds: u64, win: u128) {
        let win = u64::try_from(win).unwrap_or(u64::MAX);
        self.rounds.fetch_add(rounds, Ordering::Relaxed);
        // `fetch_update` with a closure that always answers `Some` cannot fail.
        let _ = self
            .win
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |w| {
                Some(w.saturating_add(win))
            });
    }
}

/// A rayon pool of [`worker_threads`]`(threads, units)` threads (0: every core; never more
/// than `units`), for work cut into `units` independent pieces.
///
/// # Errors
/// [`SimError::Threads`] if the pool cannot be built.
pub fn thread_pool(threads: usize, units: u64) -> Result<rayon::ThreadPool, SimError> {
    let threads = worker_threads(threads, units);
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SimError::Threads {
            threads,
            message: e.to_string(),
        })
}

/// Plays the first `n` rounds of batch `batch` on this thread.
///
/// `play` plays one round and returns its summary, or `None` for a blank round (one whose
/// summary would be all zeros: no win, no feature, no award, not capped), which the sums count
/// without a summary being built ([`Accumulator::add_blank`]). Returning the summary of a
/// blank round is as right, only slower. The same holds for every function here that takes
/// a `play`.
pub fn run_batch<F, S>(seed: u64, batch: u64, n: u64, cost: u64, play: &F) -> Accumulator
where
    F: Fn(&mut SimRng) -> S,
    S: Into<Option<RoundSummary>>,
{
    let mut rng = batch_rng(seed, batch);
    let mut acc = Accumulator::new(cost);
    for _ in 0..n {
        match play(&mut rng).into() {
            Some(summary) => acc.add(&summary),
            None => acc.add_blank(),
        }
    }
    acc
}

/// The worker threads that play `units` independent units of work (batches, players) when
/// `threads` are asked for: every core for 0, never more than the units (more would only
/// idle), at least 1.
pub fn worker_threads(threads: usize, units: u64) -> usize {
    let wanted = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
    wanted
        .min(usize::try_from(units).unwrap_or(usize::MAX))
        .max(1)
}

/// The batches shard `index` of `count` plays in a run of `batches` batches:
/// `index * batches / count .. (index + 1) * batches / count`. The shards `0..count` cut the
/// run's batches into consecutive, disjoint ranges that cover them all, each of
/// `batches / count` or one more batches. Empty when `count > batches` for some `index`.
///
/// # Panics
/// If `count` is 0 or `index >= count` (the runner checks `--shard` first).
pub fn shard_batches(batches: u64, index: u64, count: u64) -> Range<u64> {
    assert!(index < count, "shard index {index} of {count}");
    let cut = |i: u64| (u128::from(batches) * u128::from(i) / u128::from(count)) as u64;
    cut(index)..cut(index + 1)
}

/// True if a run records a [`Checkpoint`] after its first `batches` batches: batch counts with
/// at most two significant digits (1..=99, 100, 110, ..., 990, 1000, 1100, ...: 90 a decade,
/// evenly spaced on a log scale). Fixed batch counts make the convergence record of a seed the
/// same for every thread count and every way of cutting the run into shards.
pub const fn is_checkpoint(batches: u64) -> bool {
    let mut c = batches;
    if c == 0 {
        return false;
    }
    while c >= 100 {
        if !c.is_multiple_of(10) {
            return false;
        }
        c /= 10;
    }
    true
}

/// The running sums of a run after a checkpoint batch count: exact integers, so the running
/// RTP and its interval can be recomputed and the records of shards joined without rounding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Batches of the seed's sequence played so far, counted from batch 0 of the run (a shard
    /// starting at batch 40 records its checkpoints at batch counts above 40).
    pub batches: u64,
    /// Rounds these sums cover (counted from the first batch of the run or shard).
    pub rounds: u64,
    /// Sum of their wins, hundredths.
    pub total_win: u128,
    /// Sum of their squared wins, hundredths squared.
    pub sum_sq: u128,
}

impl Checkpoint {
    fn of(batches: u64, acc: &Accumulator) -> Self {
        Checkpoint {
            batches,
            rounds: acc.rounds,
            total_win: acc.total_win,
            sum_sq: acc.sum_sq,
        }
    }
}

/// What a simulation plays: batches `batches` of the run of `rounds` rounds of seed `seed`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The seed.
    pub seed: u64,
    /// Rounds of the whole run (they fix the batches and the length of the last one).
    pub rounds: u64,
    /// The batches to play (all of them: `0..batches_of(rounds)`; a shard: its share).
    pub batches: Range<u64>,
    /// Worker threads (0 = all cores; never more than there are batches).
    pub threads: usize,
    /// The stake per round in hundredths of the paytable's bet.
    pub cost: u64,
}

impl Plan {
    /// Every batch of the run of `rounds` rounds of seed `seed`, on `threads` threads (0:
    /// every core), at a stake of `cost` hundredths of the paytable's bet.
    pub fn whole(seed: u64, rounds: u64, threads: usize, cost: u64) -> Plan {
        Plan {
            seed,
            rounds,
            batches: 0..batches_of(rounds),
            threads,
            cost,
        }
    }
}

/// A rule that may end a run early: after every `every`-th batch of the seed's sequence
/// (batch counts that are multiples of `every`), in batch order, `done` is asked about the
/// sums of all the batches played so far (a complete prefix); `true` stops the run there.
/// The decision depends on those sums only, never on timing, so a seed stops at the same
/// batch for every thread count.
#[derive(Clone, Copy)]
pub struct StopRule<'a> {
    /// The batch counts at which `done` is asked are the multiples of `every` (at least 1).
    pub every: u64,
    /// Asked at those batch counts with the sums so far.
    pub done: &'a (dyn Fn(&Accumulator) -> bool + Sync),
}

impl std::fmt::Debug for StopRule<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StopRule {{ every: {} }}", self.every)
    }
}

/// How a run of `simulate_plan` may be watched and stopped.
#[derive(Clone, Copy, Debug, Default)]
pub struct Controls<'a> {
    /// Counters for a progress display.
    pub progress: Option<&'a Progress>,
    /// Set from outside (Ctrl-C) to stop: no new batch is started, and the outcome is the
    /// complete prefix of batches folded so far.
    pub interrupt: Option<&'a AtomicBool>,
    /// A rule that ends the run early (precision reached).
    pub stop_rule: Option<StopRule<'a>>,
}

/// Why a run of `simulate_plan` ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every batch of the plan was played.
    Complete,
    /// The [`StopRule`] said so at the outcome's last batch.
    Rule,
    /// Interrupted: the outcome holds the batches before the first one not finished.
    Interrupted,
}

/// The result of `simulate_plan`: the sums of batches `first..end` of the plan, a complete
/// prefix of its batches in their order, so it is itself the exact result of a plan that
/// ends at `end`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOutcome {
    /// The sums.
    pub sums: Accumulator,
    /// The batches played: `plan.batches.start..end`.
    pub end: u64,
    /// The running sums at every checkpoint batch count ([`is_checkpoint`]) in
    /// `start + 1..=end`, counted from the plan's first batch.
    pub checkpoints: Vec<Checkpoint>,
    /// Why it ended.
    pub stop: Stop,
}

/// The in-order fold of finished batches.
struct Sequencer {
    next: u64,
    pending: std::collections::BTreeMap<u64, Accumulator>,
    sums: Accumulator,
    checkpoints: Vec<Checkpoint>,
    stopped_by_rule: bool,
}

/// Plays a [`Plan`] on its threads and folds the batches in their order, so that checkpoints
/// and the stop rule see exact prefixes of the seed's sequence whatever the thread count.
///
/// Threads take the next batch from a shared counter (so at most about `threads` finished
/// batches wait for an earlier one) and stop taking batches when the plan ends, the stop rule
/// fires or `interrupt` is set. Batches past the end are discarded.
///
/// # Errors
/// [`SimError::Threads`] if a worker thread cannot be started.
pub fn simulate_plan<F, S>(
    plan: &Plan,
    play: F,
    controls: Controls<'_>,
) -> Result<RunOutcome, SimError>
where
    F: Fn(&mut SimRng) -> S + Sync,
    S: Into<Option<RoundSummary>>,
{
    let Range { start, end } = plan.batches.clone();
    let threads = worker_threads(plan.threads, end.saturating_sub(start));
    let next_batch = AtomicU64::new(start);
    let limit = AtomicU64::new(end);
    let seq = std::sync::Mutex::new(Sequencer {
        next: start,
        pending: Default::default(),
        sums: Accumulator::new(plan.cost),
        checkpoints: Vec::new(),
        stopped_by_rule: false,
    });
    let interrupted = || {
        controls
            .interrupt
            .is_some_and(|i| i.load(Ordering::Relaxed))
    };
    let worker = || {
        loop {
            if interrupted() {
                break;
            }
            let b = next_batch.fetch_add(1, Ordering::Relaxed);
            if b >= limit.load(Ordering::Relaxed) {
                break;
            }
            let n = rounds_in(plan.rounds, b, b + 1);
            let acc = run_batch(plan.seed, b, n, plan.cost, &play);
            if let Some(p) = controls.progress {
                p.add_batch(n, acc.total_win);
            }
            let mut s = seq.lock().unwrap_or_else(|e| e.into_inner());
            if s.stopped_by_rule {
                break;
            }
            s.pending.insert(b, acc);
            while let Some(a) = {
                let k = s.next;
                s.pending.remove(&k)
            } {
                s.sums.merge(&a);
                s.next += 1;
                let c = s.next;
                let point = Checkpoint::of(c, &s.sums);
                if is_checkpoint(c) {
                    s.checkpoints.push(point);
                }
                if let Some(p) = controls.progress {
                    *p.prefix.lock().unwrap_or_else(|e| e.into_inner()) = point;
                }
                if let Some(rule) = controls.stop_rule
                    && c.is_multiple_of(rule.every.max(1))
                    && (rule.done)(&s.sums)
                {
                    limit.store(c, Ordering::Relaxed);
                    s.stopped_by_rule = true;
                    s.pending.clear();
                    break;
                }
            }
        }
    };
    std::thread::scope(|scope| {
        let mut handles = Vec::with_capacity(threads);
        for i in 0..threads {
            let h = std::thread::Builder::new()
                .name(format!("sim-{i}"))
                .spawn_scoped(scope, worker)
                .map_err(|e| SimError::Threads {
                    threads,
                    message: e.to_string(),
                })?;
            handles.push(h);
        }
        for h in handles {
            if let Err(panic) = h.join() {
                std::panic::resume_unwind(panic);
            }
        }
        Ok::<(), SimError>(())
    })?;
    let s = seq.into_inner().unwrap_or_else(|e| e.into_inner());
    let stop = if s.stopped_by_rule {
        Stop::Rule
    } else if s.next == end {
        Stop::Complete
    } else {
        Stop::Interrupted
    };
    Ok(RunOutcome {
        sums: s.sums,
        end: s.next,
        checkpoints: s.checkpoints,
        stop,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use slot_core::replay::BATCH_ROUNDS;
    use slot_core::sampling::bounded;

    /// The sums of the whole run of `rounds` rounds of `seed` on `threads` threads.
    fn simulate<F>(rounds: u64, seed: u64, threads: usize, cost: u64, play: F) -> Accumulator
    where
        F: Fn(&mut SimRng) -> RoundSummary + Sync,
    {
        simulate_plan(
            &Plan::whole(seed, rounds, threads, cost),
            play,
            Controls::default(),
        )
        .unwrap()
        .sums
    }

    /// The sums of the run played batch by batch on this thread, with [`run_batch`]: what
    /// every thread count must give.
    fn in_order<F>(rounds: u64, seed: u64, cost: u64, play: F) -> Accumulator
    where
        F: Fn(&mut SimRng) -> RoundSummary,
    {
        let mut acc = Accumulator::new(cost);
        for b in 0..batches_of(rounds) {
            acc.merge(&run_batch(
                seed,
                b,
                rounds_in(rounds, b, b + 1),
                cost,
                &play,
            ));
        }
        acc
    }

    /// A toy game: win 0..=200 hundredths uniformly, with a varying number of draws per round.
    fn toy(rng: &mut SimRng) -> RoundSummary {
        let extra = bounded(rng, 3);
        let mut w = 0;
        for _ in 0..=extra {
            w = bounded(rng, 201) as u64;
        }
        let mut r = RoundSummary {
            win: w,
            ..Default::default()
        };
        r.by_source[0] = w;
        r
    }

    #[test]
    fn same_seed_same_figures_for_any_thread_count() {
        let one = simulate(45_678, 11, 1, 100, toy);
        let two = simulate(45_678, 11, 2, 100, toy);
        let four = simulate(45_678, 11, 4, 100, toy);
        assert_eq!(one, in_order(45_678, 11, 100, toy));
        assert_eq!(one, two);
        assert_eq!(one, four);
        assert_eq!(one.rounds, 45_678);
        let other = simulate(45_678, 12, 2, 100, toy);
        assert_ne!(one.total_win, other.total_win);
    }

    #[test]
    fn progress_counts_every_round() {
        let p = Progress::default();
        let controls = Controls {
            progress: Some(&p),
            ..Controls::default()
        };
        let acc = simulate_plan(&Plan::whole(3, 25_001, 2, 100), toy, controls)
            .unwrap()
            .sums;
        assert_eq!(p.rounds.load(Ordering::Relaxed), 25_001);
        assert_eq!(p.win.load(Ordering::Relaxed) as u128, acc.total_win);
    }

    #[test]
    fn the_progress_win_stops_at_its_largest_value_rather_than_wrap() {
        let p = Progress::default();
        p.add_batch(10, u128::from(u64::MAX) - 5);
        p.add_batch(10, 3);
        assert_eq!(p.win.load(Ordering::Relaxed), u64::MAX - 2);
        p.add_batch(10, 3);
        assert_eq!(p.win.load(Ordering::Relaxed), u64::MAX);
        p.add_batch(10, u128::MAX);
        assert_eq!(p.win.load(Ordering::Relaxed), u64::MAX);
        assert_eq!(p.rounds.load(Ordering::Relaxed), 40);
    }

    fn plan(rounds: u64, batches: Range<u64>, threads: usize) -> Plan {
        Plan {
            seed: 9,
            rounds,
            batches,
            threads,
            cost: 100,
        }
    }

    #[test]
    fn a_planned_run_equals_simulate_for_any_thread_count() {
        let rounds = 123_456;
        let whole = in_order(rounds, 9, 100, toy);
        for threads in [1, 2, 3] {
            let out =
                simulate_plan(&plan(rounds, 0..13, threads), toy, Controls::default()).unwrap();
            assert_eq!(out.sums, whole);
            assert_eq!((out.end, out.stop), (13, Stop::Complete));
            // Checkpoints at batch counts 1..=13 (all have at most two digits).
            assert_eq!(out.checkpoints.len(), 13);
            assert_eq!(out.checkpoints[12].rounds, rounds);
            assert_eq!(out.checkpoints[12].total_win, whole.total_win);
            assert_eq!(out.checkpoints[0].rounds, BATCH_ROUNDS);
        }
    }

    #[test]
    fn shards_add_up_to_the_whole_run_exactly() {
        let rounds = 95_001; // 10 batches, the last one of 5,001 rounds
        let batches = batches_of(rounds);
        assert_eq!(batches, 10);
        let whole = simulate_plan(&plan(rounds, 0..batches, 2), toy, Controls::default()).unwrap();
        for count in [1, 3, 4, 10] {
            let mut merged = Accumulator::new(100);
            let mut covered = 0;
            for index in 0..count {
                let range = shard_batches(batches, index, count);
                assert_eq!(range.start, covered, "consecutive");
                covered = range.end;
                let out = simulate_plan(&plan(rounds, range.clone(), 2), toy, Controls::default())
                    .unwrap();
                assert_eq!(out.sums.rounds, rounds_in(rounds, range.start, range.end));
                merged.checked_merge(&out.sums).unwrap();
            }
            assert_eq!(covered, batches);
            assert_eq!(merged, whole.sums, "{count} shards");
        }
    }

    #[test]
    fn shard_ranges_and_checkpoint_series() {
        assert_eq!(shard_batches(10, 0, 3), 0..3);
        assert_eq!(shard_batches(10, 1, 3), 3..6);
        assert_eq!(shard_batches(10, 2, 3), 6..10);
        assert_eq!(shard_batches(2, 0, 3), 0..0, "more shards than batches");
        let series: Vec<u64> = (1..=1_300).filter(|&c| is_checkpoint(c)).collect();
        assert_eq!(&series[..3], &[1, 2, 3]);
        assert_eq!(&series[97..103], &[98, 99, 100, 110, 120, 130]);
        assert_eq!(series.last(), Some(&1_300));
        assert_eq!(series.len(), 99 + 90 + 4);
        assert!(!is_checkpoint(0) && !is_checkpoint(101) && is_checkpoint(990_000));
    }

    #[test]
    fn the_stop_rule_stops_at_the_same_batch_for_any_thread_count() {
        // Stop once the sums hold more than 1,500,000 hundredths, asked every 4 batches.
        let done = |a: &Accumulator| a.total_win > 1_500_000;
        let rule = StopRule {
            every: 4,
            done: &done,
        };
        let controls = Controls {
            stop_rule: Some(rule),
            ..Controls::default()
        };
        let one = simulate_plan(&plan(1_000_000, 0..100, 1), toy, controls).unwrap();
        assert_eq!(one.stop, Stop::Rule);
        assert_eq!(one.end % 4, 0);
        assert!(one.end < 100);
        for threads in [2, 4] {
            let other = simulate_plan(&plan(1_000_000, 0..100, threads), toy, controls).unwrap();
            assert_eq!(other, one, "{threads} threads");
        }
        // The stopped run is the exact run of its own length.
        let short = in_order(one.end * BATCH_ROUNDS, 9, 100, toy);
        assert_eq!(short, one.sums);
    }

    #[test]
    fn an_interrupted_run_keeps_a_complete_prefix_of_batches() {
        let stop = AtomicBool::new(false);
        let progress = Progress::default();
        let controls = Controls {
            progress: Some(&progress),
            interrupt: Some(&stop),
            stop_rule: None,
        };
        // Interrupt from the play function itself after some rounds.
        let count = AtomicU64::new(0);
        let play = |rng: &mut SimRng| {
            if count.fetch_add(1, Ordering::Relaxed) == 5 * BATCH_ROUNDS {
                stop.store(true, Ordering::Relaxed);
            }
            toy(rng)
        };
        let out = simulate_plan(&plan(10_000_000, 0..1_000, 2), play, controls).unwrap();
        assert_eq!(out.stop, Stop::Interrupted);
        assert!(out.end >= 4 && out.end < 1_000, "{}", out.end);
        assert_eq!(out.sums.rounds, out.end * BATCH_ROUNDS);
        let again = in_order(out.end * BATCH_ROUNDS, 9, 100, toy);
        assert_eq!(again, out.sums, "the prefix is a reproducible run");
        assert_eq!(progress.prefix.lock().unwrap().rounds, out.sums.rounds);
    }
}
