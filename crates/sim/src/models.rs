//! Choosing a game's math model the way every tool does (the runner's `--model` and `--rtp`,
//! the Python module's `model=` and `rtp=`): a shipped model by name, a variant of the game's
//! RTP ladder by its RTP, or a model file by its path (a bare model, or a variant file as the
//! tuner writes it), and a game's mode by its name ([`mode_named`]).

use slot_core::Game;
use slot_core::game::TargetRtp;
use slot_core::variant::read_variant_file;
use std::path::Path;

/// A mode name the game does not have ([`mode_named`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} has no mode '{mode}'; its modes are {modes}")]
pub struct UnknownMode {
    /// The game.
    pub game: &'static str,
    /// The mode asked for (at most 80 characters of it).
    pub mode: String,
    /// The game's modes, comma-separated.
    pub modes: String,
}

/// The mode of `G` called `name` (`love`, `ante`, `standard`: as reports and the command
/// line name them).
///
/// # Errors
/// [`UnknownMode`], naming the game's modes.
pub fn mode_named<G: Game>(name: &str) -> Result<G::Mode, UnknownMode> {
    G::mode_named(name).ok_or_else(|| UnknownMode {
        game: G::NAME,
        mode: name.chars().take(80).collect(),
        modes: G::MODES
            .iter()
            .map(|&m| G::mode_name(m))
            .collect::<Vec<_>>()
            .join(", "),
    })
}

/// Why a model could not be chosen.
#[derive(Debug, thiserror::Error)]
pub enum ModelChoiceError {
    /// A name that is no shipped model and no file.
    #[error(
        "{game} has no model '{name}'; its models are {models} (or give the path of a model file)"
    )]
    UnknownName {
        /// The game.
        game: &'static str,
        /// The name asked for.
        name: String,
        /// The shipped models, comma-separated.
        models: String,
    },
    /// An RTP the ladder does not have.
    #[error("{game} has no RTP variant {rtp}; its ladder is {ladder}")]
    NoVariant {
        /// The game.
        game: &'static str,
        /// The RTP asked for.
        rtp: TargetRtp,
        /// The ladder's RTPs, comma-separated, or why there is none ([`ladder_text`]).
        ladder: String,
    },
    /// A model file that cannot be read.
    #[error("cannot read the model file {path}: {message}")]
    Read {
        /// The path.
        path: String,
        /// Why.
        message: String,
    },
    /// A file that is no model (nor variant file) of the game.
    #[error("the model file {path} is not a {title} math model: {message}")]
    NotAModel {
        /// The path.
        path: String,
        /// The game's title.
        title: &'static str,
        /// Why.
        message: String,
    },
    /// A model the game refuses.
    #[error("the model is refused: {0}")]
    Refused(String),
}

/// The RTPs of `G`'s ladder as an error names them (`96.00 %, 94.00 %`), or, for a game
/// without a ladder, that it is empty and what to do instead: `empty (the game ships one
/// model, `standard`: leave the RTP out)`.
pub fn ladder_text<G: Game>() -> String {
    if G::VARIANTS.is_empty() {
        return "empty (the game ships one model, `standard`: leave the RTP out)".into();
    }
    G::VARIANTS
        .iter()
        .map(|v| v.rtp.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game on the model `model` names, or on the variant at `rtp`, or on the published
/// model (`standard`) without either; with the RTP the model is tuned to (its variant's for a
/// shipped variant, the file's for a variant file, the published one for any other model).
/// `rtp` wins over `model` (a caller that takes both refuses them together).
///
/// # Errors
/// [`ModelChoiceError`], naming what was asked for and what is allowed.
pub fn choose<G: Game>(
    model: Option<&str>,
    rtp: Option<TargetRtp>,
) -> Result<(G, TargetRtp), ModelChoiceError> {
    choose_model::<G>(model, rtp).map(|(game, _, target)| (game, target))
}

/// [`choose`], with the math model itself (as read: the shipped model, the variant's, the
/// file's bare model or the model of its variant file), for a caller that writes it out
/// (the lab kit's `model.json`).
///
/// # Errors
/// As [`choose`].
pub fn choose_model<G: Game>(
    model: Option<&str>,
    rtp: Option<TargetRtp>,
) -> Result<(G, G::Model, TargetRtp), ModelChoiceError> {
    let name = match (model, rtp) {
        (_, Some(rtp)) => {
            G::variant_at(rtp)
                .ok_or_else(|| ModelChoiceError::NoVariant {
                    game: G::NAME,
                    rtp,
                    ladder: ladder_text::<G>(),
                })?
                .model
        }
        (Some(name), None) => name,
        (None, None) => "standard",
    };
    let (model, file_target) = match G::named_model(name) {
        Some(m) => (m, None),
        None if Path::new(name).exists() || name.contains('/') || name.ends_with(".json") => {
            read_model_file::<G>(name)?
        }
        None => {
            return Err(ModelChoiceError::UnknownName {
                game: G::NAME,
                name: name.to_string(),
                models: G::MODEL_NAMES.join(", "),
            });
        }
    };
    let game = G::new(&model).map_err(|e| ModelChoiceError::Refused(e.to_string()))?;
    if let (Some(file), Some(v)) = (file_target, game.variant())
        && file != v.rtp
    {
        return Err(ModelChoiceError::Refused(format!(
            "the variant file names the target {file}, but its model is the game's {} variant (model {})",
            v.rtp, v.model
        )));
    }
    let target = file_target.unwrap_or_else(|| game.target_rtp(G::MODES[0]));
    Ok((game, model, target))
}

/// A model file: a variant file (it has a `format`) with its target, or a bare model.
fn read_model_file<G: Game>(path: &str) -> Result<(G::Model, Option<TargetRtp>), ModelChoiceError> {
    // Bounded: a path naming an endless file (`/dev/zero`) is refused, not read into memory.
    let text = crate::files::read_text_bounded(
        std::path::Path::new(path),
        crate::files::MAX_JSON_BYTES,
        "a model or variant file",
    )
    .map_err(|e| ModelChoiceError::Read {
        path: path.to_string(),
        message: match e {
            crate::SimError::Io { message, .. } => message,
            other => other.to_string(),
        },
    })?;
    let not_a_model = |message: String| ModelChoiceError::NotAModel {
        path: path.to_string(),
        title: G::TITLE,
        message,
    };
    // A variant file has a `format`; a truncated one is still read as one (for its error).
    let is_variant_file = match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(v) => v.get("format").is_some(),
        Err(_) => text.contains("\"format\""),
    };
    if is_variant_file {
        let file = read_variant_file::<G::Model>(G::NAME, &text)
            .map_err(|e| not_a_model(e.to_string()))?;
        Ok((file.model, Some(file.target_rtp)))
    } else {
        let model =
            slot_core::json::from_str::<G::Model>(&text).map_err(|e| not_a_model(e.to_string()))?;
        Ok((model, None))
    }
}
