"""Item tags: merge tag files across packs and resolve nested references (pure, no file access).

Files with the same id are merged in pack order: values are unioned, except that a file with ``"replace": true``
drops what lower-priority packs contributed before it. ``"#ns:tag"`` values are resolved recursively; a cycle or a
required reference to a missing tag makes the tag fail (it is then reported, not guessed). Values written as
``{"id": ..., "required": false}`` are skipped silently when the referenced tag does not exist. A ``"remove"`` list
(NeoForge, Forge) takes items or the items of whole tags out of the merged tag.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kit.core.errors import FieldError
from kit.items._common import frozen_record, norm_id

__all__ = ["TagValue", "TagFile", "TagMember", "ResolvedTags", "parse_tag_file", "resolve_tags", "MAX_TAG_DEPTH"]

#: A tag whose references chain deeper than this fails with a clear reason (vanilla chains are 3 deep).
MAX_TAG_DEPTH = 64


class _TooDeep(Exception):
    """Internal: the reference chain being resolved is deeper than MAX_TAG_DEPTH."""


@dataclass(frozen=True)
class TagValue:
    """One value of a tag file: an item id or ``#tag`` reference and whether it is required."""

    ref: str
    required: bool = True


@dataclass(frozen=True)
class TagFile:
    """One tag file as read from one pack."""

    tag_id: str
    values: tuple[TagValue, ...]
    replace: bool = False
    pack: str = ""
    path: str = ""
    folder: str = ""
    remove: tuple[TagValue, ...] = ()


@dataclass(frozen=True)
class TagMember:
    """An item of a resolved tag; ``via`` is the nested tag it came through (``""`` when listed directly)."""

    item_id: str
    via: str
    pack: str
    path: str


@dataclass(frozen=True)
class ResolvedTags:
    """Resolved item tags: ``members[tag_id]`` in file order (duplicates removed); ``failed[tag_id]`` = reason."""

    members: dict[str, tuple[TagMember, ...]]
    failed: dict[str, str]
    sources: dict[str, tuple[TagFile, ...]]

    def items(self, tag_id: str) -> tuple[str, ...]:
        """The item ids of a tag (``"minecraft:planks"`` or ``"#minecraft:planks"``), ``()`` if unknown."""
        return tuple(m.item_id for m in self.members.get(tag_id.lstrip("#"), ()))


def _member(item_id: str, via: str, pack: str, path: str) -> TagMember:
    """``TagMember(item_id, via, pack, path)``, made in one step (see :func:`~kit.items._common.frozen_record`)."""
    return frozen_record(TagMember, {"item_id": item_id, "via": via, "pack": pack, "path": path})


def parse_tag_file(tag_id: str, data: Any, *, pack: str = "", path: str = "", folder: str = "") -> TagFile:
    """Parse a tag file's JSON.

    Raises
    ------
    ValueError
        When ``values`` is missing or holds something other than id strings and ``{"id", "required"}`` objects.
    """
    if not isinstance(data, dict):
        raise FieldError(f"expected a JSON object, got {type(data).__name__}")
    raw = data.get("values")
    if not isinstance(raw, list):
        raise FieldError("field 'values': expected a list")
    values = _values(raw, "values")
    removed = data.get("remove", [])
    if not isinstance(removed, list):
        raise FieldError("field 'remove': expected a list")
    replace = data.get("replace", False)
    if not isinstance(replace, bool):
        raise FieldError(f"field 'replace': expected true or false, got {replace!r}")
    return TagFile(tag_id, values, replace, pack, path, folder, _values(removed, "remove"))


def _values(raw: list, name: str) -> tuple[TagValue, ...]:
    values = []
    for i, v in enumerate(raw):
        if isinstance(v, str) and v.strip():
            values.append(frozen_record(TagValue, {"ref": norm_id(v), "required": True}))  # TagValue(norm_id(v))
        elif isinstance(v, dict) and isinstance(v.get("id"), str):
            values.append(TagValue(norm_id(v["id"]), bool(v.get("required", True))))
        else:
            raise FieldError(f"field '{name}[{i}]': expected an id string or an object with 'id', got {v!r}")
    return tuple(values)


