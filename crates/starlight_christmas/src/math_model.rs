//! The math model: every number that makes the rules a concrete game, in one place
//! (the rules, "Math model").
//!
//! # Shape of the model
//! Each cell of a fresh grid, and each cell that refills the grid after a tumble, is drawn
//! independently from an integer-weighted table over the nine paying symbols, the Scatter and
//! the Multiplier (the spec allows "weighted draws" in place of strips). There are three
//! tables: the standard base game, the ante base game (more Scatters, so that the free-spin
//! chance doubles), and the free spins. A Multiplier's value is drawn when it lands from one
//! of two value tables (base game, free spins). Every probability is exactly weight / total.
//!
//! # Power-of-two tables: how a cell is drawn
//! Every cell table's weights add up to 2^20 = 1,048,576 ([`CELL_BITS`]; a model file whose
//! cell table adds up to anything else is refused, naming the table and its total), and every
//! value table's to a power of two (2^16 = 65,536 in the shipped model). A cell is then a
//! draw `r` of 20 uniform bits, outcome `i` for exactly `weight[i]` of the 2^20 values of `r`
//! (cumulative order, [`slot_core::bit_draws`]): no multiply, no rejection. The draw is taken
//! in two parts. Its *head*, the top 12 bits of `r`, comes first; for nearly every head all
//! 256 values of `r` it leads to give one outcome, and the cell is that outcome without
//! further bits. Only a head shared by two or more outcomes (at most one per boundary between
//! outcomes, 10 of the 4,096) takes the *tail*, the low 8 bits, from the next bits. Every
//! outcome still comes with probability exactly `weight[i] / 2^20`: a head decides it with
//! probability (heads of `i`) x 2^-12, a shared head's tails with 2^-20 each, and the two
//! add up to the weight (a test checks it over all 2^20 draws of every table). A
//! Multiplier's value takes 16 more bits. The bits are taken lowest first, five heads per
//! 64-bit word (the 4 bits left are dropped); a round starts from a new word, and so do its
//! free spins (so that they draw exactly as when played alone, for the split estimate).
//!
//! Until 2026-12-02 every cell took all 20 bits (three cells per word). Taking the tail only
//! when needed changed which words make which cells, not any probability: the model and its
//! fingerprint are unchanged, but a seed gives other rounds, so the golden vectors were
//! chosen and written again and every certification record below was played again with the
//! same seeds (the figures before are in the repository's history). A simulated round took
//! 1,315 instructions before (ante 1,346) and 1,133 after (1,148), with the quiet-landing
//! path of the paid spin (`cells`).
//!
//! Until 2026-12-01 the tables had other totals (99,745, 99,800 and 106,700 for the cell
//! tables, 16,970 and 1,606 for the value tables) and each cell was a bounded draw of its own
//! generator word. They were re-expressed for speed: each table's weights scaled to its
//! power-of-two total by largest remainders ([`slot_core::bit_draws::pow2_weights`]; a test
//! checks the shipped tables are exactly that). Every probability moved by less than one unit
//! of its new total (under 1e-6 of a cell draw); the mean Multiplier value by +0.013 % (base)
//! and +0.020 % (free spins). Being a new model (a new fingerprint), it was certified again
//! ([`crate::evidence::EVIDENCE`]); the runs of the model before (the tuning runs (`confirmation/README.md`), the x500 checks (`confirmation/README.md`), the reports in
//! `confirmation/`) are kept as its history. With the cheaper draws a simulated round took
//! 1,735 instructions instead of 2,352 (standard; ante 1,783 instead of 2,416); after later
//! engine work with the same draws, 1,315 and 1,346.
//!
//! # Certification figures (the shipped model)
//! [`crate::evidence::EVIDENCE`] holds one split certification per mode (`cargo xtask certify
//! starlight-christmas [--ante]`: the mode's base games and the free spins played alone,
//! RTP = (B + q V) / stake, played in chunks until the 99 % half-width was at most 0.05 pp).
//! the whole-round runs (`confirmation/README.md`) holds one 1e9-round whole-round run per mode, the source of the figures the
//! split does not give (sd, hit frequency, win distribution); their PAR files,
//! plots included, are in `crates/starlight_christmas/confirmation/` (`par_*`). Tests
//! recompute every figure from the records' and reports' integer sums and tie them to the
//! model's fingerprint.
//!
//! | mode | RTP (certified) | 99 % interval | distance to 95.50 % | whole-round RTP (1e9) | free spins | hit freq. | sd | cap |
//! |---|---|---|---|---|---|---|---|---|
//! | standard | 95.4922 % | +- 0.0495 pp | -0.008 pp | 95.6258 % +- 0.1207 pp | 1 in 436.9 | 30.37 % | 14.81 x | 1 in 5.34e6 |
//! | ante (per 1.25 x bet staked) | 95.5256 % | +- 0.0494 pp | +0.026 pp | 95.5420 % +- 0.1336 pp | 1 in 217.7 | 30.42 % | 16.40 x | 1 in 2.72e6 |
//!
//! Free spins, hit frequency and sd from the whole-round runs; the cap's odds from the split
//! records ([`crate::evidence::EVIDENCE`]). Of the cap's odds, the base game alone (a paid
//! spin whose symbol wins times its Multipliers reach 5,000 x) is 1 in 4.07e8 base games
//! (standard) and 1 in 8.08e8 (ante), +- 5 % at 95 % ([`crate::conditional`],
//! `confirmation/tail/base-*.json`): 1.3 % and 0.3 % of the cap's odds. Free-spin ratio ante / standard: 436.89 / 217.73 = 2.007 (spec:
//! 2.0). Free-spin share of
//! the RTP 38.8 % (standard) and 62.2 % (ante); volatility index (99 %) 38 and 42: a
//! high-volatility game, as the published one.
//!
//! The model before its re-expression was certified by whole rounds (95.4557 % and 95.5072 %,
//! +- 0.0500 pp, 5.8e9 and 7.1e9 rounds; reports in `confirmation/certified_*`) and by the
//! split estimate (95.4844 % +- 0.0495 pp and 95.5255 % +- 0.0485 pp; no longer committed:
//! the split records of a model are replaced by its successor's).
//!
//! # The RTP ladder
//! The other variants of the ladder, 96.50 % and 94.50 %, are this model with the
//! Multiplier weight of each bet mode's base table moved ([`MathModel::with_multiplier_shift`]),
//! as the tuner wrote them ([`VARIANT_FILES`]); their certification and cap odds are
//! [`crate::evidence::EVIDENCE`] (the crate docs, "RTP variants", give every variant's shape).
//!
//! # Figures it was tuned to (the model before its re-expression)
//! The 1e9-round runs the knobs were set with, the history of the standard mode's knob and
//! the checks after x500 got its weight are kept, with their figures, in
//! `confirmation/README.md` ("History").
//!
//! # The base-game Multiplier values: every value reachable
//! The rules give every Multiplier that lands a value from 2x to 500x, so every value has a
//! positive weight in both value tables (a test checks it). Until 2026-11-30 the base table
//! (used by the standard and the ante base game alike) gave x500 the weight 0; it was
//! re-weighted without moving the RTP:
//!
//! | value | 2 | 3 | 4 | 5 | 6 | 8 | 10 | 12 | 15 | 20 | 25 | 50 | 100 | 250 | 500 | total |
//! |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
//! | before | 500 | 300 | 250 | 200 | 150 | 100 | 80 | 50 | 30 | 20 | 10 | 4 | 2 | 1 | 0 | 1,697 |
//! | after (to 2026-12-01) | 5,002 | 3,000 | 2,499 | 2,000 | 1,500 | 1,000 | 800 | 500 | 300 | 200 | 100 | 40 | 20 | 8 | 1 | 16,970 |
//! | now (2^16) | 19,317 | 11,586 | 9,651 | 7,724 | 5,793 | 3,862 | 3,089 | 1,931 | 1,159 | 772 | 386 | 154 | 77 | 31 | 4 | 65,536 |
//!
//! The new table is the old one times 10 with x500 given weight 1, two weight moved off x250
//! and one from x4 to x2 (`+1 x 500 - 2 x 250 + 2 x 2 - 1 x 4 = 0` in value, `1 - 2 + 2 - 1 = 0`
//! in weight): the mean value is exactly the same, 87,500 / 16,970 = 8,750 / 1,697 = 5.15616
//! (a test checks it in integers). x500 came once in 16,970 base-game Multipliers, x250 8
//! times; the mean square value rose from 90.87 to 98.23. The table now is that one
//! re-expressed to 2^16 ("Power-of-two tables" above): x500 4 times in 65,536 (1 in 16,384),
//! x250 31 times, the mean value 5.15681 (+0.013 %).
//!
//! Why the RTP does not move: a base sequence that wins pays its symbol wins x the sum of the
//! Multipliers on the final grid (x1 without one). Whether and how many Multipliers land does
//! not depend on their values, and every value is drawn independently of everything else, so
//! the expected win given the grids is linear in the table's mean value. Only the cap breaks
//! the linearity (a sequence paid above 5,000 x is cut, and what would follow is forfeited),
//! in rounds that reach it (about 1 in 3 to 6 million); its effect is far below the
//! simulations' resolution. No re-tune was needed; 2e8-round checks per mode (seeds 20261230,
//! 20261231) agree with the target (see the x500 checks (`confirmation/README.md`)). The 1e9-round confirmation runs in
//! the tuning runs (`confirmation/README.md`) were played with the table before (same mean, same RTP up to the cap effect).
//!
//! # How it was tuned
//! `cargo xtask tune starlight-christmas [--ante]` re-tunes it: with the free-spin table and
//! its Multiplier values fixed, it searches (secant steps on paired runs with one seed) the
//! one knob of the mode: the weight moved from the Sun to the Multiplier in the mode's base
//! table (the table's total, and so the Scatter rate, stays fixed) — so that the mode's RTP
//! meets 95.50 %. The Scatter weights were set first so that the free spins come 1
//! in about 400 (standard) and twice as often with ante; the free-spin table was set so that
//! the free spins bring about 40 % of the standard RTP.

