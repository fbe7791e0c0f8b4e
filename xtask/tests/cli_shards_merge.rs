//! Shards and `merge`: the merge of a run's shards is exactly the run, for every game and mode;
//! `sim --json` output passes the sums' validation; `merge` refuses every impossible report
//! and every set of reports that would count rounds twice, with exit status 2 and a message
//! naming the file and what is wrong.

mod common;
use common::*;
use slot_sim::stats::{Accumulator, BUCKETS, SumsLimits};

/// The limits of a game and mode, from the game crates (not from the runner under test).
fn limits(mode: &[&str]) -> SumsLimits {
    match mode[0] {
        "moon-princess" => SumsLimits {
            cost: 100,
            cap: Some(moon_princess::CAP.limit.hundredths()),
            sources: moon_princess::SOURCES.len(),
            features: moon_princess::FEATURES.len(),
            awards: moon_princess::AWARDS.len(),
            feature_sources: &[],
        },
        "wish-upon-a-star" => SumsLimits {
            cost: 100,
            cap: None,
            sources: wish_upon_a_star::SOURCES.len(),
            features: wish_upon_a_star::FEATURES.len(),
            awards: wish_upon_a_star::AWARDS.len(),
            feature_sources: &[],
        },
        _ => SumsLimits {
            cost: if mode.contains(&"--ante") { 125 } else { 100 },
            cap: Some(starlight_christmas::CAP.limit.hundredths()),
            sources: starlight_christmas::SOURCES.len(),
            features: starlight_christmas::FEATURES.len(),
            awards: starlight_christmas::AWARDS.len(),
            feature_sources: &[],
        },
    }
}

#[test]
fn sim_json_of_every_game_and_mode_passes_the_sums_validation() {
    for mode in MODES {
        let out = ok(&args(
            mode,
            &["--rounds", "200000", "--seed", "8", "--json"],
        ));
        let r = typed(&out);
        assert_eq!(r.sums.validate(&limits(mode)), Ok(()), "{mode:?}");
        assert_eq!(r.rounds, 200_000);
        assert_eq!(r.stop, "complete");
        // The same output passes merge's checks (checksum, identity, records).
        let d = dir(&format!("valid-{}", mode.join("")));
        let f = put(&d, "r.json", &out);
        ok(&["merge", &f]);
    }
}

#[test]
fn the_merge_of_a_runs_shards_is_exactly_the_run_for_every_game_and_mode() {
    // 45,678 rounds: 5 batches, the last of 5,678 rounds; 3 shards of 1, 2 and 2 batches.
    for mode in MODES {
        let d = dir(&format!("shards-{}", mode.join("")));
        let run = ["--rounds", "45678", "--seed", "11", "--json"];
        let mut whole_args = args(mode, &run);
        whole_args.extend(["--threads", "2"]);
        let whole = typed(&ok(&whole_args));
        let files: Vec<String> = (0..3)
            .map(|i| {
                let shard = format!("{i}/3");
                let mut a = args(mode, &run);
                a.extend(["--shard", &shard, "--threads", "1"]);
                put(&d, &format!("s{i}.json"), &ok(&a))
            })
            .collect();
        // In any order.
        let merged = typed(&ok(&["merge", &files[2], &files[0], &files[1], "--json"]));
        assert_eq!(merged.sums, whole.sums, "{mode:?}: every field of sums");
        assert_eq!(merged.sums_sha256, whole.sums_sha256);
        assert_eq!(merged.convergence, whole.convergence, "{mode:?}");
        assert_eq!(merged.rounds, 45_678);
        assert_eq!(
            merged.threads, 3,
            "a merged report sums its threads, never 0"
        );
    }
}

