//! The split estimate of a mode's RTP, for a game whose round is a base game that may
//! trigger a feature played after it and independent of it ([`slot_core::game::SplitGame`]):
//! the certification figures of Moon Princess's picks and Starlight Christmas's bet modes
//! (`cargo xtask split`, `cargo xtask certify`).
//!
//! A Moon Princess round is a base game (the paid spin and its Trinity spins) that, with
//! probability q, triggers the free spins; the player's pick then only changes the free spins.
//! A Starlight Christmas round is a base game (the paid spin's tumble sequence and its Scatter
//! pay) that triggers 15 free spins, the same in both bet modes; the ante bet changes only the
//! base game and the stake ([`SplitGame::BASE_BY_MODE`]: one mode per record). So a mode's RTP
//! is
//!
//! ```text
//! RTP = (B + q V) / stake
//! ```
//!
//! with B the base game's mean win, q the trigger rate (shared by the three picks of Moon
//! Princess) and V the mode's mean feature value, played alone as after a base game that won
//! nothing ([`SplitGame::play_feature`]), all x bet; the stake is 1 x bet (Starlight
//! Christmas's ante: 1.25). B and q come from `rounds` base games, V from `features` features
//! per mode, each from its own seed. Its 99 % interval uses the delta method:
//!
//! ```text
//! Var = (Var b + V^2 q (1 - q) + 2 V Cov(b, t)) / rounds + q^2 Var(v) / features   (/ stake^2)
//! ```
//!
//! (b a base game's win, t its trigger, 0 or 1; v a feature's win). A round triggers the free
//! spins at most once, so t is 0 or 1. Playing the features alone costs no base games between
//! them, so a figure with a 99 % half-width of 0.05 pp takes a fraction of the machine time
//! of whole rounds (Moon Princess: about a fifth; its whole rounds would need about 9e9
//! rounds per pick).
//!
//! **The cap.** In a real round the 5,000 x cap bounds the base win plus the free spins; a
//! feature played alone is capped at 5,000 x on its own. The split estimate therefore counts,
//! in a round whose base game won b and whose feature alone came within b of the cap, up to b
//! too much. A record keeps the triggering base games by their win and the features from half
//! the cap by theirs, from which [`Estimate::cap_overcount`] computes that over-count (base
//! wins above half the cap, never seen so far, count as the whole cap): for Moon Princess it
//! is nil (no triggering base game came within 4,500 x of the cap with a feature), for
//! Starlight Christmas about 1e-4 pp; a certificate states it as its bias bound.
//!
//! The record ([`SplitRecord`]) keeps the integer sums (u128 as JSON numbers, exactly), the
//! seeds and the model's fingerprint; [`SplitRecord::check`] re-checks every relation between
//! the sums and [`SplitRecord::estimates`] recomputes the figures from them, so a committed
//! record can be re-checked without re-running it.

use crate::engine::Plan;
use crate::error::{RecordIdentity, SimError, SplitError};
use crate::fold::fold_batches;
use crate::run::{SeededRun, Watch};
use crate::stats::Accumulator;
use serde::{Deserialize, Serialize};
use slot_core::fingerprint::Fingerprint;
use slot_core::game::{Game, SplitGame};
use slot_core::summary::RoundSummary;

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
    /// The triggering base games by their win, as `[win in hundredths, base games]`, by win:
    /// with the features' tails they give the odds of the cap ([`SplitRecord::cap_odds`]).
    /// Empty in records written before it existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trigger_wins: Vec<[u64; 2]>,
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
    /// The features that won at least [`TAIL_FROM`] of the cap, as `[win in hundredths,
    /// features]`, by win (the cap's own count included). Empty in records written before it
    /// existed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tail: Vec<[u64; 2]>,
}

/// The features' tail kept in a split record starts at this share of the cap (one half): a
/// round caps when its base win plus its feature reach the cap, so the feature wins from
/// `cap - b` matter for a triggering base game that won b; base wins above half the cap are
/// not resolved (their share is the stated bound of [`CapOdds::bias_bound`]).
pub const TAIL_FROM: (u64, u64) = (1, 2);

