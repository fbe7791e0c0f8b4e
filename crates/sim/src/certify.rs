//! Certification of one game, mode and model, end to end: the runs, the record beside them
//! and the figure, tied to the model's fingerprint ([`Certificate`]).
//!
//! Three methods, one per kind of game:
//!
//! - **Exact** ([`exact`]): where the game computes its RTP exactly ([`Game::exact_rtp`]:
//!   Wish Upon a Star), the certificate states that figure; nothing is played.
//! - **Whole rounds, in chunks** ([`whole_rounds`]): independent runs of `chunk_rounds`
//!   rounds each, chunk `i` with seed `seed + i`, played in order until the 99 % half-width
//!   of all the chunks so far is at most the goal (checked after each chunk, so the stop
//!   depends on the seeds only). Each chunk's report is written to `chunk-<mode>-NNNNN.json` in the
//!   certification's directory as soon as it is played; a certification started again in the
//!   same directory reads the chunks there (each checked as `merge` checks a report, and
//!   refused if it is not the chunk it should be) and plays only the ones missing, so a run
//!   that a session's end or a scheduler stops loses at most the chunk under way. The chunks
//!   merge exactly (independent seeds) into the report the certificate is read from.
//! - **Split** ([`split_chunks`], Moon Princess and Starlight Christmas, [`crate::split`]):
//!   chunks of split runs (chunk `i` of base seed `seed + 16 i`), added until every mode's
//!   B + q V has the half-width asked for.
//!
//! A certificate meets the bar when its interval is reliable, its 99 % half-width at most
//! [`MAX_HALF_WIDTH`] (an exact figure has none) and its distance to the target RTP at most
//! [`MAX_DISTANCE`].
//!
//! **One call, end to end** (what the runner's `certify` and a binding call): [`certify`]
//! (exact, or whole rounds) or [`certify_split`] with the game on its model
//! ([`crate::models::choose`] gives it and its target), the mode and a [`CertifyConfig`]
//! (folder, goal, chunks, seed); it claims the folder ([`crate::certify_folder`]), reads the
//! chunks already there, plays the rest, writes each certificate read back as its reader
//! reads it, and tells each step through [`Progress`].
//!
//! ```
//! use slot_sim::certify::{CertifyConfig, Progress, certify};
//! use slot_sim::{Watch, models::choose};
//! use moon_princess::{MoonPrincess, Pick};
//!
//! let dir = std::env::temp_dir().join(format!("certify-doc-{}", std::process::id()));
//! let (game, target) = choose::<MoonPrincess>(None, None).unwrap();
//! let config = CertifyConfig {
//!     dir: dir.clone(),
//!     force: false,
//!     seed: 1,
//!     half_width_pp: 50.0, // a goal one chunk reaches: this certificate cannot meet the bar
//!     chunk_rounds: 20_000,
//!     base_games: 0,
//!     features: 0,
//!     max_chunks: 10,
//!     only_chunk: None,
//!     threads: 1,
//!     target: target.fraction(),
//!     mode_options: String::new(),
//!     model_options: String::new(),
//!     watch: Watch::default(),
//! };
//! let mut certificates = Vec::new();
//! certify(&game, Pick::Love, &config, |p| {
//!     if let Progress::Certificate { certificate, .. } = p {
//!         certificates.push(certificate.clone());
//!     }
//! })
//! .unwrap();
//! // 20,000 rounds: a figure far wider than the bar's 0.05 pp, written all the same.
//! assert!(!certificates[0].meets);
//! assert!(dir.join("chunk-love-00000.json").is_file() && dir.join("par-love").is_dir());
//! let text = std::fs::read_to_string(dir.join("certificate-love.json")).unwrap();
//! assert_eq!(slot_sim::certify::Certificate::read(&text).unwrap(), certificates[0]);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

use crate::error::{OtherChunk, SimError, SplitError};
use crate::facts::Catalog;
use crate::report::{Report, merge};
use crate::run::{SimConfig, Watch, simulate};
use crate::stats::{Accumulator, ConfidenceLevel};
use serde::{Deserialize, Serialize};
use slot_core::Game;
use slot_core::fingerprint::Fingerprint;
use std::path::{Path, PathBuf};

/// The largest distance from the target RTP a certified figure may have: 0.10 pp.
pub const MAX_DISTANCE: f64 = 0.0010;

/// The largest 99 % half-width a certified figure may have: 0.05 pp.
pub const MAX_HALF_WIDTH: f64 = 0.0005;

/// How a certificate's figure was obtained.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "method", rename_all = "snake_case")]
pub enum Method {
    /// Computed exactly from the model.
    Exact,
    /// Whole rounds in independent chunks.
    WholeRounds {
        /// Rounds per chunk.
        chunk_rounds: u64,
        /// Chunks played (seeds `seed .. seed + chunks`).
        chunks: u64,
        /// The first chunk's seed.
        seed: u64,
    },
    /// The split estimate B + q V.
    Split {
        /// Base games played.
        base_games: u64,
        /// Features played alone.
        features: u64,
        /// The base games' seed.
        seed: u64,
    },
}

/// The evidence of one game, mode and model: the figure, how it was obtained, and whether it
/// meets the bar.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Certificate {
    /// The game.
    pub game: String,
    /// The mode (Moon Princess: the pick).
    pub mode: String,
    /// The fingerprint of the model certified.
    pub model_fingerprint: Fingerprint,
    /// The variant of the game's RTP ladder the model certified is (its shipped model's name
    /// and the RTP it is tuned to, [`Game::variant`]: the variant whose model has
    /// `model_fingerprint`); absent for a model off the ladder (a model file of one's own, a
    /// stress model), and in certificates written before it was recorded (2026-12-04), which
    /// read as before: their variant is the ladder's whose model has `model_fingerprint`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<CertifiedVariant>,
    /// The method and its extent.
    #[serde(flatten)]
    pub method: Method,
    /// The RTP, a fraction of the stake.
    pub rtp: f64,
    /// The 99 % half-width, a fraction; `None` for an exact figure.
    pub half_width_99: Option<f64>,
    /// The goal of the half-width, a fraction (0.0005 = 0.05 pp).
    pub half_width_goal: f64,
    /// The target RTP, a fraction.
    pub target_rtp: f64,
    /// Why the interval cannot be trusted (too few rounds or wins for the normal
    /// approximation), if so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval_warning: Option<String>,
    /// The figure meets the bar: a reliable interval, a 99 % half-width of at most
    /// [`MAX_HALF_WIDTH`] and a distance to the target of at most [`MAX_DISTANCE`] (whatever
    /// goal the run stopped at).
    pub meets: bool,
    /// The command that reproduces it.
    pub command: String,
    /// What the method may count beyond the true figure, at most (a fraction of the stake):
    /// the split estimate's over-count of rounds whose base game and feature together pass
    /// the cap ([`crate::split::Estimate::cap_overcount`]); `None` where there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bias_bound: Option<f64>,
}

