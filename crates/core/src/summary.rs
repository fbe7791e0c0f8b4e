//! What one round contributed, as the game reports it ([`RoundSummary`]), and the bounds on
//! its parts: how many RTP sources, features and top awards a game may report
//! ([`MAX_SOURCES`], [`MAX_FEATURES`], [`MAX_AWARDS`]). Integers only, and no other module
//! nor crate: a game fills its summaries without the statistics (`slot_sim::stats`), which
//! add them up.

/// Largest number of RTP sources a game may report.
pub const MAX_SOURCES: usize = 8;
/// Largest number of features a game may report.
pub const MAX_FEATURES: usize = 8;
/// Largest number of top awards a game may count (besides the cap, counted by every capped
/// game as `cap_hits`).
pub const MAX_AWARDS: usize = 8;

/// What one round contributed, as the game reports it. Wins are in hundredths of the bet the
/// paytable refers to (Starlight Christmas: the base bet).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundSummary {
    /// The round's total win (after the cap).
    pub win: u64,
    /// The win split by source (indices as the game's source names); sums to `win`.
    pub by_source: [u64; MAX_SOURCES],
    /// How many times each feature triggered in this round.
    pub feature_triggers: [u32; MAX_FEATURES],
    /// The win each feature brought in this round.
    pub feature_wins: [u64; MAX_FEATURES],
    /// The round hit the cap.
    pub capped: bool,
    /// How many times each top award of the game came in this round (indices as the game's
    /// award names: Starlight Christmas's x500 Multiplier, Moon Princess's 100 x clear, Wish
    /// Upon a Star's jackpots).
    pub awards: [u32; MAX_AWARDS],
}
