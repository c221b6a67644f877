"""The one JSON record codec of the book store, derived from each record's dataclass fields.

A record class lists its fields once, as dataclass fields; :func:`json_codec` reads them (through
:func:`kit.core.dataclass_fields.field_specs`, the same reading :func:`kit.saves.codecs.record` uses for NBT)
and builds a reader and a writer:

* the JSON key is the field name in camelCase (``skill_id`` -> ``skillId``);
* the type hint says how a value is checked: ``str``, ``int``, ``bool``, ``Literal[...]`` (one of the
  options), :data:`Id` (a safe file-name id), :data:`Stamp` (an ISO 8601 timestamp), ``tuple[X, ...]``
  (a JSON array), ``Mapping[str, X]`` (a JSON object), another record class (a nested object), and
  ``X | None`` (may be missing or null);
* a field without a default is required; ``field(metadata=REQUIRED)`` makes a field with a default required
  on read as well (the design names it: a missing one is an error naming the field, never a silent default);
* :func:`rule` adds what a type cannot say: a value used when the key is missing, a minimum, a further check,
  and whether an empty value is left out when writing;
* a field named ``extra`` keeps the keys the record does not know, written back unchanged.

Errors are :class:`~kit.books.errors.BookRecordError` naming the file (``where``), the key path and the reason.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Annotated, Any

from kit.books.errors import BookRecordError
from kit.core.dataclass_fields import MISSING, FieldSpec, field_specs, optional_inner
from kit.core.errors import InvalidParameterError

__all__ = ["REQUIRED", "Id", "JsonCodec", "Stamp", "camel", "check_id", "check_timestamp", "json_codec", "rule"]

#: Marks a string that must be a safe record id (it becomes a file name).
Id = Annotated[str, "id"]
#: Marks a string that must be an ISO 8601 timestamp.
Stamp = Annotated[str, "stamp"]
#: Field metadata: required on read even though the constructor has a default.
REQUIRED: Mapping[str, Any] = {"required": True}

fromisoformat = datetime.fromisoformat
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")


def check_id(value: Any, *, what: str, where: str = "") -> str:
    """Return ``value`` if it is a safe record id (letters, digits, ``_ . -``; no slashes); raise otherwise."""
    if (
        type(value) is not str
        or not 0 < len(value) <= 128
        or value[0] in "_.-"
        or not _ID_CHARS.issuperset(value)
        or value.endswith(".tmp")
    ):
        prefix = f"{where}: " if where else ""
        raise BookRecordError(
            f"{prefix}{what} must be 1-128 characters of letters, digits, '_', '.' or '-' starting with a "
            f"letter or digit (it becomes a file name). Got {value!r} instead.",
            path=where,
            field=what,
        )
    return value


def check_timestamp(value: Any, *, what: str, where: str = "") -> str:
    """Return ``value`` if it is an ISO 8601 timestamp string (``2026-01-02T03:04:05Z``); raise otherwise."""
    ok = type(value) is str
    if ok:
        try:
            datetime.fromisoformat(value)
        except ValueError:
            ok = False
    if not ok:
        prefix = f"{where}: " if where else ""
        raise BookRecordError(
            f"{prefix}field {what!r} must be an ISO 8601 timestamp such as '2026-01-02T03:04:05Z'. Got {value!r}.",
            path=where,
            field=what,
        )
    return value


def rule(
    *,
    missing: Any = MISSING,
    minimum: int | None = None,
    check: Callable[[Any], str | None] | None = None,
    omit_empty: bool = False,
    required: bool = False,
    key: str | None = None,
) -> dict[str, Any]:
    """Field metadata for what a type hint cannot say.

    Parameters
    ----------
    missing : any, optional
        Value read when the key is missing or null (instead of the constructor's default).
    minimum : int, optional
        Smallest integer accepted.
    check : callable, optional
        Takes the parsed value, returns a reason (``"must not be empty"``) or None when it is fine.
    omit_empty : bool, default=False
        Write nothing for an empty array or object.
    required : bool, default=False
        Required on read although the constructor has a default.
    key : str, optional
        The JSON key when it is not the field name in camelCase (``"from"`` for a field ``source``).
    """
    return {
        "missing": missing,
        "minimum": minimum,
        "check": check,
        "omit_empty": omit_empty,
        "required": required,
        "key": key,
    }


def camel(name: str) -> str:
    """``skill_id`` -> ``skillId``."""
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def _fail(where: str, name: str, reason: str) -> BookRecordError:
    return BookRecordError(f"{where}: field {name!r} {reason}", path=where, field=name)


_TYPE_NAMES = {str: "a string", int: "an integer", dict: "a JSON object", list: "a JSON array", bool: "a boolean"}


def _got(value: Any) -> str:
    return "a boolean" if isinstance(value, bool) else type(value).__name__


# A reader turns one JSON value into the field's value: reader(value, where, path) -> value.
Reader = Callable[[Any, str, str], Any]


def _scalar_reader(kind: type) -> Reader:
    name = _TYPE_NAMES[kind]

    def read(value: Any, where: str, path: str) -> Any:
        if type(value) is not kind and (isinstance(value, bool) or not isinstance(value, kind)):
            raise _fail(where, path, f"must be {name}, got {_got(value)}")
        return value

    return read


def _choice_reader(options: tuple[str, ...]) -> Reader:
    text = _scalar_reader(str)

    def read(value: Any, where: str, path: str) -> Any:
        if value not in options or type(value) is not str:
            text(value, where, path)
            raise _fail(where, path, f"must be one of {list(options)}, got {value!r}")
        return value

    return read


def _marked_reader(marker: str) -> Reader:
    text = _scalar_reader(str)
    if marker == "id":
        return lambda value, where, path: check_id(text(value, where, path), what=path, where=where)

    def stamp(value: Any, where: str, path: str) -> Any:
        if type(value) is str:
            try:
                fromisoformat(value)
                return value
            except ValueError:
                pass
        return check_timestamp(text(value, where, path), what=path, where=where)

    return stamp


def _array_reader(item: Reader) -> Reader:
    def read(value: Any, where: str, path: str) -> Any:
        if type(value) is not list:
            raise _fail(where, path, f"must be a JSON array, got {_got(value)}")
        return tuple(item(v, where, f"{path}[{i}]") for i, v in enumerate(value))

    return read


def _mapping_reader(item: Reader | None) -> Reader:
    def read(value: Any, where: str, path: str) -> Any:
        if type(value) is not dict:
            raise _fail(where, path, f"must be a JSON object, got {_got(value)}")
        if item is not None:
            for key, v in value.items():
                item(v, where, f"{path}.{key}")
        return dict(value)

    return read


def _record_reader(cls: type) -> Reader:
    def read(value: Any, where: str, path: str) -> Any:
        return json_codec(cls).read(value, where, path)

    return read


def reader_for(hint: Any, owner: str) -> Reader:
    """The reader of one type hint (see the module docstring for the mapping)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Annotated:
        markers = [a for a in args[1:] if a in ("id", "stamp")]
        return _marked_reader(markers[0]) if markers else reader_for(args[0], owner)
    inner = optional_inner(hint)
    if inner is not None:
        return reader_for(inner, owner)
    if hint in _TYPE_NAMES:
        return _scalar_reader(hint)
    if origin is typing.Literal:
        return _choice_reader(tuple(args))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _array_reader(reader_for(args[0], owner))
    if origin in (Mapping, dict, typing.Mapping) and len(args) == 2:
        return _mapping_reader(None if args[1] is Any else reader_for(args[1], owner))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _record_reader(hint)
    raise InvalidParameterError(f"{owner}: no JSON reader for the type {hint!r}")


def _plain(value: Any) -> Any:
    """A field value as JSON: records as their dict, tuples as lists, mappings as dicts."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return dict(value)
    if dataclasses.is_dataclass(value):
        return json_codec(type(value)).write(value)
    return value


def _choices(hint: Any) -> frozenset[str] | None:
    """The options of a ``Literal`` of strings (also inside ``X | None``), else None."""
    hint = optional_inner(hint) or hint
    if typing.get_origin(hint) is typing.Literal and all(type(a) is str for a in typing.get_args(hint)):
        return frozenset(typing.get_args(hint))
    return None


class _NEVER:
    """A type no JSON value has (the fast-path type of fields that always need their reader)."""


def _is_stamp(hint: Any) -> bool:
    """Whether a type hint is :data:`Stamp` (also inside ``X | None``)."""
    return (optional_inner(hint) or hint) == Stamp


def _key(spec: FieldSpec) -> str:
    return spec.metadata.get("key") or camel(spec.name)


class JsonCodec:
    """Reads and writes one record class as camelCase JSON (built once per class by :func:`json_codec`)."""

    def __init__(self, cls: type) -> None:
        self.cls = cls
        specs = [s for s in field_specs(cls) if s.name != "extra"]
        self.has_extra = any(s.name == "extra" for s in field_specs(cls))
        self.tag: tuple[str, Any] | None = getattr(cls, "JSON_TAG", None)
        order = getattr(cls, "WRITE_ORDER", None) or tuple(s.name for s in specs)
        by_name = {s.name: s for s in specs}
        self.fields = [self._plan(s, cls) for s in specs]
        ordered = [by_name[name] for name in order]
        self.write_plan = [(s.name, _key(s), bool(s.metadata.get("omit_empty"))) for s in ordered]
        self.known = frozenset([_key(s) for s in specs] + ([self.tag[0]] if self.tag else []))
        self.required_keys = frozenset(key for _n, key, _r, required, *_ in self.fields if required)
        self.by_key = {
            key: (name, reader, required, minimum, check, fast, _choices(spec.hint) if fast is str else None)
            for spec, (name, key, reader, required, _m, minimum, check, fast) in zip(specs, self.fields)
        }
        # The common case, checked without the reader: key -> (name, plain type, listed options or None) for
        # plain strings, integers and Literal options; key -> name for timestamps (checked by fromisoformat).
        self.quick = {key: (name, fast, allowed) for key, (name, _r, _q, _m, _c, fast, allowed) in self.by_key.items()
                      if fast is not _NEVER}  # fmt: skip
        self.stamps = {
            key: spec.name
            for spec, (_n, key, _r, _q, _m, minimum, check, _f) in zip(specs, self.fields)
            if _is_stamp(spec.hint) and minimum is None and check is None
        }
        # Values of missing optional keys: constants copied as they are, factories (dict, RunState) called.
        self.defaults = {name: m for name, _k, _r, req, m, *_ in self.fields if not req and not callable(m)}
        self.factories = [(name, m) for name, _k, _r, req, m, *_ in self.fields if not req and callable(m)]

    @staticmethod
    def _plan(spec: FieldSpec, cls: type) -> tuple[str, str, Reader, bool, Any, Any, Any, Any]:
        meta = spec.metadata
        missing = meta.get("missing", MISSING)
        required = bool(meta.get("required")) or (
            not spec.has_default and missing is MISSING and optional_inner(spec.hint) is None
        )
        if missing is MISSING and not required:
            missing = spec.default_factory if spec.default_factory is not MISSING else spec.default
            if missing is MISSING:
                missing = None
        reader = reader_for(spec.hint, f"{cls.__qualname__}.{spec.name}")
        plain = spec.hint if spec.hint in (str, int) else optional_inner(spec.hint)
        minimum, check = meta.get("minimum"), meta.get("check")
        fast = plain if plain in (str, int) and minimum is None and check is None else _NEVER
        if _choices(spec.hint) is not None:
            fast = str  # a Literal of strings: a listed option needs no reader
        return spec.name, _key(spec), reader, required, missing, minimum, check, fast

    def read(self, data: Any, where: str, prefix: str = "") -> Any:
        """Parse one JSON object into the record; raise :class:`BookRecordError` naming file and key path.

        Walks the keys the object has (records on disk leave most optional keys out), then fills in the
        defaults of the missing ones; a missing required key is named in field order.
        """
        if type(data) is not dict:
            if not isinstance(data, Mapping):
                raise _fail(where, prefix or "<record>", f"must be a JSON object, got {type(data).__name__}")
            data = dict(data)
        if not self.required_keys <= data.keys():
            self._missing(data, where, prefix)
        values = self.defaults.copy()
        by_key, quick, stamps = self.by_key, self.quick, self.stamps
        for key, value in data.items():
            fast_plan = quick.get(key)
            if fast_plan is not None:
                name, fast, allowed = fast_plan
                if type(value) is fast and (allowed is None or value in allowed):  # plain str / int, a listed option
                    values[name] = value
                    continue
            elif type(value) is str and key in stamps:
                try:
                    fromisoformat(value)
                except ValueError:
                    pass  # the reader words the error
                else:
                    values[stamps[key]] = value
                    continue
            plan = by_key.get(key)
            if plan is None:
                continue
            name, reader, required, minimum, check, fast, allowed = plan
            path = f"{prefix}.{key}" if prefix else key
            if value is None:
                if required:
                    raise _fail(where, path, "is missing (it is required)")
                continue
            value = reader(value, where, path)
            if minimum is not None and value < minimum:
                raise _fail(where, path, f"must be >= {minimum}, got {value}")
            if check is not None:
                reason = check(value)
                if reason:
                    raise _fail(where, path, reason)
            values[name] = value
        for name, factory in self.factories:
            if name not in values:
                values[name] = factory()
        if self.has_extra:
            known = self.known
            values["extra"] = {} if known.issuperset(data) else {k: v for k, v in data.items() if k not in known}
        # Every value is checked: skip the frozen __init__'s per-field setattr.
        record: object = object.__new__(self.cls)
        record.__dict__.update(values)
        return record

    def _missing(self, data: Mapping[str, Any], where: str, prefix: str) -> None:
        for _name, key, _reader, required, *_ in self.fields:
            if required and key not in data:
                raise _fail(where, f"{prefix}.{key}" if prefix else key, "is missing (it is required)")

    def write(self, record: Any) -> dict[str, Any]:
        """The JSON object of a record: known keys in the record's write order (None and empty-omitted left
        out), then its ``extra`` keys.
        """
        out: dict[str, Any] = {self.tag[0]: self.tag[1]} if self.tag else {}
        for name, key, omit_empty in self.write_plan:
            value = getattr(record, name)
            if value is None or (omit_empty and not value):
                continue
            out[key] = _plain(value)
        if self.has_extra:
            out.update(record.extra)
        return out


_CODECS: dict[type, JsonCodec] = {}


def json_codec(cls: type) -> JsonCodec:
    """The JSON codec of a record dataclass (built once per class)."""
    codec = _CODECS.get(cls)
    if codec is None:
        codec = _CODECS[cls] = JsonCodec(cls)
    return codec
