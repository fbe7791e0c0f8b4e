//! Statistics: mergeable integer accumulators and the PAR report (`common.md`, "Statistics
//! every game reports").
//!
//! An [`Accumulator`] holds only integer sums (rounds, total win, sum of squared wins, hits,
//! per-source and per-feature sums, a win-size histogram), so shards merge exactly and in any
//! order: the same rounds give the same figures whatever the thread count. Floats appear only
//! when a [`ParReport`] is made from it.
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
    #[inline]
    pub fn add(&mut self, r: &RoundSummary) {
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
    }

    /// Adds another accumulator's sums (same `cost`).
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

    /// Half-width of the RTP interval for a normal quantile `z`.
    pub fn half_width(&self, z: f64) -> f64 {
        if self.rounds == 0 {
            return f64::INFINITY;
        }
        z * self.sd() / (self.rounds as f64).sqrt()
    }
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
    /// The interval of `acc`'s RTP at `level`: RTP +- z * sd / sqrt(n).
    pub fn of(acc: &Accumulator, level: ConfidenceLevel) -> RtpInterval {
        let (rtp, h) = (acc.rtp(), acc.half_width(level.z()));
        RtpInterval {
            level: level.level(),
            low: rtp - h,
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

/// The PAR report of a simulation (`common.md`; the JSON fields of `cli.md`). Ratios are
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
    /// The exact integer sums behind every figure.
    pub sums: Accumulator,
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
            sums: acc.clone(),
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
}

fn fmt_one_in(x: Option<f64>) -> String {
    match x {
        Some(v) => format!("1 in {v:.1}"),
        None => "never".into(),
    }
}

impl std::fmt::Display for ParReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pct = |x: f64| format!("{:.4} %", x * 100.0);
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
        let rare: Vec<_> = self
            .win_distribution
            .iter()
            .filter(|b| b.one_in.is_some_and(|x| x > 1e8))
            .map(|b| b.range)
            .collect();
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
        assert!((r.rtp - r2.rtp_intervals[2].low - h).abs() < 1e-12);
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
}
