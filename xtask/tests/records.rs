//! The round record of the three games: for every round the `paid` amounts of its events add
//! up exactly to its win (`round_end`), and every event log follows the committed JSON Schema
//! (`schema/round-record.schema.json`), which itself matches the event types. Checked on
//! 100,000 rounds of every game and mode with the shipped models, and on stress models that
//! really reach the cap (counted).

mod common;
use moon_princess::Pick;
use slot_core::Game;
use slot_core::events::{Event, EventLog, Princess, SpinKind};
use slot_core::money::Win;
use slot_core::replay::batch_rng;
use starlight_christmas::BetMode;

const ROUNDS: u64 = 100_000;
/// Every this many rounds a log is also checked against the schema (all of them with caps).
const SCHEMA_EVERY: u64 = 50;

fn validator() -> jsonschema::Validator {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../schema/round-record.schema.json"),
    )
    .expect("the committed schema");
    let schema: serde_json::Value = serde_json::from_str(&text).unwrap();
    jsonschema::validator_for(&schema).expect("a valid JSON Schema")
}

/// What a run of logs showed.
#[derive(Debug, Default)]
struct Seen {
    rounds: u64,
    capped: u64,
    /// Caps by the kind of spin that reached them: paid, Trinity, free.
    capped_in: [u64; 3],
    /// Moon Princess's recorded picks (`picked`): Love, Star, Storm.
    picked: [u64; 3],
    schema_checked: u64,
    /// Top awards counted by the rounds' summaries, by the game's award index.
    awards: [u64; 4],
}

/// Checks one round's log: it reconciles to `win`, agrees with `capped`, and (every
/// [`SCHEMA_EVERY`] rounds, and for every capped round) follows the schema.
fn check(v: &jsonschema::Validator, seen: &mut Seen, log: &EventLog, win: Win, capped: bool) {
    assert_eq!(log.reconcile(), Ok(win), "{}", log.to_json());
    assert!(
        matches!(log.events.last(), Some(Event::RoundEnd { capped: c, .. }) if *c == capped),
        "{}",
        log.to_json()
    );
    assert!(matches!(log.events.first(), Some(Event::RoundStart { .. })));
    for e in &log.events {
        if let Event::Picked { pick } = e {
            seen.picked[match pick {
                Princess::Love => 0,
                Princess::Star => 1,
                Princess::Storm => 2,
            }] += 1;
        }
    }
    if capped {
        seen.capped += 1;
        let mut kind = SpinKind::Paid;
        for e in &log.events {
            match e {
                Event::SpinStart { spin, .. } => kind = *spin,
                Event::CapReached { .. } => {
                    seen.capped_in[match kind {
                        SpinKind::Paid => 0,
                        SpinKind::Trinity => 1,
                        SpinKind::Free => 2,
                    }] += 1
                }
                _ => {}
            }
        }
    }
    if capped || seen.rounds.is_multiple_of(SCHEMA_EVERY) {
        let json = serde_json::to_value(log).unwrap();
        let errors: Vec<String> = v.iter_errors(&json).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{errors:?}\n{json}");
        seen.schema_checked += 1;
    }
    seen.rounds += 1;
}

/// Plays `rounds` rounds of `game` in `mode` (batch 0 of `seed`) with their logs, and checks
/// each ([`check`]): through the one game interface, so every game is checked alike.
fn played<G: Game>(game: &G, mode: G::Mode, rounds: u64, seed: u64) -> Seen {
    let v = validator();
    let mut seen = Seen::default();
    let mut rng = batch_rng(seed, 0);
    for _ in 0..rounds {
        let mut log = EventLog::default();
        let o = game.play_round(mode, &mut rng, &mut log);
        let summary = G::summary(&o);
        check(&v, &mut seen, &log, G::win(&o), summary.capped);
        for (a, n) in seen.awards.iter_mut().zip(summary.awards) {
            *a += u64::from(n);
        }
        if let Some(cap) = G::CAP {
            assert!(G::win(&o) <= cap.limit);
        }
    }
    seen
}

