//! What `cargo xtask exact wish-upon-a-star` prints, built once in the library: the JSON
//! report of `exact --json` ([`ExactReport`]) and the text report ([`text`]), both from a
//! game and its [`ExactFigures`]. The runner prints them; the Python package can serialize
//! the same struct.

use crate::exact::{ExactFigures, to_f64};
use crate::figures::{FIGURES, FigureUnit};
use crate::round::{SOURCES, WishUponAStar};
use num_rational::BigRational;
use num_traits::Zero;
use serde::Serialize;
use slot_core::Game as _;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// A ratio in both forms: the nearest `f64` and the exact fraction's text (`"a/b"`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactValue {
    /// The nearest `f64`.
    pub value: f64,
    /// The exact fraction, `numerator/denominator` in lowest terms (an integer without `/`).
    pub fraction: String,
}

impl ExactValue {
    /// Both forms of `r`.
    pub fn of(r: &BigRational) -> Self {
        Self {
            value: to_f64(r),
            fraction: r.to_string(),
        }
    }
}

/// `1 / r` as `f64` (infinite for `r = 0`): "once in" so many trials.
fn one_in(r: &BigRational) -> f64 {
    1.0 / to_f64(r)
}

/// The JSON report of `cargo xtask exact wish-upon-a-star --json`: every figure as a
/// fraction of the stake (RTPs, probabilities), x bet (mean values) or a count, each
/// [`ExactValue`] exact; `*_one_in` figures are `1 / p` in trials (rounds or spins).
#[derive(Clone, Debug, Serialize)]
pub struct ExactReport {
    /// The game's name, `"wish-upon-a-star"`.
    pub game: &'static str,
    /// The fingerprint of the model the figures are of.
    pub model_fingerprint: String,
    /// Its variant of the RTP ladder (`"90.00 %"`), absent for a model off the ladder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The RTP, a fraction of the stake.
    pub rtp: ExactValue,
    /// The RTP by source ([`SOURCES`]).
    pub rtp_by_source: BTreeMap<&'static str, ExactValue>,
    /// The base game's ways RTP.
    pub base_ways_rtp: ExactValue,
    /// The base game's scatter RTP (its scatter pays 1 x bet: its trigger probability).
    pub base_scatter_rtp: ExactValue,
    /// The base game's ways hit frequency, per spin.
    pub base_ways_hit_frequency: ExactValue,
    /// The base game's paytable hit frequency, per spin.
    pub base_paytable_hit_frequency: ExactValue,
    /// The base game's free-spins trigger probability, per spin.
    pub base_free_spins_trigger_probability: ExactValue,
    /// The probability of free spins per round.
    pub free_spins_probability_per_round: ExactValue,
    /// Free spins once in so many rounds.
    pub free_spins_one_in: f64,
    /// The mean free spins per award (a count).
    pub free_spins_per_award: ExactValue,
    /// The mean free spins' value, x bet.
    pub free_spin_value: ExactValue,
    /// The free spins' share of the RTP.
    pub free_spins_share: ExactValue,
    /// A free spin's mean ways value, x bet.
    pub free_ways_value: ExactValue,
    /// The probability of a full Wild reel 2 and 4 in the base game, per spin.
    pub base_full_wild_reel: [ExactValue; 2],
    /// The probability of Lock & Spin in the base game, per spin.
    pub base_lock_and_spin_probability: ExactValue,
    /// Lock & Spin's mean value, x bet.
    pub lock_and_spin_mean_value: ExactValue,
    /// The probability of the Grand given Lock & Spin.
    pub lock_and_spin_grand_probability: ExactValue,
    /// A Star's mean value, x bet.
    pub mean_star_value: ExactValue,
    /// Lock & Spin by the Stars at its start (6 to 15): expected final Stars, P(Grand), mean
    /// value x bet.
    pub lock_and_spin_by_start: Vec<serde_json::Value>,
    /// Grands expected per round.
    pub grands_per_round: ExactValue,
    /// A Grand once in so many rounds.
    pub grand_one_in_rounds: f64,
    /// The base game's stop combinations (an integer's text).
    pub base_combinations: String,
}

