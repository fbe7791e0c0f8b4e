//! The simulation library's error types: [`SimError`], the one error of a run; the errors of
//! what is read from outside and checked: a report ([`ReportError`]), a split record
//! ([`SplitError`]) and contribution sums ([`DetailError`]). Nothing of the crate that returns them is
//! named here (only the leaf types they carry), so every module, the engine too, can
//! return these errors. Amounts are in hundredths of the bet.

use crate::facts::UnknownFacts;
use slot_core::fingerprint::Fingerprint;
use slot_core::json::JsonError;
use std::path::PathBuf;

/// The path of a file as errors print it.
fn shown(path: &std::path::Path) -> std::path::Display<'_> {
    path.display()
}

/// `field` or `fields` and the names, joined (`its fields a, b changed`).
fn fields_changed(fields: &[&str]) -> String {
    format!(
        "field{} {}",
        if fields.len() == 1 { "" } else { "s" },
        fields.join(", ")
    )
}

/// Where impossible sums were found: `file: impossible sums: ` or the merge's.
fn impossible_at(path: Option<&std::path::Path>) -> String {
    path.map_or_else(
        || "the merged sums are impossible: ".to_string(),
        |p| format!("{}: impossible sums: ", p.display()),
    )
}

/// Where impossible contribution sums were found: `file: ` or the merge's.
fn detail_at(path: Option<&std::path::Path>) -> String {
    path.map_or_else(
        || "the merged contribution sums are impossible: ".to_string(),
        |p| format!("{}: ", p.display()),
    )
}

/// A file in a certification's directory that is not the chunk it stands for (a report or a
/// split record of another run).
#[derive(Debug, thiserror::Error)]
#[error(
    "{}: not chunk {chunk} of this certification ({wanted}); move it away or certify in another directory",
    shown(path)
)]
pub struct OtherChunk {
    /// The file.
    pub path: PathBuf,
    /// The chunk's number.
    pub chunk: u64,
    /// What the chunk must be (game, mode or picks, model, seed, rounds).
    pub wanted: String,
}

