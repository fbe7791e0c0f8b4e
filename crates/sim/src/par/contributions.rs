//! The PAR sheet's sections read from a run's contribution sums ([`crate::detail::Detail`]):
//! where the return comes from (symbol wins by count, other wins, the cap's cut, tumble
//! depth, multipliers, Girl Power), the shape of a round's win (median, percentiles, unique
//! wins), and the disclosure a player-facing help page states; their CSV tables and plots.

use super::PlotError;
use crate::detail::{Detail, pay_rule_name};
use crate::report::Report;
use crate::stats::{AWARD_ODDS_LEVEL, BUCKET_LABELS, BUCKETS};
use plotters::prelude::*;
use std::fmt::Write as _;

/// One row of the "where the return comes from" tables: a name, times, money (hundredths of
/// the bet, before the cap).
struct Row {
    kind: &'static str,
    name: String,
    pays: &'static str,
    count: String,
    times: u64,
    amount: u128,
}

/// The symbol wins with successive counts of one symbol and pay rule that pay the same
/// paytable amount joined into one band (Starlight Christmas's 8-9, 10-11, 12+), also across
/// counts that never came; the band is labelled by the counts seen (`12-17`).
fn symbol_rows(d: &Detail) -> Vec<Row> {
    let mut rows: Vec<(Row, u32, u32, u64)> = Vec::new();
    for r in &d.symbol_wins {
        let flat = r.pay_min == r.pay_max;
        // Counts that never came between two of the same pay are taken as one band.
        if let Some((last, from, to, pay)) = rows.last_mut()
            && last.name == r.symbol
            && last.pays == pay_rule_name(r.pays)
            && *to < r.count
            && flat
            && *pay == r.pay_min
        {
            *to = r.count;
            last.times += r.times;
            last.amount += r.amount;
            last.count = format!("{from}-{to}");
            continue;
        }
        rows.push((
            Row {
                kind: "symbol",
                name: r.symbol.clone(),
                pays: pay_rule_name(r.pays),
                count: r.count.to_string(),
                times: r.times,
                amount: r.amount,
            },
            r.count,
            r.count,
            // A count whose wins pay different amounts (ways) is never joined.
            if flat { r.pay_min } else { u64::MAX },
        ));
    }
    rows.into_iter().map(|r| r.0).collect()
}

fn named_rows(kind: &'static str, rows: &[crate::detail::NamedRow]) -> Vec<Row> {
    rows.iter()
        .map(|r| Row {
            kind,
            name: r.what.clone(),
            pays: "",
            count: String::new(),
            times: r.times,
            amount: r.amount,
        })
        .collect()
}

/// The multiplier ranges of the multiplier table.
const MULTIPLIER_RANGES: [(u32, u32); 9] = [
    (1, 1),
    (2, 2),
    (3, 5),
    (6, 10),
    (11, 20),
    (21, 50),
    (51, 100),
    (101, 500),
    (501, u32::MAX),
];

fn range_label(lo: u32, hi: u32) -> String {
    match (lo, hi) {
        (l, h) if l == h => format!("x{l}"),
        (l, u32::MAX) => format!("x{l}+"),
        (l, h) => format!("x{l}-{h}"),
    }
}

/// The multipliers grouped in [`MULTIPLIER_RANGES`]: (label, wins, paytable amount, paid).
fn multiplier_groups(d: &Detail) -> Vec<(String, u64, u128, u128)> {
    MULTIPLIER_RANGES
        .iter()
        .filter_map(|&(lo, hi)| {
            let rows: Vec<_> = d
                .multipliers
                .iter()
                .filter(|r| r.multiplier >= lo && r.multiplier <= hi)
                .collect();
            (!rows.is_empty()).then(|| {
                (
                    range_label(lo, hi),
                    rows.iter().map(|r| r.times).sum(),
                    rows.iter().map(|r| r.base).sum(),
                    rows.iter().map(|r| r.amount).sum(),
                )
            })
        })
        .collect()
}

/// The RTP of `amount` hundredths over the run's stakes, as a fraction.
fn rtp_of(report: &Report, amount: u128) -> f64 {
    let s = &report.par.sums;
    amount as f64 / (s.rounds.max(1) as f64 * s.cost as f64)
}

