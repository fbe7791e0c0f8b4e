//! A market profile as data: one TOML file per market or platform (`markets/<id>.toml` in
//! the repository), read and checked whole before anything is judged from it.
//!
//! A file holds the market (`id`, `name`, `language` of its help-page lines, `currency`,
//! `regulator`, `summary`) and its rules (`[[rule]]`), each naming what it checks
//! (`checks`, one of [`KINDS`]), the clause it comes from (`clause`), the date it is in force
//! from (`in_force`, `YYYY-MM-DD`), the text it was read in (`source_title`, `source_url`)
//! and whether that is the primary text (`verified = "primary"`) or a secondary one
//! (`verified = "secondary"`, with a `note` saying what could not be read). Each kind has its
//! own fields (thresholds), each checked against its range. A rule that is not the game's
//! mathematics (deposit limits, reality checks, autoplay) is `checks = "operator"`: listed,
//! never judged.
//!
//! Every fault is refused with [`ProfileError`], naming the file, the rule and the field and
//! what is allowed; [`read_dir`] returns every profile or none.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The largest profile file read, in bytes.
pub const MAX_PROFILE_BYTES: u64 = 256 * 1024;

/// The rule kinds a profile may name in `checks`, with the fields each takes beside the
/// common ones.
pub const KINDS: &[(&str, &[&str])] = &[
    ("min_rtp", &["floor_pct"]),
    ("rtp_band", &["min_pct", "max_pct"]),
    ("mode_spread", &["max_pp"]),
    ("stake_cap", &["cap_cents", "applies_to"]),
    ("min_cycle", &["seconds"]),
    ("award_odds", &["one_in", "awards", "if_rarer"]),
    ("disclose", &["shows"]),
    ("forbidden", &["feature"]),
    ("operator", &[]),
];

/// A profile that could not be read or is not allowed.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    /// The file or folder could not be read.
    #[error("cannot read the market profile {}: {message}", path.display())]
    Read {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// The file is not TOML of a profile (syntax, an unknown field, a value of the wrong type).
    #[error("{}: not a market profile: {message}", path.display())]
    Syntax {
        /// The file.
        path: PathBuf,
        /// The parser's message (it names the line and the field).
        message: String,
    },
    /// A field of the market or of one of its rules is missing or not allowed.
    #[error("{}: {} field '{field}': {message}", path.display(), rule.as_ref().map_or("market".to_string(), |r| format!("rule '{r}',")))]
    Field {
        /// The file.
        path: PathBuf,
        /// The rule's id (its position where it has none); `None` for the market's own fields.
        rule: Option<String>,
        /// The field.
        field: &'static str,
        /// What is wrong and what is allowed.
        message: String,
    },
    /// Two profiles of one market.
    #[error("two profiles of the market '{id}': {} and {}", first.display(), second.display())]
    Duplicate {
        /// The market's id.
        id: String,
        /// The first file.
        first: PathBuf,
        /// The second file.
        second: PathBuf,
    },
    /// A market asked for that no profile describes.
    #[error("no market '{id}'; the known markets are {known}")]
    UnknownMarket {
        /// The id asked for.
        id: String,
        /// The ids of the profiles read, comma-separated.
        known: String,
    },
    /// A market asked for twice (its verdicts would be printed twice, side by side).
    #[error("the market '{id}' is asked for twice; name each market once")]
    MarketTwice {
        /// The id asked for twice.
        id: String,
    },
}

/// Whether a rule was read in its primary text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Checked {
    /// Read in the primary text (the law, the regulator's standard, the platform's own page).
    Primary,
    /// Found only in a secondary text (a law firm's summary, the trade press); its `note` says
    /// what could not be read.
    Secondary,
}

/// Which awards an odds rule is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Awards {
    /// The top award (a capped game's cap; an uncapped game's largest named award).
    Top,
    /// Every other award the game names.
    Other,
}

/// What follows when an award is rarer than an odds rule's threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IfRarer {
    /// Its odds must be shown to the player.
    Disclose,
    /// The game is not allowed.
    NotAllowed,
}

/// What a disclosure rule asks the help page to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Shows {
    /// The RTP of the mode played.
    Rtp,
    /// The lowest RTP across the game's options (modes and picks).
    LowestRtp,
    /// The probability of the top award.
    TopAwardOdds,
    /// The average payout per one unit of currency staked.
    PayoutPerUnit,
}

