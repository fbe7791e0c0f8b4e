//! The tuner of a game whose RTP ladder is tuned by two base-game knobs and one feature knob
//! per mode ([`slot_core::ladder::LadderGame`]; Moon Princess), written once over that trait.
//!
//! * [`retune`]: each mode's feature knob of a given model searched so that the mode's RTP
//!   is a target, on the split estimate `RTP = B + q V(k)` ([`crate::split`]): `B`, the base
//!   game's RTP, and `q`, the trigger rate, are shared by the modes and measured once on
//!   `rounds` base games ([`measured_base`]); `V(k)`, the mean feature value at knob `k`, is
//!   measured on `rounds / features_divisor` features alone, always with the same seed (a
//!   paired comparison: `V` is smooth in `k`), and solved for `k` by secant steps
//!   ([`search_feature_knob`]).
//! * [`tune_variant`]: a variant of the published model for a target RTP, every mode,
//!   holding the published variant's shape: the two base knobs solved so that `B` takes the
//!   rule's share of the RTP's relative move and `q` stays the published one
//!   ([`crate::base_knobs`]); `B` and `q` measured at those knobs; each mode's feature knob
//!   searched as in [`retune`]; the shape measured beside the published model's
//!   ([`crate::tune::variant_file`]).
//!
//! What a search finds on its way is handed to a callback ([`LadderEvent`]), for a runner to
//! print; nothing here prints.

use crate::SimError;
use crate::base_knobs::{BaseFound, BaseSearch};
use crate::knob::{CLOSE_ENOUGH, MAX_STEPS};
use crate::run::SeededRun;
use crate::split::{Estimate, SplitRecord, base_sums, feature_sums, features_alone};
use crate::stats::Accumulator;
use crate::tune::TunedVariant;
use slot_core::game::TargetRtp;
use slot_core::ladder::LadderGame;
use slot_core::variant::VariantFile;

/// Why a ladder tuning stopped. The texts name the runner's `--rounds`, the setting a user
/// changes.
#[derive(Debug, thiserror::Error)]
pub enum LadderError {
    /// Too few base games for an interval.
    #[error(
        "--rounds {rounds}: too few to tune on ({warning}); a tuning run needs millions of rounds"
    )]
    TooFewRounds {
        /// The base games asked for.
        rounds: u64,
        /// What the interval lacks.
        warning: String,
    },
    /// No feature triggered in the base games that measure `B` and `q`.
    #[error(
        "no free spins triggered in {rounds} rounds: nothing to tune on; use more --rounds (the default is 20,000,000)"
    )]
    NoTrigger {
        /// The base games played.
        rounds: u64,
    },
    /// No feature triggered in the base knobs' first measurement.
    #[error(
        "--rounds {rounds}: no free spins triggered in {games} base games, nothing to tune on; the tuner needs about 6e8 base games or more for a pick's RTP known to 0.10 pp (1e9 made the shipped variants)"
    )]
    NoBaseTrigger {
        /// The rounds asked for.
        rounds: u64,
        /// The paired base games played.
        games: u64,
    },
    /// A figure steering the search is known worse than the distance a model may miss its
    /// target by ([`crate::certify::MAX_DISTANCE`]).
    #[error(
        "noise: at --rounds {rounds} {what} is known to +- {:.4} pp (99 %), wider than the {:.2} pp a model may miss its target by, so any knob found could be off target by more; tune with --rounds {needed} or more",
        half_width * 100.0,
        crate::certify::MAX_DISTANCE * 100.0
    )]
    Noise {
        /// The rounds asked for.
        rounds: u64,
        /// The figure.
        what: String,
        /// Its 99 % half-width (a fraction).
        half_width: f64,
        /// The rounds that would do (with a tenth to spare).
        needed: u64,
    },
    /// The feature knob's range cannot bring the mode's RTP near enough to the target.
    #[error(
        "pick {mode}: the {knob_name} (0 to {max}) cannot bring the RTP within 0.10 pp of {:.4} %: the nearest is {:.4} % at {knob}",
        target * 100.0,
        nearest * 100.0
    )]
    Unreachable {
        /// The mode's name.
        mode: &'static str,
        /// The knob's name.
        knob_name: &'static str,
        /// Its largest value.
        max: u32,
        /// The target (a fraction).
        target: f64,
        /// The nearest RTP found (a fraction).
        nearest: f64,
        /// At this knob.
        knob: u32,
    },
    /// A split record of a candidate failed its own checks (a bug of the game's split).
    #[error(transparent)]
    Split(#[from] crate::error::SplitError),
    /// The game refused a model made from the knobs.
    #[error("{0}")]
    Model(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// A run failed.
    #[error(transparent)]
    Sim(#[from] SimError),
}

/// The run settings of a tuning: rounds, seed, threads. Its `rounds` are the base games
/// measuring `B` and `q` (and, at most the rule's, per base-knob candidate and per mode of
/// the shape's runs); features alone per candidate are these divided by the rule's
/// `features_divisor`, with the seed XOR the rule's `feature_seed_salt`. The figures do not
/// depend on the threads.
pub type LadderRun = crate::run::SeededRun;

/// What a feature knob's search aims at ([`search_feature_knob`]): a mode's RTP from the
/// base games measured.
#[derive(Clone, Copy, Debug)]
pub struct FeatureAim<'a, M> {
    /// The base games' sums (`B` and `q`), of the tuning's seed ([`measured_base`]).
    pub base: &'a Accumulator,
    /// The mode whose feature knob moves.
    pub mode: M,
    /// The mode's RTP wanted, a fraction of the stake (0.9612 for 96.12 %).
    pub target: f64,
}

/// What a feature knob's search found: the knob and the mode's split estimate there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FeatureFound {
    /// The knob.
    pub knob: u32,
    /// The mode's RTP there, `B + q V` (a fraction of the stake).
    pub rtp: f64,
    /// Its 99 % half-width (a fraction).
    pub half_width_99: f64,
    /// `V`, the mean feature win, x bet.
    pub feature_mean: f64,
}

