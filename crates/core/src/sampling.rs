//! Unbiased sampling over any [`rand_core::Rng`]: bounded integers, integer-weighted tables and
//! reel strips.
//!
//! * Bounded integers use Lemire's multiply-and-reject method (D. Lemire, "Fast Random Integer
//!   Generation in an Interval", ACM TOMACS 29(1), 2019): `x * n` as a double-width product,
//!   the high half is the result, and the few `x` whose low half falls below `2^w mod n` are
//!   rejected, so every result has exactly the same number of accepted `x`. Never `x % n`.
//!   The same code is generated for 8-bit and 32-bit words; a test enumerates every 8-bit input
//!   to prove zero bias.
//! * Weighted tables hold integer weights; outcome `i` has probability exactly
//!   `weight[i] / total` (one bounded draw, then a search of the cumulative weights).
//! * Reel strips draw a stop uniformly, show a window below it and refill from above it.
//!
//! Which generator for what (guide, "Randomness and money, in one paragraph"): simulations use
//! a fast PCG (`replay::SimRng`); a real-money server must use a CSPRNG seeded from the operating
//! system (for example `rand_chacha::ChaCha20Rng`), since a PCG stream is predictable from a
//! few hundred bytes of its output.

use rand_core::Rng;
use serde::{Deserialize, Serialize};

macro_rules! lemire {
    ($step:ident, $draw:ident, $w:ty, $wide:ty, $bits:expr) => {
        /// One step of Lemire's method for this word width: `Some(result)` if `x` is accepted
        /// for the bound `n` (>= 1), `None` if it must be rejected and redrawn.
        #[inline(always)]
        pub fn $step(x: $w, n: $w) -> Option<$w> {
            let m = (x as $wide) * (n as $wide);
            let low = m as $w;
            if low < n {
                // threshold = 2^w mod n
                let threshold = n.wrapping_neg() % n;
                if low < threshold {
                    return None;
                }
            }
            Some((m >> $bits) as $w)
        }

        /// A uniform integer in `0..n` from words drawn by `next`, by Lemire's method.
        /// `n` must be at least 1 (`n == 0` returns 0 rather than panicking).
        #[inline(always)]
        pub fn $draw(mut next: impl FnMut() -> $w, n: $w) -> $w {
            if n == 0 {
                return 0;
            }
            loop {
                if let Some(v) = $step(next(), n) {
                    return v;
                }
            }
        }
    };
}

lemire!(lemire_step_u8, bounded_u8_from, u8, u16, 8);
lemire!(lemire_step_u32, bounded_u32_from, u32, u64, 32);
lemire!(lemire_step_u64, bounded_u64_from, u64, u128, 64);

/// A uniform integer in `0..n`, without bias, from `rng` (one `next_u32` per try; a retry is
/// needed with probability below `n / 2^32`). `n` must be at least 1 (0 gives 0).
///
/// A generator stuck on one rejected word would make this loop for ever; no working generator
/// does that (the fuzzing generator `BytesRng` falls back to PCG for this reason).
#[inline(always)]
pub fn bounded<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    bounded_u32_from(|| rng.next_u32(), n)
}

/// The generator word with which [`bounded`]`(rng, n)` gives `i` at its first try, for `n`
/// from 1 to 2^31 and `i < n`: the word whose product with `n` lies in the middle of `i`'s
/// share of the 2^32 words, far from the few rejected ones. `None` outside that range.
pub fn word_for(i: u32, n: u32) -> Option<u32> {
    if n == 0 || n > 1 << 31 || i >= n {
        return None;
    }
    let word = ((2 * u64::from(i) + 1) << 31) / u64::from(n);
    u32::try_from(word).ok()
}

/// `true` if [`bounded`]`(rng, n)` (so a stop draw over `n` positions) can give every value of
/// `0..n`: each has a word ([`word_for`]) that Lemire's step maps to it. A test of a model's
/// strips uses it to show that every stop is reachable.
pub fn every_value_drawable(n: u32) -> bool {
    n > 0 && (0..n).all(|i| word_for(i, n).and_then(|w| lemire_step_u32(w, n)) == Some(i))
}

