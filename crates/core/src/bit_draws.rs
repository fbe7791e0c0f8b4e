//! Exact draws from a few bits: weight tables whose total is a power of two ([`Pow2Table`])
//! and a pool that hands out the bits of 64-bit words a few at a time ([`BitPool`]).
//!
//! A table of integer weights adding up to `2^k` is drawn exactly from `k` uniform bits: no
//! multiply, no rejection. Outcome `i` owns the `weights[i]` values of `0..2^k` from
//! `cumulative[i - 1]` on, so it comes with probability exactly `weights[i] / 2^k`. The top
//! [`LOOKUP_BITS`] bits of a draw pick an entry of a look-up table; an entry whose values all
//! belong to one outcome answers at once (with `n` outcomes, at most `n - 1` entries are
//! shared), the others finish with a short search of the cumulative weights.
//!
//! [`BitPool`] cuts each 64-bit word of the generator into `k`-bit draws, lowest bits first.
//! The bits of a uniform word are independent and uniform, so disjoint groups of them are
//! independent uniform draws; the bits left over when a word holds fewer than `k` are thrown
//! away whatever they are, which biases nothing. Several draws share one call of the
//! generator: with `k = 16`, four draws per word.
//!
//! This is how a math model is re-expressed for the simulator's speed: its weights scaled to
//! a power-of-two total ([`pow2_weights`] proposes the nearest one). That changes the model's
//! probabilities slightly, so a re-expressed model is a new model (new fingerprint, tuned and
//! certified again); the draws it makes are then exactly what its file says.

use crate::sampling::WeightError;
use rand_core::Rng;

/// The look-up table of a [`Pow2Table`] has `2^LOOKUP_BITS` entries (at most; fewer for a
/// table of fewer bits).
pub const LOOKUP_BITS: u32 = 8;

/// The most bits a [`Pow2Table`] draw may take.
pub const MAX_BITS: u32 = 31;

/// The bits of 64-bit words from a generator, handed out `k` at a time (see the module docs).
/// Start a pool per round (or per batch): what it holds is part of the generator's state for
/// the draws that follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BitPool {
    word: u64,
    bits: u32,
}

impl BitPool {
    /// An empty pool: the first draw takes a word from the generator.
    pub const fn new() -> Self {
        BitPool { word: 0, bits: 0 }
    }

    /// `k` uniform bits (`0 <= k <= 32`) as an integer in `0..2^k`: the lowest `k` bits left
    /// of the current word, or of a new word from `rng` when fewer than `k` are left. `k = 0`
    /// takes nothing and gives 0.
    ///
    /// # Panics
    /// Never; `k` above 32 is taken as 32 (a caller's bug, caught by tests).
    #[inline(always)]
    pub fn take<R: Rng + ?Sized>(&mut self, rng: &mut R, k: u32) -> u32 {
        let k = k.min(32);
        if self.bits < k {
            self.word = rng.next_u64();
            self.bits = 64;
        }
        let v = (self.word & ((1u64 << k) - 1)) as u32;
        self.word >>= k;
        self.bits -= k;
        v
    }
}

impl BitPool {
    /// [`Self::take`] with `K` (`1 <= K <= 32`) known when compiling: the same bits, the
    /// same words, so the two can be mixed; the mask and shift are constants, for hot loops.
    ///
    /// # Panics
    /// Never; `K` outside `1..=32` fails to compile.
    #[inline(always)]
    pub fn take_bits<const K: u32, R: Rng + ?Sized>(&mut self, rng: &mut R) -> u32 {
        const { assert!(K >= 1 && K <= 32) };
        // `take` is inlined here with a constant width: its clamp, mask and shifts fold.
        self.take(rng, K)
    }

    /// How many bits are left of the current word (0 to 64): a take of more draws a new word.
    #[inline(always)]
    pub fn bits_left(&self) -> u32 {
        self.bits
    }

    /// Makes the pool what it would be had it just drawn `word` from the generator and taken
    /// its lowest `taken` bits (`0 <= taken <= 64`): the bits above them are left, lowest
    /// first. For a caller that draws a word itself and splits it into several draws in
    /// straight-line code, then leaves the rest to [`Self::take`]: the same bits in the same
    /// order as takes alone.
    ///
    /// # Panics
    /// Never; `taken` above 64 is taken as 64 (a caller's bug, caught by tests).
    #[inline(always)]
    pub fn set_word(&mut self, word: u64, taken: u32) {
        let taken = taken.min(64);
        self.word = word.checked_shr(taken).unwrap_or(0);
        self.bits = 64 - taken;
    }
}

