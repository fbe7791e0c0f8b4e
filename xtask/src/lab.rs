//! What a test lab and an operator are given: `lab-kit` (the folder a lab works from,
//! [`slot_sim::kit_build`]), `rng-stream` ([`slot_sim::dieharder`]), `equivalence
//! record|check` (outcome equivalence between builds, [`slot_sim::equivalence`]) and
//! `monitor` (live-RTP bands and verdict, [`slot_sim::monitor`]). The work is the
//! library's; this module reads the arguments, passes what only the runner knows (the
//! repository, the source folder, the binary) and prints.

use crate::GameEntryRef;
use crate::commands::{DEFAULT_SEED, game_of, mode_of};
use crate::runner::{self, CliError, CliResult};
use clap::{Args, Subcommand};
use slot_core::Game;
use slot_games::with_game;
use slot_sim::Report;
use slot_sim::equivalence::{self, EquivalenceRecord};
use slot_sim::kit_build::{KitConfig, KitNote};
use slot_sim::monitor;
use std::path::{Path, PathBuf};

/// Arguments of `lab-kit`.
#[derive(Args, Debug, Clone)]
pub struct LabKitArgs {
    /// The game.
    #[arg(value_parser = crate::game_arg())]
    pub game: GameEntryRef,
    /// Moon Princess: the free-spin pick (default love).
    #[arg(long, value_enum)]
    pub choice: Option<crate::Choice>,
    /// Starlight Christmas: the ante bet.
    #[arg(long)]
    pub ante: bool,
    /// The folder to write: created, or taken when empty or holding this same kit (same
    /// game, mode and model), whose old files are removed first; a folder holding anything
    /// else is refused (see --force).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Replace a --out folder holding another game's, mode's or model's kit (and nothing
    /// else) instead of refusing it. A folder holding anything `lab-kit` did not write (files
    /// of unknown origin, another command's work) is refused all the same.
    #[arg(long)]
    pub force: bool,
    /// Rounds whose scaled outcomes `outcomes.csv` lists (at most 1,000,000).
    #[arg(long, default_value_t = 10_000, value_parser = crate::positive)]
    pub rounds: u64,
    /// Bytes of each raw generator stream: a whole number of 32-bit words (a multiple of 4),
    /// from 4 to 1 GiB.
    #[arg(long, default_value_t = 16 << 20, value_parser = crate::positive)]
    pub bytes: u64,
    /// Seed of the outcomes, the simulator's stream and the PAR run.
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = crate::index)]
    pub seed: u64,
    /// Rounds of the PAR run (`par/`).
    #[arg(long, default_value_t = 1_000_000, value_parser = crate::positive)]
    pub par_rounds: u64,
    /// The math model: a shipped model by name, or the path of a model file (a bare model or
    /// a variant file as `tune --out` writes it).
    #[arg(long, value_name = "NAME|FILE", conflicts_with = "rtp")]
    pub model: Option<String>,
    /// The RTP variant of the game's ladder (`84.50`), as `sim --rtp` takes it: its model and
    /// its own certified figures and records.
    #[arg(long, value_name = "PERCENT")]
    pub rtp: Option<slot_core::game::TargetRtp>,
    /// Leave the vendored dependencies out of `source/` (they make a lab's offline rebuild
    /// possible and add about 280 MB; CI's short kit leaves them out).
    #[arg(long)]
    pub no_vendor: bool,
    /// Run Dieharder's whole battery (`dieharder -a`) on each generator's stream, fed on
    /// standard input (`-g 200`), summary in the kit (slow: hours).
    #[arg(long)]
    pub dieharder: bool,
    /// Run only these Dieharder tests (`-d N` each, e.g. `0,1,2`) instead of the battery.
    #[arg(long, value_delimiter = ',', value_name = "N,...", value_parser = dieharder_test)]
    pub dieharder_tests: Vec<u32>,
}

/// The generators `rng-stream` writes.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StreamGenerator {
    /// The simulator's generator: batch 0 of the seed (PCG-64), as the kit's
    /// `rng-raw-simulator.bin` starts.
    Simulator,
    /// The production generator (`server_rng()`: ChaCha20 seeded from the operating system).
    Production,
}

/// Arguments of `rng-stream`.
#[derive(Args, Debug, Clone)]
pub struct RngStreamArgs {
    /// The generator.
    #[arg(value_enum)]
    pub generator: StreamGenerator,
    /// The simulator's seed.
    #[arg(long, default_value_t = DEFAULT_SEED, value_parser = crate::index)]
    pub seed: u64,
}

/// A Dieharder test number (`-d N`): a whole number, as `dieharder -l` lists them (0 to 209).
fn dieharder_test(s: &str) -> Result<u32, String> {
    const WHAT: &str =
        "write test numbers as `dieharder -l` lists them, from 0 to 209, comma-separated";
    let n = crate::index(s).map_err(|e| format!("{e}; {WHAT}"))?;
    u32::try_from(n)
        .ok()
        .filter(|&t| t <= slot_sim::dieharder::MAX_TEST)
        .ok_or_else(|| format!("'{s}' is out of range: {WHAT}"))
}

