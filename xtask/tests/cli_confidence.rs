//! `--confidence` on `sim` and `merge`: the RTP intervals of the report at the levels asked
//! for; the fixed JSON fields `rtp_ci95` and `rtp_ci99` stay; bad levels exit with status 2.

mod common;

use common::xtask;

fn sim_json(extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "sim",
        "starlight-christmas",
        "--rounds",
        "20000",
        "--seed",
        "11",
        "--json",
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = xtask(&args);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

fn levels(report: &serde_json::Value) -> Vec<f64> {
    report["rtp_intervals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["level"].as_f64().unwrap())
        .collect()
}

fn bounds(interval: &serde_json::Value) -> serde_json::Value {
    serde_json::json!([interval["low"], interval["high"]])
}

#[test]
fn the_default_intervals_are_95_and_99_percent_and_equal_the_fixed_fields() {
    let r = sim_json(&[]);
    assert_eq!(levels(&r), [0.95, 0.99]);
    assert_eq!(bounds(&r["rtp_intervals"][0]), r["rtp_ci95"]);
    assert_eq!(bounds(&r["rtp_intervals"][1]), r["rtp_ci99"]);
}

#[test]
fn asked_levels_give_their_intervals_and_keep_the_fixed_fields() {
    let plain = sim_json(&[]);
    let r = sim_json(&["--confidence", "99"]);
    assert_eq!(levels(&r), [0.99]);
    assert_eq!(bounds(&r["rtp_intervals"][0]), r["rtp_ci99"]);
    assert_eq!(
        (&r["rtp_ci95"], &r["rtp_ci99"]),
        (&plain["rtp_ci95"], &plain["rtp_ci99"])
    );
    // Repeatable and comma-separated; sorted, each level once.
    let r = sim_json(&[
        "--confidence",
        "99.9,95",
        "--confidence",
        "90",
        "--confidence",
        "95",
    ]);
    assert_eq!(levels(&r), [0.90, 0.95, 0.999]);
    assert_eq!(bounds(&r["rtp_intervals"][1]), r["rtp_ci95"]);
    // The wider the level, the wider the interval; every one is centred on the RTP.
    let rtp = r["rtp"].as_f64().unwrap();
    let half: Vec<f64> = r["rtp_intervals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            let (lo, hi) = (i["low"].as_f64().unwrap(), i["high"].as_f64().unwrap());
            assert!(((hi - rtp) - (rtp - lo)).abs() < 1e-12);
            hi - rtp
        })
        .collect();
    assert!(half[0] < half[1] && half[1] < half[2], "{half:?}");
    // 99.9 % over 95 %: z ratio 3.290527 / 1.959964.
    assert!((half[2] / half[1] - 3.290_526_731 / 1.959_963_985).abs() < 1e-6);
    // The readable report lists the same levels.
    let (code, text, err) = xtask(&[
        "sim",
        "starlight-christmas",
        "--rounds",
        "20000",
        "--confidence",
        "99.9,95",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("    95 % interval   ["), "{text}");
    assert!(text.contains("    99.9 % interval ["), "{text}");
    assert!(!text.contains("    99 % interval"), "{text}");
}

#[test]
fn bad_levels_exit_2_naming_what_is_allowed() {
    for bad in ["0", "100", "150", "-5", "abc", "", "99,1e2", "99.9.9"] {
        let (code, out, err) = xtask(&[
            "sim",
            "starlight-christmas",
            "--rounds",
            "100",
            "--confidence",
            bad,
        ]);
        assert_eq!(code, 2, "--confidence {bad:?}: {out}");
        assert!(
            err.contains("strictly between 0 and 100"),
            "--confidence {bad:?}: {err}"
        );
    }
    let (code, _, err) = xtask(&["merge", "no-such-file.json", "--confidence", "100"]);
    assert_eq!(code, 2);
    assert!(err.contains("strictly between 0 and 100"), "{err}");
}

#[test]
fn merge_reports_the_intervals_asked_for() {
    let dir = std::env::temp_dir().join(format!("xtask-confidence-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = vec![];
    for seed in ["1", "2"] {
        let (code, out, err) = xtask(&[
            "sim",
            "starlight-christmas",
            "--rounds",
            "10000",
            "--seed",
            seed,
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let f = dir.join(format!("{seed}.json"));
        std::fs::write(&f, out).unwrap();
        files.push(f.to_string_lossy().into_owned());
    }
    let (code, out, err) = xtask(&[
        "merge",
        &files[0],
        &files[1],
        "--json",
        "--confidence",
        "99,99.9",
    ]);
    assert_eq!(code, 0, "{err}");
    let m: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(levels(&m), [0.99, 0.999]);
    assert_eq!(bounds(&m["rtp_intervals"][0]), m["rtp_ci99"]);
    let (code, text, err) = xtask(&["merge", &files[0], &files[1], "--confidence", "80"]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("    80 % interval   ["), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}
