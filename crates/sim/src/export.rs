//! (feature `stake-export`) A game's modes exported as Stake Engine math files: per mode a
//! lookup table of weighted books and the books themselves, each book one real round played
//! by the engine, weighted so that the table reproduces the game's certified figures
//! ([`export_stake`]; checked again by [`crate::export_verify`]).
//!
//! # The platform's format, as read
//!
//! Stake Engine's remote game server does not run a game's code: it draws each round from
//! pre-played rounds ("books") by weight. What it takes was read from its public math SDK,
//! `StakeEngine/math-sdk` (commit `63e9cc61fb76`, 2 May 2026):
//!
//! * `docs/rgs_docs/data_format.md`: a folder with `index.json` of the strict form
//!   `{"modes": [{"name": <string>, "cost": <float>, "events": "<file>.jsonl.zst",
//!   "weights": "<file>.csv"}, ...]}`; per mode a lookup table, CSV rows of unsigned 64-bit
//!   integers `simulation number, round probability (weight), payout multiplier`, no header
//!   (`1,199895486317,0`); and the books, zstd-compressed JSON lines, each with the required
//!   keys `id` (int), `events` (a list of objects) and `payoutMultiplier` (int: `1150` is an
//!   11.5 x payout). The table's payouts must equal the books' exactly (they are hashed).
//! * `utils/rgs_verification.py`, the platform's checks repeated before upload: file names
//!   `books_<mode>.jsonl.zst` and `lookUpTable_<mode>_0.csv`; every payout a non-negative
//!   integer, **at least 10 when not 0, and a multiple of 10** ("RGS accepts 'cents'
//!   increments" of 0.10 x); every weight a non-negative integer, their sum at most
//!   `u64::MAX`; every book's `payoutMultiplier`, in book order, equal to the table's payout
//!   in row order; the table's RTP `sum(weight * payout / 100) / sum(weight) / cost`; and
//!   between modes an RTP spread of at most 0.05 (5 pp; a warning there, an approval rule).
//! * `utils/analysis/distribution_functions.py` (`calculate_rtp`): the payout is in
//!   hundredths of the **base bet**, the mode's cost divides it: a mode of cost 1.25 paying
//!   `125` returns 100 %.
//! * `src/state/books.py`, `src/write_data/write_data.py`: a book also carries `criteria`
//!   (the name of the distribution it was drawn for) and other keys, ignored by the server;
//!   `write_json` compresses a whole file with one `ZstdCompressor().compress` call, one zstd
//!   frame (the users report files of several frames refused).
//! * `docs/math_docs/gamestate_section/events_info.md`: events are the game's own, each an
//!   object `{"index": <int>, "type": <string>, <fields>...}`, `index` counting the events of
//!   the round, `type` one word naming the event.
//!
//! # How this project's rounds are carried
//!
//! * **Modes.** One platform mode per game mode, named as the game names it, cost =
//!   [`slot_core::Game::cost`] / 100 (Starlight Christmas: `standard` 1.0 and `ante` 1.25;
//!   Wish Upon a Star: `standard`). Moon Princess's modes are its free-spin picks: the
//!   platform has no choice within a round, so each pick is a mode of its own (the player
//!   picks before the spin, not when the free spins trigger); the rounds are the same rounds
//!   as the game plays with that pick.
//! * **Books are real rounds.** Book `id` (from 1, in the order played) is round `round` of
//!   the export's seed (`seed` in [`SUMMARY_FILE`], one for every book) of the mode (the
//!   replay contract of [`slot_core::replay`]): `cargo xtask play <game> --mode <mode> --seed
//!   <seed> --round <round>` replays it. It carries `win`, the round's win in hundredths of
//!   the bet exactly as the engine paid it, `criteria`, its stratum's label
//!   ([`crate::export_weights::Stratum::label`]), and its tags (`feature`, `features`,
//!   `awards`: see the force files).
//! * **Events.** The round's event log ([`slot_core::events::EventLog`], the committed
//!   round-record schema) in the compact form of [`crate::export_events`] (format "compact
//!   events 1"): one object an event, in the log's order, its position its index, `type` the
//!   event's name (`round_start`, `spin_start`, `landed`, `win`, ..., `round_end`), its fields
//!   under short keys, grids one character a cell, cell lists two digits a cell; amounts in
//!   hundredths of the bet. Nothing is added or reordered and only what every book repeats
//!   (the game and model of `round_start`, in the summary) is left out, so a book's events
//!   read back through [`crate::export_events::log_of_book_events`] are the round's log, and
//!   their `p` (paid) amounts add up to its win
//!   ([`crate::export_events::paid_by_book_events`]). The round record's full JSON took 1.37
//!   to 1.57 kB a book for Moon Princess and Starlight Christmas, over the platform's 1 GB
//!   for 10^6 books; the compact form takes 0.53 to 0.57 of that (884 to 894 bytes a
//!   book for Moon Princess, 729 to 746 for Starlight Christmas: `docs/stake-export.md`).
//! * **The payout step.** The platform pays in steps of 10 hundredths (0.10 x); this
//!   project's games pay in hundredths (Moon Princess's runs of 3 Hearts or Bells pay 0.15 x).
//!   A win that is not a multiple of 10 **cannot be carried exactly**. The export maps every
//!   win down to the step, [`platform_payout`] (`w - w % 10`: 15 -> 10, 5 -> 0, 1,230 ->
//!   1,230), so that the platform never pays more than the game would; the book keeps the
//!   exact `win` and its events beside the `payoutMultiplier`, and the table's payout is the
//!   book's `payoutMultiplier`, always. The summary states per mode the rounded books, their
//!   probability and the RTP the step takes (`rtp_lost_to_step`, the table's RTP in engine
//!   wins less its RTP in payouts); hit rate, feature frequency and cap probability are
//!   figures of the rounds and do not change, except that a round whose win rounds to 0 pays
//!   nothing (`zero_paid_probability`). A game with such wins is therefore published at an RTP
//!   below its certified one (`exact_payouts: false` in the summary): its certificate does not
//!   cover the exported variant as it stands. Publishing it exactly needs a variant of the game
//!   whose paytable pays in steps of 0.10 x (a game change, not an export option).
//!
//! # The weights
//!
//! A reference run plays `reference_rounds` rounds of the mode (seed `seed`, rounds from 0)
//! and counts each stratum of [`crate::export_weights`] (win-size bucket in multiples of the
//! bet, with or without the game's first feature, the free spins; capped): rounds, wins' sum
//! and sum of squares. The books are then drawn from the same rounds played again, stratum
//! by stratum (each stratum's smallest and largest win, the rest uniformly).
//!
//! The weights are **anchored on the certified evidence** of the model and mode
//! ([`crate::export_anchor`]): the RTP always; the free spins' probability and the mean win of
//! a round with them where a split record states them; the win-size buckets' probabilities
//! and the hit rate where a certified whole-round run is named; the cap's certified odds.
//! [`crate::export_weights::calibrate`] rakes the strata's probabilities (from their reference
//! shares) to those margins and moves their mean wins within their ranges, each by a share
//! proportional to the variance of its reference mean, until the free-spin rounds' and the
//! others' means are the certified ones; the integer weights then give each stratum that
//! probability and mean ([`crate::export_weights::weights_for`]). So the table's RTP is the
//! certified figure to about 10^-9, its free-spin probability, hit rate and buckets those
//! certified, its cap probability the certified odds. A cap needs a capped book: if the
//! reference run has none, the rounds after it are searched (`cap_search_rounds`, the first
//! capped round becomes the book, a real round replayed as any other); if none is found the
//! cap is **not carried** (its probability goes to the other strata, the mean win still the
//! certified one) and the summary says so. Moon Princess's cap (1 in 3.6e8 to 6.9e8) needs a
//! search of up to 3e9 rounds (with seed 20261129 the first capped rounds are 2.8e8 to 4.6e8,
//! the whole export under two minutes of one core a pick). What no record states (Moon
//! Princess's hit rate and buckets: a split record counts no hits) stays the reference run's; a certified bucket
//! no reference round falls in is not carried and stated. Distinct wins rarer than one book
//! are not in the table: each stratum's rounds are carried by its books at two weight levels.
//! A model without evidence is refused unless `uncertified`: then the reference run is its
//! own anchor, stated. The summary records, per stratum, its reference counts and its
//! anchored probability and mean, and per mode the anchor with the source of each figure.
//!
//! # Force files
//!
//! So that a QA team can pick a round with a feature, each book carries its tags (`features`:
//! the game's names of the features that triggered in it, Moon Princess's `random power` and
//! `grid clear 100x` among them; `awards`: the top awards it paid) and the export writes the
//! platform's force files as its SDK does (`docs/math_docs/gamestate_section/force_info.md`,
//! `src/write_data/write_data.py`): per mode `force_record_<mode>.json`, a list of `{"search":
//! {key: value}, "timesTriggered": books, "bookIds": [ids]}` ([`force_record_json`]), one
//! entry per tag: `criteria` (the stratum), `bucket` (the win size), `cap` (`reached`),
//! `feature` and `award` (by name); and `force.json`, `{mode: {key: [values]}}`.
//!
//! # Files
//!
//! `index.json`, `books_<mode>.jsonl.zst` (one zstd frame, under [`BOOKS_FILE_LIMIT`]
//! decompressed, else refused: the platform's index names one books file a mode, so books are
//! not split), `lookUpTable_<mode>_0.csv` and `force_record_<mode>.json` per mode,
//! [`FORCE_FILE`], [`SUMMARY_FILE`] (this project's record of the export: game, model, seed,
//! reference counts, anchor, figures) and the folder's stamp ([`crate::files::STAMP`]). Every
//! file is written under a temporary name and renamed when complete; `index.json`, the
//! platform's manifest, is removed before the first file of an export replaces one of an
//! earlier export and written last, so a folder without it is an unfinished export (and an
//! export refused before it writes, as too few books for a mode's strata are, leaves an
//! earlier export in the folder whole).

