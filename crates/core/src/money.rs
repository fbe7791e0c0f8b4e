//! Money: wins in hundredths of the bet, the bet ladder, the win cap (`common.md`, "Money").
//!
//! Every win is an exact integer number of **hundredths of the total bet** (`100` = 1.00 x bet);
//! a game's paytable values are whole hundredths. A win is turned into currency only at the
//! end, as `hundredths * bet_cents / 100`, which the ladder guarantees to be whole cents.
//! Arithmetic on wins is checked: overflow panics with a message (a bug, never wrapped; with
//! the games' caps and value tables it cannot happen from any outside input).

use serde::{Deserialize, Serialize};
use std::ops::{Add, AddAssign};

/// A win in hundredths of the total bet (`Win(250)` = 2.50 x bet).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Win(u64);

impl Win {
    /// No win.
    pub const ZERO: Win = Win(0);

    /// A win of `h` hundredths of the bet.
    #[inline]
    pub const fn from_hundredths(h: u64) -> Win {
        Win(h)
    }

    /// The win in hundredths of the bet.
    #[inline]
    pub const fn hundredths(self) -> u64 {
        self.0
    }

    /// True for a zero win.
    #[inline]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The win times an integer multiplier, checked.
    ///
    /// # Panics
    /// On overflow of `u64` (a bug: impossible with the games' caps and tables).
    #[inline]
    pub fn times(self, multiplier: u64) -> Win {
        Win(self
            .0
            .checked_mul(multiplier)
            .expect("win overflow: a bug in the game's arithmetic"))
    }

    /// The win as a multiple of the bet, for reports only (never in the outcome path).
    #[inline]
    pub fn x_bet(self) -> f64 {
        self.0 as f64 / 100.0
    }
}

impl Add for Win {
    type Output = Win;
    /// Checked addition.
    ///
    /// # Panics
    /// On overflow of `u64` (a bug, never wrapped).
    #[inline]
    fn add(self, rhs: Win) -> Win {
        Win(self
            .0
            .checked_add(rhs.0)
            .expect("win overflow: a bug in the game's arithmetic"))
    }
}

impl AddAssign for Win {
    #[inline]
    fn add_assign(&mut self, rhs: Win) {
        *self = *self + rhs;
    }
}

impl std::iter::Sum for Win {
    fn sum<I: Iterator<Item = Win>>(iter: I) -> Win {
        iter.fold(Win::ZERO, |a, b| a + b)
    }
}

/// The round's win cap (`common.md`, "Cap"): a round's total win never exceeds `limit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cap {
    /// The largest total a round may pay.
    pub limit: Win,
}

impl Cap {
    /// A cap of `x` times the bet (5,000 for Moon Princess and Starlight Christmas).
    pub const fn x_bet(x: u64) -> Cap {
        Cap {
            limit: Win(x * 100),
        }
    }

    /// Adds `win` to the running `total` without passing the cap. Returns `true` if the cap is
    /// now reached (the round must end at once: every remaining feature is forfeited). The
    /// part of `win` that fits is what the round pays.
    #[inline]
    pub fn add(&self, total: &mut Win, win: Win) -> bool {
        let t = *total + win;
        if t >= self.limit {
            *total = self.limit;
            true
        } else {
            *total = t;
            false
        }
    }
}

/// A validated total bet in currency minor units (cents), on its game's ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Bet {
    cents: u64,
}

impl Bet {
    /// The bet in cents.
    #[inline]
    pub const fn cents(self) -> u64 {
        self.cents
    }

    /// What `win` pays at this bet, in cents: `hundredths * cents / 100`.
    ///
    /// # Errors
    /// [`MoneyError::NotWholeCents`] if the product is not a whole number of cents (the games'
    /// tables are built so that this never happens on their ladder; a test shows it), and
    /// [`MoneyError::Overflow`] if it does not fit.
    pub fn payout(self, win: Win) -> Result<u64, MoneyError> {
        let p = win.0.checked_mul(self.cents).ok_or(MoneyError::Overflow)?;
        if !p.is_multiple_of(100) {
            return Err(MoneyError::NotWholeCents {
                hundredths: win.0,
                bet_cents: self.cents,
            });
        }
        Ok(p / 100)
    }
}

/// The allowed bets of a game: whole multiples of the minimum, from the minimum to the maximum,
/// in cents (`common.md`, "Allowed bets").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetLadder {
    /// The smallest bet, also the step, in cents.
    pub min_cents: u64,
    /// The largest bet, in cents (a multiple of `min_cents`).
    pub max_cents: u64,
}

impl BetLadder {
    /// A ladder from `min_cents` to `max_cents` in steps of `min_cents`.
    ///
    /// # Panics
    /// If `min_cents` is 0 or `max_cents` is not a multiple of it (a programming error: ladders
    /// are constants of the games).
    pub const fn new(min_cents: u64, max_cents: u64) -> Self {
        assert!(min_cents > 0 && max_cents >= min_cents && max_cents.is_multiple_of(min_cents));
        BetLadder {
            min_cents,
            max_cents,
        }
    }

