//! The events of a Stake Engine book in this project's compact form: a round's event log
//! ([`slot_core::events::EventLog`]) written small enough that 10^6 books of a mode stay under
//! the platform's 1 GB limit on a decompressed books file ([`book_events`]), read back to the
//! round's log exactly ([`log_of_book_events`]), and the payout recomputed from them alone
//! ([`paid_by_book_events`]).
//!
//! # The format ("compact events 1")
//!
//! `events` is a list of JSON objects, one per event of the round log, in the log's order; the
//! event's position in the list (from 0) is its index (the SDK's `index` field is not written:
//! it would only repeat the position). Each object has `type`, the event's name as the round
//! record writes it (`round_start`, `spin_start`, `landed`, `win`, `tumble`, `refill`,
//! `sequence_end`, `running_multiplier`, `meter`, `power`, `grid_cleared`,
//! `feature_triggered`, `awaiting_pick`, `picked`, `free_spins_awarded`, `gift_bonus`,
//! `lock_and_spin_start`, `respin`, `lock_and_spin_end`, `cap_reached`, `round_end`), and the
//! event's fields under short keys ([`KEYS`]: `m` multiplier, `g` grid, `c` cells, `p` paid,
//! ...; the module's table below). A field the round record leaves out (an absent option, an
//! empty list it skips) is left out here too. Every amount is in hundredths of the bet, as
//! the round record has it (`p: 150` is 1.50 x the bet).
//!
//! Values are the round record's, except four compact codes:
//!
//! * **Grids** (`g`): the round record's grid text (rows from the top separated by `/`, each
//!   cell's code, cells separated by spaces) with each cell written as **one character** of
//!   the game's grid alphabet ([`grid_alphabet`]; Moon Princess's `ci st he be pg pb pr W .`
//!   as `c s h b G B R W .`): `"sshcc/hBhss/..."`. A grid with a code outside the alphabet (or
//!   of a game without one) keeps its text, recognisable by its spaces.
//! * **Cell lists** (`c` cells, `rm` removed, `wd` wilds, `h` held): a string of two digits a
//!   cell, row then column, from 0 at the top left, in the record's order: `"000102"` is cells
//!   (0, 0), (0, 1), (0, 2). A cell `ce` of a Star (`sa`, `ns`) is its two digits. (A row or
//!   column above 9 keeps the record's list of pairs.)
//! * **Lines** (`l`): `r<n>` for row n, `c<n>` for column n (from 0).
//! * **`round_start`** writes only `md` (the stake mode); the game and the model's
//!   fingerprint are the export's (its `export.json`), the same for every book.
//!
//! | key | field | unit, meaning |
//! |---|---|---|
//! | `md` | mode | `standard` or `ante` (round_start) |
//! | `sp`, `no`, `fl` | spin, number, free_spins_left | `paid`, `trinity` or `free`; from 1; spins |
//! | `m` | multiplier | the multiplier in force (spin_start, win, tumble, sequence_end) |
//! | `g`, `rs`, `st` | grid, reel_set, stops | grid code; reel set (from 0); each reel's stop |
//! | `sa`, `ns` | stars, new_stars | lists of `{ce: cell, aw: {k: kind, am: amount}}` |
//! | `sy`, `by`, `c`, `n`, `l`, `wy` | symbol, pays, cells, count, line, ways | the win's symbol code, rule (`line`, `ways`, `anywhere`, `scatter`), cells, count, line, ways |
//! | `a`, `p`, `u` | pay, paid, uncapped | hundredths of the bet: the paytable amount, what is paid now (after the cap), the raw amount where the cap trimmed it |
//! | `rm`, `wd` | removed, wilds | cells (tumble) |
//! | `sw`, `ms` | symbol_win, multiplier_sum | hundredths of the bet; sum of the Multipliers (sequence_end) |
//! | `v` | value | the running multiplier |
//! | `se` | sections | Girl Power meter sections, 0 to 3 |
//! | `pw`, `so`, `fr`, `to`, `ss` | power, source, from, to, symbols | Girl Power: princess, why, Love's codes, Storm's codes |
//! | `ft`, `pk` | feature, pick | feature triggered; princess picked |
//! | `fs` | spins | free spins added (free_spins_awarded) |
//! | `re`, `aw` | reel, award | gift bonus reel (2 or 4), award `{k, am}` |
//! | `h`, `rp`, `rl` | held, respins, respins_left | Lock & Spin cells and counts |
//! | `sv`, `gd` | star_values, grand | hundredths of the bet; the Grand paid |
//! | `w`, `cp` | win, capped | hundredths of the bet: the round's win (round_end), the cap (cap_reached); the cap ended the round |
//! | `gm`, `mo`, `pb` | game, model, paid_before | (resumed only: never in a book) |
//!
//! The round's payout is the sum of the `p` fields, which equals `round_end`'s `w`
//! ([`paid_by_book_events`]; the record's reconciliation).

