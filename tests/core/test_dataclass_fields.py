"""kit.core.dataclass_fields: the one reading of a dataclass shared by the NBT and JSON record codecs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Optional

import pytest

from kit.core.dataclass_fields import MISSING, field_specs, optional_inner
from kit.core.errors import InvalidParameterError


@dataclass(frozen=True)
class _Point:
    x: Annotated[int, "marker"]
    tags: list[str] = field(default_factory=list, metadata={"k": 1})
    label: str | None = None


def test_fields_in_order_with_hints_defaults_and_metadata():
    x, tags, label = field_specs(_Point)
    assert (x.name, x.hint, x.has_default, x.default) == ("x", Annotated[int, "marker"], False, MISSING)
    assert tags.make_default() == [] and tags.make_default() is not tags.make_default()
    assert tags.metadata == {"k": 1} and label.default is None and label.has_default
    assert field_specs(_Point) is field_specs(_Point)  # cached per class


def test_optional_inner_and_refusals():
    assert optional_inner(str | None) is str and optional_inner(Optional[int]) is int  # noqa: UP045 - typing.Optional is what it reads
    assert optional_inner(int | str) is None and optional_inner(int) is None
    with pytest.raises(InvalidParameterError, match="needs a dataclass type"):
        field_specs(int)


def test_direct_init_makes_the_same_record_as_the_generated_init() -> None:
    import dataclasses

    from kit.core.dataclass_fields import direct_init

    @dataclasses.dataclass(frozen=True)
    class Plain:
        name: str
        n: int
        tags: tuple[str, ...] | None

    @direct_init
    @dataclasses.dataclass(frozen=True)
    class Direct:
        name: str
        n: int
        tags: tuple[str, ...] | None

    for args, kwargs in (
        (("a", 1, None), {}),
        (("b",), {"n": 2, "tags": ("x",)}),
        ((), {"tags": (), "n": 0, "name": ""}),
    ):
        plain, direct = Plain(*args, **kwargs), Direct(*args, **kwargs)
        assert dataclasses.astuple(direct) == dataclasses.astuple(plain)
        assert repr(direct) == repr(plain).replace("Plain", "Direct")
        assert hash(direct) == hash(Direct(*args, **kwargs)) and direct == Direct(*args, **kwargs)
    with pytest.raises(dataclasses.FrozenInstanceError):
        direct.n = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        Direct("a", 1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Direct("a", 1, None, 4)  # type: ignore[call-arg]
    assert Direct.__init__.__qualname__.endswith("Direct.__init__")


def test_direct_init_refuses_what_it_would_not_reproduce() -> None:
    import dataclasses

    from kit.core.dataclass_fields import direct_init

    @dataclasses.dataclass(frozen=True)
    class WithDefault:
        n: int = 0

    @dataclasses.dataclass
    class NotFrozen:
        n: int

    @dataclasses.dataclass(frozen=True)
    class Checked:
        n: int

        def __post_init__(self) -> None:
            pass

    class NoDataclass:
        pass

    for cls in (WithDefault, NotFrozen, Checked, NoDataclass):
        with pytest.raises(InvalidParameterError, match="direct_init"):
            direct_init(cls)
