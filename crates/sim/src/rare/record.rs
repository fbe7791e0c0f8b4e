//! The record of a rare-event run ([`RareRecord`]): what was played (game, mode, model,
//! plan, tail levels, the root rounds by seed and batches), the exact sums, and the estimate
//! of each level's odds with its 95 % interval recomputed from them ([`TailEstimate`]).
//! Records of disjoint root rounds of the same game, mode, model, plan and levels merge by
//! adding their sums ([`RareRecord::absorb`]): the shards of a run, or runs of other seeds.

use crate::facts::Catalog;
use crate::files::{read_text_bounded, write_atomic};
use crate::rare::error::RareError;
use crate::rare::plan::{Splitting, TailLevels, x_bet};
use crate::rare::sums::RareSums;
use serde::{Deserialize, Serialize};
use slot_core::fingerprint::Fingerprint;
use slot_core::replay::{BATCH_ROUNDS, rounds_in};
use std::path::Path;

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The format of [`RareRecord`] this build writes and reads.
pub const FORMAT: u32 = 1;

/// Root rounds a level needs to have reached before a run may stop on its precision: fewer
/// make the interval's half-width itself too uncertain to stop on.
pub const MIN_ROOTS_HIT: u64 = 50;

/// The largest record read ([`RareRecord::read`]): 1 MiB.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// The most parts a record holds.
pub const MAX_PARTS: usize = 100_000;

/// One piece of root rounds in a record: batches `batches[0]..batches[1]` of the run of
/// `run_rounds` root rounds of seed `seed` (batch b holds roots `b * 10,000 ..`, played on
/// the replay contract's batch generator, `slot_core::replay::batch_rng(seed, b)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// The seed.
    pub seed: u64,
    /// Root rounds of the whole run (they fix the length of its last batch).
    pub run_rounds: u64,
    /// The batches played, `[first, end)`.
    pub batches: [u64; 2],
}

impl Part {
    /// Root rounds this part played.
    pub fn roots(&self) -> u64 {
        rounds_in(self.run_rounds, self.batches[0], self.batches[1])
    }

    /// True if the two parts share a root round (the same seed and a common batch).
    fn overlaps(&self, other: &Part) -> bool {
        self.seed == other.seed
            && self.batches[0] < other.batches[1]
            && other.batches[0] < self.batches[1]
    }
}

/// The estimate of one tail level from a record's sums ([`RareRecord::estimates`]). As JSON,
/// an infinite relative half-width (nothing reached the level) is `null`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct TailEstimate {
    /// The level, hundredths of the bet.
    pub level: u64,
    /// P(a round's win >= level): sum n / (roots D).
    pub probability: f64,
    /// Its standard error: the sample sd of the roots' n / D over the square root of roots.
    pub std_error: f64,
    /// Its 95 % interval (normal, clipped at 0).
    pub ci95: [f64; 2],
    /// The 95 % half-width over the estimate (infinite while nothing reached the level).
    pub relative_half_width: f64,
    /// The count of events a brute-force run with the same relative precision would need:
    /// (probability / std_error)^2.
    pub effective_count: f64,
    /// The brute-force rounds with the same variance: roots x p (1 - p) / (sd of n / D)^2.
    pub equivalent_rounds: f64,
    /// Root rounds some copy of which reached the level.
    pub roots_hit: u64,
}

impl TailEstimate {
    /// True if the level was reached by at least [`MIN_ROOTS_HIT`] root rounds and the 95 %
    /// relative half-width is at most `relative`: what `--until-relative` stops on.
    pub fn precise_to(&self, relative: f64) -> bool {
        self.roots_hit >= MIN_ROOTS_HIT && self.relative_half_width <= relative
    }
}

