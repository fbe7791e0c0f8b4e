//! The round (`moon_princess.md`: "Tumble", "Girl Power meter", "The powers", "Free spins";
//! `common.md`: "Cap", "The round record").
//!
//! A round is the paid spin with its tumbles and its random power, every Trinity spin a full
//! meter gives, and the free spins a grid clear triggers. The free spins wait for the player's
//! pick: [`Game::start_round`] plays up to the pick and returns a [`PausedRound`] (serde) that
//! [`PausedRound::resume`] finishes later, possibly in another process. [`Game::play_round`]
//! is exactly these two calls with a [`PickStrategy`], so paused and uninterrupted play cannot
//! diverge.

use crate::evaluate::evaluate;
use crate::events::{Event, PowerSource, SpinKind, cell_list};
use crate::features::{self, Power, non_wild};
use crate::math_model::{MathModel, ModelError};
use crate::symbols::{MpGrid, SHAPE, WILD, grid_text};
use rand_core::Rng;
use serde::{Deserialize, Serialize};
use slot_core::money::{Cap, Win};
use slot_core::recorder::Recorder;
use slot_core::sampling::{ReelStrip, WeightedTable, chance};
use slot_core::stats::RoundSummary;

/// The multiplier's ceiling.
pub const MAX_MULTIPLIER: u32 = 20;
/// At most this many free spins per round (initial plus extra).
pub const MAX_FREE_SPINS: u32 = 20;
/// The win cap: 5,000 x total bet.
pub const CAP: Cap = Cap::x_bet(5000);
/// What clearing the grid in a free spin pays: 100 x total bet (hundredths), not multiplied.
pub const FREE_SPIN_CLEAR_PAY: Win = Win::from_hundredths(10_000);
/// The version of the stored [`PausedRound`] format.
pub const PAUSED_ROUND_VERSION: u32 = 1;

/// Names of the RTP sources, by index of [`RoundSummary::by_source`].
pub const SOURCES: &[&str] = &["base game", "trinity", "free spins"];
/// Names of the features, by index of [`RoundSummary::feature_triggers`].
pub const FEATURES: &[&str] = &[
    "free spins",
    "trinity spin",
    "random power",
    "grid clear 100x",
];

const SRC_BASE: usize = 0;
const SRC_TRINITY: usize = 1;
const SRC_FREE: usize = 2;

/// The player's free-spin pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pick {
    /// Princess Love: 4 free spins, +4 per full meter, the Love power on spins without a win.
    Love,
    /// Princess Star: 5 free spins, +3 per full meter, the Star power.
    Star,
    /// Princess Storm: 8 free spins, +2 per full meter, the Storm power.
    Storm,
}

/// The three picks, in the order Love, Star, Storm (index of the math model's per-pick data).
pub const PICKS: [Pick; 3] = [Pick::Love, Pick::Star, Pick::Storm];

impl Pick {
    /// Free spins the pick starts with: 4, 5, 8.
    pub const fn initial_spins(self) -> u32 {
        match self {
            Pick::Love => 4,
            Pick::Star => 5,
            Pick::Storm => 8,
        }
    }

    /// Free spins a full meter adds: 4, 3, 2.
    pub const fn extra_spins(self) -> u32 {
        match self {
            Pick::Love => 4,
            Pick::Star => 3,
            Pick::Storm => 2,
        }
    }

    /// The pick's power.
    pub const fn power(self) -> Power {
        match self {
            Pick::Love => Power::Love,
            Pick::Star => Power::Star,
            Pick::Storm => Power::Storm,
        }
    }

    /// Index 0, 1, 2 (Love, Star, Storm).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase name (`love`, `star`, `storm`).
    pub const fn name(self) -> &'static str {
        match self {
            Pick::Love => "love",
            Pick::Star => "star",
            Pick::Storm => "storm",
        }
    }
}

/// A pick given as text that is not one of `love`, `star`, `storm`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a free-spin pick; allowed: love | star | storm")]
pub struct PickError(pub String);