/// Integer weights adding up to `2^bits`; outcome `i` is drawn with probability exactly
/// `weights[i] / 2^bits` from `bits` uniform bits (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pow2Table {
    bits: u32,
    /// `bits` minus the look-up table's bits: `r >> shift` is a draw's entry.
    shift: u32,
    weights: Box<[u32]>,
    /// `cumulative[i]` = weights of outcomes `0..=i`.
    cumulative: Box<[u32]>,
    /// Per look-up entry: the outcome if every value of the entry belongs to it, else the
    /// first outcome of the entry with [`SHARED`] set.
    lookup: Box<[u32]>,
}

/// Marks a look-up entry whose values belong to two or more outcomes.
const SHARED: u32 = 1 << 31;

impl Pow2Table {
    /// A table of `weights`, which must add up to a power of two from `2^0` to
    /// `2^`[`MAX_BITS`].
    ///
    /// # Errors
    /// [`WeightError::Empty`] for no weights, [`WeightError::ZeroTotal`] if all are zero,
    /// [`WeightError::NotPowerOfTwo`] for a total that is not a power of two up to
    /// `2^`[`MAX_BITS`] (naming it).
    pub fn new(weights: &[u32]) -> Result<Self, WeightError> {
        if weights.is_empty() {
            return Err(WeightError::Empty);
        }
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        if total == 0 {
            return Err(WeightError::ZeroTotal);
        }
        if !total.is_power_of_two() || total > 1 << MAX_BITS {
            return Err(WeightError::NotPowerOfTwo {
                total,
                max_bits: MAX_BITS,
            });
        }
        let bits = total.trailing_zeros();
        let mut cumulative = Vec::with_capacity(weights.len());
        let mut c = 0u32;
        for &w in weights {
            c += w;
            cumulative.push(c);
        }
        let lookup_bits = bits.min(LOOKUP_BITS);
        let shift = bits - lookup_bits;
        let lookup = (0..1u32 << lookup_bits)
            .map(|e| {
                let lo = e << shift;
                let hi = lo + ((1u32 << shift) - 1);
                let first = cumulative.partition_point(|&c| c <= lo) as u32;
                let last = cumulative.partition_point(|&c| c <= hi) as u32;
                if first == last { first } else { first | SHARED }
            })
            .collect();
        Ok(Pow2Table {
            bits,
            shift,
            weights: weights.into(),
            cumulative: cumulative.into(),
            lookup,
        })
    }

    /// The bits one draw takes (the total is `2^bits`).
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The weights, by outcome.
    pub fn weights(&self) -> &[u32] {
        &self.weights
    }

    /// The outcome of the draw `r` (`0..2^bits`): the first `i` with `cumulative[i] > r`.
    /// `r` of `2^bits` or more gives the number of outcomes (out of range).
    #[inline]
    pub fn index_of(&self, r: u32) -> usize {
        if u64::from(r) >= 1u64 << self.bits {
            return self.weights.len();
        }
        self.index_in_range(r)
    }

    /// [`Self::index_of`] for `r` below `2^bits`.
    #[inline(always)]
    fn index_in_range(&self, r: u32) -> usize {
        let e = self.lookup[(r >> self.shift) as usize];
        if e & SHARED == 0 {
            return e as usize;
        }
        let mut i = (e & !SHARED) as usize;
        while self.cumulative[i] <= r {
            i += 1;
        }
        i
    }

    /// Draws an outcome index with `bits` bits of `pool` (refilled from `rng`).
    #[inline(always)]
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R, pool: &mut BitPool) -> usize {
        self.index_in_range(pool.take(rng, self.bits))
    }
}

