"""kit.widgets.plotting: Chinese labels render in matplotlib without missing-glyph warnings."""

from __future__ import annotations

import warnings

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from kit.widgets.plotting import CJK_FAMILY, cjk_font_path, use_cjk_fonts  # noqa: E402


def test_packaged_font_is_installed_with_the_project() -> None:
    path = cjk_font_path()
    assert path is not None and path.is_file() and path.stat().st_size > 1_000_000


def test_chinese_labels_draw_without_warnings(tmp_path) -> None:
    with matplotlib.rc_context():
        with warnings.catch_warnings(record=True) as before:
            warnings.simplefilter("always")
            fig, ax = plt.subplots()
            ax.set_title("角色定义之后")
            fig.savefig(tmp_path / "plain.png")
            plt.close(fig)
        family = use_cjk_fonts()
        assert family == CJK_FAMILY
        assert use_cjk_fonts() == family and matplotlib.rcParams["font.family"].count(family) == 1  # idempotent
        assert matplotlib.rcParams["font.family"][0] == "DejaVu Sans"  # Latin text keeps its font
        with warnings.catch_warnings(record=True) as after:
            warnings.simplefilter("always")
            fig, ax = plt.subplots()
            ax.set_title("角色定义之后 after character definition")
            ax.set_xlabel("激活率 activation rate")
            fig.savefig(tmp_path / "cjk.png")
            plt.close(fig)
    glyph = [w for w in before if "missing from font" in str(w.message)]
    assert glyph, "without the fallback DejaVu Sans lacks these glyphs (the test would prove nothing)"
    assert not [w for w in after if "missing from font" in str(w.message)]
