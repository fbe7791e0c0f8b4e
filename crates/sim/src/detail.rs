//! Where the return comes from: a run's contribution sums ([`Detail`]), read from the rounds'
//! own event records.
//!
//! The fast simulation keeps per round only its [`slot_core::summary::RoundSummary`]. The
//! contributions need more: which symbol won with how many cells, at which tumble depth,
//! under which multiplier, after which Moon Princess Girl Power, and what each Wish Upon a
//! Star Lock & Spin star or gift was worth. [`crate::run::replay_detail`] plays the run's
//! rounds a second time (the same seed and batches, so the same rounds) with a recorder that
//! reads every event a player would see ([`DetailRecorder`]), and adds up, in integers:
//!
//! - every **symbol win** by symbol, pay rule and count (line length, reels matched, symbols
//!   counted): times and money;
//! - every **other win**: Moon Princess's grid clear (100 x bet in free spins), Wish Upon a
//!   Star's gift bonus wins and Lock & Spin star values by kind (cash, Mini, Minor, Major)
//!   and its Grand;
//! - the symbol wins by **tumble depth** (0: the grid as it landed; d: after d tumbles) and
//!   the spins by **cascade length** (tumbles in the spin);
//! - the wins by the **multiplier** applied (Moon Princess's running x1..x20, Starlight
//!   Christmas's Multipliers, Wish Upon a Star's x2 in free spins): the paytable amount and
//!   the amount paid for it;
//! - the **Girl Power** powers of Moon Princess: how often each was used and the wins of the
//!   spin after it;
//! - the **round wins**: how many rounds won each distinct amount (median, percentiles and
//!   unique wins come from it).
//!
//! **Money before the cap.** A win's contribution is its raw amount (paytable amount times
//! its multiplier), before the cap trims the round. The contributions of a round add up to
//! its win exactly when it is not capped, and to at least its win when it is; the report
//! shows what the cap took as a row of its own, so that the rows add up to the RTP. Every
//! round is checked so as it is read: a round whose events do not add up this way is counted
//! as unreconciled, and a pass with any is refused ([`crate::SimError::Detail`]). The pass's
//! rounds, wins and cap hits must equal the run's sums ([`Detail::check`]).
//!
//! The pass builds every event of every round, so it costs several times the simulation
//! itself (`sim --out` runs it; plain `sim` does not): the fast path is unchanged.

use crate::error::DetailError;
use crate::stats::Accumulator;
use serde::{Deserialize, Serialize};
use slot_core::events::{Award, AwardKind, Event, PayRule, PowerSource, Princess};
use slot_core::recorder::Recorder;
use std::collections::BTreeMap;

/// A symbol's wins with one pay rule and count (hundredths of the bet, before the cap).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SymbolRow {
    /// The symbol (the game's cell code; `princess` for Moon Princess's any-princess class).
    pub symbol: String,
    /// How the win was formed.
    pub pays: PayRule,
    /// Line length (lines), reels matched (ways), symbols counted (anywhere, scatter).
    pub count: u32,
    /// Wins.
    pub times: u64,
    /// Their money: paytable amount times multiplier, summed.
    pub amount: u128,
    /// The smallest paytable amount of one such win (ways: for all its ways).
    pub pay_min: u64,
    /// The largest.
    pub pay_max: u64,
}

/// A win that is not a symbol win (a grid clear, a gift, a Lock & Spin star value), or a
/// Girl Power's spins: times and money (hundredths of the bet, before the cap).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedRow {
    /// What it is (`grid clear 100x`, `gift: mini`, `lock & spin: major stars`, `love
    /// (random)`, ...).
    pub what: String,
    /// Times.
    pub times: u64,
    /// Money.
    pub amount: u128,
}

/// The symbol wins at one tumble depth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DepthRow {
    /// Tumbles before the win in its spin (0: the grid as it landed).
    pub depth: u32,
    /// Wins.
    pub times: u64,
    /// Their money (hundredths of the bet, before the cap).
    pub amount: u128,
}

