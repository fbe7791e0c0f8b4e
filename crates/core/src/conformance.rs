//! Tests every game crate writes the same way, as macros a crate's integration tests call:
//! [`play_round_test!`](crate::play_round_test) (the inherent `play_round` is the trait's
//! round). A macro, not a function: each check must call the game's own inherent method,
//! which generic code cannot name.

/// Writes a game crate's test that its one `play_round` is one round: the test
/// `play_round_is_one_round_with_or_without_the_trait`, for an integration-test file
/// (`tests/play_round.rs`) of the crate.
///
/// The rule it pins: `game.play_round(mode, &mut rng, &mut rec)` is the same round whether or
/// not [`Game`](crate::game::Game) is in scope. The game's inherent method (what a server that embeds the game
/// writes, in a module that imports nothing but the game's type), the same call with the trait
/// in scope, the trait's method called by name, and generic code over the trait (the
/// simulator's way, with `NoRecorder`) must give the same outcome and event log and leave the
/// generator in the same state, for every mode listed and seeds `0..seeds`
/// ([`SimRng`](crate::replay::SimRng) from `SeedableRng::seed_from_u64`). At least one round
/// must win something, so the comparison is not of empty rounds only.
///
/// `game: Type = constructor, modes: the modes (anything a `for` loop takes: an array, the
/// game's list of picks), seeds: count`; the game's outcome must be
/// `PartialEq + Debug` and its type must have an inherent `play_round` with the trait's
/// signature (without one, the first module's call does not compile: a `Game` method is not
/// in scope there).
///
/// ```ignore
/// slot_core::play_round_test!(game: StarlightChristmas = StarlightChristmas::standard(),
///     modes: [BetMode::Standard, BetMode::Ante], seeds: 10_000);
/// ```
#[macro_export]
macro_rules! play_round_test {
    (game: $game:ty = $make:expr, modes: $modes:expr, seeds: $seeds:expr $(,)?) => {
        /// The game, named where the macro is called (its modules below see it through
        /// this alias only).
        type PlayRoundGame = $game;

        /// The inherent method, called where the trait is not in scope (this module imports
        /// nothing).
        mod play_round_without_the_trait {
            pub fn play(
                game: &super::PlayRoundGame,
                mode: <super::PlayRoundGame as $crate::game::Game>::Mode,
                rng: &mut $crate::replay::SimRng,
            ) -> (
                <super::PlayRoundGame as $crate::game::Game>::Outcome,
                $crate::recorder::EventLog,
            ) {
                let mut log = $crate::recorder::EventLog::default();
                let outcome = game.play_round(mode, rng, &mut log);
                (outcome, log)
            }
        }

        /// The same call with the trait in scope (method syntax), the trait's method by name,
        /// and generic code (the simulator's way).
        mod play_round_with_the_trait {
            use $crate::game::Game;
            use $crate::recorder::{EventLog, NoRecorder};
            use $crate::replay::SimRng;

            pub fn play(
                game: &super::PlayRoundGame,
                mode: <super::PlayRoundGame as Game>::Mode,
                rng: &mut SimRng,
            ) -> (<super::PlayRoundGame as Game>::Outcome, EventLog) {
                let mut log = EventLog::default();
                let outcome = game.play_round(mode, rng, &mut log);
                (outcome, log)
            }

            pub fn play_trait(
                game: &super::PlayRoundGame,
                mode: <super::PlayRoundGame as Game>::Mode,
                rng: &mut SimRng,
            ) -> (<super::PlayRoundGame as Game>::Outcome, EventLog) {
                let mut log = EventLog::default();
                let outcome = <super::PlayRoundGame as Game>::play_round(game, mode, rng, &mut log);
                (outcome, log)
            }

            pub fn play_generic<G: Game>(game: &G, mode: G::Mode, rng: &mut SimRng) -> G::Outcome {
                game.play_round(mode, rng, &mut NoRecorder)
            }
        }

        #[test]
        fn play_round_is_one_round_with_or_without_the_trait() {
            use $crate::SeedableRng as _;
            let game = $make;
            let mut won = 0usize;
            for mode in $modes {
                for seed in 0..$seeds {
                    let start = $crate::replay::SimRng::seed_from_u64(seed);
                    let (mut a, mut b, mut c, mut d) =
                        (start.clone(), start.clone(), start.clone(), start);
                    let plain = play_round_without_the_trait::play(&game, mode, &mut a);
                    let method = play_round_with_the_trait::play(&game, mode, &mut b);
                    let named = play_round_with_the_trait::play_trait(&game, mode, &mut c);
                    let generic = play_round_with_the_trait::play_generic(&game, mode, &mut d);
                    assert_eq!(plain, method, "{mode:?} seed {seed}");
                    assert_eq!(plain, named, "{mode:?} seed {seed}");
                    assert_eq!(plain.0, generic, "{mode:?} seed {seed}");
                    assert!(
                        a == b && a == c && a == d,
                        "{mode:?} seed {seed}: generator state"
                    );
                    let summary = <$game as $crate::game::Game>::summary(&plain.0);
                    won += usize::from(summary.win > 0);
                }
            }
            // Rounds that pay, so the comparison is not of empty rounds only.
            assert!(won > 0);
        }
    };
}
