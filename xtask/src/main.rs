//! The runner (`cargo xtask ...`): the command-line contract of `../shared/spec/cli.md`.
//!
//! * `sim <game>`: simulate and print the PAR report (`--json` for one JSON object);
//! * `eval <game> --grid "<rows>"`: the wins of a fixed grid;
//! * `play <game> --seed S --round K`: round K of seed S step by step (`--json`: event log);
//! * `exact <game>`: figures computed exactly from the math model where the game allows it;
//! * `tune <game>`: re-tune the math model's knobs (see each game's `math_model` docs);
//! * `merge FILE...`: merge the JSON reports of independent shards exactly;
//! * `schema`: write the JSON Schema of the round record (`--check`: is the committed one
//!   current?).
//!
//! Bad arguments and malformed grids exit with status 2 and a message saying what is allowed.

mod codegen;
mod games;
mod render;
mod runner;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

/// The three games, by their command-line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Game {
    /// Moon Princess (5x5 lines, tumble without refill, Girl Power, free spins with a pick).
    MoonPrincess,
    /// Wish Upon a Star (5x3, 243 ways, gift wilds, Lock & Spin jackpots).
    WishUponAStar,
    /// Starlight Christmas (6x5 pay anywhere, tumble with refill, multipliers).
    StarlightChristmas,
}

/// The Moon Princess free-spin pick a simulation uses for every round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Choice {
    /// Princess Love: 4 free spins (+4 per full meter).
    Love,
    /// Princess Star: 5 free spins (+3 per full meter).
    Star,
    /// Princess Storm: 8 free spins (+2 per full meter).
    Storm,
}

#[derive(Parser, Debug)]
#[command(
    name = "xtask",
    about = "Slot math runner: simulate, evaluate, play, exact figures, tuning"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Simulate rounds and print the PAR report.
    Sim(SimArgs),
    /// Evaluate a fixed grid and print its wins.
    #[command(after_help = games::GRID_CODES_HELP)]
    Eval(EvalArgs),
    /// Play one round of the simulator's sequence step by step.
    Play(PlayArgs),
    /// Print the figures computed exactly from the math model.
    Exact(ExactArgs),
    /// Re-tune the math model (prints the knob values to put into the model).
    Tune(TuneArgs),
    /// Merge the JSON reports of independent runs (shards) of one game and mode exactly.
    Merge(MergeArgs),
    /// Write the JSON Schema of the round record (`schema/round-record.schema.json`).
    Schema(SchemaArgs),
}

/// Arguments of `schema`.
#[derive(Args, Debug, Clone)]
pub struct SchemaArgs {
    /// Only check that the committed schema matches the code (exit 2 if not).
    #[arg(long)]
    pub check: bool,
}

/// Arguments of `merge`.
#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// Report files written by `sim --json` (same game and mode, different seeds).
    #[arg(required = true, num_args = 1..)]
    pub files: Vec<std::path::PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `sim`.
#[derive(Args, Debug, Clone)]
pub struct SimArgs {
    /// The game.
    pub game: Game,
    /// Rounds to play (default: a run of a few seconds).
    #[arg(long)]
    pub rounds: Option<u64>,
    /// Seed of the run.
    #[arg(long, default_value_t = runner::DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads (default: all cores); figures do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of the readable report.
    #[arg(long)]
    pub json: bool,
    /// Moon Princess: the free-spin pick used in every round.
    #[arg(long, value_enum)]
    pub choice: Option<Choice>,
    /// Starlight Christmas: play with the ante bet (1.25 x base bet).
    #[arg(long)]
    pub ante: bool,
    /// Starlight Christmas: a math model file (JSON, the shape of `MathModel`) to simulate
    /// instead of the shipped model, for designing and tuning.
    #[arg(long)]
    pub model: Option<std::path::PathBuf>,
}

/// Arguments of `eval`.
#[derive(Args, Debug, Clone)]
pub struct EvalArgs {
    /// The game.
    pub game: Game,
    /// The grid: rows from the top separated by '/', cells by spaces (codes below).
    #[arg(long)]
    pub grid: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Evaluate as a free spin (Moon Princess; Wish Upon a Star: wins doubled).
    #[arg(long)]
    pub free_spins: bool,
    /// Moon Princess: the multiplier the tumble sequence starts with (1..=20).
    #[arg(long)]
    pub multiplier: Option<u32>,
}

/// Arguments of `play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// The game.
    pub game: Game,
    /// The seed of the simulation the round belongs to.
    #[arg(long, default_value_t = runner::DEFAULT_SEED)]
    pub seed: u64,
    /// The round's index in that simulation (0 = first).
    #[arg(long, default_value_t = 0)]
    pub round: u64,
    /// Print the round's event log as JSON.
    #[arg(long)]
    pub json: bool,
    /// Moon Princess: the free-spin pick.
    #[arg(long, value_enum)]
    pub choice: Option<Choice>,
    /// Starlight Christmas: the ante bet.
    #[arg(long)]
    pub ante: bool,
}

/// Arguments of `exact`.
#[derive(Args, Debug, Clone)]
pub struct ExactArgs {
    /// The game.
    pub game: Game,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tune`.
#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    /// The game.
    pub game: Game,
    /// Rounds per evaluation of a candidate model.
    #[arg(long, default_value_t = 20_000_000)]
    pub rounds: u64,
    /// Seed (the same for every candidate: paired comparison).
    #[arg(long, default_value_t = runner::DEFAULT_SEED)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Moon Princess: the pick to tune.
    #[arg(long, value_enum)]
    pub choice: Option<Choice>,
    /// Starlight Christmas: tune the ante mode.
    #[arg(long)]
    pub ante: bool,
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    let result = match &cli.cmd {
        Cmd::Sim(a) => games::sim(a),
        Cmd::Eval(a) => games::eval(a),
        Cmd::Play(a) => games::play(a),
        Cmd::Exact(a) => games::exact(a),
        Cmd::Tune(a) => games::tune(a),
        Cmd::Merge(a) => runner::merge(a),
        Cmd::Schema(a) => codegen::schema(a.check),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// `cargo xtask play ... | head` closes stdout early; printing then fails with "Broken pipe",
/// which the standard library reports as a panic. Exit quietly instead (status 141, as a
/// shell reports a process ended by SIGPIPE); every other panic keeps its report.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let msg = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if msg.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}
