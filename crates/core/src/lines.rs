//! Line runs: gap-free straight runs of matching cells along rows and columns.
//!
//! Moon Princess pays "3 or more in a row, horizontally or vertically" (spec
//! the rules, "How wins are found"): for a set of matching cells this module finds every
//! **maximal** run of at least `min_len` consecutive cells in each row (left to right) and each
//! column (top to bottom). Cell order as in [`crate::grid`].

use crate::grid::{Mask, Shape};

/// The line a run lies on. In JSON `{"row": 2}` or `{"col": 0}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Line {
    /// Row `n` (0 = top), read left to right.
    Row(u8),
    /// Column `n` (0 = left), read top to bottom.
    Col(u8),
}

/// One maximal run of matching cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The line it lies on.
    pub line: Line,
    /// Position along the line of its first cell (column for a row, row for a column).
    pub start: u8,
    /// Number of cells.
    pub len: u8,
    /// Its cells.
    pub cells: Mask,
}

impl Run {
    /// The cell index of the run's `k`-th cell (0-based along the line).
    #[inline]
    pub fn cell(&self, shape: Shape, k: u8) -> usize {
        match self.line {
            Line::Row(r) => shape.index(r as usize, (self.start + k) as usize),
            Line::Col(c) => shape.index((self.start + k) as usize, c as usize),
        }
    }
}

/// Calls `f` for every maximal run of at least `min_len` cells of `matching` in every row, then
/// every column. Rows are visited top to bottom, columns left to right, runs along a line in
/// order. No allocation.
pub fn for_each_run(shape: Shape, matching: Mask, min_len: u8, mut f: impl FnMut(Run)) {
    let (cols, rows) = (shape.cols as usize, shape.rows as usize);
    for r in 0..rows {
        let bits = (matching >> (r * cols)) & ((1u64 << cols) - 1);
        scan(bits, cols, min_len, |start, len| {
            let cells = (((1u64 << len) - 1) << start) << (r * cols);
            f(Run {
                line: Line::Row(r as u8),
                start,
                len,
                cells,
            });
        });
    }
    for c in 0..cols {
        // Gather the column into consecutive bits (row 0 = bit 0).
        let mut bits = 0u64;
        for r in 0..rows {
            bits |= ((matching >> (r * cols + c)) & 1) << r;
        }
        scan(bits, rows, min_len, |start, len| {
            let mut cells = 0u64;
            for k in start..start + len {
                cells |= 1u64 << (k as usize * cols + c);
            }
            f(Run {
                line: Line::Col(c as u8),
                start,
                len,
                cells,
            });
        });
    }
}

/// Maximal runs of set bits of length >= `min_len` in the low `width` bits.
#[inline]
fn scan(mut bits: u64, width: usize, min_len: u8, mut f: impl FnMut(u8, u8)) {
    let mut pos = 0u32;
    while bits != 0 {
        let skip = bits.trailing_zeros();
        bits >>= skip;
        pos += skip;
        let len = (!bits).trailing_zeros();
        if len >= min_len as u32 {
            f(pos as u8, len as u8);
        }
        bits = if len >= 64 { 0 } else { bits >> len };
        pos += len;
        debug_assert!(pos as usize <= width.max(pos as usize));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn runs(shape: Shape, m: Mask, min: u8) -> Vec<Run> {
        let mut v = vec![];
        for_each_run(shape, m, min, |r| v.push(r));
        v
    }

    #[test]
    fn finds_row_and_column_runs() {
        let sh = Shape::new(5, 5).unwrap();
        // Row 0: X X X . X ; column 4: rows 0..=3.
        let m = 0b10111 | 1 << 9 | 1 << 14 | 1 << 19;
        let got = runs(sh, m, 3);
        assert_eq!(got.len(), 2);
        assert_eq!(
            got[0],
            Run {
                line: Line::Row(0),
                start: 0,
                len: 3,
                cells: 0b111
            }
        );
        assert_eq!(got[1].line, Line::Col(4));
        assert_eq!((got[1].start, got[1].len), (0, 4));
        assert_eq!(got[1].cells, 1 << 4 | 1 << 9 | 1 << 14 | 1 << 19);
        assert_eq!(got[1].cell(sh, 2), 14);
        assert_eq!(got[0].cell(sh, 2), 2);
    }

    #[test]
    fn runs_do_not_wrap_across_rows() {
        let sh = Shape::new(5, 5).unwrap();
        // cells 3,4 (row 0) and 5 (row 1): consecutive bits, but not one run.
        assert!(runs(sh, 0b111000, 3).is_empty());
    }

    /// A plain reading: walk each line cell by cell.
    fn naive(sh: Shape, m: Mask, min: u8) -> Vec<Mask> {
        let mut out = vec![];
        let mut lines: Vec<Vec<usize>> = vec![];
        for r in 0..sh.rows as usize {
            lines.push((0..sh.cols as usize).map(|c| sh.index(r, c)).collect());
        }
        for c in 0..sh.cols as usize {
            lines.push((0..sh.rows as usize).map(|r| sh.index(r, c)).collect());
        }
        for line in lines {
            let mut cur = vec![];
            for &i in line.iter().chain(std::iter::once(&usize::MAX)) {
                if i != usize::MAX && m >> i & 1 == 1 {
                    cur.push(i);
                } else {
                    if cur.len() >= min as usize {
                        out.push(cur.iter().fold(0u64, |a, &i| a | 1 << i));
                    }
                    cur.clear();
                }
            }
        }
        out
    }

    proptest! {
        #[test]
        fn agrees_with_a_cell_by_cell_walk(cols in 1u8..=8, rows in 1u8..=8, m: u64, min in 1u8..=5) {
            let sh = Shape::new(cols, rows).unwrap();
            let m = m & sh.all();
            let got: Vec<Mask> = runs(sh, m, min).iter().map(|r| r.cells).collect();
            prop_assert_eq!(got, naive(sh, m, min));
        }
    }
}
