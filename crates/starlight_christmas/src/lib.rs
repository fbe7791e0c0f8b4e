//! # Starlight Christmas
//!
//! A Pragmatic Play pay-anywhere tumble game (a reskin of Starlight Princess), implemented to
//! the operator's published rules. Published RTP about 95.50 % (with and without the ante
//! bet); base bets 0.20 to 40.00 (stakes 0.25 to 50.00 with the ante bet); max win 5,000 x
//! base bet.
//!
//! # The rules
//! - **Grid**: 6 reels x 5 rows, cells row-major from the top-left. Paying symbols: yellow,
//!   turquoise, green, blue and red gems, Star, Moon, Heart, Sun; the Scatter; the Multiplier,
//!   which carries a value drawn when it lands: 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 50, 100,
//!   250 or 500.
//! - **Pay anywhere** (x base bet for 8-9 / 10-11 / 12-30 of a symbol anywhere): yellow gem
//!   0.25 / 0.75 / 2; turquoise 0.40 / 0.90 / 4; green 0.50 / 1 / 5; blue 0.80 / 1.20 / 8; red
//!   1 / 1.50 / 10; Star 1.50 / 2 / 12; Moon 2 / 5 / 15; Heart 2.50 / 10 / 25; Sun 10 / 25 /
//!   50. Scatters: 4 pay 3, 5 pay 5, 6 or more pay 100.
//! - **Tumble with refill**: the cells of winning symbols go, the rest falls, new symbols come
//!   in from above; again until no win. Scatters and Multipliers are never removed by a win.
//! - **Multipliers, base game**: when a tumble sequence ends with a symbol win, its symbol wins
//!   are multiplied by the sum of the Multipliers on the grid; without a win they pay nothing.
//!   Scatter pays are never multiplied.
//! - **Free spins**: 4 or more Scatters at the end of the base sequence award 15 free spins; 3
//!   or more in a free spin add 5. A free spin whose sequence wins with Multipliers on the grid
//!   adds their sum to a running multiplier (starting at 0) and is paid x the new running
//!   value; a winning free spin without Multipliers pays unmultiplied.
//! - **Ante bet**: the player pays 1.25 x the base bet for a base game whose draws hold more
//!   Scatters (twice the free-spin chance); wins are the same multiples of the base bet; RTP
//!   is measured against what the player pays.
//! - **Cap**: 5,000 x the base bet; when the round's win reaches it, the round ends at once
//!   and everything still to come is forfeited.
//!
//! | module | what |
//! |---|---|
//! | [`symbols`] | the 6x5 grid (row-major from the top-left), symbol codes, text codes |
//! | [`rules`] | the fixed rules: bet ladders and [`BetMode`], the cap, the free-spin awards |
//! | [`paytable`] | pay-anywhere and Scatter pays, the evaluation of one grid |
//! | [`cells`] | where new cells come from: the cell tables' sampler, or a chosen grid first |
//! | [`spin`] | one spin's tumble sequence with refill, its Scatter pay |
//! | [`free_spins`] | the free spins with the running multiplier |
//! | [`outcome`] | a finished round ([`RoundOutcome`]) and its statistics record |
//! | [`round`] | the round flow: the paid spin with its Multipliers, the free spins, ante bet, cap. Entry point: [`StarlightChristmas::play_round`] |
//! | [`conditional`] | the base game's chance of reaching a level given all it drew but its Multipliers' values ([`slot_core::conditional::ConditionalBaseGame`], [`conditional::ValueSums`]): the base game alone's odds of the cap |
//! | [`splitting`] | the round split between free spins for the rare-event estimator ([`slot_core::splitting::SplittableGame`], [`splitting::FeatureState`]) |
//! | [`math_model`] | all the data (weights) and the figures it was tuned to |
//! | [`events`] | what the round record holds for this game |
//! | [`game`] | Starlight Christmas as a [`slot_core::Game`]: facts, target RTP ([`game::TARGET_RTP`]), a round in a bet mode, `eval`'s grid reading, the random inputs; and as a [`slot_core::game::SplitGame`]: the base game alone and the free spins alone, for the split estimate of a bet mode's RTP |
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
//!    is the bet before the 25 % surcharge.
//! 9. **The round record of a capped round**: the payment that reaches 5,000 x (a sequence's
//!    multiplied win, a Scatter pay) is paid in part (`paid`, with the full amount in
//!    `uncapped`); the events' `paid` amounts add up to the round's win ([`events`]).
//! 10. **How the random numbers become cells** (the rules leave the draw to the model): every
//!    cell table's weights add up to 2^20, so a cell is a draw of 20 uniform bits, each
//!    outcome exactly weight / 2^20. A cell takes the draw's top 12 bits first, five cells per
//!    64-bit word, lowest bits first (the 4 left are dropped), and its low 8 bits only when
//!    the top 12 leave two or more outcomes open (10 heads of the 4,096 in the shipped tables: 1 cell
//!    in about 410); a Multiplier's value takes the value table's bits of the same words. A
//!    round starts from a new word, and so do its free spins: they draw exactly as when
//!    played alone, which the split estimate of the RTP relies on ([`math_model`],
//!    "Power-of-two tables").
//!
//! # RTP variants
//! The game ships the ladder of its family's published RTPs ([`Game::VARIANTS`]): 96.50,
//! 95.50 (published) and 94.50 %, the same rules and paytable on three math models that
//! differ in two weights only, the Multiplier's in each bet mode's base table (taken from or
//! given to the Sun, the table's total and every other weight unchanged; the free spins are
//! the same in every variant). An operator chooses one by its RTP in one call
//! ([`Game::at_rtp`]: `StarlightChristmas::at_rtp("94.50")?`; or [`Game::variant_at`]
//! and [`Game::named_model`]); every round's record names its model's fingerprint, and
//! [`Game::variant`] tells which variant a game plays.
//!
//! | variant | model name | RTP standard / ante (certified) | lowest RTP across the options | hit frequency | free spins, 1 in | sd (x stake) | free-spin share | cap 5,000 x, 1 in | Multiplier weight (of 2^20) |
//! |---|---|---|---|---|---|---|---|---|---|
//! | 96.50 % | `rtp-96.50` | 96.4507 / 96.4919 % | 96.4507 % (standard) | 30.37 / 30.42 % | 435.2 / 217.4 | 14.91 / 16.36 | 38.4 / 61.5 % | 5.50e6 / 2.77e6 | 6,587 / 3,622 |
//! | 95.50 % (published) | `standard` | 95.4922 / 95.5256 % | 95.4922 % (standard) | 30.37 / 30.43 % | 435.4 / 217.4 | 14.82 / 16.35 | 38.8 / 62.2 % | 5.34e6 / 2.72e6 | 6,381 / 3,362 |
//! | 94.50 % | `rtp-94.50` | 94.4911 / 94.5306 % | 94.4911 % (standard) | 30.37 / 30.43 % | 435.3 / 217.3 | 14.79 / 16.48 | 39.1 / 62.9 % | 5.47e6 / 2.74e6 | 6,165 / 3,086 |
//!
//! Each RTP is certified by the split estimate to a 99 % half-width of at most 0.05 pp; hit
//! frequency, free spins, sd and free-spin share come from 4e7 simulated rounds per variant
//! and mode on one seed (20261801, common random numbers; played with the cell draws before
//! 2026-12-02, which had the same probabilities); the cap's odds from the certification
//! records. Each variant's file (`variants/rtp-XX.XX.json`,
//! [`math_model::VARIANT_FILES`]) holds its model, its target and how it was tuned: `cargo
//! xtask tune starlight-christmas --target-rtp R --rounds 500000000 --seed 20261801 --out
//! FILE`, which searches each mode's knob on the split estimate, anchored on the published
//! model's certified RTP (`slot_sim::knob`), and measures the shape beside the published
//! model's. The shipped files were made by the tuner's first version, whose candidates shared
//! the generator of each batch of 10,000 base games: a round drawn differently under a
//! candidate shifted the rounds after it, so its RTP estimates (within 0.007 pp of target)
//! were far less precise than they looked (about +- 0.13 pp). Today's tuner pairs each base
//! game with a generator of its own and states each candidate's interval. The variants'
//! figures are their certifications, made afterwards and apart: every one is within 0.05 pp
//! of its target. The evidence is [`evidence::EVIDENCE`].
//!
//! # Server use
//! One dependency is enough: this crate re-exports what a server needs ([`Bet`], [`Win`],
//! [`EventLog`], the generator traits and, with the default `os-rng` feature,
//! [`rng::server_rng`], a ChaCha20 generator seeded from the operating system). A real-money
//! server must use such a CSPRNG; the simulator's PCG (`slot_core::replay::SimRng`) is
//! predictable from its output. The slot-core types a server meets in this crate's signatures are
//! re-exported too, so a server names it through this crate alone: the model's
//! [`Fingerprint`] (64 lowercase hex digits; `str::parse` reads it back, [`FingerprintError`]),
//! [`GameId`] and [`StakeMode`] (in the round record), the win [`Cap`], [`ReconcileError`]
//! ([`EventLog::reconcile`]), [`RoundSummary`] (a round's integer record), and the game
//! interface [`Game`] with its [`TargetRtp`] and [`CertifiedRtp`].
//! The example below (also the `starlight-christmas-server`
//! example crate) turns stakes into base bets, plays rounds, pays them in cents and keeps
//! their event logs.
//!
//! ```
#![doc = include_str!("../examples/server.rs")]
//! ```
//!
//! # Features
//! The default build holds the rules, the round, the event log, money, sealing and the
//! OS-seeded generator: what a server needs, and nothing of the simulator (no `statrs`, no
//! thread pool; `rand_pcg` is the replay contract's generator, `slot_core::replay`).
//! * `os-rng` (default): [`rng::server_rng`], ChaCha20 seeded from the operating system
//!   (`rand_chacha`, `getrandom`); turn it off for targets without an OS random source
//!   (WebAssembly in a browser page).
//! * `fuzzing`: the hidden `fuzzing` module, the fuzz targets' checks (turns on
//!   `slot-core/fuzzing`: `bytes_rng`, `fuzz_seeds`). For the fuzz targets and
//!   tests, not for play.
//!
//! Simulation is not a feature of this crate: [`RoundOutcome::summary`] (what a round adds to
//! the statistics) is always there; the simulator and the PAR statistics (on threads) are the
//! `slot-sim` crate, which a server does not link, and the
//! golden vectors are `slot_core::golden`.

