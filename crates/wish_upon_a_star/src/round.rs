//! The round: the paid spin, gift bonus wins, free spins and Lock & Spin
//! (`wish_upon_a_star.md`, "Gift bonus wins", "Free spins", "Lock & Spin jackpot feature").
//!
//! # Order within a spin (and of its random draws)
//! 1. The five stops, reel 1 first; then the value of every Star on the grid, row-major.
//! 2. The spin's own paytable wins (ways, then the scatter pay), doubled in free spins; with
//!    3 Bonus, 10 free spins.
//! 3. Gift bonus wins: reel 2 first, then reel 4 (one weighted draw each), never doubled.
//! 4. Lock & Spin, if 6 or more Stars are on the grid; its respins draw each empty cell in
//!    row-major order (a Star's value right after it lands).
//!
//! The base spin comes first, then the free spins one by one until none are left.

use crate::evaluate::{SpinEvaluation, evaluate};
use crate::events::{Event, FreeSpinsSource, SpinKind};
use crate::math_model::{
    FREE_SPINS_AWARD, GRAND, GiftPrize, MathModel, ModelError, RESPINS, StarValue,
};
use crate::symbols::{CELLS, CODES, GridInputError, REELS, ROWS, SHAPE, STAR, WishGrid};
use rand_core::Rng;
use slot_core::grid::{Mask, cells_of};
use slot_core::money::Win;
use slot_core::recorder::Recorder;
use slot_core::sampling::{ReelStrip, chance};
use slot_core::stats::RoundSummary;

/// Names of the RTP sources, by index of [`RoundOutcome::by_source`]: base-game ways wins,
/// the base-game scatter pay, paytable wins in free spins (doubled), gift bonus wins (base and
/// free spins), Lock & Spin (Star values, jackpots and Grand; base and free spins).
pub const SOURCES: &[&str] = &[
    "base game ways",
    "scatter pay",
    "free spins",
    "gift bonus wins",
    "lock & spin",
];

/// Names of the features, by index of [`RoundSummary::feature_triggers`]: free spins (one
/// trigger per award of 10; its win is everything won during free spins), gift bonus (one per
/// bonus win; its win is cash and jackpots), Lock & Spin (one per feature; its win includes
/// the Grand), Grand (one per full grid; its win is the 200x).
pub const FEATURES: &[&str] = &["free spins", "gift bonus", "lock & spin", "grand"];

/// Source index: base-game ways wins.
pub const SOURCE_WAYS: usize = 0;
/// Source index: base-game scatter pay.
pub const SOURCE_SCATTER: usize = 1;
/// Source index: paytable wins in free spins.
pub const SOURCE_FREE_SPINS: usize = 2;
/// Source index: gift bonus wins.
pub const SOURCE_GIFT: usize = 3;
/// Source index: Lock & Spin.
pub const SOURCE_LOCK_AND_SPIN: usize = 4;

/// The result of one round. Wins in hundredths of the total bet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundOutcome {
    /// The round's total win.
    pub win: Win,
    /// The win by source ([`SOURCES`] order); sums to `win`.
    pub by_source: [Win; 5],
    /// Awards of 10 free spins (scatter and gift, retriggers included).
    pub free_spin_awards: u32,
    /// Free spins played.
    pub free_spins_played: u32,
    /// Everything won during free spins.
    pub free_spins_win: Win,
    /// Gift bonus wins.
    pub gift_wins: u32,
    /// Lock & Spin features played.
    pub lock_and_spins: u32,
    /// Grands won.
    pub grands: u32,
}

