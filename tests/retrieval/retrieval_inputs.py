"""Shared paths and small fixtures of the retrieval tests (no conftest: import this module)."""

from __future__ import annotations

import numpy as np

from kit import Document
from tests.data_folder import REPO, SHARED, SHARED_DATA, missing_reason, require  # noqa: F401

IR = SHARED_DATA / "ir" / "derived"

# (text, max_chars, expected paragraphs)
SPLIT_CASES = [
    ("", None, []),
    ("  \n\t\n", None, []),
    ("one\ntwo", None, ["one\ntwo"]),
    ("one\n\ntwo\n \nthree", None, ["one", "two", "three"]),
    ("one\r\n\r\ntwo\rthree", None, ["one", "two\nthree"]),
    ("## Iron\n\nIron tools.\n\nGold.", None, ["## Iron\n\nIron tools.", "Gold."]),
    ("# A\n\n## B\n \nbody", None, ["# A\n\n## B\n \nbody"]),
    ("# A\n## B\ntext\n# C\nbody", None, ["# A\n## B\ntext", "# C\nbody"]),
    ("intro\n## Heading\nbody", None, ["intro", "## Heading\nbody"]),
    ("#hashtag is not a heading\nsame paragraph", None, ["#hashtag is not a heading\nsame paragraph"]),
    ("body\n\n# trailing heading", None, ["body", "# trailing heading"]),
    ("第一句。第二句！第三句？", 8, ["第一句。第二句！", "第三句？"]),
    ("他说：“好。”然后走了。", 7, ["他说：“好。”", "然后走了。"]),
    ("One. Two! Three? Four.", 10, ["One. Two!", "Three?", "Four."]),
    ("3.14 is pi. Yes.", 12, ["3.14 is pi.", "Yes."]),
    ("x" * 25, 10, ["x" * 10, "x" * 10, "x" * 5]),
    ("aa bb cc dd ee", 5, ["aa bb", "cc dd", "ee"]),
]

# words of tie_corpus: few enough that many paragraphs tie on their score
TIE_WORDS = ["iron", "gold", "wood", "stone", "diamond", "pickaxe", "furnace", "铁镐", "金镐", "钻石"]


def tie_corpus(n_docs: int, seed: int) -> list[Document]:
    """Short documents drawn from a small vocabulary, so that many paragraphs tie on their score."""
    rng = np.random.default_rng(seed)
    docs = []
    for i in range(n_docs):
        paragraphs = [" ".join(rng.choice(TIE_WORDS, size=rng.integers(1, 4))) for _ in range(rng.integers(1, 3))]
        docs.append(Document(f"d{i:05d}", "", "\n\n".join(paragraphs)))
    return docs
