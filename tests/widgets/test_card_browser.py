from __future__ import annotations

import html

import pytest

from kit.books import open_store
from kit.core.errors import InvalidParameterError
from kit.core.png import is_png
from kit.samples.cards import write_cards
from kit.widgets import CardBrowser
from kit.widgets.card_browser import card_details, filter_cards, list_cards


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    save = tmp_path_factory.mktemp("save")
    write_cards(save)
    return open_store(save / "studio", create=False)


def test_grid_pages_and_buttons(store):
    browser = CardBrowser(store, page_size=2)
    assert len(browser.cards) == 5
    assert browser.n_pages == 3 and len(browser.grid.children) == 2
    assert browser.prev_button.disabled and not browser.next_button.disabled
    first = browser.visible
    browser.next_button.click()
    assert browser.page == 1 and browser.visible != first
    browser.next_button.click()
    browser.next_button.click()
    assert browser.page == 2 and len(browser.grid.children) == 1 and browser.next_button.disabled
    browser.prev_button.click()
    assert browser.page == 1
    browser.page = 99
    assert browser.page == 2


def test_filter_box_and_tag_filter(store):
    browser = CardBrowser(store, page_size=2)
    browser.next_button.click()
    browser.filter_box.value = "灯塔"
    assert browser.query == "灯塔" and browser.page == 0
    assert browser.visible == ["zhou-wanghai"]
    assert "1 / 5" in browser.page_label.value
    browser.filter_box.value = ""
    browser.tag_filter.value = "English"
    assert sorted(browser.visible) == ["ilse-brandt", "mira-vance"]
    browser.query = "stormline"  # searches descriptions too
    assert browser.visible == ["ilse-brandt"]
    browser.query = "no such card"
    assert browser.visible == [] and browser.grid.children == () and browser.n_pages == 1


def test_thumbnails_are_avatars_or_placeholders(store):
    cards = {c.asset_id: c for c in list_cards(store)}
    assert cards["zhou-wanghai"].has_avatar and cards["zhou-wanghai"].thumbnail == store.avatar("zhou-wanghai")
    assert not cards["old-cat"].has_avatar and is_png(cards["old-cat"].thumbnail)
    browser = CardBrowser(store)
    tile_images = [tile.children[0].value for tile in browser.grid.children]
    assert all(is_png(v) for v in tile_images)


def test_detail_pane_for_exported_card(store):
    browser = CardBrowser(store, page_size=10)
    browser.tile_buttons["zhou-wanghai"].click()
    assert browser.selected == "zhou-wanghai"
    d = browser.details
    assert d["fields"].set_index("field").loc["name", "value"] == "周望海"
    assert len(d["timeline"]) == len(store.traces("cb-zhou-wanghai")) >= 20
    assert d["play_books"]["book_id"].tolist() == ["pb-lighthouse-night"]
    assert d["play_books"]["latest_snapshot_label"].tolist() == ["上楼换灯芯"]
    assert d["world_entries"].empty
    text = browser.detail_html.value
    assert "设计过程 Design trace" in text and "user_rejected" in text and "上楼换灯芯" in text
    browser.clear_button.click()
    assert browser.selected == "" and browser.details == {} and browser.detail.children == ()


def test_detail_pane_world_entries_with_positions(store):
    browser = CardBrowser(store)
    browser.select("ilse-brandt")
    entries = browser.details["world_entries"]
    assert entries["comment"].tolist() == ["Stormline", "The Albatross", "Greta (regex key)"]
    assert "宏替换 (macro replacement)" in entries["position_label"].tolist()
    assert "宏替换 (macro replacement)" in browser.detail_html.value
    assert browser.details["timeline"].empty and "imported card" in browser.detail_html.value
    with pytest.raises(LookupError, match="no card asset 'ghost'"):
        browser.select("ghost")


def test_plain_functions(store):
    cards = list_cards(store)
    assert [c.asset_id for c in filter_cards(cards, tag="说书")] == ["su-xiaoman"]
    assert filter_cards(cards, query="  MIRA ") == [c for c in cards if c.asset_id == "mira-vance"]
    details = card_details(store, "old-cat")
    assert list(details["play_books"].columns) == [
        "book_id", "title", "lifecycle_stage", "n_messages", "latest_snapshot_id", "latest_snapshot_label",
        "latest_snapshot_turn", "latest_snapshot_at",
    ]  # fmt: skip
    assert details["play_books"].empty


