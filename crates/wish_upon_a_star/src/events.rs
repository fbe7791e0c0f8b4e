//! The round record of Wish Upon a Star, in the one event vocabulary of the three games
//! (guide, "The round record"; [`slot_core::events`]).
//!
//! A round's events: `round_start`; for each spin `spin_start`, `landed` (grid text, the five
//! stops, every Star with its value), the ways `win`s (`pays: "ways"`, with `ways`, `pay` for
//! all ways, `multiplier` 1 or 2, **paid**), the Bonus pay (`pays: "scatter"`, **paid**),
//! `free_spins_awarded`, `gift_bonus` (**paid**), `lock_and_spin_start`, `respin`s and
//! `lock_and_spin_end` (**paid**); `round_end` last. The game has no cap, so `uncapped` never
//! appears. Symbols are the cell codes `10 J Q K A be cc cd tr el W BO ST`.

pub use slot_core::events::{Event, EventLog, SpinKind};

use crate::math_model::{GiftPrize, StarValue};
use crate::symbols::{CELLS, SHAPE, TEXT_CODES, WishGrid};
use slot_core::events::{Award, AwardKind, Cell, StarAt};
use slot_core::grid::{Mask, cells_of};

/// `[row, col]` of cell `cell`.
fn rc(cell: usize) -> Cell {
    let (r, c) = SHAPE.position(cell);
    [r as u8, c as u8]
}

/// `[row, col]` of every cell of `mask`, top-left first.
pub(crate) fn mask_cells(mask: Mask) -> Vec<Cell> {
    cells_of(mask).map(rc).collect()
}

/// The Stars of `mask` with their values from `values` (indexed by cell).
pub(crate) fn stars_at(mask: Mask, values: &[StarValue; CELLS]) -> Vec<StarAt> {
    cells_of(mask)
        .map(|c| StarAt {
            cell: rc(c),
            award: star_award(values[c]),
        })
        .collect()
}

/// A Star's value as the record writes it.
pub(crate) fn star_award(v: StarValue) -> Award {
    let kind = match v {
        StarValue::Cash(_) => AwardKind::Cash,
        StarValue::Mini => AwardKind::Mini,
        StarValue::Minor => AwardKind::Minor,
        StarValue::Major => AwardKind::Major,
    };
    Award {
        kind,
        amount: v.amount(),
    }
}

/// A gift prize as the record writes it.
pub(crate) fn gift_award(p: GiftPrize) -> Award {
    let kind = match p {
        GiftPrize::Cash(_) => AwardKind::Cash,
        GiftPrize::Mini => AwardKind::Mini,
        GiftPrize::Minor => AwardKind::Minor,
        GiftPrize::Major => AwardKind::Major,
        GiftPrize::FreeSpins => AwardKind::FreeSpins,
    };
    Award {
        kind,
        amount: p.amount(),
    }
}

/// The grid in the runner's grid text (`10 J Q K A/...`).
pub fn grid_text(grid: &WishGrid) -> String {
    slot_core::text::grid_text(grid, |s| TEXT_CODES.get(s as usize).copied().unwrap_or("?"))
}
