//! What a player lives through, as exact integer sums ([`Experience`], part of every
//! [`Accumulator`](super::Accumulator)) and the figures read from them
//! ([`ExperienceFigures`]): the rounds that pay something but less than the stake ("losses
//! disguised as wins", which GB RTS 14F and Ontario forbid celebrating), exactly the stake, and
//! more; the rounds that pay at least 1, 5, 10 and 100 times the stake; and the dry spells, the
//! runs of rounds between two rounds that pay at least the stake.
//!
//! "The stake" is what a round costs ([`Accumulator::cost`](super::Accumulator::cost),
//! hundredths of the paytable's bet: 100, Starlight Christmas's ante 125), so the figures of a
//! mode with a dearer stake are about that stake.
//!
//! **Dry spells across batches and shards.** A spell is counted when the round that ends it
//! is seen: its length is the number of rounds since the previous round that paid at least
//! the stake. The sums keep the index of the first and the last such round, so that sums of
//! consecutive rounds added in round order ([`Experience::merge_after`]) join the spell that
//! runs over their boundary (the trailing rounds of the first and the leading rounds of the
//! second) and count it once: the batches of a run, the shards of a run in shard order, give
//! exactly the sums of the whole run. The rounds before the first and after the last such
//! round of the sums are open spells, not counted (their length is not known). Sums of runs
//! that do not follow each other (two seeds) are added as if the second run followed the
//! first: the rounds are independent, so the joined spell is a spell of that sequence of
//! rounds; `merge` adds reports in a fixed order so the figures do not depend on the order
//! the files were named in.
//!
//! The lengths of spells up to [`SPELL_EXACT`] - 1 rounds are counted one by one (the median
//! and the 99th percentile are exact when they lie below it); longer spells are counted
//! together, with their rounds in the sum and the longest kept.
//!
//! The cost per round: nothing for a round that wins nothing (its index is the round count);
//! a few comparisons for a round that wins.

use serde::{Deserialize, Serialize};

/// Spells of up to `SPELL_EXACT - 1` rounds are counted by length; longer ones together.
pub const SPELL_EXACT: usize = 512;

/// The multiples of the stake, besides 1, whose rounds are counted ([`Experience::at_least`]).
pub const STAKE_MULTIPLES: [u64; 3] = [5, 10, 100];

/// The player-experience sums of a run (see the module docs). Integers only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ExperienceWire", into = "ExperienceWire")]
pub struct Experience {
    /// Rounds that paid more than 0 and less than the stake.
    pub below_stake: u64,
    /// Rounds that paid exactly the stake.
    pub at_stake: u64,
    /// Rounds that paid more than the stake.
    pub above_stake: u64,
    /// Rounds that paid at least 5, 10 and 100 times the stake ([`STAKE_MULTIPLES`]).
    pub at_least: [u64; 3],
    /// The index (from 0, among the sums' rounds) of the first round that paid at least the
    /// stake; `None` if none did.
    pub first_big: Option<u64>,
    /// The index of the last such round.
    pub last_big: Option<u64>,
    /// Complete dry spells: one between each two consecutive rounds that paid at least the
    /// stake (a spell may be 0 rounds long).
    pub spells: u64,
    /// Their rounds in all.
    pub spell_rounds: u64,
    /// The longest of them (0 if none).
    pub longest: u64,
    /// `lengths[l]`: the spells of exactly `l` rounds, `l < SPELL_EXACT`.
    pub lengths: [u64; SPELL_EXACT],
    /// The spells of `SPELL_EXACT` rounds or more.
    pub long_spells: u64,
}

impl Default for Experience {
    fn default() -> Self {
        Experience {
            below_stake: 0,
            at_stake: 0,
            above_stake: 0,
            at_least: [0; 3],
            first_big: None,
            last_big: None,
            spells: 0,
            spell_rounds: 0,
            longest: 0,
            lengths: [0; SPELL_EXACT],
            long_spells: 0,
        }
    }
}

