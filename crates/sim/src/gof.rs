//! The PAR report's goodness-of-fit section: do the simulated random draws follow the math
//! model?
//!
//! A run's first rounds (`--gof-rounds`, default [`DEFAULT_GOF_ROUNDS`]; the same rounds of the
//! same seed as the run's first batches) are played again with their event logs, and every
//! random input the game draws is read from the events: the reel set and stop of every reel
//! of a landing (`landed`), the cells drawn from a weighted table (Starlight Christmas: the
//! landed grid and every refilled cell), Multiplier values, Star values, gift prizes, respin
//! Stars, random powers. Each input's counts are tested against the model's weights with
//! Pearson's chi-square test ([`crate::stats::chi_square_uniformity`]): cells whose
//! expected count is below 5 are pooled with their neighbours (in table order) first, the
//! degrees of freedom are the pooled cells - 1, the p-value is the chi-square upper tail. A
//! sum of independent chi-square statistics is again chi-square with the summed degrees of
//! freedom, so the inputs of one table drawn in several places may be added; here every
//! input is tested on its own.
//!
//! Reading the section: under the model each p-value is uniform on (0, 1]; with K tests the
//! smallest is expected near 1 / K, so the section states the smallest p-value and whether it
//! passes the Bonferroni bound 0.01 / K (a family-wide 1 % test). Nothing is added to the hot
//! path of the simulation: the replay is a separate pass (in parallel over batches; its counts
//! add up in any order, so the section is the same for every thread count).

use crate::stats::{ChiSquare, chi_square_uniformity};
use rayon::prelude::*;
use serde::{Deserialize, Deserializer, Serialize};
use slot_core::Game;
use slot_core::events::EventLog;
use slot_core::game::RandomInput;
use slot_core::replay::{BATCH_ROUNDS, batch_rng, rounds_in};

/// Rounds replayed for the section when `--gof-rounds` is not given.
pub const DEFAULT_GOF_ROUNDS: u64 = 200_000;
/// The smallest expected count of a cell of the test; smaller cells are pooled.
pub const MIN_EXPECTED: f64 = 5.0;
/// The family-wide significance level of the section's verdict (Bonferroni).
pub const FAMILY_ALPHA: f64 = 0.01;

/// The counts of one random input: what the model gives each outcome (integer weights) and
/// how often each was drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Tally {
    /// The input, e.g. "base game reel set 0, reel 3 stops".
    pub name: String,
    /// The model's weight of each outcome (probability weight / total).
    pub weights: Vec<u64>,
    /// Draws of each outcome.
    pub observed: Vec<u64>,
}

impl Tally {
    /// A tally with no draws yet.
    pub fn new(name: impl Into<String>, weights: Vec<u64>) -> Tally {
        let n = weights.len();
        Tally {
            name: name.into(),
            weights,
            observed: vec![0; n],
        }
    }

    /// A uniform input over `n` outcomes (a stop over a strip of `n` positions).
    pub fn uniform(name: impl Into<String>, n: usize) -> Tally {
        Tally::new(name, vec![1; n])
    }

    /// One draw of outcome `i` (ignored if out of range: a tally never panics on a log).
    pub fn add(&mut self, i: usize) {
        if let Some(o) = self.observed.get_mut(i) {
            *o += 1;
        }
    }

    /// The chi-square test of the counts against the weights, cells with an expected count
    /// below [`MIN_EXPECTED`] pooled (in order, each pooled group closed once its expected
    /// count reaches the bound; a small last group joins the one before). `None` if fewer than
    /// two cells are left (too few draws to test). A draw of an outcome of weight 0 makes the
    /// statistic infinite (p = 0).
    pub fn test(&self) -> Option<GofTest> {
        let n: u64 = self.observed.iter().sum();
        let total: u64 = self.weights.iter().sum();
        if n == 0 || total == 0 {
            return None;
        }
        let impossible = self
            .weights
            .iter()
            .zip(&self.observed)
            .any(|(&w, &o)| w == 0 && o > 0);
        let mut groups: Vec<(u64, u64)> = Vec::new(); // (observed, weight)
        let (mut o, mut w) = (0u64, 0u64);
        for (&wi, &oi) in self.weights.iter().zip(&self.observed) {
            o += oi;
            w += wi;
            if w as f64 / total as f64 * n as f64 >= MIN_EXPECTED {
                groups.push((o, w));
                (o, w) = (0, 0);
            }
        }
        if w > 0 || o > 0 {
            match groups.last_mut() {
                Some(last) => {
                    last.0 += o;
                    last.1 += w;
                }
                None => groups.push((o, w)),
            }
        }
        if groups.len() < 2 {
            return None;
        }
        let observed: Vec<u64> = groups.iter().map(|g| g.0).collect();
        let expected: Vec<f64> = groups.iter().map(|g| g.1 as f64 / total as f64).collect();
        let chi = if impossible {
            ChiSquare::new(f64::INFINITY, groups.len() - 1)
        } else {
            chi_square_uniformity(&observed, &expected)
        };
        Some(GofTest {
            input: self.name.clone(),
            draws: n,
            outcomes: self.weights.len(),
            cells: groups.len(),
            statistic: chi.statistic,
            dof: chi.dof,
            p_value: chi.p_value,
        })
    }
}

