"""Simulate SillyTavern 1.15.0 world-info activation (``checkWorldInfo``) on a scenario, quirks included.

The scenario and result formats are those of ``shared/data/st-scenarios/README.md``; the behaviour is the
note ``sillytavern-world-info.md``. One call runs every step of a scenario, carrying the timed-effect state
(``chat_metadata.timedWorldInfo``) from step to step.
"""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kit.worldbook.book._files import MAX_INT_DIGITS, MAX_JSON_DEPTH, HugeInt
from kit.worldbook.sillytavern._js import (
    JS_WHITESPACE,
    Mulberry32,
    cyrb53_many,
    js_keys,
    js_length,
    js_loose_true,
    js_number,
    js_round,
    js_sort,
    js_trim,
    js_truthy,
    json_stringify,
)
from kit.worldbook.sillytavern.buffer import (
    SCAN_INITIAL,
    SCAN_MIN_ACTIVATIONS,
    SCAN_NONE,
    SCAN_RECURSION,
    ScanBuffer,
    entry_settings,
    exact_plain,
    scan_key,
    substitute_params,
)
from kit.worldbook.sillytavern.convert import card_character_book, character_book_to_world
from kit.worldbook.sillytavern.decorators import parse_decorators
from kit.worldbook.sillytavern.errors import ScenarioError
from kit.worldbook.sillytavern.jsregex import (
    MATCH_TIMEOUT_S,
    TIME_BUDGET_S,
    RegexLimits,
    RegexTimeoutError,
    parse_regex_key,
)
from kit.worldbook.sillytavern.keyindex import KeyIndex
from kit.worldbook.sillytavern.outcomes import NearMisses, NearMissIndex, OutcomeRecorder, needles_of

__all__ = [
    "simulate",
    "sillytavern_shape",
    "ScenarioError",
    "DEFAULT_SETTINGS",
    "SLOT_NAMES",
    "GENERATION_TYPES",
    "KIT_STEP_KEYS",
]

#: Module defaults of SillyTavern's world-info settings (what a scenario gets when it omits one).
DEFAULT_SETTINGS: dict[str, Any] = {
    "world_info_depth": 2,
    "world_info_budget": 25,
    "world_info_recursive": False,
    "world_info_match_whole_words": False,
    "world_info_case_sensitive": False,
    "world_info_include_names": True,
    "world_info_character_strategy": 1,
    "world_info_budget_cap": 0,
    "world_info_min_activations": 0,
    "world_info_min_activations_depth_max": 0,
    "world_info_max_recursion_steps": 0,
    "world_info_use_group_scoring": False,
    "world_info_overflow_alert": False,
}

#: The slots of a step result, in output order.
SLOT_NAMES: tuple[str, ...] = (
    "worldInfoBefore",
    "worldInfoAfter",
    "EMEntries",
    "ANBeforeEntries",
    "ANAfterEntries",
    "WIDepthEntries",
    "outletEntries",
)

#: Generation types an entry's ``triggers`` may list.
GENERATION_TYPES: tuple[str, ...] = ("normal", "continue", "impersonate", "swipe", "regenerate", "quiet")

_GROUP_SPLIT = re.compile(f",[{re.escape(JS_WHITESPACE)}]*")
_STATE_NAMES = {SCAN_INITIAL: "initial", SCAN_RECURSION: "recursion", SCAN_MIN_ACTIVATIONS: "min_activations"}


# ---------------------------------------------------------------------------------------------------------
# random numbers and tokens
# ---------------------------------------------------------------------------------------------------------


class _Random:
    def __init__(self, spec: Any) -> None:
        self.values: list[float] | None = None
        self.gen: Callable[[], float] | None = None
        self.used = 0
        if spec is None:
            self.gen = Mulberry32(0)
        elif not isinstance(spec, Mapping):
            raise ScenarioError(f"scenario field 'random' must be an object, got {type(spec).__name__}")
        elif "values" in spec:
            vals = spec["values"]
            if not isinstance(vals, list) or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in vals
            ):
                raise ScenarioError("scenario field 'random.values' must be a list of numbers")
            self.values = [float(v) for v in vals]
        else:
            seed = spec.get("seed", 0)
            if not isinstance(seed, (int, float)) or isinstance(seed, bool):
                raise ScenarioError(f"scenario field 'random.seed' must be a number, got {seed!r}")
            self.gen = Mulberry32(int(seed))

    def __call__(self) -> float:
        self.used += 1
        if self.values is not None:
            if self.used > len(self.values):
                raise ScenarioError(
                    f"scenario field 'random.values' ran out: draw {self.used} needed, {len(self.values)} given"
                )
            return self.values[self.used - 1]
        assert self.gen is not None
        return self.gen()


@dataclass(frozen=True)
class _Tokenizer:
    """Token counts as an additive measure of text (UTF-16 length or words) and a count from a measure."""

    measure: Callable[[str], int]
    count_of: Callable[[int], int]

    def __call__(self, text: str) -> int:
        return self.count_of(self.measure(text))


_WORDS = re.compile(f"[^{re.escape(JS_WHITESPACE)}]+")


def _token_counter(kind: Any) -> _Tokenizer:
    if kind in (None, "guesstimate"):
        return _Tokenizer(js_length, lambda m: math.ceil(m / 3.35) if m else 0)
    if kind == "chars":
        return _Tokenizer(js_length, lambda m: m)
    if kind == "words":
        return _Tokenizer(lambda text: sum(1 for _ in _WORDS.finditer(text)), lambda m: m)
    raise ScenarioError(f"scenario field 'tokenizer' must be 'guesstimate', 'chars' or 'words', got {kind!r}")


# ---------------------------------------------------------------------------------------------------------
# entries
# ---------------------------------------------------------------------------------------------------------


class _Entry(dict[str, Any]):
    """An entry of ``sortedEntries``: the raw world entry plus ``world``, ``hash`` and ``decorators``."""

    __slots__ = ("key_id", "book", "uid_text", "ehash", "shash", "index", "raw_key", "plain", "rules", "group")

    key_id: str  # "<world>.<uid>", the key of the timed-effect stores and of ``activated``
    uid_text: str  # the uid as JavaScript prints it
    book: str  # its world's name (the ``world`` field as text)
    ehash: int  # cyrb53 of the entry's JSON, ST's ``entry.hash``
    shash: str  # str(ehash), the key of the timed-effect sets
    index: int  # position in ``sortedEntries``
    raw_key: str  # the entry's key in its book's ``entries``
    plain: tuple[frozenset[str], bool] | None  # see _static_key_only
    rules: _Rules  # see _rules
    group: int  # index of its _KeyGroup in _Prepared.groups

    # typeshed declares dict.__hash__ as None; entries hash by identity on purpose, like JS objects in a Set
    def __hash__(self) -> int:  # type: ignore[override]
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other


def _order_value(e: Mapping[str, Any]) -> float:
    return js_number(e["order"]) if "order" in e else math.nan


def _sort_fn(a: Mapping[str, Any], b: Mapping[str, Any]) -> float:
    return _order_value(b) - _order_value(a)


def _sort_by_order(entries: list[_Entry]) -> list[_Entry]:
    orders = [_order_value(e) for e in entries]
    if all(o == o for o in orders):  # no NaN: a consistent comparator, so any stable sort agrees with V8
        return [e for _, e in sorted(zip(orders, entries), key=lambda pair: -pair[0])]
    return js_sort(entries, _sort_fn)


