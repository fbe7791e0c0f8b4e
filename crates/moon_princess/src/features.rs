//! The three Girl Power powers (the rules, "The powers") and the tumble step
//! ("Tumble (no refill)").
//!
//! Every random choice is one unbiased bounded draw ([`slot_core::sampling::bounded`]) from the
//! generator handed in: a symbol uniformly among the symbols present, a cell uniformly among the
//! cells that qualify.
//!
//! The game plays them on its planes-only grid (the private `board` module); the public
//! functions here take a [`MpGrid`] and do the same on its planes.

use crate::board::Board;
use crate::evaluate::Evaluation;
use crate::symbols::{MpGrid, REGULAR, Symbol, WILD};
use rand_core::Rng;
use serde::{Deserialize, Serialize};
use slot_core::grid::Mask;
use slot_core::sampling::bounded;

/// A Girl Power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Power {
    /// Every cell of a random non-wild symbol present becomes a random other regular symbol.
    Love,
    /// 1 or 2 random non-wild occupied cells become Wilds.
    Star,
    /// Every cell of two random different non-wild symbols present is removed; the rest falls.
    Storm,
}

impl Power {
    /// The princess whose power this is, as the round record names her.
    pub const fn princess(self) -> slot_core::events::Princess {
        match self {
            Power::Love => slot_core::events::Princess::Love,
            Power::Star => slot_core::events::Princess::Star,
            Power::Storm => slot_core::events::Princess::Storm,
        }
    }
}

/// The non-wild symbol codes present on `g`, lowest code first, and how many.
#[inline]
fn present(g: &Board) -> ([u8; 7], u32) {
    let mut out = [0u8; 7];
    let mut n = 0;
    for s in 0..7u8 {
        if g.plane(s) != 0 {
            out[n as usize] = s;
            n += 1;
        }
    }
    (out, n)
}

/// The `k`-th set cell (0-based, top-left first) of a non-empty `mask` with more than `k` cells.
#[inline]
fn nth_cell(mut mask: Mask, k: u32) -> usize {
    for _ in 0..k {
        mask &= mask - 1;
    }
    mask.trailing_zeros() as usize
}

/// The non-wild occupied cells.
#[inline]
pub(crate) fn non_wild(g: &Board) -> Mask {
    g.occupied() & !g.plane(WILD)
}

/// Plays `f` on the planes of `g` and writes the result back into `g`.
fn on_grid<T>(g: &mut MpGrid, f: impl FnOnce(&mut Board) -> T) -> T {
    let mut b = Board::of(g);
    let t = f(&mut b);
    *g = b.grid();
    t
}

/// Love: picks a non-wild symbol present (uniformly among those present) and another regular
/// symbol (uniformly among the 6 others, present or not); every cell of the first now holds the
/// second. Returns `None` (and draws nothing) if no non-wild symbol is present.
pub fn love<R: Rng + ?Sized>(g: &mut MpGrid, rng: &mut R) -> Option<(Symbol, Symbol)> {
    on_grid(g, |b| love_on(b, rng))
}

/// [`love`] on a board.
fn love_on<R: Rng + ?Sized>(g: &mut Board, rng: &mut R) -> Option<(Symbol, Symbol)> {
    let (syms, n) = present(g);
    if n == 0 {
        return None;
    }
    let from = syms[bounded(rng, n) as usize];
    let mut to = bounded(rng, 6) as u8;
    if to >= from {
        to += 1;
    }
    g.replace_symbol(from, to);
    Some((REGULAR[from as usize], REGULAR[to as usize]))
}

/// Star: turns `wanted` (1 or 2; fewer if fewer are left) random non-wild occupied cells into
/// Wilds, each uniformly among the cells still qualifying. Returns the new Wilds.
pub fn star<R: Rng + ?Sized>(g: &mut MpGrid, wanted: u32, rng: &mut R) -> Mask {
    on_grid(g, |b| star_on(b, wanted, rng))
}

