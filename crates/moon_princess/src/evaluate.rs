//! The paytable and the evaluation of one grid (the rules, "Paytable" and "How wins
//! are found").
//!
//! A *line* is one of the 5 rows (left to right) or 5 columns (top to bottom). For every line
//! and every pay class (7 symbols, *any princess*, *Wild*) each maximal gap-free run of 3+
//! matching cells is a candidate ([`slot_core::lines::for_each_run`]). Candidates are taken
//! from the highest paying down (ties: longer first, then [`PayClass::tie_rank`]); each is paid
//! unless it contains, or is contained in, a candidate already paid ("only the highest win per
//! combination"). Two runs on different lines can never contain one another, so the rule is
//! applied over the whole grid at once. Pays are in hundredths of the total bet, before the
//! multiplier.

use crate::symbols::{MpGrid, SHAPE, SYMBOLS, Symbol, WILD};
use serde::{Deserialize, Serialize};
use slot_core::grid::{Mask, cells_of};
use slot_core::lines::Line;
use smallvec::SmallVec;

/// A pay class: one of the 7 regular symbols, any mix of princesses, or Wild.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PayClass {
    /// One regular symbol (Wilds substitute).
    Symbol(Symbol),
    /// Any mix of the three princesses (Wilds substitute).
    AnyPrincess,
    /// Wilds only.
    Wild,
}

/// Number of pay classes.
pub const PAY_CLASSES: usize = 9;

/// Every pay class in evaluation order (index 0..9): the 7 regular symbols in code order, any
/// princess, Wild.
pub const CLASSES: [PayClass; PAY_CLASSES] = [
    PayClass::Symbol(Symbol::Circle),
    PayClass::Symbol(Symbol::LowStar),
    PayClass::Symbol(Symbol::Heart),
    PayClass::Symbol(Symbol::Bell),
    PayClass::Symbol(Symbol::PrincessStorm),
    PayClass::Symbol(Symbol::PrincessStar),
    PayClass::Symbol(Symbol::PrincessLove),
    PayClass::AnyPrincess,
    PayClass::Wild,
];

/// The paytable in hundredths of the total bet, by class index ([`CLASSES`]) and length 3, 4, 5.
/// Spec table: Circle, Star 0.10/0.20/2; Heart, Bell 0.15/0.30/3; any princess 0.20/0.50/5;
/// each princess 0.30/1/10; Wild 1/3/50.
pub const PAYTABLE: [[u64; 3]; PAY_CLASSES] = [
    [10, 20, 200],
    [10, 20, 200],
    [15, 30, 300],
    [15, 30, 300],
    [30, 100, 1000],
    [30, 100, 1000],
    [30, 100, 1000],
    [20, 50, 500],
    [100, 300, 5000],
];

impl PayClass {
    /// The class's index in [`CLASSES`] and [`PAYTABLE`].
    pub const fn index(self) -> usize {
        match self {
            PayClass::Symbol(s) => s as usize,
            PayClass::AnyPrincess => 7,
            PayClass::Wild => 8,
        }
    }

    /// The pay of a run of `len` cells (3..=5) in hundredths of the bet; 0 for other lengths.
    pub const fn pay(self, len: u8) -> u64 {
        if len < 3 || len > 5 {
            0
        } else {
            PAYTABLE[self.index()][len as usize - 3]
        }
    }

    /// The fixed order that breaks ties of equal pay and length: higher first. Wild, any
    /// princess, Princess Love, Princess Star, Princess Storm, Bell, Heart, Star, Circle
    /// (decision: the spec asks only for "a fixed class order").
    pub const fn tie_rank(self) -> usize {
        self.index()
    }

    /// True for the classes that fill the Girl Power meter (a princess or any princess).
    pub(crate) const fn is_princess_class(self) -> bool {
        match self {
            PayClass::Symbol(s) => s.is_princess(),
            PayClass::AnyPrincess => true,
            PayClass::Wild => false,
        }
    }

    /// The code used in events and `eval`: the symbol's cell code (`ci`, ..., `W`), or
    /// `princess` for any mix of princesses.
    pub const fn code(self) -> &'static str {
        match self {
            PayClass::Symbol(s) => s.text(),
            PayClass::AnyPrincess => "princess",
            PayClass::Wild => "W",
        }
    }

    /// The name as the rules write it ("Circle", "any princess", "Wild", ...).
    pub const fn name(self) -> &'static str {
        match self {
            PayClass::Symbol(s) => s.name(),
            PayClass::AnyPrincess => "any princess",
            PayClass::Wild => "Wild",
        }
    }
}

