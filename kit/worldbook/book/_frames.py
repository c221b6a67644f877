"""The categorical column types of the DataFrames kit.worldbook returns (built with :func:`kit.core.frames.frame`)."""

from __future__ import annotations

from typing import Any

from kit.core.frames import ordered
from kit.worldbook.book.model import POSITION_LABELS, TRIGGER_TYPES

__all__ = ["POSITION_LABEL", "TRIGGER", "position_label_dtype", "trigger_dtype"]

#: Ordered categorical of the eight position labels (position order).
POSITION_LABEL = ordered(POSITION_LABELS[p] for p in range(8))
#: Ordered categorical of the trigger types (checking order).
TRIGGER = ordered(TRIGGER_TYPES)


def position_label_dtype() -> Any:
    """The pandas dtype of :data:`POSITION_LABEL`."""
    return POSITION_LABEL.to_pandas()


def trigger_dtype() -> Any:
    """The pandas dtype of :data:`TRIGGER`."""
    return TRIGGER.to_pandas()
