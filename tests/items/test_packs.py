"""Loading data packs (kit.items.packs): vanilla sets, old and new layouts, overrides, tag merges, unreadable files.

Opening folders, zips and jars is tested in test_pack_sources.py, tags in test_tags.py, recipe syntaxes in
test_recipes.py, the frames' columns in test_pack_tables.py."""

from __future__ import annotations

import codecs

import pytest

import kit.items
from tests.items.items_inputs import vanilla, write_pack


@pytest.fixture(scope="module")
def v1213():
    return kit.items.load_datapacks(vanilla("1.21.3"))


def test_vanilla_1213_counts_and_no_errors(v1213):
    assert len(v1213.recipes()) == 1337
    assert len(v1213.loot_tables()) == 1227
    assert v1213.tags().tag_id.nunique() == 170
    assert len(v1213.problems()) == 0
    kinds = v1213.recipes().kind.value_counts()
    assert kinds["shaped"] == 635 and kinds["special"] == 12 and kinds["transmute"] == 32
    assert "unknown" not in kinds


def test_feature_packs_listed_but_applied_only_when_asked(v1213):
    assert v1213.features == ("minecart_improvements", "redstone_experiments", "trade_rebalance", "winter_drop")
    assert not v1213.packs().set_index("pack").loc["1.21.3[winter_drop]", "is_applied"]
    assert "minecraft:pale_oak_planks" not in set(v1213.recipes().result_item_id)
    with_drop = kit.items.load_datapacks(vanilla("1.21.3"), features=["winter_drop"])
    assert "minecraft:pale_oak_planks" in set(with_drop.recipes().result_item_id)
    assert with_drop.loot_table("minecraft:blocks/pale_oak_log").pack == "1.21.3[winter_drop]"
    assert v1213.loot_table("minecraft:blocks/pale_oak_log").pack == "1.21.3"
    assert with_drop.packs().set_index("pack").loc["1.21.3[winter_drop]", "is_applied"]
    with pytest.raises(kit.items.UnknownFeatureError, match="nonexistent.*available: minecart_improvements"):
        kit.items.load_datapacks(vanilla("1.21.3"), features=["nonexistent"])


def test_old_ingredient_syntax_1211():
    packs = kit.items.load_datapacks(vanilla("1.21.1"))
    assert len(packs.problems()) == 0
    assert len(packs.recipes()) == 1290
    bread = packs.recipe("minecraft:bread")
    assert bread.inputs == (("minecraft:wheat",),) * 3 and bread.width == 3
    assert packs.recipe("minecraft:torch").inputs == (("minecraft:coal", "minecraft:charcoal"), ("minecraft:stick",))
    assert packs.recipe("minecraft:chest").inputs[0] == ("#minecraft:planks",)
    assert len(packs.item_sources("minecraft:chest", "recipe").sources[0].inputs[0].items) == 8


def test_plural_folders_and_old_results_1181():
    packs = kit.items.load_datapacks(vanilla("1.18.1"))
    assert len(packs.problems()) == 0
    recipes = packs.recipes()
    assert len(recipes) == 1058 and set(recipes.folder) == {"recipes"}
    assert len(packs.loot_tables()) == 987 and set(packs.loot_tables().folder) == {"loot_tables"}
    assert packs.tags().tag_id.nunique() == 71
    potato = packs.recipe("minecraft:baked_potato")
    assert potato.result.item_id == "minecraft:baked_potato" and potato.inputs == (("minecraft:potato",),)
    assert "smithing" in set(recipes.kind)
    assert packs.item_sources("minecraft:netherite_sword", "recipe").sources[0].type == "minecraft:smithing"