impl std::str::FromStr for Pick {
    type Err = PickError;
    /// Parses `love`, `star` or `storm` (case-insensitive, surrounding spaces ignored).
    fn from_str(s: &str) -> Result<Pick, PickError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "love" => Ok(Pick::Love),
            "star" => Ok(Pick::Star),
            "storm" => Ok(Pick::Storm),
            _ => Err(PickError(s.to_string())),
        }
    }
}

impl std::fmt::Display for Pick {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a simulation picks: a fixed [`Pick`], or any `FnMut(&PausedRound) -> Pick`.
pub trait PickStrategy {
    /// The pick for this paused round.
    fn pick(&mut self, paused: &PausedRound) -> Pick;
}

impl PickStrategy for Pick {
    fn pick(&mut self, _: &PausedRound) -> Pick {
        *self
    }
}

impl<F: FnMut(&PausedRound) -> Pick> PickStrategy for F {
    fn pick(&mut self, paused: &PausedRound) -> Pick {
        self(paused)
    }
}

/// The result of a finished round. Wins in hundredths of the total bet, after the cap.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundOutcome {
    /// The round's total win (at most 5,000 x bet).
    pub win: Win,
    /// Won in the paid spin (tumbles and the random power included).
    pub base_win: Win,
    /// Won in Trinity spins.
    pub trinity_win: Win,
    /// Won in free spins (the 100 x grid clears included).
    pub free_spins_win: Win,
    /// Of `free_spins_win`, what the 100 x grid clears paid.
    pub clear_win: Win,
    /// Trinity spins played.
    pub trinity_spins: u32,
    /// Random powers used in the paid spin (0 or 1).
    pub random_powers: u32,
    /// The free-spin pick, if the feature was played.
    pub pick: Option<Pick>,
    /// Free spins awarded (initial plus extra, at most 20).
    pub free_spins_awarded: u32,
    /// Free spins played (fewer than awarded only when the cap ended the round).
    pub free_spins_played: u32,
    /// Free spins that cleared the grid (paid 100 x each).
    pub free_spin_clears: u32,
    /// The highest multiplier reached in the round.
    pub max_multiplier: u32,
    /// The round reached the cap.
    pub capped: bool,
}

impl RoundOutcome {
    /// The statistics record of the round ([`SOURCES`], [`FEATURES`]); `by_source` sums to
    /// `win`.
    pub fn summary(&self) -> RoundSummary {
        let mut s = RoundSummary {
            win: self.win.hundredths(),
            capped: self.capped,
            ..Default::default()
        };
        s.by_source[SRC_BASE] = self.base_win.hundredths();
        s.by_source[SRC_TRINITY] = self.trinity_win.hundredths();
        s.by_source[SRC_FREE] = self.free_spins_win.hundredths();
        s.feature_triggers[0] = self.pick.is_some() as u32;
        s.feature_wins[0] = self.free_spins_win.hundredths();
        s.feature_triggers[1] = self.trinity_spins;
        s.feature_wins[1] = self.trinity_win.hundredths();
        s.feature_triggers[2] = self.random_powers;
        s.feature_triggers[3] = self.free_spin_clears;
        s.feature_wins[3] = self.clear_win.hundredths();
        s
    }
}

/// A round stopped before the free-spin pick: everything the base game decided. Store it
/// (serde) and finish it with [`PausedRound::resume`]. The generator's state is not part of it:
/// resuming with the generator in the state `start_round` left it in gives exactly the
/// uninterrupted round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PausedRound {
    /// Format version ([`PAUSED_ROUND_VERSION`]).
    pub version: u32,
    /// The math model's id ([`MathModel::id`]) the round was started with.
    pub model_id: u32,
    /// Won so far (paid spin plus Trinity spins), below the cap.
    pub win: Win,
    /// Won in the paid spin.
    pub base_win: Win,
    /// Won in Trinity spins.
    pub trinity_win: Win,
    /// Trinity spins played.
    pub trinity_spins: u32,
    /// Random powers used (0 or 1).
    pub random_powers: u32,
    /// The highest multiplier reached so far (1..=20).
    pub max_multiplier: u32,
}

