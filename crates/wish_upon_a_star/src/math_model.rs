//! The math model: ALL the data that makes the rules a concrete game, in one place
//! (the rules, "Math model"): base and free-spin reel strips, Star value weights,
//! the respin Star probability and the gift bonus-win weights.
//!
//! # The shipped model and how it was tuned
//!
//! * Reel strips (base 63/70/63/70/63 stops, free spins 44/61/44/61/44): reels 1, 3, 5 carry
//!   the Bonus (4 per base strip, 3 per free-spin strip, at least 3 stops apart so a window
//!   shows at most one), reels 2 and 4 carry Wild stacks (base: one stack of 3, three of 2, two
//!   single; free spins: five stacks of 3, two of 2, one single, so full-Wild reels and big
//!   ways wins come far more often there), every reel carries Stars (one stack of 2 and four
//!   single). The free-spin strips hold fewer card symbols (3 of each instead of 6 or 7). The
//!   strips were laid out once by a seeded shuffle of these blocks (no two equal blocks side
//!   by side) and are fixed here as text.
//! * Design targets, inside the plausibility bands (README, "Targets"): base ways about 55 %,
//!   free spins 1 in about 140 rounds with about a third of the RTP, gift bonus wins and Lock &
//!   Spin about 5.5 % each, Grand reachable (about 1 in 10^6 rounds).
//! * Star values: one table for the Stars that land with a spin and the Stars of the respins
//!   (cash 0.4x to 15x, Mini, Minor, Major). Respin Star probability 1/25 per empty cell.
//! * Gift bonus wins: cash 0.4x to 10x, Mini, Minor, Major or 10 free spins.
//! * Tuning knob: the weight of the smallest Star cash value (0.4x), [`STAR_LOW_WEIGHT`]. Every
//!   figure of this game is computed exactly (`exact`, feature `exact`), so `cargo xtask tune
//!   wish-upon-a-star` bisects this integer weight on the exact RTP (no sampling) and prints the
//!   weight whose RTP is nearest to 95.20 %; a simulation then confirms it.
//!
//! # The RTP ladder
//! The constants of this module are the published variant (95.20 %, `standard`). The other
//! variants of the ladder (96.00, 94.00, 92.00 and 90.00 %) are the tuner's files in
//! `variants/` ([`VARIANT_FILES`], read by [`MathModel::named`]), each with its exact RTP in
//! [`crate::evidence::EVIDENCE`]; the crate docs give their shape beside this one.
//!
//! # Figures (committed)
//!
//! Exact (`cargo xtask exact wish-upon-a-star`; rational arithmetic over the strips and the
//! Lock & Spin chain, no sampling), STAR_LOW_WEIGHT = 62:
//!
//! | figure | exact |
//! |---|---|
//! | RTP | 95.201995 % ([`EXACT_RTP`]) |
//! | base ways / scatter / free-spin paytable / gift / Lock & Spin | 55.4722 / 0.6911 / 27.6623 / 5.7890 / 5.5875 % |
//! | base ways hit frequency (one spin) | 29.0545 % = 40361/138915 |
//! | free-spin trigger by 3 Bonus (one spin) | 0.691070 % = 64/9261 (1 in 144.7) |
//! | free spins per round (scatter or gift) | 1 in 138.16 |
//! | free spins played per award of 10 | 11.1668 |
//! | share of RTP won in free spins | 32.20 % |
//! | Lock & Spin per base spin | 1 in 538.1; mean 23.82 x bet |
//! | Grand per round | 1 in 979,646 |
//!
//! Confirmation run ([`CONFIRMATION_RUN`]): `cargo xtask sim wish-upon-a-star --rounds
//! 1000000000 --seed 20261129 --threads 2` (run again on 2026-12-02, when a spin's stops and
//! first Star value came to be drawn from one word): RTP 95.1819 %, 99 % interval +- 0.0423
//! pp (covers the exact 95.2020 %: 1.2 standard errors), sd 5.189 x bet, hit frequency
//! 31.45 %, free spins 1 in 138.2 rounds (32.20 % of RTP won in them), Lock & Spin 1 in 430.1
//! rounds (base and free spins), Grand 998 times (1 in 1,002,004), largest win 564.0 x bet;
//! wins of 500x and more 4 times (1 in 2.5e8, rarer than 1 in 10^8: GLI-11 disclosure). Shape bands
//! (README, "Targets"): hit frequency 25-40 %, free spins 1 in 100-250, free-spin share
//! 25-45 %: all inside.

