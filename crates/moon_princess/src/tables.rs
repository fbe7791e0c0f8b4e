//! The math model made ready to draw from: reel sets with their weights, the random power's
//! chance and weights, the Star power's 1-or-2 weights (the rules, "Math model").

use crate::features::Power;
use crate::math_model::{MathModel, ModelError, ReelSet, parse_strip};
use crate::symbols::MpGrid;
use rand_core::Rng;
use slot_core::sampling::{ReelStrip, WeightedTable};

/// Where a landed grid came from: its reel set and the stop of each reel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Landed {
    /// The reel set (0-based index into the landing's sets).
    pub set: u32,
    /// The stop of each reel, reel 1 first.
    pub stops: [u32; 5],
}

/// One reel of a reel set: its strip, and the window each stop shows, built once so that a
/// landing copies 5 symbols per reel instead of slicing the strip.
#[derive(Clone, Debug)]
struct Reel {
    /// The strip; its length is the bound of the stop draw.
    strip: ReelStrip,
    /// `windows[stop]`: the 5 symbols from `stop` down (top row first), as
    /// [`ReelStrip::window`] gives them; one entry per stop.
    windows: Box<[[u8; 5]]>,
}

impl Reel {
    fn new(strip: ReelStrip) -> Reel {
        let windows = (0..strip.len()).map(|stop| strip.window(stop)).collect();
        Reel { strip, windows }
    }
}

/// One landing: reel sets with their weights.
#[derive(Clone, Debug)]
pub(crate) struct Landing {
    sets: WeightedTable<u8>,
    reels: Vec<[Reel; 5]>,
}

impl Landing {
    fn new(sets: &[ReelSet], what: &'static str) -> Result<Landing, ModelError> {
        let table = WeightedTable::new(sets.iter().enumerate().map(|(i, s)| (i as u8, s.weight)))
            .map_err(|error| ModelError::Weights { what, error })?;
        let mut reels = Vec::with_capacity(sets.len());
        for (si, s) in sets.iter().enumerate() {
            let mut five: [Option<Reel>; 5] = Default::default();
            for (ri, text) in s.reels.iter().enumerate() {
                five[ri] = Some(Reel::new(parse_strip(text, what, si, ri)?));
            }
            reels.push(five.map(|r| r.unwrap_or_else(|| unreachable!("five reels parsed"))));
        }
        Ok(Landing { sets: table, reels })
    }

    /// Draws a reel set (when there is more than one), then a stop per reel, and fills the
    /// window into `g`: reel `c` shows positions `stop .. stop + 5` from the top row down.
    /// Returns where the grid came from. (`g` is the caller's: the landing is not returned by
    /// value through the spin.)
    #[inline]
    pub(crate) fn land<R: Rng + ?Sized>(&self, rng: &mut R, g: &mut MpGrid) -> Landed {
        let set = if self.reels.len() == 1 {
            0
        } else {
            self.sets.sample_index(rng)
        };
        // The stops, reel 1 first (the only draws), then each reel's window of 5.
        let mut stops = [0u32; 5];
        let mut windows = [[0u8; 5]; 5];
        for (c, reel) in self.reels[set].iter().enumerate() {
            let stop = reel.strip.draw_stop(rng);
            stops[c] = stop as u32;
            windows[c] = reel.windows[stop];
        }
        *g = MpGrid::from_columns(&windows);
        Landed {
            set: set as u32,
            stops,
        }
    }
}

/// Everything the rules draw from, built from a [`MathModel`].
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// The paid and Trinity spins.
    pub base: Landing,
    /// Free spins per pick (Love, Star, Storm).
    pub free: [Landing; 3],
    /// The random power's chance in a paid spin (numerator, denominator).
    pub random_power_chance: (u32, u32),
    /// Which power the random power is.
    pub random_power: WeightedTable<Power>,
    /// The Star power's 1 or 2 Wilds.
    pub star_wilds: WeightedTable<u32>,
}

impl Tables {
    /// Checks and builds the tables.
    ///
    /// # Errors
    /// [`ModelError`] naming the bad strip, code or weight table.
    pub(crate) fn new(m: &MathModel) -> Result<Tables, ModelError> {
        let [l, s, t] = &m.free_spins;
        let (n, d) = m.random_power_chance;
        if d == 0 || n > d {
            return Err(ModelError::Chance {
                numerator: n,
                denominator: d,
            });
        }
        Ok(Tables {
            base: Landing::new(&m.base, "base game")?,
            free: [
                Landing::new(l, "free spins love")?,
                Landing::new(s, "free spins star")?,
                Landing::new(t, "free spins storm")?,
            ],
            random_power_chance: (n, d),
            random_power: WeightedTable::new(
                [Power::Love, Power::Star, Power::Storm]
                    .into_iter()
                    .zip(m.random_power_weights),
            )
            .map_err(|error| ModelError::Weights {
                what: "random power",
                error,
            })?,
            star_wilds: WeightedTable::new([1u32, 2].into_iter().zip(m.star_wilds_weights))
                .map_err(|error| ModelError::Weights {
                    what: "Star power wilds",
                    error,
                })?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reel's windows are the strip's 5 symbols from each stop down, wrapping past the end:
    /// strip 0 1 2 shows 0 1 2 0 1, 1 2 0 1 2 and 2 0 1 2 0.
    #[test]
    fn reel_windows_wrap_around_the_strip() {
        let reel = Reel::new(ReelStrip::new(vec![0, 1, 2]).unwrap());
        assert_eq!(
            &*reel.windows,
            &[[0, 1, 2, 0, 1], [1, 2, 0, 1, 2], [2, 0, 1, 2, 0]]
        );
        let long = Reel::new(ReelStrip::new(vec![6, 5, 4, 3, 2, 1, 0]).unwrap());
        assert_eq!(long.windows.len(), 7);
        assert_eq!(long.windows[0], [6, 5, 4, 3, 2]);
        assert_eq!(long.windows[4], [2, 1, 0, 6, 5]);
        assert_eq!(long.windows[6], [0, 6, 5, 4, 3]);
    }
}
