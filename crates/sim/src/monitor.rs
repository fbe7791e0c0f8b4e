//! Live-RTP monitoring: is the RTP a game has returned so far plausible for its certified
//! figures?
//!
//! After `N` rounds at one stake level, the RTP returned (won / staked) is the mean of `N`
//! independent rounds' returns, each with the certified mean `mu` (the game and mode's RTP)
//! and standard deviation `sigma` (of one round's win, x stake). By the central limit theorem
//! it lies within `mu +- z sigma / sqrt(N)` with the probability of `z`'s level
//! ([`bands`]). [`check`] compares an observed RTP with those bands and gives a [`Verdict`]
//! and the two-sided p-value `2 (1 - Phi(|x - mu| / (sigma / sqrt N)))` (normal
//! approximation):
//!
//! * **within**: inside the 95 % band;
//! * **warning**: outside the 95 % band but inside the 99.9 % band (expected about once in 20
//!   checks of a correct game: look again after more rounds);
//! * **outside**: outside the 99.9 % band (about once in 1,000 checks of a correct game:
//!   investigate).
//!
//! **Inputs that cannot be true are refused** ([`check`], [`MonitorError::Input`]): no rounds,
//! nothing staked, an amount that is negative, not a number or not finite (amounts are read
//! as exact decimals, [`Amount`], so no rounding decides a refusal), and more won than the
//! rounds can pay: a round pays at most the game's largest win ([`WinBound`]: the cap, 5,000 x
//! the bet, for Moon Princess and Starlight Christmas, which is 4,000 x the stake of Starlight
//! Christmas's ante bet of 1.25 x the bet; Wish Upon a Star has no cap and states no largest
//! win, so its bound is the largest win a round can record, 2^64 - 1 hundredths of the bet),
//! so `won <= staked x (largest win / stake)` exactly. A report given as the certified figures
//! must itself be evidence ([`report_evidence`]): one whose interval is marked unreliable is
//! refused.
//!
//! **Bands are clamped to what is possible.** An RTP is never below 0 % nor above the largest
//! win per stake, so each band is cut at those ends.
//!
//! **When the normal approximation is relied on** ([`MonitorCheck::reliable`]). A slot's win
//! is very skewed (rare wins of thousands of times the stake), and the mean of `N` rounds is
//! near normal only once `N` is large. The criterion here: the check is reliable when
//! `N >= `[`MIN_ROUNDS`] (the report's rule for intervals) **and** the 99.9 % band, before
//! clamping, lies inside the possible range `[0, largest win per stake]`, that is
//! `N >= (z_99.9 sd / RTP)^2` (and `N >= (z_99.9 sd / (max - RTP))^2`); [`min_reliable_rounds`]
//! gives that count. Why: the mean of `N` rounds' returns can never leave that range, so a
//! normal band that crosses its edge gives probability to results that cannot happen; the true
//! distribution of the mean is then still cut off at 0 on the left and stretched by the rare
//! large wins on the right, the band's two tails are not the stated 0.05 % each, and the
//! verdict and p-value would be read from a shape the mean does not have yet (with the
//! certified figures: Starlight Christmas 2,606 rounds standard and 3,191 ante, sd 14.8 and
//! 16.4 x stake; Moon Princess 4,143 / 3,899 / 3,103 for Love / Star / Storm, sd 18.5 / 17.9
//! / 16.0; Wish Upon a Star, sd 5.2: the 1,000 of [`MIN_ROUNDS`]). Below it
//! the check still gives the clamped bands and the verdict, flagged unreliable and with the
//! rounds that would do. Even above it, with fewer rounds than the rarest large awards need
//! (1 in millions), a band can be exceeded by one award, and the verdict is read as a flag,
//! not a finding.
//!
//! **Per stake level.** A round's return is counted in units of its stake, and the UK Gambling
//! Commission asks for the RTP per stake level: run the check once per bet level (and per
//! mode: Starlight Christmas's ante bet, Moon Princess's pick), with that level's rounds, total
//! staked and total won, in the same money unit (cents, say). Mixing levels in one check
//! weights the returns by stake, which the bands do not describe.
//!
//! [`bands_table`] gives the bands for 10^3 to 10^9 rounds, as a PAR sheet states them.

use crate::stats::ConfidenceLevel;
use serde::Serialize;

/// Fewer rounds than this: the normal approximation is not relied on (the report's rule for
/// intervals, too).
pub const MIN_ROUNDS: u64 = 1_000;

