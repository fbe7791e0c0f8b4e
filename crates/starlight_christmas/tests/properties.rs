//! Property tests of the invariants (README, "The common rules"; the rules (crate docs)): the
//! cap, whole cents at every ladder step, sources adding up, free-spin counts, determinism.

use proptest::prelude::*;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use rand_pcg::Pcg64;
use slot_core::money::Win;
use slot_core::recorder::{EventLog, NoRecorder};
use slot_core::seed_loop::for_seeds;
use starlight_christmas::math_model::MathModel;
use starlight_christmas::round::{FREE_SPINS, RETRIGGER_SPINS};
use starlight_christmas::{
    ANTE_STAKE_LADDER, BET_LADDER, BetMode, CAP, RoundOutcome, StarlightChristmas,
};
use std::sync::OnceLock;

fn shipped() -> &'static StarlightChristmas {
    static G: OnceLock<StarlightChristmas> = OnceLock::new();
    G.get_or_init(StarlightChristmas::standard)
}

/// A model that reaches the cap often: many Scatters and Multipliers, big values.
fn hot() -> &'static StarlightChristmas {
    static G: OnceLock<StarlightChristmas> = OnceLock::new();
    G.get_or_init(|| StarlightChristmas::new(&MathModel::stress()).unwrap())
}

fn mode(ante: bool) -> BetMode {
    if ante {
        BetMode::Ante
    } else {
        BetMode::Standard
    }
}

fn check_invariants(out: &RoundOutcome) -> Result<(), TestCaseError> {
    prop_assert!(out.win <= CAP.limit, "win {:?} above the cap", out.win);
    prop_assert_eq!(out.capped, out.win == CAP.limit);
    // What the statistics count is what the round paid.
    let s = out.summary();
    prop_assert_eq!((s.win, s.capped), (out.win.hundredths(), out.capped));
    prop_assert_eq!(
        (s.feature_triggers[1], s.feature_wins[1]),
        (
            u32::from(!out.base_multiplier_win.is_zero()),
            out.base_multiplier_win.hundredths()
        )
    );
    prop_assert_eq!(out.by_source.iter().copied().sum::<Win>(), out.win);
    if out.free_spins_triggered {
        let awarded = FREE_SPINS + RETRIGGER_SPINS * out.retriggers;
        prop_assert!(out.free_spins_played <= awarded);
        if !out.capped {
            prop_assert_eq!(out.free_spins_played, awarded);
        }
    } else {
        prop_assert_eq!(out.free_spins_played, 0);
    }
    // Whole cents at every step of the ladder: the base bet (standard) and the base bet
    // behind every ante stake (stake x 4/5).
    for bet in BET_LADDER.steps() {
        prop_assert!(
            bet.payout(out.win).is_ok(),
            "{:?} at {} cents",
            out.win,
            bet.cents()
        );
    }
    for stake in ANTE_STAKE_LADDER.steps() {
        let base = BetMode::Ante.base_bet(stake.cents()).unwrap();
        prop_assert_eq!(base.cents() * 5, stake.cents() * 4);
        prop_assert!(base.payout(out.win).is_ok());
    }
    Ok(())
}

#[test]
fn shipped_rounds_keep_every_invariant() {
    for ante in [false, true] {
        for_seeds(&format!("ante {ante}"), 150, |seed| {
            let mut rng = Pcg64::new(seed as u128, 0xa02bdbf7bb3c0a7);
            for _ in 0..20 {
                let out = shipped().play_round(mode(ante), &mut rng, &mut NoRecorder);
                check_invariants(&out)?;
            }
            Ok::<(), TestCaseError>(())
        });
    }
}

/// Hot rounds are played until one reaches the cap: every round keeps the invariants
/// (never above the cap), and one is capped, paying exactly the cap, within 1,000 rounds
/// (the stress model caps about 1 round in 12 standard, 1 in 8 ante).
#[test]
fn hot_rounds_hit_the_cap_and_never_pass_it() {
    for ante in [false, true] {
        for_seeds(&format!("ante {ante}"), 150, |seed| {
            let mut rng = Pcg64::new(seed as u128, 7);
            let mut played = 0;
            loop {
                let out = hot().play_round(mode(ante), &mut rng, &mut NoRecorder);
                check_invariants(&out)?;
                played += 1;
                if out.capped {
                    prop_assert_eq!(out.win, CAP.limit);
                    break;
                }
                prop_assert!(played < 1_000, "no round of {} reached the cap", played);
            }
            Ok(())
        });
    }
}

/// The base game's "base multiplier" feature win is what its sequence paid when
/// Multipliers applied (the record's `sequence_end`: a multiplier sum above 0, applied in
/// full, so not a sequence stopped by the cap), and 0 for every other round.
#[test]
fn the_base_multiplier_win_is_the_multiplied_sequence_of_the_record() {
    for ante in [false, true] {
        for_seeds(&format!("ante {ante}"), 150, |seed| {
            use slot_core::events::{Event, SpinKind};
            let mut rng = Pcg64::new(seed as u128, 11);
            for _ in 0..20 {
                let mut log = EventLog::default();
                let out = shipped().play_round(mode(ante), &mut rng, &mut log);
                let mut expected = Win::ZERO;
                for e in &log.events {
                    match e {
                        Event::SpinStart {
                            spin: SpinKind::Free,
                            ..
                        } => break,
                        Event::SequenceEnd {
                            multiplier_sum,
                            multiplier,
                            paid,
                            ..
                        } if *multiplier_sum > 0 && multiplier == multiplier_sum => {
                            expected = *paid;
                        }
                        _ => {}
                    }
                }
                prop_assert_eq!(out.base_multiplier_win, expected);
            }
            Ok(())
        });
    }
}

