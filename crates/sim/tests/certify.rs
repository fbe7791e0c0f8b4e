//! The library's certification end to end ([`slot_sim::certify::certify`],
//! [`slot_sim::certify::certify_split`]): what it writes, how a second run resumes from the
//! chunks, and the typed errors of its settings, its folder and its reader.

use moon_princess::{MoonPrincess, Pick};
use slot_sim::Watch;
use slot_sim::certify::{
    Certificate, CertificateError, CertifyConfig, CertifyError, Method, Progress, certify,
    certify_split,
};
use slot_sim::models::choose;
use starlight_christmas::{BetMode, StarlightChristmas};
use std::path::PathBuf;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("slot-sim-certify-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn config(dir: PathBuf, target: f64) -> CertifyConfig<'static> {
    CertifyConfig {
        dir,
        force: false,
        seed: 5,
        half_width_pp: 50.0,
        chunk_rounds: 20_000,
        base_games: 20_000,
        features: 2_000,
        max_chunks: 3,
        only_chunk: None,
        threads: 2,
        target,
        mode_options: String::new(),
        model_options: String::new(),
        watch: Watch::default(),
    }
}

/// Every progress line and certificate a run tells, in order.
fn run_split(c: &CertifyConfig<'_>) -> (Vec<String>, Vec<Certificate>) {
    let (game, _) = choose::<StarlightChristmas>(None, None).unwrap();
    let (mut lines, mut certificates) = (Vec::new(), Vec::new());
    certify_split(&game, &[BetMode::Ante], None, c, |p| {
        lines.push(p.text());
        if let Progress::Certificate { certificate, .. } = p {
            certificates.push(certificate.clone());
        }
    })
    .unwrap();
    (lines, certificates)
}

