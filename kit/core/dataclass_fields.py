"""What a dataclass record codec needs to know about each field: its resolved type hint and its default.

Both record codecs of kit are derived from a frozen dataclass instead of listing each field by hand:
:func:`kit.saves.codecs.record` (values as NBT) and :func:`kit.books.codec.json_codec` (values as the
camelCase JSON of the book store). They share this one reading of the class: the ``__init__`` fields in
declaration order, each with its type hint resolved (``Annotated`` extras kept, so a codec can be picked per
field), its default or default factory, and its ``metadata``.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int
...     label: str | None = None
>>> [(f.name, f.has_default) for f in field_specs(Point)]
[('x', False), ('label', True)]
"""

from __future__ import annotations

import dataclasses
import threading
import types
import typing
from collections.abc import Mapping
from dataclasses import MISSING
from typing import Any

from kit.core.errors import InvalidParameterError

__all__ = ["MISSING", "FieldSpec", "field_specs", "optional_inner", "direct_init"]


_T = typing.TypeVar("_T")


def direct_init(cls: type[_T]) -> type[_T]:
    """Give a frozen dataclass (without defaults or ``__post_init__``) an ``__init__`` that stores its fields
    straight into the instance ``__dict__``.

    The same record as the generated ``__init__`` makes (equality, hashing and ``repr`` read the fields from the
    instance ``__dict__``), with the same positional and keyword parameters, but without one ``object.__setattr__``
    call per field, which is about half the cost of building a small record: for records readers build by the
    thousand (a pack's configurations and problems). Written from the class's fields, so no field is listed twice.

    Raises
    ------
    InvalidParameterError
        When ``cls`` is not a frozen dataclass, has a field with a default or outside ``__init__``, or has
        ``__post_init__`` (what the generated ``__init__`` would do there is not reproduced).
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        raise InvalidParameterError(
            f"direct_init needs a frozen dataclass without __post_init__ or slots; got {cls.__qualname__}."
        )
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    for f in fields:
        if not f.init or f.default is not MISSING or f.default_factory is not MISSING:
            raise InvalidParameterError(f"direct_init: field {cls.__qualname__}.{f.name} has a default or no init.")
    names = [f.name for f in fields]
    body = "".join(f"    d[{name!r}] = {name}\n" for name in names)
    source = f"def __init__(self, {', '.join(names)}):\n    d = self.__dict__\n{body}"
    namespace: dict[str, Any] = {}
    exec(source, {}, namespace)  # noqa: S102 - generated from the field names alone, as dataclasses does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010 - replacing the generated method
    return cls


@dataclasses.dataclass(frozen=True)
class FieldSpec:
    """One ``__init__`` field of a dataclass: name, resolved hint, default (``MISSING`` when none), metadata."""

    name: str
    hint: Any
    default: Any = MISSING
    default_factory: Any = MISSING
    metadata: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def has_default(self) -> bool:
        """Whether the constructor can leave this field out."""
        return self.default is not MISSING or self.default_factory is not MISSING

    def make_default(self) -> Any:
        """A fresh default value (calls the factory); ``MISSING`` when the field has no default."""
        if self.default_factory is not MISSING:
            return self.default_factory()
        return self.default


_CACHE: dict[type, tuple[FieldSpec, ...]] = {}
_LOCK = threading.RLock()


def field_specs(cls: type) -> tuple[FieldSpec, ...]:
    """The ``__init__`` fields of dataclass ``cls`` in declaration order, hints resolved (cached per class).

    Raises
    ------
    InvalidParameterError
        When ``cls`` is not a dataclass type.
    """
    specs = _CACHE.get(cls)
    if specs is not None:
        return specs
    if not dataclasses.is_dataclass(cls) or not isinstance(cls, type):
        raise InvalidParameterError(f"field_specs() needs a dataclass type, got {cls!r}")
    with _LOCK:
        hints = typing.get_type_hints(cls, include_extras=True)
        specs = tuple(
            FieldSpec(f.name, hints[f.name], f.default, f.default_factory, f.metadata)
            for f in dataclasses.fields(cls)
            if f.init
        )
        _CACHE[cls] = specs
    return specs


def optional_inner(hint: Any) -> Any:
    """``X`` for a hint ``X | None`` (or ``Optional[X]``); None for any other hint."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1 and len(args) == 2:
            return rest[0]
    return None
