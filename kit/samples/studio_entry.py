"""One world-book entry of the sample studio in kit's native JSON, from short keyword arguments (:func:`E`)."""

from __future__ import annotations

from typing import Any

__all__ = ["E"]


def E(
    uid: str,
    comment: str,
    content: str,
    *,
    position: int = 0,
    order: int = 100,
    keys: list[str] | None = None,
    cs: bool = False,
    ww: bool = False,
    secondary: list[str] | None = None,
    secondary_logic: str = "and_any",
    cond: list[str] | None = None,
    logic: str | None = None,
    rag: tuple[float, int] | None = None,
    constant: bool = False,
    probability: float | None = None,
    group: list[str] | None = None,
    requires: list[str] | None = None,
    excludes: list[str] | None = None,
    depth: int | None = None,
    macro: str | None = None,
    disable: bool = False,
) -> dict[str, Any]:
    """One entry in kit's native JSON."""
    triggers: dict[str, Any] = {}
    if constant:
        triggers["constant"] = [True]
    if keys is not None:
        kw: dict[str, Any] = {"key": keys, "caseSensitive": cs, "matchWholeWords": ww}
        if secondary:
            kw["secondaryKey"] = secondary
            kw["secondaryLogic"] = secondary_logic
        triggers["keyword"] = kw
    if cond:
        triggers["condition"] = {"conditions": [{"text": c} for c in cond]}
    if logic:
        triggers["logicExpression"] = logic
    if rag:
        triggers["rag"] = {"threshold": rag[0], "topK": rag[1]}
    config: dict[str, Any] = {"triggers": triggers}
    if probability is not None:
        config["probability"] = probability
    out: dict[str, Any] = {
        "uid": uid,
        "comment": comment,
        "content": content,
        "position": position,
        "order": order,
        "disable": disable,
        "group": group,
    }
    if depth is not None:
        out["depth"] = depth
    if macro is not None:
        out["macro"] = macro
    if requires:
        out["requires"] = requires
    if excludes:
        out["excludes"] = excludes
    out["trigger_config"] = config
    return out
