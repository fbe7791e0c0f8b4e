//! The unbiasedness check of the splitting estimator against brute force, on levels common
//! enough to count (1 in 10^3 to 10^5): what `docs/rare-events.md` reports per game and what
//! each game's test runs at a small size.
//!
//! `seeds` runs of `roots` split root rounds (the plan under test) are compared with `seeds`
//! runs of `rounds` brute-force rounds (no splitting: the simulator's rounds) on other seeds.
//! Per level it counts the seeds whose two estimates lie outside their joint 99 % interval
//! (about 1 in 100 expected), and measures the distance of the split estimates' mean from the
//! pooled brute-force figure in joint standard errors (below 2 expected). Reporting only: the
//! figures are floats; the estimates they come from are exact sums.

use super::{RareError, Splitting, TailConfig, TailLevels, run};
use crate::Watch;
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
    let levels = c.levels.hundredths();
    let n = levels.len();
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
    let (mut split, mut outside) = (vec![Vec::new(); n], vec![0u32; n]);
    let (mut pooled_hits, mut pooled_rounds) = (vec![0u128; n], 0u64);
    for seed in 0..c.seeds {
        let s = run(
            game,
            mode,
            &config(c.plan.clone(), c.split_seed + seed, c.roots),
            Watch::default(),
        )?;
        let b = run(
            game,
            mode,
            &config(Splitting::none(), c.brute_seed + seed, c.rounds),
            Watch::default(),
        )?;
        pooled_rounds += b.sums.roots;
        for (l, (es, eb)) in s.estimates().iter().zip(b.estimates()).enumerate() {
            pooled_hits[l] += b.sums.tails[l].hits;
            let joint = (es.std_error.powi(2) + eb.std_error.powi(2)).sqrt();
            if (es.probability - eb.probability).abs() > Z99 * joint {
                outside[l] += 1;
            }
            split[l].push(es.probability);
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
