//! `play`'s readable form of a round: one line per event, the same code for the three games
//! (they share one event vocabulary, [`slot_core::events`]).

use slot_core::events::{Award, AwardKind, Event, EventLog, Feature, SpinKind};
use slot_core::money::Win;

fn x(w: Win) -> String {
    format!("{:.2}", w.x_bet())
}

fn award(a: &Award) -> String {
    match a.kind {
        AwardKind::Cash => format!("cash {}", x(a.amount)),
        AwardKind::FreeSpins => "10 free spins".into(),
        k => format!("{k:?} ({})", x(a.amount)),
    }
}

fn trimmed(paid: Win, uncapped: Option<Win>) -> String {
    match uncapped {
        Some(u) => format!("{} (trimmed by the cap from {})", x(paid), x(u)),
        None => x(paid),
    }
}

/// One readable line for an event (amounts as multiples of the bet).
pub fn describe(e: &Event) -> String {
    match e {
        Event::RoundStart { game, mode, model } => format!(
            "round of {} ({mode:?}), model {}",
            game.name(),
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
            let stops = stops
                .as_ref()
                .map_or(String::new(), |s| format!("  stops {s:?}"));
            let stars = stars.as_ref().map_or(String::new(), |s| {
                let v: Vec<String> = s
                    .iter()
                    .map(|st| format!("{:?} {}", st.cell, award(&st.award)))
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
            line,
            ways,
            pay,
            multiplier,
            paid,
            uncapped,
            ..
        } => {
            let how = match (line, ways) {
                (Some(l), _) => format!(" on {l:?}"),
                (_, Some(w)) => format!(" ({w} ways)"),
                _ => String::new(),
            };
            let m = multiplier.map_or(String::new(), |m| format!(" x{m}"));
            let money = paid.map_or(String::from(" (paid when the sequence ends)"), |p| {
                format!(" -> {}", trimmed(p, *uncapped))
            });
            format!(
                "  win       {count} {symbol} {pays:?}{how}: {}{m}{money}",
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
                _ => format!("{} cells", cells.len()),
            };
            format!("  power     {power:?} ({source:?}): {what}: {grid}")
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
        Event::Picked { pick } => format!("  picked    {pick:?}"),
        Event::FreeSpinsAwarded {
            spins,
            source,
            free_spins_left,
        } => format!("  +{spins} free spins ({source:?}), {free_spins_left} to play"),
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

/// Prints the round's log: JSON (`{"events": [...]}`), or one line per event.
pub fn print_log(log: &EventLog, json: bool) {
    if json {
        println!("{}", log.to_json());
    } else {
        for e in &log.events {
            println!("{}", describe(e));
        }
    }
}
