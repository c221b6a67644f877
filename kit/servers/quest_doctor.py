"""The pack doctor with quest checks: :func:`kit.items.doctor` plus what an FTB quest book asks of the items.

``kit.items`` never imports ``kit.ftb``; the quest checks live here, one layer up, where both are known.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit.core.frames import frame
from kit.items.doctor_checks import strongly_connected
from kit.items.doctor_report import DoctorReport
from kit.items.doctor_report import doctor as items_doctor

if TYPE_CHECKING:
    import pandas as pd

    from kit.ftb import QuestBook
    from kit.items import PackSet

__all__ = ["doctor", "QuestDoctorReport", "QUEST_KINDS", "DEPENDENCY_SCHEMA"]

#: The quest problem kinds, all errors.
QUEST_KINDS = {"uncompletable_quest": "error", "quest_dependency_cycle": "error", "missing_dependency": "error"}
#: Columns of :meth:`QuestDoctorReport.quest_dependencies`.
DEPENDENCY_SCHEMA = {
    "quest_id": "string",
    "depends_on": "string",
    "same_chapter": "bool",
    "chapter_id": "string",
    "depends_on_chapter_id": "string",
}

#: Item ids of filter items (FTB Filter System, Item Filters): the task's real items are in its data, not checked.
_FILTER_NAMESPACES = ("ftbfiltersystem", "itemfilters")


@dataclass(repr=False)
class QuestDoctorReport(DoctorReport):
    """A :class:`kit.items.doctor.DoctorReport` with the quest checks of a book (see :func:`doctor`)."""

    dependency_rows: list[tuple] = field(default_factory=list)

    def quest_dependencies(self) -> pd.DataFrame:
        """Every dependency between two quests, and whether it crosses chapters.

        Returns
        -------
        pandas.DataFrame
            Columns ``quest_id``, ``depends_on`` (the quest it waits for), ``same_chapter``, ``chapter_id``,
            ``depends_on_chapter_id``; sorted by quest then dependency. Dependencies FTB dropped (ids no quest has)
            are ``missing_dependency`` problems instead.
        """
        return frame(DEPENDENCY_SCHEMA, sorted(self.dependency_rows))


def _task_refs(book: QuestBook) -> list[tuple]:
    tasks = book.tasks()
    quests = book.quests()
    paths = dict(zip(quests["quest_id"], quests["path"]))
    refs = []
    for qid, index, ttype, detail, optional in zip(
        tasks["quest_id"], tasks["index"], tasks["type"], tasks["detail"], tasks["is_optional"]
    ):
        item = str(detail) if detail is not None else ""
        if ttype != "item" or ":" not in item or item.partition(":")[0] in _FILTER_NAMESPACES:
            continue
        refs.append((item, "quest", str(qid), f"tasks[{index}]", str(paths.get(qid, "")), bool(optional)))
    return refs


def _quest_rows(report: DoctorReport, book: QuestBook, refs: list[tuple]) -> tuple[list[tuple], list[tuple]]:
    quests = book.quests()
    chapter = dict(zip(quests["quest_id"], quests["chapter_id"]))
    path = dict(zip(quests["quest_id"], quests["path"]))
    requirement = dict(zip(quests["quest_id"], quests["dependency_requirement"]))
    deps = {
        q: [d for d in str(ds).split(",") if d in chapter] for q, ds in zip(quests["quest_id"], quests["dependencies"])
    }
    rows: list[tuple] = []
    blocked: dict[str, str] = {}
    for item, _w, qid, fld, _p, optional in refs:
        if optional or report._how(item) in ("loot", "recipe", "code") or qid in blocked:
            continue
        why = report.universe.get(item, "")
        reason = (
            why.split(": ", 1)[1]
            if why.startswith("missing")
            else ("creative only" if why.startswith("creative") else report.unobtainable_reason(item))
        )
        blocked[qid] = f"its item task {fld} needs {item}, which no survival player can obtain ({reason})"
    problems = book.problems()
    for kind, oid, msg, ppath in zip(problems["kind"], problems["object_id"], problems["message"], problems["path"]):
        if kind == "unknown_dependency":
            rows.append(
                (
                    "error",
                    "missing_dependency",
                    str(oid),
                    "dependencies",
                    str(msg) + "; the quest no longer waits for anything in its place (check the id)",
                    str(ppath),
                    "",
                    "",
                )
            )
    for cycle in strongly_connected({q: set(ds) for q, ds in deps.items()}):
        shown = " -> ".join(cycle + [cycle[0]])
        rows.append(
            (
                "error",
                "quest_dependency_cycle",
                cycle[0],
                "dependencies",
                f"quests wait on each other ({shown}): none of them can ever start",
                path.get(cycle[0], ""),
                "",
                "",
            )
        )
        for q in cycle:
            blocked.setdefault(q, f"it is in the dependency cycle {shown}")
    _propagate(blocked, deps, requirement)
    for qid in sorted(blocked):
        rows.append(
            (
                "error",
                "uncompletable_quest",
                qid,
                "",
                f"quest {qid} can never be completed: {blocked[qid]}",
                path.get(qid, ""),
                "",
                "",
            )
        )
    dependency_rows = [(q, d, chapter[q] == chapter[d], chapter[q], chapter[d]) for q, ds in deps.items() for d in ds]
    return rows, dependency_rows


def _propagate(blocked: dict[str, str], deps: dict[str, list[str]], requirement: dict[str, str]) -> None:
    """Quests waiting on blocked quests are blocked too (all of their dependencies for ``one_*`` requirements)."""
    changed = True
    while changed:
        changed = False
        for q, ds in deps.items():
            if q in blocked or not ds:
                continue
            bad = [d for d in ds if d in blocked]
            needs_one = str(requirement.get(q, "")).startswith("one")
            if bad and (not needs_one or len(bad) == len(ds)):
                blocked[q] = f"it waits for quest {bad[0]}, which can never be completed"
                changed = True


def doctor(
    packs: PackSet, quest_book: QuestBook | None = None, *, sources: Mapping[str, Any] | None = None
) -> QuestDoctorReport:
    """:func:`kit.items.doctor` plus the quest checks of an FTB quest book.

    Quest kinds (all errors): ``uncompletable_quest`` (an item task needs an unobtainable or missing item, the quest
    is in a dependency cycle, or it waits for such a quest; the reason names the item or quest),
    ``quest_dependency_cycle`` (one row per cycle, ``object_id`` its first quest), ``missing_dependency`` (a
    dependency id no quest has; FTB drops it, so the quest waits for nothing in its place). Optional tasks and
    filter items (FTB Filter System, Item Filters) are not checked.

    Parameters
    ----------
    packs : kit.items.PackSet
    quest_book : kit.ftb.QuestBook, optional
        Without one, the report has only the item checks (and no quest dependencies).
    sources : mapping, optional
        See :func:`kit.items.doctor`.

    Returns
    -------
    QuestDoctorReport
    """
    refs = _task_refs(quest_book) if quest_book is not None else []
    base = items_doctor(packs, sources=sources, references=[r[:5] for r in refs])
    values = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    report = QuestDoctorReport(**values)
    report.extra_kinds = dict(QUEST_KINDS)
    if quest_book is not None:
        rows, dependency_rows = _quest_rows(base, quest_book, refs)
        report.rows.extend(rows)
        report.dependency_rows = dependency_rows
    return report
