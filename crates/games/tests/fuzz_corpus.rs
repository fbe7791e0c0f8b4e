//! Replays the committed seed corpus of the fuzz target `registry_round`
//! (`fuzz/seeds/registry_round/`) as an ordinary test, so its check
//! (`slot_games::fuzzing::check_round`) keeps compiling and passing between fuzzing sessions;
//! and shows that the log check fails on a log that breaks an invariant.

use slot_core::fuzz_seeds::replay_at_least;

#[test]
fn the_registry_round_seeds_keep_every_invariant() {
    let n = replay_at_least("registry_round", slot_games::fuzzing::check_round, 8);
    assert!(n >= 8);
}

#[test]
fn every_game_mode_and_model_of_the_registry_is_reached() {
    // Byte 0 picks the game, byte 1 the mode, byte 2 the model: each of them, one round.
    for (g, entry) in slot_games::all().iter().enumerate() {
        for m in 0..entry.modes().len() {
            for model in 0..entry.model_names().len() {
                let input = [
                    g as u8,
                    m as u8,
                    model as u8,
                    7,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                    3,
                ];
                slot_games::fuzzing::check_round(&input);
            }
        }
    }
}

#[test]
fn the_log_check_fails_on_a_log_that_breaks_an_invariant() {
    use slot_core::events::Event;
    use slot_core::money::Win;
    use slot_games::fuzzing::check_log;
    use slot_sim::face::ModelSource;
    let entry = slot_games::named("starlight-christmas").unwrap();
    let loaded = entry.load(ModelSource::Named("stress")).unwrap();
    // Round 20 of the default seed on the stress model reaches the cap (the viewer's test).
    let (win, log) = loaded.replay("standard", 20_261_129, 20).unwrap();
    let cap = Some(Win::from_hundredths(500_000));
    let fp = loaded.fingerprint();
    check_log("as played", entry.name(), fp, cap, win, &log);
    assert_eq!(win, Win::from_hundredths(500_000));
    let fails = |name: &str, cap: Option<Win>, win: Win, log: &slot_core::events::EventLog| {
        std::panic::catch_unwind(|| check_log("edited", name, fp, cap, win, log)).is_err()
    };
    assert!(
        fails("moon-princess", cap, win, &log),
        "another game's name"
    );
    assert!(fails(entry.name(), None, win, &log), "capped without a cap");
    assert!(
        fails(entry.name(), Some(Win::from_hundredths(400_000)), win, &log),
        "above the cap"
    );
    assert!(
        fails(entry.name(), cap, Win::from_hundredths(1), &log),
        "another win"
    );
    let mut no_start = log.clone();
    no_start.events.remove(0);
    assert!(fails(entry.name(), cap, win, &no_start), "no round_start");
    let mut no_end = log.clone();
    no_end.events.pop();
    assert!(fails(entry.name(), cap, win, &no_end), "no round_end");
    let mut other_model = log.clone();
    if let Event::RoundStart { model, .. } = &mut other_model.events[0] {
        *model = slot_core::fingerprint::Fingerprint::of_bytes(b"another model");
    }
    assert!(fails(entry.name(), cap, win, &other_model), "another model");
}

/// The workspace's root (this crate is `crates/games`).
fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn the_committed_generated_seeds_are_what_the_library_writes() {
    use slot_games::fuzzing::seeds;
    let root = workspace_root();
    // Every generated seed is committed as the code writes it (`cargo xtask fuzz-seeds --check`).
    let n = seeds::check(&root).unwrap_or_else(|e| panic!("{e}"));
    let files = seeds::generated(&root).unwrap();
    assert_eq!(n, files.len());
    for dir in [
        "model_json",
        "moon_princess_stored_round",
        "equivalence_record",
        "variant_file",
    ] {
        assert!(files.iter().any(|f| f.name.starts_with(dir)), "{dir}");
    }
    // The check can fail: a folder holding a copy with one file changed and one missing is
    // refused, naming exactly those two.
    let dir = std::env::temp_dir().join(format!("seeds-check-{}", std::process::id()));
    for f in &files {
        let path = dir.join(&f.name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, &f.text).unwrap();
    }
    assert!(seeds::stale(&dir, &files).is_empty());
    std::fs::write(dir.join(&files[0].name), "{}").unwrap();
    std::fs::remove_file(dir.join(&files[files.len() - 1].name)).unwrap();
    assert_eq!(
        seeds::stale(&dir, &files),
        vec![files[0].name.clone(), files[files.len() - 1].name.clone()]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
