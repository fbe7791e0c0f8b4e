//! Parallel, reproducible simulation (README, "The common rules": Determinism).
//!
//! Rounds are cut into fixed batches of [`BATCH_ROUNDS`]. Batch `b` of seed `s` is played with
//! its own generator, [`batch_rng`]`(s, b)`: a PCG-64 (`rand_pcg::Pcg64`, O'Neill's
//! `pcg64`/XSL-RR 128/64) whose state is derived from the seed by SplitMix64 and whose **stream**
//! (LCG increment) is the batch index. Which thread plays a batch does not matter, and the
//! statistics are integer sums, so the same seed and round count give the same figures for any
//! thread count. Round `k` is round `k % BATCH_ROUNDS` of batch `k / BATCH_ROUNDS`; replaying
//! it means replaying the rounds before it in its batch ([`rng_at_round`]).
//!
//! Above that, `simulate_plan` (feature `parallel`) plays a [`Plan`]: the batches of a run,
//! or one shard's consecutive share of them ([`shard_batches`]), folded in batch order so that
//! the convergence checkpoints ([`is_checkpoint`]), an early stop ([`StopRule`], for
//! precision-driven runs) and an interruption (a complete prefix of batches) are the same for
//! every thread count. The shards of a run add up to exactly the run.
//!
//! PCG is for simulation only: its state is recoverable from its output, so it must never
//! decide real-money rounds (use a CSPRNG such as ChaCha20 seeded from the OS there).
#![cfg(feature = "sim")]

use crate::Game;
use crate::events::EventLog;
use crate::stats::{Accumulator, RoundSummary};
use rand_pcg::Pcg64;
use serde::{Deserialize, Serialize};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The simulator's generator: PCG-64 (`Lcg128Xsl64`), portable and reproducible everywhere.
pub type SimRng = Pcg64;

/// The seed of a simulation when none is given: the runner's `sim`, `play`, `split` and
/// `tune`, and the round viewer, all use it, so a round named without a seed is the same
/// round everywhere.
pub const DEFAULT_SEED: u64 = 20_261_129;

/// Rounds per batch (one generator each).
pub const BATCH_ROUNDS: u64 = 10_000;

/// SplitMix64's finaliser (Steele, Lea, Flood 2014), used to spread seeds.
#[inline]
pub const fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of batch `batch` of seed `seed`.
pub fn batch_rng(seed: u64, batch: u64) -> SimRng {
    let hi = splitmix64(seed);
    let lo = splitmix64(hi ^ batch.rotate_left(17));
    Pcg64::new(((hi as u128) << 64) | lo as u128, batch as u128)
}

/// The generator as it stands at the start of round `k` of seed `seed`: the batch's generator
/// after `skip` has played the earlier rounds of the batch (each call plays one round).
pub fn rng_at_round(seed: u64, k: u64, mut skip: impl FnMut(&mut SimRng)) -> SimRng {
    let mut rng = batch_rng(seed, k / BATCH_ROUNDS);
    for _ in 0..k % BATCH_ROUNDS {
        skip(&mut rng);
    }
    rng
}

/// Round `k` of seed `seed` with its event log: what `cargo xtask play <game> --seed S --round K`
/// shows, and the browser round viewer too (both call this, so they cannot differ).
///
/// `play` plays one round with the generator it is given; its recorder is `None` for the
/// rounds before `k` in its batch (skipped as by [`rng_at_round`], nothing kept) and the log
/// for round `k`. Returns what `play` returned for round `k`, and the log.
pub fn replay_round<T>(
    seed: u64,
    k: u64,
    mut play: impl FnMut(&mut SimRng, Option<&mut EventLog>) -> T,
) -> (T, EventLog) {
    let mut rng = rng_at_round(seed, k, |g| {
        play(g, None);
    });
    let mut log = EventLog::default();
    let out = play(&mut rng, Some(&mut log));
    (out, log)
}

/// Round `k` of seed `seed` of `game` in `mode`, with its event log: [`replay_round`] for any
/// [`Game`]. What `cargo xtask play`, the round viewer and the golden vectors show.
pub fn replay_game_round<G: Game>(
    game: &G,
    mode: G::Mode,
    seed: u64,
    k: u64,
) -> (G::Outcome, EventLog) {
    replay_round(seed, k, |rng, mut rec| game.play_round(mode, rng, &mut rec))
}

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

/// A simulation that could not start.
#[cfg(feature = "parallel")]
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// The thread pool could not be built.
    #[error("cannot start {threads} threads: {message}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why.
        message: String,
    },
}

