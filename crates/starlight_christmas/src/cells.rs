//! Where new cells come from (the crate's decisions 1 and 2): the three cell tables of the
//! math model (base, ante base, free spins) and their Multiplier values, drawn with the
//! round's generator (`RngCells`), or a chosen grid first (`GridFirst`); and the landing of
//! a fresh grid.

use crate::math_model::{CELL_BITS, CELL_OUTCOMES, Tables};
use crate::symbols::{Drawn, MULTIPLIER, SCATTER, SYMBOLS, ScGrid};
use rand_core::Rng;
use slot_core::bit_draws::{BitPool, Pow2Table};

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

    /// The free spins start: a source drawing bits of generator words drops the bits left of
    /// the base game's last word, so that the free spins draw exactly as when played alone
    /// (the split estimate plays them so). Dropping uniform bits biases nothing.
    #[inline(always)]
    fn start_free_spins(&mut self) {}

    /// Fills `out` with new cells drawn from `table`, in order (the same cells as that many
    /// calls of [`CellSource::cell`]).
    #[inline(always)]
    fn cells(&mut self, table: Table, out: &mut [u8]) {
        for c in out {
            *c = self.cell(table);
        }
    }

    /// Lands a fresh grid as [`land`] does (the same cells, the same draws), and tells
    /// whether it is *quiet*: no paying symbol on 8 or more cells, fewer than 4 Scatters and
    /// no Multiplier, so that its spin ends at once without a win, a Scatter pay or a
    /// trigger. A quiet grid may be left unfilled (`grid` then holds whatever it held); a
    /// grid that is not quiet, or not known to be, is filled and `false` returned. For a
    /// paid spin played without a record (the simulator's), which needs no grid that won
    /// nothing.
    #[inline(always)]
    fn land_quiet(&mut self, table: Table, grid: &mut ScGrid) -> bool {
        land(grid, table, self);
        false
    }
}

/// One cell of each paying symbol or the Scatter counted in a 5-bit field of a `u64`: code
/// `s` (0 to 9) adds `1 << 5 s`. A grid of 30 cells counts at most 30 in a field, so no
/// field carries into the next. The Multiplier codes count nothing (a landing with a
/// Multiplier is never taken for quiet), and a look-up entry that is not a code
/// ([`BY_SEARCH`], [`A_MULTIPLIER`]) counts [`NOT_PLAIN`], so that the counts of a word's
/// five cells (below `NOT_PLAIN` unless one of them is such an entry) also tell whether all
/// of them were plain look-ups. 256 entries, so that any byte indexes it.
const ONE_CELL: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut s = 0;
    while s <= SCATTER as usize {
        t[s] = 1 << (5 * s);
        s += 1;
    }
    t[A_MULTIPLIER as usize] = NOT_PLAIN;
    t[BY_SEARCH as usize] = NOT_PLAIN;
    t
};

/// What a look-up entry that is not a code counts in [`ONE_CELL`]: above the largest count
/// of a word's plain cells (the ten 5-bit fields end at bit 50), and five of it stay below
/// 2^64.
const NOT_PLAIN: u64 = 1 << 60;

/// The bits of the counts ([`ONE_CELL`]) that make a landing loud: 8 or more of a paying
/// symbol (bit 3 or 4 of its field) or 4 or more Scatters (bit 2, 3 or 4 of its field).
const LOUD: u64 = {
    let mut m = 0u64;
    let mut s = 0;
    while s < SCATTER as usize {
        m |= 0b11000 << (5 * s);
        s += 1;
    }
    m | 0b11100 << (5 * SCATTER as usize)
};

/// Lands a fresh grid in `grid` (whatever it held is gone): 30 cells drawn in row-major
/// order.
#[inline]
pub(crate) fn land<S: CellSource + ?Sized>(grid: &mut ScGrid, table: Table, src: &mut S) {
    let mut cells = [0u8; ScGrid::CELLS];
    src.cells(table, &mut cells);
    grid.fill_from_codes(&cells);
}

