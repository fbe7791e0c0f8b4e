//! The round: free spins with a hand-built math model whose grids are known, pausing and
//! resuming, typed errors, and properties over random generators and picks.

use moon_princess::events::{Event, PowerSource, SpinKind};
use moon_princess::math_model::{MathModel, ReelSet};
use moon_princess::{
    BET_LADDER, CAP, Game, MAX_FREE_SPINS, MAX_MULTIPLIER, PausedRound, Pick, PickError, Power,
    ResumeError, RoundOutcome, RoundState,
};
use proptest::prelude::*;
use rand_pcg::Pcg64;
use slot_core::recorder::{EventLog, NoRecorder};

fn reels(cols: [&str; 5]) -> Vec<ReelSet> {
    vec![ReelSet {
        weight: 1,
        reels: cols.map(str::to_string),
    }]
}

/// A model whose every base grid is 25 Circles and whose every free-spin grid is a column of
/// Princess Love and four columns of Circles.
fn fixed_model() -> MathModel {
    let free = reels(["pr*5", "ci*5", "ci*5", "ci*5", "ci*5"]);
    MathModel {
        id: 99,
        base: reels(["ci*5"; 5]),
        free_spins: [free.clone(), free.clone(), free],
        random_power_chance: (0, 1),
        random_power_weights: [1, 1, 1],
        star_wilds_weights: [1, 1],
    }
}

#[test]
fn free_spins_with_known_grids_worked_by_hand() {
    // Base: 25 Circles: 5 rows + 5 columns of Circle-5 = 10 x 2.00 = 20.00; all removed, no
    // 3-cell win, nothing left: the grid clears and triggers free spins (no princess win: no
    // Trinity).
    // Free spin k (Love: 4 spins, +4 per full meter), multiplier m = k (x1 at the start, +1
    // per tumble, one tumble per spin): column 0 Love-5 10.00, columns 1-4 Circle-5 4 x 2.00,
    // rows "pr ci ci ci ci" Circle-4 5 x 0.20: 19.00 x m; all removed: clear, 100.00.
    // Love-5 fills the meter (3 sections): +4 spins each spin: 8, 12, 16, 20, then 20 (limit).
    // Total after spin k: 20 + 19 k (k + 1) / 2 + 100 k: k = 17 -> 4,627.00; spin 18 passes
    // 5,000 with its clear: the cap ends the round in spin 18 of 20.
    let game = Game::new(&fixed_model()).unwrap();
    let mut rng = Pcg64::new(1, 1);
    let mut log = EventLog::default();
    let o = game.play_round(&mut rng, &mut log, Pick::Love);
    assert_eq!(o.base_win.hundredths(), 2000);
    assert_eq!(o.win, CAP.limit);
    assert!(o.capped);
    assert_eq!(o.free_spins_win.hundredths(), 500_000 - 2000);
    assert_eq!(o.free_spins_awarded, MAX_FREE_SPINS);
    assert_eq!(o.free_spins_played, 18);
    // Spin 18 at x18 pays 19.00 x 18 = 342.00: 4,969.00; its clear's 100.00 passes the cap and
    // pays the 31.00 left.
    assert_eq!(o.free_spin_clears, 18);
    assert_eq!(o.clear_win.hundredths(), 17 * 10_000 + 3_100);
    assert_eq!(o.max_multiplier, 19);
    let extras: Vec<(u32, u32)> = log
        .events
        .iter()
        .filter_map(|e| {
            if let Event::ExtraFreeSpins { added, total } = e {
                Some((*added, *total))
            } else {
                None
            }
        })
        .collect();
    assert_eq!(&extras[..5], &[(4, 8), (4, 12), (4, 16), (4, 20), (0, 20)]);
    // Spin 3 starts at x3.
    assert!(log.events.contains(&Event::Landed {
        spin: SpinKind::Free { number: 3, of: 12 },
        multiplier: 3,
        grid: "pr ci ci ci ci/pr ci ci ci ci/pr ci ci ci ci/pr ci ci ci ci/pr ci ci ci ci".into()
    }));
    assert!(matches!(log.events.last(), Some(Event::RoundEnd { win }) if *win == CAP.limit));
    // Storm: 8 spins, +2 per meter: 10, 12, ..., 20 after spin 6.
    let o = game.play_round(&mut rng, &mut NoRecorder, Pick::Storm);
    assert_eq!(o.free_spins_awarded, 20);
    assert_eq!(o.free_spins_played, 18);
}

