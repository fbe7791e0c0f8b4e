//! The fuzz checks of Moon Princess, shared by the cargo-fuzz targets (`fuzz/fuzz_targets/`)
//! and the tests that replay their seed corpora (`tests/fuzz_corpus.rs`), so neither can rot:
//! rounds played with every random number from the input ([`check_round`]), and the outside
//! inputs: a stored paused round ([`check_stored_round`]), a model file
//! ([`check_model_json`]) and a grid as `eval` reads it ([`check_grid_text`]). Each panics if
//! an invariant breaks; bad input must give a typed error, never a panic.

use crate::{
    BET_LADDER, CAP, MAX_FREE_SPINS, MAX_MULTIPLIER, MathModel, MoonPrincess, PICKS, RoundState,
};
use crate::{
    Multiplier, PausedRound, ResumeError, RoundId, RoundOutcome, SealKey, StoredRound, grid_text,
    parse_grid,
};
use slot_core::bytes_rng::BytesRng;
use slot_core::events::{EventLog, PaidLimits};
use slot_core::money::Bet;
use std::sync::OnceLock;

/// The key the stored-round target seals with (its seed corpus holds records sealed with it).
pub const FUZZ_SEAL_KEY: &[u8; 32] = b"moon-princess fuzz seal key 0001";

/// The shipped game and the two stress models (Trinity spins to the cap, free spins to the
/// cap), built once.
pub fn games() -> &'static [MoonPrincess; 3] {
    static GAMES: OnceLock<[MoonPrincess; 3]> = OnceLock::new();
    GAMES.get_or_init(|| {
        [
            MoonPrincess::standard(),
            MoonPrincess::new(&MathModel::stress_trinity()).expect("valid"),
            MoonPrincess::new(&MathModel::stress_free_spins()).expect("valid"),
        ]
    })
}

/// The limits every Moon Princess round's log respects: x20, 20 free spins, 5,000 x.
const LIMITS: PaidLimits = PaidLimits {
    cap: Some(CAP.limit),
    max_multiplier: Some(MAX_MULTIPLIER),
    max_free_spins: Some(MAX_FREE_SPINS),
};

/// Checks a whole round against its event log: the log reconciles to the win, the three
/// invariants hold on what the log says was paid ([`EventLog::check_paid`]), the outcome's
/// counters agree, the win is whole cents at the smallest and largest bet.
fn check_whole_round(o: &RoundOutcome, log: &EventLog) {
    assert!(o.win <= CAP.limit, "win above the cap");
    assert_eq!(o.capped, o.win == CAP.limit);
    assert_eq!(log.reconcile(), Ok(o.win), "the record adds up");
    let fig = log
        .check_paid(&LIMITS)
        .expect("the log keeps x20, 20 spins, the cap");
    assert_eq!(fig.paid, o.win);
    assert!(o.free_spins_awarded <= MAX_FREE_SPINS);
    assert!(o.max_multiplier <= MAX_MULTIPLIER);
    assert_eq!(fig.free_spins, o.free_spins_played, "free spins played");
    for bet in [BET_LADDER.min(), BET_LADDER.max()] {
        assert!(bet.payout(o.win).is_ok(), "whole cents");
    }
}

