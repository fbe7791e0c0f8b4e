//! Exact figures of a math model, by counting over the reel strips and by a Markov chain for
//! Lock & Spin: rational arithmetic only, no sampling (the rules, "Math model").
//!
//! # Method
//! * The reels stop independently and uniformly, so for a paying symbol `s` with `E_r` the
//!   expected number of `s`-or-Wild cells in reel `r`'s window and `Z_r` the probability of
//!   none, the expected ways win per spin is
//!   `pay3 E1 E2 E3 Z4 + pay4 E1 E2 E3 E4 Z5 + pay5 E1 E2 E3 E4 E5` (the product of counts
//!   is a product of independent factors). Each is an integer over `L1 L2 L3 L4 L5`.
//! * The Bonus and Star counts of a grid are sums of independent per-reel counts: their
//!   distributions are convolutions of per-reel integer counts (exact).
//! * The hit frequency of ways wins depends on reels 1 to 3 only: every combination of their
//!   windows is counted (grouped by which symbols each window can match).
//! * Lock & Spin with `k` Stars held and `r` respins left: each of the `15 - k` empty cells gets
//!   a Star independently with probability `p`, so the new Stars are binomial; with `j > 0`
//!   the state becomes `(k + j, 3)`, with none `(k, r - 1)`; it ends at `r = 0` or `k = 15`.
//!   The expected final Star count and the Grand probability solve this chain backwards from
//!   `k = 15` (exact rationals; the numbers pass `u128`). Star values are drawn
//!   independently of the count, so a feature's mean value is
//!   `E[final Stars] x mean Star value + P(Grand) x 200`.
//! * Free spins: a free spin awards on average `m = 10 (P(3 Bonus) + P(full-Wild reels) x
//!   P(gift = free spins))` more; free spins are independent and identically distributed, so
//!   by Wald's identity an award of 10 plays `10 / (1 - m)` spins on average and wins that
//!   times the mean free spin. Everything is linear, so the whole RTP is exact.
//!
//! # Arithmetic
//! Every figure is a [`BigRational`] (`num-rational` over `num-bigint`): an exact fraction of
//! arbitrary-size integers, always reduced to lowest terms, so a figure is written the same
//! way (numerator/denominator) whatever order it was summed in. The Lock & Spin chain
//! multiplies binomial probabilities with denominators like `25^15` over dozens of steps:
//! the RTP's denominator has 211 decimal digits. Floats appear only when a figure is printed
//! ([`to_f64`]).

use crate::evaluate::{LOCK_AND_SPIN_STARS, SCATTER_COUNT, WAYS_PAY};
use crate::math_model::{FREE_SPINS_AWARD, GRAND, GiftPrize, MathModel, ModelError, RESPINS};
use crate::symbols::{BONUS, CELLS, PAYING, REELS, STAR, WILD};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use slot_core::sampling::ReelStrip;
use std::collections::HashMap;

/// The exact fraction `numerator / denominator`, reduced.
///
/// # Panics
/// If `denominator` is zero: every denominator here is a product of strip lengths or weight
/// totals, which a valid model keeps positive.
pub fn fraction(numerator: u128, denominator: u128) -> BigRational {
    BigRational::new(BigInt::from(numerator), BigInt::from(denominator))
}

/// The integer `n` as a fraction.
pub fn integer(n: u128) -> BigRational {
    BigRational::from_integer(BigInt::from(n))
}

/// The `f64` nearest to `r` (`num-rational`'s correctly rounded conversion), for reports only.
pub fn to_f64(r: &BigRational) -> f64 {
    r.to_f64().unwrap_or(f64::NAN)
}

/// `a / b`, or zero if `b` is zero (an empty feature has no mean).
fn div_or_zero(a: &BigRational, b: &BigRational) -> BigRational {
    if b.is_zero() {
        BigRational::zero()
    } else {
        a / b
    }
}

/// Figures of one set of five strips (base game or free spins), per spin, without multiplier.
#[derive(Clone, Debug, PartialEq)]
pub struct StripFigures {
    /// Expected ways win per spin, x bet (multiplier 1).
    pub ways_value: BigRational,
    /// Expected ways win per spin by paying symbol (in [`PAYING`] order), x bet.
    pub ways_value_by_symbol: Vec<BigRational>,
    /// Probability of at least one ways win.
    pub ways_hit_frequency: BigRational,
    /// Probability of a ways win or the scatter pay.
    pub paytable_hit_frequency: BigRational,
    /// Probability of 3 or more Bonus symbols (scatter pay and 10 free spins).
    pub scatter_probability: BigRational,
    /// Probability that reel 2, and that reel 4, is full of Wilds.
    pub full_wild_probability: [BigRational; 2],
    /// `star_count[k]`: probability of exactly `k` Stars on the grid, `k = 0..=15`.
    pub star_count: Vec<BigRational>,
    /// Number of stop combinations (the product of the strip lengths).
    pub combinations: u128,
}

