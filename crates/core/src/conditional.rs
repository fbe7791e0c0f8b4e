//! A base game whose chance of reaching a win level is known exactly once some of its draws
//! are set aside: what the conditional estimator of the base game's rare wins
//! (`slot_sim::rare::conditional`) averages.
//!
//! Some draws of a base game play no part in what happens until its win is settled: in
//! Starlight Christmas, a Multiplier's value is drawn when it lands, but the tumbles never
//! look at it; only the sum of the values on the final grid multiplies the sequence's symbol
//! wins. Given everything else the base game drew (its symbol wins, how many Multipliers it
//! holds, its Scatter pay), the chance that its win reaches a level is then a sum over the
//! values alone, which the game computes exactly. Averaging that chance over base games is
//! **conditional Monte Carlo**: each base game's chance has the expectation P(win >= x) of
//! the indicator it replaces (the law of total expectation), and never a larger variance, so
//! a run reaches a rare level's odds in far fewer base games than counting would (where
//! every base game whose symbol wins are large enough to reach the level with some values
//! counts with that chance, instead of once in many).
//!
//! The contract: [`ConditionalBaseGame::base_game_chances`] makes the same draws as
//! [`SplitGame::play_base_game`] with the same generator (so root r of a run is the
//! simulator's base game r), and the chance it gives for a level is exactly the conditional
//! chance of the base game's win reaching it (a game's tests check both: the first round by
//! round, the second against counting).

use crate::game::SplitGame;
use crate::money::Win;
use rand_core::Rng;

/// A game whose base game's chance of reaching a win level, given all it drew but some
/// draws independent of the rest, is known exactly ([the module docs](self)).
pub trait ConditionalBaseGame: SplitGame {
    /// What a mode's conditional chances are computed from, worked out once per run (a
    /// table of the set-aside draws' sums, say).
    type Aid: Send + Sync;

    /// The draws set aside, in a few words, for records and reports.
    const SET_ASIDE: &'static str;

    /// Works out the aid of `mode`'s base game.
    fn conditional_aid(&self, mode: Self::Mode) -> Self::Aid;

    /// Plays one base game in `mode` with `rng` (the draws of [`SplitGame::play_base_game`])
    /// and writes into `chances[i]` the chance that a base game which drew the same but the
    /// set-aside draws reaches `levels[i]` (hundredths of the bet, each at most the cap): a
    /// number from 0 to 1. `aid` is [`ConditionalBaseGame::conditional_aid`] of `mode`.
    /// `chances` is as long as `levels`.
    fn base_game_chances<R: Rng + ?Sized>(
        &self,
        mode: Self::Mode,
        aid: &Self::Aid,
        levels: &[Win],
        rng: &mut R,
        chances: &mut [f64],
    );
}
