"""Deprecated old path of :mod:`kit.worldbook.engine.judge` (the same module object; warns once on import).

Import ``kit.worldbook.engine.judge``, or the public names from ``kit.worldbook``, instead.
"""

import sys
import warnings

from kit.worldbook.engine import judge as _moved
from kit.worldbook.engine.judge import *  # noqa: F403 - the names, for type checkers

warnings.warn(
    f"{__name__} is deprecated and will be removed in the next release: import {_moved.__name__} instead",
    DeprecationWarning,
    stacklevel=2,
)
sys.modules[__name__] = _moved
