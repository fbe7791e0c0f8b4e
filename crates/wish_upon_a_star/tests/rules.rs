//! One hand-worked grid per rule of the rules, with its exact win worked in the
//! comment. Grids are written as text ([`slot_core::text`], codes
//! [`wish_upon_a_star::symbols::TEXT_CODES`]): rows from the top, reel 1 on the left.
//! Wins are in hundredths of the total bet.

mod common;

use common::{ANY, NO_STAR, STAR, Script, cash, fixed_model};
use rand_pcg::Pcg64;
use slot_core::events::PayRule;
use slot_core::recorder::{EventLog, NoRecorder};
use wish_upon_a_star::evaluate::evaluate_free_spin;
use wish_upon_a_star::events::Event;
use wish_upon_a_star::math_model::{GiftPrize, StarValue};
use wish_upon_a_star::round::{
    SOURCE_FREE_SPINS, SOURCE_GIFT, SOURCE_LOCK_AND_SPIN, SOURCE_SCATTER, SOURCE_WAYS,
};
use wish_upon_a_star::symbols::{self, parse_grid};
use wish_upon_a_star::{WishUponAStar, evaluate};

fn total(text: &str, multiplier: u64) -> u64 {
    let g = parse_grid(text).unwrap();
    let ev = match multiplier {
        1 => evaluate(&g),
        2 => evaluate_free_spin(&g),
        m => panic!("no x{m} in this game"),
    };
    ev.total.hundredths()
}

#[test]
fn ways_multiply_the_counts_with_wilds_on_reels_2_and_4() {
    // K: reel 1 one K; reel 2 W + K = 2; reel 3 two K = 2; reel 4 one W = 1; reel 5 one K = 1.
    // 5 reels, 1*2*2*1*1 = 4 ways x 2.00 (K for 5) = 8.00 x bet = 800.
    // A: reel 1 A, reel 2 W, reel 3 has no A or Wild: 2 reels, no win. 10 likewise.
    let g = "K W K Q J / A K Q W K / 10 J K A 10";
    let ev = evaluate(&parse_grid(g).unwrap());
    assert_eq!(ev.ways.len(), 1);
    let w = ev.ways[0];
    assert_eq!(
        (w.symbol, w.reels, w.ways, w.win.hundredths()),
        (symbols::KING, 5, 4, 800)
    );
    assert_eq!(ev.total.hundredths(), 800);

    // Tree: reel 1 two (rows 1, 2); reel 2 tr + W = 2; reel 3 two; reel 4 tr + W = 2; reel 5
    // none. 4 reels, 2*2*2*2 = 16 ways x 2.00 (Tree for 4) = 32.00 x bet = 3200.
    // Q: reel 1 Q, reel 2 W, reel 3 no Q: no win.
    assert_eq!(total("tr tr tr tr 10 / tr W tr W J / Q J A K Q", 1), 3_200);

    // Both reels 2 and 4 full of Wilds. K: 1*3*1*3*1 = 9 ways x 2.00 = 1800.
    // A: 1*3*1*3 = 9 ways on 4 reels x 0.60 = 540. J: reel 3 has no J: no win. Total 2340.
    assert_eq!(total("K W Q W J / A W K W 10 / J W A W K", 1), 2_340);
}

#[test]
fn only_the_longest_match_per_way_pays() {
    // Elf on all five reels: one way, paid once for 5 (8.00), not also for 3 and 4
    // (1.00 + 3.00): 800, not 1200.
    assert_eq!(total("el el el el el / 10 J Q K A / J Q K A 10", 1), 800);
    // Bell on 3 reels, broken by reel 4: 3 ways (reel 2 has three Bells) x 0.40 = 120;
    // the Bell on reel 5 does not count (the run is broken on reel 4).
    assert_eq!(total("be be be K be / 10 be J Q K / J be Q A Q", 1), 120);
}

