//! The exact figures: equal to brute-force enumeration on small strips, and inside their
//! intervals around simulations of the shipped model (fixed seeds).

use rand_pcg::Pcg64;
use slot_core::grid::Mask;
use slot_core::recorder::NoRecorder;
use slot_core::sampling::ReelStrip;
use slot_core::stats::Z999;
use wish_upon_a_star::exact::{ExactFigures, lock_and_spin_figures, strip_figures};
use wish_upon_a_star::math_model::{MathModel, Probability, StarValue, parse_strip};
use wish_upon_a_star::ratio::Ratio;
use wish_upon_a_star::symbols::{CELLS, REELS, ROWS, SHAPE, STAR, WishGrid};
use wish_upon_a_star::{Game, evaluate};

fn window(strips: &[ReelStrip; REELS], stops: [usize; REELS]) -> WishGrid {
    let mut g = WishGrid::empty();
    for r in 0..REELS {
        for row in 0..ROWS {
            g.set(SHAPE.index(row, r), strips[r].at(stops[r] + row));
        }
    }
    g
}

/// Every stop combination of small strips, counted one by one, against the exact figures.
#[test]
fn exact_strip_figures_equal_brute_force_enumeration() {
    let texts = [
        "K BO Q ST el",
        "W W W K ST Q",
        "K BO ST el J",
        "W K W W W Q",
        "BO K ST Q A el",
    ];
    let strips: [ReelStrip; REELS] =
        std::array::from_fn(|r| parse_strip(texts[r], "base", r).unwrap());
    let f = strip_figures(&strips);
    let lens: Vec<usize> = strips.iter().map(|s| s.len()).collect();
    let n: u128 = lens.iter().map(|&l| l as u128).product();
    let (mut ways, mut ways_hits, mut pay_hits, mut scatter) = (0u128, 0u128, 0u128, 0u128);
    let mut full = [0u128; 2];
    let mut stars = [0u128; CELLS + 1];
    for a in 0..lens[0] {
        for b in 0..lens[1] {
            for c in 0..lens[2] {
                for d in 0..lens[3] {
                    for e in 0..lens[4] {
                        let g = window(&strips, [a, b, c, d, e]);
                        let ev = evaluate(&g);
                        let w: u64 = ev.ways.iter().map(|w| w.win.hundredths()).sum();
                        ways += u128::from(w);
                        ways_hits += u128::from(!ev.ways.is_empty());
                        pay_hits += u128::from(!ev.total.is_zero());
                        scatter += u128::from(ev.free_spins_triggered());
                        full[0] += u128::from(ev.full_wild_reels[0]);
                        full[1] += u128::from(ev.full_wild_reels[1]);
                        stars[g.count(STAR) as usize] += 1;
                    }
                }
            }
        }
    }
    assert_eq!(f.combinations, n);
    assert_eq!(f.ways_value, Ratio::new(ways, n * 100));
    assert_eq!(f.ways_hit_frequency, Ratio::new(ways_hits, n));
    assert_eq!(f.paytable_hit_frequency, Ratio::new(pay_hits, n));
    assert_eq!(f.scatter_probability, Ratio::new(scatter, n));
    assert_eq!(
        f.full_wild_probability,
        [Ratio::new(full[0], n), Ratio::new(full[1], n)]
    );
    for (k, &count) in stars.iter().enumerate() {
        assert_eq!(f.star_count[k], Ratio::new(count, n), "{k} Stars");
    }
    assert!(!f.ways_value.is_zero() && !f.scatter_probability.is_zero());
}

fn inside(what: &str, mean: f64, sd: f64, n: f64, exact: f64) {
    let h = Z999 * sd / n.sqrt();
    assert!(
        (mean - exact).abs() <= h,
        "{what}: simulated {mean} vs exact {exact} (99.9 % half-width {h})"
    );
}

fn proportion(what: &str, hits: u64, n: u64, exact: f64) {
    let p = hits as f64 / n as f64;
    inside(what, p, (exact * (1.0 - exact)).sqrt(), n as f64, exact);
}

