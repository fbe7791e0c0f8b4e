"""``certify``: a game's certification end to end, as ``cargo xtask certify`` makes it."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple, Union

from . import _slot_math


@dataclass(frozen=True)
class Certificate:
    """One certificate (one game, mode and model), as ``certificate-<mode>.json`` holds it.

    Figures are fractions of the stake (``0.9451`` is 94.51 %); ``half_width_99`` and
    ``interval`` are ``None`` for an exact figure."""

    #: The game's name.
    game: str
    #: The mode (Moon Princess: the pick).
    mode: str
    #: The RTP, a fraction of the stake.
    rtp: float
    #: The 99 % half-width, a fraction (``None``: exact).
    half_width_99: Optional[float]
    #: ``(rtp - half_width_99, rtp + half_width_99)``, the 99 % interval (``None``: exact).
    interval: Optional[Tuple[float, float]]
    #: The target RTP it is judged against, a fraction.
    target_rtp: float
    #: Whether it meets the bar: a reliable interval, a 99 % half-width of at most 0.05 pp
    #: and a distance to the target of at most 0.10 pp.
    meets: bool
    #: The runner's line for it (figure, target, verdict, method, thread-minutes).
    verdict: str
    #: ``"exact"``, ``"whole_rounds"`` or ``"split"``.
    method: str
    #: The runner's command that reproduces it (``--dir DIR`` standing for the folder).
    command: str
    #: The model's fingerprint (SHA-256 of its canonical JSON).
    model_fingerprint: str
    #: The split estimate's bound on what it counts beyond the cap (a fraction), or ``None``.
    bias_bound: Optional[float]
    #: Why the interval cannot be trusted, if so.
    interval_warning: Optional[str]
    #: Threads x wall time of the figure, seconds.
    core_seconds: float
    #: The path of ``certificate-<mode>.json``.
    certificate_file: str
    #: The variant of the game's RTP ladder the model is, ``{"model": "rtp-91.49", "rtp":
    #: "91.49"}``, or ``None`` for a model off the ladder.
    variant: Optional[Dict[str, str]] = None
    #: Every field of the certificate file (and the above), as a dict.
    fields: Dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    @classmethod
    def _from_parts(cls, d: Dict[str, Any]) -> "Certificate":
        h = d.get("half_width_99")
        return cls(
            game=d["game"],
            mode=d["mode"],
            rtp=d["rtp"],
            half_width_99=h,
            interval=None if h is None else (d["rtp"] - h, d["rtp"] + h),
            target_rtp=d["target_rtp"],
            meets=d["meets"],
            verdict=d["verdict"],
            method=d["method"],
            command=d["command"],
            model_fingerprint=d["model_fingerprint"],
            bias_bound=d.get("bias_bound"),
            interval_warning=d.get("interval_warning"),
            core_seconds=d["core_seconds"],
            certificate_file=d["certificate_file"],
            variant=d.get("variant"),
            fields=dict(d),
        )

    def to_dict(self) -> Dict[str, Any]:
        """The certificate's fields as a dict (those of its file, with ``verdict``,
        ``core_seconds`` and ``certificate_file``)."""
        return dict(self.fields)


@dataclass(frozen=True)
class Certification:
    """What :func:`certify` made: its certificates (one per mode certified), the line of
    each chunk read or played (the runner's stderr lines) and the files of the folder."""

    #: The certificates, in the order written.
    certificates: List[Certificate]
    #: One line per chunk read or played.
    chunks: List[str]
    #: The folder.
    out: str
    #: Every file in the folder after the run, relative to it, sorted (chunks of an earlier
    #: run resumed among them).
    files: List[str]

    @property
    def meets(self) -> bool:
        """Whether every certificate meets the bar."""
        return all(c.meets for c in self.certificates)


def _files(out: str) -> List[str]:
    found = []
    for root, _, names in os.walk(out):
        for n in names:
            found.append(os.path.relpath(os.path.join(root, n), out))
    return sorted(found)


def certify(
    game: str,
    mode: Optional[str] = None,
    *,
    out: Union[str, "os.PathLike[str]"],
    pick: Optional[str] = None,
    model: Optional[str] = None,
    rtp: Optional[Union[float, str]] = None,
    half_width_pp: float = 0.05,
    chunk_rounds: Optional[int] = None,
    base_games: Optional[int] = None,
    features: Optional[int] = None,
    max_chunks: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    whole_rounds: bool = False,
    force: bool = False,
) -> Certification:
    """Certifies ``game`` into the folder ``out``, as ``cargo xtask certify GAME --dir OUT``
    does with the same arguments: the same method (the game's registry line: Wish Upon a
    Star and Ten Lines exactly; Moon Princess and Starlight Christmas by the split estimate
    in chunks, or by whole rounds in chunks with ``whole_rounds=True``) and the same files,
    byte for byte (``certificate-<mode>.json``, the chunks, ``split*.json``, ``par-<mode>/``
    for whole rounds, the folder's stamp). A folder holding this certification's chunks is
    resumed (only the missing chunks are played); one holding another model's, mode's or
    game's certification is refused unless ``force=True``, which clears it first; one holding
    anything a certification does not write is refused, ``force`` or not. A certificate that does not meet the bar is
    written and returned all the same (``Certification.meets`` is then false).

    :param mode: the mode or pick (``pick`` is the same): Moon Princess ``"love"``,
        ``"star"``, ``"storm"`` (the runner's ``--choice``; without it the split estimate
        certifies the three picks, whole rounds the first), Starlight Christmas
        ``"standard"`` (default) or ``"ante"`` (``--ante``).
    :param out: the certification's folder (``--dir``).
    :param model: a shipped model by name or a model or variant file's path (``--model``),
        judged against its own target; ``rtp``: a variant of the ladder by its RTP in
        percent (``--rtp``). They exclude each other.
    :param half_width_pp: the goal of the 99 % half-width, percentage points (``--half-width``,
        from 0.001 to 100; default 0.05).
    :param chunk_rounds: whole rounds: rounds per chunk (default 1e8; only with
        ``whole_rounds=True``).
    :param base_games: split: base games per chunk (default 3e8); ``features``: features
        played alone per pick (mode) per chunk (default 8e6). Not with ``whole_rounds``.
    :param max_chunks: the most chunks (default 100).
    :param seed: whole rounds: the seed of chunk 0 (chunk i plays seed + i); split: the
        base games' seed of chunk 0 (chunk i: seed + 16 i). Default :data:`DEFAULT_SEED`.
    :param threads: worker threads (``None`` or 0: every core); changes no figure.
    :param whole_rounds: certify by whole rounds instead of the split estimate.
    :param force: clear a folder that holds another model's, mode's or game's certification
        (and nothing else) instead of refusing it.
    :returns: a :class:`Certification`.
    :raises ConfigError: a setting out of range or not taken by the method, an unknown game,
        mode or RTP, a folder holding other work (each message names what was wrong and what
        is allowed).
    :raises ModelError: an unknown or refused model.
    :raises ReportError: a chunk in the folder that is not the one it should be.
    :raises KeyboardInterrupt: Ctrl-C: the run stops after the batches under way; the
        finished chunks are kept and the same call resumes from them.

    The GIL is released while it runs.
    """
    out = os.fspath(out)
    certificates, chunks = _slot_math._certify(
        game,
        out=out,
        mode=mode,
        pick=pick,
        model=model,
        rtp=rtp,
        half_width_pp=half_width_pp,
        chunk_rounds=chunk_rounds,
        base_games=base_games,
        features=features,
        max_chunks=max_chunks,
        seed=seed,
        threads=threads,
        whole_rounds=whole_rounds,
        force=force,
    )
    return Certification(
        certificates=[Certificate._from_parts(c) for c in certificates],
        chunks=list(chunks),
        out=out,
        files=_files(out),
    )
