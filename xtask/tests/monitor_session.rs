//! `monitor` and `session` give a figure only from inputs that can be true: money past the
//! integer range, reports that are no evidence, more won than the rounds can pay, amounts that
//! are negative or not numbers are refused by name; bands are clamped to what is possible and
//! flagged where the normal approximation does not hold; a verdict "outside" exits with
//! status 1 after printing.

mod common;
use common::*;


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
