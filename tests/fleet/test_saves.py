"""kit.fleet on the default scheduler: every frame equals the single-save code's, save by save."""

from __future__ import annotations

import shutil

import dask.dataframe as dd
import pandas as pd
import pytest

import kit
import kit.fleet
from kit.fleet import (
    DOCUMENTS_SCHEMA,
    FLEET_PROBLEM_SCHEMA,
    SAVES_SCHEMA,
    SUMMARY_SCHEMA,
    TABLES_SCHEMA,
)
from kit.retrieval import split_paragraphs
from kit.samples.fleet import write_fleet
from tests.fleet.fleet_inputs import as_schema, reference_summary


@pytest.fixture(scope="module")
def fleet(generated_fleet):
    return kit.fleet.open_fleet(generated_fleet.root)


def _bad_saves(generated_fleet) -> set[str]:
    root = generated_fleet.root
    return {
        p.parents[2 if p.parent.name == "database" else 3].relative_to(root).as_posix()
        for p in generated_fleet.corrupt_files
    }


def test_sources(generated_fleet, tmp_path):
    root = generated_fleet.root
    ids = [p.relative_to(root).as_posix() for p in generated_fleet.saves]
    by_folder = kit.fleet.open_fleet(root)
    assert [s.save_id for s in by_folder.items] == ids == sorted(ids)
    by_glob = kit.fleet.open_fleet(str(root / "*" / "2026-10-0*"))
    assert [s.save_id for s in by_glob.items] == [i for i in ids if i.split("/")[1].startswith("2026-10-0")]
    one = kit.fleet.open_fleet(generated_fleet.saves[0])
    assert [s.save_id for s in one.items] == ["2026-10-01"]
    listed = kit.fleet.open_fleet(list(reversed(generated_fleet.saves[:3])))
    assert [s.path for s in listed.items] == list(generated_fleet.saves[:3])
    with pytest.raises(kit.fleet.FleetSourceError, match="matches no folder"):
        kit.fleet.open_fleet(str(tmp_path / "nothing-*"))
    with pytest.raises(kit.fleet.FleetSourceError, match="no save below this folder"):
        kit.fleet.open_fleet(tmp_path)
    with pytest.raises(
        kit.fleet.FleetParameterError, match=r"'saves_per_partition' parameter of open_fleet must be an int.*Got 0"
    ):
        kit.fleet.open_fleet(root, saves_per_partition=0)
    with pytest.raises(kit.fleet.FleetParameterError, match="must list save folders as paths. Got int"):
        kit.fleet.open_fleet([root, 3])
    with pytest.raises(kit.fleet.FleetParameterError, match="same save folder twice"):
        kit.fleet.open_fleet([generated_fleet.saves[0], generated_fleet.saves[0]])
    with pytest.raises(kit.fleet.FleetParameterError, match="'client' parameter"):
        kit.fleet.open_fleet(root, client=42)


def test_partitions_group_small_saves(fleet, generated_fleet, tmp_path, monkeypatch):
    assert len(fleet) == len(generated_fleet.saves) == 24
    assert [s for part in fleet.partitions for s in part] == list(fleet.items)
    grouped = kit.fleet.open_fleet(generated_fleet.root, saves_per_partition=5)
    assert [len(p) for p in grouped.partitions] == [5, 5, 5, 5, 4]
    monkeypatch.setattr("kit.fleet.saves.os.cpu_count", lambda: 2)  # the default scheduler: about 2 partitions per CPU
    assert kit.fleet.saves.SAVE_PARTITIONS_PER_THREAD == 2
    roomy = kit.fleet.open_fleet(generated_fleet.root, partition_bytes=10**9)
    assert roomy.npartitions == 4 and [s for part in roomy.partitions for s in part] == list(fleet.items)
    # runs of about equal work (bytes + a fixed cost a save), not of equal counts: the saves grow night by night
    work = [sum(s.size_bytes + kit.fleet.saves.SAVE_COST_BYTES for s in part) for part in roomy.partitions]
    largest = max(s.size_bytes for s in fleet.items) + kit.fleet.saves.SAVE_COST_BYTES
    assert max(work) - min(work) <= largest and len({len(p) for p in roomy.partitions}) > 1
    big = kit.fleet.open_fleet([generated_fleet.root / "x" / str(i) for i in range(800)])
    assert {len(p) for p in big.partitions} == {200}  # 800 / 4 (missing saves: equal work)
    huge = kit.fleet.open_fleet([generated_fleet.root / "x" / str(i) for i in range(3000)])
    assert kit.fleet.saves.MAX_SAVES_PER_PARTITION == 256  # a task of small saves stays well under a second
    assert max(len(p) for p in huge.partitions) <= 256 and huge.npartitions == 12  # ceil(3000 / 256)
    monkeypatch.setattr("kit.fleet.saves.os.cpu_count", lambda: 16)
    many_threads = kit.fleet.open_fleet([generated_fleet.root / "x" / str(i) for i in range(200)])
    assert many_threads.npartitions == 32 and {len(p) for p in many_threads.partitions} == {6, 7}  # 2 per thread
    many = write_fleet(tmp_path / "many", 70, n_corrupt=0).root
    assert kit.fleet.open_fleet(many, partition_bytes=1).npartitions == 70  # over the byte limit: one save each
    (a,) = fleet.compute(fleet.tables())
    (b,) = grouped.compute(grouped.tables())
    pd.testing.assert_frame_equal(a, b)


