//! The base game's chance of reaching a win level given everything it drew but its
//! Multipliers' values ([`slot_core::conditional::ConditionalBaseGame`]): what the conditional
//! estimator (`slot_sim::rare::conditional`, `cargo xtask tail starlight-christmas
//! --base-game`) averages to give the odds that the base game alone reaches the 5,000 x cap,
//! far too rare to count (about 1 in 3e8 base games in the standard mode).
//!
//! A Multiplier's value is drawn when it lands (from the base game's value weights, the same
//! in both bet modes), and nothing in the sequence looks at it: the tumbles never remove a
//! Multiplier, and the refills are drawn from fresh generator bits whatever the value was. So
//! given the rest of the base game (its symbol wins T, the count k of Multipliers on its
//! final grid, its Scatter pay s), the values are k independent draws, and the base game's
//! win is `min(T x max(S, 1) + s, 5,000 x)` with S their sum (the rules: the sequence's
//! symbol wins times the sum of the Multipliers, x1 without; symbol wins that reach the cap
//! on their own are paid without multiplying; the Scatter pay after). For a level x up to the
//! cap, the base game reaches x exactly when `T x max(S, 1) >= x - s`, whose chance is:
//! 1 if `s >= x` or T reached the cap alone; 0 if T = 0; for k = 0 whether T >= x - s; else
//! P(S_k >= ceil((x - s) / T)), from the exact distribution of the sum of k values
//! ([`ValueSums`], worked out once per run by convolution). Floats: the chances are
//! statistics of the estimate, never a round's outcome.

use crate::cells::{CellSource, RngCells, Table};
use crate::paytable::{scatter_pay, scatters};
use crate::round::StarlightChristmas;
use crate::rules::BetMode;
#[cfg(test)]
use crate::rules::CAP;
use crate::spin::tumble;
use crate::symbols::{MULTIPLIER_VALUES, ScGrid, multiplier_cells, multiplier_sum};
use rand_core::Rng;
use slot_core::conditional::ConditionalBaseGame;
use slot_core::money::Win;
use slot_core::recorder::NoRecorder;

/// The exact distribution of the sum of k Multiplier values (k = 1 to 30, the grid's cells),
/// each drawn from the base game's value weights: `P(S_k >= y)` for every y.
#[derive(Clone, Debug)]
pub struct ValueSums {
    /// `tails[k - 1][y]` = P(S_k >= y), y = 0 to 500 k (1 at y = 0).
    tails: Vec<Vec<f64>>,
}

impl ValueSums {
    /// The sums of values drawn with `weights` (by index of [`MULTIPLIER_VALUES`]: x2 first,
    /// x500 last). A table whose weights add up to 0 gives chances of 0 (no Multiplier can
    /// land, so none is asked for).
    pub fn new(weights: &[u32; MULTIPLIER_VALUES.len()]) -> ValueSums {
        let total: f64 = weights.iter().map(|&w| f64::from(w)).sum();
        let max = *MULTIPLIER_VALUES.last().expect("15 values") as usize;
        let mut one = vec![0.0; max + 1];
        if total > 0.0 {
            for (&v, &w) in MULTIPLIER_VALUES.iter().zip(weights) {
                one[v as usize] += f64::from(w) / total;
            }
        }
        let mut tails = Vec::with_capacity(ScGrid::CELLS);
        let mut pmf = one.clone();
        for k in 1..=ScGrid::CELLS {
            if k > 1 {
                let mut next = vec![0.0; max * k + 1];
                for (a, &pa) in pmf.iter().enumerate().filter(|&(_, &p)| p > 0.0) {
                    for (b, &pb) in one.iter().enumerate().filter(|&(_, &p)| p > 0.0) {
                        next[a + b] += pa * pb;
                    }
                }
                pmf = next;
            }
            let mut tail = vec![0.0; pmf.len()];
            let mut acc = 0.0;
            for y in (0..pmf.len()).rev() {
                acc += pmf[y];
                tail[y] = acc.min(1.0);
            }
            tails.push(tail);
        }
        ValueSums { tails }
    }