def test_browser_from_path_and_bad_page_size(store):
    assert len(CardBrowser(store.root).cards) == 5
    assert len(CardBrowser(str(store.root)).cards) == 5
    with pytest.raises(ValueError, match="page_size"):
        CardBrowser(store, page_size=0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"page_size": "6"}, "CardBrowser: page_size must be an int of at least 1, got str '6': pass page_size=6"),
        ({"page_size": 0}, "page_size must be an int of at least 1, got int 0: pass page_size=6"),
        ({"page_size": True}, "page_size must be an int of at least 1, got bool True: pass page_size=6"),
        ({"page_size": 2.5}, "got float 2.5: pass page_size=6"),
        ({"columns": "4"}, "columns must be an int of at least 1, got str '4': pass columns=4"),
    ],
)
def test_wrong_settings_say_what_to_pass(store, kwargs, message):
    with pytest.raises(InvalidParameterError) as info:
        CardBrowser(store, **kwargs)
    assert message in str(info.value)
    assert isinstance(info.value, TypeError) and isinstance(info.value, ValueError)


def test_wrong_store_says_what_to_pass(store, tmp_path):
    with pytest.raises(
        InvalidParameterError,
        match=r"store must be a BookStore or the folder of one, got int 42: "
        r"pass kit.books.open_store\(folder\)",
    ):
        CardBrowser(42)
    missing = tmp_path / "nowhere"
    with pytest.raises(InvalidParameterError) as info:
        CardBrowser(missing)
    text = str(info.value)
    assert f"got path {str(missing)!r}: there is no folder" in text
    assert f"kit.books.open_store({str(missing)!r})" in text and "create=True" not in text  # advice that works
    assert not missing.exists()  # nothing is created
    # a save folder one level too high: the studio/ inside is named
    with pytest.raises(InvalidParameterError) as info:
        CardBrowser(store.root.parent)
    assert f"its studio/ folder is one: CardBrowser({str(store.root)!r})" in str(info.value)
    assert len(CardBrowser(store.root).cards) == 5  # the advice works
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(
        InvalidParameterError,
        match="holds no book store .no books/ or assets/ folder.; pass the studio folder of a save",
    ):
        CardBrowser(str(empty))


def test_deprecated_schema_names_warn():
    import kit.widgets.card_browser as cb

    with pytest.warns(DeprecationWarning, match="FIELDS_SCHEMA"):
        assert cb.FIELDS_COLUMNS is cb.FIELDS_SCHEMA
    with pytest.warns(DeprecationWarning, match="PLAY_BOOKS_SCHEMA"):
        assert cb.PLAY_BOOKS_COLUMNS is cb.PLAY_BOOKS_SCHEMA


def test_no_match_says_so_and_clears(store):
    browser = CardBrowser(store)
    assert browser.empty_box.layout.display == "none" and browser.empty_message.value == ""
    browser.filter_box.value = "no such card"
    assert browser.empty_box.layout.display is None
    assert "No cards match 「no such card」 (of 5 cards)" in browser.empty_message.value
    browser.tag_filter.value = "English"
    assert "标签 tag English" in browser.empty_message.value
    browser.clear_filters_button.click()
    assert browser.query == "" and browser.tag == "" and len(browser.grid.children) == 5
    assert browser.empty_box.layout.display == "none"


def test_details_sit_beside_the_grid_with_styled_tables(store):
    browser = CardBrowser(store)
    body = browser.children[1]
    assert body.children[1] is browser.detail and browser.grid in body.children[0].children  # side by side
    assert body.layout.flex_flow == "row wrap"  # ... or below the grid on a narrow page
    browser.tile_buttons["zhou-wanghai"].click()
    assert browser.detail.children and "class='kit-table'" in browser.detail_html.value
    assert "background:#eef2f6" in browser.detail_html.value  # header band


def test_detail_tables_have_bilingual_headers_and_whole_values(store):
    browser = CardBrowser(store)
    browser.select("zhou-wanghai")
    text = browser.detail_html.value
    for label in ("产物状态 Artifact status", "快照时间 Snapshot time", "快照回合 Snapshot turn", "消息数 Messages"):
        assert f">{label}</th>" in text
    assert ">artifact_status</th>" not in text and ">latest_snapshot_at</th>" not in text
    assert "…" not in text  # nothing cut: long values wrap
    assert all(html.escape(v) in text for v in browser.details["timeline"]["summary"].dropna())
    # cells wrap inside a box that scrolls sideways if the pane is still too narrow; text aligns left
    assert "overflow-wrap:anywhere" in text and "overflow-x:auto" in text and "white-space:nowrap" not in text
    assert text.count("text-align:left") >= text.count("<td")
    browser.select("ilse-brandt")
    assert ">启用 Enabled</th>" in browser.detail_html.value and "✓ 是 yes" in browser.detail_html.value


def test_card_browser_static_snapshot(store):
    browser = CardBrowser(store, page_size=2)
    browser.select("zhou-wanghai")
    bundle = browser._repr_mimebundle_()
    assert bundle["text/plain"] == "CardBrowser: 5 of 5 cards · page 1 of 3 · showing zhou-wanghai"
    assert "data:image/png;base64," in bundle["text/html"] and "字段 Fields" in bundle["text/html"]
