//! The split estimate of a mode's RTP, for a game whose round is a base game that may
//! trigger a feature which the mode alone changes ([`slot_core::game::SplitGame`]): Moon
//! Princess's certification figure of each pick (`cargo xtask split moon-princess`).
//!
//! A Moon Princess round is a base game (the paid spin and its Trinity spins) that, with
//! probability q, triggers the free spins; the player's pick then only changes the free spins.
//! So a pick's RTP is
//!
//! ```text
//! RTP = B + q V
//! ```
//!
//! with B the base game's mean win, q the trigger rate (both shared by the three picks) and V
//! the pick's mean free-spin feature value, played alone as after a base game that won
//! nothing ([`SplitGame::play_feature`]). B and q come from `rounds` base games,
//! V from `features` features per pick, each from its own seed. Its 99 % interval uses the
//! delta method:
//!
//! ```text
//! Var = (Var b + V^2 q (1 - q) + 2 V Cov(b, t)) / rounds + q^2 Var(v) / features
//! ```
//!
//! (b a base game's win, t its trigger, 0 or 1; v a feature's win). A round triggers the free
//! spins at most once, so t is 0 or 1. Playing the features alone costs no base games between
//! them, so a figure with a 99 % half-width of 0.05 pp takes about a fifth of the machine time
//! of whole rounds (which would need about 9e9 rounds per pick).
//!
//! **The cap.** In a real round the 5,000 x cap bounds the base win plus the free spins; a
//! feature played alone is capped at 5,000 x on its own. The split estimate therefore counts,
//! in a round whose base game won b and whose feature alone came within b of the cap, up to b
//! too much. Such rounds are rarer than the cap itself (about 1 feature in 2 million reaches
//! the cap; the mean base win of a triggering round is about 13 x bet), which bounds the bias
//! by about q x 13 x 5e-7 = 3e-8 of the stake (3e-6 pp): far below the interval.
//!
//! The record ([`SplitRecord`]) keeps the integer sums (u128 as JSON numbers, exactly), the
//! seeds and the model's fingerprint; [`SplitRecord::check`] re-checks every relation between
//! the sums and [`SplitRecord::estimates`] recomputes the figures from them, so a committed
//! record can be re-checked without re-running it.

use crate::error::SimError;
use crate::run::{Watch, sums_of};
use serde::{Deserialize, Serialize};
use slot_core::fingerprint::Fingerprint;
use slot_core::game::SplitGame;
use slot_core::stats::RoundSummary;

/// The normal quantile of a two-sided 99 % interval.
pub const Z99: f64 = 2.575_829_303_548_901;

/// The base games' integer sums (wins in hundredths of the bet; the stake is 100).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseSums {
    /// Seed of the base-game run.
    pub seed: u64,
    /// Base games played.
    pub rounds: u64,
    /// Sum of the base games' wins (paid and Trinity spins).
    pub win: u128,
    /// Sum of their squares.
    pub win_sq: u128,
    /// Base games that triggered the free spins.
    pub triggers: u64,
    /// Sum of the wins of the base games that triggered the free spins.
    pub trigger_win: u128,
    /// Base games that reached the cap.
    pub cap_hits: u64,
}

/// One pick's features played alone: integer sums (hundredths of the bet).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeatureSums {
    /// The pick (`love`, `star`, `storm`).
    pub pick: String,
    /// Seed of the pick's feature run.
    pub seed: u64,
    /// Features played.
    pub features: u64,
    /// Sum of the features' wins.
    pub win: u128,
    /// Sum of their squares.
    pub win_sq: u128,
    /// Features that reached the cap.
    pub cap_hits: u64,
    /// The largest feature win.
    pub max_win: u64,
}

/// A split-estimate run: the base games once, each pick's features (the file `split --out`
/// writes and the committed certification record).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitRecord {
    /// Always `moon-princess`.
    pub game: String,
    /// The fingerprint of the math model played.
    pub model_fingerprint: Fingerprint,
    /// The command that reproduces the record (any thread count gives the same sums).
    pub command: String,
    /// The base games.
    pub base: BaseSums,
    /// The picks' features, in the order given.
    pub picks: Vec<FeatureSums>,
}