/// Adds the counts of `b` to `a` (tallies of the same inputs, in the same order).
pub fn add_tallies(mut a: Vec<Tally>, b: Vec<Tally>) -> Vec<Tally> {
    for (x, y) in a.iter_mut().zip(b) {
        for (o, p) in x.observed.iter_mut().zip(y.observed) {
            *o += p;
        }
    }
    a
}

/// One input's test in the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GofTest {
    /// The random input.
    pub input: String,
    /// Draws counted.
    pub draws: u64,
    /// Outcomes the model gives it.
    pub outcomes: usize,
    /// Cells of the test after pooling.
    pub cells: usize,
    /// Pearson's statistic (infinite, `null` in JSON, when an outcome of weight 0 was drawn).
    #[serde(deserialize_with = "float_or_infinity")]
    pub statistic: f64,
    /// Degrees of freedom (cells - 1).
    pub dof: usize,
    /// The upper-tail p-value.
    pub p_value: f64,
}

/// Reads a float that JSON may hold as `null` (an infinite statistic is written so).
fn float_or_infinity<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    Ok(Option::<f64>::deserialize(d)?.unwrap_or(f64::INFINITY))
}

/// The section: which rounds, every test, and the verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GofSection {
    /// Rounds replayed (the run's first rounds, from its first batch).
    pub rounds: u64,
    /// The first batch of the seed's sequence replayed (0, or a shard's first batch).
    pub first_batch: u64,
    /// The tests, one per random input with enough draws.
    pub tests: Vec<GofTest>,
    /// Inputs not tested: too few draws for two cells of expected count 5.
    pub untested: Vec<String>,
    /// The smallest p-value.
    pub min_p_value: f64,
    /// The Bonferroni verdict: the smallest p-value is at least [`FAMILY_ALPHA`] / tests.
    pub passes_at_1_percent: bool,
}

impl GofSection {
    /// The section of the tallies.
    pub fn of(rounds: u64, first_batch: u64, tallies: &[Tally]) -> GofSection {
        let mut tests = Vec::new();
        let mut untested = Vec::new();
        for t in tallies {
            match t.test() {
                Some(x) => tests.push(x),
                None => untested.push(t.name.clone()),
            }
        }
        let min_p_value = tests.iter().map(|t| t.p_value).fold(1.0, f64::min);
        let passes_at_1_percent = min_p_value >= FAMILY_ALPHA / tests.len().max(1) as f64;
        GofSection {
            rounds,
            first_batch,
            tests,
            untested,
            min_p_value,
            passes_at_1_percent,
        }
    }

    /// The verdict in words.
    pub fn verdict(&self) -> String {
        format!(
            "{} tests on {} rounds; smallest p-value {:.4} ({} the Bonferroni bound {} / {} = {:.2e})",
            self.tests.len(),
            self.rounds,
            self.min_p_value,
            if self.passes_at_1_percent {
                "at least"
            } else {
                "BELOW"
            },
            FAMILY_ALPHA,
            self.tests.len().max(1),
            FAMILY_ALPHA / self.tests.len().max(1) as f64
        )
    }

    /// The section as text lines (for the readable report).
    pub fn text(&self) -> String {
        let mut s = format!(
            "  goodness of fit (chi-square of the simulated draws against the model)\n    {}\n",
            self.verdict()
        );
        for t in &self.tests {
            s.push_str(&format!(
                "    {:<44} draws {:>10}  chi2 {:>9.2}  dof {:>3}  p {:.4}\n",
                t.input, t.draws, t.statistic, t.dof, t.p_value
            ));
        }
        if !self.untested.is_empty() {
            s.push_str(&format!(
                "    too few draws to test: {}\n",
                self.untested.join(", ")
            ));
        }
        s
    }
}

