//! The round flow (the rules, "Tumble", "Multipliers", "Scatters and free
//! spins", "Ante bet", "Cap").
//!
//! A round: the paid spin's tumble sequence (wins removed, the rest falls, new cells drawn
//! from above, until no win), its Multipliers applied to the sequence's symbol wins, its
//! Scatters paid and, with 4 or more, 15 free spins. Each free spin is a tumble sequence with
//! the running multiplier; 3 or more Scatters add 5 spins. The 5,000x cap ends the round the
//! moment the running total reaches it.

use crate::events::{cells_rc, grid_text};
use crate::math_model::{MathModel, ModelError, Tables};
use crate::paytable::{pay_anywhere, scatter_pay, scatters};
use crate::symbols::{Drawn, MULTIPLIER, SCATTER, ScGrid, TEXT_CODES, multiplier_sum};
use rand_core::Rng;
use slot_core::events::{AwardSource, Event, GameId, PayRule, SpinKind, StakeMode};
use slot_core::fingerprint::Fingerprint;
use slot_core::ledger::{Ledger, Payment};
use slot_core::money::{Bet, BetError, BetLadder, Cap, Win};
use slot_core::recorder::Recorder;
use slot_core::sampling::{GUIDE_BUCKETS, WeightedTable, bounded};
use slot_core::stats::RoundSummary;

/// Base bets: 0.20 to 40.00 in steps of 0.20 (the common rules (README)). Wins are in hundredths of it.
pub const BET_LADDER: BetLadder = slot_core::bet_ladder!(20, 4000);
/// What the player stakes with the ante bet: 1.25 x the base bet, 0.25 to 50.00 in steps of
/// 0.25. The base bet is 4/5 of it.
pub const ANTE_STAKE_LADDER: BetLadder = slot_core::bet_ladder!(25, 5000);
/// The cap: 5,000 x base bet.
pub const CAP: Cap = Cap::x_bet(5000);
/// Free spins for 4 or more Scatters in the base game.
pub const FREE_SPINS: u32 = 15;
/// Free spins added by 3 or more Scatters in a free spin.
pub const RETRIGGER_SPINS: u32 = 5;
/// Scatters that trigger free spins in the base game.
pub const TRIGGER_SCATTERS: u32 = 4;
/// Scatters that retrigger in the free spins.
pub const RETRIGGER_SCATTERS: u32 = 3;

/// Names of the RTP sources ([`RoundSummary::by_source`] indices).
pub const SOURCES: [&str; 4] = [
    "base spin",
    "base tumbles",
    "base scatter pay",
    "free spins",
];
/// Names of the features ([`RoundSummary::feature_triggers`] indices): the free spins, and a
/// base sequence paid with Multipliers (its win is the multiplied sequence win).
pub const FEATURES: [&str; 2] = ["free spins", "base multiplier"];
/// Names of the top awards ([`RoundSummary::awards`] indices): an x500 Multiplier landing in
/// the base game, and in the free spins (counted once per Multiplier).
pub const AWARDS: [&str; 2] = [
    "x500 multiplier (base game)",
    "x500 multiplier (free spins)",
];

/// The grid code of an x500 Multiplier (the last value of [`crate::symbols::MULTIPLIER_VALUES`]).
const X500: u8 = MULTIPLIER + 14;
const _: () = assert!(crate::symbols::MULTIPLIER_VALUES[14] == 500);

const SRC_SPIN: usize = 0;
const SRC_TUMBLES: usize = 1;
const SRC_SCATTER: usize = 2;
const SRC_FREE: usize = 3;

/// Standard play or the ante bet (the rules, "Ante bet").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BetMode {
    /// Stake = base bet.
    Standard,
    /// Stake = 1.25 x base bet; more Scatters in the base game.
    Ante,
}

impl BetMode {
    /// The stake in hundredths of the base bet: 100 or 125.
    pub const fn cost(self) -> u64 {
        match self {
            BetMode::Standard => 100,
            BetMode::Ante => 125,
        }
    }

    /// The base bet behind a stake of `stake_cents` paid in this mode: the stake itself
    /// (standard, on [`BET_LADDER`]) or 4/5 of it (ante, on [`ANTE_STAKE_LADDER`]). Wins are
    /// paid on the base bet ([`slot_core::money::Bet::payout`]).
    ///
    /// # Errors
    /// [`BetError`] if the stake is not on the mode's ladder.
    pub fn base_bet(self, stake_cents: i64) -> Result<Bet, BetError> {
        match self {
            BetMode::Standard => BET_LADDER.bet(stake_cents),
            BetMode::Ante => {
                let stake = ANTE_STAKE_LADDER.bet(stake_cents)?;
                let base = stake.cents() / ANTE_STAKE_LADDER.min_cents() * BET_LADDER.min_cents();
                BET_LADDER.bet(i64::try_from(base).unwrap_or(i64::MAX))
            }
        }
    }

