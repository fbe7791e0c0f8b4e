//! The three Girl Power powers (the rules, "The powers") and the tumble step
//! ("Tumble (no refill)").
//!
//! Every random choice is one unbiased bounded draw ([`slot_core::sampling::bounded`]) from the
//! generator handed in: a symbol uniformly among the symbols present, a cell uniformly among the
//! cells that qualify.

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
fn present(g: &MpGrid) -> ([u8; 7], u32) {
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
pub(crate) fn non_wild(g: &MpGrid) -> Mask {
    g.occupied() & !g.plane(WILD)
}

/// Love: picks a non-wild symbol present (uniformly among those present) and another regular
/// symbol (uniformly among the 6 others, present or not); every cell of the first now holds the
/// second. Returns `None` (and draws nothing) if no non-wild symbol is present.
pub fn love<R: Rng + ?Sized>(g: &mut MpGrid, rng: &mut R) -> Option<(Symbol, Symbol)> {
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
    let mut made = 0;
    for _ in 0..wanted {
        let cand = non_wild(g);
        let n = cand.count_ones();
        if n == 0 {
            break;
        }
        let i = nth_cell(cand, bounded(rng, n));
        g.set(i, WILD);
        made |= 1u64 << i;
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
    g.apply_gravity();
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
    g: &mut MpGrid,
    star_wilds: u32,
    rng: &mut R,
) -> Option<PowerEffect> {
    match power {
        Power::Love => {
            let before = *g;
            love(g, rng).map(|(from, to)| PowerEffect::Love {
                from,
                to,
                cells: before.plane(from as u8),
            })
        }
        Power::Star => Some(PowerEffect::Star {
            cells: star(g, star_wilds, rng),
        }),
        Power::Storm => {
            let (a, b, cells) = storm(g, rng);
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
    let removed = ev.cells();
    let wilds = ev.new_wilds();
    // The new Wilds' cells are among the removed ones; `set` empties them itself, so they are
    // left out of the removal rather than emptied twice.
    g.remove(removed & !wilds);
    for i in slot_core::grid::cells_of(wilds) {
        g.set(i, WILD);
    }
    g.apply_gravity();
    (removed, wilds)
}