/// An amount of money as typed, read exactly: a decimal number of at least 0 with at most
/// [`Amount::MAX_DECIMALS`] decimals and at most [`Amount::MAX_DIGITS`] digits in all
/// (`1250`, `1250.75`, `0.5`). Its value is `scaled / 10^decimals`. No floating point decides
/// a comparison of amounts ([`check`] compares them exactly); [`Amount::to_f64`] is for the
/// figures of a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Amount {
    /// The digits as one integer (`125075` for `1250.75`).
    scaled: u128,
    /// How many of them are decimals (2 for `1250.75`).
    decimals: u32,
}

impl Amount {
    /// The most decimals an amount may have.
    pub const MAX_DECIMALS: u32 = 9;
    /// The most digits an amount may have, before and after the point together.
    pub const MAX_DIGITS: usize = 28;

    /// The amount `units` (a whole number).
    pub fn whole(units: u64) -> Amount {
        Amount {
            scaled: u128::from(units),
            decimals: 0,
        }
    }

    /// True for 0.
    pub fn is_zero(&self) -> bool {
        self.scaled == 0
    }

    /// The amount as a float (for reports; exact up to 2^53).
    pub fn to_f64(&self) -> f64 {
        self.scaled as f64 / 10f64.powi(self.decimals.cast_signed())
    }

    /// The amount in units of `10^-MAX_DECIMALS` (below 10^37: fits a `u128`).
    fn nanos(&self) -> u128 {
        self.scaled * 10u128.pow(Self::MAX_DECIMALS - self.decimals)
    }
}

impl std::fmt::Display for Amount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let d = self.decimals;
        if d == 0 {
            return write!(f, "{}", self.scaled);
        }
        let p = 10u128.pow(d);
        write!(
            f,
            "{}.{:0width$}",
            self.scaled / p,
            self.scaled % p,
            width = d as usize
        )
    }
}

impl std::str::FromStr for Amount {
    type Err = MonitorError;

    /// Reads `1250`, `1250.75`, `.5`; refuses a sign, an exponent, `NaN`, `inf`, more than
    /// [`Amount::MAX_DECIMALS`] decimals or [`Amount::MAX_DIGITS`] digits, naming what is
    /// allowed.
    fn from_str(s: &str) -> Result<Amount, MonitorError> {
        let t = s.trim();
        let why = if t.starts_with('-') {
            Some("an amount is never negative".to_string())
        } else if t.to_ascii_lowercase().contains("nan") || t.to_ascii_lowercase().contains("inf") {
            Some("an amount is a finite number".to_string())
        } else {
            None
        };
        let (units, decimals) = t.split_once('.').unwrap_or((t, ""));
        let digits_only = |x: &str| x.chars().all(|c| c.is_ascii_digit());
        let well_formed = why.is_none()
            && !(units.is_empty() && decimals.is_empty())
            && digits_only(units)
            && digits_only(decimals);
        let too_many = decimals.len() > Self::MAX_DECIMALS as usize
            || units.len() + decimals.len() > Self::MAX_DIGITS;
        if !well_formed || too_many {
            return Err(MonitorError::Input(format!(
                "'{s}' is not an amount{}: write a decimal number of at least 0 with at most {} decimals and {} digits, such as 1250 or 1250.75 (no sign, no exponent)",
                why.map_or(String::new(), |w| format!(" ({w})")),
                Self::MAX_DECIMALS,
                Self::MAX_DIGITS
            )));
        }
        let scaled = format!("{units}{decimals}")
            .parse::<u128>()
            .unwrap_or_default();
        Ok(Amount {
            scaled,
            decimals: decimals.len() as u32,
        })
    }
}

/// `a x b` as a 256-bit number (high, low 128 bits): exact, ordered as a tuple.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    const LOW: u128 = u64::MAX as u128;
    let (a1, a0) = (a >> 64, a & LOW);
    let (b1, b0) = (b >> 64, b & LOW);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let mid = (p00 >> 64) + (p01 & LOW) + (p10 & LOW);
    let low = (p00 & LOW) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

/// The largest win a round of a game and mode can pay, against its stake: an exact ratio of
/// hundredths of the bet, and where the bound comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinBound {
    /// The largest win of a round, hundredths of the bet.
    pub win: u64,
    /// The stake of a round, hundredths of the bet (125 with Starlight Christmas's ante).
    pub stake: u64,
    /// Where the bound comes from, in words.
    pub how: String,
}

