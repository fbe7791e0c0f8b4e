"""``export_stake`` and ``export_verify``: a small Stake Engine export of Starlight
Christmas's standard mode, anchored on its certified figures, verified, the same files as
the runner's, and refusals as typed errors."""

import json

import pytest

import slot_math


def _export(out, **kw):
    args = dict(books=1500, reference_rounds=100_000, seed=5, mode="standard", cap_search_rounds=0)
    args.update(kw)
    return slot_math.export_stake("starlight-christmas", out, **args)


def test_the_table_reproduces_the_certified_figures(tmp_path):
    s = _export(tmp_path / "sc")
    (m,) = s["modes"]
    assert m["name"] == "standard" and m["books"] == 1500
    # The README's certified RTP, 95.4922 %, to 0.01 pp (plus its printed rounding).
    assert abs(m["table"]["rtp"] - 0.954922) < 1e-4 + 5e-7
    # The split record's free-spin probability: 5,488,954 in 2.4e9 base games, within its
    # 99 % half-width 2.576 * sqrt(q / n).
    q = 5_488_954 / 2_400_000_000
    assert abs(m["table"]["feature_rate"] - q) < 2.576 * (q / 2.4e9) ** 0.5
    # No capped round in 100,000 rounds and none searched for: the cap is not carried, and
    # its certified probability (1 in 5.339e6) is stated.
    assert m["table"]["cap_rate"] == 0.0
    assert abs(m["not_carried"]["cap"] * 5.339e6 - 1) < 1e-3
    assert s["market"]["Ok"]["market"] == "stake-engine"
    text = slot_math.export_verify(tmp_path / "sc")
    assert "the export verifies" in text and "1500 books replayed" in text


def test_the_same_files_as_the_runner(tmp_path, xtask):
    _export(tmp_path / "py")
    xtask(
        "export", "stake", "starlight-christmas", "--mode", "standard", "--books", "1500",
        "--reference-rounds", "100000", "--seed", "5", "--cap-search-rounds", "0",
        "--out", str(tmp_path / "cli"),
    )
    for name in ["lookUpTable_standard_0.csv", "books_standard.jsonl.zst", "force.json"]:
        assert (tmp_path / "py" / name).read_bytes() == (tmp_path / "cli" / name).read_bytes(), name


def test_refusals_are_typed_errors(tmp_path):
    with pytest.raises(slot_math.ConfigError, match="books are needed"):
        _export(tmp_path / "few", books=3)
    with pytest.raises(slot_math.ConfigError, match="no mode 'love'"):
        _export(tmp_path / "mode", mode="love")
    with pytest.raises(slot_math.ConfigError, match="export.json"):
        slot_math.export_verify(tmp_path / "nothing-here")


def test_a_summary_naming_what_cannot_be_loaded_is_refused_naming_export_json(tmp_path):
    # As the runner's `export verify` (xtask/tests/cli_export.rs): the game or model the
    # summary names is the file's fault, so the error names the folder and export.json.
    out = tmp_path / "w"
    slot_math.export_stake(
        "wish-upon-a-star", out, books=300, reference_rounds=30_000, seed=5, cap_search_rounds=0
    )
    assert "the export verifies" in slot_math.export_verify(out)
    summary = out / "export.json"
    v = json.loads(summary.read_text())
    v["game"] = "atlantis"
    summary.write_text(json.dumps(v))
    with pytest.raises(slot_math.ConfigError) as e:
        slot_math.export_verify(out)
    assert f"{out}: export.json: names the game 'atlantis', which this build does not have; its games are moon-princess, " in str(e.value)
    v["game"] = "wish-upon-a-star"
    v["model"] = {"named": "no-such-model"}
    summary.write_text(json.dumps(v))
    with pytest.raises(slot_math.ConfigError) as e:
        slot_math.export_verify(out)
    assert (
        f"{out}: export.json: names the model 'no-such-model' of wish-upon-a-star, which cannot be loaded here"
        in str(e.value)
    ), str(e.value)