    /// "standard" or "ante".
    pub const fn name(self) -> &'static str {
        match self {
            BetMode::Standard => "standard",
            BetMode::Ante => "ante",
        }
    }

    /// The mode as the round record writes it.
    pub const fn stake_mode(self) -> StakeMode {
        match self {
            BetMode::Standard => StakeMode::Standard,
            BetMode::Ante => StakeMode::Ante,
        }
    }
}

/// What a round paid and how. All wins in hundredths of the base bet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoundOutcome {
    /// The round's total win (at most the cap).
    pub win: Win,
    /// The cap ended the round.
    pub capped: bool,
    /// Paid by source, [`SOURCES`] order; sums to `win`.
    pub by_source: [Win; 4],
    /// The base sequence's win when Multipliers applied to it (else 0).
    pub base_multiplier_win: Win,
    /// Free spins were triggered.
    pub free_spins_triggered: bool,
    /// Free spins played.
    pub free_spins_played: u32,
    /// Retriggers in the free spins.
    pub retriggers: u32,
    /// The running multiplier when the round ended.
    pub running_multiplier: u32,
    /// x500 Multipliers that landed: in the base game, in the free spins.
    pub x500_multipliers: [u32; 2],
}

impl RoundOutcome {
    /// The figures the statistics need.
    pub fn summary(&self) -> RoundSummary {
        let mut s = RoundSummary {
            win: self.win.hundredths(),
            capped: self.capped,
            ..Default::default()
        };
        for (i, w) in self.by_source.iter().enumerate() {
            s.by_source[i] = w.hundredths();
        }
        s.feature_triggers[0] = self.free_spins_triggered as u32;
        s.feature_wins[0] = self.by_source[SRC_FREE].hundredths();
        s.feature_triggers[1] = !self.base_multiplier_win.is_zero() as u32;
        s.feature_wins[1] = self.base_multiplier_win.hundredths();
        s.awards[0] = self.x500_multipliers[0];
        s.awards[1] = self.x500_multipliers[1];
        s
    }
}

/// Which table a cell is drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Table {
    /// The standard base game.
    Base,
    /// The ante base game.
    AnteBase,
    /// The free spins.
    FreeSpins,
}

/// Where new cells come from. In play, the math model's tables and the round's generator
/// ([`RngCells`]); in rule tests, a scripted list of cells, so that a test can state the exact
/// grids and refills of a round and its exact win.
pub(crate) trait CellSource {
    /// The grid code of the next new cell, drawn from `table`.
    fn cell(&mut self, table: Table) -> u8;

    /// Fills `out` with new cells drawn from `table`, in order (the same cells as that many
    /// calls of [`CellSource::cell`]).
    #[inline(always)]
    fn cells(&mut self, table: Table, out: &mut [u8]) {
        for c in out {
            *c = self.cell(table);
        }
    }
}

/// Cells drawn from the model's tables with a generator.
struct RngCells<'a, R: ?Sized> {
    tables: &'a Tables,
    codes: &'a CellCodes,
    rng: &'a mut R,
}

/// The grid code of each outcome of the three cell tables (base, ante base, free spins), so a
/// draw is one table look-up; [`MULTIPLIER`] stands for "a Multiplier, its value drawn next".
/// With them, per table, the code of each guide bucket of the cell weights
/// ([`WeightedTable::bucket`]), so that nearly every cell is one bounded draw and one look-up.
#[derive(Clone, Debug)]
struct CellCodes {
    codes: [Box<[u8]>; 3],
    buckets: [Box<[u8; GUIDE_BUCKETS]>; 3],
}

/// A bucket entry of [`CellCodes`]: the cell is not a bucket look-up (the bucket holds draws of
/// two outcomes, or its outcome is the Multiplier, whose value is drawn next), find it by
/// [`WeightedTable::index_of_draw`]. Every real code is below it.
const BY_SEARCH: u8 = u8::MAX;

