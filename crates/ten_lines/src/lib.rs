//! Ten Lines (template game).
pub mod evaluate;
pub mod exact;
pub mod math_model;
pub mod paytable;
pub mod symbols;
pub mod events;
pub mod round;
