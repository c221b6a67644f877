"""Every public DataFrame-returning function returns exactly its declared schema (columns, order and dtypes),
on the sample data and on empty input.

The functions are found from the source (public functions and methods whose return annotation or numpydoc
``Returns`` section says DataFrame), so a new one without a case here fails
:func:`test_every_frame_function_has_a_case`.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import shutil
from collections.abc import Callable, Iterator
from functools import cached_property
from pathlib import Path
from typing import Any

import dask
import pandas as pd
import pytest

import kit
import kit.books
import kit.books.store as bs
import kit.fleet
import kit.fleet.grid as fgr
import kit.fleet.saves as fsv
import kit.ftb
import kit.ftb.backgrounds as fbg
import kit.ftb.freshness as ffr
import kit.ftb.guides as fg
import kit.ftb.ingest as fi
import kit.ftb.model as fb
import kit.ftb.progress as fp
import kit.ftb.visibility as fv
import kit.items
import kit.items.doctor_report as kdr
import kit.items.doctor_table
import kit.items.loot_sampler as ls
import kit.items.packset as ps
import kit.items.sources as isrc
import kit.modules as km
import kit.modules.catalogs as kmc
import kit.modules.enabled as kme
import kit.modules.inventory as kmi
import kit.modules.problems as kmp
import kit.modules.selection as kms
import kit.retrieval as kr
import kit.retrieval._frames as rf
import kit.saves.handle as sd
import kit.saves.knowledge as sk
import kit.servers.quest_doctor
import kit.servers.server as ss
import kit.worldbook as wb
import kit.worldbook.analysis.explanation as we
import kit.worldbook.analysis.outcomes as wbo
import kit.worldbook.analysis.trigger_coverage as wtc
import kit.worldbook.analysis.tuning as wt
import kit.worldbook.book.io as wio
import kit.worldbook.conversations.chats as wch
import kit.worldbook.engine.prompt_assembly as wpa
import kit.worldbook.engine.reporting as wr
import kit.worldbook.sillytavern as wst
from kit.core.frames import check_schema, pandas_dtype
from kit.core.problems import PROBLEM_COLUMNS, problem_schema
from kit.samples import guides, sample_save_path
from kit.samples.fleet import CHARACTER_BOOKS, write_chat_corpus, write_fleet
from kit.samples.modules import DRAFT_PACK_NAME, PACK_NAME, STAGING_FOLDER
from kit.samples.saves import PLAYERS

SAVE = sample_save_path()
ALEX = PLAYERS["alex"]
KIT = Path(kit.__file__).resolve().parent


class Inputs:
    """The sample data and empty counterparts, built on first use."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp

    @cached_property
    def save(self) -> kit.Save:
        return kit.open_save(SAVE)

    @cached_property
    def empty_save(self) -> kit.Save:
        (self.tmp / "empty_save" / "system" / "database").mkdir(parents=True)
        return kit.open_save(self.tmp / "empty_save")

    @cached_property
    def save_copy(self) -> kit.Save:
        shutil.copytree(SAVE, self.tmp / "save_copy")
        return kit.open_save(self.tmp / "save_copy")

    @cached_property
    def index(self) -> kr.ParagraphIndex:
        return self.save.databases.shared().prepare_index(kit.KNOWLEDGE, "en_us")

    @cached_property
    def packs(self) -> kit.items.PackSet:
        return kit.items.load_datapacks([SAVE / "datapacks" / "kit_sample"])

    @cached_property
    def no_packs(self) -> kit.items.PackSet:
        return kit.items.load_datapacks([])

    @cached_property
    def broken_packs(self) -> kit.items.PackSet:
        recipe = self.tmp / "broken_pack" / "data" / "t" / "recipe"
        recipe.mkdir(parents=True)
        (recipe / "bad.json").write_text("{not json", encoding="utf-8")
        return kit.items.load_datapacks([recipe.parents[2]], strict=False)

    @cached_property
    def modules(self) -> km.ModuleInventory:
        return km.read_modules(SAVE / "datapacks" / PACK_NAME)

    @cached_property
    def draft_modules(self) -> km.ModuleInventory:
        return km.read_modules([SAVE / "datapacks" / PACK_NAME, SAVE / STAGING_FOLDER / DRAFT_PACK_NAME], strict=False)

    @cached_property
    def no_modules(self) -> km.ModuleInventory:
        (self.tmp / "no_modules" / "data").mkdir(parents=True)
        return km.read_modules(self.tmp / "no_modules")

    @cached_property
    def server(self) -> Any:
        return kit.open_server(SAVE.parent / "modded_server")

    @cached_property
    def empty_server(self) -> Any:
        (self.tmp / "empty_server").mkdir()
        (self.tmp / "empty_server" / "server.properties").write_text("motd=empty\n", encoding="utf-8")
        return kit.open_server(self.tmp / "empty_server")

    @cached_property
    def studio(self) -> Any:
        return wb.read_studio(SAVE)

    @cached_property
    def books(self) -> list[wb.WorldBook]:
        return list(self.studio.library.values())

    @cached_property
    def all_keys(self) -> str:
        return " ".join(
            k for b in self.books for e in b.entries for k in (e.triggers.keyword.keys if e.triggers.keyword else ())
        )

    @cached_property
    def activation(self) -> pd.DataFrame:
        return wb.activate(self.books, None, message=self.all_keys)

    @cached_property
    def replay(self) -> pd.DataFrame:
        return wb.replay(self.studio.library, self.studio.conversations)

    @cached_property
    def coverage(self) -> pd.DataFrame:
        return wb.entry_coverage(self.studio.library, self.studio.conversations)

    @cached_property
    def tuned_entry(self) -> tuple[wb.WorldBook, str]:
        """A book and the uid of an entry matched through the history (so every tuning frame has rows)."""
        row = self.replay[(self.replay["matched_in"] == "history")].iloc[0]
        return self.studio.library[row["book_id"]], str(row["uid"])

    @cached_property
    def entry_turns(self) -> pd.DataFrame:
        book, uid = self.tuned_entry
        return wt.entry_turns(book, self.studio.conversations, uid)

    @cached_property
    def lenient_library(self) -> wb.WorldBookLibrary:
        folder = self.tmp / "world_books"
        folder.mkdir()
        (folder / "broken.json").write_text("[1, 2", encoding="utf-8")
        return wb.scan_world_books(folder, strict=False)

    @cached_property
    def store(self) -> kit.books.BookStore:
        return kit.books.open_store(SAVE / "studio", create=False)

    @cached_property
    def empty_store(self) -> kit.books.BookStore:
        return kit.books.open_store(self.tmp / "empty_store")

    @cached_property
    def broken_store(self) -> kit.books.BookStore:
        shutil.copytree(SAVE / "studio", self.tmp / "broken_store")
        store = kit.books.open_store(self.tmp / "broken_store", create=False)
        (store.root / "sessions").mkdir(exist_ok=True)
        (store.root / "sessions" / "gone.json").write_text('{"id": "gone", "bookId": "nobody"}', encoding="utf-8")
        return store

    @cached_property
    def quest_book(self) -> kit.ftb.QuestBook:
        """The sample quest book plus a quest link and a reward table (the sample has neither)."""
        quests = self.tmp / "quests"
        shutil.copytree(SAVE / "config" / "ftbquests" / "quests", quests)
        chapter = quests / "chapters" / "cartographer.snbt"
        text = chapter.read_text(encoding="utf-8")
        link = '[ { id: "0123456789ABCDEF" linked_quest: "3CEB79806EF12DA3" x: 2.0d y: 2.0d } ]'
        chapter.write_text(text.replace("quest_links: [ ]", f"quest_links: {link}", 1), encoding="utf-8")
        (quests / "reward_tables").mkdir()
        (quests / "reward_tables" / "loot.snbt").write_text(
            '{ id: "FEDCBA9876543210" loot_size: 1 rewards: [ { id: "0A0A0A0A0A0A0A0A" type: "xp" xp: 5 } ] }',
            encoding="utf-8",
        )
        return kit.ftb.read_quest_book(quests)

    @cached_property
    def empty_book(self) -> kit.ftb.QuestBook:
        return fb.QuestBook(path=self.tmp / "none", settings={})

    @cached_property
    def progress(self) -> kit.ftb.Progress:
        return kit.ftb.read_progress(SAVE)

    @cached_property
    def empty_progress(self) -> kit.ftb.Progress:
        return fp.Progress(folder=self.tmp / "none", teams_by_id={}, player_team={})

    @cached_property
    def lenient_progress(self) -> kit.ftb.Progress:
        shutil.copytree(SAVE, self.tmp / "progress_save")
        broken = next((self.tmp / "progress_save").rglob("ftbquests/*.snbt"))
        broken.write_text("{ oops", encoding="utf-8")
        return kit.ftb.read_progress(self.tmp / "progress_save", strict=False)

    @cached_property
    def fleet(self) -> kit.fleet.Fleet:
        """Four generated backups of one server, one of them with a corrupt player database."""
        return kit.fleet.open_fleet(write_fleet(self.tmp / "fleet", 4, n_servers=1, n_corrupt=1).root)

    @cached_property
    def empty_fleet(self) -> kit.fleet.Fleet:
        return kit.fleet.Fleet(items=(), partitions=())

    @cached_property
    def chat_folder(self) -> Path:
        """Six generated SillyTavern chats, two of them with a bad line."""
        return write_chat_corpus(self.tmp / "chats", 6, bad_every=3).root

    @cached_property
    def chats(self) -> wb.ChatCorpus:
        return wb.read_chats(self.chat_folder, character_books=CHARACTER_BOOKS)

    @cached_property
    def no_chats(self) -> wb.ChatCorpus:
        (self.tmp / "no_chats").mkdir()
        return wb.read_chats(self.tmp / "no_chats")

    @cached_property
    def collection(self) -> kr.BeirCollection:
        qrels = pd.DataFrame({"query_id": ["q1"], "doc_id": ["guide/ores/diamond"], "relevance": [1]})
        return kr.BeirCollection("sample", guides.knowledge_documents("en_us"), QUERIES, qrels)

    @cached_property
    def no_queries(self) -> kr.BeirCollection:
        return kr.BeirCollection(
            "none",
            guides.knowledge_documents("en_us"),
            NO_QUERIES,
            NO_QUERIES.rename(columns={"text": "doc_id"}).assign(relevance=pd.Series([], dtype="int64")),
        )


