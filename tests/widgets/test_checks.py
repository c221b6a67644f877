"""kit.widgets._checks: a wrong argument to a widget is a kit error naming the argument, what it got and what to
pass (TriggerTuner's checks; CardBrowser's are in test_card_browser.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

import kit.worldbook as wb
from kit.core.errors import InvalidParameterError, KitError
from kit.samples.studio import write_worldbooks
from kit.widgets._checks import check_bool, check_count, describe

pytest.importorskip("ipywidgets")


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    root = tmp_path_factory.mktemp("studio")
    write_worldbooks(root)
    return wb.read_studio(root)


def tuner(*args, **kwargs):
    from kit.widgets import TriggerTuner

    return TriggerTuner(*args, **kwargs)


def test_a_book_id_instead_of_a_book_names_the_library_lookup(studio):
    with pytest.raises(InvalidParameterError) as info:
        tuner("lin_wan", studio.conversations)
    assert "TriggerTuner: book must be a WorldBook, got str 'lin_wan': use studio.library['lin_wan']" in str(info.value)
    assert isinstance(info.value, KitError) and isinstance(info.value, TypeError)
    # the advice works
    assert tuner(studio.library["lin_wan"], studio.conversations).book.id == "lin_wan"


def test_a_studio_or_library_instead_of_a_book_lists_the_books(studio):
    with pytest.raises(
        InvalidParameterError,
        match=r"book must be a WorldBook, got Studio .*: use "
        r"studio.library\['aetheria'\] \(its books: aetheria, lin_wan, mara_vance, starport_nyx\)",
    ):
        tuner(studio, studio.conversations)
    with pytest.raises(InvalidParameterError, match=r"got WorldBookLibrary .*: use library\['aetheria'\]"):
        tuner(studio.library, studio.conversations)
    with pytest.raises(
        InvalidParameterError,
        match=r"book must be a WorldBook, got int 3: use studio.library"
        r"\['<book id>'\] .* or kit.worldbook.read_world_book\(path\)",
    ):
        tuner(3, studio.conversations)


def test_a_world_book_file_is_accepted_as_the_book(studio):
    path = studio.path / "worldbooks" / "lin_wan.json"
    assert tuner(str(path), studio.conversations).book == wb.read_world_book(path)
    assert tuner(Path(path), studio.conversations).book.id == "lin_wan"
    with pytest.raises(InvalidParameterError, match="or pass the path of a world-book file that exists"):
        tuner(str(path) + ".missing", studio.conversations)


def test_wrong_conversations_say_what_to_pass(studio):
    book = studio.library["lin_wan"]
    with pytest.raises(
        InvalidParameterError,
        match=r"conversations must be a sequence of Conversation, got Studio "
        r".*: use studio.conversations$",
    ):
        tuner(book, studio)
    with pytest.raises(
        InvalidParameterError,
        match=r"conversations must be a sequence of Conversation, got str "
        r"'chats': use studio.conversations .* or kit.worldbook.read_chats\(folder\)",
    ):
        tuner(book, "chats")
    with pytest.raises(InvalidParameterError, match=r"conversations\[1\] must be a Conversation, got dict "):
        tuner(book, [studio.conversations[0], {"id": "c"}])
    with pytest.raises(InvalidParameterError, match="got NoneType None"):
        tuner(book, None)
    assert tuner(book, iter(studio.conversations)).n_turns > 0  # any iterable of conversations


def test_wrong_options_say_what_to_pass(studio):
    book, chats = studio.library["lin_wan"], studio.conversations
    with pytest.raises(
        InvalidParameterError,
        match=r"path must be a file path or None, got int 5: "
        r"pass path='lin_wan_copy.json'",
    ):
        tuner(book, chats, path=5)
    with pytest.raises(
        InvalidParameterError,
        match=r"scan_depth must be None or an int of at least 0, got str '2': "
        r"pass scan_depth=None",
    ):
        tuner(book, chats, scan_depth="2")
    with pytest.raises(InvalidParameterError, match="got int -1"):
        tuner(book, chats, scan_depth=-1)
    with pytest.raises(
        InvalidParameterError,
        match=r"overwrite_samples must be True or False, got str 'yes': "
        r"pass overwrite_samples=True or overwrite_samples=False",
    ):
        tuner(book, chats, overwrite_samples="yes")
    assert tuner(book, chats, scan_depth=0).scan_depth == 0


def test_helpers_describe_and_count():
    assert describe("lin_wan") == "str 'lin_wan'"
    assert describe(Path("a/b")) == "path 'a/b'"
    long = describe("x" * 200)
    assert long.startswith("str 'xxx") and long.endswith("…") and len(long) < 70
    assert check_count(3, "n", "W", example=6) == 3
    with pytest.raises(InvalidParameterError, match=r"^W: n must be an int of at least 1, got str '12': pass n=12$"):
        check_count("12", "n", "W", example=6)
    with pytest.raises(InvalidParameterError, match=r"got str 'six': pass n=6$"):
        check_count("six", "n", "W", example=6)
    assert check_bool(False, "flag", "W") is False
    with pytest.raises(InvalidParameterError, match="got int 1"):
        check_bool(1, "flag", "W")