/// A stored round that cannot be resumed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResumeError {
    /// Another format version.
    #[error("stored round has format version {found}; this build reads version {expected}")]
    Version {
        /// The version stored.
        found: u32,
        /// The version this build reads.
        expected: u32,
    },
    /// Started with another math model.
    #[error("stored round belongs to math model {found}; this game runs model {expected}")]
    Model {
        /// The model stored.
        found: u32,
        /// This game's model.
        expected: u32,
    },
    /// Values that no round can produce.
    #[error("stored round is damaged: {0}")]
    Damaged(&'static str),
}

/// Either the finished round, or the round waiting for the pick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundState {
    /// No free spins (or the cap ended the round): the round is over.
    Finished(RoundOutcome),
    /// The free spins are triggered and wait for the player's pick.
    AwaitingPick(PausedRound),
}

/// How a spin ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SpinEnd {
    NoWin,
    Cleared,
    Capped,
}

/// The powers a spin may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PowerPolicy {
    /// Paid spin: a random power with the model's chance at the first moment without a win.
    RandomOnce,
    /// Trinity spin: Love, Star, Storm, one at each moment without a win.
    Trinity,
    /// Free spin: the pick's power once if the landed grid has no win.
    OnLanding(Power),
    /// `eval`: none.
    None,
}

/// The running money of a round: total, split by source, capped flag.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    total: Win,
    by_source: [Win; 3],
    capped: bool,
    clear_win: Win,
    max_multiplier: u32,
}

impl Tally {
    /// Adds a win from `source` without passing the cap; true if the cap is now reached.
    #[inline]
    fn add(&mut self, source: usize, amount: Win) -> bool {
        let before = self.total;
        self.capped = CAP.add(&mut self.total, amount);
        let fit = Win::from_hundredths(self.total.hundredths() - before.hundredths());
        self.by_source[source] += fit;
        self.capped
    }
}

/// Free-spin counters (for the meter's extra spins).
#[derive(Clone, Copy, Debug)]
struct FreeState {
    pick: Pick,
    awarded: u32,
}

/// A landing model made ready: reel sets with their weights.
#[derive(Clone, Debug)]
struct Landing {
    sets: WeightedTable<u8>,
    strips: Vec<[ReelStrip; 5]>,
}

impl Landing {
    #[inline]
    fn land<R: Rng + ?Sized>(&self, rng: &mut R) -> MpGrid {
        let set = if self.strips.len() == 1 {
            0
        } else {
            self.sets.sample_index(rng)
        };
        let strips = &self.strips[set];
        let mut g = MpGrid::empty();
        for (c, strip) in strips.iter().enumerate() {
            let stop = strip.draw_stop(rng);
            for r in 0..5 {
                g.set(SHAPE.index(r, c), strip.at(stop + r));
            }
        }
        g
    }
}

/// The game, built from a math model.
#[derive(Clone, Debug)]
pub struct Game {
    id: u32,
    fingerprint: slot_core::fingerprint::Fingerprint,
    base: Landing,
    free: [Landing; 3],
    random_power_chance: (u32, u32),
    random_power: WeightedTable<Power>,
    star_wilds: WeightedTable<u32>,
}

impl Default for Game {
    fn default() -> Self {
        Game::standard()
    }
}

/// What `eval` reports for a grid's whole tumble sequence (see [`Game::evaluate_sequence`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceResult {
    /// The events: each win, meter change, tumble, the clear.
    pub events: Vec<Event>,
    /// The total, hundredths of the bet (capped at 5,000 x).
    pub total: Win,
    /// Girl Power sections at the end (0..=3; in free spins after any extra spins emptied it).
    pub meter: u8,
    /// The meter was full at some point (base game: a Trinity spin would follow; free spins:
    /// extra spins).
    pub meter_full: bool,
    /// The grid cleared (base game: free spins triggered; free spins: 100 x paid).
    pub cleared: bool,
    /// The multiplier at the end.
    pub multiplier: u32,
}

