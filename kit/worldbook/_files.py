"""Old path of :mod:`kit.worldbook.book._files`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.book import _files as _moved
from kit.worldbook.book._files import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