/// The wins paid with one multiplier value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultiplierRow {
    /// The multiplier applied.
    pub multiplier: u32,
    /// Wins (Starlight Christmas: tumble sequences) paid with it.
    pub times: u64,
    /// Their paytable amounts, summed (hundredths of the bet).
    pub base: u128,
    /// What was paid for them: `base` x `multiplier` (before the cap).
    pub amount: u128,
}

/// The contribution sums of a run (see the module docs). Integer sums and counts by key,
/// sorted by key, so the sums of shards add up exactly ([`Detail::merge`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Detail {
    /// Rounds read.
    pub rounds: u64,
    /// Their wins after the cap (hundredths of the bet): the run's `total_win`.
    pub total_win: u128,
    /// Their contributions before the cap: the sum of every row of `symbol_wins` and
    /// `other_wins`; `raw_win - total_win` is what the cap took.
    pub raw_win: u128,
    /// Rounds the cap ended.
    pub capped_rounds: u64,
    /// Rounds whose events did not add up (always 0 in a report: a pass with any is refused).
    pub unreconciled: u64,
    /// Symbol wins by (symbol, pay rule, count).
    pub symbol_wins: Vec<SymbolRow>,
    /// Other wins by name.
    pub other_wins: Vec<NamedRow>,
    /// Symbol wins by tumble depth.
    pub depths: Vec<DepthRow>,
    /// Spins by cascade length, as `[tumbles, spins]`.
    pub cascades: Vec<[u64; 2]>,
    /// Wins by multiplier.
    pub multipliers: Vec<MultiplierRow>,
    /// Moon Princess's Girl Power: each power by why it was used (`love (random)`, `trinity`,
    /// `star (free spin)`, ...): times used and the wins of the spin after it.
    pub powers: Vec<NamedRow>,
    /// Rounds by round win, as `[win in hundredths of the bet, rounds]`, by win.
    pub win_counts: Vec<[u64; 2]>,
}

/// Adds the rows of `b` into the rows of `a`, rows with equal keys summed, sorted by key.
fn merge_rows<T: Clone, K: Ord>(
    a: &mut Vec<T>,
    b: &[T],
    key: impl Fn(&T) -> K,
    sum: impl Fn(&mut T, &T),
) {
    let mut m: BTreeMap<K, T> = BTreeMap::new();
    for r in a.iter().chain(b) {
        match m.entry(key(r)) {
            std::collections::btree_map::Entry::Occupied(mut e) => sum(e.get_mut(), r),
            std::collections::btree_map::Entry::Vacant(e) => {
                e.insert(r.clone());
            }
        }
    }
    *a = m.into_values().collect();
}

fn sorted_unique<T, K: Ord>(rows: &[T], key: impl Fn(&T) -> K) -> bool {
    rows.windows(2).all(|w| key(&w[0]) < key(&w[1]))
}

