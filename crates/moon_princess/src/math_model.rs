//! The math model: ALL the data that makes the rules a concrete game (the rules (crate docs),
//! "Math model"). The rules are in code; this file is data.
//!
//! * Landed grids come from **reel sets**: five reel strips (one per column; the window shows
//!   five consecutive positions from the stop down, `slot_core::sampling::ReelStrip`). A spin
//!   first draws a reel set by its integer weight, then a stop per reel. The base game (paid and
//!   Trinity spins) has its reel sets; the free spins have their own per pick (Love, Star, Storm).
//!   Strips never hold a Wild (wilds never land).
//! * The random single power of a paid spin: its chance (numerator / denominator) and the
//!   weights of Love, Star, Storm.
//! * The Star power's weights of 1 and 2 Wilds.
//!
//! Strips are written as text: cell codes (`ci st he be pg pb pr`) separated by spaces,
//! `code*n` for a stack of `n`.
//!
//! # How it was designed and tuned
//! Three reel sets, written below as strips:
//! * **quiet** (`REELS_QUIET`): no symbol repeats within two positions of a strip and no three
//!   princesses follow each other, so no column pays as it lands; the middle reel holds mostly
//!   Hearts and Bells where the outer reels hold mostly Circles and Stars, so rows pay seldom.
//!   It sets the hit frequency, about 30 % (README, "Targets").
//! * **clear** (`REELS_CLEAR`): long stacks of the four low symbols only: cheap wins that often
//!   empty the grid. Its weight in the base game sets the free-spin rate (1 in about 245).
//! * **rich** (`REELS_RICH`): all seven symbols in short stacks: many wins, princess wins and
//!   clears. Its weight in each pick's free spins (`FREE_RICH_WEIGHTS`) is the knob that sets
//!   that pick's mean free-spin value, hence its RTP.
//! * **princess** (`REELS_PRINCESS`): long stacks of the three princesses (a few low symbols
//!   between): grids that pay 50-100 x bet before the multiplier and usually clear. Its small
//!   weight in every pick's free spins (`FREE_PRINCESS_WEIGHT`) carries the top of the win
//!   distribution: without it the free spins never came near the 5,000 x cap (largest of
//!   2 million features: 2,800 x); with it the cap is hit about once in 250,000 features.
//!
//! The quiet, clear and rich strips were drawn once by a seeded generator (chance that a
//! position repeats the one above: 0, 0.85, 0.5; per-reel symbol weights as above) and the
//! princess strips written by hand; all are kept here as data. The base weights were set first (hit frequency, free-spin rate, base RTP
//! about 54 % so that the free spins bring about 43 %). The per-pick knobs are re-tuned with
//! `cargo xtask tune moon-princess [--choice X] --rounds N`, which measures the base RTP B and
//! trigger rate q on N rounds, then solves B + q V(k) = 94.51 % for the knob k by secant steps
//! on the mean feature value V(k), measured on N / 25 features alone with one fixed seed
//! (paired comparison). The certification figures are in [`CONFIRMED`].
//!
//! # Certification figures (the shipped model)
//! Each pick's RTP is certified as a split estimate, RTP = B + q V (the runner's `split`
//! command; the runner library's `split` module gives the method, its delta-method interval
//! and why the cap's effect on it, under 3e-6 pp, can be neglected): B and q from 3e9 base
//! games (paid and Trinity spins, shared by the picks, seed 20261303), V from 8e7 features per
//! pick played alone (seeds 20261304, 20261305, 20261306). Whole rounds would need about 9e9
//! rounds per pick for the same interval; the split needs about a fifth of the machine time.
//! `cargo xtask split moon-princess --rounds 3000000000 --features 80000000 --seed 20261303
//! --out FILE` reproduces the record, integer sums included, on any thread count; it is
//! committed as `confirmation/split_3e9_8e7_seed20261303.json` ([`CONFIRMED_RECORD`]), and a
//! test of the runner recomputes every figure below from its sums and fails if the model's
//! fingerprint is not the record's.
//!
//! Base game: RTP B = 54.5352 %, free spins 1 in 242.80 (12,355,870 triggers), sd of a base
//! win 2.725 x bet, mean base win of a triggering round 13.36 x bet, no cap in a base game.
//!
//! | pick | RTP | 99 % interval | distance to 94.51 % | mean feature V | sd of V | caps | cap 1 in (rounds) | free-spin share |
//! |---|---|---|---|---|---|---|---|---|
//! | love | 94.5309 % | +- 0.0471 pp | +0.021 pp | 97.109 x | 263.4 | 38 | 5.1e8 | 42.3 % |
//! | star | 94.5296 % | +- 0.0464 pp | +0.020 pp | 97.106 x | 253.9 | 49 | 4.0e8 | 42.3 % |
//! | storm | 94.5267 % | +- 0.0439 pp | +0.017 pp | 97.099 x | 220.4 | 29 | 6.7e8 | 42.3 % |
//!
//! The cap odds (caps per feature x q) are rarer than 1 in 100 million: stated for GLI-11.
//!
//! # The odds of the cap, to a regulator's precision
//! A round caps when its base game and its free spins together reach 5,000 x. A second split
//! run, `cargo xtask split moon-princess --rounds 1000000000 --features 200000000 --seed
//! 20261401` ([`CAP_ODDS_RECORD`]), keeps the triggering base games by their win and each
//! pick's features from half the cap by theirs; each feature then counts with the share of
//! triggering base games whose win takes it to the cap (all of them for a feature that capped
//! alone), which gives the probability with no approximation beyond sampling
//! ([`CAP_ODDS`]). The 95 % interval is the exact Poisson interval of the effective count:
//!
//! | pick | cap, 1 in (rounds) | 95 % interval, 1 in | effective count | features capped alone |
//! |---|---|---|---|---|
//! | love | 5.402e8 | 4.400e8 to 6.710e8 | 91.7 | 86 of 2e8 |
//! | star | 3.584e8 | 3.031e8 to 4.268e8 | 138.0 | 127 of 2e8 |
//! | storm | 7.904e8 | 6.166e8 to 1.031e9 | 62.9 | 59 of 2e8 |
//!
//! Every pick's cap is rarer than 1 in 100 million (GLI-11) and than Ontario's 1 in 17
//! million for a top award. No triggering base game won more than half the cap (the largest 425.75 x), so
//! nothing is left out of the sum. No base game reached the cap alone in 1e9 (nor in the
//! 3e9 of the certification run); its chance is stated apart, at most 3.7e-9 at 95 % from
//! this run alone, since no count can bound it closer.
//!
//! # Earlier figures (the same model)
//! Base game (paid and Trinity spins, common to the three picks), 1e9 rounds, seed 20261129:
//! RTP 54.528 % +- 0.022 pp (99 %), free spins 1 in 242.93 (4,116,391 triggers), sd of a
//! round's base win 2.72 x bet, mean base win of a triggering round 13.4 x bet.
//!
//! Free-spin feature alone, 4e7 features per pick, seed 777:
//!
//! | pick | knob | mean feature V | sd | caps | RTP = B + q V | 99 % half-width | free-spin share |
//! |---|---|---|---|---|---|---|---|
//! | love | 341 | 97.154 x | 263.5 | 24 | 94.521 % | 0.075 pp | 42.3 % |
//! | star | 461 | 97.079 x | 253.8 | 21 | 94.490 % | 0.075 pp | 42.3 % |
//! | storm | 548 | 97.131 x | 220.5 | 15 | 94.511 % | 0.072 pp | 42.3 % |
//!
//! Cap (5,000 x) odds per round: love 1 in 4.1e8, star 1 in 4.6e8, storm 1 in 6.5e8 (caps per
//! feature x trigger rate; rarer than 1 in 100 million: GLI-11 disclosure).
//!
//! Whole-round runs (`cargo xtask sim moon-princess --choice X --rounds 300000000 --threads 2`,
//! seed 20261129) for the shape figures:
//!
//! | pick | rounds | RTP | 99 % interval | sd | hit frequency | free spins 1 in | free-spin share | Trinity 1 in | 100 x clear 1 in | caps | rounds/s (2 threads) |
//! |---|---|---|---|---|---|---|---|---|---|---|---|
//! | love | 3e+08 | 94.691 % | [94.416, 94.967] | 18.53 | 32.65 % | 243.0 | 42.4 % | 58.0 | 3602 | 1 | 1.94e+06 |
//! | star | 3e+08 | 94.627 % | [94.359, 94.894] | 18.01 | 32.65 % | 243.0 | 42.4 % | 58.0 | 3390 | 3 | 2.21e+06 |
//! | storm | 3e+08 | 94.445 % | [94.207, 94.683] | 16.00 | 32.65 % | 243.0 | 42.3 % | 58.0 | 2731 | 1 | 2.14e+06 |
//! | love | 1e9 | 94.553 % | [94.402, 94.703] | 18.50 | 32.64 % | 242.9 | 42.3 % | - | 3615 | 1 | 2.18e6 |
//! | star | 1e9 | 94.567 % | [94.421, 94.713] | 17.96 | 32.64 % | 242.8 | 42.3 % | 58.1 | 3385 | 4 | 4.28e6 |
//! | storm | 1e9 | 94.550 % | [94.419, 94.680] | 16.02 | 32.64 % | 242.8 | 42.3 % | 58.1 | 2727 | 2 | 4.19e6 |
//!
//! The star and storm 1e9-round reports are in `crates/moon_princess/confirmation/` (run by
//! the lead on a quiet machine, hence the higher rounds/s). The three 1e9-round runs share a
//! seed, so their base games coincide and their errors are correlated: all three sit about
//! 0.05 pp above 94.51 %. Every 99 % interval holds 94.51 %. Hit frequency 32.6 % (band: about 30 %, one test
//! 31.7 %), free spins 1 in 243 (band 150-300), free-spin share 42.3 % (band 35-50 %), cap
//! reached (band: at least once in 1e9 rounds). Speed: 2.17 million rounds/s on one core
//! (`--threads 1 --rounds 10000000`, machine shared with other jobs).

