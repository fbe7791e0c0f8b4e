//! Helpers shared by the criterion benches in `benches/`.

use rand_core::{Infallible, TryRng};

/// Wraps a generator and counts the 32-bit words drawn through it (a 64-bit draw counts as
/// two), so a bench can draw exactly as many random words as a round needs and compare the
/// round's cost with that unavoidable part.
#[derive(Debug)]
pub struct CountingRng<R> {
    /// The wrapped generator.
    pub inner: R,
    /// Words drawn so far.
    pub words: u64,
}

impl<R: rand_core::Rng> TryRng for CountingRng<R> {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        self.words += 1;
        Ok(self.inner.next_u32())
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        self.words += 2;
        Ok(self.inner.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.words += dst.len().div_ceil(4) as u64;
        self.inner.fill_bytes(dst);
        Ok(())
    }
}
