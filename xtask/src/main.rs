//! The runner (`cargo xtask ...`): its commands, arguments, output and exit statuses
//! (guide, "Command reference").
//!
//! * `sim <game>`: simulate and print the PAR report (`--json` for one JSON object,
//!   `--confidence` for the levels of the RTP intervals);
//! * `eval <game> --grid "<rows>"`: the wins of a fixed grid;
//! * `play <game> --seed S --round K`: round K of seed S step by step (`--json`: event log);
//! * `exact <game>`: figures computed exactly from the math model where the game allows it;
//! * `tune <game>`: re-tune the math model's knobs (see each game's `math_model` docs);
//! * `split moon-princess`: each pick's RTP as B + q V from base games and features played
//!   apart (Moon Princess's certification figures; [`slot_sim::split`]);
//! * `merge FILE...`: check and merge `sim --json` reports (shards of one run, or independent
//!   runs with different seeds) exactly;
//! * `golden <game>`: replay the game's golden rounds and rewrite their file;
//! * `schema`: write the JSON Schema of the round record (`--check`: is the committed one
//!   current?);
//! * `viewer [--port P]`: build the round viewer's WebAssembly module and serve the page;
//! * `fuzz-seeds [--check]`: write (check) the generated seeds of the fuzz targets;
//! * `session <game> --balance B --bet b --spins N [--players P]`: player sessions
//!   ([`slot_sim::session`]).
//!
//! Exit statuses, the same for every command (guide, "Exit statuses"): 0 done; 1 done but a bar
//! not met (a certificate, a tuned shape, a monitoring verdict, an equivalence check); 2 input
//! refused (bad arguments, malformed grids, impossible files, a folder holding other work),
//! with a message saying what is wrong and what is allowed; 130 interrupted by Ctrl-C or
//! SIGTERM (a simulation prints the report of the batches it finished; `certify --dir` keeps
//! its finished chunks and resumes).

mod certify;
mod codegen;
mod commands;
mod export;
mod games;
mod lab;
mod markets;
mod progress;
mod runner;
mod seeds;
mod tail;
mod viewer;

use clap::{Args, Parser, Subcommand, ValueEnum};
use slot_sim::Shard;
use slot_sim::stats::ConfidenceLevel;
use std::process::ExitCode;

/// The parser of the game argument: one of the registry's names ([`slot_games::names`]),
/// each shown with its title in `--help`; any other name is refused by clap (exit status 2,
/// listing the names). The value is the game's registry entry.
pub fn game_arg() -> impl clap::builder::TypedValueParser<Value = GameEntryRef> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(
        slot_games::all()
            .iter()
            .map(|g| PossibleValue::new(g.name()).help(g.title())),
    )
    .try_map(|name: String| slot_games::named(&name))
}