/// One paid run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineWin {
    /// The pay class.
    pub class: PayClass,
    /// The row or column it lies on.
    pub line: Line,
    /// Position of its first cell along the line (column for a row, row for a column).
    pub start: u8,
    /// Number of cells, 3..=5.
    pub len: u8,
    /// Its cells (bit `row * 5 + col`).
    pub cells: Mask,
    /// The pay in hundredths of the total bet, before the multiplier.
    pub pay: u64,
}

impl LineWin {
    /// The cell index of its middle cell (where a 3-cell win leaves a Wild).
    pub fn middle(&self) -> usize {
        let k = self.start as usize + self.len as usize / 2;
        match self.line {
            Line::Row(r) => SHAPE.index(r as usize, k),
            Line::Col(c) => SHAPE.index(k, c as usize),
        }
    }
}

/// The wins of one grid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evaluation {
    /// The paid runs, highest pay first.
    pub wins: SmallVec<[LineWin; 12]>,
}

impl Evaluation {
    /// True if nothing pays.
    pub fn is_empty(&self) -> bool {
        self.wins.is_empty()
    }

    /// The union of the winning cells (removed by the tumble; a cell in a row win and a column
    /// win is removed once).
    pub fn cells(&self) -> Mask {
        self.wins.iter().fold(0, |a, w| a | w.cells)
    }

    /// The cells that get a Wild after the removal: the middle of every paid 3-cell win (two
    /// such wins sharing a middle cell make one Wild).
    pub(crate) fn new_wilds(&self) -> Mask {
        self.wins
            .iter()
            .filter(|w| w.len == 3)
            .fold(0, |a, w| a | 1u64 << w.middle())
    }

    /// The sum of the pays before the multiplier, hundredths of the bet: at most 10 lines x
    /// 5,000 (Wild-5) = 50,000, so the `u64` sum cannot overflow.
    pub fn pay(&self) -> u64 {
        self.wins.iter().map(|w| w.pay).sum()
    }

    /// Girl Power sections the princess wins fill: 1, 2, 3 per win of 3, 4, 5 cells.
    pub fn meter_sections(&self) -> u32 {
        self.wins
            .iter()
            .filter(|w| w.class.is_princess_class())
            .map(|w| w.len as u32 - 2)
            .sum()
    }
}

/// The cells matching each class (`CLASSES` order), from a grid's symbol planes.
#[inline]
fn class_masks(p: [Mask; SYMBOLS]) -> [Mask; PAY_CLASSES] {
    let w = p[WILD as usize];
    [
        p[0] | w,
        p[1] | w,
        p[2] | w,
        p[3] | w,
        p[4] | w,
        p[5] | w,
        p[6] | w,
        p[4] | p[5] | p[6] | w,
        w,
    ]
}

/// The maximal run of 3+ set bits in a 5-bit line (at most one fits), as (start, len); len 0
/// for none.
const RUN5: [(u8, u8); 32] = {
    let mut t = [(0u8, 0u8); 32];
    let mut x = 0;
    while x < 32 {
        let mut start = 0;
        while start < 5 {
            if x >> start & 1 == 1 && (start == 0 || x >> (start - 1) & 1 == 0) {
                let mut len = 0;
                while start + len < 5 && x >> (start + len) & 1 == 1 {
                    len += 1;
                }
                if len >= 3 {
                    t[x] = (start as u8, len as u8);
                }
            }
            start += 1;
        }
        x += 1;
    }
    t
};

/// Spreads the 5 bits of a row to the first cell of each column's 5-bit group: bit c ->
/// bit 5 c. Shifted by r, it puts row r of a grid into bit r of every column group (the
/// transposition the tests check the line lookups with); shifted by c, a column's 5-bit line
/// back into the cells of column c.
const SPREAD5: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut x = 0;
    while x < 32 {
        let mut c = 0;
        while c < 5 {
            if x >> c & 1 == 1 {
                t[x] |= 1 << (5 * c);
            }
            c += 1;
        }
        x += 1;
    }
    t
};

/// The cells of the run `(start, len)` on `line` (`start + len <= 5`).
#[inline]
fn run_cells(line: Line, start: u8, len: u8) -> Mask {
    let bits = ((1u32 << len) - 1) << start;
    match line {
        Line::Row(r) => u64::from(bits) << (5 * r as u32),
        Line::Col(c) => u64::from(SPREAD5[bits as usize & 31]) << c,
    }
}

/// Evaluates a grid: every paid run as "How wins are found" defines it. Empty cells break runs.
/// No allocation (the win list lives on the stack).
///
/// Runs are found per class with 5-bit line lookups (rows directly, columns after a 5x5 bit
/// transposition), in the order of [`slot_core::lines::for_each_run`]: rows top to bottom, then
/// columns left to right (a test checks the two agree).
pub fn evaluate(g: &MpGrid) -> Evaluation {
    let mut out = Evaluation::default();
    evaluate_into(*g.planes(), &mut out);
    out
}

