//! Mean free-spin feature value of one pick at a given knob (the rich reel set's weight), for
//! the split tuning RTP = B + q V (see `math_model.rs`). Deterministic per seed (parallel
//! batches as in the simulator), so two knobs on one seed are a paired comparison.
//! `cargo run --release -p moon-princess --example free_spin_value -- <pick> <knob> <features> [seed] [threads]`
use moon_princess::math_model::{FREE_WEIGHT_TOTAL, MathModel};
use moon_princess::{MoonPrincess, Pick};
use slot_core::recorder::NoRecorder;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let pick: Pick = a[0].parse().expect("pick");
    let k: u32 = a[1].parse().expect("knob");
    let n: u64 = a[2].parse().expect("features");
    let seed: u64 = a.get(3).map_or(20_281_316, |s| s.parse().expect("seed"));
    let threads: usize = a.get(4).map_or(2, |s| s.parse().expect("threads"));
    let mut m = MathModel::standard();
    let sets = &mut m.free_spins[pick.index()];
    sets[1].weight = k;
    let others: u32 = sets[1..].iter().map(|s| s.weight).sum();
    sets[0].weight = FREE_WEIGHT_TOTAL - others;
    let game = MoonPrincess::new(&m).expect("model");
    let t = std::time::Instant::now();
    let acc = slot_sim::engine::simulate_plan(
        &slot_sim::engine::Plan::whole(seed, n, threads, 100),
        |rng| game.play_free_spins(pick, rng, &mut NoRecorder).summary(),
        slot_sim::engine::Controls::default(),
    )
    .expect("threads")
    .sums;
    println!(
        "{pick} knob {k}: V {:.4} x, sd {:.2}, features {n}, seed {seed}, capped {}, max {:.0} x, {:.0} s",
        acc.rtp(),
        acc.sd(),
        acc.cap_hits,
        acc.max_win as f64 / 100.0,
        t.elapsed().as_secs_f64()
    );
}
