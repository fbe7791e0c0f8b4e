//! What is truly per game in the runner: `exact` (Wish Upon a Star's exact figures), `tune`
//! (each model's knobs), the grid codes of `eval --help` and where the golden vectors are.
//! Every other command is written once for all games (`commands`).

mod moon_princess;
mod starlight_christmas;
mod wish_upon_a_star;

use crate::runner::CliResult;
use crate::{ExactArgs, Game, TuneArgs};

/// The cell codes of every game, shown by `cargo xtask eval --help`.
pub const GRID_CODES_HELP: &str = "\
Grid: rows from the top separated by '/', cells by spaces. Cell codes:
  moon-princess:       ci Circle, st Star, he Heart, be Bell, pg Princess Storm (green),
                       pb Princess Star (blue), pr Princess Love (red), W Wild, . empty
  wish-upon-a-star:    10, J, Q, K, A, be Bell, cc Candy Cane, cd Candle, tr Tree, el Elf,
                       W Wild, BO Bonus, ST Star
  starlight-christmas: gy yellow, gt turquoise, gg green, gb blue, gr red gem, st Star,
                       mo Moon, he Heart, su Sun, SC Scatter, x<value> Multiplier (e.g. x25)
Example: cargo xtask eval moon-princess --grid \"ci ci ci st he/be he st ci pg/pg pb pr W st/ci ci he he be/st st st be be\"";

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

/// The file of a game's golden vectors, from the workspace root.
pub fn golden_file(game: Game) -> &'static str {
    match game {
        Game::MoonPrincess => "crates/moon_princess/tests/golden.json",
        Game::WishUponAStar => "crates/wish_upon_a_star/tests/golden.json",
        Game::StarlightChristmas => "crates/starlight_christmas/tests/golden.json",
    }
}