/// `true` with probability exactly `numerator / denominator` (`numerator >= denominator` is
/// always true, a zero denominator always false).
#[inline]
pub fn chance<R: Rng + ?Sized>(rng: &mut R, numerator: u32, denominator: u32) -> bool {
    denominator != 0 && bounded(rng, denominator) < numerator
}

/// What is wrong with a weight table or reel strip given by a math model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightError {
    /// No entries at all.
    #[error("the table has no entries; give at least one outcome")]
    Empty,
    /// All weights are zero.
    #[error("all weights are zero; at least one must be positive")]
    ZeroTotal,
    /// The weights add up to more than `u32::MAX`.
    #[error("the weights add up to more than {max}")]
    TooLarge {
        /// The largest total allowed.
        max: u32,
    },
    /// A total that must be a power of two is not one (a [`crate::bit_draws::Pow2Table`]).
    #[error("the weights add up to {total}, which is not a power of two from 1 to 2^{max_bits}")]
    NotPowerOfTwo {
        /// The total.
        total: u64,
        /// The most bits a draw may take.
        max_bits: u32,
    },
    /// Values and weights differ in number.
    #[error("{values} values but {weights} weights; give one weight per value")]
    Mismatch {
        /// Number of values.
        values: usize,
        /// Number of weights.
        weights: usize,
    },
}

/// Outcomes with integer weights; outcome `i` is drawn with probability exactly
/// `weights[i] / total`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "WeightedSpec<T>", into = "WeightedSpec<T>")]
pub struct WeightedTable<T: Clone> {
    values: Box<[T]>,
    weights: Box<[u32]>,
    /// `cumulative[i]` = sum of `weights[..=i]`.
    cumulative: Box<[u32]>,
    total: u32,
    /// Guide table (Chen & Asau 1974): `guide[k]` is the outcome of the draw
    /// `r = ceil(k * total / GUIDE)`, the first draw of the exact share `k` of `0..total`, so a
    /// draw whose [`WeightedTable::bucket`] is `k` (its exact share or the one before) starts
    /// its search there and steps forward at most a few entries. Gives exactly the index of
    /// the cumulative search (a test checks every `r` of a table).
    guide: Box<[u8]>,
    /// `floor(GUIDE * 2^32 / total)`: `(r * recip) >> 32` ([`WeightedTable::bucket`]) is
    /// `floor(r * GUIDE / total)` or one less, without a division.
    recip: u64,
}

/// Buckets of the guide table: many more than outcomes, so that nearly every bucket holds the
/// draws of one outcome and the forward step after the guide is almost never taken (a branch
/// the processor predicts).
const GUIDE: u64 = 4096;

/// The number of guide buckets of a [`WeightedTable`] ([`WeightedTable::bucket`] is below it).
pub const GUIDE_BUCKETS: usize = GUIDE as usize;

/// The serialised form of a [`WeightedTable`]: values and weights side by side.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct WeightedSpec<T> {
    /// The outcomes.
    pub values: Vec<T>,
    /// One weight per outcome.
    pub weights: Vec<u32>,
}

impl<T: Clone> TryFrom<WeightedSpec<T>> for WeightedTable<T> {
    type Error = WeightError;
    fn try_from(s: WeightedSpec<T>) -> Result<Self, WeightError> {
        if s.values.len() != s.weights.len() {
            return Err(WeightError::Mismatch {
                values: s.values.len(),
                weights: s.weights.len(),
            });
        }
        WeightedTable::new(s.values.into_iter().zip(s.weights))
    }
}

impl<T: Clone> From<WeightedTable<T>> for WeightedSpec<T> {
    fn from(t: WeightedTable<T>) -> Self {
        WeightedSpec {
            values: t.values.to_vec(),
            weights: t.weights.to_vec(),
        }
    }
}

