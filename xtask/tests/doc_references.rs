//! Every reference from the Rust sources to the README or the guide names a real place in it.
//!
//! Doc comments cite the README in one form, `(README, "<heading>")`, optionally followed by a
//! bullet name (`(README, "The common rules": Determinism)`), and the guide (`docs/guide/src/`)
//! as `(guide, "<heading>")`. This test reads every `.rs` file under `crates/`, `xtask/`,
//! `benches/`, `examples/` and `fuzz/` (skipping `target` directories) and fails, naming file
//! and line, when the quoted text is not exactly a `## ` or `### ` heading of `README.md` (for
//! the README) or a `# `, `## ` or `### ` heading of one of the guide's pages (for the guide),
//! when a reference is split across lines (the heading must be on one line to be checked), or
//! when an old-style reference is left (`(README)`, `contract (README`).

use std::fs;
use std::path::{Path, PathBuf};

/// The directories scanned, relative to the workspace root.
const SCANNED: [&str; 5] = ["crates", "xtask", "benches", "examples", "fuzz"];

/// This file, which spells the patterns out and is not scanned.
const THIS_FILE: &str = "xtask/tests/doc_references.rs";

/// What starts a reference to the README: the heading follows in double quotes.
const REFERENCE: &str = "README, \"";

/// What starts a reference to the guide: the heading follows in double quotes.
const GUIDE_REFERENCE: &str = "guide, \"";

/// Phrases of the old, mechanically rewritten references that named no section.
const LEFTOVERS: [&str; 2] = ["(README)", "contract (README"];

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lies in the workspace root")
        .to_path_buf()
}

/// The text of every `## ` and `### ` heading of the README.
fn readme_headings(readme: &str) -> Vec<String> {
    readme
        .lines()
        .filter_map(|l| l.strip_prefix("### ").or_else(|| l.strip_prefix("## ")))
        .map(|h| h.trim().to_string())
        .collect()
}

/// The text of every `# `, `## ` and `### ` heading of the guide's pages (`docs/guide/src/*.md`),
/// outside code blocks.
fn guide_headings(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let dir = root.join("docs/guide/src");
    let mut pages: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("docs/guide/src is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    for page in pages {
        let text = fs::read_to_string(&page).expect("a guide page is readable");
        let mut in_code = false;
        for line in text.lines() {
            if line.trim_start().starts_with("```") {
                in_code = !in_code;
                continue;
            }
            if in_code {
                continue;
            }
            let heading = line
                .strip_prefix("### ")
                .or_else(|| line.strip_prefix("## "))
                .or_else(|| line.strip_prefix("# "));
            if let Some(h) = heading {
                out.push(h.trim().to_string());
            }
        }
    }
    out
}

/// Every `.rs` file under `dir`, skipping `target` directories, in a stable order.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// What is wrong with one line's README references, if anything.
fn check_line(line: &str, headings: &[String]) -> Vec<String> {
    check_line_in(line, headings, &[])
}

/// What is wrong with one line's README and guide references, if anything.
fn check_line_in(line: &str, headings: &[String], guide: &[String]) -> Vec<String> {
    let mut problems = Vec::new();
    for leftover in LEFTOVERS {
        if line.contains(leftover) {
            problems.push(format!(
                "old-style reference `{leftover}`: write (README, \"<heading>\")"
            ));
        }
    }
    if line.trim_end().ends_with("(README,") {
        problems.push(
            "a README reference split across lines: keep (README, \"<heading>\") on one line"
                .to_string(),
        );
    }
    let mut rest = line;
    while let Some(at) = rest.find(REFERENCE) {
        rest = &rest[at + REFERENCE.len()..];
        let Some(end) = rest.find('"') else {
            problems.push(
                "a README reference split across lines: keep (README, \"<heading>\") on one line"
                    .to_string(),
            );
            break;
        };
        let heading = &rest[..end];
        if !headings.iter().any(|h| h == heading) {
            problems.push(format!(
                "README has no `## ` or `### ` heading \"{heading}\"; its headings: {}",
                headings
                    .iter()
                    .map(|h| format!("\"{h}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        rest = &rest[end + 1..];
    }
    let mut rest = line;
    while let Some(at) = rest.find(GUIDE_REFERENCE) {
        rest = &rest[at + GUIDE_REFERENCE.len()..];
        let Some(end) = rest.find('"') else {
            problems.push(
                "a guide reference split across lines: keep (guide, \"<heading>\") on one line"
                    .to_string(),
            );
            break;
        };
        let heading = &rest[..end];
        if !guide.iter().any(|h| h == heading) {
            problems.push(format!(
                "no page of the guide (docs/guide/src) has the heading \"{heading}\""
            ));
        }
        rest = &rest[end + 1..];
    }
    problems
}

#[test]
fn readme_references_name_real_headings() {
    let root = workspace_root();
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md is readable");
    let headings = readme_headings(&readme);
    let guide = guide_headings(&root);
    assert!(
        guide.iter().any(|h| h == "Command reference"),
        "the guide's headings not found (read {} of them)",
        guide.len()
    );
    assert!(
        headings.iter().any(|h| h == "The common rules"),
        "README.md headings not found (read {} of them)",
        headings.len()
    );

    let mut files = Vec::new();
    for dir in SCANNED {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 50, "too few sources found: {}", files.len());

    let mut failures = Vec::new();
    let mut references = 0;
    for file in &files {
        let shown = file.strip_prefix(&root).unwrap_or(file);
        if shown == Path::new(THIS_FILE) {
            continue;
        }
        let text = fs::read_to_string(file).expect("source is readable");
        for (i, line) in text.lines().enumerate() {
            references += line.matches(REFERENCE).count() + line.matches(GUIDE_REFERENCE).count();
            for problem in check_line_in(line, &headings, &guide) {
                failures.push(format!("{}:{}: {problem}", shown.display(), i + 1));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} bad README reference(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(references > 0, "no README references found at all");
}

#[test]
fn the_check_catches_bad_references() {
    let headings = ["The common rules".to_string(), "Targets".to_string()];
    let problems = |line: &str| check_line(line, &headings).len();
    assert_eq!(problems("//! (README, \"The common rules\": Money)."), 0);
    assert_eq!(
        problems("//! (README, \"Targets\"); (README, \"Targets\")"),
        0
    );
    assert_eq!(problems("//! (README, \"Target\")."), 1);
    assert_eq!(
        problems("//! (README, \"Targets\"), (README, \"Randomness\")"),
        1
    );
    assert_eq!(problems("//! (README, \"The common"), 1);
    assert_eq!(problems("//! the cap (README,"), 1);
    assert_eq!(problems("/// the targets (README)."), 1);
    assert_eq!(problems("/// the runner's contract (README), x"), 2);
    assert_eq!(
        problems("/// the runner's contract (README, \"Targets\")"),
        1
    );
    // The guide's references are checked against the guide's headings, not the README's.
    let guide = ["Command reference".to_string()];
    let in_guide = |line: &str| check_line_in(line, &headings, &guide).len();
    assert_eq!(in_guide("//! (guide, \"Command reference\")."), 0);
    assert_eq!(in_guide("//! (guide, \"Targets\")."), 1);
    assert_eq!(in_guide("//! (guide, \"Command"), 1);
    assert_eq!(in_guide("//! (README, \"Command reference\")"), 1);
    assert_eq!(
        readme_headings("# Title\n## A (b)\ntext\n### C\n#### D\n- **E.**\n"),
        ["A (b)", "C"]
    );
}