/// A step of a tuning, for a runner to print.
#[derive(Debug)]
pub enum LadderEvent<'a, M> {
    /// `B` and `q` measured on base games of `seed`.
    Base {
        /// The seed.
        seed: u64,
        /// The base games' sums.
        base: &'a Accumulator,
    },
    /// The mean feature value a mode needs to reach the target, and the feature's share of
    /// the target (fractions of the stake: `want` x bet, `share` of 1).
    Needed {
        /// The mode.
        mode: M,
        /// `(target - B) / q`, x bet.
        want: f64,
        /// `(target - B) / target`.
        share: f64,
    },
    /// A feature knob candidate measured.
    Candidate {
        /// The mode.
        mode: M,
        /// The knob.
        knob: u32,
        /// Features alone played.
        features: u64,
        /// Their seed.
        feature_seed: u64,
        /// The split estimate there.
        estimate: Estimate,
    },
    /// A mode's feature knob found.
    ModeFound {
        /// The mode.
        mode: M,
        /// What was found.
        found: FeatureFound,
    },
    /// The base knobs' search is about to start.
    BaseSearch {
        /// Its settings (targets included).
        search: &'a BaseSearch,
        /// The published base game's RTP on the same base games (a fraction).
        published_rtp: f64,
        /// The ratio of the target `B` to it.
        ratio: f64,
    },
    /// The base knobs' search ended.
    BaseFound {
        /// Its settings.
        search: &'a BaseSearch,
        /// Every candidate and the one kept.
        found: &'a BaseFound,
    },
}

/// The refusal of a figure known to `half_width` (99 %) at `rounds`, wider than
/// [`crate::certify::MAX_DISTANCE`].
///
/// # Errors
/// [`LadderError::Noise`], naming the rounds that would do.
pub fn refuse_noise(half_width: f64, rounds: u64, what: &str) -> Result<(), LadderError> {
    let max = crate::certify::MAX_DISTANCE;
    if half_width <= max {
        return Ok(());
    }
    let needed = (rounds as f64 * (half_width / max).powi(2) * 1.1).ceil();
    Err(LadderError::Noise {
        rounds,
        what: what.to_string(),
        half_width,
        // A count of rounds, far below 2^64.
        needed: needed as u64,
    })
}

