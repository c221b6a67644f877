"""Deprecated old path of :mod:`kit.worldbook.conversations.chats` (the same module object; warns once on import).

Import ``kit.worldbook.conversations.chats``, or the public names from ``kit.worldbook``, instead.
"""

import sys
import warnings

from kit.worldbook.conversations import chats as _moved
from kit.worldbook.conversations.chats import *  # noqa: F403 - the names, for type checkers

warnings.warn(
    f"{__name__} is deprecated and will be removed in the next release: import {_moved.__name__} instead",
    DeprecationWarning,
    stacklevel=2,
)
sys.modules[__name__] = _moved
