//! The commands that are the same for every game, written once over the registry's face
//! ([`slot_games::GameEntry`], [`slot_sim::face::LoadedGame`]): `sim`, `play`, `eval`,
//! `split`, `merge`, `session`, `golden`, and the choice of a game's
//! mode from the arguments. The work is done by the libraries; each command parses, calls
//! and prints.

use crate::progress::{Display, ProgressView, interrupt_flag};
use crate::runner::{self, CliError, CliResult, EvalOutput, EvalWin};
use crate::{Choice, EvalArgs, GameEntryRef, MergeArgs, PlayArgs, SessionArgs, SimArgs, SplitArgs};
use slot_core::Game;
use slot_core::game::TargetRtp;
use slot_sim::engine::Progress;
use slot_sim::face::{FaceError, ModelSource, SplitRequest};
use slot_sim::run::{DEFAULT_MAX_ROUNDS, Extent};
use slot_sim::{Catalog, Report, SimConfig, Watch};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The seed of `sim`, `play`, `split` and `tune` when none is given.
pub use slot_core::replay::DEFAULT_SEED;

/// Every game of the registry, for reading reports ([`slot_games::catalog`]).
pub fn catalog() -> Catalog {
    slot_games::catalog()
}

/// The model `--model` or `--rtp` names ([`ModelSource`]; the published one without either).
pub fn source(model: Option<&str>, rtp: Option<TargetRtp>) -> ModelSource<'_> {
    match (model, rtp) {
        (Some(name), _) => ModelSource::Named(name),
        (None, Some(rtp)) => ModelSource::Rtp(rtp),
        (None, None) => ModelSource::Published,
    }
}

/// The name of the mode `--choice` and `--ante` ask for of the game `game` (its modes
/// `modes`, the default first; `is_pick`: a mode is a pick made during the round): the pick
/// named by `--choice`, `ante` for `--ante`, else the game's first mode.
///
/// # Errors
/// An option the game does not have, naming the game's modes.
fn mode_named_by(
    game: &str,
    modes: &[&'static str],
    is_pick: bool,
    choice: Option<Choice>,
    ante: bool,
) -> Result<&'static str, CliError> {
    let (name, option) = match (choice, ante) {
        (Some(_), true) => {
            return Err(CliError(
                "--choice and --ante exclude each other: --choice is Moon Princess's pick, --ante Starlight Christmas's bet mode".into(),
            ));
        }
        (Some(c), false) => (choice_name(c), "--choice"),
        (None, true) => ("ante", "--ante"),
        (None, false) => return Ok(modes[0]),
    };
    if let Some(&m) = modes.iter().find(|&&m| m == name) {
        return Ok(m);
    }
    let asked = if option == "--ante" {
        option.to_string()
    } else {
        format!("{option} {name}")
    };
    // How each mode is chosen on the command line, read from the game's modes as this
    // function reads the options.
    let how = if is_pick {
        format!("--choice {}", modes.join(", "))
    } else if modes.contains(&"ante") {
        format!("{}, or --ante", modes[0])
    } else {
        "no option chooses a mode".to_string()
    };
    Err(CliError(format!(
        "{asked} is not an option of {game}: its modes are {} ({how})",
        modes.join(", "),
    )))
}

/// The mode of `G` `--choice` and `--ante` ask for (as [`mode_name`] reads them).
///
/// # Errors
/// An option the game does not have, naming the game's modes.
pub fn mode_of<G: Game>(choice: Option<Choice>, ante: bool) -> Result<G::Mode, CliError> {
    let modes: Vec<&'static str> = G::MODES.iter().map(|&m| G::mode_name(m)).collect();
    let name = mode_named_by(G::NAME, &modes, G::MODE_IS_PICK, choice, ante)?;
    Ok(slot_sim::face::mode_named::<G>(name)?)
}

