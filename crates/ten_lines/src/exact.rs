//! The exact figures of a model: every combination of the five stops enumerated (the rules
//! make a round's value a function of the stops alone), in integers, so that the RTP, the hit
//! frequency and the free-spin trigger rate are exact fractions.
//!
//! Over the `N` combinations (the product of the strip lengths) the enumeration adds up the
//! line wins `L`, the Scatter pays `S` (both in hundredths of the total bet), the triggering
//! combinations `T` and the winning ones `H`, as `u128`. Free spins play the same strips with
//! line wins tripled and no retrigger, and each is independent of the others, so 10 free spins
//! are worth `10 (3 L + S) / N` exactly, and
//!
//! ```text
//! RTP = [ (L + S) / N + (T / N) x 10 (3 L + S) / N ] / 100
//!     = [ (L + S) N + 10 T (3 L + S) ] / (100 N^2)
//! ```
//!
//! A round wins something exactly when its paid spin does (a trigger pays the Scatter), so the
//! hit frequency is `H / N`; the trigger rate is `T / N`. The cap never cuts a round
//! ([`ExactFigures::largest_round_win_bound`] stays below it; a test shows it for the shipped
//! model), so these figures are the game's, not an upper bound. Floats appear only in
//! [`Fraction::to_f64`], for printing.

use crate::evaluate::evaluate;
use crate::math_model::{MathModel, ModelError};
use crate::paytable::{FREE_SPIN_LINE_MULTIPLIER, FREE_SPINS, SCATTER_PAY};
use crate::symbols::{REELS, ROWS, Window};
use slot_core::money::Win;

/// The most combinations [`ExactFigures::compute`] enumerates (2^30, about a minute
/// optimised); a model with longer strips has no exact figures here.
pub const MAX_COMBINATIONS: u128 = 1 << 30;

/// Why the exact figures of a model were not computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExactError {
    /// The model is not one the game plays.
    #[error(transparent)]
    Model(#[from] ModelError),
    /// Too many combinations to enumerate.
    #[error("the strips have {combinations} combinations of stops, more than the {max} enumerated")]
    TooMany {
        /// The product of the strip lengths.
        combinations: u128,
        /// [`MAX_COMBINATIONS`].
        max: u128,
    },
}

/// A non-negative fraction in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fraction {
    /// The numerator.
    pub numerator: u128,
    /// The denominator (positive).
    pub denominator: u128,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Fraction {
    /// `numerator / denominator` in lowest terms; `None` for a zero denominator.
    pub fn new(numerator: u128, denominator: u128) -> Option<Fraction> {
        if denominator == 0 {
            return None;
        }
        let g = gcd(numerator, denominator).max(1);
        Some(Fraction {
            numerator: numerator / g,
            denominator: denominator / g,
        })
    }

    /// The nearest `f64` (for printing and comparisons with a simulation; never in outcomes).
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }
}

impl std::fmt::Display for Fraction {
    /// `numerator/denominator`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

/// The sums of one enumeration over every combination of the five stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExactFigures {
    /// `N`: the combinations (the product of the strip lengths).
    pub combinations: u128,
    /// `L`: the line wins of every combination added up, hundredths of the total bet.
    pub line_sum: u128,
    /// `S`: the Scatter pays of every combination added up, hundredths of the total bet.
    pub scatter_sum: u128,
    /// `T`: the combinations with 3 or more Scatters (free spins triggered).
    pub triggers: u128,
    /// `H`: the combinations that win anything.
    pub hits: u128,
    /// The largest line total of any one combination, hundredths of the total bet.
    pub max_line_total: Win,
}

