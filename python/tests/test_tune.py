"""tune(): a variant of a published model for a target RTP, the same as the runner's for the
same arguments."""

import json
import os
import subprocess

import pytest

import slot_math


def test_wish_upon_a_star_s_variant_is_the_runner_s(xtask, tmp_path):
    v = slot_math.tune("wish-upon-a-star", 93, rounds=20_000, seed=7)
    assert v["game"] == "wish-upon-a-star"
    assert v["target_rtp"] == "93.00"
    # Its exact RTP is the target's, within the 0.10 pp a variant may miss it by.
    assert float(slot_math.exact(model=_write(tmp_path / "py.json", v))["rtp"]) == pytest.approx(
        0.93, abs=0.001
    )
    out = tmp_path / "cli.json"
    xtask(
        "tune", "wish-upon-a-star", "--target-rtp", "93", "--rounds", "20000", "--seed", "7",
        "--out", str(out),
    )
    cli = json.loads(out.read_text())
    assert v["model"] == cli["model"]
    for key in ("knobs", "shape", "rtp", "seed", "method"):
        assert v["tuning"][key] == cli["tuning"][key], key
    assert v["tuning"]["command"].startswith("slot_math.tune(")


def test_moon_princess_refuses_too_few_rounds_as_the_runner_does():
    with pytest.raises(slot_math.ConfigError) as e:
        slot_math.tune("moon-princess", 93, rounds=1, seed=7)
    assert "--rounds 1: no free spins triggered in 1 base games, nothing to tune on" in str(e.value)
    runner = os.environ.get("XTASK")
    if runner and os.path.exists(runner):
        cli = subprocess.run(
            [runner, "tune", "moon-princess", "--target-rtp", "93", "--rounds", "1", "--seed", "7"],
            capture_output=True, text=True,
        )
        assert cli.returncode == 2
        assert str(e.value) in cli.stderr


@pytest.mark.parametrize(
    "game, target, words",
    [
        ("wish-upon-a-star", 83.99, "the tuner derives variants from 84.00 % to 97.00 %"),
        ("moon-princess", "97.01", "the tuner derives variants from 84.00 % to 97.00 %"),
        ("moon-princess", "ninety", "target_rtp"),
        ("starlight-christmas", 96, "--rounds: noise"),
        ("no-such-game", 96, "no-such-game"),
    ],
)
def test_refusals_name_the_setting(game, target, words):
    with pytest.raises(slot_math.SlotMathError) as e:
        slot_math.tune(game, target, rounds=1_000)
    assert words in str(e.value)


def _write(path, variant):
    path.write_text(json.dumps(variant))
    return str(path)
