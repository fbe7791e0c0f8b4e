//! The crates as a registry gets them: every library crate has the metadata crates.io shows,
//! its own copies of the two licence texts (identical to the workspace's), a README of its
//! own, and versions on the dependencies between the workspace's crates; only the crates that
//! are not for users say `publish = false`. CI's `cargo package` step builds each library
//! crate from what would be uploaded (`.ci/run`).

use serde_json::Value;
use std::path::{Path, PathBuf};

/// The crates for users, by package name.
/// (`slot-games`, the registry of this repository's games, is not one: it lists the
/// unpublished template game too.)
const LIBRARIES: [&str; 5] = [
    "slot-core",
    "slot-sim",
    "moon-princess",
    "wish-upon-a-star",
    "starlight-christmas",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn metadata() -> Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "metadata",
            "--no-deps",
            "--format-version",
            "1",
            "--offline",
        ])
        .current_dir(root())
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn packages(meta: &Value) -> Vec<&Value> {
    meta["packages"].as_array().unwrap().iter().collect()
}

#[test]
fn library_crates_carry_registry_metadata_and_their_own_licence_texts() {
    let meta = metadata();
    let root = root();
    let mit = std::fs::read(root.join("LICENSE-MIT")).unwrap();
    let apache = std::fs::read(root.join("LICENSE-APACHE")).unwrap();
    assert!(String::from_utf8_lossy(&apache).contains("Version 2.0, January 2004"));
    for name in LIBRARIES {
        let p = packages(&meta)
            .into_iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{name} is a workspace member"));
        let dir = Path::new(p["manifest_path"].as_str().unwrap())
            .parent()
            .unwrap()
            .to_path_buf();
        assert!(p["publish"].is_null(), "{name} is publishable");
        assert_eq!(p["license"], "MIT OR Apache-2.0", "{name}");
        assert!(
            p["description"].as_str().is_some_and(|d| d.len() > 40),
            "{name}: a description"
        );
        assert_eq!(
            p["documentation"].as_str(),
            Some(format!("https://docs.rs/{name}").as_str())
        );
        // No placeholder address: the project has no public repository URL yet.
        assert!(
            p["repository"].is_null(),
            "{name}: no placeholder repository"
        );
        let keywords = p["keywords"].as_array().unwrap();
        assert!((1..=5).contains(&keywords.len()), "{name}: 1 to 5 keywords");
        for k in keywords {
            let k = k.as_str().unwrap();
            assert!(
                k.len() <= 20
                    && k.starts_with(|c: char| c.is_ascii_alphabetic())
                    && k.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'),
                "{name}: keyword {k}"
            );
        }
        let categories = p["categories"].as_array().unwrap();
        assert!((1..=5).contains(&categories.len()), "{name}: categories");
        for c in categories {
            // crates.io's category slugs this workspace uses.
            assert!(
                ["games", "game-development", "simulation", "mathematics"]
                    .contains(&c.as_str().unwrap()),
                "{name}: category {c}"
            );
        }
        let readme = p["readme"].as_str().expect("a readme");
        assert!(dir.join(readme).is_file(), "{name}: {readme} in the crate");
        assert_eq!(
            std::fs::read(dir.join("LICENSE-MIT")).ok().as_ref(),
            Some(&mit),
            "{name}: LICENSE-MIT is a copy of the workspace's"
        );
        assert_eq!(
            std::fs::read(dir.join("LICENSE-APACHE")).ok().as_ref(),
            Some(&apache),
            "{name}: LICENSE-APACHE is a copy of the workspace's"
        );
    }
}

#[test]
fn only_crates_not_for_users_are_unpublished_and_inner_dependencies_have_versions() {
    let meta = metadata();
    for p in packages(&meta) {
        let name = p["name"].as_str().unwrap();
        let publishable = p["publish"].is_null();
        assert_eq!(publishable, LIBRARIES.contains(&name), "{name}: publish");
        if !publishable {
            continue;
        }
        for d in p["dependencies"].as_array().unwrap() {
            let dep = d["name"].as_str().unwrap();
            // A path dependency without a version is dropped from the package (cargo does
            // so for dev-dependencies): allowed for a crate's dev-dependency on itself (test
            // features) and on a crate that depends on it in turn (the games' tests on
            // slot-sim, whose own tests play the games: a circle no packaging order could
            // satisfy with versions). Any other must name the registry version.
            let depends_back = packages(&meta).iter().any(|q| {
                q["name"] == dep
                    && q["dependencies"]
                        .as_array()
                        .is_some_and(|ds| ds.iter().any(|x| x["name"] == name))
            });
            let dropped = d["kind"] == "dev" && d["req"] == "*" && (dep == name || depends_back);
            if d["path"].is_string() && !dropped {
                assert_eq!(
                    d["req"], "^0.1.0",
                    "{name} -> {dep}: a version beside the path"
                );
            }
        }
    }
}