pub mod cells;
pub mod conditional;
pub mod events;
pub mod evidence;
pub mod free_spins;
#[doc(hidden)]
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod game;
pub mod math_model;
pub mod outcome;
pub mod paytable;
pub mod round;
pub mod rules;
pub mod spin;
pub mod splitting;
pub mod symbols;

#[cfg(test)]
mod rule_tests;

pub use events::{Event, SpinKind};
pub use math_model::MathModel;
pub use outcome::{AWARDS, FEATURES, RoundOutcome, SOURCES};
pub use round::StarlightChristmas;
pub use rules::{ANTE_STAKE_LADDER, BET_LADDER, BetMode, CAP};

pub use slot_core::events::EventLog;
pub use slot_core::events::{GameId, ReconcileError, StakeMode};
pub use slot_core::fingerprint::{Fingerprint, FingerprintError};
pub use slot_core::game::{CertifiedRtp, Game, TargetRtp};
pub use slot_core::money::{Bet, BetError, BetLadder, Cap, MoneyError, Win};
pub use slot_core::recorder::{NoRecorder, Recorder};
#[cfg(feature = "os-rng")]
pub use slot_core::rng;
pub use slot_core::summary::RoundSummary;
pub use slot_core::{Rng, SeedableRng};

/// The game as the round record names it (`starlight-christmas`, [`Game::NAME`]).
pub const GAME_ID: GameId = GameId::new(<StarlightChristmas as Game>::NAME);