/// Exact figures of Lock & Spin, by the number of Stars it starts with.
#[derive(Clone, Debug, PartialEq)]
pub struct LockAndSpinFigures {
    /// Mean value of one Star, x bet.
    pub mean_star_value: BigRational,
    /// `expected_stars[k]`: expected Stars at the end, starting with `k` held (`k = 0..=15`;
    /// entries below 6 are the chain's values, never used by the game).
    pub expected_stars: Vec<BigRational>,
    /// `grand_probability[k]`: probability of filling all 15 cells, starting with `k`.
    pub grand_probability: Vec<BigRational>,
    /// `mean_value[k]`: mean win of the feature starting with `k`, x bet.
    pub mean_value: Vec<BigRational>,
}

/// Per-spin figures of the features for one set of strips.
#[derive(Clone, Debug, PartialEq)]
pub struct FeatureFigures {
    /// Probability that a spin starts Lock & Spin (6 or more Stars).
    pub lock_and_spin_probability: BigRational,
    /// Expected Lock & Spin win per spin, x bet.
    pub lock_and_spin_value: BigRational,
    /// Mean Lock & Spin win given that it starts, x bet.
    pub lock_and_spin_mean: BigRational,
    /// Probability that a spin leads to the Grand (through its Lock & Spin).
    pub grand_probability: BigRational,
    /// Expected number of gift bonus wins per spin.
    pub gift_wins: BigRational,
    /// Expected gift cash and jackpot win per spin, x bet.
    pub gift_value: BigRational,
    /// Expected number of 10-free-spin awards per spin (scatter and gift).
    pub free_spin_awards: BigRational,
}

/// Every exact figure of a math model.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactFigures {
    /// The base-game strips.
    pub base: StripFigures,
    /// The free-spin strips.
    pub free: StripFigures,
    /// Lock & Spin by starting Stars.
    pub lock_and_spin: LockAndSpinFigures,
    /// Features per base spin.
    pub base_features: FeatureFigures,
    /// Features per free spin.
    pub free_features: FeatureFigures,
    /// Mean cash or jackpot of one gift bonus win (free spins count as zero), x bet.
    pub gift_mean_cash: BigRational,
    /// Probability that a gift bonus win is 10 free spins.
    pub gift_free_spins_probability: BigRational,
    /// Expected free spins awarded per free spin (`m`, below 1).
    pub free_spins_per_free_spin: BigRational,
    /// Expected free spins played per award of 10 (`10 / (1 - m)`).
    pub free_spins_per_award: BigRational,
    /// Expected win of one free spin, x bet (paytable wins doubled, gift and Lock & Spin not).
    pub free_spin_value: BigRational,
    /// Probability that a round has free spins (3 Bonus or a gift of free spins in the base
    /// spin).
    pub free_spins_probability: BigRational,
    /// Expected number of Grands per round (the Grand's odds: 1 in its inverse).
    pub grands_per_round: BigRational,
    /// The RTP split by source, in [`crate::SOURCES`] order, x bet per round.
    pub rtp_by_source: Vec<BigRational>,
    /// The RTP of the model.
    pub rtp: BigRational,
}

fn windows(strip: &ReelStrip) -> impl Iterator<Item = [u8; 3]> + '_ {
    (0..strip.len()).map(move |t| [strip.at(t), strip.at(t + 1), strip.at(t + 2)])
}

/// Per-reel integer distribution of how many window cells satisfy `pred`.
fn count_distribution(strip: &ReelStrip, pred: impl Fn(u8) -> bool) -> [u128; 4] {
    let mut d = [0u128; 4];
    for w in windows(strip) {
        d[w.iter().filter(|&&s| pred(s)).count()] += 1;
    }
    d
}

fn convolve(a: &[u128], b: &[u128]) -> Vec<u128> {
    let mut r = vec![0u128; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            r[i + j] += x * y;
        }
    }
    r
}

