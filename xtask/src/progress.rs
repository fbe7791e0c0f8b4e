//! Progress of a long simulation, and its stop by Ctrl-C.
//!
//! Progress goes to stderr only, so stdout stays the report alone (clean JSON with `--json`):
//! * stderr is a terminal: a live bar (rounds, rate, running RTP, time left);
//! * stderr is not a terminal (a batch job's log, a redirect): one line every
//!   `--progress-seconds` (default 10 s), the first after that time, so short runs print none;
//! * `--quiet`: nothing.
//!
//! Ctrl-C (SIGINT, and SIGTERM as a batch scheduler sends it at a time limit or on cancel)
//! stops the run after the batches under way: the report of the complete prefix of batches
//! finished is printed as usual, marked interrupted, and the runner exits with status 130.
//! A second Ctrl-C ends the process at once.

use slot_sim::engine::Progress;
use slot_sim::stats::Accumulator;
use std::io::IsTerminal;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

static INTERRUPT: AtomicBool = AtomicBool::new(false);
static HANDLER: OnceLock<()> = OnceLock::new();
/// Set once a command watches [`interrupt_flag`] (it stops at a batch boundary and reports).
static WATCHED: AtomicBool = AtomicBool::new(false);
/// Set by a command whose normal end is Ctrl-C (a server): the line it prints then.
static NORMAL_END: OnceLock<&'static str> = OnceLock::new();

/// For a command that runs until stopped (the viewer's server): Ctrl-C or SIGTERM is its
/// normal end, status 0, after printing `message`.
pub fn stop_normally_on_interrupt(message: &'static str) {
    install_interrupt_handler();
    let _ = NORMAL_END.set(message);
}

/// Installs the Ctrl-C and SIGTERM handler, for every command, at the start of the runner:
/// a command that watches [`interrupt_flag`] finishes the batches under way and reports (exit
/// status 130); any other command stops at once with status 130 (the files it writes appear
/// whole or not at all, so nothing it leaves looks complete). A second signal ends the process
/// at once, with status 130.
pub fn install_interrupt_handler() {
    HANDLER.get_or_init(|| {
        // If a handler cannot be installed (another one is), Ctrl-C keeps its default effect.
        let _ = ctrlc::set_handler(|| {
            if let Some(message) = NORMAL_END.get() {
                println!("{message}");
                std::process::exit(0);
            }
            if INTERRUPT.swap(true, Ordering::SeqCst) || !WATCHED.load(Ordering::SeqCst) {
                eprintln!("\ninterrupted: stopped (exit status 130)");
                std::process::exit(130);
            }
            eprintln!(
                "\ninterrupted: finishing the batches under way, then reporting and keeping what was finished (Ctrl-C again to quit at once)"
            );
        });
    });
}

/// The flag a Ctrl-C or SIGTERM sets: a command that takes it stops after the batches under
/// way and reports what it finished (and the runner exits with status 130).
pub fn interrupt_flag() -> &'static AtomicBool {
    install_interrupt_handler();
    WATCHED.store(true, Ordering::SeqCst);
    &INTERRUPT
}

/// True once a run was interrupted.
pub fn interrupted() -> bool {
    INTERRUPT.load(Ordering::SeqCst)
}

pub use slot_sim::report::si;

/// A duration in words: "45 s", "3 min 20 s", "2 h 05 min".
pub fn duration(secs: f64) -> String {
    if !secs.is_finite() {
        return "unknown".into();
    }
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
    }
}

/// What a progress display shows about a run.
#[derive(Clone, Copy, Debug)]
pub struct Display {
    /// Rounds the run is to play (the bound of a precision-driven run).
    pub planned: u64,
    /// Stake per round, hundredths.
    pub cost: u64,
    /// The 99 % half-width a precision-driven run stops at (a fraction).
    pub target_half_width: Option<f64>,
    /// Show nothing.
    pub quiet: bool,
    /// Seconds between lines off a terminal.
    pub every: Duration,
    /// What is counted: `rounds` (a simulation: the running RTP is shown), or `games` (a split
    /// estimate's base games then features, whose running sum is no RTP: none is shown).
    pub unit: &'static str,
}

