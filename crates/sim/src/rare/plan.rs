//! What a rare-event run splits and what it estimates: the splitting plan ([`Splitting`]:
//! the copies a round that goes on after its start becomes, and the levels of its importance
//! at which it splits again) and the tail levels ([`TailLevels`]: the wins whose odds are
//! estimated).

use crate::rare::error::RareError;
use serde::{Deserialize, Serialize};

/// The largest common denominator of the weights a plan may give ([`Splitting::denominator`]):
/// 2^32. A root round then contributes an integer 0 to 2^32 to a tail's count, its square fits
/// in 64 bits and the sums of 2^63 roots fit in 128 bits.
pub const MAX_DENOMINATOR: u64 = 1 << 32;

/// The most tail levels one run estimates.
pub const MAX_TAIL_LEVELS: usize = 32;

/// One level of the importance at which a round splits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    /// The importance the round's state must reach ([`slot_core::splitting::SplittableGame::importance`]),
    /// hundredths of the bet.
    pub at: u64,
    /// The copies the round continues as when it first reaches it (at least 2).
    pub copies: u32,
}

/// A splitting plan: a round that goes on after its start (for Moon Princess: a round whose
/// free spins trigger) continues as `start_copies` independent copies; a copy whose importance
/// first reaches a level continues as that level's copies (for every level it passes at once);
/// each copy carries the share of the weight of the copy it came from. No levels and one start
/// copy: every round played once, as a plain simulation plays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Splitting {
    /// Copies of a round that goes on after its start (1: none made).
    pub start_copies: u32,
    /// The levels, by strictly increasing importance.
    pub levels: Vec<Level>,
}

impl Splitting {
    /// No splitting: every round played once (a brute-force count).
    pub fn none() -> Splitting {
        Splitting {
            start_copies: 1,
            levels: Vec::new(),
        }
    }

    /// The plan used when none is given for a tail level of `target` hundredths of the bet:
    /// 16 start copies, and 4 copies at each of the levels `target / 2^k` for k = 6 down to 1
    /// that are at least 50 x bet (5,000 hundredths). For Moon Princess's cap (5,000 x): levels
    /// at 78.125, 156.25, 312.5, 625, 1,250 and 2,500 x (rounded down to the hundredth); the
    /// choice is measured in `docs/rare-events.md`.
    pub fn default_for(target: u64) -> Splitting {
        let levels = (1..=6u32)
            .rev()
            .map(|k| target >> k)
            .filter(|&at| at >= 5_000)
            .map(|at| Level { at, copies: 4 })
            .collect();
        Splitting {
            start_copies: 16,
            levels,
        }
    }

    /// The common denominator of every copy's weight: the start copies times every level's
    /// copies. A root round's contribution to a tail's count is an integer 0 to this.
    pub fn denominator(&self) -> u64 {
        self.levels
            .iter()
            .fold(u64::from(self.start_copies), |d, l| {
                d.saturating_mul(u64::from(l.copies))
            })
    }

    /// Checks the plan.
    ///
    /// # Errors
    /// [`RareError::Splitting`]: no start copy, a level with fewer than 2 copies, levels not
    /// strictly increasing, or a denominator above [`MAX_DENOMINATOR`].
    pub fn check(&self) -> Result<(), RareError> {
        if self.start_copies == 0 {
            return Err(RareError::Splitting(
                "0 start copies; a round that goes on continues as 1 or more copies".into(),
            ));
        }
        for (i, l) in self.levels.iter().enumerate() {
            if l.copies < 2 {
                return Err(RareError::Splitting(format!(
                    "level {} ({}) makes {} copies; a level makes 2 or more",
                    i + 1,
                    l.at,
                    l.copies
                )));
            }
            if i > 0 && self.levels[i - 1].at >= l.at {
                return Err(RareError::Splitting(format!(
                    "level {} ({}) is not above level {} ({}); levels increase strictly",
                    i + 1,
                    l.at,
                    i,
                    self.levels[i - 1].at
                )));
            }
        }
        let d = self.denominator();
        if d > MAX_DENOMINATOR {
            return Err(RareError::Splitting(format!(
                "the copies multiply to {d}; at most {MAX_DENOMINATOR} (2^32) are allowed"
            )));
        }
        Ok(())
    }

