//! Typed errors as Python exceptions: each kind is a class of `slot_math._errors` (all
//! subclasses of `SlotMathError`), raised with the Rust error's message.

use pyo3::prelude::*;
use slot_sim::SimError;

/// The kinds of error, one Python class each.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// A setting or argument out of range: an unknown game, mode or pick, a round count, a
    /// thread count, a confidence level, an RTP variant (`ConfigError`, a `ValueError`).
    Config,
    /// A math model that is unknown, unreadable or refused (`ModelError`, a `ValueError`).
    Model,
    /// A grid that is not one of the game, or an option of `evaluate` the game does not take
    /// (`GridError`, a `ValueError`).
    Grid,
    /// A report that cannot be read or reports that cannot be merged (`ReportError`, a
    /// `ValueError`).
    Report,
    /// A run that could not be played (threads not started; `SimulationError`, a
    /// `RuntimeError`).
    Simulation,
}

impl Kind {
    /// The class's name in `slot_math._errors`.
    fn class(self) -> &'static str {
        match self {
            Kind::Config => "ConfigError",
            Kind::Model => "ModelError",
            Kind::Grid => "GridError",
            Kind::Report => "ReportError",
            Kind::Simulation => "SimulationError",
        }
    }
}

/// The Python exception of `kind` with `message`.
pub fn error(kind: Kind, message: impl Into<String>) -> PyErr {
    let message = message.into();
    Python::attach(|py| {
        match py
            .import("slot_math._errors")
            .and_then(|m| m.getattr(kind.class()))
            .and_then(|class| class.call1((message,)))
        {
            Ok(exception) => PyErr::from_value(exception),
            Err(e) => e,
        }
    })
}

/// The Python exception of a simulation library error, of its kind.
pub fn sim_error(e: SimError) -> PyErr {
    let kind = match &e {
        SimError::Config { .. } => Kind::Config,
        SimError::Report(_) | SimError::Split(_) => Kind::Report,
        SimError::Threads { .. }
        | SimError::Io { .. }
        | SimError::FolderInUse { .. }
        | SimError::ParFiles(_)
        | SimError::Detail(_) => Kind::Simulation,
    };
    error(kind, e.to_string())
}
