//! Lock & Spin one respin at a time ([`LockAndSpinState`],
//! [`WishUponAStar::lock_and_spin_respin`]): respins worked by hand from scripted words, and
//! the stepped feature equal to [`WishUponAStar::lock_and_spin`] (the same draws, Stars,
//! values, respins, events and generator state) from many random starts.

mod common;

use common::{ANY, NO_STAR, STAR, Script, cash, fixed_model};
use rand_pcg::Pcg64;
use slot_core::recorder::{EventLog, NoRecorder};
use wish_upon_a_star::events::Event;
use wish_upon_a_star::math_model::{GiftPrize, MathModel, Probability, StarValue};
use wish_upon_a_star::{LockAndSpinState, Rng, WishUponAStar};

/// All 15 cells.
const ALL: u64 = (1 << 15) - 1;

/// From 14 held Stars (cell 14 empty), respin chance 1/25, every Star worth 1.00: a respin
/// whose chance word says Star (then the value word) fills the grid: the new Star is cell
/// 14, 3 respins left, 1 played, over, the Grand: 15 x 100 + 20,000 = 21,500 hundredths. A
/// further call draws nothing (the script has no words left) and changes nothing.
#[test]
fn a_respin_that_fills_the_grid_ends_with_the_grand() {
    let star = StarValue::Cash(cash(100));
    let game = WishUponAStar::new(&fixed_model(GiftPrize::Cash(cash(500)), star, (1, 25))).unwrap();
    let mut state = LockAndSpinState::start(ALL & !(1 << 14));
    assert_eq!(
        (state.stars(), state.respins_left(), state.respins()),
        (14, 3, 0)
    );
    assert!(!state.is_over());
    let mut values = [star; 15];
    let mut rng = Script::new(vec![STAR, ANY]);
    let new = game.lock_and_spin_respin(&mut rng, &mut NoRecorder, &mut state, &mut values);
    assert!(rng.used_up());
    assert_eq!(new, 1 << 14);
    assert_eq!(
        (state.held(), state.respins_left(), state.respins()),
        (ALL, 3, 1)
    );
    assert!(state.is_full() && state.is_over());
    let before = state;
    let new = game.lock_and_spin_respin(&mut rng, &mut NoRecorder, &mut state, &mut values);
    assert_eq!((new, state), (0, before));
    let out = state.outcome(&values);
    assert_eq!(
        (out.stars, out.grand, out.respins, out.win.hundredths()),
        (15, true, 1, 21_500)
    );
}

/// From 13 held Stars (cells 13 and 14 empty), three respins without a Star (two chance
/// words each, one per empty cell) use the 3 respins up: 2, 1, 0 left, each recorded as a
/// `respin` event with no new Star; then over without the Grand: 13 x 100 = 1,300
/// hundredths. A start's bits past cell 14 are dropped.
#[test]
fn three_respins_without_a_star_end_the_feature() {
    let star = StarValue::Cash(cash(100));
    let game = WishUponAStar::new(&fixed_model(GiftPrize::Cash(cash(500)), star, (1, 25))).unwrap();
    let held = ALL & !(3 << 13);
    let mut state = LockAndSpinState::start(held | 1 << 15 | 1 << 40);
    assert_eq!(state.held(), held);
    let mut values = [star; 15];
    let mut rng = Script::new(vec![NO_STAR; 6]);
    let mut log = EventLog::default();
    let mut left = vec![];
    while !state.is_over() {
        let new = game.lock_and_spin_respin(&mut rng, &mut log, &mut state, &mut values);
        assert_eq!(new, 0);
        left.push(state.respins_left());
    }
    assert!(rng.used_up());
    assert_eq!(left, [2, 1, 0]);
    let respins: Vec<(u32, usize, u32, u32)> = log
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Respin {
                number,
                new_stars,
                held,
                respins_left,
            } => Some((*number, new_stars.len(), *held, *respins_left)),
            _ => None,
        })
        .collect();
    assert_eq!(respins, [(1, 0, 13, 2), (2, 0, 13, 1), (3, 0, 13, 0)]);
    let out = state.outcome(&values);
    assert_eq!(
        (out.stars, out.grand, out.respins, out.win.hundredths()),
        (13, false, 3, 1_300)
    );
}

/// The respin events of a log.
fn respins(log: &EventLog) -> Vec<Event> {
    log.events
        .iter()
        .filter(|e| matches!(e, Event::Respin { .. }))
        .cloned()
        .collect()
}

/// Stepping a Lock & Spin respin by respin with one generator is the feature: from 20,000
/// random starts each (every number of held Stars from 0 to 15, bits past cell 14 set at
/// random), on the published model and on one whose respin chance is 1/3 (so that the Grand
/// comes often), the held cells, the values, the respins, the outcome, the `respin` events
/// and the generator's state after it are those of [`WishUponAStar::lock_and_spin`] with a
/// generator in the same state.
#[test]
fn stepping_respin_by_respin_is_lock_and_spin() {
    let mut often = MathModel::standard();
    often.respin_star = Probability {
        numerator: 1,
        denominator: 3,
    };
    for (name, model) in [("standard", MathModel::standard()), ("p = 1/3", often)] {
        let game = WishUponAStar::new(&model).unwrap();
        let table = game.model().star_values.values().to_vec();
        let mut starts = Pcg64::new(20_261_204, 1);
        let (mut grands, mut respins_played) = (0, 0u64);
        for i in 0..20_000u64 {
            // A start: k of the 15 cells (k uniform 0..=15), chosen from a random mask, and
            // random bits above them.
            let k = starts.next_u32() % 16;
            let mut held = 0u64;
            while held.count_ones() < k {
                held |= 1 << (starts.next_u32() % 15);
            }
            let high = starts.next_u64() << 15;
            let mut values: [StarValue; 15] =
                std::array::from_fn(|_| table[starts.next_u32() as usize % table.len()]);
            let mut stepped_values = values;
            let mut whole = Pcg64::new(u128::from(i), 7);
            let mut stepped = whole.clone();
            let mut whole_log = EventLog::default();
            let out = game.lock_and_spin(&mut whole, &mut whole_log, held | high, &mut values);
            let mut state = LockAndSpinState::start(held | high);
            let mut stepped_log = EventLog::default();
            while !state.is_over() {
                game.lock_and_spin_respin(
                    &mut stepped,
                    &mut stepped_log,
                    &mut state,
                    &mut stepped_values,
                );
            }
            assert_eq!(state.outcome(&stepped_values), out, "{name}, start {i}");
            assert_eq!(
                (state.held(), state.respins()),
                (out.held, out.respins),
                "{name}, start {i}"
            );
            assert_eq!(stepped_values, values, "{name}, start {i}");
            assert_eq!(
                respins(&stepped_log),
                respins(&whole_log),
                "{name}, start {i}"
            );
            assert!(stepped == whole, "{name}, start {i}: the generators differ");
            assert_eq!(stepped.next_u64(), whole.next_u64());
            grands += u32::from(out.grand);
            respins_played += u64::from(out.respins);
        }
        // The starts reached the Grand and played respins (the comparison is not empty).
        assert!(
            grands > 100 && respins_played > 40_000,
            "{name}: {grands} Grands, {respins_played} respins"
        );
    }
}
