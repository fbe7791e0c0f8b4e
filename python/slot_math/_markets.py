"""Which markets may run each variant and mode of a game: :func:`markets`, the verdicts of
``cargo xtask markets GAME --json`` as Python data."""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union

from . import _slot_math


def markets(
    game: str,
    rtp: Optional[Union[float, str]] = None,
    model: Optional[str] = None,
    market: Optional[Union[str, Sequence[str]]] = None,
    *,
    repository: Optional[str] = None,
) -> Dict[str, Any]:
    """The verdict of each market on each variant and mode of ``game``, computed from the
    game's certified figures (its committed certification records) and facts against the
    market profiles of the repository's ``markets/`` folder: the same as ``cargo xtask
    markets GAME [--rtp R | --model M] [--market ID ...] --json``.

    Returns a dict: ``game``, ``title``, and ``markets``, a list with one dict per market
    (``market``, its ``name``, ``operator_rules`` not judged, and ``verdicts``: per variant
    and mode its ``model``, ``mode``, ``status`` (``"allowed"``,
    ``"allowed_with_disclosures"``, ``"not_allowed"``, ``"undecided"``) and ``lines``, each
    citing its ``rule``, ``clause``, ``outcome``, ``finding`` (the figure and its source) and
    the ``help`` line to show, if any).

    :param rtp: one variant of the ladder by its RTP in percent (``84.5`` or ``"84.50"``);
        ``None`` and no ``model``: every variant of the ladder. Excludes ``model``.
    :param model: a shipped model by name or a model file's path. A model without certified
        evidence gets "no certified figure", never a pass.
    :param market: a market's id (``"de"``) or several; ``None``: every profile. An unknown
        id raises :class:`ConfigError` naming the known ones.
    :param repository: the repository whose ``markets/`` profiles and certification records are
        read; default: the one this package was built from.

    A profile that is refused (a rule the library does not know, a missing citation, a date
    that is not a date, a threshold out of range) raises :class:`ConfigError` naming the
    file, the rule and the field; nothing is judged from a half-read folder.
    """
    ids = [market] if isinstance(market, str) else list(market or [])
    return _slot_math._markets(game, rtp=rtp, model=model, markets=ids, repository=repository)
