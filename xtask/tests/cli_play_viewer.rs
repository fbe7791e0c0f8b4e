//! `play --model NAME` and the round viewer: the viewer's engine (`viewer-wasm`, run here on
//! the host) answers a request with exactly the log `cargo xtask play ... --json` prints for
//! the same game, mode, model, seed and round (both replay through
//! `slot_core::replay::replay_round`); the stress models reach the cap where the browser test
//! expects it.

mod common;
use common::{ok, xtask};
use slot_core::events::{Event, EventLog};
use slot_core::money::Win;

/// Starlight Christmas's capped stress round of the browser test.
const SC_STRESS: &[&str] = &[
    "play",
    "starlight-christmas",
    "--model",
    "stress",
    "--round",
    "20",
    "--json",
];

/// (request for the viewer, the same round's `play` arguments).
const SAME_ROUNDS: [(&str, &[&str]); 7] = [
    (
        r#"{"game":"moon-princess","seed":20261129,"round":0}"#,
        &["play", "moon-princess", "--round", "0", "--json"],
    ),
    (
        r#"{"game":"moon-princess","mode":"storm","seed":"20261129","round":560}"#,
        &[
            "play",
            "moon-princess",
            "--choice",
            "storm",
            "--round",
            "560",
            "--json",
        ],
    ),
    (
        r#"{"game":"moon-princess","model":"stress-trinity","seed":5,"round":10003}"#,
        &[
            "play",
            "moon-princess",
            "--model",
            "stress-trinity",
            "--seed",
            "5",
            "--round",
            "10003",
            "--json",
        ],
    ),
    (
        r#"{"game":"wish-upon-a-star","round":601}"#,
        &["play", "wish-upon-a-star", "--round", "601", "--json"],
    ),
    (
        r#"{"game":"starlight-christmas","mode":"ante","seed":9,"round":77}"#,
        &[
            "play",
            "starlight-christmas",
            "--ante",
            "--seed",
            "9",
            "--round",
            "77",
            "--json",
        ],
    ),
    (
        r#"{"game":"starlight-christmas","round":42}"#,
        &["play", "starlight-christmas", "--round", "42", "--json"],
    ),
    (
        r#"{"game":"starlight-christmas","model":"stress","round":20}"#,
        SC_STRESS,
    ),
];

#[test]
fn the_viewer_shows_exactly_the_log_play_prints() {
    for (request, args) in SAME_ROUNDS {
        let from_play = ok(args);
        assert_eq!(
            viewer_wasm::respond(request),
            from_play.trim_end(),
            "{request} vs xtask {args:?}"
        );
    }
}

fn last(args: &[&str]) -> Event {
    let log = EventLog::from_json(ok(args).trim_end()).unwrap();
    log.events.last().cloned().unwrap()
}

#[test]
fn the_stress_models_reach_the_cap_in_the_browser_tests_rounds() {
    let cap = Event::RoundEnd {
        win: Win::from_hundredths(500_000),
        capped: true,
    };
    let mp = [
        "play",
        "moon-princess",
        "--model",
        "stress-free-spins",
        "--json",
    ];
    assert_eq!(last(&mp), cap);
    assert_eq!(last(SC_STRESS), cap);
    // `--model standard` is the shipped model: the same round as without it.
    let a = ok(&["play", "moon-princess", "--round", "9", "--json"]);
    let b = ok(&[
        "play",
        "moon-princess",
        "--round",
        "9",
        "--model",
        "standard",
        "--json",
    ]);
    assert_eq!(a, b);
}

#[test]
fn an_unknown_model_is_refused_with_the_games_models() {
    for (game, names) in [
        (
            "moon-princess",
            "standard, rtp-96.50, rtp-91.49, rtp-87.50, rtp-84.50, stress-free-spins, stress-trinity",
        ),
        (
            "wish-upon-a-star",
            "standard, rtp-96.00, rtp-94.00, rtp-92.00, rtp-90.00",
        ),
        (
            "starlight-christmas",
            "standard, rtp-96.50, rtp-94.50, stress",
        ),
    ] {
        let (code, out, err) = xtask(&["play", game, "--model", "huge"]);
        assert_eq!(code, 2);
        assert!(out.is_empty());
        assert!(
            err.contains(&format!(
                "{game} has no model 'huge'; its models are {names}"
            )),
            "{err}"
        );
    }
}

/// The viewer's model menu offers exactly each game's shipped models, the variants of its RTP
/// ladder included, in the game's order: the page lists no game or model of its own
/// (`viewer/viewer.js` fills the menus from the module's list of games, which is the
/// registry's: `viewer_wasm`'s test `the_list_of_games_is_the_registry`).
#[test]
fn the_viewers_model_menu_offers_every_shipped_model_and_variant() {
    use slot_core::Game;
    let js = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../viewer/viewer.js"))
        .unwrap();
    let html =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../viewer/index.html"))
            .unwrap();
    assert!(
        !js.contains("const MODELS") && !js.contains("const MODES"),
        "a hand list"
    );
    assert!(js.contains("g.models") && js.contains("wasm.games()"));
    for g in slot_games::all() {
        assert!(
            !js.contains(&format!("\"{}\"", g.name())),
            "viewer.js names {}",
            g.name()
        );
        assert!(!html.contains(g.name()), "index.html names {}", g.name());
    }
    // Every variant of every ladder is one of its game's models.
    for v in wish_upon_a_star::WishUponAStar::VARIANTS {
        assert!(wish_upon_a_star::WishUponAStar::MODEL_NAMES.contains(&v.model));
    }
}
