//! # slot-core: the shared engine of the three games
//!
//! | module | what |
//! |---|---|
//! | [`bytes_rng`] | a generator replaying bytes, for fuzz targets |
//! | [`events`] | the round record: one event vocabulary for the three games, the event log and its reconciliation |
//! | [`fingerprint`] | SHA-256 fingerprints of math models (by their canonical JSON form) |
//! | [`game`] | the one interface every game implements ([`Game`]): its facts, its math model, a round in a mode, its random inputs |
//! | [`golden`] | golden vectors as data: chosen rounds with their win and event-log digest |
//! | [`grid`] | bitboard grids (one `u64` plane per symbol, up to 64 cells, row-major from the top-left), gravity, refill hook, per-symbol counts |
//! | [`ledger`] | the round's ledger: every payment goes through it and comes back trimmed by the cap |
//! | [`lines`] | gap-free straight runs of 3+ along rows and columns (Moon Princess) |
//! | [`cluster`] | 4-neighbour connected components by flood fill on bitboards |
//! | `rng` | (feature `os-rng`) ChaCha20 seeded from the operating system, for real-money play |
//! | [`sampling`] | unbiased bounded integers (Lemire 2019), integer-weighted tables, reel strips |
//! | [`money`] | wins in hundredths of the bet (checked), bet ladder with typed errors, win cap |
//! | [`recorder`] | the zero-cost [`recorder::NoRecorder`] and the serialisable [`recorder::EventLog`] |
//! | [`stats`] | one file per part: the round summary (`summary`, needing nothing else), mergeable integer accumulators (`accumulator`) and their validation (`validate`), confidence levels and normal quantiles (`confidence`), chi-square tests (`chi_square`), top-award odds with Poisson intervals (`awards`), the PAR report with RTP intervals at any confidence level (`report`) and its text (`text`); `statrs` only in `confidence` and `chi_square` |
//! | [`seal`] | HMAC-SHA-256 seals for records in untrusted storage, round ids |
//! | [`sim`] | reproducible simulation: one PCG stream per batch; shards, checkpoints, stop rules; the multi-threaded `simulate` and `simulate_plan` need the `parallel` feature |
//! | [`text`] | grids written as text (the runner's contract (README) cell codes), for the runner and rule tests |
//!
//! Games take any [`rand_core::Rng`]. Simulations use [`sim::SimRng`] (PCG-64: fast,
//! predictable); a real-money server must use a CSPRNG seeded from the operating system.
//!
//! Why not `bitvec`: a grid of at most 64 cells is one machine word, and the hot operations
//! (popcount, shifts for neighbours and runs, masks) are single instructions on `u64`; `bitvec`
//! adds a layer for arbitrary lengths that these grids never need.

pub mod bytes_rng;
pub mod cluster;
pub mod events;
pub mod fingerprint;
pub mod fuzz_seeds;
pub mod game;
pub mod golden;
pub mod grid;
pub mod ledger;
pub mod lines;
pub mod money;
pub mod recorder;
#[cfg(feature = "os-rng")]
pub mod rng;
pub mod sampling;
pub mod seal;
pub mod sim;
pub mod stats;
pub mod text;

pub use game::Game;
pub use rand_core::{Rng, SeedableRng};