/// The ways value of one set of strips as integers: per paying symbol (in [`PAYING`] order)
/// the numerator of its value over the common denominator `L1 x ... x L5 x 100` (returned
/// second), so that the value in x bet is `numerator / denominator`.
pub(crate) fn ways_numerators(strips: &[ReelStrip; REELS]) -> ([u128; PAYING.len()], u128) {
    let len: Vec<u128> = strips.iter().map(|s| s.len() as u128).collect();
    let combinations: u128 = len.iter().product();
    let mut out = [0u128; PAYING.len()];
    for (slot, &s) in out.iter_mut().zip(&PAYING) {
        let matches = |x: u8| x == s || x == WILD;
        let mut sum = [0u128; REELS];
        let mut zero = [0u128; REELS];
        for (r, strip) in strips.iter().enumerate() {
            let d = count_distribution(strip, matches);
            sum[r] = d[1] + 2 * d[2] + 3 * d[3];
            zero[r] = d[0];
        }
        let p = WAYS_PAY[s as usize];
        let s123 = sum[0] * sum[1] * sum[2];
        *slot = u128::from(p[0]) * s123 * zero[3] * len[4]
            + u128::from(p[1]) * s123 * sum[3] * zero[4]
            + u128::from(p[2]) * s123 * sum[3] * sum[4];
    }
    (out, combinations * 100)
}

/// The hits of one set of strips as counts: (stop combinations of reels 1 to 3 that pay a
/// way, of all `L1 x L2 x L3`; stop combinations of all reels that pay a way or the scatter,
/// of all `L1 x ... x L5`).
pub(crate) fn hit_counts(strips: &[ReelStrip; REELS]) -> (u128, u128) {
    let len: Vec<u128> = strips.iter().map(|s| s.len() as u128).collect();
    // Group reels 1..3 windows by (matchable symbols, Bonus count).
    let key = |w: [u8; 3]| -> (u16, usize) {
        let has_wild = w.contains(&WILD);
        let mut m = 0u16;
        for &s in &PAYING {
            if has_wild || w.contains(&s) {
                m |= 1 << s;
            }
        }
        (m, w.iter().filter(|&&x| x == BONUS).count())
    };
    let group = |strip: &ReelStrip| {
        let mut h: HashMap<(u16, usize), u128> = HashMap::new();
        for w in windows(strip) {
            *h.entry(key(w)).or_default() += 1;
        }
        let mut v: Vec<_> = h.into_iter().collect();
        v.sort_unstable();
        v
    };
    let (g1, g2, g3) = (group(&strips[0]), group(&strips[1]), group(&strips[2]));
    // Bonus on reels 4 and 5 together, by count (at least `need` of them).
    let b45 = convolve(
        &count_distribution(&strips[3], |x| x == BONUS),
        &count_distribution(&strips[4], |x| x == BONUS),
    );
    let at_least = |need: usize| -> u128 { b45.iter().skip(need).sum() };
    let (mut ways_hits, mut pay_hits) = (0u128, 0u128);
    let l45 = len[3] * len[4];
    for &((m1, b1), n1) in &g1 {
        for &((m2, b2), n2) in &g2 {
            for &((m3, b3), n3) in &g3 {
                let n = n1 * n2 * n3;
                if m1 & m2 & m3 != 0 {
                    ways_hits += n;
                    pay_hits += n * l45;
                } else {
                    let need = (SCATTER_COUNT as usize).saturating_sub(b1 + b2 + b3);
                    pay_hits += n * at_least(need);
                }
            }
        }
    }
    (ways_hits, pay_hits)
}

/// The exact figures of one set of strips.
pub fn strip_figures(strips: &[ReelStrip; REELS]) -> StripFigures {
    let len: Vec<u128> = strips.iter().map(|s| s.len() as u128).collect();
    let combinations: u128 = len.iter().product();
    // Ways value, per symbol: integer numerator over L1..L5 x 100.
    let (numerators, denominator) = ways_numerators(strips);
    let by_symbol: Vec<BigRational> = numerators
        .iter()
        .map(|&n| fraction(n, denominator))
        .collect();
    let ways_value = by_symbol.iter().sum();
    // Bonus and Star counts by convolution.
    let mut bonus = vec![1u128];
    let mut stars = vec![1u128];
    for strip in strips {
        bonus = convolve(&bonus, &count_distribution(strip, |x| x == BONUS));
        stars = convolve(&stars, &count_distribution(strip, |x| x == STAR));
    }
    let scatter_num: u128 = bonus.iter().skip(SCATTER_COUNT as usize).sum();
    let full = |r: usize| {
        let d = count_distribution(&strips[r], |x| x == WILD);
        fraction(d[3], len[r])
    };
    let (ways_hits, pay_hits) = hit_counts(strips);
    let l123 = len[0] * len[1] * len[2];
    StripFigures {
        ways_value,
        ways_value_by_symbol: by_symbol,
        ways_hit_frequency: fraction(ways_hits, l123),
        paytable_hit_frequency: fraction(pay_hits, combinations),
        scatter_probability: fraction(scatter_num, combinations),
        full_wild_probability: [full(1), full(3)],
        star_count: stars.iter().map(|&n| fraction(n, combinations)).collect(),
        combinations,
    }
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1u128, |acc, i| acc * (n - i) / (i + 1))
}

