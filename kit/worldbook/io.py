"""Old path of :mod:`kit.worldbook.book.io`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.book import io as _moved
from kit.worldbook.book.io import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
