//! The template game Ten Lines (`ten-lines`) through every runner command, as a newcomer runs
//! them (issue 38, "a new game in six files"): each test runs the built runner on tiny rounds
//! and checks what it prints or writes against the game's rule sheet and its exact RTP,
//! 58,334,381 / 60,750,000 = 96.0237 % (crates/ten_lines, "Exact figures"), not against what
//! the code happened to print.

mod common;
use common::{dir, ok, xtask};
use slot_core::events::{Event, EventLog};
use slot_core::money::Win;

const GAME: &str = "ten-lines";
/// The shipped model's exact RTP as a fraction (the crate docs' figure).
const EXACT_RTP: f64 = 58_334_381.0 / 60_750_000.0;
/// A grid of no Scatter whose only win is payline 1 (the middle row) 10 10 10: 8 line bets =
/// 0.80 x the bet (worked out by hand from the rule sheet).
const TENS: &str = "J K Q K J/10 10 10 J Q/Q J K Q K";
/// Payline 2 (the top row) 7 x5: 1,000 line bets = 100 x the bet; 3 Scatters: 2 x the bet
/// and 10 free spins.
const SEVENS: &str = "7 7 7 7 7/10 J Q K be/SC ba SC W SC";

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text.trim_end()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Runs the runner expecting status `code`; returns stderr (where refusals are written).
fn refused(code: i32, args: &[&str]) -> String {
    let (got, out, err) = xtask(args);
    assert_eq!(got, code, "xtask {args:?}: {out}{err}");
    err
}

fn files(d: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn help_offers_the_template_by_its_name_and_title() {
    let help = ok(&["sim", "--help"]);
    assert!(
        help.contains("ten-lines") && help.contains("Ten Lines (template game)"),
        "{help}"
    );
    let eval = ok(&["eval", "--help"]);
    assert!(
        eval.contains("10, J, Q, K, be Bell, ba Bar, 7 Seven, W Wild, SC Scatter"),
        "{eval}"
    );
}

#[test]
fn sim_reports_the_three_sources_and_the_par_folder_holds_its_files() {
    let d = dir("template-sim");
    let out = d.join("par");
    let report = ok(&[
        "sim",
        GAME,
        "--rounds",
        "3000",
        "--json",
        "--out",
        out.to_str().unwrap(),
    ]);
    let r = json(&report);
    assert_eq!(r["game"], GAME);
    assert_eq!(r["mode"], "standard");
    assert_eq!(r["rounds"], 3000);
    assert_eq!(
        r["source_names"],
        serde_json::json!(["base game lines", "base game scatter", "free spins"])
    );
    // The sources add up to the RTP.
    let by: f64 = r["rtp_by_source"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_f64().unwrap())
        .sum();
    assert!((by - r["rtp"].as_f64().unwrap()).abs() < 1e-12);
    // 3,000 rounds: the exact RTP lies in the 99.9 % interval of any honest simulation far
    // more often than not; the 99 % one is checked loosely (4 sd).
    let (rtp, sd) = (r["rtp"].as_f64().unwrap(), r["sd"].as_f64().unwrap());
    assert!((rtp - EXACT_RTP).abs() < 4.0 * sd / 3000f64.sqrt(), "{rtp}");
    let got = files(&out);
    for f in [
        "report.md",
        "report.json",
        "win_distribution.csv",
        "win_distribution.svg",
        "rtp_by_source.csv",
        "features.csv",
        "disclosure.csv",
        "rtp_convergence.svg",
    ] {
        assert!(got.iter().any(|g| g == f), "{f} missing from {got:?}");
    }
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        md.contains("ten-lines") && md.contains("free spins"),
        "{md}"
    );
    // Ten Lines does not cascade (one landing a spin): no cascade table or plot, and the
    // sheet links none; the other contribution tables are there.
    for f in ["contributions.csv", "round_wins.csv"] {
        assert!(got.iter().any(|g| g == f), "{f} missing from {got:?}");
    }
    for f in ["cascades.csv", "tumble_depth.svg"] {
        assert!(!got.iter().any(|g| g == f), "{f} in {got:?}");
    }
    assert!(
        !md.contains("cascades.csv") && !md.contains("### Tumbles"),
        "{md}"
    );
}

#[test]
fn play_prints_a_round_that_reconciles() {
    let log =
        EventLog::from_json(ok(&["play", GAME, "--round", "3", "--json"]).trim_end()).unwrap();
    match &log.events[0] {
        Event::RoundStart { game, .. } => assert_eq!(game.name(), GAME),
        e => panic!("{e:?}"),
    }
    let Some(Event::RoundEnd { win, .. }) = log.events.last() else {
        panic!("no round_end")
    };
    assert_eq!(log.reconcile().unwrap(), *win);
}

