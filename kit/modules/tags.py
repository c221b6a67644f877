"""Tags of a registry (module tags, catalog tags) with vanilla semantics, checked against the registry (pure).

Tag files are parsed by :func:`kit.items.tags.parse_tag_file` (the same format as item tags) and merged in pack
order: values are unioned, and a file with ``"replace": true`` drops what lower packs contributed. Unlike item tags,
the registry of modules or catalog entries is known, so a plain id is checked too: an unknown id or ``#tag`` marked
required makes the whole tag fail to load, as in the game (the tag is then dropped and reported); one written as
``{"id": ..., "required": false}`` is skipped silently.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import attrgetter

from kit.items.tags import TagFile, TagValue
from kit.modules.problems import Problem

__all__ = ["TagMember", "RegistryTags", "resolve_registry_tags"]

_member_id = attrgetter("member_id")


@dataclass(frozen=True)
class TagMember:
    """A resolved member: its id, whether the value that brought it in was required, and the nested tag (or ``""``)."""

    member_id: str
    required: bool
    via: str


@dataclass
class RegistryTags:
    """Resolved tags of one registry: ``members[tag_id]`` in file order, ``failed[tag_id]`` the reason."""

    members: dict[str, tuple[TagMember, ...]] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)
    files: dict[str, tuple[TagFile, ...]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    _ids: dict[str, tuple[str, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def defined(self, tag_id: str) -> bool:
        """Whether any pack has a file for the tag (loaded or failed)."""
        return tag_id.lstrip("#") in self.files

    def ids(self, tag_id: str) -> tuple[str, ...]:
        """Member ids of a loaded tag; ``()`` for a missing or failed one (computed once per tag)."""
        key = tag_id.lstrip("#")
        ids = self._ids.get(key)
        if ids is None:
            ids = self._ids[key] = tuple(map(_member_id, self.members.get(key, ())))
        return ids


def resolve_registry_tags(files: Iterable[TagFile], known: Iterable[str], *, registry: str) -> RegistryTags:
    """Merge and resolve the tag files of one registry.

    Parameters
    ----------
    files : iterable of TagFile
        In pack priority order (lowest first); ``tag_id`` without ``#``.
    known : iterable of str
        The registry's entry ids.
    registry : str
        How the registry is named in messages (``"module"``, ``"shop_offers"`` ...).
    """
    known_ids = set(known)
    merged: dict[str, list[tuple[TagValue, TagFile]]] = {}
    sources: dict[str, list[TagFile]] = {}
    for f in files:
        if f.replace:
            merged[f.tag_id] = []
        merged.setdefault(f.tag_id, []).extend((v, f) for v in f.values)
        sources.setdefault(f.tag_id, []).append(f)
    out = RegistryTags(files={k: tuple(v) for k, v in sources.items()})
    state: dict[str, int] = {}  # 1 = on the stack, 2 = done

    def fail(tag_id: str, kind: str, message: str, f: TagFile) -> None:
        if tag_id not in out.failed:
            out.failed[tag_id] = message
        out.problems.append(Problem(kind, "#" + tag_id, "values", message, f.path, f.pack))

    def visit(tag_id: str, stack: list[str]) -> bool:
        if state.get(tag_id) == 2:
            return tag_id in out.members
        if state.get(tag_id) == 1:
            cycle = stack[stack.index(tag_id) :] + [tag_id]
            text = " -> ".join("#" + c for c in cycle)
            for t in stack[stack.index(tag_id) :]:
                if t not in out.failed:
                    fail(
                        t,
                        "tag_cycle",
                        f"tags reference each other in a cycle ({text}): the tag is dropped",
                        sources[t][-1],
                    )
            return False
        state[tag_id] = 1
        stack.append(tag_id)
        members: dict[str, TagMember] = {}
        for value, f in merged[tag_id]:
            ref, required = value.ref, value.required
            if ref.startswith("#"):
                nested = ref[1:]
                if nested not in merged:
                    if required:
                        fail(
                            tag_id,
                            "unknown_tag_member",
                            f'lists {ref}, which no pack defines (write {{"id": "{ref}", "required": false}} '
                            "if it is optional): the tag is dropped",
                            f,
                        )
                    continue
                if not visit(nested, stack):
                    if required and tag_id not in out.failed:
                        fail(tag_id, "unknown_tag_member", f"lists {ref}, which failed to load: the tag is dropped", f)
                    continue
                for m in out.members[nested]:
                    if m.member_id not in members:  # a member that came through a nested tag already says which
                        members[m.member_id] = m if m.via else TagMember(m.member_id, m.required, nested)
            elif ref in known_ids:
                members.setdefault(ref, TagMember(ref, required, ""))
            elif required:
                fail(
                    tag_id,
                    "unknown_tag_member",
                    f'lists {registry} {ref}, which no pack defines (write {{"id": "{ref}", "required": false}} '
                    "if it is optional): the tag is dropped",
                    f,
                )
        stack.pop()
        state[tag_id] = 2
        if tag_id in out.failed:
            return False
        out.members[tag_id] = tuple(members.values())
        return True

    for tag_id in sorted(merged):
        visit(tag_id, [])
    # visit refers to itself (a reference cycle through its closure): empty what the cycle holds, so the merged
    # values are freed now rather than by the cyclic collector's next pass over the whole young generation.
    merged.clear()
    state.clear()
    return out