/// The variant of a game's RTP ladder a certificate is of ([`Certificate::variant`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CertifiedVariant {
    /// The name of the variant's shipped model ([`Game::MODEL_NAMES`]: `standard` for the
    /// published variant, `rtp-91.49` for another), what `--model` takes.
    pub model: String,
    /// The RTP the variant is tuned to, in percent as the ladder writes it (`"91.49"`), what
    /// `--rtp` takes.
    pub rtp: slot_core::game::TargetRtp,
}

impl From<slot_core::variant::Variant> for CertifiedVariant {
    fn from(v: slot_core::variant::Variant) -> Self {
        CertifiedVariant {
            model: v.model.to_string(),
            rtp: v.rtp,
        }
    }
}

impl Certificate {
    /// A certificate of `figure` for `G` in `mode`, judged against the mode's target and the
    /// bar ([`MAX_HALF_WIDTH`], [`MAX_DISTANCE`]), naming the variant of the ladder the game's
    /// model is, if any ([`Game::variant`]).
    pub fn new<G: Game>(game: &G, mode: G::Mode, figure: Figure) -> Self {
        let target = game.target_rtp(mode).fraction();
        Certificate {
            game: G::NAME.into(),
            mode: G::mode_name(mode).into(),
            model_fingerprint: game.fingerprint(),
            variant: game.variant().map(CertifiedVariant::from),
            method: figure.method,
            rtp: figure.rtp,
            half_width_99: figure.half_width_99,
            half_width_goal: figure.half_width_goal,
            target_rtp: target,
            interval_warning: figure.interval_warning,
            meets: false,
            command: figure.command,
            bias_bound: None,
        }
        .with_target(target)
    }

    /// The certificate judged against `target` (a fraction; [`Certificate::new`] judges it
    /// against the game's, this against a variant file's own for a model off the game's
    /// ladder): `meets` is the bar, a reliable interval, a 99 % half-width of at most
    /// [`MAX_HALF_WIDTH`] and a distance of at most [`MAX_DISTANCE`].
    #[must_use]
    pub fn with_target(mut self, target: f64) -> Self {
        self.target_rtp = target;
        self.meets = self.interval_warning.is_none()
            && self.half_width_99.is_none_or(|h| h <= MAX_HALF_WIDTH)
            && (self.rtp - target).abs() <= MAX_DISTANCE;
        self
    }

    /// The certificate as pretty-printed JSON, ending with a newline.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Reads a certificate file without trusting it: typed, its figures finite, and its
    /// verdict (`meets`) the one its figures give against its target and the bar
    /// ([`Certificate::with_target`]), so that a pass cannot be written in by hand.
    ///
    /// # Errors
    /// [`CertificateError`]: not a certificate (the field named), a figure that is not a
    /// finite number from 0 up, or a verdict its figures do not give.
    pub fn read(text: &str) -> Result<Certificate, CertificateError> {
        let c: Certificate = slot_core::json::from_str(text)
            .map_err(|e| CertificateError::NotACertificate(e.to_string()))?;
        let finite = |x: f64| x.is_finite() && x >= 0.0;
        if !finite(c.rtp)
            || !finite(c.target_rtp)
            || !finite(c.half_width_goal)
            || c.half_width_99.is_some_and(|h| !finite(h))
            || c.bias_bound.is_some_and(|b| !finite(b))
        {
            return Err(CertificateError::NotFinite);
        }
        let judged = c.clone().with_target(c.target_rtp);
        if judged.meets != c.meets {
            return Err(CertificateError::Verdict {
                said: c.meets,
                judged: judged.meets,
            });
        }
        Ok(c)
    }

    /// [`Certificate::to_json_pretty`] after reading it back with [`Certificate::read`]: what
    /// `certify` writes, so that it never writes a certificate its reader refuses.
    ///
    /// # Errors
    /// [`CertificateError::Refused`], with what the reader refuses.
    pub fn to_checked_json(&self) -> Result<String, CertificateError> {
        let text = self.to_json_pretty();
        Certificate::read(&text).map_err(|e| CertificateError::Refused(Box::new(e)))?;
        Ok(text)
    }

    /// The certificate's line as the runner prints it: game, mode, figure, target and
    /// distance, the verdict against the bar, how the figure was obtained and
    /// `core_seconds` (threads x wall time) in thread-minutes.
    #[must_use]
    pub fn verdict_line(&self, core_seconds: f64) -> String {
        let figure = match self.half_width_99 {
            Some(h) => format!("{:.4} % +- {:.4} pp (99 %)", self.rtp * 100.0, h * 100.0),
            None => format!("{:.6} % (exact)", self.rtp * 100.0),
        };
        let how = match &self.method {
            Method::Exact => "computed from the model".to_string(),
            Method::WholeRounds {
                chunk_rounds,
                chunks,
                seed,
            } => format!("{chunks} chunks of {chunk_rounds} rounds, seeds {seed}.."),
            Method::Split {
                base_games,
                features,
                seed,
            } => format!("split: {base_games} base games (seed {seed}), {features} features"),
        };
        format!(
            "{} ({}): RTP {figure}, target {:.2} % (distance {:+.4} pp): {}; {how}; {:.1} thread-minutes (threads x wall time)",
            self.game,
            self.mode,
            self.target_rtp * 100.0,
            (self.rtp - self.target_rtp) * 100.0,
            if self.meets {
                "meets the bar".to_string()
            } else {
                format!(
                    "does NOT meet the bar (a reliable interval, 99 % half-width at most {:.2} pp, distance at most {:.2} pp{})",
                    MAX_HALF_WIDTH * 100.0,
                    MAX_DISTANCE * 100.0,
                    self.interval_warning
                        .as_ref()
                        .map_or(String::new(), |w| format!("; the interval: {w}"))
                )
            },
            core_seconds / 60.0
        )
    }
}