#[test]
fn play_grid_plays_the_typed_grid_as_the_paid_spin() {
    let log =
        EventLog::from_json(ok(&["play", GAME, "--grid", TENS, "--json"]).trim_end()).unwrap();
    assert!(
        log.events
            .iter()
            .any(|e| matches!(e, Event::Landed { grid, .. } if grid == TENS))
    );
    assert!(matches!(
        log.events.last(),
        Some(Event::RoundEnd { win, .. }) if *win == Win::from_hundredths(80)
    ));
    // A trigger: the grid's own 102 x bet, then 10 free spins.
    let log =
        EventLog::from_json(ok(&["play", GAME, "--grid", SEVENS, "--json"]).trim_end()).unwrap();
    let free = log
        .events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::SpinStart {
                    spin: slot_core::events::SpinKind::Free,
                    ..
                }
            )
        })
        .count();
    assert_eq!(free, 10);
    assert!(log.reconcile().unwrap() >= Win::from_hundredths(10_200));
    let err = refused(
        2,
        &["play", GAME, "--grid", "W K Q K J/10 10 10 J Q/Q J K Q K"],
    );
    assert!(err.contains("error"), "{err}");
}

#[test]
fn eval_pays_the_hand_worked_grid_and_refuses_a_short_one() {
    let r = json(&ok(&["eval", GAME, "--grid", SEVENS, "--json"]));
    assert_eq!(r["total"], 102.0);
    assert_eq!(r["free_spins_triggered"], true);
    assert_eq!(r["lines"], serde_json::json!([2]));
    let err = refused(2, &["eval", GAME, "--grid", "7 7 7 7 7/10 J Q K be"]);
    assert!(err.contains("3"), "{err}");
}

#[test]
fn golden_replays_every_golden_round_unchanged() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../crates/ten_lines/tests/golden.json"
    );
    let before = std::fs::read(path).unwrap();
    let (code, out, err) = xtask(&["golden", GAME]);
    let after = std::fs::read(path).unwrap();
    if after != before {
        // Never let a test leave a rewritten golden file behind.
        std::fs::write(path, &before).unwrap();
    }
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("0 wins changed, 0 event logs changed"),
        "{out}"
    );
    assert!(after == before, "golden rewrote its file");
}

#[test]
fn session_plays_every_player_to_the_end() {
    let r = json(&ok(&[
        "session",
        GAME,
        "--balance",
        "100",
        "--bet",
        "1",
        "--spins",
        "20",
        "--players",
        "100",
        "--json",
    ]));
    assert_eq!(r["game"], GAME);
    assert_eq!(r["players"], 100);
    // 20 spins of 1.00 cannot spend a balance of 100.00.
    assert_eq!(r["still_playing"], 1.0);
    // A bet off the ladder (0.10 to 10.00 in steps of 0.10) is refused.
    refused(
        2,
        &[
            "session",
            GAME,
            "--balance",
            "100",
            "--bet",
            "0.15",
            "--spins",
            "20",
        ],
    );
}

#[test]
fn certify_is_exact_and_writes_one_certificate() {
    let d = dir("template-certify");
    let out = ok(&["certify", GAME, "--dir", d.to_str().unwrap()]);
    assert!(
        out.contains("96.023672 %") && out.contains("exact"),
        "{out}"
    );
    // The certificate and the owner marker that lets `certify` refuse a folder of other work.
    assert_eq!(
        files(&d),
        [".slot-math-owner.json", "certificate-standard.json"]
    );
    let c = json(&std::fs::read_to_string(d.join("certificate-standard.json")).unwrap());
    assert_eq!(c["method"], "exact");
    assert_eq!(c["meets"], true);
    assert!((c["rtp"].as_f64().unwrap() - EXACT_RTP).abs() < 1e-15);
}

