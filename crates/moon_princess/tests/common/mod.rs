//! Helpers shared by the integration tests: a scripted generator, so that powers, stops and
//! chances are known and rounds can be worked by hand.
#![allow(dead_code)]

#[allow(unused_imports)] // not every test binary that includes this module uses it
pub use slot_core::bytes_rng::Script;

/// The word that makes `bounded(n)` return `k` (a stop of a strip of `n`, an index among `n`
/// choices, a weighted draw's `k` in `0..total`), far from the rejected words.
pub fn word(k: u32, n: u32) -> u32 {
    slot_core::sampling::word_for(k, n).expect("k < n <= 2^31")
}
