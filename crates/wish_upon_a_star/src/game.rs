//! Wish Upon a Star as a [`slot_core::Game`]: its facts (names, its one mode, stake, RTP
//! sources, features, top awards, target RTP), a round, the exact RTP and award odds, and the
//! random inputs a round draws (for the goodness-of-fit test of a simulation).

use crate::math_model::{GiftPrize, MathModel, ModelError, StarValue};
use crate::round::{AWARDS, FEATURES, RoundOutcome, SOURCES, WishUponAStar};
use crate::symbols::{CELLS, SHAPE};
use slot_core::Rng;
use slot_core::events::{Award, AwardKind, Event, EventLog, SpinKind};
use slot_core::fingerprint::Fingerprint;
use slot_core::game::{EvalError, EvalOptions, GridReport, GridWin, RandomInput, TargetRtp};
use slot_core::grid::row_col_cells;
use slot_core::money::{Cap, Win};
use slot_core::recorder::Recorder;
use slot_core::summary::RoundSummary;
use slot_core::variant::Variant;

/// The published RTP: 95.20 %.
pub const TARGET_RTP: TargetRtp = TargetRtp(9520);

/// The game's one mode (defined with the round, which takes it).
pub use crate::round::Standard;

impl slot_core::Game for WishUponAStar {
    /// The one mode.
    type Mode = Standard;
    type Outcome = RoundOutcome;
    type Model = MathModel;
    type ModelError = ModelError;

    const NAME: &'static str = crate::GAME_NAME;
    const TITLE: &'static str = "Wish Upon a Star";
    const MODES: &'static [Standard] = &[Standard];
    /// Uncapped: the largest win is reported instead.
    const BET_LADDER: slot_core::money::BetLadder = crate::BET_LADDER;
    const CAP: Option<Cap> = None;
    const SOURCES: &'static [&'static str] = SOURCES;
    const FEATURES: &'static [&'static str] = FEATURES;
    const AWARDS: &'static [&'static str] = AWARDS;
    const OFFERS: Option<slot_core::offers::Offers> = Some(slot_core::offers::Offers {
        feature_buy_modes: &[],
        jackpots: slot_core::offers::Jackpots::Fixed(AWARDS),
        gamble: false,
    });
    /// The gift bonus and Lock & Spin features are their sources (the free spins feature also holds the gift and Lock & Spin wins of the free spins, so it is not the free-spin source).
    const FEATURE_SOURCES: &'static [(usize, usize)] = &[(1, 3), (2, 4)];
    const MODEL_NAMES: &'static [&'static str] = &MathModel::NAMES;
    const CELL_CODES: &'static str =
        "10, J, Q, K, A, be Bell, cc Candy Cane, cd Candle, tr Tree, el Elf,
