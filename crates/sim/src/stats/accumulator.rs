//! The mergeable integer sums over rounds ([`Accumulator`]): adding a round, merging the sums of
//! one run's batches, and the figures read from them (RTP, sd, the half-width of an interval,
//! and whether the normal approximation can be trusted); the win-size buckets
//! ([`BUCKET_EDGES_X`], [`BUCKET_LABELS`]). Integer sums only, so shards merge exactly: in any
//! order, but for the dry spells of [`super::experience`], joined in round order.

use super::experience::Experience;
use serde::{Deserialize, Serialize};
use slot_core::summary::{MAX_AWARDS, MAX_FEATURES, MAX_SOURCES, RoundSummary};

/// Upper edges of the win-size buckets in x bet (the paytable's bet): 0, (0,1), [1,2), [2,5), [5,10), [10,20),
/// [20,50), [50,100), [100,500), [500,1000), [1000,5000), [5000, inf) not capped, cap.
pub const BUCKET_EDGES_X: [u64; 10] = [1, 2, 5, 10, 20, 50, 100, 500, 1000, 5000];
/// Number of win-size buckets.
pub const BUCKETS: usize = 13;
/// Names of the win-size buckets, in order.
pub const BUCKET_LABELS: [&str; BUCKETS] = [
    "0",
    "(0,1)",
    "[1,2)",
    "[2,5)",
    "[5,10)",
    "[10,20)",
    "[20,50)",
    "[50,100)",
    "[100,500)",
    "[500,1000)",
    "[1000,5000)",
    ">=5000 (uncapped)",
    "cap",
];

/// Whether any of the integers is not zero: the OR of all of them (no early exit, so the
/// compiler makes it a few vector ORs).
#[inline(always)]
fn any<T, const N: usize>(a: &[T; N]) -> bool
where
    T: Copy + Default + PartialEq + std::ops::BitOr<Output = T>,
{
    a.iter().fold(T::default(), |x, &y| x | y) != T::default()
}

/// No integer of `a` is other than zero (a sum array left out of a report's JSON).
fn all_zero<T, const N: usize>(a: &[T; N]) -> bool
where
    T: Copy + Default + PartialEq + std::ops::BitOr<Output = T>,
{
    !any(a)
}

fn is_zero(x: &u128) -> bool {
    *x == 0
}

/// Mergeable integer sums over rounds. Serialised (JSON, 128-bit sums as numbers) into every
/// report, so that the reports of independent shards can be merged exactly
/// (`cargo xtask merge`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accumulator {
    /// The stake paid per round in hundredths of the paytable's bet (100; Starlight Christmas
    /// with ante: 125).
    pub cost: u64,
    /// Rounds played.
    pub rounds: u64,
    /// Sum of wins (hundredths).
    pub total_win: u128,
    /// Sum of squared wins (hundredths squared).
    pub sum_sq: u128,
    /// Rounds with a win > 0.
    pub hits: u64,
    /// Largest round win (hundredths).
    pub max_win: u64,
    /// Rounds that hit the cap.
    pub cap_hits: u64,
    /// Sum of wins by source.
    pub sources: [u128; MAX_SOURCES],
    /// Rounds in which each feature triggered at least once.
    pub feature_rounds: [u64; MAX_FEATURES],
    /// Total triggers of each feature.
    pub feature_triggers: [u64; MAX_FEATURES],
    /// Sum of each feature's wins.
    pub feature_wins: [u128; MAX_FEATURES],
    /// Win-size histogram (see [`BUCKET_LABELS`]).
    pub buckets: [u64; BUCKETS],
    /// Rounds in which each top award came at least once (left out of the JSON when all are
    /// 0, so reports written before the field existed read back with their checksum).
    #[serde(default, skip_serializing_if = "all_zero")]
    pub award_rounds: [u64; MAX_AWARDS],
    /// How many times each top award came in all (a round may hold several).
    #[serde(default, skip_serializing_if = "all_zero")]
    pub award_counts: [u64; MAX_AWARDS],
    /// The wins of the rounds in each win-size bucket (hundredths): where the return comes
    /// from. Left out of the JSON when all are 0, so that reports written before it existed
    /// read back with their checksum; such sums have no shape ([`Accumulator::has_shape`]).
    #[serde(default, skip_serializing_if = "all_zero")]
    pub bucket_wins: [u128; BUCKETS],
    /// Sum of cubed wins (hundredths cubed), for the skewness; `u128::MAX` once it would
    /// overflow (unknown). Left out of the JSON when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sum_cubes: u128,
    /// Sum of wins to the fourth power (hundredths^4), for the kurtosis; `u128::MAX` once it
    /// would overflow (unknown). Left out of the JSON when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sum_fourth: u128,
    /// What a player lives through: the winning rounds below, at and above the stake, those
    /// of at least 1, 5, 10, 100 x the stake, and the dry spells between rounds that pay at
    /// least the stake ([`super::experience`]). Left out of the JSON when empty, so that
    /// reports written before it existed read back with their checksum; such sums have no
    /// experience figures ([`Accumulator::has_experience`]).
    #[serde(default, skip_serializing_if = "Experience::is_empty")]
    pub experience: Experience,
}

