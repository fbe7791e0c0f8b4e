//! The round record of Starlight Christmas, in the one event vocabulary of the three games
//! (guide, "The round record"; [`slot_core::events`]).
//!
//! A round's events: `round_start`, `spin_start` (paid), `landed`, then per tumble step the
//! pay-anywhere `win`s found (they carry `pay` but no `paid`: their money moves when the
//! sequence ends), `tumble` (cells removed, grid after the fall) and `refill`; then
//! `sequence_end` (symbol wins x the Multipliers, **paid**), the Scatter pay as a `win` with
//! `pays: "scatter"` (**paid**), `free_spins_awarded`; each free spin again from `spin_start`
//! (with `running_multiplier` when it grows); `cap_reached` if the cap ended the round;
//! `round_end`. Money is in hundredths of the **base** bet, also with the ante bet. Symbols
//! are the cell codes `gy gt gg gb gr st mo he su SC x<value>`.

pub use slot_core::events::{Event, EventLog, SpinKind};

use crate::symbols::{SHAPE, ScGrid, text_code};
use slot_core::events::Cell;
use slot_core::grid::Mask;

/// `[row, col]` of every cell of `mask`, top-left first.
pub(crate) fn cells_rc(mask: Mask) -> Vec<Cell> {
    slot_core::grid::cells_of(mask)
        .map(|i| {
            let (r, c) = SHAPE.position(i);
            [r as u8, c as u8]
        })
        .collect()
}

/// The grid in the runner's grid text (`gy gt SC x25 .../...`).
pub fn grid_text(grid: &ScGrid) -> String {
    slot_core::text::grid_text(grid, text_code)
}
