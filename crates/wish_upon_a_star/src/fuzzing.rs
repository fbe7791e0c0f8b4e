//! The fuzz checks of Wish Upon a Star, shared by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/`) and the tests that replay their seed corpora
//! (`tests/fuzz_corpus.rs`), so neither can rot: rounds played with every random number from
//! the input ([`check_round`]), and the outside inputs: a model file ([`check_model_json`])
//! and a grid as `eval` reads it ([`check_grid_text`]). Each panics if an invariant breaks;
//! bad input must give a typed error, never a panic.

use crate::evaluate::{SpinEvaluation, WAYS_PAY, evaluate_free_spin};
use crate::events::grid_text;
use crate::math_model::{MathModel, Probability};
use crate::symbols::parse_grid;
use crate::{BET_LADDER, Standard, WishUponAStar};
use crate::{RoundOutcome, evaluate};
use slot_core::bytes_rng::BytesRng;
use slot_core::events::{EventLog, PaidLimits};
use std::sync::OnceLock;

/// Plays one round with every random number taken from `data` and panics if an invariant
/// breaks: the event log reconciles to the win, the sources add up, free spins played are
/// ten per award, the win is whole cents at the smallest and largest bet, and recording
/// changes nothing. The first byte picks the model: the shipped one, or one with four times
/// the respin Stars (Lock & Spin up to the Grand far more often).
pub fn check_round(data: &[u8]) {
    static GAMES: OnceLock<[WishUponAStar; 2]> = OnceLock::new();
    let games = GAMES.get_or_init(|| {
        let mut m = MathModel::standard();
        m.respin_star = Probability {
            numerator: 4,
            denominator: 25,
        };
        [
            WishUponAStar::standard(),
            WishUponAStar::new(&m).expect("valid"),
        ]
    });
    let (flags, rest) = data.split_first().map_or((0, &[][..]), |(f, r)| (*f, r));
    let game = &games[usize::from(flags & 1)];
    let mut log = EventLog::default();
    let out = game.play_round(Standard, &mut BytesRng::new(rest), &mut log);
    check_whole_round(&out, &log);
    let again = game.play_round(
        Standard,
        &mut BytesRng::new(rest),
        &mut slot_core::recorder::NoRecorder,
    );
    assert_eq!(again, out, "the recorder changes nothing");
}

/// Checks a round against its event log: the log reconciles to the win, every win is pay x
/// multiplier ([`EventLog::check_paid`]), the sources add up, free spins played are ten per
/// award, the win is whole cents at the smallest and largest bet. (The game has no cap.)
fn check_whole_round(out: &RoundOutcome, log: &EventLog) {
    assert_eq!(log.reconcile(), Ok(out.win), "the record adds up");
    let fig = log
        .check_paid(&PaidLimits {
            max_multiplier: Some(2),
            ..PaidLimits::default()
        })
        .expect("every win is pay x 1 or 2");
    assert_eq!(fig.free_spins, out.free_spins_played);
    assert_eq!(
        out.by_source.iter().copied().sum::<crate::Win>(),
        out.win,
        "sources add up"
    );
    assert_eq!(out.free_spins_played, 10 * out.free_spin_awards);
    for bet in [BET_LADDER.min(), BET_LADDER.max()] {
        assert!(bet.payout(out.win).is_ok(), "whole cents");
    }
}

/// Reads `data` as a math model file. Bad input must give a JSON error (the model's checks,
/// [`crate::math_model::validate`], run while reading). A model that is accepted must build a
/// game, write back to an equal model with the same fingerprint, and play three rounds
/// (random numbers from `data`) that keep every invariant of [`check_round`].
pub fn check_model_json(data: &[u8]) {
    let Ok(model) = serde_json::from_slice::<MathModel>(data) else {
        return;
    };
    let game = WishUponAStar::new(&model).expect("a model that reads builds a game");
    let json = serde_json::to_string(&model).expect("a model serialises");
    let back: MathModel = serde_json::from_str(&json).expect("an accepted model reads back");
    assert_eq!(back, model, "an accepted model writes back to itself");
    assert_eq!(back.fingerprint(), game.fingerprint());
    let mut rng = BytesRng::new(data);
    for _ in 0..3 {
        let mut log = EventLog::default();
        let out = game.play_round(Standard, &mut rng, &mut log);
        check_whole_round(&out, &log);
    }
}

/// Reads `data` as a grid the way `cargo xtask eval wish-upon-a-star --grid` does. Bad input
/// must give a [`crate::symbols::GridInputError`]. A grid that is accepted must print back to
/// text that reads as the same grid, and evaluate, as a base-game and as a free spin, to ways
/// wins that are the paytable x ways x multiplier, add up with the Bonus pay to the total and
/// are whole cents at the smallest and largest bet.
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
    for (ev, m) in [(evaluate(&grid), 1), (evaluate_free_spin(&grid), 2)] {
        check_evaluation(&ev, m);
    }
}

fn check_evaluation(ev: &SpinEvaluation, m: u64) {
    let mut sum = ev.scatter_win.hundredths();
    for w in &ev.ways {
        assert!((3..=5).contains(&w.reels) && (1..=243).contains(&w.ways));
        let pay = WAYS_PAY[usize::from(w.symbol)][usize::from(w.reels - 3)] * u64::from(w.ways);
        assert_eq!(w.pay.hundredths(), pay, "paytable x ways");
        assert_eq!(u64::from(w.multiplier), m);
        assert_eq!(w.win.hundredths(), pay * m, "pay x multiplier");
        sum += w.win.hundredths();
    }
    assert_eq!(ev.total.hundredths(), sum, "the wins add up to the total");
    for bet in [BET_LADDER.min(), BET_LADDER.max()] {
        assert!(bet.payout(ev.total).is_ok(), "whole cents");
    }
}
