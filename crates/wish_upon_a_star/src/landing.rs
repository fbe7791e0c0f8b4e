//! The landed window of one spin in the form the round plays it (the rules, "Ways", "Gift
//! bonus wins", "Free spins", "Lock & Spin jackpot feature").
//!
//! A round does not need the full [`WishGrid`] (a cell array and 13 planes) to play a spin:
//! only the Stars, the Bonus symbols, the Wilds and the ways wins. Every stop of every strip
//! shows one of a few hundred columns, so [`Columns`] describes each (reel, stop) once, when
//! the game is built: its symbols, the set of symbols it holds and the cell masks and counts
//! of its Stars, Bonus symbols and Wilds, and each paying symbol's ways factor. A spin then
//! borrows five [`Column`]s and combines them with a few additions and ANDs ([`Landing`]); the
//! grid itself is built only for the round record. (The counts are kept and added rather than
//! counted with `count_ones` each spin: one addition per reel, and no popcount on a target
//! without one.)
//!
//! [`crate::evaluate::evaluate_at`] stays the plain statement of the paytable on a
//! [`WishGrid`]; the tests below check [`Landing`] against it on every kind of grid.

use crate::evaluate::{PayMultiplier, WaysWin};
use crate::symbols::{BONUS, PAYING, REELS, ROWS, STAR, WILD, WishGrid};
use slot_core::grid::{EMPTY, Mask};
use slot_core::sampling::ReelStrip;

/// Bit of the Stars' cell mask in [`Column::lanes`] and [`Landing::lanes`].
const STAR_LANE: u32 = 0;
/// Bit of the Bonus symbols' cell mask in the lanes.
const BONUS_LANE: u32 = 16;
/// Bit of the Wilds' cell mask in the lanes.
const WILD_LANE: u32 = 32;
/// One lane: a cell mask of the 15 cells (bit `row * 5 + col`).
const LANE: u64 = 0xFFFF;
/// Bit of the number of Stars (8 bits, at most 15) in the lanes.
const STAR_COUNT: u32 = 48;
/// Bit of the number of Bonus symbols (8 bits, at most 15) in the lanes.
const BONUS_COUNT: u32 = 56;
/// One count field of the lanes.
const COUNT: u64 = 0xFF;
/// The paying symbols' bits in a symbol set (codes `0..10`).
const PAYING_SET: u16 = (1 << PAYING.len()) - 1;

// A column's count of one symbol fits the 2 bits of `Column::ways_counts`, and the paying
// symbols' fields fit its 32 bits.
const _: () = assert!(ROWS <= 3 && 2 * PAYING.len() <= 32);

/// What one reel shows at one stop: its 3 symbols and, for the ways, the Stars, the Bonus
/// symbols and the Wilds, worked out once per (reel, stop).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    /// The symbol codes from the top row down ([`EMPTY`] for an empty cell of a grid from
    /// outside).
    window: [u8; ROWS],
    /// The symbols the column holds: bit `s` for code `s` (an empty cell has no bit).
    present: u16,
    /// For each paying symbol `s`, in bits `2s` and `2s + 1`: the number of the column's cells
    /// showing `s` or a Wild (0 to 3), the symbol's factor of the ways on this reel. Two bits
    /// hold it because a column has 3 rows, and 10 paying symbols fit 32 bits (both checked at
    /// compile time below).
    ways_counts: u32,
    /// The column's Stars, Bonus symbols and Wilds as cell masks of the whole grid (bit
    /// `row * 5 + reel`), one 16-bit lane each ([`STAR_LANE`], [`BONUS_LANE`],
    /// [`WILD_LANE`]), and the numbers of its Stars and Bonus symbols ([`STAR_COUNT`],
    /// [`BONUS_COUNT`]). The columns of different reels have no cell in common, so the sum of
    /// five columns' lanes holds the grid's masks and counts without a carry between fields.
    lanes: u64,
}

impl Column {
    /// The columns of `grid` (any 5x3 grid, empty cells included), reel 1 first.
    pub fn of_grid(grid: &WishGrid) -> [Column; REELS] {
        std::array::from_fn(|reel| {
            Column::new(
                reel,
                std::array::from_fn(|row| grid.raw(row * REELS + reel)),
            )
        })
    }

