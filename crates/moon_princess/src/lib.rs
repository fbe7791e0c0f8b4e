//! # Moon Princess
//!
//! A 5x5 slot of straight line wins with tumbles that never refill, the Girl Power meter with
//! Trinity spins, random single powers, and free spins triggered by clearing the grid, with
//! the player's pick of princess. Published RTP about 94.51 % for each pick (the ladder 96.50 to
//! 84.50 % ships too: "RTP variants" below); bets 0.20 to
//! 40.00; the win of a round is capped at 5,000 x the total bet.
//!
//! # The rules
//! - **Grid**: 5 columns x 5 rows, cells numbered row-major from the top-left
//!   (`index = row * 5 + col`). Symbols: Circle, Star, Heart, Bell (low), Princess Storm
//!   (green), Princess Star (blue), Princess Love (red), and the Wild, which never lands: only
//!   the game makes Wilds.
//! - **Paytable** (x total bet, for runs of 3 / 4 / 5): Circle and Star 0.10 / 0.20 / 2; Heart
//!   and Bell 0.15 / 0.30 / 3; any mix of princesses 0.20 / 0.50 / 5; each princess 0.30 / 1 /
//!   10; Wild 1 / 3 / 50.
//! - **Wins** are gap-free straight runs of 3 to 5 cells along a row or a column (all 10 lines
//!   are active; empty cells break runs). A cell matches a symbol if it holds it or a Wild, the
//!   any-princess class if it holds a princess or a Wild, and the Wild class only if it holds a
//!   Wild. In every line only the highest win per combination is paid: candidates are taken
//!   from the highest pay down, and a candidate whose cells contain, or are contained in, a
//!   paid one is dropped (runs that only share a Wild at their ends both pay). A cell in a row
//!   win and a column win is removed once. Every win is multiplied by the current multiplier.
//! - **Tumble** (no refill): the winning cells go; every paid 3-cell win leaves a Wild on its
//!   middle cell; the rest falls; nothing new comes in. The multiplier rises by 1 per tumble,
//!   up to x20; it starts at x1 in every paid and Trinity spin.
//! - **Girl Power meter** (3 sections): each paid princess win (single princess or any mix)
//!   fills 1, 2 or 3 sections for 3, 4 or 5 cells; the meter starts empty every round. In the
//!   base game a full meter gives a **Trinity spin** when the spin is over: a new grid at x1,
//!   and each time it has no win left the next power in the order Love, Star, Storm is used;
//!   tumbling goes on after each. A Trinity spin's princess wins can fill the meter again.
//! - **Random power**: when a paid spin first has no win left and the grid is not clear, a
//!   power (Love, Star or Storm) is used with a chance from the math model.
//! - **Powers**: Love turns every cell of a random symbol on the grid into a random other
//!   symbol; Star turns 1 or 2 random cells into Wilds; Storm removes every cell of two random
//!   symbols and the rest falls (not a tumble: the multiplier stays).
//! - **Free spins**: when only Wilds remain in the base game, the princess removes them, the
//!   grid is clear and the feature is triggered (at most once a round), to be played after the
//!   base game. The player picks Love (4 spins, +4 per full meter), Star (5, +3) or Storm (8,
//!   +2); at most 20 free spins in all. A free spin that lands without a win uses the picked
//!   power once. The multiplier carries over from spin to spin up to x20. A free spin that
//!   clears the grid pays 100 x the bet, not multiplied. No Trinity spins in free spins.
//! - **Cap**: when the round's win reaches 5,000 x the bet, the round ends at once, the cap is
//!   paid, and everything still to come is forfeited.
//!
//! | module | what |
//! |---|---|
//! | [`symbols`] | symbol codes, text codes (`ci st he be pg pb pr W .`), grid text |
//! | [`mod@evaluate`] | the paytable and the evaluation of one grid ("only the highest win per combination") |
//! | [`features`] | the tumble step and the three powers (Love, Star, Storm) |
//! | [`spin`] | one spin: tumble sequences, the clear check, the powers a spin may use |
//! | [`free_spins`] | the free-spin feature |
//! | [`pick`] | the player's pick |
//! | [`paused`] | the round waiting for the pick: in memory, stored, sealed; how a simulation picks ([`PickStrategy`]) |
//! | [`splitting`] | a round split between free spins for the rare-event estimator: [`splitting::FeatureState`] |
//! | [`outcome`] | a finished round and its statistics record |
//! | [`round`] | the round flow: [`MoonPrincess`] |
//! | [`math_model`] | ALL data: reel sets and weights, power chances, with the tuning figures |
//! | [`tuning`] | how the RTP ladder is tuned: its knobs for `slot_sim::ladder` and the design rule's constants |
//! | [`events`] | what the round record holds for this game |
//! | [`game`] | Moon Princess as a [`slot_core::Game`]: facts, target RTP ([`game::TARGET_RTP`]), a round in a pick, `eval`'s grid reading, the random inputs, the split of base game and free spins |
//!
//! Data flow: math model + generator -> landed grid -> [`evaluate()`] -> pay x multiplier
//! (through the round's ledger, which applies the cap) -> tumble -> ... -> powers / clear
//! check -> meter -> Trinity / free spins -> [`RoundOutcome`] -> recorder (events) and
//! statistics ([`RoundOutcome::summary`]).
//!
//! Inside a spin the grid is kept as its 8 symbol planes alone (the private `board` module:
//! removal, new Wilds, Love's swap and gravity are whole-plane bit operations), and a
//! [`MpGrid`] is built from it only for the round record. A spin that records nothing also
//! skips the win list: it adds up what the tumble needs (pay, winning cells, new Wilds, meter
//! sections) and pays the evaluation's wins as one payment, which the ledger caps exactly as
//! it caps them one by one. Such a round also decides a paid spin whose grid lands without a
//! win before the grid is built: each reel's window at each stop is kept as one word of its
//! cells' pay classes, and three neighbouring words sharing a class in some row (or a
//! window's own column run) is exactly a win; without one, only the random power's chance is
//! left to draw, the draws a played-out spin makes at that point. Outcomes are the same
//! either way (tests play rounds both ways and compare them with recorded golden rounds).
//!
//! # Server use
//! One dependency is enough: this crate re-exports what a server needs ([`Bet`], [`Win`],
//! [`EventLog`], [`SealKey`], [`RoundId`], the generator traits and, with the default
//! `os-rng` feature, [`rng::server_rng`], a ChaCha20 generator seeded from the operating
//! system). A real-money server must use such a CSPRNG; the simulator's PCG is predictable
//! from its output. The slot-core types a server meets in this crate's signatures are
//! re-exported too, so a server names it through this crate alone: the model's
//! [`Fingerprint`] (64 lowercase hex digits; `str::parse` reads it back, [`FingerprintError`]),
//! [`GameId`] and [`StakeMode`] (in the round record), the win [`Cap`], [`ReconcileError`]
//! ([`EventLog::reconcile`]), [`RoundSummary`] (a round's integer record), and the game
//! interface [`Game`] with its [`TargetRtp`] and [`CertifiedRtp`].
//!
//! A round whose pick is known before it starts (chosen with the bet) is
//! [`MoonPrincess::play_round`]`(pick, &mut rng, &mut log)`: the same call, with the same
//! arguments in the same order, as [`Game::play_round`], so it needs no trait import and means
//! the same with the trait in scope. A round whose player picks after seeing the cleared grid
//! is [`MoonPrincess::start_round`], then [`MoonPrincess::resume`] with the pick;
//! [`MoonPrincess::play_round_with_strategy`] plays the two at once, asking a
//! [`PickStrategy`] at the pause. The example below (also the `moon-princess-server` example crate) plays a
//! round for a stake, pays it in cents, keeps its event log, and stores, seals and resumes a
//! round that waits for the pick, resuming each round id at most once.
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
//!
//! # Decisions where the rules are silent
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
//!    most x20). Trinity spins start at x1 (rules).
//! 7. **A grid clear in the base game** pays nothing itself; it triggers the free spins. A
//!    Trinity spin that clears after the feature is already triggered just ends (the feature
//!    triggers at most once per round). A full meter after a clearing paid spin still gives its
//!    Trinity spin before the free spins.
//! 8. **Trinity chains**: a Trinity spin whose princess wins fill the meter again is followed by
//!    another one; only the cap limits the chain (it ends with probability 1).
//! 9. **The cap**: a win that crosses 5,000 x is paid up to the cap (also a 100 x clear) and the
//!    round ends at once; [`RoundOutcome::capped`] says so.
//! 10. **The paused round** holds no generator state: resuming with the generator as
//!     [`MoonPrincess::start_round`] left it gives exactly the uninterrupted round; a server may also
//!     resume with its live CSPRNG (same distribution). Stored, it carries the model's
//!     fingerprint, the bet, the mode and the server's round id, every field is checked when
//!     read, and it may be sealed ([`paused`]).
//! 11. **`eval`** ([`MoonPrincess::evaluate_sequence`]) evaluates the grid as given (no gravity before
//!     the first evaluation), uses no power and plays no feature; it reports the sequence's
//!     win before the cap (`total`) and after it (`paid`).
//! 12. **Landing**: the grid is drawn from reel strips (one per column, five consecutive
//!     positions from a uniform stop), in reel sets drawn by integer weight
//!     ([`math_model`]); the sets may differ between the base game and each pick's free spins
//!     (the rules allow it). The reel set and the five stops are drawn together, as the digits
//!     of one exact joint draw (`slot_core::joint_draws`: Lemire's method over the product of
//!     the bounds): set `i` with probability `weight_i / total`, each stop uniform, all
//!     independent. When every set's strip of a reel has the same length (the base game's
//!     sets: 60 positions) the weight draw and the stops are one tuple of one generator word;
//!     otherwise (the free spins: the princess set has 48 positions, the others 60) the weight
//!     draw takes one word and the drawn set's stops another. (Since 2026-12-02; before, each
//!     took a bounded draw of its own, six words a landing: the same probabilities, other
//!     rounds for a seed, so every record was played again.)
//! 13. **The round record** of a capped round: the payment that reaches 5,000 x is paid in
//!     part (`paid`, with the full amount in `uncapped`); the events' `paid` amounts add up to
//!     the round's win ([`events`]).
//! 14. **A base-game spin reaches at most x13**: every tumble removes at least two cells more
//!     than it adds, so a grid of 25 cells tumbles at most 12 times ([`paused::MAX_BASE_GAME_MULTIPLIER`]
//!     proves it); a stored round claiming more is refused.
//!
//! # RTP variants
//! The game ships its published RTP ladder ([`Game::VARIANTS`]): 96.50, 94.51 (published),
//! 91.49, 87.50 and 84.50 %, the same rules, strips and paytable on five math models that
//! differ in five knobs only ([`math_model::LadderKnobs`]): the random power's chance per paid
//! spin and the clearing reel set's weight in the base game, and each pick's rich free-spin
//! reel set weight. An operator chooses one by its RTP in one call
//! ([`Game::at_rtp`]: `MoonPrincess::at_rtp("91.49")?`; or [`Game::variant_at`] and
//! [`Game::named_model`]); every round's record names its model's fingerprint, a round paused
//! on one variant cannot be resumed on another ([`paused`]), and [`Game::variant`] tells which
//! variant a game plays.
//!
//! | variant | model name | RTP Love / Star / Storm (certified) | lowest across the picks | hit frequency | free spins, 1 in | sd (x bet) | free-spin share | cap 5,000 x, 1 in | knobs: random power / clear weight / rich weights |
//! |---|---|---|---|---|---|---|---|---|---|
//! | 96.50 % | `rtp-96.50` | 96.4964 / 96.5431 / 96.5117 % (+- 0.048 pp) | 96.4964 % (Love) | 32.87 / 32.86 / 32.86 % | 243.2 / 243.3 / 243.3 | 18.71 / 18.38 / 16.41 | 42.7 / 43.0 / 42.8 % | 5.11e8 / 3.28e8 / 6.37e8 | 1,093 / 142 / 382, 504, 598 |
//! | 94.51 % (published) | `standard` | 94.5202 / 94.5105 / 94.4931 % (+- 0.047 pp) | 94.4931 % (Storm) | 32.64 / 32.64 / 32.64 % | 242.8 / 242.9 / 242.8 | 18.37 / 17.90 / 16.05 | 42.1 / 42.3 / 42.3 % | 4.99e8 / 3.62e8 / 6.92e8 | 1,000 / 145 / 341, 461, 548 |
//! | 91.49 % | `rtp-91.49` | 91.5089 / 91.4614 / 91.4926 % (+- 0.048 pp) | 91.4614 % (Star) | 32.31 / 32.31 / 32.31 % | 243.1 / 243.0 / 243.1 | 17.79 / 17.32 / 15.52 | 41.1 / 41.3 / 41.4 % | 5.64e8 / 3.74e8 / 8.11e8 | 859 / 149 / 282, 402, 479 |
//! | 87.50 % | `rtp-87.50` | 87.4762 / 87.5169 / 87.5106 % (+- 0.048 pp) | 87.4762 % (Love) | 31.85 / 31.85 / 31.85 % | 244.1 / 244.0 / 244.2 | 17.04 / 16.57 / 14.76 | 39.7 / 40.0 / 40.0 % | 5.87e8 / 4.31e8 / 9.44e8 | 672 / 154 / 205, 325, 386 |
//! | 84.50 % | `rtp-84.50` | 84.4965 / 84.5114 / 84.5202 % (+- 0.049 pp) | 84.4965 % (Love) | 31.48 / 31.48 / 31.48 % | 242.9 / 242.7 / 242.9 | 16.51 / 15.93 / 14.08 | 38.7 / 38.9 / 38.8 % | 6.44e8 / 4.55e8 / 1.16e9 | 513 / 160 / 136, 255, 301 |
//!
//! Each RTP is certified by the split estimate to a 99 % half-width of at most 0.05 pp
//! (`cargo xtask certify moon-princess --rtp R --dir DIR --seed S`: chunks of 3e8 base games
//! and 8e6 features per pick until the widest interval is narrow enough; the published
//! model's figures are its earlier certification); hit frequency, free spins, sd and
//! free-spin share come from 4e7 simulated rounds per variant and pick on one seed (20261901,
//! common random numbers); the cap's odds by multilevel splitting, to a 95 % relative
//! half-width of at most 5 % per variant and pick (`confirmation/tail/`, `docs/rare-events.md`;
//! the odds the split records gave before rested on 11 to 150 effective events). The lowest RTP across the picks is what Ontario's
//! iGaming standard asks an operator to show for a game whose player choices change its RTP.
//! Each variant's file (`variants/rtp-XX.XX.json`, [`math_model::VARIANT_FILES`]) holds its
//! model, its target and how it was tuned ([`math_model`], "The RTP ladder"); the evidence is
//! [`evidence::EVIDENCE`].

