//! PAR files (`sim --out DIR`, `merge --out DIR`): the report as Markdown, JSON and CSV, and
//! SVG plots.
//!
//! | file | what |
//! |---|---|
//! | `report.md` | the PAR sheet: figures, tables, provenance, the plots |
//! | `report.json` | the report as `--json` prints it (pretty-printed); `merge` reads it |
//! | `win_distribution.csv` | `range,from_x_bet,to_x_bet,count,share,one_in` |
//! | `features.csv` | `feature,rounds,triggers,one_in,rtp,average_win_x_bet` |
//! | `rtp_by_source.csv` | `source,rtp` |
//! | `experience.csv` | `figure,count,share`: rounds that pay less than, exactly or more than the stake, at least 1, 5, 10, 100 x the stake; the dry spells' count, mean, median, 99th percentile and longest (the share empty) |
//! | `disclosure.csv` | `figure,value,source`: what a player-facing help page states (RTP, the lowest RTP across the game's options, the top award and its probability, each feature's average frequency) |
//! | `convergence.csv` | `batches,rounds,rtp,ci99_low,ci99_high` (running RTP at each checkpoint) |
//! | `win_distribution.svg` | share of rounds per win-size bucket and P(win >= x), log-log, cap marked |
//! | `rtp_share.svg` | each win-size bucket's share of the rounds beside its share of the RTP |
//! | `rtp_convergence.svg` | running RTP with its 99 % band and the target line, log rounds |
//!
//! With the run's contribution sums ([`crate::detail`], `sim --out`), also:
//!
//! | file | what |
//! |---|---|
//! | `contributions.csv` | `kind,name,pays,count,times,rtp`: symbol wins by count band, other wins, Girl Power, the cap's cut, tumble depths, multipliers |
//! | `cascades.csv` | `tumbles,spins`: spins by cascade length (games that cascade, [`slot_core::Game::CASCADES`]) |
//! | `round_wins.csv` | `win_x_bet,rounds`: rounds by their exact win |
//! | `tumble_depth.svg` | share of the RTP won at each tumble depth (games that cascade) |
//!
//! One CSV per table (each a plain table with a header row, RFC 4180 quoting by the `csv`
//! crate); ratios are fractions, wins multiples of the paytable's bet, empty cells where a
//! figure does not exist ("1 in" of a bucket never hit). A merge of several independent runs
//! has no convergence record (their rounds have no order), so no convergence CSV or plot.
//! Plots by `plotters` (SVG backend only): deterministic for a report, since the checkpoints
//! are at fixed batch counts.

use crate::engine::Checkpoint;
use crate::error::SimError;
use crate::report::{Report, checkpoint_figures};
use crate::stats::{BUCKET_EDGES_X, BUCKETS, ParReport};
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

pub mod contributions;
mod experience;

/// The bucket ranges in x bet, `[from, to)`; `to` is `None` for the open ones (and `from` for
/// "cap" is the cap, if the game has one).
fn bucket_range(b: usize, cap_x: Option<f64>) -> (Option<f64>, Option<f64>) {
    let edge = |i: usize| BUCKET_EDGES_X[i] as f64;
    match b {
        0 => (Some(0.0), Some(0.01)),
        1 => (Some(0.01), Some(1.0)),
        _ if b + 2 < BUCKETS => (Some(edge(b - 2)), Some(edge(b - 1))),
        _ if b + 1 < BUCKETS => (Some(edge(BUCKET_EDGES_X.len() - 1)), None),
        _ => (cap_x, None),
    }
}

fn opt(x: Option<f64>) -> String {
    x.map_or(String::new(), |v| v.to_string())
}

/// Creates the `--out` directory (checked before a run starts, so that a long run cannot end
/// with nowhere to write).
///
/// # Errors
/// If it cannot be created, naming it.
pub fn create_dir(dir: &Path) -> Result<(), SimError> {
    std::fs::create_dir_all(dir).map_err(|e| SimError::Io {
        path: dir.to_path_buf(),
        message: format!("cannot create the directory: {e}"),
    })?;
    // A directory that exists may still refuse files: try one, so that a long run cannot end
    // with nowhere to write.
    let probe = dir.join(".slot-sim-write-test");
    std::fs::write(&probe, b"").map_err(|e| SimError::Io {
        path: dir.to_path_buf(),
        message: format!("cannot write into the directory: {e}"),
    })?;
    let _ = std::fs::remove_file(probe);
    Ok(())
}

