//! `slot_math._slot_math`: the compiled part of the Python package `slot_math`.
//!
//! A thin layer over the simulation library (`slot-sim`) and the three games, written once
//! over [`slot_core::Game`] and dispatched on the game's name through the registry of games
//! (`slot_games`: its entries' facts, and [`slot_games::with_game!`] for code generic over
//! the game type), as the runner does. The pure-Python layer (`slot_math/__init__.py`)
//! wraps what these functions return: the report class, `fractions.Fraction`, the exception
//! classes (`slot_math/_errors.py`), which are raised from here with the Rust error's message.
//!
//! Long calls (`_simulate`, `_rounds`, `_exact`, `_tail`) run with the GIL released
//! (`games::interruptible`): another Python thread runs meanwhile, and Ctrl-C stops the run.

mod certify;
mod convert;
mod errors;
mod export;
mod games;
mod markets;
mod tail;

use crate::convert::{exact_parts, json_to_py, report_parts, rounds_dict};
use crate::errors::{Kind, error};
use crate::games::{
    face_error, game_info, game_of, interruptible, mode_of, named, play_rounds, source_of, unknown,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use slot_core::Game;
use slot_core::replay::{DEFAULT_SEED, replay_game_round, replay_round};
use slot_sim::run::MAX_THREADS;
use slot_sim::stats::ConfidenceLevel;
use slot_sim::{Report, SimConfig, Watch};
use std::path::{Path, PathBuf};

/// What a Python value is, for an error message: its `repr`, or for a very long integer its
/// number of digits.
fn shown(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "?".into());
    if text.len() > 40 && text.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
        format!(
            "an integer of {} digits",
            text.trim_start_matches('-').len()
        )
    } else {
        text
    }
}

/// A whole number from Python of any size, checked against `low..=high` (at most
/// `u64::MAX`): a `ConfigError` naming the setting, its range (`rule`) and the value for a
/// number outside it (beyond 128 bits too, where an extraction would raise `OverflowError`)
/// or a value that is not a whole number.
fn count(
    setting: &str,
    value: &Bound<'_, PyAny>,
    low: u64,
    high: u64,
    rule: &str,
) -> PyResult<u64> {
    let refuse = || {
        error(
            Kind::Config,
            format!("{setting}: {rule} (it was {})", shown(value)),
        )
    };
    let v: i128 = match value.extract::<i128>() {
        Ok(v) => v,
        // Too large or too small for 128 bits: outside every range here. Not an integer
        // (a float, a string): named the same way.
        Err(_) => return Err(refuse()),
    };
    if v < i128::from(low) || v > i128::from(high) {
        return Err(refuse());
    }
    u64::try_from(v).map_err(|_| refuse())
}

/// The rule of a count from 0 or 1 to 2**64 - 1.
const TO_U64: &str = "2**64 - 1";

/// A seed from Python (`None`: the runner's default seed), 0 to 2**64 - 1.
fn seed_arg(seed: Option<Bound<'_, PyAny>>) -> PyResult<u64> {
    match seed {
        None => Ok(DEFAULT_SEED),
        Some(s) => count(
            "seed",
            &s,
            0,
            u64::MAX,
            &format!("must be from 0 to {TO_U64}"),
        ),
    }
}

/// A thread count from Python: 1 to the runner's maximum, or 0 or `None` for every core.
fn threads_arg(threads: Option<Bound<'_, PyAny>>) -> PyResult<usize> {
    match threads {
        None => Ok(0),
        Some(t) => Ok(count(
            "threads",
            &t,
            0,
            MAX_THREADS as u64,
            &format!("must be from 1 to {MAX_THREADS}, or 0 (or None) for every core"),
        )? as usize),
    }
}

/// The rounds, seed and thread count of a run, as Python gives them ([`run_args`]).
struct RunArgs {
    /// Rounds (at least 1).
    rounds: u64,
    /// The seed.
    seed: u64,
    /// Threads; 0: every core.
    threads: usize,
}

