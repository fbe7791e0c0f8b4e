//! The contribution sums (`slot_sim::detail`): a hand-worked record of four rounds, every game
//! and mode reconciled round by round, thread counts, shards and merges, tampering.

use slot_core::events::{Award, AwardKind, Event, PayRule, StakeMode, StarAt};
use slot_core::fingerprint::Fingerprint;
use slot_core::money::Win;
use slot_core::recorder::Recorder;
use slot_core::summary::RoundSummary;
use slot_sim::detail::{DepthRow, Detail, DetailRecorder, MultiplierRow, NamedRow, SymbolRow};
use slot_sim::stats::Accumulator;
use slot_sim::{Catalog, DetailError, SimConfig, Watch, merge, simulate};
use std::path::PathBuf;

fn w(h: u64) -> Win {
    Win::from_hundredths(h)
}

fn start() -> Event {
    Event::RoundStart {
        game: starlight_christmas::GAME_ID,
        mode: StakeMode::Standard,
        model: Fingerprint::of("model"),
    }
}

fn spin() -> Event {
    Event::SpinStart {
        spin: slot_core::events::SpinKind::Paid,
        number: 1,
        free_spins_left: None,
        multiplier: None,
    }
}

#[allow(clippy::too_many_arguments)]
fn win(
    symbol: &str,
    pays: PayRule,
    count: u32,
    pay: u64,
    multiplier: Option<u32>,
    paid: Option<u64>,
    uncapped: Option<u64>,
) -> Event {
    Event::Win {
        symbol: symbol.into(),
        pays,
        cells: Vec::new(),
        count,
        line: None,
        ways: None,
        pay: w(pay),
        multiplier,
        paid: paid.map(w),
        uncapped: uncapped.map(w),
    }
}

fn tumble() -> Event {
    Event::Tumble {
        removed: Vec::new(),
        wilds: Vec::new(),
        multiplier: None,
        grid: String::new(),
    }
}

fn end(win: u64, capped: bool) -> Event {
    Event::RoundEnd {
        win: w(win),
        capped,
    }
}

fn star(cell: [u8; 2], kind: AwardKind, amount: u64) -> StarAt {
    StarAt {
        cell,
        award: Award {
            kind,
            amount: w(amount),
        },
    }
}

/// Four rounds worked by hand:
/// 1. a tumble sequence: gy x8 (pays 0.25) on the landed grid, a tumble, mo x10 (pays 5.00),
///    paid at the sequence's end with a multiplier of 4: (25 + 500) x 4 = 2100;
/// 2. a capped round: a 5-princess line paying 300.00 x 20 = 6000.00, trimmed to the cap of
///    5000.00 (the cap's cut 1000.00);
/// 3. Lock & Spin: two held stars (cash 1.00, Mini 20.00) and a new one in a respin (Major
///    50.00): 71.00; then a gift bonus of cash 3.00: 74.00;
/// 4. nothing.
fn hand_worked() -> Vec<Vec<Event>> {
    vec![
        vec![
            start(),
            spin(),
            win("gy", PayRule::Anywhere, 8, 25, None, None, None),
            tumble(),
            win("mo", PayRule::Anywhere, 10, 500, None, None, None),
            Event::SequenceEnd {
                symbol_win: w(525),
                multiplier_sum: 4,
                multiplier: 4,
                paid: w(2100),
                uncapped: None,
            },
            end(2100, false),
        ],
        vec![
            start(),
            spin(),
            win(
                "princess",
                PayRule::Line,
                5,
                30_000,
                Some(20),
                Some(500_000),
                Some(600_000),
            ),
            Event::CapReached { win: w(500_000) },
            end(500_000, true),
        ],
        vec![
            start(),
            spin(),
            Event::Landed {
                grid: String::new(),
                reel_set: None,
                stops: None,
                stars: Some(vec![
                    star([0, 0], AwardKind::Cash, 100),
                    star([1, 1], AwardKind::Mini, 2000),
                ]),
            },
            Event::LockAndSpinStart {
                held: vec![[0, 0], [1, 1]],
                respins: 3,
            },
            Event::Respin {
                number: 1,
                new_stars: vec![star([2, 2], AwardKind::Major, 5000)],
                held: 3,
                respins_left: 3,
            },
            Event::LockAndSpinEnd {
                stars: 3,
                star_values: w(7100),
                grand: false,
                paid: w(7100),
                uncapped: None,
            },
            Event::GiftBonus {
                reel: 2,
                award: Award {
                    kind: AwardKind::Cash,
                    amount: w(300),
                },
                paid: w(300),
            },
            end(7400, false),
        ],
        vec![start(), spin(), end(0, false)],
    ]
}

fn read(rounds: &[Vec<Event>]) -> Detail {
    let mut rec = DetailRecorder::new();
    for round in rounds {
        for e in round {
            rec.record(|| e.clone());
        }
    }
    rec.finish()
}