#[test]
fn ways_start_on_reel_1_and_wilds_never_stand_there() {
    // Elf on reels 3-5 with Wilds on reel 2: no way starts on reel 1 with Elf, so no win; the
    // symbols on reel 1 (10, J, Q) reach only reel 2 (the Wilds): 2 reels, no win.
    let ev = evaluate(&parse_grid("10 W el el el / J W K A Q / Q W A K J").unwrap());
    assert_eq!(ev.total.hundredths(), 0);
    assert_eq!(ev.gift_bonus_wins(), 1, "reel 2 full of Wilds");
    // A Wild on reel 1 cannot land at all.
    assert!(parse_grid("W W el el el / J W K A Q / Q W A K J").is_err());
}

#[test]
fn three_bonus_anywhere_pay_1x_and_award_10_free_spins() {
    // Bonus on reels 1, 3, 5 in three different rows: 1.00 x bet. No ways win: reel 1 shows
    // BO, 10, Q; reel 2 (K, J, A) has none of 10 or Q.
    let g = "BO K Q J A / 10 J BO A Q / Q A K 10 BO";
    let ev = evaluate(&parse_grid(g).unwrap());
    assert_eq!(
        (ev.total.hundredths(), ev.free_spins_triggered()),
        (100, true)
    );
    // In free spins the Bonus pay is doubled: 2.00.
    assert_eq!(total(g, 2), 200);
    // Two Bonus pay nothing and trigger nothing.
    let ev = evaluate(&parse_grid("BO K Q J A / 10 J K A Q / Q A K 10 Q").unwrap());
    assert_eq!(
        (ev.total.hundredths(), ev.free_spins_triggered()),
        (0, false)
    );
    // Played as the paid spin: scatter pay 100 and one award of 10 free spins.
    let game = WishUponAStar::standard();
    let out = game.play_paid_spin_grid(
        &mut Pcg64::new(1, 1),
        &mut NoRecorder,
        &parse_grid(g).unwrap(),
    );
    assert_eq!(out.by_source[SOURCE_SCATTER].hundredths(), 100);
    assert_eq!((out.free_spin_awards, out.win.hundredths()), (1, 100));
}

#[test]
fn full_wild_reels_give_one_or_two_gift_bonus_wins() {
    // What the evaluation counts: none with a Wild short of a full reel, one per full reel.
    let gifts = |g: &str| evaluate(&parse_grid(g).unwrap()).gift_bonus_wins();
    assert_eq!(gifts("K W Q W J / A J 10 W 10 / J W 10 K Q"), 0);
    assert_eq!(gifts("K W Q A J / A W 10 Q 10 / J W 10 K Q"), 1);
    assert_eq!(gifts("K Q Q W J / A J 10 W 10 / J A 10 W Q"), 1);
    assert_eq!(gifts("K W Q W J / A W K W 10 / J W A W K"), 2);
    let game = WishUponAStar::new(&fixed_model(
        GiftPrize::Cash(cash(500)),
        StarValue::Cash(cash(100)),
        (1, 25),
    ))
    .unwrap();
    let mut rng = Pcg64::new(3, 3);
    // Reel 2 full of Wilds: one bonus win of 5.00. Ways: reel 1 (K, A, J) then W on reel 2,
    // reel 3 (Q, 10, 10) has none of K, A, J: no ways win. Total 500.
    let g = parse_grid("K W Q A J / A W 10 Q 10 / J W 10 K Q").unwrap();
    let out = game.play_paid_spin_grid(&mut rng, &mut NoRecorder, &g);
    assert_eq!(
        (
            out.gift_wins,
            out.by_source[SOURCE_GIFT].hundredths(),
            out.win.hundredths()
        ),
        (1, 500, 500)
    );
    // Reel 4 only: one bonus win.
    let g = parse_grid("K Q Q W J / A J 10 W 10 / J A 10 W Q").unwrap();
    let out = game.play_paid_spin_grid(&mut rng, &mut NoRecorder, &g);
    assert_eq!((out.gift_wins, out.win.hundredths()), (1, 500));
    // Both: two bonus wins (1000) plus the ways of this grid (2340, worked above) = 3340.
    let g = parse_grid("K W Q W J / A W K W 10 / J W A W K").unwrap();
    let out = game.play_paid_spin_grid(&mut rng, &mut NoRecorder, &g);
    assert_eq!(
        (out.gift_wins, out.by_source[SOURCE_GIFT].hundredths()),
        (2, 1_000)
    );
    assert_eq!(
        (
            out.by_source[SOURCE_WAYS].hundredths(),
            out.win.hundredths()
        ),
        (2_340, 3_340)
    );
}