fn pct(x: f64) -> String {
    format!("{:.4} %", x * 100.0)
}

fn one_in(rounds: u64, times: u64) -> String {
    if times == 0 {
        "never".into()
    } else {
        format!("1 in {:.1}", rounds as f64 / times as f64)
    }
}

fn x_bet(h: u64) -> String {
    format!("{:.2}", h as f64 / 100.0)
}

/// The "where the return comes from", tumble, multiplier, Girl Power and shape sections.
pub(super) fn markdown(report: &Report, d: &Detail) -> String {
    let mut m = String::new();
    let rounds = d.rounds;
    let rtp = |a: u128| rtp_of(report, a);
    let share = |a: u128| {
        if d.total_win == 0 {
            "-".to_string()
        } else {
            format!("{:.3} %", a as f64 / d.total_win as f64 * 100.0)
        }
    };
    let _ = writeln!(
        m,
        "\n## Where the return comes from\n\nEvery win of the run's {rounds} rounds, read from their event records (each round replayed; `sim --out`): its money before the cap, as RTP and as a share of the RTP. A count band (8-9) joins counts that pay the same. The rows add up to the RTP: what the cap took is a row of its own.\n"
    );
    let _ = writeln!(
        m,
        "| win | pays | count | wins | frequency (rounds) | RTP | share of RTP |\n|---|---|---|---|---|---|---|"
    );
    let mut rows = symbol_rows(d);
    rows.extend(named_rows("other", &d.other_wins));
    for r in &rows {
        let _ = writeln!(
            m,
            "| {} | {} | {} | {} | {} | {} | {} |",
            r.name,
            r.pays,
            r.count,
            r.times,
            one_in(rounds, r.times),
            pct(rtp(r.amount)),
            share(r.amount)
        );
    }
    let cut = d.raw_win - d.total_win;
    if report.cap.is_some() {
        let minus = if cut > 0 { "-" } else { "" };
        let _ = writeln!(
            m,
            "| the cap's cut | | | {} rounds | {} | {minus}{} | {minus}{} |",
            d.capped_rounds,
            one_in(rounds, d.capped_rounds),
            pct(rtp(cut)),
            share(cut)
        );
    }
    let _ = writeln!(
        m,
        "| **total** | | | | | **{}** | 100 % |",
        pct(rtp(d.total_win))
    );
    if report.cascades {
        let spins: u64 = d.cascades.iter().map(|p| p[1]).sum();
        let tumbles: u64 = d.cascades.iter().map(|p| p[0] * p[1]).sum();
        let tumbling: u64 = d.cascades.iter().filter(|p| p[0] > 0).map(|p| p[1]).sum();
        let _ = writeln!(
            m,
            "\n### Tumbles\n\nThe symbol wins by tumble depth (0: the grid as it landed; d: after d tumbles), and the spins (paid and free spins, and Moon Princess's Trinity spins) by their cascade length. {spins} spins; {:.3} tumbles per spin, {:.3} per spin that tumbled.\n\n![RTP by tumble depth](tumble_depth.svg)\n\n| depth | wins | RTP | share of RTP |\n|---|---|---|---|",
            tumbles as f64 / spins.max(1) as f64,
            tumbles as f64 / tumbling.max(1) as f64
        );
        for r in &d.depths {
            let _ = writeln!(
                m,
                "| {} | {} | {} | {} |",
                r.depth,
                r.times,
                pct(rtp(r.amount)),
                share(r.amount)
            );
        }
        let _ = writeln!(
            m,
            "\n| tumbles in a spin | spins | share of spins |\n|---|---|---|"
        );
        for &[t, n] in &d.cascades {
            let _ = writeln!(
                m,
                "| {t} | {n} | {:.6} % |",
                n as f64 / spins.max(1) as f64 * 100.0
            );
        }
    }
    if d.multipliers.iter().any(|r| r.multiplier > 1) {
        let _ = writeln!(
            m,
            "\n### Multipliers\n\nThe wins by the multiplier they were paid with (Starlight Christmas: a tumble sequence with its Multipliers' value; Moon Princess: the running multiplier; Wish Upon a Star: x2 in free spins), grouped: how often one was paid (a win; in Starlight Christmas a whole tumble sequence), the paytable amount, what was paid and what the multiplier added. Wins paid without a multiplier (scatter pays, grid clears, gifts, Lock & Spin) are not in this table.\n\n| multiplier | times paid | paytable RTP | paid RTP | added by the multiplier | share of RTP |\n|---|---|---|---|---|---|"
        );
        for (label, times, base, paid) in multiplier_groups(d) {
            let _ = writeln!(
                m,
                "| {label} | {times} | {} | {} | {} | {} |",
                pct(rtp(base)),
                pct(rtp(paid)),
                pct(rtp(paid - base)),
                share(paid)
            );
        }
    }
    if !d.powers.is_empty() {
        let _ = writeln!(
            m,
            "\n### Girl Power\n\nEach power by why it was used: how often, and the wins of its spin after it (every win that followed the power in that spin, not only those it made).\n\n| power | times | frequency (rounds) | RTP of the spins after it | share of RTP |\n|---|---|---|---|---|"
        );
        for r in &d.powers {
            let _ = writeln!(
                m,
                "| {} | {} | {} | {} | {} |",
                r.what,
                r.times,
                one_in(rounds, r.times),
                pct(rtp(r.amount)),
                share(r.amount)
            );
        }
    }
    m.push_str(&shape_markdown(report, d));
    let _ = writeln!(
        m,
        "\nTables: [contributions.csv](contributions.csv), {}[round_wins.csv](round_wins.csv).",
        if report.cascades {
            "[cascades.csv](cascades.csv), "
        } else {
            ""
        }
    );
    m
}