/// An `--out` folder made for one command ([`create_out_dir`]): dropped while still empty (the
/// command was refused or failed before writing anything into it), a folder this command
/// created is removed again, so a refusal leaves no empty folder behind.
#[derive(Debug)]
pub struct OutDir {
    created: Option<std::path::PathBuf>,
}

impl Drop for OutDir {
    fn drop(&mut self) {
        if let Some(dir) = &self.created {
            // Removes the folder only when empty: a command that wrote its files keeps them.
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// Creates a command's `--out` folder like [`create_dir`], and returns the guard that removes
/// it again if the command leaves it empty ([`OutDir`]).
///
/// # Errors
/// As [`create_dir`].
pub fn create_out_dir(dir: &Path) -> Result<OutDir, SimError> {
    let existed = dir.exists();
    create_dir(dir)?;
    Ok(OutDir {
        created: (!existed).then(|| dir.to_path_buf()),
    })
}

/// A table or plot that could not be made (any error of the `csv` or `plotters` crates).
#[derive(Debug)]
struct PlotError(String);

impl<E: std::error::Error> From<E> for PlotError {
    fn from(e: E) -> Self {
        PlotError(e.to_string())
    }
}

impl From<PlotError> for SimError {
    fn from(e: PlotError) -> Self {
        SimError::ParFiles(e.0)
    }
}

/// Writes every PAR file of `report` into `dir` (which exists).
///
/// # Errors
/// A file that cannot be written, or a plot that cannot be drawn.
pub fn write(report: &Report, dir: &Path) -> Result<(), SimError> {
    // Each file appears whole or not at all.
    let put = |name: &str, text: &str| crate::files::write_atomic(&dir.join(name), text.as_bytes());
    let r = &report.par;
    let cap_x = cap_of(report);
    put("report.json", &(report.to_json_pretty() + "\n"))?;
    put("report.md", &markdown(report))?;
    put(
        "win_distribution.csv",
        &csv(
            &[
                "range",
                "from_x_bet",
                "to_x_bet",
                "count",
                "share",
                "one_in",
                "rtp_share",
            ],
            r.win_distribution.iter().enumerate().map(|(i, b)| {
                let (from, to) = bucket_range(i, cap_x);
                vec![
                    b.range.to_string(),
                    opt(from),
                    opt(to),
                    b.count.to_string(),
                    b.share.to_string(),
                    opt(b.one_in),
                    opt(b.rtp_share),
                ]
            }),
        )?,
    )?;
    put(
        "features.csv",
        &csv(
            &[
                "feature",
                "rounds",
                "triggers",
                "one_in",
                "rtp",
                "average_win_x_bet",
            ],
            r.feature_names.iter().map(|name| {
                let f = &r.features[name];
                vec![
                    name.clone(),
                    f.count.to_string(),
                    f.triggers.to_string(),
                    opt(f.one_in),
                    f.rtp.to_string(),
                    opt(f.average_win),
                ]
            }),
        )?,
    )?;
    put(
        "rtp_by_source.csv",
        &csv(
            &["source", "rtp"],
            r.source_names
                .iter()
                .map(|s| vec![s.clone(), r.rtp_by_source[s].to_string()]),
        )?,
    )?;
    put("win_distribution.svg", &distribution_svg(r, cap_x)?)?;
    put("rtp_share.svg", &contributions::rtp_share_svg(report)?)?;
    put("disclosure.csv", &contributions::disclosure_csv(report)?)?;
    match experience::csv_rows(r) {
        Some(rows) => put(
            "experience.csv",
            &csv(&["figure", "count", "share"], rows.into_iter())?,
        )?,
        // A file left from an earlier report in the same directory would be another run's.
        None => {
            let _ = std::fs::remove_file(dir.join("experience.csv"));
        }
    }
    // Files of an earlier report's contribution sums in the same directory would be another
    // run's.
    for name in [
        "contributions.csv",
        "cascades.csv",
        "round_wins.csv",
        "tumble_depth.svg",
    ] {
        let _ = std::fs::remove_file(dir.join(name));
    }
    if let Some(d) = &report.detail {
        for (name, text) in contributions::tables(report, d)? {
            put(name, &text)?;
        }
        if report.cascades {
            put("tumble_depth.svg", &contributions::depth_svg(report, d)?)?;
        }
    }
    let points = convergence_points(report);
    let conv = dir.join("convergence.csv");
    let plot = dir.join("rtp_convergence.svg");
    if points.is_empty() {
        // A file left from an earlier report in the same directory would be another run's.
        let _ = std::fs::remove_file(conv);
        let _ = std::fs::remove_file(plot);
    } else {
        put(
            "convergence.csv",
            &csv(
                &["batches", "rounds", "rtp", "ci99_low", "ci99_high"],
                points.iter().map(|(c, rtp, hw)| {
                    vec![
                        c.batches.to_string(),
                        c.rounds.to_string(),
                        rtp.to_string(),
                        (rtp - hw).max(0.0).to_string(),
                        (rtp + hw).to_string(),
                    ]
                }),
            )?,
        )?;
        put("rtp_convergence.svg", &convergence_svg(report, &points)?)?;
    }
    Ok(())
}

/// Draws the series labels of `chart` in a framed box at `position`.
fn legend<'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, CT>,
    position: SeriesLabelPosition,
) -> Result<(), PlotError> {
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    Ok(())
}

/// The cap in x bet, from the game's facts.
fn cap_of(report: &Report) -> Option<f64> {
    report.cap.map(|c| c as f64 / 100.0)
}

fn csv(header: &[&str], rows: impl Iterator<Item = Vec<String>>) -> Result<String, PlotError> {
    let mut w = ::csv::Writer::from_writer(Vec::new());
    w.write_record(header)?;
    for row in rows {
        w.write_record(&row)?;
    }
    let bytes = w.into_inner().map_err(|e| PlotError(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| PlotError(e.to_string()))
}

/// The convergence record with the run's end added: (sums, running RTP, 99 % half-width).
fn convergence_points(report: &Report) -> Vec<(Checkpoint, f64, f64)> {
    let conv = &report.run.convergence;
    if conv.is_empty() {
        return Vec::new();
    }
    let s = &report.par.sums;
    let mut all = conv.clone();
    if all.last().is_some_and(|c| c.rounds < s.rounds) {
        let batches = conv.last().map_or(0, |c| c.batches)
            + (s.rounds - conv.last().map_or(0, |c| c.rounds))
                .div_ceil(slot_core::replay::BATCH_ROUNDS);
        all.push(Checkpoint {
            batches,
            rounds: s.rounds,
            total_win: s.total_win,
            sum_sq: s.sum_sq,
        });
    }
    all.into_iter()
        .map(|c| {
            let (rtp, hw) = checkpoint_figures(&c, s.cost);
            (c, rtp, hw)
        })
        .collect()
}

/// An axis label: "0.01", "1", "500", "20k", "1.5M".
fn tick(x: f64) -> String {
    let (v, unit) = [(1e9, "G"), (1e6, "M"), (1e3, "k")]
        .into_iter()
        .find(|(scale, _)| x >= *scale)
        .map_or((x, ""), |(scale, unit)| (x / scale, unit));
    let text = format!("{v:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}{unit}")
}

/// A label of the share axis: "1", "0.1", "0.01", "1e-3", "1e-8".
fn share_tick(y: f64) -> String {
    let e = y.log10().round();
    if (y / 10f64.powf(e) - 1.0).abs() > 1e-6 {
        return format!("{y:.1e}");
    }
    match e as i32 {
        0 => "1".into(),
        -1 => "0.1".into(),
        -2 => "0.01".into(),
        e => format!("1e{e}"),
    }
}

/// Floor and ceiling powers of ten around `lo..hi` (positive).
fn decades(lo: f64, hi: f64) -> (f64, f64) {
    (
        10f64.powf(lo.log10().floor()),
        10f64.powf(hi.log10().ceil()),
    )
}

fn distribution_svg(r: &ParReport, cap_x: Option<f64>) -> Result<String, PlotError> {
    let n = r.rounds.max(1) as f64;
    let max_x = (r.max_win).max(0.01);
    // Bars: share of rounds in each bucket with a win, over the bucket's range.
    let mut bars = Vec::new();
    for (i, b) in r.win_distribution.iter().enumerate().skip(1) {
        if b.count == 0 {
            continue;
        }
        let (from, to) = bucket_range(i, cap_x);
        let from = from.unwrap_or(max_x);
        let (x0, x1) = match to {
            Some(to) => (from, to),
            None if i + 1 == BUCKETS => (from / 1.08, from * 1.08),
            None => (from, (max_x * 1.08).max(from * 1.5)),
        };
        bars.push((x0, x1, b.share));
    }
    // Exceedance: P(win >= x) at each bucket's lower edge (exact from the counts).
    let floors: Vec<(f64, u64)> = (1..BUCKETS)
        .filter_map(|i| {
            bucket_range(i, cap_x)
                .0
                .map(|x| (x, r.win_distribution[i].count))
        })
        .collect();
    let mut xs: Vec<f64> = floors.iter().map(|f| f.0).collect();
    xs.dedup();
    let tail: Vec<(f64, f64)> = xs
        .into_iter()
        .map(|x| {
            let above: u64 = floors.iter().filter(|f| f.0 >= x).map(|f| f.1).sum();
            (x, above as f64 / n)
        })
        .filter(|p| p.1 > 0.0)
        .collect();
    let smallest = bars
        .iter()
        .map(|b| b.2)
        .chain(tail.iter().map(|t| t.1))
        .filter(|&y| y > 0.0)
        .fold(1.0, f64::min);
    let (y_lo, _) = decades(smallest / 2.0, 1.0);
    let x_hi = cap_x.unwrap_or(0.0).max(max_x) * 2.0;
    let (_, x_hi) = decades(0.01, x_hi);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 560)).into_drawing_area();
        root.fill(&WHITE)?;
        let title = format!(
            "{} ({}): win distribution, {} rounds",
            r.game, r.mode, r.rounds
        );
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d((0.01f64..x_hi).log_scale(), (y_lo..1.0f64).log_scale())?;
        chart
            .configure_mesh()
            .x_desc("win (x bet)")
            .y_desc("share of rounds")
            .x_label_formatter(&|x| tick(*x))
            .y_label_formatter(&|y| share_tick(*y))
            .light_line_style(RGBColor(238, 238, 238))
            .draw()?;
        chart
            .draw_series(bars.iter().map(|&(x0, x1, y)| {
                Rectangle::new([(x0, y_lo), (x1, y)], BLUE.mix(0.35).filled())
            }))?
            .label("share of rounds in the win-size bucket")
            .legend(|(x, y)| {
                Rectangle::new([(x, y - 5), (x + 14, y + 5)], BLUE.mix(0.35).filled())
            });
        chart
            .draw_series(LineSeries::new(tail.iter().copied(), RED.stroke_width(2)))?
            .label("P(win >= x)")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], RED.stroke_width(2)));
        chart.draw_series(
            tail.iter()
                .map(|&(x, y)| Circle::new((x, y), 3, RED.filled())),
        )?;
        let (mark, label) = match cap_x {
            Some(c) => (c, format!("cap {c}x")),
            None => (max_x, format!("no cap; largest win {max_x:.2}x")),
        };
        chart
            .draw_series(std::iter::once(DashedPathElement::new(
                vec![(mark, y_lo), (mark, 1.0)],
                6,
                4,
                BLACK.stroke_width(2),
            )))?
            .label(label)
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], BLACK.stroke_width(2)));
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present()?;
    }
    Ok(svg)
}

