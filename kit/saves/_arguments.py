"""Checks of the arguments :class:`kit.saves.handle.AgentDatabase` takes, each raising a kit error that says what
was expected and what was got.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from kit.core.document import Document
from kit.core.errors import CodecError, InvalidParameterError
from kit.saves import nbt
from kit.saves.tables import DatabaseTable

__all__ = ["check_source", "check_str", "check_allowed_ids", "check_key", "encode_value"]


def check_source(source: object, owner: str) -> str | DatabaseTable[list[Document]]:
    """Return ``source`` when it is a table id (str) or a DatabaseTable, else raise InvalidParameterError."""
    if isinstance(source, (str, DatabaseTable)):
        return source
    raise InvalidParameterError(
        f"The 'source' parameter of {owner} must be a documents table id (str, such as 'system:knowledge') or a "
        f"DatabaseTable. Got {type(source).__name__} {source!r} instead."
    )


def check_str(value: object, name: str, owner: str, example: str) -> str:
    if not isinstance(value, str):
        raise InvalidParameterError(
            f"The '{name}' parameter of {owner} must be a str ({example}). "
            f"Got {type(value).__name__} {value!r} instead."
        )
    return value


def check_allowed_ids(value: object, owner: str) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidParameterError(
            f"The 'allowed_ids' parameter of {owner} must be a collection of document ids (a list of str) or "
            f"None. Got {type(value).__name__} {value!r} instead (wrap a single id in a list: [{value!r}])."
        )
    ids = list(value)
    wrong = next((i for i in ids if not isinstance(i, str)), None)
    if wrong is not None:
        raise InvalidParameterError(
            f"The 'allowed_ids' parameter of {owner} must hold document ids (str). Got {type(wrong).__name__} "
            f"{wrong!r} among them."
        )
    return ids


# ---------------------------------------------------------------------------------------------


def check_key(key: str, table: DatabaseTable[Any] | None = None, path: Path | None = None) -> None:
    if not isinstance(key, str):
        raise InvalidParameterError(f"table keys must be str, got {type(key).__name__}")
    if len(key) > 10922 and nbt.modified_utf8_length(key) > 65535:
        where = f"{path}: table {table.id!r}: " if table is not None else ""
        raise CodecError(
            f"{where}key {key[:40]!r}... takes {nbt.modified_utf8_length(key)} bytes in NBT, over the limit of 65535"
        )


def encode_value(table: DatabaseTable[Any], key: str, value: Any, path: Path) -> Any:
    try:
        return table.codec.encode(value)
    except CodecError as exc:
        raise CodecError(f"{path}: table {table.id!r}, key {key!r}: {exc}") from None
