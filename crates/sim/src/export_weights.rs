//! Strata of rounds and the integer weights of an exported lookup table ([`crate::export`]):
//! which stratum a round falls in ([`Stratum::of`]), how many books each stratum gets
//! ([`allocate`]), and the weights that make each stratum's probability and mean win equal a
//! reference run's exactly ([`stratum_weights`]). Integers only; no file, no game.
//!
//! # The rule
//!
//! A reference run of `R` rounds puts `n_s` rounds with wins summing to `W_s` (hundredths of
//! the bet) into stratum `s`. The books drawn from stratum `s` (always including its smallest
//! and its largest win, so that they bracket its mean `m = W_s / n_s`) are split into the low
//! books `L` (win `x <= m`) and the high books `H` (`x > m`). Every low book gets the raw
//! weight `u = n_s * sum(H) - W_s * |H|`, every high book `v = W_s * |L| - n_s * sum(L)`:
//! then `u * (m |L| - sum L) = v * (sum H - m |H|)`, so the weighted mean of the books is
//! exactly `m`. The raw weights are scaled to the stratum's share of the table, `n_s * Q` with
//! `Q = floor(2^62 / R)`, so that the stratum's probability is exactly `n_s / R`; the scaling
//! is floored, at least 1, and the few units lost to flooring go one each to the first books
//! (a change of the stratum's probability and mean of about one part in `Q / books`, below
//! 10^-9 for every run of up to 10^9 rounds). The table's total weight stays under `2^62 +
//! books`, inside the platform's unsigned 64-bit sum.
//!
//! Within a stratum, the books keep the reference's shape only as two levels (all low books
//! alike, all high books alike); the strata are narrow (win-size buckets below) so that this
//! matters little, and a stratum whose rounds all win the same gets one book.

use thiserror::Error;

/// The win-size buckets' lower bounds, in hundredths of the bet (`100` is 1 x bet, whatever the
/// mode's cost: the PAR report's buckets, [`crate::stats::BUCKET_EDGES_X`], are
/// in multiples of the bet too, and each of them is a union of these, [`Stratum::report_bucket`],
/// so that a certified report's bucket probabilities can anchor the strata). Bucket 0 is a win
/// of nothing; bucket `i >= 1` holds wins from `BUCKET_FLOORS[i - 1]` (exclusive for `i = 1`:
/// any win above nothing) up to `BUCKET_FLOORS[i]` (exclusive); the last bucket has no upper
/// bound.
pub const BUCKET_FLOORS: [u64; 13] = [
    1, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000,
];

/// How many win-size buckets there are (nothing, then one per [`BUCKET_FLOORS`] entry).
pub const BUCKETS: usize = BUCKET_FLOORS.len() + 1;

/// How many strata there are: each bucket with and without a feature, and the capped rounds.
pub const STRATA: usize = 2 * BUCKETS + 1;

/// The fewest books a stratum gets (or all of its rounds, if it has fewer): enough for its
/// smallest and largest win and a spread between them.
pub const MIN_BOOKS_PER_STRATUM: u64 = 8;

/// One stratum: a win-size bucket with or without a feature, or the capped rounds. Its index
/// ([`Stratum::index`]) is below [`STRATA`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stratum {
    /// A round that did not reach the cap: its win-size bucket (below [`BUCKETS`]) and
    /// whether a feature triggered in it.
    Win {
        /// The bucket (0: no win).
        bucket: u8,
        /// A feature triggered in the round.
        feature: bool,
    },
    /// A round that reached the cap.
    Capped,
}

impl Stratum {
    /// The stratum of a round that won `win` hundredths of the bet, with or without a feature
    /// (the game's first, [`slot_core::Game::FEATURES`]`[0]`), capped or not.
    #[must_use]
    pub fn of(win: u64, feature: bool, capped: bool) -> Stratum {
        if capped {
            return Stratum::Capped;
        }
        let bucket = BUCKET_FLOORS.iter().take_while(|&&f| win >= f).count();
        Stratum::Win {
            bucket: bucket as u8,
            feature,
        }
    }

    /// The PAR report's win-size bucket (an index of
    /// [`crate::stats::BUCKET_LABELS`]) that holds this stratum's rounds:
    /// `[100,500)` holds the strata `100-200x` and `200-500x`, `[1000,5000)` the strata
    /// `1000-2000x` and `2000-5000x`, every other bucket one stratum (with and without a
    /// feature).
    #[must_use]
    pub fn report_bucket(self) -> usize {
        match self {
            Stratum::Capped => crate::stats::BUCKETS - 1,
            Stratum::Win { bucket, .. } => match bucket {
                0..=8 => bucket as usize,
                9 => 8,
                10 => 9,
                11 | 12 => 10,
                _ => 11,
            },
        }
    }

