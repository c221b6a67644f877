"""Old path of :mod:`kit.worldbook.engine.prompt_assembly`: the same module object, kept working (no warning yet)."""

import sys

from kit.worldbook.engine import prompt_assembly as _moved
from kit.worldbook.engine.prompt_assembly import *  # noqa: F403 - the names, for type checkers

sys.modules[__name__] = _moved