/// A certificate's figure and how it was obtained ([`Certificate::new`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The method and its extent.
    pub method: Method,
    /// The RTP, a fraction of the stake.
    pub rtp: f64,
    /// The 99 % half-width, a fraction; `None` for an exact figure.
    pub half_width_99: Option<f64>,
    /// Why the interval cannot be trusted, if so ([`Accumulator::interval_warning`]).
    pub interval_warning: Option<String>,
    /// The goal of the half-width the run stopped at, a fraction (0 for an exact figure).
    pub half_width_goal: f64,
    /// The command that reproduces it.
    pub command: String,
}

/// Why a certificate is refused by its reader ([`Certificate::read`]).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum CertificateError {
    /// Not JSON of a certificate (the field that was wrong named).
    #[error("not a certificate: {0}")]
    NotACertificate(String),
    /// A figure that is not a finite number from 0 up.
    #[error(
        "its figures (rtp, target_rtp, half_width_99, half_width_goal, bias_bound) must be finite numbers from 0 up"
    )]
    NotFinite,
    /// A verdict (`meets`) its figures do not give.
    #[error("it says meets = {said}, but its figures give {judged} against its target and the bar")]
    Verdict {
        /// What the file says.
        said: bool,
        /// What its figures give.
        judged: bool,
    },
    /// A certificate made here that its reader would refuse ([`Certificate::to_checked_json`]).
    #[error("the certificate made would be refused by its reader: {0}")]
    Refused(Box<CertificateError>),
}

/// The exact certificate of `game` in `mode`, or `None` if the game does not compute its RTP
/// exactly.
pub fn exact<G: Game>(game: &G, mode: G::Mode, command: String) -> Option<Certificate> {
    let rtp = game.exact_rtp(mode)?;
    Some(Certificate::new(
        game,
        mode,
        Figure {
            method: Method::Exact,
            rtp,
            half_width_99: None,
            interval_warning: None,
            half_width_goal: 0.0,
            command,
        },
    ))
}

/// Where a certification's chunks are read and written, what reproduces it and what can
/// stop it ([`chunk`], [`whole_rounds`], [`split_chunks`]).
#[derive(Clone, Copy)]
pub struct Chunks<'a> {
    /// The certification's folder (claimed: [`crate::certify_folder::claim`]).
    pub dir: &'a Path,
    /// The command that reproduces the certification (the certificate's and record's).
    pub command: &'a str,
    /// Progress counters and the stop flag of every run played.
    pub watch: Watch<'a>,
}

/// A whole-rounds certification's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct WholeRoundsPlan {
    /// The first chunk's seed (chunk `i` plays seed `seed + i`).
    pub seed: u64,
    /// Rounds per chunk (at least 1).
    pub chunk_rounds: u64,
    /// The most chunks to play (at least 1).
    pub max_chunks: u64,
    /// The goal of the 99 % half-width, a fraction (0.0005 = 0.05 pp).
    pub half_width: f64,
    /// Worker threads per chunk (0: every core).
    pub threads: usize,
}

/// The file of chunk `i` of mode `mode` in `dir` (`chunk-<mode>-NNNNN.json`).
pub fn chunk_path(dir: &Path, mode: &str, i: u64) -> PathBuf {
    dir.join(format!("chunk-{mode}-{i:05}.json"))
}

/// Chunk `i` of a whole-rounds certification in `dir`: read and checked if its file is
/// there, else played and written (the file appears complete or not at all). Returns the
/// chunk's report and whether it was read. A scheduler can play the chunks as an array of
/// jobs with this (the runner's `certify --only-chunk I`); [`whole_rounds`] then reads them.
///
/// # Errors
/// As [`whole_rounds`].
pub fn chunk<G: Game>(
    game: &G,
    mode: G::Mode,
    plan: &WholeRoundsPlan,
    at: &Chunks<'_>,
    i: u64,
) -> Result<(Report, bool), SimError> {
    check_plan(plan)?;
    let dir = at.dir;
    let path = chunk_path(dir, G::mode_name(mode), i);
    let seed = plan.seed.wrapping_add(i);
    let fingerprint = game.fingerprint();
    if path.exists() {
        let text = crate::files::read_report_text(&path)?;
        let r = Report::from_json(&path, &text, &Catalog::new().with::<G>())?;
        let is_it = r.par.mode == G::mode_name(mode)
            && r.model_fingerprint == fingerprint
            && r.par.seed == seed
            && r.par.rounds == plan.chunk_rounds
            && r.run.shard.is_none()
            && r.run.merged.is_none();
        if !is_it {
            return Err(SimError::from(crate::report::ReportError::OtherChunk(
                OtherChunk {
                    path,
                    chunk: i,
                    wanted: format!(
                        "{} {} of model {}, seed {seed}, {} rounds",
                        G::NAME,
                        G::mode_name(mode),
                        fingerprint,
                        plan.chunk_rounds
                    ),
                },
            )));
        }
        return Ok((r, true));
    }
    let config = SimConfig {
        threads: plan.threads,
        ..SimConfig::rounds(plan.chunk_rounds, seed)
    };
    let r = simulate(game, mode, &config, at.watch)?;
    if r.par.rounds < plan.chunk_rounds {
        return Err(stopped(dir, &format!("chunk {i}")));
    }
    // Read back as it will be read when the certification resumes, then written whole or not
    // at all (a chunk cut short by the end of a session is never read as a chunk).
    r.read_back(&Catalog::new().with::<G>())?;
    crate::files::write_atomic(&path, (r.to_json() + "\n").as_bytes())?;
    Ok((r, false))
}