use serde_json::{Map, Value};
use slot_core::events::EventLog;
use slot_core::fingerprint::Fingerprint;

/// The round record's field names and their keys in a book, one to one.
pub const KEYS: &[(&str, &str)] = &[
    ("mode", "md"),
    ("game", "gm"),
    ("model", "mo"),
    ("spin", "sp"),
    ("number", "no"),
    ("free_spins_left", "fl"),
    ("multiplier", "m"),
    ("grid", "g"),
    ("reel_set", "rs"),
    ("stops", "st"),
    ("stars", "sa"),
    ("new_stars", "ns"),
    ("cell", "ce"),
    ("award", "aw"),
    ("kind", "k"),
    ("amount", "am"),
    ("symbol", "sy"),
    ("pays", "by"),
    ("cells", "c"),
    ("count", "n"),
    ("line", "l"),
    ("ways", "wy"),
    ("pay", "a"),
    ("paid", "p"),
    ("uncapped", "u"),
    ("removed", "rm"),
    ("wilds", "wd"),
    ("symbol_win", "sw"),
    ("multiplier_sum", "ms"),
    ("value", "v"),
    ("sections", "se"),
    ("power", "pw"),
    ("source", "so"),
    ("from", "fr"),
    ("to", "to"),
    ("symbols", "ss"),
    ("feature", "ft"),
    ("pick", "pk"),
    ("paid_before", "pb"),
    ("spins", "fs"),
    ("reel", "re"),
    ("held", "h"),
    ("respins", "rp"),
    ("respins_left", "rl"),
    ("star_values", "sv"),
    ("grand", "gd"),
    ("win", "w"),
    ("capped", "cp"),
];

/// The grid alphabet of a game by its command-line name: each cell code of its grid text and
/// the one character a book writes for it. Empty for a game without one (its grids keep their
/// text).
///
/// * `moon-princess`: `ci` c, `st` s, `he` h, `be` b, `pg` G, `pb` B, `pr` R, `W` W, `.` .
/// * `starlight-christmas`: `gy` y, `gt` t, `gg` g, `gb` b, `gr` r, `st` s, `mo` m, `he` h,
///   `su` u, `SC` S, `.` ., the Multipliers `x2` 2, `x3` 3, `x4` 4, `x5` 5, `x6` 6, `x8` 8,
///   `x10` A, `x12` B, `x15` C, `x20` D, `x25` E, `x50` F, `x100` G, `x250` H, `x500` I.
/// * `wish-upon-a-star`: `10` T, `J` J, `Q` Q, `K` K, `A` A, `be` b, `cc` c, `cd` d, `tr` t,
///   `el` e, `W` W, `BO` O, `ST` S, `.` .
#[must_use]
pub fn grid_alphabet(game: &str) -> &'static [(&'static str, char)] {
    match game {
        "moon-princess" => &[
            ("ci", 'c'),
            ("st", 's'),
            ("he", 'h'),
            ("be", 'b'),
            ("pg", 'G'),
            ("pb", 'B'),
            ("pr", 'R'),
            ("W", 'W'),
            (".", '.'),
        ],
        "starlight-christmas" => &[
            ("gy", 'y'),
            ("gt", 't'),
            ("gg", 'g'),
            ("gb", 'b'),
            ("gr", 'r'),
            ("st", 's'),
            ("mo", 'm'),
            ("he", 'h'),
            ("su", 'u'),
            ("SC", 'S'),
            (".", '.'),
            ("x2", '2'),
            ("x3", '3'),
            ("x4", '4'),
            ("x5", '5'),
            ("x6", '6'),
            ("x8", '8'),
            ("x10", 'A'),
            ("x12", 'B'),
            ("x15", 'C'),
            ("x20", 'D'),
            ("x25", 'E'),
            ("x50", 'F'),
            ("x100", 'G'),
            ("x250", 'H'),
            ("x500", 'I'),
        ],
        "wish-upon-a-star" => &[
            ("10", 'T'),
            ("J", 'J'),
            ("Q", 'Q'),
            ("K", 'K'),
            ("A", 'A'),
            ("be", 'b'),
            ("cc", 'c'),
            ("cd", 'd'),
            ("tr", 't'),
            ("el", 'e'),
            ("W", 'W'),
            ("BO", 'O'),
            ("ST", 'S'),
            (".", '.'),
        ],
        _ => &[],
    }
}

