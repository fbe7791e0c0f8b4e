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
//! (paired comparison). The certification figures are in [`crate::evidence::EVIDENCE`].
//!
//! # The RTP ladder
//! The other variants of the published ladder (96.50, 91.49, 87.50 and 84.50 %) are the
//! published model with five knobs set ([`LadderKnobs`], [`MathModel::with_knobs`]); strips,
//! paytable and rules are the published ones. Each file in `variants/` ([`VARIANT_FILES`])
//! holds the model, its target and how the tuner made it (`cargo xtask tune moon-princess
//! --target-rtp R --rounds 1000000000 --seed 20261901 --out FILE`):
//!
//! 1. **Base game.** The random power's chance (of 10,000) and the clearing reel set's weight
//!    (of 10,000) are solved together, by Newton steps on 2e7 base games per candidate (each
//!    round from a generator of its own, so every candidate plays the same rounds), so that
//!    the base game's RTP is the published one's times `1 + (R / 94.51 % - 1) / 2` and the
//!    free spins come as often as in the published model (1 in about 243). The random power
//!    moves the base RTP (it makes wins and clears); the clear weight then brings the
//!    free-spin rate back. The base game takes half of the RTP's relative move because
//!    holding the free-spin share exactly (all of the move in the base game) takes away
//!    nearly every random power at 84.50 %, and with them 2.4 pp of hit frequency (its bound
//!    is 2 pp), while leaving the base game alone moves the free-spin share by 6.8 pp there
//!    (bound 5 pp); half and half keeps both inside (measured at 84.50 %: 1.2 pp and 3.5 pp).
//! 2. **Free spins, per pick.** The rich reel set's weight is searched by secant steps so that
//!    the pick's split estimate B + q V meets the target: B and q from 1e9 base games at the
//!    new base knobs, V from 4e7 features alone per candidate (one seed for every candidate).
//! 3. **Shape.** Hit frequency, free spins per round, sd, free-spin share and the top awards
//!    are measured beside the published model's, 4e7 whole rounds per pick on one seed, and
//!    checked against their bounds; the file keeps them.
//!
//! Each variant is then certified apart ([`crate::evidence::EVIDENCE`]).
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
//! committed as `confirmation/split_3e9_8e7_seed20261303.json` (([`crate::evidence::EVIDENCE`])), and a
//! test of the runner recomputes every figure below from its sums and fails if the model's
//! fingerprint is not the record's.
//!
//! Base game: RTP B = 54.5387 %, free spins 1 in 242.89 (12,351,474 triggers), sd of a
//! base win 2.726 x bet, mean base win of a triggering round 13.36 x bet, no cap in a base game.
//!
//! | pick | RTP | 99 % interval | distance to 94.51 % | mean feature V | sd of V | caps | cap 1 in (rounds) | free-spin share |
//! |---|---|---|---|---|---|---|---|---|
//! | love | 94.5202 % | +- 0.0471 pp | +0.010 pp | 97.110 x | 263.3 | 30 | 6.5e8 | 42.3 % |
//! | star | 94.5105 % | +- 0.0464 pp | +0.000 pp | 97.086 x | 253.9 | 51 | 3.8e8 | 42.3 % |
//! | storm | 94.4931 % | +- 0.0439 pp | -0.017 pp | 97.044 x | 220.2 | 21 | 9.3e8 | 42.3 % |
//!
//! The cap odds (caps per feature x q) are rarer than 1 in 100 million: stated for GLI-11.
//!
//! # The odds of the cap, to a regulator's precision
//! A round caps when its base game and its free spins together reach 5,000 x. The odds each
//! pick states ([`crate::evidence::EVIDENCE`]) come from **multilevel splitting**
//! (`slot_sim::rare`, `cargo xtask tail`, `docs/rare-events.md`): a root round whose free spins
//! start continues as 16 copies of its state, and a copy whose running win passes 78.12,
//! 156.25, 312.5, 625, 1,250 or 2,500 x continues as 4, each copy weighing its share; the
//! estimate is unbiased, its sums exact integers, and each run stopped at a 95 % relative
//! half-width of at most 5 % (records `confirmation/tail/cap-<pick>.json`, seeds 20261501 to
//! 20261503, 25 to 32 CPU seconds each; every variant of the ladder likewise, in
//! `confirmation/tail/rtp-<R>/`):
//!
//! | pick | cap, 1 in (rounds) | 95 % interval, 1 in | effective count | root rounds |
//! |---|---|---|---|---|
//! | love | 4.990e8 | 4.754e8 to 5.251e8 | 1,558.8 | 13.76e6 |
//! | star | 3.623e8 | 3.451e8 to 3.814e8 | 1,543.3 | 10.40e6 |
//! | storm | 6.915e8 | 6.586e8 to 7.279e8 | 1,538.7 | 18.56e6 |
//!
//! The figures stated before came from a second split run, `cargo xtask split moon-princess
//! --rounds 1000000000 --features 200000000 --seed 20261401`, which keeps the triggering base
//! games by their win and each pick's features from half the cap by theirs, each feature
//! counting with the share of triggering base games whose win takes it to the cap: 1 in
//! 4.852e8 (love), 3.279e8 (star), 7.494e8 (storm), on effective counts of 102.2, 150.3 and
//! 66.0 (about +-20 %); each new interval lies inside the old one.
//!
//! Every pick's cap is rarer than 1 in 100 million (GLI-11) and than Ontario's 1 in 17
//! million for a top award. A cap by the base game alone counts in the splitting estimate only
//! as in brute force (a root round capped before its free spins weighs 1; none did). No base
//! game reached the cap alone in the split run's 1e9 (nor in the 3e9 of the certification
//! run); its chance is stated apart, at most 3.7e-9 at 95 % from that run alone, since no
//! count can bound it closer. The base game is far from the cap: the largest base-game win
//! of 1e9 rounds was 434.10 x (300 x or more: 1 in 2.3e7; `examples/base_game_tail.rs`, seed
//! 20261601). The base game's win is the paid spin's plus a chain of independent Trinity
//! spins (each fills the meter again with chance 0.2530); a Trinity spin paid at most 360.20 x
//! in 2.3e7 (`examples/trinity_spin_law.rs`, seed 20261701), its tail falling by a factor of
//! 5.5 from 200 x to 300 x. Extrapolated, the likeliest way to the cap is one Trinity spin of
//! 5,000 x, about once in 2e42 base games: an order of magnitude fourteen times past the
//! largest spin seen, not an estimate (no sampler here reaches that law). It would widen the
//! cap's 95 % intervals by a tenth only above 1.5e-16.
//!
//! The whole-round runs of the same model and the figures the knobs were first tuned with
//! (the draws before 2026-12-02) are kept as history in `confirmation/README.md`.

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
    /// A ladder knob out of its range ([`MathModel::with_knobs`]).
    #[error("{knob} {value} is out of range; allowed: {allowed}")]
    Knob {
        /// Which knob.
        knob: &'static str,
        /// The value given.
        value: u32,
        /// What is allowed.
        allowed: String,
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

/// The game's name in variant files (`Game::NAME`).
const GAME_NAME: &str = "moon-princess";

/// The variants of the RTP ladder besides the published one, highest first, as the tuner
/// wrote them (`cargo xtask tune moon-princess --target-rtp R --rounds 1000000000 --seed
/// 20261901 --out FILE`): each file holds the model, its target and how it was tuned (its
/// five knobs, [`LadderKnobs`], the RTP the tuner found per pick, and its shape beside the
/// published variant's). A test reads each file's target and checks that its model is the
/// published one with its knobs set ([`MathModel::with_knobs`]).
pub const VARIANT_FILES: [(&str, &str); 4] = [
    ("rtp-96.50", include_str!("../variants/rtp-96.50.json")),
    ("rtp-91.49", include_str!("../variants/rtp-91.49.json")),
    ("rtp-87.50", include_str!("../variants/rtp-87.50.json")),
    ("rtp-84.50", include_str!("../variants/rtp-84.50.json")),
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

/// The denominator of [`LadderKnobs::random_power`]: the random power's chance is set in
/// units of 1 / 10,000.
pub const RANDOM_POWER_DENOMINATOR: u32 = 10_000;

/// The knobs a variant of the RTP ladder moves, everything else being the published model
/// ([`MathModel::with_knobs`]). Each knob changes how often something happens, never what it
/// pays: the paytable, the strips and every rule stay the published ones.
///
/// * `random_power` and `clear_weight` move the **base game** (paid and Trinity spins): the
///   random power's chance per paid spin (of [`RANDOM_POWER_DENOMINATOR`]; more powers, more
///   base wins and more clears) and the weight of the clearing reel set (of
///   [`BASE_WEIGHT_TOTAL`]; the quiet set takes the rest; more clears, more free spins). The
///   tuner moves the two together so that the base game's RTP follows the target and the
///   free spins come as often as in the published model.
/// * `rich_weights` move each pick's **free spins** (Love, Star, Storm): the weight of the rich
///   reel set (of [`FREE_WEIGHT_TOTAL`]; the princess set keeps [`FREE_PRINCESS_WEIGHT`], the
///   quiet set takes the rest), which sets the pick's mean feature win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LadderKnobs {
    /// The random power's chance per paid spin, of [`RANDOM_POWER_DENOMINATOR`] (published:
    /// 1,000, one in ten).
    pub random_power: u32,
    /// The weight of the clearing base reel set, of [`BASE_WEIGHT_TOTAL`] (published:
    /// [`BASE_CLEAR_WEIGHT`]).
    pub clear_weight: u32,
    /// The weight of the rich free-spin reel set per pick (Love, Star, Storm), of
    /// [`FREE_WEIGHT_TOTAL`] (published: [`FREE_RICH_WEIGHTS`]).
    pub rich_weights: [u32; 3],
}

impl LadderKnobs {
    /// The published model's knobs.
    pub const PUBLISHED: LadderKnobs = LadderKnobs {
        random_power: RANDOM_POWER_DENOMINATOR / 10,
        clear_weight: BASE_CLEAR_WEIGHT,
        rich_weights: FREE_RICH_WEIGHTS,
    };

    /// The largest rich weight a pick may have: the quiet set keeps a weight of at least 1.
    pub const MAX_RICH_WEIGHT: u32 = FREE_WEIGHT_TOTAL - FREE_PRINCESS_WEIGHT - 1;
}

impl MathModel {
    /// The published model with the ladder's knobs set to `k` ([`LadderKnobs`]); the random
    /// power's chance is written as the reduced fraction `k.random_power / 10,000`, so
    /// [`LadderKnobs::PUBLISHED`] gives exactly [`MathModel::standard`].
    ///
    /// # Errors
    /// [`ModelError::Knob`] naming the knob and its allowed range: a random power above
    /// 10,000, a clear weight of 0 or of [`BASE_WEIGHT_TOTAL`] or more (both base reel sets
    /// keep a weight), a rich weight above [`LadderKnobs::MAX_RICH_WEIGHT`].
    pub fn with_knobs(k: &LadderKnobs) -> Result<MathModel, ModelError> {
        let bad =
            |knob: &'static str, value: u32, (lo, hi, of): (u32, u32, u32)| ModelError::Knob {
                knob,
                value,
                allowed: format!("{lo} to {hi} (of {of})"),
            };
        if k.random_power > RANDOM_POWER_DENOMINATOR {
            return Err(bad(
                "random power",
                k.random_power,
                (0, RANDOM_POWER_DENOMINATOR, RANDOM_POWER_DENOMINATOR),
            ));
        }
        if k.clear_weight == 0 || k.clear_weight >= BASE_WEIGHT_TOTAL {
            return Err(bad(
                "clear weight",
                k.clear_weight,
                (1, BASE_WEIGHT_TOTAL - 1, BASE_WEIGHT_TOTAL),
            ));
        }
        if let Some(&r) = k
            .rich_weights
            .iter()
            .find(|&&r| r > LadderKnobs::MAX_RICH_WEIGHT)
        {
            return Err(bad(
                "rich weight",
                r,
                (0, LadderKnobs::MAX_RICH_WEIGHT, FREE_WEIGHT_TOTAL),
            ));
        }
        let mut m = MathModel::standard();
        m.base[0].weight = BASE_WEIGHT_TOTAL - k.clear_weight;
        m.base[1].weight = k.clear_weight;
        for (sets, &rich) in m.free_spins.iter_mut().zip(&k.rich_weights) {
            sets[0].weight = FREE_WEIGHT_TOTAL - rich - FREE_PRINCESS_WEIGHT;
            sets[1].weight = rich;
        }
        let g = gcd(k.random_power, RANDOM_POWER_DENOMINATOR);
        m.random_power_chance = (k.random_power / g, RANDOM_POWER_DENOMINATOR / g);
        Ok(m)
    }

    /// The ladder's knobs of this model, if it is the published model with its knobs moved
    /// ([`MathModel::with_knobs`]); `None` for any other model.
    pub fn knobs(&self) -> Option<LadderKnobs> {
        let (n, d) = self.random_power_chance;
        if d == 0 || !RANDOM_POWER_DENOMINATOR.is_multiple_of(d) {
            return None;
        }
        let k = LadderKnobs {
            random_power: n.checked_mul(RANDOM_POWER_DENOMINATOR / d)?,
            clear_weight: self.base.get(1)?.weight,
            rich_weights: [0, 1, 2]
                .map(|p| self.free_spins[p].get(1).map_or(u32::MAX, |s| s.weight)),
        };
        (MathModel::with_knobs(&k).ok().as_ref() == Some(self)).then_some(k)
    }
}

