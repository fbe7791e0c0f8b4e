//! RTP variants: the same rules on another math model, tuned to another RTP.
//!
//! A slot game ships as a ladder of RTP variants and an operator runs the one its market
//! allows. Only the math model changes between the variants of a game (reel strips, weights,
//! feature chances, value tables); the paytable and every rule stay the published ones. Each
//! game lists its ladder in [`crate::Game::VARIANTS`]: every [`Variant`] names the RTP it is
//! tuned to (every mode and pick alike) and its shipped model ([`crate::Game::named_model`]).
//!
//! A variant that is not shipped (a designer's, made by the tuner) travels as a
//! [`VariantFile`]: the model with the RTP it was tuned to and how it was tuned (the command,
//! the seed, the knobs and the shape it holds beside the published variant's). The model
//! inside it is what the game plays and what its fingerprint is taken of; the rest is its
//! provenance.

use crate::fingerprint::Fingerprint;
use serde::{Deserialize, Serialize};

/// The lowest target a shape-holding tuner derives a variant for (84.00 %, a little below
/// the lowest published rung, Moon Princess's 84.50 %).
pub const LOWEST_TUNED_TARGET: TargetRtp = TargetRtp(8_400);
/// The highest target a shape-holding tuner derives a variant for (97.00 %).
pub const HIGHEST_TUNED_TARGET: TargetRtp = TargetRtp(9_700);

/// A target RTP in hundredths of a percent (`9451` = 94.51 %): an exact integer, as
/// published; turned into a fraction only for reports ([`TargetRtp::fraction`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TargetRtp(pub u32);

impl TargetRtp {
    /// The target as a fraction of the stake (`0.9451`), for reports.
    pub fn fraction(self) -> f64 {
        f64::from(self.0) / 10_000.0
    }
}

impl std::fmt::Display for TargetRtp {
    /// `94.51 %`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{:02} %", self.0 / 100, self.0 % 100)
    }
}

/// One variant of a game's RTP ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The RTP its model is tuned to, every mode and pick alike.
    pub rtp: TargetRtp,
    /// The name of its shipped model ([`crate::Game::MODEL_NAMES`]); the published variant's
    /// is `standard`.
    pub model: &'static str,
}

/// Why [`crate::Game::at_rtp`] could not give the game on a variant of its ladder.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantChoiceError {
    /// The RTP text is not an RTP.
    #[error(transparent)]
    Rtp(#[from] RtpTextError),
    /// The ladder has no variant at this RTP.
    #[error("{game} has no RTP variant {rtp}: its ladder is {ladder}")]
    NotOnLadder {
        /// The game's name.
        game: &'static str,
        /// The RTP asked for.
        rtp: TargetRtp,
        /// The ladder's RTPs, highest first (`96.00 %, 94.00 %`), or why it has none.
        ladder: String,
    },
    /// The variant's shipped model is missing or the game refuses it (a fault of the game
    /// crate, which its tests rule out).
    #[error("{game}'s variant {rtp} cannot be played: {message}")]
    Model {
        /// The game's name.
        game: &'static str,
        /// The variant's RTP.
        rtp: TargetRtp,
        /// What is wrong.
        message: String,
    },
}

/// Why a target RTP written as text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not an RTP: write it as a percentage with at most two decimals, above 0 and at most 100 (96.5, 94.51, 94.51 %)"
)]
pub struct RtpTextError(pub String);

impl std::str::FromStr for TargetRtp {
    type Err = RtpTextError;

    /// Reads `96.5`, `96.50`, `94.51 %` or `94.51%`: a percentage with at most two decimals,
    /// above 0 and at most 100, exactly (no floating point).
    fn from_str(text: &str) -> Result<TargetRtp, RtpTextError> {
        let bad = || RtpTextError(text.to_string());
        let t = text.trim();
        let t = t.strip_suffix('%').unwrap_or(t).trim_end();
        let (whole, frac) = t.split_once('.').unwrap_or((t, "0"));
        let digits = |s: &str, most: usize| {
            !s.is_empty() && s.len() <= most && s.bytes().all(|b| b.is_ascii_digit())
        };
        if !digits(whole, 3) || !digits(frac, 2) {
            return Err(bad());
        }
        let whole: u32 = whole.parse().map_err(|_| bad())?;
        let frac: u32 = match frac.len() {
            0 => 0,
            1 => frac.parse::<u32>().map_err(|_| bad())? * 10,
            _ => frac.parse().map_err(|_| bad())?,
        };
        let rtp = whole * 100 + frac;
        if rtp == 0 || rtp > 10_000 {
            return Err(bad());
        }
        Ok(TargetRtp(rtp))
    }
}