use serde::{Deserialize, Serialize};
use slot_core::sampling::{ReelStrip, WeightError};

use crate::symbols::Symbol;

/// One reel set: five strips (column 0 first) and its weight among its landing's sets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReelSet {
    /// Integer weight: the set is drawn with probability weight / total of its landing.
    pub weight: u32,
    /// The five strips as text (see the module docs).
    pub reels: [String; 5],
}

/// The data of the game. Read from JSON (a model file) through the same checks as
/// [`crate::MoonPrincess::new`]: unknown fields, bad strips and unusable tables are refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ModelFields")]
pub struct MathModel {
    /// Reel sets of the paid and Trinity spins.
    pub base: Vec<ReelSet>,
    /// Reel sets of the free spins, per pick: Love, Star, Storm.
    pub free_spins: [Vec<ReelSet>; 3],
    /// The random power's chance in a paid spin: (numerator, denominator).
    pub random_power_chance: (u32, u32),
    /// Weights of the random power: Love, Star, Storm.
    pub random_power_weights: [u32; 3],
    /// Weights of the Star power making 1 or 2 Wilds.
    pub star_wilds_weights: [u32; 2],
}

/// The fields of a model file, checked into a [`MathModel`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ModelFields {
    pub(crate) base: Vec<ReelSet>,
    pub(crate) free_spins: [Vec<ReelSet>; 3],
    pub(crate) random_power_chance: (u32, u32),
    pub(crate) random_power_weights: [u32; 3],
    pub(crate) star_wilds_weights: [u32; 2],
}

