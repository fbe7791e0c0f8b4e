//! Runner commands of Starlight Christmas.

use crate::driver;
use crate::gof::Tally;
use crate::runner::{self, CliError, CliResult, EvalOutput, EvalWin, mask_cells, reject};
use crate::{EvalArgs, ExactArgs, PlayArgs, SimArgs, TuneArgs};
use slot_core::recorder::{EventLog, NoRecorder};
use slot_core::sim::{SimRng, replay_round};
use starlight_christmas::math_model::MathModel;
use starlight_christmas::paytable::evaluate_grid;
use starlight_christmas::symbols::{NAMES, SHAPE, TEXT_CODES, parse_grid};
use starlight_christmas::{BetMode, StarlightChristmas};
use xtask::facts::{STARLIGHT_CHRISTMAS_TARGET_RTP as TARGET_RTP, starlight_christmas as facts};

const GAME: &str = "starlight-christmas";
/// Default rounds of `sim`: a few seconds on two cores.
const DEFAULT_ROUNDS: u64 = 2_000_000;

fn mode(ante: bool) -> BetMode {
    if ante {
        BetMode::Ante
    } else {
        BetMode::Standard
    }
}

pub fn sim(a: &SimArgs) -> CliResult {
    reject(a.choice.is_some(), "--choice", GAME, "moon-princess")?;
    let game = match &a.model {
        None => StarlightChristmas::standard(),
        Some(path) => StarlightChristmas::new(&load_model(path)?)?,
    };
    let model = match &a.model {
        None => MathModel::standard(),
        Some(path) => load_model(path)?,
    };
    let m = mode(a.ante);
    let gof = |seed, first, rounds| {
        crate::gof::replay(
            seed,
            first,
            rounds,
            &|| gof_tallies(&model, m),
            |rng: &mut SimRng, log: &mut EventLog| {
                game.play_round(m, rng, log);
            },
            gof_count,
        )
    };
    driver::sim(
        a,
        &facts(m),
        game.fingerprint(),
        DEFAULT_ROUNDS,
        |rng: &mut SimRng| game.play_round(m, rng, &mut NoRecorder).summary(),
        &gof,
    )?;
    Ok(())
}

/// The random inputs of a round in mode `m`, in [`gof_count`]'s order: the base game's cells
/// (the mode's table: the Scatter, the nine paying symbols, the Multiplier), the free spins'
/// cells, the base-game and the free-spin Multiplier values.
fn gof_tallies(model: &MathModel, m: BetMode) -> Vec<Tally> {
    let cells = |w: &starlight_christmas::math_model::CellWeights| -> Vec<u64> {
        std::iter::once(w.scatter)
            .chain(w.paying)
            .chain(std::iter::once(w.multiplier))
            .map(u64::from)
            .collect()
    };
    let base = match m {
        BetMode::Standard => &model.base,
        BetMode::Ante => &model.ante_base,
    };
    let values = |w: &[u32; 15]| w.iter().map(|&x| u64::from(x)).collect();
    vec![
        Tally::new(format!("{} base game cells", m.name()), cells(base)),
        Tally::new("free-spin cells", cells(&model.free_spins)),
        Tally::new(
            "base-game Multiplier values",
            values(&model.base_multiplier_values),
        ),
        Tally::new(
            "free-spin Multiplier values",
            values(&model.free_spin_multiplier_values),
        ),
    ]
}