use crate::evaluate::SCATTER_COUNT;
use crate::symbols::{self, BONUS, REELS, WILD};
use serde::{Deserialize, Serialize};
use slot_core::money::Win;
use slot_core::sampling::{ReelStrip, WeightedTable};

/// The Mini jackpot: 20 x total bet.
pub const MINI: Win = Win::from_hundredths(2_000);
/// The Minor jackpot: 30 x total bet.
pub const MINOR: Win = Win::from_hundredths(3_000);
/// The Major jackpot: 50 x total bet.
pub const MAJOR: Win = Win::from_hundredths(5_000);
/// The Grand jackpot: 200 x total bet, for all 15 cells holding Stars.
pub const GRAND: Win = Win::from_hundredths(20_000);
/// The largest cash value a Star may carry: 15 x total bet.
pub const MAX_STAR_CASH: Win = Win::from_hundredths(1_500);
/// The largest cash prize of a gift bonus win: 10 x total bet.
pub const MAX_GIFT_CASH: Win = Win::from_hundredths(1_000);
/// Free spins per award (3 Bonus, or a gift bonus win of free spins).
pub const FREE_SPINS_AWARD: u32 = 10;
/// Respins at the start of Lock & Spin and after every new Star.
pub const RESPINS: u32 = 3;

/// What a Star carries (the rules, "Grid and symbols").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StarValue {
    /// A cash amount in hundredths of the total bet (at most 15 x bet).
    Cash(Win),
    /// The Mini jackpot (20 x bet).
    Mini,
    /// The Minor jackpot (30 x bet).
    Minor,
    /// The Major jackpot (50 x bet).
    Major,
}

impl StarValue {
    /// What the Star pays at the end of Lock & Spin, hundredths of the bet.
    #[inline]
    pub const fn amount(self) -> Win {
        match self {
            StarValue::Cash(w) => w,
            StarValue::Mini => MINI,
            StarValue::Minor => MINOR,
            StarValue::Major => MAJOR,
        }
    }
}

/// A gift bonus win (the rules, "Gift bonus wins").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GiftPrize {
    /// A cash prize in hundredths of the total bet (at most 10 x bet).
    Cash(Win),
    /// The Mini jackpot (20 x bet).
    Mini,
    /// The Minor jackpot (30 x bet).
    Minor,
    /// The Major jackpot (50 x bet).
    Major,
    /// 10 free spins.
    FreeSpins,
}

impl GiftPrize {
    /// The money this prize pays at once (zero for free spins), hundredths of the bet.
    #[inline]
    pub const fn amount(self) -> Win {
        match self {
            GiftPrize::Cash(w) => w,
            GiftPrize::Mini => MINI,
            GiftPrize::Minor => MINOR,
            GiftPrize::Major => MAJOR,
            GiftPrize::FreeSpins => Win::ZERO,
        }
    }
}

/// An exact probability `numerator / denominator` (`0 <= numerator <= denominator`,
/// `denominator > 0`), drawn with [`slot_core::sampling::chance`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Probability {
    /// Numerator.
    pub numerator: u32,
    /// Denominator.
    pub denominator: u32,
}