impl Accumulator {
    /// An empty accumulator for rounds that cost `cost` hundredths of the paytable's bet.
    pub fn new(cost: u64) -> Self {
        Accumulator {
            cost,
            rounds: 0,
            total_win: 0,
            sum_sq: 0,
            hits: 0,
            max_win: 0,
            cap_hits: 0,
            sources: [0; MAX_SOURCES],
            feature_rounds: [0; MAX_FEATURES],
            feature_triggers: [0; MAX_FEATURES],
            feature_wins: [0; MAX_FEATURES],
            buckets: [0; BUCKETS],
            award_rounds: [0; MAX_AWARDS],
            award_counts: [0; MAX_AWARDS],
            bucket_wins: [0; BUCKETS],
            sum_cubes: 0,
            sum_fourth: 0,
            experience: Experience::default(),
        }
    }

    /// True if the sums carry the player-experience sums (every winning round counted below,
    /// at or above the stake): every run of this version does; sums read from a report of an
    /// earlier one (or merged with one) do not, and show no experience figures.
    pub fn has_experience(&self) -> bool {
        let e = &self.experience;
        u128::from(e.below_stake) + u128::from(e.big()) == u128::from(self.hits)
    }

    /// True if the sums carry their shape (the wins of each bucket, the third and fourth
    /// moments): every run of this version does; sums read from a report of an earlier one
    /// (or merged with one) do not, and show no shape figures.
    pub fn has_shape(&self) -> bool {
        self.total_win == 0 || self.bucket_wins.iter().any(|&w| w > 0)
    }

    /// Drops the shape sums (when merged with sums that have none).
    pub fn clear_shape(&mut self) {
        self.bucket_wins = [0; BUCKETS];
        self.sum_cubes = 0;
        self.sum_fourth = 0;
    }

    /// The bucket of a win of `win` hundredths of the bet (buckets are multiples of the
    /// paytable's bet, also with a stake above it).
    #[inline]
    pub fn bucket(win: u64, capped: bool) -> usize {
        if capped {
            BUCKETS - 1
        } else if win == 0 {
            0
        } else {
            1 + BUCKET_EDGES_X
                .iter()
                .take_while(|&&x| win >= x * 100)
                .count()
        }
    }

