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
        range: (-6381, 42029),
        anchor,
        // Wide for these short runs (2e5 base games know a paired difference to about 0.5
        // pp); a model meant to ship is tuned with 0.10 pp.
        max_half_width: 0.02,
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
    assert_eq!(found.tried[0].knob, 0);
    assert_eq!(found.tried[0].rtp, 0.955, "knob 0 is the anchor itself");
    assert_eq!(found.tried[1].knob, 175);
    assert!(found.slope > 0.0, "more Multipliers pay more: {found:?}");
    assert!(found.best.knob > 0, "{found:?}");
    assert_eq!(found.level_half_width_99, 0.0005);
    // The paired differences are measured: their half-width adds to the level's.
    assert!(found.best.difference_half_width_99 > 0.0);
    assert!(
        (found.half_width_99
            - (0.0005f64.powi(2) + found.best.difference_half_width_99.powi(2)).sqrt())
        .abs()
            < 1e-15
    );
    // The answer is the tried candidate nearest the target.
    let best = found
        .tried
        .iter()
        .map(|c| (c.rtp - 0.965).abs())
        .fold(f64::INFINITY, f64::min);
    assert_eq!((found.best.rtp - 0.965).abs(), best);
    assert!(found.allowed.0 <= found.best.knob && found.best.knob <= found.allowed.1);
    assert!(
        (found.best.rtp - 0.965).abs() < 10.0 * CLOSE_ENOUGH,
        "{found:?}"
    );
    // The same search again gives the same figures (seeded, any thread count).
    let mut one = search(0.965, Some(anchor));
    one.threads = 1;
    assert_eq!(
        tune(game_at, BetMode::Standard, &one, Default::default()).unwrap(),
        found
    );
}

/// Paired rounds stay paired: a round that draws differently under the candidate does not
/// shift the rounds after it, so the paired difference's spread is far below a round's.
#[test]
fn paired_differences_are_far_less_noisy_than_a_level() {
    let found = tune(
        game_at,
        BetMode::Standard,
        &search(0.965, Some((0.955, 0.0005))),
        Default::default(),
    )
    .unwrap();
    // Knob +175 moves about 0.8 pp; at 2e5 base games a level is known to about +- 5 pp,
    // the paired difference to a small fraction of that.
    let c = found.tried.iter().find(|c| c.knob == 175).unwrap();
    assert!(
        c.difference_half_width_99 < found.own_level.1 / 4.0,
        "{c:?} vs level {:?}",
        found.own_level
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
    // At the shipping bound, 0.10 pp, the paired difference of 2e5 base games is refused.
    let mut strict = search(0.965, Some((0.955, 0.0005)));
    strict.max_half_width = slot_sim::certify::MAX_DISTANCE;
    let e = tune(game_at, BetMode::Standard, &strict, Default::default()).unwrap_err();
    assert!(
        e.to_string()
            .contains("the difference of knob +175 from knob +0 is known to"),
        "{e}"
    );
    // A target out of the knob's reach: the search stays inside the range and says so.
    let mut far = search(0.30, Some((0.955, 0.0005)));
    far.max_half_width = 0.05;
    let e = tune(game_at, BetMode::Standard, &far, Default::default()).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("the knob cannot bring the RTP within 5.00 pp of 30.0000 %")
            && text.contains("range ends at -6381"),
        "{text}"
    );
    // A range that does not hold 0 is refused.
    let mut bad = search(0.955, Some((0.955, 0.0005)));
    bad.range = (1, 10);
    assert!(tune(game_at, BetMode::Standard, &bad, Default::default()).is_err());
}
