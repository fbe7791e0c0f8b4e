//! The round (the rules, "A round"): the paid spin, and the 10 free spins its Scatters may
//! award, every payment through the core's [`Ledger`] under the 5,000 x cap.
//!
//! Draws, in order: per spin, the five stops as one joint draw
//! ([`slot_core::joint_draws::JointBounds`]: Lemire's unbiased method over the product of the
//! strip lengths, as Wish Upon a Star draws its stops); nothing else is random. A round
//! allocates nothing unless it is recorded, and uses no floats.

use crate::evaluate::{SpinEvaluation, evaluate};
use crate::events::{line_win_event, scatter_win_event};
use crate::math_model::{MathModel, ModelError, validate};
use crate::paytable::{CAP_X_BET, FREE_SPIN_LINE_MULTIPLIER, FREE_SPINS};
use crate::symbols::{REELS, ROWS, Window, grid_text};
use rand_core::Rng;
use slot_core::events::{AwardSource, Event, SpinKind, StakeMode};
use slot_core::fingerprint::Fingerprint;
use slot_core::joint_draws::JointBounds;
use slot_core::ledger::Ledger;
use slot_core::money::{Cap, Win};
use slot_core::recorder::Recorder;
use slot_core::sampling::ReelStrip;
use slot_core::summary::RoundSummary;

/// The names of the RTP sources, by index of [`RoundOutcome::by_source`].
pub const SOURCES: &[&str] = &["base game lines", "base game scatter", "free spins"];
/// Source of the paid spin's line wins.
pub const SOURCE_BASE_LINES: usize = 0;
/// Source of the paid spin's Scatter pay.
pub const SOURCE_BASE_SCATTER: usize = 1;
/// Source of everything the free spins pay (lines and Scatters).
pub const SOURCE_FREE_SPINS: usize = 2;
/// The names of the features: the free spins (triggered at most once a round).
pub const FEATURES: &[&str] = &["free spins"];
/// The top awards counted: none (the game's largest win stays below its cap).
pub const AWARDS: &[&str] = &[];
/// The cap: 5,000 x the total bet.
pub const CAP: Cap = Cap::x_bet(CAP_X_BET);

/// Ten Lines's one mode: a round at the bet, nothing to choose. The mode argument of
/// [`TenLines::play_round`] and of [`Game::play_round`](slot_core::game::Game::play_round)
/// (the game's [`Game::Mode`](slot_core::game::Game::Mode)); also named `game::Standard`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Standard;

/// Ten Lines played on a math model.
#[derive(Clone, Debug)]
pub struct TenLines {
    model: MathModel,
    strips: [ReelStrip; REELS],
    stops: JointBounds<REELS>,
    fingerprint: Fingerprint,
}

/// A finished round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundOutcome {
    /// The round's win, hundredths of the total bet (after the cap).
    pub win: Win,
    /// The win split by source ([`SOURCES`]); sums to `win`.
    pub by_source: [Win; 3],
    /// The paid spin's Scatters awarded the free spins.
    pub free_spins_triggered: bool,
    /// What the free spins paid (equal to `by_source[SOURCE_FREE_SPINS]`).
    pub free_spins_win: Win,
    /// The cap ended the round (impossible with the shipped model; see the crate docs).
    pub capped: bool,
}

impl RoundOutcome {
    /// The integer record statistics add up.
    pub fn summary(&self) -> RoundSummary {
        let mut s = RoundSummary {
            win: self.win.hundredths(),
            capped: self.capped,
            ..Default::default()
        };
        for (i, w) in self.by_source.iter().enumerate() {
            s.by_source[i] = w.hundredths();
        }
        s.feature_triggers[0] = u32::from(self.free_spins_triggered);
        s.feature_wins[0] = self.free_spins_win.hundredths();
        s
    }

    /// True exactly when [`RoundOutcome::summary`] is all zeros (a trigger always pays the
    /// Scatter, so a zero win means no trigger; the cap is never reached with nothing paid).
    #[inline]
    pub fn is_blank(&self) -> bool {
        self.win.is_zero() && !self.free_spins_triggered && !self.capped
    }
}

/// A round's running state: its ledger and its recorder.
struct RoundState<'r, Rec: Recorder> {
    ledger: Ledger<3>,
    rec: &'r mut Rec,
}

impl TenLines {
    /// The game played on `model`.
    ///
    /// # Errors
    /// [`ModelError`] for a model the rules cannot play ([`validate`]).
    pub fn new(model: &MathModel) -> Result<Self, ModelError> {
        validate(model)?;
        let strip = |r: usize| {
            ReelStrip::new(model.strips[r].clone()).map_err(|_| ModelError::StripLength {
                reel: r + 1,
                len: model.strips[r].len(),
                min: ROWS,
                max: crate::math_model::MAX_STRIP_LEN,
            })
        };
        let strips = [strip(0)?, strip(1)?, strip(2)?, strip(3)?, strip(4)?];
        // Lengths are 3 to 255 after `validate`: no bound is zero.
        let stops = JointBounds::new(strips.each_ref().map(|s| s.len() as u32)).map_err(|_| {
            ModelError::StripLength {
                reel: 1,
                len: 0,
                min: ROWS,
                max: crate::math_model::MAX_STRIP_LEN,
            }
        })?;
        Ok(TenLines {
            fingerprint: Fingerprint::of(model),
            model: model.clone(),
            strips,
            stops,
        })
    }

    /// The game on the shipped model.
    pub fn standard() -> Self {
        // The shipped model passes `validate` (a unit test checks it).
        Self::new(&MathModel::standard()).unwrap_or_else(|e| unreachable!("{e}"))
    }