/// The Lock & Spin chain, solved exactly for every starting Star count.
pub fn lock_and_spin_figures(model: &MathModel) -> LockAndSpinFigures {
    let table = &model.star_values;
    let total = u128::from(table.total());
    let weighted: u128 = table
        .values()
        .iter()
        .zip(table.weights())
        .map(|(v, &w)| u128::from(v.amount().hundredths()) * u128::from(w))
        .sum();
    let mean_star_value = fraction(weighted, total * 100);
    let p = model.respin_star;
    let pa = fraction(u128::from(p.numerator), u128::from(p.denominator));
    let pb = fraction(
        u128::from(p.denominator - p.numerator),
        u128::from(p.denominator),
    );
    // binomials[n][j] = C(n, j) p^j (1 - p)^(n - j), by powers computed once.
    let mut pow_a = vec![BigRational::one()];
    let mut pow_b = vec![BigRational::one()];
    for i in 0..CELLS {
        pow_a.push(&pow_a[i] * &pa);
        pow_b.push(&pow_b[i] * &pb);
    }
    let binomials: Vec<Vec<BigRational>> = (0..=CELLS)
        .map(|n| {
            (0..=n)
                .map(|j| &pow_a[j] * &pow_b[n - j] * BigInt::from(binomial(n as u128, j as u128)))
                .collect()
        })
        .collect();
    // ek[k][r], pg[k][r]: expected final Stars and Grand probability in state (k held, r left).
    let mut ek = vec![vec![BigRational::zero(); RESPINS as usize + 1]; CELLS + 1];
    let mut pg = ek.clone();
    for k in (0..=CELLS).rev() {
        for r in 0..=RESPINS as usize {
            if k == CELLS {
                ek[k][r] = integer(CELLS as u128);
                pg[k][r] = BigRational::one();
                continue;
            }
            if r == 0 {
                ek[k][r] = integer(k as u128);
                continue;
            }
            let n = CELLS - k;
            let (mut e, mut g) = (BigRational::zero(), BigRational::zero());
            for j in 0..=n {
                let prob = &binomials[n][j];
                let (ne, ng) = if j == 0 {
                    (&ek[k][r - 1], &pg[k][r - 1])
                } else {
                    (&ek[k + j][RESPINS as usize], &pg[k + j][RESPINS as usize])
                };
                e += prob * ne;
                g += prob * ng;
            }
            ek[k][r] = e;
            pg[k][r] = g;
        }
    }
    let grand = fraction(u128::from(GRAND.hundredths()), 100);
    let expected_stars: Vec<BigRational> = ek.iter().map(|v| v[RESPINS as usize].clone()).collect();
    let grand_probability: Vec<BigRational> =
        pg.iter().map(|v| v[RESPINS as usize].clone()).collect();
    let mean_value = expected_stars
        .iter()
        .zip(&grand_probability)
        .map(|(e, g)| e * &mean_star_value + g * &grand)
        .collect();
    LockAndSpinFigures {
        mean_star_value,
        expected_stars,
        grand_probability,
        mean_value,
    }
}

/// The gift prize figures: mean cash (x bet, free spins as zero) and the free-spin chance.
fn gift_figures(model: &MathModel) -> (BigRational, BigRational) {
    let t = &model.gift_prizes;
    let total = u128::from(t.total());
    let mut cash = 0u128;
    let mut fs = 0u128;
    for (v, &w) in t.values().iter().zip(t.weights()) {
        cash += u128::from(v.amount().hundredths()) * u128::from(w);
        if *v == GiftPrize::FreeSpins {
            fs += u128::from(w);
        }
    }
    (fraction(cash, total * 100), fraction(fs, total))
}

fn feature_figures(
    strips: &StripFigures,
    ls: &LockAndSpinFigures,
    gift_cash: &BigRational,
    gift_fs: &BigRational,
) -> FeatureFigures {
    let mut prob = BigRational::zero();
    let mut value = BigRational::zero();
    let mut grand = BigRational::zero();
    for k in LOCK_AND_SPIN_STARS as usize..=CELLS {
        prob += &strips.star_count[k];
        value += &strips.star_count[k] * &ls.mean_value[k];
        grand += &strips.star_count[k] * &ls.grand_probability[k];
    }
    let gift_wins = &strips.full_wild_probability[0] + &strips.full_wild_probability[1];
    FeatureFigures {
        lock_and_spin_mean: div_or_zero(&value, &prob),
        lock_and_spin_probability: prob,
        lock_and_spin_value: value,
        grand_probability: grand,
        gift_value: &gift_wins * gift_cash,
        free_spin_awards: &strips.scatter_probability + &gift_wins * gift_fs,
        gift_wins,
    }
}

