//! The ladder tuner over Moon Princess's knobs: its refusals, and a feature knob search whose
//! every candidate is the split estimate of the model with that knob.

use moon_princess::math_model::MathModel;
use moon_princess::{MoonPrincess, Pick};
use slot_core::ladder::LadderGame;
use slot_sim::ladder::{
    FeatureAim, LadderError, LadderEvent, LadderRun, VariantRequest, refuse_noise,
    search_feature_knob,
};

#[test]
fn noise_wider_than_the_bar_names_the_rounds_that_would_do() {
    assert!(refuse_noise(0.0010, 1_000, "x").is_ok());
    let e = refuse_noise(0.0020, 1_000_000, "pick love's RTP").unwrap_err();
    // Twice the bar: four times the rounds, a tenth to spare.
    match &e {
        LadderError::Noise { needed, .. } => assert_eq!(*needed, 4_400_000),
        other => panic!("{other:?}"),
    }
    let text = e.to_string();
    assert!(
        text.contains("at --rounds 1000000 pick love's RTP is known to +- 0.2000 pp"),
        "{text}"
    );
    assert!(
        text.contains("tune with --rounds 4400000 or more"),
        "{text}"
    );
}

#[test]
fn a_variant_without_a_trigger_in_its_base_games_is_refused_before_any_search() {
    let req = VariantRequest {
        target: "93".parse().unwrap(),
        command: String::new(),
        run: LadderRun {
            rounds: 1,
            seed: 7,
            threads: 1,
        },
    };
    let mut events = 0;
    let e = slot_sim::ladder::tune_variant::<MoonPrincess>(&req, &mut |_| events += 1).unwrap_err();
    assert!(
        matches!(
            e,
            LadderError::NoBaseTrigger {
                rounds: 1,
                games: 1
            }
        ),
        "{e:?}"
    );
    assert_eq!(events, 0);
}

#[test]
fn each_candidate_is_the_split_estimate_at_its_knob_and_noise_stops_the_search() {
    let run = LadderRun {
        rounds: 250_000,
        seed: 11,
        threads: 2,
    };
    let game = MoonPrincess::new(&MathModel::standard()).unwrap();
    let base = slot_sim::ladder::measured_base(&game, &run, &mut |_| {}).unwrap();
    let mut candidates = Vec::new();
    let aim = FeatureAim {
        base: &base,
        mode: Pick::Star,
        target: 0.93,
    };
    let e = search_feature_knob::<MoonPrincess>(&MathModel::standard(), aim, &run, &mut |ev| {
        if let LadderEvent::Candidate {
            knob,
            estimate,
            features,
            ..
        } = ev
        {
            candidates.push((knob, estimate.rtp, features));
        }
    })
    .unwrap_err();
    // 250,000 rounds know a pick's RTP to far worse than 0.10 pp: refused after the first
    // candidate, the model's own knob, on rounds / 25 features.
    assert!(matches!(e, LadderError::Noise { .. }), "{e:?}");
    let published = MoonPrincess::feature_knob_of(&MathModel::standard(), Pick::Star);
    assert_eq!(candidates.len(), 1);
    assert_eq!(candidates[0].0, published);
    assert_eq!(candidates[0].2, 10_000);
    // B + q V with V from features alone at that knob.
    let q = base.feature_rounds[0] as f64 / base.rounds as f64;
    assert!(candidates[0].1 > base.rtp() && candidates[0].1 < base.rtp() + q * 1_000.0);
}