/// The odds of the cap of one pick from a split record ([`SplitRecord::cap_odds`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CapOdds {
    /// The probability that a round reaches the cap.
    pub probability: f64,
    /// Its interval at 95 % (probabilities).
    pub ci95: [f64; 2],
    /// The effective count of cap events the estimate rests on ((sum of weights)^2 / sum of
    /// squared weights; the features that capped alone count 1 each).
    pub effective_count: f64,
    /// An upper bound of what the estimate leaves out (a probability): triggering base games
    /// that won more than half the cap, whose feature might reach the cap from below the
    /// recorded tail.
    pub bias_bound: f64,
    /// Where no base game reached the cap alone: the 95 % upper bound of the probability
    /// that one does (the Poisson bound of 0 events in the base games played), stated
    /// beside the estimate, not in its interval (0 where base games did cap: those are in
    /// the estimate).
    pub unseen_base_bound: f64,
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
    /// The stake of a round, hundredths of the bet (100; Starlight Christmas's ante mode:
    /// 125): the estimate is `(B + q V) / stake`. Written only when it is not 100.
    #[serde(default = "stake_100", skip_serializing_if = "is_stake_100")]
    pub stake: u64,
    /// The game's cap, hundredths of the bet (`None` in records written before it was kept,
    /// and for a game without a cap): what [`Estimate::cap_overcount`] is computed against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap: Option<u64>,
    /// The base games (of the one mode of `picks` for a game whose mode changes the base
    /// game, [`SplitGame::BASE_BY_MODE`]).
    pub base: BaseSums,
    /// The picks' features, in the order given (the one mode's for a game whose mode changes
    /// the base game).
    pub picks: Vec<FeatureSums>,
    /// SHA-256 of the record's canonical JSON without this field ([`SplitRecord::sums_sha256`]):
    /// written by [`SplitRecord::to_json_pretty`], checked by [`SplitRecord::check_sha256`]
    /// (an edit of any sum is refused). `None` in records written before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<Fingerprint>,
}

fn stake_100() -> u64 {
    100
}

fn is_stake_100(stake: &u64) -> bool {
    *stake == 100
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
    /// What `B + q V` counts beyond the capped round, at most (per stake): a round whose base
    /// game won b and whose feature won f pays `min(b + f, cap)`, the estimate `b + f`. From
    /// the record's triggering base wins and the features' tail ([`TAIL_FROM`]): the mean
    /// over-count `max(0, b + f - cap)` for base wins up to half the cap, plus for larger base
    /// wins their share times the cap. `None` for a record without those tallies (written
    /// before they existed) or a game without a cap.
    pub cap_overcount: Option<f64>,
}

/// Checks n, sum and sum of squares of values each in `0..=cap` (every product in checked
/// 128-bit arithmetic: a relation whose sides pass 2^128 is compared exactly, never wrapped).
fn check_moments(what: &str, n: u64, sum: u128, sum_sq: u128, cap: u128) -> Result<(), SplitError> {
    let n128 = u128::from(n);
    if n < 2 {
        return Err(SplitError::TooFew {
            what: what.to_string(),
            n,
        });
    }
    // n x cap: at most 2^64 x 2^64 only if cap < 2^64; a cap of u64::MAX (no cap) fits too.
    if n128.checked_mul(cap).is_some_and(|most| sum > most) {
        return Err(SplitError::SumOverCap {
            what: what.to_string(),
            sum,
            n,
        });
    }
    // Each value v in 0..=cap: v^2 <= cap v, and (sum v)^2 <= n sum v^2.
    if sum.checked_mul(cap).is_some_and(|most| sum_sq > most) {
        return Err(SplitError::SquaresOverCap {
            what: what.to_string(),
            sum_sq,
            sum,
        });
    }
    // (sum)^2 <= n sum_sq; where sum^2 passes 2^128 the relation is compared as sum / n
    // <= sum_sq / sum (both sides exact enough: refused only when surely broken).
    let too_small = match (sum.checked_mul(sum), sum_sq.checked_mul(n128)) {
        (Some(s2), Some(right)) => s2 > right,
        (Some(_), None) => false,
        (None, Some(_)) => true,
        (None, None) => sum / n128 > sum_sq / sum + 1,
    };
    if too_small {
        return Err(SplitError::SquaresUnderMean {
            what: what.to_string(),
            sum_sq,
            sum,
            n,
        });
    }
    Ok(())
}

/// `a + b` for a sum of a split record, or an error naming the sum (`base games' win`).
fn add<T: num_like::Checked>(what: &str, a: T, b: T) -> Result<T, SplitError> {
    a.checked_add_(b).ok_or_else(|| SplitError::Overflow {
        what: what.to_string(),
        max: T::MAX_TEXT,
    })
}

/// The two integer widths of a split record's sums, added with overflow checked.
mod num_like {
    /// Checked addition of `u64` and `u128`.
    pub trait Checked: Copy {
        /// The largest value, in words.
        const MAX_TEXT: &'static str;
        /// `self + b`, or `None` on overflow.
        fn checked_add_(self, b: Self) -> Option<Self>;
    }
    impl Checked for u64 {
        const MAX_TEXT: &'static str = "2^64 - 1";
        fn checked_add_(self, b: Self) -> Option<Self> {
            self.checked_add(b)
        }
    }
    impl Checked for u128 {
        const MAX_TEXT: &'static str = "2^128 - 1";
        fn checked_add_(self, b: Self) -> Option<Self> {
            self.checked_add(b)
        }
    }
}

/// The count and the win of `[win, count]` pairs, added with overflow checked (`what` names
/// the pairs).
fn pair_sums(what: &str, pairs: &[[u64; 2]]) -> Result<(u64, u128), SplitError> {
    pairs.iter().try_fold((0u64, 0u128), |(count, won), p| {
        Ok((
            add(&format!("{what}' count"), count, p[1])?,
            add(
                &format!("{what}' win"),
                won,
                u128::from(p[0]) * u128::from(p[1]),
            )?,
        ))
    })
}

