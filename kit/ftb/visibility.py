"""What a team can see in a quest book: FTB Quests' visibility rules (``Quest.isVisible``, 1.21.1).

For quest Q and team T (format note, section 2.4):

1. ``invisible`` and Q not completed by T: hidden, unless ``invisible_until_tasks`` = N > 0 and at
   least N of Q's tasks are completed.
2. The book sets ``hide_excluded_quests`` and Q is excluded (a dependency's
   ``max_completable_dependents`` is used up by other completed dependents): hidden.
3. No dependencies: visible.
4. ``hide_until_deps_complete`` (quest tristate, else the chapter default): visible only when the
   dependencies are complete (``dependency_requirement`` all/one completed/started and
   ``min_required_dependencies``).
5. Else ``hide_until_deps_visible`` (legacy ``hide``): visible only when the dependencies are
   visible, counted with the same all/one/min-N rule, recursively.
6. Else: visible when any dependency is visible.

Dependencies on tasks and chapters count as complete when their id is in ``completed``; a task
dependency is always visible, a chapter dependency is visible as its chapter is (not
``always_invisible``, and empty or holding a visible quest or link). A quest on a dependency cycle
is hidden (it can never become available). Excluded quests follow ``isQuestObjectExcluded``. A guide
is *readable* when its quest is visible, it is reachable (its chapter is not ``always_invisible``,
or a quest link places it in a chapter that is not), its details are shown
(``hide_details_until_startable`` is off or T can start it) and its text is shown
(``hide_text_until_complete`` is off or T completed it). ``can_edit`` is ignored.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from kit.core.errors import InvalidParameterError
from kit.ftb.guides import DEFAULT_GUIDE_RULE, GuideRule, guide_ids
from kit.ftb.progress import Progress, TeamProgress, require_book

if TYPE_CHECKING:
    import pandas as pd

    from kit.ftb.model import QuestBook

__all__ = [
    "TeamView",
    "quest_visibility",
    "visible_quests",
    "visible_guides",
    "VISIBILITY_SCHEMA",
]

VISIBILITY_SCHEMA = dict(
    quest_id="string",
    chapter_id="string",
    team_id="string",
    is_completed="bool",
    is_started="bool",
    is_visible="bool",
    is_reachable="bool",
    can_start="bool",
    is_details_visible="bool",
    is_text_visible="bool",
    is_guide="bool",
    is_readable="bool",
    reason="string",
)


class TeamView:
    """Visibility of a book's quests for one team, memoised (FTB caches per team too).

    Parameters
    ----------
    book : QuestBook
    team : TeamProgress
    """

    def __init__(self, book: QuestBook, team: TeamProgress) -> None:
        self.book = book
        self.team = team
        self._visible: dict[str, bool] = {}
        self._visiting: set[str] = set()
        self._excluded: dict[str, bool] = {}

    # -- completion ---------------------------------------------------------------------------
    def _dep_complete(self, quest_id: str, dep: str) -> bool:
        requirement = self.book.quest_by_id[quest_id].dependency_requirement
        return self.team.is_started(dep) if requirement.endswith("_started") else self.team.is_completed(dep)

    def _meets(self, quest_id: str, ok: Iterable[bool]) -> bool:
        """FTB's ``checkDependencies``: at least ``min_required_dependencies`` (when > 0), else one or all."""
        quest = self.book.quest_by_id[quest_id]
        results = list(ok)
        if quest.min_required_dependencies > 0:
            return sum(results) >= quest.min_required_dependencies
        if quest.dependency_requirement.startswith("one_"):
            return any(results)
        return all(results)

    def dependencies_complete(self, quest_id: str) -> bool:
        """FTB's ``areDependenciesComplete``: the all/one/min-N rule over completed (or started) dependencies."""
        deps = self.book.quest_by_id[quest_id].dependencies
        return not deps or self._meets(quest_id, (self._dep_complete(quest_id, d) for d in deps))

    def is_excluded(self, quest_id: str) -> bool:
        """FTB's ``isQuestObjectExcluded``: fewer open paths through quest dependencies than required.

        A dependency D is a closed path when its ``max_completable_dependents`` is used up by completed
        dependents (and this quest is not completed), or when D is not completed and is itself excluded.
        """
        known = self._excluded.get(quest_id)
        if known is not None:
            return known
        self._excluded[quest_id] = False  # a cycle counts as not excluded while it is being computed
        quest = self.book.quest_by_id[quest_id]
        n_quest_deps = n_valid = 0
        for dep in quest.dependencies:
            parent = self.book.quest_by_id.get(dep)
            if parent is None:
                continue
            n_quest_deps += 1
            if parent.max_completable_dependents > 0 and not self.team.is_completed(quest_id):
                done = sum(self.team.is_completed(q) for q in self.book.dependents(dep))
                if done >= parent.max_completable_dependents:
                    continue
            if self.team.is_completed(dep) or not self.is_excluded(dep):
                n_valid += 1
        if n_quest_deps == 0:
            result = False
        else:
            if quest.min_required_dependencies > 0:
                required = quest.min_required_dependencies
            elif quest.dependency_requirement.startswith("one_"):
                required = 1
            else:
                required = n_quest_deps
            result = n_valid < required
        self._excluded[quest_id] = result
        return result

    def can_start(self, quest_id: str) -> bool:
        """(``flexible`` progression or dependencies complete) and not excluded."""
        flexible = self.book.quest_progression_mode(quest_id) == "flexible"
        return (flexible or self.dependencies_complete(quest_id)) and not self.is_excluded(quest_id)

    # -- visibility ---------------------------------------------------------------------------
    def _dep_visible(self, dep: str) -> bool:
        book = self.book
        if dep in book.quest_by_id:
            return self.is_visible(dep)
        if dep in book.chapter_by_id:
            return self.is_chapter_visible(dep)
        link = book.link_by_id.get(dep)
        if link is not None:
            return link.quest_id in book.quest_by_id and self.is_visible(link.quest_id)
        return True  # tasks and other objects: QuestObject.isVisible is true

    def is_chapter_visible(self, chapter_id: str) -> bool:
        """FTB's ``Chapter.isVisible``: not always invisible, and empty or with a visible quest or quest link."""
        chapter = self.book.chapter_by_id[chapter_id]
        if chapter.is_always_invisible:
            return False
        if not chapter.quest_ids and not chapter.link_ids:
            return True
        return any(self.is_visible(q) for q in chapter.quest_ids) or any(
            self._dep_visible(link) for link in chapter.link_ids
        )

    def is_visible(self, quest_id: str) -> bool:
        """Whether the quest appears for this team (rules 1-6 of the module docstring)."""
        known = self._visible.get(quest_id)
        if known is not None:
            return known
        if quest_id in self._visiting:  # a dependency cycle: never available
            return False
        self._visiting.add(quest_id)
        try:
            result = self._compute(quest_id)
        finally:
            self._visiting.discard(quest_id)
        self._visible[quest_id] = result
        return result

    def _compute(self, quest_id: str) -> bool:
        book, team = self.book, self.team
        quest = book.quest_by_id[quest_id]
        if quest.invisible and not team.is_completed(quest_id):
            n_done = sum(team.is_completed(t) for t in quest.task_ids)
            if not (quest.invisible_until_tasks > 0 and n_done >= quest.invisible_until_tasks):
                return False
        if book.settings.get("hide_excluded_quests") and self.is_excluded(quest_id):
            return False
        if not quest.dependencies:
            return True
        if book.effective(quest_id, "hide_until_deps_complete"):
            return self.dependencies_complete(quest_id)
        if book.effective(quest_id, "hide_until_deps_visible"):
            return self._meets(quest_id, (self._dep_visible(d) for d in quest.dependencies))
        return any(self._dep_visible(d) for d in quest.dependencies)

    def is_reachable(self, quest_id: str) -> bool:
        """The quest sits in, or is linked from, a chapter that is not ``always_invisible``."""
        book = self.book
        if not book.quest_chapter(quest_id).is_always_invisible:
            return True
        return any(
            link.quest_id == quest_id and not book.chapter_by_id[link.chapter_id].is_always_invisible
            for link in book.link_by_id.values()
        )

    def why(self, quest_id: str) -> str:
        """A short reason for the quest's state (the first rule that decided it)."""
        book, team = self.book, self.team
        quest = book.quest_by_id[quest_id]
        if team.is_completed(quest_id):
            return "completed"
        if quest.invisible and not self.is_visible(quest_id):
            return "invisible until completed"
        if book.settings.get("hide_excluded_quests") and self.is_excluded(quest_id):
            return "excluded by another quest line"
        if not self.is_visible(quest_id):
            if book.effective(quest_id, "hide_until_deps_complete"):
                return "hidden until dependencies complete"
            if book.effective(quest_id, "hide_until_deps_visible"):
                return "hidden until dependencies visible"
            return "no dependency visible"
        if not self.is_reachable(quest_id):
            return "chapter always invisible"
        if book.effective(quest_id, "hide_details_until_startable") and not self.can_start(quest_id):
            return "details hidden until startable"
        if book.effective(quest_id, "hide_text_until_complete"):
            return "text hidden until complete"
        return "visible"


