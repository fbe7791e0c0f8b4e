//! (feature `stake-export`) An export of [`crate::export`] checked as the platform checks it,
//! and as this project does ([`verify`]).
//!
//! The platform's checks (`utils/rgs_verification.py` and `docs/rgs_docs/data_format.md` of
//! `StakeEngine/math-sdk`, see [`crate::export`]): `index.json` of the strict form (an object
//! with `modes`, each with exactly `name`, `cost`, `events`, `weights`), the files it names
//! present and named `books_<mode>.jsonl.zst` and `lookUpTable_<mode>_0.csv`; every table row
//! three unsigned 64-bit integers, ids contiguous from 1, weights positive (this project's rule;
//! the platform allows 0) and summing within `u64`, payouts multiples of 10; the books one zstd
//! frame, under [`BOOKS_FILE_LIMIT`] decompressed, every line JSON with `id` (its row's id),
//! `events` and `payoutMultiplier` equal to its row's payout; each mode's RTP, and the modes'
//! RTPs within [`MAX_MODE_SPREAD`] of each other.
//!
//! The force files: each mode's `force_record_<mode>.json` exactly the record of its books'
//! tags (criteria, bucket or cap, features and awards, as each book carries them) and
//! [`FORCE_FILE`] exactly their keys and values.
//!
//! This project's checks: [`SUMMARY_FILE`] read, of the game and model given (fingerprint);
//! each table and books file the one the export wrote (SHA-256 in the summary: an edited
//! weight is refused even where it would move no figure visibly); each book replays (round
//! `round` of the export's seed) to its recorded `win`, its payout is that win on the platform's
//! step, its events are the round's ([`crate::export_events::book_events`]) and their paid
//! amounts, recomputed from the book alone, add up to its `win`
//! ([`crate::export_events::paid_by_book_events`]); each stratum's probability and mean
//! win in the table equal those the export anchored (to [`STRATUM_TOLERANCE`], recorded in the
//! summary), and the table's figures its anchor's ([`check_anchor`]): the RTP to
//! [`RTP_TOLERANCE`] (0.01 pp), the feature probability, hit rate and every carried win
//! bucket inside the anchor's 99 % interval (the reference run's for a figure no evidence
//! states), the cap's probability the certified one unless stated as not carried.

use crate::export::{
    BOOKS_FILE_LIMIT, ExportSummary, FORCE_FILE, INDEX_FILE, ModeSummary, SUMMARY_FILE,
    SUMMARY_FORMAT, SavedModel, TableRow, books_file, force_record_file, force_record_json,
    platform_payout, stratum_tags, table_figures, table_file,
};
use crate::export_events::{book_events, paid_by_book_events};
use crate::export_weights::Stratum;
use crate::face::{FaceError, GameEntry, LoadedGame, ModelSource};
use crate::files::read_bounded;
use serde_json::Value;
use slot_core::fingerprint::Fingerprint;
use slot_core::variant::TargetRtp;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::Path;

/// The largest spread between the RTPs of an export's modes the platform approves (5 pp).
pub const MAX_MODE_SPREAD: f64 = 0.05;

/// How far the table's RTP (engine wins) may lie from its anchor's (the certified RTP): 0.01 pp.
pub const RTP_TOLERANCE: f64 = 1e-4;

/// How far a stratum's probability or mean win in the table may lie from its anchored one,
/// relative.
pub const STRATUM_TOLERANCE: f64 = 1e-6;

/// The largest `index.json` or summary read, bytes.
const SMALL_FILE_LIMIT: u64 = 16 << 20;

