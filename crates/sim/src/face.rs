//! An object-safe face over [`slot_core::Game`]: a game chosen at run time by its name (a
//! registry of games, the runner's game argument, a binding's `game=`) without a `match` over
//! the game types at every call.
//!
//! [`GameEntry`] is what a registry lists: the game's facts (name, title, modes and models by
//! name, cell codes, golden-vector file, default rounds of a simulation), the [`GameFacts`] of
//! a mode, a grid evaluated alone, and a model loaded ([`GameEntry::load`]) into a
//! [`LoadedGame`]: the game played on that model, which simulates a run, replays round K of
//! seed S and plays a round from a given grid. [`Entry`] implements both for any
//! `G: Game`, so a game's entry is one line: `Entry::<MyGame>::new(10_000_000)`.
//!
//! What only some games can do is declared in the registry line by capability builders
//! (`const fn`s, each on the trait the capability needs): [`Entry::with_split`] (a
//! [`SplitGame`]: the `split` estimate, and certification by it) and [`Entry::with_exact`]
//! (an [`ExactGame`]: the `exact` figures, and its RTP certified exactly, from the model,
//! never by rounds), [`Entry::with_tuner`] (its [`Tuner`]: `tune`), [`Entry::with_tail`] (a
//! [`SplittableGame`]: the odds of rare wins by splitting, `tail`) and
//! [`Entry::with_base_tail`] (a [`ConditionalBaseGame`]: the base game alone's, `tail
//! --base-game`). The face then answers
//! [`GameEntry::split`] and [`GameEntry::certify_method`] for any game, and refuses what a
//! game cannot do with [`FaceError::NotSupported`], naming what to use instead.
//!
//! Modes are named as in reports and on the command line (`love`, `ante`, `standard`);
//! money is in hundredths of the paytable's bet, as everywhere.
//!
//! The hot paths stay monomorphised: [`LoadedGame::simulate`] is one virtual call per run,
//! which then runs [`crate::simulate`] for the concrete game type; no round goes through a
//! virtual call, allocates, or does more work than through the generic path.

use crate::exact::ExactReport;
use crate::facts::GameFacts;
use crate::models::{ModelChoiceError, UnknownMode, choose};
use crate::rare::{RareError, RareRecord, TailConfig};
use crate::session::{SessionConfig, SessionReport};
use crate::split::{CapOdds, SplitRecord};
use crate::tuner::Tuner;
use crate::{Report, SimConfig, SimError, Watch};
use slot_core::Game;
use slot_core::conditional::ConditionalBaseGame;
use slot_core::events::EventLog;
use slot_core::exact::ExactGame;
use slot_core::fingerprint::Fingerprint;
use slot_core::game::{EvalError, EvalOptions, GridReport, SplitGame, TargetRtp};
use slot_core::golden::{GoldenError, GoldenRound};
use slot_core::money::Win;
use slot_core::recorder::NoRecorder;
use slot_core::replay::{BATCH_ROUNDS, SimRng, batch_rng, replay_game_round, replay_round};
use slot_core::splitting::SplittableGame;
use std::marker::PhantomData;

