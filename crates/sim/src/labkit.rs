//! The lab kit: a folder a test lab can work from (`cargo xtask lab-kit <game>`).
//!
//! What is in it, and which code writes each part:
//!
//! | file | what | written by |
//! |---|---|---|
//! | `rng-raw-production.bin` | bytes of the production generator (`slot_core::rng::server_rng()`, ChaCha20 seeded from the OS) | [`write_raw`] on the generator the caller passes |
//! | `rng-raw-simulator.bin` | bytes of the simulator's generator, batch 0 of the seed ([`slot_core::sim::batch_rng`]) | [`write_raw`] |
//! | `outcomes.csv` | every scaled random outcome of the kit's rounds, in the order drawn | [`write_outcomes`]: each round played by [`Game::play_round`] with its event log, its draws read by [`Game::random_outcomes`] (the game's own reading, the one its goodness-of-fit counts use) |
//! | `outcomes-chi-square.csv` | each input's chi-square against the model's weights | [`crate::gof`] |
//! | `model.json` | the math model played | `serde_json` of [`Game::Model`] |
//! | `rules.md` | the game's facts, its model by section, its rules text | [`rules_sheet`] |
//! | `disclosure.md` | RTP per mode, each top award's odds against 1 in 17, 34 and 100 million | [`disclosure`] |
//! | `par/` | the PAR files of a simulation of the mode | [`crate::par::write`] |
//! | `certification/` | the committed certification record of the shipped model | copied |
//! | `source/`, `bin/`, `toolchain.txt` | the source the binary was built from, the binary, the toolchain | copied |
//! | `MANIFEST.sha256` | SHA-256 of every other file of the kit, `sha256sum -c` format | [`write_manifest`] |
//!
//! **Raw streams** are raw little-endian 32-bit words, each one `next_u32()` of the generator
//! in order: the words the games draw their bounded integers from (Lemire's method over
//! `next_u32`). Test batteries read them as a raw binary file (`dieharder -g 201 -f FILE`) or
//! from standard input (`-g 200`).
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
use slot_core::sim::{BATCH_ROUNDS, batch_rng};
use std::io::Write;
use std::path::{Path, PathBuf};

/// How the raw stream files are written, in words (for the kit's README and the docs).
pub const RAW_FORMAT: &str = "raw little-endian 32-bit words, each one next_u32() of the generator, in the order drawn (dieharder: -g 201 -f FILE, or -g 200 on standard input)";

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

/// The rules sheet: the game's facts (from [`Game`]), every mode's stake and target RTP, the
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
    s.push_str(&format!("| top awards | {} |\n", G::AWARDS.join(", ")));
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

