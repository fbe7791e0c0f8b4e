//! What every game's commands share: the error type that exits with status 2, the thread
//! count, and the JSON shapes of `eval`.

use serde::Serialize;

/// A command-line error: printed as `error: ...`, exit status 2.
#[derive(Debug)]
pub struct CliError(pub String);

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(e: E) -> Self {
        CliError(e.to_string())
    }
}

/// Shorthand for a command's result.
pub type CliResult = Result<(), CliError>;

/// The most threads `--threads` accepts.
pub const MAX_THREADS: usize = slot_sim::run::MAX_THREADS;

/// The thread count: the given one (1 to [`MAX_THREADS`]), or all cores.
pub fn threads(t: Option<usize>) -> Result<usize, CliError> {
    match t {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => Err(CliError(format!(
            "--threads must be from 1 to {MAX_THREADS} (it was {t}); the default is all cores"
        ))),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// One win in the JSON of `eval --json` (guide, "Command reference").
#[derive(Debug, Serialize)]
pub struct EvalWin {
    /// The symbol's code in grid text ([`slot_core::text`]), or the pay class (`princess` for Moon
    /// Princess's any mix of princesses), as in the event log.
    pub symbol: String,
    /// The symbol's or class's name as the rules write it ("Circle", "any princess").
    pub name: String,
    /// Its cells as `[row, col]`, 0-based from the top-left.
    pub cells: Vec<[usize; 2]>,
    /// Cells or line length or ways count, as the game counts.
    pub count: u32,
    /// The multiplier applied.
    pub multiplier: u64,
    /// The win, x bet.
    pub win: f64,
}

/// `eval`'s JSON: the wins and the total, plus game-specific fields.
#[derive(Debug, Serialize)]
pub struct EvalOutput {
    /// The wins.
    pub wins: Vec<EvalWin>,
    /// The total, x bet, before the cap.
    pub total: f64,
    /// What a round would pay for it: `total`, at most the cap (x bet; the same as `total`
    /// where the game has no cap).
    pub paid: f64,
    /// Game-specific extras (flattened into the object).
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

impl EvalOutput {
    /// Prints as JSON or as readable lines.
    pub fn print(&self, json: bool) -> CliResult {
        if json {
            println!("{}", serde_json::to_string(self)?);
            return Ok(());
        }
        if self.wins.is_empty() {
            println!("no win");
        }
        for w in &self.wins {
            let cells: Vec<String> = w.cells.iter().map(|[r, c]| format!("({r},{c})")).collect();
            println!(
                "{:<16} count {:>3}  x{:<4} {:>10.2} x bet   cells {}",
                w.name,
                w.count,
                w.multiplier,
                w.win,
                cells.join(" ")
            );
        }
        for (k, v) in &self.extra {
            println!("{k}: {v}");
        }
        println!("total: {:.2} x bet", self.total);
        if self.paid != self.total {
            println!("paid:  {:.2} x bet (the 5,000 x cap)", self.paid);
        }
        Ok(())
    }
}

/// Set when a command's verdict was negative although it ran to its end (a certificate that
/// does not meet the bar): the runner then exits with status 1 (status 2 is for input it
/// refused).
static VERDICT_FAILED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Marks the command's verdict negative (exit status 1; see [`verdict_failed`]).
pub fn fail_verdict() {
    VERDICT_FAILED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Whether [`fail_verdict`] was called.
pub fn verdict_failed() -> bool {
    VERDICT_FAILED.load(std::sync::atomic::Ordering::Relaxed)
}
