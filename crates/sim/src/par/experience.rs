//! The PAR sheet's "Player experience" section and `experience.csv`: the figures of
//! [`crate::stats::experience`] (losses disguised as wins, wins of at least 1, 5, 10 and 100
//! times the stake, dry spells between rounds that pay at least the stake), per stake paid.

use crate::stats::ParReport;
use crate::stats::experience::{ExperienceFigures, SpellQuantile};
use std::fmt::Write as _;

fn pct(x: f64) -> String {
    format!("{:.4} %", x * 100.0)
}

fn one_in(rounds: u64, count: u64) -> String {
    if count == 0 {
        "never".into()
    } else {
        format!("1 in {:.1}", rounds as f64 / count as f64)
    }
}

fn quantile(q: Option<SpellQuantile>) -> String {
    q.map_or("-".into(), |q| q.to_string())
}

/// The section of the PAR sheet (empty for a report without the figures: one of an earlier
/// version, or merged with one).
pub(super) fn markdown(r: &ParReport) -> String {
    let Some(e) = &r.experience else {
        return String::new();
    };
    let mut m = String::new();
    let _ = writeln!(
        m,
        "\n## Player experience\n\nWhat a player lives through, per stake paid ({} x bet): the rounds that pay something but less than the stake (\"losses disguised as wins\": GB RTS 14F and Ontario forbid celebrating them), exactly the stake, or more; the rounds that pay at least a multiple of the stake; and the dry spells, the runs of rounds between two rounds that pay at least the stake (the open runs before the first and after the last are not counted). Exact counts of the run's rounds.\n\n| figure | rounds | share of rounds | frequency |\n|---|---|---|---|",
        r.stake_x_bet
    );
    let n = r.rounds;
    let s = &r.sums.experience;
    for (what, k) in [
        ("paid more than 0, less than the stake", s.below_stake),
        ("paid exactly the stake", s.at_stake),
        ("paid more than the stake", s.above_stake),
    ] {
        let _ = writeln!(
            m,
            "| {what} | {k} | {} | {} |",
            pct(k as f64 / n.max(1) as f64),
            one_in(n, k)
        );
    }
    for x in &e.at_least {
        let _ = writeln!(
            m,
            "| paid at least {}x the stake | {} | {} | {} |",
            x.multiple,
            x.count,
            pct(x.share),
            one_in(n, x.count)
        );
    }
    spells(&mut m, e);
    m
}

fn spells(m: &mut String, e: &ExperienceFigures) {
    let d = &e.dry_spells;
    let _ = writeln!(
        m,
        "\n| dry spells (rounds) | value |\n|---|---|\n| spells | {} |\n| mean | {} |\n| median | {} |\n| 99th percentile | {} |\n| longest seen | {} |\n| open before the first / after the last | {} / {} |",
        d.count,
        d.mean.map_or("-".into(), |x| format!("{x:.2}")),
        quantile(d.median),
        quantile(d.p99),
        d.longest.map_or("-".into(), |x| x.to_string()),
        d.open_leading,
        d.open_trailing
    );
}

/// `experience.csv`: `figure,count,share` for the rounds below, at and above the stake and
/// at least each multiple, then `figure,value` rows of the dry spells (`,`-separated, the
/// share empty); `None` for a report without the figures.
pub(super) fn csv_rows(r: &ParReport) -> Option<Vec<Vec<String>>> {
    let e = r.experience.as_ref()?;
    let s = &r.sums.experience;
    let mut rows = vec![
        vec![
            "below_stake".into(),
            s.below_stake.to_string(),
            e.below_stake.to_string(),
        ],
        vec![
            "at_stake".into(),
            s.at_stake.to_string(),
            e.at_stake.to_string(),
        ],
        vec![
            "above_stake".into(),
            s.above_stake.to_string(),
            e.above_stake.to_string(),
        ],
    ];
    for x in &e.at_least {
        rows.push(vec![
            format!("at_least_{}x", x.multiple),
            x.count.to_string(),
            x.share.to_string(),
        ]);
    }
    let d = &e.dry_spells;
    let opt = |x: Option<String>| x.unwrap_or_default();
    for (k, v) in [
        ("dry_spells", d.count.to_string()),
        ("dry_spell_mean", opt(d.mean.map(|x| x.to_string()))),
        ("dry_spell_median", quantile(d.median)),
        ("dry_spell_p99", quantile(d.p99)),
        ("dry_spell_longest", opt(d.longest.map(|x| x.to_string()))),
    ] {
        rows.push(vec![k.into(), v, String::new()]);
    }
    Some(rows)
}