    /// Reads levels as text, `AT:COPIES` separated by commas, AT in x bet (up to two
    /// decimals: `312.5:4,625:4`), with `start_copies`; an empty text is no level.
    ///
    /// # Errors
    /// [`RareError::Splitting`] naming the part that is not `AT:COPIES`, or as
    /// [`Splitting::check`].
    pub fn parse(start_copies: u32, levels: &str) -> Result<Splitting, RareError> {
        let mut out = Vec::new();
        for part in levels.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let bad = || {
                RareError::Splitting(format!(
                    "'{}' is not a level; write AT:COPIES, AT in x bet (at most two decimals), COPIES 2 or more: 625:4",
                    part.chars().take(40).collect::<String>()
                ))
            };
            let (at, copies) = part.split_once(':').ok_or_else(bad)?;
            let at = parse_hundredths(at).ok_or_else(bad)?;
            let copies = copies.trim().parse::<u32>().map_err(|_| bad())?;
            out.push(Level { at, copies });
        }
        let plan = Splitting {
            start_copies,
            levels: out,
        };
        plan.check()?;
        Ok(plan)
    }

    /// The plan a user's options give for the top level `top` (hundredths of the bet):
    /// neither option, [`Splitting::default_for`]; `start_copies` alone, the default's levels
    /// with that many start copies (default 16 when only `levels` is given); `levels`
    /// as [`Splitting::parse`] reads them, `none` for no level. Levels that name no level
    /// (an empty text, commas alone: a shell variable left unset) are refused, not taken for
    /// `none`: a plan without levels is close to brute force, so it is asked for by name.
    ///
    /// # Errors
    /// As [`Splitting::parse`]; [`RareError::Splitting`] for levels that name no level.
    pub fn from_options(
        top: u64,
        start_copies: Option<u32>,
        levels: Option<&str>,
    ) -> Result<Splitting, RareError> {
        let default = Splitting::default_for(top);
        let start = start_copies.unwrap_or(default.start_copies);
        match levels {
            Some("none") => Splitting::parse(start, ""),
            Some(text) if text.split(',').all(|p| p.trim().is_empty()) => {
                Err(RareError::Splitting(format!(
                    "'{}' names no level; write AT:COPIES levels separated by commas (625:4,1250:4), or `none` for no level",
                    text.chars().take(40).collect::<String>()
                )))
            }
            Some(text) => Splitting::parse(start, text),
            None => {
                let plan = Splitting {
                    start_copies: start,
                    levels: default.levels,
                };
                plan.check()?;
                Ok(plan)
            }
        }
    }

    /// The plan in the form [`Splitting::parse`] reads: `start 16; 78.12:4, ...`.
    pub fn describe(&self) -> String {
        let levels: Vec<String> = self
            .levels
            .iter()
            .map(|l| format!("{}:{}", x_bet(l.at), l.copies))
            .collect();
        format!(
            "start copies {}; levels (x bet:copies) {}",
            self.start_copies,
            if levels.is_empty() {
                "none".to_string()
            } else {
                levels.join(",")
            }
        )
    }
}

/// The tail levels of a run: the wins x (hundredths of the bet) whose odds P(win >= x) it
/// estimates, strictly increasing, 1 to [`MAX_TAIL_LEVELS`] of them, each above 0.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "Vec<u64>", into = "Vec<u64>")]
pub struct TailLevels(Vec<u64>);

impl TailLevels {
    /// The levels `levels` (hundredths), sorted; duplicates dropped.
    ///
    /// # Errors
    /// [`RareError::Levels`]: none, more than [`MAX_TAIL_LEVELS`], or a level of 0.
    pub fn new(mut levels: Vec<u64>) -> Result<TailLevels, RareError> {
        levels.sort_unstable();
        levels.dedup();
        if levels.is_empty() || levels.len() > MAX_TAIL_LEVELS {
            return Err(RareError::Levels(format!(
                "{} levels; give 1 to {MAX_TAIL_LEVELS}",
                levels.len()
            )));
        }
        if levels[0] == 0 {
            return Err(RareError::Levels(
                "a level of 0 (every round reaches it); levels are above 0".into(),
            ));
        }
        Ok(TailLevels(levels))
    }

