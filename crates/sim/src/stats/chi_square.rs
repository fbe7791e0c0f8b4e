//! Pearson's chi-square goodness-of-fit test of counts against probabilities ([`ChiSquare`],
//! [`chi_square_uniformity`]) and the chi-square distribution behind it: the p-value of a
//! statistic (its upper tail) and the critical value at a significance
//! ([`chi_square_p_value`], [`chi_square_critical`], `statrs`).

use statrs::distribution::{ChiSquared, ContinuousCDF};

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
}