/// Why player-experience sums read from outside are refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExperienceError {
    /// A relation that the sums of real rounds satisfy fails.
    #[error("player-experience sums: {0}")]
    Relation(String),
    /// Adding would pass the largest value the integer holds.
    #[error("player-experience sums: adding overflows {0}")]
    Overflow(&'static str),
}

impl Experience {
    /// True if no round won (the sums of blank rounds, or of a report written before these
    /// sums existed).
    pub fn is_empty(&self) -> bool {
        *self == Experience::default()
    }

    /// The rounds that paid at least the stake.
    pub fn big(&self) -> u64 {
        self.at_stake + self.above_stake
    }

    /// Counts a winning round, the one of index `index` among the sums' rounds, that paid
    /// `win` at a stake of `cost` (both hundredths of the paytable's bet; `win > 0`). Called
    /// for winning rounds only: a round that wins nothing changes nothing here.
    #[inline]
    pub fn add_win(&mut self, index: u64, win: u64, cost: u64) {
        if win < cost {
            self.below_stake += 1;
            return;
        }
        if win == cost {
            self.at_stake += 1;
        } else {
            self.above_stake += 1;
        }
        for (n, k) in self.at_least.iter_mut().zip(STAKE_MULTIPLES) {
            *n += u64::from(win >= k * cost);
        }
        if let Some(last) = self.last_big {
            self.spell(index - last - 1);
        } else {
            self.first_big = Some(index);
        }
        self.last_big = Some(index);
    }

    /// Counts one complete spell of `len` rounds.
    #[inline]
    fn spell(&mut self, len: u64) {
        self.spells += 1;
        self.spell_rounds += len;
        self.longest = self.longest.max(len);
        match self.lengths.get_mut(len as usize) {
            Some(n) => *n += 1,
            None => self.long_spells += 1,
        }
    }

    /// Adds the sums `o` of the rounds that follow this sums' `rounds` rounds (round order:
    /// the spell over the boundary is joined and counted). For the sums of one run; sums read
    /// from outside go through [`Experience::checked_merge_after`].
    pub fn merge_after(&mut self, rounds: u64, o: &Experience) {
        // A run's own sums cannot overflow (every count is at most its rounds).
        if let Err(e) = self.checked_merge_after(rounds, o) {
            debug_assert!(false, "{e}");
        }
    }

    /// [`Experience::merge_after`] with every sum checked; `self` is unchanged on error.
    ///
    /// # Errors
    /// [`ExperienceError::Overflow`] naming the sum.
    pub fn checked_merge_after(
        &mut self,
        rounds: u64,
        o: &Experience,
    ) -> Result<(), ExperienceError> {
        let ov = ExperienceError::Overflow;
        let mut m = self.clone();
        let add = |a: &mut u64, b: u64, what| -> Result<(), ExperienceError> {
            *a = a.checked_add(b).ok_or(ov(what))?;
            Ok(())
        };
        add(&mut m.below_stake, o.below_stake, "below_stake")?;
        add(&mut m.at_stake, o.at_stake, "at_stake")?;
        add(&mut m.above_stake, o.above_stake, "above_stake")?;
        for (a, b) in m.at_least.iter_mut().zip(o.at_least) {
            add(a, b, "at_least")?;
        }
        add(&mut m.spells, o.spells, "spells")?;
        add(&mut m.spell_rounds, o.spell_rounds, "spell_rounds")?;
        add(&mut m.long_spells, o.long_spells, "long_spells")?;
        for (a, b) in m.lengths.iter_mut().zip(o.lengths.iter()) {
            add(a, *b, "lengths")?;
        }
        m.longest = m.longest.max(o.longest);
        if let (Some(first), Some(last)) = (o.first_big, o.last_big) {
            let first = rounds.checked_add(first).ok_or(ov("first_big"))?;
            match m.last_big {
                Some(l) if l < rounds => {
                    // The trailing rounds of these sums and the leading ones of `o`.
                    m.spells = m.spells.checked_add(1).ok_or(ov("spells"))?;
                    let len = first - l - 1;
                    add(&mut m.spell_rounds, len, "spell_rounds")?;
                    m.longest = m.longest.max(len);
                    match m.lengths.get_mut(len as usize) {
                        Some(n) => add(n, 1, "lengths")?,
                        None => add(&mut m.long_spells, 1, "long_spells")?,
                    }
                }
                Some(_) => {
                    return Err(ExperienceError::Relation(format!(
                        "last_big lies beyond the {rounds} rounds of the sums"
                    )));
                }
                None => m.first_big = Some(first),
            }
            m.last_big = Some(rounds.checked_add(last).ok_or(ov("last_big"))?);
        }
        *self = m;
        Ok(())
    }

