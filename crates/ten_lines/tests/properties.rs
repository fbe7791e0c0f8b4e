//! Invariants: of every window (proptest over windows of symbols that may stand on their
//! reels) and of every round (a fixed-seed loop, as the other games do since a seed cannot be
//! shrunk: the same rounds every run, a failure named by its seed and round).

use proptest::prelude::*;
use slot_core::Game;
use slot_core::events::{Event, EventLog};
use slot_core::game::EvalOptions;
use slot_core::money::Win;
use slot_core::recorder::NoRecorder;
use slot_core::summary::RoundSummary;
use ten_lines::TenLines;
use ten_lines::game::Standard;
use ten_lines::paytable::{SCATTER_PAY, line_pay};
use ten_lines::round::CAP;
use ten_lines::symbols::{REELS, ROWS, SYMBOLS, Window, allowed_on_reel, grid_text};

/// A window whose every symbol may stand on its reel.
fn window() -> impl Strategy<Value = Window> {
    proptest::collection::vec(0..SYMBOLS as u8, REELS * ROWS).prop_map(|cells| {
        std::array::from_fn(|reel| {
            std::array::from_fn(|row| {
                let s = cells[reel * ROWS + row];
                if allowed_on_reel(s, reel) { s } else { 0 }
            })
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn a_windows_win_is_the_sum_of_its_parts(w in window()) {
        let ev = ten_lines::evaluate(&w);
        let lines: Win = ev.line_wins().iter().map(|l| l.pay).sum();
        prop_assert_eq!(lines, ev.line_total);
        for l in ev.line_wins() {
            prop_assert_eq!(l.pay, line_pay(l.symbol, usize::from(l.len)));
            prop_assert!((3..=5).contains(&l.len));
        }
        prop_assert_eq!(ev.scatter_win.is_zero(), ev.scatters < 3);
        prop_assert!(ev.scatter_win.is_zero() || ev.scatter_win == SCATTER_PAY);
        // The grid text reads back; a free spin triples the lines, not the Scatter pay.
        let text = grid_text(&w);
        let base = TenLines::evaluate_grid_text(&text, EvalOptions::default()).unwrap();
        let free = TenLines::evaluate_grid_text(
            &text,
            EvalOptions { free_spin: true, multiplier: None },
        )
        .unwrap();
        prop_assert_eq!(base.total, ev.line_total + ev.scatter_win);
        prop_assert_eq!(free.total, ev.line_total.times(3) + ev.scatter_win);
        prop_assert!(base.paid <= CAP.limit);
        // Every amount is whole cents at every bet of the ladder.
        for bet in ten_lines::BET_LADDER.steps() {
            prop_assert!(bet.payout(free.total).is_ok());
            prop_assert_eq!((free.total.hundredths() * bet.cents()) % 100, 0);
        }
    }
}

#[test]
fn rounds_keep_every_invariant() {
    let game = TenLines::standard();
    for seed in 0..20u64 {
        for k in 0..100u64 {
            let at = format!("seed {seed} round {k}");
            let (outcome, log): (_, EventLog) =
                slot_core::replay::replay_game_round(&game, Standard, seed, k);
            // The cap.
            assert!(outcome.win <= CAP.limit, "{at}");
            // The win is the sum of its sources, and of the paid amounts of its wins.
            let by: Win = outcome.by_source.iter().copied().sum();
            assert_eq!(by, outcome.win, "{at}");
            let paid: Win = log.events.iter().map(Event::paid).sum();
            assert_eq!(paid, outcome.win, "{at}");
            // The record reconciles to the win.
            assert_eq!(log.reconcile(), Ok(outcome.win), "{at}");
            // A round played without a record is the same round.
            let mut rng = slot_core::replay::rng_at_round(seed, k, |g| {
                game.play_round(Standard, g, &mut NoRecorder);
            });
            assert_eq!(
                game.play_round(Standard, &mut rng, &mut NoRecorder),
                outcome,
                "{at}"
            );
            // The free-spin feature's win is the free-spin source; 1 or 11 spins.
            assert_eq!(outcome.free_spins_win, outcome.by_source[2], "{at}");
            let spins = log
                .events
                .iter()
                .filter(|e| matches!(e, Event::Landed { .. }))
                .count();
            assert_eq!(
                spins,
                if outcome.free_spins_triggered { 11 } else { 1 },
                "{at}"
            );
            // `is_blank` agrees with the summary.
            assert_eq!(
                TenLines::is_blank(&outcome),
                TenLines::summary(&outcome) == RoundSummary::default(),
                "{at}"
            );
            // Every win's paid amount is its pay times its multiplier (nothing is trimmed).
            for e in &log.events {
                if let Event::Win {
                    pay,
                    multiplier: Some(m),
                    paid: Some(p),
                    ..
                } = e
                {
                    assert_eq!(pay.times(u64::from(*m)), *p, "{at}");
                }
            }
        }
    }
}