/// What is wrong with a math model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// A weight table is unusable.
    #[error("{what}: {error}")]
    Weights {
        /// Which table.
        what: &'static str,
        /// Why.
        error: WeightError,
    },
    /// A strip holds a bad code (or a Wild, which never lands).
    #[error(
        "{what}, reel set {set}, reel {reel}: '{token}' is not a strip code; allowed: ci st he be pg pb pr, optionally *n (no Wild: wilds never land)"
    )]
    Strip {
        /// Which landing.
        what: &'static str,
        /// The reel set (0-based).
        set: usize,
        /// The reel (0-based).
        reel: usize,
        /// The bad token.
        token: String,
    },
    /// A strip shorter than the window.
    #[error("{what}, reel set {set}, reel {reel}: a strip needs at least 5 positions")]
    Short {
        /// Which landing.
        what: &'static str,
        /// The reel set.
        set: usize,
        /// The reel.
        reel: usize,
    },
    /// A chance that is not a probability.
    #[error(
        "random power chance {numerator}/{denominator} is not a probability (need 0 <= n <= d, d > 0)"
    )]
    Chance {
        /// Numerator.
        numerator: u32,
        /// Denominator.
        denominator: u32,
    },
}

/// Parses a strip written as text (see the module docs).
pub(crate) fn parse_strip(
    text: &str,
    what: &'static str,
    set: usize,
    reel: usize,
) -> Result<ReelStrip, ModelError> {
    let mut out = vec![];
    for tok in text.split_whitespace() {
        let bad = || ModelError::Strip {
            what,
            set,
            reel,
            token: tok.to_string(),
        };
        let (code, n) = match tok.split_once('*') {
            Some((c, n)) => (c, n.parse::<usize>().map_err(|_| bad())?),
            None => (tok, 1),
        };
        let s = Symbol::from_text(code)
            .filter(|s| *s != Symbol::Wild)
            .ok_or_else(bad)?;
        if n == 0 || n > 1000 {
            return Err(bad());
        }
        out.extend(std::iter::repeat_n(s as u8, n));
    }
    if out.len() < 5 {
        return Err(ModelError::Short { what, set, reel });
    }
    ReelStrip::new(out).map_err(|error| ModelError::Weights { what, error })
}

