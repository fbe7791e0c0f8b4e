//! The paytable and the evaluation of one grid: 243 ways from the left, the Bonus scatter pay,
//! full-Wild reels and Stars (the rules, "Paytable", "Ways", "Gift bonus wins").
//!
//! Ways: for each paying symbol, count the reels from reel 1 that in an unbroken row each show
//! the symbol or a Wild; with `n >= 3` such reels the win is `pay[symbol][n] x (product of the
//! counts on those n reels)`. This pays every way once, at its longest match. Reel 1 never
//! holds a Wild (the strips and [`crate::symbols::parse_grid`] make sure of it), so every way
//! starts with a paying symbol and a way can pay for one symbol only.

use crate::symbols::{BONUS, PAYING, REEL_MASKS, REELS, STAR, SYMBOLS, WILD, WishGrid};
use slot_core::grid::Mask;
use slot_core::money::Win;
use smallvec::SmallVec;

/// Pay per way in hundredths of the total bet for 3, 4 and 5 reels, by symbol code (only the
/// paying symbols `0..10` have entries; the rest are zero).
pub const WAYS_PAY: [[u64; 3]; SYMBOLS] = [
    [20, 60, 200],   // 10
    [20, 60, 200],   // J
    [20, 60, 200],   // Q
    [20, 60, 200],   // K
    [20, 60, 200],   // A
    [40, 120, 300],  // Bell
    [80, 160, 320],  // Candy Cane
    [100, 200, 320], // Candle
    [100, 200, 400], // Tree
    [100, 300, 800], // Elf
    [0, 0, 0],       // Wild
    [0, 0, 0],       // Bonus
    [0, 0, 0],       // Star
];

/// Bonus symbols needed for the scatter pay and the free spins.
pub const SCATTER_COUNT: u32 = 3;

/// The scatter pay for 3 Bonus symbols anywhere: 1 x total bet (hundredths).
pub const SCATTER_PAY: Win = Win::from_hundredths(100);

/// Stars needed on a grid to start Lock & Spin.
pub const LOCK_AND_SPIN_STARS: u32 = 6;

/// One ways win: a paying symbol matched on the first `reels` reels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaysWin {
    /// The symbol code (see [`crate::symbols`]).
    pub symbol: u8,
    /// The number of reels matched from reel 1 (3, 4 or 5).
    pub reels: u8,
    /// The number of ways: the product of the symbol-or-Wild counts on those reels (1..=243).
    pub ways: u32,
    /// The cells taking part (symbol or Wild on the matched reels), as a bitboard.
    pub cells: Mask,
    /// The multiplier applied (1 in the base game, 2 in free spins).
    pub multiplier: u32,
    /// The paytable amount for all its ways: `WAYS_PAY[symbol][reels - 3] x ways`,
    /// hundredths of the bet, before the multiplier.
    pub pay: Win,
    /// The win: `pay x multiplier`, hundredths of the bet.
    pub win: Win,
}

impl WaysWin {
    /// The win of `symbol` (a paying symbol) on its first `reels` reels (3 to 5) with `ways`
    /// ways over `cells`, paid at `multiplier`: the pay and the win from [`WAYS_PAY`].
    ///
    /// # Panics
    /// If `symbol` is not a paying symbol or `reels` is not 3 to 5 (the callers find only
    /// such runs).
    #[inline]
    pub(crate) fn new(
        symbol: u8,
        reels: usize,
        ways: u32,
        cells: Mask,
        multiplier: PayMultiplier,
    ) -> WaysWin {
        // At most 3 cells per reel on 5 reels: `ways <= 3^5 = 243`, and the pay at most
        // 8.00 x bet x 243 x 2 = 388,800 hundredths (checked `Win` products all the same;
        // tests/rules.rs `the_largest_wins_are_exact`).
        let times = multiplier.value();
        let pay = Win::from_hundredths(WAYS_PAY[symbol as usize][reels - 3]).times(u64::from(ways));
        WaysWin {
            symbol,
            reels: reels as u8,
            ways,
            cells,
            multiplier: times,
            pay,
            win: pay.times(u64::from(times)),
        }
    }
}

/// Everything one grid shows, evaluated (the runner's `eval` prints this).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinEvaluation {
    /// The ways wins, in the order their symbols first appear on reel 1 from the top.
    pub ways: SmallVec<[WaysWin; 3]>,
    /// The Bonus symbols on the grid.
    pub bonus_cells: Mask,
    /// The scatter pay (`SCATTER_PAY x multiplier` with 3 or more Bonus, else zero).
    pub scatter_win: Win,
    /// Whether reel 2 and reel 4 (in that order) are full of Wilds: one gift bonus win each.
    pub full_wild_reels: [bool; 2],
    /// The Stars on the grid.
    pub star_cells: Mask,
    /// Ways wins plus the scatter pay (the grid's paytable win), hundredths of the bet.
    pub total: Win,
}

