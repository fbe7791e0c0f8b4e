//! The grid a spin plays on, as its eight symbol planes alone: one 25-bit mask per symbol code
//! (bit `row * 5 + col`, as in [`crate::symbols`]) in a `u32`, an empty cell in none of them.
//!
//! Everything a spin does to its grid is a whole-plane operation here: the evaluation reads the
//! planes, a tumble or a Storm removes cells from every plane, new Wilds are set in the Wild
//! plane, Love moves a plane, and gravity moves every plane down by bit shifts
//! ([`Board::fall`]). A [`MpGrid`] also keeps a cell array in step with its planes, which costs
//! a write per cell moved; the spin has no use for it, so it plays on a `Board` and builds the
//! grid only for the round record ([`Board::grid`]).

use crate::symbols::{MpGrid, SYMBOLS, WILD};
use slot_core::grid::{Mask, cells_of};

/// Every cell of the 5 x 5 grid.
const ALL: u32 = (1 << 25) - 1;

/// Rows are 5 cells apart: a cell's neighbour below is 5 bits up.
const ROW: u32 = 5;

/// A 5 x 5 grid as its symbol planes: `planes[s]` holds the cells of code `s`. The planes are
/// disjoint and within the 25 cells (every way of building one keeps them so).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Board {
    planes: [u32; SYMBOLS],
}

impl Board {
    /// The board of `g`.
    #[inline]
    pub(crate) fn of(g: &MpGrid) -> Board {
        // A grid's planes hold its 25 cells only.
        Board {
            planes: g.planes().map(|p| p as u32),
        }
    }

    /// The board whose cells of code `s` are `planes[s]`, which are disjoint and within the
    /// 25 cells (a landing's reel windows are).
    #[inline]
    pub(crate) fn from_planes(planes: [u32; SYMBOLS]) -> Board {
        debug_assert!(
            planes
                .iter()
                .fold((0u32, true), |(seen, ok), &p| {
                    (seen | p, ok && seen & p == 0 && p & !ALL == 0)
                })
                .1,
            "planes overlap or leave the grid"
        );
        Board { planes }
    }

    /// The same cells as a [`MpGrid`] (for the round record and `eval`).
    pub(crate) fn grid(&self) -> MpGrid {
        let mut g = MpGrid::empty();
        for (s, &p) in (0u8..).zip(&self.planes) {
            for i in cells_of(u64::from(p)) {
                g.set(i, s);
            }
        }
        g
    }

    /// The planes, by symbol code, as the grid's masks ([`Mask`]).
    #[inline]
    pub(crate) fn planes(&self) -> [Mask; SYMBOLS] {
        self.planes.map(u64::from)
    }

    /// The cells of code `s` (`< 8`).
    #[inline]
    pub(crate) fn plane(&self, s: u8) -> Mask {
        u64::from(self.planes[usize::from(s)])
    }

    /// The occupied cells.
    #[inline]
    pub(crate) fn occupied(&self) -> Mask {
        u64::from(self.planes.iter().fold(0, |a, p| a | p))
    }

    /// Empties `cells` (cells of the grid; empty ones stay empty).
    #[inline]
    pub(crate) fn remove(&mut self, cells: Mask) {
        debug_assert_eq!(cells & !u64::from(ALL), 0, "cells outside the grid");
        let cells = cells as u32;
        for p in &mut self.planes {
            *p &= !cells;
        }
    }

    /// Puts a Wild on each of `cells` (cells of the grid, empty or not), replacing what was
    /// there.
    #[inline]
    pub(crate) fn make_wild(&mut self, cells: Mask) {
        self.remove(cells);
        self.planes[usize::from(WILD)] |= cells as u32;
    }

    /// Puts a Wild on each of `cells`, which are empty.
    #[inline]
    pub(crate) fn add_wilds(&mut self, cells: Mask) {
        debug_assert_eq!(cells & self.occupied(), 0, "cells not empty");
        debug_assert_eq!(cells & !u64::from(ALL), 0, "cells outside the grid");
        self.planes[usize::from(WILD)] |= cells as u32;
    }

    /// Every cell of code `from` now holds `to` (both `< 8`).
    #[inline]
    pub(crate) fn replace_symbol(&mut self, from: u8, to: u8) {
        let moved = std::mem::take(&mut self.planes[usize::from(from)]);
        self.planes[usize::from(to)] |= moved;
    }