impl RoundOutcome {
    /// The round as the statistics count it ([`SOURCES`], [`FEATURES`]).
    pub fn summary(&self) -> RoundSummary {
        let mut s = RoundSummary {
            win: self.win.hundredths(),
            ..Default::default()
        };
        for (i, w) in self.by_source.iter().enumerate() {
            s.by_source[i] = w.hundredths();
        }
        s.feature_triggers[0] = self.free_spin_awards;
        s.feature_wins[0] = self.free_spins_win.hundredths();
        s.feature_triggers[1] = self.gift_wins;
        s.feature_wins[1] = self.by_source[SOURCE_GIFT].hundredths();
        s.feature_triggers[2] = self.lock_and_spins;
        s.feature_wins[2] = self.by_source[SOURCE_LOCK_AND_SPIN].hundredths();
        s.feature_triggers[3] = self.grands;
        s.feature_wins[3] = GRAND.times(u64::from(self.grands)).hundredths();
        s
    }
}

/// The result of one Lock & Spin feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LockAndSpinOutcome {
    /// Stars held at the end.
    pub stars: u32,
    /// The held cells at the end (bit `row * 5 + col`).
    pub held: Mask,
    /// Respins played.
    pub respins: u32,
    /// Sum of the Stars' values (cash and jackpots), hundredths of the bet.
    pub star_values: Win,
    /// All 15 cells held Stars.
    pub grand: bool,
    /// The feature's win: Star values plus the Grand if won.
    pub win: Win,
}

/// The game built from a validated math model.
#[derive(Clone, Debug)]
pub struct Game {
    model: MathModel,
}

fn rc(cell: usize) -> [u8; 2] {
    let (r, c) = SHAPE.position(cell);
    [r as u8, c as u8]
}

fn mask_cells(mask: Mask) -> Vec<[u8; 2]> {
    cells_of(mask).map(rc).collect()
}

impl Default for Game {
    fn default() -> Self {
        Game::standard()
    }
}

impl Game {
    /// The game of `model`.
    ///
    /// # Errors
    /// [`ModelError`] if the model breaks a rule (see [`MathModel::validate`]).
    pub fn new(model: &MathModel) -> Result<Game, ModelError> {
        model.validate()?;
        Ok(Game {
            model: model.clone(),
        })
    }

    /// The game with the shipped math model ([`MathModel::standard`]).
    pub fn standard() -> Game {
        Game::new(&MathModel::standard()).expect("the shipped model is valid (tested)")
    }

    /// The math model.
    pub fn model(&self) -> &MathModel {
        &self.model
    }

    /// The fingerprint of the math model ([`MathModel::fingerprint`]).
    pub fn fingerprint(&self) -> slot_core::fingerprint::Fingerprint {
        self.model.fingerprint()
    }

    /// Plays one round: the paid spin, then every free spin it leads to. Every random decision
    /// is drawn from `rng`; events go to `rec`. A round is a pure function of the model and
    /// the generator's state. It ends with probability 1 (the model guarantees that a free
    /// spin awards fewer than one free spin on average).
    pub fn play_round<R: Rng + ?Sized, Rec: Recorder<Event>>(
        &self,
        rng: &mut R,
        rec: &mut Rec,
    ) -> RoundOutcome {
        let mut out = RoundOutcome::default();
        let mut remaining = 0u32;
        self.play_spin(rng, rec, SpinKind::Base, &mut out, &mut remaining);
        let mut number = 0;
        while remaining > 0 {
            remaining -= 1;
            number += 1;
            out.free_spins_played += 1;
            self.play_spin(
                rng,
                rec,
                SpinKind::Free { number, remaining },
                &mut out,
                &mut remaining,
            );
        }
        out.win = out.by_source.iter().copied().sum();
        let win = out.win;
        rec.record(|| Event::RoundEnd { win });
        out
    }

    /// Spins `strips`: draws the five stops (reel 1 first) and fills the window.
    #[inline]
    fn spin<R: Rng + ?Sized>(strips: &[ReelStrip; REELS], rng: &mut R) -> ([u32; REELS], WishGrid) {
        let mut grid = WishGrid::empty();
        let mut stops = [0u32; REELS];
        for (r, strip) in strips.iter().enumerate() {
            let stop = strip.draw_stop(rng);
            stops[r] = stop as u32;
            for row in 0..ROWS {
                grid.set(SHAPE.index(row, r), strip.at(stop + row));
            }
        }
        (stops, grid)
    }

