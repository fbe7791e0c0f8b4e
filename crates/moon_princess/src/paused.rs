//! A round that waits for the player's free-spin pick (the rules, "Free spins": "Choice"), and
//! how a server keeps it meanwhile (guide, "Server use: dependencies, features, sealed rounds").
//!
//! When the base game clears the grid, the round stops before its free spins:
//! [`crate::MoonPrincess::start_round`] returns a [`PausedRound`], everything the base game decided.
//! In the same process it is resumed with [`crate::MoonPrincess::resume`]. To keep it while the player
//! decides, the server stores it as a [`StoredRound`] (JSON): the paused round, the model's
//! fingerprint, the bet, the mode and the server's round id, optionally **sealed** with
//! HMAC-SHA-256 under the server's key. [`crate::MoonPrincess::open_sealed`] (or
//! [`crate::MoonPrincess::open_unsealed`]) turns it back into a paused round.
//! A simulation, which has no player, picks through a [`PickStrategy`] given the paused round.
//!
//! # What a server must do
//! - The stored round is the **server's** record. The client only sends its pick (`love`,
//!   `star` or `storm`); it never sends the stored round back.
//! - **Each round id is resumed at most once.** The library cannot know which rounds a server
//!   already finished: the server must mark the id as resumed in the same transaction that
//!   pays the round (a unique key in its database), and refuse a second resume. The crate's
//!   server example shows the pattern.
//! - Seal the round if it passes through storage that others can write. A sealed round
//!   refuses every change of every field, and a missing or wrong seal.
//! - **Keep the base game's event log** (it ends with `awaiting_pick`; the client has shown
//!   it) beside the stored round, for the player's history: the stored round carries the
//!   money, not the events. [`crate::MoonPrincess::resume`] writes the part after the pick,
//!   into a fresh log if the server likes, starting with a `resumed` event that carries the
//!   game, the model and what the round paid before the pause; that part reconciles alone to
//!   the whole round's win, and the two logs one after the other reconcile as one
//!   ([`slot_core::events::EventLog::reconcile`]).
//!
//! # What an unsealed round cannot detect
//! Reading a stored round checks every field against what a round can produce (the format,
//! the game, a bet on the ladder, the split of the win, multiples of 0.05 x bet, the cap, the
//! counts and the multiplier a base game can reach), and opening it checks the model. An edit
//! that keeps all of these true (a win moved up by 0.05 x together with its split, another
//! bet on the ladder, another round id) cannot be told from a real round without the seal.

use crate::outcome::{SRC_BASE, SRC_FREE, SRC_TRINITY};
use crate::pick::Pick;
use crate::{BET_LADDER, CAP, GAME_ID};
use serde::{Deserialize, Serialize};
use slot_core::events::{GameId, StakeMode};
use slot_core::fingerprint::Fingerprint;
use slot_core::ledger::Ledger;
use slot_core::money::{Bet, BetError, Win};
use slot_core::seal::{RoundId, Seal, SealKey};

/// The version of the stored format ([`StoredRound`]).
pub const STORED_ROUND_FORMAT: u32 = 2;

/// The highest multiplier a base-game spin can reach: x13.
///
/// Why: every tumble removes at least two more cells than it adds. A tumble removes the union
/// U of its wins and puts a Wild on the middle cell of each 3-cell win (the set M of middles,
/// all inside U). Take the lowest-numbered middle: its win runs along a row or a column, so
/// its left or upper neighbour in the win has a lower number and is not a middle; likewise the
/// highest-numbered middle has a right or lower neighbour that is not a middle. These two
/// cells differ (with one middle they are its two ends), so |U| - |M| >= 2. Powers never add
/// cells. A base-game grid lands with 25 cells and a win needs 3, so a spin has at most 12
/// tumbles, and its multiplier (x1 at the start, +1 per tumble) is at most x13. Free spins
/// carry the multiplier from spin to spin and reach x20; a paused round has played none.
pub const MAX_BASE_GAME_MULTIPLIER: u32 = 13;

/// The least a full meter costs: three princess sections from three 3-cell any-princess wins
/// of 0.20 x each (every other way to fill three sections pays more), in hundredths.
const MIN_METER_FILL_PAY: u64 = 60;

/// Everything the base game decided, in hundredths of the bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BaseGame {
    pub base_win: Win,
    pub trinity_win: Win,
    pub random_power_win: Win,
    pub trinity_spins: u32,
    pub random_powers: u32,
    pub max_multiplier: u32,
}

