//! Every window of a set of reel strips, worked out once as grid columns, so that a landing
//! fills its grid with a few word-wide ORs instead of one cell at a time.
//!
//! A grid landed from reel strips is the same few hundred columns again and again: reel `c`
//! at stop `s` always puts the same `ROWS` symbols down column `c`. [`ReelWindows`] keeps, for
//! every (reel, stop), that column as a grid holding only it: its cells (as bytes, row-major,
//! so a column's cells are `COLS` bytes apart) and one bit mask per symbol. The columns of
//! different reels share no cell, so the grid of a whole landing is the OR of its five (or
//! `COLS`) columns: [`ReelWindows::fill`] ORs them and writes the result into the grid, the same
//! grid [`Grid::fill_from_columns`] builds from the windows (tested below on every stop).
//!
//! Sizes: grids of at most 32 cells (the cells are four 64-bit words, the planes 32-bit
//! words); each (reel, stop) takes `32 + 4 x SYMBOLS` bytes (64 bytes for Moon Princess's 8
//! symbol codes).

use crate::grid::{EMPTY, Grid, GridError};
use crate::sampling::ReelStrip;

/// One (reel, stop): the column as a grid that holds only it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Column<const SYMBOLS: usize> {
    /// Cells `0..32` as bytes, little-endian: `code ^ 0xFF` in the column's cells, 0 in every
    /// other (never 0 in the column's cells: codes are below 64). OR-ing the columns and
    /// flipping every byte gives each cell's code and [`EMPTY`] elsewhere.
    cells: [u64; 4],
    /// The cells of each symbol code in this column (bit `row * COLS + col`).
    planes: [u32; SYMBOLS],
}

/// The windows of every stop of a set of `COLS` reel strips (reel 1 first) as columns of a
/// `COLS` x `ROWS` grid ([`Grid`]) with `SYMBOLS` codes. Built once per game and reel set;
/// [`ReelWindows::fill`] lands a grid from stops.
///
/// Grids of at most 32 cells only (checked at compile time).
#[derive(Clone, PartialEq, Eq)]
pub struct ReelWindows<const COLS: usize, const ROWS: usize, const SYMBOLS: usize> {
    /// By reel, by stop.
    reels: [Box<[Column<SYMBOLS>]>; COLS],
}

/// The number of stops of each reel, not every column (a game's `Debug` stays short).
impl<const COLS: usize, const ROWS: usize, const SYMBOLS: usize> std::fmt::Debug
    for ReelWindows<COLS, ROWS, SYMBOLS>
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let stops: Vec<usize> = self.reels.iter().map(|r| r.len()).collect();
        f.debug_struct("ReelWindows")
            .field("stops", &stops)
            .finish()
    }
}

impl<const COLS: usize, const ROWS: usize, const SYMBOLS: usize> ReelWindows<COLS, ROWS, SYMBOLS> {
    /// At most 32 cells: the cells fill four 64-bit words, a plane one 32-bit word.
    const FITS: () = assert!(
        COLS * ROWS <= 32,
        "reel windows are for grids of at most 32 cells"
    );

    /// The columns of every stop of `strips` (reel `c` shows `strip.window(stop)` from the top
    /// row down, as [`Grid::fill_from_columns`] puts a window).
    ///
    /// # Errors
    /// [`GridError::Symbol`] for a strip symbol `>= SYMBOLS` (its `index` is the cell of the
    /// first window showing it).
    pub fn new(strips: &[ReelStrip; COLS]) -> Result<Self, GridError> {
        let () = Self::FITS;
        let _ = Grid::<COLS, ROWS, SYMBOLS>::SHAPE;
        let mut reels: [Box<[Column<SYMBOLS>]>; COLS] = std::array::from_fn(|_| Box::default());
        for (c, strip) in strips.iter().enumerate() {
            let mut columns = Vec::with_capacity(strip.len());
            for stop in 0..strip.len() {
                let mut col = Column {
                    cells: [0; 4],
                    planes: [0; SYMBOLS],
                };
                for (r, &s) in strip.window::<ROWS>(stop).iter().enumerate() {
                    let i = r * COLS + c;
                    if s as usize >= SYMBOLS {
                        return Err(GridError::Symbol {
                            index: i,
                            code: s,
                            symbols: SYMBOLS,
                        });
                    }
                    col.cells[i / 8] |= u64::from(s ^ EMPTY) << (8 * (i % 8));
                    col.planes[s as usize] |= 1 << i;
                }
                columns.push(col);
            }
            reels[c] = columns.into_boxed_slice();
        }
        Ok(ReelWindows { reels })
    }

