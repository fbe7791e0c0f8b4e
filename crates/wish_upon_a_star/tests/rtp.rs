//! The RTP: exact figure within 0.10 pp of the target and equal to the committed one; a
//! fixed-seed simulation inside its own 99.9 % interval around it; the committed confirmation
//! run within 0.10 pp and consistent with the exact figure.

use slot_core::recorder::NoRecorder;
use slot_core::sim::simulate;
use slot_core::stats::ConfidenceLevel;

fn z99() -> f64 {
    ConfidenceLevel::P99.z()
}

fn z999() -> f64 {
    ConfidenceLevel::P999.z()
}
use wish_upon_a_star::exact::to_f64;
use wish_upon_a_star::math_model::{CONFIRMATION_RUN, EXACT_RTP, MathModel};
use wish_upon_a_star::{ExactFigures, Game};

const TARGET: f64 = 0.9520;

#[test]
fn exact_rtp_is_on_target_and_committed() {
    let e = ExactFigures::compute(&MathModel::standard()).unwrap();
    let rtp = to_f64(&e.rtp);
    assert!((rtp - TARGET).abs() <= 0.0010, "exact RTP {rtp}");
    assert!(
        (rtp - EXACT_RTP).abs() < 5e-7,
        "committed {EXACT_RTP} vs computed {rtp}"
    );
    // Shape bands of the targets (README) (hit frequency is checked on the simulation below).
    let fs_one_in = 1.0 / to_f64(&e.free_spins_probability);
    assert!(
        (100.0..=250.0).contains(&fs_one_in),
        "free spins 1 in {fs_one_in}"
    );
    let share = to_f64(&e.free_spins_share());
    assert!((0.25..=0.45).contains(&share), "free-spin share {share}");
}

#[test]
fn simulated_rtp_lies_in_its_interval_around_the_exact_rtp() {
    let game = Game::standard();
    let exact = ExactFigures::compute(game.model()).unwrap();
    let acc = simulate(
        3_000_000,
        20_261_129,
        2,
        100,
        |rng| game.play_round(rng, &mut NoRecorder).summary(),
        None,
    )
    .unwrap();
    let rtp = acc.rtp();
    let h = acc.half_width(z999());
    assert!(
        (rtp - to_f64(&exact.rtp)).abs() <= h,
        "simulated {rtp} +- {h} vs exact {}",
        to_f64(&exact.rtp)
    );
    let hit = acc.hits as f64 / acc.rounds as f64;
    assert!((0.25..=0.40).contains(&hit), "hit frequency {hit}");
    // Free spins per round against the exact probability.
    let p = to_f64(&exact.free_spins_probability);
    let f = acc.feature_rounds[0] as f64 / acc.rounds as f64;
    assert!(
        (f - p).abs() <= z999() * (p * (1.0 - p) / acc.rounds as f64).sqrt(),
        "free spins {f} vs {p}"
    );
}

#[test]
fn committed_confirmation_run_is_within_0_10_pp_and_covers_the_exact_rtp() {
    let c = CONFIRMATION_RUN;
    assert!(c.rounds >= 100_000_000, "a big run is committed");
    assert!(
        (c.rtp - TARGET).abs() <= 0.0010,
        "confirmation RTP {}",
        c.rtp
    );
    // Its 99 % half-width matches its sd and rounds, and its interval covers the exact RTP.
    let h = z99() * c.sd / (c.rounds as f64).sqrt();
    assert!((h - c.half_width_99).abs() < 1e-6);
    assert!((c.rtp - EXACT_RTP).abs() <= c.half_width_99 * z999() / z99());
}
