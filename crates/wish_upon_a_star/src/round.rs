//! The round: the paid spin, gift bonus wins, free spins and Lock & Spin
//! (the rules, "Gift bonus wins", "Free spins", "Lock & Spin jackpot feature").
//!
//! # Order within a spin (and of its random draws)
//! 1. The five stops and the draw of the first Star's value ([`VALUES_WITH_STOPS`]), together
//!    from one 64-bit word for every shipped model (Lemire's method over the product of the five strip lengths and the
//!    value table's total; the draws are its digits, reel 1 the most significant:
//!    [`slot_core::joint_draws::JointBounds`]); then the values of further Stars, row-major,
//!    as many from one 64-bit word as keep the product of their bounds below 2^48 (four for
//!    totals of 777 to 4,095: [`slot_core::joint_draws::RepeatedBound`]). Both are exact:
//!    every stop and every value has exactly its model probability, independently of the
//!    others. A spin that neither records its events nor plays Lock & Spin never reads its
//!    further Stars' values: it takes their words all the same (the same acceptance test per
//!    word), so the rest of the round draws as it would have.
//! 2. The spin's own paytable wins (ways, then the scatter pay), doubled in free spins; with
//!    3 Bonus, 10 free spins.
//! 3. Gift bonus wins: reel 2 first, then reel 4 (one weighted draw each), never doubled.
//! 4. Lock & Spin, if 6 or more Stars are on the grid; its respins draw each empty cell in
//!    row-major order (a Star's value right after it lands).
//!
//! The base spin comes first, then the free spins one by one until none are left.

use crate::evaluate::{
    PayMultiplier, SCATTER_PAY, scatter_pay, triggers_free_spins, triggers_lock_and_spin,
};
use crate::events::{grid_text, mask_cells, stars_at};
use crate::landing::{Column, Columns, Landing};
use crate::math_model::{
    FREE_SPINS_AWARD, GRAND, GiftPrize, MathModel, ModelError, RESPINS, StarValue,
};
use crate::symbols::{CELLS, REELS, SHAPE, TEXT_CODES, WishGrid};
use rand_core::Rng;
use slot_core::events::{AwardSource, Event, PayRule, SpinKind, StakeMode};
use slot_core::fingerprint::Fingerprint;
use slot_core::grid::{Mask, cells_of};
use slot_core::joint_draws::{JointBounds, RepeatedBound};
use slot_core::ledger::Ledger;
use slot_core::money::Win;
use slot_core::recorder::Recorder;
use slot_core::sampling::{ReelStrip, WeightedTable, chance};
use slot_core::summary::RoundSummary;

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

