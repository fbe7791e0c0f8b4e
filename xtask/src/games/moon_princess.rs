//! Runner commands of Moon Princess (the runner's contract (README)): `sim` (mode = the pick, default love), `eval`
//! (a grid's whole tumble sequence), `play` (round K of seed S, step by step), `tune`.

use crate::driver;
use crate::gof::Tally;
use crate::runner::{self, CliError, CliResult, EvalOutput, EvalWin, reject};
use crate::{Choice, EvalArgs, ExactArgs, PlayArgs, SimArgs, SplitArgs, TuneArgs};
use moon_princess::{Game, MathModel, Multiplier, Pick};
use slot_core::events::Event;
use slot_core::recorder::{EventLog, NoRecorder};
use slot_core::sim::replay_round;

const GAME: &str = "moon-princess";
use xtask::facts::{MOON_PRINCESS_TARGET_RTP as TARGET_RTP, moon_princess as facts};
/// Default `sim` rounds: a few seconds on 2 cores (about 1.5 million rounds/s per core).
const DEFAULT_ROUNDS: u64 = 10_000_000;

/// The game: the shipped model, or the JSON math model named by the environment variable
/// `MP_MODEL` (a tuning hook: candidate models are tried without rebuilding).
fn game() -> Result<Game, CliError> {
    Ok(Game::new(&model()?)?)
}

/// The math model `game` plays: the shipped one, or the file named by `MP_MODEL`.
fn model() -> Result<MathModel, CliError> {
    match std::env::var_os("MP_MODEL") {
        None => Ok(MathModel::standard()),
        Some(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| CliError(format!("MP_MODEL {}: {e}", path.to_string_lossy())))?;
            Ok(serde_json::from_str(&text)?)
        }
    }
}

fn pick(c: Option<Choice>) -> Pick {
    match c {
        None | Some(Choice::Love) => Pick::Love,
        Some(Choice::Star) => Pick::Star,
        Some(Choice::Storm) => Pick::Storm,
    }
}

pub fn sim(a: &SimArgs) -> CliResult {
    reject(a.ante, "--ante", GAME, "starlight-christmas")?;
    let game = game()?;
    let p = pick(a.choice);
    let model = model()?;
    let layout = GofLayout::of(&model, p);
    let gof = |seed, first, rounds| {
        crate::gof::replay(
            seed,
            first,
            rounds,
            &|| layout.tallies(),
            |rng: &mut slot_core::sim::SimRng, log: &mut EventLog| {
                game.play_round(rng, log, p);
            },
            |t: &mut [Tally], log: &EventLog| layout.count(t, log),
        )
    };
    driver::sim(
        a,
        &facts(p),
        game.fingerprint(),
        DEFAULT_ROUNDS,
        |rng| game.play_round(rng, &mut NoRecorder, p).summary(),
        &gof,
    )?;
    Ok(())
}

/// Positions of a strip written as model text (`code` or `code*n` tokens).
fn strip_len(text: &str) -> usize {
    text.split_whitespace()
        .map(|t| t.split_once('*').map_or(1, |(_, n)| n.parse().unwrap_or(0)))
        .sum()
}

/// The random inputs of a round with pick `p`: for the base game (paid and Trinity spins) and
/// the pick's free spins, the reel set drawn (when there are several) and the stop of each reel
/// of each set; and which power the random power of a paid spin is.
struct GofLayout {
    /// Per landing (0 base, 1 free spins): its name, the set weights, each set's strip lengths.
    landings: [(String, Vec<u64>, Vec<[usize; 5]>); 2],
    /// The random power's weights (Love, Star, Storm).
    powers: Vec<u64>,
}

impl GofLayout {
    fn of(model: &MathModel, p: Pick) -> GofLayout {
        let landing = |name: String, sets: &[moon_princess::math_model::ReelSet]| {
            (
                name,
                sets.iter().map(|s| u64::from(s.weight)).collect(),
                sets.iter()
                    .map(|s| s.reels.each_ref().map(|r| strip_len(r)))
                    .collect(),
            )
        };
        GofLayout {
            landings: [
                landing("base game".into(), &model.base),
                landing(
                    format!("free spins {}", p.name()),
                    &model.free_spins[p as usize],
                ),
            ],
            powers: model.random_power_weights.map(u64::from).to_vec(),
        }
    }

