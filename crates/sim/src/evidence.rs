//! The certification evidence a game states ([`slot_core::Game::evidence`]), read and
//! checked the same way for every game: the records it names are read from the game crate's
//! folder (below the repository root the caller gives), checked (split records by
//! [`SplitRecord::check_as`], reports as `merge` reads them, variant files by
//! [`slot_core::variant::read_variant_file`]) and tied to the model's fingerprint; a record
//! of another model is refused as stale, naming the file and what to do.
//!
//! What it gives: the certified mean and sd of a mode of the variant a game plays
//! ([`certified`], what `monitor` judges a stake level against; for a game that states no
//! evidence of its model but computes its RTP and sd exactly, those: [`exact_figures`]), the certification files a
//! lab kit carries ([`kit_files`]) and, with feature `par-files`, the lab kit's disclosure
//! figures ([`kit`]).

use crate::monitor::{self, Certified};
use crate::split::SplitRecord;
use crate::{Catalog, Report};
use slot_core::Game;
use slot_core::evidence::{Method, ModeEvidence, SdSource, VariantEvidence};
use slot_core::fingerprint::Fingerprint;
use std::path::{Path, PathBuf};

/// Why a game's evidence could not be read.
#[derive(Debug, thiserror::Error)]
pub enum EvidenceError {
    /// The game plays a model that is no variant of its ladder with evidence.
    #[error(
        "{game} states no certification of this model (it is no variant of its RTP ladder with evidence): run `cargo xtask certify {game}` on it"
    )]
    NoVariant {
        /// The game ([`Game::NAME`]).
        game: &'static str,
    },
    /// The variant has no evidence of the mode.
    #[error("no certified figure of mode {mode} in the {model} variant")]
    NoMode {
        /// The mode's name.
        mode: &'static str,
        /// The variant's model.
        model: &'static str,
    },
    /// A record could not be read or is not what it should be (unreadable, malformed,
    /// failing its checks, without the mode).
    #[error("{}: {message}", path.display())]
    Record {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A record is of another model than the one the game plays.
    #[error("{} is not of the {model} model any more (it is of {found}): certify the model again and commit its record, or give --report FILE", path.display())]
    Stale {
        /// The file.
        path: PathBuf,
        /// The variant's model name.
        model: &'static str,
        /// The short fingerprint of the record's model.
        found: String,
    },
    /// A certification file the evidence names is not in the source.
    #[error("the certification record {} is missing from the source", path.display())]
    Missing {
        /// The file.
        path: PathBuf,
    },
}

/// The evidence of the variant `game` plays, `None` for a model off the ladder or a variant
/// without evidence.
pub fn variant_of<G: Game>(game: &G) -> Option<&'static VariantEvidence> {
    G::evidence().variant(game.variant()?.model)
}

/// The file at `path` (relative to the game crate's folder) below the repository `root`.
pub fn path_of<G: Game>(root: &Path, path: &str) -> PathBuf {
    root.join(G::evidence().crate_dir).join(path)
}

/// The certification files of the variant `game` plays, as (name in a lab kit, file below
/// `root`, the repository); empty for a model without evidence. Files are not read.
pub fn kit_files<G: Game>(root: &Path, game: &G) -> Vec<(String, PathBuf)> {
    variant_of(game).map_or_else(Vec::new, |v| {
        v.files
            .iter()
            .map(|f| (f.name.to_string(), path_of::<G>(root, f.path)))
            .collect()
    })
}