    /// The index of the stratum, below [`STRATA`]: `2 * bucket + feature`, the capped rounds
    /// last.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Stratum::Win { bucket, feature } => 2 * bucket as usize + usize::from(feature),
            Stratum::Capped => STRATA - 1,
        }
    }

    /// The stratum of an index below [`STRATA`] (the capped rounds for any index from
    /// `STRATA - 1` on).
    #[must_use]
    pub fn from_index(index: usize) -> Stratum {
        if index >= STRATA - 1 {
            Stratum::Capped
        } else {
            Stratum::Win {
                bucket: (index / 2) as u8,
                feature: index % 2 == 1,
            }
        }
    }

    /// The stratum's label, as a book's `criteria` and the summary write it: `capped`,
    /// `nothing`, `0-1x`, `1-2x`, ..., `5000x+`, with `+feature` for rounds with a feature
    /// (`2-5x+feature`). The bounds are multiples of the bet.
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Stratum::Capped => "capped".into(),
            Stratum::Win { bucket, feature } => {
                let b = bucket as usize;
                let x = |h: u64| {
                    if h < 100 {
                        "0".to_string()
                    } else {
                        (h / 100).to_string()
                    }
                };
                let size = if b == 0 {
                    "nothing".to_string()
                } else if b == BUCKETS - 1 {
                    format!("{}x+", x(BUCKET_FLOORS[b - 1]))
                } else {
                    format!("{}-{}x", x(BUCKET_FLOORS[b - 1]), x(BUCKET_FLOORS[b]))
                };
                if feature {
                    format!("{size}+feature")
                } else {
                    size
                }
            }
        }
    }
}

/// A stratum as a reference run saw it: its rounds, their wins' sum and sum of squares, and
/// its smallest and largest win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StratumCount {
    /// Rounds of the reference run in the stratum.
    pub rounds: u64,
    /// Their wins' sum, hundredths of the bet.
    pub win_sum: u128,
    /// The sum of their squares, hundredths of the bet squared.
    pub win_sq: u128,
    /// The smallest win seen, and the first round (index in the run) that won it.
    pub min: (u64, u64),
    /// The largest win seen, and the first round that won it.
    pub max: (u64, u64),
}

impl StratumCount {
    /// Adds round `round` of the run, which won `win`.
    pub fn add(&mut self, round: u64, win: u64) {
        if self.rounds == 0 || win < self.min.0 {
            self.min = (win, round);
        }
        if self.rounds == 0 || win > self.max.0 {
            self.max = (win, round);
        }
        self.rounds += 1;
        self.win_sum += u128::from(win);
        self.win_sq += u128::from(win) * u128::from(win);
    }

    /// Whether every round of the stratum won the same.
    #[must_use]
    pub fn uniform(&self) -> bool {
        self.min.0 == self.max.0
    }
}

/// Why the books or weights of an export could not be worked out.
#[derive(Debug, Error, PartialEq)]
pub enum WeightError {
    /// Fewer books asked for than the strata need.
    #[error(
        "{asked} books cannot carry the {strata} strata the reference run found: at least {needed} books are needed ({MIN_BOOKS_PER_STRATUM} per stratum, or all its rounds if fewer; 1 for a stratum whose rounds all win the same)"
    )]
    TooFewBooks {
        /// Books asked for.
        asked: u64,
        /// Books needed.
        needed: u64,
        /// Strata with rounds.
        strata: usize,
    },
    /// The reference run played no round, or more than the weights can share out.
    #[error(
        "a reference run of {0} rounds cannot weigh a table: it must play from 1 to 2^40 rounds"
    )]
    Rounds(u64),
    /// The strata's ranges cannot carry the anchor's mean win.
    #[error(
        "the reference run's {rounds} rounds cannot carry the certified mean win: its strata's ranges leave {short:.4} hundredths of the bet a round short; play a longer reference run (--reference-rounds)"
    )]
    CannotReach {
        /// What is left, hundredths of the bet a round.
        short: f64,
        /// The reference run's rounds.
        rounds: u64,
    },
    /// A stratum's books do not bracket its mean (its smallest and largest win were not among
    /// them), or are empty: a fault of the caller.
    #[error(
        "stratum {stratum}: its {books} books do not bracket its mean win {mean:.2} hundredths (its smallest and largest win must be among them)"
    )]
    NotBracketed {
        /// The stratum's label.
        stratum: String,
        /// Books given.
        books: usize,
        /// The stratum's mean win.
        mean: f64,
    },
}

/// The largest reference run the weights can share out (so that `Q = 2^62 / R` keeps at least
/// 2^22 units per round).
pub const MAX_REFERENCE_ROUNDS: u64 = 1 << 40;

