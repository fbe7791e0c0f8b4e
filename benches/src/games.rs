//! Each game's round behind [`crate::Round`], as the simulator plays it (no recorder).

use crate::Round;
use rand_core::Rng;
use slot_core::recorder::NoRecorder;

/// A Starlight Christmas round in one bet mode.
pub struct Starlight<'a>(
    /// The game.
    pub &'a starlight_christmas::StarlightChristmas,
    /// The bet mode.
    pub starlight_christmas::BetMode,
);

impl Round for Starlight<'_> {
    #[inline]
    fn play<R: Rng>(&self, rng: &mut R) -> u64 {
        self.0
            .play_round(self.1, rng, &mut NoRecorder)
            .win
            .hundredths()
    }
}

/// A Moon Princess round with one free-spin pick.
pub struct MoonPrincess<'a>(
    /// The game.
    pub &'a moon_princess::Game,
    /// The pick.
    pub moon_princess::Pick,
);

impl Round for MoonPrincess<'_> {
    #[inline]
    fn play<R: Rng>(&self, rng: &mut R) -> u64 {
        self.0
            .play_round(rng, &mut NoRecorder, self.1)
            .win
            .hundredths()
    }
}

/// A Wish Upon a Star round.
pub struct Wish<'a>(
    /// The game.
    pub &'a wish_upon_a_star::Game,
);

impl Round for Wish<'_> {
    #[inline]
    fn play<R: Rng>(&self, rng: &mut R) -> u64 {
        self.0.play_round(rng, &mut NoRecorder).win.hundredths()
    }
}
