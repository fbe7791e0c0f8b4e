//! Statistics: mergeable integer accumulators and the PAR report (the common rules (README), "Statistics
//! every game reports").
//!
//! An [`Accumulator`] holds only integer sums (rounds, total win, sum of squared wins, hits,
//! per-source and per-feature sums, a win-size histogram), so shards merge exactly and in any
//! order: the same rounds give the same figures whatever the thread count. Floats appear only
//! when a [`ParReport`] is made from it. [`Accumulator::validate`] checks sums read from
//! outside (a report file, a cluster shard) against every relation that real rounds satisfy.
//!
//! Formulas (n rounds, per-round win `w_i` in units of the stake paid):
//! * RTP = mean(w); sd = the sample standard deviation of w;
//! * confidence interval at level c = RTP +- z_c * sd / sqrt(n), with
//!   `z_c = Phi^-1((1 + c) / 2)` the two-sided quantile of the standard normal distribution
//!   (normal approximation by the central limit theorem). Any level in (0, 1) can be asked for
//!   ([`ConfidenceLevel`], the runner's `--confidence`); reports always carry 95 % and 99 %
//!   (z = 1.959964 and 2.575829);
//! * volatility index at confidence c = z_c * sd at c = 90, 95 and 99 % (z = 1.644854,
//!   1.959964, 2.575829), the usual definition in PAR sheets;
//! * Pearson's chi-square goodness-of-fit statistic `X^2 = sum (O_i - E_i)^2 / E_i` over k
//!   cells, on k - 1 degrees of freedom (K. Pearson, "On the criterion that a given system of
//!   deviations ...", Philosophical Magazine 50, 1900); its p-value is the upper tail
//!   `P(chi^2_{k-1} >= X^2)`, the regularized upper incomplete gamma function
//!   `Q((k - 1) / 2, X^2 / 2)`.
//!
//! The normal quantile `Phi^-1` (through the inverse complementary error function), the
//! chi-square upper tail and its quantile come from the `statrs` crate
//! ([`statrs::distribution::Normal`], [`statrs::distribution::ChiSquared`]); the tests of this
//! module check them against the published tables of the NIST/SEMATECH e-Handbook of
//! Statistical Methods (sections 1.3.6.7.1 and 1.3.6.7.4).

use serde::{Deserialize, Serialize};
use statrs::distribution::{ChiSquared, ContinuousCDF, Normal};
use std::collections::BTreeMap;

/// Largest number of RTP sources a game may report.
pub const MAX_SOURCES: usize = 8;
/// Largest number of features a game may report.
pub const MAX_FEATURES: usize = 8;
/// Largest number of top awards a game may count (besides the cap, counted by every capped
/// game as `cap_hits`).
pub const MAX_AWARDS: usize = 8;
/// The confidence level of the intervals of the top awards' odds ([`AwardOdds`]): 95 %.
pub const AWARD_ODDS_LEVEL: f64 = 0.95;

/// Upper edges of the win-size buckets in x bet (the paytable's bet): 0, (0,1), [1,2), [2,5), [5,10), [10,20),
/// [20,50), [50,100), [100,500), [500,1000), [1000,5000), [5000, inf) not capped, cap.
pub const BUCKET_EDGES_X: [u64; 10] = [1, 2, 5, 10, 20, 50, 100, 500, 1000, 5000];
/// Number of win-size buckets.
pub const BUCKETS: usize = 13;
/// Names of the win-size buckets, in order.
pub const BUCKET_LABELS: [&str; BUCKETS] = [
    "0",
    "(0,1)",
    "[1,2)",
    "[2,5)",
    "[5,10)",
    "[10,20)",
    "[20,50)",
    "[50,100)",
    "[100,500)",
    "[500,1000)",
    "[1000,5000)",
    ">=5000 (uncapped)",
    "cap",
];

/// The quantile `Phi^-1(p)` of the standard normal distribution: the `z` with
/// `P(Z <= z) = p` for a standard normal `Z` (`statrs`, through the inverse complementary
/// error function). `-inf` at 0, `+inf` at 1, NaN outside `[0, 1]` (never a panic).
pub fn normal_quantile(p: f64) -> f64 {
    if (0.0..=1.0).contains(&p) {
        Normal::standard().inverse_cdf(p)
    } else {
        f64::NAN
    }
}

/// `z` of a two-sided interval at confidence `level` (0.95 = 95 %): `Phi^-1((1 + level) / 2)`,
/// so that `P(|Z| <= z) = level`. NaN outside `[0, 1]`.
pub fn z_for_confidence(level: f64) -> f64 {
    normal_quantile((1.0 + level) / 2.0)
}

/// The p-value of a chi-square statistic: `P(X >= statistic)` for `X` chi-square distributed
/// with `dof` degrees of freedom (the upper tail; `statrs`). NaN for `dof = 0` or a NaN
/// statistic.
pub fn chi_square_p_value(statistic: f64, dof: usize) -> f64 {
    match ChiSquared::new(dof as f64) {
        Ok(d) if dof > 0 && !statistic.is_nan() => d.sf(statistic),
        _ => f64::NAN,
    }
}

/// The critical value of a chi-square test at significance `alpha`: the `1 - alpha` quantile
/// of the chi-square distribution with `dof` degrees of freedom (`statrs`). NaN for `dof = 0`
/// or `alpha` outside `(0, 1)`.
pub fn chi_square_critical(dof: usize, alpha: f64) -> f64 {
    match ChiSquared::new(dof as f64) {
        Ok(d) if dof > 0 && alpha > 0.0 && alpha < 1.0 => d.inverse_cdf(1.0 - alpha),
        _ => f64::NAN,
    }
}

/// A confidence level strictly between 0 and 1 (0.95 = 95 %), for RTP intervals.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct ConfidenceLevel(f64);

/// A confidence level that is not a percentage strictly between 0 and 100.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "confidence level '{0}' is not allowed: give a percentage strictly between 0 and 100 (digits with at most one decimal point, for example 95, 99 or 99.9)"
)]
pub struct ConfidenceError(pub String);

impl ConfidenceLevel {
    /// 90 %.
    pub const P90: ConfidenceLevel = ConfidenceLevel(0.90);
    /// 95 %.
    pub const P95: ConfidenceLevel = ConfidenceLevel(0.95);
    /// 99 %.
    pub const P99: ConfidenceLevel = ConfidenceLevel(0.99);
    /// 99.9 %.
    pub const P999: ConfidenceLevel = ConfidenceLevel(0.999);

    /// The level `level` (a fraction, 0.95 = 95 %).
    ///
    /// # Errors
    /// [`ConfidenceError`] unless `0 < level < 1`.
    pub fn new(level: f64) -> Result<ConfidenceLevel, ConfidenceError> {
        if level > 0.0 && level < 1.0 {
            Ok(ConfidenceLevel(level))
        } else {
            Err(ConfidenceError(format!("{} %", level * 100.0)))
        }
    }

    /// Reads a percentage written in decimal (`"99.9"`, an optional `%` after it): the level is
    /// the `f64` nearest to the decimal value divided by 100 (`"99.9"` gives exactly the
    /// number `0.999` does).
    ///
    /// # Errors
    /// [`ConfidenceError`] for anything but digits with at most one decimal point (15 digits
    /// at most), or a value not strictly between 0 and 100.
    pub fn from_percent(text: &str) -> Result<ConfidenceLevel, ConfidenceError> {
        let err = || ConfidenceError(text.to_string());
        let t = text.trim();
        let t = t.strip_suffix('%').unwrap_or(t).trim_end();
        let (int, frac) = t.split_once('.').unwrap_or((t, ""));
        let digits = int.len() + frac.len();
        if digits == 0
            || digits > 15
            || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
        {
            return Err(err());
        }
        // value = mantissa / 10^(decimals + 2); both exact in an f64 (below 2^53 and 10^22),
        // so one division gives the nearest f64 to the decimal fraction.
        let mantissa: u64 = format!("{int}{frac}").parse().map_err(|_| err())?;
        let scale = 10u64.pow(frac.len() as u32 + 2);
        if mantissa == 0 || mantissa >= scale {
            return Err(err());
        }
        Ok(ConfidenceLevel(mantissa as f64 / scale as f64))
    }

    /// The level as a fraction (0.95).
    pub fn level(self) -> f64 {
        self.0
    }

    /// `z` of the two-sided interval at this level ([`z_for_confidence`]).
    pub fn z(self) -> f64 {
        z_for_confidence(self.0)
    }
}

impl std::fmt::Display for ConfidenceLevel {
    /// The level in percent without trailing zeros: `95 %`, `99.9 %`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} %", percent_label(self.0))
    }
}

/// `level` in percent, with at most 10 decimals and no trailing zeros (0.999 -> "99.9").
fn percent_label(level: f64) -> String {
    let s = format!("{:.10}", level * 100.0);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The confidence levels of the RTP intervals every report carries: 95 % and 99 %.
pub const DEFAULT_CONFIDENCE: [ConfidenceLevel; 2] = [ConfidenceLevel::P95, ConfidenceLevel::P99];

/// What one round contributed, as the game reports it. Wins are in hundredths of the bet the
/// paytable refers to (Starlight Christmas: the base bet).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundSummary {
    /// The round's total win (after the cap).
    pub win: u64,
    /// The win split by source (indices as the game's source names); sums to `win`.
    pub by_source: [u64; MAX_SOURCES],
    /// How many times each feature triggered in this round.
    pub feature_triggers: [u32; MAX_FEATURES],
    /// The win each feature brought in this round.
    pub feature_wins: [u64; MAX_FEATURES],
    /// The round hit the cap.
    pub capped: bool,
    /// How many times each top award of the game came in this round (indices as the game's
    /// award names: Starlight Christmas's x500 Multiplier, Moon Princess's 100 x clear, Wish
    /// Upon a Star's jackpots).
    pub awards: [u32; MAX_AWARDS],
}

fn all_zero(a: &[u64; MAX_AWARDS]) -> bool {
    a.iter().all(|&x| x == 0)
}

