//! `fuzz-seeds`: the generated part of the fuzz targets' seed corpora (`fuzz/seeds/`), written
//! from the code, and a check that the committed files are what the code writes today.
//!
//! Generated: every shipped math model of every game as a model file
//! (`model_json/<game>-<model>.json`, through [`slot_core::Game::named_model`]), and Moon
//! Princess's stored paused rounds (`moon_princess_stored_round/model<M>-<sealed|unsealed>-<K>.json`:
//! the first two rounds of each of its three models that wait for the pick, drawn from an
//! empty fuzzer input, stored with a bet from the ladder, sealed with the fuzz key); the
//! equivalence records (`equivalence_record/`: 3 rounds of every game, shipped model and mode
//! as `equivalence record --rounds 3` writes them, one entry of each game alone, and broken
//! ones made from them: a round digest changed, the entry digest changed, more rounds than
//! digests, another format, game, model or mode, an unknown field); and the shipped variant
//! files (`variant_file/<game>-<file>`, copied from `crates/<game>/variants/`, and broken
//! ones: an edited target, another format). The other seeds (broken inputs, hand-made grids,
//! reports, split records, certification files and keys) are written by hand and left alone.

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
    equivalence_records(&mut files)?;
    variant_files(&mut files)?;
    Ok(files)
}

/// The rounds per entry of the generated equivalence records (as `equivalence record
/// --rounds 3` writes them: small, so that the fuzzer replays them fast).
const EQUIVALENCE_ROUNDS: u64 = 3;

/// The entries of every shipped model and mode of `G`, as `equivalence record` makes them.
fn equivalence_entries<G: Game>(entries: &mut Vec<slot_sim::equivalence::Entry>) -> CliResult {
    for &name in G::MODEL_NAMES {
        let game = crate::commands::game_of::<G>(Some(name), None)?;
        for &mode in G::MODES {
            entries.push(slot_sim::equivalence::record(
                &game,
                name,
                mode,
                crate::commands::DEFAULT_SEED,
                EQUIVALENCE_ROUNDS,
            ));
        }
    }
    Ok(())
}

/// `equivalence_record/`: the whole record, one entry of each game alone, and broken ones.
fn equivalence_records(files: &mut Vec<(String, String)>) -> CliResult {
    use slot_sim::equivalence::{EquivalenceRecord, FORMAT};
    let mut entries = Vec::new();
    equivalence_entries::<moon_princess::MoonPrincess>(&mut entries)?;
    equivalence_entries::<wish_upon_a_star::WishUponAStar>(&mut entries)?;
    equivalence_entries::<starlight_christmas::StarlightChristmas>(&mut entries)?;
    let record = |entries: Vec<slot_sim::equivalence::Entry>| EquivalenceRecord {
        format: FORMAT,
        entries,
    };
    let mut push = |name: &str, text: String| {
        files.push((format!("equivalence_record/{name}.json"), text));
    };
    push(
        &format!("all-{EQUIVALENCE_ROUNDS}-rounds"),
        record(entries.clone()).to_json(),
    );
    let mut firsts = Vec::new();
    for game in [
        moon_princess::MoonPrincess::NAME,
        wish_upon_a_star::WishUponAStar::NAME,
        starlight_christmas::StarlightChristmas::NAME,
    ] {
        let first = entries
            .iter()
            .find(|e| e.game == game)
            .ok_or_else(|| CliError(format!("no equivalence entry of {game}")))?
            .clone();
        push(
            &format!("{game}-one-entry"),
            record(vec![first.clone()]).to_json(),
        );
        firsts.push(first);
    }
    // Broken ones, each of one entry that replays in a few rounds.
    let one = firsts[0].clone();
    let broken = |f: &dyn Fn(&mut slot_sim::equivalence::Entry)| {
        let mut e = one.clone();
        f(&mut e);
        record(vec![e]).to_json()
    };
    // Round 1's digest changed: the 32-bit digests are hexadecimal, so an `x` never is one.
    push(
        "broken-round-1",
        broken(&|e| e.round_digests.replace_range(8..9, "x")),
    );
    push(
        "broken-entry-digest",
        broken(&|e| e.digest = "0".repeat(64)),
    );
    push(
        "broken-more-rounds-than-digests",
        broken(&|e| e.rounds += 1),
    );
    push(
        "broken-model-fingerprint",
        broken(&|e| e.model_fingerprint = "0".repeat(64)),
    );
    push("broken-game", broken(&|e| e.game = "moon-prince".into()));
    push("broken-model", broken(&|e| e.model = "rtp-99.99".into()));
    push("broken-mode", broken(&|e| e.mode = "sun".into()));
    push(
        "broken-format",
        record(vec![one.clone()])
            .to_json()
            .replace("\"format\": 1", "\"format\": 2"),
    );
    push(
        "broken-unknown-field",
        record(vec![one.clone()])
            .to_json()
            .replace("{\"game\"", "{\"extra\":0,\"game\""),
    );
    Ok(())
}

/// `variant_file/`: every shipped variant file, and broken ones made from one.
fn variant_files(files: &mut Vec<(String, String)>) -> CliResult {
    let root = workspace_root();
    let mut first = None;
    for (game, dir) in [
        (moon_princess::MoonPrincess::NAME, "moon_princess"),
        (wish_upon_a_star::WishUponAStar::NAME, "wish_upon_a_star"),
        (
            starlight_christmas::StarlightChristmas::NAME,
            "starlight_christmas",
        ),
    ] {
        let folder = root.join("crates").join(dir).join("variants");
        let mut names: Vec<String> = std::fs::read_dir(&folder)
            .map_err(|e| CliError(format!("cannot read {}: {e}", folder.display())))?
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".json"))
            .collect();
        names.sort();
        for name in names {
            let path = folder.join(&name);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| CliError(format!("cannot read {}: {e}", path.display())))?;
            files.push((format!("variant_file/{game}-{name}"), text.clone()));
            if game == starlight_christmas::StarlightChristmas::NAME && first.is_none() {
                first = Some(text);
            }
        }
    }
    let text = first.ok_or_else(|| CliError("Starlight Christmas ships no variant file".into()))?;
    let edit = |from: &str, to: &str| -> Result<String, CliError> {
        if !text.contains(from) {
            return Err(CliError(format!("no '{from}' in the variant file to edit")));
        }
        Ok(text.replacen(from, to, 1))
    };
    files.push((
        "variant_file/broken-edited-target.json".into(),
        edit("\"target_rtp\": \"94.50\"", "\"target_rtp\": \"94.51\"")?,
    ));
    files.push((
        "variant_file/broken-format.json".into(),
        edit("slot-math variant 1", "slot-math variant 2")?,
    ));
    Ok(())
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
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| CliError(format!("cannot create {}: {e}", parent.display())))?;
            }
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
