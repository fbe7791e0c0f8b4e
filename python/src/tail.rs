//! `_tail`: the odds of rare wins, P(a round's win >= x), by multilevel splitting
//! ([`slot_sim::rare`]) through the registry's face ([`slot_sim::face::GameEntry::tail`]), as
//! the runner's `cargo xtask tail GAME [--rtp R] [--choice X | --ante] --level L
//! [--until-relative P]` plays it: the same arguments give the same record (the same sums),
//! whatever the thread count. Run with the GIL released and stopped by Ctrl-C.

use crate::errors::{Kind, error};
use crate::games::{self, face_error, interruptible, mode_of, source_of};
use crate::{count, rtp_text, seed_arg, shown, threads_arg};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use slot_core::Game;
use slot_sim::Watch;
use slot_sim::face::{FaceError, TailRequest};
use slot_sim::rare::plan::x_bet;
use slot_sim::rare::{RareError, Splitting, TailConfig, TailLevels};

/// The runner's default root rounds (`cargo xtask tail --help`: `--rounds`).
const MAX_ROOTS: u64 = 1_000_000;

/// What `level=` may be, for its error messages.
const LEVEL_RULE: &str = "a win in x bet above 0 with at most two decimals (5000, 312.5, \"5000\"), \
     several separated by commas (\"1000,5000\"), or a list of them";

/// One level as the text [`TailLevels::parse`] reads: a `str` as given, an `int` or a
/// `float` as Python writes it (`312.5`; a bool is refused).
fn level_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    let refuse = || {
        error(
            Kind::Config,
            format!("level: must be {LEVEL_RULE} (it was {})", shown(value)),
        )
    };
    if value.is_instance_of::<PyString>() {
        return Ok(value.str()?.to_string());
    }
    let is_bool = value.is_instance_of::<pyo3::types::PyBool>();
    if !is_bool && (value.is_instance_of::<PyInt>() || value.is_instance_of::<PyFloat>()) {
        return Ok(value.str()?.to_string());
    }
    Err(refuse())
}

/// The tail levels `level=` names: one level, a comma-separated text of them, or a list or
/// tuple of levels ([`level_text`]), read as the runner's `--level` reads them.
fn levels_arg(level: &Bound<'_, PyAny>) -> PyResult<TailLevels> {
    let text = if level.is_instance_of::<PyList>() || level.is_instance_of::<PyTuple>() {
        let parts = level
            .try_iter()?
            .map(|item| level_text(&item?))
            .collect::<PyResult<Vec<String>>>()?;
        if parts.is_empty() {
            return Err(error(
                Kind::Config,
                format!("level: an empty list; give {LEVEL_RULE}"),
            ));
        }
        parts.join(",")
    } else {
        level_text(level)?
    };
    TailLevels::parse(&text).map_err(|e| error(Kind::Config, format!("level: {e}")))
}

/// `until_relative=` as the fraction [`TailConfig::until_relative`] takes: a percentage
/// above 0 and below 100 (`5` for 5 %), as `--until-relative`.
fn until_relative_arg(value: Option<Bound<'_, PyAny>>) -> PyResult<Option<(f64, f64)>> {
    let Some(value) = value else { return Ok(None) };
    let refuse = || {
        error(
            Kind::Config,
            format!(
                "until_relative: must be a percentage above 0 and below 100, e.g. 5 for a 95 % \
                 half-width of 5 % of the estimate (it was {})",
                shown(&value)
            ),
        )
    };
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(refuse());
    }
    let p: f64 = value.extract().map_err(|_| refuse())?;
    if p.is_finite() && p > 0.0 && p < 100.0 {
        Ok(Some((p, p / 100.0)))
    } else {
        Err(refuse())
    }
}

/// The Python exception of a rare-event run refused or failed: threads that could not start
/// are a `SimulationError`, everything else as [`face_error`].
fn tail_error(e: FaceError) -> PyErr {
    match e {
        FaceError::Rare(e @ (RareError::Sim(_) | RareError::Interrupted)) => {
            error(Kind::Simulation, e.to_string())
        }
        e => face_error(e),
    }
}

