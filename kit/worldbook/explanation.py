"""Old path of :mod:`kit.worldbook.analysis.explanation`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.analysis import explanation as _moved
from kit.worldbook.analysis.explanation import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
