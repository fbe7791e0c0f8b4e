//! What a test lab and an operator are given: `lab-kit` (the folder a lab works from,
//! [`slot_sim::labkit`]), `equivalence record|check` (outcome equivalence between builds,
//! [`slot_sim::equivalence`]) and `monitor` (live-RTP bands and verdict,
//! [`slot_sim::monitor`]). The work is the library's; this module gathers what only the
//! runner knows (the repository, the toolchain, the binary, the committed certification
//! files) and prints.

use crate::GameEntryRef;
use crate::commands::{DEFAULT_SEED, game_of};
use crate::runner::{self, CliError, CliResult};
use clap::{Args, Subcommand};
use slot_core::Game;
use slot_games::with_game;
use slot_sim::equivalence::{self, EquivalenceRecord};
use slot_sim::labkit::{self, KitInputs};
use slot_sim::monitor::{self, Certified};
use slot_sim::{Report, SimConfig, Watch};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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
    /// Clear a --out folder that holds other work (another game's, mode's or model's kit, or
    /// files of unknown origin) instead of refusing it.
    #[arg(long)]
    pub force: bool,
    /// Rounds whose scaled outcomes `outcomes.csv` lists.
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
        .filter(|&t| t <= 209)
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
    /// model) instead of the committed certification figures.
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

fn root() -> PathBuf {
    crate::codegen::workspace_root()
}

/// A JSON file from outside (a report, a record), read only up to
/// [`slot_sim::files::MAX_JSON_BYTES`].
fn read(path: &Path) -> Result<String, CliError> {
    Ok(slot_sim::files::read_text_bounded(
        path,
        slot_sim::files::MAX_JSON_BYTES,
        "a JSON report or record",
    )?)
}

/// A `sim --json` report, checked as `merge` reads it.
fn report_file(path: &Path) -> Result<Report, CliError> {
    Ok(Report::from_json(
        path,
        &read(path)?,
        &crate::commands::catalog(),
    )?)
}

/// The mean and sd of `mode_name` from a `sim --json` report (`monitor --report`), which
/// must be of `game` and that mode.
fn certified_by_report(
    game: GameEntryRef,
    mode_name: &str,
    path: &Path,
) -> Result<Certified, CliError> {
    let r = report_file(path)?;
    if r.par.game != game_name(game) || r.par.mode != mode_name {
        return Err(CliError(format!(
            "{} is a report of {} {}, not of {} {mode_name}",
            path.display(),
            r.par.game,
            r.par.mode,
            game_name(game)
        )));
    }
    Ok(Certified {
        rtp: r.par.rtp,
        sd: r.par.sd,
        source: format!(
            "the simulation {} ({} rounds, seed {}, model {})",
            path.display(),
            r.par.rounds,
            r.par.seed,
            r.model_fingerprint.short()
        ),
    })
}

/// The certified mean and sd of `mode` of the variant of `G`'s ladder at `rtp` (the
/// published one without it), from the evidence the game states
/// ([`slot_sim::evidence::certified`], its records read from the repository).
fn certified<G: Game>(
    mode: G::Mode,
    rtp: Option<slot_core::game::TargetRtp>,
) -> Result<Certified, CliError> {
    let game = crate::commands::game_of::<G>(None, rtp)?;
    if let (Some(rtp), None) = (rtp, game.variant()) {
        return Err(CliError(format!("{} has no RTP variant {rtp}", G::NAME)));
    }
    Ok(slot_sim::evidence::certified(&root(), &game, mode)?)
}

fn game_name(game: GameEntryRef) -> &'static str {
    game.name()
}