/// Mergeable integer sums over rounds. Serialised (JSON, 128-bit sums as numbers) into every
/// report, so that the reports of independent shards can be merged exactly
/// (`cargo xtask merge`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accumulator {
    /// The stake paid per round in hundredths of the paytable's bet (100; Starlight Christmas
    /// with ante: 125).
    pub cost: u64,
    /// Rounds played.
    pub rounds: u64,
    /// Sum of wins (hundredths).
    pub total_win: u128,
    /// Sum of squared wins (hundredths squared).
    pub sum_sq: u128,
    /// Rounds with a win > 0.
    pub hits: u64,
    /// Largest round win (hundredths).
    pub max_win: u64,
    /// Rounds that hit the cap.
    pub cap_hits: u64,
    /// Sum of wins by source.
    pub sources: [u128; MAX_SOURCES],
    /// Rounds in which each feature triggered at least once.
    pub feature_rounds: [u64; MAX_FEATURES],
    /// Total triggers of each feature.
    pub feature_triggers: [u64; MAX_FEATURES],
    /// Sum of each feature's wins.
    pub feature_wins: [u128; MAX_FEATURES],
    /// Win-size histogram (see [`BUCKET_LABELS`]).
    pub buckets: [u64; BUCKETS],
    /// Rounds in which each top award came at least once (left out of the JSON when all are
    /// 0, so reports written before the field existed read back with their checksum).
    #[serde(default, skip_serializing_if = "all_zero")]
    pub award_rounds: [u64; MAX_AWARDS],
    /// How many times each top award came in all (a round may hold several).
    #[serde(default, skip_serializing_if = "all_zero")]
    pub award_counts: [u64; MAX_AWARDS],
}

impl Accumulator {
    /// An empty accumulator for rounds that cost `cost` hundredths of the paytable's bet.
    pub fn new(cost: u64) -> Self {
        Accumulator {
            cost,
            rounds: 0,
            total_win: 0,
            sum_sq: 0,
            hits: 0,
            max_win: 0,
            cap_hits: 0,
            sources: [0; MAX_SOURCES],
            feature_rounds: [0; MAX_FEATURES],
            feature_triggers: [0; MAX_FEATURES],
            feature_wins: [0; MAX_FEATURES],
            buckets: [0; BUCKETS],
            award_rounds: [0; MAX_AWARDS],
            award_counts: [0; MAX_AWARDS],
        }
    }

    /// The bucket of a win of `win` hundredths of the bet (buckets are multiples of the
    /// paytable's bet, also with a stake above it).
    #[inline]
    pub fn bucket(win: u64, capped: bool) -> usize {
        if capped {
            BUCKETS - 1
        } else if win == 0 {
            0
        } else {
            1 + BUCKET_EDGES_X
                .iter()
                .take_while(|&&x| win >= x * 100)
                .count()
        }
    }

    /// Adds one round.
    ///
    /// # Overflow
    /// None by construction, without a check in the per-round path: `rounds` counts by one
    /// (2^64 rounds is beyond any run); every win is a `u64`, so `total_win`, the `sources`
    /// and the `feature_wins` stay below `rounds x 2^64 <= 2^128`; `sum_sq` stays below
    /// `rounds x max_win^2`, which for the capped games (`max_win <= 500,000 < 2^19`) is below
    /// `2^64 x 2^38 = 2^102`, and for Wish Upon a Star (no cap) fits as long as the rounds'
    /// wins stay below `2^32` hundredths (43 million x bet) each, or their squares add up to
    /// less than `2^128` (a round of that size needs hundreds of thousands of spins that each
    /// pay the game's largest win). `feature_triggers` and the award counts add `u32`s to
    /// `u64`s. The test profile (overflow checks on) would catch a wrap; the extremes are
    /// tested (`add_and_merge_hold_at_the_extremes`). Sums read from outside go through
    /// [`Accumulator::checked_merge`].
    #[inline]
    pub fn add(&mut self, r: &RoundSummary) {
        // Most rounds win nothing and bring no feature and no award: of all the sums only the
        // round count and the zero bucket move (what `add_each` does for them, without its
        // 60-odd additions of zero).
        if r.win == 0
            && !r.capped
            && r.by_source == [0; MAX_SOURCES]
            && r.feature_triggers == [0; MAX_FEATURES]
            && r.feature_wins == [0; MAX_FEATURES]
            && r.awards == [0; MAX_AWARDS]
        {
            self.rounds += 1;
            self.buckets[0] += 1;
            return;
        }
        self.add_each(r);
    }

    /// [`Accumulator::add`] field by field, for any round.
    #[inline]
    fn add_each(&mut self, r: &RoundSummary) {
        self.rounds += 1;
        let w = r.win;
        self.total_win += w as u128;
        self.sum_sq += (w as u128) * (w as u128);
        self.hits += (w > 0) as u64;
        self.max_win = self.max_win.max(w);
        self.cap_hits += r.capped as u64;
        for (s, v) in self.sources.iter_mut().zip(r.by_source) {
            *s += v as u128;
        }
        for f in 0..MAX_FEATURES {
            let t = r.feature_triggers[f];
            self.feature_rounds[f] += (t > 0) as u64;
            self.feature_triggers[f] += t as u64;
            self.feature_wins[f] += r.feature_wins[f] as u128;
        }
        self.buckets[Self::bucket(w, r.capped)] += 1;
        for (i, &a) in r.awards.iter().enumerate() {
            self.award_rounds[i] += (a > 0) as u64;
            self.award_counts[i] += a as u64;
        }
    }

    /// Adds another accumulator's sums (same `cost`).
    ///
    /// For accumulators of one run (the simulator merges its batches): the merged sums are
    /// the sums of [`Accumulator::add`] over all the run's rounds, so its bounds hold and
    /// nothing overflows. Sums from outside (report files, checkpoints) must go through
    /// [`Accumulator::checked_merge`], which refuses an overflow with a typed error.
    pub fn merge(&mut self, o: &Accumulator) {
        debug_assert_eq!(self.cost, o.cost);
        self.rounds += o.rounds;
        self.total_win += o.total_win;
        self.sum_sq += o.sum_sq;
        self.hits += o.hits;
        self.max_win = self.max_win.max(o.max_win);
        self.cap_hits += o.cap_hits;
        for i in 0..MAX_SOURCES {
            self.sources[i] += o.sources[i];
        }
        for i in 0..MAX_FEATURES {
            self.feature_rounds[i] += o.feature_rounds[i];
            self.feature_triggers[i] += o.feature_triggers[i];
            self.feature_wins[i] += o.feature_wins[i];
        }
        for i in 0..BUCKETS {
            self.buckets[i] += o.buckets[i];
        }
        for i in 0..MAX_AWARDS {
            self.award_rounds[i] += o.award_rounds[i];
            self.award_counts[i] += o.award_counts[i];
        }
    }

    /// RTP as a fraction of the stake.
    pub fn rtp(&self) -> f64 {
        if self.rounds == 0 {
            return 0.0;
        }
        self.total_win as f64 / (self.rounds as f64 * self.cost as f64)
    }

    /// Standard deviation of a round's win in units of the stake.
    pub fn sd(&self) -> f64 {
        if self.rounds < 2 {
            return 0.0;
        }
        let n = self.rounds as f64;
        let c = self.cost as f64;
        let mean = self.total_win as f64 / n;
        // Exact integer numerator: n * sum_sq - total^2, then scale.
        let var = (self.sum_sq as f64 - n * mean * mean) / (n - 1.0);
        var.max(0.0).sqrt() / c
    }

    /// Half-width of the RTP interval for a normal quantile `z`; infinite below 2 rounds (the
    /// spread cannot be estimated from one round).
    pub fn half_width(&self, z: f64) -> f64 {
        // One round says nothing about the spread: no finite interval.
        if self.rounds < 2 {
            return f64::INFINITY;
        }
        z * self.sd() / (self.rounds as f64).sqrt()
    }
}

/// Fewest rounds for which a report calls its confidence intervals reliable
/// ([`Accumulator::interval_warning`]).
pub const INTERVAL_MIN_ROUNDS: u64 = 1_000;
/// Fewest winning rounds for which a report calls its confidence intervals reliable.
pub const INTERVAL_MIN_HITS: u64 = 30;

impl Accumulator {
    /// Why the normal-approximation interval of these sums cannot be trusted, or `None` when
    /// it can. The rule (a floor, not a guarantee: heavy tails need far more): at least
    /// [`INTERVAL_MIN_ROUNDS`] rounds and at least [`INTERVAL_MIN_HITS`] winning rounds, the
    /// usual "n >= 30" of the central limit theorem applied to the rounds that carry the win,
    /// with enough rounds that the sample standard deviation means something. Reports print
    /// such an interval clamped at 0 and flagged, never as if it were exact.
    pub fn interval_warning(&self) -> Option<String> {
        if self.rounds >= INTERVAL_MIN_ROUNDS && self.hits >= INTERVAL_MIN_HITS {
            return None;
        }
        Some(format!(
            "{} rounds with {} winning: the normal approximation needs at least {} rounds and {} winning rounds",
            self.rounds, self.hits, INTERVAL_MIN_ROUNDS, INTERVAL_MIN_HITS
        ))
    }

    /// Adds another accumulator's sums like [`Accumulator::merge`], but checks: the same
    /// stake, and no sum overflows. `self` is unchanged on error.
    ///
    /// # Errors
    /// [`SumsError::StakeMismatch`], or [`SumsError::Overflow`] naming the sum.
    pub fn checked_merge(&mut self, o: &Accumulator) -> Result<(), SumsError> {
        if self.cost != o.cost {
            return Err(SumsError::StakeMismatch {
                first: self.cost,
                other: o.cost,
            });
        }
        let ov = |what| SumsError::Overflow { what };
        let mut m = self.clone();
        m.rounds = m.rounds.checked_add(o.rounds).ok_or(ov("rounds"))?;
        m.total_win = m
            .total_win
            .checked_add(o.total_win)
            .ok_or(ov("total_win"))?;
        m.sum_sq = m.sum_sq.checked_add(o.sum_sq).ok_or(ov("sum_sq"))?;
        m.hits = m.hits.checked_add(o.hits).ok_or(ov("hits"))?;
        m.max_win = m.max_win.max(o.max_win);
        m.cap_hits = m.cap_hits.checked_add(o.cap_hits).ok_or(ov("cap_hits"))?;
        for (a, b) in m.sources.iter_mut().zip(o.sources) {
            *a = a.checked_add(b).ok_or(ov("sources"))?;
        }
        for i in 0..MAX_FEATURES {
            let f = &mut m.feature_rounds[i];
            *f = f
                .checked_add(o.feature_rounds[i])
                .ok_or(ov("feature_rounds"))?;
            let f = &mut m.feature_triggers[i];
            *f = f
                .checked_add(o.feature_triggers[i])
                .ok_or(ov("feature_triggers"))?;
            let f = &mut m.feature_wins[i];
            *f = f.checked_add(o.feature_wins[i]).ok_or(ov("feature_wins"))?;
        }
        for (a, b) in m.buckets.iter_mut().zip(o.buckets) {
            *a = a.checked_add(b).ok_or(ov("buckets"))?;
        }
        for (a, b) in m.award_rounds.iter_mut().zip(o.award_rounds) {
            *a = a.checked_add(b).ok_or(ov("award_rounds"))?;
        }
        for (a, b) in m.award_counts.iter_mut().zip(o.award_counts) {
            *a = a.checked_add(b).ok_or(ov("award_counts"))?;
        }
        *self = m;
        Ok(())
    }

