"""Item icons (kit.items.icons): models, item definitions, texture variables and the bounds on what is read."""

from __future__ import annotations

import json

import kit.items
from kit.items.icons import MAX_ICON_BYTES, find_icon
from kit.samples.server import png_icon
from tests.items.items_inputs import write_pack


def test_item_icons_from_models_and_textures(tmp_path):
    red, blue, green = png_icon((255, 0, 0)), png_icon((0, 0, 255)), png_icon((0, 255, 0))
    files = {
        "assets/m/models/item/dust.json": {"parent": "item/generated", "textures": {"layer0": "m:item/dust_base"}},
        "assets/m/models/item/block_thing.json": {"parent": "m:block/block_thing"},
        "assets/m/models/block/block_thing.json": {"parent": "block/cube_all", "textures": {"all": "m:block/thing"}},
        "assets/m/items/new_style.json": {"model": {"type": "minecraft:model", "model": "m:item/dust"}},
        "assets/m/textures/item/not_png.png": "plain text",
    }
    root = write_pack(tmp_path / "p", files)
    (root / "assets/m/textures/item").mkdir(parents=True, exist_ok=True)
    (root / "assets/m/textures/block").mkdir(parents=True, exist_ok=True)
    (root / "assets/m/textures/item/dust_base.png").write_bytes(red)
    (root / "assets/m/textures/item/plain.png").write_bytes(blue)
    (root / "assets/m/textures/block/thing.png").write_bytes(green)
    packs = kit.items.load_datapacks(root)
    assert packs.item_icon("m:dust") == red  # the model's layer0
    assert packs.item_icon("m:new_style") == red  # a 1.21.4 item definition pointing at the model
    assert packs.item_icon("m:plain") == blue  # textures/item/<name>.png
    assert packs.item_icon("m:block_thing") == green  # a block item through its block model
    assert packs.item_icon("m:not_png") is None and packs.item_icon("m:missing") is None
    assert kit.items.item_icon(packs, "m:dust") == red


def test_find_icon_follows_texture_variables_and_stops_on_parent_cycles():
    red = png_icon((255, 0, 0))
    store = {
        "assets/m/models/item/a.json": json.dumps({"parent": "m:item/b", "textures": {"layer0": "#base"}}).encode(),
        "assets/m/models/item/b.json": json.dumps({"parent": "m:item/a", "textures": {"base": "m:item/red"}}).encode(),
        "assets/m/textures/item/red.png": red,
    }
    assert find_icon("m:a", store.get) == red
    store["assets/m/models/item/b.json"] = json.dumps({"parent": "m:item/a"}).encode()
    assert find_icon("m:a", store.get) is None


def test_find_icon_falls_back_to_item_then_block_textures_and_reads_vanilla_ids_without_namespace():
    red, green = png_icon((255, 0, 0)), png_icon((0, 255, 0))
    store = {"assets/minecraft/textures/block/stone.png": green, "assets/m/textures/item/stone.png": red}
    assert find_icon("stone", store.get) == green  # no namespace: minecraft
    assert find_icon("m:stone", store.get) == red  # textures/item before textures/block
    assert find_icon("m:nothing", store.get) is None


def test_find_icon_refuses_what_is_not_a_small_png_and_bad_model_json():
    red = png_icon((255, 0, 0))
    store = {
        "assets/m/textures/item/big.png": red + b"\0" * MAX_ICON_BYTES,
        "assets/m/textures/item/fake.png": b"GIF89a",
        "assets/m/models/item/broken.json": b"{not json",
        "assets/m/textures/item/broken.png": red,
        "assets/m/models/item/deep.json": ("[" * 10_000 + "]" * 10_000).encode(),
    }
    assert find_icon("m:big", store.get) is None and find_icon("m:fake", store.get) is None
    assert find_icon("m:broken", store.get) == red  # an unreadable model: the plain texture still counts
    assert find_icon("m:deep", store.get) is None  # a deep JSON model is refused, never a RecursionError


def test_an_item_definition_without_a_model_falls_back_to_the_item_model():
    red = png_icon((255, 0, 0))
    store = {
        "assets/m/items/x.json": json.dumps({"model": {"type": "minecraft:special"}}).encode(),
        "assets/m/models/item/x.json": json.dumps({"textures": {"layer0": "m:item/red"}}).encode(),
        "assets/m/textures/item/red.png": red,
    }
    assert find_icon("m:x", store.get) == red