/// `monitor`: the bands after N rounds, the verdict and the p-value. Moon Princess's pick is
/// required (`--choice`); a `--report` must be evidence ([`monitor::report_evidence`]); a
/// verdict "outside" exits with status 1 ([`crate::runner::fail_verdict`]) after printing.
pub fn monitor(a: &MonitorArgs) -> CliResult {
    let (mode, largest) = with_game!(a.game.name(), G => {
        let m = crate::commands::mode_of::<G>(a.choice, a.ante)?;
        if G::MODE_IS_PICK && a.choice.is_none() {
            let picks: Vec<&str> = G::MODES.iter().map(|&m| G::mode_name(m)).collect();
            return Err(CliError(format!(
                "monitor {} needs --choice: each free-spin pick has its own certified RTP and sd, so give the pick this stake level's rounds were played with ({})",
                G::NAME,
                picks.join(", ")
            )));
        }
        if let Some(bet) = a.bet {
            monitor::check_stakes::<G>(m, bet, a.rounds, a.staked, a.won)?;
        }
        // A report stands in for the certified figures of the shipped model only: a report of
        // a stress model or of a variant off the ladder is no evidence of what this stake
        // level plays.
        if let Some(path) = &a.report {
            let r = report_file(path)?;
            let shipped = crate::commands::game_of::<G>(None, None)?.fingerprint();
            if r.model_fingerprint != shipped {
                return Err(CliError(format!(
                    "--report {}: a report of the model {}, not of the shipped model {} whose rounds a stake level plays (give a `sim --json` report of the shipped model, or --rtp R for a variant of the ladder)",
                    path.display(),
                    r.model_fingerprint.short(),
                    shipped.short()
                )));
            }
        }
        (G::mode_name(m), monitor::WinBound::of::<G>(m))
    })?;
    if let Some(path) = &a.report {
        monitor::report_evidence(&report_file(path)?)
            .map_err(|e| CliError(format!("--report {}: {e}", path.display())))?;
    }
    let cert = match &a.report {
        Some(path) => certified_by_report(a.game, mode, path)?,
        None => with_game!(a.game.name(), G => {
            certified::<G>(crate::commands::mode_of::<G>(a.choice, a.ante)?, a.rtp)?
        })?,
    };
    let c = monitor::check(&cert, &largest, a.rounds, a.staked, a.won)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&c)?);
    } else {
        println!("{} ({mode}), one stake level", game_name(a.game));
        print!("{}", c.text());
    }
    if c.verdict == monitor::Verdict::Outside {
        crate::runner::fail_verdict();
    }
    Ok(())
}

/// `equivalence record|check`.
pub fn equivalence(a: &EquivalenceArgs) -> CliResult {
    match &a.cmd {
        EquivalenceCmd::Record { out, rounds, seed } => {
            // Refused before any replay: what the reader refuses is not recorded.
            if *rounds == 0 || *rounds > equivalence::MAX_ROUNDS {
                return Err(CliError(format!(
                    "--rounds {rounds}: an entry holds 1 to {} rounds",
                    equivalence::MAX_ROUNDS
                )));
            }
            crate::commands::probe_writable(out)?;
            let mut entries = Vec::new();
            for game in slot_games::all() {
                with_game!(game.name(), G => {
                    for &model in G::MODEL_NAMES {
                        let g = game_of::<G>(Some(model), None)?;
                        for &mode in G::MODES {
                            entries.push(equivalence::record(&g, model, mode, *seed, *rounds));
                        }
                    }
                })?;
            }
            let record = EquivalenceRecord {
                format: equivalence::FORMAT,
                entries,
            };
            // Written only as its reader reads it back, whole or not at all.
            let text = record.to_json();
            EquivalenceRecord::from_json(&text).map_err(|e| {
                CliError(format!(
                    "{}: the record made would be refused by its reader ({e}); not written",
                    out.display()
                ))
            })?;
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
            let record = EquivalenceRecord::from_json(&text)
                .map_err(|e| CliError(format!("{}: {e}", file.display())))?;
            for (i, e) in record.entries.iter().enumerate() {
                let game = slot_games::named(&e.game).map_err(|_| {
                    CliError(format!(
                        "{}: entry {i} names the game '{}', which this runner does not have ({})",
                        file.display(),
                        e.game,
                        slot_games::names().join(", ")
                    ))
                })?;
                with_game!(game.name(), G => {
                    // A record names shipped models only: never a path the runner would read.
                    if !G::MODEL_NAMES.contains(&e.model.as_str()) {
                        return Err(CliError(format!(
                            "{}: entry of {} names the model '{}', which is no shipped model of the game (an equivalence record names one of: {})",
                            file.display(),
                            e.game,
                            e.model,
                            G::MODEL_NAMES.join(", ")
                        )));
                    }
                    if G::mode_named(&e.mode).is_none() {
                        return Err(CliError(format!(
                            "{}: entry {i} ({}, {}) names the mode '{}', which the game does not have ({})",
                            file.display(),
                            e.game,
                            e.model,
                            e.mode,
                            G::MODES
                                .iter()
                                .map(|&m| G::mode_name(m))
                                .collect::<Vec<_>>()
                                .join(", ")
                        )));
                    }
                    let g = game_of::<G>(Some(&e.model), None)?;
                    if let Err(d) = equivalence::check(&g, e) {
                        // A bar not met (exit status 1), not input refused.
                        println!("{}: outcomes differ: {d}", file.display());
                        runner::fail_verdict();
                        return Ok(());
                    }
                })?;
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

/// The output of a command run in the repository, or `None`.
fn output(cmd: &str, args: &[&str]) -> Option<String> {
    Command::new(cmd)
        .args(args)
        .current_dir(root())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
}

/// The crate docs of a game (its rules), from its `lib.rs`.
fn rules_text(game: GameEntryRef) -> Option<String> {
    // A game's crate folder is its command-line name with `_` for `-`.
    let dir = game.name().replace('-', "_");
    let text = std::fs::read_to_string(root().join("crates").join(dir).join("src/lib.rs")).ok()?;
    let docs: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            l.strip_prefix("//! ")
                .or_else(|| (l == "//!").then_some(""))
        })
        .collect();
    Some(docs.join("\n"))
}

/// Feeds `rng`'s words to `dieharder -g 200 ARGS` until it has read enough; its output.
fn dieharder<R: slot_core::Rng + ?Sized>(rng: &mut R, args: &[String]) -> Result<String, CliError> {
    let mut child = Command::new("dieharder")
        .args(["-g", "200"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            CliError(format!(
                "cannot run dieharder (Debian: apt-get install dieharder): {e}"
            ))
        })?;
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| CliError("no stdin".into()))?;
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| CliError("no stdout".into()))?;
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut std::io::BufReader::new(stdout), &mut s);
        s
    });
    let mut buf = vec![0u8; 1 << 16];
    loop {
        for c in buf.chunks_mut(4) {
            c.copy_from_slice(&rng.next_u32().to_le_bytes());
        }
        if stdin.write_all(&buf).is_err() {
            break; // dieharder has read what it needs and closed the pipe
        }
    }
    drop(stdin);
    let status = child.wait()?;
    let out = reader.join().unwrap_or_default();
    if !status.success() && out.is_empty() {
        return Err(CliError(format!("dieharder failed ({status})")));
    }
    Ok(out)
}

