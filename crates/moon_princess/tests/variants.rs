//! The RTP ladder: every shipped variant is the model its file holds, the published model with
//! its five knobs set, tuned to its target and holding the published variant's shape; the game
//! knows each variant by its model and states its certified RTP and cap odds per pick.

use moon_princess::math_model::{LadderKnobs, VARIANT_FILES};
use moon_princess::{MathModel, MoonPrincess, PICKS};
use slot_core::Game;
use slot_core::game::TargetRtp;
use slot_core::variant::read_variant_file;

#[test]
fn the_ladder_is_published_highest_first_and_each_variant_certified_for_every_pick() {
    let rtps: Vec<u32> = MoonPrincess::VARIANTS.iter().map(|v| v.rtp.0).collect();
    assert_eq!(rtps, [9650, 9451, 9149, 8750, 8450]);
    for v in MoonPrincess::VARIANTS {
        let model = MoonPrincess::named_model(v.model).expect(v.model);
        let game = MoonPrincess::new(&model).unwrap();
        assert_eq!(game.variant(), Some(*v));
        assert_eq!(MoonPrincess::variant_at(v.rtp), Some(*v));
        for pick in PICKS {
            assert_eq!(game.target_rtp(pick), v.rtp);
            let c = game
                .certified_rtp(pick)
                .expect("every variant is certified");
            let h = c.half_width_99.unwrap();
            assert!(h <= 0.0005, "{} {pick}: half-width {h}", v.model);
            assert!(
                (c.rtp - v.rtp.fraction()).abs() <= 0.0010,
                "{} {pick}: {} vs {}",
                v.model,
                c.rtp,
                v.rtp
            );
            assert!(c.how.contains("split"), "{}", c.how);
            // The cap is reachable in every variant and pick, with odds stated.
            let [odds] = game.certified_award_odds(pick).try_into().unwrap();
            assert_eq!(odds.award, "cap 5000x");
            assert!(odds.probability > 0.0 && odds.count >= 1.0, "{odds:?}");
            let e = MoonPrincess::evidence()
                .variant(v.model)
                .and_then(|e| e.mode(pick.name()))
                .unwrap();
            let record = e.odds[0].record;
            assert!(odds.how.contains(record), "{}", odds.how);
        }
    }
    assert_eq!(MoonPrincess::variant_at(TargetRtp(9300)), None);
    // A model off the ladder has no certified figure.
    let off = MathModel::with_knobs(&LadderKnobs {
        clear_weight: 146,
        ..LadderKnobs::PUBLISHED
    })
    .unwrap();
    let off = MoonPrincess::new(&off).unwrap();
    assert_eq!(off.variant(), None);
    assert!(off.certified_rtp(moon_princess::Pick::Love).is_none());
    assert!(
        off.certified_award_odds(moon_princess::Pick::Love)
            .is_empty()
    );
}