/// Books per stratum for a table of `books` books from the strata `counts` (by
/// [`Stratum::index`]) of a reference run: a stratum whose rounds all win the same gets 1
/// book; any other gets at least [`MIN_BOOKS_PER_STRATUM`] (or all its rounds), and the
/// books left are shared in proportion to the strata's rounds (largest remainders, ties to
/// the lower index), never more than a stratum's rounds. Fewer books than the strata need
/// are refused; books beyond every round of the run are not used.
///
/// # Errors
/// [`WeightError::TooFewBooks`], naming the count needed.
pub fn allocate(counts: &[StratumCount; STRATA], books: u64) -> Result<[u64; STRATA], WeightError> {
    let mut out = [0u64; STRATA];
    let mut needed = 0u64;
    let mut strata = 0;
    for (o, c) in out.iter_mut().zip(counts) {
        if c.rounds == 0 {
            continue;
        }
        strata += 1;
        *o = if c.uniform() {
            1
        } else {
            c.rounds.min(MIN_BOOKS_PER_STRATUM)
        };
        needed += *o;
    }
    if books < needed {
        return Err(WeightError::TooFewBooks {
            asked: books,
            needed,
            strata,
        });
    }
    // Share the rest in proportion to rounds, among the strata with room.
    let mut left = books - needed;
    while left > 0 {
        let room: Vec<usize> = (0..STRATA)
            .filter(|&i| !counts[i].uniform() && out[i] < counts[i].rounds)
            .collect();
        let total: u128 = room.iter().map(|&i| u128::from(counts[i].rounds)).sum();
        if total == 0 {
            break;
        }
        let mut given = 0u64;
        let mut remainders: Vec<(u128, usize)> = Vec::with_capacity(room.len());
        for &i in &room {
            let share = u128::from(left) * u128::from(counts[i].rounds);
            let whole = u64::try_from(share / total).unwrap_or(u64::MAX);
            let add = whole.min(counts[i].rounds - out[i]);
            out[i] += add;
            given += add;
            remainders.push((share % total, i));
        }
        if given == 0 {
            // Less than one book per stratum in proportion: one each, largest remainder first.
            remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            for &(_, i) in remainders
                .iter()
                .take(usize::try_from(left).unwrap_or(usize::MAX))
            {
                out[i] += 1;
                given += 1;
            }
        }
        left -= given;
    }
    Ok(out)
}

/// The table's units per reference round: `Q = floor(2^62 / rounds)`; stratum `s` weighs
/// `n_s * Q` in all.
///
/// # Errors
/// [`WeightError::Rounds`] for 0 rounds or more than [`MAX_REFERENCE_ROUNDS`].
pub fn units_per_round(rounds: u64) -> Result<u64, WeightError> {
    if rounds == 0 || rounds > MAX_REFERENCE_ROUNDS {
        return Err(WeightError::Rounds(rounds));
    }
    Ok((1u64 << 62) / rounds)
}

/// The integer weights of a stratum's books (wins `wins`, hundredths of the bet, in the
/// books' order), so that together they weigh `count.rounds * units` and their weighted mean
/// win is the stratum's mean `count.win_sum / count.rounds` (see the module's rule): the
/// reference run's own probability and mean ([`weights_for`] with that total and mean). Every
/// weight is at least 1.
///
/// # Errors
/// [`WeightError::NotBracketed`] if the books are empty or their wins do not bracket the
/// stratum's mean (its smallest and largest win must be among them).
pub fn stratum_weights(
    stratum: Stratum,
    count: &StratumCount,
    wins: &[u64],
    units: u64,
) -> Result<Vec<u64>, WeightError> {
    weights_for(
        stratum,
        wins,
        u128::from(count.rounds) * u128::from(units),
        Mean {
            num: count.win_sum,
            den: u128::from(count.rounds),
        },
    )
}

/// A stratum's mean win as an exact fraction, hundredths of the bet: `num / den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mean {
    /// The numerator (a wins' sum, or the mean scaled by `den`).
    pub num: u128,
    /// The denominator (rounds, or a power of two); positive.
    pub den: u128,
}

/// The integer weights of a stratum's books (wins `wins`, hundredths of the bet, in the
/// books' order) that weigh `total` together and whose weighted mean win is `mean` (the
/// module's rule: two levels, the low books `x <= mean` alike and the high books alike; the
/// units lost to flooring go one each to the first books). Every weight is at least 1.
///
/// # Errors
/// [`WeightError::NotBracketed`] if the books are empty, `mean.den` is 0, or their wins do not
/// bracket `mean` (a book at or below it and one above it, or all equal to it).
pub fn weights_for(
    stratum: Stratum,
    wins: &[u64],
    total: u128,
    mean: Mean,
) -> Result<Vec<u64>, WeightError> {
    let (n, w_sum) = (mean.den, mean.num);
    let refuse = || WeightError::NotBracketed {
        stratum: stratum.label(),
        books: wins.len(),
        mean: if n == 0 { 0.0 } else { w_sum as f64 / n as f64 },
    };
    if wins.is_empty() || n == 0 {
        return Err(refuse());
    }
    // Low: x * n <= W; high: x * n > W.
    let (mut low_n, mut low_sum, mut high_n, mut high_sum) = (0u128, 0u128, 0u128, 0u128);
    for &x in wins {
        if u128::from(x) * n <= w_sum {
            low_n += 1;
            low_sum += u128::from(x);
        } else {
            high_n += 1;
            high_sum += u128::from(x);
        }
    }
    let (u, v) = if high_n == 0 {
        // Every book at or below the mean: they bracket it only if all equal it.
        if low_sum * n != w_sum * low_n {
            return Err(refuse());
        }
        (1u128, 0u128)
    } else {
        let u = n * high_sum - w_sum * high_n;
        let v = w_sum * low_n - n * low_sum;
        if v == 0 {
            // High books but no low book below the mean: the mean is not bracketed.
            return Err(refuse());
        }
        (u, v)
    };
    let raw = |x: u64| if u128::from(x) * n <= w_sum { u } else { v };
    let denominator = u * low_n + v * high_n;
    let mut weights: Vec<u64> = wins
        .iter()
        .map(|&x| {
            // raw * total / denominator: the product may pass 2^128 (raw <= denominator).
            let w = mul_div(raw(x), total, denominator);
            u64::try_from(w).unwrap_or(u64::MAX).max(1)
        })
        .collect();
    let sum: u128 = weights.iter().map(|&w| u128::from(w)).sum();
    if sum < total {
        let mut deficit = total - sum;
        let mut i = 0;
        let len = weights.len();
        while deficit > 0 {
            weights[i % len] += 1;
            deficit -= 1;
            i += 1;
        }
    }
    Ok(weights)
}

