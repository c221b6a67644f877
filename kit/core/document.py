"""The document record shared by the knowledge tables, the retrieval index and FTB guides."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Document"]


@dataclass(frozen=True)
class Document:
    """One document of a documents table (``language -> list[Document]``).

    Parameters
    ----------
    id : str
        Stable document id, unique within one table and language (for example ``"guide/iron_tools"``).
    title : str
        Human-readable title; searched together with the text.
    text : str
        The body. Paragraphs are separated by blank lines (see :mod:`kit.retrieval` for the splitting rules).
    tags : tuple of str, default=()
        Free labels (categories, chapter names) kept with the document.
    """

    id: str
    title: str
    text: str
    tags: tuple[str, ...] = field(default=())
