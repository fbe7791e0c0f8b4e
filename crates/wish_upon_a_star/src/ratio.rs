//! Exact non-negative rational numbers on a minimal big unsigned integer, for the exact figures
//! ([`crate::exact`]).
//!
//! The Lock & Spin chain multiplies binomial probabilities with denominators like `25^9` over
//! dozens of steps, which overflows `u128`; so numerators and denominators are arbitrary-size
//! integers (little-endian `u32` limbs), and every result is reduced by the greatest common
//! divisor (binary GCD, Stein 1967). Only what the exact figures need is implemented: addition,
//! subtraction (of a smaller value), multiplication, division, comparison, decimal printing
//! and conversion to `f64` for reports. Nothing here is in the outcome path of a round.

use std::cmp::Ordering;
use std::fmt;

/// An arbitrary-size unsigned integer: little-endian `u32` limbs, no leading zero limbs.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
struct BigUint {
    limbs: Vec<u32>,
}

impl BigUint {
    fn from_u128(mut v: u128) -> Self {
        let mut limbs = vec![];
        while v > 0 {
            limbs.push(v as u32);
            v >>= 32;
        }
        BigUint { limbs }
    }

    fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    fn normalize(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    fn bits(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => self.limbs.len() as u64 * 32 - u64::from(top.leading_zeros()),
        }
    }

    fn bit(&self, i: u64) -> bool {
        let (l, b) = ((i / 32) as usize, i % 32);
        l < self.limbs.len() && (self.limbs[l] >> b) & 1 == 1
    }

    fn trailing_zeros(&self) -> u64 {
        for (i, &l) in self.limbs.iter().enumerate() {
            if l != 0 {
                return i as u64 * 32 + u64::from(l.trailing_zeros());
            }
        }
        0
    }

    fn add(&self, o: &Self) -> Self {
        let n = self.limbs.len().max(o.limbs.len());
        let mut limbs = Vec::with_capacity(n + 1);
        let mut carry = 0u64;
        for i in 0..n {
            let s = u64::from(*self.limbs.get(i).unwrap_or(&0))
                + u64::from(*o.limbs.get(i).unwrap_or(&0))
                + carry;
            limbs.push(s as u32);
            carry = s >> 32;
        }
        if carry > 0 {
            limbs.push(carry as u32);
        }
        BigUint { limbs }
    }

    /// `self - o`; `self >= o` is required (checked by the callers).
    fn sub(&self, o: &Self) -> Self {
        debug_assert!(self.cmp_big(o) != Ordering::Less);
        let mut limbs = Vec::with_capacity(self.limbs.len());
        let mut borrow = 0i64;
        for i in 0..self.limbs.len() {
            let mut d =
                i64::from(self.limbs[i]) - i64::from(*o.limbs.get(i).unwrap_or(&0)) - borrow;
            borrow = 0;
            if d < 0 {
                d += 1 << 32;
                borrow = 1;
            }
            limbs.push(d as u32);
        }
        let mut r = BigUint { limbs };
        r.normalize();
        r
    }