impl Display {
    /// The display of a split estimate: `planned` games (base games, then the features of
    /// every mode), a line every `every` off a terminal, no running RTP.
    pub fn games(planned: u64, quiet: bool, every: Duration) -> Display {
        Display {
            planned,
            cost: 100,
            target_half_width: None,
            quiet,
            every,
            unit: "games",
        }
    }
}

impl Display {
    /// One status text: rounds, rate, running RTP, (half-width), time left.
    fn status(&self, p: &Progress, elapsed: f64) -> String {
        let n = p.rounds.load(Ordering::Relaxed);
        let w = p.win.load(Ordering::Relaxed);
        let rate = n as f64 / elapsed.max(1e-9);
        let rtp = w as f64 / (n.max(1) as f64 * self.cost as f64) * 100.0;
        let unit = self.unit;
        let mut text = format!(
            "{} / {} {unit} ({:.1} %), {} {unit}/s",
            si(n as f64),
            si(self.planned as f64),
            n as f64 / self.planned.max(1) as f64 * 100.0,
            si(rate)
        );
        if unit == "rounds" {
            text += &format!(", RTP {rtp:.3} %");
        }
        let mut left = self.planned.saturating_sub(n) as f64;
        if let Some(goal) = self.target_half_width {
            let prefix = *p.prefix.lock().unwrap_or_else(|e| e.into_inner());
            let mut acc = Accumulator::new(self.cost);
            acc.rounds = prefix.rounds;
            acc.total_win = prefix.total_win;
            acc.sum_sq = prefix.sum_sq;
            let hw = acc.half_width(slot_sim::stats::ConfidenceLevel::P99.z());
            if hw.is_finite() && prefix.rounds > 0 {
                text += &format!(
                    ", 99 % half-width {:.4} pp (goal {} pp)",
                    hw * 100.0,
                    goal * 100.0
                );
                // The half-width falls as 1 / sqrt(n).
                let needed = (prefix.rounds as f64 * (hw / goal).powi(2)).min(self.planned as f64);
                left = (needed - n as f64).max(0.0);
            }
        }
        if rate > 0.0 {
            text += &format!(", about {} left", duration(left / rate));
        }
        text
    }

    /// Runs `f` while showing progress on stderr (see the module docs), and returns its result.
    pub fn watch<T>(&self, p: &Progress, f: impl FnOnce() -> T) -> T {
        if self.quiet {
            return f();
        }
        let done = AtomicBool::new(false);
        let start = Instant::now();
        std::thread::scope(|s| {
            let done = &done;
            let shown = s.spawn(move || {
                if std::io::stderr().is_terminal() {
                    self.bar(p, start, done);
                } else {
                    self.lines(p, start, done);
                }
            });
            let out = f();
            done.store(true, Ordering::Relaxed);
            let _ = shown.join();
            out
        })
    }

    fn bar(&self, p: &Progress, start: Instant, done: &AtomicBool) {
        use indicatif::{ProgressBar, ProgressStyle};
        let bar = ProgressBar::new(self.planned);
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        while !done.load(Ordering::Relaxed) {
            bar.set_position(p.rounds.load(Ordering::Relaxed));
            bar.set_message(self.status(p, start.elapsed().as_secs_f64()));
            std::thread::sleep(Duration::from_millis(200));
        }
        bar.finish_and_clear();
    }

    fn lines(&self, p: &Progress, start: Instant, done: &AtomicBool) {
        let mut next = self.every;
        while !done.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(50).min(self.every));
            let elapsed = start.elapsed();
            if elapsed >= next && !done.load(Ordering::Relaxed) {
                eprintln!("progress: {}", self.status(p, elapsed.as_secs_f64()));
                next += self.every;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_in_words() {
        assert_eq!(duration(44.6), "45 s");
        assert_eq!(duration(200.0), "3 min 20 s");
        assert_eq!(duration(7_500.0), "2 h 05 min");
        assert_eq!(duration(f64::INFINITY), "unknown");
    }
}
