//! Runner commands of Wish Upon a Star (README, "The runner"): `sim`, `eval`, `play`, `exact`,
//! `tune`.

use crate::commands::{game_of, mode_of, print_report};
use crate::runner::{self, CliError, CliResult};
use crate::{ExactArgs, TuneArgs};
use num_rational::BigRational;
use num_traits::Zero;
use serde::Serialize;
use slot_core::Game as _;
use wish_upon_a_star::exact::to_f64;
use wish_upon_a_star::figures::{FIGURES, FigureUnit};
use wish_upon_a_star::math_model::{self, MathModel};
use wish_upon_a_star::{ExactFigures, SOURCES, WishUponAStar};

const GAME: &str = "wish-upon-a-star";

/// A ratio in both forms for the JSON report.
#[derive(Serialize)]
struct Exact {
    value: f64,
    fraction: String,
}

fn ex(r: &BigRational) -> Exact {
    Exact {
        value: to_f64(r),
        fraction: r.to_string(),
    }
}

fn one_in(r: &BigRational) -> f64 {
    1.0 / to_f64(r)
}

#[derive(Serialize)]
struct ExactJson {
    game: &'static str,
    /// The fingerprint of the model the figures are of.
    model_fingerprint: String,
    /// Its variant of the RTP ladder (`"90.00 %"`), absent for a model off the ladder.
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<String>,
    rtp: Exact,
    rtp_by_source: std::collections::BTreeMap<&'static str, Exact>,
    base_ways_rtp: Exact,
    base_scatter_rtp: Exact,
    base_ways_hit_frequency: Exact,
    base_paytable_hit_frequency: Exact,
    base_free_spins_trigger_probability: Exact,
    free_spins_probability_per_round: Exact,
    free_spins_one_in: f64,
    free_spins_per_award: Exact,
    free_spin_value: Exact,
    free_spins_share: Exact,
    free_ways_value: Exact,
    base_full_wild_reel: [Exact; 2],
    base_lock_and_spin_probability: Exact,
    lock_and_spin_mean_value: Exact,
    lock_and_spin_grand_probability: Exact,
    mean_star_value: Exact,
    lock_and_spin_by_start: Vec<serde_json::Value>,
    grands_per_round: Exact,
    grand_one_in_rounds: f64,
    base_combinations: String,
}

fn exact_json(game: &WishUponAStar, e: &ExactFigures) -> ExactJson {
    let bf = &e.base_features;
    let ls_grand = if bf.lock_and_spin_probability.is_zero() {
        BigRational::zero()
    } else {
        &bf.grand_probability / &bf.lock_and_spin_probability
    };
    ExactJson {
        game: GAME,
        model_fingerprint: game.fingerprint().to_string(),
        variant: game.variant().map(|v| v.rtp.to_string()),
        rtp: ex(&e.rtp),
        rtp_by_source: SOURCES
            .iter()
            .zip(&e.rtp_by_source)
            .map(|(s, r)| (*s, ex(r)))
            .collect(),
        base_ways_rtp: ex(&e.base.ways_value),
        base_scatter_rtp: ex(&e.base.scatter_probability),
        base_ways_hit_frequency: ex(&e.base.ways_hit_frequency),
        base_paytable_hit_frequency: ex(&e.base.paytable_hit_frequency),
        base_free_spins_trigger_probability: ex(&e.base.scatter_probability),
        free_spins_probability_per_round: ex(&e.free_spins_probability),
        free_spins_one_in: one_in(&e.free_spins_probability),
        free_spins_per_award: ex(&e.free_spins_per_award),
        free_spin_value: ex(&e.free_spin_value),
        free_spins_share: ex(&e.free_spins_share()),
        free_ways_value: ex(&e.free.ways_value),
        base_full_wild_reel: [
            ex(&e.base.full_wild_probability[0]),
            ex(&e.base.full_wild_probability[1]),
        ],
        base_lock_and_spin_probability: ex(&bf.lock_and_spin_probability),
        lock_and_spin_mean_value: ex(&bf.lock_and_spin_mean),
        lock_and_spin_grand_probability: ex(&ls_grand),
        mean_star_value: ex(&e.lock_and_spin.mean_star_value),
        lock_and_spin_by_start: (6..=15)
            .map(|k| {
                serde_json::json!({
                    "stars": k,
                    "expected_final_stars": to_f64(&e.lock_and_spin.expected_stars[k]),
                    "grand_probability": to_f64(&e.lock_and_spin.grand_probability[k]),
                    "mean_value": to_f64(&e.lock_and_spin.mean_value[k]),
                })
            })
            .collect(),
        grands_per_round: ex(&e.grands_per_round),
        grand_one_in_rounds: one_in(&e.grands_per_round),
        base_combinations: e.base.combinations.to_string(),
    }
}

