//! The committed seed corpora of the fuzz targets (`fuzz/seeds/<target>/` at the repository's
//! root), replayed as ordinary tests so every fuzz check keeps compiling and passing between
//! fuzzing sessions. Test support for the game crates' `tests/fuzz_corpus.rs`; not for play.
#![cfg(feature = "fuzzing")]

use std::path::PathBuf;

/// The seed corpus folder of the fuzz target `target`: `fuzz/seeds/<target>/` of this
/// repository (found from this crate's source folder, so only in a checkout).
pub fn dir(target: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../fuzz/seeds")).join(target)
}

/// Runs `check` (a fuzz target's check, which panics on a broken invariant) on every file of
/// target `target`'s seed corpus, and returns how many files there were.
///
/// # Panics
/// When the corpus cannot be read, when it holds fewer than `at_least` files (a corpus that
/// went missing must not pass as empty), or when `check` panics.
pub fn replay_at_least(target: &str, check: fn(&[u8]), at_least: usize) -> usize {
    let dir = dir(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the seed corpus {} cannot be read: {e}", dir.display()))
    {
        let path = entry.expect("a seed corpus entry").path();
        let bytes = std::fs::read(&path)
            .unwrap_or_else(|e| panic!("seed {} cannot be read: {e}", path.display()));
        check(&bytes);
        n += 1;
    }
    assert!(
        n >= at_least,
        "the seed corpus {target} has {n} inputs; expected at least {at_least}"
    );
    n
}