/// Names of the top awards, by index of [`RoundSummary::awards`]: each jackpot, counted once
/// per jackpot paid (a Mini, Minor or Major Star paid by Lock & Spin, or a gift bonus win of
/// one), and the Grand.
pub const AWARDS: &[&str] = &["Mini 20x", "Minor 30x", "Major 50x", "Grand 200x"];

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
    /// Jackpots paid: Mini, Minor, Major (Stars paid by Lock & Spin and gift bonus wins).
    pub jackpots: [u32; 3],
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
        // `grands` is a `u32`: at most 2^32 x 20,000 < 2^47 hundredths.
        s.feature_wins[3] = GRAND.times(u64::from(self.grands)).hundredths();
        s.awards[..3].copy_from_slice(&self.jackpots);
        s.awards[3] = self.grands;
        s
    }

    /// True exactly when [`RoundOutcome::summary`] is all zeros: nothing won, no free spins,
    /// no gift bonus win (one may award free spins and pay nothing), no Lock & Spin, no
    /// jackpot. Every win is part of `win`, so a zero `win` zeroes them all.
    #[inline]
    pub fn is_blank(&self) -> bool {
        self.win.is_zero()
            && (self.free_spin_awards | self.gift_wins | self.lock_and_spins | self.grands) == 0
            && self.jackpots == [0; 3]
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

/// Wish Upon a Star's one mode: a round at the bet, nothing to choose. The mode argument of
/// [`WishUponAStar::play_round`] and of [`Game::play_round`](slot_core::game::Game::play_round)
/// (the game's [`Game::Mode`](slot_core::game::Game::Mode)); also named `game::Standard`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Standard;

/// The game built from a validated math model.
#[derive(Clone, Debug)]
pub struct WishUponAStar {
    model: MathModel,
    fingerprint: Fingerprint,
    /// What each stop of the base-game strips shows, worked out once.
    base_columns: Columns,
    /// What each stop of the free-spin strips shows, worked out once.
    free_columns: Columns,
    /// A spin's joint draws from the base-game strips: the five strips' lengths, then the
    /// Star value table's total [`VALUES_WITH_STOPS`] times (one 64-bit word while their
    /// product is below [`slot_core::joint_draws::GROUP_LIMIT`], 2^48, as for every shipped
    /// model; otherwise a word per group below it).
    base_draws: JointBounds<SPIN_DRAWS>,
    /// The same for the free-spin strips.
    free_draws: JointBounds<SPIN_DRAWS>,
    /// The Star value table's total weight: the values of a grid's Stars come several from
    /// one 64-bit word.
    star_draws: RepeatedBound,
    /// The Star value table's outcome index of every draw `0..total`, when the total is at
    /// most [`STAR_LOOKUP_MAX`] (empty otherwise: the table's own search then).
    star_lookup: Box<[u8]>,
}

/// The Star values drawn together with a spin's stops: that of the spin's first Star
/// (row-major). A spin shows 1.4 Stars on average; the values of further Stars come from words
/// of their own, four a word. An unused one is dropped (independent draws; dropping one
/// biases nothing). One, not more: the word's bounds must multiply to less than
/// [`slot_core::joint_draws::GROUP_LIMIT`] (2^48; the five strips' lengths alone are near
/// 2^30 and a value total near 2^10).
pub const VALUES_WITH_STOPS: usize = 1;

/// A spin's joint draws: the five stops, then [`VALUES_WITH_STOPS`] Star values.
const SPIN_DRAWS: usize = REELS + VALUES_WITH_STOPS;

/// The largest Star value total drawn by a direct look-up (one byte per draw; the shipped
/// totals are near 1,000).
const STAR_LOOKUP_MAX: u32 = 1 << 14;

/// The outcome index of every draw of `table` (`0..total`), if its total is at most
/// [`STAR_LOOKUP_MAX`] and it has at most 256 outcomes; empty otherwise.
fn star_lookup(table: &WeightedTable<StarValue>) -> Box<[u8]> {
    if table.total() > STAR_LOOKUP_MAX || table.values().len() > 256 {
        return Box::default();
    }
    (0..table.total())
        .map(|r| table.index_of_draw(r) as u8)
        .collect()
}

/// The round's ledger ([`SOURCES`] order). Wish Upon a Star has no cap.
type RoundLedger = Ledger<5>;

/// The state of a round between spins.
struct RoundState<'a, R: ?Sized, Rec> {
    rng: &'a mut R,
    rec: &'a mut Rec,
    ledger: RoundLedger,
    out: RoundOutcome,
    /// Free spins still to play.
    remaining: u32,
}

impl Default for WishUponAStar {
    fn default() -> Self {
        WishUponAStar::standard()
    }
}

impl WishUponAStar {
    /// The game of `model`.
    ///
    /// # Errors
    /// [`ModelError`] if the model breaks a rule: the structural checks of
    /// [`MathModel::validate`], and free spins that would never end on average
    /// ([`ModelError::EndlessFreeSpins`]); both run in [`crate::math_model::validate`].
    pub fn new(model: &MathModel) -> Result<WishUponAStar, ModelError> {
        crate::math_model::validate(model)?;
        let total = model.star_values.total();
        let draws = |strips: &[ReelStrip; REELS], table| {
            // A strip has at most `u32::MAX` positions in any model that fits in memory.
            let bounds = std::array::from_fn(|i| match strips.get(i) {
                Some(s) => s.len().try_into().unwrap_or(u32::MAX),
                None => total,
            });
            JointBounds::new(bounds).map_err(|source| ModelError::Weights { table, source })
        };
        Ok(WishUponAStar {
            model: model.clone(),
            fingerprint: model.fingerprint(),
            base_columns: Columns::new(&model.base_strips),
            free_columns: Columns::new(&model.free_strips),
            base_draws: draws(&model.base_strips, "base")?,
            free_draws: draws(&model.free_strips, "free-spin")?,
            star_draws: RepeatedBound::new(total).map_err(|source| ModelError::Weights {
                table: "Star value",
                source,
            })?,
            star_lookup: star_lookup(&model.star_values),
        })
    }

    /// The game with the shipped math model ([`MathModel::standard`]).
    pub fn standard() -> WishUponAStar {
        WishUponAStar::new(&MathModel::standard()).expect("the shipped model is valid (tested)")
    }