impl BaseGame {
    /// Checks the relations every base game that ends in a paused round satisfies; the first
    /// that fails is named.
    fn check(&self) -> Result<(), &'static str> {
        let win = self
            .base_win
            .hundredths()
            .checked_add(self.trinity_win.hundredths())
            .ok_or("base_win + trinity_win overflows")?;
        if win >= CAP.limit.hundredths() {
            return Err("the win is at or above the 5,000 x cap (such a round has ended)");
        }
        let fives = [self.base_win, self.trinity_win, self.random_power_win];
        if fives.iter().any(|w| !w.hundredths().is_multiple_of(5)) {
            return Err("a win is not a multiple of 0.05 x bet (every pay is)");
        }
        let m = self.max_multiplier;
        if !(1..=MAX_BASE_GAME_MULTIPLIER).contains(&m) {
            return Err("max_multiplier is outside 1..=13 (the most a base-game spin reaches)");
        }
        // Reaching x m takes m - 1 tumbles, the k-th after wins of at least 0.10 x k.
        if win < 5 * u64::from(m) * u64::from(m - 1) {
            return Err("max_multiplier is higher than the wins could reach");
        }
        if self.random_powers > 1 {
            return Err("more than one random power (a round has one paid spin)");
        }
        if self.random_powers == 0 && !self.random_power_win.is_zero() {
            return Err("a random-power win without a random power");
        }
        if self.random_power_win > self.base_win {
            return Err("the random-power win is more than the paid spin's win");
        }
        if self.trinity_spins == 0 && !self.trinity_win.is_zero() {
            return Err("a Trinity win without a Trinity spin");
        }
        if self.trinity_spins > 0 {
            // Trinity spin k needs a full meter from spin k - 1's princess wins.
            let before_last = u64::from(self.trinity_spins - 1) * MIN_METER_FILL_PAY;
            if self.base_win.hundredths() < MIN_METER_FILL_PAY
                || self.trinity_win.hundredths() < before_last
            {
                return Err(
                    "more Trinity spins than the princess wins could award (each needs 0.60 x of princess wins before it)",
                );
            }
        }
        Ok(())
    }

    /// The round's ledger as the base game left it.
    pub(crate) fn ledger(&self) -> Option<Ledger<3>> {
        let mut split = [Win::ZERO; 3];
        split[SRC_BASE] = self.base_win;
        split[SRC_TRINITY] = self.trinity_win;
        split[SRC_FREE] = Win::ZERO;
        Ledger::resume(CAP, split)
    }
}

/// A round waiting for the free-spin pick, in memory. Resume it with [`crate::MoonPrincess::resume`];
/// keep it across processes with [`PausedRound::store`] or [`PausedRound::store_sealed`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PausedRound {
    pub(crate) base: BaseGame,
    pub(crate) model: Fingerprint,
}

impl PausedRound {
    /// Won so far (paid spin plus Trinity spins), hundredths of the bet, below the cap.
    pub fn win(&self) -> Win {
        self.base.base_win + self.base.trinity_win
    }

    /// Won in the paid spin.
    pub fn base_win(&self) -> Win {
        self.base.base_win
    }

    /// Won in Trinity spins.
    pub fn trinity_win(&self) -> Win {
        self.base.trinity_win
    }

    /// Trinity spins played.
    pub fn trinity_spins(&self) -> u32 {
        self.base.trinity_spins
    }

    /// The fingerprint of the math model that played the base game.
    pub fn model(&self) -> Fingerprint {
        self.model
    }

    /// The record to store while the player picks, for the bet `bet` (on [`BET_LADDER`]) and
    /// the server's round id. Unsealed: see the module docs for what it cannot detect.
    ///
    /// # Errors
    /// [`BetError`] if `bet` is not on Moon Princess's ladder (0.20 to 40.00 in steps of 0.20).
    pub fn store(&self, round_id: RoundId, bet: Bet) -> Result<StoredRound, BetError> {
        let bet = BET_LADDER.bet(bet.cents())?;
        Ok(StoredRound(StoredFields {
            format: STORED_ROUND_FORMAT,
            game: GAME_ID,
            model: self.model,
            round_id,
            bet,
            mode: StakeMode::Standard,
            win: self.win(),
            base_win: self.base.base_win,
            trinity_win: self.base.trinity_win,
            random_power_win: self.base.random_power_win,
            trinity_spins: self.base.trinity_spins,
            random_powers: self.base.random_powers,
            max_multiplier: self.base.max_multiplier,
            seal: None,
        }))
    }

