//! slot-core's draws pass slot-sim's chi-square test: bounded integers, a weighted table, a
//! reel strip's stops, and joint and repeated bounded draws (pairs of draws of one word, and
//! across words). These tests live here, not in slot-core, so that the one chi-square test
//! of the workspace ([`slot_sim::stats::chi_square_uniformity`], itself checked against
//! SciPy in `slot_sim::stats`) judges them; slot-core's own tests check its draws exactly.
//!
//! Each test is a fixed seed: a draw that is not uniform fails it with a p-value far below
//! the level (a bias of a few percent over these counts gives p < 1e-6), while the seed
//! passes at the level, so the tests are repeatable.

use slot_core::joint_draws::{JointBounds, RepeatedBound};
use slot_core::replay::SimRng;
use slot_core::sampling::{ReelStrip, WeightedTable, bounded};
use slot_sim::stats::chi_square_uniformity;

#[test]
fn bounded_is_uniform_by_chi_square() {
    let mut rng = SimRng::new(0xC0FFEE, 7);
    let n = 37;
    let mut counts = vec![0u64; n];
    for _ in 0..370_000 {
        counts[bounded(&mut rng, n as u32) as usize] += 1;
    }
    let expected = vec![1.0 / n as f64; n];
    // Significance 0.01: the draws are rejected only if p < 0.01.
    let c = chi_square_uniformity(&counts, &expected);
    assert!(c.p_value >= 0.01, "bounded(37): {c}");
}

#[test]
fn weighted_table_matches_its_weights_by_chi_square() {
    let t = WeightedTable::new([('a', 1), ('b', 0), ('c', 10), ('d', 89)]).unwrap();
    let mut rng = SimRng::new(42, 3);
    let mut counts = [0u64; 4];
    for _ in 0..200_000 {
        counts[t.sample_index(&mut rng)] += 1;
    }
    assert_eq!(counts[1], 0, "a zero weight is never drawn");
    // The weights 1 : 10 : 89 of a total of 100, stated apart from the table.
    let (c, p) = ([counts[0], counts[2], counts[3]], [0.01, 0.10, 0.89]);
    let c = chi_square_uniformity(&c, &p);
    assert!(c.p_value >= 0.01, "weights 1:0:10:89: {c}");
}

#[test]
fn strip_stops_are_uniform_by_chi_square() {
    let strip = ReelStrip::new(vec![0, 1, 2, 3, 4, 5, 6]).unwrap();
    let mut rng = SimRng::new(9, 9);
    let mut counts = [0u64; 7];
    for _ in 0..70_000 {
        counts[strip.draw_stop(&mut rng)] += 1;
    }
    let c = chi_square_uniformity(&counts, &[1.0 / 7.0; 7]);
    assert!(c.p_value >= 0.01, "stops of a 7-stop strip: {c}");
}

/// Pairs of two reels of 7 and 11, and of two consecutive draws of a repeated bound of 13,
/// pass a chi-square test of uniformity over every pair.
#[test]
fn joint_draws_are_uniform_and_independent_by_chi_square() {
    let mut rng = SimRng::new(20261202, 3);
    let j = JointBounds::new([7, 11, 5]).unwrap();
    let mut pairs = vec![0u64; 77];
    for _ in 0..200_000 {
        let d = j.draw(&mut rng);
        pairs[(d[0] * 11 + d[1]) as usize] += 1;
    }
    let c = chi_square_uniformity(&pairs, &[1.0 / 77.0; 77]);
    assert!(c.p_value >= 0.001, "stop pairs: {c}");
    let r = RepeatedBound::new(13).unwrap();
    let mut pairs = vec![0u64; 169];
    let mut out = [0u32; 20];
    for _ in 0..20_000 {
        r.fill(&mut rng, &mut out);
        // Pairs inside a word and across the words' border.
        for w in out.windows(2) {
            pairs[(w[0] * 13 + w[1]) as usize] += 1;
        }
    }
    let c = chi_square_uniformity(&pairs, &[1.0 / 169.0; 169]);
    assert!(c.p_value >= 0.001, "value pairs: {c}");
}

/// The test itself rejects draws that are off: a bounded draw folded by `% 37` from a
/// 6-bit value (0..64 onto 0..37, the first 27 values twice as likely) fails it.
#[test]
fn a_biased_draw_fails_the_same_test() {
    let mut rng = SimRng::new(0xC0FFEE, 7);
    let n = 37u32;
    let mut counts = vec![0u64; n as usize];
    for _ in 0..370_000 {
        counts[(bounded(&mut rng, 64) % n) as usize] += 1;
    }
    let c = chi_square_uniformity(&counts, &vec![1.0 / f64::from(n); n as usize]);
    assert!(c.p_value < 1e-6, "a folded draw must fail: {c}");
}
