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

/// Features played alone per base game in a tuning run: about the split estimate's best
/// share for Starlight Christmas (the variance of the free spins against their cost).
const FEATURES_PER_BASE_GAME: u64 = 40;

/// Tunes the mode's one knob, the weight moved from the Sun to the Multiplier in the mode's
/// base table ([`shift_weight`]), on the split estimate: the knob changes only the base game,
/// so the free spins are played alone once (`--rounds` / 40 features) and every candidate
/// plays the same `--rounds` base games (common random numbers: their differences carry
/// little noise). Secant steps on `(B + q V) / stake` find the knob nearest the target. The
/// answer is only as good as the RTP's own 99 % interval at the solution: wider than the
/// 0.10 pp a shipped model may miss its target by, and it is refused, naming the rounds that
/// would do; otherwise it is printed with the range of knobs that interval allows. Prints the
/// weights to put into `math_model.rs`; certify the result (`certify`).
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
    let features = (a.rounds / FEATURES_PER_BASE_GAME).max(2);
    let game_at = |delta: i64| -> Result<StarlightChristmas, CliError> {
        let mut model = shipped.clone();
        shift_weight(&mut model, m, delta)?;
        Ok(StarlightChristmas::new(&model)?)
    };
    let watch = slot_sim::Watch::default();
    // The free spins (the same for every knob) and the base games at the published knob.
    let record = slot_sim::split::run(
        &game_at(0)?,
        &[m],
        a.rounds,
        features,
        a.seed,
        threads,
        String::new(),
        watch,
    )?;
    let [(_, at0)] = record
        .estimates()
        .try_into()
        .map_err(|_| CliError("the split estimate of one mode has one figure".into()))?;
    let stake = record.stake as f64 / 100.0;
    let v = at0.feature_mean;
    eprintln!(
        "free spins alone: {features} features, V = {v:.3} x bet (sd {:.1}); shift +0: RTP {:.4} % +- {:.4} pp (99 %)",
        at0.feature_sd,
        at0.rtp * 100.0,
        at0.half_width_99 * 100.0
    );
    // The level of every candidate shares the published knob's interval (its free spins and
    // base games): the knob is only known to the shifts that interval spans.
    let h = at0.half_width_99;
    crate::commands::refuse_noise(h, a.rounds, "the RTP")?;
    let rtp_at = |delta: i64| -> Result<f64, CliError> {
        if delta == 0 {
            return Ok(at0.rtp);
        }
        let base =
            slot_sim::split::base_games(&game_at(delta)?, m, a.rounds, a.seed, threads, watch)?;
        let n = base.rounds as f64;
        let b = base.total_win as f64 / 100.0 / n;
        let q = base.feature_rounds[0] as f64 / n;
        let rtp = (b + q * v) / stake;
        eprintln!(
            "shift {delta:+}: RTP {:.4} % (same base games and free spins)",
            rtp * 100.0
        );
        Ok(rtp)
    };
    let (mut x0, mut x1) = (0i64, 8i64);
    let (mut y0, mut y1) = (rtp_at(x0)? - target, rtp_at(x1)? - target);
    let slope = (y1 - y0) / (x1 - x0) as f64;
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
    let spread = if slope.abs() > 0.0 {
        (h / slope.abs()).ceil() as i64
    } else {
        i64::MAX
    };
    let mut model = shipped;
    shift_weight(&mut model, m, x1)?;
    let w = match m {
        BetMode::Standard => model.base,
        BetMode::Ante => model.ante_base,
    };
    println!(
        "shift {x1:+} (the 99 % interval allows {:+} to {:+}): RTP {:.4} % +- {:.4} pp (99 %); {} base weights: {:?}",
        x1.saturating_sub(spread),
        x1.saturating_add(spread),
        (y1 + target) * 100.0,
        h * 100.0,
        m.name(),
        w
    );
    Ok(())
}