/// The figures a table's strata are anchored on ([`calibrate`]): per round of the mode, in
/// hundredths of the bet and probabilities. Each `None` is left to the reference run.
#[derive(Clone, Debug, PartialEq)]
pub struct AnchorFigures {
    /// The mean win a round must have, hundredths of the bet (the certified RTP times the
    /// cost).
    pub mean_win: f64,
    /// The probability of a round with the feature (the game's first), and the mean win of
    /// such a round, hundredths of the bet.
    pub feature: Option<(f64, f64)>,
    /// The probability of a capped round, and the cap, hundredths of the bet.
    pub cap: Option<(f64, u64)>,
    /// The probability of each of the PAR report's win-size buckets
    /// ([`crate::stats::BUCKET_LABELS`]; the last is the cap's).
    pub buckets: Option<[f64; crate::stats::BUCKETS]>,
}

/// What [`calibrate`] gives a stratum: its probability in the table and its mean win.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StratumTarget {
    /// Its probability (0 for a stratum without rounds).
    pub probability: f64,
    /// Its mean win, hundredths of the bet.
    pub mean: f64,
    /// Whether the mean was moved from the reference run's (else it is that mean exactly).
    pub moved: bool,
}

/// What [`calibrate`] could not carry: figures of the anchor with no round of the reference
/// run to carry them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NotCarried {
    /// The cap's probability when no capped round was found.
    pub cap: f64,
    /// Report buckets (labels) with a probability but no reference round, and that
    /// probability.
    pub buckets: Vec<(String, f64)>,
}

/// The largest share of a stratum's range (its smallest to its largest win) by which a moved
/// mean stays inside it, so that its books still bracket it.
const INSIDE: f64 = 1e-3;