impl ExactReport {
    /// The report of `game`'s figures `e` (computed from `game.model()`).
    pub fn new(game: &WishUponAStar, e: &ExactFigures) -> Self {
        let ex = ExactValue::of;
        let bf = &e.base_features;
        let ls_grand = if bf.lock_and_spin_probability.is_zero() {
            BigRational::zero()
        } else {
            &bf.grand_probability / &bf.lock_and_spin_probability
        };
        Self {
            game: WishUponAStar::NAME,
            model_fingerprint: game.fingerprint().to_string(),
            variant: game.variant().map(|v| v.rtp.to_string()),
            rtp: ex(&e.rtp),
            rtp_by_source: SOURCES
                .iter()
                .zip(&e.rtp_by_source)
                .map(|(s, r)| (*s, ex(r)))
                .collect(),
            base_ways_rtp: ex(&e.base.ways_value),
            base_scatter_rtp: ex(&e.base.scatter_probability),
            base_ways_hit_frequency: ex(&e.base.ways_hit_frequency),
            base_paytable_hit_frequency: ex(&e.base.paytable_hit_frequency),
            base_free_spins_trigger_probability: ex(&e.base.scatter_probability),
            free_spins_probability_per_round: ex(&e.free_spins_probability),
            free_spins_one_in: one_in(&e.free_spins_probability),
            free_spins_per_award: ex(&e.free_spins_per_award),
            free_spin_value: ex(&e.free_spin_value),
            free_spins_share: ex(&e.free_spins_share()),
            free_ways_value: ex(&e.free.ways_value),
            base_full_wild_reel: [
                ex(&e.base.full_wild_probability[0]),
                ex(&e.base.full_wild_probability[1]),
            ],
            base_lock_and_spin_probability: ex(&bf.lock_and_spin_probability),
            lock_and_spin_mean_value: ex(&bf.lock_and_spin_mean),
            lock_and_spin_grand_probability: ex(&ls_grand),
            mean_star_value: ex(&e.lock_and_spin.mean_star_value),
            lock_and_spin_by_start: (6..=15)
                .map(|k| {
                    serde_json::json!({
                        "stars": k,
                        "expected_final_stars": to_f64(&e.lock_and_spin.expected_stars[k]),
                        "grand_probability": to_f64(&e.lock_and_spin.grand_probability[k]),
                        "mean_value": to_f64(&e.lock_and_spin.mean_value[k]),
                    })
                })
                .collect(),
            grands_per_round: ex(&e.grands_per_round),
            grand_one_in_rounds: one_in(&e.grands_per_round),
            base_combinations: e.base.combinations.to_string(),
        }
    }
}

/// A fraction's text, or for a long one its digit counts (`"N digits / M digits"`).
fn short(r: &BigRational) -> String {
    let s = r.to_string();
    if s.len() > 60 {
        format!(
            "{} digits / {} digits",
            r.numer().to_string().len(),
            r.denom().to_string().len()
        )
    } else {
        s
    }
}

/// The text report of `cargo xtask exact wish-upon-a-star`: every figure of [`FIGURES`]
/// (percent, x bet or count, and its exact fraction), the RTP by source, Lock & Spin by the
/// Stars at its start and the Grand's odds; lines end in `\n`.
pub fn text(game: &WishUponAStar, e: &ExactFigures) -> String {
    let mut t = String::new();
    // Writing to a String does not fail.
    let _ = write_text(&mut t, game, e);
    t
}

