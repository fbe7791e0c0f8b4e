//! The fuzz check, shared by the cargo-fuzz target (`fuzz/fuzz_targets/play_round.rs`) and
//! the test that replays its seed corpus (`tests/fuzz_corpus.rs`), so neither can rot.

use crate::math_model::MathModel;
use crate::round::{BetMode, CAP, FREE_SPINS, RETRIGGER_SPINS, StarlightChristmas};
use slot_core::bytes_rng::BytesRng;
use slot_core::money::Win;
use slot_core::recorder::{EventLog, NoRecorder};
use std::sync::OnceLock;

/// Plays one round with every random number taken from `data` and panics if an invariant
/// breaks: the cap, whole cents at the minimum and maximum bet, sources adding up to the win,
/// free-spin counts, the event log agreeing with the outcome. The first byte picks the mode
/// (bit 0: ante) and the model (bit 1: the stress model); the rest feeds the generator.
/// Termination is the fuzzer's to check (a round that never ends is a timeout).
pub fn check_round(data: &[u8]) {
    static SHIPPED: OnceLock<StarlightChristmas> = OnceLock::new();
    static STRESS: OnceLock<StarlightChristmas> = OnceLock::new();
    let (flags, rest) = data.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
    let mode = if flags & 1 == 1 {
        BetMode::Ante
    } else {
        BetMode::Standard
    };
    let game = if flags & 2 == 2 {
        STRESS.get_or_init(|| StarlightChristmas::new(&MathModel::stress()).expect("valid"))
    } else {
        SHIPPED.get_or_init(StarlightChristmas::standard)
    };
    let out = game.play_round(mode, &mut BytesRng::new(rest), &mut NoRecorder);
    assert!(out.win <= CAP.limit, "win above the cap");
    assert_eq!(out.capped, out.win == CAP.limit);
    assert_eq!(
        out.by_source.iter().copied().sum::<Win>(),
        out.win,
        "sources add up"
    );
    for bet in [crate::BET_LADDER.min(), crate::BET_LADDER.max()] {
        assert!(bet.payout(out.win).is_ok(), "whole cents");
    }
    let awarded = if out.free_spins_triggered {
        FREE_SPINS + RETRIGGER_SPINS * out.retriggers
    } else {
        0
    };
    assert!(out.free_spins_played <= awarded);
    assert!(out.capped || out.free_spins_played == awarded);
    let mut log = EventLog::default();
    let again = game.play_round(mode, &mut BytesRng::new(rest), &mut log);
    assert_eq!(again, out, "the recorder changes nothing");
    match log.events.last() {
        Some(crate::Event::RoundEnd { win, capped }) => {
            assert_eq!((*win, *capped), (out.win, out.capped))
        }
        other => panic!("the log must end with the round's end, not {other:?}"),
    }
    assert_eq!(
        log.reconcile(),
        Ok(out.win),
        "the events' paid amounts add up to the win"
    );
}
