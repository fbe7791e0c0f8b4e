//! Several bounded draws from one 64-bit word, exactly: [`JointBounds`] (a fixed tuple of
//! bounds, such as the stops of a spin's reels) and [`RepeatedBound`] (any number of draws
//! under one bound, such as the values of a grid's Stars).
//!
//! # The method, and why it is exact
//! Draws `d_1 .. d_k` under bounds `n_1 .. n_k` whose product `P` is at most `2^64 - 1` are
//! taken together as one draw of Lemire's method over `P` (D. Lemire, "Fast Random Integer
//! Generation in an Interval", ACM TOMACS 29(1), 2019): a uniform word `x`, the 128-bit
//! product `x * P`, and `x` rejected (another word drawn) when the product's low half is
//! below `2^64 mod P`. Every accepted `x` gives `v = floor(x * P / 2^64)`, and each `v` in
//! `0..P` has exactly the same number of accepted words: `v` is uniform.
//!
//! The draws are the digits of `v` in the mixed radix `n_1 .. n_k`, `d_1` the most
//! significant, read off by one multiply each rather than by division: `d_1` is the high
//! half of `x * n_1`, and with `x_1` its low half, `d_2` is the high half of `x_1 * n_2`, and
//! so on. By induction `x * n_1 * .. * n_j = (d_1 n_2..n_j + .. + d_j) * 2^64 + x_j` with
//! `x_j < 2^64`, so the digits are exactly those of `v` and the last low half is the low half
//! of `x * P`, the one the rejection tests. A uniform `v` in `0..P` is a uniform tuple of
//! digits: the draws are independent and each is uniform under its bound. (This is the
//! batched form of Lemire's method of N. Brackett-Rozinsky and D. Lemire, "Batched Ranged
//! Random Integer Generation", Software: Practice and Experience, 2025.)
//!
//! A word is rejected with probability below `P / 2^64`. Groups are kept below
//! [`GROUP_LIMIT`] (2^48), so that a rejection is rare (below 2^-16 per word): the draws then
//! take one word almost always, and two models whose bounds differ (variants of one game, run
//! with one seed for common random numbers) seldom reject different words and so seldom part.
//! A tuple whose product would pass the limit is drawn in consecutive groups that do not, one
//! word (or more, after a rejection) per group.

/// Every group's product of bounds stays below this: a word is rejected with probability
/// below 2^-16.
pub const GROUP_LIMIT: u64 = 1 << 48;

use crate::sampling::{WeightError, lemire_step_u64};
use rand_core::Rng;

/// The draws of one word: `x` accepted for `product` (the product of `bounds`), the digits
/// written into `out` (as many as `bounds` holds). Draws words from `rng` until one is
/// accepted.
#[inline(always)]
fn draw_digits<R: Rng + ?Sized>(rng: &mut R, product: u64, bounds: &[u64], out: &mut [u32]) {
    loop {
        let word = rng.next_u64();
        if lemire_step_u64(word, product).is_none() {
            continue;
        }
        let mut x = word;
        for (d, &n) in out.iter_mut().zip(bounds) {
            let m = u128::from(x) * u128::from(n);
            // The high half is below `n`, a `u32`.
            *d = (m >> 64) as u32;
            x = m as u64;
        }
        return;
    }
}

/// The word with which the draws of one group give `digits` at the first try: the first
/// accepted word of the value's share of the 2^64 words. The share's words have products
/// `x * P` whose low halves step up by `P` from below `P`, and the rejected low halves are
/// those below `2^64 mod P < P`, so the first or second word of the share is accepted.
/// `None` if a digit is not below its bound.
fn group_word_for(digits: &[u32], bounds: &[u64]) -> Option<u64> {
    let mut v = 0u128;
    let mut product = 1u128;
    for (&d, &n) in digits.iter().zip(bounds) {
        if u64::from(d) >= n {
            return None;
        }
        v = v * u128::from(n) + u128::from(d);
        product *= u128::from(n);
    }
    let product = u64::try_from(product).ok()?;
    // The share's first word: the least x with x * P >= v * 2^64.
    let first = u64::try_from((v << 64).div_ceil(u128::from(product))).ok()?;
    (first..=first.saturating_add(1)).find(|&x| lemire_step_u64(x, product) == Some(v as u64))
}

