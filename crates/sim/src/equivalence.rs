//! Outcome equivalence between builds: does this build play exactly the rounds an earlier
//! build played?
//!
//! A record holds, for each game, shipped model and mode, the digests of the first `rounds`
//! rounds of the simulator's sequence of a seed (round `k` is what `cargo xtask play <game>
//! --seed S --round K` shows): per round, the first 8 hexadecimal digits (32 bits) of the
//! SHA-256 of its win and the SHA-256 of its whole event log; per entry, the full SHA-256 of
//! all its rounds' full digests. Checking a record replays every entry with the build at hand
//! and names the first round whose digest differs (game, mode, model, seed, round), with the
//! command that shows it; a difference hidden by the 32-bit round digests (one in 4 billion)
//! still changes the entry's full digest and is reported as such.
//!
//! Size: 8 bytes per round and entry, plus a line per entry (the committed record, 100 rounds
//! of every game, model and mode, is about 14 kB).
//!
//! A record read from a file is checked before anything is replayed
//! ([`EquivalenceRecord::from_json`]): at least one entry, each of 1 to [`MAX_ROUNDS`] rounds
//! with exactly [`ROUND_DIGITS`] hex digits per round (so the count a record states is the
//! count its digests hold, and an edited count cannot start an endless replay); a record of
//! no entries or an entry of no rounds would check nothing, and is refused rather than
//! passed.

use serde::{Deserialize, Serialize};
use slot_core::Game;
use slot_core::events::EventLog;
use slot_core::fingerprint::Fingerprint;
use slot_core::replay::{BATCH_ROUNDS, batch_rng};

/// The format of a record file.
pub const FORMAT: u32 = 1;
/// Hexadecimal digits kept per round.
pub const ROUND_DIGITS: usize = 8;
/// The most rounds an entry may hold: a million (8 MB of round digests, a replay of about a
/// minute per entry); [`EquivalenceRecord::from_json`] refuses more before any work, and
/// `equivalence record` refuses to write more.
pub const MAX_ROUNDS: u64 = 1_000_000;
/// The most entries a record may hold (every game, shipped model and mode is about 20).
pub const MAX_ENTRIES: usize = 1_000;
/// The largest record file read: 64 MiB (a record of the largest entries the bound allows
/// takes 8 bytes per round).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// A record: one entry per game, model and mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EquivalenceRecord {
    /// [`FORMAT`].
    pub format: u32,
    /// The entries.
    pub entries: Vec<Entry>,
}

/// The rounds of one game, model and mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The game (`moon-princess`).
    pub game: String,
    /// The shipped model's name (`standard`).
    pub model: String,
    /// The model's SHA-256 fingerprint.
    pub model_fingerprint: String,
    /// The mode (`love`, `ante`, `standard`).
    pub mode: String,
    /// The seed of the simulator's sequence.
    pub seed: u64,
    /// Rounds recorded: rounds `0..rounds` of the seed.
    pub rounds: u64,
    /// SHA-256 of the rounds' full digests, in order.
    pub digest: String,
    /// [`ROUND_DIGITS`] hexadecimal digits of each round's digest, concatenated.
    pub round_digests: String,
}

/// One round's digest: SHA-256 of `"<win>\n<log sha256>"` (the win in hundredths of the bet).
pub fn round_digest(win: u64, log: &EventLog) -> Fingerprint {
    Fingerprint::of_bytes(format!("{win}\n{}", log.sha256()).as_bytes())
}

/// The digests of rounds `0..rounds` of seed `seed` of `game` in `mode`, in order.
pub fn digests<G: Game>(game: &G, mode: G::Mode, seed: u64, rounds: u64) -> Vec<Fingerprint> {
    let mut out = Vec::new();
    let mut rng = batch_rng(seed, 0);
    for k in 0..rounds {
        if k > 0 && k % BATCH_ROUNDS == 0 {
            rng = batch_rng(seed, k / BATCH_ROUNDS);
        }
        let mut log = EventLog::default();
        let outcome = game.play_round(mode, &mut rng, &mut log);
        out.push(round_digest(G::win(&outcome).hundredths(), &log));
    }
    out
}

