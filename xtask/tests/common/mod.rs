//! What the runner's command-line tests share: running the built binary, temporary
//! directories, reading reports typed, and writing reports with changed sums.
#![allow(dead_code)]

use serde::Deserialize;
use slot_core::fingerprint::Fingerprint;
use slot_sim::engine::Checkpoint;
use slot_sim::stats::Accumulator;
use std::path::PathBuf;
use std::process::Command;

/// Runs the runner: (exit status, stdout, stderr).
pub fn xtask(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the runner and expects exit status 0; returns stdout.
pub fn ok(args: &[&str]) -> String {
    let (code, out, err) = xtask(args);
    assert_eq!(code, 0, "xtask {args:?} failed: {err}");
    out
}

/// Runs the runner and expects exit status `code`; returns stdout.
pub fn exits(code: i32, args: &[&str]) -> String {
    let (got, out, err) = xtask(args);
    assert_eq!(got, code, "xtask {args:?}: {err}");
    out
}

/// A fresh directory for one test.
pub fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes `text` to `dir/name` and returns the path as a string.
pub fn put(dir: &std::path::Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

/// The typed parts of a report a test compares (128-bit sums exact).
#[derive(Debug, Deserialize)]
pub struct Typed {
    pub rounds: u64,
    pub threads: usize,
    pub sums: Accumulator,
    pub sums_sha256: String,
    pub convergence: Vec<Checkpoint>,
    pub stop: String,
}

/// Reads a report typed.
pub fn typed(json: &str) -> Typed {
    serde_json::from_str(json).unwrap()
}

/// `report` with other sums: rounds and the checksums follow the sums (so that only the
/// relations between the sums can be wrong), the convergence record is dropped.
pub fn with_sums(report: &str, acc: &Accumulator) -> String {
    let mut v = value(report);
    v["rounds"] = acc.rounds.into();
    v["rounds_planned"] = acc.rounds.into();
    v["sums_sha256"] = Fingerprint::of(acc).to_string().into();
    v["convergence"] = serde_json::json!([]);
    // The checksums of the fields changed follow them too.
    let c = &mut v["checksums"];
    c["rounds"] = Fingerprint::of(&acc.rounds).to_string().into();
    c["rounds_planned"] = Fingerprint::of(&acc.rounds).to_string().into();
    c["sums"] = Fingerprint::of(acc).to_string().into();
    c["convergence"] = Fingerprint::of(&[0u8; 0]).to_string().into();
    v["sums"] = serde_json::Value::Null;
    serde_json::to_string(&v).unwrap().replace(
        "\"sums\":null",
        &format!("\"sums\":{}", serde_json::to_string(acc).unwrap()),
    )
}

/// The six game/mode pairs as `sim` arguments.
pub const MODES: [&[&str]; 6] = [
    &["moon-princess", "--choice", "love"],
    &["moon-princess", "--choice", "star"],
    &["moon-princess", "--choice", "storm"],
    &["wish-upon-a-star"],
    &["starlight-christmas"],
    &["starlight-christmas", "--ante"],
];

/// `sim` arguments: the game/mode pair followed by `rest`.
pub fn args<'a>(mode: &[&'a str], rest: &[&'a str]) -> Vec<&'a str> {
    let mut a = vec!["sim"];
    a.extend_from_slice(mode);
    a.extend_from_slice(rest);
    a
}

/// `v` (a report as a JSON value) without its sums' shape (the wins per bucket, the third and
/// fourth moments: numbers above 2^64 that a JSON value cannot hold exactly), as a report of an
/// earlier version would be; the sums' checksums follow. Tests that edit a report as a JSON
/// value start from this.
pub fn without_shape(v: &mut serde_json::Value) {
    let sums = v["sums"].as_object_mut().unwrap();
    for k in ["bucket_wins", "sum_cubes", "sum_fourth"] {
        sums.remove(k);
    }
    let acc: Accumulator = serde_json::from_value(v["sums"].clone()).unwrap();
    let digest = Fingerprint::of(&acc).to_string();
    v["sums_sha256"] = digest.clone().into();
    v["checksums"]["sums"] = digest.into();
}

/// A report's text as a JSON value without its sums' shape ([`without_shape`]).
pub fn value(text: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    without_shape(&mut v);
    v
}
