//! Replays the committed seed corpora of the fuzz targets that check this game
//! (`fuzz/seeds/<target>/`) as ordinary tests, so the fuzz checks keep compiling and passing
//! between fuzzing sessions.

use starlight_christmas::fuzzing;

#[test]
fn seed_corpus_passes_the_fuzz_check() {
    slot_core::fuzz_seeds::replay_at_least("play_round", fuzzing::check_round, 8);
}

#[test]
fn model_json_seeds_pass_the_fuzz_check() {
    slot_core::fuzz_seeds::replay_at_least("model_json", fuzzing::check_model_json, 8);
}

#[test]
fn grid_text_seeds_pass_the_fuzz_check() {
    slot_core::fuzz_seeds::replay_at_least("grid_text", fuzzing::check_grid_text, 8);
}
