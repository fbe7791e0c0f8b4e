//! The tuners of the games whose crates do not depend on the simulator: each a
//! [`slot_sim::tuner::Tuner`] over the game's knobs (in its crate) and the searches of
//! `slot-sim`, declared in the game's registry line (`with_tuner`). A game whose crate depends
//! on `slot-sim` keeps its tuner in its own crate.

pub mod moon_princess;
pub mod starlight_christmas;
pub mod wish_upon_a_star;
