//! Tuning the model to another RTP while holding the published variant's shape (feature
//! `exact`): every figure the search steers on is computed exactly from the model, so no
//! sampling noise can steer it.
//!
//! # The knobs
//! The paytable and every rule stay the published ones; four parts of the math model move,
//! one per part of the RTP, so that each part can be scaled by the same factor and the split
//! of the RTP between its sources (base-game ways, free spins, gift bonus wins, Lock & Spin)
//! stays the published one:
//!
//! * **base strips** (base-game ways): paying symbols of the base strips are replaced, one
//!   position at a time, until the strips' ways value is within 0.005 pp of its goal. Each
//!   step looks at the next 24 positions of a fixed order (a SplitMix64 key per position from
//!   the tuning seed, so every reel changes a little) and every other paying symbol for each,
//!   and takes the replacement that best brings the ways value to its goal while keeping the
//!   ways hit frequency of reels 1 to 3 at the published one (score: distance to the goal plus
//!   the hit frequency's distance, both as fractions). A replacement that would take the last
//!   of a symbol off its reel is not made, so every symbol still lands on every reel. Wilds,
//!   Bonuses and Stars never move, so the free-spin, gift and Lock & Spin frequencies do not
//!   move either.
//! * **free strips** (free-spin wins): the same on the free-spin strips, for their ways value.
//! * **gift weight moved** ([`Knobs::gift_shift`], gift bonus wins): `g > 0` moves `g` of the
//!   gift table's weight from the 1 x cash prize (then from the 2 x one) to the 0.4 x prize,
//!   `g < 0` moves `-g` from the 0.4 x prize to the 1 x one. The table's total, hence the
//!   chance of a gift's 10 free spins and of each jackpot, does not change.
//! * **Star low weight** ([`Knobs::star_low_weight`], Lock & Spin): the weight of the
//!   smallest Star cash value (0.4 x bet), the knob of the published model.
//!
//! # The search ([`tune`])
//! With `r` = target / published RTP, the base strips are reshaped to `r` times the
//! published base-game ways value, the free strips to `r` times theirs, and the gift weight is
//! set so that the gift source is nearest `r` times the published one; last, the Star low
//! weight is set so that the whole RTP is nearest the target (its steps are the finest:
//! about 0.003 pp at the published weight). The gift and Star knobs are each a bisection on an
//! exact figure ([`crate::exact::ExactFigures`]) followed by a look at the neighbours. The
//! free-spin frequency and the free-spin share of the RTP come out exact; the hit frequency
//! and the standard deviation of a whole round are measured by simulation beside the
//! published variant's (the runner library's `tune` module).

use crate::exact::{ExactFigures, hit_counts, to_f64, ways_numerators};
use crate::math_model::{
    BASE_STRIPS, FREE_STRIPS, GIFT_PRIZES, GiftPrize, MathModel, ModelError, RESPIN_STAR,
    STAR_LOW_WEIGHT, STAR_VALUES, parse_strip,
};
use crate::symbols::{PAYING, REELS};
use slot_core::game::TargetRtp;
use slot_core::sampling::{ReelStrip, WeightedTable};
use slot_core::variant::KnobValue;

/// The seed of the position order of the published ladder's variants.
pub const DEFAULT_SEED: u64 = 20_261_201;

/// How the shape-holding tuner works, in words, for a variant file (the module docs say it
/// in full).
pub const METHOD: &str = "exact search (wish_upon_a_star::tuning): with r = target / published RTP, the base and free strips are reshaped, one paying-symbol replacement at a time, to r times their published ways values while holding their ways hit frequency; the gift weight moved to 0.4 x is bisected on the exact gift source (r times the published), then the Star low weight on the exact RTP; every figure steered on is exact";

/// The lowest target the tuner takes (every game's tuners take the same range).
pub const LOWEST_TARGET: TargetRtp = slot_core::variant::LOWEST_TUNED_TARGET;
/// The highest target the tuner takes.
pub const HIGHEST_TARGET: TargetRtp = slot_core::variant::HIGHEST_TUNED_TARGET;

/// The knobs of a variant (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knobs {
    /// Base-strip positions whose symbol was replaced.
    pub base_changes: u32,
    /// Free-spin-strip positions whose symbol was replaced.
    pub free_changes: u32,
    /// Gift weight moved to the 0.4 x cash prize (`> 0`) or from it (`< 0`).
    pub gift_shift: i64,
    /// The weight of the 0.4 x Star cash value.
    pub star_low_weight: u32,
}