impl TargetRtp {
    /// The target as a percentage without the sign, two decimals (`94.51`): how it is written
    /// in files and on the command line (`--rtp 94.51`).
    pub fn percent_text(self) -> String {
        format!("{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

impl Serialize for TargetRtp {
    /// As its [`TargetRtp::percent_text`] (`"94.51"`), exact.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.percent_text())
    }
}

impl<'de> Deserialize<'de> for TargetRtp {
    /// From a percentage written as text (`"94.51"`), refused as [`RtpTextError`] says.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TargetRtp, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A tuning knob's value in a variant, beside the published variant's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnobValue {
    /// What it is (`star low weight`, `base strips demoted`).
    pub knob: String,
    /// Its value in the published variant.
    pub published: i64,
    /// Its value in this variant.
    pub value: i64,
}

/// One figure of a variant's shape beside the published variant's and the bound it must
/// hold.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShapeCheck {
    /// The figure (`hit frequency`, `free spins per round`, `standard deviation`,
    /// `free-spin share of the RTP`), with its mode where the game has several.
    pub figure: String,
    /// Its value in the published variant (a fraction, or x bet for the standard deviation).
    pub published: f64,
    /// Its value in this variant, in the same unit.
    pub variant: f64,
    /// The bound, in words (`within 2 pp`, `within 15 %`).
    pub allowed: String,
    /// Whether this variant holds it.
    pub met: bool,
    /// How the two values were obtained (`exact`, `simulation of 20,000,000 rounds, seed 1`).
    pub how: String,
}

/// How a variant was tuned: what a designer or an auditor needs to make it again.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tuning {
    /// The command that made it (`cargo xtask tune wish-upon-a-star --target-rtp 94.00 --out
    /// FILE`).
    pub command: String,
    /// The method, in words: the knobs, what each was solved for, the figures it was solved
    /// on (exact, or simulations with their seeds).
    pub method: String,
    /// The seed of the simulations the search or the shape rests on, if any.
    pub seed: Option<u64>,
    /// The knobs and their values.
    pub knobs: Vec<KnobValue>,
    /// The variant's RTP per mode as the tuner measured it (a fraction of the stake; exact or
    /// estimated as `method` says), mode names first.
    pub rtp: Vec<(String, f64)>,
    /// The shape held, figure by figure.
    pub shape: Vec<ShapeCheck>,
}

impl Tuning {
    /// The shape figures the variant does not hold (empty when it holds them all).
    pub fn unmet(&self) -> Vec<&ShapeCheck> {
        self.shape.iter().filter(|c| !c.met).collect()
    }
}

/// A variant as a file: the model with the RTP it is tuned to and how it was tuned. What
/// `cargo xtask tune --out FILE` writes and what `sim`, `play` and `certify` take as
/// `--model FILE` (a bare model file is taken too).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFile<M> {
    /// What the file is: [`VariantFile::FORMAT`].
    pub format: String,
    /// The game's command-line name (`wish-upon-a-star`).
    pub game: String,
    /// The RTP the model is tuned to.
    pub target_rtp: TargetRtp,
    /// How it was tuned.
    pub tuning: Tuning,
    /// The math model.
    pub model: M,
    /// SHA-256 of the file's canonical JSON without this field ([`VariantFile::sealed`]):
    /// an edit of the model, the target or the record of its tuning is refused
    /// ([`read_variant_file`]).
    pub sha256: Fingerprint,
}

impl<M> VariantFile<M> {
    /// The `format` of a variant file.
    pub const FORMAT: &'static str = "slot-math variant 1";
}

/// The parts of a variant file its checksum covers, in order.
#[derive(Serialize)]
struct Checked<'a, M> {
    format: &'a str,
    game: &'a str,
    target_rtp: TargetRtp,
    tuning: &'a Tuning,
    model: &'a M,
}

impl<M: Serialize> VariantFile<M> {
    /// A variant file of `game` for `model`, tuned to `target_rtp` as `tuning` says, with its
    /// checksum.
    pub fn sealed(game: &str, target_rtp: TargetRtp, tuning: Tuning, model: M) -> Self {
        let mut file = VariantFile {
            format: Self::FORMAT.to_string(),
            game: game.to_string(),
            target_rtp,
            tuning,
            model,
            sha256: Fingerprint::of_bytes(&[]),
        };
        file.sha256 = file.checksum();
        file
    }

    /// SHA-256 of the canonical JSON of everything but the checksum.
    pub fn checksum(&self) -> Fingerprint {
        Fingerprint::of(&Checked {
            format: &self.format,
            game: &self.game,
            target_rtp: self.target_rtp,
            tuning: &self.tuning,
            model: &self.model,
        })
    }
}

/// The header of a variant file, read first so that a file of another game or format is
/// named as such before its model is read.
#[derive(Deserialize)]
struct Header {
    format: String,
    game: String,
}

