//! Reports prove where they come from: every field `merge` trusts is covered by a checksum
//! (an edit of any one is refused, naming it), one run reported twice is refused whatever
//! its seeds say, each game's own identities between its sums hold, counters cannot wrap,
//! a merged report merges again, wrong numbers are named, and reports can be signed.
//! Each case of the lab's and operator's list is tried as a user would, through the runner.

mod common;
use common::*;
use serde_json::Value;
use slot_core::fingerprint::Fingerprint;

/// A small run's report.
fn report(game: &[&str], seed: &str) -> String {
    let mut a = vec!["sim"];
    a.extend_from_slice(game);
    a.extend_from_slice(&[
        "--rounds",
        "30000",
        "--seed",
        seed,
        "--json",
        "--quiet",
        "--gof-rounds",
        "0",
    ]);
    ok(&a)
}

/// `text` with `field` set to `value`; with `fix`, its checksum follows (as a careful forger
/// would do), so that the deeper checks are what refuses it.
fn edited(text: &str, field: &str, new: Value, fix: bool) -> String {
    let mut v = value(text);
    let value = new;
    v[field] = value.clone();
    if fix {
        v["checksums"][field] = Fingerprint::of(&value).to_string().into();
    }
    serde_json::to_string(&v).unwrap()
}

/// `text` with `sums.<key>` set (its checksums follow).
fn edited_sums(text: &str, edit: impl Fn(&mut Value)) -> String {
    let mut v = value(text);
    edit(&mut v["sums"]);
    let sums: slot_sim::stats::Accumulator = serde_json::from_value(v["sums"].clone()).unwrap();
    let digest = Fingerprint::of(&sums).to_string();
    v["sums_sha256"] = digest.clone().into();
    v["checksums"]["sums"] = digest.into();
    serde_json::to_string(&v).unwrap()
}

/// `merge` of the files: (exit status, stdout, stderr).
fn merge(files: &[&str], extra: &[&str]) -> (i32, String, String) {
    let mut a = vec!["merge", "--json"];
    a.extend_from_slice(files);
    a.extend_from_slice(extra);
    xtask(&a)
}

fn refused(files: &[&str], extra: &[&str], want: &str) {
    let (code, _, err) = merge(files, extra);
    assert_eq!(code, 2, "{files:?} merged: {err}");
    assert!(err.contains(want), "'{want}' not in: {err}");
}

