//! The events a player sees, in order (`common.md`, "The round record"). Serialisable (serde,
//! JSON) for a game client or an audit log. Grids are written as text (`cli.md` codes, rows from
//! the top separated by `/`); cells as `[row, col]` from the top-left; amounts in hundredths of
//! the total bet.

use crate::evaluate::PayClass;
use crate::features::Power;
use crate::round::Pick;
use crate::symbols::Symbol;
use serde::{Deserialize, Serialize};
use slot_core::lines::Line;
use slot_core::money::Win;

/// Which kind of spin a grid belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpinKind {
    /// The paid spin.
    Paid,
    /// A Trinity spin (`number` from 1).
    Trinity {
        /// The Trinity spin's number in this round.
        number: u32,
    },
    /// A free spin.
    Free {
        /// Its number, from 1.
        number: u32,
        /// Free spins awarded so far (initial plus extra, at most 20).
        of: u32,
    },
    /// A grid evaluated by the runner's `eval` (no powers, no features played).
    Evaluation,
}

/// Why a power was used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PowerSource {
    /// The random single power of a paid spin.
    Random,
    /// The Trinity spin's sequence Love, Star, Storm.
    Trinity,
    /// The picked princess's power on a free spin that landed without a win.
    FreeSpin,
}

/// What a power did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PowerEffect {
    /// Love: every `from` became `to`.
    Love {
        /// The symbol replaced.
        from: Symbol,
        /// The symbol it became.
        to: Symbol,
    },
    /// Star: these cells became Wilds.
    Star {
        /// The new Wilds.
        cells: Vec<[u8; 2]>,
    },
    /// Storm: every cell of these symbols was removed and the rest fell.
    Storm {
        /// The symbols removed (one or two).
        symbols: Vec<Symbol>,
        /// The cells removed.
        cells: Vec<[u8; 2]>,
    },
}

/// One event of a round. Serialised like every game's events: an object whose `"event"`
/// field names the event in snake case (`{"event": "round_end", ...}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A new grid landed.
    Landed {
        /// The spin.
        spin: SpinKind,
        /// The multiplier it starts with.
        multiplier: u32,
        /// The grid.
        grid: String,
    },
    /// One paid run.
    Win {
        /// The pay class.
        class: PayClass,
        /// The row or column.
        line: Line,
        /// Its cells.
        cells: Vec<[u8; 2]>,
        /// Its length (3..=5).
        length: u8,
        /// The multiplier applied.
        multiplier: u32,
        /// The amount paid (pay x multiplier), hundredths of the bet.
        amount: Win,
    },
    /// The Girl Power meter after an evaluation's princess wins.
    Meter {
        /// Sections filled now (0..=3).
        sections: u8,
    },
    /// Winning cells removed, Wilds placed, the rest fell (no refill).
    Tumble {
        /// Cells removed.
        removed: Vec<[u8; 2]>,
        /// Cells that got a Wild (before falling).
        wilds: Vec<[u8; 2]>,
        /// The multiplier now.
        multiplier: u32,
        /// The grid after the fall.
        grid: String,
    },
    /// A power was used.
    Power {
        /// The power.
        power: Power,
        /// Why.
        source: PowerSource,
        /// What it did.
        effect: PowerEffect,
        /// The grid afterwards.
        grid: String,
    },
    /// Only Wilds (or nothing) remained: the princess removed them and the grid is clear.
    GridCleared {
        /// True in free spins.
        free_spins: bool,
        /// What the clear pays (100 x bet in free spins, 0 in the base game).
        amount: Win,
    },
    /// A full meter awards a Trinity spin; the meter empties.
    TrinityAwarded,
    /// The free-spin feature is triggered (played after the base-game spins end).
    FreeSpinsTriggered,
    /// The round waits for the player's pick.
    AwaitingPick,
    /// The player picked.
    Picked {
        /// The princess.
        pick: Pick,
        /// Free spins awarded.
        spins: u32,
    },
    /// A full meter in free spins added spins.
    ExtraFreeSpins {
        /// Spins added (after the 20-spin limit).
        added: u32,
        /// Free spins awarded in all now.
        total: u32,
    },
    /// The round reached the 5,000 x cap and ends; the rest is forfeited.
    Capped {
        /// The capped total.
        win: Win,
    },
    /// The round is over.
    RoundEnd {
        /// The round's total win.
        win: Win,
    },
}

/// `[row, col]` of every cell of `mask`, top-left first.
pub(crate) fn cell_list(mask: u64) -> Vec<[u8; 2]> {
    slot_core::grid::cells_of(mask)
        .map(|i| [(i / 5) as u8, (i % 5) as u8])
        .collect()
}
