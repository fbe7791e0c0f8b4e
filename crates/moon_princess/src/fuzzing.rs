//! The fuzz check of Moon Princess rounds, shared by the cargo-fuzz target
//! (`fuzz/fuzz_targets/moon_princess_round.rs`) and the test that replays its seed corpus
//! (`tests/fuzz_corpus.rs`), so neither can rot.

use crate::{BET_LADDER, CAP, Game, MAX_FREE_SPINS, MAX_MULTIPLIER, MathModel, PICKS, RoundState};
use crate::{RoundId, StoredRound};
use slot_core::bytes_rng::BytesRng;
use slot_core::events::{Event, EventLog, SpinKind};
use std::sync::OnceLock;

/// Plays one round with every random number taken from `data` and panics if an invariant
/// breaks. The first byte picks the pick (low 2 bits) and the model (next bits: the shipped
/// one, or a stress model that reaches the cap in Trinity or in free spins). The round is
/// played whole, and again paused at the pick, stored as JSON, read back, opened and resumed:
/// both must agree. From the event log: it reconciles to the win; every win's multiplier is
/// at most x20 and its raw amount is pay x multiplier; at most 20 free spins are played; the
/// win is at most 5,000 x and whole cents at the smallest and largest bet.
pub fn check_round(data: &[u8]) {
    static GAMES: OnceLock<[Game; 3]> = OnceLock::new();
    let games = GAMES.get_or_init(|| {
        [
            Game::standard(),
            Game::new(&MathModel::stress_trinity()).expect("valid"),
            Game::new(&MathModel::stress_free_spins()).expect("valid"),
        ]
    });
    let (flags, rest) = data.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
    let pick = PICKS[usize::from(flags & 3) % 3];
    let game = &games[usize::from(flags >> 2) % 3];
    let mut log = EventLog::default();
    let whole = game.play_round(&mut BytesRng::new(rest), &mut log, pick);
    assert!(whole.win <= CAP.limit, "win above the cap");
    assert_eq!(whole.capped, whole.win == CAP.limit);
    assert_eq!(log.reconcile(), Ok(whole.win), "the record adds up");
    assert!(whole.free_spins_awarded <= MAX_FREE_SPINS);
    assert!(whole.max_multiplier <= MAX_MULTIPLIER);
    let mut free_spins = 0;
    for e in &log.events {
        match e {
            Event::SpinStart {
                spin: SpinKind::Free,
                ..
            } => free_spins += 1,
            Event::Win {
                pay,
                multiplier: Some(m),
                paid: Some(p),
                uncapped,
                ..
            } => {
                assert!(*m <= MAX_MULTIPLIER, "multiplier above x20");
                let raw = pay.times(u64::from(*m));
                assert_eq!(uncapped.unwrap_or(*p), raw, "pay x multiplier");
            }
            _ => {}
        }
    }
    assert!(
        free_spins <= MAX_FREE_SPINS,
        "more than 20 free spins played"
    );
    for bet in [BET_LADDER.min(), BET_LADDER.max()] {
        assert!(bet.payout(whole.win).is_ok(), "whole cents");
    }
    // Paused at the pick, through storage, resumed: the same round.
    let mut rng = BytesRng::new(rest);
    let parts = match game.start_round(&mut rng, &mut slot_core::recorder::NoRecorder) {
        RoundState::Finished(o) => o,
        RoundState::AwaitingPick(p) => {
            let stored = p
                .store(RoundId::new("fuzz").expect("valid id"), BET_LADDER.min())
                .expect("the minimum bet is on the ladder")
                .to_json();
            let back = StoredRound::from_json(&stored).expect("a real round reads back");
            let paused = game.open_unsealed(back).expect("same model");
            game.resume(paused, pick, &mut rng, &mut slot_core::recorder::NoRecorder)
                .expect("same model")
        }
    };
    assert_eq!(parts, whole, "paused and resumed equals uninterrupted");
}
