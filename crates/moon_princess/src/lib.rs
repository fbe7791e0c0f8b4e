//! # Moon Princess
//!
//! 5x5 grid, line wins (rows and columns), tumble without refill, Girl Power meter, Trinity
//! spins, random powers and free spins with a pausable princess pick.
//!
//! Spec: `shared/spec/moon_princess.md`, `common.md`, `targets.md`, `cli.md`.

pub mod evaluate;
pub mod events;
pub mod features;
pub mod math_model;
pub mod round;
pub mod symbols;

pub use evaluate::{Evaluation, LineWin, PayClass, evaluate};
pub use events::Event;
pub use features::Power;
pub use math_model::{MathModel, ModelError};
pub use round::{
    CAP, FEATURES, Game, MAX_FREE_SPINS, MAX_MULTIPLIER, PausedRound, Pick, PickError,
    PickStrategy, ResumeError, RoundOutcome, RoundState, SOURCES,
};
pub use symbols::{MpGrid, Symbol, grid_text, parse_grid};

/// The bet ladder: 0.20 to 40.00 in steps of 0.20 (`common.md`, "Allowed bets").
pub const BET_LADDER: slot_core::money::BetLadder = slot_core::money::BetLadder::new(20, 4000);