/// A rare-event run's record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RareRecord {
    /// [`FORMAT`].
    pub format: u32,
    /// The game's command-line name.
    pub game: String,
    /// The mode, by name.
    pub mode: String,
    /// The model's fingerprint.
    pub model: Fingerprint,
    /// The method, in words.
    pub method: String,
    /// What the game's importance measures (`SplittableGame::IMPORTANCE`).
    pub importance: String,
    /// The splitting plan.
    pub splitting: Splitting,
    /// The tail levels, hundredths of the bet.
    pub levels: TailLevels,
    /// The root rounds played, by seed and batches.
    pub parts: Vec<Part>,
    /// The command lines that made it (one per part merged).
    pub commands: Vec<String>,
    /// The sums.
    pub sums: RareSums,
    /// A conditional run of the base game alone (`rare::conditional`): each root is a base
    /// game contributing its chance in units of [`CHANCE_UNIT`], the plan is no splitting,
    /// the method [`CONDITIONAL_METHOD`] and `importance` names the draws set aside. Absent
    /// (false) in a splitting run's record.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub conditional: bool,
}

/// The unit a conditional run counts a base game's chance in: 2^40 (a chance of 1 adds 2^40
/// to a level's sum).
pub const CHANCE_UNIT: u64 = 1 << 40;

/// The conditional run's method in records (`rare::conditional`).
pub const CONDITIONAL_METHOD: &str = "conditional Monte Carlo of the base game alone (each base game's exact chance given all it drew but the set-aside draws; unbiased, integer sums in units of 2^-40 by unbiased rounding)";

/// The method's name in records.
pub const METHOD: &str =
    "multilevel splitting (fixed copies per level, weights 1/copies; unbiased, exact integer sums)";

impl RareRecord {
    /// The estimate of every tail level, increasing.
    pub fn estimates(&self) -> Vec<TailEstimate> {
        estimates(&self.sums, self.denominator())
    }

    /// What a root's contribution is counted over: the plan's denominator, or for a
    /// conditional run [`CHANCE_UNIT`].
    pub fn denominator(&self) -> u64 {
        if self.conditional {
            CHANCE_UNIT
        } else {
            self.splitting.denominator()
        }
    }

