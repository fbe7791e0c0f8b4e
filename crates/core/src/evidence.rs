//! The certification evidence a game states ([`crate::Game::evidence`]): for every variant of
//! its RTP ladder (the published one included) and every mode, the certified RTP and its
//! 99 % half-width (or that it is exact), how it was obtained, the record files it rests on,
//! where the sd of a round's win comes from, and the odds of its top awards with the count
//! they rest on.
//!
//! Plain `const` data: a game fills in an [`Evidence`] and nothing else; the simulation
//! library (`slot_sim::evidence`) reads the named records, checks them against the model's
//! fingerprint and gives the certified mean and sd of a mode, the files of a lab kit and the
//! figures of a PAR disclosure, the same for every game. Paths are relative to the game
//! crate's folder ([`Evidence::crate_dir`], below the repository root), written with `/`.

/// The evidence of one game: its crate's folder and the evidence of each variant of its
/// ladder that has any.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evidence {
    /// The game crate's folder below the repository root (`crates/moon_princess`); every path
    /// of the evidence is relative to it.
    pub crate_dir: &'static str,
    /// For a game whose RTP is certified by split estimates: true if a mode changes the
    /// base game, so that a split record holds one mode (its `SplitGame::BASE_BY_MODE`,
    /// which its records are checked by; each game tests the two agree).
    pub split_base_by_mode: bool,
    /// The evidence of each variant of the ladder, by its model's name (`standard` for the
    /// published one). A variant not listed has no certified figure.
    pub variants: &'static [VariantEvidence],
}

impl Evidence {
    /// No evidence: a game that states no certified figure (the default of
    /// [`crate::Game::evidence`]).
    pub const NONE: Evidence = Evidence::new("", false, &[]);

    /// The evidence of the game whose crate is the folder `crate_dir` (below the repository
    /// root, written with `/`), whose split records hold one mode each when
    /// `split_base_by_mode` (its `SplitGame::BASE_BY_MODE`), with the evidence of `variants`:
    /// the header every game's `EVIDENCE` starts with.
    pub const fn new(
        crate_dir: &'static str,
        split_base_by_mode: bool,
        variants: &'static [VariantEvidence],
    ) -> Evidence {
        Evidence {
            crate_dir,
            split_base_by_mode,
            variants,
        }
    }

    /// The evidence of the variant whose model is called `model`; `None` for a model off the
    /// ladder or a variant without evidence.
    pub fn variant(&self, model: &str) -> Option<&'static VariantEvidence> {
        self.variants.iter().find(|v| v.model == model)
    }
}

/// The evidence of one variant of a game's RTP ladder.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VariantEvidence {
    /// Its model's name (`standard`, `rtp-84.50`), as the game's `named_model` knows it.
    pub model: &'static str,
    /// The evidence of each mode (any order; a mode not listed has no certified figure).
    pub modes: &'static [ModeEvidence],
    /// The certification files a lab kit carries (its `certification/` folder), in order.
    pub files: &'static [RecordFile],
    /// The whole-round reports (paths, among [`VariantEvidence::files`]) whose award odds a
    /// lab kit's disclosure states beside the certified ones; often none.
    pub award_reports: &'static [&'static str],
}

impl VariantEvidence {
    /// The evidence of the variant whose model is called `model`: its `modes`, resting on the
    /// certification `files` a lab kit carries, with no award report (add them with
    /// [`VariantEvidence::with_award_reports`]).
    pub const fn new(
        model: &'static str,
        modes: &'static [ModeEvidence],
        files: &'static [RecordFile],
    ) -> VariantEvidence {
        VariantEvidence {
            model,
            modes,
            files,
            award_reports: &[],
        }
    }

    /// The same evidence with `reports` as its award reports (paths among its files).
    pub const fn with_award_reports(self, reports: &'static [&'static str]) -> VariantEvidence {
        VariantEvidence {
            award_reports: reports,
            ..self
        }
    }

    /// The evidence of the mode called `mode`, if it has any.
    pub fn mode(&self, mode: &str) -> Option<&'static ModeEvidence> {
        self.modes.iter().find(|m| m.mode == mode)
    }

    /// The name in a lab kit of the file at `path` (relative to the crate's folder), if the
    /// kit carries it.
    pub fn kit_name(&self, path: &str) -> Option<&'static str> {
        self.files.iter().find(|f| f.path == path).map(|f| f.name)
    }
}