/// `N` bounded draws taken together ([the module's method](self)): bounds `1..=u32::MAX` in
/// as few words as [`GROUP_LIMIT`] allows, draw `i` uniform in `0..bounds[i]` and independent
/// of the others.
///
/// For the stops of a spin: five reel strips of 63 to 70 positions (a product near 2^30) and
/// a value draw under 953 (2^40 in all) are one word (Wish Upon a Star's base game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JointBounds<const N: usize> {
    bounds: [u64; N],
    /// Group `g` covers bounds `ends[g - 1] .. ends[g]` (from 0 for the first) and has the
    /// product `products[g]`; `groups` of them are used.
    ends: [usize; N],
    products: [u64; N],
    groups: usize,
}

impl<const N: usize> JointBounds<N> {
    /// The draws under `bounds`, grouped left to right: a group grows while its product stays
    /// below [`GROUP_LIMIT`].
    ///
    /// # Errors
    /// [`WeightError::ZeroTotal`] if a bound is 0 (nothing can be drawn under it).
    pub fn new(bounds: [u32; N]) -> Result<Self, WeightError> {
        if bounds.contains(&0) {
            return Err(WeightError::ZeroTotal);
        }
        let bounds = bounds.map(u64::from);
        let mut ends = [0; N];
        let mut products = [0; N];
        let mut groups = 0;
        let mut product = 1u64;
        for (i, &n) in bounds.iter().enumerate() {
            match product.checked_mul(n) {
                Some(p) if p < GROUP_LIMIT => product = p,
                _ => {
                    ends[groups] = i;
                    products[groups] = product;
                    groups += 1;
                    product = n;
                }
            }
        }
        if N > 0 {
            ends[groups] = N;
            products[groups] = product;
            groups += 1;
        }
        Ok(JointBounds {
            bounds,
            ends,
            products,
            groups,
        })
    }

    /// The bounds.
    pub fn bounds(&self) -> [u32; N] {
        // Every bound came in as a `u32`.
        self.bounds.map(|n| n as u32)
    }

    /// How many words a draw takes when none is rejected: 1 for bounds whose product is below
    /// [`GROUP_LIMIT`].
    pub fn words(&self) -> usize {
        self.groups
    }

    /// Draws the tuple: `d[i]` uniform in `0..bounds[i]`, all independent; one word per group
    /// (another after a rejection, with probability below product / 2^64).
    #[inline(always)]
    pub fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> [u32; N] {
        let mut out = [0u32; N];
        if self.groups == 1 {
            // The usual case, with the whole arrays: the digits' loop is unrolled.
            draw_digits(rng, self.products[0], &self.bounds, &mut out);
            return out;
        }
        let mut start = 0;
        for g in 0..self.groups {
            let end = self.ends[g];
            draw_digits(
                rng,
                self.products[g],
                &self.bounds[start..end],
                &mut out[start..end],
            );
            start = end;
        }
        out
    }

    /// The words with which [`Self::draw`] gives `digits` at its first tries (one per group),
    /// for scripted tests and fuzz seeds. `None` if a digit is not below its bound.
    pub fn words_for(&self, digits: [u32; N]) -> Option<Vec<u64>> {
        let mut start = 0;
        let mut words = Vec::with_capacity(self.groups);
        for &end in &self.ends[..self.groups] {
            words.push(group_word_for(
                &digits[start..end],
                &self.bounds[start..end],
            )?);
            start = end;
        }
        Some(words)
    }
}

/// Most draws of one word a [`RepeatedBound`] takes: a cap for the smallest bounds (1 takes
/// no room at all; 2 would give 47 below [`GROUP_LIMIT`]).
pub const MAX_PER_WORD: usize = 32;

/// Any number of draws under one bound `n`, as many from each word as keep `n^k` below
/// [`GROUP_LIMIT`] ([the module's method](self)). For a grid's Star values: a total weight near
/// 1,000 gives four draws a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepeatedBound {
    /// `per_word` copies of the bound.
    bounds: Box<[u64]>,
    /// `powers[k] = n^k` for `k` in `0..=per_word`.
    powers: Box<[u64]>,
}

