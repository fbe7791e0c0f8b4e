//! Hand-worked grids with their exact wins, one test per rule of the rules (crate docs).
//! Grids are written as text ([`slot_core::text`]) with the codes of [`Symbol::text`], rows from
//! the top; `.` is an empty cell.
//! Amounts are hundredths of the total bet (100 = 1 x bet).

mod common;

use common::{Script, word};
use moon_princess::features::{self, Power};
use moon_princess::{Event, Multiplier};
use moon_princess::{MoonPrincess, PayClass, Symbol, evaluate, grid_text, parse_grid};
use slot_core::lines::Line;

fn g(text: &str) -> moon_princess::MpGrid {
    parse_grid(text).unwrap()
}

/// (class, line, length, pay) of every win of a grid, highest first.
fn wins(text: &str) -> Vec<(PayClass, Line, u8, u64)> {
    evaluate(&g(text))
        .wins
        .iter()
        .map(|w| (w.class, w.line, w.len, w.pay))
        .collect()
}

const CI: PayClass = PayClass::Symbol(Symbol::Circle);
const HE: PayClass = PayClass::Symbol(Symbol::Heart);
const BE: PayClass = PayClass::Symbol(Symbol::Bell);
const PR: PayClass = PayClass::Symbol(Symbol::PrincessLove);

// ---- How wins are found: the spec's four examples, in a row and in a column ----

#[test]
fn spec_example_wwwwc_pays_wild_4_only() {
    // W W W W C: Wild-4 = 3.00; Circle-5 (2.00) contains it and is dropped.
    assert_eq!(
        wins("W W W W ci/. . . . ./. . . . ./. . . . ./. . . . ."),
        vec![(PayClass::Wild, Line::Row(0), 4, 300)]
    );
}

#[test]
fn spec_example_wwwcc_pays_circle_5_only() {
    // W W W C C: Circle-5 = 2.00 beats Wild-3 = 1.00, which it contains.
    assert_eq!(
        wins("W W W ci ci/. . . . ./. . . . ./. . . . ./. . . . ."),
        vec![(CI, Line::Row(0), 5, 200)]
    );
}

#[test]
fn spec_example_pp_w_qq_pays_any_princess_5_only() {
    // P P W Q Q (Love, Love, Wild, Star, Star): any-princess-5 = 5.00; Love-3 and Star-3 are
    // contained in it.
    assert_eq!(
        wins("pr pr W pb pb/. . . . ./. . . . ./. . . . ./. . . . ."),
        vec![(PayClass::AnyPrincess, Line::Row(0), 5, 500)]
    );
}

#[test]
fn spec_example_cc_w_hh_pays_both_through_the_wild() {
    // C C W H H: Heart-3 (0.15) and Circle-3 (0.10) share only the wild at their ends: both pay.
    assert_eq!(
        wins("ci ci W he he/. . . . ./. . . . ./. . . . ./. . . . ."),
        vec![(HE, Line::Row(0), 3, 15), (CI, Line::Row(0), 3, 10)]
    );
}

#[test]
fn columns_pay_like_rows_top_to_bottom() {
    // Column 3 read top to bottom: C C W H H -> Heart-3 + Circle-3, as in a row.
    let t = ". . . ci ./. . . ci ./. . . W ./. . . he ./. . . he .";
    assert_eq!(
        wins(t),
        vec![(HE, Line::Col(3), 3, 15), (CI, Line::Col(3), 3, 10)]
    );
}

#[test]
fn empty_cells_break_runs() {
    // be be . be be: no run of 3.
    assert!(wins("be be . be be/. . . . ./. . . . ./. . . . ./. . . . .").is_empty());
}

#[test]
fn any_princess_against_a_single_princess() {
    // Love-3 (0.30) beats any-princess-3 (0.20) on the same cells.
    assert_eq!(
        wins("pr pr pr . ./. . . . ./. . . . ./. . . . ./. . . . ."),
        vec![(PR, Line::Row(0), 3, 30)]
    );
    // Love-3 inside a mixed run of 4: any-princess-4 (0.50) beats Love-3 (0.30).
    assert_eq!(
        wins("pr pr pr pb ./. . . . ./. . . . ./. . . . ./. . . . ."),
        vec![(PayClass::AnyPrincess, Line::Row(0), 4, 50)]
    );
    // Love-4 (1.00) inside a mixed run of 5: any-princess-5 (5.00) wins.
    assert_eq!(
        wins("pr pr pr pr pg/. . . . ./. . . . ./. . . . ./. . . . ."),
        vec![(PayClass::AnyPrincess, Line::Row(0), 5, 500)]
    );
    // Love-5 (10.00) beats any-princess-5 (5.00).
    assert_eq!(
        wins("pr pr pr pr pr/. . . . ./. . . . ./. . . . ./. . . . ."),
        vec![(PR, Line::Row(0), 5, 1000)]
    );
}

