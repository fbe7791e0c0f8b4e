//! The markets section of a PAR sheet's disclosure and of a lab kit ([`markdown`]): for the
//! one model a sheet or kit is of, each market's verdict per mode with the rule and figure
//! behind every *not allowed* and *undecided*, each condition (a stake cap's bets), and the
//! help-page lines each market asks for. Computed from the certified figures by
//! [`crate::markets::judge_game`], never declared: a model without certified evidence says
//! so in every row.

use crate::markets::verdict::{Matrix, Outcome, Status};
use std::fmt::Write as _;

/// A Markdown cell: pipes escaped, one line.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// The section (a `## Markets` heading, `level` `#` signs) of `m`: one row per market and
/// mode (every variant of `m`, named), then each market's help-page lines.
pub fn markdown(m: &Matrix, level: usize) -> String {
    let h = "#".repeat(level.max(1));
    let mut s = format!(
        "\n{h} Markets\n\nWhich markets may run this model, computed from its certified figures and the game's facts against the market profiles of the repository's `markets/` folder (`cargo xtask markets {}`): each verdict with the rule and the figure behind it (a rule read only second-hand is marked so in the profile and in `cargo xtask markets`).\n\n| market | model | mode | verdict | why (rule: finding) |\n|---|---|---|---|---|\n",
        m.game
    );
    for market in &m.markets {
        for v in &market.verdicts {
            let why: Vec<String> = v
                .lines
                .iter()
                .filter(|l| match v.status {
                    Status::NotAllowed => l.outcome == Outcome::Fail,
                    Status::Undecided => l.outcome == Outcome::Undecided,
                    _ => l.outcome == Outcome::Condition,
                })
                .map(|l| format!("{} ({}): {}", l.rule, l.clause, l.finding))
                .collect();
            let _ = writeln!(
                s,
                "| {} ({}) | {} | {} | {} | {} |",
                cell(&market.name),
                market.market,
                cell(&v.model),
                v.mode,
                v.status.words(),
                cell(&why.join("; "))
            );
        }
    }
    let _ = writeln!(
        s,
        "\n{h}# Help-page lines by market\n\nWhat each market asks the help page to show (German for Germany and Austria), with the figure each rests on.\n"
    );
    for market in &m.markets {
        let mut lines: Vec<String> = Vec::new();
        for v in &market.verdicts {
            for l in v.lines.iter().filter(|l| l.outcome == Outcome::Disclose) {
                if let Some(help) = &l.help {
                    let line = format!("- {} ({}, {}): \"{}\"", v.mode, l.rule, l.clause, help);
                    if !lines.contains(&line) {
                        lines.push(line);
                    }
                }
            }
        }
        if !lines.is_empty() {
            let _ = writeln!(s, "**{} ({})**\n", market.name, market.market);
            for l in lines {
                let _ = writeln!(s, "{}", cell_line(&l));
            }
            s.push('\n');
        }
    }
    s
}

/// A list line: one line.
fn cell_line(s: &str) -> String {
    s.replace('\n', " ")
}
