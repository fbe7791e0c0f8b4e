//! The game's fixed rules that every other module reads (the rules, "Ante bet", "Scatters and
//! free spins", "Cap"): the bet ladders and the bet mode, the cap, and the free-spin awards
//! with the Scatter counts that give them.

use slot_core::events::StakeMode;
use slot_core::money::{Bet, BetError, BetLadder, Cap};

/// Base bets: 0.20 to 40.00 in steps of 0.20 (README, "The common rules": Money). Wins are in
/// hundredths of it.
pub const BET_LADDER: BetLadder = slot_core::bet_ladder!(20, 4000);
/// What the player stakes with the ante bet: 1.25 x the base bet, 0.25 to 50.00 in steps of
/// 0.25. The base bet is 4/5 of it.
pub const ANTE_STAKE_LADDER: BetLadder = slot_core::bet_ladder!(25, 5000);
/// The cap: 5,000 x base bet.
pub const CAP: Cap = Cap::x_bet(5000);
/// Free spins for 4 or more Scatters in the base game.
pub const FREE_SPINS: u32 = 15;
/// Free spins added by 3 or more Scatters in a free spin.
pub const RETRIGGER_SPINS: u32 = 5;
/// Scatters that trigger free spins in the base game.
pub const TRIGGER_SCATTERS: u32 = 4;
/// Scatters that retrigger in the free spins.
pub const RETRIGGER_SCATTERS: u32 = 3;

/// Standard play or the ante bet (the rules, "Ante bet").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BetMode {
    /// Stake = base bet.
    Standard,
    /// Stake = 1.25 x base bet; more Scatters in the base game.
    Ante,
}

impl BetMode {
    /// The stake in hundredths of the base bet: 100 or 125.
    pub const fn cost(self) -> u64 {
        match self {
            BetMode::Standard => 100,
            BetMode::Ante => 125,
        }
    }

    /// The base bet behind a stake of `stake_cents` paid in this mode: the stake itself
    /// (standard, on [`BET_LADDER`]) or 4/5 of it (ante, on [`ANTE_STAKE_LADDER`]). Wins are
    /// paid on the base bet ([`slot_core::money::Bet::payout`]).
    ///
    /// # Errors
    /// [`BetError`] if the stake is not on the mode's ladder.
    pub fn base_bet(self, stake_cents: u64) -> Result<Bet, BetError> {
        match self {
            BetMode::Standard => BET_LADDER.bet(stake_cents),
            BetMode::Ante => {
                let stake = ANTE_STAKE_LADDER.bet(stake_cents)?;
                let base = stake.cents() / ANTE_STAKE_LADDER.min_cents() * BET_LADDER.min_cents();
                BET_LADDER.bet(base)
            }
        }
    }

    /// "standard" or "ante".
    pub const fn name(self) -> &'static str {
        match self {
            BetMode::Standard => "standard",
            BetMode::Ante => "ante",
        }
    }

    /// The mode as the round record writes it.
    pub const fn stake_mode(self) -> StakeMode {
        match self {
            BetMode::Standard => StakeMode::Standard,
            BetMode::Ante => StakeMode::Ante,
        }
    }
}