    /// Checks every relation that the sums of real rounds satisfy, so that a report read from
    /// outside (a file, a shard of a cluster run) cannot bring impossible figures into a merge.
    /// Wins are in hundredths of the paytable's bet.
    ///
    /// The relations: at least one round; the stake of the game and mode; hits, cap hits and
    /// each feature's rounds at most the rounds; the buckets add up to the rounds, bucket "0"
    /// holds the rounds without a win and bucket "cap" the cap hits; the total win lies between
    /// what the buckets' edges allow, no bucket lies above the largest win; max win at most
    /// the cap (capped games), a cap hit only with max win = cap, none without a cap; max win
    /// at most the total win, hits > 0 exactly when the total win is; the total win at least
    /// max win + hits - 1 (every winning round pays at least 1) and at most rounds x max win;
    /// the sum of squares between total_win^2 / hits (Cauchy-Schwarz) and max_win x total_win;
    /// the sources add up to the total win, and no source or feature beyond the game's has a
    /// figure; a feature's rounds at most its triggers, its wins at most the total win and at
    /// most its rounds x max win (a feature pays only in rounds where it triggered); a top
    /// award's rounds at most the rounds and at most its count, a count only with rounds, and
    /// no award beyond the game's.
    ///
    /// # Errors
    /// The first relation that fails, as a [`SumsError`] naming the figures.
    pub fn validate(&self, limits: &SumsLimits) -> Result<(), SumsError> {
        use SumsError as E;
        let n = self.rounds;
        if n == 0 {
            return Err(E::NoRounds);
        }
        if self.cost != limits.cost {
            return Err(E::Cost {
                found: self.cost,
                expected: limits.cost,
            });
        }
        if self.hits > n {
            return Err(E::HitsAboveRounds {
                hits: self.hits,
                rounds: n,
            });
        }
        if self.cap_hits > self.hits {
            return Err(E::CapHitsAboveHits {
                cap_hits: self.cap_hits,
                hits: self.hits,
            });
        }
        let bucket_sum: u128 = self.buckets.iter().map(|&b| u128::from(b)).sum();
        if bucket_sum != u128::from(n) {
            return Err(E::BucketsSum {
                sum: bucket_sum,
                rounds: n,
            });
        }
        if self.buckets[0] != n - self.hits {
            return Err(E::ZeroBucket {
                zero: self.buckets[0],
                expected: n - self.hits,
            });
        }
        if self.buckets[BUCKETS - 1] != self.cap_hits {
            return Err(E::CapBucket {
                found: self.buckets[BUCKETS - 1],
                cap_hits: self.cap_hits,
            });
        }
        match limits.cap {
            Some(cap) if self.max_win > cap => {
                return Err(E::MaxWinAboveCap {
                    max_win: self.max_win,
                    cap,
                });
            }
            Some(cap) if (self.cap_hits > 0) != (self.max_win == cap) => {
                return Err(E::CapHitsVsMaxWin {
                    cap_hits: self.cap_hits,
                    max_win: self.max_win,
                    cap,
                });
            }
            None if self.cap_hits > 0 => {
                return Err(E::CapHitsWithoutCap {
                    cap_hits: self.cap_hits,
                });
            }
            _ => {}
        }
        let (total, max) = (self.total_win, u128::from(self.max_win));
        if max > total {
            return Err(E::MaxWinAboveTotal {
                max_win: self.max_win,
                total_win: total,
            });
        }
        if (self.hits == 0) != (total == 0) || (self.hits == 0) != (max == 0) {
            return Err(E::HitsVsWins {
                hits: self.hits,
                max_win: self.max_win,
                total_win: total,
            });
        }
        let most = u128::from(n) * max;
        if total > most {
            return Err(E::TotalAboveBound {
                total_win: total,
                bound: most,
            });
        }
        if self.hits > 0 {
            let least = max + u128::from(self.hits) - 1;
            if total < least {
                return Err(E::TotalBelowHits {
                    total_win: total,
                    hits: self.hits,
                    bound: least,
                });
            }
        }
        // The largest win of a round that did not hit the cap.
        let uncapped_max = match limits.cap {
            Some(cap) => self.max_win.min(cap.saturating_sub(1)),
            None => self.max_win,
        };
        if let Some(b) =
            (1..BUCKETS - 1).find(|&b| self.buckets[b] > 0 && BUCKET_FLOORS[b] > uncapped_max)
        {
            return Err(E::BucketAboveMaxWin {
                bucket: BUCKET_LABELS[b],
                count: self.buckets[b],
                max_win: self.max_win,
            });
        }
        let (mut low, mut high) = (0u128, 0u128);
        for b in 0..BUCKETS {
            let count = u128::from(self.buckets[b]);
            let floor = if b == BUCKETS - 1 {
                limits.cap.unwrap_or(1)
            } else {
                BUCKET_FLOORS[b]
            };
            let ceiling = if b + 2 < BUCKETS {
                BUCKET_FLOORS[b + 1].saturating_sub(1).min(uncapped_max)
            } else if b + 1 < BUCKETS {
                uncapped_max
            } else {
                self.max_win
            };
            low = low.saturating_add(count.saturating_mul(u128::from(floor)));
            high = high.saturating_add(count.saturating_mul(u128::from(ceiling)));
        }
        if total < low || total > high {
            return Err(E::TotalOutsideBuckets {
                total_win: total,
                low,
                high,
            });
        }
        if self.hits > 0 {
            // total^2 / hits <= sum_sq <= max_win * total, compared exactly in 256 bits.
            let square = U256::mul(total, total);
            if square > U256::mul(self.sum_sq, u128::from(self.hits))
                || U256::mul(max, max) > U256::mul(self.sum_sq, 1)
            {
                return Err(E::SumSqTooSmall {
                    sum_sq: self.sum_sq,
                    total_win: total,
                    hits: self.hits,
                });
            }
            if U256::mul(self.sum_sq, 1) > U256::mul(max, total) {
                return Err(E::SumSqTooLarge {
                    sum_sq: self.sum_sq,
                    max_win: self.max_win,
                    total_win: total,
                });
            }
        } else if self.sum_sq != 0 {
            return Err(E::SumSqTooLarge {
                sum_sq: self.sum_sq,
                max_win: self.max_win,
                total_win: total,
            });
        }
        let mut sources = 0u128;
        for (i, &v) in self.sources.iter().enumerate() {
            if i >= limits.sources && v != 0 {
                return Err(E::UnusedSource {
                    index: i,
                    count: limits.sources,
                });
            }
            sources = sources
                .checked_add(v)
                .ok_or(E::Overflow { what: "sources" })?;
        }
        if sources != total {
            return Err(E::SourcesSum {
                sum: sources,
                total_win: total,
            });
        }
        for i in 0..MAX_FEATURES {
            let (rounds, triggers, wins) = (
                self.feature_rounds[i],
                self.feature_triggers[i],
                self.feature_wins[i],
            );
            if i >= limits.features && (rounds, triggers, wins) != (0, 0, 0) {
                return Err(E::UnusedFeature {
                    index: i,
                    count: limits.features,
                });
            }
            if rounds > n {
                return Err(E::FeatureRoundsAboveRounds {
                    index: i,
                    feature_rounds: rounds,
                    rounds: n,
                });
            }
            if rounds > triggers || (triggers > 0 && rounds == 0) {
                return Err(E::FeatureRoundsVsTriggers {
                    index: i,
                    feature_rounds: rounds,
                    triggers,
                });
            }
            if wins > total || wins > u128::from(rounds) * max {
                return Err(E::FeatureWins {
                    index: i,
                    wins,
                    feature_rounds: rounds,
                    total_win: total,
                });
            }
        }
        for i in 0..MAX_AWARDS {
            let (rounds, count) = (self.award_rounds[i], self.award_counts[i]);
            if i >= limits.awards && (rounds, count) != (0, 0) {
                return Err(E::UnusedAward {
                    index: i,
                    count: limits.awards,
                });
            }
            if rounds > n {
                return Err(E::AwardRoundsAboveRounds {
                    index: i,
                    award_rounds: rounds,
                    rounds: n,
                });
            }
            if rounds > count || (count > 0 && rounds == 0) {
                return Err(E::AwardRoundsVsCount {
                    index: i,
                    award_rounds: rounds,
                    count,
                });
            }
        }
        Ok(())
    }
}

/// The lowest win (hundredths) of each bucket below "cap": 0, 1, then the edges of
/// [`BUCKET_EDGES_X`] in hundredths.
const BUCKET_FLOORS: [u64; BUCKETS - 1] = {
    let mut f = [0u64; BUCKETS - 1];
    f[1] = 1;
    let mut i = 0;
    while i < BUCKET_EDGES_X.len() {
        f[i + 2] = BUCKET_EDGES_X[i] * 100;
        i += 1;
    }
    f
};

/// A 256-bit product, for exact comparisons of products of 128-bit sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct U256 {
    hi: u128,
    lo: u128,
}

impl U256 {
    /// `a * b` exactly (schoolbook on 64-bit halves).
    fn mul(a: u128, b: u128) -> U256 {
        const M: u128 = u64::MAX as u128;
        let (a1, a0, b1, b0) = (a >> 64, a & M, b >> 64, b & M);
        let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
        let (mid, carry) = p01.overflowing_add(p10);
        let (lo, c2) = p00.overflowing_add(mid << 64);
        let hi = p11 + (mid >> 64) + (u128::from(carry) << 64) + u128::from(c2);
        U256 { hi, lo }
    }
}

