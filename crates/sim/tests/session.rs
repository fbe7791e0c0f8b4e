//! Player sessions on games whose every round is known, worked by hand, and on a real game
//! for the properties every session study has.

use slot_core::Rng;
use slot_core::fingerprint::Fingerprint;
use slot_core::game::{EvalError, EvalOptions, GridReport, TargetRtp};
use slot_core::money::{Cap, Win};
use slot_core::recorder::Recorder;
use slot_core::summary::RoundSummary;
use slot_sim::session::{SessionConfig, sessions};

/// A game that pays the same every round, `pays` hundredths of the bet, and triggers its one
/// feature every round when `feature` is set. It draws one word a round, as a game would.
struct Fixed {
    pays: u64,
    feature: bool,
}

#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct FixedModel(u64, bool);

#[derive(Debug, thiserror::Error)]
#[error("never")]
struct Never;

impl slot_core::Game for Fixed {
    type Mode = ();
    type Outcome = (u64, bool);
    type Model = FixedModel;
    type ModelError = Never;
    const NAME: &'static str = "fixed";
    const TITLE: &'static str = "Fixed";
    const MODES: &'static [()] = &[()];
    const BET_LADDER: slot_core::money::BetLadder = slot_core::bet_ladder!(100, 10_000);
    const CAP: Option<Cap> = None;
    const SOURCES: &'static [&'static str] = &["all"];
    const FEATURES: &'static [&'static str] = &["bonus"];
    const AWARDS: &'static [&'static str] = &[];
    const MODEL_NAMES: &'static [&'static str] = &[];
    fn mode_name(_: ()) -> &'static str {
        "standard"
    }
    fn cost(_: ()) -> u64 {
        100
    }
    fn published_rtp(_: ()) -> TargetRtp {
        TargetRtp(5000)
    }
    fn named_model(_: &str) -> Option<FixedModel> {
        None
    }
    fn new(m: &FixedModel) -> Result<Self, Never> {
        Ok(Fixed {
            pays: m.0,
            feature: m.1,
        })
    }
    fn fingerprint(&self) -> Fingerprint {
        Fingerprint::of(&(self.pays, self.feature))
    }
    fn play_round<R: Rng + ?Sized, Rec: Recorder>(
        &self,
        _: (),
        rng: &mut R,
        _: &mut Rec,
    ) -> (u64, bool) {
        rng.next_u32();
        (self.pays, self.feature)
    }
    fn win(o: &(u64, bool)) -> Win {
        Win::from_hundredths(o.0)
    }
    fn summary(o: &(u64, bool)) -> RoundSummary {
        let mut s = RoundSummary {
            win: o.0,
            ..Default::default()
        };
        s.by_source[0] = o.0;
        s.feature_triggers[0] = u32::from(o.1);
        s
    }
    fn evaluate_grid_text(_: &str, _: EvalOptions) -> Result<GridReport, EvalError> {
        Err(EvalError::Grid("no grid".into()))
    }
}

fn config(balance: u64, bet: u64, spins: u64, players: u64) -> SessionConfig {
    SessionConfig {
        balance,
        bet,
        spins,
        players,
        seed: 1,
        threads: 2,
    }
}

#[test]
fn a_game_that_pays_half_the_bet_lasts_a_hand_worked_number_of_spins() {
    // Balance 10.00, bet 1.00, every round pays 0.50: after k spins the balance is
    // 10.00 - 0.50 k; the 19th spin starts at 1.00 and ends at 0.50, below a stake. So every
    // balance lasts exactly 19 spins, and the session RTP is 50 %.
    let game = Fixed {
        pays: 50,
        feature: false,
    };
    let (r, all) = sessions(&game, (), &config(1_000, 100, 100, 40)).unwrap();
    assert!(all.iter().all(|s| s.spins == 19 && s.balance == 50));
    assert_eq!(r.median_spins_lasted, Some(19));
    assert_eq!(r.still_playing, 0.0);
    assert_eq!(r.feature_seen, vec![("bonus".to_string(), 0.0)]);
    assert_eq!(r.survival.iter().find(|p| p.0 == 10).unwrap().1, 1.0);
    assert_eq!(r.survival.iter().find(|p| p.0 == 20).unwrap().1, 0.0);
    assert!((r.overall_rtp - 0.5).abs() < 1e-12);
    assert_eq!(r.ended_ahead, 0.0);
    // Every player ends at -95 % of the balance: the [-1, -0.75) bucket.
    assert_eq!(r.results[0].players, 40);
    assert_eq!(r.session_rtp[5], (0.5, 1.0));
    // With 10 spins at most, every player is still playing and the median is above 10.
    let (r, _) = sessions(&game, (), &config(1_000, 100, 10, 40)).unwrap();
    assert_eq!(r.still_playing, 1.0);
    assert_eq!(r.median_spins_lasted, None);
}

