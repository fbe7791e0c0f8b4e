//! Sums read from outside (a report file, a checkpoint, a shard of a cluster run): what the sums
//! of a game and mode must respect ([`SumsLimits`]), [`Accumulator::validate`] against every
//! relation that real rounds satisfy, [`Accumulator::checked_merge`] that refuses another stake
//! or an overflow, and the errors naming what failed ([`SumsError`]).

use super::accumulator::{Accumulator, BUCKET_EDGES_X, BUCKET_LABELS, BUCKETS};
use slot_core::summary::{MAX_AWARDS, MAX_FEATURES};

impl Accumulator {
    /// Adds another accumulator's sums like [`Accumulator::merge`], but checks: the same
    /// stake, and no sum overflows. `self` is unchanged on error.
    ///
    /// # Errors
    /// [`SumsError::StakeMismatch`], or [`SumsError::Overflow`] naming the sum.
    pub fn checked_merge(&mut self, o: &Accumulator) -> Result<(), SumsError> {
        if self.cost != o.cost {
            return Err(SumsError::StakeMismatch {
                first: self.cost,
                other: o.cost,
            });
        }
        let ov = |what| SumsError::Overflow { what };
        let mut m = self.clone();
        m.rounds = m.rounds.checked_add(o.rounds).ok_or(ov("rounds"))?;
        m.total_win = m
            .total_win
            .checked_add(o.total_win)
            .ok_or(ov("total_win"))?;
        m.sum_sq = m.sum_sq.checked_add(o.sum_sq).ok_or(ov("sum_sq"))?;
        m.hits = m.hits.checked_add(o.hits).ok_or(ov("hits"))?;
        m.max_win = m.max_win.max(o.max_win);
        m.cap_hits = m.cap_hits.checked_add(o.cap_hits).ok_or(ov("cap_hits"))?;
        for (a, b) in m.sources.iter_mut().zip(o.sources) {
            *a = a.checked_add(b).ok_or(ov("sources"))?;
        }
        for i in 0..MAX_FEATURES {
            let f = &mut m.feature_rounds[i];
            *f = f
                .checked_add(o.feature_rounds[i])
                .ok_or(ov("feature_rounds"))?;
            let f = &mut m.feature_triggers[i];
            *f = f
                .checked_add(o.feature_triggers[i])
                .ok_or(ov("feature_triggers"))?;
            let f = &mut m.feature_wins[i];
            *f = f.checked_add(o.feature_wins[i]).ok_or(ov("feature_wins"))?;
        }
        for (a, b) in m.buckets.iter_mut().zip(o.buckets) {
            *a = a.checked_add(b).ok_or(ov("buckets"))?;
        }
        for (a, b) in m.award_rounds.iter_mut().zip(o.award_rounds) {
            *a = a.checked_add(b).ok_or(ov("award_rounds"))?;
        }
        for (a, b) in m.award_counts.iter_mut().zip(o.award_counts) {
            *a = a.checked_add(b).ok_or(ov("award_counts"))?;
        }
        if self.has_shape() && o.has_shape() {
            for (a, b) in m.bucket_wins.iter_mut().zip(o.bucket_wins) {
                *a = a.checked_add(b).ok_or(ov("bucket_wins"))?;
            }
            // The moments saturate (unknown) rather than fail: a report without them is
            // still a report.
            m.sum_cubes = m.sum_cubes.saturating_add(o.sum_cubes);
            m.sum_fourth = m.sum_fourth.saturating_add(o.sum_fourth);
        } else {
            m.clear_shape();
        }
        if self.has_experience() && o.has_experience() {
            m.experience
                .checked_merge_after(self.rounds, &o.experience)?;
        } else {
            m.experience = super::experience::Experience::default();
        }
        *self = m;
        Ok(())
    }

