//! What the runner knows about each game and mode: names, stake, cap, RTP sources and
//! features, target RTP. `sim` writes them into a report; `merge` checks a report against them.

use slot_core::stats::{ReportInfo, SumsLimits};

/// The exact odds of a game's top awards (name, rounds per award) for the model with the
/// fingerprint given, `None` for a model it has no exact figures of.
pub type ExactAwardOdds =
    fn(&slot_core::fingerprint::Fingerprint) -> Option<Vec<(&'static str, f64)>>;

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
    /// Top award names, by index (the cap is counted apart, as `cap_hits`).
    pub awards: &'static [&'static str],
    /// The exact odds of top awards (name, rounds per award) of the model with this
    /// fingerprint, where the game computes them; `None` for another model.
    pub exact_award_odds: Option<ExactAwardOdds>,
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
        awards: moon_princess::AWARDS,
        exact_award_odds: None,
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
    awards: wish_upon_a_star::AWARDS,
    exact_award_odds: Some(wish_upon_a_star_exact_award_odds),
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
        awards: &starlight_christmas::AWARDS,
        exact_award_odds: None,
        target_rtp: STARLIGHT_CHRISTMAS_TARGET_RTP,
    }
}

/// The exact odds of the jackpots and the Grand (rounds per award: the inverse of the
/// expected awards per round) of the shipped model, `None` for another model.
///
/// A jackpot is paid by a gift bonus win of it or by a Star of it held at the end of Lock &
/// Spin; every Star's value and every gift prize is drawn independently of everything else,
/// so the expected jackpots J per round are (expected gift bonus wins per round) x P(gift = J)
/// + (expected Stars paid by Lock & Spin per round) x P(Star = J), each from the exact figures.
fn wish_upon_a_star_exact_award_odds(
    fingerprint: &slot_core::fingerprint::Fingerprint,
) -> Option<Vec<(&'static str, f64)>> {
    let game = wish_upon_a_star::Game::standard();
    if *fingerprint != game.fingerprint() {
        return None;
    }
    let model = game.model();
    let e = wish_upon_a_star::ExactFigures::compute(model).ok()?;
    let spins = &e.base_features.free_spin_awards * &e.free_spins_per_award;
    let gifts = &e.base_features.gift_wins + &spins * &e.free_features.gift_wins;
    let ls_stars = |s: &wish_upon_a_star::exact::StripFigures| -> num_rational::BigRational {
        (wish_upon_a_star::evaluate::LOCK_AND_SPIN_STARS as usize..s.star_count.len())
            .map(|k| &s.star_count[k] * &e.lock_and_spin.expected_stars[k])
            .sum()
    };
    let stars = ls_stars(&e.base) + &spins * ls_stars(&e.free);
    let share = |t_values: Vec<bool>, weights: &[u32]| -> num_rational::BigRational {
        let total: u128 = weights.iter().map(|&w| u128::from(w)).sum();
        let hit: u128 = t_values
            .iter()
            .zip(weights)
            .filter(|(h, _)| **h)
            .map(|(_, &w)| u128::from(w))
            .sum();
        wish_upon_a_star::exact::fraction(hit, total)
    };
    use wish_upon_a_star::{GiftPrize as G, StarValue as S};
    let jackpot = |g: G, s: S| -> f64 {
        let pg = share(
            model.gift_prizes.values().iter().map(|v| *v == g).collect(),
            model.gift_prizes.weights(),
        );
        let ps = share(
            model.star_values.values().iter().map(|v| *v == s).collect(),
            model.star_values.weights(),
        );
        1.0 / wish_upon_a_star::exact::to_f64(&(&gifts * pg + &stars * ps))
    };
    Some(vec![
        (wish_upon_a_star::AWARDS[0], jackpot(G::Mini, S::Mini)),
        (wish_upon_a_star::AWARDS[1], jackpot(G::Minor, S::Minor)),
        (wish_upon_a_star::AWARDS[2], jackpot(G::Major, S::Major)),
        (
            wish_upon_a_star::AWARDS[3],
            1.0 / wish_upon_a_star::exact::to_f64(&e.grands_per_round),
        ),
    ])
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
