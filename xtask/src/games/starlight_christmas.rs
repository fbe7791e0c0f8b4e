//! Runner commands of Starlight Christmas.

use crate::commands::{game_of, mode_of};
use crate::runner::{self, CliError, CliResult};
use crate::{ExactArgs, TuneArgs};
use slot_core::Game as _;
use starlight_christmas::math_model::MathModel;
use starlight_christmas::{BetMode, StarlightChristmas};

pub fn exact(_: &ExactArgs) -> CliResult {
    Err(CliError(
        "starlight-christmas has no exact figures: its tumbles with refill are simulated (use sim)"
            .into(),
    ))
}

/// Moves `delta` weight from the Sun to the Multiplier in the mode's base table (negative: the
/// other way). The table's total stays the same, so the Scatter probability, and with it the
/// free-spin frequency, does not move; and the two are neighbours in the table, so on the
/// same random numbers only draws that fall on the moved weight change (paired runs differ in
/// few rounds).
fn shift_weight(model: &mut MathModel, m: BetMode, delta: i64) -> Result<(), CliError> {
    let w = match m {
        BetMode::Standard => &mut model.base,
        BetMode::Ante => &mut model.ante_base,
    };
    let (su, mu) = (w.paying[8] as i64 - delta, w.multiplier as i64 + delta);
    if su < 0 || mu < 0 {
        return Err(CliError(format!(
            "weight shift {delta} leaves a negative weight"
        )));
    }
    (w.paying[8], w.multiplier) = (su as u32, mu as u32);
    Ok(())
}

/// Tunes the mode's one knob, the weight moved from the Sun to the Multiplier in the mode's
/// base table ([`shift_weight`]), by secant steps on paired runs (same seed, same rounds for
/// every candidate, so their difference has little noise), until the RTP meets 95.50 %.
/// Prints the weights to put into `math_model.rs`; confirm with a large `sim` run.
pub fn tune(a: &TuneArgs) -> CliResult {
    if let Some(target) = a.target_rtp {
        return Err(CliError(format!(
            "tune starlight-christmas --target-rtp {target}: the shape-holding tuner of this game is not built yet (only wish-upon-a-star's is); without --target-rtp, tune re-tunes the published model's knob to the published RTP"
        )));
    }
    let m = mode_of::<StarlightChristmas>(a.choice, a.ante)?;
    let threads = runner::threads(a.threads)?;
    let target = StarlightChristmas::published_rtp(m).fraction();
    let shipped = game_of::<StarlightChristmas>(a.model.as_deref(), None)?
        .model()
        .clone();
    let rtp_at = |delta: i64| -> Result<f64, CliError> {
        let mut model = shipped.clone();
        shift_weight(&mut model, m, delta)?;
        let game = StarlightChristmas::new(&model)?;
        let acc = slot_sim::simulate_sums(
            &game,
            m,
            a.rounds,
            a.seed,
            threads,
            slot_sim::Watch::default(),
        )?;
        if let Some(w) = acc.interval_warning() {
            return Err(CliError(format!(
                "--rounds {}: too few to tune on ({w}); a tuning run needs an RTP interval narrower than the steps it takes (millions of rounds)",
                a.rounds
            )));
        }
        eprintln!(
            "shift {delta:+}: RTP {:.4} % (+- {:.4} pp at 99 %)",
            acc.rtp() * 100.0,
            acc.half_width(slot_core::stats::ConfidenceLevel::P99.z()) * 100.0
        );
        Ok(acc.rtp())
    };
    let (mut x0, mut x1) = (0i64, 8i64);
    let (mut y0, mut y1) = (rtp_at(x0)? - target, rtp_at(x1)? - target);
    for _ in 0..6 {
        if (y1 - y0).abs() < 1e-9 {
            break;
        }
        let x2 = (x1 as f64 - y1 * (x1 - x0) as f64 / (y1 - y0)).round() as i64;
        if x2 == x1 {
            break;
        }
        (x0, y0) = (x1, y1);
        x1 = x2;
        y1 = rtp_at(x1)? - target;
        if y1.abs() < 0.0002 {
            break;
        }
    }
    let mut model = shipped;
    shift_weight(&mut model, m, x1)?;
    let w = match m {
        BetMode::Standard => model.base,
        BetMode::Ante => model.ante_base,
    };
    println!(
        "shift {x1:+}: RTP {:.4} %; {} base weights: {:?}",
        (y1 + target) * 100.0,
        m.name(),
        w
    );
    Ok(())
}