    /// The column of reel `reel` (0-based, `< 5`) showing `window` from the top row down.
    /// Codes are symbol codes or [`EMPTY`].
    pub fn new(reel: usize, window: [u8; ROWS]) -> Column {
        let mut present = 0u16;
        let mut lanes = 0u64;
        let mut ways_counts = 0u32;
        for (row, &s) in window.iter().enumerate() {
            let cell = 1u64 << (row * REELS + reel);
            match s {
                STAR => lanes += (cell << STAR_LANE) + (1 << STAR_COUNT),
                BONUS => lanes += (cell << BONUS_LANE) + (1 << BONUS_COUNT),
                WILD => lanes += cell << WILD_LANE,
                _ => {}
            }
            if s != EMPTY {
                present |= 1 << s;
            }
            for p in PAYING {
                if s == p || s == WILD {
                    ways_counts += 1 << (2 * p);
                }
            }
        }
        Column {
            window,
            present,
            ways_counts,
            lanes,
        }
    }
}

/// Every column of a set of strips: `Columns::new(strips).at(reel, stop)` is what reel
/// `reel` shows at stop `stop`. Built once per game (one entry per strip position).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Columns {
    reels: [Box<[Column]>; REELS],
}

impl Columns {
    /// The columns of every stop of `strips` (reel 1 first).
    pub fn new(strips: &[ReelStrip; REELS]) -> Columns {
        Columns {
            reels: std::array::from_fn(|reel| {
                let strip = &strips[reel];
                (0..strip.len())
                    .map(|stop| Column::new(reel, strip.window(stop)))
                    .collect()
            }),
        }
    }

    /// The column of reel `reel` at stop `stop` (`stop` below the strip's length).
    #[inline]
    pub fn at(&self, reel: usize, stop: usize) -> &Column {
        &self.reels[reel][stop]
    }
}

/// One landed 5x3 window, as the round plays it: the five columns, the masks of its Stars,
/// Bonus symbols and Wilds, and the paying symbols that win ways. It borrows the columns
/// (from [`Columns`], or from [`Column::of_grid`]), so that a spin moves 5 references rather
/// than 5 columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing<'a> {
    /// The columns, reel 1 first.
    columns: [&'a Column; REELS],
    /// The sum of the columns' lanes: the grid's Star, Bonus and Wild cells and its numbers
    /// of Stars and Bonus symbols.
    lanes: u64,
    /// The paying symbols of reel 1 that also stand, or have a Wild, on reels 2 and 3: exactly
    /// those with a ways win (a run of 3 or more reels).
    ways_symbols: u16,
}

