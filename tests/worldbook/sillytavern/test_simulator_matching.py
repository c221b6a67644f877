"""One scenario (or a few) per rule of the note ``sillytavern-world-info.md``, written for kit: the scan buffer
(1.6), key matching (1.7) and secondary keys. The other rules are in ``test_simulator_rules.py``.

Expected values follow from the rules as the note states them (SillyTavern 1.15.0); the shared scenarios
check the same engine against SillyTavern's own output.
"""

from __future__ import annotations

from typing import Any

import pytest

from kit.worldbook.sillytavern import simulate
from tests.worldbook.sillytavern.st_inputs import E, act, book, chat

# ---- 1.6 scan buffer --------------------------------------------------------------------------------


def test_scan_depth_limits_messages() -> None:
    entries = (E(0, ["apple"]), E(1, ["pear"]))
    assert act(*entries, messages=("apple", "x", "pear"), settings={"world_info_depth": 2}) == ["B.1"]
    assert act(*entries, messages=("apple", "x", "pear"), settings={"world_info_depth": 3}) == ["B.0", "B.1"]
    assert act(E(0, ["apple"], scanDepth=3), messages=("apple", "x", "pear"), settings={"world_info_depth": 1}) == [
        "B.0"
    ]


def test_names_are_scanned_when_included() -> None:
    entry = E(0, ["lyra"])
    msgs = [{"name": "LYRA", "mes": "Welcome"}]
    assert simulate({"books": book(entry), "chat": msgs})["steps"][0]["activated"] == ["B.0"]
    assert (
        simulate({"books": book(entry), "chat": msgs, "settings": {"world_info_include_names": False}})["steps"][0][
            "activated"
        ]
        == []
    )


def test_system_messages_are_dropped_and_swipe_drops_the_last() -> None:
    msgs = [{"name": "U", "is_user": True, "mes": "hi"}, {"name": "N", "is_system": True, "mes": "dragon"}]
    assert simulate({"books": book(E(0, ["dragon"])), "chat": msgs})["steps"][0]["activated"] == []
    sc = {"books": book(E(0, ["dragon"])), "chat": chat("dragon", "ok")}
    assert simulate(sc)["steps"][0]["activated"] == ["B.0"]
    sc["steps"] = [{"chat": chat("x", "dragon"), "trigger": "swipe"}]
    assert simulate(sc)["steps"][0]["activated"] == []


def _step(entries: tuple[dict[str, Any], ...], messages: list[dict[str, Any]], **step: Any) -> dict[str, Any]:
    return simulate({"books": book(*entries), "steps": [{"chat": messages, **step}], "user": "Alice", "char": "Sera"})[
        "steps"
    ][0]


def test_real_regenerate_first_deletes_a_last_message_that_is_not_the_users() -> None:
    entries = (E(0, ["reply"]),)
    msgs = chat("hello", "a reply")
    assert _step(entries, msgs, trigger="regenerate")["activated"] == []
    assert _step(entries, msgs, trigger="regenerate", dryRun=True)["activated"] == ["B.0"]  # a dry run deletes nothing
    assert _step(entries, msgs, trigger="continue")["activated"] == ["B.0"]
    # a last user message stays; a last system message is deleted too (and it was not scanned anyway)
    assert _step(entries, chat("a reply", "hello"), trigger="regenerate")["activated"] == ["B.0"]
    with_system = [*chat("x", "a reply"), {"name": "N", "is_system": True, "mes": "note"}]
    assert _step(entries, with_system, trigger="regenerate")["activated"] == ["B.0"]


def test_regenerate_shortens_the_chat_length_of_timed_effects() -> None:
    msgs = chat("u1", "c1", "u2", "c2")
    wide = (E(0, ["u2"], delay=4),)
    assert _step(wide, msgs, trigger="normal")["activated"] == ["B.0"]  # 4 messages: the delay is over
    assert _step(wide, msgs, trigger="regenerate")["activated"] == []  # 3 messages: still delayed