    /// As [`PausedRound::store`], sealed with `key` (HMAC-SHA-256 over the record's canonical
    /// JSON form).
    ///
    /// # Errors
    /// [`BetError`] if `bet` is not on Moon Princess's ladder.
    pub fn store_sealed(
        &self,
        round_id: RoundId,
        bet: Bet,
        key: &SealKey,
    ) -> Result<StoredRound, BetError> {
        let mut s = self.store(round_id, bet)?;
        s.0.seal = Some(key.seal(&s.0.canonical()));
        Ok(s)
    }
}

/// How a simulation picks: a fixed [`Pick`], or any `FnMut(&PausedRound) -> Pick`.
pub trait PickStrategy {
    /// The pick for this paused round.
    fn pick(&mut self, paused: &PausedRound) -> Pick;
}

impl PickStrategy for Pick {
    fn pick(&mut self, _: &PausedRound) -> Pick {
        *self
    }
}

impl<F: FnMut(&PausedRound) -> Pick> PickStrategy for F {
    fn pick(&mut self, paused: &PausedRound) -> Pick {
        self(paused)
    }
}

/// A paused round as a server stores it: JSON, every field checked when read, optionally
/// sealed. Made by [`PausedRound::store`] or read with [`StoredRound::from_json`]; opened by
/// [`crate::MoonPrincess::open_sealed`] or [`crate::MoonPrincess::open_unsealed`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredFields", into = "StoredFields")]
pub struct StoredRound(StoredFields);

/// The stored fields, in the order of the JSON form. Money in hundredths of the bet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredFields {
    format: u32,
    game: GameId,
    model: Fingerprint,
    round_id: RoundId,
    bet: Bet,
    mode: StakeMode,
    win: Win,
    base_win: Win,
    trinity_win: Win,
    random_power_win: Win,
    trinity_spins: u32,
    random_powers: u32,
    max_multiplier: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seal: Option<Seal>,
}

impl StoredFields {
    /// The bytes the seal covers: the JSON form without the seal.
    fn canonical(&self) -> Vec<u8> {
        let unsealed = StoredFields {
            seal: None,
            ..self.clone()
        };
        // Strings, integers and fixed enums only: serialising cannot fail.
        serde_json::to_vec(&unsealed).unwrap_or_default()
    }

    fn base(&self) -> BaseGame {
        BaseGame {
            base_win: self.base_win,
            trinity_win: self.trinity_win,
            random_power_win: self.random_power_win,
            trinity_spins: self.trinity_spins,
            random_powers: self.random_powers,
            max_multiplier: self.max_multiplier,
        }
    }
}

impl TryFrom<StoredFields> for StoredRound {
    type Error = ResumeError;
    fn try_from(f: StoredFields) -> Result<StoredRound, ResumeError> {
        if f.format != STORED_ROUND_FORMAT {
            return Err(ResumeError::Format {
                found: f.format,
                expected: STORED_ROUND_FORMAT,
            });
        }
        if f.game != GAME_ID {
            return Err(ResumeError::Game { found: f.game });
        }
        if f.mode != StakeMode::Standard {
            return Err(ResumeError::Damaged(
                "mode: Moon Princess is played in the standard mode only",
            ));
        }
        if BET_LADDER.bet(f.bet.cents()).is_err() {
            return Err(ResumeError::Damaged(
                "bet: not on the ladder (0.20 to 40.00 in steps of 0.20)",
            ));
        }
        let base = f.base();
        if f.base_win
            .hundredths()
            .checked_add(f.trinity_win.hundredths())
            != Some(f.win.hundredths())
        {
            return Err(ResumeError::Damaged("win is not base_win + trinity_win"));
        }
        base.check().map_err(ResumeError::Damaged)?;
        Ok(StoredRound(f))
    }
}

impl From<StoredRound> for StoredFields {
    fn from(s: StoredRound) -> StoredFields {
        s.0
    }
}

impl StoredRound {
    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        // Strings, integers and fixed enums only: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a record written by [`StoredRound::to_json`], checking every field.
    ///
    /// # Errors
    /// [`ResumeError::Unreadable`] for text that is not such a record (not JSON, a missing or
    /// unknown field), or the [`ResumeError`] of the first field that no round can produce.
    pub fn from_json(text: &str) -> Result<StoredRound, ResumeError> {
        let fields: StoredFields =
            slot_core::json::from_str(text).map_err(|e| ResumeError::Unreadable(e.to_string()))?;
        StoredRound::try_from(fields)
    }

