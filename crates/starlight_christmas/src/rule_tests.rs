//! Rule tests: hand-worked grids with their exact wins, one or more per rule of
//! the rules (crate docs). Each round test scripts every new cell (the landed grids and the
//! refills, in the order the game draws them: a grid row-major from the top-left; a refill
//! column by column from the left, each column from its lowest empty cell up), so the whole
//! round is fixed and its win can be worked out by hand in the comments.

use crate::cells::{CellSource, Table};
use crate::events::Event;
use crate::outcome::SOURCES;
use crate::paytable::{PAYS, evaluate_grid, pay, scatter_pay};
use crate::round::StarlightChristmas;
use crate::rules::{BetMode, CAP};
use crate::symbols::{PAYING, parse_code, parse_grid};
use slot_core::money::Win;
use slot_core::recorder::{EventLog, NoRecorder};
use std::collections::VecDeque;

/// Scripted cells; records which table each was asked from.
struct Script {
    cells: VecDeque<u8>,
    tables: Vec<Table>,
}

impl Script {
    /// Cells from text codes; `/` separators are ignored.
    fn new(parts: &[&str]) -> Self {
        let cells = parts
            .iter()
            .flat_map(|p| p.split_whitespace())
            .filter(|t| *t != "/")
            .map(|t| parse_code(t).unwrap_or_else(|| panic!("bad code {t}")))
            .collect();
        Script {
            cells,
            tables: vec![],
        }
    }
}

impl CellSource for Script {
    fn cell(&mut self, table: Table) -> u8 {
        self.tables.push(table);
        self.cells
            .pop_front()
            .expect("the round asked for more cells than the script holds")
    }
}

fn h(x: u64) -> Win {
    Win::from_hundredths(x)
}

/// No win, no Scatter, no Multiplier: every symbol 3 or 4 times.
const DEAD: &str = "gy gt gg gb gr st / mo he su gy gt gg / gb gr st mo he su / gy gt gg gb gr st / mo he su gy gt gg";

fn dead_spins(n: usize) -> Vec<&'static str> {
    vec![DEAD; n]
}

fn play(mode: BetMode, parts: &[&str]) -> (crate::RoundOutcome, Script, EventLog) {
    let mut s = Script::new(parts);
    let mut log = EventLog::default();
    let out = StarlightChristmas::play_with(mode, &mut s, &mut log);
    // Replaying without a recorder gives the same outcome.
    let mut s2 = Script::new(parts);
    assert_eq!(
        StarlightChristmas::play_with(mode, &mut s2, &mut NoRecorder),
        out
    );
    assert_eq!(
        out.by_source.iter().copied().sum::<Win>(),
        out.win,
        "sources add up to the win"
    );
    (out, s, log)
}

#[test]
fn paytable_matches_the_seed_table() {
    // The seed's table, typed again from starlight_christmas.de.txt (x base bet).
    let seed: [[&str; 3]; PAYING] = [
        ["0,25", "0,75", "2,00"],
        ["0,40", "0,90", "4,00"],
        ["0,50", "1,00", "5,00"],
        ["0,80", "1,20", "8,00"],
        ["1,00", "1,50", "10,00"],
        ["1,50", "2,00", "12,00"],
        ["2,00", "5,00", "15,00"],
        ["2,50", "10,00", "25,00"],
        ["10,00", "25,00", "50,00"],
    ];
    for (s, row) in seed.iter().enumerate() {
        for (t, v) in row.iter().enumerate() {
            let (a, b) = v.split_once(',').unwrap();
            let hundredths: u64 = a.parse::<u64>().unwrap() * 100 + b.parse::<u64>().unwrap();
            assert_eq!(PAYS[s][t], hundredths, "symbol {s} tier {t}");
        }
        // Tier boundaries: 7 nothing; 8-9 tier 1; 10-11 tier 2; 12-30 tier 3.
        let s = s as u8;
        assert_eq!(pay(s, 7), Win::ZERO);
        assert_eq!(
            (pay(s, 8), pay(s, 9)),
            (h(PAYS[s as usize][0]), h(PAYS[s as usize][0]))
        );
        assert_eq!(
            (pay(s, 10), pay(s, 11)),
            (h(PAYS[s as usize][1]), h(PAYS[s as usize][1]))
        );
        assert_eq!(
            (pay(s, 12), pay(s, 30)),
            (h(PAYS[s as usize][2]), h(PAYS[s as usize][2]))
        );
    }
    // Scatter: 4 -> 3x, 5 -> 5x, 6 or more -> 100x.
    assert_eq!(
        [3, 4, 5, 6, 7].map(scatter_pay),
        [h(0), h(300), h(500), h(10_000), h(10_000)]
    );
}

