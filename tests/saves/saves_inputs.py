"""Shared inputs of the kit.saves tests: player uuids and small example tables."""

from __future__ import annotations

import kit
from kit.saves import codecs

PLAYER = "6f1c2a4e-5b7d-4e21-9a3c-0d8e7f6a5b41"
OTHER = "a2d4e6f8-1b3c-4d5e-8f70-91a2b3c4d5e6"
NOTES = kit.DatabaseTable("example:notes", codecs.STRING)
COUNTS = kit.DatabaseTable("example:counts", codecs.INT)
