//! `export stake` and `export verify` from the command line: a small export of Wish Upon a
//! Star verifies and its books replay with `play`; refusals exit with status 2 naming what
//! was wrong.

mod common;

use common::{dir, ok, xtask};

/// Runs the runner, expects status 2 (input refused) and returns stderr.
fn refused(args: &[&str]) -> String {
    let (code, _, err) = xtask(args);
    assert_eq!(code, 2, "xtask {args:?}: {err}");
    err
}

#[test]
fn a_small_export_verifies_and_its_books_replay_with_play() {
    let out = dir("export");
    let path = out.to_str().unwrap();
    let text = ok(&[
        "export",
        "stake",
        "wish-upon-a-star",
        "--books",
        "300",
        "--reference-rounds",
        "30000",
        "--seed",
        "9",
        "--out",
        path,
    ]);
    assert!(
        text.contains("mode standard (cost 1.00): 300 books"),
        "{text}"
    );
    let verified = ok(&["export", "verify", path]);
    assert!(
        verified.contains("the export verifies") && verified.contains("300 books replayed"),
        "{verified}"
    );
    // Book 1's round, replayed by `play`, wins what the book says.
    let books = std::fs::read(out.join("books_standard.jsonl.zst")).unwrap();
    let text = String::from_utf8(zstd::decode_all(&books[..]).unwrap()).unwrap();
    let book: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let round = book["round"].as_u64().unwrap().to_string();
    let played = ok(&[
        "play",
        "wish-upon-a-star",
        "--seed",
        "9",
        "--round",
        &round,
        "--json",
    ]);
    let played: serde_json::Value = serde_json::from_str(&played).unwrap();
    let end = played["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(end["win"], book["win"], "{end}");
    // The folder now holds an export: another game's export there is refused.
    let err = refused(&[
        "export",
        "stake",
        "starlight-christmas",
        "--books",
        "300",
        "--reference-rounds",
        "30000",
        "--out",
        path,
    ]);
    assert!(err.contains("--force"), "{err}");
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn too_few_books_and_an_unknown_mode_are_refused() {
    let out = dir("export-refused");
    let path = out.to_str().unwrap();
    let err = refused(&[
        "export",
        "stake",
        "starlight-christmas",
        "--books",
        "5",
        "--reference-rounds",
        "30000",
        "--out",
        path,
    ]);
    assert!(
        err.contains("5 books cannot carry") && err.contains("books are needed"),
        "{err}"
    );
    let err = refused(&[
        "export",
        "stake",
        "wish-upon-a-star",
        "--mode",
        "ante",
        "--books",
        "300",
        "--out",
        path,
    ]);
    assert!(
        err.contains("no mode 'ante'") && err.contains("standard"),
        "{err}"
    );
    let err = refused(&["export", "verify", path]);
    assert!(err.contains("export.json"), "{err}");
    let _ = std::fs::remove_dir_all(&out);
}

/// An export of a model file given by a relative path verifies from another folder (the
/// summary records the file's absolute path); a summary naming a game this build does not
/// have, or a model file that is not where it says, is refused naming `export.json` and
/// what it names (not as if the command line had named them).
#[test]
fn an_export_of_a_model_file_verifies_from_another_folder() {
    let out = dir("export-model-file");
    let variant = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../crates/wish_upon_a_star/variants/rtp-96.00.json");
    std::fs::copy(&variant, out.join("w96.json")).unwrap();
    // Run where the file is, naming it relatively, as a designer does.
    let made = std::process::Command::new(env!("CARGO_BIN_EXE_xtask"))
        .current_dir(&out)
        .args([
            "export",
            "stake",
            "wish-upon-a-star",
            "--model",
            "w96.json",
            "--books",
            "300",
            "--reference-rounds",
            "30000",
            "--out",
            "exp",
        ])
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    // Verified from the test's own folder.
    let exp = out.join("exp");
    let text = ok(&["export", "verify", exp.to_str().unwrap()]);
    assert!(text.contains("the export verifies"), "{text}");
    // The same export again with too few books for its strata: refused (status 2) before it
    // changes the folder, so the earlier export still verifies (its manifest kept).
    let err = refused(&[
        "export",
        "stake",
        "wish-upon-a-star",
        "--model",
        out.join("w96.json").to_str().unwrap(),
        "--books",
        "5",
        "--reference-rounds",
        "30000",
        "--out",
        exp.to_str().unwrap(),
    ]);
    assert!(err.contains("5 books cannot carry"), "{err}");
    let text = ok(&["export", "verify", exp.to_str().unwrap()]);
    assert!(text.contains("the export verifies"), "{text}");
    // The file moved: the summary's path no longer reaches it.
    std::fs::rename(out.join("w96.json"), out.join("moved.json")).unwrap();
    let err = refused(&["export", "verify", exp.to_str().unwrap()]);
    assert!(
        err.contains("export.json: names the model '")
            && err.contains("w96.json' of wish-upon-a-star, which cannot be loaded here"),
        "{err}"
    );
    // Another game's name in the summary.
    let summary = exp.join("export.json");
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    v["game"] = "atlantis".into();
    std::fs::write(&summary, serde_json::to_string(&v).unwrap()).unwrap();
    let err = refused(&["export", "verify", exp.to_str().unwrap()]);
    assert!(
        err.contains("export.json: names the game 'atlantis', which this build does not have; its games are moon-princess, "),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&out);
}

/// Asked for more books than the reference run can fill, the export says how many it wrote
/// and why: each stratum is carried by all its rounds, or by 1 book when they all win the
/// same, and that is all a reference run of 1,000 rounds holds. Asked for no more than it
/// fills, it says nothing of the kind.
#[test]
fn an_export_short_of_books_says_how_many_and_why() {
    let out = dir("export-short");
    let export = |books: &str, folder: &str| {
        let path = out.join(folder);
        let text = ok(&[
            "export",
            "stake",
            "wish-upon-a-star",
            "--books",
            books,
            "--reference-rounds",
            "1000",
            "--seed",
            "9",
            "--out",
            path.to_str().unwrap(),
        ]);
        let summary: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path.join("export.json")).unwrap())
                .unwrap();
        (text, summary["modes"][0].clone())
    };
    let (text, mode) = export("5000", "short");
    let written = mode["books"].as_u64().unwrap();
    let mut carried = 0;
    for s in mode["strata"].as_array().unwrap() {
        let (rounds, books) = (s["rounds"].as_u64().unwrap(), s["books"].as_u64().unwrap());
        assert!(books == rounds || books == 1, "{s}");
        carried += books;
    }
    assert!(written < 5000 && written == carried, "{written} {carried}");
    assert!(
        text.contains(&format!(
            "mode standard: {written} books written, not the 5000 asked: the reference run's 1000 rounds carry no more"
        )) && text.contains("a longer reference run (--reference-rounds) gives more"),
        "{text}"
    );
    // As many as it can fill: the same books, and no such line.
    let (text, mode) = export(&written.to_string(), "full");
    assert_eq!(mode["books"].as_u64(), Some(written));
    assert!(!text.contains("asked"), "{text}");
    let _ = std::fs::remove_dir_all(&out);
}

