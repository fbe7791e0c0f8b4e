//! Starlight Christmas: a full round in each mode next to the random draws alone.
//!
//! `draws only/<mode>` makes exactly as many calls of the same generator as the rounds of
//! `round/<mode>` make on average (counted first with `CountingRng`), so
//! `round / draws only` is the round's cost as a multiple of its unavoidable part.

use benches::games::Played;
use benches::round_and_draws;
use criterion::{Criterion, criterion_group, criterion_main};
use starlight_christmas::{BetMode, StarlightChristmas};

fn bench(c: &mut Criterion) {
    let game = StarlightChristmas::standard();
    let mut g = c.benchmark_group("starlight_christmas");
    for mode in [BetMode::Standard, BetMode::Ante] {
        round_and_draws(&mut g, mode.name(), &Played(&game, mode));
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
