//! Symbols, their grid codes and their text codes (the rules, "Grid and symbols"; grids written
//! as text: [`slot_core::text`]).
//!
//! A cell holds one of 25 grid codes: the nine paying symbols (0..=8), the Scatter (9), and a
//! Multiplier carrying one of the 15 values (codes 10..=24, [`MULTIPLIER_VALUES`] in order).
//! Putting the value into the code lets gravity move a Multiplier and its value together, and
//! the sum of the Multipliers on a grid is a weighted sum of 15 popcounts.

use slot_core::grid::{Grid, Mask, Shape};

/// 6 reels x 5 rows; cells row-major from the top-left (`slot_core::grid`).
pub const SHAPE: Shape = ScGrid::SHAPE;
/// Number of symbol codes a cell can hold: the nine paying symbols, the Scatter, and one code
/// per Multiplier value (15), as in Moon Princess's and Wish Upon a Star's `SYMBOLS`.
pub const SYMBOLS: usize = 25;
/// The grid type of this game.
pub type ScGrid = Grid<6, 5, SYMBOLS>;

/// Number of paying symbols (codes 0..=8).
pub const PAYING: usize = 9;
/// The Scatter's code.
pub const SCATTER: u8 = 9;
/// The first Multiplier code; code `MULTIPLIER + i` carries `MULTIPLIER_VALUES[i]`.
pub const MULTIPLIER: u8 = 10;
/// The values a Multiplier can carry (spec: 2x to 500x).
pub const MULTIPLIER_VALUES: [u32; 15] = [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 50, 100, 250, 500];

/// Names of the paying symbols, by code.
pub const NAMES: [&str; PAYING] = [
    "yellow gem",
    "turquoise gem",
    "green gem",
    "blue gem",
    "red gem",
    "Star",
    "Moon",
    "Heart",
    "Sun",
];

/// Text codes of the paying symbols in grids written as text ([`slot_core::text`]), by code.
pub const TEXT_CODES: [&str; PAYING] = ["gy", "gt", "gg", "gb", "gr", "st", "mo", "he", "su"];

/// The allowed cell codes, for error messages.
pub(crate) const ALLOWED: &str = "gy gt gg gb gr st mo he su SC x<value> with value one of 2 3 4 5 6 8 10 12 15 20 25 50 100 250 500";

/// A symbol as the math model draws it: a paying symbol, the Scatter, or a Multiplier whose
/// value is drawn when it lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Drawn {
    /// Paying symbol by code (0..=8).
    Paying(u8),
    /// The Scatter.
    Scatter,
    /// A Multiplier (value drawn from the mode's value table).
    Multiplier,
}

/// The grid code of a text cell code (`gy`, `SC`, `x25`, ...), `None` if unknown.
pub fn parse_code(s: &str) -> Option<u8> {
    if let Some(i) = TEXT_CODES.iter().position(|&c| c == s) {
        return Some(i as u8);
    }
    if s == "SC" {
        return Some(SCATTER);
    }
    let digits = s.strip_prefix('x')?;
    // Plain decimal digits without a sign or leading zero, as grid text writes them (x25).
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v: u32 = digits.parse().ok()?;
    MULTIPLIER_VALUES
        .iter()
        .position(|&m| m == v)
        .map(|i| MULTIPLIER + i as u8)
}

/// The text code of a grid code (`gy`, `SC`, `x25`; `?` for a code outside the game's).
pub(crate) fn text_code(code: u8) -> &'static str {
    const CODE_TEXT: [&str; SYMBOLS] = [
        "gy", "gt", "gg", "gb", "gr", "st", "mo", "he", "su", "SC", "x2", "x3", "x4", "x5", "x6",
        "x8", "x10", "x12", "x15", "x20", "x25", "x50", "x100", "x250", "x500",
    ];
    CODE_TEXT.get(code as usize).copied().unwrap_or("?")
}

/// Parses a grid written as text ([`slot_core::text`]; 6 cells per row, 5 rows).
///
/// # Errors
/// [`slot_core::text::GridTextError`] naming the bad row or cell and the allowed codes.
pub fn parse_grid(text: &str) -> Result<ScGrid, slot_core::text::GridTextError> {
    let codes = slot_core::text::parse_grid(
        text,
        SHAPE.cols as usize,
        SHAPE.rows as usize,
        ALLOWED,
        parse_code,
    )?;
    let mut g = ScGrid::empty();
    for (i, c) in codes.into_iter().enumerate() {
        g.set(i, c);
    }
    Ok(g)
}

/// The cells holding a Multiplier.
#[inline]
pub fn multiplier_cells(grid: &ScGrid) -> Mask {
    grid.planes()[MULTIPLIER as usize..]
        .iter()
        .fold(0, |a, p| a | p)
}

/// The sum of the values of the Multipliers on the grid (0 if none).
///
/// At most 30 cells x 500 = 15,000 (a grid full of x500), so the `u32` products and sum
/// cannot overflow (`a_grid_full_of_x500_sums_to_15000`).
#[inline]
pub fn multiplier_sum(grid: &ScGrid) -> u32 {
    grid.planes()[MULTIPLIER as usize..]
        .iter()
        .zip(MULTIPLIER_VALUES)
        .map(|(p, v)| p.count_ones() * v)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for code in 0..SYMBOLS as u8 {
            assert_eq!(parse_code(text_code(code)), Some(code));
        }
        assert_eq!(parse_code("x7"), None);
        assert_eq!(parse_code("x"), None);
        assert_eq!(parse_code("sc"), None);
        assert_eq!(parse_code("x500"), Some(24));
        assert_eq!(parse_code("x+2"), None);
        assert_eq!(parse_code("x02"), None);
        assert_eq!(parse_code("x"), None);
    }

    #[test]
    fn multiplier_sum_adds_values() {
        let g = parse_grid(
            "x2 gy gy gy gy gy / x500 gy gy gy gy gy / gy gy gy gy gy x3 / gy gy gy gy gy gy / gy gy gy gy gy x2",
        )
        .unwrap();
        assert_eq!(multiplier_sum(&g), 2 + 500 + 3 + 2);
        assert_eq!(multiplier_cells(&g).count_ones(), 4);
        assert!(crate::events::grid_text(&g).starts_with("x2 gy"));
    }

    /// The largest sum a grid can hold: every one of its 30 cells an x500.
    #[test]
    fn a_grid_full_of_x500_sums_to_15000() {
        let row = ["x500"; 6].join(" ");
        let g = parse_grid(&[row.as_str(); 5].join(" / ")).unwrap();
        assert_eq!(multiplier_sum(&g), 15_000);
        assert_eq!(multiplier_cells(&g).count_ones(), 30);
    }
}
