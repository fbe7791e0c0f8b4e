//! The RTP: exact figure within 0.10 pp of the target and equal to the committed one; a
//! fixed-seed simulation inside its own 99.9 % interval around it; the committed confirmation
//! run (its report, read) within 0.10 pp, its 99 % interval covering the computed exact figure.

use slot_sim::stats::ConfidenceLevel;

fn z99() -> f64 {
    ConfidenceLevel::P99.z()
}

fn z999() -> f64 {
    ConfidenceLevel::P999.z()
}
use wish_upon_a_star::exact::to_f64;
use wish_upon_a_star::math_model::{CONFIRMATION_RUN, EXACT_RTP, MathModel};
use wish_upon_a_star::{ExactFigures, WishUponAStar};

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
    // Shape bands (README, "Targets"); hit frequency is checked on the simulation below.
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
    let game = WishUponAStar::standard();
    let exact = ExactFigures::compute(game.model()).unwrap();
    let acc = slot_sim::simulate_sums(
        &game,
        wish_upon_a_star::game::Standard,
        slot_sim::SeededRun {
            rounds: 3_000_000,
            seed: 20_261_129,
            threads: 2,
        },
        slot_sim::Watch::default(),
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

/// The committed confirmation run (the report `confirmation_run_1e9_seed20261129.json` that
/// `sim` wrote): its RTP within 0.10 pp of the target, its 99 % interval (from its sd and
/// rounds) the one it states and covering the exact RTP computed from the shipped model, and
/// its figures the ones [`CONFIRMATION_RUN`] states.
#[test]
fn committed_confirmation_run_is_within_0_10_pp_and_covers_the_exact_rtp() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("confirmation_run_1e9_seed20261129.json");
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let num = |key: &str| {
        r[key]
            .as_f64()
            .unwrap_or_else(|| panic!("{key}: {} is a number", r[key]))
    };
    assert_eq!(r["game"].as_str(), Some("wish-upon-a-star"));
    let (rounds, rtp, sd) = (num("rounds"), num("rtp"), num("sd"));
    assert!(rounds >= 1e8, "{rounds} rounds: a big run is committed");
    assert!(
        (rtp - TARGET).abs() <= 0.0010,
        "confirmation RTP {rtp} is {:.4} pp from the target",
        (rtp - TARGET) * 100.0
    );
    let h = z99() * sd / rounds.sqrt();
    let ci = [&r["rtp_ci99"][0], &r["rtp_ci99"][1]].map(|v| v.as_f64().unwrap());
    assert!(
        (ci[0] - (rtp - h)).abs() < 1e-9 && (ci[1] - (rtp + h)).abs() < 1e-9,
        "stated 99 % interval {ci:?} vs {rtp} +- {h}"
    );
    let exact = to_f64(&ExactFigures::compute(&MathModel::standard()).unwrap().rtp);
    assert!(
        (rtp - exact).abs() <= h,
        "the run's 99 % interval {rtp} +- {h} misses the exact RTP {exact}"
    );
    let c = CONFIRMATION_RUN;
    assert_eq!(
        (Some(c.rounds), Some(c.seed)),
        (r["rounds"].as_u64(), r["seed"].as_u64())
    );
    for (what, stated, recorded) in [
        ("rtp", c.rtp, rtp),
        ("half_width_99", c.half_width_99, h),
        ("hit_frequency", c.hit_frequency, num("hit_frequency")),
        ("sd", c.sd, sd),
    ] {
        assert!(
            (stated - recorded).abs() <= 5e-10 * recorded.abs().max(1.0),
            "CONFIRMATION_RUN.{what} {stated} vs the report's {recorded}"
        );
    }
}
