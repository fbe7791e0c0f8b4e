//! What a test lab and an operator are given: `lab-kit` (the folder a lab works from,
//! [`slot_sim::labkit`]), `equivalence record|check` (outcome equivalence between builds,
//! [`slot_sim::equivalence`]) and `monitor` (live-RTP bands and verdict,
//! [`slot_sim::monitor`]). The work is the library's; this module gathers what only the
//! runner knows (the repository, the toolchain, the binary, the committed certification
//! files) and prints.

use crate::commands::{DEFAULT_SEED, game_of};
use crate::runner::{CliError, CliResult};
use crate::{Game as GameArg, with_game};
use clap::{Args, Subcommand};
use slot_core::Game;
use slot_sim::equivalence::{self, EquivalenceRecord};
use slot_sim::labkit::{self, KitInputs, ModeRtp};
use slot_sim::monitor::{self, Certified};
use slot_sim::{Report, SimConfig, Watch};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Arguments of `lab-kit`.
#[derive(Args, Debug, Clone)]
pub struct LabKitArgs {
    /// The game.
    pub game: GameArg,
    /// Moon Princess: the free-spin pick (default love).
    #[arg(long, value_enum)]
    pub choice: Option<crate::Choice>,
    /// Starlight Christmas: the ante bet.
    #[arg(long)]
    pub ante: bool,
    /// The folder to write (created; files in it are replaced).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Rounds whose scaled outcomes `outcomes.csv` lists.
    #[arg(long, default_value_t = 10_000)]
    pub rounds: u64,
    /// Bytes of each raw generator stream.
    #[arg(long, default_value_t = 16 << 20)]
    pub bytes: u64,
    /// Seed of the outcomes, the simulator's stream and the PAR run.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Rounds of the PAR run (`par/`).
    #[arg(long, default_value_t = 1_000_000)]
    pub par_rounds: u64,
    /// The math model: a shipped model by name, or the path of a model file.
    #[arg(long, value_name = "NAME|FILE")]
    pub model: Option<String>,
    /// Run Dieharder's whole battery (`dieharder -a`) on each generator's stream, fed on
    /// standard input (`-g 200`), summary in the kit (slow: hours).
    #[arg(long)]
    pub dieharder: bool,
    /// Run only these Dieharder tests (`-d N` each, e.g. `0,1,2`) instead of the battery.
    #[arg(long, value_delimiter = ',', value_name = "N,...")]
    pub dieharder_tests: Vec<u32>,
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
        #[arg(long, default_value_t = 100)]
        rounds: u64,
        /// The seed.
        #[arg(long, default_value_t = DEFAULT_SEED)]
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
    pub game: GameArg,
    /// Moon Princess: the free-spin pick (default love).
    #[arg(long, value_enum)]
    pub choice: Option<crate::Choice>,
    /// Starlight Christmas: the ante bet.
    #[arg(long)]
    pub ante: bool,
    /// Rounds played at this stake level.
    #[arg(long)]
    pub rounds: u64,
    /// Total staked at this stake level (any money unit).
    #[arg(long)]
    pub staked: f64,
    /// Total won at this stake level (the same unit).
    #[arg(long)]
    pub won: f64,
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

fn read(path: &Path) -> Result<String, CliError> {
    std::fs::read_to_string(path)
        .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))
}

/// A `sim --json` report, checked as `merge` reads it.
fn report_file(path: &Path) -> Result<Report, CliError> {
    Ok(Report::from_json(
        path,
        &read(path)?,
        &crate::commands::catalog(),
    )?)
}

/// The committed certification files of the shipped model (`README`, "Certification
/// figures"), as (name in the kit, file).
fn certification_files(game: GameArg) -> Vec<(String, PathBuf)> {
    let r = root();
    match game {
        GameArg::MoonPrincess => {
            let f = moon_princess::math_model::CONFIRMED_RECORD;
            vec![(
                f.to_string(),
                r.join("crates/moon_princess/confirmation").join(f),
            )]
        }
        // The split certification of each mode (record and certificate), then the whole-round
        // run of each mode (its sd, hit frequency, cap odds).
        GameArg::StarlightChristmas => {
            use starlight_christmas::math_model::{CERTIFIED, PAR_REPORTS};
            let c = r.join("crates/starlight_christmas/confirmation");
            let split = CERTIFIED.iter().flat_map(|f| {
                [f.record.to_string(), format!("certificate-{}.json", f.mode)].map(|name| {
                    (
                        format!("split_certification/{name}"),
                        c.join("split_certification").join(name),
                    )
                })
            });
            let par = PAR_REPORTS.iter().flat_map(|d| {
                ["report.json", "report.md"].map(|f| (format!("{d}/{f}"), c.join(d).join(f)))
            });
            split.chain(par).collect()
        }
        // Its RTP is exact (`cargo xtask exact wish-upon-a-star`); the committed report of
        // its default run gives the sd.
        GameArg::WishUponAStar => vec![(
            "docs-par-report.json".into(),
            r.join("docs/par/wish-upon-a-star/report.json"),
        )],
    }
}

