//! The one interface every game implements: [`Game`].
//!
//! A game is a math model made playable: [`Game::new`] checks a model and builds the game from
//! it, [`Game::play_round`] plays one round in a mode (Moon Princess's free-spin pick,
//! Starlight Christmas's bet mode, Wish Upon a Star's single mode) with any generator,
//! reporting the round's events to a recorder, and [`Game::summary`] turns the round's outcome
//! into the integer record statistics are built from. The associated constants are the game's
//! facts: its names, its modes and their stakes, its cap, the names of its RTP sources,
//! features and top awards, its published target RTP and its ladder of RTP variants
//! ([`Game::VARIANTS`], [`crate::variant`]).
//!
//! Everything beyond one round (simulation, reports, shards, merges, split estimates,
//! goodness of fit, PAR files) is written once, generically over this trait, in the
//! simulation library (`slot-sim`), so a fourth game that implements [`Game`] gets all of it
//! with no new simulation code.
//!
//! What a game's random inputs are, for the goodness-of-fit test of a simulation, is also the
//! game's own knowledge: [`Game::random_inputs`] lists them with their weights in the math
//! model, and [`Game::random_outcomes`] reads one round's draws from its event log, in the
//! order the round drew them ([`Game::count_random_inputs`] counts them). Both have defaults
//! that list nothing, so a game without them still simulates.

use crate::events::EventLog;
use crate::evidence::{Evidence, ModeEvidence};
use crate::fingerprint::Fingerprint;
use crate::money::{BetLadder, Cap, Win};
use crate::recorder::Recorder;
use crate::summary::RoundSummary;
use crate::variant::{Variant, VariantChoiceError};
use rand_core::Rng;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt::Debug;

pub use crate::evidence::{CertifiedOdds, CertifiedRtp};
pub use crate::variant::TargetRtp;

/// One random input of a game, as the goodness-of-fit test sees it: a name and the weight of
/// each outcome in the math model (outcome `i` is drawn with probability `weights[i] / sum`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomInput {
    /// What is drawn, in words ("base game set 0 reel 3 stops").
    pub name: String,
    /// The weight of each outcome, by index.
    pub weights: Vec<u64>,
}

impl RandomInput {
    /// An input whose outcomes have these weights.
    pub fn new(name: impl Into<String>, weights: Vec<u64>) -> Self {
        RandomInput {
            name: name.into(),
            weights,
        }
    }

    /// An input of `n` equally likely outcomes (a uniform reel stop).
    pub fn uniform(name: impl Into<String>, n: usize) -> Self {
        RandomInput::new(name, vec![1; n])
    }
}

/// How a grid is evaluated alone ([`Game::evaluate_grid_text`], the runner's `eval`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvalOptions {
    /// Evaluate the grid as a free spin (Moon Princess: a free spin's tumble sequence; Wish
    /// Upon a Star: wins doubled). Not every game has it.
    pub free_spin: bool,
    /// The multiplier the sequence starts with (Moon Princess, 1 to 20). Signed, so that any
    /// number a user types is refused by the game's own rule.
    pub multiplier: Option<i64>,
}

/// One win of a grid evaluated alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridWin {
    /// The symbol's cell code, or the pay class (`princess` for Moon Princess's any mix of
    /// princesses), as in the event log.
    pub symbol: String,
    /// The symbol's or class's name as the rules write it ("Circle", "any princess").
    pub name: String,
    /// Its cells as `[row, col]`, 0-based from the top-left.
    pub cells: Vec<[usize; 2]>,
    /// Cells, line length or reels, as the game counts the win.
    pub count: u32,
    /// The multiplier applied.
    pub multiplier: u64,
    /// The win, hundredths of the bet (multiplied).
    pub win: Win,
}

