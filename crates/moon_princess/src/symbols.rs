//! Symbols, their codes on the grid, and their text codes in grids written as text
//! ([`slot_core::text`]; the runner's `eval --grid`).
//!
//! Spec: the rules, "Grid and symbols". The grid is 5 columns x 5 rows, cells numbered
//! row-major from the top-left (`index = row * 5 + col`), as in [`slot_core::grid`].

use serde::{Deserialize, Serialize};
use slot_core::grid::{Grid, Shape};

/// The grid's shape: 5 columns x 5 rows.
pub const SHAPE: Shape = MpGrid::SHAPE;

/// Number of symbol codes on the grid (7 regular symbols and the Wild).
pub const SYMBOLS: usize = 8;

/// A Moon Princess grid: 25 cells, each a [`Symbol`] code (`Symbol as u8`) or empty.
pub type MpGrid = Grid<5, 5, SYMBOLS>;

/// The symbols. The discriminant is the code stored in the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Symbol {
    /// Circle (low).
    Circle = 0,
    /// Star (low; not the Princess Star).
    LowStar = 1,
    /// Heart (low).
    Heart = 2,
    /// Bell (low).
    Bell = 3,
    /// Princess Storm (green).
    PrincessStorm = 4,
    /// Princess Star (blue).
    PrincessStar = 5,
    /// Princess Love (red).
    PrincessLove = 6,
    /// Wild: substitutes every symbol; never lands, only made by the game.
    Wild = 7,
}

/// The 7 regular (non-wild) symbols, in code order.
pub(crate) const REGULAR: [Symbol; 7] = [
    Symbol::Circle,
    Symbol::LowStar,
    Symbol::Heart,
    Symbol::Bell,
    Symbol::PrincessStorm,
    Symbol::PrincessStar,
    Symbol::PrincessLove,
];

/// Code of the Wild in the grid.
pub const WILD: u8 = Symbol::Wild as u8;

/// The cell codes accepted in grid text, as named in errors.
pub const CELL_CODES: &str = "ci (Circle), st (Star), he (Heart), be (Bell), pg (Princess Storm), \
pb (Princess Star), pr (Princess Love), W (Wild), . (empty)";

impl Symbol {
    /// The symbol of grid code `code` (`0..8`), `None` otherwise.
    pub const fn from_code(code: u8) -> Option<Symbol> {
        Some(match code {
            0 => Symbol::Circle,
            1 => Symbol::LowStar,
            2 => Symbol::Heart,
            3 => Symbol::Bell,
            4 => Symbol::PrincessStorm,
            5 => Symbol::PrincessStar,
            6 => Symbol::PrincessLove,
            7 => Symbol::Wild,
            _ => return None,
        })
    }

    /// The symbol's code in grids written as text ([`slot_core::text`]): `ci`, `st`, `he`, `be`,
    /// `pg`, `pb`, `pr`, `W`.
    pub const fn text(self) -> &'static str {
        match self {
            Symbol::Circle => "ci",
            Symbol::LowStar => "st",
            Symbol::Heart => "he",
            Symbol::Bell => "be",
            Symbol::PrincessStorm => "pg",
            Symbol::PrincessStar => "pb",
            Symbol::PrincessLove => "pr",
            Symbol::Wild => "W",
        }
    }

    /// The symbol of a text code (see [`Symbol::text`]); `None` for anything else.
    pub(crate) fn from_text(s: &str) -> Option<Symbol> {
        REGULAR
            .iter()
            .copied()
            .chain([Symbol::Wild])
            .find(|x| x.text() == s)
    }

    /// The name as the spec writes it.
    pub const fn name(self) -> &'static str {
        match self {
            Symbol::Circle => "Circle",
            Symbol::LowStar => "Star",
            Symbol::Heart => "Heart",
            Symbol::Bell => "Bell",
            Symbol::PrincessStorm => "Princess Storm",
            Symbol::PrincessStar => "Princess Star",
            Symbol::PrincessLove => "Princess Love",
            Symbol::Wild => "Wild",
        }
    }

    /// True for the three princesses.
    pub(crate) const fn is_princess(self) -> bool {
        matches!(
            self,
            Symbol::PrincessStorm | Symbol::PrincessStar | Symbol::PrincessLove
        )
    }
}

/// Parses a grid written as text: 5 rows from the top separated by `/`, 5 cells per row
/// separated by spaces, each a code of [`CELL_CODES`] (`.` = empty).
///
/// # Errors
/// [`slot_core::text::GridTextError`] naming the bad row or cell and the allowed codes.
pub fn parse_grid(text: &str) -> Result<MpGrid, slot_core::text::GridTextError> {
    let cells = slot_core::text::parse_grid(text, 5, 5, CELL_CODES, |s| {
        if s == "." {
            Some(None)
        } else {
            Symbol::from_text(s).map(|x| Some(x as u8))
        }
    })?;
    let mut g = MpGrid::empty();
    for (i, c) in cells.into_iter().enumerate() {
        if let Some(s) = c {
            g.set(i, s);
        }
    }
    Ok(g)
}

/// Writes a grid as text in the format [`parse_grid`] reads and the event log uses
/// (`"ci st he be pg/..."`, `.` for an empty cell).
pub fn grid_text(g: &MpGrid) -> String {
    slot_core::text::grid_text(g, |s| Symbol::from_code(s).map_or("?", Symbol::text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for code in 0..8u8 {
            let s = Symbol::from_code(code).unwrap();
            assert_eq!(s as u8, code);
            assert_eq!(Symbol::from_text(s.text()), Some(s));
        }
        assert_eq!(Symbol::from_code(8), None);
        assert_eq!(Symbol::from_text("xx"), None);
        let t = "ci st he be pg/pb pr W . ci/ci ci ci ci ci/st st st st st/he he he he he";
        assert_eq!(grid_text(&parse_grid(t).unwrap()), t);
    }

    #[test]
    fn bad_cells_are_named() {
        let e = parse_grid(
            "ci st he be zz/ci ci ci ci ci/ci ci ci ci ci/ci ci ci ci ci/ci ci ci ci ci",
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("row 1, column 5") && e.contains("'zz'") && e.contains("pr"),
            "{e}"
        );
    }
}