#[test]
fn lab_kit_holds_what_a_lab_works_from() {
    let d = dir("template-lab");
    let out = d.join("kit");
    let (code, printed, progress) = xtask(&[
        "lab-kit",
        GAME,
        "--out",
        out.to_str().unwrap(),
        "--rounds",
        "50",
        "--bytes",
        "1024",
        "--par-rounds",
        "2000",
        "--no-vendor",
    ]);
    assert_eq!(code, 0, "{progress}");
    // What it prints names the kit where it is kept, never the folder it was built in.
    assert!(
        printed.starts_with(&format!("{}: outcomes.csv", out.display())),
        "{printed}"
    );
    assert!(
        !printed.contains("partial") && !progress.contains("partial"),
        "{printed}{progress}"
    );
    let got = files(&out);
    for f in [
        "MANIFEST.sha256",
        "disclosure.md",
        "model.json",
        "outcomes.csv",
        "rules.md",
        "par",
        "rng-raw-production.bin",
        "rng-raw-simulator.bin",
    ] {
        assert!(got.iter().any(|g| g == f), "{f} missing from {got:?}");
    }
    let disclosure = std::fs::read_to_string(out.join("disclosure.md")).unwrap();
    assert!(
        disclosure.contains("96.0237 %") && disclosure.contains("exact"),
        "{disclosure}"
    );
    assert_eq!(
        std::fs::metadata(out.join("rng-raw-simulator.bin"))
            .unwrap()
            .len(),
        1024
    );
    // The kit holds a copy of the source (about 70 MB): not left behind.
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn monitor_judges_a_stake_level_against_a_report_or_the_exact_figures() {
    let d = dir("template-monitor");
    let report = common::put(
        &d,
        "r.json",
        &ok(&["sim", GAME, "--rounds", "2000", "--json"]),
    );
    let r = json(&ok(&[
        "monitor", GAME, "--rounds", "10000", "--staked", "10000", "--won", "9602", "--report",
        &report, "--json",
    ]));
    // 96.02 % over 10,000 rounds: well inside the range of the report's RTP and sd.
    assert_eq!(r["verdict"], "within", "{r}");
    let sim = json(&std::fs::read_to_string(&report).unwrap());
    assert_eq!(r["certified"]["rtp"], sim["rtp"], "{r}");
    // Without a report: the exact RTP and the exact sd of a round's win (the crate's figures:
    // 96.0237 %, sd 3.910576 x stake), named as exact figures of the published model, not as
    // certification evidence the template does not state.
    let r = json(&ok(&[
        "monitor", GAME, "--rounds", "10000", "--staked", "10000", "--won", "9602", "--json",
    ]));
    assert_eq!(r["verdict"], "within", "{r}");
    assert!(
        (r["certified"]["rtp"].as_f64().unwrap() - EXACT_RTP).abs() < 1e-15,
        "{r}"
    );
    assert!(
        (r["certified"]["sd"].as_f64().unwrap() - 3.910_576).abs() < 5e-7,
        "{r}"
    );
    let source = r["certified"]["source"].as_str().unwrap();
    assert!(
        source.contains("exact RTP and sd") && source.contains("published model"),
        "{source}"
    );
    // 86 % over 10,000 rounds is 10.02 pp below, 2.56 x sd / sqrt(N) = 3.91 pp: outside
    // the 95 % band (1.96), inside the 99.9 % one (3.29): a warning.
    let text = ok(&[
        "monitor", GAME, "--rounds", "10000", "--staked", "10000", "--won", "8600",
    ]);
    assert!(
        text.contains("verdict: warning") && text.contains("exact RTP and sd"),
        "{text}"
    );
}

#[test]
fn equivalence_records_and_checks_the_template() {
    let d = dir("template-equivalence");
    let file = d.join("eq.json");
    ok(&[
        "equivalence",
        "record",
        "--out",
        file.to_str().unwrap(),
        "--rounds",
        "2",
    ]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\"ten-lines\""), "no ten-lines entry");
    let out = ok(&["equivalence", "check", file.to_str().unwrap()]);
    assert!(out.contains("replayed the same"), "{out}");
}

#[test]
fn split_refuses_and_names_what_to_use() {
    let err = refused(2, &["split", GAME]);
    assert!(err.contains("exact ten-lines"), "{err}");
}

#[test]
fn tune_refuses_and_names_the_manual_loop() {
    let err = refused(2, &["tune", GAME]);
    assert!(
        err.contains("no tuner") && err.contains("sim ten-lines --model"),
        "{err}"
    );
}

/// `exact ten-lines` prints the rule sheet's exact figures (the crate docs' table, worked
/// out by enumerating the 24,300,000 stop combinations), as text and as JSON.
#[test]
fn exact_prints_the_exact_figures() {
    let out = ok(&["exact", GAME]);
    assert!(out.contains("the published model"), "{out}");
    for line in [
        "96.023672 %   = 58334381/60750000",
        "30.411111 %   = 2737/9000",
        "1 in 125.00 rounds",
        "24300000",
    ] {
        assert!(out.contains(line), "{line} missing: {out}");
    }
    let v: serde_json::Value = serde_json::from_str(&ok(&["exact", GAME, "--json"])).unwrap();
    assert_eq!(v["game"], GAME);
    assert_eq!(v["rtp"]["fraction"], "58334381/60750000");
    assert_eq!(v["trigger_rate"]["fraction"], "1/125");
    assert_eq!(v["combinations"]["fraction"], "24300000");
    assert!(v.get("variant").is_none(), "Ten Lines has no RTP ladder");
}

