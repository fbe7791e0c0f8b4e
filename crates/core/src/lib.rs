//! # slot-core: the shared engine of the three games
//!
//! | module | what |
//! |---|---|
//! | `bytes_rng` | (feature `fuzzing`) a generator replaying bytes, for fuzz targets |
//! | [`events`] | the round record: one event vocabulary for the three games, the event log and its reconciliation |
//! | [`exact`] | figures computed exactly from a model, by name ([`exact::ExactSheet`]), for a game that computes them ([`exact::ExactGame`]) |
//! | [`fingerprint`] | SHA-256 fingerprints of math models (by their canonical JSON form) |
//! | [`game`] | the one interface every game implements ([`Game`]): its facts, its math model, a round in a mode, a grid evaluated alone, its random inputs |
//! | [`golden`] | golden vectors as data: chosen rounds with their win and event-log digest |
//! | [`grid`] | bitboard grids (one `u64` plane per symbol, up to 64 cells, row-major from the top-left), gravity, refill hook, per-symbol counts |
//! | [`json`] | JSON read from outside with errors that name the field that was wrong (`reels.base[2]`), not only a line and column |
//! | [`ledger`] | the round's ledger: every payment goes through it and comes back trimmed by the cap |
//! | [`ladder`] | the knobs a game's RTP ladder moves and its design rule, as the game states them for a tuner ([`ladder::LadderGame`]) |
//! | [`lines`] | gap-free straight runs of 3+ along rows and columns (Moon Princess) |
//! | [`bit_draws`] | exact draws from a few bits: power-of-two weight tables and a pool of a word's bits (for re-expressed models) |
//! | [`joint_draws`] | several exact bounded draws from one 64-bit word (Lemire's method over the product of the bounds): a spin's stops, a grid's values |
//! | [`cluster`] | 4-neighbour connected components by flood fill on bitboards |
//! | `rng` | (feature `os-rng`) ChaCha20 seeded from the operating system, for real-money play |
//! | [`sampling`] | unbiased bounded integers (Lemire 2019), integer-weighted tables, reel strips |
//! | [`money`] | wins in hundredths of the bet (checked), bet ladder with typed errors, win cap |
//! | [`reel_windows`] | every window of a set of reel strips as grid columns, worked out once: a landing is a few word-wide ORs |
//! | [`recorder`] | the zero-cost [`recorder::NoRecorder`] and the serialisable [`recorder::EventLog`] |
//! | [`replay`] | the replay contract: batch `b` of seed `s` is PCG-64 stream `b` ([`replay::batch_rng`]), any round replayed alone with its event log ([`replay::replay_game_round`]), the default seed and the batch size |
//! | [`seal`] | HMAC-SHA-256 seals for records in untrusted storage, round ids |
//! | [`conditional`] | a base game whose chance of reaching a win level, given all it drew but some draws set aside, is known exactly ([`conditional::ConditionalBaseGame`]): what the conditional estimator of the base game's rare wins averages |
//! | [`conformance`] | tests every game crate writes the same way, as macros: [`play_round_test!`] (the inherent `play_round` is the trait's round) |
//! | [`splitting`] | a round played as a chain of steps whose state can be copied ([`splitting::SplittableGame`]): what a rare-event estimator splits |
//! | [`summary`] | what one round contributed ([`summary::RoundSummary`]), as the games report it, and the bounds on its parts |
//! | [`text`] | grids written as text (rows, cells, each game's cell codes), for the runner's `eval` and rule tests |
//!
//! Games take any [`rand_core::Rng`]. Simulations use [`replay::SimRng`] (PCG-64: fast,
//! predictable); a real-money server must use a CSPRNG seeded from the operating system.
//!
//! # Features
//! The default build is the game kernel: what a game, its server and a replay need (grids,
//! lines, clusters, sampling, money, the ledger, the event log and recorders, fingerprints,
//! seals, grid text, the round summary, the replay contract and golden vectors); none of
//! `statrs` or `rayon`. The simulation engine and the statistics (accumulators, PAR report,
//! confidence intervals, chi-square tests) are the simulation library's (`slot_sim::engine`,
//! `slot_sim::stats`).
//! * `fuzzing`: `bytes_rng` (generators replaying given numbers), `fuzz_seeds` (the fuzz
//!   targets' seed corpora replayed as tests) and `seed_loop` (fixed-seed loops for the
//!   games' property tests). Not for play.
//! * `os-rng`: `rng::server_rng`, ChaCha20 seeded from the operating system (`rand_chacha`,
//!   `getrandom`), for real-money play.
//! * `schema`: the JSON Schema of the event log (`schemars` derives).
//!
//! Why not `bitvec`: a grid of at most 64 cells is one machine word, and the hot operations
//! (popcount, shifts for neighbours and runs, masks) are single instructions on `u64`; `bitvec`
//! adds a layer for arbitrary lengths that these grids never need.

pub mod bit_draws;
pub mod bytes_rng;
pub mod cluster;
pub mod conditional;
pub mod conformance;
pub mod events;
pub mod evidence;
pub mod exact;
pub mod fingerprint;
pub mod fuzz_seeds;
pub mod game;
pub mod golden;
pub mod grid;
pub mod joint_draws;
pub mod json;
pub mod ladder;
pub mod ledger;
pub mod lines;
pub mod money;
pub mod offers;
pub mod recorder;
pub mod reel_windows;
pub mod replay;
#[cfg(feature = "os-rng")]
pub mod rng;
pub mod round_text;
pub mod sampling;
pub mod seal;
pub mod seed_loop;
pub mod splitting;
pub mod summary;
pub mod text;
pub mod variant;

pub use game::Game;
pub use rand_core::{Rng, SeedableRng};