impl<'a> Landing<'a> {
    /// The window made of `columns` (reel 1 first).
    #[inline]
    pub fn new(columns: [&'a Column; REELS]) -> Landing<'a> {
        // At most 15 cells of each kind: no field overflows into the next (see `Column::lanes`).
        let lanes = columns.iter().fold(0, |a, c| a + c.lanes);
        // A paying symbol runs on a reel if the reel shows it or any Wild.
        let on = |c: &Column| c.present | 0u16.wrapping_sub((c.present >> WILD) & 1);
        let ways_symbols = columns[0].present & PAYING_SET & on(columns[1]) & on(columns[2]);
        Landing {
            columns,
            lanes,
            ways_symbols,
        }
    }

    /// The grid itself (for the round record).
    pub fn grid(&self) -> WishGrid {
        let mut g = WishGrid::empty();
        for (reel, c) in self.columns.iter().enumerate() {
            for (row, &s) in c.window.iter().enumerate() {
                if s != EMPTY {
                    g.set(row * REELS + reel, s);
                }
            }
        }
        g
    }

    /// The Stars' cells.
    #[inline]
    pub fn stars(&self) -> Mask {
        (self.lanes >> STAR_LANE) & LANE
    }

    /// The number of Stars.
    #[inline]
    pub fn star_count(&self) -> u32 {
        ((self.lanes >> STAR_COUNT) & COUNT) as u32
    }

    /// The number of Bonus symbols.
    #[inline]
    pub fn bonus_count(&self) -> u32 {
        ((self.lanes >> BONUS_COUNT) & COUNT) as u32
    }

    /// The Bonus symbols' cells.
    #[inline]
    pub fn bonus(&self) -> Mask {
        (self.lanes >> BONUS_LANE) & LANE
    }

    /// The Wilds' cells.
    #[inline]
    pub fn wilds(&self) -> Mask {
        (self.lanes >> WILD_LANE) & LANE
    }

    /// Whether reel 2 or reel 4 is full of Wilds (one test of the Wild lane).
    #[inline]
    pub fn has_full_wild_reel(&self) -> bool {
        let [two, four] = self.full_wild_reels();
        two | four
    }

    /// Whether reel 2 and reel 4 (in that order) are full of Wilds.
    #[inline]
    pub fn full_wild_reels(&self) -> [bool; 2] {
        crate::evaluate::full_wild_reels(self.wilds())
    }

    /// True if the window has a ways win.
    #[inline]
    pub fn has_ways_win(&self) -> bool {
        self.ways_symbols != 0
    }

    /// The ways wins at `multiplier`, the same as [`crate::evaluate::ways_wins`] of the grid:
    /// in the order their symbols first appear on reel 1 from the top.
    #[cfg(test)]
    pub fn ways_wins(&self, multiplier: PayMultiplier) -> impl Iterator<Item = WaysWin> + '_ {
        let mut wins = Vec::new();
        self.for_each_ways_pay(multiplier, |w| {
            wins.push(WaysWin {
                cells: self.ways_cells(w.symbol, usize::from(w.reels)),
                ..w
            })
        });
        wins.into_iter()
    }

    /// The ways wins as the round pays them, each handed to `pay`, in the order their symbols
    /// first appear on reel 1 from the top (that of [`crate::evaluate::ways_wins`]): without
    /// the cells, which only the round record needs (`cells` is 0; [`Landing::ways_cells`]
    /// gives them). A round without a recorder never works them out.
    #[inline(always)]
    pub fn for_each_ways_pay(&self, multiplier: PayMultiplier, mut pay: impl FnMut(WaysWin)) {
        let mut left = self.ways_symbols;
        for &s in &self.columns[0].window {
            // `s` may be EMPTY (255): test the range before shifting.
            if (s as usize) < PAYING.len() && left & (1 << s) != 0 {
                left &= !(1 << s);
                pay(self.ways_pay(s, multiplier));
            }
        }
    }

    /// The ways win of paying symbol `s`, which is in `ways_symbols` (so runs 3 or more reels),
    /// without its cells.
    #[inline(always)]
    fn ways_pay(&self, s: u8, multiplier: PayMultiplier) -> WaysWin {
        // At most 3 cells per reel on 5 reels: `ways <= 3^5 = 243` (the pay's bound is in
        // `WaysWin::new`).
        let mut ways = 1u32;
        let mut reels = 0usize;
        for c in self.columns {
            let n = (c.ways_counts >> (2 * s)) & 3;
            if n == 0 {
                break;
            }
            ways *= n;
            reels += 1;
        }
        debug_assert!(reels >= 3, "symbol {s} has no ways win");
        WaysWin::new(s, reels, ways, 0, multiplier)
    }

    /// The cells showing `s` or a Wild on the first `reels` reels: a ways win's cells.
    pub fn ways_cells(&self, s: u8, reels: usize) -> Mask {
        let mut cells: Mask = 0;
        for (reel, c) in self.columns.iter().enumerate().take(reels) {
            for (row, &t) in c.window.iter().enumerate() {
                if t == s || t == WILD {
                    cells |= 1 << (row * REELS + reel);
                }
            }
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate::{evaluate_at, ways_wins};
    use crate::math_model::MathModel;
    use crate::symbols::{ACE, CELLS, ELF, KING, QUEEN, SYMBOLS, TEN, parse_grid};
    use rand_core::{Rng, SeedableRng};
    use slot_core::money::Win;

    #[test]
    fn a_column_knows_its_symbols_and_cells() {
        // Reel 2 (index 1), W / ST / W: cells 1 and 11 Wild, cell 6 a Star.
        let c = Column::new(1, [WILD, STAR, WILD]);
        assert_eq!(c.present, (1 << 10) | (1 << 12));
        // Two Wilds: a factor of 2 for every paying symbol.
        assert_eq!(c.ways_counts, 0xA_AAAA);
        assert_eq!(
            c.lanes,
            (1 << 6) | (((1 << 1) | (1 << 11)) << 32) | (1 << 48)
        );
        // Reel 5 (index 4), BO / 10 / empty: cell 4 Bonus, the empty cell has no bit.
        let c = Column::new(4, [BONUS, TEN, EMPTY]);
        assert_eq!(c.present, (1 << 11) | 1);
        assert_eq!(c.ways_counts, 1);
        assert_eq!(c.lanes, (1 << (4 + 16)) | (1 << 56));
        // Reel 2, K / W / K: 3 for the K, 1 (the Wild) for every other paying symbol.
        let c = Column::new(1, [KING, WILD, KING]);
        assert_eq!(c.ways_counts, 0x5_5555 + (2 << (2 * 3)));
        assert_eq!(c.lanes, 1 << (6 + 32));
        // Reel 3 (index 2), ST / BO / ST: two Stars (cells 2 and 12), one Bonus (cell 7).
        let c = Column::new(2, [STAR, BONUS, STAR]);
        assert_eq!(
            c.lanes,
            (1 << 2) | (1 << 12) | (1 << (7 + 16)) | (2 << 48) | (1 << 56)
        );
    }

    #[test]
    fn a_landing_pays_the_hand_worked_ways() {
        // Reels from the left: 10 J K / W K W / A 10 K / W A ST / K Q K.
        // 10: reel 1 (row 1), reel 2 by its 2 Wilds, reel 3 (row 2), reel 4 by its Wild,
        // not reel 5: 1 x 2 x 1 x 1 = 2 ways of 4 reels, 0.60 each.
        // J: reel 1, reel 2 by the Wilds, not reel 3: no win.
        // K: reel 1 (row 3), reel 2 K and 2 Wilds, reel 3 K, reel 4 Wild, reel 5 K twice:
        // 1 x 3 x 1 x 1 x 2 = 6 ways of 5 reels, 2.00 each.
        let g = parse_grid("10 W A W K / J K 10 A Q / K W K ST K").unwrap();
        let cols = Column::of_grid(&g);
        let l = Landing::new(cols.each_ref());
        assert!(l.has_ways_win());
        assert_eq!(l.ways_symbols, (1 << TEN) | (1 << KING));
        let w: Vec<_> = l.ways_wins(PayMultiplier::FreeSpin).collect();
        assert_eq!(w.len(), 2);
        assert_eq!((w[0].symbol, w[0].reels, w[0].ways), (TEN, 4, 2));
        assert_eq!(
            w[0].cells,
            (1 << 0) | (1 << 1) | (1 << 11) | (1 << 7) | (1 << 3)
        );
        assert_eq!(w[0].pay, Win::from_hundredths(120));
        assert_eq!(w[0].win, Win::from_hundredths(240));
        assert_eq!((w[1].symbol, w[1].reels, w[1].ways), (KING, 5, 6));
        assert_eq!(w[1].pay, Win::from_hundredths(1_200));
        assert_eq!(w[1].win, Win::from_hundredths(2_400));
        assert_eq!(w[1].multiplier, 2);
        assert_eq!(l.stars(), 1 << 13);
        assert_eq!(l.star_count(), 1);
        assert_eq!(l.bonus(), 0);
        assert_eq!(l.bonus_count(), 0);
        assert_eq!(l.wilds(), (1 << 1) | (1 << 3) | (1 << 11));
        assert_eq!(l.full_wild_reels(), [false, false]);
    }

    #[test]
    fn only_symbols_running_three_reels_win() {
        // Reel 1 Q A BO, reel 2 all Wilds, reel 3 BO Q A: Q and A both run to reel 3.
        let g = parse_grid("Q W BO W BO / A W Q W ST / BO W A W ST").unwrap();
        let cols = Column::of_grid(&g);
        let l = Landing::new(cols.each_ref());
        assert_eq!(l.ways_symbols, (1 << QUEEN) | (1 << ACE));
        assert_eq!(l.full_wild_reels(), [true, true]);
        // Reel 2 all J and no Wild: neither Q nor A reaches reel 3, no win; 3 Bonus, 2 Stars.
        let g = parse_grid("Q J BO K BO / A J el K ST / BO J el K ST").unwrap();
        let cols = Column::of_grid(&g);
        let l = Landing::new(cols.each_ref());
        assert!(!l.has_ways_win());
        assert_eq!(l.ways_wins(PayMultiplier::BaseGame).count(), 0);
        assert_eq!(l.bonus(), (1 << 2) | (1 << 4) | (1 << 10));
        assert_eq!(l.bonus_count(), 3);
        assert_eq!(l.stars(), (1 << 9) | (1 << 14));
        assert_eq!(l.star_count(), 2);
        // Reel 1 el el BO, reel 2 all Wilds, reel 3 BO el el, reel 4 all J: Elf wins
        // 2 x 3 x 2 = 12 ways of 3 reels; only reel 2 is full of Wilds.
        let g = parse_grid("el W BO J BO / el W el J ST / BO W el J ST").unwrap();
        let cols = Column::of_grid(&g);
        let l = Landing::new(cols.each_ref());
        assert_eq!(l.full_wild_reels(), [true, false]);
        assert_eq!(l.ways_symbols, 1 << ELF);
        assert_eq!(
            l.ways_wins(PayMultiplier::BaseGame)
                .map(|w| (w.reels, w.ways))
                .collect::<Vec<_>>(),
            [(3, 2 * 3 * 2)]
        );
    }

    #[test]
    fn the_grid_comes_back_cell_for_cell() {
        let g = parse_grid("10 W BO W ST / J K A Q el / be cc cd tr BO").unwrap();
        assert_eq!(Landing::new(Column::of_grid(&g).each_ref()).grid(), g);
        let mut g = WishGrid::empty();
        g.set(7, STAR);
        assert_eq!(Landing::new(Column::of_grid(&g).each_ref()).grid(), g);
    }

    /// `landing` evaluates as `evaluate_at` on `grid`.
    fn same_as_evaluate(grid: &WishGrid, landing: &Landing) {
        for m in [PayMultiplier::BaseGame, PayMultiplier::FreeSpin] {
            let ev = evaluate_at(grid, m);
            let ways: Vec<_> = landing.ways_wins(m).collect();
            assert_eq!(ways.as_slice(), ways_wins(grid, m).as_slice(), "{grid:?}");
            assert_eq!(landing.has_ways_win(), !ways.is_empty());
            assert_eq!(landing.stars(), ev.star_cells);
            assert_eq!(landing.star_count(), ev.star_cells.count_ones());
            assert_eq!(landing.bonus(), ev.bonus_cells);
            assert_eq!(landing.bonus_count(), ev.bonus_cells.count_ones());
            assert_eq!(landing.full_wild_reels(), ev.full_wild_reels);
            assert_eq!(landing.wilds(), grid.plane(WILD));
        }
    }

    #[test]
    fn every_stop_of_the_shipped_strips_is_its_window() {
        let m = MathModel::standard();
        for strips in [&m.base_strips, &m.free_strips] {
            let cols = Columns::new(strips);
            for (reel, strip) in strips.iter().enumerate() {
                assert_eq!(cols.reels[reel].len(), strip.len());
                for stop in 0..strip.len() {
                    let w: [u8; ROWS] = strip.window(stop);
                    assert_eq!(cols.at(reel, stop).window, w);
                    assert_eq!(cols.at(reel, stop), &Column::new(reel, w));
                }
            }
        }
    }

    #[test]
    fn landings_evaluate_as_the_grid_does() {
        let m = MathModel::standard();
        let mut rng = rand_pcg::Pcg64::seed_from_u64(11);
        for strips in [&m.base_strips, &m.free_strips] {
            let cols = Columns::new(strips);
            for _ in 0..20_000 {
                let stops: [usize; REELS] = std::array::from_fn(|r| strips[r].draw_stop(&mut rng));
                let landing = Landing::new(std::array::from_fn(|r| cols.at(r, stops[r])));
                let windows: [[u8; ROWS]; REELS] =
                    std::array::from_fn(|r| strips[r].window(stops[r]));
                let grid = WishGrid::from_columns(&windows);
                assert_eq!(landing.grid(), grid);
                assert_eq!(Landing::new(Column::of_grid(&grid).each_ref()), landing);
                same_as_evaluate(&grid, &landing);
            }
        }
        // Any placement, empty cells and Wilds on reel 1 included, with few symbols so that
        // long runs and many ways are common.
        for _ in 0..50_000 {
            let mut g = WishGrid::empty();
            for cell in 0..CELLS {
                let pick = rng.next_u32() % 8;
                let s = match pick {
                    0 => WILD,
                    1 => STAR,
                    2 => BONUS,
                    3 => continue,
                    _ => (pick as u8 - 4) * 3 % SYMBOLS as u8,
                };
                g.set(cell, s);
            }
            same_as_evaluate(&g, &Landing::new(Column::of_grid(&g).each_ref()));
            assert_eq!(Landing::new(Column::of_grid(&g).each_ref()).grid(), g);
        }
    }
}