/// A feature a market forbids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Feature {
    /// A mode that buys a feature directly.
    FeatureBuy,
    /// Jackpots.
    Jackpots,
    /// A gamble on a win.
    Gamble,
}

/// What a rule checks, with its thresholds (units in each variant's docs).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "checks", rename_all = "snake_case")]
pub enum Kind {
    /// The RTP of every option at least `floor_pct` percent.
    MinRtp {
        /// The floor, percent of the stake, above 0 and at most 100.
        floor_pct: f64,
    },
    /// The RTP of every mode within `min_pct..=max_pct` percent.
    RtpBand {
        /// The lowest allowed, percent.
        min_pct: f64,
        /// The highest allowed, percent.
        max_pct: f64,
    },
    /// The RTPs of a variant's modes at most `max_pp` percentage points apart.
    ModeSpread {
        /// The largest spread, percentage points, above 0 and at most 100.
        max_pp: f64,
    },
    /// The stake of a game cycle at most `cap_cents` hundredths of the market's currency.
    StakeCap {
        /// The cap, cents (hundredths of the currency), 1 to 10^9.
        cap_cents: u64,
        /// Whom it applies to (`players aged 25 and over`).
        applies_to: String,
    },
    /// At least `seconds` between the starts of two game cycles.
    MinCycle {
        /// Seconds, above 0 and at most 3,600.
        seconds: f64,
    },
    /// An award rarer than 1 in `one_in` games: disclosed or not allowed.
    AwardOdds {
        /// The threshold, games per award, 1 to 10^15.
        one_in: f64,
        /// The awards it is about.
        awards: Awards,
        /// What follows when an award is rarer.
        if_rarer: IfRarer,
    },
    /// A figure the help page must show.
    Disclose {
        /// The figure.
        shows: Shows,
    },
    /// A feature that is not allowed.
    Forbidden {
        /// The feature.
        feature: Feature,
    },
    /// The operator's rule, not the game's mathematics: listed, not judged.
    Operator,
}

/// One rule of a profile.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Rule {
    /// Its id, unique in the profile (`gb-stake-25`).
    pub id: String,
    /// What it checks, in words.
    pub what: String,
    /// The clause it comes from (`RTS 14D`).
    pub clause: String,
    /// The date it is in force from, `YYYY-MM-DD`.
    pub in_force: String,
    /// The title of the text it was read in.
    pub source_title: String,
    /// The address of that text.
    pub source_url: String,
    /// Whether that text is the primary one.
    pub verified: Checked,
    /// What could not be read or what to know (required for a secondary rule).
    pub note: Option<String>,
    /// What it checks, with its thresholds.
    #[serde(flatten)]
    pub kind: Kind,
}

/// A market's (or platform's) profile.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Profile {
    /// Its id (`gb`), the file's name without `.toml`.
    pub id: String,
    /// Its name (`Great Britain`).
    pub name: String,
    /// The language of its help-page lines: `en` or `de`.
    pub language: String,
    /// The currency of its stake caps (`GBP`).
    pub currency: String,
    /// Its regulator or platform owner.
    pub regulator: String,
    /// How it regulates online slots, in a few words.
    pub summary: String,
    /// Its rules, in the file's order.
    pub rules: Vec<Rule>,
    /// The file it was read from.
    #[serde(skip)]
    pub path: PathBuf,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProfile {
    id: Option<String>,
    name: Option<String>,
    language: Option<String>,
    currency: Option<String>,
    regulator: Option<String>,
    summary: Option<String>,
    #[serde(default)]
    rule: Vec<RawRule>,
}

#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawRule {
    id: Option<String>,
    checks: Option<String>,
    what: Option<String>,
    clause: Option<String>,
    in_force: Option<String>,
    source_title: Option<String>,
    source_url: Option<String>,
    verified: Option<String>,
    note: Option<String>,
    floor_pct: Option<f64>,
    min_pct: Option<f64>,
    max_pct: Option<f64>,
    max_pp: Option<f64>,
    cap_cents: Option<i64>,
    applies_to: Option<String>,
    seconds: Option<f64>,
    one_in: Option<f64>,
    awards: Option<String>,
    if_rarer: Option<String>,
    shows: Option<String>,
    feature: Option<String>,
}

