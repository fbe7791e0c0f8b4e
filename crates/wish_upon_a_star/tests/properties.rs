//! Property tests: whole cents at every bet, every round ends and adds up, Lock & Spin never
//! loses a Star and never has more than 3 respins, determinism.

mod common;

use proptest::prelude::*;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use rand_pcg::Pcg64;
use slot_core::events::SpinKind;
use slot_core::grid::cells_of;
use slot_core::recorder::{EventLog, NoRecorder};
use slot_core::seed_loop::for_seeds;
use wish_upon_a_star::events::Event;
use wish_upon_a_star::math_model::{MathModel, StarValue};
use wish_upon_a_star::{BET_LADDER, Standard, Win, WishUponAStar};

/// Every amount of money the log moves, and the round's win.
fn event_wins(log: &EventLog) -> Vec<Win> {
    log.events
        .iter()
        .map(|e| match e {
            Event::RoundEnd { win, .. } => *win,
            e => e.paid(),
        })
        .collect()
}

#[test]
fn every_value_of_the_model_is_whole_cents_at_every_bet() {
    let m = MathModel::standard();
    let mut values: Vec<Win> = m.star_values.values().iter().map(|v| v.amount()).collect();
    values.extend(m.gift_prizes.values().iter().map(|v| v.amount()));
    for row in wish_upon_a_star::evaluate::WAYS_PAY {
        values.extend(row.map(Win::from_hundredths));
    }
    values.push(wish_upon_a_star::evaluate::SCATTER_PAY);
    values.push(wish_upon_a_star::math_model::GRAND);
    for bet in BET_LADDER.steps() {
        for v in &values {
            assert!(bet.payout(*v).is_ok(), "{v:?} at {} cents", bet.cents());
        }
    }
    assert_eq!(BET_LADDER.steps().count(), 100);
    assert!(
        BET_LADDER.bet(30).is_err() && BET_LADDER.bet(2_525).is_err() && BET_LADDER.bet(0).is_err()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn held_stars_never_disappear_and_respins_never_exceed_3(
        seed in any::<u64>(),
        start in 0u64..(1 << 15),
    ) {
        let game = WishUponAStar::standard();
        let mut rng = Pcg64::new(u128::from(seed), 11);
        let mut values = [StarValue::Mini; 15];
        let mut log = EventLog::default();
        let out = game.lock_and_spin(&mut rng, &mut log, start, &mut values);
        let mut held: std::collections::BTreeSet<[u8; 2]> = cells_of(start).map(|c| [(c / 5) as u8, (c % 5) as u8]).collect();
        let mut last_left = 3;
        for e in &log.events {
            match e {
                Event::LockAndSpinStart { held: cells, respins } => {
                    prop_assert_eq!(*respins, 3);
                    prop_assert_eq!(cells.len(), held.len());
                }
                Event::Respin { new_stars, held: n, respins_left, .. } => {
                    prop_assert!(last_left > 0, "no respin after the count ran out");
                    for star in new_stars {
                        prop_assert!(held.insert(star.cell), "a new Star on a held cell");
                    }
                    prop_assert_eq!(*n as usize, held.len());
                    prop_assert!(*respins_left <= 3);
                    prop_assert_eq!(*respins_left, if new_stars.is_empty() { last_left - 1 } else { 3 });
                    last_left = *respins_left;
                }
                Event::LockAndSpinEnd { stars, grand, .. } => {
                    prop_assert_eq!(*stars as usize, held.len());
                    prop_assert_eq!(*grand, held.len() == 15);
                    prop_assert!(last_left == 0 || held.len() == 15);
                }
                _ => {}
            }
        }
        prop_assert_eq!(out.held & start, start, "every Star held at the start is still held");
        prop_assert_eq!(out.stars as usize, held.len());
    }

}

#[test]
fn rounds_end_add_up_and_pay_whole_cents() {
    for_seeds("standard", 300, |seed| {
        let game = WishUponAStar::standard();
        let mut rng = Pcg64::new(u128::from(seed), u128::from(seed) + 1);
        for _ in 0..20 {
            let mut log = EventLog::default();
            let out = game.play_round(Standard, &mut rng, &mut log);
            // The round ended, its record ends with its win, sources add up.
            prop_assert_eq!(
                log.events.last(),
                Some(&Event::RoundEnd {
                    win: out.win,
                    capped: false
                })
            );
            prop_assert_eq!(
                log.reconcile(),
                Ok(out.win),
                "the paid amounts add up to the win"
            );
            prop_assert_eq!(out.by_source.iter().copied().sum::<Win>(), out.win);
            let s = out.summary();
            prop_assert_eq!(s.by_source.iter().sum::<u64>(), s.win);
            prop_assert!(out.free_spins_played == 10 * out.free_spin_awards);
            // Everything won in the free spins: what the record pays from the first free spin
            // on (the paid spin's wins before it are not counted).
            let mut free = false;
            let mut free_paid = Win::ZERO;
            for e in &log.events {
                if let Event::SpinStart { spin, .. } = e {
                    free = *spin == SpinKind::Free;
                }
                if free {
                    free_paid += e.paid();
                }
            }
            prop_assert_eq!(out.free_spins_win, free_paid);
            for w in event_wins(&log) {
                for bet in BET_LADDER.steps() {
                    prop_assert!(bet.payout(w).is_ok(), "{:?} at {} cents", w, bet.cents());
                }
            }
        }
        Ok(())
    });
}

#[test]
fn rounds_are_a_pure_function_of_the_generator() {
    for_seeds("standard", 300, |seed| {
        let game = WishUponAStar::standard();
        let play = |rng: &mut ChaCha20Rng| {
            let mut log = EventLog::default();
            let outs: Vec<_> = (0..10)
                .map(|_| game.play_round(Standard, rng, &mut log))
                .collect();
            (outs, log)
        };
        let a = play(&mut ChaCha20Rng::seed_from_u64(seed));
        let b = play(&mut ChaCha20Rng::seed_from_u64(seed));
        prop_assert_eq!(&a.0, &b.0);
        prop_assert_eq!(&a.1, &b.1);
        // Recording does not change the draws.
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let silent: Vec<_> = (0..10)
            .map(|_| game.play_round(Standard, &mut rng, &mut NoRecorder))
            .collect();
        prop_assert_eq!(&silent, &a.0);
        Ok(())
    });
}

#[test]
fn event_log_serialises_and_reads_back() {
    let game = WishUponAStar::standard();
    // Find a round with a feature to make the record interesting.
    let mut rng = Pcg64::new(4, 4);
    for _ in 0..5_000 {
        let mut log = EventLog::default();
        let out = game.play_round(Standard, &mut rng, &mut log);
        if out.lock_and_spins > 0 || out.free_spin_awards > 0 {
            let json = serde_json::to_string(&log).unwrap();
            let back: EventLog = serde_json::from_str(&json).unwrap();
            assert_eq!(back, log);
            return;
        }
    }
    panic!("no feature in 5000 rounds");
}

/// The jackpots a round's record shows paid: every gift bonus win of one, and every Star of
/// one held at the end of Lock & Spin (the Stars of the spin's landing and the respins').
fn jackpots_in_log(log: &EventLog) -> [u32; 3] {
    use slot_core::events::AwardKind;
    let mut n = [0u32; 3];
    let mut add = |k: AwardKind| match k {
        AwardKind::Mini => n[0] += 1,
        AwardKind::Minor => n[1] += 1,
        AwardKind::Major => n[2] += 1,
        _ => {}
    };
    let mut landed: Vec<AwardKind> = Vec::new();
    for e in &log.events {
        match e {
            Event::Landed { stars, .. } => {
                landed = stars.iter().flatten().map(|s| s.award.kind).collect();
            }
            Event::LockAndSpinStart { .. } => landed.drain(..).for_each(&mut add),
            Event::Respin { new_stars, .. } => new_stars.iter().for_each(|s| add(s.award.kind)),
            Event::GiftBonus { award, .. } => add(award.kind),
            _ => {}
        }
    }
    n
}

#[test]
fn the_top_award_counts_are_the_jackpots_and_grands_of_the_record() {
    let game = WishUponAStar::standard();
    let mut rng = Pcg64::new(20_261_130, 0x0a02_bdbf_7bb3_c0a7);
    let (mut jackpots, mut grands) = ([0u32; 3], 0u32);
    for _ in 0..60_000 {
        let mut log = EventLog::default();
        let out = game.play_round(Standard, &mut rng, &mut log);
        assert_eq!(out.jackpots, jackpots_in_log(&log));
        let s = out.summary();
        assert_eq!(
            s.awards[..4],
            [
                out.jackpots[0],
                out.jackpots[1],
                out.jackpots[2],
                out.grands
            ]
        );
        for (t, j) in jackpots.iter_mut().zip(out.jackpots) {
            *t += j;
        }
        grands += out.grands;
    }
    // 60,000 rounds hold about 25 Minis, 13 Minors and 6 Majors (exact odds 1 in 2,360,
    // 4,720, 9,440): the test sees each kind.
    assert!(
        jackpots.iter().all(|&j| j > 0),
        "{jackpots:?}, grands {grands}"
    );
}