/// The certified mean and sd of `mode` of the variant `game` plays, from its evidence: the
/// RTP exact ([`Game::exact_rtp`], or the figure stated where the build computes none) or from the split record's sums, the sd from the record's
/// sums ([`monitor::split_sd`]), a whole-round report or the variant file's shape run;
/// `root` is the repository. A game that states no evidence of the model but computes both
/// its RTP and the sd of a round's win exactly ([`Game::exact_rtp`], [`Game::exact_sd`]:
/// Ten Lines) gives those, named as exact figures of the model ([`exact_figures`]).
///
/// # Errors
/// [`EvidenceError`]: no evidence of the model (and no exact RTP and sd) or of the mode; a
/// record unreadable, failing its checks, or of another model (stale).
pub fn certified<G: Game>(
    root: &Path,
    game: &G,
    mode: G::Mode,
) -> Result<Certified, EvidenceError> {
    let found = mode_evidence(game, mode);
    if let Err(EvidenceError::NoVariant { .. }) = &found
        && let Some(exact) = exact_figures(game, mode)
    {
        return Ok(exact);
    }
    let (variant, e) = found?;
    let fingerprint = game.fingerprint();
    let of_variant = game
        .variant()
        .map_or_else(String::new, |v| format!(" of the {} variant", v.rtp));
    let (rtp, split_sd, rtp_source) = match e.method {
        // The game's own exact figure where this build computes it (Wish Upon a Star's
        // feature `exact`), else the one it states (rounded to 1e-9).
        Method::Exact => (
            game.exact_rtp(mode).unwrap_or(e.rtp),
            None,
            format!("exact RTP{of_variant}"),
        ),
        Method::Split { record } => {
            let path = path_of::<G>(root, record);
            let (rtp, sd) = split_figures::<G>(&path, e.mode, &fingerprint, variant.model)?;
            (
                rtp,
                Some(sd),
                format!(
                    "certification record{of_variant} {}/{record} (split estimate)",
                    G::evidence().crate_dir
                ),
            )
        }
        Method::WholeRounds { report } => {
            let path = path_of::<G>(root, report);
            let r = read_report::<G>(&path, &fingerprint, variant.model)?;
            (
                r.par.rtp,
                Some(r.par.sd),
                format!(
                    "whole-round run{of_variant} {}/{report} ({} rounds, seed {})",
                    G::evidence().crate_dir,
                    r.par.rounds,
                    r.par.seed
                ),
            )
        }
    };
    let (sd, sd_source) = match e.sd {
        SdSource::SplitSums => (
            split_sd.ok_or_else(|| EvidenceError::Record {
                path: root.join(G::evidence().crate_dir),
                message: format!(
                    "the evidence of mode {} takes the sd from split sums but names no split record",
                    e.mode
                ),
            })?,
            "sd of whole rounds from its sums".to_string(),
        ),
        SdSource::Report { report } => {
            let path = path_of::<G>(root, report);
            let r = read_report::<G>(&path, &fingerprint, variant.model)?;
            (
                r.par.sd,
                format!(
                    "sd from the whole-round run {} ({} rounds, seed {})",
                    show(root, &path),
                    r.par.rounds,
                    r.par.seed
                ),
            )
        }
        SdSource::VariantShape { file } => {
            let path = path_of::<G>(root, file);
            let text = read(&path)?;
            let v = slot_core::variant::read_variant_file::<G::Model>(G::NAME, &text)
                .map_err(|err| record_error(&path, err))?;
            let of = G::new(&v.model)
                .map_err(|err| record_error(&path, err))?
                .fingerprint();
            if of != fingerprint {
                return Err(EvidenceError::Stale {
                    path,
                    model: variant.model,
                    found: of.short().to_string(),
                });
            }
            let sd = v
                .tuning
                .shape
                .iter()
                .find(|c| c.figure.starts_with("standard deviation"))
                .ok_or_else(|| EvidenceError::Record {
                    path: path.clone(),
                    message: "no standard deviation in its shape".into(),
                })?;
            (
                sd.variant,
                format!("sd from its variant file's shape run ({})", sd.how),
            )
        }
    };
    Ok(Certified {
        rtp,
        sd,
        source: format!("{rtp_source}; {sd_source}"),
    })
}

