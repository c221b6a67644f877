"""Where the trigger tuner may write: the sample guard, the format of the source file and the default copy path.

Plain functions of paths and books, so the rules are tested without a widget: a file inside the bundled sample
(``sample_saves/``) is never overwritten unless asked, a book read from a character card is never written back over
the card, and *Save as copy* proposes a path outside ``sample_saves/``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from kit.worldbook.book.io import detect_format
from kit.worldbook.book.model import WorldBook

__all__ = ["default_copy_path", "in_samples", "save_refusal", "source_format"]


def in_samples(path: str | os.PathLike[str]) -> bool:
    """Inside the bundled sample: the repository's ``sample_saves/`` or the copy a wheel install generates into
    its cache (``~/.cache/kit/sample_saves-<version>/``, see :func:`kit.samples.sample_save_path`).
    """
    return any(p == "sample_saves" or p.startswith("sample_saves-") for p in Path(os.path.abspath(path)).parts)


def source_format(source: str | None) -> str:
    """``"sillytavern"`` when ``source`` is a SillyTavern world file, else ``"kit"`` (kit's native JSON)."""
    if not source or os.path.splitext(source)[1].lower() != ".json":
        return "kit"
    try:
        with open(source, encoding="utf-8-sig") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return "kit"
    return "sillytavern" if detect_format(data) == "sillytavern" else "kit"


def save_refusal(path: str, book: WorldBook, *, overwrite_samples: bool) -> str:
    """Why *Save* must not write ``path`` (bilingual, with what to do instead), or ``""`` when it may."""
    if not path:
        return (
            "没有保存路径 no path to save to: type one into 保存到 Save to, use 另存副本 Save as copy, "
            "or pass path= to TriggerTuner"
        )
    if in_samples(path) and not overwrite_samples and os.path.exists(path):
        return (
            f"不能覆盖示例文件 refusing to overwrite {path!r}: it is inside sample_saves/ (the bundled sample, "
            "rewritten by python -m kit.samples). 请用 另存副本 Save as copy (a path outside sample_saves/), "
            "or type another path into 保存到 Save to, or pass overwrite_samples=True"
        )
    if path != book.source:
        return ""
    if os.path.splitext(path)[1].lower() == ".png":
        return (
            f"不能覆盖角色卡 the book was read from the character card {path!r}; use 另存副本 Save as copy or pass "
            "path= to save its lore as a world file"
        )
    if "character_book" in book.extra:
        return (
            f"不能覆盖角色卡 the book was read from the character card (or character_book) {path!r}; use "
            "另存副本 Save as copy or pass path= to save it as a world book"
        )
    return ""


def default_copy_path(book: WorldBook, path: str) -> str:
    """Where *Save as copy* proposes to write: ``<name>_copy.json`` beside ``path`` (or the book's source), or, when
    that is inside ``sample_saves/`` or a character card, in the working directory (``sample_saves/`` never).
    """
    source = path or book.source or ""
    stem = Path(source).stem if source else (book.id or "world_book")
    name = f"{stem}_copy.json"
    folder = os.path.dirname(source)
    if source and not in_samples(source) and os.path.splitext(source)[1].lower() == ".json" and folder:
        return os.path.join(folder, name)
    if in_samples(os.getcwd()):
        return str(Path.home() / name)
    return name
