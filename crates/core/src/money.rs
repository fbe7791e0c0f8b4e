//! Money: wins in hundredths of the bet, the bet ladder, the win cap (README, "The common rules":
//! Money, The cap).
//!
//! Every win is an exact integer number of **hundredths of the total bet** (`100` = 1.00 x bet);
//! a game's paytable values are whole hundredths. A win is turned into currency only at the
//! end, as `hundredths * bet_cents / 100`, which the ladder guarantees to be whole cents.
//! Arithmetic on wins is checked: overflow panics with a message (a bug, never wrapped; with
//! the games' caps and value tables it cannot happen from any outside input).
//!
//! # Overflow
//!
//! The release profile keeps `overflow-checks = false`, and the protection against a wrap is
//! in the code, not in a profile: a game server that embeds a game crate builds it with its
//! own profile (overflow checks off in release), so a workspace setting would protect nobody
//! downstream. Turning the checks on everywhere was measured (instructions per simulated
//! round, release build): Starlight Christmas +5.4 % (standard) / +5.2 % (ante), Moon
//! Princess +16.4 %, Wish Upon a Star +12.1 %. The checks in the code sit where money is
//! summed per win, per tumble and per spin, never per cell. The dev/test profile and the fuzz
//! build have overflow checks on, so the tests and the fuzz targets would also catch a wrap
//! anywhere else.
//!
//! What is checked, in every profile:
//! - Every win is a [`Win`]: `+`, `+=`, `sum` and [`Win::times`] (pay x multiplier, pay x
//!   ways, pay x Multiplier sum or running multiplier) are checked and panic with "win
//!   overflow" rather than wrap; the games sum and multiply money through it.
//! - The round's [`crate::ledger::Ledger`] pays every win: its total never passes the cap
//!   (Wish Upon a Star, uncapped, stops paying at `u64::MAX` hundredths), and its split by
//!   source never passes its total.
//! - [`Bet::payout`] (hundredths x bet cents) returns [`MoneyError::Overflow`].
//! - Sums and counts read from outside (reports, stored rounds, event logs) are added with
//!   `checked_add` and a typed error (`slot_sim::stats::Accumulator::checked_merge`,
//!   [`crate::ledger::Ledger::resume`]) or saturate where only a limit check reads them
//!   ([`crate::events::EventLog::check_paid`]).
//!
//! What bounds make the rest impossible (each stated next to its code; the largest values
//! the rules allow are tested: Moon Princess `eval_reports_the_win_before_and_after_the_cap`,
//! Wish Upon a Star `the_largest_wins_are_exact`, Starlight Christmas
//! `the_largest_grid_wins_are_exact` and `a_grid_full_of_x500_sums_to_15000`, the simulator
//! `add_and_merge_hold_at_the_extremes`):
//! - Multipliers: Moon Princess's tumble multiplier stops at x20 (the rule's ceiling, `min`);
//!   Starlight Christmas's grid holds at most 30 Multipliers of at most x500 (sum at most
//!   15,000), and its running multiplier stays below `500,000 + 15,000` because every step
//!   of it is applied to a win of at least 0.01 x bet under the cap; Wish Upon a Star's ways
//!   are at most 3^5 = 243 (3 rows, 5 reels) and its multiplier is x1 or x2.
//! - Largest single wins: Moon Princess 50 x bet x 20 = 1,000 x bet; Wish Upon a Star
//!   8 x bet x 243 x 2 = 3,888 x bet per ways win, 15 Stars of at most 50 x bet plus the
//!   200 x Grand = 950 x bet for Lock & Spin; Starlight Christmas a sequence's symbol wins
//!   (below the 5,000 x cap) times a multiplier below 515,000: under 2.6 x 10^9 x bet. All
//!   far below `u64::MAX` hundredths (1.8 x 10^17 x bet).
//! - Counts of a round: Moon Princess's free spins stop at 20, its meter at 3, its Trinity
//!   spins at one per 0.60 x bet of princess wins under the cap. Counts without such a limit
//!   (Wish Upon a Star's and Starlight Christmas's free spins and retriggers, their feature
//!   and jackpot counts) need 2^32 free spins in one round, which a fair generator never
//!   plays; they saturate (one instruction per spin) so that a broken or adversarial
//!   generator cannot wrap one to a small number.
//! - The simulator's sums (`slot_sim::stats::Accumulator::add`): `u128` over at most 2^64
//!   rounds of `u64` wins; `sum_sq` below `rounds x max_win^2`, under 2^102 with the 5,000 x
//!   cap (Wish Upon a Star, uncapped: as long as its rounds' squared wins add up to less than
//!   2^128, e.g. every round below 43 million x bet).

use serde::{Deserialize, Serialize};
use std::ops::{Add, AddAssign};

