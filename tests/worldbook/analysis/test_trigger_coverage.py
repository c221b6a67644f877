from __future__ import annotations

import json

import pandas as pd
import pytest

import kit.worldbook as wb
from kit.samples.studio import write_worldbooks
from kit.worldbook import Conversation, Entry, KeywordTrigger, Triggers, Turn, WorldBook


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    root = tmp_path_factory.mktemp("save")
    write_worldbooks(root)
    return wb.read_studio(root)


@pytest.fixture(scope="module")
def replayed(studio):
    return wb.replay(studio.library, studio.conversations, progress=False)


def test_sample_studio_is_deterministic_and_complete(tmp_path, studio):
    write_worldbooks(tmp_path / "a")
    write_worldbooks(tmp_path / "b")
    files_a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*.json"))
    files_b = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*.json"))
    assert files_a == files_b
    for rel in files_a:
        assert (tmp_path / "a" / rel).read_bytes() == (tmp_path / "b" / rel).read_bytes()
    lib = studio.library
    entries = [e for b in lib.values() for e in b.entries]
    assert len(entries) >= 60 and len(lib) >= 4
    assert {e.position for e in entries} == set(range(8))
    configured = {t for e in entries for t in e.triggers.configured}
    assert configured == set(wb.TRIGGER_TYPES)
    assert any(e.group for e in entries) and any(e.requires for e in entries) and any(e.excludes for e in entries)
    assert sum(e.disable for e in entries) >= 3
    assert any(e.triggers.probability < 1 for e in entries)
    assert any(e.triggers.keyword and e.triggers.keyword.match_whole_words for e in entries)
    assert any(e.triggers.keyword and e.triggers.keyword.case_sensitive for e in entries)
    assert len(studio.conversations) >= 10
    characters = {c.character_book_id for c in studio.conversations}
    globals_ = {g for c in studio.conversations for g in c.global_book_ids or ()}
    assert len(characters) >= 2 and len(globals_) >= 2 and not characters & globals_
    has_cjk = {b.id: any("\u4e00" <= ch <= "\u9fff" for e in b.entries for ch in e.content) for b in lib.values()}
    assert any(has_cjk.values()) and not all(has_cjk.values())  # Chinese books and English books
    assert all(10 <= len(c.turns) <= 30 for c in studio.conversations)
    for c in studio.conversations:
        states = {json.dumps(t.table, sort_keys=True, ensure_ascii=False) for t in c.turns}
        assert len(states) > 1, c.id
    assert lib.problems().empty


def test_replay_matches_activate_turn_by_turn(studio, replayed):
    assert list(replayed.columns) == list(wb.REPLAY_SCHEMA)
    conv = studio.conversations[0]
    lib = studio.library
    for t in (0, 5, len(conv.turns) - 1):
        turn = conv.turns[t]
        direct = wb.activate(
            [lib[i] for i in conv.global_book_ids],
            lib[conv.character_book_id],
            message=turn.message,
            history=conv.messages[:t],
            table=turn.table,
            rng=0,
        )
        got = replayed[(replayed["conversation_id"] == conv.id) & (replayed["turn"] == t)]
        # probability draws depend on the shared generator; compare entries without a probability
        sure = set(direct.loc[direct["probability"] == 1.0, "entry_id"])
        assert sure <= set(got["entry_id"])
        assert {e for e in got["entry_id"] if e in sure} == sure


def test_coverage_frame(studio, replayed):
    cov = wb.entry_coverage(studio.library, studio.conversations, activations=replayed)
    assert list(cov.columns) == list(wb.COVERAGE_SCHEMA)
    assert len(cov) == sum(len(b) for b in studio.library.values())
    assert (cov["activation_rate"].between(0, 1)).all()
    assert (cov.loc[cov["is_disabled"], "n_activated"] == 0).all()
    row = cov.set_index("entry_id").loc["aetheria/world"]
    in_play = [c for c in studio.conversations if "aetheria" in c.global_book_ids]
    assert row.n_turns == sum(len(c.turns) for c in in_play) and row.n_activated == row.n_turns
    assert row.first_turn == 0 and row.n_conversations == len(in_play)
    counts = replayed.groupby("entry_id").size()
    merged = cov.set_index("entry_id")["n_activated"]
    assert (merged[counts.index] == counts).all()
    again = wb.entry_coverage(studio.library, studio.conversations, progress=False)
    pd.testing.assert_frame_equal(cov, again)


