"""Parse the design's data-pack definitions: module configurations, systems and catalog entries (pure).

Each ``parse_*`` function takes the id, the decoded JSON and the provenance, and returns a frozen record plus the
problems found in that one file. Rules that need other files (unknown ids, tags, server types) are checked by
:mod:`kit.modules.inventory`.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from typing import Any

from kit.core.dataclass_fields import direct_init
from kit.core.errors import FieldError
from kit.modules.ids import full_id, is_valid_id
from kit.modules.problems import Problem

__all__ = [
    "ModuleConfig",
    "ModuleRef",
    "SystemDefinition",
    "CatalogEntry",
    "CATALOG_FIELDS",
    "CATALOGS",
    "parse_module",
    "parse_system",
    "parse_catalog_entry",
    "parse_selection",
    "json_text",
    "text_of",
]

#: The three catalogs (registry ``system:<name>``) in the design's order.
CATALOGS = ("signin_rewards", "shop_offers", "lottery_pools")

#: Server type -> (parameter field, catalog) for the built-in catalog modules.
CATALOG_FIELDS: dict[str, tuple[str, str]] = {
    "system:signin": ("rewards", "signin_rewards"),
    "system:shop": ("offers", "shop_offers"),
    "system:lottery": ("pools", "lottery_pools"),
}

_INT32 = (-(2**31), 2**31 - 1)

# An id or a ``#tag`` (one ``#`` at most): what ``is_valid_id(value.lstrip("#")) and not value.startswith("##")`` says.
_REF_RE = re.compile(r"^#?(?:[a-z0-9_.-]+:)?[a-z0-9_./-]+\Z")
# Many references at once: each followed by a newline (which no reference holds), so one match checks a whole list.
_REFS_RE = re.compile(r"(?:#?(?:[a-z0-9_.-]+:)?[a-z0-9_./-]+\n)*")


def _full_refs(items: list[Any]) -> tuple[str, ...] | None:
    """``tuple(full_id(i) for i in items)`` when every item is a valid reference written with its namespace (checked
    by one match over the joined list), else None (the caller checks item by item and words the error).
    """
    try:
        joined = "\n".join(items) + "\n"
    except TypeError:  # an item that is not a string
        return None
    n = len(items)
    if joined.count("\n") != n or joined.count(":") != n or _REFS_RE.fullmatch(joined) is None:
        return None  # (a valid reference holds at most one ":": one each means none needs the default namespace)
    return tuple(items)


# ``json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))``, its encoder built once.
_ENCODER = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))
# The C encoder that ``_ENCODER.encode`` builds on every call, built once (half the time of a small value). Values
# here come from ``json.loads`` (no cycles, depth capped before parsing), so the circular-reference check is off.
_C_MAKE_ENCODER: Any = getattr(json.encoder, "c_make_encoder", None)  # CPython's C accelerator (private, optional)
_C_ENCODE = (
    _C_MAKE_ENCODER(None, _ENCODER.default, json.encoder.encode_basestring, None, ":", ",", True, False, True)
    if _C_MAKE_ENCODER is not None
    else None
)


def json_text(value: Any) -> str:
    """Compact JSON with sorted keys (``""`` for ``None``): how kit shows parameters and conditions."""
    if value is None:
        return ""
    if _C_ENCODE is not None and type(value) in (dict, list):
        try:
            return "".join(_C_ENCODE(value, 0))
        except (TypeError, ValueError, RecursionError):  # not JSON data (a caller's own value): worded as usual
            pass
    return _ENCODER.encode(value)


def text_of(component: Any) -> str:
    """Plain text of a name or description: a string, a text component (``text`` / ``translate`` key), or a list."""
    if component is None:
        return ""
    if isinstance(component, str):
        return component
    if isinstance(component, list):
        return "".join(text_of(c) for c in component)
    if isinstance(component, dict):
        head = component.get("text", component.get("translate", ""))
        return (head if isinstance(head, str) else "") + "".join(text_of(c) for c in component.get("extra", []) or [])
    return str(component)


@direct_init
@dataclass(frozen=True)
class ModuleConfig:
    """One ``system:system_module`` entry (a module configuration instance).

    ``selection`` is the parsed catalog field of a catalog type: ``None`` when omitted (the whole registry), else
    the ids and ``#tags`` in written order.
    """

    module_id: str
    order: int
    order_is_default: bool
    server_type: str | None
    server_params: str
    client: str | None
    selection: tuple[str, ...] | None
    pack: str
    path: str


@dataclass(frozen=True)
class ModuleRef:
    """One value of a system's ``modules``: a module id or ``#tag``, and its condition (JSON text, ``""`` if none)."""

    ref: str
    condition: str = ""

    @property
    def is_tag(self) -> bool:
        return self.ref.startswith("#")


