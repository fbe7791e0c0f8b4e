//! One spin from its landed grid until it ends (the rules, "Tumble (no refill)",
//! "Girl Power meter", "The powers", "Free spins"): evaluate, pay (through the round's ledger,
//! so the cap trims the payment that reaches it), fill the meter, tumble, and again until no
//! win is left; then the clear check, and the power the spin's `PowerPolicy` allows, after
//! which tumbling goes on.
//!
//! `Play` is the state of a round in progress that its spins share: the ledger, the meter,
//! the counters, the recorder. The tumble sequence itself draws nothing, so the runner's `eval`
//! plays it without a generator (`Play::tumble_sequence`).

use crate::board::Board;
use crate::evaluate::{Evaluation, evaluate_found, evaluate_into};
use crate::events::cell_list;
use crate::features::{self, Power, PowerEffect, non_wild};
use crate::outcome::SRC_FREE;
use crate::pick::Pick;
use crate::symbols::{WILD, grid_text};
use crate::tables::{Landed, Tables};
use crate::{MAX_FREE_SPINS, MAX_MULTIPLIER};
use rand_core::Rng;
use slot_core::events::{AwardSource, Event, PayRule, PowerSource};
use slot_core::ledger::Ledger;
use slot_core::money::Win;
use slot_core::recorder::Recorder;
use slot_core::sampling::chance;

/// What clearing the grid in a free spin pays: 100 x total bet (hundredths), not multiplied.
pub const FREE_SPIN_CLEAR_PAY: Win = Win::from_hundredths(10_000);

/// How a spin ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SpinEnd {
    /// No win left and no power to use.
    NoWin,
    /// Only Wilds (or nothing) were left: the grid is clear.
    Cleared,
    /// The round reached the cap.
    Capped,
}

/// The powers a spin may use when it has no win left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PowerPolicy {
    /// Paid spin: a random power with the model's chance, at the first moment without a win.
    RandomOnce,
    /// Paid spin whose grid was found to land without a win and whose random power's chance
    /// was drawn and came (the unrecorded path, `MoonPrincess::start`): the spin begins with
    /// the power, as [`PowerPolicy::RandomOnce`] would after its first evaluation (no win),
    /// its clear check (25 cells, none a Wild: no clear) and the chance; no power after.
    RandomCame,
    /// Trinity spin: Love, Star, Storm, one at each moment without a win.
    Trinity,
    /// Free spin: the pick's power once, if the landed grid has no win.
    OnLanding(Power),
}

/// What a full Girl Power meter does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MeterUse {
    /// Base game: the meter stays full; a Trinity spin follows the spin.
    TrinitySpin,
    /// Free spins: the pick's extra spins at once (at most 20 in all); the meter empties.
    ExtraSpins(Pick),
    /// The runner's `eval` of a free-spin grid: the meter empties, nothing is added.
    EvalFreeSpin,
}

/// The state of a round in progress, shared by its spins.
#[derive(Clone)]
pub(crate) struct Play<Rec> {
    /// Where the events go.
    pub rec: Rec,
    /// Every payment, by source, under the cap.
    pub ledger: Ledger<3>,
    /// Girl Power sections, 0 to 3.
    pub meter: u8,
    /// The meter was full at some moment.
    pub meter_was_full: bool,
    /// What a full meter does.
    pub meter_use: MeterUse,
    /// The highest multiplier reached.
    pub max_multiplier: u32,
    /// Random powers used (0 or 1).
    pub random_powers: u32,
    /// What the paid spin won after its random power.
    pub random_power_win: Win,
    /// Trinity spins played.
    pub trinity_spins: u32,
    /// Free spins awarded (initial plus extra, at most 20).
    pub free_spins_awarded: u32,
    /// Free spins played.
    pub free_spins_played: u32,
    /// Free spins that cleared the grid.
    pub free_spin_clears: u32,
    /// What those clears paid.
    pub clear_win: Win,
}

impl<Rec: Recorder> Play<Rec> {
    /// A round's state before its paid spin, paying through `ledger`.
    pub(crate) fn new(rec: Rec, ledger: Ledger<3>) -> Self {
        Play {
            rec,
            ledger,
            meter: 0,
            meter_was_full: false,
            meter_use: MeterUse::TrinitySpin,
            max_multiplier: 1,
            random_powers: 0,
            random_power_win: Win::ZERO,
            trinity_spins: 0,
            free_spins_awarded: 0,
            free_spins_played: 0,
            free_spin_clears: 0,
            clear_win: Win::ZERO,
        }
    }

