//! The folder of a certification ([`crate::certify`]): which files it writes there, how it
//! takes the folder ([`claim`]: a [`crate::files::OutputDir`] stamped with command
//! `certify`, the game, the mode and the model's fingerprint), and how a folder filled before
//! folders carried a stamp is adopted ([`adopt_unstamped`]) so that it resumes as before.

use crate::error::SimError;
use crate::files::{self, OutputDir, Owner};
use std::path::Path;

/// What the stamp of a certification's folder names as its mode when every file of the
/// certification is named by its mode (exact, whole rounds, a split estimate of a game whose
/// mode changes its base game): such a certification shares the folder with the game's other
/// modes of the same model (`certificate-<mode>.json`, `chunk-<mode>-NNNNN.json`,
/// `split-<mode>-NNNNN.json`); a split estimate of picks (`split.json`, `split-NNNNN.json`)
/// owns it for its picks: "all picks" or the one asked for.
pub const EVERY_MODE: &str = "any mode (files named by mode)";

/// The command a certification's stamp names.
pub const COMMAND: &str = "certify";

/// Whether a certification writes a file or folder of this name into its folder:
/// certificates, chunks, split records (`certificate-*.json`, `chunk-*.json`, `split*.json`)
/// and PAR folders (`par-*`). Anything else in a folder of its own work is not its own, and
/// [`claim`] refuses it.
pub fn writes(name: &str) -> bool {
    is_record(name) || name.starts_with("par-")
}

/// A certificate, chunk or split record's name (`certificate-*.json`, `chunk-*.json`,
/// `split*.json`).
fn is_record(name: &str) -> bool {
    let json = Path::new(name).extension().is_some_and(|x| x == "json");
    json && (name.starts_with("certificate-")
        || name.starts_with("chunk-")
        || name.starts_with("split"))
}

/// The stamp of a certification of `game` (its name), `mode` (what the stamp names: a mode,
/// "all picks", or a method with [`EVERY_MODE`]) and the model of fingerprint `model`.
#[must_use]
pub fn owner(game: &str, mode: &str, model: &str) -> Owner {
    Owner {
        command: COMMAND.into(),
        game: game.into(),
        mode: mode.into(),
        model: model.into(),
    }
}

/// Takes `dir` for the certification `owner` names ([`OutputDir::claim`]): created, or an
/// empty folder, or one holding this certification's own work (resumed: its chunks are read,
/// not played again; an unstamped folder of it is adopted first); another model's, mode's or
/// game's certification is refused naming it unless `force`, which clears the folder; files
/// of unknown origin or another command's work are refused, `force` or not.
///
/// # Errors
/// [`SimError::Io`] or [`SimError::FolderInUse`] naming the folder and whose work it holds,
/// as [`OutputDir::claim`].
pub fn claim(dir: &Path, owner: &Owner, force: bool) -> Result<OutputDir, SimError> {
    adopt_unstamped(dir, owner);
    OutputDir::claim(dir, owner, force, writes)
}

/// A folder a certification filled before folders carried a stamp resumes as before: when it
/// has no stamp and holds only files a certification writes (`certificate-*.json`,
/// `chunk-*.json`, `split*.json`, `par-*/`, temporary `.*.partial-*` files), every JSON file
/// among them of this game and model, it is stamped as `owner`'s, so that
/// [`OutputDir::claim`] takes it (its chunks are then read and checked one by one as always).
/// Anything else is left to `claim`, which refuses it. Nothing is returned: a folder that
/// cannot be read or stamped is left as it is, for `claim` to judge.
pub fn adopt_unstamped(dir: &Path, owner: &Owner) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut any = false;
    for e in entries {
        let Ok(e) = e else { return };
        let name = e.file_name().to_string_lossy().into_owned();
        let path = e.path();
        any = true;
        if name == files::STAMP {
            return;
        }
        if name.starts_with('.') && name.contains(".partial") {
            continue;
        }
        if name.starts_with("par-") && path.is_dir() {
            continue;
        }
        if !is_record(&name) || !path.is_file() {
            return;
        }
        let Ok(bytes) = files::read_bounded(&path, files::MAX_JSON_BYTES, "a certify file") else {
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
        let _ = files::write_atomic(&dir.join(files::STAMP), stamp.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_certification_writes_its_records_and_par_folders_only() {
        for name in [
            "certificate-love.json",
            "chunk-ante-00001.json",
            "split.json",
            "split-standard-00000.json",
            "par-love",
        ] {
            assert!(writes(name), "{name}");
        }
        for name in [
            "notes.txt",
            "certificate-love.txt",
            "report.json",
            "chunk-1.csv",
        ] {
            assert!(!writes(name), "{name}");
        }
    }
}
