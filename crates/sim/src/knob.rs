//! One integer knob of a game's mode tuned to a target RTP on the split estimate, with paired
//! base games: the tuning method of the games whose RTP is simulated (Starlight Christmas;
//! [`crate::split`] gives the estimate).
//!
//! A knob is an integer `k` in a range of allowed values, and a function that builds the
//! game at `k` (`k = 0`: the model tuned from). The knob must change the base game only, never
//! the features: then the features are played alone once, at `k = 0`, and give V, the mean
//! feature win. A candidate's RTP is `(B_k + q_k V) / stake`.
//!
//! **Paired base games.** Every candidate is compared with `k = 0` round by round: base game
//! `i` of both plays from the same generator state, its own ([`paired_rng`]: one generator per
//! round, so a round that draws differently under the candidate does not shift the rounds
//! after it). The paired differences `d_i = (win_k - win_0 + V (trigger_k - trigger_0)) /
//! stake` are added up in integers (any thread count, the same sums); their mean is the
//! candidate's RTP minus knob 0's, their spread gives its 99 % half-width.
//!
//! The **level** (the RTP at `k = 0`) is either this search's own split estimate (its base
//! games and features at `k = 0`) or an **anchor** known better from elsewhere: the certified
//! RTP of the model tuned from, with its 99 % half-width ([`slot_core::Game::certified_rtp`]).
//! A candidate's RTP is the level plus its paired difference; its half-width combines the
//! level's and the difference's.
//!
//! The search: secant steps from `k = 0` and `k = first_step` on the RTP minus the target,
//! rounded to integers and kept inside the knob's range, at most [`MAX_STEPS`] steps, stopping
//! when a step repeats or the RTP is within 0.02 pp of the target. Refused
//! ([`SimError::Config`]): a level or a paired difference whose 99 % half-width is wider than
//! the search's bound (for a model meant to ship, the 0.10 pp it may miss its target by;
//! naming the base games that would do), and a target the knob's range cannot reach within
//! that bound (naming the RTP at the range's end).

use crate::SimError;
use crate::run::Watch;
use crate::split::{self, Z99};
use slot_core::game::SplitGame;
use slot_core::replay::{SimRng, batch_rng};

/// The most secant steps after the first two candidates.
pub const MAX_STEPS: usize = 6;

/// A candidate within this of the target (a fraction: 0.02 pp) ends the search.
pub const CLOSE_ENOUGH: f64 = 0.0002;

/// Mixed into the seed of the paired base games, so that their generators are not the
/// level run's batch generators.
const PAIRED_SALT: u64 = 0x6b6e_6f62_7061_6972;

/// The generator of paired base game `i` of seed `seed`: a PCG-64 stream of its own per round
/// ([`slot_core::replay::batch_rng`] of the salted seed and `i`).
pub fn paired_rng(seed: u64, i: u64) -> SimRng {
    batch_rng(seed ^ PAIRED_SALT, i)
}

/// How a knob is searched (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct KnobSearch {
    /// The target RTP, a fraction of the stake.
    pub target: f64,
    /// Base games of the level run at knob 0, and paired base games per candidate.
    pub base_games: u64,
    /// Features played alone once, at knob 0.
    pub features: u64,
    /// Seed of the base games (the features take [`split::feature_seed`]'s).
    pub seed: u64,
    /// Worker threads; no figure depends on it.
    pub threads: usize,
    /// The second candidate (the first is 0); its sign need not be the right one.
    pub first_step: i64,
    /// The knob's allowed values, `range.0 <= 0 <= range.1`.
    pub range: (i64, i64),
    /// The level at knob 0 known from elsewhere: (RTP, 99 % half-width), fractions.
    pub anchor: Option<(f64, f64)>,
    /// The widest 99 % half-width of a level or a paired difference the search goes on with,
    /// and the farthest its answer may be from the target (a fraction):
    /// [`crate::certify::MAX_DISTANCE`],
    /// 0.10 pp, for a model meant to ship.
    pub max_half_width: f64,
}

