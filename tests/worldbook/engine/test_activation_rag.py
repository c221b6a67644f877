from __future__ import annotations

import pytest

import kit.worldbook as wb
from kit.worldbook import Entry, RagTrigger, Triggers, WorldBook

pytest.importorskip("kit.retrieval")

BOOK = WorldBook(
    "lore",
    "Lore",
    (
        Entry(
            "burn",
            "Aether burns leave blue cracks on the skin and are treated with snow lotus salve.",
            comment="Aether burn",
            triggers=Triggers(rag=RagTrigger(threshold=0.1, top_k=1)),
        ),
        Entry(
            "coolant",
            "Smugglers hide cargo inside the coolant tanks of freighters.",
            comment="Smuggling",
            triggers=Triggers(rag=RagTrigger(threshold=0.1, top_k=2)),
        ),
        Entry(
            "strict",
            "Dragons sleep under the northern mountains.",
            comment="Dragons",
            triggers=Triggers(rag=RagTrigger(threshold=0.99, top_k=3)),
        ),
        Entry(
            "雪莲",
            "雪莲草生长在冰原的悬崖上，可以熬制治疗灼伤的药膏。",
            comment="雪莲草",
            triggers=Triggers(rag=RagTrigger(threshold=0.05, top_k=3)),
        ),
    ),
)


def test_rag_trigger_by_similarity_threshold_and_top_k():
    r = wb.activate([BOOK], message="My skin shows blue cracks after casting, is there a salve?").set_index("uid")
    assert "burn" in r.index and r.loc["burn", "trigger"] == "rag" and r.loc["burn", "matched_in"] == "retrieval"
    assert r.loc["burn", "matched"].startswith("score=")
    assert "coolant" not in r.index and "strict" not in r.index
    r = wb.activate([BOOK], message="where do smugglers hide cargo?", history=["the freighter docked"]).set_index("uid")
    assert list(r.index) == ["coolant"]
    r = wb.activate([BOOK], message="冰原上的雪莲草在哪里？").set_index("uid")
    assert "雪莲" in r.index


def test_rag_nothing_for_unrelated_or_empty_text():
    assert wb.activate([BOOK], message="").empty
    assert wb.activate([BOOK], message="zzzz qqqq").empty


def test_explain_rag_entry():
    e = wb.explain(BOOK.entry("burn"), message="My skin shows blue cracks after casting, is there a salve?")
    row = e[e["check"] == "rag"].iloc[0]
    assert row["passed"] and row["value"] >= 0.1 and row["detail"].startswith("score ")
    assert e.iloc[-2]["item"] == "rag" and e.iloc[-2]["passed"] and e.iloc[-1]["item"] == "activated"
    e = wb.explain(BOOK.entry("strict"), message="dragons sleep under the mountains")
    assert not e[e["check"] == "rag"].iloc[0]["passed"]


def test_rag_ranks_entries_by_their_best_paragraph():
    from kit.core.document import Document
    from kit.retrieval import ParagraphIndex
    from kit.worldbook.engine.activation import Activator

    entries = tuple(
        Entry(
            f"e{i}",
            "\n\n".join(f"paragraph {j} about {word} and the harbour" for j, word in enumerate(words)),
            comment=f"entry {i}",
            triggers=Triggers(rag=RagTrigger(threshold=0.0, top_k=k)),
        )
        for i, (words, k) in enumerate(
            [
                (["cargo", "tea"], 1),
                (["tea", "ships", "cargo cargo"], 2),
                (["snow"], 3),
                (["harbour lights"], 4),
                (["cargo ships"], 4),
            ]
        )
    )
    book = WorldBook("multi", "Multi", entries)
    query = "cargo ships in the harbour"
    index = ParagraphIndex(weighting="tfidf").fit(Document(e.uid, e.comment, e.content) for e in entries)
    found = index.search(query, limit=1000)  # every paragraph; an entry's first row is its best
    best: dict[str, float] = {}
    for doc_id, score in zip(found["doc_id"], found["score"]):
        best.setdefault(doc_id, float(score))
    expected = {
        doc_id: score
        for rank, (doc_id, score) in enumerate(best.items(), start=1)
        if rank <= book.entry(doc_id).triggers.rag.top_k
    }
    engine = Activator([book], None)
    got = {engine.entries[i].entry.uid: score for i, score in engine.rag_scores(query, []).items()}
    assert got == pytest.approx(expected) and len(got) >= 2