def _team(book: QuestBook, progress: Progress | TeamProgress, player_uuid: str | None, check: bool) -> TeamProgress:
    if isinstance(progress, TeamProgress):
        team = progress
        if check:
            require_book(team, book)
        return team
    if player_uuid is None:
        raise InvalidParameterError("player_uuid is required when progress is a Progress (all teams)")
    team = progress.team_of(player_uuid)
    if check:
        progress.require_book(team, book)
    return team


def _state(view: TeamView, quest_id: str) -> dict[str, bool]:
    """The visibility columns of one quest for the view's team (:data:`VISIBILITY_SCHEMA`, without guide flags)."""
    book, team = view.book, view.team
    completed = team.is_completed(quest_id)
    can_start = view.can_start(quest_id)
    return dict(
        is_completed=completed,
        is_started=team.is_started(quest_id),
        is_visible=view.is_visible(quest_id),
        is_reachable=view.is_reachable(quest_id),
        can_start=can_start,
        is_details_visible=not book.effective(quest_id, "hide_details_until_startable") or can_start or completed,
        is_text_visible=not book.effective(quest_id, "hide_text_until_complete") or completed,
    )


def _readable(state: dict[str, bool]) -> bool:
    """A guide in this state may be read: visible, reachable, details and text shown."""
    return state["is_visible"] and state["is_reachable"] and state["is_details_visible"] and state["is_text_visible"]


