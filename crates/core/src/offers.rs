//! What a game offers that markets restrict, as the game states it ([`crate::Game::OFFERS`]):
//! a mode that buys a feature, jackpots (fixed or progressive), a gamble on a win. The market
//! profiles (`slot_sim::markets`) judge forbidden features against it; a game that states
//! nothing (the default, `None`) gets "undecided" there, never "allowed".
//!
//! Autoplay, turbo and the like are the operator's client, not the game's mathematics: they
//! are not stated here.

/// The features of a game that market rules name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offers {
    /// The modes (by [`crate::Game::mode_name`]) that buy a feature directly (a "bonus buy");
    /// empty when none does.
    pub feature_buy_modes: &'static [&'static str],
    /// The game's jackpots.
    pub jackpots: Jackpots,
    /// True if the player may gamble a win (double or nothing, a ladder).
    pub gamble: bool,
}

/// The jackpots a game pays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jackpots {
    /// None.
    None,
    /// Prizes of a fixed multiple of the bet that the game calls jackpots (Wish Upon a Star's
    /// Mini, Minor, Major and Grand), by name; nothing accumulates between rounds.
    Fixed(&'static [&'static str]),
    /// A prize that grows from the stakes across rounds (none of this repository's games).
    Progressive,
}

impl Offers {
    /// A game that offers none of the restricted features.
    pub const NONE: Offers = Offers {
        feature_buy_modes: &[],
        jackpots: Jackpots::None,
        gamble: false,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn none_offers_nothing() {
        let none = Offers::NONE;
        assert_eq!(
            (none.feature_buy_modes.len(), none.jackpots, none.gamble),
            (0, Jackpots::None, false)
        );
    }
}