/// What a tumble needs of an evaluation, added up as its wins are found: the same as
/// [`Evaluation::pay`], [`Evaluation::cells`], [`Evaluation::new_wilds`] and
/// [`Evaluation::meter_sections`] of its win list (a test checks they agree).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Found {
    /// The sum of the pays before the multiplier, hundredths of the bet (0: no win).
    pub pay: u64,
    /// The winning cells.
    pub cells: Mask,
    /// The middle cells of the 3-cell wins.
    pub wilds: Mask,
    /// Girl Power sections the princess wins fill.
    pub sections: u32,
}

impl Found {
    /// Adds the paid win packed in `c` ([`candidate`]).
    #[inline]
    fn add(&mut self, c: u64) {
        let cells = c & CELLS;
        let len = packed_len(c);
        self.pay += c >> PAY_AT;
        self.cells |= cells;
        if len == 3 {
            // The middle of 3 cells on a row or column: the second lowest.
            let rest = cells & (cells - 1);
            self.wilds |= rest & rest.wrapping_neg();
        }
        // The princess classes are the indices 4 to 7 (three princesses, any princess).
        if packed_class(c).wrapping_sub(4) < 4 {
            self.sections += u32::from(len) - 2;
        }
    }
}

/// [`evaluate`] of the grid whose symbol planes are `planes`, writing into `out` (its previous
/// wins are dropped), so a tumble sequence reuses one win list instead of copying a new one out
/// of every evaluation. Returns the wins' sums ([`Found`]; all zero without a win).
#[inline]
pub(crate) fn evaluate_into(planes: [Mask; SYMBOLS], out: &mut Evaluation) -> Found {
    out.wins.clear();
    let masks = class_masks(planes);
    // Most grids have no run and return at once, without the candidates' stack frame.
    let hits = classes_with_a_run(&masks);
    if hits == 0 {
        return Found::default();
    }
    pay_runs::<true>(&masks, hits, out)
}

/// The sums of [`evaluate_into`] alone, without the win list (a simulation that records
/// nothing needs no more). The runs are found from where they start ([`runs_of`]) rather than
/// line by line; a test checks the two ways agree.
// Out of line, with the class masks and their test inside: its caller keeps no masks.
#[inline(never)]
pub(crate) fn evaluate_found(planes: [Mask; SYMBOLS]) -> Found {
    let masks = class_masks(planes);
    let hits = classes_with_a_run(&masks);
    if hits == 0 {
        return Found::default();
    }
    found_of(&masks, hits)
}

/// The most candidates [`found_of`] keeps on the stack; a grid with more (many Wilds) goes
/// through [`pay_runs`].
const FEW: usize = 16;

/// The sums of the paid runs of the classes `hits` whose cells are `masks`: the candidates of
/// [`pay_runs`], taken the same way, only added up.
#[inline(never)]
fn found_of(masks: &[Mask; PAY_CLASSES], hits: u32) -> Found {
    let mut keys = [0u64; FEW];
    let mut n = 0;
    for ci in cells_of(u64::from(hits)) {
        runs_of(ci, masks[ci], |k| {
            if let Some(slot) = keys.get_mut(n) {
                *slot = k;
            }
            n += 1;
        });
    }
    let mut found = Found::default();
    if n == 1 {
        // One run in all, the most common win: nothing to sort or compare.
        found.add(keys[0]);
        return found;
    }
    if n > FEW {
        return pay_runs::<false>(masks, hits, &mut Evaluation::default());
    }
    take_paid(&mut keys[..n], &mut [0; FEW], |c| found.add(c));
    found
}

/// Sorts the packed candidates `cands` ([`pack`]) highest first and calls `paid` with each one
/// that neither contains nor is contained in one paid before it ("only the highest win per
/// combination"), in that order. `taken` is room for the paid cells, at least as long as
/// `cands` (the caller's, so that a short list needs no allocation).
#[inline(always)]
fn take_paid(cands: &mut [u64], taken: &mut [Mask], mut paid: impl FnMut(u64)) {
    // Insertion sort: the list is short and allocation-free.
    for i in 1..cands.len() {
        let mut j = i;
        while j > 0 && cands[j] > cands[j - 1] {
            cands.swap(j, j - 1);
            j -= 1;
        }
    }
    let mut n = 0;
    for &c in cands.iter() {
        let cells = c & CELLS;
        let dominated = taken[..n].iter().any(|&p| {
            let both = p & cells;
            both == p || both == cells
        });
        if !dominated {
            taken[n] = cells;
            n += 1;
            paid(c);
        }
    }
}

