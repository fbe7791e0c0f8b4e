//! A lab kit end to end ([`build`], the runner's `lab-kit`): every setting checked before
//! any work, the output folder claimed ([`crate::files::OutputDir`], command `lab-kit`, the
//! game, mode and model) and left alone while the kit is built in a new folder beside it,
//! the kit's files written through [`crate::labkit`] (streams, outcomes, model, rules,
//! PAR files, disclosure, certification records from [`crate::evidence::kit`], the source
//! from [`crate::kit_source`], its vendored dependencies), Dieharder run if asked
//! ([`crate::dieharder`]), the manifest written last, and the complete kit moved into place
//! ([`replace_folder`]), so a refused, failed or interrupted run never touches a finished
//! kit. The folder a run builds in (`.<out>.partial-<pid>`) is left behind only when the
//! process ends mid-build (the runner's Ctrl-C, a kill); the next build into the same folder
//! removes it once that process no longer runs, and says so
//! ([`crate::files::remove_stale_folders`]).

use crate::dieharder::{self, DieharderError, RANK_TEST_BYTES};
use crate::error::SimError;
use crate::evidence::{EvidenceError, KitEvidence};
use crate::files::{OutputDir, Owner};
use crate::kit_source::{self, COMMIT_FILE, SourceError, SourceOrigin};
use crate::labkit::{KitFiles, KitInputs, KitSubject, KitSummary, write_kit};
use crate::models::ModelChoiceError;
use crate::run::{SimConfig, Watch};
use slot_core::Game;
use slot_core::Rng;
use slot_core::game::TargetRtp;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// The largest stream: 1 GiB per generator.
pub const MAX_BYTES: u64 = 1 << 30;

/// The most rounds `outcomes.csv` lists: 1,000,000, a hundred times the runner's default.
/// The file is held in memory whole before it is written (its SHA-256 and row count are taken
/// from it), and a round is 280 to 1,840 bytes of it (measured on 10,000 rounds: Wish Upon a
/// Star 276 bytes, Moon Princess 295, Starlight Christmas 1,835), so the bound keeps the kit
/// within about 1.8 GB; more rounds would exhaust memory rather than be refused.
pub const MAX_OUTCOME_ROUNDS: u64 = 1_000_000;

/// A lab kit asked for ([`build`]): the runner's arguments, and what only the caller knows
/// (the repository, the source folder, the binary, the stop flag).
#[derive(Clone, Debug)]
pub struct KitConfig<'a> {
    /// The kit's folder: created, or taken when empty or holding this same kit (same game,
    /// mode and model), which is replaced; anything else is refused (see `force`).
    pub out: PathBuf,
    /// Replace an `out` that holds another game's, mode's or model's kit (and nothing else)
    /// instead of refusing it; a folder holding anything `lab-kit` did not write is refused
    /// all the same ([`crate::files::OutputDir::claim`]).
    pub force: bool,
    /// Rounds whose scaled outcomes `outcomes.csv` lists: from 1 to [`MAX_OUTCOME_ROUNDS`].
    pub rounds: u64,
    /// Bytes of each raw stream: a multiple of 4, from 4 to [`MAX_BYTES`].
    pub bytes: u64,
    /// The seed of the outcomes, the simulator's stream and the PAR run.
    pub seed: u64,
    /// Rounds of the PAR run (at least 1).
    pub par_rounds: u64,
    /// The model: a shipped name or a model or variant file ([`crate::models::choose`]).
    pub model: Option<String>,
    /// The variant of the game's ladder at this RTP.
    pub rtp: Option<TargetRtp>,
    /// Vendor the dependencies into `source/vendor` (about 280 MB; `cargo vendor`, or a
    /// kit's source's own `vendor/` copied).
    pub vendor: bool,
    /// Run Dieharder's whole battery on each stream.
    pub dieharder: bool,
    /// Run only these Dieharder tests (`-d N` each) instead of the battery.
    pub dieharder_tests: Vec<u32>,
    /// The repository: the game's evidence, its rules text, where `rustc -vV` runs.
    pub root: PathBuf,
    /// The folder `source/` is taken from (a checkout, or a kit's `source/`).
    pub source: PathBuf,
    /// The binary copied into `bin/`, if any.
    pub binary: Option<PathBuf>,
    /// Set on an interrupt: the build stops at its next check, and the unfinished kit is
    /// removed rather than moved in (the folder asked for is left as it was).
    pub stop: Option<&'a AtomicBool>,
}