/// One candidate tried.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// Its knob.
    pub knob: i64,
    /// Its RTP: the level plus its paired difference from knob 0 (a fraction).
    pub rtp: f64,
    /// The 99 % half-width of its paired difference from knob 0 (0 for knob 0).
    pub difference_half_width_99: f64,
}

/// What a knob search found.
#[derive(Clone, Debug, PartialEq)]
pub struct KnobFound {
    /// The candidate nearest the target.
    pub best: Candidate,
    /// The 99 % half-width of its RTP, a fraction: the level's and its paired difference's.
    pub half_width_99: f64,
    /// The level's 99 % half-width.
    pub level_half_width_99: f64,
    /// RTP per unit of knob, from the first two candidates.
    pub slope: f64,
    /// The knobs whose RTP the interval cannot tell from the best one's:
    /// `knob -+ half_width_99 / |slope|`, inside the range.
    pub allowed: (i64, i64),
    /// Every candidate tried, in order (knob 0 first).
    pub tried: Vec<Candidate>,
    /// The RTP at knob 0 from this search's own runs, and its 99 % half-width.
    pub own_level: (f64, f64),
    /// V: the mean win of a feature played alone, x bet.
    pub feature_mean: f64,
}

/// Integer sums of paired base games (candidate minus knob 0), hundredths of the bet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct PairedSums {
    rounds: u64,
    d_win: i128,
    d_win_sq: u128,
    d_trigger: i64,
    d_trigger_sq: u64,
    d_win_trigger: i128,
}

impl PairedSums {
    fn add(&mut self, o: &PairedSums) {
        self.rounds += o.rounds;
        self.d_win += o.d_win;
        self.d_win_sq += o.d_win_sq;
        self.d_trigger += o.d_trigger;
        self.d_trigger_sq += o.d_trigger_sq;
        self.d_win_trigger += o.d_win_trigger;
    }

    /// Mean and 99 % half-width of `(d_win / 100 + v d_trigger) / stake`.
    fn difference(&self, v: f64, stake: f64) -> (f64, f64) {
        let n = self.rounds as f64;
        let mean = (self.d_win as f64 / 100.0 + v * self.d_trigger as f64) / n / stake;
        let square = (self.d_win_sq as f64 / 1e4
            + 2.0 * v * self.d_win_trigger as f64 / 100.0
            + v * v * self.d_trigger_sq as f64)
            / n
            / (stake * stake);
        let var = (square - mean * mean).max(0.0);
        (mean, Z99 * (var / n).sqrt())
    }
}

/// Paired base games `0..rounds` of `base` and `other` in `mode` ([`paired_rng`]), on
/// `threads` threads (contiguous shares; integer sums, so any thread count gives the same).
fn paired<G: SplitGame + Sync>(
    base: &G,
    other: &G,
    mode: G::Mode,
    rounds: u64,
    seed: u64,
    threads: usize,
) -> PairedSums
where
    G::Mode: Sync,
{
    let share = |from: u64, to: u64| {
        let mut s = PairedSums::default();
        for i in from..to {
            let a = base.play_base_game(mode, &mut paired_rng(seed, i));
            let b = other.play_base_game(mode, &mut paired_rng(seed, i));
            let dw = i128::from(b.win) - i128::from(a.win);
            let dt = i64::from(b.triggered) - i64::from(a.triggered);
            s.rounds += 1;
            s.d_win += dw;
            s.d_win_sq += dw.unsigned_abs() * dw.unsigned_abs();
            s.d_trigger += dt;
            s.d_trigger_sq += dt.unsigned_abs();
            s.d_win_trigger += dw * i128::from(dt);
        }
        s
    };
    let mut total = PairedSums::default();
    for s in over_threads(rounds, threads, share) {
        total.add(&s);
    }
    total
}