#[test]
fn merge_refuses_sets_that_count_rounds_twice_or_miss_some() {
    let d = dir("sets");
    let sim = |rest: &[&str]| {
        let mut a = vec!["sim", "wish-upon-a-star", "--rounds", "60000", "--json"];
        a.extend_from_slice(rest);
        ok(&a)
    };
    let s0 = put(&d, "s0.json", &sim(&["--seed", "1", "--shard", "0/3"]));
    let s1 = put(&d, "s1.json", &sim(&["--seed", "1", "--shard", "1/3"]));
    let s2 = put(&d, "s2.json", &sim(&["--seed", "1", "--shard", "2/3"]));
    let half = put(&d, "half.json", &sim(&["--seed", "1", "--shard", "0/2"]));
    let other = put(&d, "other.json", &sim(&["--seed", "1", "--shard", "1/2"]));
    let whole = put(&d, "whole.json", &sim(&["--seed", "1"]));
    let seed2 = put(&d, "seed2.json", &sim(&["--seed", "2"]));
    let refused = |files: &[&str], want: &[&str]| {
        let mut a = vec!["merge"];
        a.extend_from_slice(files);
        let (code, out, err) = xtask(&a);
        assert_eq!(code, 2, "{files:?} merged: {out}");
        assert!(out.is_empty(), "nothing printed before the error");
        for w in want {
            assert!(err.contains(w), "{files:?}: '{w}' not in: {err}");
        }
    };
    refused(
        &[&s0, &s1, &s1, &s2],
        &["the same shard twice", "s1.json", "shard 1/3"],
    );
    refused(
        &[&s0, &s1, &half],
        &["overlapping shards", "half.json", "batches 0..3"],
    );
    refused(
        &[&s0, &s1, &s2, &other],
        &["shards of different runs mixed", "other.json"],
    );
    refused(
        &[&s0, &s2],
        &["incomplete run", "shard(s) 1 of 3", "--shard I/3"],
    );
    refused(
        &[&whole, &s0, &s1, &s2],
        &["overlapping reports", "whole.json", "seed 1"],
    );
    refused(&[&whole, &whole], &["the same run twice", "seed 1"]);
    // What may be merged: a run's shards with an independent run of another seed, and a
    // merged report with another run.
    let merged = typed(&ok(&["merge", &s0, &s1, &s2, &seed2, "--json"]));
    assert_eq!(merged.rounds, 120_000);
    let m = put(&d, "m.json", &ok(&["merge", &s0, &s1, &s2, "--json"]));
    let again = typed(&ok(&["merge", &m, &seed2, "--json"]));
    assert_eq!(again.sums, merged.sums);
    assert!(
        again.convergence.is_empty(),
        "independent runs have no joint order"
    );
    refused(&[&m, &s1], &["overlapping reports", "seed 1"]);
}

/// A real report to change: Moon Princess (capped at 5,000x), 20,000 rounds.
fn base_report() -> (String, Accumulator) {
    let out = ok(&[
        "sim",
        "moon-princess",
        "--rounds",
        "20000",
        "--seed",
        "4",
        "--json",
    ]);
    let sums = typed(&out).sums;
    (out, sums)
}