/// Why an export was refused. Each names the file and what is wrong.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    /// A file is missing, unreadable or not of the platform's form.
    #[error("{file}: {what}")]
    Format {
        /// The file (its name in the folder).
        file: String,
        /// What is wrong, and what is allowed.
        what: String,
    },
    /// A books file of more than one zstd frame.
    #[error(
        "{file}: {frames_bytes} of its {bytes} bytes are its first zstd frame; the platform takes one frame per file"
    )]
    MultiFrame {
        /// The file.
        file: String,
        /// Its first frame's size.
        frames_bytes: usize,
        /// Its size.
        bytes: usize,
    },
    /// A book's payout differs from its table row's.
    #[error(
        "mode {mode}: book {id} pays {book} but the table's row {id} pays {table}; they must be equal"
    )]
    Payout {
        /// The mode.
        mode: String,
        /// The book's id.
        id: u64,
        /// The book's payoutMultiplier.
        book: u64,
        /// The table's payout.
        table: u64,
    },
    /// A book that is not the round it names.
    #[error("mode {mode}: book {id} (round {round} of seed {seed}): {what}")]
    Replay {
        /// The mode.
        mode: String,
        /// The book.
        id: u64,
        /// Its round.
        round: u64,
        /// Its seed.
        seed: u64,
        /// What differs.
        what: String,
    },
    /// The table does not reproduce its anchor (the certified figures), or the modes' RTPs spread
    /// too far.
    #[error("mode {mode}: {what}")]
    Figures {
        /// The mode (or `all` for the spread).
        mode: String,
        /// What is off, and by how much.
        what: String,
    },
    /// The game could not replay rounds.
    #[error(transparent)]
    Face(#[from] FaceError),
}

/// A mode as verified.
#[derive(Clone, Debug, PartialEq)]
pub struct ModeVerified {
    /// The mode.
    pub name: String,
    /// Books (rows) checked and replayed.
    pub books: u64,
    /// The table's RTP in the platform's payouts (the platform's figure).
    pub platform_rtp: f64,
    /// The table's RTP in engine wins.
    pub table_rtp: f64,
    /// The reference run's RTP.
    pub reference_rtp: f64,
    /// The RTP the table is anchored on (the certified one, or the reference run's for an
    /// uncertified export).
    pub anchor_rtp: f64,
    /// Whether the anchor is certified evidence.
    pub certified: bool,
}

/// What [`verify`] found: every check passed, per mode.
#[derive(Clone, Debug, PartialEq)]
pub struct Verified {
    /// The game.
    pub game: String,
    /// The modes.
    pub modes: Vec<ModeVerified>,
}

impl Verified {
    /// Lines of text (what the runner prints).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut t = format!(
            "{}: the export verifies (the platform's checks and this project's)\n",
            self.game
        );
        for m in &self.modes {
            t += &format!(
                "mode {}: {} books replayed; RTP platform {:.4} %, table {:.4} %, {} {:.4} %, reference run {:.4} %\n",
                m.name,
                m.books,
                m.platform_rtp * 100.0,
                m.table_rtp * 100.0,
                if m.certified {
                    "certified"
                } else {
                    "anchor (uncertified)"
                },
                m.anchor_rtp * 100.0,
                m.reference_rtp * 100.0
            );
        }
        t
    }
}

fn format_error(file: &str, what: impl Into<String>) -> VerifyError {
    VerifyError::Format {
        file: file.to_string(),
        what: what.into(),
    }
}

/// The summary of the export in `dir` ([`SUMMARY_FILE`]), read and checked for its format,
/// without the game: what a caller needs to load the game and model it names.
///
/// # Errors
/// [`VerifyError::Format`]: missing, unreadable, not the summary's JSON.
pub fn read_summary(dir: &Path) -> Result<ExportSummary, VerifyError> {
    let bytes = read_bounded(
        &dir.join(SUMMARY_FILE),
        SMALL_FILE_LIMIT,
        "an export summary",
    )
    .map_err(|e| format_error(SUMMARY_FILE, e.to_string()))?;
    let summary: ExportSummary = serde_json::from_slice(&bytes)
        .map_err(|e| format_error(SUMMARY_FILE, format!("not an export summary: {e}")))?;
    if summary.format != SUMMARY_FORMAT {
        return Err(format_error(
            SUMMARY_FILE,
            format!("format '{}', expected '{SUMMARY_FORMAT}'", summary.format),
        ));
    }
    Ok(summary)
}