/// The run settings of `_simulate` and `_tune`: `rounds` from 1 to 2**64 - 1 (`None`: the
/// registry's default rounds of the game), the seed ([`seed_arg`]) and the threads
/// ([`threads_arg`]), checked in that order.
fn run_args(
    id: games::GameId,
    rounds: Option<Bound<'_, PyAny>>,
    seed: Option<Bound<'_, PyAny>>,
    threads: Option<Bound<'_, PyAny>>,
) -> PyResult<RunArgs> {
    let rounds = match rounds {
        Some(r) => count(
            "rounds",
            &r,
            1,
            u64::MAX,
            &format!("must be from 1 to {TO_U64}"),
        )?,
        None => id.default_rounds(),
    };
    Ok(RunArgs {
        rounds,
        seed: seed_arg(seed)?,
        threads: threads_arg(threads)?,
    })
}

/// The RTP variant asked for, as text (`96.0`, `"96.00"`), for [`game_of`]: exact, since a
/// float's shortest text is what was typed.
fn rtp_text(rtp: Option<Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    rtp.map(|r| Ok(r.str()?.to_string())).transpose()
}

/// The confidence levels (percentages, as `--confidence` takes them).
fn levels(confidence: Option<Vec<Bound<'_, PyAny>>>) -> PyResult<Vec<ConfidenceLevel>> {
    confidence
        .unwrap_or_default()
        .iter()
        .map(|c| {
            let text = c.str()?.to_string();
            ConfidenceLevel::from_percent(&text)
                .map_err(|e| error(Kind::Config, format!("confidence: {e}")))
        })
        .collect()
}

/// Simulates a game; returns the report's parts (see `slot_math.simulate`).
#[pyfunction]
#[pyo3(signature = (game, *, rounds=None, seed=None, threads=None, mode=None, pick=None, rtp=None, model=None, gof_rounds=None, confidence=None, shard=None, detail=false))]
#[allow(clippy::too_many_arguments)]
fn _simulate<'py>(
    py: Python<'py>,
    game: &str,
    rounds: Option<Bound<'py, PyAny>>,
    seed: Option<Bound<'py, PyAny>>,
    threads: Option<Bound<'py, PyAny>>,
    mode: Option<&str>,
    pick: Option<&str>,
    rtp: Option<Bound<'py, PyAny>>,
    model: Option<&str>,
    gof_rounds: Option<Bound<'py, PyAny>>,
    confidence: Option<Vec<Bound<'py, PyAny>>>,
    shard: Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)>,
    detail: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let id = named(game)?;
    let RunArgs {
        rounds,
        seed,
        threads,
    } = run_args(id, rounds, seed, threads)?;
    let gof_rounds = match gof_rounds {
        None => 0,
        Some(g) => count(
            "gof_rounds",
            &g,
            0,
            u64::MAX,
            &format!("must be from 0 (no goodness-of-fit section) to {TO_U64}"),
        )?,
    };
    let base = match shard {
        None => SimConfig::rounds(rounds, seed),
        Some((index, count)) => {
            let rule = format!(
                "the count must be from 1 to {TO_U64} and the index below it, counted from 0 ((0, 4) to (3, 4))"
            );
            let count = self::count("shard", &count, 1, u64::MAX, &rule)?;
            let index = self::count("shard", &index, 0, u64::MAX, &rule)?;
            SimConfig::shard(rounds, seed, index, count)
        }
    };
    let config = SimConfig {
        confidence: levels(confidence)?,
        gof_rounds,
        threads,
        detail,
        ..base
    };
    config.check().map_err(errors::sim_error)?;
    let rtp = rtp_text(rtp)?;
    slot_games::with_game!(id.name(), G => {
        let mode = mode_of::<G>(mode, pick)?;
        let (game, target) = games::load::<G>(model, rtp.as_deref())?;
        let mut report = interruptible(py, |stop| {
            slot_sim::simulate(&game, mode, &config, Watch { progress: None, stop: Some(stop) })
        })?
        .map_err(errors::sim_error)?;
        // A variant file names its own target (as the runner's `sim` judges it).
        report.target_rtp = target.fraction();
        report_parts(py, &report)
    })
    .map_err(unknown)?
}

