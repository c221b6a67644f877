"""Old path of :mod:`kit.worldbook.engine.activation`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.engine import activation as _moved
from kit.worldbook.engine.activation import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