impl<T: Clone> WeightedTable<T> {
    /// A table from `(value, weight)` pairs. Zero weights are allowed (never drawn).
    ///
    /// # Errors
    /// [`WeightError`] if there are no entries, the total is zero or exceeds `u32::MAX`.
    pub fn new(entries: impl IntoIterator<Item = (T, u32)>) -> Result<Self, WeightError> {
        let mut values = vec![];
        let mut weights = vec![];
        let mut cumulative = vec![];
        let mut total: u32 = 0;
        for (v, w) in entries {
            total = total
                .checked_add(w)
                .ok_or(WeightError::TooLarge { max: u32::MAX })?;
            values.push(v);
            weights.push(w);
            cumulative.push(total);
        }
        if values.is_empty() {
            return Err(WeightError::Empty);
        }
        if total == 0 {
            return Err(WeightError::ZeroTotal);
        }
        let mut t = WeightedTable {
            values: values.into(),
            weights: weights.into(),
            cumulative: cumulative.into(),
            total,
            guide: Box::new([]),
            recip: (GUIDE << 32) / total as u64,
        };
        if t.values.len() <= 256 {
            t.guide = (0..GUIDE)
                .map(|k| {
                    t.index_of((k * total as u64).div_ceil(GUIDE).min(total as u64 - 1) as u32)
                        as u8
                })
                .collect();
        }
        Ok(t)
    }

    /// Draws an outcome index: `i` with probability `weights[i] / total`.
    #[inline(always)]
    pub fn sample_index<R: Rng + ?Sized>(&self, rng: &mut R) -> usize {
        let r = bounded(rng, self.total);
        if self.guide.is_empty() {
            return self.index_of(r);
        }
        self.guided(r)
    }

    /// The outcome index of `r` by the guide table.
    #[inline(always)]
    fn guided(&self, r: u32) -> usize {
        // k = bucket(r) <= floor(r * GUIDE / total), so guide[k]'s draw,
        // ceil(k * total / GUIDE), is <= r: the index of r is at or after guide[k]; step
        // forward past cumulative weights <= r.
        let mut i = self.guide[self.bucket(r)] as usize;
        while self.cumulative[i] <= r {
            i += 1;
        }
        i
    }

    /// The guide bucket of the bounded draw `r` (`0..total`), in `0..`[`GUIDE_BUCKETS`]:
    /// `(r * recip) >> 32`, a multiply and a shift. Draws in one bucket are consecutive.
    ///
    /// A caller that maps outcomes to something else (a grid code, say) can fold the map into
    /// a table of [`GUIDE_BUCKETS`] entries built from [`Self::bucket_outcome`], and draw with
    /// one look-up: `r` from [`bounded`]`(rng, total)`, then the bucket's entry, and
    /// [`Self::index_of_draw`] only for the buckets with no single outcome.
    #[inline(always)]
    pub fn bucket(&self, r: u32) -> usize {
        ((u64::from(r) * self.recip) >> 32) as usize
    }

    /// `Some(i)` if every draw `r` in `0..total` whose [`Self::bucket`] is `k` gives outcome
    /// `i`; `None` if the bucket's draws give two or more outcomes, if no draw falls in it,
    /// if `k` is not below [`GUIDE_BUCKETS`], or if the table has no guide (more than 256
    /// outcomes). With `n` outcomes at most `n - 1` buckets hold two or more.
    pub fn bucket_outcome(&self, k: usize) -> Option<usize> {
        if self.guide.is_empty() || k >= GUIDE_BUCKETS {
            return None;
        }
        // The draws of bucket k are first(k) ..= first(k + 1) - 1, where first(k) is the
        // least r with r * recip >= k * 2^32 (recip >= GUIDE: totals are below 2^32).
        let first = |k: u64| (k << 32).div_ceil(self.recip);
        let lo = first(k as u64);
        let hi = first(k as u64 + 1).min(u64::from(self.total));
        if lo >= hi {
            return None;
        }
        let i = self.index_of(lo as u32);
        (self.index_of((hi - 1) as u32) == i).then_some(i)
    }