/// The probability and mean win of every stratum (by [`Stratum::index`]) that a table needs to
/// reproduce `anchor`, from a reference run's strata `counts`, the capped book's feature flag
/// (`None`: no capped round found, the cap not carried).
///
/// 1. The capped stratum gets the anchor's cap probability (the reference run's share without
///    one).
/// 2. The other strata start from their share of the reference run and are raked (iterative
///    proportional fitting) to the anchor's margins: the report buckets' probabilities (each a
///    union of strata, [`Stratum::report_bucket`]) and the feature's probability.
/// 3. Their mean wins move from the reference run's, within the feature rounds and within the
///    others separately (or all together without a feature anchor), so that each class's
///    mean is the anchor's and the whole the anchor's mean win: each stratum by a share
///    proportional to its probability times the variance of its mean (`p_s sd_s^2 / n_s`: the
///    least-squares move weighed by how well the reference run knows each mean), never beyond
///    its own range.
///
/// Deterministic: the same floating-point operations in the same order on every machine (no
/// transcendental function).
///
/// # Errors
/// [`WeightError::CannotReach`] when the strata's ranges cannot carry the anchor's means (a
/// reference run too small for the tail the certified figure holds).
pub fn calibrate(
    counts: &[StratumCount; STRATA],
    anchor: &AnchorFigures,
    cap_feature: Option<bool>,
) -> Result<([StratumTarget; STRATA], NotCarried), WeightError> {
    use crate::stats::{BUCKET_LABELS, BUCKETS as REPORT_BUCKETS};
    let cap_index = Stratum::Capped.index();
    let rounds: u64 = counts.iter().map(|c| c.rounds).sum();
    if rounds == 0 {
        return Err(WeightError::Rounds(0));
    }
    let mut not_carried = NotCarried::default();
    let mut p = [0f64; STRATA];
    let mut mean = [0f64; STRATA];
    for (s, c) in counts.iter().enumerate() {
        if c.rounds > 0 {
            mean[s] = c.win_sum as f64 / c.rounds as f64;
        }
    }
    // 1. The cap.
    let cap_win = anchor.cap.map(|(_, w)| w as f64);
    p[cap_index] = match (anchor.cap, cap_feature) {
        (Some((c, _)), Some(_)) => c,
        (Some((c, _)), None) => {
            not_carried.cap = c;
            0.0
        }
        (None, _) => counts[cap_index].rounds as f64 / rounds as f64,
    };
    if let (Some(w), Some(_)) = (cap_win, cap_feature) {
        mean[cap_index] = w;
    }
    let capped_feature = cap_feature.unwrap_or(false);
    let mass = 1.0 - p[cap_index];
    // 2. The other strata: the reference's shares, raked to the margins.
    let others: u64 = rounds - counts[cap_index].rounds;
    for s in 0..cap_index {
        p[s] = if others == 0 {
            0.0
        } else {
            counts[s].rounds as f64 / others as f64 * mass
        };
    }
    let feature_of =
        |s: usize| matches!(Stratum::from_index(s), Stratum::Win { feature: true, .. });
    let feature_target = anchor
        .feature
        .map(|(q, _)| (q - if capped_feature { p[cap_index] } else { 0.0 }).max(0.0));
    let bucket_targets: Option<Vec<f64>> = anchor.buckets.map(|b| {
        let mut t: Vec<f64> = b[..REPORT_BUCKETS - 1].to_vec();
        for (j, target) in t.iter_mut().enumerate() {
            let held: u64 = (0..cap_index)
                .filter(|&s| Stratum::from_index(s).report_bucket() == j)
                .map(|s| counts[s].rounds)
                .sum();
            if held == 0 && *target > 0.0 {
                // No reference round carries it: its mass goes to the others.
                not_carried
                    .buckets
                    .push((BUCKET_LABELS[j].to_string(), *target));
                *target = 0.0;
            }
        }
        let carried: f64 = t.iter().sum();
        for target in &mut t {
            *target = if carried > 0.0 {
                *target / carried * mass
            } else {
                0.0
            };
        }
        t
    });
    let scale = |p: &mut [f64; STRATA], pick: &dyn Fn(usize) -> bool, target: f64| {
        let sum: f64 = (0..cap_index).filter(|&s| pick(s)).map(|s| p[s]).sum();
        if sum > 0.0 {
            for s in (0..cap_index).filter(|&s| pick(s)) {
                p[s] *= target / sum;
            }
        }
    };
    for _ in 0..500 {
        if let Some(t) = &bucket_targets {
            for (j, &target) in t.iter().enumerate() {
                scale(
                    &mut p,
                    &|s| Stratum::from_index(s).report_bucket() == j,
                    target,
                );
            }
        }
        if let Some(f) = feature_target {
            scale(&mut p, &feature_of, f);
            scale(&mut p, &|s| !feature_of(s), mass - f);
        }
        if bucket_targets.is_none() || feature_target.is_none() {
            break;
        }
    }
    // 3. The means.
    let total_mean = anchor.mean_win;
    // Each class: the strata with the feature (`Some(true)`), without (`Some(false)`), or all.
    let classes: Vec<(Option<bool>, f64)> = match anchor.feature {
        Some((q, m_f)) => {
            let cap_part = p[cap_index] * mean[cap_index];
            let (f_total, n_total) = if capped_feature {
                (q * m_f - cap_part, total_mean - q * m_f)
            } else {
                (q * m_f, total_mean - q * m_f - cap_part)
            };
            vec![(Some(true), f_total), (Some(false), n_total)]
        }
        None => vec![(None, total_mean - p[cap_index] * mean[cap_index])],
    };
    let mut moved = [false; STRATA];
    for &(class, target) in &classes {
        let members: Vec<usize> = (0..cap_index)
            .filter(|&s| class.is_none_or(|f| feature_of(s) == f) && p[s] > 0.0)
            .collect();
        let mut free: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&s| !counts[s].uniform())
            .collect();
        let mut delta = target - members.iter().map(|&s| p[s] * mean[s]).sum::<f64>();
        // Each stratum's share of the move: p_s times the variance of its mean.
        let mut g = [0f64; STRATA];
        for &s in &free {
            let c = &counts[s];
            let n = c.rounds as f64;
            let m = mean_of(c);
            g[s] = p[s] * (c.win_sq as f64 / n - m * m).max(0.0) / n;
        }
        while delta.abs() > 1e-12 * total_mean.abs().max(1.0) && !free.is_empty() {
            let denominator: f64 = free.iter().map(|&s| p[s] * g[s]).sum();
            if denominator <= 0.0 {
                break;
            }
            let lambda = delta / denominator;
            let mut clamped = Vec::new();
            for &s in &free {
                let c = &counts[s];
                let (lo, hi) = (c.min.0 as f64, c.max.0 as f64);
                let room = (hi - lo) * INSIDE;
                let want = mean[s] + lambda * g[s];
                let got = want.clamp(lo + room, hi - room);
                delta -= p[s] * (got - mean[s]);
                mean[s] = got;
                moved[s] = true;
                if got != want {
                    clamped.push(s);
                }
            }
            if clamped.is_empty() {
                break;
            }
            free.retain(|s| !clamped.contains(s));
        }
        if delta.abs() > 1e-9 * total_mean.abs().max(1.0) {
            return Err(WeightError::CannotReach {
                short: delta,
                rounds,
            });
        }
    }
    let mut out = [StratumTarget::default(); STRATA];
    for s in 0..STRATA {
        out[s] = StratumTarget {
            probability: p[s],
            mean: mean[s],
            moved: moved[s] || (s == cap_index && cap_win.is_some() && cap_feature.is_some()),
        };
    }
    Ok((out, not_carried))
}