fn sums_of(wins: &[(u64, bool)]) -> Accumulator {
    let mut acc = Accumulator::new(100);
    for &(win, capped) in wins {
        acc.add(&RoundSummary {
            win,
            capped,
            ..RoundSummary::default()
        });
    }
    acc
}

#[test]
fn a_hand_worked_record_gives_its_exact_contributions() {
    let d = read(&hand_worked());
    let sym = |symbol: &str, pays, count, times, amount, pay| SymbolRow {
        symbol: symbol.into(),
        pays,
        count,
        times,
        amount,
        pay_min: pay,
        pay_max: pay,
    };
    let named = |what: &str, times, amount| NamedRow {
        what: what.into(),
        times,
        amount,
    };
    let want = Detail {
        rounds: 4,
        total_win: 2100 + 500_000 + 7400,
        raw_win: 2100 + 600_000 + 7400,
        capped_rounds: 1,
        unreconciled: 0,
        symbol_wins: vec![
            sym("gy", PayRule::Anywhere, 8, 1, 100, 25),
            sym("mo", PayRule::Anywhere, 10, 1, 2000, 500),
            sym("princess", PayRule::Line, 5, 1, 600_000, 30_000),
        ],
        other_wins: vec![
            named("gift: cash", 1, 300),
            named("lock & spin: cash stars", 1, 100),
            named("lock & spin: major stars", 1, 5000),
            named("lock & spin: mini stars", 1, 2000),
        ],
        depths: vec![
            DepthRow {
                depth: 0,
                times: 2,
                amount: 600_100,
            },
            DepthRow {
                depth: 1,
                times: 1,
                amount: 2000,
            },
        ],
        // Round 1's spin tumbled once; the other three spins did not.
        cascades: vec![[0, 3], [1, 1]],
        multipliers: vec![
            MultiplierRow {
                multiplier: 4,
                times: 1,
                base: 525,
                amount: 2100,
            },
            MultiplierRow {
                multiplier: 20,
                times: 1,
                base: 30_000,
                amount: 600_000,
            },
        ],
        powers: Vec::new(),
        win_counts: vec![[0, 1], [2100, 1], [7400, 1], [500_000, 1]],
    };
    assert_eq!(d, want);
    let sums = sums_of(&[(2100, false), (500_000, true), (7400, false), (0, false)]);
    d.check(&sums).unwrap();
    // Median: 2 of 4 rounds win at most 21.00; the 90th percentile is the 4th round's win.
    assert_eq!(d.percentile(0.5), Some(2100));
    assert_eq!(d.percentile(0.9), Some(500_000));
    assert_eq!(d.median_winning(), Some(7400));
}