/// The error of a certification stopped by an interrupt during `what`: the chunks finished
/// before it are kept in `dir`, and the same command resumes from there.
fn stopped(dir: &Path, what: &str) -> SimError {
    SimError::Config {
        setting: "interrupt",
        message: format!(
            "stopped during {what}; the chunks finished before it are kept in {}: run the same command again to resume (they are read, not played again)",
            dir.display()
        ),
    }
}

/// Checks a whole-rounds plan: chunks of at least 1 round, at least 1 chunk, a half-width
/// goal above 0.
///
/// # Errors
/// [`SimError::Config`] naming the setting out of range.
pub fn check_plan(plan: &WholeRoundsPlan) -> Result<(), SimError> {
    let bad = |setting: &'static str, message: String| SimError::Config { setting, message };
    if plan.chunk_rounds == 0 || plan.max_chunks == 0 {
        return Err(bad(
            "chunk-rounds",
            "chunks of at least 1 round, at least 1 chunk".into(),
        ));
    }
    if !(plan.half_width.is_finite() && plan.half_width > 0.0) {
        return Err(bad(
            "half-width",
            format!(
                "must be above 0 percentage points (it was {})",
                plan.half_width * 100.0
            ),
        ));
    }
    Ok(())
}

/// Certifies `game` in `mode` by whole rounds in chunks (see the module docs): reads the
/// chunks already in `dir`, plays the missing ones in order until the 99 % half-width of all
/// so far is at most `plan.half_width` or `plan.max_chunks` are played, and returns the
/// certificate with the merged report. `at.command` is what reproduces it; `progress` is told
/// of each chunk (index, whether it was read or played, the sums so far).
///
/// # Errors
/// [`SimError::Config`] for settings out of range; [`SimError::Io`] for a chunk that cannot
/// be read or written; [`SimError::Report`] for a chunk that is not a report of this game,
/// mode, model, seed and size, or reports that cannot be merged; [`SimError::Config`] with
/// setting `interrupt` if `watch.stop` ends a chunk early (the chunks written stay).
pub fn whole_rounds<G: Game>(
    game: &G,
    mode: G::Mode,
    plan: &WholeRoundsPlan,
    at: &Chunks<'_>,
    mut progress: impl FnMut(u64, bool, &Accumulator),
) -> Result<(Certificate, Report), SimError> {
    check_plan(plan)?;
    let dir = at.dir;
    let catalog = Catalog::new().with::<G>();
    let mut chunks: Vec<(PathBuf, Report)> = Vec::new();
    let mut sums = Accumulator::new(G::cost(mode));
    for i in 0..plan.max_chunks {
        let (report, read) = chunk(game, mode, plan, at, i)?;
        // Chunks may be read from the folder (outside input): every sum checked.
        sums.checked_merge(&report.par.sums)
            .map_err(|e| SimError::Io {
                path: chunk_path(dir, G::mode_name(mode), i),
                message: format!("cannot be added to the chunks before it: {e}"),
            })?;
        chunks.push((chunk_path(dir, G::mode_name(mode), i), report));
        progress(i, read, &sums);
        if crate::run::precision_reached(&sums, plan.half_width) {
            break;
        }
    }
    let merged = merge(
        &chunks,
        &catalog,
        &[ConfidenceLevel::P95, ConfidenceLevel::P99],
    )?;
    let s = &merged.par.sums;
    let certificate = Certificate::new(
        game,
        mode,
        Figure {
            method: Method::WholeRounds {
                chunk_rounds: plan.chunk_rounds,
                chunks: chunks.len() as u64,
                seed: plan.seed,
            },
            rtp: s.rtp(),
            half_width_99: Some(s.half_width(ConfidenceLevel::P99.z())),
            interval_warning: s.interval_warning(),
            half_width_goal: plan.half_width,
            command: at.command.to_string(),
        },
    );
    Ok((certificate, merged))
}

/// A split certification's settings: chunks of base games and features, each a split run of
/// its own seeds, until every pick's 99 % half-width reaches the goal.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitPlan {
    /// The seed of chunk 0 ([`split_chunk_seed`]).
    pub seed: u64,
    /// Base games per chunk.
    pub base_games: u64,
    /// Features per pick per chunk.
    pub features: u64,
    /// The most chunks (at least 1).
    pub max_chunks: u64,
    /// The goal of every pick's 99 % half-width, a fraction.
    pub half_width: f64,
    /// Worker threads (0: every core).
    pub threads: usize,
}

/// The seed of split chunk `i`: `seed + 16 i` (its base games; its features take the next
/// seeds, [`crate::split::feature_seed`]), so no two chunks share a seed.
pub fn split_chunk_seed(seed: u64, i: u64) -> u64 {
    seed.wrapping_add(i.wrapping_mul(16))
}

/// The file of split chunk `i` in `dir`: `split-NNNNN.json`, or `split-<mode>-NNNNN.json`
/// for a game whose mode changes its base game (one mode per certification, so that the
/// modes can share a directory).
pub fn split_chunk_path(dir: &Path, mode: Option<&str>, i: u64) -> PathBuf {
    match mode {
        None => dir.join(format!("split-{i:05}.json")),
        Some(m) => dir.join(format!("split-{m}-{i:05}.json")),
    }
}