/// Calls `each` with every maximal run of 3 or more cells of the class `ci` whose cells are
/// `m`, packed ([`pack`]): the row runs top to bottom, then the column runs by
/// their first cell (the order does not matter: the packed words are distinct and sorted).
///
/// A row run starts at every cell with two more of `m` to its right in the row (`m & m >> 1 &
/// m >> 2`, columns 0 to 2); a maximal run's first start has no start to its left, and its
/// length is 3 plus the starts right after it (a run of 4 has 2 starts, of 5 has 3). Columns
/// the same way, 5 bits apart.
#[inline]
fn runs_of(ci: usize, m: Mask, mut each: impl FnMut(u64)) {
    let rs = m & (m >> 1) & (m >> 2) & ROW_RUN_STARTS;
    let mut firsts = rs & !(rs << 1);
    while firsts != 0 {
        let f = u64::from(firsts.trailing_zeros());
        firsts &= firsts - 1;
        let next = rs >> (f + 1);
        let len = 3 + (next & 1) + (next & (next >> 1) & 1);
        each(pack(ci, len as u8, (f / 5) as u32, ((1 << len) - 1) << f));
    }
    let cs = m & (m >> 5) & (m >> 10);
    let mut firsts = cs & !(cs << 5);
    while firsts != 0 {
        let f = u64::from(firsts.trailing_zeros());
        firsts &= firsts - 1;
        let next = cs >> (f + 5);
        let len = 3 + (next & 1) + (next & (next >> 5) & 1);
        // A column run's cells: its length's bits spread 5 apart, from its first cell.
        let cells = u64::from(SPREAD5[(1 << len) - 1]) << f;
        each(pack(ci, len as u8, (5 + f % 5) as u32, cells));
    }
}

/// The paid runs of the classes `hits` (bit = index in [`CLASSES`], at least one) whose cells
/// are `masks`, into `out` (empty): every candidate run, highest first, each paid unless it
/// contains or is contained in one already paid.
///
/// A candidate is packed into one `u64` whose order is the order candidates are taken in
/// ([`candidate`]), so sorting and comparing them moves words, not [`LineWin`]s; the paid ones
/// are unpacked at the end ([`paid_win`]).
///
/// With `LIST` false the wins are only added up ([`Found`]) and `out` is left alone.
#[inline(never)]
fn pay_runs<const LIST: bool>(
    masks: &[Mask; PAY_CLASSES],
    hits: u32,
    out: &mut Evaluation,
) -> Found {
    // Each class's lines that hold a run: rows 0..5 as line 0..5, columns as line 5..10.
    let mut lines = [0u32; PAY_CLASSES];
    let mut found = 0;
    for ci in cells_of(u64::from(hits)) {
        let (rows, cols) = lines_with_a_run(masks[ci]);
        lines[ci] = rows | cols << 5;
        found += lines[ci].count_ones();
    }
    if found == 1 {
        // One run in all, the most common win: nothing to sort or compare.
        let ci = hits.trailing_zeros() as usize;
        let c = candidate(ci, lines[ci].trailing_zeros(), masks[ci]);
        let mut found = Found::default();
        found.add(c);
        if LIST {
            out.wins.push(paid_win(c));
        }
        return found;
    }
    let mut cands: SmallVec<[u64; 16]> = SmallVec::new();
    for ci in cells_of(u64::from(hits)) {
        let mut l = lines[ci];
        while l != 0 {
            cands.push(candidate(ci, l.trailing_zeros(), masks[ci]));
            l &= l - 1;
        }
    }
    let mut found = Found::default();
    let mut taken: SmallVec<[Mask; 16]> = SmallVec::from_elem(0, cands.len());
    take_paid(&mut cands, &mut taken, |c| {
        found.add(c);
        if LIST {
            out.wins.push(paid_win(c));
        }
    });
    found
}

/// The packed candidates ([`pack`]) rank ties by the class index, and [`Found::add`]
/// reads the princess classes as the indices 4 to 7: both hold for the classes as listed.
const _: () = {
    let mut i = 0;
    while i < PAY_CLASSES {
        assert!(CLASSES[i].tie_rank() == i && CLASSES[i].index() == i);
        assert!(CLASSES[i].is_princess_class() == (i >= 4 && i <= 7));
        i += 1;
    }
};

/// The 25 cell bits of a packed candidate ([`pack`]).
const CELLS: u64 = (1 << 25) - 1;
/// Where a packed candidate's fields start: `15 - line`, class index, length, pay.
const LINE_AT: u32 = 25;
const CLASS_AT: u32 = 33;
const LEN_AT: u32 = 37;
const PAY_AT: u32 = 40;

