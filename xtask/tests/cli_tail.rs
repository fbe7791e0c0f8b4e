//! `tail` and `tail-merge`: a run's estimates printed and its record written, shards that
//! merge into the run, refusals with status 2 (a game that cannot be split, bad levels or
//! plans, the same roots merged twice).

mod common;

use common::{dir, exits, ok, xtask};
use slot_sim::rare::RareRecord;

/// A small run prints each level's odds; its record reads back and holds the command, the
/// seed and the plan; the two shards of the same run merge into exactly its sums.
#[test]
fn tail_runs_and_its_shards_merge() {
    let d = dir("cli_tail");
    let whole = d.join("whole.json");
    let args = [
        "tail",
        "moon-princess",
        "--choice",
        "star",
        "--level",
        "500,1000",
        "--rounds",
        "40000",
        "--seed",
        "77",
        "--start-copies",
        "4",
        "--split",
        "100:3,300:3",
        "--quiet",
    ];
    let mut with_out = args.to_vec();
    with_out.extend(["--out", whole.to_str().unwrap()]);
    let out = ok(&with_out);
    assert!(out.contains("P(win >= 500 x) = "), "{out}");
    assert!(out.contains("P(win >= 1000 x) = "), "{out}");
    assert!(
        out.contains("start copies 4; levels (x bet:copies) 100:3,300:3"),
        "{out}"
    );
    let record = RareRecord::read_file(&whole).unwrap();
    assert_eq!(
        (record.game.as_str(), record.mode.as_str()),
        ("moon-princess", "star")
    );
    assert_eq!(record.sums.roots, 40_000);
    assert_eq!(record.parts[0].seed, 77);
    assert!(
        record.commands[0].contains("--seed 77"),
        "{:?}",
        record.commands
    );
    let mut shards = vec![];
    for i in 0..2 {
        let path = d.join(format!("shard{i}.json"));
        let mut a = args.to_vec();
        let shard = format!("{i}/2");
        a.extend(["--shard", shard.as_str(), "--out", path.to_str().unwrap()]);
        ok(&a);
        shards.push(path);
    }
    let merged = d.join("merged.json");
    let out = ok(&[
        "tail-merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert!(out.contains("40000 root rounds"), "{out}");
    let merged = RareRecord::read_file(&merged).unwrap();
    assert_eq!(merged.sums, record.sums);
    // The same shard twice: the same root rounds, refused.
    let (code, _, err) = xtask(&[
        "tail-merge",
        shards[0].to_str().unwrap(),
        shards[0].to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the same root rounds twice"), "{err}");
    // JSON: the record and the estimates.
    let mut a = args.to_vec();
    a.push("--json");
    let v: serde_json::Value = serde_json::from_str(&ok(&a)).unwrap();
    assert_eq!(v["record"]["sums"]["roots"], 40_000);
    assert_eq!(v["estimates"].as_array().unwrap().len(), 2);
}

/// What cannot be done is refused with status 2, naming what is wrong and what is allowed.
#[test]
fn tail_refuses_what_it_cannot_do() {
    let (code, _, err) = xtask(&[
        "tail",
        "wish-upon-a-star",
        "--level",
        "1000",
        "--rounds",
        "10",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("SplittableGame") && err.contains("sim wish-upon-a-star"),
        "{err}"
    );
    let err = |args: &[&str]| {
        let (code, _, err) = xtask(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        err
    };
    let e = err(&["tail", "moon-princess", "--level", "5k"]);
    assert!(e.contains("'5k' is not a win in x bet"), "{e}");
    let e = err(&[
        "tail",
        "moon-princess",
        "--level",
        "5000",
        "--split",
        "600:4,500:4",
    ]);
    assert!(e.contains("increase strictly"), "{e}");
    let e = err(&[
        "tail",
        "moon-princess",
        "--level",
        "5000",
        "--until-relative",
        "0",
    ]);
    assert!(e.contains("above 0 and below 100"), "{e}");
    let e = err(&["tail", "moon-princess", "--level", "5000", "--ante"]);
    assert!(
        e.contains("--ante is not an option of moon-princess"),
        "{e}"
    );
    let e = err(&[
        "tail",
        "moon-princess",
        "--level",
        "5000",
        "--shard",
        "0/2",
        "--until-relative",
        "5",
    ]);
    assert!(e.contains("--until-relative is for a whole run"), "{e}");
    exits(2, &["tail-merge", "/nonexistent/record.json"]);
    // A level above the game's cap (5,000 x): no round reaches it, so it is refused, not
    // run to print "never".
    let e = err(&[
        "tail",
        "moon-princess",
        "--level",
        "5000,6000",
        "--rounds",
        "10",
    ]);
    assert!(
        e.contains("6000 x is above moon-princess's cap, 5000 x the bet")
            && e.contains("at most 5000"),
        "{e}"
    );
    // Start copies: 1 or more, and the refusal says so (not "0..=").
    for bad in ["0", "-1", "4294967296"] {
        let e = err(&[
            "tail",
            "moon-princess",
            "--level",
            "5000",
            "--start-copies",
            bad,
        ]);
        assert!(e.contains("is not in 1..=4294967295"), "{bad}: {e}");
    }
    // Split levels that name no level (an unset shell variable) are not taken for `none`.
    for empty in ["", ","] {
        let e = err(&["tail", "moon-princess", "--level", "5000", "--split", empty]);
        assert!(e.contains("names no level") && e.contains("`none`"), "{e}");
    }
}
