"""kit.saves.stats: how a stored table is counted, with or without a stored codec, and the records' schemas."""

from __future__ import annotations

import dataclasses

import kit.saves.handle as handle
from kit.saves import stats
from kit.saves._layout import StoredTable
from kit.saves.tables import DOCUMENTS, KNOWLEDGE, QUEST_BACKGROUNDS


def test_a_documents_table_is_known_by_its_codec_or_without_one_by_its_id() -> None:
    docs = StoredTable(DOCUMENTS.signature, {"en_us": [{"id": "a"}, {"id": "b"}], "zh_cn": [{"id": "a"}]})
    assert stats.table_counts("mod:anything", docs) == (True, 2, 3)
    server_layout = StoredTable(None, {"en_us": [{"id": "a"}]})  # the server layouts store no codec
    assert stats.table_counts(KNOWLEDGE.id, server_layout) == (True, 1, 1)
    assert stats.table_counts("mod:unknown", server_layout) == (False, 1, 0)  # an unknown id is a value table
    values = StoredTable(None, {"q1": "text", "q2": "more"})
    assert stats.table_counts(QUEST_BACKGROUNDS.id, values) == (False, 2, 0)
    other_codec = StoredTable("string", {"en_us": [{"id": "a"}]})
    assert not stats.is_documents(KNOWLEDGE.id, other_codec)  # a stored codec wins over the id


def test_the_schemas_are_the_records_fields_and_the_old_paths_still_work() -> None:
    assert list(stats.TABLE_SCHEMA) == [f.name for f in dataclasses.fields(stats.TableStats)]
    assert list(stats.SUMMARY_SCHEMA) == [f.name for f in dataclasses.fields(stats.DatabaseStats)]
    assert handle.TABLE_SCHEMA is stats.TABLE_SCHEMA and handle.SUMMARY_SCHEMA is stats.SUMMARY_SCHEMA
    assert handle.TableStats is stats.TableStats and handle.DatabaseStats is stats.DatabaseStats
    assert handle._TABLE_SCHEMA is stats.TABLE_SCHEMA  # the former private names
