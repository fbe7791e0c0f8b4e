"""The template game Ten Lines ("ten-lines") through the Python package: listed, simulated,
played, a hand-worked grid evaluated, and its exact RTP 58,334,381 / 60,750,000 (the crate's
rule sheet and exact figures), not figures read back from the code; a round played from a
typed grid as the runner's ``play --grid`` plays it."""

from fractions import Fraction

import pytest

import slot_math

GAME = "ten-lines"
EXACT_RTP = Fraction(58_334_381, 60_750_000)


def test_the_template_is_listed_with_its_sources():
    assert GAME in slot_math.games()
    info = slot_math.game_info(GAME)
    assert info["sources"] == ["base game lines", "base game scatter", "free spins"]
    assert slot_math.modes(GAME) == ["standard"]


def test_a_simulation_lies_near_the_exact_rtp():
    n = 20_000
    report = slot_math.simulate(GAME, rounds=n, seed=11)
    sums = report.sums
    assert sums["rounds"] == n
    assert sum(sums["sources"]) == sums["total_win"]
    rtp = sums["total_win"] / (100 * n)
    # sd of a round about 5 x the stake: 5 sd / sqrt(n) is about 0.18.
    assert abs(rtp - float(EXACT_RTP)) < 0.18


def test_a_played_round_reconciles():
    log = slot_math.play(GAME, 20261129, 3)
    events = log["events"]
    assert events[0]["event"] == "round_start"
    assert events[-1]["event"] == "round_end"
    paid = sum(e.get("paid", 0) for e in events if e["event"] != "round_end")
    assert paid == pytest.approx(events[-1]["win"])


def test_a_hand_worked_grid():
    # Top row (payline 2) 7 x5: 1,000 line bets = 100 x bet; 3 Scatters: 2 x bet.
    r = slot_math.evaluate(GAME, "7 7 7 7 7/10 J Q K be/SC ba SC W SC")
    assert r["total"] == 102.0
    assert r["free_spins_triggered"] is True
    with pytest.raises(slot_math.GridError):
        slot_math.evaluate(GAME, "W K Q K J/10 10 10 J Q/Q J K Q K")  # no Wild on reel 1


# Payline 2 (the top row) 7 x5: 1,000 line bets = 100 x bet; 3 Scatters: 2 x bet and 10 free
# spins (worked out by hand from the rule sheet).
SEVENS = "7 7 7 7 7/10 J Q K be/SC ba SC W SC"


def test_a_round_played_from_a_typed_grid():
    log = slot_math.play(GAME, 4, 9, grid=SEVENS)
    events = log["events"]
    assert events[0]["event"] == "round_start"
    assert [e["grid"] for e in events if e["event"] == "landed"][0] == SEVENS
    paid_spin = []
    for e in events[3:]:
        if e["event"] != "win":
            break
        paid_spin.append((e["symbol"], e["pays"], e["paid"]))
    assert paid_spin == [("7", "line", 10_000), ("SC", "scatter", 200)]
    awarded = [e for e in events if e["event"] == "free_spins_awarded"]
    assert awarded[0]["spins"] == 10
    paid = sum(e.get("paid", 0) for e in events if e["event"] != "round_end")
    assert events[-1]["event"] == "round_end"
    assert paid == events[-1]["win"] >= 10_200
    # The free spins are drawn from round 9 of seed 4: the same call, the same round.
    assert slot_math.play(GAME, 4, 9, grid=SEVENS) == log
    with pytest.raises(slot_math.GridError):
        slot_math.play(GAME, 4, 9, grid="W K Q K J/10 10 10 J Q/Q J K Q K")  # no Wild on reel 1


def test_a_round_played_from_a_grid_equals_the_runners_json(xtask):
    got = slot_math.play(GAME, 4, 9, grid=SEVENS)
    want = xtask.json("play", GAME, "--grid", SEVENS, "--seed", "4", "--round", "9", "--json")
    assert got == want


def test_the_exact_rtp_is_the_rule_sheets_fraction():
    figures = slot_math.exact(GAME)
    assert figures["rtp"] == EXACT_RTP
    assert figures["hit_frequency"] == Fraction(2737, 9000)
    assert figures["trigger_rate"] == Fraction(1, 125)
    assert figures["combinations"] == 24_300_000 and isinstance(figures["combinations"], int)
    assert figures["base_rtp"] + figures["free_spins_rtp"] == EXACT_RTP


def test_tune_refuses_a_game_without_a_tuner():
    with pytest.raises(slot_math.ConfigError, match="ten-lines has no tuner"):
        slot_math.tune(GAME, 96, rounds=1_000)
