//! The unbiasedness check of the splitting estimator against brute force, on levels common
//! enough to count (1 in 10^3 to 10^5): what `docs/rare-events.md` reports per game and what
//! each game's test runs at a small size.
//!
//! `seeds` runs of `roots` split root rounds (the plan under test) are compared with `seeds`
//! runs of `rounds` brute-force rounds (no splitting: the simulator's rounds) on other seeds.
//! Per level it counts the seeds whose two estimates lie outside their joint 99 % interval
//! (about 1 in 100 expected; a seed's brute-force standard error is the binomial one at the
//! pooled brute-force figure, so a seed that counted few or no hits is not put outside by its
//! own small count), and measures the distance of the split estimates' mean from the
//! pooled brute-force figure in joint standard errors (below 2 expected). Reporting only: the
//! figures are floats; the estimates they come from are exact sums.

use super::{RareError, Splitting, TailConfig, TailLevels, run};
use crate::Watch;
use slot_core::conditional::ConditionalBaseGame;
use slot_core::replay::{batch_rng, batches_of, rounds_in};
use slot_core::splitting::SplittableGame;

/// z of the two-sided 99 % normal interval.
const Z99: f64 = 2.575_829;

/// The extent of one check: the levels, the plan under test, how many seeds of each side and
/// how many root rounds (split) and rounds (brute force) each.
#[derive(Clone, Debug)]
pub struct CheckConfig {
    /// The levels compared, hundredths of the bet.
    pub levels: TailLevels,
    /// The splitting plan under test.
    pub plan: Splitting,
    /// Seeds of each side.
    pub seeds: u64,
    /// Root rounds of each split run.
    pub roots: u64,
    /// Rounds of each brute-force run.
    pub rounds: u64,
    /// The split runs play seeds `split_seed .. split_seed + seeds`.
    pub split_seed: u64,
    /// The brute-force runs play seeds `brute_seed .. brute_seed + seeds` (a range disjoint
    /// from the split runs', so the two sides are independent).
    pub brute_seed: u64,
    /// Worker threads of each run (changes no figure).
    pub threads: usize,
}

/// What the check measured at one level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Agreement {
    /// The level, hundredths of the bet.
    pub level: u64,
    /// Seeds whose split estimate and brute-force count lie outside their joint 99 % interval.
    pub outside: u32,
    /// The mean of the split estimates over the seeds (a probability).
    pub split_mean: f64,
    /// Its standard error (the sample sd of the estimates over the square root of the seeds).
    pub split_se: f64,
    /// The pooled brute-force figure: hits over rounds of every brute-force run.
    pub brute: f64,
    /// Its binomial standard error.
    pub brute_se: f64,
    /// |split mean - pooled brute force| in joint standard errors.
    pub distance: f64,
    /// The pooled brute-force hits.
    pub hits: u128,
}

/// Runs the check of `c` on `game` in `mode`: one [`Agreement`] per level, lowest first.
///
/// # Errors
/// What [`run`] refuses (a plan or levels not allowed, zero rounds).
pub fn agree_with_brute_force<G: SplittableGame>(
    game: &G,
    mode: G::Mode,
    c: &CheckConfig,
) -> Result<Vec<Agreement>, RareError> {
    let config = |plan: Splitting, seed: u64, rounds: u64| TailConfig {
        levels: c.levels.clone(),
        splitting: plan,
        seed,
        rounds,
        shard: None,
        until_relative: None,
        threads: c.threads,
        command: "unbiasedness check".into(),
    };
    agree(
        c,
        |seed| {
            run(
                game,
                mode,
                &config(c.plan.clone(), seed, c.roots),
                Watch::default(),
            )
        },
        |seed| {
            let b = run(
                game,
                mode,
                &config(Splitting::none(), seed, c.rounds),
                Watch::default(),
            )?;
            Ok((b.sums.tails.iter().map(|t| t.hits).collect(), b.sums.roots))
        },
    )
}