/// The split record at `path` of a `G` model with fingerprint `fingerprint`, read and checked
/// (its sums; refused if it is of another model, with `stale`'s error), and the mode's
/// estimate: (RTP, sd of whole rounds from the record's sums, [`monitor::split_sd`]).
fn split_figures<G: slot_core::game::SplitGame>(
    path: &Path,
    mode_name: &str,
    fingerprint: &slot_core::fingerprint::Fingerprint,
    stale: impl Fn(&Path) -> CliError,
) -> Result<(f64, f64), CliError> {
    let rec: slot_sim::split::SplitRecord = serde_json::from_str(&read(path)?)
        .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    rec.check::<G>()
        .map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    if rec.model_fingerprint != *fingerprint {
        return Err(stale(path));
    }
    let (est, pick) = rec
        .estimates()
        .into_iter()
        .zip(&rec.picks)
        .find(|((p, _), _)| p == mode_name)
        .map(|((_, e), f)| (e, f))
        .ok_or_else(|| CliError(format!("no mode {mode_name} in {}", path.display())))?;
    Ok((est.rtp, monitor::split_sd(&rec.base, pick, rec.stake)))
}

/// The certified mean and sd of `mode_name` of the shipped model: Moon Princess from its split
/// record (RTP B + q V; sd of whole rounds from the record's sums, [`monitor::split_sd`]),
/// Starlight Christmas from its split certification records (sd from its whole-round runs),
/// Wish Upon a Star's exact RTP with the sd of its committed 10-million-round report
/// (`docs/par`). `report`: a `sim --json` report to take both from instead.
pub fn certified(
    game: GameArg,
    mode_name: &str,
    report: Option<&Path>,
) -> Result<Certified, CliError> {
    if let Some(path) = report {
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
        return Ok(Certified {
            rtp: r.par.rtp,
            sd: r.par.sd,
            source: format!(
                "the simulation {} ({} rounds, seed {}, model {})",
                path.display(),
                r.par.rounds,
                r.par.seed,
                r.model_fingerprint.short()
            ),
        });
    }
    let stale = |file: &Path| {
        CliError(format!(
            "{} is not of the shipped model any more: certify the model again, or give --report FILE",
            file.display()
        ))
    };
    match game {
        GameArg::MoonPrincess => {
            let (_, path) = &certification_files(game)[0];
            let (rtp, sd) = split_figures::<moon_princess::MoonPrincess>(
                path,
                mode_name,
                &moon_princess::MathModel::standard().fingerprint(),
                stale,
            )?;
            Ok(Certified {
                rtp,
                sd,
                source: format!(
                    "certification record {} (split estimate; sd of whole rounds from its sums)",
                    moon_princess::math_model::CONFIRMED_RECORD
                ),
            })
        }
        GameArg::StarlightChristmas => {
            use starlight_christmas::math_model::{CERTIFIED, PAR_REPORTS};
            let i = CERTIFIED
                .iter()
                .position(|c| c.mode == mode_name)
                .ok_or_else(|| CliError(format!("no certified figure of mode {mode_name}")))?;
            // The files: record and certificate of each mode, then the two whole-round runs'
            // report.json and report.md.
            let files = certification_files(game);
            let (_, record_path) = &files[2 * i];
            let rec: slot_sim::split::SplitRecord = serde_json::from_str(&read(record_path)?)
                .map_err(|e| CliError(format!("{}: {e}", record_path.display())))?;
            rec.check::<starlight_christmas::StarlightChristmas>()
                .map_err(|e| CliError(format!("{}: {e}", record_path.display())))?;
            let (_, path) = &files[2 * CERTIFIED.len() + 2 * i];
            let r = report_file(path)?;
            let shipped = starlight_christmas::MathModel::standard().fingerprint();
            if rec.model_fingerprint != shipped {
                return Err(stale(record_path));
            }
            if r.model_fingerprint != shipped {
                return Err(stale(path));
            }
            let [(_, est)] = <[_; 1]>::try_from(rec.estimates())
                .map_err(|_| CliError(format!("{}: one mode per record", record_path.display())))?;
            Ok(Certified {
                rtp: est.rtp,
                sd: r.par.sd,
                source: format!(
                    "certification record split_certification/{} (split estimate) with the sd of the whole-round run {} ({} rounds, seed {})",
                    CERTIFIED[i].record, PAR_REPORTS[i], r.par.rounds, r.par.seed
                ),
            })
        }
        GameArg::WishUponAStar => {
            let game = wish_upon_a_star::WishUponAStar::standard();
            let (_, path) = &certification_files(GameArg::WishUponAStar)[0];
            let r = report_file(path)?;
            if r.model_fingerprint != game.fingerprint() {
                return Err(stale(path));
            }
            let rtp = game
                .exact_rtp(wish_upon_a_star::WishUponAStar::MODES[0])
                .ok_or_else(|| CliError("no exact RTP".into()))?;
            Ok(Certified {
                rtp,
                sd: r.par.sd,
                source: format!(
                    "exact RTP; sd from docs/par/wish-upon-a-star/report.json ({} rounds, seed {})",
                    r.par.rounds, r.par.seed
                ),
            })
        }
    }
}

