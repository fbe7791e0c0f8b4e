//! A round played as a chain of steps whose state can be copied: what a rare-event estimator
//! needs to split a round that comes close to a rare win (`slot_sim::rare`).
//!
//! Some rounds are, after their first part, a Markov chain: each step (a free spin, say)
//! draws afresh from the generator, and what the rest of the round does depends only on the
//! state the step left (the running win, the multiplier, the spins left ...), never on how
//! the round got there. Such a round can be **split**: when it comes close to a rare win it
//! is continued as several independent copies of its state, each with a generator of its own
//! and a share of its weight. [`SplittableGame`] is that capability: the first part of a
//! round up to the first state that may be copied ([`SplittableGame::start_split`]), one step
//! from a state ([`SplittableGame::step`]), and what a state shows (its running win, whether
//! the round is over, how close it is to a rare win).
//!
//! The contract that makes an estimator built on it unbiased: for every generator state,
//! [`SplittableGame::start_split`] and then [`SplittableGame::step`] until
//! [`SplittableGame::is_over`], all with the same generator, make the **same draws and the
//! same win** as [`Game::play_round`] in that mode. A game's tests check this round by round.
//! The state must hold everything the rest of the round depends on (the generator apart), so
//! a copy continued with a fresh generator is a round of the game from that state.
//!
//! Nothing here is on the hot path: `play_round` is untouched by a game's implementation
//! (which may share the step's code with it, inlined).

use crate::game::Game;
use crate::money::Win;
use rand_core::Rng;

/// Where a round stands after its first part ([`SplittableGame::start_split`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Start<S> {
    /// The round is over already: its win after the cap (hundredths of the bet).
    Over(Win),
    /// The round goes on from this state, one [`SplittableGame::step`] at a time.
    Going(S),
}

/// A game whose rounds can be split between steps ([the module docs](self)).
pub trait SplittableGame: Game {
    /// The state of a round between two steps: everything the rest of the round depends on,
    /// the generator apart. Cheap to copy (no allocation).
    type State: Clone + Send;

    /// Plays the first part of a round in `mode` (for a game with a feature: its base game
    /// and the feature's start), as [`Game::play_round`] plays it with the same generator, up
    /// to the first state that may be copied.
    fn start_split<R: Rng + ?Sized>(&self, mode: Self::Mode, rng: &mut R) -> Start<Self::State>;

    /// Plays one step from `state` (for a feature: one free spin), as [`Game::play_round`]
    /// plays it. Called only while [`SplittableGame::is_over`] is false; after the round is
    /// over it changes nothing.
    fn step<R: Rng + ?Sized>(&self, state: &mut Self::State, rng: &mut R);

    /// True if the round is over (no step left, or the cap reached).
    fn is_over(state: &Self::State) -> bool;

    /// The round's win so far, after the cap (hundredths of the bet); the round's win once it
    /// is over.
    fn running_win(state: &Self::State) -> Win;

    /// How close the state is to a large win, in the game's own units (the game's docs say
    /// which): the estimator splits a round when this passes one of its levels. Any function
    /// of the state keeps the estimate unbiased; a good one (one that rises as the chance of
    /// the rare win rises) makes it precise. The default is the running win in hundredths.
    fn importance(state: &Self::State) -> u64 {
        Self::running_win(state).hundredths()
    }

    /// What [`SplittableGame::importance`] measures, in a few words, for records and reports.
    const IMPORTANCE: &'static str = "running win (hundredths of the bet)";
}
