//! # Wish Upon a Star
//!
//! A 5x3 reel-strip slot with 243 ways from the left, gift Wilds on reels 2 and 4 (a reel full
//! of Wilds gives a bonus win), Bonus scatters on reels 1, 3, 5 (3 pay 1x and award 10 free
//! spins with doubled paytable wins), and the Lock & Spin jackpot feature for 6 or more Stars
//! (Mini 20x, Minor 30x, Major 50x, Grand 200x), implemented to the operator's published rules
//! (a Novomatic game). Published RTP about 95.2 %; bets 0.25 to 25.00; no cap.
//!
//! # The rules
//! - **Grid**: 5 reels x 3 rows from reel strips. Paying symbols 10, J, Q, K, A, Bell, Candy
//!   Cane, Candle, Tree, Elf. The Wild (gift) stands only on reels 2 and 4 and substitutes for
//!   the paying symbols; the Bonus only on reels 1, 3 and 5; the Star on any reel, carrying a
//!   value: a cash amount (at most 15 x bet) or a Mini, Minor or Major label.
//! - **Ways** (x bet per way for 3 / 4 / 5 reels): 10, J, Q, K, A 0.2 / 0.6 / 2; Bell 0.4 /
//!   1.2 / 3; Candy Cane 0.8 / 1.6 / 3.2; Candle 1 / 2 / 3.2; Tree 1 / 2 / 4; Elf 1 / 3 / 8.
//!   For each symbol, count the reels from reel 1 that each show it or a Wild without a gap;
//!   with 3 or more, the win is the pay x the product of the counts on those reels; only the
//!   longest match pays.
//! - **Gift bonus wins**: a reel 2 or reel 4 full of Wilds gives one bonus win each: cash (at
//!   most 10 x bet), the Mini (20x), Minor (30x) or Major (50x), or 10 free spins; never
//!   doubled.
//! - **Free spins**: 3 Bonus symbols pay 1 x bet and award 10 free spins at the same bet; in
//!   free spins paytable wins (ways and Bonus) are doubled and 3 Bonus add 10 more.
//! - **Lock & Spin**: 6 or more Stars after a spin (after its own wins) start it: the Stars
//!   stay, every other cell is respun, 3 respins to start with; a respin fills each empty cell
//!   with a Star or nothing, and every new Star resets the respins to 3. It ends after 3
//!   respins in a row without a new Star or when all 15 cells hold Stars. Every Star's value
//!   is paid, plus the Grand (200 x bet) for a full grid; then the round goes on.
//!
//! | module | what |
//! |---|---|
//! | [`symbols`] | symbol codes, text codes, the 5x3 grid, where each symbol may stand |
//! | [`mod@evaluate`] | the paytable; ways, scatter, full-Wild reels and Stars of one grid |
//! | [`round`] | the round: paid spin, gift bonus wins, free spins, Lock & Spin ([`WishUponAStar`]); Lock & Spin one respin at a time from a copyable state ([`LockAndSpinState`], [`WishUponAStar::lock_and_spin_respin`]: a Markov chain, what splitting continues) |
//! | [`math_model`] | all data: strips, Star values, respin Star chance, gift prizes, figures, the RTP ladder's variant files; the model checks, that free spins end included (integers) |
//! | `exact` | (feature `exact`) exact figures by counting over the strips and a Markov chain (`num-rational` fractions) |
//! | `exact_sheet` | (feature `exact`) the exact figures as a `slot_core::exact::ExactSheet`, Wish Upon a Star's `ExactGame`: what the runner's `exact` prints and Python's `exact` returns |
//! | `figures` | (feature `exact`) the exact figures by name and label: the one list the runner prints and Python returns |
//! | `tuning` | (feature `exact`) the shape-holding tuner: a variant of the model for another RTP, steered on exact figures |
//! | [`events`] | what the round record holds for this game |
//! | [`game`] | Wish Upon a Star as a [`slot_core::Game`]: facts, published RTP ([`game::TARGET_RTP`]) and the RTP ladder, its one mode ([`game::Standard`]), `eval`'s grid reading, the random inputs, and with `exact` the exact RTP and award odds |
//!
//! Grids are 5 reels by 3 rows, cells numbered row-major from the top-left
//! (`index = row * 5 + col`, reel 1 = column 0). Wins are [`Win`]s: hundredths of the total
//! bet. Bets are on [`BET_LADDER`] (0.25 to 25.00 in steps of 0.25); every value of the game
//! is a multiple of 4 hundredths, so every win is whole cents at every bet.
//!
//! # Server use
//! [`WishUponAStar::play_round`] takes any [`rand_core::Rng`]. One dependency is enough: this crate
//! re-exports what a server needs ([`Bet`], [`Win`], [`EventLog`], the generator traits and,
//! with the default `os-rng` feature, [`rng::server_rng`], a ChaCha20 generator seeded from
//! the operating system). A real-money server must use such a CSPRNG; the simulator's PCG-64
//! (`slot_core::replay::SimRng`) reveals its state in its output. The slot-core types a server meets in this crate's signatures are
//! re-exported too, so a server names it through this crate alone: the model's
//! [`Fingerprint`] (64 lowercase hex digits; `str::parse` reads it back, [`FingerprintError`]),
//! [`GameId`] and [`StakeMode`] (in the round record), the win [`Cap`], [`ReconcileError`]
//! ([`EventLog::reconcile`]), [`RoundSummary`] (a round's integer record), and the game
//! interface [`Game`] with its [`TargetRtp`] and [`CertifiedRtp`].
//! The example below (also the
//! `wish-upon-a-star-server` example crate) plays rounds, pays them in cents and keeps their
//! event logs.
//!
//! ```
#![doc = include_str!("../examples/server.rs")]
//! ```
//!
//! # RTP variants
//! The game ships a ladder of five RTP variants ([`Game::VARIANTS`]): the same rules and
//! paytable on five math models. An operator chooses one by its RTP in one call
//! ([`Game::at_rtp`]: `WishUponAStar::at_rtp("94.00")?`; or [`Game::variant_at`] and
//! [`Game::named_model`]); every round's record names its model's
//! fingerprint, and [`Game::variant`] tells which variant a game plays.
//!
//! | variant | model name | exact RTP | hit frequency | free spins, 1 in (rounds) | sd (x bet) | free-spin share | Grand 200 x, 1 in | Major 50 x, 1 in |
//! |---|---|---|---|---|---|---|---|---|
//! | 96.00 % | `rtp-96.00` | 96.000484 % | 31.46 % | 138.2 | 5.222 | 32.15 % | 979,646 | 9,380 |
//! | 95.20 % (published) | `standard` | 95.201995 % | 31.46 % | 138.2 | 5.179 | 32.14 % | 979,646 | 9,440 |
//! | 94.00 % | `rtp-94.00` | 93.997882 % | 31.46 % | 138.2 | 5.110 | 32.14 % | 979,646 | 9,531 |
//! | 92.00 % | `rtp-92.00` | 92.002069 % | 31.46 % | 138.2 | 5.025 | 32.12 % | 979,646 | 9,677 |
//! | 90.00 % | `rtp-90.00` | 90.000592 % | 31.46 % | 138.2 | 4.904 | 32.14 % | 979,646 | 9,830 |
//!
//! The game has one mode, so the lowest RTP across its options is the variant's RTP. Hit
//! frequency, free spins, standard deviation and free-spin share are from 20 million
//! simulated rounds per variant on the same seed (20261201); the RTPs and the award odds are
//! exact. Each variant's file (`variants/rtp-XX.XX.json`, [`math_model::VARIANT_FILES`]) holds
//! its model, its target and how it was tuned: `cargo xtask tune wish-upon-a-star
//! --target-rtp R --seed 20261201 --rounds 20000000 --out FILE` (the `tuning` module,
//! feature `exact`), which holds the published variant's shape by construction: Wilds,
//! Bonuses and Stars never move, so the free-spin, gift and Lock & Spin frequencies and the
//! Grand's odds do not change; the strips' paying symbols are replaced only as far as their
//! ways value needs, holding their ways hit frequency; each source of the RTP is scaled by the
//! same factor, so the split of the RTP between base game and free spins holds. A test tunes
//! each variant again from its file's seed and requires the same model.
//!
//! # Features
//! The default build holds the rules, the round, the event log, money, sealing and the
//! OS-seeded generator: what a server needs, and nothing of the simulator (no `statrs`, no
//! thread pool; `rand_pcg` is the replay contract's generator, `slot_core::replay`) and no
//! exact figures (no `num-bigint`, no `num-rational`).
//! * `os-rng` (default): [`rng::server_rng`], ChaCha20 seeded from the operating system
//!   (`rand_chacha`, `getrandom`); turn it off for targets without an OS random source
//!   (WebAssembly in a browser page).
//! * `fuzzing`: the hidden `fuzzing` module, the fuzz targets' checks (turns on
//!   `slot-core/fuzzing`: `bytes_rng`, `fuzz_seeds`). For the fuzz targets and
//!   tests, not for play.
//! * `exact`: the exact figures, `exact` and `ExactFigures` (rational arithmetic over strip
//!   counts and a Markov chain; `num-bigint`, `num-rational`), for the runner's `exact` and
//!   `tune` commands and the tests, and the shape-holding tuner `tuning` (variants for other
//!   RTPs, all its figures exact). The model check ([`math_model::validate`]) needs none of
//!   it: it is in integers.
//!
//! Simulation is not a feature of this crate: [`RoundOutcome::summary`] (what a round adds to
//! the statistics) is always there; the simulator and the PAR statistics (on threads) are the
//! `slot-sim` crate, which a server does not link, and the
//! golden vectors are `slot_core::golden`.
//!
//! # Decisions where the rules are silent
//! 1. **Star values.** Every Star that lands gets its value at once (row-major cell order;
//!    see 3 for the draws) and the value is shown with the grid, but a Star pays only
//!    through Lock & Spin: a spin with fewer than 6 Stars pays nothing for them, in the base
//!    game and in free spins alike. Landed Stars and respin Stars use the same value table.
//! 2. **"6 or more Stars after a spin".** Counted on the landed grid. The spin's own wins
//!    (ways and scatter pay, doubled in free spins) and its gift bonus wins come first, then
//!    Lock & Spin; Stars are not paying symbols and Wilds do not replace them, so they simply
//!    break ways. After the feature the round goes on with the free spins left.
//! 3. **Order of a spin** (and of its random draws): stops reel 1..5, Star values, ways wins,
//!    scatter pay and its 10 free spins, gift bonus win of reel 2 then reel 4, Lock & Spin.
//!    The five stops and the draw of the first Star's value (row-major) are one 64-bit word:
//!    Lemire's unbiased method over the product of the five strip lengths and the value
//!    table's total (about 10^12 in the base game and 3 x 10^11 in free spins for the shipped
//!    models), whose digits are the six draws (`slot_core::joint_draws`; a model whose product
//!    reaches 2^48 draws them in groups below it, left to right, a word each). The values of further Stars come four a word (for totals of
//!    777 to 4,095); a value draw of a Star that did not land is dropped. Every stop and
//!    value keeps exactly its model probability, independently of the others; only which
//!    generator words decide them changed (2026-12-02, for speed: the golden rounds were
//!    remade then). A word is rejected (and the next drawn) with probability below 2^-16, so
//!    a variant run with the published model's seed (common random numbers) seldom parts
//!    from it. A given grid (`play_paid_spin_grid`, `play_free_spin_grid`, the viewer's grid
//!    mode) has no stops and draws all its Star values the second way.
//! 4. **Scatter.** Bonus stands only on reels 1, 3, 5 and the shipped strips space it so a
//!    window shows at most one, so 3 is the most there can be; the code pays and triggers for
//!    3 or more. In free spins the Bonus pay is doubled too (it is a paytable win).
//! 5. **Gift bonus wins of free spins.** In the base game they start free spins (with the
//!    scatter in the same spin, 10 + 10 = 20); in free spins they add 10, like a retrigger.
//!    Such a bonus win pays no money itself.
//! 6. **Lock & Spin respins.** Each empty cell independently gets a Star with the model's
//!    probability (1/25). A grid that lands with all 15 cells Stars pays the Grand at once.
//!    The Grand (200x) is paid on top of the 15 Stars' values. Lock & Spin wins and gift bonus
//!    wins are never doubled, also in free spins (the seed says "all wins doubled except bonus
//!    wins"; the spec and the issue count Lock & Spin among the undoubled, since its jackpots
//!    are fixed amounts, and this crate follows them).
//! 7. **No cap, no limit on free spins.** The seed sets none. A model is accepted only if a
//!    free spin awards less than one free spin on average, so every round ends with
//!    probability 1 (shipped model: 0.1045 per free spin). The largest win and the Grand's
//!    odds are reported (`cargo xtask exact` and `sim`).
//! 8. **Statistics.** Sources: base ways, base scatter pay, paytable wins in free spins, gift
//!    bonus wins (base and free), Lock & Spin (base and free, jackpots and Grand included).
//!    Feature "free spins" counts every award of 10 and its win is everything won during free
//!    spins (so its share of the RTP includes the gift and Lock & Spin wins inside them).
//! 9. **Grids from outside** (`eval`): a Wild off reels 2 and 4 or a Bonus off reels 1, 3, 5
//!    cannot land and is rejected with [`symbols::GridInputError::Placement`].