/// The base-game reel strips, reel 1 first, as text codes ([`crate::symbols::TEXT_CODES`]); a window
/// shows `strip[stop], strip[stop+1], strip[stop+2]` from the top row down (wrapping).
pub const BASE_STRIPS: [&str; REELS] = [
    // reel 1: 63 stops
    "10 be J K cd cc K A tr A K ST be Q K A be cc J Q cc cd tr el Q 10 tr ST tr J BO el ST BO A Q K 10 Q J Q cc A cd J 10 be cd BO A 10 J el 10 BO Q K ST J 10 be ST ST",
    // reel 2: 70 stops
    "Q tr Q cc Q el Q W W 10 el tr W J A J 10 cd be W W W be tr be el J Q ST 10 cd 10 K A K tr A 10 J 10 J K J W W A W cc ST ST W W be Q cc cd A cc ST A K 10 K J K ST be cd Q ST",
    // reel 3: 63 stops
    "cc K BO K Q J ST ST cd ST J 10 tr ST be cc A J BO J el cd J BO Q cc Q 10 K el cd Q K A 10 tr A 10 ST tr cd 10 K be Q J Q be K ST 10 A el cc BO tr J be 10 A be Q A",
    // reel 4: 70 stops
    "cd A tr K el J el W J tr be Q W W W be 10 be W W 10 Q be ST K cc el cc cd K cc J Q tr 10 J W Q cc Q ST A K ST ST cd J 10 ST K A 10 A tr 10 A W W A ST J be K J Q cd W W 10 Q",
    // reel 5: 63 stops
    "J A J ST cd A cc A be K Q tr 10 Q 10 be J cc J ST cc Q A Q 10 el Q be K J tr cd K BO be A 10 BO J Q BO K Q K cd el 10 J el ST ST tr 10 ST cc K 10 cd ST A BO be tr",
];

/// The free-spin reel strips, reel 1 first (richer: five Wild stacks of 3 on reels 2 and 4).
pub const FREE_STRIPS: [&str; REELS] = [
    // reel 1: 44 stops
    "tr 10 Q ST cc el K cc be ST A Q tr cd cc be 10 el cd J tr BO cc be BO be K J cd J A el ST BO el K ST Q ST ST tr A cd 10",
    // reel 2: 61 stops
    "be el W W W K 10 A W W W ST ST cc tr cd W be el A Q K A ST W W W be el 10 cc W W cd J W W W tr K ST J cc Q ST cd tr el 10 J be Q tr W W cd ST cc W W W",
    // reel 3: 44 stops
    "cd A el cd J A el K ST be cc J el cc ST tr 10 cc be cd K el 10 tr BO ST tr ST J Q cc be 10 BO Q ST ST Q BO cd tr K A be",
    // reel 4: 61 stops
    "10 J tr Q el K J cd cc ST ST el A cd W W W el be W W Q 10 cc K W ST tr W W W J tr W W W A el ST cc 10 ST W W be A cd cc cd Q K be W W W tr ST be W W W",
    // reel 5: 44 stops
    "BO el cc BO 10 ST Q cd be J ST ST el cd Q BO be tr cd el Q be K cc ST el A cc K tr ST A J tr cd K A ST cc 10 tr J be 10",
];

/// The tuning knob: the weight of the smallest Star cash value (0.4 x bet) in [`STAR_VALUES`].
pub const STAR_LOW_WEIGHT: u32 = 62;

/// Star values with their weights (landed and respin Stars alike). Every cash value is a
/// multiple of 0.20 x bet, so it is whole cents at every bet of the ladder.
pub const STAR_VALUES: [(StarValue, u32); 12] = [
    (StarValue::Cash(Win::from_hundredths(40)), STAR_LOW_WEIGHT),
    (StarValue::Cash(Win::from_hundredths(60)), 200),
    (StarValue::Cash(Win::from_hundredths(100)), 200),
    (StarValue::Cash(Win::from_hundredths(200)), 150),
    (StarValue::Cash(Win::from_hundredths(300)), 120),
    (StarValue::Cash(Win::from_hundredths(400)), 80),
    (StarValue::Cash(Win::from_hundredths(500)), 60),
    (StarValue::Cash(Win::from_hundredths(1_000)), 40),
    (StarValue::Cash(Win::from_hundredths(1_500)), 20),
    (StarValue::Mini, 12),
    (StarValue::Minor, 6),
    (StarValue::Major, 3),
];

