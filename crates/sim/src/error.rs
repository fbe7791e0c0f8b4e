//! The simulation library's one error type, [`SimError`], and the error of a report that
//! cannot be read or merged ([`ReportError`], one of its variants). Nothing else of the crate
//! is named here, so every module (the engine too) can return these errors.

/// A report that cannot be read or merged: what is wrong, naming the file (the runner prints
/// it and exits with status 2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportError(pub String);

impl std::fmt::Display for ReportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReportError {}

/// Why a simulation, a merge, a split estimate or the writing of PAR files did not happen.
/// Every variant names what was wrong and what is allowed.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// A setting of the run is out of range (checked before anything is played).
    #[error("{setting}: {message}")]
    Config {
        /// The setting, as the runner's option is named (`threads`, `shard`, `rounds`, ...).
        setting: &'static str,
        /// What is wrong and what is allowed.
        message: String,
    },
    /// The worker threads could not be started.
    #[error("cannot start {threads} threads: {message}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why.
        message: String,
    },
    /// A report could not be read, or reports could not be merged.
    #[error(transparent)]
    Report(#[from] ReportError),
    /// A split record's sums are impossible.
    #[error("split record: {0}")]
    Split(String),
    /// The contribution sums of a run could not be made: a round's events did not add up to
    /// its win, or the sums disagree with the run's ([`crate::detail`]).
    #[error("contributions: {0}")]
    Detail(String),
    /// A file or directory could not be written or read.
    #[error("{path}: {message}")]
    Io {
        /// The file or directory.
        path: std::path::PathBuf,
        /// What failed.
        message: String,
    },
    /// A PAR file's table or plot could not be made.
    #[error("PAR files: {0}")]
    ParFiles(String),
}
