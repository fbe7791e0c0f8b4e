//! A fold over the batches of a run for sums that are not an
//! [`Accumulator`](crate::stats::Accumulator): the contribution sums of
//! [`crate::detail`] and the tails of a split estimate ([`crate::split`]).
//!
//! Batch `b` of seed `s` is played with [`batch_rng`]`(s, b)`, as every run plays it, so a fold
//! replays exactly the rounds of the run it follows. Each worker folds the batches it takes
//! into sums of its own; the workers' sums are added at the end. The sums must add up in any
//! order (integer sums, counts by key), so the result is the same for every thread count.
//! Unlike `crate::engine::simulate_plan`, nothing here needs the batches in order (no
//! checkpoints, no stop rule), so rayon's fold and reduce do the scheduling.

use crate::engine::Progress;
use crate::engine::{Plan, thread_pool};
use crate::error::SimError;
use rayon::prelude::*;
use slot_core::replay::{SimRng, batch_rng, rounds_in};
use std::ops::Range;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering;

/// Folds the batches of `plan` (those of the run of `plan.rounds` rounds of seed `plan.seed`,
/// on `plan.threads` threads, 0: every core): `zero` makes empty sums, `play(rng, n, sums)` plays the `n` rounds of one
/// batch with its generator into `sums`, and `add(a, b)` adds `b` to `a`.
///
/// `progress` counts the rounds played; `stop`, once set, ends the fold.
///
/// Returns `None` when `stop` was set before every batch was played (the batches
/// played are then not a complete prefix, so their sums are dropped).
///
/// # Errors
/// [`SimError::Threads`] if a worker thread cannot be started.
pub(crate) fn fold_batches<T, Z, P, A>(
    plan: &Plan,
    progress: Option<&Progress>,
    stop: Option<&AtomicBool>,
    zero: Z,
    play: P,
    add: A,
) -> Result<Option<T>, SimError>
where
    T: Send,
    Z: Fn() -> T + Sync,
    P: Fn(&mut SimRng, u64, &mut T) + Sync,
    A: Fn(&mut T, T) + Sync,
{
    let Range { start, end } = plan.batches.clone();
    let (seed, rounds) = (plan.seed, plan.rounds);
    let pool = thread_pool(plan.threads, end.saturating_sub(start))?;
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    // `None` marks sums that miss a batch (stopped): they stay `None` when added.
    Ok(pool.install(|| {
        (start..end)
            .into_par_iter()
            .fold(
                || Some(zero()),
                |sums, b| {
                    let mut sums = sums?;
                    if stopped() {
                        return None;
                    }
                    let n = rounds_in(rounds, b, b + 1);
                    play(&mut batch_rng(seed, b), n, &mut sums);
                    if let Some(p) = progress {
                        p.add_batch(n, 0);
                    }
                    Some(sums)
                },
            )
            .reduce(
                || Some(zero()),
                |a, b| match (a, b) {
                    (Some(mut a), Some(b)) => {
                        add(&mut a, b);
                        Some(a)
                    }
                    _ => None,
                },
            )
    }))
}
