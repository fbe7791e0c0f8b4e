//! `export_stake` and `export_verify`: a game's modes as Stake Engine math files
//! ([`slot_sim::export`]) and an export checked ([`slot_sim::export_verify`]), through the
//! registry's face as `cargo xtask export stake|verify` calls them.

use crate::errors::{Kind, error};
use crate::games::{face_error, interruptible, named, source_of};
use pyo3::prelude::*;
use slot_sim::export::{ExportError, ExportRequest, SavedModel};
use slot_sim::export_verify::{VerifyError, load_exported, read_summary, verify};
use std::path::{Path, PathBuf};

/// The repository this package was built from (its certification records and market
/// profiles), where it still is: the default `repository` of [`_export_stake`].
fn built_from() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()?
        .to_path_buf();
    root.join("markets").is_dir().then_some(root)
}

/// An export refused or failed as the package's typed error: a mode, a count, the evidence or
/// the folder refused is a `ConfigError`, anything else a `SimulationError`.
fn export_error(e: ExportError) -> PyErr {
    match e {
        e @ (ExportError::UnknownMode(_)
        | ExportError::Weights { .. }
        | ExportError::Evidence { .. }
        | ExportError::TooLarge { .. }) => error(Kind::Config, e.to_string()),
        ExportError::Files(e) => crate::errors::sim_error(e),
        e => error(Kind::Simulation, e.to_string()),
    }
}

/// Exports `game` (the model `model` or the variant `rtp`; the published model without
/// either) for Stake Engine into the folder `out`, as `cargo xtask export stake` does; returns
/// the summary's JSON (`export.json`).
#[pyfunction]
#[pyo3(signature = (game, out, *, books, reference_rounds=1_000_000, seed=None, mode=None, rtp=None, model=None, repository=None, uncertified=false, cap_search_rounds=20_000_000, force=false))]
#[allow(clippy::too_many_arguments)]
pub fn _export_stake(
    py: Python<'_>,
    game: &str,
    out: PathBuf,
    books: u64,
    reference_rounds: u64,
    seed: Option<u64>,
    mode: Option<&str>,
    rtp: Option<Bound<'_, PyAny>>,
    model: Option<&str>,
    repository: Option<PathBuf>,
    uncertified: bool,
    cap_search_rounds: u64,
    force: bool,
) -> PyResult<String> {
    let rtp = rtp
        .map(|r| Ok::<_, PyErr>(r.str()?.to_string()))
        .transpose()?;
    let id = named(game)?;
    let source = source_of(model, rtp.as_deref())?;
    if books == 0 {
        return Err(error(Kind::Config, "books: must be at least 1 (it was 0)"));
    }
    let saved = match (model, &rtp) {
        (Some(m), _) => SavedModel::Named(m.to_string()),
        (None, Some(_)) => match source {
            slot_sim::face::ModelSource::Rtp(r) => SavedModel::Rtp(r.0),
            _ => SavedModel::Published,
        },
        (None, None) => SavedModel::Published,
    };
    let root = repository.or_else(built_from);
    let loaded = id.load(source).map_err(face_error)?;
    let summary = interruptible(py, |_| {
        loaded.export_stake(&ExportRequest {
            model: saved,
            mode,
            books,
            reference_rounds,
            seed: seed.unwrap_or(slot_core::replay::DEFAULT_SEED),
            dir: &out,
            force,
            root: root.as_deref(),
            uncertified,
            cap_search_rounds,
        })
    })?
    .map_err(export_error)?;
    Ok(summary.to_json())
}

/// Verifies the export in the folder `dir`, as `cargo xtask export verify` does; returns the
/// lines it prints. Every refusal is a `ConfigError` naming the folder and the file, as the
/// runner's: a game or model the summary names that cannot be loaded here is refused as
/// `<dir>: export.json: names ...` ([`load_exported`], the runner's own call), not as if the
/// caller had named them.
#[pyfunction]
pub fn _export_verify(py: Python<'_>, dir: PathBuf) -> PyResult<String> {
    let refused = |e: VerifyError| error(Kind::Config, format!("{}: {e}", dir.display()));
    let summary = read_summary(&dir).map_err(refused)?;
    let game = load_exported(&summary, slot_games::all()).map_err(refused)?;
    let verified = interruptible(py, |_| verify(&dir, &*game))?.map_err(refused)?;
    Ok(verified.to_text())
}
