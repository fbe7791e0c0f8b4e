//! `certify --dir` owns its folder: another model's work is not replaced (unless `--force`),
//! a refused run leaves nothing behind, an interrupted run exits 130 and resumes; the records
//! it reads back are checked without overflow; and a tuner's shape from too few rounds is not
//! "held". Each case as a user meets it, through the runner.

mod common;
use common::*;
use slot_sim::split::SplitRecord;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn text(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap()
}

/// Another variant's model into a folder holding a certificate: refused, naming whose work
/// the folder holds, and the certificate stays; `--force` clears the folder and certifies.
/// Files of unknown origin are refused too and kept.
#[test]
fn certify_into_a_folder_of_another_model_does_not_replace_its_certificate() {
    let d = dir("certify-owner");
    let w = d.join("w");
    let ws = w.to_string_lossy().to_string();
    ok(&["certify", "wish-upon-a-star", "--dir", &ws]);
    let cert = text(&w.join("certificate-standard.json"));
    let (code, out, err) = xtask(&["certify", "wish-upon-a-star", "--dir", &ws, "--rtp", "90"]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("holds the work of `certify` for wish-upon-a-star")
            && err.contains("add --force to clear it"),
        "{err}"
    );
    assert_eq!(text(&w.join("certificate-standard.json")), cert);
    // The same model again: its own work, taken (and the same certificate).
    ok(&["certify", "wish-upon-a-star", "--dir", &ws]);
    assert_eq!(text(&w.join("certificate-standard.json")), cert);
    // --force: cleared, and the 90.00 % variant certified.
    ok(&[
        "certify",
        "wish-upon-a-star",
        "--dir",
        &ws,
        "--rtp",
        "90",
        "--force",
    ]);
    let c: slot_sim::certify::Certificate =
        serde_json::from_str(&text(&w.join("certificate-standard.json"))).unwrap();
    assert!((c.rtp - 0.900_005_92).abs() < 1e-8, "{}", c.rtp);
    // A folder certify filled before folders carried a stamp: resumed when all of it is this
    // model's, refused (and kept) when its certificate is another model's.
    std::fs::remove_file(w.join(slot_sim::files::STAMP)).unwrap();
    let forced = text(&w.join("certificate-standard.json"));
    let (code, _, err) = xtask(&["certify", "wish-upon-a-star", "--dir", &ws]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("holds files this command did not write"),
        "{err}"
    );
    assert_eq!(text(&w.join("certificate-standard.json")), forced);
    ok(&["certify", "wish-upon-a-star", "--dir", &ws, "--rtp", "90"]);
    assert_eq!(text(&w.join("certificate-standard.json")), forced);
    assert!(w.join(slot_sim::files::STAMP).exists());
    // A folder of files certify did not write: refused, the files kept.
    let mine = d.join("mine");
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(mine.join("notes.txt"), "mine").unwrap();
    let (code, _, err) = xtask(&[
        "certify",
        "wish-upon-a-star",
        "--dir",
        &mine.to_string_lossy(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("holds files this command did not write (notes.txt)"),
        "{err}"
    );
    let left: Vec<_> = std::fs::read_dir(&mine).unwrap().collect();
    assert_eq!(left.len(), 1);
    // --force replaces only certify's own work: such a folder is refused all the same, the
    // files kept.
    let (code, _, err) = xtask(&[
        "certify",
        "wish-upon-a-star",
        "--dir",
        &mine.to_string_lossy(),
        "--force",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "{}: holds files this command did not write (notes.txt): name an empty or new folder; --force replaces only a folder holding nothing but `certify`'s own work",
            mine.display()
        )),
        "{err}"
    );
    assert_eq!(text(&mine.join("notes.txt")), "mine");
    let left: Vec<_> = std::fs::read_dir(&mine).unwrap().collect();
    assert_eq!(left.len(), 1);
    std::fs::remove_dir_all(&d).unwrap();
}

/// A certification refused after its folder was made (two base games trigger no feature)
/// leaves no folder behind.
#[test]
fn a_refused_certify_leaves_no_folder_behind() {
    let d = dir("certify-abandon");
    let new = d.join("new");
    let (code, _, err) = xtask(&[
        "certify",
        "moon-princess",
        "--dir",
        &new.to_string_lossy(),
        "--base-games",
        "2",
        "--features",
        "2",
        "--choice",
        "star",
        "--quiet",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("triggered no feature"), "{err}");
    assert!(!new.exists(), "the refused run left {}", new.display());
    std::fs::remove_dir_all(&d).unwrap();
}

/// A half-width goal outside 0.001 to 100 percentage points is refused (status 2) before any
/// folder is made, naming the range and echoing the value short: `1e308` was echoed as three
/// hundred digits and `1e-300` as three hundred zeros.
#[test]
fn a_half_width_goal_out_of_range_is_refused_short_and_named() {
    let d = dir("certify-goal");
    let out = d.join("c");
    for (given, echoed) in [
        ("1e308", "1e308"),
        ("1e-300", "1e-300"),
        ("0", "0"),
        ("-0.05", "-0.05"),
        ("NaN", "NaN"),
        ("inf", "inf"),
        ("0.0009", "0.0009"),
        ("100.01", "100.01"),
    ] {
        let (code, _, err) = xtask(&[
            "certify",
            "wish-upon-a-star",
            "--dir",
            &out.to_string_lossy(),
            &format!("--half-width={given}"),
        ]);
        assert_eq!(code, 2, "{given}: {err}");
        assert_eq!(
            err.trim_end(),
            format!(
                "error: --half-width is in percentage points, from 0.001 to 100 (e.g. 0.05, the bar); it was {echoed}"
            ),
            "{given}"
        );
        assert!(!out.exists(), "{given}: a folder was made");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// Starts the runner, waits until `ready` says so (at most 120 s), sends SIGTERM (as a
/// scheduler preempting the job does) and returns (exit status, stderr).
fn terminated(args: &[&str], ready: impl Fn() -> bool) -> (i32, String) {
    use std::io::Read;
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !ready() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "xtask {args:?} ended before it was ready to be stopped"
        );
        assert!(start.elapsed() < Duration::from_secs(120), "never ready");
        std::thread::sleep(Duration::from_millis(5));
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code().unwrap_or(-1), err)
}

/// SIGTERM during `certify` (a scheduler's preemption) exits 130, not 2 (refused input),
/// saying the finished chunks are kept and the same command resumes; it does, reading the
/// chunks played before. `split`, which has nothing to resume, exits 130 too.
#[test]
fn sigterm_during_certify_exits_130_and_the_folder_resumes() {
    let d = dir("certify-sigterm");
    let sc = d.join("sc");
    let s = sc.to_string_lossy().to_string();
    let args = [
        "certify",
        "starlight-christmas",
        "--whole-rounds",
        "--dir",
        &s,
        "--chunk-rounds",
        "300000",
        "--max-chunks",
        "4",
        "--half-width",
        "0.001",
        "--seed",
        "5",
        "--threads",
        "1",
    ];
    let first = slot_sim::certify::chunk_path(&sc, "standard", 0);
    let (code, err) = terminated(&args, || first.exists());
    assert_eq!(code, 130, "{err}");
    assert!(
        err.contains("interrupted: ")
            && err.contains("the chunks finished before it are kept in")
            && err.contains("run the same command again to resume"),
        "{err}"
    );
    assert!(!sc.join("certificate-standard.json").exists());
    let kept = text(&first);
    // As a folder made before folders carried a stamp: resumed all the same.
    std::fs::remove_file(sc.join(slot_sim::files::STAMP)).unwrap();
    // The same command resumes: chunk 0 read, the rest played, the certificate written.
    let (code, _, err) = xtask(&args);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("chunk 0 read"), "{err}");
    assert_eq!(text(&first), kept);
    let c: slot_sim::certify::Certificate =
        serde_json::from_str(&text(&sc.join("certificate-standard.json"))).unwrap();
    assert_eq!(
        c.method,
        slot_sim::certify::Method::WholeRounds {
            chunk_rounds: 300_000,
            chunks: 4,
            seed: 5
        }
    );
    // A split certification stopped during its first chunk: 130, its folder kept.
    let mp = d.join("mp");
    let started = Instant::now();
    let (code, err) = terminated(
        &[
            "certify",
            "moon-princess",
            "--dir",
            &mp.to_string_lossy(),
            "--base-games",
            "2000000000",
            "--features",
            "1000",
            "--choice",
            "star",
            "--threads",
            "1",
        ],
        || started.elapsed() > Duration::from_millis(500),
    );
    assert_eq!(code, 130, "{err}");
    assert!(
        err.contains(
            "interrupted: stopped during split chunk 0; the chunks finished before it are kept in"
        ),
        "{err}"
    );
    assert!(mp.join(slot_sim::files::STAMP).exists());
    // `split`: stopped during its base games, 130, nothing written.
    let out = d.join("split.json");
    let started = Instant::now();
    let (code, err) = terminated(
        &[
            "split",
            "moon-princess",
            "--rounds",
            "2000000000",
            "--features",
            "1000",
            "--threads",
            "1",
            "--out",
            &out.to_string_lossy(),
        ],
        || started.elapsed() > Duration::from_millis(500),
    );
    assert_eq!(code, 130, "{err}");
    assert!(err.contains("none was made"), "{err}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&d).unwrap();
}

/// `sha256` of a split record as its writer computes it.
fn sealed(r: &SplitRecord) -> String {
    r.to_json_pretty()
}

/// A resumed split certification reads its chunks with checked sums: a chunk whose pairs'
/// counts add up past 2^64, or two chunks whose base games add up past 2^64, are refused
/// naming the sum (no panic, no wrapped figure).
#[test]
fn split_chunks_whose_sums_pass_their_integers_are_refused_by_name() {
    let d = dir("certify-overflow");
    let mp = d.join("mp");
    let m = mp.to_string_lossy().to_string();
    let base = |games: &str| {
        vec![
            "certify".to_string(),
            "moon-princess".into(),
            "--dir".into(),
            m.clone(),
            "--base-games".into(),
            games.into(),
            "--features".into(),
            "2000".into(),
            "--max-chunks".into(),
            "2".into(),
            "--choice".into(),
            "star".into(),
            "--half-width".into(),
            "0.001".into(),
            "--seed".into(),
            "7".into(),
            "--quiet".into(),
        ]
    };
    let run = |games: &str| {
        let a = base(games);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        xtask(&a)
    };
    assert_eq!(run("30000").0, 1);
    let chunk = |i| slot_sim::certify::split_chunk_path(&mp, None, i);
    let read = |i| serde_json::from_str::<SplitRecord>(&text(&chunk(i))).unwrap();
    let good1 = text(&chunk(1));
    // Chunk 1's triggering games by win: two pairs of 2^63 games each.
    let mut r = read(1);
    let half = 1u64 << 63;
    r.base.rounds = u64::MAX;
    r.base.trigger_wins = vec![[0, half], [1, half]];
    std::fs::write(chunk(1), sealed(&r)).unwrap();
    let (code, _, err) = run("30000");
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("split-00001.json")
            && err.contains("the triggering games by win' count: the sum passes the largest the record can hold (2^64 - 1)"),
        "{err}"
    );
    std::fs::write(chunk(1), &good1).unwrap();
    // Both chunks of 2^63 base games (each possible alone; a quarter of them triggered, so
    // the first chunk alone is far from the goal): their sum is refused.
    for i in 0..2 {
        let mut r = read(i);
        r.base.rounds = half;
        r.base.triggers = half / 4;
        r.base.trigger_win = 0;
        r.base.trigger_wins = vec![[0, half / 4]];
        std::fs::write(chunk(i), sealed(&r)).unwrap();
    }
    let (code, _, err) = run(&half.to_string());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("base games' rounds: the sum passes the largest the record can hold"),
        "{err}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// Wish Upon a Star's tuner with one round: its shape would read "held" on noise. Refused as
/// the other tuners refuse too few rounds, and no file is written.
#[test]
fn a_tuner_s_shape_from_too_few_rounds_is_refused() {
    let d = dir("tune-few");
    let out = d.join("v.json");
    let (code, _, err) = xtask(&[
        "tune",
        "wish-upon-a-star",
        "--target-rtp",
        "94",
        "--rounds",
        "1",
        "--out",
        &out.to_string_lossy(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--rounds 1: too few to measure a variant's shape on")
            && err.contains("at least 1000 rounds (and 30 winning rounds)"),
        "{err}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&d).unwrap();
}

/// A folder of this certification's own work that also holds what `certify` does not write (a
/// user's notes, a symlink, a named pipe as a chunk) is refused naming it, and nothing of it is
/// removed; a whole-rounds certification does not resume in a folder of the split estimate's
/// work (their certificates share a name).
#[test]
fn certify_takes_its_own_folder_only_when_it_holds_nothing_else() {
    let d = dir("certify-own");
    let ws = d.join("ws").to_string_lossy().into_owned();
    ok(&["certify", "wish-upon-a-star", "--dir", &ws]);
    let notes = Path::new(&ws).join("notes.txt");
    std::fs::write(&notes, "mine").unwrap();
    let (code, _, err) = xtask(&["certify", "wish-upon-a-star", "--dir", &ws]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("does not write (notes.txt;"), "{err}");
    assert_eq!(text(&notes), "mine");
    std::fs::remove_file(&notes).unwrap();
    // A named pipe where a chunk would be: refused, never opened (it would block).
    let fifo = Path::new(&ws).join("chunk-standard-00000.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let (code, _, err) = xtask(&["certify", "wish-upon-a-star", "--dir", &ws]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("does not write (chunk-standard-00000.json;"),
        "{err}"
    );
    std::fs::remove_file(&fifo).unwrap();
    ok(&["certify", "wish-upon-a-star", "--dir", &ws]);
    // Split and whole rounds do not share a folder.
    let sc = d.join("sc").to_string_lossy().into_owned();
    let split = [
        "certify",
        "starlight-christmas",
        "--dir",
        &sc,
        "--base-games",
        "20000",
        "--features",
        "500",
        "--max-chunks",
        "1",
    ];
    let (code, _, err) = xtask(&split);
    assert!(code == 0 || code == 1, "{err}");
    let (code, _, err) = xtask(&[
        "certify",
        "starlight-christmas",
        "--dir",
        &sc,
        "--whole-rounds",
        "--chunk-rounds",
        "10000",
        "--max-chunks",
        "1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("(split, any mode") && err.contains("(whole rounds, any mode"),
        "{err}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}