#[test]
fn every_variant_file_is_the_published_model_with_its_knobs_and_holds_the_shape() {
    assert_eq!(VARIANT_FILES.len() + 1, MoonPrincess::VARIANTS.len());
    let all = MoonPrincess::evidence();
    assert_eq!(all.variants.len(), VARIANT_FILES.len() + 1);
    let p = LadderKnobs::PUBLISHED;
    for (name, text) in VARIANT_FILES.iter() {
        let evidence = all
            .variant(name)
            .expect("every variant states its evidence");
        let file = read_variant_file::<MathModel>(MoonPrincess::NAME, text).unwrap();
        let variant = MoonPrincess::VARIANTS
            .iter()
            .find(|v| v.model == *name)
            .expect("every file is a variant of the ladder");
        assert_eq!(file.target_rtp, variant.rtp, "{name}");
        assert_eq!(*name, format!("rtp-{}", file.target_rtp.percent_text()));
        assert!(
            file.tuning.unmet().is_empty(),
            "{name}: {:?}",
            file.tuning.unmet()
        );
        // Hit frequency, free spins, sd, free-spin share, top awards; for each pick.
        assert_eq!(file.tuning.shape.len(), 15, "{name}");
        // The five knobs, as the file lists them, rebuild its model.
        let values: Vec<(i64, i64)> = file
            .tuning
            .knobs
            .iter()
            .map(|k| (k.published, k.value))
            .collect();
        let published: Vec<i64> = [p.random_power, p.clear_weight]
            .into_iter()
            .chain(p.rich_weights)
            .map(i64::from)
            .collect();
        assert_eq!(
            values.iter().map(|v| v.0).collect::<Vec<_>>(),
            published,
            "{name}"
        );
        let v = |i: usize| u32::try_from(values[i].1).unwrap();
        let knobs = LadderKnobs {
            random_power: v(0),
            clear_weight: v(1),
            rich_weights: [v(2), v(3), v(4)],
        };
        assert_eq!(
            file.model,
            MathModel::with_knobs(&knobs).unwrap(),
            "{name}: only the knobs differ"
        );
        assert_eq!(file.model.knobs(), Some(knobs));
        assert_eq!(MathModel::named(name), Some(file.model.clone()));
        // The tuner's RTP per pick, within the bar of the target.
        for (pick, rtp) in &file.tuning.rtp {
            assert!(
                (rtp - variant.rtp.fraction()).abs() <= 0.0010,
                "{name} {pick}: {rtp}"
            );
        }
        // A higher target: more random powers and richer free spins, for every pick.
        let up = variant.rtp.0 > 9451;
        assert_eq!(knobs.random_power > p.random_power, up, "{name}");
        for i in 0..3 {
            assert_eq!(knobs.rich_weights[i] > p.rich_weights[i], up, "{name}");
        }
        for (i, pick) in PICKS.iter().enumerate() {
            assert_eq!(evidence.modes[i].mode, pick.name());
            assert_eq!(evidence.modes[i].odds.len(), 1);
        }
    }
    // The published model's evidence is the certification of the shipped model; every file
    // it names is in the crate, and its split records are checked as the game's own.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    assert_eq!(all.crate_dir, "crates/moon_princess");
    assert!(all.variant("standard").is_some() && all.variant("stress-trinity").is_none());
    assert_eq!(
        all.split_base_by_mode,
        <MoonPrincess as slot_core::game::SplitGame>::BASE_BY_MODE
    );
    for v in all.variants {
        for f in v.files {
            assert!(root.join(f.path).is_file(), "{}: {}", v.model, f.path);
        }
        for m in v.modes {
            for path in std::iter::once(match m.method {
                slot_core::evidence::Method::Split { record } => record,
                other => panic!("{}: {other:?}", v.model),
            })
            .chain(m.odds.iter().map(|o| o.record))
            {
                assert!(v.kit_name(path).is_some(), "{} {}: {path}", v.model, m.mode);
            }
        }
    }
}

/// One call gives the game on a rung of the ladder; an RTP off the ladder is refused naming
/// the ladder, a text that is no RTP naming the form.
#[test]
fn at_rtp_plays_a_rung_in_one_call_and_names_the_ladder_otherwise() {
    let game = MoonPrincess::at_rtp("87.5").unwrap();
    assert_eq!(game.variant().map(|v| v.model), Some("rtp-87.50"));
    assert_eq!(
        MoonPrincess::at_rtp("94.51 %").unwrap().fingerprint(),
        MoonPrincess::standard().fingerprint()
    );
    let off = MoonPrincess::at_rtp("93").unwrap_err().to_string();
    assert_eq!(
        off,
        "moon-princess has no RTP variant 93.00 %: its ladder is 96.50 %, 94.51 %, 91.49 %, 87.50 %, 84.50 %"
    );
    let bad = MoonPrincess::at_rtp("high").unwrap_err().to_string();
    assert!(bad.starts_with("'high' is not an RTP"), "{bad}");
}