def _computed(fleet: kit.fleet.Fleet, method: str, *args: Any) -> pd.DataFrame:
    """A lazy fleet frame, computed on the default (local) scheduler."""
    (result,) = fleet.compute(getattr(fleet, method)(*args))
    return result


def _run(index: kr.ParagraphIndex, queries: pd.DataFrame) -> pd.DataFrame:
    return kr.make_run(index, queries, limit=5)


QUERIES = pd.DataFrame({"query_id": ["q1"], "text": ["diamond"]})
NO_QUERIES = pd.DataFrame({"query_id": pd.Series([], dtype="string"), "text": pd.Series([], dtype="string")})

Case = Callable[[Inputs], tuple[pd.DataFrame, pd.DataFrame, dict[str, Any]]]


def _corrupt_shared(folder: Path) -> Any:
    """The shared database of a save whose shared file is not NBT (one unreadable_database row)."""
    path = folder / "system" / "database" / "shared.dat"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not NBT")
    return kit.open_save(folder).databases.shared()


#: Qualified name -> (full, empty, schema).
CASES: dict[str, Case] = {
    # saves
    "kit.saves.handle.AgentDatabase.tables": lambda x: (
        x.save.databases.shared().tables(),
        x.empty_save.databases.shared().tables(),
        sd.TABLE_SCHEMA,
    ),
    "kit.saves.handle.AgentDatabase.frame": lambda x: (
        x.save.databases.shared().frame(kit.KNOWLEDGE),
        x.empty_save.databases.shared().frame(kit.KNOWLEDGE),
        sd.DOCUMENT_SCHEMA,
    ),
    "kit.saves.handle.AgentDatabase.search": lambda x: (
        x.save.databases.shared().search(kit.KNOWLEDGE, "en_us", "diamond"),
        x.empty_save.databases.shared().search(kit.KNOWLEDGE, "en_us", "diamond"),
        rf.SEARCH_COLUMNS,
    ),
    "kit.saves.database.AgentDatabases.summary": lambda x: (
        x.save.databases.summary(),
        x.empty_save.databases.summary().iloc[0:0],
        sd.SUMMARY_SCHEMA,
    ),
    "kit.saves.save.Save.summary": lambda x: (x.save.summary(), x.empty_save.summary().iloc[0:0], sd.SUMMARY_SCHEMA),
    "kit.saves.save.Save.problems": lambda x: (
        kit.open_save(x.tmp).problems(),
        x.save.problems(),
        problem_schema(sd.PROBLEM_EXTRA_SCHEMA),
    ),
    "kit.saves.handle.AgentDatabase.problems": lambda x: (
        _corrupt_shared(x.tmp / "corrupt_save").problems(),
        x.empty_save.databases.shared().problems(),
        problem_schema(sd.PROBLEM_EXTRA_SCHEMA),
    ),
    "kit.saves.handle.AgentDatabase.raw_frame": lambda x: (
        x.save.databases.shared().raw_frame("system:quest_backgrounds"),
        x.empty_save.databases.shared().raw_frame("system:quest_backgrounds"),
        sd.RAW_SCHEMA,
    ),
    "kit.saves.knowledge.ask": lambda x: (
        kit.ask(x.save, ALEX, "diamond", language="en_us"),
        kit.ask(x.save, ALEX, "qqqqzzzz", language="en_us"),
        sk.ASK_SCHEMA,
    ),
    # retrieval
    "kit.retrieval.index.ParagraphIndex.search": lambda x: (
        x.index.search("diamond"),
        x.index.search("?!"),
        rf.SEARCH_COLUMNS,
    ),
    "kit.retrieval.index.ParagraphIndex.explain": lambda x: (
        x.index.explain("diamond level", "guide/ores/diamond", 0),
        x.index.explain("qqqq", "guide/ores/diamond", 0),
        rf.EXPLAIN_COLUMNS,
    ),
    "kit.retrieval.index.ParagraphIndex.paragraphs_": lambda x: (
        x.index.paragraphs_,
        kr.ParagraphIndex().fit([kit.Document("d", "", "")]).paragraphs_,
        rf.PARAGRAPH_COLUMNS,
    ),
    "kit.retrieval.index.ParagraphIndex.stats": lambda x: (x.index.stats(["diamond"]), None, rf.STATS_COLUMNS),
    "kit.retrieval.evaluation.make_run": lambda x: (_run(x.index, QUERIES), _run(x.index, NO_QUERIES), rf.RUN_COLUMNS),
    "kit.retrieval.evaluation.evaluate": lambda x: (
        kr.evaluate(
            _run(x.index, QUERIES),
            pd.DataFrame({"query_id": ["q1"], "doc_id": ["guide/ores/diamond"], "relevance": [1]}),
        ),
        kr.evaluate(
            _run(x.index, NO_QUERIES),
            pd.DataFrame(
                {
                    "query_id": pd.Series([], dtype="string"),
                    "doc_id": pd.Series([], dtype="string"),
                    "relevance": pd.Series([], dtype="int64"),
                }
            ),
        ),
        rf.EVALUATION_COLUMNS,
    ),
    # items
    "kit.items.packset.PackSet.recipes": lambda x: (x.packs.recipes(), x.no_packs.recipes(), ps.RECIPE_SCHEMA),
    "kit.items.packset.PackSet.loot_tables": lambda x: (
        x.packs.loot_tables(),
        x.no_packs.loot_tables(),
        ps.LOOT_TABLE_SCHEMA,
    ),
    "kit.items.packset.PackSet.tags": lambda x: (x.packs.tags(), x.no_packs.tags(), ps.TAG_SCHEMA),
    "kit.items.packset.PackSet.items": lambda x: (x.packs.items(), x.no_packs.items(), ps.ITEM_SCHEMA),
    "kit.items.packset.PackSet.packs": lambda x: (x.packs.packs(), x.no_packs.packs(), ps.PACK_SCHEMA),
    "kit.items.packset.PackSet.item_uses": lambda x: (
        x.packs.item_uses(x.packs.items().query("n_uses > 0")["item_id"].iloc[0]),
        x.packs.item_uses("kit:no_such_item"),
        ps.USES_SCHEMA,
    ),
    "kit.items.packset.PackSet.loot_expectations": lambda x: (
        x.packs.loot_expectations(),
        x.no_packs.loot_expectations(),
        ps.EXPECTATION_SCHEMA,
    ),
    "kit.items.packset.PackSet.sample_loot": lambda x: (
        x.packs.sample_loot(x.packs.loot_expectations()["loot_table_id"].iloc[0], n=20),
        x.packs.sample_loot(x.packs.loot_expectations()["loot_table_id"].iloc[0], n=20).iloc[0:0],
        ls.SAMPLE_SCHEMA,
    ),
    "kit.items.loot_sampler.LootSampler.sample": lambda x: (
        _sampler(x.packs).sample(x.packs.loot_expectations()["loot_table_id"].iloc[0], 20),
        _sampler(x.packs).sample(x.packs.loot_expectations()["loot_table_id"].iloc[0], 0),
        ls.SAMPLE_SCHEMA,
    ),
    "kit.items.packset.PackSet.problems": lambda x: (x.broken_packs.problems(), x.packs.problems(), ps.PROBLEM_SCHEMA),
    "kit.items.sources.ItemSourceOutput.to_frame": lambda x: (
        x.packs.item_sources(x.packs.recipes()["result_item_id"].iloc[0]).to_frame(),
        isrc.ItemSourceOutput("kit:no_such_item").to_frame(),
        isrc.OUTPUT_SCHEMA,
    ),
    "kit.items.sources.ItemSourceOutput.problems": lambda x: (
        isrc.ItemSourceOutput(
            "kit:x",
            sources=(isrc.ItemSource("recipe", "kit:r", inputs=(isrc.SourceSlot(unresolved=("#kit:undefined",)),)),),
            truncated=True,
            cuts=("65 sources",),
        ).problems(),
        isrc.ItemSourceOutput("kit:no_such_item").problems(),
        isrc.OUTPUT_PROBLEM_SCHEMA,
    ),
    "kit.items.packset.PackSet.conditions": lambda x: (
        x.server.load_datapacks().conditions(),
        x.packs.conditions(),
        ps.CONDITION_SCHEMA,
    ),
    # servers
    # the pack doctor
    "kit.items.doctor_report.DoctorReport.items": lambda x: (
        x.server.doctor().items(),
        kit.items.doctor(x.no_packs).items(),
        kdr.ITEM_SCHEMA,
    ),
    "kit.items.doctor_report.DoctorReport.recipes": lambda x: (
        x.server.doctor().recipes(),
        kit.items.doctor(x.no_packs).recipes(),
        kdr.RECIPE_SCHEMA,
    ),
    "kit.items.doctor_report.DoctorReport.problems": lambda x: (
        x.server.doctor().problems(),
        kit.items.doctor(x.no_packs).problems(),
        kdr.PROBLEM_SCHEMA,
    ),
    "kit.items.doctor_report.DoctorReport.recipe_graph": lambda x: (
        x.server.doctor().recipe_graph("minecraft:torch"),
        kit.items.doctor(x.no_packs).recipe_graph("a:b"),
        kdr.GRAPH_SCHEMA,
    ),
    "kit.servers.quest_doctor.QuestDoctorReport.quest_dependencies": lambda x: (
        x.server.doctor().quest_dependencies(),
        kit.servers.doctor(x.no_packs).quest_dependencies(),
        kit.servers.quest_doctor.DEPENDENCY_SCHEMA,
    ),
    "kit.items.doctor_table.doctor_sources": lambda x: (
        kit.items.doctor_sources(),
        kit.items.doctor_sources().iloc[0:0],
        kit.items.doctor_table.SOURCE_SCHEMA,
    ),
    "kit.servers.server.Server.mods": lambda x: (x.server.mods(), x.empty_server.mods(), ss.MOD_SCHEMA),
    "kit.servers.server.Server.datapacks": lambda x: (
        x.server.datapacks(),
        x.empty_server.datapacks(),
        ss.DATAPACK_SCHEMA,
    ),
    "kit.servers.server.Server.problems": lambda x: (
        x.server.problems(data=True),
        x.server.problems().iloc[0:0],
        ss.PROBLEM_SCHEMA,
    ),
    # modules
    "kit.modules.inventory.ModuleInventory.modules": lambda x: (
        x.modules.modules(),
        x.no_modules.modules(),
        kmi.MODULE_SCHEMA,
    ),
    "kit.modules.inventory.ModuleInventory.client_entries": lambda x: (
        x.modules.client_entries(),
        x.no_modules.client_entries().query("not is_resident"),
        kmi.CLIENT_ENTRY_SCHEMA,
    ),
    "kit.modules.enabled.enabled_modules": lambda x: (
        km.enabled_modules(x.modules, km.Player(systems=("aurora:survival",))),
        km.enabled_modules(x.no_modules, km.Player()),
        kme.ENABLED_SCHEMA,
    ),
    "kit.modules.inventory.ModuleInventory.systems": lambda x: (
        x.modules.systems(),
        x.no_modules.systems(),
        kmi.SYSTEM_SCHEMA,
    ),
    "kit.modules.inventory.ModuleInventory.catalogs": lambda x: (
        x.modules.catalogs(),
        x.no_modules.catalogs(),
        kmi.CATALOG_SCHEMA,
    ),
    "kit.modules.inventory.ModuleInventory.catalog_entries": lambda x: (
        x.modules.catalog_entries(),
        x.no_modules.catalog_entries(),
        kmi.CATALOG_ENTRY_SCHEMA,
    ),
    "kit.modules.inventory.ModuleInventory.tags": lambda x: (x.modules.tags(), x.no_modules.tags(), kmi.TAG_SCHEMA),
    "kit.modules.inventory.ModuleInventory.problems": lambda x: (
        x.draft_modules.problems(),
        x.modules.problems(),
        kmp.PROBLEM_SCHEMA,
    ),
    "kit.modules.selection.candidates": lambda x: (
        km.candidates(x.draft_modules),
        km.candidates(x.no_modules),
        kms.CANDIDATE_SCHEMA,
    ),
    "kit.modules.catalogs.player_catalog": lambda x: (
        km.player_catalog(x.modules, x.modules.module_ids),
        km.player_catalog(x.modules, []),
        kmc.PLAYER_CATALOG_SCHEMA,
    ),
    # world books
    "kit.worldbook.engine.activation.activate": lambda x: (
        x.activation,
        wb.activate([], None, message="nothing"),
        wb.ACTIVATION_SCHEMA,
    ),
    "kit.worldbook.engine.activation.Activator.activate": lambda x: (
        wb.Activator(x.books).activate(message=x.all_keys),
        wb.Activator([]).activate(message="x"),
        wb.ACTIVATION_SCHEMA,
    ),
    "kit.worldbook.engine.activation.Activator.frame": lambda x: (
        wb.Activator(x.books).frame(wb.Activator(x.books).hits(message=x.all_keys)),
        wb.Activator([]).frame([]),
        wb.ACTIVATION_SCHEMA,
    ),
    "kit.worldbook.engine.activation.activate_request": lambda x: (
        wb.activate_request(
            {"worldBookData": {"globalBooks": list(x.studio.library)}, "mes": x.all_keys}, x.studio.library
        ),
        wb.activate_request({"worldBookData": {"globalBooks": []}, "mes": ""}, x.studio.library),
        wb.ACTIVATION_SCHEMA,
    ),
    "kit.worldbook.analysis.explanation.explain": lambda x: (
        wb.explain(x.books[0].entries[0], message=x.all_keys),
        wb.explain(x.books[0].entries[0]).iloc[0:0],
        we.EXPLAIN_SCHEMA,
    ),
    "kit.worldbook.engine.prompt_assembly.assemble": lambda x: (
        wb.assemble(x.activation, message="hi"),
        wb.assemble(wb.activate([], None, message="")),
        wpa.ASSEMBLE_SCHEMA,
    ),
    "kit.worldbook.engine.reporting.activation_stats": lambda x: (
        wb.activation_stats(x.activation),
        wb.activation_stats(x.activation.iloc[0:0]).iloc[0:0],
        wr.STATS_SCHEMA,
    ),
    "kit.worldbook.analysis.trigger_coverage.replay": lambda x: (x.replay, wb.replay([], []), wtc.REPLAY_SCHEMA),
    "kit.worldbook.analysis.trigger_coverage.coverage": lambda x: (
        x.coverage,
        wb.entry_coverage({}, []),
        wtc.COVERAGE_SCHEMA,
    ),
    "kit.worldbook.analysis.trigger_coverage.never_fired": lambda x: (
        wb.never_fired(x.coverage) if len(wb.never_fired(x.coverage)) else x.coverage,
        wb.never_fired(wb.entry_coverage({}, [])),
        wtc.COVERAGE_SCHEMA,
    ),
    "kit.worldbook.analysis.trigger_coverage.always_fired": lambda x: (
        wb.always_fired(x.coverage.assign(activation_rate=1.0)),
        wb.always_fired(wb.entry_coverage({}, [])),
        wtc.COVERAGE_SCHEMA,
    ),
    "kit.worldbook.analysis.trigger_coverage.co_activation": lambda x: (
        wb.co_activation(x.replay),
        wb.co_activation(wb.replay([], [])),
        wtc.CO_ACTIVATION_SCHEMA,
    ),
    "kit.worldbook.analysis.trigger_coverage.activations_per_turn": lambda x: (
        wb.activations_per_turn(x.replay, x.studio.conversations),
        wb.activations_per_turn(wb.replay([], [])),
        wtc.PER_TURN_SCHEMA,
    ),
    "kit.worldbook.analysis.trigger_coverage.condition_hit_rates": lambda x: (
        wb.condition_hit_rates(x.studio.library, x.studio.conversations),
        wb.condition_hit_rates({}, []),
        wtc.CONDITION_HIT_SCHEMA,
    ),
    "kit.worldbook.analysis.tuning.entry_turns": lambda x: (
        x.entry_turns,
        wt.entry_turns(x.tuned_entry[0], [], x.tuned_entry[1]),
        wt.ENTRY_TURN_SCHEMA,
    ),
    "kit.worldbook.analysis.tuning.compare_turns": lambda x: (
        wt.compare_turns(x.entry_turns, x.entry_turns.iloc[0:0]),
        wt.compare_turns(x.entry_turns, x.entry_turns),
        wt.TURN_CHANGE_SCHEMA,
    ),
    "kit.worldbook.analysis.tuning.group_history_matches": lambda x: (
        wt.group_history_matches(x.entry_turns),
        wt.group_history_matches(x.entry_turns.iloc[0:0]),
        wt.HISTORY_GROUP_SCHEMA,
    ),
    "kit.worldbook.analysis.outcomes.why": lambda x: (
        wb.why(x.books, message=x.all_keys, rng=0),
        wb.why([], message="x"),
        wb.WHY_SCHEMA,
    ),
    "kit.worldbook.analysis.outcomes.why_chats": lambda x: (
        wb.why_chats(x.studio.library, x.studio.conversations[:2]),
        wb.why_chats({}, []),
        wb.WHY_CHATS_SCHEMA,
    ),
    "kit.worldbook.analysis.outcomes.why_summary": lambda x: (
        wb.why_summary(x.studio.library, x.studio.conversations[:2]),
        wb.why_summary({}, []),
        wb.WHY_SUMMARY_SCHEMA,
    ),
    "kit.worldbook.analysis.outcomes.summary_frame": lambda x: (
        wbo.summary_frame(x.studio.library, wbo.outcome_counts(x.studio.library, x.studio.conversations[:1])),
        wbo.summary_frame({}, {}),
        wb.WHY_SUMMARY_SCHEMA,
    ),
    "kit.worldbook.analysis.tuning.entry_outcomes": lambda x: (
        wt.entry_outcomes(x.tuned_entry[0], x.studio.conversations, x.tuned_entry[1]),
        wt.entry_outcomes(x.tuned_entry[0], [], x.tuned_entry[1]),
        wt.ENTRY_OUTCOME_SCHEMA,
    ),
    "kit.worldbook.sillytavern.scenario_why.why": lambda x: (
        wst.why(
            {
                "books": {"B": {"entries": {"0": {"uid": 0, "key": ["a"], "content": "x"}}}},
                "globalBooks": ["B"],
                "chat": [{"name": "U", "is_user": True, "mes": "a"}],
            }
        ),
        wst.why({"books": {}, "chat": []}),
        wb.WHY_SCHEMA,
    ),
    "kit.worldbook.book.io.issues_frame": lambda x: (
        wb.issues_frame([wb.Issue("b", "1", "position", 12, "bad")]),
        wb.issues_frame([]),
        wio.ISSUE_SCHEMA,
    ),
    "kit.worldbook.checks.linting.lint": lambda x: (
        wb.lint(wb.world_book_from_dict({"id": "b", "entries": [{"uid": "x", "content": "c"}]})),
        wb.lint([]),
        wb.LINT_SCHEMA,
    ),
    "kit.worldbook.checks.card_portability.portability": lambda x: (
        wb.portability({"entries": [{"id": 1, "keys": ["a"], "content": "@@depth 2\nc"}]}),
        wb.portability({"entries": []}),
        wb.PORTABILITY_SCHEMA,
    ),
    "kit.worldbook.book.io.WorldBookLibrary.problems": lambda x: (
        x.lenient_library.problems(),
        x.studio.library.problems(),
        wio.ISSUE_SCHEMA,
    ),
    # books
    "kit.books.store.BookStore.books": lambda x: (x.store.books(), x.empty_store.books(), bs.BOOKS_COLUMNS),
    "kit.books.store.BookStore.assets": lambda x: (x.store.assets(), x.empty_store.assets(), bs.ASSETS_COLUMNS),
    "kit.books.store.BookStore.sessions": lambda x: (x.store.sessions(), x.empty_store.sessions(), bs.SESSIONS_COLUMNS),
    "kit.books.store.BookStore.traces": lambda x: (
        x.store.traces("cb-zhou-wanghai"),
        x.store.traces("novel-fog-harbour").iloc[0:0],
        bs.TRACES_COLUMNS,
    ),
    "kit.books.store.BookStore.timeline": lambda x: (
        x.store.timeline("pb-ilse-storm"),
        x.store.timeline("novel-fog-harbour").iloc[0:0],
        bs.TIMELINE_COLUMNS,
    ),
    "kit.books.store.BookStore.snapshots": lambda x: (
        x.store.snapshots("pb-ilse-storm"),
        x.store.snapshots("cb-zhou-wanghai"),
        bs.SNAPSHOTS_COLUMNS,
    ),
    "kit.books.store.BookStore.messages": lambda x: (
        x.store.messages("pb-ilse-storm"),
        x.store.messages("novel-fog-harbour"),
        bs.MESSAGES_COLUMNS,
    ),
    "kit.books.store.BookStore.artifacts": lambda x: (
        x.store.artifacts("cb-zhou-wanghai"),
        x.store.artifacts("cb-zhou-wanghai").iloc[0:0],
        bs.ARTIFACTS_COLUMNS,
    ),
    "kit.books.store.BookStore.contents": lambda x: (
        x.store.contents("novel-fog-harbour"),
        x.store.contents("pb-ilse-storm"),
        bs.CONTENTS_COLUMNS,
    ),
    "kit.books.store.BookStore.world_entries": lambda x: (
        x.store.world_entries("mira-vance"),
        x.store.world_entries("old-cat"),
        bs.WORLD_ENTRIES_COLUMNS,
    ),
    "kit.books.store.BookStore.play_books_for": lambda x: (
        x.store.play_books_for("ilse-brandt"),
        x.store.play_books_for("old-cat"),
        bs.BOOKS_COLUMNS,
    ),
    "kit.books.store.BookStore.problems": lambda x: (x.broken_store.problems(), x.store.problems(), PROBLEM_COLUMNS),
    # fleets and chat corpora (the dask frames computed on the default scheduler)
    "kit.fleet.saves.Fleet.saves": lambda x: (x.fleet.saves(), x.empty_fleet.saves(), fsv.SAVES_COLUMNS),
    "kit.fleet.saves.Fleet.summary": lambda x: (
        _computed(x.fleet, "summary"),
        _computed(x.empty_fleet, "summary"),
        fsv.SUMMARY_COLUMNS,
    ),
    "kit.fleet.saves.Fleet.tables": lambda x: (
        _computed(x.fleet, "tables"),
        _computed(x.empty_fleet, "tables"),
        fsv.TABLES_COLUMNS,
    ),
    "kit.fleet.saves.Fleet.documents": lambda x: (
        _computed(x.fleet, "documents", "system:knowledge"),
        _computed(x.empty_fleet, "documents", "system:knowledge"),
        fsv.DOCUMENTS_COLUMNS,
    ),
    "kit.fleet.saves.Fleet.problems": lambda x: (
        _computed(x.fleet, "problems"),
        _computed(x.empty_fleet, "problems"),
        fsv.FLEET_PROBLEM_COLUMNS,
    ),
    "kit.fleet.chat_coverage.coverage": lambda x: (
        kit.fleet.coverage(x.studio.library, x.chat_folder, chat_options={"character_books": CHARACTER_BOOKS}),
        kit.fleet.coverage({}, []),
        wtc.COVERAGE_COLUMNS,
    ),
    "kit.fleet.chat_coverage.why": lambda x: (
        kit.fleet.why(x.studio.library, x.studio.conversations[:2]),
        kit.fleet.why({}, []),
        wb.WHY_CHATS_SCHEMA,
    ),
    "kit.fleet.chat_coverage.why_summary": lambda x: (
        kit.fleet.why_summary(x.studio.library, x.chat_folder, chat_options={"character_books": CHARACTER_BOOKS}),
        kit.fleet.why_summary({}, []),
        wb.WHY_SUMMARY_SCHEMA,
    ),
    "kit.fleet.grid.evaluate_grid": lambda x: (
        kit.fleet.evaluate_grid({"sample": x.collection}, {"bm25": {}}),
        kit.fleet.evaluate_grid({}, {"bm25": {}}),
        fgr.GRID_COLUMNS,
    ),
    "kit.fleet.grid.evaluate_one": lambda x: (
        kit.fleet.evaluate_one(x.collection, {}),
        kit.fleet.evaluate_one(x.no_queries, {}),
        rf.EVALUATION_COLUMNS,
    ),
    "kit.worldbook.conversations.chats.ChatCorpus.chats": lambda x: (
        x.chats.chats(),
        x.no_chats.chats(),
        wch.CHAT_SCHEMA,
    ),
    "kit.worldbook.conversations.chats.ChatCorpus.problems": lambda x: (
        x.chats.problems(),
        x.no_chats.problems(),
        wch.CHAT_PROBLEM_SCHEMA,
    ),
    # FTB quests
    "kit.ftb.model.QuestBook.chapters": lambda x: (x.quest_book.chapters(), x.empty_book.chapters(), fb.CHAPTER_SCHEMA),
    "kit.ftb.model.QuestBook.quests": lambda x: (x.quest_book.quests(), x.empty_book.quests(), fb.QUEST_SCHEMA),
    "kit.ftb.model.QuestBook.tasks": lambda x: (x.quest_book.tasks(), x.empty_book.tasks(), fb.TASK_SCHEMA),
    "kit.ftb.model.QuestBook.rewards": lambda x: (x.quest_book.rewards(), x.empty_book.rewards(), fb.REWARD_SCHEMA),
    "kit.ftb.model.QuestBook.reward_tables": lambda x: (
        x.quest_book.reward_tables(),
        x.empty_book.reward_tables(),
        fb.REWARD_TABLE_SCHEMA,
    ),
    "kit.ftb.model.QuestBook.quest_links": lambda x: (
        x.quest_book.quest_links(),
        x.empty_book.quest_links(),
        fb.LINK_SCHEMA,
    ),
    "kit.ftb.model.QuestBook.texts": lambda x: (x.quest_book.texts(), x.empty_book.texts(), fb.TEXT_SCHEMA),
    "kit.ftb.model.QuestBook.languages": lambda x: (
        x.quest_book.languages(),
        x.empty_book.languages(),
        fb.LANGUAGE_SCHEMA,
    ),
    "kit.ftb.model.QuestBook.missing_translations": lambda x: (
        x.quest_book.missing_translations("zh_cn"),
        x.empty_book.missing_translations("zh_cn"),
        fb.MISSING_SCHEMA,
    ),
    "kit.ftb.model.QuestBook.problems": lambda x: (
        kit.ftb.read_quest_book(_broken_quests(x.tmp), strict=False).problems(),
        x.quest_book.problems(),
        PROBLEM_COLUMNS,
    ),
    "kit.ftb.guides.guide_quests": lambda x: (
        kit.ftb.guide_quests(x.quest_book),
        kit.ftb.guide_quests(x.empty_book),
        fg.GUIDE_SCHEMA,
    ),
    "kit.ftb.guides.guides_per_chapter": lambda x: (
        kit.ftb.guides_per_chapter(x.quest_book),
        kit.ftb.guides_per_chapter(x.empty_book),
        fg.PER_CHAPTER_SCHEMA,
    ),
    "kit.ftb.ingest.reload": lambda x: (
        kit.ftb.reload(x.save_copy, kit.ftb.read_quest_book(x.save_copy.path)),
        kit.ftb.reload(x.save_copy, kit.ftb.read_quest_book(x.save_copy.path)).iloc[0:0],
        fi.RELOAD_SCHEMA,
    ),
    "kit.ftb.progress.Progress.teams": lambda x: (x.progress.teams(), x.empty_progress.teams(), fp.TEAM_SCHEMA),
    "kit.ftb.progress.Progress.players": lambda x: (x.progress.players(), x.empty_progress.players(), fp.PLAYER_SCHEMA),
    "kit.ftb.progress.Progress.completions": lambda x: (
        x.progress.completions(),
        x.empty_progress.completions(),
        fp.COMPLETION_SCHEMA,
    ),
    "kit.ftb.progress.Progress.problems": lambda x: (
        x.lenient_progress.problems(),
        x.progress.problems(),
        problem_schema(fp.PROGRESS_PROBLEM_EXTRA),
    ),
    "kit.ftb.progress.Progress.check": lambda x: (
        x.progress.check(x.empty_book),
        x.progress.check(x.quest_book),
        problem_schema(fp.PROGRESS_PROBLEM_EXTRA),
    ),
    "kit.ftb.visibility.quest_visibility": lambda x: (
        kit.ftb.quest_visibility(x.quest_book, x.progress, ALEX),
        kit.ftb.quest_visibility(x.empty_book, fp.empty_team("t")),
        fv.VISIBILITY_SCHEMA,
    ),
    "kit.ftb.questions.ask": lambda x: (
        kit.ask(x.save, ALEX, "diamond", language="en_us", quest_book=x.quest_book, progress=x.progress),
        kit.ask(x.save, ALEX, "qqqqzzzz", language="en_us", quest_book=x.quest_book, progress=x.progress),
        sk.ASK_SCHEMA,
    ),
    "kit.ftb.freshness.guide_freshness": lambda x: (
        kit.ftb.guide_freshness(x.save, x.quest_book),
        kit.ftb.guide_freshness(x.empty_save, x.quest_book),
        ffr.GUIDE_FRESHNESS_SCHEMA,
    ),
    "kit.ftb.backgrounds.read_backgrounds": lambda x: (
        kit.ftb.read_backgrounds(x.save),
        kit.ftb.read_backgrounds(x.empty_save),
        fbg.BACKGROUND_SCHEMA,
    ),
    "kit.ftb.backgrounds.background_freshness": lambda x: (
        kit.ftb.background_freshness(x.save, x.quest_book, prompt="p"),
        kit.ftb.background_freshness(x.empty_save, x.empty_book, prompt="p"),
        fbg.BACKGROUND_FRESHNESS_SCHEMA,
    ),
}