impl Knobs {
    /// The published variant's knobs: nothing replaced or moved, the published Star low
    /// weight.
    pub const PUBLISHED: Knobs = Knobs {
        base_changes: 0,
        free_changes: 0,
        gift_shift: 0,
        star_low_weight: STAR_LOW_WEIGHT,
    };

    /// The knobs as a variant file records them, beside the published values.
    pub fn values(&self) -> Vec<KnobValue> {
        let p = Knobs::PUBLISHED;
        let row = |knob: &str, published: i64, value: i64| KnobValue {
            knob: knob.to_string(),
            published,
            value,
        };
        vec![
            row(
                "base strip positions replaced",
                p.base_changes.into(),
                self.base_changes.into(),
            ),
            row(
                "free strip positions replaced",
                p.free_changes.into(),
                self.free_changes.into(),
            ),
            row("gift weight moved to 0.4 x", p.gift_shift, self.gift_shift),
            row(
                "Star low weight",
                p.star_low_weight.into(),
                self.star_low_weight.into(),
            ),
        ]
    }
}

/// Why a variant could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TuneError {
    /// A knob beyond what the model allows.
    #[error("{knob} = {value} is out of range: allowed {min} to {max}")]
    Knob {
        /// The knob.
        knob: &'static str,
        /// Its value.
        value: i64,
        /// Smallest allowed.
        min: i64,
        /// Largest allowed.
        max: i64,
    },
    /// The model the knobs make is refused.
    #[error("the knobs make a model the game refuses: {0}")]
    Model(#[from] ModelError),
    /// A target the tuner does not take.
    #[error(
        "target {target}: the tuner derives variants from {LOWEST_TARGET} to {HIGHEST_TARGET}; the published variant is {published}"
    )]
    Target {
        /// The target asked for.
        target: TargetRtp,
        /// The published RTP.
        published: TargetRtp,
    },
}