/// The rounds a goodness-of-fit section replays: rounds `0..rounds` of the run that starts at
/// batch `first_batch` of seed `seed` (the batch streams of [`slot_core::replay`]; a shard's
/// first batch, 0 for a whole run).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GofSpan {
    /// The run's seed.
    pub seed: u64,
    /// The batch the replayed rounds start at.
    pub first_batch: u64,
    /// Rounds replayed.
    pub rounds: u64,
}

/// Replays the rounds `span` names of `game` in `mode`, each with its event log,
/// counts the draws of every random input the game lists ([`Game::random_inputs`],
/// [`Game::count_random_inputs`]) and tests them. Batches run in parallel; the counts add up
/// exactly whatever the order, so the section is the same for every thread count.
pub fn replay<G: Game>(game: &G, mode: G::Mode, span: GofSpan) -> GofSection {
    replay_against(game, mode, &game.random_inputs(mode), span)
}

/// [`replay`], with the draws tested against `inputs` (the weights of another model, say)
/// instead of the game's own: what shows that the section tells one model from another.
pub fn replay_against<G: Game>(
    game: &G,
    mode: G::Mode,
    inputs: &[RandomInput],
    span: GofSpan,
) -> GofSection {
    let GofSpan {
        seed,
        first_batch,
        rounds,
    } = span;
    let fresh = || -> Vec<Tally> {
        inputs
            .iter()
            .map(|i| Tally::new(i.name.clone(), i.weights.clone()))
            .collect()
    };
    let batches = rounds.div_ceil(BATCH_ROUNDS);
    let tallies = (0..batches)
        .into_par_iter()
        .map(|b| {
            let mut t = fresh();
            let mut counts: Vec<Vec<u64>> = t.iter().map(|x| vec![0; x.observed.len()]).collect();
            let mut rng = batch_rng(seed, first_batch + b);
            for _ in 0..rounds_in(rounds, b, b + 1) {
                let mut log = EventLog::default();
                game.play_round(mode, &mut rng, &mut log);
                game.count_random_inputs(mode, &log, &mut counts);
            }
            for (x, c) in t.iter_mut().zip(counts) {
                x.observed = c;
            }
            t
        })
        .reduce(fresh, add_tallies);
    GofSection::of(rounds, first_batch, &tallies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fair_count_passes_and_a_wrong_model_fails() {
        // 6,000 draws of a fair die, counted exactly 1,000 each: statistic 0, p = 1.
        let mut t = Tally::uniform("die", 6);
        t.observed = vec![1_000; 6];
        let x = t.test().unwrap();
        assert_eq!((x.statistic, x.dof, x.cells), (0.0, 5, 6));
        assert!((x.p_value - 1.0).abs() < 1e-12);
        // The same counts against a model that says outcome 0 has weight 2: expected
        // 6000 * 2/7 = 1714.3 and 857.1 for the others; chi2 = 297.5 + 5 * 23.8 = 416.5.
        let mut w = Tally::new("loaded die", vec![2, 1, 1, 1, 1, 1]);
        w.observed = vec![1_000; 6];
        let y = w.test().unwrap();
        assert!((y.statistic - 416.666_666).abs() < 0.01, "{}", y.statistic);
        assert!(y.p_value < 1e-80, "{}", y.p_value);
    }

    #[test]
    fn small_cells_are_pooled_and_impossible_draws_fail() {
        // Weights 100, 1, 1, 98 over 100 draws: expected 50, 0.5, 0.5, 49 -> cells
        // [50], [0.5 + 0.5 + 49] (the small run joins the next until it reaches 5).
        let mut t = Tally::new("t", vec![100, 1, 1, 98]);
        t.observed = vec![50, 1, 0, 49];
        let x = t.test().unwrap();
        assert_eq!((x.cells, x.dof), (2, 1));
        assert!(x.statistic.abs() < 1e-12);
        // A draw of an outcome the model never gives.
        let mut z = Tally::new("z", vec![1, 1, 0]);
        z.observed = vec![10, 10, 1];
        assert_eq!(z.test().unwrap().p_value, 0.0);
        // Too few draws for two cells.
        let mut few = Tally::uniform("few", 2);
        few.observed = vec![3, 2];
        assert_eq!(few.test(), None);
    }
}
