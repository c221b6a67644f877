"""SillyTavern compatibility: read SillyTavern world files and card lore into kit's model, write them back,
and simulate SillyTavern 1.15.0's world-info activation exactly (:func:`simulate`).

Import explicitly: ``import kit.worldbook.sillytavern as st``.

Modules: :mod:`~kit.worldbook.sillytavern.reader` (world files, chub hybrids, V1/V2/V3 card lore from JSON or
PNG), :mod:`~kit.worldbook.sillytavern.mapping` (ST entries <-> kit entries, the position table),
:mod:`~kit.worldbook.sillytavern.writer` (world file, V2 ``character_book``),
:mod:`~kit.worldbook.sillytavern.convert` (ST's own card <-> world conversions),
:mod:`~kit.worldbook.sillytavern.simulator` (``checkWorldInfo``), :mod:`~kit.worldbook.sillytavern.buffer`
(scan buffer and key matching), :mod:`~kit.worldbook.sillytavern.jsregex` (JavaScript regex keys in Python,
with safety checks), :mod:`~kit.worldbook.sillytavern.decorators`, :mod:`~kit.worldbook.sillytavern.prompt`
(outlet macros, Author's Note), and ``_js`` (JavaScript semantics: key order, sort, ``JSON.stringify``,
cyrb53, mulberry32).
"""

from __future__ import annotations

from kit.worldbook.sillytavern.convert import character_book_to_world, world_to_character_book
from kit.worldbook.sillytavern.jsregex import RegexLimits, RegexTimeoutError, UnsafeRegexError, parse_regex_key
from kit.worldbook.sillytavern.mapping import (
    KIT_TO_ST_POSITION,
    ST_POSITION_NAMES,
    ST_TO_KIT_POSITION,
    EntryError,
    entry_from_st,
    entry_to_st,
)
from kit.worldbook.sillytavern.prompt import author_note_with_world_info, expand_outlets
from kit.worldbook.sillytavern.reader import is_sillytavern_world, read_world, read_world_info
from kit.worldbook.sillytavern.scenario_why import why
from kit.worldbook.sillytavern.simulator import (
    DEFAULT_SETTINGS,
    KIT_STEP_KEYS,
    SLOT_NAMES,
    ScenarioError,
    sillytavern_shape,
    simulate,
)
from kit.worldbook.sillytavern.writer import to_world_file, write_world_file

__all__ = [
    "DEFAULT_SETTINGS",
    "EntryError",
    "KIT_STEP_KEYS",
    "KIT_TO_ST_POSITION",
    "RegexLimits",
    "RegexTimeoutError",
    "SLOT_NAMES",
    "ST_POSITION_NAMES",
    "ST_TO_KIT_POSITION",
    "ScenarioError",
    "UnsafeRegexError",
    "author_note_with_world_info",
    "character_book_to_world",
    "entry_from_st",
    "entry_to_st",
    "expand_outlets",
    "is_sillytavern_world",
    "parse_regex_key",
    "read_world",
    "read_world_info",
    "sillytavern_shape",
    "simulate",
    "to_world_file",
    "why",
    "world_to_character_book",
    "write_world_file",
]
