"""Logic expressions (``logicExpression``): AND / OR / NOT and parentheses over keys and conditions.

Grammar::

    expr   := term (("OR" | "||" | "或") term)*    # 或 / 且 / 非 only as separate words
    term   := factor (("AND" | "&&" | "且") factor)*
    factor := ("NOT" | "!" | "非") factor | "(" expr ")" | condition | key
    key    := quoted text | bare word (up to whitespace, a parenthesis or a quote)

Operator words are case-insensitive; NOT binds tighter than AND, AND tighter than OR. A condition starts with
``tb.`` and follows :func:`kit.worldbook.parse_condition`. A key is matched like the entry's keyword keys
(same case and whole-word options) in the message and the scanned history. Example::

    "魔法" AND (tb.力量 > 10 OR NOT 黑暗)

Malformed expressions raise :class:`~kit.worldbook.LogicSyntaxError` (a ``ConditionSyntaxError``) with
the 1-based column; so do expressions nested deeper than :data:`MAX_LOGIC_DEPTH` (parentheses and NOTs
together). Parsing is linear in the text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kit.worldbook.book.conditions import Condition, fold_text, parse_condition_at
from kit.worldbook.errors import ConditionSyntaxError, LogicSyntaxError

__all__ = [
    "Key",
    "Not",
    "And",
    "Or",
    "LogicNode",
    "MAX_LOGIC_DEPTH",
    "parse_logic",
    "logic_keys",
    "logic_conditions",
    "evaluate_logic",
]

#: Deepest nesting of parentheses and NOTs (together) a logic expression may have.
MAX_LOGIC_DEPTH = 64


@dataclass(frozen=True)
class Key:
    """A key operand."""

    text: str


@dataclass(frozen=True)
class Not:
    """Negation."""

    operand: LogicNode


@dataclass(frozen=True)
class And:
    """Conjunction of two or more operands."""

    operands: tuple[LogicNode, ...]


@dataclass(frozen=True)
class Or:
    """Disjunction of two or more operands."""

    operands: tuple[LogicNode, ...]


LogicNode = Key | Condition | Not | And | Or

_OR = {"or", "||", "或"}
_AND = {"and", "&&", "且"}
_NOT = {"not", "!", "非"}


def _tokenize(text: str) -> list[tuple[str, str | Condition, int]]:
    """Tokens as (kind, value, column0): kinds '(' ')' 'or' 'and' 'not' 'key' 'cond'."""
    s = fold_text(text)
    out: list[tuple[str, str | Condition, int]] = []
    i = 0
    n = len(s)
    while i < n:
        ch = s[i]
        if ch.isspace():
            i += 1
            continue
        if ch in "()":
            out.append((ch, ch, i))
            i += 1
            continue
        if s.startswith(("||", "&&"), i):
            out.append(("or" if ch == "|" else "and", s[i : i + 2], i))
            i += 2
            continue
        if ch == "!" and not s.startswith("!=", i):
            out.append(("not", "!", i))
            i += 1
            continue
        if ch == '"':
            close = s.find('"', i + 1)
            if close < 0:
                raise LogicSyntaxError("unterminated quoted key", text=text, column=i + 1)
            if close == i + 1:
                raise LogicSyntaxError("empty key", text=text, column=i + 1)
            out.append(("key", text[i + 1 : close], i))
            i = close + 1
            continue
        if s[i : i + 2].lower() == "tb" and _dot_follows(s, i + 2):
            try:
                cond, end = parse_condition_at(text, i, stop_chars=")", folded=s)
            except ConditionSyntaxError as exc:
                raise LogicSyntaxError(exc.reason, text=text, column=exc.column) from None
            out.append(("cond", cond, i))
            i = end
            continue
        j = i
        while j < n and not s[j].isspace() and s[j] not in '()"':
            j += 1
        word = text[i:j]
        low = s[i:j].lower()
        if low in _OR:
            out.append(("or", word, i))
        elif low in _AND:
            out.append(("and", word, i))
        elif low in _NOT:
            out.append(("not", word, i))
        else:
            out.append(("key", word, i))
        i = j
    return out


def _dot_follows(s: str, i: int) -> bool:
    """Whether ``s[i:]`` is white space then ``.`` or ``。`` (scans only the white space)."""
    n = len(s)
    while i < n and s[i].isspace():
        i += 1
    return i < n and s[i] in ".。"


def parse_logic(text: str) -> LogicNode:
    """Parse a logic expression into a tree of :class:`Key`, :class:`~kit.worldbook.book.conditions.Condition`,
    :class:`Not`, :class:`And` and :class:`Or`.

    Raises
    ------
    LogicSyntaxError
        When the expression is malformed (``column`` is 1-based).
    """
    tokens = _tokenize(text)
    pos = 0
    depth = 0

    def err(reason: str) -> LogicSyntaxError:
        column = tokens[pos][2] + 1 if pos < len(tokens) else len(text) + 1
        return LogicSyntaxError(reason, text=text, column=column)

    def peek() -> str | None:
        return tokens[pos][0] if pos < len(tokens) else None

    def parse_chain(word: str, parse_item: Callable[[], LogicNode], node: Callable[[tuple], LogicNode]) -> LogicNode:
        """``item (word item)*``: one item alone, or the node joining them all."""
        nonlocal pos
        items = [parse_item()]
        while peek() == word:
            pos += 1
            items.append(parse_item())
        return items[0] if len(items) == 1 else node(tuple(items))

    def parse_or() -> LogicNode:
        return parse_chain("or", parse_and, Or)

    def parse_and() -> LogicNode:
        return parse_chain("and", parse_not, And)

    def deeper() -> None:
        nonlocal depth
        depth += 1
        if depth > MAX_LOGIC_DEPTH:
            raise err(f"nested deeper than {MAX_LOGIC_DEPTH} levels (parentheses and NOTs together)")

    def parse_not() -> LogicNode:
        nonlocal pos, depth
        kind = peek()
        if kind == "not":
            # a run of NOTs is read in a loop: one level each, no recursion per NOT
            count = 0
            while peek() == "not":
                deeper()
                pos += 1
                count += 1
            node = parse_not()
            depth -= count
            for _ in range(count):
                node = Not(node)
            return node
        if kind == "(":
            deeper()
            pos += 1
            inner = parse_or()
            if peek() != ")":
                raise err("expected ')'")
            pos += 1
            depth -= 1
            return inner
        if kind in ("key", "cond"):
            value = tokens[pos][1]
            pos += 1
            return value if isinstance(value, Condition) else Key(value)  # a 'cond' token holds its Condition
        if kind is None:
            raise err("unexpected end of expression; expected a key, a condition, NOT or '('")
        raise err(f"unexpected {tokens[pos][1]!r}; expected a key, a condition, NOT or '('")

    if not tokens:
        raise LogicSyntaxError("empty expression", text=text, column=1)
    tree = parse_or()
    if pos < len(tokens):
        raise err(f"unexpected {tokens[pos][1]!r} after a complete expression (missing AND / OR?)")
    return tree


def logic_keys(node: LogicNode) -> tuple[str, ...]:
    """All keys of an expression, in reading order, without duplicates."""
    out: list[str] = []

    def walk(n: LogicNode) -> None:
        if isinstance(n, Key):
            if n.text not in out:
                out.append(n.text)
        elif isinstance(n, Not):
            walk(n.operand)
        elif isinstance(n, (And, Or)):
            for o in n.operands:
                walk(o)

    walk(node)
    return tuple(out)


def logic_conditions(node: LogicNode) -> tuple[Condition, ...]:
    """All conditions of an expression, in reading order."""
    out: list[Condition] = []

    def walk(n: LogicNode) -> None:
        if isinstance(n, Condition):
            out.append(n)
        elif isinstance(n, Not):
            walk(n.operand)
        elif isinstance(n, (And, Or)):
            for o in n.operands:
                walk(o)

    walk(node)
    return tuple(out)


def evaluate_logic(
    node: LogicNode, key_found: Callable[[str], bool], condition_holds: Callable[[Condition], bool]
) -> bool:
    """Evaluate an expression given how to test a key and a condition."""
    if isinstance(node, Key):
        return key_found(node.text)
    if isinstance(node, Condition):
        return condition_holds(node)
    if isinstance(node, Not):
        return not evaluate_logic(node.operand, key_found, condition_holds)
    if isinstance(node, And):
        return all(evaluate_logic(o, key_found, condition_holds) for o in node.operands)
    return any(evaluate_logic(o, key_found, condition_holds) for o in node.operands)
