//! The fuzz check of Wish Upon a Star rounds, shared by the cargo-fuzz target
//! (`fuzz/fuzz_targets/wish_upon_a_star_round.rs`) and the test that replays its seed corpus
//! (`tests/fuzz_corpus.rs`), so neither can rot.

use crate::math_model::{MathModel, Probability};
use crate::{BET_LADDER, Game};
use slot_core::bytes_rng::BytesRng;
use slot_core::events::EventLog;
use std::sync::OnceLock;

/// Plays one round with every random number taken from `data` and panics if an invariant
/// breaks: the event log reconciles to the win, the sources add up, free spins played are
/// ten per award, the win is whole cents at the smallest and largest bet, and recording
/// changes nothing. The first byte picks the model: the shipped one, or one with four times
/// the respin Stars (Lock & Spin up to the Grand far more often).
pub fn check_round(data: &[u8]) {
    static GAMES: OnceLock<[Game; 2]> = OnceLock::new();
    let games = GAMES.get_or_init(|| {
        let mut m = MathModel::standard();
        m.respin_star = Probability {
            numerator: 4,
            denominator: 25,
        };
        [Game::standard(), Game::new(&m).expect("valid")]
    });
    let (flags, rest) = data.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
    let game = &games[usize::from(flags & 1)];
    let mut log = EventLog::default();
    let out = game.play_round(&mut BytesRng::new(rest), &mut log);
    assert_eq!(log.reconcile(), Ok(out.win), "the record adds up");
    assert_eq!(
        out.by_source.iter().copied().sum::<crate::Win>(),
        out.win,
        "sources add up"
    );
    assert_eq!(out.free_spins_played, 10 * out.free_spin_awards);
    for bet in [BET_LADDER.min(), BET_LADDER.max()] {
        assert!(bet.payout(out.win).is_ok(), "whole cents");
    }
    let again = game.play_round(
        &mut BytesRng::new(rest),
        &mut slot_core::recorder::NoRecorder,
    );
    assert_eq!(again, out, "the recorder changes nothing");
}
