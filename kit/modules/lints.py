"""Lints the design implies beyond what the game refuses (pure): warnings a pack author wants to hear about.

* ``builtin_without_default``: a built-in catalog configuration (``system`` namespace, sign-in / shop / lottery type)
  that does not select exactly ``#system:default`` ("内置模块显式使用对应 #system:default");
* ``unexpected_parameters``: parameters on a built-in type that takes none (its codec is ``MapCodec.unit``, which
  ignores them: "无参数内置类型用 MapCodec.unit");
* ``unavailable_module``: a configuration whose type needs an optional mod the server lacks (the FTB module without
  FTB Quests: "依赖缺席时 available() 为 false，跳过工作流、运行时与存储钩子");
* ``unknown_registry_folder``: a file under ``data/<ns>/system/<folder>/`` or ``data/<ns>/tags/system/<folder>/``
  that is no registry the design reads, such as a legacy folder ("没有旧模块注册表/tag 路径兼容层").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from kit.modules.builtin import DEFAULT_CATALOG_TAG, OPTIONAL_MODS, SERVER_TYPES
from kit.modules.definitions import CATALOG_FIELDS, ModuleConfig
from kit.modules.problems import Problem

__all__ = ["lint_modules", "lint_folders", "unavailable_modules"]

_SYSTEM_FILE = re.compile(r"^data/([^/]+)/(tags/)?system/([^/]+)/.+\.json$")


def unavailable_modules(modules: Mapping[str, ModuleConfig], mods: Iterable[str] | None) -> dict[str, str]:
    """Configuration id -> the missing mod, for types whose optional mod is not loaded (``{}`` when mods unknown)."""
    if mods is None:
        return {}
    loaded = set(mods)
    return {
        m.module_id: OPTIONAL_MODS[m.server_type]
        for m in modules.values()
        if m.server_type in OPTIONAL_MODS and OPTIONAL_MODS[m.server_type] not in loaded
    }


def lint_modules(modules: Mapping[str, ModuleConfig], mods: Iterable[str] | None) -> list[Problem]:
    """The module-level lints (see the module docstring)."""
    out = []
    for m in modules.values():
        if (
            m.server_type in CATALOG_FIELDS
            and m.module_id.startswith("system:")
            and m.selection != (DEFAULT_CATALOG_TAG,)
        ):
            field = CATALOG_FIELDS[m.server_type][0]
            shown = "omitted (the whole registry)" if m.selection is None else ", ".join(m.selection) or "[]"
            out.append(
                Problem(
                    "builtin_without_default",
                    m.module_id,
                    f"server.{field}",
                    f"a built-in catalog configuration selects {shown}; the design's built-ins select "
                    f"{DEFAULT_CATALOG_TAG} explicitly",
                    m.path,
                    m.pack,
                )
            )
        if m.server_type in SERVER_TYPES and m.server_type not in CATALOG_FIELDS and m.server_params not in ("", "{}"):
            out.append(
                Problem(
                    "unexpected_parameters",
                    m.module_id,
                    "server",
                    f"{m.server_type} takes no parameters (MapCodec.unit): {m.server_params} is ignored",
                    m.path,
                    m.pack,
                )
            )
    for module_id, mod in sorted(unavailable_modules(modules, mods).items()):
        m = modules[module_id]
        out.append(
            Problem(
                "unavailable_module",
                module_id,
                "server.type",
                f"{m.server_type} needs the mod {mod}, which the server lacks: available() is false, so "
                "its workflows, runtime and storage are skipped and no player has it",
                m.path,
                m.pack,
            )
        )
    return out


def lint_folders(
    files: Iterable[tuple[str, str]], registries: Iterable[str], tag_registries: Iterable[str]
) -> list[Problem]:
    """``unknown_registry_folder`` rows for ``(pack, path)`` files under ``system/`` folders the game does not read."""
    known, known_tags = set(registries), set(tag_registries)
    seen: set[tuple[str, str]] = set()
    out = []
    for pack, rel in files:
        m = _SYSTEM_FILE.match(rel)
        if not m:
            continue
        is_tag, folder = bool(m.group(2)), m.group(3)
        if folder in (known_tags if is_tag else known) or (pack, folder) in seen:
            continue
        seen.add((pack, folder))
        where = f"data/{m.group(1)}/{'tags/' if is_tag else ''}system/{folder}/"
        expected = ", ".join(sorted(known_tags if is_tag else known))
        out.append(
            Problem(
                "unknown_registry_folder",
                "",
                "",
                f"{where} is no registry the game reads (expected one "
                f"of: {expected}); a legacy or misspelt folder is ignored, there is no compatibility layer",
                rel,
                pack,
            )
        )
    return out
