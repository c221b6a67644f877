"""Item sources: records, the provider registry, the built-in providers and the output (design: system:items).

A provider answers "where does item X come from?" for one kind of source (the built-in ones are registered by
:mod:`kit.items.index`, where their lookup tables live). Providers are registered under a
namespaced id (``system:recipe``); the id's path (``recipe``) and the full id are both valid scopes. Providers run
in id order and each one's exception is caught and reported in the output, so one failing provider does not hide
the others. The output lists recipes first, then loot, then tags, each sorted by source id, cut to 64 sources.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from kit.core.frames import frame
from kit.core.problems import problem_schema
from kit.items.errors import InvalidScopeError, ProviderRegistrationError
from kit.items.recipes import ItemStack

__all__ = [
    "SourceSlot",
    "ItemSource",
    "ItemSourceOutput",
    "ItemSourceProvider",
    "ProviderRegistry",
    "PROVIDERS",
    "register_provider",
    "MAX_SOURCES",
    "MAX_ALTERNATIVES",
    "MAX_LOOT_TABLES",
    "MAX_TAG_ITEMS_PER_TABLE",
    "MAX_TAGS",
]

MAX_SOURCES = 64  #: sources kept in one output
MAX_ALTERNATIVES = 8  #: example items per slot
MAX_LOOT_TABLES = 4096  #: loot tables scanned
MAX_TAG_ITEMS_PER_TABLE = 8  #: items a table's tag entries expand to
MAX_TAGS = 64  #: tags reported by the tag provider

_ID_RE = re.compile(r"^[a-z0-9_.-]+:[a-z0-9_./-]+\Z")


@dataclass(frozen=True)
class SourceSlot:
    """One input or output slot: alternative items (at most 8 examples, not consumed together) and a count.

    An empty slot (a gap in a shaped grid) has no items and nothing unresolved. ``chance`` is the probability of an
    output (1.0 when certain); ``unresolved`` holds refs kit cannot expand (an undefined ``#tag``, a custom
    ingredient it cannot compute). ``count_max`` is the upper end of a count range (a loot entry's
    ``set_count`` from 1 to 4: ``count`` 1, ``count_max`` 4; 0 when the count is fixed); ``n_items`` counts every
    item the slot accepts when ``items`` holds only the first 8 (0 when nothing was cut).
    """

    items: tuple[ItemStack, ...] = ()
    count: int = 1
    chance: float = 1.0
    unresolved: tuple[str, ...] = ()
    count_max: int = 0
    n_items: int = 0

    @property
    def count_range(self) -> str:
        """The count as text: ``"3"``, or ``"1-4"`` for a loot entry whose count is a range."""
        return f"{self.count}-{self.count_max}" if self.count_max > self.count else str(self.count)

    @property
    def n_alternatives(self) -> int:
        """How many items the slot accepts (``items`` holds at most 8 examples of them)."""
        return max(self.n_items, len(self.items))

    def to_json(self) -> dict[str, Any]:
        """The slot with defaults left out (``count`` 1, ``chance`` 1, no items, nothing unresolved).

        ``unresolved`` (kit's addition) lists what the slot accepts that kit cannot turn into items: an undefined
        tag (``#c:ingots/tin``) or a custom ingredient it cannot compute, so such a slot never looks empty.
        """
        out: dict[str, Any] = {}
        if self.items:
            out["items"] = [i.to_json() for i in self.items]
        if self.count != 1:
            out["count"] = self.count
        if self.count_max > self.count:
            out["count_max"] = self.count_max
        if self.n_items > len(self.items):
            out["n_items"] = self.n_items
        if self.chance != 1.0:
            out["chance"] = self.chance
        if self.unresolved:
            out["unresolved"] = list(self.unresolved)
        return out

    @property
    def item_ids(self) -> tuple[str, ...]:
        return tuple(i.item_id for i in self.items)


@dataclass(frozen=True)
class ItemSource:
    """One way to obtain an item (a recipe, a loot table, a tag membership, or a custom provider's source).

    ``source_id`` is written as ``"id"`` in the JSON; ``provider_id`` records which provider produced it.
    """

    kind: str
    source_id: str
    type: str = ""
    station: tuple[str, ...] = ()
    width: int = 0
    inputs: tuple[SourceSlot, ...] = ()
    outputs: tuple[SourceSlot, ...] = ()
    notes: tuple[str, ...] = ()
    provider_id: str = ""

    def to_json(self) -> dict[str, Any]:
        """The design's encoding, with default values left out (type "", station/inputs/notes [], width 0)."""
        out: dict[str, Any] = {"kind": self.kind, "id": self.source_id}
        if self.type:
            out["type"] = self.type
        if self.station:
            out["station"] = list(self.station)
        if self.width:
            out["width"] = self.width
        if self.inputs:
            out["inputs"] = [s.to_json() for s in self.inputs]
        out["outputs"] = [s.to_json() for s in self.outputs]
        if self.notes:
            out["notes"] = list(self.notes)
        return out


_CATEGORY = {"recipe": 0, "loot": 1, "tag": 2}

OUTPUT_SCHEMA = {
    "rank": "int64",
    "kind": "string",
    "source_id": "string",
    "source_type": "string",
    "station": "string",
    "width": "int64",
    "n_inputs": "int64",
    "input_item_ids": "object",
    "output_item_ids": "object",
    "unresolved": "object",
    "output_count": "int64",
    "output_count_max": "int64",
    "notes": "string",
    "provider_id": "string",
}
#: Columns of :meth:`ItemSourceOutput.problems`: the shared problems shape, then ``source_id``.
OUTPUT_PROBLEM_SCHEMA = problem_schema({"source_id": "string"})


@dataclass(frozen=True)
class ItemSourceOutput:
    """The answer to one item-source query: the tool result of the design.

    ``errors`` holds ``(provider_id, message)`` for every provider that raised; it is written to the JSON only when
    not empty. ``cuts`` says which cap cut the answer (more than 64 sources, more than 64 tags); ``truncated`` is
    set whenever one did, so a result never pretends to be complete.
    """

    item: str
    scope: str = "all"
    sources: tuple[ItemSource, ...] = ()
    truncated: bool = False
    errors: tuple[tuple[str, str], ...] = field(default=())
    cuts: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """The snapshot as plain Python data; default values (scope ``all``) are left out."""
        out: dict[str, Any] = {"item": self.item}
        if self.scope != "all":
            out["scope"] = self.scope
        out["sources"] = [s.to_json() for s in self.sources]
        out["truncated"] = self.truncated
        if self.errors:
            out["errors"] = [{"provider": p, "message": m} for p, m in self.errors]
        if self.cuts:
            out["cuts"] = list(self.cuts)
        return out

    def to_json(self, *, indent: int | None = None) -> str:
        """The snapshot as a JSON string (UTF-8 text, non-ASCII kept)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    def to_frame(self):
        """One row per source.

        Returns
        -------
        pandas.DataFrame
            Columns ``rank`` (from 1, output order), ``kind``, ``source_id``, ``source_type``, ``station``
            (comma-joined), ``width``, ``n_inputs``, ``input_item_ids`` and ``output_item_ids`` (tuples of the
            example item ids), ``unresolved`` (tuple of the refs kit could not expand, such as an undefined
            ``#c:ingots/tin`` in a slot: the slot shows the tag, unresolved; see :meth:`problems`),
            ``output_count`` and ``output_count_max`` (the count of the first output slot; the two differ for a
            loot entry whose count is a range), ``notes`` (joined with ``"; "``), ``provider_id``.
        """
        rows = []
        for rank, s in enumerate(self.sources, 1):
            ins = tuple(dict.fromkeys(i for slot in s.inputs for i in slot.item_ids))
            outs = tuple(dict.fromkeys(i for slot in s.outputs for i in slot.item_ids))
            unresolved = tuple(dict.fromkeys(u for slot in s.inputs + s.outputs for u in slot.unresolved))
            first = s.outputs[0] if s.outputs else None
            rows.append(
                (
                    rank,
                    s.kind,
                    s.source_id,
                    s.type,
                    ",".join(s.station),
                    s.width,
                    len(s.inputs),
                    ins,
                    outs,
                    unresolved,
                    first.count if first else 0,
                    max(first.count, first.count_max) if first else 0,
                    "; ".join(s.notes),
                    s.provider_id,
                )
            )
        return frame(OUTPUT_SCHEMA, rows)

    def problems(self):
        """What this answer could not show in full, in the shared problems shape.

        Returns
        -------
        pandas.DataFrame
            Columns ``severity``, ``kind``, ``object_id``, ``field``, ``message``, ``path``, ``source_id``. Kinds:
            ``unresolved_ref`` (a slot holding an undefined tag or a custom ingredient kit cannot compute; the
            slot shows it), ``capped`` (a cap cut the answer: more than 64 sources or tags, or a slot with more
            than 8 alternatives, of which 8 are shown), ``provider_failed`` (a provider raised). ``object_id`` is
            the queried item; ``field`` the slot (``inputs[2]``) where there is one.
        """
        rows = []
        for s in self.sources:
            for side, slots in (("inputs", s.inputs), ("outputs", s.outputs)):
                for i, slot in enumerate(slots):
                    rows.extend(_slot_problems(self.item, s.source_id, f"{side}[{i}]", slot))
        rows += [("warning", "capped", self.item, "sources", cut, "", "") for cut in self.cuts]
        rows += [("error", "provider_failed", self.item, "", f"{p}: {m}", "", "") for p, m in self.errors]
        return frame(OUTPUT_PROBLEM_SCHEMA, rows)


def _slot_problems(item: str, source_id: str, where: str, slot: SourceSlot) -> list[tuple[str, ...]]:
    rows: list[tuple[str, ...]] = [
        (
            "warning",
            "unresolved_ref",
            item,
            where,
            f"{ref} cannot be expanded to items (not defined by the loaded packs, or a custom ingredient kit "
            f"cannot compute); the slot shows it, unresolved",
            "",
            source_id,
        )
        for ref in slot.unresolved
    ]
    if slot.n_items > len(slot.items):
        rows.append(
            (
                "warning",
                "capped",
                item,
                where,
                f"the slot accepts {slot.n_items} items; the first {len(slot.items)} are shown as examples",
                "",
                source_id,
            )
        )
    return rows


#: ``find(packs, item_id)``: ``packs`` is the :class:`~kit.items.PackSet` the query runs on.
Finder = Callable[[Any, str], Iterable[ItemSource]]


@dataclass(frozen=True)
class ItemSourceProvider:
    """A registered source of item sources: ``find(packs, item_id)`` yields :class:`ItemSource` records."""

    provider_id: str
    kind: str
    find: Finder = field(compare=False)

    @property
    def path(self) -> str:
        """The id's path (``system:recipe`` -> ``recipe``), usable as a scope."""
        return self.provider_id.split(":", 1)[1]


class ProviderRegistry:
    """Providers by id; the registry enumerates the valid scopes and runs queries."""

    def __init__(self) -> None:
        self._providers: dict[str, ItemSourceProvider] = {}

    def register(
        self, provider_id: str, find: Finder, *, kind: str | None = None, replace: bool = False
    ) -> ItemSourceProvider:
        """Add a provider; its path and id become valid scopes.

        Raises
        ------
        ProviderRegistrationError
            When the id is not ``namespace:path`` or is taken (unless ``replace=True``), or ``path`` is ``all``.
        """
        if not isinstance(provider_id, str) or not _ID_RE.match(provider_id):
            raise ProviderRegistrationError(
                f"The 'provider_id' parameter of register_provider must be a namespaced id like 'example:villager'. "
                f"Got {provider_id!r} instead."
            )
        if provider_id.split(":", 1)[1] == "all":
            raise ProviderRegistrationError(
                f"provider id {provider_id!r}: the path 'all' is reserved for the full query"
            )
        if provider_id in self._providers and not replace:
            raise ProviderRegistrationError(
                f"provider {provider_id!r} is already registered; pass replace=True to replace it"
            )
        provider = ItemSourceProvider(provider_id, kind or provider_id.split(":", 1)[1], find)
        self._providers[provider_id] = provider
        return provider

    def unregister(self, provider_id: str) -> None:
        """Remove a provider (missing ids are ignored)."""
        self._providers.pop(provider_id, None)

    def providers(self) -> tuple[ItemSourceProvider, ...]:
        """Registered providers in id order."""
        return tuple(self._providers[k] for k in sorted(self._providers))

    def scopes(self) -> tuple[str, ...]:
        """Valid scopes: ``all``, every provider path, every provider id."""
        provs = self.providers()
        return ("all",) + tuple(sorted({p.path for p in provs})) + tuple(p.provider_id for p in provs)

    def select(self, scope: str) -> tuple[ItemSourceProvider, ...]:
        """Providers a scope runs.

        Raises
        ------
        InvalidScopeError
            When the scope names no provider (the message lists the valid scopes).
        """
        provs = self.providers()
        if scope == "all":
            return provs
        chosen = tuple(p for p in provs if scope in (p.provider_id, p.path))
        if not chosen:
            raise InvalidScopeError(scope, self.scopes())
        return chosen

    def run(self, packs: Any, item_id: str, scope: str = "all", *, cuts: tuple[str, ...] = ()) -> ItemSourceOutput:
        """Run the providers of ``scope`` for ``item_id`` (in id order) and build the ordered, truncated output.

        A provider that raises contributes no sources (not even those it yielded before failing); its error is
        recorded in ``errors`` as ``(provider_id, "ExceptionType: message")``. ``cuts`` are caps the caller already
        applied (they set ``truncated``); cutting to 64 sources adds one.
        """
        chosen = self.select(scope)
        found: list[ItemSource] = []
        errors: list[tuple[str, str]] = []
        for p in chosen:
            try:  # a provider's sources count only when it finishes (as a provider returning a list)
                mine = [s if s.provider_id else _with_provider(s, p.provider_id) for s in p.find(packs, item_id)]
            except Exception as exc:  # noqa: BLE001 - a failing provider is reported, never fatal
                errors.append((p.provider_id, f"{type(exc).__name__}: {exc}"))
                continue
            found.extend(mine)
        found.sort(key=lambda s: (_CATEGORY.get(s.kind, 0), s.source_id, s.kind, s.provider_id))
        if len(found) > MAX_SOURCES:
            cuts += (f"{len(found)} sources found; the first {MAX_SOURCES} are kept",)
        return ItemSourceOutput(item_id, scope, tuple(found[:MAX_SOURCES]), bool(cuts), tuple(errors), cuts)


def _with_provider(s: ItemSource, provider_id: str) -> ItemSource:
    from dataclasses import replace

    return replace(s, provider_id=provider_id)


PROVIDERS = ProviderRegistry()


def register_provider(provider_id: str, find: Finder | None = None, *, kind: str | None = None, replace: bool = False):
    """Register an item-source provider in the default registry (also usable as a decorator).

    Parameters
    ----------
    provider_id : str
        Namespaced id, e.g. ``"example:villager"``; ``"villager"`` and the id become valid scopes.
    find : callable, optional
        ``find(packs, item_id) -> iterable of ItemSource``. Omit to use ``register_provider`` as a decorator.
    kind : str, optional
        The kind written in its sources (default: the id's path).
    replace : bool, default=False
        Replace a provider already registered under the same id.

    Returns
    -------
    ItemSourceProvider, or a decorator when ``find`` is omitted.
    """
    if find is None:

        def deco(fn: Finder) -> Finder:
            PROVIDERS.register(provider_id, fn, kind=kind, replace=replace)
            return fn

        return deco
    return PROVIDERS.register(provider_id, find, kind=kind, replace=replace)