/// A win in hundredths of the total bet (`Win(250)` = 2.50 x bet). In JSON a plain integer.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
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

/// A win as a multiple of the bet with its two decimals, exactly: `Win::from_hundredths(1234)`
/// is `12.34 x bet` (Starlight Christmas's ante bet: of the base bet). Integer arithmetic, no
/// rounding.
impl std::fmt::Display for Win {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{:02} x bet", self.0 / 100, self.0 % 100)
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

/// The round's win cap (README, "The common rules": The cap): a round's total win never exceeds
/// `limit`.
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

/// A validated total bet in currency minor units (cents), made by a game's [`BetLadder`]
/// (so on its ladder). In JSON `{"cents": 200}`; reading one checks that it is positive (a
/// stored round that carries a bet also checks it against its game's ladder).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "BetSpec", deny_unknown_fields)]
pub struct Bet {
    cents: u64,
}

/// The serialised form of a [`Bet`], checked when read.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BetSpec {
    cents: u64,
}

impl TryFrom<BetSpec> for Bet {
    type Error = BetError;
    fn try_from(s: BetSpec) -> Result<Bet, BetError> {
        if s.cents == 0 {
            return Err(BetError::Zero { allowed: None });
        }
        Ok(Bet { cents: s.cents })
    }
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

/// A bet in currency units with two decimals, without a currency sign (the crate knows
/// none): a bet of 200 cents is `2.00`, as [`BetLadder`]'s text writes its ends.
impl std::fmt::Display for Bet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&eur(self.cents))
    }
}

/// The allowed bets of a game: whole multiples of the minimum, from the minimum to the maximum,
/// in cents (README, "The common rules": Money). In JSON `{"min_cents": 20, "max_cents": 4000}`;
/// reading one checks it like [`BetLadder::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "LadderSpec", deny_unknown_fields)]
pub struct BetLadder {
    min_cents: u64,
    max_cents: u64,
}

/// The serialised form of a [`BetLadder`], checked when read.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LadderSpec {
    min_cents: u64,
    max_cents: u64,
}

impl TryFrom<LadderSpec> for BetLadder {
    type Error = LadderError;
    fn try_from(s: LadderSpec) -> Result<BetLadder, LadderError> {
        BetLadder::new(s.min_cents, s.max_cents)
    }
}

/// A bet ladder that cannot be.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "a bet ladder from {min_cents} to {max_cents} cents is not allowed: the minimum must be positive and the maximum a whole multiple of it, at least the minimum"
)]
pub struct LadderError {
    /// The minimum given.
    pub min_cents: u64,
    /// The maximum given.
    pub max_cents: u64,
}

/// A game's bet ladder as a constant, checked when the game is compiled:
/// `const LADDER: BetLadder = slot_core::bet_ladder!(20, 4000);` (0.20 to 40.00).
#[macro_export]
macro_rules! bet_ladder {
    ($min:expr, $max:expr) => {{
        const LADDER: $crate::money::BetLadder = match $crate::money::BetLadder::new($min, $max) {
            Ok(l) => l,
            Err(_) => panic!("not a bet ladder: the maximum must be a multiple of the minimum"),
        };
        LADDER
    }};
}

impl BetLadder {
    /// A ladder from `min_cents` to `max_cents` in steps of `min_cents`.
    ///
    /// # Errors
    /// [`LadderError`] if `min_cents` is 0, or `max_cents` is below it or not a multiple of it.
    pub const fn new(min_cents: u64, max_cents: u64) -> Result<Self, LadderError> {
        if min_cents == 0 || max_cents < min_cents || !max_cents.is_multiple_of(min_cents) {
            return Err(LadderError {
                min_cents,
                max_cents,
            });
        }
        Ok(BetLadder {
            min_cents,
            max_cents,
        })
    }

    /// The smallest bet, also the step, in cents.
    pub const fn min_cents(&self) -> u64 {
        self.min_cents
    }

    /// The largest bet, in cents (a whole multiple of [`BetLadder::min_cents`]).
    pub const fn max_cents(&self) -> u64 {
        self.max_cents
    }