/// Expected free spins awarded per free spin (`m`): `10 (P(3 Bonus) + (P(reel 2 full of
/// Wilds) + P(reel 4 full of Wilds)) x P(gift = free spins))` on the free-spin strips. Free
/// spins end with probability 1 only if it is below 1.
///
/// # Panics
/// Never for a model that passes [`MathModel::validate`] (strips of 3 or more stops); that
/// check comes first in [`validate`].
pub fn free_spins_awarded_per_free_spin(model: &MathModel) -> BigRational {
    let (scatter, full) = strip_figures_light(&model.free_strips);
    let (_, gift_fs) = gift_figures(model);
    (scatter + (&full[0] + &full[1]) * gift_fs) * BigInt::from(FREE_SPINS_AWARD)
}

/// Scatter probability and full-Wild probabilities only (cheap, for validation).
fn strip_figures_light(strips: &[ReelStrip; REELS]) -> (BigRational, [BigRational; 2]) {
    let mut bonus = vec![1u128];
    for strip in strips {
        bonus = convolve(&bonus, &count_distribution(strip, |x| x == BONUS));
    }
    let combinations: u128 = strips.iter().map(|s| s.len() as u128).product();
    let full = |r: usize| {
        fraction(
            count_distribution(&strips[r], |x| x == WILD)[3],
            strips[r].len() as u128,
        )
    };
    (
        fraction(
            bonus.iter().skip(SCATTER_COUNT as usize).sum(),
            combinations,
        ),
        [full(1), full(3)],
    )
}

/// The model check, [`crate::math_model::validate`], also at its former path.
pub use crate::math_model::validate;

impl ExactFigures {
    /// Computes every exact figure of `model`, after checking it ([`validate`]).
    ///
    /// # Errors
    /// [`ModelError`] if the model breaks a rule or its free spins would never end on average.
    pub fn compute(model: &MathModel) -> Result<ExactFigures, ModelError> {
        validate(model)?;
        let base = strip_figures(&model.base_strips);
        let free = strip_figures(&model.free_strips);
        let ls = lock_and_spin_figures(model);
        let (gift_cash, gift_fs) = gift_figures(model);
        let bf = feature_figures(&base, &ls, &gift_cash, &gift_fs);
        let ff = feature_figures(&free, &ls, &gift_cash, &gift_fs);
        let award = integer(u128::from(FREE_SPINS_AWARD));
        let one = BigRational::one();
        let m = &ff.free_spin_awards * &award;
        // m < 1 (validated): an award of 10 plays 10 / (1 - m) free spins on average (Wald).
        let per_award = &award / (&one - &m);
        let fs_paytable = (&free.ways_value + &free.scatter_probability) * BigInt::from(2);
        let free_spin_value = &fs_paytable + &ff.gift_value + &ff.lock_and_spin_value;
        let spins = &bf.free_spin_awards * &per_award;
        let sources = vec![
            base.ways_value.clone(),
            base.scatter_probability.clone(),
            &spins * &fs_paytable,
            &bf.gift_value + &spins * &ff.gift_value,
            &bf.lock_and_spin_value + &spins * &ff.lock_and_spin_value,
        ];
        let rtp = sources.iter().sum();
        // P(no free spins) = P(no scatter) x prod over reels 2, 4 of (1 - P(full) x P(gift FS));
        // every factor is a probability, so nothing here goes below zero.
        let mut none = &one - &base.scatter_probability;
        for f in &base.full_wild_probability {
            none *= &one - f * &gift_fs;
        }
        Ok(ExactFigures {
            free_spins_probability: &one - none,
            grands_per_round: &bf.grand_probability + &spins * &ff.grand_probability,
            free_spins_per_free_spin: m,
            free_spins_per_award: per_award,
            free_spin_value,
            gift_mean_cash: gift_cash,
            gift_free_spins_probability: gift_fs,
            rtp_by_source: sources,
            rtp,
            base,
            free,
            lock_and_spin: ls,
            base_features: bf,
            free_features: ff,
        })
    }

    /// The share of the RTP won in free spins (everything won during them).
    pub fn free_spins_share(&self) -> BigRational {
        let spins = &self.base_features.free_spin_awards * &self.free_spins_per_award;
        div_or_zero(&(spins * &self.free_spin_value), &self.rtp)
    }
}
