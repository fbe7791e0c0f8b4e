//! What a report needs to know about a game and mode besides its sums: names, stake, cap,
//! RTP sources, features, top awards, target RTP. [`GameFacts::of`] reads them from any
//! [`Game`]; a [`Catalog`] holds the facts of several games, so that a report file, which
//! names its game and mode, can be checked against them ([`crate::merge`]).

use crate::stats::{ReportInfo, SumsLimits};
use slot_core::Game;
use slot_core::fingerprint::Fingerprint;
use slot_core::game::{CertifiedOdds, CertifiedRtp, TargetRtp};

/// The exact odds of a game's top awards (name, rounds per award) for the model with the
/// fingerprint given, `None` for a model it has no exact figures of.
pub type ExactAwardOdds = fn(&Fingerprint) -> Option<Vec<(&'static str, f64)>>;

/// A game and mode's facts: names, stake, cap, target.
#[derive(Clone, Copy, Debug)]
pub struct GameFacts {
    /// Command-line name ([`Game::NAME`]).
    pub game: &'static str,
    /// Mode name ("standard", "ante", or the Moon Princess pick).
    pub mode: &'static str,
    /// The Moon Princess free-spin pick (the mode), `None` for the other games: a report of a
    /// game whose modes are picks names it as `pick` too.
    pub pick: Option<&'static str>,
    /// Stake per round, hundredths of the paytable's bet.
    pub cost: u64,
    /// The cap, hundredths of the paytable's bet (`None`: uncapped).
    pub cap: Option<u64>,
    /// RTP source names, by index.
    pub sources: &'static [&'static str],
    /// Feature names, by index.
    pub features: &'static [&'static str],
    /// Top award names, by index (the cap is counted apart, as `cap_hits`).
    pub awards: &'static [&'static str],
    /// The exact odds of top awards of the shipped model with this fingerprint, where the game
    /// computes them ([`Game::exact_award_odds`]; `None` from it for other models and games).
    pub exact_award_odds: Option<ExactAwardOdds>,
    /// The mode's committed certification figure for a model, by its fingerprint, where the
    /// game has one ([`Game::certified_rtp`]; `None` from it for other models).
    pub certified_rtp: Option<CertifiedRtpOf>,
    /// The mode's committed odds of its top awards for a model, by its fingerprint
    /// ([`Game::certified_award_odds`]; empty from it for other models).
    pub certified_award_odds: Option<CertifiedOddsOf>,
    /// Every mode's committed (or exact) RTP for a model, by its fingerprint: what the
    /// disclosure's lowest RTP across the game's options is read from.
    pub mode_rtps: Option<ModeRtpsOf>,
    /// The published target RTP of the game and mode (a fraction): what a report of a model
    /// off the ladder is judged against ([`Game::published_rtp`]).
    pub target_rtp: f64,
    /// The target RTP of a shipped variant's model, by its fingerprint ([`Game::VARIANTS`]):
    /// what a report of that model is judged against instead of `target_rtp`.
    pub variant_rtp: Option<VariantRtpOf>,
    /// Pairs (feature, source) that are the same money ([`Game::FEATURE_SOURCES`]).
    pub feature_sources: &'static [(usize, usize)],
    /// Whether the game's spins cascade ([`Game::CASCADES`]): the PAR files hold the cascade
    /// tables only then.
    pub cascades: bool,
    /// Where a model, by its fingerprint, stands among the game's shipped models
    /// ([`ModelStanding::of`]): what a report's provenance says of the model it ran.
    pub model_standing: ModelStandingOf,
}

/// Where the model with this fingerprint stands among a game's shipped models.
pub type ModelStandingOf = fn(&Fingerprint) -> ModelStanding;

/// Where a model stands among the models its game ships: a variant of its RTP ladder, its
/// published model (a game without a ladder), or neither. What the reports' provenance line
/// "model" says of the model they ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelStanding {
    /// A variant of the game's RTP ladder, by its target RTP as the ladder names it
    /// (`"90.00 %"`); a game with a ladder publishes one of them.
    Variant(String),
    /// The published model of a game without an RTP ladder (its `standard` model, the first
    /// of [`Game::MODEL_NAMES`]).
    Published,
    /// A model of a game with an RTP ladder that is not on it (a stress model, a model file).
    OffLadder,
    /// A model of a game without an RTP ladder other than its published one (a stress model,
    /// a model file).
    NotPublished,
}