/// Weights proportional to `weights` that add up to `2^bits` (`bits` up to [`MAX_BITS`]), by
/// largest remainders: each gets the floor of its exact share, and the units left go to the
/// largest fractional parts (ties to the earlier outcome). A positive weight keeps at least 1
/// (taken from the largest weights) so that every outcome stays possible. `None` for no
/// weights, a zero total, `bits` above [`MAX_BITS`] or fewer units than positive weights.
///
/// The result changes the probabilities slightly: a model re-expressed with it is a new model
/// (see the module docs).
pub fn pow2_weights(weights: &[u32], bits: u32) -> Option<Vec<u32>> {
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    let target = 1u64.checked_shl(bits).filter(|_| bits <= MAX_BITS)?;
    let positive = weights.iter().filter(|&&w| w > 0).count() as u64;
    if total == 0 || positive > target {
        return None;
    }
    let mut out: Vec<u64> = weights
        .iter()
        .map(|&w| u64::from(w) * target / total)
        .collect();
    let mut left = target - out.iter().sum::<u64>();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    // Largest remainder first (remainder = w * target mod total), earlier outcome on ties.
    order.sort_by_key(|&i| std::cmp::Reverse(u64::from(weights[i]) * target % total));
    for &i in &order {
        if left == 0 {
            break;
        }
        out[i] += 1;
        left -= 1;
    }
    // Every possible outcome stays possible: a positive weight rounded to 0 takes a unit from
    // the largest weight.
    for i in 0..weights.len() {
        if weights[i] > 0 && out[i] == 0 {
            let j = (0..out.len()).max_by_key(|&j| (out[j], std::cmp::Reverse(j)))?;
            out[j] -= 1;
            out[i] = 1;
        }
    }
    out.into_iter().map(|w| u32::try_from(w).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A generator that returns the words it is given, in order.
    struct Words(Vec<u64>, usize);

    impl rand_core::TryRng for Words {
        type Error = core::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(self.try_next_u64()? as u32)
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            let w = self.0[self.1 % self.0.len()];
            self.1 += 1;
            Ok(w)
        }
        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
            for b in dst {
                *b = self.try_next_u64()? as u8;
            }
            Ok(())
        }
    }

    #[test]
    fn every_value_of_a_draw_is_counted_once_by_its_weight() {
        // 16 bits: every r in 0..65536 gives outcome i exactly weights[i] times, through the
        // look-up table and the search alike.
        let weights = [1, 0, 30_000, 7, 35_000, 528];
        let t = Pow2Table::new(&weights).unwrap();
        assert_eq!(t.bits(), 16);
        let mut counts = [0u32; 6];
        for r in 0..1u32 << 16 {
            counts[t.index_of(r)] += 1;
        }
        assert_eq!(counts, weights);
        assert_eq!(t.index_of(1 << 16), 6, "out of range");
        // A table smaller than the look-up table.
        let t = Pow2Table::new(&[3, 0, 1]).unwrap();
        assert_eq!(
            (0..4).map(|r| t.index_of(r)).collect::<Vec<_>>(),
            [0, 0, 0, 2]
        );
        // One outcome of weight 1: 0 bits, and a draw takes none of the pool's bits.
        let one = Pow2Table::new(&[0, 1]).unwrap();
        assert_eq!(one.index_of(0), 1);
        let mut rng = Words(vec![7], 0);
        let mut pool = BitPool::new();
        assert_eq!(one.sample(&mut rng, &mut pool), 1);
        assert_eq!(rng.1, 0, "no word drawn");
    }

    #[test]
    fn totals_that_are_not_a_power_of_two_are_refused_by_name() {
        assert_eq!(Pow2Table::new(&[]), Err(WeightError::Empty));
        assert_eq!(Pow2Table::new(&[0, 0]), Err(WeightError::ZeroTotal));
        let e = Pow2Table::new(&[3, 4]).unwrap_err();
        assert_eq!(
            e,
            WeightError::NotPowerOfTwo {
                total: 7,
                max_bits: MAX_BITS
            }
        );
        assert!(e.to_string().contains("7"), "{e}");
        assert!(
            Pow2Table::new(&[u32::MAX, 1]).is_err(),
            "2^32 is too many bits"
        );
    }

    #[test]
    fn the_pool_hands_out_the_bits_of_each_word_lowest_first() {
        let mut rng = Words(vec![0xFEDC_BA98_7654_3210, 0x0123_4567_89AB_CDEF], 0);
        let mut pool = BitPool::new();
        // 16-bit draws: four per word.
        let got: Vec<u32> = (0..5).map(|_| pool.take(&mut rng, 16)).collect();
        assert_eq!(got, [0x3210, 0x7654, 0xBA98, 0xFEDC, 0xCDEF]);
        // 20 bits: three per word, the 4 bits left are dropped.
        let mut rng = Words(vec![u64::MAX - 1, 5], 0);
        let mut pool = BitPool::new();
        let got: Vec<u32> = (0..4).map(|_| pool.take(&mut rng, 20)).collect();
        assert_eq!(got, [0xF_FFFE, 0xF_FFFF, 0xF_FFFF, 5]);
    }

    #[test]
    fn take_bits_takes_what_take_takes() {
        let words = vec![0xFEDC_BA98_7654_3210, 0x0123_4567_89AB_CDEF, 42, u64::MAX];
        let (mut a, mut b) = (Words(words.clone(), 0), Words(words, 0));
        let (mut pa, mut pb) = (BitPool::new(), BitPool::new());
        for i in 0..12 {
            // Mixed widths: 20, 20, 7, 20, ...
            let (x, y) = if i % 3 == 2 {
                (pa.take(&mut a, 7), pb.take_bits::<7, _>(&mut b))
            } else {
                (pa.take(&mut a, 20), pb.take_bits::<20, _>(&mut b))
            };
            assert_eq!(x, y, "draw {i}");
            assert_eq!(pa, pb);
        }
        assert_eq!(a.1, b.1);
    }

    #[test]
    fn a_word_split_by_hand_leaves_the_pool_as_takes_leave_it() {
        let words = vec![0xFEDC_BA98_7654_3210, 0x0123_4567_89AB_CDEF, 42];
        for taken in [0, 4, 20, 40, 60, 64] {
            let (mut a, mut b) = (Words(words.clone(), 0), Words(words.clone(), 0));
            // `taken` bits of the first word by takes of up to 20 bits...
            let mut pa = BitPool::new();
            let mut left = taken;
            while left > 0 {
                let k = left.min(20);
                pa.take(&mut a, k);
                left -= k;
            }
            // ... or the word drawn by hand and handed over.
            let mut pb = BitPool::new();
            pb.set_word(b.next_u64(), taken);
            assert_eq!(pb.bits_left(), 64 - taken, "{taken}");
            let xa: Vec<u32> = (0..4).map(|_| pa.take(&mut a, 20)).collect();
            let xb: Vec<u32> = (0..4).map(|_| pb.take(&mut b, 20)).collect();
            assert_eq!(xa, xb, "{taken}");
            assert_eq!((pa, a.1), (pb, b.1), "{taken}");
        }
        assert_eq!(BitPool::new().bits_left(), 0);
    }

    proptest! {
        /// The look-up table and a plain search of the cumulative weights agree on every draw.
        #[test]
        fn lookup_and_search_agree(weights in prop::collection::vec(0u32..5000, 1..40), r: u32) {
            let total: u32 = weights.iter().sum();
            prop_assume!(total > 0);
            let bits = 32 - (total - 1).leading_zeros();
            let bits = bits.clamp(1, 20);
            let Some(w) = pow2_weights(&weights, bits) else { return Ok(()); };
            prop_assert_eq!(w.iter().map(|&x| u64::from(x)).sum::<u64>(), 1u64 << bits);
            for (a, b) in weights.iter().zip(&w) {
                prop_assert_eq!(*a > 0, *b > 0, "possible outcomes stay possible");
            }
            let t = Pow2Table::new(&w).unwrap();
            let r = r & ((1 << bits) - 1);
            let mut c = 0u32;
            let want = w.iter().position(|&x| { c += x; c > r }).unwrap();
            prop_assert_eq!(t.index_of(r), want);
        }
    }

    #[test]
    fn pow2_weights_rounds_by_largest_remainder() {
        // 1:2:3 over 8: shares 1.33, 2.67, 4 -> 1, 3, 4.
        assert_eq!(pow2_weights(&[1, 2, 3], 3), Some(vec![1, 3, 4]));
        // A tiny weight keeps one unit, taken from the largest.
        assert_eq!(pow2_weights(&[1, 1000], 2), Some(vec![1, 3]));
        assert_eq!(pow2_weights(&[0, 5], 4), Some(vec![0, 16]));
        assert_eq!(pow2_weights(&[1, 1, 1], 1), None, "3 outcomes in 2 units");
        assert_eq!(pow2_weights(&[], 4), None);
        assert_eq!(pow2_weights(&[1], 40), None);
    }
}
