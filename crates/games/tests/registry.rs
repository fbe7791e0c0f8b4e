//! The registry lists every game once, finds each by name and refuses other names; the face
//! simulates, replays and plays a grid exactly as the generic path does.

use moon_princess::{MoonPrincess, Multiplier};
use slot_core::Game;
use slot_core::events::{Event, EventLog};
use slot_core::replay::{replay_game_round, replay_round};
use slot_sim::face::{FaceError, ModelSource};
use slot_sim::{GameFacts, SimConfig, Watch, simulate};
use starlight_christmas::StarlightChristmas;
use std::collections::BTreeSet;
use wish_upon_a_star::WishUponAStar;

/// The game types of the workspace, by name, as the crates themselves state them.
const TYPE_NAMES: [&str; 3] = [
    MoonPrincess::NAME,
    WishUponAStar::NAME,
    StarlightChristmas::NAME,
];

/// The game crates of the workspace: the package names of `crates/*` whose `src/game.rs`
/// implements `slot_core::Game` (a game's name is its package's), read from the folders
/// rather than listed here.
fn game_crates() -> BTreeSet<String> {
    let crates = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut names = BTreeSet::new();
    for dir in std::fs::read_dir(&crates).unwrap() {
        let dir = dir.unwrap().path();
        let game = std::fs::read_to_string(dir.join("src/game.rs")).unwrap_or_default();
        if !game.contains("impl slot_core::Game for ") {
            continue;
        }
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        let name = manifest
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|l| l.strip_suffix('"'))
            .unwrap_or_else(|| panic!("{} names no package", dir.display()));
        names.insert(name.to_string());
    }
    names
}

#[test]
fn every_game_is_listed_once_under_a_unique_name() {
    let names = slot_games::names();
    let unique: BTreeSet<&str> = names.iter().copied().collect();
    assert_eq!(
        unique.len(),
        names.len(),
        "a name is listed twice: {names:?}"
    );
    // Every game crate of the workspace is registered, under its package's name.
    let crates = game_crates();
    assert!(crates.len() >= TYPE_NAMES.len(), "{crates:?}");
    assert_eq!(
        unique,
        crates.iter().map(String::as_str).collect::<BTreeSet<_>>()
    );
    for name in TYPE_NAMES {
        assert!(unique.contains(name), "{name} is not registered");
    }
}

#[test]
fn named_finds_every_game_and_refuses_any_other_name() {
    for name in TYPE_NAMES {
        assert_eq!(slot_games::named(name).unwrap().name(), name);
    }
    for bad in ["moon", "", "Moon-Princess", "moon-princess "] {
        let e = slot_games::named(bad).err().unwrap();
        assert_eq!(e.name, bad);
        let text = e.to_string();
        assert!(text.starts_with(&format!("unknown game '{bad}'")), "{text}");
        for name in TYPE_NAMES {
            assert!(text.contains(name), "{text} does not list {name}");
        }
    }
    let long = "x".repeat(10_000);
    assert_eq!(slot_games::named(&long).err().unwrap().name.len(), 80);
}

#[test]
fn every_entry_states_its_facts_and_files() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for g in slot_games::all() {
        assert!(
            !g.cell_codes().is_empty(),
            "{} states no cell codes",
            g.name()
        );
        assert!(g.default_rounds() > 0);
        assert_eq!(g.model_names().first(), Some(&"standard"));
        let golden = g.golden_file().expect("every game has golden vectors");
        assert!(root.join(golden).is_file(), "{golden} is missing");
        let modes = g.modes();
        assert!(!modes.is_empty());
        assert_eq!(g.all_facts().len(), modes.len());
        for mode in &modes {
            assert_eq!(g.facts(mode).unwrap().mode, *mode);
        }
    }
    let catalog = slot_games::catalog();
    assert_eq!(
        catalog.entries().len(),
        slot_games::all()
            .iter()
            .map(|g| g.modes().len())
            .sum::<usize>()
    );
}

#[test]
fn a_mode_the_game_does_not_have_is_refused_with_its_modes() {
    let g = slot_games::named(MoonPrincess::NAME).unwrap();
    let e = g.facts("ante").err().unwrap();
    assert!(matches!(e, FaceError::UnknownMode(_)));
    assert_eq!(
        e.to_string(),
        "moon-princess has no mode 'ante'; its modes are love, star, storm"
    );
    let loaded = g.load(ModelSource::Published).unwrap();
    assert!(loaded.replay("ante", 1, 0).is_err());
    assert!(g.cost("standard").is_err());
}

#[test]
fn an_unknown_model_is_refused_with_the_models() {
    let g = slot_games::named(WishUponAStar::NAME).unwrap();
    let e = g.load(ModelSource::Named("no-such-model")).err().unwrap();
    assert!(matches!(e, FaceError::Model(_)), "{e}");
    assert!(e.to_string().contains("standard"), "{e}");
}

