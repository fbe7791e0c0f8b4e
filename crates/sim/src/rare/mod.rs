//! The odds of rare wins, P(a round's win >= x), estimated by **multilevel splitting**: an
//! unbiased estimator that reaches the 5,000 x cap's odds to a few per cent in the time brute
//! force needs for +-20 % (`cargo xtask tail`; the measured figures and the choice of the
//! plan: `docs/rare-events.md`).
//!
//! # The method
//! A game whose rounds are, after a first part, a Markov chain of steps
//! ([`slot_core::splitting::SplittableGame`]: Moon Princess's free spins) is played from
//! **root rounds**. A root round that goes on after its start continues as
//! [`Splitting::start_copies`] independent copies of its state; each copy is stepped with a
//! generator of its own, and when the game's importance of its state (for Moon Princess, the
//! running win) first reaches a level of the plan ([`Splitting::levels`]) it continues as that
//! level's copies (the product of the copies of every level passed at once). Each copy carries
//! its parent's weight divided by the copies made, so the weights of a root's finished copies
//! add up to 1. A root's contribution to a tail level x is the sum of the weights of its
//! finished copies whose win reached x.
//!
//! **Why it is unbiased.** A copy is a round of the game continued from its parent's state
//! (the state holds everything the rest of the round depends on, and the copy's generator is
//! fresh), so each of the k copies of a state has the same chance of reaching x as the
//! state itself, and k copies of weight w / k have the expected weighted count of one copy of
//! weight w. By induction over the splits (finitely many: the plan's levels are passed at
//! most once each, every copy's round ends), a root's contribution has the expectation
//! P(win >= x) of one round, whatever the levels and the importance: they are functions of
//! the copy's own state and history, never of what other copies did. A poor importance or
//! poor levels only cost precision. Root rounds are independent, so the estimate
//! sum / roots is unbiased and its variance is the sample variance of the roots'
//! contributions over the roots; the 95 % interval is the normal one (the contributions are
//! bounded, and a run stops on precision only after [`MIN_ROOTS_HIT`] roots reached the
//! level).
//!
//! **Exact sums.** With D = start copies x every level's copies ([`Splitting::denominator`],
//! at most 2^32), every weight is an integer over D, so a root contributes an integer n
//! between 0 and D, and a run keeps per level the roots, sum n and sum n^2 as integers
//! ([`RareSums`]); they add up across threads, shards and runs of other seeds exactly
//! ([`RareRecord::absorb`]), and the estimate is sum n / (roots D).
//!
//! **Determinism.** Root round r of seed s is round r % 10,000 of batch r / 10,000, played on
//! the replay contract's batch generator (`slot_core::replay::batch_rng`), so a root that is
//! never split is exactly the simulator's round r; each copy a root makes plays on
//! [`copy_rng`]`(s, r, c)`, c counting the root's copies in the order it makes them. A run's
//! sums depend on its seed, roots and plan only, never on the thread count.
//!
//! **Unbiasedness shown, not assumed**: `crates/sim/tests/rare.rs` checks the estimator
//! against exact odds on a stress model (a random walk whose tail is a binomial sum) and
//! against brute force on Moon Princess at a level common enough to count, over 20 seeds;
//! `crates/sim/tests/rare_wish.rs` against the exact odds of Wish Upon a Star's Grand, a
//! [`Chain`] over its Lock & Spin (one respin a step, the held Stars the importance).
//!
//! | module | what |
//! |---|---|
//! | [`conditional`] | the base game alone by conditional Monte Carlo ([`conditional::run`]): Starlight Christmas's Multiplier values set aside |
//! | [`chain`] | a round as the estimator plays it ([`Chain`]); a game in a mode ([`GameChain`]) |
//! | [`plan`] | the splitting plan ([`Splitting`], [`Level`]) and the tail levels ([`TailLevels`]) |
//! | [`sums`] | the exact sums ([`RareSums`], [`TailSums`]) |
//! | [`play`] | root rounds played with splitting; every copy's generator ([`copy_rng`]) |
//! | [`record`] | the record, its check and merge, the estimates ([`RareRecord`], [`TailEstimate`]) |
//! | [`error`] | [`RareError`] |

pub mod chain;
pub mod check;
pub mod conditional;
pub mod error;
pub mod plan;
pub mod play;
pub mod record;
pub mod sums;

