//! Runner commands of Wish Upon a Star (README, "The runner"): `sim`, `eval`, `play`, `exact`,
//! `tune`.

use crate::commands::{game_of, mode_of, print_report};
use crate::runner::{self, CliError, CliResult};
use crate::{ExactArgs, TuneArgs};
use slot_core::Game as _;
use wish_upon_a_star::exact::to_f64;
use wish_upon_a_star::exact_report::{self, ExactReport};
use wish_upon_a_star::math_model::{self, MathModel};
use wish_upon_a_star::{ExactFigures, WishUponAStar};

/// `exact`: the figures of the model given, as text or JSON
/// ([`wish_upon_a_star::exact_report`]).
pub fn exact(a: &ExactArgs) -> CliResult {
    // `compute` checks the model (structure, and that free spins end) before computing.
    let game = game_of::<WishUponAStar>(a.model.as_deref(), a.rtp)?;
    let e = ExactFigures::compute(game.model())?;
    if a.json {
        println!("{}", serde_json::to_string(&ExactReport::new(&game, &e))?);
    } else {
        print!("{}", exact_report::text(&game, &e));
    }
    Ok(())
}

/// `tune`: bisects the Star low-value weight on the exact RTP, then confirms by simulation.
pub fn tune(a: &TuneArgs) -> CliResult {
    let mode = mode_of::<WishUponAStar>(a.choice, a.ante)?;
    if let Some(target) = a.target_rtp {
        return tune_variant(a, target);
    }
    if a.model.is_some() {
        game_of::<WishUponAStar>(a.model.as_deref(), None)?;
        return Err(CliError(
            "tune wish-upon-a-star derives its model from the shipped one (its knob is the Star low-value weight); --model is not taken".into(),
        ));
    }
    let target = WishUponAStar::published_rtp(mode).fraction();
    let rtp_of = |w: u32| -> Result<f64, CliError> {
        Ok(to_f64(
            &ExactFigures::compute(&MathModel::with_star_low_weight(w))?.rtp,
        ))
    };
    // RTP falls as the weight of the smallest value grows (it is below the mean Star value).
    let (mut lo, mut hi) = (0u32, 5_000u32);
    let (rtp_lo, rtp_hi) = (rtp_of(lo)?, rtp_of(hi)?);
    if rtp_lo < target || rtp_hi > target {
        return Err(CliError(format!(
            "the target {target} is outside the knob's range (RTP {rtp_lo:.5} at weight {lo}, {rtp_hi:.5} at {hi}); change the strips"
        )));
    }
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        let r = rtp_of(mid)?;
        println!("  weight {mid:>5}: exact RTP {:.6} %", r * 100.0);
        if r > target { lo = mid } else { hi = mid }
    }
    let (rtp_lo, rtp_hi) = (rtp_of(lo)?, rtp_of(hi)?);
    let (best, rtp) = if (rtp_lo - target).abs() <= (rtp_hi - target).abs() {
        (lo, rtp_lo)
    } else {
        (hi, rtp_hi)
    };
    println!(
        "STAR_LOW_WEIGHT = {best}: exact RTP {:.6} % (target {:.2} %; shipped weight {})",
        rtp * 100.0,
        target * 100.0,
        math_model::STAR_LOW_WEIGHT
    );
    let game = WishUponAStar::new(&MathModel::with_star_low_weight(best))?;
    println!(
        "confirming by simulation ({} rounds, seed {}):",
        a.rounds, a.seed
    );
    let config = slot_sim::SimConfig {
        threads: runner::threads(a.threads)?,
        ..slot_sim::SimConfig::rounds(a.rounds, a.seed)
    };
    let report = slot_sim::simulate(&game, mode, &config, slot_sim::Watch::default())?;
    print_report(&report, false);
    Ok(())
}

/// `tune wish-upon-a-star --target-rtp R`: the variant for R, its shape and its file.
fn tune_variant(a: &TuneArgs, target: slot_core::game::TargetRtp) -> CliResult {
    if a.model.is_some() {
        return Err(CliError(
            "tune --target-rtp derives the variant from the published model; --model is not taken"
                .into(),
        ));
    }
    if let Some(out) = &a.out {
        crate::commands::probe_writable(out)?;
    }
    // The shape's runs must be long enough for their figures to mean anything (the rule of
    // `slot_sim::tune::measure`, which every tuner's shape goes through): refused before the
    // exact search rather than after it.
    let (least, hits) = (
        slot_sim::stats::INTERVAL_MIN_ROUNDS,
        slot_sim::stats::INTERVAL_MIN_HITS,
    );
    if a.rounds < least {
        return Err(CliError(format!(
            "--rounds {}: too few to measure a variant's shape on: the shape's runs need at least {least} rounds (and {hits} winning rounds) for figures that mean anything; millions tell a variant from the published one",
            a.rounds
        )));
    }
    let tuned = wish_upon_a_star::tuning::tune(target, a.seed)?;
    for line in &tuned.log {
        println!("  {line}");
    }
    let file = slot_sim::tune::variant_file(
        &WishUponAStar::standard(),
        slot_sim::tune::TunedVariant {
            target,
            command: crate::commands::command_line(),
            method: wish_upon_a_star::tuning::METHOD.to_string(),
            knobs: tuned.knobs.values(),
            rtp: Vec::new(),
            model: tuned.model,
        },
        a.rounds,
        a.seed,
        runner::threads(a.threads)?,
    )?;
    crate::commands::finish_variant(&file, a.out.as_deref())
}
