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
}

/// Lands a fresh grid in `grid` (whatever it held is gone): 30 cells drawn in row-major
/// order.
#[inline]
pub(crate) fn land<S: CellSource>(grid: &mut ScGrid, table: Table, src: &mut S) {
    let mut cells = [0u8; ScGrid::CELLS];
    src.cells(table, &mut cells);
    grid.fill_from_codes(&cells);
}

/// Cells drawn from the model's tables with a generator, a few bits of each generator word
/// per draw ([`BitPool`]): a cell takes [`CELL_BITS`] (20, so three cells per 64-bit word)
/// and a Multiplier's value the value table's bits (16 in the shipped model). The pool
/// starts empty with each round and again when the free spins start, so a round is a
/// function of the generator's state at its start alone, and its free spins draw exactly as
/// when played alone.
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
}

/// A look-up table of a cell table has `2^LOOKUP_BITS` entries (1 KiB of codes), each for
/// `2^SHIFT` draws.
const LOOKUP_BITS: u32 = 10;
/// [`CELL_BITS`] minus [`LOOKUP_BITS`]: `r >> SHIFT` is a draw's look-up entry.
const SHIFT: u32 = CELL_BITS - LOOKUP_BITS;

/// The grid codes of one cell table: per outcome ([`CELL_OUTCOMES`] order; [`MULTIPLIER`]
/// stands for "a Multiplier, its value drawn next"), and per look-up entry (the top
/// [`LOOKUP_BITS`] bits of a draw), so that nearly every cell is a few bits and one look-up.
#[derive(Clone, Debug)]
struct CodeTable {
    /// Per outcome.
    codes: [u8; 11],
    /// Per entry: the code if every draw of the entry is one outcome and it is not the
    /// Multiplier, else [`BY_SEARCH`].
    lookup: [u8; 1 << LOOKUP_BITS],
}

/// A look-up entry of a [`CodeTable`]: the cell is not a look-up (the entry holds draws of
/// two outcomes, or its outcome is the Multiplier, whose value is drawn next), find it by
/// [`Pow2Table::index_of`]. Every real code is below it.
const BY_SEARCH: u8 = u8::MAX;

