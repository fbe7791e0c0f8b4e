//! The round flow (the rules, "Tumble", "Multipliers", "Scatters and free
//! spins", "Ante bet", "Cap").
//!
//! A round: the paid spin's tumble sequence (wins removed, the rest falls, new cells drawn
//! from above, until no win), its Multipliers applied to the sequence's symbol wins, its
//! Scatters paid and, with 4 or more, 15 free spins. Each free spin is a tumble sequence with
//! the running multiplier; 3 or more Scatters add 5 spins. The 5,000x cap ends the round the
//! moment the running total reaches it.
//!
//! Where new cells come from is [`crate::cells`], one spin's tumble sequence
//! [`crate::spin`], the free spins [`crate::free_spins`]; the outcome ([`crate::outcome`])
//! and the fixed rules ([`crate::rules`]) are re-exported here.

use crate::cells::{CellCodes, CellSource, GridFirst, RngCells, Table, land};
use crate::events::grid_text;
use crate::free_spins::play_free_spins;
use crate::math_model::{MathModel, ModelError, Tables};
use crate::outcome::{RoundLedger, SRC_SCATTER, SRC_SPIN, SRC_TUMBLES, X500};
use crate::spin::{Sequence, pay_scatters, record_sequence_end, tumble};
use crate::symbols::{ScGrid, multiplier_sum};
use rand_core::Rng;
use slot_core::events::{Event, SpinKind};
use slot_core::fingerprint::Fingerprint;
use slot_core::ledger::Payment;
use slot_core::money::Win;
use slot_core::recorder::{NoRecorder, Recorder};

pub use crate::outcome::{AWARDS, FEATURES, RoundOutcome, SOURCES};
pub use crate::rules::{
    ANTE_STAKE_LADDER, BET_LADDER, BetMode, CAP, FREE_SPINS, RETRIGGER_SCATTERS, RETRIGGER_SPINS,
    TRIGGER_SCATTERS,
};

/// The game with its math model: plays rounds and evaluates grids.
#[derive(Clone, Debug)]
pub struct StarlightChristmas {
    tables: Tables,
    codes: CellCodes,
    fingerprint: Fingerprint,
    model: MathModel,
}

impl Default for StarlightChristmas {
    fn default() -> Self {
        Self::standard()
    }
}

impl StarlightChristmas {
    /// The game with a math model.
    ///
    /// # Errors
    /// [`ModelError`] if a weight table is unusable.
    pub fn new(model: &MathModel) -> Result<Self, ModelError> {
        let tables = Tables::new(model)?;
        Ok(StarlightChristmas {
            codes: CellCodes::new(&tables),
            tables,
            fingerprint: model.fingerprint(),
            model: model.clone(),
        })
    }