fn mean_of(c: &StratumCount) -> f64 {
    if c.rounds == 0 {
        0.0
    } else {
        c.win_sum as f64 / c.rounds as f64
    }
}

/// The total weight of a table whose strata are weighed by [`calibrate`]'s probabilities.
pub const TABLE_WEIGHT: u64 = 1 << 62;

/// The denominator of a moved stratum mean ([`Mean`]).
pub const MEAN_DENOMINATOR: u128 = 1 << 24;

/// A stratum's total weight and mean as [`weights_for`] takes them: `round(probability *`
/// [`TABLE_WEIGHT`]`)` (at least `books`), and the reference run's exact mean unless it was
/// moved (then the mean to 2^-24 hundredths).
#[must_use]
pub fn integer_target(target: &StratumTarget, count: &StratumCount, books: u64) -> (u128, Mean) {
    let total = ((target.probability * TABLE_WEIGHT as f64).round() as u128).max(u128::from(books));
    let mean = if target.moved || count.rounds == 0 {
        Mean {
            num: (target.mean.max(0.0) * MEAN_DENOMINATOR as f64).round() as u128,
            den: MEAN_DENOMINATOR,
        }
    } else {
        Mean {
            num: count.win_sum,
            den: u128::from(count.rounds),
        }
    };
    (total, mean)
}

