//! Statistics: mergeable integer accumulators and the PAR report (README, "The common rules":
//! Statistics).
//!
//! An `Accumulator` holds only integer sums (rounds, total win, sum of squared wins, hits,
//! per-source and per-feature sums, a win-size histogram), so shards merge exactly and in any
//! order: the same rounds give the same figures whatever the thread count. Floats appear only
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
//! The parts: [`RoundSummary`] and its bounds (`summary.rs`, which uses nothing else, not even
//! another crate); the sums and their merge (`accumulator.rs`); the checks of sums read from
//! outside (`validate.rs`); confidence levels and normal quantiles (`confidence.rs`) and
//! chi-square tests (`chi_square.rs`), the only files that use `statrs`; the top awards' odds
//! (`awards.rs`); the PAR report (`report.rs`) and its text (`text.rs`).
//!
//! Only the round summary is always compiled (the games fill it); everything else here needs
//! the `sim` feature (and brings `statrs`).

#[cfg(feature = "sim")]
mod accumulator;
#[cfg(feature = "sim")]
mod awards;
#[cfg(feature = "sim")]
mod chi_square;
#[cfg(feature = "sim")]
mod confidence;
#[cfg(feature = "sim")]
mod report;
mod summary;
#[cfg(feature = "sim")]
mod text;
#[cfg(feature = "sim")]
mod validate;

#[cfg(feature = "sim")]
pub use accumulator::{
    Accumulator, BUCKET_EDGES_X, BUCKET_LABELS, BUCKETS, INTERVAL_MIN_HITS, INTERVAL_MIN_ROUNDS,
};
#[cfg(feature = "sim")]
pub use awards::{AWARD_ODDS_LEVEL, AwardOdds, poisson_interval};
#[cfg(feature = "sim")]
pub use chi_square::{ChiSquare, chi_square_critical, chi_square_p_value, chi_square_uniformity};
#[cfg(feature = "sim")]
pub use confidence::{
    ConfidenceError, ConfidenceLevel, DEFAULT_CONFIDENCE, normal_quantile, z_for_confidence,
};
#[cfg(feature = "sim")]
pub use report::{
    BucketFigures, FeatureFigures, ParReport, ReportInfo, RtpInterval, Shape, Volatility,
};
pub use summary::{MAX_AWARDS, MAX_FEATURES, MAX_SOURCES, RoundSummary};
#[cfg(feature = "sim")]
pub use validate::{SumsError, SumsLimits};