/// Writes a session study's files into `dir` (which exists): `session.json` (the report),
/// `session_survival.csv` (`spins,still_playing`), `session_results.csv`
/// (`from_x_balance,to_x_balance,players,share`), `session_rtp.csv` (`from,share`),
/// `session_survival.svg` (the share of players still playing against spins, log spins) and
/// `session_rtp.svg` (the histogram of the session RTP, won over staked per player).
///
/// # Errors
/// A file that cannot be written, or a plot that cannot be drawn.
pub fn write_session(r: &crate::session::SessionReport, dir: &Path) -> Result<(), SimError> {
    // Each file appears whole or not at all.
    let put = |name: &str, text: &str| crate::files::write_atomic(&dir.join(name), text.as_bytes());
    put(
        "session.json",
        &(serde_json::to_string_pretty(r).map_err(|e| SimError::ParFiles(e.to_string()))? + "\n"),
    )?;
    put(
        "session_survival.csv",
        &csv(
            &["spins", "still_playing"],
            r.survival
                .iter()
                .map(|(k, s)| vec![k.to_string(), s.to_string()]),
        )?,
    )?;
    put(
        "session_results.csv",
        &csv(
            &["from_x_balance", "to_x_balance", "players", "share"],
            r.results.iter().map(|b| {
                vec![
                    b.from.to_string(),
                    opt(b.to),
                    b.players.to_string(),
                    b.share.to_string(),
                ]
            }),
        )?,
    )?;
    put(
        "session_rtp.csv",
        &csv(
            &["from", "share"],
            r.session_rtp
                .iter()
                .map(|(f, s)| vec![f.to_string(), s.to_string()]),
        )?,
    )?;
    put("session_survival.svg", &survival_svg(r)?)?;
    put("session_rtp.svg", &session_rtp_svg(r)?)?;
    Ok(())
}