impl RepeatedBound {
    /// Draws under `n`.
    ///
    /// # Errors
    /// [`WeightError::ZeroTotal`] if `n` is 0.
    pub fn new(n: u32) -> Result<Self, WeightError> {
        if n == 0 {
            return Err(WeightError::ZeroTotal);
        }
        let n = u64::from(n);
        let mut powers = vec![1u64];
        while powers.len() <= MAX_PER_WORD {
            match powers[powers.len() - 1].checked_mul(n) {
                Some(p) if p < GROUP_LIMIT => powers.push(p),
                _ => break,
            }
        }
        let per_word = powers.len() - 1;
        Ok(RepeatedBound {
            bounds: vec![n; per_word].into(),
            powers: powers.into(),
        })
    }

    /// The bound.
    pub fn bound(&self) -> u32 {
        // Came in as a `u32`.
        self.bounds[0] as u32
    }

    /// Draws of one word.
    pub fn per_word(&self) -> usize {
        self.bounds.len()
    }

    /// Fills `out` with draws uniform in `0..n`, all independent, in order: the first
    /// [`Self::per_word`] from one word, the next ones from the next, and so on (another word
    /// after a rejection).
    #[inline(always)]
    pub fn fill<R: Rng + ?Sized>(&self, rng: &mut R, out: &mut [u32]) {
        for chunk in out.chunks_mut(self.bounds.len()) {
            draw_digits(rng, self.powers[chunk.len()], &self.bounds, chunk);
        }
    }

    /// Draws and drops `n` draws: takes exactly the words [`Self::fill`] of `n` draws takes
    /// (the same acceptance test per word), without working out the digits. For a round that
    /// must draw values to keep its order of draws but will not look at them.
    #[inline(always)]
    pub fn skip<R: Rng + ?Sized>(&self, rng: &mut R, n: usize) {
        let per_word = self.bounds.len();
        let mut left = n;
        while left > 0 {
            let k = left.min(per_word);
            let product = self.powers[k];
            while lemire_step_u64(rng.next_u64(), product).is_none() {}
            left -= k;
        }
    }

    /// The words with which [`Self::fill`] gives `digits` at its first tries, for scripted
    /// tests and fuzz seeds. `None` if a digit is not below the bound.
    pub fn words_for(&self, digits: &[u32]) -> Option<Vec<u64>> {
        digits
            .chunks(self.bounds.len())
            .map(|chunk| group_word_for(chunk, &self.bounds))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_pcg::Pcg64;

    /// A generator replaying 64-bit words.
    struct Words(Vec<u64>, usize);

    impl rand_core::TryRng for Words {
        type Error = rand_core::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(self.try_next_u64()? as u32)
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            let w = self.0[self.1];
            self.1 += 1;
            Ok(w)
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
            unreachable!("the draws take words")
        }
    }

    /// Every tuple of small bounds, drawn from the word in the middle of its share, comes
    /// back; and a tiny tuple's shares are exactly equal: with bounds 3 x 5 (P = 15) the
    /// digits of every one of a spread of words are the digits of Lemire's draw over 15.
    #[test]
    fn the_digits_are_those_of_one_draw_over_the_product() {
        let j = JointBounds::new([3, 5, 7]).unwrap();
        assert_eq!(j.words(), 1);
        for a in 0..3 {
            for b in 0..5 {
                for c in 0..7 {
                    let words = j.words_for([a, b, c]).unwrap();
                    assert_eq!(words.len(), 1);
                    assert_eq!(j.draw(&mut Words(words, 0)), [a, b, c]);
                }
            }
        }
        let mut rng = Pcg64::new(7, 9);
        for _ in 0..10_000 {
            let x = rand_core::Rng::next_u64(&mut rng);
            if let Some(v) = lemire_step_u64(x, 105) {
                let d = j.draw(&mut Words(vec![x], 0));
                assert_eq!(u64::from(d[0] * 35 + d[1] * 7 + d[2]), v);
            }
        }
        assert_eq!(j.words_for([3, 0, 0]), None);
    }

    /// A rejected word is skipped and the next one drawn: with P = 3, `2^64 mod 3 = 1`, and
    /// the word 0 (low half 0 < 1) is the one rejected.
    #[test]
    fn a_rejected_word_draws_again() {
        let j = JointBounds::new([3]).unwrap();
        assert_eq!(lemire_step_u64(0, 3), None);
        let w = j.words_for([2]).unwrap();
        let mut rng = Words(vec![0, w[0]], 0);
        assert_eq!(j.draw(&mut rng), [2]);
        assert_eq!(rng.1, 2, "two words taken");
    }