def test_summary_equals_save_summary(fleet, generated_fleet, tmp_path):
    lazy = fleet.summary()
    assert isinstance(lazy, dd.DataFrame) and lazy.npartitions == fleet.npartitions
    assert list(lazy.columns) == list(SUMMARY_SCHEMA)
    (got,) = fleet.compute(lazy)
    bad = _bad_saves(generated_fleet)
    assert len(bad) == 3
    expected = []
    for item in fleet.items:
        if item.save_id not in bad:
            expected.append(reference_summary(item))
        else:  # the readable databases of a save with a corrupt file: Save.summary() once the bad file is gone
            copy = tmp_path / item.save_id
            shutil.copytree(item.path, copy)
            removed = [c.relative_to(item.path) for c in generated_fleet.corrupt_files if c.is_relative_to(item.path)]
            for rel in removed:
                (copy / rel).unlink()
            ref = reference_summary(type(item)(item.save_id, copy))
            expected.append(ref[~ref["path"].isin([r.as_posix() for r in removed])])  # no row for an unreadable file
    pd.testing.assert_frame_equal(got, as_schema(pd.concat(expected), SUMMARY_SCHEMA))


def test_tables_and_documents_equal_the_databases_frames(fleet):
    (tables, docs) = fleet.compute(fleet.tables(), fleet.documents("system:knowledge"))
    assert list(tables.columns) == list(TABLES_SCHEMA) and list(docs.columns) == list(DOCUMENTS_SCHEMA)
    expected_tables, expected_docs = [], []
    for item in fleet.items:
        with kit.open_save(item.path) as save:
            dbs = save.databases
            for handle in [dbs.shared()] + [dbs.player(u) for u in dbs.player_uuids()]:
                try:
                    t = handle.tables()
                except kit.StorageError:
                    continue
                labels = dict(save_id=item.save_id, scope=handle.scope, player_uuid=handle.player_uuid or "")
                expected_tables.append(t.assign(**labels))
                if "system:knowledge" in handle.table_ids():
                    f = handle.frame("system:knowledge")
                    expected_docs.append(f.assign(**labels, n_paragraphs=[len(split_paragraphs(x)) for x in f["text"]]))
    pd.testing.assert_frame_equal(tables, as_schema(pd.concat(expected_tables), TABLES_SCHEMA))
    pd.testing.assert_frame_equal(docs, as_schema(pd.concat(expected_docs), DOCUMENTS_SCHEMA))
    assert docs["scope"].eq("player").any() and (docs["n_paragraphs"] >= 1).all()
    with pytest.raises(kit.InvalidIdentifierError, match="expected 'namespace:path'"):
        fleet.documents("knowledge")


def test_problems_one_row_per_unreadable_file(fleet, generated_fleet):
    (problems,) = fleet.compute(fleet.problems())
    assert list(problems.columns) == list(FLEET_PROBLEM_SCHEMA)
    assert problems["severity"].dtype == pd.CategoricalDtype(["warning", "error"], ordered=True)
    assert sorted(problems["path"]) == sorted(str(p) for p in generated_fleet.corrupt_files)
    assert set(problems["kind"]) == {"unreadable_database"} and set(problems["save_id"]) == _bad_saves(generated_fleet)
    assert problems["field"].isna().all()  # the whole file is concerned
    for row in problems.itertuples():
        assert row.path in row.message and "cannot decode database" in row.message  # the single-save error
        assert row.object_id == ("shared" if row.path.endswith("shared.dat") else row.path.rsplit("/", 1)[1][:-4])


