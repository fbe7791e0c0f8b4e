//! Golden vectors (the common rules (README), "Determinism and replay"): (seed, round index) -> win in
//! hundredths of the bet, for rounds of the simulator's sequence (`slot_core::sim`), with the
//! features each round had. Generated once from the implementation after the rule tests
//! passed (`cargo test -p wish-upon-a-star --test golden -- --ignored --nocapture`); any
//! change of outcomes (rules, model, draw order, a dependency) fails here.

use slot_core::recorder::NoRecorder;
use slot_core::sim::rng_at_round;
use wish_upon_a_star::{Game, RoundOutcome};

/// (seed, round, win, free-spin awards, gift wins, Lock & Spins).
const GOLDEN: &[(u64, u64, u64, u32, u32, u32)] = &[
    (1, 0, 200, 0, 0, 0),
    (1, 1, 20, 0, 0, 0),
    (1, 2, 20, 0, 0, 0),
    (1, 3, 40, 0, 0, 0),
    (1, 4, 0, 0, 0, 0),
    (1, 5, 0, 0, 0, 0),
    (1, 6, 0, 0, 0, 0),
    (1, 7, 0, 0, 0, 0),
    (20261129, 0, 0, 0, 0, 0),
    (20261129, 1, 0, 0, 0, 0),
    (20261129, 2, 240, 0, 0, 0),
    (20261129, 3, 700, 0, 1, 0),
    (20261129, 4, 0, 0, 0, 0),
    (20261129, 5, 0, 0, 0, 0),
    (20261129, 6, 0, 0, 0, 0),
    (20261129, 7, 100, 0, 0, 0),
    (20261129, 30, 40, 0, 1, 0),
    (20261129, 88, 220, 0, 1, 0),
    (20261129, 112, 1360, 1, 2, 0),
    (20261129, 329, 3540, 1, 0, 0),
    (20261129, 448, 1380, 1, 4, 0),
    (20261129, 452, 2060, 1, 2, 0),
    (20261129, 601, 4260, 0, 0, 1),
    (20261129, 794, 6800, 0, 1, 0),
    (20261129, 941, 2500, 0, 0, 1),
    (20261129, 1157, 4060, 1, 0, 1),
    (20261129, 1908, 6880, 1, 2, 0),
    (20261129, 1972, 7800, 1, 1, 0),
    (20261129, 2297, 1460, 0, 0, 1),
    (20261129, 10000, 0, 0, 0, 0),
    (20261129, 123456, 0, 0, 0, 0),
    (7, 99999, 0, 0, 0, 0),
];

fn play(game: &Game, seed: u64, round: u64) -> RoundOutcome {
    let mut rng = rng_at_round(seed, round, |g| {
        game.play_round(g, &mut NoRecorder);
    });
    game.play_round(&mut rng, &mut NoRecorder)
}

#[test]
fn golden_rounds_replay_exactly() {
    let game = Game::standard();
    assert!(GOLDEN.len() >= 20);
    for &(seed, round, win, fs, gifts, ls) in GOLDEN {
        let o = play(&game, seed, round);
        assert_eq!(
            (
                o.win.hundredths(),
                o.free_spin_awards,
                o.gift_wins,
                o.lock_and_spins
            ),
            (win, fs, gifts, ls),
            "seed {seed} round {round}"
        );
    }
}

/// Prints a fresh list (run with `--ignored --nocapture` after a deliberate change).
#[test]
#[ignore]
fn print_golden_list() {
    let game = Game::standard();
    let mut picks = vec![];
    for seed in [1u64, 20_261_129] {
        picks.extend((0..8).map(|k| (seed, k)));
    }
    // The first rounds of seed 20261129 with free spins, a gift, Lock & Spin, and big wins.
    let seed = 20_261_129;
    let mut rng = slot_core::sim::batch_rng(seed, 0);
    let (mut fs, mut gift, mut ls, mut big) = (0, 0, 0, 0);
    for k in 0..10_000u64 {
        let o = game.play_round(&mut rng, &mut NoRecorder);
        let mut take = false;
        if o.free_spin_awards > 0 && fs < 4 {
            fs += 1;
            take = true;
        }
        if o.gift_wins > 0 && gift < 3 {
            gift += 1;
            take = true;
        }
        if o.lock_and_spins > 0 && ls < 4 {
            ls += 1;
            take = true;
        }
        if o.win.hundredths() >= 5_000 && big < 3 {
            big += 1;
            take = true;
        }
        if take {
            picks.push((seed, k));
        }
    }
    picks.extend([(seed, 10_000), (seed, 123_456), (7, 99_999)]);
    picks.sort_unstable();
    picks.dedup();
    for (seed, k) in picks {
        let o = play(&game, seed, k);
        println!(
            "    ({seed}, {k}, {}, {}, {}, {}),",
            o.win.hundredths(),
            o.free_spin_awards,
            o.gift_wins,
            o.lock_and_spins
        );
    }
}
