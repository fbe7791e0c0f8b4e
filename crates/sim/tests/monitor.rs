//! A simulation report standing in for the certified figures of a stake level
//! ([`slot_sim::monitor::certified_by_report`]): only the shipped model's, with a reliable
//! interval, of the game and mode monitored.

use moon_princess::{MoonPrincess, Pick};
use slot_sim::monitor::{ReportEvidenceError, certified_by_report};
use slot_sim::{SimConfig, Watch, simulate};
use std::path::Path;

#[test]
fn a_report_stands_in_only_for_the_shipped_model_of_its_own_game_and_mode() {
    let game = MoonPrincess::standard();
    let r = simulate(
        &game,
        Pick::Storm,
        &SimConfig::rounds(20_000, 3),
        Watch::default(),
    )
    .unwrap();
    let path = Path::new("run.json");
    let shipped = game.fingerprint();
    let c = certified_by_report(&r, path, ("moon-princess", "storm"), &shipped).unwrap();
    assert_eq!((c.rtp, c.sd), (r.par.rtp, r.par.sd));
    assert!(
        c.source
            .starts_with("the simulation run.json (20000 rounds, seed 3, model ")
    );
    let e = certified_by_report(&r, path, ("moon-princess", "love"), &shipped).unwrap_err();
    assert!(matches!(e, ReportEvidenceError::OtherMode { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "run.json is a report of moon-princess storm, not of moon-princess love"
    );
    let other = slot_core::fingerprint::Fingerprint::of_bytes(b"another model");
    let e = certified_by_report(&r, path, ("moon-princess", "storm"), &other).unwrap_err();
    assert!(matches!(e, ReportEvidenceError::NotShipped { .. }), "{e}");
    assert!(
        e.to_string()
            .starts_with("--report run.json: a report of the model ")
    );
    // A report of another game is named as such, not as a report of another model (it is
    // both; the game is what the user got wrong).
    let wish = wish_upon_a_star::WishUponAStar::standard();
    let w = simulate(
        &wish,
        <wish_upon_a_star::WishUponAStar as slot_core::Game>::MODES[0],
        &SimConfig::rounds(20_000, 3),
        Watch::default(),
    )
    .unwrap();
    let e = certified_by_report(&w, path, ("moon-princess", "storm"), &shipped).unwrap_err();
    assert_eq!(
        e.to_string(),
        "run.json is a report of wish-upon-a-star standard, not of moon-princess storm"
    );
    // Too few rounds for a reliable interval: no evidence, whatever its model.
    let short = simulate(
        &game,
        Pick::Storm,
        &SimConfig::rounds(100, 3),
        Watch::default(),
    )
    .unwrap();
    let e = certified_by_report(&short, path, ("moon-princess", "storm"), &shipped).unwrap_err();
    assert!(matches!(e, ReportEvidenceError::Unreliable { .. }), "{e}");
}