    /// The math model.
    pub fn model(&self) -> &MathModel {
        &self.model
    }

    /// The fingerprint of the math model ([`MathModel::fingerprint`]).
    pub fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    /// Plays one round in the game's one mode ([`Standard`]): the paid spin, then every free
    /// spin it leads to. Every random decision is drawn from `rng`; events go to `rec` (their
    /// `paid` amounts add up to the win). A round is a pure function of the model and the
    /// generator's state. It ends with probability 1 (the model guarantees that a free spin
    /// awards fewer than one free spin on average).
    ///
    /// The same method, with the same arguments in the same order, as
    /// [`Game::play_round`](slot_core::game::Game::play_round) (which calls it), so a server
    /// needs no trait import and the two cannot differ; the mode is there so that a round is
    /// played the same way in every game.
    pub fn play_round<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        _mode: Standard,
        rng: &mut R,
        rec: &mut Rec,
    ) -> RoundOutcome {
        rec.record(|| Event::RoundStart {
            game: crate::GAME_ID,
            mode: StakeMode::Standard,
            model: self.fingerprint,
        });
        let mut st = RoundState {
            rng,
            rec,
            ledger: RoundLedger::uncapped(),
            out: RoundOutcome::default(),
            remaining: 0,
        };
        st.rec.record(|| Event::SpinStart {
            spin: SpinKind::Paid,
            number: 1,
            free_spins_left: None,
            multiplier: None,
        });
        self.play_spin(&mut st, PayMultiplier::BaseGame);
        // Free spins have no limit (each awards fewer than one free spin on average, so a
        // round ends with probability 1): 2^32 of them in one round never come from a fair
        // generator. The round's counts saturate all the same (one instruction per spin), so
        // that a broken or adversarial generator cannot wrap one to a small number; the money
        // is a checked `Win` in a ledger that stops at `u64::MAX` hundredths.
        let mut number = 0u32;
        while st.remaining > 0 {
            st.remaining -= 1;
            number = number.saturating_add(1);
            st.out.free_spins_played = st.out.free_spins_played.saturating_add(1);
            let left = st.remaining;
            st.rec.record(|| Event::SpinStart {
                spin: SpinKind::Free,
                number,
                free_spins_left: Some(left),
                multiplier: None,
            });
            self.play_spin(&mut st, PayMultiplier::FreeSpin);
        }
        Self::finish(st)
    }

    /// Closes the round: the outcome from the ledger, and `round_end`.
    fn finish<R: ?Sized, Rec: Recorder>(st: RoundState<'_, R, Rec>) -> RoundOutcome {
        let mut out = st.out;
        out.win = st.ledger.total();
        out.by_source = *st.ledger.by_source();
        let win = out.win;
        // The game has no cap: `capped` is true only if the ledger saturated at 2^64 - 1
        // hundredths (never in a real round; see `slot_core::ledger::Ledger`).
        let capped = st.ledger.capped();
        st.rec.record(|| Event::RoundEnd { win, capped });
        out
    }

    /// Plays one spin of the round: the base game's strips or the free spins' by
    /// `multiplier`. One function for the draw and the resolution, so that the landing stays
    /// in registers rather than being returned through memory.
    fn play_spin<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        st: &mut RoundState<'_, R, Rec>,
        multiplier: PayMultiplier,
    ) {
        let (bounds, columns) = match multiplier {
            PayMultiplier::BaseGame => (&self.base_draws, &self.base_columns),
            PayMultiplier::FreeSpin => (&self.free_draws, &self.free_columns),
        };
        let (stops, values, landing) = Self::spin(bounds, columns, st.rng);
        self.resolve_spin(st, multiplier, Some(&stops), &values, &landing);
    }

    /// Spins the strips whose lengths start `bounds`: draws the five stops and the first
    /// [`VALUES_WITH_STOPS`] Star value draws together, reel 1 the first digit of one word
    /// ([`JointBounds::draw`]), and takes each reel's column at its stop from `columns` (the
    /// columns of those strips).
    #[inline(always)]
    fn spin<'c, R: Rng + ?Sized>(
        bounds: &JointBounds<SPIN_DRAWS>,
        columns: &'c Columns,
        rng: &mut R,
    ) -> ([u32; REELS], [u32; VALUES_WITH_STOPS], Landing<'c>) {
        let d = bounds.draw(rng);
        let stops = std::array::from_fn(|r| d[r]);
        let values = std::array::from_fn(|i| d[REELS + i]);
        let landing = Landing::new(std::array::from_fn(|r| columns.at(r, stops[r] as usize)));
        (stops, values, landing)
    }

    /// The Star value table's outcome index of the draw `r` (`0..total`).
    #[inline(always)]
    fn star_index(&self, r: u32) -> u32 {
        match self.star_lookup.get(r as usize) {
            Some(&i) => u32::from(i),
            // A table of more than 2^32 outcomes cannot be built (its weights are `u32`s
            // adding up to a `u32`).
            None => self.model.star_values.index_of_draw(r) as u32,
        }
    }

    /// Plays a given grid as the paid spin: its Star values, paytable wins, gift bonus wins and
    /// Lock & Spin; free spins it awards are counted in [`RoundOutcome::free_spin_awards`] but
    /// not played. For rule tests and analysis. No stops are drawn, so every Star value is
    /// drawn as a spin draws the values past its first Star (four a word for the shipped
    /// totals); the draws after the Star values are those of a spin. Every grid of the type
    /// is 5 reels by 3 rows; a grid from
    /// [`crate::symbols::parse_grid`] respects the reel rules, any other grid is played as it
    /// stands. The log has no `round_start`, no `spin_start` and no stops.
    pub fn play_paid_spin_grid<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        rng: &mut R,
        rec: &mut Rec,
        grid: &WishGrid,
    ) -> RoundOutcome {
        self.play_grid_at(rng, rec, grid, PayMultiplier::BaseGame)
    }

    /// Plays a given grid as one free spin (paytable wins doubled), as [`WishUponAStar::play_paid_spin_grid`].
    pub fn play_free_spin_grid<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        rng: &mut R,
        rec: &mut Rec,
        grid: &WishGrid,
    ) -> RoundOutcome {
        self.play_grid_at(rng, rec, grid, PayMultiplier::FreeSpin)
    }

    fn play_grid_at<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        rng: &mut R,
        rec: &mut Rec,
        grid: &WishGrid,
        multiplier: PayMultiplier,
    ) -> RoundOutcome {
        let mut st = RoundState {
            rng,
            rec,
            ledger: RoundLedger::uncapped(),
            out: RoundOutcome::default(),
            remaining: 0,
        };
        let columns = Column::of_grid(grid);
        self.resolve_spin(
            &mut st,
            multiplier,
            None,
            &[],
            &Landing::new(columns.each_ref()),
        );
        Self::finish(st)
    }

    /// Resolves a landed grid: Star values, ways and scatter pay, gift bonus wins, Lock & Spin.
    /// Its paytable wins are those of [`crate::evaluate::evaluate_at`] (the landing's own
    /// evaluation is tested against it).
    #[inline(always)]
    fn resolve_spin<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        st: &mut RoundState<'_, R, Rec>,
        multiplier: PayMultiplier,
        stops: Option<&[u32; REELS]>,
        first_values: &[u32],
        landing: &Landing<'_>,
    ) {
        let free = multiplier == PayMultiplier::FreeSpin;
        let stars = landing.stars();
        let lock_and_spin = triggers_lock_and_spin(landing.star_count());
        // The Stars' outcome indices in the value table, by cell: drawn row-major, the first
        // ones with the stops (`first_values`), the rest several from one word. The values
        // themselves are read only where they are shown or paid (the log, Lock & Spin); a
        // round that does neither takes the rest's words without working out their digits.
        let mut index = [0u32; CELLS];
        if stars != 0 {
            let rest = (stars.count_ones() as usize).saturating_sub(first_values.len());
            if lock_and_spin || st.rec.is_recording() {
                let mut cells = cells_of(stars);
                for (&r, cell) in first_values.iter().zip(&mut cells) {
                    index[cell] = self.star_index(r);
                }
                if rest > 0 {
                    let mut draws = [0u32; CELLS];
                    self.star_draws.fill(st.rng, &mut draws[..rest]);
                    for (cell, r) in cells.zip(draws) {
                        index[cell] = self.star_index(r);
                    }
                }
            } else if rest > 0 {
                self.star_draws.skip(st.rng, rest);
            }
        }
        let star_values = || -> [StarValue; CELLS] {
            let table = self.model.star_values.values();
            std::array::from_fn(|c| match stars >> c & 1 {
                0 => StarValue::Cash(Win::ZERO),
                _ => table[index[c] as usize],
            })
        };
        st.rec.record(|| Event::Landed {
            grid: grid_text(&landing.grid()),
            reel_set: None,
            stops: stops.map(|s| s.to_vec()),
            stars: Some(stars_at(stars, &star_values())),
        });
        let before = st.ledger.total();
        // About two spins in three win no ways: the landing knows at once.
        if landing.has_ways_win() {
            let ways_source = if free { SOURCE_FREE_SPINS } else { SOURCE_WAYS };
            landing.for_each_ways_pay(multiplier, |w| {
                let p = st.ledger.pay(ways_source, w.win);
                st.rec.record(|| Event::Win {
                    symbol: TEXT_CODES[w.symbol as usize].to_string(),
                    pays: PayRule::Ways,
                    cells: mask_cells(landing.ways_cells(w.symbol, usize::from(w.reels))),
                    count: u32::from(w.reels),
                    line: None,
                    ways: Some(w.ways),
                    pay: w.pay,
                    multiplier: Some(w.multiplier),
                    paid: Some(p.paid),
                    uncapped: p.uncapped,
                });
            });
        }
        // The rare parts of a spin are calls of their own, so that the common spin keeps its
        // values in registers.
        if triggers_free_spins(landing.bonus_count()) {
            Self::pay_scatter(st, multiplier, landing.bonus());
        }
        if landing.has_full_wild_reel() {
            self.gift_bonus_wins(st, landing.full_wild_reels());
        }
        if lock_and_spin {
            self.pay_lock_and_spin(st, stars, star_values());
        }
        if free {
            st.out.free_spins_win +=
                Win::from_hundredths(st.ledger.total().hundredths() - before.hundredths());
        }
    }

    /// Pays the scatter (3 or more Bonus symbols, at `bonus`) and awards 10 free spins.
    #[inline(never)]
    fn pay_scatter<R: Rng + ?Sized, Rec: Recorder>(
        st: &mut RoundState<'_, R, Rec>,
        multiplier: PayMultiplier,
        bonus: Mask,
    ) {
        let free = multiplier == PayMultiplier::FreeSpin;
        let source = if free {
            SOURCE_FREE_SPINS
        } else {
            SOURCE_SCATTER
        };
        let p = st.ledger.pay(source, scatter_pay(multiplier));
        st.rec.record(|| Event::Win {
            symbol: "BO".to_string(),
            pays: PayRule::Scatter,
            cells: mask_cells(bonus),
            count: bonus.count_ones(),
            line: None,
            ways: None,
            pay: SCATTER_PAY,
            multiplier: Some(multiplier.value()),
            paid: Some(p.paid),
            uncapped: p.uncapped,
        });
        let award = if free {
            AwardSource::Retrigger
        } else {
            AwardSource::Scatter
        };
        Self::award_free_spins(st, award);
    }

    /// The gift bonus wins of the full Wild reels (reel 2, then reel 4): one weighted draw
    /// each.
    #[inline(never)]
    fn gift_bonus_wins<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        st: &mut RoundState<'_, R, Rec>,
        full_wild_reels: [bool; 2],
    ) {
        for (i, full) in full_wild_reels.into_iter().enumerate() {
            if !full {
                continue;
            }
            let prize = *self.model.gift_prizes.sample(st.rng);
            let p = st.ledger.pay(SOURCE_GIFT, prize.amount());
            st.out.gift_wins = st.out.gift_wins.saturating_add(1);
            let jackpot = match prize {
                GiftPrize::Mini => Some(0),
                GiftPrize::Minor => Some(1),
                GiftPrize::Major => Some(2),
                GiftPrize::Cash(_) | GiftPrize::FreeSpins => None,
            };
            if let Some(j) = jackpot {
                st.out.jackpots[j] = st.out.jackpots[j].saturating_add(1);
            }
            st.rec.record(|| Event::GiftBonus {
                reel: 2 + 2 * i as u8,
                award: crate::events::gift_award(prize),
                paid: p.paid,
            });
            if prize == GiftPrize::FreeSpins {
                Self::award_free_spins(st, AwardSource::Gift);
            }
        }
    }

    /// Plays Lock & Spin from the landed Stars (`stars`, with `values` by cell) and pays it.
    #[inline(never)]
    fn pay_lock_and_spin<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        st: &mut RoundState<'_, R, Rec>,
        stars: Mask,
        mut values: [StarValue; CELLS],
    ) {
        let ls = self.run_lock_and_spin(st.rng, st.rec, stars, &mut values);
        let p = st.ledger.pay(SOURCE_LOCK_AND_SPIN, ls.win);
        st.out.lock_and_spins = st.out.lock_and_spins.saturating_add(1);
        st.out.grands = st.out.grands.saturating_add(u32::from(ls.grand));
        for c in cells_of(ls.held) {
            let jackpot = match values[c] {
                StarValue::Mini => Some(0),
                StarValue::Minor => Some(1),
                StarValue::Major => Some(2),
                StarValue::Cash(_) => None,
            };
            if let Some(j) = jackpot {
                st.out.jackpots[j] = st.out.jackpots[j].saturating_add(1);
            }
        }
        st.rec.record(|| Event::LockAndSpinEnd {
            stars: ls.stars,
            star_values: ls.star_values,
            grand: ls.grand,
            paid: p.paid,
            uncapped: p.uncapped,
        });
    }

    /// Adds 10 free spins.
    fn award_free_spins<R: ?Sized, Rec: Recorder>(
        st: &mut RoundState<'_, R, Rec>,
        source: AwardSource,
    ) {
        st.remaining = st.remaining.saturating_add(FREE_SPINS_AWARD);
        st.out.free_spin_awards = st.out.free_spin_awards.saturating_add(1);
        let left = st.remaining;
        st.rec.record(|| Event::FreeSpinsAwarded {
            spins: FREE_SPINS_AWARD,
            source,
            free_spins_left: left,
        });
    }

    /// Plays Lock & Spin from the Stars in `held` (bit `row * 5 + col`; bits past cell 14
    /// are ignored) whose values are in `values` (indexed by cell; entries of other cells are
    /// overwritten as new Stars land), and records its end with its win as paid.
    ///
    /// Rules (the rules, "Lock & Spin jackpot feature"): held Stars stay; each
    /// respin puts a Star in each empty cell with the model's respin probability (cells in
    /// row-major order, a new Star's value drawn right after it); any new Star sets the
    /// respins back to 3; the feature ends after 3 respins in a row without a new Star or when
    /// all 15 cells hold Stars. Every Star's value is paid, plus the Grand (200x) for a full
    /// grid. No paytable wins. A grid that lands full pays the Grand without a respin.
    ///
    /// The same feature one respin at a time: [`LockAndSpinState::start`],
    /// [`WishUponAStar::lock_and_spin_respin`] until [`LockAndSpinState::is_over`],
    /// [`LockAndSpinState::outcome`] (the same draws; this function is those calls between
    /// its `lock_and_spin_start` and `lock_and_spin_end` events).
    pub fn lock_and_spin<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        rng: &mut R,
        rec: &mut Rec,
        held: Mask,
        values: &mut [StarValue; CELLS],
    ) -> LockAndSpinOutcome {
        let ls = self.run_lock_and_spin(rng, rec, held, values);
        rec.record(|| Event::LockAndSpinEnd {
            stars: ls.stars,
            star_values: ls.star_values,
            grand: ls.grand,
            paid: ls.win,
            uncapped: None,
        });
        ls
    }

    /// Lock & Spin up to its end (the caller pays it and records `lock_and_spin_end`): the
    /// state at the start, then [`WishUponAStar::lock_and_spin_respin`] until it is over.
    fn run_lock_and_spin<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        rng: &mut R,
        rec: &mut Rec,
        held: Mask,
        values: &mut [StarValue; CELLS],
    ) -> LockAndSpinOutcome {
        let mut state = LockAndSpinState::start(held);
        rec.record(|| Event::LockAndSpinStart {
            held: mask_cells(state.held),
            respins: RESPINS,
        });
        // Each respin adds a Star (at most 15 times) or uses one of the 3 respins left (at
        // most 3 before each new Star and after the last): `respins <= 15 + 16 x 3 = 63`.
        while !state.is_over() {
            self.lock_and_spin_respin(rng, rec, &mut state, values);
        }
        state.outcome(values)
    }

    /// Plays ONE respin of a Lock & Spin from `state` (the body of the feature's loop: the
    /// round's own Lock & Spin calls this same function, inlined, so a round makes exactly
    /// these draws) and records its `respin` event; returns the cells of the new Stars (0 if
    /// none landed). A state that is over ([`LockAndSpinState::is_over`]) is left as it is:
    /// nothing is drawn, nothing recorded, 0 returned.
    ///
    /// The respin (the rules, "Lock & Spin jackpot feature"): each empty cell, in row-major
    /// order, gets a Star with the model's respin chance ([`MathModel::respin_star`], one
    /// draw per empty cell), and a new Star's value is drawn from the Star value table right
    /// after it lands and written into `values` at its cell (the held cells' values are the
    /// caller's and are not read; the `respin` event shows the new Stars'). Any new Star
    /// sets the respins left back to 3; none uses one up. Draws come from `rng` only.
    ///
    /// **A Markov chain.** What a respin draws, and so the rest of the feature's Stars, its
    /// respins and the Grand, depends only on the state: the held cells and the respins left
    /// (the chance is the same for every empty cell, so the law of the Star count and the
    /// Grand depends only on how many are held). The
    /// values of the held Stars never change what follows. So a copy of a state continued with
    /// a fresh generator is a Lock & Spin from that state, independent of the original given
    /// the state: what multilevel splitting of the Grand needs (`crates/sim/tests/rare_wish.rs`).
    #[inline(always)]
    pub fn lock_and_spin_respin<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        rng: &mut R,
        rec: &mut Rec,
        state: &mut LockAndSpinState,
        values: &mut [StarValue; CELLS],
    ) -> Mask {
        if state.is_over() {
            return 0;
        }
        let all = SHAPE.all();
        let p = self.model.respin_star;
        state.respins += 1;
        let mut new = 0;
        for cell in cells_of(all & !state.held) {
            if chance(rng, p.numerator, p.denominator) {
                values[cell] = *self.model.star_values.sample(rng);
                new |= 1 << cell;
            }
        }
        state.held |= new;
        state.respins_left = if new != 0 {
            RESPINS
        } else {
            state.respins_left - 1
        };
        let (number, held, left) = (state.respins, state.held.count_ones(), state.respins_left);
        rec.record(|| Event::Respin {
            number,
            new_stars: stars_at(new, values),
            held,
            respins_left: left,
        });
        new
    }
}

