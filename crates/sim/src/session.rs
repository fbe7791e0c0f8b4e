//! Player sessions: what a player with a balance sees over a number of spins at one bet.
//!
//! Each of `players` players starts with `balance` cents and plays rounds of the game in a
//! mode at a bet of `bet` cents (the stake of a round is the bet times the mode's cost: 1.25 x
//! with Starlight Christmas's ante), for at most `spins` rounds, stopping early when the
//! balance no longer covers a stake. A round's win (hundredths of the bet) is paid as
//! `win x bet / 100` cents, exact on the game's bet ladder. Player `p` plays the rounds of its
//! own generator ([`slot_core::replay::batch_rng`]`(seed, p)`), so a session report depends on
//! its seed and settings only, never on the thread count.
//!
//! **Money is exact and never saturates.** Balances and sums are kept in 128 bits: a balance
//! starts at most at `u64::MAX` cents and a round pays at most the game's largest win (its
//! cap, or for a game without one the largest win a round can record, `u64::MAX` hundredths of
//! the bet), so a player's balance after `spins` rounds is at most `balance + spins x largest
//! win x bet / 100` and all players' sums at most `players` times that. [`check`] refuses a
//! study whose bound does not fit 128 bits, naming the most spins that do, before anything
//! is played; so every figure is computed from the amounts the rounds paid.
//!
//! The [`SessionReport`] gives the share of players still playing after `spins` spins (and
//! after fewer: the survival curve), the median number of spins a balance lasts, the
//! distribution of a session's result, the chance of seeing each feature within the session,
//! and the distribution of the session RTP (won / staked per player).

use crate::error::SimError;
use rayon::prelude::*;
use serde::Serialize;
use slot_core::Game;
use slot_core::fingerprint::Fingerprint;
use slot_core::recorder::NoRecorder;
use slot_core::replay::batch_rng;

/// The most players a session study plays (each is a stream of its own).
pub const MAX_PLAYERS: u64 = 100_000_000;

/// What a session study plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionConfig {
    /// Each player's starting balance, cents (at least one stake).
    pub balance: u64,
    /// The bet, cents (the paytable's bet: the base bet with an ante).
    pub bet: u64,
    /// The most spins a player plays.
    pub spins: u64,
    /// Players, 1 to [`MAX_PLAYERS`].
    pub players: u64,
    /// The seed of the players' generators.
    pub seed: u64,
    /// Worker threads (0: every core). Changes no figure.
    pub threads: usize,
}

/// One player's session (cents in 128 bits: exact for every study [`check`] accepts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Session {
    /// Spins played.
    pub spins: u64,
    /// Cents staked.
    pub staked: u128,
    /// Cents won.
    pub won: u128,
    /// The balance at the end, cents.
    pub balance: u128,
    /// Which features (by index) came at least once, as bits.
    pub features_seen: u64,
}

/// A bucket of the distribution of session results: players whose end balance minus start
/// balance, as a multiple of the starting balance, lies in `[from, to)`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResultBucket {
    /// Lower end (x starting balance; -1 = lost everything).
    pub from: f64,
    /// Upper end (`None`: open).
    pub to: Option<f64>,
    /// Players.
    pub players: u64,
    /// Share of players.
    pub share: f64,
}

/// What a session study found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SessionReport {
    /// The game.
    pub game: String,
    /// The mode.
    pub mode: String,
    /// The fingerprint of the math model played.
    pub model_fingerprint: Fingerprint,
    /// The RTP variant of the game's ladder whose model was played (`"90.00 %"`), `None` for
    /// a model off the ladder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// Where the model played stands among the game's shipped models (a variant of its
    /// ladder, its published model, neither): what the text's model line says. Not written to
    /// JSON (`variant` is).
    #[serde(skip)]
    pub standing: crate::facts::ModelStanding,
    /// Starting balance, cents.
    pub balance: u64,
    /// Bet, cents.
    pub bet: u64,
    /// Stake of a spin, cents.
    pub stake: u64,
    /// Spins at most.
    pub spins: u64,
    /// Players.
    pub players: u64,
    /// The seed.
    pub seed: u64,
    /// Share of players whose balance still covered a stake after all `spins` spins.
    pub still_playing: f64,
    /// The median number of spins a balance lasts (spins played until it no longer covers a
    /// stake); `None` when more than half the players still play after `spins` spins (the
    /// median is then above `spins`).
    pub median_spins_lasted: Option<u64>,
    /// Share of players still playing after each of these spin counts: `(spins, share)`.
    pub survival: Vec<(u64, f64)>,
    /// Share of players who saw each feature at least once: `(feature name, share)`.
    pub feature_seen: Vec<(String, f64)>,
    /// Share of players who ended above their starting balance.
    pub ended_ahead: f64,
    /// The distribution of session results (end minus start, x starting balance).
    pub results: Vec<ResultBucket>,
    /// The distribution of the session RTP (won / staked per player), in buckets of 0.1 from
    /// 0 to 3 and one open bucket above: `(from, share)`.
    pub session_rtp: Vec<(f64, f64)>,
    /// All players' won over all players' staked.
    pub overall_rtp: f64,
}

