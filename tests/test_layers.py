"""The package layout cannot drift: imports only point down the layers, no cycles, no private names.

Read from the source (``ast``), so a lazy import inside a function counts like one at the top.
"""

from __future__ import annotations

import ast
import functools
import importlib
import pkgutil
from pathlib import Path

import pytest

import kit

KIT = Path(kit.__file__).resolve().parent

#: Layers, bottom to top. A module may import its own package's modules and any package of a LOWER layer.
LAYERS: list[set[str]] = [
    {"core"},
    {"retrieval"},
    {"saves"},
    {"cards"},
    {"worldbook", "items", "ftb"},
    {"books"},
    {"servers", "modules"},
    {"fleet"},
    {"widgets"},
    {"samples"},
    {"cli"},
    {"__main__"},
]
RANK = {name: i for i, layer in enumerate(LAYERS) for name in layer}


def _package_of(module: str) -> str:
    """``kit.worldbook.io`` -> ``worldbook``; ``kit`` -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


@functools.cache
def _tree(path: Path) -> ast.Module:
    """The parsed source of ``path`` (every test reads the same files: parse each once per session)."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def _modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(KIT.rglob("*.py")):
        rel = path.relative_to(KIT.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out.append((".".join(parts), path))
    return out


@functools.cache
def _imports(module: str, path: Path) -> list[tuple[str, list[str], int]]:
    """(imported module, imported names, line) for every kit import in the file."""
    tree = _tree(path)
    is_package = path.name == "__init__.py"
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, [], node.lineno) for a in node.names if a.name.split(".")[0] == "kit"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] == "kit":
                out.append((target, [a.name for a in node.names], node.lineno))
    return out


@functools.cache
def _type_checking_lines(path: Path) -> set[int]:
    """Lines inside ``if TYPE_CHECKING:`` blocks (imports there exist only for type checkers)."""
    tree = _tree(path)
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def test_every_kit_package_has_a_layer():
    packages = {_package_of(m) for m, _ in _modules()} - {""}
    assert packages <= set(RANK), f"packages without a layer in tests/test_layers.py: {sorted(packages - set(RANK))}"


def test_imports_point_down():
    wrong = []
    for module, path in _modules():
        source = _package_of(module)
        if not source:
            continue  # kit/__init__.py re-exports lazily from every layer
        typing_only = _type_checking_lines(path)
        for target, names, line in _imports(module, path):
            if line in typing_only:
                continue
            dest = _package_of(target)
            if dest in ("", source):
                if dest == "" and target == "kit" and names != ["__version__"]:
                    wrong.append(f"{path.relative_to(KIT.parent)}:{line} imports the top-level kit package")
                continue
            if RANK[dest] >= RANK[source]:
                wrong.append(f"{path.relative_to(KIT.parent)}:{line} ({source}) imports {target} ({dest})")
    assert not wrong, "imports that point up or sideways:\n" + "\n".join(wrong)


def test_no_import_cycles_between_modules():
    graph: dict[str, set[str]] = {}
    known = {m for m, _ in _modules()}
    for module, path in _modules():
        typing_only = _type_checking_lines(path)
        edges = set()
        for target, names, line in _imports(module, path):
            if line in typing_only or target == "kit":
                continue
            for name in names or [""]:
                candidate = f"{target}.{name}" if name else target
                edges.add(candidate if candidate in known else target)
        graph[module] = {e for e in edges if e in known and e != module}
    # a package __init__ re-exporting its own modules is not a cycle: drop edges into a package's own __init__
    for module in graph:
        graph[module] = {t for t in graph[module] if not module.startswith(t + ".")}
    cycles = _cycles(graph)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def _cycles(graph: dict[str, set[str]]) -> list[str]:
    state: dict[str, int] = {}
    found: list[str] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append(" -> ".join(stack[stack.index(nxt) :] + [nxt]))
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
    return found


def test_no_circles_inside_a_package_also_through_type_checking():
    """A model imports none of the functions over it: an import under ``TYPE_CHECKING`` counts here too."""
    known = {m for m, _ in _modules()}
    graph: dict[str, set[str]] = {}
    for module, path in _modules():
        package = ".".join(module.split(".")[:2])
        edges = set()
        for target, names, _ in _imports(module, path):
            for name in names or [""]:
                candidate = f"{target}.{name}" if name else target
                edges.add(candidate if candidate in known else target)
        graph[module] = {
            e
            for e in edges
            if e in known and e != module and e.startswith(package + ".") and not module.startswith(e + ".")
        }
    cycles = _cycles(graph)
    assert not cycles, "circles inside a package (TYPE_CHECKING imports included):\n" + "\n".join(cycles)


def test_the_circle_check_sees_a_type_checking_circle():
    graph = {"kit.x.model": {"kit.x.guides"}, "kit.x.guides": {"kit.x.model"}, "kit.x.cli": {"kit.x.model"}}
    assert _cycles(graph) == ["kit.x.model -> kit.x.guides -> kit.x.model"]


def test_no_private_names_from_other_modules():
    wrong = []
    for module, path in _modules():
        package = ".".join(module.split(".")[:2])
        for target, names, line in _imports(module, path):
            other_package = not target.startswith(package)
            for name in names:
                if name.startswith("_") and not name.startswith("__") and other_package:
                    wrong.append(f"{path.relative_to(KIT.parent)}:{line} imports {target}.{name}")
            private_module = any(p.startswith("_") and not p.startswith("__") for p in target.split("."))
            if private_module and other_package:
                wrong.append(f"{path.relative_to(KIT.parent)}:{line} imports private module {target}")
    assert not wrong, "private names used across packages:\n" + "\n".join(wrong)


