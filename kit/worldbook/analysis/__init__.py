"""What books do over conversations: trigger coverage, why entries fired or not, token budget, tuning.

:mod:`~kit.worldbook.analysis.trigger_coverage` (replay, coverage), :mod:`~kit.worldbook.analysis.outcomes`
(why, why_chats, why_summary), :mod:`~kit.worldbook.analysis.explanation`,
:mod:`~kit.worldbook.analysis.token_budget` and :mod:`~kit.worldbook.analysis.tokens`,
:mod:`~kit.worldbook.analysis.tuning` (the trigger tuner's logic). Import the names from :mod:`kit.worldbook`;
this package re-exports nothing.
"""
