//! The round: free spins with a hand-built math model whose grids are known, pausing and
//! resuming, typed errors, and properties over random generators and picks.

mod common;

use common::{Script, landing, word};
use moon_princess::math_model::{MathModel, ReelSet};
use moon_princess::{
    BET_LADDER, CAP, MAX_FREE_SPINS, MAX_MULTIPLIER, MoonPrincess, PausedRound, Pick, PickError,
    Power, ResumeError, RoundId, RoundOutcome, RoundState, SealKey, StoredRound, Win,
};
use proptest::prelude::*;
use rand_pcg::Pcg64;
use slot_core::events::{AwardSource, Event, Feature, PaidLimits, PowerSource, Princess, SpinKind};
use slot_core::recorder::{EventLog, NoRecorder};
use slot_core::seed_loop::for_seeds;

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
    let game = MoonPrincess::new(&fixed_model()).unwrap();
    let mut rng = Pcg64::new(1, 1);
    let mut log = EventLog::default();
    let o = game.play_round(Pick::Love, &mut rng, &mut log);
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
    // (spins added, free spins left) after each full meter: after spin k, 4 + 4 k awarded
    // (at most 20) and k played.
    let extras: Vec<(u32, u32)> = log
        .events
        .iter()
        .filter_map(|e| match e {
            Event::FreeSpinsAwarded {
                spins,
                source: AwardSource::Meter,
                free_spins_left,
            } => Some((*spins, *free_spins_left)),
            _ => None,
        })
        .collect();
    assert_eq!(&extras[..5], &[(4, 7), (4, 10), (4, 13), (4, 16), (0, 15)]);
    // Spin 3 starts at x3 with 12 awarded, so 9 left after it; its grid is the one above.
    let at = log
        .events
        .iter()
        .position(|e| {
            *e == Event::SpinStart {
                spin: SpinKind::Free,
                number: 3,
                free_spins_left: Some(9),
                multiplier: Some(3),
            }
        })
        .expect("free spin 3 starts at x3");
    assert!(matches!(&log.events[at + 1], Event::Landed { grid, .. }
        if grid == "pr ci ci ci ci/pr ci ci ci ci/pr ci ci ci ci/pr ci ci ci ci/pr ci ci ci ci"));
    assert!(
        matches!(log.events.last(), Some(Event::RoundEnd { win, capped: true }) if *win == CAP.limit)
    );
    // The capped clear: 100.00 asked, the 31.00 left paid; the record adds up to 5,000 x.
    assert!(log.events.contains(&Event::GridCleared {
        paid: Win::from_hundredths(3_100),
        uncapped: Some(Win::from_hundredths(10_000)),
    }));
    assert_eq!(log.reconcile(), Ok(CAP.limit));
    // Storm: 8 spins, +2 per meter: 10, 12, ..., 20 after spin 6.
    let o = game.play_round(Pick::Storm, &mut rng, &mut NoRecorder);
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
    let game = MoonPrincess::new(&m).unwrap();
    for pick in [Pick::Love, Pick::Star, Pick::Storm] {
        let mut rng = Pcg64::new(7, 3);
        let mut log = EventLog::default();
        let o = game.play_round(pick, &mut rng, &mut log);
        let powers: Vec<_> = log
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
                .all(|&(p, s)| p == pick.princess() && s == PowerSource::FreeSpin)
        );
    }
}

#[test]
fn strip_too_short_and_wilds_in_strips_are_rejected() {
    let mut m = fixed_model();
    m.base = reels(["ci W ci st he", "ci*5", "ci*5", "ci*5", "ci*5"]);
    let e = MoonPrincess::new(&m).unwrap_err().to_string();
    assert!(e.contains("'W'") && e.contains("no Wild"), "{e}");
    m.base = reels(["ci st", "ci*5", "ci*5", "ci*5", "ci*5"]);
    m.base[0].reels[0] = "ci".into();
    assert!(
        MoonPrincess::new(&m)
            .unwrap_err()
            .to_string()
            .contains("at least 5")
    );
    let mut m = fixed_model();
    m.random_power_chance = (2, 1);
    assert!(MoonPrincess::new(&m).is_err());
}

/// The first round of `seed`'s batch 0 that triggers free spins: the generator after its base
/// game, the paused round and the base game's events.
fn paused_round(game: &MoonPrincess, seed: u64) -> (Pcg64, PausedRound, Vec<Event>) {
    let mut rng = slot_core::replay::batch_rng(seed, 0);
    for _ in 0..100_000 {
        let mut log = EventLog::default();
        if let RoundState::AwaitingPick(p) = game.start_round(&mut rng, &mut log) {
            return (rng, p, log.events);
        }
    }
    panic!("no free spins in 100,000 rounds");
}

fn id(text: &str) -> RoundId {
    RoundId::new(text).unwrap()
}

fn key(byte: u8) -> SealKey {
    SealKey::new(&[byte; 32]).unwrap()
}

#[test]
fn a_paused_round_stored_as_json_resumes_to_the_uninterrupted_result() {
    let game = MoonPrincess::standard();
    for pick in [Pick::Love, Pick::Star, Pick::Storm] {
        let mut start = slot_core::replay::batch_rng(5, 0);
        // Uninterrupted.
        let mut a = start.clone();
        let mut log_a = EventLog::default();
        let whole = loop {
            let o = game.play_round(pick, &mut a, &mut log_a);
            if o.pick.is_some() {
                break o;
            }
            log_a.events.clear();
            start = a.clone();
        };
        // Paused at the pick, stored sealed, resumed "in another process" from the JSON.
        let mut b = start.clone();
        let mut log_b = EventLog::default();
        let RoundState::AwaitingPick(p) = game.start_round(&mut b, &mut log_b) else {
            panic!()
        };
        assert_eq!(log_b.events.last(), Some(&Event::AwaitingPick));
        let json = p
            .store_sealed(id("r-1"), BET_LADDER.bet(100).unwrap(), &key(1))
            .unwrap()
            .to_json();
        let back = StoredRound::from_json(&json).unwrap();
        assert_eq!(back.round_id().as_str(), "r-1");
        assert_eq!(back.bet().cents(), 100);
        let paused = game.open_sealed(back, &key(1)).unwrap();
        assert_eq!(paused, p);
        let resumed = game.resume(paused, pick, &mut b, &mut log_b).unwrap();
        assert_eq!(resumed, whole);
        let no_pause: Vec<&Event> = log_b
            .events
            .iter()
            .filter(|e| **e != Event::AwaitingPick && !matches!(e, Event::Resumed { .. }))
            .collect();
        let uninterrupted: Vec<&Event> = log_a
            .events
            .iter()
            .filter(|e| **e != Event::AwaitingPick)
            .collect();
        assert_eq!(no_pause, uninterrupted);
        assert_eq!(log_b.reconcile(), Ok(whole.win));
    }
}