def test_library_code_never_imports_samples():
    wrong = []
    for module, path in _modules():
        if _package_of(module) in ("samples", "cli", "__main__"):
            continue
        for target, _, line in _imports(module, path):
            if _package_of(target) == "samples":
                wrong.append(f"{path.relative_to(KIT.parent)}:{line}")
    assert not wrong, "library code importing kit.samples:\n" + "\n".join(wrong)


def _packages() -> list[str]:
    return sorted(m for m, p in _modules() if p.name == "__init__.py")


@pytest.mark.parametrize("package", _packages())
def test_no_module_named_like_a_function_it_exports(package):
    mod = importlib.import_module(package)
    path = Path(mod.__file__).parent
    submodules = {info.name for info in pkgutil.iter_modules([str(path)])}
    clashes = sorted(
        name
        for name in getattr(mod, "__all__", ())
        if name in submodules and callable(getattr(mod, name, None)) and not isinstance(getattr(mod, name), type(mod))
    )
    assert not clashes, f"{package} exports functions named like its modules: {clashes}"


def test_import_kit_is_lazy():
    import subprocess
    import sys

    code = (
        "import sys, kit; "
        "heavy = [m for m in ('pandas', 'numpy', 'scipy', 'sklearn', 'ipywidgets', 'matplotlib') if m in sys.modules]; "
        "sub = [m for m in sys.modules if m.startswith('kit.')]; "
        "print(heavy, sub)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[] []", f"import kit loaded: {out}"


def test_every_subsystem_is_an_attribute():
    for name in kit.SUBSYSTEMS:
        assert getattr(kit, name).__name__ == f"kit.{name}"
    assert kit.worldbook.activate is importlib.import_module("kit.worldbook").activate
    assert kit.open_save is importlib.import_module("kit.saves.save").open_save


#: The two faithful ports whose structure follows SillyTavern's own code (issue 21 exempts them from the limits).
SIZE_EXEMPT = {"kit.worldbook.sillytavern.simulator", "kit.worldbook.sillytavern.jsregex"}
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 100


def _oversized(module: str, path: Path) -> list[str]:
    """What in ``path`` breaks the size limits: the module's line count, then every function over the limit."""
    out = []
    lines = path.read_text(encoding="utf-8").count("\n")
    if lines > MAX_MODULE_LINES:
        out.append(f"{module}: {lines} lines (at most {MAX_MODULE_LINES})")
    if module.startswith("kit.samples"):  # sample builders are data: only the module limit applies
        return out
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                out.append(f"{module}.{node.name} (line {node.lineno}): {length} lines (at most {MAX_FUNCTION_LINES})")
    return out


def test_modules_and_functions_stay_small():
    """Every module at most 600 lines and every function outside kit.samples at most 100 (issue 21)."""
    found = [msg for module, path in _modules() if module not in SIZE_EXEMPT for msg in _oversized(module, path)]
    assert not found, "\n".join(found)


def test_the_size_check_sees_a_long_function(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    path = tmp_path / "long.py"
    path.write_text(f"def long():\n{body}\n", encoding="utf-8")
    assert _oversized("kit.long", path) == [f"kit.long.long (line 1): {MAX_FUNCTION_LINES + 1} lines (at most 100)"]
    assert _oversized("kit.samples.long", path) == []


TESTS = KIT.parent / "tests"


def _is_moved_path(path: Path) -> bool:
    """A deprecated shim: the module only redirects an old import path to its new home (tested as such)."""
    text = path.read_text(encoding="utf-8")
    return "is deprecated and will be removed" in text and "sys.modules[__name__]" in text


def _unmirrored(modules: list[tuple[str, Path]], tests: Path) -> list[str]:
    """Public modules without ``tests/<package path>/test_<module>.py`` (or ``test_<module>_<aspect>.py``).

    Exempt: packages' ``__init__``/``__main__``, private ``_x`` modules (tested through the public module that uses
    them), ``errors`` modules (tests/core/test_errors.py walks every error class) and deprecated shims.
    """
    missing = []
    for module, path in modules:
        name = path.stem
        if name.startswith("_") or name == "errors" or _is_moved_path(path):
            continue
        folder = tests.joinpath(*module.split(".")[1:-1])
        if not (folder / f"test_{name}.py").exists() and not any(folder.glob(f"test_{name}_*.py")):
            missing.append(f"{module} -> {(folder / f'test_{name}.py').relative_to(tests.parent)}")
    return missing


def test_tests_mirror_modules():
    """Every public module has its own test file at the mirrored path (issue 21)."""
    missing = _unmirrored(_modules(), TESTS)
    assert not missing, "modules without a mirrored test file:\n" + "\n".join(missing)


def test_the_mirror_check_sees_a_missing_test_file(tmp_path):
    (tmp_path / "kit" / "pkg").mkdir(parents=True)
    (tmp_path / "tests" / "pkg").mkdir(parents=True)
    for name in ("tested", "aspects", "untested", "_private", "errors"):
        (tmp_path / "kit" / "pkg" / f"{name}.py").write_text("", encoding="utf-8")
    (tmp_path / "tests" / "pkg" / "test_tested.py").write_text("", encoding="utf-8")
    (tmp_path / "tests" / "pkg" / "test_aspects_hostile.py").write_text("", encoding="utf-8")
    modules = [(f"kit.pkg.{p.stem}", p) for p in sorted((tmp_path / "kit" / "pkg").glob("*.py"))]
    assert _unmirrored(modules, tmp_path / "tests") == ["kit.pkg.untested -> tests/pkg/test_untested.py"]