    /// Checks every relation between the sums, the plan, the levels and the parts.
    ///
    /// # Errors
    /// [`RareError::Record`] naming the first relation that does not hold;
    /// [`RareError::Splitting`] for a plan that is not allowed.
    pub fn check(&self) -> Result<(), RareError> {
        let bad = |m: String| Err(RareError::Record(m));
        if self.format != FORMAT {
            return bad(format!(
                "format {}; this build reads format {FORMAT}",
                self.format
            ));
        }
        self.splitting.check()?;
        if self.conditional
            && (self.splitting != Splitting::none() || self.method != CONDITIONAL_METHOD)
        {
            return bad(format!(
                "a conditional run's record has no splitting and the method {:?}; this one has {} and {:?}",
                CONDITIONAL_METHOD,
                self.splitting.describe(),
                self.method
            ));
        }
        if !self.conditional && self.method != METHOD {
            return bad(format!(
                "a splitting run's record has the method {METHOD:?}; this one has {:?}",
                self.method.chars().take(200).collect::<String>()
            ));
        }
        if self.parts.is_empty() || self.parts.len() > MAX_PARTS {
            return bad(format!("{} parts; 1 to {MAX_PARTS}", self.parts.len()));
        }
        if self.commands.len() != self.parts.len() {
            return bad(format!(
                "{} command lines and {} parts; a record keeps one command line per part",
                self.commands.len(),
                self.parts.len()
            ));
        }
        let mut roots = 0u64;
        for (i, p) in self.parts.iter().enumerate() {
            let batches = self.parts_batches(p);
            if p.batches[0] >= p.batches[1] || p.batches[1] > batches {
                return bad(format!(
                    "part {i}: batches {}..{} of a run of {} roots ({batches} batches)",
                    p.batches[0], p.batches[1], p.run_rounds
                ));
            }
            if let Some(j) = self.parts[..i].iter().position(|q| q.overlaps(p)) {
                return bad(format!(
                    "parts {j} and {i} share root rounds (seed {})",
                    p.seed
                ));
            }
            roots = roots.saturating_add(p.roots());
        }
        let s = &self.sums;
        if s.roots != roots {
            return bad(format!(
                "{} roots in the sums, {roots} in the parts",
                s.roots
            ));
        }
        if s.going > s.roots {
            return bad(format!("{} roots went on, of {} roots", s.going, s.roots));
        }
        // Copies are made and steps played only for roots that went on: at least the start
        // copies of each when the plan makes them, none when the plan never splits.
        if s.going == 0 && (s.copies > 0 || s.steps > 0) {
            return bad(format!(
                "{} copies and {} steps, but no root went on (only a root that goes on is copied or stepped)",
                s.copies, s.steps
            ));
        }
        let start = u128::from(self.splitting.start_copies);
        if start > 1 && u128::from(s.copies) < u128::from(s.going) * start {
            return bad(format!(
                "{} copies for {} roots that went on; each makes {start} start copies, so at least {}",
                s.copies,
                s.going,
                u128::from(s.going) * start
            ));
        }
        if start == 1 && self.splitting.levels.is_empty() && s.copies > 0 {
            return bad(format!(
                "{} copies, but the plan makes none (1 start copy, no level)",
                s.copies
            ));
        }
        let want: &[u64] = self.levels.hundredths();
        let have: Vec<u64> = s.tails.iter().map(|t| t.level).collect();
        if have != want {
            return bad(format!("sums for levels {have:?}, record levels {want:?}"));
        }
        let d = u128::from(self.denominator());
        let mut above: Option<u128> = None;
        let mut copies_above: Option<u64> = None;
        for t in &s.tails {
            let lvl = x_bet(t.level);
            if t.hits > u128::from(s.roots) * d {
                return bad(format!("level {lvl}: hits {} above roots x D", t.hits));
            }
            if t.hits_sq < t.hits || t.hits_sq > t.hits * d {
                return bad(format!(
                    "level {lvl}: hits_sq {} is not between hits and hits x D",
                    t.hits_sq
                ));
            }
            // Cauchy-Schwarz: (sum n)^2 <= roots sum n^2 (compared as f64-free integers
            // where they fit; the sums' bounds keep them in 256 bits, checked in halves).
            if !square_at_most(t.hits, u128::from(s.roots), t.hits_sq) {
                return bad(format!("level {lvl}: hits^2 above roots x hits_sq"));
            }
            if t.roots_hit > s.roots || u128::from(t.roots_hit) > t.hits {
                return bad(format!("level {lvl}: {} roots hit", t.roots_hit));
            }
            if u128::from(t.roots_hit) * d < t.hits {
                return bad(format!("level {lvl}: hits above roots hit x D"));
            }
            if above.is_some_and(|h| t.hits > h) {
                return bad(format!("level {lvl}: more hits than the level below"));
            }
            above = Some(t.hits);
            // Each finished copy that reached the level is counted once: at least one per
            // root that reached it, at most every root's and copy's, never more than reached
            // the level below.
            if t.copies_hit < t.roots_hit
                || u128::from(t.copies_hit) > u128::from(s.roots) + u128::from(s.copies)
            {
                return bad(format!(
                    "level {lvl}: {} copies reached it; between its {} roots hit and roots + copies ({})",
                    t.copies_hit,
                    t.roots_hit,
                    u128::from(s.roots) + u128::from(s.copies)
                ));
            }
            if copies_above.is_some_and(|c| t.copies_hit > c) {
                return bad(format!(
                    "level {lvl}: more copies reached it than the level below"
                ));
            }
            copies_above = Some(t.copies_hit);
        }
        Ok(())
    }

    /// The batches of the run a part belongs to.
    fn parts_batches(&self, p: &Part) -> u64 {
        p.run_rounds.div_ceil(BATCH_ROUNDS)
    }

