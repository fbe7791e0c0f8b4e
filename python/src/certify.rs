//! `_certify`: a game's certification end to end ([`slot_sim::certify`]), as the runner's
//! `cargo xtask certify` makes it: the method the game's registry line allows
//! ([`slot_games::GameEntry::certify_method`]: exact, whole rounds in resumable chunks, or
//! the split estimate), the same folder and files (the command line each certificate names
//! is the runner's, so the files are byte for byte the runner's for the same arguments), run
//! with the GIL released and stopped by Ctrl-C (the finished chunks kept, as the runner keeps
//! them).

use crate::errors::{self, Kind, error};
use crate::games::{self, interruptible, mode_of};
use crate::{count, rtp_text, seed_arg, threads_arg};
use pyo3::prelude::*;
use pyo3::types::PyList;
use slot_core::Game;
use slot_core::game::{SplitGame, TargetRtp};
use slot_sim::Watch;
use slot_sim::certify::{CertifyConfig, CertifyError, Progress};
use slot_sim::face::{CertifyMethod, SplitVisitor};
use std::path::PathBuf;

/// The runner's defaults (`cargo xtask certify --help`): the goal of the 99 % half-width,
/// percentage points.
const HALF_WIDTH_PP: f64 = 0.05;
/// Whole rounds: rounds per chunk.
const CHUNK_ROUNDS: u64 = 100_000_000;
/// Split: base games per chunk.
const BASE_GAMES: u64 = 300_000_000;
/// Split: features per pick (mode) per chunk.
const FEATURES: u64 = 8_000_000;
/// The most chunks.
const MAX_CHUNKS: u64 = 100;

/// What a certification is asked for, checked ([`_certify`]): everything but the game's
/// mode and model, which need the game's type.
struct Asked {
    /// The folder.
    out: PathBuf,
    /// The mode asked for (`None` with `pick`: the game's way: every pick of a split
    /// estimate of picks, else the first mode).
    mode: Option<String>,
    /// The pick asked for (Moon Princess's word for its modes; [`mode_of`]).
    pick: Option<String>,
    /// The shipped model's name or a model file's path.
    model: Option<String>,
    /// The RTP variant asked for.
    rtp: Option<TargetRtp>,
    /// The library's settings but the target, the command line's options and the stop flag.
    config: CertifyConfig<'static>,
}

/// A certificate as Python receives it: the certificate's JSON fields, with `verdict` (the
/// runner's line), `core_seconds` (threads x wall time) and `certificate_file` (its path).
fn certificate_json(
    c: &slot_sim::certify::Certificate,
    core_seconds: f64,
    out: &std::path::Path,
) -> serde_json::Value {
    let mut v = serde_json::to_value(c).unwrap_or_default();
    if let Some(o) = v.as_object_mut() {
        o.insert("verdict".into(), c.verdict_line(core_seconds).into());
        o.insert("core_seconds".into(), core_seconds.into());
        let file = out.join(format!("certificate-{}.json", c.mode));
        o.insert("certificate_file".into(), file.display().to_string().into());
    }
    v
}

/// What the library told: every certificate (as [`certificate_json`]) and the chunk lines.
#[derive(Default)]
struct Told {
    /// The certificates.
    certificates: Vec<serde_json::Value>,
    /// Each chunk's line (the runner's stderr lines).
    chunks: Vec<String>,
}

/// The option of the runner's command line that chooses `mode` of `G` (` --choice star`,
/// ` --ante`), empty for none asked (or the first mode of a game whose modes no option
/// chooses): the certificate's command is the runner's.
pub(crate) fn mode_options<G: Game>(asked: Option<G::Mode>) -> String {
    match asked {
        None => String::new(),
        Some(m) if G::MODE_IS_PICK => format!(" --choice {}", G::mode_name(m)),
        Some(m) if G::mode_name(m) == "ante" => " --ante".into(),
        Some(m) if m == G::MODES[0] => String::new(),
        Some(m) => format!(" --mode {}", G::mode_name(m)),
    }
}

