//! Moon Princess: a full round (paid spin, tumbles, powers, Trinity and free spins when they
//! come) for each pick next to the random draws alone (`round / draws only` is the round's
//! cost as a multiple of its random numbers), the free-spin feature alone, and one grid
//! evaluation.
use benches::games::Played;
use benches::round_and_draws;
use criterion::{Criterion, criterion_group, criterion_main};
use moon_princess::{MoonPrincess, Pick, evaluate, parse_grid};
use slot_core::recorder::NoRecorder;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let game = MoonPrincess::standard();
    let mut g = c.benchmark_group("moon_princess");
    for pick in [Pick::Love, Pick::Star, Pick::Storm] {
        round_and_draws(&mut g, &pick.to_string(), &Played(&game, pick));
    }
    g.finish();
    let mut rng = slot_core::replay::batch_rng(1, 0);
    c.bench_function("moon_princess/free spins feature (storm)", |b| {
        b.iter(|| {
            black_box(
                game.play_free_spins(Pick::Storm, &mut rng, &mut NoRecorder)
                    .win,
            )
        })
    });
    let grid =
        parse_grid("ci ci W he he/pr pb pg st st/be be be ci he/st W st pr pr/he ci ci ci pb")
            .unwrap();
    c.bench_function("moon_princess/evaluate one grid", |b| {
        b.iter(|| black_box(evaluate(black_box(&grid)).pay()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