/// Plays one player's session: `p`'s generator, at most `spins` rounds at `stake` cents each.
fn session<G: Game>(game: &G, mode: G::Mode, c: &SessionConfig, stake: u64, p: u64) -> Session {
    let mut rng = batch_rng(c.seed, p);
    let stake = u128::from(stake);
    let mut s = Session {
        balance: u128::from(c.balance),
        ..Session::default()
    };
    while s.spins < c.spins && s.balance >= stake {
        s.balance -= stake;
        s.staked += stake;
        s.spins += 1;
        let r = G::summary(&game.play_round(mode, &mut rng, &mut NoRecorder));
        // The bet ladder makes it a whole number of cents. No sum can overflow: `check`
        // bounded balance + spins x the largest win within 128 bits.
        let won = u128::from(r.win) * u128::from(c.bet) / 100;
        s.won += won;
        s.balance += won;
        for (i, &t) in r.feature_triggers.iter().enumerate().take(64) {
            if t > 0 {
                s.features_seen |= 1 << i;
            }
        }
    }
    s
}

/// The spin counts of the survival curve: 1, 2, 5, 10, 20, 50, ... up to `spins`, and
/// `spins` itself.
fn survival_points(spins: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut decade = 1u64;
    'outer: loop {
        for m in [1, 2, 5] {
            let k = decade.saturating_mul(m);
            if k >= spins {
                break 'outer;
            }
            out.push(k);
        }
        decade = decade.saturating_mul(10);
    }
    out.push(spins);
    out
}

/// Plays the sessions of `config` and sums them up.
///
/// # Errors
/// [`SimError::Config`] for a bet off the game's ladder, a balance below one stake, a spin
/// count of 0, players outside 1 to [`MAX_PLAYERS`], or more spins than 128-bit sums hold
/// ([`check`]); [`SimError::Threads`] if
/// the threads cannot start.
pub fn sessions<G: Game>(
    game: &G,
    mode: G::Mode,
    config: &SessionConfig,
) -> Result<(SessionReport, Vec<Session>), SimError> {
    let stake = check::<G>(mode, config)?;
    let pool = crate::engine::thread_pool(config.threads, config.players)?;
    let all: Vec<Session> = pool.install(|| {
        (0..config.players)
            .into_par_iter()
            .map(|p| session(game, mode, config, stake, p))
            .collect()
    });
    Ok((summarise(game, mode, config, stake, &all), all))
}