impl Game {
    /// The shipped game ([`MathModel::standard`]).
    pub fn standard() -> Game {
        Game::new(&MathModel::standard()).expect("the shipped math model is valid")
    }

    /// Builds the game from a math model.
    ///
    /// # Errors
    /// [`ModelError`] naming the bad strip, code or weight table.
    pub fn new(m: &MathModel) -> Result<Game, ModelError> {
        let landing = |sets: &[crate::math_model::ReelSet],
                       what: &'static str|
         -> Result<Landing, ModelError> {
            let table =
                WeightedTable::new(sets.iter().enumerate().map(|(i, s)| (i as u8, s.weight)))
                    .map_err(|e| ModelError::Weights { what, error: e })?;
            let mut strips = vec![];
            for (si, s) in sets.iter().enumerate() {
                let mut five: Vec<ReelStrip> = vec![];
                for (ri, text) in s.reels.iter().enumerate() {
                    five.push(crate::math_model::parse_strip(text, what, si, ri)?);
                }
                strips.push(five.try_into().expect("five reels"));
            }
            Ok(Landing {
                sets: table,
                strips,
            })
        };
        let [l, s, t] = &m.free_spins;
        Ok(Game {
            id: m.id,
            fingerprint: m.fingerprint(),
            base: landing(&m.base, "base game")?,
            free: [
                landing(l, "free spins love")?,
                landing(s, "free spins star")?,
                landing(t, "free spins storm")?,
            ],
            random_power_chance: {
                let (n, d) = m.random_power_chance;
                if d == 0 || n > d {
                    return Err(ModelError::Chance {
                        numerator: n,
                        denominator: d,
                    });
                }
                (n, d)
            },
            random_power: WeightedTable::new(
                [Power::Love, Power::Star, Power::Storm]
                    .into_iter()
                    .zip(m.random_power_weights),
            )
            .map_err(|e| ModelError::Weights {
                what: "random power",
                error: e,
            })?,
            star_wilds: WeightedTable::new([1u32, 2].into_iter().zip(m.star_wilds_weights))
                .map_err(|e| ModelError::Weights {
                    what: "Star power wilds",
                    error: e,
                })?,
        })
    }

    /// The math model's id (stored in a [`PausedRound`]).
    pub fn model_id(&self) -> u32 {
        self.id
    }

    /// The fingerprint of the math model the game was built from
    /// ([`MathModel::fingerprint`]).
    pub fn fingerprint(&self) -> slot_core::fingerprint::Fingerprint {
        self.fingerprint
    }

    /// Plays a whole round, asking `strategy` for the pick if free spins trigger. Built from
    /// [`Game::start_round`] and [`PausedRound::resume`] with the same generator.
    pub fn play_round<R, Rec, S>(&self, rng: &mut R, rec: &mut Rec, mut strategy: S) -> RoundOutcome
    where
        R: Rng + ?Sized,
        Rec: Recorder<Event>,
        S: PickStrategy,
    {
        match self.start_round(rng, rec) {
            RoundState::Finished(o) => o,
            RoundState::AwaitingPick(p) => {
                let pick = strategy.pick(&p);
                p.resume(self, pick, rng, rec)
                    .expect("a round paused by this game resumes")
            }
        }
    }