def test_saves(fleet, generated_fleet):
    saves = fleet.saves()
    assert list(saves.columns) == list(SAVES_SCHEMA) and len(saves) == len(fleet)
    assert set(saves.loc[~saves["readable"], "save_id"]) == _bad_saves(generated_fleet)
    for item, row in zip(fleet.items, saves.itertuples()):
        with kit.open_save(item.path) as save:
            uuids = save.databases.player_uuids()
            files = [save.databases.shared_path] + [save.databases.player_path(u) for u in uuids]
        assert row.save_id == item.save_id and row.n_players == len(uuids)
        assert row.size_bytes == sum(p.stat().st_size for p in files)
    # backups grow from night to night on each server
    readable = saves[saves["readable"]]
    sizes = readable.assign(server=readable["save_id"].str.split("/").str[0]).groupby("server")["size_bytes"]
    assert all(s.iloc[-1] > s.iloc[0] for _, s in sizes)


def test_nothing_is_read_until_compute(generated_fleet, tmp_path):
    root = tmp_path / "fleet"
    shutil.copytree(generated_fleet.root, root)
    fleet = kit.fleet.open_fleet(root)
    summary, problems = fleet.summary(), fleet.problems()
    victim = fleet.items[0]
    shutil.rmtree(victim.path)  # after the frames were built, before they are computed
    (got, probs) = fleet.compute(summary, problems)
    assert victim.save_id not in set(got["save_id"])
    assert probs.loc[probs["save_id"] == victim.save_id, "kind"].tolist() == ["missing_save"]
    assert len(set(got["save_id"])) == len(fleet) - 1  # one bad save never stops the rest


def test_empty_results_keep_columns_and_dtypes(fleet, tmp_path):
    gen = write_fleet(tmp_path / "one", 1, n_corrupt=0)
    clean = kit.fleet.open_fleet(gen.saves)
    (no_docs, no_problems) = clean.compute(clean.documents("example:absent"), clean.problems())
    (docs, problems) = fleet.compute(fleet.documents("system:knowledge"), fleet.problems())
    for empty, full in ((no_docs, docs), (no_problems, problems)):
        assert empty.empty and len(full)
        assert list(empty.columns) == list(full.columns) and list(empty.dtypes) == list(full.dtypes)


def test_player_data_stays_per_save(fleet):
    (tables,) = fleet.compute(fleet.tables())
    players = tables[tables["scope"] == "player"]
    # the same player appears in many backups: rows stay keyed by (save_id, player_uuid), never merged
    per_player = players.groupby("player_uuid")["save_id"].nunique()
    assert (per_player > 1).any()
    assert not players.duplicated(["save_id", "player_uuid", "table_id"]).any()


def test_wrong_arguments_say_what_to_pass(generated_fleet):
    root = generated_fleet.saves[0].parent.parent
    error = kit.fleet.FleetParameterError
    with pytest.raises(
        error,
        match=r"'saves_per_partition' .* Got '8' \(str\) instead: pass saves_per_partition=8, "
        r"or leave it out for the default\.",
    ):
        kit.fleet.open_fleet(root, saves_per_partition="8")
    with pytest.raises(error, match=r"Got True \(bool\) instead: pass an int such as saves_per_partition=8"):
        kit.fleet.open_fleet(root, saves_per_partition=True)
    with pytest.raises(
        error,
        match=r"'partition_bytes' .* Got 0.5 \(float\) instead: pass an int such as "
        r"partition_bytes=1024 \* 1024\.$",
    ):
        kit.fleet.open_fleet(root, partition_bytes=0.5)
    with pytest.raises(error, match=r"Got int 3 at position 1 instead: pass folders such as"):
        kit.fleet.open_fleet([root, 3])
    with pytest.raises(error, match=r"Got bytes b'backups/\*' instead: pass a pattern such as 'backups/\*/\*'"):
        kit.fleet.open_fleet(b"backups/*")
    with pytest.raises(error, match=r"Got an opened Save instead: pass its folder, open_fleet\("):
        kit.fleet.open_fleet(kit.open_save(generated_fleet.saves[0]))
    assert len(kit.fleet.open_fleet(str(generated_fleet.saves[0]), saves_per_partition=1)) == 1  # the advice works


