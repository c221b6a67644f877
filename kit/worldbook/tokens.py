"""Old path of :mod:`kit.worldbook.analysis.tokens`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.analysis import tokens as _moved
from kit.worldbook.analysis.tokens import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
