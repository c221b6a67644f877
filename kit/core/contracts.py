"""Contracts between layers: what a lower layer needs from a service that a higher layer provides.

A lower layer never probes an object with ``getattr(obj, "method")``: it states what it needs here, as a
:class:`typing.Protocol`, calls those methods directly, and the higher layer provides a class that has them
(checked at runtime with ``isinstance``, and by the type checker).

:class:`GuideSource`
    What the question flow (:func:`kit.saves.knowledge.ask`, layer ``saves``) needs from the FTB guides
    (layer ``ftb``): the design's ``ftb.guide`` tool, which the FTB module exports to the core question.
    :class:`kit.ftb.QuestGuides` provides it for a quest book.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, runtime_checkable

__all__ = ["GuideSource"]


@runtime_checkable
class GuideSource(Protocol):
    """The guides a player may be shown, in the question flow (the design's ``ftb.guide`` tool).

    The question flow calls, in this order: :meth:`readable_guide_ids` (quest visibility for the player's
    team), :meth:`ensure_guides` (a language not yet ingested is built on its first query), and, before any
    guide paragraph is returned, :meth:`servable_guide_ids` (the stored text is re-checked against the
    current quest book, the design's "实际内容"; guides whose text changed are withheld and reported).
    """

    def readable_guide_ids(self, save: Any, player_uuid: str, *, progress: Any = None) -> list[str]:
        """Guide document ids (``"ftb:<quest id>"``) the player's team may read in ``save``."""
        ...

    def ensure_guides(self, save: Any, language: str) -> bool:
        """Make sure ``system:ftb_guides`` holds ``language``; True when it had to be built now."""
        ...

    def servable_guide_ids(self, save: Any, language: str, guide_ids: Iterable[str]) -> list[str]:
        """The ``guide_ids`` whose stored text still matches the book; the others are reported, not served."""
        ...
