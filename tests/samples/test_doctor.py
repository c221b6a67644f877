"""The pack doctor's staged sample (kit.samples.doctor): committed as generated, one mistake of each kind."""

from __future__ import annotations

from pathlib import Path

import kit
from kit.ftb import read_quest_book
from kit.samples.doctor import DOCTOR_MISTAKES, DRAFT_PACK, DRAFT_QUESTS, STAGING_NAME, write_doctor_staging

REPO = Path(__file__).resolve().parents[2]
STAGING = REPO / "sample_saves" / STAGING_NAME


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_committed_staging_folder_is_what_the_generator_writes(tmp_path: Path) -> None:
    write_doctor_staging(tmp_path / "aurora_server")
    assert _files(tmp_path / STAGING_NAME) == _files(STAGING)


def test_the_draft_adds_one_mistake_of_each_kind_and_the_server_stays_as_it_was() -> None:
    server = kit.open_server(REPO / "sample_saves" / "modded_server")
    base = server.doctor().problems()
    draft = server.doctor(
        extra_packs=[STAGING / DRAFT_PACK], quest_book=read_quest_book(STAGING / DRAFT_QUESTS, strict=False)
    ).problems()
    key = ["kind", "object_id", "related_id"]
    new = draft.merge(base[key], on=key, how="left", indicator=True).query("_merge == 'left_only'")
    assert (
        set(new["kind"])
        == set(DOCTOR_MISTAKES)
        == set(kit.servers.doctor(kit.items.load_datapacks([])).summary()["kind"])
    )
    assert STAGING_NAME not in {p for p in server.datapacks()["path"]}
