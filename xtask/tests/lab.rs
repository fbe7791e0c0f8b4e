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
    // A differing round is a bar not met (status 1), said on stdout: not input refused.
    let (code, out, err) = xtask(&["equivalence", "check", &copy]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("outcomes differ")
            && out.contains(
                "moon-princess model stress-free-spins mode star, seed 20261129: round 37 differs"
            )
            && out.contains(
                "play moon-princess --seed 20261129 --round 37 --choice star --model stress-free-spins"
            ),
        "{out}"
    );
    // A record naming a file instead of a shipped model is refused before anything is read.
    record["entries"][0]["model"] = "/dev/zero".into();
    let named = put(&d, "named.json", &record.to_string());
    let (code, out, err) = xtask(&["equivalence", "check", &named]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("names the model '/dev/zero', which is no shipped model"),
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
        err.contains("'--rounds <ROUNDS>': must be at least 1"),
        "{err}"
    );
    assert!(!out.exists());
    let (code, _, err) = xtask(&[
        "equivalence",
        "record",
        "--out",
        &out.to_string_lossy(),
        "--rounds",
        "1_000_001",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--rounds 1000001: an entry holds 1 to 1000000 rounds"),
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
    use slot_core::Game;
    // The figure each line must state is the one the game's evidence states for that
    // variant and mode (read here, not copied), and the variant's differs from the
    // published one, so a monitor that fell back to the published figure fails.
    let stated = |e: &slot_core::evidence::Evidence, model: &str, mode: &str| {
        let m = e
            .variant(model)
            .and_then(|v| v.mode(mode))
            .unwrap_or_else(|| panic!("no evidence for {model} {mode}"));
        format!("certified RTP {:.4} %", m.rtp * 100.0)
    };
    let mp = moon_princess::MoonPrincess::evidence();
    let variant = stated(mp, "rtp-84.50", "love");
    let published_rtp = stated(mp, "standard", "love");
    assert_ne!(variant, published_rtp);
    let wish_rtp = stated(
        wish_upon_a_star::WishUponAStar::evidence(),
        "rtp-90.00",
        "standard",
    );
    let args = |rtp: &'static str| -> Vec<&'static str> {
        vec![
            "monitor",
            "moon-princess",
            "--choice",
            "love",
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
        out.contains(&variant)
            && out.contains("rtp-84.50/split.json")
            && out.contains("verdict: within"),
        "{out}"
    );
    let published = exits(1, &args("94.51"));
    assert!(
        published.contains(&published_rtp) && published.contains("verdict: outside"),
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
        wish.contains(&wish_rtp) && wish.contains("exact RTP of the 90.00 % variant"),
        "{wish}"
    );
}

#[test]
fn the_monitor_gives_bands_verdicts_and_refuses_bad_figures() {
    // Starlight Christmas standard: certified by its split certification, its sd from its
    // 1e9-round whole-round run; the runner prints the figures the library reads from the
    // game's evidence.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let certified = slot_sim::evidence::certified(
        &root,
        &starlight_christmas::StarlightChristmas::standard(),
        starlight_christmas::BetMode::Standard,
    )
    .unwrap();
    let stated = format!(
        "certified RTP {:.4} %, sd {:.3} x stake",
        certified.rtp * 100.0,
        certified.sd
    );
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
        out.contains("verdict: within") && out.contains(&stated),
        "{out}"
    );
    let out = exits(
        1,
        &[
            "monitor",
            "starlight-christmas",
            "--ante",
            "--rounds",
            "100000000",
            "--staked",
            "125000000",
            "--won",
            "117000000",
        ],
    );
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
    assert!(err.contains("the amount staked must be above 0"), "{err}");
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
            "--no-vendor",
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
        "markets.md",
        "markets.json",
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
    // Wish Upon a Star is certified exactly: its certificate is in the kit (with the
    // published model's fingerprint, the kit's model), listed in the manifest, named by the
    // disclosure and the rebuild's text.
    let cert = a.join("certification/certificate-standard.json");
    let c = slot_sim::certify::Certificate::read(&std::fs::read_to_string(&cert).unwrap()).unwrap();
    assert_eq!(c.method, slot_sim::certify::Method::Exact);
    let model: wish_upon_a_star::MathModel =
        serde_json::from_str(&std::fs::read_to_string(a.join("model.json")).unwrap()).unwrap();
    assert_eq!(c.model_fingerprint, Fingerprint::of(&model));
    assert_eq!(
        c.variant.as_ref().map(|v| v.model.as_str()),
        Some("standard")
    );
    assert!(
        manifest.contains("  certification/certificate-standard.json\n"),
        "{manifest}"
    );
    let disclosure = std::fs::read_to_string(a.join("disclosure.md")).unwrap();
    assert!(
        disclosure.contains("certificate in this kit: `certification/certificate-standard.json`"),
        "{disclosure}"
    );
    let how_a = std::fs::read_to_string(a.join("HOW-TO-REBUILD.md")).unwrap();
    assert!(
        how_a.contains("- `certification/certificate-standard.json`\n")
            && how_a.contains("- `certification/docs-par-report.json`\n"),
        "{how_a}"
    );
    // Same seed, same outcomes and simulator stream; the production stream is the OS's.
    let same = |f: &str| std::fs::read(a.join(f)).unwrap() == std::fs::read(b.join(f)).unwrap();
    assert!(same("outcomes.csv") && same("rng-raw-simulator.bin") && same("rules.md"));
    assert!(!same("rng-raw-production.bin"));
    // Every file that differs between the two runs (the manifest included) is one the
    // rebuild's text says may differ: named in backticks in its sentence, or under a folder
    // (`bin/`) or a prefix (`par/report.*`) it names.
    let how = std::fs::read_to_string(a.join("HOW-TO-REBUILD.md")).unwrap();
    let sentence = how
        .split("Every file of the kit")
        .nth(1)
        .and_then(|t| t.split("byte for byte").next())
        .unwrap_or_else(|| panic!("{how}"));
    let named: Vec<&str> = sentence.split('`').skip(1).step_by(2).collect();
    let said = |f: &str| {
        f == "HOW-TO-REBUILD.md"
            || named.iter().any(|n| {
                *n == f
                    || (n.ends_with('/') && f.starts_with(n))
                    || n.strip_suffix('*').is_some_and(|p| f.starts_with(p))
            })
    };
    let mut differing: Vec<String> = manifest
        .lines()
        .map(|l| l.split_once("  ").unwrap().1.to_string())
        .chain(["MANIFEST.sha256".to_string()])
        .filter(|f| !same(f))
        .collect();
    differing.sort();
    assert!(
        differing.contains(&"MANIFEST.sha256".to_string()),
        "{differing:?}"
    );
    for f in &differing {
        assert!(
            said(f),
            "{f} differs between two runs, but the rebuild's text does not say it may: {sentence}"
        );
    }
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

/// `lab-kit` arguments for a short kit of `game` into `out` (no vendored dependencies, so
/// that a test's kit is small), then `rest`.
fn kit_args(game: &str, out: &std::path::Path, rest: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = [
        "lab-kit",
        game,
        "--out",
        out.to_str().unwrap(),
        "--rounds",
        "50",
        "--bytes",
        "4096",
        "--par-rounds",
        "2000",
        "--seed",
        "5",
        "--no-vendor",
    ]
    .map(String::from)
    .to_vec();
    // An option of `rest` already given replaces its value (clap takes each once).
    let mut i = 0;
    while i < rest.len() {
        let takes_value = rest.get(i + 1).is_some_and(|n| !n.starts_with("--"));
        match v.iter().position(|x| x == rest[i]) {
            Some(at) if takes_value => v[at + 1] = rest[i + 1].to_string(),
            _ if takes_value => v.extend([rest[i].to_string(), rest[i + 1].to_string()]),
            _ => v.push(rest[i].to_string()),
        }
        i += if takes_value { 2 } else { 1 };
    }
    v
}

fn run(args: &[String]) -> (i32, String, String) {
    xtask(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn kit(game: &str, out: &std::path::Path, rest: &[&str]) -> String {
    let (code, out_text, err) = run(&kit_args(game, out, rest));
    assert_eq!(code, 0, "lab-kit {game} {rest:?}: {err}");
    out_text
}

/// The manifest's paths, each checked against its file's SHA-256.
fn manifest_paths(kit: &std::path::Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(kit.join("MANIFEST.sha256")).unwrap();
    manifest
        .lines()
        .map(|line| {
            let (hash, path) = line.split_once("  ").unwrap();
            let bytes = std::fs::read(kit.join(path)).unwrap();
            assert_eq!(Fingerprint::of_bytes(&bytes).to_string(), hash, "{path}");
            path.to_string()
        })
        .collect()
}

/// Every file under `dir`, relative, sorted.
fn files_in(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
                out.push(rel);
            }
        }
    }
    out.sort();
    out
}

