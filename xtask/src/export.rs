//! `export stake` and `export verify`: a game's modes as Stake Engine math files
//! ([`slot_sim::export`]) and an export checked ([`slot_sim::export_verify`]). Parses, calls
//! the library through the registry's face, prints.

use crate::runner::CliResult;
use crate::{GameEntryRef, commands};
use clap::{Args, Subcommand};
use slot_sim::export::{ExportRequest, SavedModel};
use slot_sim::export_verify::{load_exported, read_summary, verify};
use std::path::PathBuf;

/// Arguments of `export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    #[command(subcommand)]
    what: ExportCmd,
}

#[derive(Subcommand, Debug)]
enum ExportCmd {
    /// Write Stake Engine math files of a game's modes: per mode a lookup table
    /// (`lookUpTable_<mode>_0.csv`) and books (`books_<mode>.jsonl.zst`), each book a real
    /// round (its seed and round recorded: `play` replays it), weighted by stratum to
    /// reproduce the certified figures (RTP, feature and cap probability, a certified run's
    /// win buckets) from the shape of a reference run; `export.json` (the figures) and
    /// `index.json`, last.
    Stake(StakeArgs),
    /// Check an export folder: the platform's checks (index.json, names, one zstd frame,
    /// sizes, ids, weights, payouts equal between table and books, RTP spread) and this
    /// project's (each book replays, the weights reproduce the certified figures).
    Verify(VerifyArgs),
}

/// Arguments of `export stake`.
#[derive(Args, Debug)]
struct StakeArgs {
    /// The game.
    #[arg(value_parser = crate::game_arg())]
    game: GameEntryRef,
    /// One mode by name (`love`, `star`, `storm`; `standard`, `ante`); every mode without it.
    #[arg(long, value_name = "NAME")]
    mode: Option<String>,
    /// The math model: a shipped model by name, or the path of a model file.
    #[arg(long, value_name = "NAME|FILE")]
    model: Option<String>,
    /// The RTP variant of the game's ladder (`96.00`); `--rtp` and `--model` exclude each other.
    #[arg(long, value_name = "PERCENT", conflicts_with = "model")]
    rtp: Option<slot_core::game::TargetRtp>,
    /// Books per mode.
    #[arg(long, value_parser = crate::positive)]
    books: u64,
    /// Rounds of each mode's reference run (the books are drawn from them; the table
    /// reproduces them stratum by stratum).
    #[arg(long, default_value_t = 1_000_000, value_parser = crate::positive)]
    reference_rounds: u64,
    /// The seed of the rounds.
    #[arg(long, default_value_t = commands::DEFAULT_SEED, value_parser = crate::index)]
    seed: u64,
    /// The folder to write (created if missing; one holding other files is refused).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Clear a folder holding another game's, mode's or model's export (and nothing else)
    /// first; a folder holding anything `export stake` did not write is refused all the same.
    #[arg(long)]
    force: bool,
    /// Export a model without certified evidence, its table anchored on its reference run
    /// alone (stated in the summary); without it such a model is refused.
    #[arg(long)]
    uncertified: bool,
    /// Where the reference run saw no capped round: rounds after it to play looking for one
    /// (a cap not found is not carried, and stated).
    #[arg(long, default_value_t = 20_000_000, value_parser = crate::index)]
    cap_search_rounds: u64,
}

/// Arguments of `export verify`.
#[derive(Args, Debug)]
struct VerifyArgs {
    /// The export folder.
    dir: PathBuf,
}

/// `export stake` or `export verify`.
pub fn export(args: &ExportArgs) -> CliResult {
    match &args.what {
        ExportCmd::Stake(a) => stake(a),
        ExportCmd::Verify(a) => verify_folder(a),
    }
}

fn stake(a: &StakeArgs) -> CliResult {
    let game = a.game.load(commands::source(a.model.as_deref(), a.rtp))?;
    let model = match (&a.model, a.rtp) {
        (Some(m), _) => SavedModel::Named(m.clone()),
        (None, Some(r)) => SavedModel::Rtp(r.0),
        (None, None) => SavedModel::Published,
    };
    let summary = game.export_stake(&ExportRequest {
        model,
        mode: a.mode.as_deref(),
        books: a.books,
        reference_rounds: a.reference_rounds,
        seed: a.seed,
        dir: &a.out,
        force: a.force,
        root: Some(&crate::codegen::workspace_root()),
        uncertified: a.uncertified,
        cap_search_rounds: a.cap_search_rounds,
    })?;
    print!("{}", summary.to_text());
    print!("{}", summary.books_short_text(a.books));
    println!("written: {}", a.out.display());
    Ok(())
}

fn verify_folder(a: &VerifyArgs) -> CliResult {
    let game = load_exported(&read_summary(&a.dir)?, slot_games::all())?;
    print!("{}", verify(&a.dir, &*game)?.to_text());
    Ok(())
}
