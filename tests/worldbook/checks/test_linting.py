"""kit.worldbook.lint: dead entries and book mistakes, on hand-built kit and SillyTavern books and real ones."""

from __future__ import annotations

import json

import pytest

import kit.worldbook as wb
from kit.core.errors import InvalidParameterError
from kit.core.problems import PROBLEM_COLUMNS
from kit.worldbook.checks.linting import LINT_KINDS, LINT_SCHEMA
from kit.worldbook.sillytavern import read_world


def kit_book(*entries: dict, book_id: str = "b") -> wb.WorldBook:
    return wb.world_book_from_dict({"id": book_id, "name": book_id, "entries": list(entries)})


def kw(uid, keys, *, order=0, **extra) -> dict:
    keyword = {
        "key": keys,
        **{
            k: v
            for k, v in extra.items()
            if k in ("secondaryKey", "secondaryLogic", "matchWholeWords", "caseSensitive")
        },
    }
    entry = {
        "uid": uid,
        "content": f"content {uid}",
        "order": order,
        "trigger_config": {"triggers": {"keyword": keyword}},
    }
    entry.update({k: v for k, v in extra.items() if k in ("group", "requires", "excludes", "disable")})
    if "probability" in extra:
        entry["trigger_config"]["probability"] = extra["probability"]
    return entry


def st_book(*entries: dict, name: str = "st") -> wb.WorldBook:
    world = {"entries": {str(i): {"uid": i, **e} for i, e in enumerate(entries)}}
    return read_world(world, book_id=name, strict=False)


def lint(source, **options):
    """lint without the common-word check (short test keys are common words), unless asked for."""
    return wb.lint(source, **{"common_words": (), **options})


def kinds(df) -> list[tuple[str, str]]:
    return sorted(zip(df["kind"], df["uid"].astype("string").fillna("-")))


def test_clean_book_has_no_rows_and_the_documented_columns():
    df = lint(kit_book(kw("a", ["dragon"]), kw("b", ["castle"])))
    assert df.empty and list(df.columns) == list(LINT_SCHEMA)
    assert list(df.columns)[:6] == list(PROBLEM_COLUMNS)


def test_no_keys_and_not_constant_never_fires():
    df = lint(kit_book({"uid": "x", "content": "lost"}, kw("a", ["dragon"])))
    assert kinds(df) == [("never_fires", "x")]
    assert df["severity"].iloc[0] == "error" and "no keys" in df["message"].iloc[0]


def test_disabled_entries_are_left_alone():
    assert lint(kit_book({"uid": "x", "content": "off", "disable": True})).empty


def test_probability_zero_never_fires_kit_and_sillytavern():
    df = lint(kit_book(kw("a", ["dragon"], probability=0)))
    assert kinds(df) == [("never_fires", "a")] and "probability 0" in df["message"].iloc[0]
    st = st_book(
        {"key": ["x"], "content": "c", "useProbability": True, "probability": 0},
        {"key": ["y"], "content": "c", "useProbability": True},
        {"key": ["z"], "content": "c", "useProbability": False, "probability": 0},
    )
    df = lint(st)
    assert kinds(df) == [("never_fires", "0"), ("never_fires", "1")]
    assert "absent" in df.set_index("uid").loc["1", "message"]


@pytest.mark.parametrize(
    "secondary, logic, dead",
    [
        (["", ""], 0, True),  # AND_ANY over empty keys only
        (["", "b"], 0, False),
        (["b", ""], 3, True),  # AND_ALL with an empty key
        (["drag"], 2, True),  # NOT_ANY with a key inside the primary key
        (["dragon"], 2, True),
        (["knight"], 2, False),
        (["drag", "dragon"], 1, True),  # NOT_ALL, every secondary implied
        (["drag", "knight"], 1, False),
        ([], 0, False),  # empty secondary list: SillyTavern skips the check
        ([], 3, False),
    ],
)
def test_unsatisfiable_secondary_logic_sillytavern(secondary, logic, dead):
    book = st_book(
        {"key": ["dragon"], "keysecondary": secondary, "selective": True, "selectiveLogic": logic, "content": "c"}
    )
    df = lint(book)
    assert (("never_fires", "0") in kinds(df)) is dead


def test_secondary_logic_outside_0_3_never_fires():
    df = lint(
        st_book({"key": ["dragon"], "keysecondary": ["b"], "selective": True, "selectiveLogic": "1", "content": "c"})
    )
    assert "not 0-3" in df["message"].iloc[0]


