"""kit.modules.ids: identifiers as Minecraft writes and orders them."""

from __future__ import annotations

import pytest

from kit.modules.ids import ID_RE, full_id, id_order, is_valid_id, sort_ids


@pytest.mark.parametrize("value", ["a:b", "system:system_module", "my-ns.1:path/to/file.v2", "stone", "a_b"])
def test_valid_ids_with_or_without_a_namespace(value: str) -> None:
    assert is_valid_id(value)


@pytest.mark.parametrize("value", ["", "Bad", "a:B", "a:b:c", "a:", ":b", "#a:b", "a b", 3, None, ["a:b"]])
def test_invalid_ids_and_non_strings(value: object) -> None:
    assert not is_valid_id(value)


def test_an_id_with_a_trailing_newline_is_invalid() -> None:
    # the patterns end with \Z: a '$' would also match before a final newline
    assert not is_valid_id("a:b\n") and not is_valid_id("b\n")
    assert ID_RE.match("a:b\n") is None and ID_RE.match("a:b") is not None


def test_id_re_requires_the_namespace() -> None:
    assert ID_RE.match("a:b") and not ID_RE.match("stone")


def test_full_id_adds_the_minecraft_namespace_and_keeps_a_tag_mark() -> None:
    assert full_id("stone") == "minecraft:stone"
    assert full_id("a:b") == "a:b"
    assert full_id("#logs") == "#minecraft:logs"
    assert full_id("#a:logs") == "#a:logs"


def test_ids_order_by_path_then_namespace_ignoring_the_tag_mark() -> None:
    assert id_order("a:z") > id_order("b:a")  # path first
    assert id_order("a:x") < id_order("b:x")  # then namespace
    assert id_order("#a:x") == id_order("a:x")
    assert sort_ids(["b:a", "a:b", "#c:a", "a:a"]) == ["a:a", "b:a", "#c:a", "a:b"]
    assert sort_ids([]) == []
    assert sort_ids(iter(["z:early", "a:signin"])) == ["z:early", "a:signin"]  # any iterable
