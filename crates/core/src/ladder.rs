//! The knobs a game's RTP ladder moves, as the game states them for a tuner: two integer
//! knobs of its base game, one integer knob of each mode's feature, and the design rule that
//! says how the RTP's move is shared between them ([`LadderGame`], [`LadderRule`]).
//!
//! The game says what its knobs are and how they map into its model; the search itself is
//! written once over this trait in the simulation library (`slot_sim::ladder`), which a
//! game does not depend on. Moon Princess implements it (its random power's chance and
//! clearing reel set's weight, and each pick's rich free-spin reel set's weight).

use crate::game::SplitGame;
use crate::variant::KnobValue;

/// The constants of a ladder's design rule: how much of the RTP's move the base game takes,
/// how its two knobs are searched, and how each feature knob is searched.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LadderRule {
    /// The share of the RTP's relative move the base game takes: its RTP is the published
    /// one's times `1 + base_share_of_move (R / R0 - 1)` for a target `R` and published `R0`.
    pub base_share_of_move: f64,
    /// The first step of each base knob (the Jacobian's steps, knob units).
    pub base_steps: [i64; 2],
    /// The inclusive range of each base knob (knob units).
    pub base_ranges: [(i64, i64); 2],
    /// The base game's RTP tolerance (a fraction of the stake).
    pub rtp_tolerance: f64,
    /// The trigger rate's relative tolerance.
    pub trigger_tolerance: f64,
    /// Base games per candidate of the base knobs' search, at most (paired rounds).
    pub base_search_games: u64,
    /// Rounds per mode of the shape's whole-round runs, at most.
    pub shape_rounds: u64,
    /// The largest value of a feature knob (its smallest is 0).
    pub feature_knob_max: u32,
    /// The feature's mean value with its knob at 0, as a share of its value at the
    /// published knob (a measured guess that sets the search's second candidate).
    pub feature_value_at_zero: f64,
    /// Features alone per candidate of a feature knob's search: the rounds divided by this.
    pub features_divisor: u64,
    /// The fewest features alone per candidate.
    pub min_features: u64,
    /// XOR-ed into the seed for the features alone (so that they are not the base games'
    /// generators).
    pub feature_seed_salt: u64,
    /// The names of the two base knobs and their units, as a tuner prints them
    /// (`"random power of 10000"`).
    pub base_knob_names: [&'static str; 2],
    /// The name of the feature knob as a tuner prints it (`"rich weight"`).
    pub feature_knob_name: &'static str,
    /// How a variant is tuned, in words, for its file.
    pub method: &'static str,
}

/// A game whose RTP ladder is tuned by two knobs of its base game and one knob of each
/// mode's feature, everything else being the published model.
///
/// The functions are pure maps between knobs and models; none plays a round.
pub trait LadderGame: SplitGame {
    /// The ladder's knobs of a model (the base knobs and one feature knob per mode).
    type Knobs: Clone + std::fmt::Debug;

    /// The design rule's constants.
    const RULE: LadderRule;

    /// The mode whose base games the base knobs are measured on (any, for a game whose
    /// mode does not change its base game).
    const BASE_MODE: Self::Mode;

    /// The published model's knobs.
    fn published_knobs() -> Self::Knobs;

    /// The two base knobs of `k`.
    fn base_knobs(k: &Self::Knobs) -> [u32; 2];

    /// `k` with its two base knobs set to `base` (not checked: [`LadderGame::model_with`]
    /// checks).
    fn with_base_knobs(k: &Self::Knobs, base: [u32; 2]) -> Self::Knobs;

    /// `k` with `mode`'s feature knob set to `value` (not checked).
    fn with_feature_knob(k: &Self::Knobs, mode: Self::Mode, value: u32) -> Self::Knobs;

    /// The published model with the knobs `k`.
    ///
    /// # Errors
    /// The game's model error for a knob out of its range (naming the knob and the range).
    fn model_with(k: &Self::Knobs) -> Result<Self::Model, Self::ModelError>;

    /// `mode`'s feature knob in any model (0 if the model has no such setting).
    fn feature_knob_of(model: &Self::Model, mode: Self::Mode) -> u32;

    /// Any model with `mode`'s feature knob set to `value`, the rest of the model as it is.
    fn model_with_feature_knob(model: &Self::Model, mode: Self::Mode, value: u32) -> Self::Model;

    /// The knobs of a variant beside the published ones, named for its file.
    fn knob_values(published: &Self::Knobs, tuned: &Self::Knobs) -> Vec<KnobValue>;
}