/// The percentiles the shape section gives.
const PERCENTILES: [f64; 5] = [0.5, 0.9, 0.99, 0.999, 0.9999];

fn shape_markdown(report: &Report, d: &Detail) -> String {
    let mut m = String::new();
    let r = &report.par;
    let mean = d.total_win as f64 / d.rounds.max(1) as f64;
    // The round wins add up to the total win and count the hits ([`Detail::check`]).
    let mean_winning = d.total_win as f64 / r.sums.hits.max(1) as f64;
    let common = d
        .win_counts
        .iter()
        .filter(|p| p[0] > 0)
        .max_by_key(|p| p[1]);
    let _ = writeln!(
        m,
        "\n## Shape of a round's win\n\nFrom the count of rounds by their exact win: the percentiles are wins that many rounds do not exceed.\n\n| figure | value |\n|---|---|"
    );
    for p in PERCENTILES {
        let label = if p == 0.5 {
            "median win".to_string()
        } else {
            format!("{}th percentile", p * 100.0)
        };
        let _ = writeln!(
            m,
            "| {label} | {} x bet |",
            d.percentile(p).map_or("-".into(), x_bet)
        );
    }
    let median_winning = d.median_winning();
    let rows = [
        ("mean win", format!("{:.4} x bet", mean / 100.0)),
        (
            "median win of a winning round",
            median_winning.map_or("-".into(), |w| format!("{} x bet", x_bet(w))),
        ),
        (
            "mean-to-median ratio (winning rounds)",
            median_winning.map_or("-".into(), |w| format!("{:.2}", mean_winning / w as f64)),
        ),
        (
            "unique wins (distinct round wins, 0 included)",
            d.win_counts.len().to_string(),
        ),
        (
            "most frequent non-zero win",
            common.map_or("-".into(), |p| {
                format!(
                    "{} x bet ({:.3} % of rounds)",
                    x_bet(p[0]),
                    p[1] as f64 / d.rounds.max(1) as f64 * 100.0
                )
            }),
        ),
        (
            "skewness / excess kurtosis",
            r.shape.map_or("-".into(), |s| {
                format!("{:.2} / {:.1}", s.skewness, s.excess_kurtosis)
            }),
        ),
    ];
    for (k, v) in rows {
        let _ = writeln!(m, "| {k} | {v} |");
    }
    m
}

