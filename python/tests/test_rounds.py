"""rounds(): per-round arrays of the simulator's sequence, adding up to simulate()'s sums;
play() of the same round."""

import numpy as np
import pandas as pd
import pytest

import slot_math


@pytest.mark.parametrize(
    "game,kwargs",
    [("moon-princess", {"pick": "star"}), ("wish-upon-a-star", {}), ("starlight-christmas", {"mode": "ante"})],
)
def test_the_rounds_add_up_to_the_simulations_sums(game, kwargs):
    n = 25_000  # two full batches of 10,000 and a part of a third
    rs = slot_math.rounds(game, n, seed=7, **kwargs)
    report = slot_math.simulate(game, rounds=n, seed=7, **kwargs)
    sums = report.sums
    assert all(len(a) == n for a in rs.values())
    assert rs["win"].dtype == np.uint64
    assert int(rs["win"].sum()) == sums["total_win"]
    assert int((rs["win"].astype(np.float64) ** 2).sum()) == pytest.approx(sums["sum_sq"], rel=1e-12)
    assert int((rs["win"] > 0).sum()) == sums["hits"]
    assert int(rs["win"].max()) == sums["max_win"]
    info = slot_math.game_info(game)
    by_source = sum(rs[f"source:{s}"] for s in info["sources"])
    assert np.array_equal(by_source, rs["win"])
    for i, s in enumerate(info["sources"]):
        assert int(rs[f"source:{s}"].sum()) == sums["sources"][i]
    for i, f in enumerate(info["features"]):
        assert rs[f"feature:{f}"].dtype == np.bool_
        assert int(rs[f"feature:{f}"].sum()) == sums["feature_rounds"][i]
        assert int(rs[f"feature_win:{f}"].sum()) == sums["feature_wins"][i]
    for i, a in enumerate(info["awards"]):
        assert int(rs[f"award:{a}"].sum()) == sums["award_rounds"][i]
    assert ("capped" in rs) == (info["cap_x_bet"] is not None)
    assert np.array_equal(rs["round"], np.arange(n, dtype=np.uint64))


def test_the_thread_count_changes_no_round():
    a = slot_math.rounds("starlight-christmas", 30_000, seed=3, threads=1)
    b = slot_math.rounds("starlight-christmas", 30_000, seed=3, threads=2)
    assert all(np.array_equal(a[k], b[k]) for k in a)


def test_a_dataframe_for_the_designers_own_analysis():
    df = pd.DataFrame(slot_math.rounds("moon-princess", 20_000, seed=1))
    assert len(df) == 20_000
    fs = df[df["feature:free spins"]]
    assert (fs["feature_win:free spins"] <= fs["win"]).all()
    by = df.groupby("feature:free spins")["win"].mean()
    assert by[True] > by[False]


def test_play_shows_the_same_round():
    seed, k = 7, 12_345
    rs = slot_math.rounds("wish-upon-a-star", k + 1, seed=seed)
    log = slot_math.play("wish-upon-a-star", seed, k)
    events = log["events"]
    assert events[0]["event"] == "round_start" and events[-1]["event"] == "round_end"
    assert events[-1]["win"] == int(rs["win"][k])
    paid = sum(e.get("paid", 0) for e in events if e["event"] != "round_end")
    assert paid == events[-1]["win"]


def test_play_equals_the_runners_json(xtask):
    cli = xtask.json("play", "moon-princess", "--seed", "1", "--round", "322", "--choice", "storm", "--json")
    assert slot_math.play("moon-princess", 1, 322, pick="storm") == cli


def test_more_rounds_than_memory_holds_are_refused_before_any_is_played():
    """10**11 rounds would take terabytes of arrays: refused at once (ConfigError naming n,
    the bytes a round takes and the memory available), not after filling the memory."""
    one = slot_math.rounds("moon-princess", 1)
    bytes_per_round = sum(a.itemsize for a in one.values())
    with pytest.raises(slot_math.ConfigError) as e:
        slot_math.rounds("moon-princess", 10**11)
    text = str(e.value)
    assert text.startswith("n: 100000000000 rounds need ")
    assert f"({bytes_per_round} bytes a round)" in text
    assert "memory available" in text and "simulate()" in text