    /// Plays the base game of a round: the paid spin and every Trinity spin. Returns the
    /// finished round, or the paused round if the grid cleared (free spins wait for the pick).
    pub fn start_round<R, Rec>(&self, rng: &mut R, rec: &mut Rec) -> RoundState
    where
        R: Rng + ?Sized,
        Rec: Recorder<Event>,
    {
        let mut t = Tally {
            max_multiplier: 1,
            ..Default::default()
        };
        let mut meter = 0u8;
        let mut random_powers = 0u32;
        let mut trinity_spins = 0u32;

        let mut triggered = self.base_spin(
            SpinKind::Paid,
            PowerPolicy::RandomOnce,
            SRC_BASE,
            &mut meter,
            &mut t,
            &mut random_powers,
            rng,
            rec,
        );
        if triggered {
            rec.record(|| Event::FreeSpinsTriggered);
        }
        while !t.capped && meter >= 3 {
            meter = 0;
            trinity_spins += 1;
            rec.record(|| Event::TrinityAwarded);
            let cleared = self.base_spin(
                SpinKind::Trinity {
                    number: trinity_spins,
                },
                PowerPolicy::Trinity,
                SRC_TRINITY,
                &mut meter,
                &mut t,
                &mut random_powers,
                rng,
                rec,
            );
            if cleared && !triggered {
                triggered = true;
                rec.record(|| Event::FreeSpinsTriggered);
            }
        }
        if t.capped || !triggered {
            let o = RoundOutcome {
                win: t.total,
                base_win: t.by_source[SRC_BASE],
                trinity_win: t.by_source[SRC_TRINITY],
                trinity_spins,
                random_powers,
                max_multiplier: t.max_multiplier,
                capped: t.capped,
                ..Default::default()
            };
            if t.capped {
                rec.record(|| Event::Capped { win: t.total });
            }
            rec.record(|| Event::RoundEnd { win: t.total });
            return RoundState::Finished(o);
        }
        rec.record(|| Event::AwaitingPick);
        RoundState::AwaitingPick(PausedRound {
            version: PAUSED_ROUND_VERSION,
            model_id: self.id,
            win: t.total,
            base_win: t.by_source[SRC_BASE],
            trinity_win: t.by_source[SRC_TRINITY],
            trinity_spins,
            random_powers,
            max_multiplier: t.max_multiplier,
        })
    }

    /// Lands a base-game grid (the paid spin or a Trinity spin, `spin`), with the multiplier
    /// at x1, and plays it out with `policy`, paying to `source`. Returns true if the grid
    /// cleared (the free-spin trigger).
    #[allow(clippy::too_many_arguments)]
    fn base_spin<R, Rec>(
        &self,
        spin: SpinKind,
        policy: PowerPolicy,
        source: usize,
        meter: &mut u8,
        t: &mut Tally,
        random_powers: &mut u32,
        rng: &mut R,
        rec: &mut Rec,
    ) -> bool
    where
        R: Rng + ?Sized,
        Rec: Recorder<Event>,
    {
        let mut g = self.base.land(rng);
        rec.record(|| Event::Landed {
            spin,
            multiplier: 1,
            grid: grid_text(&g),
        });
        let mut mult = 1;
        let end = self.run_spin(
            &mut g,
            policy,
            source,
            &mut mult,
            meter,
            None,
            t,
            random_powers,
            rng,
            rec,
        );
        end == SpinEnd::Cleared
    }

    /// Plays the free-spin feature alone with `pick`, as after a base game that won nothing
    /// (for tuning and analysis: the feature's mean value is what the pick's RTP depends on).
    pub fn play_free_spins<R, Rec>(&self, pick: Pick, rng: &mut R, rec: &mut Rec) -> RoundOutcome
    where
        R: Rng + ?Sized,
        Rec: Recorder<Event>,
    {
        let p = PausedRound {
            version: PAUSED_ROUND_VERSION,
            model_id: self.id,
            win: Win::ZERO,
            base_win: Win::ZERO,
            trinity_win: Win::ZERO,
            trinity_spins: 0,
            random_powers: 0,
            max_multiplier: 1,
        };
        self.free_spins(&p, pick, rng, rec)
    }