/// The interval of a certified odds figure at [`AWARD_ODDS_LEVEL`] (probabilities): its
/// record's own interval where it states one, else the exact Poisson interval of its count
/// (rounded down), scaled to its probability ([`crate::stats::certified_interval`]).
pub fn certified_interval(o: &slot_core::game::CertifiedOdds) -> [f64; 2] {
    crate::stats::certified_interval(o)
}

/// The disclosure: what a player-facing help page states, as (figure, value, source) rows:
/// the mode's RTP, the lowest RTP across the game's options, the top award and its
/// probability, each feature's average frequency.
pub fn disclosure_rows(report: &Report) -> Vec<[String; 3]> {
    let r = &report.par;
    let mut rows = Vec::new();
    let (rtp, source) = match (&report.certified_rtp, report.exact_rtp) {
        (Some(c), _) => (c.rtp, format!("certified: {}", c.how)),
        (None, Some(x)) => (x, "exact".into()),
        (None, None) => (r.rtp, format!("this run ({} rounds)", r.rounds)),
    };
    rows.push([
        format!("RTP ({})", r.mode),
        format!("{:.2} %", rtp * 100.0),
        source,
    ]);
    if let Some(low) = report
        .mode_rtps
        .iter()
        .min_by(|a, b| a.rtp.total_cmp(&b.rtp))
    {
        let all: Vec<String> = report
            .mode_rtps
            .iter()
            .map(|x| format!("{} {:.2} %", x.mode, x.rtp * 100.0))
            .collect();
        let value = if all.len() > 1 {
            format!(
                "{:.2} % ({}; {})",
                low.rtp * 100.0,
                low.mode,
                all.join(", ")
            )
        } else {
            format!("{:.2} % (the game's one mode)", low.rtp * 100.0)
        };
        rows.push([
            "lowest RTP across the game's options".into(),
            value,
            low.how.clone(),
        ]);
    }
    let top = if report.cap.is_some() {
        r.top_awards.first()
    } else {
        r.top_awards.last()
    };
    if let Some(top) = top {
        let certified = report.certified_odds.iter().find(|o| o.award == top.name);
        let (odds, source) = match (certified, top.exact_one_in) {
            (Some(o), _) => {
                let [lo, hi] = certified_interval(o);
                (
                    format!(
                        "1 in {:.4e} rounds ({} %: 1 in {:.4e} to {:.4e})",
                        1.0 / o.probability,
                        AWARD_ODDS_LEVEL * 100.0,
                        1.0 / hi,
                        1.0 / lo
                    ),
                    format!("certified: {}", o.how),
                )
            }
            (None, Some(x)) => (format!("1 in {x:.1} rounds"), "exact".to_string()),
            (None, None) => (
                top.describe(r.rounds),
                format!("this run ({} rounds)", r.rounds),
            ),
        };
        rows.push(["top award".into(), top.name.clone(), "the rules".into()]);
        rows.push(["its probability".into(), odds, source]);
    }
    let top_name = top.map(|t| t.name.to_lowercase()).unwrap_or_default();
    for name in &r.feature_names {
        // A feature that is the top award itself (Wish Upon a Star's Grand) is stated once,
        // by the top award's row (exact where the game computes it).
        if top_name.starts_with(&name.to_lowercase()) {
            continue;
        }
        let f = &r.features[name];
        rows.push([
            format!("{name}: average frequency"),
            f.one_in
                .map_or("never".into(), |x| format!("1 in {x:.1} rounds")),
            format!("this run ({} rounds)", r.rounds),
        ]);
    }
    rows
}

/// The disclosure block of `report.md` ([`disclosure_rows`]).
pub(super) fn disclosure_markdown(report: &Report) -> String {
    let mut m = String::from(
        "\n## Disclosure\n\nWhat a player-facing help page states, each figure with where it comes from ([disclosure.csv](disclosure.csv)).\n\n| figure | value | source |\n|---|---|---|\n",
    );
    for [figure, value, source] in disclosure_rows(report) {
        let _ = writeln!(m, "| {figure} | {value} | {source} |");
    }
    m
}

/// `disclosure.csv`: `figure,value,source` ([`disclosure_rows`]).
pub(super) fn disclosure_csv(report: &Report) -> Result<String, PlotError> {
    super::csv(
        &["figure", "value", "source"],
        disclosure_rows(report).into_iter().map(Vec::from),
    )
}