/// [`star`] on a board.
fn star_on<R: Rng + ?Sized>(g: &mut Board, wanted: u32, rng: &mut R) -> Mask {
    let mut made = 0;
    for _ in 0..wanted {
        let cand = non_wild(g);
        let n = cand.count_ones();
        if n == 0 {
            break;
        }
        let cell = 1u64 << nth_cell(cand, bounded(rng, n));
        g.make_wild(cell);
        made |= cell;
    }
    made
}

/// Storm: picks two different non-wild symbols present (one if only one is present), removes
/// every cell holding them and lets the rest fall. Not a tumble: the multiplier does not move.
/// Returns the symbols (second is `None` if only one) and the cells removed.
pub fn storm<R: Rng + ?Sized>(
    g: &mut MpGrid,
    rng: &mut R,
) -> (Option<Symbol>, Option<Symbol>, Mask) {
    on_grid(g, |b| storm_on(b, rng))
}

/// [`storm`] on a board.
fn storm_on<R: Rng + ?Sized>(g: &mut Board, rng: &mut R) -> (Option<Symbol>, Option<Symbol>, Mask) {
    let (syms, n) = present(g);
    if n == 0 {
        return (None, None, 0);
    }
    let a = bounded(rng, n);
    let first = syms[a as usize];
    let second = if n >= 2 {
        let mut b = bounded(rng, n - 1);
        if b >= a {
            b += 1;
        }
        Some(syms[b as usize])
    } else {
        None
    };
    let mut removed = g.plane(first);
    if let Some(s) = second {
        removed |= g.plane(s);
    }
    g.remove(removed);
    g.fall();
    (
        Some(REGULAR[first as usize]),
        second.map(|s| REGULAR[s as usize]),
        removed,
    )
}

/// Applies `power` and describes its effect (`None` if it found nothing to act on). `star_wilds`
/// is the Star power's 1 or 2.
pub(crate) fn apply<R: Rng + ?Sized>(
    power: Power,
    g: &mut Board,
    star_wilds: u32,
    rng: &mut R,
) -> Option<PowerEffect> {
    match power {
        Power::Love => {
            let before = *g;
            love_on(g, rng).map(|(from, to)| PowerEffect::Love {
                from,
                to,
                cells: before.plane(from as u8),
            })
        }
        Power::Star => Some(PowerEffect::Star {
            cells: star_on(g, star_wilds, rng),
        }),
        Power::Storm => {
            let (a, b, cells) = storm_on(g, rng);
            a.map(|a| PowerEffect::Storm { a, b, cells })
        }
    }
}

/// What a power did (no allocation: turned into an event only for a recorder).
#[derive(Clone, Copy, Debug)]
pub(crate) enum PowerEffect {
    /// Every `from` (on `cells`) became `to`.
    Love {
        from: Symbol,
        to: Symbol,
        cells: Mask,
    },
    /// These cells became Wilds.
    Star { cells: Mask },
    /// Every cell of `a` (and `b`) was removed (`cells`) and the rest fell.
    Storm {
        a: Symbol,
        b: Option<Symbol>,
        cells: Mask,
    },
}

/// The tumble after an evaluation with wins: removes the union of the winning cells, puts a
/// Wild on the middle cell of every 3-cell win, and lets everything fall (no refill). Returns
/// (removed cells, new Wild cells before the fall).
pub fn tumble(g: &mut MpGrid, ev: &Evaluation) -> (Mask, Mask) {
    let (removed, wilds) = (ev.cells(), ev.new_wilds());
    on_grid(g, |b| tumble_on(b, removed, wilds));
    (removed, wilds)
}

/// [`tumble`] on a board: the winning cells `removed` go, a Wild goes on each of `wilds` (the
/// middle cells of the 3-cell wins, among `removed`), and the rest falls.
// Out of line: the caller hands over the board in memory and keeps none of its planes.
#[inline(never)]
pub(crate) fn tumble_on(g: &mut Board, removed: Mask, wilds: Mask) {
    g.remove(removed);
    // The new Wilds' cells are among the removed ones, now empty.
    g.add_wilds(wilds);
    g.fall();
}
