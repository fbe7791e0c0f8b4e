//! # viewer-wasm: the browser round viewer's engine
//!
//! The three game crates compiled to `wasm32-unknown-unknown` for the round viewer
//! (`cargo xtask viewer`): the page sends a small JSON request and gets back the round's event
//! log (`{"events": [...]}`, the round record of `slot_core::events`, schema in
//! `schema/round-record.schema.json`) and draws it. Nothing of the rules lives in the page:
//! every figure it shows comes from this log, which the game crates write.
//!
//! A round of a simulation is replayed by [`slot_core::replay::replay_round`], the function
//! `cargo xtask play` calls too, so for the same game, mode, model, seed and round the log is
//! byte for byte the one `cargo xtask play <game> --seed S --round K --json` prints.
//!
//! # Request (JSON object)
//! | field | type | meaning |
//! |---|---|---|
//! | `game` | string, required | `moon-princess`, `wish-upon-a-star` or `starlight-christmas` |
//! | `mode` | string | Moon Princess: the free-spin pick `love` (default), `star`, `storm`; Starlight Christmas: `standard` (default) or `ante`; Wish Upon a Star: `standard` |
//! | `model` | string | `standard` (default), another variant of the game's RTP ladder (`rtp-XX.XX`: Moon Princess `rtp-96.50`, `rtp-91.49`, `rtp-87.50`, `rtp-84.50`; Wish Upon a Star `rtp-96.00`, `rtp-94.00`, `rtp-92.00`, `rtp-90.00`; Starlight Christmas `rtp-96.50`, `rtp-94.50`), or a stress model that reaches the cap often (for tests, not for play): Moon Princess `stress-free-spins`, `stress-trinity`; Starlight Christmas `stress` (the game crates' `MathModel::named`) |
//! | `seed` | whole number, or a string of decimal digits (JavaScript numbers are exact only to 2^53) | the simulation's seed, 0 to 2^64 - 1; default 20261129 (the runner's) |
//! | `round` | the same | the round's index in that simulation, from 0; default 0 |
//! | `grid` | string | instead of a simulated round: a grid in the runner's grid text (as `cargo xtask eval` takes it), see below |
//!
//! With `grid`: Moon Princess evaluates the grid's whole tumble sequence as a paid spin at x1
//! (`MoonPrincess::evaluate_sequence`, as `cargo xtask eval` does: wins, tumbles, multiplier, meter,
//! clear; no powers), after a `landed` event with the grid (no `round_start`/`round_end`: the
//! page's payout stays empty, its running total is the sequence's win); Wish Upon a Star plays the grid as the paid spin (`WishUponAStar::play_paid_spin_grid`: Star
//! values, wins, gift bonus wins, Lock & Spin; free spins it awards are not played); Starlight
//! Christmas lands the grid as the paid spin and plays the round on
//! (`StarlightChristmas::play_grid`: tumbles, refills, Multipliers, free spins). Whatever is
//! random after the grid (Star values, respins, refills) is drawn from round `round` of seed
//! `seed`'s generator.
//!
//! Unknown fields are refused, so a misspelt field is an error, not a default.
//!
//! # Response (JSON object)
//! The event log `{"events": [...]}`, or `{"error": "..."}` naming what was wrong and what is
//! allowed (not JSON, an unknown game, mode or model, a bad seed, round or grid). Never a
//! panic or trap on any request.
//!
//! # Exports (the C ABI of the `.wasm` module; no wasm-bindgen)
//! | export | signature | what |
//! |---|---|---|
//! | `request_buffer` | `(len: u32) -> *mut u8` | a buffer of `len` bytes in linear memory for the request (UTF-8 JSON); the page writes the request there |
//! | `play` | `(len: u32) -> u32` | answers the request in the buffer's first `len` bytes; returns the response's length in bytes |
//! | `response_ptr` | `() -> *const u8` | where the last response starts (valid until the next `request_buffer` or `play`) |
//!
//! The page (`viewer/viewer.js`): `p = request_buffer(n)`, copy the request's bytes to `p`,
//! `n2 = play(n)`, read `n2` bytes at `response_ptr()`, decode UTF-8, `JSON.parse`. The module
//! owns both buffers, so the page allocates and frees nothing. On the host the same is
//! [`respond`].

