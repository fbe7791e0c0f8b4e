//! The lab kit: a folder a test lab can work from (`cargo xtask lab-kit <game>`; built end to
//! end by [`crate::kit_build::build`], its files written here).
//!
//! What is in it, and which code writes each part:
//!
//! | file | what | written by |
//! |---|---|---|
//! | `rng-raw-production.bin` | bytes of the production generator (`slot_core::rng::server_rng()`, ChaCha20 seeded from the OS) | [`write_raw`] on the generator the caller passes |
//! | `rng-raw-simulator.bin` | bytes of the simulator's generator, batch 0 of the seed ([`slot_core::replay::batch_rng`]) | [`write_raw`] |
//! | `outcomes.csv` | every scaled random outcome of the kit's rounds, in the order drawn | [`write_outcomes`]: each round played by [`Game::play_round`] with its event log, its draws read by [`Game::random_outcomes`] (the game's own reading, the one its goodness-of-fit counts use) |
//! | `outcomes-chi-square.csv` | each input's chi-square against the model's weights | [`crate::gof`] |
//! | `model.json` | the math model played | `serde_json` of [`Game::Model`] |
//! | `rules.md` | the game's facts, its model by section, its rules text | [`rules_sheet`] |
//! | `disclosure.md` | the certified RTP per mode and certified odds of the top awards (each naming its record in `certification/`), each top award's odds against 1 in 17, 34 and 100 million | [`disclosure`] |
//! | `markets.md`, `markets.json` | every market's verdict on the model per mode, with the rule and certified figure behind each, and the help-page lines each market asks for (also in `par/report.md`'s disclosure) | [`crate::markets::judge_model`], [`crate::markets::sheet::markdown`] (written by [`crate::kit_build`]) |
//! | `par/` | the PAR files of a simulation of the mode | [`crate::par::write`] |
//! | `certification/` | the committed certification records of the model's variant (its RTP, exact certificate or split record and certificates, and its cap's odds), and the model file each record's `command` names (`--model FILE`: the variant's file, under that name), so that the command runs in this folder | copied ([`crate::evidence::kit`]) |
//! | `source/`, `bin/`, `toolchain.txt` | the source the binary was built from (with its `COMMIT` and, unless left out, its vendored dependencies), the binary, the toolchain | copied |
//! | `MANIFEST.sha256` | SHA-256 of every file this run wrote (and of no other), `sha256sum -c` format | [`KitFiles::write_manifest`] |
//!
//! Every file is written whole or not at all ([`KitFiles`]: under a temporary name, renamed
//! when complete) and the manifest last, so an interrupted kit never looks complete.
//!
//! **Raw streams** are raw little-endian 32-bit words, each one `next_u32()` of the generator
//! in order: the words the games draw their bounded integers from (Lemire's method over
//! `next_u32`). A file suits only small tests: Dieharder's whole battery reads far more
//! than a kit's file and re-reads (rewinds) a short file, which fails tests that a live stream
//! passes; the battery is run on the generator's words fed live on standard input (`-g 200`).
//!
//! **Outcomes** are those of rounds `0..N` of the simulator's sequence of a seed, so any row
//! can be replayed with `cargo xtask play <game> --seed S --round K --json` and a rebuild gives
//! the same file byte for byte. The scaling from words to outcomes does not depend on the
//! generator: production and simulation call the same `play_round`.

use crate::error::SimError;
use crate::facts::GameFacts;
use crate::gof::{GofSection, Tally};
use crate::report::Report;
use slot_core::Game;
use slot_core::Rng;
use slot_core::events::EventLog;
use slot_core::fingerprint::Fingerprint;
use slot_core::replay::{BATCH_ROUNDS, batch_rng};
use std::io::Write;
use std::path::{Path, PathBuf};

/// How the raw stream files are written, in words (for the kit's README and the docs).
pub const RAW_FORMAT: &str =
    "raw little-endian 32-bit words, each one next_u32() of the generator, in the order drawn";

/// The odds thresholds of the disclosure: 1 in 17 million, 1 in 34 million, 1 in 100 million.
pub const ODDS_THRESHOLDS: [f64; 3] = [17e6, 34e6, 100e6];

