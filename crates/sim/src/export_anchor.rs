//! The certified figures an export's weights are anchored on ([`anchor_of`]): what a game's
//! evidence ([`slot_core::evidence`], its records read and checked against the model's
//! fingerprint as [`crate::evidence`] reads them) says of a mode, turned into the
//! [`AnchorFigures`] that [`crate::export_weights::calibrate`] makes a table reproduce.
//!
//! # What the evidence holds, and what is taken from it
//!
//! * **The RTP**: the certified figure of the mode (an exact figure, a split estimate or a
//!   whole-round run), always; the table's mean win is it times the mode's cost.
//! * **The feature's probability and the mean win of a feature round**: from a split record
//!   ([`crate::split::SplitRecord`]: Moon Princess's picks, Starlight Christmas's bet modes):
//!   `q = triggers / base games` and `trigger_win / triggers + V` (the triggering base games'
//!   mean win plus the features' mean played alone), so that `(1 - q) m_N + q m_F` is the
//!   certified `B + q V`. The feature is the game's first ([`slot_core::Game::FEATURES`]`[0]`,
//!   the free spins of every game here), the one a split record counts.
//! * **The cap's probability**: the certified odds of the mode's `cap` award
//!   ([`slot_core::evidence::AwardOdds`]).
//! * **The win-size buckets' probabilities and the hit rate**: from a certified whole-round
//!   report of the mode (its evidence's `sd` report or the report its RTP rests on: Starlight
//!   Christmas's 10^9-round runs of the published model), with their 99 % intervals.
//!
//! What no record holds is left to the reference run the export plays and stated: Moon
//! Princess's and the ladder variants' hit rate and bucket probabilities (split records count
//! no hits and no win sizes of whole rounds), and Wish Upon a Star's feature probability and
//! buckets (its exact figures are computed by the game's `exact` feature, not stated as
//! evidence; only its exact RTP is).

use crate::evidence::{read, record_error};
use crate::export_weights::AnchorFigures;
use crate::split::SplitRecord;
use crate::stats::BUCKETS;
use crate::{Catalog, Report};
use serde::{Deserialize, Serialize};
use slot_core::Game;
use slot_core::evidence::{Method, SdSource};
use std::path::Path;

pub use crate::evidence::EvidenceError;

/// The normal quantile of a two-sided 99 % interval.
const Z99: f64 = crate::split::Z99;

/// A mode's anchor: the figures the table reproduces and where each comes from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Anchor {
    /// The certified RTP, a fraction of the cost.
    pub rtp: f64,
    /// Its 99 % half-width (`None`: exact; also `None` for a reference run's anchor, see
    /// `certified`).
    pub rtp_half_width_99: Option<f64>,
    /// The feature's probability and its 99 % half-width, if certified.
    pub feature_rate: Option<(f64, f64)>,
    /// The mean win of a round with the feature, hundredths of the bet, if certified.
    pub feature_mean: Option<f64>,
    /// The cap's certified probability and the cap, hundredths of the bet.
    pub cap: Option<(f64, u64)>,
    /// The certified whole-round report's bucket probabilities
    /// ([`crate::stats::BUCKET_LABELS`]) and its rounds.
    pub buckets: Option<(Vec<f64>, u64)>,
    /// The hit rate and its 99 % half-width, if certified.
    pub hit_rate: Option<(f64, f64)>,
    /// Whether the anchor is certified evidence (else the export's own reference run, for a
    /// model without evidence).
    pub certified: bool,
    /// Where each figure comes from, in words.
    pub sources: Vec<String>,
}

impl Anchor {
    /// The figures [`crate::export_weights::calibrate`] takes, at the mode's `cost`
    /// (hundredths of the bet).
    #[must_use]
    pub fn figures(&self, cost: u64) -> AnchorFigures {
        AnchorFigures {
            mean_win: self.rtp * cost as f64,
            feature: self
                .feature_rate
                .zip(self.feature_mean)
                .map(|((q, _), m)| (q, m)),
            cap: self.cap,
            buckets: self.buckets.as_ref().and_then(|(b, _)| {
                let mut out = [0f64; BUCKETS];
                (b.len() == BUCKETS).then(|| {
                    out.copy_from_slice(b);
                    out
                })
            }),
        }
    }

    /// The 99 % half-width of a probability `p` estimated from `n` rounds (normal
    /// approximation of the binomial).
    #[must_use]
    pub fn half_width(p: f64, n: u64) -> f64 {
        Z99 * (p * (1.0 - p) / (n.max(1) as f64)).sqrt()
    }
}

