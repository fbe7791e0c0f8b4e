//! `monitor` and `session` give a figure only from inputs that can be true: money past the
//! integer range, reports that are no evidence, more won than the rounds can pay, amounts that
//! are negative or not numbers are refused by name; bands are clamped to what is possible and
//! flagged where the normal approximation does not hold; a verdict "outside" exits with
//! status 1 after printing.

mod common;
use common::*;

/// z of the two-sided 99.9 % band (the normal quantile at 0.9995).
const Z999: f64 = 3.290_526_731_491_926;
/// z of the two-sided 95 % band.
const Z95: f64 = 1.959_963_984_540_054;

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// A session whose balance no player can run out of plays the same rounds at any balance, so
/// every figure but the balance itself is the same near the integer limit as at 1,000,000:
/// 100 spins at a bet of 40.00 stake 4,000.00 and can win at most 100 x 5,000 x 40.00 =
/// 20,000,000.00, which 64 bits of cents hold beside a balance of 1,000,000 but not beside
/// 184,467,440,737,095,516 (before the fix those winnings were lost to saturation: "ended
/// ahead 0 %"). The largest balance, 184467440737095516.15 (2^64 - 1 cents), is taken; one
/// cent more is refused, naming it.
#[test]
fn a_session_near_the_integer_limit_loses_no_winnings() {
    let run = |balance: &str| {
        json(&ok(&[
            "session",
            "moon-princess",
            "--choice",
            "love",
            "--balance",
            balance,
            "--bet",
            "40",
            "--spins",
            "100",
            "--players",
            "20",
            "--threads",
            "1",
            "--json",
        ]))
    };
    let small = run("1000000");
    let huge = run("184467440737095516");
    assert_eq!(huge["balance"].as_u64(), Some(18_446_744_073_709_551_600));
    assert!(
        small["ended_ahead"].as_f64().unwrap() > 0.0,
        "this seed has players ending ahead: {small}"
    );
    for k in [
        "ended_ahead",
        "overall_rtp",
        "still_playing",
        "session_rtp",
        "feature_seen",
        "survival",
    ] {
        assert_eq!(small[k], huge[k], "{k}");
    }
    let players = |v: &serde_json::Value| -> Vec<u64> {
        v["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["players"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(players(&small), players(&huge));
    // The text names the balance exactly (a float printed 184467440737095520.00).
    let text = ok(&[
        "session",
        "wish-upon-a-star",
        "--balance",
        "184467440737095516.15",
        "--bet",
        "1",
        "--spins",
        "10",
        "--players",
        "2",
    ]);
    assert!(
        text.contains("balance 184467440737095516.15, bet 1.00 (stake 1.00)"),
        "{text}"
    );
    let (code, _, err) = xtask(&[
        "session",
        "wish-upon-a-star",
        "--balance",
        "184467440737095516.16",
        "--bet",
        "1",
        "--spins",
        "10",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("is more than the largest amount, 184467440737095516.15"),
        "{err}"
    );
}

/// A 10-round report (its interval marked unreliable) is no evidence of the RTP: refused,
/// naming its rounds and what is needed; a report of 20,000 rounds with a reliable interval
/// is taken.
#[test]
fn the_monitor_refuses_a_report_that_is_no_evidence() {
    let d = dir("monitor-report");
    let report = |rounds: &str| {
        let out = ok(&[
            "sim",
            "wish-upon-a-star",
            "--rounds",
            rounds,
            "--json",
            "--quiet",
            "--gof-rounds",
            "0",
        ]);
        put(&d, &format!("r{rounds}.json"), &out)
    };
    let monitor = |file: &str| {
        xtask(&[
            "monitor",
            "wish-upon-a-star",
            "--report",
            file,
            "--rounds",
            "10000",
            "--staked",
            "10000",
            "--won",
            "9500",
        ])
    };
    let few = report("10");
    let (code, out, err) = monitor(&few);
    assert_eq!(code, 2, "{out}");
    assert!(out.is_empty(), "nothing printed: {out}");
    assert!(
        err.contains("the report is no evidence of the RTP: 10 rounds with")
            && err.contains("needs at least 1000 rounds and 30 winning rounds"),
        "{err}"
    );
    let enough = report("20000");
    let (code, out, err) = monitor(&enough);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("20000 rounds, seed 20261129"), "{out}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// More won than the rounds can pay is refused: Starlight Christmas's ante stakes 1.25 x the
/// bet and a round pays at most the cap, 5,000 x the bet = 4,000 x the stake, so 1,000 rounds
/// that staked 1,250 pay at most 5,000,000. Exactly that is possible (and far outside);
/// one cent more is refused. Moon Princess's bound is 5,000 x its stake; Wish Upon a Star
/// states none and the bound used is named.
#[test]
fn the_monitor_refuses_more_won_than_the_rounds_can_pay() {
    let ante = |won: &str| {
        xtask(&[
            "monitor",
            "starlight-christmas",
            "--ante",
            "--rounds",
            "1000",
            "--staked",
            "1250",
            "--won",
            won,
        ])
    };
    let (code, out, err) = ante("7500000");
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("the amount won (7500000) is more than rounds that staked 1250 can pay")
            && err.contains(
                "at most 4000 x its stake (the cap, 5000 x the bet on a stake of 1.25 x the bet)"
            )
            && err.contains("= 5000000"),
        "{err}"
    );
    assert_eq!(ante("5000000.01").0, 2);
    let (code, out, _) = ante("5000000");
    assert_eq!(code, 1, "possible, and far outside: {out}");
    assert!(out.contains("verdict: outside"), "{out}");
    let (code, _, err) = xtask(&[
        "monitor",
        "moon-princess",
        "--choice",
        "star",
        "--rounds",
        "10",
        "--staked",
        "10",
        "--won",
        "50000.5",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("at most 5000 x its stake"), "{err}");
    let wish = ok(&[
        "monitor",
        "wish-upon-a-star",
        "--rounds",
        "1000",
        "--staked",
        "1000",
        "--won",
        "950",
    ]);
    assert!(
        wish.contains("wish-upon-a-star has no cap and states no largest win; the bound used is the largest win a round can record, 2^64 - 1 hundredths of the bet"),
        "{wish}"
    );
}

/// Amounts that cannot be true and no rounds are refused with status 2, naming them.
#[test]
fn the_monitor_refuses_amounts_that_cannot_be_true() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["--rounds", "10", "--staked", "10", "--won=-5"],
            "'-5' is not an amount (an amount is never negative)",
        ),
        (
            &["--rounds", "10", "--staked", "NaN", "--won", "5"],
            "'NaN' is not an amount (an amount is a finite number)",
        ),
        (
            &["--rounds", "10", "--staked", "10", "--won", "inf"],
            "'inf' is not an amount (an amount is a finite number)",
        ),
        (
            &["--rounds", "10", "--staked", "1e3", "--won", "5"],
            "'1e3' is not an amount: write a decimal number",
        ),
        (
            &["--rounds", "0", "--staked", "10", "--won", "5"],
            "invalid value '0' for '--rounds <ROUNDS>': must be at least 1",
        ),
        (
            &["--rounds", "10", "--staked", "0", "--won", "0"],
            "the amount staked must be above 0",
        ),
    ];
    for (args, want) in cases {
        let mut a = vec!["monitor", "wish-upon-a-star"];
        a.extend_from_slice(args);
        let (code, out, err) = xtask(&a);
        assert_eq!(code, 2, "{a:?}: {out}");
        assert!(err.contains(want), "{a:?}: {err}");
    }
}

/// The bands are clamped to what is possible (never below 0 %), and a check is reliable only
/// from N >= (z_99.9 sd / RTP)^2 rounds (and at least 1,000): Starlight Christmas's ante at
/// 1,000 rounds (its unclamped 95 % band reaches below 0) is flagged; at that count it is not.
#[test]
fn the_monitors_bands_are_clamped_and_flagged_where_the_normal_approximation_fails() {
    let check = |rounds: u64| {
        let staked = (rounds * 125 / 100).to_string();
        let won = (rounds * 119 / 100).to_string();
        json(&ok(&[
            "monitor",
            "starlight-christmas",
            "--ante",
            "--rounds",
            &rounds.to_string(),
            "--staked",
            &staked,
            "--won",
            &won,
            "--json",
        ]))
    };
    let few = check(1_000);
    let (rtp, sd) = (
        few["certified"]["rtp"].as_f64().unwrap(),
        few["certified"]["sd"].as_f64().unwrap(),
    );
    let need = (Z999 * sd / rtp).powi(2).ceil() as u64;
    assert!(need > 1_000, "sd {sd}, RTP {rtp}: {need}");
    assert_eq!(few["reliable_from_rounds"].as_u64(), Some(need));
    assert_eq!(few["reliable"], false);
    for b in few["bands"].as_array().unwrap() {
        assert_eq!(b["low"].as_f64(), Some(0.0), "clamped at 0: {b}");
    }
    let se = sd / 1_000f64.sqrt();
    let high = few["bands"][0]["high"].as_f64().unwrap();
    assert!((high - (rtp + Z95 * se)).abs() < 1e-9, "{high}");
    let text = ok(&[
        "monitor",
        "starlight-christmas",
        "--ante",
        "--rounds",
        "1000",
        "--staked",
        "1250",
        "--won",
        "1190",
    ]);
    assert!(
        text.contains("95 % range after 1000 rounds: 0.0000 % to")
            && text.contains(&format!("it needs at least {need} rounds"))
            && text.contains("the verdict and p-value are not reliable"),
        "{text}"
    );
    for (rounds, reliable) in [(need - 1, false), (need, true)] {
        let c = check(rounds);
        assert_eq!(c["reliable"], reliable, "{rounds} rounds: {c}");
        let low = c["bands"][2]["low"].as_f64().unwrap();
        let want = rtp - Z999 * sd / (rounds as f64).sqrt();
        assert!((low - want.max(0.0)).abs() < 1e-9, "{low} {want}");
    }
}

/// A verdict "outside" exits with status 1, the check printed all the same (text and JSON);
/// "warning" and "within" exit 0.
#[test]
fn the_monitor_exits_1_on_outside_after_printing() {
    let args = |won: &'static str, json: bool| {
        let mut a = vec![
            "monitor",
            "starlight-christmas",
            "--rounds",
            "1000000",
            "--staked",
            "1000000",
            "--won",
            won,
        ];
        if json {
            a.push("--json");
        }
        a
    };
    // Certified 95.4922 %, sd 14.814: the 99.9 % band after 10^6 rounds is about +- 4.87 pp.
    let out = exits(1, &args("900000", false));
    assert!(out.contains("verdict: outside"), "{out}");
    let v = json(&exits(1, &args("900000", true)));
    assert_eq!(v["verdict"], "outside");
    assert!(ok(&args("954922", false)).contains("verdict: within"));
    // 98.5 %: outside 95 % (about +- 2.90 pp), inside 99.9 %: a warning, status 0.
    assert!(ok(&args("985000", false)).contains("verdict: warning"));
}