    /// Adds one round.
    ///
    /// # Overflow
    /// None by construction, without a check in the per-round path: `rounds` counts by one
    /// (2^64 rounds is beyond any run); every win is a `u64`, so `total_win`, the `sources`
    /// and the `feature_wins` stay below `rounds x 2^64 <= 2^128`; `sum_sq` stays below
    /// `rounds x max_win^2`, which for the capped games (`max_win <= 500,000 < 2^19`) is below
    /// `2^64 x 2^38 = 2^102`, and for Wish Upon a Star (no cap) fits as long as the rounds'
    /// wins stay below `2^32` hundredths (43 million x bet) each, or their squares add up to
    /// less than `2^128` (a round of that size needs hundreds of thousands of spins that each
    /// pay the game's largest win). `feature_triggers` and the award counts add `u32`s to
    /// `u64`s. The test profile (overflow checks on) would catch a wrap; the extremes are
    /// tested (`add_and_merge_hold_at_the_extremes`). Sums read from outside go through
    /// [`Accumulator::checked_merge`].
    #[inline]
    pub fn add(&mut self, r: &RoundSummary) {
        // Most rounds win nothing and bring no feature and no award: of all the sums only the
        // round count and the zero bucket move. The test is a few ORs of whole arrays (no
        // early exit, no call to `memcmp`), and the rest is out of line, so the blank
        // round's path stays short.
        let features = any(&r.feature_triggers) | any(&r.feature_wins);
        let awards = any(&r.awards);
        if (r.win | u64::from(r.capped)) == 0 && !features && !awards && !any(&r.by_source) {
            self.add_blank();
            return;
        }
        self.add_each(r, features, awards);
    }

    /// Adds one blank round: what [`Accumulator::add`] does with a summary of zeros (no win,
    /// no feature, no award, not capped), without the summary: of all the sums only the round
    /// count and the zero bucket move.
    #[inline(always)]
    pub fn add_blank(&mut self) {
        self.rounds += 1;
        self.buckets[0] += 1;
    }

    /// [`Accumulator::add`] field by field, for any round; `features` and `awards` say
    /// whether the round's feature and award arrays hold anything (their loops are skipped
    /// when not: they would add zeros).
    #[inline(never)]
    fn add_each(&mut self, r: &RoundSummary, features: bool, awards: bool) {
        self.rounds += 1;
        let w = r.win;
        self.total_win += u128::from(w);
        self.hits += u64::from(w > 0);
        self.max_win = self.max_win.max(w);
        self.cap_hits += u64::from(r.capped);
        if w > 0 {
            self.experience.add_win(self.rounds - 1, w, self.cost);
        }
        for (s, v) in self.sources.iter_mut().zip(r.by_source) {
            *s += u128::from(v);
        }
        if features {
            for f in 0..MAX_FEATURES {
                let t = r.feature_triggers[f];
                self.feature_rounds[f] += u64::from(t > 0);
                self.feature_triggers[f] += u64::from(t);
                self.feature_wins[f] += u128::from(r.feature_wins[f]);
            }
        }
        let b = Self::bucket(w, r.capped);
        self.buckets[b] += 1;
        self.bucket_wins[b] += u128::from(w);
        // w^2 is one widening multiply; w^3 and w^4 fit a u128 for wins below 2^32
        // hundredths (two more widening multiplies); past that, or once the sums would
        // overflow, they saturate at u128::MAX (unknown).
        let w2 = u128::from(w) * u128::from(w);
        self.sum_sq += w2;
        let (w3, w4) = if w >> 32 == 0 {
            let sq = w * w; // below 2^64
            (
                u128::from(sq) * u128::from(w),
                u128::from(sq) * u128::from(sq),
            )
        } else {
            (w2.saturating_mul(u128::from(w)), w2.saturating_mul(w2))
        };
        self.sum_cubes = self.sum_cubes.saturating_add(w3);
        self.sum_fourth = self.sum_fourth.saturating_add(w4);
        if awards {
            for (i, &a) in r.awards.iter().enumerate() {
                self.award_rounds[i] += u64::from(a > 0);
                self.award_counts[i] += u64::from(a);
            }
        }
    }

