//! Figures computed exactly from a math model, as a game states them: [`ExactGame`], a game
//! whose model can be read exactly (by enumerating its stops, by a Markov chain, ...), and
//! [`ExactSheet`], its figures by name, each an exact fraction of integers of any size.
//!
//! The sheet is data, so that one report (`cargo xtask exact GAME`, text or JSON) and one
//! Python call (`slot_math.exact`) serve every game that computes one: a game fills the
//! sheet, the runner library prints it. Fractions are kept as decimal text (numerator and
//! denominator in lowest terms), since a game's exact arithmetic may use integers of any size;
//! the `f64` beside each is for reading only.

use crate::game::Game;
use serde::Serialize;

/// How a figure reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FigureUnit {
    /// A probability, a share or a return per stake: a fraction, printed as a percent.
    Fraction,
    /// A mean win, x bet.
    TimesBet,
    /// A mean count (of free spins, of Stars).
    Count,
    /// A whole number (of stop combinations): its denominator is 1.
    Integer,
}

/// One exact figure of a model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExactFigure {
    /// The name, `snake_case` (a Python dict key, a JSON field).
    pub name: String,
    /// The group the figure belongs to (`rtp_by_source`), if any: its figures are read
    /// together, as one dict or object by group; `None` for a figure on its own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<&'static str>,
    /// The label, in words, as the text report prints it.
    pub label: String,
    /// How it reads.
    pub unit: FigureUnit,
    /// The numerator, decimal, of the fraction in lowest terms (the sign is the numerator's).
    pub numerator: String,
    /// The denominator, decimal, positive (`1` for an [`FigureUnit::Integer`]).
    pub denominator: String,
    /// The nearest `f64`, for reading.
    pub value: f64,
    /// For the probability of an event: what it happens once in (`"spins"`, `"rounds"`), for
    /// a "1 in N" line; `None` otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub one_in: Option<&'static str>,
}

impl ExactFigure {
    /// A figure of `unit` whose value is `numerator / denominator` (decimal text, in lowest
    /// terms: the game's own arithmetic reduces it) and about `value`.
    pub fn new(
        name: impl Into<String>,
        label: impl Into<String>,
        unit: FigureUnit,
        (numerator, denominator): (String, String),
        value: f64,
    ) -> Self {
        ExactFigure {
            name: name.into(),
            group: None,
            label: label.into(),
            unit,
            numerator,
            denominator,
            value,
            one_in: None,
        }
    }

    /// This figure in `group`.
    #[must_use]
    pub fn in_group(mut self, group: &'static str) -> Self {
        self.group = Some(group);
        self
    }

    /// This figure, the probability of an event that happens once in so many `trials`
    /// (`"rounds"`).
    #[must_use]
    pub fn once_in(mut self, trials: &'static str) -> Self {
        self.one_in = Some(trials);
        self
    }

    /// The fraction's text: `numerator/denominator`, or the numerator alone for a denominator
    /// of 1.
    pub fn fraction(&self) -> String {
        if self.denominator == "1" {
            self.numerator.clone()
        } else {
            format!("{}/{}", self.numerator, self.denominator)
        }
    }
}

/// The exact figures of one model, as a game states them ([`ExactGame::exact_sheet`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ExactSheet {
    /// Every figure, in the order the text report prints them; the RTP is named `rtp`.
    pub figures: Vec<ExactFigure>,
    /// What the text report prints after the figures (a game's tables), lines ending in
    /// `\n`; empty for none.
    pub notes: String,
    /// What the JSON report adds after the figures (a game's tables), a JSON object; `null`
    /// for none.
    pub extra: serde_json::Value,
}

impl ExactSheet {
    /// The figure named `name` (outside any group).
    pub fn figure(&self, name: &str) -> Option<&ExactFigure> {
        self.figures
            .iter()
            .find(|f| f.group.is_none() && f.name == name)
    }
}

/// A game whose figures are computed exactly from its model: the RTP and what the game
/// chooses to state (hit frequency, feature odds), each an exact fraction.
pub trait ExactGame: Game {
    /// Why the figures of a model could not be computed (a model too large to enumerate).
    type ExactError: std::error::Error + Send + Sync + 'static;

    /// The exact figures of this game's model: at least the RTP (named `rtp`, a fraction
    /// of the stake), each figure's fraction in lowest terms.
    ///
    /// # Errors
    /// [`ExactGame::ExactError`] for a model whose figures cannot be computed.
    fn exact_sheet(&self) -> Result<ExactSheet, Self::ExactError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A figure's fraction text drops a denominator of 1, and the sheet finds a figure by
    /// name only outside groups.
    #[test]
    fn figures_read_by_name_and_fraction() {
        let rtp = ExactFigure::new(
            "rtp",
            "RTP",
            FigureUnit::Fraction,
            ("24".into(), "25".into()),
            0.96,
        );
        assert_eq!(rtp.fraction(), "24/25");
        let n = ExactFigure::new(
            "combinations",
            "stop combinations",
            FigureUnit::Integer,
            ("9000".into(), "1".into()),
            9000.0,
        );
        assert_eq!(n.fraction(), "9000");
        let part = ExactFigure::new(
            "rtp",
            "RTP from base",
            FigureUnit::Fraction,
            ("1".into(), "2".into()),
            0.5,
        )
        .in_group("rtp_by_source");
        let sheet = ExactSheet {
            figures: vec![part, rtp, n],
            ..ExactSheet::default()
        };
        assert_eq!(sheet.figure("rtp").unwrap().numerator, "24");
        assert!(sheet.figure("hits").is_none());
    }
}