#[test]
fn same_generator_state_same_round() {
    for ante in [false, true] {
        for_seeds(&format!("ante {ante}"), 150, |seed| {
            let mut a = ChaCha20Rng::seed_from_u64(seed);
            let mut b = ChaCha20Rng::seed_from_u64(seed);
            let mut log_a = EventLog::default();
            let mut log_b = EventLog::default();
            let oa = shipped().play_round(mode(ante), &mut a, &mut log_a);
            let ob = shipped().play_round(mode(ante), &mut b, &mut log_b);
            prop_assert_eq!(oa, ob);
            prop_assert_eq!(log_a, log_b);
            // The recorder does not change the outcome.
            let mut c = ChaCha20Rng::seed_from_u64(seed);
            prop_assert_eq!(
                shipped().play_round(mode(ante), &mut c, &mut NoRecorder),
                oa
            );
            // Nor the draws: a round without a record (whose quiet landings stop early) takes
            // the very words of the recorded round.
            prop_assert_eq!(c.next_u64(), a.next_u64());
            Ok(())
        });
    }
}

/// 20,000 rounds in a row per bet mode from one generator, played without a record and
/// with one: the same outcomes and the generator at the same word after each (a paid spin
/// without a record ends at a quiet landing without filling the grid; with a record it
/// plays the spin out).
#[test]
fn rounds_without_a_record_equal_recorded_rounds() {
    for ante in [false, true] {
        let mut a = slot_core::replay::batch_rng(20_261_202, u64::from(ante));
        let mut b = slot_core::replay::batch_rng(20_261_202, u64::from(ante));
        let mut quiet = 0;
        for k in 0..20_000 {
            let plain = shipped().play_round(mode(ante), &mut a, &mut NoRecorder);
            let mut log = EventLog::default();
            let recorded = shipped().play_round(mode(ante), &mut b, &mut log);
            assert_eq!(plain, recorded, "ante {ante}, round {k}");
            assert_eq!(
                a.clone().next_u64(),
                b.clone().next_u64(),
                "ante {ante}, round {k}"
            );
            quiet += u32::from(recorded.win.is_zero() && !recorded.free_spins_triggered);
        }
        // Most rounds win nothing and trigger nothing: the rounds the quiet path can end.
        assert!(quiet > 10_000, "ante {ante}: {quiet}");
    }
}

#[test]
fn ante_stakes_map_to_base_bets_and_bad_stakes_are_refused() {
    assert_eq!(BetMode::Ante.base_bet(25).unwrap().cents(), 20);
    assert_eq!(BetMode::Ante.base_bet(5000).unwrap().cents(), 4000);
    assert_eq!(BetMode::Standard.base_bet(20).unwrap().cents(), 20);
    assert!(
        BetMode::Ante.base_bet(20).is_err(),
        "0.20 is below the ante minimum of 0.25"
    );
    assert!(
        BetMode::Ante.base_bet(30).is_err(),
        "0.30 is off the 0.25 ladder"
    );
    assert!(BetMode::Standard.base_bet(4020).is_err());
    assert!(BetMode::Standard.base_bet(0).is_err());
    // The modes as reports and the runner name them, and their stakes.
    assert_eq!(
        [BetMode::Standard, BetMode::Ante].map(|m| (m.name(), m.cost())),
        [("standard", 100), ("ante", 125)]
    );
}

#[test]
fn the_hot_model_really_reaches_the_cap() {
    let mut rng = Pcg64::new(1, 1);
    let capped = (0..2000)
        .filter(|_| {
            hot()
                .play_round(BetMode::Standard, &mut rng, &mut NoRecorder)
                .capped
        })
        .count();
    assert!(capped > 0, "the cap test model must reach the cap");
}

#[test]
fn the_shipped_model_is_valid_and_round_trips_as_json() {
    let m = MathModel::standard();
    let json = serde_json::to_string(&m).unwrap();
    let back: MathModel = serde_json::from_str(&json).unwrap();
    assert_eq!(back, m);
    let mut bad = m.clone();
    bad.free_spin_multiplier_values = [0; 15];
    let err = StarlightChristmas::new(&bad).unwrap_err().to_string();
    assert!(err.contains("free_spin_multiplier_values"), "{err}");
    // A model file is checked when read: the same table error, and unknown fields refused.
    let err = serde_json::from_str::<MathModel>(&serde_json::to_string(&bad).unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("free_spin_multiplier_values"), "{err}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["base"]["wild"] = 5.into();
    let err = serde_json::from_str::<MathModel>(&v.to_string())
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown field `wild`"), "{err}");
}
