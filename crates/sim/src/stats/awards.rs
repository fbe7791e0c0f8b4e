//! The odds of the top awards ([`AwardOdds`]): "1 in N rounds" from the simulation's count, with
//! the exact Poisson interval of the count at [`AWARD_ODDS_LEVEL`] ([`poisson_interval`], from
//! chi-square quantiles), the exact odds where the game computes them, and one line of text.

use super::chi_square::chi_square_critical;
use super::confidence::percent_label;
use serde::Serialize;

/// The confidence level of the intervals of the top awards' odds ([`AwardOdds`]): 95 %.
pub const AWARD_ODDS_LEVEL: f64 = 0.95;

/// The odds of one top award in a [`ParReport`](super::ParReport), from the simulation's count:
/// "1 in N rounds" with N = rounds / count (the award may come more than once in a round), with
/// its exact Poisson interval at [`AWARD_ODDS_LEVEL`] (F. Garwood, "Fiducial limits for the
/// Poisson distribution", Biometrika 28, 1936: the count's limits are chi-square quantiles), and
/// the exact odds where the game computes them.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AwardOdds {
    /// The award (e.g. "cap 5000x", "x500 multiplier (base game)").
    pub name: String,
    /// Rounds in which it came.
    pub rounds: u64,
    /// How many times it came.
    pub count: u64,
    /// Rounds per award, `null` if it never came.
    pub one_in: Option<f64>,
    /// The interval of "1 in N" at [`AWARD_ODDS_LEVEL`]: the lower end (more frequent).
    pub one_in_low: f64,
    /// The upper end (rarer); `null` when the award never came (no upper bound).
    pub one_in_high: Option<f64>,
    /// The exact odds (rounds per award, the inverse of the expected awards per round) where
    /// the game computes them (Wish Upon a Star's jackpots).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_one_in: Option<f64>,
}

/// Garwood's exact interval for the mean of a Poisson count `k` at confidence `level`:
/// `[chi2_{2k}(a/2) / 2, chi2_{2k+2}(1 - a/2) / 2]` with `a = 1 - level` (the lower end 0 for
/// `k = 0`).
pub fn poisson_interval(k: u64, level: f64) -> (f64, f64) {
    let a = 1.0 - level;
    let low = if k == 0 {
        0.0
    } else {
        chi_square_critical(2 * k as usize, 1.0 - a / 2.0) / 2.0
    };
    let high = chi_square_critical(2 * k as usize + 2, a / 2.0) / 2.0;
    (low, high)
}

/// The 95 % interval (probabilities, low to high) of committed odds a game states
/// ([`slot_core::game::CertifiedOdds`]): the interval its record's estimator gives where it
/// states one (`interval_95`: a rare-event record's normal interval), else the exact Poisson
/// interval at [`AWARD_ODDS_LEVEL`] of its count rounded down, scaled to its probability
/// (`[0, inf)` for a count below 1). The one rule the PAR sheet, the lab kit's disclosure and
/// the markets check read the interval by.
pub fn certified_interval(o: &slot_core::game::CertifiedOdds) -> [f64; 2] {
    if let Some(i) = o.interval_95 {
        return i;
    }
    let k = o.count.max(0.0).floor() as u64;
    if k == 0 {
        return [0.0, f64::INFINITY];
    }
    let (lo, hi) = poisson_interval(k, AWARD_ODDS_LEVEL);
    let scale = o.probability / k as f64;
    [lo * scale, hi * scale]
}

impl AwardOdds {
    /// The odds of an award that came `count` times in `award_rounds` of `rounds` rounds.
    pub fn of(name: &str, rounds: u64, award_rounds: u64, count: u64) -> AwardOdds {
        let (lo, hi) = poisson_interval(count, AWARD_ODDS_LEVEL);
        let n = rounds as f64;
        AwardOdds {
            name: name.to_string(),
            rounds: award_rounds,
            count,
            one_in: one_in(rounds, count),
            one_in_low: n / hi,
            one_in_high: (count > 0).then(|| n / lo),
            exact_one_in: None,
        }
    }

    /// The odds as one line of text: `1 in 5.78e6 (95 %: 1 in 4.98e6 to 6.72e6; 173 times in
    /// 173 rounds)`, or `not seen in 2e8 rounds (95 %: rarer than 1 in 5.42e7)`, with the exact
    /// odds where known.
    pub fn describe(&self, rounds: u64) -> String {
        let level = percent_label(AWARD_ODDS_LEVEL);
        let mut t = match (self.one_in, self.one_in_high) {
            (Some(x), Some(h)) => format!(
                "1 in {} ({level} %: 1 in {} to {}; {} times in {} rounds)",
                sci(x),
                sci(self.one_in_low),
                sci(h),
                self.count,
                self.rounds
            ),
            _ => format!(
                "not seen in {rounds} rounds ({level} %: rarer than 1 in {})",
                sci(self.one_in_low)
            ),
        };
        if let Some(e) = self.exact_one_in {
            t.push_str(&format!("; exact 1 in {}", sci(e)));
        }
        t
    }
}

/// A count of rounds in 4 significant digits: `437.3`, `9.796e5`.
fn sci(x: f64) -> String {
    if !x.is_finite() {
        "inf".into()
    } else if x < 1e4 {
        format!("{x:.1}")
    } else {
        format!("{x:.3e}")
    }
}

pub(super) fn one_in(n: u64, k: u64) -> Option<f64> {
    (k > 0).then(|| n as f64 / k as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garwood_poisson_intervals_match_the_published_table() {
        // Garwood (1936) / the usual table of exact Poisson limits at 95 %:
        // k = 0: [0, 3.689]; k = 1: [0.0253, 5.572]; k = 10: [4.795, 18.390].
        let close = |a: f64, b: f64| (a - b).abs() < 1e-3 * b.max(1.0);
        let (l, h) = poisson_interval(0, 0.95);
        assert!(l == 0.0 && close(h, 3.688_879), "{l} {h}");
        let (l, h) = poisson_interval(1, 0.95);
        assert!(close(l, 0.025_318) && close(h, 5.571_643), "{l} {h}");
        let (l, h) = poisson_interval(10, 0.95);
        assert!(close(l, 4.795_389) && close(h, 18.390_356), "{l} {h}");
    }

    /// Stated odds: the record's own interval where it gives one, whatever the count; else
    /// the Poisson interval of the count rounded down (10.7 -> 10: [4.795, 18.390] / 10 x p),
    /// and no upper end below one event.
    #[test]
    fn certified_odds_take_their_record_s_interval_else_the_poisson_one_of_their_count() {
        let odds = |count: f64, interval_95: Option<[f64; 2]>| slot_core::game::CertifiedOdds {
            award: "cap 5000x",
            probability: 2e-9,
            count,
            interval_95,
            how: String::new(),
        };
        let stated = [1.9e-9, 2.1e-9];
        assert_eq!(certified_interval(&odds(1600.0, Some(stated))), stated);
        assert_eq!(certified_interval(&odds(0.5, Some(stated))), stated);
        let [lo, hi] = certified_interval(&odds(10.7, None));
        let close = |a: f64, b: f64| (a - b).abs() < 1e-3 * b;
        assert!(
            close(lo, 4.795_389 * 2e-10) && close(hi, 18.390_356 * 2e-10),
            "{lo} {hi}"
        );
        assert_eq!(certified_interval(&odds(0.9, None)), [0.0, f64::INFINITY]);
    }
}
