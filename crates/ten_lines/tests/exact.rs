//! The exact figures: hand-checkable models, the shipped model's committed figures, the cap
//! out of reach, and a simulation inside its 99 % interval around the exact RTP.

use slot_core::Game;
use slot_sim::stats::ConfidenceLevel;
use ten_lines::TenLines;
use ten_lines::exact::{ExactFigures, Fraction};
use ten_lines::game::Standard;
use ten_lines::math_model::{EXACT_RTP, MathModel};
use ten_lines::round::CAP;
use ten_lines::symbols::{SCATTER, TEN};

#[test]
fn a_model_of_tens_only_pays_ten_lines_of_five_on_every_spin() {
    // Every line: 10 x5 = 80 line bets = 8 x bet; 10 lines: 80 x bet; no Scatters.
    let m = MathModel {
        strips: std::array::from_fn(|_| vec![TEN; 3]),
    };
    let f = ExactFigures::compute(&m).unwrap();
    assert_eq!(f.rtp(), Fraction::new(80, 1).unwrap());
    assert_eq!(f.hit_frequency(), Fraction::new(1, 1).unwrap());
    assert_eq!(f.triggers, 0);
}

#[test]
fn a_model_of_scatters_pays_the_scatter_and_ten_free_spins_every_round() {
    // Reels 1, 3, 5 all Scatters, 2 and 4 all 10s: no line (reel 1 is a Scatter); the
    // Scatters pay 2 x and trigger; 10 free spins pay 2 x each (no triple, no retrigger):
    // 2 + 20 = 22 x bet.
    let m = MathModel {
        strips: [
            vec![SCATTER; 3],
            vec![TEN; 3],
            vec![SCATTER; 3],
            vec![TEN; 3],
            vec![SCATTER; 3],
        ],
    };
    let f = ExactFigures::compute(&m).unwrap();
    assert_eq!(f.rtp(), Fraction::new(22, 1).unwrap());
    assert_eq!(f.trigger_rate(), Fraction::new(1, 1).unwrap());
}

#[test]
fn the_shipped_model_has_its_committed_figures_and_the_cap_is_out_of_reach() {
    let f = ExactFigures::compute(&MathModel::standard()).unwrap();
    let rtp = f.rtp();
    assert_eq!((rtp.numerator, rtp.denominator), EXACT_RTP);
    assert!((rtp.to_f64() - 0.96).abs() < 0.0005, "{}", rtp.to_f64());
    assert_eq!(f.hit_frequency(), Fraction::new(2737, 9000).unwrap());
    assert_eq!(f.trigger_rate(), Fraction::new(1, 125).unwrap());
    // The shares add up to the RTP, exactly.
    let (b, s) = (f.base_rtp(), f.free_spins_rtp());
    assert_eq!(
        Fraction::new(
            b.numerator * s.denominator + s.numerator * b.denominator,
            b.denominator * s.denominator
        )
        .unwrap(),
        rtp
    );
    // No round can reach the cap, so the cap never trims the exact RTP.
    assert!(f.largest_round_win_bound() < CAP.limit);
    assert_eq!(TenLines::standard().exact_rtp(Standard), Some(rtp.to_f64()));
    // At most one Scatter in any window of the shipped strips (so at most 3 a spin).
    for s in &MathModel::standard().strips {
        for stop in 0..s.len() {
            let n = (0..3)
                .filter(|r| s[(stop + r) % s.len()] == SCATTER)
                .count();
            assert!(n <= 1);
        }
    }
}

#[test]
fn a_simulation_lies_in_its_99_percent_interval_around_the_exact_figures() {
    let game = TenLines::standard();
    let f = ExactFigures::compute(game.model()).unwrap();
    let acc = slot_sim::simulate_sums(
        &game,
        Standard,
        slot_sim::SeededRun {
            rounds: 2_000_000,
            seed: 20_261_203,
            threads: 2,
        },
        slot_sim::Watch::default(),
    )
    .unwrap();
    let z = ConfidenceLevel::P99.z();
    let exact = f.rtp().to_f64();
    let h = acc.half_width(z);
    assert!(
        (acc.rtp() - exact).abs() <= h,
        "simulated {} +- {h} vs exact {exact}",
        acc.rtp()
    );
    let n = acc.rounds as f64;
    for (got, p, what) in [
        (
            acc.hits as f64 / n,
            f.hit_frequency().to_f64(),
            "hit frequency",
        ),
        (
            acc.feature_rounds[0] as f64 / n,
            f.trigger_rate().to_f64(),
            "free spins",
        ),
    ] {
        let h = z * (p * (1.0 - p) / n).sqrt();
        assert!((got - p).abs() <= h, "{what}: {got} vs {p} +- {h}");
    }
}
