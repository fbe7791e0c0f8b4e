//! The replay contract: which generator plays which round of a seed, so that any round can be
//! played again alone (README, "The common rules": Determinism).
//!
//! Rounds are cut into fixed batches of [`BATCH_ROUNDS`]. Batch `b` of seed `s` is played with
//! its own generator, [`batch_rng`]`(s, b)`: a PCG-64 (`rand_pcg::Pcg64`, O'Neill's
//! `pcg64`/XSL-RR 128/64) whose state is derived from the seed by SplitMix64 and whose **stream**
//! (LCG increment) is the batch index. Round `k` is round `k % BATCH_ROUNDS` of batch
//! `k / BATCH_ROUNDS`; replaying it means replaying the rounds before it in its batch
//! ([`rng_at_round`], [`replay_round`], [`replay_game_round`]). The simulation engine
//! (`slot_sim::engine`) plays the batches of a run by these same rules, on any number of
//! threads; the golden vectors, the runner's `play`, the round viewer and the equivalence
//! records replay rounds through this module.
//!
//! PCG is for simulation only: its state is recoverable from its output, so it must never
//! decide real-money rounds (use a CSPRNG such as ChaCha20 seeded from the OS there).

use crate::Game;
use crate::events::EventLog;
use rand_pcg::Pcg64;

/// The simulator's generator: PCG-64 (`Lcg128Xsl64`), portable and reproducible everywhere.
pub type SimRng = Pcg64;

/// The seed of a simulation when none is given: the runner's `sim`, `play`, `split` and
/// `tune`, and the round viewer, all use it, so a round named without a seed is the same
/// round everywhere.
pub const DEFAULT_SEED: u64 = 20_261_129;

/// Rounds per batch (one generator each).
pub const BATCH_ROUNDS: u64 = 10_000;

/// SplitMix64's finaliser (Steele, Lea, Flood 2014), used to spread seeds.
#[inline]
pub const fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator of batch `batch` of seed `seed`.
pub fn batch_rng(seed: u64, batch: u64) -> SimRng {
    let hi = splitmix64(seed);
    let lo = splitmix64(hi ^ batch.rotate_left(17));
    Pcg64::new(((hi as u128) << 64) | lo as u128, batch as u128)
}

/// The generator as it stands at the start of round `k` of seed `seed`: the batch's generator
/// after `skip` has played the earlier rounds of the batch (each call plays one round).
pub fn rng_at_round(seed: u64, k: u64, mut skip: impl FnMut(&mut SimRng)) -> SimRng {
    let mut rng = batch_rng(seed, k / BATCH_ROUNDS);
    for _ in 0..k % BATCH_ROUNDS {
        skip(&mut rng);
    }
    rng
}

/// Round `k` of seed `seed` with its event log: what `cargo xtask play <game> --seed S --round K`
/// shows, and the browser round viewer too (both call this, so they cannot differ).
///
/// `play` plays one round with the generator it is given; its recorder is `None` for the
/// rounds before `k` in its batch (skipped as by [`rng_at_round`], nothing kept) and the log
/// for round `k`. Returns what `play` returned for round `k`, and the log.
pub fn replay_round<T>(
    seed: u64,
    k: u64,
    mut play: impl FnMut(&mut SimRng, Option<&mut EventLog>) -> T,
) -> (T, EventLog) {
    let mut rng = rng_at_round(seed, k, |g| {
        play(g, None);
    });
    let mut log = EventLog::default();
    let out = play(&mut rng, Some(&mut log));
    (out, log)
}

/// Round `k` of seed `seed` of `game` in `mode`, with its event log: [`replay_round`] for any
/// [`Game`]. What `cargo xtask play`, the round viewer and the golden vectors show.
pub fn replay_game_round<G: Game>(
    game: &G,
    mode: G::Mode,
    seed: u64,
    k: u64,
) -> (G::Outcome, EventLog) {
    replay_round(seed, k, |rng, mut rec| game.play_round(mode, rng, &mut rec))
}

/// Batches of a run of `rounds` rounds (the last may hold fewer than [`BATCH_ROUNDS`]).
pub const fn batches_of(rounds: u64) -> u64 {
    rounds.div_ceil(BATCH_ROUNDS)
}

/// Rounds in batches `first..end` of a run of `rounds` rounds (batch `b` holds rounds
/// `b * BATCH_ROUNDS ..` up to the run's end).
pub fn rounds_in(rounds: u64, first: u64, end: u64) -> u64 {
    let at = |b: u64| b.saturating_mul(BATCH_ROUNDS).min(rounds);
    at(end).saturating_sub(at(first))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sampling::bounded;

    /// A toy round: a win of 0..=200 hundredths, with a varying number of draws per round.
    fn toy(rng: &mut SimRng) -> u64 {
        let extra = bounded(rng, 3);
        let mut w = 0;
        for _ in 0..=extra {
            w = bounded(rng, 201) as u64;
        }
        w
    }

    #[test]
    fn replay_reaches_the_same_round() {
        // Round k's win, by playing the batch in order, equals the replayed round k.
        let k = BATCH_ROUNDS + 17;
        let mut rng = batch_rng(5, 1);
        let mut wins = vec![];
        for _ in 0..=17 {
            wins.push(toy(&mut rng));
        }
        let mut r = rng_at_round(5, k, |g| {
            toy(g);
        });
        assert_eq!(toy(&mut r), wins[17]);
    }

    #[test]
    fn replay_round_logs_only_the_round_asked_for() {
        use crate::events::Event;
        use crate::money::Win;
        use crate::recorder::Recorder;
        // A toy round that records its win: the log of round k holds round k's win alone,
        // and the earlier rounds of the batch were played (the same win as in order).
        let k = 2 * BATCH_ROUNDS + 5;
        let mut rng = batch_rng(7, 2);
        let wins: Vec<u64> = (0..=5).map(|_| toy(&mut rng)).collect();
        let mut played = 0;
        let (win, log) = replay_round(7, k, |g, mut rec| {
            played += 1;
            let win = toy(g);
            rec.record(|| Event::RoundEnd {
                win: Win::from_hundredths(win),
                capped: false,
            });
            win
        });
        assert_eq!(played, 6);
        assert_eq!(win, wins[5]);
        assert_eq!(
            log.events,
            vec![Event::RoundEnd {
                win: Win::from_hundredths(wins[5]),
                capped: false
            }]
        );
    }

    #[test]
    fn batches_and_their_rounds() {
        assert_eq!(batches_of(0), 0);
        assert_eq!(batches_of(BATCH_ROUNDS), 1);
        assert_eq!(batches_of(95_001), 10);
        assert_eq!(rounds_in(25_000, 2, 3), 5_000);
        assert_eq!(rounds_in(25_000, 0, 100), 25_000);
        assert_eq!(rounds_in(25_000, 3, 100), 0);
    }

    #[test]
    fn batch_streams_differ_and_are_stable() {
        use rand_core::Rng;
        let a = batch_rng(1, 0).next_u64();
        let b = batch_rng(1, 1).next_u64();
        assert_ne!(a, b);
        assert_eq!(a, batch_rng(1, 0).next_u64());
    }
}