/// The entry of `game` (the shipped model `model`) in `mode`: rounds `0..rounds` of `seed`.
pub fn record<G: Game>(game: &G, model: &str, mode: G::Mode, seed: u64, rounds: u64) -> Entry {
    let d = digests(game, mode, seed, rounds);
    let all: String = d.iter().map(ToString::to_string).collect();
    Entry {
        game: G::NAME.to_string(),
        model: model.to_string(),
        model_fingerprint: game.fingerprint().to_string(),
        mode: G::mode_name(mode).to_string(),
        seed,
        rounds,
        digest: Fingerprint::of_bytes(all.as_bytes()).to_string(),
        round_digests: d
            .iter()
            .map(|f| f.to_string()[..ROUND_DIGITS].to_string())
            .collect(),
    }
}

/// Where a build's rounds differ from a record's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} model {model} mode {mode}, seed {seed}: {what}")]
pub struct Difference {
    /// The game.
    pub game: String,
    /// The model's name.
    pub model: String,
    /// The mode.
    pub mode: String,
    /// The seed.
    pub seed: u64,
    /// The first round that differs, where known.
    pub round: Option<u64>,
    /// What differs, in words (with the command that shows the round).
    pub what: String,
}

/// Checks `entry` against `game` (built from the model the entry names): the first round
/// whose digest differs, or a different model fingerprint, or a different entry digest.
///
/// # Errors
/// The [`Difference`]; a mode the game does not have is one too.
pub fn check<G: Game>(game: &G, entry: &Entry) -> Result<(), Difference> {
    let diff = |round: Option<u64>, what: String| Difference {
        game: entry.game.clone(),
        model: entry.model.clone(),
        mode: entry.mode.clone(),
        seed: entry.seed,
        round,
        what,
    };
    let mode = G::mode_named(&entry.mode)
        .ok_or_else(|| diff(None, format!("{} has no mode '{}'", G::NAME, entry.mode)))?;
    // An entry checked here may not have come through `from_json`: its shape is checked
    // before any round is replayed (no slice of a digest cut short, no endless replay).
    entry.check_shape().map_err(|e| diff(None, e.to_string()))?;
    let now = record(game, &entry.model, mode, entry.seed, entry.rounds);
    let show = |k: u64| {
        let option = match (G::MODE_IS_PICK, entry.mode.as_str()) {
            (true, m) => format!(" --choice {m}"),
            (false, "ante") => " --ante".to_string(),
            _ => String::new(),
        };
        format!(
            "`cargo xtask play {} --seed {} --round {k}{option} --model {} --json` shows it",
            entry.game, entry.seed, entry.model
        )
    };
    let recorded = entry.round_digests.as_bytes().chunks(ROUND_DIGITS);
    let current = now.round_digests.as_bytes().chunks(ROUND_DIGITS);
    if let Some(k) = recorded.zip(current).position(|(a, b)| a != b) {
        let digest_of = |digests: &str| {
            digests
                .get(k * ROUND_DIGITS..(k + 1) * ROUND_DIGITS)
                .unwrap_or("(none)")
                .to_string()
        };
        let short = |f: &str| f.get(..12).unwrap_or(f).to_string();
        return Err(diff(
            Some(k as u64),
            format!(
                "round {k} differs (its win or event log; the record's round digest {}, this build's {}); {}{}",
                digest_of(&entry.round_digests),
                digest_of(&now.round_digests),
                show(k as u64),
                if now.model_fingerprint == entry.model_fingerprint {
                    String::new()
                } else {
                    format!(
                        "; the model differs too (record {}, this build {})",
                        short(&entry.model_fingerprint),
                        short(&now.model_fingerprint)
                    )
                }
            ),
        ));
    }
    if entry.round_digests.len() != now.round_digests.len() {
        return Err(diff(
            None,
            format!(
                "the record holds {} round digests for {} rounds",
                entry.round_digests.len() / ROUND_DIGITS,
                entry.rounds
            ),
        ));
    }
    if now.model_fingerprint != entry.model_fingerprint {
        return Err(diff(
            None,
            format!(
                "every round is the same but the model's fingerprint differs (record {}, this build {})",
                entry.model_fingerprint, now.model_fingerprint
            ),
        ));
    }
    if now.digest != entry.digest {
        return Err(diff(
            None,
            "every round's 32-bit digest agrees but the entry's SHA-256 differs: a round differs in a way its short digest missed (replay with a larger record to find it)".into(),
        ));
    }
    Ok(())
}