/// Moon Princess's pick changes the certified RTP and sd: `monitor` requires `--choice`.
#[test]
fn the_monitor_requires_moon_princess_s_pick() {
    let (code, out, err) = xtask(&[
        "monitor",
        "moon-princess",
        "--rounds",
        "1000",
        "--staked",
        "1000",
        "--won",
        "950",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("monitor moon-princess needs --choice") && err.contains("(love, star, storm)"),
        "{err}"
    );
    assert!(
        ok(&[
            "monitor",
            "moon-princess",
            "--choice",
            "storm",
            "--rounds",
            "1000",
            "--staked",
            "1000",
            "--won",
            "950",
        ])
        .contains("moon-princess (storm)")
    );
}

/// With the stake level's bet (`--bet`, currency units) the amounts are checked against it:
/// Starlight Christmas's ante on a base bet of 0.20 stakes 0.25 a round, so 1,000 rounds
/// staked exactly 250.00; the bet must be on the ladder (0.20 to 40.00 in steps of 0.20) and
/// every win is whole cents.
#[test]
fn the_monitor_checks_the_amounts_against_the_bet() {
    let run = |bet: &str, staked: &str, won: &str| {
        xtask(&[
            "monitor",
            "starlight-christmas",
            "--ante",
            "--bet",
            bet,
            "--rounds",
            "1000",
            "--staked",
            staked,
            "--won",
            won,
        ])
    };
    let (code, out, err) = run("0.20", "250", "200");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("1000 rounds, staked 250, won 200: RTP 80.0000 %"),
        "{out}"
    );
    for ((bet, staked, won), want) in [
        (
            ("0.20", "250.01", "200"),
            "the amount staked (250.01) is not 1000 rounds x the stake of a bet of 0.20 (0.25): it should be 250.00",
        ),
        (
            ("0.21", "262.5", "200"),
            "the bet 0.21 is not on starlight-christmas's bet ladder: 0.20 to 40.00 in steps of 0.20",
        ),
        (
            ("0.20", "250", "200.005"),
            "the amount won (200.005) is not a whole number of cents",
        ),
    ] {
        let (code, out, err) = run(bet, staked, won);
        assert_eq!(code, 2, "{out}");
        assert!(err.contains(want), "{err}");
    }
}
