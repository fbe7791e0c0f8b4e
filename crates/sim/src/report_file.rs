//! Report files as `sim --json` and `merge --json` write them, read back without trusting
//! them: every field typed (128-bit sums stay exact), the checksum of the sums, the game and
//! mode, every relation between the sums ([`Accumulator::validate`]), the shard or merge
//! record and the convergence record ([`check_report`]); and the checks `merge` makes before
//! it adds reports: one game, mode and model, no rounds counted twice ([`merge_files`]).
//! The runner's `merge` command and the fuzz target `merge_report` share them.

use crate::engine::{Checkpoint, is_checkpoint, shard_batches};
use crate::error::ReportError;
use crate::facts::{Catalog, GameFacts};
use crate::stats::Accumulator;
use serde::{Deserialize, Serialize};
use slot_core::fingerprint::Fingerprint;
use slot_core::replay::{batches_of, rounds_in};
use slot_core::seal::{Seal, SealKey};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// Every round planned was played.
    Complete,
    /// `--until-halfwidth`: the 99 % half-width reached the goal.
    Precision,
    /// `--until-halfwidth`: `--max-rounds` were played before the goal was reached.
    MaxRounds,
    /// Ctrl-C or SIGTERM: the report holds the complete prefix of batches finished before.
    Interrupted,
}

/// The goal of a `--until-halfwidth` run.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PrecisionGoal {
    /// The 99 % half-width asked for, percentage points.
    pub half_width_pp: f64,
    /// The bound on rounds.
    pub max_rounds: u64,
    /// The interval is checked after every this many rounds, in batch order.
    pub check_every_rounds: u64,
}

/// Which shard of which run a report is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardId {
    /// 0..count.
    pub index: u64,
    /// Shards of the run.
    pub count: u64,
    /// The run's seed.
    pub seed: u64,
    /// The whole run's rounds.
    pub rounds: u64,
    /// The batches this shard played, `[first, end)`.
    pub batches: [u64; 2],
}

/// One run inside a merged report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunId {
    /// Its seed.
    pub seed: u64,
    /// Its rounds.
    pub rounds: u64,
    /// The shards it was played in (1: one report).
    pub shards: u64,
}

/// What a merged report was made of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MergedFrom {
    /// Report files merged.
    pub files: usize,
    /// The complete runs they hold, by seed.
    pub runs: Vec<RunId>,
}

/// A report file as read back: only what a merge needs, every field typed (128-bit sums stay
/// exact; no field goes through a float).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReportFile {
    /// Game name.
    pub game: String,
    /// Mode.
    pub mode: String,
    /// Moon Princess pick.
    #[serde(default)]
    pub pick: Option<String>,
    /// Model fingerprint.
    pub model_fingerprint: Fingerprint,
    /// Checksum of `sums`.
    pub sums_sha256: Fingerprint,
    /// Seed.
    pub seed: u64,
    /// Rounds.
    pub rounds: u64,
    /// Threads.
    pub threads: usize,
    /// Wall-clock seconds.
    pub elapsed_seconds: f64,
    /// Rounds per second per thread (a merge computes it over the thread-seconds of its
    /// inputs; otherwise the rounds over the time and threads).
    #[serde(default)]
    pub rounds_per_second_per_thread: Option<f64>,
    /// The seeds a merged report holds.
    #[serde(default)]
    pub merged_seeds: Vec<u64>,
    /// The levels of the RTP intervals written (the intervals are recomputed).
    #[serde(default)]
    pub rtp_intervals: Vec<IntervalLevel>,
    /// Source names.
    pub source_names: Vec<String>,
    /// Feature names.
    pub feature_names: Vec<String>,
    /// The sums.
    pub sums: Accumulator,
    /// Why it stopped.
    pub stop: StopReason,
    /// Rounds planned.
    pub rounds_planned: u64,
    /// The goal of a precision-driven run.
    #[serde(default)]
    pub precision: Option<PrecisionGoal>,
    /// Shard identity.
    #[serde(default)]
    pub shard: Option<ShardId>,
    /// Merge record.
    #[serde(default)]
    pub merged: Option<MergedFrom>,
    /// Convergence record.
    pub convergence: Vec<Checkpoint>,
    /// The goodness-of-fit section of a run's first rounds.
    #[serde(default)]
    pub goodness_of_fit: Option<crate::gof::GofSection>,
    /// The contribution sums (`sim --out`); absent from reports without them.
    #[serde(default)]
    pub detail: Option<crate::detail::Detail>,
    /// The SHA-256 of every field above, by name ([`ReportFile::checksums`]); not part of
    /// what it checks.
    #[serde(default, skip_serializing)]
    pub checksums: Option<BTreeMap<String, Fingerprint>>,
    /// The optional HMAC-SHA-256 signature of the checksums ([`signature_of`]).
    #[serde(default, skip_serializing)]
    pub signature: Option<Seal>,
}

