//! Live-RTP monitoring: is the RTP a game has returned so far plausible for its certified
//! figures?
//!
//! After `N` rounds at one stake level, the RTP returned (won / staked) is the mean of `N`
//! independent rounds' returns, each with the certified mean `mu` (the game and mode's RTP)
//! and standard deviation `sigma` (of one round's win, x stake). By the central limit theorem
//! it lies within `mu +- z sigma / sqrt(N)` with the probability of `z`'s level
//! ([`bands`]). [`check`] compares an observed RTP with those bands and gives a [`Verdict`]
//! and the two-sided p-value `2 (1 - Phi(|x - mu| / (sigma / sqrt N)))` (normal
//! approximation):
//!
//! * **within**: inside the 95 % band;
//! * **warning**: outside the 95 % band but inside the 99.9 % band (expected about once in 20
//!   checks of a correct game: look again after more rounds);
//! * **outside**: outside the 99.9 % band (about once in 1,000 checks of a correct game:
//!   investigate).
//!
//! The normal approximation needs many rounds: a slot's win is very skewed (rare wins of
//! thousands of times the stake), so below [`MIN_ROUNDS`] rounds the check says the figures
//! are not reliable ([`MonitorCheck::reliable`]); with fewer rounds than the rarest
//! large awards need (1 in millions), a band can still be exceeded by one award, and the
//! verdict is read as a flag, not a finding.
//!
//! **Per stake level.** A round's return is counted in units of its stake, and the UK Gambling
//! Commission asks for the RTP per stake level: run the check once per bet level (and per
//! mode: Starlight Christmas's ante bet, Moon Princess's pick), with that level's rounds, total
//! staked and total won, in the same money unit (cents, say). Mixing levels in one check
//! weights the returns by stake, which the bands do not describe.
//!
//! [`bands_table`] gives the bands for 10^3 to 10^9 rounds, as a PAR sheet states them.

use serde::Serialize;
use slot_core::stats::ConfidenceLevel;

/// Fewer rounds than this: the normal approximation is not relied on (the report's rule for
/// intervals, too).
pub const MIN_ROUNDS: u64 = 1_000;

/// A game and mode's certified figures: what the monitor compares with.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Certified {
    /// The certified RTP, a fraction of the stake.
    pub rtp: f64,
    /// The standard deviation of one round's win, x stake.
    pub sd: f64,
    /// Where the figures come from, in words.
    pub source: String,
}

/// The range an RTP after some rounds lies in with a given probability.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Band {
    /// The probability, a fraction (0.95).
    pub level: f64,
    /// The lowest RTP in the band, a fraction.
    pub low: f64,
    /// The highest, a fraction.
    pub high: f64,
}

impl Band {
    /// True if `rtp` is inside the band (its edges included).
    pub fn contains(&self, rtp: f64) -> bool {
        self.low <= rtp && rtp <= self.high
    }
}

/// The monitor's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Inside the 95 % band.
    Within,
    /// Outside the 95 % band, inside the 99.9 % band.
    Warning,
    /// Outside the 99.9 % band.
    Outside,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::Within => "within",
            Verdict::Warning => "warning",
            Verdict::Outside => "outside",
        })
    }
}

/// One check of an observed RTP.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MonitorCheck {
    /// Rounds played at this stake level.
    pub rounds: u64,
    /// Total staked, in the operator's money unit.
    pub staked: f64,
    /// Total won, in the same unit.
    pub won: f64,
    /// won / staked.
    pub observed_rtp: f64,
    /// The certified figures compared with.
    pub certified: Certified,
    /// The bands at 95 %, 99 % and 99.9 %.
    pub bands: Vec<Band>,
    /// (observed - certified RTP) / (sd / sqrt(rounds)).
    pub z: f64,
    /// The two-sided p-value of `z` (normal approximation).
    pub p_value: f64,
    /// The verdict.
    pub verdict: Verdict,
    /// False below [`MIN_ROUNDS`] rounds: the normal approximation is not to be relied on.
    pub reliable: bool,
}