use moon_princess::{MoonPrincess, Multiplier};
use serde::Deserialize;
use serde_json::Value;
use slot_core::Game;
use slot_core::events::{Event, EventLog};
use slot_core::replay::{replay_game_round, replay_round};
use starlight_christmas::StarlightChristmas;
use wish_upon_a_star::WishUponAStar;

mod exports;

/// The seed used when the request names none: the runner's default (`cargo xtask play`).
pub use slot_core::replay::DEFAULT_SEED;

/// The games a request may name.
pub const GAMES: [&str; 3] = ["moon-princess", "wish-upon-a-star", "starlight-christmas"];

/// A round request (see the crate docs for each field).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Request {
    /// The game's command-line name.
    pub game: String,
    /// The pick (Moon Princess) or bet mode (Starlight Christmas).
    #[serde(default)]
    pub mode: Option<String>,
    /// A math model name (`MathModel::named` of the game's crate).
    #[serde(default)]
    pub model: Option<String>,
    /// The seed: a JSON number or a string of decimal digits.
    #[serde(default)]
    pub seed: Option<Value>,
    /// The round index: a JSON number or a string of decimal digits.
    #[serde(default)]
    pub round: Option<Value>,
    /// A grid in the runner's grid text, instead of a simulated round.
    #[serde(default)]
    pub grid: Option<String>,
}

/// Answers a request (JSON text): the event log's JSON, or `{"error": "..."}`.
///
/// # Panics
/// None: every bad request is an error response.
pub fn respond(request: &str) -> String {
    match serde_json::from_str::<Request>(request)
        .map_err(|e| format!("the request is not a round request: {e}"))
        .and_then(|r| round_log(&r))
    {
        Ok(log) => log.to_json(),
        Err(e) => serde_json::json!({ "error": e }).to_string(),
    }
}

/// The event log a request asks for.
///
/// # Errors
/// A message naming what was wrong and what is allowed.
pub fn round_log(r: &Request) -> Result<EventLog, String> {
    let a = Asked {
        seed: whole(r.seed.as_ref(), "seed")?.unwrap_or(DEFAULT_SEED),
        round: whole(r.round.as_ref(), "round")?.unwrap_or(0),
        model: r.model.as_deref().unwrap_or("standard"),
        mode: r.mode.as_deref(),
        grid: r.grid.as_deref(),
    };
    match r.game.as_str() {
        "moon-princess" => moon_princess_log(&a),
        "wish-upon-a-star" => wish_upon_a_star_log(&a),
        "starlight-christmas" => starlight_christmas_log(&a),
        other => Err(format!(
            "unknown game '{}'; the games are {}",
            shorten(other),
            GAMES.join(", ")
        )),
    }
}

/// A request's fields, checked, with their defaults.
struct Asked<'a> {
    mode: Option<&'a str>,
    model: &'a str,
    seed: u64,
    round: u64,
    grid: Option<&'a str>,
}

/// The mode and the game a request asks for, through the game's [`Game`] facts: the mode
/// by name (default: the game's first), the model by name (default: `standard`).
fn game_and_mode<G: Game>(a: &Asked<'_>) -> Result<(G, G::Mode), String> {
    let mode = match a.mode {
        None => G::MODES[0],
        Some(name) => G::mode_named(name).ok_or_else(|| {
            let modes: Vec<&str> = G::MODES.iter().map(|&m| G::mode_name(m)).collect();
            format!(
                "{} has no mode '{}'; its modes are {}",
                G::NAME,
                shorten(name),
                modes.join(", ")
            )
        })?,
    };
    let model = G::named_model(a.model).ok_or_else(|| {
        format!(
            "{} has no model '{}'; its models are {}",
            G::NAME,
            shorten(a.model),
            G::MODEL_NAMES.join(", ")
        )
    })?;
    let game = G::new(&model).map_err(|e| e.to_string())?;
    Ok((game, mode))
}

/// Round `a.round` of seed `a.seed`, played as `cargo xtask play` plays it.
fn simulated_log<G: Game>(a: &Asked<'_>) -> Result<EventLog, String> {
    let (game, mode) = game_and_mode::<G>(a)?;
    Ok(replay_game_round(&game, mode, a.seed, a.round).1)
}

