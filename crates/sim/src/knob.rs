//! One integer knob of a game's mode tuned to a target RTP on the split estimate, with common
//! random numbers: the tuning method of the games whose RTP is simulated (Starlight
//! Christmas; [`crate::split`] gives the estimate).
//!
//! A knob is an integer `k` and a function that builds the game at `k` (`k = 0`: the model
//! tuned from). The knob must change the base game only, never the features: then the
//! features are played alone once, at `k = 0`, and give V, the mean feature win; every
//! candidate `k` plays the **same** base games (the same seed: common random numbers), so
//! that the difference between two candidates carries only the noise of the rounds where
//! they differ. A candidate's RTP is `(B_k + q_k V) / stake`.
//!
//! The **level** (the RTP at `k = 0`) carries the noise of a whole estimate. It is either
//! this search's own (its base games and features at `k = 0`) or an **anchor** known better
//! from elsewhere: the certified RTP of the model tuned from, with its 99 % half-width
//! ([`slot_core::Game::certified_rtp`]). With an anchor a candidate's RTP is
//! `anchor + (RTP_k - RTP_0)`, the difference from paired runs.
//!
//! The search: secant steps from `k = 0` and `k = first_step` on the RTP minus the target,
//! rounded to integers, at most [`MAX_STEPS`] steps, stopping when a step repeats or the
//! RTP is within 0.02 pp of the target. The answer is only as good as the level: a level
//! whose 99 % half-width is wider than the 0.10 pp a model may miss its target by is refused
//! ([`SimError::Config`], naming the base games that would do).

use crate::SimError;
use crate::certify::MAX_DISTANCE;
use crate::run::Watch;
use crate::split;
use slot_core::game::SplitGame;

/// The most secant steps after the first two candidates.
pub const MAX_STEPS: usize = 6;

/// A candidate within this of the target (a fraction: 0.02 pp) ends the search.
pub const CLOSE_ENOUGH: f64 = 0.0002;

/// How a knob is searched (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct KnobSearch {
    /// The target RTP, a fraction of the stake.
    pub target: f64,
    /// Base games per candidate (the same games for every candidate).
    pub base_games: u64,
    /// Features played alone once, at knob 0.
    pub features: u64,
    /// Seed of the base games (the features take [`split::feature_seed`]'s).
    pub seed: u64,
    /// Worker threads; no figure depends on it.
    pub threads: usize,
    /// The second candidate (the first is 0); its sign need not be the right one.
    pub first_step: i64,
    /// The level at knob 0 known from elsewhere: (RTP, 99 % half-width), fractions.
    pub anchor: Option<(f64, f64)>,
}

/// What a knob search found.
#[derive(Clone, Debug, PartialEq)]
pub struct KnobFound {
    /// The knob nearest the target.
    pub knob: i64,
    /// Its RTP, a fraction (the level plus its paired difference from knob 0).
    pub rtp: f64,
    /// The 99 % half-width of the level, a fraction: how well the RTP at the knob is known
    /// (the paired differences add little to it).
    pub half_width_99: f64,
    /// RTP per unit of knob, from the first two candidates.
    pub slope: f64,
    /// The knobs whose RTP the level's interval cannot tell from the target:
    /// `knob -+ half_width_99 / |slope|`.
    pub allowed: (i64, i64),
    /// Every candidate tried, with its RTP, in order.
    pub tried: Vec<(i64, f64)>,
    /// The RTP at knob 0 from this search's own runs, and its 99 % half-width.
    pub own_level: (f64, f64),
    /// V: the mean win of a feature played alone, x bet.
    pub feature_mean: f64,
}

/// Searches the knob of `game_at` in `mode` nearest `s.target` (see the module docs).
///
/// # Errors
/// [`SimError::Config`] if the level is too wide to tune on (naming the base games that
/// would do), or if `game_at` refuses a knob (its error); any error of the runs.
pub fn tune<G: SplitGame>(
    game_at: impl Fn(i64) -> Result<G, SimError>,
    mode: G::Mode,
    s: &KnobSearch,
    watch: Watch<'_>,
) -> Result<KnobFound, SimError> {
    if s.first_step == 0 {
        return Err(SimError::Config {
            setting: "first_step",
            message: "must not be 0 (the first candidate is knob 0)".into(),
        });
    }
    let record = split::run(
        &game_at(0)?,
        &[mode],
        s.base_games,
        s.features,
        s.seed,
        s.threads,
        String::new(),
        watch,
    )?;
    let [(_, at0)] = <[_; 1]>::try_from(record.estimates()).map_err(|_| SimError::Config {
        setting: "mode",
        message: "the split estimate of one mode has one figure".into(),
    })?;
    let stake = record.stake as f64 / 100.0;
    let v = at0.feature_mean;
    let (level, h) = s.anchor.unwrap_or((at0.rtp, at0.half_width_99));
    if h > MAX_DISTANCE {
        let needed = (s.base_games as f64 * (h / MAX_DISTANCE).powi(2) * 1.1).ceil();
        return Err(SimError::Config {
            setting: "base_games",
            message: format!(
                "noise: at {} base games the RTP is known to +- {:.4} pp (99 %), wider than the {:.2} pp a model may miss its target by, so any knob found could be off target by more; tune with {needed:.0} base games or more",
                s.base_games,
                h * 100.0,
                MAX_DISTANCE * 100.0
            ),
        });
    }
    let offset = level - at0.rtp;
    let mut tried = vec![(0, level)];
    let mut rtp_at = |k: i64| -> Result<f64, SimError> {
        if let Some(&(_, r)) = tried.iter().find(|(x, _)| *x == k) {
            return Ok(r);
        }
        let base = split::base_games(&game_at(k)?, mode, s.base_games, s.seed, s.threads, watch)?;
        let n = base.rounds as f64;
        let b = base.total_win as f64 / 100.0 / n;
        let q = base.feature_rounds[0] as f64 / n;
        let r = (b + q * v) / stake + offset;
        tried.push((k, r));
        Ok(r)
    };
    let (mut x0, mut x1) = (0i64, s.first_step);
    let (mut y0, mut y1) = (rtp_at(x0)? - s.target, rtp_at(x1)? - s.target);
    let slope = (y1 - y0) / (x1 - x0) as f64;
    for _ in 0..MAX_STEPS {
        if y1.abs() < CLOSE_ENOUGH || (y1 - y0).abs() < 1e-12 {
            break;
        }
        let x2 = (x1 as f64 - y1 * (x1 - x0) as f64 / (y1 - y0)).round() as i64;
        if x2 == x1 {
            break;
        }
        (x0, y0) = (x1, y1);
        x1 = x2;
        y1 = rtp_at(x1)? - s.target;
    }
    // The candidate nearest the target among all tried (a last secant step can overshoot).
    let (knob, rtp) = tried
        .iter()
        .copied()
        .min_by(|a, b| (a.1 - s.target).abs().total_cmp(&(b.1 - s.target).abs()))
        .unwrap_or((x1, y1 + s.target));
    let spread = if slope.abs() > 0.0 {
        (h / slope.abs()).ceil() as i64
    } else {
        i64::MAX
    };
    Ok(KnobFound {
        knob,
        rtp,
        half_width_99: h,
        slope,
        allowed: (knob.saturating_sub(spread), knob.saturating_add(spread)),
        tried,
        own_level: (at0.rtp, at0.half_width_99),
        feature_mean: v,
    })
}
