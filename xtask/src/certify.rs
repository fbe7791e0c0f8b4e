//! `certify`: the evidence of one game, mode and model, end to end (`slot_sim::certify`):
//! exact (Wish Upon a Star), whole rounds in resumable chunks (Starlight Christmas), or the
//! split estimate (Moon Princess). Writes `certificate-<mode>.json` into `--dir` with the
//! chunks or the split record beside it; prints each figure against the bar. `--dir` is the
//! certification's own ([`slot_sim::files::OutputDir`]: another model's, pick's or game's
//! work is refused unless `--force`; a refused run removes the folder it created; an
//! interrupted one keeps its finished chunks and resumes); every file is read back as its
//! reader reads it and written whole or not at all.

use crate::CertifyArgs;
use crate::commands::{choice_name, load, mode_of};
use crate::progress::interrupt_flag;
use crate::runner::{self, CliError, CliResult};
use slot_core::Game;
use slot_core::game::SplitGame;
use slot_sim::Watch;
use slot_sim::certify::{Certificate, Method, WholeRoundsPlan};
use slot_sim::files::{OutputDir, Owner};
use std::path::Path;
use std::time::Instant;

/// The command line that reproduces a certification.
fn command_of(a: &CertifyArgs, game: &str, method: &str) -> String {
    let mut c = format!("cargo xtask certify {game} --dir DIR --seed {}", a.seed);
    if let Some(ch) = a.choice {
        c += &format!(" --choice {}", choice_name(ch));
    }
    if a.ante {
        c += " --ante";
    }
    match method {
        "whole" => {
            c += &format!(
                " --half-width {} --chunk-rounds {} --max-chunks {}",
                a.half_width, a.chunk_rounds, a.max_chunks
            );
        }
        "split" => {
            c += &format!(
                " --half-width {} --base-games {} --features {} --max-chunks {}",
                a.half_width, a.base_games, a.features, a.max_chunks
            );
        }
        _ => {}
    }
    if let Some(m) = &a.model {
        c += &format!(" --model {m}");
    }
    if let Some(r) = a.rtp {
        c += &format!(" --rtp {}", r.percent_text());
    }
    c
}

/// Writes `text` to `dir/name` whole or not at all (under a temporary name, renamed when
/// complete).
fn write(dir: &Path, name: &str, text: &str) -> CliResult {
    Ok(slot_sim::files::write_atomic(
        &dir.join(name),
        text.as_bytes(),
    )?)
}

/// The certificate's JSON, read back first as a reader of certificates reads it.
fn certificate_json(dir: &Path, name: &str, c: &Certificate) -> Result<String, CliError> {
    c.to_checked_json()
        .map_err(|e| CliError(format!("{}: {e}; not written", dir.join(name).display())))
}

/// What the stamp of a certification's folder names as its mode: a certification whose every
/// file is named by its mode (exact, whole rounds, a split estimate of a game whose mode
/// changes its base game) shares the folder with the game's other modes of the same model
/// (`certificate-<mode>.json`, `chunk-<mode>-NNNNN.json`, `split-<mode>-NNNNN.json`); a split
/// estimate of picks (`split.json`, `split-NNNNN.json`) owns it for its picks: "all picks" or
/// the one asked for.
pub const EVERY_MODE: &str = "any mode (files named by mode)";

/// Takes `--dir` for this certification ([`slot_sim::files::OutputDir::claim`]: command
/// `certify`, the game, `mode`, the model's fingerprint): created, or an empty folder, or one
/// holding this certification's own work (resumed: its chunks are read, not played again);
/// another model's, mode's or game's work, or files of unknown origin, are refused naming
/// them unless `--force`, which clears the folder.
fn claim<G: Game>(a: &CertifyArgs, game: &G, mode: &str) -> Result<OutputDir, CliError> {
    let owner = Owner {
        command: "certify".into(),
        game: G::NAME.into(),
        mode: mode.into(),
        model: game.fingerprint().to_string(),
    };
    if !a.force {
        adopt_unstamped(&a.dir, &owner);
    }
    OutputDir::claim(&a.dir, &owner, a.force, certify_writes)
        .map_err(|e| CliError(format!("--dir {e}")))
}

