//! Files and folders a command writes, written so that nothing stale, foreign or half-written
//! is ever taken for this run's work.
//!
//! * [`write_atomic`]: a file appears whole or not at all: its bytes go to a temporary name
//!   beside it (`.<name>.partial-<pid>`), which is renamed over the final name only once
//!   complete (a rename within one folder is atomic on the file systems this runs on). An
//!   interrupted command leaves at most a `.partial-` file, never a short file under the
//!   final name.
//! * [`OutputDir`]: a folder a command owns. [`OutputDir::claim`] creates it, or takes an
//!   existing one only when it is empty or holds the work of the same command, game, mode and
//!   model (its stamp file, [`STAMP`], says whose it is); anything else is refused naming what
//!   was found. `force` clears a folder first only when it holds nothing but the same
//!   command's work of another game, mode or model ([`SimError::FolderInUse`] for anything
//!   else, `force` or not: a mistyped `/` or home folder is never emptied). A folder this command
//!   created is removed again by [`OutputDir::abandon`] when the command is refused before it
//!   wrote anything, so a refusal leaves nothing behind.
//! * [`probe_writable`]: a file a command will write is checked writable before the work,
//!   and the check leaves nothing (no file, no folder) for a command refused after it.
//! * [`read_bounded`]: a file read from outside (a key, a record) is read only up to a stated
//!   size, and only from a regular file, so a path naming an endless file (`/dev/zero`) or a
//!   named pipe is refused at once.

use crate::SimError;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The stamp file of a folder a command owns: one JSON object naming the command, game,
/// mode and math model whose work the folder holds.
pub const STAMP: &str = ".slot-math-owner.json";

/// Writes `bytes` to `path` whole or not at all: into a temporary file beside it first
/// (`.<name>.partial-<pid>`), flushed to disk, then renamed to `path` (replacing a file of
/// that name). A missing folder `path` is in is created first.
///
/// # Errors
/// [`SimError::Io`] naming the file when it cannot be written or renamed; the temporary file is
/// removed then.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SimError> {
    let tmp = partial_name(path);
    let result = (|| {
        create_parent(path)?;
        let mut f = std::fs::File::create(&tmp)?;
        std::io::Write::write_all(&mut f, bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        SimError::Io {
            path: path.to_path_buf(),
            message: format!("cannot write: {e}"),
        }
    })
}

/// Checks, before any work, that [`write_atomic`] can write the file `path`, leaving nothing
/// behind: an existing file is left as it is (until what replaces it is written); a new one
/// is removed again, and so are the missing folders it is in, made for the check
/// ([`write_atomic`] makes them again), so a command refused after the check leaves no empty
/// folder.
///
/// # Errors
/// The I/O error of the folder or file that cannot be made or opened.
pub fn probe_writable(path: &Path) -> std::io::Result<()> {
    // The folders missing above `path`, innermost first.
    let mut missing = Vec::new();
    let mut folder = path.parent();
    while let Some(f) = folder.filter(|f| !f.as_os_str().is_empty() && !f.exists()) {
        missing.push(f.to_path_buf());
        folder = f.parent();
    }
    let probe = || {
        create_parent(path)?;
        let existed = path.exists();
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)?;
        if !existed {
            let _ = std::fs::remove_file(path);
        }
        Ok(())
    };
    // Once more if a folder vanished in between: another command's check (shards started
    // together into one new folder) removed it.
    let result = probe().or_else(|e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => probe(),
        _ => Err(e),
    });
    // Innermost first; a folder something else wrote into meanwhile is not empty and stays.
    for f in &missing {
        let _ = std::fs::remove_dir(f);
    }
    result
}

/// Creates the folder `path` is in, and the folders above it, where missing.
fn create_parent(path: &Path) -> std::io::Result<()> {
    match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(parent) => std::fs::create_dir_all(parent),
        None => Ok(()),
    }
}