/// A game argument: the game's entry in the registry ([`slot_games::GameEntry`]).
pub type GameEntryRef = &'static dyn slot_games::GameEntry;

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
    version,
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
    Eval(EvalArgs),
    /// Play one round of the simulator's sequence step by step.
    Play(PlayArgs),
    /// Print the figures computed exactly from the math model.
    Exact(ExactArgs),
    /// Derive a variant of the published model for a target RTP and write its file
    /// (`--target-rtp`, `--out`), or re-tune a model's knob to the model's own target.
    Tune(TuneArgs),
    /// A mode's RTP as (B + q V) / stake, from base games and free-spin features played apart
    /// (Moon Princess: every pick; Starlight Christmas: one bet mode; far fewer rounds than
    /// whole rounds need).
    Split(SplitArgs),
    /// Certify one game, mode and model: exactly where the game computes its RTP exactly
    /// (Wish Upon a Star, Ten Lines), else by the split estimate in resumable chunks until the
    /// 99 % half-width reaches the goal (`--whole-rounds`: whole rounds in chunks instead);
    /// writes `certificate-<mode>.json` into --dir and exits with status 1 when a certificate
    /// does not meet the bar (status 2: input refused).
    Certify(CertifyArgs),
    /// Check and merge `sim --json` reports of one game, mode and model exactly: the shards
    /// of one run, or independent runs with different seeds.
    Merge(MergeArgs),
    /// Write the JSON Schema of the round record (`schema/round-record.schema.json`).
    Schema(SchemaArgs),
    /// Replay a game's golden rounds and rewrite their file (`crates/<game>/tests/golden.json`).
    Golden(GoldenArgs),
    /// Build the round viewer (the game crates as WebAssembly) and serve it on localhost.
    Viewer(ViewerArgs),
    /// Player sessions: a balance at a bet over a number of spins, for many players.
    Session(SessionArgs),
    /// Write the generated fuzz seeds (`fuzz/seeds/`: every shipped model file, Moon
    /// Princess's stored rounds); `--check` only checks that the committed ones are current.
    FuzzSeeds(FuzzSeedsArgs),
    /// Write the folder a test lab works from: raw generator streams, every scaled outcome
    /// of N rounds, rules, PAR files, certification record, disclosure, SHA-256 manifest.
    LabKit(lab::LabKitArgs),
    /// Write a generator's raw 32-bit words to standard output without end, for a test battery
    /// reading standard input (`| dieharder -g 200 -a`); the lab kit's instructions use it.
    RngStream(lab::RngStreamArgs),
    /// Outcome equivalence between builds: record rounds' digests of every game, model and
    /// mode, or check a record against this build (names the first round that differs).
    Equivalence(lab::EquivalenceArgs),
    /// Live-RTP monitoring of one stake level: the expected range after N rounds at 95, 99
    /// and 99.9 %, a verdict and its p-value.
    Monitor(lab::MonitorArgs),
    /// Which markets may run each variant and mode of a game: every market profile
    /// (`markets/*.toml`) judged against the certified figures, with the reasons and the
    /// help-page lines to show.
    Markets(markets::MarketsArgs),
    /// Stake Engine math files of a game (`export stake`) and their check (`export verify`).
    Export(export::ExportArgs),
    /// The odds of rare wins (the cap's), P(win >= X), by multilevel splitting: unbiased,
    /// with a 95 % interval; `--until-relative P` plays until it is within P % (the games
    /// that split: moon-princess, starlight-christmas).
    Tail(tail::TailArgs),
    /// Check and merge `tail --out` records of disjoint root rounds (shards, other seeds).
    TailMerge(tail::TailMergeArgs),
}

/// An amount of money in currency units with at most two decimals (`100`, `0.20`), in cents.
fn money(s: &str) -> Result<u64, String> {
    slot_core::money::parse_hundredths(s).map_err(|e| match e {
        slot_core::money::DecimalError::Malformed(_) => format!(
            "'{s}' is not an amount: write currency units with at most two decimals, e.g. 100 or 0.20"
        ),
        too_large => too_large.to_string(),
    })
}

/// Arguments of `session`.
#[derive(Args, Debug, Clone)]
pub struct SessionArgs {
    /// The game.
    #[arg(value_parser = game_arg())]
    pub game: GameEntryRef,
    /// Each player's starting balance, currency units (e.g. 100 or 50.00).
    #[arg(long, value_parser = money)]
    pub balance: u64,
    /// The bet, currency units (the base bet with --ante).
    #[arg(long, value_parser = money)]
    pub bet: u64,
    /// The most spins a player plays.
    #[arg(long, value_parser = positive)]
    pub spins: u64,
    /// Players.
    #[arg(long, default_value_t = 10_000, value_parser = positive)]
    pub players: u64,
    /// Seed of the players' generators (player p plays stream p).
    #[arg(long, default_value_t = commands::DEFAULT_SEED, value_parser = index)]
    pub seed: u64,
    /// Worker threads (default: all cores); figures do not depend on it.
    #[arg(long, value_parser = thread_count)]
    pub threads: Option<usize>,
    /// Moon Princess: the free-spin pick.
    #[arg(long, value_enum)]
    pub choice: Option<Choice>,
    /// Starlight Christmas: the ante bet.
    #[arg(long)]
    pub ante: bool,
    /// The mode by its name, for any game (`love`, `star`, `storm`; `standard`, `ante`):
    /// the same as the game's own `--choice` or `--ante`, which it excludes.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["choice", "ante"])]
    pub mode: Option<String>,
    /// The math model: a shipped model by name, or the path of a model file.
    #[arg(long, value_name = "NAME|FILE")]
    pub model: Option<String>,
    /// The RTP variant of the game's ladder to play (`96.00`; the published one without it
    /// or `--model`); `--rtp` and `--model` exclude each other.
    #[arg(long, value_name = "PERCENT", conflicts_with = "model")]
    pub rtp: Option<slot_core::game::TargetRtp>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Also write the session files (JSON, CSV tables, the survival plot) into this directory.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
}