/// Whether `certify` writes a file or folder of this name into `--dir`: certificates, chunks,
/// split records (`certificate-*.json`, `chunk-*.json`, `split*.json`) and PAR folders
/// (`par-*`). Anything else in a folder of its own work is not its own, and is refused.
fn certify_writes(name: &str) -> bool {
    let json = Path::new(name).extension().is_some_and(|x| x == "json");
    (json
        && (name.starts_with("certificate-")
            || name.starts_with("chunk-")
            || name.starts_with("split")))
        || name.starts_with("par-")
}

/// A folder `certify` filled before folders carried a stamp resumes as before: when it has
/// no stamp and holds only files `certify` writes (`certificate-*.json`, `chunk-*.json`,
/// `split*.json`, `par-*/`, temporary `.*.partial-*` files), every JSON file among them of
/// this game and model, it is stamped as `owner`'s, so that [`OutputDir::claim`] takes it
/// (its chunks are then read and checked one by one as always). Anything else is left to
/// `claim`, which refuses it.
fn adopt_unstamped(dir: &Path, owner: &Owner) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut any = false;
    for e in entries {
        let Ok(e) = e else { return };
        let name = e.file_name().to_string_lossy().into_owned();
        let path = e.path();
        any = true;
        if name == slot_sim::files::STAMP {
            return;
        }
        if name.starts_with('.') && name.contains(".partial") {
            continue;
        }
        if name.starts_with("par-") && path.is_dir() {
            continue;
        }
        let ours = (name.starts_with("certificate-")
            || name.starts_with("chunk-")
            || name.starts_with("split"))
            && Path::new(&name).extension().is_some_and(|x| x == "json");
        if !ours || !path.is_file() {
            return;
        }
        let Ok(bytes) =
            slot_sim::files::read_bounded(&path, slot_sim::files::MAX_JSON_BYTES, "a certify file")
        else {
            return;
        };
        let Ok(v) = serde_json::from_slice::<serde_json::Value>(&bytes) else {
            return;
        };
        let of_it = v["game"].as_str() == Some(owner.game.as_str())
            && v["model_fingerprint"].as_str() == Some(owner.model.as_str());
        if !of_it {
            return;
        }
    }
    if any {
        let stamp = serde_json::to_string_pretty(owner).unwrap_or_default() + "\n";
        let _ = slot_sim::files::write_atomic(&dir.join(slot_sim::files::STAMP), stamp.as_bytes());
    }
}

/// Runs `work` in the claimed folder; a refusal gives the folder up
/// ([`OutputDir::abandon`]: a folder this run created is removed), an interruption keeps it
/// (its finished chunks resume).
fn in_folder(dir: OutputDir, work: impl FnOnce(&Path) -> CliResult) -> CliResult {
    let result = work(dir.path());
    if result.is_err() && !crate::progress::interrupted() {
        dir.abandon();
    }
    result
}

/// The half-width goal, a fraction, checked.
fn goal(a: &CertifyArgs) -> Result<f64, CliError> {
    if a.half_width.is_finite() && a.half_width > 0.0 && a.half_width <= 100.0 {
        Ok(a.half_width / 100.0)
    } else {
        Err(CliError(format!(
            "--half-width is in percentage points, above 0 and at most 100 (e.g. 0.05); it was {}",
            a.half_width
        )))
    }
}

/// Prints a certificate's verdict; one that does not meet the bar makes the runner exit with
/// status 1 (after every certificate of the run is written).
fn print_certificate(c: &Certificate, core_seconds: f64) {
    if !c.meets {
        runner::fail_verdict();
    }
    let figure = match c.half_width_99 {
        Some(h) => format!("{:.4} % +- {:.4} pp (99 %)", c.rtp * 100.0, h * 100.0),
        None => format!("{:.6} % (exact)", c.rtp * 100.0),
    };
    let how = match &c.method {
        Method::Exact => "computed from the model".to_string(),
        Method::WholeRounds {
            chunk_rounds,
            chunks,
            seed,
        } => format!("{chunks} chunks of {chunk_rounds} rounds, seeds {seed}.."),
        Method::Split {
            base_games,
            features,
            seed,
        } => format!("split: {base_games} base games (seed {seed}), {features} features"),
    };
    println!(
        "{} ({}): RTP {figure}, target {:.2} % (distance {:+.4} pp): {}; {how}; {:.1} thread-minutes (threads x wall time)",
        c.game,
        c.mode,
        c.target_rtp * 100.0,
        (c.rtp - c.target_rtp) * 100.0,
        if c.meets {
            "meets the bar".to_string()
        } else {
            format!(
                "does NOT meet the bar (a reliable interval, 99 % half-width at most {:.2} pp, distance at most {:.2} pp{})",
                slot_sim::certify::MAX_HALF_WIDTH * 100.0,
                slot_sim::certify::MAX_DISTANCE * 100.0,
                c.interval_warning
                    .as_ref()
                    .map_or(String::new(), |w| format!("; the interval: {w}"))
            )
        },
        core_seconds / 60.0
    );
}