    /// Plays a grid's whole tumble sequence as the runner's `eval` does: no power, no Trinity
    /// spin, no free spin played. `free_spin` evaluates it as a free spin (a clear pays 100 x;
    /// a full meter would add spins); `multiplier` (clamped to 1..=20) is the multiplier it
    /// starts with.
    pub fn evaluate_sequence(grid: &MpGrid, free_spin: bool, multiplier: u32) -> SequenceResult {
        let mut g = *grid;
        let mut log = slot_core::recorder::EventLog::<Event>::default();
        let mut t = Tally {
            max_multiplier: 1,
            ..Default::default()
        };
        let mut mult = multiplier.clamp(1, MAX_MULTIPLIER);
        let mut meter = 0u8;
        let mut meter_full = false;
        let mut rp = 0;
        let mut fs = FreeState {
            pick: Pick::Love,
            awarded: 0,
        };
        // No draw is ever made: no power is used and nothing lands.
        let mut rng = NoRng;
        let game_free = free_spin.then_some(&mut fs);
        let end = run_spin_impl(
            None,
            &mut g,
            PowerPolicy::None,
            if free_spin { SRC_FREE } else { SRC_BASE },
            &mut mult,
            &mut meter,
            game_free,
            &mut t,
            &mut rp,
            &mut meter_full,
            &mut rng,
            &mut log,
        );
        if end == SpinEnd::Cleared && free_spin && !t.capped {
            t.add(SRC_FREE, FREE_SPIN_CLEAR_PAY);
            log.events.push(Event::GridCleared {
                free_spins: true,
                amount: FREE_SPIN_CLEAR_PAY,
            });
        }
        SequenceResult {
            events: log.events,
            total: t.total,
            meter,
            meter_full: meter_full || meter >= 3,
            cleared: end == SpinEnd::Cleared,
            multiplier: mult,
        }
    }

    /// One spin from its landed grid until it ends.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn run_spin<R, Rec>(
        &self,
        g: &mut MpGrid,
        policy: PowerPolicy,
        source: usize,
        mult: &mut u32,
        meter: &mut u8,
        free: Option<&mut FreeState>,
        t: &mut Tally,
        random_powers: &mut u32,
        rng: &mut R,
        rec: &mut Rec,
    ) -> SpinEnd
    where
        R: Rng + ?Sized,
        Rec: Recorder<Event>,
    {
        let mut full = false;
        run_spin_impl(
            Some(self),
            g,
            policy,
            source,
            mult,
            meter,
            free,
            t,
            random_powers,
            &mut full,
            rng,
            rec,
        )
    }

    /// Plays the free spins of a paused round with `pick`.
    fn free_spins<R, Rec>(
        &self,
        p: &PausedRound,
        pick: Pick,
        rng: &mut R,
        rec: &mut Rec,
    ) -> RoundOutcome
    where
        R: Rng + ?Sized,
        Rec: Recorder<Event>,
    {
        let mut t = Tally {
            max_multiplier: p.max_multiplier,
            ..Default::default()
        };
        t.total = p.win;
        t.by_source[SRC_BASE] = p.base_win;
        t.by_source[SRC_TRINITY] = p.trinity_win;
        let mut fs = FreeState {
            pick,
            awarded: pick.initial_spins(),
        };
        rec.record(|| Event::Picked {
            pick,
            spins: fs.awarded,
        });
        let landing = &self.free[pick.index()];
        let mut mult = 1u32;
        let mut meter = 0u8;
        let mut played = 0u32;
        let mut clears = 0u32;
        let mut rp = 0;
        while played < fs.awarded && !t.capped {
            played += 1;
            let mut g = landing.land(rng);
            let (n, of, m) = (played, fs.awarded, mult);
            rec.record(|| Event::Landed {
                spin: SpinKind::Free { number: n, of },
                multiplier: m,
                grid: grid_text(&g),
            });
            let end = self.run_spin(
                &mut g,
                PowerPolicy::OnLanding(pick.power()),
                SRC_FREE,
                &mut mult,
                &mut meter,
                Some(&mut fs),
                &mut t,
                &mut rp,
                rng,
                rec,
            );
            if end == SpinEnd::Cleared {
                clears += 1;
                let before = t.total;
                t.add(SRC_FREE, FREE_SPIN_CLEAR_PAY);
                let paid = Win::from_hundredths(t.total.hundredths() - before.hundredths());
                t.clear_win += paid;
                rec.record(|| Event::GridCleared {
                    free_spins: true,
                    amount: FREE_SPIN_CLEAR_PAY,
                });
            }
        }
        if t.capped {
            rec.record(|| Event::Capped { win: t.total });
        }
        rec.record(|| Event::RoundEnd { win: t.total });
        RoundOutcome {
            win: t.total,
            base_win: t.by_source[SRC_BASE],
            trinity_win: t.by_source[SRC_TRINITY],
            free_spins_win: t.by_source[SRC_FREE],
            clear_win: t.clear_win,
            trinity_spins: p.trinity_spins,
            random_powers: p.random_powers,
            pick: Some(pick),
            free_spins_awarded: fs.awarded,
            free_spins_played: played,
            free_spin_clears: clears,
            max_multiplier: t.max_multiplier,
            capped: t.capped,
        }
    }
}

