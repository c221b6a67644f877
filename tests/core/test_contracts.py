"""kit.core.contracts: the Protocols a lower layer states for what it needs from a higher one."""

from __future__ import annotations

from kit.core.contracts import GuideSource


class _Complete:
    def readable_guide_ids(self, save, player_uuid, *, progress=None):
        return []

    def ensure_guides(self, save, language):
        return False

    def servable_guide_ids(self, save, language, guide_ids):
        return list(guide_ids)


class _WithoutRecheck:
    """What a quest book offered before the re-check of stored text: no longer enough for the question flow."""

    def readable_guide_ids(self, save, player_uuid, *, progress=None):
        return []

    def ensure_guides(self, save, language):
        return False


def test_guide_source_is_checked_by_its_methods() -> None:
    assert isinstance(_Complete(), GuideSource)
    assert not isinstance(_WithoutRecheck(), GuideSource)
    assert not isinstance("config/ftbquests/quests", GuideSource)


def test_the_ftb_guides_satisfy_the_contract_and_the_model_does_not() -> None:
    import kit.ftb
    from kit.samples import sample_save_path

    book = kit.ftb.read_quest_book(sample_save_path())
    assert isinstance(kit.ftb.QuestGuides(book), GuideSource)
    assert not isinstance(book, GuideSource)
