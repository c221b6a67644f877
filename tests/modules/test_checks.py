"""kit.modules.checks: what catalog configurations select and what systems enable, on records built in memory."""

from __future__ import annotations

from kit.modules.checks import check_systems, pick_catalogs
from kit.modules.definitions import CatalogEntry, ModuleConfig, ModuleRef, SystemDefinition
from kit.modules.problems import Problem
from kit.modules.tags import RegistryTags, TagMember


def _config(module_id: str, server_type: str | None, selection: tuple[str, ...] | None = None) -> ModuleConfig:
    return ModuleConfig(module_id, 0, True, server_type, "", None, selection, "p", f"{module_id}.json")


def _entries(*ids: str) -> dict[str, CatalogEntry]:
    return {e: CatalogEntry("shop_offers", e, "{}", "p", f"{e}.json") for e in ids}


def _tags(members: dict[str, tuple[str, ...]], failed: tuple[str, ...] = ()) -> RegistryTags:
    return RegistryTags(
        members={t: tuple(TagMember(m, True, "") for m in ids) for t, ids in members.items()},
        failed={t: "failed" for t in failed},
        files={t: () for t in (*members, *failed)},
    )


def test_pick_catalogs_keeps_the_first_via_and_written_order_with_a_shared_tag_cache() -> None:
    entries = _entries("a:o1", "a:o2", "a:o3")
    tags = _tags({"a:t": ("a:o2", "a:o3"), "system:default": ("a:o1",)})
    cache: dict[str, dict[str, str]] = {}
    problems: list[Problem] = []
    first = pick_catalogs(
        _config("a:m1", "system:shop", ("#a:t",)), "offers", "shop_offers", entries, tags, problems, cache
    )
    second = pick_catalogs(
        _config("a:m2", "system:shop", ("a:o3", "#a:t", "#system:default")), "offers", "shop_offers", entries, tags,
        problems, cache,
    )  # fmt: skip
    assert (first.entry_ids, first.vias) == (("a:o2", "a:o3"), ("tag", "tag"))
    assert (second.entry_ids, second.vias) == (("a:o3", "a:o2", "a:o1"), ("id", "tag", "default"))
    assert cache["#a:t"] == {"a:o2": "tag", "a:o3": "tag"}  # the cached picks are not changed by a module's merge
    assert problems == []


def test_pick_catalogs_reports_unknown_entries_and_dangling_or_failed_tags() -> None:
    tags = _tags({}, failed=("a:bad",))
    problems: list[Problem] = []
    picks = pick_catalogs(
        _config("a:m", "system:shop", ("a:nope", "#a:missing", "#a:bad")), "offers", "shop_offers", _entries(), tags,
        problems, {},
    )  # fmt: skip
    assert picks.entry_ids == ()
    assert [(p.kind, p.field) for p in problems] == [
        ("unknown_catalog_entry", "server.offers"),
        ("dangling_tag", "server.offers"),
        ("dangling_tag", "server.offers"),
    ]
    whole = pick_catalogs(_config("a:w", "system:shop"), "offers", "shop_offers", _entries("a:o1"), tags, [], {})
    assert whole.entry_ids is None


def test_check_systems_lists_overlaps_in_id_order_and_skips_conditional_references() -> None:
    modules = {m.module_id: m for m in [_config("b:a", "system:shop"), _config("a:b", "system:shop"),
                                        _config("a:c", "system:shop"), _config("a:client", None)]}  # fmt: skip
    order = ["b:a", "a:b", "a:c", "a:client"]  # id order: path, then namespace
    tags = _tags({"a:t": ("a:c", "b:a", "a:client")})
    refs = (ModuleRef("a:b"), ModuleRef("#a:t"), ModuleRef("a:c", '{"x":1}'), ModuleRef("a:gone"), ModuleRef("#a:no"))
    system = SystemDefinition("a:s", "S", "", "", refs, "p", "s.json")
    problems: list[Problem] = []
    check_systems({"a:s": system}, modules, tags, problems, order)
    assert [(p.kind, p.field) for p in problems] == [
        ("unknown_module", "modules[3]"),
        ("dangling_tag", "modules[4]"),
        ("overlapping_candidates", "modules"),
    ]
    assert "enables 3 configurations of system:shop without conditions (b:a, a:b, a:c)" in problems[-1].message