/// The certified mean and sd of `mode_name` of the variant of `game`'s ladder at `rtp`: the
/// published one's ([`certified`]) for the published variant; another's from the record its
/// evidence names (Moon Princess, Starlight Christmas: the split estimate, sd of whole rounds
/// from the record's sums, [`split_figures`]) or, for Wish Upon a Star, its exact RTP with
/// the sd of its variant file's shape run.
fn certified_variant(
    game: GameArg,
    rtp: slot_core::game::TargetRtp,
    mode_name: &str,
) -> Result<Certified, CliError> {
    let (model, fingerprint) = with_game!(game, G => {
        let (g, _) = crate::commands::load::<G>(None, Some(rtp))?;
        let v = g
            .variant()
            .ok_or_else(|| CliError(format!("{} has no RTP variant {rtp}", G::NAME)))?;
        (v.model, g.fingerprint())
    });
    if model == "standard" {
        return certified(game, mode_name, None);
    }
    let no_evidence = || CliError(format!("no certification of the {rtp} variant ({model})"));
    let stale = |path: &Path| {
        CliError(format!(
            "{} is not of the {rtp} variant's model any more: certify it again",
            path.display()
        ))
    };
    let crates = root().join("crates");
    let (path, (mean, sd)) = match game {
        GameArg::MoonPrincess => {
            let e =
                moon_princess::math_model::VariantEvidence::of(model).ok_or_else(no_evidence)?;
            let path = crates
                .join("moon_princess")
                .join(e.records_dir())
                .join(e.record);
            let f = split_figures::<moon_princess::MoonPrincess>(
                &path,
                mode_name,
                &fingerprint,
                stale,
            )?;
            (path, f)
        }
        GameArg::StarlightChristmas => {
            let e = starlight_christmas::math_model::VariantEvidence::of(model)
                .ok_or_else(no_evidence)?;
            let c = e
                .certified
                .iter()
                .find(|c| c.mode == mode_name)
                .ok_or_else(|| CliError(format!("no certified figure of mode {mode_name}")))?;
            let path = crates
                .join("starlight_christmas/confirmation")
                .join(e.records_dir())
                .join(c.record);
            let f = split_figures::<starlight_christmas::StarlightChristmas>(
                &path,
                mode_name,
                &fingerprint,
                stale,
            )?;
            (path, f)
        }
        GameArg::WishUponAStar => {
            // Its exact RTP; the sd of its variant file's shape run (the file is in the crate).
            use wish_upon_a_star::math_model::VARIANT_FILES;
            let (_, text) = VARIANT_FILES
                .iter()
                .find(|(n, _)| *n == model)
                .ok_or_else(no_evidence)?;
            let file = slot_core::variant::read_variant_file::<wish_upon_a_star::MathModel>(
                wish_upon_a_star::WishUponAStar::NAME,
                text,
            )
            .map_err(|e| CliError(format!("variant {model}: {e}")))?;
            let g = wish_upon_a_star::WishUponAStar::new(&file.model)?;
            let mean = g
                .exact_rtp(wish_upon_a_star::WishUponAStar::MODES[0])
                .ok_or_else(|| CliError("no exact RTP".into()))?;
            let sd = file
                .tuning
                .shape
                .iter()
                .find(|c| c.figure.starts_with("standard deviation"))
                .ok_or_else(|| CliError(format!("variant {model}: no sd in its shape")))?;
            return Ok(Certified {
                rtp: mean,
                sd: sd.variant,
                source: format!(
                    "exact RTP of the {rtp} variant; sd from its variant file's shape run ({})",
                    sd.how
                ),
            });
        }
    };
    Ok(Certified {
        rtp: mean,
        sd,
        source: format!(
            "certification record of the {rtp} variant, {} (split estimate; sd of whole rounds from its sums)",
            path.strip_prefix(root()).unwrap_or(&path).display()
        ),
    })
}

