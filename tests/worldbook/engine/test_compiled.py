"""kit.worldbook.engine.compiled: books collected once in order, entries compiled to shared key specs."""

from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.worldbook import Entry, KeywordTrigger, Triggers, WorldBook
from kit.worldbook.engine.compiled import collect_books, compile_entries


def _entry(uid: str, keys=(), **kw) -> Entry:
    keyword = KeywordTrigger(keys=tuple(keys), case_sensitive=kw.pop("cs", False)) if keys else None
    return Entry(uid=uid, content=uid, triggers=Triggers(keyword=keyword, **kw.pop("triggers", {})), **kw)


G = WorldBook(id="g", name="G", entries=(_entry("a", ["dragon", "Dragon"]), _entry("b", ["dragon"], requires=("a",))))
C = WorldBook(id="c", name="C", entries=(_entry("x", ["Dragon"], cs=True, excludes=("g/b",)),))


def test_books_are_collected_globals_first_and_once():
    assert [(b.id, s) for b, s in collect_books([G, G], C)] == [("g", "global"), ("c", "character")]
    assert [(b.id, s) for b, s in collect_books([G], G)] == [("g", "global")]
    assert collect_books([], None) == ()


def test_entries_share_one_spec_per_key_and_options():
    entries, specs = compile_entries(collect_books([G], C))
    assert [e.entry_id for e in entries] == ["g/a", "g/b", "c/x"] and [e.index for e in entries] == [0, 1, 2]
    assert [e.book_scope for e in entries] == ["global", "global", "character"]
    assert [specs[s] for s in entries[0].primary] == [("dragon", False, False), ("Dragon", False, False)]
    assert entries[1].primary == entries[0].primary[:1]  # the same key and options: the same spec
    assert specs[entries[2].primary[0]] == ("Dragon", True, False)  # case-sensitive: a spec of its own
    assert len(specs) == 3


def test_references_become_entry_ids_within_the_book_unless_qualified():
    entries, _ = compile_entries(collect_books([G], C))
    assert entries[1].requires == ("g/a",) and entries[2].excludes == ("g/b",)


def test_a_malformed_condition_names_the_entry():
    bad = WorldBook(id="bad", name="B", entries=(_entry("e", triggers={"conditions": ("tb.x >",)}),))
    with pytest.raises(wb.ConditionSyntaxError, match="bad/e"):
        compile_entries(collect_books([bad], None))