/// Why a call through the face did not happen. Every variant names what was wrong and what
/// is allowed.
#[derive(Debug, thiserror::Error)]
pub enum FaceError {
    /// A mode the game does not have.
    #[error(transparent)]
    UnknownMode(#[from] UnknownMode),
    /// The model could not be chosen or was refused ([`crate::models::choose`]).
    #[error(transparent)]
    Model(#[from] ModelChoiceError),
    /// The simulation did not run ([`crate::simulate`]).
    #[error(transparent)]
    Sim(#[from] SimError),
    /// A grid could not be evaluated or played.
    #[error(transparent)]
    Eval(#[from] EvalError),
    /// A golden round could not be replayed ([`slot_core::golden::replay`]).
    #[error(transparent)]
    Golden(#[from] GoldenError),
    /// The exact figures of a model could not be computed (a model too large to enumerate,
    /// one whose free spins never end): the game's own error.
    #[error("the exact figures were not computed: {0}")]
    Exact(Box<dyn std::error::Error + Send + Sync>),
    /// A split record that its own reader refuses ([`SplitRecord::to_checked_json`]).
    #[error("the split record made would be refused by its reader: {0}")]
    SplitRecord(crate::error::SplitError),
    /// A rare-event run refused or stopped ([`crate::rare::run`]).
    #[error(transparent)]
    Rare(#[from] RareError),
    /// Something the game cannot do: its registry line does not declare the capability.
    /// The message names the game, what it lacks, and what to use instead.
    #[error("{what}; {instead}")]
    NotSupported {
        /// The game's command-line name.
        game: &'static str,
        /// What was asked and who can do it ("split estimates a game whose ...").
        what: String,
        /// What to use instead, as a command (`exact wish-upon-a-star`).
        instead: String,
    },
}

/// How a game's RTP is certified (`certify`; [`crate::certify`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CertifyMethod {
    /// Exactly, a fraction computed from the model ([`Entry::with_exact`]).
    Exact,
    /// By whole rounds in resumable chunks (any game not certified exactly).
    WholeRounds,
    /// By the split estimate in resumable chunks ([`Entry::with_split`]; a [`SplitGame`]).
    Split,
}

/// What a split estimate is asked to play ([`GameEntry::split`], [`crate::split::run`]).
#[derive(Clone, Debug)]
pub struct SplitRequest<'a> {
    /// The model.
    pub source: ModelSource<'a>,
    /// The one mode to play, by name; `None`: every mode, or the first where the mode
    /// changes the base game ([`SplitGame::BASE_BY_MODE`]).
    pub mode: Option<&'a str>,
    /// Base games.
    pub rounds: u64,
    /// Features played alone per mode.
    pub features: u64,
    /// The seed of the base games (mode i's features: seed + 1 + i).
    pub seed: u64,
    /// Worker threads (no sum depends on them).
    pub threads: usize,
    /// The command line that reproduces the record.
    pub command: String,
    /// Also give the record's JSON, checked by its reader ([`SplitDone::json`]).
    pub json: bool,
}

/// A split estimate played ([`GameEntry::split`]): its record and the figures read from it.
#[derive(Clone, Debug)]
pub struct SplitDone {
    /// The record: integer sums, seeds, model fingerprint.
    pub record: SplitRecord,
    /// Each mode's odds of the cap ([`SplitRecord::cap_odds`]).
    pub cap_odds: Vec<(String, CapOdds)>,
    /// The record as JSON, read back by its reader first, if [`SplitRequest::json`].
    pub json: Option<String>,
}

impl SplitDone {
    /// The readable result: a heading (game, model, base games and their seed, features per
    /// mode), each mode's RTP as (B + q V) / stake with its 99 % half-width, and each mode's
    /// cap odds with their 95 % interval and bounds. `mode_is_pick` says "pick" in the
    /// heading (Moon Princess) rather than "mode".
    pub fn text(&self, mode_is_pick: bool) -> String {
        let record = &self.record;
        let b = &record.base;
        let stake = record.stake as f64 / 100.0;
        let features = record.picks.first().map_or(0, |f| f.features);
        let mut out = format!(
            "{} split estimate (model {}): {} base games (seed {}), {features} features per {}\n",
            record.game,
            record.model_fingerprint,
            b.rounds,
            b.seed,
            if mode_is_pick { "pick" } else { "mode" }
        );
        for ((pick, e), f) in record.estimates().iter().zip(&record.picks) {
            out += &format!(
                "  {pick:<8} RTP {:.4} % +- {:.4} pp (99 %) = (B {:.4} x + q {:.6} (1 in {:.2}) x V {:.3} x) / stake {stake} x (sd of V {:.1}; seed {}, {} caps){}\n",
                e.rtp * 100.0,
                e.half_width_99 * 100.0,
                e.base_rtp * stake,
                e.trigger_rate,
                1.0 / e.trigger_rate,
                e.feature_mean,
                e.feature_sd,
                f.seed,
                f.cap_hits,
                e.cap_overcount.map_or(String::new(), |o| format!(
                    "; beyond the cap it counts at most {:.2e} pp",
                    o * 100.0
                ))
            );
        }
        for (pick, c) in &self.cap_odds {
            out += &format!(
                "  {pick:<6} cap: 1 in {:.4e} rounds (95 %: 1 in {:.4e} to {:.4e}; effective count {:.1}; unresolved share at most {:.1e}; base games alone never capped: at most {:.1e})\n",
                1.0 / c.probability,
                1.0 / c.ci95[1],
                1.0 / c.ci95[0],
                c.effective_count,
                c.bias_bound,
                c.unseen_base_bound
            );
        }
        out
    }
}

/// What a rare-event run is asked to play ([`GameEntry::tail`], [`crate::rare::run`]).
#[derive(Clone, Debug)]
pub struct TailRequest<'a> {
    /// The model.
    pub source: ModelSource<'a>,
    /// The mode, by name; `None`: the game's first.
    pub mode: Option<&'a str>,
    /// The levels, the plan, the seed and size of the run.
    pub config: TailConfig,
    /// The odds that the base game alone reaches the levels, by conditional Monte Carlo
    /// ([`crate::rare::conditional`]; the plan plays no part), instead of a whole round's by
    /// splitting.
    pub base_game: bool,
}

/// Which math model to load ([`GameEntry::load`]), as the runner's `--model` and `--rtp`
/// and [`crate::models::choose`] take it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ModelSource<'a> {
    /// The published model (`standard`).
    #[default]
    Published,
    /// A shipped model by name, or the path of a model or variant file (JSON).
    Named(&'a str),
    /// The variant of the game's RTP ladder tuned to this RTP.
    Rtp(TargetRtp),
}

/// A game as a registry lists it: its facts, and its models loaded by name. Object safe:
/// a registry holds `&'static dyn GameEntry`.
pub trait GameEntry: Send + Sync {
    /// The command-line name (`moon-princess`; [`Game::NAME`]).
    fn name(&self) -> &'static str;
    /// The name a player reads (`Moon Princess`; [`Game::TITLE`]).
    fn title(&self) -> &'static str;
    /// Every mode by name, the default first ([`Game::MODES`]).
    fn modes(&self) -> Vec<&'static str>;
    /// True if a mode is a pick made during the round ([`Game::MODE_IS_PICK`]).
    fn mode_is_pick(&self) -> bool;
    /// The names of the shipped models, `standard` first ([`Game::MODEL_NAMES`]).
    fn model_names(&self) -> &'static [&'static str];
    /// The cell codes of the game's grid text ([`Game::CELL_CODES`]; empty if it states none).
    fn cell_codes(&self) -> &'static str;
    /// The file of the game's golden vectors, from the workspace root, if it has one.
    fn golden_file(&self) -> Option<&'static str>;
    /// The rounds a simulation plays when none are asked for: a run of a few seconds on two
    /// cores.
    fn default_rounds(&self) -> u64;
    /// The stake of a round in the mode, hundredths of the paytable's bet ([`Game::cost`]).
    ///
    /// # Errors
    /// [`FaceError::UnknownMode`].
    fn cost(&self, mode: &str) -> Result<u64, FaceError>;
    /// The facts of the game in the mode, as reports are written and read with them
    /// ([`GameFacts::of`]): certified and exact figures are read through them.
    ///
    /// # Errors
    /// [`FaceError::UnknownMode`].
    fn facts(&self, mode: &str) -> Result<GameFacts, FaceError>;
    /// The facts of every mode, in the order of [`GameEntry::modes`] (what a
    /// [`crate::Catalog`] of this game holds).
    fn all_facts(&self) -> Vec<GameFacts>;
    /// A grid in the game's grid text evaluated alone ([`Game::evaluate_grid_text`]).
    ///
    /// # Errors
    /// [`EvalError`]: a grid that is not one of the game, an option it does not take.
    fn evaluate_grid(&self, grid: &str, options: EvalOptions) -> Result<GridReport, EvalError>;
    /// The game played on the model `source` names ([`crate::models::choose`]).
    ///
    /// # Errors
    /// [`FaceError::Model`]: an unknown name that is no file either, an RTP the ladder does
    /// not have, a file that is no model of the game, a model the game refuses.
    fn load(&self, source: ModelSource<'_>) -> Result<Box<dyn LoadedGame>, FaceError>;
    /// True if the registry line declares [`Entry::with_split`].
    fn has_split(&self) -> bool {
        self.require_split().is_ok()
    }
    /// Nothing if the registry line declares [`Entry::with_split`].
    ///
    /// # Errors
    /// [`FaceError::NotSupported`], naming what to use instead.
    fn require_split(&self) -> Result<(), FaceError>;
    /// True if the registry line declares [`Entry::with_exact`].
    fn has_exact(&self) -> bool;
    /// The game's tuner ([`Entry::with_tuner`]).
    ///
    /// # Errors
    /// [`FaceError::NotSupported`] for a game without one, naming the manual loop.
    fn tuner(&self) -> Result<&'static dyn Tuner, FaceError>;
    /// The exact figures of the model `source` names ([`ExactReport::of`]).
    ///
    /// # Errors
    /// [`FaceError::NotSupported`] for a game without [`Entry::with_exact`];
    /// [`FaceError::Model`] as [`GameEntry::load`]; [`FaceError::Exact`] for a model whose
    /// figures cannot be computed.
    fn exact(&self, source: ModelSource<'_>) -> Result<ExactReport, FaceError>;
    /// The split estimate `request` asks for ([`crate::split::run`]).
    ///
    /// # Errors
    /// [`FaceError::NotSupported`] for a game without [`Entry::with_split`];
    /// [`FaceError::UnknownMode`], [`FaceError::Model`], [`FaceError::Sim`] as
    /// [`crate::split::run`]; [`FaceError::SplitRecord`].
    fn split(&self, request: &SplitRequest<'_>, watch: Watch<'_>) -> Result<SplitDone, FaceError>;
    /// The odds of rare wins by splitting that `request` asks for ([`crate::rare::run`]), or
    /// with [`TailRequest::base_game`] the base game alone's by conditional Monte Carlo
    /// ([`crate::rare::conditional::run`]).
    ///
    /// # Errors
    /// [`FaceError::NotSupported`] for a game without [`Entry::with_tail`] (without
    /// [`Entry::with_base_tail`] for the base game alone);
    /// [`FaceError::UnknownMode`], [`FaceError::Model`] as [`GameEntry::load`];
    /// [`FaceError::Rare`] as [`crate::rare::run`].
    fn tail(&self, request: &TailRequest<'_>, watch: Watch<'_>) -> Result<RareRecord, FaceError>;
    /// How `certify` certifies the game: by whole rounds if `whole_rounds`, else its own way
    /// (exactly, by the split estimate, else by whole rounds).
    ///
    /// # Errors
    /// [`FaceError::NotSupported`] for whole rounds of a game certified exactly.
    fn certify_method(&self, whole_rounds: bool) -> Result<CertifyMethod, FaceError>;
}

impl std::fmt::Debug for dyn GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameEntry({})", self.name())
    }
}

/// A game played on one math model ([`GameEntry::load`]).
pub trait LoadedGame: Send + Sync {
    /// The game's command-line name.
    fn name(&self) -> &'static str;
    /// The fingerprint of the model ([`Game::fingerprint`]).
    fn fingerprint(&self) -> Fingerprint;
    /// The RTP the model is tuned to: its variant's, a variant file's target, else the
    /// published one ([`crate::models::choose`]).
    fn target_rtp(&self) -> TargetRtp;
    /// Simulates the run `config` describes in `mode` ([`crate::simulate`]).
    ///
    /// # Errors
    /// [`FaceError::UnknownMode`]; [`FaceError::Sim`] as [`crate::simulate`].
    fn simulate(
        &self,
        mode: &str,
        config: &SimConfig,
        watch: Watch<'_>,
    ) -> Result<Report, FaceError>;
    /// Round `round` of seed `seed` in `mode`, replayed: its win (after the cap, hundredths
    /// of the bet) and its event log ([`slot_core::replay::replay_game_round`]).
    ///
    /// # Errors
    /// [`FaceError::UnknownMode`].
    fn replay(&self, mode: &str, seed: u64, round: u64) -> Result<(Win, EventLog), FaceError>;
    /// A round in `mode` played from a given grid ([`Game::play_from_grid`]), whatever is
    /// random after it drawn from round `round` of seed `seed`: its win and event log.
    ///
    /// # Errors
    /// [`FaceError::UnknownMode`]; [`FaceError::Eval`] for a grid that is not one of the
    /// game or a game that cannot play a given grid.
    fn play_from_grid(
        &self,
        mode: &str,
        grid: &str,
        seed: u64,
        round: u64,
    ) -> Result<(Win, EventLog), FaceError>;
    /// A golden round replayed ([`slot_core::golden::replay`]): its win (hundredths of the
    /// bet) and the SHA-256 of its event log.
    ///
    /// # Errors
    /// [`FaceError::Golden`]: a mode the game does not have.
    fn replay_golden(&self, round: &GoldenRound) -> Result<(u64, String), FaceError>;
    /// Checks the configuration of player sessions in `mode` before any work
    /// ([`crate::session::check`]).
    ///
    /// # Errors
    /// [`FaceError::UnknownMode`]; [`FaceError::Sim`] for a configuration it refuses.
    fn check_sessions(&self, mode: &str, config: &SessionConfig) -> Result<(), FaceError>;
    /// Player sessions in `mode` ([`crate::session::check`], then
    /// [`crate::session::sessions`]).
    ///
    /// # Errors
    /// [`FaceError::UnknownMode`]; [`FaceError::Sim`] for a configuration
    /// [`crate::session::check`] refuses.
    fn sessions(&self, mode: &str, config: &SessionConfig) -> Result<SessionReport, FaceError>;

    /// Rounds `rounds` of seed `seed` in `mode` played again with their event logs, in one
    /// pass over their batches (each batch from its start, the rounds between played without
    /// events): `visit(round, win, log)` in the order of `rounds` sorted. What `replay` gives
    /// for each, at the cost of one pass. Rounds named twice are visited once.
    ///
    /// # Errors
    /// [`FaceError::UnknownMode`].
    fn replay_rounds(
        &self,
        mode: &str,
        seed: u64,
        rounds: &[u64],
        visit: &mut dyn FnMut(u64, Win, &EventLog),
    ) -> Result<(), FaceError>;

    /// (feature `stake-export`) The model exported as Stake Engine math files
    /// ([`crate::export::export_stake`]).
    ///
    /// # Errors
    /// [`crate::export::ExportError`].
    #[cfg(feature = "stake-export")]
    fn export_stake(
        &self,
        request: &crate::export::ExportRequest<'_>,
    ) -> Result<crate::export::ExportSummary, crate::export::ExportError>;
}

/// The split estimate of `G` ([`GameEntry::split`]): what [`Entry::with_split`] stores.
type SplitFn = fn(&SplitRequest<'_>, Watch<'_>) -> Result<SplitDone, FaceError>;

/// The exact figures of `G` ([`GameEntry::exact`]): what [`Entry::with_exact`] stores.
type ExactFn = fn(ModelSource<'_>) -> Result<ExactReport, FaceError>;

/// The rare-event run of `G` ([`GameEntry::tail`]): what [`Entry::with_tail`] and
/// [`Entry::with_base_tail`] store.
type TailFn = fn(&TailRequest<'_>, Watch<'_>) -> Result<RareRecord, FaceError>;

/// The [`GameEntry`] of a game type `G`: what a registry lists for it. Holds only the two
/// facts that are the repository's rather than the game's (its golden file and the default
/// rounds of a simulation), so that entries are built in constants.
pub struct Entry<G> {
    default_rounds: u64,
    golden_file: Option<&'static str>,
    split: Option<SplitFn>,
    exact: Option<ExactFn>,
    tuner: Option<&'static dyn Tuner>,
    tail: Option<TailFn>,
    base_tail: Option<TailFn>,
    game: PhantomData<fn() -> G>,
}

impl<G> Entry<G> {
    /// The entry of `G`, whose simulations play `default_rounds` rounds when none are asked
    /// for, without a golden file.
    pub const fn new(default_rounds: u64) -> Self {
        Entry {
            default_rounds,
            golden_file: None,
            split: None,
            exact: None,
            tuner: None,
            tail: None,
            base_tail: None,
            game: PhantomData,
        }
    }

    /// This entry with its tuner (`tune`, [`Tuner`]).
    #[must_use]
    pub const fn with_tuner(mut self, tuner: &'static dyn Tuner) -> Self {
        self.tuner = Some(tuner);
        self
    }

    /// This entry with its golden vectors in `path` (from the workspace root).
    #[must_use]
    pub const fn with_golden_file(mut self, path: &'static str) -> Self {
        self.golden_file = Some(path);
        self
    }
}

impl<G: ExactGame + Send + 'static> Entry<G> {
    /// This entry with its exact figures ([`ExactGame`]: `exact`) and its RTP certified
    /// exactly (a fraction computed from the model, [`Game::exact_rtp`]) and never by rounds:
    /// `certify` takes no `--whole-rounds`, and `split` points to `exact`.
    #[must_use]
    pub const fn with_exact(mut self) -> Self {
        self.exact = Some(exact_of::<G>);
        self
    }
}

/// The exact figures of the model of `G` that `source` names.
fn exact_of<G: ExactGame>(source: ModelSource<'_>) -> Result<ExactReport, FaceError> {
    let (game, _) = choose::<G>(model_name(source), model_rtp(source))?;
    ExactReport::of(&game).map_err(|e| FaceError::Exact(Box::new(e)))
}

impl<G: SplitGame + Send + 'static> Entry<G> {
    /// This entry with the split estimate (`split`) and certification by it (`certify`'s
    /// default for the game).
    #[must_use]
    pub const fn with_split(mut self) -> Self {
        self.split = Some(split_of::<G>);
        self
    }
}

impl<G: SplittableGame + Send + 'static> Entry<G> {
    /// This entry with the odds of rare wins by splitting (`tail`; [`crate::rare`]).
    #[must_use]
    pub const fn with_tail(mut self) -> Self {
        self.tail = Some(tail_of::<G>);
        self
    }
}

