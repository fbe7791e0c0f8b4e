//! Replays the committed seed corpora of the fuzz targets that check this game
//! (`fuzz/seeds/<target>/`) as ordinary tests, so the fuzz checks keep compiling and passing
//! between fuzzing sessions.

use wish_upon_a_star::fuzzing;

/// Runs `check` on every file of `fuzz/seeds/<target>/`; returns how many there were.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/seeds")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("the seed corpus exists") {
        let path = entry.unwrap().path();
        check(&std::fs::read(&path).unwrap());
        n += 1;
    }
    n
}

#[test]
fn seed_corpus_passes_the_fuzz_check() {
    let n = replay("wish_upon_a_star_round", fuzzing::check_round);
    assert!(
        n >= 8,
        "the seed corpus has {n} inputs; expected at least 8"
    );
}

#[test]
fn model_json_seeds_pass_the_fuzz_check() {
    let n = replay("model_json", fuzzing::check_model_json);
    assert!(
        n >= 8,
        "the seed corpus has {n} inputs; expected at least 8"
    );
}

#[test]
fn grid_text_seeds_pass_the_fuzz_check() {
    let n = replay("grid_text", fuzzing::check_grid_text);
    assert!(
        n >= 8,
        "the seed corpus has {n} inputs; expected at least 8"
    );
}

/// Writes the generated seeds (the model file). Run by hand after a format change:
/// `cargo test -p wish-upon-a-star --test fuzz_corpus -- --ignored write_seeds`.
#[test]
#[ignore = "writes fuzz/seeds; run by hand"]
fn write_seeds() {
    let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds");
    let m = wish_upon_a_star::MathModel::standard();
    let path = seeds.join("model_json/wish-upon-a-star-standard.json");
    std::fs::write(path, serde_json::to_string(&m).unwrap()).unwrap();
}
