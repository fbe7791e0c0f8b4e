//! A game server's rounds of Moon Princess, with the `moon-princess` crate as the only
//! dependency: a stake on the ladder, a round played with a CSPRNG seeded from the operating
//! system, the payout in cents, the event log as JSON; a round that waits for the player's
//! pick is stored sealed, read back, opened with the key and resumed once with the pick,
//! into a log of its own that reconciles alone (its first event, `resumed`, carries what the
//! round paid before the pause).

use moon_princess::{
    BET_LADDER, EventLog, MoonPrincess, Pick, RoundId, RoundState, SealKey, StoredRound,
};
use moon_princess::{Rng, rng::server_rng};
use std::collections::HashSet;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let game = MoonPrincess::standard();
    // Real money: ChaCha20 seeded from the operating system, never the simulator's PCG.
    let mut rng = server_rng()?;
    // The server's sealing key: 32 secret random bytes from its key store (made here).
    let mut key_bytes = [0u8; 32];
    rng.fill_bytes(&mut key_bytes);
    let key = SealKey::new(&key_bytes)?;
    // Round ids already resumed (in a real server: a unique key in its database, written in
    // the same transaction that pays the round).
    let mut resumed: HashSet<RoundId> = HashSet::new();
    // The player stakes 2.00; anything off the ladder is a typed error naming what is allowed.
    let bet = BET_LADDER.bet(200)?;
    assert!(BET_LADDER.bet(210).is_err());

    let (mut paid_cents, mut paused_rounds) = (0u64, 0u32);
    for n in 0..20_000 {
        let round_id = RoundId::new(&format!("round-{n:05}"))?;
        let mut log = EventLog::default();
        let outcome = match game.start_round(&mut rng, &mut log) {
            RoundState::Finished(outcome) => outcome,
            RoundState::AwaitingPick(paused) => {
                paused_rounds += 1;
                // Keep the round, sealed, while the player picks, and the log so far (the
                // client has seen it; it ends with `awaiting_pick`) for the history.
                let stored: String = paused.store_sealed(round_id, bet, &key)?.to_json();
                let _base_game_history: String = log.to_json();
                // Later, perhaps in another process: the client sends only its pick.
                let pick: Pick = "storm".parse()?;
                let record = StoredRound::from_json(&stored)?;
                if !resumed.insert(record.round_id().clone()) {
                    return Err(format!("round {} was already resumed", record.round_id()).into());
                }
                let paused = game.open_sealed(record, &key)?;
                // A fresh log: it starts with `resumed`, which carries what the base game
                // paid, so it reconciles alone to the whole round's win.
                log = EventLog::default();
                game.resume(paused, pick, &mut rng, &mut log)?
            }
        };
        // Wins are hundredths of the bet; at a bet on the ladder they are whole cents.
        let cents = bet.payout(outcome.win)?;
        // The record (the whole round, or the part after the pick) adds up to what is paid,
        // and goes to the player's history as JSON.
        assert_eq!(log.reconcile()?, outcome.win);
        let _history: String = log.to_json();
        paid_cents += cents;
        if paused_rounds > 0 && n >= 999 {
            println!(
                "{} rounds at {} cents: paid {paid_cents} cents; {paused_rounds} waited for the pick",
                n + 1,
                bet.cents()
            );
            return Ok(());
        }
    }
    Err("no round triggered the free spins in 20,000 rounds".into())
}