    /// Adds the root rounds of `other` to this record.
    ///
    /// # Errors
    /// [`RareError::Merge`]: another game, mode, model, method, plan or levels, or root rounds
    /// both records hold; [`RareError::Record`] if either fails [`RareRecord::check`].
    pub fn absorb(&mut self, other: &RareRecord) -> Result<(), RareError> {
        self.check()?;
        other.check()?;
        let same = |what: &str, a: String, b: String| {
            if a == b {
                Ok(())
            } else {
                Err(RareError::Merge(format!(
                    "{what} {a} and {b}; records of one game, mode, model, method, plan and levels merge"
                )))
            }
        };
        same("games", self.game.clone(), other.game.clone())?;
        same("modes", self.mode.clone(), other.mode.clone())?;
        same("models", self.model.to_string(), other.model.to_string())?;
        same("methods", self.method.clone(), other.method.clone())?;
        same(
            "plans",
            self.splitting.describe(),
            other.splitting.describe(),
        )?;
        let x = |l: &TailLevels| {
            let v: Vec<String> = l.hundredths().iter().map(|&h| x_bet(h)).collect();
            format!("{} x", v.join(","))
        };
        same("levels", x(&self.levels), x(&other.levels))?;
        for p in &other.parts {
            if let Some(q) = self.parts.iter().find(|q| q.overlaps(p)) {
                return Err(RareError::Merge(format!(
                    "both hold batches of seed {} ({}..{} and {}..{}): the same root rounds twice",
                    p.seed, q.batches[0], q.batches[1], p.batches[0], p.batches[1]
                )));
            }
        }
        self.parts.extend_from_slice(&other.parts);
        self.commands.extend(other.commands.iter().cloned());
        self.sums.add(&other.sums);
        self.check()
    }