use crate::SimError;
use crate::export_anchor::{Anchor, EvidenceError, anchor_of, reference_anchor};
use crate::export_events::book_events;
use crate::export_market::{ExportedMode, MarketCheck, stake_verdict};
use crate::export_weights::{
    STRATA, Stratum, StratumCount, WeightError, allocate, calibrate, integer_target,
    units_per_round, weights_for,
};
use crate::files::{AtomicFile, OutputDir, Owner, write_atomic};
use crate::models::{UnknownMode, mode_named};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use slot_core::events::EventLog;
use slot_core::recorder::NoRecorder;
use slot_core::replay::{BATCH_ROUNDS, SimRng, batch_rng, splitmix64};
use slot_core::sampling::bounded_u64_from;
use slot_core::{Game, Rng};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The platform's payout step, in hundredths of the bet: payouts are multiples of it.
pub const PAYOUT_STEP: u64 = 10;

/// The largest decompressed books file the export writes, in bytes (the platform's limit is
/// "about 1 GB"). A mode's books are not split: the platform's `index.json` names one books
/// file a mode (`events`, [`index_json`]) and its SDK documents no split, so a mode whose books
/// pass the limit is refused, naming about how many books fit.
pub const BOOKS_FILE_LIMIT: u64 = 1_000_000_000;

/// The platform's manifest, written last.
pub const INDEX_FILE: &str = "index.json";

/// This project's record of an export ([`ExportSummary`]).
pub const SUMMARY_FILE: &str = "export.json";

/// The format tag of [`SUMMARY_FILE`].
pub const SUMMARY_FORMAT: &str = "slot-sim stake-engine export 1";

/// The books file of a mode: `books_<mode>.jsonl.zst`.
#[must_use]
pub fn books_file(mode: &str) -> String {
    format!("books_{mode}.jsonl.zst")
}

/// The lookup table of a mode: `lookUpTable_<mode>_0.csv`.
#[must_use]
pub fn table_file(mode: &str) -> String {
    format!("lookUpTable_{mode}_0.csv")
}

/// The platform's payout of a round that won `win` hundredths of the bet: the win rounded down
/// to a multiple of [`PAYOUT_STEP`] (15 -> 10, 5 -> 0).
#[must_use]
pub const fn platform_payout(win: u64) -> u64 {
    win - win % PAYOUT_STEP
}

/// Whether `name` is a file an export writes (for [`OutputDir::claim`]).
fn own(name: &str) -> bool {
    name == INDEX_FILE
        || name == SUMMARY_FILE
        || name == FORCE_FILE
        || (name.starts_with("force_record_") && name.ends_with(".json"))
        || (name.starts_with("books_") && name.ends_with(".jsonl.zst"))
        || (name.starts_with("lookUpTable_") && name.ends_with(".csv"))
}

