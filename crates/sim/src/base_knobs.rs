//! Two integer knobs of a game's base game solved together so that the base game's RTP and
//! its feature trigger rate reach two targets: how a variant of a game whose features follow
//! its base game (Moon Princess) keeps the published variant's shape while its RTP moves.
//!
//! A variant's RTP is `(B + q V) / stake` ([`crate::split`]). Holding the free-spin share of
//! the RTP (`q V / (B + q V)`) and the trigger rate `q` while the RTP moves from `R0` to `R`
//! asks for `B = B0 R / R0` and `q = q0`; the feature's own knob then brings `V` to
//! `(R stake - B) / q`. This module solves the base game's part: two knobs `x = (x0, x1)`
//! and the two figures `F(x) = (B(x) / stake, q(x))`.
//!
//! **The measurements** ([`measure`]) are base games with a generator of their own per round
//! ([`crate::knob::paired_rng`]), so every candidate plays the same rounds (common random
//! numbers): two candidates' figures differ far less by noise than either is known to.
//!
//! **The search** ([`solve`]): Newton steps on the figures relative to their targets, the
//! Jacobian measured once by a step of each knob from the start and then corrected after
//! each candidate (Broyden's update); steps are rounded to integers and kept inside the
//! knobs' ranges; at most [`MAX_CANDIDATES`] candidates. It ends when a candidate is within
//! the tolerances, or returns the candidate nearest the targets (the caller reports how near:
//! the shape's bounds are far wider than the tolerances).

use crate::SimError;
use crate::knob::paired_rng;
use crate::run::SeededRun;
use slot_core::game::SplitGame;

/// The most candidates measured after the start and its two Jacobian steps.
pub const MAX_CANDIDATES: usize = 8;

/// What a base game's knobs are judged by: its RTP, trigger rate and hit rate on the same
/// rounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BaseFigures {
    /// The knobs measured.
    pub knobs: [i64; 2],
    /// B / stake: the base game's RTP, a fraction of the stake.
    pub rtp: f64,
    /// q: base games that trigger the feature, a fraction.
    pub trigger_rate: f64,
    /// Base games that win anything or trigger the feature, a fraction (about the round's hit
    /// frequency: a feature nearly always wins).
    pub hit_rate: f64,
}

/// The base figures of `game` (made with knobs `knobs`, which the figures carry) in `mode`
/// from base games `0..run.rounds` of seed `run.seed`, each from its own generator
/// ([`paired_rng`]), on `run.threads` threads (integer counts: any thread count gives the
/// same figures).
///
/// # Panics
/// Only if the game panics in a base game (a bug of the game, shown to the caller).
pub fn measure<G: SplitGame + Sync>(
    game: &G,
    mode: G::Mode,
    knobs: [i64; 2],
    run: SeededRun,
) -> BaseFigures
where
    G::Mode: Sync,
{
    let SeededRun {
        rounds,
        seed,
        threads,
    } = run;
    let share = |from: u64, to: u64| {
        let (mut win, mut triggers, mut hits) = (0u128, 0u64, 0u64);
        for i in from..to {
            let b = game.play_base_game(mode, &mut paired_rng(seed, i));
            win += u128::from(b.win);
            triggers += u64::from(b.triggered);
            hits += u64::from(b.win > 0 || b.triggered);
        }
        (win, triggers, hits)
    };
    let (mut win, mut triggers, mut hits) = (0u128, 0u64, 0u64);
    for (w, t, x) in crate::knob::over_threads(rounds, threads, share) {
        (win, triggers, hits) = (win + w, triggers + t, hits + x);
    }
    let n = rounds.max(1) as f64;
    BaseFigures {
        knobs,
        rtp: win as f64 / 100.0 / n / (G::cost(mode) as f64 / 100.0),
        trigger_rate: triggers as f64 / n,
        hit_rate: hits as f64 / n,
    }
}

/// How the two base knobs are searched (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct BaseSearch {
    /// The knobs to start from (the published model's).
    pub start: [i64; 2],
    /// The step of each knob that measures the Jacobian (neither 0).
    pub steps: [i64; 2],
    /// Each knob's allowed values, inclusive; the start must lie inside.
    pub ranges: [(i64, i64); 2],
    /// The target base RTP B / stake, a fraction.
    pub target_rtp: f64,
    /// The target trigger rate q.
    pub target_trigger_rate: f64,
    /// The search ends at a candidate whose RTP is within this of its target (a fraction)...
    pub rtp_tolerance: f64,
    /// ... and whose trigger rate is within this share of its target.
    pub trigger_tolerance: f64,
    /// Base games per candidate.
    pub base_games: u64,
    /// Their seed.
    pub seed: u64,
    /// Worker threads; no figure depends on it.
    pub threads: usize,
}

