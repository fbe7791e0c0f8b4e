//! `fuzz-seeds`: the generated part of the fuzz targets' seed corpora (`fuzz/seeds/`), written
//! from the code, and a check that the committed files are what the code writes today.
//!
//! Generated: every shipped math model of every game as a model file
//! (`model_json/<game>-<model>.json`, through [`slot_core::Game::named_model`]), and Moon
//! Princess's stored paused rounds (`moon_princess_stored_round/model<M>-<sealed|unsealed>-<K>.json`:
//! the first two rounds of each of its three models that wait for the pick, drawn from an
//! empty fuzzer input, stored with a bet from the ladder, sealed with the fuzz key). The other
//! seeds (broken inputs, hand-made grids and reports) are written by hand and left alone.

use crate::codegen::workspace_root;
use crate::runner::{CliError, CliResult};
use slot_core::Game;
use std::path::PathBuf;

/// Every generated seed file: its path under `fuzz/seeds/` and its content.
fn generated() -> Result<Vec<(String, String)>, CliError> {
    let mut files = Vec::new();
    model_files::<moon_princess::MoonPrincess>(&mut files)?;
    model_files::<wish_upon_a_star::WishUponAStar>(&mut files)?;
    model_files::<starlight_christmas::StarlightChristmas>(&mut files)?;
    stored_rounds(&mut files)?;
    Ok(files)
}

/// `model_json/<game>-<model>.json` for every shipped model of `G`.
fn model_files<G: Game>(files: &mut Vec<(String, String)>) -> CliResult {
    for name in G::MODEL_NAMES {
        let model = G::named_model(name)
            .ok_or_else(|| CliError(format!("{} lists model {name} but has none", G::NAME)))?;
        files.push((
            format!("model_json/{}-{name}.json", G::NAME),
            serde_json::to_string(&model)?,
        ));
    }
    Ok(())
}

/// Moon Princess's stored paused rounds: two of each model, unsealed and sealed.
fn stored_rounds(files: &mut Vec<(String, String)>) -> CliResult {
    use moon_princess::fuzzing::{FUZZ_SEAL_KEY, games};
    use moon_princess::{BET_LADDER, NoRecorder, RoundId, RoundState, SealKey};
    let key = SealKey::new(FUZZ_SEAL_KEY)?;
    for (g, game) in games().iter().enumerate() {
        let mut rng = slot_core::bytes_rng::BytesRng::new(&[]);
        let mut found = 0;
        // The Trinity stress model seldom pauses (its rounds reach the cap first).
        for _ in 0..2_000 {
            if found == 2 {
                break;
            }
            if let RoundState::AwaitingPick(p) = game.start_round(&mut rng, NoRecorder) {
                let id = RoundId::new(&format!("seed-{g}-{found}"))?;
                let bet = BET_LADDER
                    .steps()
                    .nth(found * 7)
                    .ok_or_else(|| CliError("the bet ladder is too short".into()))?;
                let name =
                    |kind: &str| format!("moon_princess_stored_round/model{g}-{kind}-{found}.json");
                files.push((name("unsealed"), p.store(id.clone(), bet)?.to_json()));
                files.push((name("sealed"), p.store_sealed(id, bet, &key)?.to_json()));
                found += 1;
            }
        }
    }
    Ok(())
}

/// `fuzz-seeds`: writes the generated seeds, or with `check` only compares them with the
/// committed files and fails naming every file that is missing or differs.
pub fn fuzz_seeds(check: bool) -> CliResult {
    let dir: PathBuf = workspace_root().join("fuzz/seeds");
    let mut stale = Vec::new();
    let files = generated()?;
    for (name, text) in &files {
        let path = dir.join(name);
        let now = std::fs::read_to_string(&path).ok();
        if now.as_deref() == Some(text.as_str()) {
            continue;
        }
        if check {
            stale.push(name.clone());
        } else {
            slot_sim::files::write_atomic(&path, text.as_bytes())?;
            println!("wrote fuzz/seeds/{name}");
        }
    }
    if !stale.is_empty() {
        return Err(CliError(format!(
            "{} generated fuzz seeds are missing or stale (run `cargo xtask fuzz-seeds` and commit them): {}",
            stale.len(),
            stale.join(", ")
        )));
    }
    if check {
        println!("{} generated fuzz seeds are current", files.len());
    }
    Ok(())
}
