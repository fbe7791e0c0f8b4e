//! Round recorders (`common.md`, "The round record").
//!
//! A game reports every event a player would see to a [`Recorder`]. The event is passed as a
//! closure, so with [`NoRecorder`] (simulation) the event is never even built: the call
//! compiles to nothing. [`EventLog`] keeps the events in order and serialises them (serde) for
//! a game client or an audit log.

use serde::{Deserialize, Serialize};

/// Receives a round's events in the order they happen.
pub trait Recorder<E> {
    /// Records the event `make()` builds. Implementations that keep nothing must not call it.
    fn record(&mut self, make: impl FnOnce() -> E);
}

/// Keeps nothing; costs nothing (the event closure is never called).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoRecorder;

impl<E> Recorder<E> for NoRecorder {
    #[inline(always)]
    fn record(&mut self, _make: impl FnOnce() -> E) {}
}

/// Keeps every event in order; serialises as `{"events": [...]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventLog<E> {
    /// The events, first first.
    pub events: Vec<E>,
}

impl<E> Default for EventLog<E> {
    fn default() -> Self {
        EventLog { events: Vec::new() }
    }
}

impl<E> Recorder<E> for EventLog<E> {
    #[inline]
    fn record(&mut self, make: impl FnOnce() -> E) {
        self.events.push(make());
    }
}

impl<E, R: Recorder<E>> Recorder<E> for &mut R {
    #[inline(always)]
    fn record(&mut self, make: impl FnOnce() -> E) {
        (**self).record(make);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum Ev {
        Win(u64),
    }

    #[test]
    fn no_recorder_never_builds_events_and_log_keeps_order() {
        let mut built = 0;
        let mut none = NoRecorder;
        none.record(|| {
            built += 1;
            Ev::Win(1)
        });
        assert_eq!(built, 0);
        let mut log = EventLog::default();
        log.record(|| Ev::Win(1));
        log.record(|| Ev::Win(2));
        let json = serde_json::to_string(&log).unwrap();
        assert_eq!(json, r#"{"events":[{"Win":1},{"Win":2}]}"#);
        let back: EventLog<Ev> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, log);
    }
}
