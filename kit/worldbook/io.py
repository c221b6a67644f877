"""Deprecated old path of :mod:`kit.worldbook.book.io` (the same module object; warns once on import).

Import ``kit.worldbook.book.io``, or the public names from ``kit.worldbook``, instead.
"""

import sys
import warnings

from kit.worldbook.book import io as _moved
from kit.worldbook.book.io import *  # noqa: F403 - the names, for type checkers

warnings.warn(
    f"{__name__} is deprecated and will be removed in the next release: import {_moved.__name__} instead",
    DeprecationWarning,
    stacklevel=2,
)
sys.modules[__name__] = _moved
