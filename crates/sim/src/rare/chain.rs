//! A round as the estimator sees it: a start that ends the round or gives a state, steps
//! from a state, and what a state shows ([`Chain`]). [`GameChain`] is a
//! [`SplittableGame`] in one mode; a test's stress model implements [`Chain`] directly.

use slot_core::replay::SimRng;
use slot_core::splitting::{SplittableGame, Start};

/// A round as a chain of copyable states, as the estimator plays it. Wins and importances in
/// hundredths of the bet.
pub trait Chain: Sync {
    /// A round's state between two steps.
    type State: Clone + Send;
    /// The first part of a round ([`SplittableGame::start_split`]); an over round's win in
    /// hundredths.
    fn start(&self, rng: &mut SimRng) -> Start<Self::State>;
    /// One step ([`SplittableGame::step`]).
    fn step(&self, state: &mut Self::State, rng: &mut SimRng);
    /// True if the round is over.
    fn is_over(&self, state: &Self::State) -> bool;
    /// The round's win so far, hundredths of the bet.
    fn win(&self, state: &Self::State) -> u64;
    /// How close the state is to a large win, hundredths of the bet
    /// ([`SplittableGame::importance`]).
    fn importance(&self, state: &Self::State) -> u64;
}

/// A [`SplittableGame`] played in one mode.
#[derive(Clone, Copy, Debug)]
pub struct GameChain<'a, G: SplittableGame> {
    /// The game on its model.
    pub game: &'a G,
    /// The mode every round is played in.
    pub mode: G::Mode,
}

impl<G: SplittableGame> Chain for GameChain<'_, G> {
    type State = G::State;

    fn start(&self, rng: &mut SimRng) -> Start<G::State> {
        self.game.start_split(self.mode, rng)
    }

    fn step(&self, state: &mut G::State, rng: &mut SimRng) {
        self.game.step(state, rng);
    }

    fn is_over(&self, state: &G::State) -> bool {
        G::is_over(state)
    }

    fn win(&self, state: &G::State) -> u64 {
        G::running_win(state).hundredths()
    }

    fn importance(&self, state: &G::State) -> u64 {
        G::importance(state)
    }
}