/// The entries of every shipped model ([`Game::MODEL_NAMES`]) and mode of `G`: `rounds`
/// rounds of `seed` each (what `equivalence record` writes for each game).
///
/// # Errors
/// A shipped model the game refuses ([`crate::models::ModelChoiceError`]).
pub fn record_game<G: Game>(
    seed: u64,
    rounds: u64,
) -> Result<Vec<Entry>, crate::models::ModelChoiceError> {
    let mut entries = Vec::new();
    for &model in G::MODEL_NAMES {
        let game = crate::models::choose::<G>(Some(model), None)?.0;
        for &mode in G::MODES {
            entries.push(record(&game, model, mode, seed, rounds));
        }
    }
    Ok(entries)
}

/// Why a record is not recorded ([`EquivalenceRecord::to_checked_json`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordingError {
    /// A round count an entry cannot hold.
    #[error("--rounds {0}: an entry holds 1 to {MAX_ROUNDS} rounds")]
    Rounds(u64),
    /// A record made here that its reader would refuse.
    #[error("the record made would be refused by its reader ({0}); not written")]
    Refused(RecordError),
}

/// Checks the rounds of each entry of a record to be made (1 to [`MAX_ROUNDS`]), before
/// any replay: what the reader refuses is not recorded.
///
/// # Errors
/// [`RecordingError::Rounds`].
pub fn check_rounds(rounds: u64) -> Result<(), RecordingError> {
    if rounds == 0 || rounds > MAX_ROUNDS {
        return Err(RecordingError::Rounds(rounds));
    }
    Ok(())
}

/// Why an entry cannot be replayed by `G` ([`replay`]): it names what `G` does not have.
#[derive(Debug, thiserror::Error)]
pub enum EntryError {
    /// A model that is no shipped model of the game (a record never names a path).
    #[error(
        "entry of {game} names the model '{model}', which is no shipped model of the game (an equivalence record names one of: {models})"
    )]
    Model {
        /// The game.
        game: String,
        /// The model named.
        model: String,
        /// The shipped models, comma-separated.
        models: String,
    },
    /// A mode the game does not have.
    #[error(
        "entry {index} ({game}, {model}) names the mode '{mode}', which the game does not have ({modes})"
    )]
    Mode {
        /// The entry's index.
        index: usize,
        /// The game.
        game: String,
        /// The model.
        model: String,
        /// The mode named.
        mode: String,
        /// The game's modes, comma-separated.
        modes: String,
    },
    /// The shipped model could not be loaded.
    #[error(transparent)]
    Load(#[from] crate::models::ModelChoiceError),
}