    /// Checks every relation that the sums of `rounds` real rounds with `hits` winning rounds
    /// and a largest win of `max_win`, at a stake of `cost`, satisfy (hundredths of the
    /// paytable's bet).
    ///
    /// # Errors
    /// [`ExperienceError::Relation`] naming the first relation that fails.
    pub fn validate(
        &self,
        rounds: u64,
        hits: u64,
        max_win: u64,
        cost: u64,
    ) -> Result<(), ExperienceError> {
        let bad = |s: String| Err(ExperienceError::Relation(s));
        let won = u128::from(self.below_stake) + u128::from(self.big());
        if won != u128::from(hits) {
            return bad(format!(
                "below_stake {} + at_stake {} + above_stake {} is not the {hits} winning rounds",
                self.below_stake, self.at_stake, self.above_stake
            ));
        }
        let mut above = self.above_stake;
        for (n, k) in self.at_least.iter().zip(STAKE_MULTIPLES) {
            if *n > above {
                return bad(format!(
                    "{n} rounds of at least {k}x the stake, more than the rounds of a smaller win"
                ));
            }
            if *n > 0 && u128::from(max_win) < u128::from(k) * u128::from(cost) {
                return bad(format!(
                    "{n} rounds of at least {k}x the stake above the largest win {max_win}"
                ));
            }
            above = *n;
        }
        let big = self.big();
        match (self.first_big, self.last_big) {
            (None, None) if big == 0 && self.spells == 0 => {}
            (Some(first), Some(last)) if big > 0 && first <= last && last < rounds => {
                if self.spells != big - 1 {
                    return bad(format!(
                        "{} spells between {big} rounds of at least the stake (must be {})",
                        self.spells,
                        big - 1
                    ));
                }
                // The rounds from the first to the last are the big ones and the spells'.
                if u128::from(last - first) + 1 != u128::from(big) + u128::from(self.spell_rounds) {
                    return bad(format!(
                        "spell_rounds {} and {big} rounds of at least the stake do not fill rounds {first} to {last}",
                        self.spell_rounds
                    ));
                }
            }
            (first, last) => {
                return bad(format!(
                    "first_big {first:?} and last_big {last:?} do not fit {big} rounds of at least the stake in {rounds} rounds"
                ));
            }
        }
        let counted: u128 = self.lengths.iter().map(|&n| u128::from(n)).sum::<u128>()
            + u128::from(self.long_spells);
        if counted != u128::from(self.spells) {
            return bad(format!(
                "the spells by length add up to {counted}, not {}",
                self.spells
            ));
        }
        let short: u128 = self
            .lengths
            .iter()
            .enumerate()
            .map(|(l, &n)| l as u128 * u128::from(n))
            .sum();
        let long_rounds = u128::from(self.spell_rounds).checked_sub(short);
        let longest_short = self.lengths.iter().rposition(|&n| n > 0).unwrap_or(0) as u64;
        let fits = match long_rounds {
            None => false,
            Some(r) if self.long_spells == 0 => r == 0 && self.longest == longest_short,
            Some(r) => {
                self.longest >= SPELL_EXACT as u64
                    && r >= u128::from(self.long_spells) * SPELL_EXACT as u128
                    && r >= u128::from(self.longest)
                    && r <= u128::from(self.long_spells) * u128::from(self.longest)
            }
        };
        if !fits {
            return bad(format!(
                "spell_rounds {}, longest {} and {} long spells do not fit the spells by length",
                self.spell_rounds, self.longest, self.long_spells
            ));
        }
        Ok(())
    }

