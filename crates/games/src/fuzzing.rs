//! The fuzz check of a round of any game of the registry (feature `fuzzing`), shared by the
//! cargo-fuzz target `registry_round` (`fuzz/fuzz_targets/registry_round.rs`) and the test
//! that replays its seed corpus (`tests/fuzz_corpus.rs`), so neither can rot. A game added
//! to [`crate::ENTRIES`] is fuzzed here with no code of its own. [`seeds`]: the generated
//! part of the fuzz targets' seed corpora (`fuzz/seeds/`) and its check.

pub mod seeds;

use slot_core::events::{Event, EventLog, PaidLimits};
use slot_core::fingerprint::Fingerprint;
use slot_core::money::Win;
use slot_sim::face::{LoadedGame, ModelSource};
use std::sync::OnceLock;

/// Every shipped model of every game, loaded once: `LOADED[game][model]`, in the registry's
/// order and the game's order of [`crate::GameEntry::model_names`].
fn loaded() -> &'static [Vec<Box<dyn LoadedGame>>] {
    static LOADED: OnceLock<Vec<Vec<Box<dyn LoadedGame>>>> = OnceLock::new();
    LOADED.get_or_init(|| {
        crate::all()
            .iter()
            .map(|g| {
                g.model_names()
                    .iter()
                    .map(|&m| {
                        g.load(ModelSource::Named(m)).unwrap_or_else(|e| {
                            panic!("{} {m}: a shipped model loads: {e}", g.name())
                        })
                    })
                    .collect()
            })
            .collect()
    })
}

/// The byte at `i` of `data`, 0 past its end.
fn byte(data: &[u8], i: usize) -> u8 {
    data.get(i).copied().unwrap_or(0)
}

/// Replays one round of one game of the registry through its face, as `cargo xtask play`
/// and the viewer do, and panics if an invariant breaks. The input picks, each missing byte
/// read as 0: byte 0 the game (modulo the registry's length), byte 1 its mode, byte 2 its
/// shipped model (stress models among them: they reach the cap), bytes 3 to 10 the seed
/// (little-endian), bytes 11 to 14 the batch of 10,000 rounds (little-endian) and byte 15
/// the round in it (so that a round replays at most 255 rounds before it).
///
/// The invariants: the round replays the same twice; its log starts with `round_start`
/// naming the game and the model's fingerprint, ends with `round_end` carrying the win,
/// reconciles to the win ([`EventLog::reconcile`]) and keeps the cap on what it says was
/// paid ([`EventLog::check_paid`]); the win is at most the cap, and a round that says it is
/// capped pays the cap exactly; and the log writes to JSON that reads back as itself
/// ([`check_log`], then the JSON).
///
/// # Panics
/// When an invariant breaks (what the fuzzer looks for).
pub fn check_round(data: &[u8]) {
    let games = crate::all();
    if games.is_empty() {
        return;
    }
    let g = usize::from(byte(data, 0)) % games.len();
    let entry = games[g];
    let modes = entry.modes();
    let mode = modes[usize::from(byte(data, 1)) % modes.len()];
    let models = &loaded()[g];
    let loaded = &models[usize::from(byte(data, 2)) % models.len()];
    let word = |from: usize, len: usize| -> u64 {
        (0..len).fold(0, |w, i| w | u64::from(byte(data, from + i)) << (8 * i))
    };
    let seed = word(3, 8);
    let round = word(11, 4) * slot_core::replay::BATCH_ROUNDS + u64::from(byte(data, 15));
    let name = entry.name();
    let what = format!("{name} {mode} seed {seed} round {round}");

    let (win, log) = loaded
        .replay(mode, seed, round)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(
        loaded.replay(mode, seed, round).ok(),
        Some((win, log.clone())),
        "{what}: a replay is the same round"
    );
    let cap = entry
        .facts(mode)
        .unwrap_or_else(|e| panic!("{what}: {e}"))
        .cap
        .map(Win::from_hundredths);
    check_log(&what, name, loaded.fingerprint(), cap, win, &log);
    assert_eq!(
        EventLog::from_json(&log.to_json()).ok(),
        Some(log),
        "{what}: the log reads back as itself"
    );
}

/// Checks the log of a round of the game `name` on the model `model`, which won `win` under
/// the cap `cap` (`None`: no cap): it starts with `round_start` naming the game and the
/// model, ends with `round_end` carrying the win, reconciles to the win, keeps the cap on
/// what it says was paid, and pays the cap exactly if it says it is capped. `what` names
/// the round in the messages.
///
/// # Panics
/// When an invariant breaks.
pub fn check_log(
    what: &str,
    name: &str,
    model: Fingerprint,
    cap: Option<Win>,
    win: Win,
    log: &EventLog,
) {
    match log.events.first() {
        Some(Event::RoundStart { game, model: m, .. }) => {
            assert_eq!(game.name(), name, "{what}: round_start names the game");
            assert_eq!(*m, model, "{what}: and its model");
        }
        other => panic!("{what}: the log starts with round_start, not {other:?}"),
    }
    let capped = match log.events.last() {
        Some(Event::RoundEnd { win: end, capped }) => {
            assert_eq!(*end, win, "{what}: round_end carries the win");
            *capped
        }
        other => panic!("{what}: the log ends with round_end, not {other:?}"),
    };
    assert_eq!(
        log.reconcile(),
        Ok(win),
        "{what}: the log adds up to the win"
    );
    match cap {
        Some(cap) => {
            assert!(win <= cap, "{what}: win {win:?} above the cap");
            assert!(!capped || win == cap, "{what}: a capped round pays the cap");
        }
        None => assert!(!capped, "{what}: a game without a cap is never capped"),
    }
    log.check_paid(&PaidLimits {
        cap,
        ..PaidLimits::default()
    })
    .unwrap_or_else(|e| panic!("{what}: {e}"));
}
