"""Every DataFrame-returning function returns exactly its documented columns, with the same dtypes, also when empty."""

from __future__ import annotations

from typing import Callable

import pandas as pd
import pytest

import kit
import kit.books
import kit.items
import kit.retrieval as kr
import kit.worldbook as wb
from kit.saves.database import _DOC_COLUMNS, _TABLE_COLUMNS
from kit.saves.knowledge import ASK_COLUMNS
from kit.samples import sample_save_path
from kit.samples.saves import PLAYERS

SAVE = sample_save_path()
ALEX = PLAYERS["alex"]


@pytest.fixture(scope="module")
def sample():
    with kit.open_save(SAVE) as save:
        yield save


@pytest.fixture(scope="module")
def empty(tmp_path_factory):
    folder = tmp_path_factory.mktemp("empty_save")
    with kit.open_save(folder) as save:
        yield save


@pytest.fixture(scope="module")
def packs():
    return kit.items.load_datapacks([SAVE / "datapacks" / "kit_sample"])


@pytest.fixture(scope="module")
def index(sample):
    return sample.databases.shared().prepare_index(kit.KNOWLEDGE, "en_us")


@pytest.fixture(scope="module")
def studio():
    return wb.load_studio(SAVE)


def _check(full: pd.DataFrame, none: pd.DataFrame, documented: list[str] | None) -> None:
    assert len(full) > 0, "the populated case returned no rows"
    assert len(none) == 0, "the empty case returned rows"
    assert list(full.columns) == list(none.columns)
    if documented is not None:
        assert list(full.columns) == list(documented)
    for column in full.columns:
        a, b = full[column].dtype, none[column].dtype
        assert a == b or (pd.api.types.is_object_dtype(b) and pd.api.types.is_string_dtype(a)), (column, a, b)


CASES: dict[str, Callable] = {
    "AgentDatabase.tables": lambda s, e, **_: (s.databases.shared().tables(), e.databases.shared().tables(), _TABLE_COLUMNS),
    "AgentDatabase.frame(documents)": lambda s, e, **_: (
        s.databases.shared().frame("system:knowledge"), e.databases.shared().frame(kit.KNOWLEDGE), _DOC_COLUMNS),
    "AgentDatabase.search": lambda s, e, **_: (
        s.databases.shared().search(kit.KNOWLEDGE, "en_us", "diamond"),
        e.databases.shared().search(kit.KNOWLEDGE, "en_us", "diamond"), None),
    "kit.ask": lambda s, e, **_: (
        kit.ask(s, ALEX, "diamond", language="en_us"), kit.ask(s, ALEX, "qqqqzzzz", language="en_us"), ASK_COLUMNS),
    "ParagraphIndex.explain": lambda s, e, index, **_: (
        index.explain("diamond level", "guide/ores/diamond", 0), index.explain("qqqq", "guide/ores/diamond", 0), None),
    "ParagraphIndex.search": lambda s, e, index, **_: (index.search("diamond"), index.search("?!"), None),
    "retrieval.evaluate": lambda s, e, index, **_: (
        kr.evaluate(pd.DataFrame({"query_id": ["q"], "doc_id": ["d"], "rank": [1], "score": [1.0]}),
                    pd.DataFrame({"query_id": ["q"], "doc_id": ["d"], "relevance": [1]})),
        kr.evaluate(pd.DataFrame({"query_id": ["q"], "doc_id": ["d"], "rank": [1], "score": [1.0]}),
                    pd.DataFrame({"query_id": pd.Series([], dtype=str), "doc_id": pd.Series([], dtype=str),
                                  "relevance": pd.Series([], dtype="int64")})), ["query_id", "metric", "value"]),
    "PackSet.recipes": lambda packs, **_: (packs.recipes(), kit.items.load_datapacks([]).recipes(), None),
    "PackSet.loot_tables": lambda packs, **_: (packs.loot_tables(), kit.items.load_datapacks([]).loot_tables(), None),
    "PackSet.tags": lambda packs, **_: (packs.tags(), kit.items.load_datapacks([]).tags(), None),
    "PackSet.items": lambda packs, **_: (packs.items(), kit.items.load_datapacks([]).items(), None),
    "PackSet.loot_expectations": lambda packs, **_: (
        packs.loot_expectations(), kit.items.load_datapacks([]).loot_expectations(),
        ["loot_table_id", "item_id", "expected_count", "p_at_least_one", "is_exact"]),
    "ItemSourceOutput.to_frame": lambda packs, **_: (
        packs.item_sources(packs.recipes()["output_item_id"].dropna().iloc[0] if "output_item_id" in packs.recipes()
                           else "minecraft:stick").to_frame(),
        packs.item_sources("kit:no_such_item").to_frame(), None),
    "worldbook.activate": lambda studio, **_: (
        wb.activate(list(studio.library.values()), None, message=" ".join(
            k for b in studio.library.values() for e in b.entries for k in (e.triggers.keyword.keys if e.triggers.keyword else ())
        )),
        wb.activate([], None, message="nothing"), list(wb.ACTIVATION_COLUMNS)),
    "worldbook.coverage": lambda studio, **_: (
        wb.coverage(studio.library, studio.conversations), wb.coverage({}, studio.conversations), None),
    "BookStore.books": lambda tmp_path, **_: (
        kit.books.open_store(SAVE / "studio", create=False).books(), kit.books.open_store(tmp_path / "s").books(), None),
    "BookStore.assets": lambda tmp_path, **_: (
        kit.books.open_store(SAVE / "studio", create=False).assets(), kit.books.open_store(tmp_path / "s").assets(), None),
}


@pytest.mark.parametrize("name", list(CASES))
def test_documented_columns_also_when_empty(name, sample, empty, packs, index, studio, tmp_path) -> None:
    full, none, documented = CASES[name](s=sample, e=empty, packs=packs, index=index, studio=studio, tmp_path=tmp_path)
    _check(full, none, documented)
