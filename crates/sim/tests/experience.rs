//! The player-experience sums (`slot_sim::stats::experience`) of real runs: the same as a
//! plain count over the run's rounds in order, for any thread count, and the shards of a run
//! merged (named in any order, written as report files and read back) give the whole run's
//! sums exactly, dry spells over the shard boundaries included.

use slot_core::Game;
use slot_core::recorder::NoRecorder;
use slot_core::replay::{batch_rng, batches_of, rounds_in};
use slot_sim::stats::experience::SPELL_EXACT;
use slot_sim::{Catalog, SimConfig, Watch, merge, simulate};
use std::path::PathBuf;

/// The wins of rounds `0..rounds` of seed `seed`, in order, played one by one.
fn wins<G: Game>(game: &G, mode: G::Mode, rounds: u64, seed: u64) -> Vec<u64> {
    let mut out = Vec::new();
    for b in 0..batches_of(rounds) {
        let mut rng = batch_rng(seed, b);
        for _ in 0..rounds_in(rounds, b, b + 1) {
            let o = game.play_round(mode, &mut rng, &mut NoRecorder);
            out.push(G::win(&o).hundredths());
        }
    }
    out
}

/// The figures counted the plain way: each round's win against the stake; the dry spells as
/// the gaps between the indexes of rounds that paid at least the stake.
struct Plain {
    below: u64,
    at: u64,
    above: u64,
    at_least: [u64; 4],
    spells: Vec<u64>,
}

fn plain(wins: &[u64], cost: u64) -> Plain {
    let mut p = Plain {
        below: 0,
        at: 0,
        above: 0,
        at_least: [0; 4],
        spells: Vec::new(),
    };
    let mut last: Option<usize> = None;
    for (i, &w) in wins.iter().enumerate() {
        if w == 0 {
            continue;
        }
        match w.cmp(&cost) {
            std::cmp::Ordering::Less => p.below += 1,
            std::cmp::Ordering::Equal => p.at += 1,
            std::cmp::Ordering::Greater => p.above += 1,
        }
        for (n, k) in p.at_least.iter_mut().zip([1, 5, 10, 100]) {
            *n += u64::from(w >= k * cost);
        }
        if w >= cost {
            if let Some(l) = last {
                p.spells.push((i - l - 1) as u64);
            }
            last = Some(i);
        }
    }
    p
}

fn check_against_plain<G: Game>(game: &G, mode: G::Mode, rounds: u64, seed: u64) {
    let r = simulate(
        game,
        mode,
        &SimConfig::rounds(rounds, seed),
        Watch::default(),
    )
    .unwrap();
    let e = &r.par.sums.experience;
    let p = plain(&wins(game, mode, rounds, seed), G::cost(mode));
    assert_eq!(
        (e.below_stake, e.at_stake, e.above_stake),
        (p.below, p.at, p.above)
    );
    assert_eq!(e.big(), p.at_least[0]);
    assert_eq!(e.at_least, [p.at_least[1], p.at_least[2], p.at_least[3]]);
    assert_eq!(e.spells, p.spells.len() as u64);
    assert_eq!(e.spell_rounds, p.spells.iter().sum::<u64>());
    assert_eq!(e.longest, p.spells.iter().copied().max().unwrap_or(0));
    for l in 0..SPELL_EXACT {
        let n = p.spells.iter().filter(|&&s| s == l as u64).count() as u64;
        assert_eq!(e.lengths[l], n, "spells of {l} rounds");
    }
    // The median by sorting the spells.
    let mut sorted = p.spells.clone();
    sorted.sort_unstable();
    let f = r.par.experience.as_ref().unwrap();
    let median = sorted[sorted.len().div_ceil(2) - 1];
    assert_eq!(f.dry_spells.median.unwrap().rounds, median);
    let p99 = sorted[((sorted.len() as f64 * 0.99).ceil() as usize).max(1) - 1];
    assert_eq!(f.dry_spells.p99.unwrap().rounds, p99);
}

/// Three games, four modes, runs of several batches (the last one short): the sums equal the
/// plain count over the rounds in order.
#[test]
fn the_sums_equal_a_plain_count_over_the_rounds_in_order() {
    check_against_plain(
        &starlight_christmas::StarlightChristmas::standard(),
        starlight_christmas::BetMode::Ante,
        25_003,
        7,
    );
    check_against_plain(
        &starlight_christmas::StarlightChristmas::standard(),
        starlight_christmas::BetMode::Standard,
        25_003,
        7,
    );
    check_against_plain(
        &moon_princess::MoonPrincess::standard(),
        moon_princess::Pick::Storm,
        30_000,
        8,
    );
    check_against_plain(
        &wish_upon_a_star::WishUponAStar::standard(),
        wish_upon_a_star::game::Standard,
        20_500,
        9,
    );
}

/// The shards of a run, written as report files, read back and named in reverse order,
/// merge into exactly the whole run's sums; on one thread or two the sums are the same.
#[test]
fn shards_named_in_any_order_merge_into_the_whole_run() {
    let game = starlight_christmas::StarlightChristmas::standard();
    let mode = starlight_christmas::BetMode::Ante;
    let (rounds, seed) = (55_000, 21);
    let one = SimConfig {
        threads: 1,
        ..SimConfig::rounds(rounds, seed)
    };
    let whole = simulate(&game, mode, &one, Watch::default()).unwrap();
    let two = SimConfig {
        threads: 2,
        ..SimConfig::rounds(rounds, seed)
    };
    assert_eq!(
        simulate(&game, mode, &two, Watch::default())
            .unwrap()
            .par
            .sums,
        whole.par.sums
    );
    let catalog = Catalog::new().with::<starlight_christmas::StarlightChristmas>();
    let mut shards: Vec<(PathBuf, slot_sim::Report)> = (0..4)
        .map(|i| {
            let r = simulate(
                &game,
                mode,
                &SimConfig::shard(rounds, seed, i, 4),
                Watch::default(),
            )
            .unwrap();
            let path = PathBuf::from(format!("shard-{i}.json"));
            (
                path.clone(),
                slot_sim::Report::from_json(&path, &r.to_json(), &catalog).unwrap(),
            )
        })
        .collect();
    shards.reverse();
    let merged = merge(&shards, &catalog, &[]).unwrap();
    assert!(whole.par.sums.experience.spells > 1_000);
    assert_eq!(merged.par.sums.experience, whole.par.sums.experience);
    assert_eq!(merged.par.sums, whole.par.sums);
    assert_eq!(merged.par.experience, whole.par.experience);
}

/// A report file whose player-experience sums were edited (with a fresh checksum) is
/// refused, naming what does not fit.
#[test]
fn impossible_experience_sums_in_a_report_are_refused() {
    let game = wish_upon_a_star::WishUponAStar::standard();
    let r = simulate(
        &game,
        wish_upon_a_star::game::Standard,
        &SimConfig::rounds(20_000, 3),
        Watch::default(),
    )
    .unwrap();
    let catalog = Catalog::new().with::<wish_upon_a_star::WishUponAStar>();
    let mut bad = r.clone();
    bad.par.sums.experience.spells += 1;
    bad.sums_sha256 = slot_core::fingerprint::Fingerprint::of(&bad.par.sums);
    bad.refresh_checksums();
    let e = slot_sim::Report::from_json(&PathBuf::from("bad.json"), &bad.to_json(), &catalog)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("player-experience sums") && e.contains("spells"),
        "{e}"
    );
}
