//! # Starlight Christmas
//!
//! A Pragmatic Play pay-anywhere tumble game (a reskin of Starlight Princess), implemented to
//! the operator's rules (`../shared/seeds/starlight_christmas.de.txt`) as fixed by
//! `../shared/spec/starlight_christmas.md`. Published RTP about 95.50 %; max win 5,000 x base
//! bet.
//!
//! * [`symbols`]: the 6x5 grid (row-major from the top-left), symbol codes, text codes.
//! * [`paytable`]: pay-anywhere and Scatter pays, the evaluation of one grid.
//! * [`round`]: the round flow: tumbles with refill, Multipliers, free spins with the running
//!   multiplier, ante bet, cap. Entry point: [`StarlightChristmas::play_round`].
//! * [`math_model`]: all the data (weights) and the figures it was tuned to.
//! * [`events`]: what a [`slot_core::recorder::Recorder`] receives.
//!
//! All wins are integers in **hundredths of the base bet**. With the ante bet the player
//! stakes 1.25 x base bet ([`BetMode::cost`] = 125) and wins the same multiples of the base
//! bet; RTP is measured against the stake paid.
//!
//! # Decisions where the rules are silent (and why)
//! 1. **Refill by weighted draws.** New cells (a fresh grid and every refill) are drawn
//!    independently per cell from the mode's integer-weighted table; the spec allows this in
//!    place of strips. Cells are drawn in row-major order; a refill fills each column from the
//!    lowest empty cell up, left to right.
//! 2. **Multiplier value on landing.** A Multiplier's value is drawn from the mode's value
//!    table the moment it lands (in a fresh grid or a refill) and stays with it as it falls.
//! 3. **Base game Multipliers** apply only when the tumble sequence won (spec); the symbol
//!    wins of the whole sequence are multiplied by the sum of the Multipliers on the final
//!    grid. Scatter pays are never multiplied (spec decision).
//! 4. **Free-spin running multiplier** starts at 0; a winning free spin with Multipliers adds
//!    their sum to it and is paid x the new running value; a winning free spin without any
//!    pays unmultiplied; Multipliers on a losing free spin are lost (spec).
//! 5. **Scatters** are counted when the sequence ends, Scatters that fell in included (spec).
//!    In the base game 4+ pay and trigger 15 free spins; in free spins 3+ add 5 and 4+ pay.
//!    The free spins of a triggering round are part of that round.
//! 6. **Cap.** The running total is checked after every payment and after every tumble step
//!    (where the unmultiplied symbol wins alone already reach the cap, the sequence stops: the
//!    multiplier could only raise it). When reached, the round pays exactly 5,000 x base bet
//!    and ends; remaining tumbles, Scatter pays and free spins are forfeited.
//! 7. **Order of payment** in a spin: the sequence's symbol wins (x Multipliers), then the
//!    Scatter pay, then the free spins it awards.
//!
//! 8. **The cap is 5,000 x the base bet, with ante too.** The seed caps the win at 5,000 x
//!    "Einsatz" and its footnote calls the paytable's "Einsatz" the total bet; the ante rules
//!    say wins with ante are the same as without, so the paytable's (and the cap's) "Einsatz"
//!    is the bet before the 25 % surcharge, as `starlight_christmas.md` says.
//!
//! # Playing a round in a game server
//! ```
//! use rand_chacha::ChaCha20Rng;
//! use rand_core::SeedableRng;
//! use slot_core::recorder::EventLog;
//! use starlight_christmas::{BetMode, Event, StarlightChristmas};
//!
//! let game = StarlightChristmas::standard();
//! // A real server seeds a CSPRNG from the operating system; a fixed seed keeps the example
//! // reproducible.
//! let mut rng = ChaCha20Rng::seed_from_u64(7);
//! let mode = BetMode::Ante;
//! let base_bet = mode.base_bet(125)?; // the player stakes 1.25; the base bet is 1.00
//! let mut log = EventLog::default(); // what the client is shown
//! let outcome = game.play_round(mode, &mut rng, &mut log);
//! let cents = base_bet.payout(outcome.win)?; // exact: whole cents on the ladder
//! assert_eq!(cents * 100, outcome.win.hundredths() * base_bet.cents());
//! assert!(matches!(log.events.last(), Some(Event::RoundEnd { .. })));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Randomness
//! [`StarlightChristmas::play_round`] takes any [`rand_core::Rng`]. Simulations use PCG
//! ([`slot_core::sim::SimRng`]); a real-money server must pass a CSPRNG seeded from the
//! operating system (e.g. `rand_chacha::ChaCha20Rng`).

pub mod events;
#[doc(hidden)]
pub mod fuzzing;
pub mod math_model;
pub mod paytable;
pub mod round;
pub mod symbols;

#[cfg(test)]
mod rule_tests;

pub use events::{Event, SpinKind};
pub use math_model::MathModel;
pub use round::{
    ANTE_STAKE_LADDER, BET_LADDER, BetMode, CAP, FEATURES, RoundOutcome, SOURCES,
    StarlightChristmas,
};
