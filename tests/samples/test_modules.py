"""The sample save's module packs, and the columns of every frame (also when empty)."""

from __future__ import annotations

import pandas as pd
import pytest

import kit.modules as km
from kit.samples import sample_save_path
from kit.samples.modules import DRAFT_MISTAKES, DRAFT_PACK_NAME, PACK_NAME, SERVER_ONLY_KINDS, STAGING_FOLDER

SAVE = sample_save_path()
DRAFT = SAVE / STAGING_FOLDER / DRAFT_PACK_NAME


@pytest.fixture(scope="module")
def installed():
    return km.read_modules(strict=False, source=SAVE / "datapacks" / PACK_NAME)


@pytest.fixture(scope="module")
def drafted():
    return km.read_modules(strict=False, source=[SAVE / "datapacks" / PACK_NAME, DRAFT])


def test_the_installed_configuration_is_clean_and_complete(installed) -> None:
    assert installed.problems().empty
    types = set(installed.modules()["server_type"].dropna())
    assert {
        "system:player",
        "system:signin",
        "system:shop",
        "system:lottery",
        "system:items",
        "system:ftb_quests",
        "system:web_search",
    } <= types
    entries = installed.client_entries()
    assert entries.iloc[0]["client_id"] == "system:player" and entries.iloc[0]["order"] == km.BUILTIN_PLAYER_ORDER
    left = entries[entries["placement"] == "left"]
    assert list(left["order"]) == sorted(left["order"], reverse=True)


def test_the_world_folder_reads_the_installed_packs_but_not_the_draft(installed) -> None:
    world = km.read_modules(strict=False, source=SAVE)
    assert DRAFT_PACK_NAME not in world.packs and world.problems().empty
    assert world.module_ids == installed.module_ids


def test_the_draft_has_exactly_one_mistake_of_each_kind(drafted) -> None:
    p = drafted.problems()
    assert sorted(p["kind"]) == sorted(set(km.PROBLEM_KINDS) - set(SERVER_ONLY_KINDS)) == sorted(DRAFT_MISTAKES)
    assert set(p["pack"]) == {DRAFT_PACK_NAME}
    assert all(str(s) == km.PROBLEM_KINDS[k] for s, k in zip(p["severity"], p["kind"]))


def _empty():
    import tempfile
    from pathlib import Path

    folder = Path(tempfile.mkdtemp()) / "empty_pack"
    (folder / "data").mkdir(parents=True)
    return km.read_modules(strict=False, source=folder)


FRAMES = {
    "modules": (
        lambda inv: inv.modules(),
        ["module_id", "order", "order_is_default", "server_type", "server_params", "client", "pack", "path"],
    ),
    "client_entries": (
        lambda inv: inv.client_entries().query("not is_resident"),
        ["client_id", "order", "rank", "module_ids", "placement", "is_resident"],
    ),
    "systems": (
        lambda inv: inv.systems(),
        ["system_id", "name", "ref", "ref_kind", "module_id", "required", "condition"],
    ),
    "catalogs": (lambda inv: inv.catalogs(), ["catalog", "module_id", "entry_id", "via"]),
    "catalog_entries": (lambda inv: inv.catalog_entries(), ["catalog", "entry_id", "data", "pack", "path"]),
    "tags": (lambda inv: inv.tags(), ["registry", "tag_id", "member_id", "required", "via", "is_loaded"]),
    "problems": (lambda inv: inv.problems(), ["severity", "kind", "object_id", "field", "message", "path", "pack"]),
    "candidates": (km.candidates, ["server_type", "module_id", "rank", "n_candidates"]),
    "player_catalog": (
        lambda inv: km.player_catalog(inv, [m for m in inv.module_ids if m in ("system:shop",)]),
        ["catalog", "entry_id", "n_modules", "module_ids"],
    ),
}


@pytest.mark.parametrize("name", list(FRAMES))
def test_frames_have_their_documented_columns_and_dtypes_also_when_empty(name, installed, drafted) -> None:
    fn, columns = FRAMES[name]
    full = fn(drafted if name == "problems" else installed)
    none = fn(_empty())
    assert len(full) > 0 and len(none) == 0
    assert list(full.columns) == columns == list(none.columns)
    assert list(full.dtypes) == list(none.dtypes)
    if name == "problems":
        assert full["severity"].dtype == pd.CategoricalDtype(["warning", "error"], ordered=True)
