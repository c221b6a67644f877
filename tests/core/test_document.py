"""kit.core.document: the frozen Document record shared by knowledge tables, retrieval and FTB guides."""

from __future__ import annotations

import dataclasses

import pytest

from kit.core.document import Document


def test_fields_defaults_and_equality() -> None:
    doc = Document("guide/iron_tools", "Iron tools 铁制工具", "First paragraph.\n\nSecond.")
    assert (doc.id, doc.title, doc.tags) == ("guide/iron_tools", "Iron tools 铁制工具", ())
    assert [f.name for f in dataclasses.fields(Document)] == ["id", "title", "text", "tags"]
    assert doc == Document(id="guide/iron_tools", title="Iron tools 铁制工具", text="First paragraph.\n\nSecond.")
    assert doc != dataclasses.replace(doc, tags=("chapter 1",))
    assert hash(doc) == hash(Document("guide/iron_tools", "Iron tools 铁制工具", "First paragraph.\n\nSecond."))


def test_a_document_is_frozen() -> None:
    doc = Document("a", "A", "text", ("x",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        doc.text = "changed"  # type: ignore[misc]
    assert doc.text == "text"
