//! The free-spin feature (the rules, "Free spins"): the pick's spins, each landing a
//! new grid from the pick's reel sets; a landed grid without a win uses the pick's power once;
//! the multiplier carries over from spin to spin (+1 per tumble, at most x20); a full meter
//! adds the pick's extra spins (at most 20 in all); a clear pays 100 x bet; the cap ends it.

use crate::board::Board;
use crate::outcome::SRC_FREE;
use crate::pick::Pick;
use crate::spin::{MeterUse, Play, PowerPolicy};
use crate::tables::Tables;
use rand_core::Rng;
use slot_core::events::{AwardSource, Event, SpinKind};
use slot_core::recorder::Recorder;

/// Plays the free spins of a round with `pick`, after its base game.
pub(crate) fn play_free_spins<R: Rng + ?Sized, Rec: Recorder>(
    play: &mut Play<Rec>,
    tables: &Tables,
    pick: Pick,
    rng: &mut R,
) {
    let mut mult = begin_free_spins(play, pick);
    while free_spins_go_on(play) {
        free_spin(play, tables, pick, &mut mult, rng);
    }
}

/// Starts the free spins with `pick` (the pick's spins awarded, the meter emptied): draws
/// nothing. Returns the multiplier of the first free spin, x1.
pub(crate) fn begin_free_spins<Rec: Recorder>(play: &mut Play<Rec>, pick: Pick) -> u32 {
    play.meter = 0;
    play.meter_use = MeterUse::ExtraSpins(pick);
    play.free_spins_awarded = pick.initial_spins();
    play.rec.record(|| Event::Picked {
        pick: pick.princess(),
    });
    let spins = play.free_spins_awarded;
    play.rec.record(|| Event::FreeSpinsAwarded {
        spins,
        source: AwardSource::Pick,
        free_spins_left: spins,
    });
    1
}

/// True while a free spin is left and the cap is not reached.
#[inline(always)]
pub(crate) fn free_spins_go_on<Rec>(play: &Play<Rec>) -> bool {
    play.free_spins_played < play.free_spins_awarded && !play.ledger.capped()
}

/// Plays the next free spin at multiplier `*mult` (carried to the next): lands a grid from
/// the pick's reel sets and plays it to its end. Called only while [`free_spins_go_on`].
/// Inlined into [`play_free_spins`]'s loop, so the round plays as before it was a function;
/// the rare-event estimator steps through it one spin at a time (`crate::splitting`).
#[inline(always)]
pub(crate) fn free_spin<R: Rng + ?Sized, Rec: Recorder>(
    play: &mut Play<Rec>,
    tables: &Tables,
    pick: Pick,
    mult: &mut u32,
    rng: &mut R,
) {
    // Below `free_spins_awarded`, at most 20.
    play.free_spins_played += 1;
    let (number, left, m) = (
        play.free_spins_played,
        play.free_spins_awarded - play.free_spins_played,
        *mult,
    );
    play.rec.record(|| Event::SpinStart {
        spin: SpinKind::Free,
        number,
        free_spins_left: Some(left),
        multiplier: Some(m),
    });
    let mut g = Board::default();
    let landed = tables.free[pick.index()].land(rng, &mut g);
    play.record_landed(&g, landed);
    play.spin(
        tables,
        &mut g,
        PowerPolicy::OnLanding(pick.power()),
        SRC_FREE,
        mult,
        rng,
    );
}