def _settled(x: Inputs) -> tuple[pd.DataFrame, pd.DataFrame, dict[str, Any]]:
    """A card book session settled into its book (one blackboard key), then an empty session."""
    store = kit.books.open_store(x.tmp / f"settle-{len(list(x.tmp.glob('settle-*')))}")
    store.create_card_book("t", book_id="cb", at="2026-01-01T00:00:00Z")
    store.open_session("cb", session_id="s1", at="2026-01-01T00:01:00Z")
    store.set_blackboard("s1", "设计.口吻", "冷静", at="2026-01-01T00:02:00Z")
    store.open_session("cb", session_id="s2", at="2026-01-01T00:03:00Z")
    full = store.close_session("s1", at="2026-01-01T00:04:00Z")
    return full, store.close_session("s2", at="2026-01-01T00:05:00Z"), bs.SETTLE_SCHEMA


# kit.books: BookStore's methods are the functions of its modules (the same frames).
CASES["kit.books.store.BookStore.close_session"] = CASES["kit.books.sessions.close_session"] = _settled
CASES.update({
    f"kit.books.{'checks' if method == 'problems' else 'reports'}.{function}": CASES[f"kit.books.store.BookStore.{method}"]
    for function, method in [("books_frame", "books"), *[(m, m) for m in (
        "assets", "sessions", "traces", "timeline", "snapshots", "messages", "artifacts", "contents", "world_entries",
        "play_books_for", "problems")]]
})  # fmt: skip