/// Replays entry `index` of a record (an entry of `G`) with this build: `Ok(Ok(()))` when
/// every round is the same, `Ok(Err(difference))` where it differs ([`check`]).
///
/// # Errors
/// [`EntryError`]: a model that is not shipped, a mode the game does not have (input
/// refused, not a difference).
pub fn replay<G: Game>(index: usize, entry: &Entry) -> Result<Result<(), Difference>, EntryError> {
    if !G::MODEL_NAMES.contains(&entry.model.as_str()) {
        return Err(EntryError::Model {
            game: entry.game.clone(),
            model: entry.model.clone(),
            models: G::MODEL_NAMES.join(", "),
        });
    }
    if G::mode_named(&entry.mode).is_none() {
        return Err(EntryError::Mode {
            index,
            game: entry.game.clone(),
            model: entry.model.clone(),
            mode: entry.mode.clone(),
            modes: G::MODES
                .iter()
                .map(|&m| G::mode_name(m))
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    let game = crate::models::choose::<G>(Some(&entry.model), None)?.0;
    Ok(check(&game, entry))
}

/// Why an entry's shape is refused ([`Entry::check_shape`]): the field that is wrong and what
/// it must hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// An entry of no rounds.
    #[error("rounds is 0: an entry of no rounds shows nothing; record at least 1 round")]
    NoRounds,
    /// More rounds than [`MAX_ROUNDS`].
    #[error("rounds is {0}: at most {MAX_ROUNDS} rounds per entry are replayed")]
    TooManyRounds(u64),
    /// `round_digests` does not hold [`ROUND_DIGITS`] lowercase hex digits per round.
    #[error(
        "round_digests holds {chars} characters ({held} whole round digests{}), but rounds is {rounds}: it must hold {ROUND_DIGITS} lowercase hexadecimal digits per round",
        if *.hex { "" } else { ", not all lowercase hexadecimal digits" }
    )]
    RoundDigests {
        /// Characters it holds.
        chars: usize,
        /// Whole round digests among them.
        held: usize,
        /// Whether they are all lowercase hexadecimal digits.
        hex: bool,
        /// The rounds the entry states.
        rounds: u64,
    },
    /// `digest` or `model_fingerprint` is not a SHA-256 digest in hex.
    #[error("{field} holds {chars} characters: it must be a SHA-256 digest, 64 hexadecimal digits")]
    NotSha256 {
        /// The field (`digest`, `model_fingerprint`).
        field: &'static str,
        /// Characters it holds.
        chars: usize,
    },
}

/// Why a record is refused ([`EquivalenceRecord::from_json`],
/// [`EquivalenceRecord::check_shape`]): what is wrong and what is allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Not JSON of a record (the field that was wrong, as `serde_path_to_error` names it).
    #[error("not an equivalence record: {0}")]
    NotARecord(String),
    /// Another format than [`FORMAT`].
    #[error("an equivalence record of format {0}; this build reads format {FORMAT}")]
    Format(u32),
    /// No entries.
    #[error(
        "the record has no entries: it would check nothing; record one with `equivalence record`"
    )]
    NoEntries,
    /// More entries than [`MAX_ENTRIES`].
    #[error("the record has {0} entries: at most {MAX_ENTRIES} are read")]
    TooManyEntries(usize),
    /// An entry whose shape is wrong, named by its index, game, model, mode and seed.
    #[error("entry {index} ({game} model {model} mode {mode}, seed {seed}): {error}")]
    Entry {
        /// The entry's index in the record.
        index: usize,
        /// Its game.
        game: String,
        /// Its model.
        model: String,
        /// Its mode.
        mode: String,
        /// Its seed.
        seed: u64,
        /// What is wrong.
        error: ShapeError,
    },
}

impl Entry {
    /// Checks what an entry read from a file says of itself, before anything is replayed: at
    /// least 1 and at most [`MAX_ROUNDS`] rounds, exactly [`ROUND_DIGITS`] hexadecimal digits
    /// per round in `round_digests` (the count the record truly holds), and full SHA-256 hex
    /// digests (64 digits) in `digest` and `model_fingerprint`.
    ///
    /// # Errors
    /// The [`ShapeError`] naming the field that is wrong and what it must hold.
    pub fn check_shape(&self) -> Result<(), ShapeError> {
        if self.rounds == 0 {
            return Err(ShapeError::NoRounds);
        }
        if self.rounds > MAX_ROUNDS {
            return Err(ShapeError::TooManyRounds(self.rounds));
        }
        // Lowercase, as written: the digests are compared as text.
        let hex = |s: &str| s.bytes().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f'));
        let held = self.round_digests.len() / ROUND_DIGITS;
        if !hex(&self.round_digests)
            || !self.round_digests.len().is_multiple_of(ROUND_DIGITS)
            || held as u64 != self.rounds
        {
            return Err(ShapeError::RoundDigests {
                chars: self.round_digests.len(),
                held,
                hex: hex(&self.round_digests),
                rounds: self.rounds,
            });
        }
        for (field, value) in [
            ("digest", &self.digest),
            ("model_fingerprint", &self.model_fingerprint),
        ] {
            if value.len() != 64 || !hex(value) {
                return Err(ShapeError::NotSha256 {
                    field,
                    chars: value.len(),
                });
            }
        }
        Ok(())
    }
}