/// Certifies the picks `modes` of a split game by chunks of split runs (see
/// [`crate::split`]): reads the chunks already in `dir` (each checked, and refused if it is
/// not the chunk it should be), plays the missing ones in order (each written as soon as it
/// is played) until every pick's 99 % half-width is at most the goal or `plan.max_chunks` are
/// played, and returns the record of all of them added (`SplitRecord::absorb`) with
/// `at.command`. `progress` is told of each chunk (index, whether it was read, the record so
/// far).
///
/// # Errors
/// [`SimError::Config`] for settings out of range or an interruption (the chunks written
/// stay); [`SimError::Io`] for a chunk that cannot be read or written; [`SimError::Split`]
/// for a chunk that is not the one it should be, or sums that cannot be.
pub fn split_chunks<G: slot_core::game::SplitGame>(
    game: &G,
    modes: &[G::Mode],
    plan: &SplitPlan,
    at: &Chunks<'_>,
    mut progress: impl FnMut(u64, bool, &crate::split::SplitRecord),
) -> Result<crate::split::SplitRecord, SimError> {
    use crate::split::SplitRecord;
    let (dir, command) = (at.dir, at.command);
    if plan.max_chunks == 0 || !(plan.half_width.is_finite() && plan.half_width > 0.0) {
        return Err(SimError::Config {
            setting: "max-chunks",
            message: "at least 1 chunk and a half-width goal above 0".into(),
        });
    }
    let names: Vec<&str> = modes.iter().map(|&m| G::mode_name(m)).collect();
    let prefix = if G::BASE_BY_MODE {
        names.first().copied()
    } else {
        None
    };
    let mut all: Option<SplitRecord> = None;
    for i in 0..plan.max_chunks {
        let path = split_chunk_path(dir, prefix, i);
        let seed = split_chunk_seed(plan.seed, i);
        let (record, read) = if path.exists() {
            let text = crate::files::read_report_text(&path)?;
            let r = SplitRecord::read::<G>(&text).map_err(|e| SplitError::File {
                path: path.clone(),
                source: Box::new(e),
            })?;
            let picks: Vec<&str> = r.picks.iter().map(|p| p.pick.as_str()).collect();
            let is_it = r.model_fingerprint == game.fingerprint()
                && r.base.seed == seed
                && r.base.rounds == plan.base_games
                && picks == names
                && r.picks.iter().all(|p| p.features == plan.features);
            if !is_it {
                return Err(SimError::from(SplitError::OtherChunk(OtherChunk {
                    path,
                    chunk: i,
                    wanted: format!(
                        "{} picks {} of model {}, seed {seed}, {} base games and {} features",
                        G::NAME,
                        names.join(", "),
                        game.fingerprint(),
                        plan.base_games,
                        plan.features
                    ),
                })));
            }
            (r, true)
        } else {
            let chunk_command = format!("{command} (chunk {i}: seed {seed})");
            let size = crate::split::SplitConfig {
                base_games: plan.base_games,
                features: plan.features,
                seed,
                threads: plan.threads,
            };
            let r = crate::split::run(game, modes, &size, chunk_command, at.watch).map_err(
                |e| match e {
                    SimError::Config {
                        setting: "interrupt",
                        ..
                    } => stopped(dir, &format!("split chunk {i}")),
                    e => e,
                },
            )?;
            let text = r
                .to_checked_json::<G>()
                .map_err(|e| SplitError::NotWritten {
                    path: path.clone(),
                    source: Box::new(e),
                })?;
            crate::files::write_atomic(&path, text.as_bytes())?;
            (r, false)
        };
        match &mut all {
            None => all = Some(record),
            Some(a) => a.absorb(&record)?,
        }
        let Some(a) = &all else { continue };
        progress(i, read, a);
        if a.estimates()
            .iter()
            .all(|(_, e)| e.half_width_99 <= plan.half_width)
        {
            break;
        }
    }
    let mut all = all.ok_or(SplitError::NoChunk)?;
    all.command = command.to_string();
    all.check::<G>()?;
    Ok(all)
}

/// A certification asked for end to end ([`certify`], [`certify_split`]): the folder, the
/// goal, the extent of the chunks, the target and how the command that reproduces it reads.
/// What a binding or the runner fills in from its arguments.
#[derive(Clone)]
pub struct CertifyConfig<'a> {
    /// The certification's folder ([`crate::certify_folder::claim`]).
    pub dir: PathBuf,
    /// Clear `dir` first when it holds another game's, mode's or model's certification (and
    /// nothing else), instead of refusing it; anything `certify` did not write is refused all
    /// the same ([`crate::files::OutputDir::claim`]).
    pub force: bool,
    /// The seed: whole rounds, of chunk 0 (chunk `i` plays `seed + i`); split, of the base
    /// games of chunk 0 ([`split_chunk_seed`]).
    pub seed: u64,
    /// The goal of the 99 % half-width, in percentage points (0.05), from [`MIN_GOAL_PP`] to
    /// [`MAX_GOAL_PP`] ([`CertifyConfig::goal`]).
    pub half_width_pp: f64,
    /// Whole rounds: rounds per chunk.
    pub chunk_rounds: u64,
    /// Split: base games per chunk.
    pub base_games: u64,
    /// Split: features per mode per chunk.
    pub features: u64,
    /// The most chunks.
    pub max_chunks: u64,
    /// Whole rounds: play (or check) this chunk only, and write no certificate.
    pub only_chunk: Option<u64>,
    /// Worker threads (0: every core); no figure depends on it.
    pub threads: usize,
    /// The target RTP the certificate is judged against, a fraction (the model's:
    /// [`crate::models::choose`]).
    pub target: f64,
    /// What chooses the game's mode on the command line that reproduces it (` --choice
    /// love`, ` --ante`, or empty).
    pub mode_options: String,
    /// What chooses the model on that command line (` --model FILE`, ` --rtp 96.00`, or
    /// empty).
    pub model_options: String,
    /// Progress counters and the stop flag (an interrupt keeps the folder and its chunks).
    pub watch: Watch<'a>,
}