#[test]
fn merge_refuses_impossible_reports_with_exit_2_and_a_message() {
    let d = dir("impossible");
    let (report, sums) = base_report();
    let good = put(&d, "good.json", &report);
    let refused = |name: &str, text: &str, want: &[&str]| {
        let f = put(&d, name, text);
        let (code, out, err) = xtask(&["merge", &good, &f]);
        assert_eq!(code, 2, "{name} was merged: {out}");
        assert!(
            err.contains(name),
            "{name}: the message names the file: {err}"
        );
        for w in want {
            assert!(err.contains(w), "{name}: '{w}' not in: {err}");
        }
    };
    let changed = |f: &dyn Fn(&mut Accumulator)| {
        let mut a = sums.clone();
        f(&mut a);
        with_sums(&report, &a)
    };
    refused(
        "hits.json",
        &changed(&|a| a.hits = a.rounds + 1),
        &["hits (20001) is more than rounds (20000)"],
    );
    refused(
        "zero.json",
        &with_sums(&report, &Accumulator::new(100)),
        &["rounds is 0"],
    );
    refused(
        "cap.json",
        &changed(&|a| a.max_win = 600_000),
        &["max_win 600000 is above the cap 500000"],
    );
    refused(
        "award_rounds.json",
        &changed(&|a| {
            a.award_rounds[0] = a.rounds + 1;
            a.award_counts[0] = a.rounds + 1;
        }),
        &["top award 0 came in 20001 rounds, more than rounds (20000)"],
    );
    refused(
        "award_count.json",
        &changed(&|a| {
            a.award_rounds[0] = 3;
            a.award_counts[0] = 2;
        }),
        &["top award 0 came in 3 rounds, 2 times in all"],
    );
    refused(
        "award_unused.json",
        &changed(&|a| {
            a.award_rounds[1] = 1;
            a.award_counts[1] = 1;
        }),
        &["top award 1 has counts, but the game has 1 top awards"],
    );
    refused(
        "total.json",
        &changed(&|a| a.total_win = u64::MAX as u128),
        &["total_win 18446744073709551615 is more than rounds x max_win"],
    );
    refused(
        "buckets.json",
        &changed(&|a| a.buckets[3] += 5),
        &["buckets hold 20005 rounds in all, but rounds is 20000"],
    );
    // A changed sum without a new checksum.
    let tampered = report.replacen(
        &format!("\"hits\":{}", sums.hits),
        &format!("\"hits\":{}", sums.hits - 1),
        1,
    );
    assert_ne!(tampered, report);
    refused("tampered.json", &tampered, &["do not match their checksum"]);
    // Another game: a message about the game, not about seeds.
    let other = ok(&[
        "sim",
        "starlight-christmas",
        "--rounds",
        "20000",
        "--seed",
        "4",
        "--json",
    ]);
    refused(
        "game.json",
        &other,
        &["game starlight-christmas", "game moon-princess", "one game"],
    );
    // Another mode (pick).
    let star = ok(&[
        "sim",
        "moon-princess",
        "--choice",
        "star",
        "--rounds",
        "20000",
        "--seed",
        "5",
        "--json",
    ]);
    refused("mode.json", &star, &["mode star"]);
    // The same shard twice.
    let shard = ok(&[
        "sim",
        "moon-princess",
        "--rounds",
        "20000",
        "--seed",
        "6",
        "--shard",
        "1/2",
        "--json",
    ]);
    let a = put(&d, "shard-a.json", &shard);
    let b = put(&d, "shard-b.json", &shard);
    let (code, _, err) = xtask(&["merge", &a, &b]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the same shard twice") && err.contains("shard-b.json"),
        "{err}"
    );
    // A report of an older format (floats for sums, no checksum).
    refused(
        "old.json",
        &report.replace("\"sums_sha256\"", "\"old_sha256\""),
        &["missing field `sums_sha256`"],
    );
}

#[test]
fn sums_above_2_to_the_64_merge_exactly() {
    let d = dir("u128");
    let (report, _) = base_report();
    // 2.2e12 rounds, 2e9 of them winning 1,000x: sum_sq = 2e9 * 1e10 = 2e19 > 2^64.
    let mut big = Accumulator::new(100);
    big.rounds = 2_200_000_000_000;
    big.hits = 2_000_000_000;
    big.max_win = 100_000;
    big.total_win = 2_000_000_000 * 100_000;
    big.sum_sq = 2_000_000_000u128 * 100_000 * 100_000;
    assert!(big.sum_sq > u128::from(u64::MAX));
    big.sources[0] = big.total_win;
    big.buckets[0] = big.rounds - big.hits;
    big.buckets[BUCKETS - 3] = big.hits;
    let f = put(&d, "big.json", &with_sums(&report, &big));
    let small = put(
        &d,
        "small.json",
        &ok(&[
            "sim",
            "moon-princess",
            "--rounds",
            "10000",
            "--seed",
            "99",
            "--json",
        ]),
    );
    let small_sums = typed(&std::fs::read_to_string(&small).unwrap()).sums;
    let merged = typed(&ok(&["merge", &f, &small, "--json"]));
    assert_eq!(
        merged.sums.sum_sq,
        big.sum_sq + small_sums.sum_sq,
        "exact above 2^64"
    );
    assert_eq!(merged.sums.rounds, big.rounds + 10_000);
}
