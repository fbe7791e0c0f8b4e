//! Pearson's chi-square test of counts against probabilities, for the tests of this crate's
//! draws only (`statrs` is a dev-dependency): the simulator's full chi-square tests are
//! `slot_sim::stats`'s.
#![cfg(test)]

use statrs::distribution::{ChiSquared, ContinuousCDF};

/// A chi-square goodness-of-fit test: the statistic, its degrees of freedom and its p-value.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ChiSquare {
    /// The statistic, sum of (observed - expected)^2 / expected.
    pub(crate) statistic: f64,
    /// Degrees of freedom (cells - 1, at least 1).
    pub(crate) dof: usize,
    /// `P(chi^2_dof >= statistic)`: a test at significance `alpha` rejects the fit when this
    /// is below `alpha`.
    pub(crate) p_value: f64,
}

impl std::fmt::Display for ChiSquare {
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
pub(crate) fn chi_square_uniformity(observed: &[u64], expected: &[f64]) -> ChiSquare {
    let n: u64 = observed.iter().sum();
    let statistic: f64 = observed
        .iter()
        .zip(expected)
        .map(|(&o, &p)| {
            let e = p * n as f64;
            (o as f64 - e).powi(2) / e
        })
        .sum();
    let dof = observed.len().saturating_sub(1).max(1);
    let p_value = ChiSquared::new(dof as f64).map_or(f64::NAN, |d| d.sf(statistic));
    ChiSquare {
        statistic,
        dof,
        p_value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SciPy's documented example (`scipy.stats.chisquare([16, 18, 16, 14, 12, 12])`:
    /// statistic 2.0, p-value 0.84914503608460956); and a fit far off is rejected.
    #[test]
    fn the_check_gives_scipy_s_statistic_and_p_value() {
        let c = chi_square_uniformity(&[16, 18, 16, 14, 12, 12], &[1.0 / 6.0; 6]);
        assert!((c.statistic - 2.0).abs() < 1e-12, "{c}");
        assert_eq!(c.dof, 5);
        assert!((c.p_value - 0.849_145_036_084_609_6).abs() < 1e-9, "{c}");
        let off = chi_square_uniformity(&[900, 100], &[0.5, 0.5]);
        assert!(off.p_value < 1e-6, "{off}");
    }
}
