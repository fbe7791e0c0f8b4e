"""simulate(): the same sums as the runner, the report's attributes and arrays, shards and
merges, modes and picks, the RTP variant."""

import json

import numpy as np
import pytest

import slot_math

def test_the_readme_call_gives_the_runners_rtp_and_sums(xtask):
    # The README's call against `cargo xtask sim moon-princess --rounds 100000 --seed 7`.
    cli = xtask.json("sim", "moon-princess", "--rounds", "100000", "--seed", "7", "--json", "--quiet")
    r = slot_math.simulate("moon-princess", rounds=100_000, seed=7)
    assert r.rtp == cli["rtp"]
    assert r.sums_sha256 == cli["sums_sha256"]
    assert (r.game, r.mode, r.pick, r.rounds, r.seed) == ("moon-princess", "love", "love", 100_000, 7)
    assert r.stop == "complete"
    # The RTP is the sums' total win over the stakes, exactly as the runner reads it.
    sums = r.to_dict()["sums"]
    assert r.rtp == sums["total_win"] / (sums["rounds"] * sums["cost"])


@pytest.mark.parametrize(
    "game,args,kwargs",
    [
        ("moon-princess", ["--choice", "storm"], {"pick": "storm"}),
        ("wish-upon-a-star", [], {}),
        ("starlight-christmas", ["--ante"], {"mode": "ante"}),
    ],
)
def test_every_game_gives_the_runners_sums(xtask, game, args, kwargs):
    cli = xtask.json("sim", game, "--rounds", "25000", "--seed", "11", "--json", "--quiet", "--gof-rounds", "0", *args)
    r = slot_math.simulate(game, rounds=25_000, seed=11, **kwargs)
    d = r.to_dict()
    assert d["sums"] == cli["sums"]
    assert d["sums_sha256"] == cli["sums_sha256"]
    assert d["model_fingerprint"] == cli["model_fingerprint"]
    assert r.rtp == cli["rtp"]
    # Timing and threads differ between two runs, and so do the per-field checksums that
    # cover them (on a main with report checksums by field).
    skip = {"elapsed_seconds", "rounds_per_second", "rounds_per_second_per_thread", "threads", "checksums"}
    assert {k: v for k, v in d.items() if k not in skip} == {k: v for k, v in cli.items() if k not in skip}


def test_the_thread_count_changes_no_figure():
    one = slot_math.simulate("starlight-christmas", rounds=30_000, seed=5, threads=1)
    two = slot_math.simulate("starlight-christmas", rounds=30_000, seed=5, threads=2)
    assert one.sums == two.sums
    assert one.rtp == two.rtp
    assert one == two


def test_the_report_as_attributes_dict_json_and_text():
    r = slot_math.simulate("wish-upon-a-star", rounds=20_000, seed=3, confidence=[90, 99.9])
    d = r.to_dict()
    assert d == json.loads(r.to_json())
    assert d is not r.to_dict()  # a fresh copy each time
    for key in ("rtp", "sd", "hit_frequency", "max_win", "cap_hits", "features", "rtp_by_source", "target_rtp"):
        assert getattr(r, key) == d[key]
    assert r.rtp_ci95 == tuple(d["rtp_ci95"]) and r.rtp_ci99 == tuple(d["rtp_ci99"])
    assert [i["level"] for i in r.rtp_intervals] == [0.9, 0.999]
    assert r.rtp_ci99[0] < r.rtp < r.rtp_ci99[1]
    assert sum(r.rtp_by_source.values()) == pytest.approx(r.rtp)
    assert r.sums["total_win"] == round(r.rtp * r.rounds * 100)
    assert r.target_rtp == 0.952
    assert r.exact_rtp == pytest.approx(0.95201995, abs=1e-8)
    assert "wish-upon-a-star" in str(r) and "RTP" in r.text()
    assert "RTP" in repr(r)


def test_win_distribution_and_convergence_are_numpy_arrays():
    r = slot_math.simulate("moon-princess", rounds=100_000, seed=7)
    w = r.win_distribution
    assert w["count"].dtype == np.uint64
    assert int(w["count"].sum()) == r.rounds
    assert np.allclose(w["share"].sum(), 1.0)
    assert len(w["range"]) == len(w["count"]) == len(w["low_x"]) == len(w["high_x"]) == 13
    assert w["range"][0] == "0" and w["range"][-1] == "cap"
    assert w["high_x"][-1] == 5000.0
    assert np.all(w["low_x"][:-1] <= w["high_x"][:-1])
    c = r.convergence
    assert c["rounds"].dtype == np.uint64
    assert len(c["rounds"]) == len(c["rtp"]) == len(c["half_width_99"]) == len(c["batches"]) > 0
    assert np.all(np.diff(c["rounds"].astype(np.int64)) > 0)
    assert c["rounds"][-1] == r.rounds
    assert c["rtp"][-1] == pytest.approx(r.rtp)
    assert c["total_win"][-1] == r.sums["total_win"]