#[test]
fn every_paytable_value() {
    // One row per symbol and length; the other cells empty.
    let cases: [(&str, PayClass, [u64; 3]); 9] = [
        ("ci", CI, [10, 20, 200]),
        ("st", PayClass::Symbol(Symbol::LowStar), [10, 20, 200]),
        ("he", HE, [15, 30, 300]),
        ("be", BE, [15, 30, 300]),
        (
            "pg",
            PayClass::Symbol(Symbol::PrincessStorm),
            [30, 100, 1000],
        ),
        (
            "pb",
            PayClass::Symbol(Symbol::PrincessStar),
            [30, 100, 1000],
        ),
        ("pr", PR, [30, 100, 1000]),
        ("W", PayClass::Wild, [100, 300, 5000]),
        // any princess: a mix
        ("mix", PayClass::AnyPrincess, [20, 50, 500]),
    ];
    for (code, class, pays) in cases {
        for len in 3..=5usize {
            let cells: Vec<&str> = (0..5)
                .map(|i| {
                    if i >= len {
                        "."
                    } else if code == "mix" {
                        ["pr", "pb", "pg", "pr", "pb"][i]
                    } else {
                        code
                    }
                })
                .collect();
            let text = format!(
                "{}/. . . . ./. . . . ./. . . . ./. . . . .",
                cells.join(" ")
            );
            assert_eq!(
                wins(&text),
                vec![(class, Line::Row(0), len as u8, pays[len - 3])],
                "{text}"
            );
        }
    }
}

#[test]
fn a_row_win_and_a_column_win_share_a_cell_and_it_is_removed_once() {
    // Row 4 Bell-3 (cells (4,0..2)) and column 2 Bell-3 (cells (2..4,2)) share (4,2).
    // Pays 0.15 + 0.15 = 0.30. 5 cells removed; Wilds on (4,1) and (3,2); (3,2)'s Wild falls to
    // (4,2). Row 4 is then ". W W . .": no win, and only Wilds are left: the grid clears.
    let t = ". . . . ./. . . . ./. . be . ./. . be . ./be be be . .";
    let r = MoonPrincess::evaluate_sequence(&g(t), m(1));
    assert_eq!(r.total.hundredths(), 30);
    let Event::Tumble {
        removed,
        wilds,
        multiplier,
        grid,
    } = &r.events[2]
    else {
        panic!("{:?}", r.events)
    };
    assert_eq!(removed.len(), 5);
    assert_eq!(wilds, &vec![[3, 2], [4, 1]]);
    assert_eq!(*multiplier, Some(2));
    assert_eq!(grid, ". . . . ./. . . . ./. . . . ./. . . . ./. W W . .");
    assert!(r.cleared);
}

/// The multiplier `x` (1 to 20).
fn m(x: u32) -> Multiplier {
    Multiplier::new(x).unwrap()
}

// ---- Tumble: wilds on 3-cell wins, gravity, the multiplier ----

#[test]
fn three_cell_wins_leave_a_wild_and_the_rest_falls() {
    // Step 1 (x1): row 4 Circle-3 (4,0..2) = 0.10. Removed; a Wild on (4,1); the Stars at
    // (3,0) and (3,2) fall to (4,0) and (4,2).
    // Step 2 (x2): row 4 "st W st be he": Star-3 = 0.10 x 2 = 0.20. A Wild on (4,1).
    // Step 3 (x3): row 4 ". W . be he": no win. Total 0.30, multiplier ends at x3.
    let t = ". . . . ./. . . . ./. . . . ./st . st . ./ci ci ci be he";
    let r = MoonPrincess::evaluate_sequence(&g(t), m(1));
    let amounts: Vec<(u64, u32)> = r
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Win {
                paid, multiplier, ..
            } => Some((paid.unwrap().hundredths(), multiplier.unwrap())),
            _ => None,
        })
        .collect();
    assert_eq!(amounts, vec![(10, 1), (20, 2)]);
    assert_eq!(r.total.hundredths(), 30);
    assert_eq!(r.multiplier, 3);
    assert!(!r.cleared);
    let grids: Vec<&String> = r
        .events
        .iter()
        .filter_map(|e| {
            if let Event::Tumble { grid, .. } = e {
                Some(grid)
            } else {
                None
            }
        })
        .collect();
    assert_eq!(
        grids[0],
        ". . . . ./. . . . ./. . . . ./. . . . ./st W st be he"
    );
    assert_eq!(
        grids[1],
        ". . . . ./. . . . ./. . . . ./. . . . ./. W . be he"
    );
}