/// Cells drawn from the model's tables with a generator, a few bits of each generator word
/// per draw ([`BitPool`]): a cell takes its head, [`HEAD_BITS`] (12, so five cells per
/// 64-bit word), and only when the head is shared by two or more outcomes its tail,
/// [`TAIL_BITS`] (8) more; a Multiplier's value takes the value table's bits (16 in the
/// shipped model). The pool starts empty with each round and again when the free spins
/// start, so a round is a function of the generator's state at its start alone, and its free
/// spins draw exactly as when played alone.
pub(crate) struct RngCells<'a, R: ?Sized> {
    tables: &'a Tables,
    codes: &'a CellCodes,
    pool: BitPool,
    rng: &'a mut R,
}

impl<'a, R: ?Sized> RngCells<'a, R> {
    /// Cells of `tables` (their codes worked out once in `codes`) drawn with `rng`, from an
    /// empty pool of bits.
    #[inline]
    pub(crate) fn new(tables: &'a Tables, codes: &'a CellCodes, rng: &'a mut R) -> Self {
        RngCells {
            tables,
            codes,
            pool: BitPool::new(),
            rng,
        }
    }

    /// Cells drawn with `rng` after the bits `pool` holds (a round's draws continued from a
    /// state kept between two free spins: `crate::splitting`).
    #[inline(always)]
    pub(crate) fn with_pool(
        tables: &'a Tables,
        codes: &'a CellCodes,
        rng: &'a mut R,
        pool: BitPool,
    ) -> Self {
        RngCells {
            tables,
            codes,
            pool,
            rng,
        }
    }

    /// The bits left of the last generator word drawn: what the next draws take first.
    #[inline(always)]
    pub(crate) fn pool(&self) -> BitPool {
        self.pool
    }
}

/// The bits a cell's draw takes first, its *head*: the top [`HEAD_BITS`] of the 20-bit draw
/// `r` (`r >> TAIL_BITS`), and the index of its look-up entry. Five heads fit one 64-bit
/// word (the 4 bits left are dropped).
const HEAD_BITS: u32 = 12;
/// The bits a cell's draw takes after its head only when the head's entry holds draws of two
/// or more outcomes: the low [`TAIL_BITS`] of `r`, so that `r = head << TAIL_BITS | tail`.
const TAIL_BITS: u32 = CELL_BITS - HEAD_BITS;
/// A word's bits `HEAD_MASK << (k * HEAD_BITS)` are its head `k`.
const HEAD_MASK: u64 = (1 << HEAD_BITS) - 1;
/// Cells whose heads one generator word holds.
const HEADS_PER_WORD: usize = (u64::BITS / HEAD_BITS) as usize;

/// The grid codes of one cell table: per outcome ([`CELL_OUTCOMES`] order; [`MULTIPLIER`]
/// stands for "a Multiplier, its value drawn next"), and per head (look-up entry), so that
/// nearly every cell but a Multiplier (whose value follows) is [`HEAD_BITS`] bits and one
/// look-up.
#[derive(Clone, Debug)]
struct CodeTable {
    /// Per outcome.
    codes: [u8; 11],
    /// Per head: the code if every draw of the head is one outcome and it is not the
    /// Multiplier; [`A_MULTIPLIER`] if every draw is the Multiplier; else [`BY_SEARCH`].
    lookup: [u8; 1 << HEAD_BITS],
}

/// A look-up entry of a [`CodeTable`]: the head's draws belong to two or more outcomes; the cell
/// takes its tail and is found by [`Pow2Table::index_of`]. Every real code is below it.
const BY_SEARCH: u8 = u8::MAX;
/// A look-up entry of a [`CodeTable`]: every draw of the head is the Multiplier; the cell
/// takes no tail, its value is drawn next.
const A_MULTIPLIER: u8 = u8::MAX - 1;

impl CodeTable {
    fn new(cells: &Pow2Table) -> Self {
        let codes = CELL_OUTCOMES.map(|d| match d {
            Drawn::Paying(s) => s,
            Drawn::Scatter => SCATTER,
            Drawn::Multiplier => MULTIPLIER,
        });
        // The model's checks made every cell table's total 2^CELL_BITS.
        debug_assert_eq!(cells.bits(), CELL_BITS);
        let mut lookup = [BY_SEARCH; 1 << HEAD_BITS];
        for (head, code) in lookup.iter_mut().enumerate() {
            // The draws of the head are lo..=hi; the outcomes are in cumulative order, so one
            // outcome owns them all when the first and the last draw agree.
            let lo = (head as u32) << TAIL_BITS;
            let hi = lo + ((1u32 << TAIL_BITS) - 1);
            let (first, last) = (cells.index_of(lo), cells.index_of(hi));
            if first == last {
                *code = match codes[first] {
                    MULTIPLIER => A_MULTIPLIER,
                    c => c,
                };
            }
        }
        CodeTable { codes, lookup }
    }
}