def test_shards_merge_into_the_whole_run():
    whole = slot_math.simulate("moon-princess", rounds=40_000, seed=7, pick="star")
    shards = [slot_math.simulate("moon-princess", rounds=40_000, seed=7, pick="star", shard=(i, 2)) for i in range(2)]
    assert shards[0].shard["batches"] == [0, 2]
    merged = slot_math.merge(shards)
    assert merged.sums == whole.sums
    assert merged.merged["files"] == 2
    assert [int(x) for x in merged.convergence["rounds"]] == [int(x) for x in whole.convergence["rounds"]]


def test_independent_runs_merge_and_json_paths_and_labels_are_accepted(tmp_path):
    a = slot_math.simulate("wish-upon-a-star", rounds=10_000, seed=1)
    b = slot_math.simulate("wish-upon-a-star", rounds=10_000, seed=2)
    path = tmp_path / "b.json"
    path.write_text(b.to_json())
    merged = slot_math.merge([("a", a), path])
    assert merged.rounds == 20_000
    assert merged.sums["total_win"] == a.sums["total_win"] + b.sums["total_win"]
    assert slot_math.merge([a.to_json(), b]).sums == merged.sums
    assert slot_math.read_report(path) == b
    assert slot_math.Report.from_json(a.to_json()) == a


def test_modes_and_picks():
    love = slot_math.simulate("moon-princess", rounds=10_000, seed=9)
    storm_pick = slot_math.simulate("moon-princess", rounds=10_000, seed=9, pick="storm")
    storm_mode = slot_math.simulate("moon-princess", rounds=10_000, seed=9, mode="storm")
    assert love.pick == "love" and storm_pick.pick == "storm"
    assert storm_pick.sums == storm_mode.sums
    ante = slot_math.simulate("starlight-christmas", rounds=10_000, seed=9, mode="ante")
    assert ante.stake_x_bet == 1.25 and ante.pick is None


def test_a_stress_model_by_name():
    r = slot_math.simulate("moon-princess", rounds=10_000, seed=1, model="stress-free-spins")
    standard = slot_math.simulate("moon-princess", rounds=10_000, seed=1)
    assert r.model_fingerprint != standard.model_fingerprint


def test_rtp_none_only():
    slot_math.simulate("moon-princess", rounds=1_000, seed=1, rtp=None)
    with pytest.raises(slot_math.ConfigError, match=r"ships one RTP, 94\.51 %") as e:
        slot_math.simulate("moon-princess", rounds=1_000, rtp=0.9451)
    assert isinstance(e.value, ValueError)
    with pytest.raises(ValueError, match=r"95\.50 %"):
        slot_math.simulate("starlight-christmas", rounds=1_000, rtp=0.96)


def test_the_lists_of_games_modes_picks_models_variants():
    assert slot_math.games() == ["moon-princess", "wish-upon-a-star", "starlight-christmas"]
    assert slot_math.modes("moon-princess") == ["love", "star", "storm"]
    assert slot_math.picks("moon-princess") == ["love", "star", "storm"]
    assert slot_math.modes("starlight-christmas") == ["standard", "ante"]
    assert slot_math.picks("starlight-christmas") == []
    assert slot_math.modes("wish-upon-a-star") == ["standard"]
    assert slot_math.models("moon-princess")[0] == "standard"
    assert "stress" in slot_math.models("starlight-christmas")
    assert slot_math.variants("moon-princess") == [
        {"model": "standard", "target_rtp": {"love": 0.9451, "star": 0.9451, "storm": 0.9451}}
    ]
    info = slot_math.game_info("wish-upon-a-star")
    assert info["cap_x_bet"] is None and info["title"] == "Wish Upon a Star"
    assert slot_math.game_info("starlight-christmas")["stake_x_bet"] == {"standard": 1.0, "ante": 1.25}


def test_the_contribution_sums_add_up_to_the_run():
    r = slot_math.simulate("starlight-christmas", rounds=20_000, seed=3, detail=True)
    d = r.to_dict()["detail"]
    assert d["rounds"] == 20_000 and d["total_win"] == r.sums["total_win"]
    rows = sum(x["amount"] for x in d["symbol_wins"]) + sum(x["amount"] for x in d["other_wins"])
    assert rows == d["raw_win"] >= d["total_win"]
    assert sum(n for _, n in d["win_counts"]) == 20_000
    assert "detail" not in slot_math.simulate("starlight-christmas", rounds=20_000, seed=3).to_dict()
