//! The verdict of each market on each variant and mode of a game ([`judge`]): every rule of
//! the market's profile applied to the certified figures and facts of a
//! [`crate::markets::subject::Subject`], each giving a [`Line`] that cites the rule (clause,
//! date in force, whether read in the primary text) and the figure it rests on with its
//! source; the lines together give the [`Status`]: *allowed*, *allowed with disclosures*,
//! *not allowed* (a rule broken, with the figure) or *undecided* (what evidence would decide).
//!
//! An RTP is judged by its 99 % interval: wholly at or above a floor passes, wholly below
//! fails, straddling it is undecided, naming how many times the certification's rounds would
//! decide it. An award's odds are judged by their 95 % interval the same way (exact odds by
//! the figure). Floats only here, in the reading of certified figures: no outcome is touched.

use crate::markets::profile::{Awards, Checked, Feature, IfRarer, Kind, Profile, Rule, Shows};
use crate::markets::subject::{ModeFigures, OddsFigure, RtpFigure, Subject, VariantFigures};
use slot_core::offers::Jackpots;
use std::fmt::Write as _;

/// A verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Every rule met (a stake cap may cut the bet ladder: its line says how).
    Allowed,
    /// Allowed, with what the help page must show.
    AllowedWithDisclosures,
    /// Undecided: a figure is missing or its interval straddles a threshold; the line says
    /// what evidence would decide it.
    Undecided,
    /// A rule is broken; the line names the rule and the figure.
    NotAllowed,
}

impl Status {
    /// The status in words (`allowed with disclosures`).
    pub fn words(self) -> &'static str {
        match self {
            Status::Allowed => "allowed",
            Status::AllowedWithDisclosures => "allowed with disclosures",
            Status::Undecided => "undecided",
            Status::NotAllowed => "not allowed",
        }
    }
}

/// What one rule found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Met.
    Pass,
    /// Met under a condition the operator keeps (a bet ladder cut by a stake cap).
    Condition,
    /// Met if the help page shows what [`Line::help`] says.
    Disclose,
    /// Broken.
    Fail,
    /// Not decided by the evidence there is.
    Undecided,
}

/// One rule's finding for one variant and mode.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Line {
    /// The rule's id.
    pub rule: String,
    /// Its clause.
    pub clause: String,
    /// The date it is in force from.
    pub in_force: String,
    /// Whether it was read in the primary text.
    pub verified: Checked,
    /// What it found.
    pub outcome: Outcome,
    /// The finding, with the figure it rests on and that figure's source.
    pub finding: String,
    /// The help-page line to show (in the market's language), for a disclosure.
    pub help: Option<String>,
}

/// A market's verdict on one variant and mode.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Verdict {
    /// The variant's model (`rtp-84.50`).
    pub model: String,
    /// The RTP it is tuned to (`84.50 %`), where known.
    pub target: Option<String>,
    /// The mode (pick or bet mode).
    pub mode: String,
    /// The verdict.
    pub status: Status,
    /// Every judged rule's finding, in the profile's order.
    pub lines: Vec<Line>,
}

/// One market's verdicts on a game.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MarketVerdicts {
    /// The market's id.
    pub market: String,
    /// Its name.
    pub name: String,
    /// Its regulator or platform.
    pub regulator: String,
    /// The operator's rules of the market, listed and not judged, as (id, clause, what).
    pub operator_rules: Vec<(String, String, String)>,
    /// A verdict per variant and mode, variants as the subject lists them.
    pub verdicts: Vec<Verdict>,
}

/// Every market's verdicts on a game: what `cargo xtask markets` prints.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Matrix {
    /// The game.
    pub game: String,
    /// Its title.
    pub title: String,
    /// One block per market, in the order asked for.
    pub markets: Vec<MarketVerdicts>,
}