impl RawRule {
    /// The kind-specific fields given, by name.
    fn given(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        let mut add = |name, present: bool| {
            if present {
                v.push(name);
            }
        };
        add("floor_pct", self.floor_pct.is_some());
        add("min_pct", self.min_pct.is_some());
        add("max_pct", self.max_pct.is_some());
        add("max_pp", self.max_pp.is_some());
        add("cap_cents", self.cap_cents.is_some());
        add("applies_to", self.applies_to.is_some());
        add("seconds", self.seconds.is_some());
        add("one_in", self.one_in.is_some());
        add("awards", self.awards.is_some());
        add("if_rarer", self.if_rarer.is_some());
        add("shows", self.shows.is_some());
        add("feature", self.feature.is_some());
        v
    }
}

/// Reads and checks the profile text `text` of the file `path` (its name, without `.toml`,
/// must be the profile's `id`).
///
/// # Errors
/// [`ProfileError::Syntax`] for text that is not a profile's TOML (an unknown field
/// included); [`ProfileError::Field`] for a field missing, empty or out of range, a rule kind
/// the library does not know, a date that is not a date, naming the rule and the field.
pub fn parse(path: &Path, text: &str) -> Result<Profile, ProfileError> {
    let raw: RawProfile = toml::from_str(text).map_err(|e| ProfileError::Syntax {
        path: path.to_path_buf(),
        message: e.to_string().trim_end().replace('\n', " "),
    })?;
    let market = |field: &'static str, v: Option<String>| -> Result<String, ProfileError> {
        text_field(path, None, field, v)
    };
    let id = market("id", raw.id)?;
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    if !stem.is_empty() && stem != id {
        return Err(field(
            path,
            None,
            "id",
            format!(
                "'{id}' differs from the file's name '{stem}.toml': a profile is named by its id"
            ),
        ));
    }
    if !id
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Err(field(
            path,
            None,
            "id",
            format!("'{id}' is not allowed: lower-case letters, digits and '-' only"),
        ));
    }
    let name = market("name", raw.name)?;
    let language = market("language", raw.language)?;
    if language != "en" && language != "de" {
        return Err(field(
            path,
            None,
            "language",
            format!("'{language}' is not allowed: 'en' or 'de'"),
        ));
    }
    let currency = market("currency", raw.currency)?;
    if currency.len() != 3 || !currency.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(field(
            path,
            None,
            "currency",
            format!("'{currency}' is not allowed: a three-letter ISO 4217 code (EUR, GBP)"),
        ));
    }
    let regulator = market("regulator", raw.regulator)?;
    let summary = market("summary", raw.summary)?;
    if raw.rule.is_empty() {
        return Err(field(
            path,
            None,
            "rule",
            "a profile needs at least one [[rule]]".into(),
        ));
    }
    let mut rules: Vec<Rule> = Vec::new();
    for (i, r) in raw.rule.into_iter().enumerate() {
        let rule = check_rule(path, i, r)?;
        if rules.iter().any(|o| o.id == rule.id) {
            return Err(field(
                path,
                Some(rule.id.clone()),
                "id",
                "a second rule with this id: ids are unique in a profile".into(),
            ));
        }
        rules.push(rule);
    }
    Ok(Profile {
        id,
        name,
        language,
        currency,
        regulator,
        summary,
        rules,
        path: path.to_path_buf(),
    })
}

fn field(path: &Path, rule: Option<String>, field: &'static str, message: String) -> ProfileError {
    ProfileError::Field {
        path: path.to_path_buf(),
        rule,
        field,
        message,
    }
}

fn text_field(
    path: &Path,
    rule: Option<&str>,
    name: &'static str,
    v: Option<String>,
) -> Result<String, ProfileError> {
    match v {
        Some(s) if !s.trim().is_empty() => Ok(s.trim().to_string()),
        Some(_) => Err(field(
            path,
            rule.map(str::to_string),
            name,
            "is empty: it is required".into(),
        )),
        None => Err(field(
            path,
            rule.map(str::to_string),
            name,
            "is missing: it is required".into(),
        )),
    }
}

