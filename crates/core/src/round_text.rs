//! A round's event log as readable text: one line per event, amounts as multiples of the
//! bet, names in words (`standard`, `row 3`, `free spin`), the same code for every game since
//! they share one event vocabulary ([`crate::events`]). The runner's `play` prints it; a
//! server's support tool or a notebook may show it beside the JSON record.
//!
//! Positions are counted from 1 here, for people: `row 1` is the top row, `column 1` (reel 1)
//! the leftmost; the JSON record counts from 0 (`{"row": 0}`, cells `[row, col]`).

use crate::events::{
    Award, AwardKind, AwardSource, Cell, Event, EventLog, Feature, PayRule, PowerSource, Princess,
    SpinKind, StakeMode,
};
use crate::lines::Line;
use crate::money::Win;

fn x(w: Win) -> String {
    format!("{:.2}", w.x_bet())
}

fn award(a: &Award) -> String {
    let kind = match a.kind {
        AwardKind::Cash => return format!("cash {}", x(a.amount)),
        AwardKind::FreeSpins => return "10 free spins".into(),
        AwardKind::Mini => "Mini",
        AwardKind::Minor => "Minor",
        AwardKind::Major => "Major",
        AwardKind::Grand => "Grand",
    };
    format!("{kind} ({})", x(a.amount))
}

fn trimmed(paid: Win, uncapped: Option<Win>) -> String {
    match uncapped {
        Some(u) => format!("{} (trimmed by the cap from {})", x(paid), x(u)),
        None => x(paid),
    }
}

fn cell(c: Cell) -> String {
    format!("row {} reel {}", c[0] + 1, c[1] + 1)
}

fn line(l: Line) -> String {
    match l {
        Line::Row(r) => format!("row {}", r + 1),
        Line::Col(c) => format!("column {}", c + 1),
    }
}

fn stake(m: StakeMode) -> &'static str {
    match m {
        StakeMode::Standard => "standard",
        StakeMode::Ante => "ante",
    }
}

fn rule(p: PayRule) -> &'static str {
    match p {
        PayRule::Line => "in a line",
        PayRule::Ways => "ways",
        PayRule::Anywhere => "anywhere",
        PayRule::Scatter => "scatter",
    }
}

fn princess(p: Princess) -> &'static str {
    match p {
        Princess::Love => "Love",
        Princess::Star => "Star",
        Princess::Storm => "Storm",
    }
}

fn power_source(s: PowerSource) -> &'static str {
    match s {
        PowerSource::Random => "random",
        PowerSource::Trinity => "Trinity spin",
        PowerSource::FreeSpin => "free spin",
    }
}

fn award_source(s: AwardSource) -> &'static str {
    match s {
        AwardSource::Scatter => "scatters",
        AwardSource::Retrigger => "retrigger",
        AwardSource::Gift => "gift",
        AwardSource::Pick => "pick",
        AwardSource::Meter => "full meter",
    }
}