impl SplitRecord {
    /// Checks every relation between the sums: at least 2 base games and 2 features per pick,
    /// at least one trigger, each count at most what it counts among, wins within the cap,
    /// sums of squares within their bounds, picks named once each.
    ///
    /// # Errors
    /// The first relation that fails, naming it ([`SplitError`]: [`SplitError::OtherGame`],
    /// [`SplitError::TooFew`], [`SplitError::Triggers`], [`SplitError::Pick`], ...).
    pub fn check<G: SplitGame>(&self) -> Result<(), SplitError> {
        self.check_as::<G>(G::BASE_BY_MODE)
    }

    /// [`SplitRecord::check`] for a game known only as a [`Game`], whose
    /// [`SplitGame::BASE_BY_MODE`] is given (`slot_core::evidence::Evidence` states it).
    ///
    /// # Errors
    /// The first relation that fails, naming it (as [`SplitRecord::check`]).
    pub fn check_as<G: Game>(&self, base_by_mode: bool) -> Result<(), SplitError> {
        if self.game != G::NAME {
            return Err(SplitError::OtherGame {
                found: self.game.clone(),
                expected: G::NAME,
            });
        }
        let cap = G::CAP.map_or(u128::from(u64::MAX), |c| u128::from(c.limit.hundredths()));
        let b = &self.base;
        check_moments("base games", b.rounds, b.win, b.win_sq, cap)?;
        if b.triggers == 0 || b.triggers > b.rounds {
            return Err(SplitError::Triggers {
                triggers: b.triggers,
                rounds: b.rounds,
            });
        }
        if b.trigger_win > b.win || b.cap_hits > b.rounds {
            return Err(SplitError::TriggerWin {
                trigger_win: b.trigger_win,
                win: b.win,
                cap_hits: b.cap_hits,
                rounds: b.rounds,
            });
        }
        let sorted =
            |v: &[[u64; 2]]| v.windows(2).all(|w| w[0][0] < w[1][0]) && v.iter().all(|p| p[1] > 0);
        if !b.trigger_wins.is_empty() {
            let (count, won) =
                pair_sums("base games: the triggering games by win", &b.trigger_wins)?;
            if !sorted(&b.trigger_wins) || count != b.triggers || won != b.trigger_win {
                return Err(SplitError::TriggerPairs {
                    count,
                    won,
                    triggers: b.triggers,
                    trigger_win: b.trigger_win,
                });
            }
        }
        if self.picks.is_empty() {
            return Err(SplitError::NoPicks);
        }
        let stake = match (base_by_mode, self.picks.as_slice()) {
            (true, [one]) => G::mode_named(&one.pick).map_or(0, G::cost),
            (true, _) => {
                return Err(SplitError::OneModeOnly {
                    picks: self.picks.len(),
                    game: G::NAME,
                });
            }
            (false, _) => G::MODES.first().map_or(100, |&m| G::cost(m)),
        };
        if self.cap.is_some_and(|c| u128::from(c) != cap) {
            return Err(SplitError::Cap {
                found: self.cap,
                expected: cap,
                game: G::NAME,
            });
        }
        if self.stake != stake && G::mode_named(&self.picks[0].pick).is_some() {
            return Err(SplitError::Stake {
                found: self.stake,
                expected: stake,
                game: G::NAME,
            });
        }
        for (i, f) in self.picks.iter().enumerate() {
            if G::mode_named(&f.pick).is_none() || self.picks[..i].iter().any(|g| g.pick == f.pick)
            {
                return Err(SplitError::Pick {
                    pick: f.pick.clone(),
                    modes: G::MODES.iter().map(|&m| G::mode_name(m)).collect(),
                });
            }
            let what = format!("{} features", f.pick);
            check_moments(&what, f.features, f.win, f.win_sq, cap)?;
            let from = cap * u128::from(TAIL_FROM.0) / u128::from(TAIL_FROM.1);
            let capped = f
                .tail
                .iter()
                .filter(|p| u128::from(p[0]) == cap)
                .try_fold(0u64, |n, p| {
                    add(&format!("{what}: the tail's caps"), n, p[1])
                })?;
            let tail_max = f.tail.last().map_or(0, |p| p[0]);
            if !f.tail.is_empty()
                && (!sorted(&f.tail)
                    || f.tail
                        .iter()
                        .any(|p| u128::from(p[0]) < from || u128::from(p[0]) > cap)
                    || capped != f.cap_hits
                    || tail_max != f.max_win)
            {
                return Err(SplitError::Tail {
                    what,
                    from,
                    capped,
                    tail_max,
                    cap_hits: f.cap_hits,
                    max_win: f.max_win,
                });
            }
            let max = u128::from(f.max_win);
            if max > cap
                || f.cap_hits > f.features
                || max * u128::from(f.features) < f.win
                || (f.cap_hits > 0) != (max == cap)
            {
                return Err(SplitError::MaxWin {
                    what,
                    max_win: f.max_win,
                    cap_hits: f.cap_hits,
                    features: f.features,
                    win: f.win,
                });
            }
        }
        Ok(())
    }