/// The model an export was made of, as a tool loads it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum SavedModel {
    /// The published model.
    Published,
    /// A shipped model by name, or a model or variant file by its path (as given).
    Named(String),
    /// The variant of the game's RTP ladder tuned to this RTP, hundredths of a percent.
    Rtp(u32),
}

/// What to export ([`export_stake`]).
#[derive(Clone, Debug)]
pub struct ExportRequest<'a> {
    /// The model, as recorded for the verifier to load again (it must be the model played).
    pub model: SavedModel,
    /// One mode by name, or `None`: every mode of the game.
    pub mode: Option<&'a str>,
    /// Books per mode.
    pub books: u64,
    /// Rounds of the reference run per mode (from 1 to 2^40).
    pub reference_rounds: u64,
    /// The seed of the rounds (books are rounds of it).
    pub seed: u64,
    /// The folder written.
    pub dir: &'a Path,
    /// Clear a folder holding another game's, mode's or model's export (and nothing else)
    /// first; a folder holding anything the export did not write is refused all the same
    /// ([`OutputDir::claim`]).
    pub force: bool,
    /// The repository, below which the game crate's certification records lie (its
    /// [`slot_core::evidence::Evidence::crate_dir`]); `None`: no evidence is read.
    pub root: Option<&'a Path>,
    /// Export a model without certified evidence (of the model or the mode) all the same, its
    /// table anchored on its reference run alone (stated in the summary); without it such a
    /// model is refused.
    pub uncertified: bool,
    /// Where the reference run saw no capped round but the evidence states the cap's odds:
    /// how many rounds after the reference run to play looking for one (0: none; a cap not
    /// found is not carried, and stated).
    pub cap_search_rounds: u64,
}

/// Why an export was refused or failed. Each names what was wrong and what is allowed.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// A mode the game does not have.
    #[error(transparent)]
    UnknownMode(#[from] UnknownMode),
    /// The strata or weights could not be worked out (too few books, a reference run out of
    /// range).
    #[error("mode {mode}: {source}")]
    Weights {
        /// The mode.
        mode: String,
        /// Why.
        source: WeightError,
    },
    /// The mode's certified evidence could not be read, or the model has none (and the
    /// request does not allow an uncertified export).
    #[error(
        "mode {mode}: {source}; the export anchors its weights on the certified figures (give the repository's records, or export the model uncertified: --uncertified, anchored on its reference run alone)"
    )]
    Evidence {
        /// The mode.
        mode: String,
        /// Why.
        source: EvidenceError,
    },
    /// A mode's books would exceed the platform's decompressed size limit.
    #[error(
        "mode {mode}: the books take more than {limit} bytes decompressed (the platform's limit on a books file, and its index names one books file a mode); export at most about {books_fit} books (at the mean size of those written)"
    )]
    TooLarge {
        /// The mode.
        mode: String,
        /// The limit, bytes.
        limit: u64,
        /// Books of the mean size written so far that fit under the limit.
        books_fit: u64,
    },
    /// A round replayed with its events won other than when played without (a broken replay
    /// contract: a fault of the game).
    #[error(
        "mode {mode}: round {round} of seed {seed} won {played} played and {replayed} replayed with its events"
    )]
    Replay {
        /// The mode.
        mode: String,
        /// The seed.
        seed: u64,
        /// The round.
        round: u64,
        /// Its win, played without events.
        played: u64,
        /// Its win, replayed with events.
        replayed: u64,
    },
    /// A file or the folder could not be written (or the folder holds other work).
    #[error(transparent)]
    Files(#[from] SimError),
}

/// Figures of a mode: its RTP (a fraction of the cost), hit rate, feature frequency and
/// cap probability (fractions of rounds).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figures {
    /// Mean win over cost.
    pub rtp: f64,
    /// Rounds that win anything.
    pub hit_rate: f64,
    /// Rounds in which a feature triggered.
    pub feature_rate: f64,
    /// Rounds that reached the cap.
    pub cap_rate: f64,
}

/// One stratum of a mode: the reference run's counts and the books drawn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StratumRecord {
    /// Its label ([`Stratum::label`]).
    pub label: String,
    /// Rounds of the reference run in it.
    pub rounds: u64,
    /// Their wins' sum, hundredths of the bet.
    pub win_sum: u128,
    /// Books drawn from it.
    pub books: u64,
    /// Its probability in the table (anchored, [`crate::export_weights::calibrate`]).
    pub probability: f64,
    /// Its mean win in the table, hundredths of the bet.
    pub mean: f64,
}

/// The search for a capped round after the reference run (which saw none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CapSearch {
    /// The first round searched (the reference run's rounds).
    pub from: u64,
    /// Rounds searched at most.
    pub rounds: u64,
    /// The capped round found, the table's capped book.
    pub found: Option<u64>,
}

/// What the anchor states that the table cannot carry ([`crate::export_weights::NotCarried`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotCarriedRecord {
    /// The cap's probability, when no capped round was found (its mass goes to the other
    /// strata).
    pub cap: f64,
    /// Report buckets with a certified probability but no reference round, and that
    /// probability.
    pub buckets: Vec<(String, f64)>,
}

/// One mode of an export: its files, reference run, figures and what the payout step did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModeSummary {
    /// The mode's name (the platform's too).
    pub name: String,
    /// Its cost, hundredths of the bet.
    pub cost: u64,
    /// Books.
    pub books: u64,
    /// The books file.
    pub books_file: String,
    /// The lookup table.
    pub table_file: String,
    /// The books file's size decompressed, bytes.
    pub books_bytes: u64,
    /// The books file's SHA-256 (hex), as written.
    pub books_sha256: String,
    /// The lookup table's SHA-256 (hex), as written.
    pub table_sha256: String,
    /// The force record (`force_record_<mode>.json`).
    pub force_file: String,
    /// The force record's search keys and their values (what `force.json` lists for the mode).
    pub force_keys: BTreeMap<String, Vec<String>>,
    /// The reference run's strata (those with rounds).
    pub strata: Vec<StratumRecord>,
    /// The reference run's largest win, hundredths of the bet.
    pub reference_max_win: u64,
    /// The reference run's figures.
    pub reference: Figures,
    /// The figures the table is anchored on and their sources.
    pub anchor: Anchor,
    /// The search for a capped round, if one was made.
    pub cap_search: Option<CapSearch>,
    /// What the table cannot carry.
    pub not_carried: NotCarriedRecord,
    /// The table's figures, engine wins weighted by the table.
    pub table: Figures,
    /// The table's RTP in the platform's payouts (what the platform returns).
    pub platform_rtp: f64,
    /// The RTP the payout step takes: `table.rtp - platform_rtp`.
    pub rtp_lost_to_step: f64,
    /// Books whose win is not a multiple of the step.
    pub rounded_books: u64,
    /// Their probability in the table.
    pub rounded_probability: f64,
    /// Probability of the rounds that win something but are paid nothing (a win below the
    /// step).
    pub zero_paid_probability: f64,
    /// The certified RTP the game states for the model and mode, if any, and its 99 %
    /// half-width (`None`: exact).
    pub certified_rtp: Option<(f64, Option<f64>)>,
}

