//! The generated part of the fuzz targets' seed corpora (`fuzz/seeds/`), written from the
//! code, and the check that the committed files are what the code writes today (the runner's
//! `cargo xtask fuzz-seeds [--check]` prints what [`write()`] and [`check`] return).
//!
//! Generated, for each game of [`SEEDED_GAMES`] (the registry's types, in that order): every shipped math model as a model file
//! (`model_json/<game>-<model>.json`, through [`slot_core::Game::named_model`]); Moon
//! Princess's stored paused rounds (`moon_princess_stored_round/model<M>-<sealed|unsealed>-<K>.json`:
//! the first two rounds of each of its three fuzz models that wait for the pick, drawn from an
//! empty fuzzer input, stored with a bet from the ladder, sealed with the fuzz key); the
//! equivalence records (`equivalence_record/`: 3 rounds of every game, shipped model and mode
//! as `equivalence record --rounds 3` writes them, one entry of each game alone, and broken
//! ones made from them: a round digest changed, the entry digest changed, more rounds than
//! digests, another format, game, model or mode, an unknown field); and the shipped variant
//! files (`variant_file/<game>-<file>`, copied from `crates/<game dir>/variants/`, and broken
//! ones: an edited target, another format). The other seeds (broken inputs, hand-made grids,
//! reports, split records, certification files and keys) are written by hand and left alone.

use slot_core::Game;
use std::path::{Path, PathBuf};

/// The games whose seeds are generated, in this order (the order of the files and of the
/// equivalence record's entries). Ten Lines, the template game, is not among them: adding it
/// changes the committed equivalence seeds, a change of its own.
pub const SEEDED_GAMES: [&str; 3] = ["moon-princess", "wish-upon-a-star", "starlight-christmas"];

/// The rounds per entry of the generated equivalence records (as `equivalence record
/// --rounds 3` writes them: small, so that the fuzzer replays them fast).
pub const EQUIVALENCE_ROUNDS: u64 = 3;

/// Runs `$f::<G>($args)?` for each game type of [`SEEDED_GAMES`], in its order.
macro_rules! each_seeded_game {
    ($f:ident($($arg:expr),*)) => {
        $f::<crate::MoonPrincess>($($arg),*)?;
        $f::<crate::WishUponAStar>($($arg),*)?;
        $f::<crate::StarlightChristmas>($($arg),*)?;
    };
}

/// The seed folder under the workspace root.
pub const SEEDS_DIR: &str = "fuzz/seeds";

/// One generated seed file: its path under `fuzz/seeds/` (`/`-separated) and its content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedFile {
    /// The path under `fuzz/seeds/` (`model_json/moon-princess-standard.json`).
    pub name: String,
    /// The file's text.
    pub text: String,
}