#[test]
fn two_three_cell_wins_sharing_a_middle_make_one_wild_then_the_grid_clears() {
    // A plus of Hearts: row 2 Heart-3 and column 2 Heart-3, both with middle (2,2). 0.15 + 0.15.
    // One Wild on (2,2); it falls to (4,2); only a Wild remains: the grid clears.
    let t = ". . . . ./. . he . ./. he he he ./. . he . ./. . . . .";
    let r = MoonPrincess::evaluate_sequence(&g(t), m(1));
    assert_eq!(r.total.hundredths(), 30);
    let Event::Tumble { wilds, grid, .. } = &r.events[2] else {
        panic!("{:?}", r.events)
    };
    assert_eq!(wilds, &vec![[2, 2]]);
    assert_eq!(grid, ". . . . ./. . . . ./. . . . ./. . . . ./. . W . .");
    assert!(r.cleared);
    assert!(
        matches!(r.events.last(), Some(Event::GridCleared { paid, uncapped: None }) if paid.is_zero())
    );
}

#[test]
fn gravity_keeps_order_and_leaves_empty_cells_on_top() {
    // Row 4 "he he he ci st": Heart-3 = 0.15; a Wild on (4,1). Column 0 above it holds pg (0,0)
    // and pb (2,0) with empty cells between: after the fall column 0 reads . . . pg pb.
    let t = "pg . . . ./. . . . ./pb . . . ./. . . . ./he he he ci st";
    let r = MoonPrincess::evaluate_sequence(&g(t), m(1));
    assert_eq!(r.total.hundredths(), 15);
    let Event::Tumble { grid, .. } = &r.events[1] else {
        panic!("{:?}", r.events)
    };
    assert_eq!(
        grid,
        ". . . . ./. . . . ./. . . . ./pg . . . ./pb W . ci st"
    );
}

#[test]
fn the_multiplier_starts_where_asked_and_never_passes_20() {
    // At x19: row 4 Circle-3 = 0.10 x 19 = 1.90; Wild on (4,1), the Stars fall; multiplier x20.
    // Then Star-3 = 0.10 x 20 = 2.00; the multiplier stays at x20 (not 21).
    let t = ". . . . ./. . . . ./. . . . ./st . st . ./ci ci ci be he";
    let r = MoonPrincess::evaluate_sequence(&g(t), m(19));
    assert_eq!(r.total.hundredths(), 190 + 200);
    assert_eq!(r.multiplier, 20);
    let r = MoonPrincess::evaluate_sequence(&g(t), m(20));
    assert_eq!(r.total.hundredths(), 200 + 200);
    assert_eq!(r.multiplier, 20);
}

// ---- Girl Power meter ----

#[test]
fn meter_sections_per_princess_win() {
    // Row 0 Love-4 (2 sections) + column 4 Storm-3 (1 section) + row 4 Wild-3 (none) = 3.
    let t = "pr pr pr pr ./. . . . pg/. . . . pg/. . . . pg/W W W . .";
    let ev = evaluate(&g(t));
    assert_eq!(ev.meter_sections(), 3);
    // any princess-5 fills 3.
    assert_eq!(
        evaluate(&g("pr pb pg pr pb/. . . . ./. . . . ./. . . . ./. . . . .")).meter_sections(),
        3
    );
    // Low symbols fill nothing.
    assert_eq!(
        evaluate(&g("ci ci ci ci ci/. . . . ./. . . . ./. . . . ./. . . . .")).meter_sections(),
        0
    );
}

