//! The player's free-spin pick (the rules, "Free spins": "Choice").

use crate::features::Power;
use serde::{Deserialize, Serialize};
use slot_core::events::Princess;

/// The player's free-spin pick. In JSON `"love"`, `"star"`, `"storm"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pick {
    /// Princess Love: 4 free spins, +4 per full meter, the Love power on spins without a win.
    Love,
    /// Princess Star: 5 free spins, +3 per full meter, the Star power.
    Star,
    /// Princess Storm: 8 free spins, +2 per full meter, the Storm power.
    Storm,
}

/// The three picks, in the order Love, Star, Storm (index of the math model's per-pick data).
pub const PICKS: [Pick; 3] = [Pick::Love, Pick::Star, Pick::Storm];

impl Pick {
    /// Free spins the pick starts with: 4, 5, 8.
    pub const fn initial_spins(self) -> u32 {
        match self {
            Pick::Love => 4,
            Pick::Star => 5,
            Pick::Storm => 8,
        }
    }

    /// Free spins a full meter adds: 4, 3, 2.
    pub const fn extra_spins(self) -> u32 {
        match self {
            Pick::Love => 4,
            Pick::Star => 3,
            Pick::Storm => 2,
        }
    }

    /// The pick's power.
    pub const fn power(self) -> Power {
        match self {
            Pick::Love => Power::Love,
            Pick::Star => Power::Star,
            Pick::Storm => Power::Storm,
        }
    }

    /// Index 0, 1, 2 (Love, Star, Storm).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase name (`love`, `star`, `storm`).
    pub const fn name(self) -> &'static str {
        match self {
            Pick::Love => "love",
            Pick::Star => "star",
            Pick::Storm => "storm",
        }
    }

    /// The princess as the round record names her.
    pub const fn princess(self) -> Princess {
        match self {
            Pick::Love => Princess::Love,
            Pick::Star => Princess::Star,
            Pick::Storm => Princess::Storm,
        }
    }
}

/// A pick given as text that is not one of `love`, `star`, `storm`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a free-spin pick; allowed: love | star | storm")]
pub struct PickError(pub String);

impl std::str::FromStr for Pick {
    type Err = PickError;
    /// Parses `love`, `star` or `storm` (case-insensitive, surrounding spaces ignored).
    fn from_str(s: &str) -> Result<Pick, PickError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "love" => Ok(Pick::Love),
            "star" => Ok(Pick::Star),
            "storm" => Ok(Pick::Storm),
            _ => Err(PickError(s.chars().take(80).collect())),
        }
    }
}

impl std::fmt::Display for Pick {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