/// The memory the system can still give (Linux: `MemAvailable` of `/proc/meminfo`, bytes);
/// `None` where it cannot be read.
fn memory_available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Refuses `n` rounds of `per_round` bytes each when their arrays would take more than the
/// memory available (checked before a round is played, so a mistyped `10**9` fails at once
/// instead of filling the machine's memory); no check where the available memory is unknown.
fn fits_in_memory(n: u64, per_round: u64) -> PyResult<()> {
    let need = n.saturating_mul(per_round);
    match memory_available() {
        Some(free) if need > free => Err(error(
            Kind::Config,
            format!(
                "n: {n} rounds need {:.1} GB of arrays ({per_round} bytes a round), more than \
                 the {:.1} GB of memory available; play fewer rounds, or simulate() for the \
                 figures of a long run",
                need as f64 / 1e9,
                free as f64 / 1e9
            ),
        )),
        _ => Ok(()),
    }
}

/// Plays the first `n` rounds of the simulator's sequence of `seed`; per-round arrays.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
#[pyo3(signature = (game, n, *, seed=None, threads=None, mode=None, pick=None, model=None, rtp=None))]
fn _rounds<'py>(
    py: Python<'py>,
    game: &str,
    n: Bound<'py, PyAny>,
    seed: Option<Bound<'py, PyAny>>,
    threads: Option<Bound<'py, PyAny>>,
    mode: Option<&str>,
    pick: Option<&str>,
    model: Option<&str>,
    rtp: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let rtp = rtp_text(rtp)?;
    let id = named(game)?;
    // Every round takes under 100 bytes of arrays: a bound far beyond memory, below usize.
    let n = count(
        "n",
        &n,
        1,
        1_000_000_000_000,
        "the number of rounds must be from 1 to 10**12",
    )?;
    let seed = seed_arg(seed)?;
    let threads = threads_arg(threads)?;
    slot_games::with_game!(id.name(), G => {
        fits_in_memory(n, games::round_bytes::<G>())?;
        let mode = mode_of::<G>(mode, pick)?;
        let game = game_of::<G>(model, rtp.as_deref())?;
        let columns = interruptible(py, |stop| play_rounds(&game, mode, seed, n, threads, stop))?
            .map_err(|e| error(Kind::Simulation, e))?;
        rounds_dict::<G>(py, columns)
    })
    .map_err(unknown)?
}

/// Round `round` of seed `seed`: its event log as `play --json` prints it (a JSON string);
/// with `grid`, the round played from that grid as `play --grid --json` prints it (whatever
/// is random after the grid drawn from round `round` of seed `seed`).
#[pyfunction]
#[pyo3(signature = (game, seed, round, *, mode=None, pick=None, model=None, rtp=None, grid=None))]
#[allow(clippy::too_many_arguments)]
fn _play(
    game: &str,
    seed: Bound<'_, PyAny>,
    round: Bound<'_, PyAny>,
    mode: Option<&str>,
    pick: Option<&str>,
    model: Option<&str>,
    rtp: Option<Bound<'_, PyAny>>,
    grid: Option<&str>,
) -> PyResult<String> {
    let rtp = rtp_text(rtp)?;
    let id = named(game)?;
    let seed = seed_arg(Some(seed))?;
    let round = count(
        "round",
        &round,
        0,
        u64::MAX,
        &format!("must be from 0 (the first round) to {TO_U64}"),
    )?;
    slot_games::with_game!(id.name(), G => {
        let mode = mode_of::<G>(mode, pick)?;
        let game = game_of::<G>(model, rtp.as_deref())?;
        let log = match grid {
            None => replay_game_round(&game, mode, seed, round).1,
            // As the runner's `play --grid` ([`slot_sim::face::LoadedGame::play_from_grid`]).
            Some(grid) => {
                let (win, log) = replay_round(seed, round, |rng, mut rec| {
                    game.play_from_grid(mode, grid, rng, &mut rec)
                });
                win.map_err(|e| error(Kind::Grid, e.to_string()))?;
                log
            }
        };
        Ok(log.to_json())
    })
    .map_err(unknown)?
}

