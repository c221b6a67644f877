from __future__ import annotations

import json

import pytest

import kit.worldbook as wb
from kit.samples.studio import write_worldbooks

widgets = pytest.importorskip("ipywidgets")


@pytest.fixture()
def studio(tmp_path):
    write_worldbooks(tmp_path)
    return wb.read_studio(tmp_path)


def make(studio, book_id="lin_wan"):
    from kit.widgets import TriggerTuner

    return TriggerTuner(studio.library[book_id], studio.conversations)


def test_tuner_starts_on_first_entry_and_reports_rate(studio):
    tuner = make(studio)
    assert isinstance(tuner, widgets.VBox)
    assert tuner.entry_uid == "persona"
    n_turns = sum(len(c.turns) for c in studio.conversations if c.character_book_id == "lin_wan")
    assert tuner.n_turns == n_turns and tuner.n_activated == n_turns and tuner.rate == 1.0
    assert "100.0%" in tuner.rate_view.value and "this entry is as in the original file" in tuner.rate_view.value
    # a constant entry is summarised in one line, not listed turn by turn with an empty "[]"
    assert "constant entry" in tuner.output.value and f"active in {n_turns} of {n_turns}" in tuner.output.value
    assert "<li>" not in tuner.output.value and "[]" not in tuner.output.value


def test_editing_keys_updates_turns_and_highlights(studio):
    tuner = make(studio)
    tuner.picker.value = "sword"
    assert tuner.entry_uid == "sword" and tuner.key_text.value == "剑, 听雪"
    before = tuner.n_activated
    assert before > 0 and "<mark>剑</mark>" in tuner.output.value
    tuner.key_text.value = "霜翼"
    tuner.apply_button.click()
    assert tuner.book.entry("sword").triggers.keyword.keys == ("霜翼",)
    convs = [c for c in studio.conversations if c.character_book_id == "lin_wan"]
    expected = sum(1 for c in convs for t in range(len(c.turns)) if any("霜翼" in m for m in c.messages[: t + 1]))
    assert tuner.n_activated == expected
    assert "<mark>霜翼</mark>" in tuner.output.value
    assert all(r["trigger"] == "keyword" for r in tuner.rows)


def test_case_and_whole_word_checkboxes(studio):
    tuner = make(studio, "starport_nyx")
    tuner.entry_uid = "ai"
    assert tuner.case_sensitive.value and tuner.whole_words.value
    strict = tuner.n_activated
    tuner.case_sensitive.value = False  # "Ask nyx about the weather." now counts too
    assert tuner.book.entry("ai").triggers.keyword.case_sensitive is False
    assert tuner.n_activated > strict


def test_conditions_and_probability(studio):
    tuner = make(studio)
    tuner.entry_uid = "strong"
    tuner.conditions_text.value = "tb.力量 > 1000"
    tuner.apply_button.click()
    assert tuner.n_activated == 0 and "no activating turns" in tuner.output.value
    tuner.conditions_text.value = "tb.力量 >> 3"
    tuner.apply_button.click()
    assert "column 8" in tuner.error and "lin_wan/strong" in tuner.error
    assert tuner.book.entry("strong").triggers.conditions == ("tb.力量 > 1000",)
    tuner.conditions_text.value = "tb.力量 > 0"
    tuner.apply_button.click()
    assert tuner.error == "" and tuner.rate == 1.0
    tuner.probability.value = 0.5
    assert tuner.book.entry("strong").triggers.probability == 0.5
    assert 0 < tuner.n_activated < tuner.n_turns


def test_save_writes_atomically(studio, tmp_path):
    path = studio.path / "worldbooks" / "lin_wan.json"
    tuner = make(studio)
    tuner.entry_uid = "wine"
    tuner.key_text.value = "酒, 葡萄酒，米酒"
    tuner.save_button.click()
    assert tuner.saved_path == str(path) and tuner.error == ""
    again = wb.read_world_book(path)
    assert again.entry("wine").triggers.keyword.keys == ("酒", "葡萄酒", "米酒")
    assert again.entry("persona") == studio.library["lin_wan"].entry("persona")
    assert not [p for p in path.parent.iterdir() if p.suffix == ".tmp"]
    json.loads(path.read_text(encoding="utf-8"))