impl CellCodes {
    fn new(t: &Tables) -> Self {
        let codes = |table: &WeightedTable<Drawn>| -> Box<[u8]> {
            table
                .values()
                .iter()
                .map(|d| match *d {
                    Drawn::Paying(s) => s,
                    Drawn::Scatter => SCATTER,
                    Drawn::Multiplier => MULTIPLIER,
                })
                .collect()
        };
        let codes = [codes(&t.base), codes(&t.ante_base), codes(&t.free_spins)];
        let buckets = |table: &WeightedTable<Drawn>, codes: &[u8]| {
            Box::new(std::array::from_fn(|k| match table.bucket_outcome(k) {
                Some(i) if codes[i] != MULTIPLIER => codes[i],
                _ => BY_SEARCH,
            }))
        };
        let buckets = [
            buckets(&t.base, &codes[0]),
            buckets(&t.ante_base, &codes[1]),
            buckets(&t.free_spins, &codes[2]),
        ];
        CellCodes { codes, buckets }
    }
}

impl<R: Rng + ?Sized> CellSource for RngCells<'_, R> {
    #[inline(always)]
    fn cell(&mut self, table: Table) -> u8 {
        CellTable::of(self.tables, self.codes, table).draw(self.rng)
    }

    #[inline(always)]
    fn cells(&mut self, table: Table, out: &mut [u8]) {
        draw_cells(CellTable::of(self.tables, self.codes, table), self.rng, out);
    }
}

/// What one cell table draws from: the cell weights, the grid code of each outcome and of
/// each guide bucket, and the Multiplier values.
#[derive(Clone, Copy)]
struct CellTable<'a> {
    cells: &'a WeightedTable<Drawn>,
    codes: &'a [u8],
    buckets: &'a [u8; GUIDE_BUCKETS],
    values: &'a WeightedTable<u8>,
}

impl<'a> CellTable<'a> {
    #[inline(always)]
    fn of(t: &'a Tables, codes: &'a CellCodes, table: Table) -> Self {
        let (cells, i, values) = match table {
            Table::Base => (&t.base, 0, &t.base_values),
            Table::AnteBase => (&t.ante_base, 1, &t.base_values),
            Table::FreeSpins => (&t.free_spins, 2, &t.free_spin_values),
        };
        CellTable {
            cells,
            codes: &codes.codes[i],
            buckets: &codes.buckets[i],
            values,
        }
    }

    /// One cell: a draw from the cell weights, then, for a Multiplier, a draw of its value.
    /// The draw `r` is looked up in its bucket; only a bucket of two outcomes or of the
    /// Multiplier goes on to [`Self::code_by_search`]. Same words, same cells as
    /// `codes[cells.sample_index(rng)]` (a test checks it).
    #[inline(always)]
    fn draw<R: Rng + ?Sized>(self, rng: &mut R) -> u8 {
        self.draw_of_total(self.cells.total(), rng)
    }

    /// [`Self::draw`] with the cell weights' total given (read once for a batch of cells).
    #[inline(always)]
    fn draw_of_total<R: Rng + ?Sized>(self, total: u32, rng: &mut R) -> u8 {
        let r = bounded(rng, total);
        // The mask keeps the index in range without a check; `bucket` is already below.
        let code = self.buckets[self.cells.bucket(r) & (GUIDE_BUCKETS - 1)];
        if code != BY_SEARCH {
            return code;
        }
        // Out of line and without the generator, so that the generator's state stays in
        // registers through a batch of draws.
        let code = self.code_by_search(r);
        if code == MULTIPLIER {
            MULTIPLIER + *self.values.sample(rng)
        } else {
            code
        }
    }

    /// The code of draw `r` by the cumulative search.
    #[inline(never)]
    fn code_by_search(self, r: u32) -> u8 {
        // r is below the total, so its index is in range.
        self.codes[self.cells.index_of_draw(r)]
    }
}

/// [`RngCells::cells`]: the cells of a landing or a refill drawn in one loop, exactly as
/// [`RngCells::cell`] draws them one by one (same generator words, same order). The generator
/// is an argument of its own, so the compiler knows nothing else in the loop writes it and
/// keeps its state in registers instead of storing and reloading it for every cell (about 6 %
/// fewer instructions per round).
#[inline(never)]
fn draw_cells<R: Rng + ?Sized>(table: CellTable<'_>, rng: &mut R, out: &mut [u8]) {
    let total = table.cells.total();
    for c in out {
        *c = table.draw_of_total(total, rng);
    }
}

/// The game with its math model: plays rounds and evaluates grids.
#[derive(Clone, Debug)]
pub struct StarlightChristmas {
    tables: Tables,
    codes: CellCodes,
    fingerprint: Fingerprint,
    model: MathModel,
}

