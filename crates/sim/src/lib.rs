//! # slot-sim: simulation, reports and PAR files for any slot game
//!
//! Everything beyond one round, written once for every game that implements
//! [`slot_core::Game`]: a simulation run ([`simulate`], configured by a [`SimConfig`]: rounds,
//! seed, threads, a shard of a run, a precision to stop at, confidence levels, a goodness-of-fit
//! replay; watched and stopped through a [`Watch`]), the [`Report`] it returns (the PAR figures,
//! the exact integer sums and where they come from; written as JSON and read back, checked,
//! by [`Report::from_json`]), exact merges of shards and of independent runs ([`merge`]),
//! split estimates of games whose feature alone depends on the mode ([`split`]), the
//! goodness-of-fit test of every random input ([`gof`]) and, with the default `par-files`
//! feature, the PAR files: Markdown, CSV tables and SVG plots ([`par`]).
//!
//! A run's figures depend only on its game, mode, model, seed and round count, never on the
//! thread count: rounds are played in batches of 10,000, each with its own PCG-64 stream
//! (the replay contract of [`slot_core::replay`], played by [`engine`]), and every statistic is an integer sum that adds up exactly across
//! threads, shards and machines.
//!
//! ```
//! use moon_princess::{MoonPrincess, Pick};
//! use slot_sim::{Catalog, SimConfig, Watch, merge, simulate};
//! use std::path::PathBuf;
//!
//! let game = MoonPrincess::standard();
//! // A run of 40,000 rounds of seed 7, played as two shards (on two machines, say).
//! let shards: Vec<(PathBuf, slot_sim::Report)> = (0..2)
//!     .map(|i| {
//!         let config = SimConfig::shard(40_000, 7, i, 2);
//!         let report = simulate(&game, Pick::Star, &config, Watch::default()).unwrap();
//!         (PathBuf::from(format!("shard-{i}.json")), report)
//!     })
//!     .collect();
//! // Reports travel as JSON and are read back without being trusted.
//! let catalog = Catalog::new().with::<MoonPrincess>();
//! let text = shards[0].1.to_json();
//! let read = slot_sim::Report::from_json(&shards[0].0, &text, &catalog).unwrap();
//! assert_eq!(read, shards[0].1);
//! // The shards merge exactly into the run of 40,000 rounds.
//! let merged = merge(&shards, &catalog, &[]).unwrap();
//! let whole = simulate(&game, Pick::Star, &SimConfig::rounds(40_000, 7), Watch::default()).unwrap();
//! assert_eq!(merged.par.sums, whole.par.sums);
//! println!("RTP {:.2} %", merged.par.rtp * 100.0);
//! ```
//!
//! | module | what |
//! |---|---|
//! | [`engine`] | the simulation engine: a [`engine::Plan`]'s batches played on a pool of threads and folded in order; checkpoints, stop rules, shards, progress |
//! | [`stats`] | the statistics: mergeable integer sums ([`stats::Accumulator`]) and their checks, confidence levels, chi-square tests, award odds, the PAR report ([`stats::ParReport`]) and its text |
//! | [`run`] | a run's configuration, [`simulate`] and [`simulate_sums`] |
//! | [`report`] | the [`Report`]: figures, sums, provenance; its text and JSON, reading it back, [`merge`] |
//! | [`certify`] | certification of one game, mode and model: exact, whole rounds in resumable chunks, or split; the certificate |
//! | [`certify_folder`] | the folder of a certification: the files it writes, claimed and stamped, an unstamped folder of its own adopted |
//! | [`detail`] | where the return comes from: contributions by symbol and count, tumble depth, multiplier, Girl Power, award; the round wins' distribution |
//! | [`dieharder`] | a generator's raw words for a test battery: the stream without end, Dieharder run on it live, its verdicts counted |
//! | [`evidence`] | the certification evidence a game states, read and checked: certified mean and sd, lab-kit files and disclosure figures |
//! | [`exact`] | the exact figures of a model as a report ([`exact::ExactReport`]): a game's exact sheet with the model it is of, as text or JSON |
//! | [`export`] | (feature `stake-export`) a game's modes as Stake Engine math files: books that are real rounds, weighted by stratum to reproduce a reference run; the platform's format as read and every mapping decision |
//! | [`export_events`] | (feature `stake-export`) a book's events in the compact form that keeps 10^6 books under the platform's 1 GB: short keys, one character a grid cell, cells as digits; read back exactly, the payout recomputed from them |
//! | [`export_verify`] | (feature `stake-export`) an export checked: the platform's documented checks and this project's (books replay, weights reproduce the reference) |
//! | [`export_market`] | (feature `stake-export`) the Stake Engine market verdict (`markets/stake-engine.toml`) on the variant as exported: the table's RTP in the platform's payouts, the certified odds |
//! | [`export_anchor`] | the certified figures an export's weights are anchored on, read from a game's evidence (RTP, feature probability and mean, cap odds, a whole-round run's buckets and hit rate) |
//! | [`export_weights`] | the strata of rounds, their calibration to the anchor (raked probabilities, moved means) and the integer weights that give each stratum its probability and mean win |
//! | [`face`] | an object-safe face over `Game`: [`face::GameEntry`] (a game chosen by name at run time) and [`face::LoadedGame`] (one of its models: simulate, replay, play from a grid) |
//! | [`facts`] | what a report knows of a game and mode ([`GameFacts`]), and the [`Catalog`] reports are read against |
//! | [`files`] | files written whole or not at all, output folders a command owns (refused when they hold other work), bounded reads of outside files |
//! | [`equivalence`] | outcome equivalence between builds: round digests recorded and checked |
//! | [`gof`] | the goodness-of-fit section: every random input's chi-square against the model |
//! | [`session`] | player sessions: survival, spins a balance lasts, session results, the feature within a session |
//! | [`labkit`] | (feature `par-files`) the lab kit: raw generator streams, every scaled outcome, rules, disclosure, manifest |
//! | [`kit_build`] | (feature `par-files`) a lab kit end to end from a [`kit_build::KitConfig`]: checked, its folder claimed, built beside it, moved into place |
//! | [`kit_source`] | where a lab kit's source comes from (a checkout or a kit's `source/`: commit, files), its toolchain, its vendored dependencies |
//! | [`monitor`] | live-RTP monitoring: the range an RTP lies in after N rounds, a verdict and its p-value |
//! | [`rare`] | the odds of rare wins (the cap's) by multilevel splitting of a [`slot_core::splitting::SplittableGame`]: unbiased, exact mergeable sums, the record and its 95 % intervals |
//! | [`split`] | the split estimate B + q V of a [`slot_core::game::SplitGame`] and its record |
//! | [`knob`] | one integer knob of a mode tuned to a target RTP on the split estimate with paired base games (a generator per round), optionally anchored on a certified level |
//! | [`ladder`] | the tuner of a game whose RTP ladder moves two base knobs and a feature knob per mode ([`slot_core::ladder::LadderGame`]): its feature knobs re-tuned, or a variant for a target with its file |
//! | [`tuner`] | a game's tuner as a registry capability ([`tuner::Tuner`]): a model's knobs re-tuned, a variant for a target as a checked file |
//! | [`base_knobs`] | two integer knobs of a base game solved together (Newton steps on paired base games) so that its RTP and trigger rate reach two targets |
//! | [`par`] | (feature `par-files`) the PAR files of a report |
//! | [`error`] | [`SimError`] |
//!
//! Features: `par-files` (default) brings [`par`] and its dependencies (`csv`, `plotters`,
//! SVG only); `stake-export` brings [`export`] and [`export_verify`] (`zstd`); `fuzzing` brings the checks the fuzz targets of the files read from outside run.

