//! Replays the fuzz target's seed corpus (`fuzz/seeds/wish_upon_a_star_round/`) as an ordinary test, so the
//! fuzz check keeps compiling and passing between fuzzing sessions.

#[test]
fn seed_corpus_passes_the_fuzz_check() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/seeds/wish_upon_a_star_round");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("the seed corpus exists") {
        let path = entry.unwrap().path();
        wish_upon_a_star::fuzzing::check_round(&std::fs::read(&path).unwrap());
        n += 1;
    }
    assert!(
        n >= 8,
        "the seed corpus has {n} inputs; expected at least 8"
    );
}
