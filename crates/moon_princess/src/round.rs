//! The round flow (the rules (crate docs): "Girl Power meter", "Free spins"): the paid spin with
//! its random power, every Trinity spin a full meter gives, and the free spins a clear grid
//! triggers, which wait for the player's pick; all under the cap
//! (README, "The common rules": The cap) and with its round record (guide, "The round record").
//!
//! [`MoonPrincess::start_round`] plays the base game and returns either the finished round or a
//! [`PausedRound`]; [`MoonPrincess::resume`] plays the free spins with the pick.
//! [`MoonPrincess::play_round_with_strategy`] is exactly these two calls with a
//! [`PickStrategy`], so paused and uninterrupted play cannot diverge; [`MoonPrincess::play_round`]
//! (and [`Game::play_round`](slot_core::game::Game::play_round)) is it with a fixed pick.

use crate::board::Board;
use crate::free_spins::play_free_spins;
use crate::math_model::{MathModel, ModelError};
use crate::outcome::{RoundOutcome, SRC_BASE, SRC_FREE, SRC_TRINITY};
use crate::paused::{BaseGame, PausedRound, PickStrategy, ResumeError, StoredRound};
use crate::pick::Pick;
use crate::spin::{MeterUse, Play, PowerPolicy, SpinEnd};
use crate::symbols::MpGrid;
use crate::tables::{Landed, Tables};
use crate::{CAP, GAME_ID, MAX_MULTIPLIER};
use rand_core::Rng;
use serde::{Deserialize, Serialize};
use slot_core::events::{Event, Feature, SpinKind, StakeMode};
use slot_core::fingerprint::Fingerprint;
use slot_core::ledger::Ledger;
use slot_core::money::Win;
use slot_core::recorder::{EventLog, Recorder};
use slot_core::sampling::chance;
use slot_core::seal::SealKey;

/// Either the finished round, or the round waiting for the pick.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundState {
    /// No free spins (or the cap ended the round): the round is over.
    Finished(RoundOutcome),
    /// The free spins are triggered and wait for the player's pick.
    AwaitingPick(PausedRound),
}

/// The multiplier a tumble sequence starts with in the runner's `eval`: x1 to x20.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u32", into = "u32")]
pub struct Multiplier(u32);

/// A multiplier outside x1 to x20.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("multiplier {0} is not allowed; the multiplier is 1 to 20")]
pub struct MultiplierError(pub u32);

impl Multiplier {
    /// x1, where every paid and Trinity spin starts.
    pub const ONE: Multiplier = Multiplier(1);

    /// The multiplier `m`.
    ///
    /// # Errors
    /// [`MultiplierError`] outside 1 to 20.
    pub const fn new(m: u32) -> Result<Multiplier, MultiplierError> {
        if m >= 1 && m <= MAX_MULTIPLIER {
            Ok(Multiplier(m))
        } else {
            Err(MultiplierError(m))
        }
    }

    /// Its value, 1 to 20.
    pub const fn value(self) -> u32 {
        self.0
    }
}

impl TryFrom<u32> for Multiplier {
    type Error = MultiplierError;
    fn try_from(m: u32) -> Result<Self, Self::Error> {
        Multiplier::new(m)
    }
}

impl From<Multiplier> for u32 {
    fn from(m: Multiplier) -> u32 {
        m.0
    }
}

/// What `eval` reports for a grid's whole tumble sequence ([`MoonPrincess::evaluate_sequence`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceResult {
    /// The events: each win, meter change, tumble, the clear.
    pub events: Vec<Event>,
    /// The sequence's win, hundredths of the bet, before the cap (a grid alone can pass it).
    pub total: Win,
    /// What a round would pay for it: `total`, at most the 5,000 x cap.
    pub paid: Win,
    /// Girl Power sections at the end (0..=3; in free spins after a full meter emptied it).
    pub meter: u8,
    /// The meter was full at some point (base game: a Trinity spin would follow; free spins:
    /// extra spins).
    pub meter_full: bool,
    /// The grid cleared (base game: free spins triggered; free spins: 100 x paid).
    pub cleared: bool,
    /// The multiplier at the end.
    pub multiplier: u32,
}

/// The game, built from a math model.
#[derive(Clone, Debug)]
pub struct MoonPrincess {
    tables: Tables,
    fingerprint: Fingerprint,
    model: MathModel,
}

impl Default for MoonPrincess {
    fn default() -> Self {
        MoonPrincess::standard()
    }
}

impl MoonPrincess {
    /// The shipped game ([`MathModel::standard`]).
    pub fn standard() -> MoonPrincess {
        MoonPrincess::new(&MathModel::standard()).expect("the shipped math model is valid (tested)")
    }

