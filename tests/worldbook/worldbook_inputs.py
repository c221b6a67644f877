"""Parametrisation tables and small builders for the world-book tests."""

from __future__ import annotations

import kit.worldbook as wb
from kit.worldbook import Entry, KeywordTrigger, Triggers, WorldBook
from tests.data_folder import REPO, SHARED, SHARED_DATA, missing_reason, require  # noqa: F401

WORLDBOOKS = SHARED_DATA / "worldbooks"

# (condition text, table, expected result)
CONDITIONS = [
    ("tb.力量 > 10", {"力量": 15}, True),
    ("tb.力量 > 10", {"力量": 10}, False),
    ("tb.力量 >= 10", {"力量": 10}, True),
    ("tb.力量 <= 10", {"力量": "9.5"}, True),
    ("tb.力量 < -1", {"力量": -2}, True),
    ("tb.力量 == 3", {"力量": 3.0}, True),
    ("tb.力量 != 3", {"力量": 4}, True),
    ("tb.力量 = 3", {"力量": 3}, True),
    ('tb.态度 = "友好"', {"态度": "友好"}, True),
    ('tb.态度 = "友好"', {"态度": "很友好"}, False),
    ('tb.态度 包括 "友好"', {"态度": "很友好"}, True),
    ('tb.态度 包括 "敌对"', {"态度": "很友好"}, False),
    ('tb.物品 包括 "钥匙"', {"物品": ["钥匙", "火把"]}, True),
    ('tb.物品 包括 "钥"', {"物品": ["钥匙", "火把"]}, False),
    ("ｔｂ．力量　＞＝　１０", {"力量": 12}, True),
    ("tb.力量＞10", {"力量": 12}, True),
    ("tb.态度 包括 “友好”", {"态度": "友好"}, True),
    ("tb.态度 = 「友好」", {"态度": "友好"}, True),
    ("tb.力量 ≥ 10", {"力量": 10}, True),
    ('tb.name == "Bob"', {"name": "Bob"}, True),
    ("tb.编号 包括 7", {"编号": "A-17"}, True),
    ("tb.编号 包括 7", {"编号": [7, 8]}, True),
    ("tb.称号 包括 骑士", {"称号": "圣殿骑士"}, True),
]

# (condition text, table, reason pattern): evaluation is false with a reason, never raises
FALSE_WITH_REASON = [
    ("tb.力量 > 10", {}, "missing"),
    ("tb.力量 > 10", {"力量": "很强"}, "not a number"),
    ("tb.力量 > 10", {"力量": True}, "not a number"),
    ("tb.力量 > 10", {"力量": None}, "not a number"),
]

# (text, column, reason pattern)
MALFORMED = [
    ("", 1, "empty condition"),
    ("力量 > 10", 1, "expected 'tb.'"),
    ("tb力量 > 10", 3, "expected '.'"),
    ("tb. > 10", 5, "field name"),
    ("tb.力量", 6, "expected an operator"),
    ("tb.力量 >> 10", 8, "needs a number"),
    ("tb.力量 > 十", 9, "needs a number"),
    ('tb.力量 > "10"', 9, "needs a number"),
    ("tb.力量 >", 8, "expected a value"),
    ('tb.态度 包括 "友好', 10, "unterminated"),
    ("tb.力量 > 10 且", 12, "unexpected"),
    ("ｔｂ．力量　＞＞　１０", 8, "needs a number, got '＞'"),  # columns count the full-width text as written
    ("tb.态度 包括 “友好", 10, "unterminated"),
    ("tb.力量 =< 10", 10, "unexpected"),
]

# (logic expression, found keys, table, expected)
LOGIC = [
    ("魔法 AND 龙", {"魔法", "龙"}, {}, True),
    ("魔法 AND 龙", {"魔法"}, {}, False),
    ("魔法 OR 龙", {"龙"}, {}, True),
    ("NOT 魔法", set(), {}, True),
    ("!魔法 && 龙", {"龙"}, {}, True),
    ("魔法 || (龙 && tb.力量 > 10)", {"龙"}, {"力量": 11}, True),
    ("魔法 || (龙 && tb.力量 > 10)", {"龙"}, {"力量": 9}, False),
    ('"dark magic" and not tb.阵营 = "光明"', {"dark magic"}, {"阵营": "黑暗"}, True),
    ("a OR b AND c", {"a"}, {}, True),  # AND binds tighter
    ("(a OR b) AND c", {"a"}, {}, False),
    ("非洲 或 非 龙", set(), {}, True),  # 或 / 非 as separate words; 非洲 is a key
]

LOGIC_MALFORMED = [
    ("", 1, "empty"),
    ("a AND", 6, "end of expression"),
    ("(a OR b", 8, r"expected '\)'"),
    ("a b", 3, "missing AND / OR"),
    ("a AND )", 7, "unexpected"),
    ("tb.x >> 1 OR a", 7, "needs a number"),
]


# A global and a character book of every trigger type, for activation and its reports (run: activate both).
def kw(*keys, cs=False, ww=False, **more):
    return Triggers(keyword=KeywordTrigger(tuple(keys), cs, ww), **more)


GLOBAL = WorldBook(
    "world",
    "世界 World",
    (
        Entry("base", "世界观", position=0, order=5, triggers=Triggers(constant=True)),
        Entry("magic", "魔法体系", position=4, order=1, triggers=kw("魔法", "Magic")),
        Entry(
            "strong",
            "力量说明",
            position=0,
            order=1,
            triggers=Triggers(conditions=("tb.力量 > 10", 'tb.态度 包括 "友好"')),
        ),
        Entry("off", "disabled", position=0, disable=True, triggers=Triggers(constant=True)),
        Entry("none", "no trigger", position=0),
        Entry("alice", "Alice", position=2, order=2, triggers=kw("Alice", ww=True, cs=True)),
    ),
)
CHAR = WorldBook(
    "hero",
    "Hero",
    (
        Entry("dragon", "龙", position=1, order=1, triggers=kw("龙")),
        Entry("logic", "逻辑", position=3, order=0, triggers=Triggers(logic_expression='龙 AND NOT tb.态度 = "敌对"')),
    ),
)


def run(**kwargs):
    defaults = dict(message="", history=[], table={})
    defaults.update(kwargs)
    return wb.activate([GLOBAL], CHAR, **defaults)