use crate::symbols::{Drawn, PAYING};
use slot_core::bit_draws::{Pow2Table, pow2_weights};
use slot_core::sampling::WeightError;

/// Weights of one cell draw: the Scatter, `paying[code]` for the nine paying symbols, and the
/// Multiplier (drawn in that order from one table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellWeights {
    /// Weights of the paying symbols by code (yellow, turquoise, green, blue, red gem, Star,
    /// Moon, Heart, Sun).
    pub paying: [u32; PAYING],
    /// Weight of the Scatter.
    pub scatter: u32,
    /// Weight of the Multiplier.
    pub multiplier: u32,
}

/// All the data of the game. Read from JSON (a model file) through the same checks as
/// [`crate::StarlightChristmas::new`]: unknown fields and unusable tables are refused.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "ModelFields")]
pub struct MathModel {
    /// Cell weights of the standard base game.
    pub base: CellWeights,
    /// Cell weights of the ante base game.
    pub ante_base: CellWeights,
    /// Cell weights of the free spins.
    pub free_spins: CellWeights,
    /// Weights of the Multiplier values (in [`crate::symbols::MULTIPLIER_VALUES`] order) in the base game.
    pub base_multiplier_values: [u32; 15],
    /// Weights of the Multiplier values in the free spins.
    pub free_spin_multiplier_values: [u32; 15],
}

