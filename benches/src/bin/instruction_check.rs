//! Compares the instruction counts of a gungraun run with the committed baselines.
//!
//! ```text
//! cargo bench -p benches --bench instructions -- --output-format=json > counts.jsonl
//! cargo run -p benches --bin instruction-check -- counts.jsonl            # check
//! cargo run -p benches --bin instruction-check -- counts.jsonl --record   # re-record
//! ```
//!
//! Checking fails (exit 1) when a bench's count rises more than [`TOLERANCE_PERCENT`] above its
//! baseline, or when a bench has no baseline or a baseline no bench; it prints every count
//! next to its baseline. `--record` writes the run's counts as the new baselines
//! (`benches/baselines/instructions.json`); lowering a baseline is a commit of its own.
//! Bad input (a missing file, a line that is not a gungraun summary) exits 2 naming it.

use serde_json::Value;
use std::collections::BTreeMap;
use std::process::ExitCode;

/// How far a count may rise above its baseline, in percent.
const TOLERANCE_PERCENT: u64 = 5;

/// Where the baselines live, from the workspace root.
const BASELINES: &str = "benches/baselines/instructions.json";

/// The instruction count (callgrind's `Ir`) of each bench in a gungraun JSON-lines summary,
/// keyed `group/function[/id]`.
fn counts(text: &str) -> Result<BTreeMap<String, u64>, String> {
    let mut out = BTreeMap::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let bad = |what: &str| format!("line {}: {what}; expected a gungraun summary", n + 1);
        let v: Value = serde_json::from_str(line).map_err(|e| bad(&e.to_string()))?;
        let field = |k: &str| v.get(k).and_then(Value::as_str);
        let group = field("group").ok_or_else(|| bad("no `group`"))?;
        let function = field("function_name").ok_or_else(|| bad("no `function_name`"))?;
        let key = match field("id") {
            Some(id) => format!("{group}/{function}/{id}"),
            None => format!("{group}/{function}"),
        };
        let ir = v
            .pointer("/profiles/0/data/total/metrics/Ir/values/new")
            .and_then(Value::as_u64)
            .ok_or_else(|| bad("no callgrind `Ir` count"))?;
        out.insert(key, ir);
    }
    if out.is_empty() {
        return Err("no benches in the summary".into());
    }
    Ok(out)
}

/// The baselines file's counts.
fn baselines(text: &str) -> Result<BTreeMap<String, u64>, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("{BASELINES}: {e}"))?;
    let counts = v
        .get("counts")
        .and_then(Value::as_object)
        .ok_or_else(|| format!("{BASELINES}: no `counts` object"))?;
    counts
        .iter()
        .map(|(k, c)| {
            c.as_u64()
                .map(|c| (k.clone(), c))
                .ok_or_else(|| format!("{BASELINES}: `{k}` is not a count"))
        })
        .collect()
}

/// The baselines file for `counts`.
fn baselines_json(counts: &BTreeMap<String, u64>) -> String {
    let v = serde_json::json!({
        "note": "Instruction counts (callgrind Ir) of benches/benches/instructions.rs. \
                 CI fails when a count rises more than 5 % above its baseline. Re-record: \
                 cargo bench -p benches --bench instructions -- --output-format=json > counts.jsonl \
                 && cargo run -p benches --bin instruction-check -- counts.jsonl --record",
        "counts": counts,
    });
    serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
}

/// The report lines and whether every count is within the tolerance.
fn compare(new: &BTreeMap<String, u64>, base: &BTreeMap<String, u64>) -> (Vec<String>, bool) {
    let mut ok = true;
    let mut lines = vec![];
    for (k, &n) in new {
        match base.get(k) {
            Some(&b) => {
                let over =
                    u128::from(n) * 100 > u128::from(b) * u128::from(100 + TOLERANCE_PERCENT);
                ok &= !over;
                let change = (n as f64 - b as f64) / b.max(1) as f64 * 100.0;
                let verdict = if over { "  RISE ABOVE 5 %" } else { "" };
                lines.push(format!("{k:<60} {n:>12} {b:>12} {change:>+8.2} %{verdict}"));
            }
            None => {
                ok = false;
                lines.push(format!("{k:<60} {n:>12}  no baseline: record one"));
            }
        }
    }
    for k in base.keys().filter(|k| !new.contains_key(*k)) {
        ok = false;
        lines.push(format!("{k:<60}  has a baseline but did not run"));
    }
    (lines, ok)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let record = args.iter().any(|a| a == "--record");
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let [summary] = files.as_slice() else {
        eprintln!("usage: instruction-check SUMMARY.jsonl [--record]");
        return ExitCode::from(2);
    };
    let run = std::fs::read_to_string(summary)
        .map_err(|e| format!("{summary}: {e}"))
        .and_then(|t| counts(&t));
    let new = match run {
        Ok(n) => n,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if record {
        if let Err(e) = std::fs::write(BASELINES, baselines_json(&new)) {
            eprintln!("error: {BASELINES}: {e}");
            return ExitCode::from(2);
        }
        println!("recorded {} baselines in {BASELINES}", new.len());
        return ExitCode::SUCCESS;
    }
    let base = match std::fs::read_to_string(BASELINES)
        .map_err(|e| format!("{BASELINES}: {e}"))
        .and_then(|t| baselines(&t))
    {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    println!(
        "{:<60} {:>12} {:>12} {:>10}",
        "bench", "count", "baseline", "change"
    );
    let (lines, ok) = compare(&new, &base);
    for l in lines {
        println!("{l}");
    }
    if ok {
        println!("every count within {TOLERANCE_PERCENT} % of its baseline");
        ExitCode::SUCCESS
    } else {
        println!("instruction counts out of line with their baselines (see above)");
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(group: &str, function: &str, id: Option<&str>, ir: u64) -> String {
        let mut v = serde_json::json!({
            "group": group,
            "function_name": function,
            "profiles": [{"data": {"total": {"metrics": {"Ir": {"values": {"new": ir}}}}}}],
        });
        if let Some(id) = id {
            v["id"] = id.into();
        }
        v.to_string()
    }

    #[test]
    fn reads_counts_with_and_without_an_id() {
        let text = [line("g", "f", Some("a"), 100), line("g", "h", None, 7)].join("\n");
        let c = counts(&text).unwrap();
        assert_eq!(c["g/f/a"], 100);
        assert_eq!(c["g/h"], 7);
        assert!(counts("{}").unwrap_err().contains("line 1"));
        assert!(counts("").is_err());
    }

    #[test]
    fn a_rise_of_more_than_5_percent_fails_and_5_percent_passes() {
        let base = BTreeMap::from([("a".to_string(), 1000u64)]);
        assert!(compare(&BTreeMap::from([("a".to_string(), 1050)]), &base).1);
        assert!(!compare(&BTreeMap::from([("a".to_string(), 1051)]), &base).1);
        assert!(compare(&BTreeMap::from([("a".to_string(), 10)]), &base).1);
        // A bench without a baseline, or a baseline without its bench, fails.
        assert!(!compare(&BTreeMap::from([("b".to_string(), 1)]), &base).1);
        assert!(!compare(&BTreeMap::new(), &base).1);
    }

    #[test]
    fn recorded_baselines_read_back() {
        let c = BTreeMap::from([("g/f/a".to_string(), 12u64), ("g/h".to_string(), 3)]);
        assert_eq!(baselines(&baselines_json(&c)).unwrap(), c);
    }
}
