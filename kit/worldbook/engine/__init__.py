"""Kit's activation engine: which entries a text activates, why the others did not, and what goes to the prompt.

:mod:`~kit.worldbook.engine.matching` (keys), :mod:`~kit.worldbook.engine.activation`,
:mod:`~kit.worldbook.engine.conflicts` (groups), :mod:`~kit.worldbook.engine.reasons`,
:mod:`~kit.worldbook.engine.judge` and :mod:`~kit.worldbook.engine.near_miss` (outcomes per entry),
:mod:`~kit.worldbook.engine.payload`, :mod:`~kit.worldbook.engine.prompt_assembly`,
:mod:`~kit.worldbook.engine.reporting`. SillyTavern's engine is :mod:`kit.worldbook.sillytavern`.
Import the names from :mod:`kit.worldbook`; this package re-exports nothing.
"""