/// The fields of a model file, checked into a [`MathModel`].
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelFields {
    base: CellWeights,
    ante_base: CellWeights,
    free_spins: CellWeights,
    base_multiplier_values: [u32; 15],
    free_spin_multiplier_values: [u32; 15],
}

impl TryFrom<ModelFields> for MathModel {
    type Error = ModelError;
    fn try_from(f: ModelFields) -> Result<MathModel, ModelError> {
        let m = MathModel {
            base: f.base,
            ante_base: f.ante_base,
            free_spins: f.free_spins,
            base_multiplier_values: f.base_multiplier_values,
            free_spin_multiplier_values: f.free_spin_multiplier_values,
        };
        Tables::new(&m)?;
        Ok(m)
    }
}

/// The game's name in variant files (`Game::NAME`).
const GAME_NAME: &str = "starlight-christmas";

/// The variants of the RTP ladder besides the published one, as the tuner wrote them (`cargo
/// xtask tune starlight-christmas --target-rtp R --rounds 500000000 --seed 20261801 --out
/// FILE`): each file holds the model, its target and how it was tuned (its two knobs, the
/// RTP the tuner found per mode, and its shape beside the published variant's). A test reads
/// each file's target and checks that its model is the published one with its knobs applied.
pub const VARIANT_FILES: [(&str, &str); 2] = [
    ("rtp-96.50", include_str!("../variants/rtp-96.50.json")),
    ("rtp-94.50", include_str!("../variants/rtp-94.50.json")),
];

