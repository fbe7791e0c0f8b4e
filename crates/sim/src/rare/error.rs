//! Why a rare-event estimate was not made or a record of one was refused.

use crate::error::SimError;

/// Why a rare-event estimate was not made ([`crate::rare::run`]) or its record was refused
/// ([`crate::rare::RareRecord::read`], [`crate::rare::RareRecord::absorb`]). Every variant
/// names what was wrong and what is allowed.
#[derive(Debug, thiserror::Error)]
pub enum RareError {
    /// A splitting plan that is not allowed ([`crate::rare::Splitting::check`]).
    #[error("splitting plan refused: {0}")]
    Splitting(String),
    /// Tail levels (the wins whose odds are estimated) that are not allowed.
    #[error("tail levels refused: {0}")]
    Levels(String),
    /// A run's size that is not allowed (rounds, shard, relative half-width).
    #[error("{0}")]
    Size(String),
    /// The worker threads could not be started.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// The run was stopped before its first chunk of batches was finished: nothing to record.
    #[error("stopped before its first chunk of batches was played; nothing to record")]
    Interrupted,
    /// A record that is not valid JSON of a rare-event record.
    #[error("rare-event record is not valid: {0}")]
    Json(#[from] serde_json::Error),
    /// A record whose sums contradict each other or its parts.
    #[error("rare-event record refused: {0}")]
    Record(String),
    /// Two records that cannot be merged: another game, mode, model, plan or levels, or
    /// the same root rounds twice.
    #[error("rare-event records cannot be merged: {0}")]
    Merge(String),
}