def test_kit_engine_drops_empty_secondary_keys_so_not_dead():
    assert lint(kit_book(kw("a", ["dragon"], secondaryKey=["", ""], secondaryLogic="and_any"))).empty
    df = lint(kit_book(kw("a", ["dragon"], secondaryKey=["Drag"], secondaryLogic="not_any")))
    assert kinds(df) == [("never_fires", "a")]
    # case-sensitive: "Drag" is not inside "dragon"
    assert lint(
        kit_book(kw("a", ["dragon"], secondaryKey=["Drag"], secondaryLogic="not_any", caseSensitive=True))
    ).empty
    # whole words on: "drag" inside "dragon" is not a whole-word match
    assert lint(
        kit_book(kw("a", ["dragon"], secondaryKey=["drag"], secondaryLogic="not_any", matchWholeWords=True))
    ).empty


def test_delay_until_recursion_reachability():
    base = {"content": "The dragon sleeps.", "key": ["sleep"]}
    reachable = st_book(base, {"key": ["dragon"], "content": "c", "delayUntilRecursion": True})
    assert lint(reachable).empty
    unreachable = st_book(base, {"key": ["wizard"], "content": "c", "delayUntilRecursion": 1})
    df = lint(unreachable)
    assert kinds(df) == [("never_fires", "1")] and df["field"].iloc[0] == "delayUntilRecursion"
    prevented = st_book(
        {**base, "preventRecursion": True}, {"key": ["dragon"], "content": "c", "delayUntilRecursion": True}
    )
    assert kinds(lint(prevented)) == [("never_fires", "1")]
    excluded = st_book(base, {"key": ["dragon"], "content": "c", "delayUntilRecursion": True, "excludeRecursion": True})
    assert "excludeRecursion" in lint(excluded)["message"].iloc[0]
    leftover = st_book(base, {"key": ["wizard"], "content": "c", "delayUntilRecursion": False})
    assert lint(leftover).empty


def test_regex_keys_invalid_dead_and_all_dead():
    book = st_book(
        {"key": ["/(unclosed/", "ok"], "content": "c"},
        {"key": ["/^hello/i"], "content": "c"},
        {"key": ["/^hello/", "/x[]y/", "fine"], "content": "c"},
        {"key": ["/\\x01hello/", "/h(i|ey)/"], "content": "c"},
    )
    df = lint(book)
    got = sorted(zip(df["uid"], df["kind"], df["field"]))
    assert got == [
        ("0", "invalid_regex", "key[0]"),
        ("1", "dead_key", "key[0]"),
        ("1", "never_fires", "key"),
        ("2", "dead_key", "key[0]"),
        ("2", "dead_key", "key[1]"),
    ]
    assert "plain text" in df[df["kind"] == "invalid_regex"]["message"].iloc[0]


def test_regex_looking_keys_in_kit_books_are_plain_text():
    assert lint(kit_book(kw("a", ["/^hello/"]))).empty


def test_duplicate_key_case_rules():
    df = lint(kit_book(kw("a", ["Dragon"]), kw("b", ["dragon"]), kw("c", ["DRAGON"], caseSensitive=True)))
    assert kinds(df) == [("duplicate_key", "a")]
    assert "a, b" in df["message"].iloc[0]


def test_missing_reference_requires_and_excludes():
    other = kit_book(kw("z", ["zed"]), book_id="other")
    book = kit_book(
        kw("a", ["dragon"], requires=["nope"], excludes=["other/z", "other/gone", "ghost/q"]), kw("b", ["x"])
    )
    df = lint([book, other])
    rows = sorted(zip(df["field"], df["severity"]))
    assert rows == [("excludes[1]", "warning"), ("excludes[2]", "warning"), ("requires[0]", "error")]
    assert "not among the linted books" in " ".join(df["message"])


def test_group_shadowed_kit_and_sillytavern():
    book = kit_book(
        {
            "uid": "c",
            "content": "always",
            "order": 5,
            "group": "g",
            "trigger_config": {"triggers": {"constant": [True]}},
        },
        kw("k", ["dragon"], order=1, group="g"),
        kw("hi", ["wyvern"], order=9, group="g"),
    )
    assert kinds(lint(book)) == [("group_shadowed", "k")]
    broader = kit_book(kw("w", ["drag"], order=3, group="g"), kw("l", ["dragon", "dragonfly"], order=1, group="g"))
    assert kinds(lint(broader)) == [("group_shadowed", "l")]
    st = st_book(
        {"key": ["a"], "content": "c", "constant": True, "group": "g", "groupOverride": True, "order": 1},
        {"key": ["b"], "content": "c", "group": "g", "order": 50},
        {"key": ["d"], "content": "c", "group": "h", "constant": True},
        {"key": ["e"], "content": "c", "group": "h", "groupWeight": 0},
    )
    assert kinds(lint(st)) == [("group_shadowed", "1"), ("group_shadowed", "3")]