impl<G: ConditionalBaseGame + Send + 'static> Entry<G> {
    /// This entry with the odds that its base game alone reaches a level, by conditional
    /// Monte Carlo (`tail --base-game`; [`crate::rare::conditional`]).
    #[must_use]
    pub const fn with_base_tail(mut self) -> Self {
        self.base_tail = Some(base_tail_of::<G>);
        self
    }
}

/// The conditional run of the base game of `G` a request asks for.
fn base_tail_of<G: ConditionalBaseGame + Send + 'static>(
    request: &TailRequest<'_>,
    watch: Watch<'_>,
) -> Result<RareRecord, FaceError> {
    let (game, mode) = tail_game::<G>(request)?;
    Ok(crate::rare::conditional::run(
        &game,
        mode,
        &request.config,
        watch,
    )?)
}

/// The game on the model and the mode a rare-event request names (the game's first mode
/// when it names none).
fn tail_game<G: Game>(request: &TailRequest<'_>) -> Result<(G, G::Mode), FaceError> {
    let mode = match request.mode {
        Some(name) => mode_named::<G>(name)?,
        None => G::MODES[0],
    };
    let (game, _) = choose::<G>(model_name(request.source), model_rtp(request.source))?;
    Ok((game, mode))
}

/// The rare-event run of `G` a request asks for.
fn tail_of<G: SplittableGame + Send + 'static>(
    request: &TailRequest<'_>,
    watch: Watch<'_>,
) -> Result<RareRecord, FaceError> {
    let (game, mode) = tail_game::<G>(request)?;
    Ok(crate::rare::run(&game, mode, &request.config, watch)?)
}