/// Base spins of the shipped strips, simulated: ways RTP, hit frequency, free-spin trigger,
/// full-Wild reels and the Lock & Spin trigger against their exact values.
#[test]
fn exact_base_figures_agree_with_simulation() {
    let m = MathModel::standard();
    let f = strip_figures(&m.base_strips);
    let mut rng = Pcg64::new(20_261_129, 1);
    let n = 1_500_000u64;
    let (mut sum, mut sq, mut hits, mut scat, mut full, mut ls) =
        (0f64, 0f64, 0u64, 0u64, 0u64, 0u64);
    for _ in 0..n {
        let stops = std::array::from_fn(|r| m.base_strips[r].draw_stop(&mut rng));
        let g = window(&m.base_strips, stops);
        let ev = evaluate(&g);
        let w: u64 = ev.ways.iter().map(|w| w.win.hundredths()).sum();
        let x = w as f64 / 100.0;
        sum += x;
        sq += x * x;
        hits += u64::from(!ev.ways.is_empty());
        scat += u64::from(ev.free_spins_triggered());
        full += u64::from(ev.full_wild_reels[0]);
        ls += u64::from(ev.lock_and_spin_triggered());
    }
    let nf = n as f64;
    let mean = sum / nf;
    let sd = (sq / nf - mean * mean).sqrt();
    inside("base ways RTP", mean, sd, nf, f.ways_value.to_f64());
    proportion("ways hit frequency", hits, n, f.ways_hit_frequency.to_f64());
    proportion("free-spin trigger", scat, n, f.scatter_probability.to_f64());
    proportion(
        "reel 2 full of Wilds",
        full,
        n,
        f.full_wild_probability[0].to_f64(),
    );
    let p6: f64 = f.star_count[6..].iter().map(Ratio::to_f64).sum();
    proportion("6+ Stars", ls, n, p6);
}

/// Lock & Spin from 6 and from 12 held Stars, simulated with the shipped Star values and
/// respin chance: mean win, mean final Stars and Grand frequency against the exact chain.
#[test]
fn exact_lock_and_spin_agrees_with_simulation() {
    let game = Game::standard();
    let ls = lock_and_spin_figures(game.model());
    let mut rng = Pcg64::new(7, 7);
    for (k, runs) in [(6usize, 400_000u64), (12, 200_000)] {
        let held: Mask = (1 << k) - 1;
        let (mut sum, mut sq, mut stars, mut grands) = (0f64, 0f64, 0f64, 0u64);
        for _ in 0..runs {
            let mut values = [StarValue::Mini; CELLS];
            for v in values.iter_mut().take(k) {
                *v = *game.model().star_values.sample(&mut rng);
            }
            let out = game.lock_and_spin(&mut rng, &mut NoRecorder, held, &mut values);
            let x = out.win.x_bet();
            sum += x;
            sq += x * x;
            stars += f64::from(out.stars);
            grands += u64::from(out.grand);
        }
        let n = runs as f64;
        let mean = sum / n;
        let sd = (sq / n - mean * mean).sqrt();
        inside(
            &format!("mean value from {k}"),
            mean,
            sd,
            n,
            ls.mean_value[k].to_f64(),
        );
        proportion(
            &format!("Grand from {k}"),
            grands,
            runs,
            ls.grand_probability[k].to_f64(),
        );
        // Final Stars: sd at most 4.5 (they lie in k..=15).
        let e = ls.expected_stars[k].to_f64();
        assert!(
            (stars / n - e).abs() < Z999 * 4.5 / n.sqrt(),
            "final Stars from {k}: {} vs {e}",
            stars / n
        );
    }
}

#[test]
fn lock_and_spin_chain_edge_cases_are_exact() {
    let mut m = MathModel::standard();
    // No respin Stars: the feature keeps what it starts with.
    m.respin_star = Probability {
        numerator: 0,
        denominator: 25,
    };
    let ls = lock_and_spin_figures(&m);
    assert_eq!(ls.expected_stars[6], Ratio::integer(6));
    assert!(ls.grand_probability[6].is_zero());
    // Always a Star: the first respin fills the grid.
    m.respin_star = Probability {
        numerator: 1,
        denominator: 1,
    };
    let ls = lock_and_spin_figures(&m);
    assert_eq!(
        (
            ls.expected_stars[6].clone(),
            ls.grand_probability[6].clone()
        ),
        (Ratio::integer(15), Ratio::one())
    );
    // 14 held, p = 1/25: the last cell comes within 3 respins with 1 - (24/25)^3.
    let ls = lock_and_spin_figures(&MathModel::standard());
    assert_eq!(
        ls.grand_probability[14],
        Ratio::new(25u128.pow(3) - 24u128.pow(3), 25u128.pow(3))
    );
    assert_eq!(ls.grand_probability[15], Ratio::one());
}

#[test]
fn the_exact_rtp_adds_up_its_sources() {
    let e = ExactFigures::compute(&MathModel::standard());
    let sum = e.rtp_by_source.iter().fold(Ratio::zero(), |a, b| a.add(b));
    assert_eq!(sum, e.rtp);
    assert_eq!(e.rtp_by_source.len(), wish_upon_a_star::SOURCES.len());
    assert!(e.free_spins_per_free_spin.cmp_ratio(&Ratio::one()).is_lt());
}
