"""The odds of rare wins, P(a round's win >= x), by multilevel splitting: :func:`tail`, as
``cargo xtask tail`` estimates them, and its result :class:`Tail`."""

from __future__ import annotations

import json
import math
import os
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _slot_math

Level = Union[int, float, str]


class Tail:
    """A rare-event run's result: the record ``cargo xtask tail --out`` writes, its estimates,
    and the run's cost.

    The figures of the **top level** (the highest of ``level=``, the one the default plan
    aims at) are attributes: :attr:`probability` (P(win >= level), the estimate),
    :attr:`ci95` (its 95 % interval, normal, clipped at 0), :attr:`relative_half_width` (the
    95 % half-width over the estimate, a fraction: 0.05 is 5 %; ``inf`` while no root
    reached the level), :attr:`effective_count` (the events a brute-force count of the same
    relative precision needs), :attr:`one_in` (1 / probability). :attr:`estimates` holds
    every level's, lowest first, as ``tail --json`` prints them (``level`` in hundredths of
    the bet, ``probability``, ``std_error``, ``ci95``, ``relative_half_width`` (``None``
    while nothing reached it), ``effective_count``, ``equivalent_rounds``, ``roots_hit``).

    The run: :attr:`game`, :attr:`mode`, :attr:`model` (the model's SHA-256 fingerprint),
    :attr:`method`, :attr:`importance`, :attr:`seed`, :attr:`roots` (root rounds played),
    :attr:`max_roots`, :attr:`met` (whether every level reached ``until_relative``; ``None``
    without it), :attr:`command` (the runner's command line that plays the same run, kept in
    the record), :attr:`threads`, :attr:`seconds` (wall time) and :attr:`cpu_seconds` (the
    process's CPU time, user and system, of every thread, over the call: the measure the
    certified records state). :attr:`record` is the record as a dict; :meth:`write` writes
    it as ``--out`` does, for ``cargo xtask tail-merge``.
    """

    def __init__(self, parts: Dict[str, Any], seconds: float, cpu_seconds: float):
        self._record_json: str = parts["record"]
        self.record: Dict[str, Any] = json.loads(self._record_json)
        self.estimates: List[Dict[str, Any]] = json.loads(parts["estimates"])
        self._text: str = parts["text"]
        self.threads: int = parts["threads"]
        self.met: Optional[bool] = parts["met"]
        self.seconds: float = seconds
        self.cpu_seconds: float = cpu_seconds
        r = self.record
        self.game: str = r["game"]
        self.mode: str = r["mode"]
        self.model: str = r["model"]
        self.method: str = r["method"]
        self.importance: str = r["importance"]
        part = r["parts"][0]
        self.seed: int = part["seed"]
        self.max_roots: int = part["run_rounds"]
        self.roots: int = r["sums"]["roots"]
        self.command: str = r["commands"][0]

    @property
    def top(self) -> Dict[str, Any]:
        """The top level's estimate (the last of :attr:`estimates`)."""
        return self.estimates[-1]

    @property
    def level(self) -> float:
        """The top level, x bet."""
        return self.top["level"] / 100

    @property
    def levels(self) -> List[float]:
        """Every level, x bet, lowest first."""
        return [e["level"] / 100 for e in self.estimates]

    @property
    def probability(self) -> float:
        """P(a round's win >= the top level): the estimate."""
        return float(self.top["probability"])

    @property
    def std_error(self) -> float:
        """The estimate's standard error."""
        return float(self.top["std_error"])

    @property
    def ci95(self) -> Tuple[float, float]:
        """The estimate's 95 % interval (normal, clipped at 0)."""
        low, high = self.top["ci95"]
        return (float(low), float(high))

    @property
    def relative_half_width(self) -> float:
        """The 95 % half-width over the estimate (a fraction; ``inf`` if nothing reached
        the level)."""
        r = self.top["relative_half_width"]
        return math.inf if r is None else float(r)

    @property
    def effective_count(self) -> float:
        """(probability / std_error)^2: the events a brute-force count as precise needs."""
        return float(self.top["effective_count"])

    @property
    def one_in(self) -> float:
        """1 / probability (``inf`` if nothing reached the level)."""
        p = self.probability
        return math.inf if p == 0 else 1 / p

    def to_dict(self) -> Dict[str, Any]:
        """The JSON object of ``tail --json`` (``record``, ``estimates``, ``seconds``,
        ``threads``), with ``cpu_seconds``."""
        return {
            "record": self.record,
            "estimates": self.estimates,
            "seconds": self.seconds,
            "threads": self.threads,
            "cpu_seconds": self.cpu_seconds,
        }

    def record_json(self) -> str:
        """The record as ``tail --out`` writes it (pretty JSON; sums as exact integers)."""
        return self._record_json

    def write(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the record to ``path`` as ``tail --out`` does (``cargo xtask tail-merge``
        merges it with the runner's records of other seeds or shards)."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self._record_json)

    def __str__(self) -> str:
        """The runner's text: the run, each level's odds and interval, and its time."""
        rate = self.roots / max(self.seconds, 1e-9)
        threads = "1 thread" if self.threads == 1 else f"{self.threads} threads"
        return (
            self._text
            + f"{self.seconds:.1f} s on {threads} ({rate:.0f} root rounds/s), "
            + f"{self.cpu_seconds:.1f} CPU s\n"
        )

    def __repr__(self) -> str:
        return (
            f"<Tail {self.game} {self.mode} P(win >= {self.level:g} x) = "
            f"{self.probability:.4e}, 95 % [{self.ci95[0]:.4e}, {self.ci95[1]:.4e}], "
            f"+-{100 * self.relative_half_width:.2f} %, {self.roots} roots, seed {self.seed}>"
        )


def tail(
    game: str,
    level: Union[Level, Sequence[Level]],
    *,
    mode: Optional[str] = None,
    pick: Optional[str] = None,
    rtp: Optional[Union[float, str]] = None,
    model: Optional[str] = None,
    until_relative: Optional[float] = None,
    seed: Optional[int] = None,
    max_roots: Optional[int] = None,
    threads: Optional[int] = None,
    start_copies: Optional[int] = None,
    split: Optional[str] = None,
    base_game: bool = False,
) -> Tail:
    """The odds that a round's win reaches ``level`` (x bet), P(win >= level), estimated
    without bias by multilevel splitting, as ``cargo xtask tail GAME [--rtp R] [--mode M |
    --choice X | --ante] --level L [--until-relative P] --rounds N --seed S`` estimates them: the same
    arguments give the same record, sums and figures, whatever ``threads`` is. Returns a
    :class:`Tail`.

    A root round is round r of the simulator's sequence of ``seed``; one whose feature
    starts (Moon Princess's free spins, Starlight Christmas's) continues as 16 copies, and a
    copy whose running win first passes a level of the plan (the top level / 64, / 32, ...,
    / 2, from 50 x) as 4; each copy carries its share of the weight. The method, its proof
    and the measured figures: the repository's ``docs/rare-events.md``.

    :param game: a game whose rounds can be split: ``"moon-princess"`` or
        ``"starlight-christmas"`` (Wish Upon a Star raises :class:`ConfigError`).
    :param level: the win whose odds are estimated, x bet above 0 with at most two decimals
        (``5000``, ``312.5``, ``"5000"``), or several (``[1000, 5000]``, ``"1000,5000"``; at
        most 32): the ``--level`` of the runner.
    :param mode: the mode by name, as ``--mode``: ``"standard"`` or ``"ante"`` (Starlight
        Christmas; ``"ante"`` is ``--ante``); Moon Princess's pick (``"love"``, ``"star"``,
        ``"storm"``). Default: the game's first.
    :param pick: Moon Princess's pick (``--choice``; the same as ``mode``).
    :param rtp: the RTP variant of the game's ladder, in percent (``84.5`` or ``"84.50"``), as
        ``--rtp``; excludes ``model``.
    :param model: a shipped model by name or a model file's path, as ``--model``.
    :param until_relative: stop once every level's 95 % relative half-width is at most this
        many per cent of its estimate (above 0, below 100: ``5`` for 5 %) and 50 root rounds
        reached it, looked at every 160,000 root rounds (so the stop is the same for every
        thread count); :attr:`Tail.met` says whether it was reached within ``max_roots``.
    :param seed: the seed, 0 to 2**64 - 1 (default :data:`DEFAULT_SEED`).
    :param max_roots: root rounds to play (with ``until_relative``: at most this many), 1 to
        2**64 - 1 (default 1,000,000): the runner's ``--rounds``.
    :param threads: worker threads, 1 to 256; ``None`` or 0 for every core. Changes no
        figure.
    :param start_copies: copies a round continues as when its feature starts (default 16),
        as ``--start-copies``.
    :param split: the levels of the running win at which a copy splits again, ``"AT:K,..."``
        in x bet (``"100:3,300:3"``), or ``"none"``, as ``--split``.
    :param base_game: the odds that the **base game alone** reaches the levels (each at most
        the cap), by conditional Monte Carlo over base games instead of splitting, as
        ``--base-game``: Starlight Christmas, whose Multipliers' values are summed exactly
        given the rest of its base game (Moon Princess raises :class:`ConfigError`); a
        "root" is then a base game. Excludes ``start_copies`` and ``split``.
    :raises ConfigError: an argument out of range (the message names the argument and what
        is allowed), or a game that cannot be split.
    :raises ModelError: an unknown or refused model.
    :raises KeyboardInterrupt: Ctrl-C: the run stops after the chunk under way.

    The GIL is released while it runs.
    """
    wall, cpu = time.perf_counter(), time.process_time()
    parts = _slot_math._tail(
        game,
        level,
        mode=mode,
        pick=pick,
        rtp=rtp,
        model=model,
        until_relative=until_relative,
        seed=seed,
        max_roots=max_roots,
        threads=threads,
        start_copies=start_copies,
        split=split,
        base_game=base_game,
    )
    return Tail(parts, time.perf_counter() - wall, time.process_time() - cpu)
