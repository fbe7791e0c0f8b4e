//! The runner's exit statuses and argument messages, as a careless user or a scheduler meets
//! them: numbers written with `_`, negative numbers and zero counts refused naming the option,
//! progress of a long split estimate, and status 130 for a command stopped by SIGTERM.

mod common;

use common::{dir, xtask};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs the runner and expects status 2 with a message that contains every one of `needles`
/// and does not contain clap's "unexpected argument".
fn refused(args: &[&str], needles: &[&str]) {
    let (code, out, err) = xtask(args);
    assert_eq!(code, 2, "xtask {args:?}: status {code}, stderr {err}");
    assert!(out.is_empty(), "xtask {args:?} printed {out}");
    for n in needles {
        assert!(err.contains(n), "xtask {args:?}: {n:?} not in {err}");
    }
    assert!(
        !err.contains("unexpected argument"),
        "xtask {args:?}: a negative number was taken for an option: {err}"
    );
}

#[test]
fn negative_numbers_are_refused_naming_the_option_and_the_range() {
    refused(
        &["sim", "moon-princess", "--rounds", "-1"],
        &["--rounds", "negative", "from 1 to"],
    );
    refused(
        &["sim", "moon-princess", "--seed", "-5"],
        &["--seed", "negative", "from 0 to"],
    );
    refused(
        &["play", "wish-upon-a-star", "--round", "-3"],
        &["--round", "negative"],
    );
    refused(
        &["sim", "moon-princess", "--threads", "-2"],
        &["--threads", "negative", "threads from 1 to"],
    );
    refused(
        &["split", "moon-princess", "--features", "-10"],
        &["--features", "negative"],
    );
    refused(
        &["sim", "moon-princess", "--shard", "-1/4"],
        &["--shard", "I/N"],
    );
    refused(
        &["viewer", "--port", "-80"],
        &["--port", "negative", "65535"],
    );
    refused(
        &[
            "lab-kit",
            "wish-upon-a-star",
            "--out",
            "unused",
            "--par-rounds",
            "-1",
        ],
        &["--par-rounds", "negative"],
    );
    refused(
        &["rng-stream", "simulator", "--seed", "-1"],
        &["--seed", "negative"],
    );
    refused(
        &[
            "monitor",
            "wish-upon-a-star",
            "--rounds",
            "-100",
            "--staked",
            "100",
            "--won",
            "90",
        ],
        &["--rounds", "negative"],
    );
}

#[test]
fn zero_counts_name_the_option_not_rounds() {
    // `--players 0` used to answer "0 rounds give no figures".
    let args = [
        "session",
        "moon-princess",
        "--choice",
        "love",
        "--balance",
        "100",
        "--bet",
        "1",
        "--spins",
        "10",
        "--players",
        "0",
    ];
    refused(&args, &["--players", "at least 1"]);
    let (_, _, err) = xtask(&args);
    assert!(!err.contains("rounds"), "{err}");
    refused(
        &[
            "certify",
            "moon-princess",
            "--dir",
            "unused",
            "--max-chunks",
            "0",
        ],
        &["--max-chunks", "at least 1"],
    );
    refused(
        &[
            "lab-kit",
            "wish-upon-a-star",
            "--out",
            "unused",
            "--rounds",
            "0",
        ],
        &["--rounds", "at least 1"],
    );
    assert!(!std::path::Path::new("unused").exists());
}

