//! The knob search on the split estimate ([`slot_sim::knob`]), on Starlight Christmas's
//! Multiplier knob.

use slot_sim::SimError;
use slot_sim::knob::{CLOSE_ENOUGH, KnobSearch, tune};
use starlight_christmas::{BetMode, MathModel, StarlightChristmas};

fn game_at(k: i64) -> Result<StarlightChristmas, SimError> {
    let m = MathModel::standard()
        .with_multiplier_shift(false, k)
        .map_err(|e| SimError::Config {
            setting: "knob",
            message: e.to_string(),
        })?;
    Ok(StarlightChristmas::new(&m).unwrap())
}

fn search(target: f64, anchor: Option<(f64, f64)>) -> KnobSearch {
    KnobSearch {
        target,
        base_games: 200_000,
        features: 5_000,
        seed: 7,
        threads: 2,
        first_step: 175,
        anchor,
    }
}

#[test]
fn an_anchored_search_finds_the_knob_of_a_higher_target_on_paired_runs() {
    // Anchored at 95.50 % +- 0.05 pp, a target 1 pp higher: more Multipliers.
    let anchor = (0.955, 0.0005);
    let found = tune(
        game_at,
        BetMode::Standard,
        &search(0.965, Some(anchor)),
        Default::default(),
    )
    .unwrap();
    assert_eq!(found.tried[0], (0, 0.955), "knob 0 is the anchor itself");
    assert_eq!(found.tried[1].0, 175);
    assert!(found.slope > 0.0, "more Multipliers pay more: {found:?}");
    assert!(found.knob > 0, "{found:?}");
    assert_eq!(found.half_width_99, 0.0005);
    // The answer is the tried candidate nearest the target.
    let best = found
        .tried
        .iter()
        .map(|(_, r)| (r - 0.965).abs())
        .fold(f64::INFINITY, f64::min);
    assert_eq!((found.rtp - 0.965).abs(), best);
    assert!(found.allowed.0 <= found.knob && found.knob <= found.allowed.1);
    // Secant steps on a nearly straight line end close to the target.
    assert!((found.rtp - 0.965).abs() < 10.0 * CLOSE_ENOUGH, "{found:?}");
    // The same search again gives the same figures (seeded, any thread count).
    let mut one = search(0.965, Some(anchor));
    one.threads = 1;
    assert_eq!(
        tune(game_at, BetMode::Standard, &one, Default::default()).unwrap(),
        found
    );
}

#[test]
fn a_level_too_wide_or_a_zero_step_is_refused() {
    // Unanchored, 2e5 base games know the RTP to about +- 5 pp: refused, naming the games.
    let e = tune(
        game_at,
        BetMode::Standard,
        &search(0.955, None),
        Default::default(),
    )
    .unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("noise") && text.contains("base games or more"),
        "{text}"
    );
    let mut zero = search(0.955, Some((0.955, 0.0005)));
    zero.first_step = 0;
    let e = tune(game_at, BetMode::Standard, &zero, Default::default()).unwrap_err();
    assert!(e.to_string().contains("must not be 0"), "{e}");
    // A knob the model refuses is named.
    let mut far = search(0.955, Some((0.955, 0.0005)));
    far.first_step = -1_000_000;
    let e = tune(game_at, BetMode::Standard, &far, Default::default()).unwrap_err();
    assert!(e.to_string().contains("negative weight"), "{e}");
}
