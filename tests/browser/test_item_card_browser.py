"""ItemSourcesCard in a real browser: JupyterLab on a temporary copy of a small notebook, driven by Chromium.

The test runs the demo notebook, clicks the Loot category, goes back to Recipes and turns the page, and checks
the text the browser shows at each step (design: item_sources card). A screenshot of the final card is saved to
``build/item_sources_card.png``. Skipped only when Debian's Chromium is not installed.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.browser.jupyterlab import notebook_page

REPO = Path(__file__).resolve().parents[2]
DEMO = Path(__file__).with_name("item_card_demo.ipynb")
PACK = REPO / "sample_saves" / "aurora_server" / "datapacks" / "kit_sample"
SCREENSHOT = REPO / "build" / "item_sources_card.png"
PACK_LINE = 'PACK = "../../sample_saves/aurora_server/datapacks/kit_sample"'


def _demo_copy(root: Path) -> Path:
    """Copy the demo notebook into ``root`` with the sample pack's absolute path written into it."""
    nb = json.loads(DEMO.read_text(encoding="utf-8"))
    code = next(c for c in nb["cells"] if c["cell_type"] == "code")
    source = "".join(code["source"])
    assert PACK_LINE in source, "the demo notebook's PACK line changed; update PACK_LINE"
    code["source"] = source.replace(PACK_LINE, f"PACK = {str(PACK)!r}")
    # no "Jupyter news?" toast over the card: the harness points JUPYTER_CONFIG_DIR at root/.jupyter
    settings = root / ".jupyter" / "lab" / "user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}', encoding="utf-8")
    path = root / "item_card_demo.ipynb"
    path.write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def test_item_sources_card_in_jupyterlab(tmp_path: Path) -> None:
    if not PACK.is_dir():
        from kit.samples import sample_save_path
        from kit.samples.datapack import write_datapack

        write_datapack(sample_save_path())
    notebook = _demo_copy(tmp_path)

    with notebook_page(tmp_path, notebook, viewport={"width": 1280, "height": 900}) as page:
        page.keyboard.press("Shift+Enter")

        card = page.locator(".jp-OutputArea-output .kit-item-sources")
        card.wait_for(timeout=60_000)
        buttons = card.locator("button.widget-button")
        recipes, loot, tags = (buttons.filter(has_text=label) for label in ("配方 Recipes", "掉落 Loot", "标签 Tags"))
        prev_button, next_button = buttons.filter(has_text="上一页"), buttons.filter(has_text="下一页")

        # start: the first non-empty category (recipes, 6) on page 1 of 2, four recipes; tags are empty
        text = card.inner_text()
        assert "配方 Recipes (6)" in text and "掉落 Loot (3)" in text and "标签 Tags (0)" in text
        assert "第 1 / 2 页" in text
        assert "aurora:glacite_ingot_from_blasting_glacite_ore" in text
        assert "aurora:glacite_ingot_from_smelting_raw_glacite" not in text  # on page 2
        assert tags.is_disabled() and prev_button.is_disabled() and not next_button.is_disabled()
        assert card.locator(".kit-recipe").count() == 4
        assert card.locator(".kit-station").first.inner_text() == "高炉 Blast furnace"

        # the loot category: table ids with merged notes, a single page
        loot.click()
        card.get_by_text("aurora:chests/frozen_ruins").wait_for(timeout=20_000)
        text = card.inner_text()
        assert "aurora:chests/glacier_vault" in text and "weight 20; quality -2" in text
        assert "2-5" in text and "count 2..5" not in text  # the count range in its column, not a note
        assert "aurora:glacite_ingot_from_blasting_glacite_ore" not in text
        assert "第 1 / 1 页" in text and prev_button.is_disabled() and next_button.is_disabled()
        assert card.locator(".kit-recipe").count() == 0

        # back to recipes (its page was kept) and on to page 2
        recipes.click()
        card.get_by_text("第 1 / 2 页").wait_for(timeout=20_000)
        next_button.click()
        card.get_by_text("第 2 / 2 页").wait_for(timeout=20_000)
        text = card.inner_text()
        assert "aurora:glacite_ingot_from_smelting_raw_glacite" in text
        assert "aurora:glacite_ingot_from_blasting_glacite_ore" not in text
        assert card.locator(".kit-recipe").count() == 2
        assert next_button.is_disabled() and not prev_button.is_disabled()

        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        prev_button.click()  # page 1 shows the shaped 3x3 nugget recipe and the ×9 block recipe
        card.get_by_text("第 1 / 2 页").wait_for(timeout=20_000)
        card.screenshot(path=str(SCREENSHOT))
        assert SCREENSHOT.stat().st_size > 0
