//! Starlight Christmas's rounds split between free spins
//! ([`slot_core::splitting::SplittableGame`]): what the rare-event estimator
//! (`slot_sim::rare`) copies to reach the 5,000 x cap often.
//!
//! The free spins are a Markov chain between spins: each free spin lands a fresh grid from the
//! free-spin table and tumbles it, and what it pays and awards depends only on the round's
//! state when it starts: the ledger (the running win by source, under the cap), the running
//! multiplier, the free spins left, and the bits left of the last generator word drawn (a
//! cell takes 12 or 20 bits of a 64-bit word, so a free spin may start inside a word the spin
//! before began: decision 10 of the crate). The bet mode plays no part once the free spins
//! started (both modes play the same free spins). [`FeatureState`] holds exactly that (and
//! the round's counters); a copy continued with a fresh generator is a round of the game from
//! there. The copies of a state share the bits it holds, which are uniform and independent of
//! everything drawn before them, so each copy alone is a round of the game from the state
//! (what keeps the estimator unbiased); only the copies' first few cells are alike.
//!
//! [`SplittableGame::start_split`] plays the base game (the paid spin's tumbles, its
//! Multipliers and Scatter pay: the same code as [`StarlightChristmas::play_round`]) and, if 4
//! or more Scatters triggered the free spins, starts them (the bits of the base game's last
//! word dropped, as the round drops them); [`SplittableGame::step`] plays one free spin (the
//! same inlined function as the round's loop). So with one generator throughout, the split
//! path makes the same draws and pays the same win as `play_round` (tests/splitting.rs checks
//! it round by round, in both modes), and a round that is never split is the simulator's round.
//!
//! The importance of a state is its running win (the default): the base game's win plus the
//! free spins' so far, hundredths of the bet.

use crate::cells::CellSource;
use crate::free_spins::{Spins, begin_free_spins, free_spin};
use crate::outcome::{RoundLedger, RoundOutcome};
use crate::round::{CAP, StarlightChristmas};
use crate::rules::BetMode;
use crate::symbols::ScGrid;
use rand_core::Rng;
use slot_core::bit_draws::BitPool;
use slot_core::money::Win;
use slot_core::recorder::NoRecorder;
use slot_core::splitting::{SplittableGame, Start};

/// A Starlight Christmas round between two free spins: the ledger, the round's counters, the
/// free spins left, the running multiplier and the generator bits left over. Opaque; a copy
/// is a few hundred bytes, no allocation.
#[derive(Clone)]
pub struct FeatureState {
    grid: ScGrid,
    ledger: RoundLedger,
    out: RoundOutcome,
    spins: Spins,
    pool: BitPool,
    ended: bool,
}

impl FeatureState {
    /// The running multiplier the next winning free spin with Multipliers adds to (0 until
    /// one has; it is applied after the addition).
    pub fn running_multiplier(&self) -> u32 {
        self.spins.running
    }

    /// Free spins left to play (0 once the round is over, and after the cap).
    pub fn spins_left(&self) -> u32 {
        if self.is_done() { 0 } else { self.spins.left }
    }

    /// Free spins played so far.
    pub fn spins_played(&self) -> u32 {
        self.out.free_spins_played
    }

    /// x500 Multipliers seen so far on the final grids of the round's tumble sequences: the
    /// paid spin's, and the free spins' (the counts of
    /// [`RoundOutcome::x500_multipliers`]).
    pub fn x500_multipliers(&self) -> [u32; 2] {
        self.out.x500_multipliers
    }

    fn is_done(&self) -> bool {
        self.ended || self.spins.left == 0 || self.ledger.capped()
    }
}

impl std::fmt::Debug for FeatureState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FeatureState")
            .field("win", &self.ledger.total())
            .field("running_multiplier", &self.spins.running)
            .field("left", &self.spins.left)
            .field("played", &self.out.free_spins_played)
            .field("capped", &self.ledger.capped())
            .finish()
    }
}

impl SplittableGame for StarlightChristmas {
    type State = FeatureState;

    /// The base game in `mode`; a round with 4 or more Scatters (the cap not reached) goes on
    /// into its 15 free spins.
    fn start_split<R: Rng + ?Sized>(&self, mode: BetMode, rng: &mut R) -> Start<FeatureState> {
        let mut src = self.cells_with(rng, BitPool::new());
        let mut ledger = RoundLedger::with_cap(CAP);
        let mut out = RoundOutcome::default();
        let mut grid = ScGrid::empty();
        if !Self::base_game_with(
            mode,
            &mut grid,
            &mut ledger,
            &mut out,
            &mut src,
            &mut NoRecorder,
        ) {
            return Start::Over(ledger.total());
        }
        out.free_spins_triggered = true;
        src.start_free_spins();
        let spins = begin_free_spins(&mut NoRecorder);
        Start::Going(FeatureState {
            grid,
            ledger,
            out,
            spins,
            pool: src.pool(),
            ended: false,
        })
    }

    /// One free spin.
    fn step<R: Rng + ?Sized>(&self, state: &mut FeatureState, rng: &mut R) {
        if state.is_done() {
            return;
        }
        let mut src = self.cells_with(rng, state.pool);
        let going = free_spin(
            &mut state.grid,
            &mut state.ledger,
            &mut state.out,
            &mut state.spins,
            &mut src,
            &mut NoRecorder,
        );
        state.pool = src.pool();
        state.ended = !going;
    }

    fn is_over(state: &FeatureState) -> bool {
        state.is_done()
    }

    fn running_win(state: &FeatureState) -> Win {
        state.ledger.total()
    }
}
