//! A game's stated evidence read from the repository (`slot_sim::evidence`): the certified
//! mean and sd come from the records it names and agree with what it states; a record of
//! another model is refused as stale, naming the file; a missing file, an unknown mode and a
//! model off the ladder are refused by name.

use moon_princess::{MathModel, MoonPrincess, Pick};
use slot_core::Game;
use slot_sim::evidence::{self, EvidenceError};
use std::path::{Path, PathBuf};
use wish_upon_a_star::WishUponAStar;

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh folder under the target directory's temporary space.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("slot-sim-evidence-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn the_certified_figures_are_the_records_and_agree_with_the_stated_ones() {
    let game = MoonPrincess::standard();
    let c = evidence::certified(&root(), &game, Pick::Star).unwrap();
    let stated = game.certified_rtp(Pick::Star).unwrap();
    assert!((c.rtp - stated.rtp).abs() < 1e-12, "{c:?} vs {stated:?}");
    // Whole rounds of Moon Princess have an sd of about 18 x bet (its 1e9-round runs).
    assert!(c.sd > 15.0 && c.sd < 21.0, "{c:?}");
    assert!(
        c.source
            .contains("crates/moon_princess/confirmation/split_3e9_8e7_seed20261303.json"),
        "{}",
        c.source
    );
    // An exact RTP: the game's own (the figure it states where this build computes none),
    // with the sd of its committed report.
    let wish = WishUponAStar::standard();
    let mode = WishUponAStar::MODES[0];
    let c = evidence::certified(&root(), &wish, mode).unwrap();
    let stated = wish.certified_rtp(mode).unwrap();
    assert_eq!(stated.half_width_99, None);
    assert_eq!(c.rtp, wish.exact_rtp(mode).unwrap_or(stated.rtp));
    assert!(c.sd > 4.0 && c.sd < 7.0, "{c:?}");
    assert!(c.source.starts_with("exact RTP"), "{}", c.source);
}

#[test]
fn a_record_of_another_model_is_stale_and_named() {
    // The published model's record replaced by a variant's (a sound record of another model).
    let d = scratch("stale");
    let dir = d.join("crates/moon_princess/confirmation");
    std::fs::create_dir_all(&dir).unwrap();
    let stale = dir.join("split_3e9_8e7_seed20261303.json");
    std::fs::copy(
        root().join("crates/moon_princess/confirmation/variants/rtp-84.50/split.json"),
        &stale,
    )
    .unwrap();
    let err = evidence::certified(&d, &MoonPrincess::standard(), Pick::Love).unwrap_err();
    match &err {
        EvidenceError::Stale { path, model, .. } => {
            assert_eq!((path, *model), (&stale, "standard"));
        }
        other => panic!("{other:?}"),
    }
    assert!(err.to_string().contains("certify the model again"), "{err}");
    // A record that is not there is named too.
    std::fs::remove_file(&stale).unwrap();
    let err = evidence::certified(&d, &MoonPrincess::standard(), Pick::Love).unwrap_err();
    assert!(
        matches!(&err, EvidenceError::Record { path, .. } if *path == stale),
        "{err:?}"
    );
    #[cfg(feature = "par-files")]
    {
        let err = evidence::kit(&d, &MoonPrincess::standard()).unwrap_err();
        assert!(matches!(err, EvidenceError::Missing { .. }), "{err:?}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_model_off_the_ladder_has_no_evidence() {
    let stress = MoonPrincess::new(&MathModel::stress_free_spins()).unwrap();
    let err = evidence::certified(&root(), &stress, Pick::Love).unwrap_err();
    assert!(
        matches!(
            err,
            EvidenceError::NoVariant {
                game: "moon-princess"
            }
        ),
        "{err:?}"
    );
    assert!(evidence::kit_files(&root(), &stress).is_empty());
    assert!(stress.certified_rtp(Pick::Love).is_none());
    // The published model's kit carries its split certification record and the three
    // multilevel-splitting records of its cap's odds, by their names.
    let names: Vec<String> = evidence::kit_files(&root(), &MoonPrincess::standard())
        .into_iter()
        .map(|(n, p)| {
            assert!(p.is_file(), "{}", p.display());
            n
        })
        .collect();
    assert_eq!(
        names,
        [
            "split_3e9_8e7_seed20261303.json",
            "tail/cap-love.json",
            "tail/cap-star.json",
            "tail/cap-storm.json"
        ]
    );
}

#[cfg(feature = "par-files")]
#[test]
fn the_kit_states_each_mode_s_figure_with_its_record_in_the_kit() {
    let k = evidence::kit(
        &root(),
        &starlight_christmas::StarlightChristmas::standard(),
    )
    .unwrap();
    assert_eq!(k.figures.rtps.len(), 2);
    assert!(
        k.figures.rtps[0].how.ends_with(
            "record in this kit: `certification/split_certification/split-standard.json`"
        ),
        "{}",
        k.figures.rtps[0].how
    );
    assert_eq!(k.award_reports.len(), 2);
    assert_eq!(k.files.len(), 8);
    let wish = evidence::kit(&root(), &WishUponAStar::standard()).unwrap();
    assert!(
        wish.figures.rtps[0].how.starts_with("exact:"),
        "{:?}",
        wish.figures
    );
    assert!(wish.figures.odds.is_empty());
}

/// A kit carries the model file each record's command names, at the path it names (below
/// `certification/`) or, for a path that leaves it, by its file name: Starlight Christmas's
/// 94.50 % records name `crates/starlight_christmas/variants/rtp-94.50.json`, Moon
/// Princess's 84.50 % ones `rtp-84.50.json`; each is the variant's file, once; the published
/// models' records name none.
#[cfg(feature = "par-files")]
#[test]
fn the_kit_carries_the_model_file_each_record_s_command_names() {
    let named = |files: &[(String, PathBuf)], file: &str| {
        files
            .iter()
            .filter(|(n, p)| n.ends_with(".json") && p.ends_with(file))
            .map(|(n, _)| n.clone())
            .collect::<Vec<_>>()
    };
    let sc = starlight_christmas::StarlightChristmas::at_rtp("94.50").unwrap();
    let k = evidence::kit(&root(), &sc).unwrap();
    assert_eq!(
        named(&k.files, "variants/rtp-94.50.json"),
        ["crates/starlight_christmas/variants/rtp-94.50.json"]
    );
    let mp = MoonPrincess::at_rtp("84.50").unwrap();
    let k = evidence::kit(&root(), &mp).unwrap();
    assert_eq!(
        named(&k.files, "variants/rtp-84.50.json"),
        ["rtp-84.50.json"]
    );
    let published = evidence::kit(&root(), &MoonPrincess::standard()).unwrap();
    assert!(
        !published
            .files
            .iter()
            .any(|(_, p)| p.to_string_lossy().contains("/variants/rtp-")),
        "{:?}",
        published.files
    );
}