def test_constants_over_budget():
    big = {"uid": "c", "content": "x" * 700, "trigger_config": {"triggers": {"constant": [True]}}}
    book = kit_book(big, kw("a", ["dragon"]))
    assert lint(book).empty
    df = lint(book, budget_tokens=200)
    assert kinds(df) == [("constants_over_budget", "-")] and "209 tokens" in df["message"].iloc[0]
    assert df["object_id"].iloc[0] == "b"
    assert not lint(book, max_context=800).empty  # 25% of 800 = 200
    st = st_book({"key": [], "constant": True, "content": "x" * 700, "ignoreBudget": True})
    assert lint(st, budget_tokens=10).empty


def test_broad_keys():
    df = wb.lint(kit_book(kw("a", ["elf", "Aldric"]), kw("b", ["龙"]), kw("c", ["art"], matchWholeWords=True)))
    assert kinds(df) == [("broad_key", "a"), ("broad_key", "b")]
    assert "itself" in df.set_index("uid").loc["a", "message"]
    st = st_book({"key": ["art"], "content": "c"}, {"key": ["art"], "content": "c", "matchWholeWords": True})
    assert kinds(wb.lint(st)) == [("broad_key", "0"), ("duplicate_key", "0")]
    assert [k for k, _ in kinds(wb.lint(st, match_whole_words=True))] == ["duplicate_key"]
    assert wb.lint(kit_book(kw("a", ["elf"])), common_words=["dragon"]).empty


def test_every_documented_kind_is_reachable():
    st = st_book(
        {"key": ["/(bad/", "/^x/", "ok"], "content": "c"},
        {"key": ["ok"], "content": "c"},
        {"content": "c"},
        {"key": ["elf"], "constant": True, "content": "x" * 100, "group": "g"},
        {"key": ["zz"], "content": "c", "group": "g", "groupWeight": 0},
    )
    book = kit_book(kw("a", ["q"], requires=["none"]), book_id="k")
    assert set(wb.lint([st, book], budget_tokens=5)["kind"]) == set(LINT_KINDS) - {"unreadable"}


def test_inputs_paths_folders_and_parsed_files(tmp_path):
    data = {"entries": {"0": {"uid": 0, "content": "c"}}}
    (tmp_path / "w.json").write_text(json.dumps(data), encoding="utf-8")
    assert kinds(lint(tmp_path / "w.json")) == [("never_fires", "0")]
    assert kinds(lint(str(tmp_path))) == [("never_fires", "0")]
    (tmp_path / "bad.json").write_text('{"entries": {"0": {"uid": 0, "content": "c"},}}', encoding="utf-8")
    (tmp_path / "skip.json").write_text(
        json.dumps({"entries": {"0": {"uid": 0, "content": {"x": 1}}}}), encoding="utf-8"
    )
    df = lint(tmp_path)
    assert kinds(df) == [("never_fires", "0"), ("unreadable", "-"), ("unreadable", "0")]
    unread = df[df["kind"] == "unreadable"].set_index("book_id")
    assert "trailing comma" in unread.loc["bad", "message"] and unread.loc["skip", "field"] == "content"
    assert kinds(lint(wb.scan_world_books(tmp_path))) == kinds(df)
    assert kinds(lint(data)) == [("never_fires", "0")]
    assert lint(wb.WorldBookLibrary([kit_book(kw("a", ["dragon"]))])).empty
    with pytest.raises(InvalidParameterError, match="book_or_library.*Got int"):
        lint(3)
    with pytest.raises(InvalidParameterError, match="budget_tokens"):
        lint(kit_book(), budget_tokens=0)


def test_real_books(shared_worldbooks):
    for path in sorted(shared_worldbooks.glob("*.json")):
        df = wb.lint(path)
        assert set(df["kind"]) <= set(LINT_KINDS), path
        assert df["path"].dropna().eq(str(path)).all()
    eu4 = wb.lint(shared_worldbooks / "zh_EU4.json")
    assert list(eu4["kind"]) == ["constants_over_budget"]
    chub = wb.lint(shared_worldbooks / "en_far_domain_chub.json")
    assert set(chub["kind"]) == {"duplicate_key"} and "tahlia" in " ".join(chub["message"])


@pytest.fixture
def shared_worldbooks():
    from tests.data_folder import SHARED_DATA, require

    return require(SHARED_DATA / "worldbooks")
