"""Old path of :mod:`kit.worldbook.engine.conflicts`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.engine import conflicts as _moved
from kit.worldbook.engine.conflicts import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