def test_collection_names_come_from_the_saves_and_the_reader(fleet, generated_fleet):
    # Dask names a collection from FleetSave/_PartitionReader.__dask_tokenize__ (plain values, not pickles): the
    # same fleet and reader give the same name; another save list, reader or argument gives another one.
    import pickle

    from kit.fleet._save_reads import opened, partition_reader, summary_rows

    assert fleet.summary()._name == kit.fleet.open_fleet(generated_fleet.root).summary()._name
    names = {
        fleet.summary()._name,
        fleet.tables()._name,
        fleet.problems()._name,
        fleet.documents("system:knowledge")._name,
        fleet.documents("fleet:notes")._name,
        kit.fleet.open_fleet(generated_fleet.saves[:-1]).summary()._name,
    }
    assert len(names) == 6
    resized = kit.fleet.FleetSave(fleet.items[0].save_id, fleet.items[0].path, fleet.items[0].size_bytes + 1)
    assert resized.__dask_tokenize__() != fleet.items[0].__dask_tokenize__()
    # a task is a module-level callable (pickled by reference, not a closure): it reads like the single-save rows
    task = pickle.loads(pickle.dumps(partition_reader(summary_rows, SUMMARY_SCHEMA)))
    got = task(fleet.partitions[0])
    rows = [row for view in opened(fleet.partitions[0]) for row in summary_rows(view)]
    pd.testing.assert_frame_equal(got, as_schema(pd.DataFrame(rows), SUMMARY_SCHEMA))
    # the lazy frame carries no per-partition string conversion: its partitions are already of the schema's dtypes
    assert type(fleet.summary().expr).__name__ == "FromMap"


def test_compute_runs_the_fleets_reads_as_plain_tasks_and_the_rest_through_dask(fleet, generated_fleet, monkeypatch):
    from collections import Counter

    import dask

    from kit.fleet import _save_reads
    from kit.fleet._save_reads import PartitionReader

    reads = [fleet.summary(), fleet.tables(), fleet.problems(), fleet.documents("system:knowledge")]
    through_dask = dask.compute(*reads, scheduler="sync")  # Dask's DataFrame route: a frame per partition, concat
    # Fleet.compute runs the unchanged reads as one task per partition returning column arrays, joined once here
    monkeypatch.setattr(PartitionReader, "__call__", lambda self, group: pytest.fail("a per-partition frame"))
    opened, decoded = [], []
    real_open, real_load = _save_reads.open_save, kit.saves._file.DatabaseFile._load
    monkeypatch.setattr(_save_reads, "open_save", lambda path: opened.append(path) or real_open(path))
    monkeypatch.setattr(
        kit.saves._file.DatabaseFile, "_load", lambda core: decoded.append(core.path) or real_load(core)
    )
    got = fleet.compute(*reads, dask.delayed(len)([1, 2]))
    for a, b in zip(got, through_dask):
        pd.testing.assert_frame_equal(a, b.reset_index(drop=True))
    assert got[-1] == 2  # any other Dask collection is computed along, in order
    # the four reads share one task per partition: each save opened once, each database file decoded once
    assert sorted(opened) == sorted(item.path for item in fleet.items)
    files = {p for item in fleet.items for p in item.path.glob("system/database/**/*.dat")}
    assert set(decoded) == files  # a corrupt file fails again for each read (its error is not kept)
    assert {p for p, n in Counter(decoded).items() if n > 1} == set(generated_fleet.corrupt_files)
    with pytest.raises(pytest.fail.Exception, match="a per-partition frame"):
        fleet.compute(reads[0][reads[0]["n_entries"] > 0])  # a changed read is Dask's to compute
    monkeypatch.undo()
    summary = got[0]
    (kept,) = fleet.compute(reads[0][reads[0]["n_entries"] > 0])
    pd.testing.assert_frame_equal(kept, summary[summary["n_entries"] > 0].reset_index(drop=True))
    (again,) = kit.fleet.open_fleet([item.path for item in fleet.items], saves_per_partition=1).compute(reads[0])
    pd.testing.assert_frame_equal(again, summary)  # another fleet computes this one's read through Dask, alike


def test_a_saves_size_counts_the_database_files_kit_reads(tmp_path):
    database = tmp_path / "world" / "system" / "database"
    (database / "players" / "folder.dat").mkdir(parents=True)  # a folder, not a file
    (database / "shared.dat").write_bytes(b"x" * 100)
    (database / "players" / "0b7c5d2e-0000-4000-8000-000000000001.dat").write_bytes(b"x" * 30)
    (database / "players" / "notes.txt").write_bytes(b"x" * 1000)
    (database / "shared.dat.tmp").write_bytes(b"x" * 1000)  # an interrupted write's leftover
    fleet = kit.fleet.open_fleet(tmp_path / "world")
    assert [item.size_bytes for item in fleet.items] == [130]
    (database / "shared.dat").unlink()
    shutil.rmtree(database / "players")
    assert [item.size_bytes for item in kit.fleet.open_fleet(tmp_path / "world").items] == [0]
