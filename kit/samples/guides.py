"""The text content of the embedded sample save: the "Aurora" server's knowledge, notes and guide quests.

Aurora is an invented modded survival server. Its game assistant keeps shared knowledge documents
(``system:knowledge``), per-player notes and private knowledge, FTB guide-quest texts
(``system:ftb_guides``) and quest background classes (``system:quest_backgrounds``). Everything here
is original text, generated deterministically from the fact tables at the top of this module by
the small template functions below them: no randomness, no dependence on hash seeds.

Every table row carries its English and Chinese wording side by side (``_t(en, zh)``), so the two
languages always hold the same document ids and the same facts.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, NamedTuple

from kit.core.document import Document
from kit.core.errors import KitError

__all__ = [
    "LANGUAGES",
    "PLAYERS",
    "QUEST_BACKGROUND_CLASSES",
    "LabelledQuestion",
    "UnknownLanguageError",
    "UnknownPlayerError",
    "ftb_guides",
    "knowledge_documents",
    "labelled_questions",
    "player_knowledge",
    "player_notes",
    "quest_backgrounds",
]

Language = Literal["zh_cn", "en_us"]

#: The languages every generator accepts, in a fixed order.
LANGUAGES: tuple[str, ...] = ("en_us", "zh_cn")

#: The players of the sample save who own notes and private knowledge.
PLAYERS: tuple[str, ...] = ("alex", "mei", "sam")


class UnknownLanguageError(KitError, ValueError):
    """A generator was asked for a language the sample save does not have."""


class UnknownPlayerError(KitError, LookupError):
    """A generator was asked for a player the sample save does not have."""


@dataclass(frozen=True)
class LabelledQuestion:
    """A player question with the documents that answer it (for retrieval evaluation).

    Parameters
    ----------
    query_id : str
        ``"q001"`` ...; the English and Chinese phrasings of one question share it, so
        ``(language, query_id)`` is the unique key.
    language : str
        ``"en_us"`` or ``"zh_cn"``; the language of ``question`` and of the documents searched.
    question : str
        The question as a player would type it.
    relevant_ids : tuple of str
        The 1-3 document ids that answer it.
    scope : str
        Where those documents live: ``"shared"`` (the shared knowledge table), ``"player:<name>"``
        (that player's private knowledge) or ``"ftb"`` (the FTB guide table).
    """

    query_id: str
    language: str
    question: str
    relevant_ids: tuple[str, ...]
    scope: str


class _Text(NamedTuple):
    """One phrase in both languages."""

    en: str
    zh: str

    def pick(self, language: str) -> str:
        return self.zh if language == "zh_cn" else self.en


def _t(en: str, zh: str) -> _Text:
    return _Text(en, zh)


# ---------------------------------------------------------------------------------------------
# Fact tables. One row per document: plain values are shared by both languages, _t(...) values
# are picked per language, and a tuple of _t(...) values is joined into running text.
# ---------------------------------------------------------------------------------------------

_ORES = (
    dict(
        slug="iron", name=_t("Iron Ore", "铁矿石"), item="minecraft:iron_ore", ymin=-24, ymax=320, peak=16,
        where=_t("in every Overworld biome, with a second large band high up in mountain peaks",
                 "在主世界的所有生物群系中"),
        tool=_t("a stone pickaxe", "石镐"), drop=_t("one raw iron", "1 个粗铁"),
        use=_t("Iron is the backbone of early progression on Aurora: buckets, shears, rails, the first "
               "Frostworks casing and the Skyrail track all need it. Smelt raw iron in a blast furnace to "
               "halve the smelting time.",
               "铁是 Aurora 前期发展的核心材料：桶、剪刀、铁轨、霜铸工业的第一批机器外壳和天轨轨道都需要它。"
               "用高炉冶炼粗铁，耗时只有普通熔炉的一半。"),
        tip=_t("Mountain peaks above Y=80 have a second, separate iron band. On Aurora the mining world "
               "(/warp mining) resets every first Sunday of the month, so strip-mine there instead of the main world.",
               "Y=80 以上的山峰里还有一条独立的铁矿带。Aurora 的资源世界（/warp mining）每月第一个星期日重置，"
               "大规模挖矿请去那里，不要在主世界挖。"),
    ),
    dict(
        slug="copper", name=_t("Copper Ore", "铜矿石"), item="minecraft:copper_ore", ymin=-16, ymax=112, peak=48,
        where=_t("in the Overworld, and three times as often in Dripstone Caves",
                 "在主世界中，尤其是溶洞群系里（数量约为其他地方的三倍）"),
        tool=_t("a stone pickaxe", "石镐"), drop=_t("two to five raw copper", "2 到 5 个粗铜"),
        use=_t("Copper goes into lightning rods, spyglasses and, on this server, into every Heat Pipe of the "
               "Emberforge mod. Copper blocks oxidise in four stages; wax them with honeycomb to keep the colour.",
               "铜可以做避雷针和望远镜，在本服还是余烬熔炉模组里每一节热管的材料。铜块会分四个阶段氧化，"
               "用蜜脾涂蜡可以保持当前颜色。"),
        tip=_t("One stack of copper ingots sells for 24 Aurora coins at the spawn market, the cheapest metal on "
               "the price board, so keep it for your own Heat Pipes.",
               "在出生点市场，一组铜锭只能卖 24 极光币，是价目表上最便宜的金属，建议留着自己做热管。"),
    ),
    dict(
        slug="gold", name=_t("Gold Ore", "金矿石"), item="minecraft:gold_ore", ymin=-64, ymax=32, peak=-16,
        where=_t("underground in the Overworld, and in much larger amounts in Badlands up to Y=256",
                 "在主世界地下（恶地群系中数量更多，最高可到 Y=256）"),
        tool=_t("an iron pickaxe", "铁镐"), drop=_t("one raw gold", "1 个粗金"),
        use=_t("Gold makes golden carrots, clocks and powered rails. Piglins in the Nether barter with gold "
               "ingots, which is the easiest way to collect ender pearls and fire resistance potions.",
               "金可以合成金胡萝卜、时钟和充能铁轨。下界的猪灵接受金锭进行以物易物，这是获取末影珍珠和抗火药水最轻松的方法。"),
        tip=_t("Nether gold ore (minecraft:nether_gold_ore) drops gold nuggets and can be mined with any "
               "pickaxe, but it angers nearby piglins.",
               "下界金矿石（minecraft:nether_gold_ore）掉落金粒，任何镐都能挖，但会激怒附近的猪灵。"),
    ),
    dict(
        slug="diamond", name=_t("Diamond Ore", "钻石矿石"), item="minecraft:diamond_ore", ymin=-64, ymax=16, peak=-58,
        where=_t("deep underground in the Overworld, mostly as deepslate diamond ore",
                 "主要以深板岩钻石矿石的形式在主世界深层"),
        tool=_t("an iron pickaxe", "铁镐"), drop=_t("one diamond", "1 颗钻石"),
        use=_t("Diamonds make the best vanilla tools before netherite, the enchanting table and the jukebox. "
               "On Aurora you also need four diamonds for the Glacier Drill core.",
               "钻石用于制作下界合金之前最好的工具、附魔台和唱片机。在 Aurora 上，冰川钻机的核心还需要 4 颗钻石。"),
        tip=_t("Diamonds generated next to air are often removed, so tunnel through solid stone at Y=-58 and keep "
               "a Fortune III pickaxe for the veins you uncover; expect roughly 2.2 diamonds per ore.",
               "暴露在空气中的钻石矿经常会被删掉，所以最好在 Y=-58 附近的实心石头里挖隧道，挖到矿脉再换时运 III 的镐，"
               "平均每个矿石约能拿到 2.2 颗钻石。"),
    ),
    dict(
        slug="redstone", name=_t("Redstone Ore", "红石矿石"), item="minecraft:redstone_ore", ymin=-64, ymax=15, peak=-59,
        where=_t("in the lowest layers of the Overworld", "在主世界最底部的几层"),
        tool=_t("an iron pickaxe", "铁镐"), drop=_t("four or five redstone dust", "4 到 5 个红石粉"),
        use=_t("Redstone powers doors, pistons and farms. Skyrail Logistics uses a redstone signal to switch "
               "cargo drones between routes, and the Growth Lamp turns off when it receives one.",
               "红石可以驱动门、活塞和各种农场。天轨物流用红石信号切换货运无人机的航线，生长灯收到红石信号时会关闭。"),
        tip=_t("The ore glows when touched, which makes it easy to spot in dark tunnels. Server rule: redstone "
               "clocks faster than 4 ticks are removed by staff.",
               "红石矿石被触碰时会发光，在黑暗的矿道里很容易找到。服务器规定：快于 4 刻的红石时钟会被管理员拆除。"),
    ),
    dict(
        slug="lapis", name=_t("Lapis Lazuli Ore", "青金石矿石"), item="minecraft:lapis_ore", ymin=-64, ymax=64, peak=0,
        where=_t("in the Overworld, in a triangular distribution that thins out towards both ends",
                 "在主世界中，以两头少、中间多的三角形分布"),
        tool=_t("a stone pickaxe", "石镐"), drop=_t("four to nine lapis lazuli", "4 到 9 个青金石"),
        use=_t("Lapis lazuli is spent on every enchantment at the enchanting table (one to three pieces) and "
               "is the blue dye of the game.",
               "每次在附魔台附魔都要消耗 1 到 3 个青金石，它也是游戏里的蓝色染料。"),
        tip=_t("Half of the lapis veins below Y=-32 are hidden with no air exposure; a Vein Sense enchanted "
               "pickaxe shows them through the rock.",
               "Y=-32 以下的青金石矿脉有一半完全不接触空气，用附有矿脉感知的镐可以隔着岩石看到它们。"),
    ),
    dict(
        slug="coal", name=_t("Coal Ore", "煤矿石"), item="minecraft:coal_ore", ymin=0, ymax=320, peak=96,
        where=_t("in exposed cliffs and mountain sides of the Overworld", "在主世界裸露的山崖和山坡上"),
        tool=_t("a wooden pickaxe", "木镐"), drop=_t("one piece of coal", "1 个煤炭"),
        use=_t("Coal fuels furnaces (eight items per piece), makes torches and is the starting fuel of the "
               "Bellows Generator before you switch to blaze rods.",
               "煤炭可以给熔炉当燃料（每个烧 8 个物品），也能做火把，在换成烈焰棒之前也是风箱发电机的初始燃料。"),
        tip=_t("A block of coal burns for 80 items, which saves a lot of hopper space in automatic smelters.",
               "一块煤炭块可以烧 80 个物品，在自动烧炼装置里能省下不少漏斗格子。"),
    ),
    dict(
        slug="emerald", name=_t("Emerald Ore", "绿宝石矿石"), item="minecraft:emerald_ore", ymin=-16, ymax=320, peak=232,
        where=_t("only in mountain biomes, as single blocks rather than veins", "只在山地群系中以单个方块的形式"),
        tool=_t("an iron pickaxe", "铁镐"), drop=_t("one emerald", "1 颗绿宝石"),
        use=_t("Emeralds are the villager currency. On Aurora they can also be exchanged at the bank for "
               "15 Aurora coins each, which is why the villager trading hall near spawn is always busy.",
               "绿宝石是村民交易的货币。在 Aurora 上还可以在银行按每颗 15 极光币兑换，所以出生点附近的村民交易所总是很热闹。"),
        tip=_t("It is the rarest vanilla ore. Look in Jagged Peaks near Y=232 and use Fortune; a single ore "
               "can give up to four emeralds.",
               "它是原版最稀有的矿石。去尖峭山峰 Y=232 附近找，记得用时运，一个矿最多能出 4 颗绿宝石。"),
    ),
    dict(
        slug="ancient_debris", name=_t("Ancient Debris", "远古残骸"), item="minecraft:ancient_debris", ymin=8,
        ymax=119, peak=15,
        where=_t("in the Nether, hidden inside netherrack", "在下界的下界岩中"),
        tool=_t("a diamond pickaxe", "钻石镐"), drop=_t("itself, which smelts into netherite scrap",
                                                       "它本身，冶炼后得到下界合金碎片"),
        use=_t("Four netherite scraps and four gold ingots make one netherite ingot, used with a smithing "
               "template to upgrade diamond gear.",
               "4 个下界合金碎片加 4 个金锭合成 1 个下界合金锭，再配合锻造模板升级钻石装备。"),
        tip=_t("Fortune does nothing here. Bed explosions are banned on Aurora, so use TNT minecarts (allowed "
               "only below Y=20 in the Nether) to blast tunnels at Y=15.",
               "时运对它无效。Aurora 禁止用床爆破，请在下界 Y=15 使用 TNT 矿车开道（仅允许在 Y=20 以下使用）。"),
    ),
    dict(
        slug="nether_quartz", name=_t("Nether Quartz Ore", "下界石英矿石"), item="minecraft:nether_quartz_ore",
        ymin=10, ymax=117, peak=60,
        where=_t("everywhere in the Nether", "在下界各处"),
        tool=_t("a wooden pickaxe", "木镐"), drop=_t("one nether quartz and some experience",
                                                    "1 个下界石英和一些经验"),
        use=_t("Quartz makes comparators, observers and daylight detectors. Mining it is also the quickest "
               "way to level up before enchanting.",
               "石英可以做红石比较器、侦测器和阳光探测器。挖石英也是附魔前最快的刷经验方式。"),
        tip=_t("The Skyrail Sorting Hub needs 12 quartz blocks, so bring a shulker box when you go.",
               "天轨分拣中心需要 12 个石英块，去挖的时候记得带个潜影盒。"),
    ),
    dict(
        slug="frostsilver", name=_t("Frostsilver Ore", "霜银矿石"), item="frostworks:frostsilver_ore", ymin=40,
        ymax=110, peak=72,
        where=_t("only in Glacial Spires and Aurora Tundra, embedded in packed ice", "只在冰川尖塔和极光冻原的浮冰里"),
        tool=_t("an iron pickaxe", "铁镐"), drop=_t("one raw frostsilver", "1 个粗霜银"),
        use=_t("Frostsilver ingots are the main metal of the Frostworks mod: the Cryo Condenser, the Frost "
               "Battery and the Glacial Edge enchanting catalyst all need it.",
               "霜银锭是霜铸工业模组的主要金属：低温冷凝器、霜能电池以及冰锋附魔的催化剂都要用到它。"),
        tip=_t("Raw frostsilver melts back into water if smelted in a normal furnace; use the Chill Press or "
               "a blast furnace next to at least 4 blocks of blue ice.",
               "粗霜银放进普通熔炉会化成水，请用冷压机，或者在周围至少有 4 块蓝冰的高炉里冶炼。"),
    ),
    dict(
        slug="aurorite", name=_t("Aurorite Ore", "极光石矿石"), item="aurora:aurorite_ore", ymin=-40, ymax=-10, peak=-25,
        where=_t("only under Aurora Tundra, in geode-like pockets lined with calcite",
                 "只在极光冻原地下，位于方解石包裹的晶洞状空腔中"),
        tool=_t("a diamond pickaxe", "钻石镐"), drop=_t("one to two aurorite shards", "1 到 2 个极光石碎片"),
        use=_t("Aurorite shards are minted into Aurora coins with the Coin Minter (one shard gives 40 coins) "
               "and are the key ingredient of the Claim Stone.",
               "极光石碎片可以用铸币机铸成极光币（1 个碎片换 40 币），也是领地石的关键材料。"),
        tip=_t("The pockets glow faintly green at night, visible through up to three blocks of snow.",
               "这些空腔在夜里会发出淡绿色的光，隔着最多 3 格雪也能看见。"),
    ),
    dict(
        slug="sunstone", name=_t("Sunstone Ore", "日耀石矿石"), item="emberforge:sunstone_ore", ymin=60, ymax=140,
        peak=96,
        where=_t("on the surface of Sunspire Mesa, in the orange terracotta layers", "在日塔台地地表的橙色陶瓦层中"),
        tool=_t("an iron pickaxe", "铁镐"), drop=_t("three sunstone dust", "3 个日耀石粉"),
        use=_t("Sunstone dust is the fuel of the Ember Kiln (one dust smelts 12 items) and is mixed into the "
               "Fire Ward potion.",
               "日耀石粉是余烬窑的燃料（1 份粉可以烧 12 个物品），也是防火结界药水的原料。"),
        tip=_t("It only drops during the day. Mined at night it gives cobblestone-like sunstone rubble worth nothing.",
               "它只在白天掉落日耀石粉，夜里挖只会得到毫无价值的日耀石碎砾。"),
    ),
    dict(
        slug="tin", name=_t("Tin Ore", "锡矿石"), item="emberforge:tin_ore", ymin=-32, ymax=64, peak=24,
        where=_t("throughout the Overworld in small veins of four to six blocks", "在主世界各处，以 4 到 6 块的小矿脉"),
        tool=_t("a stone pickaxe", "石镐"), drop=_t("one raw tin", "1 个粗锡"),
        use=_t("Tin is alloyed with copper into bronze in the Magma Crucible (three copper to one tin). Bronze "
               "gears are needed for every Emberforge machine.",
               "锡在岩浆坩埚里和铜按 3:1 合金化成青铜，每台余烬熔炉机器都需要青铜齿轮。"),
        tip=_t("Tin veins never generate within 300 blocks of spawn, so head out or use the mining world.",
               "出生点 300 格范围内不会生成锡矿，请走远一些或去资源世界。"),
    ),
    dict(
        slug="voidglass", name=_t("Voidglass Cluster", "虚空玻璃簇"), item="skyrail:voidglass_cluster", ymin=0,
        ymax=90, peak=45,
        where=_t("on the undersides of the Skyreach Isles floating islands", "在天穹群岛浮空岛的底面"),
        tool=_t("a pickaxe with Silk Touch", "带精准采集的镐"),
        drop=_t("one voidglass shard", "1 个虚空玻璃碎片"),
        use=_t("Voidglass lenses guide cargo drones; a Rail Beacon needs two shards and a Cargo Drone needs six.",
               "虚空玻璃透镜用来给货运无人机导航，一个轨道信标需要 2 个碎片，一架货运无人机需要 6 个。"),
        tip=_t("Without Silk Touch the cluster shatters and drops nothing. Bring slow falling potions: the "
               "islands hang 200 blocks above the void.",
               "没有精准采集时簇会直接碎掉，什么也不掉。记得带缓降药水，这些岛悬在虚空上方 200 格。"),
    ),
    dict(
        slug="ember_crystal", name=_t("Ember Crystal", "余烬水晶"), item="emberforge:ember_crystal", ymin=20, ymax=50,
        peak=32,
        where=_t("in the Ember Depths dimension, growing from magma blocks", "在余烬深渊维度中，从岩浆块上"),
        tool=_t("a netherite pickaxe or a Glacier Drill", "下界合金镐或冰川钻机"),
        drop=_t("two ember crystals", "2 个余烬水晶"),
        use=_t("Ember crystals power the Magma Crucible at full speed and are used in the Ember Colossus "
               "summoning altar (eight crystals).",
               "余烬水晶能让岩浆坩埚全速运转，召唤余烬巨像的祭坛也需要 8 个。"),
        tip=_t("Crystals regrow on the same magma block after about 20 minutes, so leave the base block in place.",
               "同一块岩浆块上的水晶大约 20 分钟后会重新长出来，所以别把底下的岩浆块挖掉。"),
    ),
)

_MOBS = (
    dict(
        slug="frost_wraith", name=_t("Frost Wraith", "霜魂"), entity="frostworks:frost_wraith", health=24, damage=6,
        spawn=_t("It spawns at night in Glacial Spires and Aurora Tundra at light level 0, usually in pairs.",
                 "它在夜间于冰川尖塔和极光冻原光照为 0 的地方生成，通常成对出现。"),
        behavior=_t("A Frost Wraith phases through snow layers and ice, so walls of packed ice do not stop it. "
                    "Each hit applies Chilled for 8 seconds, slowing you by 30 percent and stopping natural "
                    "regeneration.",
                    "霜魂可以穿过雪层和冰块，所以浮冰墙挡不住它。它每次命中会施加 8 秒的“寒冷”效果，"
                    "使移动速度降低 30%，并暂停自然回血。"),
        counter=_t("Fire Aspect or a torch in your off hand doubles the damage it takes. Stand on stone "
                   "rather than ice so it cannot reach you from below.",
                   "火焰附加或副手拿火把时，对它造成的伤害翻倍。尽量站在石头上而不是冰上，免得它从脚下钻出来。"),
        drops=_t("ectoplasmic frost (used in Frost Battery cells) and sometimes a frostsilver nugget",
                 "灵质寒霜（霜能电池的材料），有时还会掉霜银粒"),
    ),
    dict(
        slug="ember_hound", name=_t("Ember Hound", "余烬猎犬"), entity="emberforge:ember_hound", health=30, damage=7,
        spawn=_t("Packs of three to five roam the Ember Wastes and the upper layers of the Ember Depths.",
                 "它们三到五只一群，在余烬荒原和余烬深渊上层游荡。"),
        behavior=_t("The pack leader howls before charging, which gives the other hounds Speed II for 5 "
                    "seconds. They set the ground on fire behind them and are immune to fire and lava.",
                    "头犬冲锋前会先嚎叫，让其他猎犬获得 5 秒速度 II。它们跑过的地面会着火，本身免疫火焰和岩浆。"),
        counter=_t("Kill the leader first (it has a brighter mane). Snowballs and Frost Walker boots deal "
                   "extra damage; a splash potion of water puts out their flames and halves their damage.",
                   "先杀头犬（鬃毛颜色更亮）。雪球和冰霜行者靴子能造成额外伤害；喷溅型水瓶可以熄灭它们身上的火焰，"
                   "让它们的伤害减半。"),
        drops=_t("ember fur and cinder bones, which tame nothing but craft into Emberforge bellows",
                 "余烬皮毛和余烬骨，不能用来驯服，但可以做余烬熔炉的风箱"),
    ),
    dict(
        slug="gloom_stalker", name=_t("Gloom Stalker", "幽影潜行者"), entity="aurora:gloom_stalker", health=40, damage=9,
        spawn=_t("It lives in the Crystal Hollows and in caves below Y=0, never in the light.",
                 "它栖息在水晶空洞以及 Y=0 以下的洞穴里，从不出现在光亮处。"),
        behavior=_t("It turns invisible when it stands still and strikes from behind. Its attack blinds the "
                    "player for 3 seconds. Torches within 4 blocks force it to become visible.",
                    "它静止时会隐身，并从背后偷袭，攻击会让玩家失明 3 秒。4 格内有火把时它会被迫现形。"),
        counter=_t("Carry a lantern or place torches as you walk; a Night Vision potion does not reveal it, "
                   "but Glowing arrows do.",
                   "带上灯笼或者边走边插火把；夜视药水看不见它，但光灵箭可以让它显形。"),
        drops=_t("gloom silk, the string used for the Skyrail Cargo Drone's parachute",
                 "幽影丝，是天轨货运无人机降落伞的线材"),
    ),
    dict(
        slug="mire_slug", name=_t("Mire Slug", "泥沼蛞蝓"), entity="verdant:mire_slug", health=16, damage=3,
        spawn=_t("It spawns in the Mirelands at any time of day, on mud and mangrove roots.",
                 "它全天都会在泥沼地的泥巴和红树根上生成。"),
        behavior=_t("Slow and weak, but it leaves a slime trail that gives Slowness III to anything walking on "
                    "it. It eats crops: a slug left near a farm destroys one crop block every 40 seconds.",
                    "速度慢、攻击弱，但它留下的黏液痕迹会给踩上去的生物施加缓慢 III。它会吃农作物："
                    "农田附近的蛞蝓每 40 秒毁掉一格作物。"),
        counter=_t("Salt (crafted from a bucket of seawater in the Cryo Condenser) kills it in one hit. "
                   "A ring of copper blocks around a farm keeps slugs out.",
                   "盐（用低温冷凝器处理一桶海水得到）能一击杀死它。在农田周围放一圈铜块可以挡住蛞蝓。"),
        drops=_t("mire slime, which fertilises Verdant crops like bone meal but works on Glowroot too",
                 "泥沼黏液，可以像骨粉一样给翠绿炼金的作物催熟，而且对辉根同样有效"),
    ),
    dict(
        slug="sky_ray", name=_t("Sky Ray", "天空鳐"), entity="skyrail:sky_ray", health=20, damage=0,
        spawn=_t("Passive schools of six glide between the Skyreach Isles during the day.",
                 "白天成群（六只一群）在天穹群岛之间滑翔，是被动生物。"),
        behavior=_t("Sky Rays never attack. A player standing on one is carried along its flight path for "
                    "up to 60 seconds, which is how many people cross between islands before they have Elytra.",
                    "天空鳐从不攻击。玩家站在它背上会被带着沿航线飞行，最长 60 秒，很多人在拿到鞘翅之前就是这样在岛之间移动的。"),
        counter=_t("Do not kill them: the server counts Sky Ray deaths and closes the Skyreach warp for a day "
                   "if more than 50 die in 24 hours.",
                   "不要杀它们：服务器会统计天空鳐的死亡数，24 小时内超过 50 只就会关闭天穹群岛传送点一天。"),
        drops=_t("nothing when killed; they shed ray membrane on their own once per in-game day",
                 "被杀死时什么都不掉；它们每个游戏日会自己蜕下一片鳐膜"),
    ),
    dict(
        slug="rust_golem", name=_t("Rust Golem", "锈蚀傀儡"), entity="emberforge:rust_golem", health=80, damage=14,
        spawn=_t("It guards abandoned Emberforge workshops and never spawns naturally outside them.",
                 "它守卫着废弃的余烬熔炉工坊，不会在工坊以外自然生成。"),
        behavior=_t("Very slow but hits hard, knocking players back eight blocks. Each time it takes water "
                    "damage its armour drops by 2 points; in rain it is noticeably weaker.",
                    "移动很慢但攻击极重，会把玩家击退 8 格。每受到一次水伤害，它的护甲值就降低 2 点，下雨时明显变弱。"),
        counter=_t("Fight it in the rain or throw splash water bottles; keep a shield up against its slam, "
                   "which cannot break shields.",
                   "在雨天和它打，或者扔喷溅型水瓶；举盾挡它的重砸，这招破不了盾。"),
        drops=_t("bronze gears, rusted plates and sometimes an Emberforge blueprint",
                 "青铜齿轮、锈蚀板，偶尔掉落余烬熔炉蓝图"),
    ),
    dict(
        slug="aurora_moth", name=_t("Aurora Moth", "极光飞蛾"), entity="aurora:aurora_moth", health=4, damage=0,
        spawn=_t("Swarms appear above Aurora Tundra on clear nights when the sky aurora is visible.",
                 "在能看到极光的晴朗夜晚，极光冻原上空会出现成群的极光飞蛾。"),
        behavior=_t("Moths fly toward the brightest light source within 24 blocks. They are harmless, but "
                    "they gather on glowstone and can be caught with an empty bottle.",
                    "飞蛾会飞向 24 格内最亮的光源。它们无害，喜欢聚在荧石上，可以用空玻璃瓶捕捉。"),
        counter=_t("To catch many, place a single glowstone on a pillar and wait; breeding is done with "
                   "sugar in a jar.",
                   "想多抓一些，就在柱子上放一块荧石等着；把它们装进罐子里喂糖就能繁殖。"),
        drops=_t("moth dust, which the Coin Minter needs as a polishing agent (one dust per 64 coins)",
                 "蛾粉，铸币机需要它做抛光剂（每 64 枚币消耗 1 份）"),
    ),
    dict(
        slug="tidecaller", name=_t("Tidecaller", "唤潮者"), entity="aurora:tidecaller", health=50, damage=8,
        spawn=_t("It is a rare drowned variant that leads groups of drowned in Coral Shallows during thunderstorms.",
                 "它是一种稀有的溺尸变种，雷雨天在珊瑚浅滩带领溺尸群出现。"),
        behavior=_t("It raises the water level around itself by two blocks for 10 seconds and throws a "
                    "trident that pulls the player toward it.",
                    "它能让周围水位上涨 2 格，持续 10 秒，还会投出一支能把玩家拉向它的三叉戟。"),
        counter=_t("Wear Depth Strider boots and drink Water Breathing. Channeling tridents do triple damage "
                   "to it during the storm.",
                   "穿深海探索者靴子并喝下水肺药水。雷雨中用引雷三叉戟攻击它会造成三倍伤害。"),
        drops=_t("a guaranteed nautilus shell and a 25 percent chance of the Tidecaller's Conch",
                 "必定掉落一个鹦鹉螺壳，并有 25% 的概率掉落唤潮者海螺"),
    ),
    dict(
        slug="ash_revenant", name=_t("Ash Revenant", "灰烬亡魂"), entity="emberforge:ash_revenant", health=35,
        damage=8,
        spawn=_t("It rises from ash piles in the Ashen Forest after dark.", "天黑后它会从灰烬森林的灰堆里爬出来。"),
        behavior=_t("When it dies it splits into two Ash Wisps unless the killing blow is dealt with a "
                    "Smite weapon. Its hits leave a smoke cloud that blocks vision.",
                    "它死亡时会分裂成两个灰烬幽火，除非最后一击用的是带亡灵杀手的武器。被它击中会留下一团遮挡视线的烟雾。"),
        counter=_t("Use Smite V; undead-specific damage finishes it cleanly. Fight in the open so the smoke "
                   "clears faster.",
                   "使用亡灵杀手 V，针对亡灵的伤害能一次性解决它。在开阔地作战，烟雾散得更快。"),
        drops=_t("charcoal, bone ash and, rarely, a Revenant Ember for the Fire Ward potion",
                 "木炭、骨灰，偶尔掉落用于防火结界药水的亡魂余烬"),
    ),
    dict(
        slug="thornback_boar", name=_t("Thornback Boar", "棘背野猪"), entity="verdant:thornback_boar", health=28,
        damage=5,
        spawn=_t("Herds live in the Whispering Taiga and wander into berry bushes.", "成群生活在低语针叶林，常钻进浆果丛。"),
        behavior=_t("Neutral until hit. An angered boar charges in a straight line and damages anyone who "
                    "touches its back for 2 points. Boars can be tamed with sweet berries and ridden with a saddle.",
                    "在被攻击前保持中立。被激怒后会直线冲锋，任何碰到它背部的人都会受到 2 点伤害。"
                    "可以用甜浆果驯服，配上鞍后能骑乘。"),
        counter=_t("Sidestep the charge; it cannot turn for 2 seconds. Tamed boars defend their owner.",
                   "侧身躲开冲锋，它在 2 秒内无法转向。驯服的野猪会保护主人。"),
        drops=_t("raw boar meat (restores 8 hunger when cooked) and thorn quills", "生野猪肉（烹饪后恢复 8 点饥饿值）和棘刺"),
    ),
    dict(
        slug="creeper", name=_t("Creeper", "苦力怕"), entity="minecraft:creeper", health=20, damage=49,
        spawn=_t("Creepers spawn in the dark anywhere in the Overworld except Mushroom Fields and Deep Dark.",
                 "苦力怕会在主世界任何黑暗处生成，蘑菇岛和深暗之域除外。"),
        behavior=_t("It walks up silently and explodes after 1.5 seconds; a charged creeper, struck by "
                    "lightning, explodes twice as strongly. On Aurora creeper explosions do not break blocks "
                    "inside claims but still hurt players.",
                    "它会悄悄靠近，1.5 秒后爆炸；被闪电击中的闪电苦力怕爆炸威力翻倍。在 Aurora 上，"
                    "苦力怕爆炸不会破坏领地内的方块，但依然会伤人。"),
        counter=_t("Step back when it hisses, hit it with a knockback weapon, or keep a cat nearby: creepers "
                   "flee from cats and ocelots.",
                   "听到嘶嘶声就后退，或用带击退的武器打它，也可以在附近养猫：苦力怕害怕猫和豹猫。"),
        drops=_t("gunpowder, and a music disc if a skeleton kills it", "火药；如果被骷髅射死，还会掉唱片"),
    ),
    dict(
        slug="enderman", name=_t("Enderman", "末影人"), entity="minecraft:enderman", health=40, damage=7,
        spawn=_t("Endermen spawn in all three vanilla dimensions, most densely in the End and the Warped Forest.",
                 "末影人在三个原版维度都会生成，在末地和诡异森林中数量最多。"),
        behavior=_t("Neutral until you look at its face. It teleports away from water and arrows and may pick "
                    "up grass, sand or pumpkins. Endermen cannot pick up blocks inside a claim on this server.",
                    "除非你盯着它的脸看，否则它不会主动攻击。它会躲开水和箭矢，还可能搬走草方块、沙子或南瓜。"
                    "在本服领地内，末影人无法搬运方块。"),
        counter=_t("Wear a carved pumpkin to look at it safely, or fight it under a two-block-high roof so "
                   "it cannot follow you.",
                   "戴上雕刻南瓜就能放心看它，或者站在两格高的顶棚下打，它钻不进来。"),
        drops=_t("ender pearls (0 to 1, more with Looting)", "末影珍珠（0 到 1 个，抢夺可增加）"),
    ),
    dict(
        slug="warden", name=_t("Warden", "监守者"), entity="minecraft:warden", health=500, damage=30,
        spawn=_t("It emerges in the Deep Dark after a sculk shrieker is triggered three times.",
                 "在深暗之域，幽匿尖啸体被触发三次后监守者就会钻出来。"),
        behavior=_t("Blind, it tracks vibrations and smell. Its sonic boom ignores armour and shields and "
                    "reaches 15 blocks. It digs back into the ground after 60 seconds without disturbance.",
                    "它是瞎的，靠振动和气味追踪目标。音波攻击无视护甲和盾牌，射程 15 格。60 秒内没有受到干扰就会钻回地下。"),
        counter=_t("Do not fight it. Sneak, place wool on paths to muffle steps, and throw snowballs to "
                   "distract it. The Aurora staff does not refund items lost to a Warden.",
                   "不要和它硬拼。潜行走路，在路上铺羊毛消音，扔雪球吸引它的注意。因监守者丢失的物品，管理组不予补偿。"),
        drops=_t("one sculk catalyst", "1 个幽匿催发体"),
    ),
    dict(
        slug="blaze", name=_t("Blaze", "烈焰人"), entity="minecraft:blaze", health=20, damage=6,
        spawn=_t("Blazes spawn around spawners in Nether fortresses.", "烈焰人在下界要塞的刷怪笼周围生成。"),
        behavior=_t("It floats and shoots volleys of three fireballs. It takes damage from snowballs and water.",
                    "它会悬浮在空中，一次发射三发火球。雪球和水都能伤害它。"),
        counter=_t("Drink Fire Resistance or fight with a shield; snowballs deal 3 damage each.",
                   "喝抗火药水或举盾作战；每个雪球造成 3 点伤害。"),
        drops=_t("blaze rods, the fuel of brewing stands and of the Bellows Generator (12,000 FE per rod)",
                 "烈焰棒，既是酿造台的燃料，也是风箱发电机的燃料（每根 12,000 FE）"),
    ),
    dict(
        slug="piglin_brute", name=_t("Piglin Brute", "猪灵蛮兵"), entity="minecraft:piglin_brute", health=50,
        damage=13,
        spawn=_t("Brutes only spawn inside bastion remnants and never respawn once killed.",
                 "猪灵蛮兵只在堡垒遗迹中生成，被杀后不会再刷新。"),
        behavior=_t("Unlike normal piglins it ignores gold armour and attacks on sight with a golden axe.",
                    "和普通猪灵不同，它无视金装备，见人就拿金斧砍。"),
        counter=_t("Lure it into a narrow corridor and fight with a shield; its axe can disable your shield "
                   "for 5 seconds.",
                   "把它引进狭窄的走廊，举盾作战；注意它的斧头能让你的盾牌失效 5 秒。"),
        drops=_t("its golden axe (8.5 percent chance)", "它的金斧（8.5% 概率）"),
    ),
    dict(
        slug="phantom", name=_t("Phantom", "幻翼"), entity="minecraft:phantom", health=20, damage=6,
        spawn=_t("Phantoms appear when a player has not slept for three in-game nights.",
                 "玩家连续三个游戏夜晚没有睡觉时，幻翼就会出现。"),
        behavior=_t("They swoop down from the sky in groups. On Aurora, one sleeping player is enough to "
                    "skip the night, so phantoms are rare unless everyone is busy.",
                    "它们成群从空中俯冲攻击。在 Aurora 上只要有一个玩家睡觉就能跳过夜晚，所以除非大家都很忙，幻翼很少见。"),
        counter=_t("Sleep in a bed, or fight with a bow; Smite also works because phantoms are undead.",
                   "去床上睡一觉，或者用弓打；幻翼属于亡灵，亡灵杀手也有效。"),
        drops=_t("phantom membrane, used to repair Elytra and for Slow Falling potions",
                 "幻翼膜，可以修鞘翅，也能酿缓降药水"),
    ),
    dict(
        slug="drowned", name=_t("Drowned", "溺尸"), entity="minecraft:drowned", health=20, damage=3,
        spawn=_t("Drowned spawn in rivers and oceans, and zombies turn into them after 30 seconds underwater.",
                 "溺尸在河流和海洋中生成，僵尸在水下待 30 秒也会变成溺尸。"),
        behavior=_t("Some carry tridents (6.25 percent) and throw them from range; they rise to the surface "
                    "at night to hunt.",
                    "部分溺尸拿着三叉戟（6.25%），会远程投掷；夜晚它们会浮上水面狩猎。"),
        counter=_t("Fight from a boat or a dry platform. Impaling only helps against aquatic mobs and drowned do "
                   "not count as aquatic in Java Edition, so Sharpness is the safer choice.",
                   "在船上或干燥的平台上作战；穿刺只对水生生物加伤，而溺尸不算，用锋利更稳妥。"),
        drops=_t("rotten flesh, copper ingots and rarely a trident", "腐肉、铜锭，偶尔掉三叉戟"),
    ),
    dict(
        slug="witch", name=_t("Witch", "女巫"), entity="minecraft:witch", health=26, damage=6,
        spawn=_t("Witches spawn in the dark and in swamp huts; on Aurora they also appear in the Mirelands.",
                 "女巫会在黑暗处和沼泽小屋生成；在 Aurora 上，泥沼地里也有女巫。"),
        behavior=_t("She throws splash potions of Poison, Slowness and Weakness and drinks Healing when hurt.",
                    "她会投掷中毒、缓慢和虚弱的喷溅药水，受伤时会喝治疗药水。"),
        counter=_t("Rush her with a melee weapon before she drinks; a bow works if you keep 8 blocks away.",
                   "趁她还没喝药就冲上去近战；保持 8 格距离用弓也行。"),
        drops=_t("glowstone dust, redstone, sugar, spider eyes and glass bottles", "荧石粉、红石、糖、蜘蛛眼和玻璃瓶"),
    ),
    dict(
        slug="skeleton", name=_t("Skeleton", "骷髅"), entity="minecraft:skeleton", health=20, damage=4,
        spawn=_t("Skeletons spawn in darkness in the Overworld and in soul sand valleys in the Nether.",
                 "骷髅在主世界的黑暗处和下界的灵魂沙峡谷生成。"),
        behavior=_t("They strafe and keep their distance while shooting; in snowy biomes they become strays "
                    "whose arrows inflict Slowness.",
                    "它们边射边绕着走、保持距离；在雪地群系里会变成流浪者，射出的箭附带缓慢效果。"),
        counter=_t("Use a shield and close the distance, or hide behind corners so they walk into melee range.",
                   "举盾贴近，或者躲在拐角后面等它们走进近战范围。"),
        drops=_t("bones and arrows; bones make bone meal for farms", "骨头和箭；骨头能磨成骨粉给农场用"),
    ),
    dict(
        slug="spider", name=_t("Spider", "蜘蛛"), entity="minecraft:spider", health=16, damage=3,
        spawn=_t("Spiders spawn in the dark and stay neutral in daylight.", "蜘蛛在黑暗处生成，白天保持中立。"),
        behavior=_t("They climb walls and jump at players; cave spiders from mineshaft spawners poison.",
                    "它们会爬墙并扑向玩家；废弃矿井刷怪笼里的洞穴蜘蛛会让人中毒。"),
        counter=_t("Build farm walls with an overhang; Bane of Arthropods slows them down.",
                   "农场围墙顶部要做外沿；节肢杀手能让它们减速。"),
        drops=_t("string and spider eyes", "线和蜘蛛眼"),
    ),
)

_BIOMES = (
    dict(
        slug="glacial_spires", name=_t("Glacial Spires", "冰川尖塔"), biome="frostworks:glacial_spires",
        climate=_t("frozen, with permanent snowfall and a temperature of -0.7",
                   "严寒，终年降雪，温度值为 -0.7"),
        where=_t("next to frozen oceans, often bordering Aurora Tundra", "紧邻冻洋，常与极光冻原接壤"),
        resources=_t("frostsilver ore in packed ice, blue ice columns and snow fox dens",
                     "浮冰中的霜银矿石、蓝冰柱和雪狐洞穴"),
        mobs=_t("Frost Wraiths at night, strays and polar bears", "夜间的霜魂、流浪者和北极熊"),
        detail=_t("Ice spires up to 70 blocks tall stand in clusters of five to nine. Their hollow tops hold a "
                  "Frostworks supply cache with a chance of a Glacier Drill blueprint.",
                  "高达 70 格的冰塔五到九座成簇分布，空心的塔顶藏着霜铸工业的补给箱，有几率开出冰川钻机蓝图。"),
    ),
    dict(
        slug="ember_wastes", name=_t("Ember Wastes", "余烬荒原"), biome="emberforge:ember_wastes",
        climate=_t("hot and dry; it never rains and water placed here evaporates after 10 seconds",
                   "炎热干燥，从不下雨，放下的水 10 秒后就会蒸发"),
        where=_t("in the Nether, between Crimson Forests and Basalt Deltas", "在下界，位于绯红森林和玄武岩三角洲之间"),
        resources=_t("cinder sand, magma blocks and Emberforge ruins", "余烬沙、岩浆块和余烬熔炉遗迹"),
        mobs=_t("Ember Hound packs and magma cubes", "余烬猎犬群和岩浆怪"),
        detail=_t("Cinder geysers erupt every 30 seconds and launch anything on top of them 20 blocks up; "
                  "players use them as free elevators, but landing without Slow Falling hurts.",
                  "余烬间歇泉每 30 秒喷发一次，会把上面的东西弹到 20 格高；玩家拿它当免费电梯，但没有缓降效果落地会受伤。"),
    ),
    dict(
        slug="mirelands", name=_t("Mirelands", "泥沼地"), biome="verdant:mirelands",
        climate=_t("warm and very wet; fog limits view distance to about 40 blocks",
                   "温暖潮湿，大雾让视距只有 40 格左右"),
        where=_t("inland from mangrove swamps in warm regions", "在温暖地区红树林沼泽的内陆一侧"),
        resources=_t("mud, bog iron nodules and the bogbean plant", "泥巴、沼铁结核和睡菜"),
        mobs=_t("Mire Slugs, witches and frogs of all three colours", "泥沼蛞蝓、女巫以及三种颜色的青蛙"),
        detail=_t("Bog iron nodules can be picked by hand and smelt into one iron nugget each; a full day of "
                  "picking gives about two stacks of nuggets without any mining.",
                  "沼铁结核可以徒手采集，每个能烧出 1 个铁粒；捡上一整天，不挖矿也能攒出大约两组铁粒。"),
    ),
    dict(
        slug="crystal_hollows", name=_t("Crystal Hollows", "水晶空洞"), biome="aurora:crystal_hollows",
        climate=_t("an underground cave biome at a stable temperature", "地下洞穴群系，温度恒定"),
        where=_t("between Y=-50 and Y=-10 beneath any mountain biome", "在任意山地群系下方的 Y=-50 到 Y=-10 之间"),
        resources=_t("amethyst, quartz crystals and resonant geodes", "紫水晶、石英晶体和共鸣晶洞"),
        mobs=_t("Gloom Stalkers and cave spiders", "幽影潜行者和洞穴蜘蛛"),
        detail=_t("Resonant geodes hum when a player is within 16 blocks; breaking the core block gives "
                  "a Resonance Shard, which the Seed Analyzer uses to read rare crop traits.",
                  "玩家靠近 16 格内时共鸣晶洞会发出嗡鸣；打碎核心方块可得到共鸣碎片，种子分析仪需要它来读取稀有作物性状。"),
    ),
    dict(
        slug="sunspire_mesa", name=_t("Sunspire Mesa", "日塔台地"), biome="emberforge:sunspire_mesa",
        climate=_t("hot and sunny, the driest Overworld biome on the server", "炎热晴朗，是本服主世界最干旱的群系"),
        where=_t("next to Badlands and deserts", "挨着恶地和沙漠"),
        resources=_t("sunstone ore in orange terracotta and dead bush charcoal", "橙色陶瓦中的日耀石矿和枯灌木木炭"),
        mobs=_t("husks and, around sandstone towers, Ash Revenants after dusk", "尸壳，黄昏后砂岩塔周围还有灰烬亡魂"),
        detail=_t("Sandstone sun towers mark the highest point of each mesa. At noon a beam of light from "
                  "the top points to the nearest buried sun chest, usually 30 to 60 blocks away.",
                  "每座台地的最高点都有一座砂岩太阳塔。正午时塔顶会射出一道光，指向最近的埋藏太阳宝箱，通常在 30 到 60 格外。"),
    ),
    dict(
        slug="whispering_taiga", name=_t("Whispering Taiga", "低语针叶林"), biome="verdant:whispering_taiga",
        climate=_t("cool and rainy", "凉爽多雨"),
        where=_t("between snowy plains and ordinary taiga", "位于积雪平原与普通针叶林之间"),
        resources=_t("sweet berries, moss, and whisperwood logs", "甜浆果、苔藓和低语木原木"),
        mobs=_t("Thornback Boars, wolves and foxes", "棘背野猪、狼和狐狸"),
        detail=_t("Whisperwood trees make a faint sound when a player is within 8 blocks of a buried "
                  "chest, which makes this biome popular for treasure maps. Whisperwood planks do not burn.",
                  "当玩家距离埋藏的宝箱 8 格以内时，低语木会发出轻微的声音，所以这里很适合寻宝图。低语木木板不会燃烧。"),
    ),
    dict(
        slug="coral_shallows", name=_t("Coral Shallows", "珊瑚浅滩"), biome="aurora:coral_shallows",
        climate=_t("warm ocean only four to eight blocks deep", "温暖的浅海，水深只有 4 到 8 格"),
        where=_t("along the coasts of warm continents", "分布在温暖大陆的海岸线"),
        resources=_t("all five coral types, sea pickles and pearl oysters", "全部五种珊瑚、海泡菜和珍珠牡蛎"),
        mobs=_t("tropical fish, turtles, and Tidecallers during thunderstorms", "热带鱼、海龟，雷雨时还有唤潮者"),
        detail=_t("Pearl oysters open for 5 seconds every sunrise; right-click an open oyster with shears to "
                  "collect a pearl that sells for 30 Aurora coins at the market.",
                  "珍珠牡蛎每天日出时张开 5 秒，这时用剪刀右键就能取出一颗珍珠，在市场能卖 30 极光币。"),
    ),
    dict(
        slug="ashen_forest", name=_t("Ashen Forest", "灰烬森林"), biome="emberforge:ashen_forest",
        climate=_t("warm, with grey ash falling like snow", "温暖，灰色的灰烬像雪一样飘落"),
        where=_t("inland from Sunspire Mesa and around old volcanoes", "在日塔台地内陆及古火山周围"),
        resources=_t("charred logs, ash piles and obsidian shards", "焦化原木、灰堆和黑曜石碎片"),
        mobs=_t("Ash Revenants at night", "夜间的灰烬亡魂"),
        detail=_t("Ash layers reduce movement speed like soul sand. Placing a Growth Lamp here slowly turns "
                  "ash back into dirt, at one block per minute in a 5 by 5 area.",
                  "灰烬层会像灵魂沙一样降低移动速度。在这里放一盏生长灯，会以每分钟 1 格的速度把 5×5 范围内的灰烬慢慢变回泥土。"),
    ),
    dict(
        slug="aurora_tundra", name=_t("Aurora Tundra", "极光冻原"), biome="aurora:aurora_tundra",
        climate=_t("cold and clear, with a visible aurora on most nights", "寒冷晴朗，大多数夜晚都能看到极光"),
        where=_t("in the far north of the main world, beyond Z=-6000", "在主世界遥远的北方，Z=-6000 以外"),
        resources=_t("aurorite pockets underground, snow and arctic moss", "地下的极光石空腔、积雪和北极苔藓"),
        mobs=_t("Aurora Moths, Frost Wraiths and polar bears", "极光飞蛾、霜魂和北极熊"),
        detail=_t("The biome is the server's namesake. Only here can aurorite be found, and the server's "
                  "first community town, Borealis, was built at X=1200, Z=-6400.",
                  "这个群系就是服务器名字的由来。只有这里能找到极光石，服务器第一座社区城镇“北极光镇”就建在 X=1200、Z=-6400。"),
    ),
    dict(
        slug="mushroom_fields", name=_t("Mushroom Fields", "蘑菇岛"), biome="minecraft:mushroom_fields",
        climate=_t("mild and humid", "温和湿润"),
        where=_t("as rare islands far out in the ocean", "以稀有岛屿的形式出现在远海"),
        resources=_t("mycelium, giant mushrooms and mooshrooms", "菌丝、巨型蘑菇和哞菇"),
        mobs=_t("only mooshrooms; no hostile mob spawns naturally", "只有哞菇；敌对生物不会自然生成"),
        detail=_t("Because hostile mobs never spawn here it is the safest place for a base. On Aurora the "
                  "largest island, at X=-8800, Z=3100, is a protected public park and cannot be claimed.",
                  "由于敌对生物不会在这里生成，它是最安全的建家地点。在 Aurora 上，位于 X=-8800、Z=3100 的最大蘑菇岛"
                  "是受保护的公共公园，不能圈地。"),
    ),
    dict(
        slug="deep_dark", name=_t("Deep Dark", "深暗之域"), biome="minecraft:deep_dark",
        climate=_t("pitch-black, below Y=0", "漆黑一片，位于 Y=0 以下"),
        where=_t("under mountains, usually around Y=-51", "在山地下方，通常在 Y=-51 附近"),
        resources=_t("sculk blocks, ancient city loot, echo shards and swift sneak books",
                     "幽匿块、远古城市战利品、回响碎片和迅捷潜行附魔书"),
        mobs=_t("the Warden; no other mob spawns", "监守者；其他生物都不会生成"),
        detail=_t("Ancient cities hold the best loot in the Overworld, but every sculk shrieker brings the "
                  "Warden one step closer. Aurora players team up in groups of three for city raids.",
                  "远古城市里有主世界最好的战利品，但每个幽匿尖啸体都会让监守者更接近一步。Aurora 的玩家一般三人组队去搜刮。"),
    ),
    dict(
        slug="cherry_grove", name=_t("Cherry Grove", "樱花树林"), biome="minecraft:cherry_grove",
        climate=_t("temperate, with falling pink petals", "温和，飘着粉色花瓣"),
        where=_t("on mountain meadows", "在山地草甸上"),
        resources=_t("cherry logs, pink petals and bees", "樱花原木、粉红色花簇和蜜蜂"),
        mobs=_t("pigs, rabbits, sheep and bees", "猪、兔子、羊和蜜蜂"),
        detail=_t("It is the most popular build site near spawn; the spawn council limits claims here to "
                  "2,500 blocks per player so everyone gets a share.",
                  "这是出生点附近最受欢迎的建筑地点；出生点议会把这里的领地上限定为每人 2,500 格，保证人人有份。"),
    ),
    dict(
        slug="badlands", name=_t("Badlands", "恶地"), biome="minecraft:badlands",
        climate=_t("hot and dry, with no rain", "炎热干燥，从不下雨"),
        where=_t("next to deserts and Sunspire Mesa", "在沙漠和日塔台地旁边"),
        resources=_t("terracotta in many colours, extra gold ore and mineshafts at the surface",
                     "多种颜色的陶瓦、额外的金矿，以及露出地表的废弃矿井"),
        mobs=_t("few mobs by day and the usual hostile mobs at night", "白天生物很少，夜里是普通的敌对生物"),
        detail=_t("Gold ore generates all the way up to Y=256 here, so surface gold is common in the cliffs.",
                  "这里的金矿一直生成到 Y=256，山崖表面就能经常看到金矿。"),
    ),
    dict(
        slug="lush_caves", name=_t("Lush Caves", "繁茂洞穴"), biome="minecraft:lush_caves",
        climate=_t("underground, mild and damp", "位于地下，温和湿润"),
        where=_t("under areas with azalea trees on the surface", "在地表有杜鹃树的区域下方"),
        resources=_t("glow berries, moss, azalea and clay pools", "发光浆果、苔藓、杜鹃花丛和黏土池"),
        mobs=_t("axolotls and glow squid", "美西螈和发光鱿鱼"),
        detail=_t("Glow berries give light and food at once. Axolotls caught in a bucket help in underwater fights.",
                  "发光浆果既能照明又能当食物。用桶装起来的美西螈可以在水下战斗中帮忙。"),
    ),
)

_MACHINES = (
    dict(
        slug="cryo_condenser", name=_t("Cryo Condenser", "低温冷凝器"), block="frostworks:cryo_condenser",
        mod=_t("Frostworks", "霜铸工业"), power="40 FE/t",
        function=_t("turns water, seawater and lava into ice, salt and obsidian. It freezes one bucket every "
                    "8 seconds and outputs salt as a by-product of seawater",
                    "把水、海水和岩浆分别冷凝成冰、盐和黑曜石。每 8 秒处理一桶，处理海水时会额外产出盐"),
        recipe=_t("4 frostsilver ingots, 2 glass panes, 1 bucket and 2 redstone", "4 个霜银锭、2 块玻璃板、1 个桶和 2 个红石"),
        setting=_t("Right-click with an empty hand to cycle the output mode (ice, packed ice, blue ice); blue "
                   "ice mode runs three times slower.",
                   "空手右键可以切换输出模式（冰、浮冰、蓝冰）；蓝冰模式的速度慢三倍。"),
    ),
    dict(
        slug="glacier_drill", name=_t("Glacier Drill", "冰川钻机"), block="frostworks:glacier_drill",
        mod=_t("Frostworks", "霜铸工业"), power="360 FE/t",
        function=_t("mines a 9 by 9 shaft down to bedrock and sorts ores into an attached chest. It needs coolant "
                    "(one blue ice every 64 blocks mined) or it overheats and stops",
                    "向下挖一条 9×9 的竖井直到基岩，并把矿石分拣进相连的箱子。它需要冷却剂（每挖 64 格消耗 1 块蓝冰），否则会过热停机"),
        recipe=_t("a diamond core (4 diamonds), 6 frostsilver ingots and a Frost Battery", "钻石核心（4 颗钻石）、6 个霜银锭和一个霜能电池"),
        setting=_t("Server rule: the Glacier Drill only works in the mining world and in your own claim; placed "
                   "elsewhere it refuses to start and shows a red snowflake.",
                   "服务器规定：冰川钻机只能在资源世界或你自己的领地中工作，放在其他地方会拒绝启动并显示红色雪花。"),
    ),
    dict(
        slug="frost_battery", name=_t("Frost Battery", "霜能电池"), block="frostworks:frost_battery",
        mod=_t("Frostworks", "霜铸工业"), power=_t("stores 2,000,000 FE", "储存 2,000,000 FE"),
        function=_t("stores energy and releases it at up to 1,000 FE/t. It loses no charge in cold biomes but "
                    "leaks 1 percent per minute in hot biomes and the Nether",
                    "储存能量，最大输出 1,000 FE/t。在寒冷群系中不会掉电，但在炎热群系和下界每分钟泄漏 1%"),
        recipe=_t("3 frostsilver ingots, 4 ectoplasmic frost and a copper block", "3 个霜银锭、4 个灵质寒霜和 1 个铜块"),
        setting=_t("Shift-right-click with a wrench to set which faces input and which output; blue means input.",
                   "潜行时用扳手右键可以设置输入面和输出面，蓝色表示输入。"),
    ),
    dict(
        slug="chill_press", name=_t("Chill Press", "冷压机"), block="frostworks:chill_press",
        mod=_t("Frostworks", "霜铸工业"), power="60 FE/t",
        function=_t("smelts raw frostsilver without melting it and presses ingots into plates. One raw "
                    "frostsilver takes 10 seconds",
                    "在不融化的情况下冶炼粗霜银，还能把锭压成板。每个粗霜银需要 10 秒"),
        recipe=_t("an iron block, 2 pistons, 2 packed ice and 2 frostsilver nuggets", "1 个铁块、2 个活塞、2 块浮冰和 2 个霜银粒"),
        setting=_t("Feed it from the top with a hopper and pull plates from the bottom; the side slot takes "
                   "packed ice as coolant.",
                   "用漏斗从顶部喂料，从底部取出板材；侧面的格子放浮冰作冷却剂。"),
    ),
    dict(
        slug="ember_kiln", name=_t("Ember Kiln", "余烬窑"), block="emberforge:ember_kiln",
        mod=_t("Emberforge", "余烬熔炉"), power=_t("none; it burns sunstone dust", "不耗电，燃烧日耀石粉"),
        function=_t("smelts three stacks in parallel, twice as fast as a furnace, and fires clay into "
                    "terracotta and bricks at four times the speed",
                    "同时冶炼三组物品，速度是熔炉的两倍；烧制黏土成陶瓦和砖的速度是四倍"),
        recipe=_t("8 bricks around a blast furnace, plus 2 bronze gears", "8 块砖围住一个高炉，再加 2 个青铜齿轮"),
        setting=_t("It accepts coal as a backup fuel at half efficiency.", "也可以用煤作为备用燃料，但效率只有一半。"),
    ),
    dict(
        slug="magma_crucible", name=_t("Magma Crucible", "岩浆坩埚"), block="emberforge:magma_crucible",
        mod=_t("Emberforge", "余烬熔炉"), power="80 FE/t",
        function=_t("melts metals into molten form and mixes alloys: bronze from three copper and one tin, "
                    "and Emberforged steel from iron plus two coal. A full crucible holds 16 buckets",
                    "把金属熔成液态并调配合金：3 份铜加 1 份锡得到青铜，铁加 2 份煤得到余烬钢。满容量为 16 桶"),
        recipe=_t("a cauldron, 4 nether bricks, 2 bronze gears and a magma block", "1 个炼药锅、4 个下界砖、2 个青铜齿轮和 1 个岩浆块"),
        setting=_t("Place it on top of lava or magma for a 25 percent speed bonus; with ember crystals in the "
                   "fuel slot it runs at full speed without power.",
                   "放在岩浆或岩浆块上面可以加速 25%；燃料槽里放余烬水晶时，不通电也能全速运转。"),
    ),
    dict(
        slug="heat_pipe", name=_t("Heat Pipe", "热管"), block="emberforge:heat_pipe",
        mod=_t("Emberforge", "余烬熔炉"), power=_t("carries heat, not FE", "传输热量而非 FE"),
        function=_t("moves heat from a heat source to Emberforge machines, losing 2 percent per block. "
                    "A pipe longer than 32 blocks loses too much to be useful",
                    "把热源的热量输送给余烬熔炉的机器，每格损失 2%；超过 32 格长的热管损耗太大，基本没用"),
        recipe=_t("6 copper ingots and 1 bronze gear make 8 pipes", "6 个铜锭和 1 个青铜齿轮合成 8 节热管"),
        setting=_t("Pipes glow brighter the hotter they are; touching a glowing pipe burns for 1 damage.",
                   "热管温度越高越亮；碰到发光的热管会被烫伤 1 点。"),
    ),
    dict(
        slug="bellows_generator", name=_t("Bellows Generator", "风箱发电机"), block="emberforge:bellows_generator",
        mod=_t("Emberforge", "余烬熔炉"), power=_t("produces 120 FE/t", "发电 120 FE/t"),
        function=_t("burns fuel to produce energy. Coal gives 1,600 FE and a blaze rod 12,000 FE; ember fur "
                    "bellows raise output by 50 percent",
                    "燃烧燃料发电。1 个煤炭产出 1,600 FE，1 根烈焰棒产出 12,000 FE；装上余烬皮毛风箱后发电量提高 50%"),
        recipe=_t("a furnace, 4 bronze gears, 2 leather and 1 redstone block", "1 个熔炉、4 个青铜齿轮、2 个皮革和 1 个红石块"),
        setting=_t("Server limit: at most 6 generators per claim, to keep the tick time under control.",
                   "服务器限制：每块领地最多 6 台发电机，以控制刻耗时。"),
    ),
    dict(
        slug="growth_lamp", name=_t("Growth Lamp", "生长灯"), block="verdant:growth_lamp",
        mod=_t("Verdant Alchemy", "翠绿炼金"), power="20 FE/t",
        function=_t("speeds up crop growth in a 7 by 7 area below it by 40 percent and works underground "
                    "as a light level 15 source",
                    "使下方 7×7 范围内的作物生长速度提高 40%，在地下也能作为 15 级光源使用"),
        recipe=_t("a glowstone block, 2 glass, 2 gold ingots and a Verdant seed core", "1 个荧石块、2 块玻璃、2 个金锭和 1 个翠绿种核"),
        setting=_t("A redstone signal switches it off. Lamps do not stack: two lamps over the same crop "
                   "still give 40 percent.",
                   "收到红石信号时会关闭。多盏灯效果不叠加：两盏灯照同一块作物仍然只有 40%。"),
    ),
    dict(
        slug="seed_analyzer", name=_t("Seed Analyzer", "种子分析仪"), block="verdant:seed_analyzer",
        mod=_t("Verdant Alchemy", "翠绿炼金"), power="30 FE/t",
        function=_t("reads the three hidden traits of a Verdant seed: growth, yield and hardiness, each from "
                    "1 to 10. Analysed seeds show their traits in the tooltip",
                    "读取翠绿炼金种子的三个隐藏性状：生长、产量和耐性，每项 1 到 10 分。分析过的种子会在提示框中显示性状"),
        recipe=_t("a spyglass, 4 oak planks, a Resonance Shard and 2 copper ingots", "1 个望远镜、4 块橡木板、1 个共鸣碎片和 2 个铜锭"),
        setting=_t("Analysing a seed takes 6 seconds and consumes no seed; Resonance Shards come from the "
                   "Crystal Hollows.",
                   "分析一颗种子需要 6 秒，不会消耗种子；共鸣碎片来自水晶空洞。"),
    ),
    dict(
        slug="compost_reactor", name=_t("Compost Reactor", "堆肥反应器"), block="verdant:compost_reactor",
        mod=_t("Verdant Alchemy", "翠绿炼金"), power=_t("produces 30 FE/t", "发电 30 FE/t"),
        function=_t("turns organic waste (rotten flesh, saplings, seeds, crops) into rich compost and a "
                    "trickle of power. 32 items make one rich compost",
                    "把有机废料（腐肉、树苗、种子、作物）变成高级堆肥，同时产生少量电力。32 个物品产出 1 份高级堆肥"),
        recipe=_t("3 composters, a piston and 2 copper ingots", "3 个堆肥桶、1 个活塞和 2 个铜锭"),
        setting=_t("Rich compost grows crops instantly in a 3 by 3 area, unlike bone meal which works on one block.",
                   "高级堆肥能让 3×3 范围内的作物瞬间成熟，而骨粉只对一格有效。"),
    ),
    dict(
        slug="sap_extractor", name=_t("Sap Extractor", "树液提取器"), block="verdant:sap_extractor",
        mod=_t("Verdant Alchemy", "翠绿炼金"), power=_t("none", "不耗电"),
        function=_t("taps a living tree for sap: oak gives resin, birch gives syrup and whisperwood gives "
                    "silent sap. One bottle every 2 minutes per tree",
                    "从活着的树上采集树液：橡树产树脂，白桦产糖浆，低语木产静谧树液。每棵树每 2 分钟产出一瓶"),
        recipe=_t("a hopper, a tripwire hook and a glass bottle", "1 个漏斗、1 个绊线钩和 1 个玻璃瓶"),
        setting=_t("Only works on trees with at least 4 logs and leaves attached; silent sap is needed for the "
                   "Whisper potion.",
                   "只对至少有 4 块原木并带树叶的树有效；低语药水需要静谧树液。"),
    ),
    dict(
        slug="rail_beacon", name=_t("Rail Beacon", "轨道信标"), block="skyrail:rail_beacon",
        mod=_t("Skyrail Logistics", "天轨物流"), power="10 FE/t",
        function=_t("marks a waypoint for cargo drones. Drones fly in straight lines between beacons that are "
                    "at most 128 blocks apart",
                    "为货运无人机标记航点。无人机在相距不超过 128 格的信标之间直线飞行"),
        recipe=_t("2 voidglass shards, an iron block and a redstone torch", "2 个虚空玻璃碎片、1 个铁块和 1 个红石火把"),
        setting=_t("Name a beacon with a name tag to make it a destination in the drone terminal.",
                   "用命名牌给信标命名后，它就会作为目的地出现在无人机终端里。"),
    ),
    dict(
        slug="cargo_drone", name=_t("Cargo Drone", "货运无人机"), block="skyrail:cargo_drone",
        mod=_t("Skyrail Logistics", "天轨物流"), power=_t("charges 5,000 FE per trip", "每趟充电 5,000 FE"),
        function=_t("carries up to 9 stacks between rail beacons at 12 blocks per second. It returns to its "
                    "home beacon when its charge drops below 10 percent",
                    "在轨道信标之间运送最多 9 组物品，速度为每秒 12 格；电量低于 10% 时会返回起始信标"),
        recipe=_t("6 voidglass shards, gloom silk, a Frost Battery and 4 iron bars", "6 个虚空玻璃碎片、幽影丝、1 个霜能电池和 4 根铁栏杆"),
        setting=_t("Drones cannot enter other players' claims unless you are trusted there with /trust.",
                   "除非对方用 /trust 信任了你，否则无人机无法进入其他玩家的领地。"),
    ),
    dict(
        slug="sorting_hub", name=_t("Sorting Hub", "分拣中心"), block="skyrail:sorting_hub",
        mod=_t("Skyrail Logistics", "天轨物流"), power="50 FE/t",
        function=_t("sorts incoming items into up to 27 connected inventories by item tag or mod namespace, "
                    "moving 4 stacks per second",
                    "按物品标签或模组命名空间，把进入的物品分拣到最多 27 个相连的容器中，每秒搬运 4 组"),
        recipe=_t("12 quartz blocks, a comparator, a chest and a Rail Beacon", "12 个石英块、1 个红石比较器、1 个箱子和 1 个轨道信标"),
        setting=_t("Filters accept tags like #c:ingots; unsorted items go to the overflow chest on top.",
                   "过滤器支持 #c:ingots 这样的标签；无法分拣的物品进入顶部的溢出箱。"),
    ),
    dict(
        slug="skyrail_track", name=_t("Skyrail Track", "天轨轨道"), block="skyrail:skyrail_track",
        mod=_t("Skyrail Logistics", "天轨物流"), power=_t("none for the track; carts use 1 FE per block",
               "轨道本身不耗电，车厢每格消耗 1 FE"),
        function=_t("is a hanging monorail for passenger carts. Carts travel at 20 blocks per second, twice "
                    "the speed of powered rails, and the track can hang from any solid ceiling",
                    "是载客车厢用的悬挂式单轨。车厢速度为每秒 20 格，是充能铁轨的两倍，轨道可以挂在任何实心天花板下"),
        recipe=_t("6 iron ingots and 1 voidglass shard make 16 tracks", "6 个铁锭加 1 个虚空玻璃碎片合成 16 节轨道"),
        setting=_t("The public Skyrail line from spawn to Borealis is 6,400 blocks long and free to ride.",
                   "从出生点到北极光镇的公共天轨线路长 6,400 格，免费乘坐。"),
    ),
    dict(
        slug="claim_stone", name=_t("Claim Stone", "领地石"), block="aurora:claim_stone",
        mod=_t("Aurora Core", "极光核心"), power=_t("none", "不耗电"),
        function=_t("protects a square claim centred on the stone. The first stone covers 32 by 32 blocks "
                    "and can be upgraded to 64 by 64 and then 128 by 128",
                    "保护以石头为中心的正方形领地。第一块石头覆盖 32×32 格，可以升级到 64×64，再升级到 128×128"),
        recipe=_t("4 aurorite shards, 4 stone bricks and a lodestone", "4 个极光石碎片、4 块石砖和 1 个磁石"),
        setting=_t("Upgrades cost 500 and then 2,000 Aurora coins; see the claims rules for the per-player limit.",
                   "升级分别花费 500 和 2,000 极光币；每人的领地上限见领地规则。"),
    ),
    dict(
        slug="coin_minter", name=_t("Coin Minter", "铸币机"), block="aurora:coin_minter",
        mod=_t("Aurora Core", "极光核心"), power="100 FE/t",
        function=_t("mints Aurora coins from aurorite shards: one shard gives 40 coins, polished with moth "
                    "dust. Minted coins go straight to the owner's bank account",
                    "用极光石碎片铸造极光币：1 个碎片产出 40 枚，需要蛾粉抛光。铸好的币会直接存入所有者的银行账户"),
        recipe=_t("only sold at the bank, for 3,000 Aurora coins", "只能在银行购买，价格 3,000 极光币"),
        setting=_t("Each player may own one Coin Minter; the daily minting cap is 2,000 coins.",
                   "每位玩家只能拥有一台铸币机，每日铸币上限为 2,000 枚。"),
    ),
    dict(
        slug="mailbox", name=_t("Mailbox", "邮箱"), block="aurora:mailbox",
        mod=_t("Aurora Core", "极光核心"), power=_t("none", "不耗电"),
        function=_t("receives items and letters sent with /mail send. It holds 27 slots; mail that does not "
                    "fit waits at the spawn post office for 14 days",
                    "接收通过 /mail send 寄来的物品和信件。它有 27 格，放不下的邮件会在出生点邮局保留 14 天"),
        recipe=_t("a chest, 2 iron ingots and a red dye", "1 个箱子、2 个铁锭和 1 个红色染料"),
        setting=_t("Only one mailbox per player is registered; placing a second one moves your address.",
                   "每位玩家只登记一个邮箱，放置第二个会把你的地址迁过去。"),
    ),
    dict(
        slug="trade_terminal", name=_t("Trade Terminal", "交易终端"), block="aurora:trade_terminal",
        mod=_t("Aurora Core", "极光核心"), power="15 FE/t",
        function=_t("turns a chest into a player shop. Buyers pay in Aurora coins, and a 5 percent sales tax "
                    "goes to the server treasury",
                    "把箱子变成玩家商店。买家用极光币付款，其中 5% 的销售税会进入服务器国库"),
        recipe=_t("a chest, a Coin Minter blueprint and 4 gold ingots", "1 个箱子、1 张铸币机蓝图和 4 个金锭"),
        setting=_t("Terminals outside the market district pay double tax (10 percent).",
                   "市场区以外的交易终端需要缴纳双倍税（10%）。"),
    ),
)

_CROPS = (
    dict(
        slug="wheat", name=_t("Wheat", "小麦"), item="minecraft:wheat", stages=8,
        needs=_t("farmland within 4 blocks of water and light level 9 or more", "距离水源 4 格以内的耕地，光照等级不低于 9"),
        growth=_t("about 30 minutes without help; bone meal skips two to five stages",
                  "无辅助时约 30 分钟成熟；骨粉每次推进 2 到 5 个阶段"),
        harvest=_t("one wheat and up to three seeds per plant", "每株 1 个小麦和最多 3 颗种子"),
        use=_t("bread, cake, and breeding cows, sheep and goats. The spawn bakery buys 64 wheat for 18 "
               "coins every morning",
               "做面包、蛋糕，以及繁殖牛、羊和山羊。出生点面包房每天早上以 18 币收购 64 个小麦"),
    ),
    dict(
        slug="potato", name=_t("Potato", "马铃薯"), item="minecraft:potato", stages=4,
        needs=_t("hydrated farmland and light level 9", "湿润的耕地和 9 级光照"),
        growth=_t("about 25 minutes", "约 25 分钟"),
        harvest=_t("one to five potatoes, with a 2 percent chance of a poisonous potato",
                   "1 到 5 个马铃薯，有 2% 概率出毒马铃薯"),
        use=_t("baked potatoes restore 5 hunger and are the cheapest good food; villagers pay an emerald for 26",
               "烤马铃薯恢复 5 点饥饿值，是最便宜的好食物；农民村民用 1 颗绿宝石收购 26 个"),
    ),
    dict(
        slug="sugar_cane", name=_t("Sugar Cane", "甘蔗"), item="minecraft:sugar_cane", stages=3,
        needs=_t("sand, dirt or mud directly next to water", "紧挨着水的沙子、泥土或泥巴"),
        growth=_t("one block every 18 minutes on average, up to three blocks tall", "平均每 18 分钟长高 1 格，最高 3 格"),
        harvest=_t("the top two blocks when you break above the base", "从底部往上打掉，可收获上面两格"),
        use=_t("paper for rockets, maps and books; Skyrail passenger tickets are printed on paper too",
               "造纸，用于烟花火箭、地图和书；天轨的乘车票也是用纸印的"),
    ),
    dict(
        slug="pumpkin", name=_t("Pumpkin", "南瓜"), item="minecraft:pumpkin", stages=8,
        needs=_t("farmland for the stem and a free dirt or grass block beside it for the fruit",
                 "茎要种在耕地上，旁边还要留一格泥土或草方块给果实"),
        growth=_t("the stem matures in about 15 minutes, then fruits appear every few minutes",
                  "茎大约 15 分钟成熟，之后每隔几分钟结一个瓜"),
        harvest=_t("one pumpkin per fruit; the stem stays", "每个果实一个南瓜，茎会保留"),
        use=_t("pumpkin pie, jack o'lanterns, and carved pumpkins to look at Endermen safely",
               "南瓜派、南瓜灯，以及可以安全注视末影人的雕刻南瓜"),
    ),
    dict(
        slug="nether_wart", name=_t("Nether Wart", "下界疣"), item="minecraft:nether_wart", stages=4,
        needs=_t("soul sand; no light or water needed", "灵魂沙；不需要光照和水"),
        growth=_t("about 40 minutes; bone meal does not work", "约 40 分钟；骨粉无效"),
        harvest=_t("two to four warts", "2 到 4 个下界疣"),
        use=_t("the base of almost every potion (it makes Awkward Potions)", "几乎所有药水的基础原料（用来酿粗制的药水）"),
    ),
    dict(
        slug="cocoa", name=_t("Cocoa Beans", "可可豆"), item="minecraft:cocoa_beans", stages=3,
        needs=_t("the side of a jungle log", "丛林原木的侧面"),
        growth=_t("about 20 minutes", "约 20 分钟"),
        harvest=_t("two to three beans per pod", "每个可可果 2 到 3 颗豆"),
        use=_t("cookies and brown dye; the Borealis café pays 1 coin per cookie", "曲奇和棕色染料；北极光镇咖啡馆每块曲奇付 1 币"),
    ),
    dict(
        slug="frostberry", name=_t("Frostberry", "霜莓"), item="frostworks:frostberry", stages=5,
        needs=_t("snow blocks or powder snow; it withers above temperature 0.2", "雪块或细雪；温度高于 0.2 时会枯萎"),
        growth=_t("about 50 minutes, and only while it is snowing or at night", "约 50 分钟，而且只在下雪时或夜间生长"),
        harvest=_t("three frostberries per bush, which regrows", "每丛 3 个霜莓，采摘后会重新长出"),
        use=_t("Frostberry jam cures the Chilled effect from Frost Wraiths and gives 20 seconds of "
               "Frost Resistance",
               "霜莓果酱可以解除霜魂造成的“寒冷”效果，并提供 20 秒“抗寒”"),
    ),
    dict(
        slug="glowroot", name=_t("Glowroot", "辉根"), item="verdant:glowroot", stages=6,
        needs=_t("moss blocks in total darkness (light level 0 to 3)", "完全黑暗（光照 0 到 3）中的苔藓块"),
        growth=_t("about 35 minutes; mire slime speeds it up, bone meal does not", "约 35 分钟；泥沼黏液可以催熟，骨粉不行"),
        harvest=_t("one to three glowroot tubers", "1 到 3 个辉根块茎"),
        use=_t("Glowroot stew gives Night Vision for 3 minutes, and the tubers are the base of the Glowing "
               "arrow recipe on this server",
               "辉根炖菜提供 3 分钟夜视，块茎也是本服光灵箭配方的基础材料"),
    ),
    dict(
        slug="sunwheat", name=_t("Sunwheat", "日光麦"), item="emberforge:sunwheat", stages=7,
        needs=_t("farmland under open sky; it does not grow under Growth Lamps", "露天的耕地；在生长灯下不会生长"),
        growth=_t("about 20 minutes in direct sunlight, stopping completely at night", "阳光直射下约 20 分钟，夜间完全停止生长"),
        harvest=_t("two sunwheat and a 10 percent chance of sunstone dust", "2 个日光麦，并有 10% 概率掉落日耀石粉"),
        use=_t("Sunbread restores 8 hunger and removes Weakness; sunwheat straw is Ember Kiln fuel",
               "日光面包恢复 8 点饥饿值并解除虚弱；日光麦秆可以作余烬窑的燃料"),
    ),
    dict(
        slug="ember_pepper", name=_t("Ember Pepper", "余烬辣椒"), item="emberforge:ember_pepper", stages=4,
        needs=_t("soul soil in the Nether or next to a lava source in the Overworld", "下界的灵魂土，或主世界岩浆源旁边"),
        growth=_t("about 30 minutes", "约 30 分钟"),
        harvest=_t("one to four peppers", "1 到 4 个辣椒"),
        use=_t("eating one gives Fire Resistance for 15 seconds and 4 seconds of Nausea; the chili stew sells "
               "for 12 coins",
               "吃一个获得 15 秒抗火和 4 秒反胃；辣椒炖菜能卖 12 币"),
    ),
    dict(
        slug="bogbean", name=_t("Bogbean", "睡菜"), item="verdant:bogbean", stages=4,
        needs=_t("mud covered by one block of water", "上面有一格水覆盖的泥巴"),
        growth=_t("about 28 minutes", "约 28 分钟"),
        harvest=_t("two bogbeans and sometimes a lily pad", "2 个睡菜，有时会附带一片睡莲"),
        use=_t("bogbean tea removes Poison and is the Verdant Alchemy base for the Regrowth potion",
               "睡菜茶能解除中毒，也是翠绿炼金“再生长”药水的基础原料"),
    ),
    dict(
        slug="beekeeping", name=_t("Beekeeping", "养蜂"), item="minecraft:honey_bottle", stages=5,
        needs=_t("a beehive or bee nest with flowers within 22 blocks", "蜂巢或蜂箱，周围 22 格内要有花"),
        growth=_t("a hive reaches honey level 5 after about five bee trips", "蜜蜂大约往返五次后蜂箱达到 5 级蜂蜜"),
        harvest=_t("three honeycombs with shears or one honey bottle with a glass bottle",
                   "用剪刀收获 3 个蜜脾，或用玻璃瓶收获 1 瓶蜂蜜"),
        use=_t("honeycomb waxes copper; honey blocks slow mobs. Put a campfire under the hive so bees stay calm",
               "蜜脾可以给铜涂蜡，蜂蜜块能减慢生物。在蜂箱下放营火，蜜蜂就不会被激怒"),
    ),
    dict(
        slug="cattle", name=_t("Cow Breeding", "养牛"), item="minecraft:cow", stages=2,
        needs=_t("wheat to breed and a fenced pen of at least 6 by 6", "用小麦繁殖，围栏至少 6×6"),
        growth=_t("calves grow up in 20 minutes; wheat speeds that by 10 percent per feeding",
                  "小牛 20 分钟长大；每喂一次小麦缩短 10%"),
        harvest=_t("leather and raw beef; milk with a bucket", "皮革和生牛肉；用桶挤奶"),
        use=_t("leather makes books for enchanting. Server limit: 40 animals per pen to keep lag down",
               "皮革做书，用于附魔。服务器限制：每个围栏最多 40 只动物，以减少卡顿"),
    ),
    dict(
        slug="tree_farm", name=_t("Tree Farming", "树场"), item="minecraft:oak_sapling", stages=2,
        needs=_t("dirt, light level 9 and free space above (oak needs 7 blocks)", "泥土、9 级光照和上方空间（橡树需要 7 格）"),
        growth=_t("a sapling tries to grow every few minutes; bone meal makes it instant most of the time",
                  "树苗每隔几分钟尝试生长一次；用骨粉大多能立刻长成"),
        harvest=_t("four to seven logs per oak, plus saplings and apples", "每棵橡树 4 到 7 块原木，外加树苗和苹果"),
        use=_t("logs for building and charcoal. Aurora asks you to replant every tree you cut outside your claim",
               "原木用于建筑和烧木炭。Aurora 要求在领地外砍的每一棵树都要补种"),
    ),
)

_ENCHANTMENTS = (
    dict(
        slug="mending", name=_t("Mending", "经验修补"), ench="minecraft:mending", max_level="I",
        applies=_t("any damageable item", "所有有耐久的物品"),
        effect=_t("repairs the item with experience orbs: each orb point restores 2 durability",
                  "用经验球修复物品：每点经验恢复 2 点耐久"),
        obtain=_t("never from the enchanting table; trade with a librarian, fish or loot it",
                  "附魔台附不出来；只能从图书管理员交易、钓鱼或战利品箱中获得"),
        conflicts=_t("Infinity", "无限"),
        tip=_t("The Borealis library sells Mending books for 400 Aurora coins on weekends.",
               "北极光镇图书馆每逢周末出售经验修补附魔书，价格 400 极光币。"),
    ),
    dict(
        slug="fortune", name=_t("Fortune", "时运"), ench="minecraft:fortune", max_level="III",
        applies=_t("pickaxes, shovels, axes and hoes", "镐、锹、斧和锄"),
        effect=_t("raises drops from ores and crops; Fortune III averages 2.2 times the drops of diamond ore",
                  "增加矿石和作物的掉落；时运 III 挖钻石矿平均是普通掉落的 2.2 倍"),
        obtain=_t("the enchanting table at level 30, books, or villagers", "30 级附魔台、附魔书或村民交易"),
        conflicts=_t("Silk Touch", "精准采集"),
        tip=_t("Fortune does not affect ancient debris or Frostsilver, which always drop one.",
               "时运对远古残骸和霜银矿无效，它们永远只掉一个。"),
    ),
    dict(
        slug="silk_touch", name=_t("Silk Touch", "精准采集"), ench="minecraft:silk_touch", max_level="I",
        applies=_t("pickaxes, shovels, axes and hoes", "镐、锹、斧和锄"),
        effect=_t("mined blocks drop themselves: ores, glass, ice and bookshelves", "挖下的方块掉落其本身，如矿石、玻璃、冰和书架"),
        obtain=_t("the enchanting table or books", "附魔台或附魔书"),
        conflicts=_t("Fortune", "时运"),
        tip=_t("You need it for voidglass clusters in the Skyreach Isles.", "挖天穹群岛的虚空玻璃簇必须用它。"),
    ),
    dict(
        slug="unbreaking", name=_t("Unbreaking", "耐久"), ench="minecraft:unbreaking", max_level="III",
        applies=_t("any damageable item", "所有有耐久的物品"),
        effect=_t("gives a chance to ignore durability loss; level III makes tools last about four times longer",
                  "有几率不消耗耐久；III 级的工具寿命约为原来的四倍"),
        obtain=_t("the enchanting table, books or anvil combining", "附魔台、附魔书或铁砧合并"),
        conflicts=_t("nothing", "无"),
        tip=_t("Combine it with Mending on your main pickaxe before anything else.", "先把它和经验修补一起附在主力镐上。"),
    ),
    dict(
        slug="efficiency", name=_t("Efficiency", "效率"), ench="minecraft:efficiency", max_level="V",
        applies=_t("tools and shears", "工具和剪刀"),
        effect=_t("increases mining speed; Efficiency V with Haste II instantly mines stone",
                  "提高挖掘速度；效率 V 配合急迫 II 可以秒挖石头"),
        obtain=_t("the enchanting table up to IV, level V from books or anvils", "附魔台最高 IV 级，V 级需要附魔书或铁砧"),
        conflicts=_t("nothing", "无"),
        tip=_t("The spawn beacon gives Haste II inside the market district.", "出生点的信标在市场区范围内提供急迫 II。"),
    ),
    dict(
        slug="protection", name=_t("Protection", "保护"), ench="minecraft:protection", max_level="IV",
        applies=_t("all armour pieces", "所有盔甲"),
        effect=_t("reduces most damage by 4 percent per level, capped at 80 percent for a full set",
                  "每级减少 4% 的大部分伤害，整套上限为 80%"),
        obtain=_t("the enchanting table or books", "附魔台或附魔书"),
        conflicts=_t("Fire, Blast and Projectile Protection", "火焰保护、爆炸保护和弹射物保护"),
        tip=_t("Protection IV on all four pieces is the standard for boss fights here.",
               "四件盔甲都附上保护 IV 是 Aurora 打 Boss 的标配。"),
    ),
    dict(
        slug="looting", name=_t("Looting", "抢夺"), ench="minecraft:looting", max_level="III",
        applies=_t("swords", "剑"),
        effect=_t("raises mob drops and rare drop chances by 1 percent per level", "增加生物掉落，并使稀有掉落概率每级提高 1%"),
        obtain=_t("the enchanting table or books", "附魔台或附魔书"),
        conflicts=_t("nothing", "无"),
        tip=_t("Looting III raises the Tidecaller's Conch drop from 25 to 28 percent.",
               "抢夺 III 可以把唤潮者海螺的掉率从 25% 提高到 28%。"),
    ),
    dict(
        slug="feather_falling", name=_t("Feather Falling", "摔落保护"), ench="minecraft:feather_falling", max_level="IV",
        applies=_t("boots", "靴子"),
        effect=_t("reduces fall damage by 12 percent per level", "每级减少 12% 的摔落伤害"),
        obtain=_t("the enchanting table or books", "附魔台或附魔书"),
        conflicts=_t("nothing", "无"),
        tip=_t("Essential for the cinder geysers of the Ember Wastes and the Skyreach Isles.",
               "去余烬荒原的间歇泉和天穹群岛必备。"),
    ),
    dict(
        slug="sharpness", name=_t("Sharpness", "锋利"), ench="minecraft:sharpness", max_level="V",
        applies=_t("swords and axes", "剑和斧"),
        effect=_t("adds 0.5 damage per level plus 0.5", "每级增加 0.5 点伤害，另加 0.5"),
        obtain=_t("the enchanting table or books", "附魔台或附魔书"),
        conflicts=_t("Smite and Bane of Arthropods", "亡灵杀手和节肢杀手"),
        tip=_t("Against Ash Revenants use Smite instead, or they split.", "打灰烬亡魂请换亡灵杀手，否则它会分裂。"),
    ),
    dict(
        slug="frost_walker", name=_t("Frost Walker", "冰霜行者"), ench="minecraft:frost_walker", max_level="II",
        applies=_t("boots", "靴子"),
        effect=_t("freezes water under you into frosted ice and stops magma block damage",
                  "把脚下的水冻成霜冰，并免疫岩浆块伤害"),
        obtain=_t("treasure only, from loot, fishing or trading", "宝藏型附魔，只能从战利品、钓鱼或交易中获得"),
        conflicts=_t("Depth Strider", "深海探索者"),
        tip=_t("Ember Hounds take 3 extra damage from players wearing it.", "穿着它的玩家对余烬猎犬额外造成 3 点伤害。"),
    ),
    dict(
        slug="glacial_edge", name=_t("Glacial Edge", "冰锋"), ench="frostworks:glacial_edge", max_level="III",
        applies=_t("swords", "剑"),
        effect=_t("each hit adds a stack of frost to the target; at 5 stacks the target is frozen for "
                  "2 seconds. Fire mobs take 2 extra damage per level",
                  "每次命中给目标叠加一层冰霜，叠满 5 层后目标被冻结 2 秒；对火系生物每级额外造成 2 点伤害"),
        obtain=_t("only by applying a frostsilver catalyst at an enchanting table next to blue ice",
                  "只能在旁边有蓝冰的附魔台上使用霜银催化剂获得"),
        conflicts=_t("Fire Aspect", "火焰附加"),
        tip=_t("It is the best enchantment against the Ember Colossus.", "它是对付余烬巨像最好的附魔。"),
    ),
    dict(
        slug="vein_sense", name=_t("Vein Sense", "矿脉感知"), ench="aurora:vein_sense", max_level="II",
        applies=_t("pickaxes and helmets", "镐和头盔"),
        effect=_t("highlights ores of the type you last mined within 8 blocks (16 at level II) for 10 seconds",
                  "高亮显示 8 格内（II 级为 16 格）与你上次挖掘相同种类的矿石，持续 10 秒"),
        obtain=_t("quest reward from the Mining chapter, or the auction house", "矿业章节的任务奖励，或在拍卖行购买"),
        conflicts=_t("nothing", "无"),
        tip=_t("It does not work in the mining world during the first hour after a reset.", "资源世界重置后的第一个小时内无效。"),
    ),
    dict(
        slug="soulbound", name=_t("Soulbound", "灵魂绑定"), ench="aurora:soulbound", max_level="I",
        applies=_t("any item", "任何物品"),
        effect=_t("the item stays in your inventory when you die, but loses 10 percent durability",
                  "死亡时物品保留在背包里，但损失 10% 耐久"),
        obtain=_t("only from the Hollow King boss or the weekly lottery", "只能从空洞之王 Boss 或每周抽奖获得"),
        conflicts=_t("Curse of Vanishing", "消失诅咒"),
        tip=_t("It cannot be put on shulker boxes; staff remove it if you manage to.", "不能附在潜影盒上；如果你弄成了，管理员会移除。"),
    ),
    dict(
        slug="magnetism", name=_t("Magnetism", "磁吸"), ench="aurora:magnetism", max_level="III",
        applies=_t("leggings", "护腿"),
        effect=_t("pulls dropped items and experience orbs within 3, 5 or 7 blocks", "吸取 3/5/7 格内掉落的物品和经验球"),
        obtain=_t("the enchanting table at level 30 with a lodestone within 2 blocks", "在 2 格内有磁石的 30 级附魔台上获得"),
        conflicts=_t("Swift Sneak", "迅捷潜行"),
        tip=_t("Hold sneak to pause the pull when you stand next to someone's shop.", "站在别人的商店旁边时，按住潜行可以暂停吸取。"),
    ),
)

_RULES = (
    dict(
        slug="griefing", number=1, name=_t("No griefing", "禁止破坏"),
        rule=_t("Do not break, take or change anything you did not build, inside or outside claims. Unclaimed "
                "builds are protected too.",
                "不得破坏、拿走或改动任何不是你建造的东西，无论是否在领地内。未圈地的建筑同样受保护。"),
        reason=_t("Many players build without claiming during their first week.", "很多玩家在第一周还没来得及圈地就开始建造。"),
        penalty=_t("a 7-day ban and full rollback of the damage; a second offence is permanent",
                   "封禁 7 天并全部回档；再犯永久封禁"),
        example=_t("Taking a single log from a half-built house counts as griefing.", "从别人盖了一半的房子上拿走一块原木也算破坏。"),
    ),
    dict(
        slug="pvp", number=2, name=_t("PvP only by agreement", "PvP 须双方同意"),
        rule=_t("Player-versus-player combat is off by default. Both players must type /pvp on; the arena at "
                "spawn is always on.",
                "玩家对战默认关闭，双方都要输入 /pvp on 才能开启；出生点的竞技场始终开启。"),
        reason=_t("Aurora is a cooperative server first.", "Aurora 首先是一个合作型服务器。"),
        penalty=_t("a 24-hour ban for trapping or tricking players into PvP", "设陷阱或诱骗他人进入 PvP 的封禁 24 小时"),
        example=_t("Luring someone into lava counts as PvP even without a hit.", "把人引进岩浆里，即使没有动手也算 PvP。"),
    ),
    dict(
        slug="claims", number=3, name=_t("Claims and spacing", "领地与间距"),
        rule=_t("Each player may protect up to 3 Claim Stones. Keep new bases at least 150 blocks away from "
                "someone else's claim unless they agree.",
                "每位玩家最多可以放 3 块领地石。新基地要和他人的领地保持至少 150 格距离，除非对方同意。"),
        reason=_t("Space keeps the world open for newcomers and avoids border disputes.", "留出空间让新人也有地方，同时避免边界纠纷。"),
        penalty=_t("claims that break the spacing rule are moved by staff", "违反间距规定的领地会被管理员移走"),
        example=_t("Abandoned claims (owner offline for 60 days) expire and can be reclaimed.",
                   "废弃领地（所有者 60 天未上线）会过期，其他人可以重新圈占。"),
    ),
    dict(
        slug="lag", number=4, name=_t("Lag limits for farms and redstone", "农场与红石的卡顿限制"),
        rule=_t("Redstone clocks faster than 4 ticks, more than 40 animals in one pen and more than 6 "
                "generators per claim are not allowed. Mob farms must have an off switch.",
                "禁止使用快于 4 刻的红石时钟；每个围栏动物不得超过 40 只；每块领地发电机不得超过 6 台。刷怪塔必须有开关。"),
        reason=_t("The server runs on one machine and every tick counts.", "服务器只跑在一台机器上，每一刻都很宝贵。"),
        penalty=_t("staff switch the machine off and leave a sign; repeated cases lose the claim",
                   "管理员会关掉机器并留下告示牌；屡次违规将失去领地"),
        example=_t("Turn your farms off with the lever before logging out.", "下线之前请用拉杆关掉你的农场。"),
    ),
    dict(
        slug="afk", number=5, name=_t("AFK and idle farming", "挂机与离线刷怪"),
        rule=_t("You may stay AFK for up to 2 hours at a time; after that you are moved to spawn. Auto-clickers "
                "are allowed only at your own farms.",
                "一次最多挂机 2 小时，之后会被传送回出生点。连点器只能在你自己的农场使用。"),
        reason=_t("Idle players keep chunks loaded and slow everyone down.", "挂机玩家会一直加载区块，拖慢所有人。"),
        penalty=_t("a warning, then a 3-day ban on AFK privileges", "先警告，再剥夺 3 天挂机权限"),
        example=_t("Using a macro to fish overnight is not allowed.", "整夜用宏自动钓鱼是不允许的。"),
    ),
    dict(
        slug="chat", number=6, name=_t("Chat and languages", "聊天与语言"),
        rule=_t("Be respectful. English and Chinese are both welcome in global chat; use /msg for long private "
                "conversations. No advertising other servers.",
                "请互相尊重。全服聊天欢迎使用中文和英文；长时间的私聊请用 /msg。禁止宣传其他服务器。"),
        reason=_t("The community is split roughly half and half between the two languages.", "社区里两种语言的玩家大约各占一半。"),
        penalty=_t("a mute from 1 hour up to 7 days", "禁言 1 小时到 7 天不等"),
        example=_t("Posting a link to another server in chat earns an immediate 7-day mute.",
                   "在聊天里发其他服务器的链接会直接禁言 7 天。"),
    ),
    dict(
        slug="alts", number=7, name=_t("Alternate accounts", "小号"),
        rule=_t("Each person may play one account at a time. A second account (alt) must be registered with "
                "staff and may not hold claims.",
                "每人同时只能登录一个账号。第二个账号（小号）必须向管理员报备，且不能拥有领地。"),
        reason=_t("Alts were used to bypass the claim limit and the daily reward.", "曾有人用小号绕过领地上限和每日奖励。"),
        penalty=_t("the alt is banned and its items are removed", "小号封禁并清除其物品"),
        example=_t("Logging in an alt to collect /daily twice counts as cheating.", "用小号登录领两次 /daily 属于作弊。"),
    ),
    dict(
        slug="exploits", number=8, name=_t("Bugs and exploits", "漏洞与作弊"),
        rule=_t("Report duplication bugs to staff with /report; do not use them. X-ray texture packs, fly hacks "
                "and kill aura are banned.",
                "发现复制漏洞请用 /report 报告给管理员，不要利用。透视材质包、飞行外挂和杀戮光环一律禁止。"),
        reason=_t("The economy only works if items are scarce.", "只有物品保持稀缺，经济系统才能运转。"),
        penalty=_t("a permanent ban for hacked clients; a reward of 500 coins for reporting a new dupe",
                   "使用外挂客户端永久封禁；报告新的复制漏洞奖励 500 币"),
        example=_t("Using the Vein Sense enchantment is fine; an ore-highlighting texture pack is not.",
                   "使用矿脉感知附魔没问题，但使用高亮矿石的材质包不行。"),
    ),
    dict(
        slug="spawn_area", number=9, name=_t("Spawn area building", "出生点区域建设"),
        rule=_t("Nobody may build within 500 blocks of spawn except the spawn council, which approves public "
                "projects every Saturday.",
                "出生点 500 格范围内，除出生点议会外任何人都不得建造；议会每周六审批公共项目。"),
        reason=_t("Spawn is the shared front door of the server.", "出生点是整个服务器共同的门面。"),
        penalty=_t("unapproved builds are removed", "未经批准的建筑会被拆除"),
        example=_t("Proposals go in the #spawn-projects channel with a screenshot and size.",
                   "申请请发到 #spawn-projects 频道，附上截图和尺寸。"),
    ),
    dict(
        slug="trading", number=10, name=_t("Fair trading", "公平交易"),
        rule=_t("Deliver what you promise. Scamming in trades, or selling items you do not have, is treated "
                "like griefing.",
                "说到做到。交易诈骗或出售自己没有的物品，按破坏行为处理。"),
        reason=_t("Trust is what makes the player markets work.", "玩家市场靠的是信任。"),
        penalty=_t("repayment from your bank account and a 3-day market ban", "从你的银行账户扣款赔偿，并禁止进入市场 3 天"),
        example=_t("Use a Trade Terminal or the auction house for large trades so payment is automatic.",
                   "大额交易请用交易终端或拍卖行，自动完成付款。"),
    ),
    dict(
        slug="staff", number=11, name=_t("Staff decisions and appeals", "管理决定与申诉"),
        rule=_t("Follow staff instructions in game. If you disagree, appeal within 14 days on the forum; the "
                "decision of two senior staff is final.",
                "游戏中请服从管理员的指示。如有异议，请在 14 天内到论坛申诉；两位高级管理员的决定为最终决定。"),
        reason=_t("Arguments in chat help nobody.", "在聊天里争吵对谁都没有好处。"),
        penalty=_t("arguing publicly after a decision can add a 1-day mute", "决定后仍公开争吵可能追加 1 天禁言"),
        example=_t("Appeals need the date, your name and what happened.", "申诉需要写明日期、你的名字和事情经过。"),
    ),
    dict(
        slug="assistant", number=12, name=_t("Using the game assistant", "使用游戏助手"),
        rule=_t("The assistant answers questions with /ask. It reads the shared guides and your private "
                "notes only; never ask it for other players' notes or coordinates.",
                "游戏助手通过 /ask 回答问题。它只会读取共享指南和你自己的私人笔记；不要让它查询其他玩家的笔记或坐标。"),
        reason=_t("Private knowledge is stored per player and is never shared.", "私人知识按玩家分别存储，绝不共享。"),
        penalty=_t("abuse of /ask (spamming over 30 questions an hour) leads to a 1-day cooldown",
                   "滥用 /ask（每小时超过 30 个问题）将被冷却 1 天"),
        example=_t("Ask \"/ask where is frostsilver\" rather than long chats.", "请问“/ask 霜银在哪里”这样的问题，不要闲聊。"),
    ),
)

_COMMANDS = (
    dict(slug="home", syntax="/home [name]",
         purpose=_t("teleports you to one of your saved homes. Without a name it uses the home called \"home\"",
                    "把你传送到保存的家。不写名字时使用名为“home”的那个"),
         limit=_t("3 homes by default, 5 for supporters; 10-second warm-up, 60-second cooldown",
                  "默认 3 个家，赞助者 5 个；传送前需等待 10 秒，冷却 60 秒"),
         example=_t("/home farm", "/home farm"),
         note=_t("Moving or taking damage during the warm-up cancels the teleport.", "等待期间移动或受伤会取消传送。")),
    dict(slug="sethome", syntax="/sethome <name>",
         purpose=_t("saves your current position as a home", "把当前位置保存为一个家"),
         limit=_t("not allowed inside other players' claims or in the mining world", "不能在别人的领地里或资源世界中设置"),
         example=_t("/sethome base", "/sethome base"),
         note=_t("Delete an old home with /delhome <name> when you reach the limit.", "达到上限时用 /delhome <名字> 删除旧的家。")),
    dict(slug="spawn", syntax="/spawn",
         purpose=_t("teleports you to the server spawn in Lumen Square", "把你传送到出生点的流明广场"),
         limit=_t("5-second warm-up, no cooldown", "等待 5 秒，无冷却"),
         example=_t("/spawn", "/spawn"),
         note=_t("Spawn has the bank, the market, the post office and the quest board.", "出生点有银行、市场、邮局和任务公告板。")),
    dict(slug="tpa", syntax="/tpa <player>",
         purpose=_t("asks another player for permission to teleport to them; they accept with /tpaccept",
                    "请求传送到另一位玩家身边；对方用 /tpaccept 接受"),
         limit=_t("requests expire after 120 seconds; 5-minute cooldown", "请求 120 秒后过期；冷却 5 分钟"),
         example=_t("/tpa Mei", "/tpa Mei"),
         note=_t("/tpahere asks them to come to you instead.", "/tpahere 则是请对方传送到你这里。")),
    dict(slug="claim", syntax="/claim info | /claim list",
         purpose=_t("shows who owns the claim you stand in, or lists your Claim Stones with coordinates",
                    "显示你所在领地的所有者，或列出你所有领地石及其坐标"),
         limit=_t("no cooldown; /claim info only works while you stand inside a claim",
                  "无冷却；/claim info 只有站在领地内时才有效"),
         example=_t("/claim list", "/claim list"),
         note=_t("Claims are created by placing a Claim Stone, not by command.", "领地是通过放置领地石创建的，不是用指令。")),
    dict(slug="trust", syntax="/trust <player> [build|container|access]",
         purpose=_t("lets another player use your claim: access opens doors, container opens chests, build allows "
                    "everything",
                    "允许其他玩家使用你的领地：access 可以开门，container 可以开箱子，build 拥有全部权限"),
         limit=_t("up to 20 trusted players per claim", "每块领地最多信任 20 人"),
         example=_t("/trust Sam container", "/trust Sam container"),
         note=_t("/untrust <player> removes the permission immediately.", "/untrust <玩家> 会立即撤销权限。")),
    dict(slug="balance", syntax="/balance [player]",
         purpose=_t("shows your Aurora coin balance, or another player's if they made it public",
                    "显示你的极光币余额；如果对方公开了余额，也能查看别人的"),
         limit=_t("no cooldown; balances are private until you type /balance public",
                  "无冷却；输入 /balance public 之前，你的余额对别人是隐藏的"),
         example=_t("/balance", "/balance"),
         note=_t("/baltop lists the ten richest players each Monday.", "/baltop 每周一列出最富有的十位玩家。")),
    dict(slug="pay", syntax="/pay <player> <amount>",
         purpose=_t("sends Aurora coins from your bank account to another player", "从你的银行账户向另一位玩家转账极光币"),
         limit=_t("at most 10,000 coins per day; payments over 1,000 ask for confirmation",
                  "每天最多 10,000 币；超过 1,000 币的转账需要确认"),
         example=_t("/pay Alex 250", "/pay Alex 250"),
         note=_t("Payments cannot be reversed by staff, so check the name.", "管理员无法撤回转账，请核对名字。")),
    dict(slug="mail", syntax="/mail send <player> | /mail read",
         purpose=_t("sends the item in your hand and a message to another player's Mailbox", "把手上的物品连同留言寄到对方的邮箱"),
         limit=_t("postage is 2 coins per item stack", "每组物品邮费 2 币"),
         example=_t("/mail send Sam", "/mail send Sam"),
         note=_t("Players without a Mailbox collect mail at the spawn post office.", "没有邮箱的玩家去出生点邮局取件。")),
    dict(slug="warp", syntax="/warp <name>",
         purpose=_t("teleports you to a public warp: mining, nether, skyreach, borealis, arena or market",
                    "传送到公共传送点：mining、nether、skyreach、borealis、arena 或 market"),
         limit=_t("10-second warm-up, 30-second cooldown", "等待 10 秒，冷却 30 秒"),
         example=_t("/warp borealis", "/warp borealis"),
         note=_t("/warp list shows which warps are open; skyreach can be closed for sky ray protection.",
                 "/warp list 显示哪些传送点开放；为了保护天空鳐，skyreach 有时会关闭。")),
    dict(slug="rtp", syntax="/rtp",
         purpose=_t("teleports you to a random safe spot between 2,000 and 8,000 blocks from spawn",
                    "随机传送到距出生点 2,000 到 8,000 格之间的安全地点"),
         limit=_t("once every 30 minutes; costs 20 coins after the first three uses",
                  "每 30 分钟一次；前三次免费，之后每次 20 币"),
         example=_t("/rtp", "/rtp"),
         note=_t("It never lands you inside a claim or in water.", "它不会把你传进别人的领地或水里。")),
    dict(slug="back", syntax="/back",
         purpose=_t("returns you to where you died or last teleported from", "返回你的死亡地点或上一次传送前的位置"),
         limit=_t("supporters only; 2-minute cooldown", "仅限赞助者；冷却 2 分钟"),
         example=_t("/back", "/back"),
         note=_t("It does not work in the Ember Depths, where deaths are meant to hurt.", "在余烬深渊中无效，那里的死亡代价是刻意设计的。")),
    dict(slug="ask", syntax="/ask <question>",
         purpose=_t("asks the game assistant, which answers from the shared guides, your private knowledge and "
                    "the guide quests you can see",
                    "向游戏助手提问，它会根据共享指南、你的私人知识和你能看到的说明任务来回答"),
         limit=_t("30 questions per hour", "每小时 30 个问题"),
         example=_t("/ask how do I power a Glacier Drill", "/ask 冰川钻机怎么供电"),
         note=_t("Add a private note with /note add <key> <text>; only you can read it.",
                 "用 /note add <键> <内容> 添加私人笔记，只有你能看到。")),
    dict(slug="daily", syntax="/daily",
         purpose=_t("claims your daily login reward, from 50 coins up to 350 on a seven-day streak",
                    "领取每日登录奖励，从 50 币开始，连续七天最高 350 币"),
         limit=_t("once every 20 hours", "每 20 小时一次"),
         example=_t("/daily", "/daily"),
         note=_t("Missing a day resets the streak to day one.", "断签一天会把连续天数重置为第一天。")),
)

_ECONOMY = (
    dict(slug="aurora_coins", name=_t("Aurora coins", "极光币"),
         summary=_t("The server currency. Coins live in your bank account, not as items, and you start with 200.",
                    "服务器货币。极光币存在银行账户里，不是实体物品，新玩家初始有 200 币。"),
         numbers=_t("About 1.2 million coins are in circulation; the treasury mints at most 2,000 per player per day.",
                    "目前约有 120 万极光币在流通；每位玩家每天最多铸造 2,000 币。"),
         advice=_t("Keep 500 coins in reserve for a Claim Stone upgrade.", "留 500 币备用，以便升级领地石。")),
    dict(slug="earning", name=_t("Ways to earn coins", "赚钱方法"),
         summary=_t("Sell crops and ores at the spawn market, complete quests, run a player shop or mint "
                    "aurorite into coins.",
                    "在出生点市场卖作物和矿石、完成任务、开玩家商店，或者把极光石铸成币。"),
         numbers=_t("A new player earns about 600 coins in the first week; pearls from Coral Shallows pay 30 each.",
                    "新玩家第一周大约能赚 600 币；珊瑚浅滩的珍珠每颗卖 30 币。"),
         advice=_t("Early on, quests pay best; later, the Coin Minter does.", "前期做任务最赚钱，后期靠铸币机。")),
    dict(slug="bank", name=_t("The bank", "银行"),
         summary=_t("The bank in Lumen Square holds every account, exchanges emeralds for 15 coins each and "
                    "sells Coin Minters.",
                    "流明广场的银行管理所有账户，以每颗 15 币兑换绿宝石，并出售铸币机。"),
         numbers=_t("Savings earn 1 percent interest every Monday, up to 100 coins a week.",
                    "存款每周一获得 1% 利息，每周最多 100 币。"),
         advice=_t("The bank is open all day; the teller NPC is named Orrin.", "银行全天营业；柜员 NPC 叫奥林。")),
    dict(slug="auction_house", name=_t("Auction house", "拍卖行"),
         summary=_t("List items with /ah sell <price>; listings run 48 hours and unsold items come back by mail.",
                    "用 /ah sell <价格> 上架物品；拍卖持续 48 小时，未售出的物品会通过邮件退回。"),
         numbers=_t("A listing costs 10 coins and the auction house keeps a 3 percent fee.",
                    "每次上架收 10 币，成交后拍卖行抽取 3% 手续费。"),
         advice=_t("Enchanted books sell best on Friday evenings.", "附魔书在周五晚上最好卖。")),
    dict(slug="player_shops", name=_t("Player shops", "玩家商店"),
         summary=_t("Any chest with a Trade Terminal becomes a shop. The market district at spawn has 40 rentable "
                    "stalls.",
                    "任何装有交易终端的箱子都能变成商店。出生点市场区有 40 个可租用的摊位。"),
         numbers=_t("A stall rents for 150 coins a week; sales tax is 5 percent in the district, 10 outside.",
                    "摊位租金每周 150 币；市场区内销售税 5%，区外 10%。"),
         advice=_t("Stalls near the Skyrail station get the most visitors.", "靠近天轨车站的摊位人流量最大。")),
    dict(slug="market_prices", name=_t("Spawn market price board", "出生点市场价目表"),
         summary=_t("The server buys basic goods at fixed prices that change every Monday.", "服务器以固定价格收购基础物资，价格每周一调整。"),
         numbers=_t("This week: 64 wheat 18 coins, 64 copper ingots 24, 64 iron ingots 96, one diamond 40, "
                    "one frostsilver ingot 6, one blaze rod 9.",
                    "本周价格：64 个小麦 18 币，64 个铜锭 24 币，64 个铁锭 96 币，1 颗钻石 40 币，1 个霜银锭 6 币，1 根烈焰棒 9 币。"),
         advice=_t("Selling to players usually pays 20 to 50 percent more than the board.", "卖给玩家通常比价目表多赚 20% 到 50%。")),
    dict(slug="taxes", name=_t("Taxes and the treasury", "税收与国库"),
         summary=_t("Sales taxes and fees go to the treasury, which pays for public builds and event prizes.",
                    "销售税和各种手续费进入国库，用于公共建筑和活动奖金。"),
         numbers=_t("The treasury holds about 85,000 coins; the spawn council votes on spending.",
                    "国库目前约有 85,000 币，由出生点议会投票决定开支。"),
         advice=_t("Anyone can propose a public project on the forum.", "任何人都可以在论坛上提出公共项目。")),
    dict(slug="daily_rewards", name=_t("Daily rewards and streaks", "每日奖励与连签"),
         summary=_t("/daily pays a growing reward for consecutive days.", "/daily 按连续登录天数发放递增奖励。"),
         numbers=_t("Day 1 pays 50 coins, day 4 pays 150 and day 7 pays 350 plus a random enchanted book.",
                    "第 1 天 50 币，第 4 天 150 币，第 7 天 350 币外加一本随机附魔书。"),
         advice=_t("The streak survives server restarts but not a missed day.", "服务器重启不影响连签，但断一天就会重置。")),
    dict(slug="lottery", name=_t("Weekly lottery", "每周抽奖"),
         summary=_t("Tickets cost 25 coins at the bank; the draw is on Sunday at 20:00 server time.",
                    "彩票在银行购买，每张 25 币；每周日服务器时间 20:00 开奖。"),
         numbers=_t("The jackpot is 60 percent of ticket sales plus a Soulbound book; each player may buy 10 tickets.",
                    "头奖为彩票销售额的 60% 外加一本灵魂绑定附魔书；每人每周最多买 10 张。"),
         advice=_t("The rest of the ticket money goes to the treasury.", "其余的票款进入国库。")),
    dict(slug="loans", name=_t("Community loans", "社区贷款"),
         summary=_t("New players can borrow up to 1,000 coins from the treasury to start a shop or farm.",
                    "新玩家可以向国库借最多 1,000 币，用来开店或建农场。"),
         numbers=_t("Loans are interest-free for 30 days; after that 2 percent a week is added.",
                    "贷款 30 天内免息，之后每周加收 2%。"),
         advice=_t("Apply at the bank with /loan apply; you need 10 hours of play time.",
                   "在银行用 /loan apply 申请，需要累计 10 小时游戏时间。")),
)

_QUEST_CHAPTERS = (
    dict(slug="getting_started", name=_t("Getting Started", "新手入门"), quests=18,
         unlock=_t("open from the first login", "首次登录即开放"),
         content=_t("It walks you through wood, stone tools, your first bed and placing a Claim Stone; the last "
                    "quest asks you to visit Lumen Square.",
                    "带你完成木头、石质工具、第一张床和放置领地石，最后一个任务要求你去流明广场看看。"),
         reward=_t("a starter kit with 16 bread, an iron pickaxe and 300 coins over the whole chapter",
                   "整章共发放新手包：16 个面包、1 把铁镐和 300 币"),
         tip=_t("Claim the rewards before you log out; unclaimed rewards expire after 30 days.",
                "下线前记得领取奖励，未领取的奖励 30 天后过期。")),
    dict(slug="frost_age", name=_t("The Frost Age", "霜之纪元"), quests=24,
         unlock=_t("after crafting your first Chill Press", "制作出第一台冷压机后开放"),
         content=_t("Covers frostsilver, the Cryo Condenser, Frost Batteries and finally the Glacier Drill.",
                    "内容涵盖霜银、低温冷凝器、霜能电池，最后是冰川钻机。"),
         reward=_t("a Glacier Drill blueprint and 1,200 coins in total", "一张冰川钻机蓝图，合计 1,200 币"),
         tip=_t("Quest 12 needs 64 packed ice; make it with the Cryo Condenser instead of mining.",
                "第 12 个任务需要 64 块浮冰，用低温冷凝器做比去挖快。")),
    dict(slug="ember_age", name=_t("The Ember Age", "余烬纪元"), quests=22,
         unlock=_t("after entering the Nether for the first time", "第一次进入下界后开放"),
         content=_t("Takes you from bronze gears to the Magma Crucible, the Bellows Generator and the Ember Depths "
                    "portal.",
                    "从青铜齿轮开始，一路到岩浆坩埚、风箱发电机和余烬深渊传送门。"),
         reward=_t("an Ember Kiln, 16 ember crystals and 1,000 coins", "1 台余烬窑、16 个余烬水晶和 1,000 币"),
         tip=_t("The Heat Pipe quest only counts pipes that are actually carrying heat.", "热管任务只统计正在传热的热管。")),
    dict(slug="verdant_path", name=_t("The Verdant Path", "翠绿之路"), quests=20,
         unlock=_t("after harvesting 100 crops", "收获 100 次作物后开放"),
         content=_t("Introduces the Growth Lamp, the Seed Analyzer, rich compost and breeding seeds up to trait 10.",
                    "介绍生长灯、种子分析仪、高级堆肥，以及把种子性状培育到 10 分。"),
         reward=_t("a Seed Analyzer and a stack of rich compost", "1 台种子分析仪和一组高级堆肥"),
         tip=_t("The final quest wants a 10/10/10 seed; cross two 9-trait seeds under a Growth Lamp.",
                "最终任务要求一颗 10/10/10 的种子；在生长灯下把两颗 9 分种子杂交。")),
    dict(slug="skyways", name=_t("Skyways", "天路"), quests=16,
         unlock=_t("after visiting the Skyreach Isles", "访问天穹群岛后开放"),
         content=_t("Rail Beacons, Cargo Drones, the Sorting Hub and riding the public Skyrail line to Borealis.",
                    "轨道信标、货运无人机、分拣中心，以及乘坐公共天轨线路前往北极光镇。"),
         reward=_t("two Cargo Drones and a Skyrail season ticket", "2 架货运无人机和一张天轨季票"),
         tip=_t("A drone route must have at least three beacons to complete quest 9.", "无人机航线至少要有 3 个信标才能完成第 9 个任务。")),
    dict(slug="monster_hunter", name=_t("Monster Hunter", "怪物猎人"), quests=30,
         unlock=_t("after killing 50 hostile mobs", "击杀 50 个敌对生物后开放"),
         content=_t("One quest per hostile mob of the server, from Creepers to the Tidecaller, ending with all four "
                    "bosses.",
                    "服务器里每种敌对生物各一个任务，从苦力怕到唤潮者，最后是全部四个 Boss。"),
         reward=_t("the Hunter's Mantle cape and a Looting III book", "猎人披风和一本抢夺 III 附魔书"),
         tip=_t("Kills count for the whole team, so hunt together.", "击杀数按整个队伍计算，一起去打更快。")),
    dict(slug="cartographer", name=_t("The Cartographer", "制图师"), quests=25,
         unlock=_t("after crafting a map", "制作一张地图后开放"),
         content=_t("Visit every biome of the server, including Crystal Hollows and Coral Shallows, and find each "
                    "structure once.",
                    "走遍服务器的所有群系（包括水晶空洞和珊瑚浅滩），并把每种结构都找到一次。"),
         reward=_t("Elytra and the title \"Wayfinder\"", "鞘翅和“寻路者”称号"),
         tip=_t("Biome quests are detected automatically; the structure quests need you to open the loot chest.",
                "群系任务会自动检测；结构任务需要你打开里面的战利品箱。")),
    dict(slug="daily_quests", name=_t("Daily Quests", "每日任务"), quests=3,
         unlock=_t("after finishing Getting Started", "完成新手入门后开放"),
         content=_t("Three random tasks a day, such as smelting 64 ore or killing 20 undead.",
                    "每天三个随机任务，比如冶炼 64 个矿石或击杀 20 个亡灵。"),
         reward=_t("80 coins per quest and a bonus 100 for all three", "每个任务 80 币，三个全完成再奖励 100 币"),
         tip=_t("Daily quests reset at 04:00 server time.", "每日任务在服务器时间 04:00 刷新。")),
    dict(slug="team_quests", name=_t("Team Quests", "团队任务"), quests=12,
         unlock=_t("after creating or joining an FTB team of at least two", "创建或加入至少两人的 FTB 队伍后开放"),
         content=_t("Big shared goals: build a 1,000-block Skyrail line, fill a 54-slot chest with different crops.",
                    "大型共同目标：修建 1,000 格的天轨线路，用不同作物装满一个 54 格的箱子。"),
         reward=_t("a team banner and coins split between members", "队伍旗帜，奖励币在成员之间平分"),
         tip=_t("Create teams with /ftbteams party create <name>.", "用 /ftbteams party create <名字> 创建队伍。")),
    dict(slug="quest_rewards", name=_t("How quest rewards work", "任务奖励说明"), quests=0,
         unlock=_t("apply to every chapter", "适用于所有章节"),
         content=_t("Item rewards go to your inventory or, if it is full, to your Mailbox. Coin rewards go to the "
                    "bank.",
                    "物品奖励会放进背包，背包满了就寄到邮箱。极光币奖励直接存入银行。"),
         reward=_t("team rewards are claimed once per team, personal rewards once per player", "团队奖励每队领一次，个人奖励每人领一次"),
         tip=_t("Use the \"claim all\" button at the top of the quest book.", "可以用任务书顶部的“全部领取”按钮。")),
)

_DIMENSIONS = (
    dict(
        slug="overworld", name=_t("The Overworld", "主世界"), dim="minecraft:overworld",
        access=_t("where everyone starts; the world border sits 20,000 blocks from spawn",
                  "所有人的起点；世界边界距出生点 20,000 格"),
        hazards=_t("night-time mobs, the Warden in the Deep Dark and Frost Wraiths in the north",
                   "夜间的敌对生物、深暗之域的监守者，以及北方的霜魂"),
        lore=(
            _t("The Aurora main world was generated on the server's opening day and has never been reset.",
               "Aurora 的主世界在开服当天生成，至今从未重置。"),
            _t("Spawn lies in Lumen Square at X=0, Z=0, surrounded by a 500-block protected zone with the bank, "
               "the market district, the post office and the Skyrail station.",
               "出生点位于 X=0、Z=0 的流明广场，周围 500 格是保护区，里面有银行、市场区、邮局和天轨车站。"),
            _t("North of spawn the land gets colder until the Aurora Tundra begins beyond Z=-6000, where the "
               "town of Borealis stands; south of spawn lie warm oceans, Coral Shallows and Sunspire Mesa.",
               "从出生点往北越走越冷，过了 Z=-6000 就是极光冻原，北极光镇就在那里；出生点以南则是温暖的海洋、珊瑚浅滩和日塔台地。"),
            _t("Because the main world is permanent, large-scale strip mining and drilling are discouraged "
               "here and belong in the mining world.",
               "由于主世界是永久的，不鼓励在这里大规模挖矿或钻探，这些活动应该去资源世界进行。"),
        ),
        route=(
            _t("Day one: punch trees, craft a stone pickaxe and a bed, and read the Getting Started chapter.",
               "第一天：撸树，做一把石镐和一张床，读一读新手入门章节。"),
            _t("Days two to four: find iron at Y=16, build a small farm and place your first Claim Stone at "
               "least 150 blocks from any neighbour.",
               "第二到第四天：在 Y=16 找铁，建一个小农场，在距离邻居至少 150 格的地方放下第一块领地石。"),
            _t("The first week ends with diamonds from Y=-58, an enchanting table and a trip to the Nether.",
               "第一周结束时，你应该已经从 Y=-58 挖到钻石、做好附魔台，并去过一次下界。"),
        ),
        safety=_t("sleep every night so phantoms never spawn", "每晚都睡觉，这样幻翼就永远不会出现"),
    ),
    dict(
        slug="nether", name=_t("The Nether", "下界"), dim="minecraft:the_nether",
        access=_t("an obsidian portal of at least 4 by 5, or /warp nether to the public hub portal",
                  "至少 4×5 的黑曜石传送门，或用 /warp nether 前往公共枢纽传送门"),
        hazards=_t("lava lakes, ghasts, piglin brutes in bastions and Ember Hound packs in the Ember Wastes",
                   "岩浆湖、恶魂、堡垒遗迹里的猪灵蛮兵，以及余烬荒原中的余烬猎犬群"),
        lore=(
            _t("One block in the Nether equals eight in the Overworld, which is why the server keeps a public "
               "ice-boat highway on the Nether roof at Y=129.",
               "下界的 1 格等于主世界的 8 格，所以服务器在下界顶层 Y=129 修了一条公共冰船高速公路。"),
            _t("The highway has four arms (north, east, south and west) and each exit is signposted with the "
               "Overworld coordinates it leads to.",
               "高速公路有东南西北四条干道，每个出口都有指示牌，标着对应的主世界坐标。"),
            _t("The Ember Wastes, added by the Emberforge mod, fill the space between Crimson Forests and Basalt "
               "Deltas and hold the ruins where Rust Golems guard old blueprints.",
               "余烬熔炉模组加入的余烬荒原位于绯红森林和玄武岩三角洲之间，那里的遗迹中有锈蚀傀儡守护的旧蓝图。"),
            _t("Netherite upgrades, blaze rods for brewing and gold for piglin bartering all come from here.",
               "下界合金升级、酿造用的烈焰棒以及与猪灵交易用的金子，都来自这里。"),
        ),
        route=(
            _t("Build your portal inside your claim and link it to the highway by walking to the nearest arm.",
               "把传送门建在自己的领地里，然后走到最近的干道，把它接入高速公路。"),
            _t("Visit a fortress for blaze rods and nether wart before you look for bastions.",
               "先去下界要塞拿烈焰棒和下界疣，再去找堡垒遗迹。"),
            _t("Mine ancient debris at Y=15 with TNT minecarts, which are allowed below Y=20.",
               "在 Y=15 用 TNT 矿车挖远古残骸，Y=20 以下允许使用。"),
        ),
        safety=_t("always carry a Fire Resistance potion and never use beds, which explode here",
                  "随身带一瓶抗火药水，千万别在这里用床，床会爆炸"),
    ),
    dict(
        slug="the_end", name=_t("The End", "末地"), dim="minecraft:the_end",
        access=_t("through the End portal in a stronghold, after filling it with 12 eyes of ender",
                  "通过要塞中的末地传送门，需要放入 12 个末影之眼"),
        hazards=_t("the void, the Ender Dragon and shulkers in End cities", "虚空、末影龙以及末地城里的潜影贝"),
        lore=(
            _t("The Ender Dragon on Aurora respawns every Saturday at 21:00 server time for a community fight, "
               "and every participant receives a dragon scale trophy.",
               "Aurora 的末影龙每周六服务器时间 21:00 重生一次，组织全服共斗，每位参战者都能获得一枚龙鳞纪念品。"),
            _t("The outer islands are shared: End cities are looted by many players, so the server refills "
               "their chests once a month.",
               "外岛是公共区域：末地城会被很多玩家搜刮，所以服务器每月补充一次箱子。"),
            _t("Claims are not allowed on the main island, which keeps the dragon arena clear.",
               "主岛上不允许圈地，以保证龙战场地畅通。"),
        ),
        route=(
            _t("Craft at least 12 eyes of ender from pearls and blaze powder, or follow the stronghold map at spawn.",
               "用末影珍珠和烈焰粉做至少 12 个末影之眼，或者参考出生点的要塞地图。"),
            _t("Join the Saturday dragon fight before you go alone.", "单独前往之前，先参加一次周六的屠龙活动。"),
            _t("Take an End gateway to the outer islands and look for End cities with ships, which carry Elytra.",
               "通过末地折跃门去外岛，找带船的末地城，船上有鞘翅。"),
        ),
        safety=_t("carry blocks and a water bucket, and never fight shulkers at the edge of an island",
                  "带上方块和水桶，千万别在岛边打潜影贝"),
    ),
    dict(
        slug="frostfall", name=_t("Frostfall", "霜降之境"), dim="frostworks:frostfall",
        access=_t("a portal frame of packed ice lit with a Frost Battery, or /warp frostfall once unlocked",
                  "用浮冰搭建传送门框架，再用霜能电池点亮；解锁后也可以用 /warp frostfall"),
        hazards=_t("permanent freezing cold, Frost Wraith swarms and the Frost Monarch's citadel",
                   "永久的严寒、成群的霜魂，以及霜之君主的要塞"),
        lore=(
            _t("Frostfall is a frozen dimension added by the Frostworks mod, an endless plain of ice under a sky "
               "that is always at dusk.",
               "霜降之境是霜铸工业模组加入的冰封维度，一望无际的冰原之上，天空永远停留在黄昏。"),
            _t("Without protection players gain one stack of Chilled every 20 seconds; at 5 stacks they take 1 "
               "damage per second.",
               "没有防护时，玩家每 20 秒叠加一层“寒冷”，叠到 5 层后每秒受到 1 点伤害。"),
            _t("Frostsilver veins here are ten times richer than in the Overworld, and ice caves hold frozen "
               "chests with Glacial Edge catalysts.",
               "这里的霜银矿脉比主世界丰富十倍，冰洞里还有装着冰锋催化剂的冰冻宝箱。"),
            _t("At the centre, 3,000 blocks from the arrival platform, stands the citadel of the Frost Monarch.",
               "在距离抵达平台 3,000 格的中心位置，矗立着霜之君主的要塞。"),
        ),
        route=(
            _t("Bring a full set of armour with at least one piece lined with wool, which halves the Chilled rate.",
               "带一整套盔甲，至少一件要用羊毛做内衬，这样“寒冷”叠加速度减半。"),
            _t("Eat Frostberry jam to clear Chilled, and warm up at campfires, which remove one stack per 5 seconds.",
               "吃霜莓果酱可以清除“寒冷”，在营火旁取暖每 5 秒也能消掉一层。"),
            _t("Mark the way back: compasses spin in Frostfall, so place lanterns every 50 blocks.",
               "记得标记回程路线：指南针在霜降之境会乱转，每 50 格放一盏灯笼。"),
        ),
        safety=_t("never travel alone to the citadel and keep a stack of campfires", "别独自去要塞，并带一组营火"),
    ),
    dict(
        slug="ember_depths", name=_t("The Ember Depths", "余烬深渊"), dim="emberforge:ember_depths",
        access=_t("a portal of nether bricks lit by pouring molten bronze from the Magma Crucible",
                  "用下界砖搭建传送门，再倒入岩浆坩埚里的液态青铜点亮"),
        hazards=_t("rivers of lava, falling magma, Ember Hounds and the Ember Colossus", "岩浆河、落下的岩浆块、余烬猎犬和余烬巨像"),
        lore=(
            _t("The Ember Depths is a layered cavern dimension from the Emberforge mod, hotter than the Nether, "
               "with a ceiling at Y=128 and a lava sea at Y=20.",
               "余烬深渊是余烬熔炉模组的分层洞穴维度，比下界还热，顶部在 Y=128，Y=20 是一片岩浆海。"),
            _t("Ember crystals grow on magma blocks between Y=20 and Y=50 and regrow after about 20 minutes.",
               "余烬水晶长在 Y=20 到 Y=50 之间的岩浆块上，约 20 分钟后会重新长出。"),
            _t("Deaths here are deliberately harsh: /back does not work and dropped items burn after 60 seconds "
               "instead of five minutes.",
               "这里的死亡惩罚刻意设计得很重：/back 无效，掉落的物品 60 秒后就会烧毁，而不是通常的五分钟。"),
            _t("The Ember Colossus sleeps in the Forge Heart, a cavern at the bottom reachable by a chain of basalt "
               "bridges.",
               "余烬巨像沉睡在底部的熔炉之心洞窟里，要沿着一连串玄武岩桥才能到达。"),
        ),
        route=(
            _t("Drink Fire Resistance and bring Frost Walker boots, which make the cooling lava crust walkable.",
               "喝下抗火药水，穿上冰霜行者靴子，这样可以在冷却的岩浆壳上行走。"),
            _t("Collect ember crystals for the Crucible before going deeper.", "深入之前先给坩埚收集些余烬水晶。"),
            _t("Keep your valuables at home; bring only what you can lose.", "贵重物品留在家里，只带丢了也不心疼的东西。"),
        ),
        safety=_t("carry water bottles to put out Ember Hounds and never build with wood",
                  "带上水瓶用来扑灭余烬猎犬身上的火，千万不要用木头搭建"),
    ),
    dict(
        slug="skyreach", name=_t("The Skyreach Isles", "天穹群岛"), dim="skyrail:skyreach",
        access=_t("/warp skyreach, or a Skyrail car that climbs above Y=300 on the spawn tower line",
                  "使用 /warp skyreach，或乘坐出生点塔线上爬升到 Y=300 以上的天轨车厢"),
        hazards=_t("the void 200 blocks below every island and strong winds that push players",
                   "每座岛下方 200 格的虚空，以及会推动玩家的强风"),
        lore=(
            _t("The Skyreach Isles are hundreds of floating islands from the Skyrail Logistics mod, connected "
               "by wind currents and by herds of passive Sky Rays.",
               "天穹群岛是天轨物流模组中的数百座浮空岛，岛与岛之间靠气流和成群的被动生物天空鳐相连。"),
            _t("Voidglass clusters hang from the bottom of each island and need Silk Touch.",
               "每座岛的底部都挂着虚空玻璃簇，必须用精准采集才能拿到。"),
            _t("The warp is closed for 24 hours when more than 50 Sky Rays die in one day, to protect the herds.",
               "如果一天内死亡的天空鳐超过 50 只，为保护鳐群，传送点会关闭 24 小时。"),
            _t("Wind currents are shown by drifting white particles; stepping into one carries you to the next island.",
               "飘动的白色粒子标示着气流，走进去就会被带到下一座岛。"),
        ),
        route=(
            _t("Bring Slow Falling potions, a water bucket and Feather Falling IV boots.", "带上缓降药水、水桶和摔落保护 IV 的靴子。"),
            _t("Ride a Sky Ray to the outer islands where voidglass is thickest.", "骑天空鳐去外围的岛，那里虚空玻璃最多。"),
            _t("Place a Rail Beacon on your home island so your Cargo Drones can reach it.",
               "在你的大本营岛上放一个轨道信标，让货运无人机能飞过去。"),
        ),
        safety=_t("never fight on an island edge and keep Slow Falling in your hotbar", "不要在岛边作战，快捷栏里常备缓降药水"),
    ),
    dict(
        slug="mining_world", name=_t("The Mining World", "资源世界"), dim="aurora:mining",
        access=_t("/warp mining from anywhere in the Overworld", "在主世界任何地方使用 /warp mining"),
        hazards=_t("ordinary cave mobs and a reset that deletes everything left behind", "普通的洞穴怪物，以及会删除一切遗留物品的重置"),
        lore=(
            _t("The mining world is a copy of the Overworld generator with bigger ore veins, reset every first "
               "Sunday of the month at 06:00 server time.",
               "资源世界使用和主世界相同的生成器，但矿脉更大，每月第一个星期日服务器时间 06:00 重置。"),
            _t("Claims, homes and chests are not allowed there, and anything left behind at reset time is gone.",
               "那里不能圈地、设家或放箱子，重置时留下的一切都会消失。"),
            _t("It is the only place besides your own claim where the Glacier Drill runs.",
               "除了你自己的领地，这里是冰川钻机唯一能运行的地方。"),
            _t("Vein Sense does not work during the first hour after a reset, to give everyone a fair start.",
               "为了公平，重置后的第一个小时内矿脉感知无效。"),
        ),
        route=(
            _t("Go down to Y=-58 for diamonds and Y=16 for iron; bring a Cargo Drone route back home if you can.",
               "下到 Y=-58 挖钻石，Y=16 挖铁；有条件的话建一条货运无人机航线把矿运回家。"),
            _t("Empty your inventory at home regularly, because deaths there are not refunded.", "定期回家清空背包，在那里死亡不予补偿。"),
            _t("Leave before the reset announcement ten minutes before 06:00.", "06:00 前十分钟会发重置公告，看到后请立刻离开。"),
        ),
        safety=_t("set no homes there, and carry torches against Gloom Stalkers below Y=0",
                  "不要在那里设家，在 Y=0 以下带足火把防幽影潜行者"),
    ),
)

_BOSSES = (
    dict(slug="ender_dragon", name=_t("Ender Dragon", "末影龙"), entity="minecraft:ender_dragon", health=200,
         arena=_t("the main End island", "末地主岛"),
         summon=_t("respawns for the community every Saturday at 21:00, or with four end crystals on the exit portal",
                   "每周六 21:00 为全服重生，也可以在返回传送门上放四个末影水晶召唤"),
         phases=(_t("First destroy the end crystals on the obsidian pillars; the caged ones need a pickaxe or bow.",
                    "先打掉黑曜石柱上的末影水晶；被铁栏围住的需要爬上去敲掉或用弓射。"),
                 _t("When she perches on the portal, hit her head with your best sword.", "她落在传送门上时，用最好的剑打她的头。"),
                 _t("Avoid the purple breath; it lingers for several seconds.", "躲开紫色龙息，它会停留好几秒。")),
         loot=_t("12,000 experience on the first kill, the dragon egg, and a dragon scale trophy for everyone present",
                 "首杀 12,000 经验、龙蛋，在场所有人还能获得一枚龙鳞纪念品"),
         prep=_t("a bow with Power, Slow Falling potions and a carved pumpkin against Endermen",
                 "力量附魔的弓、缓降药水，以及防末影人的雕刻南瓜")),
    dict(slug="wither", name=_t("The Wither", "凋灵"), entity="minecraft:wither", health=300,
         arena=_t("the official Wither arena at /warp arena, 40 blocks underground", "官方凋灵竞技场（/warp arena），位于地下 40 格"),
         summon=_t("four soul sand and three wither skeleton skulls; summoning outside the arena is banned",
                   "四个灵魂沙加三个凋灵骷髅头颅；禁止在竞技场外召唤"),
         phases=(_t("It charges up for 10 seconds and explodes when spawned; step back.", "召唤后它会蓄力 10 秒并爆炸，先后退。"),
                 _t("Below half health it gains armour that blocks arrows, so switch to a Smite sword.",
                    "血量低于一半后会获得挡箭的护甲，换亡灵杀手剑。"),
                 _t("Drink milk to clear the Wither effect.", "喝牛奶清除凋零效果。")),
         loot=_t("a nether star for a beacon", "一颗下界之星，用来做信标"),
         prep=_t("Smite V, Protection IV, healing potions and milk", "亡灵杀手 V、保护 IV、治疗药水和牛奶")),
    dict(slug="frost_monarch", name=_t("Frost Monarch", "霜之君主"), entity="frostworks:frost_monarch", health=600,
         arena=_t("the throne hall of the citadel in Frostfall", "霜降之境要塞的王座大厅"),
         summon=_t("placing a frostsilver crown on the empty throne", "把霜银王冠放到空王座上"),
         phases=(_t("He summons six Frost Wraiths and hides in an ice shell until they die.", "他召唤六只霜魂，并躲进冰壳直到它们全部死亡。"),
                 _t("He throws ice spears that freeze the floor; stay on the carpets.", "他投掷冰矛让地面结冰，站在地毯上。"),
                 _t("Below 25 percent he starts a blizzard that adds a Chilled stack every 5 seconds.",
                    "血量低于 25% 时会掀起暴风雪，每 5 秒叠加一层“寒冷”。")),
         loot=_t("the Monarch's Heart (Frost Battery upgrade to 10,000,000 FE) and Glacial Edge III books",
                 "君主之心（可把霜能电池升级到 10,000,000 FE）和冰锋 III 附魔书"),
         prep=_t("Fire Aspect weapons, campfires and Frostberry jam", "火焰附加的武器、营火和霜莓果酱")),
    dict(slug="ember_colossus", name=_t("Ember Colossus", "余烬巨像"), entity="emberforge:ember_colossus", health=800,
         arena=_t("the Forge Heart at the bottom of the Ember Depths", "余烬深渊底部的熔炉之心"),
         summon=_t("eight ember crystals placed on the altar around the sleeping Colossus", "在沉睡巨像周围的祭坛上放八个余烬水晶"),
         phases=(_t("It slams the ground and sends shock waves; jump over them.", "它会重砸地面放出冲击波，跳过去。"),
                 _t("Its core opens every 20 seconds; only hits on the open core deal full damage.",
                    "它的核心每 20 秒打开一次，只有打在打开的核心上才有满额伤害。"),
                 _t("At half health it melts the bridges; fight from the basalt pillars.", "血量过半后会熔化桥面，站在玄武岩柱上作战。")),
         loot=_t("the Colossus Core (doubles Magma Crucible speed) and 32 bronze blocks", "巨像核心（使岩浆坩埚速度翻倍）和 32 个青铜块"),
         prep=_t("Glacial Edge swords, Fire Resistance and splash water bottles", "冰锋剑、抗火药水和喷溅型水瓶")),
    dict(slug="mire_queen", name=_t("Mire Queen", "泥沼女王"), entity="verdant:mire_queen", health=450,
         arena=_t("a sunken mangrove ring in the deepest Mirelands", "泥沼地最深处的沉没红树林环"),
         summon=_t("throwing a rotten bogbean crown into the central pool at night", "夜晚把一顶腐烂的睡菜王冠扔进中央水池"),
         phases=(_t("She spawns Mire Slugs every 15 seconds; salt kills them instantly.", "她每 15 秒召唤一批泥沼蛞蝓，盐可以瞬杀它们。"),
                 _t("She sinks into the mud and surfaces under a player; keep moving.", "她会潜入泥中再从玩家脚下冒出，要一直移动。"),
                 _t("Her poison cloud is cured by bogbean tea.", "她的毒雾可以用睡菜茶解除。")),
         loot=_t("the Queen's Seed, a crop seed with 10/10/10 traits, and Regrowth potions",
                 "女王之种（性状 10/10/10 的作物种子）和再生长药水"),
         prep=_t("salt, bogbean tea and Depth Strider boots", "盐、睡菜茶和深海探索者靴子")),
    dict(slug="skyreach_leviathan", name=_t("Skyreach Leviathan", "天穹利维坦"), entity="skyrail:leviathan", health=700,
         arena=_t("the open sky around the Eye island of the Skyreach Isles", "天穹群岛眼之岛周围的天空"),
         summon=_t("ringing the storm bell on the Eye island during a thunderstorm", "雷雨天敲响眼之岛上的风暴钟"),
         phases=(_t("It circles the island and drops wind bombs that knock players toward the edge.",
                    "它绕着岛飞行，投下把玩家吹向岛边的风弹。"),
                 _t("Harpoon it with a crossbow and Multishot to pull it down for melee.", "用多重射击弩把它射下来再近战。"),
                 _t("It swallows Sky Rays to heal; guard the herd.", "它会吞食天空鳐回血，要保护鳐群。")),
         loot=_t("Leviathan Scales for Elytra with +50 percent durability and a Cargo Drone engine",
                 "利维坦鳞片（让鞘翅耐久提高 50%）和一台货运无人机引擎"),
         prep=_t("Slow Falling, a crossbow with Multishot and Feather Falling IV", "缓降药水、多重射击弩和摔落保护 IV")),
    dict(slug="hollow_king", name=_t("Hollow King", "空洞之王"), entity="aurora:hollow_king", health=1000,
         arena=_t("the Hollow Throne, a giant geode at Y=-60 under the Crystal Hollows", "空洞王座，位于水晶空洞下方 Y=-60 的巨型晶洞"),
         summon=_t("inserting four Resonance Shards and one aurorite block into the throne", "向王座放入四个共鸣碎片和一个极光石块"),
         phases=(_t("He turns invisible like a Gloom Stalker; torches around the arena force him out.",
                    "他会像幽影潜行者一样隐身，场地周围的火把可以逼他现形。"),
                 _t("He shatters crystals that deal 8 damage to everyone within 5 blocks.",
                    "他会击碎水晶，对 5 格内的所有人造成 8 点伤害。"),
                 _t("In the last phase he steals one random enchanted item for 30 seconds.",
                    "最后阶段他会偷走一件随机附魔物品，持续 30 秒。")),
         loot=_t("a Soulbound book, the Hollow Crown helmet and 3,000 coins", "一本灵魂绑定附魔书、空洞王冠头盔和 3,000 币"),
         prep=_t("a team of four, lots of torches, and Glowing arrows", "四人小队、大量火把和光灵箭")),
    dict(slug="tide_serpent", name=_t("Tide Serpent", "潮汐巨蛇"), entity="aurora:tide_serpent", health=500,
         arena=_t("the drowned temple in the largest Coral Shallows", "最大一片珊瑚浅滩中的溺没神殿"),
         summon=_t("blowing the Tidecaller's Conch at high tide, 06:00 or 18:00 in game time",
                   "在涨潮时（游戏时间 06:00 或 18:00）吹响唤潮者海螺"),
         phases=(_t("It coils around the temple and crushes anyone on the roof.", "它盘绕在神殿上，压碎屋顶上的人。"),
                 _t("Each time it dives it calls three drowned with tridents.", "每次下潜都会召唤三只拿三叉戟的溺尸。"),
                 _t("Lightning from a Channeling trident stuns it for 4 seconds.", "引雷三叉戟召来的闪电能让它眩晕 4 秒。")),
         loot=_t("the Serpent Scale shield and a Conduit", "巨蛇鳞盾和一个潮涌核心"),
         prep=_t("Water Breathing, Depth Strider and a Channeling trident", "水肺药水、深海探索者和引雷三叉戟")),
)

_STRUCTURES = (
    dict(slug="frozen_bastion", name=_t("Frozen Bastion", "冰封堡垒"), where=_t("Glacial Spires and Frostfall",
              "冰川尖塔和霜降之境"),
         layout=_t("a four-storey tower of packed ice with a spiral stair and a vault at the top",
                   "四层高的浮冰塔，有螺旋楼梯，顶层是宝库"),
         loot=_t("frostsilver ingots, Frost Battery cells and a 10 percent chance of a frostsilver crown",
                 "霜银锭、霜能电池芯，以及 10% 概率的霜银王冠"),
         danger=_t("two Frost Wraith spawners on the second floor", "二楼有两个霜魂刷怪笼")),
    dict(slug="forge_ruins", name=_t("Emberforge Ruins", "余烬熔炉遗迹"), where=_t("Ember Wastes in the Nether", "下界的余烬荒原"),
         layout=_t("a collapsed workshop with three furnaces and a hidden basement under the anvil",
                   "一座倒塌的工坊，有三座熔炉，铁砧下方藏着地下室"),
         loot=_t("Emberforge blueprints, bronze gears and blaze rods", "余烬熔炉蓝图、青铜齿轮和烈焰棒"),
         danger=_t("a Rust Golem that wakes when the basement is opened", "打开地下室时会唤醒一只锈蚀傀儡")),
    dict(slug="sunken_observatory", name=_t("Sunken Observatory", "沉没天文台"),
         where=_t("deep warm oceans next to Coral Shallows", "珊瑚浅滩附近的暖水深海"),
         layout=_t("a domed building under 20 blocks of water with a broken telescope", "位于 20 格水下的圆顶建筑，里面有一架损坏的望远镜"),
         loot=_t("star charts (maps to End strongholds), prismarine and a Depth Strider book",
                 "星图（指向末地要塞的地图）、海晶石和深海探索者附魔书"),
         danger=_t("guardians and, during storms, a Tidecaller", "守卫者，暴风雨时还有唤潮者")),
    dict(slug="sun_tower", name=_t("Sun Tower", "太阳塔"), where=_t("the highest point of each Sunspire Mesa",
              "每座日塔台地的最高点"),
         layout=_t("a sandstone spire whose top room projects a light beam at noon toward a buried sun chest",
                   "一座砂岩尖塔，顶层房间正午会射出光束指向埋藏的太阳宝箱"),
         loot=_t("sunstone dust, gold blocks and the Sunbread recipe book", "日耀石粉、金块和日光面包配方书"),
         danger=_t("Ash Revenants around the base after dusk", "黄昏后塔底周围会出现灰烬亡魂")),
    dict(slug="whisper_grove", name=_t("Whisper Grove", "低语林地"), where=_t("Whispering Taiga", "低语针叶林"),
         layout=_t("a ring of nine whisperwood trees around a mossy stone circle", "九棵低语木围成一圈，中间是长满苔藓的石圈"),
         loot=_t("treasure maps, silent sap and Sap Extractor parts", "藏宝图、静谧树液和树液提取器零件"),
         danger=_t("Thornback Boars that turn hostile if you cut a grove tree", "砍伐林地里的树会让棘背野猪变得敌对")),
    dict(slug="crystal_shrine", name=_t("Crystal Shrine", "水晶神殿"), where=_t("Crystal Hollows", "水晶空洞"),
         layout=_t("a chamber of amethyst pillars with a resonant geode at its heart", "由紫水晶柱组成的石室，中心是一个共鸣晶洞"),
         loot=_t("Resonance Shards, amethyst and a Vein Sense book", "共鸣碎片、紫水晶和矿脉感知附魔书"),
         danger=_t("Gloom Stalkers waiting in the unlit side passages", "昏暗的侧通道里潜伏着幽影潜行者")),
    dict(slug="sky_harbor", name=_t("Sky Harbor", "天空港"), where=_t("the outer Skyreach Isles", "天穹群岛外围"),
         layout=_t("a wooden dock hanging off an island with two moored airships", "挂在浮岛边上的木制码头，停泊着两艘飞艇"),
         loot=_t("voidglass shards, gloom silk and Slow Falling potions", "虚空玻璃碎片、幽影丝和缓降药水"),
         danger=_t("rotten planks that break when stepped on", "踩上去会断裂的腐朽木板")),
    dict(slug="mire_hut", name=_t("Mire Hut", "泥沼小屋"), where=_t("Mirelands", "泥沼地"),
         layout=_t("a stilt house over a pool, with a cauldron and a hidden trapdoor cellar",
                   "建在水池上的高脚屋，有炼药锅和隐藏的活板门地窖"),
         loot=_t("bogbean seeds, salt and a witch's potion satchel", "睡菜种子、盐和女巫的药水包"),
         danger=_t("a witch who respawns every night and Mire Slugs under the floor", "每晚重生的女巫，以及地板下的泥沼蛞蝓")),
)

_POTIONS = (
    dict(slug="fire_resistance", name=_t("Fire Resistance", "抗火"), potion="minecraft:fire_resistance",
         ingredient=_t("magma cream", "岩浆膏"), duration="3:00 / 8:00",
         effect=_t("makes you immune to fire and lava damage", "免疫火焰和岩浆伤害"),
         use=_t("mandatory for the Ember Depths and ancient debris mining", "去余烬深渊和挖远古残骸必备")),
    dict(slug="slow_falling", name=_t("Slow Falling", "缓降"), potion="minecraft:slow_falling",
         ingredient=_t("phantom membrane", "幻翼膜"), duration="1:30 / 4:00",
         effect=_t("you fall slowly and take no fall damage", "缓慢下落，不受摔落伤害"),
         use=_t("the Skyreach Isles, cinder geysers and the Leviathan fight", "天穹群岛、余烬间歇泉和利维坦之战")),
    dict(slug="night_vision", name=_t("Night Vision", "夜视"), potion="minecraft:night_vision",
         ingredient=_t("a golden carrot", "金胡萝卜"), duration="3:00 / 8:00",
         effect=_t("everything looks fully lit", "所有东西看起来都是亮的"),
         use=_t("caving and underwater building; it does not reveal Gloom Stalkers", "探洞和水下建筑；但看不见隐身的幽影潜行者")),
    dict(slug="water_breathing", name=_t("Water Breathing", "水肺"), potion="minecraft:water_breathing",
         ingredient=_t("pufferfish", "河豚"), duration="3:00 / 8:00",
         effect=_t("you do not lose air underwater", "在水下不会消耗氧气"),
         use=_t("the Sunken Observatory and the Tide Serpent", "沉没天文台和潮汐巨蛇")),
    dict(slug="frost_ward", name=_t("Frost Ward", "霜之结界"), potion="frostworks:frost_ward",
         ingredient=_t("ectoplasmic frost", "灵质寒霜"), duration="4:00",
         effect=_t("stops Chilled stacks from building up", "阻止“寒冷”层数叠加"),
         use=_t("long trips in Frostfall and the Frost Monarch fight", "在霜降之境长途跋涉以及挑战霜之君主")),
    dict(slug="fire_ward", name=_t("Fire Ward", "防火结界"), potion="emberforge:fire_ward",
         ingredient=_t("sunstone dust and a Revenant Ember", "日耀石粉和亡魂余烬"), duration="6:00",
         effect=_t("Fire Resistance plus immunity to the burning ground left by Ember Hounds", "抗火，并免疫余烬猎犬留下的燃烧地面"),
         use=_t("a longer alternative to Fire Resistance for the Ember Depths", "在余烬深渊中替代抗火药水，持续时间更长")),
    dict(slug="regrowth", name=_t("Regrowth", "再生长"), potion="verdant:regrowth",
         ingredient=_t("bogbean and mire slime", "睡菜和泥沼黏液"), duration=_t("instant, splash only", "瞬间生效，仅限喷溅型"),
         effect=_t("grows every crop and sapling in a 5-block radius by two stages", "让 5 格半径内的所有作物和树苗生长两个阶段"),
         use=_t("speeding up the Verdant Path seed breeding quests", "加快翠绿之路的种子培育任务")),
    dict(slug="whisper", name=_t("Whisper", "低语"), potion="verdant:whisper",
         ingredient=_t("silent sap", "静谧树液"), duration="2:00",
         effect=_t("your footsteps make no vibrations, so sculk sensors and the Warden ignore you",
                   "脚步不产生振动，幽匿感测体和监守者都察觉不到你"),
         use=_t("raiding ancient cities in the Deep Dark", "搜刮深暗之域的远古城市")),
)

_VILLAGERS = (
    dict(slug="librarian", name=_t("Librarian", "图书管理员"), profession="minecraft:librarian",
         workstation=_t("a lectern", "讲台"),
         trades=_t("enchanted books, bookshelves, lanterns and name tags for emeralds; buys paper and books",
                   "用绿宝石出售附魔书、书架、灯笼和命名牌；收购纸和书"),
         best=_t("the Borealis hall has a Mending librarian selling the book for 12 emeralds after curing",
                 "北极光镇大厅里有一位经验修补图书管理员，治愈后只卖 12 颗绿宝石"),
         tip=_t("Break and replace the lectern until the first book is the one you want; it only works before the "
                "first trade.",
                "在第一次交易之前，可以反复拆装讲台，直到刷出想要的第一本附魔书。")),
    dict(slug="farmer", name=_t("Farmer", "农民"), profession="minecraft:farmer",
         workstation=_t("a composter", "堆肥桶"),
         trades=_t("buys wheat, potatoes, carrots, beetroot, pumpkins and melons; sells bread, pies and golden carrots",
                   "收购小麦、马铃薯、胡萝卜、甜菜根、南瓜和西瓜；出售面包、南瓜派和金胡萝卜"),
         best=_t("selling 26 potatoes for one emerald, then exchanging the emerald at the bank for 15 coins",
                 "用 26 个马铃薯换 1 颗绿宝石，再到银行换成 15 币"),
         tip=_t("Farmers also harvest and replant crops next to their composter, which makes a simple automatic farm.",
                "农民会收割并补种堆肥桶旁边的作物，可以做成简单的自动农场。")),
    dict(slug="cleric", name=_t("Cleric", "牧师"), profession="minecraft:cleric",
         workstation=_t("a brewing stand", "酿造台"),
         trades=_t("sells redstone, lapis lazuli, glowstone and ender pearls; buys rotten flesh and gold",
                   "出售红石、青金石、荧石和末影珍珠；收购腐肉和金锭"),
         best=_t("ender pearls at 5 emeralds each, cheaper than hunting Endermen for the 12 eyes of ender",
                 "末影珍珠每颗 5 颗绿宝石，比为了 12 个末影之眼去刷末影人划算"),
         tip=_t("Rotten flesh from your mob farm is the easiest emerald source with a cleric.",
                "把刷怪塔产出的腐肉卖给牧师，是最轻松的绿宝石来源。")),
    dict(slug="armorer", name=_t("Armorer", "盔甲匠"), profession="minecraft:armorer",
         workstation=_t("a blast furnace", "高炉"),
         trades=_t("sells iron, chainmail and enchanted diamond armour; buys coal, iron and lava buckets",
                   "出售铁甲、锁链甲和附魔钻石盔甲；收购煤炭、铁锭和岩浆桶"),
         best=_t("a master armorer's enchanted diamond chestplate for 27 emeralds", "大师级盔甲匠的附魔钻石胸甲，27 颗绿宝石"),
         tip=_t("Armorers often carry Protection III; combine two at an anvil for Protection IV.",
                "盔甲匠经常卖保护 III，在铁砧上合并两件就能得到保护 IV。")),
    dict(slug="toolsmith", name=_t("Toolsmith", "工具匠"), profession="minecraft:toolsmith",
         workstation=_t("a smithing table", "锻造台"),
         trades=_t("sells stone and iron tools and enchanted diamond tools; buys coal, iron and flint",
                   "出售石质和铁质工具以及附魔钻石工具；收购煤炭、铁锭和燧石"),
         best=_t("an Efficiency diamond pickaxe at expert level for about 20 emeralds", "专家级的效率钻石镐，约 20 颗绿宝石"),
         tip=_t("Bronze tools from Emberforge are not sold by villagers; craft them yourself.",
                "余烬熔炉的青铜工具村民不卖，只能自己做。")),
    dict(slug="fletcher", name=_t("Fletcher", "制箭师"), profession="minecraft:fletcher",
         workstation=_t("a fletching table", "制箭台"),
         trades=_t("buys sticks, string and feathers; sells arrows, bows, crossbows and tipped arrows",
                   "收购木棍、线和羽毛；出售箭、弓、弩和药箭"),
         best=_t("32 sticks for one emerald, the cheapest emerald trade on the server", "32 根木棍换 1 颗绿宝石，是本服最便宜的绿宝石来源"),
         tip=_t("Tipped arrows of Slowness are useful against Thornback Boar charges.", "缓慢药箭对付棘背野猪的冲锋很好用。")),
    dict(slug="cartographer_villager", name=_t("Cartographer", "制图师"), profession="minecraft:cartographer",
         workstation=_t("a cartography table", "制图台"),
         trades=_t("sells ocean, woodland and trial explorer maps, banners and item frames; buys paper and compasses",
                   "出售海洋、林地和试炼探险家地图、旗帜和物品展示框；收购纸和指南针"),
         best=_t("the woodland explorer map, which on Aurora often points to a Whisper Grove instead of a mansion",
                 "林地探险家地图，在 Aurora 上常常指向低语林地而不是林地府邸"),
         tip=_t("Explorer maps count for the Cartographer quest chapter when you reach the marked spot.",
                "到达探险家地图标记的地点时，会计入制图师任务章节。")),
    dict(slug="mason", name=_t("Mason", "石匠"), profession="minecraft:mason",
         workstation=_t("a stonecutter", "切石机"),
         trades=_t("buys clay, stone, granite and quartz; sells polished stone, terracotta and quartz pillars",
                   "收购黏土、石头、花岗岩和石英；出售磨制石材、陶瓦和石英柱"),
         best=_t("glazed terracotta at one emerald each, handy for Lumen Square style floors",
                 "带釉陶瓦每块 1 颗绿宝石，很适合铺流明广场风格的地面"),
         tip=_t("Masons near spawn were placed by the council; do not move them out of the market.",
                "出生点附近的石匠是议会安置的，请不要把他们带离市场。")),
)

_GEAR = (
    dict(slug="netherite_armor", name=_t("Netherite Armour", "下界合金盔甲"), item="minecraft:netherite_chestplate",
         durability=592,
         stats=_t("A full set gives 20 armour points, 12 toughness and 40 percent knockback resistance, and it "
                  "floats in lava.",
                  "一整套提供 20 点护甲值、12 点盔甲韧性和 40% 击退抗性，掉进岩浆也不会烧毁。"),
         craft=_t("Upgrade diamond armour at a smithing table with a netherite ingot and a netherite upgrade template.",
                  "在锻造台上用下界合金锭和下界合金升级锻造模板升级钻石盔甲。"),
         note=_t("It is the only armour that survives the lava sea of the Ember Depths long enough to fish it out.",
                 "它是唯一一种掉进余烬深渊的岩浆海后还能撑到被捞回来的盔甲。")),
    dict(slug="diamond_pickaxe", name=_t("Diamond Pickaxe", "钻石镐"), item="minecraft:diamond_pickaxe",
         durability=1561,
         stats=_t("It mines obsidian and ancient debris and is four times as durable as an iron pickaxe.",
                  "可以挖黑曜石和远古残骸，耐久是铁镐的四倍多。"),
         craft=_t("Three diamonds and two sticks at a crafting table.", "在工作台上用 3 颗钻石和 2 根木棍合成。"),
         note=_t("Most players put Efficiency V, Unbreaking III and Mending on it before the Frost Age chapter.",
                 "大多数玩家在进入霜之纪元章节之前，会给它附上效率 V、耐久 III 和经验修补。")),
    dict(slug="shield", name=_t("Shield", "盾牌"), item="minecraft:shield", durability=336,
         stats=_t("Raising it blocks all frontal melee and projectile damage except the Warden's sonic boom.",
                  "举盾可以挡住正面的所有近战和弹射物伤害，但挡不住监守者的音波。"),
         craft=_t("Six planks and one iron ingot; add a banner to decorate it.", "6 块木板加 1 个铁锭，可以再加一面旗帜装饰。"),
         note=_t("Axes disable shields for 5 seconds, which matters against Piglin Brutes.",
                 "斧头能让盾牌失效 5 秒，对付猪灵蛮兵时要注意。")),
    dict(slug="elytra", name=_t("Elytra", "鞘翅"), item="minecraft:elytra", durability=432,
         stats=_t("Wings for gliding; firework rockets give boosts. They break at 1 durability but can be repaired.",
                  "用于滑翔的翅膀，烟花火箭可以加速。耐久剩 1 时会失效，但可以修复。"),
         craft=_t("Found on End ships, or as the reward of the Cartographer chapter.", "在末地船上找到，或者作为制图师章节的奖励。"),
         note=_t("Flying over Lumen Square with rockets is not allowed during the Saturday council meeting.",
                 "周六议会开会期间，禁止在流明广场上空用火箭飞行。")),
    dict(slug="trident", name=_t("Trident", "三叉戟"), item="minecraft:trident", durability=250,
         stats=_t("A melee and thrown weapon dealing 9 damage; Loyalty brings it back, Riptide launches you in rain.",
                  "可近战也可投掷，造成 9 点伤害；忠诚让它飞回来，激流能在雨中把你弹出去。"),
         craft=_t("Only dropped by drowned that carry one; it cannot be crafted.", "只能从手持三叉戟的溺尸身上获得，无法合成。"),
         note=_t("Channeling tridents stun the Tide Serpent and triple damage against Tidecallers.",
                 "引雷三叉戟能眩晕潮汐巨蛇，对唤潮者造成三倍伤害。")),
    dict(slug="crossbow", name=_t("Crossbow", "弩"), item="minecraft:crossbow", durability=465,
         stats=_t("Slower to load than a bow but hits harder; it can fire firework rockets.", "装填比弓慢但伤害更高，还能发射烟花火箭。"),
         craft=_t("Three sticks, two string, an iron ingot and a tripwire hook.", "3 根木棍、2 根线、1 个铁锭和 1 个绊线钩。"),
         note=_t("Multishot crossbows are the standard weapon against the Skyreach Leviathan.", "多重射击弩是对付天穹利维坦的标准武器。")),
    dict(slug="fishing_rod", name=_t("Fishing Rod", "钓鱼竿"), item="minecraft:fishing_rod", durability=64,
         stats=_t("Catches fish, junk and treasure; Luck of the Sea raises the treasure chance.",
                  "可以钓到鱼、垃圾和宝藏；海之眷顾提高宝藏概率。"),
         craft=_t("Three sticks and two string.", "3 根木棍和 2 根线。"),
         note=_t("Ice fishing on the Borealis lake can catch frozen treasure chests.", "在北极光镇的湖上冰钓，有机会钓到冰封的宝箱。")),
    dict(slug="frostsilver_armor", name=_t("Frostsilver Armour", "霜银盔甲"), item="frostworks:frostsilver_chestplate",
         durability=420,
         stats=_t("Between iron and diamond in protection, but each piece removes a quarter of the Chilled build-up.",
                  "防护介于铁和钻石之间，但每件都能减少四分之一的“寒冷”叠加。"),
         craft=_t("Frostsilver plates from the Chill Press in the usual armour shapes; 24 plates for a full set.",
                  "用冷压机压出的霜银板按普通盔甲的形状合成；一整套需要 24 块板。"),
         note=_t("A full set makes you immune to Chilled, so it is the armour of choice for Frostfall.",
                 "穿满一整套就能免疫“寒冷”，是去霜降之境的首选盔甲。")),
    dict(slug="bronze_tools", name=_t("Bronze Tools", "青铜工具"), item="emberforge:bronze_pickaxe", durability=350,
         stats=_t("Mine at iron speed but never break: at 1 durability they stop working until repaired.",
                  "挖掘速度和铁制工具一样，但永远不会损坏：耐久剩 1 时会停止工作，直到修好为止。"),
         craft=_t("Cast from bronze in the Magma Crucible's tool moulds.", "在岩浆坩埚的工具模具里用青铜浇铸。"),
         note=_t("Repair them with a single bronze ingot at an anvil, no experience needed.",
                 "在铁砧上用 1 个青铜锭就能修复，不需要经验。")),
    dict(slug="totem", name=_t("Totem of Undying", "不死图腾"), item="minecraft:totem_of_undying", durability=1,
         stats=_t("Held in either hand, it saves you from death once and gives Regeneration II and Fire Resistance.",
                  "拿在任意一只手上可以免死一次，并获得生命恢复 II 和抗火效果。"),
         craft=_t("Dropped by evokers in woodland mansions and raids; the Boss Preparation quest gives one per team.",
                  "由林地府邸和袭击中的唤魔者掉落；Boss 战准备任务每队送一个。"),
         note=_t("It does not save you from the void, so it will not help if you fall off the Skyreach Isles.",
                 "它救不了掉进虚空的人，所以从天穹群岛掉下去时它帮不上忙。")),
)

_PROBLEMS = (
    dict(slug="cannot_break_blocks", problem=_t("I cannot break or place blocks", "无法破坏或放置方块"),
         cause=_t("You are inside someone else's claim, within 500 blocks of spawn, or in the End's main island.",
                  "你在别人的领地里、出生点 500 格范围内，或者在末地主岛上。"),
         fix=_t("Stand still and run /claim info to see whose claim it is, then ask the owner for /trust.",
                "站着不动输入 /claim info 查看是谁的领地，然后请领地主人给你 /trust。"),
         more=_t("Blocks flashing red when you click them mean protection, not a bug.", "点击方块时方块闪红光表示受保护，不是漏洞。")),
    dict(slug="items_disappeared", problem=_t("My items disappeared after I died", "死亡后物品不见了"),
         cause=_t("Dropped items despawn after five minutes, or after 60 seconds in the Ember Depths.",
                  "掉落物五分钟后会消失，在余烬深渊只有 60 秒。"),
         fix=_t("A grave appears where you died and keeps items for 30 minutes; check the lost and found chest at "
                "spawn "
                "if the grave timed out.",
                "死亡地点会出现一座坟墓，保存物品 30 分钟；坟墓过期后，去出生点的失物招领箱看看。"),
         more=_t("Staff do not refund items lost to the Warden or to the void.", "因监守者或虚空丢失的物品，管理员不予补偿。")),
    dict(slug="cannot_sleep", problem=_t("I cannot sleep in my bed", "床睡不了"),
         cause=_t("Monsters within 8 blocks, daytime, or a dimension where beds explode.",
                  "8 格内有怪物、现在是白天，或者你在一个床会爆炸的维度。"),
         fix=_t("Light up the area around the bed and wait for dusk; in the Nether, Frostfall and the Ember Depths "
                "use a "
                "respawn anchor instead.",
                "把床周围照亮，等到黄昏再睡；在下界、霜降之境和余烬深渊请改用重生锚。"),
         more=_t("One sleeping player skips the night for everyone on Aurora.", "在 Aurora 上，只要一个玩家睡觉就能跳过夜晚。")),
    dict(slug="lag_spikes", problem=_t("The server lags around my base", "基地附近很卡"),
         cause=_t("Big farms, hoppers and redstone clocks in loaded chunks; the lag rules exist for this.",
                  "已加载区块里的大型农场、漏斗和红石时钟；卡顿规则就是为此制定的。"),
         fix=_t("Type /lag chunk to see the slowest chunk near you, and add an off switch to farms.",
                "输入 /lag chunk 查看附近最卡的区块，并给农场加上开关。"),
         more=_t("Replacing hopper chains with a Sorting Hub usually halves the tick time of a storage room.",
                 "用分拣中心替代漏斗链，通常能让仓库的刻耗时减半。")),
    dict(slug="drone_stuck", problem=_t("My Cargo Drone is stuck", "货运无人机卡住了"),
         cause=_t("A beacon more than 128 blocks away, a block in the flight line, or a claim it may not enter.",
                  "信标之间超过 128 格、航线上有方块挡着，或者它无权进入某块领地。"),
         fix=_t("Open the drone terminal, where a yellow beacon icon marks the broken leg of the route. Move the "
                "beacon or clear the line.",
                "打开无人机终端，黄色的信标图标标出了出问题的航段。移动信标或清理航线。"),
         more=_t("Drones below 10 percent charge fly home on their own, which can look like being stuck.",
                 "电量低于 10% 的无人机会自动飞回家，看起来像卡住了一样。")),
    dict(slug="cannot_place_claim", problem=_t("My Claim Stone will not place", "领地石放不下去"),
         cause=_t("You already own 3 Claim Stones, or the spot is closer than 150 blocks to another claim.",
                  "你已经有 3 块领地石了，或者这个位置距离其他领地不足 150 格。"),
         fix=_t("Run /claim list to see your stones; ask your neighbour in writing if you want to build closer.",
                "用 /claim list 查看你已有的领地石；如果想离邻居更近，请书面征得对方同意。"),
         more=_t("The stone shows the nearest foreign claim in red particles when it refuses to place.",
                 "放置失败时，领地石会用红色粒子显示最近的他人领地。")),
    dict(slug="stuck_in_frostfall", problem=_t("I am lost in Frostfall", "在霜降之境迷路了"),
         cause=_t("Compasses spin in Frostfall and the sky never changes, so it is easy to lose direction.",
                  "霜降之境里指南针会乱转，天空也从不变化，很容易迷失方向。"),
         fix=_t("Use /warp frostfall to return to the arrival platform if you have unlocked it; otherwise follow "
                "the public lantern trail, which is marked with blue lanterns.",
                "如果已经解锁，用 /warp frostfall 回到抵达平台；否则沿着公共灯笼路线走，那条路用蓝色灯笼标记。"),
         more=_t("Join the Friday expedition from Borealis for your first trip.", "第一次去最好参加周五从北极光镇出发的远征。")),
    dict(slug="muted", problem=_t("I was muted in chat", "我被禁言了"),
         cause=_t("Spam, advertising or insults; the mute length is shown when you try to talk.",
                  "刷屏、打广告或辱骂他人；尝试发言时会显示禁言时长。"),
         fix=_t("Wait for the mute to end or appeal on the forum within 14 days.", "等待禁言结束，或者在 14 天内到论坛申诉。"),
         more=_t("You can still use /ask and /mail while muted.", "禁言期间仍然可以使用 /ask 和 /mail。")),
    dict(slug="quest_not_completing", problem=_t("A quest does not complete", "任务完成不了"),
         cause=_t("Some quests only count items you craft yourself, or need you to open a loot chest, not just find "
                  "the structure.",
                  "有些任务只统计你亲手制作的物品，或者需要你打开战利品箱，而不仅仅是找到结构。"),
         fix=_t("Read the task text in the quest book, then press the refresh button at its top; team quests update "
                "for all members.",
                "仔细阅读任务书里的任务说明，然后点击顶部的刷新按钮；团队任务会为所有成员同步更新。"),
         more=_t("Daily quests reset at 04:00 server time even if you are halfway through one.",
                 "每日任务在服务器时间 04:00 刷新，即使你做到一半也会重置。")),
    dict(slug="assistant_no_answer", problem=_t("The assistant does not know the answer", "游戏助手回答不上来"),
         cause=_t("It only reads the shared guides, your own notes and the guide quests you can see; it has no "
                  "memory of other players.",
                  "它只读取共享指南、你自己的笔记和你能看到的说明任务；它不记得其他玩家的任何内容。"),
         fix=_t("Rephrase the question with the item or mob name, or add the answer yourself with /note add.",
                "换个说法，带上物品或生物的名字再问一次，或者自己用 /note add 把答案记下来。"),
         more=_t("Guide quests you have not unlocked yet are never used for answers.", "你还没解锁的说明任务永远不会被用来回答。")),
)

# Server pages: hand-written paragraphs, each a tuple of sentences. The long ones (over 1,200
# characters in both languages) exercise sentence splitting in the retrieval index.
_SERVER_PAGES = (
    dict(
        slug="history", name=_t("A short history of Aurora", "Aurora 服务器简史"),
        paragraphs=(
            (_t("Aurora opened on 14 March 2023 as a small survival server for two friend groups, one "
                "English-speaking and one Chinese-speaking.",
                "Aurora 于 2023 年 3 月 14 日开服，最初只是两群朋友的小型生存服，一群说英语，一群说中文。"),),
            (
                _t("Season one lasted just over a year and ran on plain vanilla with a single claim plugin; the first "
                   "big project was the stone bridge across the spawn river, which still stands today.",
                   "第一赛季持续了一年多，只用了原版加一个圈地插件；当时第一个大型工程是横跨出生点河流的石桥，这座桥至今仍在。"),
                _t("The first in-game wedding took place on the stone bridge in June 2023, and the couple's "
                   "cherry tree, planted at the north end, is protected by a council decision.",
                   "2023 年 6 月，服务器上第一场游戏内婚礼就在这座石桥上举行，这对新人在桥北端种下的樱花树受到议会决议保护。"),
                _t("Early in season one there was no currency at all: a diamond bought a stack of iron, and "
                   "the so-called diamond standard survived until the bank opened.",
                   "第一赛季初期根本没有货币：一颗钻石能换一组铁，这种所谓的“钻石本位”一直延续到银行开张。"),
                _t("When the Ender Dragon was killed for the first time, on 2 July 2023, only three players were "
                   "online, and the event was so celebrated that the weekly community fight was born from it.",
                   "2023 年 7 月 2 日末影龙第一次被击杀时，在线的只有三名玩家；这件事被大家津津乐道，每周的全服屠龙活动就由此而来。"),
                _t("The first Nether highway was dug by hand in September 2023 by four players over three weekends, "
                   "and its east arm is still the longest at 2,750 blocks.",
                   "第一条下界高速公路是四名玩家在 2023 年 9 月用三个周末徒手挖出来的，其中东线至今仍是最长的一条，长达 2,750 格。"),
                _t("In November 2023 the admins added the Frostworks mod, and within two weeks the northern "
                   "frontier moved from Z=-2000 to Z=-6000 as players chased frostsilver into the cold.",
                   "2023 年 11 月，管理员加入了霜铸工业模组，短短两周内，为了追寻霜银，北方拓荒线就从 Z=-2000 推进到了 Z=-6000。"),
                _t("In the same month the first Frost Wraith raid on an unlit village killed every villager "
                   "in it, and the ruined village at X=340, Z=-2210 has been left untouched as a memorial.",
                   "同一个月，霜魂第一次袭击了一座没有照明的村庄，村民无一幸免；位于 X=340、Z=-2210 的这座废村被原样保留，作为纪念。"),
                _t("The Frostworks update also brought the first serious dispute over land, when two groups "
                   "claimed the same glacier; the 150-block spacing rule was written to settle it.",
                   "霜铸工业更新还引发了服务器第一次严重的领地纠纷：两个团体同时圈占了同一片冰川，150 格间距规则就是为解决这次纠纷而制定的。"),
                _t("That winter a group of twelve players founded Borealis on the edge of the Aurora Tundra, "
                   "and the town's first mayor, a player called Hallstrom, laid out the three districts that "
                   "still define it.",
                   "那个冬天，十二名玩家在极光冻原边缘建立了北极光镇，首任镇长哈尔斯特罗姆规划了至今仍沿用的三个街区。"),
                _t("Season two began in April 2024 with Emberforge and Verdant Alchemy, the Aurora coin and the "
                   "bank in Lumen Square, which replaced the old diamond-based barter economy.",
                   "2024 年 4 月第二赛季开始，加入了余烬熔炉和翠绿炼金，同时推出了极光币和流明广场的银行，取代了过去以钻石为基础的以物易物。"),
                _t("In season two the player population peaked at 214 active members, and the market district "
                   "had to be doubled from twenty to forty stalls within a month.",
                   "第二赛季活跃玩家人数达到 214 人的峰值，市场区在一个月内就不得不把摊位从二十个扩建到四十个。"),
                _t("The great lag crisis of July 2024, when a single chicken farm with 3,000 birds pushed the "
                   "tick time to 180 milliseconds, led directly to the current lag rules and the 40-animal limit.",
                   "2024 年 7 月爆发了著名的卡顿危机：一个养了 3,000 只鸡的农场把刻耗时推高到 180 毫秒，"
                   "这直接催生了现在的卡顿规则和每个围栏 40 只动物的上限。"),
                _t("Skyrail Logistics arrived in October 2024, and the public line from spawn to Borealis, 6,400 "
                   "blocks long, took the community eleven weeks to finish.",
                   "天轨物流于 2024 年 10 月加入，从出生点到北极光镇全长 6,400 格的公共线路，社区花了十一周才修完。"),
                _t("The mining world was introduced at the same time so that the main world would stop turning "
                   "into Swiss cheese, and the monthly reset has run every first Sunday since then.",
                   "资源世界也在同一时期推出，为了不让主世界被挖得千疮百孔，此后每月第一个星期日都会重置。"),
                _t("A duplication bug with Cargo Drones in December 2024 was reported by a new player on her "
                   "second day, which is why the 500-coin reward for dupe reports exists.",
                   "2024 年 12 月，一位新玩家在入服第二天就报告了货运无人机的复制漏洞，举报复制漏洞奖励 500 币的规定正是由此而来。"),
                _t("Borealis got its first Skyrail car in January 2025, and the opening ride carried the mayor, "
                   "the builders of the line and a very confused Thornback Boar that had wandered onto the platform.",
                   "2025 年 1 月，北极光镇迎来了第一节天轨车厢，首发列车上坐着镇长、线路的建设者，还有一头误闯站台、一脸茫然的棘背野猪。"),
                _t("The spawn monument itself was carved over one long weekend in February 2025 by thirty "
                   "volunteers, each of whom engraved the names of the players they had met first.",
                   "出生点纪念碑是三十名志愿者在 2025 年 2 月的一个长周末里雕刻完成的，每个人都刻下了自己最早认识的那些玩家的名字。"),
                _t("Season three, from March 2025, brought the game assistant, the Frostfall and Ember Depths "
                   "dimensions, and the four modded bosses, the hardest of which, the Hollow King, was first "
                   "defeated only after nineteen attempts.",
                   "2025 年 3 月开始的第三赛季带来了游戏助手、霜降之境和余烬深渊两个维度，以及四个模组 Boss，"
                   "其中最难的空洞之王直到第十九次尝试才被首次击败。"),
                _t("Two months later the first season-three update added the Seed Analyzer, and a breeding race "
                   "for the first 10/10/10 seed lasted nine days.",
                   "两个月后，第三赛季的第一次更新加入了种子分析仪，为培育出第一颗 10/10/10 种子的竞赛持续了九天。"),
                _t("The Chinese and English communities held their first joint building contest in the spring "
                   "of 2025, and the winning entry, a floating tea house, now hangs above the Coral Shallows.",
                   "中英文社区在 2025 年春天举办了第一次联合建筑比赛，获胜作品是一座浮空茶馆，如今就悬挂在珊瑚浅滩上空。"),
                _t("The Hollow King's first defeat, on 9 August 2025, was won by a team of four led by a player "
                   "named Quillon, who kept the Hollow Crown and later donated it to the spawn museum.",
                   "2025 年 8 月 9 日，空洞之王首次被击败，获胜的是由玩家奎隆带领的四人小队；他留下了空洞王冠，后来把它捐给了出生点博物馆。"),
                _t("In the current season the spawn council is elected every six months and the treasury "
                   "funds one public project per month.",
                   "在当前赛季，出生点议会每半年选举一次，国库每月资助一个公共项目。"),
                _t("Every season has ended with a farewell night in Lumen Square, where players set off fireworks "
                   "from the monument and the staff reveal the theme of the next season.",
                   "每个赛季都以流明广场的告别之夜收尾：玩家们在纪念碑旁燃放烟花，管理组则公布下个赛季的主题。"),
            ),
            (_t("Old season worlds are archived and can be downloaded from the forum; nothing from them is "
                "carried over except player names on the monument at spawn.",
                "往届赛季的世界都已存档，可以在论坛下载；除了出生点纪念碑上的玩家名字，旧世界的东西都不会带到新赛季。"),),
        ),
    ),
    dict(
        slug="borealis", name=_t("The town of Borealis", "北极光镇"),
        paragraphs=(
            (_t("Borealis is the largest player town on Aurora, at X=1200, Z=-6400 in the Aurora Tundra. "
                "Use /warp borealis or ride the public Skyrail line.",
                "北极光镇是 Aurora 上最大的玩家城镇，位于极光冻原的 X=1200、Z=-6400。可以用 /warp borealis 前往，"
                "也可以乘坐公共天轨线路。"),),
            (
                _t("The town is split into three districts around a frozen lake.", "整个城镇围绕一座冰湖分为三个街区。"),
                _t("The Harbour District on the south shore holds the Skyrail terminal, the fish market and "
                   "the warehouse where Cargo Drones from all over the server unload.",
                   "南岸的港口区有天轨终点站、鱼市，以及全服货运无人机卸货的仓库。"),
                _t("The Lantern District on the east shore is the residential quarter: about sixty houses, "
                   "each built by a different player, with copper lanterns on every corner because Frost "
                   "Wraiths cannot phase through lit streets.",
                   "东岸的灯笼区是住宅区，大约有六十栋房子，每一栋都出自不同玩家之手；每个路口都挂着铜灯笼，"
                   "因为霜魂无法穿过有照明的街道。"),
                _t("The Forge District on the north shore is where the heavy machines run, far from the houses, "
                   "with a shared bank of twelve Frost Batteries that any resident may draw from at night.",
                   "北岸的熔炉区是重型机器运转的地方，远离住宅，那里有一组十二台霜能电池的共享储能，所有居民夜里都可以取用。"),
                _t("The town hall stands on an island in the middle of the lake and is reached by a glass bridge "
                   "lit from below by sea lanterns.",
                   "镇政厅建在湖中央的小岛上，要经过一座由海晶灯从下方照亮的玻璃桥才能到达。"),
                _t("Inside, the notice board lists jobs posted by residents, such as delivering 64 packed ice or "
                   "clearing Mire Slugs from the greenhouse, with rewards paid in Aurora coins.",
                   "镇政厅里的公告板列着居民发布的委托，比如运送 64 块浮冰或清理温室里的泥沼蛞蝓，报酬用极光币支付。"),
                _t("The town library sells Mending books on weekends for 400 coins and lends out a Vein Sense "
                   "pickaxe for one day against a deposit of 1,000 coins.",
                   "镇图书馆每逢周末以 400 币出售经验修补附魔书，还出借矿脉感知镐，押金 1,000 币，借期一天。"),
                _t("The café on the lake shore pays 1 coin per cookie and is the traditional meeting point "
                   "before Frostfall expeditions, which leave from the town portal every Friday at 20:30.",
                   "湖边的咖啡馆每块曲奇收购价 1 币，也是霜降之境远征前的传统集合点；远征队每周五 20:30 从镇上的传送门出发。"),
                _t("West of the lake lies the greenhouse, a glass hall of 40 by 20 blocks where Growth Lamps keep "
                   "Sunwheat and Frostberries growing side by side, even though one needs sun and the other snow.",
                   "湖的西边是温室，一座 40×20 格的玻璃大厅，生长灯让日光麦和霜莓并排生长，尽管一个需要阳光，另一个需要积雪。"),
                _t("The greenhouse keeper hands out Frostberry jam for free to anyone leaving on an expedition.",
                   "温室管理员会免费给每一位出发远征的人发霜莓果酱。"),
                _t("On the frozen lake itself there is an ice rink, and on clear nights residents hold moth-catching "
                   "contests there, because Aurora Moths gather over the glowstone buoys.",
                   "冰湖上有一座溜冰场；晴朗的夜晚，居民们会在那里举行捕蛾比赛，因为极光飞蛾会聚集在荧石浮标上方。"),
                _t("A lighthouse at the northern tip guides Cargo Drones in bad weather and doubles as the town's "
                   "lookout for Frost Wraith swarms.",
                   "北端的灯塔在恶劣天气里为货运无人机导航，同时也是镇上监视霜魂群的瞭望塔。"),
                _t("The town school teaches new players the basics every Tuesday evening: how to place a Claim "
                   "Stone, how to use /trust and how to ask the game assistant good questions.",
                   "镇上的学校每周二晚上给新玩家上基础课：怎么放领地石、怎么用 /trust，以及怎么向游戏助手提出好问题。"),
                _t("Borealis has its own small treasury funded by plot sales, which paid for the glass bridge "
                   "and the copper lanterns.",
                   "北极光镇有自己的小金库，资金来自地皮销售，玻璃桥和铜灯笼都是用这笔钱建的。"),
                _t("Elections for mayor are held every four months, and candidates must have lived in the town "
                   "for at least thirty days.",
                   "镇长每四个月选举一次，候选人必须在镇上居住满三十天。"),
                _t("Visitors are welcome to use the café, the library and the Skyrail terminal, but the shared "
                   "Frost Batteries are for residents only.",
                   "访客可以随意使用咖啡馆、图书馆和天轨终点站，但共享霜能电池只对居民开放。"),
                _t("The town walls are made of packed ice reinforced with stone bricks, and the four gates are "
                   "named after the first four residents who died to Frost Wraiths during the founding winter.",
                   "城墙由浮冰砌成并用石砖加固，四座城门以建镇那年冬天死于霜魂的四位早期居民命名。"),
                _t("Inside the north gate there is a public smithy with two anvils and a grindstone, free to use "
                   "as long as you clean up the slag from the Chill Press afterwards.",
                   "北门内有一间公共铁匠铺，配有两个铁砧和一个砂轮，可以免费使用，只要用完后把冷压机留下的废渣清理干净。"),
                _t("Next to the smithy the expedition office keeps a logbook of every Frostfall trip, with the "
                   "names of the members, the distance reached and the loot brought back.",
                   "铁匠铺隔壁的远征办公室保存着每一次霜降之境远征的日志，记录了成员名单、到达的距离和带回的战利品。"),
                _t("The record so far is an expedition of seven players who reached the Frost Monarch's citadel "
                   "in 41 minutes without losing anyone.",
                   "目前的纪录是一支七人远征队在 41 分钟内抵达霜之君主的要塞，全员无一阵亡。"),
                _t("In winter festivals the whole lake is decorated with ice sculptures, and the best sculpture "
                   "earns its maker a free plot in the Lantern District.",
                   "冬季节日期间，整个湖面都会摆满冰雕，最佳冰雕的作者可以在灯笼区免费获得一块地皮。"),
                _t("Cargo Drones landing at the warehouse must use the reserved beacon named Borealis-Dock, "
                   "because drones that land in the streets keep getting caught in the lanterns.",
                   "在仓库降落的货运无人机必须使用名为 Borealis-Dock 的专用信标，因为降落在街道上的无人机总是被灯笼卡住。"),
                _t("The town also runs a small fishing pier on the lake, where ice fishing yields cod, salmon and "
                   "the occasional frozen treasure chest.",
                   "镇上还在湖边经营一座小钓鱼码头，冰钓可以钓到鳕鱼、鲑鱼，偶尔还能钓到冰封的宝箱。"),
                _t("Newcomers usually arrive by Skyrail and are greeted at the terminal by a bulletin that lists "
                   "free plots, open jobs and the date of the next expedition.",
                   "新来的人通常乘天轨抵达，终点站的布告栏上列着空闲地皮、待接委托以及下一次远征的日期。"),
                _t("The harbour warehouse charges 5 coins per stack for storage longer than a week, and the money "
                   "goes into the town treasury.",
                   "港口仓库对存放超过一周的物品按每组 5 币收费，这笔钱归入镇金库。"),
                _t("Because the town sits on permafrost, water freezes within a minute outdoors, so every fountain "
                   "in Borealis is heated by a hidden magma block under the basin.",
                   "由于小镇建在永久冻土上，室外的水一分钟内就会结冰，所以北极光镇的每座喷泉底下都藏着一块岩浆块来保温。"),
                _t("Residents leaving the server for more than sixty days keep their house, but their plot is "
                   "marked as dormant and its shared battery access is paused.",
                   "离开服务器超过六十天的居民仍保留房子，但地皮会被标记为休眠，共享电池的使用权也会暂停。"),
                _t("At the edge of town a small cemetery of snow-covered gravestones remembers players who "
                   "left the server, each stone carrying the name of the player and the thing they built.",
                   "镇边有一座小小的墓园，积雪覆盖的墓碑纪念着已经离开服务器的玩家，每块碑上都刻着玩家的名字和他们建造过的作品。"),
                _t("Anyone may live in Borealis: ask the mayor for a plot, which costs 300 coins and comes with "
                   "a 32 by 32 claim already in place.",
                   "任何人都可以在北极光镇安家：向镇长申请一块地皮，价格 300 币，并自带一块已经圈好的 32×32 领地。"),
            ),
            (_t("Town rules add two things to the server rules: no lava or fire within the walls, and no "
                "farms with more than 20 animals inside the Lantern District.",
                "镇规在服务器规则之外还有两条：城墙内禁止使用岩浆和火，灯笼区内的农场动物不得超过 20 只。"),),
        ),
    ),
    dict(
        slug="lumen_square", name=_t("Lumen Square (spawn)", "流明广场（出生点）"),
        paragraphs=(
            (_t("Lumen Square is the spawn of the main world at X=0, Z=0; /spawn brings you here from anywhere.",
                "流明广场是主世界的出生点，位于 X=0、Z=0；在任何地方用 /spawn 都能回到这里。"),),
            (
                _t("The square is a large circle of white concrete and sea lanterns, built by the first spawn "
                   "council in season two.",
                   "广场是一大片由白色混凝土和海晶灯铺成的圆形区域，由第二赛季的第一届出生点议会建造。"),
                _t("Walking clockwise from the arrival fountain, the first building is the bank, with its "
                   "copper dome and the teller Orrin, who exchanges emeralds and sells Coin Minters.",
                   "从到达处的喷泉开始顺时针走，第一栋建筑是银行，它有一个铜制圆顶，柜员奥林负责兑换绿宝石和出售铸币机。"),
                _t("Next comes the post office, where mail for players without a Mailbox waits for fourteen "
                   "days before it is returned to the sender.",
                   "接下来是邮局，没有邮箱的玩家的邮件会在这里保留十四天，之后退回寄件人。"),
                _t("Behind it the market district spreads over two streets with forty rentable stalls, the "
                   "fixed-price board where the server buys basic goods, and the auction house terminal.",
                   "邮局后面是市场区，占了两条街，有四十个可租用的摊位、服务器按固定价格收购基础物资的价目表，以及拍卖行终端。"),
                _t("On the west side stands the quest board, a tall oak frame with the current daily quests and "
                   "the names of the last ten players to finish the Monster Hunter chapter.",
                   "广场西侧是任务公告板，一个高大的橡木框架，上面贴着当天的每日任务，以及最近十位完成怪物猎人章节的玩家名字。"),
                _t("The Skyrail station sits on a tower in the north-west corner; trains to Borealis leave every "
                   "five minutes and the ride takes just over five minutes.",
                   "天轨车站位于西北角的一座塔上；开往北极光镇的列车每五分钟一班，车程五分钟多一点。"),
                _t("The monument in the centre carries the names of every player from seasons one to three, "
                   "engraved on polished deepslate.",
                   "广场中央的纪念碑用抛光深板岩刻着第一到第三赛季所有玩家的名字。"),
                _t("The beacon under the monument gives Haste II to everyone inside the market district, which "
                   "is why many players bring their worn tools here to finish big crafting jobs.",
                   "纪念碑下方的信标为市场区内的所有人提供急迫 II，所以很多玩家会带着工具来这里完成大批量的合成工作。"),
                _t("South of the fountain the arena gate leads down to the official Wither arena, 40 blocks "
                   "underground, and to the PvP ring, where combat is always enabled.",
                   "喷泉南边的竞技场大门通往地下 40 格的官方凋灵竞技场，以及始终开启 PvP 的对战擂台。"),
                _t("The small building with the blue roof next to the gate is the staff office, where you can "
                   "report problems in person between 19:00 and 23:00.",
                   "大门旁边那座蓝色屋顶的小楼是管理员办公室，每天 19:00 到 23:00 可以当面反映问题。"),
                _t("Beside it, the lost and found chest holds items that staff recovered from despawned "
                   "graves; they are kept for seven days.",
                   "办公室旁边的失物招领箱里放着管理员从消失的坟墓中找回的物品，保留七天。"),
                _t("The portal hub in the south-east corner has lit portals to the Nether highway and, once "
                   "unlocked by the quest book, to Frostfall and the Ember Depths.",
                   "东南角的传送门枢纽有通往下界高速公路的传送门；通过任务书解锁后，还能前往霜降之境和余烬深渊。"),
                _t("The small museum next to the portal hub shows a model of the season one world and the "
                   "first Frost Battery ever crafted on the server.",
                   "传送门枢纽旁边的小博物馆展示着第一赛季世界的模型，以及服务器上制作的第一台霜能电池。"),
                _t("An information desk by the fountain hands out a printed warp list and answers questions, "
                   "although most players now simply use /ask.",
                   "喷泉旁的服务台会发放印好的传送点列表并解答问题，不过现在大多数玩家直接用 /ask。"),
                _t("At night the square is lit by 120 sea lanterns, and no hostile mob can spawn anywhere "
                   "inside the 500-block zone.",
                   "夜里广场由 120 盏海晶灯照亮，500 格保护区内任何地方都不会生成敌对生物。"),
                _t("Building is forbidden within 500 blocks of the square, except for projects approved by the "
                   "spawn council at its Saturday meeting.",
                   "广场 500 格范围内禁止建造，只有周六议会会议批准的项目例外。"),
            ),
            (_t("New players receive a map of the square and the warp list in their starter kit.",
                "新玩家的新手包里有一张广场地图和传送点列表。"),),
        ),
    ),
    dict(
        slug="events", name=_t("Weekly events calendar", "每周活动日历"),
        paragraphs=(
            (_t("Aurora runs the same events every week; times are server time (UTC+8).",
                "Aurora 每周的活动安排固定，时间均为服务器时间（UTC+8）。"),),
            (_t("Monday: new market prices and bank interest. Wednesday 21:00: building contest with a theme "
                "announced on Sunday.",
                "周一：市场价格更新、银行发放利息。周三 21:00：建筑比赛，主题在周日公布。"),),
            (_t("Friday 20:30: Frostfall expedition from Borealis. Saturday 21:00: Ender Dragon community fight. "
                "Sunday 20:00: lottery draw.",
                "周五 20:30：从北极光镇出发的霜降之境远征。周六 21:00：全服屠龙。周日 20:00：彩票开奖。"),),
            (_t("The building contest winner gets 1,000 coins from the treasury and a plaque in Lumen Square.",
                "建筑比赛冠军可以从国库获得 1,000 币，并在流明广场立一块纪念牌。"),),
        ),
    ),
)

# FTB guide quests: checkmark quests whose description explains something. Quest ids are derived
# from the slug (see _quest_id), so they never change when the table is reordered.
_FTB_QUESTS = (
    dict(slug="welcome", chapter="getting_started", background="community",
         title=_t("Welcome to Aurora!", "欢迎来到 Aurora！"),
         text=(_t("This quest book is your map through the server. Each chapter unlocks the next, and every guide "
                  "quest like this one only needs you to read it and press the checkmark.",
                  "这本任务书就是你在服务器里的路线图。每一章都会解锁下一章，像这样的说明任务只需要读完并点击勾选框就能完成。"),
               _t("Press the checkmark now to receive 8 torches and a copy of the spawn map.",
                  "现在点击勾选框，即可领取 8 支火把和一份出生点地图。"),
               _t("Lost? Type /ask followed by your question, or /spawn to return to Lumen Square.",
                  "迷路了？输入 /ask 加上你的问题，或者用 /spawn 回到流明广场。"))),
    dict(slug="first_night", chapter="getting_started", background="combat",
         title=_t("Surviving the First Night", "熬过第一夜"),
         text=(_t("Your first night decides a lot. Before the sun sets, dig into a hillside, close the hole with "
                  "dirt and place a torch inside; mobs cannot spawn on blocks lit to level 1 or more.",
                  "第一夜很关键。太阳落山之前，在山坡上挖个洞钻进去，用泥土封住洞口并插上火把；光照达到 1 级以上的方块不会刷怪。"),
               _t("If you already have three wool, craft a bed: one player sleeping is enough to skip the night for "
                  "everyone.",
                  "如果已经有三块羊毛，就做一张床：只要有一名玩家睡觉，所有人都能跳过夜晚。"),
               _t("This quest rewards a stone sword and 4 cooked mutton.", "本任务奖励一把石剑和 4 块熟羊肉。"))),
    dict(slug="claim_basics", chapter="getting_started", background="building",
         title=_t("Protect Your Home", "保护你的家"),
         text=(_t("Before you build anything big, place a Claim Stone. The quest gives you the four aurorite shards "
                  "you need for the first one, so you do not have to dig under the Aurora Tundra yet.",
                  "在建造任何大型建筑之前，先放一块领地石。本任务会送你制作第一块领地石所需的 4 个极光石碎片，"
                  "所以你暂时不用跑到极光冻原地下去挖。"),
               _t("Stand in the centre of your base, place the stone and right-click it to see the border drawn in "
                  "blue particles. Friends can help you build after /trust <name> build.",
                  "站在基地中央放下领地石，右键它就能看到用蓝色粒子画出的边界。用 /trust <名字> build 之后，朋友就能帮你一起建造。"),
               _t("Remember the 150-block distance to other claims.", "别忘了与其他领地保持 150 格的距离。"))),
    dict(slug="market_tour", chapter="getting_started", background="economy",
         title=_t("A Walk Through the Market", "逛逛市场"),
         text=(_t("Visit the market district behind the post office. Reading this quest while standing inside the "
                  "district pays 50 coins into your bank account.",
                  "去邮局后面的市场区逛一逛。站在市场区内阅读这个任务，会有 50 币打进你的银行账户。"),
               _t("The green signs are player shops; the big oak board is the server's price list. Compare both "
                  "before you sell: players often pay more.",
                  "绿色招牌是玩家商店，大橡木板是服务器的价目表。卖东西前两边比较一下：玩家往往出价更高。"))),
    dict(slug="chill_press_intro", chapter="frost_age", background="technology",
         title=_t("Cold Smelting", "低温冶炼"),
         text=(_t("Frostsilver is stubborn: throw it into a furnace and all you get is a puddle. The Chill Press "
                  "smelts it cold, one ingot every 10 seconds.",
                  "霜银很难伺候：扔进熔炉只会得到一摊水。冷压机可以低温冶炼它，每 10 秒出一个锭。"),
               _t("Build the press next to your storage and keep a stack of packed ice in the side slot. Without "
                  "coolant the press stops at 50 percent progress and waits.",
                  "把冷压机建在仓库旁边，侧面格子里放一组浮冰。没有冷却剂时，冷压机会停在 50% 的进度上等待。"),
               _t("Checking this quest unlocks the Cryo Condenser quests.", "勾选本任务后会解锁低温冷凝器相关任务。"))),
    dict(slug="battery_safety", chapter="frost_age", background="technology",
         title=_t("Keeping Batteries Cold", "让电池保持低温"),
         text=(_t("A Frost Battery stores two million FE but hates heat. In the Nether or in a hot biome it leaks "
                  "one percent of its charge every minute.",
                  "霜能电池能储存两百万 FE，但很怕热。在下界或炎热的群系里，它每分钟会泄漏 1% 的电量。"),
               _t("Guide tip from the Frostworks team: surround a battery in a warm base with six blocks of packed "
                  "ice and the leak stops completely.",
                  "霜铸工业团队的小技巧：在温暖地区的基地里，用六块浮冰包住电池，泄漏就会完全停止。"),
               _t("Reward: one Frost Battery cell.", "奖励：一个霜能电池芯。"))),
    dict(slug="drill_permit", chapter="frost_age", background="technology",
         title=_t("The Drill Permit", "钻机许可"),
         text=(_t("The Glacier Drill is powerful enough to ruin a landscape, so it only runs inside your own claim "
                  "or in the mining world. This quest is your drill permit.",
                  "冰川钻机的威力足以毁掉一片地貌，所以它只能在你自己的领地或资源世界里运行。这个任务就是你的钻机许可。"),
               _t("Completing it registers your name with the drill network; without the permit a drill refuses to "
                  "start even in the mining world and shows a grey snowflake.",
                  "完成后你的名字会登记到钻机网络中；没有许可的话，钻机即使在资源世界里也拒绝启动，并显示灰色雪花。"),
               _t("Bring blue ice: one block cools 64 blocks of drilling.", "记得带蓝冰：一块可以冷却 64 格的钻探。"))),
    dict(slug="bronze_age", chapter="ember_age", background="technology",
         title=_t("Bronze Before Fire", "先有青铜，再有火"),
         text=(_t("Every Emberforge machine starts with bronze gears. Mix three copper with one tin in the Magma "
                  "Crucible and cast the result in a gear mould.",
                  "每一台余烬熔炉机器都从青铜齿轮开始。在岩浆坩埚里把 3 份铜和 1 份锡混合，再倒进齿轮模具里浇铸。"),
               _t("Tin never spawns within 300 blocks of spawn. The quest gives you 16 raw tin to get you started.",
                  "出生点 300 格内不会生成锡矿。本任务送你 16 个粗锡作为起步。"))),
    dict(slug="depths_warning", chapter="ember_age", background="exploration",
         title=_t("Before You Enter the Depths", "进入深渊之前"),
         text=(_t("The Ember Depths punish carelessness. /back does not work there, and your dropped items burn "
                  "after 60 seconds.",
                  "余烬深渊会惩罚粗心大意。/back 在那里不起作用，掉落的物品 60 秒后就会烧毁。"),
               _t("Pack a Fire Ward potion rather than plain Fire Resistance: it lasts six minutes and also protects "
                  "against the burning trails of Ember Hounds.",
                  "带一瓶防火结界药水而不是普通抗火药水：它持续六分钟，还能防住余烬猎犬留下的燃烧痕迹。"),
               _t("This quest rewards two Fire Ward potions. Read it again before every trip.",
                  "本任务奖励两瓶防火结界药水。每次出发前都再读一遍吧。"))),
    dict(slug="heat_management", chapter="ember_age", background="technology",
         title=_t("Heat Is a Resource", "热量也是资源"),
         text=(_t("Heat Pipes lose 2 percent per block, so put your Kiln and Crucible close to the heat source. "
                  "After 32 blocks almost nothing arrives.",
                  "热管每格损失 2%，所以要把窑和坩埚放在热源附近。超过 32 格后几乎什么热量都传不过去。"),
               _t("A Crucible sitting on a magma block runs a quarter faster for free.", "坩埚放在岩浆块上，可以白白快四分之一。"))),
    dict(slug="seed_science", chapter="verdant_path", background="farming",
         title=_t("Reading Seeds", "读懂种子"),
         text=(_t("Every Verdant seed has three hidden traits: growth, yield and hardiness, scored 1 to 10. The Seed "
                  "Analyzer reveals them in 6 seconds without using the seed up.",
                  "每颗翠绿炼金种子都有三个隐藏性状：生长、产量和耐性，分值 1 到 10。种子分析仪 6 秒就能读出来，而且不会消耗种子。"),
               _t("Plant two analysed seeds next to an empty farmland block under a Growth Lamp: the cross-bred "
                  "seedling can gain one point in a trait.",
                  "在生长灯下，把两颗分析过的种子种在一格空耕地两边：杂交出的幼苗有可能让某项性状提升 1 分。"),
               _t("The quest rewards a Resonance Shard for your own analyser.", "本任务奖励一个共鸣碎片，用来做你自己的分析仪。"))),
    dict(slug="compost_loop", chapter="verdant_path", background="farming",
         title=_t("Closing the Loop", "循环利用"),
         text=(_t("A good farm wastes nothing. Feed surplus seeds, saplings and rotten flesh into a Compost Reactor; "
                  "every 32 items become one rich compost.",
                  "好的农场不会浪费任何东西。把多余的种子、树苗和腐肉投进堆肥反应器，每 32 个物品变成 1 份高级堆肥。"),
               _t("Rich compost matures a 3 by 3 area at once, which makes it nine times better than bone meal on a "
                  "tight field.",
                  "高级堆肥可以一次让 3×3 范围成熟，在密集的田里效果是骨粉的九倍。"))),
    dict(slug="slug_patrol", chapter="verdant_path", background="combat",
         title=_t("Slug Patrol", "蛞蝓巡逻"),
         text=(_t("Mire Slugs wander out of the Mirelands and eat one crop every 40 seconds. Salt from the Cryo "
                  "Condenser kills them instantly.",
                  "泥沼蛞蝓会从泥沼地里游荡出来，每 40 秒吃掉一格作物。低温冷凝器做出的盐可以瞬间杀死它们。"),
               _t("Lay a ring of copper blocks around your fields: slugs refuse to cross copper.",
                  "在田地周围铺一圈铜块：蛞蝓不愿意越过铜块。"),
               _t("Reward: 8 salt.", "奖励：8 份盐。"))),
    dict(slug="beacon_network", chapter="skyways", background="technology",
         title=_t("Your First Drone Route", "你的第一条无人机航线"),
         text=(_t("Cargo Drones only fly between Rail Beacons that are at most 128 blocks apart. Place the first "
                  "beacon at home, the second at your farm, and name both with a name tag.",
                  "货运无人机只在相距不超过 128 格的轨道信标之间飞行。第一个信标放在家里，第二个放在农场，并用命名牌给两个都起名。"),
               _t("Open the drone terminal, choose the destination and load up to 9 stacks. The drone comes home on "
                  "its own when its charge drops below 10 percent.",
                  "打开无人机终端，选择目的地，最多装 9 组物品。电量低于 10% 时无人机会自己飞回家。"))),
    dict(slug="skyrail_etiquette", chapter="skyways", background="community",
         title=_t("Skyrail Etiquette", "天轨礼仪"),
         text=(_t("The public line is free, but please leave the cars empty when you get off: items left in a car "
                  "are sent to the lost and found at spawn after one trip.",
                  "公共线路免费乘坐，但下车时请别在车厢里留东西：留在车厢里的物品跑完一趟后会被送到出生点的失物招领处。"),
               _t("Do not build within 3 blocks of the track; passing cars break blocks that stick into the line.",
                  "不要在轨道 3 格内建造；经过的车厢会撞碎伸进线路里的方块。"))),
    dict(slug="hunter_oath", chapter="monster_hunter", background="combat",
         title=_t("The Hunter's Oath", "猎人誓言"),
         text=(_t("Monster Hunter counts kills for the whole team, so bring friends. Every hostile mob on the "
                  "server has its own quest, and the four boss quests come last.",
                  "怪物猎人章节按整个队伍统计击杀数，所以叫上朋友吧。服务器上每种敌对生物都有自己的任务，四个 Boss 任务排在最后。"),
               _t("Hunters do not harm Sky Rays. Killing one resets your progress on this quest.",
                  "猎人不伤害天空鳐。杀死一只会重置你在本任务上的进度。"))),
    dict(slug="boss_prep", chapter="monster_hunter", background="combat",
         title=_t("Preparing for a Boss", "Boss 战准备"),
         text=(_t("Every modded boss has a weakness. Read its page with /ask before you go, and check that everyone "
                  "in the team carries at least two healing potions.",
                  "每个模组 Boss 都有弱点。出发前先用 /ask 查一下它的资料，并确认队伍里每个人至少带了两瓶治疗药水。"),
               _t("Boss arenas keep your items for 5 minutes after death, but only if your team is still fighting.",
                  "在 Boss 场地里死亡后，物品会保留 5 分钟，但前提是你的队伍还在战斗。"),
               _t("Reward: a Totem of Undying, once per team.", "奖励：一个不死图腾，每队限领一次。"))),
    dict(slug="map_making", chapter="cartographer", background="exploration",
         title=_t("Maps and Markers", "地图与标记"),
         text=(_t("Cartographers record the world. Lock a map in a cartography table to freeze its contents, and "
                  "rename banners before you click them onto a map to mark places.",
                  "制图师负责记录世界。在制图台上锁定地图可以冻结其内容；给旗帜改名后再点到地图上，就能标记地点。"),
               _t("The Cartographer chapter detects biomes automatically, but structures only count when you open "
                  "their loot chest.",
                  "制图师章节会自动检测群系，但结构只有在你打开其中的战利品箱时才算数。"))),
    dict(slug="biome_hunt", chapter="cartographer", background="exploration",
         title=_t("Rare Biomes", "稀有群系"),
         text=(_t("Three biomes give most people trouble: Crystal Hollows (underground, between Y=-50 and Y=-10 "
                  "beneath mountains), Mushroom Fields (far out at sea) and Coral Shallows (warm coasts only).",
                  "有三个群系最让人头疼：水晶空洞（在山地下方的地下 Y=-50 到 Y=-10 之间）、蘑菇岛（远海）和珊瑚浅滩（只在温暖的海岸）。"),
               _t("Tip: /rtp lands you 2,000 to 8,000 blocks out, a cheap way to see new biomes.",
                  "提示：/rtp 会把你传到 2,000 到 8,000 格外，是看新群系的便宜方法。"))),
    dict(slug="elytra_reward", chapter="cartographer", background="exploration",
         title=_t("Wings for the Wayfinder", "寻路者之翼"),
         text=(_t("Finish every biome and structure quest in this chapter and the final quest hands you a pair of "
                  "Elytra and the title Wayfinder.",
                  "完成本章所有群系和结构任务后，最终任务会送你一对鞘翅和“寻路者”称号。"),
               _t("Elytra from this quest are bound to you and cannot be sold at the auction house.",
                  "本任务获得的鞘翅与你绑定，无法在拍卖行出售。"))),
    dict(slug="team_charter", chapter="team_quests", background="community",
         title=_t("Founding a Team", "成立队伍"),
         text=(_t("Create a team with /ftbteams party create <name> and invite friends. Team quests share progress "
                  "and split coin rewards evenly.",
                  "用 /ftbteams party create <名字> 创建队伍并邀请朋友。团队任务共享进度，极光币奖励平均分配。"),
               _t("A team may have at most six members, and leaving a team keeps the quests you already finished.",
                  "一支队伍最多六名成员；离开队伍时，你已经完成的任务会保留。"))),
    dict(slug="town_builder", chapter="team_quests", background="building",
         title=_t("Build a Town", "建一座城镇"),
         text=(_t("A town needs at least five houses, a shared storage hall and a road connected to the Nether "
                  "highway. Register it with the spawn council when it is done.",
                  "一座城镇至少需要五栋房子、一个共享仓库和一条连接下界高速公路的道路。完工后请到出生点议会登记。"),
               _t("Registered towns get a free warp and a sign in Lumen Square.", "登记的城镇可以获得一个免费传送点，并在流明广场立一块指示牌。"))),
)

#: Background classes the assistant assigns to quests (``system:quest_backgrounds``).
QUEST_BACKGROUND_CLASSES: tuple[str, ...] = (
    "building", "combat", "community", "economy", "exploration", "farming", "technology",
)

# Players: alex builds machines and writes notes in English, mei farms and brews and writes in
# Chinese, sam explores and fights and mixes both. Every private text names its owner's own places,
# so isolation tests can check that nothing leaks from one player to another.
_PLAYER_NOTES: dict[str, tuple[tuple[str, str], ...]] = {
    "alex": (
        ("home", "Copperhold workshop at X=2210, Y=71, Z=-870. Front door code: lever 3 then lever 1."),
        ("drill", "Glacier Drill #2 parked in the mining world at X=-4480, Z=5120. Coolant chest under the left "
                  "treads."),
        ("todo", "Finish the third Sorting Hub filter (#c:gems). Ask the council about a Skyrail spur to Copperhold."),
        ("debt", "Owe Jun 320 coins for the voidglass. Pay before Friday."),
    ),
    "mei": (
        ("home", "青柳农庄：X=-1535，Z=2480，温室在主屋北面。"),
        ("seeds", "日光麦 9/8/10 那批种子放在温室第二个箱子，别拿去卖。"),
        ("bees", "蜂场一共 14 个蜂箱，周三收蜜，营火别拆。"),
        ("orders", "周六给北极光镇咖啡馆送 3 组曲奇，每组 64 币。"),
    ),
    "sam": (
        ("stash", "Emergency stash: Sunken Observatory #3, X=6120, Z=7340, inside the broken telescope. 2 totems, 1 "
                  "elytra."),
        ("boss", "空洞之王第 4 次尝试：第二阶段水晶伤害太高，下次带 12 瓶治疗药水。"),
        ("route", "Frostfall lantern trail starts at the arrival platform, heading 30 degrees left of the big spire."),
        ("bet", "和 Rook 打赌：谁先打到 Tide Serpent 谁赢 500 币。"),
    ),
}

_PLAYER_KNOWLEDGE: dict[str, tuple[dict[str, object], ...]] = {
    "alex": (
        dict(slug="copperhold_layout", title=_t("Copperhold workshop layout", "铜堡工坊布局"),
             paragraphs=(_t("Copperhold is my workshop at X=2210, Y=71, Z=-870, a copper-roofed hall inside a 64 by "
                            "64 claim.",
                            "铜堡是我的工坊，位于 X=2210、Y=71、Z=-870，是一座铜屋顶的大厅，建在一块 64×64 的领地里。"),
                         _t("Ground floor: two Magma Crucibles on magma blocks and the Ember Kiln. Basement: four "
                            "Frost "
                            "Batteries wrapped in packed ice so they do not leak.",
                            "一楼：两台放在岩浆块上的岩浆坩埚和一台余烬窑。地下室：四台霜能电池，外面包着浮冰防止漏电。"),
                         _t("The upstairs gallery is storage: 36 double chests sorted by the Sorting Hub.",
                            "楼上的回廊是仓库：36 个大箱子，由分拣中心自动分类。"))),
        dict(slug="drone_routes", title=_t("My drone routes", "我的无人机航线"),
             paragraphs=(_t("Route Copper-1 runs from Copperhold to the quarry beacon Q-North, 118 blocks, carrying "
                            "stone and tin.",
                            "航线 Copper-1 从铜堡飞到采石场信标 Q-North，距离 118 格，运送石头和锡。"),
                         _t("Route Copper-2 has three beacons (Copperhold, Millpond, Jun's Yard) and brings wheat "
                            "from Jun "
                            "every evening.",
                            "航线 Copper-2 有三个信标（铜堡、磨坊池、阿俊的院子），每天傍晚从阿俊那里运小麦回来。"),
                         _t("Keep the drones above 30 percent charge; the Millpond beacon has no charger.",
                            "无人机电量要保持在 30% 以上；磨坊池信标那里没有充电器。"))),
        dict(slug="drill_log", title=_t("Glacier Drill log", "冰川钻机日志"),
             paragraphs=(_t("Drill #1 stays at home inside the claim; Drill #2 works in the mining world at X=-4480, "
                            "Z=5120.",
                            "1 号钻机留在家里的领地内；2 号钻机在资源世界 X=-4480、Z=5120 作业。"),
                         _t("Last run of Drill #2: 41 diamonds, 6 stacks of iron and 9 lapis blocks before the reset.",
                            "2 号钻机上一轮的产出：重置前挖到 41 颗钻石、6 组铁和 9 个青金石块。"),
                         _t("Move Drill #2 out before the first Sunday or it is deleted with the world.",
                            "每月第一个星期日之前要把 2 号钻机搬出来，否则会跟着世界一起被删除。"))),
        dict(slug="shop_prices", title=_t("Stall 17 price list", "17 号摊位价目表"),
             paragraphs=(_t("I rent stall 17 in the market district, next to the Skyrail station.",
                            "我在市场区租了 17 号摊位，就在天轨车站旁边。"),
                         _t("Prices: bronze gear 14 coins, Heat Pipe (8) 30 coins, Chill Press 420 coins, Rail "
                            "Beacon 95 coins.",
                            "价格：青铜齿轮 14 币，热管（8 节）30 币，冷压机 420 币，轨道信标 95 币。"),
                         _t("Restock every Monday after the price board changes.", "每周一价目表更新后补货。"))),
        dict(slug="trusted_players", title=_t("Who I trust at Copperhold", "铜堡信任名单"),
             paragraphs=(_t("Jun has build trust at Copperhold; Priya has container trust for the storage gallery.",
                            "阿俊在铜堡有 build 权限；普丽雅对仓库回廊有 container 权限。"),
                         _t("Nobody else is trusted. Remove Priya after the bridge project is done.",
                            "其他人都没有权限。桥梁项目完成后要把普丽雅的权限撤掉。"))),
        dict(slug="vault_door", title=_t("Vault door sequence", "金库门开启顺序"),
             paragraphs=(_t("The basement vault door opens with lever 3, then lever 1, then the hidden button behind "
                            "the map.",
                            "地下室金库门的开启顺序：先拉 3 号拉杆，再拉 1 号拉杆，最后按地图后面的隐藏按钮。"),
                         _t("If the sequence is wrong, the piston door locks for 30 seconds.", "顺序错了的话，活塞门会锁死 30 秒。"))),
    ),
    "mei": (
        dict(slug="greenhouse", title=_t("Green Willow greenhouse", "青柳农庄温室"),
             paragraphs=(_t("Green Willow Farm is at X=-1535, Z=2480; the greenhouse is north of the main house.",
                            "青柳农庄位于 X=-1535、Z=2480，温室在主屋北面。"),
                         _t("Inside there are six Growth Lamps over glowroot and bogbean beds, plus a snow room for "
                            "frostberries.",
                            "温室里有六盏生长灯，照着辉根和睡菜的苗床，另外还有一间种霜莓的雪屋。"),
                         _t("Sunwheat must stay outside: it does not grow under the lamps.", "日光麦必须种在外面：它在生长灯下不长。"))),
        dict(slug="seed_lines", title=_t("My seed lines", "我的种子品系"),
             paragraphs=(_t("Best sunwheat line: 9/8/10 (growth, yield, hardiness), kept in the second greenhouse "
                            "chest.",
                            "最好的日光麦品系是 9/8/10（生长、产量、耐性），放在温室的第二个箱子里。"),
                         _t("Glowroot line G-4 reached 7/9/6; cross it with the wild glowroot from the Crystal "
                            "Hollows next.",
                            "辉根品系 G-4 达到了 7/9/6；下一步要和水晶空洞里的野生辉根杂交。"),
                         _t("Never sell seeds above trait 8.", "性状超过 8 分的种子一律不卖。"))),
        dict(slug="potion_stock", title=_t("Potion cellar stock", "药水地窖库存"),
             paragraphs=(_t("The potion cellar under the farmhouse holds 24 Regrowth splash potions and 12 Whisper "
                            "potions.",
                            "农舍下面的药水地窖里存着 24 瓶再生长喷溅药水和 12 瓶低语药水。"),
                         _t("Silent sap comes from the three whisperwood trees behind the pond, tapped with Sap "
                            "Extractors.",
                            "静谧树液来自池塘后面的三棵低语木，用树液提取器采集。"),
                         _t("Brew more Regrowth before the Saturday harvest.", "周六收获之前要再酿一批再生长药水。"))),
        dict(slug="bee_yard", title=_t("Bee yard", "蜂场"),
             paragraphs=(_t("The bee yard east of the farm has 14 hives, each with a campfire underneath.",
                            "农庄东边的蜂场有 14 个蜂箱，每个下面都有营火。"),
                         _t("Honey is collected on Wednesdays; the honeycomb goes to waxing the copper roof of the "
                            "barn.",
                            "每周三收蜂蜜；蜜脾用来给谷仓的铜屋顶涂蜡。"))),
        dict(slug="cafe_orders", title=_t("Orders for the Borealis café", "北极光镇咖啡馆订单"),
             paragraphs=(_t("Standing order: three stacks of cookies every Saturday, 64 coins per stack.",
                            "长期订单：每周六送 3 组曲奇，每组 64 币。"),
                         _t("Cocoa comes from my jungle wall: 40 cocoa pods on the west side of the farm.",
                            "可可来自我的丛林墙：农庄西侧有 40 个可可果。"),
                         _t("Deliver by Skyrail; the café owner pays on delivery.", "用天轨送货；咖啡馆老板货到付款。"))),
        dict(slug="slug_defence", title=_t("Slug defence", "防蛞蝓措施"),
             paragraphs=(_t("A ring of copper blocks surrounds all fields since the slug attack in May that ate half "
                            "the sunwheat.",
                            "五月那次蛞蝓来袭吃掉了一半的日光麦，从那以后所有田地外都围了一圈铜块。"),
                         _t("Salt is stored in the shed by the gate, 2 stacks, refilled from my Cryo Condenser.",
                            "盐放在大门边的小棚里，共 2 组，由我的低温冷凝器补充。"))),
    ),
    "sam": (
        dict(slug="stashes", title=_t("Emergency stashes", "应急物资点"),
             paragraphs=(_t("Stash A is in Sunken Observatory #3 at X=6120, Z=7340, inside the broken telescope: two "
                            "totems and spare Elytra.",
                            "A 号物资点在 3 号沉没天文台，X=6120、Z=7340，藏在损坏的望远镜里：两个不死图腾和一对备用鞘翅。"),
                         _t("Stash B is a hole under the third basalt pillar on the Forge Heart bridge in the Ember "
                            "Depths: "
                            "Fire Ward potions and a netherite pickaxe.",
                            "B 号物资点在余烬深渊熔炉之心桥上第三根玄武岩柱下面的洞里：防火结界药水和一把下界合金镐。"),
                         _t("Check both after every boss fight.", "每次打完 Boss 都去检查一下两个点。"))),
        dict(slug="hollow_king_attempts", title=_t("Hollow King attempts", "空洞之王挑战记录"),
             paragraphs=(_t("Attempt 4 failed in phase two: the crystal shatter hit for 8 and we had too few healing "
                            "potions.",
                            "第 4 次尝试在第二阶段失败：水晶碎裂每次打 8 点，我们的治疗药水不够。"),
                         _t("Next time: 12 healing potions each, 3 stacks of torches for the arena edge, and Rook "
                            "carries Glowing arrows.",
                            "下次每人带 12 瓶治疗药水，带 3 组火把插满场地边缘，由 Rook 负责光灵箭。"),
                         _t("Team: Sam, Rook, Ines and Bao.", "队伍：Sam、Rook、Ines 和 Bao。"))),
        dict(slug="frostfall_trail", title=_t("Frostfall lantern trail", "霜降之境灯笼路线"),
             paragraphs=(_t("My lantern trail starts at the arrival platform and heads 30 degrees left of the big "
                            "ice spire.",
                            "我的灯笼路线从抵达平台出发，朝大冰塔左侧 30 度方向延伸。"),
                         _t("Lanterns every 50 blocks; a red lantern marks the frozen chest at 1,450 blocks.",
                            "每 50 格一盏灯笼；在 1,450 格处用红灯笼标记了一个冰冻宝箱。"),
                         _t("The trail ends 400 blocks short of the citadel.", "路线在距离要塞 400 格的地方结束。"))),
        dict(slug="gear", title=_t("My combat gear", "我的战斗装备"),
             paragraphs=(_t("Main sword: netherite, Sharpness V, Looting III, Mending, named Ninefold.",
                            "主武器：下界合金剑，锋利 V、抢夺 III、经验修补，名叫“九重”。"),
                         _t("Backup: Glacial Edge III sword for Ember bosses, and a Smite V axe for Ash Revenants.",
                            "备用：对付余烬系 Boss 的冰锋 III 剑，以及专打灰烬亡魂的亡灵杀手 V 斧。"))),
        dict(slug="map_markers", title=_t("Map markers", "地图标记"),
             paragraphs=(_t("Map wall in my tent at the Cartographer camp: 14 locked maps, banners named by structure.",
                            "制图师营地帐篷里的地图墙：14 张锁定地图，旗帜按结构命名。"),
                         _t("Unfound so far: Sky Harbor and one Whisper Grove. Mire Hut found at X=-2890, Z=4410.",
                            "还没找到：天空港和一处低语林地。泥沼小屋已找到，位于 X=-2890、Z=4410。"))),
        dict(slug="death_log", title=_t("Death log", "死亡记录"),
             paragraphs=(_t("Died 3 times in the Ember Depths, all to lava bridges collapsing during the Colossus "
                            "fight.",
                            "在余烬深渊死过 3 次，都是打巨像时岩浆桥塌了。"),
                         _t("Died once to the Warden in the ancient city at X=-300, Z=-1900; forgot the Whisper "
                            "potion.",
                            "在 X=-300、Z=-1900 的远古城市被监守者杀过一次；忘了带低语药水。"))),
    ),
}

# Labelled questions: (query_id, scope, answering ids, English, Chinese). Shared ids are
# knowledge ids, private ids are "<player>/<slug>", FTB ids are quest slugs (resolved below).
_QUESTIONS = (
    ("q001", "shared", ("guide/ores/diamond",), "best y level for diamonds", "钻石在哪一层挖最多"),
    ("q002", "shared", ("guide/ores/frostsilver", "guide/machines/chill_press"),
     "My frostsilver turned into water in the furnace, how do I smelt it?", "霜银放进熔炉变成水了，到底该怎么炼？"),
    ("q003", "shared", ("guide/ores/aurorite", "guide/machines/coin_minter"),
     "how many coins do I get per aurorite shard", "一个极光石碎片能铸多少币"),
    ("q004", "shared", ("guide/mobs/frost_wraith",), "frost wraith weakness", "霜魂怕什么"),
    ("q005", "shared", ("guide/mobs/ember_hound",),
     "Which ember hound should I kill first when a pack attacks?", "被一群余烬猎犬围攻时应该先打哪只？"),
    ("q006", "shared", ("guide/mobs/gloom_stalker",),
     "something invisible keeps hitting me from behind in dark caves", "黑漆漆的洞里总有看不见的东西从背后打我"),
    ("q007", "shared", ("guide/mobs/mire_slug",), "slugs are eating my crops", "有蛞蝓在啃我的庄稼怎么办"),
    ("q008", "shared", ("guide/mobs/sky_ray",), "can I ride a sky ray between islands", "天空鳐能不能骑着在岛之间飞"),
    ("q009", "shared", ("guide/mobs/rust_golem",), "rust golem rain weakness", "锈蚀傀儡 下雨 护甲"),
    ("q010", "shared", ("guide/mobs/sky_ray", "guide/dimensions/skyreach"),
     "Why is the skyreach warp closed today?", "为什么今天天穹群岛的传送点关了？"),
    ("q011", "shared", ("guide/server/borealis", "guide/biomes/aurora_tundra"),
     "coordinates of borealis town", "北极光镇的坐标是多少"),
    ("q012", "shared", ("guide/machines/glacier_drill",),
     "my glacier drill refuses to start and shows a red snowflake", "冰川钻机不启动，上面显示红色雪花"),
    ("q013", "shared", ("guide/machines/bellows_generator",),
     "How much FE does one blaze rod give in the bellows generator?", "风箱发电机烧一根烈焰棒能发多少 FE？"),
    ("q014", "shared", ("guide/machines/magma_crucible", "guide/ores/tin"), "bronze alloy ratio copper tin",
     "青铜 铜和锡的比例"),
    ("q015", "shared", ("guide/machines/cargo_drone", "guide/commands/trust"),
     "my cargo drone can't fly into my friend's claim", "我的货运无人机飞不进朋友的领地"),
    ("q016", "shared", ("guide/machines/claim_stone", "guide/rules/claims"),
     "How large an area does one claim stone protect, and how many can I place?", "一块领地石能保护多大范围？最多能放几块？"),
    ("q017", "shared", ("guide/commands/home",), "how many homes can I have", "最多可以设几个家"),
    ("q018", "shared", ("guide/rules/lag",), "are fast redstone clocks allowed", "服务器允许用高频红石时钟吗"),
    ("q019", "shared", ("guide/rules/afk",), "how long can I stay afk", "可以挂机多长时间"),
    ("q020", "shared", ("guide/farming/frostberry",), "what is frostberry jam good for", "霜莓果酱有什么用"),
    ("q021", "shared", ("guide/farming/glowroot",), "glowroot needs light?", "辉根要种在什么地方"),
    ("q022", "shared", ("guide/enchanting/fortune", "guide/ores/ancient_debris"),
     "Does Fortune increase ancient debris drops?", "时运能让远古残骸多掉吗？"),
    ("q023", "shared", ("guide/enchanting/glacial_edge", "guide/bosses/ember_colossus"),
     "best enchantment to fight the ember colossus", "打余烬巨像用什么附魔最好"),
    ("q024", "shared", ("guide/enchanting/soulbound",), "enchantment to keep an item when I die", "什么附魔能让物品死亡后不掉"),
    ("q025", "shared", ("guide/dimensions/mining_world",), "when does the mining world reset", "资源世界什么时候重置"),
    ("q026", "shared", ("guide/dimensions/ember_depths",), "how do I open a portal to the ember depths",
     "余烬深渊的传送门怎么点亮"),
    ("q027", "shared", ("guide/bosses/frost_monarch",), "frost monarch summon", "霜之君主 召唤"),
    ("q028", "shared", ("guide/economy/lottery",),
     "How much is a lottery ticket and what does the jackpot pay?", "彩票一张多少钱？头奖有什么？"),
    ("q029", "shared", ("guide/economy/auction_house",), "auction house fee", "拍卖行手续费"),
    ("q030", "shared", ("guide/brewing/whisper", "guide/mobs/warden"),
     "Is there a potion that stops the warden from hearing me?", "有没有什么药水能让监守者察觉不到我？"),
    ("q031", "shared", ("guide/server/history",), "what caused the great lag crisis", "当年的卡顿危机是怎么回事"),
    ("q032", "shared", ("guide/server/events", "guide/dimensions/the_end", "guide/bosses/ender_dragon"),
     "what time is the weekly ender dragon fight", "每周屠龙活动几点开始"),
    ("q033", "shared", ("guide/biomes/coral_shallows",), "how do I collect pearls from oysters", "珍珠牡蛎里的珍珠怎么取"),
    ("q034", "shared", ("guide/villagers/librarian", "guide/enchanting/mending"),
     "which villager sells mending books", "哪个村民卖经验修补附魔书"),
    ("q035", "shared", ("guide/help/drone_stuck",), "my drone stopped halfway and won't move", "无人机飞到一半停住不动了"),
    ("q036", "shared", ("guide/gear/totem",), "Does a totem of undying save me if I fall into the void?",
     "掉进虚空的话不死图腾有用吗？"),
    ("q037", "shared", ("guide/gear/frostsilver_armor",), "armour that makes me immune to chilled", "什么盔甲能免疫寒冷效果"),
    ("q038", "shared", ("guide/help/items_disappeared",), "where did my stuff go after I died", "死了以后掉的东西去哪了"),
    ("q101", "player:alex", ("alex/vault_door",), "how do I open my vault door again?", "我家金库门怎么开来着？"),
    ("q102", "player:alex", ("alex/drill_log",), "where is drill #2", "2 号钻机在哪"),
    ("q103", "player:alex", ("alex/shop_prices",), "What am I charging for a Chill Press at my stall?",
     "我摊位上的冷压机卖多少钱？"),
    ("q104", "player:mei", ("mei/seed_lines",), "where did I keep my best sunwheat seeds", "最好的那批日光麦种子放哪了"),
    ("q105", "player:mei", ("mei/cafe_orders",), "how many stacks of cookies does the café want", "咖啡馆每周要几组曲奇"),
    ("q106", "player:mei", ("mei/potion_stock",), "regrowth potions left in the cellar", "地窖里还剩多少再生长药水"),
    ("q107", "player:sam", ("sam/stashes",), "Where did I hide my spare elytra?", "备用鞘翅藏在哪儿了？"),
    ("q108", "player:sam", ("sam/hollow_king_attempts",),
     "why did we fail the last hollow king attempt", "上次打空洞之王为什么失败了"),
    ("q201", "ftb", ("welcome",), "What does the welcome quest give me?", "欢迎任务给什么奖励？"),
    ("q202", "ftb", ("chill_press_intro",), "chill press stuck at 50 percent", "冷压机卡在 50% 不动了"),
    ("q203", "ftb", ("drill_permit",), "drill shows a grey snowflake in the mining world", "钻机在资源世界里显示灰色雪花"),
    ("q204", "ftb", ("battery_safety",),
     "How do I stop a frost battery from leaking in a warm base?", "温暖地区的霜能电池漏电怎么解决？"),
    ("q205", "ftb", ("seed_science",), "can crossbreeding seeds raise their traits", "种子杂交能提高性状吗"),
    ("q206", "ftb", ("skyrail_etiquette",), "I left items in a skyrail car, where did they go?", "东西落在天轨车厢里了，会去哪？"),
    ("q207", "ftb", ("team_charter",), "max players in a team", "一支队伍最多几个人"),
)



# ---------------------------------------------------------------------------------------------
# Templates: one small function per kind of page. ``f`` fills an en/zh template pair with the
# row's values in the requested language.
# ---------------------------------------------------------------------------------------------

_FIELD = re.compile(r"{(\w+)}")
_CJK_THEN_LATIN = re.compile(r"(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9%])(?=[\u4e00-\u9fff])")


def _space(text: str, language: str) -> str:
    """Put a space between Chinese characters and Latin letters or digits, as Chinese game guides do."""
    return _CJK_THEN_LATIN.sub(" ", text) if language == "zh_cn" else text


def _value(value: object, language: str) -> str:
    if isinstance(value, _Text):
        return value.pick(language)
    if isinstance(value, tuple):
        parts = [_value(item, language) for item in value]
        return ("" if language == "zh_cn" else " ").join(parts)
    return str(value)


def _filler(row: dict[str, object], language: str) -> Callable[[_Text], str]:
    """Return ``f(template)``: the template pair in ``language`` with ``{field}`` replaced from ``row``."""

    def fill(template: _Text) -> str:
        text = _FIELD.sub(lambda match: _value(row[match.group(1)], language), template.pick(language))
        return _space(text, language)

    return fill


def _document(kind: str, row: dict[str, object], language: str, title: _Text, paragraphs: list[_Text]) -> Document:
    f = _filler(row, language)
    return Document(
        id=f"guide/{kind}/{row['slug']}",
        title=f(title),
        text="\n\n".join(f(paragraph) for paragraph in paragraphs),
        tags=(kind,),
    )


def _ore(row: dict[str, object], language: str) -> Document:
    return _document("ores", row, language, _t("{name}: where to find and how to mine", "{name}：分布与开采"), [
        _t("## Where to find it\n{name} (`{item}`) generates {where}, anywhere from Y={ymin} up to Y={ymax}. "
           "It is most common around Y={peak}.",
           "## 分布\n{name}（`{item}`）{where}生成，高度范围为 Y={ymin} 到 Y={ymax}，在 Y={peak} 附近最为密集。"),
        _t("## Mining\nYou need at least {tool} to mine it, and each block drops {drop}.",
           "## 开采\n至少需要{tool}才能采集，每个矿石掉落{drop}。"),
        _t("## Uses\n{use}", "## 用途\n{use}"),
        _t("Tip: {tip}", "小贴士：{tip}"),
    ])


def _mob(row: dict[str, object], language: str) -> Document:
    first = (_t("The {name} (`{entity}`) is harmless and has {health} health. {spawn}",
                "{name}（`{entity}`）不会伤人，拥有 {health} 点生命值。{spawn}")
             if row["damage"] == 0 else
             _t("The {name} (`{entity}`) has {health} health and hits for up to {damage} damage. {spawn}",
                "{name}（`{entity}`）拥有 {health} 点生命值，单次攻击最多造成 {damage} 点伤害。{spawn}"))
    return _document("mobs", row, language, _t("Mob guide: {name}", "生物图鉴：{name}"), [
        first,
        _t("{behavior}", "{behavior}"),
        _t("How to handle it: {counter}", "应对方法：{counter}"),
        _t("Loot: {drops}.", "掉落物：{drops}。"),
    ])


def _biome(row: dict[str, object], language: str) -> Document:
    return _document("biomes", row, language, _t("Biome: {name}", "生物群系：{name}"), [
        _t("{name} (`{biome}`) is found {where}. Climate: {climate}.",
           "{name}（`{biome}`）{where}。气候：{climate}。"),
        _t("## Resources\nLook for {resources}.", "## 资源\n这里可以找到{resources}。"),
        _t("## Mobs\nExpect {mobs}.", "## 生物\n常见生物：{mobs}。"),
        _t("{detail}", "{detail}"),
    ])


def _machine(row: dict[str, object], language: str) -> Document:
    return _document("machines", row, language, _t("{name} ({mod})", "{name}（{mod}）"), [
        _t("The {name} (`{block}`) from {mod} {function}.", "{mod}的{name}（`{block}`）{function}。"),
        _t("## Crafting and energy\nRecipe: {recipe}. Energy: {power}.", "## 合成与能耗\n配方：{recipe}。能耗：{power}。"),
        _t("## Settings\n{setting}", "## 使用提示\n{setting}"),
    ])


def _crop(row: dict[str, object], language: str) -> Document:
    return _document("farming", row, language, _t("Farming: {name}", "种植养殖：{name}"), [
        _t("{name} (`{item}`) needs {needs}.", "{name}（`{item}`）需要{needs}。"),
        _t("Growth: {growth}. Harvest: {harvest}.", "生长：{growth}。收获：{harvest}。"),
        _t("Uses: {use}.", "用途：{use}。"),
    ])


def _enchantment(row: dict[str, object], language: str) -> Document:
    return _document("enchanting", row, language, _t("Enchantment: {name}", "附魔：{name}"), [
        _t("{name} (`{ench}`, maximum level {max_level}) can be applied to {applies}. Effect: {effect}.",
           "{name}（`{ench}`，最高 {max_level} 级）可以附在{applies}上。效果：{effect}。"),
        _t("Getting {name}: {obtain}. Conflicts with: {conflicts}.", "{name}的获取方式：{obtain}。冲突附魔：{conflicts}。"),
        _t("On Aurora: {tip}", "服务器说明：{tip}"),
    ])


def _rule(row: dict[str, object], language: str) -> Document:
    return _document("rules", row, language, _t("Server rule {number}: {name}", "服务器规则第 {number} 条：{name}"), [
        _t("{rule}", "{rule}"),
        _t("Why: {reason}", "原因：{reason}"),
        _t("Penalty: {penalty}.", "处罚：{penalty}。"),
        _t("Example: {example}", "例如：{example}"),
    ])


def _command(row: dict[str, object], language: str) -> Document:
    return _document("commands", row, language, _t("Command {syntax}", "指令 {syntax}"), [
        _t("`{syntax}` {purpose}.", "`{syntax}`：{purpose}。"),
        _t("Limits: {limit}.", "限制：{limit}。"),
        _t("Example: `{example}`. {note}", "示例：`{example}`。{note}"),
    ])


def _economy(row: dict[str, object], language: str) -> Document:
    return _document("economy", row, language, _t("Economy: {name}", "经济：{name}"), [
        _t("{summary}", "{summary}"),
        _t("## In numbers\n{numbers}", "## 数据\n{numbers}"),
        _t("Advice: {advice}", "建议：{advice}"),
    ])


def _quest_chapter(row: dict[str, object], language: str) -> Document:
    if row["quests"]:
        title = _t("Quest chapter: {name}", "任务章节：{name}")
        first = _t("{name} is a chapter of the quest book with {quests} quests. Unlocks: {unlock}.",
                   "任务书中的“{name}”章节共有 {quests} 个任务。解锁条件：{unlock}。")
    else:
        title = _t("Quests: {name}", "任务：{name}")
        first = _t("{name}: the rules below {unlock}.", "{name}：以下规则{unlock}。")
    return _document("quests", row, language, title, [
        first, _t("{content}", "{content}"), _t("Rewards: {reward}.", "奖励：{reward}。"), _t("Tip: {tip}", "提示：{tip}"),
    ])


def _dimension(row: dict[str, object], language: str) -> Document:
    return _document("dimensions", row, language, _t("Dimension: {name}", "维度：{name}"), [
        _t("## Getting there\n{name} (`{dim}`): {access}.", "## 如何前往\n{name}（`{dim}`）：{access}。"),
        _t("## About\n{lore} A sensible first visit: {route}", "## 概况\n{lore}第一次去的建议：{route}"),
        _t("## Dangers\nWatch out for {hazards}. Above all, {safety}.", "## 危险\n需要警惕{hazards}。最重要的是：{safety}。"),
    ])


def _boss(row: dict[str, object], language: str) -> Document:
    phases = dict(row, phase1=row["phases"][0], phase2=row["phases"][1], phase3=row["phases"][2])
    return _document("bosses", phases, language, _t("Boss: {name}", "Boss：{name}"), [
        _t("{name} (`{entity}`) has {health} health. Arena: {arena}. Summoning: {summon}.",
           "{name}（`{entity}`）拥有 {health} 点生命值。战斗地点：{arena}。召唤方式：{summon}。"),
        _t("## The fight\nPhase one: {phase1} Phase two: {phase2} Phase three: {phase3}",
           "## 战斗流程\n第一阶段：{phase1}第二阶段：{phase2}第三阶段：{phase3}"),
        _t("Bring {prep}.", "建议携带：{prep}。"),
        _t("Loot: {loot}.", "战利品：{loot}。"),
    ])


def _structure(row: dict[str, object], language: str) -> Document:
    return _document("structures", row, language, _t("Structure: {name}", "结构：{name}"), [
        _t("Where to find the {name}: {where}. Layout: {layout}.", "{name}的位置：{where}。结构布局：{layout}。"),
        _t("Loot: {loot}.", "战利品：{loot}。"),
        _t("Danger: {danger}.", "危险：{danger}。"),
    ])


def _potion(row: dict[str, object], language: str) -> Document:
    return _document("brewing", row, language, _t("Potion: {name}", "药水：{name}"), [
        _t("Brew {name} (`{potion}`) by adding {ingredient} to an Awkward Potion. Duration: {duration}.",
           "在粗制的药水中加入{ingredient}即可酿造{name}药水（`{potion}`）。持续时间：{duration}。"),
        _t("Effect: {effect}.", "效果：{effect}。"),
        _t("When to use it: {use}.", "适用场合：{use}。"),
    ])


def _villager(row: dict[str, object], language: str) -> Document:
    return _document("villagers", row, language, _t("Villager trades: {name}", "村民交易：{name}"), [
        _t("{name} villagers (profession `{profession}`) claim {workstation} as their job site.",
           "{name}村民（职业 `{profession}`）以{workstation}作为工作站点。"),
        _t("Typical trades: {trades}.", "常见交易：{trades}。"),
        _t("Best deal on Aurora: {best}.", "本服最划算的交易：{best}。"),
        _t("Tip: {tip}", "提示：{tip}"),
    ])


def _gear(row: dict[str, object], language: str) -> Document:
    return _document("gear", row, language, _t("Gear: {name}", "装备：{name}"), [
        _t("{name} (`{item}`) has {durability} durability. {stats}", "{name}（`{item}`）的耐久度为 {durability}。{stats}"),
        _t("## How to get it\n{craft}", "## 获取方式\n{craft}"),
        _t("## On Aurora\n{note}", "## 本服说明\n{note}"),
    ])


def _problem(row: dict[str, object], language: str) -> Document:
    return _document("help", row, language, _t("Help: {problem}", "常见问题：{problem}"), [
        _t("Why it happens: {cause}", "原因：{cause}"),
        _t("What to do: {fix}", "解决办法：{fix}"),
        _t("Good to know: {more}", "补充说明：{more}"),
    ])


def _server_page(row: dict[str, object], language: str) -> Document:
    paragraphs = {f"p{index}": sentences for index, sentences in enumerate(row["paragraphs"])}
    return _document("server", dict(row, **paragraphs), language, _t("{name}", "{name}"),
                     [_t(f"{{{key}}}", f"{{{key}}}") for key in paragraphs])


_KNOWLEDGE = (
    (_ORES, _ore), (_MOBS, _mob), (_BIOMES, _biome), (_MACHINES, _machine), (_CROPS, _crop),
    (_ENCHANTMENTS, _enchantment), (_RULES, _rule), (_COMMANDS, _command), (_ECONOMY, _economy),
    (_QUEST_CHAPTERS, _quest_chapter), (_DIMENSIONS, _dimension), (_BOSSES, _boss), (_STRUCTURES, _structure),
    (_POTIONS, _potion), (_VILLAGERS, _villager), (_GEAR, _gear), (_PROBLEMS, _problem),
    (_SERVER_PAGES, _server_page),
)


def _check_language(language: str, function: str) -> None:
    if language not in LANGUAGES:
        raise UnknownLanguageError(
            f"The 'language' parameter of {function} must be one of {', '.join(map(repr, LANGUAGES))}. "
            f"Got {language!r} instead."
        )


def knowledge_documents(language: Language) -> list[Document]:
    """Return the shared knowledge documents (``system:knowledge``) of the sample save.

    Parameters
    ----------
    language : {"en_us", "zh_cn"}
        The language of the texts. Both languages hold the same ids and facts.

    Returns
    -------
    list of Document
        207 game-guide pages sorted by id (``"guide/<topic>/<slug>"``, for example
        ``"guide/ores/iron"``), each with 3-6 paragraphs separated by blank lines and its topic as
        the only tag. Some paragraphs start with a ``## heading`` line; ``guide/server/history`` and
        ``guide/server/borealis`` hold one paragraph longer than 1,200 characters in both languages.

    Raises
    ------
    UnknownLanguageError
        If ``language`` is not one of :data:`LANGUAGES`.
    """
    _check_language(language, "knowledge_documents")
    documents = [build(row, language) for rows, build in _KNOWLEDGE for row in rows]
    return sorted(documents, key=lambda document: document.id)


# ---------------------------------------------------------------------------------------------
# Public generators
# ---------------------------------------------------------------------------------------------


def _check_player(player: str, function: str) -> None:
    if player not in PLAYERS:
        raise UnknownPlayerError(
            f"The 'player' parameter of {function} must be one of {', '.join(map(repr, PLAYERS))}. "
            f"Got {player!r} instead."
        )


def _quest_id(slug: str) -> str:
    """The FTB quest id of a guide quest: 16 upper-case hex digits derived from its slug."""
    return hashlib.sha256(f"aurora/ftb/{slug}".encode()).hexdigest()[:16].upper()


def _paragraphs_document(doc_id: str, row: dict[str, object], language: str, tags: tuple[str, ...]) -> Document:
    return Document(
        id=doc_id,
        title=_space(_value(row["title"], language), language),
        text="\n\n".join(_space(_value(paragraph, language), language) for paragraph in row["paragraphs"]),
        tags=tags,
    )


def player_notes(player: str) -> dict[str, str]:
    """Return one player's private notes (a ``key -> text`` string table), keys in sorted order.

    Alex writes in English, Mei in Chinese and Sam in both.

    Raises
    ------
    UnknownPlayerError
        If ``player`` is not one of :data:`PLAYERS`.
    """
    _check_player(player, "player_notes")
    return dict(sorted(_PLAYER_NOTES[player]))


def player_knowledge(player: str, language: Language) -> list[Document]:
    """Return one player's private knowledge documents, sorted by id.

    Returns
    -------
    list of Document
        Six documents with ids ``"private/<player>/<slug>"``, 2-3 paragraphs each, tagged
        ``("private", player)``. No text appears in more than one player's documents.

    Raises
    ------
    UnknownPlayerError, UnknownLanguageError
        If ``player`` or ``language`` is not known.
    """
    _check_player(player, "player_knowledge")
    _check_language(language, "player_knowledge")
    documents = [_paragraphs_document(f"private/{player}/{row['slug']}", dict(row), language, ("private", player))
                 for row in _PLAYER_KNOWLEDGE[player]]
    return sorted(documents, key=lambda document: document.id)


def ftb_guides(language: Language) -> list[Document]:
    """Return the FTB guide-quest texts (``system:ftb_guides``), sorted by id.

    Returns
    -------
    list of Document
        One document per guide quest: id ``"ftb:<16-hex quest id>"``, the quest title, the
        description lines as paragraphs, tags ``("ftb", <chapter>)``.

    Raises
    ------
    UnknownLanguageError
        If ``language`` is not one of :data:`LANGUAGES`.
    """
    _check_language(language, "ftb_guides")
    documents = [_paragraphs_document(f"ftb:{_quest_id(row['slug'])}", dict(row, paragraphs=row["text"]), language,
                                      ("ftb", str(row["chapter"])))
                 for row in _FTB_QUESTS]
    return sorted(documents, key=lambda document: document.id)


def quest_backgrounds() -> dict[str, str]:
    """Return the background class of every guide quest (``system:quest_backgrounds``).

    Returns
    -------
    dict of str to str
        ``quest id -> class``, keys sorted. A quest id is the 16-hex FTB id (the guide document's
        id without its ``"ftb:"`` prefix); classes come from :data:`QUEST_BACKGROUND_CLASSES`.
    """
    return dict(sorted((_quest_id(str(row["slug"])), str(row["background"])) for row in _FTB_QUESTS))


def _resolve(scope: str, doc_id: str) -> str:
    if scope == "ftb":
        return f"ftb:{_quest_id(doc_id)}"
    if scope.startswith("player:"):
        return f"private/{doc_id}"
    return doc_id


def labelled_questions(language: Language) -> list[LabelledQuestion]:
    """Return player questions labelled with the documents that answer them, sorted by query id.

    Returns
    -------
    list of LabelledQuestion
        53 questions: 38 answered by shared knowledge, 8 by one player's private knowledge
        (scope ``"player:<name>"``) and 7 by FTB guides (scope ``"ftb"``). The same ``query_id``
        is used for the English and Chinese phrasing of a question.

    Raises
    ------
    UnknownLanguageError
        If ``language`` is not one of :data:`LANGUAGES`.
    """
    _check_language(language, "labelled_questions")
    return [
        LabelledQuestion(
            query_id=query_id,
            language=language,
            question=zh if language == "zh_cn" else en,
            relevant_ids=tuple(_resolve(scope, doc_id) for doc_id in ids),
            scope=scope,
        )
        for query_id, scope, ids, en, zh in sorted(_QUESTIONS)
    ]