/// A pick's figures, recomputed from the sums (fractions of the stake; floats for reports).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// B: the base game's RTP.
    pub base_rtp: f64,
    /// q: free spins per base game.
    pub trigger_rate: f64,
    /// V: the mean feature value, x bet.
    pub feature_mean: f64,
    /// Standard deviation of a feature's value, x bet.
    pub feature_sd: f64,
    /// B + q V.
    pub rtp: f64,
    /// Half-width of its 99 % interval.
    pub half_width_99: f64,
}

/// Checks n, sum and sum of squares of values each in `0..=cap`.
fn check_moments(what: &str, n: u64, sum: u128, sum_sq: u128, cap: u128) -> Result<(), String> {
    let n128 = u128::from(n);
    if n < 2 {
        return Err(format!("{what}: {n} played; an interval needs at least 2"));
    }
    if sum > n128 * cap {
        return Err(format!(
            "{what}: the wins sum to {sum}, more than {n} x the cap"
        ));
    }
    // Each value v in 0..=cap: v^2 <= cap v, and (sum v)^2 <= n sum v^2.
    if sum_sq > sum * cap {
        return Err(format!(
            "{what}: the sum of squares {sum_sq} is more than the cap times the sum {sum}"
        ));
    }
    if sum.checked_mul(sum).is_none_or(|s2| s2 > sum_sq * n128) {
        return Err(format!(
            "{what}: the sum of squares {sum_sq} is less than (sum {sum})^2 / {n}"
        ));
    }
    Ok(())
}

impl SplitRecord {
    /// Checks every relation between the sums: at least 2 base games and 2 features per pick,
    /// at least one trigger, each count at most what it counts among, wins within the cap,
    /// sums of squares within their bounds, picks named once each.
    ///
    /// # Errors
    /// The first relation that fails, naming it.
    pub fn check<G: SplitGame>(&self) -> Result<(), String> {
        if self.game != G::NAME {
            return Err(format!(
                "game '{}': this is a split estimate of {}",
                self.game,
                G::NAME
            ));
        }
        let cap = G::CAP.map_or(u128::from(u64::MAX), |c| u128::from(c.limit.hundredths()));
        let b = &self.base;
        check_moments("base games", b.rounds, b.win, b.win_sq, cap)?;
        if b.triggers == 0 || b.triggers > b.rounds {
            return Err(format!(
                "base games: {} triggers in {} rounds (at least 1, at most the rounds)",
                b.triggers, b.rounds
            ));
        }
        if b.trigger_win > b.win || b.cap_hits > b.rounds {
            return Err(format!(
                "base games: the triggering rounds' wins {} exceed all wins {} or cap hits {} exceed rounds {}",
                b.trigger_win, b.win, b.cap_hits, b.rounds
            ));
        }
        if self.picks.is_empty() {
            return Err("no pick's features".into());
        }
        for (i, f) in self.picks.iter().enumerate() {
            if G::mode_named(&f.pick).is_none() || self.picks[..i].iter().any(|g| g.pick == f.pick)
            {
                let modes: Vec<&str> = G::MODES.iter().map(|&m| G::mode_name(m)).collect();
                return Err(format!(
                    "pick '{}' is not one of {}, or comes twice",
                    f.pick,
                    modes.join(", ")
                ));
            }
            let what = format!("{} features", f.pick);
            check_moments(&what, f.features, f.win, f.win_sq, cap)?;
            let max = u128::from(f.max_win);
            if max > cap
                || f.cap_hits > f.features
                || max * u128::from(f.features) < f.win
                || (f.cap_hits > 0) != (max == cap)
            {
                return Err(format!(
                    "{what}: max win {} and {} cap hits do not fit {} features winning {}",
                    f.max_win, f.cap_hits, f.features, f.win
                ));
            }
        }
        Ok(())
    }

    /// Each pick's figures, in the record's order.
    pub fn estimates(&self) -> Vec<(String, Estimate)> {
        let b = &self.base;
        let n = b.rounds as f64;
        let mean_b = b.win as f64 / 100.0 / n;
        let var_b = (b.win_sq as f64 / 1e4 / n - mean_b * mean_b) * n / (n - 1.0);
        let q = b.triggers as f64 / n;
        let cov_bt = (b.trigger_win as f64 / 100.0 / n - mean_b * q) * n / (n - 1.0);
        self.picks
            .iter()
            .map(|f| {
                let m = f.features as f64;
                let v = f.win as f64 / 100.0 / m;
                let var_v = (f.win_sq as f64 / 1e4 / m - v * v) * m / (m - 1.0);
                let var =
                    (var_b + v * v * q * (1.0 - q) + 2.0 * v * cov_bt) / n + q * q * var_v / m;
                let e = Estimate {
                    base_rtp: mean_b,
                    trigger_rate: q,
                    feature_mean: v,
                    feature_sd: var_v.max(0.0).sqrt(),
                    rtp: mean_b + q * v,
                    half_width_99: Z99 * var.max(0.0).sqrt(),
                };
                (f.pick.clone(), e)
            })
            .collect()
    }
}