pub use chain::{Chain, GameChain};
pub use error::RareError;
pub use plan::{Level, MAX_DENOMINATOR, Splitting, TailLevels};
pub use play::copy_rng;
pub use record::{FORMAT, METHOD, MIN_ROOTS_HIT, Part, RareRecord, TailEstimate, Z95};
pub use sums::{RareSums, TailSums};

use crate::engine::{shard_batches, thread_pool};
use crate::rare::play::{Roots, Scratch};
use crate::run::Watch;
use rayon::prelude::*;
use slot_core::replay::{batch_rng, batches_of, rounds_in};
use slot_core::splitting::SplittableGame;
use std::sync::atomic::Ordering;

/// Batches a run plays between two looks at its precision (and the unit an interrupted run
/// keeps whole): 16 batches, 160,000 root rounds.
pub const CHUNK_BATCHES: u64 = 16;

/// What a rare-event run plays.
#[derive(Clone, Debug, PartialEq)]
pub struct TailConfig {
    /// The tail levels whose odds are estimated.
    pub levels: TailLevels,
    /// The splitting plan.
    pub splitting: Splitting,
    /// The seed.
    pub seed: u64,
    /// Root rounds of the run (with `until_relative`: at most this many).
    pub rounds: u64,
    /// Shard `index` of `count` of the run (`None`: the whole run).
    pub shard: Option<(u64, u64)>,
    /// Stop once every level's 95 % relative half-width is at most this (a fraction: 0.05
    /// for 5 %) and [`MIN_ROOTS_HIT`] roots reached it, looked at every [`CHUNK_BATCHES`]
    /// batches.
    pub until_relative: Option<f64>,
    /// Worker threads (0: every core); no sum depends on them.
    pub threads: usize,
    /// The command line that reproduces the run (kept in the record).
    pub command: String,
}

impl TailConfig {
    /// Checks the configuration.
    ///
    /// # Errors
    /// [`RareError::Size`]: no rounds, a shard that is not one of the run, a relative
    /// half-width outside (0, 1), a shard with `until_relative`; [`RareError::Splitting`] as
    /// [`Splitting::check`].
    pub fn check(&self) -> Result<(), RareError> {
        self.splitting.check()?;
        if self.rounds == 0 {
            return Err(RareError::Size(
                "0 rounds; a run plays 1 or more root rounds".into(),
            ));
        }
        if let Some((index, count)) = self.shard {
            let batches = batches_of(self.rounds);
            if count == 0 || index >= count || count > batches {
                return Err(RareError::Size(format!(
                    "shard {index}/{count}: the shard's index is 0 to count - 1, and a run of {} root rounds has {batches} batches of 10,000, so at most {batches} shards",
                    self.rounds
                )));
            }
            if self.until_relative.is_some() {
                return Err(RareError::Size(
                    "a shard plays its share of the run; --until-relative is for a whole run"
                        .into(),
                ));
            }
        }
        if let Some(r) = self.until_relative
            && !(r > 0.0 && r < 1.0)
        {
            return Err(RareError::Size(format!(
                "relative half-width {r}; give a fraction between 0 and 1 (0.05 for 5 %)"
            )));
        }
        Ok(())
    }
}

/// Plays the rare-event run `config` describes of `game` in `mode` and returns its record.
///
/// # Errors
/// As [`TailConfig::check`]; [`RareError::Levels`] for a tail level above the game's cap
/// ([`levels_within_cap`]); [`RareError::Sim`] if the threads cannot be started or the run
/// was stopped before its first chunk of batches was finished.
pub fn run<G: SplittableGame>(
    game: &G,
    mode: G::Mode,
    config: &TailConfig,
    watch: Watch<'_>,
) -> Result<RareRecord, RareError> {
    levels_within_cap::<G>(&config.levels)?;
    let chain = GameChain { game, mode };
    let (sums, part) = run_chain(&chain, config, watch)?;
    Ok(RareRecord {
        format: FORMAT,
        game: G::NAME.to_string(),
        mode: G::mode_name(mode).to_string(),
        model: game.fingerprint(),
        method: METHOD.to_string(),
        importance: G::IMPORTANCE.to_string(),
        splitting: config.splitting.clone(),
        levels: config.levels.clone(),
        parts: vec![part],
        commands: vec![config.command.clone()],
        sums,
        conditional: false,
    })
}

