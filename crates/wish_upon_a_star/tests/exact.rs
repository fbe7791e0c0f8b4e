//! The exact figures: equal to brute-force enumeration on small strips, and inside their
//! intervals around simulations of the shipped model (fixed seeds).

use num_rational::BigRational;
use num_traits::{One, Zero};
use rand_pcg::Pcg64;
use slot_core::grid::Mask;
use slot_core::recorder::NoRecorder;
use slot_core::sampling::ReelStrip;
use slot_sim::stats::ConfidenceLevel;
use wish_upon_a_star::exact::{
    ExactFigures, fraction, integer, lock_and_spin_figures, strip_figures, to_f64,
};
use wish_upon_a_star::math_model::{MathModel, Probability, StarValue, parse_strip};
use wish_upon_a_star::symbols::{CELLS, REELS, ROWS, SHAPE, STAR, WishGrid};
use wish_upon_a_star::{WishUponAStar, evaluate};

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
    assert_eq!(f.ways_value, fraction(ways, n * 100));
    assert_eq!(f.ways_hit_frequency, fraction(ways_hits, n));
    assert_eq!(f.paytable_hit_frequency, fraction(pay_hits, n));
    assert_eq!(f.scatter_probability, fraction(scatter, n));
    assert_eq!(
        f.full_wild_probability,
        [fraction(full[0], n), fraction(full[1], n)]
    );
    for (k, &count) in stars.iter().enumerate() {
        assert_eq!(f.star_count[k], fraction(count, n), "{k} Stars");
    }
    assert!(!f.ways_value.is_zero() && !f.scatter_probability.is_zero());
}

fn inside(what: &str, mean: f64, sd: f64, n: f64, exact: f64) {
    let h = ConfidenceLevel::P999.z() * sd / n.sqrt();
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
    inside("base ways RTP", mean, sd, nf, to_f64(&f.ways_value));
    proportion("ways hit frequency", hits, n, to_f64(&f.ways_hit_frequency));
    proportion("free-spin trigger", scat, n, to_f64(&f.scatter_probability));
    proportion(
        "reel 2 full of Wilds",
        full,
        n,
        to_f64(&f.full_wild_probability[0]),
    );
    let p6: f64 = f.star_count[6..].iter().map(to_f64).sum();
    proportion("6+ Stars", ls, n, p6);
}

/// Lock & Spin from 6 and from 12 held Stars, simulated with the shipped Star values and
/// respin chance: mean win, mean final Stars and Grand frequency against the exact chain.
#[test]
fn exact_lock_and_spin_agrees_with_simulation() {
    let game = WishUponAStar::standard();
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
            to_f64(&ls.mean_value[k]),
        );
        proportion(
            &format!("Grand from {k}"),
            grands,
            runs,
            to_f64(&ls.grand_probability[k]),
        );
        // Final Stars: sd at most 4.5 (they lie in k..=15).
        let e = to_f64(&ls.expected_stars[k]);
        assert!(
            (stars / n - e).abs() < ConfidenceLevel::P999.z() * 4.5 / n.sqrt(),
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
    assert_eq!(ls.expected_stars[6], integer(6));
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
        (integer(15), BigRational::one())
    );
    // 14 held, p = 1/25: the last cell comes within 3 respins with 1 - (24/25)^3.
    let ls = lock_and_spin_figures(&MathModel::standard());
    assert_eq!(
        ls.grand_probability[14],
        fraction(25u128.pow(3) - 24u128.pow(3), 25u128.pow(3))
    );
    assert_eq!(ls.grand_probability[15], BigRational::one());
}

#[test]
fn the_exact_rtp_adds_up_its_sources() {
    let e = ExactFigures::compute(&MathModel::standard()).unwrap();
    let sum: BigRational = e.rtp_by_source.iter().sum();
    assert_eq!(sum, e.rtp);
    assert_eq!(e.rtp_by_source.len(), wish_upon_a_star::SOURCES.len());
    assert!(e.free_spins_per_free_spin < BigRational::one());
}

