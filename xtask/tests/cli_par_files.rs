//! PAR files (`--out DIR`): Markdown, JSON, CSV tables and SVG plots, from `sim` and `merge`;
//! and the committed examples in `docs/par/` are of the shipped models.

mod common;
use common::*;
use std::path::Path;

/// The points of every `<polyline>` in an SVG file (which must parse as XML).
fn polylines(svg: &str) -> Vec<Vec<(f64, f64)>> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG parses as XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .map(|n| {
            n.attribute("points")
                .unwrap_or("")
                .split_whitespace()
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

fn has_text(svg: &str, want: &str) -> bool {
    roxmltree::Document::parse(svg)
        .unwrap()
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .any(|n| n.text().is_some_and(|t| t.contains(want)))
}

/// The header and rows of a CSV file.
fn csv(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines().map(|l| {
        // The tables' fields hold no quotes; a bucket label like "(0,1)" is quoted.
        let mut fields = vec![];
        let mut cur = String::new();
        let mut quoted = false;
        for c in l.chars() {
            match c {
                '"' => quoted = !quoted,
                ',' if !quoted => fields.push(std::mem::take(&mut cur)),
                _ => cur.push(c),
            }
        }
        fields.push(cur);
        fields
    });
    let header = lines.next().unwrap();
    (header, lines.collect())
}

fn check_par_dir(d: &Path, rounds: u64, with_convergence: bool, with_detail: bool) {
    let read = |f: &str| std::fs::read_to_string(d.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    let report = typed(&read("report.json"));
    assert_eq!(report.rounds, rounds);
    let (h, rows) = csv(&d.join("win_distribution.csv"));
    assert_eq!(
        h,
        [
            "range",
            "from_x_bet",
            "to_x_bet",
            "count",
            "share",
            "one_in",
            "rtp_share"
        ]
    );
    assert_eq!(rows.len(), 13);
    assert_eq!(rows[1][0], "(0,1)");
    let counted: u64 = rows.iter().map(|r| r[3].parse::<u64>().unwrap()).sum();
    assert_eq!(counted, rounds, "the buckets hold every round");
    // Each bucket's share of the RTP: they add up to the whole return.
    let rtp_shares: f64 = rows.iter().map(|r| r[6].parse::<f64>().unwrap()).sum();
    assert!(
        (rtp_shares - 1.0).abs() < 1e-9,
        "shares of the RTP: {rtp_shares}"
    );
    let (h, _) = csv(&d.join("features.csv"));
    assert_eq!(
        h,
        [
            "feature",
            "rounds",
            "triggers",
            "one_in",
            "rtp",
            "average_win_x_bet"
        ]
    );
    let (h, rows) = csv(&d.join("rtp_by_source.csv"));
    assert_eq!(h, ["source", "rtp"]);
    assert!(!rows.is_empty());
    let md = read("report.md");
    for part in [
        "# PAR sheet",
        "## RTP by source",
        "## Win distribution",
        "share of RTP",
        "## RTP range after N rounds",
        "| 1000000000 |",
        "win_distribution.svg",
        "## Provenance",
        "sha256",
    ] {
        assert!(md.contains(part), "report.md lacks {part}");
    }
    let svg = read("win_distribution.svg");
    let lines = polylines(&svg);
    assert!(
        lines.iter().any(|l| l.len() >= 3),
        "P(win >= x) drawn as a polyline"
    );
    assert!(has_text(&svg, "P(win >= x)") && has_text(&svg, "win (x bet)"));
    assert!(has_text(&read("rtp_share.svg"), "share of the RTP"));
    assert!(md.contains("## Disclosure") && md.contains("lowest RTP across the game's options"));
    let (h, rows) = csv(&d.join("disclosure.csv"));
    assert_eq!(h, ["figure", "value", "source"]);
    assert!(rows.iter().any(|r| r[0] == "its probability"), "{rows:?}");
    if with_detail {
        // Where the return comes from: the wins' rows and the cap's cut add up to the RTP.
        let (h, rows) = csv(&d.join("contributions.csv"));
        assert_eq!(h, ["kind", "name", "pays", "count", "times", "rtp"]);
        let rtp: f64 = rows
            .iter()
            .filter(|r| ["symbol", "other", "cap"].contains(&r[0].as_str()))
            .map(|r| r[5].parse::<f64>().unwrap())
            .sum();
        let want = report.sums.rtp();
        assert!((rtp - want).abs() < 1e-9, "{rtp} vs {want}");
        let (h, rows) = csv(&d.join("round_wins.csv"));
        assert_eq!(h, ["win_x_bet", "rounds"]);
        let counted: u64 = rows.iter().map(|r| r[1].parse::<u64>().unwrap()).sum();
        assert_eq!(counted, rounds);
        for part in [
            "## Where the return comes from",
            "the cap's cut",
            "### Tumbles",
            "### Multipliers",
            "## Shape of a round's win",
            "99.99th percentile",
        ] {
            assert!(md.contains(part), "report.md lacks {part}");
        }
        assert!(has_text(&read("tumble_depth.svg"), "tumble depth"));
    } else {
        assert!(!d.join("contributions.csv").exists() && !md.contains("## Where the return"));
    }
    if with_convergence {
        let (h, rows) = csv(&d.join("convergence.csv"));
        assert_eq!(h, ["batches", "rounds", "rtp", "ci99_low", "ci99_high"]);
        assert_eq!(
            rows.last().unwrap()[1],
            rounds.to_string(),
            "ends at the run's end"
        );
        let svg = read("rtp_convergence.svg");
        let lines = polylines(&svg);
        assert!(
            lines.iter().any(|l| l.len() == rows.len()),
            "the running RTP: one point per checkpoint ({} rows)",
            rows.len()
        );
        assert!(has_text(&svg, "target 95.50 %") && has_text(&svg, "99 % confidence band"));
        assert!(svg.contains("<polygon"), "the band");
    }
}

#[test]
fn sim_and_merge_write_the_par_files() {
    let d = dir("par");
    let sim = d.join("sim");
    let s = sim.to_string_lossy().to_string();
    ok(&[
        "sim",
        "starlight-christmas",
        "--rounds",
        "120000",
        "--seed",
        "2",
        "--quiet",
        "--out",
        &s,
    ]);
    check_par_dir(&sim, 120_000, true, true);
    // 120,000 rounds = 12 batches: checkpoints 1..=12 (two significant digits).
    assert_eq!(csv(&sim.join("convergence.csv")).1.len(), 12);
    // Shards merged: the same files (the convergence record is rebuilt exactly).
    let mut files = vec![];
    for i in 0..2 {
        let shard = format!("{i}/2");
        let out = ok(&[
            "sim",
            "starlight-christmas",
            "--rounds",
            "120000",
            "--seed",
            "2",
            "--shard",
            &shard,
            "--json",
        ]);
        files.push(put(&d, &format!("s{i}.json"), &out));
    }
    let merged = d.join("merged");
    let m = merged.to_string_lossy().to_string();
    ok(&["merge", &files[0], &files[1], "--out", &m]);
    check_par_dir(&merged, 120_000, true, false);
    assert_eq!(
        std::fs::read_to_string(sim.join("convergence.csv")).unwrap(),
        std::fs::read_to_string(merged.join("convergence.csv")).unwrap()
    );
    // The JSON file is a report merge reads.
    let again = typed(&ok(&[
        "merge",
        &merged.join("report.json").to_string_lossy(),
        "--json",
    ]));
    assert_eq!(again.rounds, 120_000);
    // Two independent runs: no convergence record, no convergence files.
    let other = put(
        &d,
        "other.json",
        &ok(&[
            "sim",
            "starlight-christmas",
            "--rounds",
            "10000",
            "--seed",
            "3",
            "--json",
        ]),
    );
    ok(&["merge", &files[0], &files[1], &other, "--out", &m]);
    check_par_dir(&merged, 130_000, false, false);
    assert!(!merged.join("rtp_convergence.svg").exists());
}

#[test]
fn the_committed_examples_are_valid_reports_of_the_shipped_models() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/par");
    let models = [
        (
            "moon-princess",
            moon_princess::MoonPrincess::standard().fingerprint(),
        ),
        (
            "wish-upon-a-star",
            wish_upon_a_star::WishUponAStar::standard().fingerprint(),
        ),
        (
            "starlight-christmas",
            starlight_christmas::StarlightChristmas::standard().fingerprint(),
        ),
    ];
    for (game, fingerprint) in models {
        let d = root.join(game);
        let json = d.join("report.json");
        let (code, _, err) = xtask(&["merge", &json.to_string_lossy()]);
        assert_eq!(code, 0, "{game}: {err}");
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        assert_eq!(
            v["model_fingerprint"],
            fingerprint.to_string(),
            "docs/par/{game} is of another math model: regenerate it with `cargo xtask sim {game} --quiet --out docs/par/{game}`"
        );
        for f in [
            "report.md",
            "win_distribution.svg",
            "rtp_convergence.svg",
            "win_distribution.csv",
            "features.csv",
            "rtp_by_source.csv",
            "convergence.csv",
            "rtp_share.svg",
            "disclosure.csv",
            "contributions.csv",
            "round_wins.csv",
            "session/session.json",
            "session/session_survival.svg",
            "session/session_rtp.svg",
        ] {
            assert!(d.join(f).is_file(), "docs/par/{game}/{f}");
        }
        // The cascade table of the games that cascade only (Wish Upon a Star does not).
        assert_eq!(
            d.join("cascades.csv").is_file(),
            game != "wish-upon-a-star",
            "docs/par/{game}/cascades.csv"
        );
        let md = std::fs::read_to_string(d.join("report.md")).unwrap();
        assert!(md.contains("## Where the return comes from") && md.contains("## Disclosure"));
    }
}

/// The PAR sheet's speed row counts the run's threads in words: `on 1 thread`, `on 2
/// threads`, never `1 threads`.
#[test]
fn the_speed_row_says_1_thread_not_1_threads() {
    let d = dir("par-threads");
    for (threads, says) in [
        ("1", " rounds/s on 1 thread ("),
        ("2", " rounds/s on 2 threads ("),
    ] {
        let out = d.join(threads);
        ok(&[
            "sim",
            "wish-upon-a-star",
            "--rounds",
            "20000",
            "--threads",
            threads,
            "--quiet",
            "--out",
            &out.to_string_lossy(),
        ]);
        let md = std::fs::read_to_string(out.join("report.md")).unwrap();
        let row = md.lines().find(|l| l.starts_with("| speed |")).unwrap();
        assert!(row.contains(says) && !row.contains("1 threads"), "{row}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}
