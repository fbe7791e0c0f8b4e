//! Where a lab kit's `source/` comes from ([`crate::labkit`]): a git checkout (its tracked
//! files, its commit, whether they changed) or a kit's own `source/` (every file, the commit
//! its [`COMMIT_FILE`] names) ([`origin`]); the toolchain that rebuilds it
//! ([`toolchain_channel`], [`toolchain_text`]); the texts a kit's source gets in place of its
//! own files ([`source_texts`]: its `COMMIT`, and its cargo config pointing at the vendored
//! dependencies or not); and the dependencies vendored ([`vendor`]). These run `git`,
//! `rustc`, `cargo` as child processes in the source folder; nothing here reads a game.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The file of a kit's source that names the commit it came from.
pub const COMMIT_FILE: &str = "COMMIT";

/// What a vendoring kit appends to the source's `.cargo/config.toml`: cargo reads the
/// dependencies from `vendor/`, with no network.
pub const VENDORED_CONFIG: &str = "\n# The dependencies, vendored in this folder (`cargo vendor`): the build needs no network.\n[source.crates-io]\nreplace-with = \"vendored-sources\"\n\n[source.vendored-sources]\ndirectory = \"vendor\"\n";

/// Why a kit's source cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// A folder that cannot be read.
    #[error("cannot read {}: {message}", path.display())]
    Read {
        /// The folder.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// Neither a git repository nor a kit's source naming its commit.
    #[error(
        "the source in {} is unidentified: it is no git repository and has no {COMMIT_FILE} file naming a commit (a kit's source/ has one); build the kit from a checkout of the repository or from a kit's source/",
        .0.display()
    )]
    Unidentified(PathBuf),
    /// A `rust-toolchain.toml` that names no channel.
    #[error("{} names no toolchain channel: the kit cannot say which toolchain rebuilds it", .0.display())]
    NoChannel(PathBuf),
    /// `cargo vendor` could not run or failed.
    #[error("{0}")]
    Vendor(String),
}

/// A file of a kit's source written from text: (path relative to the source, text).
pub type SourceText = (String, String);

/// Where the kit's source comes from ([`origin`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceOrigin {
    /// The commit (40 hex digits).
    pub commit: String,
    /// Whether the files differ from the commit (uncommitted changes).
    pub dirty: bool,
    /// The files, as (path relative to the source with `/`, file).
    pub files: Vec<(String, PathBuf)>,
}

/// Runs `git -C src ARGS`; its output when it succeeds.
fn git(src: &Path, args: &[&str]) -> Option<String> {
    Command::new("git")
        .arg("-C")
        .arg(src)
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
}

