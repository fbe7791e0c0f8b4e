//! The round record: one event vocabulary for the three games (guide, "The round record").
//!
//! Every game reports what a player sees as a sequence of [`Event`]s. One type serves the
//! three games, so a client, an audit tool or the round viewer reads every game with one
//! parser and draws it with one code path. In JSON every event is an object whose `"event"`
//! field names it in snake case (`{"event": "round_end", "win": 1250, "capped": false}`);
//! unknown fields are refused when reading.
//!
//! # Conventions
//! - **Money** is an integer number of hundredths of the (base) bet ([`Win`]; `250` = 2.50 x
//!   bet). Starlight Christmas with the ante bet counts in hundredths of the base bet, as its
//!   paytable does.
//! - **Money that moves** is in the field `paid` (after the cap). Where the cap trimmed a
//!   payment, `uncapped` holds the raw amount. Events that only describe (a pay-anywhere win
//!   whose money is paid when its tumble sequence ends, a Star's value) carry `pay`, `amount`
//!   or `symbol_win`, never `paid`. **For every round the `paid` amounts add up exactly to the
//!   `win` of the last event, `round_end`** ([`EventLog::reconcile`] checks it).
//! - **Grids** are written in the runner's grid text: rows from the top separated by `/`,
//!   cells by one space, each cell a game's cell code (`.` for an empty cell); for example
//!   `"ci st he be pg/pb pr W . ci/..."`. The same text is accepted by `cargo xtask eval`.
//! - **Symbols** are the runner's cell codes (`ci`, `gy`, `10`, `SC`, ...). Moon Princess's
//!   "any mix of princesses" pay class, which is not a cell, is written `princess`.
//! - **Cells** are `[row, col]`, 0-based from the top-left; reels are columns.
//!
//! # The events of a round, in order
//! `round_start`; for each spin: `spin_start`, `landed`, then the spin's wins, tumbles,
//! refills, powers, meter and feature events; free-spin awards and feature starts where they
//! happen; `cap_reached` if the cap ended the round; `round_end` last. Which events a game
//! uses is said on each variant.

use crate::fingerprint::Fingerprint;
use crate::lines::Line;
use crate::money::Win;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// A cell as `[row, col]`, 0-based from the top-left.
pub type Cell = [u8; 2];

/// A game, by its command-line name ([`crate::Game::NAME`]: `moon-princess`), as the round
/// record (`round_start`, `resumed`) and a game's stored rounds carry it: a name as data, so
/// that a game written outside this repository names itself without a change of the core.
///
/// A name is 1 to [`GameId::MAX_LEN`] bytes of lowercase ASCII letters and digits in words
/// joined by single hyphens (`^[a-z0-9]+(-[a-z0-9]+)*$`). In JSON it is that string. A game
/// makes its id from its `&'static str` name ([`GameId::new`], in a constant: no allocation
/// when a round records it); an id read from outside ([`GameId::parse`], deserialisation)
/// owns its text.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(Cow<'static, str>);

/// A text that is no game name ([`GameId::parse`]): the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameIdError {
    /// No text.
    #[error("a game name is not empty")]
    Empty,
    /// Longer than [`GameId::MAX_LEN`] bytes.
    #[error("a game name is at most {max} bytes, not {len}", max = GameId::MAX_LEN)]
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// A character other than `a`-`z`, `0`-`9` and single inner hyphens.
    #[error(
        "a game name is lowercase letters and digits in words joined by single hyphens (`moon-princess`), not '{shown}'"
    )]
    Form {
        /// At most 40 characters of the text.
        shown: String,
    },
}

/// Why `name` is no game name, as a plain code usable in a `const fn`: 0 for a name.
const fn name_fault(name: &str) -> u8 {
    let b = name.as_bytes();
    if b.is_empty() {
        return 1;
    }
    if b.len() > GameId::MAX_LEN {
        return 2;
    }
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let word = c.is_ascii_lowercase() || c.is_ascii_digit();
        // A hyphen joins two words: never first, last or next to another.
        let joint = c == b'-' && i > 0 && i + 1 < b.len() && b[i - 1] != b'-';
        if !word && !joint {
            return 3;
        }
        i += 1;
    }
    0
}

impl GameId {
    /// The longest name, in bytes.
    pub const MAX_LEN: usize = 64;

    /// The id of the game called `name` (its [`crate::Game::NAME`]), borrowing it: no
    /// allocation. Meant for a constant (`const GAME: GameId = GameId::new(MyGame::NAME);`),
    /// where a name that breaks the rule is a compile error.
    ///
    /// # Panics
    /// If `name` is not a game name (see the type's docs); in a constant, at compile time.
    pub const fn new(name: &'static str) -> GameId {
        assert!(
            name_fault(name) == 0,
            "a game name is 1 to 64 lowercase letters and digits in words joined by single hyphens"
        );
        GameId(Cow::Borrowed(name))
    }