/// The histogram of the session RTP: the share of players per bucket of 0.1, the open bucket
/// above 3 drawn at 3 to 3.2.
fn session_rtp_svg(r: &crate::session::SessionReport) -> Result<String, PlotError> {
    let top = r
        .session_rtp
        .iter()
        .map(|b| b.1 * 100.0)
        .fold(1.0, f64::max)
        * 1.1;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 480)).into_drawing_area();
        root.fill(&WHITE)?;
        let title = format!(
            "{} ({}): session RTP of {} players ({} spins at most; all players: {:.2} %)",
            r.game,
            r.mode,
            r.players,
            r.spins,
            r.overall_rtp * 100.0
        );
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(0.0f64..3.2, 0.0f64..top)?;
        chart
            .configure_mesh()
            .x_desc("session RTP (won / staked; the last bar: 3 and above)")
            .y_desc("players (%)")
            .light_line_style(RGBColor(238, 238, 238))
            .draw()?;
        let n = r.session_rtp.len();
        chart.draw_series(r.session_rtp.iter().enumerate().map(|(i, &(from, share))| {
            let to = if i + 1 == n { from + 0.2 } else { from + 0.1 };
            Rectangle::new(
                [(from + 0.005, 0.0), (to - 0.005, share * 100.0)],
                BLUE.mix(0.45).filled(),
            )
        }))?;
        root.present()?;
    }
    Ok(svg)
}