/// The split estimate of `G` a request asks for.
fn split_of<G: SplitGame + Send + 'static>(
    request: &SplitRequest<'_>,
    watch: Watch<'_>,
) -> Result<SplitDone, FaceError> {
    let modes: Vec<G::Mode> = match request.mode {
        Some(name) => vec![mode_named::<G>(name)?],
        None if G::BASE_BY_MODE => vec![G::MODES[0]],
        None => G::MODES.to_vec(),
    };
    let (game, _) = choose::<G>(model_name(request.source), model_rtp(request.source))?;
    let size = crate::split::SplitConfig {
        base_games: request.rounds,
        features: request.features,
        seed: request.seed,
        threads: request.threads,
    };
    let record = crate::split::run(&game, &modes, &size, request.command.clone(), watch)?;
    let json = if request.json {
        Some(
            record
                .to_checked_json::<G>()
                .map_err(FaceError::SplitRecord)?,
        )
    } else {
        None
    };
    Ok(SplitDone {
        cap_odds: record.cap_odds::<G>(),
        record,
        json,
    })
}

/// The model name of a source, if it names one.
fn model_name<'a>(source: ModelSource<'a>) -> Option<&'a str> {
    match source {
        ModelSource::Named(name) => Some(name),
        _ => None,
    }
}

