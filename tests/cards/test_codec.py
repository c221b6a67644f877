from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import pytest

from kit.books import CardError, open_store, placeholder_avatar, read_card, write_card
from kit.core.errors import KitError
from kit.core.png import read_text_chunks, write_text_chunks
from kit.worldbook import from_card
from tests.data_folder import SHARED_DATA

REPO = Path(__file__).resolve().parents[2]

CARDS = SHARED_DATA / "worldbooks"
V2 = CARDS / "st_Seraphina.card_v2.json"
V3 = CARDS / "st_Seraphina.card_v3.json"


def _b64(value) -> str:
    return base64.b64encode(json.dumps(value).encode()).decode()


def _png_with(texts: dict[str, str]) -> bytes:
    return write_text_chunks(placeholder_avatar("x", size=16), texts)


def test_read_real_v2_and_v3():
    v2, v3 = read_card(V2), read_card(V3)
    assert (v2.spec, v3.spec) == ("v2", "v3")
    assert v2.name == v3.name == "Seraphina"
    assert v2.get("creator") == "OtisAlejandro"
    assert v2.character_book["name"] == "Eldoria" and len(v2.character_book["entries"]) == 4
    assert v2.data["extensions"]["depth_prompt"]["role"] == "system"


@pytest.mark.parametrize("source,spec", [(V2, "v2"), (V3, "v3")])
def test_json_round_trip_is_byte_identical(tmp_path, source, spec):
    out = write_card(read_card(source), tmp_path / "card.json", spec=spec)
    assert out.read_bytes() == source.read_bytes()


def test_v2_to_v3_changes_only_spec():
    assert read_card(V2).to_dict("v3") == json.loads(V3.read_text())
    assert read_card(V3).to_dict("v2") == json.loads(V2.read_text())


def test_png_writes_both_chunks_and_reads_back(tmp_path):
    from PIL import Image  # independent PNG reader

    card = read_card(V2)
    path = write_card(card, tmp_path / "seraphina.png")
    with Image.open(path) as image:
        image.load()
        assert image.size == (96, 96)
        chara = json.loads(base64.b64decode(image.text["chara"]))
        ccv3 = json.loads(base64.b64decode(image.text["ccv3"]))
    assert chara == json.loads(V2.read_text())
    assert ccv3 == json.loads(V3.read_text())
    back = read_card(path)
    assert back.spec == "v3" and back.to_dict("v2") == json.loads(V2.read_text())
    assert back.avatar == path.read_bytes()


def test_png_rewrite_keeps_picture_and_replaces_chunks(tmp_path):
    from PIL import Image

    picture = io.BytesIO()
    Image.new("RGB", (8, 6), (200, 30, 30)).save(picture, format="PNG")
    first = write_card(read_card(V2), tmp_path / "a.png", avatar=picture.getvalue())
    renamed = read_card(first).replace(name="Sera")
    second = write_card(renamed, tmp_path / "b.png")
    keywords = [k for k, _ in read_text_chunks(second.read_bytes())]
    assert sorted(keywords) == ["ccv3", "chara"]
    with Image.open(second) as image:
        assert image.size == (8, 6) and image.getpixel((0, 0)) == (200, 30, 30)
    assert read_card(second).name == "Sera"


def test_reading_prefers_ccv3(tmp_path):
    v2 = json.loads(V2.read_text())
    v3 = {**json.loads(V3.read_text()), "data": {**json.loads(V3.read_text())["data"], "name": "Seraphina V3"}}
    path = tmp_path / "both.png"
    path.write_bytes(_png_with({"chara": _b64(v2), "ccv3": _b64(v3)}))
    assert read_card(path).name == "Seraphina V3"
    path.write_bytes(_png_with({"chara": _b64(v2)}))
    assert read_card(path).spec == "v2"


def test_v1_card(tmp_path):
    v1 = {"name": "Old Tom", "description": "a ferryman", "personality": "quiet", "scenario": "", "first_mes": "Hm.",
          "mes_example": "", "creatorcomment": "v1 era", "talkativeness": "0.4", "custom_field": [1, 2]}  # fmt: skip
    path = tmp_path / "tom.json"
    path.write_text(json.dumps(v1))
    card = read_card(path)
    assert card.spec == "v1" and card.name == "Old Tom"
    out = card.to_dict("v2")
    assert out["spec"] == "chara_card_v2" and out["data"]["creator_notes"] == "v1 era"
    assert out["data"]["extensions"] == {"talkativeness": "0.4"}
    assert out["custom_field"] == [1, 2] and out["name"] == "Old Tom"