/// The model source of a summary's model, for [`crate::face::GameEntry::load`].
#[must_use]
pub fn model_source(model: &SavedModel) -> ModelSource<'_> {
    match model {
        SavedModel::Published => ModelSource::Published,
        SavedModel::Named(n) => ModelSource::Named(n),
        SavedModel::Rtp(r) => ModelSource::Rtp(TargetRtp(*r)),
    }
}

/// The game and model the summary names, loaded from `games` (a registry's entries, as
/// `slot_games::all()` lists them): what [`verify`] is then given. A model file is named in
/// the summary by the absolute path it was exported from (`export stake` records it so), so
/// it loads from any folder of the machine that holds it.
///
/// # Errors
/// [`VerifyError::Format`] naming [`SUMMARY_FILE`] (the file that says which game and model),
/// what it names and what is allowed: a game the registry does not have (listing its games),
/// a model that cannot be loaded here (a model file not at its recorded path, a variant this
/// build's ladder lacks).
pub fn load_exported(
    summary: &ExportSummary,
    games: &[&'static dyn GameEntry],
) -> Result<Box<dyn LoadedGame>, VerifyError> {
    let Some(entry) = games.iter().find(|g| g.name() == summary.game) else {
        let names: Vec<&str> = games.iter().map(|g| g.name()).collect();
        return Err(format_error(
            SUMMARY_FILE,
            format!(
                "names the game '{}', which this build does not have; its games are {}",
                summary.game.chars().take(80).collect::<String>(),
                names.join(", ")
            ),
        ));
    };
    entry.load(model_source(&summary.model)).map_err(|e| {
        let model = match &summary.model {
            SavedModel::Published => "the published model".to_string(),
            SavedModel::Named(n) => format!("the model '{n}'"),
            SavedModel::Rtp(r) => format!("the RTP variant {}", TargetRtp(*r)),
        };
        format_error(
            SUMMARY_FILE,
            format!(
                "names {model} of {}, which cannot be loaded here: {e} (a model file is read from the path the summary records: verify on a machine that holds it there)",
                entry.name()
            ),
        )
    })
}

/// Verifies the export in `dir` against `game` (the game and model its summary names, loaded
/// with [`model_source`]): every check of the module docs.
///
/// # Errors
/// The first check that fails, as a [`VerifyError`] naming the file, the book or the figure.
pub fn verify(dir: &Path, game: &dyn LoadedGame) -> Result<Verified, VerifyError> {
    let summary = read_summary(dir)?;
    if summary.game != game.name() {
        return Err(format_error(
            SUMMARY_FILE,
            format!("is an export of {}, not of {}", summary.game, game.name()),
        ));
    }
    if summary.fingerprint != game.fingerprint().to_string() {
        return Err(format_error(
            SUMMARY_FILE,
            format!(
                "is an export of model {}, but the model loaded is {}",
                summary.fingerprint,
                game.fingerprint()
            ),
        ));
    }
    let index = read_index(dir)?;
    let names: Vec<&str> = summary.modes.iter().map(|m| m.name.as_str()).collect();
    let listed: Vec<&str> = index.iter().map(|(n, _)| n.as_str()).collect();
    if names != listed {
        return Err(format_error(
            INDEX_FILE,
            format!("lists modes {listed:?} but the export made {names:?}"),
        ));
    }
    let mut modes = Vec::with_capacity(summary.modes.len());
    for (m, (_, cost)) in summary.modes.iter().zip(&index) {
        if (cost * 100.0 - m.cost as f64).abs() > 1e-9 {
            return Err(format_error(
                INDEX_FILE,
                format!(
                    "mode {}: cost {cost} but the game's is {}",
                    m.name,
                    m.cost as f64 / 100.0
                ),
            ));
        }
        modes.push(verify_mode(dir, &summary, m, game)?);
    }
    let force: BTreeMap<&str, &BTreeMap<String, Vec<String>>> = summary
        .modes
        .iter()
        .map(|m| (m.name.as_str(), &m.force_keys))
        .collect();
    let bytes = read_bounded(&dir.join(FORCE_FILE), SMALL_FILE_LIMIT, "a force summary")
        .map_err(|e| format_error(FORCE_FILE, e.to_string()))?;
    if serde_json::to_string_pretty(&force).unwrap_or_default() + "\n"
        != String::from_utf8_lossy(&bytes)
    {
        return Err(format_error(
            FORCE_FILE,
            "does not list the force records' keys and values of every mode",
        ));
    }
    for a in &modes {
        for b in &modes {
            if (a.platform_rtp - b.platform_rtp).abs() > MAX_MODE_SPREAD {
                return Err(VerifyError::Figures {
                    mode: "all".into(),
                    what: format!(
                        "RTPs {:.4} % ({}) and {:.4} % ({}) differ by more than the platform's {} pp",
                        a.platform_rtp * 100.0,
                        a.name,
                        b.platform_rtp * 100.0,
                        b.name,
                        MAX_MODE_SPREAD * 100.0
                    ),
                });
            }
        }
    }
    Ok(Verified {
        game: summary.game,
        modes,
    })
}

/// `index.json`: the modes' names and costs, each mode's files named as the platform names
/// them.
fn read_index(dir: &Path) -> Result<Vec<(String, f64)>, VerifyError> {
    let bytes = read_bounded(&dir.join(INDEX_FILE), SMALL_FILE_LIMIT, "a manifest")
        .map_err(|e| format_error(INDEX_FILE, e.to_string()))?;
    let v: Value = serde_json::from_slice(&bytes)
        .map_err(|e| format_error(INDEX_FILE, format!("not JSON: {e}")))?;
    let obj = v
        .as_object()
        .filter(|o| o.len() == 1)
        .ok_or_else(|| format_error(INDEX_FILE, "must be an object with the one key `modes`"))?;
    let list = obj
        .get("modes")
        .and_then(Value::as_array)
        .filter(|l| !l.is_empty())
        .ok_or_else(|| format_error(INDEX_FILE, "`modes` must be a non-empty list"))?;
    let mut out = Vec::with_capacity(list.len());
    for (i, m) in list.iter().enumerate() {
        let o = m.as_object().filter(|o| o.len() == 4).ok_or_else(|| {
            format_error(
                INDEX_FILE,
                format!("mode {i}: must be an object of exactly name, cost, events, weights"),
            )
        })?;
        let text = |k: &str| {
            o.get(k).and_then(Value::as_str).ok_or_else(|| {
                format_error(INDEX_FILE, format!("mode {i}: `{k}` must be a string"))
            })
        };
        let name = text("name")?;
        let cost = o
            .get("cost")
            .and_then(Value::as_f64)
            .filter(|c| *c > 0.0)
            .ok_or_else(|| {
                format_error(
                    INDEX_FILE,
                    format!("mode {i}: `cost` must be a positive number"),
                )
            })?;
        for (key, want) in [("events", books_file(name)), ("weights", table_file(name))] {
            let got = text(key)?;
            if got != want {
                return Err(format_error(
                    INDEX_FILE,
                    format!("mode {name}: `{key}` is '{got}', the platform's name is '{want}'"),
                ));
            }
            if !dir.join(&want).is_file() {
                return Err(format_error(&want, "is missing"));
            }
        }
        out.push((name.to_string(), cost));
    }
    Ok(out)
}

/// A table row as read.
struct Row {
    weight: u64,
    payout: u64,
}

/// A book as kept for its replay: its round, win, feature flag and events' digest.
struct BookKey {
    id: u64,
    round: u64,
    win: u64,
    feature: bool,
    criteria: String,
    events: Fingerprint,
    /// Its tags beyond its stratum's: `("feature", name)`, `("award", name)`.
    tags: Vec<(&'static str, String)>,
}

fn verify_mode(
    dir: &Path,
    summary: &ExportSummary,
    m: &ModeSummary,
    game: &dyn LoadedGame,
) -> Result<ModeVerified, VerifyError> {
    let (rows, table_digest) = read_table(dir, m)?;
    let (books, books_digest) = read_books(dir, m, &rows)?;
    // Every row and book is of the platform's form and they agree: now, are they the files
    // the export wrote?
    for (digest, recorded, file) in [
        (table_digest, &m.table_sha256, &m.table_file),
        (books_digest, &m.books_sha256, &m.books_file),
    ] {
        if digest.to_string() != *recorded {
            return Err(format_error(
                file,
                format!(
                    "is not the file the export wrote (its SHA-256 in {SUMMARY_FILE} is {recorded}): it was edited"
                ),
            ));
        }
    }
    check_force(dir, m, &books)?;
    // Replay every book, in round order, in one pass.
    let mut order: Vec<usize> = (0..books.len()).collect();
    order.sort_by_key(|&i| books[i].round);
    for w in order.windows(2) {
        if books[w[0]].round == books[w[1]].round {
            return Err(VerifyError::Replay {
                mode: m.name.clone(),
                id: books[w[1]].id,
                round: books[w[1]].round,
                seed: summary.seed,
                what: format!("the same round as book {}", books[w[0]].id),
            });
        }
    }
    let rounds: Vec<u64> = order.iter().map(|&i| books[i].round).collect();
    let mut at = 0usize;
    let mut failure: Option<VerifyError> = None;
    game.replay_rounds(&m.name, summary.seed, &rounds, &mut |round, win, log| {
        let b = &books[order[at]];
        at += 1;
        if failure.is_some() {
            return;
        }
        let fail = |what: String| VerifyError::Replay {
            mode: m.name.clone(),
            id: b.id,
            round,
            seed: summary.seed,
            what,
        };
        if win.hundredths() != b.win {
            failure = Some(fail(format!(
                "the round wins {} hundredths, the book says {}",
                win.hundredths(),
                b.win
            )));
        } else if Fingerprint::of_bytes(book_events(log, &summary.game).to_string().as_bytes())
            != b.events
        {
            failure = Some(fail("its events are not the round's events".into()));
        }
    })?;
    if let Some(f) = failure {
        return Err(f);
    }
    // The figures.
    let table: Vec<TableRow> = books
        .iter()
        .zip(&rows)
        .map(|(b, r)| TableRow {
            weight: r.weight,
            win: b.win,
            feature: b.feature,
            capped: b.criteria == Stratum::Capped.label(),
        })
        .collect();
    let (figures, platform_rtp) = table_figures(&table, m.cost);
    let figures_error = |what: String| VerifyError::Figures {
        mode: m.name.clone(),
        what,
    };
    // The strata: each its anchored probability and mean.
    let total: u128 = rows.iter().map(|r| u128::from(r.weight)).sum();
    let mut by_stratum: BTreeMap<&str, (u128, u128)> = BTreeMap::new();
    let mut by_bucket = [0u128; crate::stats::BUCKETS];
    for (b, r) in books.iter().zip(&rows) {
        let e = by_stratum.entry(b.criteria.as_str()).or_default();
        e.0 += u128::from(r.weight);
        e.1 += u128::from(r.weight) * u128::from(b.win);
        let capped = b.criteria == Stratum::Capped.label();
        by_bucket[Stratum::of(b.win, b.feature, capped).report_bucket()] += u128::from(r.weight);
    }
    for s in &m.strata {
        let (w, won) = by_stratum.remove(s.label.as_str()).unwrap_or((0, 0));
        let p_table = w as f64 / total.max(1) as f64;
        let mean_table = if w == 0 { 0.0 } else { won as f64 / w as f64 };
        let off = |a: f64, b: f64| (a - b).abs() > STRATUM_TOLERANCE * b.abs() + 1e-15;
        if off(p_table, s.probability) || off(mean_table, s.mean) {
            return Err(figures_error(format!(
                "stratum {}: probability {p_table:.12} and mean win {mean_table:.4} in the table, {:.12} and {:.4} anchored",
                s.label, s.probability, s.mean
            )));
        }
    }
    if let Some((label, _)) = by_stratum.into_iter().next() {
        return Err(figures_error(format!(
            "books of stratum '{label}', which the export does not have"
        )));
    }
    let buckets: Vec<f64> = by_bucket
        .iter()
        .map(|&w| w as f64 / total.max(1) as f64)
        .collect();
    check_anchor(m, &figures, &buckets, summary.reference_rounds).map_err(figures_error)?;
    Ok(ModeVerified {
        name: m.name.clone(),
        books: rows.len() as u64,
        platform_rtp,
        table_rtp: figures.rtp,
        reference_rtp: m.reference.rtp,
        anchor_rtp: m.anchor.rtp,
        certified: m.anchor.certified,
    })
}

/// The lookup table: rows of the platform's form, ids contiguous from 1, the file the export
/// wrote.
fn read_table(dir: &Path, m: &ModeSummary) -> Result<(Vec<Row>, Fingerprint), VerifyError> {
    let file = table_file(&m.name);
    let bytes = read_bounded(&dir.join(&file), BOOKS_FILE_LIMIT, "a lookup table")
        .map_err(|e| format_error(&file, e.to_string()))?;
    let text = std::str::from_utf8(&bytes).map_err(|_| format_error(&file, "is not UTF-8 text"))?;
    let digest = Fingerprint::of_bytes(&bytes);
    let mut rows = Vec::new();
    let mut total: u64 = 0;
    for (i, line) in text.lines().enumerate() {
        let bad = |what: String| format_error(&file, format!("line {}: {what}", i + 1));
        let fields: Vec<&str> = line.split(',').collect();
        if fields.len() != 3 {
            return Err(bad("must be `id,weight,payout`".into()));
        }
        let num = |k: usize, what: &str| {
            fields[k].parse::<u64>().map_err(|_| {
                bad(format!(
                    "{what} '{}' is not an unsigned 64-bit integer",
                    fields[k]
                ))
            })
        };
        let (id, weight, payout) = (num(0, "id")?, num(1, "weight")?, num(2, "payout")?);
        if id != i as u64 + 1 {
            return Err(bad(format!(
                "id {id}; ids run from 1 without gaps, this row's is {}",
                i + 1
            )));
        }
        if weight == 0 {
            return Err(bad("weight 0; every weight is positive".into()));
        }
        total = total
            .checked_add(weight)
            .ok_or_else(|| bad("the weights' sum passes 2^64 - 1".into()))?;
        if payout % 10 != 0 {
            return Err(bad(format!(
                "payout {payout} is not a multiple of 10 (0.10 x)"
            )));
        }
        rows.push(Row { weight, payout });
    }
    if rows.len() as u64 != m.books {
        return Err(format_error(
            &file,
            format!("{} rows, the export wrote {}", rows.len(), m.books),
        ));
    }
    Ok((rows, digest))
}

/// The magic number a zstd frame starts with (little-endian 0xFD2FB528).
const ZSTD_MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

/// Why a books file's bytes are no whole zstd frame (`code`: zstd's error): empty; not
/// zstd at all (its first four bytes are not zstd's magic number); or a zstd frame that does
/// not end within the file, cut short (a copy or upload that stopped) or damaged.
fn zstd_refusal(bytes: &[u8], code: zstd::zstd_safe::ErrorCode) -> String {
    if bytes.is_empty() {
        "is empty: a books file is one zstd frame".to_string()
    } else if !bytes.starts_with(&ZSTD_MAGIC) {
        "is not zstd-compressed (it does not start with zstd's magic number 28 b5 2f fd)"
            .to_string()
    } else {
        format!(
            "is truncated or damaged: its zstd frame does not end within its {} bytes (zstd: {}); copy or export it again whole",
            bytes.len(),
            zstd::zstd_safe::get_error_name(code)
        )
    }
}

/// The books: one zstd frame, under the size limit, each line a book of the platform's form
/// whose id and payout match its table row and whose round is recorded.
fn read_books(
    dir: &Path,
    m: &ModeSummary,
    rows: &[Row],
) -> Result<(Vec<BookKey>, Fingerprint), VerifyError> {
    let file = books_file(&m.name);
    let bytes = read_bounded(&dir.join(&file), BOOKS_FILE_LIMIT, "a books file")
        .map_err(|e| format_error(&file, e.to_string()))?;
    let first = zstd::zstd_safe::find_frame_compressed_size(&bytes)
        .map_err(|code| format_error(&file, zstd_refusal(&bytes, code)))?;
    if first != bytes.len() {
        return Err(VerifyError::MultiFrame {
            file,
            frames_bytes: first,
            bytes: bytes.len(),
        });
    }
    let digest = Fingerprint::of_bytes(&bytes);
    let decoder = zstd::stream::read::Decoder::new(&bytes[..])
        .map_err(|e| format_error(&file, format!("cannot be decompressed: {e}")))?;
    let mut reader = BufReader::new(std::io::Read::take(decoder, BOOKS_FILE_LIMIT + 1));
    let mut books = Vec::with_capacity(rows.len());
    let mut line = String::new();
    let mut size = 0u64;
    loop {
        line.clear();
        let n = reader
            .read_line(&mut line)
            .map_err(|e| format_error(&file, format!("cannot be decompressed: {e}")))?;
        if n == 0 {
            break;
        }
        size += n as u64;
        if size > BOOKS_FILE_LIMIT {
            return Err(format_error(
                &file,
                format!("is over {BOOKS_FILE_LIMIT} bytes decompressed, the platform's limit"),
            ));
        }
        let at = books.len() + 1;
        let bad = |what: String| format_error(&file, format!("book {at}: {what}"));
        let v: Value =
            serde_json::from_str(line.trim_end()).map_err(|e| bad(format!("not JSON: {e}")))?;
        let int = |k: &str| {
            v.get(k)
                .and_then(Value::as_u64)
                .ok_or_else(|| bad(format!("`{k}` is missing or not an unsigned integer")))
        };
        let id = int("id")?;
        if id != at as u64 {
            return Err(bad(format!(
                "id {id}; books run from 1 in the table's order"
            )));
        }
        let events = v
            .get("events")
            .filter(|e| e.is_array())
            .ok_or_else(|| bad("`events` is missing or not a list".into()))?;
        let payout = int("payoutMultiplier")?;
        let Some(row) = rows.get(at - 1) else {
            return Err(bad(format!("the table has only {} rows", rows.len())));
        };
        if payout != row.payout {
            return Err(VerifyError::Payout {
                mode: m.name.clone(),
                id,
                book: payout,
                table: row.payout,
            });
        }
        let win = int("win")?;
        if platform_payout(win) != payout {
            return Err(bad(format!(
                "pays {payout} but its win {win} on the platform's step is {}",
                platform_payout(win)
            )));
        }
        // The payout recomputed from the book's own events: their paid amounts add up to the
        // round's win, which is the book's.
        let paid = paid_by_book_events(events).map_err(|e| bad(format!("its events: {e}")))?;
        if paid != win {
            return Err(bad(format!(
                "its events pay {paid} hundredths in all but its `win` is {win}"
            )));
        }
        books.push(BookKey {
            id,
            round: int("round")?,
            win,
            feature: v.get("feature").and_then(Value::as_bool).unwrap_or(false),
            criteria: v
                .get("criteria")
                .and_then(Value::as_str)
                .ok_or_else(|| bad("`criteria` is missing".into()))?
                .to_string(),
            events: Fingerprint::of_bytes(events.to_string().as_bytes()),
            tags: {
                let mut tags = Vec::new();
                for key in ["features", "awards"] {
                    let list = v
                        .get(key)
                        .and_then(Value::as_array)
                        .ok_or_else(|| bad(format!("`{key}` is missing or not a list of names")))?;
                    for name in list {
                        let name = name
                            .as_str()
                            .ok_or_else(|| bad(format!("`{key}` holds a name that is not text")))?;
                        tags.push((&key[..key.len() - 1], name.to_string()));
                    }
                }
                tags
            },
        });
    }
    if books.len() != rows.len() {
        return Err(format_error(
            &file,
            format!(
                "{} books but the table has {} rows",
                books.len(),
                rows.len()
            ),
        ));
    }
    Ok((books, digest))
}

/// The table's figures against its anchor (the module's rules): the RTP within
/// [`RTP_TOLERANCE`], the feature probability, hit rate and each carried bucket's probability
/// inside the anchor's 99 % interval (the reference run's for a figure no evidence states),
/// the cap's probability the certified one (unless it is stated as not carried).
///
/// # Errors
/// What is off, and by how much.
pub fn check_anchor(
    m: &ModeSummary,
    table: &crate::export::Figures,
    buckets: &[f64],
    reference_rounds: u64,
) -> Result<(), String> {
    use crate::export_anchor::Anchor;
    let a = &m.anchor;
    let pct = |x: f64| format!("{:.6} %", x * 100.0);
    if (table.rtp - a.rtp).abs() > RTP_TOLERANCE {
        return Err(format!(
            "the table's RTP {} is not the anchor's {} (within {} pp)",
            pct(table.rtp),
            pct(a.rtp),
            RTP_TOLERANCE * 100.0
        ));
    }
    let (q, q_half) = a.feature_rate.unwrap_or((
        m.reference.feature_rate,
        Anchor::half_width(m.reference.feature_rate, reference_rounds),
    ));
    if (table.feature_rate - q).abs() > q_half {
        return Err(format!(
            "the table's feature probability {} lies outside {} +- {}",
            pct(table.feature_rate),
            pct(q),
            pct(q_half)
        ));
    }
    let (h, h_half) = a.hit_rate.unwrap_or((
        m.reference.hit_rate,
        Anchor::half_width(m.reference.hit_rate, reference_rounds),
    ));
    if (table.hit_rate - h).abs() > h_half {
        return Err(format!(
            "the table's hit rate {} lies outside {} +- {}",
            pct(table.hit_rate),
            pct(h),
            pct(h_half)
        ));
    }
    if let Some((c, _)) = a.cap
        && m.not_carried.cap == 0.0
        && (table.cap_rate - c).abs() > 1e-6 * c
    {
        return Err(format!(
            "the table's cap probability {:.6e} is not the certified {c:.6e}",
            table.cap_rate
        ));
    }
    if let Some((probabilities, rounds)) = &a.buckets {
        for (j, (&p, &t)) in probabilities.iter().zip(buckets).enumerate() {
            let label = crate::stats::BUCKET_LABELS.get(j).copied().unwrap_or("?");
            let skipped = m.not_carried.buckets.iter().any(|(l, _)| l == label)
                || (j + 1 == probabilities.len() && m.not_carried.cap > 0.0);
            let half = Anchor::half_width(p, *rounds);
            if !skipped && (t - p).abs() > half {
                return Err(format!(
                    "the table's probability of win bucket {label}, {t:.6e}, lies outside the certified {p:.6e} +- {half:.2e}"
                ));
            }
        }
    }
    Ok(())
}

/// The mode's force record: the one its books' tags give ([`crate::export`]'s
/// rules: each book under its stratum's tags and its features and awards), byte for byte.
fn check_force(dir: &Path, m: &ModeSummary, books: &[BookKey]) -> Result<(), VerifyError> {
    let file = force_record_file(&m.name);
    let bytes = read_bounded(&dir.join(&file), BOOKS_FILE_LIMIT, "a force record")
        .map_err(|e| format_error(&file, e.to_string()))?;
    let mut force: BTreeMap<(String, String), Vec<u64>> = BTreeMap::new();
    for b in books {
        let capped = b.criteria == Stratum::Capped.label();
        let tags = stratum_tags(Stratum::of(b.win, b.feature, capped));
        for (key, value) in tags.iter().chain(&b.tags) {
            force
                .entry(((*key).to_string(), value.clone()))
                .or_default()
                .push(b.id);
        }
    }
    if force_record_json(&force).as_bytes() != &bytes[..] {
        return Err(format_error(
            &file,
            "is not the force record of the books' tags (each book's id under its criteria, bucket or cap, features and awards)",
        ));
    }
    let keys: BTreeMap<String, Vec<String>> =
        force
            .into_keys()
            .fold(BTreeMap::new(), |mut k, (key, value)| {
                k.entry(key).or_default().push(value);
                k
            });
    if keys != m.force_keys {
        return Err(format_error(
            SUMMARY_FILE,
            format!("mode {}: its force keys are not the force record's", m.name),
        ));
    }
    Ok(())
}
