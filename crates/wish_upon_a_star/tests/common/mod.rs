//! Helpers shared by the integration tests.
#![allow(dead_code)]

use rand_core::{Infallible, TryRng};
use slot_core::money::Win;
use slot_core::sampling::WeightedTable;
use wish_upon_a_star::math_model::{GiftPrize, MathModel, Probability, StarValue};

/// A generator that returns a fixed script of `u32`s (then panics: a test that draws more
/// than it scripted is wrong).
pub struct Script {
    words: Vec<u32>,
    next: usize,
}

impl Script {
    pub fn new(words: Vec<u32>) -> Self {
        Script { words, next: 0 }
    }

    /// All scripted words were used.
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
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for b in dst {
            *b = self.try_next_u32()? as u8;
        }
        Ok(())
    }
}

/// A word that makes `chance(rng, 1, 25)` true: Lemire maps `x` to `(x * 25) >> 32`, and
/// `x = 1` gives 0 with a low half of 25 (accepted), so 0 < 1.
pub const STAR: u32 = 1;
/// A word that makes `chance(rng, 1, 25)` false: `u32::MAX` maps to 24.
pub const NO_STAR: u32 = u32::MAX;
/// A word for a draw from a one-entry table (any word maps to 0).
pub const ANY: u32 = 7;

/// The shipped strips with one-entry value tables, so that rounds can be worked by hand: every
/// gift bonus win is `gift`, every Star is worth `star`, respin Star chance `p`.
pub fn fixed_model(gift: GiftPrize, star: StarValue, p: (u32, u32)) -> MathModel {
    let mut m = MathModel::standard();
    m.gift_prizes = WeightedTable::new([(gift, 1)]).unwrap();
    m.star_values = WeightedTable::new([(star, 1)]).unwrap();
    m.respin_star = Probability {
        numerator: p.0,
        denominator: p.1,
    };
    m
}

pub fn cash(h: u64) -> Win {
    Win::from_hundredths(h)
}
