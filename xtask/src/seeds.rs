//! `fuzz-seeds [--check]`: the generated part of the fuzz targets' seed corpora
//! (`fuzz/seeds/`), made and checked by the library ([`slot_games::fuzzing::seeds`]); this
//! module names the workspace and prints what was written or checked.

use crate::codegen::workspace_root;
use crate::runner::{CliError, CliResult};
use slot_games::fuzzing::seeds;

/// `fuzz-seeds`: writes the generated seeds that are missing or stale, or with `check` only
/// compares them with the committed files and fails naming every file that is missing or
/// differs.
pub fn fuzz_seeds(check: bool) -> CliResult {
    let root = workspace_root();
    let err = |e: seeds::SeedsError| CliError(e.to_string());
    if check {
        let count = seeds::check(&root).map_err(err)?;
        println!("{count} generated fuzz seeds are current");
    } else {
        for name in seeds::write(&root).map_err(err)? {
            println!("wrote {}/{name}", seeds::SEEDS_DIR);
        }
    }
    Ok(())
}
