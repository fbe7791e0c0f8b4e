//! The events of a round, in the order a player sees them (`common.md`, "The round record").
//! Wins are integers in hundredths of the base bet; cells are `[row, col]` from the top-left;
//! grids are `cli.md` text (rows from the top separated by `/`).

use serde::{Deserialize, Serialize};
use slot_core::money::Win;

/// Which kind of spin starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpinKind {
    /// The paid base-game spin.
    Base,
    /// A free spin (1-based number).
    FreeSpin {
        /// Which free spin this is, from 1.
        number: u32,
    },
}

/// One event of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A spin starts.
    SpinStart {
        /// Which spin.
        spin: SpinKind,
        /// Free spins left after this one (0 in the base game).
        free_spins_left: u32,
    },
    /// The grid as it lands.
    Landed {
        /// The grid as text.
        grid: String,
    },
    /// A pay-anywhere win.
    Win {
        /// The symbol's name.
        symbol: String,
        /// Cells of it on the grid.
        count: u32,
        /// Its cells.
        cells: Vec<[u8; 2]>,
        /// The pay, before any Multiplier.
        win: Win,
    },
    /// The winning cells are removed and the rest falls.
    Tumble {
        /// The removed cells.
        removed: Vec<[u8; 2]>,
    },
    /// New symbols have filled the grid from above.
    Refill {
        /// The grid after the refill.
        grid: String,
    },
    /// The tumble sequence has ended.
    SequenceEnd {
        /// The sequence's symbol wins, unmultiplied.
        symbol_win: Win,
        /// The sum of the Multipliers on the grid.
        multiplier_sum: u32,
        /// The multiplier applied to the symbol wins (1 if none).
        multiplier_applied: u32,
        /// What the sequence pays.
        win: Win,
    },
    /// The free spins' running multiplier changed.
    RunningMultiplier {
        /// Its new value.
        value: u32,
    },
    /// Scatters paid.
    ScatterPay {
        /// Scatters on the grid.
        scatters: u32,
        /// The pay.
        win: Win,
    },
    /// Free spins were awarded (trigger or retrigger).
    FreeSpinsAwarded {
        /// Spins added.
        awarded: u32,
        /// Spins left to play now.
        left: u32,
    },
    /// The cap was reached: the round ends, the rest is forfeited.
    CapReached {
        /// The capped total.
        total: Win,
    },
    /// The round is over.
    RoundEnd {
        /// What the round pays.
        win: Win,
        /// Whether the cap ended it.
        capped: bool,
    },
}
