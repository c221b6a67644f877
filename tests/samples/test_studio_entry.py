"""kit.samples.studio_entry.E: one sample world-book entry in kit's native JSON, read back by kit's reader."""

from __future__ import annotations

import json

import kit.worldbook as wb
from kit.samples.studio_entry import E


def _read(*entries: dict) -> wb.WorldBook:
    return wb.world_book_from_dict({"id": "b", "name": "B", "entries": list(entries)}, strict=True)


def test_a_keyword_entry_reads_back_with_every_setting():
    raw = E(
        "k",
        "memo",
        "text",
        position=4,
        order=7,
        keys=["Lyra"],
        cs=True,
        ww=True,
        secondary=["moon"],
        secondary_logic="not_any",
        probability=0.5,
        group=["g"],
        requires=["c"],
        excludes=["x"],
    )
    assert json.loads(json.dumps(raw)) == raw
    (entry,) = _read(raw, E("c", "", "", constant=True), E("x", "", "", constant=True)).entries[:1]
    kw = entry.triggers.keyword
    assert (entry.uid, entry.comment, entry.content, entry.position, entry.order) == ("k", "memo", "text", 4, 7)
    assert (kw.keys, kw.case_sensitive, kw.match_whole_words) == (("Lyra",), True, True)
    assert (kw.secondary_keys, kw.secondary_logic) == (("moon",), "not_any")
    assert entry.triggers.probability == 0.5 and entry.group == ("g",)
    assert (entry.requires, entry.excludes) == (("c",), ("x",))


def test_other_triggers_depth_and_macro():
    book = _read(
        E("c", "", "", constant=True, disable=True),
        E("t", "", "", cond=["tb.力量 > 10"], logic="龙 OR tb.力量 > 1"),
        E("r", "", "silver tower", rag=(0.2, 2)),
        E("d", "", "", position=6, depth=2, keys=["龙"]),
        E("m", "", "", position=7, macro="weather", constant=True),
    )
    c, t, r, d, m = book.entries
    assert c.triggers.constant and c.disable
    assert t.triggers.conditions == ("tb.力量 > 10",) and t.triggers.logic_expression == "龙 OR tb.力量 > 1"
    assert (r.triggers.rag.threshold, r.triggers.rag.top_k) == (0.2, 2)
    assert (d.position, d.depth) == (6, 2) and (m.position, m.macro) == (7, "weather")
    assert [e.triggers.configured for e in book.entries] == [
        ("constant",),
        ("condition", "logic"),
        ("rag",),
        ("keyword",),
        ("constant",),
    ]


def test_defaults_and_optional_fields_left_out():
    raw = E("n", "", "")
    assert raw["trigger_config"] == {"triggers": {}} and raw["order"] == 100 and raw["group"] is None
    assert not {"depth", "macro", "requires", "excludes"} & set(raw)
    assert _read(raw).entries[0].triggers.configured == ()  # an entry with no trigger never activates
    assert "secondaryKey" not in E("k", "", "", keys=["a"])["trigger_config"]["triggers"]["keyword"]