/// The game of a model, its refusal as a [`LadderError::Model`].
fn game_of<G: LadderGame>(model: &G::Model) -> Result<G, LadderError> {
    G::new(model).map_err(|e| LadderError::Model(Box::new(e)))
}

/// The base games of a tuning: `run.rounds` base games of `game` in its
/// [`LadderGame::BASE_MODE`], seed `run.seed` (a [`LadderEvent::Base`]).
///
/// # Errors
/// [`LadderError::TooFewRounds`] if too few for an interval, [`LadderError::NoTrigger`] if
/// no feature triggered; any error of the run.
pub fn measured_base<G: LadderGame + Sync>(
    game: &G,
    run: &LadderRun,
    on: &mut dyn FnMut(LadderEvent<'_, G::Mode>),
) -> Result<Accumulator, LadderError> {
    let base = crate::split::base_games(game, G::BASE_MODE, *run, crate::Watch::default())?;
    if let Some(warning) = base.interval_warning() {
        return Err(LadderError::TooFewRounds {
            rounds: run.rounds,
            warning,
        });
    }
    if base.feature_rounds[0] == 0 {
        return Err(LadderError::NoTrigger {
            rounds: base.rounds,
        });
    }
    on(LadderEvent::Base {
        seed: run.seed,
        base: &base,
    });
    Ok(base)
}

/// Searches the feature knob of `aim.mode` of `model` so that the split estimate `B + q V`
/// (`B` and `q` from `aim.base`, of seed `run.seed`; `V` from `run.rounds /
/// features_divisor` features alone, at least `min_features`, seed `run.seed ^
/// feature_seed_salt` for every candidate) is `aim.target` (a fraction): secant steps from the model's own knob and a linear
/// guess (`V` at knob 0 taken as the rule's `feature_value_at_zero` of `V` at the model's
/// knob), kept inside 0 to the rule's largest knob, at most [`MAX_STEPS`] steps, ending
/// within [`CLOSE_ENOUGH`].
///
/// # Errors
/// [`LadderError::Noise`] when the mode's RTP is known worse than
/// [`crate::certify::MAX_DISTANCE`] (naming the rounds that would do);
/// [`LadderError::Unreachable`] when no knob comes that near; a model the game refuses; any
/// error of the runs.
pub fn search_feature_knob<G: LadderGame + Sync>(
    model: &G::Model,
    aim: FeatureAim<'_, G::Mode>,
    run: &LadderRun,
    on: &mut dyn FnMut(LadderEvent<'_, G::Mode>),
) -> Result<FeatureFound, LadderError> {
    let FeatureAim { base, mode, target } = aim;
    let rule = G::RULE;
    let q = base.feature_rounds[0] as f64 / base.rounds as f64;
    let want = (target - base.rtp()) / q;
    on(LadderEvent::Needed {
        mode,
        want,
        share: (target - base.rtp()) / target,
    });
    let features = (run.rounds / rule.features_divisor).max(rule.min_features);
    let fseed = run.seed ^ rule.feature_seed_salt;
    let max = f64::from(rule.feature_knob_max);
    // The mode's split estimate at knob k.
    let mut at = |k: u32| -> Result<FeatureFound, LadderError> {
        let g: G = game_of(&G::model_with_feature_knob(model, mode, k))?;
        let alone = SeededRun {
            rounds: features,
            seed: fseed,
            threads: run.threads,
        };
        let acc = features_alone(&g, mode, alone, crate::Watch::default())?;
        let record = SplitRecord {
            game: G::NAME.into(),
            model_fingerprint: g.fingerprint(),
            command: String::new(),
            sha256: None,
            stake: G::cost(mode),
            cap: None,
            base: base_sums(run.seed, base),
            picks: vec![feature_sums(G::mode_name(mode), fseed, &acc)],
        };
        record.check::<G>()?;
        let estimate = record.estimates()[0].1;
        on(LadderEvent::Candidate {
            mode,
            knob: k,
            features,
            feature_seed: fseed,
            estimate,
        });
        Ok(FeatureFound {
            knob: k,
            rtp: estimate.rtp,
            half_width_99: estimate.half_width_99,
            feature_mean: estimate.feature_mean,
        })
    };
    let k0 = G::feature_knob_of(model, mode);
    let first = at(k0)?;
    // Every candidate shares these base games and (through the same seed) the features'
    // noise: a search steered by more than the distance a model may miss its target by is
    // refused, naming the rounds that would do.
    refuse_noise(
        first.half_width_99,
        run.rounds,
        &format!("pick {}'s RTP", G::mode_name(mode)),
    )?;
    if (first.rtp - target).abs() < CLOSE_ENOUGH {
        return Ok(first);
    }
    let mut tried = vec![(f64::from(k0), first)];
    // The second candidate: V is about linear in the knob, from the rule's guess at 0.
    let v0 = first.feature_mean * rule.feature_value_at_zero;
    let x1 = (f64::from(k0) * (want - v0) / (first.feature_mean - v0).max(1e-9)).clamp(0.0, max);
    // Inside 0..=max, so the cast is exact.
    tried.push((x1.round(), at(x1.round() as u32)?));
    for _ in 0..MAX_STEPS {
        let [(x0, f0), (x1, f1)] = [tried[tried.len() - 2], tried[tried.len() - 1]]
            .map(|(x, f)| (x, (f.rtp, f.feature_mean)));
        if (f1.0 - target).abs() < CLOSE_ENOUGH || (f1.1 - f0.1).abs() < 1e-9 {
            break;
        }
        let x2 = (x1 + (want - f1.1) * (x1 - x0) / (f1.1 - f0.1))
            .clamp(0.0, max)
            .round();
        if x2 == x1 {
            break;
        }
        tried.push((x2, at(x2 as u32)?));
    }
    let best = tried
        .into_iter()
        .map(|(_, f)| f)
        .min_by(|a, b| (a.rtp - target).abs().total_cmp(&(b.rtp - target).abs()))
        .unwrap_or(first);
    if (best.rtp - target).abs() > crate::certify::MAX_DISTANCE {
        return Err(LadderError::Unreachable {
            mode: G::mode_name(mode),
            knob_name: rule.feature_knob_name,
            max: rule.feature_knob_max,
            target,
            nearest: best.rtp,
            knob: best.knob,
        });
    }
    Ok(best)
}

/// Re-tunes each of `modes`' feature knob of `model` so that the mode's RTP is `target` (a
/// fraction): `B` and `q` measured once ([`measured_base`]), then each mode searched
/// ([`search_feature_knob`]; a [`LadderEvent::ModeFound`] per mode).
///
/// # Errors
/// The model refused by the game; those of [`measured_base`] and [`search_feature_knob`].
pub fn retune<G: LadderGame + Sync>(
    model: &G::Model,
    modes: &[G::Mode],
    target: f64,
    run: &LadderRun,
    on: &mut dyn FnMut(LadderEvent<'_, G::Mode>),
) -> Result<Vec<(G::Mode, FeatureFound)>, LadderError> {
    let game: G = game_of(model)?;
    let base = measured_base(&game, run, on)?;
    let mut found = Vec::with_capacity(modes.len());
    for &mode in modes {
        let aim = FeatureAim {
            base: &base,
            mode,
            target,
        };
        let f = search_feature_knob::<G>(model, aim, run, on)?;
        on(LadderEvent::ModeFound { mode, found: f });
        found.push((mode, f));
    }
    Ok(found)
}

/// What [`tune_variant`] is asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantRequest {
    /// The target RTP.
    pub target: TargetRtp,
    /// The command that asks, for the variant file.
    pub command: String,
    /// Rounds, seed and threads.
    pub run: LadderRun,
}

/// A variant of `G`'s published model for `req.target`, every mode, holding the published
/// variant's shape (the module docs say how), with its file.
///
/// # Errors
/// [`LadderError::NoBaseTrigger`] if the base knobs' first measurement saw no feature; a
/// knob the game refuses; those of [`measured_base`] and [`search_feature_knob`]; any error
/// of the runs.
pub fn tune_variant<G: LadderGame + Sync>(
    req: &VariantRequest,
    on: &mut dyn FnMut(LadderEvent<'_, G::Mode>),
) -> Result<VariantFile<G::Model>, LadderError>
where
    G::Mode: Sync,
{
    let rule = G::RULE;
    let run = &req.run;
    let p0 = G::published_knobs();
    let published: G = game_of(&G::model_with(&p0).map_err(|e| LadderError::Model(Box::new(e)))?)?;
    let knobs_at = |k: [i64; 2]| -> Result<G::Knobs, String> {
        let c = |x: i64| u32::try_from(x).map_err(|_| format!("knob {x} is negative"));
        Ok(G::with_base_knobs(&p0, [c(k[0])?, c(k[1])?]))
    };
    let game_at = |k: [i64; 2]| -> Result<G, SimError> {
        let model = knobs_at(k)
            .and_then(|k| G::model_with(&k).map_err(|e| e.to_string()))
            .map_err(|message| SimError::Config {
                setting: "knob",
                message,
            })?;
        G::new(&model).map_err(|e| SimError::Config {
            setting: "model",
            message: e.to_string(),
        })
    };
    // 1. The base knobs.
    let start = G::base_knobs(&p0).map(i64::from);
    let games = run.rounds.min(rule.base_search_games);
    let at_start = crate::base_knobs::measure(
        &published,
        G::BASE_MODE,
        start,
        SeededRun {
            rounds: games,
            ..*run
        },
    );
    if at_start.trigger_rate == 0.0 {
        return Err(LadderError::NoBaseTrigger {
            rounds: run.rounds,
            games,
        });
    }
    // The base game takes the rule's share of the RTP's relative move, the features the rest.
    let ratio = 1.0
        + rule.base_share_of_move
            * (req.target.fraction() / G::published_rtp(G::BASE_MODE).fraction() - 1.0);
    let search = BaseSearch {
        start,
        steps: rule.base_steps,
        ranges: rule.base_ranges,
        target_rtp: at_start.rtp * ratio,
        target_trigger_rate: at_start.trigger_rate,
        rtp_tolerance: rule.rtp_tolerance,
        trigger_tolerance: rule.trigger_tolerance,
        base_games: games,
        seed: run.seed,
        threads: run.threads,
    };
    on(LadderEvent::BaseSearch {
        search: &search,
        published_rtp: at_start.rtp,
        ratio,
    });
    let found = crate::base_knobs::solve(game_at, G::BASE_MODE, &search)?;
    on(LadderEvent::BaseFound {
        search: &search,
        found: &found,
    });
    // 2. B and q at those knobs; 3. each mode's feature knob.
    let mut knobs = knobs_at(found.best.knobs).map_err(|message| SimError::Config {
        setting: "knob",
        message,
    })?;
    let base_model = G::model_with(&knobs).map_err(|e| LadderError::Model(Box::new(e)))?;
    let base = measured_base(&game_of::<G>(&base_model)?, run, on)?;
    let mut rtp = Vec::new();
    for &mode in G::MODES {
        let aim = FeatureAim {
            base: &base,
            mode,
            target: req.target.fraction(),
        };
        let f = search_feature_knob::<G>(&base_model, aim, run, on)?;
        knobs = G::with_feature_knob(&knobs, mode, f.knob);
        on(LadderEvent::ModeFound { mode, found: f });
        rtp.push((G::mode_name(mode).to_string(), f.rtp));
    }
    // 4. The shape, and the file.
    let model = G::model_with(&knobs).map_err(|e| LadderError::Model(Box::new(e)))?;
    Ok(crate::tune::variant_file(
        &published,
        TunedVariant {
            target: req.target,
            command: req.command.clone(),
            method: rule.method.to_string(),
            knobs: G::knob_values(&p0, &knobs),
            rtp,
            model,
        },
        run.rounds.min(rule.shape_rounds),
        run.seed,
        run.threads,
    )?)
}
