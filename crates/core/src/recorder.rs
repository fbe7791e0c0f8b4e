//! Round recorders (guide, "The round record").
//!
//! A game reports every event a player would see to a [`Recorder`]. The event is passed as a
//! closure, so with [`NoRecorder`] (simulation) the event is never even built: the call
//! compiles to nothing. [`EventLog`] keeps the events in order and serialises them (serde,
//! JSON) for a game client or an audit log; the events are [`crate::events::Event`], one
//! vocabulary for the three games.

pub use crate::events::{Event, EventLog};

/// Receives a round's events in the order they happen.
pub trait Recorder {
    /// Records the event `make()` builds. Implementations that keep nothing must not call it.
    fn record(&mut self, make: impl FnOnce() -> Event);

    /// Whether [`Recorder::record`] may call its closure: `false` only for a recorder that
    /// keeps nothing, so that a round can skip work whose only use is an event (the outcome
    /// never depends on it: the same draws are made either way). `true` unless overridden.
    #[inline(always)]
    fn is_recording(&self) -> bool {
        true
    }
}

/// Keeps nothing; costs nothing (the event closure is never called).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoRecorder;

impl Recorder for NoRecorder {
    #[inline(always)]
    fn record(&mut self, _make: impl FnOnce() -> Event) {}

    #[inline(always)]
    fn is_recording(&self) -> bool {
        false
    }
}

impl Recorder for EventLog {
    #[inline]
    fn record(&mut self, make: impl FnOnce() -> Event) {
        self.events.push(make());
    }
}

impl<R: Recorder> Recorder for &mut R {
    #[inline(always)]
    fn record(&mut self, make: impl FnOnce() -> Event) {
        (**self).record(make);
    }

    #[inline(always)]
    fn is_recording(&self) -> bool {
        (**self).is_recording()
    }
}

/// `Some(recorder)` records, `None` keeps nothing: one recorder type for rounds that are
/// sometimes logged and sometimes not (`replay::replay_round`).
impl<R: Recorder> Recorder for Option<R> {
    #[inline(always)]
    fn record(&mut self, make: impl FnOnce() -> Event) {
        if let Some(r) = self {
            r.record(make);
        }
    }

    #[inline(always)]
    fn is_recording(&self) -> bool {
        self.as_ref().is_some_and(R::is_recording)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::money::Win;

    #[test]
    fn no_recorder_never_builds_events_and_log_keeps_order() {
        let mut built = 0;
        let mut none = NoRecorder;
        none.record(|| {
            built += 1;
            Event::AwaitingPick
        });
        assert_eq!(built, 0);
        let mut log = EventLog::default();
        log.record(|| Event::AwaitingPick);
        log.record(|| Event::RoundEnd {
            win: Win::ZERO,
            capped: false,
        });
        assert_eq!(
            log.to_json(),
            r#"{"events":[{"event":"awaiting_pick"},{"event":"round_end","win":0,"capped":false}]}"#
        );
    }
}
