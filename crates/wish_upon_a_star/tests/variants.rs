//! The RTP ladder: every shipped variant is the model its file holds, tuned to its target
//! (exact), holding the published variant's shape, and made again by the tuner from its
//! recorded command; the game knows each variant by its model.

use slot_core::Game;
use slot_core::game::TargetRtp;
use slot_core::variant::read_variant_file;
use wish_upon_a_star::exact::to_f64;
use wish_upon_a_star::game::Standard;
use wish_upon_a_star::math_model::{EXACT_RTP, VARIANT_FILES};
use wish_upon_a_star::{ExactFigures, MathModel, WishUponAStar, tuning};

fn exact_rtp(model: &MathModel) -> f64 {
    to_f64(&ExactFigures::compute(model).unwrap().rtp)
}

#[test]
fn the_ladder_is_published_highest_first_and_every_variant_is_within_a_thousandth_of_a_point() {
    let rtps: Vec<u32> = WishUponAStar::VARIANTS.iter().map(|v| v.rtp.0).collect();
    assert_eq!(rtps, [9600, 9520, 9400, 9200, 9000]);
    for v in WishUponAStar::VARIANTS {
        let model = WishUponAStar::named_model(v.model).expect(v.model);
        let rtp = exact_rtp(&model);
        // Exact figures: far inside the 0.10 pp bar (the Star low weight's steps are ~0.003 pp).
        assert!(
            (rtp - v.rtp.fraction()).abs() < 0.000_03,
            "{}: exact {rtp} vs target {}",
            v.model,
            v.rtp
        );
        let stated = WishUponAStar::evidence()
            .variant(v.model)
            .and_then(|e| e.mode("standard"))
            .expect("every variant states its exact figure");
        assert_eq!(stated.method, slot_core::evidence::Method::Exact);
        let committed = &stated.rtp;
        assert!(
            (rtp - committed).abs() < 1e-8,
            "{}: {rtp} vs {committed}",
            v.model
        );
        let game = WishUponAStar::new(&model).unwrap();
        assert_eq!(game.variant(), Some(*v));
        assert_eq!(game.target_rtp(Standard), v.rtp);
        let certified = game.certified_rtp(Standard).unwrap();
        assert_eq!(certified.rtp, *committed);
        assert_eq!(certified.half_width_99, None);
        assert!(
            certified.how.contains(&v.rtp.to_string()),
            "{}",
            certified.how
        );
        assert_eq!(WishUponAStar::variant_at(v.rtp), Some(*v));
    }
    let published = WishUponAStar::evidence().variant("standard").unwrap();
    assert_eq!(published.mode("standard").unwrap().rtp, EXACT_RTP);
    assert_eq!(WishUponAStar::variant_at(TargetRtp(9100)), None);
}

#[test]
fn every_variant_file_names_its_target_and_holds_the_published_shape() {
    assert_eq!(VARIANT_FILES.len() + 1, WishUponAStar::VARIANTS.len());
    for (name, text) in VARIANT_FILES {
        let file = read_variant_file::<MathModel>(WishUponAStar::NAME, text).unwrap();
        let variant = WishUponAStar::VARIANTS
            .iter()
            .find(|v| v.model == name)
            .expect("every file is a variant of the ladder");
        assert_eq!(file.target_rtp, variant.rtp, "{name}");
        assert_eq!(name, format!("rtp-{}", file.target_rtp.percent_text()));
        assert!(
            file.tuning.unmet().is_empty(),
            "{name}: {:?}",
            file.tuning.unmet()
        );
        // Hit frequency, free spins, standard deviation, free-spin share, top awards.
        assert_eq!(file.tuning.shape.len(), 5, "{name}");
        let rtp = exact_rtp(&file.model);
        assert_eq!(file.tuning.rtp.len(), 1);
        assert!(
            (file.tuning.rtp[0].1 - rtp).abs() < 1e-12,
            "{name}: the file's RTP is exact"
        );
        assert!(
            file.tuning
                .command
                .contains(&format!("--target-rtp {}", file.target_rtp.percent_text()))
        );
    }
}

#[test]
fn the_tuner_makes_every_shipped_variant_again_from_its_recorded_seed() {
    for (name, text) in VARIANT_FILES {
        let file = read_variant_file::<MathModel>(WishUponAStar::NAME, text).unwrap();
        let seed = file.tuning.seed.expect("the tuner records its seed");
        let again = tuning::tune(file.target_rtp, seed).unwrap();
        assert_eq!(again.model, file.model, "{name}: the same target and seed");
        assert_eq!(again.knobs.values(), file.tuning.knobs, "{name}");
        assert_eq!(to_f64(&again.figures.rtp), file.tuning.rtp[0].1);
    }
}

#[test]
fn a_model_off_the_ladder_is_no_variant_and_is_judged_against_the_published_rtp() {
    let tuned = tuning::tune(TargetRtp(9300), tuning::DEFAULT_SEED).unwrap();
    assert!((to_f64(&tuned.figures.rtp) - 0.93).abs() < 0.000_03);
    let game = WishUponAStar::new(&tuned.model).unwrap();
    assert_eq!(game.variant(), None);
    assert_eq!(
        game.target_rtp(Standard),
        WishUponAStar::published_rtp(Standard)
    );
    assert_eq!(game.certified_rtp(Standard), None);
    // The free-spin frequency and the split of the RTP between its sources hold exactly.
    let share = |e: &ExactFigures| to_f64(&e.free_spins_share());
    assert!((share(&tuned.figures) - share(&tuned.published)).abs() < 0.005);
    assert_eq!(
        tuned.figures.free_spins_probability,
        tuned.published.free_spins_probability
    );
}

#[test]
fn a_round_of_a_variant_names_its_models_fingerprint_and_plays_by_the_same_rules() {
    use slot_core::events::Event;
    for v in WishUponAStar::VARIANTS {
        let game = WishUponAStar::new(&WishUponAStar::named_model(v.model).unwrap()).unwrap();
        let (outcome, log) = slot_core::replay::replay_game_round(&game, Standard, 20_261_129, 3);
        match log.events.first() {
            Some(Event::RoundStart { model, .. }) => assert_eq!(*model, game.fingerprint()),
            other => panic!("{}: first event {other:?}", v.model),
        }
        // The paid amounts add up to the round's win, as on the published model.
        assert_eq!(log.reconcile().unwrap(), WishUponAStar::win(&outcome));
    }
    let fingerprints: std::collections::BTreeSet<_> = WishUponAStar::VARIANTS
        .iter()
        .map(|v| {
            WishUponAStar::new(&WishUponAStar::named_model(v.model).unwrap())
                .unwrap()
                .fingerprint()
        })
        .collect();
    assert_eq!(
        fingerprints.len(),
        WishUponAStar::VARIANTS.len(),
        "one model per variant"
    );
}
