//! Starlight Christmas as a [`slot_core::Game`]: its facts (names, bet modes and their
//! stakes, cap, RTP sources, features, top awards, target RTP), a round in a bet mode, and the
//! random inputs a round draws (for the goodness-of-fit test of a simulation).

use crate::math_model::{CellWeights, MathModel, ModelError};
use crate::paytable::evaluate_grid;
use crate::symbols::{MULTIPLIER, NAMES, SCATTER, SHAPE, TEXT_CODES, parse_code, parse_grid};
use crate::{AWARDS, BetMode, FEATURES, RoundOutcome, SOURCES, StarlightChristmas};
use slot_core::Rng;
use slot_core::events::{Event, EventLog, SpinKind};
use slot_core::fingerprint::Fingerprint;
use slot_core::game::{EvalError, EvalOptions, GridReport, GridWin, RandomInput, TargetRtp};
use slot_core::grid::row_col_cells;
use slot_core::money::{Cap, Win};
use slot_core::recorder::Recorder;
use slot_core::summary::RoundSummary;

/// The published RTP of both bet modes (of the stake paid): 95.50 %.
pub const TARGET_RTP: TargetRtp = TargetRtp(9550);

/// The bet modes, standard first.
pub const BET_MODES: [BetMode; 2] = [BetMode::Standard, BetMode::Ante];

impl slot_core::Game for StarlightChristmas {
    /// The bet mode: standard (stake = base bet) or ante (stake = 1.25 x base bet).
    type Mode = BetMode;
    type Outcome = RoundOutcome;
    type Model = MathModel;
    type ModelError = ModelError;

    const NAME: &'static str = "starlight-christmas";
    const TITLE: &'static str = "Starlight Christmas";
    const MODES: &'static [BetMode] = &BET_MODES;
    const BET_LADDER: slot_core::money::BetLadder = crate::BET_LADDER;
    const CAP: Option<Cap> = Some(crate::CAP);
    const SOURCES: &'static [&'static str] = &SOURCES;
    const FEATURES: &'static [&'static str] = &FEATURES;
    const AWARDS: &'static [&'static str] = &AWARDS;
    const OFFERS: Option<slot_core::offers::Offers> = Some(slot_core::offers::Offers::NONE);
    /// The free spins feature is the free-spin source.
    const FEATURE_SOURCES: &'static [(usize, usize)] = &[(0, 3)];
    /// Winning symbols leave the grid and the grid refills: every spin tumbles.
    const CASCADES: bool = true;
    const MODEL_NAMES: &'static [&'static str] = &MathModel::NAMES;
    const CELL_CODES: &'static str =
        "gy yellow, gt turquoise, gg green, gb blue, gr red gem, st Star,