/// The verdicts of the markets `profiles` on `subject`: every variant, every mode.
pub fn judge(subject: &Subject, profiles: &[&Profile]) -> Matrix {
    let markets = profiles
        .iter()
        .map(|p| MarketVerdicts {
            market: p.id.clone(),
            name: p.name.clone(),
            regulator: p.regulator.clone(),
            operator_rules: p
                .rules
                .iter()
                .filter(|r| r.kind == Kind::Operator)
                .map(|r| (r.id.clone(), r.clause.clone(), r.what.clone()))
                .collect(),
            verdicts: subject
                .variants
                .iter()
                .flat_map(|v| v.modes.iter().map(move |m| judge_mode(subject, p, v, m)))
                .collect(),
        })
        .collect();
    Matrix {
        game: subject.game.to_string(),
        title: subject.title.to_string(),
        markets,
    }
}

fn judge_mode(s: &Subject, p: &Profile, v: &VariantFigures, m: &ModeFigures) -> Verdict {
    let lines: Vec<Line> = p
        .rules
        .iter()
        .filter(|r| r.kind != Kind::Operator)
        .map(|r| {
            let (outcome, finding, help) = rule_finding(s, p, v, m, r);
            Line {
                rule: r.id.clone(),
                clause: r.clause.clone(),
                in_force: r.in_force.clone(),
                verified: r.verified,
                outcome,
                finding,
                help,
            }
        })
        .collect();
    let status = lines
        .iter()
        .map(|l| match l.outcome {
            Outcome::Pass | Outcome::Condition => Status::Allowed,
            Outcome::Disclose => Status::AllowedWithDisclosures,
            Outcome::Undecided => Status::Undecided,
            Outcome::Fail => Status::NotAllowed,
        })
        .max()
        .unwrap_or(Status::Allowed);
    Verdict {
        model: v.model.clone(),
        target: v.target.map(|t| t.to_string()),
        mode: m.mode.to_string(),
        status,
        lines,
    }
}

type Finding = (Outcome, String, Option<String>);

fn pct(x: f64) -> String {
    format!("{:.2} %", x * 100.0)
}

/// An RTP with its interval and source, as a finding cites it.
fn rtp_text(r: &RtpFigure) -> String {
    match r.half_width_99 {
        Some(h) => format!(
            "certified RTP {} (99 %: {} to {}; {})",
            pct(r.rtp),
            pct(r.rtp - h),
            pct(r.rtp + h),
            r.source
        ),
        None => format!("exact RTP {} ({})", pct(r.rtp), r.source),
    }
}

/// Where the 99 % interval of `r` lies against `bound`: `Some(true)` wholly at or above,
/// `Some(false)` wholly below, `None` straddling.
fn against(r: &RtpFigure, bound: f64) -> Option<bool> {
    let h = r.half_width_99.unwrap_or(0.0);
    if r.rtp - h >= bound {
        Some(true)
    } else if r.rtp + h < bound {
        Some(false)
    } else {
        None
    }
}

/// What would decide an RTP whose 99 % interval straddles `bound`.
fn rounds_to_decide(r: &RtpFigure, bound: f64) -> String {
    let h = r.half_width_99.unwrap_or(0.0);
    let gap = (r.rtp - bound).abs();
    if gap == 0.0 {
        return format!(
            "its estimate is {} itself: no number of rounds decides it; certify a variant tuned away from it",
            pct(bound)
        );
    }
    let factor = (h / gap).powi(2);
    format!(
        "a certification of about {:.1} times its rounds (a 99 % half-width below {:.3} pp) would decide it, if the estimate holds",
        factor.max(1.0) * 1.05,
        gap * 100.0
    )
}

/// `n` games per award as a help page writes it (`5.34 million`, `5,34 Mio.`).
pub fn one_in_words(n: f64, german: bool) -> String {
    let (x, unit) = if n >= 1e9 {
        (n / 1e9, if german { " Mrd." } else { " billion" })
    } else if n >= 1e6 {
        (n / 1e6, if german { " Mio." } else { " million" })
    } else {
        (n.round(), "")
    };
    let t = if unit.is_empty() {
        format!("{x:.0}")
    } else {
        format!("{x:.2}")
    };
    let t = if german { t.replace('.', ",") } else { t };
    format!("{t}{unit}")
}