/// What a certification tells as it goes ([`certify`], [`certify_split`]); its line in words
/// is [`Progress::text`].
#[derive(Clone, Copy)]
pub enum Progress<'a> {
    /// A whole-rounds chunk read or played, with the sums of all so far.
    Chunk {
        /// Its index.
        index: u64,
        /// Read from the folder (else played).
        read: bool,
        /// The sums so far.
        sums: &'a Accumulator,
    },
    /// A split chunk read or played, with the record of all so far.
    SplitChunk {
        /// Its index.
        index: u64,
        /// Read from the folder (else played).
        read: bool,
        /// The record so far.
        record: &'a crate::split::SplitRecord,
        /// Whether the modes are picks ("per pick", else "per mode").
        picks: bool,
    },
    /// `only_chunk`'s chunk, read or played (no certificate follows).
    OnlyChunk {
        /// Its index.
        index: u64,
        /// It was there (else played).
        read: bool,
        /// Its report.
        report: &'a Report,
        /// Its file.
        path: &'a Path,
    },
    /// A certificate written, with the machine time of its figure (threads x wall time,
    /// seconds). One that does not meet the bar ([`Certificate::meets`]) is written all
    /// the same; a pipeline should stop on it.
    Certificate {
        /// The certificate.
        certificate: &'a Certificate,
        /// Threads x wall time, seconds.
        core_seconds: f64,
    },
}

impl Progress<'_> {
    /// The line the runner prints for it (stderr for chunks, stdout for the rest), without
    /// its newline.
    #[must_use]
    pub fn text(&self) -> String {
        match *self {
            Progress::Chunk { index, read, sums } => format!(
                "chunk {index} {}: {} rounds, RTP {:.4} % +- {:.4} pp (99 %)",
                if read { "read" } else { "played" },
                sums.rounds,
                sums.rtp() * 100.0,
                sums.half_width(ConfidenceLevel::P99.z()) * 100.0
            ),
            Progress::SplitChunk {
                index,
                read,
                record,
                picks,
            } => {
                let worst = record
                    .estimates()
                    .iter()
                    .map(|(_, e)| e.half_width_99)
                    .fold(0.0, f64::max);
                format!(
                    "chunk {index} {}: {} base games, {} features per {}; widest 99 % half-width {:.4} pp",
                    if read { "read" } else { "played" },
                    record.base.rounds,
                    record.picks.first().map_or(0, |p| p.features),
                    if picks { "pick" } else { "mode" },
                    worst * 100.0
                )
            }
            Progress::OnlyChunk {
                index,
                read,
                report,
                path,
            } => format!(
                "chunk {index} {}: seed {}, {} rounds, RTP {:.4} % ({})",
                if read { "was there" } else { "played" },
                report.par.seed,
                report.par.rounds,
                report.par.rtp * 100.0,
                path.display()
            ),
            Progress::Certificate {
                certificate,
                core_seconds,
            } => certificate.verdict_line(core_seconds),
        }
    }
}

/// The smallest half-width goal, percentage points: 0.001 pp, a fiftieth of the bar
/// ([`MAX_HALF_WIDTH`], 0.05 pp). A half-width falls as one over the square root of the rounds,
/// so a goal 50 times tighter needs 2,500 times the rounds of the bar: the published split
/// certificates reach 0.05 pp with 3e9 base games and 8e7 features, so 0.001 pp would take
/// 7.5e12 base games and 2e11 features, years of a machine's CPU. No run reaches a smaller goal; it would only play
/// `--max-chunks` chunks and stop short of it.
pub const MIN_GOAL_PP: f64 = 0.001;

/// The largest half-width goal, percentage points: 100 pp, the whole scale of an RTP. The goal
/// is when to stop playing chunks, not the bar (a certificate meets the bar only at
/// [`MAX_HALF_WIDTH`] or below, whatever the goal), so a loose goal is allowed: it stops after
/// the first chunk, which is how a short trial run is asked for (`--half-width 50`).
pub const MAX_GOAL_PP: f64 = 100.0;

/// A half-width goal as echoed in a refusal ([`crate::run::short_number`]): 0.05 as 0.05,
/// 1e308 as 1e308, not three hundred digits.
#[must_use]
pub fn goal_text(h: f64) -> String {
    crate::run::short_number(h)
}