def test_helpers(studio, replayed):
    cov = wb.entry_coverage(studio.library, studio.conversations, activations=replayed)
    never = wb.never_fired(cov)
    assert (never["n_activated"] == 0).all() and not never["is_disabled"].any()
    assert "lin_wan/secret" in set(never["entry_id"])  # it requires lin_wan/master, which never fires with it
    assert set(wb.never_fired(cov, include_disabled=True)["entry_id"]) >= set(cov.loc[cov["is_disabled"], "entry_id"])
    always = wb.always_fired(cov)
    assert "aetheria/world" in set(always["entry_id"]) and (always["activation_rate"] == 1.0).all()
    co = wb.co_activation(replayed, min_count=3)
    assert list(co.columns) == ["entry_id_a", "entry_id_b", "n_both", "n_a", "n_b", "jaccard"]
    assert (co["entry_id_a"] < co["entry_id_b"]).all() and (co["n_both"] >= 3).all()
    assert co["n_both"].is_monotonic_decreasing
    top = co.iloc[0]
    both = (
        replayed[replayed["entry_id"].isin([top.entry_id_a, top.entry_id_b])]
        .groupby(["conversation_id", "turn"])
        .size()
    )
    assert (both == 2).sum() == top.n_both
    per_turn = wb.activations_per_turn(replayed, studio.conversations)
    assert len(per_turn) == sum(len(c.turns) for c in studio.conversations)
    assert per_turn["n_active"].sum() == len(replayed)
    conv = studio.conversations[0]
    matrix = wb.activation_matrix(replayed, conv)
    assert matrix.shape[1] == len(conv.turns) and matrix.values.sum() == (replayed["conversation_id"] == conv.id).sum()
    hits = wb.condition_hit_rates(studio.library, studio.conversations)
    assert list(hits.columns) == [
        "entry_id",
        "condition",
        "field",
        "n_turns",
        "n_true",
        "hit_rate",
        "n_missing",
        "n_not_numeric",
    ]
    assert hits["hit_rate"].between(0, 1).all() and len(hits) >= 20


def test_empty_inputs_keep_columns():
    empty = wb.replay([], [])
    assert list(empty.columns) == list(wb.REPLAY_SCHEMA) and empty.empty
    assert list(wb.entry_coverage([], []).columns) == list(wb.COVERAGE_SCHEMA)
    assert list(wb.co_activation(empty).columns) == ["entry_id_a", "entry_id_b", "n_both", "n_a", "n_b", "jaccard"]
    assert list(wb.activations_per_turn(empty).columns) == ["conversation_id", "turn", "n_active"]
    assert list(wb.never_fired(wb.entry_coverage([], [])).columns) == list(wb.COVERAGE_SCHEMA)


def test_replay_one_book_and_progress(capsys):
    book = WorldBook("b", "B", (Entry("k", triggers=Triggers(keyword=KeywordTrigger(("龙",)))),))
    conv = Conversation(
        "c",
        (Turn("你好"), Turn("有龙", "assistant"), Turn("走吧")),
        character_book_id="other",
        global_book_ids=("b", "missing"),
    )
    act = wb.replay([book], [conv], progress=True)
    assert act["turn"].tolist() == [1, 2] and act["matched_in"].tolist() == ["message", "history"]
    assert "replaying turns" in capsys.readouterr().err
    cov = wb.entry_coverage([book], [conv])
    assert cov[["n_turns", "n_activated", "first_turn"]].values.tolist() == [[3, 2, 1]]