/// What the base knobs' search found.
#[derive(Clone, Debug, PartialEq)]
pub struct BaseFound {
    /// The candidate nearest the targets (by the larger of its two misses, each relative to
    /// its tolerance).
    pub best: BaseFigures,
    /// Every candidate measured, in order (the start first).
    pub tried: Vec<BaseFigures>,
    /// The best candidate is within both tolerances.
    pub converged: bool,
}

impl BaseSearch {
    /// A candidate's misses, each relative to its tolerance.
    fn misses(&self, f: &BaseFigures) -> [f64; 2] {
        [
            (f.rtp - self.target_rtp) / self.rtp_tolerance,
            (f.trigger_rate / self.target_trigger_rate - 1.0) / self.trigger_tolerance,
        ]
    }

    fn distance(&self, f: &BaseFigures) -> f64 {
        let [a, b] = self.misses(f);
        a.abs().max(b.abs())
    }

    fn clamp(&self, x: [f64; 2]) -> [i64; 2] {
        [0, 1].map(|i| {
            let (lo, hi) = self.ranges[i];
            // `as` saturates (and maps NaN to 0).
            (x[i].round() as i64).clamp(lo, hi)
        })
    }
}

/// Searches the two base knobs of `game_at` in `mode` (see the module docs).
///
/// # Errors
/// [`SimError::Config`] for a step of 0, a start outside its range, targets or tolerances
/// that are not positive, or no base games; any error of `game_at` (a knob it refuses).
///
/// # Panics
/// Only if the game panics in a base game ([`measure`]).
pub fn solve<G: SplitGame + Sync>(
    game_at: impl Fn([i64; 2]) -> Result<G, SimError>,
    mode: G::Mode,
    s: &BaseSearch,
) -> Result<BaseFound, SimError>
where
    G::Mode: Sync,
{
    let bad = |setting: &'static str, message: String| SimError::Config { setting, message };
    if s.steps.contains(&0) {
        return Err(bad("steps", "a Jacobian step must not be 0".into()));
    }
    for i in 0..2 {
        let (lo, hi) = s.ranges[i];
        if !(lo <= s.start[i] && s.start[i] <= hi) {
            return Err(bad(
                "start",
                format!("knob {i} starts at {} outside {lo}..={hi}", s.start[i]),
            ));
        }
    }
    let positive = [
        s.target_rtp,
        s.target_trigger_rate,
        s.rtp_tolerance,
        s.trigger_tolerance,
    ];
    if positive.iter().any(|x| !(x.is_finite() && *x > 0.0)) {
        return Err(bad(
            "targets",
            format!("targets and tolerances must be positive ({positive:?})"),
        ));
    }
    if s.base_games == 0 {
        return Err(bad("base_games", "must be at least 1".into()));
    }
    let run = SeededRun {
        rounds: s.base_games,
        seed: s.seed,
        threads: s.threads,
    };
    let mut tried: Vec<BaseFigures> = Vec::new();
    let mut at = |k: [i64; 2]| -> Result<BaseFigures, SimError> {
        if let Some(f) = tried.iter().find(|f| f.knobs == k) {
            return Ok(*f);
        }
        let f = measure(&game_at(k)?, mode, k, run);
        tried.push(f);
        Ok(f)
    };
    let f0 = at(s.start)?;
    // The Jacobian of the relative misses per unit of each knob, from one step of each.
    let mut jac = [[0.0f64; 2]; 2];
    for j in 0..2 {
        let mut k = s.start;
        k[j] = (k[j] + s.steps[j]).clamp(s.ranges[j].0, s.ranges[j].1);
        if k[j] == s.start[j] {
            k[j] = (s.start[j] - s.steps[j]).clamp(s.ranges[j].0, s.ranges[j].1);
        }
        let f = at(k)?;
        let (r0, r) = (s.misses(&f0), s.misses(&f));
        let dk = (k[j] - s.start[j]) as f64;
        for i in 0..2 {
            jac[i][j] = if dk == 0.0 { 0.0 } else { (r[i] - r0[i]) / dk };
        }
    }
    let mut x = [s.start[0] as f64, s.start[1] as f64];
    let mut r = s.misses(&f0);
    let mut current = f0;
    for _ in 0..MAX_CANDIDATES {
        if s.distance(&current) <= 1.0 {
            break;
        }
        let det = jac[0][0] * jac[1][1] - jac[0][1] * jac[1][0];
        if det.abs() < 1e-300 || !det.is_finite() {
            break;
        }
        // Newton: J dx = -r.
        let dx = [
            -(jac[1][1] * r[0] - jac[0][1] * r[1]) / det,
            -(-jac[1][0] * r[0] + jac[0][0] * r[1]) / det,
        ];
        let k = s.clamp([x[0] + dx[0], x[1] + dx[1]]);
        if k == s.clamp(x) {
            break;
        }
        let f = at(k)?;
        let r_new = s.misses(&f);
        // Broyden's update with the step actually taken.
        let step = [k[0] as f64 - x[0], k[1] as f64 - x[1]];
        let norm = step[0] * step[0] + step[1] * step[1];
        if norm > 0.0 {
            for i in 0..2 {
                let predicted = jac[i][0] * step[0] + jac[i][1] * step[1];
                let miss = r_new[i] - r[i] - predicted;
                for j in 0..2 {
                    jac[i][j] += miss * step[j] / norm;
                }
            }
        }
        x = [k[0] as f64, k[1] as f64];
        r = r_new;
        current = f;
    }
    let best = tried
        .iter()
        .copied()
        .min_by(|a, b| s.distance(a).total_cmp(&s.distance(b)))
        .unwrap_or(f0);
    Ok(BaseFound {
        converged: s.distance(&best) <= 1.0,
        best,
        tried,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use moon_princess::math_model::{LadderKnobs, MathModel};
    use moon_princess::{MoonPrincess, Pick};

    fn search() -> BaseSearch {
        BaseSearch {
            start: [1000, 145],
            steps: [100, 10],
            ranges: [(0, 10_000), (1, 9_999)],
            target_rtp: 0.5,
            target_trigger_rate: 0.004,
            rtp_tolerance: 0.003,
            trigger_tolerance: 0.02,
            base_games: 200_000,
            seed: 7,
            threads: 2,
        }
    }

    /// Moon Princess with its random power (of 10,000) and clear weight set to `k`.
    fn game_at(k: [i64; 2]) -> Result<MoonPrincess, SimError> {
        let knobs = LadderKnobs {
            random_power: u32::try_from(k[0]).unwrap(),
            clear_weight: u32::try_from(k[1]).unwrap(),
            ..LadderKnobs::PUBLISHED
        };
        Ok(MoonPrincess::new(&MathModel::with_knobs(&knobs).unwrap()).unwrap())
    }

    #[test]
    fn the_search_refuses_a_zero_step_a_start_outside_its_range_and_no_target() {
        let refused = |s: BaseSearch, says: &str| {
            let e = solve(game_at, Pick::Love, &s).unwrap_err();
            assert!(e.to_string().contains(says), "{e}");
        };
        refused(
            BaseSearch {
                steps: [100, 0],
                ..search()
            },
            "must not be 0",
        );
        refused(
            BaseSearch {
                start: [10_001, 145],
                ..search()
            },
            "outside 0..=10000",
        );
        refused(
            BaseSearch {
                target_rtp: 0.0,
                ..search()
            },
            "must be positive",
        );
    }

    #[test]
    fn the_figures_do_not_depend_on_the_threads_and_pair_the_rounds() {
        let g = game_at([1000, 145]).unwrap();
        let run = |threads| SeededRun {
            rounds: 50_000,
            seed: 3,
            threads,
        };
        let one = measure(&g, Pick::Love, [1000, 145], run(1));
        let three = measure(&g, Pick::Love, [1000, 145], run(3));
        assert_eq!(one, three);
        // More random powers, on the same rounds: more base wins, never fewer hits.
        let more = measure(
            &game_at([2000, 145]).unwrap(),
            Pick::Love,
            [2000, 145],
            run(2),
        );
        assert!(
            more.rtp > one.rtp && more.hit_rate >= one.hit_rate,
            "{one:?} {more:?}"
        );
    }

    #[test]
    fn the_search_reaches_targets_set_by_knobs_it_does_not_know() {
        // The targets are the figures of knobs (600, 160) on the search's own rounds: the
        // search must end within its tolerances of them, starting from the published knobs.
        let s = search();
        let hidden = measure(
            &game_at([600, 160]).unwrap(),
            Pick::Love,
            [600, 160],
            SeededRun {
                rounds: s.base_games,
                seed: s.seed,
                threads: 2,
            },
        );
        let s = BaseSearch {
            target_rtp: hidden.rtp,
            target_trigger_rate: hidden.trigger_rate,
            ..s
        };
        let found = solve(game_at, Pick::Love, &s).unwrap();
        assert!(found.converged, "{found:?}");
        assert!((found.best.rtp - hidden.rtp).abs() <= s.rtp_tolerance);
        assert!((found.best.trigger_rate / hidden.trigger_rate - 1.0).abs() <= s.trigger_tolerance);
        assert_eq!(found.tried[0].knobs, [1000, 145]);
        assert!(found.tried.len() <= 3 + MAX_CANDIDATES);
    }
}