/// Counts one round's draws: every cell of a landed grid and every cell a refill filled (the
/// cells empty after the tumble), in the base game or the free spins; the value of every new
/// Multiplier.
fn gof_count(t: &mut [Tally], log: &EventLog) {
    use slot_core::events::{Event, SpinKind};
    use starlight_christmas::symbols::{MULTIPLIER, SCATTER, parse_code};
    let mut free = false;
    let mut emptied: Vec<bool> = Vec::new();
    let draw = |t: &mut [Tally], free: bool, code: &str| {
        let Some(c) = parse_code(code) else { return };
        let (cells, values) = if free { (1, 3) } else { (0, 2) };
        if c == SCATTER {
            t[cells].add(0);
        } else if c < SCATTER {
            t[cells].add(1 + c as usize);
        } else {
            t[cells].add(10);
            t[values].add((c - MULTIPLIER) as usize);
        }
    };
    for e in &log.events {
        match e {
            Event::SpinStart { spin, .. } => free = *spin == SpinKind::Free,
            Event::Landed { grid, .. } => {
                for c in crate::gof::cells(grid) {
                    draw(t, free, c);
                }
            }
            Event::Tumble { grid, .. } => {
                emptied = crate::gof::cells(grid).iter().map(|c| *c == ".").collect();
            }
            Event::Refill { grid } => {
                for (c, was_empty) in crate::gof::cells(grid).into_iter().zip(&emptied) {
                    if *was_empty {
                        draw(t, free, c);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Reads a math model file (JSON), with errors naming the file and the problem.
fn load_model(path: &std::path::Path) -> Result<MathModel, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        CliError(format!(
            "cannot read the model file {}: {e}",
            path.display()
        ))
    })?;
    serde_json::from_str(&text).map_err(|e| {
        CliError(format!(
            "the model file {} is not a Starlight Christmas math model: {e}",
            path.display()
        ))
    })
}

pub fn eval(a: &EvalArgs) -> CliResult {
    reject(
        a.free_spins,
        "--free-spins",
        GAME,
        "moon-princess and wish-upon-a-star",
    )?;
    reject(
        a.multiplier.is_some(),
        "--multiplier",
        GAME,
        "moon-princess",
    )?;
    let grid = parse_grid(&a.grid)?;
    let e = evaluate_grid(&grid);
    let m = e.multiplier_sum.max(1) as u64;
    let mut wins: Vec<EvalWin> = e
        .wins
        .iter()
        .map(|w| EvalWin {
            symbol: TEXT_CODES[w.symbol as usize].to_string(),
            name: NAMES[w.symbol as usize].to_string(),
            cells: mask_cells(w.cells, SHAPE.cols as usize),
            count: w.count,
            multiplier: m,
            win: w.win.times(m).x_bet(),
        })
        .collect();
    if !e.scatter_win.is_zero() {
        let cells = grid.plane(starlight_christmas::symbols::SCATTER);
        wins.push(EvalWin {
            symbol: "SC".into(),
            name: "Scatter".into(),
            cells: mask_cells(cells, SHAPE.cols as usize),
            count: e.scatters,
            multiplier: 1,
            win: e.scatter_win.x_bet(),
        });
    }
    let mut extra = serde_json::Map::new();
    extra.insert("symbol_win".into(), e.symbol_win.x_bet().into());
    extra.insert("multiplier_sum".into(), e.multiplier_sum.into());
    extra.insert("scatters".into(), e.scatters.into());
    extra.insert("scatter_win".into(), e.scatter_win.x_bet().into());
    extra.insert("free_spins_triggered".into(), (e.scatters >= 4).into());
    EvalOutput {
        wins,
        total: e.total.x_bet(),
        paid: e.paid.x_bet(),
        extra,
    }
    .print(a.json)
}

pub fn play(a: &PlayArgs) -> CliResult {
    reject(a.choice.is_some(), "--choice", GAME, "moon-princess")?;
    let game = match &a.model {
        None => StarlightChristmas::standard(),
        Some(name) => StarlightChristmas::new(&runner::named_model(
            GAME,
            name,
            &MathModel::NAMES,
            MathModel::named,
        )?)?,
    };
    let m = mode(a.ante);
    let (out, log) = replay_round(a.seed, a.round, |g, mut rec| {
        game.play_round(m, g, &mut rec)
    });
    if !a.json {
        println!("{GAME} ({}), seed {}, round {}", m.name(), a.seed, a.round);
    }
    crate::render::print_log(&log, a.json);
    if !a.json {
        println!(
            "stake {:.2} x base bet, win {:.2} x base bet",
            m.cost() as f64 / 100.0,
            out.win.x_bet()
        );
    }
    Ok(())
}

pub fn exact(_: &ExactArgs) -> CliResult {
    Err(CliError(
        "starlight-christmas has no exact figures: its tumbles with refill are simulated (use sim)"
            .into(),
    ))
}

/// Moves `delta` weight from the Sun to the Multiplier in the mode's base table (negative: the
/// other way). The table's total stays the same, so the Scatter probability, and with it the
/// free-spin frequency, does not move; and the two are neighbours in the table, so on the
/// same random numbers only draws that fall on the moved weight change (paired runs differ in
/// few rounds).
fn shift_weight(model: &mut MathModel, m: BetMode, delta: i64) -> Result<(), CliError> {
    let w = match m {
        BetMode::Standard => &mut model.base,
        BetMode::Ante => &mut model.ante_base,
    };
    let (su, mu) = (w.paying[8] as i64 - delta, w.multiplier as i64 + delta);
    if su < 0 || mu < 0 {
        return Err(CliError(format!(
            "weight shift {delta} leaves a negative weight"
        )));
    }
    (w.paying[8], w.multiplier) = (su as u32, mu as u32);
    Ok(())
}

/// Tunes the mode's one knob, the weight moved from the Sun to the Multiplier in the mode's
/// base table ([`shift_weight`]), by secant steps on paired runs (same seed, same rounds for
/// every candidate, so their difference has little noise), until the RTP meets 95.50 %.
/// Prints the weights to put into `math_model.rs`; confirm with a large `sim` run.
pub fn tune(a: &TuneArgs) -> CliResult {
    reject(a.choice.is_some(), "--choice", GAME, "moon-princess")?;
    let m = mode(a.ante);
    let threads = runner::threads(a.threads)?;
    let target = TARGET_RTP;
    let shipped = MathModel::standard();
    let rtp_at = |delta: i64| -> Result<f64, CliError> {
        let mut model = shipped.clone();
        shift_weight(&mut model, m, delta)?;
        let game = StarlightChristmas::new(&model)?;
        let (acc, _) = runner::run(
            a.rounds,
            a.seed,
            threads,
            m.cost(),
            true,
            |rng: &mut SimRng| game.play_round(m, rng, &mut NoRecorder).summary(),
        )?;
        eprintln!(
            "shift {delta:+}: RTP {:.4} % (+- {:.4} pp at 99 %)",
            acc.rtp() * 100.0,
            acc.half_width(slot_core::stats::ConfidenceLevel::P99.z()) * 100.0
        );
        Ok(acc.rtp())
    };
    let (mut x0, mut x1) = (0i64, 8i64);
    let (mut y0, mut y1) = (rtp_at(x0)? - target, rtp_at(x1)? - target);
    for _ in 0..6 {
        if (y1 - y0).abs() < 1e-9 {
            break;
        }
        let x2 = (x1 as f64 - y1 * (x1 - x0) as f64 / (y1 - y0)).round() as i64;
        if x2 == x1 {
            break;
        }
        (x0, y0) = (x1, y1);
        x1 = x2;
        y1 = rtp_at(x1)? - target;
        if y1.abs() < 0.0002 {
            break;
        }
    }
    let mut model = shipped;
    shift_weight(&mut model, m, x1)?;
    let w = match m {
        BetMode::Standard => model.base,
        BetMode::Ante => model.ante_base,
    };
    println!(
        "shift {x1:+}: RTP {:.4} %; {} base weights: {:?}",
        (y1 + target) * 100.0,
        m.name(),
        w
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_goodness_of_fit_section_tells_the_model_played_from_another() {
        let game = StarlightChristmas::standard();
        let m = BetMode::Standard;
        let section = |model: &MathModel| {
            crate::gof::replay(
                5,
                0,
                20_000,
                &|| gof_tallies(model, m),
                |rng: &mut SimRng, log: &mut EventLog| {
                    game.play_round(m, rng, log);
                },
                gof_count,
            )
        };
        let right = section(&MathModel::standard());
        assert_eq!(right.tests.len(), 4);
        assert!(right.passes_at_1_percent, "{}", right.text());
        // Expected counts from a model with twice the base-game Multipliers and x2 twice as
        // likely: the draws of the shipped game do not fit it.
        let mut wrong = MathModel::standard();
        wrong.base.multiplier *= 2;
        wrong.base_multiplier_values[0] *= 2;
        let bad = section(&wrong);
        assert!(bad.tests[0].p_value < 1e-12, "{}", bad.text());
        assert!(bad.tests[2].p_value < 1e-12, "{}", bad.text());
        assert!(!bad.passes_at_1_percent);
        // The free spins' inputs are the same in both models: their tests agree.
        assert_eq!(bad.tests[1], right.tests[1]);
    }
}