#[test]
fn a_gift_of_free_spins_awards_10_and_adds_to_the_scatter() {
    // Every gift is 10 free spins (free-spin strips replaced by the base strips so the model
    // stays valid: a free spin must award fewer than one free spin on average).
    let mut m = fixed_model(GiftPrize::FreeSpins, StarValue::Cash(cash(100)), (1, 25));
    m.free_strips = m.base_strips.clone();
    let game = WishUponAStar::new(&m).unwrap();
    // Reels 2 and 4 full of Wilds and 3 Bonus: 10 (scatter) + 10 + 10 (gifts) = 3 awards.
    // Wins: scatter 1.00; ways: reel 1 (BO, 10, Q); 10: 1*3*0 (reel 3: BO, J, K) no; Q no.
    let g = parse_grid("BO W BO W BO / 10 W J W K / Q W K W A").unwrap();
    let mut log = EventLog::default();
    let out = game.play_paid_spin_grid(&mut Pcg64::new(5, 5), &mut log, &g);
    assert_eq!(
        (out.free_spin_awards, out.gift_wins, out.win.hundredths()),
        (3, 2, 100)
    );
    let awarded: Vec<u32> = log
        .events
        .iter()
        .filter_map(|e| match e {
            Event::FreeSpinsAwarded {
                free_spins_left, ..
            } => Some(*free_spins_left),
            _ => None,
        })
        .collect();
    assert_eq!(awarded, vec![10, 20, 30]);
}

#[test]
fn free_spins_double_paytable_wins_but_not_gift_or_lock_and_spin() {
    // Gift 5.00 each, Stars 1.00 each, no respin Stars (p = 0): everything is fixed.
    let game = WishUponAStar::new(&fixed_model(
        GiftPrize::Cash(cash(500)),
        StarValue::Cash(cash(100)),
        (0, 25),
    ))
    .unwrap();
    // K: reel 1 one K, reel 2 three W, reel 3 one K, reel 4 three W, reel 5 one K:
    // 9 ways x 2.00 = 18.00 (doubled in free spins: 36.00). Two full-Wild reels: 2 x 5.00.
    // Six Stars (cells (1,0) (2,0) (1,2) (2,2) (0,4) (1,4)): Lock & Spin, 3 empty respins,
    // 6 x 1.00 = 6.00.
    let g = parse_grid("K W K W ST / ST W ST W ST / ST W ST W K").unwrap();
    let mut rng = Pcg64::new(9, 9);
    let base = game.play_paid_spin_grid(&mut rng, &mut NoRecorder, &g);
    // Base: 1800 + 1000 + 600 = 3400.
    assert_eq!(base.by_source[SOURCE_WAYS].hundredths(), 1_800);
    assert_eq!(base.by_source[SOURCE_GIFT].hundredths(), 1_000);
    assert_eq!(base.by_source[SOURCE_LOCK_AND_SPIN].hundredths(), 600);
    assert_eq!(base.win.hundredths(), 3_400);
    // Free spin: 3600 + 1000 + 600 = 5200.
    let free = game.play_free_spin_grid(&mut rng, &mut NoRecorder, &g);
    assert_eq!(free.by_source[SOURCE_FREE_SPINS].hundredths(), 3_600);
    assert_eq!(free.by_source[SOURCE_GIFT].hundredths(), 1_000);
    assert_eq!(free.by_source[SOURCE_LOCK_AND_SPIN].hundredths(), 600);
    assert_eq!(free.win.hundredths(), 5_200);
    assert_eq!(
        free.free_spins_win.hundredths(),
        5_200,
        "everything won in the free spin"
    );
}