/// Gift bonus wins with their weights (one draw per full-Wild reel).
pub const GIFT_PRIZES: [(GiftPrize, u32); 9] = [
    (GiftPrize::Cash(Win::from_hundredths(40)), 400),
    (GiftPrize::Cash(Win::from_hundredths(100)), 250),
    (GiftPrize::Cash(Win::from_hundredths(200)), 150),
    (GiftPrize::Cash(Win::from_hundredths(500)), 40),
    (GiftPrize::Cash(Win::from_hundredths(1_000)), 10),
    (GiftPrize::Mini, 4),
    (GiftPrize::Minor, 2),
    (GiftPrize::Major, 1),
    (GiftPrize::FreeSpins, 10),
];

/// The probability that a respin puts a Star in one empty cell: 1/25, each cell independently.
pub const RESPIN_STAR: Probability = Probability {
    numerator: 1,
    denominator: 25,
};

/// The exact RTP of the shipped model (its 211-digit fraction is printed by `cargo xtask
/// exact wish-upon-a-star`), from `exact::ExactFigures`; a test recomputes it.
pub const EXACT_RTP: f64 = 0.952_019_947;

/// The variants of the RTP ladder besides the published one, as the tuner wrote them
/// (`cargo xtask tune wish-upon-a-star --target-rtp R --seed 20261201 --rounds 20000000 --out
/// FILE`; the crate's `tuning` module): each file holds the model, its target and how it was
/// tuned (knobs, and its shape beside the published variant's). A test tunes each again and
/// requires the same model, and reads each file's target.
pub const VARIANT_FILES: [(&str, &str); 4] = [
    ("rtp-96.00", include_str!("../variants/rtp-96.00.json")),
    ("rtp-94.00", include_str!("../variants/rtp-94.00.json")),
    ("rtp-92.00", include_str!("../variants/rtp-92.00.json")),
    ("rtp-90.00", include_str!("../variants/rtp-90.00.json")),
];

/// A committed simulation run that confirms the exact figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ConfirmationRun {
    /// Rounds simulated.
    pub rounds: u64,
    /// The seed.
    pub seed: u64,
    /// The simulated RTP.
    pub rtp: f64,
    /// The 99 % confidence interval's half-width.
    pub half_width_99: f64,
    /// Hit frequency.
    pub hit_frequency: f64,
    /// Standard deviation of a round's win, x bet.
    pub sd: f64,
}

/// The committed confirmation run (`cargo xtask sim wish-upon-a-star --rounds ... --seed ...`).
pub const CONFIRMATION_RUN: ConfirmationRun = ConfirmationRun {
    rounds: 1_000_000_000,
    seed: 20_261_129,
    rtp: 0.951_818_540_4,
    half_width_99: 0.000_422_669_2,
    hit_frequency: 0.314_542_053,
    sd: 5.188_998_237,
};

