//! Grids written as text: rows from the top separated by `/`, cells by white space, each cell
//! a code the game defines. Used by the runner's `eval --grid` (guide, "Command reference"), by event
//! logs and by rule tests, so that a test reads like the grid it checks.

use crate::grid::Grid;

/// Writes `grid` as text in the form [`parse_grid`] reads and every event log uses: rows from
/// the top separated by `/`, cells by one space, each cell `code(symbol)` or `.` if empty
/// (`"ci st he be pg/pb pr W . ci/..."`).
pub fn grid_text<'a, const COLS: usize, const ROWS: usize, const SYMBOLS: usize>(
    grid: &Grid<COLS, ROWS, SYMBOLS>,
    code: impl Fn(u8) -> &'a str,
) -> String {
    let mut s = String::with_capacity(COLS * ROWS * 3 + ROWS);
    for r in 0..ROWS {
        if r > 0 {
            s.push('/');
        }
        for c in 0..COLS {
            if c > 0 {
                s.push(' ');
            }
            match grid.get(r * COLS + c) {
                Some(x) => s.push_str(code(x)),
                None => s.push('.'),
            }
        }
    }
    s
}

/// What is wrong with a grid written as text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridTextError {
    /// Nothing but white space.
    #[error(
        "the grid is empty; write {expected_rows} rows separated by '/', cells separated by spaces; codes: {allowed}"
    )]
    Empty {
        /// Rows the game has.
        expected_rows: usize,
        /// The allowed codes.
        allowed: String,
    },
    /// Wrong number of rows.
    #[error("the grid has {found} rows; this game has {expected} (rows are separated by '/')")]
    Rows {
        /// Rows the game has.
        expected: usize,
        /// Rows given.
        found: usize,
    },
    /// Wrong number of cells in a row.
    #[error(
        "row {row} ('{text}') has {found} cells; this game has {expected} per row, separated by spaces; codes: {allowed}"
    )]
    Cols {
        /// The row (1 = top).
        row: usize,
        /// The row as given.
        text: String,
        /// The allowed codes.
        allowed: String,
        /// Cells per row the game has.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A code the game does not know.
    #[error("row {row}, column {col}: '{code}' is not a cell code; allowed: {allowed}")]
    Cell {
        /// The row (1 = top).
        row: usize,
        /// The column (1 = left).
        col: usize,
        /// The code given.
        code: String,
        /// The allowed codes.
        allowed: String,
    },
}

/// Parses `text` into `rows` x `cols` cells in row-major order, reading each code with
/// `code`. `allowed` is the list of codes named in errors.
///
/// # Errors
/// [`GridTextError`] naming the bad row or cell and what is allowed.
pub fn parse_grid<T>(
    text: &str,
    cols: usize,
    rows: usize,
    allowed: &str,
    code: impl Fn(&str) -> Option<T>,
) -> Result<Vec<T>, GridTextError> {
    if text.trim().is_empty() {
        return Err(GridTextError::Empty {
            expected_rows: rows,
            allowed: allowed.to_string(),
        });
    }
    let lines: Vec<&str> = text.split('/').collect();
    if lines.len() != rows {
        return Err(GridTextError::Rows {
            expected: rows,
            found: lines.len(),
        });
    }
    let mut out = Vec::with_capacity(rows * cols);
    for (r, line) in lines.iter().enumerate() {
        let cells: Vec<&str> = line.split_whitespace().collect();
        if cells.len() != cols {
            return Err(GridTextError::Cols {
                row: r + 1,
                text: line.trim().to_string(),
                allowed: allowed.to_string(),
                expected: cols,
                found: cells.len(),
            });
        }
        for (c, s) in cells.iter().enumerate() {
            out.push(code(s).ok_or_else(|| GridTextError::Cell {
                row: r + 1,
                col: c + 1,
                code: s.to_string(),
                allowed: allowed.to_string(),
            })?);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(s: &str) -> Option<u8> {
        match s {
            "a" => Some(0),
            "b" => Some(1),
            _ => None,
        }
    }

    #[test]
    fn writes_rows_with_slashes_and_empty_cells_as_dots() {
        let mut g: Grid<2, 2, 2> = Grid::empty();
        g.set(0, 0);
        g.set(1, 1);
        g.set(3, 0);
        let text = grid_text(&g, |s| ["a", "b"][s as usize]);
        assert_eq!(text, "a b/. a");
        let back = parse_grid(&text, 2, 2, "a b", |s| match s {
            "." => Some(None),
            other => code(other).map(Some),
        });
        assert_eq!(back, Ok(vec![Some(0), Some(1), None, Some(0)]));
    }

    #[test]
    fn parses_and_names_bad_cells() {
        assert_eq!(
            parse_grid("a b / b a", 2, 2, "a b", code),
            Ok(vec![0, 1, 1, 0])
        );
        let e = parse_grid("a b / b", 2, 2, "a b", code).unwrap_err();
        assert_eq!(
            e.to_string(),
            "row 2 ('b') has 1 cells; this game has 2 per row, separated by spaces; codes: a b"
        );
        assert!(matches!(
            parse_grid("  ", 2, 2, "a b", code),
            Err(GridTextError::Empty { .. })
        ));
        assert_eq!(
            parse_grid("a b", 2, 2, "a b", code),
            Err(GridTextError::Rows {
                expected: 2,
                found: 1
            })
        );
        let e = parse_grid("a b / b zz", 2, 2, "a b", code).unwrap_err();
        assert_eq!(
            e.to_string(),
            "row 2, column 2: 'zz' is not a cell code; allowed: a b"
        );
    }
}