#[test]
fn one_grid_pays_every_tier_anywhere() {
    // 8 yellow (0.25) + 10 turquoise (0.90) + 12 green (5.00) = 6.15 x; no Multiplier.
    let g = parse_grid(
        "gy gt gg gy gt gg / gg gy gt gg gy gt / gt gg gy gt gg gy / gg gg gg gt gt gy / gg gg gy gt gt gg",
    )
    .unwrap();
    let e = evaluate_grid(&g);
    let counts: Vec<(u8, u32)> = e.wins.iter().map(|w| (w.symbol, w.count)).collect();
    assert_eq!(counts, vec![(0, 8), (1, 10), (2, 12)]);
    assert_eq!(e.total, h(25 + 90 + 500));
}

#[test]
fn multipliers_multiply_symbol_wins_but_not_scatters() {
    // 8 Sun (10x) ; Multipliers x2 + x3 = x5 ; 4 Scatters (3x, not multiplied).
    // total = 10 x 5 + 3 = 53 x.
    let g = parse_grid(
        "su su su su su su / su su x2 x3 SC SC / SC SC gy gt gg gb / gr st mo he gy gt / gg gb gr st mo he",
    )
    .unwrap();
    let e = evaluate_grid(&g);
    assert_eq!(
        (e.symbol_win, e.multiplier_sum, e.scatters),
        (h(1000), 5, 4)
    );
    assert_eq!(e.total, h(1000 * 5 + 300));
}

/// The overflow bounds of one grid (crate `slot_core::money`, "Overflow"), at their extremes:
/// the largest symbol win a grid holds is 15 Sun + 15 Heart = 50 x + 25 x = 75 x; the largest
/// product, 12 Sun (50 x) with 18 x500 (x9,000), is 450,000 x bet, exact, and pays the cap.
#[test]
fn the_largest_grid_wins_are_exact() {
    let g = parse_grid(
        "su su su su su su / su su su su su su / su su su he he he / he he he he he he / he he he he he he",
    )
    .unwrap();
    let e = evaluate_grid(&g);
    assert_eq!((e.symbol_win, e.multiplier_sum), (h(7_500), 0));
    assert_eq!(e.total, h(7_500));
    let g = parse_grid(
        "su su su su su su / su su su su su su / x500 x500 x500 x500 x500 x500 / x500 x500 x500 x500 x500 x500 / x500 x500 x500 x500 x500 x500",
    )
    .unwrap();
    let e = evaluate_grid(&g);
    assert_eq!((e.symbol_win, e.multiplier_sum), (h(5_000), 9_000));
    assert_eq!(e.total, h(45_000_000));
    assert_eq!(e.paid, CAP.limit);
}

#[test]
fn multipliers_without_a_win_pay_nothing() {
    let g = parse_grid(
        "x500 gt gg gb gr st / mo he su gy gt gg / gb gr st mo he su / gy gt gg gb gr st / mo he su gy gt x250",
    )
    .unwrap();
    assert_eq!(evaluate_grid(&g).total, Win::ZERO);
    let (out, _, _) = play(
        BetMode::Standard,
        &[
            "x500 gt gg gb gr st / mo he su gy gt gg / gb gr st mo he su / gy gt gg gb gr st / mo he su gy gt x250",
        ],
    );
    assert_eq!(out.win, Win::ZERO);
    // The x500 landed (a top award, counted though it paid nothing); the x250 is not one.
    assert_eq!(out.x500_multipliers, [1, 0]);
    assert_eq!(out.summary().awards[..2], [1, 0]);
}

