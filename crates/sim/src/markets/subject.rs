//! What a market's rules are judged against: a game's facts (its bet ladder, each mode's
//! cost, whether modes are picks, what it offers that markets restrict, its cap) and, for each
//! variant of its RTP ladder (or one model), the certified figures of each mode with where
//! each comes from. Plain data ([`Subject`]), built from a [`Game`] by [`of_variants`] or
//! [`of_game`], so that the verdicts can be worked out (and tested) on figures written by
//! hand too.
//!
//! Never a declared number: an RTP is the certified one read from the committed record
//! through [`crate::evidence::certified`] (checked against the model's fingerprint) with the
//! 99 % half-width the game's evidence states ([`slot_core::evidence::ModeEvidence`]), or the
//! exact one; a model without evidence has none, and says how to get one. Award odds are the
//! certified odds of the evidence with their exact Poisson interval at 95 %, or the game's
//! exact odds.

use slot_core::Game;
use slot_core::game::TargetRtp;
use slot_core::money::BetLadder;
use slot_core::offers::Offers;
use std::path::Path;

/// A game's facts and the figures of the variants judged.
#[derive(Clone, Debug)]
pub struct Subject {
    /// The game ([`Game::NAME`]).
    pub game: &'static str,
    /// The name a player reads ([`Game::TITLE`]).
    pub title: &'static str,
    /// The bets a round may be played at (base bet, currency units with two decimals).
    pub ladder: BetLadder,
    /// True if a mode is a pick made during the round (Moon Princess).
    pub mode_is_pick: bool,
    /// The cap on a round's win, x the base bet, `None` for an uncapped game.
    pub cap_x: Option<u64>,
    /// What the game offers that markets restrict; `None`: not stated.
    pub offers: Option<Offers>,
    /// The variants judged, highest RTP first.
    pub variants: Vec<VariantFigures>,
}

/// One variant (or model) and its modes' figures.
#[derive(Clone, Debug)]
pub struct VariantFigures {
    /// Its model's name (`standard`, `rtp-84.50`) or the model file's path.
    pub model: String,
    /// The RTP it is tuned to, where known.
    pub target: Option<TargetRtp>,
    /// Each mode's figures, in the game's order.
    pub modes: Vec<ModeFigures>,
}

/// The figures of one mode of a variant.
#[derive(Clone, Debug)]
pub struct ModeFigures {
    /// The mode's name.
    pub mode: &'static str,
    /// The stake of a round, hundredths of the base bet (100; Starlight Christmas's ante 125).
    pub cost: u64,
    /// The certified RTP, or why there is none (what would give one).
    pub rtp: Result<RtpFigure, String>,
    /// The top award's odds, or why there are none.
    pub top_award: Result<OddsFigure, String>,
    /// Every other award the game names: its odds, or why there are none (award, reason).
    pub other_awards: Vec<Result<OddsFigure, (String, String)>>,
}

/// A certified (or exact) RTP.
#[derive(Clone, Debug, PartialEq)]
pub struct RtpFigure {
    /// The RTP, a fraction of the stake.
    pub rtp: f64,
    /// The 99 % half-width, a fraction of the stake; `None` for an exact figure.
    pub half_width_99: Option<f64>,
    /// The sd of one round's win, x the stake, where known.
    pub sd: Option<f64>,
    /// Where it comes from (the record, its method).
    pub source: String,
}

/// The odds of an award.
#[derive(Clone, Debug, PartialEq)]
pub struct OddsFigure {
    /// The award, as the game names it (`cap 5000x`).
    pub award: String,
    /// Its probability per round.
    pub probability: f64,
    /// The 95 % interval of the probability (the record's own interval where it states one,
    /// else the exact Poisson interval of the count it rests on, scaled); `None` for exact
    /// odds.
    pub interval: Option<(f64, f64)>,
    /// Where it comes from.
    pub source: String,
}

/// The certified odds `o` a game states, with their 95 % interval by the one rule
/// ([`crate::stats::certified_interval`]: the record's own interval where it states
/// one, else the exact Poisson interval of the count it rests on, scaled), from `source`.
pub fn certified_odds(o: &slot_core::game::CertifiedOdds, source: String) -> OddsFigure {
    let [lo, hi] = crate::stats::certified_interval(o);
    OddsFigure {
        award: o.award.to_string(),
        probability: o.probability,
        interval: Some((lo, hi)),
        source,
    }
}

/// The facts of `G`, with no variant yet.
fn facts<G: Game>() -> Subject {
    Subject {
        game: G::NAME,
        title: G::TITLE,
        ladder: G::BET_LADDER,
        mode_is_pick: G::MODE_IS_PICK,
        cap_x: G::CAP.map(|c| c.limit.hundredths() / 100),
        offers: G::OFFERS,
        variants: Vec::new(),
    }
}