/// Why a variant file was refused ([`read_variant_file`]).
#[derive(Debug, thiserror::Error)]
pub enum VariantFileError {
    /// Not JSON of a variant file of this game's model.
    #[error("not a variant file of {game}: {error}")]
    Json {
        /// The game expected.
        game: &'static str,
        /// Why (the field that was wrong).
        error: crate::json::JsonError,
    },
    /// A variant file whose checksum is not its contents'.
    #[error(
        "its checksum (sha256) is not its contents': the file was edited after the tuner wrote it (make a variant with `cargo xtask tune <game> --target-rtp R --out FILE`)"
    )]
    Edited,
    /// A variant file of another game or format.
    #[error("a variant file of '{found}' (format '{format}'), not of {game} ({expected})")]
    Other {
        /// The game expected.
        game: &'static str,
        /// The game it names.
        found: String,
        /// Its format.
        format: String,
        /// The format expected.
        expected: &'static str,
    },
}

/// Reads a variant file of the game called `game` whose model is an `M`.
///
/// # Errors
/// [`VariantFileError`]: not JSON of a variant file of such a model (unknown fields are
/// refused), or a file of another game or format.
pub fn read_variant_file<M: serde::de::DeserializeOwned + Serialize>(
    game: &'static str,
    text: &str,
) -> Result<VariantFile<M>, VariantFileError> {
    let header: Header =
        crate::json::from_str(text).map_err(|error| VariantFileError::Json { game, error })?;
    if header.game != game || header.format != VariantFile::<M>::FORMAT {
        return Err(VariantFileError::Other {
            game,
            found: header.game,
            format: header.format,
            expected: VariantFile::<M>::FORMAT,
        });
    }
    let file: VariantFile<M> =
        crate::json::from_str(text).map_err(|error| VariantFileError::Json { game, error })?;
    if file.sha256 != file.checksum() {
        return Err(VariantFileError::Edited);
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_rtps_are_read_exactly_from_text() {
        for (text, hundredths) in [
            ("96.5", 9650),
            ("96.50", 9650),
            ("94.51 %", 9451),
            ("94.51%", 9451),
            ("90", 9000),
            (" 84.5 ", 8450),
            ("100", 10_000),
            ("0.01", 1),
        ] {
            assert_eq!(
                text.parse::<TargetRtp>(),
                Ok(TargetRtp(hundredths)),
                "{text}"
            );
        }
        for bad in [
            "", "96.505", "-1", "0", "0.00", "100.01", "1e2", "96,5", "9 6", ".5", "96.", "abc",
            "1000", "96%%", "96%%%", "%",
        ] {
            let e = bad.parse::<TargetRtp>().unwrap_err();
            assert_eq!(e, RtpTextError(bad.to_string()));
            assert!(e.to_string().contains("at most two decimals"), "{e}");
        }
        assert_eq!(TargetRtp(9451).percent_text(), "94.51");
        assert_eq!(TargetRtp(9000).percent_text(), "90.00");
        assert_eq!(TargetRtp(1).percent_text(), "0.01");
    }

    #[test]
    fn a_variant_file_round_trips_and_names_its_game() {
        let file = VariantFile::sealed(
            "g",
            TargetRtp(9300),
            Tuning {
                command: "tune g".into(),
                method: "exact".into(),
                seed: None,
                knobs: vec![KnobValue {
                    knob: "w".into(),
                    published: 3,
                    value: 5,
                }],
                rtp: vec![("standard".into(), 0.93)],
                shape: vec![ShapeCheck {
                    figure: "hit frequency".into(),
                    published: 0.3,
                    variant: 0.35,
                    allowed: "within 2 pp".into(),
                    met: false,
                    how: "exact".into(),
                }],
            },
            vec![1u32, 2, 3],
        );
        let text = serde_json::to_string(&file).unwrap();
        assert!(text.contains(r#""target_rtp":"93.00""#), "{text}");
        let back: VariantFile<Vec<u32>> = read_variant_file("g", &text).unwrap();
        assert_eq!(back, file);
        assert_eq!(back.tuning.unmet().len(), 1);
        let other = read_variant_file::<Vec<u32>>("h", &text).unwrap_err();
        assert!(
            other.to_string().contains("a variant file of 'g'"),
            "{other}"
        );
        let bad = read_variant_file::<Vec<u32>>("g", &text.replace("93.00", "93.001"));
        assert!(
            bad.unwrap_err()
                .to_string()
                .contains("at most two decimals")
        );
        let wrong_model = read_variant_file::<String>("g", &text).unwrap_err();
        assert!(matches!(wrong_model, VariantFileError::Json { .. }));
    }
}