impl EquivalenceRecord {
    /// The record as JSON, one entry per line (a diff shows which entry changed).
    pub fn to_json(&self) -> String {
        let lines: Vec<String> = self
            .entries
            .iter()
            .map(|e| format!("    {}", serde_json::to_string(e).unwrap_or_default()))
            .collect();
        format!(
            "{{\n  \"format\": {},\n  \"entries\": [\n{}\n  ]\n}}\n",
            self.format,
            lines.join(",\n")
        )
    }

    /// [`EquivalenceRecord::to_json`] read back first as [`EquivalenceRecord::from_json`]
    /// reads it: what `equivalence record` writes, so that it never writes a record its
    /// reader refuses.
    ///
    /// # Errors
    /// [`RecordingError::Refused`] with what the reader refuses.
    pub fn to_checked_json(&self) -> Result<String, RecordingError> {
        let text = self.to_json();
        EquivalenceRecord::from_json(&text).map_err(RecordingError::Refused)?;
        Ok(text)
    }

    /// Reads a record and checks its shape before any round is replayed: at least one and at
    /// most [`MAX_ENTRIES`] entries, each as [`Entry::check_shape`] asks (a record of no
    /// entries, or an entry of no rounds, would check nothing and pass).
    ///
    /// # Errors
    /// [`RecordError`]: not a record, of another format, with no entries or too many, or an
    /// entry whose shape is wrong (named by its index, game, model and mode, with the field).
    pub fn from_json(text: &str) -> Result<EquivalenceRecord, RecordError> {
        let r: EquivalenceRecord =
            slot_core::json::from_str(text).map_err(|e| RecordError::NotARecord(e.to_string()))?;
        if r.format != FORMAT {
            return Err(RecordError::Format(r.format));
        }
        r.check_shape()?;
        Ok(r)
    }

    /// Checks the record's shape ([`EquivalenceRecord::from_json`]): what `equivalence
    /// record` checks before it writes, so that it never writes a record its reader refuses.
    ///
    /// # Errors
    /// As [`EquivalenceRecord::from_json`].
    pub fn check_shape(&self) -> Result<(), RecordError> {
        if self.entries.is_empty() {
            return Err(RecordError::NoEntries);
        }
        if self.entries.len() > MAX_ENTRIES {
            return Err(RecordError::TooManyEntries(self.entries.len()));
        }
        for (index, e) in self.entries.iter().enumerate() {
            e.check_shape().map_err(|error| RecordError::Entry {
                index,
                game: e.game.clone(),
                model: e.model.clone(),
                mode: e.mode.clone(),
                seed: e.seed,
                error,
            })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip() {
        let r = EquivalenceRecord {
            format: FORMAT,
            entries: vec![Entry {
                game: "g".into(),
                model: "standard".into(),
                model_fingerprint: "ab".repeat(32),
                mode: "standard".into(),
                seed: 1,
                rounds: 1,
                digest: "cd".repeat(32),
                round_digests: "01234567".into(),
            }],
        };
        assert_eq!(EquivalenceRecord::from_json(&r.to_json()).unwrap(), r);
        let other = r.to_json().replace("\"format\": 1", "\"format\": 2");
        assert!(EquivalenceRecord::from_json(&other).is_err());
        // A digest cut short, checked directly: a typed difference naming the field, no
        // panic.
        let mut cut = r.entries[0].clone();
        cut.game = "moon-princess".into();
        cut.mode = "love".into();
        cut.round_digests = "0123".into();
        let d = check(&moon_princess::MoonPrincess::standard(), &cut).unwrap_err();
        assert!(d.what.contains("round_digests holds 4 characters"), "{d}");
    }
}
