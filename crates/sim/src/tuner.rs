//! A game's tuner as a capability of its registry line ([`Tuner`],
//! [`crate::face::Entry::with_tuner`]): `cargo xtask tune GAME` and the Python package's
//! `slot_math.tune` call it through the registry, for any game that declares one.
//!
//! A tuner does two things: re-tunes the knobs of a model to the RTP that model is tuned to
//! ([`Tuner::retune`], printing what it found), and derives a variant of the published model
//! for another RTP, holding the published variant's shape, as a variant file
//! ([`Tuner::variant`], a [`TunedFile`]). The search itself is the game's (its knobs, its
//! design rule) over this library's searches: [`crate::ladder`] (a feature knob per mode and
//! two base knobs), [`crate::knob`] (one knob on the split estimate), an exact search of the
//! game's own; the shape and the file are [`crate::tune`]'s.

use crate::ladder::LadderError;
use crate::models::{ModelChoiceError, UnknownMode};
use crate::run::SeededRun;
use crate::{SimError, tune};
use slot_core::Game;
use slot_core::game::TargetRtp;
use slot_core::variant::{HIGHEST_TUNED_TARGET, LOWEST_TUNED_TARGET, VariantFile};

/// What `tune GAME` asks a tuner to re-tune ([`Tuner::retune`]).
#[derive(Clone, Debug)]
pub struct RetuneRequest<'a> {
    /// The model to re-tune: a shipped model by name or the path of a model or variant file;
    /// `None`: the published model. Its target is its variant's (the published RTP for a
    /// model off the ladder).
    pub model: Option<&'a str>,
    /// The one mode to re-tune, by name; `None`: every mode the tuner tunes (its default).
    pub mode: Option<&'a str>,
    /// Rounds per candidate (base games where the tuner plays features apart), seed and
    /// worker threads.
    pub run: SeededRun,
}

/// What `tune GAME --target-rtp R` asks a tuner to derive ([`Tuner::variant`]).
#[derive(Clone, Debug)]
pub struct VariantRequest {
    /// The RTP of the variant, from [`LOWEST_TUNED_TARGET`] to [`HIGHEST_TUNED_TARGET`].
    pub target: TargetRtp,
    /// The command that asked for it, recorded in the variant file.
    pub command: String,
    /// Rounds per candidate and of the shape's runs, seed and worker threads.
    pub run: SeededRun,
}

