//! The shape a tuned variant must hold, measured and checked beside the published
//! variant's, and the variant file that records it ([`slot_core::variant::VariantFile`]).
//!
//! A variant of a game's RTP ladder changes the RTP and nothing a player feels: its
//! **shape** is the published variant's, within [`BOUNDS`]:
//!
//! | figure | bound |
//! |---|---|
//! | hit frequency (rounds that win anything) | within 2 pp |
//! | free spins per round | within 15 % of the published |
//! | standard deviation of a round's win | within 15 % of the published |
//! | share of the RTP won in the free spins (the split between base game and features) | within 5 pp |
//! | every top award | still reachable |
//!
//! Each game's tuner (a module of the game crate) chooses the knobs; this module measures the
//! shape of both variants on the same rounds' seed (common random numbers: both simulations
//! draw from the same generators, so their difference is far less noisy than either) and
//! checks it ([`measure`], [`check`]). A simulated top award counts as lost only when the
//! published run saw it at least [`AWARD_SEEN_TO_TELL`] times and the variant's run not at
//! all; an award rarer than the runs can show (Moon Princess's cap, about 1 in 5e8 rounds) is
//! named as too few rounds to tell, and its odds come from the variant's certification. The RTP row of a variant file is exact where the game
//! computes it exactly ([`Game::exact_rtp`]).

use crate::SimError;
use crate::run::{SeededRun, SimConfig, Watch, simulate};
use crate::stats::ParReport;
use slot_core::Game;
use slot_core::game::TargetRtp;
use slot_core::variant::{KnobValue, ShapeCheck, Tuning, VariantFile};

/// The bounds a variant's shape holds beside the published variant's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    /// Hit frequency: the largest difference, a fraction (0.02 = 2 pp).
    pub hit_frequency: f64,
    /// Free spins per round: the largest relative difference (0.15 = 15 %).
    pub free_spins_relative: f64,
    /// Standard deviation of a round's win: the largest relative difference.
    pub sd_relative: f64,
    /// Share of the RTP won in the free spins: the largest difference, a fraction.
    pub free_spins_share: f64,
}

/// The bounds of every variant of the shipped ladders.
pub const BOUNDS: Bounds = Bounds {
    hit_frequency: 0.02,
    free_spins_relative: 0.15,
    sd_relative: 0.15,
    free_spins_share: 0.05,
};

/// The shape of a variant in one mode.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// RTP, a fraction of the stake.
    pub rtp: f64,
    /// Rounds that win anything, a fraction.
    pub hit_frequency: f64,
    /// Rounds that trigger the free spins, a fraction.
    pub free_spins_frequency: f64,
    /// Standard deviation of a round's win, x stake.
    pub sd: f64,
    /// Share of the RTP won in the free spins, a fraction.
    pub free_spins_share: f64,
    /// Top awards never seen or with zero exact odds (empty: all reachable).
    pub unreachable_awards: Vec<String>,
    /// How often the run saw each top award (name, rounds that won it); empty where the
    /// game gives exact odds.
    pub award_counts: Vec<(String, u64)>,
}

/// A simulated award the published run saw fewer times than this tells nothing when the
/// variant's run of as many rounds misses it: at the published rate, a run misses an award
/// seen 5 times with probability e^-5, under 1 %; one seen once, e^-1, 37 %.
pub const AWARD_SEEN_TO_TELL: u64 = 5;

/// The name of the free-spin feature in every game's [`Game::FEATURES`].
const FREE_SPINS: &str = "free spins";

