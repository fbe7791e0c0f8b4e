//! One `play_round` (issue 42): `game.play_round(pick, &mut rng, &mut rec)` is the same round
//! whether or not `slot_core::game::Game` is in scope (`slot_core::play_round_test!` writes
//! that test), and is
//! `play_round_with_strategy` with the strategy that picks the mode's pick: the same outcome,
//! the same event log and the generator left in the same state.

use moon_princess::{MoonPrincess, PICKS, PausedRound, Pick, RoundOutcome};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use slot_core::recorder::{EventLog, NoRecorder};

/// Seeds each pick is played from.
const SEEDS: u64 = 10_000;

// The inherent method without the trait in scope, the same call with it, the trait's method
// by name and generic code: one round, in every pick.
slot_core::play_round_test!(game: MoonPrincess = MoonPrincess::standard(), modes: PICKS, seeds: SEEDS);

#[test]
fn play_round_with_strategy_picking_the_modes_pick_is_game_play_round() {
    use slot_core::game::Game;
    let game = MoonPrincess::standard();
    for pick in PICKS {
        let mut triggered = 0;
        for seed in 0..SEEDS {
            let start = Pcg64::seed_from_u64(seed);
            let (mut a, mut b) = (start.clone(), start);
            let mut log_a = EventLog::default();
            let mut log_b = EventLog::default();
            let whole: RoundOutcome = Game::play_round(&game, pick, &mut a, &mut log_a);
            // A strategy that is not the `Pick` itself: it is asked once, only if the free
            // spins trigger, and answers the mode's pick.
            let mut asked = 0;
            let strategy = |_: &PausedRound| -> Pick {
                asked += 1;
                pick
            };
            let with = game.play_round_with_strategy(&mut b, &mut log_b, strategy);
            assert_eq!(whole, with, "{pick:?} seed {seed}");
            assert_eq!(log_a, log_b, "{pick:?} seed {seed}");
            assert!(a == b, "{pick:?} seed {seed}: generator state");
            assert_eq!(
                asked,
                usize::from(whole.pick.is_some()),
                "{pick:?} seed {seed}"
            );
            if whole.pick.is_some() {
                assert_eq!(whole.pick, Some(pick));
                triggered += 1;
            }
        }
        // The free spins trigger in some rounds (about 1 in 100), so the strategy was asked.
        assert!(
            triggered > 0,
            "{pick:?}: no round of {SEEDS} triggered the free spins"
        );
    }
}

#[test]
fn a_strategy_picking_from_the_paused_round_is_followed() {
    // The pick a strategy answers is the one played: Star when the base game paid nothing,
    // Storm otherwise (a rule only a closure can follow). Each round equals `play_round` in
    // the pick the strategy made, from the same generator.
    let game = MoonPrincess::standard();
    let mut triggered = 0;
    for seed in 0..2_000 {
        let start = Pcg64::seed_from_u64(seed);
        let (mut a, mut b) = (start.clone(), start);
        let mut chosen = None;
        let o = game.play_round_with_strategy(&mut a, &mut NoRecorder, |p: &PausedRound| {
            let pick = if p.win().hundredths() == 0 {
                Pick::Star
            } else {
                Pick::Storm
            };
            chosen = Some(pick);
            pick
        });
        assert_eq!(o.pick, chosen, "seed {seed}");
        let replayed = game.play_round(chosen.unwrap_or(Pick::Love), &mut b, &mut NoRecorder);
        assert_eq!(o, replayed, "seed {seed}");
        assert_eq!(a.next_u64(), b.next_u64(), "seed {seed}");
        triggered += usize::from(chosen.is_some());
    }
    assert!(triggered > 0);
}