@dataclass(frozen=True)
class SystemDefinition:
    """One ``system:system`` entry: name, description, condition (JSON text) and module references."""

    system_id: str
    name: str
    description: str
    condition: str
    refs: tuple[ModuleRef, ...]
    pack: str
    path: str


@direct_init
@dataclass(frozen=True)
class CatalogEntry:
    """One entry of a catalog registry; ``data`` is its JSON text (kit does not interpret reward contents)."""

    catalog: str
    entry_id: str
    data: str
    pack: str
    path: str


def _order(
    module_id: str, data: dict, has_client: bool, pack: str, path: str, problems: list[Problem]
) -> tuple[int, bool]:
    if "order" not in data:
        if has_client:
            problems.append(
                Problem(
                    "missing_order", module_id, "order", "no 'order': the client entry uses the default 0", path, pack
                )
            )
        return 0, True
    value = data["order"]
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not _INT32[0] <= value <= _INT32[1]:
        problems.append(
            Problem(
                "bad_order",
                module_id,
                "order",
                f"expected a 32-bit integer, got {json_text(value)}: the default 0 is used",
                path,
                pack,
            )
        )
        return 0, True
    return value, False


def parse_selection(value: Any) -> tuple[str, ...] | None:
    """A catalog field (``keyOrTagList``): an id, a ``#tag`` or a list of them.

    Raises
    ------
    kit.FieldError
        (a ``ValueError``) When the value is none of these.
    """
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list):
        raise FieldError(f"expected an id, a #tag or a list of them, got {json_text(value)}")
    fast = _full_refs(items)
    if fast is not None:
        return fast
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, str) or _REF_RE.match(item) is None:
            where = f"[{i}] " if not isinstance(value, str) else ""
            raise FieldError(f"{where}expected an id or a #tag, got {json_text(item)}")
        out.append(full_id(item))
    return tuple(out)


def _full_valid_id(value: Any) -> str | None:
    """``full_id(value)`` when ``value`` is a valid id (:func:`~kit.modules.ids.is_valid_id`), else None."""
    return _full_valid_text(value) if type(value) is str else None


@functools.lru_cache(maxsize=4096)  # a pack names a few type ids thousands of times; bounded against hostile packs
def _full_valid_text(value: str) -> str | None:
    return full_id(value) if is_valid_id(value) else None


def parse_module(
    module_id: str, data: Any, *, pack: str = "", path: str = ""
) -> tuple[ModuleConfig | None, list[Problem]]:
    """Parse a module configuration file; ``None`` when the game would refuse it (the reason is in the problems)."""
    problems: list[Problem] = []

    def bad(field: str, message: str) -> tuple[None, list[Problem]]:
        return None, [Problem("invalid_definition", module_id, field, message, path, pack)]

    if not isinstance(data, dict):
        return bad("", f"expected a JSON object, got {type(data).__name__}")
    client = data.get("client")
    full_client = None if client is None else _full_valid_id(client)
    if client is not None and full_client is None:
        return bad("client", f"expected a client implementation id, got {json_text(client)}")
    server = data.get("server")
    server_type: str | None = None
    params: dict = {}
    selection: tuple[str, ...] | None = None
    if server is not None:
        if not isinstance(server, dict):
            return bad("server", f"expected an object with 'type', got {json_text(server)}")
        server_type = _full_valid_id(server.get("type"))
        if server_type is None:
            return bad("server.type", f"expected a server module type id, got {json_text(server.get('type'))}")
        params = dict(server)
        del params["type"]
        if server_type in CATALOG_FIELDS:
            field = CATALOG_FIELDS[server_type][0]
            if field in params:
                try:
                    selection = parse_selection(params[field])
                except ValueError as exc:
                    problems.append(Problem("bad_catalog_field", module_id, f"server.{field}", str(exc), path, pack))
                    return None, problems
    order = data.get("order")
    if type(order) is int and _INT32[0] <= order <= _INT32[1]:  # the common case, checked here
        is_default = False
    else:
        order, is_default = _order(module_id, data, client is not None, pack, path, problems)
    if server is None and client is None:
        problems.append(
            Problem("empty_module", module_id, "", "neither 'server' nor 'client': the entry does nothing", path, pack)
        )
    module = ModuleConfig(
        module_id,
        order,
        is_default,
        server_type,
        json_text(params),
        full_client,
        selection,
        pack,
        path,
    )
    return module, problems


