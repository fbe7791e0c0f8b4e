//! The games by name, their modes and models chosen as the runner chooses them, a run with the
//! GIL released and Ctrl-C honoured, and the rounds of a seed played one by one.

use crate::errors::{Kind, error};
use pyo3::prelude::*;
use rayon::prelude::*;
use slot_core::Game;
use slot_core::recorder::NoRecorder;
use slot_core::replay::{batch_rng, batches_of, rounds_in};
use slot_core::summary::RoundSummary;
use slot_sim::Catalog;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// A game of the registry ([`slot_games::all`]): its entry, through which its facts are read
/// and its type reached ([`slot_games::with_game!`]).
pub type GameId = &'static dyn slot_games::GameEntry;

/// The game called `name` (its command-line name; `_` may stand for `-`).
pub fn named(name: &str) -> PyResult<GameId> {
    slot_games::named(&name.replace('_', "-")).map_err(|_| {
        error(
            Kind::Config,
            format!(
                "game: there is no game '{name}'; the games are {}",
                slot_games::names().join(", ")
            ),
        )
    })
}

/// The error of a type dispatch for a name not in the registry (never for a [`GameId`],
/// which is the registry's).
pub fn unknown(e: slot_games::UnknownGame) -> PyErr {
    error(Kind::Config, format!("game: {e}"))
}

/// Every game of the registry, for reading reports ([`slot_games::catalog`]).
pub fn catalog() -> Catalog {
    slot_games::catalog()
}

/// The mode `mode=` or `pick=` names (`pick` is Moon Princess's word for its modes), or the
/// game's first mode.
pub fn mode_of<G: Game>(mode: Option<&str>, pick: Option<&str>) -> PyResult<G::Mode> {
    let modes: Vec<&str> = G::MODES.iter().map(|&m| G::mode_name(m)).collect();
    if pick.is_some() && !G::MODE_IS_PICK {
        return Err(error(
            Kind::Config,
            format!(
                "pick: {} has no free-spin pick (pick= is Moon Princess's); its modes are {} (mode=)",
                G::NAME,
                modes.join(", ")
            ),
        ));
    }
    let (name, setting) = match (mode, pick) {
        (Some(m), Some(p)) if m != p => {
            return Err(error(
                Kind::Config,
                format!(
                    "mode and pick name the same choice of {}: give one of them (mode='{m}', pick='{p}')",
                    G::NAME
                ),
            ));
        }
        (Some(m), _) => (m, "mode"),
        (None, Some(p)) => (p, "pick"),
        (None, None) => return Ok(G::MODES[0]),
    };
    G::mode_named(name).ok_or_else(|| {
        error(
            Kind::Config,
            format!(
                "{setting}: {} has no {setting} '{name}'; its {}s are {}",
                G::NAME,
                setting,
                modes.join(", ")
            ),
        )
    })
}

/// The game on the model `model` names or on the RTP variant `rtp` of its ladder (a shipped
/// model by name, a variant by its RTP, or a model file by its path, a variant file
/// included); the shipped `standard` model for neither (the runner's `--model` and `--rtp`,
/// through the same [`slot_sim::models::choose`]).
pub fn game_of<G: Game>(model: Option<&str>, rtp: Option<&str>) -> PyResult<G> {
    load::<G>(model, rtp).map(|(game, _)| game)
}

/// [`game_of`], with the RTP the model is tuned to (a variant file's own target for a
/// variant file).
pub fn load<G: Game>(
    model: Option<&str>,
    rtp: Option<&str>,
) -> PyResult<(G, slot_core::game::TargetRtp)> {
    let rtp = match (model, rtp) {
        (Some(_), Some(_)) => {
            return Err(error(
                Kind::Config,
                "model and rtp exclude each other: give a model (name or file) or the RTP of a variant of the game's ladder".to_string(),
            ));
        }
        (_, Some(text)) => Some(
            text.parse::<slot_core::game::TargetRtp>()
                .map_err(|e| error(Kind::Config, format!("rtp: {e}")))?,
        ),
        (_, None) => None,
    };
    slot_sim::models::choose::<G>(model, rtp).map_err(|e| {
        let kind = match e {
            slot_sim::models::ModelChoiceError::NoVariant { .. } => Kind::Config,
            _ => Kind::Model,
        };
        error(kind, e.to_string())
    })
}