/// The same check for the conditional estimator of the base game alone
/// ([`super::conditional`]): `seeds` conditional runs of `roots` base games (`c.plan` plays no
/// part) against `seeds` counts of `rounds` base games each (the simulator's base games of
/// other seeds, [`slot_core::game::SplitGame::play_base_game`], whose win reaches the level or not).
///
/// # Errors
/// What [`super::conditional::run`] refuses (levels above the cap, zero rounds).
pub fn conditional_agrees_with_brute_force<G: ConditionalBaseGame>(
    game: &G,
    mode: G::Mode,
    c: &CheckConfig,
) -> Result<Vec<Agreement>, RareError> {
    let levels = c.levels.hundredths();
    agree(
        c,
        |seed| {
            let config = TailConfig {
                levels: c.levels.clone(),
                splitting: Splitting::none(),
                seed,
                rounds: c.roots,
                shard: None,
                until_relative: None,
                threads: c.threads,
                command: "unbiasedness check".into(),
            };
            super::conditional::run(game, mode, &config, Watch::default())
        },
        |seed| {
            if c.rounds == 0 {
                return Err(RareError::Size("0 brute-force rounds".into()));
            }
            let mut hits = vec![0u128; levels.len()];
            for b in 0..batches_of(c.rounds) {
                let mut rng = batch_rng(seed, b);
                for _ in 0..rounds_in(c.rounds, b, b + 1) {
                    let win = game.play_base_game(mode, &mut rng).win;
                    for (h, &l) in hits.iter_mut().zip(levels) {
                        *h += u128::from(win >= l);
                    }
                }
            }
            Ok((hits, c.rounds))
        },
    )
}

/// The comparison itself: per seed, the estimator's record (`estimate(split seed)`) against
/// the brute-force hits per level and rounds (`brute(brute seed)`).
fn agree(
    c: &CheckConfig,
    mut estimate: impl FnMut(u64) -> Result<super::RareRecord, RareError>,
    mut brute: impl FnMut(u64) -> Result<(Vec<u128>, u64), RareError>,
) -> Result<Vec<Agreement>, RareError> {
    let levels = c.levels.hundredths();
    let n = levels.len();
    // Per seed and level: the estimate, its standard error, the brute-force hits and rounds.
    let mut seeds: Vec<Vec<(f64, f64, u128, u64)>> = vec![Vec::new(); n];
    let (mut pooled_hits, mut pooled_rounds) = (vec![0u128; n], 0u64);
    for seed in 0..c.seeds {
        let s = estimate(c.split_seed + seed)?;
        let (hits, rounds) = brute(c.brute_seed + seed)?;
        pooled_rounds += rounds;
        for (l, es) in s.estimates().iter().enumerate() {
            pooled_hits[l] += hits[l];
            seeds[l].push((es.probability, es.std_error, hits[l], rounds));
        }
    }
    // A seed's brute-force count is binomial with the level's chance, whose best figure is
    // the pooled one: its standard error comes from that, not from the seed's own count
    // (which is 0 for a seed that counted nothing, and would put it outside for nothing).
    let mut split = vec![Vec::new(); n];
    let mut outside = vec![0u32; n];
    for l in 0..n {
        let pooled = pooled_hits[l] as f64 / pooled_rounds.max(1) as f64;
        for &(p, se, hits, rounds) in &seeds[l] {
            let pb = hits as f64 / rounds as f64;
            let se_b = (pooled * (1.0 - pooled) / rounds as f64).sqrt();
            let joint = (se * se + se_b * se_b).sqrt();
            if (p - pb).abs() > Z99 * joint {
                outside[l] += 1;
            }
            split[l].push(p);
        }
    }
    Ok((0..n)
        .map(|l| {
            let (split_mean, split_se) = mean_and_se(&split[l]);
            let brute = pooled_hits[l] as f64 / pooled_rounds as f64;
            let brute_se = (brute * (1.0 - brute) / pooled_rounds as f64).sqrt();
            let joint = (split_se * split_se + brute_se * brute_se).sqrt();
            Agreement {
                level: levels[l],
                outside: outside[l],
                split_mean,
                split_se,
                brute,
                brute_se,
                distance: (split_mean - brute).abs() / joint,
                hits: pooled_hits[l],
            }
        })
        .collect())
}

/// The mean of `x` and its standard error (sample sd over the square root of the count).
fn mean_and_se(x: &[f64]) -> (f64, f64) {
    let n = x.len() as f64;
    let mean = x.iter().sum::<f64>() / n;
    let var = x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

impl std::fmt::Display for Agreement {
    /// One line: both figures with their standard errors, the distance and the seeds outside.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "level {}: split mean {:.4e} (se {:.2e}), brute force {:.4e} (se {:.2e}, {} hits): {:.2} joint se; {} seeds outside the joint 99 % interval",
            super::plan::x_bet(self.level),
            self.split_mean,
            self.split_se,
            self.brute,
            self.brute_se,
            self.hits,
            self.distance,
            self.outside
        )
    }
}