    /// The id named by `name`, read from outside (a record, a request), owning its text.
    ///
    /// # Errors
    /// [`GameIdError`] for a text that is no game name, naming the rule it breaks.
    pub fn parse(name: &str) -> Result<GameId, GameIdError> {
        GameId::check(name)?;
        Ok(GameId(Cow::Owned(name.to_string())))
    }

    /// Whether `name` is a game name.
    fn check(name: &str) -> Result<(), GameIdError> {
        match name_fault(name) {
            0 => Ok(()),
            1 => Err(GameIdError::Empty),
            2 => Err(GameIdError::TooLong { len: name.len() }),
            _ => Err(GameIdError::Form {
                shown: name.chars().take(40).collect(),
            }),
        }
    }

    /// The command-line name (`moon-princess`).
    pub fn name(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for GameId {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for GameId {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl Serialize for GameId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for GameId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameId, D::Error> {
        let name = String::deserialize(d)?;
        GameId::check(&name).map_err(serde::de::Error::custom)?;
        Ok(GameId(Cow::Owned(name)))
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for GameId {
    fn schema_name() -> Cow<'static, str> {
        "GameId".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$",
            "minLength": 1,
            "maxLength": GameId::MAX_LEN,
            "description": "A game, by its command-line name (moon-princess, or any other registered game's): lowercase letters and digits in words joined by single hyphens"
        })
    }
}

/// How the round was staked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum StakeMode {
    /// The stake is the bet (every game).
    Standard,
    /// Starlight Christmas's ante bet: the stake is 1.25 x the base bet; money in the record
    /// is in hundredths of the base bet.
    Ante,
}

/// Which kind of spin starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum SpinKind {
    /// The paid spin of the round.
    Paid,
    /// A Moon Princess Trinity spin (a full Girl Power meter in the base game).
    Trinity,
    /// A free spin.
    Free,
}

/// How a win was formed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum PayRule {
    /// A straight run along a row or column (Moon Princess); `line` says which.
    Line,
    /// Ways from reel 1 (Wish Upon a Star); `ways` says how many.
    Ways,
    /// A count of a symbol anywhere on the grid (Starlight Christmas).
    Anywhere,
    /// A scatter pay (Starlight Christmas's Scatter, Wish Upon a Star's Bonus).
    Scatter,
}

/// A Moon Princess princess: the free-spin pick and the Girl Power she brings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Princess {
    /// Princess Love: the Love power changes every cell of one symbol into another symbol.
    Love,
    /// Princess Star: the Star power turns cells into Wilds.
    Star,
    /// Princess Storm: the Storm power removes every cell of one or two symbols.
    Storm,
}

/// Why a Moon Princess power was used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum PowerSource {
    /// The random single power of a paid spin.
    Random,
    /// A Trinity spin's powers (Love, then Star, then Storm).
    Trinity,
    /// The picked princess's power on a free spin that landed without a win.
    FreeSpin,
}

/// A feature that starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Feature {
    /// Free spins (Moon Princess: a clear grid triggers them; they are played after the base
    /// game, once the pick is made).
    FreeSpins,
    /// A Moon Princess Trinity spin (a full meter in the base game).
    TrinitySpin,
}

/// What awarded free spins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum AwardSource {
    /// Scatters in the base game (Starlight Christmas: 4+; Wish Upon a Star: 3 Bonus).
    Scatter,
    /// Scatters in a free spin (a retrigger).
    Retrigger,
    /// A Wish Upon a Star gift bonus win.
    Gift,
    /// The Moon Princess pick (its initial spins).
    Pick,
    /// A full Moon Princess meter in free spins.
    Meter,
}

/// What a Star or a gift is worth (Wish Upon a Star).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum AwardKind {
    /// A cash amount.
    Cash,
    /// The Mini jackpot (20 x bet).
    Mini,
    /// The Minor jackpot (30 x bet).
    Minor,
    /// The Major jackpot (50 x bet).
    Major,
    /// The Grand jackpot (200 x bet).
    Grand,
    /// Ten free spins (a gift).
    FreeSpins,
}

/// A value: its kind and its amount in hundredths of the bet (0 for free spins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Award {
    /// What it is.
    pub kind: AwardKind,
    /// What it is worth, hundredths of the bet.
    pub amount: Win,
}

/// A Star on the grid with its value (Wish Upon a Star).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct StarAt {
    /// Where it stands.
    pub cell: Cell,
    /// Its value.
    pub award: Award,
}

