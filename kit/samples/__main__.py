"""``python -m kit.samples [ROOT]``: deterministically (re)write ``ROOT/sample_saves/`` (default: the repository)."""

from __future__ import annotations

import importlib
import sys

from kit.samples import sample_save_path

# (module, function) pairs; each writes one part of the save. Later parts may read earlier ones.
_WRITERS = (
    ("kit.samples.saves", "write_databases"),
    ("kit.samples.datapack", "write_datapack"),
    ("kit.samples.modules", "write_modules"),
    ("kit.samples.studio", "write_worldbooks"),
    ("kit.samples.cards", "write_cards"),
    ("kit.samples.quests", "write_quests"),
    ("kit.samples.saves", "ingest_guides"),
)


def main(argv: list[str]) -> int:
    save_dir = sample_save_path(argv[0] if argv else None)
    save_dir.mkdir(parents=True, exist_ok=True)
    for module_name, function in _WRITERS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                continue
            raise
        getattr(module, function)(save_dir)
        print(f"{module_name}.{function}: done")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