/// Checks that no tail level is above the cap of `G` (`Game::CAP`; a game without a cap
/// has no such bound): a round of a capped game never wins more than the cap, so a level
/// above it is never reached, and a run for it (and the default plan aimed at it) would
/// only spend its time to print "never" (a mistyped `50000` for `5000`, say).
///
/// # Errors
/// [`RareError::Levels`] naming the highest level, the cap and the levels allowed.
pub fn levels_within_cap<G: slot_core::Game>(levels: &TailLevels) -> Result<(), RareError> {
    let Some(cap) = G::CAP else { return Ok(()) };
    let limit = cap.limit.hundredths();
    match levels.hundredths().last() {
        Some(&top) if top > limit => Err(RareError::Levels(format!(
            "{} x is above {}'s cap, {} x the bet: no round wins more, so no round reaches it; give levels above 0 and at most {}",
            plan::x_bet(top),
            G::NAME,
            plan::x_bet(limit),
            plan::x_bet(limit)
        ))),
        _ => Ok(()),
    }
}

/// Plays the run `config` describes of `chain`: its sums and the part of root rounds played
/// (what [`run`] records).
///
/// # Errors
/// As [`run`].
pub fn run_chain<C: Chain>(
    chain: &C,
    config: &TailConfig,
    watch: Watch<'_>,
) -> Result<(RareSums, Part), RareError> {
    config.check()?;
    let levels = config.levels.hundredths();
    let roots = Roots {
        chain,
        plan: &config.splitting,
        levels,
        seed: config.seed,
    };
    play_chunks(
        config,
        watch,
        config.splitting.denominator(),
        || Scratch::new(levels.len()),
        |b, n, sums, scratch| {
            let mut rng = batch_rng(config.seed, b);
            roots.play_batch(b, n, &mut rng, scratch, sums);
        },
    )
}

/// The batches of the run (or shard) `config` describes, played in chunks of
/// [`CHUNK_BATCHES`] on its threads: `play(b, n, sums, scratch)` folds batch b (its n root
/// rounds) into a worker's sums, with a scratch of the worker's own (`scratch()`); the sums
/// are integers and add up in any order. After each chunk the run stops if it was
/// interrupted (a chunk missing a batch is dropped whole) or every level is within
/// `config.until_relative`, its estimates taken over `d`. Returns the sums and the part of
/// root rounds played.
///
/// # Errors
/// [`RareError::Sim`] if the threads cannot be started; [`RareError::Interrupted`] if the
/// run was stopped before its first chunk was finished.
pub(crate) fn play_chunks<S: Send>(
    config: &TailConfig,
    watch: Watch<'_>,
    d: u64,
    scratch: impl Fn() -> S + Sync + Send,
    play: impl Fn(u64, u64, &mut RareSums, &mut S) + Sync + Send,
) -> Result<(RareSums, Part), RareError> {
    let levels = config.levels.hundredths();
    let all = batches_of(config.rounds);
    let range = match config.shard {
        Some((index, count)) => shard_batches(all, index, count),
        None => 0..all,
    };
    let pool = thread_pool(config.threads, range.end - range.start)?;
    let stopped = || watch.stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let mut sums = RareSums::new(levels);
    let mut end = range.start;
    while end < range.end && !stopped() {
        let next = (end + CHUNK_BATCHES).min(range.end);
        // Each worker folds the batches it takes into sums of its own (`None` once the run
        // is stopped: a chunk missing a batch is dropped whole); the sums add up in any order.
        let chunk = pool.install(|| {
            (end..next)
                .into_par_iter()
                .fold(
                    || Some((RareSums::new(levels), scratch())),
                    |acc, b| {
                        let (mut s, mut work) = acc?;
                        if stopped() {
                            return None;
                        }
                        let n = rounds_in(config.rounds, b, b + 1);
                        play(b, n, &mut s, &mut work);
                        if let Some(p) = watch.progress {
                            p.add_batch(n, 0);
                        }
                        Some((s, work))
                    },
                )
                .map(|acc| acc.map(|(s, _)| s))
                .reduce(
                    || Some(RareSums::new(levels)),
                    |a, b| match (a, b) {
                        (Some(mut a), Some(b)) => {
                            a.add(&b);
                            Some(a)
                        }
                        _ => None,
                    },
                )
        });
        let Some(chunk) = chunk else { break };
        sums.add(&chunk);
        end = next;
        if let Some(rel) = config.until_relative
            && record::estimates(&sums, d)
                .iter()
                .all(|e| e.precise_to(rel))
        {
            break;
        }
    }
    if end == range.start {
        return Err(RareError::Interrupted);
    }
    Ok((
        sums,
        Part {
            seed: config.seed,
            run_rounds: config.rounds,
            batches: [range.start, end],
        },
    ))
}