/// The anchor of `mode` of the variant `game` plays, from its certified evidence; `root` is the
/// repository (the game crate's records are below it).
///
/// # Errors
/// [`EvidenceError`]: no evidence of the model or of the mode; a record unreadable, failing its
/// checks, or of another model.
pub fn anchor_of<G: Game>(root: &Path, game: &G, mode: G::Mode) -> Result<Anchor, EvidenceError> {
    let variant =
        crate::evidence::variant_of(game).ok_or(EvidenceError::NoVariant { game: G::NAME })?;
    let name = G::mode_name(mode);
    let e = variant.mode(name).ok_or(EvidenceError::NoMode {
        mode: name,
        model: variant.model,
    })?;
    let fingerprint = game.fingerprint();
    let dir = G::evidence().crate_dir;
    let mut anchor = Anchor {
        rtp: e.rtp,
        rtp_half_width_99: e.half_width_99,
        feature_rate: None,
        feature_mean: None,
        cap: None,
        buckets: None,
        hit_rate: None,
        certified: true,
        sources: Vec::new(),
    };
    let mut report_path: Option<&str> = None;
    match e.method {
        Method::Exact => {
            anchor.rtp = game.exact_rtp(mode).unwrap_or(e.rtp);
            anchor
                .sources
                .push(format!("RTP: exact, {} ({})", variant.model, e.how));
        }
        Method::Split { record } => {
            let path = crate::evidence::path_of::<G>(root, record);
            let text = read(&path)?;
            let rec: SplitRecord =
                slot_core::json::from_str(&text).map_err(|err| record_error(&path, err))?;
            rec.check_as::<G>(G::evidence().split_base_by_mode)
                .map_err(|err| record_error(&path, err))?;
            if rec.model_fingerprint != fingerprint {
                return Err(EvidenceError::Stale {
                    path,
                    model: variant.model,
                    found: rec.model_fingerprint.short().to_string(),
                });
            }
            let (est, pick) = rec
                .estimates()
                .into_iter()
                .zip(&rec.picks)
                .find(|((p, _), _)| p == name)
                .map(|((_, est), f)| (est, f.clone()))
                .ok_or_else(|| record_error(&path, format!("no mode {name} in it")))?;
            anchor.rtp = est.rtp;
            let b = &rec.base;
            if b.triggers > 0 && pick.features > 0 && b.rounds > 0 {
                let q = b.triggers as f64 / b.rounds as f64;
                anchor.feature_rate = Some((q, Anchor::half_width(q, b.rounds)));
                anchor.feature_mean = Some(
                    b.trigger_win as f64 / b.triggers as f64
                        + pick.win as f64 / pick.features as f64,
                );
            }
            anchor.sources.push(format!(
                "RTP, feature probability and mean feature-round win: split record {dir}/{record} ({} base games, seed {}; {} features, seed {})",
                b.rounds, b.seed, pick.features, pick.seed
            ));
        }
        Method::WholeRounds { report } => report_path = Some(report),
    }
    if let SdSource::Report { report } = e.sd {
        report_path = report_path.or(Some(report));
    }
    if let Some(report) = report_path {
        let path = crate::evidence::path_of::<G>(root, report);
        let r = Report::from_json(&path, &read(&path)?, &Catalog::new().with::<G>())
            .map_err(|err| record_error(&path, err))?;
        if r.model_fingerprint != fingerprint {
            return Err(EvidenceError::Stale {
                path,
                model: variant.model,
                found: r.model_fingerprint.short().to_string(),
            });
        }
        let sums = &r.par.sums;
        if r.par.mode != name || sums.rounds == 0 {
            return Err(record_error(
                &path,
                format!("is a run of mode {}, not of {name}", r.par.mode),
            ));
        }
        let n = sums.rounds;
        let probabilities: Vec<f64> = sums.buckets.iter().map(|&c| c as f64 / n as f64).collect();
        let hit = sums.hits as f64 / n as f64;
        anchor.hit_rate = Some((hit, Anchor::half_width(hit, n)));
        anchor.buckets = Some((probabilities, n));
        if matches!(e.method, Method::WholeRounds { .. }) {
            anchor.rtp = r.par.rtp;
        }
        anchor.sources.push(format!(
            "hit rate and win-size buckets: whole-round run {dir}/{report} ({n} rounds, seed {})",
            r.par.seed
        ));
    }
    if let (Some(o), Some(cap)) = (e.odds.iter().find(|o| o.award.starts_with("cap")), G::CAP) {
        anchor.cap = Some((o.probability, cap.limit.hundredths()));
        anchor.sources.push(format!("cap probability: {}", o.how));
    }
    Ok(anchor)
}

/// The anchor of a model without certified evidence: its reference run's own figures (RTP
/// `rtp`, a fraction of the cost), stated as such.
#[must_use]
pub fn reference_anchor(rtp: f64, rounds: u64) -> Anchor {
    Anchor {
        rtp,
        rtp_half_width_99: None,
        feature_rate: None,
        feature_mean: None,
        cap: None,
        buckets: None,
        hit_rate: None,
        certified: false,
        sources: vec![format!(
            "no certified evidence of this model: every figure is the export's reference run's ({rounds} rounds)"
        )],
    }
}