#[test]
fn a_full_meter_is_reported_and_capped_at_3() {
    // Row 0 Love-5: 10.00 and 3 sections: the meter is full (eval reports it; in a round a
    // Trinity spin follows).
    let t = "pr pr pr pr pr/. . . . ./. . . . ./. . . . ./. . . . .";
    let r = MoonPrincess::evaluate_sequence(&g(t), m(1));
    assert_eq!(r.total.hundredths(), 1000);
    assert_eq!(r.meter, 3);
    assert!(r.meter_full);
    assert!(r.cleared, "all five removed, nothing left");
    // As a free spin the full meter empties at once (extra spins in a round): still reported.
    let r = MoonPrincess::evaluate_free_spin_sequence(&g(t), m(1));
    assert_eq!(r.meter, 0);
    assert!(r.meter_full);
    // No princess win: the meter stays empty and is never full.
    let r = MoonPrincess::evaluate_sequence(
        &g("ci ci ci ci ci/. . . . ./. . . . ./. . . . ./. . . . ."),
        m(1),
    );
    assert_eq!((r.total.hundredths(), r.meter), (200, 0));
    assert!(!r.meter_full);
}

#[test]
fn a_grids_pay_is_the_sum_of_its_wins_before_the_multiplier() {
    // Rows: Circle-5 2.00 twice, Star-5 2.00, Heart-5 3.00, Bell-5 3.00 = 12.00.
    let t = "ci ci ci ci ci/st st st st st/he he he he he/be be be be be/ci ci ci ci ci";
    assert_eq!(evaluate(&g(t)).pay(), 1200);
    assert_eq!(
        evaluate(&g("ci st ci st ci/. . . . ./. . . . ./. . . . ./. . . . .")).pay(),
        0
    );
}

#[test]
fn picks_and_multipliers_read_as_written() {
    use moon_princess::PICKS;
    let names: Vec<(&str, String)> = PICKS.iter().map(|p| (p.name(), p.to_string())).collect();
    assert_eq!(
        names,
        [("love", "love"), ("star", "star"), ("storm", "storm")].map(|(a, b)| (a, b.to_string()))
    );
    for p in PICKS {
        assert_eq!(p.name().parse::<moon_princess::Pick>(), Ok(p));
    }
    assert_eq!(u32::from(m(7)), 7);
    assert_eq!(u32::from(m(20)), 20);
}

// ---- Grid clear: base-game trigger and the 100x in free spins ----

#[test]
fn clearing_the_grid_triggers_in_base_and_pays_100x_in_free_spins() {
    // Rows: Circle-5 (2.00) x2, Star-5 (2.00), Heart-5 (3.00), Bell-5 (3.00) = 12.00; columns
    // "ci st he be ci" hold no run. All 25 removed, no 3-cell win, nothing left: clear.
    let t = "ci ci ci ci ci/st st st st st/he he he he he/be be be be be/ci ci ci ci ci";
    let base = MoonPrincess::evaluate_sequence(&g(t), m(1));
    assert_eq!(base.total.hundredths(), 1200);
    assert!(base.cleared);
    // As a free spin at x3: 12.00 x 3 = 36.00, plus the clear's 100.00, not multiplied.
    let free = MoonPrincess::evaluate_free_spin_sequence(&g(t), m(3));
    assert_eq!(free.total.hundredths(), 3600 + 10_000);
    assert!(free.cleared);
}

#[test]
fn a_grid_with_only_wilds_left_and_no_win_is_clear() {
    let r = MoonPrincess::evaluate_free_spin_sequence(
        &g("W . W . ./. . . . ./W . . . W/. . . . ./. W . W ."),
        m(1),
    );
    assert!(r.cleared);
    assert_eq!(r.total.hundredths(), 10_000);
    // One regular symbol left: not clear.
    let r = MoonPrincess::evaluate_free_spin_sequence(
        &g("W . W . ./. . . . ./W . . . W/. . . . ./. W . W ci"),
        m(1),
    );
    assert!(!r.cleared);
    assert_eq!(r.total.hundredths(), 0);
}

// ---- The cap ----

#[test]
fn eval_reports_the_win_before_and_after_the_cap() {
    // 25 Wilds at x20: each of 10 lines Wild-5 = 50.00 x 20 = 1,000.00: 10,000 x in all; a
    // round would pay the 5,000 x cap.
    let t = "W W W W W/W W W W W/W W W W W/W W W W W/W W W W W";
    let r = MoonPrincess::evaluate_sequence(&g(t), m(20));
    assert_eq!(r.total.hundredths(), 1_000_000);
    assert_eq!(r.paid.hundredths(), 500_000);
    let n = r
        .events
        .iter()
        .filter(|e| matches!(e, Event::Win { .. }))
        .count();
    assert_eq!(n, 10, "eval plays the whole sequence");
}

