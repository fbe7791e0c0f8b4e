//! # Moon Princess
//!
//! A 5x5 grid of line wins (gap-free straight runs of 3-5 in rows and columns, Wilds
//! substituting), tumbling without refill, the Girl Power meter with Trinity spins, random single
//! powers, and free spins triggered by clearing the grid, with the player's pick of princess.
//! Spec: `shared/spec/moon_princess.md` (rules), `common.md` (money, cap, randomness, records),
//! `targets.md` (the math model's figures), `cli.md` (runner).
//!
//! | module | what |
//! |---|---|
//! | [`symbols`] | symbol codes, text codes (`ci st he be pg pb pr W .`), grid text |
//! | [`mod@evaluate`] | paytable and the evaluation of one grid ("only the highest win per combination") |
//! | [`features`] | the tumble step and the three powers (Love, Star, Storm) |
//! | [`round`] | the round: paid spin, Trinity spins, free spins; pause at the pick and resume; outcome and statistics |
//! | [`math_model`] | ALL data: reel sets and weights, power chances, with the tuning figures |
//! | [`events`] | the serialisable events a player sees |
//!
//! Data flow: math model + generator -> landed grid -> [`evaluate()`] -> pay x multiplier ->
//! tumble -> ... -> powers / clear check -> meter -> Trinity / free spins -> [`RoundOutcome`]
//! -> recorder ([`events::Event`]) and statistics ([`RoundOutcome::summary`]).
//!
//! ## Server use
//! ```
//! use moon_princess::{Game, Pick, RoundState};
//! use slot_core::recorder::EventLog;
//! // A real-money server must use a CSPRNG seeded from the OS (e.g. rand_chacha::ChaCha20Rng);
//! // PCG is predictable and is for simulation only.
//! # let mut rng = rand_pcg::Pcg64::new(1, 1);
//! let game = Game::standard();
//! let mut log = EventLog::default();
//! let outcome = match game.start_round(&mut rng, &mut log) {
//!     RoundState::Finished(o) => o,
//!     RoundState::AwaitingPick(paused) => {
//!         let stored = serde_json::to_string(&paused).unwrap(); // keep it until the player picks
//!         let paused: moon_princess::PausedRound = serde_json::from_str(&stored).unwrap();
//!         let pick: Pick = "storm".parse().unwrap(); // bad text: PickError listing love|star|storm
//!         paused.resume(&game, pick, &mut rng, &mut log).unwrap() // damaged: ResumeError
//!     }
//! };
//! assert!(outcome.win <= moon_princess::CAP.limit);
//! ```
//! Wins are in hundredths of the total bet ([`slot_core::money::Win`]); [`BET_LADDER`] turns
//! them into cents for any allowed bet (always whole cents).
//!
//! ## Decisions where the spec and the seed are silent
//! 1. **Ties** in "only the highest win per combination" (equal pay and length) are broken by
//!    the class order Wild, any princess, Princess Love, Princess Star, Princess Storm, Bell,
//!    Heart, Star, Circle ([`PayClass::tie_rank`]). With the containment rule the order can only
//!    change which of two disjoint wins is listed first, never the amount.
//! 2. **Meter timing**: the sections of all princess wins of one evaluation are added together
//!    after that evaluation. Base game: the meter holds at most 3 (the rest is lost) and a full
//!    meter gives its Trinity spin when the spin is over (after the random power and its
//!    tumbles). Free spins: a full meter adds its spins **at once** and empties; sections past 3
//!    in that same evaluation are lost.
//! 3. **Random power**: decided once per paid spin, at the first moment it has no win and the
//!    grid is not clear (the landed grid included); never in Trinity or free spins.
//! 4. **Free-spin power**: used once, right after the landing, only if the landed grid has no
//!    win; tumbling then goes on as usual.
//! 5. **Power choices** are uniform: Love picks the symbol uniformly among the non-wild symbols
//!    present and the new symbol uniformly among the 6 other regular symbols (present or not);
//!    Star picks its cells one after the other uniformly among the non-wild occupied cells; Storm
//!    picks two different symbols uniformly among the non-wild symbols present.
//! 6. **The multiplier** of the first free spin is x1; it then carries over (+1 per tumble, at
//!    most x20). Trinity spins start at x1 (spec).
//! 7. **A grid clear in the base game** pays nothing itself; it triggers the free spins. A
//!    Trinity spin that clears after the feature is already triggered just ends (the feature
//!    triggers at most once per round). A full meter after a clearing paid spin still gives its
//!    Trinity spin before the free spins.
//! 8. **Trinity chains**: a Trinity spin whose princess wins fill the meter again is followed by
//!    another one; only the cap limits the chain (it ends with probability 1).
//! 9. **The cap**: a win that crosses 5,000 x is paid up to the cap (also a 100 x clear) and the
//!    round ends at once; [`RoundOutcome::capped`] says so.
//! 10. **The paused round** holds no generator state: resuming with the generator as
//!     [`Game::start_round`] left it gives exactly the uninterrupted round; a server may also
//!     resume with its live CSPRNG (same distribution). It is validated on resume (format
//!     version, math model id, consistent amounts): [`ResumeError`].
//! 11. **`eval`** ([`Game::evaluate_sequence`]) evaluates the grid as given (no gravity before
//!     the first evaluation), uses no power and plays no feature.
//! 12. **Landing**: the grid is drawn from reel strips (one per column, five consecutive
//!     positions from a uniform stop), in reel sets drawn by integer weight
//!     ([`math_model`]); the sets may differ between the base game and each pick's free spins
//!     (the spec allows it).

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
