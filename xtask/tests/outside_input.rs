//! Arbitrary values fed to every public constructor and evaluate function that takes outside
//! input: each answers with a value or a typed error, never a panic (a panic fails the test).

use proptest::prelude::*;
use slot_core::fingerprint::Fingerprint;
use slot_core::grid::{Grid, Shape};
use slot_core::money::{Bet, BetLadder, Win};
use slot_core::sampling::{ReelStrip, WeightedTable};
use slot_core::seal::{RoundId, Seal, SealKey};

/// Cells for a grid of `n` cells: codes up to `max` (some beyond the game's), or empty.
fn cells(n: usize, max: u8) -> impl Strategy<Value = Vec<Option<u8>>> {
    proptest::collection::vec(proptest::option::of(0..=max), n)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Arbitrary values, and ladders small enough that their bets are often on them: each
    /// answer is a value or a typed error, and what is accepted or refused is so by the rule.
    #[test]
    fn money_constructors(
        min: u64,
        max: u64,
        cents: u64,
        win: u64,
        json_cents: u64,
        small_min in 1u64..1_000,
        k in 0u64..2_000,
        small_win in 0u64..1_000_000,
    ) {
        let small = (small_min, small_min * 1_000, small_min * k);
        for (min, max, cents, win) in [
            (min, max, cents, win),
            (small.0, small.1, small.2, small_win),
            (small.0, small.1, small.2, small_win * 100),
        ] {
            let Ok(ladder) = BetLadder::new(min, max) else {
                continue;
            };
            let (lo, hi) = (ladder.min().cents(), ladder.max().cents());
            match ladder.bet(cents) {
                Ok(bet) => {
                    prop_assert_eq!(bet.cents(), cents);
                    prop_assert!(lo <= cents && cents <= hi && cents % lo == 0);
                    let exact = u128::from(win) * u128::from(cents);
                    match bet.payout(Win::from_hundredths(win)) {
                        Ok(paid) => prop_assert_eq!(u128::from(paid) * 100, exact),
                        Err(_) => prop_assert!(exact % 100 != 0 || exact > u128::from(u64::MAX)),
                    }
                }
                Err(_) => prop_assert!(cents < lo || cents > hi || cents % lo != 0),
            }
        }
        match serde_json::from_str::<Bet>(&format!("{{\"cents\":{json_cents}}}")) {
            Ok(bet) => prop_assert_eq!(bet.cents(), json_cents),
            Err(_) => prop_assert_eq!(json_cents, 0),
        }
        let _ = serde_json::from_str::<BetLadder>(&format!(
            "{{\"min_cents\":{min},\"max_cents\":{max}}}"
        ));
    }

    #[test]
    fn core_constructors(
        cols: u8,
        rows: u8,
        weights in proptest::collection::vec(any::<u32>(), 0..20),
        strip in proptest::collection::vec(any::<u8>(), 0..20),
        text in ".{0,80}",
        bytes in proptest::collection::vec(any::<u8>(), 0..80),
    ) {
        let _ = Shape::new(cols, rows);
        let _ = WeightedTable::new(weights.iter().copied().enumerate());
        let _ = ReelStrip::new(strip);
        let _ = RoundId::new(&text);
        let _ = SealKey::new(&bytes);
        let _ = text.parse::<Fingerprint>();
        let _ = text.parse::<Seal>();
        let _ = slot_core::events::EventLog::from_json(&text);
    }

    #[test]
    fn moon_princess_inputs(
        grid in cells(25, 9),
        m: u32,
        text in ".{0,120}",
        pick in ".{0,12}",
    ) {
        use moon_princess::{MoonPrincess, Multiplier, StoredRound};
        let _ = moon_princess::parse_grid(&text);
        let _ = pick.parse::<moon_princess::Pick>();
        let _ = StoredRound::from_json(&text);
        let _ = serde_json::from_str::<moon_princess::MathModel>(&text);
        if let (Ok(g), Ok(m)) = (Grid::<5, 5, 8>::from_cells(&grid), Multiplier::new(m)) {
            let r = MoonPrincess::evaluate_sequence(&g, m);
            prop_assert!(r.paid <= moon_princess::CAP.limit && r.paid <= r.total);
            let f = MoonPrincess::evaluate_free_spin_sequence(&g, m);
            prop_assert!(f.paid <= f.total);
            let _ = moon_princess::evaluate(&g);
        }
    }

    #[test]
    fn starlight_christmas_inputs(
        grid in cells(30, 30),
        text in ".{0,160}",
        w in proptest::collection::vec(any::<u32>(), 11),
        v in proptest::collection::vec(any::<u32>(), 15),
    ) {
        let _ = starlight_christmas::symbols::parse_grid(&text);
        if let Ok(g) = Grid::<6, 5, 25>::from_cells(&grid) {
            let e = starlight_christmas::paytable::evaluate_grid(&g);
            prop_assert!(e.paid <= starlight_christmas::CAP.limit && e.paid <= e.total);
        }
        let weights = format!(
            "{{\"paying\":{:?},\"scatter\":{},\"multiplier\":{}}}",
            &w[..9], w[9], w[10]
        );
        let model = format!(
            "{{\"base\":{weights},\"ante_base\":{weights},\"free_spins\":{weights},\"base_multiplier_values\":{v:?},\"free_spin_multiplier_values\":{v:?}}}"
        );
        if let Ok(m) = serde_json::from_str::<starlight_christmas::MathModel>(&model) {
            prop_assert!(starlight_christmas::StarlightChristmas::new(&m).is_ok());
        }
        let _ = starlight_christmas::BetMode::Ante.base_bet(u64::from(w[0]));
    }

    #[test]
    fn wish_upon_a_star_inputs(grid in cells(15, 14), text in ".{0,120}", seed: u64) {
        use wish_upon_a_star::{WishUponAStar, evaluate, evaluate::evaluate_free_spin};
        let _ = wish_upon_a_star::symbols::parse_grid(&text);
        let _ = serde_json::from_str::<wish_upon_a_star::MathModel>(&text);
        if let Ok(g) = Grid::<5, 3, 13>::from_cells(&grid) {
            let _ = evaluate(&g);
            let _ = evaluate_free_spin(&g);
            let game = WishUponAStar::standard();
            let mut rng = slot_core::replay::batch_rng(seed, 0);
            let o = game.play_paid_spin_grid(&mut rng, &mut slot_core::recorder::NoRecorder, &g);
            let f = game.play_free_spin_grid(&mut rng, &mut slot_core::recorder::NoRecorder, &g);
            prop_assert!(o.win.hundredths() < u64::MAX && f.win.hundredths() < u64::MAX);
        }
    }
}
