//! The core primitives: bounded draws, weighted tables, reel strips, gravity, line runs,
//! connected clusters.

use criterion::{Criterion, criterion_group, criterion_main};
use rand_core::Rng;
use slot_core::bit_draws::{BitPool, Pow2Table, pow2_weights};
use slot_core::cluster::components;
use slot_core::grid::Grid;
use slot_core::lines::for_each_run;
use slot_core::replay::batch_rng;
use slot_core::sampling::{ReelStrip, WeightedTable, bounded};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut rng = batch_rng(3, 0);
    c.bench_function("next_u32", |b| b.iter(|| black_box(rng.next_u32())));
    c.bench_function("bounded(37)", |b| {
        b.iter(|| black_box(bounded(&mut rng, 37)))
    });
    let small = WeightedTable::new(
        (0u8..11).zip([1600, 1600, 1500, 1300, 1100, 900, 750, 600, 400, 164, 60]),
    )
    .unwrap();
    c.bench_function("weighted table, 11 outcomes, lookup", |b| {
        b.iter(|| black_box(small.sample_index(&mut rng)))
    });
    let big = WeightedTable::new((0u8..11).map(|i| (i, 100_000 + i as u32))).unwrap();
    c.bench_function("weighted table, 11 outcomes, search", |b| {
        b.iter(|| black_box(big.sample_index(&mut rng)))
    });
    // A grid's 30 cells drawn from 11 weighted outcomes: today's tables (one bounded draw of
    // a 32-bit word each) beside a power-of-two table of the same shape (16 bits each, four
    // draws per 64-bit word), the re-expression issue 21 weighs.
    let weights = [1600, 1600, 1500, 1300, 1100, 900, 750, 600, 400, 164, 60];
    c.bench_function("30 cells, weighted table", |b| {
        b.iter(|| {
            let mut acc = 0usize;
            for _ in 0..30 {
                acc += small.sample_index(&mut rng);
            }
            black_box(acc)
        })
    });
    let pow2 = Pow2Table::new(&pow2_weights(&weights, 16).unwrap()).unwrap();
    c.bench_function("30 cells, power-of-two table from a bit pool", |b| {
        b.iter(|| {
            let mut pool = BitPool::new();
            let mut acc = 0usize;
            for _ in 0..30 {
                acc += pow2.sample(&mut rng, &mut pool);
            }
            black_box(acc)
        })
    });
    let strip = ReelStrip::new((0..60u8).map(|i| i % 11).collect::<Vec<_>>()).unwrap();
    c.bench_function("reel strip stop + window of 3", |b| {
        b.iter(|| {
            let s = strip.draw_stop(&mut rng);
            black_box((strip.at(s), strip.at(s + 1), strip.at(s + 2)))
        })
    });
    let mut full: Grid<6, 5, 11> = Grid::empty();
    let shape = full.shape();
    for i in 0..30 {
        full.set(i, (i * 7 % 11) as u8);
    }
    c.bench_function("gravity 6x5, 8 cells removed", |b| {
        b.iter(|| {
            let mut g = full;
            g.remove(0b1010_0000_0101_0000_0011_0000_1100_0000u64);
            black_box(g.apply_gravity())
        })
    });
    let sq = Grid::<5, 5, 1>::SHAPE;
    c.bench_function("line runs 5x5", |b| {
        b.iter(|| {
            let mut n = 0;
            for_each_run(sq, black_box(0x015A_F37C), 3, |r| n += r.len as u32);
            black_box(n)
        })
    });
    c.bench_function("clusters 6x5", |b| {
        b.iter(|| black_box(components(shape, black_box(0x0002_A5C3_F19B)).len()))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
