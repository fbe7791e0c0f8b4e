//! Symbols, their text codes (in grids written as text, [`slot_core::text`]), the 5x3 grid and
//! where each symbol may stand (the rules, "Grid and symbols").
//!
//! A grid is a [`slot_core::grid::Grid`] of 5 columns (reels, 0 = reel 1) by 3 rows (0 = top),
//! cells numbered row-major: `index = row * 5 + col`.

use slot_core::grid::{Grid, Mask, Shape};
use slot_core::text::GridTextError;

/// The 10 (lowest card symbol).
pub const TEN: u8 = 0;
/// The J.
pub const JACK: u8 = 1;
/// The Q.
pub const QUEEN: u8 = 2;
/// The K.
pub const KING: u8 = 3;
/// The A.
pub const ACE: u8 = 4;
/// Bell.
pub const BELL: u8 = 5;
/// Candy Cane.
pub const CANDY_CANE: u8 = 6;
/// Candle.
pub const CANDLE: u8 = 7;
/// Tree.
pub const TREE: u8 = 8;
/// Elf (highest paying symbol).
pub const ELF: u8 = 9;
/// Wild (the gift): only on reels 2 and 4; substitutes for the paying symbols only.
pub const WILD: u8 = 10;
/// Bonus (free-spin scatter): only on reels 1, 3 and 5.
pub const BONUS: u8 = 11;
/// Star (Lock & Spin jackpot symbol): on any reel.
pub const STAR: u8 = 12;

/// Number of symbol codes.
pub const SYMBOLS: usize = 13;

/// The paying symbols, lowest first (codes `0..10`).
pub const PAYING: [u8; 10] = [
    TEN, JACK, QUEEN, KING, ACE, BELL, CANDY_CANE, CANDLE, TREE, ELF,
];

/// Text codes of the symbols in grids written as text ([`slot_core::text`]), by code.
pub const TEXT_CODES: [&str; SYMBOLS] = [
    "10", "J", "Q", "K", "A", "be", "cc", "cd", "tr", "el", "W", "BO", "ST",
];

/// Names of the symbols as the spec writes them, by code.
pub const NAMES: [&str; SYMBOLS] = [
    "10",
    "J",
    "Q",
    "K",
    "A",
    "Bell",
    "Candy Cane",
    "Candle",
    "Tree",
    "Elf",
    "Wild",
    "Bonus",
    "Star",
];

/// The allowed cell codes, as named in error messages.
pub(crate) const ALLOWED_CODES: &str = "10 J Q K A be cc cd tr el W BO ST";

/// Reels (columns).
pub const REELS: usize = 5;
/// Rows.
pub const ROWS: usize = 3;
/// The grid's shape: 5 reels by 3 rows.
pub const SHAPE: Shape = WishGrid::SHAPE;
/// Number of cells (15).
pub const CELLS: usize = REELS * ROWS;

/// The game's grid: 5x3, one plane per symbol code.
pub type WishGrid = Grid<REELS, ROWS, SYMBOLS>;

/// The cells of each reel (column masks), reel 1 first.
pub(crate) const REEL_MASKS: [Mask; REELS] = [
    SHAPE.col_mask(0),
    SHAPE.col_mask(1),
    SHAPE.col_mask(2),
    SHAPE.col_mask(3),
    SHAPE.col_mask(4),
];

/// The symbol of a text code ([`TEXT_CODES`]), `None` if unknown.
pub fn from_code(code: &str) -> Option<u8> {
    TEXT_CODES.iter().position(|&c| c == code).map(|i| i as u8)
}

/// True if `symbol` may stand on reel `reel` (0-based): Wild only on reels 2 and 4, Bonus only
/// on reels 1, 3 and 5, every other symbol anywhere.
pub const fn allowed_on_reel(symbol: u8, reel: usize) -> bool {
    match symbol {
        WILD => reel == 1 || reel == 3,
        BONUS => reel.is_multiple_of(2),
        _ => true,
    }
}

/// A grid or strip that breaks the rules of where symbols may stand.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridInputError {
    /// The text could not be read (rows, cells or an unknown code).
    #[error(transparent)]
    Text(#[from] GridTextError),
    /// A symbol on a reel where it cannot appear.
    #[error(
        "row {row}, reel {reel}: {symbol} cannot stand on reel {reel}; Wild (W) only on reels 2 and 4, Bonus (BO) only on reels 1, 3 and 5"
    )]
    Placement {
        /// The row (1 = top).
        row: usize,
        /// The reel (1 = left).
        reel: usize,
        /// The symbol's code.
        symbol: &'static str,
    },
}

/// Reads a grid written as text ([`slot_core::text`]: rows from the top separated by `/`, cells
/// by spaces, codes [`TEXT_CODES`]) and checks where each symbol stands.
///
/// # Errors
/// [`GridInputError::Text`] for a malformed grid or an unknown code (naming the cell and the
/// allowed codes), [`GridInputError::Placement`] for a Wild off reels 2 and 4 or a Bonus off
/// reels 1, 3 and 5.
pub fn parse_grid(text: &str) -> Result<WishGrid, GridInputError> {
    let cells = slot_core::text::parse_grid(text, REELS, ROWS, ALLOWED_CODES, from_code)?;
    let mut g = WishGrid::empty();
    for (i, &s) in cells.iter().enumerate() {
        let (row, col) = SHAPE.position(i);
        if !allowed_on_reel(s, col) {
            return Err(GridInputError::Placement {
                row: row + 1,
                reel: col + 1,
                symbol: TEXT_CODES[s as usize],
            });
        }
        g.set(i, s);
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_bad_cells_are_named() {
        let g = parse_grid("10 W BO W ST / J K A Q el / be cc cd tr BO").unwrap();
        assert_eq!(g.get(0), Some(TEN));
        assert_eq!(g.get(1), Some(WILD));
        assert_eq!(g.get(14), Some(BONUS));
        assert_eq!(
            crate::events::grid_text(&g),
            "10 W BO W ST/J K A Q el/be cc cd tr BO"
        );
        let e = parse_grid("10 W BO W XX / J K A Q el / be cc cd tr BO").unwrap_err();
        assert!(
            e.to_string().contains("'XX'") && e.to_string().contains(ALLOWED_CODES),
            "{e}"
        );
    }

    #[test]
    fn wild_only_on_reels_2_and_4_and_bonus_only_on_1_3_5() {
        // A Wild on reel 1 cannot land: the grid is rejected, naming the cell.
        let e = parse_grid("W K A Q J / J K A Q el / be cc cd tr el").unwrap_err();
        assert_eq!(
            e,
            GridInputError::Placement {
                row: 1,
                reel: 1,
                symbol: "W"
            }
        );
        let e = parse_grid("K K A Q J / J K A Q el / be cc W tr el").unwrap_err();
        assert_eq!(
            e,
            GridInputError::Placement {
                row: 3,
                reel: 3,
                symbol: "W"
            }
        );
        let e = parse_grid("K BO A Q J / J K A Q el / be cc cd tr el").unwrap_err();
        assert_eq!(
            e,
            GridInputError::Placement {
                row: 1,
                reel: 2,
                symbol: "BO"
            }
        );
    }
}