#: A reference without a condition: systems share the records of the ids they name (they are immutable), which
#: spares building one record per mention and the collector's passes over them.
_plain_ref = functools.lru_cache(maxsize=1 << 16)(ModuleRef)


def _ref(value: Any, system_id: str, index: int, pack: str, path: str) -> ModuleRef | Problem:
    field = f"modules[{index}]"
    condition: Any = None
    ref = value
    if isinstance(value, dict):
        ref = value.get("id")
        condition = value.get("condition")
        if condition is not None and not isinstance(condition, (dict, list)):
            return Problem(
                "invalid_definition",
                system_id,
                f"{field}.condition",
                f"expected a condition object, got {json_text(condition)}",
                path,
                pack,
            )
    if not isinstance(ref, str) or _REF_RE.match(ref) is None:
        return Problem(
            "invalid_definition",
            system_id,
            field,
            f'expected a module id, a #tag or {{"id": ..., "condition": ...}}, got {json_text(value)}',
            path,
            pack,
        )
    return ModuleRef(full_id(ref), json_text(condition))


def parse_system(
    system_id: str, data: Any, *, pack: str = "", path: str = ""
) -> tuple[SystemDefinition | None, list[Problem]]:
    """Parse a system definition file; ``None`` when the game would refuse it."""

    def bad(field: str, message: str) -> tuple[None, list[Problem]]:
        return None, [Problem("invalid_definition", system_id, field, message, path, pack)]

    if not isinstance(data, dict):
        return bad("", f"expected a JSON object, got {type(data).__name__}")
    modules = data.get("modules", [])
    if not isinstance(modules, list):
        return bad("modules", f"expected a list of module ids and #tags, got {json_text(modules)}")
    condition = data.get("condition")
    if condition is not None and not isinstance(condition, (dict, list)):
        return bad("condition", f"expected a condition object, got {json_text(condition)}")
    # The common case: the ids and #tags written as text are valid and in full (checked by one match); then only the
    # other values (``{"id": ..., "condition": ...}``) are read one by one, and the first error is still the first.
    plain = _full_refs([value for value in modules if type(value) is str]) is not None
    refs = []
    for i, value in enumerate(modules):
        ref = _plain_ref(value) if plain and type(value) is str else _ref(value, system_id, i, pack, path)
        if isinstance(ref, Problem):
            return None, [ref]
        refs.append(ref)
    for field in ("name", "description"):
        if field in data and not isinstance(data[field], (str, dict, list)):
            return bad(field, f"expected text, got {json_text(data[field])}")
    return SystemDefinition(
        system_id,
        text_of(data.get("name")) or system_id,
        text_of(data.get("description")),
        json_text(condition),
        tuple(refs),
        pack,
        path,
    ), []


def parse_catalog_entry(
    catalog: str, entry_id: str, data: Any, *, pack: str = "", path: str = ""
) -> tuple[CatalogEntry | None, list[Problem]]:
    """Parse a catalog entry (any JSON object; its contents are the server's business)."""
    if not isinstance(data, dict):
        return None, [
            Problem(
                "invalid_definition", entry_id, "", f"expected a JSON object, got {type(data).__name__}", path, pack
            )
        ]
    return CatalogEntry(catalog, entry_id, json_text(data), pack, path), []