impl Detail {
    /// Adds the sums of `o` (another batch, shard or run of the same game, mode and model),
    /// every sum checked: on an overflow nothing is changed.
    ///
    /// # Errors
    /// The sum that would pass the largest its integer holds, named (sums read from outside can
    /// be that large; a run's own sums cannot): [`DetailError::Overflow`].
    pub fn merge(&mut self, o: &Detail) -> Result<(), DetailError> {
        let mut out = self.clone();
        let overflow: std::cell::Cell<Option<&'static str>> = std::cell::Cell::new(None);
        let add64 = |a: &mut u64, b: u64, what: &'static str| match a.checked_add(b) {
            Some(v) => *a = v,
            None => overflow.set(Some(what)),
        };
        let add128 = |a: &mut u128, b: u128, what: &'static str| match a.checked_add(b) {
            Some(v) => *a = v,
            None => overflow.set(Some(what)),
        };
        add64(&mut out.rounds, o.rounds, "rounds");
        add128(&mut out.total_win, o.total_win, "total_win");
        add128(&mut out.raw_win, o.raw_win, "raw_win");
        add64(&mut out.capped_rounds, o.capped_rounds, "capped_rounds");
        add64(&mut out.unreconciled, o.unreconciled, "unreconciled");
        merge_rows(
            &mut out.symbol_wins,
            &o.symbol_wins,
            |r| (r.symbol.clone(), pay_rule_name(r.pays), r.count),
            |a, b| {
                add64(&mut a.times, b.times, "symbol_wins' times");
                add128(&mut a.amount, b.amount, "symbol_wins' amount");
                a.pay_min = a.pay_min.min(b.pay_min);
                a.pay_max = a.pay_max.max(b.pay_max);
            },
        );
        let named = |a: &mut NamedRow, b: &NamedRow| {
            add64(&mut a.times, b.times, "a named row's times");
            add128(&mut a.amount, b.amount, "a named row's amount");
        };
        merge_rows(
            &mut out.other_wins,
            &o.other_wins,
            |r| r.what.clone(),
            named,
        );
        merge_rows(&mut out.powers, &o.powers, |r| r.what.clone(), named);
        merge_rows(
            &mut out.depths,
            &o.depths,
            |r| r.depth,
            |a, b| {
                add64(&mut a.times, b.times, "depths' times");
                add128(&mut a.amount, b.amount, "depths' amount");
            },
        );
        merge_rows(
            &mut out.multipliers,
            &o.multipliers,
            |r| r.multiplier,
            |a, b| {
                add64(&mut a.times, b.times, "multipliers' times");
                add128(&mut a.base, b.base, "multipliers' base");
                add128(&mut a.amount, b.amount, "multipliers' amount");
            },
        );
        merge_rows(
            &mut out.cascades,
            &o.cascades,
            |r| r[0],
            |a, b| {
                add64(&mut a[1], b[1], "cascades' spins");
            },
        );
        merge_rows(
            &mut out.win_counts,
            &o.win_counts,
            |r| r[0],
            |a, b| {
                add64(&mut a[1], b[1], "win_counts' rounds");
            },
        );
        if let Some(what) = overflow.get() {
            return Err(DetailError::Overflow { what });
        }
        *self = out;
        Ok(())
    }

    /// Checks the sums against themselves and against the run's sums `sums`: the same rounds,
    /// total win and cap hits; the round wins count every round and add up to the total win,
    /// their largest is the run's largest win and the winning ones are its hits; the rows add
    /// up to `raw_win`, which is the total win when nothing was capped and at least it
    /// otherwise; every round reconciled; each multiplier row's amount is its base times its
    /// multiplier; rows sorted by key, each key once.
    ///
    /// # Errors
    /// The first relation that fails, named ([`DetailError`]).
    pub fn check(&self, sums: &Accumulator) -> Result<(), DetailError> {
        if self.rounds != sums.rounds
            || self.total_win != sums.total_win
            || self.capped_rounds != sums.cap_hits
        {
            return Err(DetailError::RunSums {
                rounds: self.rounds,
                total_win: self.total_win,
                capped: self.capped_rounds,
                run_rounds: sums.rounds,
                run_total_win: sums.total_win,
                run_capped: sums.cap_hits,
            });
        }
        if self.unreconciled > 0 {
            return Err(DetailError::Unreconciled(self.unreconciled));
        }
        let counted: u128 = self.win_counts.iter().map(|p| u128::from(p[1])).sum();
        let won: u128 = self
            .win_counts
            .iter()
            .map(|p| u128::from(p[0]) * u128::from(p[1]))
            .sum();
        let hits: u64 = self
            .win_counts
            .iter()
            .filter(|p| p[0] > 0)
            .map(|p| p[1])
            .sum();
        let max = self.win_counts.last().map_or(0, |p| p[0]);
        if counted != u128::from(self.rounds)
            || won != self.total_win
            || hits != sums.hits
            || (self.rounds > 0 && max != sums.max_win)
            || self.win_counts.iter().any(|p| p[1] == 0)
        {
            return Err(DetailError::RoundWins {
                counted,
                won,
                hits,
                max,
                rounds: self.rounds,
                total_win: self.total_win,
                run_hits: sums.hits,
                run_max: sums.max_win,
            });
        }
        let rows: u128 = self.symbol_wins.iter().map(|r| r.amount).sum::<u128>()
            + self.other_wins.iter().map(|r| r.amount).sum::<u128>();
        if rows != self.raw_win
            || self.raw_win < self.total_win
            || (self.capped_rounds == 0 && self.raw_win != self.total_win)
        {
            return Err(DetailError::Rows {
                rows,
                raw_win: self.raw_win,
                total_win: self.total_win,
                capped: self.capped_rounds,
            });
        }
        let depth: u128 = self.depths.iter().map(|r| r.amount).sum();
        let symbols: u128 = self.symbol_wins.iter().map(|r| r.amount).sum();
        let depth_times: u64 = self.depths.iter().map(|r| r.times).sum();
        let symbol_times: u64 = self.symbol_wins.iter().map(|r| r.times).sum();
        if depth != symbols || depth_times != symbol_times {
            return Err(DetailError::Depths {
                depth_times,
                depth,
                symbol_times,
                symbols,
            });
        }
        // Every round has at least one spin; the wins after a power (each spin's after one
        // power at a time) and the multiplied wins are parts of the money; a multiplier is
        // paid on one or more symbol wins.
        let spins: u64 = self.cascades.iter().map(|p| p[1]).sum();
        let powers: u128 = self.powers.iter().map(|r| r.amount).sum();
        let multiplied: u128 = self.multipliers.iter().map(|r| r.amount).sum();
        let multiplier_times: u64 = self.multipliers.iter().map(|r| r.times).sum();
        if spins < self.rounds
            || powers > self.raw_win
            || multiplied > self.raw_win
            || multiplier_times > symbol_times
        {
            return Err(DetailError::Parts {
                spins,
                rounds: self.rounds,
                powers,
                multiplied,
                multiplier_times,
                raw_win: self.raw_win,
                symbol_times,
            });
        }
        if let Some(r) = self
            .multipliers
            .iter()
            .find(|r| r.base * u128::from(r.multiplier) != r.amount)
        {
            return Err(DetailError::Multiplier {
                multiplier: r.multiplier.into(),
                amount: r.amount,
                base: r.base,
            });
        }
        if let Some(r) = self.symbol_wins.iter().find(|r| r.pay_min > r.pay_max) {
            return Err(DetailError::PayRange {
                symbol: r.symbol.clone(),
                count: r.count.into(),
                pay_min: r.pay_min,
                pay_max: r.pay_max,
            });
        }
        let sorted = sorted_unique(&self.symbol_wins, |r| {
            (r.symbol.clone(), pay_rule_name(r.pays), r.count)
        }) && sorted_unique(&self.other_wins, |r| r.what.clone())
            && sorted_unique(&self.powers, |r| r.what.clone())
            && sorted_unique(&self.depths, |r| r.depth)
            && sorted_unique(&self.multipliers, |r| r.multiplier)
            && sorted_unique(&self.cascades, |r| r[0])
            && sorted_unique(&self.win_counts, |r| r[0]);
        if !sorted {
            return Err(DetailError::Unsorted);
        }
        Ok(())
    }

    /// The win (hundredths of the bet) below which a share `p` (0 to 1) of the rounds lie:
    /// the smallest win w with at least `p` x rounds winning at most w. `None` without rounds.
    pub fn percentile(&self, p: f64) -> Option<u64> {
        if self.rounds == 0 {
            return None;
        }
        let need = (p.clamp(0.0, 1.0) * self.rounds as f64).ceil().max(1.0) as u64;
        let mut seen = 0u64;
        for &[w, n] in &self.win_counts {
            seen += n;
            if seen >= need {
                return Some(w);
            }
        }
        self.win_counts.last().map(|p| p[0])
    }

    /// The median win of the winning rounds alone (hundredths of the bet), `None` without any.
    pub fn median_winning(&self) -> Option<u64> {
        let winning: u64 = self
            .win_counts
            .iter()
            .filter(|p| p[0] > 0)
            .map(|p| p[1])
            .sum();
        if winning == 0 {
            return None;
        }
        let need = winning.div_ceil(2);
        let mut seen = 0u64;
        self.win_counts
            .iter()
            .filter(|p| p[0] > 0)
            .find(|p| {
                seen += p[1];
                seen >= need
            })
            .map(|p| p[0])
    }
}

