"""Refuse API keys before anything reaches the disk.

The design's first rule for stored books is "no API keys". :func:`check_no_secrets` walks a JSON-like value
(nested dicts and lists) and raises :class:`~kit.books.errors.SecretError` naming the first key path that is
either *named* like a credential (``api_key``, ``apiKey``, ``secret``, ``token``, ``authorization``, ...; the
comparison ignores case, ``_`` and ``-``) or holds a string that *looks* like a provider key (``sk-...``,
``sk-ant-...``, ``AIza...``, ``ghp_...``, ``xoxb-...``, ``AKIA...``, ``hf_...``, ``gsk_...``, ``xai-...``, ``r8_...``,
``Bearer <token>``).
Names such as ``token_budget`` or ``max_tokens`` are ordinary settings and pass.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from kit.books.errors import SecretError

__all__ = ["check_no_secrets", "find_secrets", "is_secret_field", "looks_like_key"]

_SECRET_NAMES = frozenset(
    {"apikey", "secret", "token", "authorization", "password", "passwd", "bearer", "credentials", "cookie"}
)
_SECRET_SUFFIXES = (
    "apikey",
    "apikeys",
    "secret",
    "secretkey",
    "accesstoken",
    "authtoken",
    "refreshtoken",
    "bearertoken",
    "idtoken",
    "sessiontoken",
    "privatekey",
    "password",
)

_KEY_PATTERNS = (
    ("OpenAI/Anthropic-style key", re.compile(r"(?<![A-Za-z0-9_-])sk-(?:ant-|proj-|or-)?[A-Za-z0-9_-]{20,}")),
    ("Google API key", re.compile(r"(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{30,}")),
    ("GitHub token", re.compile(r"(?<![A-Za-z0-9_])(?:gh[pousr]_|github_pat_)[A-Za-z0-9_]{30,}")),
    ("Slack token", re.compile(r"(?<![A-Za-z0-9_-])xox[abposr]-[A-Za-z0-9-]{10,}")),
    ("AWS access key id", re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Z0-9])")),
    ("Hugging Face token", re.compile(r"(?<![A-Za-z0-9_])hf_[A-Za-z0-9]{30,}")),
    ("Groq API key", re.compile(r"(?<![A-Za-z0-9_])gsk_[A-Za-z0-9]{40,}")),
    ("xAI API key", re.compile(r"(?<![A-Za-z0-9_-])xai-[A-Za-z0-9]{40,}")),
    ("Replicate token", re.compile(r"(?<![A-Za-z0-9_])r8_[A-Za-z0-9]{30,}")),
    ("bearer token", re.compile(r"\bBearer\s+[A-Za-z0-9._~+/-]{20,}=*")),
)


#: No pattern above matches fewer characters (``xoxb-`` and 10 more), so shorter texts are skipped.
_SHORTEST_KEY = 15


def _normalise(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def is_secret_field(name: str) -> bool:
    """Return True when a field name reads like a credential (``api_key``, ``apiKey``, ``client_secret``, ...)."""
    norm = _normalise(name)
    return norm in _SECRET_NAMES or norm.endswith(_SECRET_SUFFIXES)


def looks_like_key(text: str) -> str | None:
    """Return the kind of provider key found inside ``text`` (for example ``"Google API key"``), or None.

    A match must mix letters and digits, so prose such as ``task-oriented-dialogue-systems`` is not a key.
    """
    if len(text) < _SHORTEST_KEY:
        return None
    for kind, pattern in _KEY_PATTERNS:
        for match in pattern.finditer(text):
            token = match.group(0)
            if any(c.isdigit() for c in token) and any(c.isalpha() for c in token):
                return kind
    return None


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def find_secrets(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Yield ``(key_path, reason)`` for every credential-like field or key-like string inside ``value``.

    Object keys are checked too: a key that looks like a provider key is reported (its value is not
    looked at further). The walk is iterative, so any nesting depth is safe.
    """
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            children = []
            for key, child in item.items():
                name = key if isinstance(key, str) else str(key)
                sub = _join(where, name)
                kind = looks_like_key(name)
                if kind is not None:
                    yield (where or "<value>") + ".<key>", f"has an object key that looks like an API key ({kind})"
                elif is_secret_field(name) and child not in (None, "", [], {}):
                    yield sub, "is named like a credential"
                else:
                    children.append((child, sub))
            stack.extend(reversed(children))
        elif isinstance(item, (list, tuple)):
            stack.extend(reversed([(child, _join(where, i)) for i, child in enumerate(item)]))
        elif isinstance(item, str):
            kind = looks_like_key(item)
            if kind is not None:
                yield where or "<value>", f"holds what looks like an API key ({kind})"


def check_no_secrets(value: Any, *, where: str, path: str = "") -> None:
    """Raise :class:`SecretError` if ``value`` carries a credential; return None otherwise.

    Parameters
    ----------
    value : JSON-like
        The record, trace entry or card about to be written.
    where : str
        The file (or operation) named in the message.
    path : str, default=""
        Key path prefix of ``value`` inside the written document.
    """
    for field, reason in find_secrets(value, path):
        raise SecretError(
            f"{where}: refusing to store field {field!r}, which {reason}. kit never stores API keys; "
            "remove the field (keep keys in environment variables) and try again. Nothing was written.",
            path=where,
            field=field,
        )