def test_unknown_generation_types_scan_as_normal() -> None:
    only_normal = (E(0, ["hello"], triggers=["normal"]), E(1, ["hello"], triggers=["quiet"]))
    for trigger in ("jump", "", "Normal", 5):
        assert _step(only_normal, chat("hello"), trigger=trigger)["activated"] == ["B.0"], trigger
    sc = {"books": book(*only_normal), "chat": chat("hello"), "globalScanData": {"trigger": "summarize"}}
    assert simulate(sc)["steps"][0]["activated"] == ["B.0"]


def test_the_first_message_gets_macro_substitution() -> None:
    entries = (E(0, ["Alice met Sera"]),)
    assert _step(entries, chat("Alice met Sera"))["activated"] == ["B.0"]
    assert _step(entries, chat("{{user}} met {{char}}"))["activated"] == ["B.0"]
    assert _step(entries, chat("x", "<USER> met <BOT>"))["activated"] == []  # later messages are not substituted


def test_non_string_message_text_scans_as_empty() -> None:
    entries = (E(0, ["42"]), E(1, ["true"]), E(2, ["Bob:"]))
    msgs = [{"name": "Bob", "is_user": True, "mes": 42}, {"name": "Sera", "mes": True}]
    assert _step(entries, msgs)["activated"] == ["B.2"]  # the name is still scanned
    assert _step(entries, [{"name": "Bob", "is_user": True, "mes": None}])["activated"] == ["B.2"]


def test_x01_separators_allow_per_speaker_regex() -> None:
    entry = E(0, ["/\\x01{{user}}:[^\\x01]*?hello/"])
    assert act(entry, messages=("hello there",), user="User") == ["B.0"]
    assert act(entry, messages=("x", "hello there"), user="User") == []  # said by Char


def test_caret_never_matches_a_message_start_without_m() -> None:
    assert act(E(0, ["/^User/"]), messages=("hi",)) == []
    assert act(E(0, ["/^\\x01User/"]), messages=("hi",)) == ["B.0"]
    assert act(E(0, ["/^Char/m"]), messages=("hi", "yo")) == []  # each line starts with \x01
    assert act(E(0, ["/^\\x01User: hi$/m"]), messages=("hi", "yo")) == ["B.0"]
    assert act(E(0, ["/^\\x01User: hi$/"]), messages=("hi", "yo")) == []


def test_extra_sources_only_for_entries_that_ask() -> None:
    gsd = {"personaDescription": "A knight of the moon.", "scenario": "海边的小镇"}
    assert act(E(0, ["knight"]), globalScanData=gsd) == []
    assert act(E(0, ["knight"], matchPersonaDescription=True), globalScanData=gsd) == ["B.0"]
    assert act(E(0, ["小镇"], matchScenario=True), globalScanData=gsd) == ["B.0"]


def test_inject_buffer_only_for_scanned_prompts() -> None:
    entry = E(0, ["dragon"])
    assert act(entry, extensionPrompts={"2_floating_prompt": {"value": "a dragon", "scan": True}}) == ["B.0"]
    assert act(entry, extensionPrompts={"2_floating_prompt": {"value": "a dragon", "scan": False}}) == []


def test_injects_are_macro_expanded() -> None:
    assert act(
        E(0, ["seraphina"]), extensionPrompts={"x": {"value": "{{char}} waits", "scan": True}}, char="Seraphina"
    ) == ["B.0"]


def test_character_extra_books_join_character_lore() -> None:
    books = {
        "C": {"entries": {"0": E(0, [], "c", constant=True, order=1)}},
        "X": {"entries": {"0": E(0, [], "x", constant=True, order=5)}},
        "G": {"entries": {"0": E(0, [], "g", constant=True, order=100)}},
    }
    sc = {"books": books, "chat": chat("hi"), "characterBook": "C", "characterExtraBooks": ["X"]}
    assert simulate(sc)["steps"][0]["activated"] == ["X.0", "C.0", "G.0"]