/// The key a book writes for a round record field (the field itself if [`KEYS`] has none).
fn short(key: &str) -> &str {
    KEYS.iter().find(|(k, _)| *k == key).map_or(key, |(_, s)| s)
}

/// The round record field of a book's key (the key itself if [`KEYS`] has none).
fn long(key: &str) -> &str {
    KEYS.iter().find(|(_, s)| *s == key).map_or(key, |(k, _)| k)
}

/// A grid text as a grid code (its text if a code is outside the alphabet).
fn grid_code(text: &str, alphabet: &[(&str, char)]) -> Option<String> {
    let mut out = String::with_capacity(text.len() / 2);
    for (r, row) in text.split('/').enumerate() {
        if r > 0 {
            out.push('/');
        }
        for cell in row.split(' ') {
            out.push(alphabet.iter().find(|(c, _)| *c == cell)?.1);
        }
    }
    Some(out)
}

/// A grid code as the round record's grid text (`None`: a character outside the alphabet).
fn grid_text(code: &str, alphabet: &[(&str, char)]) -> Option<String> {
    let mut rows = Vec::new();
    for row in code.split('/') {
        let cells: Option<Vec<&str>> = row
            .chars()
            .map(|ch| alphabet.iter().find(|(_, c)| *c == ch).map(|(t, _)| *t))
            .collect();
        rows.push(cells?.join(" "));
    }
    Some(rows.join("/"))
}

/// A cell `[r, c]` as its two digits, if both are below 10.
fn cell_digits(v: &Value, out: &mut String) -> bool {
    match v.as_array().map(Vec::as_slice) {
        Some([r, c]) => match (r.as_u64(), c.as_u64()) {
            (Some(r), Some(c)) if r < 10 && c < 10 => {
                out.push(char::from(b'0' + r as u8));
                out.push(char::from(b'0' + c as u8));
                true
            }
            _ => false,
        },
        _ => false,
    }
}

/// Two-digit cells as the record's list of `[r, c]`.
fn cells_of_digits(s: &str) -> Option<Value> {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(2) || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(Value::Array(
        b.chunks(2)
            .map(|p| Value::from(vec![p[0] - b'0', p[1] - b'0']))
            .collect(),
    ))
}