/// A grid evaluated alone: its wins, their total before and after the cap, and what else the
/// game reads from the grid (feature triggers, counts), by name.
#[derive(Clone, Debug, PartialEq)]
pub struct GridReport {
    /// The wins, in the game's order.
    pub wins: Vec<GridWin>,
    /// Their total, hundredths of the bet, before the cap.
    pub total: Win,
    /// What a round would pay for it: `total`, at most the cap.
    pub paid: Win,
    /// The game's other readings of the grid (`free_spins_triggered`, `scatters`, ...): JSON
    /// values, money in x bet.
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// A grid that cannot be evaluated as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// The grid text is not a grid of the game (the message names the row, cell or code).
    #[error("{0}")]
    Grid(String),
    /// An option the game does not take.
    #[error("{option} is not an option of {game}; it is for {allowed_for}")]
    Option {
        /// The option (`free spin`, `multiplier`), as the runner names it (`--free-spins`).
        option: &'static str,
        /// The game.
        game: &'static str,
        /// The games that take it.
        allowed_for: &'static str,
    },
    /// The game cannot play a round from a given grid ([`Game::play_from_grid`]).
    #[error("{game} cannot play a round from a given grid")]
    NoGridPlay {
        /// The game.
        game: &'static str,
    },
    /// An option's value is outside what the rules allow (names the range).
    #[error("{option}: {message}")]
    Value {
        /// The option.
        option: &'static str,
        /// What is wrong and what is allowed.
        message: String,
    },
}

/// A slot game: its facts, its math model, and one round.
///
/// Implemented by `moon_princess::MoonPrincess`, `wish_upon_a_star::WishUponAStar` and
/// `starlight_christmas::StarlightChristmas`. Every method is a pure function of its inputs
/// (a round: of the model, the mode and the generator's state) and none panics.
///
/// Money is in hundredths of the paytable's bet (the base bet): `100` is 1.00 x bet.
pub trait Game: Sized + Sync {
    /// The game's modes: what a player or an operator chooses before the round that changes
    /// its play or its stake (Moon Princess: the free-spin pick; Starlight Christmas: the bet
    /// mode, standard or ante; Wish Upon a Star: one mode).
    type Mode: Copy + Eq + Debug + Send + Sync + 'static;
    /// A finished round (its win, its parts, its features).
    type Outcome;
    /// The math model: data, written and read as JSON (a model file).
    type Model: Clone + Debug + Serialize + DeserializeOwned;
    /// Why a math model was refused.
    type ModelError: std::error::Error + Send + Sync + 'static;