    fn play_spin<R: Rng + ?Sized, Rec: Recorder<Event>>(
        &self,
        rng: &mut R,
        rec: &mut Rec,
        kind: SpinKind,
        out: &mut RoundOutcome,
        remaining: &mut u32,
    ) {
        let free = matches!(kind, SpinKind::Free { .. });
        let strips = if free {
            &self.model.free_strips
        } else {
            &self.model.base_strips
        };
        let (stops, grid) = Self::spin(strips, rng);
        self.resolve_spin(rng, rec, kind, stops, &grid, out, remaining);
    }

    /// Plays a given grid as the paid spin (`free_spin == false`) or as one free spin: its
    /// Star values, paytable wins (doubled in a free spin), gift bonus wins and Lock & Spin;
    /// free spins it awards are counted in [`RoundOutcome::free_spin_awards`] but not played.
    /// For rule tests and analysis; draws from `rng` as the round would after the stops.
    ///
    /// A grid from [`crate::symbols::parse_grid`] always respects the reel rules; a grid with a
    /// Wild or Bonus elsewhere is played as it stands.
    ///
    /// # Errors
    /// [`GridInputError::Shape`] if the grid is not 5 reels by 3 rows.
    pub fn play_grid<R: Rng + ?Sized, Rec: Recorder<Event>>(
        &self,
        rng: &mut R,
        rec: &mut Rec,
        grid: &WishGrid,
        free_spin: bool,
    ) -> Result<RoundOutcome, GridInputError> {
        if grid.shape() != SHAPE {
            let sh = grid.shape();
            return Err(GridInputError::Shape {
                cols: sh.cols,
                rows: sh.rows,
            });
        }
        let mut out = RoundOutcome::default();
        let mut remaining = 0;
        let kind = if free_spin {
            SpinKind::Free {
                number: 1,
                remaining: 0,
            }
        } else {
            SpinKind::Base
        };
        self.resolve_spin(rng, rec, kind, [0; REELS], grid, &mut out, &mut remaining);
        out.win = out.by_source.iter().copied().sum();
        Ok(out)
    }

    #[allow(clippy::too_many_arguments)]
    fn resolve_spin<R: Rng + ?Sized, Rec: Recorder<Event>>(
        &self,
        rng: &mut R,
        rec: &mut Rec,
        kind: SpinKind,
        stops: [u32; REELS],
        grid: &WishGrid,
        out: &mut RoundOutcome,
        remaining: &mut u32,
    ) {
        let free = matches!(kind, SpinKind::Free { .. });
        let multiplier = if free { 2 } else { 1 };
        let mut values = [StarValue::Cash(Win::ZERO); CELLS];
        let stars = grid.plane(STAR);
        for cell in cells_of(stars) {
            values[cell] = *self.model.star_values.sample(rng);
        }
        rec.record(|| Event::Spin {
            kind,
            stops,
            grid: (0..CELLS)
                .map(|i| grid.get(i).map_or(".", |s| CODES[s as usize]).to_string())
                .collect(),
            stars: cells_of(stars).map(|c| (rc(c), values[c])).collect(),
        });
        let ev: SpinEvaluation = evaluate(grid, multiplier);
        let mut spin_win = Win::ZERO;
        for w in &ev.ways {
            rec.record(|| Event::WaysWin {
                symbol: CODES[w.symbol as usize].to_string(),
                reels: w.reels,
                ways: w.ways,
                cells: mask_cells(w.cells),
                multiplier,
                win: w.win,
            });
            spin_win += w.win;
        }
        let ways_win = spin_win;
        if free {
            out.by_source[SOURCE_FREE_SPINS] += ways_win + ev.scatter_win;
        } else {
            out.by_source[SOURCE_WAYS] += ways_win;
            out.by_source[SOURCE_SCATTER] += ev.scatter_win;
        }
        spin_win += ev.scatter_win;
        if ev.free_spins_triggered() {
            rec.record(|| Event::ScatterWin {
                count: ev.bonus_cells.count_ones(),
                cells: mask_cells(ev.bonus_cells),
                multiplier,
                win: ev.scatter_win,
            });
            *remaining += FREE_SPINS_AWARD;
            out.free_spin_awards += 1;
            let left = *remaining;
            rec.record(|| Event::FreeSpinsAwarded {
                source: FreeSpinsSource::Scatter,
                spins: FREE_SPINS_AWARD,
                remaining: left,
            });
        }
        for (i, full) in ev.full_wild_reels.iter().enumerate() {
            if !full {
                continue;
            }
            let prize = *self.model.gift_prizes.sample(rng);
            let win = prize.amount();
            out.gift_wins += 1;
            out.by_source[SOURCE_GIFT] += win;
            spin_win += win;
            rec.record(|| Event::GiftBonus {
                reel: 2 + 2 * i as u8,
                prize,
                win,
            });
            if prize == GiftPrize::FreeSpins {
                *remaining += FREE_SPINS_AWARD;
                out.free_spin_awards += 1;
                let left = *remaining;
                rec.record(|| Event::FreeSpinsAwarded {
                    source: FreeSpinsSource::Gift,
                    spins: FREE_SPINS_AWARD,
                    remaining: left,
                });
            }
        }
        if ev.lock_and_spin_triggered() {
            let ls = self.lock_and_spin(rng, rec, stars, &mut values);
            out.lock_and_spins += 1;
            out.grands += u32::from(ls.grand);
            out.by_source[SOURCE_LOCK_AND_SPIN] += ls.win;
            spin_win += ls.win;
        }
        if free {
            out.free_spins_win += spin_win;
        }
    }

