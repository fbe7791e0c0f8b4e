//! A finished round's result and its statistics record (README, "The common rules":
//! Statistics): what a round paid, split by source, and the names of its sources, features and
//! top awards.

use crate::symbols::MULTIPLIER;
use slot_core::ledger::Ledger;
use slot_core::money::Win;
use slot_core::summary::RoundSummary;

/// Names of the RTP sources ([`RoundSummary::by_source`] indices).
pub const SOURCES: [&str; 4] = [
    "base spin",
    "base tumbles",
    "base scatter pay",
    "free spins",
];
/// Names of the features ([`RoundSummary::feature_triggers`] indices): the free spins, and a
/// base sequence paid with Multipliers (its win is the multiplied sequence win).
pub const FEATURES: [&str; 2] = ["free spins", "base multiplier"];
/// Names of the top awards ([`RoundSummary::awards`] indices): an x500 Multiplier landing in
/// the base game, and in the free spins (counted once per Multiplier).
pub const AWARDS: [&str; 2] = [
    "x500 multiplier (base game)",
    "x500 multiplier (free spins)",
];

/// The grid code of an x500 Multiplier (the last value of [`crate::symbols::MULTIPLIER_VALUES`]),
/// the top award ([`AWARDS`]).
pub(crate) const X500: u8 = MULTIPLIER + 14;
const _: () = assert!(crate::symbols::MULTIPLIER_VALUES[14] == 500);

/// Source index ([`SOURCES`]): the landed grid's wins of the paid spin.
pub(crate) const SRC_SPIN: usize = 0;
/// Source index: the paid spin's tumbles.
pub(crate) const SRC_TUMBLES: usize = 1;
/// Source index: the paid spin's Scatter pay.
pub(crate) const SRC_SCATTER: usize = 2;
/// Source index: the free spins (their Scatter pays included).
pub(crate) const SRC_FREE: usize = 3;

/// The round's ledger: every payment goes through it ([`SOURCES`] order).
pub(crate) type RoundLedger = Ledger<4>;

/// What a round paid and how. All wins in hundredths of the base bet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RoundOutcome {
    /// The round's total win (at most the cap).
    pub win: Win,
    /// The cap ended the round.
    pub capped: bool,
    /// Paid by source, [`SOURCES`] order; sums to `win`.
    pub by_source: [Win; 4],
    /// The base sequence's win when Multipliers applied to it (else 0).
    pub base_multiplier_win: Win,
    /// Free spins were triggered.
    pub free_spins_triggered: bool,
    /// Free spins played.
    pub free_spins_played: u32,
    /// Retriggers in the free spins.
    pub retriggers: u32,
    /// The running multiplier when the round ended.
    pub running_multiplier: u32,
    /// x500 Multipliers that landed: in the base game, in the free spins.
    pub x500_multipliers: [u32; 2],
}

impl RoundOutcome {
    /// The figures the statistics need.
    pub fn summary(&self) -> RoundSummary {
        let mut s = RoundSummary {
            win: self.win.hundredths(),
            capped: self.capped,
            ..Default::default()
        };
        for (i, w) in self.by_source.iter().enumerate() {
            s.by_source[i] = w.hundredths();
        }
        s.feature_triggers[0] = self.free_spins_triggered as u32;
        s.feature_wins[0] = self.by_source[SRC_FREE].hundredths();
        s.feature_triggers[1] = !self.base_multiplier_win.is_zero() as u32;
        s.feature_wins[1] = self.base_multiplier_win.hundredths();
        s.awards[0] = self.x500_multipliers[0];
        s.awards[1] = self.x500_multipliers[1];
        s
    }

    /// True exactly when [`RoundOutcome::summary`] is all zeros: nothing won, no free spins,
    /// no x500 Multiplier landed, not capped. Every win is part of `win`, so a zero `win`
    /// zeroes them all.
    #[inline]
    pub fn is_blank(&self) -> bool {
        self.win.is_zero()
            && !self.capped
            && !self.free_spins_triggered
            && (self.x500_multipliers[0] | self.x500_multipliers[1]) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination of zero and non-zero fields: blank exactly when the summary is zeros.
    #[test]
    fn blank_exactly_when_the_summary_is_zeros() {
        let one = Win::from_hundredths(1);
        for bits in 0u32..1 << 12 {
            let on = |k: u32| bits >> k & 1 == 1;
            let win = |k: u32| if on(k) { one } else { Win::ZERO };
            let count = |k: u32| u32::from(on(k));
            let o = RoundOutcome {
                win: win(0),
                capped: on(1),
                by_source: [win(2), win(3), win(4), win(5)],
                base_multiplier_win: win(6),
                free_spins_triggered: on(7),
                free_spins_played: count(8),
                retriggers: count(9),
                running_multiplier: 0,
                x500_multipliers: [count(10), count(11)],
            };
            // A real round's parts add up to its win: only such outcomes are asked about.
            let parts: u64 = o.by_source.iter().map(|w| w.hundredths()).sum();
            if o.win.is_zero() && (parts != 0 || !o.base_multiplier_win.is_zero()) {
                continue;
            }
            assert_eq!(
                o.is_blank(),
                o.summary() == RoundSummary::default(),
                "{o:?}"
            );
        }
    }
}
