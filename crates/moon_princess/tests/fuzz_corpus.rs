//! Replays the committed seed corpora of the fuzz targets that check Moon Princess
//! (`fuzz/seeds/<target>/`) as ordinary tests, so the fuzz checks keep compiling and passing
//! between fuzzing sessions.

use moon_princess::fuzzing;

#[test]
fn seed_corpus_passes_the_fuzz_check() {
    slot_core::fuzz_seeds::replay_at_least("moon_princess_round", fuzzing::check_round, 8);
}

#[test]
fn stored_round_seeds_pass_the_fuzz_check() {
    slot_core::fuzz_seeds::replay_at_least(
        "moon_princess_stored_round",
        fuzzing::check_stored_round,
        8,
    );
}

#[test]
fn model_json_seeds_pass_the_fuzz_check() {
    slot_core::fuzz_seeds::replay_at_least("model_json", fuzzing::check_model_json, 8);
}

#[test]
fn grid_text_seeds_pass_the_fuzz_check() {
    slot_core::fuzz_seeds::replay_at_least("grid_text", fuzzing::check_grid_text, 8);
}

/// Writes the generated seeds: stored rounds paused by each model (unsealed, and sealed with
/// the fuzz key) and the model files. Run by hand after a format change:
/// `cargo test -p moon-princess --test fuzz_corpus -- --ignored write_seeds`.
#[test]
#[ignore = "writes fuzz/seeds; run by hand"]
fn write_seeds() {
    use moon_princess::{BET_LADDER, MathModel, RoundId, RoundState, SealKey};
    let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds");
    let key = SealKey::new(fuzzing::FUZZ_SEAL_KEY).unwrap();
    for (g, game) in fuzzing::games().iter().enumerate() {
        let mut rng = slot_core::bytes_rng::BytesRng::new(&[]);
        let mut found = 0;
        // The Trinity stress model seldom pauses (its rounds reach the cap first).
        for _ in 0..2_000 {
            if found == 2 {
                break;
            }
            if let RoundState::AwaitingPick(p) =
                game.start_round(&mut rng, moon_princess::NoRecorder)
            {
                let id = RoundId::new(&format!("seed-{g}-{found}")).unwrap();
                let bet = BET_LADDER.steps().nth(found * 7).unwrap();
                let name = |kind: &str| {
                    seeds.join(format!(
                        "moon_princess_stored_round/model{g}-{kind}-{found}.json"
                    ))
                };
                std::fs::write(
                    name("unsealed"),
                    p.store(id.clone(), bet).unwrap().to_json(),
                )
                .unwrap();
                std::fs::write(
                    name("sealed"),
                    p.store_sealed(id, bet, &key).unwrap().to_json(),
                )
                .unwrap();
                found += 1;
            }
        }
    }
    let models = [
        ("standard", MathModel::standard()),
        ("stress-trinity", MathModel::stress_trinity()),
        ("stress-free-spins", MathModel::stress_free_spins()),
    ];
    for (name, m) in models {
        let path = seeds.join(format!("model_json/moon-princess-{name}.json"));
        std::fs::write(path, serde_json::to_string(&m).unwrap()).unwrap();
    }
}