    /// Checks every relation that the sums of real rounds satisfy, so that a report read from
    /// outside (a file, a shard of a cluster run) cannot bring impossible figures into a merge.
    /// Wins are in hundredths of the paytable's bet.
    ///
    /// The relations: at least one round; the stake of the game and mode; hits, cap hits and
    /// each feature's rounds at most the rounds; the buckets add up to the rounds, bucket "0"
    /// holds the rounds without a win and bucket "cap" the cap hits; the total win lies between
    /// what the buckets' edges allow, no bucket lies above the largest win; max win at most
    /// the cap (capped games), a cap hit only with max win = cap, none without a cap; max win
    /// at most the total win, hits > 0 exactly when the total win is; the total win at least
    /// max win + hits - 1 (every winning round pays at least 1) and at most rounds x max win;
    /// the sum of squares between total_win^2 / hits (Cauchy-Schwarz) and max_win x total_win;
    /// the sources add up to the total win, and no source or feature beyond the game's has a
    /// figure; a feature's rounds at most its triggers, its wins at most the total win and at
    /// most its rounds x max win (a feature pays only in rounds where it triggered); a top
    /// award's rounds at most the rounds and at most its count, a count only with rounds, and
    /// no award beyond the game's.
    ///
    /// # Errors
    /// The first relation that fails, as a [`SumsError`] naming the figures.
    pub fn validate(&self, limits: &SumsLimits) -> Result<(), SumsError> {
        use SumsError as E;
        let n = self.rounds;
        if n == 0 {
            return Err(E::NoRounds);
        }
        if self.cost != limits.cost {
            return Err(E::Cost {
                found: self.cost,
                expected: limits.cost,
            });
        }
        if self.hits > n {
            return Err(E::HitsAboveRounds {
                hits: self.hits,
                rounds: n,
            });
        }
        if self.cap_hits > self.hits {
            return Err(E::CapHitsAboveHits {
                cap_hits: self.cap_hits,
                hits: self.hits,
            });
        }
        let bucket_sum: u128 = self.buckets.iter().map(|&b| u128::from(b)).sum();
        if bucket_sum != u128::from(n) {
            return Err(E::BucketsSum {
                sum: bucket_sum,
                rounds: n,
            });
        }
        if self.buckets[0] != n - self.hits {
            return Err(E::ZeroBucket {
                zero: self.buckets[0],
                expected: n - self.hits,
            });
        }
        if self.buckets[BUCKETS - 1] != self.cap_hits {
            return Err(E::CapBucket {
                found: self.buckets[BUCKETS - 1],
                cap_hits: self.cap_hits,
            });
        }
        match limits.cap {
            Some(cap) if self.max_win > cap => {
                return Err(E::MaxWinAboveCap {
                    max_win: self.max_win,
                    cap,
                });
            }
            Some(cap) if (self.cap_hits > 0) != (self.max_win == cap) => {
                return Err(E::CapHitsVsMaxWin {
                    cap_hits: self.cap_hits,
                    max_win: self.max_win,
                    cap,
                });
            }
            None if self.cap_hits > 0 => {
                return Err(E::CapHitsWithoutCap {
                    cap_hits: self.cap_hits,
                });
            }
            _ => {}
        }
        let (total, max) = (self.total_win, u128::from(self.max_win));
        if max > total {
            return Err(E::MaxWinAboveTotal {
                max_win: self.max_win,
                total_win: total,
            });
        }
        if (self.hits == 0) != (total == 0) || (self.hits == 0) != (max == 0) {
            return Err(E::HitsVsWins {
                hits: self.hits,
                max_win: self.max_win,
                total_win: total,
            });
        }
        let most = u128::from(n) * max;
        if total > most {
            return Err(E::TotalAboveBound {
                total_win: total,
                bound: most,
            });
        }
        if self.hits > 0 {
            let least = max + u128::from(self.hits) - 1;
            if total < least {
                return Err(E::TotalBelowHits {
                    total_win: total,
                    hits: self.hits,
                    bound: least,
                });
            }
        }
        // A feature whose win is a source's is the same sum twice.
        for &(feature, source) in limits.feature_sources {
            let (f, s) = (
                self.feature_wins.get(feature).copied().unwrap_or(0),
                self.sources.get(source).copied().unwrap_or(0),
            );
            if f != s {
                return Err(E::FeatureVsSource {
                    feature,
                    feature_win: f,
                    rtp_source: source,
                    source_win: s,
                });
            }
        }
        // The largest win of a round that did not hit the cap.
        let uncapped_max = match limits.cap {
            Some(cap) => self.max_win.min(cap.saturating_sub(1)),
            None => self.max_win,
        };
        if let Some(b) =
            (1..BUCKETS - 1).find(|&b| self.buckets[b] > 0 && BUCKET_FLOORS[b] > uncapped_max)
        {
            return Err(E::BucketAboveMaxWin {
                bucket: BUCKET_LABELS[b],
                count: self.buckets[b],
                max_win: self.max_win,
            });
        }
        // The round that won the largest win lies in the bucket of that win.
        if self.max_win > 0 {
            let at_cap = limits.cap == Some(self.max_win);
            let b = Accumulator::bucket(self.max_win, at_cap);
            if self.buckets[b] == 0 {
                return Err(E::MaxWinBucketEmpty {
                    max_win: self.max_win,
                    bucket: BUCKET_LABELS[b],
                });
            }
        }
        let (mut low, mut high) = (0u128, 0u128);
        for b in 0..BUCKETS {
            let count = u128::from(self.buckets[b]);
            let floor = if b == BUCKETS - 1 {
                limits.cap.unwrap_or(1)
            } else {
                BUCKET_FLOORS[b]
            };
            let ceiling = if b + 2 < BUCKETS {
                BUCKET_FLOORS[b + 1].saturating_sub(1).min(uncapped_max)
            } else if b + 1 < BUCKETS {
                uncapped_max
            } else {
                self.max_win
            };
            low = low.saturating_add(count.saturating_mul(u128::from(floor)));
            high = high.saturating_add(count.saturating_mul(u128::from(ceiling)));
            // The bucket's own wins lie within its edges too (sums that carry their shape).
            let w = self.bucket_wins[b];
            if self.has_shape()
                && (w < count.saturating_mul(u128::from(floor))
                    || w > count.saturating_mul(u128::from(ceiling))
                    || (b == 0 && w != 0))
            {
                return Err(E::BucketWinsOutsideEdges {
                    bucket: BUCKET_LABELS[b],
                    wins: w,
                    count: self.buckets[b],
                });
            }
        }
        if self.has_shape() {
            let sum = self
                .bucket_wins
                .iter()
                .try_fold(0u128, |a, &w| a.checked_add(w))
                .ok_or(E::Overflow {
                    what: "bucket_wins",
                })?;
            if sum != total {
                return Err(E::BucketWinsSum {
                    sum,
                    total_win: total,
                });
            }
            // The moments, unless saturated (unknown): 0 exactly without a win; at most
            // max_win times the moment below; Cauchy-Schwarz: sum_sq^2 <= total x sum_cubes
            // and sum_cubes^2 <= sum_sq x sum_fourth.
            let (c, f) = (self.sum_cubes, self.sum_fourth);
            let known = c != u128::MAX && f != u128::MAX;
            let bad = known
                && ((total == 0) != (c == 0)
                    || (total == 0) != (f == 0)
                    || U256::mul(c, 1) > U256::mul(max, self.sum_sq)
                    || U256::mul(f, 1) > U256::mul(max, c)
                    || U256::mul(self.sum_sq, self.sum_sq) > U256::mul(total, c)
                    || U256::mul(c, c) > U256::mul(self.sum_sq, f));
            if bad {
                return Err(E::Moments {
                    sum_cubes: c,
                    sum_fourth: f,
                });
            }
        }
        if total < low || total > high {
            return Err(E::TotalOutsideBuckets {
                total_win: total,
                low,
                high,
            });
        }
        if self.hits > 0 {
            // total^2 / hits <= sum_sq <= max_win * total, compared exactly in 256 bits.
            let square = U256::mul(total, total);
            if square > U256::mul(self.sum_sq, u128::from(self.hits))
                || U256::mul(max, max) > U256::mul(self.sum_sq, 1)
            {
                return Err(E::SumSqTooSmall {
                    sum_sq: self.sum_sq,
                    total_win: total,
                    hits: self.hits,
                });
            }
            if U256::mul(self.sum_sq, 1) > U256::mul(max, total) {
                return Err(E::SumSqTooLarge {
                    sum_sq: self.sum_sq,
                    max_win: self.max_win,
                    total_win: total,
                });
            }
        } else if self.sum_sq != 0 {
            return Err(E::SumSqTooLarge {
                sum_sq: self.sum_sq,
                max_win: self.max_win,
                total_win: total,
            });
        }
        let mut sources = 0u128;
        for (i, &v) in self.sources.iter().enumerate() {
            if i >= limits.sources && v != 0 {
                return Err(E::UnusedSource {
                    index: i,
                    count: limits.sources,
                });
            }
            sources = sources
                .checked_add(v)
                .ok_or(E::Overflow { what: "sources" })?;
        }
        if sources != total {
            return Err(E::SourcesSum {
                sum: sources,
                total_win: total,
            });
        }
        for i in 0..MAX_FEATURES {
            let (rounds, triggers, wins) = (
                self.feature_rounds[i],
                self.feature_triggers[i],
                self.feature_wins[i],
            );
            if i >= limits.features && (rounds, triggers, wins) != (0, 0, 0) {
                return Err(E::UnusedFeature {
                    index: i,
                    count: limits.features,
                });
            }
            if rounds > n {
                return Err(E::FeatureRoundsAboveRounds {
                    index: i,
                    feature_rounds: rounds,
                    rounds: n,
                });
            }
            if rounds > triggers || (triggers > 0 && rounds == 0) {
                return Err(E::FeatureRoundsVsTriggers {
                    index: i,
                    feature_rounds: rounds,
                    triggers,
                });
            }
            if wins > total || wins > u128::from(rounds) * max {
                return Err(E::FeatureWins {
                    index: i,
                    wins,
                    feature_rounds: rounds,
                    total_win: total,
                });
            }
        }
        for i in 0..MAX_AWARDS {
            let (rounds, count) = (self.award_rounds[i], self.award_counts[i]);
            if i >= limits.awards && (rounds, count) != (0, 0) {
                return Err(E::UnusedAward {
                    index: i,
                    count: limits.awards,
                });
            }
            if rounds > n {
                return Err(E::AwardRoundsAboveRounds {
                    index: i,
                    award_rounds: rounds,
                    rounds: n,
                });
            }
            if rounds > count || (count > 0 && rounds == 0) {
                return Err(E::AwardRoundsVsCount {
                    index: i,
                    award_rounds: rounds,
                    count,
                });
            }
        }
        // The player-experience sums, when the sums carry them (a report of an earlier
        // version has none: all zero, which its hits tell apart).
        if !self.experience.is_empty() || self.hits == 0 {
            self.experience
                .validate(n, self.hits, self.max_win, self.cost)?;
        }
        Ok(())
    }
}