impl CodeTable {
    fn new(cells: &Pow2Table) -> Self {
        let codes = CELL_OUTCOMES.map(|d| match d {
            Drawn::Paying(s) => s,
            Drawn::Scatter => SCATTER,
            Drawn::Multiplier => MULTIPLIER,
        });
        // The model's checks made every cell table's total 2^CELL_BITS.
        debug_assert_eq!(cells.bits(), CELL_BITS);
        let mut lookup = [BY_SEARCH; 1 << LOOKUP_BITS];
        for (e, code) in lookup.iter_mut().enumerate() {
            // The draws of entry e are lo..=hi; the outcomes are in cumulative order, so one
            // outcome owns them all when the first and the last draw agree.
            let lo = (e as u32) << SHIFT;
            let hi = lo + ((1u32 << SHIFT) - 1);
            let (first, last) = (cells.index_of(lo), cells.index_of(hi));
            if first == last && codes[first] != MULTIPLIER {
                *code = codes[first];
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
}

/// What one cell table draws from: the cell weights, the grid codes of its outcomes and
/// look-up entries, and the Multiplier values.
#[derive(Clone, Copy)]
struct CellTable<'a> {
    cells: &'a Pow2Table,
    codes: &'a CodeTable,
    /// `codes.lookup`, a reference of its own so that a loop keeps it in a register.
    lookup: &'a [u8; 1 << LOOKUP_BITS],
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

    /// One cell: `bits` bits of the pool, looked up in their entry; only an entry of two
    /// outcomes or of the Multiplier goes on to [`Self::code_by_search`], and a Multiplier's
    /// value is drawn next from the pool. The same cells as
    /// `codes[cells.sample(rng, pool)]` (a test checks it).
    #[inline(always)]
    fn draw<R: Rng + ?Sized>(self, rng: &mut R, pool: &mut BitPool) -> u8 {
        let r = pool.take_bits::<CELL_BITS, R>(rng);
        // r is below 2^CELL_BITS, so its entry is below 2^LOOKUP_BITS: no check.
        let code = self.lookup[(r >> SHIFT) as usize];
        if code != BY_SEARCH {
            return code;
        }
        // Out of line and without the generator, so that the generator's state stays in
        // registers through a batch of draws.
        let code = self.code_by_search(r);
        if code == MULTIPLIER {
            MULTIPLIER + self.values.sample(rng, pool) as u8
        } else {
            code
        }
    }

    /// The code of draw `r` by the cumulative search.
    #[inline(never)]
    fn code_by_search(self, r: u32) -> u8 {
        // r is below 2^bits, so its index is one of the 11 outcomes.
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
/// When the pool needs a new word for the next cell and three or more cells are left, the
/// word is split into its three draws (bits 0-19, 20-39, 40-59) in straight-line code, three
/// look-ups and one test; the 4 bits left stay in the pool, as three takes leave them, and
/// the next word goes the same way. If one of the three needs the search (its entry is
/// shared, or it is a Multiplier, whose value takes the next bits), the word goes into the
/// pool whole and the cells are drawn one by one from it, as [`CellTable::draw`] draws them.
#[inline(always)]
fn draw_cells<R: Rng + ?Sized>(
    table: CellTable<'_>,
    rng: &mut R,
    pool: &mut BitPool,
    out: &mut [u8],
) {
    // Three draws and the bits left fit one word.
    const { assert!(3 * CELL_BITS <= u64::BITS) };
    // Every grid code is below SYMBOLS, and so below 128: one bit of the three codes OR-ed
    // says whether one of them is BY_SEARCH.
    const { assert!(BY_SEARCH & 0x80 != 0 && SYMBOLS <= 0x80) };
    const ENTRY: u64 = (1 << LOOKUP_BITS) - 1;
    let lookup = table.lookup;
    let mut p = *pool;
    let mut i = 0;
    while i < out.len() {
        if p.bits_left() < CELL_BITS {
            // Whole words, three cells each, while they are all look-ups.
            while let Some(three) = out.get_mut(i..i + 3) {
                let w = rng.next_u64();
                let a = lookup[((w >> SHIFT) & ENTRY) as usize];
                let b = lookup[((w >> (CELL_BITS + SHIFT)) & ENTRY) as usize];
                let c = lookup[((w >> (2 * CELL_BITS + SHIFT)) & ENTRY) as usize];
                if (a | b | c) & 0x80 != 0 {
                    p.set_word(w, 0);
                    break;
                }
                three.copy_from_slice(&[a, b, c]);
                p.set_word(w, 3 * CELL_BITS);
                i += 3;
            }
            if i == out.len() {
                break;
            }
        }
        out[i] = table.draw(rng, &mut p);
        i += 1;
    }
    *pool = p;
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
    use slot_core::sim::batch_rng;

    /// The standard model's tables and their cell codes.
    fn standard() -> (Tables, CellCodes) {
        let tables = Tables::new(&MathModel::standard()).unwrap();
        let codes = CellCodes::new(&tables);
        (tables, codes)
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

    /// Every draw of every cell table, all 2^20 of them: its look-up code, unless the entry
    /// goes to the search, is the code of the draw's outcome by the cumulative search; a
    /// Multiplier never comes from a look-up (its value is drawn next); and each outcome
    /// comes from exactly its weight of draws, so a cell is each outcome with probability
    /// exactly weight / 2^20. From 200 seeds a landing by look-up takes the same words and
    /// gives the same cells as the plain power-of-two draw.
    #[test]
    fn lookup_codes_equal_the_weighted_draw() {
        let (tables, codes) = standard();
        for table in [Table::Base, Table::AnteBase, Table::FreeSpins] {
            let t = CellTable::of(&tables, &codes, table);
            let mut looked_up = 0u64;
            let mut counts = [0u32; 11];
            for r in 0..1u32 << CELL_BITS {
                let i = t.cells.index_of(r);
                counts[i] += 1;
                let want = t.codes.codes[i];
                let code = t.codes.lookup[(r >> SHIFT) as usize];
                if code != BY_SEARCH {
                    assert_eq!(code, want, "{table:?}, draw {r}");
                    looked_up += 1;
                } else {
                    assert_eq!(t.code_by_search(r), want);
                }
                if want == MULTIPLIER {
                    assert_eq!(code, BY_SEARCH, "a Multiplier is never looked up");
                }
            }
            assert_eq!(counts.as_slice(), t.cells.weights(), "{table:?}");
            // Every draw but the Multipliers' and under 1 % more is a look-up.
            let multiplier = u64::from(*t.cells.weights().last().unwrap());
            assert!(
                (looked_up + multiplier) * 100 > 99 << CELL_BITS,
                "{table:?}: {looked_up}"
            );
            for seed in 0..200 {
                let (mut a, mut b) = (batch_rng(seed, 5), batch_rng(seed, 5));
                let (mut pa, mut pb) = (BitPool::new(), BitPool::new());
                let plain: Vec<u8> = (0..ScGrid::CELLS)
                    .map(|_| {
                        let code = t.codes.codes[t.cells.sample(&mut a, &mut pa)];
                        if code == MULTIPLIER {
                            MULTIPLIER + t.values.sample(&mut a, &mut pa) as u8
                        } else {
                            code
                        }
                    })
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
