//! # viewer-wasm: the browser round viewer's engine
//!
//! Every game of the registry (`slot_games`) compiled to `wasm32-unknown-unknown` for the
//! round viewer (`cargo xtask viewer`): the page asks for the list of games ([`games_json`]:
//! names, titles, modes, models, cell codes), builds its game picker from it, sends a small
//! JSON request and gets back the round's event
//! log (`{"events": [...]}`, the round record of `slot_core::events`, schema in
//! `schema/round-record.schema.json`) and draws it. Nothing of the rules lives in the page:
//! every figure it shows comes from this log, which the game crates write.
//!
//! A round of a simulation is replayed through the registry's face
//! (`slot_sim::face::LoadedGame::replay`, which is [`slot_core::replay::replay_game_round`]),
//! as `cargo xtask play` replays it, so for the same game, mode, model, seed and round the log is
//! byte for byte the one `cargo xtask play <game> --seed S --round K --json` prints.
//!
//! # Request (JSON object)
//! | field | type | meaning |
//! |---|---|---|
//! | `game` | string, required | a game of the registry (`moon-princess`, `wish-upon-a-star`, `starlight-christmas`, ...: [`games_json`]) |
//! | `mode` | string | one of the game's modes (default: its first): Moon Princess's free-spin pick `love`, `star`, `storm`; Starlight Christmas's `standard` or `ante`; `standard` for a game of one mode |
//! | `model` | string | one of the game's shipped models (default `standard`): another variant of its RTP ladder (`rtp-XX.XX`), or a stress model that reaches the cap often (for tests, not for play: Moon Princess `stress-free-spins`, `stress-trinity`; Starlight Christmas `stress`); the game's `Game::MODEL_NAMES` |
//! | `seed` | whole number, or a string of decimal digits (JavaScript numbers are exact only to 2^53) | the simulation's seed, 0 to 2^64 - 1; default 20261129 (the runner's) |
//! | `round` | the same | the round's index in that simulation, from 0; default 0 |
//! | `grid` | string | instead of a simulated round: a grid in the runner's grid text (as `cargo xtask eval` takes it), see below |
//!
//! With `grid`: the game's `Game::play_from_grid` (an error for a game that cannot play a
//! given grid). Moon Princess evaluates the grid's whole tumble sequence as a paid spin at x1
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
//! | `response_ptr` | `() -> *const u8` | where the last response starts (valid until the next `request_buffer`, `play` or `games`) |
//! | `games` | `() -> u32` | writes the list of games ([`games_json`]) as the response; returns its length in bytes |
//!
//! The page (`viewer/viewer.js`): `p = request_buffer(n)`, copy the request's bytes to `p`,
//! `n2 = play(n)`, read `n2` bytes at `response_ptr()`, decode UTF-8, `JSON.parse`. The module
//! owns both buffers, so the page allocates and frees nothing. On the host the same is
//! [`respond`].

use serde::{Deserialize, Serialize};
use serde_json::Value;
use slot_core::events::EventLog;
use slot_core::game::EvalError;
use slot_sim::face::{FaceError, GameEntry, ModelSource};

mod exports;

/// The seed used when the request names none: the runner's default (`cargo xtask play`).
pub use slot_core::replay::DEFAULT_SEED;

/// A game as the page's picker shows it: the registry's facts of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameInfo {
    /// The command-line name, what a request names (`moon-princess`).
    pub name: &'static str,
    /// The name a player reads (`Moon Princess`).
    pub title: &'static str,
    /// Every mode by name, the default first.
    pub modes: Vec<&'static str>,
    /// True if a mode is a pick made during the round (the page labels it "pick").
    pub mode_is_pick: bool,
    /// The shipped models, `standard` first.
    pub models: &'static [&'static str],
    /// The cell codes of the game's grid text with each symbol's name (one or two lines).
    pub cell_codes: &'static str,
}

/// Every game of the registry ([`slot_games::all`]), in its order.
pub fn games() -> Vec<GameInfo> {
    slot_games::all()
        .iter()
        .map(|g| GameInfo {
            name: g.name(),
            title: g.title(),
            modes: g.modes(),
            mode_is_pick: g.mode_is_pick(),
            models: g.model_names(),
            cell_codes: g.cell_codes(),
        })
        .collect()
}

/// The list of games as the page reads it: `{"games": [GameInfo, ...]}` ([`games`]), each
/// game's fields in the order of [`GameInfo`].
pub fn games_json() -> String {
    #[derive(Serialize)]
    struct List {
        games: Vec<GameInfo>,
    }
    // Strings, booleans and lists of them: serialising cannot fail.
    serde_json::to_string(&List { games: games() }).unwrap_or_default()
}

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

