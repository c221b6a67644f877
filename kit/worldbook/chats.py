"""Old path of :mod:`kit.worldbook.conversations.chats`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.conversations import chats as _moved
from kit.worldbook.conversations.chats import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