/// Plays a split estimate of `game`: `rounds` base games with seed `seed`, then for each mode
/// of `modes` in order `features` features alone with seed `seed + 1 + ` the mode's index in
/// [`slot_core::Game::MODES`], on `threads` threads (0: every core), and returns the record
/// of their integer sums (checked). `command` is the command line that reproduces it.
///
/// # Errors
/// [`SimError::Config`] for fewer than 2 base games or features, [`SimError::Threads`] if
/// the threads cannot start, [`SimError::Split`] if the sums cannot give an estimate (no
/// trigger in the base games, say).
#[allow(clippy::too_many_arguments)]
pub fn run<G: SplitGame>(
    game: &G,
    modes: &[G::Mode],
    rounds: u64,
    features: u64,
    seed: u64,
    threads: usize,
    command: String,
    watch: Watch<'_>,
) -> Result<SplitRecord, SimError> {
    for (setting, n) in [("rounds", rounds), ("features", features)] {
        if n < 2 {
            return Err(SimError::Config {
                setting,
                message: format!("must be at least 2 for an interval (it was {n})"),
            });
        }
    }
    let base = base_games(game, rounds, seed, threads, watch)?;
    if base.feature_rounds[0] == 0 {
        return Err(SimError::Config {
            setting: "rounds",
            message: format!(
                "{rounds} base games triggered no feature: a split estimate needs triggers; use more rounds (millions)"
            ),
        });
    }
    let mut record = SplitRecord {
        game: G::NAME.into(),
        model_fingerprint: game.fingerprint(),
        command,
        base: base_sums(seed, &base),
        picks: Vec::new(),
    };
    for &mode in modes {
        let index = G::MODES.iter().position(|&m| m == mode).unwrap_or(0) as u64;
        let mode_seed = feature_seed(seed, index);
        let acc = features_alone(game, mode, features, mode_seed, threads, watch)?;
        record
            .picks
            .push(feature_sums(G::mode_name(mode), mode_seed, &acc));
    }
    record.check::<G>().map_err(SimError::Split)?;
    Ok(record)
}

/// The seed of the features of the mode at `index` of a split estimate of seed `seed`.
pub fn feature_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_add(1 + index)
}

/// `n` features of `mode` played alone ([`SplitGame::play_feature`]) with seed `seed`: their
/// sums (wins in hundredths of the bet).
///
/// # Errors
/// [`SimError::Threads`] if the threads cannot start.
pub fn features_alone<G: SplitGame>(
    game: &G,
    mode: G::Mode,
    n: u64,
    seed: u64,
    threads: usize,
    watch: Watch<'_>,
) -> Result<slot_core::stats::Accumulator, SimError> {
    sums_of(n, seed, threads, G::cost(mode), watch, |rng| {
        G::summary(&game.play_feature(mode, rng))
    })
}

/// The base-game sums of a split record from the sums [`base_games`] returns.
pub fn base_sums(seed: u64, base: &slot_core::stats::Accumulator) -> BaseSums {
    BaseSums {
        seed,
        rounds: base.rounds,
        win: base.total_win,
        win_sq: base.sum_sq,
        triggers: base.feature_rounds[0],
        trigger_win: base.feature_wins[0],
        cap_hits: base.cap_hits,
    }
}

/// One mode's feature sums of a split record from the sums [`features_alone`] returns.
pub fn feature_sums(
    mode: &str,
    seed: u64,
    features: &slot_core::stats::Accumulator,
) -> FeatureSums {
    FeatureSums {
        pick: mode.into(),
        seed,
        features: features.rounds,
        win: features.total_win,
        win_sq: features.sum_sq,
        cap_hits: features.cap_hits,
        max_win: features.max_win,
    }
}

