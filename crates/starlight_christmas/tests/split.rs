//! The split estimate's two halves are the round's: a base game drawn with a generator is the
//! start of the round drawn with the same generator state, and the free spins played alone
//! with the generator as the base game left it are that round's free spins (wherever the cap
//! did not end the round), in both bet modes, on the shipped and the stress model.

use rand_pcg::Pcg64;
use slot_core::SeedableRng;
use slot_core::game::SplitGame;
use slot_core::recorder::NoRecorder;
use starlight_christmas::{BetMode, MathModel, StarlightChristmas};

/// Index of the free-spin source in [`starlight_christmas::SOURCES`].
fn free_source() -> usize {
    starlight_christmas::SOURCES
        .iter()
        .position(|s| *s == "free spins")
        .expect("a free-spin source")
}

#[test]
fn base_game_then_feature_alone_replay_the_round() {
    let free = free_source();
    for model in [MathModel::standard(), MathModel::stress()] {
        let game = StarlightChristmas::new(&model).unwrap();
        for mode in [BetMode::Standard, BetMode::Ante] {
            let (mut triggers, mut capped) = (0, 0);
            for seed in 0..3_000u64 {
                let mut whole = Pcg64::seed_from_u64(seed);
                let mut split = whole.clone();
                let round = game.play_round(mode, &mut whole, &mut NoRecorder);
                let base = SplitGame::play_base_game(&game, mode, &mut split);
                assert_eq!(base.triggered, round.free_spins_triggered, "seed {seed}");
                if round.capped && !base.triggered {
                    assert!(
                        base.capped,
                        "seed {seed}: the round capped in its base game"
                    );
                }
                if !base.triggered {
                    assert_eq!(base.win, round.win.hundredths(), "seed {seed}");
                    assert_eq!(base.capped, round.capped, "seed {seed}");
                    continue;
                }
                triggers += 1;
                let spins = round.by_source[free].hundredths();
                assert_eq!(
                    base.win,
                    round.win.hundredths() - spins,
                    "seed {seed}: the base part of a triggering round"
                );
                let feature = SplitGame::play_feature(&game, mode, &mut split);
                if round.capped {
                    capped += 1;
                    // The feature alone reaches at least what the round's cap left it.
                    assert!(feature.win.hundredths() >= spins, "seed {seed}");
                } else {
                    assert_eq!(feature.win.hundredths(), spins, "seed {seed}");
                    assert_eq!(feature.free_spins_played, round.free_spins_played);
                    // Both generators are at the end of the same round.
                    assert_eq!(whole, split, "seed {seed}");
                }
            }
            assert!(triggers > 0, "{mode:?}: some rounds trigger the free spins");
            if model == MathModel::stress() {
                assert!(
                    capped > 0,
                    "{mode:?}: the stress model caps in its free spins"
                );
            }
        }
    }
}
