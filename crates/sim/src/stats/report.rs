//! The PAR report ([`ParReport`]) made from the sums of a run and what it needs to know about
//! the game ([`ReportInfo`]): RTP with its intervals at any confidence level, sd and volatility
//! index, hit frequency, the features, RTP by source, the win-size distribution and the top
//! awards; serialised as the runner's JSON.

use super::accumulator::{Accumulator, BUCKET_LABELS, BUCKETS};
use super::awards::{AwardOdds, one_in};
use super::confidence::{ConfidenceLevel, DEFAULT_CONFIDENCE};
use serde::Serialize;
use std::collections::BTreeMap;

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
    /// The bucket's share of the RTP (its wins over all wins); `null` for sums without their
    /// shape (reports of an earlier version).
    pub rtp_share: Option<f64>,
}

/// The shape of the win distribution, from the third and fourth moment sums: `None` for sums
/// without them (reports of an earlier version) or past their range.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Shape {
    /// Skewness of a round's win: E[(X - mean)^3] / sd^3.
    pub skewness: f64,
    /// Excess kurtosis: E[(X - mean)^4] / sd^4 - 3.
    pub excess_kurtosis: f64,
}

impl Shape {
    /// The shape of `acc`'s wins, if its sums carry it and there are at least 2 rounds with
    /// some spread.
    pub fn of(acc: &Accumulator) -> Option<Shape> {
        if !acc.has_shape()
            || acc.rounds < 2
            || acc.sum_cubes == u128::MAX
            || acc.sum_fourth == u128::MAX
        {
            return None;
        }
        let n = acc.rounds as f64;
        let (m1, m2, m3, m4) = (
            acc.total_win as f64 / n,
            acc.sum_sq as f64 / n,
            acc.sum_cubes as f64 / n,
            acc.sum_fourth as f64 / n,
        );
        let var = m2 - m1 * m1;
        if var <= 0.0 {
            return None;
        }
        let c3 = m3 - 3.0 * m1 * m2 + 2.0 * m1.powi(3);
        let c4 = m4 - 4.0 * m1 * m3 + 6.0 * m1 * m1 * m2 - 3.0 * m1.powi(4);
        Some(Shape {
            skewness: c3 / var.powf(1.5),
            excess_kurtosis: c4 / (var * var) - 3.0,
        })
    }
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

/// The PAR report of a simulation (README, "The common rules": Statistics), with the JSON
/// fields `sim --json` prints (guide, "What the options mean"). Ratios are fractions (0.955 = 95.5 %).
/// RTP, its intervals, sd and the volatility index are per stake paid; win sizes (max win,
/// average feature wins, the distribution) are multiples of the paytable's bet, the base bet
/// when a stake is above it (Starlight Christmas ante: stake 1.25 x bet, so the 5,000x cap reads
/// 5000 here).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ParReport {
    /// The game's command-line name.
    pub game: String,
    /// The mode (e.g. "standard", "ante", "love").
    pub mode: String,
    /// Rounds simulated.
    pub rounds: u64,
    /// The seed (a merged report: its first run's; every run's seed is in
    /// [`ParReport::merged_seeds`], and [`ParReport::seeds_text`] names them all).
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
    /// Skewness and excess kurtosis of a round's win (`null` for sums without them).
    pub shape: Option<Shape>,
    /// What a player lives through, per stake paid: losses disguised as wins, wins of at least
    /// 1, 5, 10, 100 x the stake, dry spells (`null` for sums without them, reports of an
    /// earlier version).
    pub experience: Option<super::experience::ExperienceFigures>,
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
    /// Names of the top awards the game counts, by index of
    /// [`RoundSummary::awards`](slot_core::summary::RoundSummary::awards).
    pub awards: &'a [&'a str],
    /// The cap, hundredths of the paytable's bet (`None`: uncapped); a capped game's report
    /// lists the cap first among its top awards.
    pub cap: Option<u64>,
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
                rtp_share: (acc.has_shape() && acc.total_win > 0)
                    .then(|| acc.bucket_wins[b] as f64 / acc.total_win as f64),
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
            shape: Shape::of(acc),
            experience: acc
                .has_experience()
                .then(|| acc.experience.figures(acc.rounds)),
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
    /// The seeds of the rounds the report holds, each once, in the order merged: every
    /// merged run's ([`ParReport::merged_seeds`]), or the one run's seed.
    pub fn seeds(&self) -> Vec<u64> {
        let mut seeds: Vec<u64> = Vec::new();
        for &s in &self.merged_seeds {
            if !seeds.contains(&s) {
                seeds.push(s);
            }
        }
        if seeds.is_empty() {
            seeds.push(self.seed);
        }
        seeds
    }

    /// The seeds in words, as the report's text writes them: `seed 7` for one run (or the
    /// shards of one run), `seeds 1, 2` for a merge of runs with different seeds.
    pub fn seeds_text(&self) -> String {
        let seeds = self.seeds();
        let list: Vec<String> = seeds.iter().map(u64::to_string).collect();
        match seeds.len() {
            1 => format!("seed {}", list.join(", ")),
            _ => format!("seeds {}", list.join(", ")),
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use slot_core::summary::RoundSummary;

    fn round(win: u64) -> RoundSummary {
        let mut r = RoundSummary {
            win,
            ..Default::default()
        };
        r.by_source[0] = win;
        r
    }

    #[test]
    fn the_shape_of_hand_worked_wins() {
        // Wins 0, 0, 100, 300 hundredths: mean 100, central moments
        // m2 = (1 + 1 + 0 + 4) 100^2 / 4 = 1.5e4, m3 = (-1 - 1 + 0 + 8) 1e6 / 4 = 1.5e6,
        // m4 = (1 + 1 + 0 + 16) 1e8 / 4 = 4.5e8: skewness 1.5e6 / 1.5e4^1.5 = 0.8165,
        // excess kurtosis 4.5e8 / 2.25e8 - 3 = -1.
        let mut acc = Accumulator::new(100);
        for w in [0, 0, 100, 300] {
            acc.add(&round(w));
        }
        assert_eq!(acc.sum_cubes, 100u128.pow(3) + 300u128.pow(3));
        assert_eq!(acc.sum_fourth, 100u128.pow(4) + 300u128.pow(4));
        assert_eq!(acc.bucket_wins[2], 100);
        assert_eq!(acc.bucket_wins[3], 300);
        let s = Shape::of(&acc).unwrap();
        assert!(
            (s.skewness - 1.5e6 / 1.5e4f64.powf(1.5)).abs() < 1e-12,
            "{s:?}"
        );
        assert!((s.excess_kurtosis + 1.0).abs() < 1e-12, "{s:?}");
        // Bucket [1,2) holds a quarter of the RTP, [2,5) three quarters.
        let info = ReportInfo {
            game: "g",
            mode: "m",
            sources: &["s"],
            features: &[],
            awards: &[],
            cap: None,
        };
        let r = ParReport::new(info, &acc, 1, 1, 1.0);
        assert_eq!(r.win_distribution[2].rtp_share, Some(0.25));
        assert_eq!(r.win_distribution[3].rtp_share, Some(0.75));
        // Sums without their shape (an earlier version's report) have none, and a merge
        // with them drops it.
        let mut old = acc.clone();
        old.clear_shape();
        assert!(!old.has_shape());
        assert_eq!(Shape::of(&old), None);
        let mut merged = acc.clone();
        merged.merge(&old);
        assert!(!merged.has_shape());
        // Two accumulators with their shape keep it, from an empty one up (as the simulator
        // folds its batches).
        let mut folded = Accumulator::new(100);
        folded.merge(&acc);
        folded.merge(&acc);
        assert!(folded.has_shape());
        assert_eq!(folded.bucket_wins[3], 600);
        let mut checked = acc.clone();
        checked.checked_merge(&old).unwrap();
        assert_eq!(checked, merged);
    }
}