/// `contributions.csv`, `cascades.csv` (a game that cascades only, [`Report::cascades`]) and
/// `round_wins.csv` of the contribution sums.
pub(super) fn tables(
    report: &Report,
    d: &Detail,
) -> Result<Vec<(&'static str, String)>, PlotError> {
    let rtp = |a: u128| rtp_of(report, a).to_string();
    let mut rows = symbol_rows(d);
    rows.extend(named_rows("other", &d.other_wins));
    rows.extend(named_rows("girl power", &d.powers));
    let mut out: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.kind.to_string(),
                r.name.clone(),
                r.pays.to_string(),
                r.count.clone(),
                r.times.to_string(),
                rtp(r.amount),
            ]
        })
        .collect();
    if report.cap.is_some() {
        let cut = d.raw_win - d.total_win;
        out.push(vec![
            "cap".into(),
            "the cap's cut".into(),
            String::new(),
            String::new(),
            d.capped_rounds.to_string(),
            if cut > 0 {
                format!("-{}", rtp(cut))
            } else {
                "0".into()
            },
        ]);
    }
    for r in &d.depths {
        out.push(vec![
            "tumble depth".into(),
            r.depth.to_string(),
            String::new(),
            String::new(),
            r.times.to_string(),
            rtp(r.amount),
        ]);
    }
    for r in &d.multipliers {
        out.push(vec![
            "multiplier".into(),
            r.multiplier.to_string(),
            String::new(),
            String::new(),
            r.times.to_string(),
            rtp(r.amount),
        ]);
    }
    let contributions = super::csv(
        &["kind", "name", "pays", "count", "times", "rtp"],
        out.into_iter(),
    )?;
    let wins = super::csv(
        &["win_x_bet", "rounds"],
        d.win_counts
            .iter()
            .map(|p| vec![x_bet(p[0]), p[1].to_string()]),
    )?;
    let mut files = vec![("contributions.csv", contributions)];
    if report.cascades {
        let cascades = super::csv(
            &["tumbles", "spins"],
            d.cascades
                .iter()
                .map(|p| vec![p[0].to_string(), p[1].to_string()]),
        )?;
        files.push(("cascades.csv", cascades));
    }
    files.push(("round_wins.csv", wins));
    Ok(files)
}

/// `tumble_depth.svg`: the share of the RTP won at each tumble depth, as bars.
pub(super) fn depth_svg(report: &Report, d: &Detail) -> Result<String, PlotError> {
    let total = d.total_win.max(1) as f64;
    let bars: Vec<(u32, f64)> = d
        .depths
        .iter()
        .map(|r| (r.depth, r.amount as f64 / total * 100.0))
        .collect();
    let max_d = bars.last().map_or(1, |b| b.0) as f64 + 1.0;
    let top = bars.iter().map(|b| b.1).fold(1.0, f64::max) * 1.1;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 480)).into_drawing_area();
        root.fill(&WHITE)?;
        let title = format!(
            "{} ({}): share of the RTP by tumble depth",
            report.par.game, report.par.mode
        );
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(-0.5f64..max_d - 0.5, 0.0f64..top)?;
        chart
            .configure_mesh()
            .x_desc("tumbles before the win (0: the grid as it landed)")
            .y_desc("share of the RTP (%)")
            .x_labels(max_d as usize + 1)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .light_line_style(RGBColor(238, 238, 238))
            .draw()?;
        chart.draw_series(bars.iter().map(|&(depth, y)| {
            let x = f64::from(depth);
            Rectangle::new([(x - 0.35, 0.0), (x + 0.35, y)], BLUE.mix(0.45).filled())
        }))?;
        root.present()?;
    }
    Ok(svg)
}