    /// Adds another accumulator's sums (same `cost`): those of the rounds that follow these
    /// sums' rounds. Every sum but the dry spells adds up in any order; the dry spells are
    /// those of the rounds in the order added (the spell over the boundary is joined,
    /// [`Experience::merge_after`]), so the batches of a run added in batch order give exactly
    /// the run's sums.
    ///
    /// For accumulators of one run (the simulator merges its batches): the merged sums are
    /// the sums of [`Accumulator::add`] over all the run's rounds, so its bounds hold and
    /// nothing overflows. Sums from outside (report files, checkpoints) must go through
    /// [`Accumulator::checked_merge`], which refuses an overflow with a typed error.
    pub fn merge(&mut self, o: &Accumulator) {
        debug_assert_eq!(self.cost, o.cost);
        // Whether both carry their shape, before their totals are added.
        let shape = self.has_shape() && o.has_shape();
        let experience = self.has_experience() && o.has_experience();
        if experience {
            self.experience.merge_after(self.rounds, &o.experience);
        } else {
            self.experience = Experience::default();
        }
        self.rounds += o.rounds;
        self.total_win += o.total_win;
        self.sum_sq += o.sum_sq;
        self.hits += o.hits;
        self.max_win = self.max_win.max(o.max_win);
        self.cap_hits += o.cap_hits;
        for i in 0..MAX_SOURCES {
            self.sources[i] += o.sources[i];
        }
        for i in 0..MAX_FEATURES {
            self.feature_rounds[i] += o.feature_rounds[i];
            self.feature_triggers[i] += o.feature_triggers[i];
            self.feature_wins[i] += o.feature_wins[i];
        }
        for i in 0..BUCKETS {
            self.buckets[i] += o.buckets[i];
        }
        for i in 0..MAX_AWARDS {
            self.award_rounds[i] += o.award_rounds[i];
            self.award_counts[i] += o.award_counts[i];
        }
        for i in 0..BUCKETS {
            self.bucket_wins[i] += o.bucket_wins[i];
        }
        self.sum_cubes = self.sum_cubes.saturating_add(o.sum_cubes);
        self.sum_fourth = self.sum_fourth.saturating_add(o.sum_fourth);
        if !shape {
            self.clear_shape();
        }
    }

    /// RTP as a fraction of the stake.
    pub fn rtp(&self) -> f64 {
        if self.rounds == 0 {
            return 0.0;
        }
        self.total_win as f64 / (self.rounds as f64 * self.cost as f64)
    }

    /// Standard deviation of a round's win in units of the stake.
    pub fn sd(&self) -> f64 {
        if self.rounds < 2 {
            return 0.0;
        }
        let n = self.rounds as f64;
        let c = self.cost as f64;
        let mean = self.total_win as f64 / n;
        // Exact integer numerator: n * sum_sq - total^2, then scale.
        let var = (self.sum_sq as f64 - n * mean * mean) / (n - 1.0);
        var.max(0.0).sqrt() / c
    }

    /// Half-width of the RTP interval for a normal quantile `z`; infinite below 2 rounds (the
    /// spread cannot be estimated from one round).
    pub fn half_width(&self, z: f64) -> f64 {
        // One round says nothing about the spread: no finite interval.
        if self.rounds < 2 {
            return f64::INFINITY;
        }
        z * self.sd() / (self.rounds as f64).sqrt()
    }
}

/// Fewest rounds for which a report calls its confidence intervals reliable
/// ([`Accumulator::interval_warning`]).
pub const INTERVAL_MIN_ROUNDS: u64 = 1_000;
/// Fewest winning rounds for which a report calls its confidence intervals reliable.
pub const INTERVAL_MIN_HITS: u64 = 30;