/// `share(from, to)` of rounds `0..rounds` cut into `threads` contiguous shares (at least
/// one), each on a thread of its own; the shares' results in order, so that sums added from
/// them do not depend on the thread count.
///
/// # Panics
/// If a share panics (only if the game does, which is a bug the caller sees).
pub(crate) fn over_threads<S: Send>(
    rounds: u64,
    threads: usize,
    share: impl Fn(u64, u64) -> S + Sync,
) -> Vec<S> {
    let threads = threads.max(1) as u64;
    let step = rounds.div_ceil(threads);
    let share = &share;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (from, to) = ((t * step).min(rounds), ((t + 1) * step).min(rounds));
                scope.spawn(move || share(from, to))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a base game panicked"))
            .collect()
    })
}

/// The refusal of a figure whose 99 % half-width `h` at `n` base games is wider than `max`.
fn too_noisy(what: &str, h: f64, n: u64, max: f64) -> SimError {
    let needed = (n as f64 * (h / max).powi(2) * 1.1).ceil();
    SimError::Config {
        setting: "base_games",
        message: format!(
            "noise: at {n} base games {what} is known to +- {:.4} pp (99 %), wider than the {:.2} pp a model may miss its target by, so any knob found could be off target by more; tune with {needed:.0} base games or more",
            h * 100.0,
            max * 100.0
        ),
    }
}