mod board;
pub mod evaluate;
pub mod events;
pub mod evidence;
pub mod features;
pub mod free_spins;
#[doc(hidden)]
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod game;
pub mod math_model;
pub mod outcome;
pub mod paused;
pub mod pick;
pub mod round;
pub mod spin;
pub mod splitting;
pub mod symbols;
mod tables;
pub mod tuning;

pub use evaluate::{Evaluation, LineWin, PayClass, evaluate};
pub use features::Power;
pub use math_model::{MathModel, ModelError};
pub use outcome::{AWARDS, FEATURES, RoundOutcome, SOURCES};
pub use paused::{PausedRound, PickStrategy, ResumeError, StoredRound};
pub use pick::{PICKS, Pick, PickError};
pub use round::{MoonPrincess, Multiplier, MultiplierError, RoundState, SequenceResult};
pub use symbols::{MpGrid, Symbol, grid_text, parse_grid};

pub use slot_core::events::{Event, EventLog};
pub use slot_core::events::{GameId, ReconcileError, StakeMode};
pub use slot_core::fingerprint::{Fingerprint, FingerprintError};
pub use slot_core::game::{CertifiedRtp, Game, TargetRtp};
pub use slot_core::money::{Bet, BetError, BetLadder, Cap, MoneyError, Win};
pub use slot_core::recorder::{NoRecorder, Recorder};
#[cfg(feature = "os-rng")]
pub use slot_core::rng;
pub use slot_core::seal::{RoundId, RoundIdError, SealKey, SealKeyError};
pub use slot_core::summary::RoundSummary;
pub use slot_core::{Rng, SeedableRng};

/// The bet ladder: 0.20 to 40.00 in steps of 0.20 (whole multiples of the minimum), in cents.
pub const BET_LADDER: BetLadder = slot_core::bet_ladder!(20, 4000);
/// The win cap: 5,000 x total bet.
pub const CAP: Cap = Cap::x_bet(5000);
/// The multiplier's ceiling.
pub const MAX_MULTIPLIER: u32 = 20;
/// At most this many free spins per round (initial plus extra).
pub const MAX_FREE_SPINS: u32 = 20;
/// The game as the round record and a stored round name it (`moon-princess`, [`Game::NAME`]).
pub const GAME_ID: GameId = GameId::new(<MoonPrincess as Game>::NAME);
/// What clearing the grid in a free spin pays: 100 x total bet (hundredths), not multiplied.
pub use spin::FREE_SPIN_CLEAR_PAY;
