//! `tail` and `tail-merge`: the odds of rare wins, P(win >= x), by multilevel splitting
//! ([`slot_sim::rare`]) through the registry's face (`GameEntry::tail`), and records of such
//! runs merged. Parses, calls the library, prints.

use crate::commands::{self, command_line, probe_writable, progress_every, source};
use crate::progress::{Display, interrupt_flag};
use crate::runner::{self, CliError, CliResult};
use crate::{Choice, GameEntryRef, index, positive};
use clap::Args;
use slot_sim::Watch;
use slot_sim::face::{FaceError, TailRequest};
use slot_sim::rare::{RareError, RareRecord, Splitting, TailConfig, TailLevels};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `tail`.
#[derive(Args, Debug, Clone)]
pub struct TailArgs {
    /// The game (one whose rounds can be split: moon-princess, starlight-christmas).
    #[arg(value_parser = crate::game_arg())]
    pub game: GameEntryRef,
    /// The wins whose odds are estimated, x bet, separated by commas (`5000`, `500,5000`;
    /// at most two decimals; in any order, a level given twice counted once; at most the
    /// game's cap).
    #[arg(long, value_name = "X[,X...]")]
    pub level: String,
    /// Moon Princess: the pick (default love).
    #[arg(long, value_enum)]
    pub choice: Option<Choice>,
    /// Starlight Christmas: the ante bet's mode.
    #[arg(long)]
    pub ante: bool,
    /// The mode by its name, for any game (`love`, `star`, `storm`; `standard`, `ante`):
    /// the same as the game's own `--choice` or `--ante`, which it excludes.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["choice", "ante"])]
    pub mode: Option<String>,
    /// The odds that the base game alone reaches the levels (at most the cap), by
    /// conditional Monte Carlo over base games (Starlight Christmas: its Multipliers' values
    /// summed exactly); --split and --start-copies play no part.
    #[arg(long, conflicts_with_all = ["split", "start_copies"])]
    pub base_game: bool,
    /// Root rounds to play (with --until-relative: at most this many).
    #[arg(long, default_value_t = 1_000_000, value_parser = positive)]
    pub rounds: u64,
    /// Stop once every level's 95 % relative half-width is at most this many per cent (and
    /// 50 root rounds reached it), looked at every 160,000 root rounds; the run says whether
    /// it got there (`met` with --json).
    #[arg(long, value_name = "PERCENT")]
    pub until_relative: Option<f64>,
    /// The seed: root round r is round r of the simulator's sequence of this seed.
    #[arg(long, default_value_t = commands::DEFAULT_SEED, value_parser = index)]
    pub seed: u64,
    /// Play shard I of N of the run (`--shard 0/4`), for `tail-merge`.
    #[arg(long, value_name = "I/N", value_parser = crate::parse_shard)]
    pub shard: Option<slot_sim::Shard>,
    /// Copies a round continues as when its feature starts (default 16).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    pub start_copies: Option<u32>,
    /// The levels of the running win at which a copy splits again, `AT:COPIES` x bet,
    /// separated by commas (default: 4 copies at the top level / 2^k, k = 6 down to 1, from
    /// 50 x); `none` for no level.
    #[arg(long, value_name = "AT:K[,AT:K...]")]
    pub split: Option<String>,
    /// Worker threads (default: all cores); the sums do not depend on it.
    #[arg(long, value_parser = crate::thread_count)]
    pub threads: Option<usize>,
    /// Write the record (JSON: sums, seeds, plan, model) to this file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print the record and its estimates as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// No progress on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Seconds between progress lines when stderr is not a terminal.
    #[arg(long, value_name = "S", default_value_t = 10.0)]
    pub progress_seconds: f64,
    /// The math model: a shipped model by name, or the path of a model file (JSON).
    #[arg(long, value_name = "NAME|FILE")]
    pub model: Option<String>,
    /// The RTP variant of the game's ladder (`84.50`); excludes --model.
    #[arg(long, value_name = "PERCENT", conflicts_with = "model")]
    pub rtp: Option<slot_core::game::TargetRtp>,
}

