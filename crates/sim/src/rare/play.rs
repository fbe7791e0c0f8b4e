//! Root rounds played with splitting: a batch's roots on the batch's generator, every copy a
//! split makes on a generator of its own ([`copy_rng`]), each root's contributions added to
//! the sums.

use crate::rare::chain::Chain;
use crate::rare::plan::Splitting;
use crate::rare::sums::RareSums;
use slot_core::replay::{BATCH_ROUNDS, SimRng, splitmix64};
use slot_core::splitting::Start;

/// The generator of copy `copy` of root round `root` of seed `seed`: a PCG-64 whose stream
/// (LCG increment) is `root * 2^64 + copy` (distinct for every copy of every root of a run
/// below 2^63 roots) and whose state is derived from all three by SplitMix64. Copies are
/// numbered from 0 in the order their root makes them, which depends only on the root's own
/// draws, so a run's sums depend on its seed and roots, never on its threads.
pub fn copy_rng(seed: u64, root: u64, copy: u64) -> SimRng {
    let hi = splitmix64(seed ^ 0x5350_4c49_5420_5241); // "SPLIT RA"
    let lo = splitmix64(splitmix64(hi ^ root) ^ copy.rotate_left(29));
    SimRng::new(
        (u128::from(hi) << 64) | u128::from(lo),
        (u128::from(root) << 64) | u128::from(copy),
    )
}

/// A copy waiting to be played: its state, the levels it has passed, its integer weight (the
/// plan's denominator times its share) and its generator.
struct Waiting<S> {
    state: S,
    passed: usize,
    weight: u64,
    rng: SimRng,
}

/// Reusable room of one worker: the copies waiting and one root's contributions per level.
pub(crate) struct Scratch<S> {
    waiting: Vec<Waiting<S>>,
    n: Vec<u64>,
}

impl<S> Scratch<S> {
    /// Room for `levels` tail levels.
    pub(crate) fn new(levels: usize) -> Self {
        Scratch {
            waiting: Vec::new(),
            n: vec![0; levels],
        }
    }
}

/// What the roots of a batch share: the chain, the plan, the tail levels, the seed.
pub(crate) struct Roots<'a, C> {
    pub chain: &'a C,
    pub plan: &'a Splitting,
    pub levels: &'a [u64],
    pub seed: u64,
}

impl<C: Chain> Roots<'_, C> {
    /// Plays the first `n` root rounds of batch `batch` with the batch's generator `rng`
    /// (root `batch * BATCH_ROUNDS + i` is the batch's round i) into `sums`.
    pub(crate) fn play_batch(
        &self,
        batch: u64,
        n: u64,
        rng: &mut SimRng,
        scratch: &mut Scratch<C::State>,
        sums: &mut RareSums,
    ) {
        for i in 0..n {
            self.play_root(batch * BATCH_ROUNDS + i, rng, scratch, sums);
        }
    }

    /// Plays root round `root` and adds its contributions.
    fn play_root(
        &self,
        root: u64,
        rng: &mut SimRng,
        scratch: &mut Scratch<C::State>,
        sums: &mut RareSums,
    ) {
        let d = self.plan.denominator();
        scratch.n.iter_mut().for_each(|n| *n = 0);
        sums.roots += 1;
        match self.chain.start(rng) {
            Start::Over(win) => self.tally(win.hundredths(), d, scratch, sums),
            Start::Going(state) => {
                sums.going += 1;
                let mut copies = 0u64;
                if self.plan.start_copies > 1 {
                    let k = self.plan.start_copies;
                    self.split(root, &state, 0, d, k, &mut copies, scratch, sums);
                } else {
                    self.play_copy(root, state, 0, d, rng, &mut copies, scratch, sums);
                }
                while let Some(mut c) = scratch.waiting.pop() {
                    self.play_copy(
                        root,
                        c.state,
                        c.passed,
                        c.weight,
                        &mut c.rng,
                        &mut copies,
                        scratch,
                        sums,
                    );
                }
            }
        }
        for (t, &n) in sums.tails.iter_mut().zip(&scratch.n) {
            let n = u128::from(n);
            t.hits += n;
            t.hits_sq += n * n;
            t.roots_hit += u64::from(n > 0);
        }
    }

    /// Plays a copy from `state` with `rng` until it is over (its weight added to every level
    /// its win reaches) or its importance passes a level (it continues as that level's copies,
    /// put aside to be played).
    #[allow(clippy::too_many_arguments)]
    fn play_copy(
        &self,
        root: u64,
        mut state: C::State,
        mut passed: usize,
        weight: u64,
        rng: &mut SimRng,
        copies: &mut u64,
        scratch: &mut Scratch<C::State>,
        sums: &mut RareSums,
    ) {
        let levels = &self.plan.levels;
        loop {
            if self.chain.is_over(&state) {
                self.tally(self.chain.win(&state), weight, scratch, sums);
                return;
            }
            let importance = self.chain.importance(&state);
            let mut k = 1u32;
            while passed < levels.len() && importance >= levels[passed].at {
                // The product of the copies is at most the plan's denominator (checked).
                k *= levels[passed].copies;
                passed += 1;
            }
            if k > 1 {
                self.split(root, &state, passed, weight, k, copies, scratch, sums);
                return;
            }
            self.chain.step(&mut state, rng);
            sums.steps += 1;
        }
    }

    /// Puts `k` copies of `state` aside, each with a `1 / k` share of `weight` and a generator
    /// of its own.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &self,
        root: u64,
        state: &C::State,
        passed: usize,
        weight: u64,
        k: u32,
        copies: &mut u64,
        scratch: &mut Scratch<C::State>,
        sums: &mut RareSums,
    ) {
        // `weight` is the denominator divided by the copies made before: `k` divides it.
        let share = weight / u64::from(k);
        for _ in 0..k {
            scratch.waiting.push(Waiting {
                state: state.clone(),
                passed,
                weight: share,
                rng: copy_rng(self.seed, root, *copies),
            });
            *copies += 1;
        }
        sums.copies += u64::from(k);
    }

    /// A finished copy of weight `weight` that won `win`: its weight to every level it reached.
    fn tally(&self, win: u64, weight: u64, scratch: &mut Scratch<C::State>, sums: &mut RareSums) {
        for ((n, &level), t) in scratch.n.iter_mut().zip(self.levels).zip(&mut sums.tails) {
            if win >= level {
                *n += weight;
                t.copies_hit += 1;
            }
        }
    }
}