/// A rare-event run of `game` (see `slot_math.tail`): the record's JSON text (`record`, as
/// `tail --out` writes it), its estimates' JSON text (`estimates`, as `tail --json` prints
/// them), the runner's text of the record (`text`), the threads used (`threads`) and
/// whether every level reached `until_relative` (`met`, `None` without it).
#[pyfunction]
#[pyo3(signature = (game, level, *, mode=None, pick=None, rtp=None, model=None, until_relative=None, seed=None, max_roots=None, threads=None, start_copies=None, split=None, base_game=false))]
#[allow(clippy::too_many_arguments)]
pub fn _tail<'py>(
    py: Python<'py>,
    game: &str,
    level: Bound<'py, PyAny>,
    mode: Option<&str>,
    pick: Option<&str>,
    rtp: Option<Bound<'py, PyAny>>,
    model: Option<&str>,
    until_relative: Option<Bound<'py, PyAny>>,
    seed: Option<Bound<'py, PyAny>>,
    max_roots: Option<Bound<'py, PyAny>>,
    threads: Option<Bound<'py, PyAny>>,
    start_copies: Option<Bound<'py, PyAny>>,
    split: Option<Bound<'py, PyAny>>,
    base_game: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let id = games::named(game)?;
    if base_game && (start_copies.is_some() || split.is_some()) {
        return Err(error(
            Kind::Config,
            "base_game: the base game alone is estimated by conditional Monte Carlo, without splitting; leave start_copies and split out".to_string(),
        ));
    }
    let levels = levels_arg(&level)?;
    let until = until_relative_arg(until_relative)?;
    let seed = seed_arg(seed)?;
    let max_roots = match max_roots {
        None => MAX_ROOTS,
        Some(r) => count(
            "max_roots",
            &r,
            1,
            u64::MAX,
            &format!("must be from 1 to 2**64 - 1 (default {MAX_ROOTS})"),
        )?,
    };
    let threads = match threads_arg(threads)? {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    };
    let start = start_copies
        .map(|s| {
            count(
                "start_copies",
                &s,
                1,
                u64::from(u32::MAX),
                "must be from 1 to 2**32 - 1 (default 16)",
            )
            .map(|v| v as u32)
        })
        .transpose()?;
    let split = split
        .map(|s| {
            s.extract::<String>().map_err(|_| {
                error(
                    Kind::Config,
                    format!(
                        "split: must be text, the levels AT:COPIES in x bet separated by commas (\"100:3,300:3\"), or \"none\" (it was {})",
                        shown(&s)
                    ),
                )
            })
        })
        .transpose()?;
    let split = split.as_deref();
    let plan = Splitting::from_options(levels.top(), start, split)
        .map_err(|e| error(Kind::Config, format!("start_copies/split: {e}")))?;
    let rtp = rtp_text(rtp)?;
    let source = source_of(model, rtp.as_deref())?;
    let (mode, mode_option) = slot_games::with_game!(id.name(), G => {
        let m = mode_of::<G>(mode, pick)?;
        PyResult::Ok((G::mode_name(m), crate::certify::mode_options::<G>(Some(m))))
    })
    .map_err(games::unknown)??;
    // The runner's command line that plays the same run (the record keeps it).
    let mut command = format!(
        "cargo xtask tail {}{mode_option} --level {} --rounds {max_roots} --seed {seed}",
        id.name(),
        levels
            .hundredths()
            .iter()
            .map(|&l| x_bet(l))
            .collect::<Vec<_>>()
            .join(",")
    );
    if let Some((percent, _)) = until {
        command += &format!(" --until-relative {percent}");
    }
    match (model, &rtp) {
        (Some(m), _) => command += &format!(" --model {m}"),
        (None, Some(r)) => command += &format!(" --rtp {r}"),
        (None, None) => {}
    }
    if let Some(s) = start {
        command += &format!(" --start-copies {s}");
    }
    if let Some(s) = split {
        command += &format!(" --split {s}");
    }
    if base_game {
        command += " --base-game";
    }
    let request = TailRequest {
        source,
        mode: Some(mode),
        config: TailConfig {
            levels,
            splitting: plan,
            seed,
            rounds: max_roots,
            shard: None,
            until_relative: until.map(|(_, fraction)| fraction),
            threads,
            command,
        },
        base_game,
    };
    let record = interruptible(py, |stop| {
        id.tail(
            &request,
            Watch {
                progress: None,
                stop: Some(stop),
            },
        )
    })?
    .map_err(tail_error)?;
    let estimates = record.estimates();
    let out = PyDict::new(py);
    out.set_item("record", record.to_json_pretty())?;
    out.set_item(
        "estimates",
        serde_json::to_string(&estimates).unwrap_or_default(),
    )?;
    out.set_item("text", record.text())?;
    out.set_item("threads", threads)?;
    out.set_item(
        "met",
        until.map(|(_, fraction)| estimates.iter().all(|e| e.precise_to(fraction))),
    )?;
    Ok(out)
}