/// Every file under `dir` but `target/` and `.git/` at its top, as (relative path with `/`,
/// file), sorted.
///
/// # Errors
/// [`SourceError::Read`] naming a folder that cannot be read.
pub fn walk(dir: &Path) -> Result<Vec<(String, PathBuf)>, SourceError> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let here = dir.join(&rel);
        let err = |e: std::io::Error| SourceError::Read {
            path: here.clone(),
            message: e.to_string(),
        };
        for entry in std::fs::read_dir(&here).map_err(err)? {
            let entry = entry.map_err(err)?;
            let r = rel.join(entry.file_name());
            let top = rel.as_os_str().is_empty();
            let name = entry.file_name();
            if top && (name == "target" || name == ".git") {
                continue;
            }
            let kind = entry.file_type().map_err(err)?;
            if kind.is_dir() {
                stack.push(r);
            } else if kind.is_file() {
                out.push((r.to_string_lossy().replace('\\', "/"), entry.path()));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The origin of the source at `src`: its git repository (its tracked files but those of
/// `fuzz/`, the fuzz targets and their corpora, which the kit's build does not use; its commit, whether tracked files changed), or, without one, a kit's source
/// folder as it is (every file, and the commit its [`COMMIT_FILE`] names).
///
/// # Errors
/// [`SourceError::Unidentified`]: neither a repository nor a `COMMIT` file naming a commit;
/// [`SourceError::Read`].
pub fn origin(src: &Path) -> Result<SourceOrigin, SourceError> {
    let top = git(src, &["rev-parse", "--show-toplevel"]).map(|t| PathBuf::from(t.trim()));
    let is_repo = top.is_some_and(|t| {
        t.canonicalize().ok() == src.canonicalize().ok() && !t.as_os_str().is_empty()
    });
    if is_repo && let Some(commit) = git(src, &["rev-parse", "HEAD"]) {
        let dirty = git(src, &["status", "--porcelain", "--untracked-files=no"])
            .is_some_and(|s| !s.trim().is_empty());
        let files = git(src, &["ls-files"])
            .unwrap_or_default()
            .lines()
            .filter(|f| !f.starts_with("fuzz/"))
            .map(|f| (f.to_string(), src.join(f)))
            .filter(|(_, p)| p.is_file())
            .collect();
        return Ok(SourceOrigin {
            commit: commit.trim().to_string(),
            dirty,
            files,
        });
    }
    let named = std::fs::read_to_string(src.join(COMMIT_FILE)).ok();
    let commit = named
        .as_deref()
        .and_then(|t| t.split_whitespace().next())
        .filter(|c| c.len() == 40 && c.bytes().all(|b| b.is_ascii_hexdigit()))
        .ok_or_else(|| SourceError::Unidentified(src.to_path_buf()))?;
    Ok(SourceOrigin {
        commit: commit.to_string(),
        dirty: named.is_some_and(|t| t.contains("uncommitted")),
        files: walk(src)?,
    })
}

/// The channel a `rust-toolchain.toml`'s text pins (`1.95.0`), if it names one.
#[must_use]
pub fn toolchain_channel(text: &str) -> Option<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("channel"))
        .filter_map(|l| l.trim().strip_prefix('='))
        .map(|v| v.trim().trim_matches('"').to_string())
        .next()
}

/// The source's `rust-toolchain.toml` and the channel it pins.
///
/// # Errors
/// [`SourceError::NoChannel`] for a file missing or naming none.
pub fn toolchain_file(src: &Path) -> Result<(String, String), SourceError> {
    let file = src.join("rust-toolchain.toml");
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    let channel = toolchain_channel(&text).ok_or(SourceError::NoChannel(file))?;
    Ok((text, channel))
}

/// The output of `cmd ARGS` run in `dir`, or `None` when it cannot run or fails.
fn output(dir: &Path, cmd: &str, args: &[&str]) -> Option<String> {
    Command::new(cmd)
        .args(args)
        .current_dir(dir)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
}

/// The kit's `toolchain.txt`: `rustc -vV` and `cargo -V` as run in `dir` (empty where they
/// do not run), then the source's `rust-toolchain.toml` text.
#[must_use]
pub fn toolchain_text(dir: &Path, toolchain_file: &str) -> String {
    format!(
        "# rustc -vV\n{}\n# cargo -V\n{}\n# rust-toolchain.toml\n{}",
        output(dir, "rustc", &["-vV"]).unwrap_or_default(),
        output(dir, "cargo", &["-V"]).unwrap_or_default(),
        toolchain_file
    )
}

/// The source's files a kit copies (all of `origin`'s but its `COMMIT` and `vendor/`), and
/// the texts written in place of files: its `COMMIT` (the commit, and whether it had
/// uncommitted changes) and, when `vendor` changes it, its `.cargo/config.toml` with
/// [`VENDORED_CONFIG`] added or removed.
#[must_use]
pub fn source_texts(
    origin: &SourceOrigin,
    src: &Path,
    vendor: bool,
) -> (Vec<(String, PathBuf)>, Vec<SourceText>) {
    let mut texts = vec![(
        COMMIT_FILE.to_string(),
        format!(
            "{}\n{}",
            origin.commit,
            if origin.dirty {
                "with uncommitted changes: the files of this folder are what was built\n"
            } else {
                ""
            }
        ),
    )];
    let files = origin
        .files
        .iter()
        .filter(|(r, _)| r != COMMIT_FILE && !r.starts_with("vendor/"))
        .cloned()
        .collect();
    let config = std::fs::read_to_string(src.join(".cargo/config.toml")).unwrap_or_default();
    match (vendor, config.contains(VENDORED_CONFIG)) {
        (true, false) => texts.push((".cargo/config.toml".into(), config + VENDORED_CONFIG)),
        // A kit's source built without its vendored dependencies: no config points at them.
        (false, true) => {
            texts.push((
                ".cargo/config.toml".into(),
                config.replace(VENDORED_CONFIG, ""),
            ));
        }
        _ => {}
    }
    (files, texts)
}

/// Whether an executable `name` is on `PATH`.
#[must_use]
pub fn on_path(name: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|d| {
            let p = d.join(name);
            std::fs::metadata(&p).is_ok_and(|m| {
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    m.is_file() && m.permissions().mode() & 0o111 != 0
                }
                #[cfg(not(unix))]
                {
                    m.is_file()
                }
            })
        })
    })
}

/// Vendors the dependencies of the source at `src` into `target` with `cargo vendor
/// --locked` (from crates.io or cargo's cache).
///
/// # Errors
/// [`SourceError::Vendor`]: cargo cannot run, or fails.
pub fn vendor(src: &Path, target: &Path) -> Result<(), SourceError> {
    let status = Command::new("cargo")
        .args(["vendor", "--locked", "--quiet"])
        .arg(target)
        .current_dir(src)
        .stdout(Stdio::null())
        .status()
        .map_err(|e| SourceError::Vendor(format!("cannot run cargo vendor: {e}")))?;
    if !status.success() {
        return Err(SourceError::Vendor(format!(
            "cargo vendor failed ({status}): it needs crates.io or the crates in cargo's cache; add --no-vendor to build the kit without them"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_channel_is_read_from_the_toolchain_file() {
        assert_eq!(
            toolchain_channel("[toolchain]\nchannel = \"1.95.0\"\n").as_deref(),
            Some("1.95.0")
        );
        assert_eq!(
            toolchain_channel("[toolchain]\nprofile = \"minimal\"\n"),
            None
        );
    }

    #[test]
    fn a_folder_without_repository_or_commit_is_unidentified() {
        let dir = std::env::temp_dir().join(format!("kit-source-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(COMMIT_FILE), "not a commit\n").unwrap();
        let e = origin(&dir);
        // A temporary folder inside a checkout would be the checkout's; only judge the
        // folder when it is its own.
        if git(&dir, &["rev-parse", "--show-toplevel"]).is_none() {
            assert!(matches!(e, Err(SourceError::Unidentified(_))), "{e:?}");
            std::fs::write(dir.join(COMMIT_FILE), format!("{}\n", "a".repeat(40))).unwrap();
            let o = origin(&dir).unwrap();
            assert_eq!(o.commit, "a".repeat(40));
            assert!(!o.dirty);
            assert_eq!(o.files.len(), 1);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