/// The disclosure figures: the RTP of every mode, and each top award's odds in each report
/// (1 in N; exact where the game computes it) against 1 in 17 million, 1 in 34 million and
/// 1 in 100 million ([`ODDS_THRESHOLDS`]): "rarer" when the whole 95 % interval of N is above
/// the threshold, "more frequent" when it is below, "undetermined" otherwise.
pub fn disclosure(title: &str, rtps: &[ModeRtp], reports: &[(String, &Report)]) -> String {
    let mut s = format!("# {title}: disclosure figures\n\n## RTP per mode\n\n");
    s.push_str("| mode | RTP | source |\n|---|---:|---|\n");
    for r in rtps {
        s.push_str(&format!(
            "| {} | {:.4} % | {} |\n",
            r.mode,
            r.rtp * 100.0,
            r.how
        ));
    }
    s.push_str("\n## Odds of the top awards\n\n");
    s.push_str("Against 1 in 17 million, 1 in 34 million and 1 in 100 million: \"rarer\" if the whole 95 % interval of the odds is rarer than the threshold (exact odds: the figure itself), \"more frequent\" if it is all more frequent, \"undetermined\" if the interval straddles it.\n\n");
    for (label, report) in reports {
        s.push_str(&format!(
            "### {label} ({} rounds, seed {})\n\n| award | odds, 1 in | 95 % interval | vs 1 in 17 M | vs 1 in 34 M | vs 1 in 100 M |\n|---|---:|---|---|---|---|\n",
            report.par.rounds, report.par.seed
        ));
        for a in &report.par.top_awards {
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
            let verdict = |t: f64| {
                if low > t {
                    "rarer"
                } else if high.is_some_and(|h| h < t) {
                    "more frequent"
                } else {
                    "undetermined"
                }
            };
            s.push_str(&format!(
                "| {} | {odds} | {interval} | {} | {} | {} |\n",
                a.name,
                verdict(ODDS_THRESHOLDS[0]),
                verdict(ODDS_THRESHOLDS[1]),
                verdict(ODDS_THRESHOLDS[2])
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
    /// The built binary, copied into `bin/`.
    pub binary: Option<PathBuf>,
    /// The toolchain, in words (`rustc -vV`, `cargo -V`, `rust-toolchain.toml`).
    pub toolchain: String,
    /// Certification files to copy into `certification/`: (name in the kit, file).
    pub certification: Vec<(String, PathBuf)>,
    /// The crate's rules text.
    pub rules_text: Option<String>,
    /// RTP per mode for the disclosure.
    pub rtps: Vec<ModeRtp>,
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

fn create(path: &Path) -> Result<std::io::BufWriter<std::fs::File>, SimError> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| io_error(parent, e))?;
    }
    std::fs::File::create(path)
        .map(std::io::BufWriter::new)
        .map_err(|e| io_error(path, e))
}

fn put(path: &Path, text: &str) -> Result<(), SimError> {
    create(path)?
        .write_all(text.as_bytes())
        .map_err(|e| io_error(path, e))
}

fn copy(from: &Path, to: &Path) -> Result<(), SimError> {
    if let Some(parent) = to.parent() {
        std::fs::create_dir_all(parent).map_err(|e| io_error(parent, e))?;
    }
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| io_error(from, format!("cannot copy to {}: {e}", to.display())))
}

/// Writes the kit of `game` (the model `model`) in `mode` into `dir` (everything but the
/// manifest, which [`write_manifest`] writes last): the raw streams (`production`: the
/// production generator, given by the caller; the simulator's of `inputs.seed`), the outcomes
/// and their chi-square, the model, the rules sheet, the PAR files of `par_report`, the
/// disclosure, and the copies `inputs` names.
///
/// # Errors
/// [`SimError::Io`] naming the file that could not be written or copied.
pub fn write_kit<G: Game, P: Rng + ?Sized>(
    game: &G,
    model: &G::Model,
    mode: G::Mode,
    inputs: &KitInputs,
    production: &mut P,
    par_report: &Report,
    dir: &Path,
) -> Result<KitSummary, SimError> {
    std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
    for (name, rng) in [
        ("rng-raw-production.bin", None),
        ("rng-raw-simulator.bin", Some(batch_rng(inputs.seed, 0))),
    ] {
        let path = dir.join(name);
        let mut w = create(&path)?;
        match rng {
            None => write_raw(production, inputs.bytes, &mut w),
            Some(mut r) => write_raw(&mut r, inputs.bytes, &mut w),
        }
        .map_err(|e| io_error(&path, e))?;
    }
    let path = dir.join("outcomes.csv");
    let outcomes = {
        let mut w = create(&path)?;
        write_outcomes(game, mode, inputs.seed, inputs.rounds, &mut w)
            .map_err(|e| io_error(&path, e))?
    };
    let bytes = std::fs::read(&path).map_err(|e| io_error(&path, e))?;
    let outcome_rows = bytes.iter().filter(|&&b| b == b'\n').count() as u64 - 1;
    let outcomes_sha256 = Fingerprint::of_bytes(&bytes);
    put(
        &dir.join("outcomes-chi-square.csv"),
        &chi_square_csv(&outcomes),
    )?;
    put(
        &dir.join("model.json"),
        &(serde_json::to_string_pretty(model).unwrap_or_default() + "\n"),
    )?;
    put(
        &dir.join("rules.md"),
        &rules_sheet(game, model, inputs.rules_text.as_deref()),
    )?;
    let par_dir = dir.join("par");
    crate::par::create_dir(&par_dir)?;
    crate::par::write(par_report, &par_dir)?;
    let facts = GameFacts::of::<G>(mode);
    let mut reports: Vec<(String, &Report)> = inputs
        .award_reports
        .iter()
        .map(|(l, r)| (l.clone(), r))
        .collect();
    reports.push((format!("the kit's PAR run ({})", facts.mode), par_report));
    put(
        &dir.join("disclosure.md"),
        &disclosure(G::TITLE, &inputs.rtps, &reports),
    )?;
    for (rel, file) in &inputs.sources {
        copy(file, &dir.join("source").join(rel))?;
    }
    if let Some(bin) = &inputs.binary {
        let name = bin.file_name().map_or("xtask".into(), |n| n.to_owned());
        copy(bin, &dir.join("bin").join(name))?;
    }
    for (name, file) in &inputs.certification {
        copy(file, &dir.join("certification").join(name))?;
    }
    put(&dir.join("toolchain.txt"), &inputs.toolchain)?;
    put(
        &dir.join("HOW-TO-REBUILD.md"),
        &format!(
            "{}\n## This kit's figures\n\n- `outcomes.csv`: {outcome_rows} draws of {} rounds, SHA-256 `{outcomes_sha256}`\n- raw streams: {} bytes each, {RAW_FORMAT}\n- the simulator's stream: PCG-64 batch 0 of seed {}; the production stream: `server_rng()`, seeded from the operating system (not reproducible by design)\n",
            inputs.rebuild, inputs.rounds, inputs.bytes, inputs.seed
        ),
    )?;
    Ok(KitSummary {
        outcomes,
        outcome_rows,
        outcomes_sha256,
    })
}

/// Every file under `dir` (but the manifest), relative paths with `/`, sorted.
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
                let s = r.to_string_lossy().replace('\\', "/");
                if s != MANIFEST {
                    out.push(s);
                }
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Writes `MANIFEST.sha256` in `dir`: the SHA-256 of every other file of the kit, in
/// `sha256sum -c` format (`<64 hex digits>  <path relative to the kit>`), so that
/// `cd DIR && sha256sum -c MANIFEST.sha256` checks them. Returns its text.
///
/// # Errors
/// [`SimError::Io`] for a file that cannot be read or the manifest not written.
pub fn write_manifest(dir: &Path) -> Result<String, SimError> {
    let mut text = String::new();
    for rel in files_under(dir)? {
        let path = dir.join(&rel);
        let bytes = std::fs::read(&path).map_err(|e| io_error(&path, e))?;
        text.push_str(&format!("{}  {rel}\n", Fingerprint::of_bytes(&bytes)));
    }
    put(&dir.join(MANIFEST), &text)?;
    Ok(text)
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