fn game_name(game: GameArg) -> &'static str {
    with_game!(game, G => G::NAME)
}

/// `monitor`: the bands after N rounds, the verdict and the p-value.
pub fn monitor(a: &MonitorArgs) -> CliResult {
    let mode =
        with_game!(a.game, G => G::mode_name(crate::commands::mode_of::<G>(a.choice, a.ante)?));
    let cert = match a.rtp {
        Some(rtp) => certified_variant(a.game, rtp, mode)?,
        None => certified(a.game, mode, a.report.as_deref())?,
    };
    let c = monitor::check(&cert, a.rounds, a.staked, a.won)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&c)?);
    } else {
        println!("{} ({mode}), one stake level", game_name(a.game));
        print!("{}", c.text());
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
            for game in [
                GameArg::MoonPrincess,
                GameArg::WishUponAStar,
                GameArg::StarlightChristmas,
            ] {
                with_game!(game, G => {
                    for &model in G::MODEL_NAMES {
                        let g = game_of::<G>(Some(model), None)?;
                        for &mode in G::MODES {
                            entries.push(equivalence::record(&g, model, mode, *seed, *rounds));
                        }
                    }
                });
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
            let bytes = slot_sim::files::read_bounded(
                file,
                equivalence::MAX_FILE_BYTES,
                "an equivalence record",
            )?;
            let text = String::from_utf8(bytes).map_err(|_| {
                CliError(format!(
                    "{}: not an equivalence record (not UTF-8 text)",
                    file.display()
                ))
            })?;
            let record = EquivalenceRecord::from_json(&text)
                .map_err(|e| CliError(format!("{}: {e}", file.display())))?;
            for e in &record.entries {
                let game = [
                    GameArg::MoonPrincess,
                    GameArg::WishUponAStar,
                    GameArg::StarlightChristmas,
                ]
                .into_iter()
                .find(|&g| game_name(g) == e.game)
                .ok_or_else(|| CliError(format!("unknown game '{}' in the record", e.game)))?;
                with_game!(game, G => {
                    let g = game_of::<G>(Some(&e.model), None)?;
                    equivalence::check(&g, e)
                        .map_err(|d| CliError(format!("outcomes differ: {d}")))?;
                });
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
fn rules_text(game: GameArg) -> Option<String> {
    let dir = match game {
        GameArg::MoonPrincess => "moon_princess",
        GameArg::WishUponAStar => "wish_upon_a_star",
        GameArg::StarlightChristmas => "starlight_christmas",
    };
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

/// `lab-kit`: the folder a lab works from ([`slot_sim::labkit`]).
pub fn lab_kit(a: &LabKitArgs) -> CliResult {
    with_game!(a.game, G => lab_kit_of::<G>(a))
}

fn lab_kit_of<G: Game>(a: &LabKitArgs) -> CliResult {
    let mode = crate::commands::mode_of::<G>(a.choice, a.ante)?;
    let model_name = a.model.as_deref().unwrap_or("standard");
    let game = game_of::<G>(Some(model_name), None)?;
    let model: G::Model = match G::named_model(model_name) {
        Some(m) => m,
        None => serde_json::from_str(&read(Path::new(model_name))?)?,
    };
    if a.rounds == 0 || a.par_rounds == 0 || a.bytes == 0 {
        return Err(CliError(
            "--rounds, --par-rounds and --bytes must be at least 1".into(),
        ));
    }
    let mut production = slot_core::rng::server_rng()?;
    let shipped = model_name == "standard";
    // The RTP of every mode: the certified figures of the shipped model.
    let mut rtps = Vec::new();
    let mut award_reports = Vec::new();
    if shipped {
        for &m in G::MODES {
            let c = certified(a.game, G::mode_name(m), None)?;
            rtps.push(ModeRtp {
                mode: G::mode_name(m),
                rtp: c.rtp,
                how: c.source,
            });
        }
        if a.game == GameArg::StarlightChristmas {
            // The whole-round runs' reports (not the split records): their award odds.
            for (name, path) in certification_files(a.game) {
                if name.ends_with("report.json") {
                    award_reports.push((format!("whole-round run {name}"), report_file(&path)?));
                }
            }
        }
    }
    let files = output("git", &["ls-files"]).unwrap_or_default();
    let sources: Vec<(String, PathBuf)> = files
        .lines()
        .filter(|f| !f.starts_with("fuzz/"))
        .map(|f| (f.to_string(), root().join(f)))
        .filter(|(_, p)| p.is_file())
        .collect();
    let commit = output("git", &["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty = output("git", &["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|s| !s.trim().is_empty());
    let toolchain = format!(
        "# rustc -vV\n{}\n# cargo -V\n{}\n# rust-toolchain.toml\n{}",
        output("rustc", &["-vV"]).unwrap_or_default(),
        output("cargo", &["-V"]).unwrap_or_default(),
        std::fs::read_to_string(root().join("rust-toolchain.toml")).unwrap_or_default()
    );
    // The options that choose this mode again (as `mode_of` reads them).
    let mode_arg = match G::mode_name(mode) {
        name if G::MODE_IS_PICK => format!(" --choice {name}"),
        "ante" => " --ante".to_string(),
        _ => String::new(),
    };
    let rebuild = format!(
        "# How to rebuild this kit and get the same outcomes\n\n\
         Built from commit `{}`{}.\n\n\
         ```sh\n\
         git checkout {0}\n\
         cargo build --release --locked -p xtask   # the toolchain of rust-toolchain.toml (toolchain.txt)\n\
         cargo xtask lab-kit {} --out kit{mode_arg} --rounds {} --bytes {} --seed {} --par-rounds {}{}\n\
         sha256sum kit/outcomes.csv kit/model.json  # equal to this kit's (MANIFEST.sha256)\n\
         ```\n\n\
         Every file of the kit but the production stream (seeded from the operating system, by\n\
         design), `bin/` (a rebuild's binary may differ in its embedded paths), `toolchain.txt`, the\n\
         PAR run's timings (`par/report.*`) and this file is then the same byte for byte. Check\n\
         this kit: `cd kit && sha256sum -c MANIFEST.sha256`. Check outcome equivalence with the build\n\
         that produced it: `cargo xtask equivalence check xtask/tests/equivalence.json`.\n\n\
         Dieharder on the raw streams: `dieharder -a -g 201 -f rng-raw-production.bin` (the file is\n\
         re-read from its start when a test needs more: give `--bytes` of a few GB, or let the kit\n\
         feed the generator to `dieharder -a -g 200` on standard input: `--dieharder`).\n",
        commit.trim(),
        if dirty {
            " with uncommitted changes (the copies in `source/` are what was built)"
        } else {
            ""
        },
        G::NAME,
        a.rounds,
        a.bytes,
        a.seed,
        a.par_rounds,
        a.model
            .as_deref()
            .map_or(String::new(), |m| format!(" --model {m}"))
    );
    let inputs = KitInputs {
        rounds: a.rounds,
        bytes: a.bytes,
        seed: a.seed,
        sources,
        binary: std::env::current_exe().ok(),
        toolchain,
        certification: if shipped {
            certification_files(a.game)
        } else {
            Vec::new()
        },
        rules_text: rules_text(a.game),
        rtps,
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
    let par = slot_sim::simulate(&game, mode, &config, Watch::default())?;
    let summary = labkit::write_kit(&game, &model, mode, &inputs, &mut production, &par, &a.out)?;
    if a.dieharder || !a.dieharder_tests.is_empty() {
        let args: Vec<String> = if a.dieharder_tests.is_empty() {
            vec!["-a".into()]
        } else {
            a.dieharder_tests
                .iter()
                .flat_map(|t| ["-d".to_string(), t.to_string()])
                .collect()
        };
        let mut simulator = slot_core::sim::batch_rng(a.seed, 0);
        let outs = [
            ("production", run_dieharder(&mut production, &args)?),
            ("simulator", run_dieharder(&mut simulator, &args)?),
        ];
        for (name, out) in outs {
            let (p, w, f) = dieharder_counts(&out);
            let file = format!("dieharder-{name}.txt");
            std::fs::write(a.out.join(&file), &out)
                .map_err(|e| CliError(format!("cannot write {file}: {e}")))?;
            println!("dieharder on the {name} stream: {p} PASSED, {w} WEAK, {f} FAILED ({file})");
        }
    }
    labkit::write_manifest(&a.out)?;
    println!(
        "{}: outcomes.csv {} draws of {} rounds (sha256 {}); chi-square: {}",
        a.out.display(),
        summary.outcome_rows,
        a.rounds,
        summary.outcomes_sha256,
        summary.outcomes.verdict()
    );
    Ok(())
}