/// `certify` of a game that computes its RTP exactly, or by whole rounds in chunks.
pub fn certify<G: Game>(a: &CertifyArgs) -> CliResult {
    let mode = mode_of::<G>(a.choice, a.ante)?;
    let (game, target) = load::<G>(a.model.as_deref(), a.rtp)?;
    let target = target.fraction();
    let threads = runner::threads(a.threads)?;
    let half_width = goal(a)?;
    let name = format!("certificate-{}.json", G::mode_name(mode));
    if let Some(c) = slot_sim::certify::exact(&game, mode, command_of(a, G::NAME, "exact")) {
        let c = c.with_target(target);
        if a.only_chunk.is_some() {
            return Err(CliError(format!(
                "--only-chunk: {} is certified exactly, without chunks",
                G::NAME
            )));
        }
        let text = certificate_json(&a.dir, &name, &c)?;
        return in_folder(claim(a, &game, &format!("exact, {EVERY_MODE}"))?, |dir| {
            write(dir, &name, &text)?;
            print_certificate(&c, 0.0);
            Ok(())
        });
    }
    let plan = WholeRoundsPlan {
        seed: a.seed,
        chunk_rounds: a.chunk_rounds,
        max_chunks: a.max_chunks,
        half_width,
        threads,
    };
    slot_sim::certify::check_plan(&plan)?;
    if let Some(i) = a.only_chunk
        && i >= a.max_chunks
    {
        return Err(CliError(format!(
            "--only-chunk {i}: the chunks are 0 to {} (--max-chunks {})",
            a.max_chunks - 1,
            a.max_chunks
        )));
    }
    let watch = Watch {
        progress: None,
        stop: Some(interrupt_flag()),
    };
    in_folder(
        claim(a, &game, &format!("whole rounds, {EVERY_MODE}"))?,
        |dir| whole_rounds_in(a, &game, mode, &plan, dir, target, watch),
    )
}

/// The whole-rounds certification (or `--only-chunk`'s one chunk) in its claimed folder.
fn whole_rounds_in<G: Game>(
    a: &CertifyArgs,
    game: &G,
    mode: G::Mode,
    plan: &WholeRoundsPlan,
    dir: &Path,
    target: f64,
    watch: Watch<'_>,
) -> CliResult {
    let name = format!("certificate-{}.json", G::mode_name(mode));
    if let Some(i) = a.only_chunk {
        let (r, read) = slot_sim::certify::chunk(game, mode, plan, dir, i, watch)?;
        println!(
            "chunk {i} {}: seed {}, {} rounds, RTP {:.4} % ({})",
            if read { "was there" } else { "played" },
            r.par.seed,
            r.par.rounds,
            r.par.rtp * 100.0,
            slot_sim::certify::chunk_path(dir, G::mode_name(mode), i).display()
        );
        return Ok(());
    }
    let (c, merged) = slot_sim::certify::whole_rounds(
        game,
        mode,
        plan,
        dir,
        command_of(a, G::NAME, "whole"),
        watch,
        |i, read, sums| {
            if !a.quiet {
                eprintln!(
                    "chunk {i} {}: {} rounds, RTP {:.4} % +- {:.4} pp (99 %)",
                    if read { "read" } else { "played" },
                    sums.rounds,
                    sums.rtp() * 100.0,
                    sums.half_width(slot_sim::stats::ConfidenceLevel::P99.z()) * 100.0
                );
            }
        },
    )?;
    let c = c.with_target(target);
    let text = certificate_json(dir, &name, &c)?;
    let par = dir.join(format!("par-{}", G::mode_name(mode)));
    slot_sim::par::create_dir(&par)?;
    slot_sim::par::write(&merged, &par)?;
    write(dir, &name, &text)?;
    // The chunks' own thread-seconds (read chunks included): the machine time of the figure.
    let p = &merged.par;
    let core_seconds = if p.rounds_per_second_per_thread > 0.0 {
        p.rounds as f64 / p.rounds_per_second_per_thread
    } else {
        0.0
    };
    print_certificate(&c, core_seconds);
    Ok(())
}