#[test]
fn stars_pay_only_through_lock_and_spin_from_six() {
    let game = WishUponAStar::new(&fixed_model(
        GiftPrize::Cash(cash(500)),
        StarValue::Cash(cash(100)),
        (0, 25),
    ))
    .unwrap();
    // Five Stars: no feature, no pay. Ways: reel 1 (ST, K, ST): K, reel 2 (J, ST, Q) no K.
    let g = parse_grid("ST J ST Q ST / K ST A J Q / ST Q 10 A J").unwrap();
    let mut log = EventLog::default();
    let out = game.play_paid_spin_grid(&mut Pcg64::new(2, 2), &mut log, &g);
    assert_eq!((out.lock_and_spins, out.win.hundredths()), (0, 0));
    // The Stars still carry (and show) their values.
    match &log.events[0] {
        Event::Landed {
            stars: Some(stars), ..
        } => assert_eq!(stars.len(), 5),
        e => panic!("first event {e:?}"),
    }
    // Six Stars with a ways win: the spin's wins first, then the feature.
    // K: reel 1 K (row 2), reel 2 K (row 1), reel 3 K (row 0): 1*1*1 = 1 way x 0.20 = 20;
    // reel 4 (ST, A, A) breaks it. Stars: row 0 four, (1,0), (2,2): six, 6 x 1.00 = 600.
    // Total 620.
    let g = parse_grid("ST ST K ST ST / ST K 10 A Q / K J ST A J").unwrap();
    let mut log = EventLog::default();
    let out = game.play_paid_spin_grid(&mut Pcg64::new(2, 2), &mut log, &g);
    assert_eq!(
        (
            out.by_source[SOURCE_WAYS].hundredths(),
            out.lock_and_spins,
            out.win.hundredths()
        ),
        (20, 1, 620)
    );
    let kinds: Vec<&str> = log
        .events
        .iter()
        .map(|e| match e {
            Event::Landed { .. } => "spin",
            Event::Win {
                pays: PayRule::Ways,
                ..
            } => "ways",
            Event::LockAndSpinStart { .. } => "start",
            Event::Respin { .. } => "respin",
            Event::LockAndSpinEnd { .. } => "end",
            Event::RoundEnd { .. } => "round_end",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "spin",
            "ways",
            "start",
            "respin",
            "respin",
            "respin",
            "end",
            "round_end"
        ]
    );
    assert_eq!(log.reconcile().map(|w| w.hundredths()), Ok(620));
}

/// The held cells of the Lock & Spin tests: the six Stars of row 0 (cells 0..=4) and cell 5.
const SIX: u64 = 0b11_1111;

#[test]
fn every_new_star_resets_the_respins_to_3() {
    let game = WishUponAStar::new(&fixed_model(
        GiftPrize::Cash(cash(500)),
        StarValue::Cash(cash(100)),
        (1, 25),
    ))
    .unwrap();
    // 9 empty cells. Respin 1: none (2 left); respin 2: none (1 left); respin 3: a Star in
    // the first empty cell (a chance word, then its value word) -> back to 3; respins 4, 5, 6
    // over 8 empty cells: none -> 2, 1, 0: the end. 7 Stars x 1.00 = 700.
    let mut words = vec![];
    words.extend([NO_STAR; 9]);
    words.extend([NO_STAR; 9]);
    words.extend([STAR, ANY]);
    words.extend([NO_STAR; 8]);
    for _ in 0..3 {
        words.extend([NO_STAR; 8]);
    }
    let mut rng = Script::new(words);
    let mut log = EventLog::default();
    let mut values = [StarValue::Cash(cash(100)); 15];
    let out = game.lock_and_spin(&mut rng, &mut log, SIX, &mut values);
    assert!(rng.used_up());
    let left: Vec<u32> = log
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Respin { respins_left, .. } => Some(*respins_left),
            _ => None,
        })
        .collect();
    assert_eq!(left, vec![2, 1, 3, 2, 1, 0]);
    assert_eq!(
        (out.stars, out.respins, out.grand, out.win.hundredths()),
        (7, 6, false, 700)
    );
    assert_eq!(
        out.held,
        SIX | 1 << 6,
        "the new Star is in the first empty cell, (1,1)"
    );
}

