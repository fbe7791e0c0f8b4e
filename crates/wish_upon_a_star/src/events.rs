//! The events of a round, in the order a player sees them (`common.md`, "The round record").
//! Serialisable with serde (JSON for a game client or an audit log). Wins are in hundredths
//! of the total bet; cells are `[row, col]`, 0-based from the top-left.

use crate::math_model::{GiftPrize, StarValue};
use serde::{Deserialize, Serialize};
use slot_core::money::Win;

/// Which kind of spin landed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpinKind {
    /// The paid base-game spin.
    Base,
    /// A free spin: `number` counts from 1; `remaining` free spins are left after it.
    Free {
        /// This free spin's number (1 = first).
        number: u32,
        /// Free spins still to play after this one.
        remaining: u32,
    },
}

/// What awarded free spins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FreeSpinsSource {
    /// 3 Bonus symbols.
    Scatter,
    /// A gift bonus win.
    Gift,
}

/// One event of a round. Serialised like every game's events: an object whose `"event"`
/// field names the event in snake case (`{"event": "round_end", ...}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A grid landed: the stops (reel 1 first), the grid as text codes (rows from the top,
    /// cells row-major) and the value of every Star on it.
    Spin {
        /// Base spin or free spin.
        kind: SpinKind,
        /// The stop of each reel, reel 1 first.
        stops: [u32; 5],
        /// The 15 cell codes, row-major.
        grid: Vec<String>,
        /// Every Star as (`[row, col]`, value).
        stars: Vec<([u8; 2], StarValue)>,
    },
    /// A ways win.
    WaysWin {
        /// The symbol's text code.
        symbol: String,
        /// Reels matched from reel 1.
        reels: u8,
        /// Number of ways.
        ways: u32,
        /// The cells taking part.
        cells: Vec<[u8; 2]>,
        /// 1 base game, 2 free spins.
        multiplier: u64,
        /// The win, hundredths of the bet.
        win: Win,
    },
    /// The Bonus scatter pay.
    ScatterWin {
        /// Bonus symbols on the grid.
        count: u32,
        /// Their cells.
        cells: Vec<[u8; 2]>,
        /// 1 base game, 2 free spins.
        multiplier: u64,
        /// The win, hundredths of the bet.
        win: Win,
    },
    /// A gift bonus win for a reel full of Wilds (never doubled).
    GiftBonus {
        /// The reel (2 or 4).
        reel: u8,
        /// What it gave.
        prize: GiftPrize,
        /// The money it paid (zero for free spins), hundredths of the bet.
        win: Win,
    },
    /// Free spins awarded.
    FreeSpinsAwarded {
        /// By the scatter or by a gift.
        source: FreeSpinsSource,
        /// Spins awarded (10).
        spins: u32,
        /// Free spins left to play now.
        remaining: u32,
    },
    /// Lock & Spin starts with the Stars on the grid held.
    LockAndSpinStart {
        /// Stars held.
        stars: u32,
        /// Their cells.
        cells: Vec<[u8; 2]>,
        /// Respins to start with (3).
        respins: u32,
    },
    /// One respin of Lock & Spin.
    Respin {
        /// The respin's number in the feature (1 = first).
        number: u32,
        /// The new Stars as (`[row, col]`, value).
        new_stars: Vec<([u8; 2], StarValue)>,
        /// Stars held after it.
        held: u32,
        /// Respins left after it (back to 3 with a new Star).
        respins_left: u32,
    },
    /// Lock & Spin ends: every Star's value is paid, and the Grand for a full grid.
    LockAndSpinEnd {
        /// Stars held at the end.
        stars: u32,
        /// Sum of the Stars' values (cash and jackpot labels), hundredths of the bet.
        star_values: Win,
        /// Whether all 15 cells held Stars (Grand, 200x).
        grand: bool,
        /// The feature's win, hundredths of the bet.
        win: Win,
    },
    /// The round's total win.
    RoundEnd {
        /// Total win, hundredths of the bet.
        win: Win,
    },
}