fn check_rule(path: &Path, index: usize, r: RawRule) -> Result<Rule, ProfileError> {
    let at = format!("#{}", index + 1);
    let id = text_field(path, Some(&at), "id", r.id.clone())?;
    let rid = Some(id.as_str());
    let bad = |name: &'static str, message: String| field(path, Some(id.clone()), name, message);
    let checks = text_field(path, rid, "checks", r.checks.clone())?;
    let Some((_, fields)) = KINDS.iter().find(|(k, _)| *k == checks) else {
        return Err(bad(
            "checks",
            format!(
                "'{checks}' is no rule this library knows; it knows {}",
                KINDS.iter().map(|(k, _)| *k).collect::<Vec<_>>().join(", ")
            ),
        ));
    };
    if let Some(extra) = r.given().into_iter().find(|f| !fields.contains(f)) {
        return Err(bad(
            extra,
            format!(
                "does not belong to a {checks} rule (its own fields: {})",
                if fields.is_empty() {
                    "none".to_string()
                } else {
                    fields.join(", ")
                }
            ),
        ));
    }
    let what = text_field(path, rid, "what", r.what.clone())?;
    let clause = text_field(path, rid, "clause", r.clause.clone())?;
    let in_force = text_field(path, rid, "in_force", r.in_force.clone())?;
    if !is_date(&in_force) {
        return Err(bad(
            "in_force",
            format!(
                "'{in_force}' is not a date: write YYYY-MM-DD (2021-07-01), a real calendar day from 1900 to 2100"
            ),
        ));
    }
    let source_title = text_field(path, rid, "source_title", r.source_title.clone())?;
    let source_url = text_field(path, rid, "source_url", r.source_url.clone())?;
    if !(source_url.starts_with("https://") || source_url.starts_with("http://")) {
        return Err(bad(
            "source_url",
            format!("'{source_url}' is not an address: it starts with https:// or http://"),
        ));
    }
    let verified = match text_field(path, rid, "verified", r.verified.clone())?.as_str() {
        "primary" => Checked::Primary,
        "secondary" => Checked::Secondary,
        other => {
            return Err(bad(
                "verified",
                format!("'{other}' is not allowed: 'primary' or 'secondary'"),
            ));
        }
    };
    let note = r.note.clone().filter(|n| !n.trim().is_empty());
    if verified == Checked::Secondary && note.is_none() {
        return Err(bad(
            "note",
            "is missing: a secondary rule says what could not be read in the primary text".into(),
        ));
    }
    let need = |name: &'static str, v: Option<f64>, low: f64, high: f64, open_low: bool| {
        let x = v.ok_or_else(|| bad(name, format!("is missing: a {checks} rule needs it")))?;
        let ok = x.is_finite() && (if open_low { x > low } else { x >= low }) && x <= high;
        if ok {
            Ok(x)
        } else {
            Err(bad(
                name,
                format!(
                    "{x} is out of range: {} {low} and at most {high}",
                    if open_low { "above" } else { "at least" }
                ),
            ))
        }
    };
    let choice = |name: &'static str, v: Option<String>, allowed: &[&str]| {
        let s = v.ok_or_else(|| bad(name, format!("is missing: a {checks} rule needs it")))?;
        if allowed.contains(&s.as_str()) {
            Ok(s)
        } else {
            Err(bad(
                name,
                format!("'{s}' is not allowed: one of {}", allowed.join(", ")),
            ))
        }
    };
    let kind = match checks.as_str() {
        "min_rtp" => Kind::MinRtp {
            floor_pct: need("floor_pct", r.floor_pct, 0.0, 100.0, true)?,
        },
        "rtp_band" => {
            let min_pct = need("min_pct", r.min_pct, 0.0, 100.0, true)?;
            let max_pct = need("max_pct", r.max_pct, 0.0, 100.0, true)?;
            if max_pct < min_pct {
                return Err(bad(
                    "max_pct",
                    format!("{max_pct} is below min_pct {min_pct}: it must be at least it"),
                ));
            }
            Kind::RtpBand { min_pct, max_pct }
        }
        "mode_spread" => Kind::ModeSpread {
            max_pp: need("max_pp", r.max_pp, 0.0, 100.0, true)?,
        },
        "stake_cap" => {
            let cap = r
                .cap_cents
                .ok_or_else(|| bad("cap_cents", "is missing: a stake_cap rule needs it".into()))?;
            if !(1..=1_000_000_000).contains(&cap) {
                return Err(bad(
                    "cap_cents",
                    format!("{cap} is out of range: 1 to 1000000000 cents"),
                ));
            }
            Kind::StakeCap {
                cap_cents: cap.unsigned_abs(),
                applies_to: text_field(path, rid, "applies_to", r.applies_to.clone())?,
            }
        }
        "min_cycle" => Kind::MinCycle {
            seconds: need("seconds", r.seconds, 0.0, 3600.0, true)?,
        },
        "award_odds" => Kind::AwardOdds {
            one_in: need("one_in", r.one_in, 1.0, 1e15, false)?,
            awards: match choice("awards", r.awards.clone(), &["top", "other"])?.as_str() {
                "top" => Awards::Top,
                _ => Awards::Other,
            },
            if_rarer: match choice("if_rarer", r.if_rarer.clone(), &["disclose", "not_allowed"])?
                .as_str()
            {
                "disclose" => IfRarer::Disclose,
                _ => IfRarer::NotAllowed,
            },
        },
        "disclose" => Kind::Disclose {
            shows: match choice(
                "shows",
                r.shows.clone(),
                &["rtp", "lowest_rtp", "top_award_odds", "payout_per_unit"],
            )?
            .as_str()
            {
                "rtp" => Shows::Rtp,
                "lowest_rtp" => Shows::LowestRtp,
                "top_award_odds" => Shows::TopAwardOdds,
                _ => Shows::PayoutPerUnit,
            },
        },
        "forbidden" => Kind::Forbidden {
            feature: match choice(
                "feature",
                r.feature.clone(),
                &["feature_buy", "jackpots", "gamble"],
            )?
            .as_str()
            {
                "feature_buy" => Feature::FeatureBuy,
                "jackpots" => Feature::Jackpots,
                _ => Feature::Gamble,
            },
        },
        _ => Kind::Operator,
    };
    Ok(Rule {
        id,
        what,
        clause,
        in_force,
        source_title,
        source_url,
        verified,
        note,
        kind,
    })
}

