"""The player-experience figures in Python: per round worked out from ``rounds()`` (each
round's win against the stake), and the same sums from the shards of a run merged in any
order."""

import slot_math


def test_the_figures_are_those_of_the_rounds_in_order():
    r = slot_math.simulate("starlight-christmas", rounds=25_000, seed=5, mode="ante")
    per_round = slot_math.rounds("starlight-christmas", 25_000, seed=5, mode="ante")
    wins = [int(w) for w in per_round["win"]]
    stake = 125  # hundredths of the bet: the ante's 1.25 x bet
    e = r.sums["experience"]
    assert e["below_stake"] == sum(1 for w in wins if 0 < w < stake)
    assert e["at_stake"] == sum(1 for w in wins if w == stake)
    assert e["above_stake"] == sum(1 for w in wins if w > stake)
    assert e["at_least_100x"] == sum(1 for w in wins if w >= 100 * stake)
    big = [i for i, w in enumerate(wins) if w >= stake]
    spells = [b - a - 1 for a, b in zip(big, big[1:])]
    assert e["spells"] == len(spells)
    assert e["longest"] == max(spells)
    assert (e["first_big"], e["last_big"]) == (big[0], big[-1])
    f = r.experience
    assert f["below_stake"] == e["below_stake"] / 25_000
    assert f["dry_spells"]["mean"] == sum(spells) / len(spells)
    assert sorted(spells)[(len(spells) + 1) // 2 - 1] == f["dry_spells"]["median"]["rounds"]


def test_shards_in_any_order_merge_into_the_whole_run():
    whole = slot_math.simulate("wish-upon-a-star", rounds=45_000, seed=3)
    shards = [slot_math.simulate("wish-upon-a-star", rounds=45_000, seed=3, shard=(i, 3)) for i in range(3)]
    merged = slot_math.merge(list(reversed(shards)))
    assert merged.sums["experience"] == whole.sums["experience"]
    assert merged.experience == whole.experience
