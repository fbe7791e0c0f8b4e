//! Outcome equivalence: a build with one changed draw is caught, naming the round.

use slot_core::Game;
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

#[test]
fn a_record_of_the_wrong_shape_is_refused_with_a_typed_error_naming_the_field() {
    use slot_sim::equivalence::{EquivalenceRecord, FORMAT, RecordError, ShapeError};
    let entry = record(
        &StarlightChristmas::standard(),
        "standard",
        BetMode::Ante,
        1,
        3,
    );
    let good = EquivalenceRecord {
        format: FORMAT,
        entries: vec![entry.clone()],
    };
    assert_eq!(EquivalenceRecord::from_json(&good.to_json()).unwrap(), good);
    let empty = EquivalenceRecord {
        format: FORMAT,
        entries: vec![],
    };
    assert_eq!(empty.check_shape(), Err(RecordError::NoEntries));
    let other = good.to_json().replace("\"format\": 1", "\"format\": 7");
    assert_eq!(
        EquivalenceRecord::from_json(&other),
        Err(RecordError::Format(7))
    );
    let mut cut = entry.clone();
    cut.round_digests.truncate(2 * ROUND_DIGITS + 1);
    let e = EquivalenceRecord {
        format: FORMAT,
        entries: vec![entry.clone(), cut],
    }
    .check_shape()
    .unwrap_err();
    assert_eq!(
        e,
        RecordError::Entry {
            index: 1,
            game: "starlight-christmas".into(),
            model: "standard".into(),
            mode: "ante".into(),
            seed: 1,
            error: ShapeError::RoundDigests {
                chars: 17,
                held: 2,
                hex: true,
                rounds: 3
            }
        }
    );
    assert!(e.to_string().starts_with(
        "entry 1 (starlight-christmas model standard mode ante, seed 1): round_digests holds 17 characters (2 whole round digests), but rounds is 3"
    ));
    let mut upper = entry.clone();
    upper.digest = upper.digest.to_uppercase();
    assert!(
        upper.digest.bytes().any(|b| b.is_ascii_uppercase()),
        "the digest has letters"
    );
    assert_eq!(
        upper.check_shape(),
        Err(ShapeError::NotSha256 {
            field: "digest",
            chars: 64
        })
    );
}

#[test]
fn an_entry_naming_what_the_game_does_not_have_is_refused_not_replayed() {
    use slot_sim::equivalence::{EntryError, replay};
    let mut entry = record(
        &StarlightChristmas::standard(),
        "standard",
        BetMode::Ante,
        2,
        2,
    );
    assert!(replay::<StarlightChristmas>(0, &entry).unwrap().is_ok());
    entry.model = "/etc/passwd".into();
    let e = replay::<StarlightChristmas>(0, &entry).unwrap_err();
    assert!(matches!(e, EntryError::Model { .. }), "{e}");
    assert!(
        e.to_string().contains("no shipped model of the game"),
        "{e}"
    );
    entry.model = "standard".into();
    entry.mode = "turbo".into();
    let e = replay::<StarlightChristmas>(4, &entry).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("entry 4 (starlight-christmas, standard) names the mode 'turbo'"),
        "{e}"
    );
    // Every shipped model and mode of the game, in order.
    let all = slot_sim::equivalence::record_game::<StarlightChristmas>(2, 2).unwrap();
    assert_eq!(
        all.len(),
        StarlightChristmas::MODEL_NAMES.len() * StarlightChristmas::MODES.len()
    );
    assert!(all.iter().any(|e| {
        e.mode == "ante"
            && e.round_digests
                == record(
                    &StarlightChristmas::standard(),
                    "standard",
                    BetMode::Ante,
                    2,
                    2,
                )
                .round_digests
    }));
}
