"""Type stubs of the compiled module ``slot_math._slot_math`` (Rust, PyO3). Use the
functions of :mod:`slot_math`, which wrap these."""

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

DEFAULT_SEED: int
BATCH_ROUNDS: int
MAX_THREADS: int

def _simulate(
    game: str,
    *,
    rounds: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    mode: Optional[str] = None,
    pick: Optional[str] = None,
    rtp: Optional[Union[float, str]] = None,
    model: Optional[str] = None,
    gof_rounds: Optional[int] = None,
    confidence: Optional[Sequence[Union[int, float, str]]] = None,
    shard: Optional[Tuple[int, int]] = None,
    detail: bool = False,
) -> Dict[str, Any]:
    """Simulates; returns the report's parts (``json``, ``text``, ``exact_rtp``,
    ``win_distribution`` and ``convergence`` as dicts of numpy arrays). Every integer
    argument may be any Python int: one outside its range raises ``ConfigError`` naming it
    and the range (never ``OverflowError``)."""

def _rounds(
    game: str,
    n: int,
    *,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    mode: Optional[str] = None,
    pick: Optional[str] = None,
    model: Optional[str] = None,
    rtp: Optional[Union[float, str]] = None,
) -> Dict[str, np.ndarray]:
    """Rounds ``0 .. n-1`` of the seed's sequence: one numpy array per column."""

def _play(
    game: str,
    seed: int,
    round: int,
    *,
    mode: Optional[str] = None,
    pick: Optional[str] = None,
    model: Optional[str] = None,
    rtp: Optional[Union[float, str]] = None,
    grid: Optional[str] = None,
) -> str:
    """Round ``round`` of seed ``seed`` (with ``grid``: played from that grid): its event log
    as JSON text."""

def _evaluate(
    game: str, grid: str, *, free_spins: bool = False, multiplier: Optional[int] = None
) -> str:
    """A grid evaluated alone, as JSON text (``eval --json``)."""

def _exact(
    game: str,
    rtp: Optional[Union[float, str]] = None,
    model: Optional[str] = None,
) -> Dict[str, Any]:
    """Wish Upon a Star's exact figures as (numerator, denominator) string pairs, of the
    variant ``rtp`` or the model ``model`` (the published model without either)."""

def _tune(
    game: str,
    target_rtp: Union[float, str],
    *,
    rounds: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
) -> str:
    """A variant of the published model tuned to ``target_rtp``: its variant file's JSON
    text (``cargo xtask tune GAME --target-rtp R``)."""

def _report_from_json(text: str, label: str = "report") -> Dict[str, Any]:
    """A report read back from JSON, checked; its parts."""

def _merge(
    reports: List[Tuple[str, str]],
    confidence: Optional[Sequence[Union[int, float, str]]] = None,
) -> Dict[str, Any]:
    """(label, JSON) reports merged exactly; the merged report's parts."""

def _games() -> List[str]:
    """The games' names."""

def _game_info(game: str) -> Dict[str, Any]:
    """A game's facts."""

def _certify(
    game: str,
    *,
    out: str,
    mode: Optional[str] = None,
    pick: Optional[str] = None,
    model: Optional[str] = None,
    rtp: Optional[Union[float, str]] = None,
    half_width_pp: Optional[float] = None,
    chunk_rounds: Optional[int] = None,
    base_games: Optional[int] = None,
    features: Optional[int] = None,
    max_chunks: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    whole_rounds: bool = False,
    force: bool = False,
) -> Tuple[List[Dict[str, Any]], List[str]]:
    """A certification into ``out`` (``cargo xtask certify GAME --dir OUT``): each
    certificate's fields (with ``verdict``, ``core_seconds``, ``certificate_file``) and each
    chunk's line."""

def _markets(
    game: str,
    *,
    rtp: Optional[Union[float, str]] = None,
    model: Optional[str] = None,
    markets: Optional[Sequence[str]] = None,
    repository: Optional[str] = None,
) -> Dict[str, Any]:
    """The market verdicts (``cargo xtask markets GAME --json``) as Python data."""

def _export_stake(
    game: str,
    out: str,
    *,
    books: int,
    reference_rounds: int = 1_000_000,
    seed: Optional[int] = None,
    mode: Optional[str] = None,
    rtp: Optional[Union[float, str]] = None,
    model: Optional[str] = None,
    repository: Optional[str] = None,
    uncertified: bool = False,
    cap_search_rounds: int = 20_000_000,
    force: bool = False,
) -> str:
    """A Stake Engine export into ``out`` (``cargo xtask export stake GAME --out OUT``): the
    summary's JSON."""

def _export_verify(dir: str) -> str:
    """An export checked (``cargo xtask export verify DIR``): the lines it prints."""

def _tail(
    game: str,
    level: Union[int, float, str, Sequence[Union[int, float, str]]],
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
) -> Dict[str, Any]:
    """A rare-event run (``cargo xtask tail GAME --level L``): ``record`` (the record's JSON
    text, as ``--out`` writes it), ``estimates`` (their JSON text, as ``--json`` prints
    them), ``text`` (the runner's lines), ``threads`` (used) and ``met`` (every level within
    ``until_relative``; ``None`` without it). Every integer argument may be any Python int:
    one outside its range raises ``ConfigError`` naming it and the range."""