impl WinBound {
    /// The bound of `G` in `mode`: the game's cap ([`Game::CAP`](slot_core::Game::CAP)) or,
    /// for a game without one (which states no other largest win), the largest win a round
    /// can record, `u64::MAX` hundredths of the bet.
    pub fn of<G: slot_core::Game>(mode: G::Mode) -> WinBound {
        let stake = G::cost(mode).max(1);
        let per_stake = if stake == 100 {
            String::new()
        } else {
            format!(" on a stake of {} x the bet", stake as f64 / 100.0)
        };
        match G::CAP {
            Some(cap) => {
                let win = cap.limit.hundredths();
                WinBound {
                    win,
                    stake,
                    how: format!("the cap, {} x the bet{per_stake}", win as f64 / 100.0),
                }
            }
            None => WinBound {
                win: u64::MAX,
                stake,
                how: format!(
                    "{} has no cap and states no largest win; the bound used is the largest win a round can record, 2^64 - 1 hundredths of the bet{per_stake}",
                    G::NAME
                ),
            },
        }
    }

    /// The largest win per stake (x stake): the highest RTP any number of rounds can return.
    pub fn x_stake(&self) -> f64 {
        self.win as f64 / self.stake.max(1) as f64
    }

    /// True if `won` is at most what rounds that staked `staked` can pay:
    /// `won x stake <= staked x win`, exactly.
    pub fn allows(&self, staked: Amount, won: Amount) -> bool {
        mul_wide(won.nanos(), u128::from(self.stake))
            <= mul_wide(staked.nanos(), u128::from(self.win))
    }
}

/// A game and mode's certified figures: what the monitor compares with.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Certified {
    /// The certified RTP, a fraction of the stake.
    pub rtp: f64,
    /// The standard deviation of one round's win, x stake.
    pub sd: f64,
    /// Where the figures come from, in words.
    pub source: String,
}

/// The range an RTP after some rounds lies in with a given probability.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Band {
    /// The probability, a fraction (0.95).
    pub level: f64,
    /// The lowest RTP in the band, a fraction.
    pub low: f64,
    /// The highest, a fraction.
    pub high: f64,
}

impl Band {
    /// True if `rtp` is inside the band (its edges included).
    pub fn contains(&self, rtp: f64) -> bool {
        self.low <= rtp && rtp <= self.high
    }
}

/// The monitor's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Inside the 95 % band.
    Within,
    /// Outside the 95 % band, inside the 99.9 % band.
    Warning,
    /// Outside the 99.9 % band.
    Outside,
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Verdict::Within => "within",
            Verdict::Warning => "warning",
            Verdict::Outside => "outside",
        })
    }
}

/// One check of an observed RTP.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MonitorCheck {
    /// Rounds played at this stake level.
    pub rounds: u64,
    /// Total staked, in the operator's money unit (as a float, for the report).
    pub staked: f64,
    /// Total won, in the same unit.
    pub won: f64,
    /// won / staked.
    pub observed_rtp: f64,
    /// The certified figures compared with.
    pub certified: Certified,
    /// The largest win of a round against its stake: no RTP is above it.
    pub largest_win: WinBound,
    /// The bands at 95 %, 99 % and 99.9 %, clamped to what is possible (0 to the largest win
    /// per stake).
    pub bands: Vec<Band>,
    /// (observed - certified RTP) / (sd / sqrt(rounds)).
    pub z: f64,
    /// The two-sided p-value of `z` (normal approximation).
    pub p_value: f64,
    /// The verdict.
    pub verdict: Verdict,
    /// Whether the normal approximation is relied on: at least [`MIN_ROUNDS`] rounds and the
    /// unclamped 99.9 % band inside the possible range ([`min_reliable_rounds`]).
    pub reliable: bool,
    /// The fewest rounds for which the check is reliable ([`min_reliable_rounds`]).
    pub reliable_from_rounds: u64,
}

impl MonitorCheck {
    /// The check in words: the bands, the observed RTP, the verdict and the p-value.
    pub fn text(&self) -> String {
        let mut s = format!(
            "certified RTP {:.4} %, sd {:.3} x stake ({})\nlargest win of a round {} x the stake ({})\n{} rounds, staked {}, won {}: RTP {:.4} %\n",
            self.certified.rtp * 100.0,
            self.certified.sd,
            self.certified.source,
            self.largest_win.x_stake(),
            self.largest_win.how,
            self.rounds,
            self.staked,
            self.won,
            self.observed_rtp * 100.0
        );
        for b in &self.bands {
            s.push_str(&format!(
                "  {:>5} % range after {} rounds: {:.4} % to {:.4} %{}\n",
                b.level * 100.0,
                self.rounds,
                b.low * 100.0,
                b.high * 100.0,
                if b.contains(self.observed_rtp) {
                    ""
                } else {
                    "  (outside)"
                }
            ));
        }
        s.push_str(&format!(
            "verdict: {} (z = {:+.3}, two-sided p = {:.4}, normal approximation)\n",
            self.verdict, self.z, self.p_value
        ));
        if !self.reliable {
            s.push_str(&format!(
                "warning: {} rounds are too few for the normal approximation with sd {:.3} x stake: it needs at least {} rounds (at least {MIN_ROUNDS}, and enough that the 99.9 % band lies inside 0 % to {} x stake before clamping); the verdict and p-value are not reliable\n",
                self.rounds,
                self.certified.sd,
                self.reliable_from_rounds,
                self.largest_win.x_stake()
            ));
        }
        s
    }
}

