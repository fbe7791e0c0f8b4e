//! Moon Princess as a [`slot_core::Game`]: its facts (names, picks, stake, cap, RTP sources,
//! features, top awards, target RTP), a round in a pick, and the random inputs a round draws
//! (for the goodness-of-fit test of a simulation).

use crate::math_model::{MathModel, ModelError, ReelSet};
use crate::outcome::{AWARDS, FEATURES, RoundOutcome, SOURCES};
use crate::pick::{PICKS, Pick};
use crate::round::Multiplier;
use crate::round::{MoonPrincess, RoundState};
use slot_core::Rng;
use slot_core::events::{Event, EventLog, PowerSource, Princess, SpinKind};
use slot_core::fingerprint::Fingerprint;
use slot_core::game::{
    BaseGame, EvalError, EvalOptions, GridReport, GridWin, RandomInput, TargetRtp,
};
use slot_core::money::{Cap, Win};
use slot_core::recorder::{NoRecorder, Recorder};
use slot_core::summary::RoundSummary;

/// The published RTP of every pick: 94.51 %.
pub const TARGET_RTP: TargetRtp = TargetRtp(9451);

impl slot_core::Game for MoonPrincess {
    /// The free-spin pick a round plays if its free spins trigger.
    type Mode = Pick;
    type Outcome = RoundOutcome;
    type Model = MathModel;
    type ModelError = ModelError;

    const NAME: &'static str = "moon-princess";
    const TITLE: &'static str = "Moon Princess";
    const MODES: &'static [Pick] = &PICKS;
    const MODE_IS_PICK: bool = true;
    const BET_LADDER: slot_core::money::BetLadder = crate::BET_LADDER;
    const CAP: Option<Cap> = Some(crate::CAP);
    const SOURCES: &'static [&'static str] = SOURCES;
    const FEATURES: &'static [&'static str] = FEATURES;
    const AWARDS: &'static [&'static str] = AWARDS;
    const OFFERS: Option<slot_core::offers::Offers> = Some(slot_core::offers::Offers::NONE);
    /// The free spins feature is the free-spin source, the Trinity feature the Trinity source.
    const FEATURE_SOURCES: &'static [(usize, usize)] = &[(0, 2), (1, 1)];
    /// Winning symbols leave the grid and the grid refills: every spin tumbles.
    const CASCADES: bool = true;
    const MODEL_NAMES: &'static [&'static str] = &MathModel::NAMES;
    const CELL_CODES: &'static str =
        "ci Circle, st Star, he Heart, be Bell, pg Princess Storm (green),