/// The base sequence of the worked example: yellow x8 (0.25), tumble, blue x8 (0.80), tumble,
/// no win; a x2 Multiplier stays on the grid throughout.
const TUMBLE_EXAMPLE: [&str; 3] = [
    // landed: 8 yellow (row 0 and the first two cells of row 1)
    "gy gy gy gy gy gy / gy gy st mo he su / gt gg gb gr st mo / he su gt gg gb gr / x2 SC st mo he su",
    // refill 1 (col 0 rows 1,0; col 1 rows 1,0; cols 2..5 row 0): 6 blue join the 2 on the grid
    "gb gb gb gb gb gb he mo",
    // refill 2 (col 0 rows 1,0; col 1 rows 1,0; col 2 rows 1,0; col 3 row 0; col 4 row 0)
    "st mo he su gt gg gr SC",
];

#[test]
fn tumble_with_refill_and_multiplier_at_the_end() {
    // Grid after refill 1:            Grid after refill 2 (no win):
    //   gb gb gb gb he mo               mo su gg gr SC mo
    //   gb gb st mo he su               st he gt mo he su
    //   gt gg gb gr st mo               gt gg st gr he mo
    //   he su gt gg gb gr               he su gt gg st gr
    //   x2 SC st mo he su               x2 SC st mo he su
    // Symbol wins 0.25 + 0.80 = 1.05, x2 at the end = 2.10 x; 2 Scatters pay nothing.
    let (out, script, log) = play(BetMode::Standard, &TUMBLE_EXAMPLE);
    assert_eq!(out.win, h(210));
    assert_eq!(out.by_source, [h(50), h(160), h(0), h(0)], "{SOURCES:?}");
    assert_eq!(out.base_multiplier_win, h(210));
    assert!(script.cells.is_empty(), "exactly 46 cells drawn");
    assert!(script.tables.iter().all(|&t| t == Table::Base));
    let grids: Vec<&String> = log
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Refill { grid } => Some(grid),
            _ => None,
        })
        .collect();
    assert_eq!(
        grids[0],
        "gb gb gb gb he mo/gb gb st mo he su/gt gg gb gr st mo/he su gt gg gb gr/x2 SC st mo he su"
    );
    assert_eq!(
        grids[1],
        "mo su gg gr SC mo/st he gt mo he su/gt gg st gr he mo/he su gt gg st gr/x2 SC st mo he su"
    );
}

#[test]
fn ante_draws_the_base_grid_from_the_ante_table() {
    let (out, script, _) = play(BetMode::Ante, &TUMBLE_EXAMPLE);
    assert_eq!(
        out.win,
        h(210),
        "wins are the same multiples of the base bet"
    );
    assert!(script.tables.iter().all(|&t| t == Table::AnteBase));
    assert_eq!((BetMode::Standard.cost(), BetMode::Ante.cost()), (100, 125));
}

/// A free spin landing 8 yellow (0.25) with `m` in the bottom-left cell, then a dead refill.
fn fs_win(m: &'static str) -> [&'static str; 3] {
    let grid: &'static str = match m {
        "x3" => {
            "gy gy gy gy gy gy / gy gy st mo he su / gt gg gb gr st mo / he su gt gg gb gr / x3 gt st mo he su"
        }
        "x2" => {
            "gy gy gy gy gy gy / gy gy st mo he su / gt gg gb gr st mo / he su gt gg gb gr / x2 gt st mo he su"
        }
        _ => {
            "gy gy gy gy gy gy / gy gy st mo he su / gt gg gb gr st mo / he su gt gg gb gr / gg gt st mo he su"
        }
    };
    [grid, "gb gr gb gr gg gg gb gr", ""]
}

/// Base spin without a symbol win but with 4 Scatters: pays 3x, 15 free spins.
const TRIGGER: &str = "SC SC SC SC gr st / mo he su gy gt gg / gb gr st mo he su / gy gt gg gb gr st / mo he su gy gt gg";