/// Why the seeds could not be made, written or checked.
#[derive(Debug, thiserror::Error)]
pub enum SeedsError {
    /// A game lists a model it cannot make or load.
    #[error("{game} lists model {model} but cannot load it: {message}")]
    Model {
        /// The game.
        game: &'static str,
        /// The model's name.
        model: &'static str,
        /// Why.
        message: String,
    },
    /// A file or folder could not be read or written.
    #[error("cannot {what} {}: {source}", path.display())]
    Io {
        /// What was done (`read`, `create`, `write`).
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A seed made here could not be made (the fuzz key, a round id, a bet, JSON, a
    /// variant file to edit): a fault of this code, named.
    #[error("cannot make the seed {name}: {message}")]
    Make {
        /// The seed (or group of seeds).
        name: String,
        /// Why.
        message: String,
    },
    /// A seed file could not be written ([`slot_sim::files::write_atomic`]).
    #[error(transparent)]
    Write(#[from] slot_sim::SimError),
    /// Committed seeds that are missing or differ from what the code writes.
    #[error(
        "{} generated fuzz seeds are missing or stale (run `cargo xtask fuzz-seeds` and commit them): {}",
        .0.len(),
        .0.join(", ")
    )]
    Stale(Vec<String>),
}

/// A [`SeedsError::Make`] for the seed `name`.
fn make(name: &str, message: impl ToString) -> SeedsError {
    SeedsError::Make {
        name: name.to_string(),
        message: message.to_string(),
    }
}

/// Every generated seed file, the variant files read from the workspace at `root` (the
/// folder holding `crates/`).
///
/// # Errors
/// [`SeedsError`]: a model that does not load, a variant folder that cannot be read, a seed
/// that cannot be made.
pub fn generated(root: &Path) -> Result<Vec<SeedFile>, SeedsError> {
    let mut files = Vec::new();
    each_seeded_game!(model_files(&mut files));
    stored_rounds(&mut files)?;
    equivalence_records(&mut files)?;
    variant_files(root, &mut files)?;
    Ok(files)
}

/// The entries of every shipped model and mode of `G`, as `equivalence record` makes them.
fn equivalence_entries<G: Game>(
    entries: &mut Vec<slot_sim::equivalence::Entry>,
) -> Result<(), SeedsError> {
    for &name in G::MODEL_NAMES {
        let (game, _) =
            slot_sim::models::choose::<G>(Some(name), None).map_err(|e| SeedsError::Model {
                game: G::NAME,
                model: name,
                message: e.to_string(),
            })?;
        for &mode in G::MODES {
            entries.push(slot_sim::equivalence::record(
                &game,
                name,
                mode,
                slot_core::replay::DEFAULT_SEED,
                EQUIVALENCE_ROUNDS,
            ));
        }
    }
    Ok(())
}

/// `equivalence_record/`: the whole record, one entry of each game alone, and broken ones.
fn equivalence_records(files: &mut Vec<SeedFile>) -> Result<(), SeedsError> {
    use slot_sim::equivalence::{Entry, EquivalenceRecord, FORMAT};
    let mut entries = Vec::new();
    each_seeded_game!(equivalence_entries(&mut entries));
    let record = |entries: Vec<Entry>| EquivalenceRecord {
        format: FORMAT,
        entries,
    };
    let mut push = |name: &str, text: String| {
        files.push(SeedFile {
            name: format!("equivalence_record/{name}.json"),
            text,
        });
    };
    push(
        &format!("all-{EQUIVALENCE_ROUNDS}-rounds"),
        record(entries.clone()).to_json(),
    );
    let mut firsts = Vec::new();
    for game in SEEDED_GAMES {
        let first = entries
            .iter()
            .find(|e| e.game == game)
            .ok_or_else(|| make("equivalence_record", format!("no entry of {game}")))?
            .clone();
        push(
            &format!("{game}-one-entry"),
            record(vec![first.clone()]).to_json(),
        );
        firsts.push(first);
    }
    // Broken ones, each of one entry that replays in a few rounds.
    let one = firsts[0].clone();
    let broken = |f: &dyn Fn(&mut Entry)| {
        let mut e = one.clone();
        f(&mut e);
        record(vec![e]).to_json()
    };
    // Round 1's digest changed: the 32-bit digests are hexadecimal, so an `x` never is one.
    push(
        "broken-round-1",
        broken(&|e| e.round_digests.replace_range(8..9, "x")),
    );
    push(
        "broken-entry-digest",
        broken(&|e| e.digest = "0".repeat(64)),
    );
    push(
        "broken-more-rounds-than-digests",
        broken(&|e| e.rounds += 1),
    );
    push(
        "broken-model-fingerprint",
        broken(&|e| e.model_fingerprint = "0".repeat(64)),
    );
    push("broken-game", broken(&|e| e.game = "moon-prince".into()));
    push("broken-model", broken(&|e| e.model = "rtp-99.99".into()));
    push("broken-mode", broken(&|e| e.mode = "sun".into()));
    push(
        "broken-format",
        record(vec![one.clone()])
            .to_json()
            .replace("\"format\": 1", "\"format\": 2"),
    );
    push(
        "broken-unknown-field",
        record(vec![one.clone()])
            .to_json()
            .replace("{\"game\"", "{\"extra\":0,\"game\""),
    );
    Ok(())
}

/// `variant_file/`: every shipped variant file (`root/crates/<game dir>/variants/*.json`, the
/// game's name with `_` for `-`), and broken ones made from Starlight Christmas's first.
fn variant_files(root: &Path, files: &mut Vec<SeedFile>) -> Result<(), SeedsError> {
    let mut first = None;
    for game in SEEDED_GAMES {
        let folder = root
            .join("crates")
            .join(game.replace('-', "_"))
            .join("variants");
        let io = |what, path: &Path| {
            let path = path.to_path_buf();
            move |source| SeedsError::Io { what, path, source }
        };
        let mut names: Vec<String> = std::fs::read_dir(&folder)
            .map_err(io("read", &folder))?
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".json"))
            .collect();
        names.sort();
        for name in names {
            let path = folder.join(&name);
            let text = std::fs::read_to_string(&path).map_err(io("read", &path))?;
            files.push(SeedFile {
                name: format!("variant_file/{game}-{name}"),
                text: text.clone(),
            });
            if game == <crate::StarlightChristmas as Game>::NAME && first.is_none() {
                first = Some(text);
            }
        }
    }
    let text =
        first.ok_or_else(|| make("variant_file", "Starlight Christmas ships no variant file"))?;
    let edit = |from: &str, to: &str| -> Result<String, SeedsError> {
        if !text.contains(from) {
            return Err(make(
                "variant_file",
                format!("no '{from}' in the variant file to edit"),
            ));
        }
        Ok(text.replacen(from, to, 1))
    };
    files.push(SeedFile {
        name: "variant_file/broken-edited-target.json".into(),
        text: edit("\"target_rtp\": \"94.50\"", "\"target_rtp\": \"94.51\"")?,
    });
    files.push(SeedFile {
        name: "variant_file/broken-format.json".into(),
        text: edit("slot-math variant 1", "slot-math variant 2")?,
    });
    Ok(())
}

