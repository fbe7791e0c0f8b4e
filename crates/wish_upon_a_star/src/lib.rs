//! Wish Upon a Star: 5x3 243 ways, gift wild bonus wins, free spins, Lock and Spin jackpots, exact base-game figures.
//!
//! Not implemented yet: see its issue.
