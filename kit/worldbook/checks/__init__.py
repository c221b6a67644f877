"""Checks of a book before it is used: linting and card portability (what survives the trip to SillyTavern).

:mod:`~kit.worldbook.checks.linting`, :mod:`~kit.worldbook.checks.card_portability`. Import the names from
:mod:`kit.worldbook`; this package re-exports nothing.
"""