    /// The outcome index of the bounded draw `r` (`0..total`), as [`Self::sample_index`]
    /// gives it for that draw: outcome `i` for `r` in `cumulative[i - 1] .. cumulative[i]`.
    /// `r` of `total` or more gives the number of outcomes (out of range).
    #[inline]
    pub fn index_of_draw(&self, r: u32) -> usize {
        if self.guide.is_empty() || r >= self.total {
            return self.index_of(r);
        }
        self.guided(r)
    }

    /// The outcome index of the bounded draw `r` (`0..total`): the first `i` with
    /// `cumulative[i] > r`.
    #[inline(always)]
    fn index_of(&self, r: u32) -> usize {
        self.cumulative.partition_point(|&c| c <= r)
    }

    /// Draws an outcome.
    #[inline(always)]
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> &T {
        &self.values[self.sample_index(rng)]
    }

    /// The outcomes, in order.
    pub fn values(&self) -> &[T] {
        &self.values
    }

    /// The weights, in order.
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }

    /// The cumulative weights, in order: `cumulative()[i]` is the sum of `weights()[..=i]`, so
    /// outcome `i` is drawn for the bounded draws `r` (`0..total`) from `cumulative()[i - 1]`
    /// (0 for the first) up to below `cumulative()[i]`. The last entry is [`Self::total`]. For a
    /// caller that maps a draw of a joint tuple to its outcome itself (a few outcomes compared
    /// one by one); [`Self::index_of_draw`] does it for any table.
    pub fn cumulative(&self) -> &[u32] {
        &self.cumulative
    }

    /// The sum of the weights.
    pub fn total(&self) -> u32 {
        self.total
    }
}

/// A reel strip: a cyclic sequence of symbol codes. A spin draws a **stop** uniformly in
/// `0..len`; the window shows `strip[stop], strip[stop+1], ...` from the top row down
/// (wrapping). Symbols that refill a column after a tumble come from **above** the window:
/// `strip[stop-1]`, then `strip[stop-2]`, ... (wrapping), as on a physical reel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct ReelStrip {
    symbols: Box<[u8]>,
    /// The symbols followed by their first [`WINDOW_WRAP`] again (repeated as often as a short
    /// strip needs), so a window of up to `WINDOW_WRAP + 1` cells from any stop is one slice,
    /// without a division per cell.
    wrapped: Box<[u8]>,
}

/// How many symbols past its end a [`ReelStrip`] keeps for windows that wrap.
const WINDOW_WRAP: usize = 8;

impl TryFrom<Vec<u8>> for ReelStrip {
    type Error = WeightError;
    fn try_from(v: Vec<u8>) -> Result<Self, WeightError> {
        ReelStrip::new(v)
    }
}

impl From<ReelStrip> for Vec<u8> {
    fn from(s: ReelStrip) -> Self {
        s.symbols.into_vec()
    }
}

impl ReelStrip {
    /// A strip of the given symbol codes.
    ///
    /// # Errors
    /// [`WeightError::Empty`] for an empty strip, [`WeightError::TooLarge`] above `u32::MAX`.
    pub fn new(symbols: impl Into<Vec<u8>>) -> Result<Self, WeightError> {
        let symbols: Vec<u8> = symbols.into();
        if symbols.is_empty() {
            return Err(WeightError::Empty);
        }
        if u32::try_from(symbols.len()).is_err() {
            return Err(WeightError::TooLarge { max: u32::MAX });
        }
        let wrapped = symbols
            .iter()
            .copied()
            .cycle()
            .take(symbols.len() + WINDOW_WRAP)
            .collect();
        Ok(ReelStrip {
            symbols: symbols.into(),
            wrapped,
        })
    }

    /// Number of positions.
    #[inline]
    pub fn len(&self) -> usize {
        self.symbols.len()
    }

    /// Always false: a strip has at least one position.
    #[inline]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The symbols, position 0 first.
    pub fn symbols(&self) -> &[u8] {
        &self.symbols
    }

    /// Draws a stop uniformly in `0..len`.
    #[inline]
    pub fn draw_stop<R: Rng + ?Sized>(&self, rng: &mut R) -> usize {
        bounded(rng, self.symbols.len() as u32) as usize
    }

