//! The law of one Trinity spin: its win W and whether it fills the meter again (T, so another
//! Trinity spin follows), from the simulator's rounds (analysis aid for the base game's share
//! of the cap's odds, `docs/rare-events.md`, "What the figure does not cover").
//! `cargo run --release -p moon-princess --example trinity_spin_law -- [rounds] [seed]`
//!
//! A round with a Trinity spin is played again from the same generator state with an event
//! log, which gives each spin's paid wins. The base game's win is the paid spin's W0 plus a
//! chain of Trinity spins, each a fresh grid at x1 with the meter empty, so the chain is a
//! random walk stopped the first time T = 0: P(base game >= a) decays like exp(-g a), where
//! g solves E[exp(g W); T = 1] = 1 (the Lundberg exponent of the walk). The example prints
//! the measured E[exp(g W); T = 1] and the share of it that its largest observed spins
//! carry: where that share is large the measured g is not yet the law's.
use moon_princess::{MoonPrincess, Pick};
use slot_core::events::{Event, EventLog, SpinKind};
use slot_core::game::Game;
use slot_core::recorder::NoRecorder;
use slot_core::replay::{batch_rng, batches_of, rounds_in};

const LEVELS: [u64; 8] = [10, 20, 50, 100, 150, 200, 300, 400];

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: u64 = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let game = MoonPrincess::standard();
    let t = std::time::Instant::now();
    // Trinity spins: win in hundredths and whether another followed.
    let mut spins: Vec<(u64, bool)> = Vec::new();
    let mut paid_spin_tail = [0u64; LEVELS.len()];
    let mut paid_spin_goes_on = 0u64;
    for b in 0..batches_of(rounds) {
        let mut rng = batch_rng(seed, b);
        for _ in 0..rounds_in(rounds, b, b + 1) {
            let before = rng.clone();
            let o = Game::play_round(&game, Pick::Love, &mut rng, &mut NoRecorder);
            for (n, level) in paid_spin_tail.iter_mut().zip(LEVELS) {
                *n += u64::from(o.base_win.hundredths() >= level * 100);
            }
            if o.trinity_spins == 0 {
                continue;
            }
            paid_spin_goes_on += 1;
            let mut replay = before;
            let mut log = EventLog::default();
            let again = Game::play_round(&game, Pick::Love, &mut replay, &mut log);
            assert_eq!(again.win, o.win, "the replay plays the same round");
            let mut current: Option<u64> = None;
            let mut played = 0u32;
            for e in &log.events {
                match e {
                    Event::SpinStart { spin, .. } => {
                        if let Some(w) = current.take() {
                            spins.push((w, true));
                        }
                        if *spin == SpinKind::Trinity {
                            current = Some(0);
                            played += 1;
                        }
                    }
                    Event::Win { paid: Some(p), .. } => {
                        if let Some(w) = current.as_mut() {
                            *w += p.hundredths();
                        }
                    }
                    _ => {}
                }
                if played > o.trinity_spins {
                    break;
                }
            }
            if let Some(w) = current.take() {
                spins.push((w, false));
            }
            // The last Trinity spin of the chain is followed by no other: fix its flag (a spin
            // that started the free spins' SpinStart was pushed as followed).
            let n = spins.len();
            let k = o.trinity_spins as usize;
            for (i, s) in spins[n - k..].iter_mut().enumerate() {
                s.1 = i + 1 < k;
            }
        }
    }
    let secs = t.elapsed().as_secs_f64();
    let n = spins.len() as f64;
    let goes_on = spins.iter().filter(|s| s.1).count();
    println!(
        "{rounds} rounds (seed {seed}), {secs:.1} s; paid spins that fill the meter: {paid_spin_goes_on}"
    );
    println!(
        "Trinity spins: {} ; P(T = 1) = {:.5}",
        spins.len(),
        goes_on as f64 / n
    );
    let max = spins.iter().map(|s| s.0).max().unwrap_or(0);
    println!("largest Trinity spin win: {:.2} x", max as f64 / 100.0);
    for (i, level) in LEVELS.iter().enumerate() {
        let all = spins.iter().filter(|s| s.0 >= level * 100).count();
        let on = spins.iter().filter(|s| s.0 >= level * 100 && s.1).count();
        println!(
            "W >= {level} x: paid spins {} (1 in {:.3e}); Trinity spins {all} (1 in {:.3e}), of them T = 1: {on}",
            paid_spin_tail[i],
            rounds as f64 / paid_spin_tail[i].max(1) as f64,
            n / all.max(1) as f64
        );
    }
    let mean_on: f64 = spins
        .iter()
        .filter(|s| s.1)
        .map(|s| s.0 as f64 / 100.0)
        .sum::<f64>()
        / goes_on.max(1) as f64;
    println!("mean W given T = 1: {mean_on:.3} x");
    // E[exp(g W); T = 1] on a grid of g (per x bet), and the share of the top 10 spins.
    let mut on: Vec<f64> = spins
        .iter()
        .filter(|s| s.1)
        .map(|s| s.0 as f64 / 100.0)
        .collect();
    on.sort_by(|a, b| b.total_cmp(a));
    let phi = |g: f64| on.iter().map(|w| (g * w).exp()).sum::<f64>() / n;
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if phi(mid) < 1.0 { lo = mid } else { hi = mid }
    }
    for g in [0.01, 0.02, 0.03, 0.05, lo] {
        let top: f64 = on.iter().take(10).map(|w| (g * w).exp()).sum::<f64>() / n;
        println!(
            "g = {g:.5} per x: E[exp(g W); T = 1] = {:.4e}; its 10 largest spins carry {:.1} %; exp(-5000 g) = {:.3e}",
            phi(g),
            100.0 * top / phi(g),
            (-5000.0 * g).exp()
        );
    }
}