/// The RTP of a source, if it names a variant by its RTP.
fn model_rtp(source: ModelSource<'_>) -> Option<TargetRtp> {
    match source {
        ModelSource::Rtp(rtp) => Some(rtp),
        _ => None,
    }
}

impl<G: Game> Entry<G> {
    /// What a game without [`Entry::with_base_tail`] offers instead, by its capabilities:
    /// the whole round's odds (`tail`), base games counted (`split`), else whole rounds
    /// (`sim`); never a command the game refuses too.
    fn instead_of_base_tail(&self) -> String {
        let mut ways = Vec::new();
        if self.tail.is_some() {
            ways.push(format!(
                "the whole round's odds: `tail {}` without --base-game",
                G::NAME
            ));
        }
        if self.split.is_some() {
            ways.push(format!("count base games: `split {}`", G::NAME));
        }
        if ways.is_empty() {
            ways.push(format!(
                "count the rare wins in whole rounds: `sim {}` (its top awards' odds)",
                G::NAME
            ));
        }
        ways.join(", or ")
    }

    /// What [`GameEntry::split`] says of a game without [`Entry::with_split`].
    fn no_split(&self) -> FaceError {
        FaceError::NotSupported {
            game: G::NAME,
            what: format!(
                "split estimates a game whose free spins are played apart from its base game, which {} is not",
                G::NAME
            ),
            instead: if self.exact.is_some() {
                format!("{}'s RTP is exact: `exact {}`", G::TITLE, G::NAME)
            } else {
                format!("simulate {} by whole rounds: `sim {}`", G::TITLE, G::NAME)
            },
        }
    }
}