    /// Makes `grid` the full grid of the windows at `stops` (reel 1 first), in place: whatever
    /// it held is gone. The same grid as [`Grid::fill_from_columns`] of the strips' windows.
    ///
    /// # Panics
    /// If a stop is not below its strip's length (a stop drawn from the strip always is).
    #[inline]
    pub fn fill(&self, grid: &mut Grid<COLS, ROWS, SYMBOLS>, stops: &[usize; COLS]) {
        let mut cells = [0u64; 4];
        let mut planes = [0u32; SYMBOLS];
        for (reel, &stop) in self.reels.iter().zip(stops) {
            let col = &reel[stop];
            // Fixed-size arrays by reference: unrolled and ORed a vector at a time.
            for (a, b) in cells.iter_mut().zip(&col.cells) {
                *a |= b;
            }
            for (a, b) in planes.iter_mut().zip(&col.planes) {
                *a |= b;
            }
        }
        grid.fill_from_parts(cells.map(|w| !w), &planes);
    }

    /// The symbol planes of the grid [`ReelWindows::fill`] lands at `stops` (reel 1 first):
    /// `planes[s]` holds the cells of code `s` (bit `row * COLS + col`). Only the planes are
    /// put together, for a game that plays on planes alone; the cells are every one of the
    /// shape, each in exactly one plane.
    ///
    /// # Panics
    /// If a stop is not below its strip's length (a stop drawn from the strip always is).
    // Always inlined: in the caller's landing the ORs need no call and no copy of the result
    // (measured fewer instructions in Moon Princess's simulation).
    #[inline(always)]
    pub fn planes(&self, stops: &[usize; COLS]) -> [u32; SYMBOLS] {
        let mut planes = [0u32; SYMBOLS];
        for (reel, &stop) in self.reels.iter().zip(stops) {
            for (a, b) in planes.iter_mut().zip(&reel[stop].planes) {
                *a |= b;
            }
        }
        planes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sampling::ReelStrip;

    fn strips() -> [ReelStrip; 5] {
        std::array::from_fn(|c| {
            let symbols: Vec<u8> = (0..7 + 3 * c).map(|i| ((i * (c + 2)) % 8) as u8).collect();
            ReelStrip::new(symbols).unwrap()
        })
    }

    #[test]
    fn every_landing_equals_the_grid_of_its_windows() {
        let strips = strips();
        let windows = ReelWindows::<5, 5, 8>::new(&strips).unwrap();
        // A grid that held something else first: the fill must replace every cell.
        let mut g = Grid::<5, 5, 8>::from_fn(|i| (i % 3) as u8);
        g.clear(7);
        let mut seen = 0;
        for a in 0..strips[0].len() {
            for b in 0..strips[2].len() {
                let stops = [
                    a,
                    (a + b) % strips[1].len(),
                    b,
                    (3 * a) % strips[3].len(),
                    (a * b) % strips[4].len(),
                ];
                windows.fill(&mut g, &stops);
                assert_eq!(
                    &windows.planes(&stops).map(u64::from),
                    g.planes(),
                    "stops {stops:?}"
                );
                let want = Grid::<5, 5, 8>::from_columns(&std::array::from_fn(|c| {
                    strips[c].window::<5>(stops[c])
                }));
                assert_eq!(g, want, "stops {stops:?}");
                seen += 1;
            }
        }
        assert_eq!(seen, 7 * 13);
        assert_eq!(
            format!("{windows:?}"),
            "ReelWindows { stops: [7, 10, 13, 16, 19] }"
        );
    }

    #[test]
    fn a_smaller_grid_keeps_its_cells_past_the_shape_empty() {
        let strips: [ReelStrip; 5] =
            std::array::from_fn(|c| ReelStrip::new(vec![c as u8, 5, 9, 12]).unwrap());
        let windows = ReelWindows::<5, 3, 13>::new(&strips).unwrap();
        let mut g = Grid::<5, 3, 13>::empty();
        windows.fill(&mut g, &[0, 1, 2, 3, 0]);
        assert_eq!(g.get(0), Some(0));
        assert_eq!(g.get(5), Some(5));
        assert_eq!(g.get(1), Some(5));
        assert_eq!(g.get(6), Some(9));
        assert_eq!(g.occupied(), Grid::<5, 3, 13>::SHAPE.all());
        assert_eq!(g.to_cells().len(), 15);
        assert_eq!(g.plane(12).count_ones(), 3);
    }

    #[test]
    fn a_code_past_the_last_is_refused() {
        let strips: [ReelStrip; 5] = std::array::from_fn(|c| {
            ReelStrip::new(vec![0, 1, if c == 3 { 8 } else { 2 }]).unwrap()
        });
        let err = ReelWindows::<5, 5, 8>::new(&strips).unwrap_err();
        assert_eq!(
            err,
            GridError::Symbol {
                // Stop 0 shows 0, 1, 8, 0, 1 down reel 4: the 8 is in row 2.
                index: 2 * 5 + 3,
                code: 8,
                symbols: 8
            }
        );
    }
}
