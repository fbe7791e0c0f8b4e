"""tail(): the odds of rare wins by multilevel splitting, as ``cargo xtask tail`` gives them.

Small sizes (a level of 200 x, tens of thousands of root rounds): a second or so each."""

import json
import math

import pytest

import slot_math

# Moon Princess, Love, 200 x: the default plan for it splits at 50 and 100 x (4 copies each)
# after 16 start copies, so D = 16 x 4 x 4 = 256.
SMALL = dict(level=200, pick="love", seed=11, max_roots=20_000, threads=2)


def test_the_result_holds_the_runners_figures():
    t = slot_math.tail("moon-princess", **SMALL)
    assert isinstance(t, slot_math.Tail)
    assert (t.game, t.mode, t.seed, t.roots, t.max_roots) == ("moon-princess", "love", 11, 20_000, 20_000)
    assert t.method.startswith("multilevel splitting")
    assert t.importance == t.record["importance"]
    assert t.levels == [200.0] and t.level == 200.0
    assert t.record["splitting"] == {
        "start_copies": 16,
        "levels": [{"at": 5_000, "copies": 4}, {"at": 10_000, "copies": 4}],
    }
    # The estimate is the record's sum over roots x D, its interval around it.
    hits = t.record["sums"]["tails"][0]["hits"]
    assert t.probability == pytest.approx(hits / (20_000 * 256), rel=1e-12)
    assert 0 < t.probability < 0.01
    low, high = t.ci95
    assert low <= t.probability <= high and low < high
    assert high - t.probability == pytest.approx(t.relative_half_width * t.probability, rel=1e-9)
    assert t.relative_half_width == pytest.approx(1.959964 * t.std_error / t.probability, rel=1e-5)
    assert t.effective_count == pytest.approx((t.probability / t.std_error) ** 2, rel=1e-9)
    assert t.one_in == pytest.approx(1 / t.probability)
    assert t.seconds > 0 and t.cpu_seconds >= 0 and t.threads == 2
    assert t.met is None
    assert t.command == (
        "cargo xtask tail moon-princess --choice love --level 200 --rounds 20000 --seed 11"
    )
    d = t.to_dict()
    assert set(d) == {"record", "estimates", "seconds", "threads", "cpu_seconds"}
    assert set(d["estimates"][0]) == {
        "level", "probability", "std_error", "ci95", "relative_half_width",
        "effective_count", "equivalent_rounds", "roots_hit",
    }
    assert "P(win >= 200 x)" in str(t) and "CPU s" in str(t)
    assert "seed 11" in repr(t)


def test_same_seed_same_figures_whatever_the_threads():
    a = slot_math.tail("moon-princess", **SMALL)
    b = slot_math.tail("moon-princess", **{**SMALL, "threads": 1})
    assert a.record == b.record and a.estimates == b.estimates
    c = slot_math.tail("moon-princess", **{**SMALL, "seed": 12})
    assert c.record["sums"] != a.record["sums"]


def test_several_levels_a_mode_and_a_variant():
    t = slot_math.tail(
        "starlight-christmas", [100, "200"], mode="ante", rtp=94.5, seed=3, max_roots=10_000
    )
    assert (t.mode, t.levels) == ("ante", [100.0, 200.0])
    assert t.command == (
        "cargo xtask tail starlight-christmas --ante --level 100,200 --rounds 10000 --seed 3 --rtp 94.5"
    )
    variant = [v for v in slot_math.variants("starlight-christmas") if v["rtp"] == "94.50"][0]
    assert t.model == variant["fingerprint"]
    low, high = (e["probability"] for e in t.estimates)
    assert low >= high > 0
    assert t.estimates[-1] == t.top


def test_until_relative_stops_at_a_chunk_of_160000_roots():
    t = slot_math.tail("moon-princess", 200, pick="star", until_relative=40, seed=5, max_roots=10**9)
    assert t.met is True
    assert t.roots % 160_000 == 0 and t.roots < 10**9
    assert t.relative_half_width <= 0.40 and t.top["roots_hit"] >= 50
    assert "--until-relative 40 " in t.command + " "
    # Not reached within max_roots: played whole, met is False.
    short = slot_math.tail("moon-princess", 5000, seed=5, max_roots=1_000, until_relative=1)
    assert short.met is False and short.roots == 1_000