/// The [`CodeTable`]s of the three cell tables (base, ante base, free spins), worked out once
/// per game.
#[derive(Clone, Debug)]
pub(crate) struct CellCodes {
    tables: [CodeTable; 3],
}

impl CellCodes {
    /// The codes of the three cell tables of `t`.
    pub(crate) fn new(t: &Tables) -> Self {
        CellCodes {
            tables: [
                CodeTable::new(&t.base),
                CodeTable::new(&t.ante_base),
                CodeTable::new(&t.free_spins),
            ],
        }
    }
}

impl<R: Rng + ?Sized> CellSource for RngCells<'_, R> {
    #[inline(always)]
    fn start_free_spins(&mut self) {
        self.pool = BitPool::new();
    }

    #[inline(always)]
    fn cell(&mut self, table: Table) -> u8 {
        CellTable::of(self.tables, self.codes, table).draw(self.rng, &mut self.pool)
    }

    #[inline(always)]
    fn cells(&mut self, table: Table, out: &mut [u8]) {
        draw_cells(
            CellTable::of(self.tables, self.codes, table),
            self.rng,
            &mut self.pool,
            out,
        );
    }

    /// The counts of a landing's cells come with its whole-word draws (one addition per
    /// cell); a landing with a cell drawn one by one (a shared head, a Multiplier) is never
    /// taken for quiet. A quiet grid is not filled.
    #[inline(always)]
    fn land_quiet(&mut self, table: Table, grid: &mut ScGrid) -> bool {
        let mut cells = [0u8; ScGrid::CELLS];
        let counts = draw_cells(
            CellTable::of(self.tables, self.codes, table),
            self.rng,
            &mut self.pool,
            &mut cells,
        );
        if counts.is_some_and(|c| c & LOUD == 0) {
            return true;
        }
        grid.fill_from_codes(&cells);
        false
    }
}

/// What one cell table draws from: the cell weights, the grid codes of its outcomes and
/// look-up entries, and the Multiplier values.
#[derive(Clone, Copy)]
struct CellTable<'a> {
    cells: &'a Pow2Table,
    codes: &'a CodeTable,
    /// `codes.lookup`, a reference of its own so that a loop keeps it in a register.
    lookup: &'a [u8; 1 << HEAD_BITS],
    values: &'a Pow2Table,
}

impl<'a> CellTable<'a> {
    #[inline(always)]
    fn of(t: &'a Tables, codes: &'a CellCodes, table: Table) -> Self {
        let (cells, i, values) = match table {
            Table::Base => (&t.base, 0, &t.base_values),
            Table::AnteBase => (&t.ante_base, 1, &t.base_values),
            Table::FreeSpins => (&t.free_spins, 2, &t.free_spin_values),
        };
        let codes = &codes.tables[i];
        CellTable {
            cells,
            codes,
            lookup: &codes.lookup,
            values,
        }
    }

    /// One cell: its head ([`HEAD_BITS`] bits of the pool), looked up; a head of two or more
    /// outcomes takes its tail ([`TAIL_BITS`] more) and goes on to [`Self::code_by_search`];
    /// a Multiplier's value is drawn next from the pool. The same cells as a plain reading
    /// of that rule with the cumulative search alone (a test checks it).
    #[inline(always)]
    fn draw<R: Rng + ?Sized>(self, rng: &mut R, pool: &mut BitPool) -> u8 {
        let head = pool.take_bits::<HEAD_BITS, R>(rng);
        // head is below 2^HEAD_BITS: no check.
        let code = self.lookup[head as usize];
        if code < A_MULTIPLIER {
            return code;
        }
        let code = if code == BY_SEARCH {
            let tail = pool.take_bits::<TAIL_BITS, R>(rng);
            // Out of line and without the generator, so that the generator's state stays in
            // registers through a batch of draws.
            self.code_by_search(head << TAIL_BITS | tail)
        } else {
            MULTIPLIER
        };
        if code == MULTIPLIER {
            MULTIPLIER + self.values.sample(rng, pool) as u8
        } else {
            code
        }
    }