    /// The cells of this game's tables drawn with `rng` after the bits `pool` holds.
    #[inline(always)]
    pub(crate) fn cells_with<'a, R: Rng + ?Sized>(
        &'a self,
        rng: &'a mut R,
        pool: slot_core::bit_draws::BitPool,
    ) -> RngCells<'a, R> {
        RngCells::with_pool(&self.tables, &self.codes, rng, pool)
    }

    /// The math model the game was built from.
    pub fn model(&self) -> &MathModel {
        &self.model
    }

    /// The fingerprint of the math model the game was built from
    /// ([`MathModel::fingerprint`]).
    pub fn fingerprint(&self) -> slot_core::fingerprint::Fingerprint {
        self.fingerprint
    }

    /// The model's tables, ready to draw from.
    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    /// New cells of the model's tables drawn with `rng`, from an empty pool of bits (as a
    /// round's first draw).
    pub(crate) fn cells<'a, R: Rng + ?Sized>(&'a self, rng: &'a mut R) -> RngCells<'a, R> {
        RngCells::new(&self.tables, &self.codes, rng)
    }

    /// The game with the standard (shipped) math model, for both bet modes.
    pub fn standard() -> Self {
        Self::new(&MathModel::standard()).expect("the shipped model is valid (tested)")
    }

    /// Plays one round in `mode` with generator `rng`, reporting events to `rec`.
    ///
    /// The round is a pure function of the model, the mode and the generator's state.
    /// Wins are in hundredths of the base bet; multiply by the base bet with
    /// [`slot_core::money::Bet::payout`] (the ladder makes that whole cents). Never panics.
    /// The events' `paid` amounts add up to [`RoundOutcome::win`].
    pub fn play_round<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        mode: BetMode,
        rng: &mut R,
        rec: &mut Rec,
    ) -> RoundOutcome {
        rec.record(|| Event::RoundStart {
            game: crate::GAME_ID,
            mode: mode.stake_mode(),
            model: self.fingerprint,
        });
        Self::play_with(
            mode,
            &mut RngCells::new(&self.tables, &self.codes, rng),
            rec,
        )
    }

    /// The round, with new cells taken from `src` (everything after `round_start`).
    pub(crate) fn play_with<S: CellSource, Rec: Recorder>(
        mode: BetMode,
        src: &mut S,
        rec: &mut Rec,
    ) -> RoundOutcome {
        let mut ledger = RoundLedger::with_cap(CAP);
        let mut out = RoundOutcome::default();
        let mut grid = ScGrid::empty();
        if Self::base_game_with(mode, &mut grid, &mut ledger, &mut out, src, rec) {
            out.free_spins_triggered = true;
            src.start_free_spins();
            play_free_spins(&mut grid, &mut ledger, &mut out, src, rec);
        }
        Self::finish(ledger, out, rec)
    }

    /// The base game of a round: the paid spin's sequence, its pay and the Scatter pay.
    /// Returns whether it triggered the free spins (4 or more Scatters, the cap not reached).
    pub(crate) fn base_game_with<S: CellSource, Rec: Recorder>(
        mode: BetMode,
        grid: &mut ScGrid,
        ledger: &mut RoundLedger,
        out: &mut RoundOutcome,
        src: &mut S,
        rec: &mut Rec,
    ) -> bool {
        let base_table = match mode {
            BetMode::Standard => Table::Base,
            BetMode::Ante => Table::AnteBase,
        };
        rec.record(|| Event::SpinStart {
            spin: SpinKind::Paid,
            number: 1,
            free_spins_left: None,
            multiplier: None,
        });
        // Without a record, a quiet grid ends the spin here: no win, no Scatter pay, no
        // Multiplier, no trigger (everything the rest of the spin would find).
        if rec.is_recording() {
            land(grid, base_table, src);
        } else if src.land_quiet(base_table, grid) {
            return false;
        }
        rec.record(|| Event::Landed {
            grid: grid_text(grid),
            reel_set: None,
            stops: None,
            stars: None,
        });
        let seq = tumble(grid, base_table, Win::ZERO, src, rec);
        // Multipliers are never removed within a sequence: its last grid holds every one
        // that landed in it.
        out.x500_multipliers[0] =
            out.x500_multipliers[0].saturating_add(grid.plane(X500).count_ones());
        Self::settle_base(grid, &seq, ledger, out, rec);
        if ledger.capped() {
            return false;
        }
        let n = pay_scatters(grid, SRC_SCATTER, ledger, rec);
        !ledger.capped() && n >= TRIGGER_SCATTERS
    }

    /// The round's outcome from its ledger: win, cap and sources, with `cap_reached` and
    /// `round_end` recorded.
    fn finish<Rec: Recorder>(
        ledger: RoundLedger,
        mut out: RoundOutcome,
        rec: &mut Rec,
    ) -> RoundOutcome {
        out.win = ledger.total();
        out.capped = ledger.capped();
        out.by_source = *ledger.by_source();
        if out.capped {
            rec.record(|| Event::CapReached { win: CAP.limit });
        }
        rec.record(|| Event::RoundEnd {
            win: out.win,
            capped: out.capped,
        });
        out
    }

    /// The base game of a round in `mode` drawn with `rng` (the same draws as the start of
    /// [`StarlightChristmas::play_round`]), up to where the free spins would start: its win
    /// (hundredths of the base bet), whether it triggered the free spins, whether it reached
    /// the cap. For the split estimate ([`slot_core::game::SplitGame`]).
    pub fn play_base_game<R: Rng + ?Sized>(
        &self,
        mode: BetMode,
        rng: &mut R,
    ) -> slot_core::game::BaseGame {
        let mut src = RngCells::new(&self.tables, &self.codes, rng);
        let mut ledger = RoundLedger::with_cap(CAP);
        let mut out = RoundOutcome::default();
        let mut grid = ScGrid::empty();
        let triggered = Self::base_game_with(
            mode,
            &mut grid,
            &mut ledger,
            &mut out,
            &mut src,
            &mut NoRecorder,
        );
        slot_core::game::BaseGame {
            win: ledger.total().hundredths(),
            triggered,
            capped: ledger.capped(),
        }
    }

    /// The 15 free spins alone, drawn with `rng`, as after a base game that won nothing (the
    /// same in both bet modes; capped at 5,000 x on their own). For the split estimate.
    pub fn play_free_spins_alone<R: Rng + ?Sized>(&self, rng: &mut R) -> RoundOutcome {
        let mut src = RngCells::new(&self.tables, &self.codes, rng);
        let mut ledger = RoundLedger::with_cap(CAP);
        let mut out = RoundOutcome {
            free_spins_triggered: true,
            ..RoundOutcome::default()
        };
        let mut grid = ScGrid::empty();
        play_free_spins(&mut grid, &mut ledger, &mut out, &mut src, &mut NoRecorder);
        Self::finish(ledger, out, &mut NoRecorder)
    }

    /// Pays the base sequence: its symbol wins x the sum of the Multipliers on the final grid
    /// (x1 without). The landed grid's wins go to the "base spin" source, the rest to "base
    /// tumbles". A sequence whose symbol wins alone reached the cap is paid without
    /// multiplying (the cap is paid either way).
    fn settle_base<Rec: Recorder>(
        grid: &ScGrid,
        seq: &Sequence,
        ledger: &mut RoundLedger,
        out: &mut RoundOutcome,
        rec: &mut Rec,
    ) {
        if seq.total.is_zero() {
            return;
        }
        let m = multiplier_sum(grid);
        let applied = if seq.capped { 1 } else { m.max(1) };
        let win = seq.total.times(u64::from(applied));
        let first = seq.first.times(u64::from(applied));
        let rest = Win::from_hundredths(win.hundredths() - first.hundredths());
        let a = ledger.pay(SRC_SPIN, first);
        let b = ledger.pay(SRC_TUMBLES, rest);
        let paid = a.paid + b.paid;
        let uncapped = (paid < win).then_some(win);
        if m > 0 && !seq.capped {
            out.base_multiplier_win = paid;
        }
        record_sequence_end(rec, seq.total, m, applied, Payment { paid, uncapped });
    }

    /// Plays a round whose paid spin lands `grid` instead of a drawn grid; every later cell
    /// (refills, free-spin grids) is drawn with `rng`, so the round goes on as any round
    /// would from that grid. For watching a chosen grid (the round viewer) and analysis; the
    /// log is a whole round's (`round_start` ... `round_end`) and reconciles. A grid with an
    /// empty cell lands a Scatter there (a grid from [`crate::symbols::parse_grid`] has none).
    pub fn play_grid<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        mode: BetMode,
        rng: &mut R,
        rec: &mut Rec,
        grid: &ScGrid,
    ) -> RoundOutcome {
        rec.record(|| Event::RoundStart {
            game: crate::GAME_ID,
            mode: mode.stake_mode(),
            model: self.fingerprint,
        });
        let mut src = GridFirst::new(grid, RngCells::new(&self.tables, &self.codes, rng));
        Self::play_with(mode, &mut src, rec)
    }
}