impl MathModel {
    /// The model's fingerprint: SHA-256 of its canonical JSON form
    /// ([`slot_core::fingerprint`]). Any change of the data changes it; reports, stored rounds
    /// and committed figures name the model by it.
    pub fn fingerprint(&self) -> slot_core::fingerprint::Fingerprint {
        slot_core::fingerprint::Fingerprint::of(self)
    }

    /// The standard (shipped) model, for both bet modes. Every cell table's weights add up to
    /// 2^20 and every value table's to 2^16, so that a draw is a few bits of a generator
    /// word (the module docs, "Power-of-two tables: how a cell is drawn").
    pub fn standard() -> Self {
        MathModel {
            base: CellWeights {
                //         gy      gt      gg      gb      gr      st     mo     he     su
                paying: [
                    168201, 168201, 157689, 136663, 115638, 94613, 78844, 63076, 42029,
                ],
                scatter: 17241,
                multiplier: 6381,
            },
            ante_base: CellWeights {
                paying: [
                    168108, 168108, 157602, 136588, 115574, 94561, 78801, 63041, 41859,
                ],
                scatter: 20972,
                multiplier: 3362,
            },
            free_spins: CellWeights {
                paying: [
                    167065, 157237, 147410, 127755, 108101, 88446, 73705, 58964, 39309,
                ],
                scatter: 11793,
                multiplier: 68791,
            },
            //                          2      3     4     5     6     8    10    12    15   20   25   50  100 250 500
            #[rustfmt::skip]
            base_multiplier_values: [19317, 11586, 9651, 7724, 5793, 3862, 3089, 1931, 1159, 772, 386, 154, 77, 31, 4],
            #[rustfmt::skip]
            free_spin_multiplier_values: [12242, 10202, 8978, 8161, 6121, 4897, 4081, 3265, 2448, 2040, 1632, 816, 408, 163, 82],
        }
    }
}

impl MathModel {
    /// The tuning knob of a bet mode: this model with `delta` of weight moved from the Sun to
    /// the Multiplier in the mode's base table (`standard`: `base`; `ante`: `ante_base`;
    /// negative: the other way). The table's total stays 2^20, so the Scatter's probability,
    /// and with it the free-spin frequency, does not move; the free spins do not change at
    /// all, nor does the other mode. More Multipliers raise the RTP (a winning base sequence
    /// is paid x the sum of the Multipliers on its final grid); the two are neighbours in the
    /// table ([`CELL_OUTCOMES`]), so on the same random numbers nearly only the draws that
    /// fall on the moved weight change (the boundary's shared 12-bit head moves too, so a
    /// draw near it may take or skip its 8-bit tail and shift the cells after it: about 2 in
    /// 4,096 cells).
    ///
    /// # Errors
    /// [`ModelError::Shift`] if a weight would fall below 0 or rise above the table.
    pub fn with_multiplier_shift(&self, ante: bool, delta: i64) -> Result<Self, ModelError> {
        let mut m = self.clone();
        let (table, w) = if ante {
            ("ante_base", &mut m.ante_base)
        } else {
            ("base", &mut m.base)
        };
        let refused = ModelError::Shift {
            table,
            delta,
            sun: w.paying[8],
            multiplier: w.multiplier,
        };
        let sun = i64::from(w.paying[8]) - delta;
        let multiplier = i64::from(w.multiplier) + delta;
        match (u32::try_from(sun), u32::try_from(multiplier)) {
            (Ok(sun), Ok(multiplier)) => {
                (w.paying[8], w.multiplier) = (sun, multiplier);
                Ok(m)
            }
            _ => Err(refused),
        }
    }

