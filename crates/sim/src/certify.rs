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
//! - **Split** (Moon Princess, `crate::split`): the runner's `certify` plays a split
//!   estimate and states each pick's B + q V with its interval.
//!
//! A certificate meets the bar when its interval is reliable, its 99 % half-width at most
//! [`MAX_HALF_WIDTH`] (an exact figure has none) and its distance to the target RTP at most
//! [`MAX_DISTANCE`].

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

impl Certificate {
    /// A certificate of `rtp` (with its half-width and any warning on its interval) for `G`
    /// in `mode`, judged against the mode's target and the bar ([`MAX_HALF_WIDTH`],
    /// [`MAX_DISTANCE`]); `half_width_goal` is the goal the run stopped at.
    #[allow(clippy::too_many_arguments)]
    pub fn new<G: Game>(
        game: &G,
        mode: G::Mode,
        method: Method,
        rtp: f64,
        half_width_99: Option<f64>,
        interval_warning: Option<String>,
        half_width_goal: f64,
        command: String,
    ) -> Self {
        let target = game.target_rtp(mode).fraction();
        Certificate {
            game: G::NAME.into(),
            mode: G::mode_name(mode).into(),
            model_fingerprint: game.fingerprint(),
            method,
            rtp,
            half_width_99,
            half_width_goal,
            target_rtp: target,
            interval_warning,
            meets: false,
            command,
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
    /// What is wrong, in words.
    pub fn read(text: &str) -> Result<Certificate, String> {
        let c: Certificate =
            slot_core::json::from_str(text).map_err(|e| format!("not a certificate: {e}"))?;
        let finite = |x: f64| x.is_finite() && x >= 0.0;
        if !finite(c.rtp)
            || !finite(c.target_rtp)
            || !finite(c.half_width_goal)
            || c.half_width_99.is_some_and(|h| !finite(h))
            || c.bias_bound.is_some_and(|b| !finite(b))
        {
            return Err(
                "its figures (rtp, target_rtp, half_width_99, half_width_goal, bias_bound) must be finite numbers from 0 up".into(),
            );
        }
        let judged = c.clone().with_target(c.target_rtp);
        if judged.meets != c.meets {
            return Err(format!(
                "it says meets = {}, but its figures give {} against its target and the bar",
                c.meets, judged.meets
            ));
        }
        Ok(c)
    }

    /// [`Certificate::to_json_pretty`] after reading it back with [`Certificate::read`]: what
    /// `certify` writes, so that it never writes a certificate its reader refuses.
    ///
    /// # Errors
    /// What the reader refuses, in words.
    pub fn to_checked_json(&self) -> Result<String, String> {
        let text = self.to_json_pretty();
        Certificate::read(&text)
            .map_err(|e| format!("the certificate made would be refused by its reader: {e}"))?;
        Ok(text)
    }
}

/// The exact certificate of `game` in `mode`, or `None` if the game does not compute its RTP
/// exactly.
pub fn exact<G: Game>(game: &G, mode: G::Mode, command: String) -> Option<Certificate> {
    let rtp = game.exact_rtp(mode)?;
    Some(Certificate::new(
        game,
        mode,
        Method::Exact,
        rtp,
        None,
        None,
        0.0,
        command,
    ))
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
    dir: &Path,
    i: u64,
    watch: Watch<'_>,
) -> Result<(Report, bool), SimError> {
    check_plan(plan)?;
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
    let r = simulate(game, mode, &config, watch)?;
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
/// certificate with the merged report. `command` is what reproduces it; `progress` is told
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
    dir: &Path,
    command: String,
    watch: Watch<'_>,
    mut progress: impl FnMut(u64, bool, &Accumulator),
) -> Result<(Certificate, Report), SimError> {
    check_plan(plan)?;
    let catalog = Catalog::new().with::<G>();
    let mut chunks: Vec<(PathBuf, Report)> = Vec::new();
    let mut sums = Accumulator::new(G::cost(mode));
    for i in 0..plan.max_chunks {
        let (report, read) = chunk(game, mode, plan, dir, i, watch)?;
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
        Method::WholeRounds {
            chunk_rounds: plan.chunk_rounds,
            chunks: chunks.len() as u64,
            seed: plan.seed,
        },
        s.rtp(),
        Some(s.half_width(ConfidenceLevel::P99.z())),
        s.interval_warning(),
        plan.half_width,
        command,
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
/// `command`. `progress` is told of each chunk (index, whether it was read, the record so
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
    dir: &Path,
    command: String,
    watch: Watch<'_>,
    mut progress: impl FnMut(u64, bool, &crate::split::SplitRecord),
) -> Result<crate::split::SplitRecord, SimError> {
    use crate::split::SplitRecord;
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
            let r = crate::split::run(game, modes, &size, chunk_command, watch).map_err(
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
    all.command = command;
    all.check::<G>()?;
    Ok(all)
}
