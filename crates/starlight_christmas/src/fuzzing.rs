//! The fuzz checks of Starlight Christmas, shared by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/`) and the tests that replay their seed corpora
//! (`tests/fuzz_corpus.rs`), so neither can rot: rounds played with every random number from
//! the input ([`check_round`]), and the outside inputs: a model file ([`check_model_json`])
//! and a grid as `eval` reads it ([`check_grid_text`]). Each panics if an invariant breaks;
//! bad input must give a typed error, never a panic.

use crate::events::grid_text;
use crate::math_model::MathModel;
use crate::outcome::RoundOutcome;
use crate::paytable::{evaluate_grid, pay, scatter_pay};
use crate::round::StarlightChristmas;
use crate::rules::{BetMode, CAP, FREE_SPINS, RETRIGGER_SPINS};
use crate::symbols::{multiplier_sum, parse_grid};
use slot_core::bytes_rng::BytesRng;
use slot_core::events::PaidLimits;
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
    check_outcome(&out);
    let mut log = EventLog::default();
    let again = game.play_round(mode, &mut BytesRng::new(rest), &mut log);
    assert_eq!(again, out, "the recorder changes nothing");
    match log.events.last() {
        Some(crate::Event::RoundEnd { win, capped }) => {
            assert_eq!((*win, *capped), (out.win, out.capped))
        }
        other => panic!("the log must end with the round's end, not {other:?}"),
    }
    check_log(&out, &log);
}

/// The outcome's own relations: the cap, whole cents, sources adding up, free-spin counts.
fn check_outcome(out: &RoundOutcome) {
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
}

/// The event log agrees with the outcome: it reconciles to the win, every `sequence_end` pays
/// symbol win x multiplier, the payments stay within the cap, free spins played as counted.
fn check_log(out: &RoundOutcome, log: &EventLog) {
    assert_eq!(
        log.reconcile(),
        Ok(out.win),
        "the events' paid amounts add up to the win"
    );
    let fig = log
        .check_paid(&PaidLimits {
            cap: Some(CAP.limit),
            ..PaidLimits::default()
        })
        .expect("symbol win x multiplier, within the cap");
    assert_eq!(fig.free_spins, out.free_spins_played);
}

/// Reads `data` as a math model file. Bad input must give a JSON error (the model's checks
/// run while reading). A model that is accepted must build a game, write back to an equal
/// model with the same fingerprint, and play a round in each mode (random numbers from
/// `data`) that keeps every invariant of [`check_round`].
pub fn check_model_json(data: &[u8]) {
    let Ok(model) = serde_json::from_slice::<MathModel>(data) else {
        return;
    };
    let game = StarlightChristmas::new(&model).expect("a model that reads builds a game");
    let json = serde_json::to_string(&model).expect("a model serialises");
    let back: MathModel = serde_json::from_str(&json).expect("an accepted model reads back");
    assert_eq!(back, model, "an accepted model writes back to itself");
    assert_eq!(back.fingerprint(), game.fingerprint());
    let mut rng = BytesRng::new(data);
    for mode in [BetMode::Standard, BetMode::Ante] {
        let mut log = EventLog::default();
        let out = game.play_round(mode, &mut rng, &mut log);
        check_outcome(&out);
        check_log(&out, &log);
    }
}

/// Reads `data` as a grid the way `cargo xtask eval starlight-christmas --grid` does. Bad
/// input must give a [`slot_core::text::GridTextError`]. A grid that is accepted must print
/// back to text that reads as the same grid, and evaluate to symbol wins from the paytable
/// that add up, a total of symbol wins x (Multiplier sum, or 1) + Scatter pay, paid at most
/// the cap, whole cents at the smallest and largest bet.
pub fn check_grid_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = parse_grid(text) else {
        return;
    };
    let printed = grid_text(&grid);
    assert_eq!(
        parse_grid(&printed),
        Ok(grid),
        "prints back to the same grid"
    );
    let e = evaluate_grid(&grid);
    let mut symbol_win = Win::ZERO;
    for w in &e.wins {
        assert_eq!(w.count, w.cells.count_ones());
        assert_eq!(w.win, pay(w.symbol, w.count), "the paytable");
        symbol_win += w.win;
    }
    assert_eq!(e.symbol_win, symbol_win, "the symbol wins add up");
    assert_eq!(e.multiplier_sum, multiplier_sum(&grid));
    assert_eq!(e.scatter_win, scatter_pay(e.scatters));
    let total = e
        .symbol_win
        .hundredths()
        .checked_mul(u64::from(e.multiplier_sum.max(1)))
        .and_then(|t| t.checked_add(e.scatter_win.hundredths()));
    assert_eq!(Some(e.total.hundredths()), total);
    assert_eq!(e.paid, e.total.min(CAP.limit));
    for bet in [crate::BET_LADDER.min(), crate::BET_LADDER.max()] {
        assert!(bet.payout(e.paid).is_ok(), "whole cents");
    }
}