/// `rtp_share.svg`: each win-size bucket's share of the rounds beside its share of the RTP.
pub(super) fn rtp_share_svg(report: &Report) -> Result<String, PlotError> {
    let r = &report.par;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 520)).into_drawing_area();
        root.fill(&WHITE)?;
        let title = format!(
            "{} ({}): where the return comes from, by win size",
            r.game, r.mode
        );
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(70)
            .y_label_area_size(60)
            .build_cartesian_2d(0.5f64..(BUCKETS as f64 - 0.5), 0.0f64..100.0)?;
        chart
            .configure_mesh()
            .x_desc("win (x bet)")
            .y_desc("%")
            .x_labels(BUCKETS)
            .x_label_formatter(&|x| {
                let i = x.round() as usize;
                BUCKET_LABELS.get(i).map_or(String::new(), |l| {
                    if (x - i as f64).abs() < 0.01 {
                        (*l).replace(" (uncapped)", "")
                    } else {
                        String::new()
                    }
                })
            })
            .light_line_style(RGBColor(238, 238, 238))
            .draw()?;
        let buckets = || r.win_distribution.iter().enumerate().skip(1);
        chart
            .draw_series(buckets().map(|(i, b)| {
                let x = i as f64;
                Rectangle::new(
                    [(x - 0.38, 0.0), (x, b.share * 100.0)],
                    BLUE.mix(0.35).filled(),
                )
            }))?
            .label("share of rounds")
            .legend(|(x, y)| {
                Rectangle::new([(x, y - 5), (x + 14, y + 5)], BLUE.mix(0.35).filled())
            });
        chart
            .draw_series(buckets().map(|(i, b)| {
                let x = i as f64;
                Rectangle::new(
                    [(x, 0.0), (x + 0.38, b.rtp_share.unwrap_or(0.0) * 100.0)],
                    RED.mix(0.55).filled(),
                )
            }))?
            .label("share of the RTP")
            .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], RED.mix(0.55).filled()));
        super::legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present()?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::detail::SymbolRow;
    use slot_core::events::PayRule;

    fn row(symbol: &str, count: u32, pay: (u64, u64), times: u64, amount: u128) -> SymbolRow {
        SymbolRow {
            symbol: symbol.into(),
            pays: PayRule::Anywhere,
            count,
            times,
            amount,
            pay_min: pay.0,
            pay_max: pay.1,
        }
    }

    #[test]
    fn counts_that_pay_the_same_are_one_band() {
        let d = Detail {
            symbol_wins: vec![
                row("gy", 8, (25, 25), 10, 250),
                row("gy", 9, (25, 25), 5, 125),
                row("gy", 10, (75, 75), 2, 150),
                row("gy", 12, (200, 200), 1, 200),
                row("gy", 13, (200, 200), 1, 200),
                row("gy", 15, (200, 200), 1, 200),
                row("mo", 8, (10, 30), 3, 60),
                row("mo", 9, (10, 30), 1, 20),
            ],
            ..Detail::default()
        };
        let got: Vec<(String, String, u64, u128)> = symbol_rows(&d)
            .into_iter()
            .map(|r| (r.name, r.count, r.times, r.amount))
            .collect();
        let want = [
            ("gy", "8-9", 15, 375),
            ("gy", "10", 2, 150),
            // 11 never came and 12 pays otherwise: 12 starts a band, which 14 (never
            // seen) does not end.
            ("gy", "12-15", 3, 600),
            // Counts whose wins pay different amounts (ways) stay apart.
            ("mo", "8", 3, 60),
            ("mo", "9", 1, 20),
        ];
        let want: Vec<(String, String, u64, u128)> = want
            .iter()
            .map(|w| (w.0.to_string(), w.1.to_string(), w.2, w.3))
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn multipliers_are_grouped_in_ranges() {
        use crate::detail::MultiplierRow;
        let mr = |multiplier, times, base| MultiplierRow {
            multiplier,
            times,
            base,
            amount: base * u128::from(multiplier),
        };
        let d = Detail {
            multipliers: vec![mr(1, 4, 100), mr(3, 1, 10), mr(5, 2, 20), mr(600, 1, 5)],
            ..Detail::default()
        };
        assert_eq!(
            multiplier_groups(&d),
            [
                ("x1".to_string(), 4, 100, 100),
                ("x3-5".to_string(), 3, 30, 130),
                ("x501+".to_string(), 1, 5, 3000),
            ]
        );
    }
}
