//! The guide's command reference (`docs/guide/src/commands.md`) is generated from the runner's
//! own `--help`, so it cannot drift from the commands.
//!
//! [`command_reference_is_current`] runs the built runner's `--help`, then `<command> --help`
//! for every command it lists (and `<command> <sub> --help` for a command with subcommands,
//! such as `export stake`), and builds the page from them. It fails, naming the first line that
//! differs, when the committed page is not that text; run it with
//! `SLOT_MATH_WRITE_GUIDE=1 cargo test -p xtask --test command_reference` to rewrite the page.

mod common;

use std::path::{Path, PathBuf};

/// The page, relative to the workspace root.
const PAGE: &str = "docs/guide/src/commands.md";

/// The environment variable that makes the test write the page instead of checking it.
const WRITE: &str = "SLOT_MATH_WRITE_GUIDE";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lies in the workspace root")
        .to_path_buf()
}

/// The names listed under `Commands:` in a help text (without `help`), in their order.
fn commands(help: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in help.lines() {
        if line.starts_with("Commands:") {
            inside = true;
            continue;
        }
        if inside {
            // A command line is indented by two spaces; a continuation or the next section is not.
            let Some(rest) = line.strip_prefix("  ") else {
                break;
            };
            if rest.starts_with(' ') {
                continue;
            }
            let name = rest.split_whitespace().next().unwrap_or("");
            if !name.is_empty() && name != "help" {
                out.push(name.to_string());
            }
        }
    }
    out
}

/// One help text as the page shows it: the runner called as `cargo xtask`, no trailing spaces.
fn shown(help: &str) -> String {
    let mut text = String::new();
    for line in help.lines() {
        let line = line.replacen("Usage: xtask ", "Usage: cargo xtask ", 1);
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.trim_end().to_string()
}

/// The help of `path` (`[]` for the runner itself), run through the built binary.
fn help(path: &[&str]) -> String {
    let mut args: Vec<&str> = path.to_vec();
    args.push("--help");
    let out = common::ok(&args);
    assert!(
        !out.trim().is_empty(),
        "`xtask {}` printed nothing",
        args.join(" ")
    );
    out
}

/// The whole page, from the runner's help.
fn page() -> String {
    let top = help(&[]);
    let mut text = String::from(
        "<!-- Generated from the runner's `--help` by xtask/tests/command_reference.rs: do not edit.\n\
         Rewrite it with `SLOT_MATH_WRITE_GUIDE=1 cargo test -p xtask --test command_reference`. -->\n\n\
         # Command reference\n\n\
         Every command of the runner, `cargo xtask <command>`, exactly as its `--help` prints it. \
         This page is generated from the runner itself and a test fails when it is stale, so \
         it is always the commands of this checkout. What each command is for, with examples, \
         is in the guide's other pages; the exit statuses and the refusals met most are in \
         [Troubleshooting](troubleshooting.md).\n\n",
    );
    text.push_str("## cargo xtask\n\n```text\n");
    text.push_str(&shown(&top));
    text.push_str("\n```\n");
    for command in commands(&top) {
        let own = help(&[command.as_str()]);
        text.push_str(&format!("\n## cargo xtask {command}\n\n```text\n"));
        text.push_str(&shown(&own));
        text.push_str("\n```\n");
        for sub in commands(&own) {
            let sub_help = help(&[command.as_str(), sub.as_str()]);
            text.push_str(&format!("\n### cargo xtask {command} {sub}\n\n```text\n"));
            text.push_str(&shown(&sub_help));
            text.push_str("\n```\n");
        }
    }
    text
}

#[test]
fn command_reference_is_current() {
    let path = workspace_root().join(PAGE);
    let want = page();
    if std::env::var_os(WRITE).is_some() {
        std::fs::write(&path, &want).expect("the guide's page is writable");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    if have != want {
        let at = have
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| have.lines().count().min(want.lines().count()));
        panic!(
            "{PAGE} is stale (first difference at line {}: committed {:?}, runner {:?}); \
             rewrite it with `{WRITE}=1 cargo test -p xtask --test command_reference`",
            at + 1,
            have.lines().nth(at).unwrap_or("<end of page>"),
            want.lines().nth(at).unwrap_or("<end of page>"),
        );
    }
}

#[test]
fn the_command_list_is_read_from_a_help_text() {
    // A hand-made help text: two commands, one with a continuation line, and `help` left out.
    let help = "Runner\n\nUsage: xtask <COMMAND>\n\nCommands:\n  sim   Simulate\n        more\n  \
                eval  Evaluate\n  help  Print this\n\nOptions:\n  -h, --help\n";
    assert_eq!(commands(help), vec!["sim".to_string(), "eval".to_string()]);
    assert!(commands("Usage: xtask sim [OPTIONS]\n").is_empty());
    assert_eq!(
        shown("Usage: xtask sim [OPTIONS]   \n  x  "),
        "Usage: cargo xtask sim [OPTIONS]\n  x"
    );
}