    /// The math model played.
    pub fn model(&self) -> &MathModel {
        &self.model
    }

    /// The SHA-256 fingerprint of the model (its canonical JSON).
    pub fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    /// The window of stops `stops` (each below its strip's length).
    #[inline]
    pub fn window(&self, stops: [u32; REELS]) -> Window {
        std::array::from_fn(|r| self.strips[r].window::<ROWS>(stops[r] as usize))
    }

    /// Plays one round in the game's one mode ([`Standard`]) with generator `rng`, reporting
    /// its events to `rec` (their `paid` amounts add up to the win, hundredths of the bet, at
    /// most the cap). A pure function of the model and the generator's state.
    ///
    /// The same method, with the same arguments in the same order, as
    /// [`Game::play_round`](slot_core::game::Game::play_round) (which calls it), so a server
    /// needs no trait import and the two cannot differ; the mode is there so that a round is
    /// played the same way in every game.
    #[inline]
    pub fn play_round<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        _mode: Standard,
        rng: &mut R,
        rec: &mut Rec,
    ) -> RoundOutcome {
        self.play(rng, rec, |game, rng| {
            let stops = game.stops.draw(rng);
            (game.window(stops), Some(stops))
        })
    }

    /// Plays one round whose paid spin lands `window` (no stops drawn: its `landed` event
    /// has none), the free spins it triggers drawn from `rng`, reporting its events to `rec`
    /// (from `round_start` to `round_end`, as a round). What `play --grid` and the round
    /// viewer show; never called by a simulation.
    pub fn play_from_window<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        window: &Window,
        rng: &mut R,
        rec: &mut Rec,
    ) -> RoundOutcome {
        self.play(rng, rec, |_, _| (*window, None))
    }

    /// A round whose paid spin lands what `paid` returns (its window and, when drawn, its
    /// stops); the free spins draw their stops from `rng`. Generic over `paid`, so the
    /// simulated round is compiled as if written out.
    #[inline]
    fn play<R, Rec, P>(&self, rng: &mut R, rec: &mut Rec, paid: P) -> RoundOutcome
    where
        R: Rng + ?Sized,
        Rec: Recorder,
        P: FnOnce(&Self, &mut R) -> (Window, Option<[u32; REELS]>),
    {
        let mut st = RoundState {
            ledger: Ledger::with_cap(CAP),
            rec,
        };
        let mut out = RoundOutcome::default();
        st.rec.record(|| Event::RoundStart {
            game: crate::GAME_ID,
            mode: StakeMode::Standard,
            model: self.fingerprint,
        });
        st.rec.record(|| Event::SpinStart {
            spin: SpinKind::Paid,
            number: 1,
            free_spins_left: None,
            multiplier: None,
        });
        let (window, stops) = paid(self, rng);
        let ev = self.land(&mut st, &window, stops, false);
        if ev.triggered() && !st.ledger.capped() {
            out.free_spins_triggered = true;
            st.rec.record(|| Event::FreeSpinsAwarded {
                spins: FREE_SPINS,
                source: AwardSource::Scatter,
                free_spins_left: FREE_SPINS,
            });
            for number in 1..=FREE_SPINS {
                if st.ledger.capped() {
                    break;
                }
                st.rec.record(|| Event::SpinStart {
                    spin: SpinKind::Free,
                    number,
                    free_spins_left: Some(FREE_SPINS - number),
                    multiplier: None,
                });
                // Scatters in free spins pay but award nothing (no retrigger).
                let stops = self.stops.draw(rng);
                self.land(&mut st, &self.window(stops), Some(stops), true);
            }
        }
        let by = *st.ledger.by_source();
        out.by_source = by;
        out.free_spins_win = by[SOURCE_FREE_SPINS];
        out.win = st.ledger.total();
        out.capped = st.ledger.capped();
        let (win, capped) = (out.win, out.capped);
        if capped {
            st.rec.record(|| Event::CapReached { win });
        }
        st.rec.record(|| Event::RoundEnd { win, capped });
        out
    }

    /// One spin landed: records the window (and its stops when drawn), pays its lines
    /// (tripled in a free spin) and its Scatters through the ledger, and returns its
    /// evaluation.
    #[inline]
    fn land<Rec: Recorder>(
        &self,
        st: &mut RoundState<'_, Rec>,
        window: &Window,
        stops: Option<[u32; REELS]>,
        free: bool,
    ) -> SpinEvaluation {
        st.rec.record(|| Event::Landed {
            grid: grid_text(window),
            reel_set: None,
            stops: stops.map(|s| s.to_vec()),
            stars: None,
        });
        let ev = evaluate(window);
        let (multiplier, line_source, scatter_source) = if free {
            (
                FREE_SPIN_LINE_MULTIPLIER,
                SOURCE_FREE_SPINS,
                SOURCE_FREE_SPINS,
            )
        } else {
            (1, SOURCE_BASE_LINES, SOURCE_BASE_SCATTER)
        };
        for w in ev.line_wins() {
            if st.ledger.capped() {
                return ev;
            }
            let payment = st.ledger.pay(line_source, w.pay.times(multiplier));
            st.rec.record(|| line_win_event(w, multiplier, payment));
        }
        if !ev.scatter_win.is_zero() && !st.ledger.capped() {
            let payment = st.ledger.pay(scatter_source, ev.scatter_win);
            st.rec
                .record(|| scatter_win_event(window, ev.scatter_win, payment));
        }
        ev
    }
}
