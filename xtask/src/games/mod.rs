//! What is truly per game in the runner: `exact` (Wish Upon a Star's exact figures), `tune`
//! (each model's knobs), the grid codes of `eval --help` and where the golden vectors are.
//! Every other command is written once for all games (`commands`).

mod moon_princess;
mod starlight_christmas;
mod wish_upon_a_star;

use crate::runner::CliResult;
use crate::{ExactArgs, TuneArgs};

/// The cell codes of every game of the registry ([`slot_core::Game::CELL_CODES`]), shown by
/// `cargo xtask eval --help`: one block per game, its lines aligned after the name.
pub fn grid_codes_help() -> String {
    let games = slot_games::all();
    let width = games.iter().map(|g| g.name().len() + 2).max().unwrap_or(0);
    let mut text =
        String::from("Grid: rows from the top separated by '/', cells by spaces. Cell codes:\n");
    for g in games {
        let label = format!("{}:", g.name());
        for (i, line) in g.cell_codes().lines().enumerate() {
            let shown = if i == 0 { label.as_str() } else { "" };
            text += &format!("  {shown:<width$}{line}\n");
        }
    }
    text + "Example: cargo xtask eval moon-princess --grid \"ci ci ci st he/be he st ci pg/pg pb pr W st/ci ci he he be/st st st be be\""
}

/// `exact`: the figures computed exactly from the model, for a game that has them.
pub fn exact(a: &ExactArgs) -> CliResult {
    use slot_core::Game as _;
    match a.game.name() {
        n if n == ::wish_upon_a_star::WishUponAStar::NAME => wish_upon_a_star::exact(a),
        n => Err(crate::runner::CliError(format!(
            "{n} has no exact figures (its round is a simulation matter); use `cargo xtask sim {n}`"
        ))),
    }
}

/// `tune`: the game's tuner.
pub fn tune(a: &TuneArgs) -> CliResult {
    use slot_core::Game as _;
    // clap refuses --rounds 0 already; keep the guard where the tuners divide by it.
    if a.rounds == 0 {
        return Err(crate::runner::CliError(
            "--rounds must be at least 1".into(),
        ));
    }
    match a.game.name() {
        n if n == ::moon_princess::MoonPrincess::NAME => moon_princess::tune(a),
        n if n == ::wish_upon_a_star::WishUponAStar::NAME => wish_upon_a_star::tune(a),
        n if n == ::starlight_christmas::StarlightChristmas::NAME => starlight_christmas::tune(a),
        n => Err(crate::runner::CliError(format!(
            "{n} has no tuner; change its model by hand and check it: `sim {n} --model FILE`"
        ))),
    }
}