// ---- The powers, with a scripted generator ----

#[test]
fn scripted_words_hit_their_index() {
    for n in 1..10 {
        for k in 0..n {
            let mut s = Script::new(vec![word(k, n)]);
            assert_eq!(slot_core::sampling::bounded(&mut s, n), k);
        }
    }
}

#[test]
fn love_turns_every_cell_of_one_symbol_into_another() {
    // Present non-wild symbols: ci (0), st (1), he (2). Draw 1 of 3 -> st; then 4 of the 6
    // others (ci he be pg pb pr) -> pb. Every st becomes pb; the Wild stays.
    let mut grid = g("ci st he . ./st W . . ./. . . . ./. . . . ./. . . . st");
    let mut rng = Script::new(vec![word(1, 3), word(4, 6)]);
    assert_eq!(
        features::love(&mut grid, &mut rng),
        Some((Symbol::LowStar, Symbol::PrincessStar))
    );
    assert_eq!(
        grid_text(&grid),
        "ci pb he . ./pb W . . ./. . . . ./. . . . ./. . . . pb"
    );
}

#[test]
fn star_turns_one_or_two_non_wild_cells_into_wilds() {
    // Non-wild cells top-left first: (0,0) ci, (0,1) st, (1,1) he ((1,0) is a Wild).
    // First draw 2 of 3 -> (1,1); then of (0,0), (0,1): 0 -> (0,0).
    let mut grid = g("ci st . . ./W he . . ./. . . . ./. . . . ./. . . . .");
    let mut rng = Script::new(vec![word(2, 3), word(0, 2)]);
    let made = features::star(&mut grid, 2, &mut rng);
    assert_eq!(made, 1 << 6 | 1 << 0);
    assert_eq!(
        grid_text(&grid),
        "W st . . ./W W . . ./. . . . ./. . . . ./. . . . ."
    );
    // Fewer left than wanted: one non-wild cell, two wanted -> one Wild, one draw.
    let mut grid = g("ci W . . ./. . . . ./. . . . ./. . . . ./. . . . .");
    let mut rng = Script::new(vec![word(0, 1)]);
    assert_eq!(features::star(&mut grid, 2, &mut rng), 1);
}

#[test]
fn storm_removes_two_symbols_and_the_rest_falls_without_a_tumble() {
    // Present: ci (0), he (2), be (3). Draw 2 of 3 -> be; then 0 of the other 2 (ci, he) -> ci.
    // The 4 cells of be ((2,0), (2,1)) and ci ((1,0), (4,0)) are removed; the he at (0,0) falls
    // to (4,0).
    let mut grid = g("he . . . ./ci . . . ./be be . . ./. . . . ./ci he W . .");
    let mut rng = Script::new(vec![word(2, 3), word(0, 2)]);
    let (a, b, removed) = features::storm(&mut grid, &mut rng);
    assert_eq!((a, b), (Some(Symbol::Bell), Some(Symbol::Circle)));
    assert_eq!(removed.count_ones(), 4);
    assert_eq!(
        grid_text(&grid),
        ". . . . ./. . . . ./. . . . ./. . . . ./he he W . ."
    );
    // Only one symbol present: it alone goes.
    let mut grid = g("he W . . ./. . . . ./. . . . ./. . . . ./. . . . .");
    let mut rng = Script::new(vec![word(0, 1)]);
    assert_eq!(features::storm(&mut grid, &mut rng).0, Some(Symbol::Heart));
    assert_eq!(
        grid_text(&grid),
        ". . . . ./. . . . ./. . . . ./. . . . ./. W . . ."
    );
}

#[test]
fn power_names_follow_the_spec_order() {
    assert_eq!(moon_princess::Pick::Love.power(), Power::Love);
    assert_eq!(moon_princess::Pick::Star.power(), Power::Star);
    assert_eq!(moon_princess::Pick::Storm.power(), Power::Storm);
    assert_eq!(
        serde_json::to_string(&Power::Storm.princess()).unwrap(),
        "\"storm\""
    );
}