/// The mean and sd of a round's win of `mode` of the model `game` plays, both computed
/// exactly from the model ([`Game::exact_rtp`], [`Game::exact_sd`]), the source naming the
/// model and that no certification evidence is stated; `None` unless the game computes both.
pub fn exact_figures<G: Game>(game: &G, mode: G::Mode) -> Option<Certified> {
    let rtp = game.exact_rtp(mode)?;
    let sd = game.exact_sd(mode)?;
    let fingerprint = game.fingerprint();
    Some(Certified {
        rtp,
        sd,
        source: format!(
            "exact RTP and sd of a round's win, computed by the game from its model sha256 {}, {}; no certification evidence stated",
            fingerprint.short(),
            crate::facts::ModelStanding::of::<G>(&fingerprint).describe()
        ),
    })
}

/// The variant's and the mode's evidence of `game` in `mode`.
fn mode_evidence<G: Game>(
    game: &G,
    mode: G::Mode,
) -> Result<(&'static VariantEvidence, &'static ModeEvidence), EvidenceError> {
    let variant = variant_of(game).ok_or(EvidenceError::NoVariant { game: G::NAME })?;
    let e = variant
        .mode(G::mode_name(mode))
        .ok_or(EvidenceError::NoMode {
            mode: G::mode_name(mode),
            model: variant.model,
        })?;
    Ok((variant, e))
}