    /// Adds the sums of `other`, another record of the same game, model and picks played with
    /// other seeds (a chunk of a certification), so that the record holds both. The seeds
    /// and command stay this record's.
    ///
    /// # Errors
    /// Another game, model or list of picks, or a sum that would pass what its integer holds
    /// (named, `base games' win`), checked ([`SplitError::Mismatch`],
    /// [`SplitError::Overflow`]); nothing is changed then.
    pub fn absorb(&mut self, other: &SplitRecord) -> Result<(), SplitError> {
        let picks = |r: &SplitRecord| r.picks.iter().map(|p| p.pick.clone()).collect::<Vec<_>>();
        if other.game != self.game
            || other.model_fingerprint != self.model_fingerprint
            || picks(other) != picks(self)
            || other.stake != self.stake
            || other.cap != self.cap
        {
            let identity = |r: &SplitRecord| {
                Box::new(RecordIdentity {
                    game: r.game.clone(),
                    model: r.model_fingerprint,
                    picks: picks(r),
                })
            };
            return Err(SplitError::Mismatch {
                added: identity(other),
                to: identity(self),
            });
        }
        let add_pairs = |what: &str, a: &mut Vec<[u64; 2]>, b: &[[u64; 2]]| {
            let mut m: std::collections::BTreeMap<u64, u64> =
                a.iter().map(|p| (p[0], p[1])).collect();
            for p in b {
                let n = m.entry(p[0]).or_default();
                *n = add(what, *n, p[1])?;
            }
            *a = m.into_iter().map(|(k, v)| [k, v]).collect();
            Ok::<(), SplitError>(())
        };
        // Added into a copy, every sum checked, so that a sum that would pass what the record
        // holds is refused by name and `self` is unchanged.
        let mut sum = self.clone();
        sum.sha256 = None;
        let (b, o) = (&mut sum.base, &other.base);
        b.rounds = add("base games' rounds", b.rounds, o.rounds)?;
        b.win = add("base games' win", b.win, o.win)?;
        b.win_sq = add("base games' win_sq", b.win_sq, o.win_sq)?;
        b.triggers = add("base games' triggers", b.triggers, o.triggers)?;
        b.trigger_win = add("base games' trigger_win", b.trigger_win, o.trigger_win)?;
        b.cap_hits = add("base games' cap_hits", b.cap_hits, o.cap_hits)?;
        add_pairs(
            "base games' trigger_wins",
            &mut b.trigger_wins,
            &o.trigger_wins,
        )?;
        for (f, g) in sum.picks.iter_mut().zip(&other.picks) {
            let name = |field: &str| format!("{} features' {field}", f.pick);
            f.features = add(&name("features"), f.features, g.features)?;
            f.win = add(&name("win"), f.win, g.win)?;
            f.win_sq = add(&name("win_sq"), f.win_sq, g.win_sq)?;
            f.cap_hits = add(&name("cap_hits"), f.cap_hits, g.cap_hits)?;
            f.max_win = f.max_win.max(g.max_win);
            add_pairs(&name("tail"), &mut f.tail, &g.tail)?;
        }
        *self = sum;
        Ok(())
    }

    /// The record as pretty-printed JSON with each `[win, count]` pair on one line and its
    /// checksum ([`SplitRecord::sha256`]) written afresh (what `split --out` and `certify`
    /// write, ending with a newline; read back with serde as any JSON).
    pub fn to_json_pretty(&self) -> String {
        let sealed = SplitRecord {
            sha256: Some(self.sums_sha256()),
            ..self.clone()
        };
        crate::report::pairs_on_one_line(&serde_json::to_string_pretty(&sealed).unwrap_or_default())
            + "\n"
    }

    /// Reads `text` as a split record of `G` the way every reader of records does (`certify`
    /// resuming its chunks, `monitor`, the lab kit): typed, its checksum required and
    /// matching, every relation between its sums ([`SplitRecord::check`]).
    ///
    /// # Errors
    /// [`SplitError::NotARecord`] for text that is not a record's JSON, then what
    /// [`SplitRecord::check_sha256`] and [`SplitRecord::check`] refuse.
    pub fn read<G: SplitGame>(text: &str) -> Result<SplitRecord, SplitError> {
        let r: SplitRecord = slot_core::json::from_str(text).map_err(SplitError::NotARecord)?;
        r.check_sha256(true)?;
        r.check::<G>()?;
        Ok(r)
    }