@pytest.mark.parametrize(
    "content,match",
    [
        (b'{"spec": "chara_card_v2", "data": {"name": ', r"bad\.json: malformed JSON at line 1 column"),
        (b'{"spec": "chara_card_v2", "data": {"description": "x"}}', r"bad\.json: field 'data\.name' is missing"),
        (b'{"spec": "chara_card_v2"}', r"bad\.json: field 'data' is missing"),
        (b'{"spec": "chara_card_v9", "data": {"name": "x"}}', r"field 'spec' must be 'chara_card_v2' or 'chara_card_v3'"),
        (b'{"spec": "chara_card_v2", "data": {"name": "x", "tags": "a,b"}}', r"field 'data\.tags' must be a JSON array"),
        (b'{"spec": "chara_card_v2", "data": {"name": "x", "character_book": {"name": "b"}}}',
         r"field 'data\.character_book\.entries' must be a JSON array"),
        (b'{"spec": "chara_card_v2", "data": {"name": "x", "character_book": {"entries": [{"keys": ["k"]}]}}}',
         r"field 'data\.character_book\.entries\[0\]\.content' is missing"),
        (b'{"description": "no name"}', r"field 'name' is missing"),
        (b"\xff\xfe junk", r"neither a PNG nor UTF-8 JSON"),
    ],
)  # fmt: skip
def test_bad_json_cards(tmp_path, content, match):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(CardError, match=match) as info:
        read_card(path)
    assert isinstance(info.value, KitError) and isinstance(info.value, ValueError)


def test_png_without_card_chunks(tmp_path):
    path = tmp_path / "plain.png"
    path.write_bytes(_png_with({"Software": "paint"}))
    with pytest.raises(CardError, match=r"plain\.png: this PNG holds no character card.*found: software"):
        read_card(path)


def test_png_bad_base64_and_bad_json(tmp_path):
    path = tmp_path / "broken.png"
    path.write_bytes(_png_with({"chara": "not*base64!"}))
    with pytest.raises(CardError, match=r"broken\.png: tEXt chunk 'chara': the base64 text does not decode"):
        read_card(path)
    path.write_bytes(_png_with({"ccv3": base64.b64encode(b"{oops").decode()}))
    with pytest.raises(CardError, match=r"tEXt chunk 'ccv3': malformed JSON at line 1"):
        read_card(path)


def test_truncated_png(tmp_path):
    path = tmp_path / "cut.png"
    path.write_bytes(write_card(read_card(V2), tmp_path / "ok.png").read_bytes()[:-30])
    with pytest.raises(CardError, match=r"cut\.png: PNG"):
        read_card(path)


def test_unknown_suffix_and_spec(tmp_path):
    card = read_card(V2)
    with pytest.raises(CardError, match="use .json or .png"):
        write_card(card, tmp_path / "card.txt")
    with pytest.raises(CardError, match="must be 'v2' or 'v3'. Got 'v4'"):
        write_card(card, tmp_path / "card.json", spec="v4")
    assert not list(tmp_path.iterdir())


def test_placeholder_is_deterministic():
    assert placeholder_avatar("林遥") == placeholder_avatar("林遥")
    assert placeholder_avatar("林遥") != placeholder_avatar("Seraphina")


def test_card_world_book_uses_kit_worldbook():
    book = from_card(read_card(V2), book_id="eldoria")
    assert book.name == "Eldoria" and len(book) == 4
    assert {e.comment for e in book} == {"eldoria", "shadowfang", "glade", "power"}


