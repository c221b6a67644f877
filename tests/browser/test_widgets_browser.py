"""Every kit widget in a real browser: JupyterLab on a temporary copy of a demo notebook, driven by Chromium.

One interaction per widget, checked through the text the browser shows, with a screenshot of each under ``build/``:
the trigger tuner applies a key edit and saves to a temporary copy of a world book (the file on disk changes), the
search explorer searches when Enter is pressed in its query box, the item search card searches from its query box,
and the card browser filters (and says so when nothing matches). Skipped only when Debian's Chromium is missing.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.browser.jupyterlab import notebook_page

REPO = Path(__file__).resolve().parents[2]
DEMO = Path(__file__).with_name("widgets_demo.ipynb")
SAVE = REPO / "sample_saves" / "aurora_server"
BUILD = REPO / "build"
SAVE_LINE = 'SAVE = "../../sample_saves/aurora_server"'
BOOK_LINE = 'BOOK_COPY = f"{SAVE}/studio/worldbooks/lin_wan.json"'


def _demo_copy(root: Path, book_copy: Path) -> Path:
    """Copy the demo notebook into ``root`` with absolute paths for the sample save and the world-book copy."""
    nb = json.loads(DEMO.read_text(encoding="utf-8"))
    code = next(c for c in nb["cells"] if c["cell_type"] == "code")
    source = "".join(code["source"])
    assert SAVE_LINE in source and BOOK_LINE in source, "the demo notebook's path lines changed; update the test"
    code["source"] = source.replace(SAVE_LINE, f"SAVE = {str(SAVE)!r}").replace(BOOK_LINE, f"BOOK_COPY = {str(book_copy)!r}")
    settings = root / ".jupyter" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}', encoding="utf-8")
    path = root / "widgets_demo.ipynb"
    path.write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def _text_input(widget, label: str):
    """The <input> of the ipywidgets Text whose description is ``label``."""
    return widget.locator(".widget-text", has=widget.page.get_by_text(label, exact=True)).locator("input")


def test_every_widget_in_jupyterlab(tmp_path: Path) -> None:
    if not (SAVE / "studio").is_dir():
        pytest.skip("the sample save is missing: run python -m kit.samples")
    book_copy = tmp_path / "lin_wan_copy.json"
    shutil.copyfile(SAVE / "studio" / "worldbooks" / "lin_wan.json", book_copy)
    sample_before = (SAVE / "studio" / "worldbooks" / "lin_wan.json").read_bytes()
    notebook = _demo_copy(tmp_path, book_copy)
    BUILD.mkdir(exist_ok=True)

    with notebook_page(tmp_path, notebook, viewport={"width": 1400, "height": 1000}) as page:
        for _ in range(5):  # run the five code cells
            page.keyboard.press("Shift+Enter")
        outputs = page.locator(".jp-OutputArea-output")

        # the trigger tuner: edit the keys (marked as unapplied), apply, see before -> after, save to the copy
        tuner = outputs.locator(".kit-trigger-tuner")
        tuner.wait_for(timeout=90_000)
        tuner.get_by_text("✓ 已保存 saved").wait_for(timeout=30_000)
        keys = _text_input(tuner, "关键词 Keys")
        keys.fill("听雪")
        keys.press("Tab")
        tuner.get_by_text("unapplied edits", exact=False).wait_for(timeout=30_000)
        tuner.locator("button", has_text="应用 Apply").click()
        tuner.get_by_text("新增 gained", exact=False).wait_for(timeout=30_000)
        assert "保存时 saved 90 / 112" in tuner.inner_text() and "unsaved changes (1 entries)" in tuner.inner_text()
        tuner.locator("button", has_text="保存 Save").click()
        tuner.get_by_text("已保存 saved: lin_wan_copy.json").wait_for(timeout=30_000)
        saved = json.loads(book_copy.read_text(encoding="utf-8"))
        assert "听雪" in json.dumps(saved, ensure_ascii=False)
        assert (SAVE / "studio" / "worldbooks" / "lin_wan.json").read_bytes() == sample_before
        tuner.screenshot(path=str(BUILD / "trigger_tuner.png"))

        # the search explorer: typing a query and pressing Enter searches (English by the query's script)
        explorer = outputs.locator(".kit-search-explorer")
        explorer.scroll_into_view_if_needed()
        explorer.get_by_text("Type a query and press Enter", exact=False).wait_for(timeout=30_000)
        query = _text_input(explorer, "查询 query")
        query.fill("where do I find diamonds")
        query.press("Enter")
        explorer.get_by_text("paragraphs, best first", exact=False).wait_for(timeout=30_000)
        assert "en_us (detected from the query's script)" in explorer.inner_text()
        explorer.screenshot(path=str(BUILD / "search_explorer.png"))

        # the item search card: a query typed into its box
        search = outputs.locator(".kit-item-search")
        search.scroll_into_view_if_needed()
        search.get_by_text("已读取 20 项，还有更多", exact=False).wait_for(timeout=30_000)
        box = _text_input(search, "查询 Query")
        box.fill("glacite ingot")
        box.press("Enter")
        search.locator("button", has_text="冰川锭").first.wait_for(timeout=30_000)
        assert "「glacite ingot」" in search.inner_text()
        search.screenshot(path=str(BUILD / "item_search_card.png"))

        # the card browser: the filter narrows the grid, and a filter with no match says so
        cards = outputs.locator(".kit-card-browser")
        cards.scroll_into_view_if_needed()
        cards.get_by_text("5 / 5 张卡 cards", exact=False).wait_for(timeout=30_000)
        flt = _text_input(cards, "筛选 Filter")
        flt.fill("灯塔")
        cards.get_by_text("1 / 5 张卡 cards", exact=False).wait_for(timeout=30_000)
        assert "周望海" in cards.inner_text()
        cards.locator("button", has_text="查看 View").first.click()
        cards.get_by_text("字段 Fields").wait_for(timeout=30_000)
        cards.screenshot(path=str(BUILD / "card_browser.png"))
        flt.fill("no such card")
        cards.get_by_text("No cards match", exact=False).wait_for(timeout=30_000)
        for name in ("trigger_tuner", "search_explorer", "item_search_card", "card_browser"):
            assert (BUILD / f"{name}.png").stat().st_size > 0
