//! # slot-core: the shared engine of the three games
//!
//! | module | what |
//! |---|---|
//! | [`bytes_rng`] | a generator replaying bytes, for fuzz targets |
//! | [`fingerprint`] | SHA-256 fingerprints of math models (by their canonical JSON form) |
//! | [`grid`] | bitboard grids (one `u64` plane per symbol, up to 64 cells, row-major from the top-left), gravity, refill hook, per-symbol counts |
//! | [`lines`] | gap-free straight runs of 3+ along rows and columns (Moon Princess) |
//! | [`cluster`] | 4-neighbour connected components by flood fill on bitboards |
//! | [`sampling`] | unbiased bounded integers (Lemire 2019), integer-weighted tables, reel strips |
//! | [`money`] | wins in hundredths of the bet (checked), bet ladder with typed errors, win cap |
//! | [`recorder`] | the zero-cost [`recorder::NoRecorder`] and the serialisable [`recorder::EventLog`] |
//! | [`stats`] | mergeable integer accumulators and their validation, the PAR report with RTP intervals at any confidence level, normal quantiles and chi-square p-values (`statrs`) |
//! | [`sim`] | reproducible simulation: one PCG stream per batch; shards, checkpoints, stop rules; the multi-threaded `simulate` and `simulate_plan` need the `parallel` feature |
//! | [`text`] | grids written as text (`cli.md` cell codes), for the runner and rule tests |
//!
//! Games take any [`rand_core::Rng`]. Simulations use [`sim::SimRng`] (PCG-64: fast,
//! predictable); a real-money server must use a CSPRNG seeded from the operating system.
//!
//! Why not `bitvec`: a grid of at most 64 cells is one machine word, and the hot operations
//! (popcount, shifts for neighbours and runs, masks) are single instructions on `u64`; `bitvec`
//! adds a layer for arbitrary lengths that these grids never need.

pub mod bytes_rng;
pub mod cluster;
pub mod fingerprint;
pub mod grid;
pub mod lines;
pub mod money;
pub mod recorder;
pub mod sampling;
pub mod sim;
pub mod stats;
pub mod text;

pub use rand_core::Rng;