/// The fields of a report its checksums cover: everything reading and merging a report
/// trusts. An edit of any of them without its checksum is refused, naming the field.
pub const CHECKED_FIELDS: [&str; 22] = [
    "game",
    "mode",
    "pick",
    "model_fingerprint",
    "seed",
    "rounds",
    "threads",
    "elapsed_seconds",
    "rounds_per_second_per_thread",
    "merged_seeds",
    "rtp_intervals",
    "source_names",
    "feature_names",
    "sums",
    "stop",
    "rounds_planned",
    "precision",
    "shard",
    "merged",
    "convergence",
    "goodness_of_fit",
    "detail",
];

impl ReportFile {
    /// The SHA-256 of each of [`CHECKED_FIELDS`]: of the field's compact JSON as `serde_json`
    /// writes it from its typed value (128-bit sums exact), so the writer and a reader compute
    /// the same digest from the same values.
    pub fn checksums(&self) -> BTreeMap<String, Fingerprint> {
        let mut m = BTreeMap::new();
        macro_rules! fields {
            ($($f:ident),*) => {
                $(
                    let text = serde_json::to_string(&self.$f).unwrap_or_default();
                    m.insert(stringify!($f).to_string(), Fingerprint::of_bytes(text.as_bytes()));
                )*
            };
        }
        fields!(
            game,
            mode,
            pick,
            model_fingerprint,
            seed,
            rounds,
            threads,
            elapsed_seconds,
            rounds_per_second_per_thread,
            merged_seeds,
            rtp_intervals,
            source_names,
            feature_names,
            sums,
            stop,
            rounds_planned,
            precision,
            shard,
            merged,
            convergence,
            goodness_of_fit
        );
        // Only when present, so that reports written before the field existed read back.
        if let Some(d) = &self.detail {
            let text = serde_json::to_string(d).unwrap_or_default();
            m.insert("detail".to_string(), Fingerprint::of_bytes(text.as_bytes()));
        }
        m
    }
}

/// The HMAC-SHA-256 signature of a report's checksums under `key`: over their compact JSON
/// (a map sorted by field name), so it covers every field the checksums cover.
pub fn signature_of(checksums: &BTreeMap<String, Fingerprint>, key: &SealKey) -> Seal {
    let text = serde_json::to_string(checksums).unwrap_or_default();
    key.seal(text.as_bytes())
}

/// The longest time a report may say it ran: a thousand years, so that the times of any
/// number of merged reports add up to a finite figure.
pub const MAX_ELAPSED_SECONDS: f64 = 3.2e10;

/// Honest runs never share every sum once this many of their rounds won: two reports with
/// identical sums and at least this many winning rounds are one run reported twice.
pub const SAME_SUMS_MIN_HITS: u64 = 30;

/// The level of one RTP interval of a report (its ends are recomputed from the sums).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct IntervalLevel {
    /// The confidence level (0.999 = 99.9 %).
    pub level: f64,
}

/// [`ReportError::Inconsistent`]: a field of the report at `path` that does not fit.
fn fail<T>(path: &Path, what: impl std::fmt::Display) -> Result<T, ReportError> {
    Err(ReportError::Inconsistent {
        path: path.to_path_buf(),
        problem: what.to_string(),
    })
}

/// Reads the text of a report file (named `path` in errors) and checks everything it says
/// about itself ([`check_report`]).
///
/// # Errors
/// The first thing that is wrong, naming the file.
pub fn parse_report(
    path: &Path,
    text: &str,
    catalog: &Catalog,
) -> Result<(ReportFile, GameFacts), ReportError> {
    let r: ReportFile = match slot_core::json::from_str(text) {
        Ok(r) => r,
        Err(e) => {
            if let Some((field, value)) = not_a_whole_number(text) {
                return Err(ReportError::NotAWholeNumber {
                    path: path.to_path_buf(),
                    field,
                    value,
                });
            }
            return Err(ReportError::NotAReport {
                path: path.to_path_buf(),
                source: e,
            });
        }
    };
    let facts = check_report(path, &r, catalog)?;
    Ok((r, facts))
}

