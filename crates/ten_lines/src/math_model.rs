//! The math model as data: the five reel strips (one set, for the paid spin and the free
//! spins), with the checks a model must pass and the figures of the shipped one.
//!
//! Everything else of the game's math (paylines, pays, Scatter pay, free spins, multiplier,
//! cap) is the rule sheet's and fixed in [`crate::paytable`]; the strips are what a studio
//! tunes.
//!
//! # How the shipped strips were tuned
//! By hand, on exact figures ([`crate::exact`]; `cargo run --release -p ten-lines --example
//! figures [MODEL.json]` prints them for the shipped model or a model file): 30 stops a reel,
//! 24,300,000 combinations, enumerated in a few seconds optimised.
//! 1. First strips: the seven paying symbols in rough inverse proportion to their pays, two
//!    Scatters on reels 1, 3 and 5 at least three stops apart (so a window shows at most one,
//!    and 3 Scatters is the most a spin shows), two Wilds on reels 2 and 4, one on reel 3.
//! 2. The pays were then scaled once, by about 3.9, for an RTP near 96 % (the first paytable
//!    returned 26 %); the result, 97.89 %, left the rest to the strips.
//! 3. Single stops were changed and the figures recomputed, keeping a change that moved the
//!    RTP toward 96 %: a K on reel 1 and a Q on reel 3 became Sevens, a 10 on reel 3 a Bar
//!    (96.61 %); of a dozen single-stop candidates tried next (a low symbol to another
//!    paying symbol, drawn at random), reel 4's stop 8, J to K, gave 96.023672 %, kept.
//!    (Removing a Wild moved the RTP by 14 points: Wilds are the coarse knob, low symbols the
//!    fine one.)
//!
//! The result: the exact RTP [`EXACT_RTP`] (96.023672 %), hit frequency 2737/9000, free
//! spins 1 in 125; `tests/exact.rs` computes them again and checks them.

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
    [
        T, J, Q, SC, S7, T, BE, J, Q, BA, T, K, J, S7, Q, T, SC, J, BE, K, T, Q, J, BA, T, K, Q,
        BE, J, S7,
    ],
    [
        J, T, K, W, Q, J, BE, T, BA, Q, K, J, S7, T, Q, BE, J, K, T, W, Q, J, BA, K, T, Q, BE, J,
        S7, T,
    ],
    [
        S7, K, SC, T, J, BE, Q, W, BA, K, BA, J, Q, S7, T, K, J, SC, Q, BE, T, J, K, BA, Q, T, J,
        S7, K, BE,
    ],
    [
        K, J, T, W, Q, BE, K, T, K, BA, Q, K, S7, T, J, Q, BE, K, W, T, J, Q, BA, K, T, J, S7, Q,
        BE, T,
    ],
    [
        T, Q, SC, J, K, BE, T, Q, J, BA, K, T, S7, Q, J, K, T, SC, BE, Q, J, T, K, BA, Q, J, T, S7,
        K, BE,
    ],
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
        assert!(matches!(
            validate(&m),
            Err(ModelError::UnknownSymbol { .. })
        ));
        m.strips[0] = vec![TEN, TEN];
        assert!(matches!(
            validate(&m),
            Err(ModelError::StripLength { len: 2, .. })
        ));
        assert!(MathModel::named("standard").is_some() && MathModel::named("x").is_none());
    }
}