    /// Checks a bet given in cents (outside input: may be anything). Cents are `u64`
    /// everywhere in this crate ([`Bet::cents`], [`Bet::payout`], the ladder's ends): a
    /// negative stake cannot be written; a server parses its input into `u64` first.
    ///
    /// # Errors
    /// [`BetError`] naming what is wrong (zero, below the minimum, above the maximum, off the
    /// ladder) and what is allowed.
    pub fn bet(&self, cents: u64) -> Result<Bet, BetError> {
        let allowed = *self;
        if cents == 0 {
            return Err(BetError::Zero {
                allowed: Some(allowed),
            });
        }
        let c = cents;
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
    /// Zero.
    #[error("a bet of 0 cents is not positive{}", allowed.map(|l| format!("; allowed: {l}")).unwrap_or_default())]
    Zero {
        /// The ladder, where one is known.
        allowed: Option<BetLadder>,
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

/// Why a decimal amount written as text was refused ([`parse_hundredths`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecimalError {
    /// Not digits with at most two decimals (a sign, an exponent, a third decimal, a stray
    /// `_`, nothing at all).
    #[error(
        "'{0}' is not a number with at most two decimals: write digits, a point and up to two decimals (100, 0.20, 312.5; `_` between digits allowed: 1_000)"
    )]
    Malformed(String),
    /// More than the largest amount, `u64::MAX` hundredths (184,467,440,737,095,516.15).
    #[error("'{0}' is more than the largest amount, {max}.{cents:02}", max = u64::MAX / 100, cents = u64::MAX % 100)]
    TooLarge(String),
}