impl ModelStanding {
    /// The standing of `G`'s model with this fingerprint: its variant on `G`'s RTP ladder
    /// ([`Game::variant_of`]); for a game without a ladder ([`Game::VARIANTS`] empty),
    /// whether it is the published model.
    pub fn of<G: Game>(fingerprint: &Fingerprint) -> ModelStanding {
        if let Some(v) = G::variant_of(fingerprint) {
            return ModelStanding::Variant(v.rtp.to_string());
        }
        if !G::VARIANTS.is_empty() {
            return ModelStanding::OffLadder;
        }
        let published = G::MODEL_NAMES
            .first()
            .and_then(|name| G::named_model(name))
            .is_some_and(|m| Fingerprint::of(&m) == *fingerprint);
        if published {
            ModelStanding::Published
        } else {
            ModelStanding::NotPublished
        }
    }

    /// The variant's RTP as the ladder names it (`"90.00 %"`), `None` for a model that is no
    /// variant of a ladder.
    pub fn variant(&self) -> Option<&str> {
        match self {
            ModelStanding::Variant(v) => Some(v),
            _ => None,
        }
    }

    /// The standing in words, as the reports' provenance writes it ("the 90.00 % variant of
    /// the game's RTP ladder", "the game's published model (it has no RTP ladder)", ...).
    pub fn describe(&self) -> String {
        match self {
            ModelStanding::Variant(v) => format!("the {v} variant of the game's RTP ladder"),
            ModelStanding::Published => {
                "the game's published model (it has no RTP ladder)".to_string()
            }
            ModelStanding::OffLadder => "a model off the game's RTP ladder".to_string(),
            ModelStanding::NotPublished => {
                "not the game's published model (it has no RTP ladder)".to_string()
            }
        }
    }
}

/// The exact award odds of the shipped model of `G` whose fingerprint is `fingerprint`.
/// The committed certification figure of a game's mode (by name) for the model with this
/// fingerprint ([`Game::certified_rtp`] of the shipped model it belongs to).
pub type CertifiedRtpOf = fn(&Fingerprint, &str) -> Option<CertifiedRtp>;

/// The committed odds of a mode's (by name) top awards for the model with this fingerprint
/// ([`Game::certified_award_odds`] of the shipped model it belongs to).
pub type CertifiedOddsOf = fn(&Fingerprint, &str) -> Vec<CertifiedOdds>;

/// Every mode's committed RTP for the model with this fingerprint ([`ModeRtp`], in the
/// order of [`Game::MODES`]).
pub type ModeRtpsOf = fn(&Fingerprint) -> Vec<ModeRtp>;

/// The target RTP of the shipped variant whose model has this fingerprint.
pub type VariantRtpOf = fn(&Fingerprint) -> Option<TargetRtp>;

/// A mode's RTP as a game discloses it.
#[derive(Clone, Debug, PartialEq)]
pub struct ModeRtp {
    /// The mode (`love`, `ante`, `standard`).
    pub mode: &'static str,
    /// Its RTP, a fraction of the stake.
    pub rtp: f64,
    /// Where it comes from: the certification figure ([`Game::certified_rtp`]) or the exact
    /// figure ([`Game::exact_rtp`]), in words.
    pub how: String,
}

/// The shipped model of `G` whose fingerprint is `fingerprint`, played.
fn shipped<G: Game>(fingerprint: &Fingerprint) -> Option<G> {
    G::MODEL_NAMES.iter().find_map(|name| {
        let game = G::new(&G::named_model(name)?).ok()?;
        (game.fingerprint() == *fingerprint).then_some(game)
    })
}

fn variant_rtp_of<G: Game>(fingerprint: &Fingerprint) -> Option<TargetRtp> {
    G::variant_of(fingerprint).map(|v| v.rtp)
}

impl GameFacts {
    /// The RTP of the shipped variant whose model has this fingerprint, `None` for a model
    /// off the ladder.
    pub fn variant_rtp_of(&self, fingerprint: &Fingerprint) -> Option<TargetRtp> {
        self.variant_rtp.and_then(|f| f(fingerprint))
    }
}

fn certified_award_odds_of<G: Game>(fingerprint: &Fingerprint, mode: &str) -> Vec<CertifiedOdds> {
    match (G::mode_named(mode), shipped::<G>(fingerprint)) {
        (Some(m), Some(game)) => game.certified_award_odds(m),
        _ => Vec::new(),
    }
}

