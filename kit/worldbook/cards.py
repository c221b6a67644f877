"""Old path of :mod:`kit.worldbook.book.cards`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.book import cards as _moved
from kit.worldbook.book.cards import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
