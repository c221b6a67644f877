"""Shared helpers of the kit.books tests: a test clock, a folder snapshot, and the lighthouse studio of the
``studio`` fixture (tests/books/conftest.py); a test module may define its own ``studio`` fixture instead."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kit.books import BookStore, open_store
from kit.books.records import (
    CardAsset,
    CardBook,
    ChatMessage,
    ContentRecord,
    DesignTraceEntry,
    PlayBook,
    PlayTraceEntry,
    ProjectBook,
    RunSnapshot,
    RunState,
    Session,
    TaggedArtifact,
    Transition,
    WorldAsset,
)


def clock() -> Callable[[], str]:
    """A clock that ticks one minute per call from 2026-03-01T00:00:00Z (deterministic timestamps)."""
    minutes = itertools.count()
    return lambda: "2026-03-01T{:02d}:{:02d}:00Z".format(*divmod(next(minutes), 60))


def tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (relative POSIX path -> bytes), to compare a store before and after a call."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def lighthouse_studio(root: Path) -> BookStore:
    """A store with a card book ``cb`` (its asset ``zhou`` exported) and a play book ``pb`` of that card."""
    store = open_store(root, clock=clock())
    store.create_card_book("夜航灯塔守", book_id="cb")
    store.append_design_trace("cb", "user_input", "想要一个守灯塔的老人")
    store.append_design_trace("cb", "skill_invoked", "persona skill", skill_id="persona-basic")
    store.record_artifact("cb", "角色.名字", "老周", status="draft")
    store.record_artifact("cb", "角色.名字", "周望海", event="user_accepted_artifact")
    store.record_artifact("cb", "角色.设定", "守了四十年灯塔", event="user_accepted_artifact")
    store.record_artifact("cb", "角色.性格", "暴躁", status="rejected")
    store.record_artifact("cb", "角色.标签", "灯塔、老人, 海", event="user_accepted_artifact")
    store.add_message("cb", "user", "他叫什么？")
    store.append_design_trace("cb", "declare_ready", "ready")
    store.export_asset("cb", asset_id="zhou")
    store.create_play_book("灯塔之夜", card_asset_id="zhou", book_id="pb", variables={"天气": "雾"})
    store.append_play_trace("pb", "user_input", "敲门")
    store.update_run_state("pb", turn=1, event="访客到来")
    store.add_message("pb", "user", "有人吗？")
    store.record_artifact("pb", "运行.心情", "警惕", event="user_accepted_artifact")
    store.record_artifact("pb", "运行.心情", "开心", status="rejected")
    store.save_snapshot("pb", label="第一夜")
    return store


T0 = "2026-01-01T00:00:00Z"
ART = {"tag": "设计.口吻", "value": "冷静", "status": "accepted", "at": T0, "skillId": "persona"}
TRANSITION = {"from": "draft", "to": "accepted", "event": "user_accepted_artifact", "at": T0}
#: One JSON object per record class, as written on disk (keys in the order kit writes them).
RECORDS: list[tuple[type, dict[str, Any]]] = [
    (ChatMessage, {"role": "user", "content": "你好", "at": T0}),
    (TaggedArtifact, ART),
    (Transition, TRANSITION),
    (DesignTraceEntry, {"trace": "design", "at": T0, "type": "user_confirmed", "summary": "ok", "skillId": "p",
                        "outputTags": ["设计.口吻"], "artifact": ART, "transition": TRANSITION}),
    (PlayTraceEntry, {"trace": "play", "at": T0, "turn": 3, "type": "snapshot", "summary": "s", "snapshotId": "snap-001"}),
    (RunState, {"turn": 2, "variables": {"hp": 3}, "eventStream": "a\nb"}),
    (CardBook, {"id": "cb", "title": "t", "orchestratorId": "o", "kind": "character_card_design",
                "lifecycleStage": "design", "designTrace": [], "designArtifacts": [], "messages": [],
                "runSkillManifest": {"skills": []}, "sessionIds": ["s1"], "createdAt": T0, "updatedAt": T0}),
    (PlayBook, {"id": "pb", "title": "t", "orchestratorId": "o", "kind": "roleplay", "lifecycleStage": "play",
                "cardRef": {"assetId": "c", "version": "1"}, "worldRef": {"assetId": "w"}, "contextProfile": {"v": 1},
                "runSkillManifest": {}, "playTrace": [], "runState": {"turn": 0, "variables": {}, "eventStream": ""},
                "messages": [], "snapshotIds": ["snap-001"], "createdAt": T0, "updatedAt": T0}),
    (ProjectBook, {"id": "n", "title": "t", "orchestratorId": "o", "kind": "novel", "lifecycleStage": "design",
                   "currentContentId": "c1", "historyContentIds": [], "designTrace": [], "sessionIds": [],
                   "createdAt": T0, "updatedAt": T0}),
    (CardAsset, {"id": "c", "title": "t", "tags": {"角色.名字": "周"}, "confirmedAt": T0, "source": "imported",
                 "sourceFile": "c.json", "avatar": "c.png", "worldRef": "w", "card": {"spec": "chara_card_v2"}}),
    (WorldAsset, {"id": "w", "name": "n", "cardAssetId": "c", "characterBook": {"entries": []}}),
    (ContentRecord, {"id": "c1", "bookId": "n", "kind": "chapter", "title": "一", "text": "正文", "createdAt": T0}),
    (RunSnapshot, {"id": "snap-001", "bookId": "pb", "kind": "run", "at": T0, "label": "l",
                   "runState": {"turn": 1, "variables": {}, "eventStream": ""}, "messages": []}),
    (Session, {"id": "s1", "bookId": "pb", "openedAt": T0, "status": "closed", "blackboard": {"运行.x": 1},
               "trace": [], "messages": [], "nResumedMessages": 0, "closedAt": T0}),
]  # fmt: skip
