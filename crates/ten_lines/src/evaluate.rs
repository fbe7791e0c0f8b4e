//! One window evaluated: its line wins and its Scatters (the rules, "Lines", "Scatter").
//!
//! [`evaluate`] is the one evaluation of the game: the round pays from it, the exact figures
//! ([`crate::exact`]) count over it, and `eval` reads a grid through it, so that the three can
//! never disagree. It allocates nothing (the wins are a fixed array) and uses no floats.

use crate::paytable::{LINES, PAYLINES, SCATTER_PAY, SCATTERS_TO_TRIGGER, line_pay};
use crate::symbols::{REELS, SCATTER, WILD, Window};
use slot_core::money::Win;

/// One line win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineWin {
    /// The payline, 0-based (payline 1 is 0), an index into [`PAYLINES`].
    pub line: u8,
    /// The symbol paid (the symbol on reel 1; Wilds in the run stood in for it).
    pub symbol: u8,
    /// The run's length from reel 1: 3, 4 or 5.
    pub len: u8,
    /// The pay, hundredths of the total bet, unmultiplied.
    pub pay: Win,
}

/// A window's wins, unmultiplied (a free spin multiplies the line total; see
/// [`crate::round`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpinEvaluation {
    /// The line wins, payline order; only the first [`SpinEvaluation::line_count`] are wins.
    pub lines: [LineWin; LINES],
    /// How many entries of [`SpinEvaluation::lines`] are wins.
    pub line_count: u8,
    /// The sum of the line pays, hundredths of the total bet.
    pub line_total: Win,
    /// Scatters in the window.
    pub scatters: u32,
    /// The Scatter pay: [`SCATTER_PAY`] for 3 or more Scatters, else zero.
    pub scatter_win: Win,
}

impl SpinEvaluation {
    /// The line wins found.
    pub fn line_wins(&self) -> &[LineWin] {
        &self.lines[..usize::from(self.line_count)]
    }

    /// True when the window's Scatters award free spins (3 or more).
    pub const fn triggered(&self) -> bool {
        self.scatters >= SCATTERS_TO_TRIGGER
    }
}

/// The run of one payline: the symbol on reel 1 and how many reels from reel 1 show it or a
/// Wild without a gap; `None` when reel 1 shows a Scatter (a Scatter never starts a line, and a
/// Scatter later on the line ends the run like any other symbol).
#[inline(always)]
pub fn line_run(window: &Window, line: &[u8; REELS]) -> Option<(u8, usize)> {
    let first = window[0][usize::from(line[0])];
    if first == SCATTER || first == WILD {
        return None;
    }
    let mut len = 1;
    while len < REELS {
        let s = window[len][usize::from(line[len])];
        if s != first && s != WILD {
            break;
        }
        len += 1;
    }
    Some((first, len))
}

/// Evaluates a window: each payline's longest run from reel 1 (3, 4 or 5, Wild standing for
/// any paying symbol), and the Scatters anywhere.
#[inline]
pub fn evaluate(window: &Window) -> SpinEvaluation {
    let mut ev = SpinEvaluation::default();
    let mut total = 0u64;
    for (l, line) in PAYLINES.iter().enumerate() {
        if let Some((symbol, len)) = line_run(window, line) {
            let pay = line_pay(symbol, len);
            if !pay.is_zero() {
                ev.lines[usize::from(ev.line_count)] = LineWin {
                    line: l as u8,
                    symbol,
                    len: len as u8,
                    pay,
                };
                ev.line_count += 1;
                total += pay.hundredths();
            }
        }
    }
    ev.line_total = Win::from_hundredths(total);
    ev.scatters = window
        .iter()
        .flatten()
        .map(|&s| u32::from(s == SCATTER))
        .sum();
    if ev.triggered() {
        ev.scatter_win = SCATTER_PAY;
    }
    ev
}
