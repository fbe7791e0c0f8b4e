//! The exact figures of a model as a report ([`ExactReport`]): a game's
//! [`ExactSheet`] with the model it is of, written as text or JSON. What `cargo xtask exact
//! GAME` prints and the Python package's `slot_math.exact` returns, for every game that
//! computes one ([`ExactGame`]; declared in its registry line by
//! [`crate::face::Entry::with_exact`]).

use serde::Serialize;
use slot_core::exact::{ExactFigure, ExactGame, ExactSheet, FigureUnit};
use std::fmt::Write as _;

/// The exact figures of one model of a game, with the model they are of.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactReport {
    /// The game's command-line name.
    pub game: &'static str,
    /// The fingerprint of the model (SHA-256 of its canonical JSON).
    pub model_fingerprint: String,
    /// The variant of the game's RTP ladder the model is (`"90.00 %"`), `None` for any
    /// other model.
    pub variant: Option<String>,
    /// What the model is, in words: `the 90.00 % variant`, `the published model` (a game
    /// without a ladder), or `a model off the RTP ladder` / `a model other than the published
    /// one`.
    pub model: String,
    /// The figures.
    pub sheet: ExactSheet,
}

impl ExactReport {
    /// The figures of `game`'s model ([`ExactGame::exact_sheet`]).
    ///
    /// # Errors
    /// The game's [`ExactGame::ExactError`]: a model whose figures cannot be computed.
    pub fn of<G: ExactGame>(game: &G) -> Result<Self, G::ExactError> {
        let sheet = game.exact_sheet()?;
        let variant = game.variant();
        let fingerprint = game.fingerprint();
        let model = match variant {
            Some(v) => format!("the {} variant", v.rtp),
            None if G::VARIANTS.is_empty()
                && G::named_model("standard").is_some_and(|m| {
                    slot_core::fingerprint::Fingerprint::of(&m) == fingerprint
                }) =>
            {
                "the published model".to_string()
            }
            None if G::VARIANTS.is_empty() => "a model other than the published one".to_string(),
            None => "a model off the RTP ladder".to_string(),
        };
        Ok(ExactReport {
            game: G::NAME,
            model_fingerprint: fingerprint.to_string(),
            variant: variant.map(|v| v.rtp.to_string()),
            model,
            sheet,
        })
    }

    /// The report as text, lines ending in `\n`: a heading naming the game and the model,
    /// each figure with its value (a percent, x bet, a count or a whole number) and its
    /// exact fraction (a fraction of more than 60 characters as its digit counts), a "1 in N"
    /// line under the probability of an event, then the game's notes.
    pub fn text(&self) -> String {
        let mut t = String::new();
        // Writing to a String does not fail.
        let _ = writeln!(
            t,
            "Exact figures: {} ({}; model sha256 {}; rational arithmetic, no sampling)",
            self.game, self.model, self.model_fingerprint
        );
        for f in &self.sheet.figures {
            let _ = writeln!(t, "{}", figure_line(f));
            if let Some(trials) = f.one_in {
                let _ = writeln!(t, "    1 in {:.2} {trials}", 1.0 / f.value);
            }
        }
        t + &self.sheet.notes
    }

    /// The report as JSON: `game`, `model_fingerprint`, `variant` (absent off the ladder),
    /// then each figure by name as `{"value": f64, "fraction": "a/b"}` (a figure of a group
    /// inside an object named for the group), `NAME_one_in` (`1 / value`, in trials) beside
    /// the probability of an event, and the game's extra fields.
    pub fn json(&self) -> serde_json::Value {
        use serde_json::{Map, Value, json};
        let mut out = Map::new();
        out.insert("game".into(), json!(self.game));
        out.insert("model_fingerprint".into(), json!(self.model_fingerprint));
        if let Some(v) = &self.variant {
            out.insert("variant".into(), json!(v));
        }
        for f in &self.sheet.figures {
            let value = json!({ "value": f.value, "fraction": f.fraction() });
            match f.group {
                Some(group) => {
                    let entry = out
                        .entry(group)
                        .or_insert_with(|| Value::Object(Map::new()));
                    if let Value::Object(members) = entry {
                        members.insert(f.name.clone(), value);
                    }
                }
                None => {
                    out.insert(f.name.clone(), value);
                    if f.one_in.is_some() {
                        out.insert(format!("{}_one_in", f.name), json!(1.0 / f.value));
                    }
                }
            }
        }
        if let Value::Object(extra) = &self.sheet.extra {
            out.extend(extra.clone());
        }
        Value::Object(out)
    }
}

/// A fraction's text, or for a long one its digit counts (`"N digits / M digits"`).
fn short(f: &ExactFigure) -> String {
    let s = f.fraction();
    if s.len() > 60 {
        format!(
            "{} digits / {} digits",
            f.numerator.trim_start_matches('-').len(),
            f.denominator.len()
        )
    } else {
        s
    }
}

/// One figure's line of the text report.
fn figure_line(f: &ExactFigure) -> String {
    let label = &f.label;
    match f.unit {
        FigureUnit::Fraction => format!(
            "  {label:<42}{:>14}   = {}",
            format!("{:.6} %", f.value * 100.0),
            short(f)
        ),
        FigureUnit::TimesBet => format!("  {label:<42}{:>13.6}x   = {}", f.value, short(f)),
        FigureUnit::Count => format!("  {label:<42}{:>14.6}   = {}", f.value, short(f)),
        FigureUnit::Integer => format!("  {label:<42}{:>14}", f.numerator),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> ExactReport {
        let rtp = ExactFigure::new(
            "rtp",
            "RTP",
            FigureUnit::Fraction,
            ("24".into(), "25".into()),
            0.96,
        );
        let trigger = ExactFigure::new(
            "trigger_rate",
            "free spins",
            FigureUnit::Fraction,
            ("1".into(), "125".into()),
            0.008,
        )
        .once_in("rounds");
        let base = ExactFigure::new(
            "base",
            "  RTP from base",
            FigureUnit::Fraction,
            ("3".into(), "5".into()),
            0.6,
        )
        .in_group("rtp_by_source");
        ExactReport {
            game: "g",
            model_fingerprint: "ab".into(),
            variant: None,
            model: "the published model".into(),
            sheet: ExactSheet {
                figures: vec![rtp, base, trigger],
                notes: "  note\n".into(),
                extra: serde_json::json!({"table": [1, 2]}),
            },
        }
    }

    /// The text prints each figure's percent and fraction, "1 in N" for an event, and the
    /// notes last.
    #[test]
    fn the_text_prints_each_figure() {
        let t = report().text();
        assert!(t.starts_with("Exact figures: g (the published model; model sha256 ab;"));
        assert!(t.contains("96.000000 %   = 24/25"), "{t}");
        assert!(t.contains("60.000000 %   = 3/5"), "{t}");
        assert!(t.contains("    1 in 125.00 rounds\n"), "{t}");
        assert!(t.ends_with("  note\n"));
    }

    /// The JSON holds each figure by name, a group's figures inside its object, the odds of
    /// an event and the game's extra fields; no variant for a model off the ladder.
    #[test]
    fn the_json_holds_each_figure_by_name() {
        let j = report().json();
        assert_eq!(j["rtp"]["fraction"], "24/25");
        assert_eq!(j["rtp_by_source"]["base"]["fraction"], "3/5");
        assert!((j["trigger_rate_one_in"].as_f64().unwrap() - 125.0).abs() < 1e-9);
        assert_eq!(j["table"][1], 2);
        assert!(j.get("variant").is_none());
    }
}