    /// Gravity: in every column the occupied cells fall to the bottom, keeping their order; the
    /// empty cells end up at the top. The same grid as [`slot_core::grid::Grid::apply_gravity`]
    /// (tested on every column pattern and on random grids).
    ///
    /// How: a cell falls by the number `d` of empty cells below it in its column. `d` (0 to
    /// 4) is counted for every cell at once, as three bit masks (`d`'s bits 0, 1, 2), from the
    /// empty cells 1, 2, 3 and 4 rows below. Then the cells fall by 1 row where bit 0 is set,
    /// by 2 where bit 1 is, by 4 where bit 2 is, each step moving every plane (and the later
    /// steps' masks) at once. No two cells meet at any step: for cells `a` above `b` in a
    /// column, `b` is more than `d_a - d_b` rows below `a`, so after the steps for the low `j`
    /// bits their rows differ by at least `(d_a div 2^j - d_b div 2^j) 2^j + 1 > 0`.
    #[inline(always)]
    pub(crate) fn fall(&mut self) {
        let occupied = self.planes.iter().fold(0, |a, p| a | p);
        let empty = ALL & !occupied;
        let (e1, e2, e3, e4) = (
            empty >> ROW,
            empty >> (2 * ROW),
            empty >> (3 * ROW),
            empty >> (4 * ROW),
        );
        // d = e1 + e2 + e3 + e4, bit-sliced: pairs first, then the pairs' sums.
        let (s12, c12) = (e1 ^ e2, e1 & e2);
        let (s34, c34) = (e3 ^ e4, e3 & e4);
        let bit0 = (s12 ^ s34) & occupied;
        let carry = s12 & s34;
        // c12 excludes s12 and c34 excludes s34, so at most two of (c12, c34, carry) are set
        // together, and both only as c12 and c34: their sum's bits are these.
        let mut bit1 = (c12 ^ c34 ^ carry) & occupied;
        let mut bit2 = c12 & c34 & occupied;
        let step = |planes: &mut [u32; SYMBOLS], m: u32, by: u32| {
            for p in planes.iter_mut() {
                *p = (*p & !m) | ((*p & m) << by);
            }
        };
        let carry_along = |x: u32, m: u32, by: u32| (x & !m) | ((x & m) << by);
        if bit0 != 0 {
            step(&mut self.planes, bit0, ROW);
            bit1 = carry_along(bit1, bit0, ROW);
            bit2 = carry_along(bit2, bit0, ROW);
        }
        if bit1 != 0 {
            step(&mut self.planes, bit1, 2 * ROW);
            bit2 = carry_along(bit2, bit1, 2 * ROW);
        }
        if bit2 != 0 {
            step(&mut self.planes, bit2, 4 * ROW);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbols::parse_grid;
    use proptest::prelude::*;

    /// A grid's board and back.
    #[test]
    fn a_board_keeps_its_grid() {
        let g = parse_grid("ci st he be pg/pb pr W . ci/. . . . ./st st st st st/he . he . he")
            .unwrap();
        let b = Board::of(&g);
        assert_eq!(b.grid(), g);
        assert_eq!(b.occupied(), g.occupied());
        assert_eq!(b.plane(WILD), 1 << 7);
    }

    /// Gravity by hand: column 0 top->bottom `ci . st . he` becomes `. . ci st he`; column 4
    /// `ci . . . .` becomes `. . . . ci`; full and empty columns stay.
    #[test]
    fn gravity_by_hand() {
        let mut b = Board::of(
            &parse_grid("ci st . . ci/. st . W ./st st . W ./. st . W ./he st . W .").unwrap(),
        );
        b.fall();
        assert_eq!(
            b.grid(),
            parse_grid(". st . . ./. st . W ./ci st . W ./st st . W ./he st . W ci").unwrap()
        );
    }

    /// Every pattern of a column's occupied cells, each cell a different symbol, in every
    /// column: the same grid as the core's gravity.
    #[test]
    fn gravity_equals_the_core_gravity_on_every_column_pattern() {
        for c in 0..5 {
            for pattern in 0u32..32 {
                let mut g = MpGrid::empty();
                for r in 0..5 {
                    if pattern >> r & 1 == 1 {
                        g.set(r * 5 + c, r as u8);
                    }
                }
                let mut b = Board::of(&g);
                b.fall();
                g.apply_gravity();
                assert_eq!(b.grid(), g, "column {c}, pattern {pattern:05b}");
            }
        }
    }

    proptest! {
        /// Random grids (every cell one of the 8 codes or empty): gravity, removal, new Wilds
        /// and Love's move equal the core grid's.
        #[test]
        fn board_operations_equal_the_grid_operations(
            cells in proptest::collection::vec(0u8..=8, 25),
            cut in 0u64..(1 << 25),
            wilds in 0u64..(1 << 25),
            from in 0u8..8,
            to in 0u8..8,
        ) {
            let mut g = MpGrid::empty();
            for (i, &c) in cells.iter().enumerate() {
                if c < 8 { g.set(i, c); }
            }
            let mut b = Board::of(&g);
            b.fall();
            let mut fallen = g;
            fallen.apply_gravity();
            prop_assert_eq!(b.grid(), fallen);

            let mut b = Board::of(&g);
            b.remove(cut);
            b.make_wild(wilds);
            let mut want = g;
            want.remove(cut);
            for i in cells_of(wilds) { want.set(i, WILD); }
            prop_assert_eq!(b.grid(), want);

            let mut b = Board::of(&g);
            b.replace_symbol(from, to);
            let mut want = g;
            want.replace_symbol(from, to);
            prop_assert_eq!(b.grid(), want);
        }
    }
}
