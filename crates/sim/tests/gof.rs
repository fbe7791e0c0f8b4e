//! The goodness-of-fit section tells the model played from another: the draws of each game's
//! shipped model pass against its own weights and fail, by name, against a model whose
//! weights differ; the inputs a model does not change agree.

use slot_core::Game;
use slot_sim::gof::{GofSpan, replay, replay_against};

/// Rounds `0..rounds` of the whole run of `seed`.
fn span(seed: u64, rounds: u64) -> GofSpan {
    GofSpan {
        seed,
        first_batch: 0,
        rounds,
    }
}

#[test]
fn moon_princess_draws_fit_their_model_and_not_another() {
    use moon_princess::{MathModel, MoonPrincess, Pick};
    let game = MoonPrincess::standard();
    let right = replay(&game, Pick::Love, span(3, 30_000));
    assert!(right.passes_at_1_percent, "{}", right.text());
    // A model whose random power is Love half the time, and whose base game draws the
    // clearing reel set 10 times as often.
    let mut wrong = MathModel::standard();
    wrong.random_power_weights = [2, 1, 1];
    wrong.base[1].weight *= 10;
    let inputs = MoonPrincess::new(&wrong).unwrap().random_inputs(Pick::Love);
    let bad = replay_against(&game, Pick::Love, &inputs, span(3, 30_000));
    let p = |name: &str| {
        bad.tests
            .iter()
            .find(|t| t.input.starts_with(name))
            .unwrap()
            .p_value
    };
    assert!(p("random power") < 1e-12, "{}", bad.text());
    assert!(p("base game reel sets") < 1e-12, "{}", bad.text());
    assert!(!bad.passes_at_1_percent);
}

#[test]
fn starlight_christmas_draws_fit_their_model_and_not_another() {
    use starlight_christmas::{BetMode, MathModel, StarlightChristmas};
    let game = StarlightChristmas::standard();
    let m = BetMode::Standard;
    let right = replay(&game, m, span(5, 20_000));
    assert_eq!(right.tests.len(), 4);
    assert!(right.passes_at_1_percent, "{}", right.text());
    // Expected counts from a model with twice the base-game Multipliers and x2 twice as
    // likely: the draws of the shipped game do not fit it.
    // (Each table re-expressed to its power-of-two total.)
    use slot_core::bit_draws::pow2_weights;
    let mut wrong = MathModel::standard();
    let mut w = wrong.base.in_outcome_order();
    w[10] *= 2;
    let w = pow2_weights(&w, 20).unwrap();
    wrong.base =
        starlight_christmas::math_model::CellWeights::from_outcome_order(w.try_into().unwrap());
    let mut v = wrong.base_multiplier_values;
    v[0] *= 2;
    wrong.base_multiplier_values = pow2_weights(&v, 16).unwrap().try_into().unwrap();
    let inputs = StarlightChristmas::new(&wrong).unwrap().random_inputs(m);
    let bad = replay_against(&game, m, &inputs, span(5, 20_000));
    assert!(bad.tests[0].p_value < 1e-12, "{}", bad.text());
    assert!(bad.tests[2].p_value < 1e-12, "{}", bad.text());
    assert!(!bad.passes_at_1_percent);
    // The free spins' inputs are the same in both models: their tests agree.
    assert_eq!(bad.tests[1], right.tests[1]);
}

#[test]
fn wish_upon_a_star_draws_fit_their_model_and_not_another() {
    use wish_upon_a_star::game::Standard;
    use wish_upon_a_star::{MathModel, WishUponAStar};
    let game = WishUponAStar::standard();
    let right = replay(&game, Standard, span(11, 20_000));
    assert!(right.passes_at_1_percent, "{}", right.text());
    // A model whose respin Star comes twice as often: the shipped draws do not fit it.
    let mut wrong = MathModel::standard();
    wrong.respin_star.numerator *= 2;
    let inputs = WishUponAStar::new(&wrong).unwrap().random_inputs(Standard);
    let bad = replay_against(&game, Standard, &inputs, span(11, 20_000));
    let respin = bad
        .tests
        .iter()
        .find(|t| t.input.starts_with("respin Star"))
        .unwrap();
    assert!(respin.p_value < 1e-6, "{}", bad.text());
    // The reel stops do not depend on it.
    assert_eq!(bad.tests[0], right.tests[0]);
}