fn mode_rtps_of<G: Game>(fingerprint: &Fingerprint) -> Vec<ModeRtp> {
    let Some(game) = shipped::<G>(fingerprint) else {
        return Vec::new();
    };
    G::MODES
        .iter()
        .filter_map(|&m| {
            let (rtp, how) = match game.certified_rtp(m) {
                Some(c) => (c.rtp, format!("certified: {}", c.how)),
                None => (game.exact_rtp(m)?, "exact".to_string()),
            };
            Some(ModeRtp {
                mode: G::mode_name(m),
                rtp,
                how,
            })
        })
        .collect()
}

fn certified_rtp_of<G: Game>(fingerprint: &Fingerprint, mode: &str) -> Option<CertifiedRtp> {
    shipped::<G>(fingerprint)?.certified_rtp(G::mode_named(mode)?)
}

fn exact_award_odds_of<G: Game>(fingerprint: &Fingerprint) -> Option<Vec<(&'static str, f64)>> {
    shipped::<G>(fingerprint)?.exact_award_odds()
}

impl GameFacts {
    /// The facts of `G` in `mode`. A game whose modes are picks ([`Game::MODE_IS_PICK`]) has
    /// its mode written as the report's `pick` too.
    pub fn of<G: Game>(mode: G::Mode) -> GameFacts {
        let pick = G::MODE_IS_PICK.then(|| G::mode_name(mode));
        GameFacts {
            game: G::NAME,
            mode: G::mode_name(mode),
            pick,
            cost: G::cost(mode),
            cap: G::CAP.map(|c| c.limit.hundredths()),
            sources: G::SOURCES,
            features: G::FEATURES,
            awards: G::AWARDS,
            exact_award_odds: Some(exact_award_odds_of::<G> as ExactAwardOdds),
            certified_rtp: Some(certified_rtp_of::<G> as CertifiedRtpOf),
            certified_award_odds: Some(certified_award_odds_of::<G> as CertifiedOddsOf),
            mode_rtps: Some(mode_rtps_of::<G> as ModeRtpsOf),
            target_rtp: G::published_rtp(mode).fraction(),
            variant_rtp: Some(variant_rtp_of::<G> as VariantRtpOf),
            feature_sources: G::FEATURE_SOURCES,
            cascades: G::CASCADES,
            model_standing: ModelStanding::of::<G>,
        }
    }

    /// The names a [`crate::stats::ParReport`] needs.
    pub fn info(&self) -> ReportInfo<'static> {
        ReportInfo {
            game: self.game,
            mode: self.mode,
            sources: self.sources,
            features: self.features,
            awards: self.awards,
            cap: self.cap,
        }
    }

    /// What the sums of this game and mode must respect.
    pub fn limits(&self) -> SumsLimits {
        SumsLimits {
            cost: self.cost,
            cap: self.cap,
            sources: self.sources.len(),
            features: self.features.len(),
            awards: self.awards.len(),
            feature_sources: self.feature_sources,
        }
    }
}

/// The facts of every mode of several games: what reading a report file checks it against.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    entries: Vec<GameFacts>,
}

impl Catalog {
    /// An empty catalog.
    pub fn new() -> Self {
        Catalog::default()
    }

    /// A catalog of these facts, in this order (a registry's games through
    /// [`crate::face::GameEntry::all_facts`]).
    pub fn from_facts(facts: impl IntoIterator<Item = GameFacts>) -> Self {
        Catalog {
            entries: facts.into_iter().collect(),
        }
    }

    /// This catalog with every mode of `G` added.
    #[must_use]
    pub fn with<G: Game>(mut self) -> Self {
        self.entries
            .extend(G::MODES.iter().map(|&m| GameFacts::of::<G>(m)));
        self
    }

    /// Every game and mode, in the order added.
    pub fn entries(&self) -> &[GameFacts] {
        &self.entries
    }