const REELS_QUIET: [&str; 5] = [
    "ci he st be ci st he pr ci st pg ci he pb pg ci pb st ci be st ci pr st be pg st ci pr be pb st ci pg be ci st he ci st he ci st pb ci be he st ci be st ci pr pg he ci pg be st pg",
    "pr st ci pg pr ci st pb pr he ci st pg pr ci pg st ci pb st be ci pb pr ci he pb pr ci st pr ci pb pr ci st pr pb ci pg st ci be pg st ci be st ci pb be pg st ci pr st pg ci st pg",
    "he be ci he be ci he be ci he be st he be st he be ci he be st he be st he ci be he ci be he ci be he ci be he ci be he st be he ci be he st be he st ci be he st be he ci be he ci",
    "ci st pg ci st pg pr ci pb st ci pg st he ci pb pg ci st pr ci he st be ci he be pg st ci be st pr pg st ci be he st pb ci pr pb be ci st be he pr st ci pb st ci pg st he pb pg st",
    "st pr he ci be st pb ci st pb pr st be ci st pr he st pb pg st he ci st pg ci st be he pr ci st he ci pr st ci be st ci pb pg st ci pb st ci pr pb ci st pg ci st pr ci st pg ci st",
];
const REELS_CLEAR: [&str; 5] = [
    "be ci*13 be*9 he*7 ci be*2 st ci*6 he*3 be*3 he*6 st be*7",
    "ci*2 he*4 ci*6 he be*8 ci*10 st*9 be he*7 ci*5 st*7",
    "ci*5 be st*24 be*13 he*2 st*15",
    "st ci*11 he be*9 st*6 he*4 ci*4 be*11 ci*4 st*3 be*6",
    "be*6 he*2 st*4 ci*4 he*4 be*2 he*2 be*16 ci*20",
];
const REELS_RICH: [&str; 5] = [
    "pb*3 ci*2 pg*2 be ci st be he*2 be*5 pg*2 ci*3 be*3 ci pb pr st*2 pb*2 ci*4 pr pg*3 ci*3 pr pb ci*2 pb*4 ci*3 st pr*2 he pg",
    "pg*3 ci he*4 ci*4 be pb*2 he*3 pb*2 he*2 pr pb be he pb pg*3 st*2 ci pg pb st*2 ci pg be pb*2 st*2 pb*4 ci pr pb ci pr*2 st*2 pb*4",
    "pg he be*2 st pr*2 he st pb*5 be*4 pg*6 be*2 pr*2 be ci pr*2 ci*3 pg pr*4 st*5 pb*4 be*3 ci pg*4 be*2 pr",
    "be pg ci pb*2 st ci pg be*2 he*7 pr be st ci be pg he*3 pr*3 he*2 ci*2 be he*2 ci*3 st*4 pr*2 be*3 st pr pb ci pr he*3 st*2 pr*2",
    "pg pb*2 be*2 ci pb pr*2 be ci he*4 be pb pg be*5 he*4 pb*2 st be*5 pb*3 st he*4 pg ci*2 pb st*5 he*2 st*3 pr*3",
];