def _strict_eq(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and a == b


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


# ---------------------------------------------------------------------------------------------------------
# timed effects
# ---------------------------------------------------------------------------------------------------------


class _TimedEffects:
    def __init__(self, chat_len: int, prepared: _Prepared, metadata: dict[str, Any], dry_run: bool) -> None:
        self.chat_len = chat_len
        self.delayed = prepared.delayed
        self.meta = metadata
        self.dry_run = dry_run
        self.active: dict[str, set[str]] = {"sticky": set(), "cooldown": set(), "delay": set()}
        self.by_hash = prepared.by_hash
        self.touched: set[str] = set()  # hashes of the entries under any timed effect, after check()
        for t in ("sticky", "cooldown"):
            if not isinstance(self.meta.get(t), dict):
                self.meta[t] = {}

    def _effect(self, kind: str, entry: _Entry, *, protected: bool = False) -> dict[str, Any]:
        duration = js_number(entry.get(kind))
        end = self.chat_len + duration
        return {
            "hash": entry.ehash,
            "start": self.chat_len,
            "end": int(end) if float(end).is_integer() else end,
            "protected": protected,
        }

    def _check(self, kind: str) -> None:
        store = self.meta[kind]
        for key in list(store.keys()):
            value = store.get(key)
            if not isinstance(value, Mapping):
                del store[key]
                continue
            entry = self.by_hash.get(str(value.get("hash")))
            if self.chat_len <= js_number(value.get("start")) and not value.get("protected"):
                del store[key]
                continue
            if entry is None:
                if self.chat_len >= js_number(value.get("end")):
                    del store[key]
                continue
            if not js_truthy(entry.get(kind)):
                del store[key]
                continue
            if self.chat_len >= js_number(value.get("end")):
                del store[key]
                if kind == "sticky" and js_truthy(entry.get("cooldown")):
                    self.meta["cooldown"][entry.key_id] = self._effect("cooldown", entry, protected=True)
                continue
            self.active[kind].add(str(entry.ehash))

    def check(self) -> None:
        if not self.dry_run:
            self._check("sticky")
            self._check("cooldown")
        for e in self.delayed:
            if self.chat_len < js_number(e.get("delay")):
                self.active["delay"].add(e.shash)
        self.touched = self.active["sticky"] | self.active["cooldown"] | self.active["delay"]

    def is_active(self, kind: str, entry: _Entry) -> bool:
        return entry.shash in self.active[kind]

    def set_effects(self, activated: Sequence[_Entry]) -> None:
        if self.dry_run:
            return
        for e in activated:
            for kind in ("sticky", "cooldown"):
                if not js_truthy(e.get(kind)):
                    continue
                if e.key_id not in self.meta[kind]:
                    self.meta[kind][e.key_id] = self._effect(kind, e)


# ---------------------------------------------------------------------------------------------------------
# the scenario
# ---------------------------------------------------------------------------------------------------------


@dataclass
class _Context:
    user: str
    char: str
    settings: dict[str, Any]
    books: dict[str, Mapping[str, Any]]
    global_books: list[str]
    character_book: str | None
    chat_book: str | None
    persona_book: str | None
    extra_character_books: list[str]
    char_avatar: str | None
    tag_map: Mapping[str, Any]
    tag_key: str | None
    extension_prompts: Mapping[str, Any]
    global_scan_data: dict[str, Any]
    random: _Random
    tokens: _Tokenizer
    metadata: dict[str, Any]
    trace: bool
    regex_limits: RegexLimits
    regex_errors: list[dict[str, Any]] = field(default_factory=list)
    timed_out: dict[str, str] = field(default_factory=dict)
    key_cache: dict[Any, list[str]] = field(default_factory=dict)
    key_index: KeyIndex = field(default_factory=lambda: KeyIndex(exact_plain))
    prepared: _Prepared | None = None  # sortedEntries and what is known about them before any generation
    measures: dict[str, int] = field(default_factory=dict)  # content -> tokens.measure(content + "\n")
    forced: frozenset[str] = frozenset()
    outcomes: bool = False
    near_index: NearMissIndex | None = None  # the entries' keys for near misses, kept across steps


def _opt_str(scenario: Mapping[str, Any], name: str) -> str | None:
    value = scenario.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise ScenarioError(f"scenario field {name!r} must be a book name (string), got {type(value).__name__}")
    return value


def _name_value(scenario: Mapping[str, Any], name: str, default: str) -> str:
    value = scenario.get(name)
    if value is None:
        return default
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _js_str(int(value) if isinstance(value, float) and value.is_integer() else value)
    raise ScenarioError(f"scenario field {name!r} must be a name (string), got {type(value).__name__}")


def _mapping(scenario: Mapping[str, Any], name: str, what: str) -> Mapping[str, Any]:
    value = scenario.get(name)
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ScenarioError(f"scenario field {name!r} must be {what}, got {type(value).__name__}")
    return value


def _character(scenario: Mapping[str, Any], char: str, character_book: str | None) -> str | None:
    """The current character's avatar file name, or ``None`` when there is no current character."""
    character = scenario.get("character")
    if character is None:
        return f"{char}.png" if character_book is not None else None
    if not isinstance(character, Mapping):
        raise ScenarioError(
            "scenario field 'character' must be an object such as "
            f'{{"avatar": "name.png"}}, got {type(character).__name__}'
        )
    avatar = character.get("avatar")
    if avatar is None:
        return f"{char}.png"
    if not isinstance(avatar, str):
        raise ScenarioError(
            f"scenario field 'character.avatar' must be a file name (string), got {type(avatar).__name__}"
        )
    return avatar


def _tag_map(scenario: Mapping[str, Any]) -> tuple[Mapping[str, Any], str | None]:
    tag_map = _mapping(scenario, "tagMap", "an object of tag-id lists")
    for key, tags in tag_map.items():
        if not isinstance(tags, list):
            raise ScenarioError(f"scenario field 'tagMap.{key}' must be a list of tag ids, got {type(tags).__name__}")
    tag_key = scenario.get("tagKey")
    if tag_key is not None and not isinstance(tag_key, str):
        raise ScenarioError(f"scenario field 'tagKey' must be a string or null, got {type(tag_key).__name__}")
    return tag_map, tag_key


def _shape_ok(scenario: Mapping[str, Any]) -> bool:
    """The fast path of :func:`_check_shape`: no paths are built."""
    stack: list[tuple[Any, int]] = [(scenario, 0)]
    while stack:
        v, depth = stack.pop()
        for x in v.values() if isinstance(v, Mapping) else v:
            t = type(x)
            if t is str or t is float or t is bool or x is None:
                continue
            if t is int:
                if x.bit_length() > 14_000:
                    return False
            elif isinstance(x, (Mapping, list, tuple)):
                if depth + 1 >= MAX_JSON_DEPTH:
                    return False
                stack.append((x, depth + 1))
            elif isinstance(x, HugeInt) or (isinstance(x, int) and x.bit_length() > 14_000):
                return False
    return True


def _check_shape(scenario: Mapping[str, Any]) -> None:
    """Refuse values the simulation cannot walk or print: nesting deeper than ``MAX_JSON_DEPTH`` and integers
    too long to convert to text (hashing stringifies entries). Iterative, one pass.
    """
    if _shape_ok(scenario):
        return
    stack: list[tuple[str, Any, int]] = [(str(k), v, 1) for k, v in scenario.items()]
    while stack:
        where, value, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise ScenarioError(
                f"scenario field {where.split('.')[0]!r} is nested deeper than {MAX_JSON_DEPTH} levels "
                f"(at {where[:120]})"
            )
        if isinstance(value, Mapping):
            stack.extend((f"{where}.{k}", v, depth + 1) for k, v in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((f"{where}[{i}]", v, depth + 1) for i, v in enumerate(value))
        elif isinstance(value, HugeInt) or (isinstance(value, int) and value.bit_length() > 14_000):
            raise ScenarioError(
                f"scenario field {where!r} holds an integer too long to convert (more than {MAX_INT_DIGITS} digits)"
            )


def _context(scenario: Mapping[str, Any], trace: bool | None, limits: RegexLimits) -> _Context:
    if not isinstance(scenario, Mapping):
        raise ScenarioError(f"a scenario must be a JSON object, got {type(scenario).__name__}")
    _check_shape(scenario)
    settings = dict(DEFAULT_SETTINGS)
    settings.update(_mapping(scenario, "settings", "an object"))
    if js_number(settings["world_info_budget"]) > 100:
        settings["world_info_budget"] = 25
    books: dict[str, Mapping[str, Any]] = {}
    raw_books = _mapping(scenario, "books", "an object of world files")
    for name in js_keys(raw_books):
        book = raw_books[name]
        if not isinstance(book, Mapping) or not isinstance(book.get("entries"), Mapping):
            raise ScenarioError(f"scenario field 'books.{name}' must be a world file with an 'entries' object")
        books[name] = book
    raw_cards = _mapping(scenario, "cardBooks", "an object")
    for name in js_keys(raw_cards):
        card = raw_cards[name]
        cb = card_character_book(card) if isinstance(card, Mapping) else None
        if cb is None:
            raise ScenarioError(f"scenario field 'cardBooks.{name}' holds no character_book")
        books[name] = character_book_to_world(cb)
    character_book = _opt_str(scenario, "characterBook")
    chat_book = _opt_str(scenario, "chatBook")
    persona_book = _opt_str(scenario, "personaBook")
    for fname, bname in (("characterBook", character_book), ("chatBook", chat_book), ("personaBook", persona_book)):
        if bname is not None and bname not in books:
            raise ScenarioError(
                f"scenario field {fname!r} names the book {bname!r}, which is not in 'books' or 'cardBooks'"
            )
    extra_books = scenario.get("characterExtraBooks") or []
    if not isinstance(extra_books, list) or not all(isinstance(x, str) and x in books for x in extra_books):
        raise ScenarioError(
            "scenario field 'characterExtraBooks' must be a list of names of books in 'books' or 'cardBooks'"
        )
    if "globalBooks" in scenario and scenario["globalBooks"] is not None:
        gb = scenario["globalBooks"]
        if not isinstance(gb, list) or not all(isinstance(x, str) for x in gb):
            raise ScenarioError("scenario field 'globalBooks' must be a list of book names")
        for bname in gb:
            if bname not in books:
                raise ScenarioError(
                    f"scenario field 'globalBooks' names the book {bname!r}, which is not in 'books' or 'cardBooks'"
                )
        global_books = list(gb)
    else:
        used = {character_book, chat_book, persona_book, *extra_books}
        global_books = [b for b in books if b not in used]
    user = _name_value(scenario, "user", "User")
    char = _name_value(scenario, "char", "Char")
    gsd = {
        "personaDescription": "",
        "characterDescription": "",
        "characterPersonality": "",
        "characterDepthPrompt": "",
        "scenario": "",
        "creatorNotes": "",
        "trigger": "normal",
    }
    gsd.update(_mapping(scenario, "globalScanData", "an object"))
    ext_prompts = _mapping(scenario, "extensionPrompts", "an object")
    meta = _mapping(scenario, "chatMetadata", "an object").get("timedWorldInfo") or {}
    if not isinstance(meta, Mapping):
        raise ScenarioError(
            f"scenario field 'chatMetadata.timedWorldInfo' must be an object, got {type(meta).__name__}"
        )
    meta = copy.deepcopy(dict(meta))
    tag_map, tag_key = _tag_map(scenario)
    return _Context(
        user=user,
        char=char,
        settings=settings,
        books=books,
        global_books=global_books,
        character_book=character_book,
        chat_book=chat_book,
        persona_book=persona_book,
        extra_character_books=list(extra_books),
        char_avatar=_character(scenario, char, character_book),
        tag_map=tag_map,
        tag_key=tag_key,
        extension_prompts=ext_prompts,
        global_scan_data=gsd,
        random=_Random(scenario.get("random")),
        tokens=_token_counter(scenario.get("tokenizer")),
        metadata=meta,
        trace=bool(scenario.get("trace", False) if trace is None else trace),
        regex_limits=limits,
    )


def _book_entries(ctx: _Context, name: str) -> list[_Entry]:
    entries = ctx.books[name]["entries"]
    out = []
    for k in js_keys(entries):
        raw = entries[k]
        if not isinstance(raw, Mapping):
            continue
        # ST builds ({ uid, ...rest }) => ({ uid, world, ...rest }): the key order matters for the hash
        e = _Entry()
        if "uid" in raw:
            e["uid"] = raw["uid"]
        e["world"] = name
        for field_name, value in raw.items():
            if field_name != "uid":
                e[field_name] = value
        e.raw_key = k
        out.append(e)
    return out


@dataclass
class _Prepared:
    """``sortedEntries`` and what the generations need to know about them, built once per simulation: the books,
    the names and the settings that order and match them do not change between steps. A generation never
    changes an entry (the content it rewrites is kept per generation), so every step shares these.
    """

    entries: list[_Entry]
    by_hash: dict[str, _Entry]  # str(hash) -> entry (the last one of equal hashes), for stored timed effects
    by_hash_all: dict[str, list[_Entry]]  # str(hash) -> every entry with that hash
    by_key_id: dict[str, list[_Entry]]  # "<world>.<uid>" -> entries, for forced activations
    delayed: list[_Entry]  # entries with a truthy ``delay``
    levels: list[float]  # the delay-until-recursion levels, ascending
    checked: list[int]  # indices of the entries every pass checks (those whose keys alone do not decide)
    groups: list[_KeyGroup]  # the entries by the text they scan (entry.group is the index)


@dataclass
class _KeyGroup:
    """Entries that scan the same text with the same case and whole-word settings; ``members`` maps each key (as
    the key index holds it) of the group's entries decided by their plain primary keys alone to their indices.
    """

    first: _Entry
    case_sensitive: bool
    members: dict[str, list[int]]


def _entries(ctx: _Context) -> _Prepared:
    if ctx.prepared is None:
        ctx.prepared = _prepared(ctx, _prepare_entries(ctx))
    return ctx.prepared


def _prepared(ctx: _Context, entries: list[_Entry]) -> _Prepared:
    by_hash_all: dict[str, list[_Entry]] = {}
    by_key_id: dict[str, list[_Entry]] = {}
    checked: list[int] = []
    groups: list[_KeyGroup] = []
    group_of: dict[Any, int] = {}
    for e in entries:
        by_hash_all.setdefault(e.shash, []).append(e)
        by_key_id.setdefault(e.key_id, []).append(e)
        for field_name in ("key", "keysecondary"):
            keys = e.get(field_name)
            if isinstance(keys, list):
                for sub in _substituted(ctx, e, field_name, keys):
                    needle = js_trim(sub) if sub else ""
                    if needle and not needle.startswith("/"):
                        ctx.key_index.add(needle)
        e.rules = _rules(ctx, e)
        e.plain = _static_key_only(ctx, e)
        case_sensitive, whole_words = entry_settings(e, ctx.settings)
        where = (scan_key(e), case_sensitive, whole_words)
        e.group = group_of.setdefault(where, len(groups))
        if e.group == len(groups):
            groups.append(_KeyGroup(e, case_sensitive, {}))
        group = groups[e.group]
        if e.plain is None:
            checked.append(e.index)
            continue
        for n in e.plain[0]:
            group.members.setdefault(n, []).append(e.index)
    levels = sorted(
        {
            1.0 if e.get("delayUntilRecursion") is True else js_number(e.get("delayUntilRecursion"))
            for e in entries
            if js_truthy(e.get("delayUntilRecursion"))
        }
    )
    return _Prepared(
        entries=entries,
        by_hash={e.shash: e for e in entries},
        by_hash_all=by_hash_all,
        by_key_id=by_key_id,
        delayed=[e for e in entries if js_truthy(e.get("delay"))],
        levels=levels,
        checked=checked,
        groups=groups,
    )


def _prepare_entries(ctx: _Context) -> list[_Entry]:
    selected = ctx.global_books
    chat_lore: list[_Entry] = []
    persona_lore: list[_Entry] = []
    character_lore: list[_Entry] = []
    if ctx.chat_book and ctx.chat_book not in selected:
        chat_lore = _book_entries(ctx, ctx.chat_book)
    if ctx.persona_book and ctx.persona_book != ctx.chat_book and ctx.persona_book not in selected:
        persona_lore = _book_entries(ctx, ctx.persona_book)
    worlds = list(dict.fromkeys(([ctx.character_book] if ctx.character_book else []) + ctx.extra_character_books))
    for cb in worlds:
        if cb not in selected and cb != ctx.chat_book and cb != ctx.persona_book:
            character_lore += _book_entries(ctx, cb)
    global_lore = [e for name in selected for e in _book_entries(ctx, name)]
    strategy = js_number(ctx.settings.get("world_info_character_strategy", 1))
    if strategy == 1:
        entries = _sort_by_order(character_lore) + _sort_by_order(global_lore)
    elif strategy == 2:
        entries = _sort_by_order(global_lore) + _sort_by_order(character_lore)
    else:
        entries = _sort_by_order(global_lore + character_lore)
    entries = _sort_by_order(chat_lore) + _sort_by_order(persona_lore) + entries
    for i, e in enumerate(entries):
        # { ...entry, decorators, content } then hash = getStringHash(JSON.stringify(entry))
        content = e.get("content")
        decorators, new_content = parse_decorators(_content_text(e) if js_truthy(content) else "")
        e["decorators"] = decorators
        e["content"] = new_content
        e.uid_text = _uid_text(e.get("uid"))
        e.book = name_of(e)
        e.key_id = f"{e.book}.{e.uid_text}"
        e.index = i
    for e, ehash in zip(entries, cyrb53_many([json_stringify(e) for e in entries])):
        e.ehash = ehash
        e.shash = str(ehash)
    return entries


def name_of(e: Mapping[str, Any]) -> str:
    return str(e.get("world"))


def _uid_text(uid: Any) -> str:
    if uid is None:
        return "undefined"
    if isinstance(uid, bool):
        return "true" if uid else "false"
    if isinstance(uid, float) and uid.is_integer():
        return str(int(uid))
    return str(uid)


# ---------------------------------------------------------------------------------------------------------
# one generation
# ---------------------------------------------------------------------------------------------------------


def _format_chat(ctx: _Context, chat: Any, trigger: str, dry_run: bool, where: str) -> list[str]:
    """The chat as the scan sees it, newest first (``st-scenarios/README.md``, "Chat: what the scan sees")."""
    if not isinstance(chat, list):
        raise ScenarioError(f"scenario field {where!r} must be a list of messages")
    for i, m in enumerate(chat):
        if not isinstance(m, Mapping):
            raise ScenarioError(f"scenario field '{where}[{i}]' must be a message object")
    chat = list(chat)
    if trigger == "regenerate" and not dry_run and chat and not js_truthy(chat[-1].get("is_user")):
        chat.pop()  # the reply being regenerated is deleted first, whatever it is
    if chat and isinstance(chat[0].get("mes"), str):
        chat[0] = {**chat[0], "mes": substitute_params(chat[0]["mes"], ctx.user, ctx.char)}
    msgs = [m for m in chat if not js_truthy(m.get("is_system"))]
    if trigger == "swipe" and msgs:
        msgs = msgs[:-1]
    include_names = js_truthy(ctx.settings.get("world_info_include_names", True))
    out = []
    for index, m in enumerate(msgs):
        mes = m.get("mes")
        mes = _with_extras(
            mes if isinstance(mes, str) else "", m.get("extra"), trigger == "continue" and index == len(msgs) - 1
        )
        name = m.get("name")
        name = "null" if name is None and "name" in m else _js_str(name)
        out.append(f"{name}: {mes}" if include_names else mes)
    out.reverse()
    return out


def _with_extras(mes: str, extra: Any, continued: bool) -> str:
    """A message's text with its ``extra`` parts (scenario README, "Message extra fields"): file attachment
    texts in front (each followed by a blank line), titles marked ``append_title`` after (each after a blank
    line), and on ``continue`` the last message's reasoning in front.
    """
    if not isinstance(extra, Mapping):
        return mes
    files = extra.get("files")
    if isinstance(files, list):
        mes = (
            "".join(f"{f['text']}\n\n" for f in files if isinstance(f, Mapping) and isinstance(f.get("text"), str))
            + mes
        )
    if js_truthy(extra.get("append_title")) and isinstance(extra.get("title"), str) and extra["title"]:
        mes = f"{mes}\n\n{extra['title']}"
    media = extra.get("media")
    if isinstance(media, list):
        for item in media:
            if (
                isinstance(item, Mapping)
                and js_truthy(item.get("append_title"))
                and isinstance(item.get("title"), str)
                and item["title"]
            ):
                mes = f"{mes}\n\n{item['title']}"
    reasoning = extra.get("reasoning")
    if continued and isinstance(reasoning, str) and reasoning:
        mes = f"<think>\n{reasoning}\n</think>\n\n{mes}" if mes else f"<think>\n{reasoning}"
    return mes


def _js_str(v: Any) -> str:
    """JavaScript ``String(v)`` for JSON values (``None`` is ``undefined``: a missing field)."""
    if v is None:
        return "undefined"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e21:
        return str(int(v))
    if isinstance(v, list):
        return ",".join("" if x is None else _js_str(x) for x in v)
    if isinstance(v, Mapping):
        return "[object Object]"
    return str(v)


class _Tracer:
    """The trace events (``{entry, loop, scan_state, stage, reason}``) and each entry's outcome code."""

    def __init__(self, enabled: bool, outcomes: bool = False) -> None:
        self.enabled = enabled
        self.events: list[dict[str, Any]] = []
        self.outcomes = OutcomeRecorder() if outcomes else None

    def __call__(
        self, entry: _Entry, loop: int, state: int, stage: str, reason: str, code: str = "", quiet: bool = False
    ) -> None:
        if self.enabled and not quiet:
            self.events.append(
                {
                    "entry": entry.key_id,
                    "loop": loop,
                    "scan_state": _STATE_NAMES.get(state, str(state)),
                    "stage": stage,
                    "reason": reason,
                }
            )
        if self.outcomes is not None:
            if stage == "candidate":
                self.outcomes.candidate(entry.key_id, reason)
            else:
                self.outcomes.note(entry.key_id, code or stage, reason)


#: A key of an entry as :func:`_check_entry` tests it: (as written after macro expansion, trimmed, the form the key
#: index holds or ``None`` when the index cannot rule it out: regex keys, keys that reach across a joint).
_Key = tuple[str, str, "str | None"]


@dataclass(frozen=True)
class _Rules:
    """What :func:`_check_entry` needs to know about an entry, read once per simulation (the entry, the
    character, its tags and the names do not change between steps).
    """

    disabled: bool
    triggers: list[Any] | None  # a non-empty ``triggers`` list
    filtered: str  # why the character filter drops the entry ("" when it does not)
    delay_until: Any  # the truthy ``delayUntilRecursion`` value, else None
    delay_level: float
    exclude_recursion: bool
    decorator: str  # "@@activate", "@@dont_activate" or ""
    constant: bool
    primary: tuple[_Key, ...] | None  # None: no keys
    secondary: tuple[_Key, ...] | None  # None: no secondary check
    logic: int | None  # the selective logic when it is exactly 0-3 (a number, not a boolean)


def _rules(ctx: _Context, e: _Entry) -> _Rules:
    triggers = e.get("triggers")
    dur = e.get("delayUntilRecursion")
    decorators = e["decorators"]
    keys = e.get("key")
    secondary = e.get("keysecondary")
    cs = entry_settings(e, ctx.settings)[0]
    logic = e.get("selectiveLogic")
    logic = 0 if logic is None else logic
    return _Rules(
        disabled=js_loose_true(e.get("disable")),
        triggers=triggers if isinstance(triggers, list) and triggers else None,
        filtered=_character_filtered(ctx, e.get("characterFilter")),
        delay_until=dur if js_truthy(dur) else None,
        delay_level=js_number(True if dur is True else dur) if js_truthy(dur) else 0.0,
        exclude_recursion=js_truthy(e.get("excludeRecursion")),
        decorator=next((d for d in ("@@activate", "@@dont_activate") if d in decorators), ""),
        constant=js_truthy(e.get("constant")),
        primary=_keys_of(ctx, e, "key", keys, cs) if isinstance(keys, list) and keys else None,
        secondary=(
            _keys_of(ctx, e, "keysecondary", secondary, cs)
            if js_truthy(e.get("selective")) and isinstance(secondary, list) and len(secondary)
            else None
        ),
        logic=next((k for k in range(4) if _strict_eq(logic, k)), None),
    )


def _keys_of(ctx: _Context, e: _Entry, field_name: str, keys: list[Any], case_sensitive: bool) -> tuple[_Key, ...]:
    out = []
    for sub in _substituted(ctx, e, field_name, keys):
        needle = js_trim(sub)
        plain = bool(needle) and not needle.startswith("/") and "\x01" not in needle and "\n" not in needle
        out.append((sub, needle, (needle if case_sensitive else needle.lower()) if plain else None))
    return tuple(out)


def _character_filtered(ctx: _Context, cf: Any) -> str:
    """Why the character filter drops the entry in this scenario, or ``""``."""
    if not isinstance(cf, Mapping):
        return ""
    is_exclude = js_truthy(cf.get("isExclude"))
    names = cf.get("names")
    if isinstance(names, list) and len(names) > 0:
        name = _avatar_name(ctx.char_avatar)
        included = name is not None and any(isinstance(x, str) and x == name for x in names)
        if included if is_exclude else not included:
            return "filtered out by character"
    tags = cf.get("tags")
    if isinstance(tags, list) and len(tags) > 0 and ctx.char_avatar is not None:
        tag_entry = ctx.tag_map.get(ctx.tag_key if ctx.tag_key is not None else ctx.char_avatar) or []
        has = any(_strict_eq(t, x) for t in tag_entry for x in tags)
        if has if is_exclude else not has:
            return "filtered out by tag"
    return ""


def _check_entry(
    ctx: _Context,
    e: _Entry,
    buffer: ScanBuffer,
    state: int,
    timed: _TimedEffects,
    level: float,
    exclude: bool = True,
    found: set[str] | frozenset[str] | None = None,
    context: Any = None,
    memo: dict[Any, bool] | None = None,
) -> tuple[bool, str, str]:
    """Steps 2-16 of the per-entry checks; returns (is candidate, reason, outcome code when not).

    ``exclude=False`` leaves out the ``excludeRecursion`` rule; ``found`` and ``context`` are
    :meth:`ScanBuffer.present` and :meth:`ScanBuffer.scan_context` for the entry in this pass, when known (a
    plain key outside ``found`` is not tested).
    """
    r = e.rules
    if r.disabled:
        return False, "disabled", "disabled"
    if r.triggers is not None:
        trig = ctx.global_scan_data.get("trigger", "normal")
        if trig not in r.triggers:
            return False, f"generation type {trig!r} not in triggers", "generation_type"
    if r.filtered:
        return False, r.filtered, "character_filter"
    sticky = False
    if e.shash in timed.touched:
        sticky = timed.is_active("sticky", e)
        if timed.is_active("delay", e):
            return False, f"suppressed by delay ({e.get('delay')})", "delay"
        if timed.is_active("cooldown", e) and not sticky:
            return False, "suppressed by cooldown", "cooldown"
    dur = r.delay_until
    if dur is not None and not sticky:
        if state != SCAN_RECURSION:
            return False, "suppressed by delay until recursion", "delay_until_recursion"
        if r.delay_level > level:
            return (
                False,
                f"suppressed by delay until recursion level {dur} (current {level:g})",
                "delay_until_recursion",
            )
    if (
        exclude
        and r.exclude_recursion
        and state == SCAN_RECURSION
        and not sticky
        and js_truthy(ctx.settings.get("world_info_recursive"))
    ):
        return False, "suppressed by exclude recursion", "recursion_excluded"
    if r.decorator == "@@activate":
        return True, "@@activate decorator", ""
    if r.decorator:
        return False, "@@dont_activate decorator", "decorator"
    if e.key_id in ctx.forced:
        return True, "externally activated (forceActivate)", ""
    if r.constant:
        return True, "constant", ""
    if sticky:
        return True, "active sticky", ""
    return _check_keys(ctx, e, buffer, state, found, context, memo)


def _check_keys(
    ctx: _Context,
    e: _Entry,
    buffer: ScanBuffer,
    state: int,
    found: set[str] | frozenset[str] | None,
    context: Any = None,
    memo: dict[Any, bool] | None = None,
) -> tuple[bool, str, str]:
    """Steps 15-16: the primary keys, then the secondary keys under the selective logic. ``memo`` keeps this
    pass's answers for plain keys by (key group, key): entries of one group scan the same text the same way.
    """
    r = e.rules
    if r.primary is None:
        return False, "no keys", "no_trigger"
    primary = None
    for sub, needle, form in r.primary:
        if not sub or (found is not None and form is not None and form not in found):
            continue
        if context is None:
            context = buffer.scan_context(e)
        if _key_hit(ctx, buffer, state, needle, form, e, context, memo):
            primary = sub
            break
    if primary is None:
        return False, "no key matched", "no_key_match"
    if r.secondary is None:
        return True, f"primary key {primary!r}", ""
    logic = r.logic
    any_match, all_match = False, True
    for sub, needle, form in r.secondary:
        hit = (
            bool(sub)
            and (found is None or form is None or form in found)
            and _key_hit(ctx, buffer, state, needle, form, e, context, memo)
        )
        any_match = any_match or hit
        all_match = all_match and hit
        if logic == 0 and hit:
            return True, f"primary key {primary!r}, secondary {sub!r} (AND_ANY)", ""
        if logic == 1 and not hit:
            return True, f"primary key {primary!r}, secondary {sub!r} missing (NOT_ALL)", ""
    if logic == 2 and not any_match:
        return True, f"primary key {primary!r}, no secondary key (NOT_ANY)", ""
    if logic == 3 and all_match:
        return True, f"primary key {primary!r}, all secondary keys (AND_ALL)", ""
    return False, "secondary keys not satisfied", "secondary_logic"


def _key_hit(
    ctx: _Context,
    buffer: ScanBuffer,
    state: int,
    needle: str,
    form: str | None,
    e: _Entry,
    context: Any,
    memo: dict[Any, bool] | None,
) -> bool:
    """:func:`_match`, remembered in ``memo`` for plain keys (``form`` not ``None``: no regex, no side effects)."""
    if form is None or memo is None:
        return _match(ctx, buffer, state, needle, e, context)
    key = (e.group, needle)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = buffer.matches(e, needle, state, context)
    return hit


def _substituted(ctx: _Context, e: _Entry, field_name: str, keys: list[Any]) -> list[str]:
    """An entry's keys with their macros expanded, cached for the simulation."""
    subs = ctx.key_cache.get((e.key_id, field_name))
    if subs is None:
        subs = ctx.key_cache[(e.key_id, field_name)] = [substitute_params(k, ctx.user, ctx.char) for k in keys]
    return subs


def _static_key_only(ctx: _Context, e: _Entry) -> tuple[frozenset[str], bool] | None:
    """For an entry whose :func:`_check_entry` verdict can only be decided by its primary keys (not disabled, no
    triggers, character filter, delay, recursion delay or exclusion, decorator or ``constant``; only plain
    keys): those keys as the key index holds them and whether they are case-sensitive. When none of them is in
    :meth:`ScanBuffer.present`, the verdict is "no key matched" without testing each key. ``None`` for every
    other entry. Timed effects (sticky, cooldown, delay) and forced activations are checked every generation.
    """
    if js_loose_true(e.get("disable")) or e.get("triggers") is not None or e.get("characterFilter") is not None:
        return None
    if js_truthy(e.get("delayUntilRecursion")) or js_truthy(e.get("excludeRecursion")) or js_truthy(e.get("constant")):
        return None
    if "@@activate" in e["decorators"] or "@@dont_activate" in e["decorators"]:
        return None
    keys = e.get("key")
    if not isinstance(keys, list) or not keys:
        return None
    case_sensitive = entry_settings(e, ctx.settings)[0]
    needles = set()
    for sub in _substituted(ctx, e, "key", keys):
        if not sub:
            continue
        needle = js_trim(sub)
        if not needle or needle.startswith("/") or "\x01" in needle or "\n" in needle:
            return None
        needles.add(needle if case_sensitive else needle.lower())
    return frozenset(needles), case_sensitive


def _avatar_name(avatar: str | None) -> str | None:
    """The avatar file name without its last extension (``getCharaFilename``)."""
    return None if avatar is None else _EXTENSION.sub("", avatar)


_EXTENSION = re.compile(r"\.[^/.]+$")


def _report(ctx: _Context, e: _Entry, needle: str, reason: str) -> None:
    error = {"entry": e.key_id, "key": needle, "reason": reason}
    if error not in ctx.regex_errors:
        ctx.regex_errors.append(error)


def _match(ctx: _Context, buffer: ScanBuffer, state: int, needle: str, e: _Entry, context: Any = None) -> bool:
    if needle.startswith("/"):
        rx = parse_regex_key(needle)
        if rx is not None and rx.error is not None:
            _report(ctx, e, needle, f"refused: {rx.error}")
            return False
        if needle in ctx.timed_out:  # a key that ran out of time is not run again in this simulation
            _report(ctx, e, needle, ctx.timed_out[needle])
            return False
    try:
        return buffer.matches(e, needle, state, context)
    except RegexTimeoutError as exc:
        ctx.timed_out[needle] = str(exc)
        _report(ctx, e, needle, str(exc))
        return False


class _Removals:
    """``new.splice(new.indexOf(entry), 1)`` over a list of candidates, in constant time per removal: a removed
    candidate is marked and the list compacted by :meth:`apply`. As in SillyTavern, removing an entry that is
    no longer there (``indexOf`` gives -1) removes the last remaining candidate.
    """

    def __init__(self, items: list[_Entry]) -> None:
        self.items = items
        self.position = {id(x): i for i, x in enumerate(items)}
        self.removed: set[int] = set()
        self.last = len(items) - 1

    def pop(self, entry: _Entry) -> tuple[_Entry, bool] | None:
        """Remove ``entry`` and return it with ``True``; the last remaining candidate with ``False`` when
        ``entry`` is not there; ``None`` when no candidate remains.
        """
        if len(self.removed) == len(self.items):
            return None
        i = self.position.get(id(entry))
        found = i is not None and i not in self.removed
        if not found:
            while self.last in self.removed:
                self.last -= 1
            i = self.last
        assert i is not None
        self.removed.add(i)
        return self.items[i], found

    def apply(self) -> None:
        """Drop the removed candidates from the list, in place."""
        if self.removed:
            self.items[:] = [x for i, x in enumerate(self.items) if i not in self.removed]


def _filter_groups(
    ctx: _Context,
    new: list[_Entry],
    activated: Mapping[str, _Entry],
    buffer: ScanBuffer,
    state: int,
    timed: _TimedEffects,
    tr: _Tracer,
    loop: int,
) -> None:
    grouped: dict[str, list[_Entry]] = {}
    for e in new:
        g = e.get("group")
        if not js_truthy(g):
            continue
        for name in _GROUP_SPLIT.split(g if isinstance(g, str) else _js_str(g)):
            if name:
                grouped.setdefault(name, []).append(e)
    if not grouped:
        return
    order = js_keys(grouped)
    grouped = {k: grouped[k] for k in order}

    pending = _Removals(new)

    def remove(entry: _Entry, why: str, code: str = "group_lost") -> None:
        popped = pending.pop(entry)
        if popped is not None:
            gone, found = popped
            if found:
                tr(gone, loop, state, "removed", why, code)
            else:
                tr(
                    gone,
                    loop,
                    state,
                    "removed",
                    f"removed by the multi-group splice(-1) bug while removing {entry.key_id}",
                    "group_lost",
                )

    # timed effects (filterGroupsByTimedEffects): the group lists themselves stay as they are
    sticky_groups: set[str] = set()
    for key, group in grouped.items():
        sticky = [x for x in group if timed.is_active("sticky", x)]
        if sticky:
            for x in group:
                if x not in sticky:
                    remove(x, f"inclusion group {key!r} has a sticky member")
            sticky_groups.add(key)
        # a sticky entry with a cooldown is on cooldown too (both start together), so it is removed here
        for x in [x for x in group if timed.is_active("cooldown", x)]:
            remove(x, f"inclusion group {key!r}: member on cooldown", "cooldown")
        for x in [x for x in group if timed.is_active("delay", x)]:
            remove(x, f"inclusion group {key!r}: member on delay", "delay")
    # scoring
    global_scoring = js_truthy(ctx.settings.get("world_info_use_group_scoring"))
    for key, group in grouped.items():
        if key in sticky_groups:
            continue
        if not global_scoring and not any(js_truthy(x.get("useGroupScoring")) for x in group):
            continue
        scores = [_score(ctx, buffer, x, state) for x in group]
        if not scores:
            continue
        best = max(scores)
        i = 0
        while i < len(group):
            x = group[i]
            us = x.get("useGroupScoring")
            scored = js_truthy(us if us is not None else global_scoring)
            if scored and scores[i] < best:
                remove(x, f"score {scores[i]} below {best} in inclusion group {key!r}")
                del group[i]
                del scores[i]
                continue
            i += 1
    # final pick
    activated_groups = {g for a in activated.values() if isinstance(g := a.get("group"), str)}
    for key, group in grouped.items():
        if key in sticky_groups:
            continue
        if key in activated_groups:  # an activated entry's ``group`` is exactly this name
            for x in list(group):
                remove(x, f"inclusion group {key!r} already activated")
            continue
        if len(group) <= 1:
            continue
        prios = _sort_by_order([x for x in group if js_truthy(x.get("groupOverride"))])
        if prios:
            for x in group:
                if x is not prios[0]:
                    remove(x, f"lost inclusion group {key!r} to override {prios[0].key_id}")
            continue
        weights = [js_number(x.get("groupWeight")) if x.get("groupWeight") is not None else 100.0 for x in group]
        total = sum(weights)
        roll = ctx.random() * total
        current = 0.0
        winner = None
        for x, w in zip(group, weights):
            current += w
            if roll <= current:
                winner = x
                break
        if winner is None:
            continue
        for x in group:
            if x is not winner:
                remove(x, f"lost the weighted pick of inclusion group {key!r}")
    pending.apply()


def _score(ctx: _Context, buffer: ScanBuffer, e: _Entry, state: int) -> int:
    try:
        return buffer.score(e, state)
    except RegexTimeoutError as exc:
        ctx.regex_errors.append({"entry": e.key_id, "key": "(group score)", "reason": str(exc)})
        return 0


@dataclass
class _Run:
    """The state of one generation's scan loop."""

    activated: dict[str, _Entry] = field(default_factory=dict)
    failed: set[int] = field(default_factory=set)  # indices of entries that failed their probability roll
    contents: dict[int, str] = field(default_factory=dict)  # index -> content after macro substitution
    overflowed: bool = False
    all_text: str = ""

    def content(self, e: _Entry) -> str:
        """The entry's content as this generation has it (SillyTavern rewrites its copy when it activates)."""
        text = self.contents.get(e.index)
        return text if text is not None else _content_text(e)


def _generation(ctx: _Context, chat: list[str], max_context: float, dry_run: bool, tr: _Tracer) -> dict[str, Any]:
    settings = ctx.settings
    buffer = ScanBuffer(chat, settings, ctx.global_scan_data, ctx.regex_limits, ctx.key_index)
    for name in js_keys(ctx.extension_prompts):
        prompt = ctx.extension_prompts[name]
        if isinstance(prompt, Mapping) and prompt.get("scan"):
            value = substitute_params(prompt.get("value"), ctx.user, ctx.char)  # getExtensionPromptByName
            if value:
                buffer.add_inject(value)
    state = SCAN_INITIAL
    count = 0
    run = _Run()
    budget = js_round(js_number(settings["world_info_budget"]) * max_context / 100) or 1
    cap = js_number(settings.get("world_info_budget_cap", 0))
    if cap > 0 and budget > cap:
        budget = cap
    prepared = _entries(ctx)
    entries = prepared.entries
    timed = _TimedEffects(len(chat), prepared, ctx.metadata, dry_run)
    timed.check()
    if not entries:
        result = _assemble([], run, ctx)
        if tr.outcomes is not None:
            result["outcomes"] = []
        return result
    levels = list(prepared.levels)
    level = levels.pop(0) if levels else 0.0
    checked, special = _checked_every_pass(ctx, prepared, timed)
    max_steps = js_number(settings.get("world_info_max_recursion_steps", 0))
    recursive = js_truthy(settings.get("world_info_recursive"))
    min_act = js_number(settings.get("world_info_min_activations", 0))
    min_depth_max = js_number(settings.get("world_info_min_activations_depth_max", 0))
    while state:
        if max_steps and max_steps <= count:
            if tr.outcomes is not None:
                _stopped_pass(ctx, entries, run.activated, run.failed, buffer, state, timed, level, tr, count)
            break
        count += 1
        next_state = SCAN_NONE
        now: list[_Entry] = []
        todo, found, contexts = _to_check(prepared, checked, buffer)
        memo: dict[Any, bool] = {}
        for i in todo:
            e = entries[i]
            if i in run.failed or e.key_id in run.activated:
                continue
            if e.plain is not None and i not in special:  # only its keys can decide
                ok, why, code = _check_keys(ctx, e, buffer, state, found[e.group], contexts[e.group], memo)
            else:
                ok, why, code = _check_entry(
                    ctx, e, buffer, state, timed, level, found=found[e.group], context=contexts[e.group], memo=memo
                )
            if ok:
                now.append(e)
                tr(e, count, state, "candidate", why)
            else:
                tr(e, count, state, "skipped", why, code, quiet=why == "no key matched")
                if code == "recursion_excluded" and tr.outcomes is not None:
                    _excluded_match(ctx, e, buffer, state, timed, level, tr, why)
        new = sorted(now, key=lambda x: (0 if timed.is_active("sticky", x) else 1, x.index))
        _filter_groups(ctx, new, run.activated, buffer, state, timed, tr, count)
        _activate(ctx, new, run, budget, timed, tr, count, state)
        successful = [x for x in new if x.index not in run.failed]
        for_recursion = [x for x in successful if not js_truthy(x.get("preventRecursion"))]
        if recursive and not run.overflowed and for_recursion:
            next_state = SCAN_RECURSION
        if recursive and not run.overflowed and state == SCAN_MIN_ACTIVATIONS and buffer.has_recurse():
            next_state = SCAN_RECURSION
        if not next_state and not run.overflowed and min_act > 0 and len(run.activated) < min_act:
            depth = buffer.get_depth()
            over = (min_depth_max > 0 and depth > min_depth_max) or depth > len(chat)
            if not over:
                next_state = SCAN_MIN_ACTIVATIONS
                buffer.advance_scan()
        if next_state == SCAN_NONE and levels:
            next_state = SCAN_RECURSION
            level = levels.pop(0)
        state = next_state
        if state:
            text = "\n".join(run.content(x) for x in for_recursion)
            if text:
                buffer.add_recurse(text)
                run.all_text = text + "\n" + run.all_text
    result = _assemble(list(run.activated.values()), run, ctx)
    timed.set_effects(list(run.activated.values()))
    if tr.outcomes is not None:
        result["outcomes"] = _outcome_list(ctx, entries, buffer, tr.outcomes, count > 0)
    return result


def _checked_every_pass(ctx: _Context, prepared: _Prepared, timed: _TimedEffects) -> tuple[list[int], set[int]]:
    """Indices of the entries each pass of this generation checks whatever the text: those whose keys alone do
    not decide, and those under a timed effect or forced (the rules before the keys may decide for them); and
    the set of the latter.
    """
    extra: set[int] = set()
    for h in timed.touched:
        extra.update(e.index for e in prepared.by_hash_all.get(h, ()))
    for key_id in ctx.forced:
        extra.update(e.index for e in prepared.by_key_id.get(key_id, ()))
    if not extra:
        return prepared.checked, extra
    return sorted({*prepared.checked, *extra}), extra


def _to_check(
    prepared: _Prepared, checked: list[int], buffer: ScanBuffer
) -> tuple[list[int], list[set[str] | frozenset[str]], list[Any]]:
    """The indices of the entries a pass must check, ascending: ``checked`` and the entries decided by their keys
    alone with a key in :meth:`ScanBuffer.present` (for every other entry the verdict is "no key matched"); and
    :meth:`ScanBuffer.present` and :meth:`ScanBuffer.scan_context` of each key group.
    """
    todo = set(checked)
    founds = []
    contexts = []
    for group in prepared.groups:
        found = buffer.present(group.first, group.case_sensitive)
        founds.append(found)
        contexts.append(buffer.scan_context(group.first))
        members = group.members
        if len(found) < len(members):
            for n in found:
                hit = members.get(n)
                if hit is not None:
                    todo.update(hit)
        else:
            for n, hit in members.items():
                if n in found:
                    todo.update(hit)
    return sorted(todo), founds, contexts


def _activate(
    ctx: _Context,
    new: list[_Entry],
    run: _Run,
    budget: float,
    timed: _TimedEffects,
    tr: _Tracer,
    count: int,
    state: int,
) -> None:
    """The pass's candidates, in order, through the budget and the probability roll into ``run.activated``."""
    text_tokens = ctx.tokens(run.all_text)
    new_measure = 0
    for idx, e in enumerate(new):
        if run.overflowed and not js_truthy(e.get("ignoreBudget")):
            if not any(js_truthy(x.get("ignoreBudget")) for x in new[idx:]):
                for x in new[idx:]:
                    tr(x, count, state, "skipped", "token budget overflowed", "budget")
                break
            tr(e, count, state, "skipped", "token budget overflowed", "budget")
            continue
        use_p = e.get("useProbability")
        prob = e.get("probability")
        if js_truthy(use_p) and not _strict_eq(prob, 100) and not timed.is_active("sticky", e):
            roll = ctx.random() * 100
            limit = js_number(prob) if "probability" in e else math.nan
            if not roll <= limit:
                run.failed.add(e.index)
                tr(e, count, state, "skipped", f"failed probability roll {roll:.4f} > {prob}", "probability")
                continue
        content = run.contents[e.index] = substitute_params(run.content(e), ctx.user, ctx.char)
        measure = ctx.measures.get(content)
        if measure is None:
            measure = ctx.measures[content] = ctx.tokens.measure(f"{content}\n")  # newContent += content + "\n"
        new_measure += measure
        if not js_truthy(e.get("ignoreBudget")) and text_tokens + ctx.tokens.count_of(new_measure) >= budget:
            run.overflowed = True
            tr(e, count, state, "skipped", f"token budget {budget:g} reached", "budget")
            continue
        run.activated[e.key_id] = e
        tr(e, count, state, "activated", "")


def _stopped_pass(
    ctx: _Context,
    entries: list[_Entry],
    activated: Mapping[str, _Entry],
    failed: set[int],
    buffer: ScanBuffer,
    state: int,
    timed: _TimedEffects,
    level: float,
    tr: _Tracer,
    count: int,
) -> None:
    """The pass ``max_recursion_steps`` stopped, checked without side effects: its candidates are ``max_recursion``."""
    errors, timed_out = list(ctx.regex_errors), dict(ctx.timed_out)
    for e in entries:
        if e.index in failed or e.key_id in activated:
            continue
        ok, why, _ = _check_entry(ctx, e, buffer, state, timed, level)
        if ok:
            assert tr.outcomes is not None
            detail = f"pass {count + 1} stopped by world_info_max_recursion_steps: {why}"
            tr.outcomes.note(e.key_id, "max_recursion", detail)
    ctx.regex_errors, ctx.timed_out = errors, timed_out


def _excluded_match(
    ctx: _Context, e: _Entry, buffer: ScanBuffer, state: int, timed: _TimedEffects, level: float, tr: _Tracer, why: str
) -> None:
    """An entry refused in a recursion pass for ``excludeRecursion``: when it would have matched there, that is
    its outcome (rather than not matching in an earlier pass); checked without side effects.
    """
    errors, timed_out = list(ctx.regex_errors), dict(ctx.timed_out)
    ok, reason, _ = _check_entry(ctx, e, buffer, state, timed, level, exclude=False)
    ctx.regex_errors, ctx.timed_out = errors, timed_out
    if ok and tr.outcomes is not None:
        tr.outcomes.force(e.key_id, "recursion_excluded", f"{why}; it would match: {reason}")


def _outcome_list(
    ctx: _Context, entries: list[_Entry], buffer: ScanBuffer, recorder: OutcomeRecorder, scanned: bool
) -> list[dict[str, Any]]:
    """Every entry's ``{book, uid, outcome, detail, near_miss}``. An entry the recorder never heard of was left out
    of every pass's checks because none of its keys occurs in the text: "no key matched" (or "not scanned" when
    no pass ran).
    """
    unseen = ("no_key_match", "no key matched" if scanned else "not scanned")
    if ctx.near_index is None:
        needles = [needles_of(e, ctx.user, ctx.char) for e in entries]
        ctx.near_index = NearMissIndex(entries, needles, ctx.settings, ctx.key_index)
    index = ctx.near_index
    near = NearMisses(buffer, index.typos)
    candidates = index.candidates(near)
    out = []
    get = recorder.get
    for i, e in enumerate(entries):
        code, detail = get(e.key_id, unseen)
        out.append(
            {
                "book": e.book,
                "uid": e.uid_text,
                "outcome": code,
                "detail": detail,
                "near_miss": (
                    near.find(e, index.needles[i], index.probes[i])
                    if code == "no_key_match" and i in candidates
                    else ""
                ),
            }
        )
    return out


def _content_text(e: Mapping[str, Any]) -> str:
    c = e.get("content")
    return c if isinstance(c, str) else _js_str(c)


def _assemble(activated: list[_Entry], run: _Run, ctx: _Context) -> dict[str, Any]:
    before: list[str] = []
    after: list[str] = []
    em: list[dict[str, Any]] = []
    an_top: list[str] = []
    an_bottom: list[str] = []
    depth_entries: list[dict[str, Any]] = []
    outlets: dict[str, list[str]] = {}
    for e in _sort_by_order(activated):
        content = run.content(e)
        if not content:
            continue
        pos = e.get("position")
        if not _is_number(pos):
            continue
        if pos == 0:
            before.insert(0, content)
        elif pos == 1:
            after.insert(0, content)
        elif pos == 5:
            em.insert(0, {"position": 0, "content": content})
        elif pos == 6:
            em.insert(0, {"position": 1, "content": content})
        elif pos == 2:
            an_top.insert(0, content)
        elif pos == 3:
            an_bottom.insert(0, content)
        elif pos == 4:
            depth = e.get("depth") if e.get("depth") is not None else 4
            role = e.get("role") if e.get("role") is not None else 0
            for group in depth_entries:
                if _strict_eq(group.get("depth", _UNDEF), depth) and _strict_eq(group["role"], role):
                    group["entries"].insert(0, content)
                    break
            else:
                group = {}
                if "depth" in e:
                    group["depth"] = e["depth"]
                group["entries"] = [content]
                group["role"] = role
                depth_entries.append(group)
        elif pos == 7:
            name = e.get("outletName")
            if not js_truthy(name):
                continue
            outlets.setdefault(_js_str(name), []).append(content)
    return {
        "activated": [e.key_id for e in activated],
        "worldInfoBefore": "\n".join(before),
        "worldInfoAfter": "\n".join(after),
        "EMEntries": em,
        "ANBeforeEntries": an_top,
        "ANAfterEntries": an_bottom,
        "WIDepthEntries": depth_entries,
        "outletEntries": outlets,
    }


_UNDEF = object()


#: The keys kit adds to a step of :func:`simulate` beyond SillyTavern's own result.
KIT_STEP_KEYS: tuple[str, ...] = ("outcomes", "trace", "regexErrors")


def sillytavern_shape(result: Mapping[str, Any]) -> dict[str, Any]:
    """A :func:`simulate` result with SillyTavern's keys only: each step without :data:`KIT_STEP_KEYS`.

    What to compare with SillyTavern's own output (the shared scenarios' expected files, a Node run of
    ``checkWorldInfo``). The result itself is not changed.

    Parameters
    ----------
    result : dict
        ``{"steps": [...]}`` as :func:`simulate` returns it.

    Returns
    -------
    dict
        ``{"steps": [...]}``: per step ``activated``, the seven slots of :data:`SLOT_NAMES` and
        ``timedWorldInfo``, as :func:`simulate` gave them.
    """
    return {
        **{k: v for k, v in result.items() if k != "steps"},
        "steps": [{k: v for k, v in step.items() if k not in KIT_STEP_KEYS} for step in result["steps"]],
    }


def simulate(
    scenario: Mapping[str, Any],
    *,
    trace: bool | None = None,
    regex_timeout: float = MATCH_TIMEOUT_S,
    regex_budget: float = TIME_BUDGET_S,
    outcomes: bool = True,
) -> dict[str, Any]:
    """Run a SillyTavern world-info scenario and return what SillyTavern 1.15.0 would produce, with kit's
    per-entry outcomes (why each entry did or did not fire) beside it.

    Parameters
    ----------
    scenario : dict
        A scenario in the format of ``st-scenarios/README.md``: ``books`` (world files, used as-is),
        ``cardBooks`` (cards or bare ``character_book`` objects, converted as ST imports card lore),
        ``globalBooks``/``characterBook``/``chatBook``/``personaBook``, ``settings``, ``maxContext``,
        ``tokenizer``, ``random`` (``{"seed": n}`` through mulberry32 or ``{"values": [...]}`` consumed in
        order; default: mulberry32 seeded with 0), ``extensionPrompts``, ``globalScanData``, ``character``
        (``{"avatar": "<file name>"}``), ``tagMap``/``tagKey``, ``chatMetadata``, and ``chat`` or ``steps`` (each
        ``{"chat", "trigger"?, "dryRun"?, "maxContext"?}``; a ``trigger`` that is not a generation type scans
        as ``normal``). kit also reads ``trace`` and ``forceActivate``.
    trace : bool, optional
        Add a per-entry ``trace`` list to every step (overrides the scenario's ``trace``).
    regex_timeout : float, default=MATCH_TIMEOUT_S
        Seconds one regex-key match may take (on any thread); a key that runs out is reported in
        ``regexErrors`` and not run again in this call.
    regex_budget : float, default=TIME_BUDGET_S
        Seconds all regex-key matches of this call may take together; after that every regex key is reported
        and counts as not matching.
    outcomes : bool, default=True
        Add an ``outcomes`` list to every step. ``False`` leaves it out (and the near-miss search with it): the
        steps then hold SillyTavern's keys only (plus ``trace``/``regexErrors`` when there are any); see
        :func:`sillytavern_shape` to strip kit's keys from a result.

    Returns
    -------
    dict
        ``{"steps": [...]}``; each step has ``activated`` (``"<book>.<uid>"`` in activation order),
        ``worldInfoBefore``, ``worldInfoAfter`` (strings), ``EMEntries`` (``[{position, content}]``),
        ``ANBeforeEntries``, ``ANAfterEntries`` (lists of strings), ``WIDepthEntries``
        (``[{depth, entries, role}]``), ``outletEntries`` (``{name: [text, ...]}``) and ``timedWorldInfo``
        (``{"sticky": {...}, "cooldown": {...}}`` after the step); with tracing, ``trace`` holds
        ``{entry, loop, scan_state, stage, reason}`` events (``stage``: ``candidate``, ``skipped``, ``removed`` or
        ``activated``); ``outcomes`` (unless ``outcomes=False``) holds one ``{book, uid, outcome, detail,
        near_miss}`` per entry in play, in SillyTavern's sorted order (``outcome`` from
        :data:`kit.worldbook.engine.reasons.OUTCOMES`, see :mod:`kit.worldbook.sillytavern.outcomes`). ``trace``,
        ``outcomes`` and ``regexErrors`` are kit's (:data:`KIT_STEP_KEYS`). ``regexErrors`` lists regex keys that timed
        out or were refused as too costly to compile or not expressible (they count as not matching; kit differs
        from SillyTavern there), as ``{entry, key, reason}``, when there were any.

    Raises
    ------
    ScenarioError
        When the scenario is malformed (the message names the field).
    """
    limits = RegexLimits(regex_timeout, regex_budget)
    ctx = _context(scenario, trace, limits)
    ctx.outcomes = outcomes
    if scenario.get("steps") is not None:
        steps = scenario["steps"]
        if not isinstance(steps, list):
            raise ScenarioError("scenario field 'steps' must be a list")
    elif scenario.get("chat") is not None:
        steps = [{"chat": scenario["chat"]}]
    else:
        raise ScenarioError("a scenario needs 'chat' or 'steps'")
    base_context = scenario.get("maxContext", 8192)
    base_trigger = ctx.global_scan_data.get("trigger", "normal")
    base_trigger = "normal" if base_trigger is None else base_trigger
    out = []
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping):
            raise ScenarioError(f"scenario field 'steps[{i}]' must be an object")
        trigger = step.get("trigger")
        trigger = base_trigger if trigger is None else trigger
        if not isinstance(trigger, str) or trigger not in GENERATION_TYPES:
            trigger = "normal"  # any other generation type is scanned as normal
        ctx.global_scan_data["trigger"] = trigger
        dry_run = js_truthy(step.get("dryRun", False))
        chat = _format_chat(ctx, step.get("chat", scenario.get("chat")), trigger, dry_run, f"steps[{i}].chat")
        max_context = js_number(step.get("maxContext", base_context))
        if max_context != max_context:
            raise ScenarioError(
                f"scenario field 'maxContext' must be a number, got {step.get('maxContext', base_context)!r}"
            )
        forced = step.get("forceActivate", scenario.get("forceActivate")) or []
        if not isinstance(forced, list) or not all(isinstance(x, str) for x in forced):
            raise ScenarioError(f"scenario field 'steps[{i}].forceActivate' must be a list of \"<book>.<uid>\" strings")
        ctx.forced = frozenset(forced)
        tr = _Tracer(ctx.trace, ctx.outcomes)
        ctx.regex_errors = []
        result = _generation(ctx, chat, max_context, dry_run, tr)
        result["timedWorldInfo"] = {
            "sticky": copy.deepcopy(ctx.metadata.get("sticky", {})),
            "cooldown": copy.deepcopy(ctx.metadata.get("cooldown", {})),
        }
        if ctx.trace:
            result["trace"] = tr.events
        if ctx.regex_errors:
            result["regexErrors"] = list(ctx.regex_errors)
        out.append(result)
    return {"steps": out}