    /// Tallies in order: per landing its reel sets, then each set's reels; the random power.
    fn tallies(&self) -> Vec<Tally> {
        let mut t = Vec::new();
        for (name, weights, lens) in &self.landings {
            t.push(Tally::new(format!("{name} reel sets"), weights.clone()));
            for (si, five) in lens.iter().enumerate() {
                for (r, &n) in five.iter().enumerate() {
                    t.push(Tally::uniform(
                        format!("{name} set {si} reel {} stops", r + 1),
                        n,
                    ));
                }
            }
        }
        t.push(Tally::new(
            "random power (Love, Star, Storm)",
            self.powers.clone(),
        ));
        t
    }

    /// Index of the first tally of landing `l`.
    fn start(&self, l: usize) -> usize {
        self.landings[..l]
            .iter()
            .map(|(_, _, lens)| 1 + 5 * lens.len())
            .sum()
    }

    fn count(&self, t: &mut [Tally], log: &EventLog) {
        use slot_core::events::{Event, PowerSource, Princess, SpinKind};
        let mut landing = 0;
        for e in &log.events {
            match e {
                Event::SpinStart { spin, .. } => landing = usize::from(*spin == SpinKind::Free),
                Event::Landed {
                    reel_set: Some(set),
                    stops: Some(stops),
                    ..
                } => {
                    let s0 = self.start(landing);
                    t[s0].add(*set as usize);
                    for (r, &stop) in stops.iter().enumerate().take(5) {
                        t[s0 + 1 + 5 * *set as usize + r].add(stop as usize);
                    }
                }
                Event::Power {
                    power,
                    source: PowerSource::Random,
                    ..
                } => {
                    let i = match power {
                        Princess::Love => 0,
                        Princess::Star => 1,
                        Princess::Storm => 2,
                    };
                    let last = t.len() - 1;
                    t[last].add(i);
                }
                _ => {}
            }
        }
    }
}

pub fn eval(a: &EvalArgs) -> CliResult {
    let grid = moon_princess::parse_grid(&a.grid)?;
    let m = Multiplier::new(a.multiplier.unwrap_or(1))
        .map_err(|e| CliError(format!("--multiplier: {e}")))?;
    let r = if a.free_spins {
        Game::evaluate_free_spin_sequence(&grid, m)
    } else {
        Game::evaluate_sequence(&grid, m)
    };
    let mut wins = vec![];
    let mut tumbles = 0;
    for e in &r.events {
        match e {
            Event::Win {
                symbol,
                cells,
                count,
                multiplier,
                paid,
                ..
            } => wins.push(EvalWin {
                name: moon_princess::evaluate::CLASSES
                    .iter()
                    .find(|c| c.code() == symbol)
                    .map_or(symbol.as_str(), |c| c.name())
                    .to_string(),
                symbol: symbol.clone(),
                cells: cells
                    .iter()
                    .map(|[r, c]| [*r as usize, *c as usize])
                    .collect(),
                count: *count,
                multiplier: u64::from(multiplier.unwrap_or(1)),
                win: paid.unwrap_or_default().x_bet(),
            }),
            Event::GridCleared { paid, .. } if !paid.is_zero() => wins.push(EvalWin {
                symbol: "clear".into(),
                name: "grid clear".into(),
                cells: vec![],
                count: 0,
                multiplier: 1,
                win: paid.x_bet(),
            }),
            Event::Tumble { .. } => tumbles += 1,
            _ => {}
        }
    }
    let mut extra = serde_json::Map::new();
    extra.insert("tumbles".into(), tumbles.into());
    extra.insert("final_multiplier".into(), r.multiplier.into());
    extra.insert("meter".into(), r.meter.into());
    extra.insert("meter_full".into(), r.meter_full.into());
    extra.insert("grid_cleared".into(), r.cleared.into());
    extra.insert(
        "feature".into(),
        match (r.cleared, a.free_spins, r.meter_full) {
            (true, false, _) => "free spins triggered (grid clear)",
            (true, true, _) => "grid clear pays 100 x bet",
            (false, false, true) => "Trinity spin (full meter)",
            (false, true, true) => "extra free spins (full meter)",
            _ => "none",
        }
        .into(),
    );
    EvalOutput {
        wins,
        total: r.total.x_bet(),
        paid: r.paid.x_bet(),
        extra,
    }
    .print(a.json)
}

