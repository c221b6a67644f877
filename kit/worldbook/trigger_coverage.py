"""Old path of :mod:`kit.worldbook.analysis.trigger_coverage`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.analysis import trigger_coverage as _moved
from kit.worldbook.analysis.trigger_coverage import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
