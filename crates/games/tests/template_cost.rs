//! What registering a game costs outside its crate, measured on the template game: the
//! files outside the template's folder (`crates/<its crate name>/`) whose path or text names the
//! template (its package name, its crate name or its type) are exactly the files the guide's
//! "Registering the game" section lists (`docs/writing-a-game.md`), and at most six, lock
//! files included (cargo writes them). Left out: the documents that describe the template
//! itself (`README.md`, `ARCHITECTURE.md`, `docs/writing-a-game.md` and the pages of the guide
//! in `docs/guide/`).
//!
//! The template's names are spelt here in parts, so that this file does not name it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The template's folder, from the workspace root.
fn template_dir() -> String {
    format!("crates/{}_{}/", PARTS[0], PARTS[1])
}

/// The words of the template's name.
const PARTS: [&str; 2] = ["ten", "lines"];

/// The documents that describe the template itself, and the tests that run the template
/// through every runner command and the Python package (issue 38's bar for the template, not
/// a cost of registering a game). The guide's pages (`docs/guide/`, [`GUIDE`]) describe it too.
const DESCRIBING: [&str; 5] = [
    "README.md",
    "ARCHITECTURE.md",
    "docs/writing-a-game.md",
    "xtask/tests/cli_template.rs",
    "python/tests/test_template.py",
];

/// The guide (an mdBook): its pages describe the template (the games, writing a game, the
/// command reference generated from the runner's `--help`, which lists every game).
const GUIDE: &str = "docs/guide/";

/// The most files outside its folder that a registered game may take.
const MOST: usize = 6;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The template's names: package (`a-b`), crate (`a_b`) and type (`AB`).
fn names() -> [String; 3] {
    let camel: String = PARTS
        .iter()
        .map(|p| p[..1].to_uppercase() + &p[1..])
        .collect();
    [PARTS.join("-"), PARTS.join("_"), camel]
}

/// The files git tracks, from the workspace root.
fn tracked() -> Vec<String> {
    let out = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root())
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .split('\0')
        .filter(|p| !p.is_empty())
        .map(str::to_string)
        .collect()
}

/// The files outside the template's folder that name it, the describing documents left out.
fn naming_files() -> BTreeSet<String> {
    let names = names();
    let dir = template_dir();
    tracked()
        .into_iter()
        .filter(|p| {
            !p.starts_with(&dir) && !p.starts_with(GUIDE) && !DESCRIBING.contains(&p.as_str())
        })
        .filter(|p| {
            // A file git tracks but the work tree lacks (deleted, not yet committed) names nothing.
            let text = std::fs::read(root().join(p)).unwrap_or_default();
            let text = String::from_utf8_lossy(&text);
            names
                .iter()
                .any(|n| p.contains(n.as_str()) || text.contains(n.as_str()))
        })
        .collect()
}

/// The files the guide's "Registering the game" section lists: its numbered items, each
/// starting with the file in backticks (`1. \`Cargo.toml\`: ...`).
fn guide_files() -> BTreeSet<String> {
    let guide = std::fs::read_to_string(root().join("docs/writing-a-game.md")).unwrap();
    let section = guide
        .split("\n## ")
        .find(|s| s.starts_with("Registering the game"))
        .expect("the guide has a section \"Registering the game\"");
    section
        .lines()
        .filter_map(|l| {
            let (number, rest) = l.split_once(". `")?;
            number.parse::<u32>().ok()?;
            rest.split_once('`').map(|(file, _)| file.to_string())
        })
        .collect()
}

#[test]
fn registering_the_template_touches_exactly_the_files_the_guide_lists() {
    let listed = guide_files();
    assert!(!listed.is_empty(), "the guide lists no files");
    for f in &listed {
        assert!(
            root().join(f).is_file(),
            "the guide lists {f}, which is no file"
        );
    }
    let naming = naming_files();
    assert_eq!(
        naming,
        listed,
        "the files outside {} that name the template differ from the guide's list",
        template_dir()
    );
    assert!(
        naming.len() <= MOST,
        "registering a game takes {} files outside its folder (at most {MOST}): {naming:?}",
        naming.len()
    );
}

#[test]
fn the_search_finds_a_name_in_a_path_or_a_text() {
    // The search must see each spelling: a file outside the folder that names the template
    // is found (the registry's list names its type and crate), one that does not is not.
    let naming = naming_files();
    assert!(naming.contains("crates/games/src/lib.rs"), "{naming:?}");
    assert!(!naming.contains("crates/games/tests/template_cost.rs"));
    // The registry's line names the crate and the type; its manifest the package.
    let [package, krate, ty] = names();
    assert_eq!(ty, "Ten".to_string() + "Lines");
    let entry = std::fs::read_to_string(root().join("crates/games/src/lib.rs")).unwrap();
    assert!(entry.contains(&ty) && entry.contains(&krate));
    let manifest = std::fs::read_to_string(root().join("crates/games/Cargo.toml")).unwrap();
    assert!(manifest.contains(&package));
}