    /// The command-line name (`moon-princess`).
    const NAME: &'static str;
    /// The name a player reads (`Moon Princess`).
    const TITLE: &'static str;
    /// Every mode, the default first.
    const MODES: &'static [Self::Mode];
    /// True if a mode is a choice the player makes during the round (Moon Princess's
    /// free-spin pick) rather than before it; reports then name the mode as the round's pick.
    const MODE_IS_PICK: bool = false;
    /// The bets a round may be played at (the paytable's bet: the base bet with an ante),
    /// in cents; on it every win is a whole number of cents.
    const BET_LADDER: BetLadder;
    /// The cap on a round's win, or `None` for an uncapped game.
    const CAP: Option<Cap>;
    /// The names of the RTP sources, by index of [`RoundSummary::by_source`].
    const SOURCES: &'static [&'static str];
    /// The names of the features, by index of [`RoundSummary::feature_triggers`].
    const FEATURES: &'static [&'static str];
    /// The names of the top awards counted, by index of [`RoundSummary::awards`] (a capped
    /// game's cap is counted apart, by [`RoundSummary::capped`]).
    const AWARDS: &'static [&'static str];
    /// The names of the math models the game ships, the published one (`standard`) first
    /// ([`Game::named_model`]).
    const MODEL_NAMES: &'static [&'static str];
    /// Pairs (feature, source) of indices whose wins are the same money in every round (Moon
    /// Princess's free-spin feature and free-spin source): reports whose sums differ there
    /// are refused. Empty by default.
    const FEATURE_SOURCES: &'static [(usize, usize)] = &[];
    /// Whether the game's spins cascade: winning symbols leave the grid and others fall in,
    /// each step an [`crate::events::Event::Tumble`], so a spin has a cascade length and a
    /// win a tumble depth. `false` (the default) for a game whose spin is one landing; the
    /// PAR files hold the cascade tables and plot only for a game that cascades.
    const CASCADES: bool = false;
    /// The game's cell codes, as the grid text of [`Game::evaluate_grid_text`] and
    /// [`Game::play_from_grid`] writes them, with each symbol's name (one or two lines of
    /// text, shown by the runner's `eval --help`). Empty by default.
    const CELL_CODES: &'static str = "";
    /// What the game offers that markets restrict (a feature buy, jackpots, a gamble), as
    /// [`crate::offers::Offers`]; `None` (the default): not stated, so a market rule on
    /// these is judged "undecided", never "allowed".
    const OFFERS: Option<crate::offers::Offers> = None;

    /// The mode's name, as on the command line and in reports (`love`, `ante`, `standard`).
    fn mode_name(mode: Self::Mode) -> &'static str;

    /// The mode called `name`, if the game has one.
    fn mode_named(name: &str) -> Option<Self::Mode> {
        Self::MODES
            .iter()
            .copied()
            .find(|&m| Self::mode_name(m) == name)
    }

    /// The stake of a round in the mode, in hundredths of the paytable's bet (100; Starlight
    /// Christmas's ante bet: 125).
    fn cost(mode: Self::Mode) -> u64;

    /// The RTP the published variant is tuned to in the mode (the model called `standard`):
    /// the figure of the game's published rule sheet.
    fn published_rtp(mode: Self::Mode) -> TargetRtp;

    /// The RTP ladder: every variant the game ships, highest RTP first, each with the name of
    /// its model (one of [`Game::MODEL_NAMES`]); the published variant is `standard`. Empty
    /// (the default) for a game that ships one model.
    const VARIANTS: &'static [Variant] = &[];

    /// The shipped variant tuned to `rtp`, if the ladder has one.
    fn variant_at(rtp: TargetRtp) -> Option<Variant> {
        Self::VARIANTS.iter().copied().find(|v| v.rtp == rtp)
    }

    /// The variant of the ladder whose model has this fingerprint, `None` for any other
    /// model (a stress model, a model file).
    fn variant_of(fingerprint: &Fingerprint) -> Option<Variant> {
        Self::VARIANTS.iter().copied().find(|v| {
            Self::named_model(v.model).is_some_and(|m| Fingerprint::of(&m) == *fingerprint)
        })
    }

    /// The variant of the ladder this game's model is ([`Game::variant_of`] its
    /// fingerprint), `None` for any other model.
    fn variant(&self) -> Option<Variant> {
        Self::variant_of(&self.fingerprint())
    }

    /// The game on the shipped variant of its RTP ladder tuned to `rtp`, written as a
    /// percentage (`"94.00"`, `"94.5 %"`): one call, `MoonPrincess::at_rtp("94.00")?` (with
    /// `slot_core::Game` in scope).
    ///
    /// # Errors
    /// [`VariantChoiceError`]: a text that is no RTP, an RTP the ladder does not have (naming
    /// the ladder; a game without a ladder ships only its published model), a shipped model the
    /// game refuses (a fault of the game crate).
    fn at_rtp(rtp: &str) -> Result<Self, VariantChoiceError> {
        let rtp: TargetRtp = rtp.parse()?;
        let variant = Self::variant_at(rtp).ok_or_else(|| VariantChoiceError::NotOnLadder {
            game: Self::NAME,
            rtp,
            ladder: if Self::VARIANTS.is_empty() {
                "empty (the game ships one model, `standard`)".into()
            } else {
                let rungs: Vec<String> = Self::VARIANTS.iter().map(|v| v.rtp.to_string()).collect();
                rungs.join(", ")
            },
        })?;
        let fault = |message: String| VariantChoiceError::Model {
            game: Self::NAME,
            rtp,
            message,
        };
        let model = Self::named_model(variant.model)
            .ok_or_else(|| fault(format!("no shipped model called {}", variant.model)))?;
        Self::new(&model).map_err(|e| fault(e.to_string()))
    }

    /// The RTP this game's model is tuned to in the mode: its variant's ([`Game::variant`]);
    /// for a model off the ladder, the published RTP ([`Game::published_rtp`]) unless the
    /// caller knows better (a variant file names its own target).
    fn target_rtp(&self, mode: Self::Mode) -> TargetRtp {
        self.variant()
            .map_or_else(|| Self::published_rtp(mode), |v| v.rtp)
    }

    /// The shipped model called `name` (one of [`Game::MODEL_NAMES`]), `None` for another name.
    fn named_model(name: &str) -> Option<Self::Model>;

    /// The game played on `model`.
    ///
    /// # Errors
    /// A model the rules cannot play (an empty strip, a zero total weight, a free-spin feature
    /// that would not end, ...), naming what is wrong.
    fn new(model: &Self::Model) -> Result<Self, Self::ModelError>;

    /// The SHA-256 fingerprint of the game's math model (its canonical JSON form).
    fn fingerprint(&self) -> Fingerprint;

    /// Plays one round in `mode` with generator `rng`, reporting its events to `rec` (the
    /// `paid` amounts of the events add up to the round's win). Moon Princess plays the mode's
    /// pick when the free spins trigger.
    fn play_round<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        mode: Self::Mode,
        rng: &mut R,
        rec: &mut Rec,
    ) -> Self::Outcome;

    /// A finished round's win, hundredths of the bet (after the cap).
    fn win(outcome: &Self::Outcome) -> Win;

    /// The integer record of a finished round that statistics add up: its win, split by
    /// source, its features, its cap and its top awards.
    fn summary(outcome: &Self::Outcome) -> RoundSummary;

    /// True exactly when the round's [`Game::summary`] is all zeros: it won nothing, triggered
    /// no feature, brought no top award and did not reach the cap. The simulator counts such a
    /// round without building its summary. The default builds the summary and looks; a game
    /// overrides it with a cheaper test of its own outcome (each game tests the two agree).
    #[inline]
    fn is_blank(outcome: &Self::Outcome) -> bool {
        Self::summary(outcome) == RoundSummary::default()
    }

    /// Evaluates a grid written in the game's grid text (rows from the top separated by `/`,
    /// cells by spaces, in the game's cell codes) alone, as the rules pay it: no draw, no
    /// feature played. Moon Princess evaluates the grid's whole tumble sequence.
    ///
    /// # Errors
    /// [`EvalError`] for a grid that is not one of the game, or an option it does not take.
    fn evaluate_grid_text(grid: &str, options: EvalOptions) -> Result<GridReport, EvalError>;

    /// Plays a round in `mode` from a given grid (in the game's grid text, as
    /// [`Game::evaluate_grid_text`] reads it) taken as the paid spin's landing, reporting the
    /// events to `rec`; whatever is random after the grid (refills, Star values, respins,
    /// free spins) is drawn from `rng`. Returns the win of what was played, hundredths of the
    /// bet. What `play --grid` and the round viewer show. Never called by a simulation.
    ///
    /// # Errors
    /// [`EvalError::Grid`] for a grid that is not one of the game; [`EvalError::NoGridPlay`]
    /// (the default) for a game that cannot play a given grid.
    fn play_from_grid<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        mode: Self::Mode,
        grid: &str,
        rng: &mut R,
        rec: &mut Rec,
    ) -> Result<Win, EvalError> {
        let _ = (mode, grid, rng, rec);
        Err(EvalError::NoGridPlay { game: Self::NAME })
    }

    /// The exact odds of the top awards of this game's model, as (award name, rounds per
    /// award), where the game computes them exactly; `None` (the default) where it does not.
    fn exact_award_odds(&self) -> Option<Vec<(&'static str, f64)>> {
        None
    }

    /// The mode's RTP computed exactly from the model (a fraction of the stake), where the
    /// game computes it; `None` (the default) where only a simulation gives it.
    fn exact_rtp(&self, mode: Self::Mode) -> Option<f64> {
        let _ = mode;
        None
    }

    /// The standard deviation of a round's win in the mode (x the stake) computed exactly
    /// from the model, where the game computes it; `None` (the default) where only a
    /// simulation or the game's evidence gives it. With [`Game::exact_rtp`], what live-RTP
    /// monitoring judges a stake level against when the game states no evidence of the
    /// model (`slot_sim::evidence::certified`).
    fn exact_sd(&self, mode: Self::Mode) -> Option<f64> {
        let _ = mode;
        None
    }

    /// The certification evidence the game states for the variants of its ladder
    /// ([`Evidence`]: certified RTPs, their records, the sd's source, the award odds); the
    /// default states none.
    fn evidence() -> &'static Evidence {
        &Evidence::NONE
    }

    /// The evidence of the mode in the variant this game plays ([`Game::evidence`]), `None`
    /// for a model off the ladder or a mode without evidence.
    fn mode_evidence(&self, mode: Self::Mode) -> Option<&'static ModeEvidence> {
        Self::evidence()
            .variant(self.variant()?.model)?
            .mode(Self::mode_name(mode))
    }

    /// The committed certification figure of the mode's RTP ([`CertifiedRtp`]) when this
    /// game runs a model of its ladder that has evidence, read from [`Game::evidence`];
    /// `None` for any other model.
    fn certified_rtp(&self, mode: Self::Mode) -> Option<CertifiedRtp> {
        self.mode_evidence(mode).map(ModeEvidence::certified)
    }

    /// The committed odds of the mode's top awards ([`CertifiedOdds`]) when this game runs
    /// a model of its ladder that has evidence, read from [`Game::evidence`]; empty for any
    /// other model.
    fn certified_award_odds(&self, mode: Self::Mode) -> Vec<CertifiedOdds> {
        self.mode_evidence(mode)
            .map_or_else(Vec::new, |e| e.odds.iter().map(|o| o.certified()).collect())
    }

    /// The random inputs a round in `mode` draws, each with its weights in the math model,
    /// in the order [`Game::count_random_inputs`] counts them. The default lists none.
    fn random_inputs(&self, mode: Self::Mode) -> Vec<RandomInput> {
        let _ = mode;
        Vec::new()
    }

    /// One round's scaled random outcomes, read from its event log, in the order the round
    /// drew them: each is (input, outcome), an index into [`Game::random_inputs`] and an
    /// index into that input's weights. The one reading of a log per game: the
    /// goodness-of-fit counts ([`Game::count_random_inputs`]) and the lab kit's outcome list
    /// both come from it. The default lists none.
    fn random_outcomes(&self, mode: Self::Mode, log: &EventLog) -> Vec<(usize, usize)> {
        let _ = (mode, log);
        Vec::new()
    }

    /// Adds one round's draws, read from its event log, to `counts` (one vector per input of
    /// [`Game::random_inputs`], of the same lengths as their weights): each outcome of
    /// [`Game::random_outcomes`] once (an index out of range is ignored).
    fn count_random_inputs(&self, mode: Self::Mode, log: &EventLog, counts: &mut [Vec<u64>]) {
        for (input, outcome) in self.random_outcomes(mode, log) {
            if let Some(c) = counts.get_mut(input).and_then(|c| c.get_mut(outcome)) {
                *c += 1;
            }
        }
    }
}

