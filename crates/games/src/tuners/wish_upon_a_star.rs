//! Wish Upon a Star's tuner ([`TUNER`]): every figure it steers on is exact. `retune`
//! bisects the weight of the smallest Star value (the published model's one knob) on the
//! exact RTP, then confirms the model found by a simulation; a variant is
//! `wish_upon_a_star::tuning`'s shape-holding exact search, its shape measured by
//! [`slot_sim::tune::variant_file`].

use slot_core::Game as _;
use slot_sim::stats::{INTERVAL_MIN_HITS, INTERVAL_MIN_ROUNDS};
use slot_sim::tune::TunedVariant;
use slot_sim::tuner::{RetuneRequest, TuneError, TunedFile, Tuner, VariantRequest, check_target};
use wish_upon_a_star::exact::to_f64;
use wish_upon_a_star::math_model::{self, MathModel};
use wish_upon_a_star::{ExactFigures, WishUponAStar};

/// Wish Upon a Star's tuner, for its registry line.
pub static TUNER: WishUponAStarTuner = WishUponAStarTuner;

/// Wish Upon a Star's tuner ([`TUNER`]).
#[derive(Clone, Copy, Debug)]
pub struct WishUponAStarTuner;

/// The range of Star low weights `retune` searches.
const WEIGHTS: (u32, u32) = (0, 5_000);

impl Tuner for WishUponAStarTuner {
    /// Bisects the Star low-value weight of the shipped model on the exact RTP towards the
    /// published RTP, then confirms by a simulation of `request.run`'s rounds (its PAR
    /// report said line by line). It derives its model from the shipped one: a `model` is
    /// refused.
    fn retune(
        &self,
        request: &RetuneRequest<'_>,
        say: &mut dyn FnMut(String),
    ) -> Result<(), TuneError> {
        let mode = match request.mode {
            Some(name) => slot_sim::models::mode_named::<WishUponAStar>(name)?,
            None => WishUponAStar::MODES[0],
        };
        if let Some(model) = request.model {
            slot_sim::models::choose::<WishUponAStar>(Some(model), None)?;
            return Err(TuneError::Refused(
                "tune wish-upon-a-star derives its model from the shipped one (its knob is the Star low-value weight); --model is not taken".into(),
            ));
        }
        let target = WishUponAStar::published_rtp(mode).fraction();
        let rtp_of = |w: u32| -> Result<f64, TuneError> {
            Ok(to_f64(
                &ExactFigures::compute(&MathModel::with_star_low_weight(w))
                    .map_err(TuneError::game)?
                    .rtp,
            ))
        };
        // RTP falls as the weight of the smallest value grows (it is below the mean Star
        // value).
        let (mut lo, mut hi) = WEIGHTS;
        let (rtp_lo, rtp_hi) = (rtp_of(lo)?, rtp_of(hi)?);
        if rtp_lo < target || rtp_hi > target {
            return Err(TuneError::Refused(format!(
                "the target {target} is outside the knob's range (RTP {rtp_lo:.5} at weight {lo}, {rtp_hi:.5} at {hi}); change the strips"
            )));
        }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            let r = rtp_of(mid)?;
            say(format!("  weight {mid:>5}: exact RTP {:.6} %", r * 100.0));
            if r > target {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let (rtp_lo, rtp_hi) = (rtp_of(lo)?, rtp_of(hi)?);
        let (best, rtp) = if (rtp_lo - target).abs() <= (rtp_hi - target).abs() {
            (lo, rtp_lo)
        } else {
            (hi, rtp_hi)
        };
        say(format!(
            "STAR_LOW_WEIGHT = {best}: exact RTP {:.6} % (target {:.2} %; shipped weight {})",
            rtp * 100.0,
            target * 100.0,
            math_model::STAR_LOW_WEIGHT
        ));
        let game =
            WishUponAStar::new(&MathModel::with_star_low_weight(best)).map_err(TuneError::game)?;
        say(format!(
            "confirming by simulation ({} rounds, seed {}):",
            request.run.rounds, request.run.seed
        ));
        let config = slot_sim::SimConfig {
            threads: request.run.threads,
            ..slot_sim::SimConfig::rounds(request.run.rounds, request.run.seed)
        };
        let report = slot_sim::simulate(&game, mode, &config, slot_sim::Watch::default())?;
        say(report.text().trim_end_matches('\n').to_string());
        Ok(())
    }

    /// The variant of `wish_upon_a_star::tuning::tune` for the target (every figure it
    /// steers on exact), its shape measured beside the published variant's on
    /// `request.run`'s rounds (at least [`INTERVAL_MIN_ROUNDS`], refused before the search).
    fn variant(
        &self,
        request: &VariantRequest,
        say: &mut dyn FnMut(String),
    ) -> Result<TunedFile, TuneError> {
        check_target::<WishUponAStar>(request.target)?;
        // The shape's runs must be long enough for their figures to mean anything (the rule
        // of `slot_sim::tune::measure`): refused before the exact search rather than after.
        if request.run.rounds < INTERVAL_MIN_ROUNDS {
            return Err(TuneError::Refused(format!(
                "--rounds {}: too few to measure a variant's shape on: the shape's runs need at least {INTERVAL_MIN_ROUNDS} rounds (and {INTERVAL_MIN_HITS} winning rounds) for figures that mean anything; millions tell a variant from the published one",
                request.run.rounds
            )));
        }
        let tuned = wish_upon_a_star::tuning::tune(request.target, request.run.seed)
            .map_err(TuneError::game)?;
        for line in &tuned.log {
            say(format!("  {line}"));
        }
        let file = slot_sim::tune::variant_file(
            &WishUponAStar::standard(),
            TunedVariant {
                target: request.target,
                command: request.command.clone(),
                method: wish_upon_a_star::tuning::METHOD.to_string(),
                knobs: tuned.knobs.values(),
                rtp: Vec::new(),
                model: tuned.model,
            },
            request.run.rounds,
            request.run.seed,
            request.run.threads,
        )?;
        TunedFile::of::<WishUponAStar>(&file)
    }
}