#[test]
fn a_round_resumed_from_stored_json_into_a_fresh_log_reconciles() {
    let game = MoonPrincess::standard();
    let mut with_base_win = 0;
    for seed in 0..8u64 {
        // One process plays the base game and stores the round and its log as JSON.
        let (_, p, base_events) = paused_round(&game, seed);
        let base_log = EventLog {
            events: base_events,
        };
        let before = p.win();
        let stored = p
            .store_sealed(id("r-9"), BET_LADDER.bet(40).unwrap(), &key(9))
            .unwrap()
            .to_json();
        let base_json = base_log.to_json();
        // Another process: the stored JSON, the key, a fresh log and its own generator.
        let paused = game
            .open_sealed(StoredRound::from_json(&stored).unwrap(), &key(9))
            .unwrap();
        let mut fresh = EventLog::default();
        let mut other = slot_core::replay::batch_rng(seed, 1);
        let o = game
            .resume(paused, Pick::Storm, &mut other, &mut fresh)
            .unwrap();
        assert_eq!(
            fresh.events.first(),
            Some(&Event::Resumed {
                game: moon_princess::GAME_ID,
                model: game.fingerprint(),
                paid_before: before,
            })
        );
        assert_eq!(fresh.reconcile(), Ok(o.win));
        // Read back from JSON, and joined after the stored base-game log: one record.
        let fresh = EventLog::from_json(&fresh.to_json()).unwrap();
        assert_eq!(fresh.reconcile(), Ok(o.win));
        let mut whole = EventLog::from_json(&base_json).unwrap();
        whole.events.extend(fresh.events.iter().cloned());
        assert_eq!(whole.reconcile(), Ok(o.win));
        // A `resumed` that does not restate the base game's payments is refused in the join.
        if !before.is_zero() {
            let mut wrong = EventLog::from_json(&base_json).unwrap();
            wrong.events.extend(fresh.events.iter().skip(1).cloned());
            assert!(
                wrong.reconcile().is_ok(),
                "without `resumed` the join adds up"
            );
            wrong.events.insert(
                base_log.events.len(),
                Event::Resumed {
                    game: moon_princess::GAME_ID,
                    model: game.fingerprint(),
                    paid_before: Win::ZERO,
                },
            );
            assert!(matches!(
                wrong.reconcile(),
                Err(slot_core::events::ReconcileError::Resumed { .. })
            ));
            with_base_win += 1;
        }
    }
    assert!(with_base_win > 0, "no base game of the 8 paid anything");
}

/// `json` with `field` set to `value`.
fn edited(json: &str, field: &str, value: serde_json::Value) -> String {
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v[field] = value;
    v.to_string()
}

/// `json` with the integer `field` raised by `by`.
fn raised(json: &str, field: &str, by: u64) -> String {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    edited(json, field, (v[field].as_u64().unwrap() + by).into())
}

#[test]
fn a_stored_round_refuses_what_no_round_can_produce() {
    let game = MoonPrincess::standard();
    let (_, p, _) = paused_round(&game, 11);
    let json = p
        .store(id("r-2"), BET_LADDER.bet(200).unwrap())
        .unwrap()
        .to_json();
    assert!(StoredRound::from_json(&json).is_ok());
    let damaged = |text: &str| StoredRound::from_json(text).unwrap_err();
    // Each impossible value gets its own message naming what is wrong.
    let cases: [(String, &str); 12] = [
        (raised(&json, "win", 5), "win is not base_win + trinity_win"),
        (edited(&json, "max_multiplier", 21.into()), "1..=13"),
        (edited(&json, "max_multiplier", 14.into()), "1..=13"),
        (
            edited(&json, "random_powers", 2.into()),
            "more than one random power",
        ),
        (
            edited(&json, "trinity_spins", 4_000_000_000u64.into()),
            "Trinity spins than",
        ),
        (
            edited(
                &edited(&json, "win", 500_000.into()),
                "base_win",
                (500_000 - p.trinity_win().hundredths()).into(),
            ),
            "cap",
        ),
        (raised(&raised(&json, "win", 1), "base_win", 1), "0.05"),
        (
            edited(&json, "bet", serde_json::json!({"cents": 210})),
            "not on the ladder",
        ),
        (
            edited(&json, "bet", serde_json::json!({"cents": 0})),
            "not positive",
        ),
        (edited(&json, "format", 1.into()), "format 1"),
        (
            edited(&json, "game", "wish-upon-a-star".into()),
            "wish-upon-a-star",
        ),
        (edited(&json, "mode", "ante".into()), "standard mode only"),
    ];
    for (text, words) in &cases {
        let e = damaged(text).to_string();
        assert!(e.contains(words), "{e} should say {words}");
    }
    // Unknown and missing fields, and not JSON at all.
    assert!(matches!(
        damaged(&edited(&json, "bonus", 1.into())),
        ResumeError::Unreadable(_)
    ));
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v.as_object_mut().unwrap().remove("base_win");
    assert!(matches!(
        damaged(&v.to_string()),
        ResumeError::Unreadable(_)
    ));
    assert!(matches!(damaged("{"), ResumeError::Unreadable(_)));
    // Another model: read, but refused when opened by this game.
    let other = edited(&json, "model", "ab".repeat(32).into());
    let e = game
        .open_unsealed(StoredRound::from_json(&other).unwrap())
        .unwrap_err();
    assert!(matches!(e, ResumeError::Model { .. }), "{e}");
    // The multiplier bound at its edge: x3 takes two tumbles after wins of at least 0.10 and
    // 0.20 x bet, so a base game that reached x3 won at least 0.30 (5 x 3 x 2 hundredths).
    let base_only = |win: u64, m: u32| {
        let mut t = edited(&json, "max_multiplier", m.into());
        for (field, value) in [
            ("win", win),
            ("base_win", win),
            ("trinity_win", 0),
            ("trinity_spins", 0),
            ("random_power_win", 0),
            ("random_powers", 0),
        ] {
            t = edited(&t, field, value.into());
        }
        StoredRound::from_json(&t)
    };
    assert!(base_only(30, 3).is_ok(), "{:?}", base_only(30, 3));
    assert!(
        base_only(25, 3)
            .unwrap_err()
            .to_string()
            .contains("higher than the wins could reach")
    );
    assert!(base_only(60, 4).is_ok() && base_only(55, 4).is_err());
    // The Trinity bound at its edges: every Trinity spin needs a full meter, 0.60 x bet of
    // princess wins, from the spin before it (the paid spin for the first one).
    let trinity = |base: u64, trinity: u64, spins: u32| {
        let mut t = edited(&json, "trinity_spins", spins.into());
        for (field, value) in [
            ("win", base + trinity),
            ("base_win", base),
            ("trinity_win", trinity),
            ("max_multiplier", 1),
            ("random_power_win", 0),
            ("random_powers", 0),
        ] {
            t = edited(&t, field, value.into());
        }
        StoredRound::from_json(&t)
    };
    let words = "more Trinity spins than the princess wins could award";
    let refused = |r: Result<StoredRound, ResumeError>| r.unwrap_err().to_string().contains(words);
    let opened = game.open_unsealed(trinity(60, 120, 3).unwrap()).unwrap();
    assert_eq!(opened.trinity_spins(), 3, "the stored count reads back");
    assert_eq!(trinity(60, 120, 3).unwrap().win().hundredths(), 180);
    assert!(trinity(60, 0, 1).is_ok());
    assert!(
        refused(trinity(55, 120, 3)),
        "the paid spin won less than 0.60"
    );
    assert!(
        refused(trinity(60, 115, 3)),
        "spins 1 and 2 won less than 2 x 0.60"
    );
    assert!(refused(trinity(60, 100, 3)));
    // What an unsealed round cannot detect (the docs say so): a consistent edit, another bet
    // on the ladder, another round id.
    let consistent = raised(&raised(&json, "win", 5), "base_win", 5);
    assert!(
        game.open_unsealed(StoredRound::from_json(&consistent).unwrap())
            .is_ok()
    );
    // A sealed round opened without the key is refused.
    let sealed = p
        .store_sealed(id("r-2"), BET_LADDER.bet(200).unwrap(), &key(3))
        .unwrap();
    assert_eq!(game.open_unsealed(sealed).unwrap_err(), ResumeError::Sealed);
}

