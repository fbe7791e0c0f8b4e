"""slot_math.markets: the market verdicts as Python data, on verdicts worked out by hand,
the same as the runner's ``markets --json``."""

import pytest

import slot_math
from slot_math import ConfigError


def test_the_84_50_moon_princess_variant_is_not_allowed_in_malta_or_brazil():
    # 84.50 % +- 0.05 pp (99 %) ends below the 85 % floor of both markets: not allowed,
    # every pick; the floor's line cites the rule and the certified figure.
    m = slot_math.markets("moon-princess", rtp="84.50", market=["mt", "br"])
    assert [x["market"] for x in m["markets"]] == ["mt", "br"]
    for market in m["markets"]:
        verdicts = market["verdicts"]
        assert sorted(v["mode"] for v in verdicts) == ["love", "star", "storm"]
        for v in verdicts:
            assert v["model"] == "rtp-84.50"
            assert v["status"] == "not_allowed"
            floor = [l for l in v["lines"] if l["rule"].endswith("-min-rtp")][0]
            assert floor["outcome"] == "fail"
            assert "is below the floor 85.00 %" in floor["finding"]
            assert "certification record" in floor["finding"]


def test_starlight_christmas_ante_under_the_german_cap_keeps_bets_up_to_0_80():
    # The ante costs 1.25 x the base bet: 1.25 x 0.80 = 1.00 is the largest stake under
    # EUR 1; the help page is in German.
    m = slot_math.markets("starlight-christmas", rtp=95.5, market="de")
    (de,) = m["markets"]
    ante = [v for v in de["verdicts"] if v["mode"] == "ante"][0]
    cap = [l for l in ante["lines"] if l["rule"] == "de-stake-cap"][0]
    assert cap["outcome"] == "condition"
    assert "keeps base bets 0.20 to 0.80" in cap["finding"]
    payout = [l for l in ante["lines"] if l["rule"] == "de-payout-per-euro"][0]
    assert payout["help"].startswith("Durchschnittliche Auszahlungsquote je 1 Euro")


def test_every_variant_and_mode_of_the_ladder_is_judged():
    # Moon Princess: 5 variants x 3 picks; Wish Upon a Star: 5 x 1.
    for game, cells in [("moon-princess", 15), ("wish-upon-a-star", 5)]:
        m = slot_math.markets(game, market="gli")
        assert len(m["markets"][0]["verdicts"]) == cells


def test_a_model_without_evidence_is_undecided():
    m = slot_math.markets("starlight-christmas", model="stress", market="mt")
    for v in m["markets"][0]["verdicts"]:
        assert v["status"] == "undecided"
        assert v["lines"][0]["finding"].startswith("no certified figure")


def test_bad_arguments_are_refused_naming_what_is_allowed():
    with pytest.raises(ConfigError, match="no market 'atlantis'; the known markets are at, br"):
        slot_math.markets("moon-princess", market="atlantis")
    with pytest.raises(ConfigError, match="not both"):
        slot_math.markets("moon-princess", rtp="84.50", model="standard")
    with pytest.raises(ConfigError, match="there is no game"):
        slot_math.markets("no-such-game")


def test_the_same_as_the_runner(xtask):
    want = xtask.json("markets", "wish-upon-a-star", "--market", "de", "--json")
    assert slot_math.markets("wish-upon-a-star", market="de") == want
