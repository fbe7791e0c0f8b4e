//! The math model: the shipped one is valid, bad ones get typed errors naming the problem.

mod common;

use common::{cash, fixed_model};
use num_rational::BigRational;
use num_traits::One;
use slot_core::sampling::{ReelStrip, WeightedTable};
use wish_upon_a_star::exact::validate;
use wish_upon_a_star::math_model::{
    GiftPrize, MathModel, ModelError, Probability, StarValue, parse_strip,
};
use wish_upon_a_star::symbols::{BONUS, WILD};
use wish_upon_a_star::{ExactFigures, Win, WishUponAStar};

#[test]
fn the_shipped_model_is_valid_and_its_strips_follow_the_reel_rules() {
    let m = MathModel::standard();
    assert_eq!(m.validate(), Ok(()));
    for strips in [&m.base_strips, &m.free_strips] {
        for (reel, s) in strips.iter().enumerate() {
            let n = s.len();
            for t in 0..n {
                let w = [s.at(t), s.at(t + 1), s.at(t + 2)];
                assert!(
                    w.iter().filter(|&&x| x == BONUS).count() <= 1,
                    "one Bonus per window at most"
                );
                if reel % 2 == 0 {
                    assert!(!w.contains(&WILD));
                } else {
                    assert!(!w.contains(&BONUS));
                }
            }
        }
        // Wild stacks of 3 exist on reels 2 and 4 (full-Wild reels can happen).
        for reel in [1, 3] {
            let s = &strips[reel];
            assert!((0..s.len()).any(|t| (0..3).all(|k| s.at(t + k) == WILD)));
        }
    }
}

#[test]
fn bad_models_are_rejected_with_what_is_wrong() {
    let mut m = MathModel::standard();
    m.base_strips[0] = ReelStrip::new(vec![0, 1, WILD, 2]).unwrap();
    assert_eq!(
        m.validate(),
        Err(ModelError::Placement {
            strips: "base",
            reel: 1,
            stop: 2,
            symbol: "W"
        })
    );

    let mut m = MathModel::standard();
    m.free_strips[3] = ReelStrip::new(vec![0, BONUS, 2]).unwrap();
    assert!(matches!(
        m.validate(),
        Err(ModelError::Placement {
            strips: "free-spin",
            reel: 4,
            ..
        })
    ));

    // 0.30 x bet is 7.5 cents at a 0.25 bet: not whole cents.
    let mut m = MathModel::standard();
    m.star_values = WeightedTable::new([(StarValue::Cash(Win::from_hundredths(30)), 1)]).unwrap();
    let e = m.validate().unwrap_err();
    assert_eq!(
        e,
        ModelError::Cash {
            what: "Star",
            hundredths: 30,
            max: 1_500
        }
    );
    assert!(e.to_string().contains("multiple of 4"), "{e}");

    let m = fixed_model(GiftPrize::Cash(cash(1_200)), StarValue::Mini, (1, 25));
    assert!(matches!(
        m.validate(),
        Err(ModelError::Cash {
            what: "gift",
            hundredths: 1_200,
            ..
        })
    ));

    let mut m = MathModel::standard();
    m.respin_star = Probability {
        numerator: 3,
        denominator: 2,
    };
    assert!(matches!(m.validate(), Err(ModelError::Probability { .. })));

    // Every gift is free spins and the free-spin strips show a full-Wild reel 2 or 4 in 10
    // of 61 spins each: more than one free spin awarded per free spin, free spins never end.
    // The model is sound in structure; building the game (or computing its exact figures)
    // finds that its free spins never end.
    let m = fixed_model(GiftPrize::FreeSpins, StarValue::Mini, (1, 25));
    assert_eq!(m.validate(), Ok(()));
    let e = WishUponAStar::new(&m).unwrap_err();
    assert!(
        matches!(e, ModelError::EndlessFreeSpins { expected } if expected > 1.0),
        "{e}"
    );
    assert!(e.to_string().contains("less than 1"), "{e}");
    assert_eq!(validate(&m), Err(e.clone()));
    assert_eq!(ExactFigures::compute(&m).unwrap_err(), e);
    // A structural error is found before the free-spin check.
    let mut bad = m.clone();
    bad.free_strips[0] = ReelStrip::new(vec![0, 1, WILD]).unwrap();
    assert!(matches!(
        WishUponAStar::new(&bad),
        Err(ModelError::Placement { .. })
    ));

    assert!(matches!(
        parse_strip("10 J XX", "base", 0),
        Err(ModelError::Code { stop: 2, .. })
    ));
    assert!(matches!(
        parse_strip("10 J", "base", 0),
        Err(ModelError::Short { len: 2, .. })
    ));
}