def test_priority_override_and_tag_merge(tmp_path):
    low = write_pack(
        tmp_path / "low",
        {
            "data/t/recipe/r.json": {"type": "crafting_shapeless", "ingredients": ["t:a"], "result": {"id": "t:low"}},
            "data/t/tags/item/m.json": {"values": ["t:a", "t:b"]},
            "data/t/tags/item/n.json": {"values": ["t:a"]},
        },
    )
    high = write_pack(
        tmp_path / "high",
        {
            "data/t/recipe/r.json": {"type": "crafting_shapeless", "ingredients": ["t:a"], "result": {"id": "t:high"}},
            "data/t/tags/item/m.json": {"values": ["t:c"]},
            "data/t/tags/item/n.json": {"replace": True, "values": ["t:z"]},
        },
    )
    packs = kit.items.load_datapacks([low, high])
    assert packs.recipe("t:r").result.item_id == "t:high"
    assert packs.recipe("t:r").pack == "high"
    assert packs.tag_items("t:m") == ("t:a", "t:b", "t:c")
    assert packs.tag_items("#t:n") == ("t:z",)
    assert kit.items.load_datapacks([high, low]).recipe("t:r").result.item_id == "t:low"


def test_unreadable_files_become_error_rows_or_raise_when_strict(tmp_path):
    root = write_pack(
        tmp_path / "p",
        {
            "data/t/recipe/bad_json.json": "{not json",
            "data/t/recipe/no_type.json": {"ingredients": []},
            "data/t/recipe/bad_key.json": {
                "type": "crafting_shaped",
                "pattern": ["#X"],
                "key": {"#": "t:a"},
                "result": {"id": "t:b"},
            },
            "data/t/recipe/good.json": {
                "type": "crafting_shaped",
                "pattern": ["# ", " #"],
                "key": {"#": "t:a"},
                "result": {"id": "t:b", "count": 2},
            },
            "data/t/loot_table/bad.json": {"pools": [{"rolls": 1, "entries": [{"name": "t:a"}]}]},
            "assets/t/lang/en_us.json": "[1, 2]",
        },
    )
    packs = kit.items.load_datapacks(root, strict=False)
    errors = packs.problems()
    assert list(errors.columns) == ["severity", "kind", "object_id", "field", "message", "path", "pack"]
    by_id = errors.set_index("object_id")
    assert "invalid JSON" in by_id.loc["t:bad_json", "message"]
    assert "field 'type'" in by_id.loc["t:no_type", "message"]
    assert "symbol 'X'" in by_id.loc["t:bad_key", "message"]
    assert "pools[0].entries[0].type" in by_id.loc["t:bad", "message"]
    assert by_id.loc["t:bad", "path"] == "data/t/loot_table/bad.json" and by_id.loc["t:bad", "pack"] == "p"
    assert set(errors.kind) == {"unreadable_recipe", "unreadable_loot_table", "unreadable_lang"}
    assert set(errors.severity) == {"error"}
    assert list(packs.recipes().recipe_id) == ["t:good"]
    good = packs.recipe("t:good")
    assert good.width == 2 and good.inputs == (("t:a",), (), (), ("t:a",))
    with pytest.raises(
        kit.items.DatapackReadError, match=r"p: assets/t/lang/en_us.json \(t:en_us\): invalid language file"
    ):
        kit.items.load_datapacks(root, strict=True)


_JSON_TEXTS = [
    '{"a": [1, 2.5, "x", null, true]}',
    '{"a": 1}\n',
    '  {"a": 1}',
    '{"a": 1} \t\r\n ',
    '{"a": 1} x',
    '{"a": 1}\x0c',
    '{"a": 1}\u3000',
    "[1, 2,]",
    '{"a" 1}',
    '{"a": "\\ud800"}',
    '{"a": "unterminated',
    "",
    "   ",
    "NaN",
    "-Infinity",
    "12",
    '"just a string"',
    "nul",
    "\ufeff{}",
    "[" * 256 + "]" * 256,
    "[" * 257 + "]" * 257,
    "[" * 300,
    '{"a": "[[[[{{{{"}',
    '{"a": ' + "1" * 5000 + "}",
]