mo Moon, he Heart, su Sun, SC Scatter, x<value> Multiplier (e.g. x25)";
    /// The published ladder of the game's family: 96.50, 95.50 (published) and 94.50 %, each
    /// certified in both bet modes.
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
            rtp: TargetRtp(9450),
            model: "rtp-94.50",
        },
    ];

    fn mode_name(mode: BetMode) -> &'static str {
        mode.name()
    }

    fn cost(mode: BetMode) -> u64 {
        mode.cost()
    }

    fn published_rtp(_: BetMode) -> TargetRtp {
        TARGET_RTP
    }

    fn named_model(name: &str) -> Option<MathModel> {
        MathModel::named(name)
    }

    fn new(model: &MathModel) -> Result<Self, ModelError> {
        StarlightChristmas::new(model)
    }

    fn fingerprint(&self) -> Fingerprint {
        StarlightChristmas::fingerprint(self)
    }

    /// Every variant's certification ([`crate::evidence::EVIDENCE`]).
    fn evidence() -> &'static slot_core::evidence::Evidence {
        &crate::evidence::EVIDENCE
    }

    fn play_round<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        mode: BetMode,
        rng: &mut R,
        rec: &mut Rec,
    ) -> RoundOutcome {
        StarlightChristmas::play_round(self, mode, rng, rec)
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

    /// The grid's pay-anywhere wins, multiplied by its Multiplier sum (x1 without one), and
    /// its Scatter pay ([`crate::paytable::evaluate_grid`]); whether it triggers the free
    /// spins. A base-game grid: there is no free-spin evaluation and no starting multiplier.
    /// The grid landed as the paid spin of a round in `mode`
    /// ([`StarlightChristmas::play_grid`]): tumbles, refills, Multipliers and free spins
    /// drawn from `rng`. Returns the round's win.
    fn play_from_grid<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        mode: BetMode,
        grid: &str,
        rng: &mut R,
        rec: &mut Rec,
    ) -> Result<Win, EvalError> {
        let g = parse_grid(grid).map_err(|e| EvalError::Grid(e.to_string()))?;
        Ok(<Self as slot_core::Game>::win(
            &self.play_grid(mode, rng, &mut *rec, &g),
        ))
    }

    fn evaluate_grid_text(grid: &str, options: EvalOptions) -> Result<GridReport, EvalError> {
        if options.free_spin {
            return Err(EvalError::Option {
                option: "--free-spins",
                game: "starlight-christmas",
                allowed_for: "moon-princess and wish-upon-a-star",
            });
        }
        if options.multiplier.is_some() {
            return Err(EvalError::Option {
                option: "--multiplier",
                game: "starlight-christmas",
                allowed_for: "moon-princess",
            });
        }
        let grid = parse_grid(grid).map_err(|e| EvalError::Grid(e.to_string()))?;
        let e = evaluate_grid(&grid);
        let m = u64::from(e.multiplier());
        let cols = SHAPE.cols as usize;
        let mut wins: Vec<GridWin> = e
            .wins
            .iter()
            .map(|w| GridWin {
                symbol: TEXT_CODES[w.symbol as usize].to_string(),
                name: NAMES[w.symbol as usize].to_string(),
                cells: row_col_cells(w.cells, cols),
                count: w.count,
                multiplier: m,
                win: w.win.times(m),
            })
            .collect();
        if !e.scatter_win.is_zero() {
            wins.push(GridWin {
                symbol: "SC".into(),
                name: "Scatter".into(),
                cells: row_col_cells(grid.plane(SCATTER), cols),
                count: e.scatters,
                multiplier: 1,
                win: e.scatter_win,
            });
        }
        let mut extra = serde_json::Map::new();
        extra.insert("symbol_win".into(), e.symbol_win.x_bet().into());
        extra.insert("multiplier_sum".into(), e.multiplier_sum.into());
        extra.insert("scatters".into(), e.scatters.into());
        extra.insert("scatter_win".into(), e.scatter_win.x_bet().into());
        extra.insert(
            "free_spins_triggered".into(),
            e.free_spins_triggered().into(),
        );
        Ok(GridReport {
            wins,
            total: e.total,
            paid: e.paid,
            extra,
        })
    }

    /// The base game's cells (the mode's table: the Scatter, the nine paying symbols, the
    /// Multiplier), the free spins' cells, the base-game and the free-spin Multiplier values.
    fn random_inputs(&self, mode: BetMode) -> Vec<RandomInput> {
        let model = self.model();
        let cells = |w: &CellWeights| -> Vec<u64> {
            std::iter::once(w.scatter)
                .chain(w.paying)
                .chain(std::iter::once(w.multiplier))
                .map(u64::from)
                .collect()
        };
        let base = match mode {
            BetMode::Standard => &model.base,
            BetMode::Ante => &model.ante_base,
        };
        let values = |w: &[u32; 15]| w.iter().map(|&x| u64::from(x)).collect();
        vec![
            RandomInput::new(format!("{} base game cells", mode.name()), cells(base)),
            RandomInput::new("free-spin cells", cells(&model.free_spins)),
            RandomInput::new(
                "base-game Multiplier values",
                values(&model.base_multiplier_values),
            ),
            RandomInput::new(
                "free-spin Multiplier values",
                values(&model.free_spin_multiplier_values),
            ),
        ]
    }

    /// Every cell of a landed grid (row-major from the top-left, as drawn) and every cell a
    /// refill filled (the cells empty after the tumble; column by column from the left, the
    /// lowest first, as [`slot_core::grid::Grid::refill`] draws them), in the base game or
    /// the free spins, each new Multiplier's value right after its cell.
    fn random_outcomes(&self, _: BetMode, log: &EventLog) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut draw = |free: bool, code: &str| {
            let Some(c) = parse_code(code) else { return };
            let (cells, values) = if free { (1, 3) } else { (0, 2) };
            if c == SCATTER {
                out.push((cells, 0));
            } else if c < SCATTER {
                out.push((cells, 1 + c as usize));
            } else {
                out.push((cells, 10));
                out.push((values, (c - MULTIPLIER) as usize));
            }
        };
        let rows = |grid: &str| -> Vec<Vec<String>> {
            grid.split('/')
                .map(|r| r.split_whitespace().map(str::to_string).collect())
                .collect()
        };
        let mut free = false;
        let mut emptied: Vec<Vec<bool>> = Vec::new();
        for e in &log.events {
            match e {
                Event::SpinStart { spin, .. } => free = *spin == SpinKind::Free,
                Event::Landed { grid, .. } => {
                    for c in rows(grid).iter().flatten() {
                        draw(free, c);
                    }
                }
                Event::Tumble { grid, .. } => {
                    emptied = rows(grid)
                        .iter()
                        .map(|r| r.iter().map(|c| c == ".").collect())
                        .collect();
                }
                Event::Refill { grid } => {
                    let filled = rows(grid);
                    let cols = filled.first().map_or(0, Vec::len);
                    for col in 0..cols {
                        for (row, cells) in filled.iter().enumerate().rev() {
                            let was_empty = emptied
                                .get(row)
                                .and_then(|r| r.get(col))
                                .copied()
                                .unwrap_or(false);
                            if let (true, Some(c)) = (was_empty, cells.get(col)) {
                                draw(free, c);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }
}

impl slot_core::game::SplitGame for StarlightChristmas {
    /// The ante bet changes the base game (more Scatters) and its stake; the free spins are
    /// the same in both modes.
    const BASE_BY_MODE: bool = true;

    /// The paid spin's sequence and Scatter pay ([`StarlightChristmas::play_base_game`]).
    fn play_base_game<R: Rng + ?Sized>(
        &self,
        mode: BetMode,
        rng: &mut R,
    ) -> slot_core::game::BaseGame {
        StarlightChristmas::play_base_game(self, mode, rng)
    }

    /// The 15 free spins alone ([`StarlightChristmas::play_free_spins_alone`]).
    fn play_feature<R: Rng + ?Sized>(&self, _: BetMode, rng: &mut R) -> RoundOutcome {
        self.play_free_spins_alone(rng)
    }
}