/// The exact figures to the last digit: the full fractions (numerator, denominator) of the RTP,
/// of each of its sources and of the expected Grands per round, as `cargo xtask exact
/// wish-upon-a-star --json` printed them before the exact arithmetic moved to `num-rational`
/// (an independent record: written down from that output, not from the code under test).
const PINNED_RTP: (&str, &str) = (
    concat!(
        "6008346401338725643817100932059853793004446546317262635510962065601516",
        "2723058956844602313077379881389364505347587543127789794317218976751535",
        "0049059069454643681144879199324881842802519753266762629006847606285620",
        "2",
    ),
    concat!(
        "6311155999801852790158406497797636155895797531935522056323569887174498",
        "6575271972383670126360985029351962539716202144102525168029160725841335",
        "6892448988746893129670580493712633840530656925693619996309280395507812",
        "5",
    ),
);
/// The RTP by source, in [`wish_upon_a_star::SOURCES`] order.
const PINNED_SOURCES: [(&str, (&str, &str)); 5] = [
    ("base game ways", ("3496204", "6302625")),
    ("scatter pay", ("64", "9261")),
    ("free spins", ("11675092146336", "42205833523847")),
    ("gift bonus wins", ("360486699280", "6227090192043")),
    (
        "lock & spin",
        (
            concat!(
                "3526331926670542267538800399694483377464133038816095210629830402330017",
                "8919095443590246873343866148164709675658842729788399215739259990685383",
                "1939653836853899503258789756324875070742246349516172556624262195668702",
            ),
            concat!(
                "6311155999801852790158406497797636155895797531935522056323569887174498",
                "6575271972383670126360985029351962539716202144102525168029160725841335",
                "6892448988746893129670580493712633840530656925693619996309280395507812",
                "5",
            ),
        ),
    ),
];
/// Expected Grands per round (the Grand's odds are 1 in its inverse: 979,646.4 rounds).
const PINNED_GRANDS_PER_ROUND: (&str, &str) = (
    concat!(
        "1931428419175706382157267108261031370132364797441594161846701502607363",
        "8215413533057135482660127127960906586495719939520500810917734048528895",
        "7567812084146976740588960994382797069386866024583818229165639",
    ),
    concat!(
        "1892116923939994840401261129605047565850936151082453022432489847751311",
        "2449489423589767688910503681412670526072913249618505521819565500177285",
        "4712171784963841441963897614664258384209460928104817867279052734375",
    ),
);

fn parts(r: &BigRational) -> (String, String) {
    (r.numer().to_string(), r.denom().to_string())
}

fn pinned((n, d): (&str, &str)) -> (String, String) {
    (n.to_string(), d.to_string())
}

#[test]
fn the_exact_figures_equal_their_pinned_fractions_to_the_last_digit() {
    let e = ExactFigures::compute(&MathModel::standard()).unwrap();
    assert_eq!(parts(&e.rtp), pinned(PINNED_RTP), "RTP");
    assert_eq!(
        (PINNED_RTP.0.len(), PINNED_RTP.1.len()),
        (211, 211),
        "the RTP is a fraction of two 211-digit numbers"
    );
    assert_eq!(e.rtp_by_source.len(), PINNED_SOURCES.len());
    for ((name, fraction), (source, r)) in PINNED_SOURCES
        .iter()
        .zip(wish_upon_a_star::SOURCES.iter().zip(&e.rtp_by_source))
    {
        assert_eq!(name, source);
        assert_eq!(parts(r), pinned(*fraction), "RTP from {name}");
    }
    assert_eq!(
        parts(&e.grands_per_round),
        pinned(PINNED_GRANDS_PER_ROUND),
        "Grands per round"
    );
    // The committed decimal figures follow from the fractions.
    assert!((to_f64(&e.rtp) - 0.952_019_947_142_388).abs() < 1e-15);
    assert_eq!(format!("{:.6}", to_f64(&e.rtp) * 100.0), "95.201995");
    assert_eq!(
        format!("{:.1}", 1.0 / to_f64(&e.grands_per_round)),
        "979646.4"
    );
}