#[test]
fn free_spins_running_multiplier_and_retrigger() {
    let mut parts = vec![TRIGGER];
    parts.extend(fs_win("x3")); // FS 1: running 0 + 3 = 3; 0.25 x 3 = 0.75
    parts.extend(fs_win("none")); // FS 2: win without Multiplier: 0.25 unmultiplied
    // FS 3: no win, x10 on the grid: lost (running stays 3)
    parts.push("x10 gt gg gb gr st / mo he su gy gt gg / gb gr st mo he su / gy gt gg gb gr st / mo he su gy gt gg");
    parts.extend(fs_win("x2")); // FS 4: running 3 + 2 = 5; 0.25 x 5 = 1.25
    // FS 5: 3 Scatters: +5 spins, no pay (3 Scatters pay nothing)
    parts.push("SC SC SC gb gr st / mo he su gy gt gg / gb gr st mo he su / gy gt gg gb gr st / mo he su gy gt gg");
    parts.extend(dead_spins(15)); // 15 - 5 + 5 = 15 spins left, all dead
    let (out, script, log) = play(BetMode::Standard, &parts);
    // 3 (base Scatters) + 0.75 + 0.25 + 1.25 = 5.25 x
    assert_eq!(out.win, h(525));
    assert_eq!(out.by_source, [h(0), h(0), h(300), h(225)]);
    assert!(out.free_spins_triggered);
    assert_eq!(
        (
            out.free_spins_played,
            out.retriggers,
            out.running_multiplier
        ),
        (20, 1, 5)
    );
    assert!(script.cells.is_empty());
    assert!(script.tables[..30].iter().all(|&t| t == Table::Base));
    assert!(script.tables[30..].iter().all(|&t| t == Table::FreeSpins));
    let running: Vec<u32> = log
        .events
        .iter()
        .filter_map(|e| match e {
            Event::RunningMultiplier { value } => Some(*value),
            _ => None,
        })
        .collect();
    assert_eq!(running, vec![3, 5]);
}

#[test]
fn scatters_that_fall_in_count_at_the_end_of_the_sequence() {
    // Landed: 3 Scatters and the yellow win of the tumble example; the refill brings a 4th.
    let parts = [
        "gy gy gy gy gy gy / gy gy st mo he su / gt gg gb gr st mo / he su gt gg SC gr / SC SC st mo he su",
        "SC gb gb gr gg gt he mo",
    ];
    // Refill: col 0 rows 1,0 get SC, gb; col 1 rows 1,0 gb, gr; cols 2..5 row 0 gg gt he mo.
    // Scatters at the end: 3 landed + 1 fallen in = 4. Counts after the refill: gb 3, gr 3,
    // gg 3, gt 3, he 4, mo 4, st 3, su 3: no second win.
    let mut all: Vec<&str> = parts.to_vec();
    all.extend(dead_spins(15));
    let (out, script, _) = play(BetMode::Standard, &all);
    // 0.25 (no Multiplier) + 3 (4 Scatters) = 3.25 x, and 15 dead free spins.
    assert_eq!(out.win, h(325));
    assert!(out.free_spins_triggered);
    assert_eq!(out.free_spins_played, 15);
    assert!(script.cells.is_empty());
}

#[test]
fn three_scatters_in_the_base_game_neither_pay_nor_trigger() {
    let (out, _, _) = play(
        BetMode::Standard,
        &[
            "SC SC SC gb gr st / mo he su gy gt gg / gb gr st mo he su / gy gt gg gb gr st / mo he su gy gt gg",
        ],
    );
    assert_eq!(out.win, Win::ZERO);
    assert!(!out.free_spins_triggered);
}

#[test]
fn cap_in_the_base_game_forfeits_scatters_and_free_spins() {
    // 12 Sun (50x) x (500 + 500 + 500) = 75,000x -> capped at 5,000x. The 4 Scatters would pay
    // and trigger, but the cap ends the round first.
    let parts = [
        "su su su su su su / su su su su su su / x500 x500 x500 SC SC SC / SC gy gt gg gb gr / st mo he gy gt gg",
        "gy gt gg gb gr st mo he gy gt gg gb",
    ];
    let (out, _, log) = play(BetMode::Standard, &parts);
    assert_eq!(out.win, CAP.limit);
    assert_eq!(out.win, h(500_000));
    assert!(out.capped);
    assert!(!out.free_spins_triggered);
    assert_eq!(
        out.x500_multipliers,
        [3, 0],
        "three x500 landed in the base game"
    );
    assert_eq!(out.by_source[0], h(500_000));
    assert_eq!(
        out.base_multiplier_win,
        h(500_000),
        "the feature's win is what was paid"
    );
    assert!(
        log.events
            .iter()
            .any(|e| matches!(e, Event::CapReached { .. }))
    );
    // The sequence's record: 50x x 1,500 = 75,000x asked, 5,000x paid; the log adds up.
    assert!(log.events.contains(&Event::SequenceEnd {
        symbol_win: h(5_000),
        multiplier_sum: 1_500,
        multiplier: 1_500,
        paid: h(500_000),
        uncapped: Some(h(7_500_000)),
    }));
    assert_eq!(log.reconcile(), Ok(h(500_000)));
}