/// The first field of a report that must hold whole numbers (its sums, seed, rounds, threads,
/// shard, merge and convergence records) but holds another number, named by its path
/// with the number as written (`("sums.total_win", "1.5")`); `None` if there is none or the
/// text is not JSON. Serde's own message for it names only a line and column.
fn not_a_whole_number(text: &str) -> Option<(String, String)> {
    fn walk(v: &serde_json::Value, at: &str) -> Option<(String, String)> {
        match v {
            // A JSON value holds integers above 2^64 as floats: those are whole. A number
            // below 2^64 that is no `u64` was written with a sign, a point or an exponent
            // (`961880.0`): not a whole number as the writer writes it.
            serde_json::Value::Number(n)
                if n.as_u64().is_none()
                    && !n
                        .as_f64()
                        .is_some_and(|x| x >= 18_446_744_073_709_551_616.0 && x.fract() == 0.0) =>
            {
                Some((at.to_string(), n.to_string()))
            }
            serde_json::Value::Array(a) => a
                .iter()
                .enumerate()
                .find_map(|(i, x)| walk(x, &format!("{at}[{i}]"))),
            serde_json::Value::Object(o) => {
                o.iter().find_map(|(k, x)| walk(x, &format!("{at}.{k}")))
            }
            _ => None,
        }
    }
    let v: serde_json::Value = serde_json::from_str(text).ok()?;
    let o = v.as_object()?;
    [
        "sums",
        "seed",
        "rounds",
        "threads",
        "rounds_planned",
        "shard",
        "merged",
        "merged_seeds",
    ]
    .iter()
    .find_map(|k| o.get(*k).and_then(|x| walk(x, k)))
    .or_else(|| {
        o.get("convergence")?
            .as_array()?
            .iter()
            .enumerate()
            .find_map(|(i, c)| {
                ["batches", "rounds", "total_win", "sum_sq"]
                    .iter()
                    .find_map(|k| {
                        c.get(*k)
                            .and_then(|x| walk(x, &format!("convergence[{i}].{k}")))
                    })
            })
    })
}

