//! A generator's words for a statistical test battery: the raw stream without end
//! ([`write_stream`], the runner's `rng-stream`), Dieharder run on a generator fed live on
//! its standard input ([`run`], a lab kit's `--dieharder`), and its verdicts counted
//! ([`counts`]). Dieharder is an outside program (`dieharder`, Debian: `apt-get install
//! dieharder`), run as a child process.

use slot_core::Rng;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};

/// The highest test number `dieharder -l` lists.
pub const MAX_TEST: u32 = 209;

/// The bytes Dieharder's 32x32 rank test (`-d 2`, one of the battery's) reads at its
/// defaults: 100 p-samples of 40,000 matrices of 32 x 32 bits.
pub const RANK_TEST_BYTES: u64 = 100 * 40_000 * 32 * 32 / 8;

/// Why Dieharder did not run.
#[derive(Debug, thiserror::Error)]
pub enum DieharderError {
    /// It could not be started.
    #[error("cannot run dieharder (Debian: apt-get install dieharder): {0}")]
    Start(String),
    /// Its pipes could not be taken or waited on.
    #[error("dieharder: {0}")]
    Pipe(String),
    /// It failed without output.
    #[error("dieharder failed ({0})")]
    Failed(String),
}

/// The arguments of a Dieharder run after `-g 200`: the whole battery (`-a`) when `tests`
/// is empty, else `-d N` per test.
#[must_use]
pub fn arguments(tests: &[u32]) -> Vec<String> {
    if tests.is_empty() {
        vec!["-a".into()]
    } else {
        tests
            .iter()
            .flat_map(|t| ["-d".to_string(), t.to_string()])
            .collect()
    }
}

/// Fills `buf` (a whole number of 32-bit words) with `rng`'s words: little-endian 32-bit
/// `next_u32()`, in order.
fn fill<R: Rng + ?Sized>(rng: &mut R, buf: &mut [u8]) {
    for c in buf.chunks_mut(4) {
        c.copy_from_slice(&rng.next_u32().to_le_bytes());
    }
}

/// Writes `rng`'s words (little-endian 32-bit `next_u32()`, in order) to `out` until `stop`
/// is set or the reader closes the pipe (then `Ok`).
///
/// # Errors
/// Any other write error.
pub fn write_stream<R: Rng + ?Sized>(
    rng: &mut R,
    out: &mut impl Write,
    stop: Option<&AtomicBool>,
) -> std::io::Result<()> {
    let mut buf = vec![0u8; 1 << 16];
    let result = loop {
        fill(rng, &mut buf);
        if let Err(e) = out.write_all(&buf) {
            break Err(e);
        }
        if stop.is_some_and(|s| s.load(Ordering::SeqCst)) {
            break Ok(());
        }
    };
    match result {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r,
    }
}

/// Feeds `rng`'s words to `dieharder -g 200 ARGS` until it has read enough; its output.
fn once<R: Rng + ?Sized>(rng: &mut R, args: &[String]) -> Result<String, DieharderError> {
    let mut child = Command::new("dieharder")
        .args(["-g", "200"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| DieharderError::Start(e.to_string()))?;
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| DieharderError::Pipe("no stdin".into()))?;
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| DieharderError::Pipe("no stdout".into()))?;
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut std::io::BufReader::new(stdout), &mut s);
        s
    });
    let mut buf = vec![0u8; 1 << 16];
    loop {
        fill(rng, &mut buf);
        if stdin.write_all(&buf).is_err() {
            break; // dieharder has read what it needs and closed the pipe
        }
    }
    drop(stdin);
    let status = child
        .wait()
        .map_err(|e| DieharderError::Pipe(e.to_string()))?;
    let out = reader.join().unwrap_or_default();
    if !status.success() && out.is_empty() {
        return Err(DieharderError::Failed(status.to_string()));
    }
    Ok(out)
}

/// Dieharder's battery (`args` `-a`) or each `-d N` test alone (it takes one `-d` per run)
/// on `rng`, fed live; the outputs one after another.
///
/// # Errors
/// [`DieharderError`]: not installed, or failed without output.
pub fn run<R: Rng + ?Sized>(rng: &mut R, args: &[String]) -> Result<String, DieharderError> {
    if args.first().is_some_and(|a| a == "-a") {
        return once(rng, args);
    }
    let mut out = String::new();
    for pair in args.chunks(2) {
        out.push_str(&once(rng, pair)?);
    }
    Ok(out)
}

/// The PASSED, WEAK and FAILED counts of a Dieharder output (lines ending in the word).
#[must_use]
pub fn counts(out: &str) -> (usize, usize, usize) {
    let n = |w: &str| out.lines().filter(|l| l.trim_end().ends_with(w)).count();
    (n("PASSED"), n("WEAK"), n("FAILED"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_are_counted_by_the_last_word_of_a_line() {
        let out = "   diehard_birthdays|   0|       100|     100|0.51|  PASSED  \n\
                   diehard_rank_32x32|   0|     40000|     100|0.00|  FAILED\n\
                   sts_serial|  2|    100000|     100|0.9996|   WEAK\n# PASSED means\n";
        assert_eq!(counts(out), (1, 1, 1));
        assert_eq!(arguments(&[]), ["-a"]);
        assert_eq!(arguments(&[0, 2]), ["-d", "0", "-d", "2"]);
    }

    #[test]
    fn the_stream_is_the_generators_words_and_stops_on_the_flag() {
        let stop = AtomicBool::new(true);
        let mut out = Vec::new();
        write_stream(
            &mut slot_core::replay::batch_rng(3, 0),
            &mut out,
            Some(&stop),
        )
        .unwrap();
        let mut r = slot_core::replay::batch_rng(3, 0);
        let first: Vec<u8> = (0..2).flat_map(|_| r.next_u32().to_le_bytes()).collect();
        assert_eq!(out.len(), 1 << 16);
        assert_eq!(out[..8], first[..]);
    }
}