/// A books file cut short (a copy that stopped) is refused as truncated, not as "not
/// zstd-compressed"; a file that is no zstd at all is refused as such; an empty one as empty.
#[test]
fn verify_tells_a_truncated_books_file_from_one_that_is_not_zstd() {
    let out = dir("export-truncated");
    let path = out.to_str().unwrap();
    ok(&[
        "export",
        "stake",
        "wish-upon-a-star",
        "--books",
        "200",
        "--reference-rounds",
        "2000",
        "--out",
        path,
    ]);
    let books = out.join("books_standard.jsonl.zst");
    let whole = std::fs::read(&books).unwrap();
    for (bytes, says) in [
        (
            whole[..whole.len() / 2].to_vec(),
            format!(
                "is truncated or damaged: its zstd frame does not end within its {} bytes",
                whole.len() / 2
            ),
        ),
        (
            b"{\"id\":1}\n".to_vec(),
            "is not zstd-compressed (it does not start with zstd's magic number 28 b5 2f fd)"
                .to_string(),
        ),
        (
            Vec::new(),
            "is empty: a books file is one zstd frame".to_string(),
        ),
    ] {
        std::fs::write(&books, &bytes).unwrap();
        let err = refused(&["export", "verify", path]);
        assert!(
            err.contains("books_standard.jsonl.zst") && err.contains(&says),
            "{says}: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}