pb Princess Star (blue), pr Princess Love (red), W Wild, . empty";
    /// The published ladder: 96.50, 94.51 (published), 91.49, 87.50 and 84.50 %, each
    /// certified for every pick.
    const VARIANTS: &'static [slot_core::variant::Variant] = &[
        slot_core::variant::Variant {
            rtp: TargetRtp(9650),
            model: "rtp-96.50",
        },
        slot_core::variant::Variant {
            rtp: TARGET_RTP,
            model: "standard",
        },
        slot_core::variant::Variant {
            rtp: TargetRtp(9149),
            model: "rtp-91.49",
        },
        slot_core::variant::Variant {
            rtp: TargetRtp(8750),
            model: "rtp-87.50",
        },
        slot_core::variant::Variant {
            rtp: TargetRtp(8450),
            model: "rtp-84.50",
        },
    ];

    fn mode_name(mode: Pick) -> &'static str {
        mode.name()
    }

    fn cost(_: Pick) -> u64 {
        100
    }

    fn published_rtp(_: Pick) -> TargetRtp {
        TARGET_RTP
    }

    fn named_model(name: &str) -> Option<MathModel> {
        MathModel::named(name)
    }

    fn new(model: &MathModel) -> Result<Self, ModelError> {
        MoonPrincess::new(model)
    }

    fn fingerprint(&self) -> Fingerprint {
        MoonPrincess::fingerprint(self)
    }

    /// Every variant's certification ([`crate::evidence::EVIDENCE`]).
    fn evidence() -> &'static slot_core::evidence::Evidence {
        &crate::evidence::EVIDENCE
    }

    fn play_round<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        mode: Pick,
        rng: &mut R,
        rec: &mut Rec,
    ) -> RoundOutcome {
        MoonPrincess::play_round(self, mode, rng, rec)
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

    /// The grid's whole tumble sequence ([`MoonPrincess::evaluate_sequence`], or
    /// [`MoonPrincess::evaluate_free_spin_sequence`] as a free spin), from the multiplier
    /// given (x1 without it): every win, the grid clear's pay, and the tumbles, final
    /// multiplier, meter and the feature the sequence leads to.
    /// The grid's whole tumble sequence as a paid spin at x1, as `eval` plays it (no power,
    /// no Trinity spin, no free spin played; a clear is reported and pays nothing): a
    /// `landed` event with the grid, then the sequence's events. Nothing is drawn, so the
    /// mode and the generator are not read. Returns the sequence's win after the cap.
    fn play_from_grid<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        _mode: Pick,
        grid: &str,
        _rng: &mut R,
        rec: &mut Rec,
    ) -> Result<Win, EvalError> {
        let g = crate::parse_grid(grid).map_err(|e| EvalError::Grid(e.to_string()))?;
        rec.record(|| Event::Landed {
            grid: crate::grid_text(&g),
            reel_set: None,
            stops: None,
            stars: None,
        });
        let sequence = MoonPrincess::evaluate_sequence(&g, Multiplier::ONE);
        if rec.is_recording() {
            for event in sequence.events {
                rec.record(|| event);
            }
        }
        Ok(sequence.paid)
    }

    fn evaluate_grid_text(grid: &str, options: EvalOptions) -> Result<GridReport, EvalError> {
        let grid = crate::parse_grid(grid).map_err(|e| EvalError::Grid(e.to_string()))?;
        let bad_multiplier = |m: i64| EvalError::Value {
            option: "--multiplier",
            message: format!("multiplier {m} is not allowed; the multiplier is 1 to 20"),
        };
        let m = options.multiplier.unwrap_or(1);
        let m = u32::try_from(m)
            .ok()
            .and_then(|x| Multiplier::new(x).ok())
            .ok_or_else(|| bad_multiplier(m))?;
        let r = if options.free_spin {
            MoonPrincess::evaluate_free_spin_sequence(&grid, m)
        } else {
            MoonPrincess::evaluate_sequence(&grid, m)
        };
        let mut wins = vec![];
        let mut tumbles = 0u32;
        for e in &r.events {
            match e {
                Event::Win {
                    symbol,
                    cells,
                    count,
                    multiplier,
                    paid,
                    ..
                } => wins.push(GridWin {
                    name: crate::evaluate::CLASSES
                        .iter()
                        .find(|c| c.code() == symbol)
                        .map_or(symbol.as_str(), |c| c.name())
                        .to_string(),
                    symbol: symbol.clone(),
                    cells: cells
                        .iter()
                        .map(|[r, c]| [*r as usize, *c as usize])
                        .collect(),
                    count: *count,
                    multiplier: u64::from(multiplier.unwrap_or(1)),
                    win: paid.unwrap_or_default(),
                }),
                Event::GridCleared { paid, .. } if !paid.is_zero() => wins.push(GridWin {
                    symbol: "clear".into(),
                    name: "grid clear".into(),
                    cells: vec![],
                    count: 0,
                    multiplier: 1,
                    win: *paid,
                }),
                Event::Tumble { .. } => tumbles += 1,
                _ => {}
            }
        }
        let mut extra = serde_json::Map::new();
        extra.insert("tumbles".into(), tumbles.into());
        extra.insert("final_multiplier".into(), r.multiplier.into());
        extra.insert("meter".into(), r.meter.into());
        extra.insert("meter_full".into(), r.meter_full.into());
        extra.insert("grid_cleared".into(), r.cleared.into());
        extra.insert(
            "feature".into(),
            match (r.cleared, options.free_spin, r.meter_full) {
                (true, false, _) => "free spins triggered (grid clear)",
                (true, true, _) => "grid clear pays 100 x bet",
                (false, false, true) => "Trinity spin (full meter)",
                (false, true, true) => "extra free spins (full meter)",
                _ => "none",
            }
            .into(),
        );
        Ok(GridReport {
            wins,
            total: r.total,
            paid: r.paid,
            extra,
        })
    }

    /// Per landing (the base game's paid and Trinity spins, then the pick's free spins): the
    /// reel set drawn, then the stop of each reel of each set; last, which power the random
    /// power of a paid spin is (Love, Star, Storm).
    fn random_inputs(&self, mode: Pick) -> Vec<RandomInput> {
        let model = self.model();
        let mut inputs = Vec::new();
        let landings: [(String, &[ReelSet]); 2] = [
            ("base game".into(), &model.base),
            (
                format!("free spins {}", mode.name()),
                &model.free_spins[mode.index()],
            ),
        ];
        for (name, sets) in landings {
            inputs.push(RandomInput::new(
                format!("{name} reel sets"),
                sets.iter().map(|s| u64::from(s.weight)).collect(),
            ));
            for (si, set) in sets.iter().enumerate() {
                for (r, strip) in set.reels.iter().enumerate() {
                    inputs.push(RandomInput::uniform(
                        format!("{name} set {si} reel {} stops", r + 1),
                        strip_len(strip),
                    ));
                }
            }
        }
        inputs.push(RandomInput::new(
            "random power (Love, Star, Storm)",
            model.random_power_weights.map(u64::from).to_vec(),
        ));
        inputs
    }

    /// Per landing, in the order drawn: the reel set, then the stop of reels 1 to 5; a random
    /// power's kind where the log shows one. Not listed (they are not inputs of
    /// [`slot_core::Game::random_inputs`]): whether a paid spin gets a random power at all, the Star
    /// power's number of Wilds, and the symbols and cells the powers choose.
    fn random_outcomes(&self, mode: Pick, log: &EventLog) -> Vec<(usize, usize)> {
        let model = self.model();
        let sets = [model.base.len(), model.free_spins[mode.index()].len()];
        // The first input of each landing: its reel sets, then 5 stops per set.
        let start = [0, 1 + 5 * sets[0]];
        let mut out = Vec::new();
        let mut landing = 0;
        for e in &log.events {
            match e {
                Event::SpinStart { spin, .. } => landing = usize::from(*spin == SpinKind::Free),
                Event::Landed {
                    reel_set: Some(set),
                    stops: Some(stops),
                    ..
                } => {
                    let s0 = start[landing];
                    let set = *set as usize;
                    out.push((s0, set));
                    for (r, &stop) in stops.iter().enumerate().take(5) {
                        out.push((s0 + 1 + 5 * set + r, stop as usize));
                    }
                }
                Event::Power {
                    power,
                    source: PowerSource::Random,
                    ..
                } => {
                    let i = match power {
                        Princess::Love => 0,
                        Princess::Star => 1,
                        Princess::Storm => 2,
                    };
                    out.push((start[1] + 1 + 5 * sets[1], i));
                }
                _ => {}
            }
        }
        out
    }
}

impl slot_core::game::SplitGame for MoonPrincess {
    /// The paid spin and its Trinity spins, stopped where the player would pick (the same in
    /// every pick).
    fn play_base_game<R: Rng + ?Sized>(&self, _: Pick, rng: &mut R) -> BaseGame {
        match self.start_round(rng, NoRecorder) {
            RoundState::Finished(o) => BaseGame {
                win: o.win.hundredths(),
                triggered: false,
                capped: o.capped,
            },
            RoundState::AwaitingPick(p) => BaseGame {
                win: p.win().hundredths(),
                triggered: true,
                capped: false,
            },
        }
    }

    fn play_feature<R: Rng + ?Sized>(&self, mode: Pick, rng: &mut R) -> RoundOutcome {
        self.play_free_spins(mode, rng, NoRecorder)
    }
}

/// Positions of a strip written as model text (`code` or `code*n` tokens).
fn strip_len(text: &str) -> usize {
    text.split_whitespace()
        .map(|t| t.split_once('*').map_or(1, |(_, n)| n.parse().unwrap_or(0)))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strip_lengths_count_stacks() {
        assert_eq!(strip_len("ci*3 st he*2"), 6);
        assert_eq!(strip_len(""), 0);
    }
}
