//! `_markets`: which markets may run each variant and mode of a game, and what its help page
//! must show ([`slot_sim::markets::judge_game`]), as `cargo xtask markets` judges it: the
//! profiles of the repository's `markets/` folder, the games' committed certification
//! records, the verdicts as the runner's `--json` prints them.

use crate::errors::{Kind, error};
use crate::games::{self, named};
use crate::{convert::json_to_py, rtp_text};
use pyo3::prelude::*;
use slot_sim::markets::{self, Models};
use std::path::PathBuf;

/// The repository this package was built from: its `markets/` profiles and the games'
/// certification records are read below it unless `repository=` names another.
fn built_from() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

/// The verdicts of `markets` (profile ids; all for none) on every variant of the game's
/// ladder, or the variant at `rtp`, or the model `model` (a shipped model's name or a model
/// file's path): the runner's `markets --json` as Python data. `repository` is the
/// repository (default: the one this package was built from).
#[pyfunction]
#[pyo3(signature = (game, rtp = None, model = None, markets = None, repository = None))]
pub fn _markets<'py>(
    py: Python<'py>,
    game: &str,
    rtp: Option<Bound<'py, PyAny>>,
    model: Option<String>,
    markets: Option<Vec<String>>,
    repository: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let rtp = rtp_text(rtp)?;
    let models = match (rtp, model) {
        (Some(_), Some(_)) => {
            return Err(error(
                Kind::Config,
                "rtp and model: give one of them, not both",
            ));
        }
        (Some(r), None) => Models::Rtp(
            r.parse()
                .map_err(|e| error(Kind::Config, format!("rtp: {e}")))?,
        ),
        (None, Some(m)) => Models::Named(m),
        (None, None) => Models::Ladder,
    };
    let root = repository.unwrap_or_else(built_from);
    let ids = markets.unwrap_or_default();
    let id = named(game)?;
    let matrix = slot_games::with_game!(id.name(), G => {
        markets::judge_game::<G>(&root, &root.join("markets"), &ids, &models)
    })
    .map_err(games::unknown)?
    .map_err(|e| match e {
        markets::MarketsError::Model(e) => error(Kind::Model, e.to_string()),
        e => error(Kind::Config, e.to_string()),
    })?;
    json_to_py(py, &matrix.json())
}
