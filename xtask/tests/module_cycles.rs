//! No module imports another that imports it back, directly or through others, in any crate
//! of the workspace (ARCHITECTURE.md, "Crates, bottom up").
//!
//! Each crate's modules are read from its `src/` files (`a.rs` and `a/mod.rs` are module `a`,
//! `a/b.rs` is `a::b`); a module depends on another when its code (comments and its
//! `#[cfg(test)]` tests left out) names it by a path: `crate::b`, `super::b` in a nested
//! module, `crate::a::b`, or an item the crate root re-exports from it (`crate::NAME` where
//! `lib.rs` has `pub use b::{.., NAME, ..}`). A cycle in that graph fails the test, naming
//! its modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The crates whose modules are checked: their `src` folders.
fn crate_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    dirs.push(root.join("xtask/src"));
    dirs.push(root.join("benches/src"));
    dirs.sort();
    dirs
}

/// Every `.rs` file under `dir` with its module path (`stats::summary`; the crate root and
/// `main.rs` are ``).
fn modules(dir: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p.strip_prefix(dir).unwrap().with_extension("");
                let mut parts: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if parts.last().is_some_and(|l| l == "mod") {
                    parts.pop();
                }
                if parts.len() == 1 && (parts[0] == "lib" || parts[0] == "main") {
                    parts.clear();
                }
                out.push((parts.join("::"), p));
            }
        }
    }
    out.sort();
    out
}

/// The code of a file without comments and without its `#[cfg(test)]` module.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => &text[..],
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The path segments that follow each occurrence of `prefix` (`crate::a::b::C` -> [a, b, C]).
fn paths_after<'a>(code: &'a str, prefix: &str) -> Vec<Vec<&'a str>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().last();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let segs: Vec<&str> = rest[..end].split("::").filter(|s| !s.is_empty()).collect();
        // `crate::{a, b::C}`: each item of the braces.
        if segs.is_empty() && rest.starts_with('{') {
            let close = rest.find('}').unwrap_or(rest.len());
            for item in rest[1..close].split(',') {
                let item = item.trim();
                let segs: Vec<&str> = item.split("::").map(str::trim).collect();
                if !item.is_empty() {
                    out.push(segs);
                }
            }
            continue;
        }
        out.push(segs);
    }
    out
}

/// Which module the crate root's re-export `NAME` comes from (`pub use a::{NAME}`).
fn root_reexports(root_code: &str, mods: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for stmt in root_code.split(';') {
        let Some(i) = stmt.find("pub use ") else {
            continue;
        };
        let s = stmt[i + 8..].trim();
        let Some((module, items)) = s.split_once("::") else {
            continue;
        };
        if !mods.contains(module) {
            continue;
        }
        let items = items.trim().trim_start_matches('{').trim_end_matches('}');
        for item in items.split(',') {
            let item = item.trim();
            let name = item.rsplit(" as ").next().unwrap_or(item);
            let name = name.rsplit("::").next().unwrap_or(name).trim();
            if !name.is_empty() {
                out.insert(name.to_string(), module.to_string());
            }
        }
    }
    out
}

/// The module graph of one crate: module -> the modules it names.
fn graph(dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files = modules(dir);
    let mods: BTreeSet<String> = files.iter().map(|(m, _)| m.clone()).collect();
    let root_code = files
        .iter()
        .filter(|(m, _)| m.is_empty())
        .map(|(_, p)| code(p))
        .collect::<String>();
    let reexports = root_reexports(&root_code, &mods);
    // The longest module path that `segs` starts with.
    let resolve = |segs: &[&str]| -> Option<String> {
        (1..=segs.len()).rev().find_map(|n| {
            let m = segs[..n].join("::");
            mods.contains(&m).then_some(m)
        })
    };
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (m, path) in &files {
        if m.is_empty() {
            continue;
        }
        let c = code(path);
        let mut deps = BTreeSet::new();
        for segs in paths_after(&c, "crate::") {
            match resolve(&segs) {
                Some(d) => {
                    deps.insert(d);
                }
                None => {
                    if let Some(d) = segs.first().and_then(|n| reexports.get(*n)) {
                        deps.insert(d.clone());
                    }
                }
            }
        }
        // `super::x` in module `a::b` is `a::x`.
        if let Some((parent, _)) = m.rsplit_once("::") {
            for segs in paths_after(&c, "super::") {
                let mut full: Vec<&str> = parent.split("::").collect();
                full.extend(segs);
                if let Some(d) = resolve(&full) {
                    deps.insert(d);
                }
            }
        }
        deps.remove(m);
        // A module's own parent (its `mod.rs`) is where it is declared, not a dependency
        // unless named; its children are its own parts.
        deps.retain(|d| !d.starts_with(&format!("{m}::")));
        g.insert(m.clone(), deps);
    }
    g
}

/// A cycle of `g`, if it has one.
fn cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // 0 unvisited, 1 on the stack, 2 done.
    fn visit(
        n: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(n.to_string(), 1);
        stack.push(n.to_string());
        for d in g.get(n).into_iter().flatten() {
            match state.get(d.as_str()).copied().unwrap_or(0) {
                1 => {
                    let i = stack.iter().position(|x| x == d).unwrap();
                    let mut c = stack[i..].to_vec();
                    c.push(d.clone());
                    return Some(c);
                }
                0 => {
                    if let Some(c) = visit(d, g, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in g.keys() {
        if state.get(n.as_str()).copied().unwrap_or(0) == 0
            && let Some(c) = visit(n, g, &mut state, &mut Vec::new())
        {
            return Some(c);
        }
    }
    None
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let mut checked = 0;
    for dir in crate_sources() {
        let g = graph(&dir);
        checked += g.len();
        if let Some(c) = cycle(&g) {
            panic!("{}: module cycle {}", dir.display(), c.join(" -> "));
        }
    }
    assert!(checked > 60, "only {checked} modules found");
}

#[test]
fn the_check_finds_a_cycle_and_resolves_re_exports() {
    let dir = std::env::temp_dir().join(format!("module-cycles-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("c")).unwrap();
    let put = |p: &str, t: &str| std::fs::write(src.join(p), t).unwrap();
    put(
        "lib.rs",
        "mod a; mod b; mod c;\npub use b::{Thing, Other as O};\n",
    );
    put(
        "a.rs",
        "use crate::Thing; // crate::c in a comment is no import\n",
    );
    put(
        "b.rs",
        "fn f() { crate::c::g(); }\n#[cfg(test)]\nmod tests { use crate::a; }\n",
    );
    put("c/mod.rs", "mod d;\n");
    put("c/d.rs", "use crate::b::Thing;\n");
    let g = graph(&src);
    assert_eq!(g["a"], BTreeSet::from(["b".to_string()]));
    assert_eq!(g["b"], BTreeSet::from(["c".to_string()]));
    assert_eq!(g["c::d"], BTreeSet::from(["b".to_string()]));
    assert_eq!(cycle(&g), None);
    // With c naming a, a -> b -> c -> a is a cycle.
    put("c/mod.rs", "mod d; use crate::a;\n");
    let c = cycle(&graph(&src)).expect("a cycle");
    assert_eq!(c.first(), c.last());
    assert!(
        c.contains(&"a".to_string()) && c.contains(&"c".to_string()),
        "{c:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
