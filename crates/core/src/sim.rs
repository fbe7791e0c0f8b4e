//! Parallel, reproducible simulation (`common.md`, "Determinism and replay").
//!
//! Rounds are cut into fixed batches of [`BATCH_ROUNDS`]. Batch `b` of seed `s` is played with
//! its own generator, [`batch_rng`]`(s, b)`: a PCG-64 (`rand_pcg::Pcg64`, O'Neill's
//! `pcg64`/XSL-RR 128/64) whose state is derived from the seed by SplitMix64 and whose **stream**
//! (LCG increment) is the batch index. Which thread plays a batch does not matter, and the
//! statistics are integer sums, so the same seed and round count give the same figures for any
//! thread count. Round `k` is round `k % BATCH_ROUNDS` of batch `k / BATCH_ROUNDS`; replaying
//! it means replaying the rounds before it in its batch ([`rng_at_round`]).
//!
//! PCG is for simulation only: its state is recoverable from its output, so it must never
//! decide real-money rounds (use a CSPRNG such as ChaCha20 seeded from the OS there).

use crate::stats::{Accumulator, RoundSummary};
use rand_pcg::Pcg64;
use std::sync::atomic::AtomicU64;
#[cfg(feature = "parallel")]
use std::sync::atomic::Ordering;

/// The simulator's generator: PCG-64 (`Lcg128Xsl64`), portable and reproducible everywhere.
pub type SimRng = Pcg64;

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

/// Live counters a progress display can read while a simulation runs.
#[derive(Debug, Default)]
pub struct Progress {
    /// Rounds finished.
    pub rounds: AtomicU64,
    /// Sum of their wins, hundredths.
    pub win: AtomicU64,
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
pub fn simulate<F>(
    rounds: u64,
    seed: u64,
    threads: usize,
    cost: u64,
    play: F,
    progress: Option<&Progress>,
) -> Result<Accumulator, SimError>
where
    F: Fn(&mut SimRng) -> RoundSummary + Sync,
{
    use rayon::prelude::*;
    let batches = rounds.div_ceil(BATCH_ROUNDS);
    // More threads than batches would only idle.
    let threads = threads
        .min(usize::try_from(batches).unwrap_or(usize::MAX))
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SimError::Threads {
            threads,
            message: e.to_string(),
        })?;
    let acc = pool.install(|| {
        (0..batches)
            .into_par_iter()
            .map(|b| {
                let n = BATCH_ROUNDS.min(rounds - b * BATCH_ROUNDS);
                let acc = run_batch(seed, b, n, cost, &play);
                if let Some(p) = progress {
                    p.rounds.fetch_add(n, Ordering::Relaxed);
                    p.win.fetch_add(acc.total_win as u64, Ordering::Relaxed);
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

/// Plays the first `n` rounds of batch `batch` on this thread.
pub fn run_batch<F>(seed: u64, batch: u64, n: u64, cost: u64, play: &F) -> Accumulator
where
    F: Fn(&mut SimRng) -> RoundSummary,
{
    let mut rng = batch_rng(seed, batch);
    let mut acc = Accumulator::new(cost);
    for _ in 0..n {
        acc.add(&play(&mut rng));
    }
    acc
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
    fn progress_counts_every_round() {
        let p = Progress::default();
        let acc = simulate(25_001, 3, 2, 100, toy, Some(&p)).unwrap();
        assert_eq!(p.rounds.load(Ordering::Relaxed), 25_001);
        assert_eq!(p.win.load(Ordering::Relaxed) as u128, acc.total_win);
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