    /// A stress model for tests and fuzzing, not for play: six times the Scatters and ten
    /// times the Multipliers of the shipped base game, twice the free-spin Multipliers
    /// (relative to the other symbols, each table re-expressed to its power-of-two total),
    /// and only the 50x to 500x values, so that the cap and long retrigger chains are
    /// frequent.
    pub fn stress() -> Self {
        let mut m = MathModel::standard();
        let scale = |w: &mut CellWeights, scatter: u32, multiplier: u32| {
            let mut o = w.in_outcome_order();
            o[0] *= scatter;
            o[10] *= multiplier;
            let bits = w.in_outcome_order().iter().sum::<u32>().trailing_zeros();
            let o = pow2_weights(&o, bits).expect("positive weights, 2^20 units");
            *w = CellWeights::from_outcome_order(o.try_into().expect("11 weights"));
        };
        scale(&mut m.base, 6, 10);
        scale(&mut m.ante_base, 6, 10);
        scale(&mut m.free_spins, 1, 2);
        m.base_multiplier_values = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1];
        m.free_spin_multiplier_values = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1];
        m
    }

    /// The names [`MathModel::named`] knows: the published model (`standard`, 95.50 %), the
    /// other variants of the RTP ladder ([`VARIANT_FILES`]) and the stress model (for tests
    /// and for watching capped rounds, not for play).
    pub const NAMES: [&str; 4] = ["standard", "rtp-96.50", "rtp-94.50", "stress"];

    /// The model called `name` (one of [`MathModel::NAMES`]): `standard` is
    /// [`MathModel::standard`], `rtp-XX.XX` the model of that variant's file
    /// ([`VARIANT_FILES`]), `stress` [`MathModel::stress`]; `None` for any other name.
    pub fn named(name: &str) -> Option<Self> {
        match name {
            "standard" => Some(MathModel::standard()),
            "stress" => Some(MathModel::stress()),
            _ => {
                let (_, text) = VARIANT_FILES.iter().find(|(n, _)| *n == name)?;
                slot_core::variant::read_variant_file::<MathModel>(GAME_NAME, text)
                    .ok()
                    .map(|f| f.model)
            }
        }
    }
}

/// The outcomes of a cell table, in the order of its weights: the Scatter, the nine paying
/// symbols by code, the Multiplier. The tuning knob moves weight between the Sun and the
/// Multiplier, neighbours here, so paired runs differ only where a draw falls on the moved
/// weight.
pub const CELL_OUTCOMES: [Drawn; 11] = [
    Drawn::Scatter,
    Drawn::Paying(0),
    Drawn::Paying(1),
    Drawn::Paying(2),
    Drawn::Paying(3),
    Drawn::Paying(4),
    Drawn::Paying(5),
    Drawn::Paying(6),
    Drawn::Paying(7),
    Drawn::Paying(8),
    Drawn::Multiplier,
];

