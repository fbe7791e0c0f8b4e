//! The guide (`docs/guide`, an mdBook) and the README hold together: every page is in the
//! table of contents and every entry is a page; every `{{#include}}` names a file (and anchor)
//! that exists; every relative link of the README and the guide's pages names a file that
//! exists, and an anchor (`page.md#heading`, `#heading`) names a heading of its page; the
//! README stays a front door of at most 300 lines; and every shell example's marker is one
//! `docs/guide/run-examples.py` understands.
//!
//! mdBook's own link checker is a separate binary (`mdbook-linkcheck`); these checks need
//! nothing but the files. Links to the web are not followed.

use std::fs;
use std::path::{Component, Path, PathBuf};

/// The README's limit: a front door, not the manual.
const README_MAX_LINES: usize = 300;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lies in the workspace root")
        .to_path_buf()
}

fn src() -> PathBuf {
    root().join("docs/guide/src")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The guide's pages (`docs/guide/src/*.md`, SUMMARY.md left out), by file name, sorted.
fn pages() -> Vec<String> {
    let mut out: Vec<String> = fs::read_dir(src())
        .expect("docs/guide/src is readable")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md") && n != "SUMMARY.md")
        .collect();
    out.sort();
    out
}

/// The lines of `text` outside fenced code blocks, with their 1-based numbers.
fn prose(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut in_code = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if !in_code {
            out.push((i + 1, line));
        }
    }
    out
}

/// The anchor mdBook and GitHub give a heading: lower case, letters, digits, `-` and `_`
/// kept, spaces made `-`, everything else dropped.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (`#` to `######`, outside code blocks), and of
/// the headings of the files it includes with `{{#include}}`.
fn anchors(path: &Path) -> Vec<String> {
    let text = read(path);
    let mut out = Vec::new();
    for (_, line) in prose(&text) {
        let hashes = line.chars().take_while(|c| *c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            out.push(slug(&line[hashes + 1..]));
        }
        for target in includes(line) {
            let file = path
                .parent()
                .unwrap()
                .join(target.split(':').next().unwrap());
            if file.is_file() {
                out.extend(anchors(&file));
            }
        }
    }
    out
}

/// The targets of the `{{#include ...}}` directives on a line.
fn includes(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("{{#include ") {
        rest = &rest[at + "{{#include ".len()..];
        let end = rest.find("}}").unwrap_or(rest.len());
        out.push(rest[..end].trim().to_string());
        rest = &rest[end..];
    }
    out
}

/// The targets of the inline links `[text](target)` on a line (images too).
fn links(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let end = rest.find(')').unwrap_or(rest.len());
        let target = rest[..end].trim();
        // `[a](b "title")`: the title is not part of the target.
        let target = target.split_whitespace().next().unwrap_or("");
        out.push(target.to_string());
        rest = &rest[end..];
    }
    out
}

/// `base/rel` with `.` and `..` folded, without touching the file system.
fn join(base: &Path, rel: &str) -> PathBuf {
    let mut out = PathBuf::new();
    for c in base.join(rel).components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// What is wrong with the relative links of one Markdown file, each named by file and line.
fn link_problems(path: &Path) -> Vec<String> {
    let text = read(path);
    let dir = path.parent().unwrap();
    let shown = path
        .strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string();
    let mut problems = Vec::new();
    for (n, line) in prose(&text) {
        for target in links(line) {
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let resolved = if file.is_empty() {
                path.to_path_buf()
            } else {
                join(dir, file)
            };
            if !resolved.exists() {
                problems.push(format!(
                    "{shown}:{n}: `{target}`: no file {}",
                    resolved.display()
                ));
                continue;
            }
            if let Some(anchor) = anchor
                && resolved.extension().is_some_and(|e| e == "md")
                && !anchors(&resolved).iter().any(|a| a == anchor)
            {
                problems.push(format!(
                    "{shown}:{n}: `{target}`: no heading with the anchor #{anchor} in {}",
                    resolved.display()
                ));
            }
        }
        for target in includes(line) {
            let mut parts = target.splitn(2, ':');
            let file = join(dir, parts.next().unwrap());
            if !file.is_file() {
                problems.push(format!(
                    "{shown}:{n}: include `{target}`: no file {}",
                    file.display()
                ));
                continue;
            }
            // An anchor name (not a line range) must be marked in the file.
            if let Some(anchor) = parts.next()
                && anchor.chars().next().is_some_and(|c| !c.is_ascii_digit())
            {
                let text = read(&file);
                let start = format!("ANCHOR: {anchor}");
                let end = format!("ANCHOR_END: {anchor}");
                if !text.contains(&start) || !text.contains(&end) {
                    problems.push(format!(
                        "{shown}:{n}: include `{target}`: {} has no `{start}` ... `{end}`",
                        file.display()
                    ));
                }
            }
        }
    }
    problems
}

#[test]
fn the_table_of_contents_lists_every_page_and_only_pages() {
    let summary = read(&src().join("SUMMARY.md"));
    let mut listed: Vec<String> = summary.lines().flat_map(links).collect();
    listed.sort();
    let pages = pages();
    for page in &listed {
        assert!(
            pages.contains(page),
            "SUMMARY.md lists {page}, which is no page of docs/guide/src"
        );
    }
    for page in &pages {
        assert!(
            listed.contains(page),
            "docs/guide/src/{page} is not listed in SUMMARY.md"
        );
    }
    assert!(pages.len() >= 15, "too few pages found: {pages:?}");
}

#[test]
fn every_link_and_include_of_the_readme_and_the_guide_resolves() {
    let mut files = vec![root().join("README.md"), src().join("SUMMARY.md")];
    files.extend(pages().iter().map(|p| src().join(p)));
    let mut problems = Vec::new();
    let mut checked = 0;
    for file in &files {
        checked += 1;
        problems.extend(link_problems(file));
    }
    assert!(checked > 15);
    assert!(
        problems.is_empty(),
        "{} broken link(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_readme_is_a_front_door() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, more than {README_MAX_LINES}: move the detail into the guide"
    );
    // It leads into the guide.
    assert!(readme.contains("docs/guide/src/SUMMARY.md"));
}

#[test]
fn every_example_marker_is_understood() {
    // The markers docs/guide/run-examples.py reads, on the line before a fence.
    let kinds = ["skip (", "status ", "instead: "];
    let mut files = vec![root().join("README.md")];
    files.extend(pages().iter().map(|p| src().join(p)));
    for file in files {
        let text = read(&file);
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(rest) = line.trim().strip_prefix("<!-- example: ") else {
                continue;
            };
            assert!(
                kinds.iter().any(|k| rest.starts_with(k)) && rest.ends_with("-->"),
                "{}:{}: an example marker is `<!-- example: skip (why) -->`, \
                 `<!-- example: status N (why) -->` or `<!-- example: instead: COMMAND -->`",
                file.display(),
                i + 1
            );
            assert!(
                lines
                    .get(i + 1)
                    .is_some_and(|l| l.trim().starts_with("```")),
                "{}:{}: an example marker stands on the line before a code fence",
                file.display(),
                i + 1
            );
        }
    }
}

