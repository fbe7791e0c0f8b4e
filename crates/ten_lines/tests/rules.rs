//! One hand-worked grid per rule, each with its exact expected win worked out from the rule
//! sheet (crate docs), not from the code: pays per line bet x 10 = hundredths of the total bet.

use slot_core::Game;
use slot_core::events::{Event, EventLog};
use slot_core::game::EvalOptions;
use slot_core::money::Win;
use ten_lines::TenLines;
use ten_lines::paytable::PAYLINES;
use ten_lines::symbols::{SEVEN, Window};

fn eval(grid: &str, free_spin: bool) -> slot_core::game::GridReport {
    TenLines::evaluate_grid_text(
        grid,
        EvalOptions {
            free_spin,
            multiplier: None,
        },
    )
    .unwrap()
}

/// Reel 1 shows only 10, J, Q and reel 2 only K, Bell, Bar: no run can pass reel 1 unless
/// reel 2 matches it on purpose.
fn filler() -> Window {
    use ten_lines::symbols::*;
    [
        [TEN, JACK, QUEEN],
        [KING, BELL, BAR],
        [TEN, JACK, QUEEN],
        [KING, BELL, BAR],
        [TEN, JACK, QUEEN],
    ]
}

#[test]
fn every_payline_pays_five_sevens_along_its_own_path() {
    for (l, path) in PAYLINES.iter().enumerate() {
        let mut w = filler();
        for (reel, &row) in path.iter().enumerate() {
            w[reel][usize::from(row)] = SEVEN;
        }
        let ev = ten_lines::evaluate(&w);
        // No two paylines share their first three cells, so this line alone pays:
        // Seven x5 = 1,000 line bets = 100 x the total bet.
        assert_eq!(ev.line_count, 1, "payline {}", l + 1);
        let win = ev.line_wins()[0];
        assert_eq!(
            (usize::from(win.line), win.len),
            (l, 5),
            "payline {}",
            l + 1
        );
        assert_eq!(ev.line_total, Win::from_hundredths(10_000));
    }
}

#[test]
fn a_middle_row_of_three_tens_pays_8_line_bets() {
    let r = eval("J K Q K J/10 10 10 J Q/Q J K Q K", false);
    assert_eq!(r.wins.len(), 1);
    assert_eq!(r.wins[0].symbol, "10");
    assert_eq!(r.wins[0].cells, vec![[1, 0], [1, 1], [1, 2]]);
    assert_eq!(r.total, Win::from_hundredths(80));
}

#[test]
fn a_v_line_pays_along_its_shape() {
    // Payline 4 (rows 1 2 3 2 1): K on reels 1 to 4, then J: K x4 = 40 line bets.
    let r = eval("K be ba K J/10 K be K Q/Q J K ba 10", false);
    assert_eq!(r.extra["lines"], serde_json::json!([4]));
    assert_eq!(r.wins[0].count, 4);
    assert_eq!(r.total, Win::from_hundredths(400));
}

#[test]
fn wilds_stand_for_the_symbol_of_reel_1() {
    // 10 W W K: 10 x3 = 8 line bets.
    let r = eval("Q be ba be ba/10 W W K J/J ba be ba be", false);
    assert_eq!(r.total, Win::from_hundredths(80));
    // K W W K K: K x5 = 150 line bets.
    let r = eval("Q be ba be ba/K W W K K/J ba be ba be", false);
    assert_eq!(r.wins.len(), 1);
    assert_eq!(r.total, Win::from_hundredths(1_500));
}

#[test]
fn a_scatter_breaks_a_run() {
    // Q Q SC Q Q: the run is 2 long, nothing pays; one Scatter pays nothing.
    let r = eval("10 be ba be ba/Q Q SC Q Q/J ba be ba be", false);
    assert!(r.wins.is_empty());
    assert_eq!(r.total, Win::ZERO);
    assert_eq!(r.extra["scatters"], 1);
}

#[test]
fn three_scatters_pay_twice_the_bet_and_trigger_free_spins() {
    let grid = "SC be SC be SC/10 K be J Q/J ba ba ba be";
    let r = eval(grid, false);
    assert_eq!(r.wins.len(), 1);
    assert_eq!(r.wins[0].symbol, "SC");
    assert_eq!(r.total, Win::from_hundredths(200));
    assert_eq!(r.extra["free_spins_triggered"], true);
    // In a free spin the Scatters pay the same 2 x (not tripled) and award nothing.
    let r = eval(grid, true);
    assert_eq!(r.total, Win::from_hundredths(200));
    assert_eq!(r.extra["free_spins_triggered"], false);
}

#[test]
fn free_spin_line_wins_are_tripled() {
    // 10 x3 = 8 line bets, x3 in a free spin = 24 line bets = 2.40 x bet.
    let r = eval("Q be ba be ba/10 W W K J/J ba be ba be", true);
    assert_eq!(r.wins[0].multiplier, 3);
    assert_eq!(r.total, Win::from_hundredths(240));
}

#[test]
fn grids_that_cannot_land_and_options_the_game_lacks_are_refused() {
    let o = EvalOptions::default();
    assert!(TenLines::evaluate_grid_text("W be ba be ba/10 W W K J/J ba be ba be", o).is_err());
    assert!(TenLines::evaluate_grid_text("10 J", o).is_err());
    let m = EvalOptions {
        free_spin: false,
        multiplier: Some(2),
    };
    assert!(TenLines::evaluate_grid_text("Q be ba be ba/10 W W K J/J ba be ba be", m).is_err());
}

