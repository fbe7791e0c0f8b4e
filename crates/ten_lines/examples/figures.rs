//! Prints the exact figures of the shipped model (or of a model file given as the first
//! argument): what `math_model`'s "How the shipped strips were tuned" iterates on.
//!
//! `cargo run --release -p ten-lines --example figures [MODEL.json]`

use ten_lines::exact::ExactFigures;
use ten_lines::math_model::MathModel;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let model = match std::env::args().nth(1) {
        Some(path) => serde_json::from_str(&std::fs::read_to_string(path)?)?,
        None => MathModel::standard(),
    };
    let f = ExactFigures::compute(&model)?;
    let rtp = f.rtp();
    println!("combinations      {}", f.combinations);
    println!("RTP               {rtp} = {:.6} %", 100.0 * rtp.to_f64());
    println!("  base game       {:.6} %", 100.0 * f.base_rtp().to_f64());
    println!(
        "  free spins      {:.6} %",
        100.0 * f.free_spins_rtp().to_f64()
    );
    let h = f.hit_frequency();
    println!("hit frequency     {h} = {:.6} %", 100.0 * h.to_f64());
    let t = f.trigger_rate();
    println!("free spins        {t} = 1 in {:.3}", 1.0 / t.to_f64());
    if let Some(v) = f.variance() {
        println!(
            "variance          {v} = sd {:.6} x stake",
            v.to_f64().sqrt()
        );
    }
    println!("largest line total {}", f.max_line_total);
    println!("round win bound   {}", f.largest_round_win_bound());
    Ok(())
}