/// The end of one tumble sequence.
struct Sequence {
    /// Symbol wins of the landed grid (before the first tumble).
    first: Win,
    /// All symbol wins of the sequence, unmultiplied.
    total: Win,
    /// The symbol wins alone reached the cap: stop at once.
    capped: bool,
}

/// The round's ledger: every payment goes through it ([`SOURCES`] order).
type RoundLedger = Ledger<4>;

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

    /// The math model the game was built from.
    pub fn model(&self) -> &MathModel {
        &self.model
    }

    /// The fingerprint of the math model the game was built from
    /// ([`MathModel::fingerprint`]).
    pub fn fingerprint(&self) -> slot_core::fingerprint::Fingerprint {
        self.fingerprint
    }

    /// The game with the standard (shipped) math model, for both bet modes.
    pub fn standard() -> Self {
        Self::new(&MathModel::standard()).expect("the shipped model is valid (tested)")
    }

    /// Lands a fresh grid in `grid` (whatever it held is gone): 30 cells drawn in row-major
    /// order.
    #[inline]
    fn land<S: CellSource>(grid: &mut ScGrid, table: Table, src: &mut S) {
        let mut cells = [0u8; ScGrid::CELLS];
        src.cells(table, &mut cells);
        grid.fill_from_codes(&cells);
    }

    /// Plays the tumble sequence of `grid` to its end. `paid` is what the round has paid
    /// before this sequence (for the cap). Symbol wins are recorded as they are found; their
    /// money moves when the sequence ends ([`Event::SequenceEnd`]).
    fn tumble<S: CellSource, Rec: Recorder>(
        grid: &mut ScGrid,
        table: Table,
        paid: Win,
        src: &mut S,
        rec: &mut Rec,
    ) -> Sequence {
        let mut seq = Sequence {
            first: Win::ZERO,
            total: Win::ZERO,
            capped: false,
        };
        let mut first = true;
        loop {
            let (w, cells) = pay_anywhere(grid, |s, n, m, w| {
                rec.record(|| Event::Win {
                    symbol: TEXT_CODES[s as usize].into(),
                    pays: PayRule::Anywhere,
                    cells: cells_rc(m),
                    count: n,
                    line: None,
                    ways: None,
                    pay: w,
                    multiplier: None,
                    paid: None,
                    uncapped: None,
                })
            });
            if w.is_zero() {
                return seq;
            }
            if first {
                seq.first = w;
                first = false;
            }
            // Checked `Win` sums; bounded: `paid` and the total before this tumble are below
            // the cap, and one grid's symbol wins are at most 75 x bet.
            seq.total += w;
            if paid + seq.total >= CAP.limit {
                seq.capped = true;
                return seq;
            }
            grid.remove(cells);
            grid.apply_gravity();
            rec.record(|| Event::Tumble {
                removed: cells_rc(cells),
                wilds: Vec::new(),
                multiplier: None,
                grid: grid_text(grid),
            });
            // The new cells are drawn first, one per empty cell, in the order the refill
            // places them.
            let mut new = [0u8; ScGrid::CELLS];
            let n = grid.vacant().count_ones() as usize;
            src.cells(table, &mut new[..n]);
            let mut k = 0;
            grid.refill(|_, _| {
                k += 1;
                new[k - 1]
            });
            rec.record(|| Event::Refill {
                grid: grid_text(grid),
            });
        }
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
            game: GameId::StarlightChristmas,
            mode: mode.stake_mode(),
            model: self.fingerprint,
        });
        Self::play_with(
            mode,
            &mut RngCells {
                tables: &self.tables,
                codes: &self.codes,
                rng,
            },
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
        let mut grid = ScGrid::empty();
        Self::land(&mut grid, base_table, src);
        rec.record(|| Event::Landed {
            grid: grid_text(&grid),
            reel_set: None,
            stops: None,
            stars: None,
        });
        let seq = Self::tumble(&mut grid, base_table, Win::ZERO, src, rec);
        // Multipliers are never removed within a sequence: its last grid holds every one
        // that landed in it.
        out.x500_multipliers[0] =
            out.x500_multipliers[0].saturating_add(grid.plane(X500).count_ones());
        Self::settle_base(&grid, &seq, &mut ledger, &mut out, rec);
        if !ledger.capped() {
            let n = Self::pay_scatters(&grid, SRC_SCATTER, &mut ledger, rec);
            if !ledger.capped() && n >= TRIGGER_SCATTERS {
                out.free_spins_triggered = true;
                Self::free_spins(&mut grid, &mut ledger, &mut out, src, rec);
            }
        }
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

    /// Counts the Scatters on the grid at the end of a sequence and pays them to `source`.
    /// Returns the count.
    fn pay_scatters<Rec: Recorder>(
        grid: &ScGrid,
        source: usize,
        ledger: &mut RoundLedger,
        rec: &mut Rec,
    ) -> u32 {
        let n = scatters(grid);
        let pay = scatter_pay(n);
        if !pay.is_zero() {
            let p = ledger.pay(source, pay);
            rec.record(|| Event::Win {
                symbol: "SC".into(),
                pays: PayRule::Scatter,
                cells: cells_rc(grid.plane(SCATTER)),
                count: n,
                line: None,
                ways: None,
                pay,
                multiplier: Some(1),
                paid: Some(p.paid),
                uncapped: p.uncapped,
            });
        }
        n
    }

    /// Records the end of a sequence that won: its symbol win, the multiplier applied and
    /// what was paid.
    fn record_sequence_end<Rec: Recorder>(
        rec: &mut Rec,
        symbol_win: Win,
        multiplier_sum: u32,
        multiplier: u32,
        paid: Payment,
    ) {
        rec.record(|| Event::SequenceEnd {
            symbol_win,
            multiplier_sum,
            multiplier,
            paid: paid.paid,
            uncapped: paid.uncapped,
        });
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
        Self::record_sequence_end(rec, seq.total, m, applied, Payment { paid, uncapped });
    }

    /// Plays the free spins until none are left or the cap is reached. Each spin lands in
    /// `grid` (the base game's, done with by then).
    fn free_spins<S: CellSource, Rec: Recorder>(
        grid: &mut ScGrid,
        ledger: &mut RoundLedger,
        out: &mut RoundOutcome,
        src: &mut S,
        rec: &mut Rec,
    ) {
        let table = Table::FreeSpins;
        let mut left = FREE_SPINS;
        rec.record(|| Event::FreeSpinsAwarded {
            spins: FREE_SPINS,
            source: AwardSource::Scatter,
            free_spins_left: left,
        });
        // The running multiplier rises only on a spin that wins (at least 0.01 x bet) and is
        // applied at once to that win: a value of 500,000 or more would reach the 5,000 x cap
        // and end the round, so before its last rise it is below 500,000 and after it below
        // 500,000 + 15,000 (a grid's Multipliers add at most 30 x 500); `saturating_add`
        // never saturates. The spin counts have no such bound (retriggers need no win):
        // 2^32 free spins in one round never come from a fair generator, and the counts
        // saturate so that a broken one cannot wrap them (one instruction per spin).
        let mut running: u32 = 0;
        while left > 0 && !ledger.capped() {
            left -= 1;
            out.free_spins_played = out.free_spins_played.saturating_add(1);
            let number = out.free_spins_played;
            rec.record(|| Event::SpinStart {
                spin: SpinKind::Free,
                number,
                free_spins_left: Some(left),
                multiplier: None,
            });
            Self::land(grid, table, src);
            rec.record(|| Event::Landed {
                grid: grid_text(grid),
                reel_set: None,
                stops: None,
                stars: None,
            });
            let seq = Self::tumble(grid, table, ledger.total(), src, rec);
            out.x500_multipliers[1] =
                out.x500_multipliers[1].saturating_add(grid.plane(X500).count_ones());
            let m = multiplier_sum(grid);
            if seq.capped {
                let p = ledger.pay(SRC_FREE, seq.total);
                Self::record_sequence_end(rec, seq.total, m, 1, p);
                break;
            }
            if !seq.total.is_zero() {
                let applied = if m > 0 {
                    running = running.saturating_add(m);
                    let value = running;
                    rec.record(|| Event::RunningMultiplier { value });
                    running
                } else {
                    1
                };
                let p = ledger.pay(SRC_FREE, seq.total.times(u64::from(applied)));
                Self::record_sequence_end(rec, seq.total, m, applied, p);
                if ledger.capped() {
                    break;
                }
            }
            let n = Self::pay_scatters(grid, SRC_FREE, ledger, rec);
            if ledger.capped() {
                break;
            }
            if n >= RETRIGGER_SCATTERS {
                left = left.saturating_add(RETRIGGER_SPINS);
                out.retriggers = out.retriggers.saturating_add(1);
                rec.record(|| Event::FreeSpinsAwarded {
                    spins: RETRIGGER_SPINS,
                    source: AwardSource::Retrigger,
                    free_spins_left: left,
                });
            }
        }
        out.running_multiplier = running;
    }
}

