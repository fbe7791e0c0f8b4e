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

pub use slot_sim::run::ProgressView;

/// How a run's progress is shown: what is shown ([`ProgressView`]), how often off a terminal,
/// or nothing.
#[derive(Clone, Copy, Debug)]
pub struct Display {
    /// What a status line says of the run.
    pub view: ProgressView,
    /// Show nothing.
    pub quiet: bool,
    /// Seconds between lines off a terminal.
    pub every: Duration,
}

impl Display {
    /// The display of a split estimate: `planned` games (base games, then the features of
    /// every mode), a line every `every` off a terminal, no running RTP.
    pub fn games(planned: u64, quiet: bool, every: Duration) -> Display {
        Display {
            view: ProgressView::games(planned),
            quiet,
            every,
        }
    }

    fn status(&self, p: &Progress, elapsed: f64) -> String {
        self.view.status(p, elapsed)
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
        let bar = ProgressBar::new(self.view.planned);
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
