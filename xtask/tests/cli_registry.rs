//! The runner reads the registry of games (`slot_games`): the game argument, its help and
//! its error, `eval --help`'s cell codes, and `--mode NAME` for any game.

mod common;

use common::{ok, xtask};

#[test]
fn the_game_argument_is_one_of_the_registry_names() {
    let (code, out, err) = xtask(&["play", "no-such-game"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("invalid value 'no-such-game'"), "{err}");
    for g in slot_games::all() {
        assert!(err.contains(g.name()), "{} not in {err}", g.name());
    }
    let help = ok(&["sim", "--help"]);
    for g in slot_games::all() {
        assert!(help.contains(g.name()), "{} not in {help}", g.name());
        assert!(help.contains(g.title()), "{} not in {help}", g.title());
    }
}

#[test]
fn eval_help_shows_every_games_cell_codes_as_before() {
    let help = ok(&["eval", "--help"]);
    // The text the runner showed when the codes were its own list.
    let before = "\
Grid: rows from the top separated by '/', cells by spaces. Cell codes:
  moon-princess:       ci Circle, st Star, he Heart, be Bell, pg Princess Storm (green),
                       pb Princess Star (blue), pr Princess Love (red), W Wild, . empty
  wish-upon-a-star:    10, J, Q, K, A, be Bell, cc Candy Cane, cd Candle, tr Tree, el Elf,
                       W Wild, BO Bonus, ST Star
  starlight-christmas: gy yellow, gt turquoise, gg green, gb blue, gr red gem, st Star,
                       mo Moon, he Heart, su Sun, SC Scatter, x<value> Multiplier (e.g. x25)
";
    assert!(help.contains(before), "{help}");
    // Then the games registered after them, each name and its codes, and the example.
    for g in &slot_games::all()[3..] {
        let first = g.cell_codes().lines().next().unwrap_or_default();
        let line = format!("  {:<21}{first}", format!("{}:", g.name()));
        assert!(help.contains(&line), "{line} not in {help}");
    }
    assert!(
        help.contains("\nExample: cargo xtask eval moon-princess --grid"),
        "{help}"
    );
}

#[test]
fn mode_names_the_same_mode_as_the_games_own_options() {
    for (game, mode, own) in [
        ("moon-princess", "storm", &["--choice", "storm"][..]),
        ("moon-princess", "love", &["--choice", "love"][..]),
        ("starlight-christmas", "ante", &["--ante"][..]),
        ("starlight-christmas", "standard", &[][..]),
        ("wish-upon-a-star", "standard", &[][..]),
    ] {
        let mut by_mode = vec!["play", game, "--seed", "5", "--round", "3", "--json"];
        let mut by_own = by_mode.clone();
        by_mode.extend(["--mode", mode]);
        by_own.extend(own);
        assert_eq!(ok(&by_mode), ok(&by_own), "{game} --mode {mode}");
    }
    // A simulation too: the same sums.
    let sums = |extra: &[&str]| {
        let mut a = vec!["sim", "starlight-christmas", "--rounds", "20000", "--json"];
        a.extend(extra);
        common::value(&ok(&a))["sums"].clone()
    };
    assert_eq!(sums(&["--mode", "ante"]), sums(&["--ante"]));
    assert_ne!(sums(&["--mode", "ante"]), sums(&[]));
}

#[test]
fn an_unknown_mode_or_two_ways_of_naming_one_are_refused() {
    let (code, _, err) = xtask(&["play", "moon-princess", "--mode", "ante"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--mode moon-princess has no mode 'ante'; its modes are love, star, storm"),
        "{err}"
    );
    let (code, _, err) = xtask(&["sim", "moon-princess", "--mode", "star", "--choice", "love"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--mode"), "{err}");
    let (code, _, err) = xtask(&["sim", "starlight-christmas", "--mode", "ante", "--ante"]);
    assert_eq!(code, 2, "{err}");
    // tune takes --mode as every command does, before any work.
    let (code, _, err) = xtask(&["tune", "starlight-christmas", "--mode", "love"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("starlight-christmas has no mode 'love'; its modes are standard, ante"),
        "{err}"
    );
}

#[test]
fn play_grid_plays_the_round_from_that_grid() {
    // Moon Princess: a grid of five Circles on the top row; its round is that grid's tumble
    // sequence (a win), whatever the seed's own landing would have been.
    let grid = "ci ci ci ci ci/st he be pg pb/he be pg pb st/be pg pb st he/pg pb st he be";
    let args = |extra: &[&'static str]| {
        let mut a = vec![
            "play",
            "moon-princess",
            "--seed",
            "3",
            "--round",
            "4",
            "--choice",
            "love",
            "--json",
        ];
        a.extend_from_slice(extra);
        a
    };
    let from_grid: serde_json::Value = serde_json::from_str(&ok(&args(&["--grid", grid]))).unwrap();
    let events = from_grid["events"].as_array().unwrap();
    assert_eq!(events[0]["event"], "landed", "{from_grid}");
    assert_eq!(events[0]["grid"], grid, "{from_grid}");
    // The top row of five Circles pays (its tumbles follow).
    assert_eq!(events[1]["event"], "win", "{from_grid}");
    assert_eq!(events[1]["symbol"], "ci", "{from_grid}");
    assert_ne!(ok(&args(&["--grid", grid])), ok(&args(&[])));
    // The readable form ends with the stake and the win, as without --grid.
    let (code, out, err) = xtask(&["play", "moon-princess", "--grid", grid]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("stake 1.00 x bet, win "), "{out}");
    // A grid that is not the game's: refused, status 2, nothing printed.
    let (code, out, err) = xtask(&["play", "moon-princess", "--grid", "zz zz/zz"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
}

#[test]
fn what_a_game_cannot_do_is_refused_naming_what_to_use_instead() {
    // Read from the registry lines' capabilities: split only for split games, whole-round
    // certification not for a game certified exactly, exact figures only where computed.
    let (code, out, err) = xtask(&["split", "wish-upon-a-star", "--rounds", "10"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("which wish-upon-a-star is not")
            && err.contains("Wish Upon a Star's RTP is exact: `exact wish-upon-a-star`"),
        "{err}"
    );
    let dir = std::env::temp_dir().join(format!("h1-certify-{}", std::process::id()));
    let (code, out, err) = xtask(&[
        "certify",
        "wish-upon-a-star",
        "--whole-rounds",
        "--dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty());
    assert!(
        err.contains("--whole-rounds: wish-upon-a-star is certified exactly")
            && err.contains("`certify wish-upon-a-star`"),
        "{err}"
    );
    assert!(!dir.exists(), "nothing is written for a refused command");
    for game in ["moon-princess", "starlight-christmas"] {
        let (code, out, err) = xtask(&["exact", game]);
        assert_eq!(code, 2, "{err}");
        assert!(out.is_empty());
        assert!(
            err.contains(&format!("{game} has no exact figures"))
                && err.contains(&format!("`sim {game}`")),
            "{err}"
        );
    }
}
