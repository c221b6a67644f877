"""Static HTML snapshots of widget trees, for places without a live kernel or widget renderer.

A widget's ``_repr_mimebundle_`` carries, beside the live view, ``text/html`` drawn from the widget tree as it is
now (:func:`static_html`): nbconvert's HTML export, GitHub's preview and a notebook opened before it is run then
show a readable snapshot instead of an empty cell or a constructor dump. The snapshot is a plain function of the
widgets' current values (buttons become labels, inputs show their values, boxes keep their row / column / grid
layout), deterministic, with no model ids.
"""

from __future__ import annotations

import base64
import html
from typing import Any

import ipywidgets as widgets

__all__ = ["StaticView", "static_html"]

_BUTTON = (
    "display:inline-block;padding:1px 8px;margin:1px;border:1px solid #bbb;border-radius:2px;"
    "background:#eee;font-size:90%"
)
_STYLES = {"primary": "#2196f3", "info": "#00bcd4", "success": "#4caf50", "warning": "#ff9800", "danger": "#f44336"}


def _hidden(w: widgets.Widget) -> bool:
    layout = getattr(w, "layout", None)
    return layout is not None and (layout.display == "none" or layout.visibility == "hidden")


def _label(w: widgets.Widget) -> str:
    d = getattr(w, "description", "")
    return f"<span style='color:#555;margin-right:4px'>{html.escape(d)}</span>" if d else ""


def static_html(w: widgets.Widget) -> str:
    """HTML of ``w`` and its children as they are now (hidden widgets are left out)."""
    if _hidden(w):
        return ""
    if isinstance(w, widgets.HTML):
        return f"<div>{w.value}</div>"
    if isinstance(w, widgets.Label):
        return f"<span>{html.escape(w.value)}</span>"
    if isinstance(w, widgets.Button):
        colour = _STYLES.get(w.button_style)
        style = (
            _BUTTON + (f";background:{colour};color:white" if colour else "") + (";opacity:.5" if w.disabled else "")
        )
        tip = f" title='{html.escape(w.tooltip, quote=True)}'" if w.tooltip else ""
        return f"<span class='kit-static-button' style='{style}'{tip}>{html.escape(w.description)}</span>"
    if isinstance(w, widgets.Image):
        if not w.value:
            return ""
        data = base64.b64encode(bytes(w.value)).decode("ascii")
        width = w.layout.width or ""
        return f"<img src='data:image/{w.format};base64,{data}' style='width:{width}' alt=''>"
    if isinstance(w, widgets.Checkbox):
        mark = "☑" if w.value else "☐"
        return f"<span style='margin-right:8px'>{mark} {html.escape(w.description)}</span>"
    if isinstance(w, widgets.Textarea):
        text = html.escape(w.value) if w.value else f"<i style='color:#999'>{html.escape(w.placeholder)}</i>"
        return (
            f"<div>{_label(w)}<pre style='display:inline-block;margin:0;padding:2px 4px;border:1px solid #ccc;"
            f"vertical-align:top'>{text}</pre></div>"
        )
    if isinstance(w, (widgets.Dropdown, widgets.Select, widgets.ToggleButtons, widgets.RadioButtons)):
        label = html.escape(str(w.label or ""))
        return f"<div>{_label(w)}<span style='border:1px solid #ccc;padding:0 4px'>{label} ▾</span></div>"
    if isinstance(w, (widgets.Text, widgets.IntText, widgets.BoundedIntText, widgets.FloatText)):
        value = (
            html.escape(str(w.value)) if w.value != "" else f"<i style='color:#999'>{html.escape(w.placeholder)}</i>"
        )
        return (
            f"<div>{_label(w)}<span style='border:1px solid #ccc;padding:0 4px;min-width:8em;"
            f"display:inline-block'>{value}</span></div>"
        )
    if isinstance(w, (widgets.FloatSlider, widgets.IntSlider)):
        return f"<div>{_label(w)}{html.escape(str(w.value))}</div>"
    if isinstance(w, widgets.Box):
        inner = "".join(static_html(c) for c in w.children)
        if isinstance(w, widgets.GridBox):
            columns = w.layout.grid_template_columns or "auto"
            style = f"display:grid;grid-template-columns:{columns};gap:{w.layout.grid_gap or '4px'}"
        elif isinstance(w, widgets.HBox):
            style = "display:flex;flex-direction:row;flex-wrap:wrap;gap:6px;align-items:center"
        else:
            style = "display:flex;flex-direction:column;gap:4px"
        classes = " ".join(getattr(w, "_dom_classes", ()))
        return f"<div class='{html.escape(classes)}' style='{style}'>{inner}</div>" if inner else ""
    if isinstance(w, widgets.ValueWidget):
        return f"<div>{_label(w)}{html.escape(str(w.value))}</div>"
    return ""


class StaticView:
    """Mixin for kit's widgets: adds a ``text/html`` snapshot and a one-line ``text/plain`` to the widget bundle."""

    def static_text(self) -> str:
        """One line naming the widget and its state (the ``text/plain`` of its bundle)."""
        return f"{type(self).__name__}"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        # A mixin: at run time super() is the ipywidgets class mixed in (ipywidgets ships no types).
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})  # type: ignore[misc]
        bundle["text/plain"] = self.static_text()
        bundle["text/html"] = (
            "<div class='kit-static' style='border:1px dashed #bbb;padding:6px'>"
            "<div style='font-size:80%;color:#888'>静态快照 static snapshot (run the notebook for "
            f"the live widget)</div>{static_html(self)}</div>"
        )
        return bundle

    def __repr__(self) -> str:
        return self.static_text()