    /// Checks a bet given in cents (outside input: may be anything).
    ///
    /// # Errors
    /// [`BetError`] naming what is wrong and what is allowed.
    pub fn bet(&self, cents: i64) -> Result<Bet, BetError> {
        let allowed = *self;
        if cents <= 0 {
            return Err(BetError::NotPositive { cents, allowed });
        }
        let c = cents as u64;
        if c < self.min_cents {
            return Err(BetError::BelowMinimum { cents: c, allowed });
        }
        if c > self.max_cents {
            return Err(BetError::AboveMaximum { cents: c, allowed });
        }
        if !c.is_multiple_of(self.min_cents) {
            return Err(BetError::OffLadder { cents: c, allowed });
        }
        Ok(Bet { cents: c })
    }

    /// Every allowed bet, smallest first.
    pub fn steps(&self) -> impl Iterator<Item = Bet> + use<> {
        let (min, max) = (self.min_cents, self.max_cents);
        (1..=max / min).map(move |k| Bet { cents: k * min })
    }

    /// The smallest bet.
    pub fn min(&self) -> Bet {
        Bet {
            cents: self.min_cents,
        }
    }

    /// The largest bet.
    pub fn max(&self) -> Bet {
        Bet {
            cents: self.max_cents,
        }
    }
}

fn eur(c: u64) -> String {
    format!("{}.{:02}", c / 100, c % 100)
}

impl std::fmt::Display for BetLadder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a whole multiple of {} from {} to {} (in cents: {} to {} in steps of {})",
            eur(self.min_cents),
            eur(self.min_cents),
            eur(self.max_cents),
            self.min_cents,
            self.max_cents,
            self.min_cents
        )
    }
}

/// A bet that is not on the ladder.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BetError {
    /// Zero or negative.
    #[error("bet of {cents} cents is not positive; allowed: {allowed}")]
    NotPositive {
        /// The bet given.
        cents: i64,
        /// The ladder.
        allowed: BetLadder,
    },
    /// Below the minimum.
    #[error("bet of {cents} cents is below the minimum; allowed: {allowed}")]
    BelowMinimum {
        /// The bet given.
        cents: u64,
        /// The ladder.
        allowed: BetLadder,
    },
    /// Above the maximum.
    #[error("bet of {cents} cents is above the maximum; allowed: {allowed}")]
    AboveMaximum {
        /// The bet given.
        cents: u64,
        /// The ladder.
        allowed: BetLadder,
    },
    /// Not a whole multiple of the minimum.
    #[error("bet of {cents} cents is not on the ladder; allowed: {allowed}")]
    OffLadder {
        /// The bet given.
        cents: u64,
        /// The ladder.
        allowed: BetLadder,
    },
}

/// Turning a win into currency failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoneyError {
    /// The amount is not whole cents.
    #[error("{hundredths} hundredths of a {bet_cents}-cent bet is not a whole number of cents")]
    NotWholeCents {
        /// The win.
        hundredths: u64,
        /// The bet.
        bet_cents: u64,
    },
    /// The amount does not fit in 64 bits.
    #[error("the payout does not fit in 64 bits")]
    Overflow,
}

#[cfg(test)]
mod tests {
    use super::*;

    const LADDER: BetLadder = BetLadder::new(20, 4000);

    #[test]
    fn ladder_accepts_only_its_steps() {
        assert_eq!(LADDER.bet(20).unwrap().cents(), 20);
        assert_eq!(LADDER.bet(4000).unwrap().cents(), 4000);
        assert!(matches!(LADDER.bet(0), Err(BetError::NotPositive { .. })));
        assert!(matches!(LADDER.bet(-20), Err(BetError::NotPositive { .. })));
        assert!(matches!(LADDER.bet(10), Err(BetError::BelowMinimum { .. })));
        assert!(matches!(
            LADDER.bet(4020),
            Err(BetError::AboveMaximum { .. })
        ));
        assert!(matches!(LADDER.bet(30), Err(BetError::OffLadder { .. })));
        assert_eq!(LADDER.steps().count(), 200);
        let msg = LADDER.bet(30).unwrap_err().to_string();
        assert!(msg.contains("0.20") && msg.contains("40.00"), "{msg}");
    }

    #[test]
    fn payout_is_exact_or_an_error() {
        let bet = LADDER.bet(20).unwrap();
        assert_eq!(bet.payout(Win::from_hundredths(25)), Ok(5));
        assert_eq!(
            bet.payout(Win::from_hundredths(1)),
            Err(MoneyError::NotWholeCents {
                hundredths: 1,
                bet_cents: 20
            })
        );
        assert_eq!(
            LADDER
                .bet(4000)
                .unwrap()
                .payout(Win::from_hundredths(500_000)),
            Ok(20_000_000)
        );
    }

    #[test]
    fn cap_stops_at_the_limit() {
        let cap = Cap::x_bet(5000);
        let mut total = Win::from_hundredths(499_900);
        assert!(!cap.add(&mut total, Win::from_hundredths(50)));
        assert_eq!(total.hundredths(), 499_950);
        assert!(cap.add(&mut total, Win::from_hundredths(50)));
        assert_eq!(total, cap.limit);
        let mut t2 = Win::ZERO;
        assert!(cap.add(&mut t2, Win::from_hundredths(10_000_000)));
        assert_eq!(t2, cap.limit);
    }

    #[test]
    #[should_panic(expected = "win overflow")]
    fn overflow_surfaces() {
        let _ = Win::from_hundredths(u64::MAX) + Win::from_hundredths(1);
    }
}