#[test]
fn the_committed_schema_matches_the_event_types() {
    common::ok(&["schema", "--check"]);
}

/// Every pick's rounds add up (checked round by round), and they include that pick's free
/// spins: more than 100 rounds (one in about 243 triggers them) record the pick, and none
/// records another.
#[test]
fn moon_princess_records_add_up_for_every_pick() {
    let game = moon_princess::MoonPrincess::standard();
    for pick in moon_princess::PICKS {
        let seen = played(&game, pick, ROUNDS, 20_261_130);
        eprintln!("moon-princess {pick}: {seen:?}");
        let mut others = seen.picked;
        others[pick.index()] = 0;
        assert!(
            seen.picked[pick.index()] > 100 && others == [0; 3],
            "{pick}: {seen:?}"
        );
    }
}

#[test]
fn moon_princess_stress_models_reach_the_cap_in_trinity_and_free_spins() {
    let trinity =
        moon_princess::MoonPrincess::new(&moon_princess::MathModel::stress_trinity()).unwrap();
    let seen = played(&trinity, Pick::Star, 2_000, 1);
    eprintln!("moon-princess stress (Trinity): {seen:?}");
    assert!(seen.capped_in[1] > 1_000, "{seen:?}");
    let free =
        moon_princess::MoonPrincess::new(&moon_princess::MathModel::stress_free_spins()).unwrap();
    for pick in moon_princess::PICKS {
        let seen = played(&free, pick, 4_000, 2);
        eprintln!("moon-princess stress (free spins, {pick}): {seen:?}");
        assert!(seen.capped_in[2] > 500, "{seen:?}");
    }
}

#[test]
fn starlight_christmas_records_add_up_in_both_modes_and_under_stress() {
    let game = starlight_christmas::StarlightChristmas::standard();
    let stress =
        starlight_christmas::StarlightChristmas::new(&starlight_christmas::MathModel::stress())
            .unwrap();
    for mode in [BetMode::Standard, BetMode::Ante] {
        let seen = played(&game, mode, ROUNDS, 7);
        eprintln!("starlight-christmas {}: {seen:?}", mode.name());
        let seen = played(&stress, mode, 20_000, 7);
        eprintln!("starlight-christmas stress {}: {seen:?}", mode.name());
        assert!(seen.capped > 20, "{seen:?}");
    }
}

#[test]
fn wish_upon_a_star_records_add_up_with_the_shipped_and_a_feature_heavy_model() {
    let standard = wish_upon_a_star::game::Standard;
    let seen = played(
        &wish_upon_a_star::WishUponAStar::standard(),
        standard,
        ROUNDS,
        9,
    );
    eprintln!("wish-upon-a-star: {seen:?}");
    // No cap in this game: a model with four times the respin Stars fills the grid (Grand)
    // far more often.
    let mut m = wish_upon_a_star::MathModel::standard();
    m.respin_star = wish_upon_a_star::math_model::Probability {
        numerator: 4,
        denominator: 25,
    };
    let heavy = played(
        &wish_upon_a_star::WishUponAStar::new(&m).unwrap(),
        standard,
        20_000,
        9,
    );
    eprintln!("wish-upon-a-star feature-heavy: {heavy:?}");
    // Grands (award 3) per round: the heavy model's are many times the shipped model's.
    assert!(
        heavy.awards[3] * ROUNDS > 20 * 20_000 * seen.awards[3].max(1),
        "{heavy:?} against {seen:?}"
    );
}

/// The generated fuzz seeds (every shipped model file, Moon Princess's stored rounds) are what
/// the code writes today: a model or format change that forgot `cargo xtask fuzz-seeds` fails
/// here, naming the stale files.
#[test]
fn the_committed_fuzz_seeds_are_current() {
    common::ok(&["fuzz-seeds", "--check"]);
}