    /// Reads levels in x bet, separated by commas (`500,5000`; up to two decimals).
    ///
    /// # Errors
    /// [`RareError::Levels`] naming the part that is no amount, or as [`TailLevels::new`].
    pub fn parse(text: &str) -> Result<TailLevels, RareError> {
        let mut out = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            out.push(parse_hundredths(part).ok_or_else(|| {
                RareError::Levels(format!(
                    "'{}' is not a win in x bet; write it as 5000 or 312.5 (at most two decimals)",
                    part.chars().take(40).collect::<String>()
                ))
            })?);
        }
        TailLevels::new(out)
    }

    /// The levels, hundredths of the bet, increasing.
    pub fn hundredths(&self) -> &[u64] {
        &self.0
    }

    /// The highest level: the one a default plan aims at.
    pub fn top(&self) -> u64 {
        // Never empty (checked when made).
        self.0.last().copied().unwrap_or(1)
    }
}

/// The levels as a record holds them (JSON): already as [`TailLevels::new`] makes them,
/// strictly increasing, each once; levels out of order or repeated are no record a run
/// wrote, and are refused rather than put in order.
impl TryFrom<Vec<u64>> for TailLevels {
    type Error = RareError;
    fn try_from(v: Vec<u64>) -> Result<Self, RareError> {
        if let Some(w) = v.windows(2).find(|w| w[0] >= w[1]) {
            return Err(RareError::Levels(format!(
                "{} x before {} x: a record's levels increase strictly, each once",
                x_bet(w[0]),
                x_bet(w[1])
            )));
        }
        TailLevels::new(v)
    }
}

impl From<TailLevels> for Vec<u64> {
    fn from(t: TailLevels) -> Vec<u64> {
        t.0
    }
}

/// Hundredths of the bet as x bet text: `5000`, `312.5`, `78.12`.
pub fn x_bet(hundredths: u64) -> String {
    let (whole, cents) = (hundredths / 100, hundredths % 100);
    match cents {
        0 => whole.to_string(),
        c if c % 10 == 0 => format!("{whole}.{}", c / 10),
        c => format!("{whole}.{c:02}"),
    }
}