/// The game `G` on the model asked for, its mode asked for (if any) and the library's
/// configuration completed with the target and the command line's options.
fn prepared<'a, G: Game>(
    a: &Asked,
    stop: &'a std::sync::atomic::AtomicBool,
) -> PyResult<(G, Option<G::Mode>, CertifyConfig<'a>)> {
    let rtp = a.rtp.map(|r| r.percent_text());
    let (game, target) = games::load::<G>(a.model.as_deref(), rtp.as_deref())?;
    let asked = match (&a.mode, &a.pick) {
        (None, None) => None,
        (m, p) => Some(mode_of::<G>(m.as_deref(), p.as_deref())?),
    };
    let model_options = match (&a.model, a.rtp) {
        (Some(m), _) => format!(" --model {m}"),
        (None, Some(r)) => format!(" --rtp {}", r.percent_text()),
        (None, None) => String::new(),
    };
    let config = CertifyConfig {
        target: target.fraction(),
        mode_options: mode_options::<G>(asked),
        model_options,
        watch: Watch {
            progress: None,
            stop: Some(stop),
        },
        ..a.config.clone()
    };
    Ok((game, asked, config))
}

/// The progress callback: collects what [`Told`] keeps.
fn collect<'t>(told: &'t mut Told, out: &'t std::path::Path) -> impl FnMut(Progress<'_>) + 't {
    move |p| match p {
        Progress::Certificate {
            certificate,
            core_seconds,
        } => told
            .certificates
            .push(certificate_json(certificate, core_seconds, out)),
        _ => told.chunks.push(p.text()),
    }
}

/// The Python exception of a certification refused or failed, the runner's option names
/// given as this function's.
fn certify_error(e: CertifyError) -> PyErr {
    match e {
        CertifyError::Folder(e) => error(Kind::Config, format!("out: {e}")),
        CertifyError::Goal(h) => error(
            Kind::Config,
            format!(
                "half_width_pp: must be from {} to {} percentage points, e.g. 0.05 (it was {})",
                slot_sim::certify::MIN_GOAL_PP,
                slot_sim::certify::MAX_GOAL_PP,
                slot_sim::certify::goal_text(h)
            ),
        ),
        CertifyError::Sim(e) => errors::sim_error(e),
        e @ (CertifyError::OnlyChunkExact(_)
        | CertifyError::OnlyChunkSplit(_)
        | CertifyError::OnlyChunkRange { .. }) => error(Kind::Config, e.to_string()),
        e => error(Kind::Simulation, e.to_string()),
    }
}

/// Certifies a game exactly or by whole rounds ([`slot_sim::certify::certify`]).
fn whole<G: Game>(py: Python<'_>, a: &Asked) -> PyResult<Told> {
    let mut told = Told::default();
    let out = a.out.clone();
    let result = interruptible(py, |stop| -> PyResult<()> {
        let (game, asked, config) = prepared::<G>(a, stop)?;
        let mode = asked.unwrap_or(G::MODES[0]);
        slot_sim::certify::certify(&game, mode, &config, collect(&mut told, &out))
            .map_err(certify_error)
    })?;
    result.map(|()| told)
}

/// Certifies a split game by the split estimate ([`slot_sim::certify::certify_split`]): each
/// pick (or the one asked for), or the one bet mode of a game whose mode changes its base
/// game.
struct BySplit<'a, 'py> {
    /// The interpreter.
    py: Python<'py>,
    /// What is asked.
    asked: &'a Asked,
}

impl SplitVisitor for BySplit<'_, '_> {
    type Output = PyResult<Told>;
    fn visit<G: SplitGame + Send + 'static>(self) -> PyResult<Told> {
        let a = self.asked;
        let mut told = Told::default();
        let out = a.out.clone();
        let result = interruptible(self.py, |stop| -> PyResult<()> {
            let (game, asked, config) = prepared::<G>(a, stop)?;
            config.check_split::<G>().map_err(certify_error)?;
            let modes: Vec<G::Mode> = match (G::BASE_BY_MODE, asked) {
                (_, Some(m)) => vec![m],
                (true, None) => vec![G::MODES[0]],
                (false, None) => G::MODES.to_vec(),
            };
            slot_sim::certify::certify_split(
                &game,
                &modes,
                asked,
                &config,
                collect(&mut told, &out),
            )
            .map_err(certify_error)
        })?;
        result.map(|()| told)
    }
}

