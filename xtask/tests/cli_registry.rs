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
}