/// One event of a round. See the module docs for the conventions (money, grids, cells).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
pub enum Event {
    /// The round starts (every game; first event).
    RoundStart {
        /// The game.
        game: GameId,
        /// How it was staked.
        mode: StakeMode,
        /// The fingerprint of the math model that plays it (SHA-256, 64 hex digits).
        model: Fingerprint,
    },
    /// A spin starts (every game).
    SpinStart {
        /// Paid, Trinity or free spin.
        spin: SpinKind,
        /// Its number among spins of its kind in this round, from 1.
        number: u32,
        /// Free spins still to play after this one (free spins only).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        free_spins_left: Option<u32>,
        /// The multiplier the spin starts with (Moon Princess).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        multiplier: Option<u32>,
    },
    /// A fresh grid landed (every game).
    Landed {
        /// The grid (runner grid text).
        grid: String,
        /// The reel set it was spun on (Moon Princess: 0-based index into the landing's sets).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reel_set: Option<u32>,
        /// The stop of each reel, reel 1 first (reel-strip games).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stops: Option<Vec<u32>>,
        /// Every Star on the grid with its value (Wish Upon a Star).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stars: Option<Vec<StarAt>>,
    },
    /// A win (every game).
    Win {
        /// The symbol (cell code; `princess` for Moon Princess's any-princess class).
        symbol: String,
        /// How it was formed.
        pays: PayRule,
        /// The cells taking part.
        cells: Vec<Cell>,
        /// Line length (lines), reels matched (ways), symbols counted (anywhere, scatter).
        count: u32,
        /// The row or column (lines).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        line: Option<Line>,
        /// Number of ways (ways).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ways: Option<u32>,
        /// The paytable amount, before any multiplier (hundredths of the bet; ways: for all
        /// its ways).
        pay: Win,
        /// The multiplier applied to `pay` (Moon Princess: the running x1..x20; Wish Upon a
        /// Star: 2 in free spins). Absent where the win is multiplied later (Starlight
        /// Christmas: at `sequence_end`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        multiplier: Option<u32>,
        /// Paid now, after the cap (absent where the money moves later, at `sequence_end`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        paid: Option<Win>,
        /// The raw amount, `pay` x `multiplier`, where the cap trimmed it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        uncapped: Option<Win>,
    },
    /// Winning cells were removed and the rest fell (Moon Princess, Starlight Christmas).
    Tumble {
        /// The cells removed.
        removed: Vec<Cell>,
        /// Cells that got a Wild before the fall (Moon Princess: the middle of each 3-win).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        wilds: Vec<Cell>,
        /// The multiplier after the tumble (Moon Princess).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        multiplier: Option<u32>,
        /// The grid after the fall, before any refill.
        grid: String,
    },
    /// New symbols filled the empty cells from above (Starlight Christmas).
    Refill {
        /// The grid after the refill.
        grid: String,
    },
    /// A tumble sequence ended with symbol wins, paid now with the Multipliers (Starlight
    /// Christmas).
    SequenceEnd {
        /// The sequence's symbol wins, unmultiplied.
        symbol_win: Win,
        /// The sum of the Multipliers on the grid.
        multiplier_sum: u32,
        /// The multiplier applied (base game: the sum, or 1 without Multipliers; free spins:
        /// the running multiplier, or 1 without Multipliers on this spin).
        multiplier: u32,
        /// Paid, after the cap.
        paid: Win,
        /// `symbol_win` x `multiplier`, where the cap trimmed it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        uncapped: Option<Win>,
    },
    /// The free spins' running multiplier grew (Starlight Christmas).
    RunningMultiplier {
        /// Its new value.
        value: u32,
    },
    /// The Girl Power meter after an evaluation's princess wins (Moon Princess).
    Meter {
        /// Sections filled now, 0 to 3.
        sections: u8,
    },
    /// A Girl Power was used (Moon Princess).
    Power {
        /// The power.
        power: Princess,
        /// Why.
        source: PowerSource,
        /// Love: the symbol replaced (cell code).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<String>,
        /// Love: the symbol it became (cell code).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<String>,
        /// Storm: the symbols removed (cell codes).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        symbols: Vec<String>,
        /// The cells changed: Love's replaced cells, Star's new Wilds, Storm's removed cells.
        cells: Vec<Cell>,
        /// The grid afterwards (after Storm's fall).
        grid: String,
    },
    /// Only Wilds (or nothing) remained; the princess removed them and the grid is clear
    /// (Moon Princess). Pays 100 x bet in free spins, nothing in the base game.
    GridCleared {
        /// Paid, after the cap (0 in the base game).
        paid: Win,
        /// 100 x bet, where the cap trimmed it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        uncapped: Option<Win>,
    },
    /// A feature is triggered (Moon Princess: Trinity spin, free spins).
    FeatureTriggered {
        /// Which.
        feature: Feature,
    },
    /// The round waits for the player's free-spin pick (Moon Princess).
    AwaitingPick,
    /// The round goes on after a pause (Moon Princess: written by `resume`, first in the
    /// log of the part after the pick). A server that resumes a stored round in another
    /// process records that part in a log of its own; `paid_before` carries what the round
    /// paid before the pause, so the part reconciles alone ([`EventLog::reconcile`]). It
    /// moves no money: in a log that also holds the events before the pause it must equal
    /// the sum of their `paid` amounts and is not counted again.
    Resumed {
        /// The game.
        game: GameId,
        /// The fingerprint of the math model, as in `round_start`.
        model: Fingerprint,
        /// What the round paid before the pause, hundredths of the bet.
        paid_before: Win,
    },
    /// The player picked (Moon Princess).
    Picked {
        /// The princess.
        pick: Princess,
    },
    /// Free spins were awarded (every game).
    FreeSpinsAwarded {
        /// Spins added now (after Moon Princess's limit of 20).
        spins: u32,
        /// What awarded them.
        source: AwardSource,
        /// Free spins left to play now.
        free_spins_left: u32,
    },
    /// A reel full of Wilds gave a gift bonus win (Wish Upon a Star; never doubled).
    GiftBonus {
        /// The reel, 2 or 4.
        reel: u8,
        /// What it gave.
        award: Award,
        /// Paid (0 for free spins).
        paid: Win,
    },
    /// Lock & Spin starts with the Stars on the grid held (Wish Upon a Star).
    LockAndSpinStart {
        /// The held cells.
        held: Vec<Cell>,
        /// Respins to start with (3).
        respins: u32,
    },
    /// One Lock & Spin respin (Wish Upon a Star).
    Respin {
        /// Its number in the feature, from 1.
        number: u32,
        /// The new Stars with their values.
        new_stars: Vec<StarAt>,
        /// Stars held after it.
        held: u32,
        /// Respins left after it (back to 3 with a new Star).
        respins_left: u32,
    },
    /// Lock & Spin ends: every Star's value is paid, plus the Grand for a full grid (Wish
    /// Upon a Star).
    LockAndSpinEnd {
        /// Stars held at the end.
        stars: u32,
        /// The sum of their values, hundredths of the bet.
        star_values: Win,
        /// All 15 cells held Stars: the Grand (200 x bet) is paid too.
        grand: bool,
        /// Paid.
        paid: Win,
        /// `star_values` (+ Grand), where a cap trimmed it (never in Wish Upon a Star).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        uncapped: Option<Win>,
    },
    /// The round reached the cap and ends; everything still to come is forfeited.
    CapReached {
        /// The cap, paid in full (hundredths of the bet).
        win: Win,
    },
    /// The round is over (every game; last event).
    RoundEnd {
        /// What the round pays: the sum of every `paid` above (hundredths of the bet).
        win: Win,
        /// The cap ended the round.
        capped: bool,
    },
}

