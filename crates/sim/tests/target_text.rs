//! The report's text reads the distance to the target against the 99 % interval, and gives
//! the model's committed certification figure beside it, for the shipped model only.

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
    assert!(
        certified.starts_with("95.4922 % +- 0.0495 pp (99 %)")
            && certified.contains("seed 20261701")
            && certified.contains("split estimate"),
        "{certified}"
    );
    assert!(report.text().contains(&certified));
    // A report read back from its JSON gives the same lines (the figure is the model's).
    let catalog = Catalog::new().with::<StarlightChristmas>();
    let back = Report::from_json(Path::new("r.json"), &report.to_json(), &catalog).unwrap();
    assert_eq!(back.provenance(), report.provenance());
    let ante = simulate(&game, BetMode::Ante, &config(10_000), Watch::default()).unwrap();
    assert!(
        line(&ante, "certified RTP")
            .unwrap()
            .starts_with("95.5256 % +- 0.0494 pp")
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
    assert!(certified.starts_with("95.201995 % (exact)"), "{certified}");
}

#[test]
fn too_few_rounds_say_so() {
    let game = StarlightChristmas::standard();
    let report = simulate(&game, BetMode::Standard, &config(500), Watch::default()).unwrap();
    let target = line(&report, "target RTP").unwrap();
    assert!(target.contains("too few rounds"), "{target}");
}