    fn mul(&self, o: &Self) -> Self {
        if self.is_zero() || o.is_zero() {
            return BigUint::default();
        }
        let mut acc = vec![0u64; self.limbs.len() + o.limbs.len() + 1];
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in o.limbs.iter().enumerate() {
                let t = acc[i + j] + u64::from(a) * u64::from(b) + carry;
                acc[i + j] = t & 0xFFFF_FFFF;
                carry = t >> 32;
            }
            let mut k = i + o.limbs.len();
            while carry > 0 {
                let t = acc[k] + carry;
                acc[k] = t & 0xFFFF_FFFF;
                carry = t >> 32;
                k += 1;
            }
        }
        let mut r = BigUint {
            limbs: acc.into_iter().map(|x| x as u32).collect(),
        };
        r.normalize();
        r
    }

    fn cmp_big(&self, o: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&o.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(o.limbs.iter().rev()))
    }

    fn shl(&self, s: u64) -> Self {
        if self.is_zero() {
            return BigUint::default();
        }
        let (w, b) = ((s / 32) as usize, (s % 32) as u32);
        let mut limbs = vec![0u32; w];
        let mut carry = 0u32;
        for &l in &self.limbs {
            if b == 0 {
                limbs.push(l);
            } else {
                limbs.push((l << b) | carry);
                carry = l >> (32 - b);
            }
        }
        if carry > 0 {
            limbs.push(carry);
        }
        BigUint { limbs }
    }

    /// Quotient and remainder by schoolbook binary long division; `d` must not be zero.
    fn div_rem(&self, d: &Self) -> (Self, Self) {
        debug_assert!(!d.is_zero());
        if self.cmp_big(d) == Ordering::Less {
            return (BigUint::default(), self.clone());
        }
        let n = self.bits();
        let mut q = vec![0u32; self.limbs.len()];
        let mut r = BigUint {
            limbs: Vec::with_capacity(d.limbs.len() + 1),
        };
        for i in (0..n).rev() {
            // r = 2 r + bit i
            let mut carry = u32::from(self.bit(i));
            for l in r.limbs.iter_mut() {
                let top = *l >> 31;
                *l = (*l << 1) | carry;
                carry = top;
            }
            if carry > 0 {
                r.limbs.push(carry);
            }
            if r.cmp_big(d) != Ordering::Less {
                r.sub_assign(d);
                q[(i / 32) as usize] |= 1 << (i % 32);
            }
        }
        let mut q = BigUint { limbs: q };
        q.normalize();
        (q, r)
    }

    /// Quotient and remainder by a small divisor (`d > 0`).
    fn div_small(&self, d: u32) -> (Self, u32) {
        let mut limbs = vec![0u32; self.limbs.len()];
        let mut rem = 0u64;
        for i in (0..self.limbs.len()).rev() {
            let cur = (rem << 32) | u64::from(self.limbs[i]);
            limbs[i] = (cur / u64::from(d)) as u32;
            rem = cur % u64::from(d);
        }
        let mut q = BigUint { limbs };
        q.normalize();
        (q, rem as u32)
    }

    /// `self -= o` in place; `self >= o` is required.
    fn sub_assign(&mut self, o: &Self) {
        let mut borrow = 0u64;
        for i in 0..self.limbs.len() {
            let sub = u64::from(*o.limbs.get(i).unwrap_or(&0)) + borrow;
            let cur = u64::from(self.limbs[i]);
            if cur >= sub {
                self.limbs[i] = (cur - sub) as u32;
                borrow = 0;
            } else {
                self.limbs[i] = (cur + (1 << 32) - sub) as u32;
                borrow = 1;
            }
            if borrow == 0 && i >= o.limbs.len() {
                break;
            }
        }
        self.normalize();
    }

    /// `self >>= s` in place.
    fn shr_assign(&mut self, s: u64) {
        let (w, b) = ((s / 32) as usize, (s % 32) as u32);
        if w >= self.limbs.len() {
            self.limbs.clear();
            return;
        }
        self.limbs.drain(..w);
        if b > 0 {
            let n = self.limbs.len();
            for i in 0..n {
                let hi = if i + 1 < n {
                    self.limbs[i + 1] << (32 - b)
                } else {
                    0
                };
                self.limbs[i] = (self.limbs[i] >> b) | hi;
            }
        }
        self.normalize();
    }

    /// Greatest common divisor by the binary method (J. Stein, 1967), in place.
    fn gcd(a: &Self, b: &Self) -> Self {
        if a.is_zero() {
            return b.clone();
        }
        if b.is_zero() {
            return a.clone();
        }
        let (za, zb) = (a.trailing_zeros(), b.trailing_zeros());
        let k = za.min(zb);
        let mut a = a.clone();
        let mut b = b.clone();
        a.shr_assign(za);
        b.shr_assign(zb);
        loop {
            if a.cmp_big(&b) == Ordering::Greater {
                std::mem::swap(&mut a, &mut b);
            }
            b.sub_assign(&a);
            if b.is_zero() {
                return a.shl(k);
            }
            let z = b.trailing_zeros();
            b.shr_assign(z);
        }
    }

    fn to_decimal(&self) -> String {
        if self.is_zero() {
            return "0".into();
        }
        let mut parts = vec![];
        let mut x = self.clone();
        while !x.is_zero() {
            let (q, r) = x.div_small(1_000_000_000);
            parts.push(r);
            x = q;
        }
        let mut s = parts.pop().map_or(String::new(), |p| p.to_string());
        for p in parts.iter().rev() {
            s.push_str(&format!("{p:09}"));
        }
        s
    }

    fn to_u128(&self) -> Option<u128> {
        if self.limbs.len() > 4 {
            return None;
        }
        Some(
            self.limbs
                .iter()
                .rev()
                .fold(0u128, |a, &l| (a << 32) | u128::from(l)),
        )
    }
}