fn odds_text(o: &OddsFigure) -> String {
    match o.interval {
        Some((lo, hi)) => format!(
            "{}: 1 in {:.3e} (95 %: 1 in {:.3e} to {}; {})",
            o.award,
            1.0 / o.probability,
            1.0 / hi,
            if lo > 0.0 {
                format!("{:.3e}", 1.0 / lo)
            } else {
                "unbounded".into()
            },
            o.source
        ),
        None => format!(
            "{}: 1 in {:.3e} exactly ({})",
            o.award,
            1.0 / o.probability,
            o.source
        ),
    }
}

fn odds_help(o: &OddsFigure, german: bool, top: bool) -> String {
    let n = one_in_words(1.0 / o.probability, german);
    match (german, top) {
        (true, true) => format!(
            "Wahrscheinlichkeit des Höchstgewinns ({}): 1 zu {n} Spielen",
            o.award
        ),
        (true, false) => format!("Wahrscheinlichkeit von {}: 1 zu {n} Spielen", o.award),
        (false, true) => format!("Top award ({}): probability 1 in {n} games", o.award),
        (false, false) => format!("Odds of {}: 1 in {n} games", o.award),
    }
}

/// The largest stake any player may place in a mode under the market's caps, in cents of the
/// market's currency (the ladder read in it), with its base bet: each cap applies to its own
/// players (GB: GBP 5 from 25, GBP 2 from 18 to 24), so the most generous one counts; the
/// ladder's top without a cap; `None` if every cap leaves no bet.
fn largest_stake(s: &Subject, p: &Profile, cost: u64) -> Option<(u64, u64)> {
    let (min, max) = (s.ladder.min_cents(), s.ladder.max_cents());
    let caps: Vec<u64> = p
        .rules
        .iter()
        .filter_map(|r| match r.kind {
            Kind::StakeCap { cap_cents, .. } => Some(cap_cents),
            _ => None,
        })
        .collect();
    let top = if caps.is_empty() {
        max
    } else {
        caps.iter()
            .filter_map(|&c| kept_max(min, max, cost, c))
            .max()?
    };
    Some((top, top * cost / 100))
}

/// The largest base bet on the ladder `min..=max` (steps of `min`, cents) whose stake
/// (`bet x cost / 100`) is at most `cap` cents; `None` if none is.
fn kept_max(min: u64, max: u64, cost: u64, cap: u64) -> Option<u64> {
    let top = (cap.saturating_mul(100) / cost.max(1)) / min * min;
    (top >= min).then_some(top.min(max))
}

fn cents(c: u64) -> String {
    format!("{}.{:02}", c / 100, c % 100)
}

