"""The exceptions of slot_math: one class per kind of error of the Rust library.

Each carries the Rust error's message unchanged (the same text the runner prints after
``error:``). All derive from :class:`SlotMathError`; those about bad input are also
:class:`ValueError`, so ``except ValueError`` catches them too.
"""

__all__ = [
    "SlotMathError",
    "ConfigError",
    "ModelError",
    "GridError",
    "ReportError",
    "SimulationError",
]


class SlotMathError(Exception):
    """Base class of every error slot_math raises."""


class ConfigError(SlotMathError, ValueError):
    """A setting or argument out of range: an unknown game, mode or pick, a round or thread
    count, a seed, a confidence level, an RTP variant that is not shipped."""


class ModelError(SlotMathError, ValueError):
    """A math model that is unknown, cannot be read, or is refused by the game's rules."""


class GridError(SlotMathError, ValueError):
    """A grid that is not one of the game (names the row, cell or code), or an option of
    :func:`slot_math.evaluate` the game does not take."""


class ReportError(SlotMathError, ValueError):
    """A report that cannot be read back (bad JSON, a wrong checksum, impossible sums, an
    unknown game), or reports that cannot be merged (another game, shards counted twice)."""


class SimulationError(SlotMathError, RuntimeError):
    """A run that could not be played (its threads could not be started)."""
