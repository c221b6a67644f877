"""kit.widgets._static: the HTML snapshot of a widget tree."""

from __future__ import annotations

import ipywidgets as widgets

from kit.widgets._static import static_html


def test_static_html_follows_the_tree_and_skips_hidden_widgets() -> None:
    hidden = widgets.HTML("secret", layout=widgets.Layout(display="none"))
    tree = widgets.VBox([
        widgets.HBox([widgets.Button(description="下一页 Next", disabled=True), widgets.HTML("<b>page 2</b>")]),
        widgets.Text(value="", placeholder="type here", description="query"),
        widgets.Dropdown(options=[("player alex", "u1")], description="scope"),
        widgets.Checkbox(value=True, description="Whole words"),
        widgets.GridBox([widgets.Label("a & b")], layout=widgets.Layout(grid_template_columns="repeat(6, 1fr)")),
        hidden,
    ])
    out = static_html(tree)
    assert "下一页 Next" in out and "opacity:.5" in out and "<b>page 2</b>" in out
    assert "type here" in out and "player alex ▾" in out and "☑ Whole words" in out
    assert "grid-template-columns:repeat(6, 1fr)" in out and "a &amp; b" in out
    assert "secret" not in out and "model_id" not in out
    assert static_html(tree) == out  # deterministic