/// An exact non-negative rational number, always reduced (`numerator / denominator` with a
/// positive denominator and no common factor). Used for the exact figures of the math model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ratio {
    num: BigUint,
    den: BigUint,
}

impl Ratio {
    /// Zero.
    pub fn zero() -> Ratio {
        Ratio::integer(0)
    }

    /// One.
    pub fn one() -> Ratio {
        Ratio::integer(1)
    }

    /// The integer `n`.
    pub fn integer(n: u128) -> Ratio {
        Ratio {
            num: BigUint::from_u128(n),
            den: BigUint::from_u128(1),
        }
    }

    /// `numerator / denominator`, reduced.
    ///
    /// # Panics
    /// If `denominator` is zero (a programming error in the exact figures).
    pub fn new(numerator: u128, denominator: u128) -> Ratio {
        assert!(denominator != 0, "a ratio needs a positive denominator");
        Ratio::reduced(
            BigUint::from_u128(numerator),
            BigUint::from_u128(denominator),
        )
    }

    fn reduced(num: BigUint, den: BigUint) -> Ratio {
        if num.is_zero() {
            return Ratio::zero();
        }
        let g = BigUint::gcd(&num, &den);
        if g.limbs == [1] {
            return Ratio { num, den };
        }
        Ratio {
            num: num.div_rem(&g).0,
            den: den.div_rem(&g).0,
        }
    }

    /// `self + o` (Knuth, TAOCP 4.5.1: divide by the denominators' gcd first).
    pub fn add(&self, o: &Ratio) -> Ratio {
        if self.num.is_zero() {
            return o.clone();
        }
        if o.num.is_zero() {
            return self.clone();
        }
        let g = BigUint::gcd(&self.den, &o.den);
        if g.limbs == [1] {
            return Ratio::reduced(
                self.num.mul(&o.den).add(&o.num.mul(&self.den)),
                self.den.mul(&o.den),
            );
        }
        let b = self.den.div_rem(&g).0;
        let d = o.den.div_rem(&g).0;
        let t = self.num.mul(&d).add(&o.num.mul(&b));
        let g2 = BigUint::gcd(&t, &g);
        if g2.limbs == [1] {
            return Ratio {
                num: t,
                den: b.mul(&o.den),
            };
        }
        Ratio {
            num: t.div_rem(&g2).0,
            den: b.mul(&o.den.div_rem(&g2).0),
        }
    }

    /// `self - o`, or `None` if that would be negative.
    pub fn checked_sub(&self, o: &Ratio) -> Option<Ratio> {
        let a = self.num.mul(&o.den);
        let b = o.num.mul(&self.den);
        if a.cmp_big(&b) == Ordering::Less {
            return None;
        }
        Some(Ratio::reduced(a.sub(&b), self.den.mul(&o.den)))
    }

    /// `self * o` (cross-cancelling first, so only smaller gcds are taken).
    pub fn mul(&self, o: &Ratio) -> Ratio {
        if self.num.is_zero() || o.num.is_zero() {
            return Ratio::zero();
        }
        let g1 = BigUint::gcd(&self.num, &o.den);
        let g2 = BigUint::gcd(&o.num, &self.den);
        let div = |x: &BigUint, g: &BigUint| {
            if g.limbs == [1] {
                x.clone()
            } else {
                x.div_rem(g).0
            }
        };
        Ratio {
            num: div(&self.num, &g1).mul(&div(&o.num, &g2)),
            den: div(&self.den, &g2).mul(&div(&o.den, &g1)),
        }
    }

    /// `self * n` for an integer `n`.
    pub fn mul_int(&self, n: u128) -> Ratio {
        self.mul(&Ratio::integer(n))
    }

    /// `self / o`, or `None` if `o` is zero.
    pub fn checked_div(&self, o: &Ratio) -> Option<Ratio> {
        if o.num.is_zero() {
            return None;
        }
        Some(Ratio::reduced(self.num.mul(&o.den), self.den.mul(&o.num)))
    }

    /// True for zero.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// The numerator in decimal.
    pub fn numerator(&self) -> String {
        self.num.to_decimal()
    }