/// Checks everything a report says about itself: checksum, game, mode, pick, names, the
/// relations between its sums, its shard or merge record, its convergence record. Returns the
/// facts of its game and mode.
///
/// # Errors
/// The first thing that is wrong, naming the file.
pub fn check_report(
    path: &Path,
    r: &ReportFile,
    catalog: &Catalog,
) -> Result<GameFacts, ReportError> {
    let digest = Fingerprint::of(&r.sums);
    if digest != r.sums_sha256 {
        return Err(ReportError::SumsChanged {
            path: path.to_path_buf(),
            written: r.sums_sha256,
            actual: digest,
        });
    }
    match &r.checksums {
        None => {
            return Err(ReportError::NoChecksums {
                path: path.to_path_buf(),
            });
        }
        Some(written) => {
            let now = r.checksums();
            let changed: Vec<&str> = CHECKED_FIELDS
                .iter()
                .copied()
                .filter(|f| written.get(*f) != now.get(*f))
                .collect();
            if !changed.is_empty() {
                return Err(ReportError::FieldsChanged {
                    path: path.to_path_buf(),
                    fields: changed,
                });
            }
            if let Some(extra) = written
                .keys()
                .find(|k| !CHECKED_FIELDS.contains(&k.as_str()))
            {
                return Err(ReportError::UnknownField {
                    path: path.to_path_buf(),
                    field: extra.clone(),
                });
            }
        }
    }
    let facts = match catalog.find(&r.game, &r.mode) {
        Ok(f) => f,
        Err(source) => {
            return Err(ReportError::Unknown {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    if r.pick.as_deref() != facts.pick {
        return fail(
            path,
            format!(
                "pick {:?} does not fit {} mode {} (pick {:?})",
                r.pick, r.game, r.mode, facts.pick
            ),
        );
    }
    if r.source_names != facts.sources || r.feature_names != facts.features {
        return fail(
            path,
            format!(
                "its sources {:?} and features {:?} are not those of {} ({:?}, {:?})",
                r.source_names, r.feature_names, r.game, facts.sources, facts.features
            ),
        );
    }
    if r.rounds != r.sums.rounds {
        return fail(
            path,
            format!(
                "rounds is {} but the sums hold {} rounds",
                r.rounds, r.sums.rounds
            ),
        );
    }
    if let Err(e) = r.sums.validate(&facts.limits()) {
        // A game's identity is named by its feature and source.
        let e = match e {
            crate::stats::SumsError::FeatureVsSource {
                feature,
                feature_win,
                rtp_source,
                source_win,
            } => format!(
                "the {} feature won {feature_win}, but the {} source, which is the same money in {}, holds {source_win}",
                facts.features.get(feature).unwrap_or(&"?"),
                facts.sources.get(rtp_source).unwrap_or(&"?"),
                facts.game
            ),
            e => e.to_string(),
        };
        return Err(ReportError::ImpossibleSums {
            path: Some(path.to_path_buf()),
            problem: e,
        });
    }
    if r.threads == 0 {
        return fail(
            path,
            "threads is 0; a report is played on at least 1 thread",
        );
    }
    if !(r.elapsed_seconds.is_finite() && (0.0..=MAX_ELAPSED_SECONDS).contains(&r.elapsed_seconds))
    {
        return fail(
            path,
            format!(
                "elapsed_seconds {:e} is not a time from 0 to {MAX_ELAPSED_SECONDS:e} seconds (a thousand years)",
                r.elapsed_seconds
            ),
        );
    }
    check_record(r).or_else(|e| fail(path, e))?;
    if let Some(d) = &r.detail {
        d.check(&r.sums).map_err(|source| ReportError::Detail {
            path: Some(path.to_path_buf()),
            source: Box::new(source),
        })?;
    }
    Ok(facts)
}

/// The run record of a report: its shard or merge record and its convergence record agree
/// with its sums.
fn check_record(r: &ReportFile) -> Result<(), String> {
    if r.rounds > r.rounds_planned {
        return Err(format!(
            "rounds {} is more than rounds_planned {}",
            r.rounds, r.rounds_planned
        ));
    }
    // The run of the seed's sequence the convergence record refers to: (run rounds, batches).
    let (run_rounds, first, end) = match (&r.shard, &r.merged) {
        (Some(_), Some(_)) => return Err("a report is a shard or a merge, not both".into()),
        (Some(s), None) => {
            if s.count == 0 || s.index >= s.count || s.seed != r.seed || s.rounds == 0 {
                return Err(format!(
                    "its shard record {s:?} is not a shard of seed {}",
                    r.seed
                ));
            }
            let want = shard_batches(batches_of(s.rounds), s.index, s.count);
            let [b0, b1] = s.batches;
            if b0 != want.start || b1 <= b0 || b1 > want.end {
                return Err(format!(
                    "shard {}/{} of {} rounds plays batches {}..{}, not {b0}..{b1}",
                    s.index, s.count, s.rounds, want.start, want.end
                ));
            }
            if r.sums.rounds != rounds_in(s.rounds, b0, b1) {
                return Err(format!(
                    "batches {b0}..{b1} of a run of {} rounds hold {} rounds, not {}",
                    s.rounds,
                    rounds_in(s.rounds, b0, b1),
                    r.sums.rounds
                ));
            }
            if (b1 == want.end) != (r.stop == StopReason::Complete) {
                return Err(format!(
                    "shard {}/{} stopped {:?} after batches {b0}..{b1} of {}..{}",
                    s.index, s.count, r.stop, want.start, want.end
                ));
            }
            (s.rounds, b0, b1)
        }
        (None, Some(m)) => {
            let total: u128 = m.runs.iter().map(|x| u128::from(x.rounds)).sum();
            let mut seeds: Vec<u64> = m.runs.iter().map(|x| x.seed).collect();
            seeds.sort_unstable();
            seeds.dedup();
            if m.runs.is_empty()
                || total != u128::from(r.rounds)
                || seeds.len() != m.runs.len()
                || m.runs.iter().any(|x| x.shards == 0)
            {
                return Err(format!(
                    "its merge record {m:?} does not add up to {} rounds of distinct seeds",
                    r.rounds
                ));
            }
            if m.runs.len() > 1 {
                if !r.convergence.is_empty() {
                    return Err("a merge of several runs has no convergence record".into());
                }
                return Ok(());
            }
            (r.rounds, 0, batches_of(r.rounds))
        }
        (None, None) => (r.rounds, 0, batches_of(r.rounds)),
    };
    let mut last = Checkpoint {
        batches: first,
        ..Checkpoint::default()
    };
    for c in &r.convergence {
        let ok = c.batches > last.batches
            && c.batches <= end
            && is_checkpoint(c.batches)
            && c.rounds == rounds_in(run_rounds, first, c.batches)
            && c.total_win >= last.total_win
            && c.sum_sq >= last.sum_sq
            && c.total_win <= r.sums.total_win
            && c.sum_sq <= r.sums.sum_sq
            && (c.batches < end || (c.total_win, c.sum_sq) == (r.sums.total_win, r.sums.sum_sq));
        if !ok {
            return Err(format!(
                "its convergence record is inconsistent at {c:?} (after {last:?}; batches {first}..{end})"
            ));
        }
        last = *c;
    }
    Ok(())
}

/// Where a report's rounds come from, for the overlap checks.
#[derive(Clone, Copy, Debug)]
enum Part {
    /// A whole run of `rounds` rounds of its seed (plain report or one run of a merge).
    Whole { seed: u64, rounds: u64, shards: u64 },
    /// A complete shard.
    Shard(ShardId),
}

impl Part {
    fn seed(&self) -> u64 {
        match self {
            Part::Whole { seed, .. } => *seed,
            Part::Shard(s) => s.seed,
        }
    }
    fn describe(&self) -> String {
        match self {
            Part::Whole { seed, rounds, .. } => {
                format!("the run of seed {seed} with {rounds} rounds")
            }
            Part::Shard(s) => format!(
                "shard {}/{} of the run of seed {} with {} rounds (batches {}..{})",
                s.index, s.count, s.seed, s.rounds, s.batches[0], s.batches[1]
            ),
        }
    }
}

fn parts_of(path: &Path, r: &ReportFile) -> Result<Vec<Part>, ReportError> {
    if let Some(s) = r.shard {
        if r.stop != StopReason::Complete {
            return Err(ReportError::IncompleteShard {
                path: path.to_path_buf(),
                index: s.index,
                count: s.count,
                seed: s.seed,
                stop: format!("{:?}", r.stop),
                batches: s.batches,
            });
        }
        return Ok(vec![Part::Shard(s)]);
    }
    if let Some(m) = &r.merged {
        return Ok(m
            .runs
            .iter()
            .map(|x| Part::Whole {
                seed: x.seed,
                rounds: x.rounds,
                shards: x.shards,
            })
            .collect());
    }
    Ok(vec![Part::Whole {
        seed: r.seed,
        rounds: r.rounds,
        shards: 1,
    }])
}

/// Checks that the parts of one seed can be added: the complete set of shards of one run,
/// each once, or one whole run. Returns the run.
fn one_run(seed: u64, parts: &[(&Path, Part)]) -> Result<RunId, ReportError> {
    let err = |problem: String| Err(ReportError::Runs { seed, problem });
    let name = |p: &Path| p.display().to_string();
    if let [(_, Part::Whole { rounds, shards, .. })] = parts {
        return Ok(RunId {
            seed,
            rounds: *rounds,
            shards: *shards,
        });
    }
    for (i, (pa, a)) in parts.iter().enumerate() {
        for (pb, b) in &parts[i + 1..] {
            let (x, y) = (a.describe(), b.describe());
            match (a, b) {
                (Part::Shard(s), Part::Shard(t)) if (s.rounds, s.count) == (t.rounds, t.count) => {
                    if s.index == t.index {
                        return err(format!(
                            "the same shard twice: {} and {} are both {x}",
                            name(pa),
                            name(pb)
                        ));
                    }
                }
                (Part::Shard(s), Part::Shard(t)) => {
                    // The same seed plays the same batch streams: a batch in both is the same
                    // rounds twice (a shorter last batch is a prefix of the full one).
                    let overlap = s.batches[0] < t.batches[1] && t.batches[0] < s.batches[1];
                    if overlap {
                        return err(format!(
                            "overlapping shards: {} is {x} and {} is {y}; they play the same batches of seed {seed}",
                            name(pa),
                            name(pb)
                        ));
                    }
                    return err(format!(
                        "shards of different runs mixed: {} is {x} but {} is {y}; merge the shards of one run (same seed, rounds and shard count)",
                        name(pa),
                        name(pb)
                    ));
                }
                (
                    Part::Whole {
                        rounds: ra,
                        shards: 1,
                        ..
                    },
                    Part::Whole {
                        rounds: rb,
                        shards: 1,
                        ..
                    },
                ) if ra == rb => {
                    return err(format!(
                        "the same run twice: {} and {} are both {x}; independent runs need different seeds",
                        name(pa),
                        name(pb)
                    ));
                }
                _ => {
                    return err(format!(
                        "overlapping reports: {} is {x} and {} is {y}; both play seed {seed} from the same batches, so the same rounds would count twice (independent runs need different seeds)",
                        name(pa),
                        name(pb)
                    ));
                }
            }
        }
    }
    // All shards of one run, each once: are they all there?
    let Part::Shard(s) = parts[0].1 else {
        unreachable!("a whole run alone returned above; with others it overlaps")
    };
    let mut have: Vec<u64> = parts
        .iter()
        .filter_map(|(_, p)| match p {
            Part::Shard(t) => Some(t.index),
            Part::Whole { .. } => None,
        })
        .collect();
    have.sort_unstable();
    // The missing indices as ranges between those present (never a list as long as the
    // count, which a report may set to 2^64 - 1).
    let mut missing: Vec<String> = Vec::new();
    let mut missing_count: u128 = 0;
    let mut next = 0u64;
    for &i in have.iter().chain(std::iter::once(&s.count)) {
        if i > next {
            missing_count += u128::from(i - next);
            if missing.len() < 10 {
                missing.push(if i - next == 1 {
                    next.to_string()
                } else {
                    format!("{}..{}", next, i - 1)
                });
            }
        }
        next = i.saturating_add(1);
    }
    if missing_count > 0 {
        return err(format!(
            "incomplete run: {missing_count} shard(s) {}{} of {} of the run of seed {seed} with {} rounds are missing; run them (--shard I/{}) and merge all {} shards",
            missing.join(", "),
            if missing.len() == 10 { ", ..." } else { "" },
            s.count,
            s.rounds,
            s.count,
            s.count
        ));
    }
    Ok(RunId {
        seed,
        rounds: s.rounds,
        shards: s.count,
    })
}

/// The convergence record of a merge of one run: the shards' records, each offset by the sums
/// of the shards before it, are exactly the record the whole run writes.
fn joined_convergence(files: &[(PathBuf, ReportFile)]) -> Vec<Checkpoint> {
    let mut shards: Vec<&ReportFile> = files.iter().map(|(_, r)| r).collect();
    shards.sort_by_key(|r| r.shard.map_or(0, |s| s.index));
    let mut out = Vec::new();
    let mut before = Checkpoint::default();
    for r in shards {
        out.extend(r.convergence.iter().map(|c| Checkpoint {
            batches: c.batches,
            rounds: before.rounds + c.rounds,
            total_win: before.total_win + c.total_win,
            sum_sq: before.sum_sq + c.sum_sq,
        }));
        before.rounds += r.sums.rounds;
        before.total_win += r.sums.total_win;
        before.sum_sq += r.sums.sum_sq;
    }
    out
}

/// A report merges with the first only if it is the same game, mode, pick, model and stake.
///
/// # Errors
/// The first of these that differs, naming both files.
pub fn same_identity(
    p0: &Path,
    first: &ReportFile,
    path: &Path,
    r: &ReportFile,
) -> Result<(), ReportError> {
    let differs = |what: &'static str, first: String, theirs: String| {
        Err(ReportError::Differs {
            path: path.to_path_buf(),
            first_path: p0.to_path_buf(),
            what,
            first,
            theirs,
        })
    };
    if r.game != first.game {
        return differs("game", first.game.clone(), r.game.clone());
    }
    if r.mode != first.mode || r.pick != first.pick {
        return differs("mode", first.mode.clone(), r.mode.clone());
    }
    if r.model_fingerprint != first.model_fingerprint {
        return differs(
            "math model",
            first.model_fingerprint.to_string(),
            r.model_fingerprint.to_string(),
        );
    }
    if r.sums.cost != first.sums.cost {
        return differs(
            "stake",
            first.sums.cost.to_string(),
            r.sums.cost.to_string(),
        );
    }
    Ok(())
}

/// What [`merge_files`] found: the facts of the game and mode, the added sums, the runs and,
/// for one run, its joined convergence record.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The game and mode.
    pub facts: GameFacts,
    /// The sums of every file, added exactly.
    pub sums: Accumulator,
    /// The complete runs, by seed.
    pub runs: Vec<RunId>,
    /// The convergence record of a merge of one run (empty for several runs).
    pub convergence: Vec<Checkpoint>,
    /// The contribution sums of every file added, when every file has them.
    pub detail: Option<crate::detail::Detail>,
}

/// Checks that checked reports (each read by [`parse_report`]) can be added: one game, mode,
/// model and stake; per seed the complete set of shards of one run, each once, or one whole
/// run; then adds their sums exactly (checked, no overflow) and checks the relations of the
/// merged sums.
///
/// # Errors
/// The first file or relation that is wrong, named.
pub fn merge_files(
    files: &[(PathBuf, ReportFile)],
    catalog: &Catalog,
) -> Result<Merged, ReportError> {
    let Some((p0, first)) = files.first() else {
        return Err(ReportError::NoReports);
    };
    let facts = check_report(p0, first, catalog)?;
    for (path, r) in &files[1..] {
        same_identity(p0, first, path, r)?;
    }
    let mut by_seed: BTreeMap<u64, Vec<(&Path, Part)>> = BTreeMap::new();
    for (path, r) in files {
        for part in parts_of(path, r)? {
            by_seed.entry(part.seed()).or_default().push((path, part));
        }
    }
    let runs = by_seed
        .iter()
        .map(|(&seed, parts)| one_run(seed, parts))
        .collect::<Result<Vec<_>, _>>()?;
    for (i, (pa, a)) in files.iter().enumerate() {
        for (pb, b) in &files[i + 1..] {
            // Compared without their shape, which a report of an earlier version lacks.
            let (mut x, mut y) = (a.sums.clone(), b.sums.clone());
            x.clear_shape();
            y.clear_shape();
            if x == y && a.sums.hits >= SAME_SUMS_MIN_HITS {
                return Err(ReportError::SameSums {
                    a: pa.clone(),
                    b: pb.clone(),
                    min_hits: SAME_SUMS_MIN_HITS,
                });
            }
        }
    }
    // Added in a fixed order, whatever order the files were named in: by seed, the shards of
    // a run by their first batch, so that the shards of a run follow each other as their
    // rounds do (the dry spells over their boundaries are joined: the whole run's sums).
    let mut order: Vec<&(PathBuf, ReportFile)> = files.iter().collect();
    order.sort_by_key(|(_, r)| match r.shard {
        Some(s) => (s.seed, s.batches[0]),
        None => (r.seed, 0),
    });
    let mut sums = order[0].1.sums.clone();
    for (path, r) in &order[1..] {
        sums.checked_merge(&r.sums)
            .map_err(|e| ReportError::CannotAdd {
                path: path.clone(),
                problem: e.to_string(),
            })?;
    }
    sums.validate(&facts.limits())
        .map_err(|e| ReportError::ImpossibleSums {
            path: None,
            problem: e.to_string(),
        })?;
    let convergence = if runs.len() == 1 {
        joined_convergence(files)
    } else {
        Vec::new()
    };
    // The contribution sums, when every report has them, added with every sum checked.
    let mut detail = Some(crate::detail::Detail::default());
    for (path, r) in files {
        match (detail.as_mut(), r.detail.as_ref()) {
            (Some(d), Some(x)) => d.merge(x).map_err(|e| ReportError::CannotAdd {
                path: path.clone(),
                problem: e.to_string(),
            })?,
            _ => detail = None,
        }
    }
    if let Some(d) = &detail {
        d.check(&sums).map_err(|source| ReportError::Detail {
            path: None,
            source: Box::new(source),
        })?;
    }
    Ok(Merged {
        facts,
        sums,
        runs,
        convergence,
        detail,
    })
}