impl PausedRound {
    /// Checks that this stored round can have come from `game`.
    ///
    /// # Errors
    /// [`ResumeError`]: another format version, another math model, or values no round can
    /// produce (a split that does not add up, a win at or above the cap, a multiplier outside
    /// 1..=20, more than one random power, a Trinity win without a Trinity spin).
    pub fn validate(&self, game: &Game) -> Result<(), ResumeError> {
        if self.version != PAUSED_ROUND_VERSION {
            return Err(ResumeError::Version {
                found: self.version,
                expected: PAUSED_ROUND_VERSION,
            });
        }
        if self.model_id != game.id {
            return Err(ResumeError::Model {
                found: self.model_id,
                expected: game.id,
            });
        }
        let sum = self
            .base_win
            .hundredths()
            .checked_add(self.trinity_win.hundredths());
        if sum != Some(self.win.hundredths()) {
            return Err(ResumeError::Damaged("win is not base_win + trinity_win"));
        }
        if self.win >= CAP.limit {
            return Err(ResumeError::Damaged(
                "win at or above the 5,000 x cap (such a round has ended)",
            ));
        }
        if !self.win.hundredths().is_multiple_of(5) {
            return Err(ResumeError::Damaged(
                "win is not a multiple of 0.05 x bet (every pay is)",
            ));
        }
        if !(1..=MAX_MULTIPLIER).contains(&self.max_multiplier) {
            return Err(ResumeError::Damaged("max_multiplier outside 1..=20"));
        }
        if self.random_powers > 1 {
            return Err(ResumeError::Damaged("more than one random power"));
        }
        if self.trinity_spins == 0 && !self.trinity_win.is_zero() {
            return Err(ResumeError::Damaged("a Trinity win without a Trinity spin"));
        }
        Ok(())
    }

    /// Finishes the round with the player's `pick`: plays the free spins. With the generator
    /// in the state [`Game::start_round`] left it in, the result equals the uninterrupted round.
    ///
    /// # Errors
    /// [`ResumeError`] if the stored round fails [`PausedRound::validate`]; nothing is played.
    pub fn resume<R, Rec>(
        self,
        game: &Game,
        pick: Pick,
        rng: &mut R,
        rec: &mut Rec,
    ) -> Result<RoundOutcome, ResumeError>
    where
        R: Rng + ?Sized,
        Rec: Recorder<Event>,
    {
        self.validate(game)?;
        Ok(game.free_spins(&self, pick, rng, rec))
    }
}

/// A generator for code paths that never draw (`eval`): every draw is 0.
struct NoRng;

impl rand_core::TryRng for NoRng {
    type Error = std::convert::Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        Ok(0)
    }
    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        Ok(0)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        dst.fill(0);
        Ok(())
    }
}

