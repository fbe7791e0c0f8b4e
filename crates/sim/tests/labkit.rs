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
            rounds: 1_000_001,
            ..config(out.clone())
        },
        &mut rng,
    );
    assert!(matches!(e, KitError::Rounds(1_000_001)), "{e}");
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

/// What the build tells names only what the user keeps: the kit's folder, never the folder
/// it was written in before being moved into place (gone after the run).
#[test]
fn the_notes_name_the_kit_where_it_is_kept() {
    let out = std::env::temp_dir().join(format!("slot-sim-kit-notes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let mut rng = slot_core::replay::batch_rng(9, 0);
    let mut notes = Vec::new();
    build::<MoonPrincess, _>(Pick::Love, &config(out.clone()), &mut rng, |n| {
        notes.push(n)
    })
    .unwrap();
    let kept = out.display().to_string();
    let results: Vec<&String> = notes
        .iter()
        .filter_map(|n| match n {
            slot_sim::kit_build::KitNote::Result(line) => Some(line),
            slot_sim::kit_build::KitNote::Progress(_) => None,
        })
        .collect();
    assert!(
        results
            .iter()
            .any(|l| l.starts_with(&format!("{kept}: outcomes.csv"))),
        "{notes:?}"
    );
    for n in &notes {
        let line = format!("{n:?}");
        assert!(
            !line.contains("partial"),
            "a temporary folder named: {line}"
        );
    }
    assert!(out.join("MANIFEST.sha256").is_file());
    std::fs::remove_dir_all(&out).unwrap();
}

/// A folder a killed `lab-kit` left beside the kit (`.<out>.partial-<pid>`, the kit being
/// built) is removed by the next build when its process is gone, and the build says so; a
/// live process's folder, a folder without `lab-kit`'s stamp and (while the folder asked
/// for holds no complete kit) an earlier kit moved aside (`.<out>.old-<pid>`) are kept.
#[test]
fn a_stale_partial_kit_of_a_dead_process_is_removed_and_the_kit_is_complete() {
    use slot_sim::files::{Owner, STAMP};
    let base = std::env::temp_dir().join(format!("slot-sim-kit-stale-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let out = base.join("kit");
    // Processes that have ended (waited for): their pids name no running process.
    let ended = || {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        assert!(!std::path::Path::new(&format!("/proc/{pid}")).exists());
        pid
    };
    let (dead, dead2, dead3) = (ended(), ended(), ended());
    let stamped = |name: String, command: &str| {
        let d = base.join(name);
        std::fs::create_dir_all(d.join("par")).unwrap();
        std::fs::write(d.join("outcomes.csv"), "half").unwrap();
        let owner = Owner {
            command: command.into(),
            game: "moon-princess".into(),
            mode: "love".into(),
            model: "ab".repeat(32),
        };
        std::fs::write(d.join(STAMP), serde_json::to_string(&owner).unwrap()).unwrap();
        d
    };
    let stale = stamped(format!(".kit.partial-{dead}"), "lab-kit");
    let old = stamped(format!(".kit.old-{dead}"), "lab-kit");
    let live = stamped(".kit.partial-1".into(), "lab-kit"); // pid 1 always runs
    let other = stamped(format!(".kit.partial-{dead2}"), "certify");
    let unstamped = base.join(format!(".kit.partial-{dead3}"));
    std::fs::create_dir_all(&unstamped).unwrap();
    let mut rng = slot_core::replay::batch_rng(9, 0);
    let mut notes = Vec::new();
    build::<MoonPrincess, _>(Pick::Love, &config(out.clone()), &mut rng, |n| {
        notes.push(n)
    })
    .unwrap();
    assert!(
        !stale.exists(),
        "the dead process's partial kit is still there"
    );
    let said = format!(
        "removed {}: left by an interrupted lab-kit (process {dead}, no longer running)",
        stale.display()
    );
    assert!(
        notes.contains(&slot_sim::kit_build::KitNote::Progress(said.clone())),
        "{notes:?}"
    );
    assert_eq!(
        notes
            .iter()
            .filter(|n| format!("{n:?}").contains("removed"))
            .count(),
        1
    );
    for kept in [&old, &live, &other, &unstamped] {
        assert!(kept.is_dir(), "{} was removed", kept.display());
    }
    // The kit is complete: its manifest lists outcomes.csv, which is the kit's, not the
    // stale folder's half file.
    let manifest = std::fs::read_to_string(out.join("MANIFEST.sha256")).unwrap();
    assert!(manifest.contains("  outcomes.csv\n"), "{manifest}");
    assert!(
        std::fs::read_to_string(out.join("outcomes.csv"))
            .unwrap()
            .starts_with("round,")
    );
    // Now that the folder holds a complete kit, the earlier kit a dead process moved aside is
    // garbage: the next build removes it too.
    let mut notes = Vec::new();
    build::<MoonPrincess, _>(Pick::Love, &config(out.clone()), &mut rng, |n| {
        notes.push(n)
    })
    .unwrap();
    assert!(!old.exists());
    assert!(live.is_dir() && other.is_dir() && unstamped.is_dir());
    assert!(out.join("MANIFEST.sha256").is_file());
    std::fs::remove_dir_all(&base).unwrap();
}

/// A build stopped (its stop flag set, as on an interrupt) moves nothing in: a finished kit
/// in the folder keeps its manifest and files, and the unfinished kit is deleted. (It moved
/// the unfinished kit, without a manifest, over the finished one.) Into a new folder, a
/// stopped build leaves no folder.
#[test]
fn a_stopped_build_never_replaces_a_finished_kit() {
    let base = std::env::temp_dir().join(format!("slot-sim-kit-stop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let out = base.join("kit");
    let mut rng = slot_core::replay::batch_rng(9, 0);
    build::<MoonPrincess, _>(Pick::Love, &config(out.clone()), &mut rng, |_| {}).unwrap();
    let manifest = std::fs::read(out.join("MANIFEST.sha256")).unwrap();
    let stop = std::sync::atomic::AtomicBool::new(true);
    let stopped = KitConfig {
        stop: Some(&stop),
        seed: 2,
        ..config(out.clone())
    };
    assert!(
        build::<MoonPrincess, _>(Pick::Love, &stopped, &mut rng, |_| {})
            .unwrap()
            .is_none()
    );
    assert_eq!(
        std::fs::read(out.join("MANIFEST.sha256")).unwrap(),
        manifest
    );
    let mut left: Vec<String> = std::fs::read_dir(&base)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["kit"], "the unfinished kit was left beside it");
    let fresh = base.join("fresh");
    let stopped = KitConfig {
        stop: Some(&stop),
        ..config(fresh.clone())
    };
    assert!(
        build::<MoonPrincess, _>(Pick::Love, &stopped, &mut rng, |_| {})
            .unwrap()
            .is_none()
    );
    assert!(!fresh.exists());
    std::fs::remove_dir_all(&base).unwrap();
}

/// The kit of Moon Princess's 84.50 % variant carries the markets' verdicts on it, computed
/// from its certification record: 84.50 % +- 0.05 pp (99 %) ends below Malta's 85 % floor,
/// so `markets.md` says "not allowed" for Malta with the rule and its figure, as does the PAR
/// sheet's disclosure; `markets.json` reads as the runner's `markets --json`; both are in
/// the manifest. A folder of profiles with a bad one refuses the kit before any work.
#[test]
fn the_kit_carries_the_markets_verdicts_on_its_model() {
    let out = std::env::temp_dir().join(format!("slot-sim-kit-markets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let mut rng = slot_core::replay::batch_rng(9, 0);
    let c = KitConfig {
        rtp: Some("84.50".parse().unwrap()),
        ..config(out.clone())
    };
    build::<MoonPrincess, _>(Pick::Love, &c, &mut rng, |_| {}).unwrap();
    let md = std::fs::read_to_string(out.join("markets.md")).unwrap();
    assert!(
        md.starts_with("# Markets: Moon Princess (moon-princess)"),
        "{md}"
    );
    let malta = md
        .lines()
        .find(|l| l.starts_with("| Malta (mt) | rtp-84.50 | love |"))
        .unwrap_or_else(|| panic!("{md}"));
    assert!(malta.contains("| not allowed | mt-min-rtp"), "{malta}");
    assert!(malta.contains("is below the floor 85.00 %"), "{malta}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("markets.json")).unwrap()).unwrap();
    assert_eq!(json["game"], "moon-princess");
    let sheet = std::fs::read_to_string(out.join("par/report.md")).unwrap();
    assert!(sheet.contains("### Markets"), "{sheet}");
    assert!(sheet.contains("| Malta (mt) | rtp-84.50 | love | not allowed |"));
    let manifest = std::fs::read_to_string(out.join("MANIFEST.sha256")).unwrap();
    assert!(manifest.contains("  markets.md\n") && manifest.contains("  markets.json\n"));
    std::fs::remove_dir_all(&out).unwrap();

    // A bad profile: refused before any work, naming the file.
    let root = std::env::temp_dir().join(format!("slot-sim-kit-root-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("markets")).unwrap();
    std::fs::write(root.join("markets/xx.toml"), "id = \"xx\"\n").unwrap();
    let c = KitConfig {
        root: root.clone(),
        ..config(out.clone())
    };
    let e = build::<MoonPrincess, _>(Pick::Love, &c, &mut rng, |_| {})
        .unwrap_err()
        .to_string();
    assert!(e.contains("xx.toml"), "{e}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&root).unwrap();
}

/// The rules sheet's top awards: Moon Princess's are its 100 x grid clear and its cap of
/// 5,000 x the bet (the cap is counted apart from `Game::AWARDS`, and named as the PAR sheet
/// and the disclosure name it); Wish Upon a Star has no cap, so none is listed.
#[test]
fn the_rules_sheet_lists_the_cap_among_the_top_awards() {
    use slot_core::Game;
    let mp = MoonPrincess::standard();
    let sheet =
        slot_sim::labkit::rules_sheet(&mp, &MoonPrincess::named_model("standard").unwrap(), None);
    assert!(
        sheet.contains("| top awards | grid clear 100x, cap 5000x |\n"),
        "{sheet}"
    );
    let wish = wish_upon_a_star::WishUponAStar::standard();
    let sheet = slot_sim::labkit::rules_sheet(
        &wish,
        &wish_upon_a_star::WishUponAStar::named_model("standard").unwrap(),
        None,
    );
    let row = sheet
        .lines()
        .find(|l| l.starts_with("| top awards |"))
        .unwrap();
    assert!(!row.contains("cap"), "{row}");
    assert!(sheet.contains("| cap | none |"), "{sheet}");
}