impl Event {
    /// The money this event moves (`paid`), zero for events that move none.
    pub fn paid(&self) -> Win {
        match self {
            Event::Win { paid, .. } => paid.unwrap_or(Win::ZERO),
            Event::SequenceEnd { paid, .. }
            | Event::GridCleared { paid, .. }
            | Event::GiftBonus { paid, .. }
            | Event::LockAndSpinEnd { paid, .. } => *paid,
            _ => Win::ZERO,
        }
    }

    /// The event's name as written in its `"event"` field (`round_end`, `win`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            Event::RoundStart { .. } => "round_start",
            Event::SpinStart { .. } => "spin_start",
            Event::Landed { .. } => "landed",
            Event::Win { .. } => "win",
            Event::Tumble { .. } => "tumble",
            Event::Refill { .. } => "refill",
            Event::SequenceEnd { .. } => "sequence_end",
            Event::RunningMultiplier { .. } => "running_multiplier",
            Event::Meter { .. } => "meter",
            Event::Power { .. } => "power",
            Event::GridCleared { .. } => "grid_cleared",
            Event::FeatureTriggered { .. } => "feature_triggered",
            Event::AwaitingPick => "awaiting_pick",
            Event::Resumed { .. } => "resumed",
            Event::Picked { .. } => "picked",
            Event::FreeSpinsAwarded { .. } => "free_spins_awarded",
            Event::GiftBonus { .. } => "gift_bonus",
            Event::LockAndSpinStart { .. } => "lock_and_spin_start",
            Event::Respin { .. } => "respin",
            Event::LockAndSpinEnd { .. } => "lock_and_spin_end",
            Event::CapReached { .. } => "cap_reached",
            Event::RoundEnd { .. } => "round_end",
        }
    }
}

/// A round's events in order; serialises as `{"events": [...]}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EventLog {
    /// The events, first first.
    pub events: Vec<Event>,
}