/// The odds of the 5,000 x cap of one pick, from the split record [`CAP_ODDS_RECORD`]
/// (`slot_sim::split::SplitRecord::cap_odds`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CapOdds {
    /// The pick.
    pub pick: &'static str,
    /// The seed of the pick's features alone.
    pub seed: u64,
    /// The probability that a round reaches the cap.
    pub probability: f64,
    /// The effective count of cap events it rests on (the 95 % interval is the exact
    /// Poisson interval of this count, rounded down, scaled to the probability).
    pub effective_count: f64,
    /// What the estimate leaves out, at most: triggering base games that won more than half
    /// the cap.
    pub bias_bound: f64,
    /// No base game reached the cap alone: the 95 % upper bound of the chance that one does.
    pub unseen_base_bound: f64,
}

/// The split record the cap's odds ([`CAP_ODDS`]) are computed from, in `confirmation/`:
/// `cargo xtask split moon-princess --rounds 1000000000 --features 200000000 --seed 20261401
/// --out FILE`. It keeps the triggering base games by their win and each pick's features
/// from half the cap by theirs, so that the cap of base win plus feature is counted exactly.
pub const CAP_ODDS_RECORD: &str = "split_1e9_2e8_seed20261401.json";

/// The odds of the cap per pick, from [`CAP_ODDS_RECORD`] (a test of the runner recomputes
/// them from its sums). No triggering base game won more than half the cap (the largest won
/// 425.75 x bet), so nothing is left out; no base game reached the cap alone in 1e9.
pub const CAP_ODDS: [CapOdds; 3] = [
    CapOdds {
        pick: "love",
        seed: 20_261_402,
        probability: 1.851_127_57e-9,
        effective_count: 91.656_166_501_534_74,
        bias_bound: 0.0,
        unseen_base_bound: 3.688_879_453_857_432_7e-9,
    },
    CapOdds {
        pick: "star",
        seed: 20_261_403,
        probability: 2.790_428_86e-9,
        effective_count: 137.989_546_895_867_08,
        bias_bound: 0.0,
        unseen_base_bound: 3.688_879_453_857_432_7e-9,
    },
    CapOdds {
        pick: "storm",
        seed: 20_261_404,
        probability: 1.265_102_345e-9,
        effective_count: 62.858_137_937_314_744,
        bias_bound: 0.0,
        unseen_base_bound: 3.688_879_453_857_432_7e-9,
    },
];

/// A committed confirmation run of one pick: figure, rounds, seed, interval
/// (README, "Certification figures (the shipped models)").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figures {
    /// The pick.
    pub pick: &'static str,
    /// How it was measured.
    pub method: &'static str,
    /// Rounds played (base-game rounds for the split estimate).
    pub rounds: u64,
    /// Free-spin features played alone (split estimate; 0 for whole rounds).
    pub features: u64,
    /// The seed.
    pub seed: u64,
    /// RTP as a fraction.
    pub rtp: f64,
    /// Half-width of its 99 % confidence interval, as a fraction.
    pub half_width_99: f64,
}

/// The certification record (in `crates/moon_princess/confirmation/`) the figures of
/// [`CONFIRMED`] are computed from: `cargo xtask split moon-princess --rounds 3000000000
/// --features 80000000 --seed 20261303 --out FILE`.
pub const CONFIRMED_RECORD: &str = "split_3e9_8e7_seed20261303.json";