#[test]
fn a_free_spin_without_a_win_uses_the_picked_power_once() {
    // Free-spin strips of period 2: every column alternates two symbols (no run of 3), and the
    // rows read e.g. "ci he pg ci he" or "st be be st be" (no run, one princess at most): no landed grid pays.
    let mut m = fixed_model();
    let free = reels([
        "ci st ci st ci st",
        "he be he be he be",
        "pg be pg be pg be",
        "ci st ci st ci st",
        "he be he be he be",
    ]);
    m.free_spins = [free.clone(), free.clone(), free];
    let game = Game::new(&m).unwrap();
    for pick in [Pick::Love, Pick::Star, Pick::Storm] {
        let mut rng = Pcg64::new(7, 3);
        let mut log = EventLog::default();
        let o = game.play_round(&mut rng, &mut log, pick);
        let powers: Vec<(Power, PowerSource)> = log
            .events
            .iter()
            .filter_map(|e| {
                if let Event::Power { power, source, .. } = e {
                    Some((*power, *source))
                } else {
                    None
                }
            })
            .collect();
        // Every free spin lands without a win (strips of period 2 cannot make 3 in a line, rows
        // hold 3 different pairs): one power per free spin, the picked one.
        assert_eq!(powers.len() as u32, o.free_spins_played, "{pick}");
        assert!(
            powers
                .iter()
                .all(|&(p, s)| p == pick.power() && s == PowerSource::FreeSpin)
        );
    }
}

#[test]
fn strip_too_short_and_wilds_in_strips_are_rejected() {
    let mut m = fixed_model();
    m.base = reels(["ci W ci st he", "ci*5", "ci*5", "ci*5", "ci*5"]);
    let e = Game::new(&m).unwrap_err().to_string();
    assert!(e.contains("'W'") && e.contains("no Wild"), "{e}");
    m.base = reels(["ci st", "ci*5", "ci*5", "ci*5", "ci*5"]);
    m.base[0].reels[0] = "ci".into();
    assert!(
        Game::new(&m)
            .unwrap_err()
            .to_string()
            .contains("at least 5")
    );
    let mut m = fixed_model();
    m.random_power_chance = (2, 1);
    assert!(Game::new(&m).is_err());
}

/// The first round index of `seed`'s batch 0 whose round triggers free spins.
fn paused_round(game: &Game, seed: u64) -> (Pcg64, PausedRound, Vec<Event>) {
    let mut rng = slot_core::sim::batch_rng(seed, 0);
    for _ in 0..100_000 {
        let mut log = EventLog::default();
        let before = rng.clone();
        if let RoundState::AwaitingPick(p) = game.start_round(&mut rng, &mut log) {
            let _ = before;
            return (rng, p, log.events);
        }
    }
    panic!("no free spins in 100,000 rounds");
}

#[test]
fn a_paused_round_stored_as_json_resumes_to_the_uninterrupted_result() {
    let game = Game::standard();
    for pick in [Pick::Love, Pick::Star, Pick::Storm] {
        let mut start = slot_core::sim::batch_rng(5, 0);
        // Uninterrupted.
        let mut a = start.clone();
        let mut log_a = EventLog::default();
        let whole = loop {
            let o = game.play_round(&mut a, &mut log_a, pick);
            if o.pick.is_some() {
                break o;
            }
            log_a.events.clear();
            start = a.clone();
        };
        // Paused at the pick, stored, resumed "in another process" from the JSON.
        let mut b = start.clone();
        let mut log_b = EventLog::default();
        let RoundState::AwaitingPick(p) = game.start_round(&mut b, &mut log_b) else {
            panic!()
        };
        assert_eq!(log_b.events.last(), Some(&Event::AwaitingPick));
        let json = serde_json::to_string(&p).unwrap();
        let back: PausedRound = serde_json::from_str(&json).unwrap();
        let resumed = back.resume(&game, pick, &mut b, &mut log_b).unwrap();
        assert_eq!(resumed, whole);
        let no_pause: Vec<&Event> = log_b
            .events
            .iter()
            .filter(|e| **e != Event::AwaitingPick)
            .collect();
        let uninterrupted: Vec<&Event> = log_a
            .events
            .iter()
            .filter(|e| **e != Event::AwaitingPick)
            .collect();
        assert_eq!(no_pause, uninterrupted);
    }
}