/// The run of `len` cells `cells` of class `ci` on line `li` (rows 0..5, then columns 5..10)
/// packed into one word so that a higher word is taken first: pay (bits 40..), length
/// (37..40), tie rank (33..37: the class index), `15 - li` (25..29: for equal pay, length and
/// class, rows top to bottom, then columns left to right, the order in which the lines are
/// read), cells (0..25).
#[inline]
fn pack(ci: usize, len: u8, li: u32, cells: Mask) -> u64 {
    let pay = PAYTABLE[ci][usize::from(len) - 3];
    pay << PAY_AT
        | u64::from(len) << LEN_AT
        | (ci as u64) << CLASS_AT
        | u64::from(15 - li) << LINE_AT
        | cells
}

/// The length of a packed candidate ([`pack`]).
#[inline]
fn packed_len(c: u64) -> u8 {
    (c >> LEN_AT & 7) as u8
}

/// The class index of a packed candidate ([`pack`]).
#[inline]
fn packed_class(c: u64) -> usize {
    (c >> CLASS_AT & 15) as usize
}

/// The run of class `ci` on line `li` (rows 0..5, then columns 5..10) of the class's cells
/// `m`, which hold a run of 3 or more there, packed ([`pack`]).
#[inline]
fn candidate(ci: usize, li: u32, m: Mask) -> u64 {
    let (line, (start, len)) = if li < 5 {
        (Line::Row(li as u8), RUN5[(m >> (5 * li)) as usize & 31])
    } else {
        let c = li as usize - 5;
        (Line::Col(c as u8), RUN5[column_line(m, c)])
    };
    debug_assert!(len >= 3, "a line with a run");
    pack(ci, len, li, run_cells(line, start, len))
}

/// The win a packed candidate ([`candidate`]) stands for.
#[inline]
fn paid_win(c: u64) -> LineWin {
    let cells = c & CELLS;
    let li = 15 - (c >> LINE_AT & 15) as u8;
    let first = cells.trailing_zeros() as u8;
    let (line, start) = if li < 5 {
        (Line::Row(li), first % 5)
    } else {
        (Line::Col(li - 5), first / 5)
    };
    LineWin {
        class: CLASSES[packed_class(c)],
        line,
        start,
        len: packed_len(c),
        cells,
        pay: c >> PAY_AT,
    }
}

/// The cells of columns 0 to 2: where a row run of 3 can start.
const ROW_RUN_STARTS: Mask = 0b00111 * 0b00001_00001_00001_00001_00001;

/// True if the 25-cell mask `m` has 3 set cells in a row on some row or column (the only masks
/// [`evaluate`] finds a run in): three shifted copies overlap, with no shift across a row end.
#[cfg(test)]
fn has_run_of_3(m: Mask) -> bool {
    let rows = m & (m >> 1) & (m >> 2) & ROW_RUN_STARTS;
    let cols = m & (m >> 5) & (m >> 10);
    rows | cols != 0
}

/// The cells of column 0.
const COL0: Mask = 0b00001_00001_00001_00001_00001;

/// The five cells of column `c` (0..5) of the 25-cell mask `m` as a 5-bit line, row `r` in
/// bit `r` (the index [`RUN5`] takes). The multiplication by `2^20 + 2^16 + 2^12 + 2^8 + 2^4`
/// moves the cell of row `r` (bit `5 r`) up by `20 - 4 r`, to bit `20 + r`; no other product of
/// the five copies lands in bits 20..25 or carries into them (a test checks all 32 columns).
#[inline]
fn column_line(m: Mask, c: usize) -> usize {
    ((((m >> c) & COL0) * 0x11_1110) >> 20) as usize & 31
}

/// The rows (bit `r`) and the columns (bit `c`) of the 25-cell mask `m` that hold a run of 3 or
/// more: those where a run starts.
#[inline]
fn lines_with_a_run(m: Mask) -> (u32, u32) {
    let row_starts = m & (m >> 1) & (m >> 2) & ROW_RUN_STARTS;
    let col_starts = m & (m >> 5) & (m >> 10);
    // Each row's starts (its cells 0 to 2) folded onto its first cell, then read down column 0;
    // each column's starts (rows 0 to 2) folded onto row 0.
    let rows = column_line(row_starts | row_starts >> 1 | row_starts >> 2, 0) as u32;
    let cols = (col_starts | col_starts >> 5 | col_starts >> 10) as u32 & 31;
    (rows, cols)
}

/// Where a high half starts in a word holding two 25-cell masks ([`run_starts_of_pair`]).
const HIGH: u32 = 32;

/// [`ROW_RUN_STARTS`] in both halves of a pair.
const PAIR_ROW_RUN_STARTS: u64 = ROW_RUN_STARTS | ROW_RUN_STARTS << HIGH;

/// The cells of rows 0 to 2 in both halves of a pair: where a column run of 3 can start.
const PAIR_COL_RUN_STARTS: u64 = 0x7fff | 0x7fff << HIGH;