/// The greatest common divisor (`gcd(0, d) = d`).
fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
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
    /// The names [`MathModel::named`] knows: the published model (`standard`, 94.51 %), the
    /// other variants of the RTP ladder ([`VARIANT_FILES`]) and the stress models (for tests
    /// and for watching capped rounds, not for play).
    pub const NAMES: [&str; 7] = [
        "standard",
        "rtp-96.50",
        "rtp-91.49",
        "rtp-87.50",
        "rtp-84.50",
        "stress-free-spins",
        "stress-trinity",
    ];

    /// The model called `name` (one of [`MathModel::NAMES`]): `standard` is
    /// [`MathModel::standard`], `rtp-XX.XX` the model of that variant's file
    /// ([`VARIANT_FILES`]), `stress-free-spins` [`MathModel::stress_free_spins`],
    /// `stress-trinity` [`MathModel::stress_trinity`]; `None` for any other name.
    pub fn named(name: &str) -> Option<MathModel> {
        match name {
            "standard" => Some(MathModel::standard()),
            "stress-free-spins" => Some(MathModel::stress_free_spins()),
            "stress-trinity" => Some(MathModel::stress_trinity()),
            _ => {
                let (_, text) = VARIANT_FILES.iter().find(|(n, _)| *n == name)?;
                slot_core::variant::read_variant_file::<MathModel>(GAME_NAME, text)
                    .ok()
                    .map(|f| f.model)
            }
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

#[cfg(test)]
mod knob_tests {
    //! The ladder's knobs: the published knobs give the published model, every knob moves only
    //! its weight or chance, and a knob out of range is refused by name.
    use super::*;

    #[test]
    fn the_published_knobs_give_the_published_model_and_read_back() {
        let m = MathModel::with_knobs(&LadderKnobs::PUBLISHED).unwrap();
        assert_eq!(m, MathModel::standard());
        assert_eq!(m.random_power_chance, (1, 10));
        assert_eq!(MathModel::standard().knobs(), Some(LadderKnobs::PUBLISHED));
        assert_eq!(MathModel::stress_trinity().knobs(), None);
    }

    #[test]
    fn each_knob_moves_its_own_weight_and_nothing_else() {
        let k = LadderKnobs {
            random_power: 513,
            clear_weight: 160,
            rich_weights: [300, 0, 9819],
        };
        let m = MathModel::with_knobs(&k).unwrap();
        let published = MathModel::standard();
        // 513 / 10,000 is already reduced; 515 / 10,000 is written as 103 / 2,000.
        assert_eq!(m.random_power_chance, (513, 10_000));
        let k515 = LadderKnobs {
            random_power: 515,
            ..k
        };
        let m515 = MathModel::with_knobs(&k515).unwrap();
        assert_eq!(m515.random_power_chance, (103, 2_000));
        assert_eq!(m515.knobs(), Some(k515));
        assert_eq!([m.base[0].weight, m.base[1].weight], [10_000 - 160, 160]);
        for (p, &rich) in k.rich_weights.iter().enumerate() {
            let w: Vec<u32> = m.free_spins[p].iter().map(|s| s.weight).collect();
            assert_eq!(w, [10_000 - rich - 180, rich, 180]);
        }
        // Strips, powers and the Star's wilds are the published ones.
        for (a, b) in m.base.iter().zip(&published.base) {
            assert_eq!(a.reels, b.reels);
        }
        for (a, b) in m
            .free_spins
            .iter()
            .flatten()
            .zip(published.free_spins.iter().flatten())
        {
            assert_eq!(a.reels, b.reels);
        }
        assert_eq!(m.random_power_weights, published.random_power_weights);
        assert_eq!(m.star_wilds_weights, published.star_wilds_weights);
        assert_eq!(m.knobs(), Some(k));
        // 2,500 / 10,000 is written as 1 / 4.
        let quarter = LadderKnobs {
            random_power: 2500,
            ..k
        };
        assert_eq!(
            MathModel::with_knobs(&quarter).unwrap().random_power_chance,
            (1, 4)
        );
        let none = LadderKnobs {
            random_power: 0,
            ..k
        };
        let m0 = MathModel::with_knobs(&none).unwrap();
        assert_eq!(m0.random_power_chance, (0, 1));
        assert_eq!(m0.knobs(), Some(none));
    }

    #[test]
    fn a_knob_out_of_range_is_refused_by_name() {
        let p = LadderKnobs::PUBLISHED;
        for (k, says) in [
            (
                LadderKnobs {
                    random_power: 10_001,
                    ..p
                },
                "random power 10001 is out of range; allowed: 0 to 10000",
            ),
            (
                LadderKnobs {
                    clear_weight: 0,
                    ..p
                },
                "clear weight 0 is out of range",
            ),
            (
                LadderKnobs {
                    clear_weight: 10_000,
                    ..p
                },
                "clear weight 10000 is out of range",
            ),
            (
                LadderKnobs {
                    rich_weights: [1, 9820, 1],
                    ..p
                },
                "rich weight 9820 is out of range; allowed: 0 to 9819",
            ),
        ] {
            let e = MathModel::with_knobs(&k).unwrap_err();
            assert!(e.to_string().contains(says), "{e}");
        }
    }
}