def _sampler(packs: kit.items.PackSet) -> ls.LootSampler:
    tables = {t: packs.loot_table(t) for t in packs.loot_tables()["loot_table_id"]}
    return ls.LootSampler(tables, packs.tag_items, kit.items.LootContext(), seed=0)


def _broken_quests(tmp: Path) -> Path:
    quests = tmp / "broken_quests"
    if not quests.exists():
        shutil.copytree(SAVE / "config" / "ftbquests" / "quests", quests)
        (quests / "chapters" / "cartographer.snbt").write_text("{ oops", encoding="utf-8")
    return quests


#: Frame functions with no fixed schema, and why.
EXEMPT = {
    "kit.items.doctor_report.DoctorReport.summary": "one row per problem kind whatever the input (tests/items/test_doctor_report.py)",
    "kit.core.frames.frame": "the builder itself (its schema is its argument)",
    "kit.core.frames.concat_arrays": "the builder of a frame in parts (its schema is its argument; tests/core/test_frames.py)",
    "kit.core.problems.problems_frame": "the problems builder (checked through every problems() case)",
    "kit.modules.problems.problems_frame": "kit.modules' problems builder (checked through ModuleInventory.problems)",
    "kit.modules.columns.catalogs_frame": "builder of ModuleInventory.catalogs (checked through it)",
    "kit.modules.columns.systems_frame": "builder of ModuleInventory.systems (checked through it)",
    "kit.retrieval.evaluation.summarize": "wide: one column per metric in the results",
    "kit.worldbook.analysis.trigger_coverage.activation_matrix": "wide: one column per turn",
    "kit.widgets.search_explorer.SearchExplorer.search": "a widget action returning AgentDatabase.search's frame",
    "kit.ftb.questions.ask_with_visibility": "deprecated alias of kit.ask (same frame: tests/ftb/test_questions.py)",
}
#: Deprecated aliases -> the method they return (kept for one release).
ALIASES = {
    "kit.ftb.model.QuestBook.errors": "kit.ftb.model.QuestBook.problems",
    "kit.ftb.progress.Progress.errors": "kit.ftb.progress.Progress.problems",
    "kit.worldbook.book.io.WorldBookLibrary.errors": "kit.worldbook.book.io.WorldBookLibrary.problems",
    "kit.items.packset.PackSet.errors": "kit.items.packset.PackSet.problems",
}
#: Frames with exactly one row whatever the input (a summary), checked on the sample only.
ONE_ROW = {"kit.retrieval.index.ParagraphIndex.stats"}