/// The temporary name [`write_atomic`] and [`AtomicFile`] write under before renaming.
#[must_use]
pub fn partial_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

/// A file written in pieces (a stream of bytes too large to hold) that appears whole or not at
/// all: written under [`partial_name`] and renamed by [`AtomicFile::commit`]; dropped without
/// a commit, it removes its temporary file.
#[derive(Debug)]
pub struct AtomicFile {
    path: PathBuf,
    tmp: PathBuf,
    file: Option<std::io::BufWriter<std::fs::File>>,
}

impl AtomicFile {
    /// Opens the temporary file of `path`.
    ///
    /// # Errors
    /// [`SimError::Io`] naming `path` when the temporary file cannot be created.
    pub fn create(path: &Path) -> Result<Self, SimError> {
        let tmp = partial_name(path);
        let file = create_parent(path).and_then(|()| std::fs::File::create(&tmp));
        let file = file.map_err(|e| SimError::Io {
            path: path.to_path_buf(),
            message: format!("cannot write: {e}"),
        })?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            tmp,
            file: Some(std::io::BufWriter::new(file)),
        })
    }

    /// Flushes the file and renames it to its final name.
    ///
    /// # Errors
    /// [`SimError::Io`] naming the file when it cannot be flushed or renamed.
    pub fn commit(mut self) -> Result<(), SimError> {
        let file = self.file.take().expect("an AtomicFile is committed once");
        let result = file
            .into_inner()
            .map_err(std::io::IntoInnerError::into_error)
            .and_then(|f| f.sync_all())
            .and_then(|()| std::fs::rename(&self.tmp, &self.path));
        result.map_err(|e| SimError::Io {
            path: self.path.clone(),
            message: format!("cannot write: {e}"),
        })
    }
}

impl std::io::Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file
            .as_mut()
            .map_or(Ok(0), |f| std::io::Write::write(f, buf))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.file.as_mut().map_or(Ok(()), std::io::Write::flush)
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// Reads at most `limit` bytes of the regular file at `path` (a symlink to one is followed). A
/// device, named pipe or folder is refused before it is opened (`/dev/zero` would never end,
/// a pipe would wait for a writer), a file longer than `limit` bytes is refused from its size,
/// and one that grows while read after `limit + 1` bytes.
///
/// # Errors
/// [`SimError::Io`] naming the file when it cannot be read, is not a regular file, or is longer
/// than `limit` bytes (`what` names what the file should hold, e.g. "a key of 32 to 64 bytes").
pub fn read_bounded(path: &Path, limit: u64, what: &str) -> Result<Vec<u8>, SimError> {
    let io = |message: String| SimError::Io {
        path: path.to_path_buf(),
        message,
    };
    let meta = std::fs::metadata(path).map_err(|e| io(format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(io(format!(
            "not a regular file (a folder, device or pipe): not {what}"
        )));
    }
    if meta.len() > limit {
        return Err(io(format!(
            "longer than {limit} bytes: not {what} (refused before reading it)"
        )));
    }
    let file = std::fs::File::open(path).map_err(|e| io(format!("cannot read: {e}")))?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| io(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(io(format!(
            "longer than {limit} bytes: not {what} (refused before reading further)"
        )));
    }
    Ok(bytes)
}

/// The most bytes a JSON file read from outside may hold (a model or variant file, a report, a
/// record): 256 MiB, far beyond any file this project writes (a report is a few hundred KiB), so
/// that a path naming an endless or huge file is refused before it is read into memory.
pub const MAX_JSON_BYTES: u64 = 256 << 20;

/// Reads a text file from outside of at most `limit` bytes ([`read_bounded`]) that must be
/// UTF-8.
///
/// # Errors
/// [`SimError::Io`] naming the file: it cannot be read, is longer than `limit` bytes, or is not
/// UTF-8 text.
pub fn read_text_bounded(path: &Path, limit: u64, what: &str) -> Result<String, SimError> {
    let bytes = read_bounded(path, limit, what)?;
    String::from_utf8(bytes).map_err(|e| SimError::Io {
        path: path.to_path_buf(),
        message: format!(
            "not UTF-8 text (byte {}): not {what}",
            e.utf8_error().valid_up_to()
        ),
    })
}

/// The text of a report or record file from outside (`merge`'s inputs, `certify`'s chunks,
/// split records), read only up to [`MAX_JSON_BYTES`].
///
/// # Errors
/// [`SimError::Io`] naming the file: unreadable, longer than the bound, or not UTF-8.
pub fn read_report_text(path: &Path) -> Result<String, SimError> {
    read_text_bounded(
        path,
        MAX_JSON_BYTES,
        "a report or record this runner writes",
    )
}

/// Whose work a folder holds: the command that writes it, and the game, mode and math model
/// (its fingerprint) of that work. Written into the folder as [`STAMP`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Owner {
    /// The command (`certify`, `lab-kit`, ...).
    pub command: String,
    /// The game's name (`moon-princess`).
    pub game: String,
    /// The mode or modes the work is of (`love`, `standard`, `all picks`).
    pub mode: String,
    /// The math model's SHA-256 fingerprint (hex).
    pub model: String,
}