    /// Bounds whose product passes [`GROUP_LIMIT`] are drawn in groups: 2^32 - 1 times 5 is
    /// below 2^48, two such bounds are not, so four bounds are three words; every tuple's
    /// words give it back.
    #[test]
    fn large_products_are_grouped() {
        let m = u32::MAX;
        let j = JointBounds::new([m, m, m, 5]).unwrap();
        assert_eq!(j.words(), 3);
        assert_eq!(JointBounds::new([1 << 24, 1 << 23, 2]).unwrap().words(), 2);
        assert_eq!(
            JointBounds::new([1 << 24, (1 << 24) - 1]).unwrap().words(),
            1
        );
        for d in [[0, 0, 0, 0], [m - 1, 1, m - 1, 4], [12345, m - 1, 0, 3]] {
            let words = j.words_for(d).unwrap();
            assert_eq!(words.len(), 3);
            assert_eq!(j.draw(&mut Words(words, 0)), d);
        }
        assert_eq!(JointBounds::new([1, 0]), Err(WeightError::ZeroTotal));
        assert_eq!(RepeatedBound::new(0), Err(WeightError::ZeroTotal));
    }

    /// Each draw's uniformity and independence (the joint counts of draws, by chi-square)
    /// are tested in slot-sim's `tests/draws.rs`; here, what fits a word: 13^12 < 2^48 <
    /// 13^13, so a bound of 13 draws 12 values a word.
    #[test]
    fn a_bound_of_13_draws_twelve_a_word() {
        assert_eq!(RepeatedBound::new(13).unwrap().per_word(), 12);
    }

    /// Draws per word: as many as fit, at most [`MAX_PER_WORD`]; the repeated draws of a
    /// word are its digits in order, and `fill` takes a word per chunk.
    #[test]
    fn repeated_draws_fill_chunks_of_a_word() {
        assert_eq!(RepeatedBound::new(1).unwrap().per_word(), MAX_PER_WORD);
        assert_eq!(RepeatedBound::new(2).unwrap().per_word(), MAX_PER_WORD);
        assert_eq!(
            RepeatedBound::new(953).unwrap().per_word(),
            4,
            "953^4 < 2^48 < 953^5"
        );
        assert_eq!(RepeatedBound::new(u32::MAX).unwrap().per_word(), 1);
        let r = RepeatedBound::new(953).unwrap();
        let digits: Vec<u32> = (0..14).map(|i| (i * 97 + 5) % 953).collect();
        let words = r.words_for(&digits).unwrap();
        assert_eq!(words.len(), 4, "4 + 4 + 4 + 2");
        let mut out = vec![0; 14];
        let mut rng = Words(words, 0);
        r.fill(&mut rng, &mut out);
        assert_eq!(out, digits);
        assert_eq!(rng.1, 4);
        assert_eq!(r.words_for(&[953]), None);
    }

    /// `skip` takes the very words `fill` takes, rejected ones included, for any count.
    #[test]
    fn skipping_takes_the_words_filling_takes() {
        let mut source = Pcg64::new(20261202, 9);
        for bound in [1u32, 2, 13, 953, 65_537, u32::MAX] {
            let r = RepeatedBound::new(bound).unwrap();
            for n in 0..=15 {
                // Word 0 is rejected for every product that is not a power of two (its low
                // half, 0, is below 2^64 mod P); mixed in, it makes `fill` redraw.
                let words: Vec<u64> = (0..64)
                    .map(|i| if i % 3 == 0 { 0 } else { source.next_u64() })
                    .collect();
                let mut filled = Words(words.clone(), 0);
                r.fill(&mut filled, &mut vec![0; n]);
                let mut skipped = Words(words, 0);
                r.skip(&mut skipped, n);
                assert_eq!(skipped.1, filled.1, "bound {bound}, {n} draws");
                if n > 0 && !bound.is_power_of_two() {
                    assert!(filled.1 > n.div_ceil(r.per_word()), "a word was rejected");
                }
            }
        }
    }
}
