"""slot_math.certify: the runner's certification from Python, the same files byte for byte."""

import json
import os
import subprocess

import pytest

import slot_math
from slot_math import ConfigError, ModelError


def _read_all(folder):
    """Every file of a folder, relative path -> bytes."""
    out = {}
    for root, _, names in os.walk(folder):
        for n in names:
            path = os.path.join(root, n)
            with open(path, "rb") as f:
                out[os.path.relpath(path, folder)] = f.read()
    return out


def _deterministic(files):
    """The files whose bytes depend on the arguments only: the certificates, the split
    records and the folder's stamp (a whole-rounds chunk report and the PAR files also
    carry the run's speed and time)."""
    return {
        k: v
        for k, v in files.items()
        if k.startswith("certificate-") or k.startswith("split") or k.startswith(".")
    }


def test_wish_upon_a_star_is_certified_exactly(tmp_path):
    out = tmp_path / "wus"
    c = slot_math.certify("wish-upon-a-star", out=out)
    [cert] = c.certificates
    assert cert.method == "exact" and cert.half_width_99 is None and cert.interval is None
    # The exact RTP is the one `exact` computes, and the published target is met.
    assert cert.rtp == pytest.approx(float(slot_math.exact("wish-upon-a-star")["rtp"]), abs=1e-12)
    assert cert.meets and c.meets and "meets the bar" in cert.verdict
    assert cert.command == "cargo xtask certify wish-upon-a-star --dir DIR --seed %d" % slot_math.DEFAULT_SEED
    on_disk = json.loads((out / "certificate-standard.json").read_text())
    assert on_disk == {k: v for k, v in cert.to_dict().items() if k not in ("verdict", "core_seconds", "certificate_file")}
    assert "certificate-standard.json" in c.files
    assert cert.variant == {"model": "standard", "rtp": "95.20"}


def test_a_variant_far_from_its_target_does_not_meet_the_bar(tmp_path):
    # Judged against the variant's own target: the 90 % variant meets it; the published
    # model judged as a whole-rounds run of a few rounds cannot.
    c = slot_math.certify("wish-upon-a-star", out=tmp_path / "v90", rtp=90)
    assert c.certificates[0].target_rtp == pytest.approx(0.90)
    assert c.certificates[0].meets
    assert c.certificates[0].command.endswith(" --rtp 90.00")
    assert c.certificates[0].variant == {"model": "rtp-90.00", "rtp": "90.00"}
    small = slot_math.certify(
        "moon-princess", "star", out=tmp_path / "mp", whole_rounds=True, chunk_rounds=20_000, max_chunks=1, seed=5
    )
    [cert] = small.certificates
    assert cert.method == "whole_rounds" and cert.mode == "star"
    assert not cert.meets and not small.meets and "does NOT meet the bar" in cert.verdict
    lo, hi = cert.interval
    assert lo < cert.rtp < hi and hi - lo == pytest.approx(2 * cert.half_width_99)
    assert len(small.chunks) == 1 and small.chunks[0].startswith("chunk 0 played")
    assert "chunk-star-00000.json" in small.files
    assert any(f.startswith("par-star" + os.sep) for f in small.files)


def test_the_same_call_resumes_from_the_chunks_it_finished(tmp_path):
    args = dict(out=tmp_path / "mp", whole_rounds=True, chunk_rounds=10_000, max_chunks=2, seed=9, half_width_pp=0.001)
    first = slot_math.certify("moon-princess", **args)
    again = slot_math.certify("moon-princess", **args)
    assert [l.split(":")[0] for l in first.chunks] == ["chunk 0 played", "chunk 1 played"]
    assert [l.split(":")[0] for l in again.chunks] == ["chunk 0 read", "chunk 1 read"]
    assert again.certificates[0].rtp == first.certificates[0].rtp


