"""Database files the server writes: the two codec-less layouts, read and written back as they were found.

Every file here is built by hand with nbtlib (an independent NBT writer), never with kit's database writer.
"""

from __future__ import annotations

from pathlib import Path

import nbtlib
import pytest
from nbtlib import Compound, Int, List, String

import kit
from tests.saves.saves_inputs import PLAYER


def _doc(doc_id: str, title: str, text: str) -> Compound:
    return Compound({"id": String(doc_id), "title": String(title), "text": String(text), "tags": List[String]([])})


def _knowledge() -> Compound:
    return Compound(
        {
            "en_us": List[Compound](
                [
                    _doc("diamonds", "Diamonds", "Diamonds are found deep underground near Y=-58."),
                    _doc("farming", "Farming", "Wheat grows on farmland next to water."),
                ]
            ),
            "zh_cn": List[Compound]([_doc("diamonds", "钻石", "钻石在地下深处，Y=-58 附近最多。")]),
        }
    )


def _write(path: Path, root: Compound) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbtlib.File(root, root_name="").save(path, gzipped=True)
    return path


def _read(path: Path) -> Compound:
    return nbtlib.load(path, gzipped=True)


LAYOUTS = {
    "flat": lambda tables: Compound({"DataVersion": Int(3465), **tables}),
    "tables": lambda tables: Compound({"DataVersion": Int(3465), "tables": Compound(tables)}),
}


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_server_layout_is_read_searched_and_summarised(tmp_path: Path, layout: str) -> None:
    tables = {"system:knowledge": _knowledge(), "example:notes": Compound({"home": String("Iron at Y=16")})}
    _write(tmp_path / "system" / "database" / "shared.dat", LAYOUTS[layout](tables))
    with kit.open_save(tmp_path) as save:
        db = save.databases.shared()
        found = db.search("system:knowledge", "en_us", "where are diamonds")
        assert found["doc_id"].iloc[0] == "diamonds"
        assert db.documents("system:knowledge")["zh_cn"][0].title == "钻石"
        assert save.summary()["layout"].tolist() == [layout]
        table_rows = db.tables().set_index("table_id")
        assert table_rows.loc["system:knowledge", "codec"] == ""  # the file stores none
        assert bool(table_rows.loc["system:knowledge", "is_documents"]) is True  # a table kit knows
        assert table_rows.loc["system:knowledge", "n_documents"] == 3
        assert db.raw_frame("example:notes").to_dict("records") == [{"key": "home", "value": "Iron at Y=16"}]
        assert save.problems().empty


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_file_is_written_back_in_its_layout_and_keeps_what_kit_cannot_decode(tmp_path: Path, layout: str) -> None:
    knowledge = _knowledge()
    knowledge["fr_fr"] = String("not a list of documents")  # no known codec decodes this
    path = _write(tmp_path / "system" / "database" / "shared.dat", LAYOUTS[layout]({"system:knowledge": knowledge}))
    with kit.open_save(tmp_path) as save:
        db = save.databases.shared()
        assert sorted(db.documents(kit.KNOWLEDGE)) == ["en_us", "zh_cn"]
        problems = save.problems()
        assert problems[["severity", "kind", "object_id", "field"]].astype(str).values.tolist() == [
            ["warning", "undecodable_value", "system:knowledge", "fr_fr"]
        ]
        assert "kept in the file" in problems["message"].iloc[0]
        raw = db.raw_frame("system:knowledge").set_index("key")["value"]
        assert raw["fr_fr"] == "not a list of documents"
        db.put(kit.KNOWLEDGE, "ja_jp", [kit.Document("d", "ダイヤ", "ダイヤモンド")])
    root = _read(path)
    assert "format_version" not in root and int(root["DataVersion"]) == 3465
    tables = root["tables"] if layout == "tables" else root
    if layout == "flat":
        assert "tables" not in root
    stored = tables["system:knowledge"]
    assert "codec" not in stored and "entries" not in stored
    assert str(stored["fr_fr"]) == "not a list of documents"  # written back raw, never dropped
    assert sorted(stored) == ["en_us", "fr_fr", "ja_jp", "zh_cn"]
    assert str(stored["ja_jp"][0]["title"]) == "ダイヤ"
    with kit.open_save(tmp_path) as save:
        assert save.summary()["layout"].tolist() == [layout]


def test_the_kit_layout_still_requires_its_codec_beside_every_table(tmp_path: Path) -> None:
    wrapped = Compound({"codec": String(kit.KNOWLEDGE.codec.signature), "entries": _knowledge()})
    root = Compound(
        {
            "format_version": Int(1),
            "tables": Compound({"system:knowledge": wrapped, "example:notes": Compound({"a": String("x")})}),
        }
    )
    _write(tmp_path / "system" / "database" / "shared.dat", root)
    with kit.open_save(tmp_path) as save, pytest.raises(kit.StorageError, match="'example:notes'.*'codec' String"):
        save.databases.shared().tables()


def test_a_new_kit_file_is_written_in_the_kit_layout(tmp_path: Path) -> None:
    with kit.open_save(tmp_path) as save:
        save.databases.shared().put(kit.KNOWLEDGE, "en_us", [kit.Document("d", "T", "text")])
    root = _read(tmp_path / "system" / "database" / "shared.dat")
    assert int(root["format_version"]) == 1
    assert str(root["tables"]["system:knowledge"]["codec"]) == kit.KNOWLEDGE.codec.signature


# --------------------------------------------------------------------------- files beside the databases


def test_lock_files_beside_the_databases_are_never_counted(tmp_path: Path) -> None:
    with kit.open_save(tmp_path) as save:
        save.databases.player(PLAYER).put(kit.KNOWLEDGE, "en_us", [kit.Document("d", "T", "text")])
        save.databases.shared().put(kit.KNOWLEDGE, "en_us", [kit.Document("d", "T", "text")])
    folder = tmp_path / "system" / "database"
    assert (folder / "shared.dat.lock").is_file() and (folder / "players" / f"{PLAYER}.dat.lock").is_file()
    (folder / "players" / "0f0e0d0c-0b0a-4998-8776-655443322110.lock").write_text("1")  # a stray lock alone
    with kit.open_save(tmp_path) as save:
        summary = save.summary()
        assert summary["scope"].tolist() == ["shared", "player"]
        assert summary["player_uuid"].tolist() == ["", PLAYER]
        assert save.problems().empty