/// Arguments of `fuzz-seeds`.
#[derive(Args, Debug, Clone)]
pub struct FuzzSeedsArgs {
    /// Only check that the committed seeds are what the code writes (exit 2 if not).
    #[arg(long)]
    pub check: bool,
}

/// Arguments of `viewer`.
#[derive(Args, Debug, Clone)]
pub struct ViewerArgs {
    /// The port on 127.0.0.1 (0: any free port; the URL printed names it).
    #[arg(long, default_value_t = 8765, value_parser = port)]
    pub port: u16,
}

/// Arguments of `golden`.
#[derive(Args, Debug, Clone)]
pub struct GoldenArgs {
    /// The game.
    #[arg(value_parser = game_arg())]
    pub game: GameEntryRef,
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
    /// Report files written by `sim --json`: all shards of a run (`--shard I/N`, I = 0..N-1),
    /// and/or whole runs with different seeds; one game, mode and math model. Every file is
    /// checked (checksum of its sums, every relation between them) before anything is added.
    #[arg(required = true, num_args = 1..)]
    pub files: Vec<std::path::PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// `--confidence`: the levels of the RTP intervals.
    #[command(flatten)]
    pub levels: ConfidenceArgs,
    /// Also write the merged PAR files (Markdown, JSON, CSV, SVG plots) into this directory.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// Refuse every report not signed with this key (a file of 32 to 64 secret bytes, as
    /// `sim --sign-key` signs).
    #[arg(long, value_name = "FILE")]
    pub verify_key: Option<std::path::PathBuf>,
    /// Sign the merged report with this key (a file of 32 to 64 secret bytes), after verifying
    /// every input: under `--verify-key` if given, else under this key (an unsigned or edited
    /// input is refused, named).
    #[arg(long, value_name = "FILE")]
    pub sign_key: Option<std::path::PathBuf>,
    /// The model the reports are of, to judge the merged report against its own target: a
    /// variant file (`tune --out`) whose model is the reports' (refused otherwise). Without
    /// it a report of a model off the game's ladder is judged against the published RTP (the
    /// target a report file carries is not under its checksums, so it is not trusted; the
    /// model's fingerprint is).
    #[arg(long, value_name = "NAME|FILE")]
    pub model: Option<String>,
}

/// The `--confidence` option of `sim` and `merge`.
#[derive(Args, Debug, Clone, Default)]
pub struct ConfidenceArgs {
    /// Confidence levels of the RTP intervals, in percent strictly between 0 and 100,
    /// repeatable or comma-separated (`--confidence 95,99,99.9`); default 95 and 99. The JSON
    /// always keeps `rtp_ci95` and `rtp_ci99` and lists these levels in `rtp_intervals`.
    #[arg(
        long,
        value_delimiter = ',',
        allow_negative_numbers = true,
        value_parser = ConfidenceLevel::from_percent
    )]
    pub confidence: Vec<ConfidenceLevel>,
}

/// A whole number read from the command line: digits, with or without `_` separators
/// (`1_000_000`); a sign, a decimal point or an exponent is refused with a message naming what
/// is allowed (`what`: "from 1 to ...").
fn whole(s: &str, what: &str) -> Result<u64, String> {
    let digits = s.trim().replace('_', "");
    if digits.starts_with('-') {
        return Err(format!("'{s}' is negative: {what}"));
    }
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "'{s}' is not a whole number: {what} (digits, `_` between them allowed: 1_000_000)"
        ));
    }
    digits
        .parse::<u64>()
        .map_err(|_| format!("'{s}' is too large: {what}"))
}

/// A count (rounds, players, spins, chunks, features): a whole number from 1 to 2^64 - 1.
pub(crate) fn positive(s: &str) -> Result<u64, String> {
    const WHAT: &str = "write a whole number from 1 to 18446744073709551615";
    match whole(s, WHAT)? {
        0 => Err(format!("must be at least 1 ({WHAT})")),
        n => Ok(n),
    }
}

/// A seed or an index (a round's, a chunk's): a whole number from 0 to 2^64 - 1.
pub(crate) fn index(s: &str) -> Result<u64, String> {
    whole(s, "write a whole number from 0 to 18446744073709551615")
}