/// Searches the knob of `game_at` in `mode` nearest `s.target` (see the module docs).
///
/// # Errors
/// [`SimError::Config`] if the level or a paired difference is too wide to tune on (naming
/// the base games that would do), if the knob's range cannot reach the target (naming the
/// RTP at its end), for a `first_step` of 0 or a range that does not hold 0, or if `game_at`
/// refuses a knob (its error); any error of the runs.
pub fn tune<G: SplitGame + Sync>(
    game_at: impl Fn(i64) -> Result<G, SimError>,
    mode: G::Mode,
    s: &KnobSearch,
    watch: Watch<'_>,
) -> Result<KnobFound, SimError>
where
    G::Mode: Sync,
{
    if s.first_step == 0 {
        return Err(SimError::Config {
            setting: "first_step",
            message: "must not be 0 (the first candidate is knob 0)".into(),
        });
    }
    if !(s.range.0 <= 0 && 0 <= s.range.1 && s.range.0 < s.range.1) {
        return Err(SimError::Config {
            setting: "range",
            message: format!("must hold 0 and more ({:?})", s.range),
        });
    }
    let at0 = game_at(0)?;
    let size = split::SplitConfig {
        base_games: s.base_games,
        features: s.features,
        seed: s.seed,
        threads: s.threads,
    };
    let record = split::run(&at0, &[mode], &size, String::new(), watch)?;
    let [(_, own)] = <[_; 1]>::try_from(record.estimates()).map_err(|_| SimError::Config {
        setting: "mode",
        message: "the split estimate of one mode has one figure".into(),
    })?;
    let stake = record.stake as f64 / 100.0;
    let v = own.feature_mean;
    let (level, level_h) = s.anchor.unwrap_or((own.rtp, own.half_width_99));
    let max = s.max_half_width;
    if level_h > max {
        return Err(too_noisy("the RTP", level_h, s.base_games, max));
    }
    let clamp = |k: i64| k.clamp(s.range.0, s.range.1);
    let mut tried = vec![Candidate {
        knob: 0,
        rtp: level,
        difference_half_width_99: 0.0,
    }];
    let mut candidate = |k: i64| -> Result<Candidate, SimError> {
        if let Some(c) = tried.iter().find(|c| c.knob == k) {
            return Ok(*c);
        }
        let sums = paired(&at0, &game_at(k)?, mode, s.base_games, s.seed, s.threads);
        let (d, h) = sums.difference(v, stake);
        if h > max {
            return Err(too_noisy(
                &format!("the difference of knob {k:+} from knob +0"),
                h,
                s.base_games,
                max,
            ));
        }
        let c = Candidate {
            knob: k,
            rtp: level + d,
            difference_half_width_99: h,
        };
        tried.push(c);
        Ok(c)
    };
    let (mut c0, mut c1) = (candidate(0)?, candidate(clamp(s.first_step))?);
    let slope = (c1.rtp - c0.rtp) / (c1.knob - c0.knob) as f64;
    for _ in 0..MAX_STEPS {
        let (y0, y1) = (c0.rtp - s.target, c1.rtp - s.target);
        if y1.abs() < CLOSE_ENOUGH || (y1 - y0).abs() < 1e-12 {
            break;
        }
        let step = (c1.knob as f64 - y1 * (c1.knob - c0.knob) as f64 / (y1 - y0)).round();
        let x2 = clamp(step.clamp(i64::MIN as f64, i64::MAX as f64) as i64);
        if x2 == c1.knob {
            break;
        }
        c0 = c1;
        c1 = candidate(x2)?;
    }
    // The candidate nearest the target among all tried (a last secant step can overshoot).
    let best = tried
        .iter()
        .copied()
        .min_by(|a, b| {
            (a.rtp - s.target)
                .abs()
                .total_cmp(&(b.rtp - s.target).abs())
        })
        .unwrap_or(c1);
    if (best.rtp - s.target).abs() > max {
        let end = tried
            .iter()
            .filter(|c| c.knob == s.range.0 || c.knob == s.range.1)
            .map(|c| format!("{:.4} % at knob {:+}", c.rtp * 100.0, c.knob))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(SimError::Config {
            setting: "target",
            message: format!(
                "the knob cannot bring the RTP within {:.2} pp of {:.4} %: the nearest is {:.4} % at knob {:+}{}",
                max * 100.0,
                s.target * 100.0,
                best.rtp * 100.0,
                best.knob,
                if end.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (the knob's range ends at {}: {end})",
                        if best.knob > 0 { s.range.1 } else { s.range.0 }
                    )
                }
            ),
        });
    }
    let h = (level_h.powi(2) + best.difference_half_width_99.powi(2)).sqrt();
    let spread = if slope.abs() > 0.0 {
        (h / slope.abs()).ceil().min(i64::MAX as f64) as i64
    } else {
        i64::MAX
    };
    Ok(KnobFound {
        best,
        half_width_99: h,
        level_half_width_99: level_h,
        slope,
        allowed: (
            clamp(best.knob.saturating_sub(spread)),
            clamp(best.knob.saturating_add(spread)),
        ),
        tried,
        own_level: (own.rtp, own.half_width_99),
        feature_mean: v,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paired_sums_give_the_mean_and_spread_of_the_differences() {
        // Four rounds: differences (win, trigger) = (+100, 0), (-100, 0), (0, +1), (0, 0),
        // V = 2 x bet, stake 1: per-round differences 1, -1, 2, 0 -> mean 0.5, var 1.25.
        let s = PairedSums {
            rounds: 4,
            d_win: 0,
            d_win_sq: 20_000,
            d_trigger: 1,
            d_trigger_sq: 1,
            d_win_trigger: 0,
        };
        let (mean, h) = s.difference(2.0, 1.0);
        assert!((mean - 0.5).abs() < 1e-12);
        assert!((h - Z99 * (1.25f64 / 4.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn each_round_has_a_generator_of_its_own() {
        use slot_core::Rng;
        let (mut a, mut b) = (paired_rng(7, 3), paired_rng(7, 3));
        assert_eq!(a.next_u64(), b.next_u64());
        assert_ne!(paired_rng(7, 3).next_u64(), paired_rng(7, 4).next_u64());
        assert_ne!(paired_rng(7, 3).next_u64(), batch_rng(7, 3).next_u64());
    }
}