/// Why a check cannot be made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MonitorError {
    /// A figure out of range (names it and what is allowed).
    #[error("{0}")]
    Input(String),
}

/// The levels of [`check`]'s bands: 95 %, 99 % and 99.9 %.
pub fn check_levels() -> [ConfidenceLevel; 3] {
    [
        ConfidenceLevel::P95,
        ConfidenceLevel::P99,
        ConfidenceLevel::P999,
    ]
}

/// The bands after `rounds` rounds at each level: `rtp +- z sd / sqrt(rounds)`, as the normal
/// approximation gives them (unclamped: [`check`] clamps them to what is possible; a low end
/// below 0 says that so few rounds cannot pin the RTP down).
pub fn bands(certified: &Certified, rounds: u64, levels: &[ConfidenceLevel]) -> Vec<Band> {
    let se = certified.sd / (rounds.max(1) as f64).sqrt();
    levels
        .iter()
        .map(|l| Band {
            level: l.level(),
            low: certified.rtp - l.z() * se,
            high: certified.rtp + l.z() * se,
        })
        .collect()
}

/// The bands at 95 % and 99 % after 10^3, 10^4, ..., 10^9 rounds: (rounds, bands).
pub fn bands_table(certified: &Certified) -> Vec<(u64, Vec<Band>)> {
    let levels = [ConfidenceLevel::P95, ConfidenceLevel::P99];
    (3..=9)
        .map(|e| {
            let n = 10u64.pow(e);
            (n, bands(certified, n, &levels))
        })
        .collect()
}

/// The bands table as Markdown (rounds, then low to high at each level, in percent).
pub fn bands_table_markdown(certified: &Certified) -> String {
    let mut s = String::from("| rounds | 95 % range | 99 % range |\n|---:|---|---|\n");
    for (n, b) in bands_table(certified) {
        s.push_str(&format!(
            "| {n} | {:.3} % to {:.3} % | {:.3} % to {:.3} % |\n",
            b[0].low * 100.0,
            b[0].high * 100.0,
            b[1].low * 100.0,
            b[1].high * 100.0
        ));
    }
    s
}

/// The fewest rounds for which a check against `certified` is reliable: at least
/// [`MIN_ROUNDS`], and enough that the 99.9 % band `rtp +- z sd / sqrt(N)` lies inside the
/// possible range, 0 to `largest.x_stake()`: `N >= (z sd / rtp)^2` and
/// `N >= (z sd / (max - rtp))^2` (the module docs say why). `u64::MAX` if no count does
/// (certified figures at or beyond an edge).
pub fn min_reliable_rounds(certified: &Certified, largest: &WinBound) -> u64 {
    let z = ConfidenceLevel::P999.z();
    let room = certified.rtp.min(largest.x_stake() - certified.rtp);
    if !(room > 0.0 && certified.sd.is_finite()) {
        return u64::MAX;
    }
    let n = (z * certified.sd / room).powi(2).ceil();
    if n >= u64::MAX as f64 {
        return u64::MAX;
    }
    (n as u64).max(MIN_ROUNDS)
}