def test_depth_zero_scans_nothing_not_even_injects() -> None:
    assert (
        act(
            E(0, ["dragon"]),
            extensionPrompts={"x": {"value": "dragon", "scan": True}},
            settings={"world_info_depth": 0},
        )
        == []
    )


# ---- 1.7 key matching ---------------------------------------------------------------------------------


def test_macros_in_keys_are_expanded() -> None:
    assert act(E(0, ["{{char}}"]), messages=("hi Seraphina",), char="Seraphina") == ["B.0"]
    assert act(E(0, ["<USER>"]), messages=("小明来了",), user="小明", settings={"world_info_include_names": False}) == [
        "B.0"
    ]


def test_empty_keys_are_skipped_but_space_keys_match_everything() -> None:
    assert act(E(0, [""]), messages=("anything",)) == []
    assert act(E(0, ["  "]), messages=("anything",)) == ["B.0"]


def test_regex_keys_use_javascript_semantics() -> None:
    text = ("Café au lait, naïve BIG plan\nsecond line",)
    assert act(E(0, ["/caf\\w/i"]), messages=text) == []  # \w is ASCII: é is not a word character
    assert act(E(0, ["/caf./i"]), messages=text) == ["B.0"]
    assert act(E(0, ["/caf\\b/i"]), messages=text) == ["B.0"]  # ASCII \b between f and é
    assert act(E(0, ["/big/"]), messages=text) == []  # regex ignores case-insensitivity
    assert act(E(0, ["/big/i"]), messages=text) == ["B.0"]
    assert act(E(0, ["/plan.second/"]), messages=text) == []  # . excludes \n
    assert act(E(0, ["/plan.second/s"]), messages=text) == ["B.0"]
    assert act(E(0, ["/plan$/"]), messages=text) == []
    assert act(E(0, ["/plan$/m"]), messages=text) == ["B.0"]
    assert act(E(0, ["/(?<=naïve )BIG/"]), messages=text) == ["B.0"]
    assert act(E(0, ["/(?<w>l)a\\k<w>/"]), messages=("lal",)) == ["B.0"]
    assert act(E(0, ["/\\x01User/y"]), messages=text) == ["B.0"]
    assert act(E(0, ["/Café/y"]), messages=text) == []


def test_not_quite_regex_keys_are_plain_text() -> None:
    assert act(E(0, ["/开始旅行"]), messages=("输入/开始旅行吧",)) == ["B.0"]
    assert act(E(0, ["/a/gg"]), messages=("x /a/gg y",)) == ["B.0"]  # duplicate flag: invalid regex -> plain
    assert act(E(0, ["/a/b/"]), messages=("path /a/b/ here",)) == ["B.0"]  # unescaped slash -> plain


def test_case_sensitivity_global_and_per_entry() -> None:
    assert act(E(0, ["Rome"]), messages=("rome",)) == ["B.0"]
    assert act(E(0, ["Rome"], caseSensitive=True), messages=("rome",)) == []
    assert act(E(0, ["Rome"]), messages=("rome",), settings={"world_info_case_sensitive": True}) == []
    assert act(
        E(0, ["Rome"], caseSensitive=False), messages=("rome",), settings={"world_info_case_sensitive": True}
    ) == ["B.0"]


@pytest.mark.parametrize(
    ("key", "text", "hit"),
    [
        ("魔法", "他是魔法师", True),  # CJK inside CJK: every non-ASCII char is a boundary
        ("Alice", "我遇见了Alice。", True),  # Latin between CJK
        ("王五", "王五abc说", False),  # CJK touching ASCII letters
        ("abc", "王五abc说", True),
        ("abc", "王五abcd说", False),
        ("宝剑", "看看宝剑和Cups的意思", True),
        ("Cups", "看看宝剑和Cups的意思", True),
        ("Cup", "看看宝剑和Cups的意思", False),
        ("king", "it's not to my liking", False),
        ("caf", "café", True),
        ("ive the", "long live the king", True),  # multi-word: plain substring
        ("東京", "東京タワー", True),
        ("кот", "котик", True),
        ("v2", "model v2.", True),
        ("v2", "model v23", False),
    ],
)
def test_whole_words_with_ascii_boundaries(key: str, text: str, hit: bool) -> None:
    got = act(
        E(0, [key]),
        messages=(text,),
        settings={"world_info_match_whole_words": True, "world_info_include_names": False},
    )
    assert got == (["B.0"] if hit else [])


