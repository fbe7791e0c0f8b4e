//! The runner's command-line contract for Starlight Christmas (guide, "Command reference"): JSON
//! fields, exit status 2 on bad arguments and malformed grids, replay of a simulated round.

mod common;

use common::xtask;

#[test]
fn sim_json_has_the_contract_fields_and_ignores_thread_count() {
    let (code, one, _) = xtask(&[
        "sim",
        "starlight-christmas",
        "--rounds",
        "30000",
        "--seed",
        "5",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(code, 0);
    let (_, two, _) = xtask(&[
        "sim",
        "starlight-christmas",
        "--rounds",
        "30000",
        "--seed",
        "5",
        "--threads",
        "2",
        "--json",
    ]);
    let a: serde_json::Value = serde_json::from_str(&one).unwrap();
    let b: serde_json::Value = serde_json::from_str(&two).unwrap();
    for key in [
        "game",
        "mode",
        "rounds",
        "seed",
        "rtp",
        "rtp_ci95",
        "rtp_ci99",
        "sd",
        "hit_frequency",
        "max_win",
        "cap_hits",
        "features",
        "rtp_by_source",
        "rounds_per_second",
    ] {
        assert!(a.get(key).is_some(), "missing {key}");
    }
    assert_eq!(a["game"], "starlight-christmas");
    assert_eq!(a["mode"], "standard");
    assert_eq!(
        a["rtp"], b["rtp"],
        "same seed, same figures, any thread count"
    );
    assert_eq!(
        a["features"]["free spins"]["count"],
        b["features"]["free spins"]["count"]
    );
    let (_, ante, _) = xtask(&[
        "sim",
        "starlight-christmas",
        "--rounds",
        "1000",
        "--ante",
        "--json",
    ]);
    let ante: serde_json::Value = serde_json::from_str(&ante).unwrap();
    assert_eq!(ante["mode"], "ante");
    assert_eq!(ante["stake_x_bet"], 1.25);
}

#[test]
fn eval_prints_the_worked_example() {
    // 8 Sun (10x) x (2 + 3) + 4 Scatters (3x) = 53x.
    let grid = "su su su su su su / su su x2 x3 SC SC / SC SC gy gt gg gb / gr st mo he gy gt / gg gb gr st mo he";
    let (code, out, _) = xtask(&["eval", "starlight-christmas", "--grid", grid, "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["total"], 53.0);
    assert_eq!(v["wins"][0]["symbol"], "su");
    assert_eq!(v["wins"][0]["name"], "Sun");
    assert_eq!(v["paid"], 53.0);
    assert_eq!(v["wins"][0]["count"], 8);
    assert_eq!(v["wins"][0]["multiplier"], 5);
    assert_eq!(v["wins"][0]["win"], 50.0);
    assert_eq!(v["wins"][0]["cells"][7], serde_json::json!([1, 1]));
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let (code, _, err) = xtask(&[
        "eval",
        "starlight-christmas",
        "--grid",
        "su su su su su su / su su x7 x3 SC SC / SC SC gy gt gg gb / gr st mo he gy gt / gg gb gr st mo he",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("row 2, column 3: 'x7'") && err.contains("allowed"),
        "{err}"
    );
    let (code, _, err) = xtask(&["eval", "starlight-christmas", "--grid", "su su"]);
    assert_eq!(code, 2);
    assert!(err.contains("rows"), "{err}");
    let (code, _, err) = xtask(&["sim", "starlight-christmas", "--choice", "love"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--choice love is not an option of starlight-christmas: its modes are standard, ante (standard, or --ante)"),
        "{err}"
    );
    let (code, _, _) = xtask(&["sim", "no-such-game"]);
    assert_eq!(code, 2);
    let (code, _, err) = xtask(&["sim", "starlight-christmas", "--rounds", "0"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = xtask(&["sim", "starlight-christmas", "--model", "/nonexistent.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read the model file"), "{err}");
}

#[test]
fn play_replays_the_simulated_round() {
    // The event log's final win equals the win the same round shows as text.
    let (code, json, _) = xtask(&[
        "play",
        "starlight-christmas",
        "--seed",
        "3",
        "--round",
        "12345",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let events = v["events"].as_array().unwrap();
    assert_eq!(events[0]["event"], "round_start");
    assert_eq!(events[0]["game"], "starlight-christmas");
    assert_eq!(events[1]["event"], "spin_start");
    let last = events.last().unwrap();
    assert_eq!(last["event"], "round_end");
    let (_, text, _) = xtask(&[
        "play",
        "starlight-christmas",
        "--seed",
        "3",
        "--round",
        "12345",
    ]);
    let win = last["win"].as_u64().unwrap() as f64 / 100.0;
    assert!(text.contains(&format!("win {win:.2} x base bet")), "{text}");
}

#[test]
fn merge_adds_the_exact_sums_of_shards() {
    let dir = std::env::temp_dir().join(format!("xtask-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = vec![];
    let mut total = 0u64;
    let mut detail_rounds = Vec::new();
    for (seed, rounds) in [(1, "20000"), (2, "15000")] {
        let (code, out, _) = xtask(&[
            "sim",
            "starlight-christmas",
            "--rounds",
            rounds,
            "--seed",
            &seed.to_string(),
            "--json",
            "--detail",
        ]);
        assert_eq!(code, 0);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        total += v["sums"]["total_win"].as_u64().unwrap();
        detail_rounds.push(v["detail"]["win_counts"].clone());
        let f = dir.join(format!("{seed}.json"));
        std::fs::write(&f, out).unwrap();
        files.push(f.to_string_lossy().into_owned());
    }
    let (code, out, err) = xtask(&["merge", &files[0], &files[1], "--json"]);
    assert_eq!(code, 0, "{err}");
    let m: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(m["rounds"], 35_000);
    assert_eq!(m["sums"]["total_win"].as_u64().unwrap(), total);
    assert_eq!(m["merged_seeds"], serde_json::json!([1, 2]));
    // The contribution sums (`--detail`) merge exactly too: the rounds by win of the merge
    // are those of the two runs added.
    assert_eq!(m["detail"]["rounds"], 35_000);
    assert_eq!(m["detail"]["total_win"].as_u64().unwrap(), total);
    let mut by_win = std::collections::BTreeMap::<u64, u64>::new();
    for counts in &detail_rounds {
        for p in counts.as_array().unwrap() {
            *by_win.entry(p[0].as_u64().unwrap()).or_default() += p[1].as_u64().unwrap();
        }
    }
    let merged: Vec<(u64, u64)> = m["detail"]["win_counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
        .collect();
    assert_eq!(merged, by_win.into_iter().collect::<Vec<_>>());
    let (code, _, err) = xtask(&["merge", &files[0], &files[0]]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the same run twice") && err.contains("seed 1"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