fn moon_princess_log(a: &Asked<'_>) -> Result<EventLog, String> {
    let Some(text) = a.grid else {
        return simulated_log::<MoonPrincess>(a);
    };
    // Mode and model are still checked, so that a bad request is refused alike.
    game_and_mode::<MoonPrincess>(a)?;
    let g = moon_princess::parse_grid(text).map_err(|e| format!("grid: {e}"))?;
    // The sequence's events follow the grid; the grid itself is put first as the `landed`
    // event a round would have recorded, so the page draws it.
    let landed = Event::Landed {
        grid: moon_princess::grid_text(&g),
        reel_set: None,
        stops: None,
        stars: None,
    };
    let sequence = MoonPrincess::evaluate_sequence(&g, Multiplier::ONE).events;
    Ok(EventLog {
        events: std::iter::once(landed).chain(sequence).collect(),
    })
}

fn wish_upon_a_star_log(a: &Asked<'_>) -> Result<EventLog, String> {
    let Some(text) = a.grid else {
        return simulated_log::<WishUponAStar>(a);
    };
    let (game, _) = game_and_mode::<WishUponAStar>(a)?;
    let g = wish_upon_a_star::symbols::parse_grid(text).map_err(|e| format!("grid: {e}"))?;
    Ok(replay_round(a.seed, a.round, |rng, mut rec| {
        game.play_paid_spin_grid(rng, &mut rec, &g)
    })
    .1)
}

fn starlight_christmas_log(a: &Asked<'_>) -> Result<EventLog, String> {
    let Some(text) = a.grid else {
        return simulated_log::<StarlightChristmas>(a);
    };
    let (game, mode) = game_and_mode::<StarlightChristmas>(a)?;
    let g = starlight_christmas::symbols::parse_grid(text).map_err(|e| format!("grid: {e}"))?;
    Ok(replay_round(a.seed, a.round, |rng, mut rec| {
        game.play_grid(mode, rng, &mut rec, &g)
    })
    .1)
}

/// A seed or round index: a JSON whole number or a string of decimal digits, 0 to 2^64 - 1.
fn whole(v: Option<&Value>, field: &str) -> Result<Option<u64>, String> {
    let bad = |shown: &str| {
        format!(
            "{field} must be a whole number from 0 to {} (it was {})",
            u64::MAX,
            shorten(shown)
        )
    };
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) => n.as_u64().map(Some).ok_or_else(|| bad(&n.to_string())),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => s.trim().parse::<u64>().map(Some).map_err(|_| bad(s)),
        Some(other) => Err(bad(&other.to_string())),
    }
}