/// Certifies a game into the folder `out`, as `cargo xtask certify GAME --dir OUT` with the
/// same arguments does (the same files); returns `(certificates, chunk_lines)`, each
/// certificate a dict of its fields with `verdict`, `core_seconds` and `certificate_file`.
#[pyfunction]
#[pyo3(signature = (game, *, out, mode=None, pick=None, model=None, rtp=None, half_width_pp=None, chunk_rounds=None, base_games=None, features=None, max_chunks=None, seed=None, threads=None, whole_rounds=false, force=false))]
#[allow(clippy::too_many_arguments)]
pub fn _certify<'py>(
    py: Python<'py>,
    game: &str,
    out: PathBuf,
    mode: Option<&str>,
    pick: Option<&str>,
    model: Option<&str>,
    rtp: Option<Bound<'py, PyAny>>,
    half_width_pp: Option<Bound<'py, PyAny>>,
    chunk_rounds: Option<Bound<'py, PyAny>>,
    base_games: Option<Bound<'py, PyAny>>,
    features: Option<Bound<'py, PyAny>>,
    max_chunks: Option<Bound<'py, PyAny>>,
    seed: Option<Bound<'py, PyAny>>,
    threads: Option<Bound<'py, PyAny>>,
    whole_rounds: bool,
    force: bool,
) -> PyResult<(Bound<'py, PyList>, Vec<String>)> {
    let id = games::named(game)?;
    let rtp = match rtp_text(rtp)? {
        None => None,
        Some(text) => Some(
            text.parse::<TargetRtp>()
                .map_err(|e| error(Kind::Config, format!("rtp: {e}")))?,
        ),
    };
    if model.is_some() && rtp.is_some() {
        return Err(error(
            Kind::Config,
            "model and rtp exclude each other: give a model (name or file) or the RTP of a variant of the game's ladder",
        ));
    }
    let half_width_pp: f64 = match half_width_pp {
        None => HALF_WIDTH_PP,
        Some(h) => h.extract().map_err(|_| {
            error(
                Kind::Config,
                "half_width_pp: must be a number of percentage points from 0.001 to 100, e.g. 0.05",
            )
        })?,
    };
    let positive = |setting: &str, v: Option<Bound<'py, PyAny>>, default: u64| match v {
        None => Ok(default),
        Some(v) => count(
            setting,
            &v,
            1,
            u64::MAX,
            &format!("must be from 1 to 2**64 - 1 (default {default})"),
        ),
    };
    let method_only = |setting: &str, given: bool, ok: bool, rule: &str| {
        if given && !ok {
            Err(error(Kind::Config, format!("{setting}: {rule}")))
        } else {
            Ok(())
        }
    };
    method_only(
        "chunk_rounds",
        chunk_rounds.is_some(),
        whole_rounds,
        "rounds per chunk of a whole-rounds certification: give whole_rounds=True with it",
    )?;
    for (setting, given) in [
        ("base_games", base_games.is_some()),
        ("features", features.is_some()),
    ] {
        method_only(
            setting,
            given,
            !whole_rounds,
            "a split estimate's setting: not taken with whole_rounds=True (chunk_rounds is its)",
        )?;
    }
    let config = CertifyConfig {
        dir: out.clone(),
        force,
        seed: seed_arg(seed)?,
        half_width_pp,
        chunk_rounds: positive("chunk_rounds", chunk_rounds, CHUNK_ROUNDS)?,
        base_games: positive("base_games", base_games, BASE_GAMES)?,
        features: positive("features", features, FEATURES)?,
        max_chunks: positive("max_chunks", max_chunks, MAX_CHUNKS)?,
        only_chunk: None,
        threads: match threads_arg(threads)? {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            t => t,
        },
        target: 0.0,
        mode_options: String::new(),
        model_options: String::new(),
        watch: Watch::default(),
    };
    config.goal().map_err(certify_error)?;
    let asked = Asked {
        out,
        mode: mode.map(str::to_string),
        pick: pick.map(str::to_string),
        model: model.map(str::to_string),
        rtp,
        config,
    };
    let name = id.name();
    let method = id.certify_method(whole_rounds).map_err(|e| {
        error(
            Kind::Config,
            format!("whole_rounds: {e}").replace("--whole-rounds: ", ""),
        )
    })?;
    let told = match method {
        CertifyMethod::Split => slot_games::visit_split(name, BySplit { py, asked: &asked })
            .map_err(games::unknown)?
            .unwrap_or_else(|| Err(error(Kind::Config, format!("{name} is no split game"))))?,
        CertifyMethod::Exact | CertifyMethod::WholeRounds => {
            slot_games::with_game!(name, G => whole::<G>(py, &asked)).map_err(games::unknown)??
        }
    };
    let certificates = told
        .certificates
        .iter()
        .map(|c| crate::convert::json_to_py(py, &c.to_string()))
        .collect::<PyResult<Vec<_>>>()?;
    Ok((PyList::new(py, certificates)?, told.chunks))
}