/// A certification file: where it is and what a lab kit calls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordFile {
    /// Its name in a lab kit's `certification/` folder (may hold `/`).
    pub name: &'static str,
    /// Its path, relative to the game crate's folder (`confirmation/split.json`; may leave
    /// it with `../`).
    pub path: &'static str,
}

/// The certified RTP of one mode of one variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModeEvidence {
    /// The mode's name (`love`, `ante`, `standard`).
    pub mode: &'static str,
    /// The RTP, a fraction of the stake (exact figures rounded, as a reader sees them).
    pub rtp: f64,
    /// The 99 % half-width, a fraction of the stake; `None` for an exact figure.
    pub half_width_99: Option<f64>,
    /// How the RTP was obtained, and from which record.
    pub method: Method,
    /// How it was obtained, in words (method, seeds, rounds), as a disclosure states it.
    pub how: &'static str,
    /// Where the sd of a round's win comes from.
    pub sd: SdSource,
    /// The odds of the mode's top awards (the cap), certified with the RTP.
    pub odds: &'static [AwardOdds],
}

/// How a certified RTP was obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Computed exactly from the model (the game's `exact_rtp`); no record.
    Exact,
    /// A split estimate (B + q V) / stake: the split record (`slot_sim::split::SplitRecord`)
    /// whose sums give it, its path relative to the crate's folder.
    Split {
        /// The record's path.
        record: &'static str,
    },
    /// Whole rounds: a `sim --json` report whose sums give it, its path relative to the
    /// crate's folder.
    WholeRounds {
        /// The report's path.
        report: &'static str,
    },
}

/// Where the sd of a round's win of a mode comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SdSource {
    /// The sums of the mode's split record ([`Method::Split`]): the sd of whole rounds
    /// worked out from the base games' and features' sums.
    SplitSums,
    /// A whole-round `sim --json` report of the same model (path relative to the crate's
    /// folder).
    Report {
        /// The report's path.
        report: &'static str,
    },
    /// The shape run of the variant's file (its `tuning.shape`'s standard deviation), a
    /// variant file as `tune --out` writes it (path relative to the crate's folder).
    VariantShape {
        /// The variant file's path.
        file: &'static str,
    },
}

/// The certified odds of one top award of a mode.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AwardOdds {
    /// The award, as the game names it (`cap 5000x`).
    pub award: &'static str,
    /// Its probability per round.
    pub probability: f64,
    /// The count of events it rests on (the effective count of a weighted estimate).
    pub count: f64,
    /// The 95 % interval of `probability` (probabilities, low to high) where the record's
    /// estimator states its own: a rare-event record's normal interval from the spread of
    /// its root rounds' contributions (`slot_sim::rare`). `None`: the exact Poisson interval
    /// of `count` (rounded down), scaled to `probability` (a counted or split-weighted figure).
    pub interval_95: Option<[f64; 2]>,
    /// How it was obtained, in words.
    pub how: &'static str,
    /// The record it was computed from, its path relative to the crate's folder.
    pub record: &'static str,
}

impl AwardOdds {
    /// The odds as a report and a disclosure state them.
    pub fn certified(&self) -> CertifiedOdds {
        CertifiedOdds {
            award: self.award,
            probability: self.probability,
            count: self.count,
            interval_95: self.interval_95,
            how: self.how.to_string(),
        }
    }
}

impl ModeEvidence {
    /// The evidence of a mode whose RTP `rtp` (a fraction of the stake, rounded as a reader
    /// sees it) is exact ([`Method::Exact`]: no half-width, no record), obtained as `how`
    /// says, with its sd from `sd`, and no award odds.
    pub const fn exact(
        mode: &'static str,
        rtp: f64,
        how: &'static str,
        sd: SdSource,
    ) -> ModeEvidence {
        ModeEvidence {
            mode,
            rtp,
            half_width_99: None,
            method: Method::Exact,
            how,
            sd,
            odds: &[],
        }
    }

    /// The RTP as a report and a disclosure state it.
    pub fn certified(&self) -> CertifiedRtp {
        CertifiedRtp {
            rtp: self.rtp,
            half_width_99: self.half_width_99,
            how: self.how.to_string(),
        }
    }
}