    /// The record's JSON ([`SplitRecord::to_json_pretty`]) after reading it back with
    /// [`SplitRecord::read`]: what a command writes, so that it never writes a record its
    /// readers refuse.
    ///
    /// # Errors
    /// [`SplitError::WouldBeRefused`] with what the reader refuses.
    pub fn to_checked_json<G: SplitGame>(&self) -> Result<String, SplitError> {
        let text = self.to_json_pretty();
        SplitRecord::read::<G>(&text).map_err(|e| SplitError::WouldBeRefused(Box::new(e)))?;
        Ok(text)
    }

    /// SHA-256 of the record's canonical JSON with no checksum field: what
    /// [`SplitRecord::sha256`] holds.
    pub fn sums_sha256(&self) -> Fingerprint {
        Fingerprint::of(&SplitRecord {
            sha256: None,
            ..self.clone()
        })
    }

    /// Checks the record's checksum: refuses a record whose checksum is not its contents'
    /// (an edit), and, where `required`, a record without one.
    ///
    /// # Errors
    /// [`SplitError::Edited`] for a checksum that is not the contents', and
    /// [`SplitError::NoChecksum`] for none where one is `required`.
    pub fn check_sha256(&self, required: bool) -> Result<(), SplitError> {
        match self.sha256 {
            Some(s) if s != self.sums_sha256() => Err(SplitError::Edited),
            None if required => Err(SplitError::NoChecksum),
            _ => Ok(()),
        }
    }

    /// Each pick's odds of the cap, in the record's order: empty for a game without a cap or
    /// a record without `trigger_wins` (written before it existed).
    ///
    /// A round reaches the cap when its base game does, or when it triggers and its base win
    /// b plus its feature f reach the cap (the feature played alone is the same feature: it
    /// does not depend on b). So
    ///
    /// ```text
    /// P(cap) = P(base game caps) + sum over features f of P(trigger, b >= cap - f) / features
    /// ```
    ///
    /// over the features of the record, each weighted by the share of base games that
    /// triggered with a win of at least `cap - f` (all triggering ones, q, for a feature that
    /// capped alone). Only the features' tail from half the cap is kept, so triggering base
    /// games that won more than half the cap are not resolved: their share is the stated
    /// [`CapOdds::bias_bound`]. Where no base game reached the cap alone, the chance that
    /// one does is stated as its own upper bound ([`CapOdds::unseen_base_bound`]). The 95 %
    /// interval is the exact Poisson interval of the effective count of the weighted cap
    /// events (rounded down, which widens it), scaled to the estimate; the base games' share
    /// q is known to a relative 1/sqrt(triggers) (3e-4 for 1e7 triggers), negligible beside
    /// it.
    pub fn cap_odds<G: SplitGame>(&self) -> Vec<(String, CapOdds)> {
        let b = &self.base;
        let Some(cap) = G::CAP.map(|c| c.limit.hundredths()) else {
            return Vec::new();
        };
        if b.trigger_wins.is_empty() {
            return Vec::new();
        }
        let n = b.rounds as f64;
        let from = cap * TAIL_FROM.0 / TAIL_FROM.1;
        let at_least = |x: u64| -> u64 {
            b.trigger_wins
                .iter()
                .filter(|p| p[0] >= x)
                .map(|p| p[1])
                .sum()
        };
        let bias_bound = b
            .trigger_wins
            .iter()
            .filter(|p| p[0] > cap - from)
            .map(|p| p[1])
            .sum::<u64>() as f64
            / n;
        let level = crate::stats::AWARD_ODDS_LEVEL;
        // Base games that capped alone weigh 1 / n each; a feature of the tail weighs the
        // share g of triggering base games it caps with, over the features played.
        let base_weight = 1.0 / n;
        let base_bound = if b.cap_hits == 0 {
            crate::stats::poisson_interval(0, level).1 / n
        } else {
            0.0
        };
        self.picks
            .iter()
            .map(|f| {
                let m = f.features as f64;
                let mut sum = b.cap_hits as f64 * base_weight;
                let mut sum_sq = b.cap_hits as f64 * base_weight * base_weight;
                for &[win, k] in &f.tail {
                    let g = at_least(cap.saturating_sub(win)) as f64 / n / m;
                    sum += k as f64 * g;
                    sum_sq += k as f64 * g * g;
                }
                let effective = if sum_sq > 0.0 {
                    sum * sum / sum_sq
                } else {
                    0.0
                };
                let k = effective.floor() as u64;
                let (lo, hi) = crate::stats::poisson_interval(k, level);
                let ci95 = if k > 0 {
                    [lo * sum / k as f64, hi * sum / k as f64]
                } else {
                    // Nothing seen: at most the Poisson bound of 0 events of the largest
                    // weight, a feature that caps after any triggering base game.
                    [0.0, hi * (b.triggers as f64 / n / m).max(base_weight)]
                };
                let odds = CapOdds {
                    probability: sum,
                    ci95,
                    effective_count: effective,
                    bias_bound,
                    unseen_base_bound: base_bound,
                };
                (f.pick.clone(), odds)
            })
            .collect()
    }

