//! One `play_round` (issue 42): `game.play_round(mode, &mut rng, &mut rec)` is the same round
//! whether or not `slot_core::game::Game` is in scope: the inherent method (what a server
//! that embeds the game calls without the trait), the same call with the trait in scope, the
//! trait's method called by name and generic code over the trait all give the same outcome
//! and event log and leave the generator in the same state (`slot_core::play_round_test!`
//! writes the test). The game has one mode, `Standard`: the
//! mode argument is there so that a round is played the same way in every game.

use ten_lines::{Standard, TenLines};

slot_core::play_round_test!(
    game: TenLines = TenLines::standard(),
    modes: [Standard],
    seeds: 10_000u64,
);