/// A Lock & Spin between two respins: the cells holding Stars, the respins left and the
/// respins played. The Stars' values stay in the caller's `[StarValue; CELLS]` (indexed by
/// cell), as for [`WishUponAStar::lock_and_spin`]. Copyable: 16 bytes.
///
/// Made by [`LockAndSpinState::start`] from the landed Stars; moved on one respin at a time by
/// [`WishUponAStar::lock_and_spin_respin`] until [`LockAndSpinState::is_over`]; paid by
/// [`LockAndSpinState::outcome`]. Stepping a state respin by respin with one generator makes
/// exactly the draws, Stars and values of [`WishUponAStar::lock_and_spin`] from the same
/// Stars (the round's own loop is these calls; `tests/lock_and_spin_steps.rs` compares
/// them).
///
/// **The chain is Markov in (held cells, respins left):** the rest of the feature depends on
/// nothing else, so a copy of a state continued with a fresh generator is a Lock & Spin from
/// that state. This is what multilevel splitting needs: a state that reaches many held Stars
/// is continued as several independent copies (`slot_sim::rare`; the Grand's check against
/// its exact odds, `crates/sim/tests/rare_wish.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LockAndSpinState {
    /// The held cells (bit `row * 5 + col`, cells 0 to 14 only).
    held: Mask,
    /// Respins left: 3 at the start and after a respin with a new Star, 0 to 3.
    respins_left: u32,
    /// Respins played so far.
    respins: u32,
}

