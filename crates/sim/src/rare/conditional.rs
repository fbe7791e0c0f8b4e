//! The odds that the **base game alone** reaches a win level, by **conditional Monte Carlo**
//! ([`slot_core::conditional::ConditionalBaseGame`]: Starlight Christmas, whose Multipliers'
//! values the tumbles never look at): each base game contributes the exact chance that a
//! base game which drew the same but the set-aside draws reaches the level, instead of a 0 or
//! a 1. The mean of those chances is unbiased (the law of total expectation) with never more
//! variance than counting, and a record of it is a [`RareRecord`] like a splitting run's, so
//! `tail-merge`, the estimates and the interval work alike.
//!
//! **Integer sums.** A chance c (0 to 1, a float the game computes from integer weights) is
//! entered as an integer n from 0 to [`CHANCE_UNIT`] = 2^40 by **unbiased rounding**:
//! `floor(c 2^40)`, plus 1 when a uniform u of the base game's own (from
//! [`crate::rare::copy_rng`]`(seed, r, 0)`, never the base game's generator) is below the
//! fraction left. So the mean of n is c 2^40 exactly: the rounding adds no bias and a
//! variance of at most 1/4 unit^2 a base game. One u serves every level of the base game, so a
//! higher level (whose chance is never larger) never gets more units than a lower one, and the
//! sums keep the record's order of levels. The record keeps per level the base games, sum n and sum n^2 as integers
//! ([`RareSums`](crate::rare::RareSums): `roots` counts base games, `going` those whose chance at the lowest level
//! was above 0, `copies` and `steps` stay 0); they add up across threads, shards and seeds.
//!
//! **Determinism.** Base game r of seed s is the simulator's base game r (round r % 10,000 of
//! batch r / 10,000 on `slot_core::replay::batch_rng`), so the sums depend on the seed, the
//! base games and the levels only.

use crate::rare::record::{FORMAT, RareRecord};
use crate::rare::{RareError, Splitting, TailConfig, copy_rng, play_chunks};
use crate::run::Watch;
use slot_core::conditional::ConditionalBaseGame;
use slot_core::money::Win;
use slot_core::replay::{BATCH_ROUNDS, batch_rng};

pub use crate::rare::record::{CHANCE_UNIT, CONDITIONAL_METHOD as METHOD};

/// A chance entered as an integer of [`CHANCE_UNIT`]s, rounded up when the uniform `u`
/// (in [0, 1)) is below the fraction left: without bias for a uniform u, and never fewer
/// units for a larger chance at the same u.
fn units(chance: f64, u: f64) -> u128 {
    // NaN, 0 and below count nothing.
    if chance.is_nan() || chance <= 0.0 {
        return 0;
    }
    if chance >= 1.0 {
        return u128::from(CHANCE_UNIT);
    }
    let scaled = chance * CHANCE_UNIT as f64;
    let whole = scaled.floor();
    whole as u128 + u128::from(u < scaled - whole)
}

/// A 53-bit uniform in [0, 1) from `rng`.
fn uniform<R: slot_core::Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// Plays the conditional run `config` describes (its splitting plan plays no part) of the
/// base game of `game` in `mode`, and returns its record. Every level must be at most the
/// game's cap.
///
/// # Errors
/// As [`TailConfig::check`]; [`RareError::Levels`] for a level above the cap
/// ([`super::levels_within_cap`]);
/// [`RareError::Sim`] if the threads cannot be started; [`RareError::Interrupted`] if the
/// run was stopped before its first chunk of batches was finished.
pub fn run<G: ConditionalBaseGame>(
    game: &G,
    mode: G::Mode,
    config: &TailConfig,
    watch: Watch<'_>,
) -> Result<RareRecord, RareError> {
    config.check()?;
    super::levels_within_cap::<G>(&config.levels)?;
    let levels = config.levels.hundredths();
    let wins: Vec<Win> = levels.iter().map(|&l| Win::from_hundredths(l)).collect();
    let aid = game.conditional_aid(mode);
    let (sums, part) = play_chunks(
        config,
        watch,
        CHANCE_UNIT,
        || vec![0.0; levels.len()],
        |b, n, sums, chances| {
            let mut rng = batch_rng(config.seed, b);
            for i in 0..n {
                game.base_game_chances(mode, &aid, &wins, &mut rng, chances);
                sums.roots += 1;
                if chances.first().is_some_and(|&c| c > 0.0) {
                    sums.going += 1;
                }
                // The base game's uniform, drawn only when a level's chance is above 0.
                let root = b * BATCH_ROUNDS + i;
                let mut u = None;
                for (t, &c) in sums.tails.iter_mut().zip(chances.iter()) {
                    if c > 0.0 {
                        let u =
                            *u.get_or_insert_with(|| uniform(&mut copy_rng(config.seed, root, 0)));
                        let u = units(c, u);
                        t.hits += u;
                        t.hits_sq += u * u;
                        if u > 0 {
                            t.roots_hit += 1;
                            t.copies_hit += 1;
                        }
                    }
                }
            }
        },
    )?;
    Ok(RareRecord {
        format: FORMAT,
        game: G::NAME.to_string(),
        mode: G::mode_name(mode).to_string(),
        model: game.fingerprint(),
        method: METHOD.to_string(),
        importance: G::SET_ASIDE.to_string(),
        splitting: Splitting::none(),
        levels: config.levels.clone(),
        parts: vec![part],
        commands: vec![config.command.clone()],
        sums,
        conditional: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_round_without_bias() {
        let mut rng = copy_rng(7, 0, 0);
        for u in [0.0, 0.5, 0.999_999] {
            assert_eq!(units(0.0, u), 0);
            assert_eq!(units(-1.0, u), 0);
            assert_eq!(units(f64::NAN, u), 0);
            assert_eq!(units(1.0, u), u128::from(CHANCE_UNIT));
            assert_eq!(units(0.5, u), u128::from(CHANCE_UNIT / 2));
        }
        // A quarter of a unit: 1 a quarter of the time, else 0.
        let c = 0.25 / CHANCE_UNIT as f64;
        let n = 100_000;
        let ones: u128 = (0..n).map(|_| units(c, uniform(&mut rng))).sum();
        // Binomial(100,000, 1/4): mean 25,000, sd 137; within 5 sd.
        assert!((ones as f64 - 25_000.0).abs() < 5.0 * 137.0, "{ones}");
    }

    /// At one u, a smaller chance never gets more units (what keeps a higher level's sums
    /// at most the lower level's).
    #[test]
    fn units_keep_the_order_of_chances() {
        let mut rng = copy_rng(8, 0, 0);
        for _ in 0..100_000 {
            let u = uniform(&mut rng);
            let a = uniform(&mut rng) * 1e-9;
            let b = a * uniform(&mut rng);
            assert!(units(a, u) >= units(b, u), "{a} {b} {u}");
            assert_eq!(units(a, u), units(a, u));
        }
    }
}