/// At most 40 characters of a user's text, for an error message.
fn shorten(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if out.len() < s.len() {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use moon_princess::Pick;
    use starlight_christmas::BetMode;

    fn error(request: &str) -> String {
        let v: Value = serde_json::from_str(&respond(request)).unwrap();
        v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error for {request}"))
            .to_string()
    }

    fn log(request: &str) -> EventLog {
        EventLog::from_json(&respond(request)).unwrap()
    }

    #[test]
    fn a_simulated_round_is_the_runners_replay() {
        // The log equals the one built directly from the game crate and core's replay.
        let game = MoonPrincess::standard();
        let want = replay_round(7, 12_345, |rng, rec| game.play_round(rng, rec, Pick::Storm)).1;
        let got = log(r#"{"game":"moon-princess","mode":"storm","seed":"7","round":12345}"#);
        assert_eq!(got, want);
        let sc = StarlightChristmas::standard();
        let want = replay_round(3, 2, |rng, mut rec| {
            sc.play_round(BetMode::Ante, rng, &mut rec)
        })
        .1;
        let got = log(r#"{"game":"starlight-christmas","mode":"ante","seed":3,"round":2}"#);
        assert_eq!(got, want);
    }

    #[test]
    fn every_game_mode_and_model_answers_with_a_reconciled_log() {
        for (game, modes, models) in [
            (
                "moon-princess",
                &["love", "star", "storm"][..],
                &moon_princess::MathModel::NAMES[..],
            ),
            (
                "wish-upon-a-star",
                &["standard"][..],
                &wish_upon_a_star::MathModel::NAMES[..],
            ),
            (
                "starlight-christmas",
                &["standard", "ante"][..],
                &starlight_christmas::MathModel::NAMES[..],
            ),
        ] {
            for mode in modes {
                for model in models {
                    for round in 0..20 {
                        let l = log(&format!(
                            r#"{{"game":"{game}","mode":"{mode}","model":"{model}","round":{round}}}"#
                        ));
                        assert!(l.reconcile().is_ok(), "{game} {mode} {model} {round}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_stress_model_reaches_the_cap() {
        // Round 20 of the default seed on Starlight Christmas's stress model ends at the cap
        // (5,000 x = 500,000 hundredths), as `cargo xtask play` shows.
        let l = log(r#"{"game":"starlight-christmas","model":"stress","round":20}"#);
        assert_eq!(l.reconcile().unwrap().hundredths(), 500_000);
    }

    #[test]
    fn a_moon_princess_grid_is_its_tumble_sequence() {
        // Row 0 holds five Circles: one line of 5 (5-of-a-kind Circle), x1.
        let l = log(
            r#"{"game":"moon-princess","grid":"ci ci ci ci ci/st he be pg pb/he be pg pb st/be pg pb st he/pg pb st he be"}"#,
        );
        let landed = serde_json::to_value(&l.events[0]).unwrap();
        assert_eq!(landed["event"], "landed");
        assert_eq!(
            landed["grid"],
            "ci ci ci ci ci/st he be pg pb/he be pg pb st/be pg pb st he/pg pb st he be"
        );
        let first = serde_json::to_value(&l.events[1]).unwrap();
        assert_eq!(first["event"], "win");
        assert_eq!(first["symbol"], "ci");
        assert_eq!(first["count"], 5);
        assert_eq!(first["line"], serde_json::json!({"row": 0}));
    }

    #[test]
    fn a_typed_grid_lands_as_the_paid_spin() {
        let grid = "gy gy gy gy gy gy/gy gy gy gt gt gt/gt gt gt gg gg gg/gg gb gb gb gr gr/st mo he su x2 x3";
        let l = log(&format!(
            r#"{{"game":"starlight-christmas","grid":"{grid}","round":4}}"#
        ));
        let landed = serde_json::to_value(&l.events[2]).unwrap();
        assert_eq!(landed["event"], "landed");
        assert_eq!(landed["grid"], grid);
        assert!(l.reconcile().is_ok());
        let w = log(r#"{"game":"wish-upon-a-star","grid":"A W ST W A/A K Q J 10/A be cc cd tr"}"#);
        assert!(w.reconcile().is_ok());
    }

    #[test]
    fn bad_requests_get_typed_errors() {
        assert!(error("{").contains("not a round request"));
        assert!(error(r#"{"game":"moon-princess","sede":1}"#).contains("unknown field `sede`"));
        assert!(error(r#"{"game":"pacman"}"#).contains(
            "unknown game 'pacman'; the games are moon-princess, wish-upon-a-star, starlight-christmas"
        ));
        assert!(
            error(r#"{"game":"moon-princess","mode":"ante"}"#)
                .contains("moon-princess has no mode 'ante'; its modes are love, star, storm")
        );
        assert!(
            error(r#"{"game":"starlight-christmas","mode":"love"}"#)
                .contains("starlight-christmas has no mode 'love'; its modes are standard, ante")
        );
        assert!(
            error(r#"{"game":"wish-upon-a-star","model":"stress"}"#)
                .contains("wish-upon-a-star has no model 'stress'; its models are standard")
        );
        assert!(
            error(r#"{"game":"moon-princess","seed":-1}"#)
                .contains("seed must be a whole number from 0 to 18446744073709551615 (it was -1)")
        );
        assert!(
            error(r#"{"game":"moon-princess","round":"1e3"}"#)
                .contains("round must be a whole number")
        );
        assert!(
            error(r#"{"game":"moon-princess","seed":"18446744073709551616"}"#)
                .contains("seed must be")
        );
        assert!(error(r#"{"game":"moon-princess","seed":1.5}"#).contains("seed must be"));
        assert!(error(r#"{"game":"moon-princess","grid":"ci ci"}"#).starts_with("grid: "));
        assert!(
            error(r#"{"game":"wish-upon-a-star","grid":"W A A A A/A A A A A/A A A A A"}"#)
                .starts_with("grid: ")
        );
        assert!(error(r#"{"game":"starlight-christmas","grid":"x7 gy"}"#).starts_with("grid: "));
    }

    #[test]
    fn a_seed_may_be_a_string_beyond_javascripts_exact_integers() {
        let a = log(r#"{"game":"wish-upon-a-star","seed":"18446744073709551615","round":"3"}"#);
        let b = log(r#"{"game":"wish-upon-a-star","seed":18446744073709551615,"round":3}"#);
        assert_eq!(a, b);
    }
}
