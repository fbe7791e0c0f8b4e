//! `certify`: the evidence of one game, mode and model, end to end ([`slot_sim::certify`]):
//! exact (Wish Upon a Star), whole rounds in resumable chunks, or the split estimate (Moon
//! Princess, Starlight Christmas). The library claims `--dir`
//! ([`slot_sim::certify_folder`]), plays or reads the chunks and writes
//! `certificate-<mode>.json`; this module reads the arguments, names the command that
//! reproduces the run, and prints each chunk (stderr) and certificate against the bar
//! (stdout; one below the bar exits with status 1).

use crate::CertifyArgs;
use crate::commands::{choice_name, load, mode_of};
use crate::progress::interrupt_flag;
use crate::runner::{self, CliResult};
use slot_core::Game;
use slot_core::game::SplitGame;
use slot_sim::Watch;
use slot_sim::certify::{CertifyConfig, Progress};

/// The library's configuration from the arguments: `target` the model's target RTP
/// (a fraction), `threads` the worker threads.
fn config(a: &CertifyArgs, target: f64, threads: usize) -> CertifyConfig<'static> {
    let mut mode_options = String::new();
    if let Some(ch) = a.choice {
        mode_options += &format!(" --choice {}", choice_name(ch));
    }
    if a.ante {
        mode_options += " --ante";
    }
    let model_options = match (&a.model, a.rtp) {
        (Some(m), _) => format!(" --model {m}"),
        (None, Some(r)) => format!(" --rtp {}", r.percent_text()),
        (None, None) => String::new(),
    };
    CertifyConfig {
        dir: a.dir.clone(),
        force: a.force,
        seed: a.seed,
        half_width_pp: a.half_width,
        chunk_rounds: a.chunk_rounds,
        base_games: a.base_games,
        features: a.features,
        max_chunks: a.max_chunks,
        only_chunk: a.only_chunk,
        threads,
        target,
        mode_options,
        model_options,
        watch: Watch {
            progress: None,
            stop: Some(interrupt_flag()),
        },
    }
}

/// Prints what the library tells: chunks on stderr (unless `--quiet`), a chunk played alone
/// and certificates on stdout; a certificate below the bar makes the runner exit with
/// status 1 (after every certificate of the run is written).
fn print(quiet: bool) -> impl FnMut(Progress<'_>) {
    move |p| match p {
        Progress::Chunk { .. } | Progress::SplitChunk { .. } => {
            if !quiet {
                eprintln!("{}", p.text());
            }
        }
        Progress::OnlyChunk { .. } => println!("{}", p.text()),
        Progress::Certificate { certificate, .. } => {
            if !certificate.meets {
                runner::fail_verdict();
            }
            println!("{}", p.text());
        }
    }
}

/// `certify` of a game that computes its RTP exactly, or by whole rounds in chunks.
pub fn certify<G: Game>(a: &CertifyArgs) -> CliResult {
    let mode = mode_of::<G>(a.choice, a.ante)?;
    let (game, target) = load::<G>(a.model.as_deref(), a.rtp)?;
    let threads = runner::threads(a.threads)?;
    let config = config(a, target.fraction(), threads);
    Ok(slot_sim::certify::certify(
        &game,
        mode,
        &config,
        print(a.quiet),
    )?)
}

/// `certify` of a split game: the split estimate of each pick asked for (Moon Princess), or
/// of the one bet mode (Starlight Christmas, whose ante bet changes the base game).
pub fn certify_split<G: SplitGame>(a: &CertifyArgs) -> CliResult {
    let (game, target) = load::<G>(a.model.as_deref(), a.rtp)?;
    let threads = runner::threads(a.threads)?;
    let config = config(a, target.fraction(), threads);
    config.check_split::<G>()?;
    // Also refuses --ante for a game whose picks do not take it.
    let chosen = mode_of::<G>(a.choice, a.ante)?;
    let modes: Vec<G::Mode> = match (G::BASE_BY_MODE, a.choice) {
        // The mode changes the base game: one mode per certification.
        (true, _) | (false, Some(_)) => vec![chosen],
        (false, None) => G::MODES.to_vec(),
    };
    let asked = a.choice.map(|_| chosen);
    Ok(slot_sim::certify::certify_split(
        &game,
        &modes,
        asked,
        &config,
        print(a.quiet),
    )?)
}