/// The lowest win (hundredths) of each bucket below "cap": 0, 1, then the edges of
/// [`BUCKET_EDGES_X`] in hundredths.
const BUCKET_FLOORS: [u64; BUCKETS - 1] = {
    let mut f = [0u64; BUCKETS - 1];
    f[1] = 1;
    let mut i = 0;
    while i < BUCKET_EDGES_X.len() {
        f[i + 2] = BUCKET_EDGES_X[i] * 100;
        i += 1;
    }
    f
};

/// A 256-bit product, for exact comparisons of products of 128-bit sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct U256 {
    hi: u128,
    lo: u128,
}

impl U256 {
    /// `a * b` exactly (schoolbook on 64-bit halves).
    fn mul(a: u128, b: u128) -> U256 {
        const M: u128 = u64::MAX as u128;
        let (a1, a0, b1, b0) = (a >> 64, a & M, b >> 64, b & M);
        let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
        let (mid, carry) = p01.overflowing_add(p10);
        let (lo, c2) = p00.overflowing_add(mid << 64);
        let hi = p11 + (mid >> 64) + (u128::from(carry) << 64) + u128::from(c2);
        U256 { hi, lo }
    }
}

/// What the sums of a game and mode must respect ([`Accumulator::validate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SumsLimits {
    /// The stake per round, hundredths of the paytable's bet (100; Starlight Christmas ante 125).
    pub cost: u64,
    /// The largest win a round may pay, hundredths of the paytable's bet; `None` if uncapped.
    pub cap: Option<u64>,
    /// How many RTP sources the game reports (the rest must be 0).
    pub sources: usize,
    /// How many features the game reports (the rest must be 0).
    pub features: usize,
    /// How many top awards the game counts (the rest must be 0).
    pub awards: usize,
    /// Pairs (feature, source) whose wins are the same money in every round (Moon Princess's
    /// free spins feature and free-spin source): their sums must be equal.
    pub feature_sources: &'static [(usize, usize)],
}