/// Dieharder's battery (`-a`) or each `-d N` test alone (it takes one `-d` per run) on `rng`.
fn run_dieharder<R: slot_core::Rng + ?Sized>(
    rng: &mut R,
    args: &[String],
) -> Result<String, CliError> {
    if args.first().is_some_and(|a| a == "-a") {
        return dieharder(rng, args);
    }
    let mut out = String::new();
    for pair in args.chunks(2) {
        out.push_str(&dieharder(rng, pair)?);
    }
    Ok(out)
}

/// PASSED / WEAK / FAILED counts of a Dieharder output.
fn dieharder_counts(out: &str) -> (usize, usize, usize) {
    let n = |w: &str| out.lines().filter(|l| l.trim_end().ends_with(w)).count();
    (n("PASSED"), n("WEAK"), n("FAILED"))
}

/// The bytes Dieharder's 32x32 rank test (`-d 2`, one of the battery's) reads at its defaults:
/// 100 p-samples of 40,000 matrices of 32 x 32 bits.
const RANK_TEST_BYTES: u64 = 100 * 40_000 * 32 * 32 / 8;

/// The largest `--bytes`: 1 GiB per stream.
const MAX_BYTES: u64 = 1 << 30;

/// `--bytes` checked: a whole number of 32-bit words, at least one, at most [`MAX_BYTES`].
fn check_bytes(bytes: u64) -> Result<(), CliError> {
    if !bytes.is_multiple_of(4) || bytes == 0 || bytes > MAX_BYTES {
        return Err(CliError(format!(
            "--bytes {bytes}: each stream is a whole number of 32-bit words, so --bytes must be a multiple of 4, from 4 to {MAX_BYTES} (1 GiB)"
        )));
    }
    Ok(())
}

/// Whether an executable `name` is on `PATH`.
fn on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|d| {
            let p = d.join(name);
            std::fs::metadata(&p).is_ok_and(|m| {
                use std::os::unix::fs::PermissionsExt;
                m.is_file() && m.permissions().mode() & 0o111 != 0
            })
        })
    })
}

/// The folder the kit's `source/` is taken from: the workspace this binary was built from
/// (`SLOT_MATH_KIT_SOURCE`, when set, names another, as a binary built in that folder would
/// take it: the tests' way to build a kit from a kit's source without building it again).
fn source_root() -> PathBuf {
    std::env::var_os("SLOT_MATH_KIT_SOURCE").map_or_else(root, PathBuf::from)
}