/// The name of a pay rule as the report writes it.
pub fn pay_rule_name(p: PayRule) -> &'static str {
    match p {
        PayRule::Line => "line",
        PayRule::Ways => "ways",
        PayRule::Anywhere => "anywhere",
        PayRule::Scatter => "scatter",
    }
}

fn kind_name(k: AwardKind) -> &'static str {
    match k {
        AwardKind::Cash => "cash",
        AwardKind::Mini => "mini",
        AwardKind::Minor => "minor",
        AwardKind::Major => "major",
        AwardKind::Grand => "grand",
        AwardKind::FreeSpins => "free spins",
    }
}

fn princess_name(p: Princess) -> &'static str {
    match p {
        Princess::Love => "love",
        Princess::Star => "star",
        Princess::Storm => "storm",
    }
}

/// A symbol win waiting for its tumble sequence's multiplier (Starlight Christmas).
#[derive(Clone, Debug)]
struct Pending {
    symbol: String,
    pays: PayRule,
    count: u32,
    pay: u64,
    depth: u32,
}

/// Sums being built, by key (turned into a [`Detail`]'s sorted rows by [`DetailRecorder::finish`]).
#[derive(Default)]
struct Maps {
    symbol_wins: BTreeMap<(String, &'static str, u32), SymbolRow>,
    other_wins: BTreeMap<String, (u64, u128)>,
    powers: BTreeMap<String, (u64, u128)>,
    depths: BTreeMap<u32, (u64, u128)>,
    cascades: BTreeMap<u64, u64>,
    multipliers: BTreeMap<u32, (u64, u128, u128)>,
    win_counts: BTreeMap<u64, u64>,
}

/// A [`Recorder`] that adds up the contributions of the rounds played with it (see the module
/// docs): play rounds with it, then take the sums with [`DetailRecorder::finish`].
#[derive(Default)]
pub struct DetailRecorder {
    maps: Maps,
    rounds: u64,
    total_win: u128,
    raw_win: u128,
    capped_rounds: u64,
    unreconciled: u64,
    // The round being read.
    round_raw: u128,
    round_bad: bool,
    spin_open: bool,
    depth: u32,
    power: Option<String>,
    pending: Vec<Pending>,
    stars: Vec<([u8; 2], Award)>,
    held: Vec<Award>,
    // Sums of other recorders added in ([`DetailRecorder::absorb`]).
    absorbed: Detail,
}

impl DetailRecorder {
    /// An empty recorder.
    pub fn new() -> Self {
        Self::default()
    }

