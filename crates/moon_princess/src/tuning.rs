//! How Moon Princess's RTP ladder is tuned: its knobs ([`LadderKnobs`]) as
//! [`slot_core::ladder::LadderGame`] states them, and the design rule's constants
//! ([`RULE`]). The search itself is `slot_sim::ladder`, written once for any such game.
//!
//! The rule (what `cargo xtask tune moon-princess --target-rtp R` does):
//! 1. the base game's two knobs (random power chance, clear weight) are solved so that the
//!    base game's RTP takes [`BASE_SHARE_OF_MOVE`] of the RTP's relative move and the free
//!    spins come as often as in the published model;
//! 2. each pick's rich free-spin reel set weight is searched to the target on the split
//!    estimate `B + q V`;
//! 3. the shape is measured beside the published model's per pick.

use crate::math_model::{
    BASE_WEIGHT_TOTAL, FREE_WEIGHT_TOTAL, LadderKnobs, MathModel, RANDOM_POWER_DENOMINATOR,
};
use crate::{MoonPrincess, PICKS, Pick};
use slot_core::ladder::{LadderGame, LadderRule};
use slot_core::variant::KnobValue;

/// The share of the RTP's relative move the base game takes: its RTP is the published one's
/// times `1 + 0.5 (R / 94.51 % - 1)`, the free spins make up the rest. Holding the free-spin
/// share of the RTP exactly (all of the move in the base game) takes away nearly every random
/// power at the bottom of the ladder and with them 2.4 pp of hit frequency at 84.50 %
/// (measured), past its 2 pp bound; leaving the base game as it is moves the free-spin share
/// by 6.8 pp there, past its 5 pp bound. Half and half keeps both about equally inside their
/// bounds (measured at 84.50 %: 1.2 pp and 3.5 pp).
pub const BASE_SHARE_OF_MOVE: f64 = 0.5;

/// Base games per candidate of the base knobs' search (paired rounds: the candidates'
/// differences are known far better than this many rounds alone would say).
pub const BASE_SHAPE_GAMES: u64 = 20_000_000;

/// Rounds per pick and variant of the shape's whole-round runs (at most; the tuner's rounds
/// if fewer).
pub const SHAPE_ROUNDS: u64 = 40_000_000;

/// How a variant of Moon Princess is tuned, for its file.
pub const TUNING_METHOD: &str = "base game: the random power's chance per paid spin and the clearing reel set's weight, solved together (Newton steps on 2e7 paired base games per candidate) so that the base game's RTP is the published one's times 1 + (target / 94.51 % - 1) / 2 (half of the RTP's move; the free spins make up the rest) and the free spins come as often as in the published model; then per pick, the rich free-spin reel set's weight searched by secant steps on the split estimate B + q V (B and q from --rounds base games at the new base knobs, V from --rounds / 25 features alone per candidate, one seed)";

/// Moon Princess's design rule.
pub const RULE: LadderRule = LadderRule {
    base_share_of_move: BASE_SHARE_OF_MOVE,
    base_steps: [100, 10],
    base_ranges: [
        (0, RANDOM_POWER_DENOMINATOR as i64),
        (1, BASE_WEIGHT_TOTAL as i64 - 1),
    ],
    rtp_tolerance: 0.0005,
    trigger_tolerance: 0.005,
    base_search_games: BASE_SHAPE_GAMES,
    shape_rounds: SHAPE_ROUNDS,
    feature_knob_max: LadderKnobs::MAX_RICH_WEIGHT,
    // With no rich set, V is about two thirds of the published V (measured: 0.71, 0.63,
    // 0.64 for Love, Star, Storm).
    feature_value_at_zero: 2.0 / 3.0,
    features_divisor: 25,
    min_features: 10_000,
    feature_seed_salt: 0x5EED,
    base_knob_names: [
        "random power of 10000", // RANDOM_POWER_DENOMINATOR
        "clear weight of 10000", // BASE_WEIGHT_TOTAL
    ],
    feature_knob_name: "rich weight",
    method: TUNING_METHOD,
};

impl LadderGame for MoonPrincess {
    type Knobs = LadderKnobs;

    const RULE: LadderRule = RULE;

    const BASE_MODE: Pick = Pick::Love;

    fn published_knobs() -> LadderKnobs {
        LadderKnobs::PUBLISHED
    }