pub fn play(a: &PlayArgs) -> CliResult {
    reject(a.ante, "--ante", GAME, "starlight-christmas")?;
    let game = match &a.model {
        None => game()?,
        Some(name) => Game::new(&runner::named_model(
            GAME,
            name,
            &MathModel::NAMES,
            MathModel::named,
        )?)?,
    };
    let p = pick(a.choice);
    let (out, log) = replay_round(a.seed, a.round, |g, rec| game.play_round(g, rec, p));
    if !a.json {
        println!(
            "Moon Princess, seed {}, round {}, pick {p}",
            a.seed, a.round
        );
    }
    crate::render::print_log(&log, a.json);
    debug_assert_eq!(log.reconcile(), Ok(out.win));
    Ok(())
}

pub fn exact(_: &ExactArgs) -> CliResult {
    Err(CliError(
        "moon-princess has no exact figures (tumbles without refill and powers make the round a \
         simulation matter); use `cargo xtask sim moon-princess`"
            .into(),
    ))
}

/// The picks a command plays: the one chosen, or all three.
fn picks_of(choice: Option<Choice>) -> Vec<Pick> {
    match choice {
        Some(c) => vec![pick(Some(c))],
        None => moon_princess::PICKS.to_vec(),
    }
}

/// `rounds` base games (paid and Trinity spins, stopped at the pick) with `seed`: per round
/// the base win b and the trigger t; `feature_rounds[0]` counts the triggers and
/// `feature_wins[0]` sums the base wins of the triggering rounds (for Cov(b, t)). The base
/// part of `split` and `tune`.
fn base_games(
    game: &Game,
    rounds: u64,
    seed: u64,
    threads: usize,
) -> Result<slot_core::stats::Accumulator, CliError> {
    use slot_core::stats::RoundSummary;
    Ok(slot_core::sim::simulate(
        rounds,
        seed,
        threads,
        100,
        |rng| match game.start_round(rng, &mut NoRecorder) {
            moon_princess::RoundState::Finished(o) => o.summary(),
            moon_princess::RoundState::AwaitingPick(p) => {
                let win = p.win().hundredths();
                let mut s = RoundSummary {
                    win,
                    ..Default::default()
                };
                s.feature_triggers[0] = 1;
                s.feature_wins[0] = win;
                s
            }
        },
        None,
    )?)
}

