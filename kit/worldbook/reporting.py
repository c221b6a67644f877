"""Old path of :mod:`kit.worldbook.engine.reporting`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.engine import reporting as _moved
from kit.worldbook.engine.reporting import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
