//! Symbols, their cell codes (in grids written as text, [`slot_core::text`]), the 5x3 window
//! and where each symbol may stand (the rules, "Symbols").
//!
//! A spin's window is held as five columns of three codes, [`Window`]: `window[reel][row]`,
//! reel 0 = reel 1 (leftmost), row 0 = top. Written as text it is the runner's grid text: rows
//! from the top separated by `/`, cells by spaces (`"10 J Q K be/..."`).

use slot_core::text::GridTextError;

/// The 10 (lowest symbol).
pub const TEN: u8 = 0;
/// The J.
pub const JACK: u8 = 1;
/// The Q.
pub const QUEEN: u8 = 2;
/// The K.
pub const KING: u8 = 3;
/// Bell.
pub const BELL: u8 = 4;
/// Bar.
pub const BAR: u8 = 5;
/// Seven (highest paying symbol).
pub const SEVEN: u8 = 6;
/// Wild: only on reels 2, 3 and 4; substitutes for every paying symbol, not for Scatter.
pub const WILD: u8 = 7;
/// Scatter: only on reels 1, 3 and 5; pays and triggers free spins anywhere.
pub const SCATTER: u8 = 8;

/// Number of symbol codes.
pub const SYMBOLS: usize = 9;

/// The paying symbols, lowest first (codes `0..7`).
pub const PAYING: [u8; 7] = [TEN, JACK, QUEEN, KING, BELL, BAR, SEVEN];

/// Cell codes of the symbols in grids written as text, by code.
pub const TEXT_CODES: [&str; SYMBOLS] = ["10", "J", "Q", "K", "be", "ba", "7", "W", "SC"];

/// Names of the symbols as the rules write them, by code.
pub const NAMES: [&str; SYMBOLS] = [
    "10", "J", "Q", "K", "Bell", "Bar", "Seven", "Wild", "Scatter",
];

/// The allowed cell codes, as named in error messages.
pub const ALLOWED_CODES: &str = "10 J Q K be ba 7 W SC";

/// Reels (columns).
pub const REELS: usize = 5;
/// Rows.
pub const ROWS: usize = 3;

/// A spin's window: `window[reel][row]`, reel 0 = reel 1, row 0 = top.
pub type Window = [[u8; ROWS]; REELS];

/// The symbol of a cell code ([`TEXT_CODES`]), `None` if unknown.
pub fn from_code(code: &str) -> Option<u8> {
    TEXT_CODES.iter().position(|&c| c == code).map(|i| i as u8)
}

/// True if `symbol` may stand on reel `reel` (0-based): Wild only on reels 2, 3 and 4, Scatter
/// only on reels 1, 3 and 5, every other symbol anywhere; false for an unknown code.
pub const fn allowed_on_reel(symbol: u8, reel: usize) -> bool {
    match symbol {
        WILD => reel >= 1 && reel <= 3,
        SCATTER => reel == 0 || reel == 2 || reel == 4,
        s => (s as usize) < SYMBOLS,
    }
}

/// A grid that cannot land in Ten Lines.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GridInputError {
    /// The text could not be read (rows, cells or an unknown code).
    #[error(transparent)]
    Text(#[from] GridTextError),
    /// A symbol on a reel where it cannot appear.
    #[error(
        "row {row}, reel {reel}: {symbol} cannot stand on reel {reel}; Wild (W) only on reels 2, 3 and 4, Scatter (SC) only on reels 1, 3 and 5"
    )]
    Placement {
        /// The row (1 = top).
        row: usize,
        /// The reel (1 = left).
        reel: usize,
        /// The symbol's cell code.
        symbol: &'static str,
    },
}

/// Reads a window written as grid text (rows from the top separated by `/`, cells by spaces,
/// codes [`TEXT_CODES`]) and checks where each symbol stands.
///
/// # Errors
/// [`GridInputError::Text`] for a malformed grid or an unknown code (naming the cell and the
/// allowed codes), [`GridInputError::Placement`] for a Wild off reels 2-4 or a Scatter off
/// reels 1, 3 and 5.
pub fn parse_grid(text: &str) -> Result<Window, GridInputError> {
    let cells = slot_core::text::parse_grid(text, REELS, ROWS, ALLOWED_CODES, from_code)?;
    let mut w: Window = [[0; ROWS]; REELS];
    for (i, &s) in cells.iter().enumerate() {
        let (row, reel) = (i / REELS, i % REELS);
        if !allowed_on_reel(s, reel) {
            return Err(GridInputError::Placement {
                row: row + 1,
                reel: reel + 1,
                symbol: TEXT_CODES[s as usize],
            });
        }
        w[reel][row] = s;
    }
    Ok(w)
}

/// The window as grid text (`"10 J Q K be/ba 7 W SC 10/..."`); an unknown code is written `?`.
pub fn grid_text(window: &Window) -> String {
    let mut s = String::with_capacity(REELS * ROWS * 3 + ROWS);
    for row in 0..ROWS {
        if row > 0 {
            s.push('/');
        }
        for (reel, column) in window.iter().enumerate() {
            if reel > 0 {
                s.push(' ');
            }
            s.push_str(TEXT_CODES.get(column[row] as usize).copied().unwrap_or("?"));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_bad_cells_are_named() {
        let text = "10 W SC W 7/J K be Q ba/SC 10 Q K SC";
        let w = parse_grid(text).unwrap();
        assert_eq!(w[0], [TEN, JACK, SCATTER]);
        assert_eq!(w[1][0], WILD);
        assert_eq!(grid_text(&w), text);
        let e = parse_grid("10 W SC W XX/J K be Q ba/SC 10 Q K SC").unwrap_err();
        assert!(e.to_string().contains("'XX'"), "{e}");
    }

    #[test]
    fn wild_only_on_reels_2_to_4_and_scatter_only_on_1_3_5() {
        let e = parse_grid("W K Q Q J/J K Q Q J/J K Q Q J").unwrap_err();
        assert_eq!(
            e,
            GridInputError::Placement {
                row: 1,
                reel: 1,
                symbol: "W"
            }
        );
        let e = parse_grid("J K Q Q J/J K Q Q J/J K Q Q W").unwrap_err();
        assert!(matches!(
            e,
            GridInputError::Placement {
                row: 3,
                reel: 5,
                ..
            }
        ));
        let e = parse_grid("J SC Q Q J/J K Q Q J/J K Q Q J").unwrap_err();
        assert!(matches!(
            e,
            GridInputError::Placement {
                row: 1,
                reel: 2,
                ..
            }
        ));
        assert!(parse_grid("SC W SC W SC/J W W W J/J K Q Q J").is_ok());
    }
}