/// A report that cannot be read or merged: what is wrong, naming the file (the runner prints
/// it and exits with status 2). Each variant's message names what was wrong and what is
/// allowed.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The text is not a report's JSON (or not of this runner's version).
    #[error(
        "{}: not a report written by `sim --json` or `merge --json` of this runner: {source}",
        shown(path)
    )]
    NotAReport {
        /// The file.
        path: PathBuf,
        /// What the JSON reader refused.
        source: JsonError,
    },
    /// A field that holds whole numbers holds another number.
    #[error(
        "{}: {field} must be a whole number from 0 up (it was {value})",
        shown(path)
    )]
    NotAWholeNumber {
        /// The file.
        path: PathBuf,
        /// The field's path (`sums.total_win`).
        field: String,
        /// The number it held, as written.
        value: String,
    },
    /// The sums do not hash to their checksum.
    #[error(
        "{}: the sums do not match their checksum (sums_sha256 {written}, the sums hash to {actual}): the report was changed after it was written",
        shown(path)
    )]
    SumsChanged {
        /// The file.
        path: PathBuf,
        /// The checksum written.
        written: Fingerprint,
        /// What the sums hash to.
        actual: Fingerprint,
    },
    /// The report has no checksums of its fields.
    #[error(
        "{}: it has no checksums of its fields (`checksums`): a report of an older runner, or edited; write it again with `sim --json` or `merge --json`",
        shown(path)
    )]
    NoChecksums {
        /// The file.
        path: PathBuf,
    },
    /// Fields changed after the report was written.
    #[error(
        "{}: its {} changed after the report was written (checksums do not match)",
        shown(path),
        fields_changed(fields)
    )]
    FieldsChanged {
        /// The file.
        path: PathBuf,
        /// The fields whose checksums do not match.
        fields: Vec<&'static str>,
    },
    /// The checksums name a field reports do not have.
    #[error(
        "{}: its checksums name a field '{field}' that reports do not have",
        shown(path)
    )]
    UnknownField {
        /// The file.
        path: PathBuf,
        /// The field named.
        field: String,
    },
    /// The report is unsigned, and a key to verify was given.
    #[error(
        "{}: the report is not signed, and a key to verify was given",
        shown(path)
    )]
    Unsigned {
        /// The file.
        path: PathBuf,
    },
    /// The signature is not the report's under the key given.
    #[error(
        "{}: the signature does not match: signed with another key, or changed since it was signed",
        shown(path)
    )]
    BadSignature {
        /// The file.
        path: PathBuf,
    },
    /// The game or mode is not one the catalog knows.
    #[error("{}: {source}", shown(path))]
    Unknown {
        /// The file.
        path: PathBuf,
        /// The game or mode, with those allowed.
        source: UnknownFacts,
    },
    /// A field does not fit its game and mode (pick, names of sources and features, rounds,
    /// threads, time), or its shard, merge or convergence record does not fit its sums.
    #[error("{}: {problem}", shown(path))]
    Inconsistent {
        /// The file.
        path: PathBuf,
        /// What does not fit, with what is allowed.
        problem: String,
    },
    /// Sums no set of real rounds can produce (`path` `None`: the merged sums).
    #[error("{}{problem}", impossible_at(path.as_deref()))]
    ImpossibleSums {
        /// The file; `None` for the sums of a merge.
        path: Option<PathBuf>,
        /// The relation that fails, with the game's names.
        problem: String,
    },
    /// A shard is incomplete: it cannot be merged.
    #[error(
        "{}: shard {index}/{count} of seed {seed} is incomplete (stopped {stop} after batches {}..{}): run it again and merge the complete shard",
        shown(path), batches[0], batches[1]
    )]
    IncompleteShard {
        /// The file.
        path: PathBuf,
        /// The shard's index.
        index: u64,
        /// The run's shard count.
        count: u64,
        /// The run's seed.
        seed: u64,
        /// Why it stopped, as written (`Interrupted`).
        stop: String,
        /// The batches it played.
        batches: [u64; 2],
    },
    /// The reports' runs overlap or are incomplete: rounds would count twice, or some are
    /// missing.
    #[error("{problem}")]
    Runs {
        /// The seed whose reports do not make one run.
        seed: u64,
        /// What overlaps or is missing, naming the files, and what a merge needs.
        problem: String,
    },
    /// A report differs from the first of a merge in game, mode, model or stake.
    #[error(
        "{}: it is a report of {what} {theirs}, but {} is of {what} {first}: merge reports of one game, mode and math model only",
        shown(path),
        shown(first_path)
    )]
    Differs {
        /// The report that differs.
        path: PathBuf,
        /// The first report of the merge.
        first_path: PathBuf,
        /// What differs: `game`, `mode`, `math model` or `stake`.
        what: &'static str,
        /// The first report's.
        first: String,
        /// This report's.
        theirs: String,
    },
    /// No report was given to merge.
    #[error("give at least one report file")]
    NoReports,
    /// Two reports hold identical sums: one run reported twice.
    #[error(
        "{} and {} have identical sums: one run reported twice (honest runs never share every sum once {min_hits} or more of their rounds won, whatever their seeds say)",
        shown(a),
        shown(b)
    )]
    SameSums {
        /// One file.
        a: PathBuf,
        /// The other.
        b: PathBuf,
        /// The winning rounds from which identical sums are refused.
        min_hits: u64,
    },
    /// A report's sums cannot be added to the others' (an overflow).
    #[error("{}: cannot be added: {problem}", shown(path))]
    CannotAdd {
        /// The file.
        path: PathBuf,
        /// The sum that would overflow.
        problem: String,
    },
    /// Contribution sums that do not fit the sums (`path` `None`: the merged ones).
    #[error("{}{source}", detail_at(path.as_deref()))]
    Detail {
        /// The file; `None` for the merged contribution sums.
        path: Option<PathBuf>,
        /// The relation that fails.
        source: Box<DetailError>,
    },
    /// The reports' threads add up past the largest count.
    #[error("the reports' threads add up past the largest count")]
    ThreadsOverflow,
    /// A report made here would be refused by its own reader, so it is not written.
    #[error("{0} (its reader would refuse it, so it is not written)")]
    WouldBeRefused(Box<ReportError>),
    /// The merged report would be refused by its reader.
    #[error("the merged report cannot be made: {0}")]
    MergeRefused(Box<ReportError>),
    /// A file in a certification's directory is not the chunk it stands for.
    #[error(transparent)]
    OtherChunk(#[from] OtherChunk),
}