fn rule_finding(
    s: &Subject,
    p: &Profile,
    v: &VariantFigures,
    m: &ModeFigures,
    r: &Rule,
) -> Finding {
    let german = p.language == "de";
    let lowest = || -> Result<(&ModeFigures, &RtpFigure), String> {
        let mut low: Option<(&ModeFigures, &RtpFigure)> = None;
        for x in &v.modes {
            let f = x
                .rtp
                .as_ref()
                .map_err(|e| format!("mode {}: {e}", x.mode))?;
            if low.is_none_or(|(_, l)| f.rtp < l.rtp) {
                low = Some((x, f));
            }
        }
        low.ok_or_else(|| "the variant has no mode".to_string())
    };
    match &r.kind {
        Kind::MinRtp { floor_pct } => {
            let floor = floor_pct / 100.0;
            let f = match &m.rtp {
                Ok(f) => f,
                Err(e) => return (Outcome::Undecided, e.clone(), None),
            };
            let also = if v.modes.len() > 1 {
                match lowest() {
                    Ok((lm, lf)) => format!(
                        "; the lowest across the game's options is {} ({})",
                        pct(lf.rtp),
                        lm.mode
                    ),
                    Err(_) => String::new(),
                }
            } else {
                String::new()
            };
            match against(f, floor) {
                Some(true) => (
                    Outcome::Pass,
                    format!("{} is at least the floor {}{also}", rtp_text(f), pct(floor)),
                    None,
                ),
                Some(false) => (
                    Outcome::Fail,
                    format!("{} is below the floor {}{also}", rtp_text(f), pct(floor)),
                    None,
                ),
                None => (
                    Outcome::Undecided,
                    format!(
                        "{} straddles the floor {}: {}",
                        rtp_text(f),
                        pct(floor),
                        rounds_to_decide(f, floor)
                    ),
                    None,
                ),
            }
        }
        Kind::RtpBand { min_pct, max_pct } => {
            let (lo, hi) = (min_pct / 100.0, max_pct / 100.0);
            let f = match &m.rtp {
                Ok(f) => f,
                Err(e) => return (Outcome::Undecided, e.clone(), None),
            };
            let h = f.half_width_99.unwrap_or(0.0);
            let band = format!("the band {} to {}", pct(lo), pct(hi));
            if f.rtp + h < lo || f.rtp - h > hi {
                (
                    Outcome::Fail,
                    format!("{} is outside {band}", rtp_text(f)),
                    None,
                )
            } else if f.rtp - h >= lo && f.rtp + h <= hi {
                (
                    Outcome::Pass,
                    format!("{} is within {band}", rtp_text(f)),
                    None,
                )
            } else {
                let edge = if f.rtp - h < lo { lo } else { hi };
                (
                    Outcome::Undecided,
                    format!(
                        "{} straddles an edge of {band}: {}",
                        rtp_text(f),
                        rounds_to_decide(f, edge)
                    ),
                    None,
                )
            }
        }
        Kind::ModeSpread { max_pp } => {
            let max = max_pp / 100.0;
            if v.modes.len() < 2 {
                return (
                    Outcome::Pass,
                    "the game has one mode: no spread".into(),
                    None,
                );
            }
            let mut figs = Vec::new();
            for x in &v.modes {
                match &x.rtp {
                    Ok(f) => figs.push((x.mode, f)),
                    Err(e) => return (Outcome::Undecided, format!("mode {}: {e}", x.mode), None),
                }
            }
            let hi = figs
                .iter()
                .max_by(|a, b| a.1.rtp.total_cmp(&b.1.rtp))
                .expect("two modes");
            let lo = figs
                .iter()
                .min_by(|a, b| a.1.rtp.total_cmp(&b.1.rtp))
                .expect("two modes");
            let spread = hi.1.rtp - lo.1.rtp;
            let h = hi.1.half_width_99.unwrap_or(0.0) + lo.1.half_width_99.unwrap_or(0.0);
            let text = format!(
                "the modes' RTPs span {:.3} pp ({} {} to {} {}; 99 % intervals add {:.3} pp) against at most {:.2} pp",
                spread * 100.0,
                lo.0,
                pct(lo.1.rtp),
                hi.0,
                pct(hi.1.rtp),
                h * 100.0,
                max_pp
            );
            if spread + h <= max {
                (Outcome::Pass, text, None)
            } else if spread - h > max {
                (Outcome::Fail, text, None)
            } else {
                (
                    Outcome::Undecided,
                    format!("{text}: longer certifications of both modes would decide it"),
                    None,
                )
            }
        }
        Kind::StakeCap {
            cap_cents,
            applies_to,
        } => {
            let (min, max) = (s.ladder.min_cents(), s.ladder.max_cents());
            let stake = |bet: u64| bet * m.cost / 100;
            let ladder = format!(
                "the ladder {} to {} (read in {}), a stake of {} x the base bet in mode {}",
                cents(min),
                cents(max),
                p.currency,
                cents(m.cost),
                m.mode
            );
            match kept_max(min, max, m.cost, *cap_cents) {
                None => (
                    Outcome::Fail,
                    format!(
                        "the cap {} {} ({applies_to}) keeps no bet at all of {ladder}: the smallest stake is {}",
                        p.currency,
                        cents(*cap_cents),
                        cents(stake(min))
                    ),
                    None,
                ),
                Some(top) if top >= max => (
                    Outcome::Pass,
                    format!(
                        "every bet of {ladder} is within the cap {} {} ({applies_to}): the largest stake is {}",
                        p.currency,
                        cents(*cap_cents),
                        cents(stake(max))
                    ),
                    None,
                ),
                Some(top) => (
                    Outcome::Condition,
                    format!(
                        "the cap {} {} ({applies_to}) keeps base bets {} to {} of {ladder} (stakes up to {}); the bets above are not offered",
                        p.currency,
                        cents(*cap_cents),
                        cents(min),
                        cents(top),
                        cents(stake(top))
                    ),
                    None,
                ),
            }
        }
        Kind::MinCycle { seconds } => {
            let per_hour = 3600.0 / seconds;
            let Some((_, stake)) = largest_stake(s, p, m.cost) else {
                return (
                    Outcome::Pass,
                    format!(
                        "at most {per_hour:.0} rounds an hour; the market's caps keep no bet of this mode"
                    ),
                    None,
                );
            };
            let money = stake as f64 / 100.0;
            let loss = match &m.rtp {
                Ok(f) => {
                    let spread = f.sd.map_or_else(
                        || "its spread unknown (no sd of a round's win)".to_string(),
                        |sd| {
                            format!(
                                "sd of an hour's result {} {:.2}",
                                p.currency,
                                sd * money * per_hour.sqrt()
                            )
                        },
                    );
                    format!(
                        "expected loss an hour at the largest allowed stake {} {}: {} {:.2} ({}; {spread})",
                        p.currency,
                        cents(stake),
                        p.currency,
                        per_hour * money * (1.0 - f.rtp),
                        rtp_text(f)
                    )
                }
                Err(e) => format!("expected loss an hour: {e}"),
            };
            (
                Outcome::Pass,
                format!(
                    "at least {seconds} s a game cycle: at most {per_hour:.0} rounds an hour (the client keeps the pace); {loss}"
                ),
                None,
            )
        }
        Kind::AwardOdds {
            one_in,
            awards,
            if_rarer,
        } => {
            let t = 1.0 / one_in;
            let scope: Vec<Result<&OddsFigure, String>> = match awards {
                Awards::Top => vec![m.top_award.as_ref().map_err(Clone::clone)],
                Awards::Other => m
                    .other_awards
                    .iter()
                    .map(|x| x.as_ref().map_err(|(a, why)| format!("{a}: {why}")))
                    .collect(),
            };
            if scope.is_empty() {
                return (Outcome::Pass, "the game names no other award".into(), None);
            }
            let mut worst = Outcome::Pass;
            let mut texts = Vec::new();
            let mut helps = Vec::new();
            for x in scope {
                let o = match x {
                    Ok(o) => o,
                    Err(e) => {
                        worst = worse(worst, Outcome::Undecided);
                        texts.push(e);
                        continue;
                    }
                };
                let (rarer, undecided) = match o.interval {
                    None => (o.probability < t, false),
                    Some((lo, hi)) => (hi < t, hi >= t && lo < t),
                };
                let thr = format!("1 in {}", one_in_words(*one_in, false));
                if undecided {
                    worst = worse(worst, Outcome::Undecided);
                    texts.push(format!(
                        "{}: {thr} lies inside its interval; a record with more counts of it would decide it",
                        odds_text(o)
                    ));
                } else if rarer {
                    match if_rarer {
                        IfRarer::Disclose => {
                            worst = worse(worst, Outcome::Disclose);
                            texts.push(format!(
                                "{} is rarer than {thr}: its odds must be shown",
                                odds_text(o)
                            ));
                            helps.push(odds_help(o, german, *awards == Awards::Top));
                        }
                        IfRarer::NotAllowed => {
                            worst = worse(worst, Outcome::Fail);
                            texts.push(format!("{} is rarer than {thr}", odds_text(o)));
                        }
                    }
                } else {
                    texts.push(format!("{} is more frequent than {thr}", odds_text(o)));
                }
            }
            (
                worst,
                texts.join("; "),
                (!helps.is_empty()).then(|| helps.join("; ")),
            )
        }
        Kind::Disclose { shows } => match shows {
            Shows::Rtp => match &m.rtp {
                Ok(f) => (
                    Outcome::Disclose,
                    rtp_text(f),
                    Some(if german {
                        format!("Auszahlungsquote: {}", pct(f.rtp).replace('.', ","))
                    } else {
                        format!("Return to player: {}", pct(f.rtp))
                    }),
                ),
                Err(e) => (Outcome::Undecided, format!("nothing to show: {e}"), None),
            },
            Shows::LowestRtp => match lowest() {
                Ok((lm, lf)) => (
                    Outcome::Disclose,
                    format!(
                        "lowest across the game's options: mode {}: {}",
                        lm.mode,
                        rtp_text(lf)
                    ),
                    Some(if german {
                        format!(
                            "Niedrigste Auszahlungsquote über alle Spieloptionen: {} ({})",
                            pct(lf.rtp).replace('.', ","),
                            lm.mode
                        )
                    } else {
                        format!(
                            "Lowest return to player across the game's options: {} ({})",
                            pct(lf.rtp),
                            lm.mode
                        )
                    }),
                ),
                Err(e) => (Outcome::Undecided, format!("nothing to show: {e}"), None),
            },
            Shows::TopAwardOdds => match &m.top_award {
                Ok(o) => (
                    Outcome::Disclose,
                    odds_text(o),
                    Some(odds_help(o, german, true)),
                ),
                Err(e) => (Outcome::Undecided, format!("nothing to show: {e}"), None),
            },
            Shows::PayoutPerUnit => match &m.rtp {
                Ok(f) => {
                    let unit = if p.currency == "EUR" {
                        "Euro".to_string()
                    } else {
                        p.currency.clone()
                    };
                    let x = format!("{:.2}", f.rtp);
                    (
                        Outcome::Disclose,
                        rtp_text(f),
                        Some(if german {
                            format!(
                                "Durchschnittliche Auszahlungsquote je 1 {unit} Spieleinsatz: {} {unit} ({})",
                                x.replace('.', ","),
                                pct(f.rtp).replace('.', ",")
                            )
                        } else {
                            format!(
                                "Average payout per 1 {unit} staked: {x} {unit} ({})",
                                pct(f.rtp)
                            )
                        }),
                    )
                }
                Err(e) => (Outcome::Undecided, format!("nothing to show: {e}"), None),
            },
        },
        Kind::Forbidden { feature } => {
            let Some(offers) = s.offers else {
                return (
                    Outcome::Undecided,
                    "the game states nothing of its feature buys, jackpots or gamble (`Game::OFFERS`): state it to decide".into(),
                    None,
                );
            };
            match feature {
                Feature::FeatureBuy if offers.feature_buy_modes.contains(&m.mode) => (
                    Outcome::Fail,
                    format!("mode {} buys a feature (the game's OFFERS)", m.mode),
                    None,
                ),
                Feature::FeatureBuy => (
                    Outcome::Pass,
                    format!("mode {} buys no feature (the game's OFFERS)", m.mode),
                    None,
                ),
                Feature::Jackpots => match offers.jackpots {
                    Jackpots::None => (
                        Outcome::Pass,
                        "the game pays no jackpot (the game's OFFERS)".into(),
                        None,
                    ),
                    Jackpots::Progressive => (
                        Outcome::Fail,
                        "the game pays a progressive jackpot (the game's OFFERS)".into(),
                        None,
                    ),
                    Jackpots::Fixed(names) => (
                        Outcome::Undecided,
                        format!(
                            "the game's fixed prizes {} are called jackpots but do not accumulate (the game's OFFERS); whether the ban covers them is the regulator's to say: its ruling (or renaming them) would decide it",
                            names.join(", ")
                        ),
                        None,
                    ),
                },
                Feature::Gamble if offers.gamble => (
                    Outcome::Fail,
                    "the game offers a gamble on a win (the game's OFFERS)".into(),
                    None,
                ),
                Feature::Gamble => (
                    Outcome::Pass,
                    "the game offers no gamble (the game's OFFERS)".into(),
                    None,
                ),
            }
        }
        Kind::Operator => (
            Outcome::Pass,
            "the operator's rule: not judged".into(),
            None,
        ),
    }
}