    /// P(S_k >= y): the chance that k values add up to y or more; 1 for y = 0, 0 above
    /// 500 k. `k` from 1 to 30 (a larger k is taken as 30, which no grid exceeds).
    pub fn at_least(&self, k: u32, y: u64) -> f64 {
        let k = (k as usize).clamp(1, self.tails.len());
        let tail = &self.tails[k - 1];
        usize::try_from(y)
            .ok()
            .and_then(|y| tail.get(y))
            .copied()
            .unwrap_or(0.0)
    }
}

/// A base game split into what decides its win: symbol wins, Multipliers, Scatter pay.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct BaseParts {
    /// The sequence's symbol wins, unmultiplied (stopped at the cap if they reach it alone).
    pub symbol_win: Win,
    /// The symbol wins alone reached the cap.
    pub symbols_capped: bool,
    /// Multipliers on the final grid.
    pub multipliers: u32,
    /// The sum of their values (what the set-aside draws gave this time).
    pub multiplier_sum: u32,
    /// The Scatter pay of the final grid.
    pub scatter_pay: Win,
}

impl BaseParts {
    /// The base game's win from its parts, after the cap (the rules' settlement).
    #[cfg(test)]
    pub(crate) fn win(&self) -> Win {
        let applied = if self.symbols_capped {
            1
        } else {
            self.multiplier_sum.max(1)
        };
        let w = self.symbol_win.hundredths() * u64::from(applied) + self.scatter_pay.hundredths();
        Win::from_hundredths(w.min(CAP.limit.hundredths()))
    }

    /// The chance that a base game with these parts but other Multiplier values reaches
    /// `level` (hundredths, at most the cap).
    pub(crate) fn chance(&self, sums: &ValueSums, level: Win) -> f64 {
        let Some(need) = level
            .hundredths()
            .checked_sub(self.scatter_pay.hundredths())
        else {
            return 1.0;
        };
        let t = self.symbol_win.hundredths();
        if need == 0 || self.symbols_capped {
            1.0
        } else if t == 0 {
            0.0
        } else if self.multipliers == 0 {
            if t >= need { 1.0 } else { 0.0 }
        } else {
            sums.at_least(self.multipliers, need.div_ceil(t))
        }
    }
}

impl StarlightChristmas {
    /// The base game of a round in `mode` drawn with `rng` (the draws of
    /// [`StarlightChristmas::play_base_game`]), split into its parts.
    pub(crate) fn base_parts<R: Rng + ?Sized>(&self, mode: BetMode, rng: &mut R) -> BaseParts {
        let table = match mode {
            BetMode::Standard => Table::Base,
            BetMode::Ante => Table::AnteBase,
        };
        let mut src: RngCells<'_, R> = self.cells(rng);
        let mut grid = ScGrid::empty();
        // A quiet grid: no symbol win, no Multiplier, fewer than 4 Scatters (no pay).
        if src.land_quiet(table, &mut grid) {
            return BaseParts::default();
        }
        let seq = tumble(&mut grid, table, Win::ZERO, &mut src, &mut NoRecorder);
        BaseParts {
            symbol_win: seq.total,
            symbols_capped: seq.capped,
            multipliers: multiplier_cells(&grid).count_ones(),
            multiplier_sum: multiplier_sum(&grid),
            scatter_pay: scatter_pay(scatters(&grid)),
        }
    }
}

impl ConditionalBaseGame for StarlightChristmas {
    type Aid = ValueSums;

    const SET_ASIDE: &'static str = "the values of the Multipliers on the base game's final grid";

    /// The sums of the base game's Multiplier values (the same table in both modes).
    fn conditional_aid(&self, _: BetMode) -> ValueSums {
        let w = self.tables().base_values.weights();
        ValueSums::new(&std::array::from_fn(|i| w.get(i).copied().unwrap_or(0)))
    }