pub mod evaluate;
pub mod events;
pub mod evidence;
#[cfg(feature = "exact")]
pub mod exact;
#[cfg(feature = "exact")]
pub mod exact_sheet;
#[cfg(feature = "exact")]
pub mod figures;
#[doc(hidden)]
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod game;
mod landing;
pub mod math_model;
pub mod round;
pub mod symbols;
#[cfg(feature = "exact")]
pub mod tuning;

pub use evaluate::{SpinEvaluation, WaysWin, evaluate};
pub use events::Event;
#[cfg(feature = "exact")]
pub use exact::ExactFigures;
pub use math_model::{GiftPrize, MathModel, ModelError, StarValue};
pub use round::{
    AWARDS, FEATURES, LockAndSpinOutcome, LockAndSpinState, RoundOutcome, SOURCES, Standard,
    WishUponAStar,
};
pub use slot_core::events::EventLog;
pub use slot_core::events::{GameId, ReconcileError, StakeMode};
pub use slot_core::fingerprint::{Fingerprint, FingerprintError};
pub use slot_core::game::{CertifiedRtp, Game, TargetRtp};
pub use slot_core::money::{Bet, BetError, BetLadder, Cap, MoneyError, Win};
pub use slot_core::recorder::{NoRecorder, Recorder};
#[cfg(feature = "os-rng")]
pub use slot_core::rng;
pub use slot_core::summary::RoundSummary;
pub use slot_core::{Rng, SeedableRng};

/// The bet ladder: 0.25 to 25.00 in steps of 0.25 (README, "The common rules": Money), in cents.
pub const BET_LADDER: BetLadder = slot_core::bet_ladder!(25, 2_500);

/// The game's command-line name.
pub const GAME_NAME: &str = "wish-upon-a-star";
/// The game as the round record names it ([`GAME_NAME`]).
pub const GAME_ID: GameId = GameId::new(GAME_NAME);