#[test]
fn an_edit_of_any_trusted_field_is_refused_by_name() {
    let d = dir("provenance-edits");
    let r = report(&["moon-princess", "--choice", "star"], "5");
    let a = put(&d, "a.json", &r);
    // A copy with only its seed edited would count the same rounds twice as another run.
    let seed = put(&d, "seed.json", &edited(&r, "seed", 6.into(), false));
    refused(&[&a, &seed], &[], "seed.json: its field seed changed");
    // Another model's fingerprint.
    let other = Fingerprint::of("another model").to_string();
    let model = put(
        &d,
        "model.json",
        &edited(&r, "model_fingerprint", other.into(), false),
    );
    refused(&[&model], &[], "its field model_fingerprint changed");
    for (field, value) in [
        ("rounds", Value::from(29_999)),
        ("mode", "love".into()),
        (
            "shard",
            serde_json::json!({"index": 0, "count": 2, "seed": 5, "rounds": 60000, "batches": [0, 3]}),
        ),
        ("convergence", serde_json::json!([])),
        ("threads", 7.into()),
    ] {
        let f = put(&d, "f.json", &edited(&r, field, value, false));
        refused(&[&f], &[], &format!("its field {field} changed"));
    }
    // The checksums themselves gone: an older runner's report, or edited.
    let mut v = value(&r);
    v.as_object_mut().unwrap().remove("checksums");
    let none = put(&d, "none.json", &serde_json::to_string(&v).unwrap());
    refused(&[&none], &[], "it has no checksums of its fields");
    // Untouched, it merges.
    assert_eq!(merge(&[&a], &[]).0, 0);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn one_run_reported_twice_is_refused_whatever_its_seeds_say() {
    let d = dir("provenance-twice");
    let r = report(&["wish-upon-a-star"], "5");
    let a = put(&d, "a.json", &r);
    // A careful forger also fixes the seed's checksum: the identical sums still tell.
    let b = put(&d, "b.json", &edited(&r, "seed", 6.into(), true));
    refused(&[&a, &b], &[], "identical sums: one run reported twice");
    // Two honest runs of different seeds merge.
    let c = put(&d, "c.json", &report(&["wish-upon-a-star"], "6"));
    let (code, out, err) = merge(&[&a, &c], &[]);
    assert_eq!(code, 0, "{err}");
    // ... and the merged report merges again, with a third run.
    let m = put(&d, "m.json", &out);
    let e = put(&d, "e.json", &report(&["wish-upon-a-star"], "7"));
    let (code, out, err) = merge(&[&m, &e], &[]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rounds"], 90_000);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn each_games_identities_and_the_counters_bounds_hold() {
    let d = dir("provenance-identities");
    let mp = report(&["moon-princess", "--choice", "storm"], "5");
    // Moon Princess's free-spin feature win is its free-spin source.
    let feature = put(
        &d,
        "feature.json",
        &edited_sums(&mp, |s| {
            let w = s["feature_wins"][0].as_u64().unwrap();
            s["feature_wins"][0] = (w + 1).into();
        }),
    );
    refused(&[&feature], &[], "the free spins feature won");
    // The largest win lies in a bucket that holds a round: move it to the floor of an empty
    // bucket above it, keeping every other bound (max^2 <= sum_sq, max <= total).
    let wish = report(&["wish-upon-a-star"], "5");
    let v = value(&wish);
    let s = &v["sums"];
    let (max, sum_sq, total) = (
        s["max_win"].as_u64().unwrap(),
        s["sum_sq"].as_u64().unwrap(),
        s["total_win"].as_u64().unwrap() - s["hits"].as_u64().unwrap(),
    );
    let buckets: Vec<u64> = s["buckets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap())
        .collect();
    let (b, floor) = slot_sim::stats::BUCKET_EDGES_X
        .iter()
        .enumerate()
        .map(|(i, x)| (i + 2, x * 100))
        .find(|&(b, f)| f > max && buckets[b] == 0 && f * f <= sum_sq && f <= total)
        .expect("an empty bucket above the largest win");
    let empty_max = put(
        &d,
        "max.json",
        &edited_sums(&wish, |s| s["max_win"] = floor.into()),
    );
    refused(
        &[&empty_max],
        &[],
        &format!(
            "max_win {floor} lies in bucket {}, which holds no round",
            slot_sim::stats::BUCKET_LABELS[b]
        ),
    );
    // Threads that would wrap when added.
    let a = put(
        &d,
        "a.json",
        &edited(&mp, "threads", Value::from(u64::MAX), true),
    );
    let b = put(
        &d,
        "b.json",
        &report(&["moon-princess", "--choice", "storm"], "6"),
    );
    refused(&[&a, &b], &[], "threads add up past the largest count");
    // Times that would add up to infinity.
    let t = put(
        &d,
        "t.json",
        &edited(&mp, "elapsed_seconds", Value::from(1e308), true),
    );
    refused(&[&t], &[], "elapsed_seconds 1e308 is not a time");
    // A float where a 128-bit sum belongs is named by its path.
    let f = put(
        &d,
        "float.json",
        &mp.replacen("\"total_win\":", "\"total_win\":1.5,\"x\":", 1),
    );
    refused(&[&f], &[], "sums.total_win must be a whole number");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn signed_reports_verify_and_unsigned_or_forged_ones_are_refused() {
    let d = dir("provenance-signed");
    let key = d.join("key");
    std::fs::write(&key, [42u8; 32]).unwrap();
    let other = d.join("other");
    std::fs::write(&other, [43u8; 32]).unwrap();
    let key = key.to_str().unwrap();
    let other = other.to_str().unwrap();
    let signed = ok(&[
        "sim",
        "starlight-christmas",
        "--rounds",
        "30000",
        "--seed",
        "5",
        "--json",
        "--quiet",
        "--gof-rounds",
        "0",
        "--sign-key",
        key,
    ]);
    let s = put(&d, "s.json", &signed);
    assert_eq!(merge(&[&s], &["--verify-key", key]).0, 0);
    refused(&[&s], &["--verify-key", other], "signature does not match");
    let u = put(&d, "u.json", &report(&["starlight-christmas"], "6"));
    refused(
        &[&s, &u],
        &["--verify-key", key],
        "u.json: the report is not signed",
    );
    // A signed report whose field and checksum were both edited: the signature tells.
    let forged = put(&d, "f.json", &edited(&signed, "seed", 9.into(), true));
    refused(
        &[&forged],
        &["--verify-key", key],
        "signature does not match",
    );
    // A merge signs its result; a short key is refused before anything is read.
    let s2 = put(
        &d,
        "s2.json",
        &ok(&[
            "sim",
            "starlight-christmas",
            "--rounds",
            "30000",
            "--seed",
            "6",
            "--json",
            "--quiet",
            "--gof-rounds",
            "0",
            "--sign-key",
            key,
        ]),
    );
    let (code, out, err) = merge(&[&s, &s2], &["--sign-key", key]);
    assert_eq!(code, 0, "{err}");
    let m = put(&d, "m.json", &out);
    assert_eq!(merge(&[&m], &["--verify-key", key]).0, 0);
    let short = d.join("short");
    std::fs::write(&short, [1u8; 8]).unwrap();
    refused(
        &[&m],
        &["--verify-key", short.to_str().unwrap()],
        "32 to 64",
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// A merge that signs vouches for its inputs: an unsigned input, one signed with another
/// key, or one edited since it was signed is refused by name, so the signature never covers
/// a report nobody verified (each input is verified under --verify-key if given, else under
/// the --sign-key).
#[test]
fn a_merge_that_signs_verifies_every_input_first() {
    let d = dir("provenance-sign-verifies");
    let key = d.join("key");
    std::fs::write(&key, [42u8; 32]).unwrap();
    let other = d.join("other");
    std::fs::write(&other, [43u8; 32]).unwrap();
    let (key, other) = (key.to_str().unwrap(), other.to_str().unwrap());
    let sim = |seed: &str, sign: Option<&str>| {
        let mut a = vec![
            "sim",
            "starlight-christmas",
            "--rounds",
            "30000",
            "--seed",
            seed,
            "--json",
            "--quiet",
            "--gof-rounds",
            "0",
        ];
        if let Some(k) = sign {
            a.extend_from_slice(&["--sign-key", k]);
        }
        ok(&a)
    };
    let signed = sim("5", Some(key));
    let s = put(&d, "s.json", &signed);
    let u = put(&d, "u.json", &sim("6", None));
    let o = put(&d, "o.json", &sim("7", Some(other)));
    let e = put(
        &d,
        "e.json",
        &edited(&sim("8", Some(key)), "seed", 18.into(), true),
    );
    // Unsigned: refused, named; nothing printed.
    let (code, out, err) = merge(&[&s, &u], &["--sign-key", key]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("u.json: the report is not signed"), "{err}");
    // Signed with another key, or edited since: refused, named.
    refused(
        &[&s, &o],
        &["--sign-key", key],
        "o.json: the signature does not match",
    );
    refused(
        &[&s, &e],
        &["--sign-key", key],
        "e.json: the signature does not match",
    );
    // With --verify-key the inputs are verified under it and the result signed with the
    // other key.
    let (code, out, err) = merge(&[&o], &["--verify-key", other, "--sign-key", key]);
    assert_eq!(code, 0, "{err}");
    let m = put(&d, "m.json", &out);
    assert_eq!(merge(&[&m], &["--verify-key", key]).0, 0);
    refused(
        &[&s],
        &["--verify-key", other, "--sign-key", key],
        "s.json: the signature does not match",
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// What `merge` writes, its reader reads: two reports whose times are each within the
/// thousand years a report may state but add up past it make a merged report the reader
/// would refuse, so the merge is refused, naming the field.
#[test]
fn a_merged_report_its_reader_would_refuse_is_not_made() {
    let d = dir("provenance-read-back");
    let long = |seed: &str| {
        edited(
            &report(&["starlight-christmas"], seed),
            "elapsed_seconds",
            2.0e10.into(),
            true,
        )
    };
    let a = put(&d, "a.json", &long("5"));
    let b = put(&d, "b.json", &long("6"));
    // Each reads alone.
    assert_eq!(merge(&[&a], &[]).0, 0);
    let (code, out, err) = merge(&[&a, &b], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("the merged report cannot be made")
            && err.contains("elapsed_seconds 4e10 is not a time from 0 to 3.2e10 seconds"),
        "{err}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

/// A key file is read only up to the longest key (64 bytes): a path naming a long or endless
/// file is refused at once, naming what a key is, for every option that takes a key.
#[test]
fn a_key_file_is_read_only_up_to_a_key_s_size() {
    let d = dir("provenance-key-size");
    // A 256 MB file (sparse: it takes no disk).
    let big = d.join("big");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(256 << 20)
        .unwrap();
    let big = big.to_str().unwrap();
    let r = put(&d, "r.json", &report(&["starlight-christmas"], "5"));
    for (args, option) in [
        (
            vec![
                "sim",
                "starlight-christmas",
                "--rounds",
                "1000",
                "--json",
                "--sign-key",
                big,
            ],
            "--sign-key",
        ),
        (vec!["merge", &r, "--verify-key", big], "--verify-key"),
        (vec!["merge", &r, "--sign-key", big], "--sign-key"),
    ] {
        let (code, out, err) = xtask(&args);
        assert_eq!(code, 2, "{err}");
        assert!(out.is_empty(), "{out}");
        assert!(
            err.contains(&format!(
                "{option} {big}: longer than 64 bytes: not a key of 32 to 64 secret bytes"
            )),
            "{err}"
        );
    }
    std::fs::remove_dir_all(&d).unwrap();
}

/// A report file is read only up to `MAX_JSON_BYTES` (256 MiB): a longer one is refused at
/// once, named, instead of read whole.
#[test]
fn a_report_file_is_read_only_up_to_its_bound() {
    let d = dir("provenance-report-size");
    let big = d.join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(slot_sim::files::MAX_JSON_BYTES + 1)
        .unwrap();
    let big = big.to_str().unwrap();
    let (code, out, err) = merge(&[big], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(&format!(
            "{big}: longer than 268435456 bytes: not a report or record this runner writes"
        )),
        "{err}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn small_outside_inputs_name_what_is_allowed() {
    // eval's multiplier: the rule's range, for any number typed.
    let (code, _, err) = xtask(&[
        "eval",
        "moon-princess",
        "--grid",
        "ci ci ci st he/be he st ci pg/pg pb pr W st/ci ci he he be/st st st be be",
        "--multiplier=-1",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("the multiplier is 1 to 20"), "{err}");
    // tune refuses figures from too few rounds, and a search that noise would steer: the
    // RTP's own interval wider than the 0.10 pp a model may miss its target by.
    let (code, _, err) = xtask(&["tune", "starlight-christmas", "--rounds", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("must be at least 2"), "{err}");
    let (code, _, err) = xtask(&["tune", "starlight-christmas", "--rounds", "200000"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--rounds: noise: at 200000 base games the RTP is known to +-")
            && err.contains("base games or more"),
        "{err}"
    );
    let (code, _, err) = xtask(&[
        "tune",
        "moon-princess",
        "--rounds",
        "2000000",
        "--choice",
        "storm",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("noise: at --rounds 2000000 pick storm's RTP is known to +-"),
        "{err}"
    );
    // A stored round whose seal is empty is told it has no seal, not a bad fingerprint.
    let e = "".parse::<slot_core::seal::Seal>().unwrap_err().to_string();
    assert!(e.contains("is not a seal"), "{e}");
}