    /// The symbol at position `pos` (taken modulo the length).
    #[inline]
    pub fn at(&self, pos: usize) -> u8 {
        self.symbols[pos % self.symbols.len()]
    }

    /// The `N` symbols shown from stop `stop` (`< len`) down: `strip[stop]`, `strip[stop + 1]`,
    /// ... (wrapping), the same as [`ReelStrip::at`] of each, without a division per cell for
    /// windows of up to 9 rows. A `stop` of `len` or more is taken modulo the length.
    #[inline]
    pub fn window<const N: usize>(&self, stop: usize) -> [u8; N] {
        if N <= WINDOW_WRAP + 1 && stop < self.symbols.len() {
            let mut w = [0u8; N];
            w.copy_from_slice(&self.wrapped[stop..stop + N]);
            w
        } else {
            std::array::from_fn(|r| self.at(stop + r))
        }
    }

    /// The symbol `k` positions above `top` (`k >= 1`): `strip[top - k]`, wrapping.
    #[inline]
    pub fn above(&self, top: usize, k: usize) -> u8 {
        let n = self.symbols.len();
        self.symbols[(top + n - (k % n)) % n]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_pcg::Pcg64;

    /// Every value of small and model-sized bounds, and the edges of the largest bound.
    /// The cumulative weights are the running sums of the weights (zero weights repeat the
    /// sum before), end at the total, and bound each outcome's draws as `index_of_draw` finds
    /// them.
    #[test]
    fn cumulative_weights_bound_each_outcome_s_draws() {
        let t = WeightedTable::new([('a', 3), ('b', 0), ('c', 2), ('d', 5)]).unwrap();
        assert_eq!(t.cumulative(), [3, 3, 5, 10]);
        assert_eq!(t.cumulative().last(), Some(&t.total()));
        for r in 0..t.total() {
            let first_above = t.cumulative().iter().take_while(|&&c| c <= r).count();
            assert_eq!(t.index_of_draw(r), first_above, "draw {r}");
        }
    }

    #[test]
    fn every_value_of_a_bound_has_its_word() {
        for n in [1u32, 2, 3, 7, 44, 61, 63, 70, 1_000, 16_970, 1 << 31] {
            if n <= 1 << 16 {
                assert!(every_value_drawable(n), "{n}");
            }
            assert_eq!(
                word_for(n - 1, n).and_then(|w| lemire_step_u32(w, n)),
                Some(n - 1)
            );
            // Drawn through a generator that returns the word.
            let w = word_for(n / 2, n).unwrap();
            let bytes = w.to_le_bytes();
            let mut rng = crate::bytes_rng::BytesRng::new(&bytes);
            assert_eq!(bounded(&mut rng, n), n / 2);
        }
        assert!(!every_value_drawable(0));
        assert_eq!(word_for(5, 5), None);
        // The largest bound: its first value has a word, and one more is outside the range.
        let top = 1u32 << 31;
        assert_eq!(
            word_for(0, top).and_then(|w| lemire_step_u32(w, top)),
            Some(0)
        );
        assert_eq!(word_for(0, top + 1), None);
        assert_eq!(word_for(0, 0), None);
    }

    /// Every value of the large bounds, 2^20 and 2^31 (2^31 steps: far too slow unoptimised,
    /// so left out of the mutation runs' fast selection, `docs/mutants.md`).
    #[test]
    fn every_value_of_a_large_bound_has_its_word() {
        assert!(every_value_drawable(1 << 20));
        assert!(every_value_drawable(1 << 31));
    }

    /// Exhaustive proof of zero bias on 8-bit words: for every bound n in 1..=255, each result
    /// 0..n is produced by exactly the same number of accepted 8-bit inputs.
    #[test]
    fn lemire_is_exactly_unbiased_on_every_8_bit_input() {
        for n in 1..=255u8 {
            let mut hits = vec![0u32; n as usize];
            for x in 0..=255u8 {
                if let Some(v) = lemire_step_u8(x, n) {
                    hits[v as usize] += 1;
                }
            }
            let first = hits[0];
            assert!(
                hits.iter().all(|&h| h == first),
                "bias for n = {n}: {hits:?}"
            );
            assert_eq!(
                first,
                256 / n as u32,
                "n = {n} accepts floor(256/n) inputs per result"
            );
        }
    }

    #[test]
    fn draw_retries_after_a_rejection() {
        // n = 3: 2^8 mod 3 = 1, so x = 0 (low byte 0 < 1) is rejected; x = 255 is accepted.
        assert_eq!(lemire_step_u8(0, 3), None);
        let mut words = [0u8, 255].into_iter();
        assert_eq!(bounded_u8_from(|| words.next().unwrap(), 3), 2);
        assert_eq!(bounded_u32_from(|| 7, 0), 0);
    }

    #[test]
    fn chance_is_exact_at_the_edges() {
        let mut rng = Pcg64::new(1, 1);
        assert!((0..1000).all(|_| chance(&mut rng, 5, 5)));
        assert!((0..1000).all(|_| !chance(&mut rng, 0, 5)));
        assert!(!chance(&mut rng, 1, 0));
    }

    #[test]
    fn weighted_table_index_boundaries_are_exact() {
        // total 3: r = 0 -> 'x', r = 1,2 -> 'y'
        let t = WeightedTable::new([('x', 1), ('y', 2)]).unwrap();
        assert_eq!(t.index_of(0), 0);
        assert_eq!(t.index_of(1), 1);
        assert_eq!(t.index_of(2), 1);
    }

    /// Weight tables the guide and the buckets are checked on for every draw: totals below and
    /// above the 4,096 buckets, zero weights, one outcome.
    const CHECKED_WEIGHTS: [&[u32]; 5] = [
        &[5, 0, 300, 1, 9000],
        &[1, 1],
        &[7],
        &[0, 3, 0, 0, 100_000, 2],
        &[4095, 1, 4097, 12_289],
    ];

    #[test]
    fn guide_gives_the_same_index_as_the_search_for_every_draw() {
        for weights in CHECKED_WEIGHTS {
            let t = WeightedTable::new(weights.iter().map(|&w| (0u8, w))).unwrap();
            for r in 0..t.total() {
                assert_eq!(t.guided(r), t.index_of(r), "weights {weights:?}, r = {r}");
            }
        }
    }

    /// The guide's buckets, hand-worked ([`GUIDE`] = 4,096 buckets): weights 1 and 255 (total
    /// 256) give each draw `r` the 16 buckets from `16 r`, so the guide is outcome 0 for
    /// bucket 0 (draw 0) and outcome 1 after it (bucket `k` starts at draw `ceil(k / 16)`).
    #[test]
    fn guide_buckets_are_exact() {
        let t = WeightedTable::new([('a', 1), ('b', 255)]).unwrap();
        assert_eq!(t.recip, 1 << 36);
        assert_eq!(t.guide.len(), 4096);
        assert_eq!(t.guide[0], 0);
        assert!(t.guide[1..].iter().all(|&g| g == 1));
        assert_eq!((5 * t.recip) >> 32, 80);
        // Weights 3 and 1 (total 4): draws 0..=2 are 'a', draw 3 is 'b'; draw 3's bucket
        // (3,072 = 3 * 4,096 / 4) starts at 'b', buckets 1,024 and 2,048 (draws 1, 2) at 'a',
        // and bucket 2,049 starts at draw ceil(2,049 / 1,024) = 3, so at 'b'.
        let t = WeightedTable::new([('a', 3), ('b', 1)]).unwrap();
        assert_eq!(t.recip, 1 << 42);
        assert_eq!(((3 * t.recip) >> 32, t.guide[3072]), (3072, 1));
        assert_eq!((t.guide[1024], t.guide[2048], t.guide[2049]), (0, 0, 1));
    }

    /// Buckets, hand-worked. Weights 5,000 and 5,000 (total 10,000): `recip` =
    /// floor(4,096 * 2^32 / 10,000) = 1,759,218,604, a little below 0.4096 * 2^32, so draws
    /// 4,998 and 4,999 (outcome 0) and 5,000 (outcome 1) all fall in bucket 2,047, which has no
    /// single outcome; buckets 2,046 (draws 4,996 and 4,997) and 2,048 (5,001 and 5,002) do.
    /// Weights 3 and 1 (total 4): draw `r` is alone in bucket `1,024 r`; the buckets between
    /// hold no draw.
    #[test]
    fn bucket_outcomes_are_exact() {
        let t = WeightedTable::new([('a', 5000), ('b', 5000)]).unwrap();
        assert_eq!(t.recip, 1_759_218_604);
        let buckets: Vec<usize> = (4996..=5002).map(|r| t.bucket(r)).collect();
        assert_eq!(buckets, [2046, 2046, 2047, 2047, 2047, 2048, 2048]);
        assert_eq!(t.bucket_outcome(2046), Some(0));
        assert_eq!(t.bucket_outcome(2047), None);
        assert_eq!(t.bucket_outcome(2048), Some(1));
        assert_eq!((t.bucket(0), t.bucket(9999)), (0, 4095));
        assert_eq!(
            (t.bucket_outcome(0), t.bucket_outcome(4095)),
            (Some(0), Some(1))
        );
        assert_eq!(t.bucket_outcome(GUIDE_BUCKETS), None);
        let t = WeightedTable::new([('a', 3), ('b', 1)]).unwrap();
        let found: Vec<Option<usize>> = [0, 1, 1023, 1024, 2048, 3071, 3072, 4095]
            .into_iter()
            .map(|k| t.bucket_outcome(k))
            .collect();
        let want = [Some(0), None, None, Some(0), Some(0), None, Some(1), None];
        assert_eq!(found, want);
        assert_eq!((t.index_of_draw(2), t.index_of_draw(3)), (0, 1));
        assert_eq!(
            t.index_of_draw(4),
            2,
            "a draw past the total is out of range"
        );
        // No guide: no bucket has an outcome, the draw is still found.
        let big = WeightedTable::new((0..300u32).map(|v| (v, 1))).unwrap();
        assert_eq!(big.bucket_outcome(big.bucket(7)), None);
        assert_eq!(big.index_of_draw(7), 7);
    }

    /// Every draw of every bucket, for tables with fewer and more draws than buckets and with
    /// zero weights: a bucket's outcome, when it has one, is the outcome of each of its draws;
    /// a bucket with draws and no outcome holds two outcomes or more; with `n` outcomes at
    /// most `n - 1` buckets have none.
    #[test]
    fn bucket_outcomes_agree_with_the_search_for_every_draw() {
        for weights in CHECKED_WEIGHTS {
            let t = WeightedTable::new(weights.iter().map(|&w| (0u8, w))).unwrap();
            let mut seen: Vec<Vec<usize>> = vec![vec![]; GUIDE_BUCKETS];
            for r in 0..t.total() {
                let (k, i) = (t.bucket(r), t.index_of(r));
                assert!(k < GUIDE_BUCKETS);
                assert_eq!(t.index_of_draw(r), i, "weights {weights:?}, r = {r}");
                if !seen[k].contains(&i) {
                    seen[k].push(i);
                }
            }
            let mut mixed = 0;
            for (k, outcomes) in seen.iter().enumerate() {
                let want = match outcomes[..] {
                    [i] => Some(i),
                    _ => None,
                };
                mixed += usize::from(outcomes.len() > 1);
                assert_eq!(t.bucket_outcome(k), want, "weights {weights:?}, bucket {k}");
            }
            assert!(
                mixed < weights.len(),
                "weights {weights:?}: {mixed} mixed buckets"
            );
        }
    }

    /// A table of more than 256 outcomes has no guide (an outcome index would not fit a
    /// byte) and draws by the plain search; one of 256 has one.
    #[test]
    fn tables_of_more_than_256_outcomes_draw_by_search() {
        let big = WeightedTable::new((0..300u32).map(|v| (v, 1))).unwrap();
        assert!(big.guide.is_empty());
        let full = WeightedTable::new((0..256u32).map(|v| (v, 1))).unwrap();
        assert_eq!(full.guide.len(), 4096);
        for (t, r) in [
            (&big, 0),
            (&big, 299),
            (&big, 257),
            (&full, 255),
            (&full, 17),
        ] {
            let bytes = word_for(r, t.total()).unwrap().to_le_bytes();
            let mut rng = crate::bytes_rng::BytesRng::new(&bytes);
            assert_eq!(t.sample(&mut rng), &r);
        }
    }

    #[test]
    fn strips_draw_and_read_exactly() {
        let strip = ReelStrip::new(vec![4, 5, 6]).unwrap();
        assert_eq!((strip.len(), strip.is_empty()), (3, false));
        assert_eq!(strip.symbols(), &[4, 5, 6]);
        assert_eq!(strip.above(0, 3), 4);
        assert_eq!(strip.above(1, 4), 4);
        // Position 5 wraps to 2.
        assert_eq!((strip.at(5), strip.at(1)), (6, 5));
        assert_eq!(serde_json::to_string(&strip).unwrap(), "[4,5,6]");
        assert_eq!(serde_json::from_str::<ReelStrip>("[4,5,6]").unwrap(), strip);
        assert!(serde_json::from_str::<ReelStrip>("[]").is_err());
        let bytes = word_for(2, 3).unwrap().to_le_bytes();
        assert_eq!(
            strip.draw_stop(&mut crate::bytes_rng::BytesRng::new(&bytes)),
            2
        );
        let t = WeightedTable::new([(7u8, 2), (9, 0), (8, 5)]).unwrap();
        assert_eq!(
            (t.values(), t.weights(), t.total()),
            (&[7, 9, 8][..], &[2, 0, 5][..], 7)
        );
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, r#"{"values":[7,9,8],"weights":[2,0,5]}"#);
        assert_eq!(serde_json::from_str::<WeightedTable<u8>>(&json).unwrap(), t);
    }

    #[test]
    fn weighted_table_rejects_bad_tables() {
        assert_eq!(WeightedTable::<u8>::new([]), Err(WeightError::Empty));
        assert_eq!(WeightedTable::new([(1u8, 0)]), Err(WeightError::ZeroTotal));
        assert!(matches!(
            WeightedTable::new([(1u8, u32::MAX), (2, 1)]),
            Err(WeightError::TooLarge { .. })
        ));
        let bad: Result<WeightedTable<u8>, _> =
            serde_json::from_str(r#"{"values":[1,2],"weights":[1]}"#);
        assert!(bad.is_err());
    }

    #[test]
    /// (The stops' uniformity is tested by chi-square in slot-sim's `tests/draws.rs`.)
    fn strip_windows_wrap_and_an_empty_strip_is_refused() {
        let strip = ReelStrip::new(vec![0, 1, 2, 3, 4, 5, 6]).unwrap();
        assert_eq!(strip.at(8), 1);
        assert_eq!(strip.above(0, 1), 6);
        assert_eq!(strip.above(2, 3), 6);
        assert!(ReelStrip::new(vec![]).is_err());
    }

    #[test]
    fn windows_equal_the_symbols_at_each_position_for_every_stop() {
        for len in [1usize, 2, 3, 7, 60] {
            let strip = ReelStrip::new((0..len).map(|i| i as u8).collect::<Vec<_>>()).unwrap();
            for stop in 0..len + 3 {
                let want3: [u8; 3] = std::array::from_fn(|r| strip.at(stop + r));
                assert_eq!(strip.window::<3>(stop), want3, "len {len}, stop {stop}");
                let want5: [u8; 5] = std::array::from_fn(|r| strip.at(stop + r));
                assert_eq!(strip.window::<5>(stop), want5, "len {len}, stop {stop}");
                let want12: [u8; 12] = std::array::from_fn(|r| strip.at(stop + r));
                assert_eq!(strip.window::<12>(stop), want12, "len {len}, stop {stop}");
            }
        }
        // A 2-stop strip shows 0 1 0 from stop 0 and 1 0 1 from stop 1.
        let two = ReelStrip::new(vec![0, 1]).unwrap();
        assert_eq!(two.window::<3>(1), [1, 0, 1]);
    }
}
