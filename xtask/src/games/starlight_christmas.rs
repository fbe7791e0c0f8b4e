//! Runner commands of Starlight Christmas.

use crate::TuneArgs;
use crate::commands::{game_of, mode_of};
use crate::runner::{self, CliError, CliResult};
use slot_core::Game as _;
use starlight_christmas::math_model::MathModel;
use starlight_christmas::{BetMode, StarlightChristmas};

/// Features played alone per base game in a tuning run: about the split estimate's best
/// share for Starlight Christmas (the variance of the free spins against their cost).
const FEATURES_PER_BASE_GAME: u64 = 40;

/// The first knob tried after 0: about 0.8 pp of RTP (the slope is about 0.0047 pp per unit
/// of weight in the standard mode, 0.0037 in the ante), towards the target.
const FIRST_STEP: i64 = 175;

/// The knob search of `mode` on `a`'s rounds and seed towards `target` (a fraction),
/// anchored on `anchor` if given ([`slot_sim::knob`]); the knob's range is every shift that
/// leaves the Sun and the Multiplier of the mode's base table a weight of 0 or more.
fn search(
    a: &TuneArgs,
    from: &MathModel,
    mode: BetMode,
    target: f64,
    anchor: Option<(f64, f64)>,
) -> Result<slot_sim::knob::KnobFound, CliError> {
    let ante = mode == BetMode::Ante;
    let game_at = |k: i64| -> Result<StarlightChristmas, slot_sim::SimError> {
        let model =
            from.with_multiplier_shift(ante, k)
                .map_err(|e| slot_sim::SimError::Config {
                    setting: "knob",
                    message: e.to_string(),
                })?;
        StarlightChristmas::new(&model).map_err(|e| slot_sim::SimError::Config {
            setting: "model",
            message: e.to_string(),
        })
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
        &slot_sim::knob::KnobSearch {
            target,
            base_games: a.rounds,
            features: (a.rounds / FEATURES_PER_BASE_GAME).max(2),
            seed: a.seed,
            threads: runner::threads(a.threads)?,
            first_step,
            range: (-i64::from(w.multiplier), i64::from(w.paying[8])),
            anchor,
            max_half_width: slot_sim::certify::MAX_DISTANCE,
        },
        slot_sim::Watch::default(),
    )
    .map_err(|e| match e {
        // `--rounds` is the base games per candidate.
        slot_sim::SimError::Config {
            setting: "base_games",
            message,
        } => CliError(format!("--rounds: {message}")),
        slot_sim::SimError::Config {
            setting: "target",
            message,
        } => CliError(format!("{} ({}): {message}", mode.name(), KNOB)),
        e => e.into(),
    })?;
    eprintln!(
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
    );
    for c in &found.tried {
        eprintln!(
            "  knob {:+}: RTP {:.4} % (paired difference +- {:.4} pp)",
            c.knob,
            c.rtp * 100.0,
            c.difference_half_width_99 * 100.0
        );
    }
    Ok(found)
}

/// The knob, in words.
const KNOB: &str = "the Multiplier weight of the mode's base table, moved from or to the Sun";

/// Tunes the mode's one knob, the weight moved from the Sun to the Multiplier in the mode's
/// base table ([`MathModel::with_multiplier_shift`]), to the target of the model given (its
/// variant's; the published RTP for the shipped model or a model off the ladder) on the split
/// estimate with paired base games ([`slot_sim::knob`]; its level is this run's own, and a
/// level wider than 0.10 pp is refused, naming the rounds that would do). Prints the knob
/// with the range of knobs the interval allows, and the mode's base weights. With
/// `--target-rtp`: [`tune_variant`].
pub fn tune(a: &TuneArgs) -> CliResult {
    if let Some(target) = a.target_rtp {
        return tune_variant(a, target);
    }
    let m = mode_of::<StarlightChristmas>(a.choice, a.ante)?;
    let game = game_of::<StarlightChristmas>(a.model.as_deref(), None)?;
    let target = game.target_rtp(m).fraction();
    let shipped = game.model().clone();
    let found = search(a, &shipped, m, target, None)?;
    let model = shipped.with_multiplier_shift(m == BetMode::Ante, found.best.knob)?;
    let w = match m {
        BetMode::Standard => model.base,
        BetMode::Ante => model.ante_base,
    };
    println!(
        "shift {:+} (the 99 % interval allows {:+} to {:+}): RTP {:.4} % +- {:.4} pp (99 %); {} base weights: {:?}",
        found.best.knob,
        found.allowed.0,
        found.allowed.1,
        found.best.rtp * 100.0,
        found.half_width_99 * 100.0,
        m.name(),
        w
    );
    Ok(())
}