/// Arguments of `equivalence`.
#[derive(Args, Debug, Clone)]
pub struct EquivalenceArgs {
    /// `record` or `check`.
    #[command(subcommand)]
    pub cmd: EquivalenceCmd,
}

/// `equivalence record` / `equivalence check`.
#[derive(Subcommand, Debug, Clone)]
pub enum EquivalenceCmd {
    /// Replay rounds of every game, shipped model and mode and write their digests.
    Record {
        /// The record file to write.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Rounds per game, model and mode (8 bytes each in the file): 1 to 1,000,000
        /// (`slot_sim::equivalence::MAX_ROUNDS`, what `check` reads).
        #[arg(long, default_value_t = 100, value_parser = crate::positive)]
        rounds: u64,
        /// The seed.
        #[arg(long, default_value_t = DEFAULT_SEED, value_parser = crate::index)]
        seed: u64,
    },
    /// Replay a record's rounds with this build; names the first round that differs.
    Check {
        /// The record file.
        file: PathBuf,
    },
}

/// Arguments of `monitor`.
#[derive(Args, Debug, Clone)]
pub struct MonitorArgs {
    /// The game.
    #[arg(value_parser = crate::game_arg())]
    pub game: GameEntryRef,
    /// Moon Princess: the free-spin pick the stake level's rounds were played with (required:
    /// each pick has its own certified RTP and sd).
    #[arg(long, value_enum)]
    pub choice: Option<crate::Choice>,
    /// Starlight Christmas: the ante bet.
    #[arg(long)]
    pub ante: bool,
    /// Rounds played at this stake level (at least 1).
    #[arg(long, value_parser = crate::positive)]
    pub rounds: u64,
    /// Total staked at this stake level (any money unit; an exact decimal above 0, such as
    /// 1250 or 1250.75).
    #[arg(long)]
    pub staked: monitor::Amount,
    /// Total won at this stake level (the same unit; an exact decimal of at least 0, at most
    /// what the rounds can pay: staked x the largest win per stake).
    #[arg(long)]
    pub won: monitor::Amount,
    /// The bet of this stake level, in currency units (the base bet with --ante): with it,
    /// --staked and --won are in currency units and are checked against it (the bet on the
    /// game's ladder, --staked exactly --rounds x the stake, --won whole cents).
    #[arg(long)]
    pub bet: Option<monitor::Amount>,
    /// Take the mean and sd from this `sim --json` report (same game, mode and shipped
    /// model) instead of the committed certification figures (or, for a game that states
    /// none but computes them, the exact RTP and sd of a round's win: Ten Lines).
    #[arg(long, value_name = "FILE", conflicts_with = "rtp")]
    pub report: Option<PathBuf>,
    /// The RTP variant of the game's ladder the stake level plays (`84.50`; the published
    /// one without it): its certified mean and sd (Moon Princess, Starlight Christmas: from
    /// its certification record; Wish Upon a Star: its exact RTP and the sd of its variant
    /// file's shape run).
    #[arg(long, value_name = "PERCENT")]
    pub rtp: Option<slot_core::game::TargetRtp>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// The repository the runner was built from.
fn root() -> PathBuf {
    crate::codegen::workspace_root()
}

/// A `sim --json` report, checked as `merge` reads it (read only up to
/// [`slot_sim::files::MAX_JSON_BYTES`]).
fn report_file(path: &Path) -> Result<Report, CliError> {
    let text = slot_sim::files::read_text_bounded(
        path,
        slot_sim::files::MAX_JSON_BYTES,
        "a JSON report or record",
    )?;
    Ok(Report::from_json(path, &text, &crate::commands::catalog())?)
}

/// `monitor`: the bands after N rounds, the verdict and the p-value. Moon Princess's pick is
/// required (`--choice`); a `--report` must be evidence of the shipped model
/// ([`monitor::certified_by_report`]); a verdict "outside" exits with status 1
/// ([`crate::runner::fail_verdict`]) after printing.
pub fn monitor(a: &MonitorArgs) -> CliResult {
    let (name, mode, largest, cert) = with_game!(a.game.name(), G => {
        let m = mode_of::<G>(a.choice, a.ante)?;
        monitor::require_pick::<G>(a.choice.is_some())?;
        if let Some(bet) = a.bet {
            monitor::check_stakes::<G>(m, bet, a.rounds, a.staked, a.won)?;
        }
        let cert = match &a.report {
            Some(path) => {
                let shipped = game_of::<G>(None, None)?.fingerprint();
                let names = (G::NAME, G::mode_name(m));
                monitor::certified_by_report(&report_file(path)?, path, names, &shipped)?
            }
            None => {
                let game = game_of::<G>(None, a.rtp)?;
                if let (Some(rtp), None) = (a.rtp, game.variant()) {
                    return Err(CliError(format!("{} has no RTP variant {rtp}", G::NAME)));
                }
                slot_sim::evidence::certified(&root(), &game, m)?
            }
        };
        (G::NAME, G::mode_name(m), monitor::WinBound::of::<G>(m), cert)
    })?;
    let c = monitor::check(&cert, &largest, a.rounds, a.staked, a.won)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&c)?);
    } else {
        println!("{name} ({mode}), one stake level");
        print!("{}", c.text());
    }
    if c.verdict == monitor::Verdict::Outside {
        runner::fail_verdict();
    }
    Ok(())
}

