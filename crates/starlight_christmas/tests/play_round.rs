//! One `play_round` (issue 42): `game.play_round(mode, &mut rng, &mut rec)` is the same round
//! whether or not `slot_core::game::Game` is in scope: the inherent method (what a server
//! that embeds the game calls without the trait), the same call with the trait in scope, the
//! trait's method called by name and generic code over the trait all give the same outcome
//! and event log and leave the generator in the same state, in both bet modes.

use rand_core::SeedableRng;
use rand_pcg::Pcg64;
use starlight_christmas::{BetMode, StarlightChristmas};

/// The inherent method, called where the trait is not in scope (this module imports nothing
/// but the game's types).
mod without_the_trait {
    use rand_pcg::Pcg64;
    use slot_core::recorder::EventLog;
    use starlight_christmas::{BetMode, RoundOutcome, StarlightChristmas};

    pub fn play(
        game: &StarlightChristmas,
        mode: BetMode,
        rng: &mut Pcg64,
    ) -> (RoundOutcome, EventLog) {
        let mut log = EventLog::default();
        let outcome = game.play_round(mode, rng, &mut log);
        (outcome, log)
    }
}

/// The same call with the trait in scope (method syntax), the trait's method by name, and
/// generic code (the simulator's way).
mod with_the_trait {
    use rand_pcg::Pcg64;
    use slot_core::game::Game;
    use slot_core::recorder::{EventLog, NoRecorder};
    use starlight_christmas::{BetMode, RoundOutcome, StarlightChristmas};

    pub fn play(
        game: &StarlightChristmas,
        mode: BetMode,
        rng: &mut Pcg64,
    ) -> (RoundOutcome, EventLog) {
        let mut log = EventLog::default();
        let outcome = game.play_round(mode, rng, &mut log);
        (outcome, log)
    }

    pub fn play_trait(
        game: &StarlightChristmas,
        mode: BetMode,
        rng: &mut Pcg64,
    ) -> (RoundOutcome, EventLog) {
        let mut log = EventLog::default();
        let outcome = <StarlightChristmas as Game>::play_round(game, mode, rng, &mut log);
        (outcome, log)
    }

    pub fn play_generic<G: Game>(game: &G, mode: G::Mode, rng: &mut Pcg64) -> G::Outcome {
        game.play_round(mode, rng, &mut NoRecorder)
    }
}

#[test]
fn play_round_is_one_round_with_or_without_the_trait() {
    let game = StarlightChristmas::standard();
    let mut won = 0;
    for mode in [BetMode::Standard, BetMode::Ante] {
        for seed in 0..10_000u64 {
            let start = Pcg64::seed_from_u64(seed);
            let (mut a, mut b, mut c, mut d) = (start.clone(), start.clone(), start.clone(), start);
            let plain = without_the_trait::play(&game, mode, &mut a);
            let method = with_the_trait::play(&game, mode, &mut b);
            let named = with_the_trait::play_trait(&game, mode, &mut c);
            let generic = with_the_trait::play_generic(&game, mode, &mut d);
            assert_eq!(plain, method, "{mode:?} seed {seed}");
            assert_eq!(plain, named, "{mode:?} seed {seed}");
            assert_eq!(plain.0, generic, "{mode:?} seed {seed}");
            assert!(
                a == b && a == c && a == d,
                "{mode:?} seed {seed}: generator state"
            );
            won += usize::from(plain.0.win.hundredths() > 0);
        }
    }
    // Rounds that pay, so the comparison is not of empty rounds only.
    assert!(won > 0);
}