/// The model's tables, ready to draw from: power-of-two weight tables
/// ([`slot_core::bit_draws::Pow2Table`]), each draw exactly `weight / 2^bits` from `bits`
/// uniform bits.
#[derive(Clone, Debug)]
pub struct Tables {
    /// Standard base game cells, outcomes in [`CELL_OUTCOMES`] order.
    pub base: Pow2Table,
    /// Ante base game cells.
    pub ante_base: Pow2Table,
    /// Free-spin cells.
    pub free_spins: Pow2Table,
    /// Base-game Multiplier value index (into [`crate::symbols::MULTIPLIER_VALUES`]).
    pub base_values: Pow2Table,
    /// Free-spin Multiplier value index.
    pub free_spin_values: Pow2Table,
}

/// Every cell table's weights add up to `2^CELL_BITS` (1,048,576): a cell's draw is 20
/// uniform bits, of which it takes the top 12 first (five cells per 64-bit word) and the
/// low 8 only when the top 12 do not decide the outcome (the module docs).
pub const CELL_BITS: u32 = 20;

/// A math model that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// A knob would leave a weight negative ([`MathModel::with_multiplier_shift`]).
    #[error(
        "{table}: moving {delta} of weight from the Sun ({sun}) to the Multiplier ({multiplier}) leaves a negative weight"
    )]
    Shift {
        /// Which table.
        table: &'static str,
        /// The weight moved (negative: from the Multiplier to the Sun).
        delta: i64,
        /// The Sun's weight before.
        sun: u32,
        /// The Multiplier's weight before.
        multiplier: u32,
    },
    /// A cell table's weights do not add up to `2^20`.
    #[error("{table}: the weights add up to {total}; a cell table's must add up to 2^20 = 1048576")]
    CellTotal {
        /// Which table.
        table: &'static str,
        /// Their total.
        total: u64,
    },
    /// A weight table is unusable: empty, all zero, or a value table whose total is not a
    /// power of two (the shipped value tables add up to 2^16).
    #[error("{table}: {source}")]
    Table {
        /// Which table.
        table: &'static str,
        /// Why.
        source: WeightError,
    },
}

impl CellWeights {
    /// The weights in [`CELL_OUTCOMES`] order.
    pub fn in_outcome_order(&self) -> [u32; 11] {
        let mut w = [0u32; 11];
        w[0] = self.scatter;
        w[1..10].copy_from_slice(&self.paying);
        w[10] = self.multiplier;
        w
    }

    /// The weights of `w` given in [`CELL_OUTCOMES`] order.
    pub fn from_outcome_order(w: [u32; 11]) -> Self {
        let mut paying = [0u32; PAYING];
        paying.copy_from_slice(&w[1..10]);
        CellWeights {
            paying,
            scatter: w[0],
            multiplier: w[10],
        }
    }
}

fn cell_table(name: &'static str, w: &CellWeights) -> Result<Pow2Table, ModelError> {
    let w = w.in_outcome_order();
    let total: u64 = w.iter().map(|&x| u64::from(x)).sum();
    if total != 1 << CELL_BITS {
        return Err(ModelError::CellTotal { table: name, total });
    }
    table(name, &w)
}

fn table(name: &'static str, w: &[u32]) -> Result<Pow2Table, ModelError> {
    Pow2Table::new(w).map_err(|source| ModelError::Table {
        table: name,
        source,
    })
}

