"""One exception tree: every kit error derives from KitError and a fitting builtin, names are unique across
kit, each class is exported where its subsystem's other errors are, and no bare builtin is raised."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import kit
from kit.core.errors import InvalidParameterError, KitError

KIT = Path(kit.__file__).resolve().parent

#: Builtins raised directly from kit code would escape ``except kit.KitError``.
FORBIDDEN_RAISES = {"ValueError", "TypeError", "KeyError"}
#: The builtins a kit error derives from besides KitError, so ordinary ``except`` clauses keep working.
BUILTIN_BASES = (ValueError, LookupError, OSError, RuntimeError, ImportError)


def _module_names() -> list[str]:
    names = ["kit"]
    for info in pkgutil.walk_packages([str(KIT)], prefix="kit."):
        if info.name.rsplit(".", 1)[-1] != "__main__":  # running it would start the command line
            names.append(info.name)
    return sorted(names)


MODULES = _module_names()


def _exception_classes() -> list[tuple[str, type[BaseException]]]:
    """(defining module, class) for every exception class defined in kit."""
    found: dict[type, str] = {}
    for name in MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, BaseException) and value.__module__ == name:
                found[value] = name
    return sorted(((m, c) for c, m in found.items()), key=lambda mc: (mc[0], mc[1].__name__))


def _is_private(module: str, cls: type) -> bool:
    """Internal control flow: a ``_`` name, or defined in a ``_`` module (never reaches callers)."""
    return cls.__name__.startswith("_") or any(part.startswith("_") for part in module.split("."))


CLASSES = _exception_classes()
PUBLIC = [(m, c) for m, c in CLASSES if not _is_private(m, c) and not issubclass(c, Warning)]
EXPORTED = [(m, c) for m, c in CLASSES if not _is_private(m, c)]


def test_the_walk_finds_the_known_errors() -> None:
    names = {c.__name__ for _, c in CLASSES}
    assert {
        "KitError",
        "StorageError",
        "NotFittedError",
        "WorldBookFormatError",
        "DatapackReadError",
        "SnbtSyntaxError",
        "BookRecordError",
        "UnsafeRegexError",
    } <= names
    assert len(PUBLIC) > 40


@pytest.mark.parametrize("module, cls", PUBLIC, ids=[c.__name__ for _, c in PUBLIC])
def test_every_public_error_is_a_kit_error_and_a_builtin(module: str, cls: type) -> None:
    assert issubclass(cls, KitError), f"{module}.{cls.__name__} does not derive from kit.KitError"
    if cls is not KitError:
        assert issubclass(cls, BUILTIN_BASES), f"{module}.{cls.__name__} derives from no fitting builtin"


def test_private_exceptions_stay_private() -> None:
    """Private classes are internal control flow: never listed in a module's or package's ``__all__``."""
    for module, cls in CLASSES:
        if _is_private(module, cls):
            package = importlib.import_module(module.rsplit(".", 1)[0])
            assert cls.__name__ not in getattr(package, "__all__", ())
            if cls.__name__.startswith("_"):
                assert cls.__name__ not in getattr(importlib.import_module(module), "__all__", ())


def test_exception_names_are_unique_across_kit() -> None:
    seen: dict[str, str] = {}
    for module, cls in CLASSES:
        if cls.__name__.startswith("_"):
            continue
        assert cls.__name__ not in seen, f"{cls.__name__} is defined in both {seen[cls.__name__]} and {module}"
        seen[cls.__name__] = module


def _home_package(module: str) -> str:
    """Where an error must be exported: the package holding its module (core's errors: ``kit`` itself)."""
    is_package = (KIT.parent / Path(*module.split("."))).is_dir()
    package = module if is_package else module.rsplit(".", 1)[0]
    return "kit" if package == "kit.core" else package


@pytest.mark.parametrize("module, cls", EXPORTED, ids=[c.__name__ for _, c in EXPORTED])
def test_every_error_is_exported_from_its_subsystem(module: str, cls: type) -> None:
    package = importlib.import_module(_home_package(module))
    assert getattr(package, cls.__name__, None) is cls, f"{cls.__name__} is not exported from {package.__name__}"
    assert cls.__name__ in getattr(package, "__all__", ()), f"{cls.__name__} is missing from {package.__name__}.__all__"


def test_parameter_errors_are_kit_and_value_errors() -> None:
    assert issubclass(InvalidParameterError, KitError) and issubclass(InvalidParameterError, ValueError)
    with pytest.raises(kit.KitError, match="'limit' parameter of search"):
        kit.retrieval.ParagraphIndex().fit([kit.Document("a", "A", "x")]).search("x", limit=0)


def _forbidden_raises(path: Path) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and node.exc is not None:
            target = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(target, ast.Name) and target.id in FORBIDDEN_RAISES:
                out.append(f"{path.relative_to(KIT.parent)}:{node.lineno}: raise {target.id}")
    return sorted(out)


def test_the_ast_check_sees_a_bare_raise(tmp_path: Path) -> None:
    (tmp_path / "kit").mkdir()
    sample = tmp_path / "kit" / "m.py"
    sample.write_text("def f(x):\n    if x:\n        raise ValueError('x')\n    raise KeyError\n", encoding="utf-8")
    global KIT
    saved, KIT = KIT, tmp_path / "kit"
    try:
        assert _forbidden_raises(sample) == ["kit/m.py:3: raise ValueError", "kit/m.py:4: raise KeyError"]
    finally:
        KIT = saved


def test_no_bare_builtin_errors_are_raised_in_kit() -> None:
    found = [hit for path in sorted(KIT.rglob("*.py")) for hit in _forbidden_raises(path)]
    assert found == [], "raise a kit error (e.g. InvalidParameterError, FieldError) instead:\n" + "\n".join(found)
