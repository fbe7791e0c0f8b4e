//! # slot-core: the shared engine of the three games
//!
//! | module | what |
//! |---|---|
//! | `bytes_rng` | (feature `fuzzing`) a generator replaying bytes, for fuzz targets |
//! | [`events`] | the round record: one event vocabulary for the three games, the event log and its reconciliation |
//! | [`fingerprint`] | SHA-256 fingerprints of math models (by their canonical JSON form) |
//! | [`game`] | the one interface every game implements ([`Game`]): its facts, its math model, a round in a mode, a grid evaluated alone, its random inputs |
//! | `golden` | (feature `sim`) golden vectors as data: chosen rounds with their win and event-log digest |
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
//! | [`stats`] | one file per part (all but the round summary need the feature `sim`): the round summary (`summary`, needing nothing else), mergeable integer accumulators (`accumulator`) and their validation (`validate`), confidence levels and normal quantiles (`confidence`), chi-square tests (`chi_square`), top-award odds with Poisson intervals (`awards`), the PAR report with RTP intervals at any confidence level (`report`) and its text (`text`); `statrs` only in `confidence` and `chi_square` |
//! | [`seal`] | HMAC-SHA-256 seals for records in untrusted storage, round ids |
//! | `sim` | (feature `sim`) reproducible simulation: one PCG stream per batch; shards, checkpoints, stop rules; the multi-threaded `simulate` and `simulate_plan` need the `parallel` feature |
//! | [`text`] | grids written as text (rows, cells, each game's cell codes), for the runner's `eval` and rule tests |
//!
//! Games take any [`rand_core::Rng`]. Simulations use `sim::SimRng` (PCG-64: fast,
//! predictable); a real-money server must use a CSPRNG seeded from the operating system.
//!
//! # Features
//! The default build holds what a game and its server need: grids, lines, clusters, sampling,
//! money, the ledger, the event log and recorders, fingerprints, seals, grid text and the
//! round summary (`stats::RoundSummary`); none of `rand_pcg`, `statrs`, `rayon`.
//! * `sim`: the simulator (`sim`: PCG streams, shards, checkpoints, stop rules, replay),
//!   golden vectors (`golden`) and the rest of `stats` (accumulators, PAR report, confidence
//!   intervals, chi-square tests); brings `rand_pcg` and `statrs`.
//! * `parallel`: `sim` plus the multi-threaded `sim::simulate` and `sim::simulate_plan`
//!   (`rayon`).
//! * `fuzzing`: `bytes_rng` (generators replaying given numbers) and `fuzz_seeds` (the fuzz
//!   targets' seed corpora replayed as tests); brings `rand_pcg`. Not for play.
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
pub mod events;
pub mod evidence;
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
pub mod recorder;
pub mod reel_windows;
#[cfg(feature = "os-rng")]
pub mod rng;
pub mod sampling;
pub mod seal;
pub mod sim;
pub mod stats;
pub mod text;
pub mod variant;

pub use game::Game;
pub use rand_core::{Rng, SeedableRng};