/// What the sums of a game and mode must respect ([`Accumulator::validate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumsLimits {
    /// The stake per round, hundredths of the paytable's bet (100; Starlight Christmas ante 125).
    pub cost: u64,
    /// The largest win a round may pay, hundredths of the paytable's bet; `None` if uncapped.
    pub cap: Option<u64>,
    /// How many RTP sources the game reports (the rest must be 0).
    pub sources: usize,
    /// How many features the game reports (the rest must be 0).
    pub features: usize,
    /// How many top awards the game counts (the rest must be 0).
    pub awards: usize,
}

/// Sums that no set of real rounds can produce ([`Accumulator::validate`]), or a merge that
/// cannot be done ([`Accumulator::checked_merge`]). Amounts in hundredths of the bet.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SumsError {
    /// No rounds.
    #[error("rounds is 0: a report covers at least one round")]
    NoRounds,
    /// Another stake than the game and mode's.
    #[error("cost is {found} hundredths of the bet, but this game and mode stake {expected}")]
    Cost {
        /// In the sums.
        found: u64,
        /// The game's.
        expected: u64,
    },
    /// Two sums played at different stakes.
    #[error("the stakes differ ({first} and {other} hundredths of the bet)")]
    StakeMismatch {
        /// The first one's.
        first: u64,
        /// The other one's.
        other: u64,
    },
    /// More winning rounds than rounds.
    #[error("hits ({hits}) is more than rounds ({rounds})")]
    HitsAboveRounds {
        /// Winning rounds.
        hits: u64,
        /// Rounds.
        rounds: u64,
    },
    /// More cap hits than winning rounds.
    #[error("cap_hits ({cap_hits}) is more than hits ({hits})")]
    CapHitsAboveHits {
        /// Cap hits.
        cap_hits: u64,
        /// Winning rounds.
        hits: u64,
    },
    /// The histogram does not hold every round once.
    #[error("the win-size buckets hold {sum} rounds in all, but rounds is {rounds}")]
    BucketsSum {
        /// Their sum.
        sum: u128,
        /// Rounds.
        rounds: u64,
    },
    /// Bucket "0" is not the rounds without a win.
    #[error("bucket \"0\" holds {zero} rounds, but rounds - hits is {expected}")]
    ZeroBucket {
        /// Bucket "0".
        zero: u64,
        /// Rounds - hits.
        expected: u64,
    },
    /// Bucket "cap" is not the cap hits.
    #[error("bucket \"cap\" holds {found} rounds, but cap_hits is {cap_hits}")]
    CapBucket {
        /// Bucket "cap".
        found: u64,
        /// Cap hits.
        cap_hits: u64,
    },
    /// A win above the cap.
    #[error("max_win {max_win} is above the cap {cap}")]
    MaxWinAboveCap {
        /// Largest win.
        max_win: u64,
        /// The cap.
        cap: u64,
    },
    /// Cap hits without a largest win of the cap, or a win of the cap without a cap hit (a
    /// round that reaches the cap is capped and pays the cap).
    #[error(
        "cap_hits is {cap_hits} and max_win {max_win} with the cap at {cap}: a cap hit pays the cap, and a round that reaches the cap is a cap hit"
    )]
    CapHitsVsMaxWin {
        /// Cap hits.
        cap_hits: u64,
        /// Largest win.
        max_win: u64,
        /// The cap.
        cap: u64,
    },
    /// Cap hits in a game without a cap.
    #[error("this game has no cap, but cap_hits is {cap_hits}")]
    CapHitsWithoutCap {
        /// Cap hits.
        cap_hits: u64,
    },
    /// The largest win exceeds the sum of all wins.
    #[error("max_win {max_win} is more than total_win {total_win}")]
    MaxWinAboveTotal {
        /// Largest win.
        max_win: u64,
        /// Sum of wins.
        total_win: u128,
    },
    /// Winning rounds and win sums disagree on whether anything was won.
    #[error(
        "hits {hits}, max_win {max_win} and total_win {total_win} disagree on whether any round won"
    )]
    HitsVsWins {
        /// Winning rounds.
        hits: u64,
        /// Largest win.
        max_win: u64,
        /// Sum of wins.
        total_win: u128,
    },
    /// More won than every round paying the largest win.
    #[error("total_win {total_win} is more than rounds x max_win = {bound}")]
    TotalAboveBound {
        /// Sum of wins.
        total_win: u128,
        /// Rounds x largest win.
        bound: u128,
    },
    /// Less won than the winning rounds pay at least.
    #[error(
        "total_win {total_win} is less than {hits} winning rounds pay at least (max_win + hits - 1 = {bound})"
    )]
    TotalBelowHits {
        /// Sum of wins.
        total_win: u128,
        /// Winning rounds.
        hits: u64,
        /// The least they pay.
        bound: u128,
    },
    /// A bucket above the largest win (or, in a capped game, an uncapped bucket at or above
    /// the cap) holds rounds.
    #[error(
        "bucket \"{bucket}\" holds {count} rounds, but max_win is {max_win} (and a win that reaches the cap is in bucket \"cap\")"
    )]
    BucketAboveMaxWin {
        /// The bucket's label.
        bucket: &'static str,
        /// Its rounds.
        count: u64,
        /// Largest win.
        max_win: u64,
    },
    /// The total win is outside what the buckets' edges allow.
    #[error("the win-size buckets put total_win between {low} and {high}, but it is {total_win}")]
    TotalOutsideBuckets {
        /// Sum of wins.
        total_win: u128,
        /// The least the buckets allow.
        low: u128,
        /// The most they allow.
        high: u128,
    },
    /// The sum of squares is below total_win^2 / hits (or max_win^2).
    #[error(
        "sum_sq {sum_sq} is less than total_win^2 / hits allows (total_win {total_win}, hits {hits})"
    )]
    SumSqTooSmall {
        /// Sum of squared wins.
        sum_sq: u128,
        /// Sum of wins.
        total_win: u128,
        /// Winning rounds.
        hits: u64,
    },
    /// The sum of squares is above max_win x total_win.
    #[error(
        "sum_sq {sum_sq} is more than max_win x total_win allows (max_win {max_win}, total_win {total_win})"
    )]
    SumSqTooLarge {
        /// Sum of squared wins.
        sum_sq: u128,
        /// Largest win.
        max_win: u64,
        /// Sum of wins.
        total_win: u128,
    },
    /// The sources do not add up to the total win.
    #[error("the sources add up to {sum}, but total_win is {total_win}")]
    SourcesSum {
        /// Their sum.
        sum: u128,
        /// Sum of wins.
        total_win: u128,
    },
    /// A source the game does not have holds a win.
    #[error("source {index} holds a win, but the game has {count} sources")]
    UnusedSource {
        /// Its index.
        index: usize,
        /// The game's sources.
        count: usize,
    },
    /// A feature the game does not have has figures.
    #[error("feature {index} has figures, but the game has {count} features")]
    UnusedFeature {
        /// Its index.
        index: usize,
        /// The game's features.
        count: usize,
    },
    /// A feature triggered in more rounds than there are.
    #[error("feature {index} triggered in {feature_rounds} rounds, more than rounds ({rounds})")]
    FeatureRoundsAboveRounds {
        /// The feature's index.
        index: usize,
        /// Its rounds.
        feature_rounds: u64,
        /// Rounds.
        rounds: u64,
    },
    /// A feature's rounds and triggers disagree (each triggering round has a trigger).
    #[error(
        "feature {index} triggered in {feature_rounds} rounds with {triggers} triggers in all (rounds must be at most triggers, and triggers need rounds)"
    )]
    FeatureRoundsVsTriggers {
        /// The feature's index.
        index: usize,
        /// Its rounds.
        feature_rounds: u64,
        /// Its triggers.
        triggers: u64,
    },
    /// A feature won more than the rounds or more than its rounds could.
    #[error(
        "feature {index} won {wins}, more than total_win {total_win} or than its {feature_rounds} rounds x max_win"
    )]
    FeatureWins {
        /// The feature's index.
        index: usize,
        /// Its wins.
        wins: u128,
        /// Its rounds.
        feature_rounds: u64,
        /// Sum of wins.
        total_win: u128,
    },
    /// A top award the game does not have has counts.
    #[error("top award {index} has counts, but the game has {count} top awards")]
    UnusedAward {
        /// Its index.
        index: usize,
        /// The game's awards.
        count: usize,
    },
    /// A top award came in more rounds than there are.
    #[error("top award {index} came in {award_rounds} rounds, more than rounds ({rounds})")]
    AwardRoundsAboveRounds {
        /// The award's index.
        index: usize,
        /// Its rounds.
        award_rounds: u64,
        /// Rounds.
        rounds: u64,
    },
    /// A top award's rounds and count disagree (each round with it holds it at least once).
    #[error(
        "top award {index} came in {award_rounds} rounds, {count} times in all (rounds must be at most the count, and a count needs rounds)"
    )]
    AwardRoundsVsCount {
        /// The award's index.
        index: usize,
        /// Its rounds.
        award_rounds: u64,
        /// Its count.
        count: u64,
    },
    /// A sum passes the range of its integer type.
    #[error("{what} overflows")]
    Overflow {
        /// Which sum.
        what: &'static str,
    },
}

/// One feature's figures in a [`ParReport`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FeatureFigures {
    /// Rounds in which it triggered.
    pub count: u64,
    /// Total triggers (retriggers included where the game counts them).
    pub triggers: u64,
    /// Rounds per triggering round ("1 in N"); `null` if never.
    pub one_in: Option<f64>,
    /// Its contribution to RTP (fraction of the stake).
    pub rtp: f64,
    /// Its average win per triggering round, x bet.
    pub average_win: Option<f64>,
}

/// One win-size bucket in a [`ParReport`].
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BucketFigures {
    /// The range in x bet.
    pub range: &'static str,
    /// Rounds in it.
    pub count: u64,
    /// Share of rounds.
    pub share: f64,
    /// "1 in N"; `null` if none.
    pub one_in: Option<f64>,
}

/// The RTP's confidence interval at one level, in a [`ParReport`].
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct RtpInterval {
    /// The confidence level (0.999 = 99.9 %).
    pub level: f64,
    /// Lower end (fraction of the stake).
    pub low: f64,
    /// Upper end (fraction of the stake).
    pub high: f64,
}