/// The name of the mode of `game` that `--mode NAME` asks for (any game's mode by its
/// name), else the one `--choice` or `--ante` ask for (clap refuses `--mode` with either).
///
/// # Errors
/// A name that is not one of the game's modes, naming them; an option the game does not
/// have.
pub fn mode_name(
    game: GameEntryRef,
    mode: Option<&str>,
    choice: Option<Choice>,
    ante: bool,
) -> Result<&'static str, CliError> {
    let modes = game.modes();
    match mode {
        Some(name) => match modes.iter().find(|&&m| m == name) {
            Some(&m) => Ok(m),
            None => Err(CliError(format!(
                "--mode {}",
                slot_sim::models::UnknownMode {
                    game: game.name(),
                    mode: name.chars().take(80).collect(),
                    modes: modes.join(", "),
                }
            ))),
        },
        None => mode_named_by(game.name(), &modes, game.mode_is_pick(), choice, ante),
    }
}

/// The command-line name of a pick.
pub fn choice_name(c: Choice) -> &'static str {
    match c {
        Choice::Love => "love",
        Choice::Star => "star",
        Choice::Storm => "storm",
    }
}

/// The game on the model `--model` or `--rtp` names: a shipped model by name
/// ([`Game::MODEL_NAMES`]), a variant of the game's RTP ladder ([`Game::VARIANTS`]), or a model
/// file (JSON: a bare model, or a variant file as `tune --out` writes it) by its path; the
/// shipped `standard` model without either.
///
/// # Errors
/// An unknown name that is no file either, an RTP the ladder does not have, a file that
/// cannot be read or is not a model of the game, or a model the game refuses.
pub fn game_of<G: Game>(model: Option<&str>, rtp: Option<TargetRtp>) -> Result<G, CliError> {
    load::<G>(model, rtp).map(|(game, _)| game)
}

/// [`game_of`], with the RTP the model is tuned to: its variant's for a shipped variant, the
/// file's for a variant file, the published one for any other model
/// ([`slot_sim::models::choose`]).
///
/// # Errors
/// As [`game_of`].
pub fn load<G: Game>(
    model: Option<&str>,
    rtp: Option<TargetRtp>,
) -> Result<(G, TargetRtp), CliError> {
    Ok(slot_sim::models::choose::<G>(model, rtp)?)
}

/// The extent `sim`'s arguments ask for.
fn extent_of(a: &SimArgs) -> Result<Extent, CliError> {
    let err = |m: String| Err(CliError(m));
    match (a.until_halfwidth, a.shard) {
        (Some(_), Some(_)) => err("--until-halfwidth and --shard exclude each other: a precision-driven run decides its stop on all batches in order; shard a run with a fixed --rounds".into()),
        (Some(_), None) if a.rounds.is_some() => err(format!(
            "--rounds and --until-halfwidth exclude each other: a precision-driven run is bounded by --max-rounds (default {DEFAULT_MAX_ROUNDS})"
        )),
        (Some(pp), None) => Ok(Extent::Precision {
            half_width: pp / 100.0,
            max_rounds: a.max_rounds.unwrap_or(DEFAULT_MAX_ROUNDS),
        }),
        (None, _) if a.max_rounds.is_some() => {
            err("--max-rounds bounds a --until-halfwidth run; for a fixed run use --rounds".into())
        }
        (None, Some(shard)) => Ok(Extent::Shard {
            shard,
            rounds: a.rounds.unwrap_or(a.game.default_rounds()),
        }),
        (None, None) => Ok(Extent::Rounds(a.rounds.unwrap_or(a.game.default_rounds()))),
    }
}

/// Creates the `--out` folder of `sim`, `merge` or `session` before any work (so that a long
/// run cannot end with nowhere to write); the guard removes it again if the command ends
/// without writing into it ([`slot_sim::par::OutDir`]).
fn out_dir(out: Option<&Path>) -> Result<Option<slot_sim::par::OutDir>, CliError> {
    out.map(slot_sim::par::create_out_dir)
        .transpose()
        .map_err(|e| CliError(format!("--out {e}")))
}

