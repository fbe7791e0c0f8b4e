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
    let landing = &tables.free[pick.index()];
    let mut mult = 1u32;
    while play.free_spins_played < play.free_spins_awarded && !play.ledger.capped() {
        // Below `free_spins_awarded`, at most 20.
        play.free_spins_played += 1;
        let (number, left, m) = (
            play.free_spins_played,
            play.free_spins_awarded - play.free_spins_played,
            mult,
        );
        play.rec.record(|| Event::SpinStart {
            spin: SpinKind::Free,
            number,
            free_spins_left: Some(left),
            multiplier: Some(m),
        });
        let mut g = Board::default();
        let landed = landing.land(rng, &mut g);
        play.record_landed(&g, landed);
        play.spin(
            tables,
            &mut g,
            PowerPolicy::OnLanding(pick.power()),
            SRC_FREE,
            &mut mult,
            rng,
        );
    }
}
