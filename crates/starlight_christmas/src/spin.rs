//! One spin's tumble sequence and the payments that end it, for the paid spin and the free
//! spins alike (the rules, "Tumble with refill", "Scatters and free spins"): the sequence's
//! symbol wins found, removed and refilled until none is left; the Scatter pay; the record of
//! a sequence's end.

use crate::cells::{CellSource, Table};
use crate::events::{cells_rc, grid_text};
use crate::outcome::RoundLedger;
use crate::paytable::{pay_anywhere, scatter_pay, scatters};
use crate::rules::CAP;
use crate::symbols::{SCATTER, ScGrid, TEXT_CODES};
use slot_core::events::{Event, PayRule};
use slot_core::ledger::Payment;
use slot_core::money::Win;
use slot_core::recorder::Recorder;

/// The end of one tumble sequence.
pub(crate) struct Sequence {
    /// Symbol wins of the landed grid (before the first tumble).
    pub(crate) first: Win,
    /// All symbol wins of the sequence, unmultiplied.
    pub(crate) total: Win,
    /// The symbol wins alone reached the cap: stop at once.
    pub(crate) capped: bool,
}

/// Plays the tumble sequence of `grid` to its end. `paid` is what the round has paid
/// before this sequence (for the cap). Symbol wins are recorded as they are found; their
/// money moves when the sequence ends ([`Event::SequenceEnd`]).
///
/// Inlined into its two callers (the paid spin, a free spin): measured fewer instructions per
/// round than a call.
#[inline(always)]
pub(crate) fn tumble<S: CellSource, Rec: Recorder>(
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
        // places them. The grid was full (landed or refilled), so its empty cells are the
        // ones removed.
        let mut new = [0u8; ScGrid::CELLS];
        let n = cells.count_ones() as usize;
        debug_assert_eq!(grid.vacant().count_ones() as usize, n);
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

/// Counts the Scatters on the grid at the end of a sequence and pays them to `source`.
/// Returns the count.
pub(crate) fn pay_scatters<Rec: Recorder>(
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
pub(crate) fn record_sequence_end<Rec: Recorder>(
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
