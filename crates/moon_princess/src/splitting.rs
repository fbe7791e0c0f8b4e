//! Moon Princess's rounds split between free spins ([`slot_core::splitting::SplittableGame`]):
//! what the rare-event estimator (`slot_sim::rare`) copies to reach the 5,000 x cap often.
//!
//! The free spins are a Markov chain between spins: each free spin lands a fresh grid from the
//! pick's reel sets, and what it pays and awards depends only on the round's state when it
//! starts: the ledger (the running win by source, under the cap), the multiplier carried over,
//! the Girl Power meter, the free spins played and awarded, and the pick. [`FeatureState`]
//! holds exactly that; a copy continued with a fresh generator is a round of the game from
//! there.
//!
//! [`SplittableGame::start_split`] plays the base game (the paid spin and its Trinity spins,
//! the same code as [`MoonPrincess::play_round`]) and, if the grid cleared, starts the free
//! spins with the pick; [`SplittableGame::step`] plays one free spin (the same inlined
//! function as the round's loop). So with one generator throughout, the split path makes the
//! same draws and pays the same win as `play_round` (tests/splitting.rs checks it round by
//! round), and a round that is never split is the simulator's round.
//!
//! The importance of a state is its running win (the default): the base game's win plus the
//! free spins' so far, hundredths of the bet.

use crate::free_spins::{begin_free_spins, free_spin, free_spins_go_on};
use crate::pick::Pick;
use crate::round::MoonPrincess;
use crate::spin::Play;
use rand_core::Rng;
use slot_core::money::Win;
use slot_core::recorder::NoRecorder;
use slot_core::splitting::{SplittableGame, Start};

/// A Moon Princess round between two free spins: the ledger, the meter and counters, the
/// multiplier the next free spin starts at, and the pick. Opaque; a copy is a few dozen bytes.
#[derive(Clone)]
pub struct FeatureState {
    play: Play<NoRecorder>,
    pick: Pick,
    mult: u32,
}

impl FeatureState {
    /// The multiplier the next free spin starts at (x1 to x20).
    pub fn multiplier(&self) -> u32 {
        self.mult
    }

    /// Free spins left to play (0 once the round is over; at most 20).
    pub fn spins_left(&self) -> u32 {
        self.play
            .free_spins_awarded
            .saturating_sub(self.play.free_spins_played)
    }

    /// The pick the free spins are played with.
    pub fn pick(&self) -> Pick {
        self.pick
    }
}

impl std::fmt::Debug for FeatureState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FeatureState")
            .field("pick", &self.pick)
            .field("win", &self.play.ledger.total())
            .field("multiplier", &self.mult)
            .field("meter", &self.play.meter)
            .field("played", &self.play.free_spins_played)
            .field("awarded", &self.play.free_spins_awarded)
            .field("capped", &self.play.ledger.capped())
            .finish()
    }
}

impl SplittableGame for MoonPrincess {
    type State = FeatureState;

    /// The base game; a round whose grid cleared goes on into the free spins of `pick`.
    fn start_split<R: Rng + ?Sized>(&self, pick: Pick, rng: &mut R) -> Start<FeatureState> {
        match self.start(rng, NoRecorder) {
            Ok(done) => Start::Over(done.win),
            Err(base) => {
                let mut play = MoonPrincess::feature_play(base.base_game(), NoRecorder);
                let mult = begin_free_spins(&mut play, pick);
                Start::Going(FeatureState { play, pick, mult })
            }
        }
    }

    /// One free spin.
    fn step<R: Rng + ?Sized>(&self, state: &mut FeatureState, rng: &mut R) {
        if free_spins_go_on(&state.play) {
            free_spin(
                &mut state.play,
                self.tables(),
                state.pick,
                &mut state.mult,
                rng,
            );
        }
    }

    fn is_over(state: &FeatureState) -> bool {
        !free_spins_go_on(&state.play)
    }

    fn running_win(state: &FeatureState) -> Win {
        state.play.ledger.total()
    }
}