impl MonitorCheck {
    /// The check in words: the bands, the observed RTP, the verdict and the p-value.
    pub fn text(&self) -> String {
        let mut s = format!(
            "certified RTP {:.4} %, sd {:.3} x stake ({})\n{} rounds, staked {}, won {}: RTP {:.4} %\n",
            self.certified.rtp * 100.0,
            self.certified.sd,
            self.certified.source,
            self.rounds,
            self.staked,
            self.won,
            self.observed_rtp * 100.0
        );
        for b in &self.bands {
            s.push_str(&format!(
                "  {:>5} % range after {} rounds: {:.4} % to {:.4} %{}\n",
                b.level * 100.0,
                self.rounds,
                b.low * 100.0,
                b.high * 100.0,
                if b.contains(self.observed_rtp) {
                    ""
                } else {
                    "  (outside)"
                }
            ));
        }
        s.push_str(&format!(
            "verdict: {} (z = {:+.3}, two-sided p = {:.4}, normal approximation)\n",
            self.verdict, self.z, self.p_value
        ));
        if !self.reliable {
            s.push_str(&format!(
                "warning: fewer than {MIN_ROUNDS} rounds: too few for the normal approximation; the verdict and p-value are not reliable\n"
            ));
        }
        s
    }
}

/// Why a check cannot be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MonitorError {
    /// A figure out of range (names it and what is allowed).
    #[error("{0}")]
    Input(String),
}

/// The levels of [`check`]'s bands: 95 %, 99 % and 99.9 %.
pub fn check_levels() -> [ConfidenceLevel; 3] {
    [
        ConfidenceLevel::P95,
        ConfidenceLevel::P99,
        ConfidenceLevel::P999,
    ]
}

/// The bands after `rounds` rounds at each level: `rtp +- z sd / sqrt(rounds)`.
pub fn bands(certified: &Certified, rounds: u64, levels: &[ConfidenceLevel]) -> Vec<Band> {
    let se = certified.sd / (rounds.max(1) as f64).sqrt();
    levels
        .iter()
        .map(|l| Band {
            level: l.level(),
            low: certified.rtp - l.z() * se,
            high: certified.rtp + l.z() * se,
        })
        .collect()
}

/// The bands at 95 % and 99 % after 10^3, 10^4, ..., 10^9 rounds: (rounds, bands).
pub fn bands_table(certified: &Certified) -> Vec<(u64, Vec<Band>)> {
    let levels = [ConfidenceLevel::P95, ConfidenceLevel::P99];
    (3..=9)
        .map(|e| {
            let n = 10u64.pow(e);
            (n, bands(certified, n, &levels))
        })
        .collect()
}

/// The bands table as Markdown (rounds, then low to high at each level, in percent).
pub fn bands_table_markdown(certified: &Certified) -> String {
    let mut s = String::from("| rounds | 95 % range | 99 % range |\n|---:|---|---|\n");
    for (n, b) in bands_table(certified) {
        s.push_str(&format!(
            "| {n} | {:.3} % to {:.3} % | {:.3} % to {:.3} % |\n",
            b[0].low * 100.0,
            b[0].high * 100.0,
            b[1].low * 100.0,
            b[1].high * 100.0
        ));
    }
    s
}

