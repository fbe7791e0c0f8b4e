//! Ten Lines as a [`slot_core::Game`]: its facts (names, its one mode, stake, bet ladder, cap,
//! RTP sources, features, target RTP), a round, a grid evaluated alone, the exact RTP, and the
//! random inputs a round draws (for the goodness-of-fit test of a simulation).

use crate::math_model::{MathModel, ModelError};
use crate::paytable::FREE_SPIN_LINE_MULTIPLIER;
use crate::round::{AWARDS, CAP, FEATURES, RoundOutcome, SOURCE_FREE_SPINS, SOURCES, TenLines};
use crate::symbols::{self, NAMES, TEXT_CODES};
use slot_core::Rng;
use slot_core::events::{Event, EventLog};
use slot_core::fingerprint::Fingerprint;
use slot_core::game::{EvalError, EvalOptions, GridReport, GridWin, RandomInput, TargetRtp};
use slot_core::money::{BetLadder, Cap, Win};
use slot_core::recorder::Recorder;
use slot_core::summary::RoundSummary;

/// The published RTP: 96.00 % (the shipped model's exact RTP is 96.023672 %,
/// [`crate::math_model::EXACT_RTP`]).
pub const TARGET_RTP: TargetRtp = TargetRtp(9600);

/// The game's one mode (defined with the round, which takes it).
pub use crate::round::Standard;

impl slot_core::Game for TenLines {
    /// The one mode.
    type Mode = Standard;
    type Outcome = RoundOutcome;
    type Model = MathModel;
    type ModelError = ModelError;

