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
//! The variance of a round's win `W = X + I (Y_1 + ... + Y_10)` (the paid spin's `X = L + S`,
//! `I` its trigger, each free spin's `Y = 3 L + S` from a combination of its own) comes from
//! four more sums: `A2 = sum (L + S)^2`, `B2 = sum (3 L + S)^2` (from `sum L^2`,
//! `sum L S`, `sum S^2`) and `C = sum (L + S)` over the triggering combinations. With
//! `B1 = 3 L + S` summed, the free spins independent of the paid spin and of each other,
//!
//! ```text
//! E[W]   = (L + S) / N + (T / N) 10 B1 / N
//! E[W^2] = A2 / N + 2 (C / N) 10 B1 / N + (T / N) (10 B2 / N + 90 (B1 / N)^2)
//! Var W  = E[W^2] - E[W]^2
//! ```
//!
//! (the 90 counts the ordered pairs of different free spins of the 10), in integers over
//! `N^4`, so the variance is an exact fraction too ([`ExactFigures::variance`]).
//!
//! A round wins something exactly when its paid spin does (a trigger pays the Scatter), so the
//! hit frequency is `H / N`; the trigger rate is `T / N`. The cap never cuts a round
//! ([`ExactFigures::largest_round_win_bound`] stays below it; a test shows it for the shipped
//! model), so these figures are the game's, not an upper bound. Floats appear only in
//! [`Fraction::to_f64`], for printing.

