//! Outcome equivalence: a build with one changed draw is caught, naming the round.

use slot_sim::equivalence::{ROUND_DIGITS, check, record};
use starlight_christmas::{BetMode, MathModel, StarlightChristmas};

#[test]
fn the_same_build_passes_and_one_changed_weight_is_named_by_its_first_round() {
    let game = StarlightChristmas::standard();
    let entry = record(&game, "standard", BetMode::Standard, 7, 300);
    assert_eq!(entry.round_digests.len(), 300 * ROUND_DIGITS);
    check(&game, &entry).unwrap();

    // "A build with one changed draw": one unit of the base game's weight moved from one
    // paying symbol to the next (the table's total stays a power of two). Every cell drawn
    // from that table can come out differently from its first round on; the check names the
    // first round that differs and the command that shows it.
    let mut model = MathModel::standard();
    model.base.paying[0] += 1;
    model.base.paying[1] -= 1;
    let changed = StarlightChristmas::new(&model).unwrap();
    let d = check(&changed, &entry).unwrap_err();
    let k = d.round.expect("a round is named");
    // It is the first round whose log differs, found independently.
    let first = (0..300)
        .find(|&i| {
            let a = slot_core::replay::replay_game_round(&game, BetMode::Standard, 7, i).1;
            let b = slot_core::replay::replay_game_round(&changed, BetMode::Standard, 7, i).1;
            a != b
        })
        .unwrap();
    assert_eq!(k, first);
    let text = d.to_string();
    assert!(
        text.contains(&format!("round {k} differs"))
            && text.contains("starlight-christmas model standard mode standard, seed 7")
            && text.contains(&format!("--seed 7 --round {k}"))
            && text.contains("the model differs too"),
        "{text}"
    );

    // One corrupted digest in a copy of the record: that round is named.
    let mut copy = entry.clone();
    let at = 123 * ROUND_DIGITS;
    let flipped = if &copy.round_digests[at..at + 1] == "0" {
        "1"
    } else {
        "0"
    };
    copy.round_digests.replace_range(at..at + 1, flipped);
    let d = check(&game, &copy).unwrap_err();
    assert_eq!(d.round, Some(123));
    // A corrupted entry digest alone is reported without a round.
    let mut copy = entry.clone();
    copy.digest = "0".repeat(64);
    assert_eq!(check(&game, &copy).unwrap_err().round, None);
}
