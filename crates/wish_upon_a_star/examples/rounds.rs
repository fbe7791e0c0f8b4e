//! Plays the simulator's rounds of a seed on one thread and prints what they add up to: a
//! small, fixed workload for measuring `play_round`'s cost (instruction counts under
//! `valgrind --tool=callgrind`, or wall time) from one build to the next.
//!
//! `cargo run --release -p wish-upon-a-star --example rounds -- [ROUNDS] [SEED]` (defaults
//! 2,000,000 and 20261129): round r is round r % 10,000 of batch r / 10,000 on the replay
//! contract's batch generator (`slot_core::replay::batch_rng`), as `cargo xtask sim` plays
//! them; the output is the rounds, their total win in hundredths of the bet, the Lock & Spins
//! and the Grands, the same for every build that plays the same rounds.

use slot_core::recorder::NoRecorder;
use slot_core::replay::{BATCH_ROUNDS, batch_rng};
use wish_upon_a_star::{Standard, WishUponAStar};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut number = |default: u64, what: &str| -> u64 {
        match args.next() {
            None => default,
            Some(text) => text.parse().unwrap_or_else(|_| {
                eprintln!("{what} '{text}' is not a whole number; give e.g. {default}");
                std::process::exit(2)
            }),
        }
    };
    let rounds = number(2_000_000, "ROUNDS");
    let seed = number(20_261_129, "SEED");
    let game = WishUponAStar::standard();
    let (mut win, mut lock_and_spins, mut grands) = (0u128, 0u64, 0u64);
    let mut batch = 0;
    while batch * BATCH_ROUNDS < rounds {
        let mut rng = batch_rng(seed, batch);
        for _ in 0..(rounds - batch * BATCH_ROUNDS).min(BATCH_ROUNDS) {
            let o = game.play_round(Standard, &mut rng, &mut NoRecorder);
            win += u128::from(o.win.hundredths());
            lock_and_spins += u64::from(o.lock_and_spins);
            grands += u64::from(o.grands);
        }
        batch += 1;
    }
    println!(
        "rounds {rounds} seed {seed}: win {win} hundredths, {lock_and_spins} Lock & Spins, {grands} Grands"
    );
}
