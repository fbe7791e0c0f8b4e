//! What a lab and an operator are given: the committed equivalence record replays the same
//! (and a changed round is named), the monitor's verdicts, and a small lab kit whose manifest
//! holds and whose outcomes a second run reproduces byte for byte.

mod common;
use common::*;
use slot_core::fingerprint::Fingerprint;

/// The committed record: 100 rounds of every game, shipped model and mode
/// (`cargo xtask equivalence record --out xtask/tests/equivalence.json`). A change of any
/// round's win or event log fails here, naming the round: re-record only for a change of the
/// outcomes that is meant (and say so in the commit).
const RECORD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/equivalence.json");

#[test]
fn the_committed_equivalence_record_replays_the_same() {
    let out = ok(&["equivalence", "check", RECORD]);
    assert!(out.contains("all 34 entries replayed the same"), "{out}");
}

#[test]
fn a_changed_round_is_named_by_the_check() {
    let text = std::fs::read_to_string(RECORD).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(&text).unwrap();
    // Round 37 of the entry of Moon Princess, stress-free-spins, star: one digit changed.
    let e = record["entries"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|e| {
            (&e["game"], &e["model"], &e["mode"])
                == (
                    &"moon-princess".into(),
                    &"stress-free-spins".into(),
                    &"star".into(),
                )
        })
        .expect("the entry");
    let digests = e["round_digests"].as_str().unwrap().to_string();
    let at = 37 * 8;
    let flipped = if &digests[at..=at] == "0" { "1" } else { "0" };
    e["round_digests"] = format!("{}{flipped}{}", &digests[..at], &digests[at + 1..]).into();
    let d = dir("equivalence");
    let copy = put(&d, "record.json", &record.to_string());
    let (code, out, err) = xtask(&["equivalence", "check", &copy]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains(
            "moon-princess model stress-free-spins mode star, seed 20261129: round 37 differs"
        ) && err.contains(
            "play moon-princess --seed 20261129 --round 37 --choice star --model stress-free-spins"
        ),
        "{err}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// Runs the runner, but gives up (killing it) after `secs` seconds: a check that replays
/// without end fails here instead of hanging the suite. (exit status, stderr).
fn xtask_within(args: &[&str], secs: u64) -> (i32, String) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            return (status.code().unwrap_or(-1), err);
        }
        if start.elapsed().as_secs() >= secs {
            let _ = child.kill();
            let _ = child.wait();
            panic!("xtask {args:?} still working after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// A record that shows nothing does not pass, an entry cut short is named (no panic), and a
/// round count edited past what the record holds is refused before any replay: the counts a
/// record file states are bounded by its own digests and by `MAX_ROUNDS`.
#[test]
fn an_equivalence_record_of_no_evidence_or_unbounded_work_is_refused() {
    let text = std::fs::read_to_string(RECORD).unwrap();
    let record: serde_json::Value = serde_json::from_str(&text).unwrap();
    let first = record["entries"][0].clone();
    let d = dir("equivalence-bounds");
    let with_entries = |entries: Vec<serde_json::Value>| {
        serde_json::json!({"format": 1, "entries": entries}).to_string()
    };
    let check = |name: &str, text: String| {
        let f = put(&d, name, &text);
        xtask_within(&["equivalence", "check", &f], 60)
    };
    // No entries: nothing checked, so no pass.
    let (code, err) = check("none.json", with_entries(vec![]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("none.json: the record has no entries"),
        "{err}"
    );
    // An entry of 0 rounds.
    let mut zero = first.clone();
    zero["rounds"] = 0.into();
    zero["round_digests"] = "".into();
    let (code, err) = check("zero.json", with_entries(vec![zero]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "entry 0 (moon-princess model standard mode love, seed 20261129): rounds is 0"
        ),
        "{err}"
    );
    // Round digests cut short (the last one 4 digits): named, with the field.
    let mut cut = first.clone();
    let digests = cut["round_digests"].as_str().unwrap().to_string();
    cut["round_digests"] = digests[..digests.len() - 4].into();
    let (code, err) = check("cut.json", with_entries(vec![first.clone(), cut]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("entry 1 (moon-princess model standard mode love")
            && err.contains(
                "round_digests holds 796 characters (99 whole round digests), but rounds is 100"
            ),
        "{err}"
    );
    // 10^12 rounds claimed by an entry holding 100: refused at once.
    let mut endless = first.clone();
    endless["rounds"] = 1_000_000_000_000u64.into();
    let (code, err) = check("endless.json", with_entries(vec![endless]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("rounds is 1000000000000: at most 1000000 rounds per entry"),
        "{err}"
    );
    // An entry digest cut short.
    let mut short = first.clone();
    short["digest"] = "abc".into();
    let (code, err) = check("short.json", with_entries(vec![short]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("digest holds 3 characters"), "{err}");
    // `record` writes only what `check` reads: 0 rounds are refused, nothing written.
    let out = d.join("r.json");
    let (code, _, err) = xtask(&[
        "equivalence",
        "record",
        "--out",
        &out.to_string_lossy(),
        "--rounds",
        "0",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--rounds 0: an entry holds 1 to 1000000 rounds"),
        "{err}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&d).unwrap();
}

/// A stake level of a variant of the ladder is monitored against that variant's certified
/// figures: Moon Princess's 84.50 % from its certification record (an honest 84.50 % is
/// within, where the published 94.51 % would call it far outside), Wish Upon a Star's from
/// its exact RTP; an RTP off the ladder is refused, naming the ladder.
#[test]
fn the_monitor_takes_a_variant_by_its_rtp() {
    let args = |rtp: &'static str| -> Vec<&'static str> {
        vec![
            "monitor",
            "moon-princess",
            "--rtp",
            rtp,
            "--rounds",
            "1000000",
            "--staked",
            "1000000",
            "--won",
            "845000",
        ]
    };
    let out = ok(&args("84.5"));
    assert!(
        out.contains("certified RTP 84.4965 %")
            && out.contains("rtp-84.50/split.json")
            && out.contains("verdict: within"),
        "{out}"
    );
    let published = ok(&args("94.51"));
    assert!(
        published.contains("certified RTP 94.5202 %") && published.contains("verdict: outside"),
        "{published}"
    );
    let (code, _, err) = xtask(&args("95"));
    assert_eq!(code, 2);
    assert!(
        err.contains("moon-princess has no RTP variant 95.00 %; its ladder is"),
        "{err}"
    );
    let wish = ok(&[
        "monitor",
        "wish-upon-a-star",
        "--rtp",
        "90",
        "--rounds",
        "1000",
        "--staked",
        "1000",
        "--won",
        "900",
    ]);
    assert!(
        wish.contains("certified RTP 90.0006 %")
            && wish.contains("exact RTP of the 90.00 % variant"),
        "{wish}"
    );
}

#[test]
fn the_monitor_gives_bands_verdicts_and_refuses_bad_figures() {
    // Starlight Christmas standard: certified 95.4922 % (its split certification), sd 14.814
    // (its 1e9-round whole-round run).
    let out = ok(&[
        "monitor",
        "starlight-christmas",
        "--rounds",
        "1000000",
        "--staked",
        "1000000",
        "--won",
        "954557",
    ]);
    assert!(
        out.contains("verdict: within") && out.contains("sd 14.814"),
        "{out}"
    );
    let out = ok(&[
        "monitor",
        "starlight-christmas",
        "--ante",
        "--rounds",
        "100000000",
        "--staked",
        "125000000",
        "--won",
        "117000000",
    ]);
    assert!(out.contains("verdict: outside"), "{out}");
    let (code, _, err) = xtask(&[
        "monitor",
        "moon-princess",
        "--ante",
        "--rounds",
        "10",
        "--staked",
        "1",
        "--won",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("its modes are love, star, storm"), "{err}");
    let (code, _, err) = xtask(&[
        "monitor",
        "wish-upon-a-star",
        "--rounds",
        "10",
        "--staked",
        "0",
        "--won",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("staked must be a positive number"), "{err}");
}

#[test]
fn a_lab_kit_holds_its_manifest_and_its_outcomes_are_reproduced() {
    let d = dir("labkit");
    let args = |out: &str| {
        vec![
            "lab-kit",
            "wish-upon-a-star",
            "--out",
            out,
            "--rounds",
            "300",
            "--bytes",
            "4096",
            "--par-rounds",
            "20000",
            "--seed",
            "5",
        ]
        .into_iter()
        .map(String::from)
        .collect::<Vec<String>>()
    };
    let (a, b) = (d.join("a"), d.join("b"));
    for k in [&a, &b] {
        let v = args(k.to_str().unwrap());
        ok(&v.iter().map(String::as_str).collect::<Vec<_>>());
    }
    for f in [
        "rng-raw-production.bin",
        "rng-raw-simulator.bin",
        "outcomes.csv",
        "outcomes-chi-square.csv",
        "model.json",
        "rules.md",
        "disclosure.md",
        "HOW-TO-REBUILD.md",
        "toolchain.txt",
        "par/report.md",
        "source/Cargo.lock",
        "source/crates/core/src/game.rs",
    ] {
        assert!(a.join(f).is_file(), "{f} missing");
    }
    assert_eq!(
        std::fs::metadata(a.join("rng-raw-production.bin"))
            .unwrap()
            .len(),
        4096
    );
    // Every line of the manifest is the SHA-256 of its file.
    let manifest = std::fs::read_to_string(a.join("MANIFEST.sha256")).unwrap();
    for line in manifest.lines() {
        let (hash, path) = line.split_once("  ").unwrap();
        let bytes = std::fs::read(a.join(path)).unwrap();
        assert_eq!(Fingerprint::of_bytes(&bytes).to_string(), hash, "{path}");
    }
    assert!(manifest.contains("  bin/xtask\n") && manifest.contains("  source/Cargo.lock\n"));
    // Same seed, same outcomes and simulator stream; the production stream is the OS's.
    let same = |f: &str| std::fs::read(a.join(f)).unwrap() == std::fs::read(b.join(f)).unwrap();
    assert!(same("outcomes.csv") && same("rng-raw-simulator.bin") && same("rules.md"));
    assert!(!same("rng-raw-production.bin"));
    // The outcome rows: 5 stops first, each a uniform outcome of its strip.
    let csv = std::fs::read_to_string(a.join("outcomes.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("round,draw,input,input_name,outcome,weight,total_weight")
    );
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("0,0,0,base strip reel 1 stops,")
    );
    std::fs::remove_dir_all(&d).unwrap();
}
