//! Invariants of every round, over generated seeds: the cap, the win as the sum of its parts,
//! the record reconciling, the same round with and without a record, and `is_blank`.

use proptest::prelude::*;
use slot_core::Game;
use slot_core::events::{Event, EventLog};
use slot_core::recorder::NoRecorder;
use slot_core::stats::RoundSummary;
use ten_lines::TenLines;
use ten_lines::game::Standard;
use ten_lines::round::CAP;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn rounds_keep_every_invariant(seed in any::<u64>(), k in 0u64..1_000) {
        let game = TenLines::standard();
        let (outcome, log): (_, EventLog) =
            slot_core::sim::replay_game_round(&game, Standard, seed, k);
        // The cap.
        prop_assert!(outcome.win <= CAP.limit);
        // The win is the sum of its sources, and of the paid amounts of its wins.
        let by: u64 = outcome.by_source.iter().map(|w| w.hundredths()).sum();
        prop_assert_eq!(by, outcome.win.hundredths());
        let paid: u64 = log
            .events
            .iter()
            .filter(|e| matches!(e, Event::Win { .. }))
            .map(|e| e.paid().hundredths())
            .sum();
        prop_assert_eq!(paid, outcome.win.hundredths());
        // The record reconciles to the win.
        prop_assert_eq!(log.reconcile(), Ok(outcome.win));
        // A round played without a record is the same round.
        let mut rng = slot_core::sim::rng_at_round(seed, k, |g| {
            game.play_round(g, &mut NoRecorder);
        });
        let quiet = game.play_round(&mut rng, &mut NoRecorder);
        prop_assert_eq!(quiet, outcome);
        // The free-spin feature's win is the free-spin source.
        prop_assert_eq!(outcome.free_spins_win, outcome.by_source[2]);
        // `is_blank` agrees with the summary.
        prop_assert_eq!(
            TenLines::is_blank(&outcome),
            TenLines::summary(&outcome) == RoundSummary::default()
        );
        // Every Win event's paid amount is its pay times its multiplier (the cap never trims).
        for e in &log.events {
            if let Event::Win { pay, multiplier: Some(m), paid: Some(p), .. } = e {
                prop_assert_eq!(pay.times(u64::from(*m)), *p);
            }
        }
    }
}
