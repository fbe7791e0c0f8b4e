"""evaluate(), exact(), and the typed errors with the Rust library's messages."""

from fractions import Fraction

import pytest

import slot_math

GRID = "ci ci ci st he/be he st ci pg/pg pb pr W st/ci ci he he be/st st st be be"


def test_evaluate_a_grid_as_the_runner_does():
    r = slot_math.evaluate("moon-princess", GRID)
    assert r["total"] == pytest.approx(0.7) and r["paid"] == pytest.approx(0.7)
    assert [w["symbol"] for w in r["wins"]] == ["princess", "st", "ci"]
    assert r["wins"][0]["cells"] == [[2, 0], [2, 1], [2, 2], [2, 3]]
    assert r["tumbles"] == 1


def test_evaluate_equals_the_runners_json(xtask):
    assert slot_math.evaluate("moon-princess", GRID, multiplier=3) == xtask.json(
        "eval", "moon-princess", "--grid", GRID, "--multiplier", "3", "--json"
    )


def test_exact_figures_are_fractions():
    e = slot_math.exact("wish-upon-a-star")
    assert isinstance(e["rtp"], Fraction)
    assert float(e["rtp"]) == pytest.approx(0.95201995, abs=5e-9)
    assert sum(e["rtp_by_source"].values()) == e["rtp"]
    assert e["base_combinations"] == 1_225_230_300
    assert 0 < e["grands_per_round"] < 1
    assert slot_math.exact() == e


def test_exact_takes_a_variant_by_its_rtp_or_its_model(xtask):
    by_rtp = slot_math.exact(rtp=90)
    assert by_rtp == slot_math.exact(model="rtp-90.00")
    assert by_rtp != slot_math.exact()
    assert abs(float(by_rtp["rtp"]) - 0.90) < 0.0001
    cli = xtask.json("exact", "wish-upon-a-star", "--rtp", "90", "--json")
    assert str(by_rtp["rtp"]) == cli["rtp"]["fraction"]
    with pytest.raises(slot_math.ConfigError, match="no RTP variant 91.00 %"):
        slot_math.exact(rtp=91)
    with pytest.raises(slot_math.ConfigError, match="exclude each other"):
        slot_math.exact(rtp=90, model="standard")


def test_exact_equals_the_runners(xtask):
    cli = xtask.json("exact", "wish-upon-a-star", "--json")
    assert str(slot_math.exact()["rtp"]) == cli["rtp"]["fraction"]


@pytest.mark.parametrize(
    "call,kind,message",
    [
        (lambda: slot_math.simulate("moon-prince"), slot_math.ConfigError,
         "game: there is no game 'moon-prince'; the games are moon-princess, wish-upon-a-star, starlight-christmas"),
        (lambda: slot_math.simulate("moon-princess", rounds=0), slot_math.ConfigError, "rounds: must be from 1 to 2**64 - 1 (it was 0)"),
        (lambda: slot_math.simulate("moon-princess", rounds=1_000, threads=300), slot_math.ConfigError,
         "threads: must be from 1 to 256, or 0 (or None) for every core (it was 300)"),
        (lambda: slot_math.simulate("moon-princess", rounds=1_000, seed=-1), slot_math.ConfigError,
         "seed: must be from 0 to 2**64 - 1 (it was -1)"),
        (lambda: slot_math.simulate("moon-princess", rounds=20_000, shard=(2, 2)), slot_math.ConfigError,
         "shard: 2/2: the index must be below the count, counted from 0 (0/4 to 3/4)"),
        (lambda: slot_math.simulate("moon-princess", rounds=1_000, pick="sun"), slot_math.ConfigError,
         "pick: moon-princess has no pick 'sun'; its picks are love, star, storm"),
        (lambda: slot_math.simulate("starlight-christmas", rounds=1_000, pick="love"), slot_math.ConfigError,
         "pick: starlight-christmas has no free-spin pick (pick= is Moon Princess's); its modes are standard, ante (mode=)"),
        (lambda: slot_math.simulate("moon-princess", rounds=1_000, confidence=[100]), slot_math.ConfigError,
         "confidence: confidence level '100' is not allowed"),
        (lambda: slot_math.simulate("moon-princess", rounds=1_000, model="nope"), slot_math.ModelError,
         "moon-princess has no model 'nope'; its models are standard, rtp-96.50, rtp-91.49, rtp-87.50, rtp-84.50, stress-free-spins, stress-trinity (or give the path of a model file)"),
        (lambda: slot_math.evaluate("moon-princess", "ci ci"), slot_math.GridError,
         "the grid has 1 rows; this game has 5 (rows are separated by '/')"),
        (lambda: slot_math.exact("moon-princess"), slot_math.ConfigError, "moon-princess has no exact figures"),
        (lambda: slot_math.Report.from_json("{}", "x.json"), slot_math.ReportError, "x.json"),
        (lambda: slot_math.merge([]), slot_math.ReportError, "merge: no reports given"),
    ],
)
def test_typed_errors_carry_the_rust_message(call, kind, message):
    with pytest.raises(kind) as e:
        call()
    assert str(e.value).startswith(message)
    assert isinstance(e.value, slot_math.SlotMathError)


def test_a_model_file_that_is_not_a_model(tmp_path):
    bad = tmp_path / "model.json"
    bad.write_text('{"reels": 1}')
    with pytest.raises(slot_math.ModelError, match="is not a Moon Princess math model"):
        slot_math.simulate("moon-princess", rounds=1_000, model=str(bad))


def test_a_tampered_report_is_refused():
    r = slot_math.simulate("wish-upon-a-star", rounds=10_000, seed=1)
    d = r.to_dict()
    d["sums"]["total_win"] += 1
    import json

    with pytest.raises(slot_math.ReportError, match="checksum"):
        slot_math.Report.from_json(json.dumps(d), "tampered.json")


def test_the_same_report_twice_is_not_merged():
    r = slot_math.simulate("wish-upon-a-star", rounds=10_000, seed=1)
    with pytest.raises(slot_math.ReportError):
        slot_math.merge([r, r])


def test_the_runners_error_text_for_the_same_mistake(xtask):
    import subprocess, os

    out = subprocess.run([os.environ["XTASK"], "eval", "moon-princess", "--grid", "ci ci"], capture_output=True, text=True)
    assert out.returncode == 2
    with pytest.raises(slot_math.GridError) as e:
        slot_math.evaluate("moon-princess", "ci ci")
    assert out.stderr.strip() == f"error: {e.value}"
