//! What the runner knows about each game and mode: names, stake, cap, RTP sources and
//! features, target RTP. `sim` writes them into a report; `merge` checks a report against them.

use slot_core::stats::{ReportInfo, SumsLimits};

/// What the runner knows about a game and mode: names, stake, cap, target.
#[derive(Clone, Copy, Debug)]
pub struct GameFacts {
    /// Command-line name.
    pub game: &'static str,
    /// Mode name ("standard", "ante", or the Moon Princess pick).
    pub mode: &'static str,
    /// The Moon Princess free-spin pick (the mode), `None` for the other games.
    pub pick: Option<&'static str>,
    /// Stake per round, hundredths of the paytable's bet.
    pub cost: u64,
    /// The cap, hundredths of the paytable's bet (`None`: uncapped).
    pub cap: Option<u64>,
    /// RTP source names, by index.
    pub sources: &'static [&'static str],
    /// Feature names, by index.
    pub features: &'static [&'static str],
    /// The target RTP of the game and mode (a fraction).
    pub target_rtp: f64,
}

impl GameFacts {
    /// The names a [`slot_core::stats::ParReport`] needs.
    pub fn info(&self) -> ReportInfo<'static> {
        ReportInfo {
            game: self.game,
            mode: self.mode,
            sources: self.sources,
            features: self.features,
        }
    }

    /// What the sums of this game and mode must respect.
    pub fn limits(&self) -> SumsLimits {
        SumsLimits {
            cost: self.cost,
            cap: self.cap,
            sources: self.sources.len(),
            features: self.features.len(),
        }
    }
}

/// Moon Princess: the target RTP of every pick (a fraction), 94.51 %.
pub const MOON_PRINCESS_TARGET_RTP: f64 = 0.9451;
/// Wish Upon a Star: the target RTP (a fraction), 95.20 %.
pub const WISH_UPON_A_STAR_TARGET_RTP: f64 = 0.9520;
/// Starlight Christmas: the target RTP of both modes (a fraction of the stake), 95.50 %.
pub const STARLIGHT_CHRISTMAS_TARGET_RTP: f64 = 0.9550;

/// Moon Princess with the pick `p`: the mode is the pick.
pub fn moon_princess(p: moon_princess::Pick) -> GameFacts {
    GameFacts {
        game: "moon-princess",
        mode: p.name(),
        pick: Some(p.name()),
        cost: 100,
        cap: Some(moon_princess::CAP.limit.hundredths()),
        sources: moon_princess::SOURCES,
        features: moon_princess::FEATURES,
        target_rtp: MOON_PRINCESS_TARGET_RTP,
    }
}

/// Wish Upon a Star's one mode.
pub const WISH_UPON_A_STAR: GameFacts = GameFacts {
    game: wish_upon_a_star::GAME_NAME,
    mode: "standard",
    pick: None,
    cost: 100,
    cap: None,
    sources: wish_upon_a_star::SOURCES,
    features: wish_upon_a_star::FEATURES,
    target_rtp: WISH_UPON_A_STAR_TARGET_RTP,
};

/// Starlight Christmas in bet mode `m`.
pub fn starlight_christmas(m: starlight_christmas::BetMode) -> GameFacts {
    GameFacts {
        game: "starlight-christmas",
        mode: m.name(),
        pick: None,
        cost: m.cost(),
        cap: Some(starlight_christmas::CAP.limit.hundredths()),
        sources: &starlight_christmas::SOURCES,
        features: &starlight_christmas::FEATURES,
        target_rtp: STARLIGHT_CHRISTMAS_TARGET_RTP,
    }
}

/// The facts of a game and mode named as in a report (`"moon-princess"`, `"love"`).
///
/// # Errors
/// An unknown game or a mode the game does not have, with the allowed names.
pub fn facts(game: &str, mode: &str) -> Result<GameFacts, String> {
    use starlight_christmas::BetMode;
    let (found, modes) = match game {
        "moon-princess" => (
            moon_princess::PICKS
                .into_iter()
                .find(|p| p.name() == mode)
                .map(moon_princess),
            "love, star, storm",
        ),
        "wish-upon-a-star" => (
            (mode == WISH_UPON_A_STAR.mode).then_some(WISH_UPON_A_STAR),
            "standard",
        ),
        "starlight-christmas" => (
            [BetMode::Standard, BetMode::Ante]
                .into_iter()
                .find(|m| m.name() == mode)
                .map(starlight_christmas),
            "standard, ante",
        ),
        _ => {
            return Err(format!(
                "unknown game '{game}'; the games are moon-princess, wish-upon-a-star, starlight-christmas"
            ));
        }
    };
    found.ok_or_else(|| format!("{game} has no mode '{mode}'; its modes are {modes}"))
}