/// What is wrong with a math model.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ModelError {
    /// A strip code that is not a symbol.
    #[error("{strips} strip of reel {reel}, stop {stop}: '{code}' is not a symbol code; allowed: {allowed}", allowed = symbols::ALLOWED_CODES)]
    Code {
        /// "base" or "free-spin".
        strips: &'static str,
        /// The reel (1 = left).
        reel: usize,
        /// The stop (0-based).
        stop: usize,
        /// The code.
        code: String,
    },
    /// A strip shorter than the window.
    #[error("{strips} strip of reel {reel} has {len} stops; it needs at least 3")]
    Short {
        /// "base" or "free-spin".
        strips: &'static str,
        /// The reel (1 = left).
        reel: usize,
        /// Its length.
        len: usize,
    },
    /// A symbol on a reel where it cannot stand.
    #[error(
        "{strips} strip of reel {reel}, stop {stop}: {symbol} cannot stand on reel {reel}; Wild only on reels 2 and 4, Bonus only on reels 1, 3 and 5"
    )]
    Placement {
        /// "base" or "free-spin".
        strips: &'static str,
        /// The reel (1 = left).
        reel: usize,
        /// The stop (0-based).
        stop: usize,
        /// The symbol's code.
        symbol: &'static str,
    },
    /// A weight table that cannot be drawn from.
    #[error("the {table} table: {source}")]
    Weights {
        /// Which table.
        table: &'static str,
        /// Why.
        source: slot_core::sampling::WeightError,
    },
    /// A cash value that is zero, too large or not whole cents at every bet.
    #[error(
        "{what} cash value of {hundredths} hundredths of the bet: it must be positive, at most {max} hundredths and a multiple of 4 hundredths (whole cents at every bet from 0.25 in steps of 0.25)"
    )]
    Cash {
        /// "Star" or "gift".
        what: &'static str,
        /// The value.
        hundredths: u64,
        /// The largest allowed.
        max: u64,
    },
    /// A probability outside `[0, 1]`.
    #[error(
        "respin Star probability {numerator}/{denominator}: the denominator must be positive and the numerator at most the denominator"
    )]
    Probability {
        /// Numerator.
        numerator: u32,
        /// Denominator.
        denominator: u32,
    },
    /// Free spins would on average never end (a free spin awards one or more free spins on
    /// average); found by [`validate`].
    #[error(
        "a free spin awards on average {expected:.4} free spins; it must be less than 1 so that free spins end"
    )]
    EndlessFreeSpins {
        /// Expected free spins awarded per free spin.
        expected: f64,
    },
}

/// The math model of the game: reel strips, Star values, respin Star probability, gift
/// prizes. A model file (JSON) is read through [`validate`], the checks
/// [`crate::WishUponAStar::new`] makes: unknown fields and models that break a rule are refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "ModelFields")]
pub struct MathModel {
    /// Base-game strips, reel 1 first.
    pub base_strips: [ReelStrip; REELS],
    /// Free-spin strips, reel 1 first.
    pub free_strips: [ReelStrip; REELS],
    /// The value of every Star (landed or respin).
    pub star_values: WeightedTable<StarValue>,
    /// The prize of every gift bonus win.
    pub gift_prizes: WeightedTable<GiftPrize>,
    /// The chance of a Star in each empty cell on a respin.
    pub respin_star: Probability,
}

/// The fields of a model file, checked into a [`MathModel`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelFields {
    base_strips: [ReelStrip; REELS],
    free_strips: [ReelStrip; REELS],
    star_values: WeightedTable<StarValue>,
    gift_prizes: WeightedTable<GiftPrize>,
    respin_star: Probability,
}

impl TryFrom<ModelFields> for MathModel {
    type Error = ModelError;
    fn try_from(f: ModelFields) -> Result<MathModel, ModelError> {
        let m = MathModel {
            base_strips: f.base_strips,
            free_strips: f.free_strips,
            star_values: f.star_values,
            gift_prizes: f.gift_prizes,
            respin_star: f.respin_star,
        };
        validate(&m)?;
        Ok(m)
    }
}

/// Reads a strip written as text codes separated by spaces.
///
/// # Errors
/// [`ModelError::Code`] for an unknown code, [`ModelError::Short`] below 3 stops.
pub fn parse_strip(text: &str, strips: &'static str, reel: usize) -> Result<ReelStrip, ModelError> {
    let mut out = vec![];
    for (stop, code) in text.split_whitespace().enumerate() {
        let s = symbols::from_code(code).ok_or_else(|| ModelError::Code {
            strips,
            reel: reel + 1,
            stop,
            code: code.to_string(),
        })?;
        out.push(s);
    }
    if out.len() < 3 {
        return Err(ModelError::Short {
            strips,
            reel: reel + 1,
            len: out.len(),
        });
    }
    ReelStrip::new(out).map_err(|source| ModelError::Weights {
        table: strips,
        source,
    })
}