/// An export's record, [`SUMMARY_FILE`]: what was exported of which game and model, how, and
/// the figures beside the reference run's and the certified ones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportSummary {
    /// [`SUMMARY_FORMAT`].
    pub format: String,
    /// The game's command-line name.
    pub game: String,
    /// The model, as loaded again.
    pub model: SavedModel,
    /// The model's fingerprint (hex).
    pub fingerprint: String,
    /// The seed of every mode's rounds.
    pub seed: u64,
    /// Rounds of each mode's reference run.
    pub reference_rounds: u64,
    /// The payout step, hundredths of the bet.
    pub payout_step: u64,
    /// Whether every book's win is a multiple of the step (the table pays the rounds exactly).
    pub exact_payouts: bool,
    /// The modes.
    pub modes: Vec<ModeSummary>,
    /// The Stake Engine market verdict on the variant as exported
    /// ([`crate::export_market::stake_verdict`]), or why there is none.
    pub market: Result<MarketCheck, String>,
}

impl ExportSummary {
    /// The summary as pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        // Plain data: serialising cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// The summary as lines of text (what the runner prints).
    #[must_use]
    pub fn to_text(&self) -> String {
        let mut t = format!(
            "{} ({}), model {}, seed {}, reference run {} rounds per mode, payout step {} hundredths{}\n",
            self.game,
            SUMMARY_FILE,
            &self.fingerprint[..self.fingerprint.len().min(12)],
            self.seed,
            self.reference_rounds,
            self.payout_step,
            if self.exact_payouts {
                ""
            } else {
                " (some wins rounded down: see rtp lost to the step)"
            }
        );
        for m in &self.modes {
            let pct = |x: f64| format!("{:.4} %", x * 100.0);
            t += &format!(
                "mode {} (cost {}.{:02}): {} books, {} strata, books file {} bytes decompressed\n",
                m.name,
                m.cost / 100,
                m.cost % 100,
                m.books,
                m.strata.len(),
                m.books_bytes
            );
            let an = &m.anchor;
            let interval = |f: Option<(f64, f64)>| {
                f.map_or(
                    "not certified: the reference run's".to_string(),
                    |(x, h)| format!("{} +- {}", pct(x), pct(h)),
                )
            };
            t += &format!(
                "  RTP      table {}  {} {}  reference run {}  platform (after the step) {}  lost to the step {}\n",
                pct(m.table.rtp),
                if an.certified {
                    "certified"
                } else {
                    "uncertified anchor"
                },
                match an.rtp_half_width_99 {
                    Some(h) => format!("{} +- {}", pct(an.rtp), pct(h)),
                    None if an.certified => format!("{} exact", pct(an.rtp)),
                    None => pct(an.rtp),
                },
                pct(m.reference.rtp),
                pct(m.platform_rtp),
                pct(m.rtp_lost_to_step)
            );
            t += &format!(
                "  hit rate table {}  anchor {}  reference run {}\n",
                pct(m.table.hit_rate),
                interval(an.hit_rate),
                pct(m.reference.hit_rate)
            );
            t += &format!(
                "  feature  table {}  anchor {}  reference run {}\n",
                pct(m.table.feature_rate),
                interval(an.feature_rate),
                pct(m.reference.feature_rate)
            );
            t += &format!(
                "  cap      table {:.4e}  certified {}  reference run {:.4e}{}\n",
                m.table.cap_rate,
                an.cap.map_or("none stated".to_string(), |(c, _)| format!("{c:.4e}")),
                m.reference.cap_rate,
                match (&m.cap_search, m.not_carried.cap > 0.0) {
                    (Some(c), _) => match c.found {
                        Some(k) => format!("; capped book: round {k}, found after the reference run"),
                        None => format!(
                            "; no capped round in {} rounds searched: the cap is not carried",
                            c.rounds
                        ),
                    },
                    (None, true) => "; the cap is not carried (no capped round; search with --cap-search-rounds)".to_string(),
                    (None, false) => String::new(),
                }
            );
            for (label, p) in &m.not_carried.buckets {
                t += &format!(
                    "  not carried: win bucket {label} (certified probability {p:.4e}): no reference round in it\n"
                );
            }
            for source in &an.sources {
                t += &format!("  anchored on: {source}\n");
            }
            t += &format!(
                "  rounded books {} (probability {}), won but paid 0: {}; largest reference win {}.{:02} x\n",
                m.rounded_books,
                pct(m.rounded_probability),
                pct(m.zero_paid_probability),
                m.reference_max_win / 100,
                m.reference_max_win % 100
            );
        }
        match &self.market {
            Ok(check) => {
                for v in &check.modes {
                    t += &format!(
                        "market {} (the variant as exported), mode {}: {}\n",
                        check.market, v.mode, v.status
                    );
                    for line in &v.lines {
                        t += &format!("  {line}\n");
                    }
                }
            }
            Err(why) => t += &format!("market stake-engine: no verdict ({why})\n"),
        }
        t
    }

    /// A line for each mode written fewer books than `asked` (the books per mode the export
    /// was asked for), saying how many and why: books are drawn from the reference run's
    /// rounds, and a stratum whose rounds all win the same (no win, say) is carried by one
    /// book, any other by at most its rounds ([`crate::export_weights::allocate`]), so a
    /// reference run too short for `asked` fills fewer; a longer one gives more. Empty when
    /// every mode has `asked` books.
    #[must_use]
    pub fn books_short_text(&self, asked: u64) -> String {
        self.modes
            .iter()
            .filter(|m| m.books < asked)
            .map(|m| {
                format!(
                    "mode {}: {} written, not the {} asked: the reference run's {} carry no more (a stratum whose rounds all win the same, no win say, is carried by 1 book, any other by at most its rounds); a longer reference run (--reference-rounds) gives more\n",
                    m.name,
                    crate::words::counted(m.books, "book", "books"),
                    asked,
                    crate::words::counted(self.reference_rounds, "round", "rounds"),
                )
            })
            .collect()
    }
}

