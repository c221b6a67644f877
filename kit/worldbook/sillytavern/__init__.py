"""SillyTavern compatibility: read SillyTavern world files and card lore into kit's model, write them back,
and simulate SillyTavern 1.15.0's world-info activation exactly (:func:`simulate`).

Import explicitly: ``import kit.worldbook.sillytavern as st``.
"""

from __future__ import annotations

from kit.worldbook.sillytavern.simulate import DEFAULT_SETTINGS, SLOT_NAMES, ScenarioError, simulate

__all__ = ["DEFAULT_SETTINGS", "SLOT_NAMES", "ScenarioError", "simulate"]
