//! Bitboard grids: one `u64` plane per symbol, one bit per cell, for grids of up to 64 cells.
//!
//! # Cell order
//! Cells are numbered **row-major from the top-left**: `index = row * cols + col`, where row 0
//! is the top row and column 0 the leftmost reel. Bit `index` of a [`Mask`] is that cell. With
//! this order a row is a run of `cols` consecutive bits and a column is every `cols`-th bit, so
//! horizontal and vertical neighbours are one shift away (`<< 1`, `<< cols`).
//!
//! A [`Grid`] keeps both a cell array (symbol code per cell, [`EMPTY`] for none) and the
//! per-symbol planes, always in step; every mutating method updates both.

use serde::{Deserialize, Serialize};

/// A set of cells as a bitboard: bit `row * cols + col` is the cell at (`row`, `col`).
pub type Mask = u64;

/// The code of an empty cell (a cell whose symbol was removed and not refilled).
pub const EMPTY: u8 = u8::MAX;

/// Grid dimensions: `cols` reels by `rows` rows, at most 64 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shape {
    /// Number of columns (reels), 1 or more.
    pub cols: u8,
    /// Number of rows, 1 or more.
    pub rows: u8,
}

impl Shape {
    /// A shape of `cols` x `rows`, if it has 1 to 64 cells. A game's grid type carries its
    /// shape ([`Grid::SHAPE`]); this is for code that works on any shape (line runs, clusters).
    ///
    /// # Errors
    /// [`GridError::Shape`] if a side is 0 or the shape has more than 64 cells.
    pub const fn new(cols: u8, rows: u8) -> Result<Self, GridError> {
        if cols == 0 || rows == 0 || (cols as u32) * (rows as u32) > 64 {
            return Err(GridError::Shape { cols, rows });
        }
        Ok(Shape { cols, rows })
    }

    /// Number of cells, `cols * rows`.
    #[inline]
    pub const fn cells(self) -> usize {
        self.cols as usize * self.rows as usize
    }

    /// The cell index of (`row`, `col`): `row * cols + col`.
    #[inline]
    pub const fn index(self, row: usize, col: usize) -> usize {
        row * self.cols as usize + col
    }

    /// The (`row`, `col`) of cell `index`.
    #[inline]
    pub const fn position(self, index: usize) -> (usize, usize) {
        (index / self.cols as usize, index % self.cols as usize)
    }

    /// Every cell of the grid.
    #[inline]
    pub const fn all(self) -> Mask {
        if self.cells() == 64 {
            u64::MAX
        } else {
            (1u64 << self.cells()) - 1
        }
    }

    /// The cells of row `row` (0 = top).
    #[inline]
    pub const fn row_mask(self, row: usize) -> Mask {
        ((1u64 << self.cols) - 1) << (row * self.cols as usize)
    }

    /// The cells of column `col` (0 = left).
    #[inline]
    pub const fn col_mask(self, col: usize) -> Mask {
        let mut m = 0u64;
        let mut r = 0;
        while r < self.rows as usize {
            m |= 1u64 << self.index(r, col);
            r += 1;
        }
        m
    }
}

/// The cells set in `mask` as `[row, col]` pairs (0-based from the top-left) of a grid `cols`
/// wide, top-left first: how the round record and `eval` write cells.
pub fn row_col_cells(mask: Mask, cols: usize) -> Vec<[usize; 2]> {
    cells_of(mask)
        .map(|i| [i / cols.max(1), i % cols.max(1)])
        .collect()
}

/// Iterates over the cell indices set in `mask`, lowest (top-left) first.
#[inline]
pub fn cells_of(mut mask: Mask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(i)
        }
    })
}

/// A grid of `COLS` x `ROWS` cells (at most 64), each a symbol code `0..SYMBOLS` or
/// [`EMPTY`], with one bitboard plane per symbol.
///
/// The shape is part of the type: a Moon Princess grid (`Grid<5, 5, 8>`) cannot be handed to a
/// function that takes a Starlight Christmas grid (`Grid<6, 5, 25>`). `SYMBOLS` is the number
/// of distinct symbol codes the game uses (at most 64). Codes are the game's own; the grid only
/// stores them. A shape of more than 64 cells or more than 64 symbols fails to compile.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Grid<const COLS: usize, const ROWS: usize, const SYMBOLS: usize> {
    cells: [u8; 64],
    planes: [Mask; SYMBOLS],
}