    fn end_spin(&mut self) {
        if self.spin_open {
            *self.maps.cascades.entry(u64::from(self.depth)).or_default() += 1;
        }
        self.spin_open = false;
        self.depth = 0;
        self.power = None;
    }

    fn credit_power(&mut self, amount: u128) {
        if let Some(p) = &self.power {
            self.maps.powers.entry(p.clone()).or_default().1 += amount;
        }
    }

    fn symbol_win(&mut self, w: &Pending, amount: u128) {
        let row = self
            .maps
            .symbol_wins
            .entry((w.symbol.clone(), pay_rule_name(w.pays), w.count))
            .or_insert_with(|| SymbolRow {
                symbol: w.symbol.clone(),
                pays: w.pays,
                count: w.count,
                times: 0,
                amount: 0,
                pay_min: w.pay,
                pay_max: w.pay,
            });
        row.times += 1;
        row.amount += amount;
        row.pay_min = row.pay_min.min(w.pay);
        row.pay_max = row.pay_max.max(w.pay);
        let d = self.maps.depths.entry(w.depth).or_default();
        d.0 += 1;
        d.1 += amount;
        self.round_raw += amount;
        self.credit_power(amount);
    }

    fn other_win(&mut self, what: String, amount: u128) {
        let e = self.maps.other_wins.entry(what).or_default();
        e.0 += 1;
        e.1 += amount;
        self.round_raw += amount;
        self.credit_power(amount);
    }

