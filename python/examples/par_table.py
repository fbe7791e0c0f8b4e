"""A worked example: the PAR table of the three games and a plot, with pandas and matplotlib.

    python python/examples/par_table.py [--rounds N] [--seed S] [--out DIR]

Simulates every game and mode, prints the PAR table (RTP with its 99 % interval, the target,
hit frequency, volatility, free-spin frequency, largest win), the win distribution of Moon
Princess and the per-round analysis pandas makes possible (the RTP of the rounds with and
without free spins), and writes ``par_table.csv`` and ``par.png`` (the win distribution and
the running RTP with its 99 % band and the target) into DIR (default ``par-example/``).
Runs without a display (``MPLBACKEND=Agg``).
"""

import argparse
import os

import matplotlib

if not os.environ.get("DISPLAY") and "MPLBACKEND" not in os.environ:
    matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

import slot_math  # noqa: E402


def par_table(rounds: int, seed: int) -> pd.DataFrame:
    """One row per game and mode: the PAR figures of a run of ``rounds`` rounds."""
    rows = []
    for game in slot_math.games():
        for mode in slot_math.modes(game):
            r = slot_math.simulate(game, rounds=rounds, seed=seed, mode=mode)
            fs = r.features.get("free spins", {})
            rows.append(
                {
                    "game": game,
                    "mode": mode,
                    "rounds": r.rounds,
                    "RTP %": 100 * r.rtp,
                    "99 % low": 100 * r.rtp_ci99[0],
                    "99 % high": 100 * r.rtp_ci99[1],
                    "target %": 100 * r.target_rtp,
                    "hit frequency %": 100 * r.hit_frequency,
                    "sd": r.sd,
                    "VI 95": r.volatility_index["vi95"],
                    "free spins 1 in": fs.get("one_in"),
                    "max win x": r.max_win,
                }
            )
    return pd.DataFrame(rows).set_index(["game", "mode"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=slot_math.DEFAULT_SEED)
    parser.add_argument("--out", default="par-example")
    a = parser.parse_args()
    os.makedirs(a.out, exist_ok=True)

    table = par_table(a.rounds, a.seed)
    pd.set_option("display.width", 200)
    print(table.round(3).to_string())
    table.to_csv(os.path.join(a.out, "par_table.csv"))

    # One game in depth: the report's arrays.
    report = slot_math.simulate("moon-princess", rounds=a.rounds, seed=a.seed, pick="star")
    dist = pd.DataFrame(report.win_distribution).set_index("range")
    print("\nMoon Princess (star): win distribution")
    print(dist[["count", "share", "one_in"]].to_string())

    # The designer's own analysis from per-round arrays: the RTP with and without free
    # spins, which the PAR sheet gives only as a split by source.
    n = min(a.rounds, 500_000)
    df = pd.DataFrame(slot_math.rounds("moon-princess", n, seed=a.seed, pick="star"))
    df["win_x"] = df["win"] / 100
    split = df.groupby("feature:free spins")["win_x"].agg(["count", "mean", "sum"])
    split["RTP share %"] = 100 * split["sum"] / n
    print(f"\nMoon Princess (star), first {n} rounds: rounds with and without free spins")
    print(split.to_string())
    assert int(df["win"].sum()) == slot_math.simulate(
        "moon-princess", rounds=n, seed=a.seed, pick="star"
    ).sums["total_win"]

    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5))
    shown = dist[dist["count"] > 0].drop(index="0", errors="ignore")
    left.bar(range(len(shown)), shown["share"], color="#4a6fa5")
    left.set_yscale("log")
    left.set_xticks(range(len(shown)), shown.index, rotation=45, ha="right")
    left.set_xlabel("win, x bet")
    left.set_ylabel("share of rounds")
    left.set_title("Moon Princess (star): win distribution")

    c = report.convergence
    rtp = 100 * c["rtp"]
    band = 100 * c["half_width_99"]
    right.plot(c["rounds"], rtp, color="#4a6fa5", label="running RTP")
    right.fill_between(c["rounds"], rtp - band, rtp + band, alpha=0.25, color="#4a6fa5", label="99 % band")
    right.axhline(100 * report.target_rtp, color="#c0392b", ls="--", label="target")
    right.set_xscale("log")
    right.set_xlabel("rounds")
    right.set_ylabel("RTP %")
    right.set_title("Moon Princess (star): RTP convergence")
    right.legend()
    fig.tight_layout()
    png = os.path.join(a.out, "par.png")
    fig.savefig(png, dpi=100)
    print(f"\nwrote {png} and {os.path.join(a.out, 'par_table.csv')}")


if __name__ == "__main__":
    main()