/// One field's value in a book.
fn compact_value(key: &str, v: Value, alphabet: &[(&str, char)]) -> Value {
    match (key, v) {
        ("grid", Value::String(text)) => Value::String(grid_code(&text, alphabet).unwrap_or(text)),
        ("cells" | "removed" | "wilds" | "held", Value::Array(list)) => {
            let mut s = String::with_capacity(list.len() * 2);
            if list.iter().all(|c| cell_digits(c, &mut s)) {
                Value::String(s)
            } else {
                Value::Array(list)
            }
        }
        ("cell", v) => {
            let mut s = String::with_capacity(2);
            if cell_digits(&v, &mut s) {
                Value::String(s)
            } else {
                v
            }
        }
        ("line", Value::Object(o)) => match o.iter().next() {
            Some((dir, n)) if o.len() == 1 && (dir == "row" || dir == "col") && n.is_u64() => {
                Value::String(format!("{}{}", &dir[..1], n))
            }
            _ => Value::Object(o),
        },
        (_, Value::Object(o)) => Value::Object(compact_object(o, alphabet)),
        (_, Value::Array(list)) => Value::Array(
            list.into_iter()
                .map(|x| match x {
                    Value::Object(o) => Value::Object(compact_object(o, alphabet)),
                    other => other,
                })
                .collect(),
        ),
        (_, v) => v,
    }
}

fn compact_object(o: Map<String, Value>, alphabet: &[(&str, char)]) -> Map<String, Value> {
    o.into_iter()
        .map(|(k, v)| {
            let v = compact_value(&k, v, alphabet);
            (short(&k).to_string(), v)
        })
        .collect()
}

/// One field's value as the round record has it (`None`: not a value of the format).
fn expand_value(key: &str, v: Value, alphabet: &[(&str, char)]) -> Option<Value> {
    Some(match (key, v) {
        ("grid", Value::String(code)) if !code.contains(' ') => {
            Value::String(grid_text(&code, alphabet)?)
        }
        ("cells" | "removed" | "wilds" | "held", Value::String(s)) => cells_of_digits(&s)?,
        ("cell", Value::String(s)) if s.len() == 2 => cells_of_digits(&s)?.get(0)?.clone(),
        ("line", Value::String(s)) => {
            let dir = match s.get(..1)? {
                "r" => "row",
                "c" => "col",
                _ => return None,
            };
            let mut o = Map::new();
            o.insert(dir.into(), Value::from(s.get(1..)?.parse::<u64>().ok()?));
            Value::Object(o)
        }
        (_, Value::Object(o)) => Value::Object(expand_object(o, alphabet)?),
        (_, Value::Array(list)) => Value::Array(
            list.into_iter()
                .map(|x| match x {
                    Value::Object(o) => expand_object(o, alphabet).map(Value::Object),
                    other => Some(other),
                })
                .collect::<Option<Vec<_>>>()?,
        ),
        (_, v) => v,
    })
}

fn expand_object(o: Map<String, Value>, alphabet: &[(&str, char)]) -> Option<Map<String, Value>> {
    o.into_iter()
        .map(|(k, v)| {
            let key = long(&k).to_string();
            expand_value(&key, v, alphabet).map(|v| (key, v))
        })
        .collect()
}

/// A round's event log as a book's events (the module's format) for game `game` (its
/// command-line name, which chooses the grid alphabet).
#[must_use]
pub fn book_events(log: &EventLog, game: &str) -> Value {
    let alphabet = grid_alphabet(game);
    let events = match serde_json::to_value(log) {
        Ok(Value::Object(mut o)) => o.remove("events").unwrap_or(Value::Array(Vec::new())),
        _ => Value::Array(Vec::new()),
    };
    let Value::Array(list) = events else {
        return Value::Array(Vec::new());
    };
    Value::Array(
        list.into_iter()
            .map(|e| match e {
                Value::Object(mut o) => {
                    let tag = o.remove("event").unwrap_or(Value::Null);
                    if tag == "round_start" {
                        o.remove("game");
                        o.remove("model");
                    }
                    let mut out = compact_object(o, alphabet);
                    out.insert("type".into(), tag);
                    Value::Object(out)
                }
                other => other,
            })
            .collect(),
    )
}