    /// The mean over-count of `B + q V` beyond the capped round for the features `f`, x bet
    /// ([`Estimate::cap_overcount`]).
    fn cap_overcount(&self, f: &FeatureSums) -> Option<f64> {
        let b = &self.base;
        let cap = self.cap?;
        if b.trigger_wins.is_empty() && b.triggers > 0 {
            return None;
        }
        let half = cap * TAIL_FROM.0 / TAIL_FROM.1;
        let (n, m) = (b.rounds as f64, f.features as f64);
        let mut over = 0.0;
        for &[win, count] in &b.trigger_wins {
            if win > cap - half {
                // Not resolved by the tail: at most the cap per such round.
                over += count as f64 / n * cap as f64;
                continue;
            }
            for &[fw, k] in &f.tail {
                over += count as f64 / n * k as f64 / m * (win + fw).saturating_sub(cap) as f64;
            }
        }
        Some(over / 100.0)
    }

    /// Each pick's figures, in the record's order (B, V and their spread x bet; the RTP and
    /// its half-width per stake).
    pub fn estimates(&self) -> Vec<(String, Estimate)> {
        let stake = self.stake as f64 / 100.0;
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
                    base_rtp: mean_b / stake,
                    trigger_rate: q,
                    feature_mean: v,
                    feature_sd: var_v.max(0.0).sqrt(),
                    rtp: (mean_b + q * v) / stake,
                    half_width_99: Z99 * var.max(0.0).sqrt() / stake,
                    cap_overcount: self.cap_overcount(f).map(|x| x / stake),
                };
                (f.pick.clone(), e)
            })
            .collect()
    }
}

/// The size of a split estimate ([`run`]): how many base games and features, which seed, on
/// how many threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitConfig {
    /// Base games played, with seed `seed` (at least 2; millions, so that some trigger).
    pub base_games: u64,
    /// Features played alone per mode, each mode with seed
    /// [`feature_seed`]`(seed, its index in `[`slot_core::Game::MODES`]`)` (at least 2).
    pub features: u64,
    /// The seed of the base games.
    pub seed: u64,
    /// Worker threads; 0 means every core. The record does not depend on them.
    pub threads: usize,
}

/// Plays a split estimate of `game` as `config` says: its base games, then for each mode of
/// `modes` in order its features alone, and returns the record of their integer sums
/// (checked). `command` is the command line that reproduces it.
///
/// # Errors
/// [`SimError::Config`] for fewer than 2 base games or features, [`SimError::Threads`] if
/// the threads cannot start, [`SimError::Split`] if the sums cannot give an estimate (no
/// trigger in the base games, say).
pub fn run<G: SplitGame>(
    game: &G,
    modes: &[G::Mode],
    config: &SplitConfig,
    command: String,
    watch: Watch<'_>,
) -> Result<SplitRecord, SimError> {
    let SplitConfig {
        base_games: rounds,
        features,
        seed,
        threads,
    } = *config;
    for (setting, n) in [("rounds", rounds), ("features", features)] {
        if n < 2 {
            return Err(SimError::Config {
                setting,
                message: format!("must be at least 2 for an interval (it was {n})"),
            });
        }
    }
    let base_mode = match (G::BASE_BY_MODE, modes) {
        (true, [one]) => *one,
        (true, _) => {
            return Err(SimError::Config {
                setting: "choice",
                message: format!(
                    "the mode of {} changes its base game: a split estimate measures one mode at a time (it was given {})",
                    G::NAME,
                    modes.len()
                ),
            });
        }
        (false, _) => G::MODES[0],
    };
    let base_run = SeededRun {
        rounds,
        seed,
        threads,
    };
    let (base, trigger_wins) = base_games_tallied(game, base_mode, base_run, watch)?;
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
        sha256: None,
        stake: G::cost(base_mode),
        cap: G::CAP.map(|c| c.limit.hundredths()),
        base: BaseSums {
            trigger_wins,
            ..base_sums(seed, &base)
        },
        picks: Vec::new(),
    };
    for &mode in modes {
        let index = G::MODES.iter().position(|&m| m == mode).unwrap_or(0) as u64;
        let mode_seed = feature_seed(seed, index);
        let feature_run = SeededRun {
            rounds: features,
            seed: mode_seed,
            threads,
        };
        let (acc, tail) = features_tallied(game, mode, feature_run, watch)?;
        record.picks.push(FeatureSums {
            tail,
            ..feature_sums(G::mode_name(mode), mode_seed, &acc)
        });
    }
    record.check::<G>()?;
    Ok(record)
}

/// The seed of the features of the mode at `index` of a split estimate of seed `seed`.
pub fn feature_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_add(1 + index)
}

