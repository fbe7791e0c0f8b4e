"""slot_math: the slot-game math library from Python.

Three regulated slot games (``moon-princess``, ``wish-upon-a-star``,
``starlight-christmas``) and their simulation library, compiled from the Rust workspace
(PyO3). The same seed gives the same rounds, sums and figures as ``cargo xtask sim``.

* :func:`simulate`: a simulation run; returns a :class:`Report` (the PAR figures as
  attributes, ``to_dict()``, the win distribution and convergence as numpy arrays). The GIL
  is released while it runs; Ctrl-C stops it (``KeyboardInterrupt``).
* :func:`rounds`: per-round numpy arrays of a seed's first rounds (for pandas).
* :func:`play`: one round's event log; :func:`evaluate`: a grid evaluated alone;
  :func:`exact`: Wish Upon a Star's exact figures as :class:`fractions.Fraction`.
* :func:`tune`: a variant of a game's published model for a target RTP (its variant file).
* :func:`certify`: a game's certification into a folder, as ``cargo xtask certify`` (the
  same files); returns a :class:`Certification` of :class:`Certificate`.
* :func:`markets`: which markets may run each variant and mode (``cargo xtask markets``):
  verdicts from the certified figures, with the rule and figure of each line.
* :func:`tail`: the odds of rare wins (the 5,000 x cap, any level) by multilevel splitting,
  as ``cargo xtask tail``; returns a :class:`Tail` (estimate, 95 % interval, relative
  half-width, effective events, roots, CPU seconds, method, seed, the record).
* :func:`merge`: reports merged exactly; :func:`read_report`, :meth:`Report.from_json`.
* :func:`games`, :func:`modes`, :func:`picks`, :func:`models`, :func:`variants`,
  :func:`game_info`: what there is to choose.

Money is in x bet (the paytable's bet) in reports and :func:`evaluate`, and in hundredths of
the bet (exact integers) in :func:`rounds` and the event logs. Errors are
:class:`SlotMathError` subclasses carrying the Rust library's message.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _slot_math
from ._errors import (
    ConfigError,
    GridError,
    ModelError,
    ReportError,
    SimulationError,
    SlotMathError,
)
from ._report import Report, read_report
from ._certify import Certificate, Certification, certify
from ._markets import markets
from ._export import export_stake, export_verify
from ._tail import Tail, tail

__all__ = [
    "simulate",
    "rounds",
    "play",
    "evaluate",
    "exact",
    "tune",
    "certify",
    "Certificate",
    "Certification",
    "export_stake",
    "export_verify",
    "merge",
    "markets",
    "tail",
    "Tail",
    "games",
    "modes",
    "picks",
    "models",
    "variants",
    "game_info",
    "Report",
    "read_report",
    "SlotMathError",
    "ConfigError",
    "ModelError",
    "GridError",
    "ReportError",
    "SimulationError",
    "DEFAULT_SEED",
    "BATCH_ROUNDS",
]

__version__ = "0.1.0"

#: The seed of a run when none is given (the runner's default too).
DEFAULT_SEED: int = _slot_math.DEFAULT_SEED
#: Rounds per batch: each batch of a seed has its own generator.
BATCH_ROUNDS: int = _slot_math.BATCH_ROUNDS


def simulate(
    game: str,
    *,
    rounds: Optional[int] = None,
    seed: int = DEFAULT_SEED,
    threads: Optional[int] = None,
    mode: Optional[str] = None,
    pick: Optional[str] = None,
    rtp: Optional[Union[float, str]] = None,
    model: Optional[str] = None,
    gof_rounds: int = 0,
    confidence: Optional[Sequence[Union[int, float, str]]] = None,
    shard: Optional[Tuple[int, int]] = None,
    detail: bool = False,
) -> Report:
    """Simulates ``rounds`` rounds of ``game`` and returns the PAR :class:`Report`.

    The same as ``cargo xtask sim <game> --rounds N --seed S``: the same seed and rounds give
    the same sums and figures, whatever ``threads`` is.

    :param game: ``"moon-princess"``, ``"wish-upon-a-star"`` or ``"starlight-christmas"``.
    :param rounds: rounds to play (at least 1); default as the runner's (10,000,000;
        Starlight Christmas 2,000,000).
    :param seed: the seed (0 to 2**64 - 1); default :data:`DEFAULT_SEED`.
    :param threads: worker threads, 1 to 256; ``None`` or 0 for every core. Changes no
        figure.
    :param mode: the mode: Moon Princess ``"love"``, ``"star"``, ``"storm"`` (its free-spin
        pick); Starlight Christmas ``"standard"``, ``"ante"``; Wish Upon a Star
        ``"standard"``. Default: the game's first.
    :param pick: Moon Princess's pick (the same as ``mode``; either may be given).
    :param rtp: the RTP variant of the game's ladder to play, in percent (``96.0`` or
        ``"96.00"``; see :func:`variants`), as ``--rtp``; ``None`` (the default) plays the
        published variant, or ``model``. An RTP the ladder does not have raises
        :class:`ConfigError` (a :class:`ValueError`) naming the ladder; ``rtp`` and ``model``
        together raise it too.
    :param model: a shipped model by name (``"standard"``, the default, a variant such as
        ``"rtp-96.00"``, or a stress model: see :func:`models`) or the path of a model file
        (JSON: a bare model, or a variant file as ``cargo xtask tune --out`` writes it), as
        ``--model``.
    :param gof_rounds: rounds replayed for the goodness-of-fit section (default 0: none; the
        runner's default is 200,000). Changes no sum.
    :param confidence: levels of the RTP intervals, in percent (default 95 and 99).
    :param shard: ``(i, n)``: play only shard i of n of the run (its consecutive share of
        the run's batches of 10,000 rounds), as ``--shard i/n``; :func:`merge` of the n
        shard reports gives exactly the whole run's sums.
    :param detail: also replay the rounds with their event records for the contribution
        sums (``--detail``): ``report.to_dict()["detail"]`` holds every symbol win by
        symbol, pay rule and count, other wins, tumble depths, cascade lengths, multipliers,
        Girl Power and the rounds by exact win (integers, hundredths of the bet, before the
        cap). Costs 2 to 5 times the run; changes no figure.
    :raises ConfigError: a setting out of range (the message names it and what is allowed).
    :raises ModelError: an unknown or refused model.
    :raises KeyboardInterrupt: Ctrl-C: the run stops after the batches under way.

    The GIL is released while the rounds are played: other Python threads run meanwhile.
    """
    return Report(
        _slot_math._simulate(
            game,
            rounds=rounds,
            seed=seed,
            threads=threads,
            mode=mode,
            pick=pick,
            rtp=rtp,
            model=model,
            gof_rounds=gof_rounds,
            confidence=None if confidence is None else list(confidence),
            shard=shard,
            detail=detail,
        )
    )


def rounds(
    game: str,
    n: int,
    *,
    seed: int = DEFAULT_SEED,
    threads: Optional[int] = None,
    mode: Optional[str] = None,
    pick: Optional[str] = None,
    model: Optional[str] = None,
    rtp: Optional[Union[float, str]] = None,
) -> Dict[str, np.ndarray]:
    """Plays rounds ``0 .. n-1`` of the simulator's sequence of ``seed`` and returns one numpy
    array per column, each of length ``n`` (``pandas.DataFrame(rounds(...))`` makes a table):

    * ``round``: the round's index k (round k of seed S is ``play(game, S, k)``);
    * ``win``: its win in hundredths of the bet (uint64, exact);
    * ``source:<name>``: the win by RTP source (uint64; they add up to ``win``);
    * ``feature:<name>``: whether the feature triggered (bool); ``feature_win:<name>``: what
      it brought (uint64);
    * ``award:<name>``: whether the top award came (bool);
    * ``capped``: whether the round hit the 5,000 x cap (capped games only).

    Round k is round k % 10,000 of batch k // 10,000 of the simulation, so
    ``rounds(g, n, seed=s)["win"].sum()`` is the ``total_win`` of
    ``simulate(g, rounds=n, seed=s).sums``. Each round takes under 100 bytes (78 for Moon
    Princess, 96 for Wish Upon a Star); an ``n`` whose arrays would not fit in the memory
    available is refused (``ConfigError``) before any round is played. The GIL is
    released while the rounds are played; Ctrl-C stops them (``KeyboardInterrupt``).
    Parameters as :func:`simulate`.
    """
    return _slot_math._rounds(
        game, n, seed=seed, threads=threads, mode=mode, pick=pick, model=model, rtp=rtp
    )


def play(
    game: str,
    seed: int,
    round: int,
    *,
    mode: Optional[str] = None,
    pick: Optional[str] = None,
    model: Optional[str] = None,
    rtp: Optional[Union[float, str]] = None,
    grid: Optional[str] = None,
) -> Dict[str, Any]:
    """Round ``round`` of seed ``seed`` of ``game``, as ``cargo xtask play <game> --seed S
    --round K --json`` prints it: ``{"events": [...]}``, each event a dict whose ``"event"``
    names it (``round_start``, ``landed``, ``win``, ``tumble``, ... ``round_end``); money in
    hundredths of the bet. The ``paid`` amounts add up to ``round_end``'s ``win``.
    Mode, pick, model and rtp as :func:`simulate`.

    ``grid``: play the round from this grid as the paid spin's landing instead, as ``cargo
    xtask play <game> --grid "..." --seed S --round K --json`` prints it; the grid is the
    runner's grid text (as :func:`evaluate` reads it), and whatever is random after it
    (refills, Star values, respins, free spins) is drawn from round ``round`` of seed
    ``seed``.

    :raises GridError: a grid that is not one of the game, or a game that cannot play a
        given grid.
    """
    return json.loads(
        _slot_math._play(
            game, seed, round, mode=mode, pick=pick, model=model, rtp=rtp, grid=grid
        )
    )


def evaluate(
    game: str,
    grid: str,
    *,
    free_spins: bool = False,
    multiplier: Optional[int] = None,
) -> Dict[str, Any]:
    """A grid evaluated alone by the game's rules, as ``cargo xtask eval <game> --grid ...
    --json`` prints it: ``wins`` (symbol, name, cells, count, multiplier, win in x bet),
    ``total``, ``paid`` (after the cap) and the game's other readings of the grid.

    ``grid`` is the runner's grid text: rows from the top separated by ``/``, cells by
    spaces, in the game's cell codes (``cargo xtask eval --help``). ``free_spins``: evaluate
    as a free spin (Moon Princess, Wish Upon a Star); ``multiplier``: the starting
    multiplier (Moon Princess, 1 to 20).

    :raises GridError: a grid that is not one of the game, or an option it does not take.
    """
    return json.loads(
        _slot_math._evaluate(game, grid, free_spins=free_spins, multiplier=multiplier)
    )


def _fraction(pair: Tuple[str, str]) -> Fraction:
    return Fraction(int(pair[0]), int(pair[1]))


def exact(
    game: str = "wish-upon-a-star",
    *,
    rtp: Optional[Union[float, str]] = None,
    model: Optional[str] = None,
) -> Dict[str, Any]:
    """The figures of a model computed exactly (rational arithmetic or enumeration, no
    sampling), by name, for a game that computes them (Wish Upon a Star, the template Ten
    Lines): each a :class:`fractions.Fraction` (``rtp`` always; a whole number such as
    ``base_combinations`` an int), the figures of a group in a dict of their own (Wish Upon
    a Star's ``rtp_by_source``, by source). The same figures as ``cargo xtask exact GAME
    [--rtp R | --model M]``.

    :param rtp: the RTP variant of the ladder, in percent (``92.0`` or ``"92.00"``; see
        :func:`variants`); ``None`` (the default) computes the published variant, or
        ``model``. An RTP the ladder does not have raises :class:`ConfigError` naming the
        ladder; ``rtp`` and ``model`` exclude each other.
    :param model: a shipped model by name (``"standard"``, ``"rtp-90.00"``, ...) or the path
        of a model file or variant file.

    A game whose figures are not computed exactly (Moon Princess, Starlight Christmas: their
    RTP is a simulation's) raises :class:`ConfigError`. The GIL is released while they are
    computed.
    """
    parts = _slot_math._exact(game, rtp=rtp, model=model)

    def value(part: Union[str, Tuple[str, str]]) -> Union[Fraction, int]:
        return int(part) if isinstance(part, str) else _fraction(part)

    return {
        name: {k: value(v) for k, v in part.items()} if isinstance(part, dict) else value(part)
        for name, part in parts.items()
    }


def tune(
    game: str,
    target_rtp: Union[float, str],
    *,
    rounds: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
) -> Dict[str, Any]:
    """A variant of ``game``'s published model for the RTP ``target_rtp`` (in percent, ``93``
    or ``"93.00"``, from 84 to 97), holding the published variant's shape: the variant file
    as a dict (``game``, ``target_rtp``, ``model``, ``tuning`` with its knobs, RTP per mode
    and shape beside the published variant's), tuned as ``cargo xtask tune GAME
    --target-rtp R --rounds N --seed S`` tunes it, so the same arguments give the same
    model, knobs and shape (its ``tuning.command`` names this call instead). Write it with
    ``json.dump`` and play it with ``model=PATH``.

    :param rounds: base games of the tuner's runs (and rounds of the shape's runs); the
        game's default without it. Moon Princess's tuner needs some 6e8 for a pick's RTP
        known to 0.10 pp and raises :class:`ConfigError` naming the rounds that would do.
    :param seed: the seed (the runner's default without it).
    :param threads: worker threads (``None`` or 0: every core); the figures do not depend
        on them.

    Moon Princess and Wish Upon a Star are tuned here; Starlight Christmas's tuner is still
    the runner's (:class:`ConfigError`). The GIL is released while it runs.
    """
    text = _slot_math._tune(game, target_rtp, rounds=rounds, seed=seed, threads=threads)
    return json.loads(text)


ReportLike = Union[Report, str, "os.PathLike[str]", Tuple[str, Report]]


def merge(
    reports: Iterable[ReportLike],
    *,
    confidence: Optional[Sequence[Union[int, float, str]]] = None,
) -> Report:
    """Merges reports of one game, mode and model exactly, as ``cargo xtask merge`` does:
    the shards of one run (each once, all of them), or independent runs with different seeds.

    Each report is a :class:`Report`, a ``(label, Report)`` pair, the JSON text of a report,
    or the path of a report file (:class:`os.PathLike`; a ``str`` is taken as a path when it
    does not start with ``{``). Nothing is trusted: each is checked as
    :meth:`Report.from_json` checks it, then the merge as the runner checks it.

    :raises ReportError: the first report or relation that is wrong, named by its label
        (``reports[i]``, the path or the label given).
    """
    pairs: List[Tuple[str, str]] = []
    for i, r in enumerate(reports):
        if isinstance(r, tuple):
            label, rep = r
            pairs.append((str(label), rep.to_json()))
        elif isinstance(r, Report):
            pairs.append((f"reports[{i}]", r.to_json()))
        elif isinstance(r, str) and r.lstrip().startswith("{"):
            pairs.append((f"reports[{i}]", r))
        else:
            path = os.fspath(r)
            with open(path, encoding="utf-8") as f:
                pairs.append((path, f.read()))
    return Report(
        _slot_math._merge(
            pairs, None if confidence is None else list(confidence)
        )
    )


def games() -> List[str]:
    """The games' names: ``["moon-princess", "wish-upon-a-star", "starlight-christmas"]``."""
    return list(_slot_math._games())


def game_info(game: str) -> Dict[str, Any]:
    """A game's facts: ``name``, ``title``, ``modes``, ``picks``, ``models``, ``cap_x_bet``
    (``None``: uncapped), ``sources``, ``features``, ``awards``, and by mode its
    ``stake_x_bet`` and ``target_rtp`` (a fraction; ``target_rtp_text``: ``"94.51 %"``),
    ``default_rounds`` (the runner's)."""
    return _slot_math._game_info(game)


def modes(game: str) -> List[str]:
    """The game's modes, the default first (``["love", "star", "storm"]``,
    ``["standard", "ante"]``, ``["standard"]``)."""
    return list(game_info(game)["modes"])


def picks(game: str) -> List[str]:
    """The game's free-spin picks (Moon Princess: ``["love", "star", "storm"]``; the others
    have none: ``[]``)."""
    return list(game_info(game)["picks"])


def models(game: str) -> List[str]:
    """The shipped math models, the published one (``"standard"``) first, then the other
    variants of the RTP ladder (``"rtp-96.00"``) and the stress models for tests (for
    ``model=``)."""
    return list(game_info(game)["models"])


def variants(game: str) -> List[Dict[str, Any]]:
    """The RTP ladder the game ships, highest RTP first: each variant a dict with ``rtp``
    (``"96.00"``, what ``rtp=`` takes), ``target_rtp`` (a fraction, every mode and pick
    alike), ``model`` (its model's name, for ``model=``), ``fingerprint`` (the SHA-256 of
    its model, as ``round_start`` and reports name it) and ``published`` (the variant of the
    game's published rule sheet). Only the math model changes between variants; the
    paytable and every rule are the published ones."""
    return [dict(v) for v in game_info(game)["variants"]]
