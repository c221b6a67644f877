"""Old path of :mod:`kit.worldbook.conversations.studio`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.conversations import studio as _moved
from kit.worldbook.conversations.studio import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
