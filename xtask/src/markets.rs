//! `markets`: which markets may run each variant and mode of a game, and what its help page
//! must show ([`slot_sim::markets`]). The work is the library's: this module reads the
//! arguments, passes the repository (its `markets/` profiles and the games' certification
//! records) and prints.

use crate::GameEntryRef;
use crate::runner::{CliError, CliResult};
use clap::Args;
use slot_core::Game;
use slot_games::with_game;
use slot_sim::markets::{self, Models};

/// Arguments of `markets`.
#[derive(Args, Debug, Clone)]
pub struct MarketsArgs {
    /// The game.
    #[arg(value_parser = crate::game_arg())]
    pub game: GameEntryRef,
    /// One variant of the ladder by its RTP (`84.50`); without it or --model, every variant.
    #[arg(long, value_name = "PERCENT", conflicts_with = "model")]
    pub rtp: Option<slot_core::game::TargetRtp>,
    /// One model: a shipped model by name, or the path of a model file (a bare model or a
    /// variant file as `tune --out` writes it).
    #[arg(long, value_name = "NAME|FILE")]
    pub model: Option<String>,
    /// The markets to judge (their profiles' ids, `markets/<id>.toml`; repeat the option);
    /// every profile without it.
    #[arg(long = "market", value_name = "ID")]
    pub markets: Vec<String>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// `markets`: the verdict of every market asked for on every variant (or the one model) and
/// mode of the game.
pub fn markets(a: &MarketsArgs) -> CliResult {
    with_game!(a.game.name(), G => markets_of::<G>(a))?
}

fn markets_of<G: Game>(a: &MarketsArgs) -> CliResult {
    let root = crate::codegen::workspace_root();
    let models = match (&a.rtp, &a.model) {
        (Some(rtp), _) => Models::Rtp(*rtp),
        (None, Some(name)) => Models::Named(name.clone()),
        (None, None) => Models::Ladder,
    };
    let m = markets::judge_game::<G>(&root, &root.join("markets"), &a.markets, &models)?;
    if a.json {
        println!("{}", m.json());
    } else {
        print!("{}", m.text());
    }
    Ok(())
}

/// The markets section of `sim --out`'s PAR sheet: the verdicts of every profile on the model
/// `sim` plays (`--model`, `--rtp`, or the published one), from its certified figures
/// ([`slot_sim::markets::sheet::markdown`]).
///
/// # Errors
/// A profile refused, or the model unknown (the runner checked it before the run).
pub fn par_section(
    game: &str,
    model: Option<&str>,
    rtp: Option<slot_core::game::TargetRtp>,
) -> Result<String, CliError> {
    let models = match (model, rtp) {
        (Some(name), _) => Models::Named(name.to_string()),
        (None, Some(rtp)) => Models::Rtp(rtp),
        (None, None) => Models::Named("standard".to_string()),
    };
    let root = crate::codegen::workspace_root();
    let m = with_game!(game, G => markets::judge_game::<G>(&root, &root.join("markets"), &[], &models))?
        .map_err(|e| CliError(format!("the PAR sheet's markets section: {e}")))?;
    Ok(markets::sheet::markdown(&m, 3))
}