    /// Evaluates, pays at `*mult`, fills the meter and tumbles until `g` has no win; each
    /// tumble raises `*mult` by one, up to x20. Draws nothing. Returns whether anything won and
    /// whether the cap was reached (the sequence stops at the payment that reaches it).
    pub(crate) fn tumble_sequence(
        &mut self,
        g: &mut Board,
        mult: &mut u32,
        source: usize,
    ) -> (bool, bool) {
        let mut won = false;
        // One win list for the whole sequence, refilled by each evaluation.
        let mut ev = Evaluation::default();
        loop {
            // The win list only for the record; unrecorded, the sums are enough.
            let found = if self.rec.is_recording() {
                evaluate_into(g.planes(), &mut ev)
            } else {
                evaluate_found(g.planes())
            };
            if found.pay == 0 {
                return (won, false);
            }
            won = true;
            let m = *mult;
            if self.rec.is_recording() {
                if self.pay_each_win(&ev, m, source) {
                    return (true, true);
                }
            } else {
                // Unrecorded, the wins are paid as one payment: the ledger pays the same sum
                // and reaches the cap at the same sequence (a win pays more than 0, so the
                // sum reaches the cap exactly when one win's running total does). At most
                // 10 lines x 50 x bet x 20 = 10,000 x bet: a checked `Win` product.
                let raw = Win::from_hundredths(found.pay).times(u64::from(m));
                self.ledger.pay(source, raw);
                if self.ledger.capped() {
                    return (true, true);
                }
            }
            self.fill_meter(found.sections);
            features::tumble_on(g, found.cells, found.wilds);
            // The rule's ceiling: `*mult <= 20` before, so `+ 1` cannot overflow.
            *mult = (*mult + 1).min(MAX_MULTIPLIER);
            self.max_multiplier = self.max_multiplier.max(*mult);
            let nm = *mult;
            self.rec.record(|| Event::Tumble {
                removed: cell_list(found.cells),
                wilds: cell_list(found.wilds),
                multiplier: Some(nm),
                grid: grid_text(&g.grid()),
            });
        }
    }

    /// Pays the wins of `ev` one by one at multiplier `m`, recording each. Returns true if the
    /// cap was reached (the wins after the one that reached it are not paid).
    fn pay_each_win(&mut self, ev: &Evaluation, m: u32, source: usize) -> bool {
        for w in &ev.wins {
            // Checked `Win` product; at most 50 x bet (Wild-5) x 20 = 1,000 x bet per win
            // and 10 lines in a grid (tests/rules.rs
            // `eval_reports_the_win_before_and_after_the_cap`: 25 Wilds at x20).
            let raw = Win::from_hundredths(w.pay).times(u64::from(m));
            let p = self.ledger.pay(source, raw);
            self.rec.record(|| Event::Win {
                symbol: w.class.code().to_string(),
                pays: PayRule::Line,
                cells: cell_list(w.cells),
                count: u32::from(w.len),
                line: Some(w.line),
                ways: None,
                pay: Win::from_hundredths(w.pay),
                multiplier: Some(m),
                paid: Some(p.paid),
                uncapped: p.uncapped,
            });
            if self.ledger.capped() {
                return true;
            }
        }
        false
    }

    /// Adds an evaluation's princess sections to the meter (at most 3; the excess is lost)
    /// and applies a full meter as [`Play::meter_use`] says.
    fn fill_meter(&mut self, sections: u32) {
        if sections == 0 {
            return;
        }
        // `meter <= 3` and at most 10 princess wins x 3 sections: no overflow; 3 is the rule.
        let filled = (u32::from(self.meter) + sections).min(3) as u8;
        self.meter = filled;
        self.rec.record(|| Event::Meter { sections: filled });
        if filled < 3 {
            return;
        }
        self.meter_was_full = true;
        match self.meter_use {
            MeterUse::TrinitySpin => {}
            MeterUse::EvalFreeSpin => self.meter = 0,
            MeterUse::ExtraSpins(pick) => {
                let before = self.free_spins_awarded;
                // At most 20 in all (the rule's ceiling): `before <= 20`, no overflow.
                self.free_spins_awarded = (before + pick.extra_spins()).min(MAX_FREE_SPINS);
                self.meter = 0;
                let added = self.free_spins_awarded - before;
                let left = self.free_spins_awarded - self.free_spins_played;
                self.rec.record(|| Event::FreeSpinsAwarded {
                    spins: added,
                    source: AwardSource::Meter,
                    free_spins_left: left,
                });
            }
        }
    }

