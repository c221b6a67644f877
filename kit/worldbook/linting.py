"""Old path of :mod:`kit.worldbook.checks.linting`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.checks import linting as _moved
from kit.worldbook.checks.linting import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
