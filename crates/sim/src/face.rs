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
//! Modes are named as in reports and on the command line (`love`, `ante`, `standard`);
//! money is in hundredths of the paytable's bet, as everywhere.
//!
//! The hot paths stay monomorphised: [`LoadedGame::simulate`] is one virtual call per run,
//! which then runs [`crate::simulate`] for the concrete game type; no round goes through a
//! virtual call, allocates, or does more work than through the generic path.

use crate::facts::GameFacts;
use crate::models::{ModelChoiceError, choose};
use crate::{Report, SimConfig, SimError, Watch};
use slot_core::Game;
use slot_core::events::EventLog;
use slot_core::fingerprint::Fingerprint;
use slot_core::game::{EvalError, EvalOptions, GridReport, TargetRtp};
use slot_core::money::Win;
use slot_core::replay::{replay_game_round, replay_round};
use std::marker::PhantomData;

/// Why a call through the face did not happen. Every variant names what was wrong and what
/// is allowed.
#[derive(Debug, thiserror::Error)]
pub enum FaceError {
    /// A mode the game does not have.
    #[error("{game} has no mode '{mode}'; its modes are {modes}")]
    UnknownMode {
        /// The game.
        game: &'static str,
        /// The mode asked for.
        mode: String,
        /// The game's modes, comma-separated.
        modes: String,
    },
    /// The model could not be chosen or was refused ([`crate::models::choose`]).
    #[error(transparent)]
    Model(#[from] ModelChoiceError),
    /// The simulation did not run ([`crate::simulate`]).
    #[error(transparent)]
    Sim(#[from] SimError),
    /// A grid could not be evaluated or played.
    #[error(transparent)]
    Eval(#[from] EvalError),
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
}

/// The [`GameEntry`] of a game type `G`: what a registry lists for it. Holds only the two
/// facts that are the repository's rather than the game's (its golden file and the default
/// rounds of a simulation), so that entries are built in constants.
pub struct Entry<G> {
    default_rounds: u64,
    golden_file: Option<&'static str>,
    game: PhantomData<fn() -> G>,
}

impl<G> Entry<G> {
    /// The entry of `G`, whose simulations play `default_rounds` rounds when none are asked
    /// for, without a golden file.
    pub const fn new(default_rounds: u64) -> Self {
        Entry {
            default_rounds,
            golden_file: None,
            game: PhantomData,
        }
    }

    /// This entry with its golden vectors in `path` (from the workspace root).
    #[must_use]
    pub const fn with_golden_file(mut self, path: &'static str) -> Self {
        self.golden_file = Some(path);
        self
    }
}

/// The mode of `G` called `name`.
///
/// # Errors
/// [`FaceError::UnknownMode`], naming the game's modes.
pub fn mode_named<G: Game>(name: &str) -> Result<G::Mode, FaceError> {
    G::mode_named(name).ok_or_else(|| FaceError::UnknownMode {
        game: G::NAME,
        mode: name.chars().take(80).collect(),
        modes: G::MODES
            .iter()
            .map(|&m| G::mode_name(m))
            .collect::<Vec<_>>()
            .join(", "),
    })
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
        let (model, rtp) = match source {
            ModelSource::Published => (None, None),
            ModelSource::Named(name) => (Some(name), None),
            ModelSource::Rtp(rtp) => (None, Some(rtp)),
        };
        let (game, target) = choose::<G>(model, rtp)?;
        Ok(Box::new(Loaded { game, target }))
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
}