/// Arguments of `tail-merge`.
#[derive(Args, Debug, Clone)]
pub struct TailMergeArgs {
    /// `tail --out` records of the same game, mode, model, plan and levels, holding disjoint
    /// root rounds (shards of one run, or runs of other seeds).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Write the merged record to this file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Print the merged record and its estimates as one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// `tail`: a rare-event run of the game, its estimates printed (and its record written).
pub fn tail(a: &TailArgs) -> CliResult {
    let entry = a.game;
    let every = progress_every(a.progress_seconds)?;
    let threads = runner::threads(a.threads)?;
    let mode = commands::mode_name(entry, a.mode.as_deref(), a.choice, a.ante)?;
    let levels = TailLevels::parse(&a.level).map_err(|e| CliError(format!("--level: {e}")))?;
    let plan = Splitting::from_options(levels.top(), a.start_copies, a.split.as_deref())
        .map_err(|e| CliError(format!("--split/--start-copies: {e}")))?;
    let until_relative = match a.until_relative {
        None => None,
        Some(p) if p.is_finite() && p > 0.0 && p < 100.0 => Some(p / 100.0),
        Some(p) => {
            return Err(CliError(format!(
                "--until-relative {p}: give a percentage above 0 and below 100 (5 for 5 %)"
            )));
        }
    };
    if let Some(path) = &a.out {
        probe_writable(path)?;
    }
    let request = TailRequest {
        source: source(a.model.as_deref(), a.rtp),
        mode: Some(mode),
        config: TailConfig {
            levels,
            splitting: plan,
            seed: a.seed,
            rounds: a.rounds,
            shard: a.shard.map(|s| (s.index, s.count)),
            until_relative,
            threads,
            command: command_line(),
        },
        base_game: a.base_game,
    };
    let progress = slot_sim::engine::Progress::default();
    let watch = Watch {
        progress: Some(&progress),
        stop: Some(interrupt_flag()),
    };
    let start = Instant::now();
    let record = Display::games(a.rounds, a.quiet, every)
        .watch(&progress, || entry.tail(&request, watch))
        .map_err(|e| match e {
            // A level the game refuses (above its cap) is a --level refusal, as a malformed
            // level is.
            FaceError::Rare(RareError::Levels(_)) => CliError(format!("--level: {e}")),
            e => CliError::from(e),
        })?;
    let seconds = start.elapsed().as_secs_f64();
    let until = a.until_relative.map(|p| (p, record.met(p)));
    print_record(&record, Some((seconds, threads)), until, a.json)?;
    if let Some(path) = &a.out {
        record.write_file(path)?;
    }
    Ok(())
}

/// `tail-merge`: records read, checked and merged; the estimates of the merge printed.
pub fn tail_merge(a: &TailMergeArgs) -> CliResult {
    if let Some(path) = &a.out {
        probe_writable(path)?;
    }
    let paths: Vec<&std::path::Path> = a.files.iter().map(PathBuf::as_path).collect();
    let merged = RareRecord::merge_files_of(&paths, &commands::catalog())?;
    print_record(&merged, None, None, a.json)?;
    if let Some(path) = &a.out {
        merged.write_file(path)?;
    }
    Ok(())
}

/// Prints a record: its text (with the run's time and threads if given, and whether the
/// `--until-relative` percentage given was met), or one JSON object `{"record": ...,
/// "estimates": [...], "seconds": ..., "threads": ..., "met": ...}`. Serialized as it is, not
/// through `serde_json::Value`, which holds no integer above 2^64 (a record's sums of squares
/// can be larger).
fn print_record(
    record: &RareRecord,
    time: Option<(f64, usize)>,
    until: Option<(f64, bool)>,
    json: bool,
) -> CliResult {
    #[derive(serde::Serialize)]
    struct Printed<'a> {
        record: &'a RareRecord,
        estimates: Vec<slot_sim::rare::TailEstimate>,
        #[serde(skip_serializing_if = "Option::is_none")]
        seconds: Option<f64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        threads: Option<usize>,
        #[serde(skip_serializing_if = "Option::is_none")]
        met: Option<bool>,
    }
    if json {
        let printed = Printed {
            record,
            estimates: record.estimates(),
            seconds: time.map(|t| t.0),
            threads: time.map(|t| t.1),
            met: until.map(|u| u.1),
        };
        println!("{}", serde_json::to_string(&printed)?);
    } else {
        print!("{}", record.text());
        if let Some((seconds, threads)) = time {
            println!(
                "{:.1} s on {} ({:.0} root rounds/s)",
                seconds,
                slot_sim::words::threads(threads),
                record.sums.roots as f64 / seconds.max(1e-9)
            );
        }
        if let Some((percent, _)) = until {
            println!("{}", record.until_text(percent));
        }
    }
    Ok(())
}