#[test]
fn the_model_round_trips_through_json() {
    let m = MathModel::standard();
    let json = serde_json::to_string(&m).unwrap();
    let back: MathModel = serde_json::from_str(&json).unwrap();
    assert_eq!(back, m);
    // A model file with one weight too many is rejected while reading.
    let bad = json.replacen("\"weights\":[", "\"weights\":[0,", 1);
    assert!(serde_json::from_str::<MathModel>(&bad).is_err());
    // Unknown fields, and a model that breaks a rule (a respin chance above 1), are refused.
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["jackpot"] = 1.into();
    let e = serde_json::from_str::<MathModel>(&v.to_string()).unwrap_err();
    assert!(e.to_string().contains("unknown field `jackpot`"), "{e}");
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["respin_star"] = serde_json::json!({"numerator": 3, "denominator": 2});
    assert!(serde_json::from_str::<MathModel>(&v.to_string()).is_err());
}

#[test]
fn every_advertised_value_has_a_positive_weight_and_every_stop_can_be_drawn() {
    use num_traits::Zero;
    use slot_core::sampling::every_value_drawable;
    let m = MathModel::standard();
    // Every stop of every strip (a stop is drawn uniformly over the strip's length).
    for strips in [&m.base_strips, &m.free_strips] {
        for s in strips {
            assert!(every_value_drawable(u32::try_from(s.len()).unwrap()));
        }
    }
    // The Star values the rules name: cash up to 15x, Mini, Minor, Major; each with a positive
    // weight (landed and respin Stars share the table).
    let stars = &m.star_values;
    for label in [StarValue::Mini, StarValue::Minor, StarValue::Major] {
        let i = stars.values().iter().position(|v| *v == label).unwrap();
        assert!(stars.weights()[i] > 0, "{label:?}");
    }
    assert!(
        stars.weights().iter().all(|&w| w > 0),
        "every Star value can come"
    );
    assert!(
        stars
            .values()
            .iter()
            .any(|v| *v == StarValue::Cash(Win::from_hundredths(1_500))),
        "the 15x Star"
    );
    // Gift bonus wins: cash up to 10x, Mini, Minor, Major, 10 free spins.
    let gifts = &m.gift_prizes;
    for prize in [
        GiftPrize::Mini,
        GiftPrize::Minor,
        GiftPrize::Major,
        GiftPrize::FreeSpins,
        GiftPrize::Cash(Win::from_hundredths(1_000)),
    ] {
        let i = gifts.values().iter().position(|v| *v == prize).unwrap();
        assert!(gifts.weights()[i] > 0, "{prize:?}");
    }
    assert!(gifts.weights().iter().all(|&w| w > 0));
    // Respins can bring a Star and can miss.
    let p = m.respin_star;
    assert!(p.numerator > 0 && p.numerator < p.denominator);
    // Every paying symbol, the Wild, the Bonus and the Star stand on the strips; the free
    // spins, Lock & Spin, full-Wild reels and the Grand have positive probabilities.
    for strips in [&m.base_strips, &m.free_strips] {
        for sym in 0..wish_upon_a_star::symbols::SYMBOLS as u8 {
            assert!(
                strips.iter().any(|s| s.symbols().contains(&sym)),
                "symbol {sym} never lands"
            );
        }
    }
    let e = ExactFigures::compute(&m).unwrap();
    for f in [&e.base, &e.free] {
        assert!(!f.scatter_probability.is_zero());
        assert!(f.full_wild_probability.iter().all(|p| !p.is_zero()));
    }
    assert!(!e.base_features.lock_and_spin_probability.is_zero());
    assert!(!e.grands_per_round.is_zero());
}

/// A free-spin strip set: reels 1, 3, 5 of `len` stops with `bonus` Bonus 3 stops apart,
/// reels 2 and 4 of `wild_len` stops with a stack of `stack` Wilds.
fn free_strips(len: usize, bonus: usize, wild_len: usize, stack: [usize; 2]) -> [ReelStrip; 5] {
    let plain = |n: usize| (0..n).map(|i| (i % 5) as u8).collect::<Vec<u8>>();
    let bonus_reel = || {
        let mut s = plain(len);
        for b in 0..bonus {
            s[3 * b] = BONUS;
        }
        ReelStrip::new(s).unwrap()
    };
    let wild_reel = |k: usize| {
        let mut s = plain(wild_len);
        s[..k].fill(WILD);
        ReelStrip::new(s).unwrap()
    };
    [
        bonus_reel(),
        wild_reel(stack[0]),
        bonus_reel(),
        wild_reel(stack[1]),
        bonus_reel(),
    ]
}