    fn multiplier(&mut self, m: u32, base: u128) {
        let e = self.maps.multipliers.entry(m).or_default();
        e.0 += 1;
        e.1 += base;
        e.2 += base * u128::from(m);
    }

    fn read(&mut self, e: Event) {
        match e {
            Event::RoundStart { .. } => {
                self.round_raw = 0;
                self.round_bad = false;
                self.pending.clear();
                self.stars.clear();
                self.held.clear();
                self.spin_open = false;
                self.depth = 0;
                self.power = None;
            }
            Event::SpinStart { .. } => {
                self.end_spin();
                self.spin_open = true;
            }
            Event::Landed { stars, .. } => {
                self.stars = stars
                    .unwrap_or_default()
                    .into_iter()
                    .map(|s| (s.cell, s.award))
                    .collect();
            }
            Event::Win {
                symbol,
                pays,
                count,
                pay,
                multiplier,
                paid,
                uncapped,
                ..
            } => {
                let w = Pending {
                    symbol,
                    pays,
                    count,
                    pay: pay.hundredths(),
                    depth: self.depth,
                };
                match paid {
                    Some(paid) => {
                        let m = multiplier.unwrap_or(1);
                        let raw = u128::from(uncapped.unwrap_or(paid).hundredths());
                        if raw != u128::from(w.pay) * u128::from(m) {
                            self.round_bad = true;
                        }
                        if let Some(m) = multiplier {
                            self.multiplier(m, u128::from(w.pay));
                        }
                        self.symbol_win(&w, raw);
                    }
                    None => self.pending.push(w),
                }
            }
            Event::Tumble { .. } => self.depth += 1,
            Event::SequenceEnd {
                symbol_win,
                multiplier,
                paid,
                uncapped,
                ..
            } => {
                let pending = std::mem::take(&mut self.pending);
                let base: u128 = pending.iter().map(|w| u128::from(w.pay)).sum();
                let raw = u128::from(uncapped.unwrap_or(paid).hundredths());
                if base != u128::from(symbol_win.hundredths())
                    || base * u128::from(multiplier) != raw
                {
                    self.round_bad = true;
                }
                for w in &pending {
                    self.symbol_win(w, u128::from(w.pay) * u128::from(multiplier));
                }
                self.multiplier(multiplier, base);
                self.pending = pending;
                self.pending.clear();
            }
            Event::Power { power, source, .. } => {
                let key = match source {
                    PowerSource::Trinity => "trinity (love, star, storm)".to_string(),
                    PowerSource::Random => format!("{} (random)", princess_name(power)),
                    PowerSource::FreeSpin => format!("{} (free spin)", princess_name(power)),
                };
                if self.power.as_deref() != Some(key.as_str()) {
                    self.maps.powers.entry(key.clone()).or_default().0 += 1;
                    self.power = Some(key);
                }
            }
            Event::GridCleared { paid, uncapped } => {
                // A clear in the base game pays nothing (it triggers the free spins).
                let raw = uncapped.unwrap_or(paid).hundredths();
                if raw > 0 {
                    self.other_win("grid clear 100x".into(), u128::from(raw));
                }
            }
            Event::GiftBonus { award, paid, .. } => {
                self.other_win(
                    format!("gift: {}", kind_name(award.kind)),
                    u128::from(paid.hundredths()),
                );
            }
            Event::LockAndSpinStart { held, .. } => {
                self.held = self
                    .stars
                    .iter()
                    .filter(|(c, _)| held.contains(c))
                    .map(|&(_, a)| a)
                    .collect();
                if self.held.len() != held.len() {
                    self.round_bad = true;
                }
            }
            Event::Respin { new_stars, .. } => {
                self.held.extend(new_stars.iter().map(|s| s.award));
            }
            Event::LockAndSpinEnd {
                star_values,
                grand,
                paid,
                uncapped,
                ..
            } => {
                let held = std::mem::take(&mut self.held);
                let values: u64 = held.iter().map(|a| a.amount.hundredths()).sum();
                let raw = uncapped.unwrap_or(paid).hundredths();
                if values != star_values.hundredths() || raw < values || (!grand && raw != values) {
                    self.round_bad = true;
                }
                for a in &held {
                    self.other_win(
                        format!("lock & spin: {} stars", kind_name(a.kind)),
                        u128::from(a.amount.hundredths()),
                    );
                }
                if grand {
                    self.other_win(
                        "lock & spin: grand (full grid)".into(),
                        u128::from(raw.saturating_sub(values)),
                    );
                }
            }
            Event::RoundEnd { win, capped } => {
                self.end_spin();
                let win = win.hundredths();
                let ok = !self.round_bad
                    && self.pending.is_empty()
                    && if capped {
                        self.round_raw >= u128::from(win)
                    } else {
                        self.round_raw == u128::from(win)
                    };
                if !ok {
                    self.unreconciled += 1;
                }
                self.rounds += 1;
                self.total_win += u128::from(win);
                self.raw_win += self.round_raw;
                self.capped_rounds += u64::from(capped);
                *self.maps.win_counts.entry(win).or_default() += 1;
                self.round_raw = 0;
            }
            _ => {}
        }
    }

