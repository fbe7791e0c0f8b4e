//! # Ten Lines (template game)
//!
//! **A template, not a product.** Ten Lines is a small original game written to show a studio
//! how to write its own game on `slot-core` (the [`slot_core::Game`] interface, the ledger,
//! the shared round record) and test it with `slot-sim`; copy this crate and change it. It is
//! not certified and not meant to be offered to players. The guide that walks through it is
//! `docs/writing-a-game.md` in the repository.
//!
//! # The rule sheet
//! - **Reels**: 5 reels x 3 rows, spun on one set of reel strips (30 stops each), used in the
//!   paid spin and in free spins alike. A spin draws the five stops independently and
//!   uniformly and shows each reel's window of three from its stop down.
//! - **Symbols**: four low, 10, J, Q, K; three high, Bell, Bar, Seven; Wild (W), only on
//!   reels 2, 3 and 4; Scatter (SC), only on reels 1, 3 and 5.
//! - **Bet**: the total bet is 10 line bets, one for each of 10 fixed paylines. Bets 0.10 to
//!   10.00 in steps of 0.10 ([`BET_LADDER`]).
//! - **Paylines** (the row on reels 1 to 5, 1 = top): 1: 2 2 2 2 2; 2: 1 1 1 1 1; 3: 3 3 3 3 3;
//!   4: 1 2 3 2 1 (V); 5: 3 2 1 2 3 (inverted V); 6: 2 1 2 1 2 and 7: 2 3 2 3 2 (zig-zags);
//!   8: 1 1 2 3 3 and 9: 3 3 2 1 1 (steps); 10: 2 1 1 1 2 (arch)
//!   ([`paytable::PAYLINES`]).
//! - **Line wins**: a line pays its longest run of 3, 4 or 5 of the same symbol from reel 1
//!   rightwards, once. Wild stands for every paying symbol (not the Scatter). Wild never
//!   stands on reel 1, so every run starts with a paying symbol and a line of Wilds alone
//!   cannot occur; Wild has no pay of its own. A Scatter on a line ends its run like any other
//!   symbol. All line wins of a spin are added.
//! - **Pays** per line bet for 3 / 4 / 5: 10 8 / 20 / 80; J 8 / 25 / 100; Q 12 / 30 / 120;
//!   K 15 / 40 / 150; Bell 20 / 80 / 300; Bar 30 / 120 / 500; Seven 40 / 200 / 1,000. In
//!   hundredths of the total bet (the unit of every amount in this crate) they are ten times
//!   that, integers ([`paytable::line_pay`]).
//! - **Scatter**: 3 or more Scatters anywhere pay 2 x the total bet and award 10 free spins
//!   (the shipped strips space their Scatters so that a window shows at most one, so 3 is the
//!   most a spin shows; a model that allows more pays the same for more).
//! - **Free spins**: played on the same strips at the same bet; line wins are tripled;
//!   Scatters pay their 2 x (not tripled) but award no more free spins (no retrigger).
//! - **Cap**: a round pays at most 5,000 x the total bet (through the core's
//!   [`slot_core::ledger::Ledger`]). The largest line total of any spin of the shipped strips
//!   is 130.80 x, so no round can pass 130.80 + 2 + 10 x (3 x 130.80 + 2) = 4,076.80 x: the
//!   cap never trims a round, and the exact RTP below is the game's (a test computes it).
//!
//! # Figures of the shipped model (exact, by enumerating all 24,300,000 stop combinations)
//!
//! | figure | exact | decimal |
//! |---|---|---|
//! | RTP | 58334381/60750000 | 96.023672 % |
//! | base game share | | 77.644897 % |
//! | free-spin share | | 18.378775 % |
//! | hit frequency | 2737/9000 | 30.411111 % |
//! | free spins | 1/125 | 1 in 125 rounds |
//! | sd of a round's win | sqrt(56438308499519639/3690562500000000) | 3.910576 x stake |
//!
//! `cargo run --release -p ten-lines --example figures` prints them; [`exact`] says how.
//!
//! | module | what |
//! |---|---|
//! | [`symbols`] | symbol codes, cell codes, the 5x3 window, grid text, where each symbol may stand |
//! | [`paytable`] | the paylines, the pays, the Scatter, free spins, the cap |
//! | [`mod@evaluate`] | one window's line wins and Scatters |
//! | [`math_model`] | the reel strips as data, their checks, how they were tuned |
//! | [`exact`] | the exact figures by enumeration (integer sums, fractions) |
//! | [`events`] | what the round record holds for this game |
//! | [`round`] | the round ([`TenLines`], [`round::RoundOutcome`]) |
//! | [`game`] | Ten Lines as a [`slot_core::Game`] |
//!
//! Registered in the registry of games (`slot_games::ENTRIES`, one line): the round viewer
//! and the fuzz target `registry_round` read it from there, as every tool that goes through
//! the registry does (`docs/writing-a-game.md`, "Registering the game").

pub mod evaluate;
pub mod events;
pub mod exact;
pub mod game;
pub mod math_model;
pub mod paytable;
pub mod round;
pub mod symbols;

pub use evaluate::{LineWin, SpinEvaluation, evaluate};
pub use math_model::{MathModel, ModelError};
pub use round::{RoundOutcome, Standard, TenLines};
pub use slot_core::Game;

/// The game's command-line name.
pub const GAME_NAME: &str = "ten-lines";

/// The game as the round record names it ([`GAME_NAME`]).
pub const GAME_ID: slot_core::events::GameId = slot_core::events::GameId::new(GAME_NAME);

/// The bet ladder: 0.10 to 10.00 in steps of 0.10, in cents (a line bet of 0.01 to 1.00).
/// Every amount of the game is a multiple of 10 hundredths of the bet, so every win is whole
/// cents at every bet.
pub const BET_LADDER: slot_core::money::BetLadder = slot_core::bet_ladder!(10, 1_000);