/// The mode of `G` called `name` ([`crate::models::mode_named`]).
///
/// # Errors
/// [`FaceError::UnknownMode`], naming the game's modes.
pub fn mode_named<G: Game>(name: &str) -> Result<G::Mode, FaceError> {
    Ok(crate::models::mode_named::<G>(name)?)
}

impl<G: Game + Send + 'static> GameEntry for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn title(&self) -> &'static str {
        G::TITLE
    }

    fn modes(&self) -> Vec<&'static str> {
        G::MODES.iter().map(|&m| G::mode_name(m)).collect()
    }

    fn mode_is_pick(&self) -> bool {
        G::MODE_IS_PICK
    }

    fn model_names(&self) -> &'static [&'static str] {
        G::MODEL_NAMES
    }

    fn cell_codes(&self) -> &'static str {
        G::CELL_CODES
    }

    fn golden_file(&self) -> Option<&'static str> {
        self.golden_file
    }

    fn default_rounds(&self) -> u64 {
        self.default_rounds
    }

    fn cost(&self, mode: &str) -> Result<u64, FaceError> {
        Ok(G::cost(mode_named::<G>(mode)?))
    }

    fn facts(&self, mode: &str) -> Result<GameFacts, FaceError> {
        Ok(GameFacts::of::<G>(mode_named::<G>(mode)?))
    }

    fn all_facts(&self) -> Vec<GameFacts> {
        G::MODES.iter().map(|&m| GameFacts::of::<G>(m)).collect()
    }

    fn evaluate_grid(&self, grid: &str, options: EvalOptions) -> Result<GridReport, EvalError> {
        G::evaluate_grid_text(grid, options)
    }

    fn load(&self, source: ModelSource<'_>) -> Result<Box<dyn LoadedGame>, FaceError> {
        let (game, target) = choose::<G>(model_name(source), model_rtp(source))?;
        Ok(Box::new(Loaded { game, target }))
    }

    fn has_exact(&self) -> bool {
        self.exact.is_some()
    }

    fn tuner(&self) -> Result<&'static dyn Tuner, FaceError> {
        self.tuner.ok_or_else(|| FaceError::NotSupported {
            game: G::NAME,
            what: format!("{} has no tuner", G::NAME),
            instead: format!(
                "change its model by hand and check it: `sim {} --model FILE`",
                G::NAME
            ),
        })
    }

    fn exact(&self, source: ModelSource<'_>) -> Result<ExactReport, FaceError> {
        match self.exact {
            Some(exact) => exact(source),
            None => Err(FaceError::NotSupported {
                game: G::NAME,
                what: format!(
                    "{} has no exact figures: its round is not computed exactly from its model",
                    G::NAME
                ),
                instead: format!("simulate it: `sim {}`", G::NAME),
            }),
        }
    }

    fn split(&self, request: &SplitRequest<'_>, watch: Watch<'_>) -> Result<SplitDone, FaceError> {
        match self.split {
            Some(split) => split(request, watch),
            None => Err(self.no_split()),
        }
    }

    fn tail(&self, request: &TailRequest<'_>, watch: Watch<'_>) -> Result<RareRecord, FaceError> {
        if request.base_game {
            return match self.base_tail {
                Some(tail) => tail(request, watch),
                None => Err(FaceError::NotSupported {
                    game: G::NAME,
                    what: format!(
                        "the base game alone's odds need draws its win depends on only at its end, to set aside and sum exactly (a ConditionalBaseGame), which {} does not offer",
                        G::NAME
                    ),
                    instead: self.instead_of_base_tail(),
                }),
            };
        }
        match self.tail {
            Some(tail) => tail(request, watch),
            None => Err(FaceError::NotSupported {
                game: G::NAME,
                what: format!(
                    "tail splits rounds between the steps of a feature, which {} does not offer (no SplittableGame)",
                    G::NAME
                ),
                instead: format!(
                    "count the rare wins in whole rounds: `sim {}` (its top awards' odds)",
                    G::NAME
                ),
            }),
        }
    }

    fn require_split(&self) -> Result<(), FaceError> {
        match self.split {
            Some(_) => Ok(()),
            None => Err(self.no_split()),
        }
    }

    fn certify_method(&self, whole_rounds: bool) -> Result<CertifyMethod, FaceError> {
        match (whole_rounds, self.exact.is_some(), self.split.is_some()) {
            (true, true, _) => Err(FaceError::NotSupported {
                game: G::NAME,
                what: format!(
                    "--whole-rounds: {} is certified exactly (a fraction computed from the model), without rounds",
                    G::NAME
                ),
                instead: format!("certify it without --whole-rounds: `certify {}`", G::NAME),
            }),
            (true, false, _) | (false, false, false) => Ok(CertifyMethod::WholeRounds),
            (false, true, _) => Ok(CertifyMethod::Exact),
            (false, false, true) => Ok(CertifyMethod::Split),
        }
    }
}