/// Plays one round with every random number taken from `data` and panics if an invariant
/// breaks. The first byte picks the pick (low 2 bits) and the model (next bits: the shipped
/// one, or a stress model that reaches the cap in Trinity or in free spins). The round is
/// played whole, and again paused at the pick, stored as JSON, read back, opened and resumed:
/// both must agree. From the event log: it reconciles to the win; every win's multiplier is
/// at most x20 and its raw amount is pay x multiplier; at most 20 free spins are played; the
/// win is at most 5,000 x and whole cents at the smallest and largest bet.
pub fn check_round(data: &[u8]) {
    let games = games();
    let (flags, rest) = data.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
    let pick = PICKS[usize::from(flags & 3) % 3];
    let game = &games[usize::from(flags >> 2) % 3];
    let mut log = EventLog::default();
    let whole = game.play_round(pick, &mut BytesRng::new(rest), &mut log);
    check_whole_round(&whole, &log);
    // Paused at the pick, through storage, resumed: the same round.
    let mut rng = BytesRng::new(rest);
    let parts = match game.start_round(&mut rng, &mut slot_core::recorder::NoRecorder) {
        RoundState::Finished(o) => o,
        RoundState::AwaitingPick(p) => {
            let stored = p
                .store(RoundId::new("fuzz").expect("valid id"), BET_LADDER.min())
                .expect("the minimum bet is on the ladder")
                .to_json();
            let back = StoredRound::from_json(&stored).expect("a real round reads back");
            let paused = game.open_unsealed(back).expect("same model");
            game.resume(paused, pick, &mut rng, &mut slot_core::recorder::NoRecorder)
                .expect("same model")
        }
    };
    assert_eq!(parts, whole, "paused and resumed equals uninterrupted");
}

/// Reads `data` as a stored paused round (JSON, as a server keeps it while the player picks).
/// Bad input must give a [`ResumeError`]. A record that is accepted must write back to
/// itself; open only with the model it names (else [`ResumeError::Model`]), only unsealed if
/// unsealed and only with the right key if sealed ([`FUZZ_SEAL_KEY`]); sealed again, it must
/// open to the same paused round; and resumed with each pick (random numbers from `data`) it
/// must play to a round that keeps what the base game won, reconciles (the resumed log's
/// payments plus the stored win make the round's win), keeps x20, 20 free spins and the cap,
/// and is whole cents at the stored bet.
pub fn check_stored_round(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(stored) = StoredRound::from_json(text) else {
        return;
    };
    let again = StoredRound::from_json(&stored.to_json()).expect("an accepted record reads back");
    assert_eq!(again, stored, "an accepted record writes back to itself");
    let key = SealKey::new(FUZZ_SEAL_KEY).expect("a 32-byte key");
    let Some(game) = games().iter().find(|g| g.fingerprint() == stored.model()) else {
        let e = games()[0]
            .open_unsealed(stored.clone())
            .expect_err("another model's record does not open");
        assert!(
            matches!(e, ResumeError::Model { .. } | ResumeError::Sealed),
            "{e}"
        );
        return;
    };
    let paused = if stored.is_sealed() {
        assert_eq!(
            game.open_unsealed(stored.clone()),
            Err(ResumeError::Sealed),
            "a sealed record needs its key"
        );
        match game.open_sealed(stored.clone(), &key) {
            Ok(p) => p,
            Err(e) => {
                assert_eq!(e, ResumeError::SealWrong);
                return;
            }
        }
    } else {
        assert_eq!(
            game.open_sealed(stored.clone(), &key),
            Err(ResumeError::SealMissing)
        );
        game.open_unsealed(stored.clone())
            .expect("an accepted unsealed record of this model opens")
    };
    let sealed = paused
        .store_sealed(stored.round_id().clone(), stored.bet(), &key)
        .expect("the stored bet is on the ladder");
    let back = StoredRound::from_json(&sealed.to_json()).expect("a sealed record reads back");
    assert_eq!(game.open_sealed(back, &key).as_ref(), Ok(&paused));
    for pick in PICKS {
        resume_and_check(game, &paused, pick, stored.bet(), data);
    }
}

