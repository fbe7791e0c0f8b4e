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
    let shards = two_shards(&d, &args);
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

/// A stored record that is no run of this build (another game's name, a mode its game does
/// not have) or whose counters contradict each other (fewer copies than its roots that went
/// on made, more copies reaching a level than there are) is refused by `tail-merge` with
/// status 2, naming the file once and what is allowed.
#[test]
fn tail_merge_refuses_records_no_run_could_write() {
    let d = dir("cli_tail_forged");
    let path = d.join("run.json");
    ok(&[
        "tail",
        "moon-princess",
        "--level",
        "500",
        "--rounds",
        "10000",
        "--seed",
        "3",
        "--start-copies",
        "4",
        "--split",
        "100:3",
        "--quiet",
        "--out",
        path.to_str().unwrap(),
    ]);
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    // Roots went on, so the relations below are about a run that copied.
    assert!(good["sums"]["going"].as_u64().unwrap() > 0, "{good}");
    type Edit = fn(&mut serde_json::Value);
    let cases: [(&str, Edit, &str); 10] = [
        (
            "game",
            |v| v["game"] = "atlantis".into(),
            "unknown game 'atlantis'; the games are moon-princess, ",
        ),
        (
            "mode",
            |v| v["mode"] = "pony".into(),
            "moon-princess has no mode 'pony'; its modes are love, star, storm",
        ),
        (
            "copies",
            |v| v["sums"]["copies"] = 0.into(),
            "each makes 4 start copies, so at least",
        ),
        (
            "going",
            |v| v["sums"]["going"] = 0.into(),
            "but no root went on",
        ),
        (
            "copies-hit",
            |v| v["sums"]["tails"][0]["copies_hit"] = 1_000_000_000_u64.into(),
            "level 500: 1000000000 copies reached it; between its",
        ),
        // Read before as a record of "brute force", printed with that method.
        (
            "method",
            |v| v["method"] = "brute force".into(),
            "a splitting run's record has the method \"multilevel splitting",
        ),
        // Read before: a part whose command line is lost.
        (
            "commands",
            |v| v["commands"] = serde_json::json!([]),
            "0 command lines and 1 parts; a record keeps one command line per part",
        ),
        // Read before, put in order or counted once: no run writes them so.
        (
            "unsorted",
            |v| v["levels"] = serde_json::json!([100_000, 50_000]),
            "1000 x before 500 x: a record's levels increase strictly, each once",
        ),
        (
            "repeated",
            |v| v["levels"] = serde_json::json!([50_000, 50_000]),
            "500 x before 500 x: a record's levels increase strictly, each once",
        ),
        // Read before: hits at a level no round of the game reaches (a run refuses it).
        (
            "above-cap",
            |v| {
                v["levels"] = serde_json::json!([600_000]);
                v["sums"]["tails"][0]["level"] = 600_000.into();
            },
            "level 6000 x is above moon-princess's cap, 5000 x the bet",
        ),
    ];
    for (name, edit, want) in cases {
        let mut v = good.clone();
        edit(&mut v);
        let file = d.join(format!("{name}.json"));
        std::fs::write(&file, serde_json::to_string(&v).unwrap()).unwrap();
        let (code, out, err) = xtask(&["tail-merge", file.to_str().unwrap()]);
        assert_eq!(code, 2, "{name}: {err}");
        assert!(out.is_empty(), "{name}: {out}");
        assert!(err.contains(want), "{name}: {err}");
        assert_eq!(err.matches(&format!("{name}.json")).count(), 1, "{err}");
        assert_eq!(err.matches("rare-event record").count(), 1, "{err}");
    }
    // Records of another plan's levels: named in x bet, as `--level` takes them.
    let other = d.join("levels.json");
    let mut v = good.clone();
    v["levels"] = serde_json::json!([50_000, 100_000]);
    v["sums"]["tails"] = serde_json::json!([good["sums"]["tails"][0], {
        "level": 100_000, "hits": 0, "hits_sq": 0, "roots_hit": 0, "copies_hit": 0
    }]);
    v["parts"][0]["seed"] = 4.into();
    std::fs::write(&other, serde_json::to_string(&v).unwrap()).unwrap();
    let (code, _, err) = xtask(&[
        "tail-merge",
        path.to_str().unwrap(),
        other.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("levels 500 x and 500,1000 x"), "{err}");
    assert_eq!(err.matches("cannot be merged").count(), 1, "{err}");
    // And what merges (it named only the difference).
    assert!(
        err.contains("records of one game, mode, model, method, plan and levels merge"),
        "{err}"
    );
}

/// `tail --base-game`: the base game alone by conditional Monte Carlo (Starlight Christmas):
/// the record says so and reads back, its shards merge into exactly the whole run's sums,
/// and a game without draws to set aside (Moon Princess), a splitting plan, or a level above
/// the cap are refused with status 2, each naming why.
#[test]
fn tail_base_game_runs_merges_and_refuses() {
    let d = dir("cli_tail_base");
    let whole = d.join("whole.json");
    let args = [
        "tail",
        "starlight-christmas",
        "--base-game",
        "--ante",
        "--level",
        "200,1000",
        "--rounds",
        "50000",
        "--seed",
        "5",
        "--quiet",
    ];
    let mut with_out = args.to_vec();
    with_out.extend(["--out", whole.to_str().unwrap()]);
    let out = ok(&with_out);
    assert!(
        out.contains("starlight-christmas ante base game alone"),
        "{out}"
    );
    assert!(
        out.contains("set aside: the values of the Multipliers"),
        "{out}"
    );
    assert!(out.contains("P(win >= 1000 x) = "), "{out}");
    let record = RareRecord::read_file(&whole).unwrap();
    assert!(record.conditional);
    assert_eq!(record.sums.roots, 50_000);
    // Its sums of squares pass 2^64; `--json` prints them whole.
    assert!(record.sums.tails[0].hits_sq > u128::from(u64::MAX));
    #[derive(serde::Deserialize)]
    struct Printed {
        record: RareRecord,
    }
    let mut json = args.to_vec();
    json.push("--json");
    let again = serde_json::from_str::<Printed>(&ok(&json)).unwrap().record;
    assert_eq!(again.sums, record.sums);
    assert_eq!((record.sums.copies, record.sums.steps), (0, 0));
    let shards = two_shards(&d, &args);
    let merged = d.join("merged.json");
    ok(&[
        "tail-merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(RareRecord::read_file(&merged).unwrap().sums, record.sums);
    // Two levels a hundredth apart, whose chances mostly coincide: the higher never gets
    // more units than the lower, so the record reads back (seed 4 failed when each level
    // rounded with a uniform of its own).
    let close = d.join("close.json");
    ok(&[
        "tail",
        "starlight-christmas",
        "--base-game",
        "--level",
        "4999.99,5000",
        "--rounds",
        "2000000",
        "--seed",
        "4",
        "--quiet",
        "--out",
        close.to_str().unwrap(),
    ]);
    let close = RareRecord::read_file(&close).unwrap();
    assert!(close.sums.tails[1].hits <= close.sums.tails[0].hits);
    // A splitting run and a conditional run of the same game and mode do not merge.
    let split = d.join("split.json");
    ok(&[
        "tail",
        "starlight-christmas",
        "--ante",
        "--level",
        "200,1000",
        "--rounds",
        "10000",
        "--seed",
        "6",
        "--quiet",
        "--out",
        split.to_str().unwrap(),
    ]);
    let (code, _, refused) = xtask(&[
        "tail-merge",
        whole.to_str().unwrap(),
        split.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{refused}");
    assert!(refused.contains("methods"), "{refused}");
    for (extra, says) in [
        (
            vec!["moon-princess", "--base-game", "--level", "5000"],
            "the base game alone's odds need draws its win depends on only at its end",
        ),
        (
            vec!["starlight-christmas", "--base-game", "--level", "6000"],
            "above starlight-christmas's cap, 5000 x the bet",
        ),
        (
            vec![
                "starlight-christmas",
                "--base-game",
                "--level",
                "500",
                "--split",
                "100:3",
            ],
            "--split",
        ),
    ] {
        let mut a = vec!["tail"];
        a.extend(extra);
        a.extend(["--rounds", "1000", "--quiet"]);
        let (code, _, e) = xtask(&a);
        assert_eq!(code, 2, "{a:?}: {e}");
        assert!(e.contains(says), "{a:?}: {e}");
    }
}

/// `--mode NAME` chooses the mode as `sim`, `play` and `tune` take it: the same run as the
/// game's own `--choice` or `--ante` (the same record and sums, for splitting and for the base
/// game alone), excluding them, and a mode the game does not have refused in `sim`'s words.
#[test]
fn tail_takes_the_mode_by_name_as_sim_does() {
    let d = dir("cli_tail_mode");
    let run = |game: &str, options: &[&str], name: &str| {
        let path = d.join(name);
        let mut a = vec![
            "tail", game, "--level", "200,500", "--rounds", "20000", "--seed", "8", "--quiet",
        ];
        a.extend(options);
        a.extend(["--out", path.to_str().unwrap()]);
        ok(&a);
        RareRecord::read_file(&path).unwrap()
    };
    let cases: [(&str, &[&str], &[&str], &str); 4] = [
        (
            "moon-princess",
            &["--mode", "star"],
            &["--choice", "star"],
            "star",
        ),
        (
            "starlight-christmas",
            &["--mode", "ante"],
            &["--ante"],
            "ante",
        ),
        (
            "starlight-christmas",
            &["--base-game", "--mode", "ante"],
            &["--base-game", "--ante"],
            "ante",
        ),
        (
            "starlight-christmas",
            &["--mode", "standard"],
            &[],
            "standard",
        ),
    ];
    for (i, (game, by_name, own, mode)) in cases.into_iter().enumerate() {
        let named = run(game, by_name, &format!("named{i}.json"));
        let chosen = run(game, own, &format!("own{i}.json"));
        assert_eq!(named.mode, mode, "{by_name:?}");
        assert_eq!(chosen.mode, mode, "{own:?}");
        assert_eq!(named.sums, chosen.sums, "{by_name:?} against {own:?}");
        assert_eq!(named.conditional, by_name.contains(&"--base-game"));
    }
    // A mode the game does not have: refused (status 2) with exactly `sim`'s words.
    for (game, mode) in [("moon-princess", "ante"), ("starlight-christmas", "love")] {
        let (code, _, tail) = xtask(&["tail", game, "--mode", mode, "--level", "500"]);
        let (sim_code, _, sim) = xtask(&["sim", game, "--mode", mode, "--rounds", "10"]);
        assert_eq!((code, sim_code), (2, 2), "{tail}{sim}");
        assert!(
            tail.contains(&format!("--mode {game} has no mode '{mode}'")),
            "{tail}"
        );
        assert_eq!(tail, sim);
    }
    // --mode excludes the game's own options, as in `sim`.
    for own in [["--choice", "star"].as_slice(), &["--ante"]] {
        let mut a = vec!["tail", "moon-princess", "--mode", "star", "--level", "500"];
        a.extend(own);
        let (code, _, e) = xtask(&a);
        assert_eq!(code, 2, "{e}");
        assert!(e.contains("cannot be used with"), "{e}");
    }
}

/// A refusal names only what the game can do instead, and leaves nothing behind: a game
/// with neither splitting nor a split estimate asked for `--base-game` is pointed to `sim`
/// (it was told to run `tail` and `split`, which it refuses too); a run refused after its
/// `--out` was checked (a level above the cap, an unknown model, a game without the base
/// game's odds) or a refused merge leaves no folder the check made, while a run that
/// succeeds makes the missing folders of its `--out`.
#[test]
fn tail_refusals_name_what_is_offered_and_leave_nothing_behind() {
    // The games with neither (found in the registry, not named: Wish Upon a Star and the
    // template game today).
    let without: Vec<&str> = slot_games::all()
        .iter()
        .filter(|g| !g.has_split())
        .map(|g| g.name())
        .collect();
    assert!(without.contains(&"wish-upon-a-star"), "{without:?}");
    for game in without {
        let (code, _, e) = xtask(&["tail", game, "--base-game", "--level", "500"]);
        assert_eq!(code, 2, "{e}");
        assert!(e.contains(&format!("`sim {game}`")), "{e}");
        assert!(
            !e.contains(&format!("`tail {game}`")) && !e.contains(&format!("`split {game}`")),
            "{e}"
        );
    }
    let (_, _, e) = xtask(&["tail", "moon-princess", "--base-game", "--level", "500"]);
    assert!(
        e.contains(
            "`tail moon-princess` without --base-game, or count base games: `split moon-princess`"
        ),
        "{e}"
    );
    let d = dir("cli_tail_nothing");
    let out = d.join("new").join("sub").join("r.json");
    let out = out.to_str().unwrap();
    for refused in [
        vec!["tail", "moon-princess", "--level", "6000"],
        vec![
            "tail",
            "moon-princess",
            "--level",
            "500",
            "--model",
            "no-such-model",
        ],
        vec!["tail", "moon-princess", "--base-game", "--level", "500"],
        vec!["tail-merge", "/nonexistent/record.json"],
    ] {
        let mut a = refused.clone();
        a.extend(["--out", out]);
        let (code, _, e) = xtask(&a);
        assert_eq!(code, 2, "{a:?}: {e}");
        assert!(
            !d.join("new").exists(),
            "{a:?} left {}",
            d.join("new").display()
        );
    }
    ok(&[
        "tail",
        "moon-princess",
        "--level",
        "500",
        "--rounds",
        "10000",
        "--quiet",
        "--out",
        out,
    ]);
    RareRecord::read_file(std::path::Path::new(out)).unwrap();
}

/// `--until-relative P` says how the run ended, as `sim --until-halfwidth` does (it printed
/// the estimates alone, so a run whose root rounds ran out first looked like one that met
/// it): met after its roots, or not met, naming the first level short of it; `--json` carries
/// `met` (as Python's `Tail.met`), and a run without `--until-relative` neither.
#[test]
fn tail_says_whether_until_relative_was_met() {
    let base = ["tail", "moon-princess", "--quiet"];
    let run = |extra: &[&str]| {
        let mut a = base.to_vec();
        a.extend(extra);
        ok(&a)
    };
    // Love at 1,000 x, seed 1: 10.09 % at the first look (160,000 roots).
    let met = ["--level", "1000", "--until-relative", "30", "--seed", "1"];
    let out = run(&met);
    assert!(
        out.contains("--until-relative 30 met after 160000 root rounds: every level within 30 %"),
        "{out}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&run(&[&met[..], &["--json"]].concat())).unwrap();
    assert_eq!(v["met"], true, "{v}");
    // The cap in 20,000 roots: a few roots reach it, far from 5 %.
    let short = [
        "--level",
        "5000",
        "--rounds",
        "20000",
        "--until-relative",
        "5",
    ];
    let out = run(&short);
    assert!(
        out.contains("--until-relative 5 not met after 20000 root rounds: level 5000 x has a relative half-width of ")
            && out.contains("(a level needs at most 5 % and 50 roots); raise --rounds"),
        "{out}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&run(&[&short[..], &["--json"]].concat())).unwrap();
    assert_eq!(v["met"], false, "{v}");
    // Nothing reached yet: no half-width to give.
    let out = run(&[
        "--level",
        "5000",
        "--rounds",
        "100",
        "--until-relative",
        "5",
    ]);
    assert!(
        out.contains("level 5000 x has a relative half-width of none yet, 0 roots reached it"),
        "{out}"
    );
    // Without --until-relative: no such line, no `met`.
    let out = run(&["--level", "1000", "--rounds", "10000"]);
    assert!(!out.contains("--until-relative"), "{out}");
    let v: serde_json::Value =
        serde_json::from_str(&run(&["--level", "1000", "--rounds", "10000", "--json"])).unwrap();
    assert!(v.get("met").is_none(), "{v}");
}

/// A run's time line counts its threads in words: `on 1 thread`, `on 2 threads`, never `1
/// threads`.
#[test]
fn tail_says_1_thread_not_1_threads() {
    for (threads, says) in [("1", " s on 1 thread ("), ("2", " s on 2 threads (")] {
        let out = ok(&[
            "tail",
            "moon-princess",
            "--level",
            "100",
            "--rounds",
            "200",
            "--split",
            "none",
            "--threads",
            threads,
            "--quiet",
        ]);
        assert!(out.contains(says) && !out.contains("1 threads"), "{out}");
    }
}

/// A level above the cap is refused as the other --level refusals are: prefixed `--level:`,
/// naming the level, the cap and what is allowed (the whole-round run and the base game
/// alone alike).
#[test]
fn a_level_above_the_cap_is_a_level_refusal() {
    let (code, _, err) = xtask(&[
        "tail",
        "moon-princess",
        "--level",
        "5000,6000",
        "--rounds",
        "10",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(
            "--level: tail levels refused: 6000 x is above moon-princess's cap, 5000 x the bet"
        ),
        "{err}"
    );
    // As a malformed level is.
    let (code, _, err) = xtask(&["tail", "moon-princess", "--level", "0", "--rounds", "10"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--level: tail levels refused: "), "{err}");
    let (code, _, err) = xtask(&[
        "tail",
        "starlight-christmas",
        "--base-game",
        "--level",
        "6000",
        "--rounds",
        "10",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--level: tail levels refused: 6000 x is above starlight-christmas's cap"),
        "{err}"
    );
}

/// Runs `args` as shards 0/2 and 1/2 of one run, each written to `d/shardI.json`; their paths.
fn two_shards(d: &std::path::Path, args: &[&str]) -> [std::path::PathBuf; 2] {
    [0, 1].map(|i| {
        let path = d.join(format!("shard{i}.json"));
        let mut a = args.to_vec();
        let shard = format!("{i}/2");
        a.extend(["--shard", shard.as_str(), "--out", path.to_str().unwrap()]);
        ok(&a);
        path
    })
}