/// `G` on a model, with the RTP it is tuned to: the [`LoadedGame`] of an [`Entry`].
struct Loaded<G> {
    game: G,
    target: TargetRtp,
}

impl<G: Game + Send + 'static> LoadedGame for Loaded<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn fingerprint(&self) -> Fingerprint {
        self.game.fingerprint()
    }

    fn target_rtp(&self) -> TargetRtp {
        self.target
    }

    fn simulate(
        &self,
        mode: &str,
        config: &SimConfig,
        watch: Watch<'_>,
    ) -> Result<Report, FaceError> {
        let mode = mode_named::<G>(mode)?;
        Ok(crate::simulate(&self.game, mode, config, watch)?)
    }

    fn replay(&self, mode: &str, seed: u64, round: u64) -> Result<(Win, EventLog), FaceError> {
        let mode = mode_named::<G>(mode)?;
        let (outcome, log) = replay_game_round(&self.game, mode, seed, round);
        Ok((G::win(&outcome), log))
    }

    fn play_from_grid(
        &self,
        mode: &str,
        grid: &str,
        seed: u64,
        round: u64,
    ) -> Result<(Win, EventLog), FaceError> {
        let mode = mode_named::<G>(mode)?;
        let (win, log) = replay_round(seed, round, |rng, mut rec| {
            self.game.play_from_grid(mode, grid, rng, &mut rec)
        });
        Ok((win?, log))
    }

    fn replay_golden(&self, round: &GoldenRound) -> Result<(u64, String), FaceError> {
        Ok(slot_core::golden::replay(&self.game, round)?)
    }

    fn check_sessions(&self, mode: &str, config: &SessionConfig) -> Result<(), FaceError> {
        crate::session::check::<G>(mode_named::<G>(mode)?, config)?;
        Ok(())
    }

    fn sessions(&self, mode: &str, config: &SessionConfig) -> Result<SessionReport, FaceError> {
        let mode = mode_named::<G>(mode)?;
        crate::session::check::<G>(mode, config)?;
        Ok(crate::session::sessions(&self.game, mode, config)?.0)
    }

    fn replay_rounds(
        &self,
        mode: &str,
        seed: u64,
        rounds: &[u64],
        visit: &mut dyn FnMut(u64, Win, &EventLog),
    ) -> Result<(), FaceError> {
        let mode = mode_named::<G>(mode)?;
        let mut sorted = rounds.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        // The batch under way, its generator and the next round it plays.
        let mut at: Option<(u64, u64, SimRng)> = None;
        for k in sorted {
            let batch = k / BATCH_ROUNDS;
            let (mut next, mut rng) = match at.take() {
                Some((b, next, rng)) if b == batch => (next, rng),
                _ => (batch * BATCH_ROUNDS, batch_rng(seed, batch)),
            };
            while next < k {
                self.game.play_round(mode, &mut rng, &mut NoRecorder);
                next += 1;
            }
            let mut log = EventLog::default();
            let outcome = self.game.play_round(mode, &mut rng, &mut log);
            visit(k, G::win(&outcome), &log);
            at = Some((batch, k + 1, rng));
        }
        Ok(())
    }

    #[cfg(feature = "stake-export")]
    fn export_stake(
        &self,
        request: &crate::export::ExportRequest<'_>,
    ) -> Result<crate::export::ExportSummary, crate::export::ExportError> {
        crate::export::export_stake(&self.game, request)
    }
}