/// Sums that no set of real rounds can produce ([`Accumulator::validate`]), or a merge that
/// cannot be done ([`Accumulator::checked_merge`]). Amounts in hundredths of the bet.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SumsError {
    /// The player-experience sums do not fit the rounds.
    #[error(transparent)]
    Experience(#[from] super::experience::ExperienceError),
    /// A bucket's wins lie outside what its rounds can win.
    #[error("bucket {bucket} holds {count} rounds but wins {wins}, outside its edges")]
    BucketWinsOutsideEdges {
        /// The bucket's label.
        bucket: &'static str,
        /// Its wins.
        wins: u128,
        /// Its rounds.
        count: u64,
    },
    /// The buckets' wins do not add up to the total win.
    #[error("the buckets' wins add up to {sum}, not the total win {total_win}")]
    BucketWinsSum {
        /// Their sum.
        sum: u128,
        /// The total win.
        total_win: u128,
    },
    /// Third and fourth moments no set of wins has.
    #[error("sum_cubes {sum_cubes} and sum_fourth {sum_fourth} are impossible for these wins")]
    Moments {
        /// Sum of cubes.
        sum_cubes: u128,
        /// Sum of fourth powers.
        sum_fourth: u128,
    },
    /// The bucket of the largest win holds no round.
    #[error("max_win {max_win} lies in bucket {bucket}, which holds no round")]
    MaxWinBucketEmpty {
        /// The largest win.
        max_win: u64,
        /// Its bucket's label.
        bucket: &'static str,
    },
    /// A feature's win differs from the source that is the same money.
    #[error(
        "feature {feature}'s win {feature_win} differs from source {rtp_source}'s {source_win}, which is the same money in this game"
    )]
    FeatureVsSource {
        /// The feature's index.
        feature: usize,
        /// Its win.
        feature_win: u128,
        /// The source's index.
        rtp_source: usize,
        /// Its total.
        source_win: u128,
    },
    /// No rounds.
    #[error("rounds is 0: a report covers at least one round")]
    NoRounds,
    /// Another stake than the game and mode's.
    #[error("cost is {found} hundredths of the bet, but this game and mode stake {expected}")]
    Cost {
        /// In the sums.
        found: u64,
        /// The game's.
        expected: u64,
    },
    /// Two sums played at different stakes.
    #[error("the stakes differ ({first} and {other} hundredths of the bet)")]
    StakeMismatch {
        /// The first one's.
        first: u64,
        /// The other one's.
        other: u64,
    },
    /// More winning rounds than rounds.
    #[error("hits ({hits}) is more than rounds ({rounds})")]
    HitsAboveRounds {
        /// Winning rounds.
        hits: u64,
        /// Rounds.
        rounds: u64,
    },
    /// More cap hits than winning rounds.
    #[error("cap_hits ({cap_hits}) is more than hits ({hits})")]
    CapHitsAboveHits {
        /// Cap hits.
        cap_hits: u64,
        /// Winning rounds.
        hits: u64,
    },
    /// The histogram does not hold every round once.
    #[error("the win-size buckets hold {sum} rounds in all, but rounds is {rounds}")]
    BucketsSum {
        /// Their sum.
        sum: u128,
        /// Rounds.
        rounds: u64,
    },
    /// Bucket "0" is not the rounds without a win.
    #[error("bucket \"0\" holds {zero} rounds, but rounds - hits is {expected}")]
    ZeroBucket {
        /// Bucket "0".
        zero: u64,
        /// Rounds - hits.
        expected: u64,
    },
    /// Bucket "cap" is not the cap hits.
    #[error("bucket \"cap\" holds {found} rounds, but cap_hits is {cap_hits}")]
    CapBucket {
        /// Bucket "cap".
        found: u64,
        /// Cap hits.
        cap_hits: u64,
    },
    /// A win above the cap.
    #[error("max_win {max_win} is above the cap {cap}")]
    MaxWinAboveCap {
        /// Largest win.
        max_win: u64,
        /// The cap.
        cap: u64,
    },
    /// Cap hits without a largest win of the cap, or a win of the cap without a cap hit (a
    /// round that reaches the cap is capped and pays the cap).
    #[error(
        "cap_hits is {cap_hits} and max_win {max_win} with the cap at {cap}: a cap hit pays the cap, and a round that reaches the cap is a cap hit"
    )]
    CapHitsVsMaxWin {
        /// Cap hits.
        cap_hits: u64,
        /// Largest win.
        max_win: u64,
        /// The cap.
        cap: u64,
    },
    /// Cap hits in a game without a cap.
    #[error("this game has no cap, but cap_hits is {cap_hits}")]
    CapHitsWithoutCap {
        /// Cap hits.
        cap_hits: u64,
    },
    /// The largest win exceeds the sum of all wins.
    #[error("max_win {max_win} is more than total_win {total_win}")]
    MaxWinAboveTotal {
        /// Largest win.
        max_win: u64,
        /// Sum of wins.
        total_win: u128,
    },
    /// Winning rounds and win sums disagree on whether anything was won.
    #[error(
        "hits {hits}, max_win {max_win} and total_win {total_win} disagree on whether any round won"
    )]
    HitsVsWins {
        /// Winning rounds.
        hits: u64,
        /// Largest win.
        max_win: u64,
        /// Sum of wins.
        total_win: u128,
    },
    /// More won than every round paying the largest win.
    #[error("total_win {total_win} is more than rounds x max_win = {bound}")]
    TotalAboveBound {
        /// Sum of wins.
        total_win: u128,
        /// Rounds x largest win.
        bound: u128,
    },
    /// Less won than the winning rounds pay at least.
    #[error(
        "total_win {total_win} is less than {hits} winning rounds pay at least (max_win + hits - 1 = {bound})"
    )]
    TotalBelowHits {
        /// Sum of wins.
        total_win: u128,
        /// Winning rounds.
        hits: u64,
        /// The least they pay.
        bound: u128,
    },
    /// A bucket above the largest win (or, in a capped game, an uncapped bucket at or above
    /// the cap) holds rounds.
    #[error(
        "bucket \"{bucket}\" holds {count} rounds, but max_win is {max_win} (and a win that reaches the cap is in bucket \"cap\")"
    )]
    BucketAboveMaxWin {
        /// The bucket's label.
        bucket: &'static str,
        /// Its rounds.
        count: u64,
        /// Largest win.
        max_win: u64,
    },
    /// The total win is outside what the buckets' edges allow.
    #[error("the win-size buckets put total_win between {low} and {high}, but it is {total_win}")]
    TotalOutsideBuckets {
        /// Sum of wins.
        total_win: u128,
        /// The least the buckets allow.
        low: u128,
        /// The most they allow.
        high: u128,
    },
    /// The sum of squares is below total_win^2 / hits (or max_win^2).
    #[error(
        "sum_sq {sum_sq} is less than total_win^2 / hits allows (total_win {total_win}, hits {hits})"
    )]
    SumSqTooSmall {
        /// Sum of squared wins.
        sum_sq: u128,
        /// Sum of wins.
        total_win: u128,
        /// Winning rounds.
        hits: u64,
    },
    /// The sum of squares is above max_win x total_win.
    #[error(
        "sum_sq {sum_sq} is more than max_win x total_win allows (max_win {max_win}, total_win {total_win})"
    )]
    SumSqTooLarge {
        /// Sum of squared wins.
        sum_sq: u128,
        /// Largest win.
        max_win: u64,
        /// Sum of wins.
        total_win: u128,
    },
    /// The sources do not add up to the total win.
    #[error("the sources add up to {sum}, but total_win is {total_win}")]
    SourcesSum {
        /// Their sum.
        sum: u128,
        /// Sum of wins.
        total_win: u128,
    },
    /// A source the game does not have holds a win.
    #[error("source {index} holds a win, but the game has {count} sources")]
    UnusedSource {
        /// Its index.
        index: usize,
        /// The game's sources.
        count: usize,
    },
    /// A feature the game does not have has figures.
    #[error("feature {index} has figures, but the game has {count} features")]
    UnusedFeature {
        /// Its index.
        index: usize,
        /// The game's features.
        count: usize,
    },
    /// A feature triggered in more rounds than there are.
    #[error("feature {index} triggered in {feature_rounds} rounds, more than rounds ({rounds})")]
    FeatureRoundsAboveRounds {
        /// The feature's index.
        index: usize,
        /// Its rounds.
        feature_rounds: u64,
        /// Rounds.
        rounds: u64,
    },
    /// A feature's rounds and triggers disagree (each triggering round has a trigger).
    #[error(
        "feature {index} triggered in {feature_rounds} rounds with {triggers} triggers in all (rounds must be at most triggers, and triggers need rounds)"
    )]
    FeatureRoundsVsTriggers {
        /// The feature's index.
        index: usize,
        /// Its rounds.
        feature_rounds: u64,
        /// Its triggers.
        triggers: u64,
    },
    /// A feature won more than the rounds or more than its rounds could.
    #[error(
        "feature {index} won {wins}, more than total_win {total_win} or than its {feature_rounds} rounds x max_win"
    )]
    FeatureWins {
        /// The feature's index.
        index: usize,
        /// Its wins.
        wins: u128,
        /// Its rounds.
        feature_rounds: u64,
        /// Sum of wins.
        total_win: u128,
    },
    /// A top award the game does not have has counts.
    #[error("top award {index} has counts, but the game has {count} top awards")]
    UnusedAward {
        /// Its index.
        index: usize,
        /// The game's awards.
        count: usize,
    },
    /// A top award came in more rounds than there are.
    #[error("top award {index} came in {award_rounds} rounds, more than rounds ({rounds})")]
    AwardRoundsAboveRounds {
        /// The award's index.
        index: usize,
        /// Its rounds.
        award_rounds: u64,
        /// Rounds.
        rounds: u64,
    },
    /// A top award's rounds and count disagree (each round with it holds it at least once).
    #[error(
        "top award {index} came in {award_rounds} rounds, {count} times in all (rounds must be at most the count, and a count needs rounds)"
    )]
    AwardRoundsVsCount {
        /// The award's index.
        index: usize,
        /// Its rounds.
        award_rounds: u64,
        /// Its count.
        count: u64,
    },
    /// A sum passes the range of its integer type.
    #[error("{what} overflows")]
    Overflow {
        /// Which sum.
        what: &'static str,
    },
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::stats::fixtures::summary;

    /// The bounds [`Accumulator::add`] and [`Accumulator::merge`] rely on, at their extremes:
    /// a round of the largest `u64` win squares exactly into `u128`; `2^64 - 1` rounds at the
    /// 5,000 x cap leave the sums far below `u128::MAX`, hand-computed.
    #[test]
    fn add_and_merge_hold_at_the_extremes() {
        let mut a = Accumulator::new(100);
        let mut r = summary(u64::MAX);
        r.feature_triggers = [u32::MAX; MAX_FEATURES];
        r.awards = [u32::MAX; MAX_AWARDS];
        a.add(&r);
        let m = u128::from(u64::MAX);
        assert_eq!(a.total_win, m);
        // (2^64 - 1)^2 = 2^128 - 2^65 + 1: fits.
        assert_eq!(a.sum_sq, u128::MAX - (1u128 << 65) + 2);
        assert_eq!(a.feature_triggers[0], u64::from(u32::MAX));
        assert_eq!(a.award_counts[0], u64::from(u32::MAX));

        // As if 2^64 - 2 rounds had all paid the cap, then one more capped round.
        const CAP: u64 = 500_000;
        let n = u64::MAX - 1;
        let mut big = Accumulator::new(100);
        big.rounds = n;
        big.hits = n;
        big.cap_hits = n;
        big.max_win = CAP;
        big.total_win = u128::from(n) * u128::from(CAP);
        big.sum_sq = u128::from(n) * u128::from(CAP) * u128::from(CAP);
        // Every round paid more than the stake: n - 1 dry spells of 0 rounds between them.
        big.experience.above_stake = n;
        big.experience.at_least = [n; 3];
        big.experience.first_big = Some(0);
        big.experience.last_big = Some(n - 1);
        big.experience.spells = n - 1;
        big.experience.lengths[0] = n - 1;
        let mut capped = summary(CAP);
        capped.capped = true;
        big.add(&capped);
        assert_eq!(big.rounds, u64::MAX);
        assert_eq!(big.total_win, m * 500_000);
        assert_eq!(big.sum_sq, m * 250_000_000_000);
        assert!(big.sum_sq < 1u128 << 102);
        assert_eq!(big.experience.spells, n);
        assert_eq!(big.experience.last_big, Some(n));
        // Merging it with an empty run changes nothing; a second such run is refused.
        let before = big.clone();
        big.merge(&Accumulator::new(100));
        assert_eq!(big, before);
        assert_eq!(
            big.clone().checked_merge(&before),
            Err(SumsError::Overflow { what: "rounds" })
        );
    }

    pub(in crate::stats) const LIMITS: SumsLimits = SumsLimits {
        cost: 100,
        cap: Some(500_000),
        sources: 1,
        features: 2,
        awards: 1,
        feature_sources: &[],
    };

    /// Sums of real rounds: wins 0, 0, 150, 700 (feature 1), 500,000 (capped, feature 1).
    pub(in crate::stats) fn real() -> Accumulator {
        let mut a = Accumulator::new(100);
        for w in [0, 0, 150, 700] {
            a.add(&summary(w));
        }
        let mut capped = summary(500_000);
        capped.capped = true;
        a.add(&capped);
        a
    }

    #[test]
    fn sums_of_real_rounds_validate() {
        assert_eq!(real().validate(&LIMITS), Ok(()));
        let one = {
            let mut a = Accumulator::new(100);
            a.add(&summary(0));
            a
        };
        assert_eq!(one.validate(&LIMITS), Ok(()));
        // Without a cap, a win of 5,000x and more is in the uncapped bucket.
        let mut big = Accumulator::new(100);
        big.add(&summary(700_000));
        let no_cap = SumsLimits {
            cap: None,
            ..LIMITS
        };
        assert_eq!(big.validate(&no_cap), Ok(()));
    }

    /// Each impossible change of real sums is refused with the relation it breaks.
    #[test]
    fn impossible_sums_are_refused_by_name() {
        // The relations of every report, on sums without their shape (as an earlier
        // version's): the shape's own relations are checked below.
        let check = |change: &dyn Fn(&mut Accumulator)| {
            let mut a = real();
            a.clear_shape();
            change(&mut a);
            a.validate(&LIMITS)
                .expect_err(&format!("impossible sums validated: {a:?}"))
        };
        let shaped = |change: &dyn Fn(&mut Accumulator)| {
            let mut a = real();
            change(&mut a);
            a.validate(&LIMITS)
        };
        assert_eq!(shaped(&|_| {}), Ok(()));
        // The rounds: 1.50 in [1,2), 7.00 in [5,10), the cap; move 1.00 of the wins from
        // [5,10) to [1,2): the total holds, the [1,2) round would have won 2.50.
        assert_eq!(
            shaped(&|a| {
                a.bucket_wins[2] += 100;
                a.bucket_wins[4] -= 100;
            }),
            Err(SumsError::BucketWinsOutsideEdges {
                bucket: "[1,2)",
                wins: 250,
                count: 1
            })
        );
        assert_eq!(
            shaped(&|a| a.bucket_wins[4] -= 1),
            Err(SumsError::BucketWinsSum {
                sum: 500_849,
                total_win: 500_850
            })
        );
        assert!(matches!(
            shaped(&|a| a.sum_cubes = u128::from(a.max_win) * a.sum_sq + 1),
            Err(SumsError::Moments { .. })
        ));
        assert!(matches!(
            shaped(&|a| a.sum_fourth = 1),
            Err(SumsError::Moments { .. })
        ));
        // Saturated moments are unknown, not impossible.
        assert_eq!(
            shaped(&|a| {
                a.sum_cubes = u128::MAX;
                a.sum_fourth = u128::MAX;
            }),
            Ok(())
        );
        assert_eq!(check(&|a| *a = Accumulator::new(100)), SumsError::NoRounds);
        assert!(matches!(
            check(&|a| a.cost = 125),
            SumsError::Cost { found: 125, .. }
        ));
        assert_eq!(
            check(&|a| a.hits = 6),
            SumsError::HitsAboveRounds { hits: 6, rounds: 5 }
        );
        assert!(matches!(
            check(&|a| a.buckets[3] += 1),
            SumsError::BucketsSum { sum: 6, .. }
        ));
        assert!(matches!(
            check(&|a| {
                a.buckets[0] -= 1;
                a.buckets[1] += 1
            }),
            SumsError::ZeroBucket {
                zero: 1,
                expected: 2
            }
        ));
        assert!(matches!(
            check(&|a| a.max_win = 600_000),
            SumsError::MaxWinAboveCap {
                max_win: 600_000,
                ..
            }
        ));
        // total_win 2^64 - 1 with 5 rounds: more than rounds x max_win.
        assert!(matches!(
            check(&|a| a.total_win = u64::MAX as u128),
            SumsError::TotalAboveBound { .. }
        ));
        assert!(matches!(
            check(&|a| a.total_win -= 1),
            SumsError::TotalOutsideBuckets { .. } | SumsError::SourcesSum { .. }
        ));
        assert!(matches!(
            check(&|a| a.sum_sq = 500_000 * a.total_win + 1),
            SumsError::SumSqTooLarge { .. }
        ));
        assert!(matches!(
            check(&|a| a.sum_sq = 500_000u128 * 500_000 - 1),
            SumsError::SumSqTooSmall { .. }
        ));
        assert!(matches!(
            check(&|a| a.sources[0] -= 1),
            SumsError::SourcesSum { .. }
        ));
        assert!(matches!(
            check(&|a| a.sources[1] = 1),
            SumsError::UnusedSource { index: 1, .. }
        ));
        assert!(matches!(
            check(&|a| a.feature_triggers[3] = 1),
            SumsError::UnusedFeature { index: 3, .. }
        ));
        assert!(matches!(
            check(&|a| a.feature_rounds[1] = 3),
            SumsError::FeatureRoundsVsTriggers { index: 1, .. }
        ));
        assert!(matches!(
            check(&|a| a.feature_wins[0] = 1),
            SumsError::FeatureWins { index: 0, .. }
        ));
        assert!(matches!(
            check(&|a| {
                a.cap_hits = 0;
                a.buckets[BUCKETS - 1] = 0;
                a.buckets[BUCKETS - 2] = 1
            }),
            SumsError::CapHitsVsMaxWin { .. }
        ));
        // The largest win's bucket must hold a round: 150 lies in [1,2), which holds none
        // when its round is moved down to [0.01,1) (every other bound still met).
        let mut lone = Accumulator::new(100);
        lone.add(&summary(0));
        lone.add(&summary(150));
        lone.buckets[2] = 0;
        lone.buckets[1] = 1;
        assert_eq!(
            lone.validate(&LIMITS),
            Err(SumsError::MaxWinBucketEmpty {
                max_win: 150,
                bucket: "[1,2)"
            })
        );
        // A feature that is a source's money: equal sums pass, different ones are named.
        let mut same = Accumulator::new(100);
        let mut s = summary(150);
        s.feature_triggers[0] = 1;
        s.feature_wins[0] = 150;
        same.add(&s);
        let pair = SumsLimits {
            feature_sources: &[(0, 0)],
            ..LIMITS
        };
        assert_eq!(same.validate(&pair), Ok(()));
        same.feature_wins[0] += 1;
        assert_eq!(
            same.validate(&pair),
            Err(SumsError::FeatureVsSource {
                feature: 0,
                feature_win: 151,
                rtp_source: 0,
                source_win: 150
            })
        );
        let mut small = Accumulator::new(100);
        small.add(&summary(0));
        small.add(&summary(150));
        small.buckets[2] = 0;
        small.buckets[5] = 1;
        assert!(matches!(
            small.validate(&LIMITS),
            Err(SumsError::BucketAboveMaxWin {
                bucket: "[10,20)",
                count: 1,
                max_win: 150
            })
        ));
        let mut no_cap = LIMITS;
        no_cap.cap = None;
        assert!(matches!(
            real().validate(&no_cap),
            Err(SumsError::CapHitsWithoutCap { cap_hits: 1 })
        ));
        // A cap hit with a largest win below the cap.
        let mut a = Accumulator::new(100);
        a.add(&summary(150));
        a.cap_hits = 1;
        a.buckets[Accumulator::bucket(150, false)] = 0;
        a.buckets[BUCKETS - 1] = 1;
        assert!(matches!(
            a.validate(&LIMITS),
            Err(SumsError::CapHitsVsMaxWin { .. })
        ));
    }

    #[test]
    fn wide_products_are_exact() {
        assert_eq!(U256::mul(3, 5), U256 { hi: 0, lo: 15 });
        assert_eq!(
            U256::mul(u128::MAX, 1),
            U256 {
                hi: 0,
                lo: u128::MAX
            }
        );
        // (2^128 - 1)^2 = 2^256 - 2^129 + 1.
        assert_eq!(
            U256::mul(u128::MAX, u128::MAX),
            U256 {
                hi: u128::MAX - 1,
                lo: 1
            }
        );
        assert_eq!(U256::mul(1 << 64, 1 << 64), U256 { hi: 1, lo: 0 });
    }

    #[test]
    fn checked_merge_refuses_overflow_and_other_stakes() {
        let mut a = real();
        let mut b = real();
        b.sum_sq = u128::MAX;
        let before = a.clone();
        assert_eq!(
            a.checked_merge(&b),
            Err(SumsError::Overflow { what: "sum_sq" })
        );
        assert_eq!(a, before, "unchanged on error");
        assert!(matches!(
            a.checked_merge(&Accumulator::new(125)),
            Err(SumsError::StakeMismatch { .. })
        ));
        let mut whole = real();
        whole.merge(&real());
        a.checked_merge(&real()).unwrap();
        assert_eq!(a, whole);
    }

    proptest::proptest! {
        /// Sums of any rounds a game could play validate, alone and merged.
        #[test]
        fn sums_of_any_rounds_validate(
            wins in proptest::collection::vec((0u64..=500_000, 0u32..3, proptest::bool::ANY), 1..60),
            cut in 0usize..60,
        ) {
            let mut all = Accumulator::new(100);
            let mut parts = [Accumulator::new(100), Accumulator::new(100)];
            for (i, &(w, t, big)) in wins.iter().enumerate() {
                let w = if big { 500_000 } else { w };
                let mut r = summary(w);
                r.capped = w == 500_000;
                r.feature_triggers[0] = t;
                if t > 0 {
                    r.feature_wins[0] = w / 2;
                }
                all.add(&r);
                parts[usize::from(i >= cut)].add(&r);
            }
            proptest::prop_assert_eq!(all.validate(&LIMITS), Ok(()));
            let [mut a, b] = parts;
            a.checked_merge(&b).unwrap();
            proptest::prop_assert_eq!(a, all);
        }
    }
}