    /// The code of draw `r` by the cumulative search.
    #[inline(never)]
    fn code_by_search(self, r: u32) -> u8 {
        // r is below 2^CELL_BITS, so its index is one of the 11 outcomes.
        self.codes.codes[self.cells.index_of(r)]
    }
}

/// [`RngCells::cells`]: the cells of a landing or a refill drawn in one loop, exactly as
/// [`RngCells::cell`] draws them one by one (same generator words, same bits, same order).
/// The generator and the pool are arguments of their own, and the pool is copied into a
/// local, so the compiler knows nothing else in the loop writes them and keeps their state in
/// registers instead of storing and reloading it for every cell. Inlined into its callers
/// (the landing, the refill): the cost of a call measured more than the code it adds.
///
/// When the pool needs a new word for the next cell and [`HEADS_PER_WORD`] (5) or more cells
/// are left, the word is split into its five heads (bits 0-11, 12-23, ..., 48-59) in
/// straight-line code: five look-ups of the code and five of its count ([`ONE_CELL`]), whose
/// sum also tells whether all five were plain look-ups; the 4 bits left stay in the pool, as
/// five takes leave them, and the next word goes the same way. If one of the five is not a
/// plain look-up (its head is shared and takes a tail, or it is a Multiplier, whose value
/// takes the next bits), the word goes into the pool whole and the cells are drawn one by one
/// from it, as [`CellTable::draw`] draws them.
///
/// Returns the counts of the cells by code ([`ONE_CELL`]) when every cell came from a
/// whole word's plain look-ups, else `None` (a caller that does not use them pays nothing
/// for them: the function is inlined and the sums are dropped).
#[inline(always)]
fn draw_cells<R: Rng + ?Sized>(
    table: CellTable<'_>,
    rng: &mut R,
    pool: &mut BitPool,
    out: &mut [u8],
) -> Option<u64> {
    // The heads of one word fit it.
    const { assert!(HEADS_PER_WORD as u32 * HEAD_BITS <= u64::BITS) };
    // The two entries that are not codes are none of the grid's codes, and the counts of a
    // word's plain cells stay below NOT_PLAIN (ten 5-bit fields, at most 5 in each).
    const { assert!(SYMBOLS < A_MULTIPLIER as usize && 5 * (1 << 45) < NOT_PLAIN) };
    let lookup = table.lookup;
    let mut p = *pool;
    let mut i = 0;
    // The counts of the cells from whole words, and whether every cell came from one.
    let mut counts = 0u64;
    let mut whole_words = true;
    while i < out.len() {
        if p.bits_left() < HEAD_BITS {
            // Whole words, five cells each, while they are all plain look-ups.
            while let Some(word_cells) = out.get_mut(i..i + HEADS_PER_WORD) {
                let w = rng.next_u64();
                // Widened at once: the counts' look-up takes them as they are.
                let codes: [usize; HEADS_PER_WORD] = std::array::from_fn(|k| {
                    usize::from(lookup[((w >> (k as u32 * HEAD_BITS)) & HEAD_MASK) as usize])
                });
                // The word's counts; a head that is not a plain look-up adds NOT_PLAIN.
                let word_counts: u64 = codes.iter().map(|&c| ONE_CELL[c & 0xff]).sum();
                if word_counts >= NOT_PLAIN {
                    p.set_word(w, 0);
                    break;
                }
                for (cell, &c) in word_cells.iter_mut().zip(&codes) {
                    // A plain look-up: a grid code, below SYMBOLS.
                    *cell = c as u8;
                }
                counts += word_counts;
                p.set_word(w, HEADS_PER_WORD as u32 * HEAD_BITS);
                i += HEADS_PER_WORD;
            }
            if i == out.len() {
                break;
            }
        }
        out[i] = table.draw(rng, &mut p);
        whole_words = false;
        i += 1;
    }
    *pool = p;
    whole_words.then_some(counts)
}

