from __future__ import annotations

import kit.worldbook as wb
from kit.worldbook import Entry, Triggers, WorldBook
from kit.worldbook.engine.prompt_assembly import ASSEMBLE_SCHEMA as ASSEMBLE_COLUMNS
from kit.worldbook.engine.prompt_assembly import assemble, expand_macros


def const(uid, position, content, order=0, **kw):
    return Entry(uid, content, position=position, order=order, triggers=Triggers(constant=True), **kw)


BOOK = WorldBook(
    "b",
    "B",
    (
        const("sys", 5, "SYSTEM-MSG"),
        const("before", 1, "BEFORE-CHAR"),
        const("after2", 0, "AFTER-CHAR-2", order=2),
        const("after1", 0, "AFTER-CHAR-1 天气:{{wb:weather}}", order=1),
        const("ex-before", 2, "BEFORE-EX"),
        const("ex-after", 3, "AFTER-EX"),
        const("an", 4, "AUTHOR-NOTE"),
        const("d0", 6, "DEPTH-0", depth=0),
        const("d1", 6, "DEPTH-1", depth=1),
        const("d9", 6, "DEPTH-9", depth=9),
        const("w1", 7, "下雨", macro="weather", order=1),
        const("w2", 7, "有风", macro="weather", order=2),
        const("m-off", 7, "never", macro="unused", disable=True),
    ),
)


def test_assemble_layout_and_macros():
    result = wb.activate([BOOK], message="")
    seg = assemble(
        result,
        system_prompt="SYS {{wb:weather}}",
        character="CHAR",
        examples="EX",
        history=["h1", "h2"],
        message="now {{ wb: nothing }}",
    )
    assert list(seg.columns) == list(ASSEMBLE_COLUMNS)
    assert seg["segment"].tolist() == list(range(1, len(seg) + 1))
    assert seg["text"].tolist() == [
        "SYS 下雨\n有风",
        "SYSTEM-MSG",
        "BEFORE-CHAR",
        "CHAR",
        "AFTER-CHAR-1 天气:下雨\n有风",
        "AFTER-CHAR-2",
        "BEFORE-EX",
        "EX",
        "AFTER-EX",
        "DEPTH-9",
        "h1",
        "h2",
        "DEPTH-1",
        "now ",
        "DEPTH-0",
        "AUTHOR-NOTE",
    ]
    assert seg.loc[seg["slot"] == "depth", "entry_id"].tolist() == ["b/d9", "b/d1", "b/d0"]
    assert seg.loc[seg["slot"] == "message", "role"].item() == "user"
    assert seg["position"].isna().sum() == 6  # system prompt, character, examples, 2 history, message


def test_assemble_empty():
    seg = assemble(wb.activate([], message=""))
    assert list(seg.columns) == list(ASSEMBLE_COLUMNS) and len(seg) == 0


def test_expand_macros():
    assert expand_macros("a{{wb:x}}b{{wb:y}}", {"x": "1"}) == "a1b"