/// The event log a book's events map back to ([`book_events`] undone), `round_start` given
/// the export's game and model fingerprint: `None` if they are not such events (no `type`, a
/// code outside the format, a field the round record does not have).
#[must_use]
pub fn log_of_book_events(events: &Value, game: &str, model: &Fingerprint) -> Option<EventLog> {
    let alphabet = grid_alphabet(game);
    let list = events.as_array()?;
    let mut out = Vec::with_capacity(list.len());
    for e in list {
        let mut o = e.as_object()?.clone();
        let tag = o.remove("type")?;
        let mut full = expand_object(o, alphabet)?;
        if tag == "round_start" {
            full.insert("game".into(), Value::from(game));
            full.insert("model".into(), Value::from(model.to_string()));
        }
        full.insert("event".into(), tag);
        out.push(Value::Object(full));
    }
    let mut log = Map::new();
    log.insert("events".into(), Value::Array(out));
    EventLog::from_json(&Value::Object(log).to_string()).ok()
}

/// Why a book's events do not add up to a payout.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookEventsError {
    /// Not a list of events ending with one `round_end`.
    #[error("the events are not a list of objects ending with one round_end (its `w`, the win)")]
    NoRoundEnd,
    /// A `p` (paid) that is not an unsigned integer.
    #[error("event {index}: `p` (paid) must be an unsigned integer of hundredths of the bet")]
    Paid {
        /// The event's position.
        index: usize,
    },
    /// The paid amounts do not add up to `round_end`'s win.
    #[error("the events pay {paid} hundredths in all but round_end's `w` says {win}")]
    Mismatch {
        /// The sum of the `p` fields.
        paid: u128,
        /// `round_end`'s `w`.
        win: u64,
    },
}