/// The file of a kit's source that names the commit it came from.
const COMMIT_FILE: &str = "COMMIT";

/// Where the kit's source comes from: the commit, whether the files differ from it, and the
/// files (path relative to the source, file).
struct SourceOrigin {
    commit: String,
    dirty: bool,
    files: Vec<(String, PathBuf)>,
}

/// Runs `git -C src ARGS`; its output when it succeeds.
fn git(src: &Path, args: &[&str]) -> Option<String> {
    Command::new("git")
        .arg("-C")
        .arg(src)
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
}

/// Every file under `dir` but `target/` and `.git/` at its top, relative paths with `/`.
fn walk(dir: &Path) -> Result<Vec<(String, PathBuf)>, CliError> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let here = dir.join(&rel);
        let entries = std::fs::read_dir(&here)
            .map_err(|e| CliError(format!("cannot read {}: {e}", here.display())))?;
        for entry in entries {
            let entry =
                entry.map_err(|e| CliError(format!("cannot read {}: {e}", here.display())))?;
            let r = rel.join(entry.file_name());
            let top = rel.as_os_str().is_empty();
            let name = entry.file_name();
            if top && (name == "target" || name == ".git") {
                continue;
            }
            let kind = entry.file_type()?;
            if kind.is_dir() {
                stack.push(r);
            } else if kind.is_file() {
                out.push((r.to_string_lossy().replace('\\', "/"), entry.path()));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The origin of the source at `src`: its git repository (its tracked files but the fuzz
/// corpora, its commit, whether tracked files changed), or, without one, a kit's source
/// folder as it is (every file, and the commit its `COMMIT` file names).
///
/// # Errors
/// A source with neither a repository nor a `COMMIT` file: refused as unidentified.
fn source_origin(src: &Path) -> Result<SourceOrigin, CliError> {
    let top = git(src, &["rev-parse", "--show-toplevel"]).map(|t| PathBuf::from(t.trim()));
    let is_repo = top.is_some_and(|t| {
        t.canonicalize().ok() == src.canonicalize().ok() && !t.as_os_str().is_empty()
    });
    if is_repo && let Some(commit) = git(src, &["rev-parse", "HEAD"]) {
        let dirty = git(src, &["status", "--porcelain", "--untracked-files=no"])
            .is_some_and(|s| !s.trim().is_empty());
        let files = git(src, &["ls-files"])
            .unwrap_or_default()
            .lines()
            .filter(|f| !f.starts_with("fuzz/"))
            .map(|f| (f.to_string(), src.join(f)))
            .filter(|(_, p)| p.is_file())
            .collect();
        return Ok(SourceOrigin {
            commit: commit.trim().to_string(),
            dirty,
            files,
        });
    }
    let named = std::fs::read_to_string(src.join(COMMIT_FILE)).ok();
    let commit = named
        .as_deref()
        .and_then(|t| t.split_whitespace().next())
        .filter(|c| c.len() == 40 && c.bytes().all(|b| b.is_ascii_hexdigit()))
        .ok_or_else(|| {
            CliError(format!(
                "the source in {} is unidentified: it is no git repository and has no {COMMIT_FILE} file naming a commit (a kit's source/ has one); build the kit from a checkout of the repository or from a kit's source/",
                src.display()
            ))
        })?;
    Ok(SourceOrigin {
        commit: commit.to_string(),
        dirty: named.is_some_and(|t| t.contains("uncommitted")),
        files: walk(src)?,
    })
}

/// The channel `rust-toolchain.toml` pins (`1.95.0`).
fn toolchain_channel(text: &str) -> Option<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("channel"))
        .filter_map(|l| l.trim().strip_prefix('='))
        .map(|v| v.trim().trim_matches('"').to_string())
        .next()
}

/// `rng-stream`: the generator's raw words (little-endian 32-bit `next_u32()`, in order) on
/// standard output without end, for a test battery reading standard input (`dieharder -g 200
/// -a`); ends when the reader closes the pipe.
pub fn rng_stream(a: &RngStreamArgs) -> CliResult {
    let mut out = std::io::stdout().lock();
    let mut buf = vec![0u8; 1 << 16];
    let mut fill = |rng: &mut dyn slot_core::Rng| -> std::io::Result<()> {
        loop {
            for c in buf.chunks_mut(4) {
                c.copy_from_slice(&rng.next_u32().to_le_bytes());
            }
            out.write_all(&buf)?;
            if crate::progress::interrupted() {
                return Ok(());
            }
        }
    };
    let result = match a.generator {
        StreamGenerator::Simulator => fill(&mut slot_core::replay::batch_rng(a.seed, 0)),
        StreamGenerator::Production => fill(&mut slot_core::rng::server_rng()?),
    };
    match result {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => Ok(r?),
    }
}

/// `lab-kit`: the folder a lab works from ([`slot_sim::labkit`]).
pub fn lab_kit(a: &LabKitArgs) -> CliResult {
    with_game!(a.game.name(), G => lab_kit_of::<G>(a))?
}

fn lab_kit_of<G: Game>(a: &LabKitArgs) -> CliResult {
    // Every argument and what the kit needs is checked before any work starts.
    let mode = crate::commands::mode_of::<G>(a.choice, a.ante)?;
    let (game, model, _) = slot_sim::models::choose_model::<G>(a.model.as_deref(), a.rtp)?;
    if a.rounds == 0 || a.par_rounds == 0 || a.bytes == 0 {
        return Err(CliError(
            "--rounds, --par-rounds and --bytes must be at least 1".into(),
        ));
    }
    check_bytes(a.bytes)?;
    let dieharder_args: Option<Vec<String>> = if a.dieharder || !a.dieharder_tests.is_empty() {
        if !on_path("dieharder") {
            return Err(CliError(format!(
                "{} runs Dieharder, which is not on PATH: install it (Debian: apt-get install dieharder), or leave the option out",
                if a.dieharder {
                    "--dieharder"
                } else {
                    "--dieharder-tests"
                }
            )));
        }
        Some(if a.dieharder_tests.is_empty() {
            vec!["-a".into()]
        } else {
            a.dieharder_tests
                .iter()
                .flat_map(|t| ["-d".to_string(), t.to_string()])
                .collect()
        })
    } else {
        None
    };
    let src = source_root();
    let origin = source_origin(&src)?;
    let vendored_already = src.join("vendor").is_dir();
    if !a.no_vendor && !vendored_already && !on_path("cargo") {
        return Err(CliError(
            "the kit vendors the dependencies with `cargo vendor`, and cargo is not on PATH: add --no-vendor, or run with cargo".into(),
        ));
    }
    // The certification records of the variant the kit plays, the disclosure's figures and
    // the whole-round reports whose award odds it states, from the game's evidence.
    let slot_sim::evidence::KitEvidence {
        files: certification,
        figures,
        award_reports,
    } = slot_sim::evidence::kit(&root(), &game)?;
    let toolchain_file =
        std::fs::read_to_string(src.join("rust-toolchain.toml")).unwrap_or_default();
    let channel = toolchain_channel(&toolchain_file).ok_or_else(|| {
        CliError(format!(
            "{} names no toolchain channel: the kit cannot say which toolchain rebuilds it",
            src.join("rust-toolchain.toml").display()
        ))
    })?;
    let owner = slot_sim::files::Owner {
        command: "lab-kit".into(),
        game: G::NAME.into(),
        mode: G::mode_name(mode).into(),
        model: game.fingerprint().to_string(),
    };
    // The folder asked for is checked (new, empty, or this same kit and nothing else), then
    // left alone: the kit is written into a new folder beside it and moved into place only
    // when complete, so a refused, failed or interrupted run never touches a finished kit.
    let out = slot_sim::files::OutputDir::claim(&a.out, &owner, a.force, kit_writes)?;
    let building = slot_sim::files::partial_name(&a.out);
    let _ = std::fs::remove_dir_all(&building);
    let result = slot_sim::files::OutputDir::claim(&building, &owner, false, kit_writes)
        .map_err(CliError::from)
        .and_then(|tmp| {
            write_lab_kit::<G>(
                a,
                &game,
                &model,
                mode,
                &origin,
                &src,
                &channel,
                &toolchain_file,
                certification,
                figures,
                award_reports,
                dieharder_args.as_deref(),
                &tmp,
            )
        })
        .and_then(|()| replace_folder(&building, &a.out));
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&building);
        if out.created() {
            out.abandon();
        }
    }
    result
}

