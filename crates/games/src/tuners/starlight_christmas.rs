//! Starlight Christmas's tuner ([`TUNER`]): per bet mode, one knob, the weight moved from
//! the Sun to the Multiplier in the mode's base table
//! (`MathModel::with_multiplier_shift`), searched by secant steps on the split estimate
//! with paired base games ([`slot_sim::knob`]).

use slot_core::Game as _;
use slot_core::variant::KnobValue;
use slot_sim::knob::{KnobFound, KnobSearch};
use slot_sim::tune::TunedVariant;
use slot_sim::tuner::{RetuneRequest, TuneError, TunedFile, Tuner, VariantRequest, check_target};
use slot_sim::{SimError, Watch};
use starlight_christmas::math_model::MathModel;
use starlight_christmas::{BetMode, StarlightChristmas};

/// Starlight Christmas's tuner, for its registry line.
pub static TUNER: StarlightChristmasTuner = StarlightChristmasTuner;

/// Starlight Christmas's tuner ([`TUNER`]).
#[derive(Clone, Copy, Debug)]
pub struct StarlightChristmasTuner;

/// Features played alone per base game in a tuning run: about the split estimate's best
/// share for Starlight Christmas (the variance of the free spins against their cost).
const FEATURES_PER_BASE_GAME: u64 = 40;

/// The first knob tried after 0: about 0.8 pp of RTP (the slope is about 0.0047 pp per unit
/// of weight in the standard mode, 0.0037 in the ante), towards the target.
const FIRST_STEP: i64 = 175;

/// The knob, in words.
const KNOB: &str = "the Multiplier weight of the mode's base table, moved from or to the Sun";

/// How a variant of Starlight Christmas is tuned, for its file.
const TUNING_METHOD: &str = "per bet mode, one knob: weight moved from the Sun to the Multiplier in the mode's base table (the table's total, the Scatters and the free spins unchanged), searched by secant steps on the split estimate (B + q V) / stake with paired base games (each round from a generator of its own), the level anchored on the published model's certified RTP";

/// Rounds per mode and variant of the shape's whole-round runs (at most; the request's rounds
/// if fewer): enough that the cap (about 1 in 5.3 million rounds standard, 1 in 2.7 million
/// ante) is seen, as "every top award reachable" asks of a simulated game.
const SHAPE_ROUNDS: u64 = 40_000_000;

/// The knob search of `mode` on `run`'s rounds and seed towards `target` (a fraction),
/// anchored on `anchor` if given ([`slot_sim::knob`]); the knob's range is every shift that
/// leaves the Sun and the Multiplier of the mode's base table a weight of 0 or more. Says
/// the run's level and each candidate.
fn search(
    run: &slot_sim::run::SeededRun,
    from: &MathModel,
    mode: BetMode,
    target: f64,
    anchor: Option<(f64, f64)>,
    say: &mut dyn FnMut(String),
) -> Result<KnobFound, TuneError> {
    let ante = mode == BetMode::Ante;
    let game_at = |k: i64| -> Result<StarlightChristmas, SimError> {
        let config = |setting, e: &dyn std::fmt::Display| SimError::Config {
            setting,
            message: e.to_string(),
        };
        let model = from
            .with_multiplier_shift(ante, k)
            .map_err(|e| config("knob", &e))?;
        StarlightChristmas::new(&model).map_err(|e| config("model", &e))
    };
    let w = if ante { &from.ante_base } else { &from.base };
    let level = anchor.map_or(0.0, |(r, _)| r);
    let first_step = if anchor.is_some() && target < level {
        -FIRST_STEP
    } else {
        FIRST_STEP
    };
    let found = slot_sim::knob::tune(
        game_at,
        mode,
        &KnobSearch {
            target,
            base_games: run.rounds,
            features: (run.rounds / FEATURES_PER_BASE_GAME).max(2),
            seed: run.seed,
            threads: run.threads,
            first_step,
            range: (-i64::from(w.multiplier), i64::from(w.paying[8])),
            anchor,
            max_half_width: slot_sim::certify::MAX_DISTANCE,
        },
        Watch::default(),
    )
    .map_err(|e| match e {
        // The request's rounds are the base games per candidate.
        SimError::Config {
            setting: "base_games",
            message,
        } => TuneError::Refused(format!("--rounds: {message}")),
        SimError::Config {
            setting: "target",
            message,
        } => TuneError::Refused(format!("{} ({KNOB}): {message}", mode.name())),
        e => e.into(),
    })?;
    say(format!(
        "{}: V = {:.3} x bet; this run's level at knob +0: {:.4} % +- {:.4} pp (99 %){}",
        mode.name(),
        found.feature_mean,
        found.own_level.0 * 100.0,
        found.own_level.1 * 100.0,
        match anchor {
            Some((r, h)) => format!(
                "; anchored on the certified {:.4} % +- {:.4} pp",
                r * 100.0,
                h * 100.0
            ),
            None => String::new(),
        }
    ));
    for c in &found.tried {
        say(format!(
            "  knob {:+}: RTP {:.4} % (paired difference +- {:.4} pp)",
            c.knob,
            c.rtp * 100.0,
            c.difference_half_width_99 * 100.0
        ));
    }
    Ok(found)
}