/// Why an event log does not add up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReconcileError {
    /// The log does not end with `round_end`.
    #[error("the event log does not end with a round_end event")]
    NoRoundEnd,
    /// More than one `round_end`.
    #[error("the event log has {count} round_end events; a round has exactly one, last")]
    RoundEnds {
        /// How many.
        count: usize,
    },
    /// The `paid` amounts do not add up to the round's win.
    #[error("the paid amounts add up to {paid} hundredths but round_end says {win}")]
    Mismatch {
        /// The sum of `paid`.
        paid: u128,
        /// `round_end`'s win.
        win: u64,
    },
    /// A `resumed` event that does not restate what the log paid before it.
    #[error(
        "resumed says {paid_before} hundredths were paid before the pause but the events before it paid {paid}"
    )]
    Resumed {
        /// The sum of `paid` before the `resumed` event.
        paid: u128,
        /// Its `paid_before`.
        paid_before: u64,
    },
    /// `round_end` and `cap_reached` disagree.
    #[error(
        "round_end says capped = {capped} but the log has {cap_events} cap_reached events (a capped round has exactly one)"
    )]
    CapFlag {
        /// `round_end`'s flag.
        capped: bool,
        /// `cap_reached` events.
        cap_events: usize,
    },
}

impl EventLog {
    /// The log as one line of JSON (`{"events":[...]}`).
    pub fn to_json(&self) -> String {
        // Every field is a string, an integer, a bool or a list of them: serialising cannot
        // fail, so the fallback is never used.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// The SHA-256 of [`EventLog::to_json`]: one digest that changes with any event of the
    /// round (golden vectors keep it).
    pub fn sha256(&self) -> Fingerprint {
        Fingerprint::of_bytes(self.to_json().as_bytes())
    }

    /// Reads a log written by [`EventLog::to_json`].
    ///
    /// # Errors
    /// The JSON error, naming the event and field that was wrong: not JSON, an unknown event
    /// or field, a missing field.
    pub fn from_json(text: &str) -> Result<EventLog, crate::json::JsonError> {
        crate::json::from_str(text)
    }

    /// Checks the round's money: exactly one `round_end`, last; the `paid` amounts add up to
    /// its `win`; `capped` agrees with the `cap_reached` events. Returns the win.
    ///
    /// A log that starts with `resumed` (the part of a paused round after the pause, kept
    /// apart) counts its `paid_before` as paid; where `resumed` follows the events before the
    /// pause (one log of the whole round), their `paid` amounts must add up to its
    /// `paid_before`, which is then not counted again.
    ///
    /// # Errors
    /// [`ReconcileError`] naming what does not add up.
    pub fn reconcile(&self) -> Result<Win, ReconcileError> {
        let ends = self
            .events
            .iter()
            .filter(|e| matches!(e, Event::RoundEnd { .. }))
            .count();
        let Some(Event::RoundEnd { win, capped }) = self.events.last() else {
            return Err(ReconcileError::NoRoundEnd);
        };
        if ends != 1 {
            return Err(ReconcileError::RoundEnds { count: ends });
        }
        let mut paid: u128 = 0;
        for (i, e) in self.events.iter().enumerate() {
            if let Event::Resumed { paid_before, .. } = e {
                let before = u128::from(paid_before.hundredths());
                if i == 0 {
                    paid = before;
                } else if paid != before {
                    return Err(ReconcileError::Resumed {
                        paid,
                        paid_before: paid_before.hundredths(),
                    });
                }
            }
            paid += u128::from(e.paid().hundredths());
        }
        if paid != u128::from(win.hundredths()) {
            return Err(ReconcileError::Mismatch {
                paid,
                win: win.hundredths(),
            });
        }
        let cap_events = self
            .events
            .iter()
            .filter(|e| matches!(e, Event::CapReached { .. }))
            .count();
        if (*capped && cap_events != 1) || (!*capped && cap_events != 0) {
            return Err(ReconcileError::CapFlag {
                capped: *capped,
                cap_events,
            });
        }
        Ok(*win)
    }
}

/// The limits a round's event log must respect ([`EventLog::check_paid`]); `None`: no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaidLimits {
    /// The most the `paid` amounts may add up to (the cap), hundredths of the bet.
    pub cap: Option<Win>,
    /// The highest multiplier a win may carry (Moon Princess: 20).
    pub max_multiplier: Option<u32>,
    /// The most free spins a round may play (Moon Princess: 20).
    pub max_free_spins: Option<u32>,
}

/// What a round's event log shows about its money, read by [`EventLog::check_paid`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PaidFigures {
    /// The sum of every `paid` amount, hundredths of the bet.
    pub paid: Win,
    /// Free spins played (`spin_start` events of kind `free`).
    pub free_spins: u32,
    /// The highest multiplier of any `win` or `sequence_end` (0 if none carries one).
    pub max_multiplier: u32,
    /// `cap_reached` events.
    pub cap_events: u32,
}

