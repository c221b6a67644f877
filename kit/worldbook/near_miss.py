"""Old path of :mod:`kit.worldbook.engine.near_miss`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.engine import near_miss as _moved
from kit.worldbook.engine.near_miss import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