@pytest.mark.parametrize("text", _JSON_TEXTS, ids=range(len(_JSON_TEXTS)))
def test_decode_pack_json_returns_and_raises_what_decode_json_does(text):
    """The shortcut for small files gives the value or the error of the whole way: the UTF-8 text of the file
    (a byte order mark dropped) through decode_json."""
    from kit.core.json_files import decode_json
    from kit.items.packs import MAX_JSON_CONTAINERS, decode_pack_json

    def whole_way(raw):
        try:
            decoded = raw.decode("utf-8") if raw[:3] != codecs.BOM_UTF8 else raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            decoded = raw.decode("utf-8-sig")
        return decode_json(decoded, max_containers=MAX_JSON_CONTAINERS)

    def outcome(parse, value):
        try:
            return ("value", repr(parse(value)))
        except Exception as exc:  # noqa: BLE001 - the outcome compared is the exception
            return ("error", type(exc), str(exc))

    for raw in (text.encode("utf-8", "surrogatepass"), codecs.BOM_UTF8 + text.encode("utf-8", "surrogatepass")):
        assert outcome(decode_pack_json, raw) == outcome(whole_way, raw)


def test_language_files_are_read_at_load_and_decoded_on_first_use(tmp_path):
    """Lenient loading reads the language files but decodes them when names, problems or the repr first need them:
    the results and the rows are those of decoding them while loading, and removing the files afterwards changes
    nothing."""
    import shutil

    files = {
        "data/t/recipe/r.json": {"type": "minecraft:smelting", "ingredient": "t:ore", "result": {"id": "t:gem"}},
        "data/t/recipe/bad.json": "{not json",
        "assets/t/lang/en_us.json": {"item.t.gem": "Gem", "block.t.ore": "Ore", "not.text": 5},
        "assets/t/lang/zh_cn.json": "[1, 2]",
        "assets/u/lang/en_us.json": {"item.u.dust": "Dust", "item.t.gem": "Jewel"},
    }
    root = write_pack(tmp_path / "p", files)
    packs = kit.items.load_datapacks(root)
    shutil.rmtree(root)
    assert packs._problems == [
        ("error", "unreadable_recipe", "t:bad", "", packs._problems[0][4], "data/t/recipe/bad.json", "p")
    ]
    assert "1 errors>" not in repr(packs) and "2 errors>" in repr(packs)  # the repr decodes them: two errors
    assert [row[1] for row in packs._problems] == ["unreadable_lang", "unreadable_recipe"]  # in loading order
    assert packs.display_names("en_us") == {"t:gem": "Jewel", "t:ore": "Ore", "u:dust": "Dust"}
    assert packs.languages == ("en_us",)
    eager = kit.items.load_datapacks(write_pack(tmp_path / "q", files))
    assert list(eager.problems().kind) == list(packs.problems().kind) == ["unreadable_lang", "unreadable_recipe"]
    assert repr(eager).replace("q", "p") == repr(packs)


def test_item_exists_conditions_see_the_language_files(tmp_path):
    cond = {"neoforge:conditions": [{"type": "neoforge:item_exists", "item": "t:gem"}]}
    root = write_pack(
        tmp_path / "p",
        {
            "data/t/recipe/r.json": {"type": "minecraft:smelting", "ingredient": "t:ore", "result": "t:x", **cond},
            "assets/t/lang/en_us.json": {"item.t.gem": "Gem"},
            "assets/t/lang/zh_cn.json": "oops",
        },
    )
    packs = kit.items.load_datapacks(root, mods=["t"])
    assert list(packs.recipes().recipe_id) == ["t:r"] and packs.recipe("t:r").conditions_met is True
    assert list(packs.problems().kind) == ["unreadable_lang"]


def test_pending_language_files_are_decoded_once_whichever_thread_asks(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    names = {f"item.t.i{k}": f"Item {k}" for k in range(5000)}
    root = write_pack(tmp_path / "p", {"assets/t/lang/en_us.json": names, "assets/t/lang/zh_cn.json": "[]"})
    packs = kit.items.load_datapacks(root)
    with ThreadPoolExecutor(4) as pool:
        seen = list(pool.map(lambda _i: len(packs.display_names("en_us")), range(8)))
    assert seen == [5000] * 8 and list(packs.problems().kind) == ["unreadable_lang"]