impl Tables {
    /// Builds the tables of `model`.
    ///
    /// # Errors
    /// [`ModelError`] naming the table that is empty or all zero, the cell table whose total
    /// is not `2^20`, or the value table whose total is not a power of two (naming the total).
    pub fn new(model: &MathModel) -> Result<Self, ModelError> {
        Ok(Tables {
            base: cell_table("base", &model.base)?,
            ante_base: cell_table("ante_base", &model.ante_base)?,
            free_spins: cell_table("free_spins", &model.free_spins)?,
            base_values: table("base_multiplier_values", &model.base_multiplier_values)?,
            free_spin_values: table(
                "free_spin_multiplier_values",
                &model.free_spin_multiplier_values,
            )?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbols::MULTIPLIER_VALUES;

    /// The base Multiplier table before x500 got a weight (x500: 0).
    const BASE_VALUES_BEFORE: [u32; 15] =
        [500, 300, 250, 200, 150, 100, 80, 50, 30, 20, 10, 4, 2, 1, 0];

    /// The model of 2026-11-30 to 2026-12-01, before it was re-expressed for power-of-two
    /// draws: cell weights in [`CELL_OUTCOMES`] order (base, ante base, free spins), then the
    /// two value tables.
    const CELLS_BEFORE_POW2: [[u32; 11]; 3] = [
        [
            1640, 16000, 16000, 15000, 13000, 11000, 9000, 7500, 6000, 3998, 607,
        ],
        [
            1996, 16000, 16000, 15000, 13000, 11000, 9000, 7500, 6000, 3984, 320,
        ],
        [
            1200, 17000, 16000, 15000, 13000, 11000, 9000, 7500, 6000, 4000, 7000,
        ],
    ];
    const BASE_VALUES_BEFORE_POW2: [u32; 15] = [
        5002, 3000, 2499, 2000, 1500, 1000, 800, 500, 300, 200, 100, 40, 20, 8, 1,
    ];
    const FREE_SPIN_VALUES_BEFORE_POW2: [u32; 15] = [
        300, 250, 220, 200, 150, 120, 100, 80, 60, 50, 40, 20, 10, 4, 2,
    ];

    /// (sum of weights, sum of weight x value) of a value table.
    fn moments(w: &[u32; 15]) -> (u64, u64) {
        let total = w.iter().map(|&x| u64::from(x)).sum();
        let value = w
            .iter()
            .zip(MULTIPLIER_VALUES)
            .map(|(&x, v)| u64::from(x) * u64::from(v))
            .sum();
        (total, value)
    }

    #[test]
    fn the_x500_reweighting_kept_the_base_mean_value_exactly() {
        let (t0, v0) = moments(&BASE_VALUES_BEFORE);
        let (t1, v1) = moments(&BASE_VALUES_BEFORE_POW2);
        // Hand-worked: 8,750 / 1,697 before, 87,500 / 16,970 after.
        assert_eq!((t0, v0), (1_697, 8_750));
        assert_eq!((t1, v1), (16_970, 87_500));
        // v0 / t0 == v1 / t1, compared without division.
        assert_eq!(v0 * t1, v1 * t0);
    }

    /// The shipped tables are the model before re-expressed by largest remainders
    /// ([`pow2_weights`]): cell tables to 2^20, value tables to 2^16. So every probability
    /// moved by less than one unit of its table (under 1e-6 of a cell draw, 1.6e-5 of a value
    /// draw), and the mean Multiplier values by 0.013 % (base) and 0.020 % (free spins).
    #[test]
    fn the_shipped_tables_are_the_model_before_in_power_of_two_units() {
        let m = MathModel::standard();
        let cells = [m.base, m.ante_base, m.free_spins];
        for (w, before) in cells.iter().zip(CELLS_BEFORE_POW2) {
            let now = w.in_outcome_order();
            assert_eq!(now.iter().sum::<u32>(), 1 << 20);
            assert_eq!(pow2_weights(&before, 20).unwrap(), now);
            assert_eq!(CellWeights::from_outcome_order(now), *w);
        }
        for (w, before) in [
            (m.base_multiplier_values, BASE_VALUES_BEFORE_POW2),
            (m.free_spin_multiplier_values, FREE_SPIN_VALUES_BEFORE_POW2),
        ] {
            assert_eq!(w.iter().sum::<u32>(), 1 << 16);
            assert_eq!(pow2_weights(&before, 16).unwrap(), w);
            // Mean values within 0.03 %: |v1 t0 - v0 t1| < 3e-4 v0 t1.
            let ((t0, v0), (t1, v1)) = (moments(&before), moments(&w));
            assert!((v1 * t0).abs_diff(v0 * t1) * 10_000 < 3 * v0 * t1);
        }
    }

    #[test]
    fn a_table_whose_total_is_not_a_power_of_two_is_refused_by_name() {
        let mut m = MathModel::standard();
        m.ante_base.scatter += 1;
        let e = Tables::new(&m).unwrap_err();
        assert_eq!(
            e,
            ModelError::CellTotal {
                table: "ante_base",
                total: (1 << 20) + 1
            }
        );
        assert!(
            e.to_string().contains("1048577") && e.to_string().contains("2^20"),
            "{e}"
        );
        // A value table of another power of two is fine; one of no power of two is named.
        let mut m = MathModel::standard();
        m.free_spin_multiplier_values = [1; 15];
        m.free_spin_multiplier_values[0] = 2;
        assert!(Tables::new(&m).is_ok(), "16 = 2^4");
        m.free_spin_multiplier_values[0] = 3;
        let e = Tables::new(&m).unwrap_err();
        assert!(
            matches!(
                e,
                ModelError::Table {
                    table: "free_spin_multiplier_values",
                    source: WeightError::NotPowerOfTwo { total: 17, .. }
                }
            ),
            "{e:?}"
        );
    }

    #[test]
    fn the_knob_moves_weight_between_sun_and_multiplier_of_one_mode_only() {
        let m = MathModel::standard();
        let s = m.with_multiplier_shift(false, 175).unwrap();
        assert_eq!(s.base.multiplier, m.base.multiplier + 175);
        assert_eq!(s.base.paying[8], m.base.paying[8] - 175);
        assert_eq!((s.ante_base, s.free_spins), (m.ante_base, m.free_spins));
        assert!(Tables::new(&s).is_ok(), "the total stays 2^20");
        let a = m.with_multiplier_shift(true, -100).unwrap();
        assert_eq!(a.ante_base.multiplier, m.ante_base.multiplier - 100);
        assert_eq!(a.ante_base.paying[8], m.ante_base.paying[8] + 100);
        assert_eq!(a.base, m.base);
        let e = m.with_multiplier_shift(true, -3363).unwrap_err();
        assert_eq!(
            e,
            ModelError::Shift {
                table: "ante_base",
                delta: -3363,
                sun: 41859,
                multiplier: 3362
            }
        );
        assert!(e.to_string().contains("negative"), "{e}");
        assert!(m.with_multiplier_shift(false, 42_030).is_err());
    }

    #[test]
    fn the_stress_model_keeps_power_of_two_totals() {
        let s = MathModel::stress();
        assert!(Tables::new(&s).is_ok());
        let m = MathModel::standard();
        // Six times the Scatters relative to the yellow gem, within rounding.
        let ratio = |w: &CellWeights| f64::from(w.scatter) / f64::from(w.paying[0]);
        assert!((ratio(&s.base) / ratio(&m.base) - 6.0).abs() < 0.01);
    }

    #[test]
    fn every_advertised_multiplier_value_has_a_positive_weight_in_every_table() {
        // The rules: every Multiplier that lands takes a value from 2x to 500x, in the base
        // game (standard and ante share its table) and in the free spins.
        assert_eq!(
            MULTIPLIER_VALUES,
            [2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 50, 100, 250, 500]
        );
        let m = MathModel::standard();
        for (name, w) in [
            ("base", m.base_multiplier_values),
            ("free spins", m.free_spin_multiplier_values),
        ] {
            for (v, &x) in MULTIPLIER_VALUES.iter().zip(&w) {
                assert!(x > 0, "{name}: x{v} has weight 0");
            }
        }
    }

    #[test]
    fn every_symbol_can_land_in_every_cell_table() {
        // Every paying symbol, the Scatter and the Multiplier land in the base game (standard
        // and ante) and in the free spins.
        let m = MathModel::standard();
        for (name, w) in [
            ("base", m.base),
            ("ante base", m.ante_base),
            ("free spins", m.free_spins),
        ] {
            assert!(w.scatter > 0 && w.multiplier > 0, "{name}: {w:?}");
            assert!(w.paying.iter().all(|&x| x > 0), "{name}: {w:?}");
        }
    }
}