/// A grid evaluated alone, as `eval --json` prints it (a JSON string).
#[pyfunction]
#[pyo3(signature = (game, grid, *, free_spins=false, multiplier=None))]
fn _evaluate(
    game: &str,
    grid: &str,
    free_spins: bool,
    multiplier: Option<Bound<'_, PyAny>>,
) -> PyResult<String> {
    let id = named(game)?;
    // A multiplier beyond 64 bits is past every game's range: the game judges the nearest
    // 64-bit value, and its message names the value given. Not a whole number: refused here.
    let (multiplier, beyond) = match &multiplier {
        None => (None, None),
        Some(m) => match m.extract::<i64>() {
            Ok(v) => (Some(v), None),
            Err(_) if m.is_instance_of::<pyo3::types::PyInt>() => {
                let near = if m.lt(0)? { i64::MIN } else { i64::MAX };
                (Some(near), Some((near.to_string(), m.str()?.to_string())))
            }
            Err(_) => {
                return Err(error(
                    Kind::Grid,
                    format!("multiplier: must be a whole number (it was {})", shown(m)),
                ));
            }
        },
    };
    let options = slot_core::game::EvalOptions {
        free_spin: free_spins,
        multiplier,
    };
    let r = id.evaluate_grid(grid, options).map_err(|e| {
        let message = e.to_string();
        let message = match &beyond {
            Some((near, given)) => message.replace(near, given),
            None => message,
        };
        error(Kind::Grid, message)
    })?;
    let wins: Vec<serde_json::Value> = r
        .wins
        .iter()
        .map(|w| {
            serde_json::json!({
                "symbol": w.symbol,
                "name": w.name,
                "cells": w.cells,
                "count": w.count,
                "multiplier": w.multiplier,
                "win": w.win.x_bet(),
            })
        })
        .collect();
    let mut out = serde_json::Map::new();
    out.insert("wins".into(), wins.into());
    out.insert("total".into(), r.total.x_bet().into());
    out.insert("paid".into(), r.paid.x_bet().into());
    out.extend(r.extra);
    Ok(serde_json::Value::Object(out).to_string())
}

/// The exact figures of a game's model (the model `model` or the variant `rtp`; the
/// published model without either), for a game whose registry line declares them
/// ([`slot_games::GameEntry::exact`]): a dict by figure name of (numerator, denominator)
/// strings, a group's figures in a dict of their own (`rtp_by_source`).
#[pyfunction]
#[pyo3(signature = (game, rtp = None, model = None))]
fn _exact<'py>(
    py: Python<'py>,
    game: &str,
    rtp: Option<Bound<'py, PyAny>>,
    model: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let rtp = rtp_text(rtp)?;
    let id = named(game)?;
    let source = source_of(model, rtp.as_deref())?;
    let report = interruptible(py, |_| id.exact(source))?.map_err(face_error)?;
    exact_parts(py, &report.sheet)
}

/// A variant of a game's published model for the target RTP `target_rtp` (text or number,
/// `93` or `"93.00"`), tuned by the game's tuner ([`slot_games::GameEntry::tuner`]) as
/// `cargo xtask tune GAME --target-rtp R --rounds N --seed S` tunes it; returns the variant
/// file's JSON text (already read back by its reader). The lines the runner prints on the
/// way are dropped.
#[pyfunction]
#[pyo3(signature = (game, target_rtp, *, rounds=None, seed=None, threads=None))]
fn _tune<'py>(
    py: Python<'py>,
    game: &str,
    target_rtp: Bound<'py, PyAny>,
    rounds: Option<Bound<'py, PyAny>>,
    seed: Option<Bound<'py, PyAny>>,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<String> {
    let id = named(game)?;
    let tuner = id.tuner().map_err(face_error)?;
    let text = target_rtp.str()?.to_string();
    let target: slot_core::game::TargetRtp = text
        .parse()
        .map_err(|e| error(Kind::Config, format!("target_rtp: {e}")))?;
    let RunArgs {
        rounds,
        seed,
        threads,
    } = run_args(id, rounds, seed, threads)?;
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t,
    };
    let request = slot_sim::tuner::VariantRequest {
        target,
        command: format!("slot_math.tune({game:?}, {target}, rounds={rounds}, seed={seed})"),
        run: slot_sim::run::SeededRun {
            rounds,
            seed,
            threads,
        },
    };
    let made = interruptible(py, |_| tuner.variant(&request, &mut |_| {}))?;
    made.map(|file| file.json).map_err(|e| {
        use slot_sim::tuner::TuneError;
        let kind = match e {
            TuneError::Game(_) => Kind::Model,
            TuneError::Model(slot_sim::models::ModelChoiceError::NoVariant { .. }) => Kind::Config,
            TuneError::Model(_) => Kind::Model,
            _ => Kind::Config,
        };
        error(kind, e.to_string())
    })
}

