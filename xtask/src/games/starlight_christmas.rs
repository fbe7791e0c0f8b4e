//! Runner commands of Starlight Christmas (in progress).

use crate::runner::{CliError, CliResult};
use crate::{EvalArgs, ExactArgs, PlayArgs, SimArgs, TuneArgs};

fn todo_game() -> CliResult {
    Err(CliError("this game is not implemented yet".into()))
}
pub fn sim(_: &SimArgs) -> CliResult { todo_game() }
pub fn eval(_: &EvalArgs) -> CliResult { todo_game() }
pub fn play(_: &PlayArgs) -> CliResult { todo_game() }
pub fn exact(_: &ExactArgs) -> CliResult { todo_game() }
pub fn tune(_: &TuneArgs) -> CliResult { todo_game() }