/// An event log that breaks an invariant of what is paid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaidError {
    /// A win's multiplier above the game's highest.
    #[error("event {index}: multiplier x{multiplier} is above the game's highest, x{max}")]
    Multiplier {
        /// The event's position in the log.
        index: usize,
        /// The multiplier.
        multiplier: u32,
        /// The highest allowed.
        max: u32,
    },
    /// A win whose raw amount is not its pay times its multiplier.
    #[error(
        "event {index}: pays {raw} hundredths raw (uncapped, else paid) but pay {pay} x multiplier {multiplier} is {expected:?}"
    )]
    Product {
        /// The event's position in the log.
        index: usize,
        /// The paytable amount (or symbol win), hundredths.
        pay: u64,
        /// The multiplier.
        multiplier: u32,
        /// `uncapped`, else `paid`, hundredths.
        raw: u64,
        /// `pay` x `multiplier` (`None`: it overflows).
        expected: Option<u64>,
    },
    /// A payment the cap trimmed that is not below its raw amount.
    #[error("event {index}: paid {paid} is not below its uncapped amount {uncapped}")]
    Trim {
        /// The event's position in the log.
        index: usize,
        /// Paid, hundredths.
        paid: u64,
        /// The raw amount, hundredths.
        uncapped: u64,
    },
    /// More free spins played than a round may have.
    #[error("{played} free spins played; a round plays at most {max}")]
    FreeSpins {
        /// Played.
        played: u32,
        /// The most allowed.
        max: u32,
    },
    /// The `paid` amounts add up to more than the cap.
    #[error("the paid amounts add up to {paid} hundredths, above the cap of {cap}")]
    AboveCap {
        /// Their sum (saturating).
        paid: u64,
        /// The cap, hundredths.
        cap: u64,
    },
}

