//! How a run behaves: precision-driven stops, argument checks before any output, flagged
//! intervals of few rounds, progress on stderr, Ctrl-C.

mod common;
use common::*;

#[test]
fn a_precision_run_stops_at_the_same_batch_for_1_and_2_threads() {
    let run = |threads: &str| {
        ok(&[
            "sim",
            "wish-upon-a-star",
            "--until-halfwidth",
            "1.5",
            "--seed",
            "3",
            "--threads",
            threads,
            "--json",
        ])
    };
    let (one, two) = (run("1"), run("2"));
    let (a, b) = (typed(&one), typed(&two));
    assert_eq!(a.stop, "precision");
    assert!(
        a.rounds.is_multiple_of(100_000),
        "checked every 100,000 rounds"
    );
    assert_eq!((a.rounds, &a.sums), (b.rounds, &b.sums));
    let v: serde_json::Value = serde_json::from_str(&one).unwrap();
    let hw = v["rtp_ci99"][1].as_f64().unwrap() - v["rtp"].as_f64().unwrap();
    assert!(hw <= 0.015, "{hw}");
    assert_eq!(v["precision"]["half_width_pp"], 1.5);
    // The check before the stop had not reached the goal: the stop is the first that did.
    let before = (a.rounds - 100_000).to_string();
    let earlier: serde_json::Value = serde_json::from_str(&ok(&[
        "sim",
        "wish-upon-a-star",
        "--rounds",
        &before,
        "--seed",
        "3",
        "--json",
    ]))
    .unwrap();
    let hw_before = earlier["rtp_ci99"][1].as_f64().unwrap() - earlier["rtp"].as_f64().unwrap();
    assert!(hw_before > 0.015, "{hw_before}");
    // The same rounds as a fixed run give the same sums: the stop is a plain prefix.
    let rounds = a.rounds.to_string();
    let fixed = typed(&ok(&[
        "sim",
        "wish-upon-a-star",
        "--rounds",
        &rounds,
        "--seed",
        "3",
        "--json",
    ]));
    assert_eq!(fixed.sums, a.sums);
}

#[test]
fn a_precision_run_that_does_not_get_there_stops_at_its_bound() {
    let out = ok(&[
        "sim",
        "starlight-christmas",
        "--until-halfwidth",
        "0.05",
        "--max-rounds",
        "150000",
        "--json",
    ]);
    let r = typed(&out);
    assert_eq!((r.stop.as_str(), r.rounds), ("max_rounds", 150_000));
    let text = ok(&[
        "sim",
        "starlight-christmas",
        "--until-halfwidth",
        "0.05",
        "--max-rounds",
        "150000",
    ]);
    assert!(text.contains("bound reached: 150000 rounds"), "{text}");
}