    /// The facts of a game and mode named as in a report (`"moon-princess"`, `"love"`).
    ///
    /// # Errors
    /// [`UnknownFacts::Game`] for a game the catalog lacks, [`UnknownFacts::Mode`] for a mode
    /// the game does not have; each with the allowed names.
    pub fn find(&self, game: &str, mode: &str) -> Result<GameFacts, UnknownFacts> {
        let of_game: Vec<&GameFacts> = self.entries.iter().filter(|f| f.game == game).collect();
        if of_game.is_empty() {
            let mut games: Vec<&'static str> = self.entries.iter().map(|f| f.game).collect();
            games.dedup();
            return Err(UnknownFacts::Game {
                game: game.to_owned(),
                games,
            });
        }
        of_game
            .iter()
            .find(|f| f.mode == mode)
            .map(|f| **f)
            .ok_or_else(|| UnknownFacts::Mode {
                game: game.to_owned(),
                mode: mode.to_owned(),
                modes: of_game.iter().map(|f| f.mode).collect(),
            })
    }
}

/// A game or mode that a [`Catalog`] does not hold ([`Catalog::find`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnknownFacts {
    /// No game of that name.
    #[error("unknown game '{game}'; the games are {}", games.join(", "))]
    Game {
        /// The name asked for.
        game: String,
        /// The catalog's games, in the order added.
        games: Vec<&'static str>,
    },
    /// The game has no mode of that name.
    #[error("{game} has no mode '{mode}'; its modes are {}", modes.join(", "))]
    Mode {
        /// The game.
        game: String,
        /// The mode asked for.
        mode: String,
        /// The game's modes.
        modes: Vec<&'static str>,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game with an RTP ladder: each shipped variant is on it, any other model is off it
    /// and never called published. (A game without a ladder, Ten Lines, is the runner's
    /// template test: `xtask/tests/cli_template.rs`.)
    #[test]
    fn a_model_of_a_game_with_a_ladder_is_a_variant_or_off_the_ladder() {
        use moon_princess::MoonPrincess;
        let published = MoonPrincess::named_model("standard").unwrap();
        let standing = ModelStanding::of::<MoonPrincess>(&Fingerprint::of(&published));
        let rtp = MoonPrincess::variant_of(&Fingerprint::of(&published))
            .unwrap()
            .rtp
            .to_string();
        assert_eq!(standing, ModelStanding::Variant(rtp.clone()));
        assert_eq!(standing.variant(), Some(rtp.as_str()));
        assert_eq!(
            standing.describe(),
            format!("the {rtp} variant of the game's RTP ladder")
        );
        for v in MoonPrincess::VARIANTS {
            let m = MoonPrincess::named_model(v.model).unwrap();
            assert_eq!(
                ModelStanding::of::<MoonPrincess>(&Fingerprint::of(&m)),
                ModelStanding::Variant(v.rtp.to_string())
            );
        }
        // Another game's model is no model of this ladder.
        let other =
            Fingerprint::of(&wish_upon_a_star::WishUponAStar::named_model("standard").unwrap());
        let off = ModelStanding::of::<MoonPrincess>(&other);
        assert_eq!(off, ModelStanding::OffLadder);
        assert_eq!(off.variant(), None);
        assert_eq!(off.describe(), "a model off the game's RTP ladder");
    }

    #[test]
    fn the_words_of_a_game_without_a_ladder_never_say_off_the_ladder() {
        for s in [ModelStanding::Published, ModelStanding::NotPublished] {
            let words = s.describe();
            assert!(!words.contains("off the"), "{words}");
            assert!(words.contains("published model"), "{words}");
            assert_eq!(s.variant(), None);
        }
        assert!(
            ModelStanding::Published
                .describe()
                .starts_with("the game's")
        );
        assert!(ModelStanding::NotPublished.describe().starts_with("not "));
    }

    #[test]
    fn find_names_the_allowed_games_and_modes() {
        let catalog = Catalog::new().with::<moon_princess::MoonPrincess>();
        let found = catalog.find("moon-princess", "star").unwrap();
        assert_eq!((found.game, found.mode), ("moon-princess", "star"));
        let e = catalog.find("nope", "star").unwrap_err();
        assert_eq!(
            e,
            UnknownFacts::Game {
                game: "nope".into(),
                games: vec!["moon-princess"]
            }
        );
        assert_eq!(
            e.to_string(),
            "unknown game 'nope'; the games are moon-princess"
        );
        let e = catalog.find("moon-princess", "ante").unwrap_err();
        assert_eq!(
            e.to_string(),
            "moon-princess has no mode 'ante'; its modes are love, star, storm"
        );
    }
}