/// What names a split record when records are added: its game, model and picks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordIdentity {
    /// The game.
    pub game: String,
    /// The model's fingerprint.
    pub model: Fingerprint,
    /// The picks (modes), in order.
    pub picks: Vec<String>,
}

impl std::fmt::Display for RecordIdentity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (model {}, picks {:?})",
            self.game, self.model, self.picks
        )
    }
}

/// A split record ([`crate::split::SplitRecord`]) that cannot be read, checked or added to
/// another: each variant names the sum or field that is wrong and what is allowed.
#[derive(Debug, thiserror::Error)]
pub enum SplitError {
    /// The text is not a split record's JSON.
    #[error("not a split record: {0}")]
    NotARecord(#[source] JsonError),
    /// The record's checksum is not its contents'.
    #[error(
        "its checksum (sha256) is not its contents': the record was edited after it was written"
    )]
    Edited,
    /// The record has no checksum, and one is required.
    #[error("it has no checksum (sha256): records written by split --out and certify carry one")]
    NoChecksum,
    /// The record is of another game.
    #[error("game '{found}': this is a split estimate of {expected}")]
    OtherGame {
        /// The game the record names.
        found: String,
        /// The game it is read as.
        expected: &'static str,
    },
    /// Fewer than 2 values were played (`what`: `base games`, `free features`).
    #[error("{what}: {n} played; an interval needs at least 2")]
    TooFew {
        /// Whose values.
        what: String,
        /// How many.
        n: u64,
    },
    /// The wins add up to more than the count times the cap.
    #[error("{what}: the wins sum to {sum}, more than {n} x the cap")]
    SumOverCap {
        /// Whose wins.
        what: String,
        /// Their sum.
        sum: u128,
        /// Their count.
        n: u64,
    },
    /// The sum of squares is more than the cap times the sum.
    #[error("{what}: the sum of squares {sum_sq} is more than the cap times the sum {sum}")]
    SquaresOverCap {
        /// Whose wins.
        what: String,
        /// Their sum of squares.
        sum_sq: u128,
        /// Their sum.
        sum: u128,
    },
    /// The sum of squares is less than the square of the sum over the count.
    #[error("{what}: the sum of squares {sum_sq} is less than (sum {sum})^2 / {n}")]
    SquaresUnderMean {
        /// Whose wins.
        what: String,
        /// Their sum of squares.
        sum_sq: u128,
        /// Their sum.
        sum: u128,
        /// Their count.
        n: u64,
    },
    /// A sum passes what its integer holds.
    #[error("{what}: the sum passes the largest the record can hold ({max})")]
    Overflow {
        /// The sum (`base games' win`).
        what: String,
        /// The largest its integer holds, in words (`2^64 - 1`).
        max: &'static str,
    },
    /// The triggers are none, or more than the rounds.
    #[error("base games: {triggers} triggers in {rounds} rounds (at least 1, at most the rounds)")]
    Triggers {
        /// Triggers counted.
        triggers: u64,
        /// Base games played.
        rounds: u64,
    },
    /// The triggering rounds' wins exceed all wins, or the cap hits the rounds.
    #[error(
        "base games: the triggering rounds' wins {trigger_win} exceed all wins {win} or cap hits {cap_hits} exceed rounds {rounds}"
    )]
    TriggerWin {
        /// The triggering rounds' wins.
        trigger_win: u128,
        /// All base games' wins.
        win: u128,
        /// Base games that reached the cap.
        cap_hits: u64,
        /// Base games played.
        rounds: u64,
    },
    /// The triggering games by win do not add up to the sums (or are not sorted).
    #[error(
        "base games: the triggering games by win count {count} winning {won}, but the sums say {triggers} winning {trigger_win} (or the pairs are not sorted by win, each once, each counted)"
    )]
    TriggerPairs {
        /// What the pairs count.
        count: u64,
        /// What the pairs win.
        won: u128,
        /// The triggers of the sums.
        triggers: u64,
        /// The triggering wins of the sums.
        trigger_win: u128,
    },
    /// The record holds no pick's features.
    #[error("no pick's features")]
    NoPicks,
    /// Several picks of a game whose mode changes its base game.
    #[error(
        "{picks} picks: the mode of {game} changes its base game, so a split record holds one mode"
    )]
    OneModeOnly {
        /// Picks in the record.
        picks: usize,
        /// The game.
        game: &'static str,
    },
    /// The record's cap is not the game's.
    #[error("cap {found:?}: the cap of {game} is {expected}")]
    Cap {
        /// The record's cap.
        found: Option<u64>,
        /// The game's cap (2^64 - 1 for none).
        expected: u128,
        /// The game.
        game: &'static str,
    },
    /// The record's stake is not the mode's.
    #[error("stake {found}: a round of {game} in this mode stakes {expected}")]
    Stake {
        /// The record's stake.
        found: u64,
        /// The mode's stake.
        expected: u64,
        /// The game.
        game: &'static str,
    },
    /// A pick is not a mode of the game, or comes twice.
    #[error("pick '{pick}' is not one of {}, or comes twice", modes.join(", "))]
    Pick {
        /// The pick.
        pick: String,
        /// The game's modes.
        modes: Vec<&'static str>,
    },
    /// A pick's tail does not fit its sums.
    #[error(
        "{what}: the tail (wins from {from}) holds {capped} caps and a largest win of {tail_max}, but the sums say {cap_hits} caps and {max_win} (or a win outside the tail, or pairs not sorted)"
    )]
    Tail {
        /// The pick's features.
        what: String,
        /// The smallest win the tail holds.
        from: u128,
        /// Caps in the tail.
        capped: u64,
        /// The tail's largest win.
        tail_max: u64,
        /// Cap hits of the sums.
        cap_hits: u64,
        /// Largest win of the sums.
        max_win: u64,
    },
    /// A pick's largest win and cap hits do not fit its sums.
    #[error(
        "{what}: max win {max_win} and {cap_hits} cap hits do not fit {features} features winning {win}"
    )]
    MaxWin {
        /// The pick's features.
        what: String,
        /// Largest win.
        max_win: u64,
        /// Cap hits.
        cap_hits: u64,
        /// Features played.
        features: u64,
        /// Their wins.
        win: u128,
    },
    /// Two records of different games, models, picks, stakes or caps cannot be added.
    #[error("a record of {added} cannot be added to one of {to}")]
    Mismatch {
        /// The record added.
        added: Box<RecordIdentity>,
        /// The record it would be added to.
        to: Box<RecordIdentity>,
    },
    /// A record made here would be refused by its reader, so it is not written.
    #[error("the record made would be refused by its reader: {0}")]
    WouldBeRefused(Box<SplitError>),
    /// A split record file is refused.
    #[error("{}: {source}", shown(path))]
    File {
        /// The file.
        path: PathBuf,
        /// Why.
        source: Box<SplitError>,
    },
    /// A split record made here for a file is refused by its reader, so it is not written.
    #[error("{}: {source}; not written", shown(path))]
    NotWritten {
        /// The file it would have been written to.
        path: PathBuf,
        /// Why ([`SplitError::WouldBeRefused`]).
        source: Box<SplitError>,
    },
    /// A file in a certification's directory is not the chunk it stands for.
    #[error(transparent)]
    OtherChunk(#[from] OtherChunk),
    /// A certification ended with no chunk.
    #[error("no chunk")]
    NoChunk,
}

