//! The math model made ready to draw from: reel sets with their weights, the random power's
//! chance and weights, the Star power's 1-or-2 weights (the rules, "Math model").

use crate::board::Board;
use crate::features::Power;
use crate::math_model::{MathModel, ModelError, ModelFields, ReelSet, parse_strip};
use crate::symbols::SYMBOLS;
use rand_core::Rng;
use slot_core::reel_windows::ReelWindows;
use slot_core::sampling::{ReelStrip, WeightedTable};

/// Where a landed grid came from: its reel set and the stop of each reel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Landed {
    /// The reel set (0-based index into the landing's sets).
    pub set: u32,
    /// The stop of each reel, reel 1 first.
    pub stops: [u32; 5],
}

/// One landing: reel sets with their weights.
#[derive(Clone, Debug)]
pub(crate) struct Landing {
    sets: WeightedTable<u8>,
    strips: Vec<[ReelStrip; 5]>,
    /// Every window of each set's strips as grid columns (the landing's planes are their OR).
    windows: Vec<ReelWindows<5, 5, SYMBOLS>>,
}

impl Landing {
    fn new(sets: &[ReelSet], what: &'static str) -> Result<Landing, ModelError> {
        let table = WeightedTable::new(sets.iter().enumerate().map(|(i, s)| (i as u8, s.weight)))
            .map_err(|error| ModelError::Weights { what, error })?;
        let mut strips = Vec::with_capacity(sets.len());
        for (si, s) in sets.iter().enumerate() {
            let mut five: [Option<ReelStrip>; 5] = Default::default();
            for (ri, text) in s.reels.iter().enumerate() {
                five[ri] = Some(parse_strip(text, what, si, ri)?);
            }
            strips.push(five.map(|s| s.unwrap_or_else(|| unreachable!("five reels parsed"))));
        }
        let windows = strips
            .iter()
            .map(|five| {
                // `parse_strip` accepts only the landing symbols, all below `SYMBOLS`.
                ReelWindows::new(five).unwrap_or_else(|e| unreachable!("parsed strips: {e}"))
            })
            .collect();
        Ok(Landing {
            sets: table,
            strips,
            windows,
        })
    }

    /// Draws a reel set (when there is more than one), then a stop per reel, and makes `b` the
    /// grid of their windows: reel `c` shows positions `stop .. stop + 5` from the top row
    /// down. Returns where the grid came from. (`b` is the caller's: the landing is not
    /// returned by value through the spin.)
    #[inline]
    pub(crate) fn land<R: Rng + ?Sized>(&self, rng: &mut R, b: &mut Board) -> Landed {
        let set = if self.strips.len() == 1 {
            0
        } else {
            self.sets.sample_index(rng)
        };
        // The stops, reel 1 first (the only draws), then the planes of their windows.
        let mut stops = [0usize; 5];
        for (stop, strip) in stops.iter_mut().zip(&self.strips[set]) {
            *stop = strip.draw_stop(rng);
        }
        *b = Board::from_planes(self.windows[set].planes(&stops));
        Landed {
            set: set as u32,
            // Strips of at most `u32::MAX` positions (`ReelStrip::new`).
            stops: stops.map(|s| s as u32),
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

/// A model file is read through the same checks as building the game: its fields are put
/// together and the game's tables built from them (unknown fields are refused by serde first).
impl TryFrom<ModelFields> for MathModel {
    type Error = ModelError;
    fn try_from(f: ModelFields) -> Result<MathModel, ModelError> {
        let m = MathModel {
            base: f.base,
            free_spins: f.free_spins,
            random_power_chance: f.random_power_chance,
            random_power_weights: f.random_power_weights,
            star_wilds_weights: f.star_wilds_weights,
        };
        Tables::new(&m)?;
        Ok(m)
    }
}