impl MathModel {
    /// The model's fingerprint: SHA-256 of its canonical JSON form
    /// ([`slot_core::fingerprint`]). Any change of the data changes it; reports, stored rounds
    /// and committed figures name the model by it.
    pub fn fingerprint(&self) -> slot_core::fingerprint::Fingerprint {
        slot_core::fingerprint::Fingerprint::of(self)
    }

    /// The shipped model (the constants of this module).
    pub fn standard() -> MathModel {
        MathModel::with_star_low_weight(STAR_LOW_WEIGHT)
    }

    /// The names [`MathModel::named`] knows: the published model (`standard`, 95.20 %) and
    /// the other variants of the RTP ladder ([`VARIANT_FILES`]). The game has no cap, so it
    /// has no stress model for capped rounds.
    pub const NAMES: [&str; 5] = [
        "standard",
        "rtp-96.00",
        "rtp-94.00",
        "rtp-92.00",
        "rtp-90.00",
    ];

    /// The model called `name` (one of [`MathModel::NAMES`]): `standard` is
    /// [`MathModel::standard`], `rtp-XX.XX` the model of that variant's file
    /// ([`VARIANT_FILES`]); `None` for any other name.
    pub fn named(name: &str) -> Option<MathModel> {
        if name == "standard" {
            return Some(MathModel::standard());
        }
        let (_, text) = VARIANT_FILES.iter().find(|(n, _)| *n == name)?;
        slot_core::variant::read_variant_file::<MathModel>(crate::GAME_NAME, text)
            .ok()
            .map(|f| f.model)
    }

    /// The shipped model with another weight for the smallest Star cash value (the tuning
    /// knob).
    pub fn with_star_low_weight(weight: u32) -> MathModel {
        let strips = |texts: &[&str; REELS], name| {
            std::array::from_fn(|r| {
                parse_strip(texts[r], name, r).expect("the shipped strips are valid (tested)")
            })
        };
        let mut stars = STAR_VALUES;
        stars[0].1 = weight;
        MathModel {
            base_strips: strips(&BASE_STRIPS, "base"),
            free_strips: strips(&FREE_STRIPS, "free-spin"),
            star_values: WeightedTable::new(stars)
                .expect("the shipped Star values are valid (tested)"),
            gift_prizes: WeightedTable::new(GIFT_PRIZES)
                .expect("the shipped gift prizes are valid (tested)"),
            respin_star: RESPIN_STAR,
        }
    }

    /// The structural checks of a model (a model file is outside input): strip lengths and
    /// codes, where each symbol may stand, cash values (positive, capped, whole cents at every
    /// bet) and the respin Star probability. That free spins end (a free spin awards fewer
    /// than one on average) is checked where a game is built: [`validate`] runs both, and
    /// [`crate::WishUponAStar::new`] and `ExactFigures::compute` call it.
    ///
    /// # Errors
    /// [`ModelError`] naming the first problem found.
    pub fn validate(&self) -> Result<(), ModelError> {
        for (strips, set) in [
            ("base", &self.base_strips),
            ("free-spin", &self.free_strips),
        ] {
            for (reel, strip) in set.iter().enumerate() {
                if strip.len() < 3 {
                    return Err(ModelError::Short {
                        strips,
                        reel: reel + 1,
                        len: strip.len(),
                    });
                }
                for (stop, &s) in strip.symbols().iter().enumerate() {
                    if s as usize >= symbols::SYMBOLS {
                        return Err(ModelError::Code {
                            strips,
                            reel: reel + 1,
                            stop,
                            code: s.to_string(),
                        });
                    }
                    if !symbols::allowed_on_reel(s, reel) {
                        return Err(ModelError::Placement {
                            strips,
                            reel: reel + 1,
                            stop,
                            symbol: symbols::TEXT_CODES[s as usize],
                        });
                    }
                }
            }
        }
        let cash_ok =
            |w: Win, max: Win| w.hundredths() > 0 && w <= max && w.hundredths().is_multiple_of(4);
        for v in self.star_values.values() {
            if let StarValue::Cash(w) = *v
                && !cash_ok(w, MAX_STAR_CASH)
            {
                return Err(ModelError::Cash {
                    what: "Star",
                    hundredths: w.hundredths(),
                    max: MAX_STAR_CASH.hundredths(),
                });
            }
        }
        for v in self.gift_prizes.values() {
            if let GiftPrize::Cash(w) = *v
                && !cash_ok(w, MAX_GIFT_CASH)
            {
                return Err(ModelError::Cash {
                    what: "gift",
                    hundredths: w.hundredths(),
                    max: MAX_GIFT_CASH.hundredths(),
                });
            }
        }
        let p = self.respin_star;
        if p.denominator == 0 || p.numerator > p.denominator {
            return Err(ModelError::Probability {
                numerator: p.numerator,
                denominator: p.denominator,
            });
        }
        Ok(())
    }
}