impl ExactFigures {
    /// Enumerates every combination of stops of `model`.
    ///
    /// # Errors
    /// [`ExactError::Model`] for a model the game refuses, [`ExactError::TooMany`] above
    /// [`MAX_COMBINATIONS`].
    pub fn compute(model: &MathModel) -> Result<ExactFigures, ExactError> {
        crate::math_model::validate(model)?;
        let combinations: u128 = model.strips.iter().map(|s| s.len() as u128).product();
        if combinations > MAX_COMBINATIONS {
            return Err(ExactError::TooMany {
                combinations,
                max: MAX_COMBINATIONS,
            });
        }
        let windows: Vec<Vec<[u8; ROWS]>> = model
            .strips
            .iter()
            .map(|s| {
                (0..s.len())
                    .map(|stop| std::array::from_fn(|r| s[(stop + r) % s.len()]))
                    .collect()
            })
            .collect();
        let mut f = ExactFigures {
            combinations,
            line_sum: 0,
            scatter_sum: 0,
            triggers: 0,
            hits: 0,
            max_line_total: Win::ZERO,
        };
        let mut w: Window = [[0; ROWS]; REELS];
        for a in &windows[0] {
            w[0] = *a;
            for b in &windows[1] {
                w[1] = *b;
                for c in &windows[2] {
                    w[2] = *c;
                    for d in &windows[3] {
                        w[3] = *d;
                        for e in &windows[4] {
                            w[4] = *e;
                            let ev = evaluate(&w);
                            let line = ev.line_total.hundredths();
                            let scatter = ev.scatter_win.hundredths();
                            f.line_sum += u128::from(line);
                            f.scatter_sum += u128::from(scatter);
                            f.triggers += u128::from(ev.triggered());
                            f.hits += u128::from(line + scatter > 0);
                            f.max_line_total = f.max_line_total.max(ev.line_total);
                        }
                    }
                }
            }
        }
        Ok(f)
    }

    /// The mean value of one free-spin award (10 spins), hundredths of the total bet:
    /// `10 (3 L + S) / N`.
    pub fn free_spins_value(&self) -> Fraction {
        let v = u128::from(FREE_SPINS)
            * (u128::from(FREE_SPIN_LINE_MULTIPLIER) * self.line_sum + self.scatter_sum);
        Fraction::new(v, self.combinations).unwrap_or(ZERO)
    }

    /// The base game's share of the RTP (its line and Scatter pays), a fraction of the stake:
    /// `(L + S) / (100 N)`.
    pub fn base_rtp(&self) -> Fraction {
        Fraction::new(self.line_sum + self.scatter_sum, 100 * self.combinations).unwrap_or(ZERO)
    }

    /// The free spins' share of the RTP, a fraction of the stake:
    /// `10 T (3 L + S) / (100 N^2)`.
    pub fn free_spins_rtp(&self) -> Fraction {
        let v = u128::from(FREE_SPINS)
            * (u128::from(FREE_SPIN_LINE_MULTIPLIER) * self.line_sum + self.scatter_sum);
        Fraction::new(
            self.triggers * v,
            100 * self.combinations * self.combinations,
        )
        .unwrap_or(ZERO)
    }

    /// The RTP, a fraction of the stake (the module docs give the formula).
    pub fn rtp(&self) -> Fraction {
        let n = self.combinations;
        let v = u128::from(FREE_SPINS)
            * (u128::from(FREE_SPIN_LINE_MULTIPLIER) * self.line_sum + self.scatter_sum);
        Fraction::new(
            (self.line_sum + self.scatter_sum) * n + self.triggers * v,
            100 * n * n,
        )
        .unwrap_or(ZERO)
    }

    /// The hit frequency: the chance a round wins anything, `H / N`.
    pub fn hit_frequency(&self) -> Fraction {
        Fraction::new(self.hits, self.combinations).unwrap_or(ZERO)
    }

    /// The free-spin trigger rate per round, `T / N`.
    pub fn trigger_rate(&self) -> Fraction {
        Fraction::new(self.triggers, self.combinations).unwrap_or(ZERO)
    }

    /// A bound on any round's win, hundredths of the total bet: the paid spin's largest line
    /// total and the Scatter pay, and 10 free spins each at 3 x that line total plus the
    /// Scatter pay. Below the cap, the cap never trims a round.
    pub fn largest_round_win_bound(&self) -> Win {
        let m = self.max_line_total.hundredths();
        let s = SCATTER_PAY.hundredths();
        Win::from_hundredths(m + s + u64::from(FREE_SPINS) * (FREE_SPIN_LINE_MULTIPLIER * m + s))
    }
}

const ZERO: Fraction = Fraction {
    numerator: 0,
    denominator: 1,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_are_reduced() {
        let f = Fraction::new(6, 8).unwrap();
        assert_eq!((f.numerator, f.denominator), (3, 4));
        assert_eq!(Fraction::new(1, 0), None);
        assert_eq!(Fraction::new(0, 5).unwrap().to_string(), "0/1");
    }
}