use crate::evaluate::evaluate;
use crate::math_model::{MathModel, ModelError};
use crate::paytable::{FREE_SPIN_LINE_MULTIPLIER, FREE_SPINS, SCATTER_PAY};
use crate::round::TenLines;
use crate::symbols::{REELS, ROWS, Window};
use slot_core::exact::{ExactFigure, ExactGame, ExactSheet, FigureUnit};
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
    /// `sum L^2` over every combination, (hundredths of the total bet)^2.
    pub line_sq_sum: u128,
    /// `sum L S` over every combination, (hundredths of the total bet)^2.
    pub line_scatter_sum: u128,
    /// `sum S^2` over every combination, (hundredths of the total bet)^2.
    pub scatter_sq_sum: u128,
    /// `C`: `sum (L + S)` over the triggering combinations, hundredths of the total bet.
    pub trigger_win_sum: u128,
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
            line_sq_sum: 0,
            line_scatter_sum: 0,
            scatter_sq_sum: 0,
            trigger_win_sum: 0,
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
                            let (l, sc) = (u128::from(line), u128::from(scatter));
                            f.line_sum += l;
                            f.scatter_sum += sc;
                            f.line_sq_sum += l * l;
                            f.line_scatter_sum += l * sc;
                            f.scatter_sq_sum += sc * sc;
                            if ev.triggered() {
                                f.triggers += 1;
                                f.trigger_win_sum += l + sc;
                            }
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

    /// The variance of a round's win, (x the stake)^2, exactly (the module docs give the
    /// formula): `(N M2 - M1^2) / (100^2 N^4)` with `M1 = E[W] N^2` and `M2 = E[W^2] N^3` in
    /// hundredths of the bet. `None` if a term exceeds `u128` (not for strips of up to
    /// [`MAX_COMBINATIONS`] with this paytable's wins; checked, never wrapped).
    pub fn variance(&self) -> Option<Fraction> {
        let n = self.combinations;
        let spins = u128::from(FREE_SPINS);
        let k = u128::from(FREE_SPIN_LINE_MULTIPLIER);
        let a1 = self.line_sum.checked_add(self.scatter_sum)?;
        let a2 = self
            .line_sq_sum
            .checked_add(self.line_scatter_sum.checked_mul(2)?)?
            .checked_add(self.scatter_sq_sum)?;
        let b1 = k
            .checked_mul(self.line_sum)?
            .checked_add(self.scatter_sum)?;
        let b2 = (k * k)
            .checked_mul(self.line_sq_sum)?
            .checked_add((2 * k).checked_mul(self.line_scatter_sum)?)?
            .checked_add(self.scatter_sq_sum)?;
        let m1 = a1
            .checked_mul(n)?
            .checked_add(spins.checked_mul(self.triggers)?.checked_mul(b1)?)?;
        let pairs = spins * (spins - 1);
        let m2 = a2
            .checked_mul(n.checked_mul(n)?)?
            .checked_add(
                (2 * spins)
                    .checked_mul(self.trigger_win_sum)?
                    .checked_mul(b1)?
                    .checked_mul(n)?,
            )?
            .checked_add(
                self.triggers.checked_mul(
                    spins
                        .checked_mul(b2)?
                        .checked_mul(n)?
                        .checked_add(pairs.checked_mul(b1.checked_mul(b1)?)?)?,
                )?,
            )?;
        let numerator = n.checked_mul(m2)?.checked_sub(m1.checked_mul(m1)?)?;
        let denominator = 10_000u128.checked_mul(n.checked_pow(4)?)?;
        Fraction::new(numerator, denominator)
    }

    /// The standard deviation of a round's win, x the stake: the square root of
    /// [`ExactFigures::variance`] (the one rounding), `None` where it is.
    pub fn sd(&self) -> Option<f64> {
        self.variance().map(|v| v.to_f64().sqrt())
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

/// A fraction as the sheet's decimal parts.
fn parts(f: Fraction) -> (String, String) {
    (f.numerator.to_string(), f.denominator.to_string())
}

impl ExactFigures {
    /// The figures as a sheet ([`slot_core::exact::ExactSheet`]), in the order the runner's
    /// `exact ten-lines` prints them: the stop combinations, the RTP and its two shares, the
    /// hit frequency, the free-spin trigger rate (once in so many rounds), the mean value of
    /// an award of 10 free spins and the bound on a round's win (both x bet).
    pub fn sheet(&self) -> ExactSheet {
        let figure = |name, label, unit, f: Fraction| {
            ExactFigure::new(name, label, unit, parts(f), f.to_f64())
        };
        let x_bet =
            |hundredths: u128, of: u128| Fraction::new(hundredths, 100 * of).unwrap_or(ZERO);
        let bound = u128::from(self.largest_round_win_bound().hundredths());
        ExactSheet {
            figures: vec![
                figure(
                    "combinations",
                    "stop combinations",
                    FigureUnit::Integer,
                    Fraction::new(self.combinations, 1).unwrap_or(ZERO),
                ),
                figure("rtp", "RTP", FigureUnit::Fraction, self.rtp()),
                figure(
                    "base_rtp",
                    "base game share (line and Scatter pays)",
                    FigureUnit::Fraction,
                    self.base_rtp(),
                ),
                figure(
                    "free_spins_rtp",
                    "free-spin share",
                    FigureUnit::Fraction,
                    self.free_spins_rtp(),
                ),
                figure(
                    "hit_frequency",
                    "hit frequency (a round wins anything)",
                    FigureUnit::Fraction,
                    self.hit_frequency(),
                ),
                figure(
                    "trigger_rate",
                    "free spins triggered (3+ Scatters)",
                    FigureUnit::Fraction,
                    self.trigger_rate(),
                )
                .once_in("rounds"),
                figure(
                    "free_spins_value",
                    "mean value of 10 free spins",
                    FigureUnit::TimesBet,
                    x_bet(
                        self.free_spins_value().numerator,
                        self.free_spins_value().denominator,
                    ),
                ),
                figure(
                    "largest_round_win_bound",
                    "bound on a round's win (below the cap)",
                    FigureUnit::TimesBet,
                    x_bet(bound, 1),
                ),
            ],
            ..ExactSheet::default()
        }
    }
}

impl ExactGame for TenLines {
    type ExactError = ExactError;

    /// The model's figures by enumeration ([`ExactFigures::compute`],
    /// [`ExactFigures::sheet`]).
    ///
    /// # Errors
    /// [`ExactError`]: a model the game refuses, or one with more than
    /// [`MAX_COMBINATIONS`] combinations of stops.
    fn exact_sheet(&self) -> Result<ExactSheet, ExactError> {
        Ok(ExactFigures::compute(self.model())?.sheet())
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