    /// The record as pretty JSON (u128 sums as exact JSON numbers).
    pub fn to_json_pretty(&self) -> String {
        // A record of plain data always serializes.
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Reads a record from JSON and checks it ([`RareRecord::check`]).
    ///
    /// # Errors
    /// [`RareError::Record`] for a text above [`MAX_RECORD_BYTES`] or a record that fails
    /// its check; [`RareError::Json`] for text that is no record.
    pub fn read(text: &str) -> Result<RareRecord, RareError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RareError::Record(format!(
                "{} bytes; a record is at most {MAX_RECORD_BYTES}",
                text.len()
            )));
        }
        let r: RareRecord = serde_json::from_str(text)?;
        r.check()?;
        Ok(r)
    }

    /// Reads and checks the record in the file `path` ([`RareRecord::read`]); a record that
    /// fails is named by its path.
    ///
    /// # Errors
    /// [`RareError::Sim`] for a file that cannot be read or is longer than
    /// [`MAX_RECORD_BYTES`]; [`RareError::Record`] naming the file for a record refused.
    pub fn read_file(path: &Path) -> Result<RareRecord, RareError> {
        let text = read_text_bounded(path, MAX_RECORD_BYTES as u64, "a rare-event record (JSON)")?;
        RareRecord::read(&text).map_err(|e| {
            // The file named once, before what is wrong with it (not "refused: F: refused: ...").
            let at = path.display();
            RareError::Record(match e {
                RareError::Record(m) => format!("{at}: {m}"),
                RareError::Json(j) => {
                    format!("{at}: not a record that `tail --out` writes: {j}")
                }
                other => format!("{at}: {other}"),
            })
        })
    }

    /// Writes the record to `path` as pretty JSON, whole or not at all, after reading it
    /// back as its reader does.
    ///
    /// # Errors
    /// [`RareError::Record`] if its own reader refuses it (nothing written); [`RareError::Sim`]
    /// if the file cannot be written.
    pub fn write_file(&self, path: &Path) -> Result<(), RareError> {
        let text = self.to_json_pretty();
        RareRecord::read(&text)?;
        write_atomic(path, text.as_bytes())?;
        Ok(())
    }

    /// The records in the files `paths` read and merged in order ([`RareRecord::absorb`]).
    ///
    /// # Errors
    /// [`RareError::Size`] for no file; as [`RareRecord::read_file`] and
    /// [`RareRecord::absorb`] (naming the file that could not be merged).
    pub fn merge_files(paths: &[&Path]) -> Result<RareRecord, RareError> {
        merge(paths, None)
    }

    /// [`RareRecord::merge_files`], each record's game and mode also checked against
    /// `catalog` ([`RareRecord::check_names`]): what `tail-merge` runs.
    ///
    /// # Errors
    /// As [`RareRecord::merge_files`]; [`RareError::Record`] naming the file whose game or
    /// mode the catalog does not have.
    pub fn merge_files_of(paths: &[&Path], catalog: &Catalog) -> Result<RareRecord, RareError> {
        merge(paths, Some(catalog))
    }

    /// Checks that the record's game and mode are a game and mode of `catalog` (the
    /// registry's games) and that no level is above the game's cap: a record naming another
    /// game, a mode its game does not have, or a level no round of its game reaches (a run
    /// refuses it: [`crate::rare::levels_within_cap`]) is no record of a run this build can
    /// play (its sums are checked by [`RareRecord::check`], its names and levels against the
    /// game only here).
    ///
    /// # Errors
    /// [`RareError::Record`] naming the game, mode or level and the allowed ones.
    pub fn check_names(&self, catalog: &Catalog) -> Result<(), RareError> {
        let facts = catalog
            .find(&self.game, &self.mode)
            .map_err(|e| RareError::Record(e.to_string()))?;
        match (facts.cap, self.levels.hundredths().last()) {
            (Some(cap), Some(&top)) if top > cap => Err(RareError::Record(format!(
                "level {} x is above {}'s cap, {} x the bet, which no round passes; a run's levels are at most {}",
                x_bet(top),
                self.game,
                x_bet(cap),
                x_bet(cap)
            ))),
            _ => Ok(()),
        }
    }

    /// Whether a run asked to stop at `percent` % (`--until-relative`) got there: every
    /// level's 95 % relative half-width at most `percent / 100` and [`MIN_ROOTS_HIT`] roots
    /// reached it ([`TailEstimate::precise_to`], the rule the run stops on).
    pub fn met(&self, percent: f64) -> bool {
        self.estimates()
            .iter()
            .all(|e| e.precise_to(percent / 100.0))
    }

    /// How a run asked to stop at `percent` % ended, as a line: met after its roots, or not
    /// met (the root rounds ran out, or the run was interrupted), naming the first level
    /// short of it, its half-width and the roots that reached it.
    pub fn until_text(&self, percent: f64) -> String {
        let roots = self.sums.roots;
        let short = self
            .estimates()
            .into_iter()
            .find(|e| !e.precise_to(percent / 100.0));
        match short {
            None => format!(
                "--until-relative {percent} met after {roots} root rounds: every level within {percent} %, each reached by {MIN_ROOTS_HIT} roots or more"
            ),
            Some(e) => format!(
                "--until-relative {percent} not met after {roots} root rounds: level {} x has a relative half-width of {}, {} roots reached it (a level needs at most {percent} % and {MIN_ROOTS_HIT} roots); raise --rounds",
                x_bet(e.level),
                if e.relative_half_width.is_finite() {
                    format!("{:.2} %", e.relative_half_width * 100.0)
                } else {
                    "none yet".to_string()
                },
                e.roots_hit
            ),
        }
    }

    /// Each level's estimate as text lines: level, odds 1 in, 95 % interval, relative
    /// half-width, roots that reached it.
    pub fn text(&self) -> String {
        let mut out = if self.conditional {
            format!(
                "{} {} base game alone ({}), model {}\nset aside: {}\n{} base games ({} with a chance above 0 at the lowest level)\n",
                self.game,
                self.mode,
                self.method,
                self.model,
                self.importance,
                self.sums.roots,
                self.sums.going,
            )
        } else {
            format!(
                "{} {} ({}), model {}\n{}; importance: {}\n{} root rounds ({} went on), {} copies, {} steps\n",
                self.game,
                self.mode,
                self.method,
                self.model,
                self.splitting.describe(),
                self.importance,
                self.sums.roots,
                self.sums.going,
                self.sums.copies,
                self.sums.steps
            )
        };
        for e in self.estimates() {
            let one_in = |p: f64| {
                if p > 0.0 {
                    format!("{:.4e}", 1.0 / p)
                } else {
                    "never".into()
                }
            };
            out += &format!(
                "P(win >= {} x) = {:.4e} (1 in {}), 95 % interval {:.4e} to {:.4e}, relative half-width {:.2} %, {} roots reached it, worth {:.3e} brute-force rounds\n",
                x_bet(e.level),
                e.probability,
                one_in(e.probability),
                e.ci95[0],
                e.ci95[1],
                e.relative_half_width * 100.0,
                e.roots_hit,
                e.equivalent_rounds
            );
        }
        out
    }
}

