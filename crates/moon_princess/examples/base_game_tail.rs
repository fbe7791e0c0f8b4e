//! The base game alone (the paid spin and its Trinity spins, before any free spins): the tail
//! of its win and the length of its Trinity chains (analysis aid for the cap's odds,
//! `docs/rare-events.md`, "What the figure does not cover").
//! `cargo run --release -p moon-princess --example base_game_tail -- [rounds] [seed]`
//!
//! Rounds are the simulator's (round r is round r % 10,000 of batch r / 10,000 on
//! `slot_core::replay::batch_rng`), played with the pick Love; the pick plays no part before
//! the free spins.
use moon_princess::{MoonPrincess, Pick};
use slot_core::game::Game;
use slot_core::recorder::NoRecorder;
use slot_core::replay::{BATCH_ROUNDS, batch_rng, batches_of, rounds_in};

/// Levels of the base game's win, x bet.
const LEVELS: [u64; 7] = [50, 100, 200, 300, 500, 1_000, 5_000];

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: u64 = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let game = MoonPrincess::standard();
    let t = std::time::Instant::now();
    let mut at_least = [0u64; LEVELS.len()];
    let mut chains = [0u64; 64];
    let (mut max, mut max_trinity) = (0u64, 0u32);
    for b in 0..batches_of(rounds) {
        let mut rng = batch_rng(seed, b);
        for _ in 0..rounds_in(rounds, b, b + 1) {
            let o = Game::play_round(&game, Pick::Love, &mut rng, &mut NoRecorder);
            let base = o.base_win.hundredths() + o.trinity_win.hundredths();
            for (n, level) in at_least.iter_mut().zip(LEVELS) {
                *n += u64::from(base >= level * 100);
            }
            chains[(o.trinity_spins as usize).min(63)] += 1;
            if base > max {
                (max, max_trinity) = (base, o.trinity_spins);
            }
        }
    }
    let secs = t.elapsed().as_secs_f64();
    println!("{rounds} rounds (seed {seed}, batches of {BATCH_ROUNDS}), {secs:.1} s");
    println!(
        "largest base-game win {:.2} x ({max_trinity} Trinity spins)",
        max as f64 / 100.0
    );
    for (n, level) in at_least.iter().zip(LEVELS) {
        println!(
            "base game >= {level} x: {n} rounds (1 in {:.3e})",
            rounds as f64 / (*n).max(1) as f64
        );
    }
    let mut reached: u64 = rounds;
    for (k, n) in chains.iter().enumerate().take(20) {
        if reached == 0 {
            break;
        }
        println!(
            "Trinity spins >= {k}: {reached} rounds; of them {:.4} go on to {}",
            (reached - n) as f64 / reached as f64,
            k + 1
        );
        reached -= n;
    }
}