/// Why a certification did not happen ([`certify`], [`certify_split`]): what was wrong and
/// what is allowed, with the runner's option named.
#[derive(Debug, thiserror::Error)]
pub enum CertifyError {
    /// A half-width goal out of range (percentage points): not a number from
    /// [`MIN_GOAL_PP`] to [`MAX_GOAL_PP`]. The value is echoed short ([`goal_text`]).
    #[error(
        "--half-width is in percentage points, from {MIN_GOAL_PP} to {MAX_GOAL_PP} (e.g. 0.05, the bar); it was {}",
        goal_text(*.0)
    )]
    Goal(f64),
    /// `only_chunk` for a game certified exactly.
    #[error("--only-chunk: {0} is certified exactly, without chunks")]
    OnlyChunkExact(&'static str),
    /// `only_chunk` for a split certification.
    #[error(
        "--only-chunk: {0} is certified by a split estimate here; --only-chunk plays one chunk of whole rounds (--whole-rounds)"
    )]
    OnlyChunkSplit(&'static str),
    /// `only_chunk` past the last chunk.
    #[error("--only-chunk {index}: the chunks are 0 to {} (--max-chunks {max_chunks})", max_chunks - 1)]
    OnlyChunkRange {
        /// The chunk asked for.
        index: u64,
        /// The most chunks (at least 1).
        max_chunks: u64,
    },
    /// The folder could not be taken ([`crate::certify_folder::claim`]).
    #[error("--dir {0}")]
    Folder(SimError),
    /// A certificate or record made here that its reader would refuse: not written.
    #[error("{}: {message}; not written", path.display())]
    Refused {
        /// The file it would have been.
        path: PathBuf,
        /// What its reader refuses.
        message: String,
    },
    /// A run, a chunk or a file failed ([`whole_rounds`], [`split_chunks`], the PAR files).
    #[error(transparent)]
    Sim(#[from] SimError),
}

impl CertifyConfig<'_> {
    /// The half-width goal as a fraction (0.05 pp is 0.0005).
    ///
    /// # Errors
    /// [`CertifyError::Goal`] unless it is a number from [`MIN_GOAL_PP`] to [`MAX_GOAL_PP`]
    /// (NaN, an infinity, 0 and a negative number are refused with the rest).
    pub fn goal(&self) -> Result<f64, CertifyError> {
        let h = self.half_width_pp;
        if (MIN_GOAL_PP..=MAX_GOAL_PP).contains(&h) {
            Ok(h / 100.0)
        } else {
            Err(CertifyError::Goal(h))
        }
    }

    /// The checks of a split certification of `G` made before any other ([`certify_split`]
    /// makes them too): no `only_chunk`, and the goal ([`CertifyConfig::goal`]), returned.
    ///
    /// # Errors
    /// [`CertifyError::OnlyChunkSplit`], [`CertifyError::Goal`].
    pub fn check_split<G: Game>(&self) -> Result<f64, CertifyError> {
        if self.only_chunk.is_some() {
            return Err(CertifyError::OnlyChunkSplit(G::NAME));
        }
        self.goal()
    }

    /// The command line that reproduces the certification of `G` on `game`'s model by
    /// `method`. A model of the game's RTP ladder given as a file (`--model
    /// variants/rtp-91.49.json`) is named by its RTP instead (`--rtp 91.49`: the same model,
    /// the same fingerprint), so that the command runs from any copy of the source, a lab
    /// kit's included, without the file; a shipped model's name and any other file are kept
    /// as given.
    fn command<G: Game>(&self, game: &G, method: &Method) -> String {
        let mut c = format!(
            "cargo xtask certify {} --dir DIR --seed {}{}",
            G::NAME,
            self.seed,
            self.mode_options
        );
        match method {
            Method::WholeRounds { .. } => {
                c += &format!(
                    " --half-width {} --chunk-rounds {} --max-chunks {}",
                    self.half_width_pp, self.chunk_rounds, self.max_chunks
                );
            }
            Method::Split { .. } => {
                c += &format!(
                    " --half-width {} --base-games {} --features {} --max-chunks {}",
                    self.half_width_pp, self.base_games, self.features, self.max_chunks
                );
            }
            Method::Exact => {}
        }
        c + &model_options::<G>(game, &self.model_options)
    }

    /// Whether the run was interrupted (its stop flag set).
    fn stopped(&self) -> bool {
        self.watch
            .stop
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::SeqCst))
    }

    /// Takes the folder for `G`'s model `fingerprint`, its stamp naming `mode`, and runs
    /// `work` in it; a refusal gives the folder up ([`crate::files::OutputDir::abandon`]: a
    /// folder this run created is removed), an interruption keeps it (its chunks resume).
    fn in_folder(
        &self,
        game: &str,
        mode: &str,
        fingerprint: &Fingerprint,
        work: impl FnOnce(&Path) -> Result<(), CertifyError>,
    ) -> Result<(), CertifyError> {
        let owner = crate::certify_folder::owner(game, mode, &fingerprint.to_string());
        let dir = crate::certify_folder::claim(&self.dir, &owner, self.force)
            .map_err(CertifyError::Folder)?;
        let result = work(dir.path());
        if result.is_err() && !self.stopped() {
            dir.abandon();
        }
        result
    }
}

/// The options that choose `game`'s model on a certificate's command line: `given` (as the
/// caller wrote them: ` --model X`, ` --rtp R` or empty), except that ` --model FILE` (a path,
/// no shipped model's name) of a model of the game's ladder becomes ` --rtp R`.
fn model_options<G: Game>(game: &G, given: &str) -> String {
    let file = given
        .strip_prefix(" --model ")
        .is_some_and(|m| G::named_model(m).is_none());
    match game.variant() {
        Some(v) if file => format!(" --rtp {}", v.rtp.percent_text()),
        _ => given.to_string(),
    }
}

/// Writes `c` as `dir/certificate-<mode>.json`, read back first as its reader reads it.
fn write_certificate(dir: &Path, c: &Certificate) -> Result<(), CertifyError> {
    let path = dir.join(format!("certificate-{}.json", c.mode));
    let text = c.to_checked_json().map_err(|e| CertifyError::Refused {
        path: path.clone(),
        message: e.to_string(),
    })?;
    Ok(crate::files::write_atomic(&path, text.as_bytes())?)
}