fn survival_svg(r: &crate::session::SessionReport) -> Result<String, PlotError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 560)).into_drawing_area();
        root.fill(&WHITE)?;
        let title = format!(
            "{} ({}): players still playing, balance {:.2}, bet {:.2}, {} players",
            r.game,
            r.mode,
            r.balance as f64 / 100.0,
            r.bet as f64 / 100.0,
            r.players
        );
        let x_hi = (r.spins as f64).max(2.0);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d((1.0..x_hi).log_scale(), 0.0..100.0)?;
        chart
            .configure_mesh()
            .x_desc("spins")
            .y_desc("still playing (%)")
            .x_label_formatter(&|x| tick(*x))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .light_line_style(RGBColor(238, 238, 238))
            .draw()?;
        chart.draw_series(LineSeries::new(
            r.survival.iter().map(|(k, s)| (*k as f64, s * 100.0)),
            BLUE.stroke_width(2),
        ))?;
        root.present()?;
    }
    Ok(svg)
}

fn convergence_svg(
    report: &Report,
    points: &[(Checkpoint, f64, f64)],
) -> Result<String, PlotError> {
    let r = &report.par;
    let target = report.target_rtp * 100.0;
    let pct: Vec<(f64, f64, f64, f64)> = points
        .iter()
        .map(|(c, rtp, hw)| {
            let hw = if hw.is_finite() { *hw } else { 1.0 };
            (
                c.rounds as f64,
                rtp * 100.0,
                (rtp - hw).max(0.0) * 100.0,
                (rtp + hw) * 100.0,
            )
        })
        .collect();
    let (x_lo, x_hi) = (pct[0].0, pct[pct.len() - 1].0.max(pct[0].0 * 10.0));
    // The y range: the band over the last two decades of rounds, and the target.
    let recent = pct.iter().filter(|p| p.0 >= x_hi / 100.0);
    let (mut y_lo, mut y_hi) = (target, target);
    for p in recent {
        y_lo = y_lo.min(p.2).min(p.1);
        y_hi = y_hi.max(p.3).max(p.1);
    }
    let pad = ((y_hi - y_lo) * 0.15).max(0.05);
    let (y_lo, y_hi) = (y_lo - pad, y_hi + pad);
    let clamp = |y: f64| y.clamp(y_lo, y_hi);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 560)).into_drawing_area();
        root.fill(&WHITE)?;
        let title = format!(
            "{} ({}): running RTP, seed {}, {} rounds",
            r.game, r.mode, r.seed, r.rounds
        );
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(70)
            .build_cartesian_2d((x_lo..x_hi).log_scale(), y_lo..y_hi)?;
        chart
            .configure_mesh()
            .x_desc("rounds")
            .y_desc("RTP (%)")
            .x_label_formatter(&|x| tick(*x))
            .y_label_formatter(&|y| format!("{y:.2}"))
            .light_line_style(RGBColor(238, 238, 238))
            .draw()?;
        let band: Vec<(f64, f64)> = pct
            .iter()
            .map(|p| (p.0, clamp(p.3)))
            .chain(pct.iter().rev().map(|p| (p.0, clamp(p.2))))
            .collect();
        chart
            .draw_series(std::iter::once(Polygon::new(band, BLUE.mix(0.2).filled())))?
            .label("99 % confidence band")
            .legend(|(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], BLUE.mix(0.2).filled()));
        chart
            .draw_series(LineSeries::new(
                pct.iter().map(|p| (p.0, clamp(p.1))),
                BLUE.stroke_width(2),
            ))?
            .label("running RTP")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], BLUE.stroke_width(2)));
        chart
            .draw_series(std::iter::once(DashedPathElement::new(
                vec![(x_lo, target), (x_hi, target)],
                6,
                4,
                RED.stroke_width(2),
            )))?
            .label(format!("target {:.2} %", target))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 14, y)], RED.stroke_width(2)));
        legend(&mut chart, SeriesLabelPosition::LowerRight)?;
        root.present()?;
    }
    Ok(svg)
}