impl LockAndSpinState {
    /// The state at the start of a Lock & Spin whose Stars are at `held` (bit
    /// `row * 5 + col`; bits past cell 14 are ignored, as [`WishUponAStar::lock_and_spin`]
    /// ignores them): 3 respins left, none played. The round starts one from 6 or more landed
    /// Stars; any number from 0 to 15 is a state of the chain (15: over at once, the Grand).
    pub fn start(held: Mask) -> LockAndSpinState {
        LockAndSpinState {
            held: held & SHAPE.all(),
            respins_left: RESPINS,
            respins: 0,
        }
    }

    /// The held cells (bit `row * 5 + col`).
    pub fn held(&self) -> Mask {
        self.held
    }

    /// The number of Stars held, 0 to 15.
    pub fn stars(&self) -> u32 {
        self.held.count_ones()
    }

    /// Respins left, 0 to 3.
    pub fn respins_left(&self) -> u32 {
        self.respins_left
    }

    /// Respins played so far (at most 63: each respin adds a Star or uses one of at most 3
    /// respins left, 15 + 16 x 3).
    pub fn respins(&self) -> u32 {
        self.respins
    }

    /// True once all 15 cells hold Stars (the Grand).
    pub fn is_full(&self) -> bool {
        self.held == SHAPE.all()
    }

