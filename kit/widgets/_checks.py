"""Argument checks for the widget constructors: a wrong argument is a kit error that says what to pass.

A widget built from the wrong kind of object would otherwise fail later, deep inside kit, with a bare
``AttributeError``. These checks run first and raise :class:`~kit.core.errors.InvalidParameterError` naming the
argument, what it got and what to pass instead::

    book must be a WorldBook, got str 'lin_wan': use studio.library['lin_wan'] ...
"""

from __future__ import annotations

import os

from kit.core.errors import InvalidParameterError

__all__ = ["argument_error", "check_bool", "check_count", "describe"]

_MAX_REPR = 60


def describe(value: object) -> str:
    """``"str 'lin_wan'"``: the type name and a short repr of ``value`` (cut at 60 characters; a path object is
    ``"path '<the path>'"``, whole)."""
    if isinstance(value, os.PathLike):
        return f"path {os.fspath(value)!r}"
    text = repr(value)
    if len(text) > _MAX_REPR:
        text = text[: _MAX_REPR - 1] + "…"
    return f"{type(value).__name__} {text}"


def argument_error(owner: str, name: str, expected: str, value: object, advice: str) -> InvalidParameterError:
    """The error for argument ``name`` of ``owner``: ``"<owner>: <name> must be <expected>, got <describe(value)>:
    <advice>"``."""
    return InvalidParameterError(f"{owner}: {name} must be {expected}, got {describe(value)}: {advice}")


def check_count(value: object, name: str, owner: str, *, example: int) -> int:
    """Return ``value`` when it is an int >= 1 (not a bool); else raise with ``name=<example>`` as the advice
    (``"6"`` gets ``pass page_size=6``, the number itself when a string holds one)."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    hint = example
    if isinstance(value, str) and value.strip().isdigit() and int(value) >= 1:
        hint = int(value)
    raise argument_error(owner, name, "an int of at least 1", value, f"pass {name}={hint}")


def check_bool(value: object, name: str, owner: str) -> bool:
    """Return ``value`` when it is a bool; else raise (``"yes"``, ``1`` and ``None`` are refused)."""
    if isinstance(value, bool):
        return value
    raise argument_error(owner, name, "True or False", value, f"pass {name}=True or {name}=False")