/// Whether `lab-kit` writes a file or folder of this name at the top of a kit. A folder of
/// this same kit holding anything else is refused (unless `--force`): nothing a user put
/// beside a kit is ever deleted or listed in the manifest.
fn kit_writes(name: &str) -> bool {
    matches!(
        name,
        "HOW-TO-REBUILD.md"
            | "MANIFEST.sha256"
            | "bin"
            | "certification"
            | "disclosure.md"
            | "model.json"
            | "outcomes-chi-square.csv"
            | "outcomes.csv"
            | "par"
            | "rng-raw-production.bin"
            | "rng-raw-simulator.bin"
            | "rules.md"
            | "source"
            | "toolchain.txt"
    ) || (name.starts_with("dieharder-") && name.ends_with(".txt"))
}

/// Moves the complete kit at `built` to `dest`: an earlier kit at `dest` (already checked to be
/// this kit's and nothing else) is moved aside first and removed only once the new one is in
/// place.
fn replace_folder(built: &Path, dest: &Path) -> CliResult {
    let io =
        |e: std::io::Error| CliError(format!("{}: cannot move the kit in: {e}", dest.display()));
    let old = dest.with_file_name(format!(
        ".{}.old-{}",
        dest.file_name()
            .map_or_else(|| "kit".into(), |n| n.to_string_lossy().into_owned()),
        std::process::id()
    ));
    let had = dest.exists();
    if had {
        std::fs::rename(dest, &old).map_err(io)?;
    }
    if let Err(e) = std::fs::rename(built, dest) {
        if had {
            let _ = std::fs::rename(&old, dest);
        }
        return Err(io(e));
    }
    if had {
        let _ = std::fs::remove_dir_all(&old);
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn write_lab_kit<G: Game>(
    a: &LabKitArgs,
    game: &G,
    model: &G::Model,
    mode: G::Mode,
    origin: &SourceOrigin,
    src: &Path,
    channel: &str,
    toolchain_file: &str,
    certification: Vec<(String, PathBuf)>,
    figures: labkit::DisclosureFigures,
    award_reports: Vec<(String, Report)>,
    dieharder_args: Option<&[String]>,
    out: &slot_sim::files::OutputDir,
) -> CliResult {
    // `out` is the new folder the kit is built in (moved over `--out` when complete), so no
    // file of an earlier kit is ever beside the new one.
    let dir = out.path();
    let mut production = slot_core::rng::server_rng()?;
    let toolchain = format!(
        "# rustc -vV\n{}\n# cargo -V\n{}\n# rust-toolchain.toml\n{}",
        output("rustc", &["-vV"]).unwrap_or_default(),
        output("cargo", &["-V"]).unwrap_or_default(),
        toolchain_file
    );
    // The options that choose this kit again (as `mode_of` and `choose` read them).
    let mode_arg = match G::mode_name(mode) {
        name if G::MODE_IS_PICK => format!(" --choice {name}"),
        "ante" => " --ante".to_string(),
        _ => String::new(),
    };
    let model_arg = match (a.rtp, a.model.as_deref()) {
        (Some(r), _) => format!(" --rtp {}", r.percent_text()),
        (None, Some(m)) if G::named_model(m).is_some() => format!(" --model {m}"),
        (None, Some(_)) => " --model ../model.json".to_string(),
        (None, None) => String::new(),
    };
    let vendor = !a.no_vendor;
    let kit_args = format!(
        "{}{mode_arg}{model_arg} --rounds {} --bytes {} --seed {} --par-rounds {}{}",
        G::NAME,
        a.rounds,
        a.bytes,
        a.seed,
        a.par_rounds,
        if vendor { "" } else { " --no-vendor" }
    );
    let commit = &origin.commit;
    let stream_mib = a.bytes as f64 / f64::from(1u32 << 20);
    let rebuild = format!(
        "# How to rebuild this kit and get the same outcomes\n\n\
         Built from commit `{commit}`{dirty} (the commit is also in `source/{COMMIT_FILE}`).\n\
         `source/` is that source as it was built, not a git repository: every step below works\n\
         in it as it is, offline{vendored}.\n\n\
         ## 1. The toolchain\n\n\
         Rust **{channel}** exactly (`source/rust-toolchain.toml`; what built this kit: `toolchain.txt`).\n\
         Get it once, where there is a network, with rustup (<https://rustup.rs>):\n\
         `rustup toolchain install {channel} --profile minimal`; or, without rustup, the official\n\
         standalone installer for the machine, e.g.\n\
         <https://static.rust-lang.org/dist/rust-{channel}-x86_64-unknown-linux-gnu.tar.xz>\n\
         (every platform: <https://forge.rust-lang.org/infra/other-installation-methods.html#standalone-installers>;\n\
         unpack, run `./install.sh`). Check: `rustc -V` in `source/` prints `rustc {channel}`.\n\n\
         ## 2. Build and rebuild the kit\n\n\
         ```sh\n\
         cd source\n\
         cargo build --release --offline --frozen -p xtask\n\
         target/release/xtask lab-kit {kit_args} --out ../../kit-rebuilt\n\
         cd ../../kit-rebuilt && sha256sum outcomes.csv model.json rng-raw-simulator.bin   # equal to this kit's (MANIFEST.sha256)\n\
         ```\n\n\
         The rebuilt kit names the same commit (from `source/{COMMIT_FILE}`). Every file of the kit\n\
         but the production stream (seeded from the operating system, by design), `bin/` (a\n\
         rebuild's binary may differ in its embedded paths), `toolchain.txt`, the PAR run's\n\
         timings (`par/report.*`) and this file is then the same byte for byte. Check this kit:\n\
         `sha256sum -c MANIFEST.sha256` in its folder. Check outcome equivalence with the build\n\
         that produced it: `target/release/xtask equivalence check xtask/tests/equivalence.json` in\n\
         `source/`.\n\n\
         ## 3. Dieharder\n\n\
         The whole battery on a generator's words fed live on standard input (what the kit's\n\
         `--dieharder` runs; no file is re-read):\n\n\
         ```sh\n\
         bin/xtask rng-stream simulator --seed {seed} | dieharder -g 200 -a\n\
         bin/xtask rng-stream production | dieharder -g 200 -a\n\
         ```\n\n\
         The files `rng-raw-*.bin` ({bytes} bytes, {stream_mib:.1} MiB each) suit only small\n\
         tests. Dieharder rewinds a file that is too short and reads it again from its start;\n\
         repeated words then fail tests that the live stream passes (on a 16 MiB file the\n\
         battery fails the 32x32 rank test with p = 0.00000000, and three tests are WEAK).\n\
         The 32x32 rank test alone reads {RANK_TEST_BYTES} bytes (100 samples of 40,000\n\
         matrices of 32 x 32 bits); these files would be rewound at least {rewinds} times in it:\n\
         do not run `-a` on them. A single small test on a\n\
         file: `dieharder -g 201 -f rng-raw-simulator.bin -d N`; Dieharder prints\n\
         \"# The file file_input_raw was rewound N times\" when the file was too short: any\n\
         rewind makes its verdict worthless.\n\n\
         ## 4. Exit statuses and what to do when a check fails\n\n\
         Every `xtask` command exits with:\n\n\
         - **0**: done.\n\
         - **1**: a bar not met (a verdict: a certificate below its bar, a monitoring verdict\n\
           \"outside\"). The output says which figure; keep it and report it with this kit.\n\
         - **2**: input refused; the message (`error: ...`) names what was wrong and what is\n\
           allowed. Correct the argument or file and run again; nothing was half-written.\n\
         - **130**: interrupted (Ctrl-C or SIGTERM). Run the command again; a kit folder is\n\
           only complete once its `MANIFEST.sha256` is written, last.\n\n\
         When `sha256sum -c MANIFEST.sha256` reports a file `FAILED`, the kit was changed or\n\
         damaged after it was written: ask for the kit again. When the rebuilt kit's\n\
         `outcomes.csv` differs, the rebuild is not the same build (toolchain, source or\n\
         arguments): check `rustc -V` against `toolchain.txt` and the arguments against step 2,\n\
         then run `equivalence check` to find the first round that differs. When `cargo build\n\
         --offline --frozen` stops for a missing crate, the kit was built with `--no-vendor`:\n\
         ask for a kit with its vendored dependencies.\n",
        dirty = if origin.dirty {
            " with uncommitted changes (the copies in `source/` are what was built)"
        } else {
            ""
        },
        vendored = if vendor {
            " (the dependencies are vendored in `source/vendor`, and `source/.cargo/config.toml` points cargo at them)"
        } else {
            " once the dependencies are present: this kit was built with `--no-vendor`, so `source/` holds no vendored dependencies and the build needs crates.io"
        },
        seed = a.seed,
        bytes = a.bytes,
        rewinds = RANK_TEST_BYTES.div_ceil(a.bytes).saturating_sub(1),
    );
    // The source's own files, with its `COMMIT` and, when vendoring, its cargo config
    // pointing at `vendor/`.
    let mut source_texts = vec![(
        COMMIT_FILE.to_string(),
        format!(
            "{commit}\n{}",
            if origin.dirty {
                "with uncommitted changes: the files of this folder are what was built\n"
            } else {
                ""
            }
        ),
    )];
    let sources: Vec<(String, PathBuf)> = origin
        .files
        .iter()
        .filter(|(r, _)| r != COMMIT_FILE && !r.starts_with("vendor/"))
        .cloned()
        .collect();
    const REPLACEMENT: &str = "\n# The dependencies, vendored in this folder (`cargo vendor`): the build needs no network.\n[source.crates-io]\nreplace-with = \"vendored-sources\"\n\n[source.vendored-sources]\ndirectory = \"vendor\"\n";
    let config = std::fs::read_to_string(src.join(".cargo/config.toml")).unwrap_or_default();
    match (vendor, config.contains(REPLACEMENT)) {
        (true, false) => source_texts.push((".cargo/config.toml".into(), config + REPLACEMENT)),
        // A kit's source built without its vendored dependencies: no config points at them.
        (false, true) => {
            source_texts.push((".cargo/config.toml".into(), config.replace(REPLACEMENT, "")));
        }
        _ => {}
    }
    let inputs = KitInputs {
        rounds: a.rounds,
        bytes: a.bytes,
        seed: a.seed,
        sources,
        source_texts,
        binary: std::env::current_exe().ok(),
        toolchain,
        certification,
        rules_text: rules_text(a.game),
        disclosure: figures,
        award_reports,
        rebuild,
    };
    eprintln!(
        "{} ({}): PAR run of {} rounds, seed {}",
        G::NAME,
        G::mode_name(mode),
        a.par_rounds,
        a.seed
    );
    let config = SimConfig {
        gof_rounds: a.par_rounds.min(slot_sim::run::DEFAULT_GOF_ROUNDS),
        detail: true,
        ..SimConfig::rounds(a.par_rounds, a.seed)
    };
    let par = slot_sim::simulate(game, mode, &config, Watch::default())?;
    if crate::progress::interrupted() {
        return Ok(()); // no manifest: the kit does not look complete (exit 130)
    }
    let mut files = labkit::KitFiles::new(dir);
    let summary = labkit::write_kit(
        game,
        model,
        mode,
        &inputs,
        &mut production,
        &par,
        &mut files,
    )?;
    if vendor {
        if src.join("vendor").is_dir() {
            // A kit's source carries its vendored dependencies: copied as they are.
            for (rel, file) in walk(&src.join("vendor"))? {
                files.copy(&format!("source/vendor/{rel}"), &file)?;
            }
        } else {
            eprintln!("vendoring the dependencies into source/vendor (cargo vendor)");
            // Absolute: cargo runs in the source folder.
            let target = std::path::absolute(dir.join("source/vendor"))?;
            let status = Command::new("cargo")
                .args(["vendor", "--locked", "--quiet"])
                .arg(&target)
                .current_dir(src)
                .stdout(Stdio::null())
                .status()
                .map_err(|e| CliError(format!("cannot run cargo vendor: {e}")))?;
            if !status.success() {
                return Err(CliError(format!(
                    "cargo vendor failed ({status}): it needs crates.io or the crates in cargo's cache; add --no-vendor to build the kit without them"
                )));
            }
            files.adopt_dir("source/vendor")?;
        }
    }
    if let Some(args) = dieharder_args {
        let mut simulator = slot_core::replay::batch_rng(a.seed, 0);
        let outs = [
            ("production", run_dieharder(&mut production, args)?),
            ("simulator", run_dieharder(&mut simulator, args)?),
        ];
        for (name, text) in outs {
            let (p, w, f) = dieharder_counts(&text);
            let file = format!("dieharder-{name}.txt");
            files.put(&file, text.as_bytes())?;
            println!("dieharder on the {name} stream: {p} PASSED, {w} WEAK, {f} FAILED ({file})");
        }
    }
    if crate::progress::interrupted() {
        return Ok(());
    }
    files.write_manifest()?;
    println!(
        "{}: outcomes.csv {} draws of {} rounds (sha256 {}); chi-square: {}",
        dir.display(),
        summary.outcome_rows,
        a.rounds,
        summary.outcomes_sha256,
        summary.outcomes.verdict()
    );
    Ok(())
}