def quest_visibility(
    book: QuestBook,
    progress: Progress | TeamProgress,
    player_uuid: str | None = None,
    *,
    rule: GuideRule = DEFAULT_GUIDE_RULE,
    check_book: bool = True,
) -> pd.DataFrame:
    """Visibility of every quest for the player's team.

    Parameters
    ----------
    book : QuestBook
    progress : Progress or TeamProgress
        All teams (then ``player_uuid`` picks the team) or one team's progress.
    player_uuid : str, optional
    rule : GuideRule, default=DEFAULT_GUIDE_RULE
        Marks which quests are guides.
    check_book : bool, default=True
        Raise ProgressBookMismatchError when the team's progress belongs to another book.

    Returns
    -------
    DataFrame
        One row per quest (book order). Columns ``quest_id, chapter_id, team_id, is_completed, is_started,
        is_visible, is_reachable, can_start, is_details_visible, is_text_visible, is_guide, is_readable``
        (a guide the player may read) and ``reason``.
    """
    from kit.core.frames import frame

    team = _team(book, progress, player_uuid, check_book)
    view = TeamView(book, team)
    guides = set(guide_ids(book, rule=rule))
    rows = []
    for chapter in book.chapter_by_id.values():
        for quest_id in chapter.quest_ids:
            state = _state(view, quest_id)
            is_guide = quest_id in guides
            rows.append(
                dict(
                    quest_id=quest_id,
                    chapter_id=chapter.chapter_id,
                    team_id=team.team_id,
                    **state,
                    is_guide=is_guide,
                    is_readable=is_guide and _readable(state),
                    reason=view.why(quest_id),
                )
            )
    return frame(VISIBILITY_SCHEMA, rows)


def visible_quests(
    book: QuestBook, progress: Progress | TeamProgress, player_uuid: str | None = None, *, check_book: bool = True
) -> list[str]:
    """Quest ids the player's team can see (rules 1-6, reachable chapters only), sorted."""
    team = _team(book, progress, player_uuid, check_book)
    view = TeamView(book, team)
    return sorted(q for q in book.quest_by_id if view.is_visible(q) and view.is_reachable(q))


def visible_guides(
    book: QuestBook,
    progress: Progress | TeamProgress,
    player_uuid: str | None = None,
    *,
    rule: GuideRule = DEFAULT_GUIDE_RULE,
    check_book: bool = True,
) -> list[str]:
    """Guide quest ids the player's team may read (visible, reachable, details and text shown), sorted.

    Raises
    ------
    UnknownPlayerError
        When the player has no team progress.
    ProgressBookMismatchError
        When the team's progress belongs to another book (``check_book=True``).
    """
    team = _team(book, progress, player_uuid, check_book)
    view = TeamView(book, team)
    return [quest_id for quest_id in guide_ids(book, rule=rule) if _readable(_state(view, quest_id))]