    /// The clear check once no win is left: if only Wilds (or nothing) remain, the princess
    /// removes them, the grid is clear, and a free spin's clear pays 100 x bet (not
    /// multiplied; up to the cap). Returns true if the grid cleared.
    pub(crate) fn clear_check(&mut self, g: &mut Board, source: usize) -> bool {
        if non_wild(g) != 0 {
            return false;
        }
        g.remove(g.plane(WILD));
        if source == SRC_FREE {
            let p = self.ledger.pay(SRC_FREE, FREE_SPIN_CLEAR_PAY);
            // At most one clear per free spin (at most 20); `clear_win` is a checked `Win`
            // under the cap.
            self.free_spin_clears += 1;
            self.clear_win += p.paid;
            self.rec.record(|| Event::GridCleared {
                paid: p.paid,
                uncapped: p.uncapped,
            });
        } else {
            self.rec.record(|| Event::GridCleared {
                paid: Win::ZERO,
                uncapped: None,
            });
        }
        true
    }

    /// Plays a landed grid `g` to the end of its spin: tumble sequences, the clear check, and
    /// the powers `policy` allows, each followed by tumbling again.
    pub(crate) fn spin<R: Rng + ?Sized>(
        &mut self,
        tables: &Tables,
        g: &mut Board,
        policy: PowerPolicy,
        source: usize,
        mult: &mut u32,
        rng: &mut R,
    ) -> SpinEnd {
        let mut first = true;
        let mut random_tried = false;
        let mut trinity_next = 0usize;
        let mut power_mark: Option<Win> = None;
        if policy == PowerPolicy::RandomCame {
            (first, random_tried) = (false, true);
            power_mark = Some(self.random_power_comes(tables, g, rng));
        }
        let end = loop {
            let (won, capped) = self.tumble_sequence(g, mult, source);
            if capped {
                break SpinEnd::Capped;
            }
            let landed_without_win = first && !won;
            first = false;
            if self.clear_check(g, source) {
                break if self.ledger.capped() {
                    SpinEnd::Capped
                } else {
                    SpinEnd::Cleared
                };
            }
            let (power, why) = match policy {
                PowerPolicy::RandomOnce if !random_tried => {
                    random_tried = true;
                    let (n, d) = tables.random_power_chance;
                    if !chance(rng, n, d) {
                        break SpinEnd::NoWin;
                    }
                    power_mark = Some(self.random_power_comes(tables, g, rng));
                    continue;
                }
                PowerPolicy::Trinity if trinity_next < 3 => {
                    let p = [Power::Love, Power::Star, Power::Storm][trinity_next];
                    trinity_next += 1;
                    (p, PowerSource::Trinity)
                }
                PowerPolicy::OnLanding(p) if landed_without_win => (p, PowerSource::FreeSpin),
                _ => break SpinEnd::NoWin,
            };
            self.use_power(tables, g, power, why, rng);
        };
        if let Some(mark) = power_mark {
            self.random_power_win =
                Win::from_hundredths(self.ledger.total().hundredths() - mark.hundredths());
        }
        end
    }

    /// The paid spin's random power came: draws which power and uses it on `g`. Returns the
    /// round's total before it (what the spin wins after it is measured from there). The
    /// power's effect is out of line ([`Play::use_power`]).
    fn random_power_comes<R: Rng + ?Sized>(
        &mut self,
        tables: &Tables,
        g: &mut Board,
        rng: &mut R,
    ) -> Win {
        self.random_powers += 1;
        let mark = self.ledger.total();
        let power = *tables.random_power.sample(rng);
        self.use_power(tables, g, power, PowerSource::Random, rng);
        mark
    }

    /// Uses `power` on `g` (the Star power's 1 or 2 Wilds drawn first) and records its effect.
    /// Out of line: a power follows about one spin in ten, and the spin's loop stays small
    /// without it.
    #[inline(never)]
    fn use_power<R: Rng + ?Sized>(
        &mut self,
        tables: &Tables,
        g: &mut Board,
        power: Power,
        why: PowerSource,
        rng: &mut R,
    ) {
        let k = if power == Power::Star {
            *tables.star_wilds.sample(rng)
        } else {
            1
        };
        if let Some(effect) = features::apply(power, g, k, rng) {
            self.record_power(power, why, effect, g);
        }
    }