/// Reads a report written as JSON (`sim --json`, `merge --json`, `report.json`, or
/// `Report.to_json()`) without trusting it; returns its parts.
#[pyfunction]
#[pyo3(signature = (text, label="report"))]
fn _report_from_json<'py>(
    py: Python<'py>,
    text: &str,
    label: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let report = Report::from_json(Path::new(label), text, &games::catalog())
        .map_err(|e| error(Kind::Report, e.to_string()))?;
    report_parts(py, &report)
}

/// Merges reports given as (label, JSON text) pairs; returns the merged report's parts.
#[pyfunction]
#[pyo3(signature = (reports, confidence=None))]
fn _merge<'py>(
    py: Python<'py>,
    reports: Vec<(String, String)>,
    confidence: Option<Vec<Bound<'py, PyAny>>>,
) -> PyResult<Bound<'py, PyDict>> {
    let levels = levels(confidence)?;
    if reports.is_empty() {
        return Err(error(
            Kind::Report,
            "merge: no reports given; give one or more".to_string(),
        ));
    }
    let catalog = games::catalog();
    let mut read = Vec::with_capacity(reports.len());
    for (label, text) in &reports {
        let report = Report::from_json(Path::new(label), text, &catalog)
            .map_err(|e| error(Kind::Report, e.to_string()))?;
        read.push((PathBuf::from(label), report));
    }
    let merged = slot_sim::merge(&read, &catalog, &levels)
        .map_err(|e| error(Kind::Report, e.to_string()))?;
    report_parts(py, &merged)
}

/// The games' command-line names.
#[pyfunction]
fn _games<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, slot_games::names())
}

/// A game's facts: title, modes, picks, models, cap, sources, features, awards, targets.
#[pyfunction]
fn _game_info<'py>(py: Python<'py>, game: &str) -> PyResult<Bound<'py, PyAny>> {
    let id = named(game)?;
    let info = slot_games::with_game!(id.name(), G => game_info::<G>(id)).map_err(unknown)?;
    json_to_py(py, &info.to_string())
}

/// The compiled module.
#[pymodule]
fn _slot_math(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_simulate, m)?)?;
    m.add_function(wrap_pyfunction!(_rounds, m)?)?;
    m.add_function(wrap_pyfunction!(_play, m)?)?;
    m.add_function(wrap_pyfunction!(_evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(_exact, m)?)?;
    m.add_function(wrap_pyfunction!(_tune, m)?)?;
    m.add_function(wrap_pyfunction!(certify::_certify, m)?)?;
    m.add_function(wrap_pyfunction!(export::_export_stake, m)?)?;
    m.add_function(wrap_pyfunction!(export::_export_verify, m)?)?;
    m.add_function(wrap_pyfunction!(_report_from_json, m)?)?;
    m.add_function(wrap_pyfunction!(_merge, m)?)?;
    m.add_function(wrap_pyfunction!(_games, m)?)?;
    m.add_function(wrap_pyfunction!(_game_info, m)?)?;
    m.add_function(wrap_pyfunction!(markets::_markets, m)?)?;
    m.add_function(wrap_pyfunction!(tail::_tail, m)?)?;
    m.add("DEFAULT_SEED", DEFAULT_SEED)?;
    m.add("BATCH_ROUNDS", slot_core::replay::BATCH_ROUNDS)?;
    m.add("MAX_THREADS", MAX_THREADS)?;
    Ok(())
}