impl EventLog {
    /// Checks the invariants on what the log says was **paid**, never on a counter the game
    /// keeps: every `win` with a multiplier has it at most `limits.max_multiplier`, and its raw
    /// amount (`uncapped`, else `paid`) is exactly `pay` x `multiplier`; every `sequence_end`
    /// likewise with `symbol_win` x `multiplier`; a trimmed payment is below its raw amount;
    /// at most `limits.max_free_spins` free spins are played; the `paid` amounts add up to at
    /// most `limits.cap` (a log that starts with `resumed` counts its `paid_before` too). Works
    /// on part of a round too (a resumed round's free spins): it does not look for `round_end`
    /// ([`EventLog::reconcile`] does).
    ///
    /// # Errors
    /// [`PaidError`] naming the first event (or total) that breaks an invariant.
    pub fn check_paid(&self, limits: &PaidLimits) -> Result<PaidFigures, PaidError> {
        let mut fig = PaidFigures::default();
        let mut paid = 0u64;
        for (index, e) in self.events.iter().enumerate() {
            let product = match e {
                Event::SpinStart {
                    spin: SpinKind::Free,
                    ..
                } => {
                    // A log is outside input: counts saturate rather than wrap (a log of
                    // 2^32 events would not fit in memory; the limit check still fires).
                    fig.free_spins = fig.free_spins.saturating_add(1);
                    None
                }
                Event::CapReached { .. } => {
                    fig.cap_events = fig.cap_events.saturating_add(1);
                    None
                }
                Event::Win {
                    pay,
                    multiplier: Some(m),
                    paid: Some(p),
                    uncapped,
                    ..
                } => Some((*pay, *m, *p, *uncapped)),
                Event::SequenceEnd {
                    symbol_win,
                    multiplier,
                    paid,
                    uncapped,
                    ..
                } => Some((*symbol_win, *multiplier, *paid, *uncapped)),
                _ => None,
            };
            if let Some((pay, multiplier, p, uncapped)) = product {
                if let Some(max) = limits.max_multiplier
                    && multiplier > max
                {
                    return Err(PaidError::Multiplier {
                        index,
                        multiplier,
                        max,
                    });
                }
                fig.max_multiplier = fig.max_multiplier.max(multiplier);
                let raw = uncapped.unwrap_or(p);
                let expected = pay.hundredths().checked_mul(u64::from(multiplier));
                if expected != Some(raw.hundredths()) {
                    return Err(PaidError::Product {
                        index,
                        pay: pay.hundredths(),
                        multiplier,
                        raw: raw.hundredths(),
                        expected,
                    });
                }
                if let Some(u) = uncapped
                    && p >= u
                {
                    return Err(PaidError::Trim {
                        index,
                        paid: p.hundredths(),
                        uncapped: u.hundredths(),
                    });
                }
            }
            if let (0, Event::Resumed { paid_before, .. }) = (index, e) {
                // The part after a pause: what was paid before it counts towards the cap.
                paid = paid_before.hundredths();
            }
            paid = paid.saturating_add(e.paid().hundredths());
        }
        if let Some(max) = limits.max_free_spins
            && fig.free_spins > max
        {
            return Err(PaidError::FreeSpins {
                played: fig.free_spins,
                max,
            });
        }
        if let Some(cap) = limits.cap
            && paid > cap.hundredths()
        {
            return Err(PaidError::AboveCap {
                paid,
                cap: cap.hundredths(),
            });
        }
        fig.paid = Win::from_hundredths(paid);
        Ok(fig)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_id_is_its_name_in_json_and_refuses_what_is_no_name() {
        const MP: GameId = GameId::new("moon-princess");
        assert_eq!(MP.name(), "moon-princess");
        assert!(
            matches!(MP.0, Cow::Borrowed(_)),
            "a constant id borrows its name"
        );
        assert_eq!(serde_json::to_string(&MP).unwrap(), r#""moon-princess""#);
        let back: GameId = serde_json::from_str(r#""moon-princess""#).unwrap();
        assert_eq!(back, MP);
        assert_eq!(back, "moon-princess");
        assert_eq!(MP.to_string(), "moon-princess");
        for name in [
            "lucky-sevens",
            "a",
            "game2",
            "x-1-y",
            &"a".repeat(GameId::MAX_LEN),
        ] {
            assert_eq!(GameId::parse(name).unwrap().name(), name);
        }
        assert_eq!(GameId::parse(""), Err(GameIdError::Empty));
        assert_eq!(
            GameId::parse(&"a".repeat(65)),
            Err(GameIdError::TooLong { len: 65 })
        );
        for bad in [
            "Moon-Princess",
            "moon_princess",
            "-moon",
            "moon-",
            "moon--princess",
            "moon princess",
            "mo\u{e9}",
            "\"",
        ] {
            let e = GameId::parse(bad).unwrap_err();
            assert!(matches!(e, GameIdError::Form { .. }), "{bad}: {e}");
            let json = serde_json::to_string(bad).unwrap();
            assert!(serde_json::from_str::<GameId>(&json).is_err(), "{bad}");
        }
        // Only strings are names.
        assert!(serde_json::from_str::<GameId>("7").is_err());
        // A long name is shown cut short in the message.
        let e = GameId::parse(&format!("{}_", "a".repeat(60))).unwrap_err();
        assert!(e.to_string().len() < 160, "{e}");
    }

    #[test]
    fn a_round_start_of_any_game_reads_back() {
        let start = Event::RoundStart {
            game: GameId::new("lucky-sevens"),
            mode: StakeMode::Standard,
            model: Fingerprint::of_bytes(b"model"),
        };
        let json = serde_json::to_string(&start).unwrap();
        assert!(
            json.starts_with(r#"{"event":"round_start","game":"lucky-sevens","mode":"standard""#)
        );
        assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), start);
        let bad = json.replace("lucky-sevens", "Lucky Sevens");
        assert!(serde_json::from_str::<Event>(&bad).is_err());
    }

    fn w(h: u64) -> Win {
        Win::from_hundredths(h)
    }

    fn win_event(paid: u64) -> Event {
        multiplied(10, 1, paid, None)
    }

    #[test]
    fn events_are_snake_case_objects_with_optional_fields_left_out() {
        let e = win_event(10);
        assert_eq!(
            serde_json::to_string(&e).unwrap(),
            r#"{"event":"win","symbol":"ci","pays":"line","cells":[[0,0],[0,1],[0,2]],"count":3,"line":{"row":0},"pay":10,"multiplier":1,"paid":10}"#
        );
        assert_eq!(e.name(), "win");
        let end = Event::RoundEnd {
            win: w(10),
            capped: false,
        };
        assert_eq!(
            serde_json::to_string(&end).unwrap(),
            r#"{"event":"round_end","win":10,"capped":false}"#
        );
        assert_eq!(
            serde_json::to_string(&Event::AwaitingPick).unwrap(),
            r#"{"event":"awaiting_pick"}"#
        );
    }

    #[test]
    fn unknown_fields_and_events_are_refused() {
        let bad = r#"{"events":[{"event":"round_end","win":10,"capped":false,"bonus":1}]}"#;
        assert!(EventLog::from_json(bad).is_err());
        let bad = r#"{"events":[{"event":"jackpot","win":10}]}"#;
        assert!(EventLog::from_json(bad).is_err());
    }

    #[test]
    fn a_resumed_part_reconciles_alone_and_joined() {
        let resumed = |before| Event::Resumed {
            game: GameId::new("moon-princess"),
            model: Fingerprint::of_bytes(b"model"),
            paid_before: w(before),
        };
        let end = |win| Event::RoundEnd {
            win: w(win),
            capped: false,
        };
        // The part after the pause, alone: `paid_before` counts.
        let part = EventLog {
            events: vec![resumed(30), multiplied(15, 1, 15, None), end(45)],
        };
        assert_eq!(part.reconcile(), Ok(w(45)));
        let json = part.to_json();
        assert!(
            json.contains(r#"{"event":"resumed","game":"moon-princess","model":""#)
                && json.contains(r#""paid_before":30}"#),
            "{json}"
        );
        assert_eq!(EventLog::from_json(&json).unwrap(), part);
        // Joined after the events before the pause: restated, not counted again.
        let mut whole = EventLog {
            events: vec![win_event(10), win_event(20), Event::AwaitingPick],
        };
        whole.events.extend(part.events.iter().cloned());
        assert_eq!(whole.reconcile(), Ok(w(45)));
        whole.events[3] = resumed(25);
        assert_eq!(
            whole.reconcile(),
            Err(ReconcileError::Resumed {
                paid: 30,
                paid_before: 25
            })
        );
        // The cap check of a part counts what was paid before it.
        let limits = PaidLimits {
            cap: Some(w(40)),
            ..PaidLimits::default()
        };
        assert_eq!(
            part.check_paid(&limits),
            Err(PaidError::AboveCap { paid: 45, cap: 40 })
        );
    }

    #[test]
    fn reconcile_adds_up_the_paid_amounts() {
        let mut log = EventLog {
            events: vec![
                win_event(10),
                win_event(20),
                Event::RoundEnd {
                    win: w(30),
                    capped: false,
                },
            ],
        };
        assert_eq!(log.reconcile(), Ok(w(30)));
        let back = EventLog::from_json(&log.to_json()).unwrap();
        assert_eq!(back, log);
        log.events[1] = win_event(25);
        assert_eq!(
            log.reconcile(),
            Err(ReconcileError::Mismatch { paid: 35, win: 30 })
        );
        log.events.push(win_event(0));
        assert_eq!(log.reconcile(), Err(ReconcileError::NoRoundEnd));
        let capped = EventLog {
            events: vec![Event::RoundEnd {
                win: w(0),
                capped: true,
            }],
        };
        assert_eq!(
            capped.reconcile(),
            Err(ReconcileError::CapFlag {
                capped: true,
                cap_events: 0
            })
        );
    }

    fn spin(kind: SpinKind) -> Event {
        Event::SpinStart {
            spin: kind,
            number: 1,
            free_spins_left: None,
            multiplier: None,
        }
    }

    fn multiplied(pay: u64, m: u32, paid: u64, uncapped: Option<u64>) -> Event {
        Event::Win {
            symbol: "ci".into(),
            pays: PayRule::Line,
            cells: vec![[0, 0], [0, 1], [0, 2]],
            count: 3,
            line: Some(Line::Row(0)),
            ways: None,
            pay: w(pay),
            multiplier: Some(m),
            paid: Some(w(paid)),
            uncapped: uncapped.map(w),
        }
    }

    #[test]
    fn check_paid_reads_the_log_and_names_the_first_broken_invariant() {
        let limits = PaidLimits {
            cap: Some(w(1_000)),
            max_multiplier: Some(20),
            max_free_spins: Some(2),
        };
        // 10 x 3 = 30 paid; 40 x 20 = 800, trimmed to 700 by the cap; a sequence end 5 x 4.
        let mut log = EventLog {
            events: vec![
                spin(SpinKind::Paid),
                multiplied(10, 3, 30, None),
                spin(SpinKind::Free),
                multiplied(40, 20, 700, Some(800)),
                Event::SequenceEnd {
                    symbol_win: w(5),
                    multiplier_sum: 4,
                    multiplier: 4,
                    paid: w(20),
                    uncapped: None,
                },
                Event::CapReached { win: w(750) },
            ],
        };
        assert_eq!(
            log.check_paid(&limits),
            Ok(PaidFigures {
                paid: w(750),
                free_spins: 1,
                max_multiplier: 20,
                cap_events: 1,
            })
        );
        let mut bad = log.clone();
        bad.events[3] = multiplied(40, 21, 840, None);
        assert_eq!(
            bad.check_paid(&limits),
            Err(PaidError::Multiplier {
                index: 3,
                multiplier: 21,
                max: 20
            })
        );
        bad.events[3] = multiplied(40, 20, 700, Some(790));
        assert_eq!(
            bad.check_paid(&limits),
            Err(PaidError::Product {
                index: 3,
                pay: 40,
                multiplier: 20,
                raw: 790,
                expected: Some(800)
            })
        );
        bad.events[3] = multiplied(40, 20, 800, Some(800));
        assert!(matches!(
            bad.check_paid(&limits),
            Err(PaidError::Trim { index: 3, .. })
        ));
        bad.events[3] = multiplied(u64::MAX, 2, 0, None);
        assert!(matches!(
            bad.check_paid(&limits),
            Err(PaidError::Product { expected: None, .. })
        ));
        log.events.push(spin(SpinKind::Free));
        log.events.push(spin(SpinKind::Free));
        assert_eq!(
            log.check_paid(&limits),
            Err(PaidError::FreeSpins { played: 3, max: 2 })
        );
        let tight = PaidLimits {
            cap: Some(w(749)),
            ..PaidLimits::default()
        };
        assert_eq!(
            log.check_paid(&tight),
            Err(PaidError::AboveCap {
                paid: 750,
                cap: 749
            })
        );
        assert!(log.check_paid(&PaidLimits::default()).is_ok());
    }
}