def test_whole_words_per_entry_overrides_global() -> None:
    assert act(
        E(0, ["king"], matchWholeWords=False), messages=("liking",), settings={"world_info_match_whole_words": True}
    ) == ["B.0"]


# ---- secondary keys and logics --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("logic", "text", "hit"),
    [
        (0, "苹果 红色", True),
        (0, "苹果", False),
        (1, "苹果 红色", True),
        (1, "苹果 红色 绿色", False),
        (2, "苹果", True),
        (2, "苹果 绿色", False),
        (3, "苹果 红色 绿色", True),
        (3, "苹果 红色", False),
    ],
)
def test_secondary_logics(logic: int, text: str, hit: bool) -> None:
    entry = E(0, ["苹果"], keysecondary=["红色", "绿色"], selective=True, selectiveLogic=logic)
    assert act(entry, messages=(text,)) == (["B.0"] if hit else [])


def test_secondary_keys_need_selective_and_empty_secondary_never_matches() -> None:
    assert act(E(0, ["apple"], keysecondary=["red"]), messages=("apple",)) == ["B.0"]  # selective absent
    assert act(
        E(0, ["apple"], keysecondary=["", "red"], selective=True, selectiveLogic=1), messages=("apple red",)
    ) == ["B.0"]


def test_message_names_are_formatted_like_javascript_template_strings() -> None:
    entries = (E(0, ["\x015: hi"]), E(1, ["\x01null: hi"]), E(2, ["\x01undefined: hi"]), E(3, ["\x01a,b: hi"]))
    for name, expected in ((5.0, ["B.0"]), (None, ["B.1"]), (["a", "b"], ["B.3"])):
        assert _step(entries, [{"name": name, "is_user": True, "mes": "hi"}])["activated"] == expected, name
    assert _step(entries, [{"is_user": True, "mes": "hi"}])["activated"] == ["B.2"]


def test_message_extras_add_to_the_scanned_text() -> None:
    # file texts in front of the message, each followed by a blank line; the buffer puts the name first
    files = {"files": [{"text": "map of Eldoria"}, {"text": "notes"}]}
    entries = (E(0, ["\x01User: map of Eldoria\n\nnotes\n\nhello"]),)
    assert _step(entries, [{"name": "User", "is_user": True, "mes": "hello", "extra": files}])["activated"] == ["B.0"]
    # a title marked append_title goes after the text, after a blank line
    titled = {"append_title": True, "title": "Sunset"}
    assert _step((E(0, ["hello\n\nSunset"]),), [{"name": "U", "mes": "hello", "extra": titled}])["activated"] == ["B.0"]
    assert _step((E(0, ["Sunset"]),), [{"name": "U", "mes": "hello", "extra": {"title": "Sunset"}}])["activated"] == []
    # reasoning of the continued (last) message only, and only on continue
    thought = [{"name": "S", "mes": "partial", "extra": {"reasoning": "plan"}}]
    key = (E(0, ["<think>\nplan\n</think>\n\npartial"]),)
    assert _step(key, thought, trigger="continue")["activated"] == ["B.0"]
    assert _step(key, thought, trigger="normal")["activated"] == []
    empty = [{"name": "S", "mes": "", "extra": {"reasoning": "plan"}}]
    assert _step((E(0, ["S: <think>\nplan"]),), empty, trigger="continue")["activated"] == ["B.0"]
