//! The market verdicts (`slot_sim::markets`) on verdicts worked out by hand: the committed
//! profiles read whole, the three games' certified figures judged, bad profile files refused
//! naming file, rule and field.

use slot_sim::markets::profile::{self, Checked, Kind, ProfileError};
use slot_sim::markets::subject::{ModeFigures, RtpFigure, Subject, VariantFigures};
use slot_sim::markets::verdict::{self, Outcome, Status};
use slot_sim::markets::{Models, judge_game};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn dir() -> PathBuf {
    root().join("markets")
}

fn ids(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Every committed profile is read, and the issue's markets and platforms are all there, each
/// rule with its clause, date, source and how it was read (a secondary one with its note).
#[test]
fn the_committed_profiles_cover_the_markets_and_cite_every_rule() {
    let profiles = profile::read_dir(&dir()).unwrap();
    let got: Vec<&str> = profiles.iter().map(|p| p.id.as_str()).collect();
    for id in [
        "at",
        "de",
        "gb",
        "mt",
        "ca-on",
        "nl",
        "se",
        "dk",
        "es",
        "it",
        "br",
        "gli",
        "stake-engine",
    ] {
        assert!(got.contains(&id), "no profile {id}: {got:?}");
    }
    for p in &profiles {
        assert!(!p.rules.is_empty(), "{}", p.id);
        for r in &p.rules {
            assert!(
                !r.clause.is_empty() && !r.source_title.is_empty(),
                "{}",
                r.id
            );
            assert!(r.source_url.starts_with("http"), "{}", r.id);
            assert!(profile::is_date(&r.in_force), "{}", r.id);
            if r.verified == Checked::Secondary {
                assert!(r.note.is_some(), "{} is second-hand without a note", r.id);
            }
        }
    }
    // Germany's and Austria's help pages are in German.
    let lang = |id: &str| {
        profiles
            .iter()
            .find(|p| p.id == id)
            .unwrap()
            .language
            .clone()
    };
    assert_eq!(
        (lang("de"), lang("at"), lang("gb")),
        ("de".into(), "de".into(), "en".into())
    );
}

/// Moon Princess's cap is rarer than 1 in 10^8 in every variant and pick (its certified odds,
/// by multilevel splitting, run from 1 in 3.28e8, the 96.50 % variant's star, to 1 in 1.16e9,
/// the 84.50 % variant's storm, and even the upper ends of their 95 % intervals, from 1 in
/// 3.13e8, stay below 1e-8 a round): under
/// GLI-11 § 4.8.2 each needs its odds shown, so every cell is "allowed with disclosures", with
/// a help-page line of the odds.
#[test]
fn moon_princess_cap_needs_its_odds_shown_under_gli_11_in_every_variant() {
    let m =
        judge_game::<moon_princess::MoonPrincess>(&root(), &dir(), &ids(&["gli"]), &Models::Ladder)
            .unwrap();
    let v = &m.markets[0].verdicts;
    assert_eq!(v.len(), 5 * 3, "five variants, three picks");
    for x in v {
        assert_eq!(
            x.status,
            Status::AllowedWithDisclosures,
            "{} {}",
            x.model,
            x.mode
        );
        let line = x
            .lines
            .iter()
            .find(|l| l.rule == "gli-advertised-odds")
            .unwrap();
        assert_eq!(line.outcome, Outcome::Disclose);
        assert!(
            line.finding.contains("rarer than 1 in 100.00 million"),
            "{}",
            line.finding
        );
        assert!(
            line.help
                .as_ref()
                .unwrap()
                .starts_with("Top award (cap 5000x): probability 1 in ")
        );
    }
}

/// The 84.50 % variants are below an 85 % floor with their whole 99 % interval (84.50 %
/// +- 0.05 pp at most reaches 84.57 %): not allowed in Malta or Brazil; the 87.50 % variants
/// are allowed there (their intervals end above 87.4 %).
#[test]
fn the_84_50_variants_are_not_allowed_in_malta_or_brazil() {
    let m = judge_game::<moon_princess::MoonPrincess>(
        &root(),
        &dir(),
        &ids(&["mt", "br"]),
        &Models::Ladder,
    )
    .unwrap();
    for market in &m.markets {
        for x in &market.verdicts {
            let floor_rule = if market.market == "mt" {
                "mt-min-rtp"
            } else {
                "br-min-rtp"
            };
            let line = x.lines.iter().find(|l| l.rule == floor_rule).unwrap();
            if x.model == "rtp-84.50" {
                assert_eq!(x.status, Status::NotAllowed, "{} {}", market.market, x.mode);
                assert_eq!(line.outcome, Outcome::Fail);
                assert!(
                    line.finding.contains("is below the floor 85.00 %"),
                    "{}",
                    line.finding
                );
            } else {
                assert_eq!(
                    line.outcome,
                    Outcome::Pass,
                    "{} {} {}",
                    market.market,
                    x.model,
                    x.mode
                );
            }
        }
    }
}

/// Starlight Christmas's ante costs 1.25 x the base bet: under Germany's EUR 1 cap its ladder
/// (0.20 to 40.00 in steps of 0.20) keeps base bets whose stake 1.25 b is at most 1.00, so
/// b <= 0.80; the standard mode keeps up to 1.00. Under GB's GBP 2 cap for 18 to 24 the
/// ante keeps up to 1.60 (1.60 x 1.25 = 2.00).
#[test]
fn starlight_christmas_ante_under_a_one_euro_cap_keeps_base_bets_up_to_0_80() {
    let m = judge_game::<starlight_christmas::StarlightChristmas>(
        &root(),
        &dir(),
        &ids(&["de", "gb"]),
        &Models::Rtp("95.50".parse().unwrap()),
    )
    .unwrap();
    let line = |market: usize, mode: &str, rule: &str| {
        let v = m.markets[market]
            .verdicts
            .iter()
            .find(|v| v.mode == mode)
            .unwrap();
        v.lines.iter().find(|l| l.rule == rule).unwrap().clone()
    };
    let ante = line(0, "ante", "de-stake-cap");
    assert_eq!(ante.outcome, Outcome::Condition);
    assert!(
        ante.finding.contains("keeps base bets 0.20 to 0.80"),
        "{}",
        ante.finding
    );
    assert!(
        ante.finding.contains("(stakes up to 1.00)"),
        "{}",
        ante.finding
    );
    let standard = line(0, "standard", "de-stake-cap");
    assert!(
        standard.finding.contains("keeps base bets 0.20 to 1.00"),
        "{}",
        standard.finding
    );
    let young = line(1, "ante", "gb-stake-18-24");
    assert!(
        young.finding.contains("keeps base bets 0.20 to 1.60"),
        "{}",
        young.finding
    );
    // Pace: 2.5 s a cycle is 3600 / 2.5 = 1440 rounds an hour; the largest stake any player
    // may place is GBP 5 (25 and over; the ante's base bet 4.00 x 1.25): an hour loses
    // 1440 x 5 x (1 - 0.954922) = 324.56 (standard) and 1440 x 5 x (1 - 0.955256) = 322.16
    // (ante) on average.
    let pace = line(1, "standard", "gb-cycle-2-5s");
    assert!(
        pace.finding.contains("at most 1440 rounds an hour"),
        "{}",
        pace.finding
    );
    assert!(
        pace.finding
            .contains("largest allowed stake GBP 5.00: GBP 324.56"),
        "{}",
        pace.finding
    );
    let pace = line(1, "ante", "gb-cycle-2-5s");
    assert!(
        pace.finding
            .contains("largest allowed stake GBP 5.00: GBP 322.16"),
        "{}",
        pace.finding
    );
    // The help page in German: the average payout per euro of the ante (95.53 % certified).
    let payout = line(0, "ante", "de-payout-per-euro");
    assert_eq!(
        payout.help.as_deref(),
        Some("Durchschnittliche Auszahlungsquote je 1 Euro Spieleinsatz: 0,96 Euro (95,53 %)")
    );
}

fn by_hand(rtp: f64, half_width: Option<f64>) -> Subject {
    Subject {
        game: "by-hand",
        title: "By Hand",
        ladder: slot_core::money::BetLadder::new(10, 1000).unwrap(),
        mode_is_pick: false,
        cap_x: None,
        offers: Some(slot_core::offers::Offers::NONE),
        variants: vec![VariantFigures {
            model: "variant.json".into(),
            target: None,
            modes: vec![ModeFigures {
                mode: "standard",
                cost: 100,
                rtp: Ok(RtpFigure {
                    rtp,
                    half_width_99: half_width,
                    sd: Some(10.0),
                    source: "a variant file's record".into(),
                }),
                top_award: Err("none certified".into()),
                other_awards: Vec::new(),
            }],
        }],
    }
}

/// An RTP of 85.04 % +- 0.05 pp (99 %) runs from 84.99 % to 85.09 %: it straddles Malta's
/// 85 % floor, so it is undecided, naming the rounds that would decide it: the half-width
/// must fall below the 0.04 pp gap, (0.05 / 0.04)^2 = 1.5625 times the rounds, 1.6 with the
/// 5 % margin. At 85.10 % +- 0.05 it passes; at 84.90 % +- 0.05 it fails.
#[test]
fn an_rtp_whose_interval_straddles_85_is_undecided_naming_the_rounds() {
    let profiles = profile::read_dir(&dir()).unwrap();
    let mt = profile::select(&profiles, &ids(&["mt"])).unwrap();
    let status = |rtp: f64| {
        let m = verdict::judge(&by_hand(rtp, Some(0.0005)), &mt);
        let v = &m.markets[0].verdicts[0];
        (v.status, v.lines[0].finding.clone())
    };
    let (s, finding) = status(0.8504);
    assert_eq!(s, Status::Undecided);
    assert!(finding.contains("straddles the floor 85.00 %"), "{finding}");
    assert!(finding.contains("about 1.6 times its rounds"), "{finding}");
    assert!(finding.contains("below 0.040 pp"), "{finding}");
    assert_eq!(status(0.8510).0, Status::Allowed);
    assert_eq!(status(0.8490).0, Status::NotAllowed);
    // An exact figure is judged by itself.
    let m = verdict::judge(&by_hand(0.85, None), &mt);
    assert_eq!(m.markets[0].verdicts[0].status, Status::Allowed);
}

/// A model without certified evidence (Starlight Christmas's stress model) gets no pass from
/// a floor: "no certified figure: run `cargo xtask certify`", undecided.
#[test]
fn a_model_without_evidence_is_undecided_never_passed() {
    let m = judge_game::<starlight_christmas::StarlightChristmas>(
        &root(),
        &dir(),
        &ids(&["mt"]),
        &Models::Named("stress".into()),
    )
    .unwrap();
    for v in &m.markets[0].verdicts {
        assert_eq!(v.status, Status::Undecided);
        assert!(
            v.lines[0]
                .finding
                .starts_with("no certified figure: run `cargo xtask certify starlight-christmas`"),
            "{}",
            v.lines[0].finding
        );
    }
}

const GOOD: &str = r#"
id = "xx"
name = "Testland"
language = "en"
currency = "EUR"
regulator = "The Board"
summary = "A test market."

[[rule]]
id = "xx-floor"
checks = "min_rtp"
floor_pct = 85.0
what = "a floor"
clause = "Art. 1"
in_force = "2024-02-29"
source_title = "The Act"
source_url = "https://example.org/act"
verified = "primary"
"#;

fn refused(text: &str) -> ProfileError {
    profile::parse(Path::new("markets/xx.toml"), text).unwrap_err()
}

/// A good profile is read; each fault is refused naming the file, the rule and the field, and
/// what is allowed.
#[test]
fn bad_profiles_are_refused_naming_file_rule_and_field() {
    let p = profile::parse(Path::new("markets/xx.toml"), GOOD).unwrap();
    assert_eq!(p.rules[0].kind, Kind::MinRtp { floor_pct: 85.0 });
    let cases = [
        (
            GOOD.replace("checks = \"min_rtp\"", "checks = \"max_fun\""),
            "rule 'xx-floor', field 'checks': 'max_fun' is no rule this library knows; it knows min_rtp,",
        ),
        (
            GOOD.replace("clause = \"Art. 1\"\n", ""),
            "rule 'xx-floor', field 'clause': is missing",
        ),
        (
            GOOD.replace("2024-02-29", "2023-02-29"),
            "rule 'xx-floor', field 'in_force': '2023-02-29' is not a date",
        ),
        (
            GOOD.replace("2024-02-29", "1 July 2021"),
            "field 'in_force': '1 July 2021' is not a date",
        ),
        (
            GOOD.replace("floor_pct = 85.0", "floor_pct = 120.0"),
            "rule 'xx-floor', field 'floor_pct': 120 is out of range: above 0 and at most 100",
        ),
        (
            GOOD.replace("floor_pct = 85.0", "floor_pct = 85.0\ncap_cents = 100"),
            "rule 'xx-floor', field 'cap_cents': does not belong to a min_rtp rule",
        ),
        (
            GOOD.replace("verified = \"primary\"", "verified = \"secondary\""),
            "rule 'xx-floor', field 'note': is missing: a secondary rule says",
        ),
        (
            GOOD.replace("https://example.org/act", "example.org"),
            "field 'source_url': 'example.org' is not an address",
        ),
        (
            GOOD.replace("id = \"xx\"", "id = \"yy\""),
            "market field 'id': 'yy' differs from the file's name 'xx.toml'",
        ),
        (
            GOOD.replace("language = \"en\"", "language = \"fr\""),
            "market field 'language': 'fr' is not allowed: 'en' or 'de'",
        ),
    ];
    for (text, want) in cases {
        let e = refused(&text).to_string();
        assert!(e.starts_with("markets/xx.toml: "), "{e}");
        assert!(e.contains(want), "{e}\n  wanted: {want}");
    }
    // A field no rule has is a syntax error naming it.
    let e = refused(&GOOD.replace("floor_pct = 85.0", "floor_pct = 85.0\nfloor = 3")).to_string();
    assert!(e.contains("markets/xx.toml") && e.contains("floor"), "{e}");
}

/// One bad file in a folder: the whole folder is refused, nothing judged from the rest; an
/// unknown market lists the known ones.
#[test]
fn a_folder_with_a_bad_profile_is_refused_whole_and_an_unknown_market_lists_the_known() {
    let tmp = std::env::temp_dir().join(format!("slot-markets-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    std::fs::write(tmp.join("xx.toml"), GOOD).unwrap();
    let profiles = profile::read_dir(&tmp).unwrap();
    let e = profile::select(&profiles, &ids(&["zz"]))
        .unwrap_err()
        .to_string();
    assert_eq!(e, "no market 'zz'; the known markets are xx");
    std::fs::write(
        tmp.join("yy.toml"),
        GOOD.replace("id = \"xx\"", "id = \"yy\"")
            .replace("2024-02-29", "2024-13-01"),
    )
    .unwrap();
    let e = profile::read_dir(&tmp).unwrap_err().to_string();
    assert!(
        e.contains("yy.toml") && e.contains("field 'in_force'"),
        "{e}"
    );
    let e =
        judge_game::<starlight_christmas::StarlightChristmas>(&root(), &tmp, &[], &Models::Ladder)
            .unwrap_err()
            .to_string();
    assert!(e.contains("yy.toml"), "{e}");
    std::fs::remove_dir_all(&tmp).unwrap();
}
