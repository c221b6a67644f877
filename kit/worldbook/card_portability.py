"""Old path of :mod:`kit.worldbook.checks.card_portability`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.checks import card_portability as _moved
from kit.worldbook.checks.card_portability import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