/// Every check a model must pass before it is played ([`crate::WishUponAStar::new`]) or its figures
/// are computed (`ExactFigures::compute`): first the structural checks of
/// [`MathModel::validate`] (symbols, placement, cash values, probability), then that free
/// spins end: a free spin must award fewer than one free spin on average, or a round would
/// never end on average (the crate's decision 7). The second check is exact in integers
/// (a fraction of 256-bit integers, no rational arithmetic); it refuses exactly the models
/// whose `exact::free_spins_awarded_per_free_spin` is 1 or more.
///
/// # Errors
/// The first [`ModelError`] found; [`ModelError::EndlessFreeSpins`] with the expected free
/// spins awarded per free spin if it is 1 or more.
pub fn validate(model: &MathModel) -> Result<(), ModelError> {
    model.validate()?;
    let m = FreeSpinAwards::of(model);
    if !m.below_one() {
        return Err(ModelError::EndlessFreeSpins {
            expected: m.to_f64(),
        });
    }
    Ok(())
}

/// The expected free spins awarded per free spin, `m = 10 (P(3 Bonus) + (P(reel 2 full of
/// Wilds) + P(reel 4 full of Wilds)) x P(gift = free spins))` on the free-spin strips, as an
/// exact fraction of integers: free spins end with probability 1 only if it is below 1.
///
/// For a model that passes [`MathModel::validate`], with `L1` to `L5` the free-spin strip
/// lengths, `S` the stops of reels 1, 3, 5 that show 3 or more Bonus (only they carry it),
/// `F2`, `F4` the stops of reels 2 and 4 whose window is all Wilds, and `G` of `T` the weight
/// of the free-spin gift:
/// `m = 10 S / (L1 L3 L5) + 10 G (F2 L4 + F4 L2) / (T L2 L4)`, over the common denominator
/// `L1 L3 L5 T L2 L4`. A strip has fewer than 2^32 stops and a weight total is below 2^32, so
/// the denominator is below 2^192 and the numerator below 2^198: both fit in 256 bits, each a
/// sum of products of two `u128`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FreeSpinAwards {
    numerator: U256,
    denominator: U256,
}