#[test]
fn merge_adds_two_runs_exactly() {
    let d = dir("template-merge");
    let a = common::put(
        &d,
        "a.json",
        &ok(&["sim", GAME, "--rounds", "1000", "--seed", "1", "--json"]),
    );
    let b = common::put(
        &d,
        "b.json",
        &ok(&["sim", GAME, "--rounds", "1500", "--seed", "2", "--json"]),
    );
    let (ra, rb) = (
        json(&std::fs::read_to_string(&a).unwrap()),
        json(&std::fs::read_to_string(&b).unwrap()),
    );
    let m = json(&ok(&["merge", &a, &b, "--json"]));
    assert_eq!(m["rounds"], 2500);
    // Every seed merged, in the JSON, the text's header and the PAR sheet's table.
    assert_eq!(m["merged_seeds"], serde_json::json!([1, 2]));
    let text = ok(&["merge", &a, &b]);
    let header = text.lines().nth(1).unwrap_or_default();
    assert!(header.contains("seeds 1, 2"), "{text}");
    let par = d.join("par");
    ok(&["merge", &a, &b, "--out", par.to_str().unwrap()]);
    let md = std::fs::read_to_string(par.join("report.md")).unwrap();
    assert!(md.contains("| seeds | 1, 2 |"), "{md}");
    let back = json(&std::fs::read_to_string(par.join("report.json")).unwrap());
    assert_eq!(back["merged_seeds"], serde_json::json!([1, 2]));
    let win = |r: &serde_json::Value| r["sums"]["total_win"].as_u64().unwrap();
    assert_eq!(win(&m), win(&ra) + win(&rb));
    // The same run twice is refused (same seed).
    let err = refused(2, &["merge", &a, &a]);
    assert!(err.contains("error"), "{err}");
}

#[test]
fn the_viewer_lists_the_template_and_plays_its_typed_grid_as_play_does() {
    let games = viewer_wasm::games_json();
    assert!(games.contains("\"ten-lines\""), "{games}");
    let request = format!(r#"{{"game":"ten-lines","grid":"{SEVENS}","seed":4,"round":9}}"#);
    let from_play = ok(&[
        "play", GAME, "--grid", SEVENS, "--seed", "4", "--round", "9", "--json",
    ]);
    assert_eq!(viewer_wasm::respond(&request), from_play.trim_end());
}

/// The model lines of `sim`, its PAR sheet and `session`: Ten Lines has no RTP ladder, so its
/// shipped model is the published model, never "off the ladder"; another model (a model file)
/// is not the published one, and still not "off" a ladder it does not have.
#[test]
fn the_published_model_of_a_game_without_a_ladder_reads_as_published() {
    let d = dir("template-standing");
    let model_line = |text: &str| -> String {
        text.lines()
            .find(|l| l.contains("model") && l.contains("sha256"))
            .unwrap_or_else(|| panic!("no model line in {text}"))
            .to_string()
    };
    let par = d.join("par");
    let sim = ok(&[
        "sim",
        GAME,
        "--rounds",
        "500",
        "--out",
        par.to_str().unwrap(),
    ]);
    let md = std::fs::read_to_string(par.join("report.md")).unwrap();
    let session = ok(&[
        "session",
        GAME,
        "--balance",
        "10",
        "--bet",
        "1",
        "--spins",
        "5",
        "--players",
        "10",
    ]);
    for text in [&sim, &md, &session] {
        let line = model_line(text);
        assert!(
            line.contains("published model") && !line.contains("off the"),
            "{line}"
        );
        assert!(!line.contains("not the"), "{line}");
    }
    // The shipped model with two stops of reel 1 swapped: a model file, not the published one.
    let mut model: serde_json::Value = serde_json::to_value(
        <slot_games::TenLines as slot_core::Game>::named_model("standard").unwrap(),
    )
    .unwrap();
    let reel = model["strips"][0].as_array_mut().unwrap();
    reel.swap(0, 1);
    let file = common::put(&d, "model.json", &model.to_string());
    let sim = ok(&["sim", GAME, "--rounds", "500", "--model", &file]);
    let session = ok(&[
        "session",
        GAME,
        "--balance",
        "10",
        "--bet",
        "1",
        "--spins",
        "5",
        "--players",
        "10",
        "--model",
        &file,
    ]);
    for text in [&sim, &session] {
        let line = model_line(text);
        assert!(
            line.contains("not the game's published model") && !line.contains("off the"),
            "{line}"
        );
    }
}