def test_the_record_writes_as_the_runners_out(tmp_path):
    t = slot_math.tail("moon-princess", **SMALL)
    path = tmp_path / "r.json"
    t.write(path)
    assert json.loads(path.read_text()) == t.record
    assert path.read_text() == t.record_json()


def test_equals_the_runners_json(xtask, tmp_path):
    cli = xtask.json(
        "tail", "moon-princess", "--choice", "love", "--level", "200",
        "--rounds", "20000", "--seed", "11", "--quiet", "--json",
    )
    t = slot_math.tail("moon-princess", **SMALL)
    assert t.record["sums"] == cli["record"]["sums"]
    assert t.estimates == cli["estimates"]
    # A record written here merges with the runner's of another seed.
    t.write(tmp_path / "a.json")
    xtask("tail", "moon-princess", "--level", "200", "--rounds", "20000", "--seed", "12",
          "--quiet", "--out", str(tmp_path / "b.json"))
    merged = xtask.json("tail-merge", str(tmp_path / "a.json"), str(tmp_path / "b.json"), "--json")
    assert merged["record"]["sums"]["roots"] == 40_000


@pytest.mark.parametrize(
    "game,mode,level",
    [("moon-princess", "star", "200"), ("starlight-christmas", "ante", "200")],
)
def test_mode_is_the_runners_mode(xtask, game, mode, level):
    cli = xtask.json(
        "tail", game, "--mode", mode, "--level", level,
        "--rounds", "20000", "--seed", "11", "--quiet", "--json",
    )
    t = slot_math.tail(game, int(level), mode=mode, seed=11, max_roots=20_000)
    assert (t.mode, cli["record"]["mode"]) == (mode, mode)
    assert t.record["sums"] == cli["record"]["sums"]


def test_the_base_game_alone_by_conditional_monte_carlo():
    t = slot_math.tail("starlight-christmas", [1000, 5000], base_game=True, seed=5, max_roots=200_000)
    assert t.record["conditional"] is True and "conditional Monte Carlo" in t.method
    assert t.roots == 200_000 and t.command.endswith("--base-game")
    assert t.ci95[0] <= t.probability <= t.ci95[1] and t.probability > 0
    again = slot_math.tail("starlight-christmas", [1000, 5000], base_game=True, seed=5, max_roots=200_000, threads=1)
    assert again.record["sums"] == t.record["sums"]


def test_the_base_game_alone_equals_the_runners_json(xtask):
    cli = xtask.json(
        "tail", "starlight-christmas", "--base-game", "--level", "1000,5000",
        "--rounds", "200000", "--seed", "5", "--quiet", "--json",
    )
    t = slot_math.tail("starlight-christmas", [1000, 5000], base_game=True, seed=5, max_roots=200_000)
    assert t.record["sums"] == cli["record"]["sums"]


def test_nothing_reached_is_an_infinite_half_width():
    t = slot_math.tail("moon-princess", 5000, seed=1, max_roots=100)
    assert t.probability == 0 and t.ci95 == (0.0, 0.0)
    assert math.isinf(t.relative_half_width) and math.isinf(t.one_in)
    assert t.top["relative_half_width"] is None