def test_conversation_reader_carries_tables(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(
        json.dumps({"turns": [{"message": "a", "table": {"x": 1, "y": 2}}, "b", {"message": "c", "table": {"x": 5}}]}),
        encoding="utf-8",
    )
    conv = wb.read_conversation(path)
    assert conv.id == "c" and [t.table for t in conv.turns] == [{"x": 1, "y": 2}, {"x": 1, "y": 2}, {"x": 5, "y": 2}]
    path.write_text(json.dumps({"turns": [{"text": "a"}]}), encoding="utf-8")
    with pytest.raises(wb.WorldBookFormatError, match=r"c.json.*turns\[0\]"):
        wb.read_conversation(path)


def test_load_studio_missing(tmp_path):
    from kit.core.errors import StorageError

    with pytest.raises(StorageError, match="write_worldbooks"):
        wb.read_studio(tmp_path)


def test_condition_hit_rates_counts_exactly():
    book = WorldBook(
        "b",
        "B",
        (
            Entry(
                "s",
                triggers=Triggers(conditions=("tb.力量 > 10", 'tb.状态 = "missing"', 'tb.备注 包括 "not a number"')),
            ),
        ),
    )
    conv = Conversation(
        "c",
        (
            Turn("1", table={"力量": 15, "状态": "ok", "备注": "it is not a number"}),
            Turn("2", table={"力量": "很强", "状态": "missing"}),
            Turn("3", table={"状态": "ok"}),
            Turn("4", table={"力量": "12", "备注": "x"}),
        ),
    )
    hits = wb.condition_hit_rates([book], [conv]).set_index("condition")
    strength = hits.loc["tb.力量 > 10"]
    assert (strength.n_turns, strength.n_true, strength.n_missing, strength.n_not_numeric) == (4, 2, 1, 1)
    assert strength.hit_rate == 0.5 and strength.field == "力量"
    state = hits.loc['tb.状态 = "missing"']  # the word "missing" in a value is no missing field
    assert (state.n_true, state.n_missing, state.n_not_numeric) == (1, 1, 0)
    note = hits.loc['tb.备注 包括 "not a number"']
    assert (note.n_true, note.n_missing, note.n_not_numeric) == (1, 2, 0)
    other = Conversation("d", (Turn("x", table={"力量": 99}),), character_book_id="elsewhere", global_book_ids=())
    assert wb.condition_hit_rates([book], [other])["n_turns"].tolist() == [0, 0, 0]


def test_helpers_on_a_small_replay_exactly():
    book = WorldBook(
        "b",
        "B",
        (
            Entry("always", triggers=Triggers(constant=True)),
            Entry("dragon", triggers=Triggers(keyword=KeywordTrigger(("龙",)))),
            Entry("fire", triggers=Triggers(keyword=KeywordTrigger(("火",)))),
            Entry("never", triggers=Triggers(keyword=KeywordTrigger(("冰",)))),
            Entry("off", disable=True, triggers=Triggers(constant=True)),
        ),
    )
    c1 = Conversation("c1", (Turn("你好"), Turn("龙来了"), Turn("火"), Turn("走")))
    c2 = Conversation("c2", (Turn("火"), Turn("好")))
    act = wb.replay([book], [c1, c2], scan_depth=0, progress=False)
    cov = wb.entry_coverage([book], [c1, c2], activations=act).set_index("uid")
    assert cov.loc["always", ["n_turns", "n_activated", "n_conversations"]].tolist() == [6, 6, 2]
    assert cov.loc["dragon", ["n_activated", "first_turn", "n_conversations"]].tolist() == [1, 1, 1]
    assert cov.loc["fire", ["n_activated", "first_turn", "n_conversations"]].tolist() == [2, 0, 2]
    assert cov.loc["fire", "activation_rate"] == pytest.approx(2 / 6)
    cov = cov.reset_index()
    assert wb.never_fired(cov)["uid"].tolist() == ["never"]
    assert wb.never_fired(cov, include_disabled=True)["uid"].tolist() == ["never", "off"]
    assert wb.always_fired(cov)["uid"].tolist() == ["always"]
    co = wb.co_activation(act)
    assert co[["entry_id_a", "entry_id_b", "n_both", "n_a", "n_b"]].values.tolist() == [
        ["b/always", "b/fire", 2, 6, 2],
        ["b/always", "b/dragon", 1, 6, 1],
    ]
    assert co["jaccard"].tolist() == pytest.approx([2 / 6, 1 / 6])
    per_turn = wb.activations_per_turn(act, [c1, c2])
    assert per_turn["n_active"].tolist() == [1, 2, 2, 1, 2, 1]
    assert wb.activations_per_turn(act)["n_active"].tolist() == [1, 2, 2, 1, 2, 1]
    matrix = wb.activation_matrix(act, c1)
    assert matrix.index.tolist() == ["b/always", "b/dragon", "b/fire"]
    assert matrix.values.tolist() == [[1, 1, 1, 1], [0, 1, 0, 0], [0, 0, 1, 0]]