impl<const COLS: usize, const ROWS: usize, const SYMBOLS: usize> std::fmt::Debug
    for Grid<COLS, ROWS, SYMBOLS>
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Grid {COLS}x{ROWS}")?;
        for r in 0..ROWS {
            for c in 0..COLS {
                match self.get(Self::SHAPE.index(r, c)) {
                    Some(s) => write!(f, "{s:>3}")?,
                    None => write!(f, "  .")?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl<const COLS: usize, const ROWS: usize, const SYMBOLS: usize> Default
    for Grid<COLS, ROWS, SYMBOLS>
{
    fn default() -> Self {
        Self::empty()
    }
}

impl<const COLS: usize, const ROWS: usize, const SYMBOLS: usize> Grid<COLS, ROWS, SYMBOLS> {
    /// The grid's shape, `COLS` x `ROWS` (checked at compile time: 1 to 64 cells).
    pub const SHAPE: Shape = {
        assert!(
            COLS > 0 && ROWS > 0 && COLS <= 64 && ROWS <= 64 && COLS * ROWS <= 64,
            "a bitboard grid holds 1 to 64 cells"
        );
        assert!(SYMBOLS <= 64, "at most 64 symbol codes");
        Shape {
            cols: COLS as u8,
            rows: ROWS as u8,
        }
    };

    /// Number of cells, `COLS * ROWS`.
    pub const CELLS: usize = COLS * ROWS;

    /// An all-empty grid.
    pub const fn empty() -> Self {
        let _ = Self::SHAPE;
        Grid {
            cells: [EMPTY; 64],
            planes: [0; SYMBOLS],
        }
    }

    /// A grid from its cells in row-major order (`cells.len()` must be `COLS * ROWS`),
    /// `None` for an empty cell.
    ///
    /// # Errors
    /// [`GridError::Size`] if the length is wrong, [`GridError::Symbol`] for a code
    /// `>= SYMBOLS`.
    pub fn from_cells(cells: &[Option<u8>]) -> Result<Self, GridError> {
        if cells.len() != Self::CELLS {
            return Err(GridError::Size {
                expected: Self::CELLS,
                found: cells.len(),
            });
        }
        let mut g = Self::empty();
        for (i, c) in cells.iter().enumerate() {
            if let Some(s) = *c {
                if s as usize >= SYMBOLS {
                    return Err(GridError::Symbol {
                        index: i,
                        code: s,
                        symbols: SYMBOLS,
                    });
                }
                g.set(i, s);
            }
        }
        Ok(g)
    }

    /// A full grid whose cell `index` holds `cell(index)`, asked in row-major order.
    ///
    /// # Panics
    /// If `cell` gives a code `>= SYMBOLS` (a programming error, as for [`Grid::set`]).
    #[inline]
    pub fn from_fn(mut cell: impl FnMut(usize) -> u8) -> Self {
        let mut g = Self::empty();
        for i in 0..Self::CELLS {
            g.put_vacant(i, cell(i));
        }
        g
    }

    /// Makes this grid the full grid whose cell `i` holds `codes[i]` (row-major), in place:
    /// whatever it held is gone. For a grid landed again and again (a round's spins) from a
    /// buffer of drawn codes, without building a new grid and copying it in.
    ///
    /// # Panics
    /// If `codes` does not hold exactly `COLS * ROWS` codes or a code is `>= SYMBOLS` (a
    /// programming error, as for [`Grid::set`]).
    // Always inlined: a full grid's plane updates, unrolled in the caller, cost fewer
    // instructions than a call (measured in Starlight Christmas's simulation).
    #[inline(always)]
    pub fn fill_from_codes(&mut self, codes: &[u8]) {
        assert!(
            codes.len() == Self::CELLS,
            "a full grid needs {} codes",
            Self::CELLS
        );
        // Field by field: `*self = Self::empty()` builds an empty grid aside and copies it.
        self.planes = [0; SYMBOLS];
        for (i, &s) in codes.iter().enumerate() {
            // One check per cell, the one the plane's index needs anyway.
            let Some(plane) = self.planes.get_mut(s as usize) else {
                panic!("a full grid needs codes below {SYMBOLS}, not {s}");
            };
            *plane |= 1u64 << i;
        }
        self.cells = [EMPTY; 64];
        self.cells[..Self::CELLS].copy_from_slice(codes);
    }

    /// A full grid from its columns: `columns[c][r]` is the symbol at row `r` (0 = top) of
    /// column `c` (0 = left), as a reel shows its window.
    ///
    /// # Panics
    /// If a code is `>= SYMBOLS` (a programming error, as for [`Grid::set`]).
    #[inline]
    pub fn from_columns(columns: &[[u8; ROWS]; COLS]) -> Self {
        let mut g = Self::empty();
        g.fill_from_columns(columns);
        g
    }

    /// Makes this grid the full grid of `columns` ([`Grid::from_columns`]'s layout), in place:
    /// whatever it held is gone. For a grid landed again and again from reel windows, without
    /// building a new grid and copying it in.
    ///
    /// # Panics
    /// If a code is `>= SYMBOLS` (a programming error, as for [`Grid::set`]).
    #[inline]
    pub fn fill_from_columns(&mut self, columns: &[[u8; ROWS]; COLS]) {
        self.planes = [0; SYMBOLS];
        for (c, column) in columns.iter().enumerate() {
            for (r, &s) in column.iter().enumerate() {
                let i = r * COLS + c;
                // One check per cell, the one the plane's index needs anyway.
                let Some(plane) = self.planes.get_mut(s as usize) else {
                    panic!("a full grid needs codes below {SYMBOLS}, not {s}");
                };
                *plane |= 1u64 << i;
                self.cells[i] = s;
            }
        }
        // The cells past the shape stay empty, as in every grid.
        self.cells[Self::CELLS..].fill(EMPTY);
    }

    /// Makes this grid the full or partial grid given by its parts, in place: `cells` are the
    /// first 32 cells as bytes (little-endian words, [`EMPTY`] for an empty cell and for every
    /// byte past the shape), `planes[s]` the cells of code `s`. Only for
    /// [`crate::reel_windows::ReelWindows`], which builds the two consistently.
    #[inline(always)]
    pub(crate) fn fill_from_parts(&mut self, cells: [u64; 4], planes: &[u32; SYMBOLS]) {
        debug_assert!(Self::CELLS <= 32);
        for (k, w) in cells.iter().enumerate() {
            self.cells[8 * k..8 * k + 8].copy_from_slice(&w.to_le_bytes());
        }
        for (p, &q) in self.planes.iter_mut().zip(planes) {
            *p = u64::from(q);
        }
        // The cells from 32 on are past the shape: empty in every grid, left as they are.
        debug_assert!(self.cells[32..].iter().all(|&c| c == EMPTY));
    }

    /// Puts `symbol` into cell `index`, which is empty (the callers guarantee it): one write
    /// to the cells and one to the symbol's plane.
    #[inline]
    fn put_vacant(&mut self, index: usize, symbol: u8) {
        assert!(
            (symbol as usize) < SYMBOLS && index < Self::CELLS,
            "cell or symbol out of range"
        );
        debug_assert_eq!(self.cells[index], EMPTY, "cell {index} is not empty");
        self.cells[index] = symbol;
        self.planes[symbol as usize] |= 1u64 << index;
    }

    /// The grid's shape ([`Self::SHAPE`]).
    #[inline]
    pub const fn shape(&self) -> Shape {
        Self::SHAPE
    }

    /// The symbol at cell `index`, `None` if empty.
    #[inline]
    pub fn get(&self, index: usize) -> Option<u8> {
        let s = self.cells[index];
        (s != EMPTY).then_some(s)
    }

    /// The raw code at `index` ([`EMPTY`] for none).
    #[inline]
    pub fn raw(&self, index: usize) -> u8 {
        self.cells[index]
    }

    /// Puts `symbol` (`< SYMBOLS`) at cell `index`, replacing what was there.
    ///
    /// # Panics
    /// If `index` is outside the shape or `symbol >= SYMBOLS` (a programming error: outside
    /// grids come in through [`Grid::from_cells`], which checks both).
    #[inline]
    pub fn set(&mut self, index: usize, symbol: u8) {
        assert!(
            (symbol as usize) < SYMBOLS && index < Self::CELLS,
            "cell or symbol out of range"
        );
        self.clear(index);
        self.cells[index] = symbol;
        self.planes[symbol as usize] |= 1u64 << index;
    }

    /// Empties cell `index`.
    #[inline]
    pub fn clear(&mut self, index: usize) {
        let old = self.cells[index];
        if old != EMPTY {
            self.planes[old as usize] &= !(1u64 << index);
            self.cells[index] = EMPTY;
        }
    }

    /// Empties every cell in `mask`.
    #[inline]
    pub fn remove(&mut self, mask: Mask) {
        // An empty cell is left alone, so the occupied cells need not be looked up: its code,
        // EMPTY, is past the planes, so one test finds both an empty cell and the plane of an
        // occupied one. `i` is a cell of the shape, below 64: `& 63` in place of a bounds
        // check.
        for i in cells_of(mask & Self::SHAPE.all()) {
            let i = i & 63;
            if let Some(p) = self.planes.get_mut(self.cells[i] as usize) {
                *p &= !(1u64 << i);
                self.cells[i] = EMPTY;
            }
        }
    }

    /// The plane of `symbol`: the cells holding it.
    #[inline]
    pub fn plane(&self, symbol: u8) -> Mask {
        self.planes[symbol as usize]
    }

    /// All planes, indexed by symbol code.
    #[inline]
    pub fn planes(&self) -> &[Mask; SYMBOLS] {
        &self.planes
    }

    /// How many cells hold `symbol`.
    #[inline]
    pub fn count(&self, symbol: u8) -> u32 {
        self.planes[symbol as usize].count_ones()
    }

    /// The occupied (non-empty) cells.
    #[inline]
    pub fn occupied(&self) -> Mask {
        self.planes.iter().fold(0, |a, p| a | p)
    }

    /// The empty cells.
    #[inline]
    pub fn vacant(&self) -> Mask {
        Self::SHAPE.all() & !self.occupied()
    }

    /// The symbol codes in row-major order, `None` for empty cells.
    pub fn to_cells(&self) -> Vec<Option<u8>> {
        (0..Self::CELLS).map(|i| self.get(i)).collect()
    }

    /// Replaces every `from` by `to` (a whole-plane move).
    pub fn replace_symbol(&mut self, from: u8, to: u8) {
        if from == to {
            return;
        }
        let moved = self.planes[from as usize];
        for i in cells_of(moved) {
            self.cells[i] = to;
        }
        self.planes[from as usize] = 0;
        self.planes[to as usize] |= moved;
    }

    /// Gravity: in every column, the occupied cells fall to the bottom, keeping their order;
    /// the empty cells end up at the top of the column. Returns the empty cells afterwards.
    ///
    /// A cell's symbol never changes column. Cost: one pass over the cells.
    pub fn apply_gravity(&mut self) -> Mask {
        let (cols, rows) = (COLS, ROWS);
        let vacant = self.vacant();
        if vacant == 0 {
            return 0;
        }
        // The empty cells afterwards: the top `write` cells of each column compacted.
        let mut after = 0;
        for c in 0..cols {
            if vacant & Self::SHAPE.col_mask(c) == 0 {
                continue;
            }
            // Compact from the bottom up.
            let mut write = rows;
            for r in (0..rows).rev() {
                let i = r * cols + c;
                let s = self.cells[i];
                if s != EMPTY {
                    write -= 1;
                    if write != r {
                        let j = write * cols + c;
                        self.cells[j] = s;
                        self.cells[i] = EMPTY;
                        self.planes[s as usize] ^= (1u64 << i) | (1u64 << j);
                    }
                }
            }
            for r in 0..write {
                after |= 1u64 << (r * cols + c);
            }
        }
        debug_assert_eq!(after, self.vacant());
        after
    }

    /// Refill hook: fills every empty cell with `draw(col, row)`. Within a column the cells are
    /// filled **from the lowest empty cell upwards**, the order in which symbols come in from a
    /// reel strip above the window. Columns are visited left to right. Usually called after
    /// [`Grid::apply_gravity`], when the empty cells are at the top of their columns; gaps
    /// anywhere are filled the same way, the lowest first.
    // Always inlined: the caller's `draw` and the loop merge (measured fewer instructions in
    // Starlight Christmas's simulation).
    #[inline(always)]
    pub fn refill(&mut self, mut draw: impl FnMut(usize, usize) -> u8) {
        let vacant = self.vacant();
        if vacant == 0 {
            return;
        }
        for c in 0..COLS {
            // The column's empty cells, the lowest (highest bit) first: one step per cell.
            let mut col = vacant & Self::SHAPE.col_mask(c);
            while col != 0 {
                let i = 63 - col.leading_zeros() as usize;
                col ^= 1u64 << i;
                let s = draw(c, i / COLS);
                self.put_vacant(i, s);
            }
        }
    }
}

/// What was wrong with a grid given as cells, or with a shape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridError {
    /// A shape with no cells or more than 64.
    #[error("a {cols} x {rows} grid is not allowed; a bitboard grid has 1 to 64 cells")]
    Shape {
        /// Columns given.
        cols: u8,
        /// Rows given.
        rows: u8,
    },
    /// The number of cells does not match the shape.
    #[error("the grid has {found} cells; this game's grid has {expected}")]
    Size {
        /// Cells the shape has.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A symbol code outside the game's codes.
    #[error("cell {index} holds code {code}; codes are 0..{symbols}")]
    Symbol {
        /// The cell index (row-major).
        index: usize,
        /// The bad code.
        code: u8,
        /// Number of codes the game has.
        symbols: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    const S: Shape = Grid::<6, 5, 1>::SHAPE;

    #[test]
    fn masks_follow_the_documented_order() {
        assert_eq!(S.cells(), 30);
        assert_eq!(S.index(1, 2), 8);
        assert_eq!(S.position(8), (1, 2));
        assert_eq!(S.row_mask(1), 0b111111 << 6);
        assert_eq!(S.col_mask(0), 1 | 1 << 6 | 1 << 12 | 1 << 18 | 1 << 24);
        assert_eq!(S.all(), (1 << 30) - 1);
        assert_eq!(Shape::new(8, 8).unwrap().all(), u64::MAX);
        assert_eq!(Shape::new(9, 8), Err(GridError::Shape { cols: 9, rows: 8 }));
        assert_eq!(Shape::new(0, 3), Err(GridError::Shape { cols: 0, rows: 3 }));
    }

    #[test]
    fn set_clear_and_planes_stay_in_step() {
        let mut g: Grid<6, 5, 4> = Grid::empty();
        g.set(3, 1);
        g.set(4, 1);
        g.set(3, 2);
        assert_eq!(g.plane(1), 1 << 4);
        assert_eq!(g.plane(2), 1 << 3);
        assert_eq!(g.count(1), 1);
        assert_eq!(g.get(3), Some(2));
        g.clear(3);
        assert_eq!(g.get(3), None);
        assert_eq!(g.occupied(), 1 << 4);
        g.replace_symbol(1, 3);
        assert_eq!(g.plane(3), 1 << 4);
        assert_eq!(g.plane(1), 0);
        assert_eq!(g.get(4), Some(3));
    }

    #[test]
    fn gravity_compacts_each_column_to_the_bottom_in_order() {
        // Column 0 of a 2x4 grid: top->bottom  a . b .  =>  . . a b
        let cells = [
            Some(0),
            Some(1),
            None,
            Some(1),
            Some(2),
            None,
            None,
            Some(3),
        ];
        let mut g: Grid<2, 4, 4> = Grid::from_cells(&cells).unwrap();
        let vacant = g.apply_gravity();
        let want = [
            None,
            None,
            None,
            Some(1),
            Some(0),
            Some(1),
            Some(2),
            Some(3),
        ];
        assert_eq!(g.to_cells(), want);
        assert_eq!(vacant, 0b0000_0111);
        // Refill fills from the lowest empty cell upwards.
        let mut order = vec![];
        g.refill(|c, r| {
            order.push((c, r));
            3
        });
        assert_eq!(order, vec![(0, 1), (0, 0), (1, 0)]);
        assert_eq!(g.vacant(), 0);
    }

    #[test]
    fn from_fn_fills_in_row_major_order() {
        let mut asked = vec![];
        let g: Grid<3, 2, 6> = Grid::from_fn(|i| {
            asked.push(i);
            (5 - i) as u8
        });
        assert_eq!(asked, vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(g.get(0), Some(5));
        assert_eq!(g.get(5), Some(0));
        assert_eq!(g.plane(4), 1 << 1);
        assert_eq!(g.vacant(), 0);
    }

    #[test]
    fn fill_from_codes_replaces_every_cell_and_plane() {
        // A 3x2 grid of 0 1 2 / 3 4 5 with a gap, filled again with 5 - i: 5 4 3 / 2 1 0.
        let mut g: Grid<3, 2, 6> = Grid::from_fn(|i| i as u8);
        g.clear(4);
        g.fill_from_codes(&[5, 4, 3, 2, 1, 0]);
        let want: Vec<Option<u8>> = [5, 4, 3, 2, 1, 0].into_iter().map(Some).collect();
        assert_eq!(g.to_cells(), want);
        assert_eq!(g, Grid::from_fn(|i| 5 - i as u8));
        assert_eq!((g.plane(5), g.plane(0), g.vacant()), (1, 1 << 5, 0));
        // The same cells from a buffer: 1 1 0 / 2 1 0.
        g.fill_from_codes(&[1, 1, 0, 2, 1, 0]);
        let want: Vec<Option<u8>> = [1, 1, 0, 2, 1, 0].into_iter().map(Some).collect();
        assert_eq!(g.to_cells(), want);
        assert_eq!(
            (g.plane(1), g.plane(0), g.plane(2)),
            (0b10011, 0b100100, 0b1000)
        );
        assert_eq!((g.plane(5), g.vacant()), (0, 0));
    }

    #[test]
    #[should_panic(expected = "a full grid needs 6 codes")]
    fn fill_from_codes_rejects_a_short_buffer() {
        Grid::<3, 2, 6>::empty().fill_from_codes(&[0, 1, 2, 3, 4]);
    }

    #[test]
    #[should_panic(expected = "a full grid needs codes below 6, not 6")]
    fn fill_from_codes_rejects_a_code_out_of_range() {
        Grid::<3, 2, 6>::empty().fill_from_codes(&[0, 1, 2, 3, 4, 6]);
    }

    #[test]
    fn from_columns_puts_each_window_down_its_column() {
        // Columns (top to bottom): 0 1 | 2 3 | 4 5  =>  row 0: 0 2 4, row 1: 1 3 5.
        let g: Grid<3, 2, 6> = Grid::from_columns(&[[0, 1], [2, 3], [4, 5]]);
        let want: Vec<Option<u8>> = [0, 2, 4, 1, 3, 5].into_iter().map(Some).collect();
        assert_eq!(g.to_cells(), want);
        assert_eq!(g.plane(3), 1 << 4);
        assert_eq!(g.vacant(), 0);
    }

    #[test]
    fn fill_from_columns_equals_from_columns_over_any_grid() {
        // A grid with every cell set and one with empty cells, each filled again in place.
        let columns = [[5, 1], [2, 2], [0, 4]];
        let mut g: Grid<3, 2, 6> = Grid::from_columns(&[[0, 1], [2, 3], [4, 5]]);
        g.fill_from_columns(&columns);
        assert_eq!(g, Grid::from_columns(&columns));
        let mut h: Grid<3, 2, 6> =
            Grid::from_cells(&[Some(1), None, None, Some(3), None, None]).unwrap();
        h.fill_from_columns(&columns);
        assert_eq!(h, Grid::from_columns(&columns));
        assert_eq!(h.plane(2), 1 << 1 | 1 << 4);
    }

    #[test]
    #[should_panic(expected = "codes below 6")]
    fn fill_from_columns_rejects_a_code_out_of_range() {
        Grid::<3, 2, 6>::empty().fill_from_columns(&[[0, 1], [2, 6], [4, 5]]);
    }

    #[test]
    fn refill_fills_gaps_anywhere_lowest_first() {
        // Column 1 of a 2x3 grid has gaps at rows 0 and 2 around a symbol (no gravity first).
        let cells = [Some(0), None, Some(1), Some(2), Some(3), None];
        let mut g: Grid<2, 3, 8> = Grid::from_cells(&cells).unwrap();
        let mut order = vec![];
        let mut next = 5u8;
        g.refill(|c, r| {
            order.push((c, r));
            next += 1;
            next
        });
        assert_eq!(order, vec![(1, 2), (1, 0)]);
        assert_eq!(g.get(5), Some(6));
        assert_eq!(g.get(1), Some(7));
        assert_eq!(g.get(3), Some(2));
        assert_eq!(g.plane(7), 1 << 1);
        assert_eq!(g.vacant(), 0);
    }

    #[test]
    fn from_cells_rejects_bad_input() {
        assert!(matches!(
            Grid::<6, 5, 4>::from_cells(&[None; 3]),
            Err(GridError::Size {
                expected: 30,
                found: 3
            })
        ));
        let mut cells = vec![None; 30];
        cells[7] = Some(9);
        assert_eq!(
            Grid::<6, 5, 4>::from_cells(&cells),
            Err(GridError::Symbol {
                index: 7,
                code: 9,
                symbols: 4
            })
        );
    }

    /// Every plane holds exactly the cells whose code is its symbol.
    fn assert_planes_match_cells<const C: usize, const R: usize, const N: usize>(
        g: &Grid<C, R, N>,
    ) {
        for s in 0..N as u8 {
            let want = (0..C * R)
                .filter(|&i| g.raw(i) == s)
                .fold(0u64, |m, i| m | 1 << i);
            assert_eq!(g.plane(s), want, "plane {s} of {g:?}");
        }
    }

    #[test]
    fn gravity_moves_the_planes_with_the_cells() {
        // 1 x 3: top->bottom  a . .  =>  . . a
        let mut g: Grid<1, 3, 2> = Grid::from_cells(&[Some(1), None, None]).unwrap();
        assert_eq!(g.apply_gravity(), 0b011);
        assert_eq!(g.to_cells(), [None, None, Some(1)]);
        assert_eq!(g.plane(1), 0b100);
        assert_planes_match_cells(&g);
        // A full grid is left alone.
        let mut full: Grid<2, 2, 2> =
            Grid::from_cells(&[Some(0), Some(1), Some(1), Some(0)]).unwrap();
        let before = full;
        assert_eq!(full.apply_gravity(), 0);
        assert_eq!(full, before);
    }

    #[test]
    fn remove_empties_only_the_given_cells() {
        let mut g: Grid<3, 2, 3> =
            Grid::from_cells(&[Some(0), Some(1), Some(2), Some(0), None, Some(1)]).unwrap();
        assert_eq!(g.raw(4), EMPTY);
        assert_eq!(g.raw(1), 1);
        // Cells 0 and 4 (4 already empty): only cell 0 changes.
        g.remove(1 << 0 | 1 << 4);
        assert_eq!(
            g.to_cells(),
            [None, Some(1), Some(2), Some(0), None, Some(1)]
        );
        assert_eq!(g.occupied(), 0b101110);
        assert_eq!(g.vacant(), 0b010001);
        assert_eq!(g.count(1), 2);
        assert_eq!(g.planes(), &[1 << 3, 1 << 1 | 1 << 5, 1 << 2]);
        assert_planes_match_cells(&g);
        assert_eq!(cells_of(0b101000).collect::<Vec<_>>(), [3, 5]);
        assert_eq!(cells_of(0).count(), 0);
        assert_eq!(cells_of(1 << 63).collect::<Vec<_>>(), [63]);
    }

    #[test]
    fn from_cells_rejects_the_first_code_past_the_last() {
        let mut cells = vec![None; 4];
        cells[2] = Some(3);
        assert!(Grid::<2, 2, 4>::from_cells(&cells).is_ok());
        cells[2] = Some(4);
        assert_eq!(
            Grid::<2, 2, 4>::from_cells(&cells),
            Err(GridError::Symbol {
                index: 2,
                code: 4,
                symbols: 4
            })
        );
    }

    #[test]
    #[should_panic(expected = "cell or symbol out of range")]
    fn set_refuses_a_cell_past_the_shape() {
        let mut g: Grid<2, 2, 4> = Grid::empty();
        g.set(4, 0);
    }

    #[test]
    #[should_panic(expected = "cell or symbol out of range")]
    fn set_refuses_a_code_past_the_last() {
        let mut g: Grid<2, 2, 4> = Grid::empty();
        g.set(0, 4);
    }

    #[test]
    fn debug_shows_rows_with_dots_for_empty_cells() {
        let g: Grid<3, 2, 20> =
            Grid::from_cells(&[Some(0), None, Some(12), None, Some(5), None]).unwrap();
        assert_eq!(format!("{g:?}"), "Grid 3x2\n  0  . 12\n  .  5  .\n");
        assert_eq!(Grid::<3, 2, 20>::default(), Grid::empty());
        assert_eq!(g.shape(), Shape::new(3, 2).unwrap());
    }
}
