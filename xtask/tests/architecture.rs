//! ARCHITECTURE.md names only what exists.
//!
//! The page is read as a newcomer reads it: every name in backticks is a claim that the thing
//! is there. This test checks three kinds of claims and fails naming each false one:
//! - a **file or folder** (a name with a `/` or a file extension, such as `crates/sim` or
//!   `deny.toml`): it exists under the workspace root;
//! - a **Rust path** (`slot_sim::files`, `slot_core::Game`, `Report::from_json`): its crate
//!   is one of the workspace's, each module on the way is a file or an inline `mod` of that
//!   crate, and the item at its end is defined (or re-exported) in that crate;
//! - a **type name** (a backticked word that starts with a capital, such as `Ledger` or
//!   `Grid<COLS, ROWS, SYMBOLS>`): a struct, enum, trait or type alias of that name is defined
//!   somewhere in the workspace's sources, with the generic parameters written, if any.
//!
//! Lower-case single words (module names inside a crate's bullet, features, commands) are read
//! in their context by the reader and are not checked here.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lies in the workspace root")
        .to_path_buf()
}

/// The library crates a Rust path may start with, and their source folders.
fn crates(root: &Path) -> BTreeMap<String, PathBuf> {
    let mut out = BTreeMap::new();
    for dir in ["crates", "."] {
        let Ok(entries) = fs::read_dir(root.join(dir)) else {
            continue;
        };
        for e in entries.flatten() {
            let manifest = e.path().join("Cargo.toml");
            let Ok(text) = fs::read_to_string(&manifest) else {
                continue;
            };
            // The `[lib] name`, else the package name with `-` as `_`.
            let lib = text
                .split("[lib]")
                .nth(1)
                .and_then(|s| s.lines().find_map(|l| l.trim().strip_prefix("name = ")))
                .or_else(|| text.lines().find_map(|l| l.trim().strip_prefix("name = ")))
                .map(|n| n.trim_matches('"').replace('-', "_"));
            if let Some(lib) = lib {
                out.insert(lib, e.path().join("src"));
            }
        }
    }
    out.insert("slot_math".into(), root.join("python/src"));
    out
}

/// Every `.rs` file under `dir`, skipping `target`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "target" && n != "fuzz") {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The backticked spans of `text`, outside fenced code blocks.
fn spans(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut parts = line.split('`');
        parts.next();
        while let (Some(inside), Some(_)) = (parts.next(), parts.next()) {
            out.push(inside.to_string());
        }
    }
    out
}

/// Whether `source` defines an item called `name` (or re-exports one under that name).
fn defines(source: &str, name: &str) -> bool {
    let kinds = [
        "struct ",
        "enum ",
        "trait ",
        "type ",
        "fn ",
        "const ",
        "static ",
        "mod ",
        "macro_rules! ",
    ];
    source.lines().any(|l| {
        let l = l.trim_start();
        let body = l
            .strip_prefix("pub(crate) ")
            .or_else(|| l.strip_prefix("pub "))
            .unwrap_or(l);
        let body = body
            .strip_prefix("const ")
            .filter(|b| b.starts_with("fn "))
            .unwrap_or(body);
        let defined = kinds.iter().any(|k| {
            body.strip_prefix(k).is_some_and(|rest| {
                rest.strip_prefix(name).is_some_and(|after| {
                    !after.starts_with(|c: char| c.is_alphanumeric() || c == '_')
                })
            })
        });
        let reexported = body.starts_with("use ")
            && l.starts_with("pub")
            && body
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|w| w == name);
        // An enum variant or an associated item written as `Name,` / `Name {` / `Name(`.
        let variant = l.starts_with(name)
            && l[name.len()..].starts_with([',', ' ', '(', '{'])
            && name.starts_with(char::is_uppercase);
        defined || reexported || variant
    })
}

struct Workspace {
    root: PathBuf,
    crates: BTreeMap<String, PathBuf>,
    sources: Vec<(PathBuf, String)>,
}

impl Workspace {
    fn read() -> Workspace {
        let root = workspace_root();
        let crates = crates(&root);
        let mut files = Vec::new();
        for dir in ["crates", "xtask", "benches", "python/src", "examples"] {
            rust_files(&root.join(dir), &mut files);
        }
        let sources = files
            .into_iter()
            .filter_map(|p| fs::read_to_string(&p).ok().map(|t| (p, t)))
            .collect();
        Workspace {
            root,
            crates,
            sources,
        }
    }

