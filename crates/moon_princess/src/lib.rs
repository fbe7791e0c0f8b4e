//! Moon Princess: 5x5 line wins, tumble without refill, Girl Power, Trinity and free spins with a pausable princess pick.
//!
//! Not implemented yet: see its issue.
