//! The round record of Ten Lines, in the shared event vocabulary ([`slot_core::events`],
//! used as it is).
//!
//! A round's events: `round_start` (the game, `ten-lines` ([`crate::GAME_ID`]), the stake
//! mode, `standard`, and the model's fingerprint); for each spin `spin_start` (`paid`, or
//! `free` with the free spins left), `landed` (grid text and the five stops), one `win` per
//! paying line (`pays: "line"`, `count` the run's length, `cells` the run's cells reel 1
//! first, `pay` unmultiplied, `multiplier` 1 or 3, **paid**), the Scatter pay (`pays:
//! "scatter"`, **paid**), `free_spins_awarded`; `cap_reached` if the cap ended the round (it
//! cannot with the shipped model); `round_end` last. The `paid` amounts add up to
//! `round_end`'s win ([`EventLog::reconcile`]).
//!
//! One gap of the shared vocabulary, filled with the closest it has: a line `win` cannot name
//! its payline (`line` is a row or column of the core's straight runs), so `line` is left out
//! and the cells show the payline's path.

pub use slot_core::events::{Event, EventLog, SpinKind};

use crate::evaluate::LineWin;
use crate::paytable::PAYLINES;
use crate::symbols::{SCATTER, TEXT_CODES, Window};
use slot_core::events::{Cell, PayRule};
use slot_core::ledger::Payment;

/// The cells of a line win, `[row, reel]`, reel 1 first.
pub fn line_cells(w: &LineWin) -> Vec<Cell> {
    let path = PAYLINES
        .get(usize::from(w.line))
        .copied()
        .unwrap_or_default();
    (0..usize::from(w.len).min(path.len()))
        .map(|reel| [path[reel], reel as u8])
        .collect()
}

/// The cells of every Scatter of the window, `[row, reel]`, top-left first (row-major).
pub fn scatter_cells(window: &Window) -> Vec<Cell> {
    let mut cells = Vec::new();
    for row in 0..crate::symbols::ROWS {
        for (reel, column) in window.iter().enumerate() {
            if column[row] == SCATTER {
                cells.push([row as u8, reel as u8]);
            }
        }
    }
    cells
}

/// The `win` event of a line win paid with `multiplier` (1, or 3 in free spins).
pub fn line_win_event(w: &LineWin, multiplier: u64, payment: Payment) -> Event {
    Event::Win {
        symbol: TEXT_CODES
            .get(usize::from(w.symbol))
            .copied()
            .unwrap_or("?")
            .to_string(),
        pays: PayRule::Line,
        cells: line_cells(w),
        count: u32::from(w.len),
        line: None,
        ways: None,
        pay: w.pay,
        multiplier: Some(multiplier as u32),
        paid: Some(payment.paid),
        uncapped: payment.uncapped,
    }
}

/// The `win` event of the Scatter pay of `window` (never multiplied).
pub fn scatter_win_event(window: &Window, pay: slot_core::money::Win, payment: Payment) -> Event {
    let cells = scatter_cells(window);
    Event::Win {
        symbol: TEXT_CODES[usize::from(SCATTER)].to_string(),
        pays: PayRule::Scatter,
        count: cells.len() as u32,
        cells,
        line: None,
        ways: None,
        pay,
        multiplier: Some(1),
        paid: Some(payment.paid),
        uncapped: payment.uncapped,
    }
}