#[test]
fn a_sealed_round_refuses_every_edit_and_a_wrong_or_missing_seal() {
    let game = MoonPrincess::standard();
    let (rng, p, _) = paused_round(&game, 11);
    let k = key(9);
    let json = p
        .store_sealed(id("r-3"), BET_LADDER.bet(400).unwrap(), &k)
        .unwrap()
        .to_json();
    let open = |text: &str, key: &SealKey| {
        StoredRound::from_json(text).and_then(|s| game.open_sealed(s, key))
    };
    assert_eq!(open(&json, &k).unwrap(), p);
    let edits = [
        // Money changed consistently: readable, but the seal no longer matches.
        raised(&raised(&json, "win", 5), "base_win", 5),
        // Another bet on the ladder, another round id, another model.
        edited(&json, "bet", serde_json::json!({"cents": 4000})),
        edited(&json, "round_id", "r-4".into()),
        edited(&json, "model", "cd".repeat(32).into()),
        raised(&json, "max_multiplier", 1),
    ];
    for text in &edits {
        assert_eq!(
            open(text, &k).unwrap_err(),
            ResumeError::SealWrong,
            "{text}"
        );
    }
    // Counts beyond what a round can produce fail before the seal is even looked at.
    let e = open(&edited(&json, "trinity_spins", 4_000_000_000u64.into()), &k).unwrap_err();
    assert!(matches!(e, ResumeError::Damaged(_)), "{e}");
    // Another key, no seal, a seal that is not hex.
    assert_eq!(open(&json, &key(8)).unwrap_err(), ResumeError::SealWrong);
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v.as_object_mut().unwrap().remove("seal");
    assert_eq!(
        open(&v.to_string(), &k).unwrap_err(),
        ResumeError::SealMissing
    );
    assert!(matches!(
        open(&edited(&json, "seal", "zz".into()), &k).unwrap_err(),
        ResumeError::Unreadable(_)
    ));
    // A genuine round of another model: refused by the model check.
    let mut m = MathModel::standard();
    m.random_power_chance = (1, 11);
    let other = MoonPrincess::new(&m).unwrap();
    assert!(matches!(
        other
            .open_sealed(StoredRound::from_json(&json).unwrap(), &k)
            .unwrap_err(),
        ResumeError::Model { .. }
    ));
    assert!(matches!(
        other
            .resume(p.clone(), Pick::Star, &mut rng.clone(), &mut NoRecorder)
            .unwrap_err(),
        ResumeError::Model { .. }
    ));
    // A bet off the ladder cannot even be stored.
    let wish_bet = slot_core::money::BetLadder::new(25, 2500)
        .unwrap()
        .bet(25)
        .unwrap();
    assert!(p.store(id("r-5"), wish_bet).is_err());
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
    let game = MoonPrincess::standard();
    let mut rng = Pcg64::new(3, 9);
    let mut trinity_seen = 0;
    for _ in 0..20_000 {
        let mut log = EventLog::default();
        game.play_round(Pick::Storm, &mut rng, &mut log);
        let mut spin = SpinKind::Paid;
        let mut seq = vec![];
        let trinity = [Power::Love, Power::Star, Power::Storm].map(Power::princess);
        let check = |spin: SpinKind, seq: &Vec<_>| match spin {
            SpinKind::Trinity => {
                assert!(seq.len() <= 3);
                assert_eq!(&seq[..], &trinity[..seq.len()]);
            }
            SpinKind::Paid | SpinKind::Free => assert!(seq.len() <= 1),
        };
        for e in &log.events {
            match e {
                Event::SpinStart { spin: s, .. } => {
                    check(spin, &seq);
                    if *s == SpinKind::Trinity {
                        trinity_seen += 1;
                    }
                    spin = *s;
                    seq.clear();
                }
                Event::Power { power, source, .. } => {
                    let want = match spin {
                        SpinKind::Paid => PowerSource::Random,
                        SpinKind::Trinity => PowerSource::Trinity,
                        SpinKind::Free => PowerSource::FreeSpin,
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
    // What the statistics count is what the round paid.
    prop_assert_eq!((s.win, s.capped), (o.win.hundredths(), o.capped));
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

/// Rounds and free-spin features of each pick played without a record and with one: the same
/// outcomes, and the generator at the same word after each. Unrecorded, a spin adds its wins
/// up and pays each evaluation as one payment; recorded, it builds the win list and pays it
/// win by win (`rounds_are_deterministic_and_recording_changes_nothing` below does the same
/// over random seeds; this one plays enough to cover Trinity spins, powers and clears).
#[test]
fn unrecorded_rounds_equal_recorded_rounds() {
    use rand_core::Rng;
    let game = MoonPrincess::standard();
    for (i, pick) in [Pick::Love, Pick::Star, Pick::Storm]
        .into_iter()
        .enumerate()
    {
        let mut a = Pcg64::new(20_261_202 + i as u128, 9);
        let mut b = a.clone();
        let (mut trinity, mut powers, mut features) = (0, 0, 0);
        for _ in 0..20_000 {
            let mut log = EventLog::default();
            let x = game.play_round(pick, &mut a, &mut log);
            let y = game.play_round(pick, &mut b, &mut NoRecorder);
            assert_eq!(x, y);
            assert_eq!(log.reconcile(), Ok(x.win));
            assert_eq!(a.next_u64(), b.next_u64());
            trinity += x.trinity_spins;
            powers += x.random_powers;
            features += u32::from(x.pick.is_some());
        }
        for _ in 0..300 {
            let mut log = EventLog::default();
            let x = game.play_free_spins(pick, &mut a, &mut log);
            let y = game.play_free_spins(pick, &mut b, &mut NoRecorder);
            assert_eq!(x, y);
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert!(
            trinity > 100 && powers > 500 && features > 20,
            "{trinity} {powers} {features}"
        );
    }
}

fn pick_of(i: u8) -> Pick {
    [Pick::Love, Pick::Star, Pick::Storm][i as usize % 3]
}

#[test]
fn rounds_end_within_their_limits() {
    for p in 0u8..3 {
        for_seeds(&format!("pick {:?}", pick_of(p)), 22, |seed| {
            let game = MoonPrincess::standard();
            let mut rng = Pcg64::new(seed as u128, seed as u128 + 1);
            for _ in 0..300 {
                let o = game.play_round(pick_of(p), &mut rng, &mut NoRecorder);
                check_outcome(&o)?;
            }
            Ok::<(), TestCaseError>(())
        });
    }
}

#[test]
fn free_spin_features_stay_within_their_limits() {
    for p in 0u8..3 {
        for_seeds(&format!("pick {:?}", pick_of(p)), 22, |seed| {
            let game = MoonPrincess::standard();
            let mut rng = Pcg64::new(seed as u128, 5);
            for _ in 0..100 {
                let o = game.play_free_spins(pick_of(p), &mut rng, &mut NoRecorder);
                check_outcome(&o)?;
                prop_assert!(o.free_spins_awarded >= pick_of(p).initial_spins());
            }
            Ok(())
        });
    }
}

#[test]
fn rounds_are_deterministic_and_recording_changes_nothing() {
    for p in 0u8..3 {
        for_seeds(&format!("pick {:?}", pick_of(p)), 22, |seed| {
            let game = MoonPrincess::standard();
            let mut a = Pcg64::new(seed as u128, 1);
            let mut b = a.clone();
            for _ in 0..100 {
                let mut log = EventLog::default();
                let x = game.play_round(pick_of(p), &mut a, &mut log);
                let y = game.play_round(pick_of(p), &mut b, &mut NoRecorder);
                prop_assert_eq!(&x, &y);
                prop_assert_eq!(
                    log.events.last(),
                    Some(&Event::RoundEnd {
                        win: x.win,
                        capped: x.capped
                    })
                );
                prop_assert_eq!(log.reconcile(), Ok(x.win));
            }
            Ok(())
        });
    }
}

#[test]
fn resume_after_pause_equals_uninterrupted_play() {
    for p in 0u8..3 {
        for_seeds(&format!("pick {:?}", pick_of(p)), 22, |seed| {
            let game = MoonPrincess::standard();
            let mut a = Pcg64::new(seed as u128, 2);
            for _ in 0..400 {
                let mut b = a.clone();
                let whole = game.play_round(pick_of(p), &mut a, &mut NoRecorder);
                let parts = match game.start_round(&mut b, &mut NoRecorder) {
                    RoundState::Finished(o) => o,
                    RoundState::AwaitingPick(paused) => {
                        let stored = paused
                            .store(RoundId::new("r").unwrap(), BET_LADDER.min())
                            .unwrap()
                            .to_json();
                        let back = game
                            .open_unsealed(StoredRound::from_json(&stored).unwrap())
                            .unwrap();
                        game.resume(back, pick_of(p), &mut b, &mut NoRecorder)
                            .unwrap()
                    }
                };
                prop_assert_eq!(whole, parts);
            }
            Ok(())
        });
    }
}

#[test]
fn a_model_file_is_checked_when_read() {
    let json = serde_json::to_string(&MathModel::standard()).unwrap();
    let back: MathModel = serde_json::from_str(&json).unwrap();
    assert_eq!(back, MathModel::standard());
    // An unknown field, a Wild in a strip, a chance above 1: refused with what is wrong.
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["id"] = 1.into();
    let e = serde_json::from_str::<MathModel>(&v.to_string()).unwrap_err();
    assert!(e.to_string().contains("unknown field `id`"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["base"][0]["reels"][2] = "ci W st he be".into();
    let e = serde_json::from_str::<MathModel>(&v.to_string()).unwrap_err();
    assert!(e.to_string().contains("'W'"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["random_power_chance"] = serde_json::json!([3, 2]);
    let e = serde_json::from_str::<MathModel>(&v.to_string()).unwrap_err();
    assert!(e.to_string().contains("not a probability"), "{e}");
}

/// A model whose every base grid is `base` (five constant columns) and every free-spin grid
/// `free`, with the random power's chance `chance` and weights `weights`.
fn constant_model(
    base: [&str; 5],
    free: [&str; 5],
    chance: (u32, u32),
    weights: [u32; 3],
) -> MathModel {
    MathModel {
        base: reels(base),
        free_spins: [reels(free), reels(free), reels(free)],
        random_power_chance: chance,
        random_power_weights: weights,
        star_wilds_weights: [1, 1],
    }
}

#[test]
fn chained_trinity_spins_reach_the_cap_exactly_worked_by_hand() {
    // Every grid is 25 Princess Love. Each of the 10 lines pays Love-5, 10.00 (it outranks
    // any-princess-5, 5.00, on the same cells): 100.00 x1 per spin, every cell removed, no
    // 3-cell win so no Wild: the grid clears. Each Love-5 fills 3 sections: the meter is full
    // after every spin, so a Trinity spin follows every spin. The paid spin clears first and
    // triggers the free spins (once: the Trinity spins' clears trigger nothing more).
    // Paid spin 100.00 + Trinity spins 49 x 100.00 = 5,000.00: the 10th win of Trinity spin 49
    // lands exactly on the cap; the round ends there, the free spins are forfeited.
    let m = constant_model(["pr*5"; 5], ["pr*5"; 5], (0, 1), [1, 1, 1]);
    let game = MoonPrincess::new(&m).unwrap();
    let mut log = EventLog::default();
    let o = game.play_round(Pick::Star, &mut Pcg64::new(4, 4), &mut log);
    assert_eq!(o.base_win.hundredths(), 10_000);
    assert_eq!(o.trinity_spins, 49);
    assert_eq!(o.trinity_win.hundredths(), 490_000);
    assert_eq!(o.win, CAP.limit);
    assert!(o.capped);
    assert_eq!(
        (o.pick, o.free_spins_played),
        (None, 0),
        "free spins forfeited"
    );
    let triggers = log
        .events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::FeatureTriggered {
                    feature: slot_core::events::Feature::FreeSpins
                }
            )
        })
        .count();
    assert_eq!(triggers, 1, "the free spins trigger at most once a round");
    // The last win lands exactly on the cap: paid in full, nothing trimmed.
    assert!(!log.events.iter().any(|e| matches!(
        e,
        Event::Win {
            uncapped: Some(_),
            ..
        }
    )));
    assert_eq!(log.reconcile(), Ok(CAP.limit));
}

#[test]
fn free_spins_reach_x20_and_20_spins_for_every_pick_worked_by_hand() {
    // Base: 25 Circles, 10 lines of Circle-5 = 20.00, all removed: the grid clears, free spins.
    // Free-spin grid, columns: pr*5 | ci st ci st ci | st*5 | he*5 | be*5. Columns 0, 2, 3, 4
    // pay Love-5 10.00, Star-5 2.00, Heart-5 3.00, Bell-5 3.00 = 18.00 x m; rows read
    // "pr ci st he be" / "pr st st he be" (no run of 3); column 1 is left and never pays, so no
    // clear. One tumble per spin: spin j is played at x min(j, 20). Love-5 fills the meter in
    // every spin: Love 4 +4, Star 5 +3, Storm 8 +2 spins reach the limit of 20.
    // Free spins: 18.00 x (1 + 2 + ... + 20) = 3,780.00; round 3,800.00; multiplier x20.
    let free = ["pr*5", "ci st ci st ci", "st*5", "he*5", "be*5"];
    let m = constant_model(["ci*5"; 5], free, (0, 1), [1, 1, 1]);
    let game = MoonPrincess::new(&m).unwrap();
    for pick in moon_princess::PICKS {
        let mut log = EventLog::default();
        let o = game.play_round(pick, &mut Pcg64::new(6, 6), &mut log);
        assert_eq!(o.base_win.hundredths(), 2_000, "{pick}");
        assert_eq!(o.free_spins_win.hundredths(), 378_000, "{pick}");
        assert_eq!(o.win.hundredths(), 380_000, "{pick}");
        assert_eq!(
            (o.free_spins_awarded, o.free_spins_played),
            (20, 20),
            "{pick}"
        );
        assert_eq!(o.max_multiplier, MAX_MULTIPLIER, "{pick}");
        assert!(!o.capped);
        // Spin 20 is played at x20 and its wins say so.
        assert!(log.events.contains(&Event::SpinStart {
            spin: SpinKind::Free,
            number: 20,
            free_spins_left: Some(0),
            multiplier: Some(20),
        }));
        // The extra spins of each full meter: +4 (Love), +3 (Star), +2 (Storm) until 20.
        let extras: Vec<u32> = log
            .events
            .iter()
            .filter_map(|e| match e {
                Event::FreeSpinsAwarded {
                    spins,
                    source: AwardSource::Meter,
                    ..
                } => Some(*spins),
                _ => None,
            })
            .take_while(|&s| s > 0)
            .collect();
        let want = match pick {
            Pick::Love => vec![4, 4, 4, 4],
            Pick::Star => vec![3, 3, 3, 3, 3],
            Pick::Storm => vec![2, 2, 2, 2, 2, 2],
        };
        assert_eq!(extras, want, "{pick}");
        assert_eq!(log.reconcile(), Ok(o.win));
    }
}

/// What the event logs of many rounds showed: the highest multiplier of any win, the most free
/// spins played in a round, the rounds that reached the cap.
#[derive(Debug, Default)]
struct Reached {
    max_multiplier: u32,
    max_free_spins: u32,
    capped: u32,
}

/// Checks the three invariants on what the log says was paid, never on a counter the code
/// clamps ([`EventLog::check_paid`]): every win's multiplier is at most x20 and its raw amount
/// is pay x multiplier; at most 20 free spins are played; the round pays at most 5,000 x (the
/// `paid` amounts add up to it).
fn invariants_from_the_log(log: &EventLog, seen: &mut Reached) -> Result<(), TestCaseError> {
    let limits = PaidLimits {
        cap: Some(CAP.limit),
        max_multiplier: Some(MAX_MULTIPLIER),
        max_free_spins: Some(MAX_FREE_SPINS),
    };
    let fig = log
        .check_paid(&limits)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(log.reconcile(), Ok(fig.paid));
    seen.max_multiplier = seen.max_multiplier.max(fig.max_multiplier);
    seen.max_free_spins = seen.max_free_spins.max(fig.free_spins);
    seen.capped += fig.cap_events;
    Ok(())
}

/// On the free-spin stress model the logs really show x20, 20 free spins and the cap, and
/// never more.
#[test]
fn the_log_never_shows_more_than_x20_20_free_spins_or_the_cap() {
    for p in 0u8..3 {
        for_seeds(&format!("pick {:?}", pick_of(p)), 6, |seed| {
            let game = MoonPrincess::new(&MathModel::stress_free_spins()).unwrap();
            let mut rng = Pcg64::new(u128::from(seed), 3);
            let mut seen = Reached::default();
            for _ in 0..200 {
                let mut log = EventLog::default();
                let o = game.play_round(pick_of(p), &mut rng, &mut log);
                invariants_from_the_log(&log, &mut seen)?;
                check_outcome(&o)?;
            }
            prop_assert_eq!(seen.max_multiplier, MAX_MULTIPLIER, "{:?}", seen);
            prop_assert!(seen.capped > 0, "{:?}", seen);
            prop_assert!(seen.max_free_spins >= 8, "{:?}", seen);
            Ok(())
        });
    }
}

/// Every win of the log as (class code, pay, multiplier, paid), hundredths of the bet.
fn wins_paid(log: &EventLog) -> Vec<(String, u64, u32, u64)> {
    log.events
        .iter()
        .filter_map(|e| match e {
            Event::Win {
                symbol,
                pay,
                multiplier,
                paid,
                ..
            } => Some((
                symbol.clone(),
                pay.hundredths(),
                multiplier.unwrap(),
                paid.unwrap().hundredths(),
            )),
            _ => None,
        })
        .collect()
}

/// The power events of the log.
fn powers_used(log: &EventLog) -> Vec<&Event> {
    log.events
        .iter()
        .filter(|e| matches!(e, Event::Power { .. }))
        .collect()
}

/// How many times the log says `feature` was triggered.
fn triggers(log: &EventLog, feature: Feature) -> usize {
    log.events
        .iter()
        .filter(|e| **e == Event::FeatureTriggered { feature })
        .count()
}

#[test]
fn the_paid_spins_random_power_its_chance_its_choice_and_its_win_worked_by_hand() {
    // Chance 3/10 (a draw r in 0..10 fires if r < 3); weights Love 1, Star 2, Storm 3 (a draw
    // r in 0..6: 0 Love, 1-2 Star, 3-5 Storm); Star makes 1 or 2 Wilds (1:1).
    // Every paid spin lands (strips of 5, stop 0):
    //   be be be be be
    //   st ci st ci st
    //   ci st ci st ci
    //   st ci st ci st
    //   he he ci he he
    // Row 0 Bell-5 3.00 x1 (no other run of 3 in a row or column); row 0 goes, nothing is
    // above it: rows 1-4 stay, x2, no win, cells left: the moment of the random power.
    let base = [
        "be st ci st he",
        "be ci st ci he",
        "be st ci st ci",
        "be ci st ci he",
        "be st ci st he",
    ];
    let m = constant_model(base, ["ci*5"; 5], (3, 10), [1, 2, 3]);
    let game = MoonPrincess::new(&m).unwrap();
    let play = |draws: &[u32]| {
        let mut script = vec![landing(5, [0; 5])];
        script.extend(draws.iter().map(|&w| u64::from(w)));
        let mut rng = Script::wide(script);
        let mut log = EventLog::default();
        let RoundState::Finished(o) = game.start_round(&mut rng, &mut log) else {
            panic!("no grid clears here")
        };
        assert!(rng.used_up(), "every scripted draw is used");
        assert_eq!(log.reconcile(), Ok(o.win));
        (o, log)
    };

    // The chance draw gives 3: not below 3, no power. The round pays the Bell-5 alone.
    let (o, log) = play(&[word(3, 10)]);
    assert_eq!(o.win.hundredths(), 300);
    assert_eq!((o.random_powers, o.random_power_win.hundredths()), (0, 0));
    assert!(powers_used(&log).is_empty());

    // Chance 2 (fires), power 2 (Star), 1 Wild, on the 18th of the 20 cells (0-based 17:
    // cells 5..24 are filled, cell 22 = row 4, column 2). Row 4 "he he W he he": Heart-5
    // 3.00 x2 = 6.00 (column 2 "st ci st W" has no run). Row 4 goes, rows 1-3 fall one row:
    // the checkerboard has no win; x3. Round 3.00 + 6.00 = 9.00.
    let (o, log) = play(&[word(2, 10), word(2, 6), word(0, 2), word(17, 20)]);
    assert_eq!(o.win.hundredths(), 900);
    assert_eq!(o.base_win.hundredths(), 900);
    assert_eq!((o.random_powers, o.random_power_win.hundredths()), (1, 600));
    assert_eq!(o.max_multiplier, 3);
    assert_eq!(
        powers_used(&log),
        [&Event::Power {
            power: Princess::Star,
            source: PowerSource::Random,
            from: None,
            to: None,
            symbols: vec![],
            cells: vec![[4, 2]],
            grid: ". . . . ./st ci st ci st/ci st ci st ci/st ci st ci st/he he W he he".into(),
        }]
    );
    assert_eq!(
        wins_paid(&log),
        [("be".into(), 300, 1, 300), ("he".into(), 300, 2, 600)]
    );

    // Chance 0 (fires), power 0 (Love): of the symbols present ci, st, he, 0 = ci; of the
    // 6 others (st he be pg pb pr), 0 = st. Every Circle becomes a Star:
    //   . . . . . / st st st st st x3 / he he st he he
    // At x2: rows 1-3 Star-5 3 x 2.00, column 2 Star-4 (rows 1-4) 0.20, columns 0, 1, 3, 4
    // Star-3 (rows 1-3) 4 x 0.10: 6.60 x2 = 13.20. Wilds on the Star-3 middles (row 2,
    // columns 0, 1, 3, 4) fall onto the Hearts: "W W . W W / he he . he he": no run, x3.
    // Round 3.00 + 13.20 = 16.20.
    let (o, log) = play(&[word(0, 10), word(0, 6), word(0, 3), word(0, 6)]);
    assert_eq!(o.win.hundredths(), 1620);
    assert_eq!(
        (o.random_powers, o.random_power_win.hundredths()),
        (1, 1320)
    );
    assert!(matches!(
        powers_used(&log)[..],
        [Event::Power { power: Princess::Love, source: PowerSource::Random, from: Some(f), to: Some(t), .. }]
            if f == "ci" && t == "st"
    ));
    let at_x2: u64 = wins_paid(&log)
        .iter()
        .filter(|w| w.2 == 2)
        .map(|w| w.3)
        .sum();
    assert_eq!(at_x2, 1320);
    assert!(
        log.events
            .iter()
            .any(|e| matches!(e, Event::Tumble { grid, .. }
        if grid == ". . . . ./. . . . ./. . . . ./W W . W W/he he . he he"))
    );

    // Chance 0 (fires), power 3 (Storm, the first draw past Star's): of ci, st, he it takes
    // 0 = ci, then of the other two 1 = he. The Stars left fall:
    //   row 3 "st . st . st", row 4 "st st st st st"
    // Row 4 Star-5 2.00 at x2 (a power is no tumble: the multiplier stays) = 4.00; then
    // row 3 falls, no win. Round 3.00 + 4.00 = 7.00.
    let (o, log) = play(&[word(0, 10), word(3, 6), word(0, 3), word(1, 2)]);
    assert_eq!(o.win.hundredths(), 700);
    assert_eq!((o.random_powers, o.random_power_win.hundredths()), (1, 400));
    assert!(matches!(
        powers_used(&log)[..],
        [Event::Power { power: Princess::Storm, source: PowerSource::Random, symbols, grid, .. }]
            if symbols == &["ci", "he"]
                && grid == ". . . . ./. . . . ./. . . . ./st . st . st/st st st st st"
    ));
    assert_eq!(
        wins_paid(&log),
        [("be".into(), 300, 1, 300), ("st".into(), 200, 2, 400)]
    );
}

#[test]
fn a_trinity_spin_uses_love_then_star_then_storm_worked_by_hand() {
    // Strips of 10: stop 0 shows the paid grid P, stop 5 the Trinity grid T.
    //   P                     T
    //   ci st ci st ci        ci st be st ci
    //   st ci st ci st        be be ci st be
    //   ci st ci st ci        st ci st ci st
    //   st ci st ci st        he he ci he he
    //   pr pr pr pr pr        he he pg he he
    // Paid spin: row 4 Love-5 10.00 x1, 3 sections: the meter is full. Rows 0-3 fall: no
    // win, x2; the random power's chance 0/1 (one draw) does not fire. The spin ends: a
    // Trinity spin follows, at x1, and lands T (no win anywhere).
    // Love (no win): of ci st he be pg, 4 = pg; of the 6 others, 2 = he. Row 4 Heart-5 3.00
    // x1. Rows 0-3 fall one row; x2; no win.
    // Star (no win): 1 Wild; of the 20 cells (5..24), 17 = cell 22 (row 4, column 2): row 4
    // "he he W he he" Heart-5 3.00 x2 = 6.00. Rows 1-3 fall one row; x3; no win:
    //   ci st be st ci / be be ci st be / st ci st ci st   (rows 2-4)
    // Storm (no win): of ci st be, 0 = ci; of the other two, 0 = st. The four Bells left
    // fall: row 4 "be be be . be": Bell-3 0.15 x3 (Storm is no tumble) = 0.45. A Wild on
    // (4,1); x4; ". W . . be": no win. The three powers are used: the Trinity spin ends. No
    // princess win in it: no second Trinity spin.
    // Round: 10.00 + (3.00 + 6.00 + 0.45) = 19.45.
    let strips = [
        "ci st ci st pr ci be st he he",
        "st ci st ci pr st be ci he he",
        "ci st ci st pr be ci st ci pg",
        "st ci st ci pr st st ci he he",
        "ci st ci st pr ci be st he he",
    ];
    let m = constant_model(strips, ["ci*5"; 5], (0, 1), [1, 1, 1]);
    let game = MoonPrincess::new(&m).unwrap();
    let mut script = vec![landing(10, [0; 5])];
    script.push(word(0, 1).into());
    script.push(landing(10, [5; 5]));
    script.extend([word(4, 5), word(2, 6)].map(u64::from));
    script.extend([word(0, 2), word(17, 20)].map(u64::from));
    script.extend([word(0, 3), word(0, 2)].map(u64::from));
    let mut rng = Script::wide(script);
    let mut log = EventLog::default();
    let RoundState::Finished(o) = game.start_round(&mut rng, &mut log) else {
        panic!("no grid clears here")
    };
    assert!(rng.used_up());
    assert_eq!(o.base_win.hundredths(), 1000);
    assert_eq!(o.trinity_win.hundredths(), 945);
    assert_eq!(o.win.hundredths(), 1945);
    assert_eq!((o.trinity_spins, o.random_powers), (1, 0));
    assert_eq!(o.max_multiplier, 4);
    assert_eq!(
        wins_paid(&log),
        [
            ("pr".into(), 1000, 1, 1000),
            ("he".into(), 300, 1, 300),
            ("he".into(), 300, 2, 600),
            ("be".into(), 15, 3, 45),
        ]
    );
    let trinity =
        |power, from: Option<&str>, to: Option<&str>, symbols: &[&str], cells, grid: &str| {
            Event::Power {
                power,
                source: PowerSource::Trinity,
                from: from.map(str::to_string),
                to: to.map(str::to_string),
                symbols: symbols.iter().map(|s| s.to_string()).collect(),
                cells,
                grid: grid.into(),
            }
        };
    let removed_by_storm = vec![
        [2, 0],
        [2, 1],
        [2, 3],
        [2, 4],
        [3, 2],
        [3, 3],
        [4, 0],
        [4, 1],
        [4, 2],
        [4, 3],
        [4, 4],
    ];
    assert_eq!(
        powers_used(&log),
        [
            &trinity(
                Princess::Love,
                Some("pg"),
                Some("he"),
                &[],
                vec![[4, 2]],
                "ci st be st ci/be be ci st be/st ci st ci st/he he ci he he/he he he he he",
            ),
            &trinity(
                Princess::Star,
                None,
                None,
                &[],
                vec![[4, 2]],
                ". . . . ./ci st be st ci/be be ci st be/st ci st ci st/he he W he he",
            ),
            &trinity(
                Princess::Storm,
                None,
                None,
                &["ci", "st"],
                removed_by_storm,
                ". . . . ./. . . . ./. . . . ./. . . . ./be be be . be",
            ),
        ]
    );
    assert_eq!(triggers(&log, Feature::TrinitySpin), 1);
    assert_eq!(log.reconcile(), Ok(o.win));
}

#[test]
fn the_cap_crossed_inside_a_trinity_spin_pays_what_is_left_worked_by_hand() {
    // Every grid: rows 0-3 Princess Love, row 4 Hearts. Rows 0-3 Love-5 4 x 10.00, row 4
    // Heart-5 3.00, columns "pr pr pr pr he" Love-4 5 x 1.00: 48.00 x1 a spin; all 25 cells
    // go, no 3-cell win: the grid clears. The Love-5s fill the meter: a Trinity spin follows
    // every spin (the paid spin's clear triggers the free spins, which the cap forfeits).
    // Paid spin + 103 Trinity spins: 104 x 48.00 = 4,992.00. Trinity spin 104 pays its wins
    // highest first: its first Love-5 (10.00) crosses 5,000.00 and pays the 8.00 left; the
    // round ends there.
    // Strips of 5, every stop 0 (105 landings, one word each); a grid that clears draws
    // nothing else.
    let m = constant_model(["pr pr pr pr he"; 5], ["ci*5"; 5], (0, 1), [1, 1, 1]);
    let game = MoonPrincess::new(&m).unwrap();
    let mut rng = Script::wide(vec![landing(5, [0; 5]); 105]);
    let mut log = EventLog::default();
    let o = game.play_round(Pick::Love, &mut rng, &mut log);
    assert!(rng.used_up());
    assert_eq!(o.base_win.hundredths(), 4_800);
    assert_eq!(o.trinity_spins, 104);
    assert_eq!(o.trinity_win.hundredths(), 500_000 - 4_800);
    assert_eq!(o.win, CAP.limit);
    assert!(o.capped);
    assert_eq!((o.pick, o.free_spins_played), (None, 0));
    let wins = wins_paid(&log);
    assert_eq!(wins.len(), 104 * 10 + 1);
    assert_eq!(wins.last(), Some(&("pr".into(), 1000, 1, 800)));
    assert!(matches!(
        log.events.iter().rev().find(|e| matches!(e, Event::Win { .. })),
        Some(Event::Win { uncapped: Some(u), .. }) if u.hundredths() == 1000
    ));
    assert_eq!(log.reconcile(), Ok(CAP.limit));
}

#[test]
fn free_spins_trigger_once_when_the_paid_spin_and_a_trinity_spin_both_clear_worked_by_hand() {
    // Strips of 10: stop 0 shows 25 Princess Love, stop 5 25 Circles.
    // Paid spin (stop 0): 10 lines of Love-5, 100.00 x1; all cells go: the grid clears and
    // triggers the free spins; the Love-5s fill the meter: a Trinity spin comes first.
    // Trinity spin (stop 5): 10 lines of Circle-5, 20.00 x1; the grid clears again: the free
    // spins are already triggered, nothing more (no princess win: no further Trinity spin).
    // Free spins, Love: 4 spins of 25 Circles; spin j at xj pays 20.00 x j and clears for
    // 100.00 (a clear in free spins pays, it adds no spins): 20.00 x (1+2+3+4) + 4 x 100.00
    // = 600.00. Round: 100.00 + 20.00 + 600.00 = 720.00.
    let base = ["pr pr pr pr pr ci ci ci ci ci"; 5];
    let m = constant_model(base, ["ci*5"; 5], (0, 1), [1, 1, 1]);
    let game = MoonPrincess::new(&m).unwrap();
    let mut script = vec![landing(10, [0; 5]), landing(10, [5; 5])];
    script.extend(vec![landing(5, [0; 5]); 4]);
    let mut rng = Script::wide(script);
    let mut log = EventLog::default();
    let o = game.play_round(Pick::Love, &mut rng, &mut log);
    assert!(rng.used_up());
    assert_eq!(o.base_win.hundredths(), 10_000);
    assert_eq!(o.trinity_win.hundredths(), 2_000);
    assert_eq!(o.trinity_spins, 1);
    assert_eq!(o.pick, Some(Pick::Love));
    assert_eq!((o.free_spins_awarded, o.free_spins_played), (4, 4));
    assert_eq!(o.free_spins_win.hundredths(), 60_000);
    assert_eq!((o.free_spin_clears, o.clear_win.hundredths()), (4, 40_000));
    assert_eq!(o.win.hundredths(), 72_000);
    assert_eq!(o.max_multiplier, 5);
    assert_eq!(triggers(&log, Feature::FreeSpins), 1);
    assert_eq!(triggers(&log, Feature::TrinitySpin), 1);
    let clears: Vec<u64> = log
        .events
        .iter()
        .filter_map(|e| match e {
            Event::GridCleared { paid, .. } => Some(paid.hundredths()),
            _ => None,
        })
        .collect();
    assert_eq!(clears, [0, 0, 10_000, 10_000, 10_000, 10_000]);
    let awards: Vec<&Event> = log
        .events
        .iter()
        .filter(|e| matches!(e, Event::FreeSpinsAwarded { .. }))
        .collect();
    assert_eq!(
        awards,
        [&Event::FreeSpinsAwarded {
            spins: 4,
            source: AwardSource::Pick,
            free_spins_left: 4,
        }]
    );
    assert_eq!(log.reconcile(), Ok(o.win));
}

/// RTP variants are other models of the same rules: a round paused and sealed on one variant
/// cannot be resumed on another (stored or in memory), and resumes on its own. The other
/// variant here is what the tuner writes, a variant file, read back as a model file is.
#[test]
fn a_round_paused_on_one_variant_cannot_resume_on_another() {
    use slot_core::Game as _;
    use slot_core::variant::{Tuning, VariantFile, read_variant_file};
    let published = MoonPrincess::standard();
    let mut richer = MathModel::standard();
    for (sets, k) in richer.free_spins.iter_mut().zip([400, 520, 600]) {
        let quiet = sets[0].weight + sets[1].weight - k;
        (sets[0].weight, sets[1].weight) = (quiet, k);
    }
    let file = VariantFile::sealed(
        "moon-princess",
        slot_core::game::TargetRtp(9650),
        Tuning {
            command: "test".into(),
            method: "the free-spin knob raised by hand".into(),
            seed: None,
            knobs: Vec::new(),
            rtp: Vec::new(),
            shape: Vec::new(),
        },
        richer,
    );
    let text = serde_json::to_string(&file).unwrap();
    let back = read_variant_file::<MathModel>("moon-princess", &text).unwrap();
    let variant = MoonPrincess::new(&back.model).unwrap();
    assert_ne!(variant.fingerprint(), published.fingerprint());
    assert_eq!(variant.variant(), None, "not a shipped variant");
    let k = key(3);
    for (paused_on, other) in [(&published, &variant), (&variant, &published)] {
        let (rng, p, _) = paused_round(paused_on, 11);
        let json = p
            .store_sealed(id("v-1"), BET_LADDER.bet(100).unwrap(), &k)
            .unwrap()
            .to_json();
        let e = other
            .open_sealed(StoredRound::from_json(&json).unwrap(), &k)
            .unwrap_err();
        assert!(matches!(e, ResumeError::Model { .. }), "{e}");
        assert!(
            e.to_string().contains(&paused_on.fingerprint().short()),
            "{e}"
        );
        let e = other
            .resume(p.clone(), Pick::Storm, &mut rng.clone(), &mut NoRecorder)
            .unwrap_err();
        assert!(matches!(e, ResumeError::Model { .. }), "{e}");
        // On its own variant it opens and resumes.
        let opened = paused_on
            .open_sealed(StoredRound::from_json(&json).unwrap(), &k)
            .unwrap();
        assert!(
            paused_on
                .resume(opened, Pick::Storm, &mut rng.clone(), &mut NoRecorder)
                .is_ok()
        );
    }
}
