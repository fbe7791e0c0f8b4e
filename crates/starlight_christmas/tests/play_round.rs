//! One `play_round` (issue 42): `game.play_round(mode, &mut rng, &mut rec)` is the same round
//! whether or not `slot_core::game::Game` is in scope: the inherent method (what a server
//! that embeds the game calls without the trait), the same call with the trait in scope, the
//! trait's method called by name and generic code over the trait all give the same outcome
//! and event log and leave the generator in the same state (`slot_core::play_round_test!`
//! writes the test), in both bet modes.

use starlight_christmas::{BetMode, StarlightChristmas};

slot_core::play_round_test!(
    game: StarlightChristmas = StarlightChristmas::standard(),
    modes: [BetMode::Standard, BetMode::Ante],
    seeds: 10_000u64,
);