fn short(r: &BigRational) -> String {
    let s = r.to_string();
    if s.len() > 60 {
        format!(
            "{} digits / {} digits",
            r.numer().to_string().len(),
            r.denom().to_string().len()
        )
    } else {
        s
    }
}

pub fn exact(a: &ExactArgs) -> CliResult {
    // `compute` checks the model (structure, and that free spins end) before computing.
    let game = game_of::<WishUponAStar>(a.model.as_deref(), a.rtp)?;
    let e = ExactFigures::compute(game.model())?;
    if a.json {
        println!("{}", serde_json::to_string(&exact_json(&game, &e))?);
        return Ok(());
    }
    let pct = |r: &BigRational| format!("{:.6} %", to_f64(r) * 100.0);
    println!(
        "Exact figures: {GAME} ({}; model sha256 {}; rational arithmetic, no sampling)",
        game.variant().map_or_else(
            || "a model off the RTP ladder".to_string(),
            |v| format!("the {} variant", v.rtp)
        ),
        game.fingerprint()
    );
    println!("  base stop combinations: {}", e.base.combinations);
    for f in &FIGURES {
        let r = f.value(&e);
        match f.unit {
            FigureUnit::Fraction => println!("  {:<42}{:>14}   = {}", f.label, pct(&r), short(&r)),
            FigureUnit::TimesBet => {
                println!("  {:<42}{:>13.6}x   = {}", f.label, to_f64(&r), short(&r));
            }
            FigureUnit::Count => {
                println!("  {:<42}{:>14.6}   = {}", f.label, to_f64(&r), short(&r))
            }
        }
        if let Some(what) = f.one_in {
            println!("    1 in {:.2} {what}", one_in(&r));
        }
        if f.name == "rtp" {
            for (s, r) in SOURCES.iter().zip(&e.rtp_by_source) {
                println!(
                    "  {:<42}{:>14}   = {}",
                    format!("  RTP from {s}"),
                    pct(r),
                    short(r)
                );
            }
        }
    }
    println!(
        "  Lock & Spin by Stars at the start (respin Star chance per empty cell {}/{}):",
        game.model().respin_star.numerator,
        game.model().respin_star.denominator
    );
    println!("    stars  expected final stars   P(Grand)          mean value x bet");
    for k in 6..=15 {
        println!(
            "    {k:>5}  {:>20.10}   {:>14.6e}   {:>14.6}",
            to_f64(&e.lock_and_spin.expected_stars[k]),
            to_f64(&e.lock_and_spin.grand_probability[k]),
            to_f64(&e.lock_and_spin.mean_value[k])
        );
    }
    println!(
        "    P(Grand | 6 Stars) exactly = {}",
        e.lock_and_spin.grand_probability[6]
    );
    println!(
        "  Grand (200x) expected per round         1 in {:.4e}  (GLI-11: rarer than 1 in 10^8: {})",
        one_in(&e.grands_per_round),
        one_in(&e.grands_per_round) > 1e8
    );
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
