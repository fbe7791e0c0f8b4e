//! A finished round's result and its statistics record (README, "The common rules":
//! Statistics).

use crate::pick::Pick;
use serde::{Deserialize, Serialize};
use slot_core::money::Win;
use slot_core::stats::RoundSummary;

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
}