/// Resumes `paused` with `pick` and checks the round (see [`check_stored_round`]).
fn resume_and_check(
    game: &MoonPrincess,
    paused: &PausedRound,
    pick: crate::Pick,
    bet: Bet,
    data: &[u8],
) {
    let before = paused.win();
    assert!(before < CAP.limit, "a paused round is below the cap");
    let mut log = EventLog::default();
    let o = game
        .resume(paused.clone(), pick, &mut BytesRng::new(data), &mut log)
        .expect("same model");
    assert!(o.win <= CAP.limit, "win above the cap");
    assert_eq!(o.capped, o.win == CAP.limit);
    assert_eq!(
        (o.base_win, o.trinity_win, o.pick),
        (paused.base_win(), paused.trinity_win(), Some(pick)),
        "the base game is kept"
    );
    // The resumed part's log starts with `resumed`, which carries what was paid before: it
    // reconciles alone, and its paid amounts count towards the cap from there.
    assert!(
        matches!(log.events.first(), Some(slot_core::events::Event::Resumed { paid_before, .. }) if *paid_before == before)
    );
    assert_eq!(log.reconcile(), Ok(o.win), "the resumed part adds up alone");
    let fig = log
        .check_paid(&LIMITS)
        .expect("the free spins keep the limits");
    assert_eq!(fig.paid, o.win, "the record adds up");
    assert_eq!(fig.cap_events, u32::from(o.capped));
    assert_eq!(
        log.events.last(),
        Some(&slot_core::events::Event::RoundEnd {
            win: o.win,
            capped: o.capped
        })
    );
    assert!(o.free_spins_played <= o.free_spins_awarded);
    assert!(o.free_spins_awarded <= MAX_FREE_SPINS);
    assert_eq!(fig.free_spins, o.free_spins_played);
    assert!(bet.payout(o.win).is_ok(), "whole cents at the stored bet");
}

/// Reads `data` as a math model file. Bad input must give a JSON error (the model's checks
/// run while reading). A model that is accepted must build a game, write back to an equal
/// model with the same fingerprint, and play a round with each pick (random numbers from
/// `data`) that keeps every invariant of [`check_round`].
pub fn check_model_json(data: &[u8]) {
    let Ok(model) = serde_json::from_slice::<MathModel>(data) else {
        return;
    };
    let game = MoonPrincess::new(&model).expect("a model that reads builds a game");
    let json = serde_json::to_string(&model).expect("a model serialises");
    let back: MathModel = serde_json::from_str(&json).expect("an accepted model reads back");
    assert_eq!(back, model, "an accepted model writes back to itself");
    assert_eq!(back.fingerprint(), game.fingerprint());
    let mut rng = BytesRng::new(data);
    for pick in PICKS {
        let mut log = EventLog::default();
        let o = game.play_round(pick, &mut rng, &mut log);
        check_whole_round(&o, &log);
    }
}

/// Reads `data` as a grid the way `cargo xtask eval moon-princess --grid` does. Bad input must
/// give a [`slot_core::text::GridTextError`]. A grid that is accepted must print back to text
/// that reads as the same grid (and prints the same), and evaluate, as a paid spin and as a
/// free spin, at x1 and at x20, to wins that keep x20, add up to the sequence's total, pay at
/// most the cap and are whole cents at the smallest and largest bet.
pub fn check_grid_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(grid) = parse_grid(text) else {
        return;
    };
    let printed = grid_text(&grid);
    assert_eq!(
        parse_grid(&printed),
        Ok(grid),
        "prints back to the same grid"
    );
    if text == printed {
        assert_eq!(grid_text(&parse_grid(&printed).expect("read")), text);
    }
    let limits = PaidLimits {
        cap: None,
        max_multiplier: Some(MAX_MULTIPLIER),
        max_free_spins: None,
    };
    for m in [
        Multiplier::ONE,
        Multiplier::new(MAX_MULTIPLIER).expect("x20"),
    ] {
        for r in [
            MoonPrincess::evaluate_sequence(&grid, m),
            MoonPrincess::evaluate_free_spin_sequence(&grid, m),
        ] {
            let log = EventLog { events: r.events };
            let fig = log.check_paid(&limits).expect("x20 and pay x multiplier");
            assert_eq!(fig.paid, r.total, "the wins add up to the total");
            assert_eq!(r.paid, r.total.min(CAP.limit));
            assert!(r.multiplier <= MAX_MULTIPLIER && r.meter <= 3);
            for bet in [BET_LADDER.min(), BET_LADDER.max()] {
                assert!(bet.payout(r.paid).is_ok(), "whole cents");
            }
        }
    }
}