/// Checks `rounds` rounds that staked `staked` and won `won` (one stake level, one mode, in
/// one money unit) against `certified`, each round paying at most `largest`: the bands at 95
/// %, 99 % and 99.9 % (clamped to what is possible), the verdict, the two-sided p-value and
/// whether the normal approximation is relied on.
///
/// # Errors
/// [`MonitorError::Input`], naming the figure and what is allowed, for no rounds, nothing
/// staked, more won than the rounds can pay (`won > staked x largest win per stake`, compared
/// exactly), or certified figures out of range (an RTP not above 0 or above the largest win
/// per stake, an sd not above 0, either not finite).
pub fn check(
    certified: &Certified,
    largest: &WinBound,
    rounds: u64,
    staked: Amount,
    won: Amount,
) -> Result<MonitorCheck, MonitorError> {
    let bad = |m: String| Err(MonitorError::Input(m));
    if rounds == 0 {
        return bad("rounds must be at least 1 (no rounds have no RTP to check)".into());
    }
    if staked.is_zero() {
        return bad(format!(
            "the amount staked must be above 0 ({rounds} rounds stake something; it was {staked})"
        ));
    }
    if !largest.allows(staked, won) {
        return bad(format!(
            "the amount won ({won}) is more than rounds that staked {staked} can pay: a round pays at most {} x its stake ({}), so at most {} x {staked} = {}",
            largest.x_stake(),
            largest.how,
            largest.x_stake(),
            largest.x_stake() * staked.to_f64()
        ));
    }
    if !(certified.rtp.is_finite()
        && certified.rtp > 0.0
        && certified.rtp < largest.x_stake()
        && certified.sd.is_finite()
        && certified.sd > 0.0)
    {
        return bad(format!(
            "the certified figures are out of range (RTP {}, sd {}): an RTP above 0 and below the largest win per stake ({} x), an sd above 0",
            certified.rtp,
            certified.sd,
            largest.x_stake()
        ));
    }
    let levels = check_levels();
    let max = largest.x_stake();
    let bands: Vec<Band> = bands(certified, rounds, &levels)
        .into_iter()
        .map(|b| Band {
            level: b.level,
            low: b.low.max(0.0),
            high: b.high.min(max),
        })
        .collect();
    let (staked_f, won_f) = (staked.to_f64(), won.to_f64());
    let observed_rtp = won_f / staked_f;
    let z = (observed_rtp - certified.rtp) / (certified.sd / (rounds as f64).sqrt());
    // 2 (1 - Phi(|z|)) is the upper tail of a chi-square of 1 degree of freedom at z^2.
    let p_value = crate::stats::chi_square_p_value(z * z, 1).min(1.0);
    let verdict = if bands[0].contains(observed_rtp) {
        Verdict::Within
    } else if bands[2].contains(observed_rtp) {
        Verdict::Warning
    } else {
        Verdict::Outside
    };
    let reliable_from_rounds = min_reliable_rounds(certified, largest);
    Ok(MonitorCheck {
        rounds,
        staked: staked_f,
        won: won_f,
        observed_rtp,
        certified: certified.clone(),
        largest_win: largest.clone(),
        bands,
        z,
        p_value,
        verdict,
        reliable: rounds >= reliable_from_rounds,
        reliable_from_rounds,
    })
}

/// Checks what can be checked of a stake level's amounts when its bet is known (`bet`, in
/// currency units, the paytable's bet: the base bet with Starlight Christmas's ante), the
/// amounts then in currency units too: the bet is on `G`'s ladder, `staked` is exactly
/// `rounds` x the stake (the bet x the mode's cost), and `won` is a whole number of cents
/// (every win on the ladder is).
///
/// # Errors
/// [`MonitorError::Input`] naming the amount, what it should be and what is allowed.
pub fn check_stakes<G: slot_core::Game>(
    mode: G::Mode,
    bet: Amount,
    rounds: u64,
    staked: Amount,
    won: Amount,
) -> Result<(), MonitorError> {
    // 10^7 nanos of a unit make a cent.
    const CENT: u128 = 10_000_000;
    let bad = |m: String| Err(MonitorError::Input(m));
    if rounds == 0 {
        return Ok(()); // [`check`] refuses it, naming it
    }
    let ladder = G::BET_LADDER;
    let cents = bet.nanos() / CENT;
    let on_ladder = bet.nanos().is_multiple_of(CENT)
        && u64::try_from(cents).is_ok_and(|c| ladder.bet(c).is_ok());
    if !on_ladder {
        return bad(format!(
            "the bet {bet} is not on {}'s bet ladder: {} to {} in steps of {} (currency units)",
            G::NAME,
            units(ladder.min_cents()),
            units(ladder.max_cents()),
            units(ladder.min_cents())
        ));
    }
    // On the ladder the stake (the ante's 1.25 x included) is a whole number of cents.
    let stake = cents * u128::from(G::cost(mode)) / 100;
    let due = u128::from(rounds) * stake * CENT;
    if staked.nanos() != due {
        return bad(format!(
            "the amount staked ({staked}) is not {rounds} rounds x the stake of a bet of {bet} ({}): it should be {}",
            units_u128(stake),
            units_u128(u128::from(rounds) * stake)
        ));
    }
    if !won.nanos().is_multiple_of(CENT) {
        return bad(format!(
            "the amount won ({won}) is not a whole number of cents: every win on {}'s bet ladder is",
            G::NAME
        ));
    }
    Ok(())
}

/// Cents as currency units with two decimals (`2500` -> `25.00`).
fn units(cents: u64) -> String {
    units_u128(u128::from(cents))
}

