"""Old path of :mod:`kit.worldbook.engine.matching`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.engine import matching as _moved
from kit.worldbook.engine.matching import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
