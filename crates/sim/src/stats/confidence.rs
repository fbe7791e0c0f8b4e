//! Confidence levels and normal quantiles: a [`ConfidenceLevel`] (any level strictly between 0
//! and 1, also read from a percentage as the runner's `--confidence` gives it), the levels every
//! report carries ([`DEFAULT_CONFIDENCE`]: 95 % and 99 %), and the `z_c = Phi^-1((1 + c) / 2)`
//! of a two-sided interval at level c ([`z_for_confidence`]), from the standard normal quantile
//! [`normal_quantile`] (`statrs`).

use statrs::distribution::{ContinuousCDF, Normal};

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
pub(super) fn percent_label(level: f64) -> String {
    let s = format!("{:.10}", level * 100.0);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The confidence levels of the RTP intervals every report carries: 95 % and 99 %.
pub const DEFAULT_CONFIDENCE: [ConfidenceLevel; 2] = [ConfidenceLevel::P95, ConfidenceLevel::P99];

#[cfg(test)]
mod tests {
    use super::*;

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
