//! What every game's commands share: the simulation driver with its progress bar and report,
//! the JSON shapes of `eval`, and the error type that exits with status 2.

use serde::Serialize;
use slot_core::sim::{Progress, SimRng, simulate};
use slot_core::stats::{Accumulator, ParReport, ReportInfo, RoundSummary};
use std::io::IsTerminal;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The seed used when none is given (printed in every report).
pub const DEFAULT_SEED: u64 = 20_261_129;

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

/// Rejects an option that does not belong to `game`.
pub fn reject(present: bool, option: &str, game: &str, allowed_for: &str) -> CliResult {
    if present {
        return Err(CliError(format!(
            "{option} is not an option of {game}; it is for {allowed_for}"
        )));
    }
    Ok(())
}

/// The most threads `--threads` accepts.
pub const MAX_THREADS: usize = 256;

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

/// Runs a simulation with a progress bar on a terminal (not with `json`), and returns the sums
/// with the wall-clock time.
pub fn run<F>(
    rounds: u64,
    seed: u64,
    threads: usize,
    cost: u64,
    show_progress: bool,
    play: F,
) -> Result<(Accumulator, f64), CliError>
where
    F: Fn(&mut SimRng) -> RoundSummary + Sync,
{
    let progress = Progress::default();
    let start = Instant::now();
    let done = std::sync::atomic::AtomicBool::new(false);
    let acc = std::thread::scope(|s| {
        let bar_thread = (show_progress && std::io::stderr().is_terminal()).then(|| {
            let (progress, done) = (&progress, &done);
            s.spawn(move || progress_bar(rounds, cost, progress, done))
        });
        let acc = simulate(rounds, seed, threads, cost, play, Some(&progress));
        done.store(true, Ordering::Relaxed);
        if let Some(t) = bar_thread {
            let _ = t.join();
        }
        acc
    })?;
    Ok((acc, start.elapsed().as_secs_f64()))
}

fn progress_bar(rounds: u64, cost: u64, p: &Progress, done: &std::sync::atomic::AtomicBool) {
    use indicatif::{ProgressBar, ProgressStyle};
    let bar = ProgressBar::new(rounds);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} rounds  {per_sec}  eta {eta}  {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    while !done.load(Ordering::Relaxed) {
        let n = p.rounds.load(Ordering::Relaxed);
        let w = p.win.load(Ordering::Relaxed);
        bar.set_position(n);
        if n > 0 {
            bar.set_message(format!(
                "RTP {:.3} %",
                w as f64 / (n as f64 * cost as f64) * 100.0
            ));
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    bar.finish_and_clear();
}

/// Simulates and prints the PAR report (readable, or JSON with `json`).
#[allow(clippy::too_many_arguments)]
pub fn sim_and_report<F>(
    info: ReportInfo<'_>,
    rounds: u64,
    seed: u64,
    threads: Option<usize>,
    json: bool,
    cost: u64,
    play: F,
) -> Result<ParReport, CliError>
where
    F: Fn(&mut SimRng) -> RoundSummary + Sync,
{
    let threads = self::threads(threads)?;
    if rounds == 0 {
        return Err(CliError("--rounds must be at least 1".into()));
    }
    let (acc, secs) = run(rounds, seed, threads, cost, !json, play)?;
    let report = ParReport::new(info, &acc, seed, threads, secs);
    if json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{report}");
    }
    Ok(report)
}

/// One win in `eval`'s JSON (`cli.md`).
#[derive(Debug, Serialize)]
pub struct EvalWin {
    /// The symbol's cell code (`cli.md`), or the pay class (`princess` for Moon Princess's
    /// any mix of princesses), as in the event log.
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

/// Cells of a bitboard mask as `[row, col]` pairs for a grid `cols` wide.
pub fn mask_cells(mask: u64, cols: usize) -> Vec<[usize; 2]> {
    slot_core::grid::cells_of(mask)
        .map(|i| [i / cols, i % cols])
        .collect()
}

/// `merge`: reads `sim --json` reports, checks they are shards of one game and mode with
/// distinct seeds, adds their integer sums and prints the merged report.
pub fn merge(a: &crate::MergeArgs) -> CliResult {
    let mut merged: Option<(Accumulator, serde_json::Value)> = None;
    let mut seeds = Vec::new();
    let mut secs = 0.0;
    for path in &a.files {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
        let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
            CliError(format!(
                "{} is not a report written by `sim --json`: {e}",
                path.display()
            ))
        })?;
        let sums: Accumulator = serde_json::from_value(v["sums"].clone()).map_err(|e| {
            CliError(format!(
                "{} has no valid \"sums\" (write it with `sim --json`): {e}",
                path.display()
            ))
        })?;
        let mut these: Vec<u64> =
            serde_json::from_value(v["merged_seeds"].clone()).unwrap_or_default();
        if these.is_empty() {
            these.push(v["seed"].as_u64().unwrap_or(0));
        }
        for s in these {
            if seeds.contains(&s) {
                return Err(CliError(format!(
                    "seed {s} appears twice: shards must be independent runs with different seeds"
                )));
            }
            seeds.push(s);
        }
        secs += v["elapsed_seconds"].as_f64().unwrap_or(0.0);
        match &mut merged {
            None => merged = Some((sums, v)),
            Some((total, f)) => {
                for key in ["game", "mode", "source_names", "feature_names"] {
                    if f[key] != v[key] {
                        return Err(CliError(format!(
                            "{} has {key} {} but the first report has {}: merge shards of one game and mode only",
                            path.display(),
                            v[key],
                            f[key]
                        )));
                    }
                }
                if total.cost != sums.cost {
                    return Err(CliError(format!(
                        "{} was played at another stake",
                        path.display()
                    )));
                }
                total.merge(&sums);
            }
        }
    }
    let Some((acc, f)) = merged else {
        return Err(CliError("give at least one report file".into()));
    };
    let names =
        |key: &str| -> Vec<String> { serde_json::from_value(f[key].clone()).unwrap_or_default() };
    let (sources, features) = (names("source_names"), names("feature_names"));
    let sources: Vec<&str> = sources.iter().map(String::as_str).collect();
    let features: Vec<&str> = features.iter().map(String::as_str).collect();
    let info = ReportInfo {
        game: f["game"].as_str().unwrap_or("?"),
        mode: f["mode"].as_str().unwrap_or("?"),
        sources: &sources,
        features: &features,
    };
    let mut report = ParReport::new(info, &acc, seeds[0], 1, secs);
    report.threads = 0;
    report.merged_seeds = seeds;
    if a.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{report}");
        println!("  merged seeds      {:?}", report.merged_seeds);
    }
    Ok(())
}
