"""Old path of :mod:`kit.worldbook.book.conditions`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.book import conditions as _moved
from kit.worldbook.book.conditions import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
