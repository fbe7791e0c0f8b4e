//! A fold over the batches of a run for sums that are not an [`Accumulator`]
//! (`slot_core::stats::Accumulator`): the contribution sums of [`crate::detail`] and the tails
//! of a split estimate ([`crate::split`]).
//!
//! Batch `b` of seed `s` is played with [`batch_rng`]`(s, b)`, as every run plays it, so a fold
//! replays exactly the rounds of the run it follows. Each worker folds the batches it takes
//! into sums of its own; the workers' sums are added at the end. The sums must add up in any
//! order (integer sums, counts by key), so the result is the same for every thread count.

use crate::error::SimError;
use slot_core::sim::Progress;
use slot_core::sim::{Plan, SimRng, batch_rng, rounds_in, worker_threads};
use std::ops::Range;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::{AtomicU64, Ordering};

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
    A: Fn(&mut T, T),
{
    let Range { start, end } = plan.batches.clone();
    let (seed, rounds) = (plan.seed, plan.rounds);
    let threads = worker_threads(plan.threads, end.saturating_sub(start));
    let next = AtomicU64::new(start);
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let worker = || {
        let mut sums = zero();
        loop {
            if stopped() {
                return None;
            }
            let b = next.fetch_add(1, Ordering::Relaxed);
            if b >= end {
                return Some(sums);
            }
            let n = rounds_in(rounds, b, b + 1);
            let mut rng = batch_rng(seed, b);
            play(&mut rng, n, &mut sums);
            if let Some(p) = progress {
                p.add_batch(n, 0);
            }
        }
    };
    let parts = std::thread::scope(|scope| {
        let mut handles = Vec::with_capacity(threads);
        for i in 0..threads {
            let h = std::thread::Builder::new()
                .name(format!("fold-{i}"))
                .spawn_scoped(scope, worker)
                .map_err(|e| SimError::Threads {
                    threads,
                    message: e.to_string(),
                })?;
            handles.push(h);
        }
        let mut parts = Vec::with_capacity(threads);
        for h in handles {
            match h.join() {
                Ok(p) => parts.push(p),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        Ok::<_, SimError>(parts)
    })?;
    let mut total = zero();
    for p in parts {
        match p {
            Some(p) => add(&mut total, p),
            None => return Ok(None),
        }
    }
    Ok(Some(total))
}
