//! The split path (`moon_princess::splitting`) plays the round `play_round` plays: with one
//! generator throughout, `start_split` and then `step` until the round is over make the same
//! draws and pay the same win, in every pick, for rounds that end in the base game, rounds
//! that play their free spins, and rounds that reach the cap.

use moon_princess::{MoonPrincess, Pick};
use rand_core::Rng;
use slot_core::Game;
use slot_core::recorder::NoRecorder;
use slot_core::replay::batch_rng;
use slot_core::splitting::{SplittableGame, Start};

/// Plays a round by the split path with `rng`: its win (hundredths) and the free spins it
/// stepped through.
fn split_round(game: &MoonPrincess, pick: Pick, rng: &mut impl Rng) -> (u64, u32) {
    match game.start_split(pick, rng) {
        Start::Over(win) => (win.hundredths(), 0),
        Start::Going(mut state) => {
            let mut steps = 0;
            while !MoonPrincess::is_over(&state) {
                assert!(state.spins_left() > 0);
                assert!((1..=20).contains(&state.multiplier()));
                game.step(&mut state, rng);
                steps += 1;
                assert!(steps <= 20, "at most 20 free spins");
            }
            assert_eq!(
                MoonPrincess::importance(&state),
                MoonPrincess::running_win(&state).hundredths()
            );
            (MoonPrincess::running_win(&state).hundredths(), steps)
        }
    }
}

#[test]
fn the_split_path_draws_and_pays_as_the_round() {
    let game = MoonPrincess::standard();
    for pick in [Pick::Love, Pick::Star, Pick::Storm] {
        let (mut a, mut b) = (batch_rng(11, 3), batch_rng(11, 3));
        let (mut features, mut spins, mut won) = (0, 0, 0u64);
        for round in 0..60_000 {
            let whole = Game::play_round(&game, pick, &mut a, &mut NoRecorder)
                .win
                .hundredths();
            let (split, steps) = split_round(&game, pick, &mut b);
            assert_eq!(whole, split, "{pick} round {round}");
            // The same draws: the two generators stand at the same place.
            assert_eq!(
                a.clone().next_u64(),
                b.clone().next_u64(),
                "{pick} round {round}"
            );
            features += u32::from(steps > 0);
            spins += steps;
            won += split;
        }
        // About 1 round in 243 plays its free spins: some 250 features here.
        assert!(
            (150..400).contains(&features),
            "{pick}: {features} features"
        );
        assert!(spins >= 4 * features, "{pick}: {spins} free spins");
        assert!(won > 0);
    }
}

/// A round stepped until it is over has no spin left or stands at the 5,000 x cap, and a step
/// after that changes nothing (no draw, no win).
#[test]
fn a_finished_state_stays_finished() {
    let game = MoonPrincess::standard();
    let mut rng = batch_rng(5, 0);
    let mut seen = 0;
    while seen < 20 {
        if let Start::Going(mut s) = game.start_split(Pick::Storm, &mut rng) {
            while !MoonPrincess::is_over(&s) {
                game.step(&mut s, &mut rng);
            }
            let win = MoonPrincess::running_win(&s);
            let before = rng.clone();
            game.step(&mut s, &mut rng);
            assert_eq!(MoonPrincess::running_win(&s), win);
            assert_eq!(rng, before, "no draw after the end");
            assert!(s.spins_left() == 0 || win.hundredths() == 500_000);
            assert!(win.hundredths() <= 500_000);
            seen += 1;
        }
    }
}
