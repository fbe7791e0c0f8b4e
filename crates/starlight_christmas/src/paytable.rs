//! The paytable and the pay-anywhere evaluation of one grid (the rules (crate docs),
//! "Paytable" and "Scatters and free spins").
//!
//! Values are hundredths of the base bet. 8 or more cells of a paying symbol anywhere on the
//! grid win by their count: tier 1 for 8-9, tier 2 for 10-11, tier 3 for 12-30. The Scatter
//! pays by its count: 4 -> 3x, 5 -> 5x, 6 or more -> 100x.

use crate::rules::CAP;
use crate::symbols::{PAYING, SCATTER, ScGrid};
use slot_core::grid::Mask;
use slot_core::money::Win;

/// The pay of each paying symbol (by code) for 8-9, 10-11 and 12-30 cells, in hundredths of
/// the base bet (spec table, x 100).
pub const PAYS: [[u64; 3]; PAYING] = [
    [25, 75, 200],      // yellow gem
    [40, 90, 400],      // turquoise gem
    [50, 100, 500],     // green gem
    [80, 120, 800],     // blue gem
    [100, 150, 1000],   // red gem
    [150, 200, 1200],   // Star
    [200, 500, 1500],   // Moon
    [250, 1000, 2500],  // Heart
    [1000, 2500, 5000], // Sun
];

/// The fewest cells of one paying symbol that win.
pub const MIN_COUNT: u32 = 8;

/// The pay of `count` cells of paying symbol `symbol` (0 below 8).
#[inline]
pub fn pay(symbol: u8, count: u32) -> Win {
    let tier = match count {
        0..=7 => return Win::ZERO,
        8..=9 => 0,
        10..=11 => 1,
        _ => 2,
    };
    Win::from_hundredths(PAYS[symbol as usize][tier])
}

/// The Scatter pay for `count` Scatters (hundredths of the base bet): 4 -> 300, 5 -> 500,
/// 6+ -> 10,000, else 0.
#[inline]
pub fn scatter_pay(count: u32) -> Win {
    Win::from_hundredths(match count {
        0..=3 => 0,
        4 => 300,
        5 => 500,
        _ => 10_000,
    })
}

/// The pay-anywhere wins of one grid: calls `on_win(symbol, count, cells, win)` for each
/// winning paying symbol (lowest code first) and returns the grid's total symbol win and the
/// union of the winning cells (the cells a tumble removes). Scatters and Multipliers never win
/// here and are never in the returned mask.
#[inline]
pub(crate) fn pay_anywhere(
    grid: &ScGrid,
    mut on_win: impl FnMut(u8, u32, Mask, Win),
) -> (Win, Mask) {
    let mut total = Win::ZERO;
    let mut cells = 0;
    for s in 0..PAYING as u8 {
        let plane = grid.plane(s);
        let n = plane.count_ones();
        if n >= MIN_COUNT {
            let w = pay(s, n);
            total += w;
            cells |= plane;
            on_win(s, n, plane, w);
        }
    }
    (total, cells)
}

/// Number of Scatters on the grid.
#[inline]
pub fn scatters(grid: &ScGrid) -> u32 {
    grid.count(SCATTER)
}

/// One symbol win of a grid evaluated alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SymbolWin {
    /// The paying symbol's code.
    pub symbol: u8,
    /// How many cells hold it.
    pub count: u32,
    /// Its cells.
    pub cells: Mask,
    /// Its pay (hundredths of the base bet), unmultiplied.
    pub win: Win,
}

/// A grid evaluated alone, as if no tumble followed, as the runner's `eval` shows it
/// (guide, "Command reference").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridEvaluation {
    /// The symbol wins, lowest code first.
    pub wins: Vec<SymbolWin>,
    /// Their sum, unmultiplied.
    pub symbol_win: Win,
    /// The sum of the Multipliers on the grid.
    pub multiplier_sum: u32,
    /// Scatters on the grid.
    pub scatters: u32,
    /// Their pay.
    pub scatter_win: Win,
    /// symbol wins x (Multiplier sum, or 1 if none) + Scatter pay, before the cap.
    pub total: Win,
    /// What a round could pay for it: `total`, at most the 5,000 x cap.
    pub paid: Win,
}

impl GridEvaluation {
    /// What the symbol wins are multiplied by: the Multiplier sum, or 1 if the grid has none.
    pub fn multiplier(&self) -> u32 {
        self.multiplier_sum.max(1)
    }

    /// The grid triggers the free spins: at least [`crate::rules::TRIGGER_SCATTERS`] Scatters
    /// (in the base game).
    pub fn free_spins_triggered(&self) -> bool {
        self.scatters >= crate::rules::TRIGGER_SCATTERS
    }
}

/// Evaluates `grid` alone: its pay-anywhere wins, its Scatter pay, the sum of its Multipliers
/// and `total = symbol wins x (Multiplier sum, or 1 if none) + Scatter pay`.
pub fn evaluate_grid(grid: &ScGrid) -> GridEvaluation {
    let mut wins = Vec::new();
    let (symbol_win, _) = pay_anywhere(grid, |symbol, count, cells, win| {
        wins.push(SymbolWin {
            symbol,
            count,
            cells,
            win,
        })
    });
    let m = crate::symbols::multiplier_sum(grid);
    let n = scatters(grid);
    let scatter_win = scatter_pay(n);
    let total = symbol_win.times(u64::from(m.max(1))) + scatter_win;
    GridEvaluation {
        wins,
        symbol_win,
        multiplier_sum: m,
        scatters: n,
        scatter_win,
        total,
        paid: total.min(CAP.limit),
    }
}