/// Certifies `game` (the model loaded: [`crate::models::choose`]) in `mode` into
/// `config.dir`, end to end: exactly where the game computes its RTP exactly ([`exact`]),
/// else by whole rounds in resumable chunks ([`whole_rounds`]; with `config.only_chunk`, that
/// chunk alone, [`chunk`]). Writes `certificate-<mode>.json` (and for whole rounds the chunks
/// and the merged run's PAR files in `par-<mode>/`) and tells `progress` of each chunk and
/// certificate. A certificate that does not meet the bar is written and told all the same.
///
/// # Errors
/// [`CertifyError`]: a goal or chunk out of range, a folder that holds other work, a chunk
/// that is not the one it should be, a run interrupted (`SimError::Config` with setting
/// `interrupt`; the finished chunks stay), a file that cannot be written.
pub fn certify<G: Game>(
    game: &G,
    mode: G::Mode,
    config: &CertifyConfig<'_>,
    mut progress: impl FnMut(Progress<'_>),
) -> Result<(), CertifyError> {
    let half_width = config.goal()?;
    let fingerprint = game.fingerprint();
    if let Some(c) = exact(game, mode, config.command(game, &Method::Exact)) {
        let c = c.with_target(config.target);
        if config.only_chunk.is_some() {
            return Err(CertifyError::OnlyChunkExact(G::NAME));
        }
        let path = config.dir.join(format!("certificate-{}.json", c.mode));
        c.to_checked_json().map_err(|e| CertifyError::Refused {
            path,
            message: e.to_string(),
        })?;
        let mode_stamp = format!("exact, {}", crate::certify_folder::EVERY_MODE);
        return config.in_folder(G::NAME, &mode_stamp, &fingerprint, |dir| {
            write_certificate(dir, &c)?;
            progress(Progress::Certificate {
                certificate: &c,
                core_seconds: 0.0,
            });
            Ok(())
        });
    }
    let plan = WholeRoundsPlan {
        seed: config.seed,
        chunk_rounds: config.chunk_rounds,
        max_chunks: config.max_chunks,
        half_width,
        threads: config.threads,
    };
    check_plan(&plan)?;
    if let Some(index) = config.only_chunk
        && index >= config.max_chunks
    {
        return Err(CertifyError::OnlyChunkRange {
            index,
            max_chunks: config.max_chunks,
        });
    }
    let command = config.command(
        game,
        &Method::WholeRounds {
            chunk_rounds: 0,
            chunks: 0,
            seed: 0,
        },
    );
    let mode_stamp = format!("whole rounds, {}", crate::certify_folder::EVERY_MODE);
    config.in_folder(G::NAME, &mode_stamp, &fingerprint, |dir| {
        let at = Chunks {
            dir,
            command: &command,
            watch: config.watch,
        };
        if let Some(index) = config.only_chunk {
            let (report, read) = chunk(game, mode, &plan, &at, index)?;
            let path = chunk_path(dir, G::mode_name(mode), index);
            progress(Progress::OnlyChunk {
                index,
                read,
                report: &report,
                path: &path,
            });
            return Ok(());
        }
        let (c, merged) = whole_rounds(game, mode, &plan, &at, |index, read, sums| {
            progress(Progress::Chunk { index, read, sums });
        })?;
        let c = c.with_target(config.target);
        let path = dir.join(format!("certificate-{}.json", c.mode));
        c.to_checked_json().map_err(|e| CertifyError::Refused {
            path,
            message: e.to_string(),
        })?;
        write_par(dir, G::mode_name(mode), &merged)?;
        write_certificate(dir, &c)?;
        // The chunks' own thread-seconds (read chunks included): the machine time of the
        // figure.
        let p = &merged.par;
        let core_seconds = if p.rounds_per_second_per_thread > 0.0 {
            p.rounds as f64 / p.rounds_per_second_per_thread
        } else {
            0.0
        };
        progress(Progress::Certificate {
            certificate: &c,
            core_seconds,
        });
        Ok(())
    })
}

/// The merged run's PAR files in `dir/par-<mode>/` (feature `par-files`; without it, none).
#[allow(unused_variables)]
fn write_par(dir: &Path, mode: &str, merged: &Report) -> Result<(), SimError> {
    #[cfg(feature = "par-files")]
    {
        let par = dir.join(format!("par-{mode}"));
        crate::par::create_dir(&par)?;
        crate::par::write(merged, &par)?;
    }
    Ok(())
}

/// Certifies the modes of a split game by the split estimate (B + q V, [`crate::split`]) in
/// resumable chunks into `config.dir` ([`split_chunks`]): `modes` all at once when the mode
/// is a pick of the feature alone (their base games shared; `chosen` names the one asked for,
/// if any, for the folder's stamp), one mode when the mode changes the base game
/// ([`slot_core::game::SplitGame::BASE_BY_MODE`]). Writes the chunks, the record of them all
/// (`split.json`, or `split-<mode>.json`) and `certificate-<mode>.json` of each mode, and
/// tells `progress` of each chunk and certificate.
///
/// # Errors
/// As [`certify`]; `config.only_chunk` is refused (chunks of whole rounds only).
pub fn certify_split<G: slot_core::game::SplitGame>(
    game: &G,
    modes: &[G::Mode],
    chosen: Option<G::Mode>,
    config: &CertifyConfig<'_>,
    mut progress: impl FnMut(Progress<'_>),
) -> Result<(), CertifyError> {
    let half_width = config.check_split::<G>()?;
    let owner_mode = match (G::BASE_BY_MODE, chosen) {
        (true, _) => crate::certify_folder::EVERY_MODE.to_string(),
        (false, Some(m)) => G::mode_name(m).to_string(),
        (false, None) => "all picks".to_string(),
    };
    let method = Method::Split {
        base_games: 0,
        features: 0,
        seed: 0,
    };
    let command = config.command(game, &method);
    let plan = SplitPlan {
        seed: config.seed,
        base_games: config.base_games,
        features: config.features,
        max_chunks: config.max_chunks,
        half_width,
        threads: config.threads,
    };
    let fingerprint = game.fingerprint();
    let stamp = format!("split, {owner_mode}");
    config.in_folder(G::NAME, &stamp, &fingerprint, |dir| {
        let start = std::time::Instant::now();
        let at = Chunks {
            dir,
            command: &command,
            watch: config.watch,
        };
        let record = split_chunks(game, modes, &plan, &at, |index, read, record| {
            progress(Progress::SplitChunk {
                index,
                read,
                record,
                picks: G::MODE_IS_PICK,
            });
        })?;
        let record_name = match (G::BASE_BY_MODE, modes.first()) {
            (true, Some(&m)) => format!("split-{}.json", G::mode_name(m)),
            _ => "split.json".to_string(),
        };
        let path = dir.join(&record_name);
        let text = record
            .to_checked_json::<G>()
            .map_err(|e| CertifyError::Refused {
                path: path.clone(),
                message: e.to_string(),
            })?;
        crate::files::write_atomic(&path, text.as_bytes())?;
        let core_seconds = start.elapsed().as_secs_f64() * config.threads as f64;
        for (&mode, (_, e)) in modes.iter().zip(record.estimates()) {
            let c = Certificate::new(
                game,
                mode,
                Figure {
                    method: Method::Split {
                        base_games: record.base.rounds,
                        features: record.picks.first().map_or(0, |p| p.features),
                        seed: config.seed,
                    },
                    rtp: e.rtp,
                    half_width_99: Some(e.half_width_99),
                    interval_warning: None,
                    half_width_goal: half_width,
                    command: command.clone(),
                },
            )
            .with_target(config.target);
            let c = Certificate {
                bias_bound: e.cap_overcount,
                ..c
            };
            write_certificate(dir, &c)?;
            progress(Progress::Certificate {
                certificate: &c,
                core_seconds,
            });
        }
        Ok(())
    })
}
