//! The free-spin feature alone: mean, spread and tail of its value per pick (analysis aid).
//! `cargo run --release -p moon-princess --example free_spin_tail -- [features] [seed]`
use moon_princess::{MoonPrincess, Pick};
use slot_core::recorder::NoRecorder;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(200_000);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let game = MoonPrincess::standard();
    for pick in [Pick::Love, Pick::Star, Pick::Storm] {
        let t = std::time::Instant::now();
        let mut rng = slot_core::replay::batch_rng(seed, 0);
        let (mut sum, mut sq, mut max, mut over1000, mut over2500, mut capped) =
            (0f64, 0f64, 0u64, 0u64, 0u64, 0u64);
        let mut spins = 0u64;
        for _ in 0..n {
            let o = game.play_free_spins(pick, &mut rng, &mut NoRecorder);
            let w = o.win.hundredths();
            sum += w as f64 / 100.0;
            sq += (w as f64 / 100.0).powi(2);
            max = max.max(w);
            over1000 += (w >= 100_000) as u64;
            over2500 += (w >= 250_000) as u64;
            capped += o.capped as u64;
            spins += o.free_spins_played as u64;
        }
        let mean = sum / n as f64;
        let sd = (sq / n as f64 - mean * mean).sqrt();
        println!(
            "{pick}: mean {mean:.2} x, sd {sd:.1}, max {:.0} x, >=1000x 1 in {:.0}, >=2500x {over2500}, capped {capped}, spins/feature {:.2}, {:.0} features/s",
            max as f64 / 100.0,
            n as f64 / over1000.max(1) as f64,
            spins as f64 / n as f64,
            n as f64 / t.elapsed().as_secs_f64()
        );
    }
}