/// `--threads`: a whole number from 1 to [`runner::MAX_THREADS`].
pub(crate) fn thread_count(s: &str) -> Result<usize, String> {
    let what = format!(
        "write a whole number of threads from 1 to {} (default: all cores)",
        runner::MAX_THREADS
    );
    let n = whole(s, &what)?;
    match usize::try_from(n) {
        Ok(t) if (1..=runner::MAX_THREADS).contains(&t) => Ok(t),
        _ => Err(format!("'{s}' is out of range: {what}")),
    }
}

/// `--port`: 0 (any free port) to 65535.
fn port(s: &str) -> Result<u16, String> {
    const WHAT: &str = "write a port from 0 (any free port) to 65535";
    u16::try_from(whole(s, WHAT)?).map_err(|_| format!("'{s}' is out of range: {WHAT}"))
}

pub(crate) fn parse_shard(s: &str) -> Result<Shard, String> {
    let bad = || format!("'{s}' is not a shard: write I/N with 0 <= I < N (e.g. 0/4 ... 3/4)");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (index, count) = (index(i).map_err(|_| bad())?, index(n).map_err(|_| bad())?);
    if count == 0 || index >= count {
        return Err(bad());
    }
    Ok(Shard { index, count })
}

/// Arguments of `sim`.
#[derive(Args, Debug, Clone)]
pub struct SimArgs {
    /// The game.
    #[arg(value_parser = game_arg())]
    pub game: GameEntryRef,
    /// Rounds to play (default: a run of a few seconds); with --shard, the rounds of the
    /// whole run the shard is part of.
    #[arg(long, value_parser = positive)]
    pub rounds: Option<u64>,
    /// Seed of the run.
    #[arg(long, default_value_t = commands::DEFAULT_SEED, value_parser = index)]
    pub seed: u64,
    /// Worker threads (default: all cores); figures do not depend on it.
    #[arg(long, value_parser = thread_count)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of the readable report.
    #[arg(long)]
    pub json: bool,
    /// `--confidence`: the levels of the RTP intervals.
    #[command(flatten)]
    pub levels: ConfidenceArgs,
    /// Play shard I of N of the run (I = 0..N-1): its consecutive share of the run's batches
    /// of 10,000 rounds. `merge` of the N shard reports gives the run's exact sums.
    #[arg(long, value_name = "I/N", value_parser = parse_shard, allow_hyphen_values = true)]
    pub shard: Option<Shard>,
    /// Simulate until the 99 % interval of the RTP is at most this wide on each side, in
    /// percentage points (e.g. 0.05), checked every 100,000 rounds in batch order; bounded by
    /// --max-rounds.
    #[arg(long, value_name = "PP")]
    pub until_halfwidth: Option<f64>,
    /// The most rounds a --until-halfwidth run plays [default: 10000000000].
    #[arg(long, value_parser = positive)]
    pub max_rounds: Option<u64>,
    /// Also write the PAR files into this directory: report.md, report.json, CSV tables and
    /// SVG plots (win distribution, RTP convergence, contributions). Implies --detail unless
    /// --no-detail is given.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// After the run, replay its rounds with their event records for the contribution sums:
    /// where the return comes from (symbol and count, tumble depth, multiplier, Girl Power,
    /// awards) and the round wins' median, percentiles and unique wins. Costs several times
    /// the run itself; the run's figures are unchanged.
    #[arg(long, conflicts_with = "no_detail")]
    pub detail: bool,
    /// Leave the contribution sums out of a run with --out.
    #[arg(long)]
    pub no_detail: bool,
    /// No progress on stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Seconds between progress lines when stderr is not a terminal (a batch job's log).
    #[arg(long, value_name = "S", default_value_t = 10.0)]
    pub progress_seconds: f64,
    /// Moon Princess: the free-spin pick used in every round.
    #[arg(long, value_enum)]
    pub choice: Option<Choice>,
    /// Starlight Christmas: play with the ante bet (1.25 x base bet).
    #[arg(long)]
    pub ante: bool,
    /// The mode by its name, for any game (`love`, `star`, `storm`; `standard`, `ante`):
    /// the same as the game's own `--choice` or `--ante`, which it excludes.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["choice", "ante"])]
    pub mode: Option<String>,
    /// Sign the report with this key: a file of 32 to 64 secret bytes (e.g. `head -c 32
    /// /dev/urandom > key`); `merge --verify-key` then refuses reports not signed with it.
    #[arg(long, value_name = "FILE")]
    pub sign_key: Option<std::path::PathBuf>,
    /// Rounds replayed with their event logs for the report's goodness-of-fit section (the
    /// run's first rounds; at most the run's rounds); 0 leaves the section out.
    #[arg(long, value_name = "N", default_value_t = slot_sim::run::DEFAULT_GOF_ROUNDS, value_parser = index)]
    pub gof_rounds: u64,
    /// The math model: a shipped model by name (`standard`, the default, a variant of the RTP
    /// ladder such as `rtp-90.00`, or a stress model
    /// that reaches the cap often: moon-princess `stress-free-spins`, `stress-trinity`;
    /// starlight-christmas `stress`), or the path of a model file (JSON, the shape of the
    /// game's `MathModel`), for designing and tuning.
    #[arg(long, value_name = "NAME|FILE")]
    pub model: Option<String>,
    /// The RTP variant of the game's ladder to play (`96.00`; the published one without it
    /// or `--model`); `--rtp` and `--model` exclude each other.
    #[arg(long, value_name = "PERCENT", conflicts_with = "model")]
    pub rtp: Option<slot_core::game::TargetRtp>,
}