/// Two 25-cell masks tested at once: `lo` in bits 0..25, `hi` in bits 32..57 of the word. Returns
/// the cells where a run of 3 starts on a row or column, in the same two halves (the test of
/// `has_run_of_3` on each half; the shifts carry bits of `hi` into bits 22..31 only, which the
/// start masks drop).
#[inline]
fn run_starts_of_pair(lo: Mask, hi: Mask) -> u64 {
    let m = lo | hi << HIGH;
    let rows = m & (m >> 1) & (m >> 2) & PAIR_ROW_RUN_STARTS;
    let cols = m & (m >> 5) & (m >> 10) & PAIR_COL_RUN_STARTS;
    rows | cols
}

/// Bit `a` set if the low half of the pair `starts` has a run, bit `b` if the high half has.
#[inline]
fn halves_as_bits(starts: u64, a: usize, b: usize) -> u32 {
    (u32::from(starts as u32 != 0) << a) | (u32::from(starts >> HIGH != 0) << b)
}

/// The classes (bit = index in [`CLASSES`]) whose cells `masks` ([`class_masks`]) hold a run
/// of 3 on a row or column.
///
/// Every class's cells include the Wilds, so a Wild run is also a Circle run, and a run of one
/// princess is also an any-princess run: a grid without a run of Circle, Star, Heart, Bell or
/// any princess has none at all, and these five (tested two at a time) decide most grids.
#[inline(always)]
fn classes_with_a_run(masks: &[Mask; PAY_CLASSES]) -> u32 {
    let low = run_starts_of_pair(masks[0], masks[1]);
    let high = run_starts_of_pair(masks[2], masks[3]);
    let any_princess = run_starts_of_pair(masks[7], 0);
    if low | high | any_princess == 0 {
        return 0;
    }
    let princesses = run_starts_of_pair(masks[4], masks[5]);
    let last = run_starts_of_pair(masks[6], masks[8]);
    halves_as_bits(low, 0, 1)
        | halves_as_bits(high, 2, 3)
        | halves_as_bits(princesses, 4, 5)
        | halves_as_bits(last, 6, 8)
        | u32::from(any_princess != 0) << 7
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The middle cell of a run of 3, 4 and 5 on a row and on a column: the run's first cell
    /// plus half its length, rounded down (cell index `row * 5 + col`).
    #[test]
    fn the_middle_cell_of_runs_of_each_length() {
        let win = |line, start, len| LineWin {
            class: PayClass::Wild,
            line,
            start,
            len,
            cells: 0,
            pay: 0,
        };
        // Row 2 from column 1: columns 1-3 (middle 2), 1-4 (middle 3), 0-4 from column 0 (2).
        assert_eq!(win(Line::Row(2), 1, 3).middle(), 12);
        assert_eq!(win(Line::Row(2), 1, 4).middle(), 13);
        assert_eq!(win(Line::Row(2), 0, 5).middle(), 12);
        // Column 4 from row 2: rows 2-4 (middle 3); from row 0: rows 0-3 (2), rows 0-4 (2).
        assert_eq!(win(Line::Col(4), 2, 3).middle(), 19);
        assert_eq!(win(Line::Col(4), 0, 4).middle(), 14);
        assert_eq!(win(Line::Col(4), 0, 5).middle(), 14);
    }

    /// The pay classes' codes and names as `eval` and the events print them.
    #[test]
    fn pay_classes_are_named_as_the_rules_name_them() {
        let named = |c: PayClass| (c.code(), c.name());
        assert_eq!(named(PayClass::Symbol(Symbol::Circle)), ("ci", "Circle"));
        assert_eq!(named(PayClass::AnyPrincess), ("princess", "any princess"));
        assert_eq!(named(PayClass::Wild), ("W", "Wild"));
    }

    /// Both halves of a pair are tested on their own: a row run at the bottom right of the low
    /// half and a column run at the bottom right of the high half start at cells 22 and 14; a
    /// full high half (a column run starts at every cell of rows 0-2 and a row run at every
    /// cell of columns 0-2: cells 0-17 and 20-22, 0x73ffff) leaves no trace in an empty low
    /// half, and the reverse.
    #[test]
    fn pair_run_starts_keep_the_two_halves_apart() {
        let row4_right = 1 << 22 | 1 << 23 | 1 << 24;
        let col4_bottom = 1 << 14 | 1 << 19 | 1 << 24;
        assert_eq!(
            run_starts_of_pair(row4_right, col4_bottom),
            1 << 22 | 1 << (32 + 14)
        );
        let all = (1 << 25) - 1;
        assert_eq!(run_starts_of_pair(0, all), 0x73ffff << 32);
        assert_eq!(run_starts_of_pair(all, 0), 0x73ffff);
        // Two cells of a row and of a column make no run, in either half.
        let two = 1 << 0 | 1 << 1 | 1 << 5;
        assert_eq!(run_starts_of_pair(two, two), 0);
    }

    /// Grids with more candidates than [`found_of`] keeps (Wilds everywhere: every class has
    /// a run on every line) are added up as the win list adds them.
    #[test]
    fn many_candidates_are_added_up_as_the_win_list() {
        for text in [
            "W W W W W/W W W W W/W W W W W/W W W W W/W W W W W",
            "W W W W W/W W W W W/W W ci W W/W W W W W/W pr W W W",
            "W pr W pg W/W W W W W/pb W st W he/W W W W W/W be W ci W",
        ] {
            let g = crate::symbols::parse_grid(text).unwrap();
            let masks = class_masks(*g.planes());
            let hits = classes_with_a_run(&masks);
            let mut n = 0;
            for ci in cells_of(u64::from(hits)) {
                runs_of(ci, masks[ci], |_| n += 1);
            }
            assert!(n > FEW, "{text}: {n} candidates");
            let mut ev = Evaluation::default();
            let listed = evaluate_into(*g.planes(), &mut ev);
            let found = evaluate_found(*g.planes());
            assert_eq!(found, listed, "{text}");
            assert_eq!(
                (found.pay, found.cells, found.wilds, found.sections),
                (ev.pay(), ev.cells(), ev.new_wilds(), ev.meter_sections()),
                "{text}"
            );
            assert!(found.pay > 0 && !ev.is_empty());
        }
    }

    /// Column lines by hand, and for every column pattern against reading the five cells one
    /// by one.
    #[test]
    fn column_lines_read_each_column_top_down() {
        // Column 2, rows 0, 3 and 4 (cells 2, 17, 22): bits 0, 3, 4.
        assert_eq!(column_line(1 << 2 | 1 << 17 | 1 << 22, 2), 0b11001);
        // The same cells seen from column 1 or 3: nothing.
        assert_eq!(column_line(1 << 2 | 1 << 17 | 1 << 22, 1), 0);
        assert_eq!(column_line(1 << 2 | 1 << 17 | 1 << 22, 3), 0);
        // A full grid: every column is full.
        assert_eq!(column_line((1 << 25) - 1, 4), 31);
        for line in 0..32usize {
            for c in 0..5 {
                let cells: Mask = (0..5)
                    .filter(|r| line >> r & 1 == 1)
                    .map(|r| 1 << (5 * r + c))
                    .sum();
                // Other columns' cells must not leak in.
                let others = ((1 << 25) - 1) & !(COL0 << c);
                assert_eq!(column_line(cells, c), line, "line {line:05b}, column {c}");
                assert_eq!(
                    column_line(cells | others, c),
                    line,
                    "line {line:05b}, column {c}"
                );
            }
        }
    }

    /// Lines with a run, worked by hand.
    #[test]
    fn lines_with_a_run_by_hand() {
        // Row 1, columns 2-4 (cells 7, 8, 9): row 1 only.
        assert_eq!(lines_with_a_run(1 << 7 | 1 << 8 | 1 << 9), (0b00010, 0));
        // Column 3, rows 1-4 (cells 8, 13, 18, 23): column 3 only.
        assert_eq!(
            lines_with_a_run(1 << 8 | 1 << 13 | 1 << 18 | 1 << 23),
            (0, 0b01000)
        );
        // Two cells per row and column, and a row broken by a gap: no line.
        assert_eq!(
            lines_with_a_run(1 << 0 | 1 << 1 | 1 << 5 | 1 << 23 | 1 << 24 | 1 << 21),
            (0, 0)
        );
        // A full grid: every line.
        assert_eq!(lines_with_a_run((1 << 25) - 1), (31, 31));
        // Row 4 full and column 0 full (an L): row 4 and column 0.
        let l = 0b11111 << 20 | COL0;
        assert_eq!(lines_with_a_run(l), (0b10000, 0b00001));
    }

    /// The classes with a run, worked by hand (bit = class index: ci 0, st 1, he 2, be 3,
    /// pg 4, pb 5, pr 6, any princess 7, Wild 8).
    #[test]
    fn classes_with_a_run_by_hand() {
        let hits = |t: &str| {
            classes_with_a_run(&class_masks(
                *crate::symbols::parse_grid(t).unwrap().planes(),
            ))
        };
        let empty = "/. . . . ./. . . . ./. . . . ./. . . . .";
        // No run: a checkerboard of Circle and Bell.
        assert_eq!(
            hits("ci be ci be ci/be ci be ci be/ci be ci be ci/be ci be ci be/ci be ci be ci"),
            0
        );
        // Circle-3 on the top row.
        assert_eq!(hits(&format!("ci ci ci be be{empty}")), 1 << 0);
        // Three different princesses: only any princess.
        assert_eq!(hits(&format!("pr pb pg . .{empty}")), 1 << 7);
        // Princess Love, Princess Love, Wild: Princess Love and any princess.
        assert_eq!(hits(&format!("pr pr W . .{empty}")), 1 << 6 | 1 << 7);
        // Heart, Wild, Heart down column 3 from row 2: Heart only.
        assert_eq!(
            hits(". . . . ./. . . . ./. . . he ./. . . W ./. . . he ."),
            1 << 2
        );
        // Three Wilds down column 4: every class.
        assert_eq!(
            hits(". . . . W/. . . . W/. . . . W/. . . . ./. . . . ."),
            0x1ff
        );
    }

    proptest! {
        /// The lookup scan finds exactly the runs of `slot_core::lines::for_each_run`, in order.
        #[test]
        fn lookup_runs_agree_with_the_core_scanner(m in 0u64..(1 << 25)) {
            let mut core = vec![];
            slot_core::lines::for_each_run(SHAPE, m, 3, |r| core.push((r.line, r.start, r.len, r.cells)));
            let mut mine = vec![];
            let mut t = 0u32;
            for r in 0..5u8 {
                let row = (m >> (5 * r as u32)) as usize & 31;
                let (s, l) = RUN5[row];
                if l >= 3 { mine.push((Line::Row(r), s, l, run_cells(Line::Row(r), s, l))); }
                t |= SPREAD5[row] << r;
            }
            for c in 0..5u8 {
                let (s, l) = RUN5[(t >> (5 * c as u32)) as usize & 31];
                if l >= 3 { mine.push((Line::Col(c), s, l, run_cells(Line::Col(c), s, l))); }
            }
            prop_assert_eq!(&mine, &core);
            prop_assert_eq!(has_run_of_3(m), !core.is_empty());
        }

        /// The lines the evaluation looks up, with their runs, are exactly the runs of
        /// `slot_core::lines::for_each_run`, in its order.
        #[test]
        fn lines_with_a_run_agree_with_the_core_scanner(m in 0u64..(1 << 25)) {
            let mut core = vec![];
            slot_core::lines::for_each_run(SHAPE, m, 3, |r| core.push((r.line, r.start, r.len)));
            let (rows, cols) = lines_with_a_run(m);
            let mut mine = vec![];
            for r in cells_of(u64::from(rows)) {
                let (s, l) = RUN5[(m >> (5 * r)) as usize & 31];
                mine.push((Line::Row(r as u8), s, l));
            }
            for c in cells_of(u64::from(cols)) {
                let (s, l) = RUN5[column_line(m, c)];
                mine.push((Line::Col(c as u8), s, l));
            }
            prop_assert_eq!(mine, core);
        }

        /// The sums found while paying equal those of the win list, on random grids (every
        /// cell one of the 8 codes or empty, Wilds as likely as any symbol).
        #[test]
        fn found_sums_equal_the_win_list(cells in proptest::collection::vec(0u8..=8, 25)) {
            let mut g = MpGrid::empty();
            for (i, &c) in cells.iter().enumerate() {
                if c < 8 { g.set(i, c); }
            }
            let mut ev = Evaluation::default();
            let found = evaluate_into(*g.planes(), &mut ev);
            prop_assert_eq!(found.pay, ev.pay());
            prop_assert_eq!(found.cells, ev.cells());
            prop_assert_eq!(found.wilds, ev.new_wilds());
            prop_assert_eq!(found.sections, ev.meter_sections());
            prop_assert_eq!(found.pay == 0, ev.is_empty());
            prop_assert_eq!(evaluate_found(*g.planes()), found);
        }

        /// The runs found from their starts are the lines' runs, packed the same way.
        #[test]
        fn runs_from_starts_are_the_line_runs(m in 0u64..(1 << 25), ci in 0usize..PAY_CLASSES) {
            let mut mine = vec![];
            runs_of(ci, m, |k| mine.push(k));
            let (rows, cols) = lines_with_a_run(m);
            let lines = rows | cols << 5;
            let mut want: Vec<u64> = cells_of(u64::from(lines))
                .map(|li| candidate(ci, li as u32, m))
                .collect();
            mine.sort_unstable();
            want.sort_unstable();
            prop_assert_eq!(mine, want);
        }

        /// The paired test finds the same classes as testing each class's cells on its own.
        #[test]
        fn classes_with_a_run_agree_with_one_test_per_class(
            cells in proptest::collection::vec(0u8..=8, 25)
        ) {
            let mut g = MpGrid::empty();
            for (i, &c) in cells.iter().enumerate() {
                if c < 8 { g.set(i, c); }
            }
            let masks = class_masks(*g.planes());
            let one_by_one = (0..PAY_CLASSES)
                .fold(0u32, |a, ci| a | u32::from(has_run_of_3(masks[ci])) << ci);
            prop_assert_eq!(classes_with_a_run(&masks), one_by_one);
        }
    }
}