/// `lab-kit --force` replaces a kit, never a folder of other files: a folder holding files
/// this tool did not write (a home folder given by mistake) is refused with --force, naming
/// the folder and what --force replaces, and every file in it stays.
#[test]
fn force_never_empties_a_folder_that_is_not_a_kit() {
    // A home folder given by mistake: a dot file and a `bin` (a name a kit writes too).
    let d = dir("labkit-force-home");
    let home = d.join("home");
    std::fs::create_dir_all(home.join("bin")).unwrap();
    std::fs::write(home.join("bin/tool"), "mine").unwrap();
    std::fs::write(home.join(".bashrc"), "mine").unwrap();
    let (code, out, err) = run(&kit_args("wish-upon-a-star", &home, &["--force"]));
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(&format!(
            "{}: holds files this command did not write (.bashrc, bin): name an empty or new folder; --force replaces only a folder holding nothing but `lab-kit`'s own work",
            home.display()
        )),
        "{err}"
    );
    assert_eq!(files_in(&home), vec![".bashrc", "bin/tool"]);
    // Nothing was built beside it either.
    let beside: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(beside, vec![std::ffi::OsString::from("home")]);
    std::fs::remove_dir_all(&d).unwrap();
}

/// A folder holding another game's kit is refused (its files untouched) unless --force, which
/// clears it; a folder holding this same kit is emptied of the old kit's files first; the
/// manifest lists exactly the files the run wrote, so a stale file can never be attested.
#[test]
fn a_kit_folder_holds_only_this_runs_files_and_another_games_kit_is_refused() {
    let d = dir("labkit-claim");
    let k = d.join("kit");
    kit("moon-princess", &k, &[]);
    let before = std::fs::read(k.join("MANIFEST.sha256")).unwrap();
    let (code, _, err) = run(&kit_args("wish-upon-a-star", &k, &[]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("holds the work of `lab-kit` for moon-princess (love")
            && err.contains("not of this run (`lab-kit` for wish-upon-a-star (standard")
            && err.contains("add --force to clear it"),
        "{err}"
    );
    assert_eq!(std::fs::read(k.join("MANIFEST.sha256")).unwrap(), before);
    assert!(
        k.join("certification/split_3e9_8e7_seed20261303.json")
            .is_file()
    );
    // --force: the other game's kit is cleared; only Wish Upon a Star's files are listed.
    kit("wish-upon-a-star", &k, &["--force"]);
    let listed = manifest_paths(&k);
    assert!(
        !k.join("certification/split_3e9_8e7_seed20261303.json")
            .exists()
    );
    assert!(
        !listed
            .iter()
            .any(|p| p.starts_with("certification/split_3e9")),
        "{listed:?}"
    );
    // The same kit again, with a stale certification record inside the kit's own folder: it
    // is gone (the kit is written anew and moved in whole), and the manifest lists every file
    // of the folder but itself and the stamp. (A file beside the kit's own is refused:
    // `a_kit_folder_keeps_what_it_did_not_write_and_a_failed_run_keeps_the_finished_kit`.)
    std::fs::write(k.join("certification/stale.json"), "{}").unwrap();
    kit("wish-upon-a-star", &k, &[]);
    let mut listed = manifest_paths(&k);
    listed.sort();
    let on_disk: Vec<String> = files_in(&k)
        .into_iter()
        .filter(|f| f != "MANIFEST.sha256" && f != ".slot-math-owner.json")
        .collect();
    assert_eq!(listed, on_disk);
    assert!(
        !on_disk
            .iter()
            .any(|f| f.contains("stale") || f.contains("notes"))
    );
    assert!(
        !on_disk.iter().any(|f| f.contains(".partial")),
        "{on_disk:?}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// Argument errors are refused before any work (no PAR run, no folder left behind): --out
/// naming a file, --bytes not a whole number of 32-bit words or above 1 GiB, Dieharder asked
/// for but not installed.
#[test]
fn lab_kit_arguments_are_refused_before_any_work() {
    let d = dir("labkit-args");
    let file = put(&d, "a-file", "x");
    let (code, _, err) = run(&kit_args(
        "wish-upon-a-star",
        std::path::Path::new(&file),
        &[],
    ));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is a file, not a folder"), "{err}");
    assert!(
        !err.contains("PAR run"),
        "work started before the refusal: {err}"
    );
    let fresh = d.join("fresh");
    for (bytes, says) in [
        (
            "4097",
            "must be a multiple of 4, from 4 to 1073741824 (1 GiB)",
        ),
        (
            "2147483648",
            "must be a multiple of 4, from 4 to 1073741824 (1 GiB)",
        ),
    ] {
        let (code, _, err) = run(&kit_args("wish-upon-a-star", &fresh, &["--bytes", bytes]));
        assert_eq!(code, 2, "--bytes {bytes}: {err}");
        assert!(
            err.contains(&format!(
                "--bytes {bytes}: each stream is a whole number of 32-bit words"
            )) && err.contains(says),
            "{err}"
        );
        assert!(!err.contains("PAR run") && !fresh.exists(), "{err}");
    }
    // More outcome rounds than outcomes.csv lists (it is built in memory: 2^64 - 1 rounds
    // ran out of memory instead of being refused); 1,000,000 is the bound.
    for rounds in ["18446744073709551615", "1000001"] {
        let (code, _, err) = run(&kit_args("wish-upon-a-star", &fresh, &["--rounds", rounds]));
        assert_eq!(code, 2, "--rounds {rounds}: {err}");
        assert!(
            err.contains(&format!(
                "error: --rounds {rounds}: outcomes.csv lists at most 1000000 rounds"
            )) && err.contains("play --seed S --round K"),
            "{err}"
        );
        assert!(!err.contains("PAR run") && !fresh.exists(), "{err}");
    }
    // Without Dieharder on PATH (an empty folder as PATH).
    let empty = d.join("empty-path");
    std::fs::create_dir_all(&empty).unwrap();
    let args = kit_args("wish-upon-a-star", &fresh, &["--dieharder-tests", "0,1"]);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(&args)
        .env("PATH", &empty)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--dieharder-tests runs Dieharder, which is not on PATH")
            && err.contains("apt-get install dieharder"),
        "{err}"
    );
    assert!(!err.contains("PAR run") && !fresh.exists(), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// The kit tells a lab to run Dieharder's battery on the generator's words fed live
/// (`rng-stream ... | dieharder -g 200 -a`), never on its files, and says how often the battery
/// would rewind them; `rng-stream simulator` writes the same words as the kit's file.
#[test]
fn the_kit_runs_the_battery_on_a_live_stream_not_on_its_short_files() {
    let d = dir("labkit-stream");
    let k = d.join("kit");
    kit("wish-upon-a-star", &k, &[]);
    let how = std::fs::read_to_string(k.join("HOW-TO-REBUILD.md")).unwrap();
    // Built with --no-vendor: the rebuild fetches from crates.io, so it does not build offline.
    assert!(
        how.contains("cargo build --release --locked -p xtask") && !how.contains("--offline"),
        "{how}"
    );
    assert!(
        how.contains("bin/xtask rng-stream simulator --seed 5 | dieharder -g 200 -a"),
        "{how}"
    );
    assert!(!how.contains("-a -g 201 -f") && !how.contains("-g 201 -f rng-raw-production.bin -a"));
    // The 32x32 rank test reads 100 x 40,000 matrices of 32 x 32 bits = 512,000,000 bytes:
    // a file of 4096 bytes read 125,000 times, rewound 124,999 times.
    let rewinds = 124_999;
    assert!(
        how.contains("The 32x32 rank test alone reads 512000000 bytes")
            && how.contains(&format!("rewound at least {rewinds} times in it")),
        "{how}"
    );
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(["rng-stream", "simulator", "--seed", "5"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = vec![0u8; 4096];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut head).unwrap();
    drop(child.stdout.take());
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert_eq!(
        head,
        std::fs::read(k.join("rng-raw-simulator.bin")).unwrap()
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// A lab rebuilds from the kit alone: `source/` has no `.git` and its instructions need none,
/// its vendored dependencies and the cargo config naming them are there, the toolchain is named
/// with where to get it; a kit built from that source names the same commit; a source that is
/// neither a repository nor a kit's source is refused as unidentified.
#[test]
fn a_kit_is_rebuilt_from_its_own_source_offline() {
    let d = dir("labkit-rebuild");
    let a = d.join("a");
    let mut args = kit_args("wish-upon-a-star", &a, &[]);
    args.retain(|x| x != "--no-vendor");
    let (code, _, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let src = a.join("source");
    assert!(!src.join(".git").exists());
    let how = std::fs::read_to_string(a.join("HOW-TO-REBUILD.md")).unwrap();
    // No step runs git (`git checkout` failed in a kit: `source/` is no repository).
    assert!(
        !how.contains("git checkout") && !how.lines().any(|l| l.trim_start().starts_with("git ")),
        "{how}"
    );
    assert!(
        how.contains("cargo build --release --offline --frozen -p xtask"),
        "{how}"
    );
    let toolchain = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rust-toolchain.toml"
    ))
    .unwrap();
    let channel = toolchain
        .lines()
        .find_map(|l| l.strip_prefix("channel = "))
        .unwrap()
        .trim_matches('"');
    assert!(
        how.contains(&format!("rustup toolchain install {channel}"))
            && how.contains(&format!(
                "https://static.rust-lang.org/dist/rust-{channel}-"
            )),
        "{how}"
    );
    let config = std::fs::read_to_string(src.join(".cargo/config.toml")).unwrap();
    assert!(
        config.contains("replace-with = \"vendored-sources\"")
            && config.contains("directory = \"vendor\""),
        "{config}"
    );
    // Every crate of the lock file from crates.io is in vendor/.
    let lock = std::fs::read_to_string(src.join("Cargo.lock")).unwrap();
    let serde = lock
        .split("[[package]]")
        .find(|p| p.contains("name = \"serde\"\n"))
        .unwrap();
    assert!(serde.contains("registry+"));
    assert!(
        src.join("vendor/serde/Cargo.toml").is_file()
            || src.join("vendor").read_dir().unwrap().any(|e| e
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with("serde-"))
    );
    let listed = manifest_paths(&a);
    assert!(listed.iter().any(|p| p.starts_with("source/vendor/serde")));
    let commit = std::fs::read_to_string(src.join("COMMIT")).unwrap();
    let first = commit.lines().next().unwrap().to_string();
    assert_eq!(first.len(), 40);
    assert!(
        how.contains(&format!("Built from commit `{first}`")),
        "{how}"
    );
    // A kit built from the kit's source, as its rebuilt binary would.
    let b = d.join("b");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(kit_args("wish-upon-a-star", &b, &[]))
        .env("SLOT_MATH_KIT_SOURCE", &src)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let how_b = std::fs::read_to_string(b.join("HOW-TO-REBUILD.md")).unwrap();
    assert!(
        how_b.contains(&format!("Built from commit `{first}`")),
        "{how_b}"
    );
    assert_eq!(
        std::fs::read_to_string(b.join("source/COMMIT")).unwrap(),
        commit
    );
    assert!(
        b.join("source/Cargo.lock").is_file() && b.join("source/crates/core/src/game.rs").is_file()
    );
    // Built with --no-vendor: its config does not point at a vendor folder it lacks.
    let config_b = std::fs::read_to_string(b.join("source/.cargo/config.toml")).unwrap();
    assert!(!config_b.contains("vendored-sources") && !b.join("source/vendor").exists());
    assert_eq!(
        std::fs::read(a.join("outcomes.csv")).unwrap(),
        std::fs::read(b.join("outcomes.csv")).unwrap()
    );
    // Neither a repository nor a kit's source: refused, nothing written.
    let bare = d.join("bare");
    std::fs::create_dir_all(&bare).unwrap();
    std::fs::write(bare.join("Cargo.toml"), "").unwrap();
    let c = d.join("c");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(kit_args("wish-upon-a-star", &c, &[]))
        .env("SLOT_MATH_KIT_SOURCE", &bare)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("is unidentified") && !c.exists(), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// Every figure the disclosure states rests on a record in the kit: Moon Princess's certified
/// cap odds (1 in 1 / p of its multilevel-splitting record, read from the file), the same as
/// `par/report.md`, with the record in `certification/` and the manifest; not a short run's
/// "not seen ... undetermined".
#[test]
fn the_disclosure_states_the_certified_cap_odds_from_a_record_in_the_kit() {
    use slot_core::Game;
    let published = moon_princess::MoonPrincess::evidence()
        .variant("standard")
        .unwrap();
    let cap = published.mode("love").unwrap().odds[0];
    let cap_record = published.kit_name(cap.record).unwrap();
    assert_eq!(cap_record, "tail/cap-love.json");
    let d = dir("labkit-cap");
    let k = d.join("kit");
    kit("moon-princess", &k, &[]);
    let disclosure = std::fs::read_to_string(k.join("disclosure.md")).unwrap();
    let par = std::fs::read_to_string(k.join("par/report.md")).unwrap();
    let love = format!("{:.4e}", 1.0 / cap.probability);
    let record = slot_sim::rare::RareRecord::read_file(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../crates/moon_princess")
            .join(cap.record),
    )
    .unwrap();
    let p = record.estimates().last().unwrap().probability;
    assert_eq!(love, format!("{:.4e}", 1.0 / p));
    assert!(par.contains(&format!("1 in {love} rounds")), "{par}");
    let row = disclosure
        .lines()
        .find(|l| l.starts_with("| love | cap 5000x |"))
        .unwrap_or_else(|| panic!("{disclosure}"));
    assert!(
        row.contains(&format!("| {love} |"))
            && row.contains("| rarer | rarer | rarer |")
            && row.contains(&format!("certification/{cap_record}")),
        "{row}"
    );
    assert!(
        !disclosure
            .lines()
            .any(|l| l.starts_with("| cap 5000x |") && l.contains("undetermined")),
        "{disclosure}"
    );
    let listed = manifest_paths(&k);
    assert!(
        listed.contains(&format!("certification/{cap_record}")),
        "{listed:?}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// A variant of the ladder (by --rtp, or its tuner's variant file as --model) gets its own
/// certified figures and records; a model with no certified evidence says so plainly.
#[test]
fn a_variant_kit_states_its_own_certified_figures() {
    use slot_core::Game;
    let d = dir("labkit-variant");
    let e = moon_princess::MoonPrincess::evidence()
        .variant("rtp-84.50")
        .and_then(|v| v.mode("love"))
        .unwrap();
    let rtp = format!("| love | {:.4} % | certified:", e.rtp * 100.0);
    // The variant's own figure, not the published model's: a kit that showed the
    // published figure would not contain `rtp`.
    let published = moon_princess::MoonPrincess::evidence()
        .variant("standard")
        .and_then(|v| v.mode("love"))
        .unwrap();
    assert_ne!(
        format!("{:.4}", e.rtp * 100.0),
        format!("{:.4}", published.rtp * 100.0)
    );
    let by_rtp = d.join("by-rtp");
    kit("moon-princess", &by_rtp, &["--rtp", "84.50"]);
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../crates/moon_princess/variants/rtp-84.50.json"
    );
    let by_file = d.join("by-file");
    kit("moon-princess", &by_file, &["--model", file]);
    for k in [&by_rtp, &by_file] {
        let disclosure = std::fs::read_to_string(k.join("disclosure.md")).unwrap();
        assert!(
            disclosure.contains(&rtp) && disclosure.contains("`certification/split.json`"),
            "{disclosure}"
        );
        let listed = manifest_paths(k);
        assert!(
            listed.contains(&"certification/split.json".to_string())
                && listed.contains(&"certification/certificate-love.json".to_string())
                && listed.contains(&"certification/tail/cap-love.json".to_string()),
            "{listed:?}"
        );
        // The committed certificate's command names `--model rtp-84.50.json`: the kit holds
        // that file in `certification/` (the variant's file, the certificate's model), so the
        // command runs there, as the rebuild's text says.
        let c = slot_sim::certify::Certificate::read(
            &std::fs::read_to_string(k.join("certification/certificate-love.json")).unwrap(),
        )
        .unwrap();
        assert!(
            c.command.ends_with(" --model rtp-84.50.json"),
            "{}",
            c.command
        );
        assert!(
            listed.contains(&"certification/rtp-84.50.json".to_string()),
            "{listed:?}"
        );
        let file = slot_core::variant::read_variant_file::<moon_princess::MathModel>(
            "moon-princess",
            &std::fs::read_to_string(k.join("certification/rtp-84.50.json")).unwrap(),
        )
        .unwrap();
        assert_eq!(Fingerprint::of(&file.model), c.model_fingerprint);
        let how = std::fs::read_to_string(k.join("HOW-TO-REBUILD.md")).unwrap();
        assert!(
            how.contains("- `certification/rtp-84.50.json`\n")
                && how.contains("Run it again in `certification/`"),
            "{how}"
        );
    }
    assert_eq!(
        std::fs::read(by_rtp.join("model.json")).unwrap(),
        std::fs::read(by_file.join("model.json")).unwrap()
    );
    let stress = d.join("stress");
    kit("moon-princess", &stress, &["--model", "stress-free-spins"]);
    let disclosure = std::fs::read_to_string(stress.join("disclosure.md")).unwrap();
    assert!(
        disclosure.contains(
            "| love | - | no certified figure: run `cargo xtask certify moon-princess` on this model"
        ),
        "{disclosure}"
    );
    assert!(!stress.join("certification").exists());
    std::fs::remove_dir_all(&d).unwrap();
}

/// A folder holding this same kit and something else (a user's notes) is refused, and the
/// notes stay; a run that fails (here: a Dieharder that fails) leaves the finished kit it was
/// pointed at whole, its manifest still checking, with nothing of the failed run beside it.
#[test]
fn a_kit_folder_keeps_what_it_did_not_write_and_a_failed_run_keeps_the_finished_kit() {
    let d = dir("labkit-keep");
    let k = d.join("k");
    kit("wish-upon-a-star", &k, &[]);
    let listed = manifest_paths(&k);
    std::fs::write(k.join("notes.txt"), "mine").unwrap();
    let (code, _, err) = run(&kit_args("wish-upon-a-star", &k, &[]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("does not write (notes.txt;") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(k.join("notes.txt")).unwrap(),
        "mine"
    );
    // --force replaces a kit, not a user's notes beside it: refused all the same, kept.
    let (code, _, err) = run(&kit_args("moon-princess", &k, &["--force"]));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("does not write (notes.txt;")
            && err.contains(
                "--force replaces only a folder holding nothing but `lab-kit`'s own work"
            ),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(k.join("notes.txt")).unwrap(),
        "mine"
    );
    assert_eq!(manifest_paths(&k), listed);
    std::fs::remove_file(k.join("notes.txt")).unwrap();
    // A Dieharder that fails, first on PATH.
    let bin = d.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let fake = bin.join("dieharder");
    std::fs::write(&fake, "#!/bin/sh\necho broken >&2\nexit 3\n").unwrap();
    std::fs::set_permissions(&fake, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(kit_args(
            "wish-upon-a-star",
            &k,
            &["--dieharder-tests", "0"],
        ))
        .env("PATH", path)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The finished kit is whole: the same files, each checking against the manifest.
    assert_eq!(manifest_paths(&k), listed);
    let beside: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(beside.iter().all(|n| n == "k" || n == "bin"), "{beside:?}");
    std::fs::remove_dir_all(&d).unwrap();
}