impl SpinEvaluation {
    /// True if the grid awards 10 free spins (3 or more Bonus symbols).
    pub fn free_spins_triggered(&self) -> bool {
        triggers_free_spins(self.bonus_cells.count_ones())
    }

    /// True if the grid starts Lock & Spin (6 or more Stars).
    pub fn lock_and_spin_triggered(&self) -> bool {
        triggers_lock_and_spin(self.star_cells.count_ones())
    }

    /// The number of gift bonus wins (0, 1 or 2).
    pub fn gift_bonus_wins(&self) -> u32 {
        self.full_wild_reels.iter().filter(|&&b| b).count() as u32
    }
}

/// The paytable multiplier of a spin: x1 in the base game, x2 in free spins (the rules (crate docs),
/// "Free spins": every paytable win is doubled).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PayMultiplier {
    /// The paid spin: x1.
    BaseGame,
    /// A free spin: x2.
    FreeSpin,
}

impl PayMultiplier {
    /// 1 or 2.
    #[inline]
    pub const fn value(self) -> u32 {
        match self {
            PayMultiplier::BaseGame => 1,
            PayMultiplier::FreeSpin => 2,
        }
    }
}

/// The ways wins of `grid` at `multiplier`. Allocation-free; at most 3 wins (one per distinct
/// symbol on reel 1).
#[inline]
pub fn ways_wins(grid: &WishGrid, multiplier: PayMultiplier) -> SmallVec<[WaysWin; 3]> {
    let mut out = SmallVec::new();
    let wild = grid.plane(WILD);
    let mut seen = 0u32;
    for cell in slot_core::grid::cells_of(REEL_MASKS[0]) {
        let s = grid.raw(cell);
        if (s as usize) >= PAYING.len() || seen & (1 << s) != 0 {
            continue;
        }
        seen |= 1 << s;
        let m = grid.plane(s) | wild;
        let mut ways = 1u32;
        let mut reels = 0usize;
        let mut cells = 0;
        while reels < REELS {
            let x = m & REEL_MASKS[reels];
            if x == 0 {
                break;
            }
            ways *= x.count_ones();
            cells |= x;
            reels += 1;
        }
        if reels >= 3 {
            out.push(WaysWin::new(s, reels, ways, cells, multiplier));
        }
    }
    out
}

/// Evaluates one grid of the paid spin: ways wins and scatter pay (x1), full-Wild reels,
/// Stars. Every grid of the type is 5 reels by 3 rows; any symbol placement is evaluated as it
/// stands (a grid from [`crate::symbols::parse_grid`] respects the reel rules).
pub fn evaluate(grid: &WishGrid) -> SpinEvaluation {
    evaluate_at(grid, PayMultiplier::BaseGame)
}

/// Evaluates one grid of a free spin: as [`evaluate`], with the ways wins and the scatter pay
/// doubled.
pub fn evaluate_free_spin(grid: &WishGrid) -> SpinEvaluation {
    evaluate_at(grid, PayMultiplier::FreeSpin)
}

/// True if `bonus` Bonus symbols on a grid pay the scatter and award free spins (3 or more;
/// the rules, "Free spins").
#[inline]
pub(crate) fn triggers_free_spins(bonus: u32) -> bool {
    bonus >= SCATTER_COUNT
}

/// True if `stars` Stars on a grid start Lock & Spin (6 or more; the rules, "Lock & Spin
/// jackpot feature").
#[inline]
pub(crate) fn triggers_lock_and_spin(stars: u32) -> bool {
    stars >= LOCK_AND_SPIN_STARS
}

/// The scatter pay at `multiplier`: 1.00 x bet, doubled in free spins (hundredths of the bet).
#[inline]
pub(crate) fn scatter_pay(multiplier: PayMultiplier) -> Win {
    SCATTER_PAY.times(u64::from(multiplier.value()))
}

/// Whether reel 2 and reel 4 (in that order) are full of Wilds, given the grid's Wild cells
/// (bit `row * 5 + reel`): one gift bonus win each (the rules, "Gift bonus wins").
#[inline]
pub(crate) fn full_wild_reels(wilds: Mask) -> [bool; 2] {
    [
        wilds & REEL_MASKS[1] == REEL_MASKS[1],
        wilds & REEL_MASKS[3] == REEL_MASKS[3],
    ]
}

/// Evaluates one grid at `multiplier`.
pub fn evaluate_at(grid: &WishGrid, multiplier: PayMultiplier) -> SpinEvaluation {
    let ways = ways_wins(grid, multiplier);
    let bonus_cells = grid.plane(BONUS);
    let scatter_win = if triggers_free_spins(bonus_cells.count_ones()) {
        scatter_pay(multiplier)
    } else {
        Win::ZERO
    };
    let full_wild_reels = full_wild_reels(grid.plane(WILD));
    let total = ways.iter().map(|w| w.win).sum::<Win>() + scatter_win;
    SpinEvaluation {
        ways,
        bonus_cells,
        scatter_win,
        full_wild_reels,
        star_cells: grid.plane(STAR),
        total,
    }
}