/// A folder a command owns for this run ([`OutputDir::claim`]).
#[derive(Debug)]
pub struct OutputDir {
    dir: PathBuf,
    created: bool,
    resumed: bool,
}

impl OutputDir {
    /// Takes `dir` for the work `owner` describes:
    ///
    /// * a folder that does not exist is created (and [`OutputDir::abandon`] removes it);
    /// * an empty folder is taken;
    /// * a folder whose stamp names the same command, game, mode and model is taken as it is
    ///   (the command resumes or replaces its own work: [`OutputDir::resumed`]), provided that
    ///   everything in it is a plain file or folder whose name `own` says the command writes
    ///   (a stamp alone never makes a user's notes, a symlink or a named pipe the command's
    ///   own);
    /// * a folder whose stamp names the same command for another game, mode or model, and
    ///   that holds nothing else the command does not write (as above), is refused naming
    ///   whose work it holds, unless `force`, which removes everything in it first: this is
    ///   all `force` replaces;
    /// * any other folder (files of unknown origin, no stamp, another command's stamp, or the
    ///   command's work with anything beside it) is refused naming what it holds, `force` or
    ///   not: nothing the command did not write is ever deleted, so a mistyped folder (`/`, a
    ///   home folder) is never emptied.
    ///
    /// The stamp is written at once (atomically), and a probe checks that the folder takes
    /// files, so a long run cannot end with nowhere to write.
    ///
    /// # Errors
    /// [`SimError::Io`] naming the folder: not a folder, cannot be created, read or written,
    /// or holds the same command's work of another game, mode or model (the message says
    /// whose, and that `--force` clears it); [`SimError::FolderInUse`] naming the folder and
    /// what it holds (whose work, or up to five of its files) and what `--force` replaces,
    /// for anything else.
    pub fn claim(
        dir: &Path,
        owner: &Owner,
        force: bool,
        own: fn(&str) -> bool,
    ) -> Result<OutputDir, SimError> {
        let io = |message: String| SimError::Io {
            path: dir.to_path_buf(),
            message,
        };
        let mut created = false;
        let mut resumed = false;
        match std::fs::metadata(dir) {
            Ok(m) if !m.is_dir() => {
                return Err(io(
                    "is a file, not a folder: name a folder (it is created if missing)".into(),
                ));
            }
            Ok(_) => {
                let mut entries =
                    list(dir).map_err(|e| io(format!("cannot read the folder: {e}")))?;
                // A temporary file of `write_atomic` (another job's stamp or file being
                // written, say, when a scheduler starts several chunks at once) is nobody's
                // work yet: it neither makes the folder someone else's nor is cleared.
                entries.retain(|n| !is_partial(n));
                if !entries.is_empty() {
                    let found = read_stamp(dir);
                    // What in it the command does not write: anything but the stamp and
                    // plain files and folders of the names it writes.
                    let foreign: Vec<&str> = entries
                        .iter()
                        .filter(|n| n.as_str() != STAMP)
                        .filter(|n| {
                            let plain = std::fs::symlink_metadata(dir.join(n))
                                .is_ok_and(|m| m.is_file() || m.is_dir());
                            !(plain && own(n))
                        })
                        .map(String::as_str)
                        .collect();
                    let in_use = |found: String, advice: &str| SimError::FolderInUse {
                        path: dir.to_path_buf(),
                        command: owner.command.clone(),
                        found,
                        advice: advice.to_string(),
                    };
                    match &found {
                        // Its own work and nothing else: resumed or replaced by the command.
                        Some(s) if s == owner && foreign.is_empty() => resumed = true,
                        // The same command's work of another game, mode or model, and nothing
                        // else: what --force replaces.
                        Some(s) if s.command == owner.command && foreign.is_empty() => {
                            if !force {
                                return Err(io(format!(
                                    "holds the work of `{}` for {} ({}, model {}), not of this run (`{}` for {} ({}, model {})): name another folder, or add --force to clear it",
                                    s.command,
                                    s.game,
                                    s.mode,
                                    short(&s.model),
                                    owner.command,
                                    owner.game,
                                    owner.mode,
                                    short(&owner.model)
                                )));
                            }
                            clear(dir, &entries).map_err(|e| {
                                io(format!("--force: cannot clear the folder: {e}"))
                            })?;
                        }
                        // The command's work with files beside it it did not write (a user's
                        // notes): refused, --force or not, so that nothing is deleted that the
                        // command did not write.
                        Some(s) if s.command == owner.command => {
                            return Err(in_use(
                                format!(
                                    "holds `{}`'s work, but also what `{}` does not write ({}; only its own plain files and folders are taken)",
                                    s.command,
                                    owner.command,
                                    first_names(&foreign)
                                ),
                                "move them out, or name another folder",
                            ));
                        }
                        Some(s) => {
                            return Err(in_use(
                                format!(
                                    "holds the work of `{}` for {} ({}, model {}), not of `{}`",
                                    s.command,
                                    s.game,
                                    s.mode,
                                    short(&s.model),
                                    owner.command
                                ),
                                "name another folder",
                            ));
                        }
                        None => {
                            return Err(in_use(
                                format!(
                                    "holds files this command did not write ({})",
                                    first_names(&entries)
                                ),
                                "name an empty or new folder",
                            ));
                        }
                    }
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                std::fs::create_dir_all(dir)
                    .map_err(|e| io(format!("cannot create the folder: {e}")))?;
                created = true;
            }
            Err(e) => return Err(io(format!("cannot read the folder: {e}"))),
        }
        let claimed = OutputDir {
            dir: dir.to_path_buf(),
            created,
            resumed,
        };
        let stamp = serde_json::to_string_pretty(owner).expect("a stamp serialises") + "\n";
        if let Err(e) = write_atomic(&dir.join(STAMP), stamp.as_bytes()) {
            claimed.abandon();
            return Err(e);
        }
        Ok(claimed)
    }

    /// The folder.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Whether the folder already held this command's own work for the same game, mode and
    /// model (a resumed or repeated run).
    #[must_use]
    pub fn resumed(&self) -> bool {
        self.resumed
    }

    /// Whether this run created the folder.
    #[must_use]
    pub fn created(&self) -> bool {
        self.created
    }

    /// Gives the folder up after a refusal: a folder this run created is removed with what is
    /// in it (only this run's files can be there); a folder that existed keeps its files, and
    /// loses the stamp only if this run wrote it into an empty folder.
    pub fn abandon(self) {
        if self.created {
            let _ = std::fs::remove_dir_all(&self.dir);
        } else if !self.resumed {
            let _ = std::fs::remove_file(self.dir.join(STAMP));
        }
    }
}

/// A folder a killed run left beside its output ([`remove_stale_folders`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaleFolder {
    /// The folder removed (`.<out>.<tag>-<pid>` beside the output).
    pub path: PathBuf,
    /// The process that made it, no longer running.
    pub pid: u32,
}