/// Plays `rounds` rounds with `play` on `threads` threads (0 = all cores) and returns the
/// merged sums. `cost` is the stake per round in hundredths of the paytable's bet.
///
/// Needs the `parallel` feature (rayon).
///
/// # Errors
/// [`SimError::Threads`] if the thread pool cannot be built.
#[cfg(feature = "parallel")]
pub fn simulate<F, S>(
    rounds: u64,
    seed: u64,
    threads: usize,
    cost: u64,
    play: F,
    progress: Option<&Progress>,
) -> Result<Accumulator, SimError>
where
    F: Fn(&mut SimRng) -> S + Sync,
    S: Into<Option<RoundSummary>>,
{
    use rayon::prelude::*;
    let batches = rounds.div_ceil(BATCH_ROUNDS);
    let pool = thread_pool(threads, batches)?;
    let acc = pool.install(|| {
        (0..batches)
            .into_par_iter()
            .map(|b| {
                let n = BATCH_ROUNDS.min(rounds - b * BATCH_ROUNDS);
                let acc = run_batch(seed, b, n, cost, &play);
                if let Some(p) = progress {
                    p.add_batch(n, acc.total_win);
                }
                acc
            })
            .reduce(
                || Accumulator::new(cost),
                |mut a, b| {
                    a.merge(&b);
                    a
                },
            )
    });
    Ok(acc)
}

/// A rayon pool of [`worker_threads`]`(threads, units)` threads (0: every core; never more
/// than `units`), for work cut into `units` independent pieces.
///
/// # Errors
/// [`SimError::Threads`] if the pool cannot be built.
#[cfg(feature = "parallel")]
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

/// Batches of a run of `rounds` rounds (the last may hold fewer than [`BATCH_ROUNDS`]).
pub const fn batches_of(rounds: u64) -> u64 {
    rounds.div_ceil(BATCH_ROUNDS)
}

/// Rounds in batches `first..end` of a run of `rounds` rounds (batch `b` holds rounds
/// `b * BATCH_ROUNDS ..` up to the run's end).
pub fn rounds_in(rounds: u64, first: u64, end: u64) -> u64 {
    let at = |b: u64| b.saturating_mul(BATCH_ROUNDS).min(rounds);
    at(end).saturating_sub(at(first))
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

#[cfg(feature = "parallel")]
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
#[cfg(feature = "parallel")]
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
#[cfg(feature = "parallel")]
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

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use super::*;
    use crate::sampling::bounded;

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
        let one = simulate(45_678, 11, 1, 100, toy, None).unwrap();
        let two = simulate(45_678, 11, 2, 100, toy, None).unwrap();
        let four = simulate(45_678, 11, 4, 100, toy, None).unwrap();
        assert_eq!(one, two);
        assert_eq!(one, four);
        assert_eq!(one.rounds, 45_678);
        let other = simulate(45_678, 12, 2, 100, toy, None).unwrap();
        assert_ne!(one.total_win, other.total_win);
    }

    #[test]
    fn replay_reaches_the_same_round() {
        // Round k's win, by playing the batch in order, equals the replayed round k.
        let k = BATCH_ROUNDS + 17;
        let mut rng = batch_rng(5, 1);
        let mut wins = vec![];
        for _ in 0..=17 {
            wins.push(toy(&mut rng).win);
        }
        let mut r = rng_at_round(5, k, |g| {
            toy(g);
        });
        assert_eq!(toy(&mut r).win, wins[17]);
    }

    #[test]
    fn replay_round_logs_only_the_round_asked_for() {
        use crate::events::Event;
        use crate::money::Win;
        use crate::recorder::Recorder;
        // A toy round that records its win: the log of round k holds round k's win alone,
        // and the earlier rounds of the batch were played (the same win as in order).
        let k = 2 * BATCH_ROUNDS + 5;
        let mut rng = batch_rng(7, 2);
        let wins: Vec<u64> = (0..=5).map(|_| toy(&mut rng).win).collect();
        let mut played = 0;
        let (win, log) = replay_round(7, k, |g, mut rec| {
            played += 1;
            let win = toy(g).win;
            rec.record(|| Event::RoundEnd {
                win: Win::from_hundredths(win),
                capped: false,
            });
            win
        });
        assert_eq!(played, 6);
        assert_eq!(win, wins[5]);
        assert_eq!(
            log.events,
            vec![Event::RoundEnd {
                win: Win::from_hundredths(wins[5]),
                capped: false
            }]
        );
    }

    #[test]
    fn progress_counts_every_round() {
        let p = Progress::default();
        let acc = simulate(25_001, 3, 2, 100, toy, Some(&p)).unwrap();
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
        let whole = simulate(rounds, 9, 2, 100, toy, None).unwrap();
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
        assert_eq!(rounds_in(25_000, 2, 3), 5_000);
        assert_eq!(rounds_in(25_000, 0, 100), 25_000);
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
        let short = simulate(one.end * BATCH_ROUNDS, 9, 2, 100, toy, None).unwrap();
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
        let again = simulate(out.end * BATCH_ROUNDS, 9, 1, 100, toy, None).unwrap();
        assert_eq!(again, out.sums, "the prefix is a reproducible run");
        assert_eq!(progress.prefix.lock().unwrap().rounds, out.sums.rounds);
    }

    #[test]
    fn batch_streams_differ_and_are_stable() {
        use rand_core::Rng;
        let a = batch_rng(1, 0).next_u64();
        let b = batch_rng(1, 1).next_u64();
        assert_ne!(a, b);
        assert_eq!(a, batch_rng(1, 0).next_u64());
    }
}
