"""kit.ftb.book, the old import path of the quest book: its names still resolve, and its leftovers warn."""

from __future__ import annotations

import pytest

from kit.ftb.loader import read_quest_book


def test_old_import_paths_keep_working_and_leftovers_warn(tmp_path):
    import kit.ftb
    import kit.ftb.book as old
    from kit.ftb import errors, lang, loader, model, snbt

    assert old.QuestBook is model.QuestBook is kit.ftb.QuestBook
    assert old.read_quest_book is loader.read_quest_book is kit.ftb.read_quest_book
    assert old.QuestBookError is errors.QuestBookError and snbt.SnbtSyntaxError is errors.SnbtSyntaxError
    assert lang.TranslationFileError is errors.TranslationFileError
    with pytest.warns(DeprecationWarning, match="ERROR_COLUMNS is deprecated"):
        assert old.ERROR_COLUMNS == ["severity", "kind", "object_id", "field", "message", "path"]
    with pytest.raises(AttributeError, match="no attribute 'NOPE'"):
        old.NOPE  # noqa: B018
    (tmp_path / "data.snbt").write_text("{ version: 13 }\n", "utf-8")
    b = read_quest_book(tmp_path)
    with pytest.warns(DeprecationWarning, match=r"QuestBook.errors\(\) is deprecated"):
        assert b.errors().equals(b.problems())