/// `certify` of a split game (Moon Princess): the split estimate of each pick asked for.
pub fn certify_split<G: SplitGame>(a: &CertifyArgs) -> CliResult {
    let (game, target) = load::<G>(a.model.as_deref(), a.rtp)?;
    let target = target.fraction();
    let threads = runner::threads(a.threads)?;
    if a.only_chunk.is_some() {
        return Err(CliError(format!(
            "--only-chunk: {} is certified by a split estimate here; --only-chunk plays one chunk of whole rounds (--whole-rounds)",
            G::NAME
        )));
    }
    let half_width = goal(a)?;
    // Also refuses --ante for a game whose picks do not take it.
    let chosen = mode_of::<G>(a.choice, a.ante)?;
    let modes: Vec<G::Mode> = match (G::BASE_BY_MODE, a.choice) {
        // The mode changes the base game: one mode per certification.
        (true, _) | (false, Some(_)) => vec![chosen],
        (false, None) => G::MODES.to_vec(),
    };
    let owner_mode = match (G::BASE_BY_MODE, a.choice) {
        (true, _) => EVERY_MODE.to_string(),
        (false, Some(_)) => G::mode_name(chosen).to_string(),
        (false, None) => "all picks".to_string(),
    };
    let watch = Watch {
        progress: None,
        stop: Some(interrupt_flag()),
    };
    in_folder(claim(a, &game, &format!("split, {owner_mode}"))?, |dir| {
        split_in(
            a, &game, &modes, chosen, dir, target, half_width, threads, watch,
        )
    })
}

/// The split certification of `modes` in its claimed folder.
#[allow(clippy::too_many_arguments)]
fn split_in<G: SplitGame>(
    a: &CertifyArgs,
    game: &G,
    modes: &[G::Mode],
    chosen: G::Mode,
    dir: &Path,
    target: f64,
    half_width: f64,
    threads: usize,
    watch: Watch<'_>,
) -> CliResult {
    let start = Instant::now();
    let command = command_of(a, G::NAME, "split");
    let plan = slot_sim::certify::SplitPlan {
        seed: a.seed,
        base_games: a.base_games,
        features: a.features,
        max_chunks: a.max_chunks,
        half_width,
        threads,
    };
    let record = slot_sim::certify::split_chunks(
        game,
        modes,
        &plan,
        dir,
        command.clone(),
        watch,
        |i, read, r| {
            if !a.quiet {
                let worst = r
                    .estimates()
                    .iter()
                    .map(|(_, e)| e.half_width_99)
                    .fold(0.0, f64::max);
                eprintln!(
                    "chunk {i} {}: {} base games, {} features per {}; widest 99 % half-width {:.4} pp",
                    if read { "read" } else { "played" },
                    r.base.rounds,
                    r.picks.first().map_or(0, |p| p.features),
                    if G::MODE_IS_PICK { "pick" } else { "mode" },
                    worst * 100.0
                );
            }
        },
    )?;
    let record_name = if G::BASE_BY_MODE {
        format!("split-{}.json", G::mode_name(chosen))
    } else {
        "split.json".to_string()
    };
    let record_text = record.to_checked_json::<G>().map_err(|e| {
        CliError(format!(
            "{}: {e}; not written",
            dir.join(&record_name).display()
        ))
    })?;
    write(dir, &record_name, &record_text)?;
    let core_seconds = start.elapsed().as_secs_f64() * threads as f64;
    for (&mode, (_, e)) in modes.iter().zip(record.estimates()) {
        let c = Certificate::new(
            game,
            mode,
            Method::Split {
                base_games: record.base.rounds,
                features: record.picks.first().map_or(0, |p| p.features),
                seed: a.seed,
            },
            e.rtp,
            Some(e.half_width_99),
            None,
            half_width,
            command.clone(),
        )
        .with_target(target);
        let c = Certificate {
            bias_bound: e.cap_overcount,
            ..c
        };
        let name = format!("certificate-{}.json", G::mode_name(mode));
        let text = certificate_json(dir, &name, &c)?;
        write(dir, &name, &text)?;
        print_certificate(&c, core_seconds);
    }
    Ok(())
}
