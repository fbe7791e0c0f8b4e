//! Files the repository keeps that are made from the code: the JSON Schema of the round record
//! and the golden vectors of each game. `cargo xtask schema` and `cargo xtask golden <game>`
//! rewrite them; tests fail when a committed copy no longer matches the code.

use crate::runner::{CliError, CliResult};
use std::path::PathBuf;

/// The workspace root (the runner is always built from it).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

/// Where the schema of the round record is kept, relative to the workspace root.
pub const SCHEMA_FILE: &str = "schema/round-record.schema.json";

/// The JSON Schema (draft 2020-12) of `{"events": [...]}`, generated from
/// [`slot_core::events::EventLog`] by `schemars`, pretty-printed with a final newline.
pub fn schema_text() -> String {
    let schema = schemars::schema_for!(slot_core::events::EventLog);
    let mut text = serde_json::to_string_pretty(&schema).unwrap_or_default();
    text.push('\n');
    text
}

/// `schema`: writes the schema file, or with `check` fails if the committed one is stale.
pub fn schema(check: bool) -> CliResult {
    let path = workspace_root().join(SCHEMA_FILE);
    let text = schema_text();
    if check {
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != text {
            return Err(CliError(format!(
                "{SCHEMA_FILE} does not match the event types: run `cargo xtask schema` and commit it"
            )));
        }
        println!("{SCHEMA_FILE} is up to date");
        return Ok(());
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError(format!("cannot create {}: {e}", dir.display())))?;
    }
    slot_sim::files::write_atomic(&path, text.as_bytes())?;
    println!("wrote {SCHEMA_FILE}");
    Ok(())
}