    const NAME: &'static str = crate::GAME_NAME;
    const TITLE: &'static str = "Ten Lines (template game)";
    const MODES: &'static [Standard] = &[Standard];
    const BET_LADDER: BetLadder = crate::BET_LADDER;
    /// 5,000 x the total bet, never reached by the shipped model (crate docs, "The cap").
    const CAP: Option<Cap> = Some(CAP);
    const SOURCES: &'static [&'static str] = SOURCES;
    const FEATURES: &'static [&'static str] = FEATURES;
    const AWARDS: &'static [&'static str] = AWARDS;
    const OFFERS: Option<slot_core::offers::Offers> = Some(slot_core::offers::Offers::NONE);
    /// The free-spin feature's win is the free-spin source, in every round.
    const FEATURE_SOURCES: &'static [(usize, usize)] = &[(0, SOURCE_FREE_SPINS)];
    const MODEL_NAMES: &'static [&'static str] = &MathModel::NAMES;
    const CELL_CODES: &'static str = "10, J, Q, K, be Bell, ba Bar, 7 Seven, W Wild, SC Scatter";

    fn mode_name(_: Standard) -> &'static str {
        "standard"
    }

    fn cost(_: Standard) -> u64 {
        100
    }

    fn published_rtp(_: Standard) -> TargetRtp {
        TARGET_RTP
    }

    fn named_model(name: &str) -> Option<MathModel> {
        MathModel::named(name)
    }

    fn new(model: &MathModel) -> Result<Self, ModelError> {
        TenLines::new(model)
    }

    fn fingerprint(&self) -> Fingerprint {
        TenLines::fingerprint(self)
    }

    fn play_round<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        mode: Standard,
        rng: &mut R,
        rec: &mut Rec,
    ) -> RoundOutcome {
        TenLines::play_round(self, mode, rng, rec)
    }

    fn win(outcome: &RoundOutcome) -> Win {
        outcome.win
    }

    fn summary(outcome: &RoundOutcome) -> RoundSummary {
        outcome.summary()
    }

    fn is_blank(outcome: &RoundOutcome) -> bool {
        outcome.is_blank()
    }

    /// The grid landed as the paid spin of a round ([`TenLines::play_from_window`]): its
    /// line wins and Scatter pay, then the free spins it triggers drawn from `rng`. The game
    /// has one mode. Returns the round's win (at most the cap).
    fn play_from_grid<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        _: Standard,
        grid: &str,
        rng: &mut R,
        rec: &mut Rec,
    ) -> Result<Win, EvalError> {
        let window = symbols::parse_grid(grid).map_err(|e| EvalError::Grid(e.to_string()))?;
        Ok(self.play_from_window(&window, rng, rec).win)
    }

    /// The grid's line wins (tripled as a free spin) and Scatter pay, with `extra`:
    /// `scatters` and `free_spins_triggered` (false for a free spin: no retrigger). Paid is
    /// the total at most the cap.
    fn evaluate_grid_text(grid: &str, options: EvalOptions) -> Result<GridReport, EvalError> {
        if options.multiplier.is_some() {
            return Err(EvalError::Option {
                option: "--multiplier",
                game: crate::GAME_NAME,
                allowed_for: "moon-princess",
            });
        }
        let window = symbols::parse_grid(grid).map_err(|e| EvalError::Grid(e.to_string()))?;
        let ev = crate::evaluate(&window);
        let multiplier = if options.free_spin {
            FREE_SPIN_LINE_MULTIPLIER
        } else {
            1
        };
        let mut wins: Vec<GridWin> = ev
            .line_wins()
            .iter()
            .map(|w| GridWin {
                symbol: TEXT_CODES[usize::from(w.symbol)].to_string(),
                name: NAMES[usize::from(w.symbol)].to_string(),
                cells: crate::events::line_cells(w)
                    .iter()
                    .map(|c| [usize::from(c[0]), usize::from(c[1])])
                    .collect(),
                count: u32::from(w.len),
                multiplier,
                win: w.pay.times(multiplier),
            })
            .collect();
        if !ev.scatter_win.is_zero() {
            wins.push(GridWin {
                symbol: TEXT_CODES[usize::from(symbols::SCATTER)].to_string(),
                name: NAMES[usize::from(symbols::SCATTER)].to_string(),
                cells: crate::events::scatter_cells(&window)
                    .iter()
                    .map(|c| [usize::from(c[0]), usize::from(c[1])])
                    .collect(),
                count: ev.scatters,
                multiplier: 1,
                win: ev.scatter_win,
            });
        }
        let total: Win = wins.iter().map(|w| w.win).sum();
        let mut extra = serde_json::Map::new();
        extra.insert(
            "lines".into(),
            ev.line_wins()
                .iter()
                .map(|w| u64::from(w.line) + 1)
                .collect::<Vec<_>>()
                .into(),
        );
        extra.insert("scatters".into(), ev.scatters.into());
        extra.insert(
            "free_spins_triggered".into(),
            (ev.triggered() && !options.free_spin).into(),
        );
        Ok(GridReport {
            wins,
            total,
            paid: total.min(CAP.limit),
            extra,
        })
    }

    /// The RTP by enumerating every combination of stops ([`crate::exact`]), `None` for a
    /// model with more than [`crate::exact::MAX_COMBINATIONS`] of them. About a second for
    /// the shipped model, optimised.
    fn exact_rtp(&self, _: Standard) -> Option<f64> {
        let f = crate::exact::ExactFigures::compute(self.model()).ok()?;
        Some(f.rtp().to_f64())
    }

    /// The sd of a round's win from the same enumeration's sums of squares
    /// ([`crate::exact::ExactFigures::variance`]), `None` where [`slot_core::Game::exact_rtp`] is.
    fn exact_sd(&self, _: Standard) -> Option<f64> {
        crate::exact::ExactFigures::compute(self.model()).ok()?.sd()
    }

    /// The stop of each reel (uniform over its strip).
    fn random_inputs(&self, _: Standard) -> Vec<RandomInput> {
        self.model()
            .strips
            .iter()
            .enumerate()
            .map(|(r, s)| RandomInput::uniform(format!("reel {} stops", r + 1), s.len()))
            .collect()
    }

    /// Per spin, in the order drawn: the five stops of its `landed` event.
    fn random_outcomes(&self, _: Standard, log: &EventLog) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for e in &log.events {
            if let Event::Landed {
                stops: Some(stops), ..
            } = e
            {
                for (r, &stop) in stops.iter().enumerate().take(symbols::REELS) {
                    out.push((r, stop as usize));
                }
            }
        }
        out
    }
}
