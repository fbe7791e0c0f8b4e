//! Starlight Christmas: a full round in each mode, and the random draws alone.
//!
//! `draws only` pulls from the same generator exactly as many 32-bit words as the rounds of
//! `round/standard` consume (counted first with `CountingRng`), so
//! `round / draws only` is the round's cost as a multiple of its unavoidable part.

use benches::CountingRng;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_core::Rng;
use slot_core::recorder::NoRecorder;
use slot_core::sim::batch_rng;
use starlight_christmas::{BetMode, StarlightChristmas};
use std::hint::black_box;

const ROUNDS: u64 = 1000;

fn bench(c: &mut Criterion) {
    let game = StarlightChristmas::standard();
    let mut g = c.benchmark_group("starlight_christmas");
    g.throughput(Throughput::Elements(ROUNDS));
    for mode in [BetMode::Standard, BetMode::Ante] {
        g.bench_function(format!("round/{}", mode.name()), |b| {
            let mut rng = batch_rng(1, 0);
            b.iter(|| {
                let mut w = 0;
                for _ in 0..ROUNDS {
                    w += game
                        .play_round(mode, &mut rng, &mut NoRecorder)
                        .win
                        .hundredths();
                }
                black_box(w)
            })
        });
    }
    // Words a standard round draws on average, measured over many rounds.
    let mut counting = CountingRng {
        inner: batch_rng(1, 0),
        words: 0,
    };
    let sample = 200_000;
    for _ in 0..sample {
        game.play_round(BetMode::Standard, &mut counting, &mut NoRecorder);
    }
    let words = counting.words * ROUNDS / sample;
    eprintln!(
        "a standard round draws {:.1} words on average",
        counting.words as f64 / sample as f64
    );
    g.bench_function("draws only/standard", |b| {
        let mut rng = batch_rng(1, 0);
        b.iter(|| {
            let mut x = 0u32;
            for _ in 0..words {
                x ^= rng.next_u32();
            }
            black_box(x)
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