/// The model `model` or `rtp` names, as the registry's face takes it
/// ([`slot_sim::face::ModelSource`]; the published model for neither).
pub fn source_of<'a>(
    model: Option<&'a str>,
    rtp: Option<&str>,
) -> PyResult<slot_sim::face::ModelSource<'a>> {
    use slot_sim::face::ModelSource;
    match (model, rtp) {
        (Some(_), Some(_)) => Err(error(
            Kind::Config,
            "model and rtp exclude each other: give a model (name or file) or the RTP of a variant of the game's ladder".to_string(),
        )),
        (Some(name), None) => Ok(ModelSource::Named(name)),
        (None, Some(text)) => Ok(ModelSource::Rtp(
            text.parse::<slot_core::game::TargetRtp>()
                .map_err(|e| error(Kind::Config, format!("rtp: {e}")))?,
        )),
        (None, None) => Ok(ModelSource::Published),
    }
}

/// An error of the registry's face as the package's typed error: a model refused or not
/// computed is a [`Kind::Model`] error, anything else (a variant the ladder does not have,
/// something the game cannot do) a [`Kind::Config`] error.
pub fn face_error(e: slot_sim::face::FaceError) -> PyErr {
    use slot_sim::face::FaceError;
    use slot_sim::models::ModelChoiceError;
    let kind = match &e {
        FaceError::Model(ModelChoiceError::NoVariant { .. }) => Kind::Config,
        FaceError::Model(_) | FaceError::Exact(_) => Kind::Model,
        _ => Kind::Config,
    };
    error(kind, e.to_string())
}

/// A game's facts as JSON: names, modes (with their stake, target RTP and whether they are
/// picks), shipped models, cap, sources, features, awards, the runner's default rounds.
pub fn game_info<G: Game>(id: GameId) -> serde_json::Value {
    let modes: Vec<&str> = G::MODES.iter().map(|&m| G::mode_name(m)).collect();
    let by_mode = |f: &dyn Fn(G::Mode) -> serde_json::Value| -> serde_json::Map<String, _> {
        G::MODES
            .iter()
            .map(|&m| (G::mode_name(m).to_string(), f(m)))
            .collect()
    };
    serde_json::json!({
        "name": G::NAME,
        "title": G::TITLE,
        "modes": modes,
        "picks": if G::MODE_IS_PICK { modes.clone() } else { Vec::new() },
        "models": G::MODEL_NAMES,
        "cap_x_bet": G::CAP.map(|c| c.limit.x_bet()),
        "sources": G::SOURCES,
        "features": G::FEATURES,
        "awards": G::AWARDS,
        "stake_x_bet": by_mode(&|m| (G::cost(m) as f64 / 100.0).into()),
        "target_rtp": by_mode(&|m| G::published_rtp(m).fraction().into()),
        "target_rtp_text": by_mode(&|m| G::published_rtp(m).to_string().into()),
        "default_rounds": id.default_rounds(),
        "variants": G::VARIANTS
            .iter()
            .map(|v| {
                let fingerprint = G::named_model(v.model)
                    .map(|m| slot_core::fingerprint::Fingerprint::of(&m).to_string());
                serde_json::json!({
                    "rtp": v.rtp.percent_text(),
                    "target_rtp": v.rtp.fraction(),
                    "model": v.model,
                    "fingerprint": fingerprint,
                    "published": v.model == "standard",
                })
            })
            .collect::<Vec<_>>(),
    })
}

/// Runs `work` on a thread of its own with the GIL released, so that other Python threads run
/// meanwhile. Every 100 ms the calling thread takes the GIL back for a moment to let Python
/// handle its signals: on Ctrl-C (`KeyboardInterrupt`, or whatever a signal handler raised)
/// it sets the stop flag `work` is given, waits for `work` to end (a simulation ends after
/// the batches under way) and raises that exception.
pub fn interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&AtomicBool) -> T + Send,
{
    let stop = AtomicBool::new(false);
    let (result, raised) = py.detach(|| {
        std::thread::scope(|s| {
            let (done_tx, done_rx) = mpsc::channel::<()>();
            let stop = &stop;
            let worker = s.spawn(move || {
                let out = work(stop);
                let _ = done_tx.send(());
                out
            });
            let mut raised: Option<PyErr> = None;
            loop {
                match done_rx.recv_timeout(Duration::from_millis(100)) {
                    Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                }
                if raised.is_none()
                    && let Err(e) = Python::attach(|py| py.check_signals())
                {
                    stop.store(true, Ordering::Relaxed);
                    raised = Some(e);
                }
            }
            (worker.join(), raised)
        })
    });
    if let Some(e) = raised {
        return Err(e);
    }
    result.map_err(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        error(Kind::Simulation, format!("the run failed: {what}"))
    })
}