/// The PAR sheet as Markdown.
fn markdown(report: &Report) -> String {
    let r = &report.par;
    let pct = |x: f64| {
        if x.is_finite() {
            format!("{:.4} %", x * 100.0)
        } else {
            "unbounded".into()
        }
    };
    let one_in = |x: Option<f64>| x.map_or("never".into(), |v| format!("1 in {v:.1}"));
    let mut m = String::new();
    let _ = writeln!(m, "# PAR sheet: {} ({})\n", r.game, r.mode);
    let _ = writeln!(
        m,
        "{}. Ratios are per stake paid; win sizes are multiples of the paytable's bet.\n",
        match &report.run.merged {
            Some(m) if m.runs.len() > 1 => format!(
                "Merged with `cargo xtask merge` from {} reports of {} runs (seeds {}), {} rounds in all",
                m.files,
                m.runs.len(),
                m.runs
                    .iter()
                    .map(|x| x.seed.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                r.rounds
            ),
            Some(m) => format!(
                "Merged with `cargo xtask merge` from {} reports of one run (seed {}, {} rounds)",
                m.files, r.seed, r.rounds
            ),
            None => format!(
                "Simulated with `cargo xtask sim` (seed {}, {} rounds)",
                r.seed, r.rounds
            ),
        }
    );
    let _ = writeln!(m, "| figure | value |\n|---|---|");
    let rows = [
        ("rounds", r.rounds.to_string()),
        match r.seeds().as_slice() {
            [one] => ("seed", one.to_string()),
            many => (
                "seeds",
                many.iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
        },
        ("stake", format!("{} x bet", r.stake_x_bet)),
        ("RTP", pct(r.rtp)),
        (
            "95 % interval",
            format!("[{}, {}]", pct(r.rtp_ci95[0]), pct(r.rtp_ci95[1])),
        ),
        (
            "99 % interval",
            format!("[{}, {}]", pct(r.rtp_ci99[0]), pct(r.rtp_ci99[1])),
        ),
        (
            "intervals reliable",
            match &r.interval_warning {
                None => "yes".into(),
                Some(w) => format!("**no**: {w}"),
            },
        ),
        (
            "RTP variant",
            format!(
                "{} (model sha256 {})",
                report
                    .standing
                    .variant()
                    .map_or_else(|| report.standing.describe(), str::to_string),
                report.model_fingerprint
            ),
        ),
        ("target RTP", format!("{:.2} %", report.target_rtp * 100.0)),
        ("sd of a round's win", format!("{:.3} x stake", r.sd)),
        (
            "volatility index (90 / 95 / 99 %)",
            format!(
                "{:.2} / {:.2} / {:.2}",
                r.volatility_index.vi90, r.volatility_index.vi95, r.volatility_index.vi99
            ),
        ),
        (
            "skewness / excess kurtosis of a round's win",
            r.shape.map_or("-".into(), |sh| {
                format!("{:.2} / {:.1}", sh.skewness, sh.excess_kurtosis)
            }),
        ),
        (
            "hit frequency",
            format!(
                "{} ({})",
                pct(r.hit_frequency),
                one_in((r.hit_frequency > 0.0).then(|| 1.0 / r.hit_frequency))
            ),
        ),
        ("largest win", format!("{:.2} x bet", r.max_win)),
        (
            "cap hits",
            format!("{} ({})", r.cap_hits, one_in(r.cap_one_in)),
        ),
    ];
    for (k, v) in rows {
        let _ = writeln!(m, "| {k} | {v} |");
    }
    m.push_str(&contributions::disclosure_markdown(report));
    if let Some(markets) = &report.markets {
        m.push_str(markets);
    }
    let _ = writeln!(m, "\n## RTP by source\n\n| source | RTP |\n|---|---|");
    for s in &r.source_names {
        let _ = writeln!(m, "| {s} | {} |", pct(r.rtp_by_source[s]));
    }
    let _ = writeln!(
        m,
        "\n## Features\n\n| feature | rounds | frequency | triggers | RTP | average win (x bet) |\n|---|---|---|---|---|---|"
    );
    for name in &r.feature_names {
        let f = &r.features[name];
        let _ = writeln!(
            m,
            "| {name} | {} | {} | {} | {} | {} |",
            f.count,
            one_in(f.one_in),
            f.triggers,
            pct(f.rtp),
            f.average_win.map_or("-".into(), |a| format!("{a:.2}"))
        );
    }
    if !r.top_awards.is_empty() {
        let _ = writeln!(
            m,
            "\n## Top awards\n\nOdds as 1 in N rounds (N = rounds / times it came), with the exact Poisson interval at {} %; exact odds where the game computes them.\n\n| award | times | rounds with it | odds |\n|---|---|---|---|",
            crate::stats::AWARD_ODDS_LEVEL * 100.0
        );
        for a in &r.top_awards {
            let _ = writeln!(
                m,
                "| {} | {} | {} | {} |",
                a.name,
                a.count,
                a.rounds,
                a.describe(r.rounds)
            );
        }
    }
    if let Some(g) = &report.goodness_of_fit {
        let _ = writeln!(
            m,
            "\n## Goodness of fit\n\nThe random draws of the run's first {} rounds (replayed with their event logs) against the math model's weights: Pearson's chi-square per input, cells of expected count below 5 pooled. {}.\n\n| input | draws | outcomes | cells | chi-square | dof | p-value |\n|---|---|---|---|---|---|---|",
            g.rounds,
            g.verdict()
        );
        for t in &g.tests {
            let _ = writeln!(
                m,
                "| {} | {} | {} | {} | {:.3} | {} | {:.4} |",
                t.input, t.draws, t.outcomes, t.cells, t.statistic, t.dof, t.p_value
            );
        }
        if !g.untested.is_empty() {
            let _ = writeln!(m, "\nToo few draws to test: {}.", g.untested.join(", "));
        }
    }
    let _ = writeln!(
        m,
        "\n## Win distribution\n\nEach win size's share of the rounds and of the RTP (where the return comes from).\n\n| win (x bet) | rounds | share of rounds | share of RTP | frequency |\n|---|---|---|---|---|"
    );
    for b in &r.win_distribution {
        let _ = writeln!(
            m,
            "| {} | {} | {:.6} % | {} | {} |",
            b.range.replace('|', "\\|"),
            b.count,
            b.share * 100.0,
            b.rtp_share
                .map_or("-".to_string(), |x| format!("{:.3} %", x * 100.0)),
            one_in(b.one_in)
        );
    }
    let rare = r.rare_buckets();
    if !rare.is_empty() {
        let _ = writeln!(
            m,
            "\nOdds rarer than 1 in 100 million (GLI-11 disclosure): {}.",
            rare.join(", ")
        );
    }
    let _ = writeln!(
        m,
        "\n![win distribution](win_distribution.svg)\n\n![share of rounds and of the RTP by win size](rtp_share.svg)\n\nTables: [win_distribution.csv](win_distribution.csv), [features.csv](features.csv), [rtp_by_source.csv](rtp_by_source.csv)."
    );
    m.push_str(&experience::markdown(r));
    if let Some(d) = &report.detail {
        m.push_str(&contributions::markdown(report, d));
    }
    if report.run.convergence.is_empty() {
        let _ = writeln!(
            m,
            "\n## RTP convergence\n\nNone: this merge holds several independent runs, whose rounds have no order."
        );
    } else {
        let _ = writeln!(
            m,
            "\n## RTP convergence\n\nThe running RTP after fixed batch counts of the seed's sequence, with its 99 % band and the target.\n\n![RTP convergence](rtp_convergence.svg)\n\nData: [convergence.csv](convergence.csv)."
        );
    }
    // The range a player base's RTP lies in after N rounds: what live monitoring checks.
    let (mean, of) = match &report.certified_rtp {
        Some(c) => (c.rtp, "the certified RTP"),
        None => (r.rtp, "this run's RTP"),
    };
    let bands = crate::monitor::bands_table_markdown(&crate::monitor::Certified {
        rtp: mean,
        sd: r.sd,
        source: String::new(),
    });
    let _ = writeln!(
        m,
        "\n## RTP range after N rounds\n\nWhere the RTP of N rounds lies, at 95 % and 99 %, around {of} ({:.4} %) with this run's sd of a round's win ({:.3} x stake): the normal bands live-RTP monitoring computes (`cargo xtask monitor` computes them with the certified sd). A lower end below 0 % says that so few rounds cannot pin the RTP down.\n\n{bands}",
        mean * 100.0,
        r.sd
    );
    let _ = writeln!(m, "\n## Provenance\n\n| | |\n|---|---|");
    for (k, v) in report.provenance() {
        let _ = writeln!(m, "| {k} | {v} |");
    }
    let _ = writeln!(
        m,
        "| speed | {} rounds/s on {} ({:.1} s) |",
        crate::report::si(r.rounds_per_second),
        crate::words::threads(r.threads),
        r.elapsed_seconds
    );
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_labels_are_short() {
        assert_eq!(tick(0.01), "0.01");
        assert_eq!(tick(1.0), "1");
        assert_eq!(tick(500.0), "500");
        assert_eq!(tick(20_000.0), "20k");
        assert_eq!(tick(1_500_000.0), "1.5M");
        assert_eq!(share_tick(1.0), "1");
        assert_eq!(share_tick(0.01), "0.01");
        assert_eq!(share_tick(9.999_999_999e-5), "1e-4");
        assert_eq!(share_tick(1e-8), "1e-8");
    }

    #[test]
    fn bucket_ranges_follow_the_edges() {
        assert_eq!(bucket_range(0, None), (Some(0.0), Some(0.01)));
        assert_eq!(bucket_range(2, None), (Some(1.0), Some(2.0)));
        assert_eq!(bucket_range(10, None), (Some(1000.0), Some(5000.0)));
        assert_eq!(bucket_range(11, None), (Some(5000.0), None));
        assert_eq!(bucket_range(12, Some(5000.0)), (Some(5000.0), None));
        assert_eq!(bucket_range(12, None), (None, None));
    }
}
