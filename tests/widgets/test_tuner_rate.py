"""kit.widgets._tuner_rate: the trigger tuner's rate line (baselines) and the no-trigger warning."""

from __future__ import annotations

from dataclasses import replace

import pytest

import kit.worldbook as wb
from kit.samples.studio import write_worldbooks
from kit.widgets._tuner_rate import render_rate, trigger_warning

pytest.importorskip("ipywidgets")


@pytest.fixture()
def studio(tmp_path):
    write_worldbooks(tmp_path)
    return wb.read_studio(tmp_path)


def make(studio):
    from kit.widgets import TriggerTuner

    return TriggerTuner(studio.library["lin_wan"], studio.conversations)


def test_unsaved_changes_never_beside_same_as_saved(studio):
    tuner = make(studio)
    tuner.entry_uid = "wine"
    tuner.key_text.value = "麦酒"
    tuner.apply_button.click()
    tuner.entry_uid = "sword"  # an unchanged entry while another one is unsaved
    assert tuner.is_unsaved and "unsaved changes" in tuner.save_marker.value
    for baseline in ("original", "saved"):
        tuner.baseline = baseline
        assert "same as saved" not in tuner.rate_view.value
        assert "this entry is as " in tuner.rate_view.value
    tuner.revert_button.click()
    tuner.entry_uid = "sword"
    keys = tuner.key_text.value.split(", ")
    tuner.key_text.value = ", ".join(reversed(keys))  # an edit that changes no activating turn
    tuner.apply_button.click()
    assert tuner.is_unsaved and "the edit changes no activating turn" in tuner.rate_view.value
    assert "same as" not in tuner.rate_view.value and "this entry is as" not in tuner.rate_view.value


def test_the_edit_that_changes_no_turn_says_so():
    import pandas as pd

    empty = pd.DataFrame({"change": pd.Series([], dtype="string")})
    text = render_rate(5, 5, 10, empty, baseline="saved", entry_changed=True)
    assert "the edit changes no activating turn (vs last saved)" in text and "same as" not in text
    assert "此条目与上次保存相同 this entry is as last saved" in render_rate(
        5, 5, 10, empty, baseline="saved", entry_changed=False
    )


def test_baseline_stays_the_original_across_saves_with_last_saved_as_a_second_view(studio):
    tuner = make(studio)
    tuner.entry_uid = "wine"
    original = tuner.n_activated
    tuner.key_text.value = "听雪"
    assert tuner.save()
    first = tuner.n_activated
    assert tuner.n_activated_before == original != first and "原文件 the original file" in tuner.rate_view.value
    tuner.key_text.value = "听雪, 剑"
    assert tuner.save()
    assert tuner.n_activated_before == original  # still the file as first loaded
    tuner.compare.value = "saved"  # the second view: against the last save
    assert tuner.baseline == "saved" and tuner.n_activated_before == tuner.n_activated
    assert "this entry is as last saved" in tuner.rate_view.value
    tuner.key_text.value = "听雪"
    tuner.apply_button.click()
    assert tuner.n_activated_before != tuner.n_activated and "上次保存 last saved" in tuner.rate_view.value
    assert tuner.n_activated == first
    tuner.compare.value = "original"
    assert tuner.n_activated_before == original
    assert "(original: " in tuner.static_text()


def test_an_entry_left_with_no_trigger_is_warned_about(studio):
    tuner = make(studio)
    tuner.entry_uid = "wine"
    assert tuner.trigger_warning.value == ""
    tuner.key_text.value = ""
    tuner.apply_button.click()
    assert tuner.n_activated == 0
    assert "has no trigger left, so it never activates" in tuner.trigger_warning.value
    assert "没有触发条件" in tuner.trigger_warning.value
    tuner.conditions_text.value = "tb.力量 > 1"
    tuner.apply_button.click()
    assert tuner.trigger_warning.value == ""
    entry = studio.library["lin_wan"].entry("wine")
    bare = replace(entry, triggers=replace(entry.triggers, keyword=None, conditions=(), constant=False))
    assert "wine" in trigger_warning(bare) and trigger_warning(entry) == ""