/// Per-round columns of a seed's first rounds.
pub struct Columns {
    /// Each round's win, hundredths of the bet.
    pub win: Vec<u64>,
    /// The win by source, one column per source.
    pub by_source: Vec<Vec<u64>>,
    /// Whether each feature triggered, one column per feature.
    pub feature: Vec<Vec<bool>>,
    /// The win each feature brought, one column per feature.
    pub feature_win: Vec<Vec<u64>>,
    /// Whether each top award came, one column per award.
    pub award: Vec<Vec<bool>>,
    /// Whether the round hit the cap.
    pub capped: Vec<bool>,
}

/// The bytes one round takes in the arrays `rounds` returns: [`Columns`] and the round index
/// (8 per number, 1 per flag).
pub fn round_bytes<G: Game>() -> u64 {
    let amounts = 2 + G::SOURCES.len() + G::FEATURES.len();
    let flags = 1 + G::FEATURES.len() + G::AWARDS.len();
    (8 * amounts + flags) as u64
}

impl Columns {
    /// Room for `more` rounds in every column, or an error if memory runs out (rather than
    /// an abort).
    fn reserve(&mut self, more: usize) -> Result<(), std::collections::TryReserveError> {
        self.win.try_reserve(more)?;
        self.capped.try_reserve(more)?;
        for col in self.by_source.iter_mut().chain(&mut self.feature_win) {
            col.try_reserve(more)?;
        }
        for col in self.feature.iter_mut().chain(&mut self.award) {
            col.try_reserve(more)?;
        }
        Ok(())
    }
}

/// Batches played at once, per thread, between two looks at the stop flag.
const BATCHES_PER_THREAD: usize = 2;

/// Rounds `0..n` of seed `seed` of `game` in `mode`: round k is round k % 10,000 of batch
/// k / 10,000 ([`slot_core::replay::BATCH_ROUNDS`]), played with the batch's generator ([`batch_rng`]), exactly as
/// the simulation plays them, so their wins add up to its `total_win`. Batches are played on
/// `threads` threads (0: every core) and put in order.
///
/// # Errors
/// The thread pool could not be started, or the run was stopped (`stop`).
pub fn play_rounds<G: Game>(
    game: &G,
    mode: G::Mode,
    seed: u64,
    n: u64,
    threads: usize,
    stop: &AtomicBool,
) -> Result<Columns, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {}: {e}", slot_sim::words::threads(threads)))?;
    let mut c = Columns {
        win: Vec::new(),
        by_source: vec![Vec::new(); G::SOURCES.len()],
        feature: vec![Vec::new(); G::FEATURES.len()],
        feature_win: vec![Vec::new(); G::FEATURES.len()],
        award: vec![Vec::new(); G::AWARDS.len()],
        capped: Vec::new(),
    };
    let batches = batches_of(n);
    let step = (pool.current_num_threads() * BATCHES_PER_THREAD) as u64;
    let play_batch = |b: u64| -> Vec<RoundSummary> {
        let mut rng = batch_rng(seed, b);
        (0..rounds_in(n, b, b + 1))
            .map(|_| G::summary(&game.play_round(mode, &mut rng, &mut NoRecorder)))
            .collect()
    };
    let mut first = 0;
    while first < batches {
        if stop.load(Ordering::Relaxed) {
            return Err("stopped".into());
        }
        let end = (first + step).min(batches);
        let played: Vec<Vec<RoundSummary>> =
            pool.install(|| (first..end).into_par_iter().map(play_batch).collect());
        let more: usize = played.iter().map(Vec::len).sum();
        c.reserve(more).map_err(|_| {
            format!(
                "cannot hold {n} rounds in memory (under 100 bytes each): {} played",
                c.win.len()
            )
        })?;
        for r in played.iter().flatten() {
            c.win.push(r.win);
            for (i, col) in c.by_source.iter_mut().enumerate() {
                col.push(r.by_source[i]);
            }
            for (i, col) in c.feature.iter_mut().enumerate() {
                col.push(r.feature_triggers[i] > 0);
            }
            for (i, col) in c.feature_win.iter_mut().enumerate() {
                col.push(r.feature_wins[i]);
            }
            for (i, col) in c.award.iter_mut().enumerate() {
                col.push(r.awards[i] > 0);
            }
            c.capped.push(r.capped);
        }
        first = end;
    }
    debug_assert_eq!(c.win.len() as u64, n);
    Ok(c)
}