impl Shape {
    /// The shape of a simulation's PAR report; `exact_awards` are the game's exact award
    /// odds (name, rounds per award) where it has them, else awards count as reachable when
    /// the run saw them.
    pub fn of(report: &ParReport, exact_awards: Option<&[(&'static str, f64)]>) -> Shape {
        let fs = report.features.get(FREE_SPINS);
        let rounds = report.rounds.max(1) as f64;
        let unreachable_awards = match exact_awards {
            Some(odds) => odds
                .iter()
                .filter(|(_, one_in)| !one_in.is_finite() || *one_in <= 0.0)
                .map(|(n, _)| (*n).to_string())
                .collect(),
            None => report
                .top_awards
                .iter()
                .filter(|a| a.count == 0)
                .map(|a| a.name.clone())
                .collect(),
        };
        let award_counts = match exact_awards {
            Some(_) => Vec::new(),
            None => report
                .top_awards
                .iter()
                .map(|a| (a.name.clone(), a.count))
                .collect(),
        };
        Shape {
            award_counts,
            rtp: report.rtp,
            hit_frequency: report.hit_frequency,
            free_spins_frequency: fs.map_or(0.0, |f| f.count as f64 / rounds),
            sd: report.sd,
            free_spins_share: match fs {
                Some(f) if report.rtp > 0.0 => f.rtp / report.rtp,
                _ => 0.0,
            },
            unreachable_awards,
        }
    }
}

/// The shapes of the published game and a variant in `mode`, each from a simulation of the
/// run `run`: its rounds with the same seed (common random numbers), on its threads.
///
/// One rule for every tuner: a shape is measured only on runs whose figures mean something,
/// the rule reports flag intervals by ([`crate::stats::Accumulator::interval_warning`]: at
/// least 1,000 rounds and 30 winning rounds in each run); on fewer, every bound would read
/// "held" on noise, so the measurement is refused.
///
/// # Errors
/// [`SimError`] for a run setting out of range; [`SimError::Config`] (setting `rounds`) for
/// runs too small to measure a shape on, naming what is needed.
pub fn measure<G: Game>(
    published: &G,
    variant: &G,
    mode: G::Mode,
    run: SeededRun,
) -> Result<(Shape, Shape), SimError> {
    let SeededRun {
        rounds,
        seed,
        threads,
    } = run;
    let config = SimConfig {
        threads,
        gof_rounds: 0,
        ..SimConfig::rounds(rounds, seed)
    };
    let shape = |game: &G| -> Result<Shape, SimError> {
        let report = simulate(game, mode, &config, Watch::default())?;
        if let Some(w) = report.par.sums.interval_warning() {
            return Err(SimError::Config {
                setting: "rounds",
                message: format!(
                    "{rounds} per variant are too few to measure a variant's shape on ({w}); a shape needs at least that many, and millions of rounds to tell a variant from the published one"
                ),
            });
        }
        let mut shape = Shape::of(&report.par, game.exact_award_odds().as_deref());
        if let Some(exact) = game.exact_rtp(mode) {
            shape.rtp = exact;
        }
        Ok(shape)
    };
    Ok((shape(published)?, shape(variant)?))
}

/// The checks of a variant's shape beside the published one in the mode called `mode`
/// (empty for a game with one mode), each with the bound of `bounds` and `how` the figures
/// were obtained.
pub fn check(
    mode: &str,
    published: &Shape,
    variant: &Shape,
    bounds: &Bounds,
    how: &str,
) -> Vec<ShapeCheck> {
    let named = |figure: &str| {
        if mode.is_empty() {
            figure.to_string()
        } else {
            format!("{figure} ({mode})")
        }
    };
    let relative = |p: f64, v: f64| {
        if p > 0.0 {
            (v - p).abs() / p
        } else {
            f64::INFINITY
        }
    };
    let pp = |x: f64| format!("within {:.0} pp", x * 100.0);
    let pct = |x: f64| format!("within {:.0} % of the published", x * 100.0);
    let row = |figure: &str, p: f64, v: f64, allowed: String, met: bool| ShapeCheck {
        figure: named(figure),
        published: p,
        variant: v,
        allowed,
        met,
        how: how.to_string(),
    };
    vec![
        row(
            "hit frequency",
            published.hit_frequency,
            variant.hit_frequency,
            pp(bounds.hit_frequency),
            (variant.hit_frequency - published.hit_frequency).abs() <= bounds.hit_frequency,
        ),
        row(
            "free spins per round",
            published.free_spins_frequency,
            variant.free_spins_frequency,
            pct(bounds.free_spins_relative),
            relative(published.free_spins_frequency, variant.free_spins_frequency)
                <= bounds.free_spins_relative,
        ),
        row(
            "standard deviation (x stake)",
            published.sd,
            variant.sd,
            pct(bounds.sd_relative),
            relative(published.sd, variant.sd) <= bounds.sd_relative,
        ),
        row(
            "free-spin share of the RTP",
            published.free_spins_share,
            variant.free_spins_share,
            pp(bounds.free_spins_share),
            (variant.free_spins_share - published.free_spins_share).abs()
                <= bounds.free_spins_share,
        ),
        awards_row(published, variant, &named, how),
    ]
}

/// The row of the top awards: held unless the variant lacks an award the published variant
/// has. An award neither simulation saw (a run too short for its odds) says nothing of the
/// variant: the row names it and holds.
fn awards_row(
    published: &Shape,
    variant: &Shape,
    named: &dyn Fn(&str) -> String,
    how: &str,
) -> ShapeCheck {
    // An award the variant's run missed is lost only if the published run saw it often
    // enough that missing it by chance is unlikely (AWARD_SEEN_TO_TELL); otherwise the runs
    // are too short to tell.
    let seen_by_published = |a: &String| {
        published
            .award_counts
            .iter()
            .find(|(n, _)| n == a)
            .map_or(u64::MAX, |(_, c)| *c)
    };
    let (lost, unseen): (Vec<&String>, Vec<&String>) =
        variant.unreachable_awards.iter().partition(|a| {
            !published.unreachable_awards.contains(a) && seen_by_published(a) >= AWARD_SEEN_TO_TELL
        });
    let join = |v: &[&String]| v.iter().map(|a| a.as_str()).collect::<Vec<_>>().join(", ");
    let allowed = if !lost.is_empty() {
        format!("none (unreachable: {})", join(&lost))
    } else if !unseen.is_empty() {
        format!(
            "none (seen fewer than {AWARD_SEEN_TO_TELL} times in the runs, too few rounds to tell: {})",
            join(&unseen)
        )
    } else {
        "none".to_string()
    };
    ShapeCheck {
        figure: named("top awards unreachable"),
        published: published.unreachable_awards.len() as f64,
        variant: variant.unreachable_awards.len() as f64,
        allowed,
        met: lost.is_empty(),
        how: how.to_string(),
    }
}

/// What a tuner knows of the variant it made, for its file ([`variant_file`]).
#[derive(Clone, Debug)]
pub struct TunedVariant<M> {
    /// The RTP it is tuned to.
    pub target: TargetRtp,
    /// The command that made it.
    pub command: String,
    /// The method, in words.
    pub method: String,
    /// Its knobs.
    pub knobs: Vec<KnobValue>,
    /// Its RTP per mode (mode name, fraction) as the tuner knows it better than the shape's
    /// runs do (a split estimate); a mode not named takes the shape run's RTP (exact where
    /// the game computes it).
    pub rtp: Vec<(String, f64)>,
    /// Its model.
    pub model: M,
}

/// The variant file of a tuned variant of `G`: its shape measured beside the published
/// game's in every mode ([`measure`] on `rounds` rounds from `seed`, [`check`] against
/// [`BOUNDS`]) and its RTP per mode (the tuner's where it gives one, else exact where the game
/// computes it, else the simulation's).
///
/// # Errors
/// [`SimError::Config`] if the game refuses the model (named), or a run setting is out of
/// range.
pub fn variant_file<G: Game>(
    published: &G,
    tuned: TunedVariant<G::Model>,
    rounds: u64,
    seed: u64,
    threads: usize,
) -> Result<VariantFile<G::Model>, SimError> {
    let variant = G::new(&tuned.model).map_err(|e| SimError::Config {
        setting: "model",
        message: format!("the tuned model is refused: {e}"),
    })?;
    let how =
        format!("simulation of {rounds} rounds per variant, seed {seed}, common random numbers");
    let mut shape = Vec::new();
    let mut rtp = Vec::new();
    for &mode in G::MODES {
        let run = SeededRun {
            rounds,
            seed,
            threads,
        };
        let (p, v) = measure(published, &variant, mode, run)?;
        let name = if G::MODES.len() > 1 {
            G::mode_name(mode)
        } else {
            ""
        };
        shape.extend(check(name, &p, &v, &BOUNDS, &how));
        let mode = G::mode_name(mode);
        let found = tuned.rtp.iter().find(|(m, _)| m == mode).map(|(_, r)| *r);
        rtp.push((mode.to_string(), found.unwrap_or(v.rtp)));
    }
    Ok(VariantFile::sealed(
        G::NAME,
        tuned.target,
        Tuning {
            command: tuned.command,
            method: tuned.method,
            seed: Some(seed),
            knobs: tuned.knobs,
            rtp,
            shape,
        },
        tuned.model,
    ))
}

/// The text a tuner prints of a variant file: its RTP per mode against the target (percent,
/// and the difference in percentage points), its knobs beside the published ones, and its
/// shape beside the published variant's with each bound and whether it is held; lines end
/// in `\n`.
pub fn variant_text<M>(file: &VariantFile<M>) -> String {
    let mut t = format!("variant {} of {}:\n", file.target_rtp, file.game);
    for (mode, rtp) in &file.tuning.rtp {
        t += &format!(
            "  RTP ({mode}): {:.6} %  (target {}; {:+.4} pp)\n",
            rtp * 100.0,
            file.target_rtp,
            (rtp - file.target_rtp.fraction()) * 100.0
        );
    }
    for k in &file.tuning.knobs {
        t += &format!("  {}: {} (published {})\n", k.knob, k.value, k.published);
    }
    t += &format!(
        "  {:<44} {:>12} {:>12}  bound\n",
        "shape (published variant beside this one)", "published", "variant"
    );
    for c in &file.tuning.shape {
        t += &format!(
            "  {:<44} {:>12.6} {:>12.6}  {} {}\n",
            c.figure,
            c.published,
            c.variant,
            c.allowed,
            if c.met { "- held" } else { "- NOT HELD" }
        );
    }
    t + &format!(
        "  ({})\n",
        file.tuning.shape.first().map_or("", |c| c.how.as_str())
    )
}

/// One warning per shape bound the variant does not hold: the figure, how far it is from the
/// published variant's (and in percent of it, where that is not 0) and the bound.
pub fn unmet_warnings<M>(file: &VariantFile<M>) -> Vec<String> {
    file.tuning
        .unmet()
        .into_iter()
        .map(|c| {
            let by = if c.published > 0.0 {
                format!(
                    "{:+.4} ({:+.1} %)",
                    c.variant - c.published,
                    (c.variant / c.published - 1.0) * 100.0
                )
            } else {
                format!("{:+.4}", c.variant - c.published)
            };
            format!(
                "the variant does not hold {}: {by}, allowed {}",
                c.figure, c.allowed
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(hit: f64, fs: f64, sd: f64, share: f64) -> Shape {
        Shape {
            rtp: 0.95,
            hit_frequency: hit,
            free_spins_frequency: fs,
            sd,
            free_spins_share: share,
            unreachable_awards: Vec::new(),
            award_counts: Vec::new(),
        }
    }

    #[test]
    fn each_bound_is_met_at_its_edge_and_broken_beyond_it() {
        let p = shape(0.30, 0.004, 10.0, 0.40);
        let met = |v: &Shape| -> Vec<bool> {
            check("", &p, v, &BOUNDS, "t")
                .iter()
                .map(|c| c.met)
                .collect()
        };
        assert_eq!(met(&shape(0.3199, 0.00459, 11.49, 0.4499)), [true; 5]);
        assert_eq!(met(&shape(0.2801, 0.00341, 8.51, 0.3501)), [true; 5]);
        assert_eq!(
            met(&shape(0.3201, 0.0047, 11.6, 0.4501)),
            [false, false, false, false, true]
        );
        let mut gone = shape(0.30, 0.004, 10.0, 0.40);
        gone.unreachable_awards.push("Grand".into());
        let rows = check("ante", &p, &gone, &BOUNDS, "t");
        assert_eq!(rows[4].figure, "top awards unreachable (ante)");
        assert!(!rows[4].met && rows[4].allowed.contains("unreachable: Grand"));
        // An award neither run saw tells nothing of the variant: named, and held.
        let mut both = shape(0.30, 0.004, 10.0, 0.40);
        both.unreachable_awards.push("cap".into());
        let rows = check("", &both, &both, &BOUNDS, "t");
        assert!(rows[4].met, "{:?}", rows[4]);
        assert!(rows[4].allowed.contains("too few rounds to tell: cap"));
        // Seen by the published run fewer than 5 times and missed by the variant's: still
        // too few rounds to tell; seen 5 times and missed: lost.
        let seen = |n: u64| {
            let mut s = shape(0.30, 0.004, 10.0, 0.40);
            s.award_counts.push(("cap".into(), n));
            s
        };
        let mut missed = seen(0);
        missed.unreachable_awards.push("cap".into());
        let rows = check("", &seen(4), &missed, &BOUNDS, "t");
        assert!(rows[4].met, "{:?}", rows[4]);
        assert!(
            rows[4].allowed.contains("fewer than 5 times"),
            "{:?}",
            rows[4]
        );
        let rows = check("", &seen(5), &missed, &BOUNDS, "t");
        assert!(!rows[4].met && rows[4].allowed.contains("unreachable: cap"));
        assert_eq!(rows[0].allowed, "within 2 pp");
        assert_eq!(rows[1].allowed, "within 15 % of the published");
    }

    /// The printed text carries each RTP's distance to the target and each bound's verdict;
    /// the warnings name exactly the bounds not held, with the distance in percent.
    #[test]
    fn a_variants_text_and_warnings() {
        let file: VariantFile<u32> = serde_json::from_value(serde_json::json!({
            "format": "slot-math variant 1",
            "game": "some-game",
            "target_rtp": "93.00",
            "tuning": {
                "command": "c", "method": "m", "seed": 1,
                "knobs": [{"knob": "k", "published": 5, "value": 7}],
                "rtp": [["standard", 0.9301]],
                "shape": [
                    {"figure": "hit frequency", "published": 0.25, "variant": 0.26,
                     "allowed": "within 2 pp", "met": true, "how": "exact"},
                    {"figure": "standard deviation", "published": 4.0, "variant": 5.0,
                     "allowed": "within 15 %", "met": false, "how": "exact"}
                ]
            },
            "model": 0,
            "sha256": "00".repeat(32),
        }))
        .unwrap();
        let text = variant_text(&file);
        assert!(
            text.starts_with("variant 93.00 % of some-game:\n"),
            "{text}"
        );
        assert!(
            text.contains("RTP (standard): 93.010000 %  (target 93.00 %; +0.0100 pp)"),
            "{text}"
        );
        assert!(text.contains("  k: 7 (published 5)\n"), "{text}");
        assert!(text.contains("within 2 pp - held\n") && text.contains("within 15 % - NOT HELD\n"));
        assert!(text.ends_with("  (exact)\n"), "{text}");
        assert_eq!(
            unmet_warnings(&file),
            [
                "the variant does not hold standard deviation: +1.0000 (+25.0 %), allowed within 15 %"
            ]
        );
    }
}