    /// The figures of these sums over `rounds` rounds.
    pub fn figures(&self, rounds: u64) -> ExperienceFigures {
        let share = |k: u64| {
            if rounds > 0 {
                k as f64 / rounds as f64
            } else {
                0.0
            }
        };
        let count = |multiple: u64, count: u64| MultipleFigures {
            multiple,
            count,
            share: share(count),
        };
        let mut at_least = vec![count(1, self.big())];
        at_least.extend(
            STAKE_MULTIPLES
                .iter()
                .zip(self.at_least)
                .map(|(&k, n)| count(k, n)),
        );
        ExperienceFigures {
            below_stake: share(self.below_stake),
            at_stake: share(self.at_stake),
            above_stake: share(self.above_stake),
            at_least,
            dry_spells: SpellFigures {
                count: self.spells,
                mean: (self.spells > 0).then(|| self.spell_rounds as f64 / self.spells as f64),
                median: self.quantile(0.5),
                p99: self.quantile(0.99),
                longest: (self.spells > 0).then_some(self.longest),
                open_leading: self.first_big.unwrap_or(rounds),
                open_trailing: self.last_big.map_or(0, |l| rounds.saturating_sub(l + 1)),
            },
        }
    }

    /// The nearest-rank quantile `p` of the spells' lengths: the shortest length `l` such
    /// that at least `ceil(p x spells)` spells are at most `l` rounds long.
    pub fn quantile(&self, p: f64) -> Option<SpellQuantile> {
        if self.spells == 0 {
            return None;
        }
        let need = ((p.clamp(0.0, 1.0) * self.spells as f64).ceil() as u64).max(1);
        let mut seen = 0u64;
        for (l, &n) in self.lengths.iter().enumerate() {
            seen += n;
            if seen >= need {
                return Some(SpellQuantile {
                    rounds: l as u64,
                    at_least: false,
                });
            }
        }
        Some(SpellQuantile {
            rounds: SPELL_EXACT as u64,
            at_least: true,
        })
    }
}

/// A quantile of the dry spells' lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SpellQuantile {
    /// Rounds.
    pub rounds: u64,
    /// True if the quantile lies among the spells counted together: it is at least `rounds`
    /// ([`SPELL_EXACT`]).
    pub at_least: bool,
}

impl std::fmt::Display for SpellQuantile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.at_least {
            write!(f, ">= {}", self.rounds)
        } else {
            write!(f, "{}", self.rounds)
        }
    }
}

/// The rounds that paid at least a multiple of the stake.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MultipleFigures {
    /// The multiple of the stake.
    pub multiple: u64,
    /// Rounds that paid at least it.
    pub count: u64,
    /// Their share of the rounds.
    pub share: f64,
}

/// The dry spells' figures (rounds between two rounds that paid at least the stake).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpellFigures {
    /// Complete spells.
    pub count: u64,
    /// Their mean length, rounds; `null` if none.
    pub mean: Option<f64>,
    /// Their median length.
    pub median: Option<SpellQuantile>,
    /// Their 99th percentile.
    pub p99: Option<SpellQuantile>,
    /// The longest seen.
    pub longest: Option<u64>,
    /// The rounds before the first round that paid at least the stake (an open spell).
    pub open_leading: u64,
    /// The rounds after the last one (an open spell).
    pub open_trailing: u64,
}

/// The player-experience figures of a report ([`Experience::figures`]): shares of the rounds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExperienceFigures {
    /// Rounds that paid more than 0 and less than the stake ("losses disguised as wins").
    pub below_stake: f64,
    /// Rounds that paid exactly the stake.
    pub at_stake: f64,
    /// Rounds that paid more than the stake.
    pub above_stake: f64,
    /// Rounds that paid at least 1, 5, 10 and 100 times the stake.
    pub at_least: Vec<MultipleFigures>,
    /// The dry spells.
    pub dry_spells: SpellFigures,
}

/// The sums as a report file holds them: the spells by length as `[length, spells]` pairs.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExperienceWire {
    below_stake: u64,
    at_stake: u64,
    above_stake: u64,
    at_least_5x: u64,
    at_least_10x: u64,
    at_least_100x: u64,
    first_big: Option<u64>,
    last_big: Option<u64>,
    spells: u64,
    spell_rounds: u64,
    longest: u64,
    lengths: Vec<[u64; 2]>,
    long_spells: u64,
}

