"""The report of a simulation (or of a merge): :class:`Report`."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np

from . import _slot_math

__all__ = ["Report", "read_report"]


class Report:
    """The PAR report of a simulation or a merge, as ``cargo xtask sim --json`` writes it.

    Every figure of the report is an attribute (fractions of the stake, wins in x bet, as in
    the JSON): ``rtp``, ``rtp_ci95``, ``rtp_ci99``, ``sd``, ``volatility_index``,
    ``hit_frequency``, ``max_win``, ``cap_hits``, ``features``, ``rtp_by_source``,
    ``top_awards``, ``experience``, ... ; ``sums`` holds the exact integer sums they are computed from
    (128-bit sums as Python ints). :meth:`to_dict` gives the whole report as the JSON object
    (``sim --json``), :meth:`to_json` as its text, ``str(report)`` as the readable PAR report.

    ``experience`` (``None`` for a report of an earlier version) is what a player lives
    through, per stake paid: ``below_stake`` (the share of rounds that pay more than 0 but
    less than the stake, "losses disguised as wins"), ``at_stake``, ``above_stake``,
    ``at_least`` (per multiple 1, 5, 10, 100 of the stake: ``multiple``, ``count``,
    ``share``) and ``dry_spells`` (the runs of rounds between two rounds paying at least the
    stake: ``count``, ``mean``, ``median`` and ``p99`` (each ``{"rounds", "at_least"}``),
    ``longest``, ``open_leading``, ``open_trailing``); its exact sums are
    ``sums["experience"]``, which merge exactly across shards.

    Two tables are numpy arrays (dicts of equal-length 1-D arrays, ready for
    ``pandas.DataFrame``):

    * ``win_distribution``: ``range`` (labels), ``low_x`` and ``high_x`` (edges in x bet),
      ``count``, ``share``, ``one_in`` (NaN where no round fell in);
    * ``convergence``: the running sums after fixed batch counts: ``batches``, ``rounds``,
      ``total_win`` (hundredths of the bet), ``rtp``, ``half_width_99`` (of the running RTP).

    Reports are made by :func:`slot_math.simulate`, :func:`slot_math.merge`,
    :meth:`Report.from_json` and :func:`read_report`; a report read back is checked
    (checksum, game, relations of its sums) and its figures recomputed from its sums.
    """

    game: str
    mode: str
    pick: Optional[str]
    rounds: int
    seed: int
    threads: int
    stake_x_bet: float
    rtp: float
    rtp_ci95: Tuple[float, float]
    rtp_ci99: Tuple[float, float]
    rtp_intervals: List[Dict[str, Any]]
    sd: float
    volatility_index: Dict[str, float]
    hit_frequency: float
    max_win: float
    cap_hits: int
    cap_one_in: Optional[float]
    features: Dict[str, Dict[str, Any]]
    rtp_by_source: Dict[str, float]
    top_awards: List[Dict[str, Any]]
    experience: Optional[Dict[str, Any]]
    target_rtp: float
    exact_rtp: Optional[float]
    model_fingerprint: str
    sums: Dict[str, Any]
    sums_sha256: str
    stop: str
    rounds_planned: int
    elapsed_seconds: float
    rounds_per_second: float
    interval_reliable: bool
    interval_warning: Optional[str]
    goodness_of_fit: Optional[Dict[str, Any]]
    shard: Optional[Dict[str, Any]]
    merged: Optional[Dict[str, Any]]
    win_distribution: Dict[str, Any]
    convergence: Dict[str, np.ndarray]

    def __init__(self, parts: Dict[str, Any]) -> None:
        """A report from the parts the compiled module returns (not for direct use)."""
        self._json: str = parts["json"]
        self._text: str = parts["text"]
        d = json.loads(self._json)
        self._dict: Dict[str, Any] = d
        self.game = d["game"]
        self.mode = d["mode"]
        self.pick = d.get("pick")
        self.rounds = d["rounds"]
        self.seed = d["seed"]
        self.threads = d["threads"]
        self.stake_x_bet = d["stake_x_bet"]
        self.rtp = d["rtp"]
        self.rtp_ci95 = (d["rtp_ci95"][0], d["rtp_ci95"][1])
        self.rtp_ci99 = (d["rtp_ci99"][0], d["rtp_ci99"][1])
        self.rtp_intervals = d["rtp_intervals"]
        self.sd = d["sd"]
        self.volatility_index = d["volatility_index"]
        self.hit_frequency = d["hit_frequency"]
        self.max_win = d["max_win"]
        self.cap_hits = d["cap_hits"]
        self.cap_one_in = d.get("cap_one_in")
        self.features = d["features"]
        self.rtp_by_source = d["rtp_by_source"]
        self.top_awards = d["top_awards"]
        self.experience = d.get("experience")
        self.target_rtp = d["target_rtp"]
        self.exact_rtp = parts.get("exact_rtp")
        self.model_fingerprint = d["model_fingerprint"]
        self.sums = d["sums"]
        self.sums_sha256 = d["sums_sha256"]
        self.stop = d["stop"]
        self.rounds_planned = d["rounds_planned"]
        self.elapsed_seconds = d["elapsed_seconds"]
        self.rounds_per_second = d["rounds_per_second"]
        self.interval_reliable = d["interval_reliable"]
        self.interval_warning = d.get("interval_warning")
        self.goodness_of_fit = d.get("goodness_of_fit")
        self.shard = d.get("shard")
        self.merged = d.get("merged")
        self.win_distribution = parts["win_distribution"]
        self.convergence = parts["convergence"]

    @classmethod
    def from_json(cls, text: str, label: str = "report") -> "Report":
        """Reads a report written as JSON (``sim --json``, ``merge --json``, a PAR file's
        ``report.json``, :meth:`to_json`) without trusting it: every field typed, the
        checksum of the sums, the game and mode, every relation between the sums checked, and
        every figure computed again from the sums. ``label`` names the input in errors.

        Raises :class:`slot_math.ReportError` naming what is wrong.
        """
        return cls(_slot_math._report_from_json(text, label))

    def to_dict(self) -> Dict[str, Any]:
        """The report as the JSON object ``sim --json`` prints (a fresh copy): every figure,
        the exact ``sums``, the provenance (model fingerprint, checksum, stop, convergence)."""
        return json.loads(self._json)

    def to_json(self) -> str:
        """The report as one line of JSON, exactly what ``cargo xtask sim --json`` prints for
        the same run (but for the timing fields); :meth:`from_json` and ``cargo xtask merge``
        read it."""
        return self._json

    def text(self) -> str:
        """The readable PAR report, as ``cargo xtask sim`` prints it."""
        return self._text

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        pick = f", pick={self.pick!r}" if self.pick else f", mode={self.mode!r}"
        return (
            f"<slot_math.Report {self.game}{pick}: {self.rounds} rounds, seed {self.seed}, "
            f"RTP {self.rtp * 100:.4f} % (99 % CI {self.rtp_ci99[0] * 100:.4f} to "
            f"{self.rtp_ci99[1] * 100:.4f} %), {self.stop}>"
        )

    def __eq__(self, other: object) -> bool:
        """Two reports are equal when their games, modes, models and exact sums are."""
        if not isinstance(other, Report):
            return NotImplemented
        keys = ("game", "mode", "pick", "model_fingerprint", "sums_sha256", "seed")
        return all(getattr(self, k) == getattr(other, k) for k in keys)

    __hash__ = None  # type: ignore[assignment]


def read_report(path: Union[str, "os.PathLike[str]"]) -> Report:
    """Reads a report file (``sim --json`` output, ``report.json``) as :meth:`Report.from_json`
    does; the path names it in errors. Raises :class:`slot_math.ReportError`, or
    :class:`OSError` if the file cannot be read."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return Report.from_json(text, os.fspath(path))
