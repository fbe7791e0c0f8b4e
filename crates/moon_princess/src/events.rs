//! The round record of Moon Princess, in the one event vocabulary of the three games
//! (guide, "The round record"; [`slot_core::events`]).
//!
//! A round's events: `round_start`; `spin_start` (paid, multiplier x1) and `landed` (grid
//! text, reel set, stops); per evaluation the line `win`s (`pays: "line"`, the row or column,
//! `pay` from the paytable, the `multiplier`, **paid**), `meter`, then `tumble` (cells removed,
//! Wilds placed, the new multiplier, the grid after the fall); `power` when a Girl Power is
//! used; `grid_cleared` (**paid**: 100 x in free spins, 0 in the base game);
//! `feature_triggered` for a Trinity spin or the free spins; each Trinity spin from its
//! `spin_start`; `awaiting_pick` where the round waits for the player; `resumed` where
//! [`crate::MoonPrincess::resume`] goes on (the game, the model and what was paid before the
//! pause, so that this part reconciles in a log of its own); then `picked`,
//! `free_spins_awarded` (the pick's spins, later the meter's extra spins) and each free spin;
//! `cap_reached` if the cap ended the round; `round_end`. Symbols are the cell codes
//! `ci st he be pg pb pr W`; the any-princess class is `princess`.

pub use slot_core::events::{Event, EventLog, SpinKind};

use slot_core::events::Cell;

/// `[row, col]` of every cell of `mask`, top-left first.
pub(crate) fn cell_list(mask: u64) -> Vec<Cell> {
    slot_core::grid::cells_of(mask)
        .map(|i| [(i / 5) as u8, (i % 5) as u8])
        .collect()
}