impl Tuner for StarlightChristmasTuner {
    /// Tunes the mode's one knob (the standard mode without one named) to the target of the
    /// model given (its variant's; the published RTP for the shipped model or a model off the
    /// ladder) on the split estimate with paired base games (its level is this run's own, and
    /// a level wider than 0.10 pp is refused, naming the rounds that would do). Says the
    /// knob with the range of knobs the interval allows, and the mode's base weights.
    fn retune(
        &self,
        request: &RetuneRequest<'_>,
        say: &mut dyn FnMut(String),
    ) -> Result<(), TuneError> {
        let m = match request.mode {
            Some(name) => slot_sim::models::mode_named::<StarlightChristmas>(name)?,
            None => BetMode::Standard,
        };
        let (game, _) = slot_sim::models::choose::<StarlightChristmas>(request.model, None)?;
        let target = game.target_rtp(m).fraction();
        let shipped = game.model().clone();
        let found = search(&request.run, &shipped, m, target, None, say)?;
        let model = shipped
            .with_multiplier_shift(m == BetMode::Ante, found.best.knob)
            .map_err(TuneError::game)?;
        let w = match m {
            BetMode::Standard => model.base,
            BetMode::Ante => model.ante_base,
        };
        say(format!(
            "shift {:+} (the 99 % interval allows {:+} to {:+}): RTP {:.4} % +- {:.4} pp (99 %); {} base weights: {:?}",
            found.best.knob,
            found.allowed.0,
            found.allowed.1,
            found.best.rtp * 100.0,
            found.half_width_99 * 100.0,
            m.name(),
            w
        ));
        Ok(())
    }

    /// A variant of the published model for a target from 84 % to 97 %, both bet modes, each
    /// mode's knob searched on the split estimate with paired base games, anchored on the
    /// published model's certified RTP; then its shape measured beside the published model's
    /// in both modes (on at most 40,000,000 rounds). The knob moves only the base
    /// game's Multipliers: a target it cannot reach is refused (naming the RTP at the knob's
    /// end: with no base-game Multiplier at all the ante mode pays about 83.4 %), and far
    /// from the published RTP the free-spin share of the RTP leaves its 5 pp bound (from
    /// about 88 % down in the ante mode, 85 % in the standard), which the file reports with
    /// the amount.
    fn variant(
        &self,
        request: &VariantRequest,
        say: &mut dyn FnMut(String),
    ) -> Result<TunedFile, TuneError> {
        check_target::<StarlightChristmas>(request.target)?;
        let published = StarlightChristmas::standard();
        let mut model = published.model().clone();
        let mut knobs = Vec::new();
        let mut rtp = Vec::new();
        for &m in StarlightChristmas::MODES {
            let cert = published.certified_rtp(m).ok_or_else(|| {
                TuneError::Refused("the published model has no certified RTP to anchor on".into())
            })?;
            let anchor = (cert.rtp, cert.half_width_99.unwrap_or(f64::INFINITY));
            let target = request.target.fraction();
            let found = search(
                &request.run,
                published.model(),
                m,
                target,
                Some(anchor),
                say,
            )?;
            let ante = m == BetMode::Ante;
            model = model
                .with_multiplier_shift(ante, found.best.knob)
                .map_err(TuneError::game)?;
            let (now, before) = if ante {
                (&model.ante_base, &published.model().ante_base)
            } else {
                (&model.base, &published.model().base)
            };
            knobs.push(KnobValue {
                knob: format!("Multiplier weight, {} base table (of 2^20)", m.name()),
                published: i64::from(before.multiplier),
                value: i64::from(now.multiplier),
            });
            say(format!(
                "  {}: knob {:+}, RTP {:.4} % +- {:.4} pp (99 %: the certified level's and the paired difference's)",
                m.name(),
                found.best.knob,
                found.best.rtp * 100.0,
                found.half_width_99 * 100.0
            ));
            rtp.push((m.name().to_string(), found.best.rtp));
        }
        let file = slot_sim::tune::variant_file(
            &published,
            TunedVariant {
                target: request.target,
                command: request.command.clone(),
                method: TUNING_METHOD.to_string(),
                knobs,
                rtp,
                model,
            },
            request.run.rounds.min(SHAPE_ROUNDS),
            request.run.seed,
            request.run.threads,
        )?;
        TunedFile::of::<StarlightChristmas>(&file)
    }
}
