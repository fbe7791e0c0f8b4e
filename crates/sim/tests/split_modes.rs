//! A split estimate of a game whose mode changes its base game (Starlight Christmas's ante
//! bet): one mode at a time, its stake in the record and in the estimate.

use slot_core::Game;
use slot_core::game::SplitGame;
use slot_sim::SplitError;
use slot_sim::split::SplitConfig;
use starlight_christmas::{BetMode, StarlightChristmas};

#[test]
fn a_split_estimate_of_starlight_christmas_takes_one_bet_mode_at_a_time() {
    const { assert!(<StarlightChristmas as SplitGame>::BASE_BY_MODE) };
    let game = StarlightChristmas::standard();
    let size = |base_games, features| SplitConfig {
        base_games,
        features,
        seed: 1,
        threads: 1,
    };
    let both = slot_sim::split::run(
        &game,
        StarlightChristmas::MODES,
        &size(1_000, 10),
        String::new(),
        slot_sim::Watch::default(),
    )
    .unwrap_err();
    assert!(both.to_string().contains("one mode at a time"), "{both}");
    let ante = slot_sim::split::run(
        &game,
        &[BetMode::Ante],
        &size(200_000, 2_000),
        String::new(),
        slot_sim::Watch::default(),
    )
    .unwrap();
    assert_eq!(ante.stake, 125);
    assert_eq!(ante.picks.len(), 1);
    assert_eq!(ante.picks[0].pick, "ante");
    let e = ante.estimates()[0].1;
    // RTP per stake: (B + q V) / 1.25, B and V x bet.
    let b = ante.base.win as f64 / 100.0 / ante.base.rounds as f64;
    assert!((e.base_rtp - b / 1.25).abs() < 1e-12);
    assert!((e.rtp - (b + e.trigger_rate * e.feature_mean) / 1.25).abs() < 1e-12);
    ante.check::<StarlightChristmas>().unwrap();
    let mut two = ante.clone();
    two.picks.push(two.picks[0].clone());
    let e = two.check::<StarlightChristmas>().unwrap_err();
    assert!(matches!(e, SplitError::OneModeOnly { picks: 2, .. }), "{e}");
    assert!(e.to_string().contains("holds one mode"), "{e}");
    let mut wrong = ante.clone();
    wrong.stake = 100;
    let e = wrong.check::<StarlightChristmas>().unwrap_err();
    assert!(
        matches!(
            e,
            SplitError::Stake {
                found: 100,
                expected: 125,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("stakes 125"), "{e}");
}
