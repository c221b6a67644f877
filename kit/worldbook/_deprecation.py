"""Renamed public names keep working for one release and warn with DeprecationWarning (module ``__getattr__``)."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["renamed_attributes"]


def renamed_attributes(module: str, renamed: Mapping[str, str], namespace: Mapping[str, Any]) -> Callable[[str], Any]:
    """A module ``__getattr__`` serving each old name of ``renamed`` (old -> new) as the new one, with a
    DeprecationWarning naming both; other names raise AttributeError as usual.
    """

    def __getattr__(name: str) -> Any:
        new = renamed.get(name)
        if new is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(
            f"{module}.{name} is deprecated and will be removed in the next release: use {module}.{new}",
            DeprecationWarning,
            stacklevel=2,
        )
        return namespace[new]

    return __getattr__