/// Arguments of `eval`.
#[derive(Args, Debug, Clone)]
pub struct EvalArgs {
    /// The game.
    #[arg(value_parser = game_arg())]
    pub game: GameEntryRef,
    /// The grid: rows from the top separated by '/', cells by spaces (codes below).
    #[arg(long)]
    pub grid: String,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Evaluate as a free spin (Moon Princess; Wish Upon a Star: wins doubled).
    #[arg(long)]
    pub free_spins: bool,
    /// Moon Princess: the multiplier the tumble sequence starts with (1 to 20).
    #[arg(long, allow_negative_numbers = true)]
    pub multiplier: Option<i64>,
}

/// Arguments of `play`.
#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// The game.
    #[arg(value_parser = game_arg())]
    pub game: GameEntryRef,
    /// The seed of the simulation the round belongs to.
    #[arg(long, default_value_t = commands::DEFAULT_SEED, value_parser = index)]
    pub seed: u64,
    /// The round's index in that simulation (0 = first).
    #[arg(long, default_value_t = 0, value_parser = index)]
    pub round: u64,
    /// Print the round's event log as JSON.
    #[arg(long)]
    pub json: bool,
    /// Play the round from this grid (the game's grid text, as `eval --grid` takes it)
    /// instead of its landing; whatever is random after it is drawn from round K of seed S.
    #[arg(long)]
    pub grid: Option<String>,
    /// Moon Princess: the free-spin pick.
    #[arg(long, value_enum)]
    pub choice: Option<Choice>,
    /// Starlight Christmas: the ante bet.
    #[arg(long)]
    pub ante: bool,
    /// The mode by its name, for any game (`love`, `star`, `storm`; `standard`, `ante`):
    /// the same as the game's own `--choice` or `--ante`, which it excludes.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["choice", "ante"])]
    pub mode: Option<String>,
    /// The math model: a shipped model by name (`standard`, the default, a variant of the RTP
    /// ladder such as `rtp-90.00`, or a stress model
    /// that reaches the cap often: moon-princess `stress-free-spins`, `stress-trinity`;
    /// starlight-christmas `stress`), or the path of a model file (JSON).
    #[arg(long, value_name = "NAME|FILE")]
    pub model: Option<String>,
    /// The RTP variant of the game's ladder to play (`96.00`; the published one without it
    /// or `--model`); `--rtp` and `--model` exclude each other.
    #[arg(long, value_name = "PERCENT", conflicts_with = "model")]
    pub rtp: Option<slot_core::game::TargetRtp>,
}

/// Arguments of `exact`.
#[derive(Args, Debug, Clone)]
pub struct ExactArgs {
    /// The game.
    #[arg(value_parser = game_arg())]
    pub game: GameEntryRef,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// The math model: a shipped model by name, or the path of a model file.
    #[arg(long, value_name = "NAME|FILE")]
    pub model: Option<String>,
    /// The RTP variant of the game's ladder (`96.00`; the published one without it or
    /// `--model`).
    #[arg(long, value_name = "PERCENT", conflicts_with = "model")]
    pub rtp: Option<slot_core::game::TargetRtp>,
}

