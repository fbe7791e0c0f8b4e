//! Helpers shared by the integration tests: a scripted generator, so that powers, stops and
//! chances are known and rounds can be worked by hand.
#![allow(dead_code)]

use rand_core::{Infallible, TryRng};

/// A generator that returns a fixed script of `u32` words, then panics: a test that draws
/// more than it scripted is wrong, and [`Script::used_up`] shows it drew no fewer.
pub struct Script {
    words: Vec<u32>,
    next: usize,
}

impl Script {
    /// The generator that returns `words` in order.
    pub fn new(words: Vec<u32>) -> Self {
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
        let w = *self
            .words
            .get(self.next)
            .expect("the test drew more words than it scripted");
        self.next += 1;
        Ok(w)
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(u64::from(self.try_next_u32()?))
    }
    fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Infallible> {
        unreachable!("the game draws words only")
    }
}

/// The word that makes `bounded(n)` return `k` (a stop of a strip of `n`, an index among `n`
/// choices, a weighted draw's `k` in `0..total`), far from the rejected words.
pub fn word(k: u32, n: u32) -> u32 {
    slot_core::sampling::word_for(k, n).expect("k < n <= 2^31")
}