#[test]
fn a_game_that_pays_double_never_busts_and_every_player_sees_the_feature() {
    let game = Fixed {
        pays: 200,
        feature: true,
    };
    let (r, all) = sessions(&game, (), &config(500, 100, 30, 8)).unwrap();
    // 30 spins of +1.00 each: 5.00 + 30.00.
    assert!(all.iter().all(|s| s.spins == 30 && s.balance == 3_500));
    assert_eq!(r.still_playing, 1.0);
    assert_eq!(r.feature_seen, vec![("bonus".to_string(), 1.0)]);
    assert_eq!(r.ended_ahead, 1.0);
    assert!((r.overall_rtp - 2.0).abs() < 1e-12);
    // Ended at +6 x the balance: the open bucket from +5.
    assert_eq!(r.results.last().unwrap().players, 8);
}

#[test]
fn bad_settings_are_refused_by_name() {
    let game = Fixed {
        pays: 0,
        feature: false,
    };
    for (c, want) in [
        (config(99, 100, 10, 1), "balance"),
        (config(100, 0, 10, 1), "bet"),
        (config(100, 100, 0, 1), "spins"),
        (config(100, 100, 10, 0), "players"),
    ] {
        let e = sessions(&game, (), &c).unwrap_err().to_string();
        assert!(e.starts_with(want), "{e}");
    }
}

#[test]
fn a_real_games_sessions_do_not_depend_on_the_thread_count() {
    use moon_princess::{MoonPrincess, Pick};
    let game = MoonPrincess::standard();
    let mut c = config(10_000, 100, 200, 300);
    let (one, _) = sessions(&game, Pick::Star, &c).unwrap();
    c.threads = 1;
    let (two, _) = sessions(&game, Pick::Star, &c).unwrap();
    assert_eq!(one, two);
    let seen: f64 = one.feature_seen[0].1;
    assert!(
        seen > 0.2 && seen < 0.9,
        "free spins within 200 spins: {seen}"
    );
    assert!(one.survival.windows(2).all(|w| w[0].1 >= w[1].1));
}

/// A balance at the integer limit keeps every win: 30 spins of +1.00 each from 2^64 - 1 cents
/// end at 2^64 - 1 + 3,000 cents (before, the sums saturated at 2^64 - 1 and the players were
/// counted as not ahead).
#[test]
fn a_balance_at_the_integer_limit_keeps_every_win() {
    let game = Fixed {
        pays: 200,
        feature: false,
    };
    let (r, all) = sessions(&game, (), &config(u64::MAX, 100, 30, 3)).unwrap();
    assert!(
        all.iter()
            .all(|s| s.balance == u128::from(u64::MAX) + 3_000)
    );
    assert!(all.iter().all(|s| s.won == 6_000 && s.staked == 3_000));
    assert_eq!(r.ended_ahead, 1.0);
    assert!((r.overall_rtp - 2.0).abs() < 1e-12);
}

/// An uncapped game's round can win up to 2^64 - 1 hundredths of the bet, so 10^8 players'
/// balances after `spins` spins fit 128 bits only up to a number of spins: the most is taken,
/// one more is refused by name before anything is played.
#[test]
fn more_spins_than_128_bit_sums_hold_are_refused_by_name() {
    let players = slot_sim::session::MAX_PLAYERS;
    // Each spin can win (2^64 - 1) x 100 / 100 cents: the most spins s with
    // players x (balance + s x (2^64 - 1)) <= 2^128 - 1.
    let largest = u128::from(u64::MAX);
    let balance = 1_000u64;
    let most = (u128::MAX / u128::from(players) - u128::from(balance)) / largest;
    let most = u64::try_from(most).unwrap();
    let at =
        |spins: u64| slot_sim::session::check::<Fixed>((), &config(balance, 100, spins, players));
    assert!(at(most).is_ok());
    let e = at(most + 1).unwrap_err().to_string();
    assert!(
        e.starts_with("spins: ") && e.contains(&format!("at most {most} spins")),
        "{e}"
    );
}