#[test]
fn the_checks_catch_what_they_should() {
    assert_eq!(
        slug("Server use: dependencies, features"),
        "server-use-dependencies-features"
    );
    assert_eq!(slug("The `certify` command"), "the-certify-command");
    assert_eq!(
        links("see [a](b.md#c) and [d](../e \"t\")"),
        ["b.md#c", "../e"]
    );
    assert_eq!(includes("{{#include ../../x.md:2:}}"), ["../../x.md:2:"]);
    assert_eq!(
        join(Path::new("/a/b/c"), "../../d/./e"),
        PathBuf::from("/a/d/e")
    );
    assert_eq!(prose("a\n```sh\n[x](y)\n```\nb").len(), 2);
    // A broken link and a missing anchor are found.
    let dir = std::env::temp_dir().join(format!("guide-links-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let page = dir.join("p.md");
    fs::write(
        &page,
        "# P\n\n## Here\n\n[ok](#here) [bad](#there) [gone](nope.md) [self](p.md#p)\n",
    )
    .unwrap();
    let problems = link_problems(&page);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(problems.len(), 2, "{problems:?}");
}

/// The sh and python blocks of `text` (what run-examples.py runs), as (line of the fence,
/// code).
fn example_blocks(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim();
        match &mut open {
            Some((_, code)) if !fence.starts_with("```") => {
                code.push_str(line);
                code.push('\n');
            }
            Some(_) => out.extend(open.take()),
            None if fence == "```sh" || fence == "```python" => {
                open = Some((i + 1, String::new()));
            }
            None => {}
        }
    }
    out
}

/// Where the examples of `code` write (`--out X`, `--dir X`, `> X`, `out="X"`, Python's
/// `export_stake(game, "X", ...)`) that is not under `target/guide/` (nor `/dev/null`).
fn writes_outside_scratch(code: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let words: Vec<&str> = code.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        if matches!(*w, "--out" | "--dir" | ">" | ">>")
            && let Some(t) = words.get(i + 1)
        {
            targets.push(t.trim_matches(|c| c == '"' || c == '\'').to_string());
        }
    }
    for (prefix, quote) in [("out=\"", '"'), ("export_stake(\"", '"')] {
        for part in code.split(prefix).skip(1) {
            let rest = if prefix.starts_with("export_stake") {
                // export_stake("game", "folder", ...): the second string.
                part.split_once(", \"").map_or("", |(_, r)| r)
            } else {
                part
            };
            if let Some((t, _)) = rest.split_once(quote) {
                targets.push(t.to_string());
            }
        }
    }
    targets
        .into_iter()
        .filter(|t| !t.starts_with("target/guide/") && t != "/dev/null")
        .collect()
}

/// Every example of the README and the guide writes what it makes under `target/guide/`
/// (ignored by git), never into the repository's root where a reader runs it (run-examples.py
/// also checks `git status` after running them).
#[test]
fn every_example_writes_under_target_guide() {
    let mut files = vec![root().join("README.md")];
    files.extend(pages().iter().map(|p| src().join(p)));
    let mut wrong = Vec::new();
    for file in files {
        for (line, code) in example_blocks(&read(&file)) {
            for t in writes_outside_scratch(&code) {
                wrong.push(format!("{}:{line}: writes {t}", file.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "examples writing outside target/guide/:\n{}",
        wrong.join("\n")
    );
    // The check finds what it should.
    assert_eq!(
        writes_outside_scratch(
            "cargo xtask tune w --out w.json\ncargo xtask sim w --json > r.json\nx --dir target/guide/d > /dev/null\n"
        ),
        ["w.json", "r.json"]
    );
    assert_eq!(
        writes_outside_scratch(
            "slot_math.certify(\"w\", out=\"e\")\nslot_math.export_stake(\"s\", \"stake\", books=2)\n"
        ),
        ["e", "stake"]
    );
    assert_eq!(
        example_blocks("a\n```sh\nx\n```\n```text\ny\n```\n  ```python\n  z\n  ```\n").len(),
        2
    );
}
