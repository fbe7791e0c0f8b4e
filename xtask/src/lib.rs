//! The runner's library: what the runner knows about each game and mode ([`facts`]) and how
//! report files are read back and checked before `merge` adds them ([`report_file`]). The
//! runner (`cargo xtask`, `src/main.rs`) is built on it; the fuzz target `merge_report` feeds
//! it reports.

pub mod facts;
#[doc(hidden)]
pub mod fuzzing;
pub mod report_file;
pub mod split;