/// `--progress-seconds`, checked: from 0.1 to 86,400 seconds.
pub(crate) fn progress_every(seconds: f64) -> Result<Duration, CliError> {
    if !(seconds.is_finite() && (0.1..=86_400.0).contains(&seconds)) {
        return Err(CliError(format!(
            "--progress-seconds must be from 0.1 to 86400 seconds (it was {seconds})"
        )));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Checks `sim`'s arguments, all before anything is printed or played.
fn sim_config(a: &SimArgs) -> Result<SimConfig, CliError> {
    progress_every(a.progress_seconds)?;
    if a.detail && a.out.is_none() && !a.json {
        return Err(CliError(
            "--detail adds the contribution sums to the report's JSON and PAR files: give --json or --out DIR with it".into(),
        ));
    }
    if a.no_detail && a.out.is_none() {
        return Err(CliError(
            "--no-detail leaves the contribution sums out of --out's PAR files; without --out there are none to leave out".into(),
        ));
    }
    let config = SimConfig {
        seed: a.seed,
        threads: runner::threads(a.threads)?,
        extent: extent_of(a)?,
        confidence: a.levels.confidence.clone(),
        gof_rounds: a.gof_rounds,
        detail: a.detail || (a.out.is_some() && !a.no_detail),
    };
    config.check().map_err(|e| match e {
        slot_sim::SimError::Config {
            setting: "half-width",
            message,
        } => CliError(format!("--until-halfwidth: {message}")),
        e => CliError(format!("--{e}")),
    })?;
    Ok(config)
}

/// `sim`: checks the arguments, prints a header (readable report only), plays (with progress
/// on stderr and Ctrl-C honoured), prints the report (readable or `--json`) and writes the
/// PAR files (`--out`).
pub fn sim(a: &SimArgs) -> CliResult {
    let mode = mode_name(a.game, a.mode.as_deref(), a.choice, a.ante)?;
    let config = sim_config(a)?;
    let game = a.game.load(source(a.model.as_deref(), a.rtp))?;
    let key = a
        .sign_key
        .as_deref()
        .map(|p| key_of("--sign-key", p))
        .transpose()?;
    let _out_dir = out_dir(a.out.as_deref())?;
    if !a.json {
        println!(
            "{} ({mode}): {}, seed {}",
            a.game.name(),
            config.describe(),
            config.seed
        );
    }
    let progress = Progress::default();
    let display = Display {
        view: ProgressView::rounds(&config, a.game.cost(mode)?),
        quiet: a.quiet,
        every: Duration::from_secs_f64(a.progress_seconds),
    };
    let watch = Watch {
        progress: Some(&progress),
        stop: Some(interrupt_flag()),
    };
    let mut report = display.watch(&progress, || game.simulate(mode, &config, watch))?;
    // A variant file names its own target (not a checked field: the report is judged
    // against it, and its checksums do not change).
    report.target_rtp = game.target_rtp().fraction();
    if let Some(key) = &key {
        report.sign(key);
    }
    // What `sim` writes (`--json`, `--out`'s report.json), `merge` reads: checked with that
    // reader first.
    if a.json || a.out.is_some() {
        report.read_back(&catalog())?;
    }
    print_report(&report, a.json);
    if let Some(dir) = &a.out {
        report.markets = Some(crate::markets::par_section(
            a.game.name(),
            a.model.as_deref(),
            a.rtp,
        )?);
        slot_sim::par::write(&report, dir)?;
    }
    Ok(())
}

/// The signing key in a file: 32 to 64 secret bytes, read before any work starts, and only
/// up to [`SealKey::MAX_BYTES`](slot_core::seal::SealKey::MAX_BYTES) (a path naming a longer
/// or endless file, such as `/dev/zero`, is refused at once).
fn key_of(option: &str, path: &Path) -> Result<slot_core::seal::SealKey, CliError> {
    use slot_core::seal::SealKey;
    let bytes = slot_sim::files::read_bounded(
        path,
        SealKey::MAX_BYTES as u64,
        &format!(
            "a key of {} to {} secret bytes",
            SealKey::MIN_BYTES,
            SealKey::MAX_BYTES
        ),
    )
    .map_err(|e| CliError(format!("{option} {e}")))?;
    SealKey::new(&bytes).map_err(|e| CliError(format!("{option} {}: {e}", path.display())))
}

/// Prints a report: one JSON object, or the readable PAR report and its provenance.
pub fn print_report(report: &Report, json: bool) {
    if json {
        println!("{}", report.to_json());
    } else {
        print!("{}", report.text());
    }
}

/// `play`: round K of seed S step by step (or its event log as JSON); with `--grid`, the
/// round played from that grid ([`slot_sim::face::LoadedGame::play_from_grid`]).
pub fn play(a: &PlayArgs) -> CliResult {
    let entry = a.game;
    let mode = mode_name(entry, a.mode.as_deref(), a.choice, a.ante)?;
    let game = entry.load(source(a.model.as_deref(), a.rtp))?;
    let (win, log) = match &a.grid {
        Some(grid) => game.play_from_grid(mode, grid, a.seed, a.round)?,
        None => game.replay(mode, a.seed, a.round)?,
    };
    if !a.json {
        println!(
            "{} ({mode}), seed {}, round {}",
            entry.name(),
            a.seed,
            a.round
        );
    }
    if a.json {
        println!("{}", log.to_json());
    } else {
        print!("{}", slot_core::round_text::log_text(&log));
    }
    if !a.json {
        // Money is in hundredths of the paytable's bet: the base bet of a game whose modes
        // stake more than it (Starlight Christmas's ante).
        let modes = entry.modes();
        let bet = if modes.iter().any(|m| entry.cost(m).is_ok_and(|c| c != 100)) {
            "base bet"
        } else {
            "bet"
        };
        println!(
            "stake {:.2} x {bet}, win {:.2} x {bet}",
            entry.cost(mode)? as f64 / 100.0,
            win.hundredths() as f64 / 100.0
        );
    }
    Ok(())
}

/// `split`: each mode's RTP as B + q V from base games and features played apart
/// ([`slot_sim::split`], through [`slot_games::GameEntry::split`]). Prints the figures;
/// `--out` writes the record with its sums.
pub fn split(a: &SplitArgs) -> CliResult {
    let entry = a.game;
    entry.require_split()?;
    let threads = runner::threads(a.threads)?;
    let every = progress_every(a.progress_seconds)?;
    let source = source(a.model.as_deref(), a.rtp);
    // The model is read before anything else is checked or played.
    entry.load(source)?;
    let chosen = mode_named_by(
        entry.name(),
        &entry.modes(),
        entry.mode_is_pick(),
        a.choice,
        a.ante,
    )?;
    // One mode when one is asked for; else every mode (the first where the mode changes
    // the base game).
    let asked = a.choice.is_some() || a.ante;
    // The record's file is checked writable before hours of play, so that writing it cannot
    // fail after them.
    if let Some(path) = &a.out {
        probe_writable(path)?;
    }
    let command = format!(
        "cargo xtask split {} --rounds {} --features {} --seed {}{}{}",
        entry.name(),
        a.rounds,
        a.features,
        a.seed,
        a.choice
            .map_or(String::new(), |c| format!(" --choice {}", choice_name(c))),
        if a.ante { " --ante" } else { "" }
    );
    let request = SplitRequest {
        source,
        mode: asked.then_some(chosen),
        rounds: a.rounds,
        features: a.features,
        seed: a.seed,
        threads,
        command,
        json: a.out.is_some(),
    };
    eprintln!(
        "base games: {} rounds, seed {}; then {} features per mode",
        a.rounds, a.seed, a.features
    );
    // Progress: the base games, then each mode's features, counted as one sequence of games.
    let modes = if asked { 1 } else { entry.modes().len() as u64 };
    let progress = slot_sim::engine::Progress::default();
    let planned = a.features.saturating_mul(modes).saturating_add(a.rounds);
    let watch = Watch {
        progress: Some(&progress),
        stop: Some(interrupt_flag()),
    };
    let done = Display::games(planned, a.quiet, every)
        .watch(&progress, || entry.split(&request, watch))
        .map_err(|e| match (e, &a.out) {
            (FaceError::SplitRecord(e), Some(path)) => {
                CliError(format!("--out {}: {e}; not written", path.display()))
            }
            (e, _) => e.into(),
        })?;
    print!("{}", done.text(entry.mode_is_pick()));
    if let (Some(path), Some(text)) = (&a.out, &done.json) {
        // Read back as certify and monitor read records, then written whole or not at all.
        slot_sim::files::write_atomic(path, text.as_bytes())?;
    }
    Ok(())
}

/// `merge`: reads and checks every report, checks that they are one game, mode and model and
/// that no rounds are counted twice, adds their sums exactly and prints (and writes) the
/// merged report.
pub fn merge(a: &MergeArgs) -> CliResult {
    let verify = a
        .verify_key
        .as_deref()
        .map(|p| key_of("--verify-key", p))
        .transpose()?;
    let sign = a
        .sign_key
        .as_deref()
        .map(|p| key_of("--sign-key", p))
        .transpose()?;
    // A merge that signs vouches for its inputs: each is verified first, under the
    // --verify-key if given, else under the --sign-key itself (an unsigned or edited input
    // is refused, named), so a signature never covers a report nobody verified.
    let verify_with = verify.as_ref().or(sign.as_ref());
    let catalog = catalog();
    let mut reports: Vec<(PathBuf, Report)> = Vec::new();
    for path in &a.files {
        let text = slot_sim::files::read_report_text(path)?;
        let report = Report::from_json(path, &text, &catalog)?;
        if let Some(key) = verify_with {
            report.verify(path, key).map_err(|e| {
                if verify.is_none() {
                    CliError(format!(
                        "{e}; --sign-key signs only reports it verified (under --verify-key FILE if given, else under the --sign-key): sign the inputs (sim --sign-key) or merge without --sign-key"
                    ))
                } else {
                    CliError(e.to_string())
                }
            })?;
        }
        reports.push((path.clone(), report));
    }
    let _out_dir = out_dir(a.out.as_deref())?;
    let mut report = slot_sim::merge(&reports, &catalog, &a.levels.confidence)?;
    if let Some(model) = &a.model {
        report.target_rtp = model_target(&report, model)?;
    }
    let with_detail = reports.iter().filter(|(_, r)| r.detail.is_some()).count();
    if with_detail > 0 && report.detail.is_none() {
        eprintln!(
            "note: {with_detail} of {} reports carry contribution sums (--detail); a merge keeps them only when every report does, so the merged report has none",
            reports.len()
        );
    }
    if let Some(key) = &sign {
        report.sign(key);
    }
    print_report(&report, a.json);
    if let Some(dir) = &a.out {
        slot_sim::par::write(&report, dir)?;
    }
    Ok(())
}

/// The target RTP (a fraction) of `model` (a name or file, as `--model` takes it) for the
/// merged `report`: the model's own (a variant file's, or its variant's); refused when the
/// model is not the one the report is of.
fn model_target(report: &Report, model: &str) -> Result<f64, CliError> {
    let entry = slot_games::named(&report.par.game)
        .map_err(|_| CliError(format!("--model: no game {}", report.par.game)))?;
    let game = entry.load(slot_sim::face::ModelSource::Named(model))?;
    if game.fingerprint() != report.model_fingerprint {
        return Err(CliError(format!(
            "--model {model}: its model (sha256 {}) is not the reports' (sha256 {}); give the model the reports were simulated with",
            game.fingerprint(),
            report.model_fingerprint
        )));
    }
    Ok(game.target_rtp().fraction())
}

/// `golden <game>`: replays every listed round of the game's golden vectors
/// ([`slot_core::golden::replay`]) and rewrites their file, printing what changed.
pub fn golden(entry: GameEntryRef) -> CliResult {
    use slot_core::golden::{read, write};
    let file = entry
        .golden_file()
        .ok_or_else(|| CliError(format!("{} has no golden vectors", entry.name())))?;
    let path = crate::codegen::workspace_root().join(file);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
    let mut list = read(&text)?;
    let game = entry.load(ModelSource::Published)?;
    let (mut wins, mut logs) = (0, 0);
    for g in &mut list {
        let (win, digest) = game
            .replay_golden(g)
            .map_err(|e| CliError(format!("{file}: {e}")))?;
        if win != g.win {
            println!(
                "{} seed {} round {}: win {} -> {win}",
                g.mode, g.seed, g.round, g.win
            );
            wins += 1;
        }
        if digest != g.events_sha256 {
            logs += 1;
        }
        (g.win, g.events_sha256) = (win, digest);
    }
    slot_sim::files::write_atomic(&path, write(&list).as_bytes())?;
    println!(
        "{file}: {} rounds, {wins} wins changed, {logs} event logs changed",
        list.len()
    );
    Ok(())
}

/// `eval`: a grid evaluated alone by the game's rules ([`Game::evaluate_grid_text`]).
pub fn eval(a: &EvalArgs) -> CliResult {
    let options = slot_core::game::EvalOptions {
        free_spin: a.free_spins,
        multiplier: a.multiplier,
    };
    let r = a.game.evaluate_grid(&a.grid, options)?;
    let out = EvalOutput {
        wins: r
            .wins
            .into_iter()
            .map(|w| EvalWin {
                symbol: w.symbol,
                name: w.name,
                cells: w.cells,
                count: w.count,
                multiplier: w.multiplier,
                win: w.win.x_bet(),
            })
            .collect(),
        total: r.total.x_bet(),
        paid: r.paid.x_bet(),
        extra: r.extra,
    };
    out.print(a.json)
}

/// `session`: player sessions ([`slot_sim::session`]) printed, and written with `--out`.
pub fn session(a: &SessionArgs) -> CliResult {
    let mode = mode_name(a.game, a.mode.as_deref(), a.choice, a.ante)?;
    let game = a.game.load(source(a.model.as_deref(), a.rtp))?;
    let config = slot_sim::session::SessionConfig {
        balance: a.balance,
        bet: a.bet,
        spins: a.spins,
        players: a.players,
        seed: a.seed,
        threads: runner::threads(a.threads)?,
    };
    let setting = |e: FaceError| match e {
        FaceError::Sim(e) => CliError(format!("--{e}")),
        e => e.into(),
    };
    game.check_sessions(mode, &config).map_err(setting)?;
    let _out_dir = out_dir(a.out.as_deref())?;
    let report = game.sessions(mode, &config).map_err(setting)?;
    if a.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", report.text());
    }
    if let Some(dir) = &a.out {
        slot_sim::par::write_session(&report, dir)?;
    }
    Ok(())
}

/// Checks that `path` can be written, before any work ([`slot_sim::files::probe_writable`]):
/// an existing file is left as it is, and nothing is left behind (no new file, no missing
/// folder made for the check: the write makes it, `--out target/guide/wish-93.json` on a
/// fresh clone), so a refusal after the check leaves nothing.
///
/// # Errors
/// `--out PATH: cannot write: ...`.
pub fn probe_writable(path: &Path) -> CliResult {
    slot_sim::files::probe_writable(path)
        .map_err(|e| CliError(format!("--out {}: cannot write: {e}", path.display())))
}

/// The command line this runner was started with, as `cargo xtask ...` (a variant file's
/// record of the command that made it).
pub fn command_line() -> String {
    let args: Vec<String> = std::env::args().skip(1).collect();
    format!("cargo xtask {}", args.join(" "))
}
