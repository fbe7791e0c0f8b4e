//! Rust results as Python objects: a report's parts (its JSON, its text, its tables as numpy
//! arrays), the per-round columns, the exact figures as numerator/denominator strings.

use crate::games::Columns;

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use slot_core::Game;
use slot_core::exact::{ExactSheet, FigureUnit};
use slot_sim::Report;
use slot_sim::report::checkpoint_figures;
use slot_sim::stats::{BUCKET_EDGES_X, BUCKETS};

/// A JSON text as Python objects (`json.loads`: integers of any size stay exact).
pub fn json_to_py<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// The lower and upper edges of the win-size buckets, x bet (the cap bucket: the cap, or NaN
/// for an uncapped game).
fn bucket_edges(cap: Option<u64>) -> ([f64; BUCKETS], [f64; BUCKETS]) {
    let mut low = [0.0; BUCKETS];
    let mut high = [0.0; BUCKETS];
    // 0; (0, 1); [1, 2) ... [1000, 5000); [5000, inf); cap.
    high[1] = BUCKET_EDGES_X[0] as f64;
    for i in 2..BUCKETS - 2 {
        low[i] = BUCKET_EDGES_X[i - 2] as f64;
        high[i] = BUCKET_EDGES_X[i - 1] as f64;
    }
    low[BUCKETS - 2] = BUCKET_EDGES_X[BUCKET_EDGES_X.len() - 1] as f64;
    high[BUCKETS - 2] = f64::INFINITY;
    let cap = cap.map_or(f64::NAN, |c| c as f64 / 100.0);
    low[BUCKETS - 1] = cap;
    high[BUCKETS - 1] = cap;
    (low, high)
}

/// A report's parts for the Python `Report`: `json` (what `sim --json` prints), `text` (the
/// readable report), `exact_rtp`, and the win distribution and the convergence record as
/// numpy arrays.
pub fn report_parts<'py>(py: Python<'py>, report: &Report) -> PyResult<Bound<'py, PyDict>> {
    let parts = PyDict::new(py);
    parts.set_item("json", report.to_json())?;
    parts.set_item("text", report.text())?;
    parts.set_item("exact_rtp", report.exact_rtp)?;

    let buckets = &report.par.win_distribution;
    let (low, high) = bucket_edges(report.cap);
    let dist = PyDict::new(py);
    dist.set_item("range", PyList::new(py, buckets.iter().map(|b| b.range))?)?;
    dist.set_item("low_x", PyArray1::from_slice(py, &low[..buckets.len()]))?;
    dist.set_item("high_x", PyArray1::from_slice(py, &high[..buckets.len()]))?;
    dist.set_item(
        "count",
        PyArray1::from_vec(py, buckets.iter().map(|b| b.count).collect()),
    )?;
    dist.set_item(
        "share",
        PyArray1::from_vec(py, buckets.iter().map(|b| b.share).collect()),
    )?;
    dist.set_item(
        "one_in",
        PyArray1::from_vec(
            py,
            buckets
                .iter()
                .map(|b| b.one_in.unwrap_or(f64::NAN))
                .collect(),
        ),
    )?;
    parts.set_item("win_distribution", dist)?;

    let points = &report.run.convergence;
    let cost = report.par.sums.cost;
    let figures: Vec<(f64, f64)> = points.iter().map(|c| checkpoint_figures(c, cost)).collect();
    let conv = PyDict::new(py);
    conv.set_item(
        "batches",
        PyArray1::from_vec(py, points.iter().map(|c| c.batches).collect()),
    )?;
    conv.set_item(
        "rounds",
        PyArray1::from_vec(py, points.iter().map(|c| c.rounds).collect()),
    )?;
    conv.set_item(
        "total_win",
        PyArray1::from_vec(py, points.iter().map(|c| c.total_win as f64).collect()),
    )?;
    conv.set_item(
        "rtp",
        PyArray1::from_vec(py, figures.iter().map(|f| f.0).collect()),
    )?;
    conv.set_item(
        "half_width_99",
        PyArray1::from_vec(py, figures.iter().map(|f| f.1).collect()),
    )?;
    parts.set_item("convergence", conv)?;
    Ok(parts)
}

/// The per-round columns as a dict of numpy arrays: `round`, `win` (hundredths of the bet),
/// `source:<name>`, `feature:<name>` (triggered), `feature_win:<name>`, `award:<name>` and,
/// for a capped game, `capped`.
pub fn rounds_dict<G: Game>(py: Python<'_>, c: Columns) -> PyResult<Bound<'_, PyDict>> {
    let out = PyDict::new(py);
    let n = c.win.len() as u64;
    out.set_item("round", PyArray1::from_vec(py, (0..n).collect()))?;
    out.set_item("win", PyArray1::from_vec(py, c.win))?;
    for (name, col) in G::SOURCES.iter().zip(c.by_source) {
        out.set_item(format!("source:{name}"), PyArray1::from_vec(py, col))?;
    }
    for (name, col) in G::FEATURES.iter().zip(c.feature) {
        out.set_item(format!("feature:{name}"), PyArray1::from_vec(py, col))?;
    }
    for (name, col) in G::FEATURES.iter().zip(c.feature_win) {
        out.set_item(format!("feature_win:{name}"), PyArray1::from_vec(py, col))?;
    }
    for (name, col) in G::AWARDS.iter().zip(c.award) {
        out.set_item(format!("award:{name}"), PyArray1::from_vec(py, col))?;
    }
    if G::CAP.is_some() {
        out.set_item("capped", PyArray1::from_vec(py, c.capped))?;
    }
    Ok(out)
}

/// A sheet's exact figures by name ([`slot_core::exact::ExactSheet`]), each a (numerator,
/// denominator) pair of decimal strings, a whole number ([`FigureUnit::Integer`]) its
/// decimal string alone; the figures of a group in a dict of their own under the group's
/// name.
pub fn exact_parts<'py>(py: Python<'py>, sheet: &ExactSheet) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for f in &sheet.figures {
        let pair = if f.unit == FigureUnit::Integer {
            f.numerator.clone().into_pyobject(py)?.into_any()
        } else {
            (f.numerator.as_str(), f.denominator.as_str())
                .into_pyobject(py)?
                .into_any()
        };
        match f.group {
            Some(group) => {
                let members = match d.get_item(group)? {
                    Some(m) => m.cast_into::<PyDict>()?,
                    None => {
                        let m = PyDict::new(py);
                        d.set_item(group, &m)?;
                        m
                    }
                };
                members.set_item(&f.name, pair)?;
            }
            None => d.set_item(&f.name, pair)?,
        }
    }
    Ok(d)
}
