"""Helpers for the offline-page tests: render as `make demo` does (notebooks/nbconvert_static.py), and list what
a page would request from the network."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


class _Requests(HTMLParser):
    """Every URL an HTML page would fetch by itself: script/img/iframe/source/embed src, stylesheet/icon link href,
    CSS url(...) and dynamic import(...). Plain <a href> links are not fetched and are not listed."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag in ("script", "img", "iframe", "source", "embed", "audio", "video") and values.get("src"):
            self.urls.append(str(values["src"]))
        if tag == "link" and values.get("href"):
            self.urls.append(str(values["href"]))
        if tag == "object" and values.get("data"):
            self.urls.append(str(values["data"]))

    def handle_data(self, data: str) -> None:
        self.urls += re.findall(r"url\(\s*['\"]?([^'\")]+)", data)
        self.urls += re.findall(r"import\(\s*['\"]([^'\"]+)", data)


def page_requests(page: str) -> list[str]:
    """The URLs ``page`` would request from the network (data: URIs and in-page anchors are not requests)."""
    parser = _Requests()
    parser.feed(page)
    return [u for u in parser.urls if not u.startswith(("data:", "#"))]


def offline_html(notebook: Path | nbformat.NotebookNode) -> str:
    """``notebook`` (with its stored outputs) as `make demo` renders it, through notebooks/nbconvert_static.py."""
    from nbconvert import HTMLExporter
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbconvert_static.py", path=str(NOTEBOOKS)).load_config()
    exporter = HTMLExporter(config=config)
    if isinstance(notebook, Path):
        return exporter.from_filename(str(notebook))[0]
    return exporter.from_notebook_node(notebook)[0]


def displayed(*shown: object) -> nbformat.NotebookNode:
    """A notebook of one code cell per widget, whose output is the widget as a kernel would display it."""
    cells = []
    for widget in shown:
        bundle = widget._repr_mimebundle_()  # type: ignore[attr-defined]
        output = nbformat.v4.new_output("display_data", data=dict(bundle))
        cells.append(nbformat.v4.new_code_cell(type(widget).__name__, outputs=[output]))
    return nbformat.v4.new_notebook(cells=cells)