/// [`units`] of a 128-bit count of cents.
fn units_u128(cents: u128) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// Whether a simulation report may stand as the certified figures of a check: only if its
/// interval is reliable (at least 1,000 rounds and 30 winning rounds, the report's rule); a
/// report that is not is no evidence of the RTP.
///
/// # Errors
/// [`MonitorError::Input`] naming the report's rounds and winning rounds and what is needed.
pub fn report_evidence(report: &crate::Report) -> Result<(), MonitorError> {
    if report.par.interval_reliable {
        return Ok(());
    }
    let why = report
        .par
        .sums
        .interval_warning()
        .unwrap_or_else(|| "its interval is marked unreliable".into());
    Err(MonitorError::Input(format!(
        "the report is no evidence of the RTP: {why}; give a report whose interval is reliable (a longer simulation, e.g. `sim --rounds 10000000 --json`), or the certified figures (no --report)"
    )))
}

/// The pick a stake level of a game whose mode is a pick was played with: required, as
/// each pick has its own certified RTP and sd (`chosen` says whether one was given).
///
/// # Errors
/// [`MonitorError::Input`] naming the picks, for a pick game without one.
pub fn require_pick<G: slot_core::Game>(chosen: bool) -> Result<(), MonitorError> {
    if G::MODE_IS_PICK && !chosen {
        let picks: Vec<&str> = G::MODES.iter().map(|&m| G::mode_name(m)).collect();
        return Err(MonitorError::Input(format!(
            "monitor {} needs --choice: each free-spin pick has its own certified RTP and sd, so give the pick this stake level's rounds were played with ({})",
            G::NAME,
            picks.join(", ")
        )));
    }
    Ok(())
}

/// Why a simulation report cannot stand as the certified figures of a check
/// ([`certified_by_report`]): each names the report's file and what is allowed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ReportEvidenceError {
    /// A report of another model than the shipped one a stake level plays.
    #[error(
        "--report {}: a report of the model {found}, not of the shipped model {shipped} whose rounds a stake level plays (give a `sim --json` report of the shipped model, or --rtp R for a variant of the ladder)",
        path.display()
    )]
    NotShipped {
        /// The report's file.
        path: std::path::PathBuf,
        /// Its model's short fingerprint.
        found: String,
        /// The shipped model's short fingerprint.
        shipped: String,
    },
    /// A report whose interval is unreliable ([`report_evidence`]).
    #[error("--report {}: {error}", path.display())]
    Unreliable {
        /// The report's file.
        path: std::path::PathBuf,
        /// Why.
        error: MonitorError,
    },
    /// A report of another game or mode.
    #[error("{} is a report of {found_game} {found_mode}, not of {game} {mode}", path.display())]
    OtherMode {
        /// The report's file.
        path: std::path::PathBuf,
        /// The game and mode it is of.
        found_game: String,
        /// Its mode.
        found_mode: String,
        /// The game asked for.
        game: String,
        /// The mode asked for.
        mode: String,
    },
}

/// The mean and sd of `game` (its name) in `mode` (its name) from `report`, a `sim --json`
/// report read from `path` (already checked as `merge` reads it), standing in for the
/// certified figures of the shipped model (of fingerprint `shipped`) only: a report of a
/// stress model or of a variant off the ladder is no evidence of what a stake level plays,
/// and neither is one whose interval is unreliable ([`report_evidence`]).
///
/// # Errors
/// [`ReportEvidenceError`], in that order: another game or mode (a report of another game is
/// also of another model: named as the other game it is), another model, an unreliable
/// interval.
pub fn certified_by_report(
    report: &crate::Report,
    path: &std::path::Path,
    (game, mode): (&str, &str),
    shipped: &slot_core::fingerprint::Fingerprint,
) -> Result<Certified, ReportEvidenceError> {
    if report.par.game != game || report.par.mode != mode {
        return Err(ReportEvidenceError::OtherMode {
            path: path.to_path_buf(),
            found_game: report.par.game.clone(),
            found_mode: report.par.mode.clone(),
            game: game.into(),
            mode: mode.into(),
        });
    }
    if report.model_fingerprint != *shipped {
        return Err(ReportEvidenceError::NotShipped {
            path: path.to_path_buf(),
            found: report.model_fingerprint.short(),
            shipped: shipped.short(),
        });
    }
    report_evidence(report).map_err(|error| ReportEvidenceError::Unreliable {
        path: path.to_path_buf(),
        error,
    })?;
    Ok(Certified {
        rtp: report.par.rtp,
        sd: report.par.sd,
        source: format!(
            "the simulation {} ({} rounds, seed {}, model {})",
            path.display(),
            report.par.rounds,
            report.par.seed,
            report.model_fingerprint.short()
        ),
    })
}