/// [`text`], written to `t`.
fn write_text(t: &mut String, game: &WishUponAStar, e: &ExactFigures) -> std::fmt::Result {
    let pct = |r: &BigRational| format!("{:.6} %", to_f64(r) * 100.0);
    writeln!(
        t,
        "Exact figures: {} ({}; model sha256 {}; rational arithmetic, no sampling)",
        WishUponAStar::NAME,
        game.variant().map_or_else(
            || "a model off the RTP ladder".to_string(),
            |v| format!("the {} variant", v.rtp)
        ),
        game.fingerprint()
    )?;
    writeln!(t, "  base stop combinations: {}", e.base.combinations)?;
    for f in &FIGURES {
        let r = f.value(e);
        match f.unit {
            FigureUnit::Fraction => {
                writeln!(t, "  {:<42}{:>14}   = {}", f.label, pct(&r), short(&r))?;
            }
            FigureUnit::TimesBet => {
                writeln!(
                    t,
                    "  {:<42}{:>13.6}x   = {}",
                    f.label,
                    to_f64(&r),
                    short(&r)
                )?;
            }
            FigureUnit::Count => {
                writeln!(t, "  {:<42}{:>14.6}   = {}", f.label, to_f64(&r), short(&r))?;
            }
        }
        if let Some(what) = f.one_in {
            writeln!(t, "    1 in {:.2} {what}", one_in(&r))?;
        }
        if f.name == "rtp" {
            for (s, r) in SOURCES.iter().zip(&e.rtp_by_source) {
                writeln!(
                    t,
                    "  {:<42}{:>14}   = {}",
                    format!("  RTP from {s}"),
                    pct(r),
                    short(r)
                )?;
            }
        }
    }
    writeln!(
        t,
        "  Lock & Spin by Stars at the start (respin Star chance per empty cell {}/{}):",
        game.model().respin_star.numerator,
        game.model().respin_star.denominator
    )?;
    writeln!(
        t,
        "    stars  expected final stars   P(Grand)          mean value x bet"
    )?;
    for k in 6..=15 {
        writeln!(
            t,
            "    {k:>5}  {:>20.10}   {:>14.6e}   {:>14.6}",
            to_f64(&e.lock_and_spin.expected_stars[k]),
            to_f64(&e.lock_and_spin.grand_probability[k]),
            to_f64(&e.lock_and_spin.mean_value[k])
        )?;
    }
    writeln!(
        t,
        "    P(Grand | 6 Stars) exactly = {}",
        e.lock_and_spin.grand_probability[6]
    )?;
    writeln!(
        t,
        "  Grand (200x) expected per round         1 in {:.4e}  (GLI-11: rarer than 1 in 10^8: {})",
        one_in(&e.grands_per_round),
        one_in(&e.grands_per_round) > 1e8
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math_model::MathModel;

    /// The report carries the figures themselves: the JSON's RTP is the exact RTP's fraction,
    /// the text names every figure of [`FIGURES`], and a model off the ladder has no variant.
    #[test]
    fn the_reports_carry_the_figures() {
        let game = WishUponAStar::standard();
        let e = ExactFigures::compute(game.model()).unwrap();
        let report = ExactReport::new(&game, &e);
        assert_eq!(report.rtp.fraction, e.rtp.to_string());
        assert_eq!(report.rtp_by_source.len(), SOURCES.len());
        let sum: f64 = report.rtp_by_source.values().map(|v| v.value).sum();
        assert!(
            (sum - report.rtp.value).abs() < 1e-12,
            "{sum} {}",
            report.rtp.value
        );
        assert!(report.variant.is_some());
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(json["game"], "wish-upon-a-star");
        let text = text(&game, &e);
        for f in &FIGURES {
            assert!(text.contains(f.label), "{} missing", f.label);
        }
        let off = WishUponAStar::new(&MathModel::with_star_low_weight(1)).unwrap();
        let e = ExactFigures::compute(off.model()).unwrap();
        assert!(ExactReport::new(&off, &e).variant.is_none());
        assert!(super::text(&off, &e).contains("a model off the RTP ladder"));
    }
}