/// Through the face and through the generic path: the same facts, sums, rounds and logs.
fn same_as_generic<G: Game>() {
    let entry = slot_games::named(G::NAME).unwrap();
    let loaded = entry.load(ModelSource::Published).unwrap();
    let game = G::new(&G::named_model("standard").unwrap()).unwrap();
    assert_eq!(loaded.fingerprint(), game.fingerprint());
    assert_eq!(
        entry.modes(),
        G::MODES
            .iter()
            .map(|&m| G::mode_name(m))
            .collect::<Vec<_>>()
    );
    for &mode in G::MODES {
        let name = G::mode_name(mode);
        let (facts, of) = (entry.facts(name).unwrap(), GameFacts::of::<G>(mode));
        assert_eq!(
            (facts.game, facts.cost, facts.cap),
            (of.game, of.cost, of.cap)
        );
        assert_eq!(entry.cost(name).unwrap(), G::cost(mode));

        let config = SimConfig::rounds(20_000, 11);
        let face = loaded.simulate(name, &config, Watch::default()).unwrap();
        let generic = simulate(&game, mode, &config, Watch::default()).unwrap();
        assert_eq!(face.par.sums, generic.par.sums, "{} {name}", G::NAME);
        assert_eq!(face.model_fingerprint, generic.model_fingerprint);

        for (seed, round) in [(1, 0), (1, 9_999), (2, 10_000), (u64::MAX, 3)] {
            let (win, log) = loaded.replay(name, seed, round).unwrap();
            let (outcome, expected) = replay_game_round(&game, mode, seed, round);
            assert_eq!(win, G::win(&outcome));
            assert_eq!(log, expected);
        }
    }
}

#[test]
fn moon_princess_through_the_face_is_the_generic_path() {
    same_as_generic::<MoonPrincess>();
}

#[test]
fn wish_upon_a_star_through_the_face_is_the_generic_path() {
    same_as_generic::<WishUponAStar>();
}

#[test]
fn starlight_christmas_through_the_face_is_the_generic_path() {
    same_as_generic::<StarlightChristmas>();
}

/// A grid played through the face: the game's own grid play, drawn from round `round` of
/// seed `seed` as the viewer draws it.
fn face_grid(name: &str, mode: &str, grid: &str, seed: u64, round: u64) -> (u64, EventLog) {
    let loaded = slot_games::named(name)
        .unwrap()
        .load(ModelSource::Published)
        .unwrap();
    let (win, log) = loaded.play_from_grid(mode, grid, seed, round).unwrap();
    (win.hundredths(), log)
}

#[test]
fn a_moon_princess_grid_is_its_tumble_sequence_after_the_landing() {
    let text = "ci ci ci ci ci/st he be pg pb/he be pg pb st/be pg pb st he/pg pb st he be";
    let (win, log) = face_grid(MoonPrincess::NAME, "love", text, 3, 4);
    let g = moon_princess::parse_grid(text).unwrap();
    let sequence = MoonPrincess::evaluate_sequence(&g, Multiplier::ONE);
    assert_eq!(win, sequence.paid.hundredths());
    assert!(win > 0);
    assert!(
        matches!(&log.events[0], Event::Landed { grid, .. } if *grid == moon_princess::grid_text(&g))
    );
    assert_eq!(log.events[1..], sequence.events[..]);
}

#[test]
fn a_wish_upon_a_star_grid_is_its_paid_spin() {
    let text = "A W ST W A/A K Q J 10/A be cc cd tr";
    let game = WishUponAStar::standard();
    let g = wish_upon_a_star::symbols::parse_grid(text).unwrap();
    for (seed, round) in [(5, 0), (5, 7)] {
        let (outcome, log) = replay_round(seed, round, |rng, mut rec| {
            game.play_paid_spin_grid(rng, &mut rec, &g)
        });
        assert_eq!(
            face_grid(WishUponAStar::NAME, "standard", text, seed, round),
            (outcome.win.hundredths(), log)
        );
    }
}

#[test]
fn a_starlight_christmas_grid_lands_as_the_paid_spin_in_each_mode() {
    let text =
        "gy gy gy gy gy gy/gy gy gy gt gt gt/gt gt gt gg gg gg/gg gb gb gb gr gr/st mo he su x2 x3";
    let game = StarlightChristmas::standard();
    let g = starlight_christmas::symbols::parse_grid(text).unwrap();
    for &mode in StarlightChristmas::MODES {
        let (outcome, log) =
            replay_round(9, 4, |rng, mut rec| game.play_grid(mode, rng, &mut rec, &g));
        let expected = (StarlightChristmas::win(&outcome).hundredths(), log);
        assert_eq!(
            face_grid(
                StarlightChristmas::NAME,
                StarlightChristmas::mode_name(mode),
                text,
                9,
                4
            ),
            expected
        );
    }
}

#[test]
fn a_grid_that_is_not_the_games_is_refused() {
    for g in slot_games::all() {
        let loaded = g.load(ModelSource::Published).unwrap();
        let mode = g.modes()[0];
        let e = loaded.play_from_grid(mode, "zz zz/zz", 1, 0).err().unwrap();
        assert!(matches!(e, FaceError::Eval(_)), "{}: {e}", g.name());
    }
}
