//! What is truly per game in the runner: `exact` (Wish Upon a Star's exact figures), `tune`
//! (each model's knobs), the grid codes of `eval --help` and where the golden vectors are.
//! Every other command is written once for all games (`commands`).

mod moon_princess;
mod starlight_christmas;
mod wish_upon_a_star;

use crate::runner::CliResult;
use crate::{ExactArgs, Game, TuneArgs};

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

pub fn exact(a: &ExactArgs) -> CliResult {
    match a.game {
        Game::MoonPrincess => moon_princess::exact(a),
        Game::WishUponAStar => wish_upon_a_star::exact(a),
        Game::StarlightChristmas => starlight_christmas::exact(a),
    }
}

pub fn tune(a: &TuneArgs) -> CliResult {
    // clap refuses --rounds 0 already; keep the guard where the tuners divide by it.
    if a.rounds == 0 {
        return Err(crate::runner::CliError(
            "--rounds must be at least 1".into(),
        ));
    }
    match a.game {
        Game::MoonPrincess => moon_princess::tune(a),
        Game::WishUponAStar => wish_upon_a_star::tune(a),
        Game::StarlightChristmas => starlight_christmas::tune(a),
    }
}

/// The file of a game's golden vectors, from the workspace root (the registry's
/// [`slot_games::GameEntry::golden_file`]).
///
/// # Errors
/// A game the registry lists without golden vectors.
pub fn golden_file(game: Game) -> Result<&'static str, crate::runner::CliError> {
    let entry = game.entry();
    entry
        .golden_file()
        .ok_or_else(|| crate::runner::CliError(format!("{} has no golden vectors", entry.name())))
}