/// How a variant of Starlight Christmas is tuned, for its file.
const TUNING_METHOD: &str = "per bet mode, one knob: weight moved from the Sun to the Multiplier in the mode's base table (the table's total, the Scatters and the free spins unchanged), searched by secant steps on the split estimate (B + q V) / stake with paired base games (each round from a generator of its own), the level anchored on the published model's certified RTP";

/// `tune starlight-christmas --target-rtp R`: a variant of the published model for a target
/// from 84 % to 97 %, both bet modes, each mode's knob searched on the split estimate with
/// paired base games, anchored on the published model's certified RTP ([`search`]); then its
/// shape measured beside the published model's in both modes
/// ([`slot_sim::tune::variant_file`]) and its variant file written. The knob moves only the
/// base game's Multipliers: a target the knob cannot reach is refused (naming the RTP at the
/// knob's end: with no base-game Multiplier at all the ante mode pays about 83.4 %), and far
/// from the published RTP the free-spin share of the RTP leaves its 5 pp bound (from about
/// 88 % down in the ante mode, 85 % in the standard), which the tuner reports with the
/// amount.
fn tune_variant(a: &TuneArgs, target: slot_core::game::TargetRtp) -> CliResult {
    crate::commands::check_tune_variant(
        a,
        "starlight-christmas",
        "in both bet modes",
        target,
        StarlightChristmas::published_rtp(BetMode::Standard),
    )?;
    let published = StarlightChristmas::standard();
    let mut model = published.model().clone();
    let mut knobs = Vec::new();
    let mut rtp = Vec::new();
    for &m in StarlightChristmas::MODES {
        let cert = published.certified_rtp(m).ok_or_else(|| {
            CliError("the published model has no certified RTP to anchor on".into())
        })?;
        let anchor = (cert.rtp, cert.half_width_99.unwrap_or(f64::INFINITY));
        let found = search(a, published.model(), m, target.fraction(), Some(anchor))?;
        let ante = m == BetMode::Ante;
        model = model.with_multiplier_shift(ante, found.best.knob)?;
        let w = if ante { &model.ante_base } else { &model.base };
        knobs.push(slot_core::variant::KnobValue {
            knob: format!("Multiplier weight, {} base table (of 2^20)", m.name()),
            published: i64::from(if ante {
                published.model().ante_base.multiplier
            } else {
                published.model().base.multiplier
            }),
            value: i64::from(w.multiplier),
        });
        println!(
            "  {}: knob {:+}, RTP {:.4} % +- {:.4} pp (99 %: the certified level's and the paired difference's)",
            m.name(),
            found.best.knob,
            found.best.rtp * 100.0,
            found.half_width_99 * 100.0
        );
        rtp.push((m.name().to_string(), found.best.rtp));
    }
    let file = slot_sim::tune::variant_file(
        &published,
        slot_sim::tune::TunedVariant {
            target,
            command: crate::commands::command_line(),
            method: TUNING_METHOD.to_string(),
            knobs,
            rtp,
            model,
        },
        a.rounds.min(SHAPE_ROUNDS),
        a.seed,
        runner::threads(a.threads)?,
    )?;
    crate::commands::finish_variant(&file, a.out.as_deref())
}

/// Rounds per mode and variant of the shape's whole-round runs (at most; `--rounds` if fewer):
/// enough that the cap (about 1 in 5.3 million rounds standard, 1 in 2.7 million ante) is
/// seen, as "every top award reachable" asks of a simulated game.
const SHAPE_ROUNDS: u64 = 40_000_000;