/// Whether the process `pid` is running: `Some` where the system says (Linux's `/proc`),
/// `None` where it cannot be told (then nothing of that process is taken for stale).
#[must_use]
pub fn process_alive(pid: u32) -> Option<bool> {
    Path::new("/proc/self")
        .is_dir()
        .then(|| Path::new("/proc").join(pid.to_string()).exists())
}

/// Removes the folders a killed run of `command` left beside `out`, and returns them: each
/// named `.<out's name>.<tag>-<pid>` for a tag of `tags` (`partial`: the folder
/// [`partial_name`] names, a kit being built; `old`: an earlier kit moved aside), made by a
/// process that is no longer running ([`process_alive`] says `Some(false)`; never this
/// process), a plain folder (not a symlink) whose stamp ([`STAMP`]) names `command`. Anything
/// else is left as it is: a live process's folder, a folder without the command's stamp (a
/// user's, or one killed before its stamp was written), files, and everything where the
/// system cannot tell whether a process runs. A folder that cannot be removed is left too
/// (the run goes on; a later one tries again).
#[must_use]
pub fn remove_stale_folders(out: &Path, command: &str, tags: &[&str]) -> Vec<StaleFolder> {
    let Some(name) = out.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return Vec::new();
    };
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let Ok(entries) = list(parent) else {
        return Vec::new();
    };
    let mut removed = Vec::new();
    for entry in entries {
        let pid = tags.iter().find_map(|tag| {
            let digits = entry.strip_prefix(&format!(".{name}.{tag}-"))?;
            let all_digits = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
            all_digits.then(|| digits.parse::<u32>().ok()).flatten()
        });
        let Some(pid) = pid else { continue };
        let path = parent.join(&entry);
        let stale = pid != std::process::id()
            && process_alive(pid) == Some(false)
            && std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir())
            && read_stamp(&path).is_some_and(|o| o.command == command);
        if stale && std::fs::remove_dir_all(&path).is_ok() {
            removed.push(StaleFolder { path, pid });
        }
    }
    removed
}