/// Contribution sums ([`crate::detail::Detail`]) that cannot be added or do not fit the
/// run's sums; each variant names the relation and the figures on both sides.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DetailError {
    /// A sum passes what its integer holds.
    #[error("contribution sums: {what}: the sum passes the largest its integer holds")]
    Overflow {
        /// The sum (`symbol_wins' amount`).
        what: &'static str,
    },
    /// Rounds, total win or capped rounds differ from the run's sums.
    #[error(
        "contribution sums: {rounds} rounds winning {total_win} with {capped} capped, but the run's sums hold {run_rounds} rounds winning {run_total_win} with {run_capped} capped"
    )]
    RunSums {
        /// Rounds counted.
        rounds: u64,
        /// Total win.
        total_win: u128,
        /// Capped rounds.
        capped: u64,
        /// The run's rounds.
        run_rounds: u64,
        /// The run's total win.
        run_total_win: u128,
        /// The run's cap hits.
        run_capped: u64,
    },
    /// Rounds whose events do not add up to their win.
    #[error("contribution sums: {0} rounds whose events do not add up to their win")]
    Unreconciled(u64),
    /// Rounds of a run whose events do not add up to their win.
    #[error(
        "{unreconciled} of {rounds} rounds of {game} ({mode}) have events that do not add up to their win"
    )]
    UnreconciledRun {
        /// Rounds that do not add up.
        unreconciled: u64,
        /// Rounds played.
        rounds: u64,
        /// The game.
        game: &'static str,
        /// The mode.
        mode: &'static str,
    },
    /// The rounds by win do not fit the run's sums.
    #[error(
        "contribution sums: the round wins count {counted} rounds winning {won} ({hits} winning, the largest {max}); the run has {rounds} rounds winning {total_win} ({run_hits} winning, the largest {run_max})"
    )]
    RoundWins {
        /// Rounds the rows count.
        counted: u128,
        /// What they win.
        won: u128,
        /// The winning ones.
        hits: u64,
        /// The largest win.
        max: u64,
        /// Rounds of the sums.
        rounds: u64,
        /// Total win of the sums.
        total_win: u128,
        /// The run's winning rounds.
        run_hits: u64,
        /// The run's largest win.
        run_max: u64,
    },
    /// The rows do not add up to the raw win, or it to the total win.
    #[error(
        "contribution sums: the rows add up to {rows}, raw_win is {raw_win} and the total win {total_win} ({capped} capped rounds)"
    )]
    Rows {
        /// What the rows add up to.
        rows: u128,
        /// The raw win.
        raw_win: u128,
        /// The total win.
        total_win: u128,
        /// Capped rounds.
        capped: u64,
    },
    /// The wins by tumble depth are not the symbol wins.
    #[error(
        "contribution sums: the wins by tumble depth are {depth_times} winning {depth}, the symbol wins {symbol_times} winning {symbols}"
    )]
    Depths {
        /// Wins by depth, counted.
        depth_times: u64,
        /// Their amount.
        depth: u128,
        /// Symbol wins, counted.
        symbol_times: u64,
        /// Their amount.
        symbols: u128,
    },
    /// Spins, wins after powers or multiplied wins do not fit the rounds and the money.
    #[error(
        "contribution sums: {spins} spins in {rounds} rounds, {powers} won after powers, {multiplied} paid with multipliers ({multiplier_times} times) of {raw_win} in all ({symbol_times} symbol wins)"
    )]
    Parts {
        /// Spins.
        spins: u64,
        /// Rounds.
        rounds: u64,
        /// Won after powers.
        powers: u128,
        /// Paid with multipliers.
        multiplied: u128,
        /// Multiplied wins.
        multiplier_times: u64,
        /// The raw win.
        raw_win: u128,
        /// Symbol wins.
        symbol_times: u64,
    },
    /// A multiplier row's amount is not its base times its multiplier.
    #[error(
        "contribution sums: multiplier x{multiplier}: {amount} paid for {base} of paytable wins"
    )]
    Multiplier {
        /// The multiplier.
        multiplier: u64,
        /// Its amount.
        amount: u128,
        /// Its base.
        base: u128,
    },
    /// A symbol row's smallest pay is above its largest.
    #[error(
        "contribution sums: {symbol} x{count}: the smallest pay {pay_min} is above the largest {pay_max}"
    )]
    PayRange {
        /// The symbol.
        symbol: String,
        /// Its count.
        count: u64,
        /// Smallest pay.
        pay_min: u64,
        /// Largest pay.
        pay_max: u64,
    },
    /// Rows not sorted by key, or a key twice.
    #[error("contribution sums: rows are not sorted by key, each key once")]
    Unsorted,
}