/// The model check that free spins end is done in integers: it refuses exactly the models
/// whose exact (rational) free spins awarded per free spin is 1 or more, at the boundary
/// (exactly 1, just below, just above) and around it, and its error carries the same
/// figure, rounded to the nearest `f64`.
#[test]
fn the_integer_free_spin_check_refuses_exactly_where_the_exact_figure_reaches_one() {
    use wish_upon_a_star::exact::{free_spins_awarded_per_free_spin, to_f64};
    let gifts = |free_spins: u32, other: u32| {
        WeightedTable::new([
            (GiftPrize::FreeSpins, free_spins),
            (GiftPrize::Cash(cash(100)), other),
        ])
        .unwrap()
    };
    let with = |strips: [ReelStrip; 5], fs: u32, other: u32| {
        let mut m = MathModel::standard();
        m.free_strips = strips;
        m.gift_prizes = gifts(fs, other);
        m
    };
    let mut models = vec![
        // m = 10 x 1/10 x 1 = 1: refused; 10 x 1/10 x 999/1000 = 0.999: accepted.
        (with(free_strips(10, 0, 10, [3, 0]), 1, 0), Some(true)),
        (with(free_strips(10, 0, 10, [3, 0]), 999, 1), Some(false)),
        // m = 10 x 2/10 x 1/2 = 1 and 10 x 2/10 x 51/100 = 1.02: refused; 0.98: accepted.
        (with(free_strips(10, 0, 10, [4, 0]), 1, 1), Some(true)),
        (with(free_strips(10, 0, 10, [4, 0]), 51, 49), Some(true)),
        (with(free_strips(10, 0, 10, [4, 0]), 49, 51), Some(false)),
        // With the Scatter: 10 x (3/10)^3 = 0.27, plus 10 x 73/1000 x 1 = 0.73: exactly 1.
        (with(free_strips(10, 1, 1000, [75, 0]), 1, 0), Some(true)),
        (with(free_strips(10, 1, 1000, [74, 0]), 1, 0), Some(false)),
        // Both Wild reels: 10 x (1/20 + 1/20) x 1 = 1, and 10 x (2/20 + 1/20) x 2/3 = 1.
        (with(free_strips(10, 0, 20, [3, 3]), 1, 0), Some(true)),
        (with(free_strips(10, 0, 20, [4, 3]), 2, 1), Some(true)),
        (
            with(free_strips(10, 0, 20, [4, 3]), 2_000_001, 1_000_000),
            Some(true),
        ),
        (
            with(free_strips(10, 0, 20, [4, 3]), 1_999_999, 1_000_000),
            Some(false),
        ),
    ];
    for len in [7, 10, 31] {
        for bonus in 0..=2 {
            for stack in [[0, 0], [3, 0], [4, 5], [9, 7]] {
                for (fs, other) in [(1, 0), (1, 3), (7, 93), (0, 1)] {
                    models.push((with(free_strips(len, bonus, 23, stack), fs, other), None));
                }
            }
        }
    }
    let mut refused = 0;
    for (i, (m, want_refused)) in models.iter().enumerate() {
        let exact = free_spins_awarded_per_free_spin(m);
        let endless = exact >= BigRational::one();
        if let Some(w) = want_refused {
            assert_eq!(endless, *w, "model {i}: {}", to_f64(&exact));
        }
        let got = validate(m);
        if endless {
            refused += 1;
            assert_eq!(
                got,
                Err(ModelError::EndlessFreeSpins {
                    expected: to_f64(&exact)
                }),
                "model {i}"
            );
            assert_eq!(
                WishUponAStar::new(m).unwrap_err(),
                got.unwrap_err(),
                "model {i}"
            );
        } else {
            assert_eq!(got, Ok(()), "model {i}: {}", to_f64(&exact));
            assert!(WishUponAStar::new(m).is_ok(), "model {i}");
        }
    }
    assert!(refused >= 8 && refused < models.len(), "{refused}");
}