    fn in_dir<'a>(&'a self, dir: &'a Path) -> impl Iterator<Item = &'a str> + 'a {
        self.sources
            .iter()
            .filter(move |(p, _)| p.starts_with(dir))
            .map(|(_, t)| t.as_str())
    }

    /// What is false about `span`, if it is a claim this test reads.
    fn check(&self, span: &str) -> Option<String> {
        let span = span.trim();
        if span.is_empty() || span.contains(' ') && !span.contains('<') {
            return None;
        }
        let is_path = span.contains('/') || has_file_extension(span);
        if is_path {
            if span.contains(['<', '*', '{', '$']) || span.starts_with("--") {
                return None;
            }
            let p = span.trim_end_matches('/');
            // From the root, or, in a crate's paragraph, from that crate's folder or `src`.
            let found = self.root.join(p).exists()
                || self.crates.values().any(|src| {
                    src.join(p).exists() || src.parent().is_some_and(|c| c.join(p).exists())
                });
            return (!found).then(|| format!("no file or folder `{span}`"));
        }
        let head = span.split(['(', '<']).next().unwrap_or(span);
        if head.contains("::") {
            return self.check_rust_path(head);
        }
        if head.starts_with(char::is_uppercase)
            && head.chars().all(|c| c.is_alphanumeric() || c == '_')
            && head.chars().any(char::is_lowercase)
        {
            let generics = span
                .strip_prefix(head)
                .and_then(|g| g.strip_prefix('<'))
                .map(|g| g.trim_end_matches('>'));
            return self.check_type(head, generics);
        }
        None
    }

    fn check_type(&self, name: &str, generics: Option<&str>) -> Option<String> {
        let all = || self.sources.iter().map(|(_, t)| t.as_str());
        if !all().any(|t| defines(t, name)) {
            return Some(format!("no item `{name}` in the workspace"));
        }
        let generics = generics?;
        let wanted: Vec<&str> = generics.split(',').map(str::trim).collect();
        let found = all().any(|t| {
            t.lines().any(|l| {
                let Some(at) = ["struct ", "enum ", "trait ", "type "]
                    .iter()
                    .find_map(|k| l.find(&format!("{k}{name}<")).map(|at| at + k.len()))
                else {
                    return false;
                };
                let params = &l[at + name.len() + 1..];
                let params = &params[..params.find('>').unwrap_or(params.len())];
                // The parameters' names, without `const` and their bounds or types.
                let names: Vec<&str> = params
                    .split(',')
                    .map(|p| {
                        p.trim()
                            .trim_start_matches("const ")
                            .split(':')
                            .next()
                            .unwrap_or("")
                            .trim()
                    })
                    .filter(|p| !p.is_empty())
                    .collect();
                names == wanted
            })
        });
        (!found).then(|| format!("`{name}` has no generic parameters `{generics}`"))
    }

    fn check_rust_path(&self, path: &str) -> Option<String> {
        let mut segments = path.split("::");
        let first = segments.next()?;
        let rest: Vec<&str> = segments.collect();
        let Some(src) = self.crates.get(first) else {
            // `Type::method`: the type and the method exist.
            if first.starts_with(char::is_uppercase) {
                return self.check_type(first, None).or_else(|| {
                    let all = || self.sources.iter().map(|(_, t)| t.as_str());
                    let last = rest.last()?;
                    (!all().any(|t| defines(t, last))).then(|| format!("no `{last}` for `{path}`"))
                });
            }
            // A path inside the crate a paragraph is about (`par::contributions`): some
            // crate of the workspace has it.
            let mut problems = self
                .crates
                .keys()
                .map(|c| self.check_rust_path(&format!("{c}::{path}")));
            return if problems.any(|p| p.is_none()) {
                None
            } else {
                Some(format!("`{path}`: no crate has it"))
            };
        };
        let mut dir = src.clone();
        for (i, seg) in rest.iter().enumerate() {
            let file = dir.join(format!("{seg}.rs"));
            let folder = dir.join(seg);
            if file.exists() || folder.join("mod.rs").exists() {
                dir = folder;
                continue;
            }
            // An item (or an inline module) of the crate: defined somewhere in it; what
            // follows it (a method) is defined too.
            let in_crate = || self.in_dir(src);
            if !in_crate().any(|t| defines(t, seg)) {
                return Some(format!("`{path}`: no `{seg}` in crate `{first}`"));
            }
            for more in &rest[i + 1..] {
                if !in_crate().any(|t| defines(t, more)) {
                    return Some(format!("`{path}`: no `{more}` in crate `{first}`"));
                }
            }
            return None;
        }
        None
    }
}

fn has_file_extension(span: &str) -> bool {
    let exts = [
        ".rs", ".md", ".json", ".toml", ".js", ".mjs", ".html", ".py", ".pyi", ".sh", ".csv",
        ".svg", ".yml", ".sbatch",
    ];
    !span.contains("::") && exts.iter().any(|e| span.ends_with(e))
}

#[test]
fn every_file_module_and_type_architecture_names_exists() {
    let ws = Workspace::read();
    let text = fs::read_to_string(ws.root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut false_claims: Vec<String> = spans(&text).iter().filter_map(|s| ws.check(s)).collect();
    false_claims.dedup();
    assert!(
        false_claims.is_empty(),
        "ARCHITECTURE.md names what does not exist:\n  {}",
        false_claims.join("\n  ")
    );
}

/// The checker can fail: invented names of each kind are refused, real ones accepted.
#[test]
fn the_check_refuses_invented_names_and_accepts_real_ones() {
    let ws = Workspace::read();
    for invented in [
        "crates/no_such_crate",
        "slot_sim::no_such_module",
        "slot_core::game::NoSuchType",
        "NoSuchTypeAnywhere",
        "Ledger<SYMBOLS>",
        "Grid<SYMBOLS>",
        "no_such_crate::x",
    ] {
        assert!(ws.check(invented).is_some(), "{invented} was accepted");
    }
    for real in [
        "crates/sim",
        "deny.toml",
        "slot_core::Game",
        "Ledger",
        "slot_sim::files",
        "Grid<COLS, ROWS, SYMBOLS>",
        "par::contributions",
    ] {
        assert_eq!(ws.check(real), None, "{real} was refused");
    }
}