/// The generator that chooses the books among a stratum's rounds (apart from the rounds'
/// own): a stream of the seed no batch uses.
fn chooser(seed: u64, mode_index: usize) -> SimRng {
    batch_rng(
        splitmix64(seed ^ 0x5354_414b_455f_4558),
        u64::MAX - mode_index as u64,
    )
}

/// What a round played without events shows the export: its win, whether the game's first
/// feature triggered in it, whether it reached the cap.
fn round_facts<G: Game>(outcome: &G::Outcome) -> (u64, bool, bool) {
    if G::is_blank(outcome) {
        (G::win(outcome).hundredths(), false, false)
    } else {
        let s = G::summary(outcome);
        (
            s.win,
            s.feature_triggers.first().is_some_and(|&t| t > 0),
            s.capped,
        )
    }
}

/// Plays rounds `from..to` of `seed` in `mode` without events, calling `visit(round, rng
/// before the round, win, feature, capped)`; `visit` returning `Ok(true)` stops the run.
fn play_rounds<G: Game>(
    game: &G,
    mode: G::Mode,
    seed: u64,
    from: u64,
    to: u64,
    mut visit: impl FnMut(u64, &SimRng, u64, bool, bool) -> Result<bool, ExportError>,
) -> Result<(), ExportError> {
    let mut k = from;
    let mut rng = slot_core::replay::rng_at_round(seed, from, |rng| {
        game.play_round(mode, rng, &mut NoRecorder);
    });
    while k < to {
        if k > from && k.is_multiple_of(BATCH_ROUNDS) {
            rng = batch_rng(seed, k / BATCH_ROUNDS);
        }
        let before = rng.clone();
        let outcome = game.play_round(mode, &mut rng, &mut NoRecorder);
        let (win, feature, capped) = round_facts::<G>(&outcome);
        if visit(k, &before, win, feature, capped)? {
            break;
        }
        k += 1;
    }
    Ok(())
}

/// The model as the summary records it for `export verify` to load again: a model file by
/// its absolute path (a relative one names a file only from the folder the export was run
/// in), anything else as given.
fn recorded<G: Game>(model: &SavedModel) -> SavedModel {
    match model {
        SavedModel::Named(name) if G::named_model(name).is_none() => std::path::absolute(name)
            .ok()
            .and_then(|p| p.to_str().map(|p| SavedModel::Named(p.to_string())))
            .unwrap_or_else(|| model.clone()),
        other => other.clone(),
    }
}

/// Exports `game` (its model recorded as `request.model`) for Stake Engine into
/// `request.dir`: per mode a reference run, the books drawn from it and written as they are
/// played, the weighted table; then [`SUMMARY_FILE`] and `index.json`, last. Returns the
/// summary written.
///
/// # Errors
/// [`ExportError`]: an unknown mode, too few books for the strata (naming the count needed), a
/// reference run out of range, a folder holding other work (another export unless `force`; anything else always), books over the
/// size limit, a file not written.
pub fn export_stake<G: Game>(
    game: &G,
    request: &ExportRequest<'_>,
) -> Result<ExportSummary, ExportError> {
    let modes: Vec<G::Mode> = match request.mode {
        None => G::MODES.to_vec(),
        Some(name) => vec![mode_named::<G>(name)?],
    };
    let first = G::mode_name(modes[0]).to_string();
    units_per_round(request.reference_rounds).map_err(|source| ExportError::Weights {
        mode: first.clone(),
        source,
    })?;
    let fingerprint = game.fingerprint().to_string();
    let owner = Owner {
        command: "export stake".into(),
        game: G::NAME.into(),
        mode: modes
            .iter()
            .map(|&m| G::mode_name(m))
            .collect::<Vec<_>>()
            .join(", "),
        model: fingerprint.clone(),
    };
    let dir = OutputDir::claim(request.dir, &owner, request.force, own)?;
    let mut summaries = Vec::with_capacity(modes.len());
    for (i, &mode) in modes.iter().enumerate() {
        match export_mode(game, mode, i, request, dir.path()) {
            Ok(m) => summaries.push(m),
            Err(e) => {
                // Refused (too few books for a mode's strata, say): a folder this export
                // created goes again; files of modes already written stay, without a
                // manifest.
                dir.abandon();
                return Err(e);
            }
        }
    }
    let summary = ExportSummary {
        format: SUMMARY_FORMAT.into(),
        game: G::NAME.into(),
        model: recorded::<G>(&request.model),
        fingerprint,
        seed: request.seed,
        reference_rounds: request.reference_rounds,
        payout_step: PAYOUT_STEP,
        exact_payouts: summaries.iter().all(|m| m.rounded_books == 0),
        market: {
            let (model, rtp) = match &request.model {
                SavedModel::Published => (None, None),
                SavedModel::Named(n) => (Some(n.as_str()), None),
                SavedModel::Rtp(r) => (None, Some(slot_core::game::TargetRtp(*r))),
            };
            let exported: Vec<ExportedMode> = summaries
                .iter()
                .map(|m| ExportedMode {
                    name: m.name.clone(),
                    platform_rtp: m.platform_rtp,
                    certified_rtp: m.anchor.rtp,
                    half_width_99: m.anchor.rtp_half_width_99,
                    rtp_lost_to_step: m.rtp_lost_to_step,
                })
                .collect();
            stake_verdict::<G>(request.root, model, rtp, &exported).map_err(|e| e.to_string())
        },
        modes: summaries,
    };
    let force: BTreeMap<&str, &BTreeMap<String, Vec<String>>> = summary
        .modes
        .iter()
        .map(|m| (m.name.as_str(), &m.force_keys))
        .collect();
    write_atomic(
        &dir.path().join(FORCE_FILE),
        (serde_json::to_string_pretty(&force).unwrap_or_default() + "\n").as_bytes(),
    )?;
    write_atomic(&dir.path().join(SUMMARY_FILE), summary.to_json().as_bytes())?;
    write_atomic(
        &dir.path().join(INDEX_FILE),
        index_json(&summary).as_bytes(),
    )?;
    Ok(summary)
}