def resolve_tags(files: Iterable[TagFile]) -> ResolvedTags:
    """Merge tag files (in priority order, lowest first) and resolve nested references.

    Returns
    -------
    ResolvedTags
        Members of every tag that resolved, and the reason for each tag that failed (cycle, missing reference).
    """
    merged: dict[str, list[tuple[TagValue, TagFile]]] = {}
    sources: dict[str, list[TagFile]] = {}
    removals: dict[str, list[TagValue]] = {}
    for f in files:
        if f.replace:
            merged[f.tag_id] = []
            removals.pop(f.tag_id, None)
        merged.setdefault(f.tag_id, [])
        if f.remove:
            removals.setdefault(f.tag_id, []).extend(f.remove)
        sources.setdefault(f.tag_id, []).append(f)
        merged[f.tag_id].extend((v, f) for v in f.values)

    members: dict[str, tuple[TagMember, ...]] = {}
    failed: dict[str, str] = {}
    state: dict[str, int] = {}  # 1 = on stack, 2 = done

    def visit(tag_id: str, stack: list[str]) -> bool:
        if state.get(tag_id) == 2:
            return tag_id in members
        if len(stack) >= MAX_TAG_DEPTH and state.get(tag_id) != 1:
            raise _TooDeep
        if state.get(tag_id) == 1:
            cycle = stack[stack.index(tag_id) :] + [tag_id]
            for t in stack[stack.index(tag_id) :]:
                failed.setdefault(t, "cycle: " + " -> ".join("#" + c for c in cycle))
            return False
        state[tag_id] = 1
        stack.append(tag_id)
        out: dict[str, TagMember] = {}
        ok = True
        for value, f in merged[tag_id]:
            if value.ref.startswith("#"):
                ref = value.ref[1:]
                if ref not in merged:
                    if value.required:
                        failed.setdefault(tag_id, f"references missing tag #{ref}")
                        ok = False
                    continue
                if not visit(ref, stack):
                    if value.required:
                        failed.setdefault(
                            tag_id,
                            failed.get(ref, f"references failed tag #{ref}")
                            if ref in stack
                            else f"references failed tag #{ref}",
                        )
                        ok = False
                    continue
                for m in members[ref]:
                    if m.item_id not in out:  # (a member is made only for an item not yet in the tag)
                        out[m.item_id] = _member(m.item_id, ref, f.pack, f.path)
            elif value.ref not in out:
                out[value.ref] = _member(value.ref, "", f.pack, f.path)
        for value in removals.get(tag_id, ()):
            if value.ref.startswith("#"):
                ref = value.ref[1:]
                if ref in merged and ref not in stack and visit(ref, stack):
                    for m in members[ref]:
                        out.pop(m.item_id, None)
            else:
                out.pop(value.ref, None)
        stack.pop()
        state[tag_id] = 2
        if ok and tag_id not in failed:
            members[tag_id] = tuple(out.values())
            return True
        return False

    for tag_id in merged:
        if state.get(tag_id) == 2:
            continue
        stack: list[str] = []
        try:
            visit(tag_id, stack)
        except _TooDeep:
            # Only the tag at the root of this walk is known to be too deep; the tags under it are tried again
            # from their own roots (each chain is walked at most MAX_TAG_DEPTH deep, so this stays bounded).
            for t in stack:
                if state.get(t) == 1:
                    del state[t]
            state[tag_id] = 2
            failed.setdefault(
                tag_id,
                f"tag references nested deeper than {MAX_TAG_DEPTH}: "
                + " -> ".join("#" + t for t in stack[:4])
                + " -> ...",
            )
    return ResolvedTags(members, failed, {k: tuple(v) for k, v in sources.items()})
