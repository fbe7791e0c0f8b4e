//! The round's ledger: the one place where every game pays (README, "The common rules": The cap).
//!
//! A game hands the ledger each raw win (paytable pay x multiplier, a jackpot, a clear bonus)
//! and gets back a [`Payment`]: what is actually paid under the cap, and the raw amount where
//! the cap trimmed it. The game writes that payment into the event that moved the money, so
//! that for every round the `paid` amounts of its events add up exactly to the round's win
//! (the reconciliation every game's property tests check).
//!
//! The cap (Moon Princess, Starlight Christmas: 5,000 x the bet) ends the round the moment the
//! running total reaches it: the payment that reaches it is trimmed to fit, the ledger reports
//! [`Ledger::capped`], and every later payment pays nothing (a game stops before that; the
//! ledger guarantees it all the same). Wish Upon a Star has no cap ([`Ledger::uncapped`]).
//!
//! The ledger also splits the paid total by source (`N` sources, named by the game, e.g.
//! "base game", "free spins") for the statistics; the split always sums to the total.

use crate::money::{Cap, Win};
use serde::{Deserialize, Serialize};

/// What one payment paid: `paid` after the cap, and `uncapped` (the raw win) only when the cap
/// trimmed it. All in hundredths of the bet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Payment {
    /// Paid, after the cap (hundredths of the bet).
    pub paid: Win,
    /// The raw win before the cap, present only when the cap trimmed it (`uncapped > paid`).
    pub uncapped: Option<Win>,
}

impl Payment {
    /// The raw win this payment was asked to pay (`uncapped`, or `paid` if not trimmed).
    #[inline]
    pub fn raw(&self) -> Win {
        self.uncapped.unwrap_or(self.paid)
    }

    /// True when the cap trimmed this payment.
    #[inline]
    pub fn trimmed(&self) -> bool {
        self.uncapped.is_some()
    }
}

/// The running total of one round, its split by `N` sources, and the cap.
///
/// Every method is total: no input makes it panic. Sums that would pass `u64::MAX` hundredths
/// (184 trillion times the bet, far beyond any round) saturate at that value and the ledger
/// counts as capped ([`Ledger::capped`]: it pays nothing more, and the games record the round
/// as capped), so that an impossible overflow can never wrap into a small payout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ledger<const N: usize> {
    limit: Win,
    total: Win,
    by_source: [Win; N],
    capped: bool,
}

impl<const N: usize> Ledger<N> {
    /// An empty ledger whose round may pay at most `cap`.
    #[inline]
    pub const fn with_cap(cap: Cap) -> Self {
        Ledger {
            limit: cap.limit,
            total: Win::ZERO,
            by_source: [Win::ZERO; N],
            capped: false,
        }
    }

    /// An empty ledger with no cap (Wish Upon a Star): only `u64::MAX` hundredths bounds it.
    #[inline]
    pub const fn uncapped() -> Self {
        Ledger {
            limit: Win::from_hundredths(u64::MAX),
            total: Win::ZERO,
            by_source: [Win::ZERO; N],
            capped: false,
        }
    }

    /// Pays `raw` from `source` (an index below `N`; a larger index is counted in the last
    /// source). Returns what was paid: all of it, the part that fits under the cap (then the
    /// round is capped), or nothing once the round is capped.
    #[inline]
    pub fn pay(&mut self, source: usize, raw: Win) -> Payment {
        if self.capped {
            return Payment {
                paid: Win::ZERO,
                uncapped: (!raw.is_zero()).then_some(raw),
            };
        }
        let room = self.limit.hundredths() - self.total.hundredths();
        let (paid, uncapped) = if raw.hundredths() >= room {
            self.capped = true;
            let uncapped = (raw.hundredths() > room).then_some(raw);
            (Win::from_hundredths(room), uncapped)
        } else {
            (raw, None)
        };
        self.total = Win::from_hundredths(self.total.hundredths() + paid.hundredths());
        if let Some(s) = self.by_source.get_mut(source.min(N.saturating_sub(1))) {
            *s = Win::from_hundredths(s.hundredths() + paid.hundredths());
        }
        Payment { paid, uncapped }
    }

    /// True once the round has reached the cap (it must end at once).
    #[inline]
    pub const fn capped(&self) -> bool {
        self.capped
    }

    /// The total paid so far (at most the cap).
    #[inline]
    pub const fn total(&self) -> Win {
        self.total
    }