    /// Builds the game from a math model.
    ///
    /// # Errors
    /// [`ModelError`] naming the bad strip, code or weight table.
    pub fn new(m: &MathModel) -> Result<MoonPrincess, ModelError> {
        Ok(MoonPrincess {
            tables: Tables::new(m)?,
            fingerprint: m.fingerprint(),
            model: m.clone(),
        })
    }

    /// The math model the game was built from.
    pub fn model(&self) -> &MathModel {
        &self.model
    }

    /// The fingerprint of the math model the game was built from
    /// ([`MathModel::fingerprint`]); stored rounds carry it.
    pub fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    /// Plays one round in which `pick` is played if the free spins trigger, with generator
    /// `rng`, reporting its events to `rec`: the same method, with the same arguments in the
    /// same order, as [`Game::play_round`](slot_core::game::Game::play_round) (which calls it),
    /// so a server needs no trait import and the two cannot differ. It is
    /// [`MoonPrincess::play_round_with_strategy`] with the strategy that always picks `pick`.
    ///
    /// The round is a pure function of the model, the pick and the generator's state. Wins
    /// are in hundredths of the bet (after the cap); the events' `paid` amounts add up to
    /// [`RoundOutcome::win`]. A server whose player picks after seeing the cleared grid plays
    /// [`MoonPrincess::start_round`] and [`MoonPrincess::resume`] instead.
    #[inline]
    pub fn play_round<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        pick: Pick,
        rng: &mut R,
        rec: &mut Rec,
    ) -> RoundOutcome {
        self.play_round_with_strategy(rng, rec, pick)
    }

    /// Plays a whole round with generator `rng`, reporting its events to `rec`, asking
    /// `strategy` for the pick if the free spins trigger (given the paused round: a fixed
    /// [`Pick`], or a closure `|paused: &PausedRound| -> Pick` that looks at it). Built from
    /// [`MoonPrincess::start_round`] and [`MoonPrincess::resume`] with the same generator, so
    /// it draws and pays what those two calls do. With a fixed pick it is
    /// [`Game::play_round`](slot_core::game::Game::play_round) in that pick (the mode is the
    /// pick) and [`MoonPrincess::play_round`].
    pub fn play_round_with_strategy<R, Rec, S>(
        &self,
        rng: &mut R,
        mut rec: Rec,
        mut strategy: S,
    ) -> RoundOutcome
    where
        R: Rng + ?Sized,
        Rec: Recorder,
        S: PickStrategy,
    {
        match self.start(rng, &mut rec) {
            Ok(done) => done,
            Err(play) => {
                let paused = self.pause(&play);
                let pick = strategy.pick(&paused);
                self.finish_free_spins(play.base_game(), pick, rng, rec)
            }
        }
    }

    /// Plays the base game of a round: the paid spin and every Trinity spin. Returns the
    /// finished round, or the paused round if the grid cleared (the free spins wait for the
    /// pick; the log ends with `awaiting_pick`).
    pub fn start_round<R, Rec>(&self, rng: &mut R, mut rec: Rec) -> RoundState
    where
        R: Rng + ?Sized,
        Rec: Recorder,
    {
        match self.start(rng, &mut rec) {
            Ok(done) => RoundState::Finished(done),
            Err(play) => RoundState::AwaitingPick(self.pause(&play)),
        }
    }

    /// Finishes a paused round with the player's `pick`: plays the free spins. With the
    /// generator in the state [`MoonPrincess::start_round`] left it in, the result (and the rest of
    /// the event log) equals the uninterrupted round; a server may also resume with its live
    /// CSPRNG (the same distribution).
    ///
    /// The log of this part starts with a `resumed` event ([`Event::Resumed`]) that carries
    /// the game, the model and what the round paid before the pause ([`PausedRound::win`]),
    /// then `picked`, the free spins and `round_end`. So a server that resumes a stored round
    /// in another process, into a fresh [`EventLog`], gets a log that reconciles alone
    /// ([`EventLog::reconcile`] returns the whole round's win); kept after the base game's log
    /// (which ends with `awaiting_pick`), the two reconcile as one log too.
    ///
    /// # Errors
    /// [`ResumeError::Model`] if the round was paused by a game with another math model;
    /// nothing is played.
    pub fn resume<R, Rec>(
        &self,
        paused: PausedRound,
        pick: Pick,
        rng: &mut R,
        mut rec: Rec,
    ) -> Result<RoundOutcome, ResumeError>
    where
        R: Rng + ?Sized,
        Rec: Recorder,
    {
        if paused.model != self.fingerprint {
            return Err(ResumeError::Model {
                found: paused.model,
                expected: self.fingerprint,
            });
        }
        rec.record(|| Event::Resumed {
            game: GAME_ID,
            model: paused.model,
            paid_before: paused.win(),
        });
        Ok(self.finish_free_spins(paused.base, pick, rng, rec))
    }

    /// Opens a sealed stored round: checks the seal with `key` (any change of any field is
    /// refused), then the model.
    ///
    /// # Errors
    /// [`ResumeError::SealMissing`], [`ResumeError::SealWrong`], [`ResumeError::Model`].
    pub fn open_sealed(
        &self,
        stored: StoredRound,
        key: &SealKey,
    ) -> Result<PausedRound, ResumeError> {
        stored.open(self.fingerprint, Some(key))
    }

    /// Opens an unsealed stored round (every field was checked when it was read; see
    /// [`crate::paused`] for what an unsealed round cannot detect).
    ///
    /// # Errors
    /// [`ResumeError::Sealed`] if it carries a seal (open it with the key),
    /// [`ResumeError::Model`] if it belongs to another math model.
    pub fn open_unsealed(&self, stored: StoredRound) -> Result<PausedRound, ResumeError> {
        stored.open(self.fingerprint, None)
    }

    /// Plays the free-spin feature alone with `pick`, as after a base game that won nothing
    /// (for tuning and analysis: a pick's RTP depends on the feature's mean value).
    pub fn play_free_spins<R, Rec>(&self, pick: Pick, rng: &mut R, rec: Rec) -> RoundOutcome
    where
        R: Rng + ?Sized,
        Rec: Recorder,
    {
        let nothing = BaseGame {
            base_win: Win::ZERO,
            trinity_win: Win::ZERO,
            random_power_win: Win::ZERO,
            trinity_spins: 0,
            random_powers: 0,
            max_multiplier: 1,
        };
        self.finish_free_spins(nothing, pick, rng, rec)
    }

    /// Plays a grid's whole tumble sequence as the runner's `eval` does for a paid spin,
    /// starting at `multiplier`: no power, no Trinity spin, no free spin played (a clear is
    /// reported, it pays nothing in the base game).
    pub fn evaluate_sequence(grid: &MpGrid, multiplier: Multiplier) -> SequenceResult {
        Self::evaluate_with(grid, multiplier, SRC_BASE, MeterUse::TrinitySpin)
    }

    /// As [`MoonPrincess::evaluate_sequence`], the grid taken as a free spin: a clear pays 100 x; a
    /// full meter empties (it would add spins).
    pub fn evaluate_free_spin_sequence(grid: &MpGrid, multiplier: Multiplier) -> SequenceResult {
        Self::evaluate_with(grid, multiplier, SRC_FREE, MeterUse::EvalFreeSpin)
    }

    fn evaluate_with(
        grid: &MpGrid,
        multiplier: Multiplier,
        source: usize,
        meter_use: MeterUse,
    ) -> SequenceResult {
        let mut g = Board::of(grid);
        let mut log = EventLog::default();
        // No cap here: `total` is the sequence's whole win; `paid` applies the cap.
        let mut play = Play::new(&mut log, Ledger::uncapped());
        play.meter_use = meter_use;
        let mut mult = multiplier.value();
        play.tumble_sequence(&mut g, &mut mult, source);
        let cleared = play.clear_check(&mut g, source);
        let (total, meter, meter_full) = (play.ledger.total(), play.meter, play.meter_was_full);
        SequenceResult {
            events: log.events,
            total,
            paid: total.min(CAP.limit),
            meter,
            meter_full: meter_full || meter >= 3,
            cleared,
            multiplier: mult,
        }
    }

    /// Plays the base game. `Ok`: the round is over; `Err`: it waits for the pick (the state
    /// is handed back to be paused or resumed).
    pub(crate) fn start<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        rng: &mut R,
        rec: Rec,
    ) -> Result<RoundOutcome, Play<Rec>> {
        let landed = self.tables.base.draw(rng);
        let mut policy = PowerPolicy::RandomOnce;
        if !rec.is_recording() && self.tables.base.is_quiet(&landed) {
            // Unrecorded, a paid spin whose grid lands without a win is decided here, before
            // its grid is built: the same draws in the same order as playing it out (no win:
            // nothing to tumble; 25 cells, none a Wild: no clear; then the random power's
            // chance). Without the power the round has won nothing and is over.
            let (n, d) = self.tables.random_power_chance;
            if !chance(rng, n, d) {
                return Ok(RoundOutcome::NOTHING);
            }
            policy = PowerPolicy::RandomCame;
        }
        let mut play = Play::new(rec, Ledger::with_cap(CAP));
        play.rec.record(|| Event::RoundStart {
            game: GAME_ID,
            mode: StakeMode::Standard,
            model: self.fingerprint,
        });
        let mut triggered = self.base_spin(&mut play, SpinKind::Paid, policy, landed, rng);
        if triggered {
            play.rec.record(|| Event::FeatureTriggered {
                feature: Feature::FreeSpins,
            });
        }
        while !play.ledger.capped() && play.meter >= 3 {
            play.meter = 0;
            // Each Trinity spin needs a full meter, i.e. at least 0.60 x bet of princess wins
            // paid under the 5,000 x cap: at most 500,000 / 60 < 8,334 in a round.
            play.trinity_spins += 1;
            play.rec.record(|| Event::FeatureTriggered {
                feature: Feature::TrinitySpin,
            });
            let landed = self.tables.base.draw(rng);
            let cleared = self.base_spin(
                &mut play,
                SpinKind::Trinity,
                PowerPolicy::Trinity,
                landed,
                rng,
            );
            if cleared && !triggered {
                triggered = true;
                play.rec.record(|| Event::FeatureTriggered {
                    feature: Feature::FreeSpins,
                });
            }
        }
        if play.ledger.capped() || !triggered {
            return Ok(Self::outcome(play, None));
        }
        play.rec.record(|| Event::AwaitingPick);
        Err(play)
    }

    /// Plays the base-game grid `landed`, a paid spin or a Trinity spin (`spin`), with the
    /// powers `policy` allows and the multiplier at x1. Returns true if the grid cleared (the
    /// free-spin trigger).
    fn base_spin<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        play: &mut Play<Rec>,
        spin: SpinKind,
        policy: PowerPolicy,
        landed: Landed,
        rng: &mut R,
    ) -> bool {
        let (number, source) = match spin {
            SpinKind::Trinity => (play.trinity_spins, SRC_TRINITY),
            _ => (1, SRC_BASE),
        };
        play.rec.record(|| Event::SpinStart {
            spin,
            number,
            free_spins_left: None,
            multiplier: Some(1),
        });
        let mut g = self.tables.base.board(&landed);
        play.record_landed(&g, landed);
        let mut mult = 1;
        play.spin(&self.tables, &mut g, policy, source, &mut mult, rng) == SpinEnd::Cleared
    }

    /// The paused round of a base game that cleared.
    fn pause<Rec>(&self, play: &Play<Rec>) -> PausedRound {
        PausedRound {
            base: play.base_game(),
            model: self.fingerprint,
        }
    }

    /// Plays the free spins after `base` and closes the round.
    fn finish_free_spins<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        base: BaseGame,
        pick: Pick,
        rng: &mut R,
        rec: Rec,
    ) -> RoundOutcome {
        let mut play = Self::feature_play(base, rec);
        play_free_spins(&mut play, &self.tables, pick, rng);
        Self::outcome(play, Some(pick))
    }

    /// The state the free spins start from after the base game `base`.
    pub(crate) fn feature_play<Rec: Recorder>(base: BaseGame, rec: Rec) -> Play<Rec> {
        // A base game below the cap always resumes; the fallback is never taken.
        let ledger = base.ledger().unwrap_or_else(|| Ledger::with_cap(CAP));
        let mut play = Play::new(rec, ledger);
        play.max_multiplier = base.max_multiplier;
        play.trinity_spins = base.trinity_spins;
        play.random_powers = base.random_powers;
        play.random_power_win = base.random_power_win;
        play
    }

    /// The model made ready to draw.
    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Closes the round: `cap_reached` and `round_end`, and the outcome.
    fn outcome<Rec: Recorder>(mut play: Play<Rec>, pick: Option<Pick>) -> RoundOutcome {
        let split = *play.ledger.by_source();
        let o = RoundOutcome {
            win: play.ledger.total(),
            base_win: split[SRC_BASE],
            trinity_win: split[SRC_TRINITY],
            free_spins_win: split[SRC_FREE],
            clear_win: play.clear_win,
            random_power_win: play.random_power_win,
            trinity_spins: play.trinity_spins,
            random_powers: play.random_powers,
            pick,
            free_spins_awarded: play.free_spins_awarded,
            free_spins_played: play.free_spins_played,
            free_spin_clears: play.free_spin_clears,
            max_multiplier: play.max_multiplier,
            capped: play.ledger.capped(),
        };
        if o.capped {
            play.rec.record(|| Event::CapReached { win: CAP.limit });
        }
        play.rec.record(|| Event::RoundEnd {
            win: o.win,
            capped: o.capped,
        });
        o
    }
}

impl<Rec> Play<Rec> {
    /// What the base game decided so far.
    pub(crate) fn base_game(&self) -> BaseGame {
        let split = self.ledger.by_source();
        BaseGame {
            base_win: split[SRC_BASE],
            trinity_win: split[SRC_TRINITY],
            random_power_win: self.random_power_win,
            trinity_spins: self.trinity_spins,
            random_powers: self.random_powers,
            max_multiplier: self.max_multiplier,
        }
    }
}
