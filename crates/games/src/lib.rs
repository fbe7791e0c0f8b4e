//! # slot-games: the one list of the slot games
//!
//! Every game of the workspace, listed once: [`all`] in a fixed order (the order of the
//! runner's help and of a catalog of reports), [`named`] one game by its command-line name.
//! Each game is a [`GameEntry`] (`slot_sim::face`): its facts by name, its models loaded to
//! simulate, replay a round or play a round from a given grid, and the capabilities its
//! registry line declares (`with_split`, `with_exact`, `with_tuner`, `with_tail`, `with_base_tail`), without a `match` over
//! the game types.
//!
//! ```
//! let game = slot_games::named("moon-princess").unwrap();
//! assert_eq!(game.title(), "Moon Princess");
//! let loaded = game.load(slot_sim::face::ModelSource::Published).unwrap();
//! let (win, log) = loaded.replay("star", 7, 0).unwrap();
//! assert!(!log.events.is_empty());
//! # let _ = win;
//! assert!(slot_games::named("moon").is_err());
//! // Code generic over the game type, for a game chosen by name:
//! let cells = slot_games::with_game!("wish-upon-a-star", G => <G as slot_core::Game>::CELL_CODES);
//! assert!(cells.unwrap().contains("Wild"));
//! ```
//!
//! A game added to the workspace is added here, in the one list that makes [`ENTRIES`],
//! [`with_game!`] and [`visit_split`], and nowhere else.

pub use slot_sim::face::{Entry, GameEntry};

#[doc(hidden)]
pub use slot_core::Game as __Game;

#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod tuners;
use slot_sim::Catalog;
use slot_sim::face::SplitVisitor;

/// The game types of the registry, for [`with_game!`].
pub use moon_princess::MoonPrincess;
pub use starlight_christmas::StarlightChristmas;
pub use ten_lines::TenLines;
pub use wish_upon_a_star::WishUponAStar;

/// A game name that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{name}'; the games are {}", names().join(", "))]
pub struct UnknownGame {
    /// The name asked for (at most 80 characters of it).
    pub name: String,
}

impl UnknownGame {
    /// The error for `name` (at most 80 characters of it kept).
    pub fn new(name: &str) -> Self {
        UnknownGame {
            name: name.chars().take(80).collect(),
        }
    }
}

/// Makes, from the one list of the games (a type and its entry each), [`ENTRIES`],
/// [`with_game!`] and [`visit_split`]. `$d` is a `$`, passed in so that the macro it writes
/// can have fragments of its own.
macro_rules! registry {
    ($d:tt $($game:ident = $entry:expr;)+) => {
        /// Every game, in the registry's order. Each entry states the rounds of a default
        /// simulation (a run of a few seconds on two cores), its golden-vector file and its
        /// capabilities.
        pub static ENTRIES: [&dyn GameEntry; [$(stringify!($game)),+].len()] = [$(&$entry),+];

        /// Runs `$body` with `$G` the game type whose command-line name is `$name` (a
        /// `&str`): `Ok` of the body, or `Err(UnknownGame)` for a name not in the registry.
        /// For code generic over [`slot_core::Game`] that a game chosen at run time calls
        /// (the body is written once and compiled for every game; it may `return` or use
        /// `?` in the function around it).
        #[macro_export]
        macro_rules! with_game {
            ($d name:expr, $d G:ident => $d body:expr) => {
                match $d name {
                    $(
                        n if n == <$d crate::$game as $d crate::__Game>::NAME => {
                            #[allow(dead_code)]
                            type $d G = $d crate::$game;
                            Ok($d body)
                        }
                    )+
                    n => Err($d crate::UnknownGame::new(n)),
                }
            };
        }

        /// Runs `visitor` with the type of the game named `name` if that game is a
        /// [`slot_core::game::SplitGame`] (`Ok(None)` if it is not; what it lacks is named by
        /// [`GameEntry::split`]).
        ///
        /// # Errors
        /// [`UnknownGame`] for a name not in the registry.
        pub fn visit_split<V: SplitVisitor>(
            name: &str,
            visitor: V,
        ) -> Result<Option<V::Output>, UnknownGame> {
            #[allow(unused_imports)]
            use slot_sim::face::dispatch::{IsSplit as _, NotSplit as _, Probe};
            $(
                if name == <$game as slot_core::Game>::NAME {
                    return Ok((&Probe::<$game>::new()).visit_split(visitor));
                }
            )+
            Err(UnknownGame::new(name))
        }
    };
}

registry! {$
    MoonPrincess = Entry::<MoonPrincess>::new(10_000_000)
        .with_golden_file("crates/moon_princess/tests/golden.json")
        .with_split()
        .with_tail()
        .with_tuner(&tuners::moon_princess::TUNER);
    WishUponAStar = Entry::<WishUponAStar>::new(10_000_000)
        .with_golden_file("crates/wish_upon_a_star/tests/golden.json")
        .with_exact()
        .with_tuner(&tuners::wish_upon_a_star::TUNER);
    StarlightChristmas = Entry::<StarlightChristmas>::new(2_000_000)
        .with_golden_file("crates/starlight_christmas/tests/golden.json")
        .with_split()
        .with_tail()
        .with_base_tail()
        .with_tuner(&tuners::starlight_christmas::TUNER);
    TenLines = Entry::<TenLines>::new(10_000_000)
        .with_golden_file("crates/ten_lines/tests/golden.json")
        .with_exact();
}

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
        .ok_or_else(|| UnknownGame::new(name))
}

/// A catalog of every mode of every game: what report files are read against.
pub fn catalog() -> Catalog {
    Catalog::from_facts(all().iter().flat_map(|g| g.all_facts()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A visitor that names the split game it was given.
    struct Name;

    impl SplitVisitor for Name {
        type Output = &'static str;
        fn visit<G: slot_core::game::SplitGame + Send + 'static>(self) -> &'static str {
            G::NAME
        }
    }

    #[test]
    fn the_type_dispatch_and_the_entries_are_one_list() {
        for g in all() {
            let name = g.name();
            let by_type = with_game!(name, G => <G as slot_core::Game>::TITLE).unwrap();
            assert_eq!(by_type, g.title());
            // Split code reaches exactly the games whose line declares the split capability.
            let split = visit_split(name, Name).unwrap();
            assert_eq!(split.is_some(), g.has_split(), "{name}");
            assert!(split.is_none_or(|n| n == name));
        }
        assert!(with_game!("moon", G => G::NAME).is_err());
        assert_eq!(visit_split("moon", Name), Err(UnknownGame::new("moon")));
    }
}

/// The guide's Rust examples, compiled and run as this crate's doctests (`cargo test -p
/// slot-games --doc`), so that a changed interface breaks CI, not the reader: each page of
/// `docs/guide/src` that holds a `rust` block is included here whole (its other blocks, shell,
/// TOML, text and `rust,ignore`, are not Rust tests).
#[cfg(doctest)]
pub mod guide {
    #[doc = include_str!("../../../docs/guide/src/server.md")]
    pub struct Server;
}
