"""kit.ftb.guides: the guide rule, guide quests and their documents (reload is in test_ingest.py)."""

from __future__ import annotations

import re

import pytest

from kit.ftb.guides import (
    DEFAULT_GUIDE_RULE,
    GUIDE_SCHEMA,
    GuideRule,
    GuideRuleError,
    guide_documents,
    guide_ids,
    guide_quests,
    guides_per_chapter,
)
from kit.ftb.loader import read_quest_book
from tests.ftb.ftb_inputs import book


def test_default_rule_on_real_packs():
    # every guide is checkmark-only (no pack here has no-task quests with text except monifactory)
    for name, shapes in (("enigmatica6", {"checkmark_only"}), ("monifactory", {"checkmark_only", "no_tasks"})):
        g = guide_quests(book(name))
        guides = g[g["is_guide"]]
        assert set(guides["shape"]) <= shapes
        assert (guides["description_chars"] >= DEFAULT_GUIDE_RULE.min_description_chars).all()
        assert 0 < len(guides) <= (g["shape"] != "other").sum()


def test_rule_is_tunable():
    b = book("craftoria")
    default = set(guide_ids(b))
    strict = set(guide_ids(b, rule=GuideRule(min_description_chars=300)))
    wide = set(guide_ids(b, rule=GuideRule(long_description_chars=600)))
    assert strict < default < wide
    frame = guide_quests(b, rule=GuideRule(long_description_chars=600))
    extra = frame[frame["quest_id"].isin(wide - default)]
    assert (extra["shape"] == "other").all() and (extra["description_chars"] >= 600).all()
    assert list(frame.columns) == list(GUIDE_SCHEMA)


def test_chinese_first_pack_is_judged_by_its_chinese_text():
    b = book("flywheel-new-continent")
    g = guide_quests(b)
    assert set(g.loc[g["is_guide"], "longest_language"]) == {"zh_cn"}
    assert guide_documents(b, "en_us") == []  # no English text: no English documents
    assert len(guide_documents(b, "zh_cn")) == g["is_guide"].sum()


def test_bad_rule_settings():
    with pytest.raises(GuideRuleError, match=r"'min_description_chars' .* Got -1 instead"):
        GuideRule(min_description_chars=-1)
    with pytest.raises(GuideRuleError, match="'task_types'"):
        GuideRule(task_types="checkmark")


def test_guide_documents_are_clean_text():
    docs = guide_documents(book("monifactory"), "zh_cn")
    assert docs and all(doc.id.startswith("ftb:") and len(doc.id) == 20 for doc in docs)
    joined = "\n".join(doc.text for doc in docs)
    assert "{moni." not in joined and "{@pagebreak}" not in joined and "{image:" not in joined
    assert re.search(r"[§&][0-9a-fk-or]", joined) is None  # format codes stripped (monifactory uses §)


def test_guides_per_chapter():
    b = book("craftoria")
    frame = guides_per_chapter(b)
    assert sorted(set(frame["language"])) == ["en_us", "es_es", "pt_br"]
    per_language = frame.groupby("language")["n_guides"].sum()
    assert (per_language == len(guide_ids(b))).all()
    pt = frame[frame["language"] == "pt_br"]
    assert pt["n_guides_translated"].sum() == 0 and pt["n_guides_with_text"].sum() == len(guide_ids(b))


@pytest.mark.parametrize(
    "rule",
    [
        GuideRule(),
        GuideRule(min_description_chars=300),
        GuideRule(allow_no_tasks=False),
        GuideRule(long_description_chars=200),
    ],
)
def test_guide_ids_are_the_guide_rows_of_guide_quests(rule):
    from kit.samples import sample_save_path

    b = read_quest_book(sample_save_path())
    frame = guide_quests(b, rule=rule)
    assert guide_ids(b, rule=rule) == sorted(frame.loc[frame["is_guide"], "quest_id"])