    /// Adds the sums of another recorder (another thread's rounds).
    pub fn absorb(&mut self, other: DetailRecorder) {
        // A run's own sums: 2^64 rounds would be needed to pass their integers.
        self.absorbed
            .merge(&other.finish())
            .expect("a run's own contribution sums fit their integers");
    }

    /// The sums of every round read so far (and of the recorders absorbed), as a [`Detail`]
    /// (rows sorted by key).
    pub fn finish(self) -> Detail {
        let m = self.maps;
        let named = |m: BTreeMap<String, (u64, u128)>| {
            m.into_iter()
                .map(|(what, (times, amount))| NamedRow {
                    what,
                    times,
                    amount,
                })
                .collect()
        };
        let mut d = Detail {
            rounds: self.rounds,
            total_win: self.total_win,
            raw_win: self.raw_win,
            capped_rounds: self.capped_rounds,
            unreconciled: self.unreconciled,
            symbol_wins: m.symbol_wins.into_values().collect(),
            other_wins: named(m.other_wins),
            depths: m
                .depths
                .into_iter()
                .map(|(depth, (times, amount))| DepthRow {
                    depth,
                    times,
                    amount,
                })
                .collect(),
            cascades: m.cascades.into_iter().map(|(k, v)| [k, v]).collect(),
            multipliers: m
                .multipliers
                .into_iter()
                .map(|(multiplier, (times, base, amount))| MultiplierRow {
                    multiplier,
                    times,
                    base,
                    amount,
                })
                .collect(),
            powers: named(m.powers),
            win_counts: m.win_counts.into_iter().map(|(k, v)| [k, v]).collect(),
        };
        d.merge(&self.absorbed)
            .expect("a run's own contribution sums fit their integers");
        d
    }
}

impl Recorder for DetailRecorder {
    fn record(&mut self, make: impl FnOnce() -> Event) {
        self.read(make());
    }
}
