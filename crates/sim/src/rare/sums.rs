//! The exact sums of a rare-event run: per tail level, the root rounds' integer
//! contributions summed and squared-summed ([`RareSums`]), which add up across threads,
//! shards and machines.

use serde::{Deserialize, Serialize};

/// One tail level's sums: each root round contributes an integer n, 0 to the plan's
/// denominator D (the weights of its copies that reached the level, times D).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TailSums {
    /// The level, hundredths of the bet.
    pub level: u64,
    /// Sum of n over the root rounds.
    pub hits: u128,
    /// Sum of n^2.
    pub hits_sq: u128,
    /// Root rounds with n > 0 (some copy of theirs reached the level).
    pub roots_hit: u64,
    /// Copies that reached the level (each counted once, whatever its weight).
    pub copies_hit: u64,
}

/// The sums of a rare-event run.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RareSums {
    /// Root rounds played.
    pub roots: u64,
    /// Root rounds that went on after their start (for Moon Princess: their free spins
    /// triggered).
    pub going: u64,
    /// Copies made by splitting (the start copies included).
    pub copies: u64,
    /// Steps played (for Moon Princess: free spins), every copy's counted: the run's work
    /// beside its root rounds.
    pub steps: u64,
    /// Per tail level, increasing.
    pub tails: Vec<TailSums>,
}

impl RareSums {
    /// Empty sums for the tail levels `levels` (hundredths, increasing).
    pub fn new(levels: &[u64]) -> RareSums {
        RareSums {
            tails: levels
                .iter()
                .map(|&level| TailSums {
                    level,
                    ..TailSums::default()
                })
                .collect(),
            ..RareSums::default()
        }
    }

    /// Adds `other` (sums of the same levels) to these. Counts saturate rather than wrap
    /// (2^64 roots or steps are never played; the records' reader checks the relations).
    pub fn add(&mut self, other: &RareSums) {
        self.roots = self.roots.saturating_add(other.roots);
        self.going = self.going.saturating_add(other.going);
        self.copies = self.copies.saturating_add(other.copies);
        self.steps = self.steps.saturating_add(other.steps);
        for (a, b) in self.tails.iter_mut().zip(&other.tails) {
            a.hits = a.hits.saturating_add(b.hits);
            a.hits_sq = a.hits_sq.saturating_add(b.hits_sq);
            a.roots_hit = a.roots_hit.saturating_add(b.roots_hit);
            a.copies_hit = a.copies_hit.saturating_add(b.copies_hit);
        }
    }
}
