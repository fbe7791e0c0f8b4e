//! Statistics: mergeable integer accumulators and the PAR report (README, "The common rules":
//! Statistics).
//!
//! An `Accumulator` holds only integer sums (rounds, total win, sum of squared wins, hits,
//! per-source and per-feature sums, a win-size histogram, the player-experience sums), so shards
//! merge exactly (in any order, but for the dry spells, which are joined in round order: the
//! engine folds batches in order and `merge` adds shards by seed and first batch): the same
//! rounds give the same figures whatever the thread count. Floats appear only
//! when a `ParReport` is made from it. `Accumulator::validate` checks sums read from
//! outside (a report file, a cluster shard) against every relation that real rounds satisfy.
//!
//! Formulas (n rounds, per-round win `w_i` in units of the stake paid):
//! * RTP = mean(w); sd = the sample standard deviation of w;
//! * confidence interval at level c = RTP +- z_c * sd / sqrt(n), with
//!   `z_c = Phi^-1((1 + c) / 2)` the two-sided quantile of the standard normal distribution
//!   (normal approximation by the central limit theorem). Any level in (0, 1) can be asked for
//!   (`ConfidenceLevel`, the runner's `--confidence`); reports always carry 95 % and 99 %
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
//! (`statrs::distribution::Normal`, `statrs::distribution::ChiSquared`); the tests of this
//! module check them against the published tables of the NIST/SEMATECH e-Handbook of
//! Statistical Methods (sections 1.3.6.7.1 and 1.3.6.7.4).
//!
//! The parts: the sums of the rounds' [`slot_core::summary::RoundSummary`]s and their merge
//! (`accumulator.rs`); the checks of sums read from outside (`validate.rs`); confidence levels and normal quantiles (`confidence.rs`) and
//! chi-square tests (`chi_square.rs`), the only files that use `statrs`; the top awards' odds
//! (`awards.rs`); the player-experience sums and figures (`experience`: losses disguised as
//! wins, wins of at least 1, 5, 10, 100 x the stake, dry spells); the PAR report (`report.rs`) and its text (`text.rs`).
//!
//! The round summary the games fill is the kernel's ([`slot_core::summary`]): a game needs
//! none of this module.

mod accumulator;
mod awards;
mod chi_square;
mod confidence;
pub mod experience;
mod report;
mod text;
mod validate;

pub use accumulator::{
    Accumulator, BUCKET_EDGES_X, BUCKET_LABELS, BUCKETS, INTERVAL_MIN_HITS, INTERVAL_MIN_ROUNDS,
};
pub use awards::{AWARD_ODDS_LEVEL, AwardOdds, certified_interval, poisson_interval};
pub use chi_square::{ChiSquare, chi_square_critical, chi_square_p_value, chi_square_uniformity};
pub use confidence::{
    ConfidenceError, ConfidenceLevel, DEFAULT_CONFIDENCE, normal_quantile, z_for_confidence,
};
pub use experience::{Experience, ExperienceFigures};
pub use report::{
    BucketFigures, FeatureFigures, ParReport, ReportInfo, RtpInterval, Shape, Volatility,
};
pub use validate::{SumsError, SumsLimits};

/// Rounds for the tests of the files that add summaries up.
#[cfg(test)]
pub(crate) mod fixtures {
    use slot_core::summary::RoundSummary;

    /// A round that wins `win` hundredths, all of it from source 0; from 5 x bet up, feature 1
    /// triggered once and brought the whole win.
    pub(crate) fn summary(win: u64) -> RoundSummary {
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
}
