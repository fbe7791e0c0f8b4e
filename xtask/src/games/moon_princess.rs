//! Runner commands of Moon Princess that are the game's own: `eval` (a grid's whole tumble
//! sequence) and `tune` (each pick's free-spin knob).

use crate::TuneArgs;
use crate::commands::mode_of;
use crate::runner::{self, CliError, CliResult};
use moon_princess::math_model::FREE_WEIGHT_TOTAL;
use moon_princess::tuning::RULE;
use moon_princess::{MoonPrincess, Pick};
use slot_sim::ladder::{self, LadderEvent, LadderRun, VariantRequest};
use slot_sim::stats::ConfidenceLevel;

/// `cargo xtask tune moon-princess [--choice X] [--rounds N] [--seed S] [--model M]`:
/// re-tunes each pick's free-spin knob (the weight of the rich free-spin reel set,
/// `FREE_RICH_WEIGHTS` in `math_model.rs`) so that the pick's RTP is the model's target (its
/// variant's; the published RTP for any other model), by [`ladder::retune`]. With
/// `--target-rtp`: [`tune_variant`].
pub fn tune(a: &TuneArgs) -> CliResult {
    if let Some(target) = a.target_rtp {
        return tune_variant(a, target);
    }
    let run = ladder_run(a)?;
    let (game, target) = crate::commands::load::<MoonPrincess>(a.model.as_deref(), None)?;
    ladder::retune::<MoonPrincess>(
        game.model(),
        &picks(a)?,
        target.fraction(),
        &run,
        &mut |e| print_event(e, false),
    )?;
    Ok(())
}

/// The run settings of `tune`'s arguments.
fn ladder_run(a: &TuneArgs) -> Result<LadderRun, CliError> {
    Ok(LadderRun {
        rounds: a.rounds,
        seed: a.seed,
        threads: runner::threads(a.threads)?,
    })
}

/// The picks `--choice` names (all three without it).
fn picks(a: &TuneArgs) -> Result<Vec<Pick>, CliError> {
    Ok(match a.choice {
        Some(c) => vec![mode_of::<MoonPrincess>(Some(c), a.ante)?],
        None => {
            // Refuses --ante, which Moon Princess does not have.
            mode_of::<MoonPrincess>(None, a.ante)?;
            moon_princess::PICKS.to_vec()
        }
    })
}

/// Prints a step of the tuner (`variant`: of `--target-rtp`'s tuner, whose found picks print
/// otherwise).
fn print_event(e: LadderEvent<'_, Pick>, variant: bool) {
    match e {
        LadderEvent::Base { seed, base } => {
            let q = base.feature_rounds[0] as f64 / base.rounds as f64;
            println!(
                "base game (paid + Trinity), seed {seed}: RTP {:.4} % +- {:.4} (99 %), free spins 1 in {:.2} ({} triggers in {} rounds)",
                base.rtp() * 100.0,
                base.half_width(ConfidenceLevel::P99.z()) * 100.0,
                1.0 / q,
                base.feature_rounds[0],
                base.rounds
            );
        }
        LadderEvent::Needed { mode, want, share } => println!(
            "pick {mode}: needed mean free-spin value {want:.3} x bet (free-spin share {:.1} %)",
            share * 100.0
        ),
        LadderEvent::Candidate {
            mode,
            knob,
            features,
            feature_seed,
            estimate: e,
        } => println!(
            "  pick {mode}: rich weight {knob}: mean feature {:.3} x bet ({features} features, seed {feature_seed}) -> RTP {:.4} % +- {:.4} (99 %)",
            e.feature_mean,
            e.rtp * 100.0,
            e.half_width_99 * 100.0
        ),
        LadderEvent::ModeFound { mode, found: f } if variant => println!(
            "  pick {mode}: rich weight {}, RTP {:.4} % +- {:.4} pp (99 %)",
            f.knob,
            f.rtp * 100.0,
            f.half_width_99 * 100.0
        ),
        LadderEvent::ModeFound { mode, found: f } => println!(
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
        } => println!(
            "base knobs ({}, {}), {} paired base games each: target B {:.4} % (published {:.4} % x {ratio:.5}: half of the RTP's move), free spins 1 in {:.2} (published)",
            RULE.base_knob_names[0],
            RULE.base_knob_names[1],
            search.base_games,
            search.target_rtp * 100.0,
            published_rtp * 100.0,
            1.0 / search.target_trigger_rate
        ),
        LadderEvent::BaseFound { search, found } => {
            for f in &found.tried {
                println!(
                    "  random power {:>5}, clear weight {:>4}: B {:.4} %, free spins 1 in {:.2}, base hit rate {:.2} %",
                    f.knobs[0],
                    f.knobs[1],
                    f.rtp * 100.0,
                    1.0 / f.trigger_rate,
                    f.hit_rate * 100.0
                );
            }
            if !found.converged {
                println!(
                    "  (the nearest candidate is kept: B {:+.4} pp from its target, free spins {:+.2} % from the published; the shape below says whether it holds)",
                    (found.best.rtp - search.target_rtp) * 100.0,
                    (found.best.trigger_rate / search.target_trigger_rate - 1.0) * 100.0
                );
            }
        }
    }
}

/// `tune moon-princess --target-rtp R`: a variant of the published model for a target from
/// 84 % to 97 %, every pick, holding the published variant's shape (the design rule:
/// [`moon_princess::tuning`]; the search: [`ladder::tune_variant`]), its file written.
fn tune_variant(a: &TuneArgs, target: slot_core::game::TargetRtp) -> CliResult {
    crate::commands::check_tune_variant(
        a,
        "moon-princess",
        "for every pick",
        target,
        moon_princess::game::TARGET_RTP,
    )?;
    let req = VariantRequest {
        target,
        command: crate::commands::command_line(),
        run: ladder_run(a)?,
    };
    let file = ladder::tune_variant::<MoonPrincess>(&req, &mut |e| print_event(e, true))?;
    crate::commands::finish_variant(&file, a.out.as_deref())
}
