//! Wish Upon a Star: a full round (paid spin, gift bonus wins, free spins, Lock & Spin) with
//! the simulator's generator and no recorder; one grid's evaluation; Lock & Spin from 6 Stars;
//! and the exact figures of the shipped model. `round / draws only` is a round's cost as a
//! multiple of its random numbers alone.
use benches::games::Played;
use benches::round_and_draws;
use criterion::{Criterion, criterion_group, criterion_main};
use slot_core::recorder::NoRecorder;
use slot_core::replay::batch_rng;
use std::hint::black_box;
use wish_upon_a_star::math_model::StarValue;
use wish_upon_a_star::symbols::parse_grid;
use wish_upon_a_star::{ExactFigures, WishUponAStar, evaluate};

fn bench(c: &mut Criterion) {
    let game = WishUponAStar::standard();
    let mut g = c.benchmark_group("wish_upon_a_star");
    round_and_draws(
        &mut g,
        "round",
        &Played(&game, wish_upon_a_star::game::Standard),
    );
    g.finish();
    let mut rng = batch_rng(20_261_129, 0);
    let grid = parse_grid("K W K W J / A W Q W K / 10 W K W 10").unwrap();
    c.bench_function("wish_upon_a_star/evaluate_grid", |b| {
        b.iter(|| black_box(evaluate(black_box(&grid)).total))
    });
    c.bench_function("wish_upon_a_star/lock_and_spin_from_6", |b| {
        b.iter(|| {
            let mut values = [StarValue::Mini; 15];
            black_box(
                game.lock_and_spin(&mut rng, &mut NoRecorder, 0b11_1111, &mut values)
                    .win,
            )
        })
    });
    let mut g = c.benchmark_group("wish_upon_a_star/exact");
    g.sample_size(10);
    g.bench_function("exact_figures", |b| {
        b.iter(|| black_box(ExactFigures::compute(game.model()).map(|e| e.rtp)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