/// Reads a non-negative decimal with at most two decimals as **hundredths**, exactly (no
/// floating point): an amount of money in currency units as cents (`0.20` -> 20), a win or a
/// level in x bet as hundredths of the bet (`312.5` -> 31,250).
///
/// Accepted: digits with an optional point and up to two decimals (`100`, `100.`, `0.2`,
/// `.25`, `1.05`); `_` between digits as a separator (`1_000_000.50`); spaces around.
///
/// # Errors
/// [`DecimalError::Malformed`] for a sign, an exponent, a third decimal, a `_` that is not
/// between two digits or an empty text; [`DecimalError::TooLarge`] past `u64::MAX` hundredths.
pub fn parse_hundredths(text: &str) -> Result<u64, DecimalError> {
    let malformed = || DecimalError::Malformed(text.to_string());
    let t = text.trim();
    let b = t.as_bytes();
    // `_` only between two digits.
    for (i, &c) in b.iter().enumerate() {
        if c == b'_' {
            let digit_at =
                |j: Option<usize>| j.and_then(|j| b.get(j)).is_some_and(u8::is_ascii_digit);
            if !digit_at(i.checked_sub(1)) || !digit_at(Some(i + 1)) {
                return Err(malformed());
            }
        }
    }
    let plain = t.replace('_', "");
    let (units, cents) = plain.split_once('.').unwrap_or((&plain, ""));
    let digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    if units.is_empty() && cents.is_empty() || !digits(units) || !digits(cents) || cents.len() > 2 {
        return Err(malformed());
    }
    let too_large = || DecimalError::TooLarge(text.to_string());
    let units: u64 = if units.is_empty() {
        0
    } else {
        units.parse().map_err(|_| too_large())?
    };
    let cents = match cents.len() {
        0 => 0,
        1 => u64::from(cents.as_bytes()[0] - b'0') * 10,
        _ => u64::from(cents.as_bytes()[0] - b'0') * 10 + u64::from(cents.as_bytes()[1] - b'0'),
    };
    units
        .checked_mul(100)
        .and_then(|u| u.checked_add(cents))
        .ok_or_else(too_large)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hand-worked readings: units and cents, separators, the largest amount and one past it.
    #[test]
    fn decimals_read_as_hundredths() {
        for (text, hundredths) in [
            ("100", 10_000),
            ("0.20", 20),
            ("0.2", 20),
            (".25", 25),
            ("100.", 10_000),
            ("312.5", 31_250),
            (" 1_000_000.05 ", 100_000_005),
            ("184467440737095516.15", u64::MAX),
        ] {
            assert_eq!(parse_hundredths(text), Ok(hundredths), "{text}");
        }
        for text in [
            "", ".", "-1", "+1", "1e3", "0.125", "1__0", "_1", "1_", "1_.5", "1._5", "1.2.3", "x",
        ] {
            assert_eq!(
                parse_hundredths(text),
                Err(DecimalError::Malformed(text.to_string())),
                "{text}"
            );
        }
        for text in ["184467440737095516.16", "99999999999999999999"] {
            assert_eq!(
                parse_hundredths(text),
                Err(DecimalError::TooLarge(text.to_string()))
            );
        }
        let msg = parse_hundredths("184467440737095516.16")
            .unwrap_err()
            .to_string();
        assert!(msg.contains("184467440737095516.15"), "{msg}");
    }

    const LADDER: BetLadder = crate::bet_ladder!(20, 4000);

    #[test]
    fn ladder_accepts_only_its_steps() {
        assert_eq!(LADDER.bet(20).unwrap().cents(), 20);
        assert_eq!(LADDER.bet(4000).unwrap().cents(), 4000);
        assert!(matches!(LADDER.bet(0), Err(BetError::Zero { .. })));
        assert!(matches!(
            LADDER.bet(u64::MAX),
            Err(BetError::AboveMaximum { .. })
        ));
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
    fn ladders_and_bets_are_checked_when_read() {
        assert_eq!(BetLadder::new(20, 4000), Ok(LADDER));
        for (min, max) in [(0, 100), (30, 20), (20, 4010)] {
            assert_eq!(
                BetLadder::new(min, max),
                Err(LadderError {
                    min_cents: min,
                    max_cents: max
                })
            );
        }
        let l: BetLadder = serde_json::from_str(r#"{"min_cents":20,"max_cents":4000}"#).unwrap();
        assert_eq!(l, LADDER);
        for bad in [
            r#"{"min_cents":0,"max_cents":4000}"#,
            r#"{"min_cents":20,"max_cents":30}"#,
            r#"{"min_cents":20,"max_cents":4000,"step":5}"#,
        ] {
            assert!(serde_json::from_str::<BetLadder>(bad).is_err(), "{bad}");
        }
        let b: Bet = serde_json::from_str(r#"{"cents":200}"#).unwrap();
        assert_eq!(b.cents(), 200);
        assert_eq!(serde_json::to_string(&b).unwrap(), r#"{"cents":200}"#);
        let e = serde_json::from_str::<Bet>(r#"{"cents":0}"#).unwrap_err();
        assert!(e.to_string().contains("not positive"), "{e}");
        assert!(serde_json::from_str::<Bet>(r#"{"cents":20,"x":1}"#).is_err());
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
    fn win_arithmetic_is_exact() {
        let w = Win::from_hundredths(250);
        assert_eq!(w.times(3), Win::from_hundredths(750));
        assert_eq!(w.times(0), Win::ZERO);
        assert_eq!(w.x_bet(), 2.5);
        assert_eq!(Win::from_hundredths(5).x_bet(), 0.05);
        assert!(Win::ZERO.is_zero());
        assert!(!Win::from_hundredths(1).is_zero());
        let mut t = Win::from_hundredths(100);
        t += Win::from_hundredths(25);
        assert_eq!(t.hundredths(), 125);
        let s: Win = [10, 20, 300].map(Win::from_hundredths).into_iter().sum();
        assert_eq!(s, Win::from_hundredths(330));
        let none: Win = std::iter::empty().sum();
        assert_eq!(none, Win::ZERO);
    }

    #[test]
    #[should_panic(expected = "win overflow")]
    fn times_overflow_surfaces() {
        let _ = Win::from_hundredths(u64::MAX / 2 + 1).times(2);
    }

    #[test]
    fn ladder_ends_steps_and_text_are_exact() {
        assert_eq!((LADDER.min_cents(), LADDER.max_cents()), (20, 4000));
        assert_eq!((LADDER.min().cents(), LADDER.max().cents()), (20, 4000));
        let steps: Vec<u64> = LADDER.steps().map(Bet::cents).collect();
        assert_eq!(steps[..3], [20, 40, 60]);
        assert_eq!(steps.last(), Some(&4000));
        // A one-step ladder (minimum = maximum) is allowed and has exactly that bet.
        let one = BetLadder::new(150, 150).unwrap();
        assert_eq!(one.steps().map(Bet::cents).collect::<Vec<_>>(), [150]);
        assert_eq!(one.bet(150).map(Bet::cents), Ok(150));
        assert_eq!(
            LADDER.to_string(),
            "a whole multiple of 0.20 from 0.20 to 40.00 (in cents: 20 to 4000 in steps of 20)"
        );
        assert_eq!(
            BetLadder::new(125, 1250).unwrap().to_string(),
            "a whole multiple of 1.25 from 1.25 to 12.50 (in cents: 125 to 1250 in steps of 125)"
        );
    }

    #[test]
    fn wins_and_bets_print_exactly() {
        let text = |h| Win::from_hundredths(h).to_string();
        assert_eq!(text(1234), "12.34 x bet");
        assert_eq!(text(0), "0.00 x bet");
        assert_eq!(text(5), "0.05 x bet");
        assert_eq!(text(500_000), "5000.00 x bet");
        assert_eq!(text(u64::MAX), "184467440737095516.15 x bet");
        assert_eq!(LADDER.bet(200).unwrap().to_string(), "2.00");
        assert_eq!(LADDER.bet(20).unwrap().to_string(), "0.20");
        assert_eq!(LADDER.max().to_string(), "40.00");
        let zero = LADDER.bet(0).unwrap_err().to_string();
        assert!(
            zero.starts_with("a bet of 0 cents is not positive; allowed: "),
            "{zero}"
        );
    }

    #[test]
    #[should_panic(expected = "win overflow")]
    fn overflow_surfaces() {
        let _ = Win::from_hundredths(u64::MAX) + Win::from_hundredths(1);
    }
}