/// `--until-halfwidth` is echoed short: 1e308 was refused naming three hundred digits, and
/// 1e-300 ran under a heading of three hundred zeros.
#[test]
fn a_precision_goal_is_echoed_short() {
    let (code, out, err) = xtask(&["sim", "wish-upon-a-star", "--until-halfwidth=1e308"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert_eq!(
        err.trim_end(),
        "error: --until-halfwidth: the 99 % interval's half-width is in percentage points, above 0 and at most 100 (e.g. 0.05); it was 1e308"
    );
    let text = ok(&[
        "sim",
        "wish-upon-a-star",
        "--until-halfwidth=1e-300",
        "--max-rounds",
        "20000",
    ]);
    let heading = text
        .lines()
        .find(|l| l.contains("until the 99 % half-width is at most "))
        .unwrap_or_else(|| panic!("{text}"));
    // 1e-300 / 100 * 100 is 1e-300 again in binary floating point.
    assert!(
        heading.contains("at most 1e-300 pp (checked every"),
        "{heading}"
    );
    assert!(text.contains("bound reached: 20000 rounds"), "{text}");
}

#[test]
fn bad_arguments_exit_2_before_anything_is_printed() {
    let cases: &[&[&str]] = &[
        &["sim", "moon-princess", "--rounds", "0"],
        &["sim", "wish-upon-a-star", "--rounds", "0", "--json"],
        &["sim", "moon-princess", "--until-halfwidth", "0"],
        &[
            "sim",
            "moon-princess",
            "--until-halfwidth",
            "0.05",
            "--rounds",
            "1000",
        ],
        &[
            "sim",
            "moon-princess",
            "--until-halfwidth",
            "0.05",
            "--shard",
            "0/2",
        ],
        &["sim", "moon-princess", "--max-rounds", "1000"],
        &["sim", "moon-princess", "--shard", "2/2"],
        &["sim", "moon-princess", "--shard", "0/0"],
        &[
            "sim",
            "moon-princess",
            "--shard",
            "1/3",
            "--rounds",
            "20000",
        ],
        &["sim", "moon-princess", "--threads", "0"],
        &["sim", "moon-princess", "--progress-seconds", "0"],
        &["sim", "moon-princess", "--detail"],
        &["sim", "moon-princess", "--no-detail", "--json"],
        &["sim", "moon-princess", "--detail", "--no-detail", "--json"],
        &["tune", "moon-princess", "--rounds", "0"],
        &["tune", "wish-upon-a-star", "--rounds", "0"],
        &["tune", "starlight-christmas", "--rounds", "0"],
    ];
    for args in cases {
        let (code, out, err) = xtask(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(out.is_empty(), "{args:?} printed before its error: {out}");
        assert!(!err.is_empty(), "{args:?}: no message");
    }
    let (_, _, err) = xtask(&["sim", "moon-princess", "--rounds", "0"]);
    assert!(err.contains("at least 1"), "{err}");
    let (_, _, err) = xtask(&[
        "sim",
        "moon-princess",
        "--shard",
        "1/3",
        "--rounds",
        "20000",
    ]);
    assert!(
        err.contains("2 batches") && err.contains("at most 2 shards"),
        "{err}"
    );
    let (_, _, err) = xtask(&["sim", "moon-princess", "--detail"]);
    assert!(err.contains("give --json or --out DIR"), "{err}");
}

#[test]
fn intervals_of_few_rounds_are_flagged_never_exact_or_negative() {
    let one: serde_json::Value =
        serde_json::from_str(&ok(&["sim", "moon-princess", "--rounds", "1", "--json"])).unwrap();
    assert_eq!(one["interval_reliable"], false);
    assert!(
        one["rtp_ci99"][1].is_null(),
        "no finite interval from 1 round: {}",
        one["rtp_ci99"]
    );
    let text = ok(&["sim", "moon-princess", "--rounds", "1"]);
    assert!(
        text.contains("unbounded") && text.contains("NOT RELIABLE"),
        "{text}"
    );
    for seed in ["1", "2", "3", "4", "5"] {
        let ten: serde_json::Value = serde_json::from_str(&ok(&[
            "sim",
            "moon-princess",
            "--rounds",
            "10",
            "--seed",
            seed,
            "--json",
        ]))
        .unwrap();
        assert_eq!(ten["interval_reliable"], false);
        for ci in ["rtp_ci95", "rtp_ci99"] {
            let (lo, hi) = (ten[ci][0].as_f64().unwrap(), ten[ci][1].as_f64().unwrap());
            assert!(lo >= 0.0 && lo <= hi, "{ci} [{lo}, {hi}]");
        }
    }
    let many: serde_json::Value = serde_json::from_str(&ok(&[
        "sim",
        "moon-princess",
        "--rounds",
        "20000",
        "--json",
    ]))
    .unwrap();
    assert_eq!(many["interval_reliable"], true);
}

#[test]
fn progress_goes_to_stderr_off_a_terminal_and_quiet_silences_it() {
    let run = |extra: &str| {
        let mut a = vec![
            "sim",
            "starlight-christmas",
            "--rounds",
            "1500000",
            "--threads",
            "1",
            "--json",
            "--progress-seconds",
            "0.2",
        ];
        if !extra.is_empty() {
            a.push(extra);
        }
        xtask(&a)
    };
    let (code, out, err) = run("");
    assert_eq!(code, 0);
    typed(&out); // stdout is the report alone
    let line = err
        .lines()
        .find(|l| l.starts_with("progress: "))
        .unwrap_or_else(|| panic!("no progress line: {err}"));
    assert!(
        line.contains("rounds/s") && line.contains("RTP") && line.contains("left"),
        "{line}"
    );
    // A rate like "1.23 M rounds/s": three significant digits.
    let rate = line.split(", ").find(|p| p.ends_with("rounds/s")).unwrap();
    let number: &str = rate.split(' ').next().unwrap();
    assert!(number.len() <= 4, "{rate}");
    let (code, _, err) = run("--quiet");
    assert_eq!(code, 0);
    assert!(err.is_empty(), "--quiet: {err}");
}

/// Starts `xtask args` with progress lines every 0.1 s, sends `signal` once the first one
/// shows (the run is under way), and returns (exit status, stdout, stderr).
#[cfg(unix)]
fn interrupted(args: &[&str], signal: &str) -> (Option<i32>, String, String) {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .args(args)
        .args(["--progress-seconds", "0.1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        stdout.read_to_string(&mut s).unwrap();
        s
    });
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut log = String::new();
    loop {
        let mut line = String::new();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "ended before any progress: {log}"
        );
        log += &line;
        if line.starts_with("progress: ") {
            break;
        }
    }
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args([signal, &pid])
            .status()
            .unwrap()
            .success()
    );
    err.read_to_string(&mut log).unwrap();
    let status = child.wait().unwrap();
    (status.code(), reader.join().unwrap(), log)
}

#[cfg(unix)]
#[test]
fn ctrl_c_prints_the_report_of_the_batches_finished() {
    let (code, text, err) = interrupted(
        &[
            "sim",
            "starlight-christmas",
            "--rounds",
            "1000000000",
            "--seed",
            "21",
            "--json",
            "--threads",
            "2",
        ],
        "-INT",
    );
    assert_eq!(code, Some(130), "exit status of an interrupted run");
    let r = typed(&text);
    assert_eq!(r.stop, "interrupted");
    assert!(
        r.rounds > 0 && r.rounds.is_multiple_of(10_000),
        "whole batches: {}",
        r.rounds
    );
    assert!(err.contains("interrupted"), "{err}");
    // The partial report is the exact report of a run of that many rounds, and merge takes it.
    let rounds = r.rounds.to_string();
    let again = typed(&ok(&[
        "sim",
        "starlight-christmas",
        "--rounds",
        &rounds,
        "--seed",
        "21",
        "--json",
    ]));
    assert_eq!(again.sums, r.sums);
    assert_eq!(again.convergence, r.convergence);
    let d = dir("ctrlc");
    let f = put(&d, "partial.json", &text);
    ok(&["merge", &f]);
}

#[cfg(unix)]
#[test]
fn an_interrupted_shard_is_refused_by_merge() {
    let (code, text, _) = interrupted(
        &[
            "sim",
            "starlight-christmas",
            "--rounds",
            "2000000000",
            "--seed",
            "22",
            "--shard",
            "0/2",
            "--json",
        ],
        "-TERM",
    );
    assert_eq!(code, Some(130), "SIGTERM stops like Ctrl-C");
    let d = dir("int-shard");
    let f = put(&d, "s0.json", &text);
    let (code, _, err) = xtask(&["merge", &f]);
    assert_eq!(code, 2);
    assert!(
        err.contains("incomplete") && err.contains("shard 0/2"),
        "{err}"
    );
}

/// `session`: the JSON report and its files; bad amounts are refused by name.
#[test]
fn session_prints_and_writes_a_players_sessions() {
    let d = dir("session");
    let out = ok(&[
        "session",
        "starlight-christmas",
        "--ante",
        "--balance",
        "50",
        "--bet",
        "0.20",
        "--spins",
        "300",
        "--players",
        "500",
        "--json",
        "--out",
        d.to_str().unwrap(),
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stake"], 25, "the ante stake of a 0.20 bet is 0.25");
    assert_eq!(v["players"], 500);
    let still = v["still_playing"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&still));
    for f in [
        "session.json",
        "session_survival.csv",
        "session_results.csv",
        "session_rtp.csv",
        "session_survival.svg",
    ] {
        assert!(d.join(f).exists(), "{f}");
    }
    let (code, _, err) = xtask(&[
        "session",
        "moon-princess",
        "--balance",
        "1.005",
        "--bet",
        "1",
        "--spins",
        "10",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("at most two decimals"), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}
