//! Moon Princess's tuner ([`TUNER`]): each pick's free-spin knob (the weight of the rich
//! free-spin reel set, of [`FREE_WEIGHT_TOTAL`]) re-tuned on the split estimate, and a
//! variant for a target that moves the two base knobs first, by the design rule of
//! `moon_princess::tuning` ([`RULE`]), over the search of [`slot_sim::ladder`].

use moon_princess::math_model::FREE_WEIGHT_TOTAL;
use moon_princess::tuning::RULE;
use moon_princess::{MoonPrincess, Pick};
use slot_sim::ladder::{self, LadderEvent};
use slot_sim::stats::ConfidenceLevel;
use slot_sim::tuner::{RetuneRequest, TuneError, TunedFile, Tuner, VariantRequest, check_target};

/// Moon Princess's tuner, for its registry line.
pub static TUNER: MoonPrincessTuner = MoonPrincessTuner;

/// Moon Princess's tuner ([`TUNER`]).
#[derive(Clone, Copy, Debug)]
pub struct MoonPrincessTuner;

impl Tuner for MoonPrincessTuner {
    /// Re-tunes each pick's free-spin knob (one pick, or all three) so that the pick's RTP is
    /// the model's target (its variant's; the published RTP for any other model), by
    /// [`ladder::retune`].
    fn retune(
        &self,
        request: &RetuneRequest<'_>,
        say: &mut dyn FnMut(String),
    ) -> Result<(), TuneError> {
        let picks = match request.mode {
            Some(name) => vec![slot_sim::models::mode_named::<MoonPrincess>(name)?],
            None => moon_princess::PICKS.to_vec(),
        };
        let (game, target) = slot_sim::models::choose::<MoonPrincess>(request.model, None)?;
        ladder::retune::<MoonPrincess>(
            game.model(),
            &picks,
            target.fraction(),
            &request.run,
            &mut |e| say(event_line(e, false)),
        )?;
        Ok(())
    }

    /// A variant of the published model for the target, every pick, holding the published
    /// variant's shape ([`ladder::tune_variant`]).
    fn variant(
        &self,
        request: &VariantRequest,
        say: &mut dyn FnMut(String),
    ) -> Result<TunedFile, TuneError> {
        check_target::<MoonPrincess>(request.target)?;
        let req = ladder::VariantRequest {
            target: request.target,
            command: request.command.clone(),
            run: request.run,
        };
        let file = ladder::tune_variant::<MoonPrincess>(&req, &mut |e| say(event_line(e, true)))?;
        TunedFile::of::<MoonPrincess>(&file)
    }
}

/// A step of the tuner in words (`variant`: of a variant's tuner, whose found picks read
/// otherwise).
fn event_line(e: LadderEvent<'_, Pick>, variant: bool) -> String {
    match e {
        LadderEvent::Base { seed, base } => {
            let q = base.feature_rounds[0] as f64 / base.rounds as f64;
            format!(
                "base game (paid + Trinity), seed {seed}: RTP {:.4} % +- {:.4} (99 %), free spins 1 in {:.2} ({} triggers in {} rounds)",
                base.rtp() * 100.0,
                base.half_width(ConfidenceLevel::P99.z()) * 100.0,
                1.0 / q,
                base.feature_rounds[0],
                base.rounds
            )
        }
        LadderEvent::Needed { mode, want, share } => format!(
            "pick {mode}: needed mean free-spin value {want:.3} x bet (free-spin share {:.1} %)",
            share * 100.0
        ),
        LadderEvent::Candidate {
            mode,
            knob,
            features,
            feature_seed,
            estimate: e,
        } => format!(
            "  pick {mode}: rich weight {knob}: mean feature {:.3} x bet ({features} features, seed {feature_seed}) -> RTP {:.4} % +- {:.4} (99 %)",
            e.feature_mean,
            e.rtp * 100.0,
            e.half_width_99 * 100.0
        ),
        LadderEvent::ModeFound { mode, found: f } if variant => format!(
            "  pick {mode}: rich weight {}, RTP {:.4} % +- {:.4} pp (99 %)",
            f.knob,
            f.rtp * 100.0,
            f.half_width_99 * 100.0
        ),
        LadderEvent::ModeFound { mode, found: f } => format!(
            "pick {mode}: new knob {} / {FREE_WEIGHT_TOTAL}: mean feature {:.3} x bet -> RTP {:.4} % +- {:.4} (99 %)",
            f.knob,
            f.feature_mean,
            f.rtp * 100.0,
            f.half_width_99 * 100.0
        ),
        LadderEvent::BaseSearch {
            search,
            published_rtp,
            ratio,
        } => format!(
            "base knobs ({}, {}), {} paired base games each: target B {:.4} % (published {:.4} % x {ratio:.5}: half of the RTP's move), free spins 1 in {:.2} (published)",
            RULE.base_knob_names[0],
            RULE.base_knob_names[1],
            search.base_games,
            search.target_rtp * 100.0,
            published_rtp * 100.0,
            1.0 / search.target_trigger_rate
        ),
        LadderEvent::BaseFound { search, found } => {
            let mut lines: Vec<String> = found
                .tried
                .iter()
                .map(|f| {
                    format!(
                        "  random power {:>5}, clear weight {:>4}: B {:.4} %, free spins 1 in {:.2}, base hit rate {:.2} %",
                        f.knobs[0],
                        f.knobs[1],
                        f.rtp * 100.0,
                        1.0 / f.trigger_rate,
                        f.hit_rate * 100.0
                    )
                })
                .collect();
            if !found.converged {
                lines.push(format!(
                    "  (the nearest candidate is kept: B {:+.4} pp from its target, free spins {:+.2} % from the published; the shape below says whether it holds)",
                    (found.best.rtp - search.target_rtp) * 100.0,
                    (found.best.trigger_rate / search.target_trigger_rate - 1.0) * 100.0
                ));
            }
            lines.join("\n")
        }
    }
}