/// `equivalence record|check`: every game, shipped model and mode recorded
/// ([`equivalence::record_game`]), or a record replayed ([`equivalence::replay`]); a round
/// that differs is a bar not met (exit status 1), not input refused.
pub fn equivalence(a: &EquivalenceArgs) -> CliResult {
    match &a.cmd {
        EquivalenceCmd::Record { out, rounds, seed } => {
            equivalence::check_rounds(*rounds)?;
            crate::commands::probe_writable(out)?;
            let mut entries = Vec::new();
            for game in slot_games::all() {
                entries.extend(
                    with_game!(game.name(), G => equivalence::record_game::<G>(*seed, *rounds)?)?,
                );
            }
            let record = EquivalenceRecord {
                format: equivalence::FORMAT,
                entries,
            };
            // Written only as its reader reads it back, whole or not at all.
            let text = record
                .to_checked_json()
                .map_err(|e| CliError(format!("{}: {e}", out.display())))?;
            slot_sim::files::write_atomic(out, text.as_bytes())?;
            println!(
                "{}: {} entries (every game, shipped model and mode), {rounds} rounds each, seed {seed}",
                out.display(),
                record.entries.len()
            );
            Ok(())
        }
        EquivalenceCmd::Check { file } => {
            let text = slot_sim::files::read_text_bounded(
                file,
                equivalence::MAX_FILE_BYTES,
                "an equivalence record",
            )?;
            let at = |e: &dyn std::fmt::Display| CliError(format!("{}: {e}", file.display()));
            let record = EquivalenceRecord::from_json(&text).map_err(|e| at(&e))?;
            for (i, e) in record.entries.iter().enumerate() {
                let game = slot_games::named(&e.game).map_err(|_| {
                    at(&format!(
                        "entry {i} names the game '{}', which this runner does not have ({})",
                        e.game,
                        slot_games::names().join(", ")
                    ))
                })?;
                let replayed = with_game!(game.name(), G => equivalence::replay::<G>(i, e))?;
                if let Err(d) = replayed.map_err(|e| at(&e))? {
                    println!("{}: outcomes differ: {d}", file.display());
                    runner::fail_verdict();
                    return Ok(());
                }
            }
            println!(
                "{}: all {} entries replayed the same ({} rounds in all)",
                file.display(),
                record.entries.len(),
                record
                    .entries
                    .iter()
                    .map(|e| u128::from(e.rounds))
                    .sum::<u128>()
            );
            Ok(())
        }
    }
}

/// `rng-stream`: the generator's raw words (little-endian 32-bit `next_u32()`, in order) on
/// standard output without end, for a test battery reading standard input (`dieharder -g 200
/// -a`); ends when the reader closes the pipe ([`slot_sim::dieharder::write_stream`]).
pub fn rng_stream(a: &RngStreamArgs) -> CliResult {
    let mut out = std::io::stdout().lock();
    let stop = None; // not watched: an interrupt ends the runner at once (status 130)
    Ok(match a.generator {
        StreamGenerator::Simulator => slot_sim::dieharder::write_stream(
            &mut slot_core::replay::batch_rng(a.seed, 0),
            &mut out,
            stop,
        ),
        StreamGenerator::Production => {
            slot_sim::dieharder::write_stream(&mut slot_core::rng::server_rng()?, &mut out, stop)
        }
    }?)
}

/// `lab-kit`: the folder a lab works from ([`slot_sim::kit_build::build`]).
pub fn lab_kit(a: &LabKitArgs) -> CliResult {
    with_game!(a.game.name(), G => lab_kit_of::<G>(a))?
}

fn lab_kit_of<G: Game>(a: &LabKitArgs) -> CliResult {
    let mode = mode_of::<G>(a.choice, a.ante)?;
    let config = KitConfig {
        out: a.out.clone(),
        force: a.force,
        rounds: a.rounds,
        bytes: a.bytes,
        seed: a.seed,
        par_rounds: a.par_rounds,
        model: a.model.clone(),
        rtp: a.rtp,
        vendor: !a.no_vendor,
        dieharder: a.dieharder,
        dieharder_tests: a.dieharder_tests.clone(),
        root: root(),
        // `SLOT_MATH_KIT_SOURCE`, when set, names another source folder, as a binary built
        // there would take it: the tests' way to build a kit from a kit's source.
        source: std::env::var_os("SLOT_MATH_KIT_SOURCE").map_or_else(root, PathBuf::from),
        binary: std::env::current_exe().ok(),
        stop: None, // not watched: an interrupt ends the runner at once (status 130)
    };
    let mut production = slot_core::rng::server_rng()?;
    slot_sim::kit_build::build::<G, _>(mode, &config, &mut production, |n| match n {
        KitNote::Progress(line) => eprintln!("{line}"),
        KitNote::Result(line) => println!("{line}"),
    })?;
    Ok(())
}