/// The cells of a chosen grid first (row-major, as [`StarlightChristmas::land`] draws them),
/// then cells drawn from the model's tables.
struct GridFirst<'a, R: ?Sized> {
    grid: [u8; ScGrid::CELLS],
    next: usize,
    rest: RngCells<'a, R>,
}

impl<R: Rng + ?Sized> CellSource for GridFirst<'_, R> {
    fn cell(&mut self, table: Table) -> u8 {
        match self.grid.get(self.next) {
            Some(&code) => {
                self.next += 1;
                code
            }
            None => self.rest.cell(table),
        }
    }
}

impl StarlightChristmas {
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
            game: GameId::StarlightChristmas,
            mode: mode.stake_mode(),
            model: self.fingerprint,
        });
        let mut src = GridFirst {
            grid: std::array::from_fn(|i| grid.get(i).unwrap_or(SCATTER)),
            next: 0,
            rest: RngCells {
                tables: &self.tables,
                codes: &self.codes,
                rng,
            },
        };
        Self::play_with(mode, &mut src, rec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slot_core::sim::batch_rng;

    /// The batch draw of a landing or refill takes the same generator words, in the same
    /// order, as drawing cell by cell: same cells, and the generator ends in the same state.
    #[test]
    fn cells_in_one_loop_equal_cells_one_by_one() {
        let game = StarlightChristmas::standard();
        for table in [Table::Base, Table::AnteBase, Table::FreeSpins] {
            for seed in 0..200 {
                let (mut a, mut b) = (batch_rng(seed, 3), batch_rng(seed, 3));
                let mut one = RngCells {
                    tables: &game.tables,
                    codes: &game.codes,
                    rng: &mut a,
                };
                let single: Vec<u8> = (0..ScGrid::CELLS).map(|_| one.cell(table)).collect();
                let mut batch = [0u8; ScGrid::CELLS];
                RngCells {
                    tables: &game.tables,
                    codes: &game.codes,
                    rng: &mut b,
                }
                .cells(table, &mut batch);
                assert_eq!(single, batch, "{table:?}, seed {seed}");
                assert_eq!(a.next_u64(), b.next_u64(), "{table:?}, seed {seed}");
            }
        }
    }

    /// Every draw of every cell table: its bucket's code, unless the bucket goes to the
    /// search, is the code of the draw's outcome by the cumulative search; a Multiplier never
    /// comes from a bucket (its value is drawn next). And from 200 seeds a landing by buckets
    /// takes the same words and gives the same cells as the plain weighted draw.
    #[test]
    fn bucket_codes_equal_the_weighted_draw() {
        let game = StarlightChristmas::standard();
        for table in [Table::Base, Table::AnteBase, Table::FreeSpins] {
            let t = CellTable::of(&game.tables, &game.codes, table);
            let mut looked_up = 0u64;
            for r in 0..t.cells.total() {
                let want = t.codes[t.cells.index_of_draw(r)];
                let code = t.buckets[t.cells.bucket(r)];
                if code != BY_SEARCH {
                    assert_eq!(code, want, "{table:?}, draw {r}");
                    looked_up += 1;
                } else {
                    assert!(
                        want == MULTIPLIER || t.cells.bucket_outcome(t.cells.bucket(r)).is_none()
                    );
                }
            }
            // Nearly every draw (over 90 %) is a look-up.
            assert!(
                looked_up * 10 > u64::from(t.cells.total()) * 9,
                "{table:?}: {looked_up}"
            );
            for seed in 0..200 {
                let (mut a, mut b) = (batch_rng(seed, 5), batch_rng(seed, 5));
                let plain: Vec<u8> = (0..ScGrid::CELLS)
                    .map(|_| {
                        let code = t.codes[t.cells.sample_index(&mut a)];
                        if code == MULTIPLIER {
                            MULTIPLIER + *t.values.sample(&mut a)
                        } else {
                            code
                        }
                    })
                    .collect();
                let by_bucket: Vec<u8> = (0..ScGrid::CELLS).map(|_| t.draw(&mut b)).collect();
                assert_eq!(plain, by_bucket, "{table:?}, seed {seed}");
                assert_eq!(a.next_u64(), b.next_u64(), "{table:?}, seed {seed}");
            }
        }
    }
}
