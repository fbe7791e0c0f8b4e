//! Generators that replay given numbers. [`BytesRng`], for fuzzing: every random number a
//! round draws is taken from the fuzzer's input, so the fuzzer steers the round through its
//! branches. [`Script`], for hand-worked tests: a fixed list of words, so that every stop,
//! chance and choice of a round is known (with [`crate::sampling::word_for`]).
//!
//! Once the input is used up, the words continue from a PCG seeded with a hash of the whole
//! input: a round never stalls on an endless run of rejected draws (a stream of zeros would
//! be rejected forever by Lemire's method for most bounds), and the same input always gives
//! the same round.
#![cfg(feature = "fuzzing")]

use rand_core::{Infallible, TryRng};
use rand_pcg::Pcg64;

/// Words from `bytes` (little-endian, 4 per `u32`), then from a PCG seeded by the bytes.
#[derive(Clone)]
pub struct BytesRng<'a> {
    bytes: &'a [u8],
    fallback: Pcg64,
}

impl std::fmt::Debug for BytesRng<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "BytesRng {{ {} bytes left }}", self.bytes.len())
    }
}

impl<'a> BytesRng<'a> {
    /// A generator replaying `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        // FNV-1a over the input seeds the fallback stream.
        let h = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
        BytesRng {
            bytes,
            fallback: Pcg64::new(h as u128, 0x5851_f42d_4c95_7f2d),
        }
    }
}

impl TryRng for BytesRng<'_> {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        if self.bytes.len() >= 4 {
            let (w, rest) = self.bytes.split_at(4);
            self.bytes = rest;
            Ok(u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        } else {
            self.bytes = &[];
            self.fallback.try_next_u32()
        }
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let lo = self.try_next_u32()? as u64;
        let hi = self.try_next_u32()? as u64;
        Ok(hi << 32 | lo)
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(4) {
            let w = self.try_next_u32()?.to_le_bytes();
            chunk.copy_from_slice(&w[..chunk.len()]);
        }
        Ok(())
    }
}

/// A generator that returns a fixed script of words, then panics: a test that draws more
/// words than it scripted is wrong, and [`Script::used_up`] shows that it drew no fewer.
/// Words are 64-bit: `next_u64` takes one word whole, `next_u32` one word's low half (a
/// script of `u32` words, [`Script::new`], gives each back as it was written either way,
/// widened by `next_u64`); `fill_bytes` takes one word per byte (its low byte).
///
/// # Panics
/// When drawn from after the script is used up (a test's mistake, never outside input).
#[derive(Clone, Debug)]
pub struct Script {
    words: Vec<u64>,
    next: usize,
}

impl Script {
    /// The generator that returns `words` in order (bounded draws of 32 bits, scripted with
    /// [`crate::sampling::word_for`]).
    pub fn new(words: Vec<u32>) -> Self {
        Script::wide(words.into_iter().map(u64::from).collect())
    }

    /// The generator that returns 64-bit `words` in order (joint draws, scripted with
    /// [`crate::joint_draws::JointBounds::words_for`], mixed with 32-bit words widened).
    pub fn wide(words: Vec<u64>) -> Self {
        Script { words, next: 0 }
    }

    /// All scripted words were drawn.
    pub fn used_up(&self) -> bool {
        self.next == self.words.len()
    }
}

impl TryRng for Script {
    type Error = Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        // The low half (all of a word scripted as `u32`).
        Ok(self.try_next_u64()? as u32)
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let w = *self
            .words
            .get(self.next)
            .expect("the test drew more words than it scripted");
        self.next += 1;
        Ok(w)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for b in dst {
            *b = self.try_next_u32()?.to_le_bytes()[0];
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::Rng;

    #[test]
    fn a_script_returns_its_words_in_order_and_knows_when_it_is_used_up() {
        let mut s = Script::new(vec![7, u32::MAX, 0x1_02, 9]);
        assert!(!s.used_up());
        assert_eq!(s.next_u32(), 7);
        assert_eq!(s.next_u64(), u64::from(u32::MAX));
        let mut b = [0u8; 2];
        s.fill_bytes(&mut b);
        assert_eq!(b, [2, 9]);
        assert!(s.used_up());
        let more = std::panic::catch_unwind(move || s.next_u32());
        assert!(more.is_err(), "a draw past the script panics");
        // 64-bit words: whole by next_u64, the low half by next_u32.
        let mut w = Script::wide(vec![0x1234_5678_9abc_def0, 0xfedc_ba98_7654_3210]);
        assert_eq!(w.next_u64(), 0x1234_5678_9abc_def0);
        assert_eq!(w.next_u32(), 0x7654_3210);
        assert!(w.used_up());
    }

    #[test]
    fn replays_then_falls_back_deterministically() {
        let data = [1, 0, 0, 0, 2, 0, 0, 0, 9];
        let mut a = BytesRng::new(&data);
        assert_eq!(a.next_u32(), 1);
        assert_eq!(a.next_u32(), 2);
        let x = a.next_u32();
        let mut b = BytesRng::new(&data);
        b.next_u32();
        b.next_u32();
        assert_eq!(b.next_u32(), x);
        // A stream of zero bytes does not stall a bounded draw.
        let zeros = [0u8; 64];
        let mut z = BytesRng::new(&zeros);
        let v = crate::sampling::bounded(&mut z, 3);
        assert!(v < 3);
    }
}