/// Lock & Spin from 6 held Stars whose first respin fills all 9 empty cells, every Star
/// worth `star`.
fn fill_from_six(star: StarValue) -> wish_upon_a_star::LockAndSpinOutcome {
    let game = WishUponAStar::new(&fixed_model(GiftPrize::Cash(cash(500)), star, (1, 25))).unwrap();
    let mut words = vec![];
    for _ in 0..9 {
        words.extend([STAR, ANY]);
    }
    let mut rng = Script::new(words);
    let mut values = [star; 15];
    let out = game.lock_and_spin(&mut rng, &mut NoRecorder, SIX, &mut values);
    assert!(rng.used_up());
    out
}

#[test]
fn a_full_grid_pays_every_star_and_the_grand() {
    // Respin 1 fills all 9 empty cells: 15 Stars, each a Mini (20.00): 300.00 + Grand 200.00
    // = 500.00 x bet = 50000.
    let out = fill_from_six(StarValue::Mini);
    assert_eq!(
        (out.stars, out.respins, out.grand, out.win.hundredths()),
        (15, 1, true, 50_000)
    );
    // A grid that lands full of Stars pays the Grand at once, with no respin:
    // 15 x 1.00 + 200.00 = 215.00 x bet. Random words: one, the 15 value draws of a
    // one-entry table (a given grid's Star values come several from one word, up to 32 for
    // the bound 1).
    let game = WishUponAStar::new(&fixed_model(
        GiftPrize::Cash(cash(500)),
        StarValue::Cash(cash(100)),
        (1, 25),
    ))
    .unwrap();
    let full = parse_grid("ST ST ST ST ST / ST ST ST ST ST / ST ST ST ST ST").unwrap();
    let mut rng = Script::new(vec![ANY]);
    let out = game.play_paid_spin_grid(&mut rng, &mut NoRecorder, &full);
    assert!(rng.used_up());
    assert_eq!((out.grands, out.win.hundredths()), (1, 21_500));
}

#[test]
fn jackpot_labels_pay_their_fixed_amounts() {
    use wish_upon_a_star::math_model::{GRAND, MAJOR, MINI, MINOR};
    assert_eq!(
        [MINI, MINOR, MAJOR, GRAND].map(|w| w.hundredths()),
        [2_000, 3_000, 5_000, 20_000]
    );
    assert_eq!(StarValue::Major.amount().hundredths(), 5_000);
    assert_eq!(GiftPrize::Minor.amount().hundredths(), 3_000);
    assert_eq!(GiftPrize::FreeSpins.amount().hundredths(), 0);
}

/// The overflow bounds (crate `slot_core::money`, "Overflow") at their extremes: the most
/// ways (3 x 3 x 3 x 3 x 3 = 243) of the highest pay (Elf for 5, 8.00) in a free spin (x2):
/// 243 x 800 = 194,400, x 2 = 388,800; and the most Lock & Spin pays: 15 Majors (50.00 each)
/// and the Grand (200.00) = 750.00 + 200.00 = 950.00 x bet = 95,000.
#[test]
fn the_largest_wins_are_exact() {
    let g = parse_grid("el el el el el / el el el el el / el el el el el").unwrap();
    let ev = evaluate_free_spin(&g);
    assert_eq!(ev.ways.len(), 1);
    let w = ev.ways[0];
    assert_eq!(
        (w.ways, w.pay.hundredths(), w.multiplier, w.win.hundredths()),
        (243, 194_400, 2, 388_800)
    );
    assert_eq!(ev.total.hundredths(), 388_800);

    let out = fill_from_six(StarValue::Major);
    assert_eq!(
        (
            out.stars,
            out.star_values.hundredths(),
            out.grand,
            out.win.hundredths()
        ),
        (15, 75_000, true, 95_000)
    );
}
