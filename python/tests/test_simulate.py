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


def test_rtp_chooses_a_variant_of_the_ladder():
    published = slot_math.simulate("wish-upon-a-star", rounds=20_000, seed=1, rtp=None)
    low = slot_math.simulate("wish-upon-a-star", rounds=20_000, seed=1, rtp=90)
    by_name = slot_math.simulate("wish-upon-a-star", rounds=20_000, seed=1, model="rtp-90.00")
    assert low.model_fingerprint == by_name.model_fingerprint != published.model_fingerprint
    assert low.sums == by_name.sums
    assert low.target_rtp == 0.9 and published.target_rtp == 0.952
    assert low.exact_rtp == pytest.approx(0.9000059, abs=1e-7)
    assert slot_math.simulate("wish-upon-a-star", rounds=1_000, rtp="96.00").target_rtp == 0.96
    with pytest.raises(slot_math.ConfigError, match=r"no RTP variant 91\.00 %; its ladder is 96\.00 %, 95\.20 %") as e:
        slot_math.simulate("wish-upon-a-star", rounds=1_000, rtp=91)
    assert isinstance(e.value, ValueError)
    with pytest.raises(slot_math.ConfigError, match="model and rtp exclude each other"):
        slot_math.simulate("wish-upon-a-star", rounds=1_000, rtp=90, model="standard")
    with pytest.raises(slot_math.ConfigError, match="at most two decimals"):
        slot_math.simulate("wish-upon-a-star", rounds=1_000, rtp=90.001)
    with pytest.raises(ValueError, match=r"its ladder is 96\.50 %, 95\.50 %, 94\.50 %"):
        slot_math.simulate("starlight-christmas", rounds=1_000, rtp=96)
    sc = slot_math.simulate("starlight-christmas", rounds=1_000, rtp=94.5, mode="ante")
    assert sc.target_rtp == 0.945
    log = slot_math.play("wish-upon-a-star", 20261129, 112, rtp=90)
    assert log["events"][0]["model"] == low.model_fingerprint
    cols = slot_math.rounds("wish-upon-a-star", 20_000, seed=1, rtp="90")
    assert int(cols["win"].sum()) == low.sums["total_win"]


def test_the_lists_of_games_modes_picks_models_variants():
    # The registry's order: the three games first, then any other registered game (the
    # template's own tests check it), each once.
    games = slot_math.games()
    assert games[:3] == ["moon-princess", "wish-upon-a-star", "starlight-christmas"]
    assert len(set(games)) == len(games)
    assert slot_math.modes("moon-princess") == ["love", "star", "storm"]
    assert slot_math.picks("moon-princess") == ["love", "star", "storm"]
    assert slot_math.modes("starlight-christmas") == ["standard", "ante"]
    assert slot_math.picks("starlight-christmas") == []
    assert slot_math.modes("wish-upon-a-star") == ["standard"]
    assert slot_math.models("moon-princess")[0] == "standard"
    assert "stress" in slot_math.models("starlight-christmas")
    mp = slot_math.variants("moon-princess")
    assert [(v["rtp"], v["model"], v["published"]) for v in mp] == [
        ("96.50", "rtp-96.50", False), ("94.51", "standard", True), ("91.49", "rtp-91.49", False),
        ("87.50", "rtp-87.50", False), ("84.50", "rtp-84.50", False)]
    assert mp[1]["target_rtp"] == 0.9451 and len(mp[1]["fingerprint"]) == 64
    wish = slot_math.variants("wish-upon-a-star")
    assert [v["rtp"] for v in wish] == ["96.00", "95.20", "94.00", "92.00", "90.00"]
    assert [v["model"] for v in wish if v["published"]] == ["standard"]
    assert all(v["model"] in slot_math.models("wish-upon-a-star") for v in wish)
    sc = slot_math.variants("starlight-christmas")
    assert [(v["rtp"], v["model"]) for v in sc] == [
        ("96.50", "rtp-96.50"), ("95.50", "standard"), ("94.50", "rtp-94.50")]
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


def test_a_variant_file_is_judged_against_its_own_target(xtask, tmp_path):
    path = tmp_path / "v93.json"
    xtask("tune", "wish-upon-a-star", "--target-rtp", "93", "--rounds", "100000", "--out", str(path))
    r = slot_math.simulate("wish-upon-a-star", rounds=10_000, seed=1, model=str(path))
    assert r.target_rtp == 0.93
    assert r.exact_rtp == pytest.approx(0.93, abs=5e-5)