/// The spin loop: evaluate, pay, tumble, until no win; then the clear check and the powers.
#[allow(clippy::too_many_arguments)]
#[inline]
fn run_spin_impl<R, Rec>(
    game: Option<&Game>,
    g: &mut MpGrid,
    policy: PowerPolicy,
    source: usize,
    mult: &mut u32,
    meter: &mut u8,
    mut free: Option<&mut FreeState>,
    t: &mut Tally,
    random_powers: &mut u32,
    meter_full: &mut bool,
    rng: &mut R,
    rec: &mut Rec,
) -> SpinEnd
where
    R: Rng + ?Sized,
    Rec: Recorder<Event>,
{
    let mut first = true;
    let mut random_tried = false;
    let mut trinity_next = 0usize;
    loop {
        let ev = evaluate(g);
        if ev.is_empty() {
            let landed = first;
            first = false;
            if non_wild(g) == 0 {
                // Only Wilds (or nothing) remain: the princess removes them; the grid is clear.
                g.remove(g.plane(WILD));
                if source != SRC_FREE {
                    rec.record(|| Event::GridCleared {
                        free_spins: false,
                        amount: Win::ZERO,
                    });
                }
                return SpinEnd::Cleared;
            }
            let Some(game) = game else {
                return SpinEnd::NoWin;
            };
            let (power, psrc) = match policy {
                PowerPolicy::RandomOnce if !random_tried => {
                    random_tried = true;
                    let (n, d) = game.random_power_chance;
                    if !chance(rng, n, d) {
                        return SpinEnd::NoWin;
                    }
                    *random_powers += 1;
                    (*game.random_power.sample(rng), PowerSource::Random)
                }
                PowerPolicy::Trinity if trinity_next < 3 => {
                    let p = [Power::Love, Power::Star, Power::Storm][trinity_next];
                    trinity_next += 1;
                    (p, PowerSource::Trinity)
                }
                PowerPolicy::OnLanding(p) if landed => (p, PowerSource::FreeSpin),
                _ => return SpinEnd::NoWin,
            };
            let k = if power == Power::Star {
                *game.star_wilds.sample(rng)
            } else {
                1
            };
            if let Some(effect) = features::apply(power, g, k, rng) {
                rec.record(|| Event::Power {
                    power,
                    source: psrc,
                    effect: effect.to_event(),
                    grid: grid_text(g),
                });
            }
            continue;
        }
        first = false;
        let m = *mult;
        for w in &ev.wins {
            let amount = Win::from_hundredths(w.pay).times(m as u64);
            rec.record(|| Event::Win {
                class: w.class,
                line: w.line,
                cells: cell_list(w.cells),
                length: w.len,
                multiplier: m,
                amount,
            });
            if t.add(source, amount) {
                return SpinEnd::Capped;
            }
        }
        let sections = ev.meter_sections();
        if sections > 0 {
            let filled = (*meter as u32 + sections).min(3) as u8;
            *meter = filled;
            rec.record(|| Event::Meter { sections: filled });
            if filled >= 3 {
                *meter_full = true;
                if let Some(fs) = free.as_deref_mut() {
                    // Free spins: a full meter adds spins at once and empties (excess lost).
                    let before = fs.awarded;
                    fs.awarded = (fs.awarded + fs.pick.extra_spins()).min(MAX_FREE_SPINS);
                    *meter = 0;
                    if game.is_some() {
                        let (added, total) = (fs.awarded - before, fs.awarded);
                        rec.record(|| Event::ExtraFreeSpins { added, total });
                    }
                }
            }
        }
        let (removed, wilds) = features::tumble(g, &ev);
        *mult = (*mult + 1).min(MAX_MULTIPLIER);
        t.max_multiplier = t.max_multiplier.max(*mult);
        let nm = *mult;
        rec.record(|| Event::Tumble {
            removed: cell_list(removed),
            wilds: cell_list(wilds),
            multiplier: nm,
            grid: grid_text(g),
        });
    }
}
