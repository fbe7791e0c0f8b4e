//! The split path (`starlight_christmas::splitting`) plays the round `play_round` plays: with
//! one generator throughout, `start_split` and then `step` until the round is over make the
//! same draws and pay the same win, in both bet modes, for rounds that end in the base game,
//! rounds that play their free spins, and (on the stress model) rounds that reach the cap in
//! the base game or in the free spins.

use rand_core::Rng;
use slot_core::Game;
use slot_core::recorder::NoRecorder;
use slot_core::replay::batch_rng;
use slot_core::splitting::{SplittableGame, Start};
use starlight_christmas::math_model::MathModel;
use starlight_christmas::{BetMode, StarlightChristmas};

/// What a round played by the split path showed: its win (hundredths), the free spins it
/// stepped through, whether it ended at the cap, its x500 Multipliers.
struct Split {
    win: u64,
    steps: u32,
    x500: [u32; 2],
}

/// Plays a round by the split path with `rng`, checking the state's accessors on the way.
fn split_round(game: &StarlightChristmas, mode: BetMode, rng: &mut impl Rng) -> Split {
    match game.start_split(mode, rng) {
        Start::Over(win) => Split {
            win: win.hundredths(),
            steps: 0,
            x500: [0, 0],
        },
        Start::Going(mut state) => {
            assert_eq!(state.spins_left(), 15, "the free spins start with 15");
            assert_eq!(state.running_multiplier(), 0);
            let mut steps = 0;
            while !StarlightChristmas::is_over(&state) {
                let (left, played) = (state.spins_left(), state.spins_played());
                let (win, running) = (
                    StarlightChristmas::running_win(&state),
                    state.running_multiplier(),
                );
                game.step(&mut state, rng);
                steps += 1;
                assert_eq!(state.spins_played(), played + 1);
                // One spin: one fewer left, or 4 more after a retrigger (unless it capped).
                assert!(
                    state.spins_left() == left - 1
                        || state.spins_left() == left + 4
                        || StarlightChristmas::is_over(&state),
                    "{left} -> {}",
                    state.spins_left()
                );
                assert!(StarlightChristmas::running_win(&state) >= win);
                assert!(state.running_multiplier() >= running);
            }
            assert_eq!(
                StarlightChristmas::importance(&state),
                StarlightChristmas::running_win(&state).hundredths()
            );
            Split {
                win: StarlightChristmas::running_win(&state).hundredths(),
                steps,
                x500: state.x500_multipliers(),
            }
        }
    }
}

/// `rounds` rounds of `game` in `mode` played both ways with generators of the same state:
/// the same win and the same generator state after every round; the features, the free
/// spins stepped and the capped rounds seen.
fn compare(game: &StarlightChristmas, mode: BetMode, rounds: u32) -> (u32, u32, u32) {
    let (mut a, mut b) = (batch_rng(11, 3), batch_rng(11, 3));
    let (mut features, mut spins, mut capped) = (0, 0, 0);
    for round in 0..rounds {
        let whole = Game::play_round(game, mode, &mut a, &mut NoRecorder);
        let split = split_round(game, mode, &mut b);
        assert_eq!(whole.win.hundredths(), split.win, "{mode:?} round {round}");
        // The same draws: the two generators stand at the same place.
        assert_eq!(
            a.clone().next_u64(),
            b.clone().next_u64(),
            "{mode:?} round {round}"
        );
        assert_eq!(whole.free_spins_triggered, split.steps > 0);
        assert_eq!(whole.free_spins_played, split.steps);
        if split.steps > 0 {
            assert_eq!(whole.x500_multipliers, split.x500, "{mode:?} round {round}");
        }
        features += u32::from(split.steps > 0);
        spins += split.steps;
        capped += u32::from(whole.capped);
    }
    (features, spins, capped)
}

#[test]
fn the_split_path_draws_and_pays_as_the_round() {
    let game = StarlightChristmas::standard();
    // Free spins about 1 in 435 (standard) and 1 in 217 (ante): some 230 and 460 features.
    for (mode, lo, hi) in [(BetMode::Standard, 150, 350), (BetMode::Ante, 330, 600)] {
        let (features, spins, _) = compare(&game, mode, 100_000);
        assert!(
            (lo..hi).contains(&features),
            "{mode:?}: {features} features"
        );
        assert!(spins >= 15 * features, "{mode:?}: {spins} free spins");
    }
}

/// On the stress model (frequent free spins, Multipliers of 50 to 500, frequent caps) the two
/// paths agree too, through retriggers and rounds that reach the cap in the free spins.
#[test]
fn the_split_path_agrees_on_capped_rounds() {
    let game = StarlightChristmas::new(&MathModel::stress()).unwrap();
    for mode in [BetMode::Standard, BetMode::Ante] {
        let (features, spins, capped) = compare(&game, mode, 20_000);
        assert!(features > 100 && spins > 15 * 100, "{mode:?}: {features}");
        assert!(capped > 20, "{mode:?}: {capped} capped rounds");
    }
}

/// A round stepped until it is over has no spin left or stands at the 5,000 x cap, and a step
/// after that changes nothing (no draw, no win). Copies of a state stepped with generators of
/// the same state play the same rest of the round.
#[test]
fn a_finished_state_stays_finished_and_copies_are_rounds() {
    let game = StarlightChristmas::new(&MathModel::stress()).unwrap();
    let mut rng = batch_rng(5, 0);
    let (mut seen, mut at_cap) = (0, 0);
    while seen < 200 {
        if let Start::Going(mut s) = game.start_split(BetMode::Standard, &mut rng) {
            game.step(&mut s, &mut rng);
            let (mut copy, mut copy_rng) = (s.clone(), rng.clone());
            while !StarlightChristmas::is_over(&s) {
                game.step(&mut s, &mut rng);
            }
            while !StarlightChristmas::is_over(&copy) {
                game.step(&mut copy, &mut copy_rng);
            }
            let win = StarlightChristmas::running_win(&s);
            assert_eq!(StarlightChristmas::running_win(&copy), win);
            assert_eq!(copy_rng, rng);
            let before = rng.clone();
            game.step(&mut s, &mut rng);
            assert_eq!(StarlightChristmas::running_win(&s), win);
            assert_eq!(rng, before, "no draw after the end");
            assert_eq!(s.spins_left(), 0);
            assert!(win.hundredths() <= 500_000);
            at_cap += u32::from(win.hundredths() == 500_000);
            seen += 1;
        }
    }
    assert!(at_cap > 0, "some stress rounds end at the cap");
}
