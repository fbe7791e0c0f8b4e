//! Helpers shared by the integration tests.
#![allow(dead_code)]

use slot_core::money::Win;
use slot_core::sampling::WeightedTable;
use wish_upon_a_star::math_model::{GiftPrize, MathModel, Probability, StarValue};

#[allow(unused_imports)] // not every test binary that includes this module uses it
pub use slot_core::bytes_rng::Script;

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