/// `run.rounds` features of `mode` played alone ([`SplitGame::play_feature`]) with seed
/// `run.seed` on its threads: their sums (wins in hundredths of the bet).
///
/// # Errors
/// [`SimError::Threads`] if the threads cannot start; [`SimError::Config`] (setting
/// `interrupt`) if `watch.stop` was set before every feature was played.
pub fn features_alone<G: SplitGame>(
    game: &G,
    mode: G::Mode,
    run: SeededRun,
    watch: Watch<'_>,
) -> Result<crate::stats::Accumulator, SimError> {
    Ok(features_tallied(game, mode, run, watch)?.0)
}

/// Counts by key, as `[key, count]` pairs sorted by key.
type Tally = std::collections::BTreeMap<u64, u64>;

fn pairs(t: Tally) -> Vec<[u64; 2]> {
    t.into_iter().map(|(k, v)| [k, v]).collect()
}

fn add_tallied(a: &mut (Accumulator, Tally), b: (Accumulator, Tally)) {
    a.0.merge(&b.0);
    for (k, v) in b.1 {
        *a.1.entry(k).or_default() += v;
    }
}

fn interrupted(what: &str) -> SimError {
    SimError::Config {
        setting: "interrupt",
        message: format!(
            "stopped during the {what}: a split record needs every round planned, so none was made"
        ),
    }
}

/// [`base_games`] with the triggering base games counted by their win.
fn base_games_tallied<G: SplitGame>(
    game: &G,
    mode: G::Mode,
    run: SeededRun,
    watch: Watch<'_>,
) -> Result<(Accumulator, Vec<[u64; 2]>), SimError> {
    let cost = G::cost(mode);
    let plan = Plan::whole(run.seed, run.rounds, run.threads, cost);
    let out = fold_batches(
        &plan,
        watch.progress,
        watch.stop,
        || (Accumulator::new(cost), Tally::new()),
        |rng, n, (acc, wins)| {
            for _ in 0..n {
                let b = game.play_base_game(mode, rng);
                acc.add(&base_summary(&b));
                if b.triggered {
                    *wins.entry(b.win).or_default() += 1;
                }
            }
        },
        add_tallied,
    )?
    .ok_or_else(|| interrupted("base games"))?;
    Ok((out.0, pairs(out.1)))
}

/// [`features_alone`] with the features from [`TAIL_FROM`] of the cap counted by their win.
fn features_tallied<G: SplitGame>(
    game: &G,
    mode: G::Mode,
    run: SeededRun,
    watch: Watch<'_>,
) -> Result<(Accumulator, Vec<[u64; 2]>), SimError> {
    let from = G::CAP.map_or(u64::MAX, |c| {
        c.limit.hundredths() * TAIL_FROM.0 / TAIL_FROM.1
    });
    let plan = Plan::whole(run.seed, run.rounds, run.threads, G::cost(mode));
    let out = fold_batches(
        &plan,
        watch.progress,
        watch.stop,
        || (Accumulator::new(G::cost(mode)), Tally::new()),
        |rng, k, (acc, tail)| {
            for _ in 0..k {
                let s = G::summary(&game.play_feature(mode, rng));
                if s.win >= from {
                    *tail.entry(s.win).or_default() += 1;
                }
                acc.add(&s);
            }
        },
        add_tallied,
    )?
    .ok_or_else(|| interrupted("features"))?;
    Ok((out.0, pairs(out.1)))
}

/// The base-game sums of a split record from the sums [`base_games`] returns.
pub fn base_sums(seed: u64, base: &crate::stats::Accumulator) -> BaseSums {
    BaseSums {
        seed,
        rounds: base.rounds,
        win: base.total_win,
        win_sq: base.sum_sq,
        triggers: base.feature_rounds[0],
        trigger_win: base.feature_wins[0],
        cap_hits: base.cap_hits,
        trigger_wins: Vec::new(),
    }
}

/// One mode's feature sums of a split record from the sums [`features_alone`] returns.
pub fn feature_sums(mode: &str, seed: u64, features: &crate::stats::Accumulator) -> FeatureSums {
    FeatureSums {
        pick: mode.into(),
        seed,
        features: features.rounds,
        win: features.total_win,
        win_sq: features.sum_sq,
        cap_hits: features.cap_hits,
        max_win: features.max_win,
        tail: Vec::new(),
    }
}

/// `run.rounds` base games of `game` in `mode` with seed `run.seed` on its threads: per round
/// the base win b and the trigger t; `feature_rounds[0]` counts the triggers and
/// `feature_wins[0]` sums the base wins of the triggering rounds (for Cov(b, t)).
///
/// # Errors
/// [`SimError::Threads`] if the threads cannot start; [`SimError::Config`] (setting
/// `interrupt`) if `watch.stop` was set before every base game was played.
pub fn base_games<G: SplitGame>(
    game: &G,
    mode: G::Mode,
    run: SeededRun,
    watch: Watch<'_>,
) -> Result<crate::stats::Accumulator, SimError> {
    Ok(base_games_tallied(game, mode, run, watch)?.0)
}