/// The round's win recomputed from a book's events alone: the sum of every event's `p`
/// (paid), which must equal the `w` of `round_end`, the last event and the only one.
///
/// # Errors
/// [`BookEventsError`]: not events of the format, or amounts that do not add up.
pub fn paid_by_book_events(events: &Value) -> Result<u64, BookEventsError> {
    let list = events.as_array().ok_or(BookEventsError::NoRoundEnd)?;
    let is_end = |e: &Value| e.get("type").and_then(Value::as_str) == Some("round_end");
    let last = list.last().filter(|e| is_end(e));
    let win = last
        .and_then(|e| e.get("w"))
        .and_then(Value::as_u64)
        .ok_or(BookEventsError::NoRoundEnd)?;
    if list.iter().filter(|e| is_end(e)).count() != 1 {
        return Err(BookEventsError::NoRoundEnd);
    }
    let mut paid: u128 = 0;
    for (index, e) in list.iter().enumerate() {
        if let Some(p) = e.get("p") {
            paid += u128::from(p.as_u64().ok_or(BookEventsError::Paid { index })?);
        }
    }
    if paid != u128::from(win) {
        return Err(BookEventsError::Mismatch { paid, win });
    }
    Ok(win)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_are_one_to_one_and_never_a_field_of_another_meaning() {
        for (i, (k, s)) in KEYS.iter().enumerate() {
            for (k2, s2) in &KEYS[i + 1..] {
                assert_ne!(k, k2);
                assert_ne!(s, s2, "{k} and {k2} share the key {s}");
            }
            // A short key that is also a field name must be that field's own key.
            if let Some((k3, _)) = KEYS.iter().find(|(k3, _)| k3 == s) {
                assert_eq!(k3, k, "{s} is {k}'s key and the field {k3}");
            }
        }
    }

    #[test]
    fn each_alphabet_is_one_to_one() {
        for game in ["moon-princess", "starlight-christmas", "wish-upon-a-star"] {
            let a = grid_alphabet(game);
            for (i, (c, ch)) in a.iter().enumerate() {
                assert!(!ch.is_whitespace() && *ch != '/');
                for (c2, ch2) in &a[i + 1..] {
                    assert!(c != c2 && ch != ch2, "{game}: {c} {c2}");
                }
            }
        }
    }

    /// A Moon Princess win and tumble written by hand, as the round record has them and as a
    /// book writes them.
    #[test]
    fn a_win_and_a_tumble_written_by_hand_map_both_ways() {
        let model = Fingerprint::of_bytes(b"m");
        let record = json!({"events": [
            {"event": "round_start", "game": "moon-princess", "mode": "standard",
             "model": model.to_string()},
            {"event": "landed", "grid": "st st st ci ci/he pb he st st/pr pr be pr pb/ci he ci ci pr/st ci he he W", "reel_set": 0, "stops": [5, 6, 14, 17, 7]},
            {"event": "win", "symbol": "st", "pays": "line", "cells": [[0, 0], [0, 1], [0, 2]],
             "count": 3, "line": {"row": 0}, "pay": 10, "multiplier": 2, "paid": 20},
            {"event": "tumble", "removed": [[0, 0], [0, 1], [0, 2]], "wilds": [[0, 1]],
             "multiplier": 3, "grid": ". W . ci ci/he pb he st st/pr pr be pr pb/ci he ci ci pr/st ci he he W"},
            {"event": "round_end", "win": 20, "capped": false},
        ]});
        let log = EventLog::from_json(&record.to_string()).unwrap();
        let book = book_events(&log, "moon-princess");
        assert_eq!(
            book,
            json!([
                {"type": "round_start", "md": "standard"},
                {"type": "landed", "g": "ssscc/hBhss/RRbRB/chccR/schhW", "rs": 0, "st": [5, 6, 14, 17, 7]},
                {"type": "win", "sy": "st", "by": "line", "c": "000102", "n": 3, "l": "r0",
                 "a": 10, "m": 2, "p": 20},
                {"type": "tumble", "rm": "000102", "wd": "01", "m": 3,
                 "g": ".W.cc/hBhss/RRbRB/chccR/schhW"},
                {"type": "round_end", "w": 20, "cp": false},
            ])
        );
        assert_eq!(
            log_of_book_events(&book, "moon-princess", &model),
            Some(log)
        );
        assert_eq!(paid_by_book_events(&book), Ok(20));
    }

    #[test]
    fn a_grid_outside_the_alphabet_keeps_its_text_and_reads_back() {
        let model = Fingerprint::of_bytes(b"m");
        let record = json!({"events": [
            {"event": "landed", "grid": "10 J Q/K A W"},
            {"event": "round_end", "win": 0, "capped": false},
        ]});
        let log = EventLog::from_json(&record.to_string()).unwrap();
        // A game without an alphabet (a studio's own game): the text stays.
        let book = book_events(&log, "a-studio-game");
        assert_eq!(book[0]["g"], "10 J Q/K A W");
        assert_eq!(
            log_of_book_events(&book, "a-studio-game", &model),
            Some(log.clone())
        );
        // Wish Upon a Star's alphabet has every code.
        let book = book_events(&log, "wish-upon-a-star");
        assert_eq!(book[0]["g"], "TJQ/KAW");
        assert_eq!(
            log_of_book_events(&book, "wish-upon-a-star", &model),
            Some(log)
        );
    }

    #[test]
    fn paid_amounts_that_do_not_add_up_are_named() {
        let ok = json!([{"type": "win", "p": 150}, {"type": "sequence_end", "p": 50},
                        {"type": "round_end", "w": 200, "cp": false}]);
        assert_eq!(paid_by_book_events(&ok), Ok(200));
        let off = json!([{"type": "win", "p": 150}, {"type": "round_end", "w": 200}]);
        assert_eq!(
            paid_by_book_events(&off),
            Err(BookEventsError::Mismatch {
                paid: 150,
                win: 200
            })
        );
        let no_end = json!([{"type": "win", "p": 150}]);
        assert_eq!(
            paid_by_book_events(&no_end),
            Err(BookEventsError::NoRoundEnd)
        );
        let two_ends = json!([{"type": "round_end", "w": 0}, {"type": "round_end", "w": 0}]);
        assert_eq!(
            paid_by_book_events(&two_ends),
            Err(BookEventsError::NoRoundEnd)
        );
        let bad = json!([{"type": "win", "p": -1}, {"type": "round_end", "w": 0}]);
        assert_eq!(
            paid_by_book_events(&bad),
            Err(BookEventsError::Paid { index: 0 })
        );
    }
}
