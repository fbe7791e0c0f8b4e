//! The exact figures: hand-checkable models (their RTP and the variance of a round's win),
//! the shipped model's committed figures, the cap out of reach, and a simulation inside its
//! 99 % intervals around the exact RTP and variance.

use slot_core::Game;
use slot_sim::stats::ConfidenceLevel;
use ten_lines::TenLines;
use ten_lines::exact::{ExactFigures, Fraction};
use ten_lines::game::Standard;
use ten_lines::math_model::{EXACT_RTP, MathModel};
use ten_lines::round::CAP;
use ten_lines::symbols::{QUEEN, SCATTER, TEN};

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
    // Every round wins 22 x exactly: no variance, though every term of it (the paid spin's
    // squares, its trigger's cross term, the free spins' squares and their 90 ordered
    // pairs) is there and must cancel.
    assert_eq!(f.variance(), Some(Fraction::new(0, 1).unwrap()));
}

#[test]
fn a_model_of_scatters_on_reel_one_only_has_the_hand_worked_variance() {
    // Reel 1 is Scatter, Scatter, Scatter, Q, Q, Q: its six windows show 3, 2, 1, 0, 1, 2
    // Scatters, and no other reel has one, so a spin triggers (and pays its 2 x) exactly at
    // stop 0, with probability 1/6; no line ever pays (reel 1 shows a Scatter or a Queen,
    // reel 2 only 10s). A round wins W = I (2 + 2 K) x bet: I the trigger, K ~ Binomial(10,
    // 1/6) the free spins that trigger again (each pays its Scatters' 2 x; no retrigger).
    // E[W] = (1/6)(2 + 20/6) = 8/9; E[(1 + K)^2] = 1 + 2 (5/3) + (25/18 + 25/9) = 17/2, so
    // E[W^2] = (1/6) 4 (17/2) = 17/3 and Var W = 17/3 - 64/81 = 395/81.
    let m = MathModel {
        strips: [
            vec![SCATTER, SCATTER, SCATTER, QUEEN, QUEEN, QUEEN],
            vec![TEN; 3],
            vec![TEN; 3],
            vec![TEN; 3],
            vec![TEN; 3],
        ],
    };
    let f = ExactFigures::compute(&m).unwrap();
    assert_eq!(f.trigger_rate(), Fraction::new(1, 6).unwrap());
    assert_eq!(f.rtp(), Fraction::new(8, 9).unwrap());
    assert_eq!(f.variance(), Some(Fraction::new(395, 81).unwrap()));
    assert_eq!(f.sd(), Some((395.0f64 / 81.0).sqrt()));
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
    // The sd: the sample variance within its 99 % interval around the exact variance, from the
    // sample's own fourth central moment (Var s^2 ~ (mu4 - s^4) / n; x the stake).
    let stake = 100f64;
    let m = |sum: u128, k: i32| sum as f64 / n / stake.powi(k);
    let (m1, m2, m3, m4) = (
        m(acc.total_win, 1),
        m(acc.sum_sq, 2),
        m(acc.sum_cubes, 3),
        m(acc.sum_fourth, 4),
    );
    let s2 = m2 - m1 * m1;
    let mu4 = m4 - 4.0 * m1 * m3 + 6.0 * m1 * m1 * m2 - 3.0 * m1.powi(4);
    let exact_var = f.variance().unwrap().to_f64();
    let h = z * ((mu4 - s2 * s2) / n).sqrt();
    assert!(
        (s2 - exact_var).abs() <= h,
        "simulated variance {s2} +- {h} vs exact {exact_var}"
    );
    assert_eq!(game.exact_sd(Standard), Some(exact_var.sqrt()));
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

/// What live-RTP monitoring judges a stake level against: the game states no certification
/// evidence, so the exact RTP and sd of the published model, named as such.
#[test]
fn monitoring_takes_the_exact_rtp_and_sd_and_names_them() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let game = TenLines::standard();
    let c = slot_sim::evidence::certified(&root, &game, Standard).unwrap();
    let f = ExactFigures::compute(game.model()).unwrap();
    assert_eq!(c.rtp, f.rtp().to_f64());
    assert_eq!(Some(c.sd), f.sd());
    assert!(
        c.source.contains("exact RTP and sd") && c.source.contains("no certification evidence"),
        "{}",
        c.source
    );
}

/// A game that ships one model has no ladder: `at_rtp` says so rather than guessing.
#[test]
fn at_rtp_names_the_empty_ladder() {
    let one = TenLines::at_rtp("96").err().map(|e| e.to_string());
    assert_eq!(
        one.as_deref(),
        Some(
            "ten-lines has no RTP variant 96.00 %: its ladder is empty (the game ships one model, `standard`)"
        )
    );
}