#[test]
fn a_damaged_stored_round_gets_a_typed_error() {
    let game = Game::standard();
    let (rng, p, _) = paused_round(&game, 11);
    let bad = |f: &dyn Fn(&mut PausedRound)| {
        let mut q = p.clone();
        f(&mut q);
        q.resume(&game, Pick::Star, &mut rng.clone(), &mut NoRecorder)
            .unwrap_err()
    };
    assert_eq!(
        bad(&|q| q.version = 7),
        ResumeError::Version {
            found: 7,
            expected: 1
        }
    );
    assert!(matches!(
        bad(&|q| q.model_id += 1),
        ResumeError::Model { .. }
    ));
    assert!(matches!(
        bad(&|q| q.win = slot_core::money::Win::from_hundredths(q.win.hundredths() + 5)),
        ResumeError::Damaged(_)
    ));
    assert!(matches!(
        bad(&|q| q.max_multiplier = 21),
        ResumeError::Damaged(_)
    ));
    assert!(matches!(
        bad(&|q| q.random_powers = 2),
        ResumeError::Damaged(_)
    ));
    assert!(matches!(
        bad(&|q| {
            q.win = CAP.limit;
            q.base_win = CAP.limit;
            q.trinity_win = slot_core::money::Win::ZERO;
        }),
        ResumeError::Damaged(_)
    ));
    // A stored round that is not even valid JSON for the type: serde's own error.
    assert!(serde_json::from_str::<PausedRound>(r#"{"version":1}"#).is_err());
    let msg = bad(&|q| q.version = 0).to_string();
    assert!(
        msg.contains("version 0") && msg.contains("version 1"),
        "{msg}"
    );
}

#[test]
fn a_bad_pick_gets_a_typed_error_listing_the_picks() {
    assert_eq!("Storm".parse::<Pick>(), Ok(Pick::Storm));
    assert_eq!(" love ".parse::<Pick>(), Ok(Pick::Love));
    let e: PickError = "moon".parse::<Pick>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "'moon' is not a free-spin pick; allowed: love | star | storm"
    );
    assert_eq!(serde_json::to_string(&Pick::Star).unwrap(), "\"star\"");
}

#[test]
fn trinity_spins_use_love_star_storm_in_order() {
    // Over many rounds of the shipped game: in every Trinity spin the powers are Love, then
    // Star, then Storm (fewer only if the grid cleared first); paid spins use at most one
    // random power; Trinity and random powers never appear in free spins.
    let game = Game::standard();
    let mut rng = Pcg64::new(3, 9);
    let mut trinity_seen = 0;
    for _ in 0..20_000 {
        let mut log = EventLog::default();
        game.play_round(&mut rng, &mut log, Pick::Storm);
        let mut spin = SpinKind::Paid;
        let mut seq: Vec<Power> = vec![];
        let check = |spin: SpinKind, seq: &Vec<Power>| match spin {
            SpinKind::Trinity { .. } => {
                assert!(seq.len() <= 3);
                assert_eq!(
                    &seq[..],
                    &[Power::Love, Power::Star, Power::Storm][..seq.len()]
                );
            }
            SpinKind::Paid => assert!(seq.len() <= 1),
            SpinKind::Free { .. } => assert!(seq.len() <= 1),
            SpinKind::Evaluation => unreachable!(),
        };
        for e in &log.events {
            match e {
                Event::Landed { spin: s, .. } => {
                    check(spin, &seq);
                    if matches!(s, SpinKind::Trinity { .. }) {
                        trinity_seen += 1;
                    }
                    spin = *s;
                    seq.clear();
                }
                Event::Power { power, source, .. } => {
                    let want = match spin {
                        SpinKind::Paid => PowerSource::Random,
                        SpinKind::Trinity { .. } => PowerSource::Trinity,
                        _ => PowerSource::FreeSpin,
                    };
                    assert_eq!(*source, want);
                    seq.push(*power);
                }
                _ => {}
            }
        }
        check(spin, &seq);
    }
    assert!(trinity_seen > 50, "{trinity_seen}");
}

fn check_outcome(o: &RoundOutcome) -> Result<(), TestCaseError> {
    prop_assert!(o.win <= CAP.limit);
    prop_assert_eq!(o.capped, o.win == CAP.limit);
    prop_assert!(o.free_spins_awarded <= MAX_FREE_SPINS);
    prop_assert!(o.free_spins_played <= o.free_spins_awarded);
    prop_assert!(o.max_multiplier <= MAX_MULTIPLIER);
    let s = o.summary();
    prop_assert_eq!(s.by_source.iter().sum::<u64>(), s.win);
    prop_assert!(o.random_powers <= 1);
    if let Some(p) = o.pick {
        let extra = o.free_spins_awarded - p.initial_spins();
        prop_assert!(
            extra.is_multiple_of(p.extra_spins()) || o.free_spins_awarded == MAX_FREE_SPINS
        );
    } else {
        prop_assert_eq!(o.free_spins_awarded, 0);
    }
    // Every win is whole cents at every step of the ladder.
    for bet in BET_LADDER.steps() {
        prop_assert!(bet.payout(o.win).is_ok());
    }
    Ok(())
}

fn pick_of(i: u8) -> Pick {
    [Pick::Love, Pick::Star, Pick::Storm][i as usize % 3]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn rounds_end_within_their_limits(seed: u64, stream: u64, p in 0u8..3) {
        let game = Game::standard();
        let mut rng = Pcg64::new(seed as u128, stream as u128);
        for _ in 0..300 {
            let o = game.play_round(&mut rng, &mut NoRecorder, pick_of(p));
            check_outcome(&o)?;
        }
    }

    #[test]
    fn free_spin_features_stay_within_their_limits(seed: u64, p in 0u8..3) {
        let game = Game::standard();
        let mut rng = Pcg64::new(seed as u128, 5);
        for _ in 0..100 {
            let o = game.play_free_spins(pick_of(p), &mut rng, &mut NoRecorder);
            check_outcome(&o)?;
            prop_assert!(o.free_spins_awarded >= pick_of(p).initial_spins());
        }
    }

    #[test]
    fn rounds_are_deterministic_and_recording_changes_nothing(seed: u64, p in 0u8..3) {
        let game = Game::standard();
        let mut a = Pcg64::new(seed as u128, 1);
        let mut b = a.clone();
        for _ in 0..100 {
            let mut log = EventLog::default();
            let x = game.play_round(&mut a, &mut log, pick_of(p));
            let y = game.play_round(&mut b, &mut NoRecorder, pick_of(p));
            prop_assert_eq!(&x, &y);
            prop_assert_eq!(log.events.last(), Some(&Event::RoundEnd { win: x.win }));
        }
    }

    #[test]
    fn resume_after_pause_equals_uninterrupted_play(seed: u64, p in 0u8..3) {
        let game = Game::standard();
        let mut a = Pcg64::new(seed as u128, 2);
        for _ in 0..400 {
            let mut b = a.clone();
            let whole = game.play_round(&mut a, &mut NoRecorder, pick_of(p));
            let parts = match game.start_round(&mut b, &mut NoRecorder) {
                RoundState::Finished(o) => o,
                RoundState::AwaitingPick(paused) => {
                    let stored = serde_json::to_string(&paused).unwrap();
                    let back: PausedRound = serde_json::from_str(&stored).unwrap();
                    back.resume(&game, pick_of(p), &mut b, &mut NoRecorder).unwrap()
                }
            };
            prop_assert_eq!(whole, parts);
        }
    }
}