#[test]
fn a_round_whose_events_do_not_add_up_is_named() {
    let mut rounds = hand_worked();
    // The sequence says it paid 21.01 for 5.25 x 4.
    rounds[0][5] = Event::SequenceEnd {
        symbol_win: w(525),
        multiplier_sum: 4,
        multiplier: 4,
        paid: w(2101),
        uncapped: None,
    };
    rounds[0][6] = end(2101, false);
    let d = read(&rounds);
    assert_eq!(d.unreconciled, 1);
    let sums = sums_of(&[(2101, false), (500_000, true), (7400, false), (0, false)]);
    let e = d.check(&sums).unwrap_err();
    assert_eq!(e, DetailError::Unreconciled(1));
    assert!(
        e.to_string()
            .contains("1 rounds whose events do not add up"),
        "{e}"
    );
    // Sums of another run are refused, naming both.
    let d = read(&hand_worked());
    let mut fewer_spins = d.clone();
    fewer_spins.cascades = vec![[0, 1]];
    let sums = sums_of(&[(2100, false), (500_000, true), (7400, false), (0, false)]);
    let e = fewer_spins.check(&sums).unwrap_err();
    assert!(
        matches!(
            e,
            DetailError::Parts {
                spins: 1,
                rounds: 4,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("1 spins in 4 rounds"), "{e}");
    let e = d.check(&sums_of(&[(2100, false)])).unwrap_err();
    assert!(
        matches!(
            e,
            DetailError::RunSums {
                rounds: 4,
                run_rounds: 1,
                ..
            }
        ),
        "{e}"
    );
    assert!(
        e.to_string().contains("but the run's sums hold 1 rounds"),
        "{e}"
    );
}

fn config(rounds: u64, threads: usize) -> SimConfig {
    SimConfig {
        detail: true,
        threads,
        ..SimConfig::rounds(rounds, 11)
    }
}

/// Every game and mode: 20,000 rounds reconcile round by round (`simulate` refuses a pass
/// with any that does not), the sums agree with the run's, and each game's own sections are
/// there: Moon Princess's powers and grid clears, Starlight Christmas's Multipliers and
/// tumbles, Wish Upon a Star's Lock & Spin stars and gifts; spins tumble exactly in the games
/// that state they cascade (`Game::CASCADES`).
#[test]
fn every_game_and_mode_reconciles_and_has_its_sections() {
    fn run<G: slot_core::Game>(game: &G) -> Vec<Detail> {
        G::MODES
            .iter()
            .map(|&m| {
                let r = simulate(game, m, &config(20_000, 2), Watch::default()).unwrap();
                let d = r.detail.clone().unwrap();
                d.check(&r.par.sums).unwrap();
                assert_eq!(d.rounds, 20_000);
                // The game's stated fact (what the PAR files' cascade table follows) is what
                // its spins do.
                assert_eq!(
                    G::CASCADES,
                    d.cascades.iter().any(|c| c[0] > 0),
                    "{}: CASCADES against the spins' tumbles",
                    G::NAME
                );
                d
            })
            .collect()
    }
    for d in run(&moon_princess::MoonPrincess::standard()) {
        assert!(d.powers.iter().any(|p| p.what.starts_with("trinity")));
        assert!(d.depths.len() > 2 && d.multipliers.len() > 2);
        assert!(d.symbol_wins.iter().all(|r| r.pays == PayRule::Line));
    }
    for d in run(&starlight_christmas::StarlightChristmas::standard()) {
        assert!(d.multipliers.iter().any(|m| m.multiplier > 10));
        assert!(d.depths.len() > 2);
        assert!(d.symbol_wins.iter().any(|r| r.pays == PayRule::Scatter));
    }
    for d in run(&wish_upon_a_star::WishUponAStar::standard()) {
        assert!(
            d.other_wins
                .iter()
                .any(|r| r.what == "lock & spin: cash stars")
        );
        assert!(d.other_wins.iter().any(|r| r.what.starts_with("gift")));
        assert_eq!(d.depths.len(), 1, "no tumbles");
        assert!(d.symbol_wins.iter().all(|r| r.pays != PayRule::Line));
    }
}

/// The sums are the same for any thread count, and the shards of a run, written as JSON and
/// read back, merge into the whole run's sums exactly.
#[test]
fn shards_merge_into_the_whole_run_exactly() {
    let game = moon_princess::MoonPrincess::standard();
    let mode = moon_princess::Pick::Love;
    let whole = simulate(&game, mode, &config(40_000, 1), Watch::default()).unwrap();
    let two = simulate(&game, mode, &config(40_000, 2), Watch::default()).unwrap();
    assert_eq!(whole.detail, two.detail);
    let catalog = Catalog::new().with::<moon_princess::MoonPrincess>();
    let shards: Vec<(PathBuf, slot_sim::Report)> = (0..3)
        .map(|i| {
            let c = SimConfig {
                detail: true,
                ..SimConfig::shard(40_000, 11, i, 3)
            };
            let r = simulate(&game, mode, &c, Watch::default()).unwrap();
            let path = PathBuf::from(format!("shard-{i}.json"));
            let read = slot_sim::Report::from_json(&path, &r.to_json(), &catalog).unwrap();
            assert_eq!(read.detail, r.detail);
            (path, read)
        })
        .collect();
    let merged = merge(&shards, &catalog, &[]).unwrap();
    assert_eq!(merged.detail, whole.detail);
    assert_eq!(merged.par.sums, whole.par.sums);
    // A merged report with its sums reads back too.
    let again =
        slot_sim::Report::from_json(&PathBuf::from("m.json"), &merged.to_json(), &catalog).unwrap();
    assert_eq!(again.detail, whole.detail);
    // One report without the sums: the merge has none (the others' alone would not be the
    // merged run's).
    let mut partial = shards.clone();
    partial[1].1.detail = None;
    partial[1].1.refresh_checksums();
    assert_eq!(merge(&partial, &catalog, &[]).unwrap().detail, None);
}

/// An edit of the sums in a report file is refused, naming the field; sums that disagree
/// with the run's are refused even with a fresh checksum.
#[test]
fn edited_contribution_sums_are_refused() {
    let game = wish_upon_a_star::WishUponAStar::standard();
    let r = simulate(
        &game,
        wish_upon_a_star::game::Standard,
        &config(20_000, 2),
        Watch::default(),
    )
    .unwrap();
    let catalog = Catalog::new().with::<wish_upon_a_star::WishUponAStar>();
    let path = PathBuf::from("r.json");
    // Edited as text: the sums hold integers beyond what a JSON value keeps exactly.
    let text = r.to_json();
    let raw = format!("\"raw_win\":{}", r.detail.as_ref().unwrap().raw_win);
    assert!(text.contains(&raw));
    let edited = text.replace(&raw, "\"raw_win\":1");
    let e = slot_sim::Report::from_json(&path, &edited, &catalog).unwrap_err();
    assert!(e.to_string().contains("detail"), "{e}");
    let mut bad = r.clone();
    if let Some(d) = &mut bad.detail {
        d.win_counts[0][1] += 1;
    }
    bad.refresh_checksums();
    let e = slot_sim::Report::from_json(&path, &bad.to_json(), &catalog).unwrap_err();
    assert!(e.to_string().contains("the round wins count"), "{e}");
}