/// The event log a request asks for, through the registry: the game by name, its mode and
/// model checked against the names it states, then the round replayed or the grid played.
///
/// # Errors
/// A message naming what was wrong and what is allowed.
pub fn round_log(r: &Request) -> Result<EventLog, String> {
    let seed = whole(r.seed.as_ref(), "seed")?.unwrap_or(DEFAULT_SEED);
    let round = whole(r.round.as_ref(), "round")?.unwrap_or(0);
    let entry = slot_games::named(&r.game).map_err(|_| {
        format!(
            "unknown game '{}'; the games are {}",
            shorten(&r.game),
            slot_games::names().join(", ")
        )
    })?;
    let mode = mode_of(entry, r.mode.as_deref())?;
    let model = r.model.as_deref().unwrap_or("standard");
    // Only the game's shipped models: a page never names a file (the face would take a path).
    if !entry.model_names().contains(&model) {
        return Err(format!(
            "{} has no model '{}'; its models are {}",
            entry.name(),
            shorten(model),
            entry.model_names().join(", ")
        ));
    }
    let loaded = entry
        .load(ModelSource::Named(model))
        .map_err(|e| e.to_string())?;
    let played = match r.grid.as_deref() {
        None => loaded.replay(mode, seed, round),
        Some(grid) => loaded.play_from_grid(mode, grid, seed, round),
    };
    match played {
        Ok((_, log)) => Ok(log),
        Err(FaceError::Eval(EvalError::Grid(e))) => Err(format!("grid: {e}")),
        Err(e) => Err(e.to_string()),
    }
}

/// The mode a request names (default: the game's first), one of the game's.
fn mode_of(entry: &dyn GameEntry, asked: Option<&str>) -> Result<&'static str, String> {
    let modes = entry.modes();
    match asked {
        None => modes
            .first()
            .copied()
            .ok_or_else(|| format!("{} states no mode", entry.name())),
        Some(name) => modes.iter().copied().find(|&m| m == name).ok_or_else(|| {
            format!(
                "{} has no mode '{}'; its modes are {}",
                entry.name(),
                shorten(name),
                modes.join(", ")
            )
        }),
    }
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
    use moon_princess::{MoonPrincess, Pick};
    use slot_core::events::Event;
    use slot_core::replay::replay_round;
    use starlight_christmas::{BetMode, StarlightChristmas};

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
        let want = replay_round(7, 12_345, |rng, mut rec| {
            game.play_round(Pick::Storm, rng, &mut rec)
        })
        .1;
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
    fn the_list_of_games_is_the_registry() {
        let v: Value = serde_json::from_str(&games_json()).unwrap();
        let listed = v["games"].as_array().unwrap();
        assert_eq!(listed.len(), slot_games::all().len());
        for (shown, g) in listed.iter().zip(slot_games::all()) {
            assert_eq!(shown["name"], g.name());
            assert_eq!(shown["title"], g.title());
            assert_eq!(shown["modes"], serde_json::json!(g.modes()));
            assert_eq!(shown["mode_is_pick"], g.mode_is_pick());
            assert_eq!(shown["models"], serde_json::json!(g.model_names()));
            assert_eq!(shown["cell_codes"], g.cell_codes());
        }
        let moon = &listed[0];
        assert_eq!(moon["name"], "moon-princess");
        assert_eq!(moon["modes"], serde_json::json!(["love", "star", "storm"]));
        assert_eq!(moon["mode_is_pick"], true);
    }

    #[test]
    fn every_game_mode_and_model_answers_with_a_reconciled_log() {
        for g in games() {
            for mode in &g.modes {
                for model in g.models {
                    for round in 0..20 {
                        let game = g.name;
                        let l = log(&format!(
                            r#"{{"game":"{game}","mode":"{mode}","model":"{model}","round":{round}}}"#
                        ));
                        assert!(l.reconcile().is_ok(), "{game} {mode} {model} {round}");
                        assert!(
                            matches!(&l.events[0], Event::RoundStart { game: id, .. } if *id == game),
                            "{game}: {:?}",
                            l.events[0]
                        );
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
        assert!(error(r#"{"game":"pacman"}"#).contains(&format!(
            "unknown game 'pacman'; the games are {}",
            slot_games::names().join(", ")
        )));
        assert!(
            error(r#"{"game":"moon-princess","model":"../model.json"}"#)
                .contains("moon-princess has no model '../model.json'; its models are standard")
        );
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
