//! The generator for real-money play: ChaCha20 seeded from the operating system (feature
//! `os-rng`, on by default in the game crates).
//!
//! Which generator for what: the simulator uses PCG-64 (`replay::SimRng`), fast and
//! reproducible but predictable from a few hundred bytes of its output, so it must never
//! decide real-money rounds. A game server uses a cryptographically secure generator seeded
//! from the operating system: [`server_rng`] gives one (ChaCha20, RustCrypto's `rand_chacha`,
//! seeded with 32 bytes from `getrandom`). Its state decides real money: never log it, never
//! put it in an event log (it has no `Debug` output that shows its state).

pub use rand_chacha::ChaCha20Rng;

/// The operating system could not give random bytes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the operating system's random source failed: {0}")]
pub struct OsRngError(pub String);

/// A ChaCha20 generator seeded with 32 bytes from the operating system's random source.
///
/// # Errors
/// [`OsRngError`] if the operating system's source fails (for example no `getrandom` on a
/// sandboxed platform); never silently a weak seed.
pub fn server_rng() -> Result<ChaCha20Rng, OsRngError> {
    use rand_core::SeedableRng;
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| OsRngError(e.to_string()))?;
    Ok(ChaCha20Rng::from_seed(seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::Rng;

    #[test]
    fn two_server_generators_differ() {
        let mut a = server_rng().unwrap();
        let mut b = server_rng().unwrap();
        assert_ne!(
            (a.next_u64(), a.next_u64()),
            (b.next_u64(), b.next_u64()),
            "two OS seeds gave the same stream"
        );
    }
}
