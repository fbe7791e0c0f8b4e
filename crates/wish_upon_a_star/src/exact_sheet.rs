//! Wish Upon a Star's exact figures as a sheet ([`slot_core::exact::ExactSheet`]): what
//! `cargo xtask exact wish-upon-a-star` prints (text or JSON) and the Python package's
//! `slot_math.exact` returns, built once here from the model's [`ExactFigures`]. The sheet
//! holds, in print order: the base game's stop combinations, every figure of [`FIGURES`]
//! (the RTP followed by the RTP of each source, group `rtp_by_source`), then as notes the
//! Lock & Spin chain by the Stars at its start and the Grand's odds.

use crate::exact::{ExactFigures, to_f64};
use crate::figures::FIGURES;
use crate::math_model::{MathModel, ModelError};
use crate::round::{SOURCES, WishUponAStar};
use num_rational::BigRational;
use slot_core::exact::{ExactFigure, ExactGame, ExactSheet, FigureUnit};
use std::fmt::Write as _;

/// A fraction as (numerator, denominator) decimal text, in lowest terms.
fn parts(r: &BigRational) -> (String, String) {
    (r.numer().to_string(), r.denom().to_string())
}

/// The sheet of the figures `e` of `model` ([`ExactFigures::compute`]).
pub fn sheet(model: &MathModel, e: &ExactFigures) -> ExactSheet {
    let mut figures = vec![ExactFigure::new(
        "base_combinations",
        "base stop combinations",
        FigureUnit::Integer,
        (e.base.combinations.to_string(), "1".into()),
        e.base.combinations as f64,
    )];
    for f in &FIGURES {
        let r = f.value(e);
        let mut figure = ExactFigure::new(f.name, f.label, f.unit, parts(&r), to_f64(&r));
        if let Some(trials) = f.one_in {
            figure = figure.once_in(trials);
        }
        figures.push(figure);
        if f.name == "rtp" {
            for (s, r) in SOURCES.iter().zip(&e.rtp_by_source) {
                figures.push(
                    ExactFigure::new(
                        *s,
                        format!("  RTP from {s}"),
                        FigureUnit::Fraction,
                        parts(r),
                        to_f64(r),
                    )
                    .in_group("rtp_by_source"),
                );
            }
        }
    }
    let ls = &e.lock_and_spin;
    let by_start: Vec<serde_json::Value> = (6..=15)
        .map(|k| {
            serde_json::json!({
                "stars": k,
                "expected_final_stars": to_f64(&ls.expected_stars[k]),
                "grand_probability": to_f64(&ls.grand_probability[k]),
                "mean_value": to_f64(&ls.mean_value[k]),
            })
        })
        .collect();
    ExactSheet {
        figures,
        notes: notes(model, e),
        extra: serde_json::json!({ "lock_and_spin_by_start": by_start }),
    }
}

/// The notes of the text report: Lock & Spin by the Stars at its start, and the Grand's
/// odds against GLI-11's 1 in 10^8.
fn notes(model: &MathModel, e: &ExactFigures) -> String {
    let ls = &e.lock_and_spin;
    let mut t = format!(
        "  Lock & Spin by Stars at the start (respin Star chance per empty cell {}/{}):\n",
        model.respin_star.numerator, model.respin_star.denominator
    );
    t += "    stars  expected final stars   P(Grand)          mean value x bet\n";
    for k in 6..=15 {
        // Writing to a String does not fail.
        let _ = writeln!(
            t,
            "    {k:>5}  {:>20.10}   {:>14.6e}   {:>14.6}",
            to_f64(&ls.expected_stars[k]),
            to_f64(&ls.grand_probability[k]),
            to_f64(&ls.mean_value[k])
        );
    }
    let _ = writeln!(
        t,
        "    P(Grand | 6 Stars) exactly = {}",
        ls.grand_probability[6]
    );
    let one_in = 1.0 / to_f64(&e.grands_per_round);
    let _ = writeln!(
        t,
        "  Grand (200x) expected per round         1 in {one_in:.4e}  (GLI-11: rarer than 1 in 10^8: {})",
        one_in > 1e8
    );
    t
}

impl ExactGame for WishUponAStar {
    type ExactError = ModelError;

    /// The sheet of the model's figures ([`sheet`]).
    ///
    /// # Errors
    /// [`ModelError`] for a model whose free spins would never end on average.
    fn exact_sheet(&self) -> Result<ExactSheet, ModelError> {
        Ok(sheet(self.model(), &ExactFigures::compute(self.model())?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sheet carries the figures themselves: its RTP is the exact RTP's fraction, the
    /// sources add up to it, every figure of [`FIGURES`] is there by name, and a model off
    /// the ladder has figures of its own.
    #[test]
    fn the_sheet_carries_the_figures() {
        let game = WishUponAStar::standard();
        let e = ExactFigures::compute(game.model()).unwrap();
        let s = game.exact_sheet().unwrap();
        let rtp = s.figure("rtp").unwrap();
        assert_eq!(rtp.fraction(), e.rtp.to_string());
        let sources: Vec<&ExactFigure> = s
            .figures
            .iter()
            .filter(|f| f.group == Some("rtp_by_source"))
            .collect();
        assert_eq!(sources.len(), SOURCES.len());
        let sum: f64 = sources.iter().map(|f| f.value).sum();
        assert!((sum - rtp.value).abs() < 1e-12, "{sum} {}", rtp.value);
        for f in &FIGURES {
            assert_eq!(
                s.figure(f.name).unwrap().fraction(),
                f.value(&e).to_string()
            );
        }
        assert_eq!(
            s.figure("base_combinations").unwrap().numerator,
            e.base.combinations.to_string()
        );
        assert_eq!(
            s.extra["lock_and_spin_by_start"].as_array().unwrap().len(),
            10
        );
        assert!(s.notes.contains("P(Grand | 6 Stars) exactly"));
        let off = WishUponAStar::new(&MathModel::with_star_low_weight(1)).unwrap();
        assert_ne!(off.exact_sheet().unwrap().figure("rtp"), Some(rtp));
    }
}
