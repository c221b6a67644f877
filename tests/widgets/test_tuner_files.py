"""kit.widgets._tuner_files: where the trigger tuner may write, and its Save as copy action."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import kit.worldbook as wb
from kit.samples.studio import write_worldbooks
from kit.widgets._tuner_files import default_copy_path, in_samples, save_refusal

pytest.importorskip("ipywidgets")


@pytest.fixture()
def sample_studio(tmp_path, monkeypatch):
    """A studio inside a ``sample_saves/`` folder, with the working directory outside it."""
    root = tmp_path / "sample_saves" / "aurora_server"
    write_worldbooks(root)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return wb.read_studio(root)


def test_refusal_to_overwrite_the_sample_is_bilingual(sample_studio):
    book = sample_studio.library["lin_wan"]
    text = save_refusal(book.source, book, overwrite_samples=False)
    assert text.startswith("不能覆盖示例文件 refusing to overwrite") and "inside sample_saves/" in text
    assert "请用 另存副本 Save as copy" in text and "overwrite_samples=True" in text
    assert save_refusal(book.source, book, overwrite_samples=True) == ""
    assert save_refusal("", book, overwrite_samples=False).startswith("没有保存路径 no path to save to")
    assert save_refusal("elsewhere.json", book, overwrite_samples=False) == ""


def test_default_copy_path_is_outside_the_samples(sample_studio, tmp_path):
    book = sample_studio.library["lin_wan"]
    copy = default_copy_path(book, book.source)
    assert copy == "lin_wan_copy.json" and not in_samples(copy)  # in the working directory
    mine = tmp_path / "mine" / "lin_wan.json"
    assert default_copy_path(book, str(mine)) == str(tmp_path / "mine" / "lin_wan_copy.json")  # beside a user file
    os.chdir(Path(book.source).parent)  # a working directory inside the sample: the copy goes home instead
    assert default_copy_path(book, book.source) == str(Path.home() / "lin_wan_copy.json")


def test_save_as_copy_writes_outside_the_sample_and_becomes_the_save_path(sample_studio, tmp_path):
    from kit.widgets import TriggerTuner

    source = Path(sample_studio.library["lin_wan"].source)
    before = source.read_bytes()
    tuner = TriggerTuner(sample_studio.library["lin_wan"], sample_studio.conversations)
    tuner.entry_uid = "wine"
    tuner.key_text.value = "麦酒"
    assert tuner.save() == "" and tuner.error.startswith("不能覆盖示例文件 refusing to overwrite")
    assert "不能覆盖示例文件" in tuner.status.value and source.read_bytes() == before
    assert tuner.copy_box.value == "lin_wan_copy.json"
    tuner.copy_button.click()
    written = tmp_path / "work" / "lin_wan_copy.json"
    assert tuner.saved_path == "lin_wan_copy.json" and written.is_file() and source.read_bytes() == before
    assert wb.read_world_book(written).entry("wine").triggers.keyword.keys == ("麦酒",)
    assert tuner.path == "lin_wan_copy.json" and tuner.path_box.value == "lin_wan_copy.json"
    assert not tuner.is_unsaved and tuner.error == ""
    tuner.key_text.value = "麦酒, 酒"
    assert tuner.save() == "lin_wan_copy.json"  # Save now writes the copy
    assert wb.read_world_book(written).entry("wine").triggers.keyword.keys == ("麦酒", "酒")


def test_save_as_copy_never_overwrites_a_sample_file(sample_studio):
    from kit.widgets import TriggerTuner

    book = sample_studio.library["lin_wan"]
    other = Path(book.source).with_name("aetheria.json")
    before = other.read_bytes()
    tuner = TriggerTuner(book, sample_studio.conversations)
    assert tuner.save_copy(other) == "" and "refusing to overwrite" in tuner.error and other.read_bytes() == before
    tuner.copy_box.value = ""
    assert tuner.save_copy() == "" and "no path for the copy" in tuner.error