impl RtpInterval {
    /// The interval of `acc`'s RTP at `level`: RTP +- z * sd / sqrt(n), its lower end at
    /// least 0 (unbounded above for fewer than 2 rounds).
    pub fn of(acc: &Accumulator, level: ConfidenceLevel) -> RtpInterval {
        let (rtp, h) = (acc.rtp(), acc.half_width(level.z()));
        RtpInterval {
            level: level.level(),
            // An RTP is never negative: a short run's interval is cut at 0.
            low: (rtp - h).max(0.0),
            high: rtp + h,
        }
    }
}

/// Volatility index at three confidence levels.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Volatility {
    /// z(90 %) x sd.
    pub vi90: f64,
    /// z(95 %) x sd.
    pub vi95: f64,
    /// z(99 %) x sd.
    pub vi99: f64,
}

/// The PAR report of a simulation (the common rules (README); the JSON fields of the runner's contract (README)). Ratios are
/// fractions (0.955 = 95.5 %). RTP, its intervals, sd and the volatility index are per stake
/// paid; win sizes (max win, average feature wins, the distribution) are multiples of the
/// paytable's bet, the base bet when a stake is above it (Starlight Christmas ante: stake 1.25 x
/// bet, so the 5,000x cap reads 5000 here).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ParReport {
    /// The game's command-line name.
    pub game: String,
    /// The mode (e.g. "standard", "ante", "love").
    pub mode: String,
    /// Rounds simulated.
    pub rounds: u64,
    /// The seed.
    pub seed: u64,
    /// Threads used (does not change any figure).
    pub threads: usize,
    /// Stake per round in x the paytable's bet (1.25 with ante).
    pub stake_x_bet: f64,
    /// Return to player.
    pub rtp: f64,
    /// 95 % confidence interval of the RTP.
    pub rtp_ci95: [f64; 2],
    /// 99 % confidence interval of the RTP.
    pub rtp_ci99: [f64; 2],
    /// The RTP's intervals at the levels asked for (default 95 % and 99 %; the runner's
    /// `--confidence`), lowest level first; [`ParReport::with_confidence`].
    pub rtp_intervals: Vec<RtpInterval>,
    /// Standard deviation of a round's win, x stake.
    pub sd: f64,
    /// Volatility index.
    pub volatility_index: Volatility,
    /// Share of rounds with a win.
    pub hit_frequency: f64,
    /// Largest round win, x bet.
    pub max_win: f64,
    /// Rounds that hit the cap.
    pub cap_hits: u64,
    /// Rounds per cap hit, if any.
    pub cap_one_in: Option<f64>,
    /// Per-feature figures.
    pub features: BTreeMap<String, FeatureFigures>,
    /// RTP split by source; sums to `rtp`.
    pub rtp_by_source: BTreeMap<String, f64>,
    /// Win-size distribution.
    pub win_distribution: Vec<BucketFigures>,
    /// Wall-clock time of the run, seconds.
    pub elapsed_seconds: f64,
    /// Rounds per second (all threads).
    pub rounds_per_second: f64,
    /// Rounds per second per thread.
    pub rounds_per_second_per_thread: f64,
    /// The seeds of the shards this report merges (empty for a single run).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub merged_seeds: Vec<u64>,
    /// Source names in index order (the order of `sums.sources`).
    pub source_names: Vec<String>,
    /// Feature names in index order (the order of `sums.feature_*`).
    pub feature_names: Vec<String>,
    /// The odds of each top award: the cap first (capped games), then the game's awards.
    pub top_awards: Vec<AwardOdds>,
    /// The exact integer sums behind every figure.
    pub sums: Accumulator,
    /// False when the intervals rest on too few rounds ([`Accumulator::interval_warning`]);
    /// they are then clamped at 0 (and unbounded above below 2 rounds: `null` in JSON).
    pub interval_reliable: bool,
    /// Why the intervals are not reliable, if they are not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval_warning: Option<String>,
}

/// What the report needs to know about the game besides the sums.
#[derive(Clone, Copy, Debug)]
pub struct ReportInfo<'a> {
    /// Command-line name.
    pub game: &'a str,
    /// Mode name.
    pub mode: &'a str,
    /// Names of the RTP sources, by index.
    pub sources: &'a [&'a str],
    /// Names of the features, by index.
    pub features: &'a [&'a str],
    /// Names of the top awards the game counts, by index of [`RoundSummary::awards`].
    pub awards: &'a [&'a str],
    /// The cap, hundredths of the paytable's bet (`None`: uncapped); a capped game's report
    /// lists the cap first among its top awards.
    pub cap: Option<u64>,
}

/// The odds of one top award in a [`ParReport`], from the simulation's count: "1 in N rounds"
/// with N = rounds / count (the award may come more than once in a round), with its exact
/// Poisson interval at [`AWARD_ODDS_LEVEL`] (F. Garwood, "Fiducial limits for the Poisson
/// distribution", Biometrika 28, 1936: the count's limits are chi-square quantiles), and the
/// exact odds where the game computes them.
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

fn one_in(n: u64, k: u64) -> Option<f64> {
    (k > 0).then(|| n as f64 / k as f64)
}

impl ParReport {
    /// Builds the report from the sums of a run.
    pub fn new(
        info: ReportInfo<'_>,
        acc: &Accumulator,
        seed: u64,
        threads: usize,
        elapsed_seconds: f64,
    ) -> Self {
        let n = acc.rounds;
        let stake = acc.rounds as f64 * acc.cost as f64;
        let rtp = acc.rtp();
        let sd = acc.sd();
        let ci = |level| {
            let i = RtpInterval::of(acc, level);
            [i.low, i.high]
        };
        let frac = |x: u128| if stake > 0.0 { x as f64 / stake } else { 0.0 };
        let features = info
            .features
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let k = acc.feature_rounds[i];
                let fig = FeatureFigures {
                    count: k,
                    triggers: acc.feature_triggers[i],
                    one_in: one_in(n, k),
                    rtp: frac(acc.feature_wins[i]),
                    average_win: (k > 0).then(|| acc.feature_wins[i] as f64 / k as f64 / 100.0),
                };
                (name.to_string(), fig)
            })
            .collect();
        let rtp_by_source = info
            .sources
            .iter()
            .enumerate()
            .map(|(i, s)| (s.to_string(), frac(acc.sources[i])))
            .collect();
        let win_distribution = (0..BUCKETS)
            .map(|b| BucketFigures {
                range: BUCKET_LABELS[b],
                count: acc.buckets[b],
                share: if n > 0 {
                    acc.buckets[b] as f64 / n as f64
                } else {
                    0.0
                },
                one_in: one_in(n, acc.buckets[b]),
            })
            .collect();
        let rps = if elapsed_seconds > 0.0 {
            n as f64 / elapsed_seconds
        } else {
            0.0
        };
        ParReport {
            game: info.game.to_string(),
            mode: info.mode.to_string(),
            rounds: n,
            seed,
            threads,
            stake_x_bet: acc.cost as f64 / 100.0,
            rtp,
            rtp_ci95: ci(ConfidenceLevel::P95),
            rtp_ci99: ci(ConfidenceLevel::P99),
            rtp_intervals: DEFAULT_CONFIDENCE
                .iter()
                .map(|&l| RtpInterval::of(acc, l))
                .collect(),
            sd,
            volatility_index: Volatility {
                vi90: ConfidenceLevel::P90.z() * sd,
                vi95: ConfidenceLevel::P95.z() * sd,
                vi99: ConfidenceLevel::P99.z() * sd,
            },
            hit_frequency: if n > 0 {
                acc.hits as f64 / n as f64
            } else {
                0.0
            },
            max_win: acc.max_win as f64 / 100.0,
            cap_hits: acc.cap_hits,
            cap_one_in: one_in(n, acc.cap_hits),
            features,
            rtp_by_source,
            win_distribution,
            elapsed_seconds,
            rounds_per_second: rps,
            rounds_per_second_per_thread: rps / threads.max(1) as f64,
            merged_seeds: Vec::new(),
            source_names: info.sources.iter().map(|s| s.to_string()).collect(),
            feature_names: info.features.iter().map(|s| s.to_string()).collect(),
            top_awards: info
                .cap
                .map(|cap| {
                    let name = format!("cap {}x", cap / 100);
                    AwardOdds::of(&name, n, acc.cap_hits, acc.cap_hits)
                })
                .into_iter()
                .chain(info.awards.iter().enumerate().map(|(i, name)| {
                    AwardOdds::of(name, n, acc.award_rounds[i], acc.award_counts[i])
                }))
                .collect(),
            sums: acc.clone(),
            interval_reliable: acc.interval_warning().is_none(),
            interval_warning: acc.interval_warning(),
        }
    }
}

impl ParReport {
    /// The report with its RTP intervals ([`ParReport::rtp_intervals`]) at `levels` instead
    /// of the default 95 % and 99 %, sorted, each once; an empty list keeps the default.
    /// `rtp_ci95` and `rtp_ci99` stay as they are.
    pub fn with_confidence(mut self, levels: &[ConfidenceLevel]) -> Self {
        if levels.is_empty() {
            return self;
        }
        let mut levels = levels.to_vec();
        levels.sort_by(|a, b| a.level().total_cmp(&b.level()));
        levels.dedup();
        self.rtp_intervals = levels
            .into_iter()
            .map(|l| RtpInterval::of(&self.sums, l))
            .collect();
        self
    }

    /// The win-size buckets seen more rarely than 1 in 100 million rounds (a PAR sheet states
    /// them: GLI-11).
    pub fn rare_buckets(&self) -> Vec<&'static str> {
        self.win_distribution
            .iter()
            .filter(|b| b.one_in.is_some_and(|x| x > 1e8))
            .map(|b| b.range)
            .collect()
    }
}

fn fmt_one_in(x: Option<f64>) -> String {
    match x {
        Some(v) => format!("1 in {v:.1}"),
        None => "never".into(),
    }
}

