//! The free spins (the rules, "Scatters and free spins"; the crate's decisions 4 to 6): 15
//! spins, 5 more for 3 or more Scatters, and the running multiplier.

use crate::cells::{CellSource, Table, land};
use crate::events::grid_text;
use crate::outcome::{RoundLedger, RoundOutcome, SRC_FREE, X500};
use crate::rules::{FREE_SPINS, RETRIGGER_SCATTERS, RETRIGGER_SPINS};
use crate::spin::{pay_scatters, record_sequence_end, tumble};
use crate::symbols::{ScGrid, multiplier_sum};
use slot_core::events::{AwardSource, Event, SpinKind};
use slot_core::recorder::Recorder;

/// Plays the free spins until none are left or the cap is reached. Each spin lands in
/// `grid` (the base game's, done with by then).
pub(crate) fn play_free_spins<S: CellSource, Rec: Recorder>(
    grid: &mut ScGrid,
    ledger: &mut RoundLedger,
    out: &mut RoundOutcome,
    src: &mut S,
    rec: &mut Rec,
) {
    let mut spins = begin_free_spins(rec);
    while spins.left > 0 && !ledger.capped() {
        if !free_spin(grid, ledger, out, &mut spins, src, rec) {
            break;
        }
    }
    out.running_multiplier = spins.running;
}

/// Where the free spins stand between two spins: the spins left and the running multiplier
/// (the rest of the round's state is its ledger and outcome).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spins {
    /// Free spins left to play.
    pub(crate) left: u32,
    /// The running multiplier (0 until a winning spin lands Multipliers).
    pub(crate) running: u32,
}

/// The free spins start: 15 awarded (recorded), the running multiplier at 0.
#[inline(always)]
pub(crate) fn begin_free_spins<Rec: Recorder>(rec: &mut Rec) -> Spins {
    let left = FREE_SPINS;
    rec.record(|| Event::FreeSpinsAwarded {
        spins: FREE_SPINS,
        source: AwardSource::Scatter,
        free_spins_left: left,
    });
    Spins { left, running: 0 }
}

/// Plays one free spin (one is left, the cap not reached): its landing, tumbles and pay with
/// the running multiplier, its Scatter pay and retrigger. Returns false if the round ended in
/// it (the cap reached). The body of [`play_free_spins`]'s loop, and the step of the split
/// path (`crate::splitting`): one code for both, inlined into each.
#[inline(always)]
pub(crate) fn free_spin<S: CellSource, Rec: Recorder>(
    grid: &mut ScGrid,
    ledger: &mut RoundLedger,
    out: &mut RoundOutcome,
    spins: &mut Spins,
    src: &mut S,
    rec: &mut Rec,
) -> bool {
    let table = Table::FreeSpins;
    // The running multiplier rises only on a spin that wins (at least 0.01 x bet) and is
    // applied at once to that win: a value of 500,000 or more would reach the 5,000 x cap
    // and end the round, so before its last rise it is below 500,000 and after it below
    // 500,000 + 15,000 (a grid's Multipliers add at most 30 x 500); `saturating_add`
    // never saturates. The spin counts have no such bound (retriggers need no win):
    // 2^32 free spins in one round never come from a fair generator, and the counts
    // saturate so that a broken one cannot wrap them (one instruction per spin).
    spins.left -= 1;
    let left = spins.left;
    out.free_spins_played = out.free_spins_played.saturating_add(1);
    let number = out.free_spins_played;
    rec.record(|| Event::SpinStart {
        spin: SpinKind::Free,
        number,
        free_spins_left: Some(left),
        multiplier: None,
    });
    land(grid, table, src);
    rec.record(|| Event::Landed {
        grid: grid_text(grid),
        reel_set: None,
        stops: None,
        stars: None,
    });
    let seq = tumble(grid, table, ledger.total(), src, rec);
    out.x500_multipliers[1] = out.x500_multipliers[1].saturating_add(grid.plane(X500).count_ones());
    let m = multiplier_sum(grid);
    if seq.capped {
        let p = ledger.pay(SRC_FREE, seq.total);
        record_sequence_end(rec, seq.total, m, 1, p);
        return false;
    }
    if !seq.total.is_zero() {
        let applied = if m > 0 {
            spins.running = spins.running.saturating_add(m);
            let value = spins.running;
            rec.record(|| Event::RunningMultiplier { value });
            value
        } else {
            1
        };
        let p = ledger.pay(SRC_FREE, seq.total.times(u64::from(applied)));
        record_sequence_end(rec, seq.total, m, applied, p);
        if ledger.capped() {
            return false;
        }
    }
    let n = pay_scatters(grid, SRC_FREE, ledger, rec);
    if ledger.capped() {
        return false;
    }
    if n >= RETRIGGER_SCATTERS {
        spins.left = spins.left.saturating_add(RETRIGGER_SPINS);
        let left = spins.left;
        out.retriggers = out.retriggers.saturating_add(1);
        rec.record(|| Event::FreeSpinsAwarded {
            spins: RETRIGGER_SPINS,
            source: AwardSource::Retrigger,
            free_spins_left: left,
        });
    }
    true
}