/// True for `YYYY-MM-DD`, a real calendar day from 1900 to 2100.
pub fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        s.get(r.clone())
            .filter(|t| t.bytes().all(|c| c.is_ascii_digit()))
            .and_then(|t| t.parse().ok())
    };
    let (Some(y), Some(m), Some(d)) = (num(0..4), num(5..7), num(8..10)) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1900..=2100).contains(&y) && (1..=days).contains(&d)
}

/// Every profile in the folder `dir` (its `*.toml` files), sorted by id; all or none.
///
/// # Errors
/// [`ProfileError`]: the folder or a file unreadable (a file above [`MAX_PROFILE_BYTES`]
/// refused), a profile refused by [`parse`], two profiles of one market.
pub fn read_dir(dir: &Path) -> Result<Vec<Profile>, ProfileError> {
    let read_err = |path: &Path, e: &dyn std::fmt::Display| ProfileError::Read {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| read_err(dir, &e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut by_id: BTreeMap<String, Profile> = BTreeMap::new();
    for path in files {
        let text = crate::files::read_text_bounded(&path, MAX_PROFILE_BYTES, "a market profile")
            .map_err(|e| read_err(&path, &e))?;
        let p = parse(&path, &text)?;
        if let Some(first) = by_id.get(&p.id) {
            return Err(ProfileError::Duplicate {
                id: p.id.clone(),
                first: first.path.clone(),
                second: path,
            });
        }
        by_id.insert(p.id.clone(), p);
    }
    if by_id.is_empty() {
        return Err(ProfileError::Read {
            path: dir.to_path_buf(),
            message: "holds no market profile (*.toml)".into(),
        });
    }
    Ok(by_id.into_values().collect())
}

/// The profiles of the markets `ids` (in that order), or all of `profiles` for none.
///
/// # Errors
/// [`ProfileError::UnknownMarket`] naming the first id no profile has and the known ones;
/// [`ProfileError::MarketTwice`] naming an id given twice.
pub fn select<'a>(
    profiles: &'a [Profile],
    ids: &[String],
) -> Result<Vec<&'a Profile>, ProfileError> {
    if ids.is_empty() {
        return Ok(profiles.iter().collect());
    }
    let twice = (1..ids.len()).find(|&i| ids[..i].contains(&ids[i]));
    if let Some(i) = twice {
        return Err(ProfileError::MarketTwice { id: ids[i].clone() });
    }
    ids.iter()
        .map(|id| {
            profiles
                .iter()
                .find(|p| p.id == *id)
                .ok_or_else(|| ProfileError::UnknownMarket {
                    id: id.clone(),
                    known: profiles
                        .iter()
                        .map(|p| p.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                })
        })
        .collect()
}