/// `G` with every variant of its RTP ladder (the published model alone for a game without a
/// ladder); `root` is the repository (the certification records are read below it).
pub fn of_variants<G: Game>(root: &Path) -> Subject {
    let mut s = facts::<G>();
    let names: Vec<(&'static str, Option<TargetRtp>)> = if G::VARIANTS.is_empty() {
        vec![("standard", Some(G::published_rtp(G::MODES[0])))]
    } else {
        G::VARIANTS.iter().map(|v| (v.model, Some(v.rtp))).collect()
    };
    for (name, target) in names {
        let figures = match G::named_model(name).map(|m| G::new(&m)) {
            Some(Ok(game)) => variant_figures(root, &game, name.to_string(), target),
            Some(Err(e)) => no_figures::<G>(
                name.to_string(),
                target,
                &format!("its model is refused: {e}"),
            ),
            None => no_figures::<G>(name.to_string(), target, "no such shipped model"),
        };
        s.variants.push(figures);
    }
    s
}

/// `G` on the one model `game` plays (called `model`, tuned to `target`); `root` is the
/// repository.
pub fn of_game<G: Game>(root: &Path, game: &G, model: String, target: TargetRtp) -> Subject {
    let mut s = facts::<G>();
    s.variants
        .push(variant_figures(root, game, model, Some(target)));
    s
}

fn no_figures<G: Game>(model: String, target: Option<TargetRtp>, why: &str) -> VariantFigures {
    VariantFigures {
        model,
        target,
        modes: G::MODES
            .iter()
            .map(|&m| ModeFigures {
                mode: G::mode_name(m),
                cost: G::cost(m),
                rtp: Err(why.to_string()),
                top_award: Err(why.to_string()),
                other_awards: Vec::new(),
            })
            .collect(),
    }
}

fn variant_figures<G: Game>(
    root: &Path,
    game: &G,
    model: String,
    target: Option<TargetRtp>,
) -> VariantFigures {
    let variant = crate::evidence::variant_of(game);
    let no_figure = format!(
        "no certified figure: run `cargo xtask certify {}` on this model (it is no variant of the game's RTP ladder with evidence)",
        G::NAME
    );
    let exact_odds = game.exact_award_odds();
    let crate_dir = G::evidence().crate_dir;
    let modes = G::MODES
        .iter()
        .map(|&m| {
            let name = G::mode_name(m);
            let e = variant.and_then(|v| v.mode(name));
            let rtp = match e {
                None if variant.is_none() => Err(no_figure.clone()),
                None => Err(format!(
                    "no certified figure of mode {name} in this variant: run `cargo xtask certify {}` on it",
                    G::NAME
                )),
                Some(e) => match crate::evidence::certified(root, game, m) {
                    Ok(c) => Ok(RtpFigure {
                        rtp: c.rtp,
                        half_width_99: e.half_width_99,
                        sd: Some(c.sd),
                        source: c.source,
                    }),
                    Err(err) => Err(format!("its certification record could not be used: {err}")),
                },
            };
            let odds_of = |award: &str| -> Option<OddsFigure> {
                if let Some(o) = e.and_then(|e| e.odds.iter().find(|o| o.award == award)) {
                    return Some(certified_odds(
                        &o.certified(),
                        format!("certified: {}/{}", crate_dir, o.record),
                    ));
                }
                let x = exact_odds.as_ref()?.iter().find(|(a, _)| *a == award)?.1;
                (x > 0.0).then(|| OddsFigure {
                    award: award.to_string(),
                    probability: 1.0 / x,
                    interval: None,
                    source: format!("exact (`cargo xtask exact {}`)", G::NAME),
                })
            };
            // The top award: a capped game's cap, else its last named award.
            let top_name = match G::CAP {
                Some(c) => format!("cap {}x", c.limit.hundredths() / 100),
                None => G::AWARDS.last().map_or_else(String::new, |a| a.to_string()),
            };
            let top_award = if top_name.is_empty() {
                Err("the game names no top award".to_string())
            } else {
                odds_of(&top_name).ok_or_else(|| {
                    format!("no certified odds of its top award '{top_name}': certify them (the rare-award odds issue)")
                })
            };
            let other_awards = G::AWARDS
                .iter()
                .filter(|a| **a != top_name)
                .map(|a| {
                    odds_of(a).ok_or_else(|| {
                        (
                            a.to_string(),
                            "no certified odds: a whole-round or split record of its count would give them".to_string(),
                        )
                    })
                })
                .collect();
            ModeFigures {
                mode: name,
                cost: G::cost(m),
                rtp,
                top_award,
                other_awards,
            }
        })
        .collect();
    VariantFigures {
        model,
        target,
        modes,
    }
}
