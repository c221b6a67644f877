"""kit.modules.builtin: the built-in server types and client implementations, and how the inventory uses them."""

from __future__ import annotations

import kit.modules as km
from kit.modules.builtin import (
    BUILTIN_PLAYER_ORDER,
    CLIENT_IDS,
    CORE_TYPES,
    DEFAULT_CATALOG_TAG,
    OPTIONAL_MODS,
    RESIDENT_CLIENT_ENTRIES,
    SERVER_TYPES,
    SETTINGS_CLIENT_IDS,
)
from kit.modules.ids import ID_RE
from tests.modules.conftest import kinds, module_file


def test_built_in_ids_are_namespaced_system_ids_with_a_known_role() -> None:
    for identifier in [*SERVER_TYPES, *CLIENT_IDS, *RESIDENT_CLIENT_ENTRIES, DEFAULT_CATALOG_TAG.lstrip("#")]:
        assert ID_RE.match(identifier) and identifier.startswith("system:"), identifier
    assert set(SERVER_TYPES.values()) == {"core", "shared", "workflow", "tool"}
    assert {"system:signin", "system:items", "system:web_search"} <= set(SERVER_TYPES)  # the design names these


def test_core_types_are_the_types_with_the_core_role() -> None:
    assert CORE_TYPES == {"system:core", "system:binding", "system:usage"}
    assert OPTIONAL_MODS.keys() <= SERVER_TYPES.keys() and not OPTIONAL_MODS.keys() & CORE_TYPES


def test_settings_entries_are_resident_and_no_registry_client() -> None:
    assert SETTINGS_CLIENT_IDS <= set(RESIDENT_CLIENT_ENTRIES)
    assert not set(RESIDENT_CLIENT_ENTRIES) & CLIENT_IDS  # resident entries need no configuration
    assert BUILTIN_PLAYER_ORDER == 100


def test_the_built_in_sets_are_what_read_modules_knows_by_default(make_pack) -> None:
    files = {module_file(f"a:m{i}"): {"server": {"type": t}} for i, t in enumerate(SERVER_TYPES)}
    files.update({module_file(f"b:c{i}"): {"client": c} for i, c in enumerate(sorted(CLIENT_IDS))})
    inv = km.read_modules(make_pack("p", files), strict=False)
    assert "unknown_server_type" not in kinds(inv) and "unknown_client" not in kinds(inv)
    unknown = km.read_modules(
        make_pack("q", {module_file("a:x"): {"server": {"type": "system:weather"}, "client": "system:weather"}}),
        strict=False,
    )
    assert kinds(unknown) == ["missing_order", "unknown_client", "unknown_server_type"]
