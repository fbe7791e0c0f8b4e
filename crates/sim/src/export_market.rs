//! (feature `stake-export`) The Stake Engine market verdict of an export ([`stake_verdict`]):
//! the platform's profile (`markets/stake-engine.toml`, read by [`crate::markets::profile`])
//! judged ([`crate::markets::verdict`]) on the variant **as exported**: each exported mode's
//! RTP is the table's in the platform's payouts (the certified RTP less what the 0.10 x step
//! takes, [`ExportedMode::platform_rtp`]) with the certified figure's 99 %
//! half-width, its top award's odds the certified ones (which the table carries, or states as
//! not carried), only the exported modes judged (the spread between modes is theirs).

use crate::markets::subject::RtpFigure;
use crate::markets::{profile, subject, verdict};
use serde::{Deserialize, Serialize};
use slot_core::Game;
use slot_core::game::TargetRtp;
use std::path::Path;

/// The market profile an export is judged against.
pub const STAKE_ENGINE: &str = "stake-engine";

/// An exported mode's figures the verdict reads (from the export's
/// [`crate::export::ModeSummary`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ExportedMode {
    /// The mode.
    pub name: String,
    /// The table's RTP in the platform's payouts, a fraction of the cost.
    pub platform_rtp: f64,
    /// The certified RTP the table reproduces, a fraction of the cost.
    pub certified_rtp: f64,
    /// Its 99 % half-width (`None`: exact, or no certified figure).
    pub half_width_99: Option<f64>,
    /// The RTP the payout step takes, a fraction of the cost.
    pub rtp_lost_to_step: f64,
}

/// The verdict of one exported mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModeVerdict {
    /// The mode.
    pub mode: String,
    /// The verdict in words (`allowed`, `not allowed`, ...).
    pub status: String,
    /// Each rule's finding: `rule: outcome: finding`.
    pub lines: Vec<String>,
}

/// The market verdict of an export, as its summary records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarketCheck {
    /// The profile's id ([`STAKE_ENGINE`]).
    pub market: String,
    /// One verdict per exported mode, in the export's order.
    pub modes: Vec<ModeVerdict>,
}

/// Why an export carries no market verdict.
#[derive(Debug, thiserror::Error)]
pub enum MarketCheckError {
    /// No repository was given (the profiles and records lie below it).
    #[error("no repository given: the market profiles are read from its markets/ folder")]
    NoRoot,
    /// The profile could not be read.
    #[error(transparent)]
    Profile(#[from] profile::ProfileError),
    /// The model could not be loaded again for its facts.
    #[error(transparent)]
    Model(#[from] crate::models::ModelChoiceError),
}

/// The Stake Engine verdict on the exported modes `modes` of `G`'s model `model` (a shipped
/// model's name or a model file's path; `None` with `rtp` for a ladder variant, both `None`
/// for the published model); `root` is the repository.
///
/// # Errors
/// [`MarketCheckError`]: no repository, the profile unreadable or missing, the model refused.
pub fn stake_verdict<G: Game>(
    root: Option<&Path>,
    model: Option<&str>,
    rtp: Option<TargetRtp>,
    modes: &[ExportedMode],
) -> Result<MarketCheck, MarketCheckError> {
    let root = root.ok_or(MarketCheckError::NoRoot)?;
    let profiles = profile::read_dir(&root.join("markets"))?;
    let chosen = profile::select(&profiles, &[STAKE_ENGINE.to_string()])?;
    let (game, target) = crate::models::choose::<G>(model, rtp)?;
    let name = match (model, rtp) {
        (Some(m), _) => m.to_string(),
        (None, Some(r)) => G::variant_at(r).map_or("standard", |v| v.model).to_string(),
        (None, None) => "standard".to_string(),
    };
    let mut s = subject::of_game(root, &game, name, target);
    for v in &mut s.variants {
        v.modes.retain(|f| modes.iter().any(|m| m.name == f.mode));
        for f in &mut v.modes {
            let Some(m) = modes.iter().find(|m| m.name == f.mode) else {
                continue;
            };
            let half = m.half_width_99;
            let sd = f.rtp.as_ref().ok().and_then(|r| r.sd);
            f.rtp = Ok(RtpFigure {
                rtp: m.platform_rtp,
                half_width_99: half,
                sd,
                source: format!(
                    "the exported table's RTP in the platform's payouts ({:.4} % certified, {:.4} pp taken by the 0.10 x step)",
                    m.certified_rtp * 100.0,
                    m.rtp_lost_to_step * 100.0
                ),
            });
        }
    }
    let matrix = verdict::judge(&s, &chosen);
    let modes = matrix
        .markets
        .iter()
        .flat_map(|mv| mv.verdicts.iter())
        .map(|v| ModeVerdict {
            mode: v.mode.clone(),
            status: v.status.words().to_string(),
            lines: v
                .lines
                .iter()
                .map(|l| format!("{}: {:?}: {}", l.rule, l.outcome, l.finding))
                .collect(),
        })
        .collect();
    Ok(MarketCheck {
        market: STAKE_ENGINE.to_string(),
        modes,
    })
}
