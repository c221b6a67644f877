"""Old path of :mod:`kit.worldbook.engine.payload`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.engine import payload as _moved
from kit.worldbook.engine.payload import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