/// Checks a session study's settings for `G` in `mode` before anything is played; returns the
/// stake of a spin in cents.
///
/// # Errors
/// [`SimError::Config`] naming the setting: a bet off the game's ladder, a balance below one
/// stake, a spin count of 0, players outside 1 to [`MAX_PLAYERS`], or spins so many that the
/// players' balances could pass 128 bits of cents (naming the most spins allowed).
pub fn check<G: Game>(mode: G::Mode, config: &SessionConfig) -> Result<u64, SimError> {
    let bad = |setting: &'static str, message: String| Err(SimError::Config { setting, message });
    let ladder = G::BET_LADDER;
    let (min, max) = (ladder.min_cents(), ladder.max_cents());
    if config.bet < min || config.bet > max || !config.bet.is_multiple_of(min) {
        return bad(
            "bet",
            format!(
                "{} cents is not on {}'s bet ladder: {:.2} to {:.2} in steps of {:.2}",
                config.bet,
                G::NAME,
                min as f64 / 100.0,
                max as f64 / 100.0,
                min as f64 / 100.0
            ),
        );
    }
    // The ladder makes the stake (the ante's 1.25 x bet included) a whole number of cents.
    let Ok(stake) = u64::try_from(u128::from(config.bet) * u128::from(G::cost(mode)) / 100) else {
        return bad(
            "bet",
            format!(
                "{} cents at {} x the bet is a stake past the largest amount, {} cents",
                config.bet,
                G::cost(mode) as f64 / 100.0,
                u64::MAX
            ),
        );
    };
    if config.balance < stake {
        return bad(
            "balance",
            format!(
                "{} cents does not cover one stake of {stake} cents",
                config.balance
            ),
        );
    }
    if config.spins == 0 {
        return bad("spins", "must be at least 1".into());
    }
    if !(1..=MAX_PLAYERS).contains(&config.players) {
        return bad(
            "players",
            format!(
                "must be from 1 to {MAX_PLAYERS} (it was {})",
                config.players
            ),
        );
    }
    // Every sum exact: all players' balances, each at most balance + spins x the largest win
    // of a round in cents, must fit 128 bits (so must the stakes, which are smaller).
    let largest = largest_win_cents::<G>(config.bet);
    let bound = |spins: u64| {
        u128::from(spins)
            .checked_mul(largest)
            .and_then(|w| w.checked_add(u128::from(config.balance)))
            .and_then(|b| b.checked_mul(u128::from(config.players)))
    };
    if bound(config.spins).is_none() {
        let per_player = u128::MAX / u128::from(config.players);
        let most = (per_player - u128::from(config.balance)) / largest;
        return bad(
            "spins",
            format!(
                "{} spins of {} players at a bet of {} cents could win more than 128 bits of cents hold (a round pays at most {}); at most {} spins for these players and this balance",
                config.spins,
                config.players,
                config.bet,
                largest_win_text::<G>(),
                most.min(u128::from(u64::MAX))
            ),
        );
    }
    Ok(stake)
}

/// The largest win of a round of `G` at a bet of `bet` cents, in cents: the cap, or for a
/// game without one the largest win a round can record (`u64::MAX` hundredths of the bet).
fn largest_win_cents<G: Game>(bet: u64) -> u128 {
    let win = G::CAP.map_or(u64::MAX, |c| c.limit.hundredths());
    (u128::from(win) * u128::from(bet) / 100).max(1)
}

/// [`largest_win_cents`]'s bound in words.
fn largest_win_text<G: Game>() -> String {
    match G::CAP {
        Some(c) => format!("the cap, {} x the bet", c.limit.hundredths() / 100),
        None => "2^64 - 1 hundredths of the bet, the largest win a round can record: the game has no cap".into(),
    }
}