#[test]
fn counts_are_written_with_or_without_separators_and_never_as_decimals() {
    let (code, out, err) = xtask(&[
        "sim",
        "wish-upon-a-star",
        "--rounds",
        "20_000",
        "--seed",
        "1_2",
        "--gof-rounds",
        "1_000",
        "--json",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rounds"], 20_000);
    assert_eq!(v["seed"], 12);
    refused(
        &["sim", "wish-upon-a-star", "--rounds", "1e6"],
        &["--rounds", "not a whole number", "1_000_000"],
    );
    refused(
        &["sim", "wish-upon-a-star", "--rounds", "2.5"],
        &["--rounds", "not a whole number"],
    );
    refused(
        &["sim", "wish-upon-a-star", "--seed", "18446744073709551616"],
        &["--seed", "too large"],
    );
}

#[test]
fn a_split_estimate_shows_its_progress_in_a_log() {
    // stderr is a pipe here (a batch job's log): one line per --progress-seconds, counting
    // base games then features, without a running RTP (a sum of base games and features is
    // none).
    let (code, _, err) = xtask(&[
        "split",
        "moon-princess",
        "--rounds",
        "20_000_000",
        "--features",
        "200_000",
        "--progress-seconds",
        "0.2",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("progress:")).collect();
    assert!(!lines.is_empty(), "no progress line in {err}");
    for l in &lines {
        assert!(l.contains(" / 20.6 M games ("), "{l}");
        assert!(!l.contains("RTP"), "{l}");
    }
    refused(
        &["split", "moon-princess", "--progress-seconds", "0"],
        &["--progress-seconds", "from 0.1"],
    );
    let (code, _, err) = xtask(&[
        "split",
        "moon-princess",
        "--rounds",
        "2_000_000",
        "--features",
        "20_000",
        "--progress-seconds",
        "0.1",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("progress:"), "{err}");
}

/// Starts the runner with `args`, sends it SIGTERM after `after`, and returns its status and
/// stderr.
fn terminated(args: &[&str], after: Duration) -> (Option<i32>, String) {
    let child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let start = Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "the runner took {:?} to stop after SIGTERM",
        start.elapsed()
    );
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn sigterm_gives_status_130_for_every_command() {
    // A command that does not report a partial run (player sessions) stops at once.
    let (code, err) = terminated(
        &[
            "session",
            "wish-upon-a-star",
            "--balance",
            "100",
            "--bet",
            "1",
            "--spins",
            "1_000_000",
            "--players",
            "1_000_000",
        ],
        Duration::from_millis(700),
    );
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    // A simulation reports the batches it finished, then 130.
    let d = dir("sigterm-split");
    let out = d.join("split.json");
    let (code, err) = terminated(
        &[
            "split",
            "moon-princess",
            "--rounds",
            "100_000_000_000",
            "--out",
            out.to_str().unwrap(),
        ],
        Duration::from_millis(1500),
    );
    assert_eq!(code, Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn a_model_file_s_error_names_the_field_not_only_a_line_and_column() {
    // A bare model (the model of a shipped variant file) with one weight written as text.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../crates/wish_upon_a_star/variants/rtp-90.00.json"
    ))
    .unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut model = v["model"].take();
    model["star_values"]["weights"][3] = "150".into();
    let d = dir("field-named");
    let path = common::put(&d, "model.json", &model.to_string());
    let (code, _, err) = xtask(&[
        "sim",
        "wish-upon-a-star",
        "--rounds",
        "10000",
        "--model",
        &path,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("field `star_values.weights[3]`: invalid type: string \"150\""),
        "{err}"
    );
    // A path naming an endless file is refused before it is opened.
    let (code, _, err) = xtask(&[
        "sim",
        "wish-upon-a-star",
        "--rounds",
        "10000",
        "--model",
        "/dev/zero",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn amounts_and_test_numbers_take_separators_and_refuse_what_they_cannot_be() {
    let (code, out, err) = xtask(&[
        "session",
        "wish-upon-a-star",
        "--balance",
        "1_000.00",
        "--bet",
        "1",
        "--spins",
        "10",
        "--players",
        "10",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["balance"], 100_000, "{out}");
    refused(
        &[
            "session",
            "wish-upon-a-star",
            "--balance",
            "1__000",
            "--bet",
            "1",
            "--spins",
            "10",
        ],
        &["--balance", "not an amount"],
    );
    refused(
        &[
            "lab-kit",
            "wish-upon-a-star",
            "--out",
            "unused",
            "--dieharder-tests",
            "0,-1",
        ],
        &["--dieharder-tests", "negative", "from 0 to 209"],
    );
    refused(
        &[
            "lab-kit",
            "wish-upon-a-star",
            "--out",
            "unused",
            "--dieharder-tests",
            "999",
        ],
        &["--dieharder-tests", "out of range"],
    );
    refused(
        &["equivalence", "record", "--out", "unused", "--rounds", "-1"],
        &["--rounds", "negative"],
    );
    assert!(!std::path::Path::new("unused").exists());
}

#[test]
fn an_equivalence_record_with_a_wrong_mode_game_or_digits_is_refused_not_judged() {
    let d = dir("equivalence-refused");
    let record = d.join("record.json");
    let (code, _, err) = xtask(&[
        "equivalence",
        "record",
        "--out",
        record.to_str().unwrap(),
        "--rounds",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let entry = good["entries"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e["game"] == "moon-princess")
        .unwrap();
    let edited = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = good.clone();
        f(&mut v["entries"][entry]);
        let p = d.join("edited.json");
        std::fs::write(&p, v.to_string()).unwrap();
        let (code, out, err) = xtask(&["equivalence", "check", p.to_str().unwrap()]);
        assert_eq!(code, 2, "{out}{err}");
        err
    };
    let err = edited(&|e| e["mode"] = "ante".into());
    assert!(
        err.contains("names the mode 'ante', which the game does not have (love, star, storm)"),
        "{err}"
    );
    let err = edited(&|e| {
        let up = e["round_digests"].as_str().unwrap().to_uppercase();
        e["round_digests"] = up.into();
    });
    assert!(err.contains("lowercase hexadecimal"), "{err}");
    let err = edited(&|e| e["game"] = "foo".into());
    assert!(
        err.contains("names the game 'foo'") && err.contains("wish-upon-a-star"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn monitor_takes_a_report_of_the_shipped_model_only() {
    let d = dir("monitor-report-model");
    let run = |model: &str, name: &str| {
        let (code, out, err) = xtask(&[
            "sim",
            "starlight-christmas",
            "--rounds",
            "20_000",
            "--model",
            model,
            "--json",
            "--quiet",
        ]);
        assert_eq!(code, 0, "{err}");
        common::put(&d, name, &out)
    };
    let monitor = |report: &str| {
        xtask(&[
            "monitor",
            "starlight-christmas",
            "--rounds",
            "10000",
            "--staked",
            "10000",
            "--won",
            "9500",
            "--report",
            report,
        ])
    };
    let stress = run("stress", "stress.json");
    let (code, _, err) = monitor(&stress);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not of the shipped model"), "{err}");
    let standard = run("standard", "standard.json");
    let (code, out, err) = monitor(&standard);
    assert!(code == 0 || code == 1, "{err}");
    assert!(out.contains("verdict"), "{out}");
    let _ = std::fs::remove_dir_all(d);
}

#[test]
fn a_report_sum_written_as_a_decimal_is_named_as_not_whole() {
    let d = dir("report-decimal");
    let (code, out, err) = xtask(&[
        "sim",
        "wish-upon-a-star",
        "--rounds",
        "20_000",
        "--json",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let total = v["sums"]["total_win"].as_u64().unwrap();
    let key = format!("\"total_win\":{total}");
    assert!(out.contains(&key), "{out}");
    let edited = out.replacen(&key, &format!("{key}.0"), 1);
    let p = common::put(&d, "edited.json", &edited);
    let (code, _, err) = xtask(&["merge", &p]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "sums.total_win must be a whole number from 0 up (it was {total}.0)"
        )),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(d);
}

/// `--version` names the runner and its version, as every command-line tool does.
#[test]
fn version_is_printed() {
    let (code, out, err) = xtask(&["--version"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), format!("xtask {}", env!("CARGO_PKG_VERSION")));
}