/// The standard deviation of one whole round's win (x stake) of a split-estimated mode, from
/// the split record's sums: a round's win is `X = B + I V` (B the base game's win, I the
/// trigger, V the feature's win, independent of the base game), so
/// `E[X^2] = E[B^2] + 2 E[B I] E[V] + q E[V^2]`, and `Var X = E[X^2] - (E[B] + q E[V])^2`.
/// The cap on a base game and its feature together is left out (it trims a few rounds in
/// 10^8; the sd it gives is a hair larger than the capped game's). `stake` in hundredths of
/// the bet (100).
pub fn split_sd(
    base: &crate::split::BaseSums,
    feature: &crate::split::FeatureSums,
    stake: u64,
) -> f64 {
    let n = base.rounds.max(1) as f64;
    let f = feature.features.max(1) as f64;
    let s = stake.max(1) as f64;
    let eb = base.win as f64 / n / s;
    let eb2 = base.win_sq as f64 / n / (s * s);
    let ebi = base.trigger_win as f64 / n / s;
    let q = base.triggers as f64 / n;
    let ev = feature.win as f64 / f / s;
    let ev2 = feature.win_sq as f64 / f / (s * s);
    let ex = eb + q * ev;
    let ex2 = eb2 + 2.0 * ebi * ev + q * ev2;
    (ex2 - ex * ex).max(0.0).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A capped game's bound: 5,000 x the bet on a stake of the bet.
    fn cap() -> WinBound {
        WinBound {
            win: 500_000,
            stake: 100,
            how: "the cap".into(),
        }
    }

    fn amt(s: &str) -> Amount {
        s.parse().unwrap()
    }

    /// `check` of whole amounts against `cert()` and `cap()`.
    fn chk(rounds: u64, staked: u64, won: u64) -> Result<MonitorCheck, MonitorError> {
        check(
            &cert(),
            &cap(),
            rounds,
            Amount::whole(staked),
            Amount::whole(won),
        )
    }

    fn cert() -> Certified {
        Certified {
            rtp: 0.95,
            sd: 10.0,
            source: "hand-worked".into(),
        }
    }

    /// Worked by hand: RTP 95 %, sd 10 x stake, 1,000,000 rounds: the standard error is
    /// 10 / 1000 = 0.01 (1 pp); the 95 % band is 95 +- 1.959964 pp = 93.0400 % to 96.9600 %,
    /// the 99 % band 95 +- 2.575829 pp = 92.4242 % to 97.5758 %, the 99.9 % band
    /// 95 +- 3.290527 pp = 91.7095 % to 98.2905 %.
    #[test]
    fn hand_worked_bands_verdicts_and_p_values() {
        let c = chk(1_000_000, 1_000_000, 950_000).unwrap();
        let b = &c.bands;
        assert!((b[0].low - 0.930_400_36).abs() < 1e-8, "{b:?}");
        assert!((b[0].high - 0.969_599_64).abs() < 1e-8);
        assert!((b[1].low - 0.924_241_71).abs() < 1e-8);
        assert!((b[2].high - 0.982_905_27).abs() < 1e-8);
        assert_eq!((c.verdict, c.z, c.p_value), (Verdict::Within, 0.0, 1.0));
        assert!(c.reliable);
        // Staked 1,000,000, won 975,000: RTP 97.5 %, z = 2.5: p = 2 (1 - Phi(2.5)) = 0.012419.
        // Outside the 95 % band (96.96 %), inside the 99.9 % (98.29 %): a warning.
        let w = chk(1_000_000, 1_000_000, 975_000).unwrap();
        assert!((w.z - 2.5).abs() < 1e-9);
        assert!((w.p_value - 0.012_419_33).abs() < 1e-7, "{}", w.p_value);
        assert_eq!(w.verdict, Verdict::Warning);
        // Won 910,000: RTP 91 %, z = -4: p = 6.334e-5, outside the 99.9 % band (91.71 %).
        let o = chk(1_000_000, 1_000_000, 910_000).unwrap();
        assert!((o.z + 4.0).abs() < 1e-9);
        assert!((o.p_value - 6.334_248e-5).abs() < 1e-9, "{}", o.p_value);
        assert_eq!(o.verdict, Verdict::Outside);
        // 100 rounds: flagged as too few.
        let few = chk(100, 100, 90).unwrap();
        assert!(!few.reliable);
        assert!(few.text().contains("too few for the normal approximation"));
        // sd 10 at 95 %: the 99.9 % band stays above 0 from (3.290527 x 10 / 0.95)^2 =
        // 1,199.75 rounds, so from 1,200 rounds.
        assert_eq!(c.reliable_from_rounds, 1_200);
        assert!(!chk(1_199, 1_199, 1_000).unwrap().reliable);
        assert!(chk(1_200, 1_200, 1_000).unwrap().reliable);
        // At 1,000 rounds the 99.9 % band is 95 +- 104.06 pp: clamped at 0.
        let b = chk(1_000, 1_000, 950).unwrap().bands;
        assert_eq!(b[2].low, 0.0);
        assert!((b[2].high - (0.95 + 3.290_527 * 10.0 / 1_000f64.sqrt())).abs() < 1e-6);
    }

    #[test]
    fn bad_inputs_are_refused_and_the_table_narrows_tenfold_per_hundredfold_rounds() {
        assert!(chk(0, 1, 1).is_err());
        assert!(chk(10, 0, 1).is_err());
        for bad in ["-1", "NaN", "inf", "1e6", "", ".", "1.2.3", "0.0000000001"] {
            assert!(bad.parse::<Amount>().is_err(), "{bad}");
        }
        let t = bands_table(&cert());
        assert_eq!(t.len(), 7);
        assert_eq!((t[0].0, t[6].0), (1_000, 1_000_000_000));
        let width = |i: usize| t[i].1[0].high - t[i].1[0].low;
        assert!((width(0) / width(2) - 10.0).abs() < 1e-9);
        // 10^9 rounds, sd 10: 95 % band 95 +- 0.062 pp.
        assert!((t[6].1[0].high - 0.950_619_8).abs() < 1e-6);
        assert!(bands_table_markdown(&cert()).contains("| 1000000000 | 94.938 % to 95.062 % |"));
    }

    /// More won than the rounds can pay is refused exactly at the edge: 10 rounds staking 1
    /// each can pay at most 10 x 5,000 = 50,000 (on the ante's stake of 1.25 x the bet, 4,000
    /// x the stake: 12.5 staked, 50,000 won at most).
    #[test]
    fn more_won_than_the_cap_allows_is_refused_exactly() {
        assert!(chk(10, 10, 50_000).is_ok());
        let e = chk(10, 10, 50_001).unwrap_err().to_string();
        assert!(
            e.contains("the amount won (50001) is more than rounds that staked 10 can pay")
                && e.contains("at most 5000 x its stake"),
            "{e}"
        );
        let ante = WinBound {
            stake: 125,
            ..cap()
        };
        assert!(check(&cert(), &ante, 10, amt("12.5"), amt("50000")).is_ok());
        assert!(check(&cert(), &ante, 10, amt("12.5"), amt("50000.000000001")).is_err());
        // An uncapped game's bound, 2^64 - 1 hundredths of the bet, is compared exactly too.
        let uncapped = WinBound {
            win: u64::MAX,
            ..cap()
        };
        let most = Amount::whole(u64::MAX / 100);
        assert!(check(&cert(), &uncapped, 1, Amount::whole(1), most).is_ok());
        let e = check(
            &cert(),
            &uncapped,
            1,
            amt("0.01"),
            amt("184467440737095516.16"),
        );
        assert!(e.is_err());
        assert_eq!(amt("1250.75").to_string(), "1250.75");
        assert_eq!(amt(".5").to_string(), "0.5");
    }

    #[test]
    fn the_split_sd_is_that_of_whole_rounds() {
        use crate::split::{BaseSums, FeatureSums};
        // Base games: 4 rounds winning 0, 100, 0, 300 (hundredths); the 4th triggers. The
        // feature wins 0 or 1000 alike: V = 500, E[V^2] = 500,000.
        // Whole rounds (x bet): B = 1, B^2 mean = (1 + 9) / 4 = 2.5, E[BI] = 3 / 4, q = 1/4,
        // E[V] = 5, E[V^2] = 50: E[X] = 1 + 1.25 = 2.25, E[X^2] = 2.5 + 2 * 0.75 * 5 + 12.5
        // = 22.5; Var = 22.5 - 5.0625 = 17.4375.
        let base = BaseSums {
            seed: 1,
            rounds: 4,
            win: 400,
            win_sq: 100_000,
            triggers: 1,
            trigger_win: 300,
            cap_hits: 0,
            trigger_wins: vec![[300, 1]],
        };
        let feature = FeatureSums {
            pick: "love".into(),
            seed: 2,
            features: 2,
            win: 1000,
            win_sq: 1_000_000,
            cap_hits: 0,
            max_win: 1000,
            tail: Vec::new(),
        };
        assert!((split_sd(&base, &feature, 100) - 17.4375f64.sqrt()).abs() < 1e-12);
    }
}
