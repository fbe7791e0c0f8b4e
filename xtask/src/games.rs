//! The commands that reach a game's registry capabilities: `exact` (its exact figures) and
//! `tune` (its tuner), and the grid codes of `eval --help`. Every other command is written
//! once for all games (`commands`).

use crate::runner::{self, CliError, CliResult};
use crate::{ExactArgs, TuneArgs};
use slot_sim::tuner::{RetuneRequest, VariantRequest};

/// The cell codes of every game of the registry ([`slot_core::Game::CELL_CODES`]), shown by
/// `cargo xtask eval --help`: one block per game, its lines aligned after the name.
pub fn grid_codes_help() -> String {
    let games = slot_games::all();
    let width = games.iter().map(|g| g.name().len() + 2).max().unwrap_or(0);
    let mut text =
        String::from("Grid: rows from the top separated by '/', cells by spaces. Cell codes:\n");
    for g in games {
        let label = format!("{}:", g.name());
        for (i, line) in g.cell_codes().lines().enumerate() {
            let shown = if i == 0 { label.as_str() } else { "" };
            text += &format!("  {shown:<width$}{line}\n");
        }
    }
    text + "Example: cargo xtask eval moon-princess --grid \"ci ci ci st he/be he st ci pg/pg pb pr W st/ci ci he he be/st st st be be\""
}

/// `exact`: the figures computed exactly from the model, for a game whose registry line
/// declares them ([`slot_games::GameEntry::exact`]), as text or JSON.
pub fn exact(a: &ExactArgs) -> CliResult {
    let report = a
        .game
        .exact(crate::commands::source(a.model.as_deref(), a.rtp))?;
    if a.json {
        println!("{}", report.json());
    } else {
        print!("{}", report.text());
    }
    Ok(())
}

/// `tune`: the game's tuner ([`slot_games::GameEntry::tuner`]): a variant for
/// `--target-rtp` (its file written to `--out`), else the model's knobs re-tuned.
pub fn tune(a: &TuneArgs) -> CliResult {
    // clap refuses --rounds 0 already; keep the guard where the tuners divide by it.
    if a.rounds == 0 {
        return Err(CliError("--rounds must be at least 1".into()));
    }
    let tuner = a.game.tuner()?;
    let run = slot_sim::run::SeededRun {
        rounds: a.rounds,
        seed: a.seed,
        threads: runner::threads(a.threads)?,
    };
    let mut say = |line: String| println!("{line}");
    let Some(target) = a.target_rtp else {
        let mode = match (&a.mode, a.choice, a.ante) {
            (None, None, false) => None,
            _ => Some(crate::commands::mode_name(
                a.game,
                a.mode.as_deref(),
                a.choice,
                a.ante,
            )?),
        };
        let request = RetuneRequest {
            model: a.model.as_deref(),
            mode,
            run,
        };
        return Ok(tuner.retune(&request, &mut say)?);
    };
    if a.model.is_some() || a.ante || a.choice.is_some() || a.mode.is_some() {
        return Err(CliError(format!(
            "tune {} --target-rtp derives a variant of the published model in every mode; --model, --mode, --ante and --choice are not taken",
            a.game.name()
        )));
    }
    if let Some(out) = &a.out {
        crate::commands::probe_writable(out)?;
    }
    let request = VariantRequest {
        target,
        command: crate::commands::command_line(),
        run,
    };
    let file = tuner.variant(&request, &mut say)?;
    print!("{}", file.text);
    for w in &file.warnings {
        eprintln!("warning: {w}");
    }
    match &a.out {
        Some(path) => {
            slot_sim::files::write_atomic(path, file.json.as_bytes())?;
            println!(
                "wrote {} (play it with --model {})",
                path.display(),
                path.display()
            );
        }
        None => println!("(give --out FILE to write the variant file)"),
    }
    // A variant that does not hold its shape is written (to be looked at) but is not a
    // result: exit status 1, as `certify` gives for a certificate below the bar.
    if !file.holds {
        runner::fail_verdict();
    }
    Ok(())
}