#[test]
fn a_split_certification_writes_its_chunks_and_a_second_run_reads_them() {
    let d = dir("split");
    let (_, target) = choose::<StarlightChristmas>(None, None).unwrap();
    let c = config(d.clone(), target.fraction());
    let (first, certs) = run_split(&c);
    assert!(first[0].starts_with("chunk 0 played: 20000 base games, 2000 features per mode"));
    assert_eq!(certs.len(), 1);
    let cert = &certs[0];
    assert_eq!(
        (cert.game.as_str(), cert.mode.as_str()),
        ("starlight-christmas", "ante")
    );
    assert_eq!(
        cert.method,
        Method::Split {
            base_games: 20_000,
            features: 2_000,
            seed: 5
        }
    );
    assert_eq!(
        cert.command,
        "cargo xtask certify starlight-christmas --dir DIR --seed 5 --half-width 50 --base-games 20000 --features 2000 --max-chunks 3"
    );
    // Far from the bar's 0.05 pp: written, and judged so.
    assert!(!cert.meets && cert.half_width_99.unwrap() > 0.0005);
    for f in [
        "split-ante-00000.json",
        "split-ante.json",
        "certificate-ante.json",
    ] {
        assert!(d.join(f).is_file(), "{f}");
    }
    let text = std::fs::read_to_string(d.join("certificate-ante.json")).unwrap();
    assert_eq!(&Certificate::read(&text).unwrap(), cert);
    // Again in the same folder: the chunk is read, not played, and the figure is the same.
    let (second, again) = run_split(&c);
    assert!(second[0].starts_with("chunk 0 read:"), "{second:?}");
    assert_eq!(again[0].rtp, cert.rtp);
    assert_eq!(again[0].half_width_99, cert.half_width_99);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn settings_out_of_range_are_refused_by_name_before_any_folder_is_made() {
    let (game, target) = choose::<MoonPrincess>(None, None).unwrap();
    let d = dir("settings");
    // Refused: not a number from 0.001 pp (a fiftieth of the bar) to 100 pp, each echoed in
    // at most a few characters (1e308 is not three hundred digits).
    for (bad, echoed) in [
        (0.0, "0"),
        (-1.0, "-1"),
        (f64::NAN, "NaN"),
        (f64::INFINITY, "inf"),
        (f64::NEG_INFINITY, "-inf"),
        (100.5, "100.5"),
        (1e308, "1e308"),
        (0.0009, "0.0009"),
        (1e-300, "1e-300"),
        (f64::MIN_POSITIVE, "2.2250738585072014e-308"),
    ] {
        let c = CertifyConfig {
            half_width_pp: bad,
            ..config(d.clone(), target.fraction())
        };
        let e = certify(&game, Pick::Love, &c, |_| {}).unwrap_err();
        assert!(matches!(e, CertifyError::Goal(_)), "{e}");
        assert_eq!(
            e.to_string(),
            format!(
                "--half-width is in percentage points, from 0.001 to 100 (e.g. 0.05, the bar); it was {echoed}"
            )
        );
    }
    // The bounds themselves are goals (as fractions).
    for (h, fraction) in [(0.001, 0.000_01), (0.05, 0.0005), (100.0, 1.0)] {
        let c = CertifyConfig {
            half_width_pp: h,
            ..config(d.clone(), target.fraction())
        };
        assert!((c.goal().unwrap() - fraction).abs() < 1e-15, "{h}");
    }
    let c = CertifyConfig {
        only_chunk: Some(3),
        ..config(d.clone(), target.fraction())
    };
    let e = certify(&game, Pick::Love, &c, |_| {}).unwrap_err();
    assert!(
        matches!(
            e,
            CertifyError::OnlyChunkRange {
                index: 3,
                max_chunks: 3
            }
        ),
        "{e}"
    );
    assert_eq!(
        e.to_string(),
        "--only-chunk 3: the chunks are 0 to 2 (--max-chunks 3)"
    );
    let e = certify_split(&game, &[Pick::Love], Some(Pick::Love), &c, |_| {}).unwrap_err();
    assert!(
        matches!(e, CertifyError::OnlyChunkSplit("moon-princess")),
        "{e}"
    );
    assert!(!d.exists(), "nothing is made for settings refused");
    assert_eq!(
        config(d, 0.9).goal().unwrap(),
        0.5,
        "50 percentage points are the fraction 0.5"
    );
}

#[test]
fn a_folder_of_other_files_is_refused_and_kept_as_it_was() {
    let (game, target) = choose::<MoonPrincess>(None, None).unwrap();
    let d = dir("foreign");
    std::fs::create_dir_all(&d).unwrap();
    std::fs::write(d.join("notes.txt"), "mine").unwrap();
    let e = certify(
        &game,
        Pick::Love,
        &config(d.clone(), target.fraction()),
        |_| {},
    )
    .unwrap_err();
    assert!(matches!(e, CertifyError::Folder(_)), "{e}");
    assert!(e.to_string().starts_with("--dir "), "{e}");
    assert!(e.to_string().contains("notes.txt"), "{e}");
    let names: Vec<_> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["notes.txt"]);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_certificate_read_from_outside_is_refused_with_what_is_wrong() {
    let (game, _) = choose::<MoonPrincess>(None, None).unwrap();
    let c = slot_sim::certify::Certificate::new(
        &game,
        Pick::Star,
        slot_sim::certify::Figure {
            method: Method::Exact,
            rtp: 0.9451,
            half_width_99: None,
            interval_warning: None,
            half_width_goal: 0.0,
            command: "by hand".into(),
        },
    );
    assert!(c.meets, "on target, exact");
    let text = c.to_checked_json().unwrap();
    assert_eq!(Certificate::read(&text).unwrap(), c);
    // A pass written in by hand over figures that do not give it.
    let off = text.replace("\"rtp\": 0.9451", "\"rtp\": 0.9");
    assert_eq!(
        Certificate::read(&off).unwrap_err(),
        CertificateError::Verdict {
            said: true,
            judged: false
        }
    );
    let negative = text.replace("\"rtp\": 0.9451", "\"rtp\": -0.9451");
    assert_eq!(
        Certificate::read(&negative).unwrap_err(),
        CertificateError::NotFinite
    );
    let e = Certificate::read("{\"game\": 1}").unwrap_err();
    assert!(matches!(e, CertificateError::NotACertificate(_)), "{e}");
    assert!(e.to_string().starts_with("not a certificate: "), "{e}");
    // A certificate its reader refuses is never written.
    let bad = Certificate { rtp: -0.5, ..c };
    let e = bad.to_checked_json().unwrap_err();
    assert!(
        matches!(e, CertificateError::Refused(ref inner) if **inner == CertificateError::NotFinite),
        "{e}"
    );
}
