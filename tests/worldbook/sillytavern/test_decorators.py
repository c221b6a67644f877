"""SillyTavern's content decorators (``@@activate``, ``@@dont_activate``): ``parseDecorators`` line by line."""

from __future__ import annotations

import pytest

from kit.worldbook.sillytavern.decorators import KNOWN_DECORATORS, parse_decorators
from tests.worldbook.sillytavern.st_inputs import E, act, run


def test_decorator_lines_are_removed_from_the_inserted_text() -> None:
    step = run(E(0, [], constant=True, position=0, content="@@activate\n@@@unknown\nBody"))
    assert step["worldInfoBefore"] == "Body"  # a @@@ line is skipped unless it follows an unknown decorator
    step = run(E(0, ["zzz"], position=0, content="@@something\n@@@activate\nBody"))
    assert step["activated"] == ["B.0"] and step["worldInfoBefore"] == "Body"
    step = run(E(0, [], constant=True, position=0, content="@@activate"))
    assert step["worldInfoBefore"] == "@@activate"  # only decorator lines: content unchanged, as in ST


@pytest.mark.parametrize(
    "content, decorators, rest",
    [
        ("Body", [], "Body"),
        ("", [], ""),
        (" @@activate\nBody", [], " @@activate\nBody"),  # only leading lines that start with @@
        ("@@activate\nBody", ["@@activate"], "Body"),
        ("@@dont_activate\n@@activate\nBody\n@@activate", ["@@dont_activate", "@@activate"], "Body\n@@activate"),
        ("@@activate_now\nBody", ["@@activate_now"], "Body"),  # a prefix test, as in ST
        ("@@unknown\nBody", [], "Body"),
        ("@@@activate\nBody", [], "Body"),  # @@@ is read only right after an unknown decorator
        ("@@unknown\n@@@dont_activate\nBody", ["@@dont_activate"], "Body"),
        ("@@activate\n@@dont_activate", ["@@activate", "@@dont_activate"], "@@activate\n@@dont_activate"),
    ],
)
def test_parse_decorators(content, decorators, rest):
    assert parse_decorators(content) == (decorators, rest)


def test_known_decorators_drive_activation():
    assert KNOWN_DECORATORS == ("@@activate", "@@dont_activate")
    assert act(E(0, ["zzz"], content="@@activate\nX"), messages=("a",)) == ["B.0"]
    assert act(E(0, ["a"], content="@@dont_activate\nX"), messages=("a",)) == []
    assert act(E(0, ["zzz"], content="@@unknown\nX"), messages=("a",)) == []