def test_store_import_export_round_trip(tmp_path):
    store = open_store(tmp_path / "studio", clock=lambda: "2026-01-01T00:00:00Z")
    asset = store.import_card(V2)
    assert (asset.id, asset.source, asset.world_ref, asset.source_file) == (
        "st_Seraphina", "imported", "st_Seraphina-world", "st_Seraphina.card_v2.json")  # fmt: skip
    stored = json.loads((store.root / "assets/cards/st_Seraphina.json").read_text())
    assert stored["card"]["data"]["character_book"] == {"$worldRef": "st_Seraphina-world"}
    world = json.loads((store.root / "assets/worlds/st_Seraphina-world.json").read_text())
    assert world["characterBook"] == json.loads(V2.read_text())["data"]["character_book"]
    out = store.export_card("st_Seraphina", tmp_path / "out.json")
    assert out.read_bytes() == V2.read_bytes()
    assert store.export_card("st_Seraphina", tmp_path / "out3.json", spec="v3").read_bytes() == V3.read_bytes()
    entries = store.world_entries("st_Seraphina")
    assert entries["comment"].tolist() == ["eldoria", "shadowfang", "glade", "power"]
    assert entries["position_label"].str.contains("before character definition").all()
    assert store.world_book("st_Seraphina-world").name == "Eldoria"


def test_store_png_import_keeps_avatar_and_unknown_extensions(tmp_path):
    from PIL import Image

    raw = json.loads(V3.read_text())
    raw["data"]["extensions"]["studio_x"] = {"mood_palette": ["amber", "moss"], "n": 3}
    raw["top_level_unknown"] = True
    picture = io.BytesIO()
    Image.new("RGB", (12, 12), (10, 120, 60)).save(picture, format="PNG")
    src = tmp_path / "sera.png"
    src.write_bytes(write_text_chunks(picture.getvalue(), {"ccv3": _b64(raw)}))
    store = open_store(tmp_path / "studio", clock=lambda: "2026-01-01T00:00:00Z")
    asset = store.import_card(src, asset_id="sera")
    assert asset.avatar == "sera.png"
    assert read_text_chunks(store.avatar("sera")) == []
    out = store.export_card("sera", tmp_path / "again.png")
    back = read_card(out)
    assert back.to_dict("v3") == raw
    assert back.data["extensions"]["studio_x"] == {"mood_palette": ["amber", "moss"], "n": 3}
    with Image.open(out) as image:
        assert image.getpixel((5, 5)) == (10, 120, 60)


def test_bad_card_import_changes_nothing(tmp_path):
    store = open_store(tmp_path / "studio", clock=lambda: "2026-01-01T00:00:00Z")
    store.import_card(V2, asset_id="sera")
    before = {p: p.read_bytes() for p in store.root.rglob("*") if p.is_file()}
    bad = tmp_path / "bad.png"
    bad.write_bytes(_png_with({"chara": "@@@"}))
    with pytest.raises(CardError, match="bad.png"):
        store.import_card(bad)
    secret = json.loads(V2.read_text())
    secret["data"]["extensions"]["openai"] = {"api_key": "k"}
    (tmp_path / "secret.json").write_text(json.dumps(secret))
    from kit.books import SecretError

    with pytest.raises(SecretError, match=r"card\.data\.extensions\.openai\.api_key"):
        store.import_card(tmp_path / "secret.json")
    with pytest.raises(Exception, match="already exists"):
        store.import_card(V3, asset_id="sera")
    assert {p: p.read_bytes() for p in store.root.rglob("*") if p.is_file()} == before


def test_v1_card_inside_a_png(tmp_path):
    v1 = {"name": "Old Tom", "description": "a ferryman", "personality": "", "scenario": "", "first_mes": "Hm.",
          "mes_example": "", "talkativeness": "0.4"}  # fmt: skip
    path = tmp_path / "tom.png"
    path.write_bytes(_png_with({"chara": _b64(v1)}))
    card = read_card(path)
    assert (card.spec, card.name) == ("v1", "Old Tom")
    assert card.to_dict("v2")["data"]["extensions"] == {"talkativeness": "0.4"}


def test_secret_in_a_bound_world_book_entry_is_refused(tmp_path):
    from kit.books import SecretError

    store = open_store(tmp_path / "studio", clock=lambda: "2026-01-01T00:00:00Z")
    card = json.loads(V2.read_text())
    card["data"]["character_book"]["entries"][1]["content"] = "use sk-proj-" + "ab12" * 8
    (tmp_path / "leaky.json").write_text(json.dumps(card))
    with pytest.raises(
        SecretError, match=r"leaky-world\.json: refusing to store field 'characterBook\.entries\[1\]\.content'"
    ):
        store.import_card(tmp_path / "leaky.json")
    assert not [p for p in store.root.rglob("*") if p.is_file()]