/// Arguments of `tune`.
#[derive(Args, Debug, Clone)]
pub struct TuneArgs {
    /// The game.
    #[arg(value_parser = game_arg())]
    pub game: GameEntryRef,
    /// Rounds per evaluation of a candidate model (at least 1); Starlight Christmas: base
    /// games per candidate (the free spins are played alone once, a fortieth as many), about
    /// 5e8 for a knob known to a few hundredths of a point; Moon Princess: base games of the
    /// split estimate (each pick's candidates play a twenty-fifth as many features), at least
    /// about 6e8 for a pick's RTP known to 0.10 pp (1e9 made the shipped variants).
    #[arg(long, default_value_t = 20_000_000, value_parser = positive)]
    pub rounds: u64,
    /// Seed (the same for every candidate: paired comparison; Wish Upon a Star with
    /// `--target-rtp`: also the order in which the tuner looks at strip positions, so another
    /// seed may give another model of the same shape).
    #[arg(long, default_value_t = commands::DEFAULT_SEED, value_parser = index)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = thread_count)]
    pub threads: Option<usize>,
    /// Moon Princess: the pick to tune.
    #[arg(long, value_enum)]
    pub choice: Option<Choice>,
    /// Starlight Christmas: tune the ante mode.
    #[arg(long)]
    pub ante: bool,
    /// The mode to tune by its name, for any game (`love`, `star`, `storm`; `standard`,
    /// `ante`): the same as the game's own `--choice` or `--ante`, which it excludes.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["choice", "ante"])]
    pub mode: Option<String>,
    /// The math model to start from: a shipped model by name, or the path of a model file.
    #[arg(long, value_name = "NAME|FILE")]
    pub model: Option<String>,
    /// Derive the variant for this RTP (84.00 to 97.00) holding the published variant's
    /// shape, and check that shape (simulated games: `--rounds` rounds per variant and mode,
    /// at most 4e7, common random numbers); exit status 1 if a bound is not held (the file is
    /// written all the same). Without it, re-tune the model's knob to the model's own target
    /// (its variant's; the published RTP for a model off the ladder).
    #[arg(long, value_name = "PERCENT")]
    pub target_rtp: Option<slot_core::game::TargetRtp>,
    /// With `--target-rtp`: write the variant file here (the model, its target and how it
    /// was tuned), which `sim`, `play`, `split` and `certify` take as `--model FILE`.
    #[arg(long, value_name = "FILE", requires = "target_rtp")]
    pub out: Option<std::path::PathBuf>,
}

