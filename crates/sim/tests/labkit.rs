//! A lab kit's settings are checked before any work ([`slot_sim::kit_build::build`]): each
//! refusal is typed, names what is allowed, and leaves no folder behind.

use moon_princess::{MoonPrincess, Pick};
use slot_sim::kit_build::{KitConfig, KitError, build};

fn config(out: std::path::PathBuf) -> KitConfig<'static> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    KitConfig {
        out,
        force: false,
        rounds: 10,
        bytes: 64,
        seed: 1,
        par_rounds: 1_000,
        model: None,
        rtp: None,
        vendor: false,
        dieharder: false,
        dieharder_tests: vec![],
        source: root.clone(),
        root,
        binary: None,
        stop: None,
    }
}

#[test]
fn settings_out_of_range_are_refused_before_any_work() {
    let out = std::env::temp_dir().join(format!("slot-sim-kit-{}", std::process::id()));
    let mut rng = slot_core::replay::batch_rng(9, 0);
    let refuse = |c: KitConfig<'_>, rng: &mut slot_core::replay::SimRng| {
        build::<MoonPrincess, _>(Pick::Love, &c, rng, |_| {}).unwrap_err()
    };
    let e = refuse(
        KitConfig {
            bytes: 6,
            ..config(out.clone())
        },
        &mut rng,
    );
    assert!(matches!(e, KitError::Bytes(6)), "{e}");
    assert!(
        e.to_string()
            .contains("a multiple of 4, from 4 to 1073741824 (1 GiB)"),
        "{e}"
    );
    let e = refuse(
        KitConfig {
            rounds: 0,
            ..config(out.clone())
        },
        &mut rng,
    );
    assert!(matches!(e, KitError::Zero), "{e}");
    let e = refuse(
        KitConfig {
            model: Some("no-such-model".into()),
            ..config(out.clone())
        },
        &mut rng,
    );
    assert!(matches!(e, KitError::Model(_)), "{e}");
    let e = refuse(
        KitConfig {
            source: std::env::temp_dir().join("no-such-source-folder"),
            ..config(out.clone())
        },
        &mut rng,
    );
    assert!(matches!(e, KitError::Source(_)), "{e}");
    assert!(!out.exists(), "nothing is made for settings refused");
}