/// `floor(a * b / c)` for `a <= c < 2^126` and any `b`, without overflow: binary long
/// multiplication keeping `a * (the bits of b so far) = q * c + r` with `r < c`.
fn mul_div(a: u128, b: u128, c: u128) -> u128 {
    if let Some(p) = a.checked_mul(b) {
        return p / c;
    }
    let (mut q, mut r) = (0u128, 0u128);
    for bit in (0..128).rev() {
        q <<= 1;
        r <<= 1;
        while r >= c {
            r -= c;
            q += 1;
        }
        if (b >> bit) & 1 == 1 {
            r += a;
            while r >= c {
                r -= c;
                q += 1;
            }
        }
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(wins: &[(u64, u64)]) -> StratumCount {
        let mut c = StratumCount::default();
        for &(round, win) in wins {
            c.add(round, win);
        }
        c
    }

    #[test]
    fn strata_follow_win_size_in_cost_multiples() {
        assert_eq!(Stratum::of(0, false, false).label(), "nothing");
        assert_eq!(Stratum::of(15, false, false).label(), "0-1x");
        assert_eq!(Stratum::of(99, false, false).label(), "0-1x");
        assert_eq!(Stratum::of(100, false, false).label(), "1-2x");
        assert_eq!(Stratum::of(125, true, false).label(), "1-2x+feature");
        assert_eq!(Stratum::of(499_999, false, false).label(), "2000-5000x");
        assert_eq!(Stratum::of(500_000, false, false).label(), "5000x+");
        assert_eq!(Stratum::of(500_000, true, true), Stratum::Capped);
        for i in 0..STRATA {
            assert_eq!(Stratum::from_index(i).index(), i);
        }
    }

    /// A hand-worked stratum: 10 rounds winning 100 x 6, 300 x 3, 1000 x 1 (sum 2,500, mean
    /// 250). Books 100, 100, 300, 1000: low {100, 100} (sum 200), high {300, 1000} (sum 1,300).
    /// u = 10 * 1300 - 2500 * 2 = 8,000; v = 2500 * 2 - 10 * 200 = 3,000. Weighted mean:
    /// (8000 * 200 + 3000 * 1300) / (8000 * 2 + 3000 * 2) = 5,500,000 / 22,000 = 250.
    /// With 1,100 units per round the stratum weighs 11,000: 8000 * 11000 / 22000 = 4,000 per
    /// low book and 3000 * 11000 / 22000 = 1,500 per high book.
    #[test]
    fn weights_of_a_hand_worked_stratum() {
        let mut rounds = Vec::new();
        for r in 0..6 {
            rounds.push((r, 100));
        }
        for r in 6..9 {
            rounds.push((r, 300));
        }
        rounds.push((9, 1000));
        let c = count(&rounds);
        assert_eq!(
            (c.rounds, c.win_sum, c.min, c.max),
            (10, 2500, (100, 0), (1000, 9))
        );
        let s = Stratum::of(100, false, false);
        let w = stratum_weights(s, &c, &[100, 100, 300, 1000], 1_100).unwrap();
        assert_eq!(w, vec![4_000, 4_000, 1_500, 1_500]);
        // Books all below the mean cannot reach it.
        assert!(matches!(
            stratum_weights(s, &c, &[100, 100], 1_100),
            Err(WeightError::NotBracketed { .. })
        ));
    }

    /// Flooring: 3 books of weights 1/3 each of 10 units: 3, 3, 3 floored, the 1 unit left to
    /// the first book.
    #[test]
    fn floored_units_go_to_the_first_books() {
        let c = count(&[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (5, 0),
            (6, 0),
            (7, 0),
            (8, 0),
            (9, 0),
        ]);
        let w = stratum_weights(Stratum::Capped, &c, &[0, 0, 0], 1).unwrap();
        assert_eq!(w, vec![4, 3, 3]);
    }

    #[test]
    fn allocation_gives_each_stratum_its_minimum_then_shares_by_rounds() {
        let mut counts = [StratumCount::default(); STRATA];
        // Stratum 0: 900 rounds all winning nothing; stratum 2: 90 rounds of 10..=99;
        // stratum 4: 10 rounds of 100..=109.
        for r in 0..900 {
            counts[0].add(r, 0);
        }
        for r in 0..90 {
            counts[2].add(r, 10 + r);
        }
        for r in 0..10 {
            counts[4].add(r, 100 + r);
        }
        // Needed: 1 + 8 + 8 = 17.
        assert_eq!(
            allocate(&counts, 16),
            Err(WeightError::TooFewBooks {
                asked: 16,
                needed: 17,
                strata: 3
            })
        );
        let a = allocate(&counts, 17).unwrap();
        assert_eq!((a[0], a[2], a[4]), (1, 8, 8));
        // 100 books: 83 left, shared 90 : 10 among the strata with room: 74.7 and 8.3 ->
        // 74 (82 in all) and 2 (8 floored, but only 2 rounds are left: 10 in all); the 7
        // left go to the one stratum with room: 89.
        let a = allocate(&counts, 100).unwrap();
        assert_eq!((a[0], a[2], a[4]), (1, 89, 10));
        assert_eq!(a.iter().sum::<u64>(), 100);
    }

    #[test]
    fn units_bound_the_table_weight() {
        assert_eq!(units_per_round(1 << 20), Ok(1 << 42));
        assert_eq!(units_per_round(0), Err(WeightError::Rounds(0)));
        assert!(units_per_round(MAX_REFERENCE_ROUNDS + 1).is_err());
    }

    #[test]
    fn mul_div_is_exact_beyond_128_bits() {
        let a = 3u128 << 70;
        let b = 5u128 << 70;
        let c = 1u128 << 80;
        assert_eq!(mul_div(a, b, c), 15u128 << 60);
        assert_eq!(mul_div(7, 9, 4), 15);
    }

    /// Strata of a hand-made reference run: `nothing` (60 rounds of 0), `1-2x` (10 rounds of
    /// 100 and 10 of 150) and `1-2x+feature` (the same 20 wins with the feature).
    fn small_run(feature_rounds: bool) -> [StratumCount; STRATA] {
        let mut counts = [StratumCount::default(); STRATA];
        for r in 0..60 {
            counts[Stratum::of(0, false, false).index()].add(r, 0);
        }
        for r in 0..20 {
            let win = if r < 10 { 100 } else { 150 };
            counts[Stratum::of(win, false, false).index()].add(60 + r, win);
            if feature_rounds {
                counts[Stratum::of(win, true, false).index()].add(80 + r, win);
            }
        }
        counts
    }

    /// 60 rounds of nothing, 20 of 1-2x (mean 125, variance 625): the reference mean win is
    /// 20 x 125 / 80 = 31.25 hundredths. To reach 33 the one stratum that can move (`nothing`
    /// wins 0 alike) moves its mean by 1.75 / 0.25 = 7 to 132 (p = 20 / 80 = 0.25); the
    /// probabilities stay. To reach 40 it would need a mean of 160, beyond its largest win
    /// 150: refused.
    #[test]
    fn calibration_moves_the_means_within_their_ranges() {
        let counts = small_run(false);
        let anchor = |mean_win| AnchorFigures {
            mean_win,
            feature: None,
            cap: None,
            buckets: None,
        };
        let (t, nc) = calibrate(&counts, &anchor(33.0), None).unwrap();
        let (nothing, low) = (
            Stratum::of(0, false, false).index(),
            Stratum::of(100, false, false).index(),
        );
        assert_eq!(nc, NotCarried::default());
        assert!((t[nothing].probability - 0.75).abs() < 1e-15);
        assert!((t[low].probability - 0.25).abs() < 1e-15);
        assert!((t[low].mean - 132.0).abs() < 1e-9, "{}", t[low].mean);
        assert!(t[low].moved && !t[nothing].moved);
        assert!(matches!(
            calibrate(&counts, &anchor(40.0), None),
            Err(WeightError::CannotReach { rounds: 80, .. })
        ));
    }

    /// Raked to the buckets `0`: 1/2 and `[1,2)`: 1/2 and a feature probability of 0.3 with a
    /// feature-round mean of 125: the one table with those margins (no feature round wins
    /// nothing) is nothing 0.5, 1-2x 0.2, 1-2x+feature 0.3. A mean win of 63.5 leaves the
    /// feature rounds at 125 (0.3 x 125 = 37.5) and moves 1-2x to (63.5 - 37.5) / 0.2 = 130.
    /// A cap of probability 0.001 with no capped round is not carried, and stated.
    #[test]
    fn calibration_rakes_to_the_bucket_and_feature_margins() {
        let counts = small_run(true);
        let mut buckets = [0.0; crate::stats::BUCKETS];
        buckets[0] = 0.5;
        buckets[2] = 0.5;
        let anchor = AnchorFigures {
            mean_win: 63.5,
            feature: Some((0.3, 125.0)),
            cap: Some((0.001, 500_000)),
            buckets: Some(buckets),
        };
        let (t, nc) = calibrate(&counts, &anchor, None).unwrap();
        let p = |win, feature| t[Stratum::of(win, feature, false).index()];
        assert!((p(0, false).probability - 0.5).abs() < 1e-12);
        assert!(
            (p(100, false).probability - 0.2).abs() < 1e-12,
            "{:?}",
            p(100, false)
        );
        assert!((p(100, true).probability - 0.3).abs() < 1e-12);
        assert!((p(100, true).mean - 125.0).abs() < 1e-9);
        assert!(
            (p(100, false).mean - 130.0).abs() < 1e-9,
            "{}",
            p(100, false).mean
        );
        assert_eq!(nc.cap, 0.001);
        assert_eq!(t[Stratum::Capped.index()].probability, 0.0);
    }

    /// A table stratum of probability 1/4 of [`TABLE_WEIGHT`] and a moved mean of 130 over
    /// books 100, 100, 150: low books weigh u = 2^24 x 150 - 130 x 2^24 x 1 = 20 x 2^24 each,
    /// the high book v = 130 x 2^24 x 2 - 2^24 x 200 = 60 x 2^24; shares 20 : 20 : 60 of
    /// 2^60, so 2^60 / 5, 2^60 / 5 (floored) and 3 x 2^60 / 5, the floored units to the first.
    #[test]
    fn integer_targets_give_the_probability_and_mean() {
        let count = StratumCount {
            rounds: 20,
            win_sum: 2_500,
            win_sq: 0,
            min: (100, 0),
            max: (150, 1),
        };
        let target = StratumTarget {
            probability: 0.25,
            mean: 130.0,
            moved: true,
        };
        let (total, mean) = integer_target(&target, &count, 3);
        assert_eq!(total, 1u128 << 60);
        assert_eq!(
            mean,
            Mean {
                num: 130 << 24,
                den: 1 << 24
            }
        );
        let w = weights_for(
            Stratum::of(100, false, false),
            &[100, 100, 150],
            total,
            mean,
        )
        .unwrap();
        let fifth = (1u64 << 60) / 5;
        let three = 3 * (1u64 << 60) / 5;
        let lost = (1u64 << 60) - (2 * fifth + three);
        assert_eq!(w.iter().map(|&x| u128::from(x)).sum::<u128>(), 1u128 << 60);
        assert_eq!(w[2], three + u64::from(lost > 2));
        assert_eq!(w[0], fifth + u64::from(lost > 0));
        // The weighted mean is 130 exactly: (w0 + w1) x 100 + w2 x 150 = 130 x 2^60 up to the
        // floored units.
        let sum: u128 = w
            .iter()
            .zip([100u128, 100, 150])
            .map(|(&x, y)| u128::from(x) * y)
            .sum();
        assert!((sum as f64 / (1u128 << 60) as f64 - 130.0).abs() < 1e-12);
    }

    /// Every stratum's win lies in the PAR report bucket it names: the report's bucketing of
    /// wins at each edge, on either side.
    #[test]
    fn strata_lie_inside_their_report_buckets() {
        for win in [
            0, 1, 99, 100, 199, 200, 499, 500, 999, 1_000, 1_999, 2_000, 4_999, 5_000, 9_999,
            10_000, 19_999, 20_000, 49_999, 50_000, 99_999, 100_000, 199_999, 200_000, 499_999,
            500_000, 900_000,
        ] {
            for feature in [false, true] {
                assert_eq!(
                    Stratum::of(win, feature, false).report_bucket(),
                    crate::stats::Accumulator::bucket(win, false),
                    "win {win}"
                );
            }
        }
        assert_eq!(
            Stratum::Capped.report_bucket(),
            crate::stats::Accumulator::bucket(500_000, true)
        );
    }
}
