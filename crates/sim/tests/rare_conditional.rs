//! The conditional estimator of the base game alone (`slot_sim::rare::conditional`) on
//! Starlight Christmas (`starlight_christmas::conditional`: the Multipliers' values set
//! aside): unbiased against counting the simulator's base games at levels common enough to
//! count, over 20 seeds, in both bet modes; its records of the cap tied to their models.

use slot_sim::rare::check::{self, Agreement, CheckConfig};
use slot_sim::rare::{Splitting, TailLevels};
use starlight_christmas::{BetMode, StarlightChristmas};

/// `seeds` seeds of `roots` base games (conditional) against `seeds` other seeds of `rounds`
/// base games counted, at `levels` x bet.
fn agree(mode: BetMode, levels: &str, seeds: u64, roots: u64, rounds: u64) -> Vec<Agreement> {
    let c = CheckConfig {
        levels: TailLevels::parse(levels).unwrap(),
        plan: Splitting::none(),
        seeds,
        roots,
        rounds,
        split_seed: 23_000,
        brute_seed: 29_000,
        threads: 2,
    };
    let game = StarlightChristmas::standard();
    let found = check::conditional_agrees_with_brute_force(&game, mode, &c).unwrap();
    for a in &found {
        eprintln!("{mode:?} {a} (of {seeds})");
    }
    found
}

/// Unbiased against counting, both modes, at CI size (seconds): 20 seeds of 100,000 base
/// games against 20 seeds of 1,000,000 counted, at 100 x and 200 x (about 1 in 10,000 and 1 in
/// 30,000 base games); at most 1 of 20 seeds outside the joint 99 % interval, and the mean of
/// the 20 estimates within 3 joint standard errors of the pooled count (four comparisons: at
/// 2, a correct estimator would fail about one run in six; a bias of 15 % is 3 or more).
#[test]
fn conditional_base_game_agrees_with_counting() {
    for mode in [BetMode::Standard, BetMode::Ante] {
        for (l, a) in agree(mode, "100,200", 20, 100_000, 1_000_000)
            .iter()
            .enumerate()
        {
            assert!(a.outside <= 1, "{mode:?} level {l}: {a:?}");
            assert!(a.distance <= 3.0, "{mode:?} level {l}: {a:?}");
            assert!(a.hits >= 50, "{mode:?} level {l}: {a:?}");
        }
    }
}

/// The full-size check (`docs/rare-events.md`): 20 seeds of 1e6 base games against 20 seeds
/// of 5e7 counted, at 200 x, 500 x and 1,000 x, both modes. Minutes; run with `--ignored`.
#[test]
#[ignore = "full size: minutes"]
fn conditional_base_game_agrees_with_counting_full_size() {
    for mode in [BetMode::Standard, BetMode::Ante] {
        for (l, a) in agree(mode, "200,500,1000", 20, 1_000_000, 50_000_000)
            .iter()
            .enumerate()
        {
            assert!(a.outside <= 2, "{mode:?} level {l}: {a:?}");
            assert!(a.distance <= 2.0, "{mode:?} level {l}: {a:?}");
        }
    }
}

/// The committed records of the base game alone reaching the cap
/// (`crates/starlight_christmas/confirmation/tail/base-*.json`, `docs/rare-events.md`), one
/// per model of the ladder and bet mode: each reads back (its sums re-checked), is a
/// conditional run of its model (the fingerprint), reaches a 95 % relative half-width of at
/// most 5 % at 5,000 x, and lies below the certified odds of the cap itself (the base game
/// alone is one way to it).
#[test]
fn the_committed_base_game_records_hold() {
    use slot_core::Game;
    use starlight_christmas::math_model::MathModel;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../starlight_christmas/confirmation/tail");
    for model in ["standard", "rtp-96.50", "rtp-94.50"] {
        let game = StarlightChristmas::new(&MathModel::named(model).unwrap()).unwrap();
        for mode in [BetMode::Standard, BetMode::Ante] {
            let name = StarlightChristmas::mode_name(mode);
            let path = dir.join(format!("base-{model}-{name}.json"));
            let record = slot_sim::rare::RareRecord::read_file(&path).unwrap();
            assert!(record.conditional, "{model} {name}");
            assert_eq!(record.model, game.fingerprint(), "{model} {name}");
            assert_eq!(record.mode, name);
            let cap = *record.estimates().last().unwrap();
            assert_eq!(cap.level, 500_000);
            assert!(cap.relative_half_width <= 0.05, "{model} {name}: {cap:?}");
            let certified = game.certified_award_odds(mode);
            let whole = certified.iter().find(|o| o.award == "cap 5000x").unwrap();
            assert!(
                cap.ci95[1] < whole.probability,
                "{model} {name}: base game alone {cap:?} against the cap {}",
                whole.probability
            );
        }
    }
}
