//! Instruction counts (gungraun on valgrind's callgrind): a fixed set of rounds of each game,
//! mode and pick, and the core primitives. Counts are exact and repeatable on a busy machine,
//! unlike wall time; `benches/baselines/instructions.json` holds the committed counts and
//! `cargo run -p benches --bin instruction-check` fails when one rises more than 5 % above
//! its baseline (guide, "Benchmarks").
//!
//! Everything a bench needs (the game, its tables, the grids) is built in its argument, which
//! gungraun runs outside the measurement; only the function body is counted.

// The gungraun macros generate undocumented modules.
#![allow(missing_docs)]

use benches::Round;
use benches::games::Played;
use gungraun::{library_benchmark, library_benchmark_group, main};
use rand_core::Rng;
use slot_core::cluster::components;
use slot_core::grid::{Grid, Mask};
use slot_core::lines::for_each_run;
use slot_core::replay::batch_rng;
use slot_core::sampling::{ReelStrip, WeightedTable, bounded};
use std::hint::black_box;

/// Rounds per game bench: enough for the features to show up, few enough for valgrind to
/// run them in a second.
const ROUNDS: u64 = 300;
/// Calls per primitive bench.
const CALLS: u64 = 1000;

/// Plays `ROUNDS` rounds of batch 0 of seed 1: the total win.
fn rounds(round: &impl Round) -> u64 {
    let mut rng = batch_rng(1, 0);
    let mut w = 0u64;
    for _ in 0..ROUNDS {
        w = w.wrapping_add(round.play(&mut rng));
    }
    w
}

fn starlight(
    mode: starlight_christmas::BetMode,
) -> (
    starlight_christmas::StarlightChristmas,
    starlight_christmas::BetMode,
) {
    (starlight_christmas::StarlightChristmas::standard(), mode)
}

#[library_benchmark]
#[bench::standard(starlight(starlight_christmas::BetMode::Standard))]
#[bench::ante(starlight(starlight_christmas::BetMode::Ante))]
fn starlight_christmas_rounds(
    (game, mode): (
        starlight_christmas::StarlightChristmas,
        starlight_christmas::BetMode,
    ),
) -> u64 {
    black_box(rounds(&Played(&game, mode)))
}

fn moon(pick: moon_princess::Pick) -> (moon_princess::MoonPrincess, moon_princess::Pick) {
    (moon_princess::MoonPrincess::standard(), pick)
}

#[library_benchmark]
#[bench::love(moon(moon_princess::Pick::Love))]
#[bench::star(moon(moon_princess::Pick::Star))]
#[bench::storm(moon(moon_princess::Pick::Storm))]
fn moon_princess_rounds((game, pick): (moon_princess::MoonPrincess, moon_princess::Pick)) -> u64 {
    black_box(rounds(&Played(&game, pick)))
}

#[library_benchmark]
#[bench::standard(wish_upon_a_star::WishUponAStar::standard())]
fn wish_upon_a_star_rounds(game: wish_upon_a_star::WishUponAStar) -> u64 {
    black_box(rounds(&Played(&game, wish_upon_a_star::game::Standard)))
}

library_benchmark_group!(
    name = rounds_of_each_game;
    benchmarks = starlight_christmas_rounds, moon_princess_rounds, wish_upon_a_star_rounds
);

/// Starlight Christmas's standard base-game cell weights before they were re-expressed to a
/// power-of-two total (Scatter, nine paying symbols, Multiplier): a table of 11 outcomes
/// whose total, 99,745, is not a power of two, as a general weighted table meets.
fn cell_table() -> WeightedTable<u8> {
    let weights = [
        1640, 16000, 16000, 15000, 13000, 11000, 9000, 7500, 6000, 3998, 607,
    ];
    WeightedTable::new((0u8..).zip(weights)).expect("valid weights")
}

#[library_benchmark]
#[bench::starlight_cells(cell_table())]
fn weighted_table_draws(table: WeightedTable<u8>) -> u64 {
    let mut rng = batch_rng(1, 0);
    let mut x = 0u64;
    for _ in 0..CALLS {
        x += table.sample_index(&mut rng) as u64;
    }
    black_box(x)
}

#[library_benchmark]
fn bounded_draws() -> u64 {
    let mut rng = batch_rng(1, 0);
    let mut x = 0u64;
    for _ in 0..CALLS {
        x += u64::from(bounded(&mut rng, 37));
    }
    black_box(x)
}

