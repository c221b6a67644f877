"""World books: kit's model and reader, activation (the design's algorithm and its roadmap), coverage.

Import explicitly (``import kit.worldbook``); pandas is imported only by functions that return frames. Every
public name is here; the subpackages hold the modules, one concept each, and import only downwards in this order:

- :mod:`kit.worldbook.book`: the records (``model``), the condition and logic syntax (``conditions``, ``logic``),
  kit's native JSON (``normalize``), character-card books (``cards``), files and libraries (``io``);
- :mod:`kit.worldbook.engine`: kit's activation engine (``compiled``, ``matching``, ``activation``, ``conflicts``,
  ``request``), the outcome of each entry (``reasons``, ``judge``, ``near_miss``), ``payload``,
  ``prompt_assembly``, ``reporting``;
- :mod:`kit.worldbook.conversations`: the studio's conversations (``studio``) and chat corpora (``chats``);
- :mod:`kit.worldbook.analysis`: books over conversations (``trigger_coverage``, ``outcomes``, ``explanation``,
  ``token_budget``, ``tokens``, ``tuning``);
- :mod:`kit.worldbook.checks`: ``linting`` (with its checks in ``lint_rules``) and ``card_portability``;
- :mod:`kit.worldbook.sillytavern`: SillyTavern's format and an exact simulator of its activation.

The old flat paths (``kit.worldbook.model``, ``kit.worldbook.activation``, ...) still import for one release: each
is a small module that warns (DeprecationWarning, naming the new path) and makes the old name the moved module itself.

Other formats map onto the same records (:class:`WorldBook`, :class:`Entry`, :class:`Triggers`,
:class:`KeywordTrigger`); fields kit does not model go to the records' ``extra`` mappings, verbatim, so
writers can put them back. :func:`read_world_book` detects the format (:func:`kit.worldbook.book.io.detect_format`)
and hands SillyTavern world files to ``kit.worldbook.sillytavern.read_world_info(path, strict=...)``.
"""

from __future__ import annotations

from kit.worldbook._deprecation import renamed_attributes
from kit.worldbook.analysis.explanation import explain
from kit.worldbook.analysis.outcomes import WHY_CHATS_SCHEMA, WHY_SUMMARY_SCHEMA, why, why_chats, why_summary
from kit.worldbook.analysis.token_budget import BUDGET_BOOK_SCHEMA, BUDGET_ENTRY_SCHEMA, BudgetReport, budget
from kit.worldbook.analysis.tokens import TOKENIZERS
from kit.worldbook.analysis.trigger_coverage import (
    COVERAGE_SCHEMA,
    REPLAY_SCHEMA,
    activation_matrix,
    activations_per_turn,
    always_fired,
    co_activation,
    condition_hit_rates,
    never_fired,
    replay,
)
from kit.worldbook.analysis.trigger_coverage import coverage as entry_coverage
from kit.worldbook.analysis.tuning import compare_turns, entry_diff, entry_turns, group_history_matches
from kit.worldbook.book.cards import from_card, from_character_book, to_character_book
from kit.worldbook.book.conditions import Condition, ConditionResult, parse_condition
from kit.worldbook.book.io import WorldBookLibrary, issues_frame, read_world_book, scan_world_books, write_world_book
from kit.worldbook.book.logic import parse_logic
from kit.worldbook.book.model import (
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
from kit.worldbook.book.normalize import world_book_from_dict, world_book_to_dict
from kit.worldbook.checks.card_portability import (
    PORTABILITY_SCHEMA,
    card_to_world_file,
    portability,
    world_file_to_character_book,
)
from kit.worldbook.checks.linting import LINT_KINDS, LINT_SCHEMA, lint
from kit.worldbook.conversations.chats import (
    ChatCorpus,
    ChatFile,
    ChatLine,
    ChatLog,
    iter_chats,
    read_chat,
    read_chats,
    scan_chat_files,
)
from kit.worldbook.conversations.studio import (
    Conversation,
    Studio,
    Turn,
    conversation_from_dict,
    read_conversation,
    read_studio,
    scan_conversations,
)
from kit.worldbook.engine.activation import ACTIVATION_SCHEMA, Activator, activate, activate_request
from kit.worldbook.engine.matching import find_key, key_occurs
from kit.worldbook.engine.payload import PAYLOAD_FIELDS, to_payload
from kit.worldbook.engine.prompt_assembly import ASSEMBLE_SCHEMA, assemble, expand_macros
from kit.worldbook.engine.reasons import OUTCOMES, WHY_SCHEMA
from kit.worldbook.engine.reporting import activation_log, activation_stats, format_stats
from kit.worldbook.errors import (
    ConditionSyntaxError,
    EntryNotFoundError,
    LogicSyntaxError,
    WorldBookFormatError,
    WorldBookNotFoundError,
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
    "COVERAGE_SCHEMA",
    "POSITION_LABELS",
    "POSITION_LABELS_EN",
    "POSITION_LABELS_ZH",
    "POSITION_WEIGHTS",
    "PAYLOAD_FIELDS",
    "REPLAY_SCHEMA",
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
__getattr__ = renamed_attributes(
    __name__,
    {
        "book_from_dict": "world_book_from_dict",
        "book_to_dict": "world_book_to_dict",
        "ChatMessage": "ChatLine",
        "load_studio": "read_studio",
        "coverage": "entry_coverage",
        "ACTIVATION_COLUMNS": "ACTIVATION_SCHEMA",
        "ASSEMBLE_COLUMNS": "ASSEMBLE_SCHEMA",
        "COVERAGE_COLUMNS": "COVERAGE_SCHEMA",
        "REPLAY_COLUMNS": "REPLAY_SCHEMA",
    },
    globals(),
)
