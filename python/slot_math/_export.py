"""``export_stake`` and ``export_verify``: Stake Engine math files, as ``cargo xtask export
stake|verify`` writes and checks them."""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Optional, Union

from . import _slot_math


def export_stake(
    game: str,
    out: Union[str, "os.PathLike[str]"],
    *,
    books: int,
    reference_rounds: int = 1_000_000,
    seed: Optional[int] = None,
    mode: Optional[str] = None,
    rtp: Optional[Union[float, str]] = None,
    model: Optional[str] = None,
    repository: Optional[Union[str, "os.PathLike[str]"]] = None,
    uncertified: bool = False,
    cap_search_rounds: int = 20_000_000,
    force: bool = False,
) -> Dict[str, Any]:
    """The platform's math files of every mode of ``game`` (or ``mode``) in the folder
    ``out``, as ``cargo xtask export stake GAME --books N --out OUT`` writes them: per mode
    ``books_<mode>.jsonl.zst`` (each book a real round, its ``round`` in it and the seed in
    ``export.json``, so :func:`play` replays it; its events in the compact form of
    ``docs/stake-export.md``), ``lookUpTable_<mode>_0.csv`` (integer weights reproducing the
    certified figures) and ``force_record_<mode>.json``; ``force.json``, ``export.json`` and
    ``index.json`` last. Returns the summary (``export.json`` as a dict): per mode the
    table's figures (``table``: ``rtp``, ``hit_rate``, ``feature_rate``, ``cap_rate``), the
    anchor they reproduce (``anchor``: the certified figures and their sources), the
    reference run's, the RTP the platform's 0.10 x step takes, and the Stake Engine market
    verdict (``market``).

    :param books: books per mode; fewer than the strata need raise :class:`ConfigError`
        naming the count needed.
    :param reference_rounds: rounds of each mode's reference run (its strata's shape).
    :param repository: the repository holding the games' certification records and market
        profiles; ``None``: the one this package was built from, if it is still there.
    :param uncertified: export a model without certified evidence, anchored on its
        reference run alone (stated); without it such a model raises :class:`ConfigError`.
    :param cap_search_rounds: rounds played after the reference run looking for a capped
        round where it saw none (a cap not found is not carried, and stated).
    :param force: clear a folder holding another game's, mode's or model's export (and
        nothing else) first; a folder holding anything else is refused all the same
        (:class:`SimulationError`).

    Model and rtp as :func:`simulate`. The GIL is released while it runs.
    """
    return json.loads(
        _slot_math._export_stake(
            game,
            os.fspath(out),
            books=books,
            reference_rounds=reference_rounds,
            seed=seed,
            mode=mode,
            rtp=rtp,
            model=model,
            repository=None if repository is None else os.fspath(repository),
            uncertified=uncertified,
            cap_search_rounds=cap_search_rounds,
            force=force,
        )
    )


def export_verify(folder: Union[str, "os.PathLike[str]"]) -> str:
    """Checks the export in ``folder`` as ``cargo xtask export verify FOLDER`` does (the
    platform's checks and this project's: every book replayed, the table against the
    certified figures, the force files); returns the lines it prints.

    :raises ConfigError: the first check that fails, naming the file, book or figure.
    """
    return _slot_math._export_verify(os.fspath(folder))
