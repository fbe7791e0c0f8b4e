//! Any game's round behind [`crate::Round`], as the simulator plays it (no recorder).

use crate::Round;
use rand_core::Rng;
use slot_core::Game;
use slot_core::recorder::NoRecorder;

/// Rounds of `game` (the `0`) in one mode (the `1`): Moon Princess's pick, Starlight
/// Christmas's bet mode, Wish Upon a Star's one mode.
pub struct Played<'a, G: Game>(
    /// The game.
    pub &'a G,
    /// The mode.
    pub G::Mode,
);

impl<G: Game> Round for Played<'_, G> {
    #[inline]
    fn play<R: Rng>(&self, rng: &mut R) -> u64 {
        G::win(&self.0.play_round(self.1, rng, &mut NoRecorder)).hundredths()
    }
}