/// `rounds` base games of `game` with seed `seed`: per round the base win b and the trigger
/// t; `feature_rounds[0]` counts the triggers and `feature_wins[0]` sums the base wins of the
/// triggering rounds (for Cov(b, t)).
///
/// # Errors
/// [`SimError::Threads`] if the threads cannot start.
pub fn base_games<G: SplitGame>(
    game: &G,
    rounds: u64,
    seed: u64,
    threads: usize,
    watch: Watch<'_>,
) -> Result<slot_core::stats::Accumulator, SimError> {
    let cost = G::MODES.first().map_or(100, |&m| G::cost(m));
    sums_of(rounds, seed, threads, cost, watch, |rng| {
        let b = game.play_base_game(rng);
        let mut s = RoundSummary {
            win: b.win,
            capped: b.capped,
            ..RoundSummary::default()
        };
        s.by_source[0] = b.win;
        if b.triggered {
            s.feature_triggers[0] = 1;
            s.feature_wins[0] = b.win;
        }
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> SplitRecord {
        SplitRecord {
            game: "moon-princess".into(),
            model_fingerprint: Fingerprint::of("model"),
            command: String::new(),
            // Four base games: wins 0, 1, 2, 3 x bet; the one winning 3 x triggered.
            base: BaseSums {
                seed: 1,
                rounds: 4,
                win: 600,
                win_sq: 140_000,
                triggers: 1,
                trigger_win: 300,
                cap_hits: 0,
            },
            // Two features: 10 x and 30 x.
            picks: vec![FeatureSums {
                pick: "love".into(),
                seed: 2,
                features: 2,
                win: 4_000,
                win_sq: 10_000_000,
                cap_hits: 0,
                max_win: 3_000,
            }],
        }
    }

    #[test]
    fn the_estimate_is_worked_by_hand() {
        let r = record();
        r.check::<moon_princess::MoonPrincess>().unwrap();
        let [(pick, e)] = r.estimates().try_into().unwrap();
        assert_eq!(pick, "love");
        // B = 6 / 4 = 1.5, q = 1/4, V = 20: RTP = 1.5 + 5 = 6.5 (650 %).
        assert_eq!(e.base_rtp, 1.5);
        assert_eq!(e.trigger_rate, 0.25);
        assert_eq!(e.feature_mean, 20.0);
        assert!((e.rtp - 6.5).abs() < 1e-12);
        // Var b = (0 + 1 + 4 + 9 - 4 x 2.25) / 3 = 5/3; Cov(b, t) = (3/4 - 1.5/4) x 4/3 = 0.5;
        // Var v = (100 + 900 - 2 x 400) / 1 = 200.
        // Var = (5/3 + 400 x 3/16 + 2 x 20 x 0.5) / 4 + (1/16) x 200 / 2 = 24.1667 + 6.25.
        let var: f64 = (5.0 / 3.0 + 75.0 + 20.0) / 4.0 + 200.0 / 32.0;
        assert!((e.half_width_99 - Z99 * var.sqrt()).abs() < 1e-9);
        assert_eq!(e.feature_sd, 200f64.sqrt());
    }

    #[test]
    fn impossible_sums_are_refused_with_their_name() {
        let bad = |f: fn(&mut SplitRecord), want: &str| {
            let mut r = record();
            f(&mut r);
            let e = r.check::<moon_princess::MoonPrincess>().unwrap_err();
            assert!(e.contains(want), "{e}");
        };
        bad(|r| r.base.rounds = 1, "base games: 1 played");
        bad(|r| r.base.triggers = 5, "5 triggers in 4 rounds");
        bad(|r| r.base.triggers = 0, "0 triggers");
        bad(|r| r.base.trigger_win = 700, "triggering rounds' wins 700");
        bad(|r| r.base.win_sq = 1, "less than");
        bad(|r| r.base.win = 4 * 500_000 + 1, "more than 4 x the cap");
        bad(|r| r.picks[0].win_sq = u128::MAX, "more than the cap times");
        bad(|r| r.picks[0].max_win = 1_000, "max win 1000");
        bad(|r| r.picks[0].cap_hits = 1, "cap hits");
        bad(|r| r.picks[0].pick = "sun".into(), "'sun'");
        bad(|r| r.picks.push(r.picks[0].clone()), "comes twice");
        bad(|r| r.picks.clear(), "no pick");
        bad(
            |r| r.game = "wish-upon-a-star".into(),
            "a split estimate of moon-princess",
        );
    }
}