def _returns_frame(function: Any) -> bool:
    annotation = getattr(function, "__annotations__", {}).get("return")
    if isinstance(annotation, str) and re.search(r"(^|\.)DataFrame$", annotation.strip()):
        return True
    returns = re.search(r"Returns\n\s*-+\n(.*?)(\n\n|\Z)", inspect.getdoc(function) or "", re.S)
    return bool(returns and re.match(r"\s*(pandas\.)?DataFrame\b", returns.group(1)))


def frame_functions() -> set[str]:
    """Qualified names of kit's public DataFrame-returning functions, methods and properties."""
    names = ["kit"] + [
        m.name for m in pkgutil.walk_packages([str(KIT)], prefix="kit.") if not m.name.endswith("__main__")
    ]
    found = set()
    for name in names:
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if attr.startswith("_") or getattr(value, "__module__", None) != name:
                continue
            if inspect.isfunction(value) and _returns_frame(value):
                found.add(f"{name}.{attr}")
            elif inspect.isclass(value):
                for method, member in vars(value).items():
                    function = member.fget if isinstance(member, property) else member
                    if not method.startswith("_") and inspect.isfunction(function) and _returns_frame(function):
                        found.add(f"{name}.{attr}.{method}")
    return found


def test_every_frame_function_has_a_case() -> None:
    found = frame_functions()
    assert len(found) > 60
    covered = set(CASES) | set(EXEMPT) | set(ALIASES)
    assert found - covered == set(), "DataFrame-returning functions without a schema case here"
    assert (set(CASES) | set(EXEMPT)) - found == set(), "cases naming functions that no longer return a DataFrame"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Iterator[Inputs]:
    """The inputs; fleet frames computed in this process (the columns, not the scheduling, are checked here)."""
    with dask.config.set(scheduler="synchronous"):
        yield Inputs(tmp_path_factory.mktemp("frames"))