    /// The paid total split by source; sums to [`Ledger::total`].
    #[inline]
    pub const fn by_source(&self) -> &[Win; N] {
        &self.by_source
    }

    /// What is left before the cap.
    #[inline]
    pub const fn room(&self) -> Win {
        Win::from_hundredths(self.limit.hundredths() - self.total.hundredths())
    }

    /// A ledger that resumes a round: `by_source` already paid (their sum must stay below the
    /// cap; `None` if it does not, or if it overflows).
    pub fn resume(cap: Cap, by_source: [Win; N]) -> Option<Self> {
        let total = by_source
            .iter()
            .try_fold(0u64, |a, w| a.checked_add(w.hundredths()))?;
        (total < cap.limit.hundredths()).then_some(Ledger {
            limit: cap.limit,
            total: Win::from_hundredths(total),
            by_source,
            capped: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const CAP: Cap = Cap::x_bet(5000);

    fn w(h: u64) -> Win {
        Win::from_hundredths(h)
    }

    #[test]
    fn pays_in_full_below_the_cap_and_trims_the_payment_that_reaches_it() {
        let mut l = Ledger::<2>::with_cap(CAP);
        assert_eq!(
            l.pay(0, w(499_900)),
            Payment {
                paid: w(499_900),
                uncapped: None
            }
        );
        assert!(!l.capped());
        // 5,000 x - 4,999 x: 1.00 x of room is left.
        assert_eq!(l.room(), w(100));
        // 1.50 x more would make 5,000.50 x: 1.00 x is paid, the rest is cut.
        let p = l.pay(1, w(150));
        assert_eq!(
            p,
            Payment {
                paid: w(100),
                uncapped: Some(w(150))
            }
        );
        assert!(p.trimmed());
        assert_eq!(p.raw(), w(150));
        assert_eq!(l.room(), w(0));
        assert!(l.capped());
        assert_eq!(l.total(), CAP.limit);
        assert_eq!(l.by_source(), &[w(499_900), w(100)]);
        // After the cap nothing more is paid.
        assert_eq!(
            l.pay(0, w(20)),
            Payment {
                paid: w(0),
                uncapped: Some(w(20))
            }
        );
        assert_eq!(l.total(), CAP.limit);
    }

    #[test]
    fn a_payment_that_lands_exactly_on_the_cap_caps_without_trimming() {
        let mut l = Ledger::<1>::with_cap(CAP);
        let p = l.pay(0, w(500_000));
        assert_eq!(p.paid, w(500_000));
        assert!(!p.trimmed());
        assert!(l.capped());
    }

    #[test]
    fn no_cap_means_no_trim_and_huge_sums_saturate_instead_of_wrapping() {
        let mut l = Ledger::<1>::uncapped();
        assert_eq!(l.pay(0, w(10_000_000)).paid, w(10_000_000));
        assert!(!l.capped());
        let p = l.pay(0, w(u64::MAX));
        assert!(l.capped());
        assert_eq!(l.total(), w(u64::MAX));
        assert_eq!(p.uncapped, Some(w(u64::MAX)));
    }

    #[test]
    fn resume_refuses_a_split_at_or_above_the_cap() {
        assert!(Ledger::<2>::resume(CAP, [w(1), w(2)]).is_some());
        assert!(Ledger::<2>::resume(CAP, [w(499_999), w(1)]).is_none());
        assert!(Ledger::<2>::resume(CAP, [w(u64::MAX), w(1)]).is_none());
    }

    proptest! {
        /// Whatever is paid, the payments' `paid` sum to the total, the split sums to the
        /// total, the total never passes the cap, and each payment's raw amount is what was
        /// asked.
        #[test]
        fn payments_reconcile(pays in proptest::collection::vec((0usize..4, 0u64..200_000), 0..60)) {
            let mut l = Ledger::<3>::with_cap(CAP);
            let mut sum = 0u64;
            for (src, raw) in pays {
                let p = l.pay(src, w(raw));
                prop_assert_eq!(p.raw(), w(raw));
                prop_assert!(p.paid <= w(raw));
                sum += p.paid.hundredths();
            }
            prop_assert_eq!(sum, l.total().hundredths());
            prop_assert!(l.total() <= CAP.limit);
            let split: u64 = l.by_source().iter().map(|x| x.hundredths()).sum();
            prop_assert_eq!(split, sum);
            prop_assert_eq!(l.capped(), l.total() == CAP.limit);
        }
    }
}
