//! RTP variants on the command line: `--rtp` chooses a variant of the ladder in every command
//! that takes a model, `tune --target-rtp R --out FILE` writes a variant file with its shape,
//! and `sim`, `play` and `certify` take that file and judge it against its own target.

mod common;
use common::{dir, ok, xtask};

#[test]
fn rtp_names_a_variant_of_the_ladder_and_nothing_else() {
    let by_rtp = ok(&[
        "play",
        "wish-upon-a-star",
        "--rtp",
        "90",
        "--round",
        "3",
        "--json",
    ]);
    let by_name = ok(&[
        "play",
        "wish-upon-a-star",
        "--model",
        "rtp-90.00",
        "--round",
        "3",
        "--json",
    ]);
    assert_eq!(by_rtp, by_name);
    let published = ok(&["play", "wish-upon-a-star", "--round", "3", "--json"]);
    assert_ne!(by_rtp, published, "another model, another round record");
    let report = ok(&[
        "sim",
        "wish-upon-a-star",
        "--rtp",
        "92.00",
        "--rounds",
        "20000",
        "--gof-rounds",
        "0",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&report).unwrap();
    assert_eq!(v["target_rtp"], 0.92);
    assert_eq!(v["variant"], "92.00 %");
    // Every game plays its ladder by RTP: Moon Princess's 87.50 % variant, any pick.
    let report = ok(&[
        "sim",
        "moon-princess",
        "--rtp",
        "87.5",
        "--choice",
        "storm",
        "--rounds",
        "20000",
        "--gof-rounds",
        "0",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&report).unwrap();
    assert_eq!(v["target_rtp"], 0.875);
    assert_eq!(v["variant"], "87.50 %");
    assert_eq!(
        v["model_fingerprint"].as_str().unwrap(),
        moon_princess::MoonPrincess::new(&moon_princess::MathModel::named("rtp-87.50").unwrap())
            .unwrap()
            .fingerprint()
            .to_string()
    );
    let d = dir("cli_variants_par");
    ok(&[
        "sim",
        "wish-upon-a-star",
        "--rtp",
        "90",
        "--rounds",
        "20000",
        "--gof-rounds",
        "0",
        "--no-detail",
        "--out",
        d.to_str().unwrap(),
    ]);
    let md = std::fs::read_to_string(d.join("report.md")).unwrap();
    assert!(
        md.contains("| RTP variant | 90.00 % (model sha256 c5a11f5c"),
        "{md}"
    );
    assert!(md.contains("| target RTP | 90.00 % |"), "{md}");
    // Session studies and the exact figures name the model and its variant too.
    for args in [
        vec![
            "session",
            "wish-upon-a-star",
            "--rtp",
            "90",
            "--balance",
            "100",
            "--bet",
            "1",
            "--spins",
            "50",
            "--players",
            "20",
            "--json",
        ],
        vec!["exact", "wish-upon-a-star", "--rtp", "90", "--json"],
    ] {
        let v: serde_json::Value = serde_json::from_str(&ok(&args)).unwrap();
        assert!(
            v["model_fingerprint"]
                .as_str()
                .unwrap()
                .starts_with("c5a11f5c"),
            "{args:?}"
        );
        assert_eq!(v["variant"], "90.00 %", "{args:?}");
    }
    for (args, words) in [
        (
            vec!["sim", "wish-upon-a-star", "--rtp", "91"],
            "wish-upon-a-star has no RTP variant 91.00 %; its ladder is 96.00 %, 95.20 %, 94.00 %, 92.00 %, 90.00 %",
        ),
        (
            vec!["sim", "moon-princess", "--rtp", "95"],
            "moon-princess has no RTP variant 95.00 %; its ladder is 96.50 %, 94.51 %, 91.49 %, 87.50 %, 84.50 %",
        ),
        (
            vec!["play", "wish-upon-a-star", "--rtp", "90.001"],
            "at most two decimals",
        ),
        (
            vec![
                "sim",
                "wish-upon-a-star",
                "--rtp",
                "90",
                "--model",
                "standard",
            ],
            "cannot be used with",
        ),
        (
            vec![
                "tune",
                "moon-princess",
                "--target-rtp",
                "93",
                "--choice",
                "love",
            ],
            "in every mode; --model, --mode, --ante and --choice are not taken",
        ),
        (
            vec!["tune", "moon-princess", "--target-rtp", "97.5"],
            "the tuner derives variants from 84.00 % to 97.00 %; the published variant is 94.51 %",
        ),
        (
            vec!["tune", "wish-upon-a-star", "--target-rtp", "83.99"],
            "the tuner derives variants from 84.00 % to 97.00 %",
        ),
        (
            vec!["tune", "starlight-christmas", "--target-rtp", "97.01"],
            "the tuner derives variants from 84.00 % to 97.00 %; the published variant is 95.50 %",
        ),
        (
            vec![
                "tune",
                "starlight-christmas",
                "--target-rtp",
                "96",
                "--ante",
            ],
            "in every mode; --model, --mode, --ante and --choice are not taken",
        ),
        (
            vec!["tune", "wish-upon-a-star", "--out", "x.json"],
            "--target-rtp",
        ),
    ] {
        let (code, out, err) = xtask(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(words), "{args:?}: {err}");
    }
}

#[test]
fn a_tuned_variant_file_is_played_and_certified_against_its_own_target() {
    let d = dir("cli_variants_tuned");
    let file = d.join("rtp-93.00.json");
    let f = file.to_str().unwrap();
    let printed = ok(&[
        "tune",
        "wish-upon-a-star",
        "--target-rtp",
        "93",
        "--rounds",
        "200000",
        "--seed",
        "7",
        "--out",
        f,
    ]);
    for words in [
        "variant 93.00 % of wish-upon-a-star",
        "hit frequency",
        "free spins per round",
        "standard deviation",
        "free-spin share of the RTP",
        "- held",
        "wrote ",
    ] {
        assert!(printed.contains(words), "{words}: {printed}");
    }
    let text = std::fs::read_to_string(&file).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["target_rtp"], "93.00");
    assert_eq!(v["tuning"]["seed"], 7);
    assert!(
        v["tuning"]["command"]
            .as_str()
            .unwrap()
            .contains("--target-rtp 93")
    );
    let rtp = v["tuning"]["rtp"][0][1].as_f64().unwrap();
    assert!((rtp - 0.93).abs() < 0.000_05, "exact RTP {rtp}");
    // sim judges it against its own target; certify's exact figure meets the bar there.
    let report = sim_of_file("wish-upon-a-star", f);
    assert_eq!(report["target_rtp"], 0.93);
    assert!(report.get("variant").is_none(), "off the shipped ladder");
    let c = d.join("certify");
    ok(&[
        "certify",
        "wish-upon-a-star",
        "--model",
        f,
        "--dir",
        c.to_str().unwrap(),
    ]);
    let cert: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(c.join("certificate-standard.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(cert["target_rtp"], 0.93);
    assert_eq!(cert["meets"], true);
    assert!((cert["rtp"].as_f64().unwrap() - rtp).abs() < 1e-12);
    // Reports of the file merge into one judged against the file's target with `--model`;
    // without it the fingerprint alone names no target, and the published one is used.
    let mut reports = Vec::new();
    for seed in ["1", "2"] {
        let out = ok(&[
            "sim",
            "wish-upon-a-star",
            "--model",
            f,
            "--rounds",
            "20000",
            "--seed",
            seed,
            "--gof-rounds",
            "0",
            "--json",
        ]);
        let path = d.join(format!("report-{seed}.json"));
        std::fs::write(&path, out).unwrap();
        reports.push(path.to_str().unwrap().to_string());
    }
    let merge = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec!["merge", "--json", reports[0].as_str(), reports[1].as_str()];
        args.extend_from_slice(extra);
        serde_json::from_str(&ok(&args)).unwrap()
    };
    assert_eq!(merge(&["--model", f])["target_rtp"], 0.93);
    assert_eq!(merge(&[])["target_rtp"], 0.952);
    let (code, _, err) = xtask(&[
        "merge",
        reports[0].as_str(),
        reports[1].as_str(),
        "--model",
        "rtp-90.00",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("is not the reports'"), "{err}");
    // An edited variant file is refused (its checksum), and so is a file that names another
    // target for a shipped variant's model.
    let edited = d.join("edited.json");
    std::fs::write(&edited, text.replace("\"93.00\"", "\"94.00\"")).unwrap();
    let (code, _, err) = xtask(&[
        "sim",
        "wish-upon-a-star",
        "--model",
        edited.to_str().unwrap(),
        "--rounds",
        "10",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("edited after the tuner wrote it"), "{err}");
    let shipped = wish_upon_a_star::MathModel::named("rtp-90.00").unwrap();
    let lying = slot_core::variant::VariantFile::sealed(
        "wish-upon-a-star",
        slot_core::game::TargetRtp(9500),
        serde_json::from_value(v["tuning"].clone()).unwrap(),
        shipped,
    );
    let lie = d.join("lie.json");
    std::fs::write(&lie, serde_json::to_string(&lying).unwrap()).unwrap();
    let (code, _, err) = xtask(&[
        "sim",
        "wish-upon-a-star",
        "--model",
        lie.to_str().unwrap(),
        "--rounds",
        "10",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("names the target 95.00 %, but its model is the game's 90.00 % variant"),
        "{err}"
    );
    let cut = d.join("cut.json");
    std::fs::write(&cut, &text[..text.len() / 2]).unwrap();
    let (code, _, err) = xtask(&[
        "sim",
        "wish-upon-a-star",
        "--model",
        cut.to_str().unwrap(),
        "--rounds",
        "10",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("not a variant file of wish-upon-a-star"),
        "{err}"
    );
    // A variant file of another game is refused by name.
    let (code, _, err) = xtask(&["sim", "moon-princess", "--model", f, "--rounds", "10"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("not a variant file of moon-princess")
            || err.contains("a variant file of 'wish-upon-a-star'"),
        "{err}"
    );
}

/// Starlight Christmas's tuner: both bet modes' knobs searched on the split estimate with
/// paired base games, anchored on the published model's certified RTP, and a variant file
/// with both modes' shapes; more Multipliers for a higher target. Too few base games for a
/// paired difference within 0.10 pp are refused.
#[test]
fn starlight_christmas_s_tuner_writes_a_variant_of_both_modes() {
    let d = dir("cli_variants_sc");
    let file = d.join("rtp-96.50.json");
    let f = file.to_str().unwrap();
    let tune = |rounds: &str| {
        xtask(&[
            "tune",
            "starlight-christmas",
            "--target-rtp",
            "96.5",
            "--rounds",
            rounds,
            "--seed",
            "7",
            "--out",
            f,
        ])
    };
    let (code, _, err) = tune("200000");
    assert_eq!(code, 2);
    assert!(
        err.contains("--rounds: noise: at 200000 base games the difference of knob +175")
            && err.contains("base games or more"),
        "{err}"
    );
    assert!(!file.exists(), "nothing written");
    let (code, printed, err) = tune("14000000");
    assert_eq!(code, 0, "{err}");
    for words in [
        "variant 96.50 % of starlight-christmas",
        "RTP (standard)",
        "RTP (ante)",
        "the certified level's and the paired difference's",
        "Multiplier weight, standard base table",
        "hit frequency (ante)",
        "wrote ",
    ] {
        assert!(printed.contains(words), "{words}: {printed}");
    }
    assert!(printed.contains("anchored on the certified"), "{printed}");
    let text = std::fs::read_to_string(&file).unwrap();
    let v = slot_core::variant::read_variant_file::<starlight_christmas::MathModel>(
        "starlight-christmas",
        &text,
    )
    .unwrap();
    assert_eq!(v.target_rtp, slot_core::game::TargetRtp(9650));
    let shipped = starlight_christmas::MathModel::standard();
    assert!(v.model.base.multiplier > shipped.base.multiplier);
    assert!(v.model.ante_base.multiplier > shipped.ante_base.multiplier);
    assert_eq!(
        v.model.free_spins, shipped.free_spins,
        "the free spins never move"
    );
    assert_eq!(v.model.base.scatter, shipped.base.scatter);
    let modes: Vec<&str> = v.tuning.rtp.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(modes, ["standard", "ante"]);
    for (_, rtp) in &v.tuning.rtp {
        assert!((rtp - 0.965).abs() < 0.0005, "{rtp}");
    }
    // sim takes the file and judges it against its own target.
    let report = sim_of_file("starlight-christmas", f);
    assert_eq!(report["target_rtp"], 0.965);
    std::fs::remove_dir_all(&d).unwrap();
}

/// The JSON report of 10,000 rounds of `game` on the model file `file`.
fn sim_of_file(game: &str, file: &str) -> serde_json::Value {
    serde_json::from_str(&ok(&[
        "sim",
        game,
        "--model",
        file,
        "--rounds",
        "10000",
        "--gof-rounds",
        "0",
        "--json",
    ]))
    .unwrap()
}

/// Moon Princess's tuner: the base game's two knobs are solved first (printed with each
/// candidate's figures), then each pick's free-spin knob on the split estimate, which a run
/// too short to tell 0.10 pp refuses, naming the rounds that would do.
#[test]
fn moon_princess_s_tuner_solves_the_base_knobs_then_refuses_a_noisy_pick_search() {
    let (code, out, err) = xtask(&[
        "tune",
        "moon-princess",
        "--target-rtp",
        "93",
        "--rounds",
        "2000000",
        "--seed",
        "7",
    ]);
    assert_eq!(code, 2, "{err}");
    for words in [
        "base knobs (random power of 10000, clear weight of 10000), 2000000 paired base games each",
        "half of the RTP's move",
        "  random power  1000, clear weight  145: B ",
        "pick love: needed mean free-spin value",
    ] {
        assert!(out.contains(words), "{words}: {out}");
    }
    // Fewer random powers for a lower target, the first line being the published knobs.
    let powers: Vec<i64> = out
        .lines()
        .filter_map(|l| l.strip_prefix("  random power "))
        .map(|l| l.split(',').next().unwrap().trim().parse().unwrap())
        .collect();
    assert_eq!(powers[0], 1000);
    assert!(*powers.last().unwrap() < 1000, "{powers:?}");
    assert!(
        err.contains("noise: at --rounds 2000000 pick love's RTP is known to"),
        "{err}"
    );
    assert!(err.contains("tune with --rounds"), "{err}");
    // Too few rounds to see a free spin: refused before any search, by --rounds.
    let (code, _, err) = xtask(&[
        "tune",
        "moon-princess",
        "--target-rtp",
        "93",
        "--rounds",
        "1",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--rounds 1: no free spins triggered in 1 base games, nothing to tune on"),
        "{err}"
    );
}