W Wild, BO Bonus, ST Star";
    /// The ladder: 96.00, 95.20 (published), 94.00, 92.00 and 90.00 %, each exact.
    const VARIANTS: &'static [Variant] = &[
        Variant {
            rtp: TargetRtp(9600),
            model: "rtp-96.00",
        },
        Variant {
            rtp: TARGET_RTP,
            model: "standard",
        },
        Variant {
            rtp: TargetRtp(9400),
            model: "rtp-94.00",
        },
        Variant {
            rtp: TargetRtp(9200),
            model: "rtp-92.00",
        },
        Variant {
            rtp: TargetRtp(9000),
            model: "rtp-90.00",
        },
    ];

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
        WishUponAStar::new(model)
    }

    fn fingerprint(&self) -> Fingerprint {
        WishUponAStar::fingerprint(self)
    }

    /// Every variant's exact RTP and the source of its sd ([`crate::evidence::EVIDENCE`]).
    fn evidence() -> &'static slot_core::evidence::Evidence {
        &crate::evidence::EVIDENCE
    }

    fn play_round<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        mode: Standard,
        rng: &mut R,
        rec: &mut Rec,
    ) -> RoundOutcome {
        WishUponAStar::play_round(self, mode, rng, rec)
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

    /// The grid's ways wins and Bonus scatter pay ([`crate::evaluate()`], or doubled as a
    /// free spin: [`crate::evaluate::evaluate_free_spin`]), the ways of each win, and the
    /// features the grid triggers (free spins, gift bonus wins, Lock & Spin). Uncapped: paid
    /// is the total.
    /// The grid played as the paid spin ([`WishUponAStar::play_paid_spin_grid`]): its wins,
    /// then the Star values, respins and free spins it triggers drawn from `rng`. The game
    /// has one mode. Returns the round's win.
    fn play_from_grid<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        _mode: Standard,
        grid: &str,
        rng: &mut R,
        rec: &mut Rec,
    ) -> Result<Win, EvalError> {
        let g = crate::symbols::parse_grid(grid).map_err(|e| EvalError::Grid(e.to_string()))?;
        Ok(self.play_paid_spin_grid(rng, rec, &g).win)
    }

    fn evaluate_grid_text(grid: &str, options: EvalOptions) -> Result<GridReport, EvalError> {
        use crate::symbols::{self, NAMES};
        if options.multiplier.is_some() {
            return Err(EvalError::Option {
                option: "--multiplier",
                game: crate::GAME_NAME,
                allowed_for: "moon-princess",
            });
        }
        let grid = symbols::parse_grid(grid).map_err(|e| EvalError::Grid(e.to_string()))?;
        let (ev, multiplier) = if options.free_spin {
            (crate::evaluate::evaluate_free_spin(&grid), 2)
        } else {
            (crate::evaluate(&grid), 1)
        };
        let mut wins: Vec<GridWin> = ev
            .ways
            .iter()
            .map(|w| GridWin {
                symbol: symbols::TEXT_CODES[w.symbol as usize].to_string(),
                name: NAMES[w.symbol as usize].to_string(),
                cells: row_col_cells(w.cells, symbols::REELS),
                count: w.reels as u32,
                multiplier: u64::from(w.multiplier),
                win: w.win,
            })
            .collect();
        if !ev.scatter_win.is_zero() {
            wins.push(GridWin {
                symbol: "BO".into(),
                name: "Bonus".into(),
                cells: row_col_cells(ev.bonus_cells, symbols::REELS),
                count: ev.bonus_cells.count_ones(),
                multiplier,
                win: ev.scatter_win,
            });
        }
        let mut extra = serde_json::Map::new();
        extra.insert(
            "ways".into(),
            ev.ways.iter().map(|w| w.ways).collect::<Vec<_>>().into(),
        );
        extra.insert(
            "free_spins_triggered".into(),
            ev.free_spins_triggered().into(),
        );
        extra.insert("gift_bonus_wins".into(), ev.gift_bonus_wins().into());
        extra.insert("stars".into(), ev.star_cells.count_ones().into());
        extra.insert(
            "lock_and_spin_triggered".into(),
            ev.lock_and_spin_triggered().into(),
        );
        Ok(GridReport {
            wins,
            total: ev.total,
            paid: ev.total,
            extra,
        })
    }

    /// With the `exact` feature: the RTP computed exactly from the model.
    #[cfg(feature = "exact")]
    fn exact_rtp(&self, _: Standard) -> Option<f64> {
        let e = crate::exact::ExactFigures::compute(self.model()).ok()?;
        Some(crate::exact::to_f64(&e.rtp))
    }

    /// With the `exact` feature: the exact odds of the Mini, Minor, Major and Grand (rounds
    /// per award: the inverse of the expected awards per round).
    ///
    /// A jackpot is paid by a gift bonus win of it or by a Star of it held at the end of Lock
    /// & Spin; every Star's value and every gift prize is drawn independently of everything
    /// else, so the expected jackpots J per round are (expected gift bonus wins per round) x
    /// P(gift = J) + (expected Stars paid by Lock & Spin per round) x P(Star = J), each from
    /// the exact figures.
    #[cfg(feature = "exact")]
    fn exact_award_odds(&self) -> Option<Vec<(&'static str, f64)>> {
        use crate::exact::{StripFigures, fraction, to_f64};
        use num_rational::BigRational;
        let model = self.model();
        let e = crate::exact::ExactFigures::compute(model).ok()?;
        let spins = &e.base_features.free_spin_awards * &e.free_spins_per_award;
        let gifts = &e.base_features.gift_wins + &spins * &e.free_features.gift_wins;
        let ls_stars = |s: &StripFigures| -> BigRational {
            (crate::evaluate::LOCK_AND_SPIN_STARS as usize..s.star_count.len())
                .map(|k| &s.star_count[k] * &e.lock_and_spin.expected_stars[k])
                .sum()
        };
        let stars = ls_stars(&e.base) + &spins * ls_stars(&e.free);
        let share = |hits: Vec<bool>, weights: &[u32]| -> BigRational {
            let total: u128 = weights.iter().map(|&w| u128::from(w)).sum();
            let hit: u128 = hits
                .iter()
                .zip(weights)
                .filter(|(h, _)| **h)
                .map(|(_, &w)| u128::from(w))
                .sum();
            fraction(hit, total)
        };
        let jackpot = |g: GiftPrize, s: StarValue| -> f64 {
            let pg = share(
                model.gift_prizes.values().iter().map(|v| *v == g).collect(),
                model.gift_prizes.weights(),
            );
            let ps = share(
                model.star_values.values().iter().map(|v| *v == s).collect(),
                model.star_values.weights(),
            );
            1.0 / to_f64(&(&gifts * pg + &stars * ps))
        };
        Some(vec![
            (AWARDS[0], jackpot(GiftPrize::Mini, StarValue::Mini)),
            (AWARDS[1], jackpot(GiftPrize::Minor, StarValue::Minor)),
            (AWARDS[2], jackpot(GiftPrize::Major, StarValue::Major)),
            (AWARDS[3], 1.0 / to_f64(&e.grands_per_round)),
        ])
    }

    /// The stop of each reel of the base and the free-spin strips, the Star values (landed
    /// and respin Stars), the gift prizes, and whether a respin puts a Star in an empty cell
    /// (weights: the model's chance).
    fn random_inputs(&self, _: Standard) -> Vec<RandomInput> {
        let m = self.model();
        let mut t = Vec::new();
        for (name, strips) in [("base", &m.base_strips), ("free-spin", &m.free_strips)] {
            for (r, s) in strips.iter().enumerate() {
                t.push(RandomInput::uniform(
                    format!("{name} strip reel {} stops", r + 1),
                    s.len(),
                ));
            }
        }
        let w = |x: &[u32]| x.iter().map(|&v| u64::from(v)).collect();
        t.push(RandomInput::new("Star values", w(m.star_values.weights())));
        t.push(RandomInput::new("gift prizes", w(m.gift_prizes.weights())));
        let p = m.respin_star;
        t.push(RandomInput::new(
            "respin Star in an empty cell (no, yes)",
            vec![
                u64::from(p.denominator - p.numerator),
                u64::from(p.numerator),
            ],
        ));
        t
    }

    /// Per spin, in the order drawn: the five stops, each landed Star's value (top-left
    /// first), each gift prize; in Lock & Spin, per respin, each empty cell (top-left first)
    /// whether a Star lands there, and a new Star's value right after it.
    fn random_outcomes(&self, _: Standard, log: &EventLog) -> Vec<(usize, usize)> {
        let m = self.model();
        let star = |a: &Award| {
            let v = match a.kind {
                AwardKind::Mini => StarValue::Mini,
                AwardKind::Minor => StarValue::Minor,
                AwardKind::Major => StarValue::Major,
                _ => StarValue::Cash(a.amount),
            };
            m.star_values.values().iter().position(|x| *x == v)
        };
        let gift = |a: &Award| {
            let v = match a.kind {
                AwardKind::Mini => GiftPrize::Mini,
                AwardKind::Minor => GiftPrize::Minor,
                AwardKind::Major => GiftPrize::Major,
                AwardKind::FreeSpins => GiftPrize::FreeSpins,
                _ => GiftPrize::Cash(a.amount),
            };
            m.gift_prizes.values().iter().position(|x| *x == v)
        };
        // The cell index of `[row, col]` (the bit of a mask, as the round visits cells).
        let index = |cell: &[u8; 2]| {
            (0..CELLS).find(|&i| {
                let (r, c) = SHAPE.position(i);
                [r, c] == [usize::from(cell[0]), usize::from(cell[1])]
            })
        };
        let (stars, gifts, respin) = (10, 11, 12);
        let mut out = Vec::new();
        let mut free = false;
        let mut held = [false; CELLS];
        for e in &log.events {
            match e {
                Event::SpinStart { spin, .. } => free = *spin == SpinKind::Free,
                Event::Landed {
                    stops: Some(st),
                    stars: s,
                    ..
                } => {
                    for (r, &stop) in st.iter().enumerate().take(5) {
                        out.push((usize::from(free) * 5 + r, stop as usize));
                    }
                    for a in s.iter().flatten() {
                        if let Some(i) = star(&a.award) {
                            out.push((stars, i));
                        }
                    }
                }
                Event::LockAndSpinStart { held: h, .. } => {
                    held = [false; CELLS];
                    for i in h.iter().filter_map(index) {
                        held[i] = true;
                    }
                }
                Event::Respin { new_stars, .. } => {
                    let mut new: Vec<(usize, Option<usize>)> = new_stars
                        .iter()
                        .filter_map(|a| index(&a.cell).map(|i| (i, star(&a.award))))
                        .collect();
                    new.sort_unstable_by_key(|x| x.0);
                    for (cell, h) in held.iter_mut().enumerate() {
                        if *h {
                            continue;
                        }
                        match new.iter().find(|x| x.0 == cell) {
                            Some(&(_, value)) => {
                                out.push((respin, 1));
                                if let Some(v) = value {
                                    out.push((stars, v));
                                }
                                *h = true;
                            }
                            None => out.push((respin, 0)),
                        }
                    }
                }
                Event::GiftBonus { award, .. } => {
                    if let Some(i) = gift(award) {
                        out.push((gifts, i));
                    }
                }
                _ => {}
            }
        }
        out
    }
}