def _check(frame: pd.DataFrame, schema: dict[str, Any], what: str) -> None:
    assert list(frame.columns) == list(schema), what
    for column, dtype in schema.items():
        assert frame[column].dtype == pandas_dtype(dtype), (what, column, frame[column].dtype, dtype)


@pytest.mark.parametrize("name", sorted(CASES))
def test_columns_and_dtypes_match_the_schema_also_when_empty(name: str, inputs: Inputs) -> None:
    full, empty, schema = CASES[name](inputs)
    check_schema(schema)
    _check(full, schema, f"{name} on the sample")
    if name in ONE_ROW:
        assert len(full) == 1
        return
    assert len(full) > 0, f"{name}: the sample case returned no rows"
    assert len(empty) == 0, f"{name}: the empty case returned rows"
    _check(empty, schema, f"{name} on empty input")


@pytest.mark.parametrize("alias, target", sorted(ALIASES.items()))
def test_deprecated_aliases_return_the_same_frame(alias: str, target: str, inputs: Inputs) -> None:
    full, empty, _ = CASES[target](inputs)
    owner = {
        "QuestBook": inputs.quest_book,
        "Progress": inputs.progress,
        "WorldBookLibrary": inputs.lenient_library,
        "PackSet": inputs.broken_packs,
    }[alias.split(".")[-2]]
    old = owner.errors
    old = old() if callable(old) else old
    pd.testing.assert_frame_equal(old, owner.problems())


def test_every_problems_frame_starts_with_the_shared_columns(inputs: Inputs) -> None:
    for name in [n for n in CASES if n.endswith(".problems") or n.endswith(".check") or n.endswith("issues_frame")]:
        full, empty, _ = CASES[name](inputs)
        for frame in (full, empty):
            assert list(frame.columns[:6]) == list(PROBLEM_COLUMNS), name
            assert frame["severity"].dtype == pandas_dtype(PROBLEM_COLUMNS["severity"])