/// `model_json/<game>-<model>.json` for every shipped model of `G`.
fn model_files<G: Game>(files: &mut Vec<SeedFile>) -> Result<(), SeedsError> {
    for &name in G::MODEL_NAMES {
        let model = G::named_model(name).ok_or(SeedsError::Model {
            game: G::NAME,
            model: name,
            message: "no such model".into(),
        })?;
        let file = format!("model_json/{}-{name}.json", G::NAME);
        let text = serde_json::to_string(&model).map_err(|e| make(&file, e))?;
        files.push(SeedFile { name: file, text });
    }
    Ok(())
}

/// Moon Princess's stored paused rounds: two of each fuzz model, unsealed and sealed.
fn stored_rounds(files: &mut Vec<SeedFile>) -> Result<(), SeedsError> {
    use moon_princess::fuzzing::{FUZZ_SEAL_KEY, games};
    use moon_princess::{BET_LADDER, NoRecorder, RoundId, RoundState, SealKey};
    const WHAT: &str = "moon_princess_stored_round";
    let key = SealKey::new(FUZZ_SEAL_KEY).map_err(|e| make(WHAT, e))?;
    for (g, game) in games().iter().enumerate() {
        let mut rng = slot_core::bytes_rng::BytesRng::new(&[]);
        let mut found = 0;
        // The Trinity stress model seldom pauses (its rounds reach the cap first).
        for _ in 0..2_000 {
            if found == 2 {
                break;
            }
            if let RoundState::AwaitingPick(p) = game.start_round(&mut rng, NoRecorder) {
                let id = RoundId::new(&format!("seed-{g}-{found}")).map_err(|e| make(WHAT, e))?;
                let bet = BET_LADDER
                    .steps()
                    .nth(found * 7)
                    .ok_or_else(|| make(WHAT, "the bet ladder is too short"))?;
                let name = |kind: &str| format!("{WHAT}/model{g}-{kind}-{found}.json");
                let unsealed = p.store(id.clone(), bet).map_err(|e| make(WHAT, e))?;
                let sealed = p.store_sealed(id, bet, &key).map_err(|e| make(WHAT, e))?;
                files.push(SeedFile {
                    name: name("unsealed"),
                    text: unsealed.to_json(),
                });
                files.push(SeedFile {
                    name: name("sealed"),
                    text: sealed.to_json(),
                });
                found += 1;
            }
        }
    }
    Ok(())
}

/// The generated seeds whose file under `dir` (the seed folder, `fuzz/seeds`) is missing or
/// differs from `files`, by name, in `files`' order.
pub fn stale(dir: &Path, files: &[SeedFile]) -> Vec<String> {
    files
        .iter()
        .filter(|f| std::fs::read_to_string(dir.join(&f.name)).ok().as_deref() != Some(&f.text))
        .map(|f| f.name.clone())
        .collect()
}

/// Checks that the seed folder of the workspace at `root` (`root/fuzz/seeds`) holds every
/// generated seed as the code writes it today; returns how many there are.
///
/// # Errors
/// [`SeedsError::Stale`] naming every file missing or different; [`generated`]'s errors.
pub fn check(root: &Path) -> Result<usize, SeedsError> {
    let files = generated(root)?;
    let stale = stale(&root.join(SEEDS_DIR), &files);
    if stale.is_empty() {
        Ok(files.len())
    } else {
        Err(SeedsError::Stale(stale))
    }
}

/// Writes every generated seed that is missing or differs into the workspace at `root`
/// (`root/fuzz/seeds`; each file whole or not at all, its folder created); returns the names
/// written (none when every file is current).
///
/// # Errors
/// [`SeedsError::Io`] for a folder or file that cannot be written; [`generated`]'s errors.
pub fn write(root: &Path) -> Result<Vec<String>, SeedsError> {
    let dir = root.join(SEEDS_DIR);
    let files = generated(root)?;
    let stale = stale(&dir, &files);
    for f in files.iter().filter(|f| stale.contains(&f.name)) {
        let path = dir.join(&f.name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|source| SeedsError::Io {
                what: "create",
                path: parent.to_path_buf(),
                source,
            })?;
        }
        slot_sim::files::write_atomic(&path, f.text.as_bytes())?;
    }
    Ok(stale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeded_games_are_the_types_each_seeded_game_runs_in_its_order() {
        let mut names = Vec::new();
        fn push<G: Game>(names: &mut Vec<&'static str>) -> Result<(), SeedsError> {
            names.push(G::NAME);
            Ok(())
        }
        (|| -> Result<(), SeedsError> {
            each_seeded_game!(push(&mut names));
            Ok(())
        })()
        .unwrap();
        assert_eq!(names, SEEDED_GAMES);
        for name in SEEDED_GAMES {
            assert!(crate::named(name).is_ok(), "{name} is in the registry");
        }
    }
}