#[library_benchmark]
#[bench::strip_of_60(ReelStrip::new((0..60u8).map(|i| i % 11).collect::<Vec<_>>()).unwrap())]
fn reel_strip_windows(strip: ReelStrip) -> u64 {
    let mut rng = batch_rng(1, 0);
    let mut x = 0u64;
    for _ in 0..CALLS {
        let s = strip.draw_stop(&mut rng);
        for r in 0..5 {
            x += u64::from(strip.at(s + r));
        }
    }
    black_box(x)
}

/// A full 6x5 grid of 25 symbols and `CALLS` removal masks of about a quarter of its cells.
fn gravity_inputs() -> (Grid<6, 5, 25>, Vec<Mask>) {
    let mut rng = batch_rng(2, 0);
    let mut g = Grid::empty();
    for i in 0..30 {
        g.set(i, (rng.next_u32() % 25) as u8);
    }
    let masks = (0..CALLS)
        .map(|_| rng.next_u64() & rng.next_u64() & ((1 << 30) - 1))
        .collect();
    (g, masks)
}

#[library_benchmark]
#[bench::grid_6x5(gravity_inputs())]
fn gravity((full, masks): (Grid<6, 5, 25>, Vec<Mask>)) -> u64 {
    let mut x = 0u64;
    for &m in &masks {
        let mut g = full;
        g.remove(m);
        x ^= g.apply_gravity();
    }
    black_box(x)
}

/// `CALLS` random cell sets of a 30-cell grid, about half the cells each.
fn cell_sets() -> Vec<Mask> {
    let mut rng = batch_rng(3, 0);
    (0..CALLS)
        .map(|_| rng.next_u64() & ((1 << 30) - 1))
        .collect()
}

#[library_benchmark]
#[bench::grid_6x5(cell_sets())]
fn clusters(sets: Vec<Mask>) -> u64 {
    let shape = Grid::<6, 5, 1>::SHAPE;
    let mut x = 0u64;
    for &m in &sets {
        x += components(shape, m).len() as u64;
    }
    black_box(x)
}

#[library_benchmark]
#[bench::grid_5x5(cell_sets())]
fn line_runs(sets: Vec<Mask>) -> u64 {
    let shape = Grid::<5, 5, 1>::SHAPE;
    let mut x = 0u64;
    for &m in &sets {
        for_each_run(shape, m & ((1 << 25) - 1), 3, |r| x += u64::from(r.len));
    }
    black_box(x)
}

/// `CALLS` landed Moon Princess base-game grids (random cells of the 8 codes).
fn moon_grids() -> Vec<moon_princess::MpGrid> {
    let mut rng = batch_rng(4, 0);
    (0..CALLS)
        .map(|_| {
            let mut g = moon_princess::MpGrid::empty();
            for i in 0..25 {
                g.set(i, (rng.next_u32() % 8) as u8);
            }
            g
        })
        .collect()
}

#[library_benchmark]
#[bench::random_grids(moon_grids())]
fn moon_princess_evaluate(grids: Vec<moon_princess::MpGrid>) -> u64 {
    let mut x = 0u64;
    for g in &grids {
        x += moon_princess::evaluate(g).pay();
    }
    black_box(x)
}

/// `CALLS` Wish Upon a Star grids, every cell a symbol allowed on its reel.
fn wish_grids() -> Vec<wish_upon_a_star::symbols::WishGrid> {
    use wish_upon_a_star::symbols::{SHAPE, SYMBOLS, WishGrid, allowed_on_reel};
    let mut rng = batch_rng(5, 0);
    (0..CALLS)
        .map(|_| {
            let mut g = WishGrid::empty();
            for i in 0..SHAPE.cells() {
                let reel = SHAPE.position(i).1;
                let s = loop {
                    let s = (rng.next_u32() % SYMBOLS as u32) as u8;
                    if allowed_on_reel(s, reel) {
                        break s;
                    }
                };
                g.set(i, s);
            }
            g
        })
        .collect()
}

#[library_benchmark]
#[bench::random_grids(wish_grids())]
fn wish_upon_a_star_evaluate(grids: Vec<wish_upon_a_star::symbols::WishGrid>) -> u64 {
    let mut x = 0u64;
    for g in &grids {
        x += wish_upon_a_star::evaluate(g).total.hundredths();
    }
    black_box(x)
}

library_benchmark_group!(
    name = primitives;
    benchmarks = weighted_table_draws, bounded_draws, reel_strip_windows, gravity, clusters,
        line_runs, moon_princess_evaluate, wish_upon_a_star_evaluate
);

main!(library_benchmark_groups = rounds_of_each_game, primitives);