    /// Plays Lock & Spin from the Stars in `held` (bit `row * 5 + col`; bits past cell 14
    /// are ignored) whose values are in `values` (indexed by cell; entries of other cells are
    /// overwritten as new Stars land).
    ///
    /// Rules (`wish_upon_a_star.md`, "Lock & Spin jackpot feature"): held Stars stay; each
    /// respin puts a Star in each empty cell with the model's respin probability (cells in
    /// row-major order, a new Star's value drawn right after it); any new Star sets the
    /// respins back to 3; the feature ends after 3 respins in a row without a new Star or when
    /// all 15 cells hold Stars. Every Star's value is paid, plus the Grand (200x) for a full
    /// grid. No paytable wins. A grid that lands full pays the Grand without a respin.
    pub fn lock_and_spin<R: Rng + ?Sized, Rec: Recorder<Event>>(
        &self,
        rng: &mut R,
        rec: &mut Rec,
        held: Mask,
        values: &mut [StarValue; CELLS],
    ) -> LockAndSpinOutcome {
        let all = SHAPE.all();
        let mut held = held & all;
        let p = self.model.respin_star;
        rec.record(|| Event::LockAndSpinStart {
            stars: held.count_ones(),
            cells: mask_cells(held),
            respins: RESPINS,
        });
        let mut left = RESPINS;
        let mut respins = 0;
        while left > 0 && held != all {
            respins += 1;
            let mut new = 0;
            for cell in cells_of(all & !held) {
                if chance(rng, p.numerator, p.denominator) {
                    values[cell] = *self.model.star_values.sample(rng);
                    new |= 1 << cell;
                }
            }
            held |= new;
            left = if new != 0 { RESPINS } else { left - 1 };
            rec.record(|| Event::Respin {
                number: respins,
                new_stars: cells_of(new).map(|c| (rc(c), values[c])).collect(),
                held: held.count_ones(),
                respins_left: left,
            });
        }
        let star_values: Win = cells_of(held).map(|c| values[c].amount()).sum();
        let grand = held == all;
        let win = if grand {
            star_values + GRAND
        } else {
            star_values
        };
        let stars = held.count_ones();
        rec.record(|| Event::LockAndSpinEnd {
            stars,
            star_values,
            grand,
            win,
        });
        LockAndSpinOutcome {
            stars,
            held,
            respins,
            star_values,
            grand,
            win,
        }
    }
}
