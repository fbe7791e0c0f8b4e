//! The report's text reads the distance to the target against the 99 % interval, and gives
//! the model's committed certification figure beside it, for the shipped model only.

use slot_core::Game;
use slot_sim::{Catalog, Report, SimConfig, Watch, simulate};
use starlight_christmas::{BetMode, MathModel, StarlightChristmas};
use std::path::Path;
use wish_upon_a_star::WishUponAStar;

fn line(report: &Report, label: &str) -> Option<String> {
    report
        .provenance()
        .into_iter()
        .find(|(l, _)| *l == label)
        .map(|(_, t)| t)
}

/// The start of the certified line for the figure `game` states for `mode` (its evidence),
/// written here from the stated RTP and half-width, not copied from the line.
fn stated_figure<G: Game>(game: &G, mode: G::Mode) -> (String, String) {
    let c = game
        .certified_rtp(mode)
        .expect("the shipped model states a figure");
    let figure = match c.half_width_99 {
        Some(h) => format!("{:.4} % +- {:.4} pp (99 %)", c.rtp * 100.0, h * 100.0),
        None => format!("{:.6} % (exact)", c.rtp * 100.0),
    };
    (figure, c.how)
}

fn config(rounds: u64) -> SimConfig {
    let mut c = SimConfig::rounds(rounds, 11);
    c.gof_rounds = 0;
    c
}

#[test]
fn a_short_run_is_read_against_its_interval_with_the_certified_figure_beside() {
    let game = StarlightChristmas::standard();
    let report = simulate(&game, BetMode::Standard, &config(20_000), Watch::default()).unwrap();
    let target = line(&report, "target RTP").unwrap();
    // 20,000 rounds: the 99 % half-width is several pp, the target well inside it.
    assert!(
        target.ends_with("consistent with the target at 99 %)") && !target.contains("NOT"),
        "{target}"
    );
    let certified = line(&report, "certified RTP").unwrap();
    let (figure, how) = stated_figure(&game, BetMode::Standard);
    assert!(
        certified.starts_with(&figure) && certified.contains(&how),
        "{certified} (stated: {figure}, {how})"
    );
    // The figure is a split estimate certified to the bar: a 99 % half-width of at most
    // 0.05 pp.
    let stated = game.certified_rtp(BetMode::Standard).unwrap();
    assert!(
        stated.half_width_99.is_some_and(|h| h <= 0.0005),
        "{stated:?}"
    );

    assert!(report.text().contains(&certified));
    // `Display` writes the same text (`println!("{report}")`).
    assert_eq!(format!("{report}"), report.text());
    // A report read back from its JSON gives the same lines (the figure is the model's).
    let catalog = Catalog::new().with::<StarlightChristmas>();
    let back = Report::from_json(Path::new("r.json"), &report.to_json(), &catalog).unwrap();
    assert_eq!(back.provenance(), report.provenance());
    let ante = simulate(&game, BetMode::Ante, &config(10_000), Watch::default()).unwrap();
    let (figure, _) = stated_figure(&game, BetMode::Ante);
    let certified = line(&ante, "certified RTP").unwrap();
    assert!(
        certified.starts_with(&figure),
        "{certified} (stated: {figure})"
    );
}

#[test]
fn another_model_has_no_certified_figure_and_a_far_target_is_named() {
    let stress = StarlightChristmas::new(&MathModel::stress()).unwrap();
    let report = simulate(
        &stress,
        BetMode::Standard,
        &config(20_000),
        Watch::default(),
    )
    .unwrap();
    assert_eq!(line(&report, "certified RTP"), None);
    // The stress model pays far above 95.50 %: outside any interval of 20,000 rounds.
    let target = line(&report, "target RTP").unwrap();
    assert!(
        target.contains("NOT consistent with the target at 99 %"),
        "{target}"
    );
}

#[test]
fn wish_upon_a_stars_certified_figure_is_exact() {
    let game = WishUponAStar::standard();
    let report = simulate(
        &game,
        wish_upon_a_star::game::Standard,
        &config(10_000),
        Watch::default(),
    )
    .unwrap();
    let certified = line(&report, "certified RTP").unwrap();
    let (figure, _) = stated_figure(&game, wish_upon_a_star::game::Standard);
    assert!(figure.ends_with(" % (exact)"), "{figure}");
    assert!(
        certified.starts_with(&figure),
        "{certified} (stated: {figure})"
    );
}

#[test]
fn too_few_rounds_say_so() {
    let game = StarlightChristmas::standard();
    let report = simulate(&game, BetMode::Standard, &config(500), Watch::default()).unwrap();
    let target = line(&report, "target RTP").unwrap();
    assert!(target.contains("too few rounds"), "{target}");
}