/// The name of the manifest file.
pub const MANIFEST: &str = "MANIFEST.sha256";

fn io_error(path: &Path, e: impl std::fmt::Display) -> SimError {
    SimError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// Writes `bytes` bytes of `rng` to `w` as little-endian 32-bit words (`next_u32()`, in
/// order; a last partial word is cut).
///
/// # Errors
/// The writer's error.
pub fn write_raw<R: Rng + ?Sized>(
    rng: &mut R,
    bytes: u64,
    w: &mut impl Write,
) -> std::io::Result<()> {
    let mut left = bytes;
    let mut buf = vec![0u8; 1 << 16];
    while left > 0 {
        let n = usize::try_from(left.min(buf.len() as u64)).unwrap_or(buf.len());
        for chunk in buf[..n].chunks_mut(4) {
            let word = rng.next_u32().to_le_bytes();
            chunk.copy_from_slice(&word[..chunk.len()]);
        }
        w.write_all(&buf[..n])?;
        left -= n as u64;
    }
    w.flush()
}

/// Writes `outcomes.csv` rows for rounds `0..rounds` of seed `seed` of `game` in `mode` to
/// `w` (`round,draw,input,input_name,outcome,weight,total_weight`: the round, the draw's
/// index in it, the input's index and name in [`Game::random_inputs`], the outcome's index,
/// its weight and the input's total weight in the model), and returns the chi-square section
/// of the same draws.
///
/// # Errors
/// The writer's error.
pub fn write_outcomes<G: Game>(
    game: &G,
    mode: G::Mode,
    seed: u64,
    rounds: u64,
    w: &mut impl Write,
) -> std::io::Result<GofSection> {
    let inputs = game.random_inputs(mode);
    let totals: Vec<u64> = inputs.iter().map(|i| i.weights.iter().sum()).collect();
    let names: Vec<String> = inputs.iter().map(|i| csv_field(&i.name)).collect();
    let mut tallies: Vec<Tally> = inputs
        .iter()
        .map(|i| Tally::new(i.name.clone(), i.weights.clone()))
        .collect();
    writeln!(w, "round,draw,input,input_name,outcome,weight,total_weight")?;
    let mut rng = batch_rng(seed, 0);
    for k in 0..rounds {
        if k > 0 && k % BATCH_ROUNDS == 0 {
            rng = batch_rng(seed, k / BATCH_ROUNDS);
        }
        let mut log = EventLog::default();
        game.play_round(mode, &mut rng, &mut log);
        for (d, (i, o)) in game.random_outcomes(mode, &log).into_iter().enumerate() {
            let weight = inputs.get(i).and_then(|x| x.weights.get(o)).copied();
            writeln!(
                w,
                "{k},{d},{i},{},{o},{},{}",
                names.get(i).map_or("", String::as_str),
                weight.map_or(String::new(), |x| x.to_string()),
                totals.get(i).map_or(String::new(), u64::to_string)
            )?;
            if let Some(t) = tallies.get_mut(i) {
                t.add(o);
            }
        }
    }
    w.flush()?;
    Ok(GofSection::of(rounds, 0, &tallies))
}

/// A CSV field: quoted if it holds a comma or a quote.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The chi-square section as CSV: one line per tested input, then the untested ones.
pub fn chi_square_csv(section: &GofSection) -> String {
    let mut s = String::from("input,draws,outcomes,cells,statistic,dof,p_value\n");
    for t in &section.tests {
        s.push_str(&format!(
            "{},{},{},{},{},{},{}\n",
            csv_field(&t.input),
            t.draws,
            t.outcomes,
            t.cells,
            t.statistic,
            t.dof,
            t.p_value
        ));
    }
    for u in &section.untested {
        s.push_str(&format!("{},,,,,,(too few draws)\n", csv_field(u)));
    }
    s
}

/// The rules sheet: the game's facts (from [`Game`]: its top awards with the cap among them,
/// `cap 5000x`, for a capped game), every mode's stake and target RTP, the
/// model's fingerprint, the model by section (its JSON, pretty-printed, one section per
/// top-level field: paytables, strips or weights, feature chances), and the crate's rules
/// text where the caller has it.
pub fn rules_sheet<G: Game>(game: &G, model: &G::Model, rules_text: Option<&str>) -> String {
    let mut s = format!("# {} ({}): rules and paytable\n\n", G::TITLE, G::NAME);
    s.push_str("Generated from the game's code (`slot_core::Game`) and its math model.\n\n");
    s.push_str("## Facts\n\n| | |\n|---|---|\n");
    s.push_str(&format!(
        "| model fingerprint (SHA-256) | `{}` |\n",
        game.fingerprint()
    ));
    s.push_str(&format!(
        "| cap | {} |\n",
        G::CAP.map_or("none".to_string(), |c| format!(
            "{} x bet",
            c.limit.hundredths() / 100
        ))
    ));
    s.push_str(&format!("| RTP sources | {} |\n", G::SOURCES.join(", ")));
    s.push_str(&format!("| features | {} |\n", G::FEATURES.join(", ")));
    // The cap is a top award too (counted apart from `AWARDS`), named as the PAR sheet and
    // the disclosure name it: `cap 5000x`.
    let mut awards: Vec<String> = G::AWARDS.iter().map(|a| (*a).to_string()).collect();
    if let Some(c) = G::CAP {
        awards.push(format!("cap {}x", c.limit.hundredths() / 100));
    }
    s.push_str(&format!("| top awards | {} |\n", awards.join(", ")));
    s.push_str(&format!(
        "| shipped models | {} |\n\n",
        G::MODEL_NAMES.join(", ")
    ));
    s.push_str(&format!(
        "| {} | stake (x bet) | target RTP |\n|---|---:|---:|\n",
        if G::MODE_IS_PICK { "pick" } else { "mode" }
    ));
    for &m in G::MODES {
        s.push_str(&format!(
            "| {} | {:.2} | {} |\n",
            G::mode_name(m),
            G::cost(m) as f64 / 100.0,
            game.target_rtp(m)
        ));
    }
    s.push_str("\n## Random inputs (what each draw is, with its weights)\n\n");
    for &m in G::MODES {
        for i in game.random_inputs(m) {
            let total: u64 = i.weights.iter().sum();
            s.push_str(&format!(
                "- {} ({}): {} outcomes, total weight {total}\n",
                i.name,
                G::mode_name(m),
                i.weights.len()
            ));
        }
    }
    s.push_str("\n## The math model, by section\n\n");
    match serde_json::to_value(model) {
        Ok(serde_json::Value::Object(map)) => {
            for (k, v) in map {
                s.push_str(&format!(
                    "### `{k}`\n\n```json\n{}\n```\n\n",
                    serde_json::to_string_pretty(&v).unwrap_or_default()
                ));
            }
        }
        Ok(v) => s.push_str(&format!(
            "```json\n{}\n```\n\n",
            serde_json::to_string_pretty(&v).unwrap_or_default()
        )),
        Err(e) => s.push_str(&format!("(the model does not serialise: {e})\n\n")),
    }
    if let Some(text) = rules_text {
        s.push_str("## The rules (the game crate's documentation)\n\n");
        s.push_str(text);
        s.push('\n');
    }
    s
}

/// One mode's RTP for the disclosure: the figure and where it comes from (the PAR sheet's
/// disclosure uses the same).
pub use crate::facts::ModeRtp;

/// The certified figures a kit's disclosure states, each naming the record of the kit it
/// rests on (the caller copies those records into the kit's `certification/`).
#[derive(Clone, Debug, Default)]
pub struct DisclosureFigures {
    /// Every mode of the game, in order.
    pub modes: Vec<&'static str>,
    /// The certified (or exact) RTP of the modes that have one, with its source.
    pub rtps: Vec<ModeRtp>,
    /// The certified odds of top awards, by mode, with their source in `how`.
    pub odds: Vec<(&'static str, slot_core::game::CertifiedOdds)>,
    /// What a mode without a certified RTP says instead ("no certified figure: run ...").
    pub no_figure: String,
}

/// The verdict of odds of 1 in [`low`, `high`] (`high` `None`: unbounded) against 1 in `t`.
fn odds_verdict(low: f64, high: Option<f64>, t: f64) -> &'static str {
    if low > t {
        "rarer"
    } else if high.is_some_and(|h| h < t) {
        "more frequent"
    } else {
        "undetermined"
    }
}

/// The disclosure: the certified RTP of every mode (or, for a mode without one, what
/// `figures.no_figure` says), the certified odds of the top awards with their records, and
/// each top award's odds in each report (1 in N; exact where the game computes it), each
/// against 1 in 17 million, 1 in 34 million and 1 in 100 million ([`ODDS_THRESHOLDS`]):
/// "rarer" when the whole 95 % interval of N is above the threshold, "more frequent" when it
/// is below, "undetermined" otherwise. A report's award of a mode that has a certified figure
/// points at that figure instead of restating a short run's count.
pub fn disclosure(
    title: &str,
    figures: &DisclosureFigures,
    reports: &[(String, &Report)],
) -> String {
    let mut s = format!("# {title}: disclosure figures\n\n## RTP per mode\n\n");
    s.push_str("| mode | RTP | source |\n|---|---:|---|\n");
    for mode in &figures.modes {
        match figures.rtps.iter().find(|r| r.mode == *mode) {
            Some(r) => s.push_str(&format!(
                "| {} | {:.4} % | {} |\n",
                r.mode,
                r.rtp * 100.0,
                r.how
            )),
            None => s.push_str(&format!("| {mode} | - | {} |\n", figures.no_figure)),
        }
    }
    s.push_str("\n## Odds of the top awards\n\n");
    s.push_str("Against 1 in 17 million, 1 in 34 million and 1 in 100 million: \"rarer\" if the whole 95 % interval of the odds is rarer than the threshold (exact odds: the figure itself), \"more frequent\" if it is all more frequent, \"undetermined\" if the interval straddles it.\n\n");
    if !figures.odds.is_empty() {
        s.push_str("### Certified odds (the figures to state)\n\n| mode | award | odds, 1 in | 95 % interval, 1 in | vs 1 in 17 M | vs 1 in 34 M | vs 1 in 100 M | source |\n|---|---|---:|---|---|---|---|---|\n");
        for (mode, o) in &figures.odds {
            let [p_low, p_high] = crate::par::contributions::certified_interval(o);
            let (low, high) = (1.0 / p_high, (p_low > 0.0).then(|| 1.0 / p_low));
            s.push_str(&format!(
                "| {mode} | {} | {:.4e} | {:.4e} to {} | {} | {} | {} | {} |\n",
                o.award,
                1.0 / o.probability,
                low,
                high.map_or("unbounded".to_string(), |h| format!("{h:.4e}")),
                odds_verdict(low, high, ODDS_THRESHOLDS[0]),
                odds_verdict(low, high, ODDS_THRESHOLDS[1]),
                odds_verdict(low, high, ODDS_THRESHOLDS[2]),
                o.how
            ));
        }
        s.push('\n');
    }
    for (label, report) in reports {
        s.push_str(&format!(
            "### {label} ({} rounds, seed {})\n\n| award | odds, 1 in | 95 % interval | vs 1 in 17 M | vs 1 in 34 M | vs 1 in 100 M |\n|---|---:|---|---|---|---|\n",
            report.par.rounds, report.par.seed
        ));
        for a in &report.par.top_awards {
            if a.exact_one_in.is_none()
                && figures
                    .odds
                    .iter()
                    .any(|(m, o)| *m == report.par.mode && o.award == a.name)
            {
                s.push_str(&format!(
                    "| {} | {} in this run (the certified figure above is the one to state) | - | - | - | - |\n",
                    a.name,
                    a.one_in
                        .map_or(format!("not seen in {} rounds", report.par.rounds), |x| {
                            format!("1 in {x:.0}")
                        })
                ));
                continue;
            }
            let (odds, low, high) = match a.exact_one_in {
                Some(x) => (format!("{x:.0} (exact)"), x, Some(x)),
                None => (
                    a.one_in
                        .map_or(format!("not seen in {} rounds", report.par.rounds), |x| {
                            format!("{x:.0}")
                        }),
                    a.one_in_low,
                    a.one_in_high,
                ),
            };
            let interval = match (a.exact_one_in, a.one_in_high) {
                (Some(_), _) => "-".to_string(),
                (None, Some(h)) => format!("{:.0} to {h:.0}", a.one_in_low),
                (None, None) => format!("rarer than {:.0}", a.one_in_low),
            };
            s.push_str(&format!(
                "| {} | {odds} | {interval} | {} | {} | {} |\n",
                a.name,
                odds_verdict(low, high, ODDS_THRESHOLDS[0]),
                odds_verdict(low, high, ODDS_THRESHOLDS[1]),
                odds_verdict(low, high, ODDS_THRESHOLDS[2])
            ));
        }
        s.push('\n');
    }
    s
}

/// What the kit holds besides what the library computes: the caller's knowledge of where it
/// runs (sources, binary, toolchain, certification files) and of the game's certified figures.
#[derive(Clone, Debug, Default)]
pub struct KitInputs {
    /// Rounds of `outcomes.csv`.
    pub rounds: u64,
    /// Bytes of each raw stream.
    pub bytes: u64,
    /// The seed of the outcomes, the simulator's stream and the PAR run.
    pub seed: u64,
    /// Source files to copy into `source/`: (path relative to the repository, file).
    pub sources: Vec<(String, PathBuf)>,
    /// Files written into `source/` from text, in place of a copy of the same name:
    /// (path relative to the source folder, text) (its `COMMIT`, its `.cargo/config.toml`).
    pub source_texts: Vec<(String, String)>,
    /// The built binary, copied into `bin/`.
    pub binary: Option<PathBuf>,
    /// The toolchain, in words (`rustc -vV`, `cargo -V`, `rust-toolchain.toml`).
    pub toolchain: String,
    /// Certification files to copy into `certification/`: (name in the kit, file).
    pub certification: Vec<(String, PathBuf)>,
    /// The crate's rules text.
    pub rules_text: Option<String>,
    /// The certified figures the disclosure states.
    pub disclosure: DisclosureFigures,
    /// Reports whose top awards the disclosure states, with their labels (the PAR run's is
    /// added by [`write_kit`]).
    pub award_reports: Vec<(String, Report)>,
    /// The text of `HOW-TO-REBUILD.md` before the kit's own figures (commit, commands).
    pub rebuild: String,
}

/// What [`write_kit`] wrote, for the caller to print.
#[derive(Clone, Debug)]
pub struct KitSummary {
    /// The chi-square section of `outcomes.csv`.
    pub outcomes: GofSection,
    /// Rows of `outcomes.csv`.
    pub outcome_rows: u64,
    /// SHA-256 of `outcomes.csv`.
    pub outcomes_sha256: Fingerprint,
}

/// The files a kit run writes, each whole or not at all ([`crate::files::write_atomic`],
/// [`crate::files::AtomicFile`]), with the list of what was written: the manifest
/// ([`KitFiles::write_manifest`]) lists exactly these, never a file the run found in the folder.
#[derive(Debug)]
pub struct KitFiles {
    dir: PathBuf,
    written: Vec<String>,
}

impl KitFiles {
    /// The files of the kit in `dir` (a new folder the caller has claimed, empty:
    /// [`crate::files::OutputDir`]); nothing written yet.
    #[must_use]
    pub fn new(dir: &Path) -> Self {
        KitFiles {
            dir: dir.to_path_buf(),
            written: Vec::new(),
        }
    }

    /// The kit's folder.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The files written so far, relative to the kit with `/`, in the order written.
    #[must_use]
    pub fn written(&self) -> &[String] {
        &self.written
    }

    fn target(&self, rel: &str) -> Result<PathBuf, SimError> {
        let path = self.dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io_error(parent, e))?;
        }
        Ok(path)
    }

    fn record(&mut self, rel: &str) {
        if !self.written.iter().any(|w| w == rel) {
            self.written.push(rel.to_string());
        }
    }

    /// Writes `bytes` as the kit's file `rel` (a path relative to the kit, with `/`).
    ///
    /// # Errors
    /// [`SimError::Io`] naming the file.
    pub fn put(&mut self, rel: &str, bytes: &[u8]) -> Result<(), SimError> {
        let path = self.target(rel)?;
        crate::files::write_atomic(&path, bytes)?;
        self.record(rel);
        Ok(())
    }

    /// Copies the file `from` as the kit's file `rel`.
    ///
    /// # Errors
    /// [`SimError::Io`] naming the file that cannot be read or written.
    pub fn copy(&mut self, rel: &str, from: &Path) -> Result<(), SimError> {
        let bytes = std::fs::read(from).map_err(|e| io_error(from, format!("cannot read: {e}")))?;
        self.put(rel, &bytes)
    }

    /// Writes the kit's file `rel` in pieces: `write` is given the open temporary file, which
    /// is renamed to its name once `write` returns (removed if it fails).
    ///
    /// # Errors
    /// [`SimError::Io`] naming the file.
    pub fn stream<T>(
        &mut self,
        rel: &str,
        write: impl FnOnce(&mut crate::files::AtomicFile) -> std::io::Result<T>,
    ) -> Result<T, SimError> {
        let path = self.target(rel)?;
        let mut f = crate::files::AtomicFile::create(&path)?;
        let out = write(&mut f).map_err(|e| io_error(&path, e))?;
        f.commit()?;
        self.record(rel);
        Ok(out)
    }

    /// Adds to the list every file under the kit's folder `rel`, a folder this run created
    /// and filled through another writer (the PAR files, `cargo vendor`): it must not have
    /// existed before the run (the caller empties the kit first).
    ///
    /// # Errors
    /// [`SimError::Io`] for a folder that cannot be read.
    pub fn adopt_dir(&mut self, rel: &str) -> Result<(), SimError> {
        for f in files_under(&self.dir.join(rel))? {
            self.record(&format!("{rel}/{f}"));
        }
        Ok(())
    }

    /// Writes [`MANIFEST`], last: the SHA-256 of every file this run wrote (and of no other),
    /// sorted by path, in `sha256sum -c` format (`<64 hex digits>  <path relative to the
    /// kit>`), so that `cd DIR && sha256sum -c MANIFEST.sha256` checks them. Returns its text.
    ///
    /// # Errors
    /// [`SimError::Io`] for a file that cannot be read or the manifest not written.
    pub fn write_manifest(&self) -> Result<String, SimError> {
        let mut names: Vec<&String> = self.written.iter().collect();
        names.sort();
        let mut text = String::new();
        for rel in names {
            let path = self.dir.join(rel);
            let bytes = std::fs::read(&path).map_err(|e| io_error(&path, e))?;
            text.push_str(&format!("{}  {rel}\n", Fingerprint::of_bytes(&bytes)));
        }
        crate::files::write_atomic(&self.dir.join(MANIFEST), text.as_bytes())?;
        Ok(text)
    }
}