impl std::fmt::Display for ParReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pct = |x: f64| match x.is_finite() {
            true => format!("{:.4} %", x * 100.0),
            false => "unbounded".to_string(),
        };
        writeln!(f, "PAR report: {} ({})", self.game, self.mode)?;
        writeln!(
            f,
            "  rounds            {}   seed {}   threads {}",
            self.rounds, self.seed, self.threads
        )?;
        writeln!(f, "  stake             {} x bet", self.stake_x_bet)?;
        writeln!(f, "  RTP               {}", pct(self.rtp))?;
        for i in &self.rtp_intervals {
            writeln!(
                f,
                "    {:<16}[{}, {}]",
                format!("{} % interval", percent_label(i.level)),
                pct(i.low),
                pct(i.high)
            )?;
        }
        if let Some(why) = &self.interval_warning {
            writeln!(f, "    NOT RELIABLE    {why}")?;
        }
        writeln!(f, "  sd of round win   {:.3} x stake", self.sd)?;
        let v = self.volatility_index;
        writeln!(
            f,
            "  volatility index  {:.2} (90 %)  {:.2} (95 %)  {:.2} (99 %)",
            v.vi90, v.vi95, v.vi99
        )?;
        writeln!(
            f,
            "  hit frequency     {}  ({})",
            pct(self.hit_frequency),
            fmt_one_in(
                self.hit_frequency
                    .recip()
                    .is_finite()
                    .then(|| self.hit_frequency.recip())
            )
        )?;
        writeln!(f, "  max win           {:.2} x bet", self.max_win)?;
        writeln!(
            f,
            "  cap hits          {}  ({})",
            self.cap_hits,
            fmt_one_in(self.cap_one_in)
        )?;
        writeln!(f, "  RTP by source")?;
        for (k, v) in &self.rtp_by_source {
            writeln!(f, "    {k:<22}{}", pct(*v))?;
        }
        writeln!(f, "  features")?;
        for (k, v) in &self.features {
            writeln!(
                f,
                "    {k:<22}{} rounds ({}), RTP {}, average {} x bet",
                v.count,
                fmt_one_in(v.one_in),
                pct(v.rtp),
                v.average_win.map_or("-".into(), |a| format!("{a:.2}"))
            )?;
        }
        if !self.top_awards.is_empty() {
            writeln!(f, "  top awards")?;
            for a in &self.top_awards {
                writeln!(f, "    {:<30}{}", a.name, a.describe(self.rounds))?;
            }
        }
        writeln!(f, "  win distribution (x bet)")?;
        for b in &self.win_distribution {
            writeln!(
                f,
                "    {:<20}{:>14}  {:>9.5} %  {}",
                b.range,
                b.count,
                b.share * 100.0,
                fmt_one_in(b.one_in)
            )?;
        }
        let rare = self.rare_buckets();
        if !rare.is_empty() {
            writeln!(
                f,
                "  odds rarer than 1 in 100 million (GLI-11 disclosure): {}",
                rare.join(", ")
            )?;
        }
        writeln!(
            f,
            "  speed             {:.0} rounds/s ({:.0} per thread), {:.2} s",
            self.rounds_per_second, self.rounds_per_second_per_thread, self.elapsed_seconds
        )
    }
}

/// A chi-square goodness-of-fit test: the statistic, its degrees of freedom and its p-value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChiSquare {
    /// The statistic, sum of (observed - expected)^2 / expected.
    pub statistic: f64,
    /// Degrees of freedom (cells - 1).
    pub dof: usize,
    /// `P(chi^2_dof >= statistic)` ([`chi_square_p_value`]): the chance of a fit this bad or
    /// worse if the counts do follow the expected probabilities. A test at significance
    /// `alpha` rejects the fit when the p-value is below `alpha`.
    pub p_value: f64,
}

impl ChiSquare {
    /// The test of `statistic` on `dof` degrees of freedom (its p-value computed).
    pub fn new(statistic: f64, dof: usize) -> ChiSquare {
        ChiSquare {
            statistic,
            dof,
            p_value: chi_square_p_value(statistic, dof),
        }
    }
}

impl std::fmt::Display for ChiSquare {
    /// `chi-square 12.345 on 6 degrees of freedom, p = 0.0547`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "chi-square {:.3} on {} degrees of freedom, p = {:.4}",
            self.statistic, self.dof, self.p_value
        )
    }
}