/// A base game as the sums count it: its win, its cap, its trigger in feature 0 with the
/// base win as that feature's win.
fn base_summary(b: &slot_core::game::BaseGame) -> RoundSummary {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> SplitRecord {
        SplitRecord {
            game: "moon-princess".into(),
            model_fingerprint: Fingerprint::of("model"),
            command: String::new(),
            sha256: None,
            stake: 100,
            cap: None,
            // Four base games: wins 0, 1, 2, 3 x bet; the one winning 3 x triggered.
            base: BaseSums {
                seed: 1,
                rounds: 4,
                win: 600,
                win_sq: 140_000,
                triggers: 1,
                trigger_win: 300,
                cap_hits: 0,
                trigger_wins: vec![[300, 1]],
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
                tail: Vec::new(),
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

    /// Four base games: 0, 3 x (triggered), 2600 x (triggered), 0; two features: 2500 x and
    /// 10 x. A round caps (5000 x) when its base win plus its feature reach the cap: the
    /// 2500 x feature does so after the 2600 x base game only, one of four: P = (1/4) / 2.
    /// The 2600 x base game is above half the cap, so its share (1/4) is the stated bound.
    #[test]
    fn the_cap_odds_are_worked_by_hand() {
        let mut r = record();
        r.base.win = 300 + 260_000;
        r.base.win_sq = 300 * 300 + 260_000 * 260_000;
        r.base.triggers = 2;
        r.base.trigger_win = 260_300;
        r.base.trigger_wins = vec![[300, 1], [260_000, 1]];
        let f = &mut r.picks[0];
        f.win = 250_000 + 1_000;
        f.win_sq = 250_000 * 250_000 + 1_000 * 1_000;
        f.max_win = 250_000;
        f.tail = vec![[250_000, 1]];
        r.check::<moon_princess::MoonPrincess>().unwrap();
        let [(pick, c)] = r
            .cap_odds::<moon_princess::MoonPrincess>()
            .try_into()
            .unwrap();
        assert_eq!(pick, "love");
        assert_eq!(c.probability, 0.125);
        assert_eq!(c.effective_count, 1.0);
        assert_eq!(c.bias_bound, 0.25);
        let (lo, hi) = crate::stats::poisson_interval(1, 0.95);
        assert_eq!(c.ci95, [lo * 0.125, hi * 0.125]);
        // No base game capped alone in 4: its chance is stated apart, at most 3.69 / 4.
        let (_, none) = crate::stats::poisson_interval(0, 0.95);
        assert_eq!(c.unseen_base_bound, none / 4.0);
        // A tail that does not hold the largest win, or a win below it, is refused.
        let mut bad = r.clone();
        bad.picks[0].tail = vec![[240_000, 1]];
        let e = bad.check::<moon_princess::MoonPrincess>().unwrap_err();
        assert!(
            matches!(
                e,
                SplitError::Tail {
                    tail_max: 240_000,
                    ..
                }
            ),
            "{e}"
        );
        let mut bad = r.clone();
        bad.base.trigger_wins = vec![[300, 2]];
        let e = bad.check::<moon_princess::MoonPrincess>().unwrap_err();
        assert!(
            matches!(
                e,
                SplitError::TriggerPairs {
                    count: 2,
                    won: 600,
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("triggering games by win"), "{e}");
        // A record without the tallies (written before them) has no cap odds.
        let mut old = r.clone();
        old.base.trigger_wins.clear();
        assert!(old.cap_odds::<moon_princess::MoonPrincess>().is_empty());
    }

    /// Two records of one model and picks add up sum by sum, tallies merged by win; another
    /// model's is refused and nothing changes.
    #[test]
    fn records_of_other_seeds_add_up() {
        let mut a = record();
        a.base.trigger_wins = vec![[300, 1]];
        let mut b = record();
        b.base.seed = 9;
        b.picks[0].tail = vec![];
        let mut sum = a.clone();
        sum.absorb(&b).unwrap();
        assert_eq!(sum.base.rounds, 8);
        assert_eq!(sum.base.win, 1_200);
        assert_eq!(sum.base.trigger_wins, vec![[300, 2]]);
        assert_eq!(sum.picks[0].features, 4);
        assert_eq!(sum.picks[0].win_sq, 20_000_000);
        assert_eq!(sum.base.seed, 1, "the first record's seed stays");
        sum.check::<moon_princess::MoonPrincess>().unwrap();
        let mut other = b.clone();
        other.model_fingerprint = Fingerprint::of("another model");
        let before = a.clone();
        let e = a.absorb(&other).unwrap_err();
        assert!(matches!(e, SplitError::Mismatch { .. }), "{e}");
        assert!(e.to_string().contains("cannot be added"), "{e}");
        assert_eq!(a, before);
    }

    #[test]
    fn impossible_sums_are_refused_with_their_name() {
        let bad = |f: fn(&mut SplitRecord), want: &str| {
            let mut r = record();
            f(&mut r);
            let e = r.check::<moon_princess::MoonPrincess>().unwrap_err();
            assert!(e.to_string().contains(want), "{e}");
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
