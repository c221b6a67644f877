"""Every kit widget in a real browser: JupyterLab on a temporary copy of a demo notebook, driven by Chromium.

One browser session walks every widget, checked through what the browser shows and lays out, with screenshots
under ``build/``: the trigger tuner applies a key edit (unsaved, never "same as saved" beside it), compares with the
original file and with the last save, warns about an entry left with no trigger, and saves to a temporary copy
of a world book (the file on disk changes); the search explorer searches when Enter is pressed; the item search
card searches from its query box; the card browser filters (and says so when nothing matches) and its detail
pane fits the page at 1,400 px (every column header visible, bilingual; cells aligned left); no label, button or
input of the tuner and the card browser is cut. Last, in the same browser, the offline HTML page `make demo`
writes (kit's static snapshots) loads with the network blocked and asks for nothing. Skipped only when Debian's
Chromium is missing.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.browser.jupyterlab import notebook_page
from tests.widgets.offline_pages import displayed, offline_html

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
    code["source"] = source.replace(SAVE_LINE, f"SAVE = {str(SAVE)!r}").replace(
        BOOK_LINE, f"BOOK_COPY = {str(book_copy)!r}"
    )
    settings = root / ".jupyter" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}', encoding="utf-8")
    path = root / "widgets_demo.ipynb"
    path.write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def _text_input(widget, label: str):
    """The <input> of the ipywidgets Text whose description is ``label``."""
    return widget.locator(".widget-text", has=widget.page.get_by_text(label, exact=True)).locator("input")


#: Visible labels, buttons, inputs and selects whose content (or an empty input's placeholder) is wider than
#: their box: cut, or shown with "…".
TRUNCATED = """root => {
    const measure = document.createElement('canvas').getContext('2d');
    const placeholderCut = el => {
        if (el.tagName !== 'INPUT' || el.value || !el.placeholder) return false;
        const style = getComputedStyle(el);
        measure.font = style.font;
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return measure.measureText(el.placeholder).width > room + 1;
    };
    return [...root.querySelectorAll('.widget-label, .widget-label-basic, button, input, select, label')]
        .filter(el => el.offsetParent !== null && (el.scrollWidth > el.clientWidth + 1 || placeholderCut(el)))
        .map(el => `${el.tagName} ${el.className}: ${(el.value || el.placeholder || el.innerText || '').slice(0, 60)}`);
}"""

#: Column headers of the card browser's detail pane that stick out of the pane (hidden, cut or behind a scroll).
OUTSIDE = """root => {
    const pane = root.getBoundingClientRect();
    return [...root.querySelectorAll('th')]
        .filter(th => { const r = th.getBoundingClientRect(); return r.right > pane.right + 1 || r.left < pane.left - 1; })
        .map(th => th.innerText);
}"""


def _walk_trigger_tuner(outputs, book_copy: Path, sample_before: bytes) -> None:
    tuner = outputs.locator(".kit-trigger-tuner")
    tuner.wait_for(timeout=90_000)
    tuner.get_by_text("✓ 已保存 saved").wait_for(timeout=30_000)
    tuner.get_by_text("this entry is as in the original file", exact=False).first.wait_for(timeout=30_000)
    keys = _text_input(tuner, "关键词 Keys")
    keys.fill("听雪")
    keys.press("Tab")
    tuner.get_by_text("unapplied edits", exact=False).wait_for(timeout=30_000)
    tuner.locator("button", has_text="应用 Apply").click()
    tuner.get_by_text("新增 gained", exact=False).wait_for(timeout=30_000)
    # the rate line and the save marker are separate widgets, updated by separate messages: wait for each
    tuner.get_by_text("原文件 the original file 90 / 112", exact=False).first.wait_for(timeout=30_000)
    tuner.get_by_text("unsaved changes (1 entries)", exact=False).first.wait_for(timeout=30_000)
    text = tuner.inner_text()
    assert "same as saved" not in text
    tuner.locator("button", has_text="保存 Save").first.click()
    tuner.get_by_text("已保存 saved: lin_wan_copy.json").wait_for(timeout=30_000)
    saved = json.loads(book_copy.read_text(encoding="utf-8"))
    assert "听雪" in json.dumps(saved, ensure_ascii=False)
    assert (SAVE / "studio" / "worldbooks" / "lin_wan.json").read_bytes() == sample_before
    # the baseline stays the original file
    tuner.get_by_text("原文件 the original file 90 / 112", exact=False).first.wait_for(timeout=30_000)
    assert tuner.evaluate(TRUNCATED) == []
    tuner.screenshot(path=str(BUILD / "trigger_tuner.png"))
    tuner.locator("button", has_text="上次保存 last saved").click()  # the second view: against the last save
    tuner.get_by_text("this entry is as last saved", exact=False).wait_for(timeout=30_000)
    keys.fill("")  # an entry left with no trigger is warned about
    tuner.locator("button", has_text="应用 Apply").click()
    tuner.get_by_text("has no trigger left", exact=False).wait_for(timeout=30_000)
    tuner.get_by_text("unsaved changes", exact=False).first.wait_for(timeout=30_000)
    assert "same as saved" not in tuner.inner_text()
    assert tuner.evaluate(TRUNCATED) == []
    tuner.locator(".kit-warning").scroll_into_view_if_needed()
    tuner.screenshot(path=str(BUILD / "trigger_tuner_warning.png"))


def _walk_search_widgets(outputs) -> None:
    explorer = outputs.locator(".kit-search-explorer")
    explorer.scroll_into_view_if_needed()
    explorer.get_by_text("Type a query and press Enter", exact=False).wait_for(timeout=30_000)
    query = _text_input(explorer, "查询 query")
    query.fill("where do I find diamonds")
    query.press("Enter")
    explorer.get_by_text("paragraphs, best first", exact=False).wait_for(timeout=30_000)
    explorer.get_by_text("en_us (detected from the query's script)", exact=False).first.wait_for(timeout=30_000)
    explorer.screenshot(path=str(BUILD / "search_explorer.png"))

    search = outputs.locator(".kit-item-search")
    search.scroll_into_view_if_needed()
    box = _text_input(search, "查询 Query")
    box.wait_for(timeout=30_000)
    box.fill("glacite ingot")
    box.press("Enter")
    search.locator("button", has_text="冰川锭").first.wait_for(timeout=30_000)
    search.screenshot(path=str(BUILD / "item_search_card.png"))


def _walk_card_browser(outputs) -> None:
    cards = outputs.locator(".kit-card-browser")
    cards.scroll_into_view_if_needed()
    cards.get_by_text("5 / 5 张卡 cards", exact=False).wait_for(timeout=30_000)
    assert cards.evaluate(TRUNCATED) == []
    # a card with a design trace and play books: every column header of the detail pane is in view, bilingual
    flt = _text_input(cards, "筛选 Filter")
    flt.fill("灯塔")
    cards.get_by_text("1 / 5 张卡 cards", exact=False).wait_for(timeout=30_000)
    cards.get_by_text("周望海", exact=False).first.wait_for(timeout=30_000)
    cards.locator("button", has_text="查看 View").first.click()
    detail = cards.locator(".kit-card-detail")
    detail.get_by_text("字段 Fields").wait_for(timeout=30_000)
    headers = detail.locator("th").all_inner_texts()
    assert "产物状态 Artifact status" in headers and "快照时间 Snapshot time" in headers
    assert not [h for h in headers if "_" in h]  # no snake_case column names
    assert detail.evaluate(OUTSIDE) == []
    assert "…" not in detail.inner_text()
    aligned = detail.evaluate("el => [...el.querySelectorAll('td')].map(td => getComputedStyle(td).textAlign)")
    assert aligned and set(aligned) == {"left"}
    assert cards.evaluate(TRUNCATED) == []
    cards.screenshot(path=str(BUILD / "card_browser.png"))
    # a card with a bound world book: the 启用 Enabled column is in view too
    flt.fill("")
    cards.get_by_text("5 / 5 张卡 cards", exact=False).wait_for(timeout=30_000)
    cards.locator(".widget-vbox", has_text="Ilse Brandt").locator("button", has_text="查看 View").first.click()
    detail.get_by_text("(ilse-brandt)").wait_for(timeout=30_000)
    assert "启用 Enabled" in detail.locator("th").all_inner_texts() and detail.evaluate(OUTSIDE) == []
    cards.screenshot(path=str(BUILD / "card_browser_world_entries.png"))
    flt.fill("no such card")
    cards.get_by_text("No cards match", exact=False).wait_for(timeout=30_000)


def _walk_offline_page(page, root: Path) -> None:
    """The page `make demo` would write for these widgets, opened from a file with every network request blocked
    (and recorded)."""
    import kit.worldbook as wb
    from kit.books import open_store
    from kit.widgets import CardBrowser, TriggerTuner

    browser = CardBrowser(open_store(SAVE / "studio", create=False))
    browser.select("zhou-wanghai")
    studio = wb.read_studio(SAVE)
    tuner = TriggerTuner(studio.library["lin_wan"], studio.conversations)
    html_file = root / "offline.html"
    html_file.write_text(offline_html(displayed(browser, tuner)), encoding="utf-8")
    context = page.context.browser.new_context(viewport={"width": 1400, "height": 1000})
    offline = context.new_page()
    requested: list[str] = []

    def block(route) -> None:
        url = route.request.url
        if url.startswith(("file:", "data:")):
            route.continue_()
        else:
            requested.append(url)
            route.abort()

    offline.route("**/*", block)
    offline.goto(html_file.as_uri())
    offline.wait_for_load_state("networkidle")
    assert requested == []
    detail = offline.locator(".kit-card-detail")
    aligned = detail.evaluate("el => [...el.querySelectorAll('td')].map(td => getComputedStyle(td).textAlign)")
    assert aligned and set(aligned) == {"left"}  # JupyterLab's own stylesheet would right-align them
    detail.screenshot(path=str(BUILD / "offline_card_browser.png"))
    context.close()


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
        _walk_trigger_tuner(outputs, book_copy, sample_before)
        _walk_search_widgets(outputs)
        _walk_card_browser(outputs)
        _walk_offline_page(page, tmp_path)
    for name in (
        "trigger_tuner",
        "trigger_tuner_warning",
        "search_explorer",
        "item_search_card",
        "card_browser",
        "card_browser_world_entries",
        "offline_card_browser",
    ):
        assert (BUILD / f"{name}.png").stat().st_size > 0