/// Why a kit was not built. Every variant names what was wrong and what is allowed.
#[derive(Debug, thiserror::Error)]
pub enum KitError {
    /// The model could not be chosen ([`crate::models::choose_model`]).
    #[error(transparent)]
    Model(#[from] ModelChoiceError),
    /// A count of 0.
    #[error("--rounds, --par-rounds and --bytes must be at least 1")]
    Zero,
    /// More outcome rounds than [`MAX_OUTCOME_ROUNDS`].
    #[error(
        "--rounds {0}: outcomes.csv lists at most {MAX_OUTCOME_ROUNDS} rounds (it is built in memory, up to 1.8 GB at that count); for longer checks of the generator use rng-stream, for a round's draws play --seed S --round K"
    )]
    Rounds(u64),
    /// A stream size that is not a whole number of words, or too large.
    #[error(
        "--bytes {0}: each stream is a whole number of 32-bit words, so --bytes must be a multiple of 4, from 4 to {MAX_BYTES} (1 GiB)"
    )]
    Bytes(u64),
    /// Dieharder asked for and not installed.
    #[error(
        "{0} runs Dieharder, which is not on PATH: install it (Debian: apt-get install dieharder), or leave the option out"
    )]
    NoDieharder(&'static str),
    /// Vendoring asked for without cargo.
    #[error(
        "the kit vendors the dependencies with `cargo vendor`, and cargo is not on PATH: add --no-vendor, or run with cargo"
    )]
    NoCargo,
    /// The source cannot be used ([`crate::kit_source`]).
    #[error(transparent)]
    Source(#[from] SourceError),
    /// The game's evidence cannot be read ([`crate::evidence::kit`]).
    #[error(transparent)]
    Evidence(#[from] EvidenceError),
    /// A run, a folder or a file failed.
    #[error(transparent)]
    Sim(#[from] SimError),
    /// Dieharder did not run.
    #[error(transparent)]
    Dieharder(#[from] DieharderError),
    /// The complete kit could not be moved into place.
    #[error("{}: cannot move the kit in: {message}", dest.display())]
    Move {
        /// The kit's folder.
        dest: PathBuf,
        /// Why.
        message: String,
    },
    /// A path could not be made absolute.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The market profiles (`markets/`) could not be read or one is refused: nothing is
    /// judged from a half-read folder.
    #[error(transparent)]
    Markets(#[from] crate::markets::MarketsError),
}

/// What [`build`] tells as it goes: progress (the runner's stderr) and results (stdout).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KitNote {
    /// A step under way.
    Progress(String),
    /// A result: a Dieharder verdict count, the kit written.
    Result(String),
}

/// Whether `lab-kit` writes a file or folder of this name at the top of a kit. A folder of
/// this same kit holding anything else is refused (unless `force`): nothing a user put
/// beside a kit is ever deleted or listed in the manifest.
#[must_use]
pub fn kit_writes(name: &str) -> bool {
    matches!(
        name,
        "HOW-TO-REBUILD.md"
            | "MANIFEST.sha256"
            | "bin"
            | "certification"
            | "disclosure.md"
            | "markets.json"
            | "markets.md"
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

/// Moves the complete kit at `built` to `dest`: an earlier kit at `dest` (already checked to
/// be this kit's and nothing else) is moved aside first and removed only once the new one is
/// in place.
///
/// # Errors
/// [`KitError::Move`]; the earlier kit is put back.
pub fn replace_folder(built: &Path, dest: &Path) -> Result<(), KitError> {
    let io = |e: std::io::Error| KitError::Move {
        dest: dest.to_path_buf(),
        message: e.to_string(),
    };
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

/// The crate docs of `G` (its rules), from its `lib.rs` below `root` (the crate's folder
/// its evidence names), or `None`.
#[must_use]
pub fn rules_text<G: Game>(root: &Path) -> Option<String> {
    let dir = G::evidence().crate_dir;
    if dir.is_empty() {
        return None;
    }
    let text = std::fs::read_to_string(root.join(dir).join("src/lib.rs")).ok()?;
    let docs: Vec<&str> = text
        .lines()
        .filter_map(|l| {
            l.strip_prefix("//! ")
                .or_else(|| (l == "//!").then_some(""))
        })
        .collect();
    Some(docs.join("\n"))
}

/// What [`build`] checked and gathered before any work.
struct Ready<G: Game> {
    game: G,
    model: G::Model,
    dieharder: Option<Vec<String>>,
    origin: SourceOrigin,
    evidence: KitEvidence,
    toolchain_file: String,
    channel: String,
    /// Every market's verdict on the model, from its certified figures.
    markets: crate::markets::verdict::Matrix,
}

/// Every setting and what the kit needs, checked in order before any work.
fn ready<G: Game>(c: &KitConfig<'_>) -> Result<Ready<G>, KitError> {
    let (game, model, target) = crate::models::choose_model::<G>(c.model.as_deref(), c.rtp)?;
    // The market profiles are read whole before any work: a bad one refuses the kit.
    let name = c.model.clone().unwrap_or_else(|| {
        G::variant_at(target)
            .map_or("standard", |v| v.model)
            .to_string()
    });
    let markets =
        crate::markets::judge_model(&c.root, &c.root.join("markets"), &game, &name, target)?;
    if c.rounds == 0 || c.par_rounds == 0 || c.bytes == 0 {
        return Err(KitError::Zero);
    }
    if c.rounds > MAX_OUTCOME_ROUNDS {
        return Err(KitError::Rounds(c.rounds));
    }
    if !c.bytes.is_multiple_of(4) || c.bytes > MAX_BYTES {
        return Err(KitError::Bytes(c.bytes));
    }
    let dieharder = if c.dieharder || !c.dieharder_tests.is_empty() {
        if !kit_source::on_path("dieharder") {
            return Err(KitError::NoDieharder(if c.dieharder {
                "--dieharder"
            } else {
                "--dieharder-tests"
            }));
        }
        Some(dieharder::arguments(&c.dieharder_tests))
    } else {
        None
    };
    let origin = kit_source::origin(&c.source)?;
    if c.vendor && !c.source.join("vendor").is_dir() && !kit_source::on_path("cargo") {
        return Err(KitError::NoCargo);
    }
    // The certification records of the variant the kit plays, the disclosure's figures and
    // the whole-round reports whose award odds it states, from the game's evidence.
    let evidence = crate::evidence::kit(&c.root, &game)?;
    let (toolchain_file, channel) = kit_source::toolchain_file(&c.source)?;
    Ok(Ready {
        game,
        model,
        dieharder,
        origin,
        evidence,
        toolchain_file,
        channel,
        markets,
    })
}

/// Builds the lab kit of `G` in `mode` as `config` asks ([`crate::labkit`] lists its files),
/// with `production` the production generator (its stream and Dieharder's run on it), and
/// tells `note` each step and result. Returns what was written, or `None` when `config.stop`
/// was set: then nothing is moved in (a finished kit in the folder asked for stays whole, a
/// folder this run created is removed) and the unfinished kit is deleted.
///
/// # Errors
/// [`KitError`], before any work for what can be checked first (model, counts, Dieharder and
/// cargo, the source, the evidence, the toolchain, the folder); a kit that fails later
/// leaves the folder asked for as it was.
pub fn build<G: Game, P: Rng + ?Sized>(
    mode: G::Mode,
    config: &KitConfig<'_>,
    production: &mut P,
    mut note: impl FnMut(KitNote),
) -> Result<Option<KitSummary>, KitError> {
    let r = ready::<G>(config)?;
    let owner = Owner {
        command: "lab-kit".into(),
        game: G::NAME.into(),
        mode: G::mode_name(mode).into(),
        model: r.game.fingerprint().to_string(),
    };
    // The folder asked for is checked (new, empty, or this same kit and nothing else), then
    // left alone: the kit is written into a new folder beside it and moved into place only
    // when complete.
    let out = OutputDir::claim(&config.out, &owner, config.force, kit_writes)?;
    remove_stale(&config.out, &mut note);
    let building = crate::files::partial_name(&config.out);
    let _ = std::fs::remove_dir_all(&building);
    let mut summary = None;
    let result = OutputDir::claim(&building, &owner, false, kit_writes)
        .map_err(KitError::from)
        .and_then(|tmp| {
            summary = write::<G, P>(mode, config, r, production, &mut note, tmp.path())?;
            Ok(())
        })
        // Only a complete kit is moved in: a stopped one (no manifest) never replaces a
        // finished kit.
        .and_then(|()| match summary {
            Some(_) => replace_folder(&building, &config.out),
            None => Ok(()),
        });
    if let (Ok(()), Some(s)) = (&result, &summary) {
        // Named where the kit now is: the folder it was written in is gone.
        note(kit_written(&config.out, config.rounds, s));
    }
    if result.is_err() || summary.is_none() {
        let _ = std::fs::remove_dir_all(&building);
        if out.created() {
            out.abandon();
        }
    }
    result.map(|()| summary)
}

/// Removes what a killed `lab-kit` left beside `out` ([`crate::files::remove_stale_folders`]),
/// telling `note` of each: a kit being built (`.<out>.partial-<pid>`) and, when `out` holds a
/// complete kit (its manifest), an earlier kit moved aside and not yet removed
/// (`.<out>.old-<pid>`; without a complete kit in `out` that folder may be the only one, and
/// is kept). Only folders of processes no longer running, stamped `lab-kit`.
fn remove_stale(out: &Path, note: &mut impl FnMut(KitNote)) {
    let complete = out.join("MANIFEST.sha256").is_file();
    let tags: &[&str] = if complete {
        &["partial", "old"]
    } else {
        &["partial"]
    };
    for stale in crate::files::remove_stale_folders(out, "lab-kit", tags) {
        note(KitNote::Progress(format!(
            "removed {}: left by an interrupted lab-kit (process {}, no longer running)",
            stale.path.display(),
            stale.pid
        )));
    }
}

/// The result line of a kit moved into `out` (the folder asked for, what the user keeps):
/// its outcomes' rows, rounds and SHA-256, and the chi-square verdict.
fn kit_written(out: &Path, rounds: u64, s: &KitSummary) -> KitNote {
    KitNote::Result(format!(
        "{}: outcomes.csv {} draws of {} rounds (sha256 {}); chi-square: {}",
        out.display(),
        s.outcome_rows,
        rounds,
        s.outcomes_sha256,
        s.outcomes.verdict()
    ))
}

/// The options that choose this kit again on the runner's command line (as `mode_of` and
/// `choose` read them).
fn kit_args<G: Game>(mode: G::Mode, c: &KitConfig<'_>) -> String {
    let mode_arg = match G::mode_name(mode) {
        name if G::MODE_IS_PICK => format!(" --choice {name}"),
        "ante" => " --ante".to_string(),
        _ => String::new(),
    };
    let model_arg = match (c.rtp, c.model.as_deref()) {
        (Some(r), _) => format!(" --rtp {}", r.percent_text()),
        (None, Some(m)) if G::named_model(m).is_some() => format!(" --model {m}"),
        (None, Some(_)) => " --model ../model.json".to_string(),
        (None, None) => String::new(),
    };
    format!(
        "{}{mode_arg}{model_arg} --rounds {} --bytes {} --seed {} --par-rounds {}{}",
        G::NAME,
        c.rounds,
        c.bytes,
        c.seed,
        c.par_rounds,
        if c.vendor { "" } else { " --no-vendor" }
    )
}

/// Whether the run was stopped.
fn stopped(c: &KitConfig<'_>) -> bool {
    c.stop.is_some_and(|s| s.load(Ordering::SeqCst))
}

/// The kit written into `dir` (a new folder, moved over `config.out` when complete, so no
/// file of an earlier kit is ever beside the new one).
fn write<G: Game, P: Rng + ?Sized>(
    mode: G::Mode,
    config: &KitConfig<'_>,
    r: Ready<G>,
    production: &mut P,
    note: &mut impl FnMut(KitNote),
    dir: &Path,
) -> Result<Option<KitSummary>, KitError> {
    let src = &config.source;
    let (sources, source_texts) = kit_source::source_texts(&r.origin, src, config.vendor);
    let inputs = KitInputs {
        rounds: config.rounds,
        bytes: config.bytes,
        seed: config.seed,
        sources,
        source_texts,
        binary: config.binary.clone(),
        toolchain: kit_source::toolchain_text(&config.root, &r.toolchain_file),
        certification: r.evidence.files.clone(),
        rules_text: rules_text::<G>(&config.root),
        disclosure: r.evidence.figures,
        award_reports: r.evidence.award_reports,
        rebuild: rebuild_text(&r.origin, &r.channel, &kit_args::<G>(mode, config), config)
            + &certification_text(&r.evidence.files),
    };
    note(KitNote::Progress(format!(
        "{} ({}): PAR run of {} rounds, seed {}",
        G::NAME,
        G::mode_name(mode),
        config.par_rounds,
        config.seed
    )));
    let sim = SimConfig {
        gof_rounds: config.par_rounds.min(crate::run::DEFAULT_GOF_ROUNDS),
        detail: true,
        ..SimConfig::rounds(config.par_rounds, config.seed)
    };
    let mut par = crate::simulate(&r.game, mode, &sim, Watch::default())?;
    par.markets = Some(crate::markets::sheet::markdown(&r.markets, 3));
    if stopped(config) {
        return Ok(None); // no manifest: the kit does not look complete
    }
    let mut files = KitFiles::new(dir);
    let subject = KitSubject {
        game: &r.game,
        model: &r.model,
        mode,
    };
    let summary = write_kit(&subject, &inputs, production, &par, &mut files)?;
    // Which markets may run the model: the verdicts from its certified figures.
    files.put(
        "markets.md",
        format!(
            "# Markets: {} ({})\n{}",
            G::TITLE,
            G::NAME,
            crate::markets::sheet::markdown(&r.markets, 2)
        )
        .as_bytes(),
    )?;
    files.put("markets.json", (r.markets.json() + "\n").as_bytes())?;
    if config.vendor {
        if src.join("vendor").is_dir() {
            // A kit's source carries its vendored dependencies: copied as they are.
            for (rel, file) in kit_source::walk(&src.join("vendor"))? {
                files.copy(&format!("source/vendor/{rel}"), &file)?;
            }
        } else {
            note(KitNote::Progress(
                "vendoring the dependencies into source/vendor (cargo vendor)".into(),
            ));
            // Absolute: cargo runs in the source folder.
            let target = std::path::absolute(dir.join("source/vendor"))?;
            kit_source::vendor(src, &target)?;
            files.adopt_dir("source/vendor")?;
        }
    }
    if let Some(args) = &r.dieharder {
        let mut simulator = slot_core::replay::batch_rng(config.seed, 0);
        let outs = [
            ("production", dieharder::run(production, args)?),
            ("simulator", dieharder::run(&mut simulator, args)?),
        ];
        for (name, text) in outs {
            let (p, w, f) = dieharder::counts(&text);
            let file = format!("dieharder-{name}.txt");
            files.put(&file, text.as_bytes())?;
            note(KitNote::Result(format!(
                "dieharder on the {name} stream: {p} PASSED, {w} WEAK, {f} FAILED ({file})"
            )));
        }
    }
    if stopped(config) {
        return Ok(None);
    }
    files.write_manifest()?;
    Ok(Some(summary))
}

/// The text of `HOW-TO-REBUILD.md` before the kit's own figures: the commit, the toolchain
/// `channel`, the command that rebuilds the kit (`lab-kit {kit_args}`), Dieharder, the exit
/// statuses and what to do when a check fails.
fn rebuild_text(origin: &SourceOrigin, channel: &str, kit_args: &str, c: &KitConfig<'_>) -> String {
    let commit = &origin.commit;
    let stream_mib = c.bytes as f64 / f64::from(1u32 << 20);
    format!(
        "# How to rebuild this kit and get the same outcomes\n\n\
         Built from commit `{commit}`{dirty} (the commit is also in `source/{COMMIT_FILE}`).\n\
         `source/` is that source as it was built, not a git repository: every step below works\n\
         in it as it is{vendored}.\n\n\
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
         cargo build --release {build_flags} -p xtask\n\
         target/release/xtask lab-kit {kit_args} --out ../../kit-rebuilt\n\
         cd ../../kit-rebuilt && sha256sum outcomes.csv model.json rng-raw-simulator.bin   # equal to this kit's (MANIFEST.sha256)\n\
         ```\n\n\
         The rebuilt kit names the same commit (from `source/{COMMIT_FILE}`). Every file of the kit\n\
         but the production stream (`rng-raw-production.bin`, seeded from the operating system, by\n\
         design), `bin/` (a rebuild's binary may differ in its embedded paths), `toolchain.txt`,\n\
         the PAR run's timings (`par/report.*`), this file and `MANIFEST.sha256` (it holds the\n\
         SHA-256 of those files, so it differs whenever one of them does) is then the same byte\n\
         for byte. Check this kit:\n\
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
         then run `equivalence check` to find the first round that differs. When `cargo build`\n\
         stops for a missing crate without a network, the kit was built with `--no-vendor`:\n\
         build where crates.io is reachable, or ask for a kit with its vendored dependencies.\n",
        dirty = if origin.dirty {
            " with uncommitted changes (the copies in `source/` are what was built)"
        } else {
            ""
        },
        vendored = if c.vendor {
            ", offline (the dependencies are vendored in `source/vendor`, and `source/.cargo/config.toml` points cargo at them)"
        } else {
            ": this kit was built with `--no-vendor`, so `source/` holds no vendored dependencies and the build fetches them from crates.io (the versions `Cargo.lock` names)"
        },
        // Vendored: everything is in `source/`, so the build may forbid the network and any
        // change of the lock file. Without: cargo fetches the locked versions from crates.io.
        build_flags = if c.vendor {
            "--offline --frozen"
        } else {
            "--locked"
        },
        seed = c.seed,
        bytes = c.bytes,
        rewinds = RANK_TEST_BYTES.div_ceil(c.bytes).saturating_sub(1),
    )
}

/// The section of `HOW-TO-REBUILD.md` on the kit's `certification/` (`files`: its files, as
/// (name in it, source)): what it holds, and how each record's `command` is run again from
/// it (every model file a command names is there, [`crate::evidence::kit`]).
#[must_use]
pub fn certification_text(files: &[(String, PathBuf)]) -> String {
    if files.is_empty() {
        return "\n## 5. The certification records\n\n\
                This kit has no `certification/`: its model is no variant of the game's RTP ladder\n\
                with certification evidence (`disclosure.md` says how to certify it).\n"
            .to_string();
    }
    let list: Vec<String> = files
        .iter()
        .map(|(name, _)| format!("- `certification/{name}`\n"))
        .collect();
    format!(
        "\n## 5. The certification records\n\n\
         `certification/` holds copies of the committed records of the model's variant\n\
         (`disclosure.md` names the one behind each figure):\n\n{}\n\
         Each certificate (`certificate-<mode>.json`: the figure, its method and extent, the\n\
         model's fingerprint and its `variant`) and each split record states the `command` that\n\
         made it. Run it again in `certification/`, with the runner rebuilt in step 2 in place of\n\
         `cargo xtask` (`../source/target/release/xtask certify ...`) and a new folder as\n\
         `--dir DIR`; a model file it names (`--model FILE`) is in `certification/` under that\n\
         name (the variant's file: the same model as `model.json`, the same fingerprint). Then\n\
         compare the new certificate's `rtp`, `half_width_99` and `model_fingerprint` with the\n\
         kit's. An exact certificate takes seconds; a split estimate takes hours (its\n\
         `base_games` and `features` say how many rounds).\n",
        list.concat()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_certification_section_lists_the_records_and_how_to_rerun_them() {
        let files = vec![
            ("certificate-love.json".to_string(), PathBuf::from("a")),
            ("rtp-91.49.json".to_string(), PathBuf::from("b")),
        ];
        let text = certification_text(&files);
        assert!(
            text.contains(
                "- `certification/certificate-love.json`\n- `certification/rtp-91.49.json`\n"
            ) && text.contains("../source/target/release/xtask certify"),
            "{text}"
        );
        assert!(certification_text(&[]).contains("This kit has no `certification/`"));
    }

    #[test]
    fn a_kit_writes_its_own_names_only() {
        for name in [
            "MANIFEST.sha256",
            "par",
            "source",
            "dieharder-simulator.txt",
        ] {
            assert!(kit_writes(name), "{name}");
        }
        for name in ["notes.md", "dieharder.log", "par.old"] {
            assert!(!kit_writes(name), "{name}");
        }
    }

    #[test]
    fn a_kit_moved_in_replaces_the_earlier_one_whole() {
        let base = std::env::temp_dir().join(format!("kit-move-{}", std::process::id()));
        let (built, dest) = (base.join("built"), base.join("kit"));
        std::fs::create_dir_all(&built).unwrap();
        std::fs::create_dir_all(&dest).unwrap();
        std::fs::write(built.join("new"), "n").unwrap();
        std::fs::write(dest.join("old"), "o").unwrap();
        replace_folder(&built, &dest).unwrap();
        assert!(dest.join("new").is_file() && !dest.join("old").exists());
        assert!(!built.exists());
        // Nothing to move: refused naming the kit, the folder kept.
        let e = replace_folder(&built, &dest).unwrap_err();
        assert!(e.to_string().contains("cannot move the kit in"), "{e}");
        assert!(dest.join("new").is_file());
        std::fs::remove_dir_all(&base).unwrap();
    }
}