impl From<Experience> for ExperienceWire {
    fn from(e: Experience) -> Self {
        ExperienceWire {
            below_stake: e.below_stake,
            at_stake: e.at_stake,
            above_stake: e.above_stake,
            at_least_5x: e.at_least[0],
            at_least_10x: e.at_least[1],
            at_least_100x: e.at_least[2],
            first_big: e.first_big,
            last_big: e.last_big,
            spells: e.spells,
            spell_rounds: e.spell_rounds,
            longest: e.longest,
            lengths: e
                .lengths
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(l, &n)| [l as u64, n])
                .collect(),
            long_spells: e.long_spells,
        }
    }
}

impl TryFrom<ExperienceWire> for Experience {
    type Error = String;

    fn try_from(w: ExperienceWire) -> Result<Self, String> {
        let mut lengths = [0u64; SPELL_EXACT];
        let mut previous: Option<u64> = None;
        for [l, n] in w.lengths {
            if previous.is_some_and(|p| p >= l) {
                return Err(format!(
                    "lengths: {l} is not after {}: the pairs are sorted by length, each once",
                    previous.unwrap_or(0)
                ));
            }
            previous = Some(l);
            let slot = usize::try_from(l)
                .ok()
                .and_then(|i| lengths.get_mut(i))
                .ok_or_else(|| {
                    format!(
                        "lengths: {l} rounds is counted by length; at most {} are",
                        SPELL_EXACT - 1
                    )
                })?;
            *slot = n;
        }
        Ok(Experience {
            below_stake: w.below_stake,
            at_stake: w.at_stake,
            above_stake: w.above_stake,
            at_least: [w.at_least_5x, w.at_least_10x, w.at_least_100x],
            first_big: w.first_big,
            last_big: w.last_big,
            spells: w.spells,
            spell_rounds: w.spell_rounds,
            longest: w.longest,
            lengths,
            long_spells: w.long_spells,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sums of `wins` (hundredths of the bet) at a stake of 100, played in this order.
    fn of(wins: &[u64]) -> Experience {
        let mut e = Experience::default();
        for (i, &w) in wins.iter().enumerate() {
            if w > 0 {
                e.add_win(i as u64, w, 100);
            }
        }
        e
    }

    /// Worked by hand: wins 0, 50, 100, 0, 0, 700, 30, 0, 1200, 0 at a stake of 100.
    /// Below the stake: 50, 30 (2); at it: 100 (1); above: 700, 1200 (2); at least 5x: 700
    /// and 1200; 10x: 1200; 100x: none. Rounds of at least the stake: indexes 2, 5, 8; the
    /// spells between them: rounds 3, 4 (2 long) and 6, 7 (2 long); open: 2 rounds before,
    /// 1 after.
    #[test]
    fn a_hand_worked_sequence() {
        let e = of(&[0, 50, 100, 0, 0, 700, 30, 0, 1200, 0]);
        assert_eq!((e.below_stake, e.at_stake, e.above_stake), (2, 1, 2));
        assert_eq!(e.at_least, [2, 1, 0]);
        assert_eq!((e.first_big, e.last_big), (Some(2), Some(8)));
        assert_eq!((e.spells, e.spell_rounds, e.longest), (2, 4, 2));
        assert_eq!(e.lengths[2], 2);
        e.validate(10, 5, 1200, 100).unwrap();
        let f = e.figures(10);
        assert_eq!(f.below_stake, 0.2);
        assert_eq!(f.at_least[0].count, 3);
        assert_eq!(f.dry_spells.mean, Some(2.0));
        assert_eq!(f.dry_spells.median.unwrap().rounds, 2);
        assert_eq!(
            (f.dry_spells.open_leading, f.dry_spells.open_trailing),
            (2, 1)
        );
    }

    /// Cut anywhere, the two parts added in order give the sums of the whole sequence: the
    /// spell over the cut is counted once, with its full length.
    #[test]
    fn parts_added_in_order_equal_the_whole() {
        let wins = [0, 150, 0, 0, 0, 100, 0, 20, 0, 0, 0, 0, 900, 0, 0, 100, 0];
        let whole = of(&wins);
        for cut in 0..=wins.len() {
            let mut a = of(&wins[..cut]);
            a.merge_after(cut as u64, &of(&wins[cut..]));
            assert_eq!(a, whole, "cut at {cut}");
        }
        // Three parts.
        let mut a = of(&wins[..4]);
        a.merge_after(4, &of(&wins[4..9]));
        a.merge_after(9, &of(&wins[9..]));
        assert_eq!(a, whole);
        // 3 spells: 3 rounds (2-4), 6 (6-11), 2 (13-14); first 1, last 15.
        assert_eq!(
            (whole.spells, whole.spell_rounds, whole.longest),
            (3, 11, 6)
        );
    }

    /// A spell of SPELL_EXACT rounds or more is counted with the long ones, its rounds in
    /// the sum; the quantiles that fall among them say "at least".
    #[test]
    fn long_spells_are_counted_together() {
        let mut wins = vec![0u64; 2 * SPELL_EXACT + 3];
        wins[0] = 100;
        wins[SPELL_EXACT + 1] = 100; // a spell of SPELL_EXACT rounds
        wins[SPELL_EXACT + 2] = 100; // one of 0
        let e = of(&wins);
        assert_eq!((e.spells, e.long_spells, e.lengths[0]), (2, 1, 1));
        assert_eq!(e.longest, SPELL_EXACT as u64);
        e.validate(wins.len() as u64, 3, 100, 100).unwrap();
        assert_eq!(e.quantile(0.5).unwrap().rounds, 0);
        let p99 = e.quantile(0.99).unwrap();
        assert!(p99.at_least);
        assert_eq!(p99.to_string(), format!(">= {SPELL_EXACT}"));
    }

    /// Sums that real rounds cannot give are refused, naming the relation.
    #[test]
    fn impossible_sums_are_refused() {
        let e = of(&[0, 50, 100, 0, 0, 700, 30, 0, 1200, 0]);
        let refused = |f: &dyn Fn(&mut Experience), hits: u64| {
            let mut x = e.clone();
            f(&mut x);
            x.validate(10, hits, 1200, 100).unwrap_err().to_string()
        };
        assert!(refused(&|_| {}, 6).contains("is not the 6 winning rounds"));
        assert!(refused(&|x| x.at_least[2] = 1, 5).contains("at least 100x the stake above"));
        assert!(refused(&|x| x.at_least[1] = 3, 5).contains("more than the rounds"));
        assert!(refused(&|x| x.spells = 3, 5).contains("spells between 3 rounds"));
        assert!(refused(&|x| x.spell_rounds = 5, 5).contains("do not fill"));
        assert!(refused(&|x| x.last_big = Some(10), 5).contains("do not fit"));
        assert!(refused(&|x| x.longest = 3, 5).contains("longest 3"));
        assert!(refused(&|x| x.lengths[3] = 1, 5).contains("add up to 3, not 2"));
    }

    /// The wire form reads back what it wrote; lengths out of order or beyond the exact
    /// counts are refused naming the field.
    #[test]
    fn the_wire_form_round_trips_and_refuses_bad_lengths() {
        let e = of(&[0, 50, 100, 0, 0, 700, 30, 0, 1200, 0]);
        let text = serde_json::to_string(&e).unwrap();
        assert!(text.contains("\"lengths\":[[2,2]]"), "{text}");
        let back: Experience = serde_json::from_str(&text).unwrap();
        assert_eq!(back, e);
        let bad = text.replace("[[2,2]]", "[[2,1],[1,1]]");
        let err = serde_json::from_str::<Experience>(&bad)
            .unwrap_err()
            .to_string();
        assert!(err.contains("lengths: 1 is not after 2"), "{err}");
        let bad = text.replace("[[2,2]]", "[[512,2]]");
        let err = serde_json::from_str::<Experience>(&bad)
            .unwrap_err()
            .to_string();
        assert!(err.contains("at most 511"), "{err}");
    }
}