    /// True when the feature is over: no respins left, or all 15 cells held.
    #[inline(always)]
    pub fn is_over(&self) -> bool {
        self.respins_left == 0 || self.is_full()
    }

    /// The feature's result from this state with its Stars' `values` (indexed by cell): the
    /// held Stars' values, plus the Grand (200 x bet) if all 15 cells are held. Meant for a
    /// state that is over; for one that is not, what it would pay if it ended now.
    pub fn outcome(&self, values: &[StarValue; CELLS]) -> LockAndSpinOutcome {
        let held = self.held;
        // Checked `Win` sum of at most 15 Stars of at most 50 x bet (the Major; cash at most
        // 15 x bet) plus the 200 x Grand: at most 95,000 hundredths
        // (tests/rules.rs `the_largest_wins_are_exact`).
        let star_values: Win = cells_of(held).map(|c| values[c].amount()).sum();
        let grand = self.is_full();
        let win = if grand {
            star_values + GRAND
        } else {
            star_values
        };
        LockAndSpinOutcome {
            stars: held.count_ones(),
            held,
            respins: self.respins,
            star_values,
            grand,
            win,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination of zero and non-zero fields: blank exactly when the summary is zeros.
    #[test]
    fn blank_exactly_when_the_summary_is_zeros() {
        let one = Win::from_hundredths(1);
        for bits in 0u32..1 << 15 {
            let on = |k: u32| bits >> k & 1 == 1;
            let win = |k: u32| if on(k) { one } else { Win::ZERO };
            let count = |k: u32| u32::from(on(k));
            let o = RoundOutcome {
                win: win(0),
                by_source: [win(1), win(2), win(3), win(4), win(5)],
                free_spins_played: count(6),
                free_spin_awards: count(7),
                free_spins_win: win(8),
                gift_wins: count(9),
                lock_and_spins: count(10),
                grands: count(11),
                jackpots: [count(12), count(13), count(14)],
            };
            // A real round's parts add up to its win: only such outcomes are asked about.
            let parts: u64 = o.by_source.iter().map(|w| w.hundredths()).sum();
            if o.win.is_zero() && (parts != 0 || !o.free_spins_win.is_zero()) {
                continue;
            }
            assert_eq!(
                o.is_blank(),
                o.summary() == RoundSummary::default(),
                "{o:?}"
            );
        }
    }

    /// A round without a recorder skips the digits of Star values it will not look at, but
    /// takes the same words: the outcome and the generator's next word are those of the
    /// recorded round, over rounds with every number of Stars (Lock & Spin included).
    #[test]
    fn a_round_without_a_recorder_draws_what_a_recorded_one_draws() {
        use rand_pcg::Pcg64;
        use slot_core::recorder::{EventLog, NoRecorder};
        let game = WishUponAStar::standard();
        let (mut plain, mut logged) = (Pcg64::new(20261202, 5), Pcg64::new(20261202, 5));
        let mut lock_and_spins = 0;
        for _ in 0..20_000 {
            let a = game.play_round(Standard, &mut plain, &mut NoRecorder);
            let b = game.play_round(Standard, &mut logged, &mut EventLog::default());
            assert_eq!(a, b);
            lock_and_spins += a.lock_and_spins;
        }
        assert!(lock_and_spins > 0, "Lock & Spin was played");
        assert_eq!(plain.next_u64(), logged.next_u64());
    }

    /// Every shipped model (the published one and each variant of the ladder) draws a spin's
    /// stops and first Star value from one word, and further Star values four a word: the
    /// order of draws the crate documents.
    #[test]
    fn shipped_models_draw_a_spin_from_one_word() {
        for name in MathModel::NAMES {
            let model = MathModel::named(name).unwrap();
            let game = WishUponAStar::new(&model).unwrap();
            assert_eq!(
                (game.base_draws.words(), game.free_draws.words()),
                (1, 1),
                "{name}"
            );
            let total = model.star_values.total();
            assert_eq!(game.base_draws.bounds()[REELS], total, "{name}");
            assert_eq!(game.star_draws.per_word(), 4, "{name}: total {total}");
            assert_eq!(game.star_lookup.len(), total as usize, "{name}");
        }
    }
}
