//! Helpers shared by the criterion benches in `benches/`.

pub mod games;

use rand_core::{Infallible, TryRng};

/// Wraps a generator and counts the calls made to it (a 32-bit or a 64-bit word each: one
/// step of PCG-64 either way; `fill_bytes` as one call per 8 bytes), so a bench can make
/// exactly as many generator calls as a round needs and compare the round's cost with that
/// unavoidable part.
#[derive(Debug)]
pub struct CountingRng<R> {
    /// The wrapped generator.
    pub inner: R,
    /// Calls made so far.
    pub calls: u64,
}

impl<R: rand_core::Rng> TryRng for CountingRng<R> {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        self.calls += 1;
        Ok(self.inner.next_u32())
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.calls += 1;
        Ok(self.inner.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.calls += dst.len().div_ceil(8) as u64;
        self.inner.fill_bytes(dst);
        Ok(())
    }
}

/// A game's round as the benches play it: one round with `rng`, no recorder, its win in
/// hundredths of the bet.
pub trait Round {
    /// Plays one round.
    fn play<R: rand_core::Rng>(&self, rng: &mut R) -> u64;
}

/// Generator calls `round` makes per round on average over `rounds` rounds of the
/// simulator's batch 0 of seed 1 (counted with [`CountingRng`]).
pub fn calls_per_round(round: &impl Round, rounds: u64) -> f64 {
    let mut counting = CountingRng {
        inner: slot_core::replay::batch_rng(1, 0),
        calls: 0,
    };
    for _ in 0..rounds {
        round.play(&mut counting);
    }
    counting.calls as f64 / rounds as f64
}

/// Rounds per criterion iteration in [`round_and_draws`].
pub const ROUNDS_PER_ITER: u64 = 1000;

/// Two criterion benches side by side in `group`: `round/<name>` plays [`ROUNDS_PER_ITER`]
/// rounds, `draws only/<name>` makes as many calls of the same generator (64-bit words) as
/// those rounds make on average. `round / draws only` is the round's cost as a multiple of
/// its unavoidable part (the generator's steps).
pub fn round_and_draws<M: criterion::measurement::Measurement>(
    group: &mut criterion::BenchmarkGroup<'_, M>,
    name: &str,
    round: &impl Round,
) {
    use rand_core::Rng;
    use std::hint::black_box;
    let per_round = calls_per_round(round, 200_000);
    eprintln!("{name}: a round makes {per_round:.1} generator calls on average");
    let calls = (per_round * ROUNDS_PER_ITER as f64).round() as u64;
    group.throughput(criterion::Throughput::Elements(ROUNDS_PER_ITER));
    group.bench_function(format!("round/{name}"), |b| {
        let mut rng = slot_core::replay::batch_rng(1, 0);
        b.iter(|| {
            let mut w = 0u64;
            for _ in 0..ROUNDS_PER_ITER {
                w = w.wrapping_add(round.play(&mut rng));
            }
            black_box(w)
        })
    });
    group.bench_function(format!("draws only/{name}"), |b| {
        let mut rng = slot_core::replay::batch_rng(1, 0);
        b.iter(|| {
            let mut x = 0u64;
            for _ in 0..calls {
                x ^= rng.next_u64();
            }
            black_box(x)
        })
    });
}
