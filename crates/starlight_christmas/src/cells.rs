//! Where new cells come from (the crate's decisions 1 and 2): the three cell tables of the
//! math model (base, ante base, free spins) and their Multiplier values, drawn with the
//! round's generator (`RngCells`), or a chosen grid first (`GridFirst`); and the landing of
//! a fresh grid.

use crate::math_model::Tables;
use crate::symbols::{Drawn, MULTIPLIER, SCATTER, ScGrid};
use rand_core::Rng;
use slot_core::sampling::{GUIDE_BUCKETS, WeightedTable, bounded};

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

/// Lands a fresh grid in `grid` (whatever it held is gone): 30 cells drawn in row-major
/// order.
#[inline]
pub(crate) fn land<S: CellSource>(grid: &mut ScGrid, table: Table, src: &mut S) {
    let mut cells = [0u8; ScGrid::CELLS];
    src.cells(table, &mut cells);
    grid.fill_from_codes(&cells);
}

/// Cells drawn from the model's tables with a generator.
pub(crate) struct RngCells<'a, R: ?Sized> {
    tables: &'a Tables,
    codes: &'a CellCodes,
    rng: &'a mut R,
}

impl<'a, R: ?Sized> RngCells<'a, R> {
    /// Cells of `tables` (their codes worked out once in `codes`) drawn with `rng`.
    #[inline]
    pub(crate) fn new(tables: &'a Tables, codes: &'a CellCodes, rng: &'a mut R) -> Self {
        RngCells { tables, codes, rng }
    }
}

/// The grid code of each outcome of the three cell tables (base, ante base, free spins), so a
/// draw is one table look-up; [`MULTIPLIER`] stands for "a Multiplier, its value drawn next".
/// With them, per table, the code of each guide bucket of the cell weights
/// ([`WeightedTable::bucket`]), so that nearly every cell is one bounded draw and one look-up.
#[derive(Clone, Debug)]
pub(crate) struct CellCodes {
    codes: [Box<[u8]>; 3],
    buckets: [Box<[u8; GUIDE_BUCKETS]>; 3],
}

/// A bucket entry of [`CellCodes`]: the cell is not a bucket look-up (the bucket holds draws of
/// two outcomes, or its outcome is the Multiplier, whose value is drawn next), find it by
/// [`WeightedTable::index_of_draw`]. Every real code is below it.
const BY_SEARCH: u8 = u8::MAX;

impl CellCodes {
    /// The codes of the three cell tables of `t`.
    pub(crate) fn new(t: &Tables) -> Self {
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

/// The cells of a chosen grid first (row-major, as [`land`] draws them),
/// then cells drawn from the model's tables.
pub(crate) struct GridFirst<'a, R: ?Sized> {
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

    /// The batch draw of a landing or refill takes the same generator words, in the same
    /// order, as drawing cell by cell: same cells, and the generator ends in the same state.
    #[test]
    fn cells_in_one_loop_equal_cells_one_by_one() {
        let (tables, codes) = standard();
        for table in [Table::Base, Table::AnteBase, Table::FreeSpins] {
            for seed in 0..200 {
                let (mut a, mut b) = (batch_rng(seed, 3), batch_rng(seed, 3));
                let mut one = RngCells::new(&tables, &codes, &mut a);
                let single: Vec<u8> = (0..ScGrid::CELLS).map(|_| one.cell(table)).collect();
                let mut batch = [0u8; ScGrid::CELLS];
                RngCells::new(&tables, &codes, &mut b).cells(table, &mut batch);
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
        let (tables, codes) = standard();
        for table in [Table::Base, Table::AnteBase, Table::FreeSpins] {
            let t = CellTable::of(&tables, &codes, table);
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
