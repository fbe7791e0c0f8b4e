//! Counts in words, as the runner, the reports and the errors print them: `1 thread`,
//! `2 threads`. A leaf module (it imports nothing of the crate), so every module, the errors
//! too, can use it.

/// `n` and a noun: `one` for exactly 1, `many` otherwise (`0 threads`, `1 thread`, `2
/// threads`).
#[must_use]
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n` threads in words: `1 thread`, `8 threads` (what a run's time line, a PAR file's speed
/// row and a refusal to start threads print).
#[must_use]
pub fn threads(n: usize) -> String {
    counted(n as u64, "thread", "threads")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_thread_is_singular_and_any_other_count_plural() {
        assert_eq!(threads(1), "1 thread");
        assert_eq!(threads(0), "0 threads");
        assert_eq!(threads(2), "2 threads");
        assert_eq!(threads(16), "16 threads");
        assert_eq!(counted(1, "book", "books"), "1 book");
        assert_eq!(counted(298, "book", "books"), "298 books");
    }
}
