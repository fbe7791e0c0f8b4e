//! # slot-games: the one list of the slot games
//!
//! Every game of the workspace, listed once: [`all`] in a fixed order (the order of the
//! runner's help and of a catalog of reports), [`named`] one game by its command-line name.
//! Each game is a [`GameEntry`] (`slot_sim::face`): its facts by name, and its models loaded
//! to simulate, replay a round or play a round from a given grid, without a `match` over the
//! game types.
//!
//! ```
//! let game = slot_games::named("moon-princess").unwrap();
//! assert_eq!(game.title(), "Moon Princess");
//! let loaded = game.load(slot_sim::face::ModelSource::Published).unwrap();
//! let (win, log) = loaded.replay("star", 7, 0).unwrap();
//! assert!(!log.events.is_empty());
//! # let _ = win;
//! assert!(slot_games::named("moon").is_err());
//! ```
//!
//! A game added to the workspace is added here, in [`ENTRIES`], and nowhere else.

pub use slot_sim::face::{Entry, GameEntry};

#[cfg(feature = "fuzzing")]
pub mod fuzzing;

use moon_princess::MoonPrincess;
use slot_sim::Catalog;
use starlight_christmas::StarlightChristmas;
use wish_upon_a_star::WishUponAStar;

/// A game name that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{name}'; the games are {}", names().join(", "))]
pub struct UnknownGame {
    /// The name asked for (at most 80 characters of it).
    pub name: String,
}

/// Every game, in the registry's order. Each entry states the rounds of a default simulation
/// (a run of a few seconds on two cores) and its golden-vector file.
pub static ENTRIES: [&dyn GameEntry; 4] = [
    &Entry::<MoonPrincess>::new(10_000_000)
        .with_golden_file("crates/moon_princess/tests/golden.json"),
    &Entry::<WishUponAStar>::new(10_000_000)
        .with_golden_file("crates/wish_upon_a_star/tests/golden.json"),
    &Entry::<StarlightChristmas>::new(2_000_000)
        .with_golden_file("crates/starlight_christmas/tests/golden.json"),
    &Entry::<ten_lines::TenLines>::new(10_000_000)
        .with_golden_file("crates/ten_lines/tests/golden.json"),
];

/// Every game, in the registry's order ([`ENTRIES`]).
pub fn all() -> &'static [&'static dyn GameEntry] {
    &ENTRIES
}

/// The command-line names of every game, in the registry's order.
pub fn names() -> Vec<&'static str> {
    all().iter().map(|g| g.name()).collect()
}

/// The game whose command-line name is `name` (`moon-princess`).
///
/// # Errors
/// [`UnknownGame`] for any other name; its message lists the names.
pub fn named(name: &str) -> Result<&'static dyn GameEntry, UnknownGame> {
    all()
        .iter()
        .copied()
        .find(|g| g.name() == name)
        .ok_or_else(|| UnknownGame {
            name: name.chars().take(80).collect(),
        })
}

/// A catalog of every mode of every game: what report files are read against.
pub fn catalog() -> Catalog {
    Catalog::from_facts(all().iter().flat_map(|g| g.all_facts()))
}