/// Why a tuner stopped. Every message names what was wrong and what would do.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// A target outside the range tuners derive.
    #[error(
        "--target-rtp {target}: the tuner derives variants from {LOWEST_TUNED_TARGET} to {HIGHEST_TUNED_TARGET}; the published variant is {published}"
    )]
    Target {
        /// The target asked for.
        target: TargetRtp,
        /// The published variant's RTP.
        published: TargetRtp,
    },
    /// A request the tuner does not take (too few rounds for its figures, a model it does
    /// not re-tune, a target its knob cannot reach); the text names what would do.
    #[error("{0}")]
    Refused(String),
    /// A mode the game does not have.
    #[error(transparent)]
    UnknownMode(#[from] UnknownMode),
    /// The model could not be chosen or was refused ([`crate::models::choose`]).
    #[error(transparent)]
    Model(#[from] ModelChoiceError),
    /// A ladder search stopped ([`crate::ladder`]).
    #[error(transparent)]
    Ladder(#[from] LadderError),
    /// A run stopped ([`SimError`]).
    #[error(transparent)]
    Sim(#[from] SimError),
    /// The game's own search stopped, or refused the model it made (the game's error).
    #[error("{0}")]
    Game(Box<dyn std::error::Error + Send + Sync>),
}

impl TuneError {
    /// The game's own error `e`.
    pub fn game(e: impl std::error::Error + Send + Sync + 'static) -> Self {
        TuneError::Game(Box::new(e))
    }
}

/// A tuned variant's file, ready to print and write: what a [`Tuner::variant`] returns.
#[derive(Clone, Debug)]
pub struct TunedFile {
    /// The game's command-line name.
    pub game: &'static str,
    /// The text a tuner prints of it ([`tune::variant_text`]): its RTP per mode, its knobs,
    /// its shape beside the published variant's.
    pub text: String,
    /// One warning per shape bound it does not hold ([`tune::unmet_warnings`]).
    pub warnings: Vec<String>,
    /// The file as JSON (pretty, ending in `\n`), already read back by the reader of
    /// `--model FILE`: a file its reader would refuse is never made.
    pub json: String,
    /// True if the variant holds every shape bound: a variant that does not is written, to
    /// be looked at, but is not a result (the runner exits with status 1).
    pub holds: bool,
}

impl TunedFile {
    /// The file of a variant of `G`, checked by its reader.
    ///
    /// # Errors
    /// [`TuneError::Refused`] for a file its reader refuses (naming why).
    pub fn of<G: Game>(file: &VariantFile<G::Model>) -> Result<Self, TuneError> {
        let json = serde_json::to_string_pretty(file)
            .map_err(|e| TuneError::Refused(format!("the variant file cannot be written: {e}")))?
            + "\n";
        slot_core::variant::read_variant_file::<G::Model>(G::NAME, &json).map_err(|e| {
            TuneError::Refused(format!(
                "the variant file made would be refused by its reader ({e}); not written"
            ))
        })?;
        Ok(TunedFile {
            game: G::NAME,
            text: tune::variant_text(file),
            warnings: tune::unmet_warnings(file),
            json,
            holds: file.tuning.unmet().is_empty(),
        })
    }
}

/// A game's tuner, declared in its registry line ([`crate::face::Entry::with_tuner`]).
/// Object safe: the entry holds a `&'static dyn Tuner`.
pub trait Tuner: Send + Sync {
    /// Re-tunes the knobs of the model `request` names to the RTP it is tuned to, saying each
    /// step and the result in lines (without `\n`) to `say`.
    ///
    /// # Errors
    /// [`TuneError`]: a model or mode the game does not have, too few rounds to tell the
    /// candidates apart (naming the rounds that would do), a target the knob cannot reach.
    fn retune(
        &self,
        request: &RetuneRequest<'_>,
        say: &mut dyn FnMut(String),
    ) -> Result<(), TuneError>;

    /// A variant of the published model for `request.target`, every mode, holding the
    /// published variant's shape; its steps said to `say`.
    ///
    /// # Errors
    /// [`TuneError::Target`] outside the tuned range ([`check_target`]); as
    /// [`Tuner::retune`] otherwise.
    fn variant(
        &self,
        request: &VariantRequest,
        say: &mut dyn FnMut(String),
    ) -> Result<TunedFile, TuneError>;
}

/// Nothing if `target` is in the range tuners derive (84 % to 97 %).
///
/// # Errors
/// [`TuneError::Target`], naming the range and `G`'s published RTP (its first mode's).
pub fn check_target<G: Game>(target: TargetRtp) -> Result<(), TuneError> {
    if (LOWEST_TUNED_TARGET..=HIGHEST_TUNED_TARGET).contains(&target) {
        Ok(())
    } else {
        Err(TuneError::Target {
            target,
            published: G::published_rtp(G::MODES[0]),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use moon_princess::MoonPrincess;
    use slot_core::variant::{Tuning, VariantFile};

    /// The tuned range is 84.00 % to 97.00 %, both ends in; outside it the error names the
    /// range and the published RTP.
    #[test]
    fn targets_outside_the_tuned_range_are_refused() {
        assert!(check_target::<MoonPrincess>(TargetRtp(8400)).is_ok());
        assert!(check_target::<MoonPrincess>(TargetRtp(9700)).is_ok());
        let e = check_target::<MoonPrincess>(TargetRtp(8399)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "--target-rtp 83.99 %: the tuner derives variants from 84.00 % to 97.00 %; the published variant is 94.51 %"
        );
        assert!(check_target::<MoonPrincess>(TargetRtp(9701)).is_err());
    }

    /// A variant file is read back by its reader before it is handed out: its JSON is the
    /// file, a file without shape checks holds, and its text names the variant.
    #[test]
    fn a_tuned_file_is_its_readers_json() {
        let file = VariantFile::sealed(
            MoonPrincess::NAME,
            TargetRtp(9300),
            Tuning {
                command: "test".into(),
                method: "by hand".into(),
                seed: Some(7),
                knobs: Vec::new(),
                rtp: vec![("love".into(), 0.93)],
                shape: Vec::new(),
            },
            moon_princess::MathModel::standard(),
        );
        let tuned = TunedFile::of::<MoonPrincess>(&file).unwrap();
        assert!(tuned.holds && tuned.warnings.is_empty());
        assert!(tuned.json.ends_with('\n'));
        let back = slot_core::variant::read_variant_file::<moon_princess::MathModel>(
            MoonPrincess::NAME,
            &tuned.json,
        )
        .unwrap();
        assert_eq!(back.target_rtp, TargetRtp(9300));
        assert!(tuned.text.starts_with("variant 93.00 % of moon-princess:"));
    }
}