fn worse(a: Outcome, b: Outcome) -> Outcome {
    let rank = |o: Outcome| match o {
        Outcome::Pass => 0,
        Outcome::Condition => 1,
        Outcome::Disclose => 2,
        Outcome::Undecided => 3,
        Outcome::Fail => 4,
    };
    if rank(b) > rank(a) { b } else { a }
}

fn mark(v: Checked) -> &'static str {
    match v {
        Checked::Primary => "primary text",
        Checked::Secondary => "second-hand",
    }
}

impl Matrix {
    /// The matrix as text: a summary table (variants and modes by markets), then each
    /// market's verdicts line by line, each rule with its clause, date and source kind, and
    /// the help-page lines to show.
    pub fn text(&self) -> String {
        let mut s = format!("Market verdicts: {} ({})\n\n", self.title, self.game);
        let Some(first) = self.markets.first() else {
            return s;
        };
        let code = |st: Status| match st {
            Status::Allowed => "ok",
            Status::AllowedWithDisclosures => "ok+d",
            Status::Undecided => "?",
            Status::NotAllowed => "NO",
        };
        s.push_str(
            "ok = allowed, ok+d = allowed with disclosures, ? = undecided, NO = not allowed\n\n",
        );
        let _ = write!(s, "{:<24} {:<10}", "variant", "mode");
        for m in &self.markets {
            let _ = write!(s, " {:>6}", m.market);
        }
        s.push('\n');
        for (i, v) in first.verdicts.iter().enumerate() {
            let _ = write!(
                s,
                "{:<24} {:<10}",
                format!("{} ({})", v.model, v.target.as_deref().unwrap_or("-")),
                v.mode
            );
            for m in &self.markets {
                let _ = write!(s, " {:>6}", code(m.verdicts[i].status));
            }
            s.push('\n');
        }
        for m in &self.markets {
            let _ = write!(s, "\n== {} ({}): {}\n", m.name, m.market, m.regulator);
            for (id, clause, what) in &m.operator_rules {
                let _ = writeln!(s, "   the operator's, not judged: {id} ({clause}): {what}");
            }
            for v in &m.verdicts {
                let _ = writeln!(s, "-- {} / {}: {}", v.model, v.mode, v.status.words());
                for l in &v.lines {
                    let tag = match l.outcome {
                        Outcome::Pass => "met",
                        Outcome::Condition => "met if",
                        Outcome::Disclose => "show",
                        Outcome::Fail => "BROKEN",
                        Outcome::Undecided => "undecided",
                    };
                    let _ = writeln!(
                        s,
                        "   [{tag}] {} ({}, in force {}, {}): {}",
                        l.rule,
                        l.clause,
                        l.in_force,
                        mark(l.verified),
                        l.finding
                    );
                    if let Some(h) = &l.help {
                        let _ = writeln!(s, "      help page: \"{h}\"");
                    }
                }
            }
        }
        s
    }