/// Whether `name` is a temporary name of [`partial_name`] (`.<name>.partial-<pid>`).
fn is_partial(name: &str) -> bool {
    name.starts_with('.')
        && name
            .rsplit_once(".partial-")
            .is_some_and(|(_, pid)| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
}

/// Up to five of `names`, comma-separated, with `...` when there are more (for a message).
fn first_names<S: AsRef<str>>(names: &[S]) -> String {
    let mut shown: Vec<&str> = names.iter().map(AsRef::as_ref).take(5).collect();
    if names.len() > 5 {
        shown.push("...");
    }
    shown.join(", ")
}

fn short(fingerprint: &str) -> &str {
    fingerprint.get(..12).unwrap_or(fingerprint)
}

/// The names in `dir`, sorted.
fn list(dir: &Path) -> std::io::Result<Vec<String>> {
    let mut names = Vec::new();
    for e in std::fs::read_dir(dir)? {
        names.push(e?.file_name().to_string_lossy().into_owned());
    }
    names.sort();
    Ok(names)
}

/// The stamp of `dir`, if it has one that reads.
fn read_stamp(dir: &Path) -> Option<Owner> {
    // A plain file only: a symlink to another folder's stamp is no stamp of this folder.
    if !std::fs::symlink_metadata(dir.join(STAMP)).is_ok_and(|m| m.is_file()) {
        return None;
    }
    let bytes = read_bounded(&dir.join(STAMP), 4096, "a folder stamp").ok()?;
    serde_json::from_slice(&bytes).ok()
}

fn clear(dir: &Path, entries: &[String]) -> std::io::Result<()> {
    for name in entries {
        let p = dir.join(name);
        if std::fs::symlink_metadata(&p)?.is_dir() {
            std::fs::remove_dir_all(&p)?;
        } else {
            std::fs::remove_file(&p)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn any(_: &str) -> bool {
        true
    }

    #[test]
    fn a_file_is_written_into_folders_made_for_it() {
        let d = std::env::temp_dir().join(format!("files-parent-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        let path = d.join("a/b/file.json");
        write_atomic(&path, b"{}").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"{}");
        let streamed = d.join("c/streamed.bin");
        let mut f = AtomicFile::create(&streamed).unwrap();
        std::io::Write::write_all(&mut f, b"xy").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read(&streamed).unwrap(), b"xy");
        // A folder in the way of the file is still refused, naming the file.
        std::fs::create_dir_all(d.join("dir.json")).unwrap();
        let e = write_atomic(&d.join("dir.json"), b"{}").unwrap_err();
        assert!(e.to_string().contains("dir.json"), "{e}");
        std::fs::remove_dir_all(&d).unwrap();
    }

    /// The check leaves nothing: no new file and no folder it made; an existing file keeps
    /// its bytes; a file in the way of a folder, or a folder in the way of the file, is
    /// refused.
    #[test]
    fn a_probe_leaves_nothing_behind() {
        let d = std::env::temp_dir().join(format!("files-probe-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        probe_writable(&d.join("new/sub/r.json")).unwrap();
        assert!(!d.join("new").exists());
        probe_writable(&d.join("r.json")).unwrap();
        assert!(!d.join("r.json").exists());
        std::fs::write(d.join("old.json"), b"kept").unwrap();
        probe_writable(&d.join("old.json")).unwrap();
        assert_eq!(std::fs::read(d.join("old.json")).unwrap(), b"kept");
        assert!(probe_writable(&d.join("old.json/r.json")).is_err());
        assert!(probe_writable(&d).is_err());
        // Refused in folders it made (a name longer than a file system takes): they are
        // removed all the same.
        assert!(probe_writable(&d.join("y/z").join("n".repeat(300))).is_err());
        assert!(!d.join("y").exists());
        std::fs::remove_dir_all(&d).unwrap();
    }

    fn owner(game: &str) -> Owner {
        Owner {
            command: "certify".into(),
            game: game.into(),
            mode: "love".into(),
            model: "ab".repeat(32),
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("slot-sim-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn atomic_writes_leave_the_final_name_only() {
        let d = scratch("atomic");
        std::fs::create_dir_all(&d).unwrap();
        let p = d.join("a.json");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(list(&d).unwrap(), vec!["a.json".to_string()]);
        // A file dropped before its commit leaves nothing.
        {
            let mut f = AtomicFile::create(&d.join("b.bin")).unwrap();
            std::io::Write::write_all(&mut f, b"half").unwrap();
        }
        assert_eq!(list(&d).unwrap(), vec!["a.json".to_string()]);
        let mut f = AtomicFile::create(&d.join("b.bin")).unwrap();
        std::io::Write::write_all(&mut f, b"whole").unwrap();
        f.commit().unwrap();
        assert_eq!(std::fs::read(d.join("b.bin")).unwrap(), b"whole");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_folder_of_other_work_is_refused_unless_forced() {
        let d = scratch("claim");
        let mine = owner("moon-princess");
        let c = OutputDir::claim(&d, &mine, false, any).unwrap();
        assert!(c.created() && !c.resumed());
        std::fs::write(d.join("certificate-love.json"), "{}").unwrap();
        // The same work again: taken, marked resumed.
        let again = OutputDir::claim(&d, &mine, false, any).unwrap();
        assert!(again.resumed());
        // Another game's work: refused, naming it; nothing removed.
        let other = owner("starlight-christmas");
        let e = OutputDir::claim(&d, &other, false, any)
            .unwrap_err()
            .to_string();
        assert!(e.contains("moon-princess") && e.contains("--force"), "{e}");
        assert!(d.join("certificate-love.json").exists());
        // Another model of the same game: refused too.
        let variant = Owner {
            model: "cd".repeat(32),
            ..mine.clone()
        };
        assert!(OutputDir::claim(&d, &variant, false, any).is_err());
        // --force clears it.
        let forced = OutputDir::claim(&d, &other, true, any).unwrap();
        assert!(!forced.resumed());
        assert_eq!(list(&d).unwrap(), vec![STAMP.to_string()]);
        std::fs::remove_dir_all(&d).unwrap();
    }

    /// `force` replaces only the same command's work of another game, mode or model: a folder
    /// of unknown files (a home folder given by mistake), another command's work, or the
    /// command's work with a user's file beside it is refused all the same, naming the folder
    /// and what `--force` replaces, and nothing in it is removed.
    #[test]
    fn force_never_clears_what_the_command_did_not_write() {
        fn kit_names(name: &str) -> bool {
            name == "MANIFEST.sha256" || name == "bin"
        }
        let d = scratch("force-guard");
        std::fs::create_dir_all(d.join("bin")).unwrap();
        std::fs::write(d.join(".bashrc"), "mine").unwrap();
        let kit = Owner {
            command: "lab-kit".into(),
            ..owner("moon-princess")
        };
        let refused = |o: &Owner| {
            let e = OutputDir::claim(&d, o, true, kit_names).unwrap_err();
            assert!(matches!(e, SimError::FolderInUse { .. }), "{e}");
            e.to_string()
        };
        // No stamp: unknown files, refused with --force, both kept.
        let e = refused(&kit);
        assert!(
            e.starts_with(&format!(
                "{}: holds files this command did not write (.bashrc, bin)",
                d.display()
            )) && e.contains(
                "--force replaces only a folder holding nothing but `lab-kit`'s own work"
            ),
            "{e}"
        );
        assert!(d.join(".bashrc").is_file() && d.join("bin").is_dir());
        std::fs::remove_file(d.join(".bashrc")).unwrap();
        // Another command's stamp over names the command writes: refused, kept.
        write_atomic(
            &d.join(STAMP),
            &serde_json::to_vec(&owner("moon-princess")).unwrap(),
        )
        .unwrap();
        let e = refused(&kit);
        assert!(
            e.contains("holds the work of `certify` for moon-princess"),
            "{e}"
        );
        assert!(d.join("bin").is_dir() && d.join(STAMP).is_file());
        // The command's own stamp, another game, and a user's file beside: refused, kept.
        let other = Owner {
            game: "wish-upon-a-star".into(),
            ..kit.clone()
        };
        write_atomic(&d.join(STAMP), &serde_json::to_vec(&other).unwrap()).unwrap();
        std::fs::write(d.join("notes.txt"), "mine").unwrap();
        let e = refused(&kit);
        assert!(e.contains("does not write (notes.txt;"), "{e}");
        assert_eq!(std::fs::read(d.join("notes.txt")).unwrap(), b"mine");
        // Without the user's file: the other game's kit is what --force replaces.
        std::fs::remove_file(d.join("notes.txt")).unwrap();
        assert!(OutputDir::claim(&d, &kit, false, kit_names).is_err());
        let taken = OutputDir::claim(&d, &kit, true, kit_names).unwrap();
        assert!(!taken.resumed());
        assert_eq!(list(&d).unwrap(), vec![STAMP.to_string()]);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn unknown_files_are_refused_and_abandon_removes_only_what_it_created() {
        let d = scratch("unknown");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("notes.txt"), "mine").unwrap();
        let e = OutputDir::claim(&d, &owner("g"), false, any)
            .unwrap_err()
            .to_string();
        assert!(e.contains("notes.txt"), "{e}");
        std::fs::remove_file(d.join("notes.txt")).unwrap();
        // A folder holding only another job's temporary file is empty as far as work goes.
        std::fs::write(d.join(".a.json.partial-12"), "half").unwrap();
        let taken = OutputDir::claim(&d, &owner("g"), false, any).unwrap();
        assert!(!taken.resumed());
        std::fs::remove_file(d.join(STAMP)).unwrap();
        std::fs::remove_file(d.join(".a.json.partial-12")).unwrap();
        // An empty folder that existed: abandon keeps the folder, removes the stamp.
        OutputDir::claim(&d, &owner("g"), false, any)
            .unwrap()
            .abandon();
        assert!(d.is_dir() && list(&d).unwrap().is_empty());
        std::fs::remove_dir_all(&d).unwrap();
        // A folder it created: abandon removes it.
        OutputDir::claim(&d, &owner("g"), false, any)
            .unwrap()
            .abandon();
        assert!(!d.exists());
        // A file where a folder is asked for.
        std::fs::write(&d, "x").unwrap();
        let e = OutputDir::claim(&d, &owner("g"), false, any)
            .unwrap_err()
            .to_string();
        assert!(e.contains("is a file"), "{e}");
        std::fs::remove_file(&d).unwrap();
    }

    #[test]
    fn a_folder_of_own_work_holding_anything_else_is_refused() {
        fn chunks_only(name: &str) -> bool {
            name.starts_with("chunk-")
        }
        let d = scratch("own");
        let mine = owner("moon-princess");
        OutputDir::claim(&d, &mine, false, chunks_only).unwrap();
        std::fs::write(d.join("chunk-1.json"), "{}").unwrap();
        assert!(
            OutputDir::claim(&d, &mine, false, chunks_only)
                .unwrap()
                .resumed()
        );
        // A user's file: refused naming it, kept.
        std::fs::write(d.join("notes.txt"), "mine").unwrap();
        let e = OutputDir::claim(&d, &mine, false, chunks_only)
            .unwrap_err()
            .to_string();
        assert!(e.contains("(notes.txt;"), "{e}");
        assert!(d.join("notes.txt").exists());
        std::fs::remove_file(d.join("notes.txt")).unwrap();
        // A symlink under an own name: not a plain file, refused.
        std::os::unix::fs::symlink("/etc/hostname", d.join("chunk-2.json")).unwrap();
        assert!(OutputDir::claim(&d, &mine, false, chunks_only).is_err());
        std::fs::remove_file(d.join("chunk-2.json")).unwrap();
        // A stamp that is a symlink to another folder's stamp is no stamp.
        let other = scratch("own-other");
        OutputDir::claim(&other, &mine, false, chunks_only).unwrap();
        std::fs::remove_file(d.join(STAMP)).unwrap();
        std::os::unix::fs::symlink(other.join(STAMP), d.join(STAMP)).unwrap();
        let e = OutputDir::claim(&d, &mine, false, chunks_only)
            .unwrap_err()
            .to_string();
        assert!(e.contains("did not write"), "{e}");
        std::fs::remove_dir_all(&d).unwrap();
        std::fs::remove_dir_all(&other).unwrap();
    }

    #[test]
    fn bounded_reads_refuse_long_files() {
        let d = scratch("bounded");
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("k"), [7u8; 64]).unwrap();
        assert_eq!(read_bounded(&d.join("k"), 64, "a key").unwrap().len(), 64);
        let e = read_bounded(&d.join("k"), 63, "a key")
            .unwrap_err()
            .to_string();
        assert!(e.contains("longer than 63 bytes"), "{e}");
        if Path::new("/dev/zero").exists() {
            let e = read_bounded(Path::new("/dev/zero"), 1024, "a key")
                .unwrap_err()
                .to_string();
            assert!(e.contains("not a regular file"), "{e}");
        }
        std::fs::remove_dir_all(&d).unwrap();
    }
}
