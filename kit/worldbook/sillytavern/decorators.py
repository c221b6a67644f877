"""Content decorators (``@@activate``, ``@@dont_activate``) as SillyTavern parses them."""

from __future__ import annotations

__all__ = ["KNOWN_DECORATORS", "parse_decorators"]

#: The decorators SillyTavern 1.15 knows.
KNOWN_DECORATORS: tuple[str, ...] = ("@@activate", "@@dont_activate")
_KNOWN_DECORATORS = KNOWN_DECORATORS


def parse_decorators(content: str) -> tuple[list[str], str]:
    """SillyTavern's ``parseDecorators``: leading ``@@`` lines -> (known decorators, remaining content).

    Only ``@@activate`` and ``@@dont_activate`` are known (prefix test); ``@@@x`` is read only right after
    an unknown decorator. When every line is a decorator the content is returned unchanged (as in ST).
    """
    if not content.startswith("@@"):
        return [], content

    def known(line: str) -> bool:
        if line.startswith("@@@"):
            line = line[1:]
        return any(line.startswith(d) for d in _KNOWN_DECORATORS)

    decorators: list[str] = []
    new_content = content
    fallbacked = False
    lines = content.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("@@"):
            if line.startswith("@@@") and not fallbacked:
                continue
            if known(line):
                decorators.append(line[1:] if line.startswith("@@@") else line)
                fallbacked = False
            else:
                fallbacked = True
        else:
            new_content = "\n".join(lines[i:])
            break
    return decorators, new_content