/// A committed certification figure of a mode's RTP (the README's "Certification figures"),
/// read from a game's [`Evidence`] ([`crate::Game::certified_rtp`]), beside which a
/// simulation's figure is read.
#[derive(Clone, Debug, PartialEq)]
pub struct CertifiedRtp {
    /// The RTP, a fraction of the stake (`0.954557`).
    pub rtp: f64,
    /// The 99 % half-width, a fraction of the stake; `None` for an exact figure.
    pub half_width_99: Option<f64>,
    /// How it was obtained, in words (method, seed, rounds).
    pub how: String,
}

/// Committed odds of a top award (the cap) of a mode's model, from a certification run
/// ([`AwardOdds`]): what a player-facing help page and a regulator's disclosure state
/// (Germany's GlüStV § 22a, Ontario's odds of rare top awards, GLI-11's awards rarer than 1
/// in 100 million games), through [`crate::Game::certified_award_odds`].
#[derive(Clone, Debug, PartialEq)]
pub struct CertifiedOdds {
    /// The award, as the game names it (`cap 5000x`).
    pub award: &'static str,
    /// Its probability per round.
    pub probability: f64,
    /// The count of events the figure rests on: the times it came in the run, or, for a
    /// weighted estimate, its effective count ((sum of weights)^2 / sum of squared weights).
    /// Unless `interval_95` states the interval, it is the exact Poisson interval of this
    /// count (rounded down), scaled to `probability` (`slot_sim` computes it).
    pub count: f64,
    /// The 95 % interval of `probability` (low, high) as the record's estimator states it (a
    /// rare-event record's normal interval, [`AwardOdds::interval_95`]); `None`: the Poisson
    /// interval of `count`.
    pub interval_95: Option<[f64; 2]>,
    /// How it was obtained, in words (method, seeds, rounds, any bias bound).
    pub how: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODES: [ModeEvidence; 1] = [ModeEvidence {
        mode: "standard",
        rtp: 0.95,
        half_width_99: None,
        method: Method::Exact,
        how: "exact",
        sd: SdSource::VariantShape {
            file: "variants/a.json",
        },
        odds: &[],
    }];
    const FILES: [RecordFile; 1] = [RecordFile {
        name: "variant-a.json",
        path: "variants/a.json",
    }];
    const E: Evidence = Evidence {
        crate_dir: "crates/x",
        split_base_by_mode: false,
        variants: &[VariantEvidence {
            model: "rtp-a",
            modes: &MODES,
            files: &FILES,
            award_reports: &[],
        }],
    };

    #[test]
    fn a_variant_and_mode_are_found_by_name_and_others_are_not() {
        let v = E.variant("rtp-a").unwrap();
        assert_eq!(v.mode("standard").unwrap().rtp, 0.95);
        assert!(v.mode("ante").is_none());
        assert!(E.variant("standard").is_none());
        assert!(Evidence::NONE.variant("rtp-a").is_none());
        assert_eq!(v.kit_name("variants/a.json"), Some("variant-a.json"));
        assert_eq!(v.kit_name("variants/b.json"), None);
    }

    /// The constructors put each argument in its field: every field read back by name.
    #[test]
    fn the_constructors_fill_the_fields_they_name() {
        const MODES: [ModeEvidence; 1] = [ModeEvidence::exact(
            "m",
            0.5,
            "by hand",
            SdSource::VariantShape { file: "v.json" },
        )];
        const FILES: [RecordFile; 1] = [RecordFile {
            name: "n",
            path: "p",
        }];
        const E: Evidence = Evidence::new(
            "crates/x",
            true,
            &[VariantEvidence::new("rtp-a", &MODES, &FILES).with_award_reports(&["p"])],
        );
        assert_eq!((E.crate_dir, E.split_base_by_mode), ("crates/x", true));
        let v = E.variant("rtp-a").unwrap();
        assert_eq!(
            (v.model, v.files, v.award_reports),
            ("rtp-a", &FILES[..], &["p"][..])
        );
        let m = v.mode("m").unwrap();
        assert_eq!((m.mode, m.rtp, m.how), ("m", 0.5, "by hand"));
        assert_eq!((m.half_width_99, m.method), (None, Method::Exact));
        assert_eq!(m.sd, SdSource::VariantShape { file: "v.json" });
        assert!(m.odds.is_empty());
        assert!(VariantEvidence::new("b", &[], &[]).award_reports.is_empty());
        assert_eq!(Evidence::NONE.crate_dir, "");
        assert!(!Evidence::NONE.split_base_by_mode && Evidence::NONE.variants.is_empty());
    }
}
