"""Old path of :mod:`kit.worldbook.book.model`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.book import model as _moved
from kit.worldbook.book.model import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