/// Cents as currency units with two decimals, exactly (`12345` -> `123.45`).
fn units(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// The report of a list of sessions (in player order).
fn summarise<G: Game>(
    game: &G,
    mode: G::Mode,
    c: &SessionConfig,
    stake: u64,
    all: &[Session],
) -> SessionReport {
    let n = all.len() as f64;
    let share = |k: usize| k as f64 / n;
    // A player still plays after k spins if it played more than k, or exactly k with a
    // balance that still covers a stake.
    let stake128 = u128::from(stake);
    let start = u128::from(c.balance);
    let playing_after = |k: u64| {
        all.iter()
            .filter(|s| s.spins > k || (s.spins == k && s.balance >= stake128))
            .count()
    };
    let mut lasted: Vec<u64> = all
        .iter()
        .filter(|s| s.balance < stake128)
        .map(|s| s.spins)
        .collect();
    lasted.sort_unstable();
    // The median over all players, those still playing counting as lasting longer than any.
    let half = all.len().div_ceil(2);
    let median_spins_lasted = (lasted.len() >= half && half > 0).then(|| lasted[half - 1]);
    let edges = [-1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 1.0, 2.0, 5.0];
    let mut counts = vec![0u64; edges.len()];
    for s in all {
        // The difference taken exactly, then scaled (a float only for the bucket's report).
        let x = if s.balance >= start {
            (s.balance - start) as f64 / start as f64
        } else {
            -((start - s.balance) as f64 / start as f64)
        };
        let b = edges.iter().rposition(|&e| x >= e).unwrap_or(0);
        counts[b] += 1;
    }
    let results = edges
        .iter()
        .enumerate()
        .map(|(i, &from)| ResultBucket {
            from,
            to: edges.get(i + 1).copied(),
            players: counts[i],
            share: counts[i] as f64 / n,
        })
        .collect();
    let mut rtp_counts = [0u64; 31];
    for s in all {
        let r = s.won as f64 / s.staked.max(1) as f64;
        rtp_counts[((r * 10.0).floor() as usize).min(30)] += 1;
    }
    let (won, staked): (u128, u128) = all
        .iter()
        .fold((0, 0), |(w, st), s| (w + s.won, st + s.staked));
    SessionReport {
        game: G::NAME.into(),
        mode: G::mode_name(mode).into(),
        model_fingerprint: game.fingerprint(),
        variant: game.variant().map(|v| v.rtp.to_string()),
        standing: crate::facts::ModelStanding::of::<G>(&game.fingerprint()),
        balance: c.balance,
        bet: c.bet,
        stake,
        spins: c.spins,
        players: c.players,
        seed: c.seed,
        still_playing: share(playing_after(c.spins)),
        median_spins_lasted,
        survival: survival_points(c.spins)
            .into_iter()
            .map(|k| (k, share(playing_after(k))))
            .collect(),
        feature_seen: G::FEATURES
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let seen = all
                    .iter()
                    .filter(|s| s.features_seen & (1 << i) != 0)
                    .count();
                ((*f).to_string(), share(seen))
            })
            .collect(),
        ended_ahead: share(all.iter().filter(|s| s.balance > start).count()),
        results,
        session_rtp: rtp_counts
            .iter()
            .enumerate()
            .map(|(i, &k)| (i as f64 / 10.0, k as f64 / n))
            .collect(),
        overall_rtp: won as f64 / staked.max(1) as f64,
    }
}

impl SessionReport {
    /// The report as readable text.
    pub fn text(&self) -> String {
        let mut s = format!(
            "Sessions: {} ({}), {} players, balance {}, bet {} (stake {}), at most {} spins, seed {}\n",
            self.game,
            self.mode,
            self.players,
            units(self.balance),
            units(self.bet),
            units(self.stake),
            self.spins,
            self.seed
        );
        s += &format!(
            "  model sha256 {} ({})\n",
            self.model_fingerprint,
            self.standing
                .variant()
                .map_or_else(|| self.standing.describe(), |v| format!("the {v} variant"))
        );
        s += &format!(
            "  still playing after {} spins   {:.2} %\n",
            self.spins,
            self.still_playing * 100.0
        );
        s += &match self.median_spins_lasted {
            Some(m) => format!("  median spins a balance lasts {m}\n"),
            None => format!(
                "  median spins a balance lasts more than {} (most players still play)\n",
                self.spins
            ),
        };
        s += &format!(
            "  ended ahead                  {:.2} %\n  session RTP (all players)    {:.4} %\n",
            self.ended_ahead * 100.0,
            self.overall_rtp * 100.0
        );
        s += "  saw the feature within the session:\n";
        for (f, share) in &self.feature_seen {
            s += &format!("    {f:<28} {:.2} %\n", share * 100.0);
        }
        s += "  still playing after k spins:\n";
        for (k, share) in &self.survival {
            s += &format!("    {k:>10}  {:.2} %\n", share * 100.0);
        }
        s += "  session result (end - start, x starting balance):\n";
        for b in &self.results {
            let to = b.to.map_or("      ".into(), |t| format!("{t:>+6.2}"));
            s += &format!("    [{:>+6.2}, {to})  {:>8.2} %\n", b.from, b.share * 100.0);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn survival_points_are_one_two_five_per_decade_and_the_end() {
        assert_eq!(survival_points(100), vec![1, 2, 5, 10, 20, 50, 100]);
        assert_eq!(survival_points(1), vec![1]);
        assert_eq!(survival_points(7), vec![1, 2, 5, 7]);
    }
}