/// One readable line for an event (amounts as multiples of the bet, two decimals).
pub fn describe(e: &Event) -> String {
    match e {
        Event::RoundStart { game, mode, model } => format!(
            "round of {} ({} stake), model {}",
            game.name(),
            stake(*mode),
            model.short()
        ),
        Event::SpinStart {
            spin,
            number,
            free_spins_left,
            multiplier,
        } => {
            let kind = match spin {
                SpinKind::Paid => "paid spin".to_string(),
                SpinKind::Trinity => format!("Trinity spin {number}"),
                SpinKind::Free => format!("free spin {number}"),
            };
            let left = free_spins_left.map_or(String::new(), |l| format!(", {l} left"));
            let m = multiplier.map_or(String::new(), |m| format!(", x{m}"));
            format!("== {kind}{left}{m}")
        }
        Event::Landed {
            grid, stops, stars, ..
        } => {
            let stops = stops.as_ref().map_or(String::new(), |s| {
                let v: Vec<String> = s.iter().map(u32::to_string).collect();
                format!("  stops {}", v.join(" "))
            });
            let stars = stars.as_ref().map_or(String::new(), |s| {
                let v: Vec<String> = s
                    .iter()
                    .map(|st| format!("{} {}", cell(st.cell), award(&st.award)))
                    .collect();
                if v.is_empty() {
                    String::new()
                } else {
                    format!("  Stars: {}", v.join(", "))
                }
            });
            format!("  landed    {grid}{stops}{stars}")
        }
        Event::Win {
            symbol,
            pays,
            count,
            line: on,
            ways,
            pay,
            multiplier,
            paid,
            uncapped,
            ..
        } => {
            let how = match (on, ways) {
                (Some(l), _) => format!(" on {}", line(*l)),
                (_, Some(w)) => format!(" ({w} ways)"),
                _ => String::new(),
            };
            let m = multiplier.map_or(String::new(), |m| format!(" x{m}"));
            let money = paid.map_or(String::from(" (paid when the sequence ends)"), |p| {
                format!(" -> {}", trimmed(p, *uncapped))
            });
            format!(
                "  win       {count} {symbol} {}{how}: {}{m}{money}",
                rule(*pays),
                x(*pay)
            )
        }
        Event::Tumble {
            removed,
            wilds,
            multiplier,
            grid,
        } => {
            let w = if wilds.is_empty() {
                String::new()
            } else {
                format!(", {} Wilds placed", wilds.len())
            };
            let m = multiplier.map_or(String::new(), |m| format!(", multiplier x{m}"));
            format!("  tumble    {} cells removed{w}{m}: {grid}", removed.len())
        }
        Event::Refill { grid } => format!("  refill    {grid}"),
        Event::SequenceEnd {
            symbol_win,
            multiplier_sum,
            multiplier,
            paid,
            uncapped,
        } => format!(
            "  sequence  symbol wins {} x{multiplier} (Multipliers on the grid: {multiplier_sum}) -> {}",
            x(*symbol_win),
            trimmed(*paid, *uncapped)
        ),
        Event::RunningMultiplier { value } => format!("  running multiplier now x{value}"),
        Event::Meter { sections } => format!("  meter     {sections}/3"),
        Event::Power {
            power,
            source,
            from,
            to,
            symbols,
            cells,
            grid,
        } => {
            let what = match (from, to) {
                (Some(f), Some(t)) => format!("{f} -> {t}"),
                _ if !symbols.is_empty() => format!("removes {}", symbols.join(", ")),
                _ if cells.len() == 1 => "1 cell".into(),
                _ => format!("{} cells", cells.len()),
            };
            format!(
                "  power     {} ({}): {what}: {grid}",
                princess(*power),
                power_source(*source)
            )
        }
        Event::GridCleared { paid, uncapped } => {
            format!("  grid cleared, pays {}", trimmed(*paid, *uncapped))
        }
        Event::FeatureTriggered { feature } => match feature {
            Feature::FreeSpins => "  FREE SPINS triggered".into(),
            Feature::TrinitySpin => "  TRINITY spin awarded".into(),
        },
        Event::AwaitingPick => "  waiting for the player's pick".into(),
        Event::Resumed { paid_before, .. } => {
            format!(
                "  resumed   after the pause, {} paid before it",
                x(*paid_before)
            )
        }
        Event::Picked { pick } => format!("  picked    {}", princess(*pick)),
        Event::FreeSpinsAwarded {
            spins,
            source,
            free_spins_left,
        } => format!(
            "  +{spins} free spins ({}), {free_spins_left} to play",
            award_source(*source)
        ),
        Event::GiftBonus {
            reel,
            award: a,
            paid,
        } => {
            format!("  gift      reel {reel}: {} -> {}", award(a), x(*paid))
        }
        Event::LockAndSpinStart { held, respins } => {
            format!("  LOCK & SPIN with {} Stars, {respins} respins", held.len())
        }
        Event::Respin {
            number,
            new_stars,
            held,
            respins_left,
        } => format!(
            "  respin {number}: {} new Stars, {held} held, {respins_left} respins left",
            new_stars.len()
        ),
        Event::LockAndSpinEnd {
            stars,
            star_values,
            grand,
            paid,
            uncapped,
        } => format!(
            "  lock & spin ends: {stars} Stars worth {}{} -> {}",
            x(*star_values),
            if *grand { " + GRAND" } else { "" },
            trimmed(*paid, *uncapped)
        ),
        Event::CapReached { win } => format!("  CAP reached: {} x bet, the round ends", x(*win)),
        Event::RoundEnd { win, capped } => format!(
            "== round win {} x bet{}",
            x(*win),
            if *capped { " (capped)" } else { "" }
        ),
    }
}

/// The whole log, one [`describe`] line per event, each ending in a newline.
pub fn log_text(log: &EventLog) -> String {
    log.events.iter().map(|e| describe(e) + "\n").collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::GameId;
    use crate::fingerprint::Fingerprint;

    /// Words, not Rust names: the stake mode, the line (counted from 1), the power's source,
    /// the pick, the award source; amounts as multiples of the bet.
    #[test]
    fn events_read_in_words() {
        let model = Fingerprint::of(&[1u8, 2, 3]);
        let start = Event::RoundStart {
            game: GameId::new("moon-princess"),
            mode: StakeMode::Ante,
            model,
        };
        assert_eq!(
            describe(&start),
            format!(
                "round of moon-princess (ante stake), model {}",
                model.short()
            )
        );
        let win = Event::Win {
            symbol: "pg".into(),
            pays: PayRule::Line,
            count: 4,
            line: Some(Line::Col(2)),
            ways: None,
            cells: vec![],
            pay: Win::from_hundredths(150),
            multiplier: Some(3),
            paid: Some(Win::from_hundredths(450)),
            uncapped: None,
        };
        assert_eq!(
            describe(&win),
            "  win       4 pg in a line on column 3: 1.50 x3 -> 4.50"
        );
        let awarded = Event::FreeSpinsAwarded {
            spins: 4,
            source: AwardSource::Meter,
            free_spins_left: 9,
        };
        assert_eq!(
            describe(&awarded),
            "  +4 free spins (full meter), 9 to play"
        );
        let end = Event::RoundEnd {
            win: Win::from_hundredths(500_000),
            capped: true,
        };
        assert_eq!(describe(&end), "== round win 5000.00 x bet (capped)");
        let log = EventLog {
            events: vec![
                Event::Picked {
                    pick: Princess::Storm,
                },
                end,
            ],
        };
        assert_eq!(
            log_text(&log),
            "  picked    Storm\n== round win 5000.00 x bet (capped)\n"
        );
    }
}
