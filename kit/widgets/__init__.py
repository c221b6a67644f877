"""ipywidgets views over kit's DataFrame functions.

Each widget lives in its own module and is imported on first use, so ``import kit.widgets`` stays cheap
and does not pull in ipywidgets until a widget is asked for. Every widget also carries a static HTML snapshot of
its current view (``_repr_mimebundle_``: ``text/html`` beside the live view), for HTML exports and previews without
a kernel. :func:`use_cjk_fonts` (``kit.widgets.plotting``) makes matplotlib draw kit's Chinese labels.
"""

from __future__ import annotations

import importlib
from typing import Any

_WIDGETS = {
    "TriggerTuner": "kit.widgets.trigger_tuner",
    "CardBrowser": "kit.widgets.card_browser",
    "ItemSourcesCard": "kit.widgets.item_cards",
    "ItemSearchCard": "kit.widgets.item_cards",
    "SearchExplorer": "kit.widgets.search_explorer",
    "use_cjk_fonts": "kit.widgets.plotting",
}

__all__ = sorted(_WIDGETS)


def __getattr__(name: str) -> Any:
    module = _WIDGETS.get(name)
    if module is None:
        raise AttributeError(f"module 'kit.widgets' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