/// `path` shown relative to `root` where it lies below it.
fn show(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A certification record at `path` that could not be read as one: `e` says why.
pub(crate) fn record_error(path: &Path, e: impl std::fmt::Display) -> EvidenceError {
    EvidenceError::Record {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// A record's text, read only up to [`crate::files::MAX_JSON_BYTES`].
pub(crate) fn read(path: &Path) -> Result<String, EvidenceError> {
    crate::files::read_text_bounded(path, crate::files::MAX_JSON_BYTES, "a certification record")
        .map_err(|e| match e {
            crate::SimError::Io { path, message } => EvidenceError::Record { path, message },
            other => record_error(path, other),
        })
}

/// The split record at `path`, read, checked ([`SplitRecord::check_as`]) and of the model
/// with `fingerprint`; the estimate of `mode`: (RTP, sd of whole rounds from its sums).
fn split_figures<G: Game>(
    path: &Path,
    mode: &str,
    fingerprint: &Fingerprint,
    model: &'static str,
) -> Result<(f64, f64), EvidenceError> {
    let rec: SplitRecord =
        slot_core::json::from_str(&read(path)?).map_err(|e| record_error(path, e))?;
    rec.check_as::<G>(G::evidence().split_base_by_mode)
        .map_err(|e| record_error(path, e))?;
    if rec.model_fingerprint != *fingerprint {
        return Err(EvidenceError::Stale {
            path: path.to_path_buf(),
            model,
            found: rec.model_fingerprint.short().to_string(),
        });
    }
    let (est, pick) = rec
        .estimates()
        .into_iter()
        .zip(&rec.picks)
        .find(|((p, _), _)| p == mode)
        .map(|((_, e), f)| (e, f))
        .ok_or_else(|| record_error(path, format!("no mode {mode} in it")))?;
    Ok((est.rtp, monitor::split_sd(&rec.base, pick, rec.stake)))
}

/// The whole-round report at `path`, checked as `merge` reads it and of the model with
/// `fingerprint`.
fn read_report<G: Game>(
    path: &Path,
    fingerprint: &Fingerprint,
    model: &'static str,
) -> Result<Report, EvidenceError> {
    let r = Report::from_json(path, &read(path)?, &Catalog::new().with::<G>())
        .map_err(|e| record_error(path, e))?;
    if r.model_fingerprint != *fingerprint {
        return Err(EvidenceError::Stale {
            path: path.to_path_buf(),
            model,
            found: r.model_fingerprint.short().to_string(),
        });
    }
    Ok(r)
}

/// What a lab kit carries of a game's evidence ([`kit`]).
#[cfg(feature = "par-files")]
#[derive(Debug)]
pub struct KitEvidence {
    /// The certification files, as (name in the kit's `certification/`, file): the records
    /// of the variant and the model files their commands name ([`kit`]).
    pub files: Vec<(String, PathBuf)>,
    /// The disclosure's certified (or exact) figures, each naming its record in the kit.
    pub figures: crate::labkit::DisclosureFigures,
    /// The whole-round reports whose award odds the disclosure states, as (label, report).
    pub award_reports: Vec<(String, Report)>,
}

/// The evidence of the variant `game` plays as a lab kit carries it: its certification
/// files (with, for a record whose `command` names a model file, `--model FILE`, a copy of
/// the variant's file under that name, so that the command runs in the kit's
/// `certification/`), the disclosure's figures (the certified RTP of each mode with its record in the
/// kit, or the exact RTP; the certified odds of its top awards) and the whole-round reports
/// whose award odds the disclosure states. A model off the ladder has no files and no
/// certified figure (an exact RTP is still stated); its disclosure says so. `root` is the
/// repository.
///
/// # Errors
/// [`EvidenceError::Missing`] for a file the evidence names that is not in the source;
/// [`EvidenceError::Record`] for an award report that cannot be read.
#[cfg(feature = "par-files")]
pub fn kit<G: Game>(root: &Path, game: &G) -> Result<KitEvidence, EvidenceError> {
    let variant = variant_of(game);
    let mut files = kit_files(root, game);
    for (_, p) in &files {
        if !p.is_file() {
            return Err(EvidenceError::Missing { path: p.clone() });
        }
    }
    if let Some(v) = variant {
        let named = model_files_named::<G>(root, game, v, &files)?;
        files.extend(named);
    }
    let mut award_reports = Vec::new();
    for path in variant.map_or(&[][..], |v| v.award_reports) {
        let name = variant.and_then(|v| v.kit_name(path)).unwrap_or(path);
        let file = path_of::<G>(root, path);
        let r = Report::from_json(&file, &read(&file)?, &Catalog::new().with::<G>())
            .map_err(|e| record_error(&file, e))?;
        award_reports.push((format!("whole-round run {name}"), r));
    }
    let mut figures = crate::labkit::DisclosureFigures {
        modes: G::MODES.iter().map(|&m| G::mode_name(m)).collect(),
        no_figure: format!(
            "no certified figure: run `cargo xtask certify {}` on this model (it is no variant of the game's RTP ladder)",
            G::NAME
        ),
        ..Default::default()
    };
    // An exact figure's certificate in the kit, if the variant has one (`certificate-<mode>.json`).
    let exact_certificate = |mode: &str| {
        let name = format!("certificate-{mode}.json");
        variant
            .and_then(|v| v.files.iter().find(|f| f.name == name))
            .map_or(String::new(), |f| {
                format!("; certificate in this kit: `certification/{}`", f.name)
            })
    };
    let in_kit = |path: &str| {
        variant
            .and_then(|v| v.kit_name(path))
            .map_or(String::new(), |f| {
                format!("; record in this kit: `certification/{f}`")
            })
    };
    for &m in G::MODES {
        let e = variant.and_then(|v| v.mode(G::mode_name(m)));
        match e.map(|e| (e, e.method)) {
            Some((e, Method::Split { record } | Method::WholeRounds { report: record })) => {
                figures.rtps.push(crate::labkit::ModeRtp {
                    mode: G::mode_name(m),
                    rtp: e.rtp,
                    how: format!("certified: {}{}", e.how, in_kit(record)),
                });
            }
            _ => {
                let stated_exact = e.filter(|e| e.method == Method::Exact).map(|e| e.rtp);
                if let Some(rtp) = game.exact_rtp(m).or(stated_exact) {
                    figures.rtps.push(crate::labkit::ModeRtp {
                        mode: G::mode_name(m),
                        rtp,
                        how: format!(
                            "exact: a fraction computed from the model (`model.json`; `cargo xtask exact {}`){}",
                            G::NAME,
                            exact_certificate(G::mode_name(m))
                        ),
                    });
                }
            }
        }
        for o in e.map_or(&[][..], |e| e.odds) {
            let mut c = o.certified();
            c.how = format!("{}{}", c.how, in_kit(o.record));
            figures.odds.push((G::mode_name(m), c));
        }
    }
    Ok(KitEvidence {
        files,
        figures,
        award_reports,
    })
}

/// The model files the records of `files` name on their command lines (`"command": "cargo
/// xtask certify ... --model FILE"`: a path, no shipped model's name), so that a lab kit
/// holds what each command names: as (name in the kit's `certification/`: `FILE` itself when
/// it is a relative path that stays below the folder, else its file name; the variant's file
/// `variants/<model>.json` of the game crate below `root`), each once. A record that is no
/// JSON or states no command names none.
///
/// # Errors
/// [`EvidenceError::Missing`] when the variant's file is not in the source;
/// [`EvidenceError::Record`] when it is no variant file of the game; [`EvidenceError::Stale`]
/// when its model is not the one `game` plays.
#[cfg(feature = "par-files")]
fn model_files_named<G: Game>(
    root: &Path,
    game: &G,
    variant: &VariantEvidence,
    files: &[(String, PathBuf)],
) -> Result<Vec<(String, PathBuf)>, EvidenceError> {
    let mut out: Vec<(String, PathBuf)> = Vec::new();
    for (_, path) in files {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(&read(path)?) else {
            continue;
        };
        let Some(named) = v["command"].as_str().and_then(model_argument) else {
            continue;
        };
        if G::named_model(named).is_some() {
            continue;
        }
        let rel = Path::new(named);
        let in_kit = if rel
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
        {
            named.to_string()
        } else {
            rel.file_name()
                .map_or_else(|| "model.json".into(), |n| n.to_string_lossy().into_owned())
        };
        if out.iter().any(|(n, _)| *n == in_kit) {
            continue;
        }
        let file = path_of::<G>(root, &format!("variants/{}.json", variant.model));
        if !file.is_file() {
            return Err(EvidenceError::Missing { path: file });
        }
        let text = read(&file)?;
        let model = slot_core::variant::read_variant_file::<G::Model>(G::NAME, &text)
            .map_err(|e| record_error(&file, e))?
            .model;
        let of = G::new(&model)
            .map_err(|e| record_error(&file, e))?
            .fingerprint();
        if of != game.fingerprint() {
            return Err(EvidenceError::Stale {
                path: file,
                model: variant.model,
                found: of.short().to_string(),
            });
        }
        out.push((in_kit, file));
    }
    Ok(out)
}

/// The argument of `--model` on a command line (`--model FILE` or `--model=FILE`), if any.
#[cfg(feature = "par-files")]
fn model_argument(command: &str) -> Option<&str> {
    let mut words = command.split_whitespace();
    while let Some(w) = words.next() {
        if w == "--model" {
            return words.next();
        }
        if let Some(m) = w.strip_prefix("--model=") {
            return Some(m);
        }
    }
    None
}

#[cfg(all(test, feature = "par-files"))]
mod tests {
    use super::model_argument;

    #[test]
    fn the_model_a_command_names_is_read_from_it() {
        assert_eq!(
            model_argument(
                "cargo xtask certify moon-princess --dir DIR --seed 1 --model rtp-91.49.json"
            ),
            Some("rtp-91.49.json")
        );
        assert_eq!(
            model_argument("cargo xtask certify x --model=a/b.json --dir DIR"),
            Some("a/b.json")
        );
        assert_eq!(
            model_argument("cargo xtask certify x --rtp 91.49 --dir DIR"),
            None
        );
        assert_eq!(model_argument("cargo xtask certify x --model"), None);
    }
}
