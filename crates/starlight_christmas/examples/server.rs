//! A game server's rounds of Starlight Christmas, with the `starlight-christmas` crate as the
//! only dependency: the player's stake (with or without the ante bet) turned into the base bet,
//! a round played with a CSPRNG seeded from the operating system, the payout in cents, and the
//! event log as JSON for the player's history.

use starlight_christmas::rng::server_rng;
use starlight_christmas::{BetMode, EventLog, StarlightChristmas};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let game = StarlightChristmas::standard();
    // Real money: ChaCha20 seeded from the operating system, never the simulator's PCG.
    let mut rng = server_rng()?;
    let mut paid_cents = 0u64;
    for (n, (mode, stake_cents)) in [(BetMode::Standard, 200), (BetMode::Ante, 250)]
        .into_iter()
        .cycle()
        .take(1_000)
        .enumerate()
    {
        // The stake the player pays; with the ante bet it is 1.25 x the base bet the
        // paytable refers to. A stake off the mode's ladder is a typed error.
        let base_bet = mode.base_bet(stake_cents)?;
        let mut log = EventLog::default();
        let outcome = game.play_round(mode, &mut rng, &mut log);
        // Wins are hundredths of the base bet: whole cents at every bet on the ladder.
        let cents = base_bet.payout(outcome.win)?;
        // The record adds up to what is paid, and goes to the player's history as JSON.
        assert_eq!(log.reconcile()?, outcome.win);
        let _history: String = log.to_json();
        paid_cents += cents;
        if n == 999 {
            println!("1000 rounds: paid {paid_cents} cents");
        }
    }
    // 2.10 is not on the ante stakes' ladder (0.25 to 50.00 in steps of 0.25).
    assert!(BetMode::Ante.base_bet(210).is_err());
    Ok(())
}
