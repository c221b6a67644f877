"""World books: kit's model and reader, activation (the design's algorithm and its roadmap), coverage.

Import explicitly (``import kit.worldbook``); pandas is imported only by functions that return frames.

Modules: :mod:`~kit.worldbook.model` (records), :mod:`~kit.worldbook.normalize` (native JSON),
:mod:`~kit.worldbook.cards` (character-card books), :mod:`~kit.worldbook.io` (files, libraries),
:mod:`~kit.worldbook.conditions` and :mod:`~kit.worldbook.logic` (parsers), :mod:`~kit.worldbook.matching`
(keys), :mod:`~kit.worldbook.activation`, :mod:`~kit.worldbook.explanation`, :mod:`~kit.worldbook.reporting`, :mod:`~kit.worldbook.prompt_assembly`,
:mod:`~kit.worldbook.trigger_coverage`, :mod:`~kit.worldbook.studio` (conversations and the sample studio).

Other formats map onto the same records (:class:`WorldBook`, :class:`Entry`, :class:`Triggers`,
:class:`KeywordTrigger`); fields kit does not model go to the records' ``extra`` mappings, verbatim, so
writers can put them back. :func:`read_world_book` detects the format (:func:`kit.worldbook.io.detect_format`)
and hands SillyTavern world files to ``kit.worldbook.sillytavern.read_world_info(path, strict=...)``.
"""

from __future__ import annotations

from kit.worldbook._deprecation import renamed_attributes
from kit.worldbook.activation import ACTIVATION_COLUMNS as ACTIVATION_SCHEMA
from kit.worldbook.activation import Activator, activate, activate_request
from kit.worldbook.payload import PAYLOAD_FIELDS, to_payload
from kit.worldbook.prompt_assembly import ASSEMBLE_SCHEMA, assemble, expand_macros
from kit.worldbook.cards import from_card, from_character_book, to_character_book
from kit.worldbook.card_portability import PORTABILITY_SCHEMA, card_to_world_file, portability, world_file_to_character_book
from kit.worldbook.chats import ChatCorpus, ChatFile, ChatLine, ChatLog, iter_chats, read_chat, read_chats, scan_chat_files
from kit.worldbook.conditions import Condition, ConditionResult, parse_condition
from kit.worldbook.trigger_coverage import coverage as entry_coverage
from kit.worldbook.trigger_coverage import (
    COVERAGE_COLUMNS,
    REPLAY_COLUMNS,
    activation_matrix,
    activations_per_turn,
    always_fired,
    co_activation,
    condition_hit_rates,
    never_fired,
    replay,
)
from kit.worldbook.errors import (
    WorldBookNotFoundError,
    ConditionSyntaxError,
    EntryNotFoundError,
    LogicSyntaxError,
    WorldBookFormatError,
)
from kit.worldbook.explanation import explain
from kit.worldbook.token_budget import BUDGET_BOOK_SCHEMA, BUDGET_ENTRY_SCHEMA, BudgetReport, budget
from kit.worldbook.reasons import OUTCOMES, WHY_SCHEMA
from kit.worldbook.tokens import TOKENIZERS
from kit.worldbook.outcomes import WHY_CHATS_SCHEMA, WHY_SUMMARY_SCHEMA, why, why_chats, why_summary
from kit.worldbook.reporting import activation_log, activation_stats, format_stats
from kit.worldbook.io import WorldBookLibrary, issues_frame, read_world_book, scan_world_books, write_world_book
from kit.worldbook.linting import LINT_KINDS, LINT_SCHEMA, lint
from kit.worldbook.logic import parse_logic
from kit.worldbook.matching import find_key, key_occurs
from kit.worldbook.model import (
    POSITION_LABELS,
    POSITION_LABELS_EN,
    POSITION_LABELS_ZH,
    POSITION_WEIGHTS,
    TRIGGER_TYPES,
    Entry,
    Issue,
    KeywordTrigger,
    RagTrigger,
    Triggers,
    WorldBook,
    position_label,
)
from kit.worldbook.normalize import world_book_from_dict, world_book_to_dict
from kit.worldbook.tuning import compare_turns, entry_diff, entry_turns, group_history_matches
from kit.worldbook.studio import (
    Conversation,
    Studio,
    Turn,
    conversation_from_dict,
    read_conversation,
    read_studio,
    scan_conversations,
)

__all__ = [
    "BUDGET_BOOK_SCHEMA",
    "BUDGET_ENTRY_SCHEMA",
    "BudgetReport",
    "budget",
    "TOKENIZERS",
    "OUTCOMES",
    "WHY_SCHEMA",
    "WHY_CHATS_SCHEMA",
    "WHY_SUMMARY_SCHEMA",
    "why",
    "why_chats",
    "why_summary",
    "entry_turns",
    "compare_turns",
    "group_history_matches",
    "entry_diff",
    "ACTIVATION_SCHEMA",
    "ASSEMBLE_SCHEMA",
    "COVERAGE_COLUMNS",
    "POSITION_LABELS",
    "POSITION_LABELS_EN",
    "POSITION_LABELS_ZH",
    "POSITION_WEIGHTS",
    "PAYLOAD_FIELDS",
    "REPLAY_COLUMNS",
    "TRIGGER_TYPES",
    "activate",
    "activate_request",
    "activation_log",
    "activation_matrix",
    "activation_stats",
    "activations_per_turn",
    "Activator",
    "always_fired",
    "assemble",
    "world_book_from_dict",
    "world_book_to_dict",
    "WorldBookNotFoundError",
    "ChatCorpus",
    "ChatFile",
    "ChatLog",
    "ChatLine",
    "co_activation",
    "Condition",
    "condition_hit_rates",
    "ConditionResult",
    "ConditionSyntaxError",
    "Conversation",
    "conversation_from_dict",
    "entry_coverage",
    "Entry",
    "EntryNotFoundError",
    "expand_macros",
    "explain",
    "find_key",
    "format_stats",
    "from_character_book",
    "Issue",
    "issues_frame",
    "iter_chats",
    "key_occurs",
    "KeywordTrigger",
    "read_studio",
    "LogicSyntaxError",
    "LINT_KINDS",
    "PORTABILITY_SCHEMA",
    "portability",
    "card_to_world_file",
    "world_file_to_character_book",
    "LINT_SCHEMA",
    "lint",
    "never_fired",
    "parse_condition",
    "parse_logic",
    "position_label",
    "RagTrigger",
    "read_chat",
    "read_chats",
    "read_conversation",
    "read_world_book",
    "replay",
    "scan_chat_files",
    "scan_conversations",
    "scan_world_books",
    "Studio",
    "to_character_book",
    "from_card",
    "to_payload",
    "Triggers",
    "Turn",
    "WorldBook",
    "WorldBookFormatError",
    "WorldBookLibrary",
    "write_world_book",
]

# Renamed for one meaning per name (the old spellings warn for one release): ``book_from_dict`` is also
# kit.books' Book reader, ``ChatMessage`` kit.books' record, ``load_studio`` kit.samples' loader of the sample
# studio, ``coverage`` kit.fleet's corpus coverage.
__getattr__ = renamed_attributes(__name__, {
    "book_from_dict": "world_book_from_dict", "book_to_dict": "world_book_to_dict", "ChatMessage": "ChatLine",
    "load_studio": "read_studio", "coverage": "entry_coverage", "ACTIVATION_COLUMNS": "ACTIVATION_SCHEMA",
    "ASSEMBLE_COLUMNS": "ASSEMBLE_SCHEMA",
}, globals())