/// SplitMix64: the key of one position in the shift order (not a game draw).
fn key(seed: u64, set: u64, reel: u64, stop: u64) -> u64 {
    let mut z = seed
        ^ set.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (reel << 32)
        ^ stop.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Positions looked at per step of a reshape.
const WINDOW: usize = 24;
/// How close to its goal a reshape brings a strip set's ways value (a fraction of the bet).
const WAYS_TOLERANCE: f64 = 0.000_05;
/// The most replacements a reshape makes.
const MAX_CHANGES: u32 = 2_000;

/// The ways value (x bet) and the ways hit frequency of reels 1 to 3 of a set of strips.
fn ways_figures(strips: &[ReelStrip; REELS]) -> (f64, f64) {
    let (numerators, denominator) = ways_numerators(strips);
    let value = numerators.iter().sum::<u128>() as f64 / denominator as f64;
    let (hits, _) = hit_counts(strips);
    let l123: u128 = strips[..3].iter().map(|s| s.len() as u128).product();
    (value, hits as f64 / l123 as f64)
}

/// The strip set `texts` with paying symbols replaced until its ways value is nearest `goal`
/// (see the module docs), the number of replacements, and its ways value and hit frequency.
fn reshape(
    texts: &[&str; REELS],
    name: &'static str,
    set: u64,
    goal: f64,
    seed: u64,
) -> Result<([ReelStrip; REELS], u32, f64, f64), TuneError> {
    let mut strips: Vec<ReelStrip> = Vec::with_capacity(REELS);
    for (r, t) in texts.iter().enumerate() {
        strips.push(parse_strip(t, name, r)?);
    }
    let mut strips: [ReelStrip; REELS] = strips.try_into().map_err(|_| ModelError::Short {
        strips: name,
        reel: 0,
        len: 0,
    })?;
    let (mut value, hit_goal) = ways_figures(&strips);
    let mut hit = hit_goal;
    let mut order: Vec<(u64, usize, usize)> = strips
        .iter()
        .enumerate()
        .flat_map(|(r, strip)| {
            strip
                .symbols()
                .iter()
                .enumerate()
                .filter(|&(_, s)| PAYING.contains(s))
                .map(move |(i, _)| (key(seed, set, r as u64, i as u64), r, i))
        })
        .collect();
    order.sort_unstable();
    let score = |v: f64, h: f64| (v - goal).abs() + (h - hit_goal).abs();
    let (mut changes, mut cursor, mut idle) = (0u32, 0usize, 0usize);
    while (value - goal).abs() > WAYS_TOLERANCE && changes < MAX_CHANGES && idle < order.len() {
        let mut best: Option<(f64, usize, u8, f64, f64)> = None;
        for step in 0..WINDOW {
            let (_, r, i) = order[(cursor + step) % order.len()];
            let symbols = strips[r].symbols();
            let a = symbols[i];
            if !PAYING.contains(&a) || symbols.iter().filter(|&&x| x == a).count() < 2 {
                continue;
            }
            for &b in PAYING.iter().filter(|&&b| b != a) {
                let mut trial = strips.clone();
                let mut cells = symbols.to_vec();
                cells[i] = b;
                trial[r] = ReelStrip::new(cells).map_err(|source| ModelError::Weights {
                    table: name,
                    source,
                })?;
                let (v, h) = ways_figures(&trial);
                let s = score(v, h);
                if s < score(value, hit) && best.is_none_or(|x| s < x.0) {
                    best = Some((s, step, b, v, h));
                }
            }
        }
        match best {
            Some((_, step, b, v, h)) => {
                let (_, r, i) = order[(cursor + step) % order.len()];
                let mut cells = strips[r].symbols().to_vec();
                cells[i] = b;
                strips[r] = ReelStrip::new(cells).map_err(|source| ModelError::Weights {
                    table: name,
                    source,
                })?;
                (value, hit) = (v, h);
                changes += 1;
                cursor = (cursor + step + 1) % order.len();
                idle = 0;
            }
            None => {
                cursor = (cursor + WINDOW) % order.len();
                idle += WINDOW;
            }
        }
    }
    Ok((strips, changes, value, hit))
}

/// Where the 0.4 x, 1 x and 2 x cash prizes stand in the published gift table
/// ([`GIFT_PRIZES`]; a test checks it).
const CASH_LOW: usize = 0;
/// See [`CASH_LOW`].
const CASH_ONE: usize = 1;
/// See [`CASH_LOW`].
const CASH_TWO: usize = 2;

/// The published gift table with `shift` of weight moved (see the module docs).
fn gift_table(shift: i64) -> Result<WeightedTable<GiftPrize>, TuneError> {
    let (min, max) = gift_range();
    if !(min..=max).contains(&shift) {
        return Err(TuneError::Knob {
            knob: "gift weight moved to 0.4 x",
            value: shift,
            min,
            max,
        });
    }
    let mut prizes = GIFT_PRIZES;
    let mut moved = u32::try_from(shift.unsigned_abs()).unwrap_or(u32::MAX);
    if shift >= 0 {
        for from in [CASH_ONE, CASH_TWO] {
            let m = moved.min(prizes[from].1);
            prizes[from].1 -= m;
            prizes[CASH_LOW].1 += m;
            moved -= m;
        }
    } else {
        prizes[CASH_LOW].1 -= moved;
        prizes[CASH_ONE].1 += moved;
    }
    WeightedTable::new(prizes).map_err(|source| {
        TuneError::Model(ModelError::Weights {
            table: "gift prizes",
            source,
        })
    })
}

/// The range of the gift knob: (most moved from 0.4 x, most moved to it).
fn gift_range() -> (i64, i64) {
    let w = |i: usize| i64::from(GIFT_PRIZES[i].1);
    (-w(CASH_LOW), w(CASH_ONE) + w(CASH_TWO))
}

/// The model of the published rules on these strips, with the gift weight moved by
/// `gift_shift` and the Star low weight `star_low_weight`.
///
/// # Errors
/// [`TuneError::Knob`] for a gift shift out of its range, [`TuneError::Model`] for a model the
/// game refuses.
pub fn model_with(
    base_strips: [ReelStrip; REELS],
    free_strips: [ReelStrip; REELS],
    gift_shift: i64,
    star_low_weight: u32,
) -> Result<MathModel, TuneError> {
    let mut stars = STAR_VALUES;
    stars[0].1 = star_low_weight;
    let model = MathModel {
        base_strips,
        free_strips,
        star_values: WeightedTable::new(stars).map_err(|source| ModelError::Weights {
            table: "Star values",
            source,
        })?,
        gift_prizes: gift_table(gift_shift)?,
        respin_star: RESPIN_STAR,
    };
    crate::math_model::validate(&model)?;
    Ok(model)
}

/// A variant the tuner made.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// Its knobs.
    pub knobs: Knobs,
    /// Its model.
    pub model: MathModel,
    /// Its exact figures.
    pub figures: ExactFigures,
    /// The published variant's exact figures.
    pub published: ExactFigures,
    /// The search, step by step, in words (one line per knob set).
    pub log: Vec<String>,
}