/// The records in `paths` read, each checked against `catalog` if given, and merged in order.
fn merge(paths: &[&Path], catalog: Option<&Catalog>) -> Result<RareRecord, RareError> {
    let Some((first, rest)) = paths.split_first() else {
        return Err(RareError::Size(
            "no record to merge; give one or more files".into(),
        ));
    };
    let read = |p: &Path| {
        let r = RareRecord::read_file(p)?;
        if let Some(c) = catalog {
            r.check_names(c)
                .map_err(|e| RareError::Record(format!("{}: {}", p.display(), strip(e))))?;
        }
        Ok::<_, RareError>(r)
    };
    let mut merged = read(first)?;
    for p in rest {
        let r = read(p)?;
        merged
            .absorb(&r)
            .map_err(|e| RareError::Merge(format!("{}: {}", p.display(), strip(e))))?;
    }
    Ok(merged)
}

/// An error's message without the prefix of its kind (for one named by its file again).
fn strip(e: RareError) -> String {
    match e {
        RareError::Merge(m) | RareError::Record(m) => m,
        other => other.to_string(),
    }
}

/// The estimate of every tail level of `sums` with weights over `d` (the plan's denominator).
pub fn estimates(sums: &RareSums, d: u64) -> Vec<TailEstimate> {
    let d = d as f64;
    let roots = sums.roots as f64;
    sums.tails
        .iter()
        .map(|t| {
            let p = if roots > 0.0 {
                t.hits as f64 / (roots * d)
            } else {
                0.0
            };
            // Sample variance of n / D over the roots.
            let var = if sums.roots > 1 {
                let mean_n = t.hits as f64 / roots;
                ((t.hits_sq as f64 - mean_n * t.hits as f64) / (roots - 1.0)).max(0.0) / (d * d)
            } else {
                0.0
            };
            let se = (var / roots.max(1.0)).sqrt();
            let hw = Z95 * se;
            TailEstimate {
                level: t.level,
                probability: p,
                std_error: se,
                ci95: [(p - hw).max(0.0), p + hw],
                relative_half_width: if p > 0.0 { hw / p } else { f64::INFINITY },
                effective_count: if se > 0.0 { (p / se).powi(2) } else { 0.0 },
                equivalent_rounds: if var > 0.0 {
                    roots * p * (1.0 - p) / var
                } else {
                    0.0
                },
                roots_hit: t.roots_hit,
            }
        })
        .collect()
}

/// True if `a^2 <= b c` (all `u128`), compared exactly in 256 bits.
fn square_at_most(a: u128, b: u128, c: u128) -> bool {
    wide_mul(a, a) <= wide_mul(b, c)
}

/// The 256-bit product of two `u128`s as (high, low).
fn wide_mul(x: u128, y: u128) -> (u128, u128) {
    let (x1, x0) = (x >> 64, x & u128::from(u64::MAX));
    let (y1, y0) = (y >> 64, y & u128::from(u64::MAX));
    let p00 = x0 * y0;
    let p01 = x0 * y1;
    let p10 = x1 * y0;
    let p11 = x1 * y1;
    let mid = (p00 >> 64) + (p01 & u128::from(u64::MAX)) + (p10 & u128::from(u64::MAX));
    let low = (p00 & u128::from(u64::MAX)) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_products_compare_exactly() {
        assert_eq!(wide_mul(3, 5), (0, 15));
        // (2^64)^2 = 2^128: high 1, low 0.
        assert_eq!(wide_mul(1 << 64, 1 << 64), (1, 0));
        // (2^128 - 1)^2 = 2^256 - 2^129 + 1.
        assert_eq!(wide_mul(u128::MAX, u128::MAX), (u128::MAX - 1, 1));
        assert!(square_at_most(6, 4, 9));
        assert!(!square_at_most(7, 4, 12));
    }
}
