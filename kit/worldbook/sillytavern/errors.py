"""The errors of :mod:`kit.worldbook.sillytavern` (``ScenarioError`` is also importable from
:mod:`~kit.worldbook.sillytavern.simulator`, where it was declared before).
"""

from __future__ import annotations

from typing import Any

from kit.core.errors import KitError

__all__ = ["EntryError", "RegexTimeoutError", "ScenarioError", "UnsafeRegexError"]


class EntryError(KitError, ValueError):
    """A SillyTavern entry field that cannot be read (the readers turn it into a WorldBookFormatError or a problem
    row).
    """

    def __init__(self, field: str, value: Any, reason: str) -> None:
        super().__init__(reason)
        self.field, self.value, self.reason = field, value, reason


class UnsafeRegexError(KitError, ValueError):
    """A regex key was refused: it is too long or too costly to compile, or cannot be expressed with the
    ``regex`` package. ``pattern`` and ``reason`` say which and why.
    """

    def __init__(self, pattern: str, reason: str) -> None:
        self.pattern = pattern
        self.reason = reason
        super().__init__(f"regex key /{pattern}/ refused: {reason}")


class RegexTimeoutError(KitError, TimeoutError):
    """A regex match ran out of time (its per-match limit or the total budget of ``RegexLimits``)."""


class ScenarioError(KitError, ValueError):
    """A scenario cannot be simulated: a field is missing or has the wrong type, a named book does not
    exist, or ``random.values`` ran out. The message names the field.
    """
