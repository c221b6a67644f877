"""kit.worldbook.checks.lint_rules: the per-kind checks behind lint, called one by one on entry views."""

from __future__ import annotations

from kit.worldbook import Entry, KeywordTrigger, Triggers, WorldBook
from kit.worldbook.checks.lint_rules import (
    RecursionText,
    broad_key_rows,
    duplicate_key_rows,
    entry_view,
    estimate_tokens,
    missing_reference_rows,
    never_fires_rows,
)


def _entry(uid: str, keys=(), **kw) -> Entry:
    keyword = KeywordTrigger(keys=tuple(keys)) if keys else None
    return Entry(uid=uid, content=kw.pop("content", uid), triggers=Triggers(keyword=keyword), **kw)


BOOK = WorldBook(
    id="b",
    name="B",
    entries=(
        _entry("silent"),
        _entry("one", ["Dragon"]),
        _entry("two", ["dragon"], requires=("nobody",)),
        _entry("elf", ["elf"]),
    ),
)
VIEWS = [entry_view(BOOK, e, False) for e in BOOK.entries]


def test_estimate_tokens_is_sillytaverns_fallback():
    assert [estimate_tokens(t) for t in ("", "a", "abcd", "x" * 67)] == [0, 1, 2, 20]


def test_a_kit_entry_is_viewed_with_its_own_options():
    view = VIEWS[1]
    assert view.st is None and view.keys == ("Dragon",) and view.entry_id == "b/one"
    assert view.fold("Dragon") == "dragon" and not view.case_sensitive and not view.is_regex("/x/")


def test_never_fires_names_the_entry_without_a_trigger():
    rows = [r for v in VIEWS for r in never_fires_rows(v, RecursionText(VIEWS))]
    assert [(r["kind"], r["object_id"], r["severity"]) for r in rows] == [("never_fires", "b/silent", "error")]


def test_a_duplicate_key_is_one_row_naming_every_holder_case_folded():
    rows = list(duplicate_key_rows(VIEWS))
    assert [(r["kind"], r["uid"], r["field"], r["severity"]) for r in rows] == [
        ("duplicate_key", "one", "key", "warning")
    ]
    assert "'dragon'" in rows[0]["message"] and "one, two" in rows[0]["message"]


def test_missing_references_and_broad_keys():
    rows = list(missing_reference_rows(VIEWS[2], {"b": {e.uid for e in BOOK.entries}}))
    assert [(r["kind"], r["field"], r["severity"]) for r in rows] == [("missing_reference", "requires[0]", "error")]
    broad = list(broad_key_rows(VIEWS[3], ["itself", "shelf"]))
    assert [(r["kind"], r["uid"]) for r in broad] == [("broad_key", "elf")] and "itself" in broad[0]["message"]
