//! The exact figures by name and label ([`FIGURES`]): the one list that the
//! exact sheet holds ([`crate::exact_sheet`]: what `cargo xtask exact wish-upon-a-star`
//! prints and the Python package's `slot_math.exact` returns, by [`Figure::name`]), each
//! read from an [`ExactFigures`].

use crate::exact::ExactFigures;
use num_rational::BigRational;

/// How a figure reads (a fraction printed as a percent, x bet, a count).
pub use slot_core::exact::FigureUnit;

/// One exact figure: its name (a Python dict key), its label (the runner's text), its unit,
/// and how it is read from the figures.
#[derive(Clone, Copy, Debug)]
pub struct Figure {
    /// The name, `snake_case`.
    pub name: &'static str,
    /// The label, in words.
    pub label: &'static str,
    /// How it reads.
    pub unit: FigureUnit,
    /// For a probability of an event: what it happens once in (`"spins"`, `"rounds"`), for a
    /// "1 in N" line; `None` otherwise.
    pub one_in: Option<&'static str>,
    /// Reads it.
    read: fn(&ExactFigures) -> BigRational,
}

impl Figure {
    /// The figure's value in `e`, exact.
    pub fn value(&self, e: &ExactFigures) -> BigRational {
        (self.read)(e)
    }
}

/// A figure of `unit` read by `read`.
const fn figure(
    name: &'static str,
    label: &'static str,
    unit: FigureUnit,
    one_in: Option<&'static str>,
    read: fn(&ExactFigures) -> BigRational,
) -> Figure {
    Figure {
        name,
        label,
        unit,
        one_in,
        read,
    }
}

use FigureUnit::{Count, Fraction, TimesBet};

/// Every exact figure by name, in the order the runner prints them (the RTP by source,
/// the base stop combinations and the Lock & Spin chain by Stars at the start are tables of
/// their own: [`ExactFigures::rtp_by_source`], `base.combinations`, `lock_and_spin`).
pub const FIGURES: [Figure; 20] = [
    figure("rtp", "RTP", Fraction, None, |e| e.rtp.clone()),
    figure(
        "base_ways_rtp",
        "base ways RTP (per spin)",
        Fraction,
        None,
        |e| e.base.ways_value.clone(),
    ),
    figure(
        "base_ways_hit_frequency",
        "base ways hit frequency",
        Fraction,
        None,
        |e| e.base.ways_hit_frequency.clone(),
    ),
    figure(
        "base_paytable_hit_frequency",
        "base paytable hit frequency (ways or scatter)",
        Fraction,
        None,
        |e| e.base.paytable_hit_frequency.clone(),
    ),
    figure(
        "base_scatter_probability",
        "base free-spin trigger (3 Bonus)",
        Fraction,
        Some("spins"),
        |e| e.base.scatter_probability.clone(),
    ),
    figure(
        "free_spins_probability",
        "free spins per round (scatter or gift)",
        Fraction,
        Some("rounds"),
        |e| e.free_spins_probability.clone(),
    ),
    figure(
        "free_spins_per_award",
        "free spins per award of 10",
        Count,
        None,
        |e| e.free_spins_per_award.clone(),
    ),
    figure(
        "free_spins_per_free_spin",
        "free spins awarded per free spin",
        Count,
        None,
        |e| e.free_spins_per_free_spin.clone(),
    ),
    figure(
        "free_spin_value",
        "mean free spin win",
        TimesBet,
        None,
        |e| e.free_spin_value.clone(),
    ),
    figure(
        "free_ways_rtp",
        "free ways RTP (per free spin)",
        Fraction,
        None,
        |e| e.free.ways_value.clone(),
    ),
    figure(
        "free_spins_share",
        "share of RTP won in free spins",
        Fraction,
        None,
        ExactFigures::free_spins_share,
    ),
    figure(
        "base_full_wild_reel_2",
        "base reel 2 full of Wilds",
        Fraction,
        None,
        |e| e.base.full_wild_probability[0].clone(),
    ),
    figure(
        "base_full_wild_reel_4",
        "base reel 4 full of Wilds",
        Fraction,
        None,
        |e| e.base.full_wild_probability[1].clone(),
    ),
    figure(
        "gift_mean_cash",
        "mean gift bonus cash/jackpot",
        TimesBet,
        None,
        |e| e.gift_mean_cash.clone(),
    ),
    figure(
        "gift_free_spins_probability",
        "gift bonus awarding free spins",
        Fraction,
        None,
        |e| e.gift_free_spins_probability.clone(),
    ),
    figure(
        "base_lock_and_spin_probability",
        "base Lock & Spin trigger (6+ Stars)",
        Fraction,
        Some("spins"),
        |e| e.base_features.lock_and_spin_probability.clone(),
    ),
    figure(
        "lock_and_spin_mean_value",
        "Lock & Spin mean value (base)",
        TimesBet,
        None,
        |e| e.base_features.lock_and_spin_mean.clone(),
    ),
    figure("mean_star_value", "mean Star value", TimesBet, None, |e| {
        e.lock_and_spin.mean_star_value.clone()
    }),
    figure(
        "base_grand_probability",
        "base Grand (200x) per spin",
        Fraction,
        Some("spins"),
        |e| e.base_features.grand_probability.clone(),
    ),
    figure(
        "grands_per_round",
        "Grand (200x) per round",
        Fraction,
        Some("rounds"),
        |e| e.grands_per_round.clone(),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math_model::MathModel;

    #[test]
    fn names_are_unique_and_snake_case() {
        let mut names: Vec<&str> = FIGURES.iter().map(|f| f.name).collect();
        assert!(names.iter().all(|n| {
            n.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        }));
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FIGURES.len());
    }

    #[test]
    fn each_figure_reads_its_own_field() {
        let e = ExactFigures::compute(&MathModel::standard()).unwrap();
        let by = |name: &str| FIGURES.iter().find(|f| f.name == name).unwrap().value(&e);
        assert_eq!(by("rtp"), e.rtp);
        assert_eq!(by("base_full_wild_reel_4"), e.base.full_wild_probability[1]);
        assert_eq!(by("grands_per_round"), e.grands_per_round);
        assert_eq!(by("free_spins_share"), e.free_spins_share());
        // Probabilities and shares lie in [0, 1] (a return per spin may pass 1), and a
        // count of free spins is at least the award.
        let probability = |f: &&Figure| {
            f.unit == FigureUnit::Fraction
                && (f.one_in.is_some()
                    || ["probability", "frequency", "share"]
                        .iter()
                        .any(|w| f.name.ends_with(w)))
        };
        assert!(FIGURES.iter().filter(probability).count() >= 8);
        for f in FIGURES.iter().filter(probability) {
            let v = f.value(&e);
            assert!(v >= BigRational::from_integer(0.into()), "{}", f.name);
            assert!(v <= BigRational::from_integer(1.into()), "{}", f.name);
        }
        assert!(by("free_spins_per_award") >= BigRational::from_integer(10.into()));
    }
}
