//! The paytable and the ten paylines (the rules, "Lines" and "Pays").
//!
//! The total bet is 10 line bets. Pays are written per line bet in the rule sheet; here they
//! are in hundredths of the **total** bet, where they are integers (a pay of `k` line bets is
//! `10 k` hundredths of the total bet).

use crate::symbols::{REELS, ROWS, SYMBOLS};
use slot_core::money::Win;

/// Number of paylines.
pub const LINES: usize = 10;

/// The ten paylines: for each, the row (0 = top) it crosses on each reel, reel 1 first.
pub const PAYLINES: [[u8; REELS]; LINES] = [
    [1, 1, 1, 1, 1], // 1: middle row
    [0, 0, 0, 0, 0], // 2: top row
    [2, 2, 2, 2, 2], // 3: bottom row
    [0, 1, 2, 1, 0], // 4: V
    [2, 1, 0, 1, 2], // 5: inverted V
    [1, 0, 1, 0, 1], // 6: zig-zag up
    [1, 2, 1, 2, 1], // 7: zig-zag down
    [0, 0, 1, 2, 2], // 8: step down
    [2, 2, 1, 0, 0], // 9: step up
    [1, 0, 0, 0, 1], // 10: arch
];

/// Line pays in line bets for runs of 3, 4 and 5, by symbol code (Wild and Scatter: none).
pub const LINE_PAYS_IN_LINE_BETS: [[u64; 3]; SYMBOLS] = [
    [8, 20, 80],     // 10
    [8, 25, 100],    // J
    [12, 30, 120],   // Q
    [15, 40, 150],   // K
    [20, 80, 300],   // Bell
    [30, 120, 500],  // Bar
    [40, 200, 1000], // Seven
    [0, 0, 0],       // Wild: never starts a line (not on reel 1), no pay of its own
    [0, 0, 0],       // Scatter: pays as a scatter, never on a line
];

/// Hundredths of the total bet per line bet (the total bet is [`LINES`] line bets).
pub const HUNDREDTHS_PER_LINE_BET: u64 = 100 / LINES as u64;

/// The pay of a run of `len` (3 to 5) of `symbol` on one line, hundredths of the total bet
/// (zero for any other length or symbol).
#[inline]
pub const fn line_pay(symbol: u8, len: usize) -> Win {
    if len < 3 || len > REELS || symbol as usize >= SYMBOLS {
        return Win::ZERO;
    }
    Win::from_hundredths(LINE_PAYS_IN_LINE_BETS[symbol as usize][len - 3] * HUNDREDTHS_PER_LINE_BET)
}

/// Scatters anywhere that pay and award free spins.
pub const SCATTERS_TO_TRIGGER: u32 = 3;
/// The Scatter pay for [`SCATTERS_TO_TRIGGER`] or more: 2 x the total bet.
pub const SCATTER_PAY: Win = Win::from_hundredths(200);
/// Free spins awarded by the base game's Scatters.
pub const FREE_SPINS: u32 = 10;
/// The multiplier of line wins in free spins (Scatter pays are not multiplied).
pub const FREE_SPIN_LINE_MULTIPLIER: u64 = 3;
/// The cap on a round's win: 5,000 x the total bet.
pub const CAP_X_BET: u64 = 5_000;

/// Every payline crosses each reel at a row of the window.
const _: () = {
    let mut l = 0;
    while l < LINES {
        let mut r = 0;
        while r < REELS {
            assert!((PAYLINES[l][r] as usize) < ROWS);
            r += 1;
        }
        l += 1;
    }
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbols::{SEVEN, TEN, WILD};

    #[test]
    fn pays_are_tenths_of_line_bets_in_total_bet_hundredths() {
        assert_eq!(line_pay(TEN, 3), Win::from_hundredths(80));
        assert_eq!(line_pay(SEVEN, 5), Win::from_hundredths(10_000));
        assert_eq!(line_pay(SEVEN, 2), Win::ZERO);
        assert_eq!(line_pay(WILD, 5), Win::ZERO);
        assert_eq!(line_pay(99, 5), Win::ZERO);
    }

    #[test]
    fn paylines_are_distinct() {
        for (a, la) in PAYLINES.iter().enumerate() {
            for (b, lb) in PAYLINES.iter().enumerate().skip(a + 1) {
                assert_ne!(la, lb, "lines {} and {}", a + 1, b + 1);
            }
        }
    }
}