/// What a base game of a [`SplitGame`] ended with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BaseGame {
    /// The base game's win, hundredths of the bet (after the cap).
    pub win: u64,
    /// The base game triggered the feature (to be played after it, in the mode chosen).
    pub triggered: bool,
    /// The base game's win reached the cap (the round ends there, nothing is triggered).
    pub capped: bool,
}

/// A game whose round is a base game that, at most once, triggers a feature played in full
/// after it and independent of it. Its RTP in a mode is then `(B + q V) / stake` (B the base
/// game's mean win, q the trigger rate, V the mean feature value), and the simulation
/// library's split estimate measures B and q on base games and V by playing features alone.
///
/// Either the mode changes only the feature (Moon Princess: the free spins of the pick; the
/// base games then serve every mode) or it changes only the base game (Starlight Christmas:
/// the ante bet's base game and stake; [`SplitGame::BASE_BY_MODE`]; a split estimate then
/// measures one mode at a time).
pub trait SplitGame: Game {
    /// True if the mode changes the base game (and its stake) rather than the feature; false
    /// (the default) if the base games are the same in every mode.
    const BASE_BY_MODE: bool = false;

    /// Plays the base game of a round in `mode`: the same draws as the start of
    /// [`Game::play_round`], up to the moment the feature would start.
    fn play_base_game<R: Rng + ?Sized>(&self, mode: Self::Mode, rng: &mut R) -> BaseGame;

    /// Plays the feature of `mode` alone, as after a base game that won nothing (capped on
    /// its own).
    fn play_feature<R: Rng + ?Sized>(&self, mode: Self::Mode, rng: &mut R) -> Self::Outcome;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_rtps_read_as_percent_and_fraction() {
        assert_eq!(TargetRtp(9451).to_string(), "94.51 %");
        assert_eq!(TargetRtp(9605).to_string(), "96.05 %");
        assert!((TargetRtp(9550).fraction() - 0.955).abs() < 1e-12);
    }

    #[test]
    fn uniform_inputs_weigh_every_outcome_alike() {
        let i = RandomInput::uniform("stops", 3);
        assert_eq!(i.weights, vec![1, 1, 1]);
        assert_eq!(i.name, "stops");
    }
}