/// Arguments of `certify`.
#[derive(Args, Debug, Clone)]
pub struct CertifyArgs {
    /// The game.
    #[arg(value_parser = game_arg())]
    pub game: GameEntryRef,
    /// The directory of the evidence: the certificate, the chunks (whole rounds; a run
    /// started again here plays only the chunks missing) or the split record, the PAR files.
    #[arg(long, value_name = "DIR")]
    pub dir: std::path::PathBuf,
    /// Moon Princess: only this pick (default: all three). Other games: not taken.
    #[arg(long, value_enum)]
    pub choice: Option<Choice>,
    /// Starlight Christmas: the ante bet.
    #[arg(long)]
    pub ante: bool,
    /// Clear `--dir` first when it holds another model's, mode's or game's certification and
    /// nothing else; without it such a folder is refused, named. A folder holding anything
    /// `certify` did not write is refused all the same.
    #[arg(long)]
    pub force: bool,
    /// Certify by whole rounds in chunks instead of the split estimate (any game without
    /// exact figures; a game with them is certified exactly all the same).
    #[arg(long)]
    pub whole_rounds: bool,
    /// The goal of the 99 % half-width, percentage points, from 0.001 to 100 (the bar: 0.05).
    #[arg(long, value_name = "PP", default_value_t = 0.05)]
    pub half_width: f64,
    /// Whole rounds (`--whole-rounds`): rounds per chunk (chunk i plays seed + i).
    #[arg(long, default_value_t = 100_000_000, value_parser = positive, requires = "whole_rounds")]
    pub chunk_rounds: u64,
    /// The most chunks (whole rounds or split).
    #[arg(long, default_value_t = 100, value_parser = positive)]
    pub max_chunks: u64,
    /// Split: base games per chunk (Moon Princess: shared by the picks; chunk i plays seed +
    /// 16 i).
    #[arg(long, default_value_t = 300_000_000, value_parser = positive, conflicts_with = "whole_rounds")]
    pub base_games: u64,
    /// Split: features played alone per pick (Starlight Christmas: per mode) per chunk.
    #[arg(long, default_value_t = 8_000_000, value_parser = positive, conflicts_with = "whole_rounds")]
    pub features: u64,
    /// The seed (whole rounds: of chunk 0; split: of the base games).
    #[arg(long, default_value_t = commands::DEFAULT_SEED, value_parser = index)]
    pub seed: u64,
    /// Worker threads (default: all cores); no figure depends on it.
    #[arg(long, value_parser = thread_count)]
    pub threads: Option<usize>,
    /// The math model: a shipped model by name, or the path of a model file (JSON).
    #[arg(long, value_name = "NAME|FILE")]
    pub model: Option<String>,
    /// The RTP variant of the game's ladder to play (`96.00`; the published one without it
    /// or `--model`); `--rtp` and `--model` exclude each other.
    #[arg(long, value_name = "PERCENT", conflicts_with = "model")]
    pub rtp: Option<slot_core::game::TargetRtp>,
    /// Whole rounds (`--whole-rounds`): play (or check) chunk I only and stop, for a
    /// scheduler's array of jobs;
    /// the same command without it then reads the chunks and writes the certificate.
    #[arg(long, value_name = "I", requires = "whole_rounds", value_parser = index)]
    pub only_chunk: Option<u64>,
    /// No line per chunk on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// Arguments of `split`.
#[derive(Args, Debug, Clone)]
pub struct SplitArgs {
    /// The game: moon-princess (the base games serve the three picks) or starlight-christmas
    /// (one bet mode at a time: the ante bet changes the base game); Wish Upon a Star's RTP
    /// is exact (`exact`).
    #[arg(value_parser = game_arg())]
    pub game: GameEntryRef,
    /// Base games to play (Moon Princess: paid and Trinity spins, shared by the picks;
    /// Starlight Christmas: the paid spin's sequence and Scatter pay).
    #[arg(long, default_value_t = 10_000_000, value_parser = positive)]
    pub rounds: u64,
    /// Free-spin features to play alone, per pick (Starlight Christmas: for the mode).
    #[arg(long, default_value_t = 400_000, value_parser = positive)]
    pub features: u64,
    /// Seed of the base games; mode i's features (Moon Princess love 0, star 1, storm 2;
    /// Starlight Christmas standard 0, ante 1) use seed + 1 + i.
    #[arg(long, default_value_t = commands::DEFAULT_SEED, value_parser = index)]
    pub seed: u64,
    /// Worker threads (default: all cores); the sums do not depend on it.
    #[arg(long, value_parser = thread_count)]
    pub threads: Option<usize>,
    /// Moon Princess: only this pick (default: all three).
    #[arg(long, value_enum)]
    pub choice: Option<Choice>,
    /// Starlight Christmas: the ante bet's mode (default: standard).
    #[arg(long)]
    pub ante: bool,
    /// No progress on stderr (otherwise: a bar on a terminal, a line every --progress-seconds
    /// in a log).
    #[arg(long)]
    pub quiet: bool,
    /// Seconds between progress lines when stderr is not a terminal (a batch job's log).
    #[arg(long, value_name = "S", default_value_t = 10.0)]
    pub progress_seconds: f64,
    /// Also write the record (integer sums, seeds, model fingerprint) as JSON to this file
    /// (created before the run starts).
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// The math model: a shipped model by name, or the path of a model file (JSON).
    #[arg(long, value_name = "NAME|FILE")]
    pub model: Option<String>,
    /// The RTP variant of the game's ladder to play (`96.00`; the published one without it
    /// or `--model`); `--rtp` and `--model` exclude each other.
    #[arg(long, value_name = "PERCENT", conflicts_with = "model")]
    pub rtp: Option<slot_core::game::TargetRtp>,
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    progress::install_interrupt_handler();
    let command = <Cli as clap::CommandFactory>::command()
        .mut_subcommand("eval", |c| c.after_help(games::grid_codes_help()));
    let matches = allow_negative_values(command).get_matches();
    let cli =
        <Cli as clap::FromArgMatches>::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let result = match &cli.cmd {
        Cmd::Sim(a) => commands::sim(a),
        Cmd::Eval(a) => commands::eval(a),
        Cmd::Play(a) => commands::play(a),
        Cmd::Exact(a) => games::exact(a),
        Cmd::Tune(a) => games::tune(a),
        Cmd::Split(a) => commands::split(a),
        Cmd::Certify(a) => certify(a),
        Cmd::Merge(a) => commands::merge(a),
        Cmd::Schema(a) => codegen::schema(a.check),
        Cmd::Golden(a) => commands::golden(a.game),
        Cmd::Viewer(a) => viewer::viewer(a),
        Cmd::FuzzSeeds(a) => seeds::fuzz_seeds(a.check),
        Cmd::Session(a) => commands::session(a),
        Cmd::LabKit(a) => lab::lab_kit(a),
        Cmd::RngStream(a) => lab::rng_stream(a),
        Cmd::Equivalence(a) => lab::equivalence(a),
        Cmd::Monitor(a) => lab::monitor(a),
        Cmd::Markets(a) => markets::markets(a),
        Cmd::Export(a) => export::export(a),
        Cmd::Tail(a) => tail::tail(a),
        Cmd::TailMerge(a) => tail::tail_merge(a),
    };
    match result {
        // A simulation stopped by Ctrl-C printed the report of the batches it finished.
        Ok(()) if progress::interrupted() => ExitCode::from(130),
        // A certificate written that does not meet the bar.
        Ok(()) if runner::verdict_failed() => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
        // Stopped by Ctrl-C or SIGTERM (a scheduler's preemption), not refused: status 130;
        // the message says what was kept and how to go on.
        Err(e) if progress::interrupted() => {
            let e = e.to_string();
            eprintln!(
                "interrupted: {}",
                e.strip_prefix("interrupt: ").unwrap_or(&e)
            );
            ExitCode::from(130)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// `certify`: the method the game's registry line allows ([`slot_games::GameEntry::
/// certify_method`]: exact, whole rounds, or split), run by the `certify` module for the
/// game's type.
fn certify(a: &CertifyArgs) -> runner::CliResult {
    /// `certify_split` for a split game.
    struct BySplit<'a>(&'a CertifyArgs);
    impl slot_sim::face::SplitVisitor for BySplit<'_> {
        type Output = runner::CliResult;
        fn visit<G: slot_core::game::SplitGame + Send + 'static>(self) -> runner::CliResult {
            crate::certify::certify_split::<G>(self.0)
        }
    }
    let name = a.game.name();
    match a.game.certify_method(a.whole_rounds)? {
        // `with_split` is declared only for a `SplitGame`: the visit happens.
        slot_sim::face::CertifyMethod::Split => slot_games::visit_split(name, BySplit(a))?
            .unwrap_or_else(|| Err(runner::CliError(format!("{name} is no split game")))),
        slot_sim::face::CertifyMethod::Exact | slot_sim::face::CertifyMethod::WholeRounds => {
            slot_games::with_game!(name, G => crate::certify::certify::<G>(a))?
        }
    }
}

/// Lets every option that takes a value take one that starts with `-` and a digit (`--seed
/// -1`), so that its own parser refuses it naming the option and what is allowed, instead of
/// clap's "unexpected argument '-1'".
fn allow_negative_values(cmd: clap::Command) -> clap::Command {
    cmd.mut_args(|a| {
        if a.get_action().takes_values() && !a.is_positional() {
            a.allow_negative_numbers(true)
        } else {
            a
        }
    })
    .mut_subcommands(allow_negative_values)
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
        // Standard output that cannot take the report (a full disk, `>/dev/full`): an error
        // naming it, status 2, not a panic. (Files a command writes appear whole or not at all.)
        if msg.starts_with("failed printing to stdout")
            || msg.starts_with("failed printing to stderr")
        {
            let _ = std::io::Write::write_all(
                &mut std::io::stderr(),
                format!("error: cannot write the output: {msg}\n").as_bytes(),
            );
            std::process::exit(2);
        }
        default(info);
    }));
}
