"""Every integer argument of the package, at any size: outside its range (beyond 64 bits,
beyond 128 bits, negative) it raises the library's own error naming the argument and its
range, never a bare ``OverflowError`` nor a misleading rule."""

import pytest

import slot_math

U64 = "2**64 - 1"
HUGE = [2**64, 2**127, 2**128, 2**200, -(2**200)]


def shown(v):
    """How the message shows a value: its repr, or for a long integer its digits."""
    r = repr(v)
    return r if len(r) <= 40 else f"an integer of {len(r.lstrip('-'))} digits"


CASES = [
    # (call with the value, error class, message before "(it was ...)")
    (lambda v: slot_math.simulate("wish-upon-a-star", rounds=v), slot_math.ConfigError,
     f"rounds: must be from 1 to {U64}"),
    (lambda v: slot_math.simulate("wish-upon-a-star", rounds=1_000, seed=v), slot_math.ConfigError,
     f"seed: must be from 0 to {U64}"),
    (lambda v: slot_math.simulate("wish-upon-a-star", rounds=1_000, threads=v), slot_math.ConfigError,
     "threads: must be from 1 to 256, or 0 (or None) for every core"),
    (lambda v: slot_math.simulate("wish-upon-a-star", rounds=1_000, gof_rounds=v), slot_math.ConfigError,
     f"gof_rounds: must be from 0 (no goodness-of-fit section) to {U64}"),
    (lambda v: slot_math.simulate("wish-upon-a-star", rounds=1_000, shard=(0, v)), slot_math.ConfigError,
     f"shard: the count must be from 1 to {U64} and the index below it"),
    (lambda v: slot_math.simulate("wish-upon-a-star", rounds=1_000, shard=(v, 2)), slot_math.ConfigError,
     f"shard: the count must be from 1 to {U64} and the index below it"),
    (lambda v: slot_math.rounds("wish-upon-a-star", v), slot_math.ConfigError,
     "n: the number of rounds must be from 1 to 10**12"),
    (lambda v: slot_math.rounds("wish-upon-a-star", 10, seed=v), slot_math.ConfigError,
     f"seed: must be from 0 to {U64}"),
    (lambda v: slot_math.rounds("wish-upon-a-star", 10, threads=v), slot_math.ConfigError,
     "threads: must be from 1 to 256"),
    (lambda v: slot_math.play("wish-upon-a-star", v, 0), slot_math.ConfigError,
     f"seed: must be from 0 to {U64}"),
    (lambda v: slot_math.play("wish-upon-a-star", 1, v), slot_math.ConfigError,
     f"round: must be from 0 (the first round) to {U64}"),
]


@pytest.mark.parametrize("value", HUGE)
@pytest.mark.parametrize("call,kind,message", CASES)
def test_an_integer_past_its_range_is_refused_by_name(call, kind, message, value):
    with pytest.raises(kind) as e:
        call(value)
    text = str(e.value)
    assert text.startswith(message) and text.endswith(f"(it was {shown(value)})"), text
    assert not isinstance(e.value, OverflowError)


def test_the_largest_seed_and_round_are_taken():
    # 2**64 - 1 is in range for a seed and a round index (the next integer is not).
    log = slot_math.play("wish-upon-a-star", 2**64 - 1, 2**64 - 1)
    assert log["events"][-1]["event"] == "round_end"


@pytest.mark.parametrize("value", [2**64, 2**200, -(2**200)])
def test_a_multiplier_past_64_bits_gets_the_games_own_message(value):
    with pytest.raises(slot_math.GridError) as e:
        slot_math.evaluate("moon-princess", "ci ci ci st he/be he st ci pg/pg pb pr W st/ci ci he he be/st st st be be",
                           multiplier=value)
    assert str(e.value).endswith(f"multiplier {value} is not allowed; the multiplier is 1 to 20"), str(e.value)


def test_a_number_that_is_not_whole_is_refused_by_name():
    with pytest.raises(slot_math.ConfigError, match=r"^rounds: must be from 1 to 2\*\*64 - 1 \(it was 1.5\)$"):
        slot_math.simulate("wish-upon-a-star", rounds=1.5)