pub mod base_knobs;
pub mod certify;
pub mod certify_folder;
pub mod detail;
pub mod dieharder;
pub mod engine;
pub mod equivalence;
pub mod error;
pub mod evidence;
pub mod exact;
#[cfg(feature = "stake-export")]
pub mod export;
pub mod export_anchor;
#[cfg(feature = "stake-export")]
pub mod export_events;
#[cfg(feature = "stake-export")]
pub mod export_market;
#[cfg(feature = "stake-export")]
pub mod export_verify;
pub mod export_weights;
pub mod face;
pub mod facts;
pub mod files;
mod fold;
#[cfg(feature = "fuzzing")]
#[doc(hidden)]
pub mod fuzzing;
pub mod gof;
#[cfg(feature = "par-files")]
pub mod kit_build;
pub mod kit_source;
pub mod knob;
#[cfg(feature = "par-files")]
pub mod labkit;
pub mod ladder;
pub mod markets;
pub mod models;
pub mod monitor;
#[cfg(feature = "par-files")]
pub mod par;
pub mod rare;
pub mod report;
mod report_file;
pub mod run;
pub mod session;
pub mod split;
pub mod stats;
pub mod tune;
pub mod tuner;
pub mod words;

pub use error::{DetailError, OtherChunk, ReportError, SimError, SplitError};
pub use facts::{Catalog, GameFacts, UnknownFacts};
pub use report::{Report, merge};
pub use run::{Extent, SeededRun, Shard, SimConfig, Watch, simulate, simulate_sums};