def test_save_without_path_reports(studio):
    from dataclasses import replace

    from kit.widgets import TriggerTuner

    tuner = TriggerTuner(replace(studio.library["lin_wan"], source=None), studio.conversations)
    tuner.save_button.click()
    assert "no path" in tuner.error


def test_failed_save_leaves_the_old_file_unchanged(studio, monkeypatch):
    import os

    path = studio.path / "worldbooks" / "lin_wan.json"
    before = path.read_bytes()
    tuner = make(studio)
    tuner.entry_uid = "wine"
    tuner.key_text.value = "完全不同的关键词"

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", boom)
    assert tuner.save() == ""
    assert "lin_wan.json" in tuner.error and "No space left" in tuner.error
    assert path.read_bytes() == before
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    monkeypatch.undo()
    assert tuner.save() == str(path) and tuner.error == ""
    assert wb.read_world_book(path).entry("wine").triggers.keyword.keys == ("完全不同的关键词",)


def _st_conversation():
    return [
        wb.Conversation(
            "c1", (wb.Turn("We walk into the forest."), wb.Turn("Tell me about Eldoria."), wb.Turn("Nothing here."))
        )
    ]


def test_sillytavern_book_is_saved_as_a_sillytavern_world_file(tmp_path):
    from kit.widgets import TriggerTuner
    from kit.worldbook.sillytavern import is_sillytavern_world
    from tests.worldbook.worldbook_inputs import WORLDBOOKS

    src = WORLDBOOKS / "st_Eldoria.json"
    if not src.exists():
        pytest.skip("shared data not available")
    path = tmp_path / "Eldoria.json"
    path.write_bytes(src.read_bytes())
    book = wb.read_world_book(path)
    tuner = TriggerTuner(book, _st_conversation())
    assert tuner.save_format == "sillytavern"
    first = book.entries[0].uid
    tuner.entry_uid = first
    tuner.key_text.value = "forest, 森林"
    assert tuner.save() == str(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert is_sillytavern_world(data)  # still a file SillyTavern can load
    original = json.loads(src.read_text(encoding="utf-8"))
    assert data["entries"][first]["key"] == ["forest", "森林"]
    assert {k: v for k, v in data["entries"][first].items() if k != "key"} == {
        k: v for k, v in original["entries"][first].items() if k != "key"
    }
    assert {k: v for k, v in data["entries"].items() if k != first} == {
        k: v for k, v in original["entries"].items() if k != first
    }
    assert wb.read_world_book(path).entry(first).triggers.keyword.keys == ("forest", "森林")
    # the same book written as kit's native JSON stays native when tuned and saved
    native = wb.write_world_book(wb.read_world_book(path), tmp_path / "native.json")
    tuner = TriggerTuner(wb.read_world_book(native), _st_conversation())
    assert tuner.save_format == "kit"
    tuner.entry_uid = first
    tuner.key_text.value = "woods"
    assert tuner.save() == str(native)
    assert not is_sillytavern_world(json.loads(native.read_text(encoding="utf-8")))
    assert wb.read_world_book(native).entry(first).triggers.keyword.keys == ("woods",)


def test_book_read_from_a_card_is_never_overwritten_by_default(tmp_path):
    import kit.books
    from kit.widgets import TriggerTuner
    from tests.worldbook.worldbook_inputs import WORLDBOOKS

    card_json = WORLDBOOKS / "st_Seraphina.card_v2.json"
    if not card_json.exists():
        pytest.skip("shared data not available")
    png = tmp_path / "Seraphina.png"
    kit.books.write_card(kit.books.read_card(card_json), png, spec="v2")
    copy = tmp_path / "card.json"
    copy.write_bytes(card_json.read_bytes())
    for source in (png, copy):
        before = source.read_bytes()
        tuner = TriggerTuner(wb.read_world_book(source), _st_conversation())
        assert tuner.save() == "" and "character card" in tuner.error and "path=" in tuner.error
        assert source.read_bytes() == before
    out = tmp_path / "lore.json"
    tuner = TriggerTuner(wb.read_world_book(png), _st_conversation(), path=out)
    assert tuner.save() == str(out) and len(wb.read_world_book(out)) == 4


def test_unapplied_edits_are_marked_and_switching_asks_first(studio):
    tuner = make(studio)
    tuner.entry_uid = "sword"
    assert not tuner.has_unapplied_edits and tuner.edit_marker.value == ""
    tuner.key_text.value = "霜翼"
    assert tuner.has_unapplied_edits and "unapplied edits" in tuner.edit_marker.value
    tuner.picker.value = "wine"  # the user picks another entry: nothing is lost, a prompt asks
    assert tuner.entry_uid == "sword" and tuner.picker.value == "sword" and tuner.pending_uid == "wine"
    assert tuner.prompt.layout.display is None and "has unapplied edits" in tuner.prompt_label.value
    tuner.prompt_stay.click()
    assert tuner.entry_uid == "sword" and tuner.key_text.value == "霜翼" and tuner.prompt.layout.display == "none"
    tuner.entry_uid = "wine"  # from code: the same prompt
    assert tuner.entry_uid == "sword" and tuner.pending_uid == "wine"
    tuner.prompt_apply.click()
    assert tuner.entry_uid == "wine" and tuner.book.entry("sword").triggers.keyword.keys == ("霜翼",)
    tuner.key_text.value = "麦酒"
    tuner.picker.value = "scar"
    tuner.prompt_discard.click()
    assert tuner.entry_uid == "scar" and tuner.book.entry("wine") == studio.library["lin_wan"].entry("wine")
    assert not tuner.has_unapplied_edits


def test_before_after_rate_with_turns_gained_and_lost(studio):
    tuner = make(studio)
    tuner.entry_uid = "wine"
    before = tuner.n_activated
    tuner.key_text.value = "听雪"
    tuner.apply_button.click()
    assert tuner.n_activated_before == before and tuner.rate_before == before / tuner.n_turns
    changes = tuner.changes
    gained = changes[changes["change"] == "gained"]
    lost = changes[changes["change"] == "lost"]
    assert len(gained) > 0 and len(lost) > 0
    assert tuner.n_activated == before + len(gained) - len(lost)
    assert f"+{len(gained)} 新增 gained" in tuner.rate_view.value and f"−{len(lost)} 失去 lost" in tuner.rate_view.value
    assert "turns gained" in tuner.rate_view.value and "turns lost" in tuner.rate_view.value


def test_entry_content_and_grouped_history_matches(studio):
    tuner = make(studio)
    tuner.entry_uid = "sword"
    entry = studio.library["lin_wan"].entry("sword")
    assert entry.content[:20] in tuner.entry_info.value
    n_history = sum(r["matched_in"] == "history" for r in tuner.rows)
    assert n_history > 10
    listed = tuner.output.value.count("<li>")
    assert listed < len(tuner.rows)  # runs of history matches from one message are one item
    assert "keyword · history ·" in tuner.output.value and "turns</small>" in tuner.output.value


def test_results_are_marked_stale_after_a_bad_condition(studio):
    tuner = make(studio)
    tuner.entry_uid = "strong"
    tuner.conditions_text.value = "tb.力量 >> 3"
    tuner.apply_button.click()
    assert tuner.error and tuner.is_stale
    assert "stale" in tuner.rate_view.value and "opacity" in tuner.output.value
    tuner.conditions_text.value = "tb.力量 > 0"
    tuner.apply_button.click()
    assert not tuner.is_stale and "stale" not in tuner.rate_view.value


def test_unsaved_marker_diff_preview_and_revert(studio):
    path = studio.path / "worldbooks" / "lin_wan.json"
    original = path.read_bytes()
    tuner = make(studio)
    assert not tuner.is_unsaved and "已保存 saved" in tuner.save_marker.value
    tuner.entry_uid = "wine"
    tuner.key_text.value = "麦酒"
    tuner.apply_button.click()
    assert tuner.is_unsaved and "unsaved changes (1 entries)" in tuner.save_marker.value
    diff = tuner.preview()
    assert "lin_wan/wine (saved)" in diff and '+          "麦酒"' in diff and "麦酒" in tuner.diff.value
    tuner.revert_button.click()
    assert tuner.book == tuner.saved_book and not tuner.is_unsaved and tuner.key_text.value != "麦酒"
    assert tuner.diff_text() == "" and path.read_bytes() == original
    tuner.key_text.value = "麦酒"
    assert tuner.save() == str(path)
    assert not tuner.is_unsaved and tuner.saved_book == tuner.book
    # the comparison keeps the original file as its "before" across saves; "vs last saved" is the second view
    assert tuner.n_activated_before == 90 != tuner.n_activated
    tuner.baseline = "saved"
    assert tuner.n_activated_before == tuner.n_activated


def test_refuses_to_overwrite_the_bundled_sample_and_saves_a_copy(tmp_path):
    from kit.widgets import TriggerTuner

    samples = tmp_path / "sample_saves" / "aurora_server"
    write_worldbooks(samples)
    studio = wb.read_studio(samples)
    source = samples / "studio" / "worldbooks" / "lin_wan.json"
    before = source.read_bytes()
    tuner = TriggerTuner(studio.library["lin_wan"], studio.conversations)
    tuner.entry_uid = "wine"
    tuner.key_text.value = "麦酒"
    assert tuner.save() == "" and "inside sample_saves/" in tuner.error and "overwrite_samples=True" in tuner.error
    assert source.read_bytes() == before and not tuner.is_stale
    copy = tmp_path / "my_lin_wan.json"
    tuner.path_box.value = str(copy)  # the user types a path for a copy
    assert tuner.save() == str(copy) and source.read_bytes() == before
    assert wb.read_world_book(copy).entry("wine").triggers.keyword.keys == ("麦酒",)
    told = TriggerTuner(studio.library["lin_wan"], studio.conversations, overwrite_samples=True)
    assert told.save() == str(source)


def test_tuner_static_snapshot_and_full_labels(studio):
    tuner = make(studio)
    tuner.entry_uid = "sword"
    bundle = tuner._repr_mimebundle_()
    assert bundle["text/plain"].startswith("TriggerTuner: lin_wan/sword") and "children=" not in bundle["text/plain"]
    assert "条件 Conditions" in bundle["text/html"] and "<mark>剑</mark>" in bundle["text/html"]
    assert tuner.conditions_text.style.description_width == "initial"  # "条件 Conditions", not "条件 Cond…"


def test_refuses_to_overwrite_the_sample_a_wheel_install_generates_into_its_cache(tmp_path):
    from kit import __version__
    from kit.widgets import TriggerTuner

    cached = tmp_path / ".cache" / "kit" / f"sample_saves-{__version__}" / "aurora_server"  # kit.samples' cache layout
    write_worldbooks(cached)
    studio = wb.read_studio(cached)
    source = cached / "studio" / "worldbooks" / "lin_wan.json"
    before = source.read_bytes()
    tuner = TriggerTuner(studio.library["lin_wan"], studio.conversations)
    tuner.entry_uid = "wine"
    tuner.key_text.value = "麦酒"
    assert tuner.save() == "" and "inside sample_saves/" in tuner.error and source.read_bytes() == before


def test_trigger_tuner_shows_why_not_per_turn(studio):
    tuner = make(studio)
    tuner.picker.value = "sword"
    assert "why not, per turn" in tuner.why_view.value and "no_key_match" in tuner.why_view.value
    tuner.key_text.value = "nothing-matches-this"
    tuner.apply()
    assert "activated" not in tuner.why_view.value.split("<ol>")[0]
