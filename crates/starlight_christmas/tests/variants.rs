//! The RTP ladder: every shipped variant is the model its file holds, the published model with
//! its two knobs moved, tuned to its target and holding the published variant's shape; the
//! game knows each variant by its model and states its certified RTP per bet mode.

use slot_core::Game;
use slot_core::game::TargetRtp;
use slot_core::variant::read_variant_file;
use starlight_christmas::math_model::VARIANT_FILES;
use starlight_christmas::{BetMode, MathModel, StarlightChristmas};

#[test]
fn the_ladder_is_published_highest_first_and_each_variant_certified_in_both_modes() {
    let rtps: Vec<u32> = StarlightChristmas::VARIANTS
        .iter()
        .map(|v| v.rtp.0)
        .collect();
    assert_eq!(rtps, [9650, 9550, 9450]);
    for v in StarlightChristmas::VARIANTS {
        let model = StarlightChristmas::named_model(v.model).expect(v.model);
        let game = StarlightChristmas::new(&model).unwrap();
        assert_eq!(game.variant(), Some(*v));
        assert_eq!(StarlightChristmas::variant_at(v.rtp), Some(*v));
        for mode in [BetMode::Standard, BetMode::Ante] {
            assert_eq!(game.target_rtp(mode), v.rtp);
            let c = game
                .certified_rtp(mode)
                .expect("every variant is certified");
            let h = c.half_width_99.unwrap();
            assert!(h <= 0.0005, "{} {}: half-width {h}", v.model, mode.name());
            assert!(
                (c.rtp - v.rtp.fraction()).abs() <= 0.0010,
                "{} {}: {} vs {}",
                v.model,
                mode.name(),
                c.rtp,
                v.rtp
            );
            assert!(c.how.contains("split estimate"), "{}", c.how);
            // The cap is reachable in every variant and mode, with odds stated.
            let [odds] = game.certified_award_odds(mode).try_into().unwrap();
            assert_eq!(odds.award, "cap 5000x");
            assert!(odds.probability > 0.0 && odds.count > 10.0, "{odds:?}");
        }
    }
    assert_eq!(StarlightChristmas::variant_at(TargetRtp(9500)), None);
    // A model off the ladder has no certified figure.
    let off = MathModel::standard()
        .with_multiplier_shift(false, 1)
        .unwrap();
    let off = StarlightChristmas::new(&off).unwrap();
    assert_eq!(off.variant(), None);
    assert!(off.certified_rtp(BetMode::Standard).is_none());
    assert!(off.certified_award_odds(BetMode::Standard).is_empty());
}

#[test]
fn every_variant_file_is_the_published_model_with_its_two_knobs_and_holds_the_shape() {
    assert_eq!(VARIANT_FILES.len() + 1, StarlightChristmas::VARIANTS.len());
    let all = StarlightChristmas::evidence();
    assert_eq!(all.variants.len(), VARIANT_FILES.len() + 1);
    let published = MathModel::standard();
    for (name, text) in VARIANT_FILES.iter() {
        let evidence = all
            .variant(name)
            .expect("every variant states its evidence");
        let file = read_variant_file::<MathModel>(StarlightChristmas::NAME, text).unwrap();
        let variant = StarlightChristmas::VARIANTS
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
        // Hit frequency, free spins, sd, free-spin share, top awards; in each mode.
        assert_eq!(file.tuning.shape.len(), 10, "{name}");
        // The two knobs: the Multiplier weight of each mode's base table, moved from the Sun.
        let [std_knob, ante_knob] = <[_; 2]>::try_from(file.tuning.knobs.clone()).unwrap();
        assert_eq!(std_knob.published, i64::from(published.base.multiplier));
        assert_eq!(
            ante_knob.published,
            i64::from(published.ante_base.multiplier)
        );
        let rebuilt = published
            .with_multiplier_shift(false, std_knob.value - std_knob.published)
            .unwrap()
            .with_multiplier_shift(true, ante_knob.value - ante_knob.published)
            .unwrap();
        assert_eq!(file.model, rebuilt, "{name}: only the two knobs differ");
        assert_eq!(MathModel::named(name), Some(file.model.clone()));
        // The tuner's RTP per mode, within the bar of the target.
        for (mode, rtp) in &file.tuning.rtp {
            assert!(
                (rtp - variant.rtp.fraction()).abs() <= 0.0010,
                "{name} {mode}: {rtp}"
            );
        }
        // A higher target, more Multipliers, in both modes.
        let up = variant.rtp.0 > 9550;
        assert_eq!(std_knob.value > std_knob.published, up, "{name}");
        assert_eq!(ante_knob.value > ante_knob.published, up, "{name}");
        for (i, mode) in ["standard", "ante"].into_iter().enumerate() {
            assert_eq!(evidence.modes[i].mode, mode);
        }
    }
    // Every file the evidence names is in the crate, every record a kit carries; its split
    // records are checked as the game's own.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    assert_eq!(all.crate_dir, "crates/starlight_christmas");
    assert_eq!(
        all.split_base_by_mode,
        <StarlightChristmas as slot_core::game::SplitGame>::BASE_BY_MODE
    );
    for v in all.variants {
        for f in v.files {
            assert!(root.join(f.path).is_file(), "{}: {}", v.model, f.path);
        }
        for m in v.modes {
            let slot_core::evidence::Method::Split { record } = m.method else {
                panic!("{} {}: {:?}", v.model, m.mode, m.method)
            };
            assert!(v.kit_name(record).is_some(), "{}: {record}", v.model);
            for o in m.odds {
                assert_eq!(o.record, record, "{} {}", v.model, m.mode);
            }
        }
        for r in v.award_reports {
            assert!(v.kit_name(r).is_some(), "{}: {r}", v.model);
        }
    }
}
