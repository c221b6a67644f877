"""The world book itself: the records, the condition and logic syntax, and the formats that map onto them.

:mod:`~kit.worldbook.book.model` (records), :mod:`~kit.worldbook.book.conditions` and
:mod:`~kit.worldbook.book.logic` (parsers of the design's syntax), :mod:`~kit.worldbook.book.normalize` (kit's
native JSON), :mod:`~kit.worldbook.book.cards` (character-card books), :mod:`~kit.worldbook.book.io` (files,
format detection, libraries). Import the names from :mod:`kit.worldbook`; this package re-exports nothing.
"""
