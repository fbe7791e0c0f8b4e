//! Fixed-seed loops: a property whose only random input is a generator's seed (which
//! proptest cannot shrink to a simpler case) checked on the seeds `0..n`, the same rounds on
//! every run. Test support for the game crates' tests (feature `fuzzing`); not for play.
#![cfg(feature = "fuzzing")]

/// Runs `case` on the seeds `0..n` in order and stops at the first that fails.
///
/// # Panics
/// At the first seed whose case returns `Err`, naming `what`, the seed and the error
/// (`ante true, seed 17: ...`), so that the failing case replays as it stands.
pub fn for_seeds<E: std::fmt::Display>(
    what: &str,
    n: u64,
    mut case: impl FnMut(u64) -> Result<(), E>,
) {
    for seed in 0..n {
        if let Err(e) = case(seed) {
            panic!("{what}, seed {seed}: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::for_seeds;

    #[test]
    fn every_seed_runs_once_in_order() {
        let mut seen = Vec::new();
        for_seeds("all", 5, |seed| {
            seen.push(seed);
            Ok::<(), String>(())
        });
        assert_eq!(seen, [0, 1, 2, 3, 4]);
        for_seeds("none", 0, |_| Err("never called"));
    }

    #[test]
    #[should_panic(expected = "pick love, seed 3: too large")]
    fn the_first_failure_names_its_seed() {
        for_seeds("pick love", 10, |seed| {
            if seed >= 3 { Err("too large") } else { Ok(()) }
        });
    }
}
