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

/// The word with which a landing of one reel set whose five strips hold `len` positions each
/// draws `stops` at its first try: the set's draw (one set: always 0) and the five stops are
/// one joint draw of one word (`slot_core::joint_draws::JointBounds`), the set's bound its
/// weight (any: one set is always drawn; 1 here, as the tests' models give it).
pub fn landing(len: u32, stops: [u32; 5]) -> u64 {
    let [a, b, c, d, e] = stops;
    let tuple = slot_core::joint_draws::JointBounds::new([1, len, len, len, len, len]).unwrap();
    let words = tuple
        .words_for([0, a, b, c, d, e])
        .expect("stops below len");
    assert_eq!(words.len(), 1, "one word for strips this short");
    words[0]
}
