//! Which markets may run each variant of a game, in each mode, at which bets, and what the
//! help page must show: market profiles as data, judged against the game's certified figures
//! and facts.
//!
//! - [`profile`]: the profiles (`markets/<id>.toml` in the repository), one per market or
//!   platform, every rule with its clause, date in force and source, read and checked whole
//!   ([`profile::read_dir`]; typed [`profile::ProfileError`] naming file, rule and field).
//! - [`subject`]: the game's facts (bet ladder, mode costs, picks, offers, cap) and each
//!   variant's certified figures (RTP with its 99 % interval from the committed record, award
//!   odds with their 95 % interval, or exact figures), never a declared number.
//! - [`verdict`]: each market's verdict per variant and mode (*allowed*, *allowed with
//!   disclosures*, *not allowed*, *undecided*), each line citing the rule and the figure.
//!
//! - [`sheet`]: the markets section of a PAR sheet's disclosure and of a lab kit
//!   (`markets.md`), for the one model the sheet or kit is of.
//!
//! [`judge_game`] is the whole of it for a game type: what `cargo xtask markets` prints;
//! [`judge_model`] the same for the one model a game instance plays.
//!
//! ```
//! # use std::path::Path;
//! let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
//! let m = slot_sim::markets::judge_game::<starlight_christmas::StarlightChristmas>(
//!     &root,
//!     &root.join("markets"),
//!     &["de".to_string()],
//!     &slot_sim::markets::Models::Ladder,
//! )
//! .unwrap();
//! assert_eq!(m.markets[0].market, "de");
//! ```

pub mod profile;
pub mod sheet;
pub mod subject;
pub mod verdict;

use slot_core::Game;
use slot_core::game::TargetRtp;
use std::path::Path;

/// Which models of a game are judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Models {
    /// Every variant of its RTP ladder.
    Ladder,
    /// The variant of the ladder at this RTP.
    Rtp(TargetRtp),
    /// A shipped model by name, or a model file by its path.
    Named(String),
}

/// Why a game could not be judged.
#[derive(Debug, thiserror::Error)]
pub enum MarketsError {
    /// A profile could not be read or is refused, or a market is unknown.
    #[error(transparent)]
    Profile(#[from] profile::ProfileError),
    /// The model asked for is unknown or refused.
    #[error(transparent)]
    Model(#[from] crate::models::ModelChoiceError),
}

/// The verdicts of the markets `ids` (all profiles in `dir` for none) on the game `G`, for
/// the models `models`; `root` is the repository (certification records are read below
/// it). Every profile is read and checked before anything is judged.
///
/// # Errors
/// [`MarketsError`]: a profile refused or a market unknown (naming the known ones); a model
/// unknown or refused.
pub fn judge_game<G: Game>(
    root: &Path,
    dir: &Path,
    ids: &[String],
    models: &Models,
) -> Result<verdict::Matrix, MarketsError> {
    let profiles = profile::read_dir(dir)?;
    let chosen = profile::select(&profiles, ids)?;
    let subject = match models {
        Models::Ladder => subject::of_variants::<G>(root),
        Models::Rtp(rtp) => {
            let (game, target) = crate::models::choose::<G>(None, Some(*rtp))?;
            let name = G::variant_at(*rtp).map_or("standard", |v| v.model);
            subject::of_game(root, &game, name.to_string(), target)
        }
        Models::Named(name) => {
            let (game, target) = crate::models::choose::<G>(Some(name), None)?;
            subject::of_game(root, &game, name.clone(), target)
        }
    };
    Ok(verdict::judge(&subject, &chosen))
}

/// The verdicts of every profile in `dir` on the one model `game` plays (called `model`,
/// tuned to `target`): what a PAR sheet's or a lab kit's markets section shows. `root` is the
/// repository (certification records are read below it).
///
/// # Errors
/// [`MarketsError::Profile`]: a profile refused (nothing is judged from a half-read folder).
pub fn judge_model<G: Game>(
    root: &Path,
    dir: &Path,
    game: &G,
    model: &str,
    target: TargetRtp,
) -> Result<verdict::Matrix, MarketsError> {
    let profiles = profile::read_dir(dir)?;
    let chosen = profile::select(&profiles, &[])?;
    let subject = subject::of_game(root, game, model.to_string(), target);
    Ok(verdict::judge(&subject, &chosen))
}