    fn base_game_chances<R: Rng + ?Sized>(
        &self,
        mode: BetMode,
        aid: &ValueSums,
        levels: &[Win],
        rng: &mut R,
        chances: &mut [f64],
    ) {
        let parts = self.base_parts(mode, rng);
        for (c, &level) in chances.iter_mut().zip(levels) {
            *c = parts.chance(aid, level);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;

    /// x2 with weight 3, x500 with weight 1, no other value.
    fn two_values() -> ValueSums {
        let mut w = [0u32; 15];
        w[0] = 3;
        w[14] = 1;
        ValueSums::new(&w)
    }

    #[test]
    fn value_sums_are_the_hand_worked_chances() {
        let s = two_values();
        // One value: x2 (3/4) or x500 (1/4).
        assert_eq!(s.at_least(1, 0), 1.0);
        assert_eq!(s.at_least(1, 2), 1.0);
        assert!((s.at_least(1, 3) - 0.25).abs() < 1e-15);
        assert!((s.at_least(1, 500) - 0.25).abs() < 1e-15);
        assert_eq!(s.at_least(1, 501), 0.0);
        // Two values: 4 (9/16), 502 (6/16), 1000 (1/16).
        assert_eq!(s.at_least(2, 4), 1.0);
        assert!((s.at_least(2, 5) - 7.0 / 16.0).abs() < 1e-15);
        assert!((s.at_least(2, 503) - 1.0 / 16.0).abs() < 1e-15);
        assert!((s.at_least(2, 1000) - 1.0 / 16.0).abs() < 1e-15);
        assert_eq!(s.at_least(2, 1001), 0.0);
        assert_eq!(s.at_least(2, u64::MAX), 0.0);
    }

    #[test]
    fn a_base_game_s_chance_follows_the_settlement_rule() {
        let s = two_values();
        let parts = |t: u64, k: u32, sc: u64| BaseParts {
            symbol_win: Win::from_hundredths(t),
            symbols_capped: false,
            multipliers: k,
            multiplier_sum: 0,
            scatter_pay: Win::from_hundredths(sc),
        };
        let x = |v: u64| Win::from_hundredths(v * 100);
        // 10 x of symbol wins and one Multiplier: 5,000 x needs the x500 (1/4); 20 x (x2)
        // or more: sure.
        assert!((parts(1_000, 1, 0).chance(&s, x(5_000)) - 0.25).abs() < 1e-15);
        assert_eq!(parts(1_000, 1, 0).chance(&s, x(20)), 1.0);
        // 10.01 x and one Multiplier: 21 x needs more than x2 (ceil(2,100 / 1,001) = 3).
        assert!((parts(1_001, 1, 0).chance(&s, x(21)) - 0.25).abs() < 1e-15);
        // A Scatter pay of 3 x counts before: 10 x x2 + 3 x = 23 x reaches 23 x surely.
        assert_eq!(parts(1_000, 1, 300).chance(&s, x(23)), 1.0);
        assert!((parts(1_000, 1, 300).chance(&s, x(24)) - 0.25).abs() < 1e-15);
        // No Multiplier: the symbol wins and the Scatter pay decide.
        assert_eq!(parts(1_000, 0, 300).chance(&s, x(13)), 1.0);
        assert_eq!(parts(1_000, 0, 300).chance(&s, x(14)), 0.0);
        // No symbol win: only the Scatter pay.
        assert_eq!(parts(0, 2, 300).chance(&s, x(3)), 1.0);
        assert_eq!(parts(0, 2, 300).chance(&s, x(4)), 0.0);
        // Symbol wins that reached the cap alone: sure at every level.
        let capped = BaseParts {
            symbols_capped: true,
            symbol_win: x(5_000),
            ..parts(0, 0, 0)
        };
        assert_eq!(capped.chance(&s, x(5_000)), 1.0);
        // Two Multipliers, 5 x of symbol wins: 5,000 x needs both x500 (1,000): 1/16.
        assert!((parts(500, 2, 0).chance(&s, x(5_000)) - 1.0 / 16.0).abs() < 1e-15);
    }

    /// The parts rebuild the base game's win exactly, and take the same draws, round by
    /// round, in both modes.
    #[test]
    fn parts_rebuild_the_base_game_with_the_same_draws() {
        let game = StarlightChristmas::standard();
        for mode in [BetMode::Standard, BetMode::Ante] {
            let mut a = rand_pcg::Pcg64::seed_from_u64(20261604);
            let mut b = a.clone();
            let mut with_multipliers = 0;
            for _ in 0..100_000 {
                let played = game.play_base_game(mode, &mut a);
                let parts = game.base_parts(mode, &mut b);
                assert_eq!(parts.win().hundredths(), played.win, "{mode:?} {parts:?}");
                assert_eq!(a.next_u64(), b.next_u64());
                with_multipliers += u32::from(parts.multipliers > 0 && !parts.symbol_win.is_zero());
            }
            assert!(with_multipliers > 100, "{mode:?}: {with_multipliers}");
        }
    }
}