impl Accumulator {
    /// Why the normal-approximation interval of these sums cannot be trusted, or `None` when
    /// it can. The rule (a floor, not a guarantee: heavy tails need far more): at least
    /// [`INTERVAL_MIN_ROUNDS`] rounds and at least [`INTERVAL_MIN_HITS`] winning rounds, the
    /// usual "n >= 30" of the central limit theorem applied to the rounds that carry the win,
    /// with enough rounds that the sample standard deviation means something. Reports print
    /// such an interval clamped at 0 and flagged, never as if it were exact.
    pub fn interval_warning(&self) -> Option<String> {
        if self.rounds >= INTERVAL_MIN_ROUNDS && self.hits >= INTERVAL_MIN_HITS {
            return None;
        }
        Some(format!(
            "{} rounds with {} winning: the normal approximation needs at least {} rounds and {} winning rounds",
            self.rounds, self.hits, INTERVAL_MIN_ROUNDS, INTERVAL_MIN_HITS
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::fixtures::summary;

    proptest::proptest! {
        /// The shortcuts change no sum: `add` (an empty round's short path, the feature and
        /// award loops skipped when they hold nothing) equals `add_each` with every loop run,
        /// field by field, for empty rounds and for rounds with any one field set.
        #[test]
        fn add_equals_adding_each_field(
            field in 0usize..7,
            index in 0usize..MAX_SOURCES,
            value in 0u32..3,
        ) {
            let mut r = summary(0);
            let v = u64::from(value);
            match field {
                0 => r.win = v,
                1 => r.capped = value > 0,
                2 => r.by_source[index] = v,
                3 => r.feature_triggers[index] = value,
                4 => r.feature_wins[index] = v,
                5 => r.awards[index] = value,
                _ => {}
            }
            let mut fast = Accumulator::new(100);
            let mut each = Accumulator::new(100);
            fast.add(&summary(7));
            each.add_each(&summary(7), true, true);
            fast.add(&r);
            each.add_each(&r, true, true);
            proptest::prop_assert_eq!(&fast, &each);
            proptest::prop_assert_eq!(fast.rounds, 2);
        }
    }

    proptest::proptest! {
        /// The third and fourth moments of one round equal w^3 and w^4 worked out in 128 bits
        /// with saturation, on both sides of 2^32 hundredths, where `add_each` changes from
        /// widening 64-bit multiplies to saturating 128-bit ones.
        #[test]
        fn moments_match_the_saturating_product_across_two_to_the_32(
            w in wins_around_two_to_the_32(),
        ) {
            let mut a = Accumulator::new(100);
            a.add(&summary(w));
            let w = u128::from(w);
            proptest::prop_assert_eq!(a.sum_sq, w * w);
            proptest::prop_assert_eq!(a.sum_cubes, (w * w).saturating_mul(w));
            proptest::prop_assert_eq!(a.sum_fourth, (w * w).saturating_mul(w * w));
        }
    }

    /// Wins around 2^32 and over the whole `u64` range.
    fn wins_around_two_to_the_32() -> impl proptest::strategy::Strategy<Value = u64> {
        use proptest::prelude::*;
        prop_oneof![
            (1u64 << 32) - 3..(1u64 << 32) + 3,
            0u64..1 << 20,
            any::<u64>(),
        ]
    }

    #[test]
    fn figures_from_a_hand_made_set_of_rounds() {
        // Wins 0, 0, 100, 300 (x1 stake = 100): RTP = 400/400 = 1.0.
        let mut a = Accumulator::new(100);
        for w in [0, 0, 100, 300] {
            a.add(&summary(w));
        }
        assert_eq!(a.rounds, 4);
        assert_eq!(a.hits, 2);
        assert_eq!(a.rtp(), 1.0);
        // sample variance of 0,0,1,3 (mean 1) = (1+1+0+4)/3 = 2
        assert!((a.sd() - 2f64.sqrt()).abs() < 1e-12);
        assert_eq!(a.buckets[0], 2);
        assert_eq!(a.buckets[Accumulator::bucket(100, false)], 1);
        assert_eq!(Accumulator::bucket(100, false), 2, "1x is in [1,2)");
        assert_eq!(Accumulator::bucket(99, false), 1);
        assert_eq!(Accumulator::bucket(199, false), 2);
        assert_eq!(Accumulator::bucket(500_000, true), BUCKETS - 1);
        assert_eq!(Accumulator::bucket(500_000, false), BUCKETS - 2);
    }

    #[test]
    fn merging_in_any_order_gives_the_same_sums() {
        let wins = [0u64, 5, 20, 700, 0, 12_345, 100, 3];
        let mut whole = Accumulator::new(100);
        wins.iter().for_each(|&w| whole.add(&summary(w)));
        let mut a = Accumulator::new(100);
        let mut b = Accumulator::new(100);
        wins[..3].iter().for_each(|&w| a.add(&summary(w)));
        wins[3..].iter().for_each(|&w| b.add(&summary(w)));
        let mut ab = a.clone();
        ab.merge(&b);
        assert_eq!(ab, whole);
        // In the other order every sum is the same but the dry spells: those of the rounds
        // in the order added.
        let mut ba = b.clone();
        ba.merge(&a);
        ba.experience = whole.experience.clone();
        assert_eq!(ba, whole);
    }
}