/// Pearson's chi-square test of `observed` counts against probabilities `expected` (summing
/// to 1, all positive), with its p-value.
pub fn chi_square_uniformity(observed: &[u64], expected: &[f64]) -> ChiSquare {
    let n: u64 = observed.iter().sum();
    let statistic = observed
        .iter()
        .zip(expected)
        .map(|(&o, &p)| {
            let e = p * n as f64;
            (o as f64 - e).powi(2) / e
        })
        .sum();
    ChiSquare::new(statistic, observed.len().saturating_sub(1).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(win: u64) -> RoundSummary {
        let mut r = RoundSummary {
            win,
            ..Default::default()
        };
        r.by_source[0] = win;
        if win >= 500 {
            r.feature_triggers[1] = 1;
            r.feature_wins[1] = win;
        }
        r
    }

    proptest::proptest! {
        /// The shortcut for an empty round changes no sum: `add` equals `add_each` field by
        /// field, for empty rounds and for rounds with any one field set.
        #[test]
        fn add_equals_adding_each_field(
            field in 0usize..7,
            index in 0usize..MAX_SOURCES,
            value in 0u32..3,
        ) {
            let mut r = summary(0);
            let v = u64::from(value);
            match field {
                0 => r.win = v,
                1 => r.capped = value > 0,
                2 => r.by_source[index] = v,
                3 => r.feature_triggers[index] = value,
                4 => r.feature_wins[index] = v,
                5 => r.awards[index] = value,
                _ => {}
            }
            let mut fast = Accumulator::new(100);
            let mut each = Accumulator::new(100);
            fast.add(&summary(7));
            each.add_each(&summary(7));
            fast.add(&r);
            each.add_each(&r);
            proptest::prop_assert_eq!(&fast, &each);
            proptest::prop_assert_eq!(fast.rounds, 2);
        }
    }

    /// The bounds [`Accumulator::add`] and [`Accumulator::merge`] rely on, at their extremes:
    /// a round of the largest `u64` win squares exactly into `u128`; `2^64 - 1` rounds at the
    /// 5,000 x cap leave the sums far below `u128::MAX`, hand-computed.
    #[test]
    fn add_and_merge_hold_at_the_extremes() {
        let mut a = Accumulator::new(100);
        let mut r = summary(u64::MAX);
        r.feature_triggers = [u32::MAX; MAX_FEATURES];
        r.awards = [u32::MAX; MAX_AWARDS];
        a.add(&r);
        let m = u128::from(u64::MAX);
        assert_eq!(a.total_win, m);
        // (2^64 - 1)^2 = 2^128 - 2^65 + 1: fits.
        assert_eq!(a.sum_sq, u128::MAX - (1u128 << 65) + 2);
        assert_eq!(a.feature_triggers[0], u64::from(u32::MAX));
        assert_eq!(a.award_counts[0], u64::from(u32::MAX));

        // As if 2^64 - 2 rounds had all paid the cap, then one more capped round.
        const CAP: u64 = 500_000;
        let n = u64::MAX - 1;
        let mut big = Accumulator::new(100);
        big.rounds = n;
        big.hits = n;
        big.cap_hits = n;
        big.max_win = CAP;
        big.total_win = u128::from(n) * u128::from(CAP);
        big.sum_sq = u128::from(n) * u128::from(CAP) * u128::from(CAP);
        let mut capped = summary(CAP);
        capped.capped = true;
        big.add(&capped);
        assert_eq!(big.rounds, u64::MAX);
        assert_eq!(big.total_win, m * 500_000);
        assert_eq!(big.sum_sq, m * 250_000_000_000);
        assert!(big.sum_sq < 1u128 << 102);
        // Merging it with an empty run changes nothing; a second such run is refused.
        let before = big.clone();
        big.merge(&Accumulator::new(100));
        assert_eq!(big, before);
        assert_eq!(
            big.clone().checked_merge(&before),
            Err(SumsError::Overflow { what: "rounds" })
        );
    }

    #[test]
    fn figures_from_a_hand_made_set_of_rounds() {
        // Wins 0, 0, 100, 300 (x1 stake = 100): RTP = 400/400 = 1.0.
        let mut a = Accumulator::new(100);
        for w in [0, 0, 100, 300] {
            a.add(&summary(w));
        }
        assert_eq!(a.rounds, 4);
        assert_eq!(a.hits, 2);
        assert_eq!(a.rtp(), 1.0);
        // sample variance of 0,0,1,3 (mean 1) = (1+1+0+4)/3 = 2
        assert!((a.sd() - 2f64.sqrt()).abs() < 1e-12);
        assert_eq!(a.buckets[0], 2);
        assert_eq!(a.buckets[Accumulator::bucket(100, false)], 1);
        assert_eq!(Accumulator::bucket(100, false), 2, "1x is in [1,2)");
        assert_eq!(Accumulator::bucket(99, false), 1);
        assert_eq!(Accumulator::bucket(199, false), 2);
        assert_eq!(Accumulator::bucket(500_000, true), BUCKETS - 1);
        assert_eq!(Accumulator::bucket(500_000, false), BUCKETS - 2);
    }

    #[test]
    fn merging_in_any_order_gives_the_same_sums() {
        let wins = [0u64, 5, 20, 700, 0, 12_345, 100, 3];
        let mut whole = Accumulator::new(100);
        wins.iter().for_each(|&w| whole.add(&summary(w)));
        let mut a = Accumulator::new(100);
        let mut b = Accumulator::new(100);
        wins[..3].iter().for_each(|&w| a.add(&summary(w)));
        wins[3..].iter().for_each(|&w| b.add(&summary(w)));
        let mut ab = a.clone();
        ab.merge(&b);
        let mut ba = b.clone();
        ba.merge(&a);
        assert_eq!(ab, whole);
        assert_eq!(ba, whole);
    }

    #[test]
    fn report_fields_and_intervals() {
        let mut a = Accumulator::new(100);
        for w in [0, 0, 100, 300, 900] {
            a.add(&summary(w));
        }
        let info = ReportInfo {
            game: "g",
            mode: "m",
            sources: &["base"],
            features: &["x", "big"],
            awards: &[],
            cap: None,
        };
        let r = ParReport::new(info, &a, 7, 2, 1.0);
        assert_eq!(r.rtp, 1300.0 / 500.0);
        // z(95 %) = 1.959963984540054 (the standard normal's 0.975 quantile).
        assert!((r.rtp_ci95[1] - r.rtp - 1.959_963_984_540_054 * r.sd / 5f64.sqrt()).abs() < 1e-12);
        // The interval list defaults to 95 % and 99 %, the same intervals as the fixed fields.
        let levels: Vec<f64> = r.rtp_intervals.iter().map(|i| i.level).collect();
        assert_eq!(levels, [0.95, 0.99]);
        assert_eq!(
            [r.rtp_intervals[0].low, r.rtp_intervals[0].high],
            r.rtp_ci95
        );
        assert_eq!(
            [r.rtp_intervals[1].low, r.rtp_intervals[1].high],
            r.rtp_ci99
        );
        assert!((r.volatility_index.vi90 - 1.644_853_626_951_472 * r.sd).abs() < 1e-12);
        assert!((r.volatility_index.vi99 - 2.575_829_303_548_901 * r.sd).abs() < 1e-12);
        assert_eq!(r.features["big"].count, 1);
        assert_eq!(r.features["big"].one_in, Some(5.0));
        assert_eq!(r.features["x"].one_in, None);
        assert_eq!(r.rtp_by_source["base"], r.rtp);
        assert_eq!(r.max_win, 9.0);
        let text = r.to_string();
        assert!(
            text.contains("RTP") && text.contains("260.0000 %"),
            "{text}"
        );
        let json = serde_json_like(&r);
        assert!(json.contains("\"rtp_ci99\""));
        // The sums survive a JSON round trip exactly (shards can be merged from reports).
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let back: Accumulator = serde_json::from_value(v["sums"].clone()).unwrap();
        assert_eq!(back, a);
        let mut big = Accumulator::new(100);
        big.sum_sq = u128::MAX - 1;
        let back: Accumulator =
            serde_json::from_str(&serde_json::to_string(&big).unwrap()).unwrap();
        assert_eq!(back.sum_sq, u128::MAX - 1);
    }

    fn serde_json_like(r: &ParReport) -> String {
        serde_json::to_string(r).unwrap()
    }

    const LIMITS: SumsLimits = SumsLimits {
        cost: 100,
        cap: Some(500_000),
        sources: 1,
        features: 2,
        awards: 1,
    };

    /// Sums of real rounds: wins 0, 0, 150, 700 (feature 1), 500,000 (capped, feature 1).
    fn real() -> Accumulator {
        let mut a = Accumulator::new(100);
        for w in [0, 0, 150, 700] {
            a.add(&summary(w));
        }
        let mut capped = summary(500_000);
        capped.capped = true;
        a.add(&capped);
        a
    }

    #[test]
    fn sums_of_real_rounds_validate() {
        assert_eq!(real().validate(&LIMITS), Ok(()));
        let one = {
            let mut a = Accumulator::new(100);
            a.add(&summary(0));
            a
        };
        assert_eq!(one.validate(&LIMITS), Ok(()));
        // Without a cap, a win of 5,000x and more is in the uncapped bucket.
        let mut big = Accumulator::new(100);
        big.add(&summary(700_000));
        let no_cap = SumsLimits {
            cap: None,
            ..LIMITS
        };
        assert_eq!(big.validate(&no_cap), Ok(()));
    }

    /// Each impossible change of real sums is refused with the relation it breaks.
    #[test]
    fn impossible_sums_are_refused_by_name() {
        let check = |change: &dyn Fn(&mut Accumulator)| {
            let mut a = real();
            change(&mut a);
            a.validate(&LIMITS)
                .expect_err(&format!("impossible sums validated: {a:?}"))
        };
        assert_eq!(check(&|a| *a = Accumulator::new(100)), SumsError::NoRounds);
        assert!(matches!(
            check(&|a| a.cost = 125),
            SumsError::Cost { found: 125, .. }
        ));
        assert_eq!(
            check(&|a| a.hits = 6),
            SumsError::HitsAboveRounds { hits: 6, rounds: 5 }
        );
        assert!(matches!(
            check(&|a| a.buckets[3] += 1),
            SumsError::BucketsSum { sum: 6, .. }
        ));
        assert!(matches!(
            check(&|a| {
                a.buckets[0] -= 1;
                a.buckets[1] += 1
            }),
            SumsError::ZeroBucket {
                zero: 1,
                expected: 2
            }
        ));
        assert!(matches!(
            check(&|a| a.max_win = 600_000),
            SumsError::MaxWinAboveCap {
                max_win: 600_000,
                ..
            }
        ));
        // total_win 2^64 - 1 with 5 rounds: more than rounds x max_win.
        assert!(matches!(
            check(&|a| a.total_win = u64::MAX as u128),
            SumsError::TotalAboveBound { .. }
        ));
        assert!(matches!(
            check(&|a| a.total_win -= 1),
            SumsError::TotalOutsideBuckets { .. } | SumsError::SourcesSum { .. }
        ));
        assert!(matches!(
            check(&|a| a.sum_sq = 500_000 * a.total_win + 1),
            SumsError::SumSqTooLarge { .. }
        ));
        assert!(matches!(
            check(&|a| a.sum_sq = 500_000u128 * 500_000 - 1),
            SumsError::SumSqTooSmall { .. }
        ));
        assert!(matches!(
            check(&|a| a.sources[0] -= 1),
            SumsError::SourcesSum { .. }
        ));
        assert!(matches!(
            check(&|a| a.sources[1] = 1),
            SumsError::UnusedSource { index: 1, .. }
        ));
        assert!(matches!(
            check(&|a| a.feature_triggers[3] = 1),
            SumsError::UnusedFeature { index: 3, .. }
        ));
        assert!(matches!(
            check(&|a| a.feature_rounds[1] = 3),
            SumsError::FeatureRoundsVsTriggers { index: 1, .. }
        ));
        assert!(matches!(
            check(&|a| a.feature_wins[0] = 1),
            SumsError::FeatureWins { index: 0, .. }
        ));
        assert!(matches!(
            check(&|a| {
                a.cap_hits = 0;
                a.buckets[BUCKETS - 1] = 0;
                a.buckets[BUCKETS - 2] = 1
            }),
            SumsError::CapHitsVsMaxWin { .. }
        ));
        let mut small = Accumulator::new(100);
        small.add(&summary(0));
        small.add(&summary(150));
        small.buckets[2] = 0;
        small.buckets[5] = 1;
        assert!(matches!(
            small.validate(&LIMITS),
            Err(SumsError::BucketAboveMaxWin {
                bucket: "[10,20)",
                count: 1,
                max_win: 150
            })
        ));
        let mut no_cap = LIMITS;
        no_cap.cap = None;
        assert!(matches!(
            real().validate(&no_cap),
            Err(SumsError::CapHitsWithoutCap { cap_hits: 1 })
        ));
        // A cap hit with a largest win below the cap.
        let mut a = Accumulator::new(100);
        a.add(&summary(150));
        a.cap_hits = 1;
        a.buckets[Accumulator::bucket(150, false)] = 0;
        a.buckets[BUCKETS - 1] = 1;
        assert!(matches!(
            a.validate(&LIMITS),
            Err(SumsError::CapHitsVsMaxWin { .. })
        ));
    }

    #[test]
    fn wide_products_are_exact() {
        assert_eq!(U256::mul(3, 5), U256 { hi: 0, lo: 15 });
        assert_eq!(
            U256::mul(u128::MAX, 1),
            U256 {
                hi: 0,
                lo: u128::MAX
            }
        );
        // (2^128 - 1)^2 = 2^256 - 2^129 + 1.
        assert_eq!(
            U256::mul(u128::MAX, u128::MAX),
            U256 {
                hi: u128::MAX - 1,
                lo: 1
            }
        );
        assert_eq!(U256::mul(1 << 64, 1 << 64), U256 { hi: 1, lo: 0 });
    }

    #[test]
    fn checked_merge_refuses_overflow_and_other_stakes() {
        let mut a = real();
        let mut b = real();
        b.sum_sq = u128::MAX;
        let before = a.clone();
        assert_eq!(
            a.checked_merge(&b),
            Err(SumsError::Overflow { what: "sum_sq" })
        );
        assert_eq!(a, before, "unchanged on error");
        assert!(matches!(
            a.checked_merge(&Accumulator::new(125)),
            Err(SumsError::StakeMismatch { .. })
        ));
        let mut whole = real();
        whole.merge(&real());
        a.checked_merge(&real()).unwrap();
        assert_eq!(a, whole);
    }

    #[test]
    fn intervals_of_few_rounds_are_clamped_and_flagged() {
        let info = ReportInfo {
            game: "g",
            mode: "m",
            sources: &["base"],
            features: &[],
            awards: &[],
            cap: None,
        };
        let mut a = Accumulator::new(100);
        a.add(&summary(300));
        let r = ParReport::new(info, &a, 1, 1, 1.0);
        assert!(!r.interval_reliable);
        assert!(r.rtp_ci99[1].is_infinite(), "one round: no finite interval");
        assert!(r.to_string().contains("unbounded"));
        assert!(r.to_string().contains("NOT RELIABLE"));
        for w in [0, 0, 0, 0, 0, 0, 0, 0, 0] {
            a.add(&summary(w));
        }
        let r = ParReport::new(info, &a, 1, 1, 1.0);
        assert_eq!(r.rtp_ci95[0], 0.0, "10 rounds: lower bound clamped at 0");
        assert!(r.rtp_ci95[1] > r.rtp);
        assert!(
            r.interval_warning
                .as_deref()
                .unwrap()
                .contains("10 rounds with 1 winning")
        );
        let mut many = Accumulator::new(100);
        for i in 0..1_000u64 {
            many.add(&summary(i % 20 * 10));
        }
        assert_eq!(many.interval_warning(), None);
        assert!(ParReport::new(info, &many, 1, 1, 1.0).interval_reliable);
    }

    proptest::proptest! {
        /// Sums of any rounds a game could play validate, alone and merged.
        #[test]
        fn sums_of_any_rounds_validate(
            wins in proptest::collection::vec((0u64..=500_000, 0u32..3, proptest::bool::ANY), 1..60),
            cut in 0usize..60,
        ) {
            let mut all = Accumulator::new(100);
            let mut parts = [Accumulator::new(100), Accumulator::new(100)];
            for (i, &(w, t, big)) in wins.iter().enumerate() {
                let w = if big { 500_000 } else { w };
                let mut r = summary(w);
                r.capped = w == 500_000;
                r.feature_triggers[0] = t;
                if t > 0 {
                    r.feature_wins[0] = w / 2;
                }
                all.add(&r);
                parts[usize::from(i >= cut)].add(&r);
            }
            proptest::prop_assert_eq!(all.validate(&LIMITS), Ok(()));
            let [mut a, b] = parts;
            a.checked_merge(&b).unwrap();
            proptest::prop_assert_eq!(a, all);
        }
    }

    #[test]
    fn other_confidence_levels_replace_the_interval_list_only() {
        let mut a = Accumulator::new(100);
        for w in [0, 0, 100, 300, 900, 50, 0, 2_000] {
            a.add(&summary(w));
        }
        let info = ReportInfo {
            game: "g",
            mode: "m",
            sources: &["base"],
            features: &[],
            awards: &[],
            cap: None,
        };
        let r = ParReport::new(info, &a, 7, 1, 1.0);
        let levels = [
            ConfidenceLevel::P999,
            ConfidenceLevel::P95,
            ConfidenceLevel::P99,
            ConfidenceLevel::P95,
        ];
        let r2 = r.clone().with_confidence(&levels);
        let got: Vec<f64> = r2.rtp_intervals.iter().map(|i| i.level).collect();
        assert_eq!(got, [0.95, 0.99, 0.999], "sorted, each once");
        assert_eq!((r2.rtp_ci95, r2.rtp_ci99), (r.rtp_ci95, r.rtp_ci99));
        assert_eq!(
            [r2.rtp_intervals[1].low, r2.rtp_intervals[1].high],
            r.rtp_ci99
        );
        // 99.9 %: z = 3.290526731491926.
        let h = 3.290_526_731_491_926 * r.sd / 8f64.sqrt();
        assert!((r2.rtp_intervals[2].high - r.rtp - h).abs() < 1e-12);
        // The lower end is cut at 0 (an RTP is never negative).
        assert!(((r.rtp - h).max(0.0) - r2.rtp_intervals[2].low).abs() < 1e-12);
        let text = r2.to_string();
        assert!(
            text.contains("    99.9 % interval [") && text.contains("    95 % interval   ["),
            "{text}"
        );
        let json: serde_json::Value = serde_json::to_value(&r2).unwrap();
        assert_eq!(json["rtp_intervals"][2]["level"], 0.999);
        assert_eq!(json["rtp_intervals"].as_array().unwrap().len(), 3);
        assert_eq!(
            r.clone().with_confidence(&[]),
            r,
            "no levels: the default stays"
        );
    }

    /// Standard normal quantiles against the NIST/SEMATECH e-Handbook of Statistical Methods,
    /// 1.3.6.7.1 (critical values of the normal distribution: 1.282, 1.645, 2.326, 3.090 one-sided
    /// and 1.645, 1.960, 2.576, 3.291 two-sided at 0.10, 0.05, 0.01, 0.001), and to 15 digits
    /// against the constants this module carried before (1.959963984540054 and so on, the
    /// values of R's `qnorm`).
    #[test]
    fn normal_quantiles_match_the_published_tables() {
        for (p, z) in [(0.90, 1.282), (0.95, 1.645), (0.99, 2.326), (0.999, 3.090)] {
            assert!((normal_quantile(p) - z).abs() < 5e-4, "Phi^-1({p})");
        }
        for (c, z) in [(0.90, 1.645), (0.95, 1.960), (0.99, 2.576), (0.999, 3.291)] {
            assert!((z_for_confidence(c) - z).abs() < 5e-4, "z({c})");
        }
        assert_eq!(format!("{:.6}", normal_quantile(0.975)), "1.959964");
        for (c, z) in [
            (0.90, 1.644_853_626_951_472),
            (0.95, 1.959_963_984_540_054),
            (0.99, 2.575_829_303_548_901),
            (0.999, 3.290_526_731_491_926),
        ] {
            let got = ConfidenceLevel::new(c).unwrap().z();
            assert!((got - z).abs() < 1e-12, "z({c}) = {got}, table {z}");
        }
        assert_eq!(normal_quantile(0.5), 0.0);
        assert!((normal_quantile(0.025) + 1.959_963_984_540_054).abs() < 1e-12);
        assert_eq!(normal_quantile(1.0), f64::INFINITY);
        for bad in [-0.1, 1.5, f64::NAN] {
            assert!(normal_quantile(bad).is_nan(), "{bad}");
        }
    }

    /// Chi-square upper critical values against the NIST/SEMATECH e-Handbook of Statistical
    /// Methods, 1.3.6.7.4 ("Critical Values of the Chi-Square Distribution", three decimals),
    /// and the p-value at each critical value equals its significance.
    #[test]
    fn chi_square_critical_values_and_p_values_match_the_published_table() {
        for (dof, alpha, table) in [
            (1, 0.05, 3.841),
            (10, 0.10, 15.987),
            (10, 0.05, 18.307),
            (10, 0.025, 20.483),
            (10, 0.01, 23.209),
            (10, 0.001, 29.588),
            (36, 0.01, 58.619),
            (100, 0.05, 124.342),
        ] {
            let c = chi_square_critical(dof, alpha);
            assert!(
                (c - table).abs() < 5e-4,
                "dof {dof}, alpha {alpha}: {c} vs {table}"
            );
            let p = chi_square_p_value(c, dof);
            assert!(((p - alpha) / alpha).abs() < 1e-6, "p({c}) = {p}");
            assert!((chi_square_p_value(table, dof) - alpha).abs() < 1e-4);
        }
        assert!(chi_square_critical(0, 0.05).is_nan());
        assert!(chi_square_critical(5, 0.0).is_nan() && chi_square_critical(5, 1.0).is_nan());
        assert!(chi_square_p_value(3.0, 0).is_nan() && chi_square_p_value(f64::NAN, 3).is_nan());
        assert_eq!(chi_square_p_value(0.0, 4), 1.0);
    }

    /// SciPy's documented example (`scipy.stats.chisquare([16, 18, 16, 14, 12, 12])`:
    /// statistic 2.0, p-value 0.84914503608460956), by hand: 88 draws, 88/6 expected per cell,
    /// squared deviations 16/9 + 100/9 + 16/9 + 4/9 + 64/9 + 64/9 = 264/9 over 88/6 = 2.
    #[test]
    fn chi_square_test_of_counts_gives_statistic_and_p_value() {
        let c = chi_square_uniformity(&[16, 18, 16, 14, 12, 12], &[1.0 / 6.0; 6]);
        assert!((c.statistic - 2.0).abs() < 1e-12, "{c}");
        assert_eq!(c.dof, 5);
        assert!((c.p_value - 0.849_145_036_084_609_6).abs() < 1e-9, "{c}");
        assert_eq!(
            c.to_string(),
            "chi-square 2.000 on 5 degrees of freedom, p = 0.8491"
        );
    }

    #[test]
    fn confidence_levels_are_read_from_percentages() {
        for (text, level) in [
            ("95", 0.95),
            ("99", 0.99),
            ("99.9", 0.999),
            (" 99.99 % ", 0.9999),
            ("0.1", 0.001),
            ("50.", 0.5),
            (".5", 0.005),
        ] {
            let l = ConfidenceLevel::from_percent(text).unwrap();
            assert_eq!(l.level(), level, "{text}");
        }
        assert_eq!(
            ConfidenceLevel::from_percent("99.9").unwrap().to_string(),
            "99.9 %"
        );
        assert_eq!(ConfidenceLevel::P95.to_string(), "95 %");
        for bad in [
            "0",
            "0.0",
            "100",
            "100.0",
            "150",
            "-5",
            "abc",
            "",
            ".",
            "1e2",
            "99.9.9",
            "95,5",
            "1234567890123456",
        ] {
            let e = ConfidenceLevel::from_percent(bad).unwrap_err();
            assert!(
                e.to_string().contains("strictly between 0 and 100"),
                "{bad}: {e}"
            );
        }
        assert!(ConfidenceLevel::new(1.0).is_err() && ConfidenceLevel::new(0.0).is_err());
        assert!(ConfidenceLevel::new(f64::NAN).is_err());
        assert_eq!(ConfidenceLevel::new(0.5).unwrap().level(), 0.5);
    }

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

    #[test]
    fn top_awards_are_counted_merged_checked_and_reported() {
        let mut a = Accumulator::new(100);
        for (win, awards) in [(0, 0), (150, 2), (700, 1), (0, 0)] {
            let mut r = summary(win);
            r.awards[0] = awards;
            a.add(&r);
        }
        assert_eq!((a.award_rounds[0], a.award_counts[0]), (2, 3));
        assert_eq!(a.validate(&LIMITS), Ok(()));
        let mut twice = a.clone();
        twice.checked_merge(&a).unwrap();
        assert_eq!((twice.award_rounds[0], twice.award_counts[0]), (4, 6));
        // Impossible sums are refused.
        let mut bad = a.clone();
        bad.award_rounds[0] = 5;
        bad.award_counts[0] = 5;
        assert!(matches!(
            bad.validate(&LIMITS),
            Err(SumsError::AwardRoundsAboveRounds { .. })
        ));
        let mut bad = a.clone();
        bad.award_counts[0] = 1;
        assert!(matches!(
            bad.validate(&LIMITS),
            Err(SumsError::AwardRoundsVsCount { .. })
        ));
        let mut bad = a.clone();
        bad.award_rounds[1] = 1;
        bad.award_counts[1] = 1;
        assert!(matches!(
            bad.validate(&LIMITS),
            Err(SumsError::UnusedAward { index: 1, .. })
        ));
        // Sums without awards serialise without the fields (older reports read back the same).
        let plain = real();
        let json = serde_json::to_string(&plain).unwrap();
        assert!(!json.contains("award_"), "{json}");
        let back: Accumulator = serde_json::from_str(&json).unwrap();
        assert_eq!(back, plain);
        // The report: the cap first, then the game's awards, "1 in rounds / count".
        let info = ReportInfo {
            game: "g",
            mode: "m",
            sources: &["base"],
            features: &["x", "big"],
            awards: &["x500"],
            cap: Some(500_000),
        };
        let r = ParReport::new(info, &a, 7, 1, 1.0);
        let names: Vec<&str> = r.top_awards.iter().map(|x| x.name.as_str()).collect();
        assert_eq!(names, ["cap 5000x", "x500"]);
        assert_eq!(r.top_awards[0].one_in, None);
        assert_eq!(r.top_awards[0].one_in_high, None);
        // Not seen in 4 rounds: rarer than 1 in 4 / 3.689 at 95 %.
        assert!((r.top_awards[0].one_in_low - 4.0 / 3.688_879).abs() < 1e-4);
        assert_eq!(r.top_awards[1].one_in, Some(4.0 / 3.0));
        let text = r.to_string();
        assert!(text.contains("not seen in 4 rounds"), "{text}");
        assert!(
            text.contains("x500") && text.contains("3 times in 2 rounds"),
            "{text}"
        );
    }
}
