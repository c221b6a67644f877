"""Write the embedded sample save deterministically: every part, in order, from code and data files."""

from __future__ import annotations

import importlib
from pathlib import Path

__all__ = ["WRITERS", "write_sample_save"]

# (module, function) pairs; each writes one part of the save. Later parts may read earlier ones.
WRITERS = (
    ("kit.samples.saves", "write_databases"),
    ("kit.samples.datapack", "write_datapack"),
    ("kit.samples.modules", "write_modules"),
    ("kit.samples.studio", "write_worldbooks"),
    ("kit.samples.cards", "write_cards"),
    ("kit.samples.quests", "write_quests"),
    ("kit.samples.saves", "ingest_guides"),
    ("kit.samples.server", "write_modded_server"),  # beside the save: sample_saves/modded_server
    ("kit.samples.doctor", "write_doctor_staging"),  # beside it: sample_saves/modded_server_staging
)


def write_sample_save(save_dir: str | Path, *, verbose: bool = False) -> Path:
    """(Re)write the sample save into ``save_dir`` and return its path.

    The output is byte-identical on every run (``tests/samples`` regenerates it and compares).
    """
    save_dir = Path(save_dir)
    save_dir.mkdir(parents=True, exist_ok=True)
    for module_name, function in WRITERS:
        module = importlib.import_module(module_name)
        getattr(module, function)(save_dir)
        if verbose:
            print(f"{module_name}.{function}: done")
    return save_dir