impl FreeSpinAwards {
    /// The fraction for `model`.
    ///
    /// # Panics
    /// Never for a model that passes [`MathModel::validate`] (strips of 3 or more stops, a
    /// Bonus only on reels 1, 3 and 5); [`validate`] runs that check first.
    fn of(model: &MathModel) -> FreeSpinAwards {
        let strips = &model.free_strips;
        let len = |r: usize| strips[r].len() as u128;
        let windows = |r: usize| (0..strips[r].len()).map(move |t| strips[r].window::<3>(t));
        let count = |w: [u8; 3], s: u8| w.iter().filter(|&&x| x == s).count();
        // Stops of reels 1, 3, 5 by their Bonus count (0 to 3), and the stops of the three
        // together with SCATTER_COUNT or more.
        let bonus = |r: usize| {
            let mut d = [0u128; 4];
            for w in windows(r) {
                d[count(w, BONUS)] += 1;
            }
            d
        };
        let (b1, b3, b5) = (bonus(0), bonus(2), bonus(4));
        let mut scatter: u128 = 0;
        for (i, n1) in b1.iter().enumerate() {
            for (j, n3) in b3.iter().enumerate() {
                for (k, n5) in b5.iter().enumerate() {
                    if i + j + k >= SCATTER_COUNT as usize {
                        scatter += n1 * n3 * n5;
                    }
                }
            }
        }
        let full = |r: usize| windows(r).filter(|&w| count(w, WILD) == 3).count() as u128;
        let gifts = &model.gift_prizes;
        let total = u128::from(gifts.total());
        let free_spins: u128 = gifts
            .values()
            .iter()
            .zip(gifts.weights())
            .filter(|(v, _)| **v == GiftPrize::FreeSpins)
            .map(|(_, &w)| u128::from(w))
            .sum();
        let award = u128::from(FREE_SPINS_AWARD);
        let scatter_stops = len(0) * len(2) * len(4);
        let gift_stops = total * len(1) * len(3);
        let full_stops = full(1) * len(3) + full(3) * len(1);
        FreeSpinAwards {
            numerator: U256::product(award * scatter, gift_stops).plus(U256::product(
                award * free_spins * full_stops,
                scatter_stops,
            )),
            denominator: U256::product(scatter_stops, gift_stops),
        }
    }

    /// Whether `m < 1`: free spins end.
    fn below_one(self) -> bool {
        self.numerator < self.denominator
    }

    /// The `f64` nearest to `m` (ties to even), for the error message; exact for the
    /// values a model can have (`m` is at most 30).
    fn to_f64(self) -> f64 {
        let (n, d) = (self.numerator, self.denominator);
        if n == U256::ZERO {
            return 0.0;
        }
        // The whole part by subtraction (m is at most 10 x (1 + 2 x 1) = 30), then binary
        // digits by long division until there are 54 significant bits: 53 and one to round
        // by; what is left over (`r`) decides a tie.
        let (mut q, mut r) = (0u64, n);
        while r >= d {
            r = r.minus(d);
            q += 1;
        }
        let mut fraction_bits = 0;
        while q < 1 << 53 {
            r = r.plus(r);
            q <<= 1;
            if r >= d {
                r = r.minus(d);
                q |= 1;
            }
            fraction_bits += 1;
        }
        let round = q & 1 == 1;
        let mut mantissa = q >> 1;
        if round && (r != U256::ZERO || mantissa & 1 == 1) {
            mantissa += 1;
        }
        // At most 2^53 and a power of two scale: both exact.
        mantissa as f64 * 2f64.powi(1 - fraction_bits)
    }
}

/// An unsigned 256-bit integer, only as wide as [`FreeSpinAwards`] needs: products of two
/// `u128`, sums, differences and comparison (high half first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct U256 {
    hi: u128,
    lo: u128,
}

impl U256 {
    const ZERO: U256 = U256 { hi: 0, lo: 0 };

    /// `a x b`, exactly.
    fn product(a: u128, b: u128) -> U256 {
        const LOW: u128 = u64::MAX as u128;
        let (a1, a0, b1, b0) = (a >> 64, a & LOW, b >> 64, b & LOW);
        let (low, cross1, cross0, high) = (a0 * b0, a1 * b0, a0 * b1, a1 * b1);
        // Below 3 x 2^64: no overflow.
        let middle = (low >> 64) + (cross1 & LOW) + (cross0 & LOW);
        U256 {
            hi: high + (cross1 >> 64) + (cross0 >> 64) + (middle >> 64),
            lo: (low & LOW) | (middle << 64),
        }
    }

    /// `self + other` (the sums here stay far below 2^256).
    fn plus(self, other: U256) -> U256 {
        let (lo, carry) = self.lo.overflowing_add(other.lo);
        U256 {
            hi: self.hi + other.hi + u128::from(carry),
            lo,
        }
    }

    /// `self - other`, for `other <= self`.
    fn minus(self, other: U256) -> U256 {
        let (lo, borrow) = self.lo.overflowing_sub(other.lo);
        U256 {
            hi: self.hi - other.hi - u128::from(borrow),
            lo,
        }
    }
}