    /// The denominator in decimal.
    pub fn denominator(&self) -> String {
        self.den.to_decimal()
    }

    /// The numerator and denominator as `u128`, if both fit.
    pub fn to_u128_parts(&self) -> Option<(u128, u128)> {
        Some((self.num.to_u128()?, self.den.to_u128()?))
    }

    /// The nearest `f64` (correct to about 1e-18 relative; for reports only).
    pub fn to_f64(&self) -> f64 {
        if self.num.is_zero() {
            return 0.0;
        }
        // q = floor(num * 2^s / den) has 64..=65 bits; value = q * 2^-s.
        let (dn, nn) = (self.den.bits(), self.num.bits());
        let q = if dn + 64 >= nn {
            self.num.shl(dn + 64 - nn).div_rem(&self.den).0
        } else {
            self.num.div_rem(&self.den.shl(nn - dn - 64)).0
        };
        let q = q.to_u128().unwrap_or(u128::MAX) as f64;
        // value = q * 2^(nn - dn - 64), applied in steps that cannot overflow an i32.
        let mut v = q;
        let (up, down) = (nn.saturating_sub(dn + 64), (dn + 64).saturating_sub(nn));
        for _ in 0..up / 512 {
            v *= 2f64.powi(512);
        }
        v *= 2f64.powi((up % 512) as i32);
        for _ in 0..down / 512 {
            v *= 2f64.powi(-512);
        }
        v * 2f64.powi(-((down % 512) as i32))
    }

    /// Compares two ratios exactly.
    pub fn cmp_ratio(&self, o: &Ratio) -> Ordering {
        self.num.mul(&o.den).cmp_big(&o.num.mul(&self.den))
    }
}

impl fmt::Display for Ratio {
    /// `numerator/denominator` in decimal (just the numerator for integers).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den.limbs == [1] {
            write!(f, "{}", self.numerator())
        } else {
            write!(f, "{}/{}", self.numerator(), self.denominator())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_reduces_and_matches_u128() {
        let a = Ratio::new(6, 8);
        assert_eq!(a.to_string(), "3/4");
        let b = Ratio::new(1, 6);
        assert_eq!(a.add(&b).to_string(), "11/12");
        assert_eq!(a.checked_sub(&b).unwrap().to_string(), "7/12");
        assert!(b.checked_sub(&a).is_none());
        assert_eq!(a.mul(&b).to_string(), "1/8");
        assert_eq!(a.checked_div(&b).unwrap().to_string(), "9/2");
        assert!(a.checked_div(&Ratio::zero()).is_none());
        assert_eq!(Ratio::new(0, 5), Ratio::zero());
        assert_eq!(Ratio::new(10, 5).to_string(), "2");
        assert_eq!(a.to_f64(), 0.75);
        assert_eq!(
            Ratio::new(1, 3).cmp_ratio(&Ratio::new(1, 4)),
            Ordering::Greater
        );
    }

    #[test]
    fn big_values_survive_a_round_trip() {
        // (25/24)^60 * (24/25)^60 = 1 exactly, through numbers far beyond u128.
        let up = Ratio::new(25, 24);
        let down = Ratio::new(24, 25);
        let mut x = Ratio::one();
        for _ in 0..60 {
            x = x.mul(&up);
        }
        assert!(x.to_u128_parts().is_none(), "25^60 does not fit in u128");
        assert!((x.to_f64() - (25f64 / 24.0).powi(60)).abs() / x.to_f64() < 1e-14);
        for _ in 0..60 {
            x = x.mul(&down);
        }
        assert_eq!(x, Ratio::one());
        // Decimal printing of 2^100.
        let p = Ratio {
            num: BigUint::from_u128(1).shl(100),
            den: BigUint::from_u128(1),
        };
        assert_eq!(p.to_string(), "1267650600228229401496703205376");
        // Division and gcd of big numbers.
        let a = BigUint::from_u128(u128::MAX).mul(&BigUint::from_u128(12_345));
        let (q, r) = a.div_rem(&BigUint::from_u128(u128::MAX));
        assert_eq!((q.to_u128(), r.is_zero()), (Some(12_345), true));
        let g = BigUint::gcd(
            &a,
            &BigUint::from_u128(u128::MAX).mul(&BigUint::from_u128(10)),
        );
        assert_eq!(g, BigUint::from_u128(u128::MAX).mul(&BigUint::from_u128(5)));
    }
}