    fn base_knobs(k: &LadderKnobs) -> [u32; 2] {
        [k.random_power, k.clear_weight]
    }

    fn with_base_knobs(k: &LadderKnobs, base: [u32; 2]) -> LadderKnobs {
        LadderKnobs {
            random_power: base[0],
            clear_weight: base[1],
            ..*k
        }
    }

    fn with_feature_knob(k: &LadderKnobs, mode: Pick, value: u32) -> LadderKnobs {
        let mut k = *k;
        k.rich_weights[mode.index()] = value;
        k
    }

    fn model_with(k: &LadderKnobs) -> Result<MathModel, crate::ModelError> {
        MathModel::with_knobs(k)
    }

    fn feature_knob_of(model: &MathModel, mode: Pick) -> u32 {
        model.free_spins[mode.index()]
            .get(1)
            .map_or(0, |s| s.weight)
    }

    /// Reel set 1 (rich) takes `value`; set 0 (quiet) takes what the others leave of
    /// [`FREE_WEIGHT_TOTAL`] (0 if they leave nothing: the model then refuses or draws as
    /// written).
    fn model_with_feature_knob(model: &MathModel, mode: Pick, value: u32) -> MathModel {
        let mut m = model.clone();
        let sets = &mut m.free_spins[mode.index()];
        if let Some(rich) = sets.get_mut(1) {
            rich.weight = value;
        }
        let others: u32 = sets.iter().skip(1).map(|s| s.weight).sum();
        if let Some(quiet) = sets.first_mut() {
            quiet.weight = FREE_WEIGHT_TOTAL.saturating_sub(others);
        }
        m
    }

    fn knob_values(published: &LadderKnobs, tuned: &LadderKnobs) -> Vec<KnobValue> {
        let knob = |name: &str, published: u32, value: u32| KnobValue {
            knob: name.to_string(),
            published: i64::from(published),
            value: i64::from(value),
        };
        let mut list = vec![
            knob(
                "random power chance per paid spin (of 10000)",
                published.random_power,
                tuned.random_power,
            ),
            knob(
                "clearing base reel set weight (of 10000)",
                published.clear_weight,
                tuned.clear_weight,
            ),
        ];
        for p in PICKS {
            list.push(knob(
                &format!("rich free-spin reel set weight, {} (of 10000)", p.name()),
                published.rich_weights[p.index()],
                tuned.rich_weights[p.index()],
            ));
        }
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_names_the_knobs_units_as_the_model_counts_them() {
        assert_eq!(
            RULE.base_knob_names[0],
            format!("random power of {RANDOM_POWER_DENOMINATOR}")
        );
        assert_eq!(
            RULE.base_knob_names[1],
            format!("clear weight of {BASE_WEIGHT_TOTAL}")
        );
        assert_eq!(RULE.base_ranges[0].1, i64::from(RANDOM_POWER_DENOMINATOR));
    }

    #[test]
    fn a_feature_knob_set_through_the_trait_is_the_model_with_that_knob() {
        let k = MoonPrincess::with_feature_knob(&LadderKnobs::PUBLISHED, Pick::Star, 300);
        let by_knobs = MoonPrincess::model_with(&k).unwrap();
        let by_model =
            MoonPrincess::model_with_feature_knob(&MathModel::standard(), Pick::Star, 300);
        assert_eq!(by_knobs, by_model);
        assert_eq!(MoonPrincess::feature_knob_of(&by_model, Pick::Star), 300);
        assert_eq!(MoonPrincess::feature_knob_of(&by_model, Pick::Love), 341);
        let base = MoonPrincess::with_base_knobs(&k, [900, 150]);
        assert_eq!(MoonPrincess::base_knobs(&base), [900, 150]);
        assert_eq!(base.rich_weights, [341, 300, 548]);
    }

    #[test]
    fn a_variant_s_knobs_are_named_beside_the_published_ones() {
        let tuned = LadderKnobs {
            random_power: 900,
            ..LadderKnobs::PUBLISHED
        };
        let v = MoonPrincess::knob_values(&LadderKnobs::PUBLISHED, &tuned);
        assert_eq!(v.len(), 5);
        assert_eq!((v[0].published, v[0].value), (1000, 900));
        assert_eq!(
            v[4].knob,
            "rich free-spin reel set weight, storm (of 10000)"
        );
    }
}
