//! The math model as data: the five reel strips (one set, for the paid spin and the free
//! spins), with the checks a model must pass and the figures of the shipped one.
//!
//! Everything else of the game's math (paylines, pays, Scatter pay, free spins, multiplier,
//! cap) is the rule sheet's and fixed in [`crate::paytable`]; the strips are what a studio
//! tunes.
//!
//! # How the shipped strips were tuned
//! By hand, on exact figures ([`crate::exact`]): 30 stops a reel (24,300,000 combinations,
//! enumerated in about a second optimised). Start from strips where the seven paying symbols
//! stand in rough proportion to the inverse of their pays, two Scatters on reels 1, 3 and 5
//! spread apart, and Wilds on reels 2 to 4; then move single stops between low and high
//! symbols (and a Wild on or off reel 3) and recompute, until the exact RTP was within
//! 0.05 percentage points of 96 %, with a trigger rate near 1 in 150 and a hit frequency near
//! 30 %. The figures of the result are [`EXACT_RTP`] and the crate docs' table;
//! `tests/exact.rs` computes them again and checks them.

use crate::symbols::{
    BAR, BELL, JACK, KING, QUEEN, REELS, ROWS, SCATTER, SEVEN, SYMBOLS, TEN, TEXT_CODES, WILD,
    allowed_on_reel,
};
use serde::{Deserialize, Serialize};

/// The longest strip a model may have (so that a stop and the enumeration stay small).
pub const MAX_STRIP_LEN: usize = 255;

/// The math model: the reel strips, reel 1 first, each a list of symbol codes
/// ([`crate::symbols`]); a window shows `strip[stop]`, `strip[stop + 1]`, `strip[stop + 2]`
/// (wrapping) from the top row down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MathModel {
    /// The five reel strips, reel 1 first.
    pub strips: [Vec<u8>; REELS],
}

/// Why a model was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelError {
    /// A strip shorter than the window or longer than [`MAX_STRIP_LEN`].
    #[error("reel {reel}: the strip has {len} stops; it needs {min} to {max}")]
    StripLength {
        /// The reel, 1 = left.
        reel: usize,
        /// Its length.
        len: usize,
        /// The window's rows.
        min: usize,
        /// [`MAX_STRIP_LEN`].
        max: usize,
    },
    /// A code that is no symbol.
    #[error("reel {reel}, stop {stop}: {code} is no symbol code (0 to {})", SYMBOLS - 1)]
    UnknownSymbol {
        /// The reel, 1 = left.
        reel: usize,
        /// The stop, 0-based.
        stop: usize,
        /// The code.
        code: u8,
    },
    /// A symbol on a reel where the rules do not let it stand.
    #[error(
        "reel {reel}, stop {stop}: {symbol} cannot stand on reel {reel} (Wild only on reels 2-4, Scatter only on reels 1, 3, 5)"
    )]
    Placement {
        /// The reel, 1 = left.
        reel: usize,
        /// The stop, 0-based.
        stop: usize,
        /// The symbol's cell code.
        symbol: &'static str,
    },
}

/// Checks that `model` is one the rules can play.
///
/// # Errors
/// The first [`ModelError`] found, reel 1 first.
pub fn validate(model: &MathModel) -> Result<(), ModelError> {
    for (r, strip) in model.strips.iter().enumerate() {
        if !(ROWS..=MAX_STRIP_LEN).contains(&strip.len()) {
            return Err(ModelError::StripLength {
                reel: r + 1,
                len: strip.len(),
                min: ROWS,
                max: MAX_STRIP_LEN,
            });
        }
        for (stop, &code) in strip.iter().enumerate() {
            if usize::from(code) >= SYMBOLS {
                return Err(ModelError::UnknownSymbol {
                    reel: r + 1,
                    stop,
                    code,
                });
            }
            if !allowed_on_reel(code, r) {
                return Err(ModelError::Placement {
                    reel: r + 1,
                    stop,
                    symbol: TEXT_CODES[usize::from(code)],
                });
            }
        }
    }
    Ok(())
}

const T: u8 = TEN;
const J: u8 = JACK;
const Q: u8 = QUEEN;
const K: u8 = KING;
const BE: u8 = BELL;
const BA: u8 = BAR;
const S7: u8 = SEVEN;
const W: u8 = WILD;
const SC: u8 = SCATTER;

/// The shipped strips, reel 1 first.
const STANDARD: [[u8; 30]; REELS] = [
    [T, J, Q, SC, S7, T, BE, J, Q, BA, T, K, J, S7, Q, T, SC, J, BE, K, T, Q, J, BA, T, K, Q, BE, J, S7],
    [J, T, K, W, Q, J, BE, T, BA, Q, K, J, S7, T, Q, BE, J, K, T, W, Q, J, BA, K, T, Q, BE, J, S7, T],
    [S7, K, SC, T, J, BE, Q, W, BA, K, BA, J, Q, S7, T, K, J, SC, Q, BE, T, J, K, BA, Q, T, J, S7, K, BE],
    [K, J, T, W, Q, BE, K, T, K, BA, Q, K, S7, T, J, Q, BE, K, W, T, J, Q, BA, K, T, J, S7, Q, BE, T],
    [T, Q, SC, J, K, BE, T, Q, J, BA, K, T, S7, Q, J, K, T, SC, BE, Q, J, T, K, BA, Q, J, T, S7, K, BE],
];

impl MathModel {
    /// The names of the shipped models, the published one first.
    pub const NAMES: [&'static str; 1] = ["standard"];

    /// The shipped model.
    pub fn standard() -> MathModel {
        MathModel {
            strips: STANDARD.map(|s| s.to_vec()),
        }
    }

    /// The shipped model called `name` ([`MathModel::NAMES`]), `None` for another name.
    pub fn named(name: &str) -> Option<MathModel> {
        (name == "standard").then(MathModel::standard)
    }
}

/// The shipped model's exact RTP, a fraction of the stake, as
/// (numerator, denominator) in lowest terms ([`crate::exact::ExactFigures::rtp`]).
pub const EXACT_RTP: (u128, u128) = (58_334_381, 60_750_000);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_model_is_valid_and_bad_ones_are_named() {
        assert_eq!(validate(&MathModel::standard()), Ok(()));
        let mut m = MathModel::standard();
        m.strips[0][0] = WILD;
        assert_eq!(
            validate(&m),
            Err(ModelError::Placement {
                reel: 1,
                stop: 0,
                symbol: "W"
            })
        );
        m.strips[0][0] = 42;
        assert!(matches!(validate(&m), Err(ModelError::UnknownSymbol { .. })));
        m.strips[0] = vec![TEN, TEN];
        assert!(matches!(validate(&m), Err(ModelError::StripLength { len: 2, .. })));
        assert!(MathModel::named("standard").is_some() && MathModel::named("x").is_none());
    }
}
