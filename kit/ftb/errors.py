"""The errors (and the one warning) of :mod:`kit.ftb`, declared in one place.

Every class derives from :class:`kit.KitError` and from the builtin that fits, so ``except ValueError`` /
``except OSError`` keep working. The modules that raise them re-export them under their old import paths
(``kit.ftb.book.QuestBookError``, ``kit.ftb.snbt.SnbtSyntaxError``, ...).
"""

from __future__ import annotations

from kit.core.errors import KitError

__all__ = [
    "SnbtSyntaxError",
    "SnbtFileError",
    "TranslationFileError",
    "QuestBookNotFoundError",
    "QuestBookError",
    "GuideRuleError",
    "ProgressNotFoundError",
    "UnknownPlayerError",
    "ProgressBookMismatchError",
    "ReloadBusyError",
    "UnknownQuestError",
    "StaleGuideWarning",
]


class SnbtSyntaxError(KitError, ValueError):
    """An SNBT text FTB would refuse.

    Attributes
    ----------
    source : str
        The file (or ``"<string>"``).
    line, column : int
        1-based position of the offending character.
    reason : str
        What was expected and what was found.
    """

    def __init__(self, source: str, line: int, column: int, reason: str) -> None:
        super().__init__(f"{source}:{line}:{column}: {reason}")
        self.source = source
        self.line = line
        self.column = column
        self.reason = reason


class SnbtFileError(KitError, OSError):
    """An SNBT file that cannot be read (missing, unreadable, not UTF-8)."""


class TranslationFileError(KitError, ValueError):
    """A JSON language file that cannot be used (not JSON, not an object of key -> text)."""


class QuestBookNotFoundError(KitError, FileNotFoundError):
    """No quest book (``data.snbt`` or ``chapters/``) at the given path."""


class QuestBookError(KitError, ValueError):
    """A structural problem in a quest book (bad id, duplicate id) found in strict mode."""


class GuideRuleError(KitError, ValueError):
    """A GuideRule with settings out of range."""


class ProgressNotFoundError(KitError, FileNotFoundError):
    """No ``ftbquests`` progress folder at the given place."""


class UnknownPlayerError(KitError, LookupError):
    """A player who has no team (and so no progress) in the progress folder."""


class ProgressBookMismatchError(KitError, ValueError):
    """Team progress that belongs to a different quest book (most of its ids are unknown to the book)."""


class ReloadBusyError(KitError, RuntimeError):
    """A reload of the same save's guides is already running (the design answers "busy")."""


class UnknownQuestError(KitError, LookupError):
    """A quest id the quest book does not have (the message lists the nearest ids)."""


class StaleGuideWarning(UserWarning):
    """Stored guide text in ``system:ftb_guides`` no longer matches the quest book (run :func:`kit.ftb.reload`).

    The question flow withholds such guides instead of serving their old text; the warning names them.
    """