/// Plays rounds of seed 7 with a record until one whose free spins land 3 Scatters.
#[test]
fn free_spins_are_ten_and_never_retrigger() {
    let game = TenLines::standard();
    let mut seen_free_scatter = false;
    for k in 0..200_000u64 {
        let (outcome, log): (_, EventLog) =
            slot_core::replay::replay_game_round(&game, ten_lines::game::Standard, 7, k);
        if !outcome.free_spins_triggered {
            continue;
        }
        let spins = log
            .events
            .iter()
            .filter(|e| matches!(e, Event::SpinStart { .. }))
            .count();
        let awards = log
            .events
            .iter()
            .filter(|e| matches!(e, Event::FreeSpinsAwarded { .. }))
            .count();
        assert_eq!((spins, awards), (11, 1), "round {k}");
        // A free spin (after the first landed grid) with 3 Scatters: paid, not retriggered.
        let free_scatter = log
            .events
            .iter()
            .skip_while(|e| !matches!(e, Event::FreeSpinsAwarded { .. }))
            .any(|e| matches!(e, Event::Win { symbol, .. } if symbol == "SC"));
        if free_scatter {
            seen_free_scatter = true;
            break;
        }
    }
    assert!(seen_free_scatter, "no free spin landed 3 Scatters");
}

#[test]
fn the_cell_codes_shown_name_every_symbol_with_its_code() {
    // `eval --help` and the viewer show `CELL_CODES`: every code of the grid text is there,
    // and every code shown reads back as a symbol.
    let shown: Vec<&str> = TenLines::CELL_CODES
        .split(", ")
        .map(|item| item.split(' ').next().unwrap())
        .collect();
    assert_eq!(shown, ten_lines::symbols::TEXT_CODES);
    for code in shown {
        assert!(ten_lines::symbols::from_code(code).is_some(), "{code}");
    }
}

#[test]
fn a_round_starts_by_naming_the_game_and_its_model() {
    let game = TenLines::standard();
    let log = slot_core::replay::replay_game_round(&game, ten_lines::game::Standard, 1, 0).1;
    match &log.events[0] {
        Event::RoundStart {
            game: id,
            mode,
            model,
        } => {
            assert_eq!(id.name(), "ten-lines");
            assert_eq!(*mode, slot_core::events::StakeMode::Standard);
            assert_eq!(*model, game.fingerprint());
        }
        other => panic!("a round starts with round_start, not {other:?}"),
    }
    assert!(matches!(log.events[1], Event::SpinStart { .. }));
}

/// `play --grid` and the viewer's typed grid: the grid taken as the paid spin's landing.
fn play_grid(grid: &str, seed: u64) -> Result<(Win, EventLog), slot_core::game::EvalError> {
    let game = TenLines::standard();
    let mut rng = slot_core::replay::rng_at_round(seed, 0, |_| {});
    let mut log = EventLog::default();
    let win = game.play_from_grid(ten_lines::game::Standard, grid, &mut rng, &mut log)?;
    Ok((win, log))
}

#[test]
fn a_played_grid_without_scatters_pays_its_lines_and_ends() {
    // The middle row (payline 1) shows 10 10 10: 8 line bets = 0.80 x bet = 80 hundredths;
    // no other line runs 3 (worked by hand), no Scatter: no free spins, nothing drawn.
    let (win, log) = play_grid("J K Q K J/10 10 10 J Q/Q J K Q K", 1).unwrap();
    assert_eq!(win, Win::from_hundredths(80));
    assert!(matches!(log.events[0], Event::RoundStart { .. }));
    assert!(matches!(
        &log.events[2],
        Event::Landed { grid, stops: None, .. } if grid == "J K Q K J/10 10 10 J Q/Q J K Q K"
    ));
    assert!(
        !log.events
            .iter()
            .any(|e| matches!(e, Event::FreeSpinsAwarded { .. }))
    );
    assert!(matches!(
        log.events.last(),
        Some(Event::RoundEnd { win: w, capped: false }) if *w == Win::from_hundredths(80)
    ));
    assert_eq!(log.reconcile().unwrap(), Win::from_hundredths(80));
}

#[test]
fn a_played_grid_with_three_scatters_plays_ten_free_spins_after_its_own_pay() {
    // Top row (payline 2) 7 7 7 7 7: 1,000 line bets = 100 x bet; three Scatters pay 2 x bet:
    // 10,200 hundredths from the grid itself, then 10 free spins drawn from the generator.
    let grid = "7 7 7 7 7/10 J Q K be/SC ba SC W SC";
    for seed in [1, 2, 3] {
        let (win, log) = play_grid(grid, seed).unwrap();
        let spins = log
            .events
            .iter()
            .filter(|e| matches!(e, Event::SpinStart { .. }))
            .count();
        assert_eq!(spins, 11, "seed {seed}");
        let first_paid: u64 = log
            .events
            .iter()
            .take_while(|e| !matches!(e, Event::FreeSpinsAwarded { .. }))
            .filter_map(|e| match e {
                Event::Win { paid, .. } => paid.map(|p| p.hundredths()),
                _ => None,
            })
            .sum();
        assert_eq!(first_paid, 10_200, "seed {seed}");
        assert!(win >= Win::from_hundredths(10_200), "seed {seed}");
        assert_eq!(log.reconcile().unwrap(), win, "seed {seed}");
    }
}

#[test]
fn a_played_grid_that_cannot_land_is_refused() {
    // Wild never stands on reel 1 (rule sheet).
    let e = play_grid("W K Q K J/10 10 10 J Q/Q J K Q K", 1).unwrap_err();
    assert!(matches!(e, slot_core::game::EvalError::Grid(_)), "{e}");
    let e = play_grid("J K Q/10 10 10", 1).unwrap_err();
    assert!(matches!(e, slot_core::game::EvalError::Grid(_)), "{e}");
}