@pytest.mark.parametrize(
    "kwargs,kind,message",
    [
        (dict(game="moon-prince", level=200), slot_math.ConfigError, "game: there is no game 'moon-prince'"),
        (dict(game="wish-upon-a-star", level=200), slot_math.ConfigError, "tail splits rounds between the steps of a feature"),
        (dict(level="5k"), slot_math.ConfigError, "level: tail levels refused: '5k' is not a win in x bet"),
        (dict(level=1.234), slot_math.ConfigError, "at most two decimals"),
        (dict(level=0), slot_math.ConfigError, "level: tail levels refused: a level of 0"),
        (dict(level=-5), slot_math.ConfigError, "'-5' is not a win in x bet"),
        (dict(level=True), slot_math.ConfigError, "level: must be a win in x bet above 0"),
        (dict(level=None), slot_math.ConfigError, "level: must be a win in x bet above 0 with at most two decimals (5000, 312.5, \"5000\"), several separated by commas (\"1000,5000\"), or a list of them (it was None)"),
        (dict(level=[]), slot_math.ConfigError, "level: an empty list"),
        (dict(level=[200, {}]), slot_math.ConfigError, "level: must be a win in x bet above 0"),
        (dict(level=list(range(1, 40))), slot_math.ConfigError, "39 levels; give 1 to 32"),
        (dict(until_relative=0), slot_math.ConfigError, "until_relative: must be a percentage above 0 and below 100, e.g. 5"),
        (dict(until_relative=100), slot_math.ConfigError, "(it was 100)"),
        (dict(until_relative=float("nan")), slot_math.ConfigError, "until_relative: must be a percentage"),
        (dict(until_relative="5"), slot_math.ConfigError, "(it was '5')"),
        (dict(until_relative=True), slot_math.ConfigError, "until_relative: must be a percentage"),
        (dict(max_roots=0), slot_math.ConfigError, "max_roots: must be from 1 to 2**64 - 1 (default 1000000) (it was 0)"),
        (dict(max_roots=2**64), slot_math.ConfigError, "max_roots: must be from 1"),
        (dict(max_roots=1.5), slot_math.ConfigError, "max_roots: must be from 1"),
        (dict(seed=-1), slot_math.ConfigError, "seed: must be from 0 to 2**64 - 1 (it was -1)"),
        (dict(threads=300), slot_math.ConfigError, "threads: must be from 1 to 256"),
        (dict(pick="sun"), slot_math.ConfigError, "pick: moon-princess has no pick 'sun'; its picks are love, star, storm"),
        (dict(game="starlight-christmas", level=200, mode="turbo"), slot_math.ConfigError, "mode: starlight-christmas has no mode 'turbo'; its modes are standard, ante"),
        (dict(game="starlight-christmas", level=200, pick="love"), slot_math.ConfigError, "pick: starlight-christmas has no free-spin pick"),
        (dict(rtp=93), slot_math.ConfigError, "93"),
        (dict(rtp=84.5, model="standard"), slot_math.ConfigError, "model and rtp exclude each other"),
        (dict(model="no-such-model"), slot_math.ModelError, "no-such-model"),
        (dict(start_copies=0), slot_math.ConfigError, "start_copies: must be from 1 to 2**32 - 1 (default 16) (it was 0)"),
        (dict(split="100"), slot_math.ConfigError, "start_copies/split: splitting plan refused: '100' is not a level; write AT:COPIES"),
        (dict(split="100:1"), slot_math.ConfigError, "makes 1 copies; a level makes 2 or more"),
        (dict(game="starlight-christmas", level=200, base_game=True, split="100:3"), slot_math.ConfigError, "base_game: the base game alone is estimated by conditional Monte Carlo, without splitting"),
        (dict(level=200, base_game=True), slot_math.ConfigError, "the base game alone's odds need draws its win depends on only at its end"),
        (dict(game="starlight-christmas", level=6000, base_game=True), slot_math.ConfigError, "6000 x is above starlight-christmas's cap, 5000 x the bet"),
        (dict(level=6000), slot_math.ConfigError, "6000 x is above moon-princess's cap, 5000 x the bet"),
        # Only what the game offers instead: not `tail` or `split`, which it refuses too.
        (dict(game="wish-upon-a-star", level=200, base_game=True), slot_math.ConfigError, "which wish-upon-a-star does not offer; count the rare wins in whole rounds: `sim wish-upon-a-star`"),
        (dict(mode="ante"), slot_math.ConfigError, "mode: moon-princess has no mode 'ante'; its modes are love, star, storm"),
        (dict(split=5), slot_math.ConfigError, "split: must be text, the levels AT:COPIES in x bet separated by commas (\"100:3,300:3\"), or \"none\" (it was 5)"),
    ],
)
def test_bad_arguments_are_named(kwargs, kind, message):
    args = {"game": "moon-princess", "level": 200, "max_roots": 1_000, **kwargs}
    with pytest.raises(kind) as e:
        slot_math.tail(args.pop("game"), args.pop("level"), **args)
    assert message in str(e.value)
    assert isinstance(e.value, ValueError)