@pytest.mark.parametrize(
    "game, kwargs, cli",
    [
        ("wish-upon-a-star", {}, []),
        ("wish-upon-a-star", {"rtp": "94"}, ["--rtp", "94"]),
        (
            "moon-princess",
            {"mode": "storm", "whole_rounds": True, "chunk_rounds": 20_000, "max_chunks": 2, "seed": 3, "half_width_pp": 1.0},
            ["--choice", "storm", "--whole-rounds", "--chunk-rounds", "20000", "--max-chunks", "2", "--seed", "3", "--half-width", "1"],
        ),
        (
            "moon-princess",
            {"base_games": 20_000, "features": 2_000, "max_chunks": 1, "seed": 4},
            ["--base-games", "20000", "--features", "2000", "--max-chunks", "1", "--seed", "4"],
        ),
        (
            "starlight-christmas",
            {"mode": "ante", "base_games": 20_000, "features": 1_000, "max_chunks": 1, "seed": 6},
            ["--ante", "--base-games", "20000", "--features", "1000", "--max-chunks", "1", "--seed", "6"],
        ),
    ],
)
def test_the_files_are_the_runners_byte_for_byte(xtask, tmp_path, game, kwargs, cli):
    py_dir, cli_dir = tmp_path / "py", tmp_path / "cli"
    made = slot_math.certify(game, out=py_dir, threads=2, **kwargs)
    # The runner exits with status 1 for a certificate below the bar (these small runs).
    run = subprocess.run(
        [os.environ["XTASK"], "certify", game, "--dir", str(cli_dir), "--threads", "1", "--quiet", *cli],
        capture_output=True,
        text=True,
    )
    assert run.returncode == (0 if made.meets else 1), run.stderr
    # The runner prints the same verdict lines (but the thread-minutes).
    cut = lambda line: line.rsplit(";", 1)[0]
    assert [cut(l) for l in run.stdout.splitlines()] == [cut(c.verdict) for c in made.certificates]
    py, rs = _read_all(py_dir), _read_all(cli_dir)
    # The same files; those that depend on the arguments only, byte for byte (the threads
    # differ on purpose: no figure depends on them).
    assert sorted(py) == sorted(rs)
    assert _deterministic(py) == _deterministic(rs)
    assert any(k.startswith("certificate-") for k in _deterministic(py))


@pytest.mark.parametrize(
    "kwargs, kind, words",
    [
        ({"game": "moon"}, ConfigError, ["no game 'moon'", "moon-princess"]),
        ({"game": "moon-princess", "mode": "sun"}, ConfigError, ["sun", "love, star, storm"]),
        ({"game": "starlight-christmas", "pick": "love"}, ConfigError, ["pick", "standard, ante"]),
        ({"game": "moon-princess", "half_width_pp": 0}, ConfigError, ["half_width_pp", "from 0.001 to 100"]),
        ({"game": "moon-princess", "half_width_pp": 1e308}, ConfigError, ["from 0.001 to 100 percentage points, e.g. 0.05 (it was 1e308)"]),
        ({"game": "moon-princess", "half_width_pp": "wide"}, ConfigError, ["half_width_pp"]),
        ({"game": "moon-princess", "max_chunks": 0}, ConfigError, ["max_chunks", "from 1"]),
        ({"game": "moon-princess", "seed": -1}, ConfigError, ["seed", "from 0"]),
        ({"game": "moon-princess", "threads": 10_000}, ConfigError, ["threads", "from 1"]),
        ({"game": "moon-princess", "chunk_rounds": 5}, ConfigError, ["chunk_rounds", "whole_rounds=True"]),
        ({"game": "moon-princess", "whole_rounds": True, "base_games": 5}, ConfigError, ["base_games", "whole_rounds"]),
        ({"game": "wish-upon-a-star", "whole_rounds": True}, ConfigError, ["certified exactly"]),
        ({"game": "wish-upon-a-star", "rtp": 99}, ConfigError, ["99.00", "96.00"]),
        ({"game": "wish-upon-a-star", "rtp": 90, "model": "standard"}, ConfigError, ["exclude each other"]),
        ({"game": "wish-upon-a-star", "model": "no-such-model"}, ModelError, ["no-such-model"]),
    ],
)
def test_bad_input_gets_a_typed_error_naming_what_is_allowed(tmp_path, kwargs, kind, words):
    out = tmp_path / "refused"
    with pytest.raises(kind) as e:
        slot_math.certify(out=out, **kwargs)
    for w in words:
        assert w in str(e.value), (w, str(e.value))
    # Refused before any work: no folder is left behind.
    assert not out.exists()


def test_a_folder_of_other_work_is_refused_unless_force(tmp_path):
    out = tmp_path / "shared"
    slot_math.certify("wish-upon-a-star", out=out)
    before = (out / "certificate-standard.json").read_bytes()
    with pytest.raises(ConfigError) as e:
        slot_math.certify("wish-upon-a-star", out=out, rtp=90)
    assert str(e.value).startswith("out: ") and "wish-upon-a-star" in str(e.value)
    assert (out / "certificate-standard.json").read_bytes() == before
    c = slot_math.certify("wish-upon-a-star", out=out, rtp=90, force=True)
    assert c.certificates[0].target_rtp == pytest.approx(0.90)
    assert (out / "certificate-standard.json").read_bytes() != before
