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
