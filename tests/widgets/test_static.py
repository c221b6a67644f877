"""kit.widgets._static: the HTML snapshot of a widget tree, and the offline pages `make demo` renders from it
(notebooks/nbconvert_static.py): they request nothing from the network."""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

from kit.widgets._static import static_html
from tests.widgets.offline_pages import NOTEBOOKS, displayed, offline_html, page_requests


def test_static_html_follows_the_tree_and_skips_hidden_widgets() -> None:
    hidden = widgets.HTML("secret", layout=widgets.Layout(display="none"))
    tree = widgets.VBox(
        [
            widgets.HBox([widgets.Button(description="下一页 Next", disabled=True), widgets.HTML("<b>page 2</b>")]),
            widgets.Text(value="", placeholder="type here", description="query"),
            widgets.Dropdown(options=[("player alex", "u1")], description="scope"),
            widgets.Checkbox(value=True, description="Whole words"),
            widgets.GridBox([widgets.Label("a & b")], layout=widgets.Layout(grid_template_columns="repeat(6, 1fr)")),
            hidden,
        ]
    )
    out = static_html(tree)
    assert "下一页 Next" in out and "opacity:.5" in out and "<b>page 2</b>" in out
    assert "type here" in out and "player alex ▾" in out and "☑ Whole words" in out
    assert "grid-template-columns:repeat(6, 1fr)" in out and "a &amp; b" in out
    assert "secret" not in out and "model_id" not in out
    assert static_html(tree) == out  # deterministic


def test_the_request_finder_finds_what_nbconvert_would_fetch_by_default() -> None:
    from nbconvert import HTMLExporter

    default, _ = HTMLExporter().from_filename(str(NOTEBOOKS / "04_card_library.ipynb"))
    found = page_requests(default)
    assert any("require" in u for u in found) and any("mathjax" in u for u in found)  # cdnjs scripts
    assert any(u.startswith("https://") and u.endswith(".mjs") for u in found)  # the mermaid loader's import()


@pytest.mark.parametrize("name", ["04_card_library.ipynb", "02_trigger_coverage.ipynb", "06_fleet.ipynb"])
def test_offline_pages_request_nothing_from_the_network(name: str) -> None:
    page = offline_html(NOTEBOOKS / name)
    assert page_requests(page) == []
    assert "<script" not in page  # no script at all: no CDN, no widget renderer, no widget state
    assert "kit-static" in page or name == "06_fleet.ipynb"  # the widgets' static snapshots are what shows


def test_card_browser_snapshot_aligns_chinese_paragraphs_left(tmp_path) -> None:
    from kit.books import open_store
    from kit.samples.cards import write_cards
    from kit.widgets import CardBrowser

    write_cards(tmp_path)
    browser = CardBrowser(open_store(tmp_path / "studio", create=False))
    browser.select("zhou-wanghai")
    page = offline_html(displayed(browser))
    assert page_requests(page) == [] and "<script" not in page
    start = page.index("kit-card-detail")
    detail = page[start : page.index("</table>", start)]
    cells = re.findall(r"<td style=['\"]([^'\"]*)['\"]>([^<]*)", detail)
    assert any("灯塔" in text for _style, text in cells)  # the Chinese paragraphs of the card's fields
    # JupyterLab's stylesheet right-aligns table cells; every cell of the snapshot says left
    assert ".jp-RenderedHTMLCommon td" in page and "text-align: right" in page
    assert cells and all("text-align:left" in style for style, _text in cells)