/// The cells of a chosen grid first (row-major, as [`land`] draws them),
/// then cells drawn from the model's tables.
pub(crate) struct GridFirst<'a, R: ?Sized> {
    grid: [u8; ScGrid::CELLS],
    next: usize,
    rest: RngCells<'a, R>,
}

impl<R: Rng + ?Sized> CellSource for GridFirst<'_, R> {
    fn start_free_spins(&mut self) {
        self.rest.start_free_spins();
    }

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

impl<'a, R: ?Sized> GridFirst<'a, R> {
    /// The cells of `grid` (an empty cell as a Scatter), then those of `rest`.
    pub(crate) fn new(grid: &ScGrid, rest: RngCells<'a, R>) -> Self {
        GridFirst {
            grid: std::array::from_fn(|i| grid.get(i).unwrap_or(SCATTER)),
            next: 0,
            rest,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math_model::MathModel;
    use slot_core::replay::batch_rng;

    /// The standard model's tables and their cell codes.
    fn standard() -> (Tables, CellCodes) {
        let tables = Tables::new(&MathModel::standard()).unwrap();
        let codes = CellCodes::new(&tables);
        (tables, codes)
    }

    /// The counts say loud exactly at 8 of a paying symbol or 4 Scatters, whatever else is
    /// on the grid, and a head that is not a plain look-up is seen in any word.
    #[test]
    fn counts_are_loud_at_8_of_a_symbol_or_4_scatters() {
        let count = |codes: &[u8]| codes.iter().map(|&c| ONE_CELL[usize::from(c)]).sum::<u64>();
        for s in 0..SCATTER {
            // 7 of `s` and 3 Scatters with 20 cells of the other paying symbols, 2 of each
            // at most 3: quiet; one more of `s`, or one more Scatter: loud.
            let others: Vec<u8> = (0..SCATTER).filter(|&o| o != s).collect();
            let mut grid: Vec<u8> = vec![s; 7];
            grid.extend([SCATTER; 3]);
            grid.extend(others.iter().cycle().take(20));
            assert_eq!(grid.len(), 30);
            assert_eq!(count(&grid) & LOUD, 0, "{grid:?}");
            let mut more = grid.clone();
            more[29] = s;
            assert_ne!(count(&more) & LOUD, 0, "{more:?}");
            let mut scatter = grid.clone();
            scatter[29] = SCATTER;
            assert_ne!(count(&scatter) & LOUD, 0, "{scatter:?}");
            // All 30 of one symbol: its field holds 30 and carries into no other.
            assert_eq!(count(&[s; 30]), 30 << (5 * u32::from(s)));
        }
        for code in [A_MULTIPLIER, BY_SEARCH] {
            for k in 0..HEADS_PER_WORD {
                let mut word = [SCATTER; HEADS_PER_WORD];
                word[k] = code;
                assert!(count(&word) >= NOT_PLAIN);
            }
        }
        assert!(count(&[SCATTER; HEADS_PER_WORD]) < NOT_PLAIN);
    }

    /// A quiet landing takes the very words and bits of [`land`], and says quiet exactly
    /// when the landed grid has no paying symbol on 8 or more cells, fewer than 4 Scatters
    /// and no Multiplier, and every cell was a plain look-up of a head of its first six words
    /// (worked out here from the words themselves); a landing that is not quiet is filled as
    /// [`land`] fills it. Both answers come up in every table.
    #[test]
    fn a_quiet_landing_is_a_landing_without_a_win_scatters_or_multipliers() {
        let (tables, codes) = standard();
        for table in [Table::Base, Table::AnteBase, Table::FreeSpins] {
            let mut answers = [0u32; 2];
            for seed in 0..2_000 {
                let (mut a, mut b) = (batch_rng(seed, 7), batch_rng(seed, 7));
                let mut plain = RngCells::new(&tables, &codes, &mut a);
                let mut landed = ScGrid::empty();
                land(&mut landed, table, &mut plain);
                let pool_plain = plain.pool;
                let mut quick = RngCells::new(&tables, &codes, &mut b);
                let mut grid = ScGrid::empty();
                let quiet = quick.land_quiet(table, &mut grid);
                assert_eq!(pool_plain, quick.pool, "{table:?}, seed {seed}");
                assert_eq!(a.next_u64(), b.next_u64(), "{table:?}, seed {seed}");
                let no_win = (0..SCATTER).all(|s| landed.count(s) < 8);
                let multipliers = (MULTIPLIER..SYMBOLS as u8).any(|m| landed.count(m) > 0);
                let quiet_grid = no_win && landed.count(SCATTER) < 4 && !multipliers;
                // Whether the landing's 30 cells were the plain look-ups of its first six
                // words' heads (five per word, lowest bits first).
                let mut c = batch_rng(seed, 7);
                let t = CellTable::of(&tables, &codes, table);
                let plain = (0..ScGrid::CELLS / HEADS_PER_WORD).all(|_| {
                    let w = c.next_u64();
                    (0..HEADS_PER_WORD as u32).all(|k| {
                        t.lookup[((w >> (k * HEAD_BITS)) & HEAD_MASK) as usize] < A_MULTIPLIER
                    })
                });
                assert_eq!(quiet, quiet_grid && plain, "{table:?}, seed {seed}");
                if !quiet {
                    assert_eq!(grid, landed, "{table:?}, seed {seed}");
                }
                answers[usize::from(quiet)] += 1;
            }
            assert!(answers.iter().all(|&n| n > 100), "{table:?}: {answers:?}");
        }
    }

    /// A landing drawn straight into the grid is the landing of 30 cells drawn one by one,
    /// with the generator and the pool in the same state after.
    #[test]
    fn a_landing_is_its_cells_one_by_one() {
        let (tables, codes) = standard();
        for table in [Table::Base, Table::AnteBase, Table::FreeSpins] {
            for seed in 0..200 {
                let (mut a, mut b) = (batch_rng(seed, 4), batch_rng(seed, 4));
                let mut one = RngCells::new(&tables, &codes, &mut a);
                let cells: Vec<u8> = (0..ScGrid::CELLS).map(|_| one.cell(table)).collect();
                let pool_one = one.pool;
                let mut landed = ScGrid::empty();
                let mut src = RngCells::new(&tables, &codes, &mut b);
                land(&mut landed, table, &mut src);
                assert_eq!(pool_one, src.pool, "{table:?}, seed {seed}");
                let mut want = ScGrid::empty();
                want.fill_from_codes(&cells);
                assert_eq!(landed, want, "{table:?}, seed {seed}");
                assert_eq!(a.next_u64(), b.next_u64(), "{table:?}, seed {seed}");
            }
        }
    }

    /// The batch draw of a landing or refill takes the same generator words and bits, in the
    /// same order, as drawing cell by cell: a whole grid from an empty pool first, then
    /// batches of every length from 1 to 30, one after the other from the same pool (as a
    /// landing's refills draw), whatever the bits left in the pool when a batch starts.
    #[test]
    fn batches_of_any_length_equal_cells_one_by_one() {
        let (tables, codes) = standard();
        for table in [Table::Base, Table::AnteBase, Table::FreeSpins] {
            for seed in 0..100 {
                let (mut a, mut b) = (batch_rng(seed, 6), batch_rng(seed, 6));
                let mut one = RngCells::new(&tables, &codes, &mut a);
                let mut many = RngCells::new(&tables, &codes, &mut b);
                let lengths = (1..=ScGrid::CELLS).chain((1..=ScGrid::CELLS).rev());
                for n in std::iter::once(ScGrid::CELLS).chain(lengths) {
                    let single: Vec<u8> = (0..n).map(|_| one.cell(table)).collect();
                    let mut batch = [0u8; ScGrid::CELLS];
                    many.cells(table, &mut batch[..n]);
                    assert_eq!(single, batch[..n], "{table:?}, seed {seed}, {n} cells");
                    assert_eq!(one.pool, many.pool, "{table:?}, seed {seed}, {n} cells");
                }
                assert_eq!(a.next_u64(), b.next_u64(), "{table:?}, seed {seed}");
            }
        }
    }

    /// A plain reading of the cell draw: the head's draws are all one outcome when its
    /// first and last draw are (the outcomes are in cumulative order); only then is the tail
    /// left untaken; a Multiplier's value follows.
    fn draw_plainly<R: Rng>(t: CellTable<'_>, rng: &mut R, pool: &mut BitPool) -> u8 {
        let head = pool.take(rng, HEAD_BITS);
        let lo = head << TAIL_BITS;
        let first = t.cells.index_of(lo);
        let i = if first == t.cells.index_of(lo | ((1 << TAIL_BITS) - 1)) {
            first
        } else {
            t.cells.index_of(lo | pool.take(rng, TAIL_BITS))
        };
        match t.codes.codes[i] {
            MULTIPLIER => MULTIPLIER + t.values.sample(rng, pool) as u8,
            code => code,
        }
    }

    /// Every draw of every cell table, all 2^20 of them: a head whose look-up is a code or
    /// the Multiplier holds only draws of that outcome, a shared head's draws are found by
    /// the search, and a Multiplier is never a plain look-up (its value is drawn next). Each
    /// outcome then comes with probability exactly weight / 2^20: a pure head (probability
    /// 2^-12) gives its outcome whatever the tail, a shared head's 2^8 tails (each 2^-20)
    /// give the outcome of their draw, and the two add up to the weight. From 200 seeds the
    /// look-up draw takes the same words and bits and gives the same cells as the plain
    /// reading of the rule.
    #[test]
    fn lookup_codes_equal_the_weighted_draw() {
        let (tables, codes) = standard();
        for table in [Table::Base, Table::AnteBase, Table::FreeSpins] {
            let t = CellTable::of(&tables, &codes, table);
            // Draws, in units of 2^-20, that give each outcome by the head-and-tail rule.
            let mut by_rule = [0u64; 11];
            let mut plain_lookups = 0u64;
            for head in 0..1u32 << HEAD_BITS {
                let lo = head << TAIL_BITS;
                let entry = t.lookup[head as usize];
                for r in lo..lo + (1 << TAIL_BITS) {
                    let i = t.cells.index_of(r);
                    let want = t.codes.codes[i];
                    match entry {
                        BY_SEARCH => {
                            assert_eq!(t.code_by_search(r), want, "{table:?}, draw {r}");
                            by_rule[i] += 1;
                        }
                        A_MULTIPLIER => assert_eq!(want, MULTIPLIER, "{table:?}, draw {r}"),
                        code => {
                            assert_eq!(code, want, "{table:?}, draw {r}");
                            assert_ne!(code, MULTIPLIER, "a Multiplier is never looked up");
                        }
                    }
                }
                if entry == BY_SEARCH {
                    // Truly shared: its first and last draw differ.
                    assert_ne!(
                        t.cells.index_of(lo),
                        t.cells.index_of(lo + (1 << TAIL_BITS) - 1)
                    );
                } else {
                    let i = t.cells.index_of(lo);
                    by_rule[i] += 1 << TAIL_BITS;
                    plain_lookups += u64::from(entry != A_MULTIPLIER);
                }
            }
            let weights: Vec<u64> = t.cells.weights().iter().map(|&w| u64::from(w)).collect();
            assert_eq!(by_rule.as_slice(), weights.as_slice(), "{table:?}");
            // Every head but the Multiplier's and at most one per boundary between outcomes
            // is a plain look-up.
            let multiplier_heads = weights[10] >> TAIL_BITS;
            assert!(
                plain_lookups + multiplier_heads + 10 + 2 >= 1 << HEAD_BITS,
                "{table:?}: {plain_lookups}"
            );
            for seed in 0..200 {
                let (mut a, mut b) = (batch_rng(seed, 5), batch_rng(seed, 5));
                let (mut pa, mut pb) = (BitPool::new(), BitPool::new());
                let plain: Vec<u8> = (0..ScGrid::CELLS)
                    .map(|_| draw_plainly(t, &mut a, &mut pa))
                    .collect();
                let by_lookup: Vec<u8> = (0..ScGrid::CELLS)
                    .map(|_| t.draw(&mut b, &mut pb))
                    .collect();
                assert_eq!(plain, by_lookup, "{table:?}, seed {seed}");
                assert_eq!(pa, pb, "{table:?}, seed {seed}");
                assert_eq!(a.next_u64(), b.next_u64(), "{table:?}, seed {seed}");
            }
        }
    }
}