/// Code generic over a [`SplitGame`], run for a game chosen by name: a registry's
/// `visit_split` calls [`SplitVisitor::visit`] with the game's type if it is a [`SplitGame`].
/// (Code generic over any [`Game`] is run through the registry's `with_game!`.)
pub trait SplitVisitor {
    /// What the visit gives.
    type Output;
    /// Runs the code for the game type `G`.
    fn visit<G: SplitGame + Send + 'static>(self) -> Self::Output;
}

/// How a registry calls a [`SplitVisitor`] only for its games that are a [`SplitGame`],
/// chosen at compile time for each concrete game type (method resolution prefers
/// [`dispatch::IsSplit`], implemented for `Probe<G>` when `G: SplitGame`, over
/// [`dispatch::NotSplit`], implemented for `&Probe<G>`, for every `G`): no `match` over
/// capabilities, no run-time cost. Not for use outside a registry.
#[doc(hidden)]
pub mod dispatch {
    use super::SplitVisitor;
    use slot_core::game::SplitGame;
    use std::marker::PhantomData;

    /// A game type, as a value to resolve methods on.
    pub struct Probe<G>(PhantomData<fn() -> G>);

    impl<G> Probe<G> {
        /// The probe of `G`.
        #[must_use]
        pub const fn new() -> Self {
            Probe(PhantomData)
        }
    }

    impl<G> Default for Probe<G> {
        fn default() -> Self {
            Self::new()
        }
    }

    /// Chosen when `G` is a [`SplitGame`]: the visit happens.
    pub trait IsSplit {
        /// `Some` of the visit.
        fn visit_split<V: SplitVisitor>(&self, visitor: V) -> Option<V::Output>;
    }

    impl<G: SplitGame + Send + 'static> IsSplit for Probe<G> {
        fn visit_split<V: SplitVisitor>(&self, visitor: V) -> Option<V::Output> {
            Some(visitor.visit::<G>())
        }
    }

    /// Chosen otherwise: `None`.
    pub trait NotSplit {
        /// `None`.
        fn visit_split<V: SplitVisitor>(&self, visitor: V) -> Option<V::Output>;
    }

    impl<G> NotSplit for &Probe<G> {
        fn visit_split<V: SplitVisitor>(&self, _: V) -> Option<V::Output> {
            None
        }
    }
}
