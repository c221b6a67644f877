"""Old path of :mod:`kit.worldbook.analysis.token_budget`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.analysis import token_budget as _moved
from kit.worldbook.analysis.token_budget import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
