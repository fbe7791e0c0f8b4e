//! A game server's rounds of Wish Upon a Star, with the `wish-upon-a-star` crate as the only
//! dependency: a stake on the ladder, a round (free spins and Lock & Spin included) played
//! with a CSPRNG seeded from the operating system, the payout in cents, and the event log as
//! JSON for the player's history.

use wish_upon_a_star::rng::server_rng;
use wish_upon_a_star::{BET_LADDER, EventLog, Standard, WishUponAStar};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let game = WishUponAStar::standard();
    // Real money: ChaCha20 seeded from the operating system, never the simulator's PCG.
    let mut rng = server_rng()?;
    // The player stakes 1.00; a stake off the ladder is a typed error naming what is allowed.
    let bet = BET_LADDER.bet(100)?;
    assert!(BET_LADDER.bet(110).is_err());
    let mut paid_cents = 0u64;
    for _ in 0..1_000 {
        let mut log = EventLog::default();
        let outcome = game.play_round(Standard, &mut rng, &mut log);
        // Wins are hundredths of the bet: whole cents at every bet on the ladder.
        let cents = bet.payout(outcome.win)?;
        // The record adds up to what is paid, and goes to the player's history as JSON.
        assert_eq!(log.reconcile()?, outcome.win);
        let _history: String = log.to_json();
        paid_cents += cents;
    }
    println!("1000 rounds: paid {paid_cents} cents");
    Ok(())
}