/// Why a simulation, a merge, a split estimate or the writing of PAR files did not happen.
/// Every variant names what was wrong and what is allowed.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// A setting of the run is out of range (checked before anything is played).
    #[error("{setting}: {message}")]
    Config {
        /// The setting, as the runner's option is named (`threads`, `shard`, `rounds`, ...).
        setting: &'static str,
        /// What is wrong and what is allowed.
        message: String,
    },
    /// The worker threads could not be started.
    #[error("cannot start {}: {message}", crate::words::threads(*threads))]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why.
        message: String,
    },
    /// A report could not be read, or reports could not be merged (boxed: the error of a
    /// run stays small).
    #[error(transparent)]
    Report(Box<ReportError>),
    /// A split record's sums are impossible.
    #[error("split record: {0}")]
    Split(Box<SplitError>),
    /// The contribution sums of a run could not be made: a round's events did not add up to
    /// its win, or the sums disagree with the run's ([`crate::detail`]).
    #[error("contributions: {0}")]
    Detail(Box<DetailError>),
    /// A file or directory could not be written or read.
    #[error("{path}: {message}")]
    Io {
        /// The file or directory.
        path: std::path::PathBuf,
        /// What failed.
        message: String,
    },
    /// A PAR file's table or plot could not be made.
    #[error("PAR files: {0}")]
    ParFiles(String),
    /// An output folder a command was asked to write into holds what it may not replace
    /// (`crate::files::OutputDir::claim`): files it did not write, or another command's
    /// work. `--force` is no way round it: it replaces only a folder holding nothing but
    /// this command's own work (its stamp and files of the names it writes), so that a
    /// mistyped `--out` (`/`, a home folder) never has its contents deleted.
    #[error(
        "{}: {found}: {advice}; --force replaces only a folder holding nothing but `{command}`'s own work (another game's, mode's or model's: its stamp and the files `{command}` writes), never other files",
        path.display()
    )]
    FolderInUse {
        /// The folder.
        path: std::path::PathBuf,
        /// The command that was to write it (`lab-kit`, `certify`, `export stake`).
        command: String,
        /// What the folder holds (up to five names, or whose work it is).
        found: String,
        /// What to do instead (`name an empty or new folder`, `move them out`).
        advice: String,
    },
}

impl From<ReportError> for SimError {
    fn from(e: ReportError) -> SimError {
        SimError::Report(Box::new(e))
    }
}

impl From<SplitError> for SimError {
    fn from(e: SplitError) -> SimError {
        SimError::Split(Box::new(e))
    }
}

impl From<DetailError> for SimError {
    fn from(e: DetailError) -> SimError {
        SimError::Detail(Box::new(e))
    }
}