/// The certification figures of the shipped model, one per pick (see the module docs): the
/// split estimate RTP = B + q V with its 99 % interval (delta method over the base games'
/// b + V t and the features' V), from [`CONFIRMED_RECORD`].
pub const CONFIRMED: [Figures; 3] = [
    Figures {
        pick: "love",
        method: "split: B + q V; B, q from 3e9 base games (seed 20261303), V from 8e7 features alone (seed 20261304)",
        rounds: 3_000_000_000,
        features: 80_000_000,
        seed: 20_261_303,
        rtp: 0.945_309_217,
        half_width_99: 0.000_471_455,
    },
    Figures {
        pick: "star",
        method: "split: B + q V; B, q from 3e9 base games (seed 20261303), V from 8e7 features alone (seed 20261305)",
        rounds: 3_000_000_000,
        features: 80_000_000,
        seed: 20_261_303,
        rtp: 0.945_296_097,
        half_width_99: 0.000_464_038,
    },
    Figures {
        pick: "storm",
        method: "split: B + q V; B, q from 3e9 base games (seed 20261303), V from 8e7 features alone (seed 20261306)",
        rounds: 3_000_000_000,
        features: 80_000_000,
        seed: 20_261_303,
        rtp: 0.945_267_192,
        half_width_99: 0.000_439_263,
    },
];

const REELS_PRINCESS: [&str; 5] = [
    "pr*8 pb*7 pg*8 ci*2 pr*6 pb*8 he*2 pg*7",
    "pb*8 pg*7 pr*8 he*2 pb*6 pg*8 be*2 pr*7",
    "pg*8 pr*7 pb*8 st*2 pg*6 pr*8 ci*2 pb*7",
    "pr*7 pg*8 pb*7 be*2 pr*8 pg*6 st*2 pb*8",
    "pb*7 pr*8 pg*7 ci*2 pb*8 pr*6 he*2 pg*8",
];

fn set(weight: u32, reels: [&str; 5]) -> ReelSet {
    ReelSet {
        weight,
        reels: reels.map(str::to_string),
    }
}

/// Weight of the quiet base reel set (out of [`BASE_WEIGHT_TOTAL`]).
pub const BASE_QUIET_WEIGHT: u32 = 9855;
/// Weight of the clearing base reel set (out of [`BASE_WEIGHT_TOTAL`]).
pub const BASE_CLEAR_WEIGHT: u32 = 145;
/// Total weight of the base reel sets.
pub const BASE_WEIGHT_TOTAL: u32 = 10_000;
/// Weight of the princess reel set in every pick's free spins (out of [`FREE_WEIGHT_TOTAL`]):
/// rare grids of stacked princesses that make the 5,000 x cap reachable.
pub const FREE_PRINCESS_WEIGHT: u32 = 180;
/// Total weight of each pick's free-spin reel sets.
pub const FREE_WEIGHT_TOTAL: u32 = 10_000;
/// The tuned knob: the weight of the rich reel set in each pick's free spins (Love, Star,
/// Storm), out of [`FREE_WEIGHT_TOTAL`]; the princess set has [`FREE_PRINCESS_WEIGHT`], the
/// quiet set the rest.
pub const FREE_RICH_WEIGHTS: [u32; 3] = [341, 461, 548];

impl MathModel {
    /// The model's fingerprint: SHA-256 of its canonical JSON form
    /// ([`slot_core::fingerprint`]). Any change of the data changes it; reports, stored rounds
    /// and committed figures name the model by it.
    pub fn fingerprint(&self) -> slot_core::fingerprint::Fingerprint {
        slot_core::fingerprint::Fingerprint::of(self)
    }

    /// The shipped model.
    pub fn standard() -> MathModel {
        MathModel {
            base: vec![
                set(BASE_QUIET_WEIGHT, REELS_QUIET),
                set(BASE_CLEAR_WEIGHT, REELS_CLEAR),
            ],
            free_spins: FREE_RICH_WEIGHTS.map(|k| {
                vec![
                    set(FREE_WEIGHT_TOTAL - k - FREE_PRINCESS_WEIGHT, REELS_QUIET),
                    set(k, REELS_RICH),
                    set(FREE_PRINCESS_WEIGHT, REELS_PRINCESS),
                ]
            }),
            random_power_chance: (1, 10),
            random_power_weights: [1, 1, 1],
            star_wilds_weights: [1, 1],
        }
    }
}