/// Checks `rounds` rounds that staked `staked` and won `won` (one stake level, one mode)
/// against `certified`: the bands at 95 %, 99 % and 99.9 %, the verdict and the two-sided
/// p-value.
///
/// # Errors
/// [`MonitorError::Input`] for no rounds, a stake that is not positive, a win that is
/// negative or not finite, or certified figures out of range.
pub fn check(
    certified: &Certified,
    rounds: u64,
    staked: f64,
    won: f64,
) -> Result<MonitorCheck, MonitorError> {
    let bad = |m: String| Err(MonitorError::Input(m));
    if rounds == 0 {
        return bad("rounds must be at least 1".into());
    }
    if !(staked.is_finite() && staked > 0.0) {
        return bad(format!(
            "the amount staked must be a positive number (it was {staked})"
        ));
    }
    if !(won.is_finite() && won >= 0.0) {
        return bad(format!(
            "the amount won must be a number of at least 0 (it was {won})"
        ));
    }
    if !(certified.rtp.is_finite() && certified.rtp > 0.0 && certified.sd.is_finite())
        || certified.sd <= 0.0
    {
        return bad(format!(
            "the certified figures are out of range (RTP {}, sd {})",
            certified.rtp, certified.sd
        ));
    }
    let levels = check_levels();
    let bands = bands(certified, rounds, &levels);
    let observed_rtp = won / staked;
    let z = (observed_rtp - certified.rtp) / (certified.sd / (rounds as f64).sqrt());
    // 2 (1 - Phi(|z|)) is the upper tail of a chi-square of 1 degree of freedom at z^2.
    let p_value = slot_core::stats::chi_square_p_value(z * z, 1).min(1.0);
    let verdict = if bands[0].contains(observed_rtp) {
        Verdict::Within
    } else if bands[2].contains(observed_rtp) {
        Verdict::Warning
    } else {
        Verdict::Outside
    };
    Ok(MonitorCheck {
        rounds,
        staked,
        won,
        observed_rtp,
        certified: certified.clone(),
        bands,
        z,
        p_value,
        verdict,
        reliable: rounds >= MIN_ROUNDS,
    })
}