    /// Records a landed grid with its reel set and stops.
    pub(crate) fn record_landed(&mut self, g: &Board, landed: Landed) {
        self.rec.record(|| Event::Landed {
            grid: grid_text(&g.grid()),
            reel_set: Some(landed.set),
            stops: Some(landed.stops.to_vec()),
            stars: None,
        });
    }

    /// Records a power's effect.
    fn record_power(&mut self, power: Power, source: PowerSource, effect: PowerEffect, g: &Board) {
        self.rec.record(|| {
            let (from, to, symbols, cells) = match effect {
                PowerEffect::Love { from, to, cells } => (
                    Some(from.text().to_string()),
                    Some(to.text().to_string()),
                    Vec::new(),
                    cells,
                ),
                PowerEffect::Star { cells } => (None, None, Vec::new(), cells),
                PowerEffect::Storm { a, b, cells } => (
                    None,
                    None,
                    std::iter::once(a)
                        .chain(b)
                        .map(|s| s.text().to_string())
                        .collect(),
                    cells,
                ),
            };
            Event::Power {
                power: power.princess(),
                source,
                from,
                to,
                symbols,
                cells: cell_list(cells),
                grid: grid_text(&g.grid()),
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CAP;
    use crate::outcome::SRC_BASE;
    use crate::symbols::parse_grid;
    use slot_core::recorder::{EventLog, NoRecorder};

    /// A tumble sequence played with a record (each win paid on its own, the list path) and
    /// without (the wins' sum paid at once) ends the same, for every room left under the cap
    /// from 1 hundredth to more than the sequence wins: the same total, cap, meter, multiplier
    /// and grid. The grid's first evaluation has several wins (Wilds make runs in many
    /// classes), so the cap falls inside a win list as well as between evaluations.
    #[test]
    fn paying_the_sum_caps_as_paying_each_win() {
        let grid =
            parse_grid("W W W pr pr/pr pb pg W ci/W ci ci ci be/he W he he st/pr pr W pr pb")
                .unwrap();
        // What the whole sequence wins uncapped at x3, and its running total after each win.
        let mut log = EventLog::default();
        let mut free = Play::new(&mut log, Ledger::uncapped());
        let (mut b, mut m) = (Board::of(&grid), 3);
        free.tumble_sequence(&mut b, &mut m, SRC_BASE);
        let whole = free.ledger.total().hundredths();
        let mut running = vec![];
        for e in &log.events {
            if let Event::Win { paid: Some(p), .. } = e {
                running.push(running.last().unwrap_or(&0) + p.hundredths());
            }
        }
        assert!(running.len() >= 6, "{} wins", running.len());
        assert_eq!(running.last(), Some(&whole));
        // Rooms on each side of every running total, and a spread between.
        let mut rooms: Vec<u64> = running.iter().flat_map(|&t| [t - 1, t, t + 1]).collect();
        let mut room = 1;
        while room <= whole + 10 {
            rooms.push(room);
            room += 1 + room / 7;
        }
        let mut tried = 0;
        for room in rooms {
            let start = CAP.limit.hundredths() - room;
            let ledger = || {
                let mut l = Ledger::with_cap(CAP);
                l.pay(SRC_BASE, Win::from_hundredths(start));
                l
            };
            let mut log = EventLog::default();
            let mut rec = Play::new(&mut log, ledger());
            let mut quiet = Play::new(NoRecorder, ledger());
            let (mut g1, mut m1) = (Board::of(&grid), 3);
            let (mut g2, mut m2) = (Board::of(&grid), 3);
            let r1 = rec.tumble_sequence(&mut g1, &mut m1, SRC_BASE);
            let r2 = quiet.tumble_sequence(&mut g2, &mut m2, SRC_BASE);
            assert_eq!(r1, r2, "room {room}");
            assert_eq!(r1.1, room <= whole, "room {room}");
            assert_eq!(rec.ledger, quiet.ledger, "room {room}");
            assert_eq!(
                (rec.meter, rec.meter_was_full),
                (quiet.meter, quiet.meter_was_full)
            );
            assert_eq!(
                (m1, rec.max_multiplier),
                (m2, quiet.max_multiplier),
                "room {room}"
            );
            assert_eq!(g1, g2, "room {room}");
            tried += 1;
        }
        assert!(tried > 60, "{tried} rooms");
    }
}
