"""``python -m kit.samples [ROOT]``: deterministically (re)write ``ROOT/sample_saves/`` (default: the repository)."""

from __future__ import annotations

import sys
from pathlib import Path

from kit.samples import SAMPLE_SAVE_NAME, repository_root
from kit.samples.generate import write_sample_save


def main(argv: list[str]) -> int:
    """Write the sample saves into ``argv[0]`` (default: the repository's ``sample_saves/``); return the exit status."""
    root = Path(argv[0]) if argv else repository_root()
    if root is None:
        print("not in a kit source tree: pass the folder that should hold sample_saves/", file=sys.stderr)
        return 2
    write_sample_save(root / "sample_saves" / SAMPLE_SAVE_NAME, verbose=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