/// The standard deviation of one whole round's win (x stake) of a split-estimated mode, from
/// the split record's sums: a round's win is `X = B + I V` (B the base game's win, I the
/// trigger, V the feature's win, independent of the base game), so
/// `E[X^2] = E[B^2] + 2 E[B I] E[V] + q E[V^2]`, and `Var X = E[X^2] - (E[B] + q E[V])^2`.
/// The cap on a base game and its feature together is left out (it trims a few rounds in
/// 10^8; the sd it gives is a hair larger than the capped game's). `stake` in hundredths of
/// the bet (100).
pub fn split_sd(
    base: &crate::split::BaseSums,
    feature: &crate::split::FeatureSums,
    stake: u64,
) -> f64 {
    let n = base.rounds.max(1) as f64;
    let f = feature.features.max(1) as f64;
    let s = stake.max(1) as f64;
    let eb = base.win as f64 / n / s;
    let eb2 = base.win_sq as f64 / n / (s * s);
    let ebi = base.trigger_win as f64 / n / s;
    let q = base.triggers as f64 / n;
    let ev = feature.win as f64 / f / s;
    let ev2 = feature.win_sq as f64 / f / (s * s);
    let ex = eb + q * ev;
    let ex2 = eb2 + 2.0 * ebi * ev + q * ev2;
    (ex2 - ex * ex).max(0.0).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cert() -> Certified {
        Certified {
            rtp: 0.95,
            sd: 10.0,
            source: "hand-worked".into(),
        }
    }

    /// Worked by hand: RTP 95 %, sd 10 x stake, 1,000,000 rounds: the standard error is
    /// 10 / 1000 = 0.01 (1 pp); the 95 % band is 95 +- 1.959964 pp = 93.0400 % to 96.9600 %,
    /// the 99 % band 95 +- 2.575829 pp = 92.4242 % to 97.5758 %, the 99.9 % band
    /// 95 +- 3.290527 pp = 91.7095 % to 98.2905 %.
    #[test]
    fn hand_worked_bands_verdicts_and_p_values() {
        let c = check(&cert(), 1_000_000, 1_000_000.0, 950_000.0).unwrap();
        let b = &c.bands;
        assert!((b[0].low - 0.930_400_36).abs() < 1e-8, "{b:?}");
        assert!((b[0].high - 0.969_599_64).abs() < 1e-8);
        assert!((b[1].low - 0.924_241_71).abs() < 1e-8);
        assert!((b[2].high - 0.982_905_27).abs() < 1e-8);
        assert_eq!((c.verdict, c.z, c.p_value), (Verdict::Within, 0.0, 1.0));
        assert!(c.reliable);
        // Staked 1,000,000, won 975,000: RTP 97.5 %, z = 2.5: p = 2 (1 - Phi(2.5)) = 0.012419.
        // Outside the 95 % band (96.96 %), inside the 99.9 % (98.29 %): a warning.
        let w = check(&cert(), 1_000_000, 1_000_000.0, 975_000.0).unwrap();
        assert!((w.z - 2.5).abs() < 1e-9);
        assert!((w.p_value - 0.012_419_33).abs() < 1e-7, "{}", w.p_value);
        assert_eq!(w.verdict, Verdict::Warning);
        // Won 910,000: RTP 91 %, z = -4: p = 6.334e-5, outside the 99.9 % band (91.71 %).
        let o = check(&cert(), 1_000_000, 1_000_000.0, 910_000.0).unwrap();
        assert!((o.z + 4.0).abs() < 1e-9);
        assert!((o.p_value - 6.334_248e-5).abs() < 1e-9, "{}", o.p_value);
        assert_eq!(o.verdict, Verdict::Outside);
        // 100 rounds: flagged as too few.
        let few = check(&cert(), 100, 100.0, 90.0).unwrap();
        assert!(!few.reliable);
        assert!(few.text().contains("too few for the normal approximation"));
    }

    #[test]
    fn bad_inputs_are_refused_and_the_table_narrows_tenfold_per_hundredfold_rounds() {
        assert!(check(&cert(), 0, 1.0, 1.0).is_err());
        assert!(check(&cert(), 10, 0.0, 1.0).is_err());
        assert!(check(&cert(), 10, 1.0, -1.0).is_err());
        assert!(check(&cert(), 10, 1.0, f64::NAN).is_err());
        let t = bands_table(&cert());
        assert_eq!(t.len(), 7);
        assert_eq!((t[0].0, t[6].0), (1_000, 1_000_000_000));
        let width = |i: usize| t[i].1[0].high - t[i].1[0].low;
        assert!((width(0) / width(2) - 10.0).abs() < 1e-9);
        // 10^9 rounds, sd 10: 95 % band 95 +- 0.062 pp.
        assert!((t[6].1[0].high - 0.950_619_8).abs() < 1e-6);
        assert!(bands_table_markdown(&cert()).contains("| 1000000000 | 94.938 % to 95.062 % |"));
    }

    #[test]
    fn the_split_sd_is_that_of_whole_rounds() {
        use crate::split::{BaseSums, FeatureSums};
        // Base games: 4 rounds winning 0, 100, 0, 300 (hundredths); the 4th triggers. The
        // feature wins 0 or 1000 alike: V = 500, E[V^2] = 500,000.
        // Whole rounds (x bet): B = 1, B^2 mean = (1 + 9) / 4 = 2.5, E[BI] = 3 / 4, q = 1/4,
        // E[V] = 5, E[V^2] = 50: E[X] = 1 + 1.25 = 2.25, E[X^2] = 2.5 + 2 * 0.75 * 5 + 12.5
        // = 22.5; Var = 22.5 - 5.0625 = 17.4375.
        let base = BaseSums {
            seed: 1,
            rounds: 4,
            win: 400,
            win_sq: 100_000,
            triggers: 1,
            trigger_win: 300,
            cap_hits: 0,
            trigger_wins: vec![[300, 1]],
        };
        let feature = FeatureSums {
            pick: "love".into(),
            seed: 2,
            features: 2,
            win: 1000,
            win_sq: 1_000_000,
            cap_hits: 0,
            max_win: 1000,
            tail: Vec::new(),
        };
        assert!((split_sd(&base, &feature, 100) - 17.4375f64.sqrt()).abs() < 1e-12);
    }
}