#[test]
fn cap_in_free_spins_forfeits_the_remaining_spins() {
    // Base: 4 Scatters pay 3x. FS 1: 12 Sun (50x) with x500 + x500: running 1000 -> 50,000x,
    // capped: the round pays 5,000x in all (3x base + 4,997x free spins); 14 spins forfeited.
    let parts = [
        TRIGGER,
        "su su su su su su / su su su su su su / x500 x500 gb gr gy gt / gg gb gr st mo he / gy gt gg gb gr st",
        "gy gt gg gb gr st mo he gy gt gg gb",
    ];
    let (out, _, log) = play(BetMode::Standard, &parts);
    assert_eq!(out.win, h(500_000));
    assert!(out.capped);
    assert_eq!(out.free_spins_played, 1);
    assert_eq!(
        out.x500_multipliers,
        [0, 2],
        "two x500 landed in the free spin"
    );
    assert_eq!(out.by_source, [h(0), h(0), h(300), h(499_700)]);
    // 50x x running 1,000 = 50,000x asked; 4,997x fits under the cap after the 3x.
    assert!(log.events.contains(&Event::SequenceEnd {
        symbol_win: h(5_000),
        multiplier_sum: 1_000,
        multiplier: 1_000,
        paid: h(499_700),
        uncapped: Some(h(5_000_000)),
    }));
    assert_eq!(log.reconcile(), Ok(h(500_000)));
}

#[test]
fn events_tell_the_round_in_order() {
    let (_, _, log) = play(BetMode::Standard, &TUMBLE_EXAMPLE);
    let kinds: Vec<&str> = log
        .events
        .iter()
        .map(|e| match e {
            Event::SpinStart { .. } => "start",
            Event::Landed { .. } => "landed",
            Event::Win { .. } => "win",
            Event::Tumble { .. } => "tumble",
            Event::Refill { .. } => "refill",
            Event::SequenceEnd { .. } => "end",
            Event::RoundEnd { .. } => "round",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "start", "landed", "win", "tumble", "refill", "win", "tumble", "refill", "end", "round"
        ]
    );
    let json = log.to_json();
    assert!(
        json.contains(r#""event":"win","symbol":"gy","pays":"anywhere","cells":"#),
        "{json}"
    );
    assert_eq!(log.reconcile(), Ok(h(210)));
}

#[test]
fn play_grid_lands_the_chosen_grid() {
    let game = StarlightChristmas::standard();
    let mut rng = slot_core::replay::batch_rng(1, 0);
    // No symbol 8 times, no Scatter: the round is the landed grid alone and pays nothing.
    let quiet =
        "gy gt gg gb gr st/mo he su gy gt gg/gb gr st mo he su/gy gt gg gb gr st/mo he su gy gt gg";
    let mut log = EventLog::default();
    let out = game.play_grid(
        BetMode::Standard,
        &mut rng,
        &mut log,
        &parse_grid(quiet).unwrap(),
    );
    let names: Vec<&str> = log.events.iter().map(|e| e.name()).collect();
    assert_eq!(names, ["round_start", "spin_start", "landed", "round_end"]);
    assert!(
        matches!(&log.events[2], slot_core::events::Event::Landed { grid, .. } if grid == quiet)
    );
    assert_eq!(out.win, Win::ZERO);
    // 9 yellow gems (8-9 pay 0.25 x bet): the first win is theirs, then the tumble refills
    // from the generator; the log reconciles.
    let nine =
        "gy gy gy gy gy gy/gy gy gy gt gg gb/gt gg gb gr st mo/he su gt gg gb gr/st mo he su gt gg";
    let mut log = EventLog::default();
    let out = game.play_grid(
        BetMode::Standard,
        &mut rng,
        &mut log,
        &parse_grid(nine).unwrap(),
    );
    match &log.events[3] {
        slot_core::events::Event::Win {
            symbol, count, pay, ..
        } => {
            assert_eq!((symbol.as_str(), *count, *pay), ("gy", 9, h(25)));
        }
        e => panic!("expected the yellow gems' win, got {e:?}"),
    }
    assert!(out.win >= h(25));
    assert_eq!(log.reconcile(), Ok(out.win));
}
