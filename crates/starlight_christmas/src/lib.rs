//! Starlight Christmas: 6x5 pay anywhere, tumble with refill, 2x-500x multipliers, free spins, ante bet.
//!
//! Not implemented yet: see its issue.
