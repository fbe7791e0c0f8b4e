//! A finished round's result and its statistics record (README, "The common rules":
//! Statistics).

use crate::pick::Pick;
use serde::{Deserialize, Serialize};
use slot_core::money::Win;
use slot_core::summary::RoundSummary;

/// Names of the RTP sources, by index of [`RoundSummary::by_source`].
pub const SOURCES: &[&str] = &["base game", "trinity", "free spins"];
/// Names of the features, by index of [`RoundSummary::feature_triggers`]: the free spins (their
/// win), Trinity spins (their win), the random power (what the paid spin won after it), the
/// 100 x grid clear in free spins (what the clears paid).
pub const FEATURES: &[&str] = &[
    "free spins",
    "trinity spin",
    "random power",
    "grid clear 100x",
];

/// Names of the top awards, by index of [`RoundSummary::awards`]: the 100 x grid clear of a
/// free spin (one per clear). The cap is counted by every report as `cap_hits`.
pub const AWARDS: &[&str] = &["grid clear 100x"];

/// Source index: the paid spin (its tumbles and random power included).
pub(crate) const SRC_BASE: usize = 0;
/// Source index: Trinity spins.
pub(crate) const SRC_TRINITY: usize = 1;
/// Source index: free spins (the 100 x clears included).
pub(crate) const SRC_FREE: usize = 2;

/// The result of a finished round. Wins in hundredths of the total bet, after the cap.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundOutcome {
    /// The round's total win (at most 5,000 x bet); the sum of the `paid` amounts of its
    /// events.
    pub win: Win,
    /// Won in the paid spin (tumbles and the random power included).
    pub base_win: Win,
    /// Won in Trinity spins.
    pub trinity_win: Win,
    /// Won in free spins (the 100 x grid clears included).
    pub free_spins_win: Win,
    /// Of `free_spins_win`, what the 100 x grid clears paid.
    pub clear_win: Win,
    /// Of `base_win`, what the paid spin won after its random power (0 without one).
    pub random_power_win: Win,
    /// Trinity spins played.
    pub trinity_spins: u32,
    /// Random powers used in the paid spin (0 or 1).
    pub random_powers: u32,
    /// The free-spin pick, if the feature was played.
    pub pick: Option<Pick>,
    /// Free spins awarded (initial plus extra, at most 20).
    pub free_spins_awarded: u32,
    /// Free spins played (fewer than awarded only when the cap ended the round).
    pub free_spins_played: u32,
    /// Free spins that cleared the grid (paid 100 x each, up to the cap).
    pub free_spin_clears: u32,
    /// The highest multiplier reached in the round.
    pub max_multiplier: u32,
    /// The round reached the cap.
    pub capped: bool,
}

impl RoundOutcome {
    /// A round that won nothing and used no feature (its multiplier stayed at x1): what a paid
    /// spin whose grid lands without a win and whose random power does not come ends with.
    pub(crate) const NOTHING: RoundOutcome = RoundOutcome {
        win: Win::ZERO,
        base_win: Win::ZERO,
        trinity_win: Win::ZERO,
        free_spins_win: Win::ZERO,
        clear_win: Win::ZERO,
        random_power_win: Win::ZERO,
        trinity_spins: 0,
        random_powers: 0,
        pick: None,
        free_spins_awarded: 0,
        free_spins_played: 0,
        free_spin_clears: 0,
        max_multiplier: 1,
        capped: false,
    };

    /// The statistics record of the round ([`SOURCES`], [`FEATURES`]); `by_source` sums to
    /// `win`.
    pub fn summary(&self) -> RoundSummary {
        let mut s = RoundSummary {
            win: self.win.hundredths(),
            capped: self.capped,
            ..Default::default()
        };
        s.by_source[SRC_BASE] = self.base_win.hundredths();
        s.by_source[SRC_TRINITY] = self.trinity_win.hundredths();
        s.by_source[SRC_FREE] = self.free_spins_win.hundredths();
        s.feature_triggers[0] = u32::from(self.pick.is_some());
        s.feature_wins[0] = self.free_spins_win.hundredths();
        s.feature_triggers[1] = self.trinity_spins;
        s.feature_wins[1] = self.trinity_win.hundredths();
        s.feature_triggers[2] = self.random_powers;
        s.feature_wins[2] = self.random_power_win.hundredths();
        s.feature_triggers[3] = self.free_spin_clears;
        s.feature_wins[3] = self.clear_win.hundredths();
        s.awards[0] = self.free_spin_clears;
        s
    }

    /// True exactly when [`RoundOutcome::summary`] is all zeros: nothing won, no feature (no
    /// free spins, no Trinity spin, no random power, no clear), not capped. Every win is part
    /// of `win`, so a zero `win` zeroes them all.
    #[inline]
    pub fn is_blank(&self) -> bool {
        self.win.is_zero()
            && !self.capped
            && self.pick.is_none()
            && (self.trinity_spins | self.random_powers | self.free_spin_clears) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination of zero and non-zero fields: blank exactly when the summary is zeros.
    #[test]
    fn blank_exactly_when_the_summary_is_zeros() {
        let one = Win::from_hundredths(1);
        for bits in 0u32..1 << 13 {
            let on = |k: u32| bits >> k & 1 == 1;
            let win = |k: u32| if on(k) { one } else { Win::ZERO };
            let count = |k: u32| u32::from(on(k));
            let o = RoundOutcome {
                win: win(0),
                base_win: win(1),
                trinity_win: win(2),
                free_spins_win: win(3),
                clear_win: win(4),
                random_power_win: win(5),
                trinity_spins: count(6),
                random_powers: count(7),
                pick: on(8).then_some(Pick::Star),
                free_spins_awarded: count(9),
                free_spins_played: count(10),
                free_spin_clears: count(11),
                max_multiplier: 1,
                capped: on(12),
            };
            // A real round's parts add up to its win: only such outcomes are asked about.
            let parts = o.base_win.hundredths()
                + o.trinity_win.hundredths()
                + o.free_spins_win.hundredths();
            if (o.win.is_zero() && parts != 0)
                || o.clear_win > o.free_spins_win
                || o.random_power_win > o.base_win
            {
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