/// `5000`, `312.5`, `0.25` as hundredths ([`slot_core::money::parse_hundredths`]); `None`
/// for anything else (more than two decimals, signs, overflow).
fn parse_hundredths(text: &str) -> Option<u64> {
    slot_core::money::parse_hundredths(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The options a user gives: none (the default), start copies alone (the default's
    /// levels), levels alone (16 start copies), `none` (no level).
    #[test]
    fn options_give_the_plan() {
        let cap = 500_000;
        assert_eq!(
            Splitting::from_options(cap, None, None).unwrap(),
            Splitting::default_for(cap)
        );
        let eight = Splitting::from_options(cap, Some(8), None).unwrap();
        assert_eq!(eight.start_copies, 8);
        assert_eq!(eight.levels, Splitting::default_for(cap).levels);
        let two = Splitting::from_options(cap, None, Some("100:2, 2500:3")).unwrap();
        assert_eq!(two.start_copies, 16);
        assert_eq!(
            two.levels,
            [
                Level {
                    at: 10_000,
                    copies: 2
                },
                Level {
                    at: 250_000,
                    copies: 3
                }
            ]
        );
        let bare = Splitting::from_options(cap, Some(1), Some("none")).unwrap();
        assert!(bare.levels.is_empty() && bare.start_copies == 1);
        // No level named (an empty text, commas alone) is refused, not taken for `none`.
        for empty in ["", " ", ",", " , ,"] {
            let e = Splitting::from_options(cap, None, Some(empty))
                .unwrap_err()
                .to_string();
            assert!(e.contains("names no level") && e.contains("`none`"), "{e}");
        }
        assert!(Splitting::from_options(cap, None, Some("100")).is_err());
    }

    #[test]
    fn amounts_read_and_write_in_x_bet() {
        assert_eq!(parse_hundredths("5000"), Some(500_000));
        assert_eq!(parse_hundredths("312.5"), Some(31_250));
        assert_eq!(parse_hundredths("0.07"), Some(7));
        assert_eq!(parse_hundredths("1.234"), None);
        assert_eq!(parse_hundredths("-1"), None);
        assert_eq!(parse_hundredths(".5"), Some(50));
        assert_eq!(parse_hundredths("1e3"), None);
        assert_eq!(parse_hundredths("99999999999999999999"), None);
        assert_eq!(x_bet(500_000), "5000");
        assert_eq!(x_bet(31_250), "312.5");
        assert_eq!(x_bet(7_812), "78.12");
    }

    #[test]
    fn the_default_plan_halves_down_from_the_target() {
        // 500,000 >> 6 = 7,812 (78.12 x) up to 500,000 >> 1 = 250,000 (2,500 x).
        let p = Splitting::default_for(500_000);
        let at: Vec<u64> = p.levels.iter().map(|l| l.at).collect();
        assert_eq!(at, [7_812, 15_625, 31_250, 62_500, 125_000, 250_000]);
        // 16 x 4^6 = 65,536.
        assert_eq!(p.denominator(), 65_536);
        p.check().unwrap();
        // A target of 200 x: only the levels from 50 x: 50 and 100 x.
        let at: Vec<u64> = Splitting::default_for(20_000)
            .levels
            .iter()
            .map(|l| l.at)
            .collect();
        assert_eq!(at, [5_000, 10_000]);
    }

    #[test]
    fn plans_are_read_and_refused_with_their_reason() {
        let p = Splitting::parse(8, "625:4, 1250:3").unwrap();
        assert_eq!(
            p.levels,
            [
                Level {
                    at: 62_500,
                    copies: 4
                },
                Level {
                    at: 125_000,
                    copies: 3
                }
            ]
        );
        assert_eq!(p.denominator(), 96);
        assert_eq!(
            p.describe(),
            "start copies 8; levels (x bet:copies) 625:4,1250:3"
        );
        let e = Splitting::parse(8, "625:4,600:4").unwrap_err().to_string();
        assert!(e.contains("increase strictly"), "{e}");
        let e = Splitting::parse(8, "625:1").unwrap_err().to_string();
        assert!(e.contains("2 or more"), "{e}");
        let e = Splitting::parse(0, "").unwrap_err().to_string();
        assert!(e.contains("0 start copies"), "{e}");
        let e = Splitting::parse(8, "625").unwrap_err().to_string();
        assert!(e.contains("AT:COPIES"), "{e}");
        // 2^16 x 2^16 x 2 = 2^33 > 2^32.
        let e = Splitting::parse(65_536, "1:65536,2:2")
            .unwrap_err()
            .to_string();
        assert!(e.contains("at most 4294967296"), "{e}");
        assert_eq!(Splitting::parse(1, "").unwrap(), Splitting::none());
    }

    #[test]
    fn tail_levels_sorted_and_checked() {
        let t = TailLevels::parse("5000, 500,500").unwrap();
        assert_eq!(t.hundredths(), [50_000, 500_000]);
        assert_eq!(t.top(), 500_000);
        assert!(TailLevels::parse("").is_err());
        assert!(
            TailLevels::parse("0")
                .unwrap_err()
                .to_string()
                .contains("above 0")
        );
        assert!(
            TailLevels::parse("5k")
                .unwrap_err()
                .to_string()
                .contains("'5k'")
        );
        let json = serde_json::to_string(&t).unwrap();
        assert_eq!(json, "[50000,500000]");
        assert!(serde_json::from_str::<TailLevels>("[]").is_err());
        // Read back (a record's levels), out of order or repeated is refused, not sorted.
        for bad in ["[500000,50000]", "[50000,50000,500000]"] {
            let e = serde_json::from_str::<TailLevels>(bad)
                .unwrap_err()
                .to_string();
            assert!(e.contains("increase strictly, each once"), "{bad}: {e}");
        }
    }
}