impl MathModel {
    /// A stress model for tests and fuzzing, not for play: every base grid comes from the
    /// princess reel set and every paid spin uses a random power, so the princess wins fill
    /// the meter in every spin and Trinity spins follow each other until the cap ends the
    /// round (the cap is reached inside a Trinity spin).
    pub fn stress_trinity() -> MathModel {
        MathModel {
            base: vec![set(1, REELS_PRINCESS)],
            random_power_chance: (1, 1),
            ..MathModel::stress_free_spins()
        }
    }

    /// A stress model for tests and fuzzing, not for play: every base grid comes from the
    /// clearing reel set (free spins in about half of the rounds) and every free spin from the
    /// princess reel set, so the free spins reach the cap in about half of the rounds. (The
    /// cap cannot be reached within a paid spin: it starts at x1 on 25 cells that never
    /// refill and tumbles at most 12 times; the stress runs never saw one above 260 x.)
    pub fn stress_free_spins() -> MathModel {
        let princess = vec![set(1, REELS_PRINCESS)];
        MathModel {
            base: vec![set(1, REELS_CLEAR)],
            free_spins: [princess.clone(), princess.clone(), princess],
            random_power_chance: (1, 1),
            random_power_weights: [1, 1, 1],
            star_wilds_weights: [1, 1],
        }
    }
}

impl MathModel {
    /// The names [`MathModel::named`] knows: the shipped model and the stress models (for
    /// tests and for watching capped rounds, not for play).
    pub const NAMES: [&str; 3] = ["standard", "stress-free-spins", "stress-trinity"];

    /// The model called `name` (one of [`MathModel::NAMES`]): `standard` is
    /// [`MathModel::standard`], `stress-free-spins` [`MathModel::stress_free_spins`],
    /// `stress-trinity` [`MathModel::stress_trinity`]; `None` for any other name.
    pub fn named(name: &str) -> Option<MathModel> {
        match name {
            "standard" => Some(MathModel::standard()),
            "stress-free-spins" => Some(MathModel::stress_free_spins()),
            "stress-trinity" => Some(MathModel::stress_trinity()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod reachability_tests {
    //! Every advertised outcome has a positive weight where the rules allow it, and every stop
    //! of every reel strip can be drawn.
    use super::*;
    use crate::symbols::REGULAR;
    use slot_core::sampling::every_value_drawable;

    /// Every stop of a strip of `n` positions can be drawn ([`ReelStrip::draw_stop`]).
    fn every_stop_drawable(n: usize) -> bool {
        u32::try_from(n).is_ok_and(every_value_drawable)
    }

    #[test]
    fn every_reel_set_every_stop_and_every_power_can_come() {
        let m = MathModel::standard();
        let landings = [
            ("base game", &m.base),
            ("free spins love", &m.free_spins[0]),
            ("free spins star", &m.free_spins[1]),
            ("free spins storm", &m.free_spins[2]),
        ];
        for (what, sets) in landings {
            let mut seen = [false; 7];
            for (si, set) in sets.iter().enumerate() {
                assert!(set.weight > 0, "{what}, reel set {si}: weight 0");
                for (ri, text) in set.reels.iter().enumerate() {
                    let strip = parse_strip(text, what, si, ri).unwrap();
                    assert!(every_stop_drawable(strip.len()), "{what} {si} {ri}");
                    for &s in strip.symbols() {
                        seen[s as usize] = true;
                    }
                }
            }
            // Every regular symbol can land in every landing.
            for s in REGULAR {
                assert!(seen[s as usize], "{what}: {s:?} never lands");
            }
        }
        // The random power: it can come, and each of Love, Star, Storm can be it; the Star
        // power makes 1 or 2 Wilds, both possible.
        let (n, d) = m.random_power_chance;
        assert!(n > 0 && n < d, "random power chance {n}/{d}");
        assert!(m.random_power_weights.iter().all(|&w| w > 0));
        assert!(m.star_wilds_weights.iter().all(|&w| w > 0));
    }
}