/// The platform's manifest of an export.
#[must_use]
pub fn index_json(summary: &ExportSummary) -> String {
    let modes: Vec<Value> = summary
        .modes
        .iter()
        .map(|m| {
            serde_json::json!({
                "name": m.name,
                "cost": m.cost as f64 / 100.0,
                "events": m.books_file,
                "weights": m.table_file,
            })
        })
        .collect();
    serde_json::to_string_pretty(&serde_json::json!({ "modes": modes })).unwrap_or_default() + "\n"
}

/// A book kept for the table: its stratum and win.
struct Kept {
    stratum: usize,
    win: u64,
    feature: bool,
}

fn io_error(path: &Path, e: &std::io::Error) -> ExportError {
    ExportError::Files(SimError::Io {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

/// The anchor of a mode: its certified evidence, or (for a model without evidence, when the
/// request allows it) its reference run's figures.
fn mode_anchor<G: Game>(
    game: &G,
    mode: G::Mode,
    request: &ExportRequest<'_>,
    reference_rtp: f64,
) -> Result<Anchor, ExportError> {
    let name = G::mode_name(mode).to_string();
    let found = match request.root {
        Some(root) => anchor_of(root, game, mode),
        None => Err(EvidenceError::NoVariant { game: G::NAME }),
    };
    match found {
        Ok(a) => Ok(a),
        Err(EvidenceError::NoVariant { .. } | EvidenceError::NoMode { .. })
            if request.uncertified =>
        {
            Ok(reference_anchor(reference_rtp, request.reference_rounds))
        }
        Err(source) => Err(ExportError::Evidence { mode: name, source }),
    }
}

/// The first capped round among rounds `from..from + rounds` of the seed: (round, generator
/// before it, win, feature).
fn find_cap<G: Game>(
    game: &G,
    mode: G::Mode,
    seed: u64,
    from: u64,
    rounds: u64,
) -> Result<Option<(u64, SimRng, u64, bool)>, ExportError> {
    let mut found = None;
    play_rounds(
        game,
        mode,
        seed,
        from,
        from.saturating_add(rounds),
        |k, before, win, feature, capped| {
            if capped {
                found = Some((k, before.clone(), win, feature));
            }
            Ok(capped)
        },
    )?;
    Ok(found)
}

/// Removes an earlier export's manifest from `dir`, just before the first file of this
/// export replaces one of its files: from then until the new manifest is written last, the
/// folder is an unfinished export, not one that looks complete. An export refused before
/// (too few books for the strata, a model without evidence) leaves an earlier export whole.
fn retire_manifest(dir: &Path) -> Result<(), ExportError> {
    let index = dir.join(INDEX_FILE);
    if index.exists() {
        std::fs::remove_file(&index).map_err(|e| SimError::Io {
            path: index.clone(),
            message: format!("cannot remove the earlier manifest: {e}"),
        })?;
    }
    Ok(())
}

/// One mode: reference run, anchor, books, table; its summary.
#[allow(clippy::too_many_lines)]
fn export_mode<G: Game>(
    game: &G,
    mode: G::Mode,
    mode_index: usize,
    request: &ExportRequest<'_>,
    dir: &Path,
) -> Result<ModeSummary, ExportError> {
    let name = G::mode_name(mode).to_string();
    let cost = G::cost(mode);
    let weights_error = |source| ExportError::Weights {
        mode: name.clone(),
        source,
    };
    let rounds = request.reference_rounds;
    units_per_round(rounds).map_err(weights_error)?;
    // The reference run.
    let mut counts = [StratumCount::default(); STRATA];
    let (mut hits, mut features, mut capped_rounds, mut max_win) = (0u64, 0u64, 0u64, 0u64);
    play_rounds(
        game,
        mode,
        request.seed,
        0,
        rounds,
        |k, _, win, feature, capped| {
            counts[Stratum::of(win, feature, capped).index()].add(k, win);
            hits += u64::from(win > 0);
            features += u64::from(feature);
            capped_rounds += u64::from(capped);
            max_win = max_win.max(win);
            Ok(false)
        },
    )?;
    let r = rounds as f64;
    let reference = Figures {
        rtp: counts.iter().map(|c| c.win_sum).sum::<u128>() as f64 / r / cost as f64,
        hit_rate: hits as f64 / r,
        feature_rate: features as f64 / r,
        cap_rate: capped_rounds as f64 / r,
    };
    let anchor = mode_anchor(game, mode, request, reference.rtp)?;
    // The cap: a capped round of the reference run, or one searched for after it.
    let cap_index = Stratum::Capped.index();
    let mut strata = counts;
    let mut cap_book: Option<(u64, SimRng, u64, bool)> = None;
    let mut cap_search = None;
    if anchor.cap.is_some() && counts[cap_index].rounds == 0 && request.cap_search_rounds > 0 {
        cap_book = find_cap(game, mode, request.seed, rounds, request.cap_search_rounds)?;
        cap_search = Some(CapSearch {
            from: rounds,
            rounds: request.cap_search_rounds,
            found: cap_book.as_ref().map(|c| c.0),
        });
        if let Some((k, _, win, _)) = &cap_book {
            strata[cap_index].add(*k, *win);
        }
    }
    let cap_feature = if counts[cap_index].rounds > 0 {
        // Every capped round of the reference run pays the cap; the stratum keeps one book,
        // the first, and its feature flag is read when it is played again.
        Some(false)
    } else {
        cap_book.as_ref().map(|c| c.3)
    };
    let take = allocate(&strata, request.books).map_err(weights_error)?;
    // The books: the same rounds again, chosen stratum by stratum.
    let mut need = [0u64; STRATA];
    let mut left = [0u64; STRATA];
    for s in 0..STRATA {
        if cap_book.is_some() && s == cap_index {
            continue;
        }
        let forced = forced_count(&counts[s], take[s]);
        need[s] = take[s] - forced;
        left[s] = counts[s].rounds - forced;
    }
    let mut chooser = chooser(request.seed, mode_index);
    // Everything that can refuse this mode's export (its anchor, the books for its strata)
    // was checked above: only now is the folder changed.
    retire_manifest(dir)?;
    let books_path: PathBuf = dir.join(books_file(&name));
    let file = AtomicFile::create(&books_path)?;
    let mut writer = BookWriter {
        encoder: zstd::stream::Encoder::new(file, 3).map_err(|e| io_error(&books_path, &e))?,
        path: books_path.clone(),
        line: Vec::with_capacity(4096),
        written: 0,
        kept: Vec::new(),
        mode: name.clone(),
        seed: request.seed,
        force: BTreeMap::new(),
    };
    play_rounds(
        game,
        mode,
        request.seed,
        0,
        rounds,
        |k, before, win, feature, capped| {
            let s = Stratum::of(win, feature, capped).index();
            let c = &counts[s];
            let forced = k == c.min.1 || (take[s] > 1 && k == c.max.1);
            let chosen = if forced {
                true
            } else if need[s] > 0 {
                let pick = bounded_u64_from(|| chooser.next_u64(), left[s]) < need[s];
                left[s] -= 1;
                if pick {
                    need[s] -= 1;
                }
                pick
            } else {
                false
            };
            if chosen {
                writer.write(game, mode, k, before, s, win, feature)?;
            }
            Ok(false)
        },
    )?;
    if let Some((k, before, win, feature)) = &cap_book {
        writer.write(game, mode, *k, before, cap_index, *win, *feature)?;
    }
    let BookWriter {
        encoder,
        written: books_bytes,
        kept,
        force,
        ..
    } = writer;
    write_atomic(
        &dir.join(force_record_file(&name)),
        force_record_json(&force).as_bytes(),
    )?;
    let mut force_keys: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (key, value) in force.keys() {
        force_keys
            .entry(key.clone())
            .or_default()
            .push(value.clone());
    }
    let file = encoder.finish().map_err(|e| io_error(&books_path, &e))?;
    file.commit()?;
    let books_sha256 = std::fs::read(&books_path)
        .map(|b| slot_core::fingerprint::Fingerprint::of_bytes(&b).to_string())
        .map_err(|e| io_error(&books_path, &e))?;
    // The capped book of the reference run: its feature flag as played.
    let cap_feature =
        cap_feature.map(|f| f || kept.iter().any(|k| k.stratum == cap_index && k.feature));
    // The strata's probabilities and means, anchored; the weights, stratum by stratum.
    let (targets, not_carried) =
        calibrate(&strata, &anchor.figures(cost), cap_feature).map_err(weights_error)?;
    let mut weights = vec![0u64; kept.len()];
    for (s, count) in strata.iter().enumerate() {
        let ids: Vec<usize> = (0..kept.len()).filter(|&i| kept[i].stratum == s).collect();
        if ids.is_empty() {
            continue;
        }
        let wins: Vec<u64> = ids.iter().map(|&i| kept[i].win).collect();
        let (total, mean) = integer_target(&targets[s], count, ids.len() as u64);
        let w = weights_for(Stratum::from_index(s), &wins, total, mean).map_err(weights_error)?;
        for (&i, w) in ids.iter().zip(w) {
            weights[i] = w;
        }
    }
    let table_path = dir.join(table_file(&name));
    let mut table = String::with_capacity(kept.len() * 24);
    for (i, (k, w)) in kept.iter().zip(&weights).enumerate() {
        table += &format!("{},{},{}\n", i + 1, w, platform_payout(k.win));
    }
    write_atomic(&table_path, table.as_bytes())?;
    let table_sha256 = slot_core::fingerprint::Fingerprint::of_bytes(table.as_bytes()).to_string();
    let rows: Vec<TableRow> = kept
        .iter()
        .zip(&weights)
        .map(|(k, &w)| TableRow {
            weight: w,
            win: k.win,
            feature: k.feature,
            capped: k.stratum == cap_index,
        })
        .collect();
    let (table_figures, platform_rtp) = table_figures(&rows, cost);
    let total: u128 = weights.iter().map(|&w| u128::from(w)).sum();
    let share = |f: &dyn Fn(&Kept) -> bool| {
        kept.iter()
            .zip(&weights)
            .filter(|(k, _)| f(k))
            .map(|(_, &w)| u128::from(w))
            .sum::<u128>() as f64
            / total as f64
    };
    let rounded_books = kept.iter().filter(|k| k.win % PAYOUT_STEP != 0).count() as u64;
    Ok(ModeSummary {
        books: kept.len() as u64,
        books_file: books_file(&name),
        table_file: table_file(&name),
        books_bytes,
        books_sha256,
        table_sha256,
        strata: (0..STRATA)
            .filter(|&s| strata[s].rounds > 0)
            .map(|s| StratumRecord {
                label: Stratum::from_index(s).label(),
                rounds: counts[s].rounds,
                win_sum: counts[s].win_sum,
                books: take[s],
                probability: targets[s].probability,
                mean: targets[s].mean,
            })
            .collect(),
        reference_max_win: max_win,
        reference,
        anchor,
        cap_search,
        not_carried: NotCarriedRecord {
            cap: not_carried.cap,
            buckets: not_carried.buckets,
        },
        table: table_figures,
        platform_rtp,
        rtp_lost_to_step: table_figures.rtp - platform_rtp,
        rounded_books,
        rounded_probability: share(&|k| k.win % PAYOUT_STEP != 0),
        zero_paid_probability: share(&|k| k.win > 0 && platform_payout(k.win) == 0),
        certified_rtp: game.certified_rtp(mode).map(|c| (c.rtp, c.half_width_99)),
        force_file: force_record_file(&name),
        force_keys,
        name,
        cost,
    })
}

/// The books file as it is written: each chosen round played again with its events, mapped,
/// serialised, compressed into one zstd frame, and kept for the table.
struct BookWriter {
    encoder: zstd::stream::Encoder<'static, AtomicFile>,
    path: PathBuf,
    line: Vec<u8>,
    written: u64,
    kept: Vec<Kept>,
    mode: String,
    seed: u64,
    /// The force records: each search (key, value) with its books' ids, in id order.
    force: BTreeMap<(String, String), Vec<u64>>,
}

impl BookWriter {
    /// Plays round `k` (generator `before`) again with its events and writes it as the next
    /// book of stratum `stratum`.
    #[allow(clippy::too_many_arguments)]
    fn write<G: Game>(
        &mut self,
        game: &G,
        mode: G::Mode,
        k: u64,
        before: &SimRng,
        stratum: usize,
        win: u64,
        feature: bool,
    ) -> Result<(), ExportError> {
        let mut rng = before.clone();
        let mut log = EventLog::default();
        let outcome = game.play_round(mode, &mut rng, &mut log);
        let replayed = G::win(&outcome).hundredths();
        if replayed != win {
            return Err(ExportError::Replay {
                mode: self.mode.clone(),
                seed: self.seed,
                round: k,
                played: win,
                replayed,
            });
        }
        let feature = feature || round_facts::<G>(&outcome).1;
        self.kept.push(Kept {
            stratum,
            win,
            feature,
        });
        let id = self.kept.len() as u64;
        let tags = book_tags::<G>(&outcome, stratum);
        for (key, value) in &tags {
            self.force
                .entry(((*key).to_string(), value.clone()))
                .or_default()
                .push(id);
        }
        let features: Vec<&String> = tags
            .iter()
            .filter(|t| t.0 == "feature")
            .map(|t| &t.1)
            .collect();
        let awards: Vec<&String> = tags
            .iter()
            .filter(|t| t.0 == "award")
            .map(|t| &t.1)
            .collect();
        let book = serde_json::json!({
            "id": id,
            "payoutMultiplier": platform_payout(win),
            "events": book_events(&log, G::NAME),
            "criteria": Stratum::from_index(stratum).label(),
            "round": k,
            "win": win,
            "feature": feature,
            "features": features,
            "awards": awards,
        });
        self.line.clear();
        // Plain data: serialising into a Vec cannot fail.
        let _ = serde_json::to_writer(&mut self.line, &book);
        self.line.push(b'\n');
        self.written += self.line.len() as u64;
        if self.written > BOOKS_FILE_LIMIT {
            let mean = self.written / (self.kept.len() as u64).max(1);
            return Err(ExportError::TooLarge {
                mode: self.mode.clone(),
                limit: BOOKS_FILE_LIMIT,
                books_fit: BOOKS_FILE_LIMIT / mean.max(1),
            });
        }
        self.encoder
            .write_all(&self.line)
            .map_err(|e| io_error(&self.path, &e))
    }
}

/// A book's force tags, as `(search key, value)`: its stratum (`criteria`, its label), its
/// win-size bucket (`bucket`, the label without the feature), each feature that triggered in
/// the round (`feature`, the game's name for it: Moon Princess's `random power` and `grid clear
/// 100x` among them), each top award it paid (`award`) and the cap (`cap`, `reached`).
fn book_tags<G: Game>(outcome: &G::Outcome, stratum: usize) -> Vec<(&'static str, String)> {
    let mut tags = stratum_tags(Stratum::from_index(stratum));
    if !G::is_blank(outcome) {
        let summary = G::summary(outcome);
        for (name, &t) in G::FEATURES.iter().zip(summary.feature_triggers.iter()) {
            if t > 0 {
                tags.push(("feature", (*name).to_string()));
            }
        }
        for (name, &c) in G::AWARDS.iter().zip(summary.awards.iter()) {
            if c > 0 {
                tags.push(("award", (*name).to_string()));
            }
        }
    }
    tags
}

/// The force tags of a book's stratum: `criteria` (its label) and `bucket` (the win-size
/// bucket's label, without the feature) or `cap` (`reached`).
#[must_use]
pub fn stratum_tags(s: Stratum) -> Vec<(&'static str, String)> {
    let mut tags = vec![("criteria", s.label())];
    match s {
        Stratum::Capped => tags.push(("cap", "reached".to_string())),
        Stratum::Win { bucket, .. } => tags.push((
            "bucket",
            Stratum::Win {
                bucket,
                feature: false,
            }
            .label(),
        )),
    }
    tags
}

/// The platform's force record of a mode (`force_record_<mode>.json`, as the SDK's
/// `src/write_data/write_data.py` writes it): a list of `{"search": {key: value},
/// "timesTriggered": books, "bookIds": [ids]}`, one per tag (a book's stratum, features and awards), by key and value.
#[must_use]
pub fn force_record_json(force: &BTreeMap<(String, String), Vec<u64>>) -> String {
    let list: Vec<Value> = force
        .iter()
        .map(|((key, value), ids)| {
            let mut search = Map::new();
            search.insert(key.clone(), Value::from(value.clone()));
            serde_json::json!({
                "search": search,
                "timesTriggered": ids.len(),
                "bookIds": ids,
            })
        })
        .collect();
    serde_json::to_string_pretty(&list).unwrap_or_default() + "\n"
}

/// The force record file of a mode: `force_record_<mode>.json`.
#[must_use]
pub fn force_record_file(mode: &str) -> String {
    format!("force_record_{mode}.json")
}

/// The platform's summary of the force records: `force.json`, `{mode: {key: [values]}}`.
pub const FORCE_FILE: &str = "force.json";

/// Books a stratum always takes: its smallest win's round, and its largest's when it takes
/// more than one book.
fn forced_count(count: &StratumCount, take: u64) -> u64 {
    if count.rounds == 0 || take == 0 {
        0
    } else if take == 1 || count.min.1 == count.max.1 {
        1
    } else {
        2
    }
}

/// One row of a table as its figures need it: the weight and the book's round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableRow {
    /// The row's weight.
    pub weight: u64,
    /// The book's win as the engine paid it, hundredths of the bet.
    pub win: u64,
    /// A feature triggered in the book's round.
    pub feature: bool,
    /// The book's round reached the cap.
    pub capped: bool,
}

/// A table's figures from its rows at cost `cost` (hundredths of the bet), and its RTP in the
/// platform's payouts ([`platform_payout`] of each win).
#[must_use]
pub fn table_figures(rows: &[TableRow], cost: u64) -> (Figures, f64) {
    let (mut total, mut won, mut paid, mut hit, mut feature, mut capped) =
        (0u128, 0u128, 0u128, 0u128, 0u128, 0u128);
    for r in rows {
        let w = u128::from(r.weight);
        total += w;
        won += w * u128::from(r.win);
        paid += w * u128::from(platform_payout(r.win));
        if r.win > 0 {
            hit += w;
        }
        if r.feature {
            feature += w;
        }
        if r.capped {
            capped += w;
        }
    }
    let t = total.max(1) as f64;
    let c = cost.max(1) as f64;
    (
        Figures {
            rtp: won as f64 / t / c,
            hit_rate: hit as f64 / t,
            feature_rate: feature as f64 / t,
            cap_rate: capped as f64 / t,
        },
        paid as f64 / t / c,
    )
}