/// The integer in `lo..=hi` whose `f` is nearest `goal`, for an `f` that falls (roughly) as
/// its argument grows: a bisection, then its neighbours within 4.
fn solve(
    lo: i64,
    hi: i64,
    goal: f64,
    mut f: impl FnMut(i64) -> Result<f64, TuneError>,
) -> Result<(i64, f64), TuneError> {
    let (mut a, mut b) = (lo, hi);
    while b - a > 1 {
        let mid = a + (b - a) / 2;
        if f(mid)? > goal {
            a = mid;
        } else {
            b = mid;
        }
    }
    let mut best = (a, f(a)?);
    for k in (a - 4).max(lo)..=(b + 4).min(hi) {
        let v = f(k)?;
        if (v - goal).abs() < (best.1 - goal).abs() {
            best = (k, v);
        }
    }
    Ok(best)
}

/// Derives the variant for `target` from the published model, holding its shape (see the
/// module docs); `seed` orders the positions the strip reshapes look at ([`DEFAULT_SEED`] for
/// the published ladder). The same target and seed give the same model.
///
/// # Errors
/// [`TuneError::Target`] for a target outside [`LOWEST_TARGET`] to [`HIGHEST_TARGET`];
/// [`TuneError::Model`] if a model on the way is refused (not expected: the knobs keep every
/// rule).
pub fn tune(target: TargetRtp, seed: u64) -> Result<Tuned, TuneError> {
    let published_rtp = crate::game::TARGET_RTP;
    if !(LOWEST_TARGET..=HIGHEST_TARGET).contains(&target) {
        return Err(TuneError::Target {
            target,
            published: published_rtp,
        });
    }
    let standard = MathModel::standard();
    let published = ExactFigures::compute(&standard)?;
    let goal = target.fraction();
    let r = goal / to_f64(&published.rtp);
    let part = |e: &ExactFigures, i: usize| to_f64(&e.rtp_by_source[i]);
    let mut log = Vec::new();

    let base_goal = r * to_f64(&published.base.ways_value);
    let (base, base_changes, v, h) = reshape(&BASE_STRIPS, "base", 0, base_goal, seed)?;
    log.push(format!(
        "base strips: {base_changes} positions replaced; ways value {:.4} % (goal {:.4} %), ways hit frequency of reels 1-3 {:.4} % (published {:.4} %)",
        v * 100.0,
        base_goal * 100.0,
        h * 100.0,
        to_f64(&published.base.ways_hit_frequency) * 100.0
    ));
    let free_goal = r * to_f64(&published.free.ways_value);
    let (free, free_changes, v, h) = reshape(&FREE_STRIPS, "free-spin", 1, free_goal, seed)?;
    log.push(format!(
        "free strips: {free_changes} positions replaced; ways value {:.4} x (goal {:.4} x), ways hit frequency of reels 1-3 {:.4} % (published {:.4} %)",
        v,
        free_goal,
        h * 100.0,
        to_f64(&published.free.ways_hit_frequency) * 100.0
    ));
    let exact = |gift: i64, star: u32| -> Result<ExactFigures, TuneError> {
        let m = model_with(base.clone(), free.clone(), gift, star)?;
        Ok(ExactFigures::compute(&m)?)
    };
    let gift_goal = r * part(&published, 3);
    let (low, up) = gift_range();
    // Moving weight to the 0.4 x prize lowers the gift source.
    let (gift_shift, v) = solve(low, up, gift_goal, |g| {
        Ok(part(&exact(g, STAR_LOW_WEIGHT)?, 3))
    })?;
    log.push(format!(
        "gift weight moved to 0.4 x: {gift_shift} (range {low} to {up}); gift bonus wins {:.4} % (goal {:.4} %)",
        v * 100.0,
        gift_goal * 100.0
    ));
    // The Star low weight lowers the RTP as it grows (0.4 x is below the mean Star value).
    let weight = |w: i64| u32::try_from(w).unwrap_or(u32::MAX);
    let (w, v) = solve(0, 100_000, goal, |w| {
        Ok(to_f64(&exact(gift_shift, weight(w))?.rtp))
    })?;
    let star_low_weight = weight(w);
    log.push(format!(
        "Star low weight {star_low_weight}: RTP {:.6} % (target {:.2} %)",
        v * 100.0,
        goal * 100.0
    ));
    let model = model_with(base, free, gift_shift, star_low_weight)?;
    let figures = ExactFigures::compute(&model)?;
    Ok(Tuned {
        knobs: Knobs {
            base_changes,
            free_changes,
            gift_shift,
            star_low_weight,
        },
        model,
        figures,
        published,
        log,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use slot_core::money::Win;

    fn published_strips() -> ([ReelStrip; REELS], [ReelStrip; REELS]) {
        let m = MathModel::standard();
        (m.base_strips, m.free_strips)
    }

    #[test]
    fn the_published_knobs_make_the_published_model() {
        let (base, free) = published_strips();
        let m = model_with(base, free, 0, STAR_LOW_WEIGHT).unwrap();
        assert_eq!(m, MathModel::standard());
        let v = Knobs::PUBLISHED.values();
        assert!(v.iter().all(|k| k.published == k.value));
    }

    #[test]
    fn a_reshape_reaches_its_goal_keeps_every_symbol_and_moves_no_wild_bonus_or_star() {
        let published = MathModel::standard();
        let (v0, _) = ways_figures(&published.base_strips);
        for goal in [v0 * 0.9, v0 * 1.01] {
            let (strips, changes, v, _) = reshape(&BASE_STRIPS, "base", 0, goal, 7).unwrap();
            assert!((v - goal).abs() <= WAYS_TOLERANCE, "{v} vs {goal}");
            assert_eq!(ways_figures(&strips).0, v);
            let mut replaced = 0;
            for (a, b) in published.base_strips.iter().zip(&strips) {
                assert_eq!(a.len(), b.len());
                for (&x, &y) in a.symbols().iter().zip(b.symbols()) {
                    if x != y {
                        replaced += 1;
                        assert!(PAYING.contains(&x) && PAYING.contains(&y), "{x} -> {y}");
                    }
                }
                for s in PAYING {
                    assert_eq!(a.symbols().contains(&s), b.symbols().contains(&s));
                }
            }
            // A position may be replaced twice, so the count of changes bounds the positions.
            assert!(replaced <= changes && replaced > 0, "{replaced} {changes}");
        }
        // The same goal and seed give the same strips.
        let a = reshape(&BASE_STRIPS, "base", 0, v0 * 0.95, 7).unwrap();
        let b = reshape(&BASE_STRIPS, "base", 0, v0 * 0.95, 7).unwrap();
        assert_eq!(a.0, b.0);
    }

    #[test]
    fn the_gift_knob_moves_weight_and_keeps_the_total() {
        let published = MathModel::standard();
        for (i, x) in [(CASH_LOW, 40), (CASH_ONE, 100), (CASH_TWO, 200)] {
            assert_eq!(GIFT_PRIZES[i].0, GiftPrize::Cash(Win::from_hundredths(x)));
        }
        let (low, up) = gift_range();
        assert_eq!((low, up), (-400, 400));
        for g in [low, -3, 0, 7, 250, 300, up] {
            let (base, free) = published_strips();
            let m = model_with(base, free, g, STAR_LOW_WEIGHT).unwrap();
            assert_eq!(m.gift_prizes.total(), published.gift_prizes.total());
            let w = m.gift_prizes.weights();
            let p = published.gift_prizes.weights();
            assert_eq!(i64::from(w[0]) - i64::from(p[0]), g, "0.4 x gains g");
            assert_eq!(
                w[3..],
                p[3..],
                "5 x and above, jackpots and free spins kept"
            );
        }
        let (base, free) = published_strips();
        let e = model_with(base, free, up + 1, STAR_LOW_WEIGHT).unwrap_err();
        assert!(e.to_string().contains("allowed -400 to 400"), "{e}");
    }

    #[test]
    fn a_target_outside_the_tuners_range_is_refused() {
        for t in [8399, 9701] {
            let e = tune(TargetRtp(t), DEFAULT_SEED).unwrap_err();
            assert!(e.to_string().contains("84.00 % to 97.00 %"), "{e}");
        }
    }
}

#[cfg(test)]
mod probe {
    #[test]
    #[ignore]
    fn probe_ladder() {
        for t in [9600u32, 9400, 9200, 9000, 8450] {
            let start = std::time::Instant::now();
            let tuned = super::tune(slot_core::game::TargetRtp(t), super::DEFAULT_SEED).unwrap();
            println!("{t}: {:?} in {:?}", tuned.knobs, start.elapsed());
            for l in &tuned.log {
                println!("   {l}");
            }
            println!(
                "   fs prob {:.6} vs {:.6}; share {:.4} vs {:.4}; base hit {:.4} vs {:.4}",
                super::to_f64(&tuned.figures.free_spins_probability),
                super::to_f64(&tuned.published.free_spins_probability),
                super::to_f64(&tuned.figures.free_spins_share()),
                super::to_f64(&tuned.published.free_spins_share()),
                super::to_f64(&tuned.figures.base.ways_hit_frequency),
                super::to_f64(&tuned.published.base.ways_hit_frequency)
            );
        }
    }
}
