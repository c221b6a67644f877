"""The embedded sample saves: a deterministic generator and a loader.

``python -m kit.samples`` rewrites ``sample_saves/`` from code; ``kit.samples.sample_save_path()`` finds it.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["SAMPLE_SAVE_NAME", "sample_save_path"]

SAMPLE_SAVE_NAME = "aurora_server"


def sample_save_path(root: str | Path | None = None) -> Path:
    """Return the path of the embedded sample save (``<repo>/sample_saves/aurora_server``).

    Parameters
    ----------
    root : path, optional
        The folder holding ``sample_saves/``; by default the repository this package was installed from.
    """
    base = Path(root) if root is not None else Path(__file__).resolve().parents[2]
    return base / "sample_saves" / SAMPLE_SAVE_NAME