    /// The server's round id.
    pub fn round_id(&self) -> &RoundId {
        &self.0.round_id
    }

    /// The bet the round was played at (on [`BET_LADDER`]).
    pub fn bet(&self) -> Bet {
        self.0.bet
    }

    /// Won so far, hundredths of the bet.
    pub fn win(&self) -> Win {
        self.0.win
    }

    /// The fingerprint of the math model that played the base game.
    pub fn model(&self) -> Fingerprint {
        self.0.model
    }

    /// True if the record carries a seal.
    pub fn is_sealed(&self) -> bool {
        self.0.seal.is_some()
    }

    /// Opens the record for `model`, checking the seal with `key` (`None`: the record must not
    /// carry one).
    pub(crate) fn open(
        self,
        model: Fingerprint,
        key: Option<&SealKey>,
    ) -> Result<PausedRound, ResumeError> {
        match (key, &self.0.seal) {
            (Some(_), None) => return Err(ResumeError::SealMissing),
            (Some(k), Some(seal)) => {
                if !k.verify(&self.0.canonical(), seal) {
                    return Err(ResumeError::SealWrong);
                }
            }
            (None, Some(_)) => return Err(ResumeError::Sealed),
            (None, None) => {}
        }
        if self.0.model != model {
            return Err(ResumeError::Model {
                found: self.0.model,
                expected: model,
            });
        }
        Ok(PausedRound {
            base: self.0.base(),
            model,
        })
    }
}

/// A stored or paused round that cannot be resumed. Nothing is played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    /// Not a stored round at all.
    #[error("not a stored Moon Princess round: {0}")]
    Unreadable(String),
    /// Another format version.
    #[error("stored round has format {found}; this build reads format {expected}")]
    Format {
        /// The format stored.
        found: u32,
        /// The format this build reads.
        expected: u32,
    },
    /// A round of another game.
    #[error("stored round belongs to {found}, not {GAME_ID}")]
    Game {
        /// The game stored.
        found: GameId,
    },
    /// Played with another math model.
    #[error("stored round belongs to math model {}; this game runs model {}", found.short(), expected.short())]
    Model {
        /// The model stored.
        found: Fingerprint,
        /// This game's model.
        expected: Fingerprint,
    },
    /// A value that no round can produce.
    #[error("stored round is damaged: {0}")]
    Damaged(&'static str),
    /// Opened with a key, but the record carries no seal.
    #[error("stored round has no seal, but this server requires one")]
    SealMissing,
    /// The seal does not match the record under this key: the record was changed, or sealed
    /// with another key.
    #[error(
        "stored round's seal does not match: the record was changed or sealed with another key"
    )]
    SealWrong,
    /// Opened without a key, but the record carries a seal.
    #[error("stored round is sealed: open it with the server's key")]
    Sealed,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> BaseGame {
        BaseGame {
            base_win: Win::from_hundredths(1_000),
            trinity_win: Win::from_hundredths(250),
            random_power_win: Win::ZERO,
            trinity_spins: 1,
            random_powers: 0,
            max_multiplier: 3,
        }
    }

    #[test]
    fn a_consistent_base_game_passes_and_each_impossible_value_is_named() {
        assert_eq!(base().check(), Ok(()));
        type Edit = fn(&mut BaseGame);
        let cases: [(Edit, &str); 10] = [
            (
                |b| {
                    // x13 needs 0.10 x (1 + 2 + ... + 12) = 7.80 x of wins at least.
                    (b.max_multiplier, b.base_win) = (13, Win::from_hundredths(520));
                },
                "higher than the wins",
            ),
            (|b| b.base_win = Win::from_hundredths(499_800), "cap"),
            (|b| b.base_win = Win::from_hundredths(1_001), "0.05"),
            (|b| b.max_multiplier = 14, "1..=13"),
            (|b| b.max_multiplier = 0, "1..=13"),
            (|b| b.random_powers = 2, "more than one random power"),
            (
                |b| b.random_power_win = Win::from_hundredths(5),
                "without a random power",
            ),
            (
                |b| {
                    b.trinity_spins = 0;
                },
                "Trinity win without",
            ),
            (|b| b.trinity_spins = 4_000_000_000, "Trinity spins than"),
            (
                |b| b.base_win = Win::from_hundredths(55),
                "Trinity spins than",
            ),
        ];
        for (edit, words) in cases {
            let mut b = base();
            edit(&mut b);
            let e = b.check().unwrap_err();
            assert!(e.contains(words), "{e} should name {words}");
        }
    }
}
