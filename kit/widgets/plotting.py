"""Matplotlib set-up for kit's plots: Chinese labels render (no boxes, no missing-glyph warnings) on any machine.

kit's labels are bilingual (position labels such as 角色定义之后, category names such as 配方), and matplotlib's
default font, DejaVu Sans, has no Chinese glyphs. :func:`use_cjk_fonts` registers a CJK font and puts it second in
the sans-serif list, so Latin text keeps DejaVu Sans and every glyph DejaVu lacks falls back to the CJK font
(matplotlib's per-glyph font fallback). The font is Noto Sans CJK SC from the ``noto-cjk-sans-otc`` package, a
dependency of kit, so a fresh machine needs no system font; when that package is missing, a CJK font already known
to matplotlib (Noto / Source Han / WenQuanYi / Droid Sans Fallback ...) is used instead.

::

    from kit.widgets.plotting import use_cjk_fonts
    use_cjk_fonts()                 # once, before drawing; returns the family used
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

__all__ = ["CJK_FAMILY", "cjk_font_path", "find_cjk_family", "use_cjk_fonts"]

CJK_FAMILY = "Noto Sans CJK SC"  #: the family inside the packaged collection used for simplified Chinese
_SYSTEM_FAMILIES = (
    "Noto Sans CJK SC",
    "Noto Sans SC",
    "Source Han Sans SC",
    "Source Han Sans CN",
    "WenQuanYi Micro Hei",
    "WenQuanYi Zen Hei",
    "Droid Sans Fallback",
    "Noto Sans CJK JP",
    "Microsoft YaHei",
    "SimHei",
    "PingFang SC",
    "Heiti SC",
    "AR PL UMing CN",
)
_GenericKey = Literal["font.sans-serif", "font.serif", "font.monospace", "font.cursive", "font.fantasy"]
#: A generic family name -> the rcParams key listing its concrete families.
_GENERIC_FAMILY_KEYS: dict[str, _GenericKey] = {
    "sans-serif": "font.sans-serif",
    "serif": "font.serif",
    "monospace": "font.monospace",
    "cursive": "font.cursive",
    "fantasy": "font.fantasy",
}


def cjk_font_path() -> Path | None:
    """The packaged Noto Sans CJK collection (``noto-cjk-sans-otc``), or ``None`` when it is not installed."""
    try:
        import noto_cjk_sans_otc
    except ImportError:
        return None
    path = Path(str(noto_cjk_sans_otc.FONT_PATH))
    return path if path.is_file() else None


def find_cjk_family() -> str | None:
    """The CJK font family matplotlib will use: the packaged one (registered here on first use), else the first
    known CJK family among the fonts matplotlib already found on the system, else ``None``.
    """
    from matplotlib import font_manager

    known = {f.name for f in font_manager.fontManager.ttflist}
    path = cjk_font_path()
    if path is not None and CJK_FAMILY not in known:
        font_manager.fontManager.addfont(str(path))
        known = {f.name for f in font_manager.fontManager.ttflist}
    return next((family for family in _SYSTEM_FAMILIES if family in known), None)


def use_cjk_fonts() -> str | None:
    """Make matplotlib draw Chinese text: DejaVu Sans first, then a CJK font as the per-glyph fallback.

    Sets ``font.family`` to the current first family (DejaVu Sans by default), then the CJK family, then the
    rest: matplotlib looks each glyph up along that list (calling it again changes nothing). Returns the CJK
    family, or ``None`` when no CJK font exists (then the settings are left as they were, and matplotlib warns
    about missing glyphs as usual).
    """
    import matplotlib as mpl

    family = find_cjk_family()
    if family is None:
        return None
    names = [n for n in mpl.rcParams["font.family"] if n != family]
    first = names[0] if names else "sans-serif"
    generic = _GENERIC_FAMILY_KEYS.get(first)
    if generic is not None:
        first = next(iter(mpl.rcParams[generic]), "DejaVu Sans")
    mpl.rcParams["font.family"] = [first, family] + [n for n in names if n != first]
    return family