    /// The matrix as JSON (every field of [`Matrix`]).
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a matrix serialises")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ladder 0.20 to 40.00: a stake of 1.25 b under a 1.00 cap keeps b <= 0.80; 1.00 b
    /// keeps 1.00; a 0.20 cap keeps no ante bet (0.20 x 1.25 = 0.25); a 100.00 cap keeps the
    /// whole ladder.
    #[test]
    fn a_cap_keeps_the_bets_whose_stake_fits() {
        assert_eq!(kept_max(20, 4000, 125, 100), Some(80));
        assert_eq!(kept_max(20, 4000, 100, 100), Some(100));
        assert_eq!(kept_max(20, 4000, 125, 20), None);
        assert_eq!(kept_max(20, 4000, 100, 20), Some(20));
        assert_eq!(kept_max(20, 4000, 125, 10_000), Some(4000));
        // 0.25 steps under GBP 2: 2.00 (stake 2.00); with 1.25 x: 1.50 (1.875 <= 2; 1.75 x
        // 1.25 = 2.1875 > 2).
        assert_eq!(kept_max(25, 2500, 100, 200), Some(200));
        assert_eq!(kept_max(25, 2500, 125, 200), Some(150));
    }

    #[test]
    fn odds_are_written_as_a_help_page_writes_them() {
        assert_eq!(one_in_words(5_339_000.0, false), "5.34 million");
        assert_eq!(one_in_words(5_339_000.0, true), "5,34 Mio.");
        assert_eq!(one_in_words(1.221e9, false), "1.22 billion");
        assert_eq!(one_in_words(1.221e9, true), "1,22 Mrd.");
        assert_eq!(one_in_words(4_321.4, false), "4321");
    }
}