/// `cargo xtask split moon-princess [--rounds N] [--features M] [--seed S] [--choice X]
/// [--out FILE]`: each pick's RTP as B + q V ([`xtask::split`]): N base games with seed S, M
/// features alone per pick with seed S + 1 + the pick's index. Prints the figures; `--out`
/// writes the record with its integer sums.
pub fn split(a: &SplitArgs) -> CliResult {
    use slot_core::sim::simulate;
    use xtask::split::{BaseSums, FeatureSums, SplitRecord};
    let threads = runner::threads(a.threads)?;
    let game = game()?;
    let picks = picks_of(a.choice);
    eprintln!("base games: {} rounds, seed {}", a.rounds, a.seed);
    let base = base_games(&game, a.rounds, a.seed, threads)?;
    let mut record = SplitRecord {
        game: GAME.into(),
        model_fingerprint: game.fingerprint(),
        command: format!(
            "cargo xtask split moon-princess --rounds {} --features {} --seed {}{}",
            a.rounds,
            a.features,
            a.seed,
            a.choice.map_or(String::new(), |c| format!(
                " --choice {}",
                pick(Some(c)).name()
            ))
        ),
        base: BaseSums {
            seed: a.seed,
            rounds: base.rounds,
            win: base.total_win,
            win_sq: base.sum_sq,
            triggers: base.feature_rounds[0],
            // A finished round's summary leaves feature 0 at 0: only triggering rounds count.
            trigger_win: base.feature_wins[0],
            cap_hits: base.cap_hits,
        },
        picks: Vec::new(),
    };
    for p in picks {
        let seed = a.seed.wrapping_add(1 + p.index() as u64);
        eprintln!("{} features alone: {}, seed {seed}", p.name(), a.features);
        let acc = simulate(
            a.features,
            seed,
            threads,
            100,
            |rng| game.play_free_spins(p, rng, &mut NoRecorder).summary(),
            None,
        )?;
        record.picks.push(FeatureSums {
            pick: p.name().into(),
            seed,
            features: acc.rounds,
            win: acc.total_win,
            win_sq: acc.sum_sq,
            cap_hits: acc.cap_hits,
            max_win: acc.max_win,
        });
    }
    record.check().map_err(CliError)?;
    let b = &record.base;
    println!(
        "moon-princess split estimate (model {}): {} base games (seed {}), {} features per pick",
        record.model_fingerprint, b.rounds, b.seed, a.features
    );
    for ((pick, e), f) in record.estimates().iter().zip(&record.picks) {
        println!(
            "  {pick:<6} RTP {:.4} % +- {:.4} pp (99 %) = B {:.4} % + q {:.6} (1 in {:.2}) x V {:.3} x bet (sd {:.1}; seed {}, {} caps)",
            e.rtp * 100.0,
            e.half_width_99 * 100.0,
            e.base_rtp * 100.0,
            e.trigger_rate,
            1.0 / e.trigger_rate,
            e.feature_mean,
            e.feature_sd,
            f.seed,
            f.cap_hits
        );
    }
    if let Some(path) = &a.out {
        let text = serde_json::to_string_pretty(&record)? + "\n";
        std::fs::write(path, text)
            .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(())
}

/// `cargo xtask tune moon-princess [--choice X] [--rounds N] [--seed S]`: re-tunes each pick's
/// free-spin knob (the weight of the rich free-spin reel set, `FREE_RICH_WEIGHTS` in
/// `math_model.rs`) so that the pick's RTP is 94.51 %.
///
/// RTP = B + q * V(k): B = the base game's RTP (paid and Trinity spins), q = the free-spin
/// trigger rate, both shared by the three picks and measured once on N rounds; V(k) = the mean
/// free-spin feature value at knob k, measured on N / 25 features alone, always with the same
/// seed (a paired comparison: V is smooth in k), solved for k by secant steps.
pub fn tune(a: &TuneArgs) -> CliResult {
    use moon_princess::math_model::{FREE_WEIGHT_TOTAL, MathModel};
    use slot_core::sim::simulate;
    use slot_core::stats::ConfidenceLevel;
    reject(a.ante, "--ante", GAME, "starlight-christmas")?;
    const TARGET: f64 = TARGET_RTP;
    let threads = runner::threads(a.threads)?;
    let model: MathModel = match std::env::var_os("MP_MODEL") {
        None => MathModel::standard(),
        Some(p) => serde_json::from_str(
            &std::fs::read_to_string(&p).map_err(|e| CliError(e.to_string()))?,
        )?,
    };
    let game = Game::new(&model)?;
    let base = base_games(&game, a.rounds, a.seed, threads)?;
    if base.feature_rounds[0] == 0 {
        return Err(CliError(format!(
            "no free spins triggered in {} rounds: nothing to tune on; use more --rounds (the default is 20,000,000)",
            base.rounds
        )));
    }
    let n = base.rounds as f64;
    let b = base.rtp();
    let q = base.feature_rounds[0] as f64 / n;
    let var_b = base.sd().powi(2);
    let cov_bt = base.feature_wins[0] as f64 / 100.0 / n - b * q;
    println!(
        "base game (paid + Trinity), seed {}: RTP {:.4} % +- {:.4} (99 %), free spins 1 in {:.2} ({} triggers in {} rounds)",
        a.seed,
        b * 100.0,
        base.half_width(ConfidenceLevel::P99.z()) * 100.0,
        1.0 / q,
        base.feature_rounds[0],
        base.rounds
    );
    println!(
        "base game: sd of a round's base win {:.4} x bet, mean base win of triggering rounds {:.4} x bet (cov(b, t) {:.6})",
        var_b.sqrt(),
        base.feature_wins[0] as f64 / 100.0 / base.feature_rounds[0].max(1) as f64,
        cov_bt
    );
    let want = (TARGET - b) / q;
    println!(
        "needed mean free-spin value: {want:.3} x bet (free-spin share {:.1} %)",
        (TARGET - b) / TARGET * 100.0
    );
    let features = (a.rounds / 25).max(10_000);
    let fseed = a.seed ^ 0x5EED;
    // The pick's RTP B + q V and its 99 % half-width (delta method: the base rounds' Y = b + V t
    // plus q^2 Var(V) over the features).
    let figures = |v: f64, sd_v: f64| {
        let var_y = var_b + v * v * q * (1.0 - q) + 2.0 * v * cov_bt;
        let hw =
            ConfidenceLevel::P99.z() * (var_y / n + q * q * sd_v * sd_v / features as f64).sqrt();
        (b + q * v, hw)
    };
    let picks = picks_of(a.choice);
    for p in picks {
        let value = |k: u32| -> Result<(f64, f64), CliError> {
            let mut m = model.clone();
            // Reel set 1 is the knob; set 0 (quiet) takes what the others leave.
            let sets = &mut m.free_spins[p.index()];
            sets[1].weight = k;
            let others: u32 = sets[1..].iter().map(|s| s.weight).sum();
            sets[0].weight = FREE_WEIGHT_TOTAL.saturating_sub(others);
            let g = Game::new(&m)?;
            let acc = simulate(
                features,
                fseed,
                threads,
                100,
                |rng| g.play_free_spins(p, rng, &mut NoRecorder).summary(),
                None,
            )?;
            Ok((acc.rtp(), acc.sd()))
        };
        let k0 = model.free_spins[p.index()].get(1).map_or(0, |s| s.weight);
        let (mut x0, (mut y0, sd0)) = (k0 as f64, value(k0)?);
        let (rtp0, hw0) = figures(y0, sd0);
        println!(
            "pick {p}: current knob {k0}: mean feature {y0:.3} x bet (sd {sd0:.1}, {features} features, seed {fseed}) -> RTP {:.4} % +- {:.4} (99 %)",
            rtp0 * 100.0,
            hw0 * 100.0
        );
        if (y0 - want).abs() * q < 0.0002 {
            println!("pick {p}: within 0.02 pp of the target: keep {k0}");
            continue;
        }
        let mut x1 = (x0 * want / y0.max(1e-9)).clamp(1.0, FREE_WEIGHT_TOTAL as f64 - 1.0);
        let (mut y1, mut sd1) = value(x1.round() as u32)?;
        for _ in 0..6 {
            if (y1 - want).abs() * q < 0.0002 || (y1 - y0).abs() < 1e-9 {
                break;
            }
            let x2 = (x1 + (want - y1) * (x1 - x0) / (y1 - y0))
                .clamp(1.0, FREE_WEIGHT_TOTAL as f64 - 1.0);
            (x0, y0) = (x1, y1);
            x1 = x2;
            (y1, sd1) = value(x1.round() as u32)?;
        }
        let k = x1.round() as u32;
        let (rtp, hw) = figures(y1, sd1);
        println!(
            "pick {p}: new knob {k} / {FREE_WEIGHT_TOTAL}: mean feature {y1:.3} x bet -> RTP {:.4} % +- {:.4} (99 %)",
            rtp * 100.0,
            hw * 100.0
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_goodness_of_fit_section_tells_the_model_played_from_another() {
        let game = Game::standard();
        let section = |model: &MathModel| {
            let layout = GofLayout::of(model, Pick::Love);
            crate::gof::replay(
                3,
                0,
                30_000,
                &|| layout.tallies(),
                |rng: &mut slot_core::sim::SimRng, log: &mut EventLog| {
                    game.play_round(rng, log, Pick::Love);
                },
                |t: &mut [Tally], log: &EventLog| layout.count(t, log),
            )
        };
        let right = section(&MathModel::standard());
        assert!(right.passes_at_1_percent, "{}", right.text());
        // A model whose random power is Love half the time, and whose base game draws the
        // clearing reel set 10 times as often.
        let mut wrong = MathModel::standard();
        wrong.random_power_weights = [2, 1, 1];
        wrong.base[1].weight *= 10;
        let bad = section(&wrong);
        let p = |name: &str| {
            bad.tests
                .iter()
                .find(|t| t.input.starts_with(name))
                .unwrap()
                .p_value
        };
        assert!(p("random power") < 1e-12, "{}", bad.text());
        assert!(p("base game reel sets") < 1e-12, "{}", bad.text());
        assert!(!bad.passes_at_1_percent);
    }

    #[test]
    fn strip_lengths_count_stacks() {
        assert_eq!(strip_len("ci*3 st he*2"), 6);
        assert_eq!(strip_len(""), 0);
    }
}