/// The game, model and mode a kit is of ([`write_kit`]).
#[derive(Clone, Copy, Debug)]
pub struct KitSubject<'a, G: Game> {
    /// The game on its model.
    pub game: &'a G,
    /// The model (written as `model.json`, its sections in `rules.md`).
    pub model: &'a G::Model,
    /// The mode of the outcomes and the PAR run.
    pub mode: G::Mode,
}

/// Writes the kit of `subject` (a game on its model, in a mode) through `files` (everything
/// but the manifest, which [`KitFiles::write_manifest`] writes last): the raw streams
/// (`production`: the production generator, given by the caller; the simulator's of
/// `inputs.seed`), the outcomes and their chi-square, the model, the rules sheet, the PAR
/// files of `par_report`, the disclosure, and the copies and texts `inputs` names.
/// [`crate::kit_build::build`] calls it, with everything else a kit needs.
///
/// # Errors
/// [`SimError::Io`] naming the file that could not be written or copied.
pub fn write_kit<G: Game, P: Rng + ?Sized>(
    subject: &KitSubject<'_, G>,
    inputs: &KitInputs,
    production: &mut P,
    par_report: &Report,
    files: &mut KitFiles,
) -> Result<KitSummary, SimError> {
    let KitSubject { game, model, mode } = *subject;
    files.stream("rng-raw-production.bin", |w| {
        write_raw(production, inputs.bytes, w)
    })?;
    let mut simulator = batch_rng(inputs.seed, 0);
    files.stream("rng-raw-simulator.bin", |w| {
        write_raw(&mut simulator, inputs.bytes, w)
    })?;
    let mut bytes = Vec::new();
    let outcomes = write_outcomes(game, mode, inputs.seed, inputs.rounds, &mut bytes)
        .map_err(|e| io_error(&files.dir().join("outcomes.csv"), e))?;
    files.put("outcomes.csv", &bytes)?;
    let outcome_rows = (bytes.iter().filter(|&&b| b == b'\n').count() as u64).saturating_sub(1);
    let outcomes_sha256 = Fingerprint::of_bytes(&bytes);
    drop(bytes);
    files.put(
        "outcomes-chi-square.csv",
        chi_square_csv(&outcomes).as_bytes(),
    )?;
    files.put(
        "model.json",
        (serde_json::to_string_pretty(model).unwrap_or_default() + "\n").as_bytes(),
    )?;
    files.put(
        "rules.md",
        rules_sheet(game, model, inputs.rules_text.as_deref()).as_bytes(),
    )?;
    // The PAR files are written into a folder of their own under a temporary name, which
    // becomes `par/` once they are all written.
    let staging = format!(".par.partial-{}", std::process::id());
    let staging_dir = files.dir().join(&staging);
    crate::par::create_dir(&staging_dir)?;
    crate::par::write(par_report, &staging_dir)?;
    let par_dir = files.dir().join("par");
    std::fs::rename(&staging_dir, &par_dir).map_err(|e| io_error(&par_dir, e))?;
    files.adopt_dir("par")?;
    let facts = GameFacts::of::<G>(mode);
    let mut reports: Vec<(String, &Report)> = inputs
        .award_reports
        .iter()
        .map(|(l, r)| (l.clone(), r))
        .collect();
    reports.push((format!("the kit's PAR run ({})", facts.mode), par_report));
    files.put(
        "disclosure.md",
        disclosure(G::TITLE, &inputs.disclosure, &reports).as_bytes(),
    )?;
    for (rel, file) in &inputs.sources {
        if !inputs.source_texts.iter().any(|(r, _)| r == rel) {
            files.copy(&format!("source/{rel}"), file)?;
        }
    }
    for (rel, text) in &inputs.source_texts {
        files.put(&format!("source/{rel}"), text.as_bytes())?;
    }
    if let Some(bin) = &inputs.binary {
        let name = bin
            .file_name()
            .map_or("xtask".into(), |n| n.to_string_lossy().into_owned());
        files.copy(&format!("bin/{name}"), bin)?;
    }
    for (name, file) in &inputs.certification {
        files.copy(&format!("certification/{name}"), file)?;
    }
    files.put("toolchain.txt", inputs.toolchain.as_bytes())?;
    files.put(
        "HOW-TO-REBUILD.md",
        format!(
            "{}\n## This kit's figures\n\n- `outcomes.csv`: {outcome_rows} draws of {} rounds, SHA-256 `{outcomes_sha256}`\n- raw streams: {} bytes each, {RAW_FORMAT}\n- the simulator's stream: PCG-64 batch 0 of seed {}; the production stream: `server_rng()`, seeded from the operating system (not reproducible by design)\n",
            inputs.rebuild, inputs.rounds, inputs.bytes, inputs.seed
        )
        .as_bytes(),
    )?;
    Ok(KitSummary {
        outcomes,
        outcome_rows,
        outcomes_sha256,
    })
}

/// Every file under `dir`, relative paths with `/`, sorted.
fn files_under(dir: &Path) -> Result<Vec<String>, SimError> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let here = dir.join(&rel);
        for entry in std::fs::read_dir(&here).map_err(|e| io_error(&here, e))? {
            let entry = entry.map_err(|e| io_error(&here, e))?;
            let r = rel.join(entry.file_name());
            if entry.file_type().map_err(|e| io_error(&here, e))?.is_dir() {
                stack.push(r);
            } else {
                out.push(r.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    out.sort();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_streams_are_little_endian_words_in_order() {
        let mut a = batch_rng(1, 0);
        let mut out = Vec::new();
        write_raw(&mut a, 10, &mut out).unwrap();
        let mut b = batch_rng(1, 0);
        let w: Vec<u8> = (0..3).flat_map(|_| b.next_u32().to_le_bytes()).collect();
        assert_eq!(out, w[..10]);
    }

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        assert_eq!(csv_field("a, b"), "\"a, b\"");
        assert_eq!(csv_field("plain"), "plain");
    }
}
